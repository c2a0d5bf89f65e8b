"""Results as JUnit XML and TAP 13, the formats CI servers read (Jenkins, GitLab, TAP harnesses).

One testcase per blame test. A failed test carries, in its failure, each failed check with its
message, its ranked culprits and their reasons, and the prompt patch; a test that could not be
evaluated is an error. No times or timestamps are written, so the same results give the same
bytes. Agent text is untrusted: control characters are shown as `\\xNN` escapes (XML 1.0 forbids
most of them outright) and the serialisers escape the rest.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from blame.results import CaseResult, SuiteResult, cut_short
from blame.text import printable

SUITE_NAME = "blame"
"""The name of the one test suite."""


def _culprit(case: CaseResult) -> str:
    for check in case.checks:
        if not check.passed and check.blame:
            top = check.blame[0]
            step = f" (step {top.step_index})" if top.step_index is not None else ""
            return f"; culprit {top.name}{step}"
    return ""


def failure_text(case: CaseResult) -> str:
    """Why the test failed, each failed check, its culprits with their reasons, then the
    patches, as plain lines. A test run more than once failed on its pass rate: its runs are
    said first, and the reward is its worst run's."""
    reward = f"reward {case.reward:.2f} below threshold {case.threshold:.2f}"
    if case.runs is None:
        lines = [reward]
    else:
        from blame.runreport import repeat_lines

        lines = [*repeat_lines(case), f"worst run: {reward}"]
    for check in case.checks:
        if check.passed:
            continue
        lines.append(f"FAIL {check.name} (weight {check.weight:g}): {check.message}")
        if not check.blame:
            lines.append("  culprit: unattributed")
        for rank, suspect in enumerate(check.blame, start=1):
            step = f", step {suspect.step_index}" if suspect.step_index is not None else ""
            lines.append(
                f"  culprit {rank}: {suspect.kind} {suspect.name}{step}, "
                f"confidence {suspect.confidence:.2f}: {suspect.reason}"
            )
    for patch in case.patches:
        lines.append(f"patch for {patch.target}:")
        lines.extend(f"  - {line}" for line in patch.instructions)
    return printable("\n".join(lines), keep_newlines=True)


def _interrupted(suite: SuiteResult) -> str:
    """What JUnit (an error testcase) and TAP (a bail-out) say of a run Ctrl-C cut short."""
    return f"the run was {cut_short(len(suite.tests))}"


def render_junit(suite: SuiteResult) -> str:
    """The suite as JUnit XML (one testsuite); an interrupted run ends in an error testcase."""
    failures = sum(1 for t in suite.tests if t.error is None and not t.passed)
    errors = sum(1 for t in suite.tests if t.error is not None) + suite.interrupted
    total = len(suite.tests) + suite.interrupted
    counts = {"tests": str(total), "failures": str(failures), "errors": str(errors)}
    root = ET.Element("testsuites", {"name": SUITE_NAME, **counts})
    unsure = [inconclusive_reason(t) for t in suite.tests]
    skipped = str(len(unsure) - unsure.count(None))
    testsuite = ET.SubElement(root, "testsuite", {"name": SUITE_NAME, **counts, "skipped": skipped})
    for case, inconclusive in zip(suite.tests, unsure, strict=True):
        testcase = ET.SubElement(
            testsuite, "testcase", {"classname": SUITE_NAME, "name": printable(case.name)}
        )
        if case.error is not None:
            first = case.error.splitlines()[0] if case.error else ""
            error = ET.SubElement(testcase, "error", {"message": printable(first), "type": "error"})
            error.text = printable(case.error, keep_newlines=True)
        elif inconclusive is not None:  # ran, too few runs to tell: not a pass
            ET.SubElement(testcase, "skipped", {"message": printable(inconclusive)})
        elif not case.passed:
            failed = [c.name for c in case.checks if not c.passed]
            message = f"{len(failed)} check(s) failed: {', '.join(failed)}{_culprit(case)}"
            failure = ET.SubElement(
                testcase, "failure", {"message": printable(message), "type": "blame"}
            )
            failure.text = failure_text(case)
    if suite.interrupted:
        testcase = ET.SubElement(
            testsuite, "testcase", {"classname": SUITE_NAME, "name": "(interrupted)"}
        )
        ET.SubElement(testcase, "error", {"message": _interrupted(suite), "type": "interrupted"})
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def inconclusive_reason(case: CaseResult) -> str | None:
    """`inconclusive: 1 of 3 runs passed (33%), ...` for an INCONCLUSIVE test, else None. It
    does not fail the build (unless --strict), but it is no pass either: JUnit marks it
    skipped and TAP `# SKIP`, as readers of both show a result that is neither."""
    if case.error is not None or case.runs is None or case.verdict != "INCONCLUSIVE":
        return None
    from blame.runreport import verdict_line

    return f"inconclusive: {verdict_line(case.runs)}"


def _tap_description(name: str) -> str:
    # `#` starts a directive (SKIP, TODO) in TAP: a test named "x # SKIP" must not skip
    return printable(name).replace("\\", "\\\\").replace("#", "\\#")


def render_tap(suite: SuiteResult) -> str:
    """The suite as TAP version 13, with a YAML block under each failed or errored test."""
    import yaml

    lines = ["TAP version 13", f"1..{len(suite.tests)}"]
    for number, case in enumerate(suite.tests, start=1):
        ok = case.passed and case.error is None
        unsure = inconclusive_reason(case)
        skip = "" if unsure is None else f" # SKIP {_tap_description(unsure)}"
        lines.append(f"{'ok' if ok else 'not ok'} {number} - {_tap_description(case.name)}{skip}")
        if ok:
            continue
        block: dict[str, object]
        if case.error is not None:
            block = {"severity": "error", "message": printable(case.error, keep_newlines=True)}
        else:
            block = {
                "severity": "fail",
                "reward": round(case.reward, 4),
                "threshold": case.threshold,
                "checks": [
                    {
                        "name": printable(c.name),
                        "message": printable(c.message, keep_newlines=True),
                        "culprits": [
                            {
                                "kind": s.kind,
                                "name": printable(s.name),
                                "step": s.step_index,
                                "confidence": s.confidence,
                                "reason": printable(s.reason, keep_newlines=True),
                            }
                            for s in c.blame
                        ],
                    }
                    for c in case.checks
                    if not c.passed
                ],
                "patches": {
                    printable(p.target): printable(p.text, keep_newlines=True) for p in case.patches
                },
            }
        dumped = yaml.safe_dump(block, sort_keys=True, allow_unicode=False, width=1000)
        lines.append("  ---")
        lines.extend(f"  {line}" for line in dumped.splitlines())
        lines.append("  ...")
    if suite.interrupted:
        lines.append(f"Bail out! {_interrupted(suite)}")
    return "\n".join(lines) + "\n"
