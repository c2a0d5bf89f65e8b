"""Side by side: blame against agentgrade (and pygent-test's `--help`) on the same work.

Installs nothing. blame is the console script beside this interpreter; agentgrade and
pygent-test (`agentcheck`) are used when they are on PATH or given with `--agentgrade` and
`--agentcheck`, else their columns stay empty. Every workload runs in a fresh folder per tool,
from the same generated files:

- a 200-test suite (150 failing) whose `agentgrade.yaml` both tools load unchanged, with a
  pipeline module both can run; both are checked to give the same verdict for every check;
- `test --replay --json`, `test --json` and `test` (live, terminal output), `record`, and
  `--help` (cold: a new process each time);
- one trace of 100,000 steps among 3 agents, one of 100,000 steps whose agents are all
  distinct, and (blame only) one of 1,000,000 steps, each replayed with `test --replay --json`
  beside a bare `json.load` of the same file in a new interpreter.

Figures are medians of `--runs` runs (wall time and the CPU time of the whole process tree),
and the peak memory of the whole process tree (the sum of its processes' resident sets, read
from /proc every few milliseconds; Linux only). A peer run longer than `--slow` seconds is not
repeated, and the table says so.

    python bench/side_by_side.py [--runs 5] [--agentgrade PATH] [--agentcheck PATH]
                                 [--only suite,help,100k,distinct,1m] [--keep DIR]
                                 [--blame PATH]

blame is the console script beside this interpreter unless `--blame` names another. In a
development checkout that is an editable install, whose import hook every run pays for (its
finder imports pathlib and more at start-up: about 10 M instructions, 1.3 % of the 200-test
replay) and a user's installed wheel does not: the header says which kind is measured. To
measure what users run, install blame into a fresh virtual environment (`pip install .`) and
pass its `bin/blame` as `--blame`.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from blame.files import safe_filename

SUITE_TESTS = 200
PIPELINE = '''\
"""A four-step pipeline both tools can run: blame's recorder under blame, a plain trace
dict under agentgrade. Tests whose number is not a multiple of 4 fail."""

import sys


def run(task):
    words = task.split()
    if words[0] == "long":
        return long_run(int(words[1]), int(words[2]))
    n = int(words[-1])
    plan = f"Plan for task {n}: answer with CODE-{n}; never say TODO."
    draft = f"Draft {n}: CODE-{n}" if n % 4 in (0, 2) else f"Draft {n}: (lost)"
    final = draft + (" TODO" if n % 4 in (2, 3) else "")
    steps = [
        ("Planner", None, task, plan, 100, 0.001),
        ("Planner", "search", str(n), f"result {n}", 50, None),
        ("Coder", None, plan, draft, 300, 0.004),
        ("Critic", None, draft, final, 80, 0.001),
    ]
    return final, make_trace(task, steps, final)


def long_run(size, agents):
    steps = [(a, t, i, o, 10, 0.0001) for a, t, i, o in long_steps(size, agents)]
    return long_final(size), make_trace("long", steps, long_final(size))


def make_trace(task, steps, final):
    if "agentgrade" in sys.modules:
        total = sum(s[4] for s in steps)
        cost = sum(s[5] or 0.0 for s in steps)
        return {
            "test_name": "run", "final_output": final, "total_latency_ms": total,
            "total_cost_usd": cost,
            "steps": [
                {"agent_name": a, "input": i, "output": o, "tool_name": t,
                 "tool_output": o if t else None, "latency_ms": ms, "cost_usd": c}
                for a, t, i, o, ms, c in steps
            ],
        }
    from blame import TraceRecorder

    rec = TraceRecorder(test_name="run", input=task)
    for agent, tool, text_in, text_out, ms, cost in steps:
        if tool:
            rec.tool(tool, agent=agent, args={"n": text_in}, output=text_out, latency_ms=ms,
                     cost_usd=cost)
        else:
            rec.step(agent, input=text_in, output=text_out, latency_ms=ms, cost_usd=cost)
    return rec.finalize(final_output=final)
'''
CHECKS = """\
    checks:
      - {type: contains, value: CODE-%(n)d, weight: 2}
      - {type: not_contains, value: TODO, weight: 2}
      - {type: regex, value: "Draft \\\\d+"}
      - {type: max_latency, seconds: 2}
      - {type: max_cost, usd: 0.01}
