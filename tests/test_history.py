"""Run history: records appended atomically and rotated, listed, shown, and when checks broke."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from blame import breakages, history
from blame.cli import app
from blame.errors import ConfigError
from blame.results import CaseResult, CheckResult, SuiteResult, Suspect

NOON = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)


def _check(name: str, passed: bool, culprit: str = "Writer") -> CheckResult:
    blame = () if passed else (Suspect("agent", culprit, culprit, 1, 0.9, "dropped it"),)
    return CheckResult(name, "contains", passed, float(passed), 1.0, "m", blame)


def _suite(*tests: tuple[str, dict[str, bool]] | tuple[str, None]) -> SuiteResult:
    cases = []
    for name, checks in tests:
        if checks is None:
            cases.append(CaseResult(name, False, 0.0, 0.75, error="agent crashed"))
            continue
        results = tuple(_check(c, ok) for c, ok in checks.items())
        passed = all(checks.values())
        cases.append(CaseResult(name, passed, float(passed), 0.75, checks=results))
    return SuiteResult(tuple(cases))


def test_append_writes_numbered_records_newest_first(tmp_path: Path) -> None:
    history.append(tmp_path, _suite(("a", {"c": True})), now=NOON)
    second = history.append(tmp_path, _suite(("a", {"c": False})), now=NOON)
    assert second.id == "r2"
    assert sorted(p.name for p in (tmp_path / "history").iterdir()) == [
        "run-000001.json",
        "run-000002.json",
    ]
    records = history.load(tmp_path).runs
    assert [r.id for r in records] == ["r2", "r1"]
    assert records[0].tests[0].failed == (("c", "Writer"),)
    assert records[0].time == "2026-12-01T12:00:00Z"


def test_rotation_keeps_the_newest_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "HISTORY_LIMIT", 3)
    for _ in range(5):
        history.append(tmp_path, _suite(("a", {"c": True})), now=NOON)
    assert [r.id for r in history.load(tmp_path).runs] == ["r5", "r4", "r3"]
    with pytest.raises(ConfigError, match=r"no run with id 'r1'; the kept runs are r3 to r5 "):
        history.find(history.load(tmp_path), "r1")  # rotated out: say which ids there are


def test_concurrent_appends_never_overwrite_each_other(tmp_path: Path) -> None:
    suite = _suite(("a", {"c": True}))
    threads = [
        threading.Thread(target=history.append, args=(tmp_path, suite), kwargs={"now": NOON})
        for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r.seq for r in history.load(tmp_path).runs) == list(range(1, 9))
    assert not [p for p in (tmp_path / "history").iterdir() if p.name.endswith(".tmp")]


def test_find_by_position_or_id(tmp_path: Path) -> None:
    for _ in range(3):
        history.append(tmp_path, _suite(("a", {"c": True})), now=NOON)
    records = history.load(tmp_path)
    assert history.find(records, "1").id == "r3"
    assert history.find(records, "r1").id == "r1"
    with pytest.raises(ConfigError, match="no run number 9: 3 runs are kept"):
        history.find(records, "9")
    with pytest.raises(ConfigError, match="no run with id 'r7'"):
        history.find(records, "r7")
    with pytest.raises(ConfigError, match="no run with id"):  # a digit int() refuses
        history.find(records, "\u00b2")


@pytest.mark.parametrize(
    ("key", "shown"),
    [
        ("0", "0"),
        ("4", "4"),
        ("9" * 19, "9" * 19),
        ("9" * 5000, "9" * 39 + "…"),  # int() refuses it: an internal error before
    ],
)
def test_a_run_number_past_the_kept_runs_is_one_clear_error(
    tmp_path: Path, key: str, shown: str
) -> None:
    for _ in range(3):
        history.append(tmp_path, _suite(("a", {"c": True})), now=NOON)
    with pytest.raises(ConfigError) as caught:
        history.find(history.load(tmp_path), key)
    assert str(caught.value) == (
        f"history show: no run number {shown}: 3 runs are kept; `blame history` lists them "
        "(1 is the newest)"
    )


def test_a_damaged_record_names_its_file(tmp_path: Path) -> None:
    history.append(tmp_path, _suite(("a", {"c": True})), now=NOON)
    (tmp_path / "history" / "run-000001.json").write_text('{"record_version": 1}', "utf-8")
    kept = history.load(tmp_path)
    assert kept.runs == () and [d.seq for d in kept.damaged] == [1]
    assert "run-000001.json: not a history record" in str(kept.damaged[0].error)


def _garbage(path: Path) -> None:
    path.write_text("{not json", "utf-8")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _link_loop(path: Path) -> None:
    path.symlink_to(path.name)


def _folder(path: Path) -> None:
    path.mkdir()


@pytest.mark.parametrize(
    ("spoil", "problem"),
    [
        (
            _garbage,
            "invalid JSON at line 1 column 2: Expecting property name enclosed in double quotes",
        ),
        (_fifo, "is not a regular file (a pipe or a device)"),
        (_link_loop, "cannot read: Too many levels of symbolic links"),
        (_folder, "cannot read: Is a directory"),
    ],
)
def test_one_damaged_record_is_skipped_with_a_warning_the_others_listed(
    tmp_path: Path, spoil: Callable[[Path], None], problem: str
) -> None:
    """One bad file under history/ stopped every `blame history` command with exit 2."""
    config = _config(tmp_path)
    runner = CliRunner()
    for _ in range(3):
        assert runner.invoke(app, ["test", "-c", str(config)]).exit_code == 0
    bad = tmp_path / ".blame" / "history" / "run-000002.json"
    bad.unlink()
    spoil(bad)
    warning = (
        f"blame: warning: {bad}: {problem}; run r2 is skipped (remove that file to list the "
        "others without this warning)\n"
    )
    listed = runner.invoke(app, ["history", "-c", str(config)])
    assert (listed.exit_code, listed.stderr) == (0, warning)
    assert [line.split()[:2] for line in listed.stdout.splitlines()[1:]] == [
        ["1", "r3"],
        ["2", "r1"],
    ]
    shown = runner.invoke(app, ["history", "show", "r1", "-c", str(config)])
    assert (shown.exit_code, shown.stderr) == (0, warning)
    assert shown.stdout.startswith("run r1 at ")
    asked = runner.invoke(app, ["history", "show", "r2", "-c", str(config)])
    assert asked.exit_code == 2
    assert asked.stderr == (
        f"{warning}blame: error: {bad}: {problem}; remove that file; the other runs stay listed\n"
    )


def test_failures_of_an_older_run_are_not_called_the_newest_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the newest record damaged and skipped, `blame history` listed the failures of the
    run before it as 'failing in the newest run'."""
    config = _config(tmp_path)
    runner = CliRunner()
    assert runner.invoke(app, ["test", "-c", str(config)]).exit_code == 0
    monkeypatch.setenv("ANSWER", "Lyon")
    for _ in range(3):
        assert runner.invoke(app, ["test", "-c", str(config)]).exit_code == 1
    (tmp_path / ".blame" / "history" / "run-000004.json").write_text("{", "utf-8")
    listed = runner.invoke(app, ["history", "-c", str(config)])
    assert listed.exit_code == 0
    assert listed.stdout.splitlines()[-2:] == [
        "failing in r3, the newest readable run (no readable record of r4):",
        "  capital: contains:Paris failing since r2 (passed in r1)",
    ]


