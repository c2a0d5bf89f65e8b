"""Kept traces (the first pass and the worst failure, linked or written, never through a
leftover) and the counts of repeated runs that history, baselines and the gate read."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from blame import kept as keeping
from tests.test_gate import OK, TODO, _case


def test_keep_traces_keeps_the_first_pass_and_the_worst_failure(tmp_path: Path) -> None:
    from dataclasses import replace

    from blame.testing import agent, chain

    traces = [chain(agent("A", str(i), input="x")) for i in range(4)]
    ok, bad = _case("t", OK), _case("t", TODO)
    outcomes = [
        (replace(bad, reward=0.5), traces[0]),
        (ok, traces[1]),
        (replace(bad, reward=0.2), traces[2]),
        (ok, traces[3]),
    ]
    keeping.keep_traces(tmp_path, "t", outcomes)
    kept_pass = keeping.load_kept(tmp_path, "t", "pass")
    kept_fail = keeping.load_kept(tmp_path, "t", "fail")
    assert kept_pass is not None and kept_pass.steps[0].output == "1"
    assert kept_fail is not None and kept_fail.steps[0].output == "2"
    keeping.keep_traces(tmp_path, "t", [(ok, traces[3])])  # a later all-passing run
    assert keeping.load_kept(tmp_path, "t", "fail") is None
    keeping.forget_traces(tmp_path)
    assert keeping.load_kept(tmp_path, "t", "pass") is None


@pytest.mark.parametrize("link", [os.symlink, os.link])
def test_a_kept_trace_never_writes_through_a_leftover_link(tmp_path: Path, link: Any) -> None:
    """The temporary a trace is written to is named after the process: a link left at that
    name (a hard link is what a replay killed between linking its fixture and renaming it
    leaves) is removed, its target untouched, and the trace is still kept."""
    import threading

    from blame.testing import agent, chain

    outside = tmp_path / "outside.txt"
    outside.write_text("mine", "utf-8")
    kept = keeping.trace_file(tmp_path, "t", "pass")
    kept.parent.mkdir(parents=True)
    link(outside, f"{kept}.{os.getpid()}.{threading.get_ident()}.tmp")
    keeping.keep_traces(tmp_path, "t", [(_case("t", OK), chain(agent("A", "out", input="x")))])
    assert outside.read_text("utf-8") == "mine"
    found = keeping.load_kept(tmp_path, "t", "pass")
    assert found is not None and found.steps[0].output == "out"
    assert [p.name for p in kept.parent.iterdir()] == [kept.name]


@pytest.mark.parametrize("kept_before", [None, "same", "other"])
@pytest.mark.parametrize("leftover", [None, "file", "link"])
def test_a_replayed_fixture_is_kept_by_linking_it_past_any_leftover(
    tmp_path: Path, leftover: str | None, kept_before: str | None
) -> None:
    """Linked where nothing is kept yet, else through a temporary renamed over the kept file
    (also when that is already this fixture, where the rename does nothing): kept either way,
    no temporary of ours left, a leftover never followed, the folder made when missing."""
    import threading

    from blame.testing import agent, chain

    fixture = tmp_path / "fixture.json"
    fixture.write_text(chain(agent("A", "out", input="x")).to_json(), "utf-8")
    outside = tmp_path / "outside.txt"
    outside.write_text("mine", "utf-8")
    kept = keeping.trace_file(tmp_path / "out", "t", "pass")
    if leftover is not None or kept_before is not None:
        kept.parent.mkdir(parents=True)
    if kept_before == "same":
        os.link(fixture, kept)
    elif kept_before == "other":
        kept.write_text("an older run's", "utf-8")
    if leftover is not None:
        tmp = f"{kept}.{os.getpid()}.{threading.get_ident()}.tmp"
        if leftover == "link":
            os.symlink(outside, tmp)
        else:
            Path(tmp).write_text("stale", "utf-8")
    keeping.keep_traces(tmp_path / "out", "t", [(_case("t", OK), fixture)])
    assert outside.read_text("utf-8") == "mine"
    assert kept.read_text("utf-8") == fixture.read_text("utf-8")
    assert os.path.samefile(kept, fixture)
    # A leftover is met (and removed) only on the way through a temporary.
    untouched = [f"{kept.name}.{os.getpid()}.{threading.get_ident()}.tmp"]
    left = untouched if leftover is not None and kept_before is None else []
    assert sorted(p.name for p in kept.parent.iterdir()) == sorted([kept.name, *left])


def test_repeated_runs_are_read_from_the_results_runs_fields() -> None:
    """A test run N times carries `runs` with totals; a check, its runs and failing count and
    the culprits of its failing runs (part A's fields, read by name)."""
    from types import SimpleNamespace

    share = SimpleNamespace(kind="agent", name="Coder", agent="Coder", step_index=1, runs=3)
    stats = SimpleNamespace(runs=5, failing=3, culprits=(share,))
    check: Any = SimpleNamespace(
        name="contains:x", type="contains", passed=True, error=None, blame=(), runs=stats
    )
    case: Any = SimpleNamespace(passed=True, runs=SimpleNamespace(total=5, passes=2))
    assert keeping.runs_of(case) == (5, 2)
    assert keeping.check_runs(check) == (5, 3)
    assert keeping.culprits_of(check) == {"Coder"}
    one: Any = SimpleNamespace(passed=False, runs=None)
    assert keeping.runs_of(one) == (1, 0)


def test_a_single_run_is_read_without_looking_into_its_missing_statistics() -> None:
    """A single run's `runs` is None: its counts come from `passed`, and no attribute is
    looked up on None (each lookup raised and dropped an AttributeError, 1,000 checks a
    replay of 200 tests)."""
    from types import SimpleNamespace

    class Refusing:
        def __getattr__(self, name: str) -> Any:
            raise AssertionError(f"looked up {name} on a single run's statistics")

    suspect = SimpleNamespace(name="Coder")
    failed: Any = SimpleNamespace(passed=False, blame=(suspect,), runs=None)
    passed: Any = SimpleNamespace(passed=True, blame=(), runs=None)
    assert keeping.check_runs(failed) == (1, 1)
    assert keeping.check_runs(passed) == (1, 0)
    assert keeping.culprits_of(failed) == {"Coder"}
    assert keeping.culprits_of(passed) == set()
    single: Any = SimpleNamespace(passed=True, runs=None)
    assert keeping.runs_of(single) == (1, 1)
    # Statistics that are there are read as before.
    repeated: Any = SimpleNamespace(passed=False, blame=(), runs=Refusing())
    with pytest.raises(AssertionError, match="looked up"):
        keeping.check_runs(repeated)


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600)])
def test_kept_traces_get_the_mode_the_umask_gives(tmp_path: Path, umask: int, mode: int) -> None:
    """Kept traces are read in CI by other users (artifacts, the gate): not always 0600."""
    import stat

    from blame.testing import agent, chain

    old = os.umask(umask)
    try:
        keeping.keep_traces(tmp_path, "t", [(_case("t", OK), chain(agent("A", "o", input="x")))])
    finally:
        os.umask(old)
    kept = keeping.trace_file(tmp_path, "t", "pass")
    assert stat.S_IMODE(kept.stat().st_mode) == mode


def test_forget_traces_removes_dead_writers_temporaries_only(tmp_path: Path) -> None:
    """A run killed while keeping a trace leaves `<trace>.<pid>.<thread>.tmp`; the next run
    removes it once that process is gone, never a live writer's, nor a file not of this form."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    dead = int(done.stdout)
    kept = keeping.trace_file(tmp_path, "a.json.b", "fail")  # ".json." inside the name too
    kept.parent.mkdir(parents=True)
    leftovers = {
        f"{kept.name}.{dead}.1.tmp": False,
        f"{kept.name}.{os.getpid()}.1.tmp": True,  # a live writer: this process
        f"{kept.name}.x.1.tmp": True,  # not a pid
        f"{kept.name}.\u00b23.1.tmp": True,  # a digit int() refuses: no pid either
        f"notes.json.{dead}.1.tmp": True,  # not a kept trace's
    }
    for name in leftovers:
        (kept.parent / name).write_text("{}", "utf-8")
    keeping.forget_traces(tmp_path)
    assert {p.name: True for p in kept.parent.iterdir()} == {
        name: True for name, stays in leftovers.items() if stays
    }
