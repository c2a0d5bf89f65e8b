"""Since when each check fails (a test that did not run ends no streak) and the history views,
an interrupted run marked as partial."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from blame import breakages, history
from blame.results import SuiteResult
from tests.test_history import NOON, _suite

# (case, runs oldest first as {check: passed} for test "t", expected breakages)
STREAKS: list[tuple[str, list[dict[str, bool] | None], list[tuple[str, str, str | None]]]] = [
    ("all passing", [{"c": True}, {"c": True}], []),
    ("broke in the newest run", [{"c": True}, {"c": False}], [("c", "r2", "r1")]),
    (
        "broke two runs ago",
        [{"c": True}, {"c": True}, {"c": False}, {"c": False}],
        [("c", "r3", "r2")],
    ),
    ("never passed in the kept runs", [{"c": False}, {"c": False}], [("c", "r1", None)]),
    (
        "broke, recovered, broke again",
        [{"c": False}, {"c": True}, {"c": False}],
        [("c", "r3", "r2")],
    ),
    ("the test errored", [{"c": True}, None], [("(error)", "r2", "r1")]),
    (
        "two checks, broken at different runs",
        [{"c": True, "d": True}, {"c": False, "d": True}, {"c": False, "d": False}],
        [("c", "r2", "r1"), ("d", "r3", "r2")],
    ),
]


@pytest.mark.parametrize(
    ("runs", "expected"), [s[1:] for s in STREAKS], ids=[s[0] for s in STREAKS]
)
def test_when_each_check_started_failing(
    tmp_path: Path,
    runs: list[dict[str, bool] | None],
    expected: list[tuple[str, str, str | None]],
) -> None:
    for checks in runs:
        history.append(tmp_path, _suite(("t", checks)), now=NOON)
    found = breakages.breakages(history.load(tmp_path).runs)
    assert [
        (b.check, b.since.id, b.last_pass.id if b.last_pass else None) for b in found
    ] == expected


def test_a_test_that_did_not_run_does_not_end_a_streak(tmp_path: Path) -> None:
    history.append(tmp_path, _suite(("t", {"c": True})), now=NOON)
    history.append(tmp_path, _suite(("t", {"c": False})), now=NOON)
    history.append(tmp_path, _suite(("other", {"x": True})), now=NOON)  # `-k other`
    history.append(tmp_path, _suite(("t", {"c": False})), now=NOON)
    [found] = breakages.breakages(history.load(tmp_path).runs)
    assert (found.since.id, found.last_pass.id if found.last_pass else None) == ("r2", "r1")


def test_an_interrupted_run_is_kept_and_marked_as_partial(tmp_path: Path) -> None:
    """Ctrl-C keeps the tests that finished: history keeps their outcomes (a test that did not
    finish ends no streak) and marks the run, so its smaller counts do not read as a trend."""
    history.append(tmp_path, _suite(("a", {"c": True}), ("b", {"d": True})), now=NOON)
    history.append(tmp_path, _suite(("a", {"c": False}), ("b", {"d": True})), now=NOON)
    cut = SuiteResult(_suite(("a", {"c": False})).tests, interrupted=True)
    history.append(tmp_path, cut, now=NOON)
    files = sorted((tmp_path / "history").iterdir())
    assert json.loads(files[2].read_text())["interrupted"] is True
    assert "interrupted" not in json.loads(files[1].read_text())  # complete runs: unchanged
    records = history.load(tmp_path).runs
    assert [r.interrupted for r in records] == [True, False, False]
    rows = breakages.render_list(records, limit=5).splitlines()
    assert rows[1].split() == ["1", "r3", "2026-12-01T12:00:00Z", "0", "1", "0", "(interrupted)"]
    assert rows[2].split()[-1] == "0" and rows[3].split()[-1] == "0"
    assert "  a: c failing since r2 (passed in r1)" in rows
    shown = breakages.render_show(records, records[0]).splitlines()
    assert shown[0] == (
        "run r3 at 2026-12-01T12:00:00Z: 0 passed, 1 failed, 0 errors "
        "(interrupted: only the 1 test that finished)"
    )