"""
LONG_CHECKS = """\
    checks:
      - {type: contains, value: REQ-7, weight: 2}
      - {type: not_contains, value: FORBIDDEN}
      - {type: regex, value: "answer \\\\d+"}
      - {type: max_latency, seconds: 60}
      - {type: max_cost, usd: 100}
"""
HEADER = "agent: {type: python, entrypoint: side_pipeline:run}\nsettings: {output_dir: out}\n"


def pipeline() -> str:
    """The pipeline module: PIPELINE and the long traces' steps, one definition for both."""
    source = inspect.getsource(long_steps) + "\n\n" + inspect.getsource(long_final)
    return PIPELINE + "\n\n" + re.sub(r" -> [^:]+:\n", ":\n", source)


def suite_yaml() -> str:
    """The 200-test agentgrade.yaml."""
    tests = "".join(
        f'  - name: task-{n}\n    input: "do task {n}"\n' + CHECKS % {"n": n}
        for n in range(SUITE_TESTS)
    )
    return HEADER + "tests:\n" + tests


def long_yaml(size: int, agents: int) -> str:
    """One test whose recorded trace has `size` steps among `agents` agents (0: all distinct)."""
    return HEADER + f'tests:\n  - name: long\n    input: "long {size} {agents}"\n' + LONG_CHECKS


def long_steps(size: int, agents: int) -> Iterator[tuple[str, str | None, str, str]]:
    """The steps `side_pipeline.long_run` records: (agent, tool, input, output)."""
    carried = "REQ-7"
    for i in range(size):
        if i == size // 2:
            carried = ""
        agent = f"Agent{i % agents}" if agents else f"Agent{i}"
        text = f"step {i} {carried}" + (" FORBIDDEN" if i >= size - 3 else "")
        yield agent, ("search" if i % 7 == 6 else None), f"from {i - 1} {carried}", text


def long_final(size: int) -> str:
    """The long pipeline's answer: the requirement was dropped halfway, a forbidden word added."""
    return f"answer {size} {'' if size > 1 else 'REQ-7'} confirmed FORBIDDEN"


def write_blame_fixture(path: Path, size: int, agents: int) -> None:
    """The fixture `blame record` writes for the long test, streamed (indent 2, sorted keys)."""
    final = long_final(size)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        head = {"final_output": final, "input": f"long {size} {agents}"}
        for key, value in head.items():
            out.write(("{\n" if key == "final_output" else "") + f"  {json.dumps(key)}: ")
            out.write(json.dumps(value) + ",\n")
        out.write('  "metadata": {},\n  "schema_version": 1,\n  "steps": [')
        for i, (agent, tool, text_in, text_out) in enumerate(long_steps(size, agents)):
            step = {
                "agent": agent,
                "cost_usd": 0.0001,
                "error": None,
                "id": f"s{i}",
                "index": i,
                "input": json.dumps({"n": text_in}) if tool else text_in,
                "kind": "tool" if tool else "agent",
                "latency_ms": 10.0,
                "metadata": {},
                "name": tool or agent,
                "output": text_out,
                "parents": [f"s{i - 1}"] if i else [],
                "tokens": None,
            }
            text = json.dumps(step, indent=2, sort_keys=True, ensure_ascii=False)
            out.write(("," if i else "") + "\n    " + text.replace("\n", "\n    "))
        out.write('\n  ],\n  "test_name": "long"\n}\n')


