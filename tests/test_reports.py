from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from blame.confirmation import Confirmation
from blame.errors import ConfigError, TraceError
from blame.model import Check
from blame.recorder import TraceRecorder
from blame.reports import (
    confirmation_text,
    forget_outputs,
    load_results,
    render_html,
    render_markdown,
    render_report,
    summary,
    write_outputs,
)
from blame.results import CaseResult, CheckResult, Patch, SuiteResult, Suspect
from blame.runner import evaluate_trace

EVIL = "<script>alert('x')</script> | **bold** [link](http://e)"


def _suite() -> SuiteResult:
    suspect = Suspect(
        kind="agent",
        name="CoderAgent",
        agent="CoderAgent",
        step_index=1,
        confidence=0.9,
        reason="step 1 dropped 'ValueError'",
    )
    failing = CaseResult(
        name="median",
        passed=False,
        reward=0.5,
        threshold=0.75,
        checks=(
            CheckResult(
                "contains:ValueError",
                "contains",
                False,
                0.0,
                2.0,
                f"expected output to contain 'ValueError'; got {EVIL}",
                (suspect,),
            ),
            CheckResult("max_steps:9", "max_steps", False, 0.0, 1.0, "12 steps exceed 9"),
            CheckResult("tool_called:t", "tool_called", True, 1.0, 1.0, "t called 1 time(s)"),
        ),
        patches=(Patch("CoderAgent", ('Keep "ValueError" in your output.',)),),
    )
    errored = CaseResult(name=EVIL, passed=False, reward=0.0, threshold=0.75, error="timed out")
    passing = CaseResult(name="ok", passed=True, reward=1.0, threshold=0.75)
    return SuiteResult(tests=(failing, errored, passing))


def test_summary_counts() -> None:
    assert summary(_suite()) == "3 tests: 1 passed, 1 failed, 1 error"


def test_an_interrupted_run_says_so_in_every_report() -> None:
    cut = replace(_suite(), interrupted=True)
    said = "3 tests: 1 passed, 1 failed, 1 error (interrupted: only the 3 tests that finished)"
    assert summary(cut) == said
    assert f"**{said}**" in render_markdown(cut) and said in render_html(cut)


def test_markdown_escapes_untrusted_text() -> None:
    text = render_markdown(_suite())
    assert "<script>" not in text
    assert "\\<script\\>" in text
    assert "\\*\\*bold\\*\\*" in text and "\\| " in text
    assert "### Root cause" in text and "### Suggested patch" in text
    assert "| contains:ValueError | missing content | CoderAgent | agent | 1 | 0.90 |" in text


def test_html_escapes_everything() -> None:
    text = render_html(_suite())
    assert "<script>" not in text
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in text
    assert text.startswith("<!DOCTYPE html>")
    assert "<h3>Root cause</h3>" in text


def test_write_outputs_and_render_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    suite = _suite()
    results, markdown = write_outputs(suite, tmp_path / ".blame")
    assert results == tmp_path / ".blame" / "results" / "latest.json"
    assert json.loads(results.read_text())["schema_version"] == 2
    assert markdown.read_text() == render_markdown(suite)
    assert load_results(results).to_json() == suite.to_json()
    config = None  # and no ./blame.yaml: ./.blame is used
    monkeypatch.chdir(tmp_path)
    assert render_report(config, "json") == suite.to_json()
    assert render_report(config, "html") == render_html(suite)
    assert render_report(config, "md") == render_markdown(suite)
    with pytest.raises(ConfigError, match="unknown format 'pdf'"):
        render_report(config, "pdf")


