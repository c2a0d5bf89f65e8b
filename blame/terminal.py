"""The terminal report, and what `blame test` prints while a suite runs.

Rich panels on a terminal, plain text in a pipe or under NO_COLOR; agent text never reaches
the terminal raw (`printable`: escapes shown, not obeyed) nor as rich markup. A passing test takes
one line; a failing or errored one gets its checks, root cause and patch. While a suite runs,
`Progress` prints each test as it finishes; on a terminal a progress bar appears once the suite
has run for a second (a quick suite never flickers one). The summary names the failing tests.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import replace
from io import TextIOBase
from typing import TYPE_CHECKING, Any, TextIO

from blame.reports import (
    check_status,
    confirmation_text,
    confirmations,
    root_causes,
    shows_causes,
    status,
    summary,
    suspect_line,
)
from blame.runreport import repeat_lines
from blame.text import printable

if TYPE_CHECKING:
    from rich.console import RenderableType

    from blame.results import CaseResult, SuiteResult

BAR_AFTER_S = 1.0
"""How long a suite runs before the progress bar appears."""


def use_rich(stream: TextIO) -> bool:
    """Rich output only on a terminal without NO_COLOR."""
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


SHOWN_LIMIT = 2000
"""Most characters of one text (a name, a message, a reason) a terminal is shown; the results
JSON keeps the whole. An agent or test name of a megabyte would fill the scrollback."""


def shown(text: str) -> str:
    """`text` as a terminal shows it: escaped (see `printable`) and bounded."""
    if len(text) > SHOWN_LIMIT:
        text = f"{text[:SHOWN_LIMIT]}… ({len(text) - SHOWN_LIMIT:,} more characters)"
    return printable(text)


def printable_test(test: CaseResult) -> CaseResult:
    """The test with control characters in every text shown as escapes (see `printable`),
    each text at most SHOWN_LIMIT characters."""

    def one(text: str) -> str:
        return shown(text)

    checks = tuple(
        replace(
            check,
            name=one(check.name),
            message=one(check.message),
            blame=tuple(
                replace(
                    s,
                    name=one(s.name),
                    agent=one(s.agent),
                    reason=one(s.reason),
                    confirmation=None
                    if s.confirmation is None
                    else replace(s.confirmation, change=one(s.confirmation.change)),
                )
                for s in check.blame
            ),
        )
        for check in test.checks
    )
    patches = tuple(
        replace(p, target=one(p.target), instructions=tuple(map(one, p.instructions)))
        for p in test.patches
    )
    error = None if test.error is None else one(test.error)
    return replace(test, name=one(test.name), error=error, checks=checks, patches=patches)


def printable_suite(suite: SuiteResult) -> SuiteResult:
    """The suite with control characters in every text shown as escapes (see `printable`)."""
    return replace(suite, tests=tuple(printable_test(test) for test in suite.tests))


def summary_lines(suite: SuiteResult) -> list[str]:
    """The counts, then the failing and the errored tests by name."""
    lines = [summary(suite)]
    for state, word in (("FAIL", "failed"), ("ERROR", "errors")):
        names = [shown(t.name) for t in suite.tests if status(t) == state]
        if names:
            lines.append(f"{word}: {', '.join(names)}")
    return lines


def print_suite(suite: SuiteResult, stream: TextIO | None = None) -> None:
    """Print every test and the summary: rich panels on a terminal, plain text otherwise."""
    out = stream if stream is not None else sys.stdout
    if use_rich(out):
        from rich.console import Console
        from rich.text import Text

        console = Console(file=out, highlight=False, emoji=False)
        for test in suite.tests:
            print_test(test, console)
        lines = summary_lines(suite)
        console.print(Text(lines[0], style="bold"))
        for line in lines[1:]:
            console.print(Text(line, style="red"))
    else:
        out.write(render_plain(suite))
    out.flush()


def print_test(test: CaseResult, out: Any) -> None:
    """One finished test on `out`, a rich Console or a text stream: a passing test one line,
    a failing or errored one its checks, root cause and patch."""
    test = printable_test(test)
    if isinstance(out, TextIOBase) or not hasattr(out, "print"):
        out.write("\n".join(_plain_lines(test)) + "\n")
    else:
        _print_rich(test, out)


def render_plain(suite: SuiteResult) -> str:
    """The terminal report without colour or boxes."""
    lines: list[str] = []
    for test in suite.tests:
        lines += _plain_lines(printable_test(test))
    lines += summary_lines(suite)
    return "\n".join(lines) + "\n"


def run_lines(test: CaseResult) -> list[str]:
    """The sentences about a repeated test's runs, safe for a terminal."""
    return [shown(line) for line in repeat_lines(test)]


