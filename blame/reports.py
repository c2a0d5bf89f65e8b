"""Reports of a suite's results: terminal (rich, or plain text), Markdown, HTML and JSON.

Agent output is untrusted text: the terminal never interprets markup in it, Markdown cells are
escaped, and HTML escapes everything. Written reports are replaced atomically.
"""

from __future__ import annotations

import html
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from blame.errors import ConfigError, TraceError
from blame.files import atomic_write_texts
from blame.results import CaseResult, CheckResult, Patch, SuiteResult, Suspect
from blame.text import markdown_text, printable

if TYPE_CHECKING:
    from rich.console import RenderableType

RESULTS_FILE = Path("results") / "latest.json"
"""Under the output folder: the last run's results JSON."""
MARKDOWN_FILE = Path("reports") / "latest.md"
"""Under the output folder: the last run's Markdown report."""
FORMATS = ("md", "html", "json", "junit", "tap")


def status(test: CaseResult) -> str:
    """PASS, FAIL or ERROR."""
    if test.error is not None:
        return "ERROR"
    return "PASS" if test.passed else "FAIL"


def summary(suite: SuiteResult) -> str:
    """One line: how many tests passed, failed and errored."""
    counts = {"PASS": 0, "FAIL": 0, "ERROR": 0}
    for test in suite.tests:
        counts[status(test)] += 1
    word = "test" if len(suite.tests) == 1 else "tests"
    return (
        f"{len(suite.tests)} {word}: {counts['PASS']} passed, {counts['FAIL']} failed, "
        f"{counts['ERROR']} errors"
    )


def _check_status(check: CheckResult) -> str:
    if check.error is not None:
        return "ERROR"
    return "pass" if check.passed else "FAIL"


def _suspect_line(suspect: Suspect) -> str:
    step = "-" if suspect.step_index is None else str(suspect.step_index)
    return (
        f"{suspect.name} ({suspect.kind}), step {step}, confidence {suspect.confidence:.2f}: "
        f"{suspect.reason}"
    )


def patch_lines(patch: Patch) -> list[str]:
    """A patch's instructions, one a line, without their leading "- "."""
    lines = [line.strip() for line in patch.text.splitlines()]
    return [line[2:] if line.startswith("- ") else line for line in lines if line]


def root_causes(test: CaseResult) -> list[tuple[str, Suspect | None]]:
    """Each failed check with its top suspect (None when unattributed)."""
    return [(c.name, c.blame[0] if c.blame else None) for c in test.checks if not c.passed]


# -- terminal --------------------------------------------------------------------------------


