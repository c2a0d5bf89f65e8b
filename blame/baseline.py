"""Baselines: what a reviewed run looked like, kept in one committable file.

`blame baseline save` turns the last run's results into a file that holds, per test, its runs,
passes, pass rate and Wilson 95 % interval, and per check how often it failed, its failure
categories and its culprits, plus the test's passing trace, embedded, so the baseline is one
self-contained file that needs no fixture folder (a trace over `TRACE_LIMIT` is left out, and
the gate then names no first divergence for that test). `blame.gate` compares runs with it.

The traces come from `<output_dir>/traces/`, where `blame test` keeps, per test, the first
passing run's and the worst failing run's trace.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from blame import jsontext
from blame.errors import ConfigError, TraceError
from blame.fields import Fields, at
from blame.files import atomic_write_text, safe_filename

if TYPE_CHECKING:
    from blame.model import Trace
    from blame.results import CaseResult, CheckResult, SuiteResult

BASELINE_VERSION = 1
"""Version of the baseline file's JSON form."""

DEFAULT_BASELINE = "blame-baseline.json"
"""The file `blame baseline save` writes beside blame.yaml when not told where."""

TRACES_DIR = "traces"
"""Folder under output_dir where `blame test` keeps each test's passing and failing trace."""

TRACE_LIMIT = 1_000_000
"""Largest passing trace (characters of JSON) a baseline embeds; a larger one is left out and
the gate then reports regressions without a first divergence."""

Outcome = Literal["pass", "fail"]
"""Which of a test's kept traces: its first passing run's or its worst failing run's."""


def category_of(check: CheckResult) -> str:
    """The failure category of a check that failed (in any run): its own, else by type as
    `blame analyze --summary` names them (`error in run` for one that could not be evaluated)."""
    from blame.categories import ERROR_CATEGORY, category

    own = getattr(check, "category", None)
    if isinstance(own, str) and own:
        return own
    return ERROR_CATEGORY if check.error is not None else category(check.type)


def wilson(passes: int, runs: int) -> tuple[float, float]:
    """The Wilson score 95 % interval of `passes` out of `runs` ((0, 1) for no runs), rounded
    as the results JSON writes it."""
    from blame.stats import wilson as interval

    found = interval(passes, max(runs, 0))
    return (round(found.low, 4), round(found.high, 4))


def runs_of(case: CaseResult) -> tuple[int, int]:
    """(runs, passes) of a test: over its repeated runs when it has them (`runs: N`), else
    its one run."""
    stats = getattr(case, "runs", None)
    total, passes = getattr(stats, "total", None), getattr(stats, "passes", None)
    if isinstance(total, int) and isinstance(passes, int) and total > 0:
        return total, passes
    return 1, int(case.passed)


def check_runs(check: CheckResult) -> tuple[int, int]:
    """(runs, failing) of a check: over the test's repeated runs when it has them, else its
    one run. A check can fail in some runs and pass in the worst one the result shows."""
    stats = getattr(check, "runs", None)
    runs, failing = getattr(stats, "runs", None), getattr(stats, "failing", None)
    if isinstance(runs, int) and isinstance(failing, int) and runs > 0:
        return runs, failing
    return 1, int(not check.passed)


# -- the traces a run keeps ------------------------------------------------------------------


def trace_file(output_dir: Path, test_name: str, outcome: Outcome) -> Path:
    """Where `blame test` keeps a test's passing or failing trace."""
    return output_dir / TRACES_DIR / _trace_name(test_name, outcome)


def _trace_name(test_name: str, outcome: Outcome) -> str:
    return safe_filename(test_name, f".{outcome}.json")


def keep_traces(
    output_dir: Path,
    test_name: str,
    outcomes: Sequence[tuple[CaseResult, Trace | str | Path | None]],
) -> None:
    """Keep the first passing run's trace and the worst failing run's (a Trace; its JSON text,
    as a run in a worker sends it back; or the path of a file that holds exactly that trace, a
    replayed fixture, which is linked instead of written again), for the gate to compare (a
    trace that cannot be written as JSON is not kept; the gate then says so)."""
    passing = next((t for case, t in outcomes if case.passed and t is not None), None)
    failing = [(case.reward, i, t) for i, (case, t) in enumerate(outcomes) if not case.passed]
    worst = min(((r, i, t) for r, i, t in failing if t is not None), default=None)
    kept: list[tuple[Outcome, Trace | str | Path | None]] = [
        ("pass", passing),
        ("fail", worst[2] if worst else None),
    ]
    folder = os.path.join(output_dir, TRACES_DIR)  # plain strings: a suite keeps 2 per test
    for outcome, trace in kept:
        path = os.path.join(folder, _trace_name(test_name, outcome))
        try:
            if trace is None:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(path)
            elif isinstance(trace, Path):
                _link_quickly(trace, path)
            else:
                text = (
                    trace
                    if isinstance(trace, str)
                    else json.dumps(trace.to_dict(), ensure_ascii=False)
                )
                _replace_quickly(path, text)
        except (OSError, TypeError, ValueError, RecursionError):
            continue


