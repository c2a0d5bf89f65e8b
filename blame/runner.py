"""Run a suite: get each test's trace (run the agent, replay a fixture, or load a stored
trace), evaluate its checks, blame the failures and suggest patches.

One test's trouble (a crash, a hang, a missing fixture) makes that test an error and the suite
goes on; a broken config stops the run before any test.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import replace
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame import casegraph, checks, engine
from blame.checks import Resolver
from blame.errors import (
    AgentError,
    BlameError,
    ConfigError,
    ExitCode,
    PartialRunError,
)
from blame.files import atomic_write_text, safe_filename
from blame.graph import StepGraph
from blame.importers.common import gc_paused
from blame.importnotes import collecting, heard
from blame.kept import keep_traces as keep_trace_files
from blame.model import Check, Trace
from blame.patches import suggest_patches
from blame.repeat import (
    RunRecord,
    combine,
    reset_run_index,
    set_run_index,
    summarise,
    worst_run,
)
from blame.results import ERROR_PREFIX, CaseResult, CheckResult, Evaluation, SuiteResult, located
from blame.text import regex_budget, shorten
from blame.tracefile import raised_in, read_fixture_at, recorded_for

if TYPE_CHECKING:
    from blame.config import CaseSpec, Config
    from blame.context import RunContext
    from blame.faults import Fault
    from blame.protocols import CheckType, RunFn
    from blame.supervise import Limit
    from blame.terminal import Progress


def run_suite(
    config: Config,
    *,
    replay: bool = False,
    record: bool = False,
    name_filter: str | None = None,
    runs: int | None = None,
    workers: int = 1,
    keep_traces: bool = False,
    progress: Progress | None = None,
    confirm: bool = False,
    notes: list[str] | None = None,
) -> SuiteResult:
    """Run every selected test; `replay` reads fixtures, `record` writes them; `runs` overrides
    each test's `runs:`; `workers` processes run tests and repeats side by side; `keep_traces`
    keeps each test's passing and failing trace under output_dir for the gate; `progress`
    hears each test as it finishes; `confirm` re-runs each failed run from its top suspects'
    steps to confirm or refute them (`blame.confirm`); `notes` gets, in test order, what the
    import of stored traces skipped. Ctrl-C ends the run with the finished tests' results,
    marked interrupted."""
    tests = check_request(config, replay=replay, record=record, name_filter=name_filter, runs=runs)
    from blame.shards import run_parallel

    agent = _LazyAgent(config)
    threshold = config.settings.fail_below_reward
    counts = [1 if t.trace is not None or replay else runs or t.runs for t in tests]
    jobs = [(t, r) for t, count in enumerate(counts) for r in range(count)]
    types = Resolver(context_of(config))  # each check type looked up once per suite

    def run_one(index: int, limit: Limit | None) -> RunRecord:
        t, r = jobs[index]
        # Over several runs the parent records the worst and keeps traces for the gate.
        carry = (record or keep_traces) and counts[t] > 1
        # The first run may keep what re-runs from a step need (a LangGraph checkpointer).
        if confirm:
            from blame.rerun import confirming
        with confirming() if confirm else nullcontext(), collecting() as skipped:
            made = _run_once(
                config,
                tests[t],
                r,
                agent,
                replay=replay,
                record=record,
                carry=carry,
                keep=keep_traces and counts[t] == 1,
                alone=counts[t] == 1,
                limit=limit,
                confirm=counts[t] if confirm else 0,
                types=types,
            )
        return replace(made, notes=tuple(skipped)) if skipped else made  # back from a worker

    def failed(index: int, why: str) -> RunRecord:
        spec = tests[jobs[index][0]]
        error = AgentError(why, field=f"test {spec.name!r}")
        return RunRecord(_error_case(spec, threshold, error.format()))

    def finish(t: int, mine: Sequence[RunRecord]) -> CaseResult:
        """A test's result from its runs (the worst run recorded, traces kept for the gate)."""
        spec, count = tests[t], counts[t]
        pass_rate = config.settings.pass_rate if spec.pass_rate is None else spec.pass_rate
        result = located(combine(mine, pass_rate), str(config.base_dir))  # path-independent
        if notes is not None:
            notes.extend(note for m in mine for note in m.notes)
        if count > 1 and record:
            kept = mine[worst_run([m.case for m in mine])].trace_json
            if kept is not None:
                atomic_write_text(fixture_path(config, spec.name), kept)
        if count > 1 and keep_traces:
            from blame.kept import keep_traces as keep

            keep(config.settings.output_dir, spec.name, [(m.case, m.trace_json) for m in mine])
        return result

    def add(result: CaseResult) -> None:
        results.append(result)  # kept first: a Ctrl-C while it is shown must not lose it
        if progress is not None:
            progress.done(result)

    ends = list(accumulate(counts))  # the runs done once test t has all of its own
    heard: list[RunRecord] = []
    results: list[CaseResult] = []

    def on_done(record: RunRecord) -> None:  # run here, records come in job order
        heard.append(record)
        while len(results) < len(tests) and len(heard) >= ends[len(results)]:
            t = len(results)
            add(finish(t, heard[ends[t] - counts[t] : ends[t]]))

    if progress is not None:
        progress.start(len(tests))
    try:
        records = run_parallel(
            len(jobs),
            run_one,
            failed,
            exit_limit=config.settings.timeout,
            workers=workers,
            user_code=runs_user_code(config, tests, replay=replay),
            on_done=on_done,
            tick=None if progress is None else progress.tick,
        )
    except KeyboardInterrupt:  # the tests whose runs all finished are kept
        return SuiteResult(tests=tuple(results), interrupted=True)
    for t in range(len(results), len(tests)):  # run side by side: heard only at the end
        add(finish(t, records[ends[t] - counts[t] : ends[t]]))
    return SuiteResult(tests=tuple(results))


