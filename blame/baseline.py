"""Baselines: what a reviewed run looked like, kept in one committable file.

`blame baseline save` turns the last run's results into a file that holds, per test, its runs,
passes, pass rate and Wilson 95 % interval, and per check how often it failed, its failure
categories and its culprits, plus the test's passing trace, embedded, so the baseline is one
self-contained file that needs no fixture folder (a trace over `TRACE_LIMIT` is left out, and
the gate then names no first divergence for that test). `blame.gate` compares runs with it.

The traces come from `<output_dir>/traces/`, where `blame test` keeps, per test, the first
passing run's and the worst failing run's trace (`blame.kept`).
"""

from __future__ import annotations

import json
import stat
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame import jsontext
from blame.errors import BlameError, ConfigError
from blame.fields import Fields, at
from blame.files import atomic_write_text
from blame.frozen import dataclass
from blame.kept import check_runs, culprits_of, load_kept, runs_of
from blame.text import brief

if TYPE_CHECKING:
    from blame.results import CheckResult, SuiteResult

BASELINE_VERSION = 1
"""Version of the baseline file's JSON form."""

DEFAULT_BASELINE = "blame-baseline.json"
"""The file `blame baseline save` writes beside blame.yaml when not told where."""

TOO_LARGE = "a baseline holds each test's passing trace, so raise the limit to gate against it"
"""How to read a baseline over the size limit (no trace in it to split)."""

TRACE_LIMIT = 1_000_000
"""Largest passing trace (characters of JSON) a baseline embeds; a larger one is left out and
the gate then reports regressions without a first divergence."""


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

    def summary(self) -> str:
        """`2 tests, 1 with known failures`: a test with a check that failed in any run (the
        gate's KNOWN), though the test itself passed every run on its weighted reward."""
        known = sum(1 for t in self.tests if t.passes < t.runs or any(c.failures for c in t.checks))
        count = len(self.tests)
        return f"{count} test{'' if count == 1 else 's'}, {known} with known failures"

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


def baseline_of(suite: SuiteResult, output_dir: Path) -> Baseline:
    """The baseline of a run; a test that could not be evaluated is refused (fix it first)."""
    from blame.tracefile import as_run  # loaded with the kept traces it reads anyway

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
        embedded = as_run(trace).to_dict() if trace is not None else None
        if embedded is not None and len(json.dumps(embedded)) > TRACE_LIMIT:
            embedded = None
        checks = tuple(sorted((_check_baseline(c) for c in case.checks), key=lambda c: c.name))
        tests.append(TestBaseline(case.name, runs, passes, checks, embedded))
    return Baseline(tuple(sorted(tests, key=lambda t: t.name)))


@dataclass(frozen=True, slots=True)
class Saved:
    """What `save` wrote, and what it did about the tests the last run left out."""

    baseline: Baseline
    """The baseline written."""
    kept: tuple[str, ...]
    """Tests of the config the run left out (`-k`), kept from the baseline it replaced."""
    lost: tuple[str, ...]
    """Tests of the config the run left out that the baseline it replaced did not have."""
    unreadable: str | None
    """Why the baseline it replaced could not be read, when it mattered (tests were left out)."""


def save(suite: SuiteResult, output_dir: Path, path: Path, configured: Sequence[str] = ()) -> Saved:
    """Write the baseline of `suite` to `path`, atomically. A test of the config (`configured`)
    that the run left out (a `blame test -k` run) keeps its entry from the baseline at `path`:
    a baseline saved after a run of one test lost every other test's."""
    baseline = baseline_of(suite, output_dir)
    ran = {test.name for test in baseline.tests}
    left_out = sorted({name for name in configured if name not in ran})
    kept: list[TestBaseline] = []
    unreadable = None
    if left_out and path.exists():
        try:
            before = {test.name: test for test in load(path).tests}
        except BlameError as error:
            unreadable = error.format()
        else:
            kept = [before[name] for name in left_out if name in before]
    if kept:
        baseline = Baseline(tuple(sorted((*baseline.tests, *kept), key=lambda t: t.name)))
    names = {test.name for test in kept}
    atomic_write_text(path, baseline.to_json())
    lost = tuple(name for name in left_out if name not in names)
    return Saved(baseline, tuple(sorted(names)), lost, unreadable)


def load(path: Path) -> Baseline:
    """Read a baseline file; a wrong field is one error naming it and the fix."""
    from blame.importers.common import parse_json, read_text, within_limit

    try:
        found = path.stat()
    except FileNotFoundError:
        raise ConfigError(
            "no such baseline file", file=str(path), hint="write one with `blame baseline save`"
        ) from None
    except OSError as error:  # permission denied on a folder, a name too long, a loop
        raise ConfigError(
            f"cannot read: {error.strerror}", file=str(path), hint="pass a readable baseline file"
        ) from None
    if stat.S_ISDIR(found.st_mode):
        raise ConfigError(
            "is a folder, not a baseline file",
            file=str(path),
            hint="pass the baseline JSON file written by `blame baseline save`",
        )
    if not stat.S_ISREG(found.st_mode):  # a pipe waits forever, /dev/zero never ends
        raise ConfigError(
            "is not a regular file (a pipe or a device)",
            file=str(path),
            hint="pass the baseline JSON file written by `blame baseline save`",
        )
    within_limit(path, found.st_size, advice=TOO_LARGE)
    data = parse_json(read_text(path, sized=True), source=str(path))
    return _baseline_from(data, str(path))


def _baseline_from(data: Any, file: str | None = None) -> Baseline:
    fields = Fields(file, error=ConfigError, hint="write a fresh one with `blame baseline save`")
    if not isinstance(data, Mapping):
        raise fields.error(None, "a baseline must be a JSON object")
    if data.get("baseline_version") != BASELINE_VERSION:
        found = data.get("baseline_version")
        raise fields.error("baseline_version", f"must be {BASELINE_VERSION}, got {found!r}")
    tests = _field(fields, data, "tests", list, "")
    read = [_test_from(raw, fields, f"tests[{i}]") for i, raw in enumerate(tests)]
    seen: dict[str, int] = {}
    for i, test in enumerate(read):
        # blame.yaml names each test once: two entries would leave the gate's verdict to
        # whichever comes last (a known failure after a pass hid a regression)
        if test.name in seen:
            raise fields.error(
                f"tests[{i}].name",
                f"test {brief(test.name, 200)} is listed twice (also tests[{seen[test.name]}]); "
                "keep the entry you reviewed",
            )
        seen[test.name] = i
    return Baseline(tuple(read))


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