def _replace_quickly(path: str, text: str) -> None:
    """Replace `path` atomically (readers see the old file or the new one) without syncing to
    disk: a kept trace is scratch the next run rewrites, and a sync per test would cost more
    than evaluating it. Plain descriptor writes to a temporary named after the process: a
    suite keeps a trace per test, and a text stream plus a random name cost more than the
    write (an earlier process's leftover of the same name is overwritten, never followed)."""
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    data = memoryview(text.encode("utf-8"))
    try:
        try:
            fd = os.open(tmp, _WRITE_NEW, 0o666)  # the umask's mode, as open() gives
        except FileNotFoundError:  # the first trace kept here
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fd = os.open(tmp, _WRITE_NEW, 0o666)
        except OSError:  # a leftover not to write through (a link): remove it, not its target
            os.unlink(tmp)
            fd = os.open(tmp, _WRITE_NEW, 0o666)
        try:
            while data:
                data = data[os.write(fd, data) :]
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _link_quickly(source: Path, path: str) -> None:
    """Replace `path` atomically with the file `source` (no trace of a million steps written
    again): a hard link where the file system allows one, else a copy. The fixture is never
    written through it: `blame record` replaces fixtures, and a kept trace is replaced too.

    Where nothing is kept yet (`blame test` forgot the last run's traces) the link is made at
    `path` itself, one call; else through a temporary renamed over it. A leftover temporary of
    an earlier process is removed when the link finds it, never followed."""
    try:
        os.link(source, path)
        return
    except OSError:  # a trace is there already, no folder yet, or no hard links here
        pass
    tmp = f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        try:
            os.link(source, tmp)
        except FileExistsError:  # a leftover of an earlier process
            os.unlink(tmp)
            os.link(source, tmp)
        except FileNotFoundError:
            folder = os.path.dirname(path)
            if not os.path.isdir(folder):  # the first trace kept here
                os.makedirs(folder, exist_ok=True)
            os.link(source, tmp)
    except OSError:  # no hard links here (another file system, a FAT disk): copy it
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)  # copyfile would write through a leftover link
        shutil.copyfile(source, tmp)
    try:
        os.replace(tmp, path)
    finally:  # a rename onto another link of the same file does nothing and leaves tmp
        with contextlib.suppress(OSError):
            os.unlink(tmp)


_WRITE_NEW = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_TRUNC
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def forget_traces(output_dir: Path) -> None:
    """Remove the traces an earlier run kept, so a test that no longer runs leaves none."""
    folder = os.path.join(output_dir, TRACES_DIR)
    try:
        with os.scandir(folder) as entries:  # names only: no Path per kept trace
            stale = [e.path for e in entries if e.name.endswith((".pass.json", ".fail.json"))]
    except OSError:
        return
    for path in stale:
        try:
            os.unlink(path)
        except OSError:
            continue


def load_kept(output_dir: Path, test_name: str, outcome: Outcome) -> Trace | None:
    """A kept trace, or None when the run kept none (or it cannot be read)."""
    from blame.importers.common import read_text
    from blame.model import Trace

    path = trace_file(output_dir, test_name, outcome)
    if not path.is_file():
        return None
    try:
        return Trace.from_json(read_text(path), source=str(path))
    except TraceError:
        return None


