"""The pytest plugin, run for real through pytester in a subprocess (entry point `pytest11`)."""

from __future__ import annotations

import pytest

from tests.conftest import EXAMPLES

pytest_plugins = ("pytester",)
SIMPLE = EXAMPLES / "simple_agent" / "blame.yaml"


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BLAME_NO_WARN", "1")
    monkeypatch.chdir(SIMPLE.parent)


def test_each_blame_test_is_an_item_and_a_failure_names_its_culprits(
    pytester: pytest.Pytester, quiet: None
) -> None:
    result = pytester.runpytest_subprocess("--blame-config", str(SIMPLE), "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*blame test 'median' failed*",
            "*FAIL contains:ValueError*",
            "*culprit 1: agent CoderAgent, step 1*",
            "*culprit 1: agent CriticAgent, step 3*",
            "*patch for CoderAgent:*",
        ]
    )
    assert "Traceback" not in result.stdout.str()


def test_k_selects_blame_tests_by_name(pytester: pytest.Pytester, quiet: None) -> None:
    result = pytester.runpytest_subprocess(
        "--blame-config", str(SIMPLE), "-k", "clamp", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=1, deselected=1)


def test_a_bad_config_is_one_collection_error_naming_the_field(
    pytester: pytest.Pytester, quiet: None
) -> None:
    bad = pytester.path / "blame.yaml"
    bad.write_text("tests:\n  - name: t\n    input: hi\n    checks: [{type: contians, value: x}]\n")
    result = pytester.runpytest_subprocess("--blame-config", str(bad), "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*blame: *blame.yaml*contians*"])


def test_without_the_option_the_plugin_collects_nothing(pytester: pytest.Pytester) -> None:
    (pytester.path / "blame.yaml").write_text(SIMPLE.read_text())
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)


def test_repeated_runs_fail_on_their_pass_rate_and_inconclusive_is_skipped(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The flaky example's INCONCLUSIVE test passed silently, and its FAIL read "reward 0.00
    below threshold 0.75" (the worst run's) with nothing on the pass rate that failed it."""
    flaky = EXAMPLES / "flaky_pipeline" / "blame.yaml"
    monkeypatch.setenv("BLAME_NO_WARN", "1")
    monkeypatch.chdir(flaky.parent)
    result = pytester.runpytest_subprocess(
        "--blame-config", str(flaky), "-rs", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=1, skipped=1, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*blame test 'crypto' failed*",
            "1 of 10 runs passed (10%), 95% interval 2%-40%, pass_rate 0.5: FAIL",
            "worst run: reward 0.33 below threshold 0.75",
            "*SKIPPED*inconclusive: 6 of 10 runs passed (60%), 95% interval 31%-83%*",
        ]
    )
