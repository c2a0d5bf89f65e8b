"""A number worked out from others, by a calculation or in words (blame/engine/working.py)."""

from __future__ import annotations

import pytest

from blame.engine.working import counts, result_of, worked_out
from blame.model import Step, StepKind


def said(output: str, kind: StepKind = StepKind.LLM) -> Step:
    return Step(id="s0", index=0, agent="A", kind=kind, name="A", output=output)


@pytest.mark.parametrize(
    ("output", "value", "pair"),
    [
        ("Founded in 1862; first light in 1891, 29 years after.", "29", ("1862", "1891")),
        ("Spans of 1,104 m and 862 m: 242 m apart.", "242", ("1104", "862")),
        ("Two stages, 120 km and 45 km: 165 km in all.", "165", ("120", "45")),
        # the figures must come before the number: after it, they are no working
        ("It is 29 years; founded 1862, first light 1891.", "29", None),
        # code computes; its figures are read as a calculation, not as words
        ("<code>\nprint(1891 - 1862)\n</code>\n29 years", "29", None),
        # one-digit figures are list numbers or counts as often as operands
        ("1. Read. 2. Add: 3 in all.", "3", None),
        ("Founded in 1862, 29 years before.", "29", None),  # one figure is no working
        ("Founded in 1862; first light in 1891, 29 years after.", "n/a", None),
        # a quotient or product, as written: rounded to the number's decimals
        ("21 locks and a total rise of 62.4 m, about 2.97 m per lock.", "2.97", ("21", "62.4")),
        ("Rise 62.4 m over 21 locks: 2.97 m each.", "2.97", ("62.4", "21")),
        ("12 crates of 24 jars: 288 jars.", "288", ("12", "24")),
        ("63 m over 21 locks: 3 m each.", "3", ("63", "21")),
        ("62 m over 21 locks: 3 m each.", "3", None),  # a whole number is exact
        ("Rise 62.4 m over 21 locks: 2.9 m each.", "2.9", None),  # 2.97 is not 2.9
        # the nearest figures by where each was last written
        (
            "62.4 m; 21 locks; 10, 11, 12, 13, 14, 15, 16, 17; 62.4 m over 21: 2.97",
            "2.97",
            ("62.4", "21"),
        ),
        # only the last few figures before it: a long text's figures match by chance
        ("62.4 and 21; " + "; ".join(str(n) for n in range(40, 49)) + "; 2.97", "2.97", None),
    ],
)
def test_a_number_worked_out_in_words_from_figures_written_before_it(
    output: str, value: str, pair: tuple[str, str] | None
) -> None:
    assert worked_out(said(output), value) == pair


def test_an_agent_step_works_nothing_out() -> None:
    output = "Founded in 1862; first light in 1891, 29 years after."
    assert worked_out(said(output, StepKind.AGENT), "29") is None


@pytest.mark.parametrize(
    ("made", "value", "result"),
    [
        ("134.216136", "134", 134.216136),  # the most precise form of it
        ("134.2 and 134.216136", "134.2", 134.216136),
        ("no such number 135", "134", None),
    ],
)
def test_a_calculations_result_is_read_as_computed(
    made: str, value: str, result: float | None
) -> None:
    assert result_of(made, value) == result


@pytest.mark.parametrize(
    ("figure", "expected"),
    [("7", False), ("12", True), ("0.5", True), ("1,5", True), ("-3", False)],
)
def test_a_one_digit_figure_counts_as_no_operand(figure: str, expected: bool) -> None:
    assert counts(figure) is expected
