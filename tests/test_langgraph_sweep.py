"""bench/langgraph_sweep.py and its pipelines: every label names a step of its run, every
labelled check fails, and the figures are printed per check and in total."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from tests.conftest import bench_script

pytest.importorskip("langgraph_supervisor")


@pytest.fixture(scope="module")
def sweep() -> Iterator[ModuleType]:
    with bench_script("langgraph_sweep") as module:
        yield module


def test_every_pipeline_runs_and_every_labelled_check_fails(sweep: ModuleType) -> None:
    from corpus.langgraph_pipelines import PIPELINES

    assert len(PIPELINES) == len({p.name for p in PIPELINES}) >= 15
    rows = [row for pipeline in PIPELINES for row in sweep.score(pipeline)]
    failed = [r for r in rows if r.blamed != "passed"]
    assert len(rows) == sum(len(p.labels) for p in PIPELINES)
    assert len(failed) == len(rows)
    assert sum(r.agent for r in rows) >= 19
    assert sum(r.step for r in rows) >= 20


def test_the_report_gives_each_check_and_the_totals(
    sweep: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert sweep.main(["--json"]) == 0
    assert capsys.readouterr().out.startswith('{"agent": ')