def check_request(
    config: Config,
    *,
    replay: bool = False,
    record: bool = False,
    name_filter: str | None = None,
    runs: int | None = None,
) -> list[CaseSpec]:
    """The tests `run_suite` would run, or the error it would stop at before any of them: a
    command calls it before it forgets the last run's results, which a usage error keeps."""
    if replay and record:
        raise ConfigError(
            "--replay and record cannot be combined", hint="record first, then replay"
        )
    from blame.config import MAX_RUNS

    if runs is not None and not 1 <= runs <= MAX_RUNS:
        raise ConfigError(f"must be from 1 to {MAX_RUNS:,}, got {runs}", field="--runs")
    return select_tests(config.tests, name_filter)


def runs_user_code(config: Config, tests: Sequence[CaseSpec], *, replay: bool) -> bool:
    """Whether running `tests` executes code that is not blame's own: the agent, a local or
    installed plugin's check, or an installed trace reader. Only such runs need the worker that
    contains exits and hangs; stored or replayed traces under blame's checks run in process."""
    from blame.plugintypes import foreign_code

    registry = context_of(config).plugins
    if registry.local_count():
        return True
    if not replay and any(spec.trace is None for spec in tests):
        return True
    return foreign_code(
        registry,
        {check.type for spec in tests for check in spec.checks},
        readers=any(spec.trace is not None for spec in tests),
    )


def select_tests(tests: Sequence[CaseSpec], name_filter: str | None) -> list[CaseSpec]:
    """Tests whose name contains `name_filter` (any case); all when no filter."""
    if not name_filter:
        return list(tests)
    needle = name_filter.casefold()
    chosen = [t for t in tests if needle in t.name.casefold()]
    if not chosen:
        names = ", ".join(shorten(t.name, 60) for t in tests[:10])
        raise ConfigError(
            f"no test name contains {name_filter!r}", field="-k", hint=f"tests are: {names}"
        )
    return chosen


def fixture_path(config: Config, test_name: str) -> Path:
    """Where a test's recorded trace lives; the name is sanitised and cannot escape the folder."""
    return config.settings.fixtures_dir / safe_filename(test_name, ".json")


def exit_code(suite: SuiteResult, *, strict: bool = False) -> ExitCode:
    """2 when a test could not be evaluated, 1 when a test failed (its verdict is FAIL), 3
    under `strict` when a verdict is INCONCLUSIVE, else 0."""
    if suite.errored:
        return ExitCode.ERROR
    if not suite.passed:
        return ExitCode.CHECK_FAILED
    if strict and any(t.verdict == "INCONCLUSIVE" for t in suite.tests):
        return ExitCode.INCONCLUSIVE
    return ExitCode.OK


