from __future__ import annotations

import io

import pytest

from blame.reports import render_markdown
from blame.results import CaseResult, CheckResult, Patch, SuiteResult
from blame.terminal import print_suite, render_plain
from tests.test_reports import _suite


def test_plain_output_has_checks_root_cause_and_patch() -> None:
    text = render_plain(_suite())
    assert "FAIL median  reward 0.50 / threshold 0.75" in text
    assert "  [FAIL] contains:ValueError (weight 2): expected output to contain" in text
    assert (
        "  Root cause:\n    contains:ValueError [missing content]: CoderAgent (agent), step 1, "
        "confidence 0.90: " in text
    )
    assert "    max_steps:9 [budget exceeded]: unattributed" in text
    assert '  Suggested patch:\n    CoderAgent:\n      - Keep "ValueError" in your output.' in text
    assert "  error: timed out" in text
    assert text.endswith(
        "3 tests: 1 passed, 1 failed, 1 error\nfailed: median\n"
        "errors: <script>alert('x')</script> | **bold** [link](http://e)\n"
    )
    assert "PASS ok  reward 1.00 / threshold 0.75\n3 tests" in text  # a pass is one line


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


def test_a_megabyte_name_is_shown_cut_and_kept_whole_in_the_results() -> None:
    from blame.results import Suspect

    huge = "Agent" * 200_000  # a million characters, an agent's or a test's name
    suspect = Suspect("agent", huge, huge, 0, 0.9, f"step 0 ({huge}) dropped it")
    check = CheckResult("contains:x", "contains", False, 0.0, 1.0, "missing", (suspect,))
    test = CaseResult(huge, False, 0.0, 0.75, None, (check,), (Patch(huge, ("Keep x.",)),))
    suite = SuiteResult(tests=(test,))
    text = render_plain(suite)
    assert len(text) < 20_000
    assert f"FAIL {'Agent' * 400}… (998,000 more characters)  reward" in text
    assert f"failed: {'Agent' * 400}… (998,000 more characters)" in text
    assert len(suite.to_json()) > 4_000_000  # the results keep every name whole
    terminal = _Terminal()
    print_suite(suite, terminal)
    assert len(terminal.getvalue()) < 40_000


def test_confirmations_are_listed_after_the_root_causes() -> None:
    from blame.config import load_config
    from blame.runner import run_suite
    from tests.conftest import EXAMPLES

    suite = run_suite(load_config(EXAMPLES / "confirm_pipeline" / "blame.yaml"), confirm=True)
    text = render_plain(suite)
    assert (
        "  Confirmation (re-run from the suspect's step):\n"
        "    contains:ref=ZX-4471: Writer: confirmed: restore 'ref=ZX-4471' into step 3's output "
        "(Writer) (re-ran 1 of 5 steps)\n"
        "    contains:ref=ZX-4471: Logger: refuted: restore 'ref=ZX-4471' into step 2's output "
        "(Logger) (re-ran 2 of 5 steps)\n"
        "    contains:ref=ZX-4471: lookup_order: refuted: restore 'ref=ZX-4471' into step 0's "
        "output (lookup_order) (re-ran 4 of 5 steps)\n"
        "    not_contains:DRAFT: Editor: confirmed: remove 'DRAFT' from step 4's output (Editor) "
        "(re-ran 0 of 5 steps)\n"
        "  Suggested patch:"
    ) in text


def _flaky_pass(passes: int) -> SuiteResult:
    """A test whose ten runs passed `passes` times; the worst run's reward is 0.33."""
    from blame.runstats import CheckRuns, CulpritShare, RunStats

    passed = tuple(run < passes for run in range(10))
    stats = RunStats(passed, tuple(1.0 if p else 0.33 for p in passed), (None,) * 10, 0.5)
    blamed = (CulpritShare("tool", "search", "Researcher", 1, 10 - passes),)
    check_runs = CheckRuns(10, 10 - passes, blamed) if passes < 10 else None
    check = CheckResult("contains:x", "contains", passes == 10, 1.0, 1.0, "m", runs=check_runs)
    reward = 1.0 if passes == 10 else 0.33
    return SuiteResult((CaseResult("t", True, reward, 0.75, checks=(check,), runs=stats),))


@pytest.mark.parametrize("rich", [False, True])
def test_a_pass_over_runs_that_did_not_all_pass_says_how_they_went(rich: bool) -> None:
    """It printed `PASS t  reward 0.33 / threshold 0.75` alone: a reward below the threshold
    and a PASS, with nothing on the runs that failed or who failed them."""
    out = _Terminal() if rich else io.StringIO()
    print_suite(_flaky_pass(9), out)
    shown = out.getvalue()
    assert "9 of 10 runs passed (90%), 95% interval 60%-98%, pass_rate 0.5: PASS" in shown
    assert "flaky: some runs passed and some did not" in shown
    assert "stable culprit: search, step 1: 1 of 1 failing runs" in shown
    print_suite(_flaky_pass(10), out := io.StringIO())
    assert out.getvalue().startswith("PASS t  reward 1.00 / threshold 0.75\n1 test")
