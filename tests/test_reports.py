from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from blame.errors import ConfigError, TraceError
from blame.reports import (
    load_results,
    print_suite,
    render_html,
    render_markdown,
    render_plain,
    render_report,
    summary,
    write_outputs,
)
from blame.results import CaseResult, CheckResult, Patch, SuiteResult, Suspect

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
    assert summary(_suite()) == "3 tests: 1 passed, 1 failed, 1 errors"


def test_plain_output_has_checks_root_cause_and_patch() -> None:
    text = render_plain(_suite())
    assert "FAIL median  reward 0.50 / threshold 0.75" in text
    assert "  [FAIL] contains:ValueError (weight 2): expected output to contain" in text
    assert (
        "  Root cause:\n    contains:ValueError: CoderAgent (agent), step 1, confidence 0.90: "
        in text
    )
    assert "    max_steps:9: unattributed" in text
    assert '  Suggested patch:\n    CoderAgent:\n      - Keep "ValueError" in your output.' in text
    assert "  error: timed out" in text
    assert text.endswith("3 tests: 1 passed, 1 failed, 1 errors\n")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_terminal_gets_rich_panels_and_no_color_gets_plain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    terminal = _Terminal()
    print_suite(_suite(), terminal)
    shown = terminal.getvalue()
    for text in (
        "FAIL",
        "median",
        "Root cause",
        "Suggested patch",
        "CoderAgent",
        "check",
        "weight",
        "detail",
        "confidence",
    ):
        assert text in shown
    assert "╭" in shown or "┌" in shown or "+" in shown
    assert "<script>" in shown  # shown literally, never interpreted as markup
    monkeypatch.setenv("NO_COLOR", "1")
    plain = _Terminal()
    print_suite(_suite(), plain)
    assert plain.getvalue() == render_plain(_suite())
    piped = io.StringIO()
    monkeypatch.delenv("NO_COLOR")
    print_suite(_suite(), piped)
    assert piped.getvalue() == render_plain(_suite())


def test_markdown_escapes_untrusted_text() -> None:
    text = render_markdown(_suite())
    assert "<script>" not in text
    assert "\\<script\\>" in text
    assert "\\*\\*bold\\*\\*" in text and "\\| " in text
    assert "### Root cause" in text and "### Suggested patch" in text
    assert "| contains:ValueError | CoderAgent | agent | 1 | 0.90 |" in text


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
    assert json.loads(results.read_text())["schema_version"] == 1
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


def test_terminal_escapes_are_neutralised() -> None:
    hostile = CaseResult(
        name="evil\x1b[2Jname\nPASS forged",
        passed=False,
        reward=0.0,
        threshold=0.75,
        checks=(CheckResult("c", "contains", False, 0.0, 1.0, "got \x1b]0;title\x07 here"),),
        patches=(Patch("A", ("one", "two\x1b[31m")),),
    )
    suite = SuiteResult(tests=(hostile,))
    text = render_plain(suite)
    assert "\x1b" not in text and "\x07" not in text
    assert "FAIL evil\\x1b[2Jname\\x0aPASS forged  reward" in text
    assert "got \\x1b]0;title\\x07 here" in text
    assert "      - one\n      - two\\x1b[31m" in text
    terminal = _Terminal()
    print_suite(suite, terminal)
    shown = terminal.getvalue()
    assert "\x1b[2J" not in shown and "\x07" not in shown and "\\x1b[2J" in shown
    assert "\x1b" not in render_markdown(suite)


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
        patches=(Patch("Coder", "- keep *it*\n- report <errors>"),),
    )  # fmt: skip
    suite = SuiteResult(tests=(case,))
    assert "- **Coder**\n  - keep \\*it\\*\n  - report \\<errors\\>\n" in render_markdown(suite)
    assert (
        "<li><strong>Coder</strong><ul><li>keep *it*</li><li>report &lt;errors&gt;</li></ul></li>"
        in render_html(suite)
    )
