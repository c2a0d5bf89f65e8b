"""Repeated runs: 200 tests x 5 runs of a seeded scripted pipeline that fails at random.

Prints (1) the wall time of `blame test --json --workers 1` and `--workers 2` as subprocesses,
their ratio, and whether the two results JSON are the same bytes; (2) the share of evaluation
time the run statistics add: for every run, what summarising it costs (tool path, events) and,
per test, combining the runs (Wilson interval, verdict, culprit shares, Ochiai), against
evaluating the checks of every run. Target: under 5 %.

    python bench/runs.py [--tests 200] [--runs 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PIPELINE = """
import random

from blame import TraceRecorder, run_index


def run(task):
    n = int(task.split()[-1])
    rng = random.Random(f"{n}:{run_index()}")
    rec = TraceRecorder(test_name="run", input=task)
    ask = rec.step("Researcher", input=task, output=f"fetch_rates({n})", latency_ms=90.0)
    page = f"Product {n}: rate RATE-{n}, no monthly fee."
    retried = rng.random() < (n % 10) / 10
    if retried:
        failed = rec.tool("fetch_rates", agent="Researcher", args={"n": n}, error="timed out",
                          parents=[ask])
        fetched = rec.tool("fetch_rates", agent="Researcher", args={"n": n, "retry": True},
                           output=page, parents=[failed])
        notes = f"First attempt timed out. Retried: {page}"
    else:
        fetched = rec.tool("fetch_rates", agent="Researcher", args={"n": n}, output=page,
                           parents=[ask])
        notes = page
    noted = rec.step("Researcher", input=page, output=notes, parents=[fetched])
    answer = (f"Product {n} has no monthly fee." if retried
              else f"Product {n} pays RATE-{n} and has no monthly fee.")
    rec.step("Writer", input=notes, output=answer, parents=[noted], latency_ms=300.0)
    return answer, rec.finalize(final_output=answer)
"""

TEST = """  - name: product-{n}
    input: "product {n}"
    runs: {runs}
    checks:
      - {{type: contains, value: RATE-{n}, weight: 2}}
      - {{type: contains, value: no monthly fee}}
      - {{type: tool_called, tool: fetch_rates, max: 1}}
      - {{type: tool_succeeded, tool: fetch_rates}}
      - {{type: max_steps, max: 10}}
"""


def build(folder: Path, tests: int, runs: int) -> Path:
    """Write the pipeline and a blame.yaml of `tests` tests of `runs` runs each."""
    (folder / "runs_pipeline.py").write_text(PIPELINE, encoding="utf-8")
    body = "".join(TEST.format(n=n, runs=runs) for n in range(tests))
    config = folder / "blame.yaml"
    config.write_text(
        "agent: {type: python, entrypoint: runs_pipeline:run}\ntests:\n" + body, encoding="utf-8"
    )
    return config


def timed_cli(config: Path, workers: int) -> tuple[float, str]:
    """Wall seconds of one `blame test --json --workers N`, and its stdout."""
    env = {**os.environ, "BLAME_NO_WARN": "1"}
    start = time.perf_counter()
    command = ["test", "--config", str(config), "--json", "--workers", str(workers)]
    done = subprocess.run(
        [sys.executable, "-m", "blame", *command],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"blame test exited {done.returncode}: {done.stderr}")
    return elapsed, done.stdout


def statistics_share(config_path: Path) -> tuple[float, float]:
    """(seconds evaluating every run's checks, seconds the run statistics add), in process.

    CPU seconds of this process: on a shared machine, wall time would also count the time
    other processes took the core, mostly in whichever phase is longer."""
    clock = time.process_time
    from blame.config import load_config
    from blame.repeat import combine, set_run_index, summarise
    from blame.runner import evaluate_trace

    sys.path.insert(0, str(config_path.parent))
    from runs_pipeline import run  # type: ignore[import-not-found]

    config = load_config(config_path)
    evaluate = statistics = 0.0
    for spec in config.tests:
        records = []
        for index in range(spec.runs):
            set_run_index(index)
            _, trace = run(spec.input)
            start = clock()
            case = evaluate_trace(
                trace, spec.checks, threshold=0.75, name=spec.name, context=config.context
            )
            middle = clock()
            records.append(summarise(case, trace))
            statistics += clock() - middle
            evaluate += middle - start
        start = clock()
        combine(records, config.settings.pass_rate)
        statistics += clock() - start
    set_run_index(0)
    return evaluate, statistics


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tests", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="timings per setting; best kept")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        config = build(Path(tmp), args.tests, args.runs)
        print(f"{args.tests} tests x {args.runs} runs, {os.cpu_count()} CPUs")
        best: dict[int, float] = {}
        outputs: dict[int, str] = {}
        for _ in range(args.repeat):
            for workers in (1, 2):
                elapsed, outputs[workers] = timed_cli(config, workers)
                best[workers] = min(best.get(workers, elapsed), elapsed)
        print(f"blame test --workers 1: {best[1]:.2f} s (best of {args.repeat})")
        print(f"blame test --workers 2: {best[2]:.2f} s (best of {args.repeat})")
        print(f"speed-up: {best[1] / best[2]:.2f}x")
        print(f"same results bytes: {'yes' if outputs[1] == outputs[2] else 'NO'}")
        shares = [statistics_share(config) for _ in range(args.repeat)]
        evaluate, statistics = min(shares, key=lambda s: s[0] + s[1])
        print(
            f"evaluating the checks: {evaluate * 1000:.0f} ms; run statistics: "
            f"{statistics * 1000:.1f} ms ({100 * statistics / evaluate:.1f} % of evaluation)"
        )


if __name__ == "__main__":
    main()