def write_agentgrade_fixture(path: Path, size: int, agents: int) -> None:
    """The fixture `agentgrade record` writes for the long test, streamed."""
    final = long_final(size)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        out.write('{"test_name": "long", "steps": [')
        for i, (agent, tool, text_in, text_out) in enumerate(long_steps(size, agents)):
            step = {
                "agent_name": agent,
                "input": text_in,
                "output": text_out,
                "tool_name": tool,
                "tool_input": None,
                "tool_output": text_out if tool else None,
                "error": None,
                "latency_ms": 10,
                "cost_usd": 0.0001,
                "timestamp": "2026-01-01T00:00:00+00:00",
            }
            out.write(("," if i else "") + json.dumps(step))
        tail = {"final_output": final, "total_latency_ms": 10 * size,
                "total_cost_usd": 0.0001 * size, "error": None}  # fmt: skip
        out.write("], " + json.dumps(tail)[1:] + "\n")


@dataclass(frozen=True, slots=True)
class Timing:
    """Medians over the runs of one command."""

    wall: float
    """Median wall time, seconds."""
    cpu: float
    """Median CPU time (user + system) of the whole process tree, seconds."""
    peak: int
    """Largest sum of the tree's resident sets seen, bytes (0 where /proc is missing)."""
    runs: int
    """How many runs the medians are over."""
    code: int
    """The exit code of the last run."""


def _tree_rss(root: int) -> int:
    """Sum of VmRSS of `root` and its descendants, from /proc."""
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
                    break
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo.extend(int(c) for c in (task / "children").read_text().split())
        except (OSError, ValueError):
            continue
    return total


def run_once(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, int, int]:
    """Wall s, CPU s of the tree, peak tree RSS bytes, exit code."""
    before = os.times()
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    peak = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _tree_rss(process.pid))
            done.wait(0.005)

    sampler = threading.Thread(target=sample, daemon=True)
    if sys.platform.startswith("linux"):
        sampler.start()
    code = process.wait()
    wall = time.perf_counter() - start
    done.set()
    if sampler.is_alive():
        sampler.join()
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return wall, cpu, peak, code


def measure(
    command: list[str],
    cwd: Path,
    runs: int,
    *,
    slow: float = float("inf"),
    warm: bool = True,
    env: dict[str, str] | None = None,
) -> Timing:
    """Medians of `runs` runs after one untimed warm-up (bytecode caches, file cache)."""
    # A normal install caches bytecode (the warm-up writes it); this machine may turn that off.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | (env or {})
    env.update(AGENTGRADE_NO_WARN="1", NO_COLOR="1", COLUMNS="100")
    if warm:
        run_once(command, cwd, env)
    walls, cpus, peaks, code = [], [], [], 0
    for _ in range(runs):
        wall, cpu, peak, code = run_once(command, cwd, env)
        walls.append(wall)
        cpus.append(cpu)
        peaks.append(peak)
        if wall > slow:
            break
    return Timing(statistics.median(walls), statistics.median(cpus), max(peaks), len(walls), code)


def fresh(root: Path, name: str, files: dict[str, str]) -> Path:
    """A new folder holding `files`."""
    folder = root / name
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for file_name, text in files.items():
        (folder / file_name).write_text(text, encoding="utf-8")
    return folder


def verdicts_blame(folder: Path) -> list[list[bool]]:
    data = json.loads((folder / "out" / "results" / "latest.json").read_text())
    return [[check["passed"] for check in test["checks"]] for test in data["tests"]]


def verdicts_agentgrade(folder: Path) -> list[list[bool]]:
    data = json.loads((folder / "out" / "results" / "latest.json").read_text())
    return [[e["passed"] for e in test["evaluations"]] for test in data]


Row = tuple[str, "Timing | None", "Timing | None", str]


def fmt_time(timing: Timing | None) -> str:
    if timing is None:
        return "-"
    text = f"{timing.wall:.3f} s" if timing.wall >= 1 else f"{timing.wall * 1000:.0f} ms"
    return text + ("" if timing.runs > 1 else " (1 run)")


