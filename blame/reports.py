"""Reports of a suite's results: Markdown, HTML and JSON (the terminal's are in `terminal`).

A failed test's report draws its step graph with the culprits marked: a Mermaid flowchart in
Markdown (GitHub renders it), an inline SVG in HTML (no script or stylesheet from anywhere).
Agent output is untrusted text: Markdown cells and Mermaid labels are escaped, and HTML escapes
everything. Written reports are replaced atomically.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from blame.casegraph import CaseGraph, Marks, marks
from blame.errors import ConfigError, TooLargeError, TraceError
from blame.files import atomic_write_texts, check_writable
from blame.results import CaseResult, CheckResult, SuiteResult, Suspect, cut_short
from blame.runreport import repeat_lines
from blame.text import markdown_text, printable

RESULTS_FILE = Path("results") / "latest.json"
"""Under the output folder: the last run's results JSON."""
MARKDOWN_FILE = Path("reports") / "latest.md"
"""Under the output folder: the last run's Markdown report."""
GATE_FILE = Path("results") / "gate.json"
"""Under the output folder: the gate's report on the last run (`--baseline`, `blame gate`)."""
FORMATS = ("md", "html", "json", "junit", "tap")


def status(test: CaseResult) -> str:
    """PASS, FAIL, INCONCLUSIVE (a test run more than once) or ERROR."""
    return test.verdict


def summary(suite: SuiteResult) -> str:
    """One line: how many tests passed, failed, were inconclusive and errored."""
    counts = {"PASS": 0, "FAIL": 0, "INCONCLUSIVE": 0, "ERROR": 0}
    for test in suite.tests:
        counts[status(test)] += 1
    word = "test" if len(suite.tests) == 1 else "tests"
    inconclusive = f", {counts['INCONCLUSIVE']} inconclusive" if counts["INCONCLUSIVE"] else ""
    cut = f" ({cut_short(len(suite.tests))})" if suite.interrupted else ""
    return (
        f"{len(suite.tests)} {word}: {counts['PASS']} passed, {counts['FAIL']} failed"
        f"{inconclusive}, {counts['ERROR']} {'error' if counts['ERROR'] == 1 else 'errors'}{cut}"
    )


def shows_causes(test: CaseResult) -> bool:
    """Root causes and patches are shown for a failed test, and for an inconclusive one (its
    worst run failed)."""
    return (not test.passed or test.verdict == "INCONCLUSIVE") and bool(test.checks)


def check_status(check: CheckResult) -> str:
    if check.error is not None:
        return "ERROR"
    return "pass" if check.passed else "FAIL"


def suspect_line(suspect: Suspect) -> str:
    step = "-" if suspect.step_index is None else str(suspect.step_index)
    return (
        f"{suspect.name} ({suspect.kind}), step {step}, confidence {suspect.confidence:.2f}: "
        f"{suspect.reason}"
    )


def confirmations(test: CaseResult) -> list[tuple[str, Suspect]]:
    """Each failed check's suspects that were put to the test, as (check name, suspect)."""
    return [
        (check.name, s)
        for check in test.checks
        if not check.passed
        for s in check.blame
        if s.confirmation is not None
    ]


def confirmation_text(suspect: Suspect) -> str:
    """The verdict of a suspect's re-run: "confirmed: restore 'X' ... (re-ran 2 of 5 steps)";
    the verdict in the results JSON's word, so a report and the JSON read alike."""
    found = suspect.confirmation
    if found is None:
        return "not confirmed"
    if found.verdict == "unavailable":
        return f"unavailable: {found.change}"
    runs = f", {found.passes}/{found.runs} re-runs passed" if found.runs > 1 else ""
    return (
        f"{found.verdict}: {found.change} (re-ran {found.steps_rerun} of "
        f"{found.steps_total} steps{runs})"
    )


def root_causes(test: CaseResult) -> list[tuple[str, str, Suspect | None]]:
    """Each failed check, its failure category and its top suspect (None when unattributed)."""
    return [
        (c.name, c.category or "", c.blame[0] if c.blame else None)
        for c in test.checks
        if not c.passed
    ]


# -- Markdown and HTML -----------------------------------------------------------------------


class _Escaped(dict[str, str]):
    """`markdown_text` of each text, made once per report: a suite's checks repeat their
    names and messages test after test."""

    def __missing__(self, text: str) -> str:
        escaped = self[text] = markdown_text(text)
        return escaped


def render_markdown(suite: SuiteResult) -> str:
    """A Markdown report: summary, then each test's checks, root causes and patches."""
    markdown_text = _Escaped().__getitem__
    drawings = _Drawings().__getitem__
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
        runs = repeat_lines(test)
        if runs:
            out += [f"- {markdown_text(line)}" for line in runs] + [""]
        if test.checks:
            out += ["| check | result | weight | detail |", "|---|---|---|---|"]
            for check in test.checks:
                out.append(
                    f"| {markdown_text(check.name)} | {check_status(check)} | {check.weight:g} | "
                    f"{markdown_text(check.message)} |"
                )
        if shows_causes(test):
            causes = root_causes(test)
            if causes:
                out += ["", "### Root cause", ""]
                out += ["| check | category | culprit | kind | step | confidence | reason |"]
                out += ["|---|---|---|---|---|---|---|"]
                for name, category, s in causes:
                    cells = f"{markdown_text(name)} | {markdown_text(category)}"
                    if s is None:
                        out.append(f"| {cells} | unattributed | | | | |")
                        continue
                    step = "-" if s.step_index is None else str(s.step_index)
                    out.append(
                        f"| {cells} | {markdown_text(s.name)} | {s.kind} | {step} | "
                        f"{s.confidence:.2f} | {markdown_text(s.reason)} |"
                    )
            if confirmations(test):
                out += ["", "### Confirmation", ""]
                out += [
                    f"- {markdown_text(name)}: **{markdown_text(s.name)}** "
                    f"{markdown_text(confirmation_text(s))}"
                    for name, s in confirmations(test)
                ]
            if test.patches:
                out += ["", "### Suggested patch", ""]
                for patch in test.patches:
                    out.append(f"- **{markdown_text(patch.target)}**")
                    out += [f"  - {markdown_text(line)}" for line in patch.instructions]
        if test.graph is not None:
            out += drawings((test.graph, marks(test.graph, test)))
    return "\n".join(out) + "\n"


