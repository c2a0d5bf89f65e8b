"""Baselines: Wilson intervals, saving (sorted, byte-identical), reading bad files."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blame import baseline
from blame.errors import ConfigError, TraceError
from tests.conftest import BASIC, MakeConfig
from tests.test_gate import OK, TODO, _case, _suite


@pytest.mark.parametrize(
    ("passes", "runs", "low", "high"),
    [(0, 1, 0.0, 0.7935), (1, 1, 0.2065, 1.0), (5, 10, 0.2366, 0.7634), (0, 0, 0.0, 1.0)],
)
def test_wilson_known_values(passes: int, runs: int, low: float, high: float) -> None:
    assert baseline.wilson(passes, runs) == (low, high)


def test_save_is_sorted_and_byte_identical(tmp_path: Path) -> None:
    suite = _suite(_case("zeta", OK), _case("alpha", TODO, OK))
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    baseline.save(suite, tmp_path, first)
    baseline.save(_suite(*reversed(suite.tests)), tmp_path, second)
    assert first.read_bytes() == second.read_bytes()
    data = json.loads(first.read_text("utf-8"))
    assert [t["name"] for t in data["tests"]] == ["alpha", "zeta"]
    assert [c["name"] for c in data["tests"][0]["checks"]] == ["contains:x", "not_contains:TODO"]
    assert data["tests"][0]["checks"][1]["categories"] == ["forbidden content"]


@pytest.mark.parametrize(
    ("before", "kept", "lost"),
    [
        (None, [], ["b", "c"]),  # no baseline to keep them from
        (["b"], ["b"], ["c"]),
        (["b", "c", "gone"], ["b", "c"], []),  # a test no longer in the config is dropped
        ("{", [], ["b", "c"]),  # unreadable: said, and the run's tests are saved
    ],
)
def test_a_run_of_some_tests_keeps_the_others_from_the_baseline_it_replaces(
    tmp_path: Path, before: list[str] | str | None, kept: list[str], lost: list[str]
) -> None:
    """`blame test -k a` then `blame baseline save` wrote a baseline of test a alone: every
    other test's reviewed entry was gone."""
    path = tmp_path / "baseline.json"
    if isinstance(before, list):
        baseline.save(_suite(*(_case(name, TODO) for name in before)), tmp_path, path)
    elif before is not None:
        path.write_text(before, "utf-8")
    saved = baseline.save(_suite(_case("a", OK)), tmp_path, path, ["a", "b", "c"])
    assert (list(saved.kept), list(saved.lost)) == (kept, lost)
    assert (saved.unreadable is not None) == (before == "{")
    data = json.loads(path.read_text("utf-8"))
    assert [t["name"] for t in data["tests"]] == sorted(["a", *kept])
    assert all(t["passes"] == 0 for t in data["tests"] if t["name"] != "a")  # as they were