class _LazyAgent:
    """Imports the entrypoint only when the first test needs to run it."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self._run: RunFn | None = None

    def get(self) -> RunFn:
        if self._run is None:
            spec = self.config.agent
            if spec is None:
                raise ConfigError(
                    "is missing",
                    file=str(self.config.path),
                    field="agent",
                    hint="add `agent: {type: python, entrypoint: module:function}`",
                )
            adapter = context_of(self.config).adapter(
                spec.type, file=str(self.config.path), field="agent.type"
            )
            try:
                self._run = adapter.load(
                    spec.entrypoint, base_dir=self.config.base_dir, options=spec.options
                )
            except BlameError as error:
                if error.file is None:
                    raise type(error)(
                        error.message,
                        file=str(self.config.path),
                        field=error.field,
                        hint=error.hint,
                    ) from None
                raise
        return self._run


def context_of(config: Config) -> RunContext:
    """The run context the config was loaded with (a fresh one for a hand-built Config)."""
    if config.context is not None:
        return config.context
    from blame.context import RunContext

    return RunContext()


def raised_case(case: CaseResult, raised: PartialRunError) -> CaseResult:
    """`case`, evaluated on the partial trace of a run that raised, as the test's error: never
    a pass (text written before the error, or a budget, would pass it); its checks show who."""
    said = raised.format() if case.error is None else f"{raised.format()}; {case.error}"
    return replace(case, passed=False, error=said)


def _error_case(spec: CaseSpec, threshold: float, message: str) -> CaseResult:
    return CaseResult(name=spec.name, passed=False, reward=0.0, threshold=threshold, error=message)


def _run_once(
    config: Config,
    spec: CaseSpec,
    run: int,
    agent: _LazyAgent,
    *,
    replay: bool,
    record: bool,
    carry: bool,
    keep: bool,
    alone: bool = False,
    limit: Limit | None = None,
    confirm: int = 0,
    types: Resolver | None = None,
) -> RunRecord:
    """Run `run` (0-based) of one test; with `limit` (in a supervised worker) each step
    announces its time limit and the agent is called directly, since the parent kills the
    worker at the limit. `carry` brings the trace back as JSON (recording the worst of N runs,
    keeping traces for the gate); else `record` writes it here and `keep` keeps it for the gate
    (`blame.kept.keep_traces`). The only run of its test (`alone`) needs no tool path or
    events: they only compare runs. `confirm` > 0 puts a failed run's suspects to the test,
    re-running that many times each. `types` resolves check types (the suite's, shared)."""
    threshold = config.settings.fail_below_reward
    budget = checks_budget(config, spec.checks)
    crashed: PartialRunError | None = None  # the run raised part-way
    source: Path | None = None  # a file that holds exactly the trace: kept by linking it
    if spec.trace is None and replay:
        path = fixture_path(config, spec.name)
        try:
            trace = read_fixture_at(path, spec.name, spec.input, spec.faults)
        except BlameError as error:
            return RunRecord(_error_case(spec, threshold, error.format()))
        if trace.test_name == spec.name:
            source = path
        else:
            trace = replace(trace, test_name=spec.name)
        crashed = raised_in(trace, str(path), fixture_of=spec.name)
    elif spec.trace is not None:
        try:
            trace = trace_of(config, spec, replay=replay)
        except BlameError as error:
            return RunRecord(_error_case(spec, threshold, error.format()))
        crashed = raised_in(trace, str(spec.trace))
    else:
        if limit is not None:
            limit(config.settings.timeout, "importing the entrypoint")
        entry = agent.get()
        token = set_run_index(run)
        try:
            trace = _live(config, spec, entry, limit, "running the agent")
        except PartialRunError as error:
            trace, crashed = error.trace, error
        except BlameError as error:
            return RunRecord(_error_case(spec, threshold, error.format()))
        finally:
            reset_run_index(token)
    if limit is not None:
        limit(budget, "running the checks")
    case = evaluate_trace(
        trace,
        spec.checks,
        threshold=threshold,
        name=spec.name,
        context=context_of(config),
        draw=True,  # a failed test's graph, for the reports to draw
        types=types,
    )
    if crashed is not None:
        return RunRecord(raised_case(case, crashed))
    if confirm and not case.passed and case.error is None and spec.trace is None:
        case = _confirmed(config, spec, trace, case, agent, confirm, limit)
    text: str | None = None
    if record or carry:
        try:
            text = (recorded_for(trace, spec.input, spec.faults) if record else trace).to_json()
        except (TypeError, ValueError, RecursionError) as error:  # metadata from the agent
            problem = "nested too deeply" if isinstance(error, RecursionError) else str(error)
            message = (
                f"cannot record the trace: its metadata is not JSON ({shorten(problem, 120)}); "
                "keep step metadata to plain, shallow JSON values"
            )
            if not record:  # only kept for the gate: it will say no trace was kept
                return RunRecord(case) if alone else summarise(case, trace)
            return RunRecord(_error_case(spec, threshold, f"test {spec.name!r}: {message}"))
        if not carry:
            atomic_write_text(fixture_path(config, spec.name), text)
            text = None
    if keep:
        keep_trace_files(config.settings.output_dir, spec.name, [(case, source or trace)])
    return RunRecord(case, trace_json=text) if alone else summarise(case, trace, text)


def _confirmed(
    config: Config,
    spec: CaseSpec,
    trace: Trace,
    case: CaseResult,
    agent: _LazyAgent,
    repeats: int,
    limit: Limit | None,
) -> CaseResult:
    """`case` with its top suspects confirmed or refuted by re-runs from their steps."""
    from blame.confirm import NO_RERUN, confirm_case
    from blame.stubs import stubs

    def again() -> Trace:  # under the test's faults, as its first run was
        return _live(config, spec, agent.get(), limit, "re-running from a suspect's step")

    kind = config.agent.type if config.agent is not None else None
    return confirm_case(
        case,
        trace,
        spec.checks,
        again,
        repeats=repeats,
        context=context_of(config),
        unavailable=NO_RERUN.get(kind or ""),
        stubs=stubs(config.tools),
    )


def trace_of(config: Config, spec: CaseSpec, *, replay: bool, limit: Limit | None = None) -> Trace:
    """One trace of a test: its stored `trace:` file, its replay fixture, or one live run (in
    a supervised worker when `limit` is given: each step announces its time, the parent kills)."""
    if spec.trace is not None:
        from blame.importers import load_trace

        trace = load_trace(spec.trace, test_name=spec.name, context=context_of(config))
        heard(trace, spec.trace, config.base_dir)  # for the run's record (a suite's run)
        return replace(trace, test_name=spec.name)
    if replay:
        return load_fixture(config, spec.name, spec.input, spec.faults)
    if limit is not None:
        limit(config.settings.timeout, "importing the entrypoint")
    return _live(config, spec, _LazyAgent(config).get(), limit, "running the agent")


def _live(config: Config, spec: CaseSpec, entry: Any, limit: Limit | None, doing: str) -> Trace:
    """One live run of `entry` under the test's faults: here with its own timeout, or in a
    supervised worker (`limit`), which announces `doing` for the parent's clock."""
    from blame.agentcall import call_agent, run_with_timeout  # live runs only
    from blame.faults import live_trace  # the fault machinery: live runs only

    if limit is None:
        return live_trace(spec.faults, lambda: run_with_timeout(entry, spec, config))
    limit(config.settings.timeout, doing)
    return live_trace(spec.faults, lambda: call_agent(entry, spec, config))


def checks_budget(config: Config, checks: Sequence[Check]) -> float:
    """How long the checks of one test may take: settings.timeout plus each code check's own."""
    return budget(config.settings.timeout, checks)


def budget(timeout: float, checks: Sequence[Check]) -> float:
    """`timeout` plus each code check's own timeout."""
    own = {"python_import_check": 10.0, "unit_tests": 30.0}
    extra = sum(float(c.params.get("timeout", own[c.type])) for c in checks if c.type in own)
    return timeout + extra


def load_fixture(
    config: Config, test_name: str, test_input: Any = None, test_faults: Sequence[Fault] = ()
) -> Trace:
    """The recorded trace of one test, named after it; FixtureMissingError when there is none,
    a TraceError when it was recorded for an input other than `test_input` (None: any) or
    under other faults than `test_faults`. A fixture recorded under the name is returned as
    read, with the parent indexes its read found (a copy would compute them again)."""
    trace = read_fixture(config, test_name, test_input, test_faults)
    return trace if trace.test_name == test_name else replace(trace, test_name=test_name)


def read_fixture(
    config: Config, test_name: str, test_input: Any = None, test_faults: Sequence[Fault] = ()
) -> Trace:
    """The recorded trace of one test as its file holds it (the name it was recorded under);
    FixtureMissingError when there is none."""
    return read_fixture_at(fixture_path(config, test_name), test_name, test_input, test_faults)


def evaluate_trace(
    trace: Trace,
    checks: Sequence[Check],
    *,
    threshold: float,
    name: str,
    context: RunContext | None = None,
    draw: bool = False,
    types: Resolver | None = None,
) -> CaseResult:
    """Score a trace against checks, blame each failed check and suggest patches.

    Check types come from `context` (a new run context when not given), through `types` when
    given (a suite's, which looks each type up once). With `draw`, a failed test carries its
    step graph for the reports (`blame test`; not `analyze`'s many traces).
    """
    if context is None:
        from blame.context import RunContext

        context = RunContext()
    # Building and walking a 100,000-step graph allocates a million small objects and no
    # cycles; pausing the cyclic collector halves the time.
    with gc_paused(), regex_budget():  # 30 catastrophic patterns: 10 s, not 30 s and more
        return _evaluate_trace(
            trace,
            checks,
            threshold=threshold,
            name=name,
            draw=draw,
            types=types or Resolver(context),
        )


def _evaluate_trace(
    trace: Trace,
    checks: Sequence[Check],
    *,
    threshold: float,
    name: str,
    draw: bool,
    types: Resolver,
) -> CaseResult:
    results: list[CheckResult] = []
    failures: list[tuple[Check, CheckResult]] = []
    errors: list[str] = []
    graph: StepGraph | None = None
    found: dict[str, CheckType | None] = {}  # what phrases each type's patches
    for check in checks:
        check_type, who, evaluation = _evaluate_one(check, trace, types)
        found[check.type] = check_type
        if evaluation.error is not None:
            errors.append(evaluation.error)
        suspects: tuple[Any, ...] = ()
        if not evaluation.ok and evaluation.error is None:  # an errored check has no culprit
            if graph is None:
                graph = StepGraph(trace)
            suspects, problem, why = engine.attribute_check(
                check, evaluation, graph, check_type, who
            )
            if problem is not None:
                errors.append(problem)
            if why:  # the message says why nobody is blamed
                evaluation = replace(evaluation, message=f"{evaluation.message}; {why}")
        result = CheckResult(
            name=check.name,
            type=check.type,
            passed=evaluation.ok,
            score=evaluation.score,
            weight=check.weight,
            message=f"{ERROR_PREFIX}{evaluation.error}" if evaluation.error else evaluation.message,
            blame=suspects,
            error=evaluation.error,
        )
        results.append(result)
        if not result.passed:
            failures.append((check, result))
    total_weight = sum(c.weight for c in checks)
    reward = sum(r.score * r.weight for r in results) / total_weight if total_weight else 0.0
    patches: tuple[Any, ...] = ()
    if failures:
        try:
            patches = tuple(
                suggest_patches(failures, trace, check_types=found, context=types.context)
            )
        except BlameError as problem:  # a plugin's patch phrasing raised: this test errors
            errors.append(problem.format())
    error = "; ".join(errors) if errors else None
    passed = error is None and reward >= threshold
    drawn = None
    if draw and not passed:  # what the reports draw: bounded, built in one pass
        drawn = casegraph.build(trace, (r.blame[0] for r in results if r.blame))
    return CaseResult(
        name=name,
        passed=passed,
        reward=reward,
        threshold=threshold,
        error=error,
        checks=tuple(results),
        patches=patches,
        graph=drawn,
    )


def _evaluate_one(
    check: Check, trace: Trace, types: Resolver
) -> tuple[CheckType | None, str, Evaluation]:
    """Evaluate safely: a plugin that raises or misbehaves errors this check, not the run.
    Also the check type and how messages name its plugin (the engine's, if none was found)."""
    found: CheckType | None = None
    who = "the blame engine"
    try:
        found, who = types.get(check.type)
        result = checks.evaluate(found, check, trace, who=who)
    except BlameError as error:
        problem = f"check type {check.type!r} could not evaluate: {error.format()}"
        return found, who, Evaluation(score=0.0, message="", error=problem)
    score = float(result.score)
    if not 0.0 <= score <= 1.0:
        problem = f"check {check.name}: check type {check.type!r} gave score {score}, not in [0, 1]"
        return found, who, Evaluation(score=0.0, message="", error=problem)
    return found, who, result