def _runs_failed(test: CaseResult) -> bool:
    """A test run more than once whose runs did not all pass. Its PASS verdict is the pass
    rate's, beside the worst run's reward, which can be below the threshold: the lines about
    its runs say why, and how flaky it is."""
    return test.runs is not None and test.runs.passes < test.runs.total


def _plain_lines(test: CaseResult) -> list[str]:
    head = f"{status(test)} {test.name}  reward {test.reward:.2f} / threshold {test.threshold:.2f}"
    if status(test) == "PASS":
        return [head, *(f"  {line}" for line in run_lines(test))] if _runs_failed(test) else [head]
    lines = [head]
    if test.error is not None:
        lines.append(f"  error: {test.error}")
    lines.extend(f"  {line}" for line in run_lines(test))
    for check in test.checks:
        lines.append(
            f"  [{check_status(check)}] {check.name} (weight {check.weight:g}): {check.message}"
        )
    if shows_causes(test):
        causes = root_causes(test)
        if causes:
            lines.append("  Root cause:")
            for name, category, suspect in causes:
                text = suspect_line(suspect) if suspect else "unattributed"
                lines.append(f"    {name} [{category}]: {text}")
        if confirmations(test):
            lines.append("  Confirmation (re-run from the suspect's step):")
            for name, suspect in confirmations(test):
                lines.append(f"    {name}: {suspect.name}: {confirmation_text(suspect)}")
        if test.patches:
            lines.append("  Suggested patch:")
            for patch in test.patches:
                lines.append(f"    {patch.target}:")
                lines.extend(f"      - {line}" for line in patch.instructions)
    lines.append("")
    return lines


def render_recorded(suite: SuiteResult) -> str:
    """`blame record`'s lines: each test recorded (with its result) or why it was not."""
    lines = []
    for test in printable_suite(suite).tests:
        if test.error is not None:
            lines.append(f"not recorded {test.name}: {test.error}")
        else:
            lines.append(f"recorded {test.name} ({status(test)}, reward {test.reward:.2f})")
    failed = sum(1 for test in suite.tests if test.error is None and not test.passed)
    if failed:
        lines.append(f"{failed} failing: `blame test --replay` shows why")
    return "\n".join(lines) + "\n"