# -- the baseline file -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckBaseline:
    """One check of one test as the baseline saw it."""

    name: str
    """The check's display name."""
    runs: int
    """Runs it was evaluated in."""
    failures: int
    """Runs it failed in."""
    categories: tuple[str, ...]
    """Its failure categories, sorted (empty when it never failed)."""
    culprits: tuple[str, ...]
    """Its culprits (suspect names: an agent, a tool, `"A -> B"`), sorted."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        rate = (self.runs - self.failures) / self.runs if self.runs else 0.0
        return {
            "name": self.name,
            "runs": self.runs,
            "failures": self.failures,
            "pass_rate": round(rate, 4),
            "interval": list(wilson(self.runs - self.failures, self.runs)),
            "categories": list(self.categories),
            "culprits": list(self.culprits),
        }


@dataclass(frozen=True, slots=True)
class TestBaseline:
    """One test as the baseline saw it."""

    name: str
    """The test's name."""
    runs: int
    """Runs of the test."""
    passes: int
    """Runs that passed."""
    checks: tuple[CheckBaseline, ...]
    """Its checks, sorted by name."""
    passing_trace: Mapping[str, Any] | None
    """A passing run's trace in blame's JSON form; None when no run passed or it was too big."""

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95 % interval of the pass rate."""
        return wilson(self.passes, self.runs)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "name": self.name,
            "runs": self.runs,
            "passes": self.passes,
            "pass_rate": round(self.passes / self.runs, 4) if self.runs else 0.0,
            "interval": list(self.interval),
            "checks": [c.to_dict() for c in self.checks],
            "passing_trace": None if self.passing_trace is None else dict(self.passing_trace),
        }


@dataclass(frozen=True, slots=True)
class Baseline:
    """A reviewed run that later runs are gated against."""

    tests: tuple[TestBaseline, ...]
    """Every test, sorted by name."""

    def to_json(self) -> str:
        """Deterministic JSON text: the same results and traces give the same bytes."""
        data = {"baseline_version": BASELINE_VERSION, "tests": [t.to_dict() for t in self.tests]}
        return jsontext.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _check_baseline(check: CheckResult) -> CheckBaseline:
    runs, failing = check_runs(check)
    return CheckBaseline(
        check.name,
        runs,
        failing,
        (category_of(check),) if failing else (),
        tuple(sorted(culprits_of(check))),
    )


def culprits_of(check: CheckResult) -> set[str]:
    """The culprits of a failed check: the top suspects of its failing runs when it ran more
    than once, else its top suspect."""
    shares = getattr(getattr(check, "runs", None), "culprits", None)
    if isinstance(shares, Sequence) and shares:
        return {str(getattr(share, "name", share)) for share in shares}
    return {check.blame[0].name} if check.blame and not check.passed else set()


def baseline_of(suite: SuiteResult, output_dir: Path) -> Baseline:
    """The baseline of a run; a test that could not be evaluated is refused (fix it first)."""
    tests = []
    for case in suite.tests:
        if case.error is not None:
            raise ConfigError(
                f"test {case.name!r} could not be evaluated in the last run",
                field="baseline save",
                hint="fix it and run `blame test` again before saving a baseline",
            )
        runs, passes = runs_of(case)
        trace = load_kept(output_dir, case.name, "pass") if passes else None
        embedded = trace.to_dict() if trace is not None else None
        if embedded is not None and len(json.dumps(embedded)) > TRACE_LIMIT:
            embedded = None
        checks = tuple(sorted((_check_baseline(c) for c in case.checks), key=lambda c: c.name))
        tests.append(TestBaseline(case.name, runs, passes, checks, embedded))
    return Baseline(tuple(sorted(tests, key=lambda t: t.name)))


def save(suite: SuiteResult, output_dir: Path, path: Path) -> Baseline:
    """Write the baseline of `suite` to `path`, atomically."""
    baseline = baseline_of(suite, output_dir)
    atomic_write_text(path, baseline.to_json())
    return baseline


def load(path: Path) -> Baseline:
    """Read a baseline file; a wrong field is one error naming it and the fix."""
    from blame.importers.common import parse_json, read_text

    if not path.is_file():
        raise ConfigError(
            "no such baseline file", file=str(path), hint="write one with `blame baseline save`"
        )
    data = parse_json(read_text(path), source=str(path))
    return _baseline_from(data, str(path))


def _baseline_from(data: Any, file: str | None = None) -> Baseline:
    fields = Fields(file, error=ConfigError, hint="write a fresh one with `blame baseline save`")
    if not isinstance(data, Mapping):
        raise fields.error(None, "a baseline must be a JSON object")
    if data.get("baseline_version") != BASELINE_VERSION:
        found = data.get("baseline_version")
        raise fields.error("baseline_version", f"must be {BASELINE_VERSION}, got {found!r}")
    tests = _field(fields, data, "tests", list, "")
    return Baseline(tuple(_test_from(raw, fields, f"tests[{i}]") for i, raw in enumerate(tests)))


def _test_from(raw: Any, fields: Fields, where: str) -> TestBaseline:
    if not isinstance(raw, Mapping):
        raise fields.error(where, "must be an object")
    checks = _field(fields, raw, "checks", list, where)
    trace = raw.get("passing_trace")
    if trace is not None and not isinstance(trace, Mapping):
        raise fields.error(f"{where}.passing_trace", "must be a trace object or null")
    runs = _field(fields, raw, "runs", int, where)
    passes = _field(fields, raw, "passes", int, where)
    if not 0 <= passes <= runs or runs < 1:
        raise fields.error(f"{where}.passes", f"must be between 0 and runs ({runs})")
    return TestBaseline(
        _field(fields, raw, "name", str, where),
        runs,
        passes,
        tuple(_check_from(c, fields, f"{where}.checks[{i}]") for i, c in enumerate(checks)),
        trace,
    )


def _check_from(raw: Any, fields: Fields, where: str) -> CheckBaseline:
    if not isinstance(raw, Mapping):
        raise fields.error(where, "must be an object")
    runs = _field(fields, raw, "runs", int, where)
    failures = _field(fields, raw, "failures", int, where)
    if not 0 <= failures <= runs or runs < 1:
        raise fields.error(f"{where}.failures", f"must be between 0 and runs ({runs})")
    return CheckBaseline(
        _field(fields, raw, "name", str, where),
        runs,
        failures,
        tuple(sorted(_strings(fields, raw, "categories", where))),
        tuple(sorted(_strings(fields, raw, "culprits", where))),
    )


def _field(fields: Fields, raw: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    """`raw[key]`, of exactly the JSON type `kind` (a boolean is no int)."""
    value = raw.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise fields.error(at(where, key), f"must be {kind.__name__}, got {fields.describe(value)}")
    return value


def _strings(fields: Fields, raw: Mapping[str, Any], key: str, where: str) -> list[str]:
    values = _field(fields, raw, key, list, where)
    if not all(isinstance(v, str) for v in values):
        raise fields.error(at(where, key), "must be a list of strings")
    return list(values)
