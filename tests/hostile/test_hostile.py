"""The hostile-input corpus: every case runs the real `blame` command in a subprocess and must
end as a trustworthy tool would (see `harness.judge`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from blame.sandbox import mechanism
from tests.hostile.cases import INPUTS
from tests.hostile.cases_code import CODE
from tests.hostile.cases_places import PLACES
from tests.hostile.cases_traces import TRACES
from tests.hostile.harness import Case, Verdict, judge

CASES: dict[str, Case] = {**INPUTS, **CODE, **PLACES, **TRACES}
NAMESPACES = mechanism().startswith("bubblewrap")


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_input(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    if case.namespaces and not NAMESPACES:
        pytest.skip(f"holds only under bubblewrap; contained here by: {mechanism()}")
    verdict = judge(case, tmp_path)
    assert verdict.problems == ()


def test_the_case_lists_share_no_name() -> None:
    assert len(CASES) == len(INPUTS) + len(CODE) + len(PLACES) + len(TRACES)


@pytest.mark.parametrize(
    ("verdict", "tallied"),
    [
        (Verdict(2, False, False, False, False, True, ()), "clear"),
        (Verdict(0, False, False, True, False, False, ("exit 0",)), "false_pass"),
        (Verdict(None, False, True, False, False, False, ("hung",)), "hang"),
        (Verdict(1, True, False, False, True, False, ("traceback",)), "traceback,outside"),
    ],
)
def test_the_summary_counts_each_kind_of_outcome(verdict: Verdict, tallied: str) -> None:
    from tests.hostile.summary import figures

    counted = figures({"a": verdict})
    assert {k for k, v in counted.items() if v and k not in ("cases", "sound")} == set(
        tallied.split(",")
    ) | ({"wrong"} if verdict.problems else set())
