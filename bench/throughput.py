"""Throughput: a 200-test suite of a 3-agent scripted pipeline, 6 checks each, in replay mode.

Records the fixtures once (`blame record`), then times loading the config, replaying and
evaluating every test (blaming the failures) and writing the results, in process and as a
`blame test --replay` subprocess. Target: under 0.5 s wall for the suite.

    python bench/throughput.py [--tests 200]
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
from blame import TraceRecorder


def run(task):
    n = int(task.split()[-1])
    rec = TraceRecorder(test_name="run", input=task)
    plan = f"Plan for task {n}: answer with CODE-{n}; never say TODO."
    s0 = rec.step("Planner", input=task, output=plan, latency_ms=100.0, cost_usd=0.001)
    s1 = rec.tool("search", agent="Planner", args={"n": n}, output=f"result {n}", parents=[s0],
                  latency_ms=50.0)
    draft = f"Draft {n}: CODE-{n}" if n % 4 else f"Draft {n}: (lost)"
    s2 = rec.step("Coder", input=plan, output=draft, parents=[s0, s1], latency_ms=300.0,
                  cost_usd=0.004)
    final = draft + (" TODO" if n % 5 == 0 else "")
    rec.step("Critic", input=draft, output=final, parents=[s2], latency_ms=80.0, cost_usd=0.001)
    return final, rec.finalize(final_output=final)
"""

TEST = """  - name: task-{n}
    input: "do task {n}"
    checks:
      - {{type: contains, value: CODE-{n}, weight: 2}}
      - {{type: not_contains, value: TODO}}
      - {{type: tool_called, tool: search}}
      - {{type: max_steps, max: 10}}
      - {{type: max_latency, seconds: 2}}
      - {{type: regex, value: "Draft \\\\d+"}}
"""


def build(folder: Path, tests: int) -> Path:
    (folder / "bench_pipeline.py").write_text(PIPELINE, encoding="utf-8")
    body = "".join(TEST.format(n=n) for n in range(tests))
    config = folder / "blame.yaml"
    config.write_text(
        "agent: {type: python, entrypoint: bench_pipeline:run}\ntests:\n" + body, encoding="utf-8"
    )
    return config


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tests", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    os.environ["BLAME_NO_WARN"] = "1"

    from blame.config import load_config
    from blame.reports import write_outputs
    from blame.runner import run_suite

    with tempfile.TemporaryDirectory(prefix="blame-bench-") as tmp:
        config_path = build(Path(tmp), args.tests)
        run_suite(load_config(config_path), record=True)
        # A normal Python setup caches bytecode; this sandbox may turn that off.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["NO_COLOR"] = "1"
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            config = load_config(config_path)
            suite = run_suite(config, replay=True)
            write_outputs(suite, config.settings.output_dir)
            times.append(time.perf_counter() - start)
        failed = sum(not t.passed for t in suite.tests)
        checks = sum(len(t.checks) for t in suite.tests)
        cli = []
        for _ in range(4):  # the first run writes bytecode caches; best of the rest
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "blame", "test", "--config", str(config_path), "--replay",
                 "--json"],
                capture_output=True, env=env, check=False,
            )  # fmt: skip
            cli.append(time.perf_counter() - start)
        print(f"suite: {args.tests} tests x 6 checks = {checks} checks, {failed} tests failing")
        print(
            f"in-process replay (load config + evaluate + blame + write): "
            f"best {min(times):.3f} s, median {sorted(times)[len(times) // 2]:.3f} s"
        )
        print(
            f"`blame test --replay --json` subprocess wall: best {min(cli):.3f} s "
            f"(exit {done.returncode})"
        )
        print("target: < 0.5 s wall")


if __name__ == "__main__":
    main()
