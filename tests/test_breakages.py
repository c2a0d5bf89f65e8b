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


# (case, runs oldest first as {check: passed} for test "t", runs whose record is unreadable,
#  expected (check, since, last_pass, unread runs))
GAPS: list[tuple[str, list[dict[str, bool]], set[int], list[tuple[str, str, str | None, str]]]] = [
    (
        "a failing run in the streak unread",
        [{"c": True}, {"c": False}, {"c": False}, {"c": False}],
        {2},
        [("c", "r3", "r1", "r2")],
    ),
    (
        "a passing run before the streak unread",
        [{"c": True}, {"c": True}, {"c": False}],
        {2},
        [("c", "r3", "r1", "r2")],
    ),
    ("no kept run before the gap passed", [{"c": False}] * 3, {2}, [("c", "r3", None, "r2")]),
    (
        "runs before the gap failed too",
        [{"c": True}, {"c": False}, {"c": False}, {"c": False}],
        {3},
        [("c", "r4", None, "r3")],
    ),
    (
        "several runs unread",
        [{"c": True}, {"c": False}, {"c": False}, {"c": False}, {"c": False}],
        {2, 3, 4},
        [("c", "r5", "r1", "r2-r4")],
    ),
    (
        "a gap older than the pass changes nothing",
        [{"c": False}, {"c": True}, {"c": True}, {"c": False}],
        {1},
        [("c", "r4", "r3", "")],
    ),
]


@pytest.mark.parametrize(
    ("runs", "unreadable", "expected"), [g[1:] for g in GAPS], ids=[g[0] for g in GAPS]
)
@pytest.mark.parametrize("spoil", ["damaged", "removed"])
def test_a_streak_never_counts_a_run_it_could_not_read(
    tmp_path: Path,
    runs: list[dict[str, bool]],
    unreadable: set[int],
    expected: list[tuple[str, str, str | None, str]],
    spoil: str,
) -> None:
    """A damaged record is skipped with a warning; the streak ran on across it as if the
    run had never been, and said `failing since r3 (passed in r1)` when r2 had failed."""
    for checks in runs:
        history.append(tmp_path, _suite(("t", checks)), now=NOON)
    for seq in unreadable:
        path = tmp_path / "history" / f"run-{seq:06d}.json"
        if spoil == "damaged":
            path.write_text("{", "utf-8")
        else:
            path.unlink()
    found = breakages.breakages(history.load(tmp_path).runs)
    assert [
        (
            b.check,
            b.since.id,
            b.last_pass.id if b.last_pass else None,
            ", ".join(f"r{a}" if a == z else f"r{a}-r{z}" for a, z in b.unread),
        )
        for b in found
    ] == expected


def test_history_says_a_streak_across_an_unreadable_run_may_be_longer(tmp_path: Path) -> None:
    for checks in ({"c": True}, {"c": False}, {"c": False}, {"c": False}, {"c": False}):
        history.append(tmp_path, _suite(("t", checks)), now=NOON)
    (tmp_path / "history" / "run-000002.json").write_text("{", "utf-8")
    (tmp_path / "history" / "run-000004.json").unlink()
    records = history.load(tmp_path).runs
    listed = breakages.render_list(records, limit=5).splitlines()
    assert listed[-1] == "  t: c failing since r5 or earlier (no readable record of r4)"
    shown = breakages.render_show(records, records[1]).splitlines()
    assert shown[-1] == (
        "        c (culprit: Writer); failing since r3 or earlier "
        "(no readable record of r2; passed in r1)"
    )