def printable_suite(suite: SuiteResult) -> SuiteResult:
    """The suite with control characters in every text shown as escapes (see `printable`)."""

    def one(text: str) -> str:
        return printable(text)

    tests = []
    for test in suite.tests:
        checks = tuple(
            replace(
                check,
                name=one(check.name),
                message=one(check.message),
                blame=tuple(
                    replace(s, name=one(s.name), agent=one(s.agent), reason=one(s.reason))
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
        tests.append(
            replace(test, name=one(test.name), error=error, checks=checks, patches=patches)
        )
    return SuiteResult(tests=tuple(tests))


def use_rich(stream: TextIO) -> bool:
    """Rich output only on a terminal without NO_COLOR."""
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def print_suite(suite: SuiteResult, stream: TextIO | None = None) -> None:
    """Print every test and the summary: rich panels on a terminal, plain text otherwise."""
    out = stream if stream is not None else sys.stdout
    if use_rich(out):
        _print_rich(suite, out)
    else:
        out.write(render_plain(suite))
    out.flush()


def render_plain(suite: SuiteResult) -> str:
    """The terminal report without colour or boxes."""
    suite = printable_suite(suite)
    lines: list[str] = []
    for test in suite.tests:
        lines.append(
            f"{status(test)} {test.name}  reward {test.reward:.2f} / threshold {test.threshold:.2f}"
        )
        if test.error is not None:
            lines.append(f"  error: {test.error}")
        for check in test.checks:
            lines.append(
                f"  [{_check_status(check)}] {check.name} (weight {check.weight:g}): "
                f"{check.message}"
            )
        if not test.passed and test.checks:
            causes = root_causes(test)
            if causes:
                lines.append("  Root cause:")
                for name, suspect in causes:
                    text = _suspect_line(suspect) if suspect else "unattributed"
                    lines.append(f"    {name}: {text}")
            if test.patches:
                lines.append("  Suggested patch:")
                for patch in test.patches:
                    lines.append(f"    {patch.target}:")
                    lines.extend(f"      - {line}" for line in patch.instructions)
        lines.append("")
    lines.append(summary(suite))
    return "\n".join(lines) + "\n"


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


def _print_rich(suite: SuiteResult, stream: TextIO) -> None:
    from rich.console import Console, Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    suite = printable_suite(suite)
    console = Console(file=stream, highlight=False, emoji=False)
    colours = {"PASS": "green", "FAIL": "red", "ERROR": "magenta"}
    for test in suite.tests:
        state = status(test)
        table = Table(expand=True, show_edge=False)
        table.add_column("check", overflow="fold")
        table.add_column("result", no_wrap=True)
        table.add_column("weight", justify="right", no_wrap=True)
        table.add_column("detail", overflow="fold", ratio=3)
        for check in test.checks:
            mark = _check_status(check)
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
        if test.checks:
            parts.append(table)
        title = Text.assemble(
            (f"{state} ", f"bold {colours[state]}"),
            (test.name, "bold"),
            f"  reward {test.reward:.2f} / threshold {test.threshold:.2f}",
        )
        console.print(
            Panel(Group(*parts), title=title, title_align="left", border_style=colours[state])
        )
        if not test.passed and test.checks:
            causes = root_causes(test)
            if causes:
                cause_table = Table(expand=True, show_edge=False)
                for column in ("check", "culprit", "kind", "step", "confidence", "reason"):
                    cause_table.add_column(column, overflow="fold")
                for name, suspect in causes:
                    if suspect is None:
                        cause_table.add_row(
                            Text(name), Text("unattributed", style="dim"), "", "", "", ""
                        )
                        continue
                    cause_table.add_row(
                        Text(name),
                        Text(suspect.name, style="bold"),
                        suspect.kind,
                        "-" if suspect.step_index is None else str(suspect.step_index),
                        f"{suspect.confidence:.2f}",
                        Text(suspect.reason),
                    )
                console.print(
                    Panel(
                        cause_table, title="Root cause", title_align="left", border_style="yellow"
                    )
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
    console.print(Text(summary(suite), style="bold"))


# -- Markdown and HTML -----------------------------------------------------------------------


def render_markdown(suite: SuiteResult) -> str:
    """A Markdown report: summary, then each test's checks, root causes and patches."""
    out = ["# blame report", "", f"**{summary(suite)}**", ""]
    out += ["| test | result | reward | threshold |", "|---|---|---|---|"]
    for test in suite.tests:
        out.append(
            f"| {markdown_text(test.name)} | {status(test)} | {test.reward:.2f} "
            f"| {test.threshold:.2f} |"
        )
    for test in suite.tests:
        out += ["", f"## {status(test)}: {markdown_text(test.name)}", ""]
        if test.error is not None:
            out += [f"Error: {markdown_text(test.error)}", ""]
        if test.checks:
            out += ["| check | result | weight | detail |", "|---|---|---|---|"]
            for check in test.checks:
                out.append(
                    f"| {markdown_text(check.name)} | {_check_status(check)} | {check.weight:g} | "
                    f"{markdown_text(check.message)} |"
                )
        if not test.passed and test.checks:
            causes = root_causes(test)
            if causes:
                out += ["", "### Root cause", ""]
                out += ["| check | culprit | kind | step | confidence | reason |"]
                out += ["|---|---|---|---|---|---|"]
                for name, s in causes:
                    if s is None:
                        out.append(f"| {markdown_text(name)} | unattributed | | | | |")
                        continue
                    step = "-" if s.step_index is None else str(s.step_index)
                    out.append(
                        f"| {markdown_text(name)} | {markdown_text(s.name)} | {s.kind} | {step} | "
                        f"{s.confidence:.2f} | {markdown_text(s.reason)} |"
                    )
            if test.patches:
                out += ["", "### Suggested patch", ""]
                for patch in test.patches:
                    out.append(f"- **{markdown_text(patch.target)}**")
                    out += [f"  - {markdown_text(line)}" for line in patch_lines(patch)]
    return "\n".join(out) + "\n"


_CSS = (
    "body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}"
    "table{border-collapse:collapse;margin:.5rem 0}"
    "td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}"
    ".PASS,.pass{color:#16794c}.FAIL{color:#b42318}"
    ".ERROR{color:#8e24aa}"
)


def render_html(suite: SuiteResult) -> str:
    """A self-contained HTML report; every value is escaped."""

    def e(text: str) -> str:
        # Control characters too: `blame report -f html` may go straight to a terminal.
        return html.escape(printable(text, keep_newlines=True))

    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>blame report</title>',
        f"<style>{_CSS}</style></head><body>",
        "<h1>blame report</h1>",
        f"<p><strong>{e(summary(suite))}</strong></p>",
    ]
    for test in suite.tests:
        state = status(test)
        out.append(
            f'<h2><span class="{state}">{state}</span> {e(test.name)} '
            f"<small>reward {test.reward:.2f} / threshold {test.threshold:.2f}</small></h2>"
        )
        if test.error is not None:
            out.append(f'<p class="ERROR">error: {e(test.error)}</p>')
        if test.checks:
            out.append(
                "<table><tr><th>check</th><th>result</th><th>weight</th><th>detail</th></tr>"
            )
            for check in test.checks:
                mark = _check_status(check)
                out.append(
                    f'<tr><td>{e(check.name)}</td><td class="{mark}">{mark}</td>'
                    f"<td>{check.weight:g}</td><td>{e(check.message)}</td></tr>"
                )
            out.append("</table>")
        if not test.passed and test.checks:
            causes = root_causes(test)
            if causes:
                out.append(
                    "<h3>Root cause</h3><table><tr><th>check</th><th>culprit</th>"
                    "<th>kind</th><th>step</th><th>confidence</th><th>reason</th></tr>"
                )
                for name, s in causes:
                    if s is None:
                        out.append(f"<tr><td>{e(name)}</td><td colspan=5>unattributed</td></tr>")
                        continue
                    step = "-" if s.step_index is None else str(s.step_index)
                    out.append(
                        f"<tr><td>{e(name)}</td><td>{e(s.name)}</td><td>{e(s.kind)}</td>"
                        f"<td>{step}</td><td>{s.confidence:.2f}</td><td>{e(s.reason)}</td></tr>"
                    )
                out.append("</table>")
            if test.patches:
                out.append("<h3>Suggested patch</h3><ul>")
                for patch in test.patches:
                    items = "".join(f"<li>{e(line)}</li>" for line in patch_lines(patch))
                    out.append(f"<li><strong>{e(patch.target)}</strong><ul>{items}</ul></li>")
                out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


# -- files -----------------------------------------------------------------------------------


def write_outputs(
    suite: SuiteResult, output_dir: Path, *, json_text: str | None = None
) -> tuple[Path, Path]:
    """Write results/latest.json and reports/latest.md under `output_dir`, atomically.

    `json_text` is `suite.to_json()` when the caller already has it (encoding is not free).
    """
    results = output_dir / RESULTS_FILE
    markdown = output_dir / MARKDOWN_FILE
    # both or neither: a new latest.json beside an old latest.md would disagree
    atomic_write_texts(
        [
            (results, suite.to_json() if json_text is None else json_text),
            (markdown, render_markdown(suite)),
        ]
    )
    return results, markdown


def forget_outputs(output_dir: Path) -> None:
    """Remove the last run's results before a new run: a run that dies (killed, or ended by
    user code) must not leave the old results to pass as its own."""
    for name in (RESULTS_FILE, MARKDOWN_FILE):
        path = output_dir / name
        try:
            path.unlink(missing_ok=True)
        except NotADirectoryError:  # nothing there to forget; writing will say why
            continue
        except OSError as error:  # a name too long, no permission: one line, not a traceback
            raise ConfigError(
                f"cannot remove the last results: {error.strerror or error}",
                file=str(path),
                hint="write somewhere else, or make that place a writable folder",
            ) from None


def load_results(path: Path) -> SuiteResult:
    """Read a results JSON file written by `blame test`."""
    from blame.importers.common import parse_json, read_text

    if not path.exists():
        raise TraceError("no results yet", file=str(path), hint="run `blame test` first")
    try:  # size-limited, and a 5000-digit number or 100,000-deep nesting is one clear line
        data = parse_json(read_text(path), source=str(path))
    except TraceError as error:
        raise TraceError(
            error.message, file=str(path), hint="run `blame test` to write a fresh one"
        ) from None
    return SuiteResult.from_dict(data, source=str(path))


DEFAULT_CONFIG = Path("blame.yaml")
"""The config `blame report` reads when none is named (its absence is fine: ./.blame is used)."""


def results_path(config: Path | None) -> Path:
    """latest.json for a config (its output_dir); without one, ./blame.yaml's or ./.blame's.

    A config that is named but cannot be read is an error, never a silent fallback.
    """
    if config is None:
        if not DEFAULT_CONFIG.is_file():
            return Path(".blame") / RESULTS_FILE
        config = DEFAULT_CONFIG
    from blame.config import load_settings

    # Only the settings: rendering results must not import the config's plugins.
    return load_settings(config).output_dir / RESULTS_FILE


def render_report(config: Path | None, format: str) -> str:
    """The last run's results as md, html, json, JUnit XML or TAP 13."""
    if format not in FORMATS:
        raise ConfigError(
            f"unknown format {format!r}", field="--format", hint=f"use one of: {', '.join(FORMATS)}"
        )
    suite = load_results(results_path(config))
    if format == "json":
        return suite.to_json()
    if format in ("junit", "tap"):
        from blame.ci_reports import render_junit, render_tap

        return render_junit(suite) if format == "junit" else render_tap(suite)
    if format == "html":
        return render_html(suite)
    return render_markdown(suite)
