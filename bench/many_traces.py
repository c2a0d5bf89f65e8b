"""Many stored traces: a generator with known faults, and the scale benchmark of `blame analyze`.

Usage:
    python bench/many_traces.py generate OUT.jsonl [--traces N] [--seed S]
    python bench/many_traces.py run [--traces N] [--workers 1,2] [--dask] [--steps 50]

`generate` writes realistic synthetic runs as JSON Lines, one native trace per line: six agents
(Planner, Researcher, Analyst, Coder, Reviewer, Writer) handing work on, five tools, 20-200
steps (or exactly `--steps`), 5-30 % of runs failing (the rate rises over the four weeks the
runs span, so there is a trend to find), and a fault mix whose culprits are known: a required
reference dropped by an agent, forbidden content leaked by an agent, a send tool that fails
while the caller claims success. The truth goes to OUT.truth.json (culprit counts per agent).
A checks file for `blame analyze` goes to OUT.checks.yaml.

`run` generates a corpus, then times `blame analyze FILE --summary` as whole processes with
`--workers 1` and `--workers 2` (and the Dask local cluster with `--dask`), printing traces
per second per core, peak memory and CPU seconds (from the operating system's accounting of
the finished child and its workers), the speed-up of two workers (wall, and the most the CPU
used allows on two idle cores), whether the aggregates are byte-identical, and whether
the summary's top agent is the generator's.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

AGENTS = ("Planner", "Researcher", "Analyst", "Coder", "Reviewer", "Writer")
"""The pipeline's agents, in hand-off order."""
TOOLS = {
    "Researcher": "search",
    "Analyst": "run_sql",
    "Coder": "run_tests",
    "Reviewer": "fetch_page",
    "Writer": "send_email",
}
"""The tool each agent calls."""
CULPRITS = {"Coder": 40, "Researcher": 25, "Reviewer": 15, "Analyst": 12, "Writer": 8}
"""Who a planted fault is given to, in percent: the summary must rank Coder first."""
REF = "REF-7731"
"""Every run must carry this reference to its final output."""
FORBIDDEN = "SSN 078-05-1120"
"""Content that must never reach the final output."""
DAY_S = 86_400
START = 1_767_225_600
"""2026-01-01T00:00:00Z."""
CHECKS = {
    "fail_below_reward": 1.0,
    "checks": [
        {"type": "contains", "value": REF},
        {"type": "not_contains", "value": FORBIDDEN},
        {"type": "no_unsupported_claim", "tool": "send_email"},
    ],
}


def _step(
    steps: list[dict[str, Any]],
    kind: str,
    name: str,
    agent: str,
    text_in: str,
    text_out: str,
    parents: list[str],
    error: str | None = None,
) -> str:
    sid = f"s{len(steps)}"
    steps.append(
        {
            "id": sid,
            "index": len(steps),
            "kind": kind,
            "name": name,
            "agent": agent,
            "input": text_in,
            "output": text_out,
            "parents": parents,
            "error": error,
            "latency_ms": 10.0 + len(steps) % 7,
            "cost_usd": 0.0001,
            "tokens": 40,
            "metadata": {},
        }
    )
    return sid


