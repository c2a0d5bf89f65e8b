"""Repeated runs: 200 tests x 5 runs of a seeded scripted pipeline that fails at random.

Prints (1) the wall time of `blame test --json --workers 1` and `--workers 2` as subprocesses,
their ratio, and whether the two results JSON are the same bytes, on two workloads: the suite
(runs of a fraction of a millisecond: blame runs them in one worker and says so) and a slower
one, `--slow-tests` tests whose every run waits 6 ms as a model call would (what workers buy
when runs take real time); (2) the share of evaluation time the run statistics add: for every
run, what summarising it costs (tool path, events) and, per test, combining the runs (Wilson
interval, verdict, culprit shares, Ochiai) and writing the statistics' results-JSON form and
each failed check's failure category, against evaluating every run as `blame test` does
(checks, blame, patches, the failed run's graph), in-process CPU time: the headline, target
under 5 %; (3) as a second figure, the same work and the statistics' share of writing the
results JSON text against the CPU time of a whole `blame test --json --workers 1` process on
the suite.

    python bench/runs.py [--tests 200] [--runs 5] [--slow-tests 40] [--repeat 3] [--share-only]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from blame.jsontext import Keyed
from blame.repeat import RunRecord, worst_run
from blame.results import CaseResult, CheckResult, SuiteResult

if TYPE_CHECKING:
    from blame.config import CaseSpec
    from blame.model import Trace

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


def run_slow(task):
    import time

    time.sleep(0.006)  # three model calls of 2 ms
    return run(task)
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


def build(folder: Path, tests: int, runs: int, entry: str = "run") -> Path:
    """Write the pipeline and a config of `tests` tests of `runs` runs each, calling `entry`
    (`run`, or `run_slow` in slow.yaml)."""
    (folder / "runs_pipeline.py").write_text(PIPELINE, encoding="utf-8")
    body = "".join(TEST.format(n=n, runs=runs) for n in range(tests))
    config = folder / ("blame.yaml" if entry == "run" else "slow.yaml")
    config.write_text(
        f"agent: {{type: python, entrypoint: runs_pipeline:{entry}}}\ntests:\n" + body,
        encoding="utf-8",
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


def statistics_share(
    config_path: Path, repeat: int
) -> tuple[list[tuple[float, float, float]], list[tuple[float, float, float]], float]:
    """CPU seconds, per pass over the suite's runs (`repeat` passes), of: evaluating every
    run as `blame test` does (checks, blame, patches, the failed run's graph); what `runs: N`
    did before the statistics (the worst run's result, its messages noted); and that with the
    statistics instead (each run summarised, each test's runs combined, the statistics'
    results-JSON form as `SuiteResult.to_json` makes it, each failed check's failure
    category). The statistics add the third minus the second. Also the same three from
    passes (as many, in turn with those) that make the JSON form as dicts for every value,
    as the results JSON did before it wrote it as `jsontext.Keyed`: the figure printed
    beside. Also what they add to writing the results JSON text
    (`json_text_added`), for the whole-process figure.

    The three are timed test by test, on the process's CPU clock, in the same pass: test by
    test, its runs are evaluated, then the worst-run note and the statistics are made from
    the same results (in alternate order from one test to the next). Timing them as three
    whole passes of about 0.15 s each, best of a few, let each pass meet another share of
    the load of a shared 2-core machine: the difference of two such passes (the statistics'
    share) moved from -1 to 32 % between runs of this script. Three clock reads per test cost
    about two microseconds, against tens for the statistics and hundreds for the evaluation.
    Each pass starts with the statistics' kept values (`functools.lru_cache`) forgotten, as
    a `blame test` process starts; traces are made before each pass."""
    from blame.checks import Resolver
    from blame.config import load_config
    from blame.repeat import combine, set_run_index, summarise
    from blame.runner import context_of, evaluate_trace

    sys.path.insert(0, str(config_path.parent))
    from runs_pipeline import run  # type: ignore[import-not-found]

    config = load_config(config_path)
    settings = config.settings
    types = Resolver(context_of(config))  # as run_suite: each check type looked up once

    def traces() -> list[list[Trace]]:
        made = []
        for spec in config.tests:
            mine = []
            for index in range(spec.runs):
                set_run_index(index)
                mine.append(run(spec.input)[1])
            made.append(mine)
        set_run_index(0)
        return made

    def evaluate(spec: CaseSpec, trace: Trace) -> CaseResult:
        return evaluate_trace(
            trace,
            spec.checks,
            threshold=settings.fail_below_reward,
            name=spec.name,
            context=config.context,
            draw=True,  # as `blame test` evaluates a run
            types=types,
        )

    def worst_noted(cases: list[CaseResult], mine: list[Trace]) -> None:
        _worst_noted([RunRecord(case) for case in cases])

    def with_statistics(cases: list[CaseResult], mine: list[Trace]) -> None:
        records = [summarise(case, trace) for case, trace in zip(cases, mine, strict=True)]
        result = combine(records, settings.pass_rate)
        combined.append(result)
        form(result)  # what the results JSON says about the runs and each check's runs
        for check in result.checks:  # a failed check's category
            if not check.passed or check.error is not None:
                check.category  # noqa: B018 - a property computed for its cost

    def written(result: CaseResult) -> None:
        """The statistics' results-JSON form as `SuiteResult.to_json` makes it: each value's
        `written()`, and a `jsontext.Keyed`'s dict made once per distinct key in the file."""
        if result.runs is not None:
            once(result.runs.written())
        for check in result.checks:
            if check.runs is not None:
                once(check.runs.written())

    def once(value: object) -> None:
        if type(value) is Keyed and value.key not in keys:
            keys.add(value.key)
            value.make()

    def dicts(result: CaseResult) -> None:
        """The statistics' results-JSON form as dicts, every value's (the script's figure
        before the results JSON wrote them as `jsontext.Keyed`)."""
        if result.runs is not None:
            result.runs.to_dict()
        for check in result.checks:
            if check.runs is not None:
                check.runs.to_dict()

    clock = time.process_time
    passes: list[tuple[float, float, float]] = []
    before: list[tuple[float, float, float]] = []
    combined: list[CaseResult] = []
    keys: set[object] = set()
    form = written
    for _ in range(repeat):
        for making, kept in ((written, passes), (dicts, before)):
            form = making  # with_statistics's
            made = traces()
            forget_kept()
            combined.clear()
            keys.clear()
            spent = [0.0, 0.0, 0.0]
            for t, (spec, mine) in enumerate(zip(config.tests, made, strict=True)):
                start = clock()
                cases = [evaluate(spec, trace) for trace in mine]
                evaluated = clock()
                spent[0] += evaluated - start
                first, second = (1, 2) if t % 2 else (2, 1)
                for which in (first, second):
                    (worst_noted if which == 1 else with_statistics)(cases, mine)
                    done = clock()
                    spent[which] += done - evaluated
                    evaluated = done
            kept.append((spent[0], spent[1], spent[2]))
    return passes, before, json_text_added(combined, repeat)


def json_text_added(results: list[CaseResult], repeat: int) -> float:
    """CPU seconds the statistics add to writing the results JSON text of these results:
    the suite's text against the same results without their statistics (median of
    `5 * repeat` interleaved pairs)."""

    bare = SuiteResult(
        tuple(
            replace(r, runs=None, checks=tuple(replace(c, runs=None) for c in r.checks))
            for r in results
        )
    )
    full = SuiteResult(tuple(results))
    clock = time.process_time
    added = []
    for _ in range(5 * repeat):
        start = clock()
        full.to_json()
        middle = clock()
        bare.to_json()
        added.append((middle - start) - (clock() - middle))
    return sorted(added)[len(added) // 2]


def forget_kept() -> None:
    """Forget what blame.repeat, blame.runstats and blame.stats keep across a suite's tests
    (their `lru_cache`s): each timed pass starts as a `blame test` process does."""
    import blame.repeat
    import blame.runstats
    import blame.stats

    for module in (blame.repeat, blame.runstats, blame.stats):
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def whole_process(config: Path, repeat: int) -> float:
    """Median CPU seconds (user and system) of a whole `blame test --json --workers 1`
    process on the suite: what a user waits for, the agent's own runs included."""
    import resource

    spent = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        timed_cli(config, 1)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return sorted(spent)[len(spent) // 2]


def workers_ratio(config: Path, repeat: int, label: str) -> None:
    """Print the best wall time of `--workers 1` and `--workers 2` (timed in turn), their
    ratio and whether the results are the same bytes."""
    best: dict[int, float] = {}
    outputs: dict[int, str] = {}
    for _ in range(repeat):
        for workers in (1, 2):
            elapsed, outputs[workers] = timed_cli(config, workers)
            best[workers] = min(best.get(workers, elapsed), elapsed)
    print(f"{label}: blame test --workers 1: {best[1]:.2f} s (best of {repeat})")
    print(f"{label}: blame test --workers 2: {best[2]:.2f} s (best of {repeat})")
    print(f"{label}: speed-up: {best[1] / best[2]:.2f}x")
    print(f"{label}: same results bytes: {'yes' if outputs[1] == outputs[2] else 'NO'}")


def _worst_noted(records: list[RunRecord]) -> CaseResult:
    """What `runs: N` did before the statistics: the worst run's result, its messages noted
    (built as `blame.repeat.combine` builds its copies). Its imports are the module's: an
    import statement here would cost each test more than a tenth of what the statistics do,
    and count for them."""
    cases = [r.case for r in records]
    worst = worst_run(cases)
    result = cases[worst]
    note = f" (worst of {len(cases)} runs: run {worst + 1})"
    if result.error is not None:
        return replace(result, error=result.error + note)
    checks = tuple(
        [
            CheckResult(c.name, c.type, c.passed, c.score, c.weight, c.message + note, c.blame)
            for c in result.checks
        ]
    )
    return CaseResult(
        result.name, result.passed, result.reward, result.threshold, None, checks, result.patches,
        None, result.graph,
    )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tests", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--slow-tests", type=int, default=40, help="tests of the slow workload")
    parser.add_argument("--repeat", type=int, default=3, help="timings per setting")
    parser.add_argument(
        "--share-only",
        action="store_true",
        help="only the statistics' share of evaluation (no subprocesses, no second figure)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        config = build(Path(tmp), args.tests, args.runs)
        print(f"{args.tests} tests x {args.runs} runs, {os.cpu_count()} CPUs")
        if not args.share_only:
            workers_ratio(config, args.repeat, "the suite")
            slow = build(Path(tmp), args.slow_tests, args.runs, "run_slow")
            workers_ratio(slow, args.repeat, f"{args.slow_tests} tests x {args.runs} runs of 6 ms")
        passes, dicts, text_added = statistics_share(config, args.repeat)
        shares = sorted(((s - w) / e, e, w, s) for e, w, s in passes)
        share, evaluate, worst, statistics = shares[len(shares) // 2]
        added = statistics - worst
        before = sorted((s - w) / e for e, w, s in dicts)
        print(
            f"evaluating every run: {evaluate * 1000:.0f} ms CPU; the worst run noted: "
            f"{worst * 1000:.1f} ms; the run statistics instead: {statistics * 1000:.1f} ms "
            f"(the median of {len(passes)} passes, each timed test by test)"
        )
        print(
            f"the run statistics add {added * 1000:.1f} ms: {100 * share:.1f} % of evaluation "
            f"(passes: {', '.join(f'{100 * s[0]:.1f}' for s in shares)} %); with their "
            f"JSON form made as dicts for every value, as before the results JSON wrote them "
            f"as jsontext.Keyed: {100 * before[len(before) // 2]:.1f} % "
            f"(passes: {', '.join(f'{100 * b:.1f}' for b in before)} %)"
        )
        if args.share_only:
            return
        spent = whole_process(config, args.repeat)
        whole = added + text_added
        print(
            "second figure, a whole `blame test --json --workers 1` process: "
            f"{spent * 1000:.0f} ms CPU (median of {args.repeat}); the statistics add "
            f"{whole * 1000:.1f} ms of it "
            f"({added * 1000:.1f} ms above, {text_added * 1000:.1f} ms writing their JSON text): "
            f"{100 * whole / spent:.1f} %"
        )


if __name__ == "__main__":
    main()