@pytest.mark.parametrize(
    "time", ["\x1b[2J\x1b]0;owned\x07", "2026-12-01T12:00:00Z\nr9  forged", "noon", ""]
)
def test_a_record_whose_time_is_not_blames_is_damaged_never_printed(
    tmp_path: Path, time: str
) -> None:
    """`blame history` printed a record's time as it was: terminal escapes and all."""
    history.append(tmp_path, _suite(("a", {"c": True})), now=NOON)
    path = tmp_path / "history" / "run-000001.json"
    record = json.loads(path.read_text("utf-8"))
    path.write_text(json.dumps({**record, "time": time}), "utf-8")
    [damaged] = history.load(tmp_path).damaged
    assert str(damaged.error) == (
        f"{path}: not a history record (ValueError: time must read like 2026-12-01T12:00:00Z, "
        f"got {time!r}); remove that file; the other runs stay listed"
    )


@pytest.mark.parametrize(
    ("edit", "problem"),
    [  # r2 listed as a second r1 that `history show r2` could not find
        ({"seq": 1}, "seq: 1, not 2"),
        ({"seq": 10**30}, "seq: 1000000000000000000000000000000, not 2"),
        ({"seq": -2}, "seq: -2, not 2"),
        (  # it said "TypeError: string indices must be integers"
            {"tests": [{"name": "a", "status": "fail", "failed": "c"}]},
            "ValueError: failed must be a list of {check, culprit} objects",
        ),
    ],
)
def test_a_record_that_contradicts_its_file_or_its_fields_is_damaged(
    tmp_path: Path, edit: dict[str, Any], problem: str
) -> None:
    for _ in range(2):
        history.append(tmp_path, _suite(("a", {"c": True})), now=NOON)
    path = tmp_path / "history" / "run-000002.json"
    path.write_text(json.dumps({**json.loads(path.read_text("utf-8")), **edit}), "utf-8")
    kept = history.load(tmp_path)
    assert [run.id for run in kept.runs] == ["r1"] and [d.seq for d in kept.damaged] == [2]
    assert f"{path}: not a history record ({problem})" in str(kept.damaged[0].error)