def make_trace(
    number: int, rng: random.Random, steps_wanted: int | None
) -> tuple[dict[str, Any], str | None]:
    """One run as a native trace dict, and the culprit agent when a fault was planted."""
    day = number % 28
    fail_rate = 0.05 + 0.25 * day / 27
    fault = None
    culprit = None
    if rng.random() < fail_rate:
        culprit = rng.choices(list(CULPRITS), weights=list(CULPRITS.values()))[0]
        fault = "claim" if culprit == "Writer" else rng.choice(("drop", "leak"))
    total = steps_wanted or rng.randint(20, 200)
    rounds = max(1, (total - 2) // 10)
    steps: list[dict[str, Any]] = []
    question = f"Ticket {number}: prepare the quarterly report ({REF})."
    last = _step(
        steps,
        "agent",
        "Planner",
        "Planner",
        question,
        f"plan for {REF}: research, analyse, code, review, write",
        [],
    )
    carried = REF
    for r in range(rounds):
        for agent in AGENTS[1:]:
            if len(steps) >= total - 1:
                break
            tool = TOOLS[agent]
            fails = fault == "claim" and agent == "Writer" and tool == "send_email"
            call = _step(
                steps,
                "tool",
                tool,
                agent,
                json.dumps({"q": f"round {r} {carried}"}),
                "" if fails else f"{tool} result {r}",
                [last],
                error="SMTP 550: mailbox unavailable" if fails else None,
            )
            out = f"{agent} round {r}: notes on {carried}"
            if agent == culprit and r == rounds - 1:
                if fault == "drop":
                    out = f"{agent} round {r}: notes (reference omitted)"
                    carried = ""
                elif fault == "leak":
                    out += f"; customer {FORBIDDEN}"
                    carried = f"{carried} (customer {FORBIDDEN})"
                elif fault == "claim":
                    out += "; the report was sent successfully"
            last = _step(steps, "agent", agent, agent, f"{carried} work", out, [last, call])
    final_text = steps[-1]["output"]
    trace = {
        "schema_version": 1,
        "test_name": f"run-{number:06d}",
        "input": question,
        "final_output": final_text,
        "metadata": {"started_at": START + day * DAY_S + number % DAY_S},
        "steps": steps,
    }
    return trace, culprit


def generate(out: Path, traces: int, seed: int, steps: int | None) -> Counter[str]:
    """Write the corpus, its truth and its checks file; return the culprit counts."""
    rng = random.Random(seed)
    truth: Counter[str] = Counter()
    with out.open("w", encoding="utf-8") as handle:
        for number in range(traces):
            trace, culprit = make_trace(number, rng, steps)
            if culprit:
                truth[culprit] += 1
            handle.write(json.dumps(trace, separators=(",", ":")) + "\n")
    out.with_suffix(".truth.json").write_text(json.dumps(dict(truth), indent=2, sort_keys=True))
    out.with_suffix(".checks.yaml").write_text(json.dumps(CHECKS, indent=2))
    return truth


def _cpu() -> float:
    """CPU seconds of every child process waited for so far (their workers included)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _timed(argv: list[str]) -> tuple[float, float, float, subprocess.CompletedProcess[str]]:
    """Wall seconds, CPU seconds (the command and its workers) and peak MiB of one run."""
    cpu = _cpu()
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    # the largest process waited for so far (this run's, unless an earlier one was larger)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return wall, _cpu() - cpu, peak, done


def run(traces: int, workers: list[int], dask: bool, steps: int) -> int:
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "runs.jsonl"
        started = time.perf_counter()
        truth = generate(corpus, traces, 7, steps)
        print(
            f"{traces} traces of {steps} steps generated in {time.perf_counter() - started:.1f} s "
            f"({corpus.stat().st_size / 1e6:.0f} MB); culprits planted: {dict(truth.most_common())}"
        )
        expected_top = truth.most_common(1)[0][0]
        engines = [(f"--workers {n}", ["--workers", str(n)]) for n in workers]
        if dask:
            engines.append(
                ("--engine dask (local cluster, 2 workers)", ["--engine", "dask", "--workers", "2"])
            )
        walls: dict[str, float] = {}
        cpus: dict[str, float] = {}
        digests: dict[str, str] = {}
        for label, extra in engines:
            out = Path(folder) / label.split()[1]
            argv = [
                sys.executable,
                "-m",
                "blame",
                "analyze",
                str(corpus),
                "--checks",
                str(corpus.with_suffix(".checks.yaml")),
                "--summary",
                "--output-dir",
                str(out),
                *extra,
            ]
            wall, cpu, peak_mb, done = _timed(argv)
            if done.returncode not in (0, 1):
                print(f"{label}: exit {done.returncode}: {done.stderr.strip()[:500]}")
                return 2
            summary = json.loads((out / "summary.json").read_text())
            top = summary["culprits"][0]["name"] if summary["culprits"] else None
            digests[label] = (out / "summary.json").read_text()
            cores = int(extra[extra.index("--workers") + 1]) if "--workers" in extra else 1
            walls[label] = wall
            cpus[label] = cpu
            print(
                f"{label:40} {wall:7.2f} s  cpu {cpu:7.2f} s  {traces / wall:8.0f} traces/s  "
                f"{traces / wall / cores:7.0f} per core  peak {peak_mb:6.0f} MiB  "
                f"top agent {top} ({'right' if top == expected_top else 'WRONG'})"
            )
        if "--workers 1" in walls and "--workers 2" in walls:
            one, two = "--workers 1", "--workers 2"
            print(f"speed-up of 2 workers: {walls[one] / walls[two]:.2f}x (wall)")
            # On a machine other processes load, wall time counts their turns too; the CPU
            # the two runs used says what two otherwise idle cores would give at best.
            print(
                f"CPU of 2 workers / 1 worker: {cpus[two] / cpus[one]:.2f}; the speed-up it "
                f"allows on 2 idle cores: {2 * cpus[one] / cpus[two]:.2f}x"
            )
        print("aggregates identical across engines:", len(set(digests.values())) == 1)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="write a corpus as JSON Lines")
    gen.add_argument("out", type=Path)
    gen.add_argument("--traces", type=int, default=10_000)
    gen.add_argument("--seed", type=int, default=7)
    gen.add_argument("--steps", type=int, default=None, help="exactly this many steps each")
    bench = sub.add_parser("run", help="time blame analyze on a generated corpus")
    bench.add_argument("--traces", type=int, default=20_000)
    bench.add_argument("--steps", type=int, default=50)
    bench.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    bench.add_argument("--dask", action="store_true", help="also the Dask local cluster")
    args = parser.parse_args(argv)
    if args.command == "generate":
        truth = generate(args.out, args.traces, args.seed, args.steps)
        print(f"wrote {args.traces} traces to {args.out}; culprits: {dict(truth.most_common())}")
        return 0
    return run(args.traces, [int(n) for n in args.workers.split(",")], args.dask, args.steps)


if __name__ == "__main__":
    raise SystemExit(main())