def _print_rich(test: CaseResult, console: Any) -> None:
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    colours = {"PASS": "green", "FAIL": "red", "INCONCLUSIVE": "yellow", "ERROR": "magenta"}
    state = status(test)
    title = Text.assemble(
        (f"{state} ", f"bold {colours[state]}"),
        (test.name, "bold"),
        f"  reward {test.reward:.2f} / threshold {test.threshold:.2f}",
    )
    if state == "PASS":
        console.print(title)
        if _runs_failed(test):
            for line in run_lines(test):
                console.print(Text(f"  {line}", style="yellow"))
        return
    table = Table(expand=True, show_edge=False)
    table.add_column("check", overflow="fold")
    table.add_column("result", no_wrap=True)
    table.add_column("weight", justify="right", no_wrap=True)
    table.add_column("detail", overflow="fold", ratio=3)
    for check in test.checks:
        mark = check_status(check)
        style = "green" if mark == "pass" else colours.get(mark, "red")
        table.add_row(
            Text(check.name),
            Text(mark, style=style),
            Text(f"{check.weight:g}"),
            Text(check.message),
        )
    parts: list[RenderableType] = []
    if test.error is not None:
        parts.append(Text(f"error: {test.error}", style="magenta"))
    parts.extend(Text(line, style="yellow") for line in run_lines(test))
    if test.checks:
        parts.append(table)
    console.print(
        Panel(Group(*parts), title=title, title_align="left", border_style=colours[state])
    )
    if shows_causes(test):
        causes = root_causes(test)
        if causes:
            cause_table = Table(expand=True, show_edge=False)
            columns = ("check", "category", "culprit", "kind", "step", "confidence", "reason")
            for column in columns:
                cause_table.add_column(column, overflow="fold")
            for name, category, suspect in causes:
                if suspect is None:
                    cause_table.add_row(
                        Text(name),
                        Text(category),
                        Text("unattributed", style="dim"),
                        "",
                        "",
                        "",
                        "",
                    )
                    continue
                cause_table.add_row(
                    Text(name),
                    Text(category),
                    Text(suspect.name, style="bold"),
                    suspect.kind,
                    "-" if suspect.step_index is None else str(suspect.step_index),
                    f"{suspect.confidence:.2f}",
                    Text(suspect.reason),
                )
            console.print(
                Panel(cause_table, title="Root cause", title_align="left", border_style="yellow")
            )
        if test.patches:
            body = Text()
            for i, patch in enumerate(test.patches):
                if i:
                    body.append("\n")
                body.append(patch.target, style="bold")
                for line in patch.instructions:
                    body.append(f"\n  - {line}")
            console.print(
                Panel(body, title="Suggested patch", title_align="left", border_style="cyan")
            )


class Progress:
    """Told of each finished test (`done`) and of time passing (`tick`); prints as it goes."""

    def __init__(self, stream: TextIO, *, clock: Any = time.monotonic) -> None:
        self.total = 0
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.finished = 0
        self.rich = use_rich(stream)
        self._console: Any = None
        self._bar: Any = None
        self._task: Any = None
        if self.rich:
            from rich.console import Console

            self._console = Console(file=stream, highlight=False, emoji=False)

    def start(self, total: int) -> None:
        """The suite starts: `total` tests to run."""
        self.total = total
        self.started = self.clock()

    def tick(self) -> None:
        """Time passed: on a terminal, show (or refresh) the bar once the suite ran a second."""
        if not self.rich or self.finished >= self.total:
            return
        if self._bar is None and self.clock() - self.started >= BAR_AFTER_S:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

            self._bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=self._console,
                transient=True,
                auto_refresh=False,  # no refresh thread: tests run in forked workers
                redirect_stdout=False,  # nor a proxy the workers would inherit
                redirect_stderr=False,
            )
            self._task = self._bar.add_task("testing", total=self.total, completed=self.finished)
            self._bar.start()
        if self._bar is not None:
            self._bar.refresh()

    def done(self, test: CaseResult) -> None:
        """A test finished: print it (above the bar on a terminal)."""
        self.finished += 1
        if self._console is not None:
            print_test(test, self._console)
        else:
            print_test(test, self.stream)
            self.stream.flush()
        if self._bar is not None:
            self._bar.update(self._task, completed=self.finished)
        self.tick()

    def close(self, suite: SuiteResult) -> None:
        """Take the bar away and print the summary, failing tests by name."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
        lines = summary_lines(suite)
        if self._console is not None:
            from rich.text import Text

            self._console.print(Text(lines[0], style="bold"))
            for line in lines[1:]:
                self._console.print(Text(line, style="red"))
        else:
            self.stream.write("\n".join(lines) + "\n")
            self.stream.flush()