def _config(tmp_path: Path) -> Path:
    (tmp_path / "pipe.py").write_text(
        "import os\n"
        "from blame import TraceRecorder\n"
        "def run(task):\n"
        "    rec = TraceRecorder(test_name='t', input=task)\n"
        "    out = os.environ.get('ANSWER', 'Paris')\n"
        "    rec.step('Writer', input=task, output=out)\n"
        "    return out, rec.finalize(final_output=out)\n",
        "utf-8",
    )
    config = tmp_path / "blame.yaml"
    config.write_text(
        "agent: {type: python, entrypoint: pipe:run}\n"
        "tests:\n"
        "  - name: capital\n"
        "    input: Capital of France?\n"
        "    checks: [{type: contains, value: Paris}]\n",
        "utf-8",
    )
    return config


def test_blame_test_appends_and_history_lists_and_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _config(tmp_path)
    runner = CliRunner()
    assert runner.invoke(app, ["test", "-c", str(config)]).exit_code == 0
    monkeypatch.setenv("ANSWER", "Lyon")
    assert runner.invoke(app, ["test", "-c", str(config)]).exit_code == 1
    listed = runner.invoke(app, ["history", "-c", str(config)])
    assert listed.exit_code == 0, listed.output
    lines = listed.output.splitlines()
    assert lines[1].split()[:2] == ["1", "r2"] and lines[1].split()[-3:] == ["0", "1", "0"]
    assert lines[2].split()[:2] == ["2", "r1"] and lines[2].split()[-3:] == ["1", "0", "0"]
    assert "capital: contains:Paris failing since r2 (passed in r1)" in listed.output
    shown = runner.invoke(app, ["history", "show", "1", "-c", str(config)])
    assert shown.exit_code == 0, shown.output
    assert "FAIL  capital" in shown.output
    assert "contains:Paris (culprit: Writer); failing since r2 (passed in r1)" in shown.output
    assert runner.invoke(app, ["history", "show", "r9", "-c", str(config)]).exit_code == 2


def test_history_leaves_the_results_bytes_alone(tmp_path: Path) -> None:
    """A record carries a time; the results JSON of two runs stays byte-identical."""
    config = _config(tmp_path)
    runner = CliRunner()
    first = runner.invoke(app, ["test", "-c", str(config), "--json"]).stdout
    second = runner.invoke(app, ["test", "-c", str(config), "--json"]).stdout
    assert first == second and "time" not in json.loads(first)
    assert len(history.load(tmp_path / ".blame").runs) == 2


def test_history_without_runs_says_how_to_get_one(tmp_path: Path) -> None:
    done = CliRunner().invoke(app, ["history", "-c", str(_config(tmp_path))])
    assert done.exit_code == 0 and "no runs recorded yet" in done.output


def test_repeated_runs_keep_their_counts_and_checks_failing_in_some_runs() -> None:
    from types import SimpleNamespace

    share = SimpleNamespace(kind="agent", name="Coder", agent="Coder", step_index=1, runs=2)
    check = SimpleNamespace(
        name="contains:x",
        passed=True,  # passed in the worst run shown, failed in two others
        blame=(),
        runs=SimpleNamespace(runs=5, failing=2, culprits=(share,)),
    )
    case: Any = SimpleNamespace(
        name="flaky",
        error=None,
        passed=True,
        verdict="PASS",
        checks=(check,),
        runs=SimpleNamespace(total=5, passes=3),
    )
    test = history._test_record(case)
    assert (test.status, test.runs, test.passes, test.failed) == (
        "pass",
        5,
        3,
        (("contains:x", "Coder"),),
    )
    record = history.RunRecord(1, "2026-12-01T12:00:00Z", (test,))
    again = history._from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record
    shown = breakages.render_show([record], record)
    assert "PASS  flaky (3 of 5 runs passed)" in shown
    assert "contains:x (culprit: Coder)" in shown


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600)])
def test_records_get_the_mode_the_umask_gives(tmp_path: Path, umask: int, mode: int) -> None:
    """History is shared like the results it sits beside: not the 0600 of a temporary."""
    import os
    import stat

    old = os.umask(umask)
    try:
        history.append(tmp_path, _suite(("a", {"c": True})), now=NOON)
    finally:
        os.umask(old)
    (record,) = history.history_dir(tmp_path).iterdir()
    assert stat.S_IMODE(record.stat().st_mode) == mode