class _Drawings(dict[tuple[CaseGraph, Marks], list[str]]):
    """The step-graph section of each (graph, marks), made once per report: a suite's failed
    tests often share both."""

    def __missing__(self, key: tuple[CaseGraph, Marks]) -> list[str]:
        from blame.graphviews import caption, mermaid

        graph, marked = key
        lines = ["", "### Step graph", "", caption(graph), "", "```mermaid"]
        lines += mermaid(graph, marked)
        lines.append("```")
        self[key] = lines
        return lines


_CSS = (
    "body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}"
    "table{border-collapse:collapse;margin:.5rem 0}"
    "td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}"
    ".PASS,.pass{color:#16794c}.FAIL{color:#b42318}"
    ".ERROR{color:#8e24aa}.INCONCLUSIVE{color:#b54708}"
    ".graph{overflow-x:auto}.graph svg{font-family:system-ui,sans-serif}"
)


def render_html(suite: SuiteResult) -> str:
    """A self-contained HTML report; every value is escaped."""
    import html  # its entity table: a millisecond to load, for HTML only

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
        runs = repeat_lines(test)
        if runs:
            out.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in runs) + "</ul>")
        if test.checks:
            out.append(
                "<table><tr><th>check</th><th>result</th><th>weight</th><th>detail</th></tr>"
            )
            for check in test.checks:
                mark = check_status(check)
                out.append(
                    f'<tr><td>{e(check.name)}</td><td class="{mark}">{mark}</td>'
                    f"<td>{check.weight:g}</td><td>{e(check.message)}</td></tr>"
                )
            out.append("</table>")
        if shows_causes(test):
            causes = root_causes(test)
            if causes:
                out.append(
                    "<h3>Root cause</h3><table><tr><th>check</th><th>category</th><th>culprit</th>"
                    "<th>kind</th><th>step</th><th>confidence</th><th>reason</th></tr>"
                )
                for name, category, s in causes:
                    cells = f"<td>{e(name)}</td><td>{e(category)}</td>"
                    if s is None:
                        out.append(f"<tr>{cells}<td colspan=5>unattributed</td></tr>")
                        continue
                    step = "-" if s.step_index is None else str(s.step_index)
                    out.append(
                        f"<tr>{cells}<td>{e(s.name)}</td><td>{e(s.kind)}</td>"
                        f"<td>{step}</td><td>{s.confidence:.2f}</td><td>{e(s.reason)}</td></tr>"
                    )
                out.append("</table>")
            if confirmations(test):
                out.append("<h3>Confirmation</h3><ul>")
                out += [
                    f"<li>{e(name)}: <strong>{e(s.name)}</strong> {e(confirmation_text(s))}</li>"
                    for name, s in confirmations(test)
                ]
                out.append("</ul>")
            if test.patches:
                out.append("<h3>Suggested patch</h3><ul>")
                for patch in test.patches:
                    items = "".join(f"<li>{e(line)}</li>" for line in patch.instructions)
                    out.append(f"<li><strong>{e(patch.target)}</strong><ul>{items}</ul></li>")
                out.append("</ul>")
        if test.graph is not None:
            from blame.graphviews import caption, svg

            out.append(f"<h3>Step graph</h3><p>{e(caption(test.graph))}</p>")
            out.append(f'<div class="graph">{svg(test.graph, marks(test.graph, test))}</div>')
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
    user code) must not leave the old results to pass as its own, nor a run without a
    baseline the last gate's report. Results that could not be written are said now, before
    the run (an output_dir that is a file ran every test)."""
    for name in (RESULTS_FILE, MARKDOWN_FILE, GATE_FILE):
        path = output_dir / name
        try:
            path.unlink(missing_ok=True)
        except NotADirectoryError:  # nothing there to forget; check_writable says why
            pass
        except OSError as error:  # a name too long, no permission: one line, not a traceback
            if error.errno == errno.ENAMETOOLONG:  # output_dir fits; what goes in it does not
                raise ConfigError(
                    f"the results' path is {len(os.fsencode(path))} bytes long, too long for "
                    "the file system",
                    file=str(path),
                    hint="choose a shorter settings.output_dir",
                ) from None
            raise ConfigError(
                f"cannot remove the last results: {error.strerror or error}",
                file=str(path),
                hint="write somewhere else, or make that place a writable folder",
            ) from None
        check_writable(path)


def load_results(path: Path) -> SuiteResult:
    """Read a results JSON file written by `blame test`."""
    from blame.importers.common import parse_json, read_text

    if not path.exists():
        raise TraceError("no results yet", file=str(path), hint="run `blame test` first")
    try:  # size-limited, and a 5000-digit number or 100,000-deep nesting is one clear line
        data = parse_json(read_text(path, advice=TOO_LARGE), source=str(path))
    except TooLargeError:  # a fresh one would be as large
        raise
    except TraceError as error:
        raise TraceError(
            error.message, file=str(path), hint="run `blame test` to write a fresh one"
        ) from None
    return SuiteResult.from_dict(data, source=str(path))


TOO_LARGE = "running the tests again writes results as large, so raise the limit"
"""How to read results over the size limit."""

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
