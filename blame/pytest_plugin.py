"""pytest plugin: the tests of a blame.yaml as pytest items (`pytest --blame-config blame.yaml`).

Registered through the `pytest11` entry point, so it is active wherever blame is installed, and
inert unless `--blame-config` is given: it claims no file of its own accord and imports
nothing heavy. Each blame test is one item (so `-k`, `-x`, `--lf` and the rest work); a failed
item shows, in pytest's own failure report, each failed check with its ranked culprits and
their reasons, then the prompt patches. A config that cannot be loaded is one collection error
naming the file and field. Given only `--blame-config` (no paths), pytest collects just the
blame tests, not the project's `testpaths`.

What the import of a test's stored `trace:` file skipped or guessed (a broken JSON line, a
duplicate span dropped) is said as `blame test` says it, one `blame: warning: FILE: ...` line
each, in a "blame: stored trace warnings" section of pytest's terminal summary, as plugins
report beside the tests (pytest-cov's coverage table). Not a Python warning: under `-W error`
(or `filterwarnings = error`) pytest would turn it into a failed test, and a warning is no
failure. Each item puts its lines in a report section (pytest serialises those from xdist's
workers too), shown beside a failure as well.

For asserting on a trace inside ordinary pytest tests, see `blame.testing.assert_passes`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from blame.config import CaseSpec, Config
    from blame.results import CaseResult


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("blame", "blame: tests of multi-agent pipelines")
    group.addoption(
        "--blame-config",
        action="append",
        default=[],
        metavar="PATH",
        help="Collect the tests of this blame.yaml as pytest items (may be repeated).",
    )
    group.addoption(
        "--blame-replay",
        action="store_true",
        default=False,
        help="Replay recorded fixtures instead of running the agent.",
    )


def _configured(config: pytest.Config) -> list[Path]:
    from blame.files import real_path  # the plugin loads in every pytest run: nothing more

    return [real_path(p) for p in config.getoption("blame_config") or []]


def pytest_configure(config: pytest.Config) -> None:
    paths = _configured(config)
    if not paths:
        return
    config.addinivalue_line("markers", "blame: a test of a blame.yaml")
    given = [str(p) for p in paths]
    if config.args_source == pytest.Config.ArgsSource.ARGS:
        config.args.extend(given)
    else:  # no paths on the command line: run the blame tests, not the testpaths
        config.args[:] = given


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    from blame.files import real_path

    if real_path(file_path) in _configured(parent.config):
        found: BlameFile = BlameFile.from_parent(parent, path=file_path)
        return found
    return None


_SECTION = "blame import"
"""The report section of an item whose stored trace was read in part: one note a line."""


def pytest_terminal_summary(terminalreporter: Any) -> None:
    notes = [
        note
        for reports in terminalreporter.stats.values()
        for report in reports
        if isinstance(report, pytest.TestReport) and report.when == "call"
        for title, text in report.sections
        if title == f"Captured {_SECTION} call"
        for note in text.splitlines()
    ]
    if notes:
        import io

        from blame.importnotes import say

        said = io.StringIO()
        say(notes, said)
        terminalreporter.section("blame: stored trace warnings", yellow=True)
        for line in said.getvalue().splitlines():
            terminalreporter.line(line)


class BlameFile(pytest.File):
    """One blame.yaml: loaded once, one item per test."""

    blame_config: Config | None = None

    def collect(self) -> Iterator[pytest.Item]:
        from blame.config import load_config
        from blame.context import RunContext
        from blame.errors import BlameError

        try:
            self.blame_config = load_config(self.path, context=RunContext())
        except BlameError as error:
            raise self.CollectError(f"blame: {error.format()}") from None
        for spec in self.blame_config.tests:
            yield BlameItem.from_parent(self, name=spec.name, spec=spec)


class BlameFailure(Exception):
    """A blame test that failed or could not be evaluated."""

    def __init__(self, case: CaseResult) -> None:
        super().__init__(case.name)
        self.case = case


class BlameItem(pytest.Item):
    """One test of a blame.yaml."""

    def __init__(self, *, spec: CaseSpec, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.spec = spec
        self.add_marker("blame")

    def runtest(self) -> None:
        from blame.runner import run_suite

        parent = self.parent
        if not isinstance(parent, BlameFile) or parent.blame_config is None:
            raise RuntimeError("a blame item outside its blame.yaml")  # pytest's own misuse
        config = replace(parent.blame_config, tests=(self.spec,))
        replay = bool(self.config.getoption("blame_replay")) or config.settings.replay
        skipped: list[str] = []  # what the import of its stored trace skipped
        (case,) = run_suite(config, replay=replay, notes=skipped).tests
        if skipped:  # said in the terminal summary, not as a Python warning (see the top)
            from blame.text import printable

            text = "".join(f"{printable(note)}\n" for note in skipped)
            self.add_report_section("call", _SECTION, text)
        if case.error is not None or not case.passed:
            raise BlameFailure(case)
        from blame.ci_reports import inconclusive_reason

        unsure = inconclusive_reason(case)
        if unsure is not None:  # as JUnit and TAP show it: no failure, and no pass either
            pytest.skip(unsure)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> Any:
        if isinstance(excinfo.value, BlameFailure):
            from blame.ci_reports import failure_text
            from blame.text import printable

            case = excinfo.value.case
            if case.error is not None:
                return f"blame test {case.name!r} could not be evaluated: {printable(case.error)}"
            return f"blame test {case.name!r} failed\n{failure_text(case)}"
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"blame: {self.name}"
