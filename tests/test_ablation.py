"""bench/ablation.py: a rule switched off is scored on the same cases, and the cases it fixed
(right only with it) and broke (right only without it) are counted per half."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import bench_script
from tests.test_engine_rules import HISTORY

# HISTORY: the first action (step 3) is blamed; without that rule, the first worker turn (2)


@pytest.fixture(scope="module")
def bench() -> Iterator[ModuleType]:
    """bench/ablation.py, imported as the script imports its neighbours."""
    with bench_script("ablation") as module:
        yield module


def _case(folder: Path, name: str, step: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    case = {"history": HISTORY, "ground_truth": "2", "mistake_agent": "Coder"}
    (folder / f"{name}.json").write_text(json.dumps({**case, "mistake_step": str(step)}))


def test_a_rule_is_credited_with_the_cases_it_fixes_and_charged_with_those_it_breaks(
    bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _case(tmp_path / "Algorithm-Generated", "1", 3)  # the first action: fixed by the rule
    _case(tmp_path / "Hand-Crafted", "2", 2)  # the first worker turn: broken by it
    code = bench.main([str(tmp_path), "--no-real", "--json", "--rules", "first-action"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    counts = report["Who&When"]["rules"]["first-action"]
    assert counts["AG odd"]["step"] == [1, 0]
    assert counts["HC even"]["step"] == [0, 1]
    assert counts["AG odd"]["agent"] == [0, 0]  # the same agent either way
    assert report["Who&When"]["figures"]["AG odd"]["step"] == 100.0
    assert report["fault bench"]["figures"]["all"] == {"culprit": 100.0, "step": 100.0}
    assert report["fault bench"]["rules"]["first-action"]["all"]["step"] == [0, 0]


def test_an_unknown_rule_is_refused(
    bench: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main([str(tmp_path), "--rules", "first-acton"]) == 2
    assert "unknown rule first-acton" in capsys.readouterr().err