def fmt_ratio(mine: Timing | None, theirs: Timing | None) -> str:
    if mine is None or theirs is None:
        return "-"
    return f"{mine.wall / theirs.wall:.2f} (CPU {mine.cpu / max(theirs.cpu, 1e-9):.2f})"


def suite_rows(root: Path, blame: list[str], peer: list[str] | None, runs: int) -> Iterator[Row]:
    """The 200-test suite: record, replay, live; verdicts compared check by check."""
    files = {"agentgrade.yaml": suite_yaml(), "side_pipeline.py": pipeline()}
    mine = fresh(root, "suite-blame", files)
    theirs = fresh(root, "suite-agentgrade", files) if peer else None
    yield (
        "`record`",
        measure([*blame, "record", "-c", "agentgrade.yaml"], mine, runs),
        (measure([*peer, "record"], theirs, runs) if peer and theirs else None),
        "",
    )
    for label, extra in (
        ("`test --replay --json`", ["--replay", "--json"]),
        ("`test --json`", ["--json"]),
        ("`test` (live, terminal)", []),
    ):
        ours = measure([blame[0], "test", "-c", "agentgrade.yaml", *extra], mine, runs)
        other = measure([*peer, "test", *extra], theirs, runs) if peer and theirs else None
        note = ""
        if "--replay" in extra:
            failed = sum(not all(t) for t in verdicts_blame(mine))
            note = f"blame: {failed} of {SUITE_TESTS} failed"
            if other and theirs:
                same = verdicts_blame(mine) == verdicts_agentgrade(theirs)
                note += "; same verdict for every check" if same else "; VERDICTS DIFFER"
        yield label, ours, other, note


