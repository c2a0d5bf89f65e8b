"""Markdown tables in a text (blame/engine/tables.py): two figures in one column."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.matching import literal
from blame.engine.tables import column_header, one_column
from blame.graph import StepGraph

_TABLE = "| Year | Nests | Counters |\n|---|---|---|\n| 2023 | 58 | 5 |\n| 2024 | 73 | 7 |"


@pytest.mark.parametrize(
    ("text", "answer", "same"),
    [
        (_TABLE, "58", True),  # the row above, the same column
        (_TABLE, "7", False),  # another column
        (f"{_TABLE}\n\nThe survey found 58 nests in 2023.", "58", True),  # in the table too
        ("| Nests |\n|---|\n| 73 |\n\nIn 2023: 58 nests.", "58", False),  # prose only
        ("| Nests |\n|---|\n| 73 |\n\n| Other |\n|---|\n| 58 |", "58", False),  # two tables
        ("73 nests in 2024 and 58 in 2023", "58", False),  # no table
        (_TABLE, "Marlow Fen", False),  # no figure
    ],
)
def test_two_figures_in_one_column_of_one_table(text: str, answer: str, same: bool) -> None:
    rec = TraceRecorder("t", input="How many nests in 2024?")
    rec.step("searcher", text, answer, kind="llm")
    flow = StepGraph(rec.finalize(final_output=answer))
    assert one_column(flow, literal("73"), text) is same


def test_a_long_row_of_the_figure_is_read_in_one_pass() -> None:
    """One row of 40,000 cells of the answer's figure: a figure's column is counted from
    the last one's, not from its line's start each time (before: quadratic)."""
    row = "| " + " | ".join(["58"] * 40_000) + " |"
    text = f"| Nests |\n{row}\n| 73 |"
    rec = TraceRecorder("t", input="How many nests?")
    rec.step("searcher", text, "58", kind="llm")
    flow = StepGraph(rec.finalize(final_output="58"))
    assert one_column(flow, literal("73"), text) is True


@pytest.mark.parametrize(
    ("text", "figure", "header"),
    [
        (_TABLE, "73", "Nests"),
        (_TABLE, "| 7", "Counters"),
        (_TABLE, "2024", "Year"),
        ("| Race | Entries | Finished |\n|:---|---:|---:|\n| Women | 38 | 31 |", "31", "Finished"),
        ("| 2023 | 58 |\n| 2024 | 73 |", "73", ""),  # no header row
        ("Nests: 73", "73", ""),  # no table
        ("| A | N | E |\n|--|:-:|--|\n| x | a \\| b | 38 |", "38", "E"),  # an escaped pipe
        ("| A | E |\n|---|---|\n| x | 1 |\n| B | F |\n|---|---|\n| y | 31 |", "31", "F"),
    ],
)
def test_the_header_of_a_cells_column(text: str, figure: str, header: str) -> None:
    at = text.rindex(figure) + (2 if figure.startswith("| ") else 0)
    assert column_header(text, at) == header