def test_a_begun_record_is_a_run_only_once_finished(tmp_path: Path) -> None:
    """`blame test` begins the record before writing its results (the syncs overlap) and
    finishes it after: until then it is no run, and an abandoned one leaves nothing."""
    suite = _suite(("a", {"c": True}))
    dropped = history.begin(tmp_path, suite, now=NOON)
    kept = history.begin(tmp_path, suite, now=NOON)
    assert history.load(tmp_path) == history.Kept(())
    dropped.abandon()
    assert kept.finish().id == "r1"
    assert [r.id for r in history.load(tmp_path).runs] == ["r1"]
    assert [p.name for p in history.history_dir(tmp_path).iterdir()] == ["run-000001.json"]


def test_a_begun_record_whose_number_was_taken_meanwhile_takes_the_next(tmp_path: Path) -> None:
    first = history.begin(tmp_path, _suite(("a", {"c": True})), now=NOON)
    history.append(tmp_path, _suite(("a", {"c": False})), now=NOON)  # another run, faster
    assert first.finish().id == "r2"
    records = history.load(tmp_path).runs
    assert [(r.id, r.tests[0].status) for r in records] == [("r2", "pass"), ("r1", "fail")]
    assert not [p for p in history.history_dir(tmp_path).iterdir() if p.name.endswith(".tmp")]


def test_a_history_folder_that_cannot_be_made_is_raised_by_finish(tmp_path: Path) -> None:
    (tmp_path / "history").write_text("a file where the folder goes")
    pending = history.begin(tmp_path, _suite(("a", {"c": True})), now=NOON)
    with pytest.raises(ConfigError, match="cannot create the history folder"):
        pending.finish()


def test_results_that_cannot_be_written_leave_no_history_record(tmp_path: Path) -> None:
    """The record is begun before the results are written; it is dropped when they fail."""
    config = _config(tmp_path)
    (tmp_path / ".blame").mkdir()
    (tmp_path / ".blame" / "results").write_text("a file where the folder goes")
    done = CliRunner().invoke(app, ["test", "-c", str(config)])
    assert done.exit_code == 2, done.output
    assert "cannot write" in done.output
    assert history.load(tmp_path / ".blame") == history.Kept(())
    assert not history.history_dir(tmp_path / ".blame").exists()


@pytest.mark.parametrize(
    ("existing", "left"),
    [
        ((), ()),  # nothing was there: nothing is left
        (("out",), ("out",)),  # the output folder was the user's: it stays
        (("out", "out/history"), ("out", "out/history")),
        (("out", "out/history", "out/history/run-000001.json"),
         ("out", "out/history", "out/history/run-000001.json")),
    ],
)  # fmt: skip
def test_an_abandoned_record_removes_only_the_folders_it_made(
    tmp_path: Path, existing: tuple[str, ...], left: tuple[str, ...]
) -> None:
    for name in existing:
        if name.endswith(".json"):
            (tmp_path / name).write_text("{}")
        else:
            (tmp_path / name).mkdir()
    history.begin(tmp_path / "out", _suite(("a", {"c": True})), now=NOON).abandon()
    assert tuple(sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))) == left


def test_an_inconclusive_test_is_kept_as_inconclusive_not_passed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """0 of 3 runs passed is INCONCLUSIVE at pass_rate 0.5 (the interval reaches 56 %): the
    run said "1 inconclusive", history said "1 passed" and showed the test as PASS."""
    config = _config(tmp_path)
    monkeypatch.setenv("ANSWER", "Lyon")
    runner = CliRunner()
    ran = runner.invoke(app, ["test", "-c", str(config), "--runs", "3"])
    assert "0 passed, 0 failed, 1 inconclusive, 0 errors" in ran.output
    assert runner.invoke(app, ["test", "-c", str(config)]).exit_code == 1
    listed = runner.invoke(app, ["history", "-c", str(config)]).output.splitlines()
    assert listed[0].split()[-4:] == ["passed", "failed", "inconclusive", "errors"]
    assert listed[1].split()[-4:] == ["0", "1", "0", "0"]
    assert listed[2].split()[-4:] == ["0", "0", "1", "0"]
    shown = runner.invoke(app, ["history", "show", "2", "-c", str(config)]).output
    assert shown.startswith("run r1 at ")
    assert ": 0 passed, 0 failed, 1 inconclusive, 0 errors\n" in shown
    assert "INCONCLUSIVE capital (0 of 3 runs passed)" in shown
    (record,) = [r for r in history.load(tmp_path / ".blame").runs if r.seq == 1]
    assert record.tests[0].status == "inconclusive"