def long_rows(
    root: Path,
    blame: list[str],
    peer: list[str] | None,
    runs: int,
    slow: float,
    cases: list[tuple[str, int, int]],
) -> Iterator[Row]:
    """One long trace per case, replayed; beside it a bare json.load of blame's fixture."""
    for label, size, agents in cases:
        files = {"agentgrade.yaml": long_yaml(size, agents), "side_pipeline.py": pipeline()}
        mine = fresh(root, f"long-{size}-{agents}-blame", files)
        fixture = mine / "out" / "fixtures" / safe_filename("long", ".json")
        write_blame_fixture(fixture, size, agents)
        # Past the 64 MiB default, the size limit is raised as its message says to.
        limit = {"BLAME_MAX_TRACE_MB": str(2 * fixture.stat().st_size // 2**20 + 64)}
        command = [blame[0], "test", "-c", "agentgrade.yaml", "--replay", "--json"]
        ours = measure(command, mine, runs, warm=False, env=limit)
        load = measure(
            [
                sys.executable,
                "-c",
                "import json,sys; json.load(open(sys.argv[1], 'rb'))",
                str(fixture),
            ],
            mine,
            runs,
            warm=False,
        )
        other = None
        if peer:
            theirs = fresh(root, f"long-{size}-{agents}-agentgrade", files)
            write_agentgrade_fixture(theirs / "out" / "fixtures" / "long.json", size, agents)
            command = [*peer, "test", "--replay", "--json"]
            other = measure(command, theirs, runs, slow=slow, warm=False)
        note = (
            f"json.load: {fmt_time(load)}; blame / json.load {ours.wall / load.wall:.2f} "
            f"(CPU {ours.cpu / load.cpu:.2f}); blame peak {ours.peak / 2**20:.0f} MiB"
        )
        if ours.code != 1:
            note += f"; blame exit {ours.code} (expected 1)"
        fixture.unlink()
        yield label, ours, other, note


def help_rows(
    blame: list[str], peer: list[str] | None, pygent: list[str] | None, runs: int, root: Path
) -> Iterator[Row]:
    """`--help` in a new process each time."""
    ours = measure([*blame, "--help"], root, runs)
    theirs = measure([*peer, "--help"], root, runs) if peer else None
    note = ""
    if pygent:
        other = measure([*pygent, "--help"], root, runs)
        note = f"pygent-test: {fmt_time(other)}; blame / pygent-test {fmt_ratio(ours, other)}"
    yield "`--help` (cold)", ours, theirs, note


def find(given: str | None, name: str) -> list[str] | None:
    path = given or shutil.which(name)
    return [path] if path else None


def install_kind(script: str) -> str:
    """How the blame behind a console script is installed: `editable install` (a development
    checkout: an import hook every run pays for) or `installed` (as users have it)."""
    first = Path(script).read_bytes().split(b"\n", 1)[0] if Path(script).is_file() else b""
    python = first[2:].decode(errors="replace").strip() if first.startswith(b"#!") else ""
    code = (
        "import importlib.metadata as m, json\n"
        "text = m.distribution('blame-agents').read_text('direct_url.json') or '{}'\n"
        "print(json.loads(text).get('dir_info', {}).get('editable', False))\n"
    )
    try:
        done = subprocess.run(
            [python, "-I", "-c", code], capture_output=True, text=True, timeout=60
        )
    except (OSError, subprocess.SubprocessError):
        return "install unknown"
    if done.returncode != 0:
        return "install unknown"
    return "editable install" if done.stdout.strip() == "True" else "installed"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--agentgrade", help="agentgrade's console script (default: on PATH)")
    parser.add_argument("--agentcheck", help="pygent-test's console script (default: on PATH)")
    parser.add_argument("--only", default="suite,help,100k,distinct,1m")
    parser.add_argument("--slow", type=float, default=60.0, help="peer seconds not repeated")
    parser.add_argument("--keep", type=Path, help="work here and keep the folders")
    parser.add_argument("--blame", help="blame's console script (default: beside this Python)")
    args = parser.parse_args()
    script = Path(sys.executable).parent / ("blame.exe" if os.name == "nt" else "blame")
    blame = [args.blame or (str(script) if script.exists() else shutil.which("blame") or "blame")]
    peer, pygent = find(args.agentgrade, "agentgrade"), find(args.agentcheck, "agentcheck")
    only = set(args.only.split(","))
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    print(
        f"# {os.cpu_count()} cores, load {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; "
        f"medians of {args.runs} runs; Python {sys.version.split()[0]}"
    )
    print(
        f"# blame: {blame[0]} ({install_kind(blame[0])}); "
        f"agentgrade: {peer[0] if peer else 'not found'}; "
        f"pygent-test: {pygent[0] if pygent else 'not found'}\n"
    )
    print("| workload | blame | agentgrade | blame / agentgrade | notes |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="blame-side-") as scratch:
        root = args.keep or Path(scratch)
        root.mkdir(parents=True, exist_ok=True)
        rows: list[Iterator[Row]] = []
        if "suite" in only:
            rows.append(suite_rows(root, blame, peer, args.runs))
        if "help" in only:
            rows.append(help_rows(blame, peer, pygent, args.runs, root))
        cases = [
            (label, size, agents)
            for key, label, size, agents in (
                ("100k", "one trace, 100k steps, 3 agents", 100_000, 3),
                ("distinct", "one trace, 100k steps, all agents distinct", 100_000, 0),
            )
            if key in only
        ]
        if cases:
            rows.append(long_rows(root, blame, peer, args.runs, args.slow, cases))
        if "1m" in only:
            rows.append(
                long_rows(
                    root,
                    blame,
                    None,
                    args.runs,
                    args.slow,
                    [("one trace, 1M steps, 3 agents", 1_000_000, 3)],
                )
            )
        for group in rows:
            for label, ours, other, note in group:
                print(
                    f"| {label} | {fmt_time(ours)} | {fmt_time(other)} | "
                    f"{fmt_ratio(ours, other)} | {note} |",
                    flush=True,
                )
    load = os.getloadavg() if hasattr(os, "getloadavg") else (0.0, 0.0, 0.0)
    print(f"\n# load at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
