"""JUnit XML and TAP 13: valid for the tools that read them, whatever the agents wrote."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from blame.ci_reports import failure_text, render_junit, render_tap
from blame.cli import app
from blame.results import CaseResult, CheckResult, Patch, SuiteResult, Suspect
from tests.conftest import EXAMPLES

SCHEMA = Path(__file__).parent / "schemas" / "junit.xsd"
HOSTILE = "x # SKIP <b>&\x1b[31m\x00\x07 ]]> 'q'"


def suite(name: str = "median", text: str = "dropped it") -> SuiteResult:
    failed = CheckResult(
        name="contains:ValueError",
        type="contains",
        passed=False,
        score=0.0,
        weight=2.0,
        message=f"expected ValueError; {text}",
        blame=(Suspect("agent", "CoderAgent", "CoderAgent", 1, 0.9, f"step 1 {text}"),),
    )
    return SuiteResult(
        tests=(
            CaseResult(
                name=name,
                passed=False,
                reward=0.5,
                threshold=0.75,
                checks=(failed,),
                patches=(Patch(target="CoderAgent", instructions=(f"Keep {text}",)),),
            ),
            CaseResult(name="clamp", passed=True, reward=1.0, threshold=0.75),
            CaseResult(
                name="crashed",
                passed=False,
                reward=0.0,
                threshold=0.75,
                error=f"agent raised ValueError: {text}",
            ),
        )
    )


def validate(xml_text: str) -> None:
    import xmlschema

    xmlschema.XMLSchema(str(SCHEMA)).validate(xml_text)


def test_junit_has_one_testcase_per_test_with_culprit_and_patch() -> None:
    text = render_junit(suite())
    validate(text)
    root = ET.fromstring(text)
    assert root.attrib == {"name": "blame", "tests": "3", "failures": "1", "errors": "1"}
    cases = root.findall("./testsuite/testcase")
    assert [c.attrib["name"] for c in cases] == ["median", "clamp", "crashed"]
    failure = cases[0].find("failure")
    assert failure is not None and "culprit CoderAgent (step 1)" in failure.attrib["message"]
    assert "culprit 1: agent CoderAgent, step 1" in (failure.text or "")
    assert "patch for CoderAgent:" in (failure.text or "")
    assert cases[1].find("failure") is None and cases[2].find("error") is not None


def test_junit_stays_valid_xml_whatever_the_agents_wrote() -> None:
    text = render_junit(suite(HOSTILE, HOSTILE))
    validate(text)
    assert "\x1b" not in text and "\x00" not in text
    assert ET.fromstring(text).find("./testsuite/testcase").attrib["name"].startswith("x # SKIP")


def test_tap_is_version_13_with_a_yaml_block_per_failure() -> None:
    lines = render_tap(suite()).splitlines()
    assert lines[:3] == ["TAP version 13", "1..3", "not ok 1 - median"]
    assert "ok 2 - clamp" in lines and "not ok 3 - crashed" in lines
    start, end = lines.index("  ---"), lines.index("  ...")
    block = yaml.safe_load("\n".join(line[2:] for line in lines[start + 1 : end]))
    assert block["checks"][0]["culprits"][0]["name"] == "CoderAgent"
    assert block["patches"] == {"CoderAgent": "- Keep dropped it"}


def test_an_interrupted_run_is_not_reported_as_complete() -> None:
    """Ctrl-C keeps the finished tests: JUnit gets an error testcase saying the run was cut
    short (Jenkins and GitLab then show it red, not a green subset), TAP bails out."""
    from dataclasses import replace

    cut = replace(suite(), interrupted=True)
    text = render_junit(cut)
    validate(text)
    root = ET.fromstring(text)
    assert root.attrib == {"name": "blame", "tests": "4", "failures": "1", "errors": "2"}
    last = root.findall("./testsuite/testcase")[-1]
    error = last.find("error")
    assert last.attrib["name"] == "(interrupted)" and error is not None
    said = "the run was interrupted: only the 3 tests that finished"  # as the summary says it
    assert error.attrib["message"] == said
    assert render_tap(cut).endswith(f"\nBail out! {said}\n")
    assert "(interrupted)" not in render_junit(suite()) and "Bail out!" not in render_tap(suite())


def test_tap_descriptions_cannot_turn_into_directives() -> None:
    text = render_tap(suite(HOSTILE, HOSTILE))
    assert "not ok 1 - x \\# SKIP" in text and "\x1b" not in text


def test_test_and_report_write_junit_and_tap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(EXAMPLES / "simple_agent")
    runner = CliRunner()
    config = str(EXAMPLES / "simple_agent" / "blame.yaml")
    done = runner.invoke(
        app,
        [
            "test",
            "--config",
            config,
            "--junit-xml",
            str(tmp_path / "j.xml"),
            "--tap",
            str(tmp_path / "r.tap"),
        ],
        env={"BLAME_NO_WARN": "1"},
    )
    assert done.exit_code == 1, done.output
    validate((tmp_path / "j.xml").read_text())
    assert (tmp_path / "r.tap").read_text().startswith("TAP version 13\n1..2\nnot ok 1 - median")
    for fmt, start in (("junit", "<?xml"), ("tap", "TAP version 13")):
        shown = runner.invoke(app, ["report", "--config", config, "--format", fmt])
        assert shown.exit_code == 0 and shown.stdout.startswith(start)


def test_an_inconclusive_test_is_marked_skipped_not_passed() -> None:
    """0 of 3 runs passed at pass_rate 0.5 is INCONCLUSIVE: it does not fail the build, but
    JUnit and TAP showed it as a plain pass."""
    from dataclasses import replace

    from blame.runstats import new_run_stats

    stats = new_run_stats((False,) * 3, (0.0,) * 3, (None,) * 3, 0.5, 1)
    unsure = CaseResult(name="flaky", passed=True, reward=0.0, threshold=0.75, runs=stats)
    assert unsure.verdict == "INCONCLUSIVE"
    mixed = replace(suite(), tests=(*suite().tests, unsure))
    said = "inconclusive: 0 of 3 runs passed (0%), 95% interval 0%-56%, pass_rate 0.5: INCONCLUSIVE"
    text = render_junit(mixed)
    validate(text)
    root = ET.fromstring(text)
    assert root.find("./testsuite").attrib["skipped"] == "1"  # type: ignore[union-attr]
    last = root.findall("./testsuite/testcase")[-1]
    assert [(child.tag, child.attrib) for child in last] == [("skipped", {"message": said})]
    assert render_junit(suite()).count("<skipped") == 0
    assert f"ok 4 - flaky # SKIP {said}" in render_tap(mixed).splitlines()
    assert "SKIP" not in render_tap(suite())


def test_a_repeated_test_fails_on_its_pass_rate_not_its_worst_reward() -> None:
    """A FAIL over runs read "reward 0.00 below threshold 0.75" alone: the worst run's reward,
    not the pass rate that failed the test (JUnit's failure text, TAP's, pytest's)."""
    from blame.runstats import new_run_stats

    stats = new_run_stats((True,) + (False,) * 9, (1.0,) + (0.0,) * 9, (None,) * 10, 0.5, 1)
    failed = CaseResult(name="crypto", passed=False, reward=0.0, threshold=0.75, runs=stats)
    assert failure_text(failed).splitlines()[:3] == [
        "1 of 10 runs passed (10%), 95% interval 2%-40%, pass_rate 0.5: FAIL",
        "flaky: some runs passed and some did not",
        "worst run: reward 0.00 below threshold 0.75",
    ]