def test_missing_or_broken_results(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="no results yet; run `blame test` first"):
        load_results(tmp_path / "latest.json")
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(TraceError, match="invalid JSON at line 1 column 2"):
        load_results(tmp_path / "bad.json")
    for text, problem in [
        ('{"schema_version": 1, "passed": ' + "9" * 5000 + "}", "a number too long to read"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ]:
        (tmp_path / "bad.json").write_text(text)
        with pytest.raises(TraceError, match=f"{problem}.*; run `blame test` to write a fresh"):
            load_results(tmp_path / "bad.json")


def test_results_over_the_size_limit_are_not_told_to_run_the_tests_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Running the tests again, which the hint said, writes results as large."""
    path = tmp_path / "latest.json"
    path.write_bytes(b" " * 2048)
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", "0.001")
    with pytest.raises(TraceError) as raised:
        load_results(path)
    assert str(raised.value) == (
        f"{path}: file is 2.0 KiB, over the 1 KiB limit; running the tests again writes "
        "results as large, so raise the limit, e.g. BLAME_MAX_TRACE_MB=1"
    )


def test_a_new_run_forgets_the_last_runs_results_and_gate_report(tmp_path: Path) -> None:
    """A run without --baseline left the last gate's gate.json beside its own latest.json."""
    written = [tmp_path / "results" / "latest.json", tmp_path / "results" / "gate.json"]
    for path in [*written, tmp_path / "reports" / "latest.md"]:
        path.parent.mkdir(exist_ok=True)
        path.write_text("{}", encoding="utf-8")
    forget_outputs(tmp_path)
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == []


def test_results_whose_path_is_too_long_say_so(tmp_path: Path) -> None:
    """An output_dir that fits, but whose results path does not, read 'cannot remove the last
    results: File name too long'."""
    output_dir = tmp_path.joinpath(*["d" * 200] * (4000 // 201))
    output_dir = output_dir / ("e" * (4085 - len(str(output_dir))))
    latest = output_dir / "results" / "latest.json"
    with pytest.raises(ConfigError) as raised:
        forget_outputs(output_dir)
    assert raised.value.message == (
        f"the results' path is {len(str(latest))} bytes long, too long for the file system"
    )
    assert (raised.value.file, raised.value.hint) == (
        str(latest),
        "choose a shorter settings.output_dir",
    )


def test_html_shows_control_characters_in_agent_names_as_escapes() -> None:
    agent = "\x1b[31mEvil<b>"
    suspect = Suspect("agent", agent, agent, 0, 0.5, f"step 0 ({agent}) dropped it")
    check = CheckResult("c", "contains", False, 0.0, 1.0, "missing", (suspect,))
    case = CaseResult(
        name="t\x07", passed=False, reward=0.0, threshold=0.75, checks=(check,),
        patches=(Patch(agent, ("keep it\x1b[0m",)),),
    )  # fmt: skip
    text = render_html(SuiteResult(tests=(case,)))
    assert "\x1b" not in text and "\x07" not in text
    assert "<td>\\x1b[31mEvil&lt;b&gt;</td>" in text
    assert "<strong>\\x1b[31mEvil&lt;b&gt;</strong><ul><li>keep it\\x1b[0m</li></ul>" in text


def test_each_patch_line_is_its_own_bullet() -> None:
    case = CaseResult(
        name="t", passed=False, reward=0.0, threshold=0.75,
        checks=(CheckResult("c", "contains", False, 0.0, 1.0, "missing"),),
        patches=(Patch("Coder", ("keep *it*", "report <errors>")),),
    )  # fmt: skip
    suite = SuiteResult(tests=(case,))
    assert "- **Coder**\n  - keep \\*it\\*\n  - report \\<errors\\>\n" in render_markdown(suite)
    assert (
        "<li><strong>Coder</strong><ul><li>keep *it*</li><li>report &lt;errors&gt;</li></ul></li>"
        in render_html(suite)
    )


# -- the HTML report in a real browser -------------------------------------------------------

EVIL_AGENT = "<img src=x onerror=\"document.title='pwned'\">Coder</text><script>alert(1)</script>"
"""An agent name that would run script and break the SVG if it reached the page unescaped."""
PROBE = """<script>
const node = document.querySelector('.node.culprit');
const box = node ? node.getBoundingClientRect() : null;
document.body.setAttribute('data-probe', JSON.stringify({
  box: box && [box.x, box.y, box.width, box.height],
  culprit: node && node.textContent,
  images: document.images.length,
  scripts: document.scripts.length,
  resources: performance.getEntriesByType('resource').length,
  title: document.title,
  patches: [...document.querySelectorAll('h3 + ul > li > ul > li')].map(li => li.textContent),
}));
</script>"""
"""Appended by the test only: measures the page after it rendered (the report has no script)."""


def _chromium() -> str:
    """Debian's chromium; skipped when absent, except in CI, where it must be installed."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed; CI must install Debian's chromium package")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    return found


def _browse(page: Path, profile: Path, *action: str) -> subprocess.CompletedProcess[str]:
    browser = _chromium()
    flags = [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
        "--window-size=1200,1600",
    ]  # fmt: skip
    return subprocess.run(
        [browser, *flags, *action, page.as_uri()],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def _hostile_report() -> str:
    rec = TraceRecorder("hostile")
    rec.step("Planner", input="task", output="raise ValueError on empty input")
    rec.step(EVIL_AGENT, input="raise ValueError on empty input", output="def f(): pass")
    trace = rec.finalize(final_output="def f(): pass")
    check = Check(type="contains", name="contains:ValueError", params={"value": "ValueError"})
    case = evaluate_trace(trace, [check], threshold=0.75, name="hostile", draw=True)
    assert case.graph is not None and case.checks[0].blame[0].agent == EVIL_AGENT
    return render_html(SuiteResult(tests=(case,)))


def test_the_html_report_renders_in_chromium_with_the_culprit_marked(tmp_path: Path) -> None:
    report = tmp_path / "report.html"
    report.write_text(_hostile_report(), encoding="utf-8")
    shot = tmp_path / "report.png"
    taken = _browse(report, tmp_path / "profile-1", f"--screenshot={shot}")
    assert taken.returncode == 0, taken.stderr[-2000:]
    assert "CONSOLE" not in taken.stderr  # no console message, let alone an error
    png = shot.read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 10_000
    probed = tmp_path / "probed.html"
    probed.write_text(report.read_text(encoding="utf-8") + PROBE, encoding="utf-8")
    dumped = _browse(probed, tmp_path / "profile-2", "--dump-dom")
    assert dumped.returncode == 0, dumped.stderr[-2000:]
    found = re.search(r'data-probe="([^"]*)"', dumped.stdout)
    assert found is not None, dumped.stdout[-2000:]
    probe = json.loads(html.unescape(found.group(1)))
    x, y, width, height = probe["box"]
    assert width > 100 and height > 30 and x >= 0 and y >= 0 and y + height <= 1600  # on screen
    assert "<img src=x" in probe["culprit"] and "<script>" in probe["culprit"]  # shown as text
    assert (probe["images"], probe["scripts"], probe["resources"]) == (0, 1, 0)  # offline, inert
    assert probe["title"] == "blame report"
    assert probe["patches"] and all(not p.startswith("- ") for p in probe["patches"])


def test_markdown_and_html_list_the_confirmations() -> None:
    from blame.config import load_config
    from blame.reports import render_html
    from blame.runner import run_suite
    from tests.conftest import EXAMPLES

    suite = run_suite(load_config(EXAMPLES / "confirm_pipeline" / "blame.yaml"), confirm=True)

    assert (
        "<h3>Confirmation</h3><ul>\n<li>contains:ref=ZX-4471: <strong>Writer</strong> confirmed: "
        "restore &#x27;ref=ZX-4471&#x27; into step 3&#x27;s output (Writer) (re-ran 1 of 5 "
        "steps)</li>"
    ) in render_html(suite)
    markdown = render_markdown(suite)
    assert (
        "### Confirmation\n\n- contains:ref=ZX\\-4471: **Writer** confirmed: restore "
        "'ref=ZX\\-4471' into step 3's output \\(Writer\\) \\(re\\-ran 1 of 5 steps\\)\n"
    ) in markdown


@pytest.mark.parametrize(
    ("confirmation", "text"),
    [
        (
            Confirmation(
                "confirmed", "restore 'X'", steps_rerun=1, steps_total=4, passes=1, runs=1
            ),
            "confirmed: restore 'X' (re-ran 1 of 4 steps)",
        ),
        (
            Confirmation("refuted", "restore 'X'", steps_rerun=2, steps_total=4, runs=3),
            "refuted: restore 'X' (re-ran 2 of 4 steps, 0/3 re-runs passed)",
        ),
        (
            Confirmation(
                "inconclusive", "remove 'Y'", steps_rerun=1, steps_total=4, passes=1, runs=2
            ),
            "inconclusive: remove 'Y' (re-ran 1 of 4 steps, 1/2 re-runs passed)",
        ),
        (
            Confirmation("unavailable", "a failed regex check names a pattern"),
            "unavailable: a failed regex check names a pattern",
        ),
    ],
)
def test_a_confirmation_is_shown_with_the_verdict_word_of_the_results_json(
    confirmation: Confirmation, text: str
) -> None:
    suspect = Suspect("agent", "Writer", "Writer", 1, 0.9, "why", confirmation=confirmation)
    assert confirmation_text(suspect) == text
    assert text.startswith(f"{suspect.confirmation.to_dict()['verdict']}: ")  # type: ignore[union-attr]


def test_a_shared_step_graph_is_drawn_with_each_tests_own_culprits() -> None:
    from blame.casegraph import CaseGraph, GraphNode, marks
    from blame.graphviews import mermaid

    nodes = tuple(GraphNode(i, f"A{i}", f"A{i}", "agent", 1, i) for i in range(3))
    graph = CaseGraph("step", nodes, ((0, 1), (1, 2)), 3)

    def failed(name: str, step: int) -> CaseResult:
        suspect = Suspect("agent", f"A{step}", f"A{step}", step, 0.9, "it dropped X")
        check = CheckResult("contains:X", "contains", False, 0.0, 1.0, "no X", (suspect,))
        # an equal graph, not the same object: tests' graphs are built one by one
        return CaseResult(name, False, 0.0, 0.75, checks=(check,), graph=replace(graph))

    tests = (failed("a", 1), failed("b", 2), failed("c", 1))
    report = render_markdown(SuiteResult(tests=tests))
    drawn = re.findall(r"```mermaid\n(.*?)\n```", report, re.S)
    assert drawn == ["\n".join(mermaid(t.graph, marks(graph, t))) for t in tests if t.graph]
    assert "class n1 culprit" in drawn[0] and "class n2 culprit" in drawn[1]