def test_a_whole_run_replaces_the_baseline(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    baseline.save(_suite(_case("a", TODO), _case("gone", TODO)), tmp_path, path)
    saved = baseline.save(_suite(_case("a", OK)), tmp_path, path, ["a"])
    assert (saved.kept, saved.lost) == ((), ())
    assert [t["name"] for t in json.loads(path.read_text("utf-8"))["tests"]] == ["a"]


@pytest.mark.parametrize(
    ("cases", "said"),
    [
        ([_case("t", OK)], "1 test, 0 with known failures"),
        ([_case("t", OK), _case("u", TODO)], "2 tests, 1 with known failures"),
    ],
)
def test_summary_counts_tests_as_the_gate_calls_them_known(
    tmp_path: Path, cases: list[Any], said: str
) -> None:
    assert baseline.baseline_of(_suite(*cases), tmp_path).summary() == said


def test_a_passing_test_with_a_check_that_failed_has_a_known_failure(tmp_path: Path) -> None:
    """`baseline save` said "0 with known failures" of a test whose reward passed every run
    while one of its checks failed: the gate then calls that test KNOWN."""
    from dataclasses import replace

    weighted = replace(_case("t", OK, TODO), passed=True, reward=0.8)
    saved = baseline.baseline_of(_suite(weighted), tmp_path)
    assert saved.tests[0].passes == 1
    assert saved.summary() == "1 test, 1 with known failures"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "a baseline must be a JSON object"),
        ('{"baseline_version": 9, "tests": []}', "baseline_version: must be 1, got 9"),
        ('{"baseline_version": 1, "tests": {}}', "tests: must be list, got dict"),
        (
            '{"baseline_version": 1, "tests": [{"name": "t", "runs": 1, "passes": 2, '
            '"checks": []}]}',
            "tests[0].passes: must be between 0 and runs (1)",
        ),
        (
            '{"baseline_version": 1, "tests": [{"name": "t", "runs": 1, "passes": 1, '
            '"checks": [{"name": "c", "runs": 1, "failures": 0, "categories": [1], '
            '"culprits": []}]}]}',
            "tests[0].checks[0].categories: must be a list of strings",
        ),
        (  # the gate took the last entry: a known failure after a pass hid a regression
            '{"baseline_version": 1, "tests": [{"name": "t", "runs": 1, "passes": 1, '
            '"checks": []}, {"name": "t", "runs": 1, "passes": 0, "checks": []}]}',
            "tests[1].name: test 't' is listed twice (also tests[0])",
        ),
    ],
)
def test_bad_baseline_is_one_line_naming_the_field(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(text, "utf-8")
    with pytest.raises(ConfigError) as raised:
        baseline.load(path)
    assert message in raised.value.format()
    assert "blame baseline save" in raised.value.format()


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "baseline.json"
    os.mkfifo(path)
    return path


def _folder(tmp_path: Path) -> Path:
    path = tmp_path / "baseline.json"
    path.mkdir()
    return path


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: tmp / "missing.json", "missing.json: no such baseline file"),
        (_folder, "baseline.json: is a folder, not a baseline file"),
        (_fifo, "baseline.json: is not a regular file (a pipe or a device)"),
        (lambda tmp: Path("/dev/zero"), "/dev/zero: is not a regular file (a pipe or a device)"),
    ],
)
def test_a_baseline_path_that_is_no_file_says_what_it_is(
    tmp_path: Path, make: Callable[[Path], Path], message: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        baseline.load(make(tmp_path))
    assert message in raised.value.format()
    assert "blame baseline save" in raised.value.format()


def test_a_baseline_over_the_size_limit_gets_a_baseline_s_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It was told to 'split the trace', the hint for a trace file."""
    path = tmp_path / "baseline.json"
    path.write_bytes(b" " * 3 * 1024 * 1024)
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", "2")
    with pytest.raises(TraceError) as raised:
        baseline.load(path)
    assert str(raised.value) == (
        f"{path}: file is 3.0 MiB, over the 2 MiB limit; a baseline holds each test's passing "
        "trace, so raise the limit to gate against it, e.g. BLAME_MAX_TRACE_MB=3"
    )


def test_a_failed_check_is_in_its_own_category_else_its_type_s() -> None:
    from types import SimpleNamespace

    check: Any = SimpleNamespace(type="contains", passed=False, error=None, category=None)
    assert baseline.category_of(check) == "missing content"
    check.category = "tool misuse"
    assert baseline.category_of(check) == "tool misuse"


def test_a_baseline_saved_after_a_replay_is_the_one_saved_after_the_live_run(
    make_config: MakeConfig,
) -> None:
    """The replayed fixture, kept for the gate, still said which input and faults it was
    recorded under: the baseline differed from the live run's by those keys."""
    from blame.config import load_config
    from blame.runner import run_suite

    path = make_config(BASIC)
    config = load_config(path)
    out = config.settings.output_dir
    saved = []
    for how in ({"record": True}, {"replay": True}):
        suite = run_suite(load_config(path), keep_traces=True, **how)
        target = out / f"baseline-{len(saved)}.json"
        baseline.save(suite, out, target)
        saved.append(target.read_bytes())
    assert saved[0] == saved[1]
    assert b"recorded_input" not in saved[1]
