"""Markdown tables in a text: whether two figures stand in one column of one table, rows of
the same field, so that a call that wrote one for the other read the wrong row."""

from __future__ import annotations

import re

from blame.engine.figures import as_written, is_number
from blame.engine.matching import Matcher
from blame.graph import StepGraph
from blame.text import compiled_on_use


def one_column(flow: StepGraph, matcher: Matcher, text: str) -> bool:
    """Whether `text` lists the content and the final answer's figure in one column of one
    table (`| 2023 | 58 |` above `| 2024 | 73 |`): the two are rows of the same field, and
    the step that answered with the other read the wrong row."""
    final = flow.final_output.strip()
    start = matcher.find(flow, text)
    if start is None or not is_number(final):
        return False
    table = _table(text, start)
    if table is None:
        return False
    top, bottom = table
    column = text.count("|", text.rfind("\n", 0, start) + 1, start)
    rows = text[top:bottom]
    # one pass: the pipes before each figure, counted from its line's start
    pipes, at = 0, 0
    for other in re.finditer(as_written(final), rows):
        newline = rows.rfind("\n", at, other.start())
        if newline >= 0:
            pipes, at = 0, newline + 1
        pipes += rows.count("|", at, other.start())
        at = other.start()
        if pipes == column:
            return True
    return False


def column_header(text: str, at: int) -> str:
    """The header of the column of the Markdown table cell holding offset `at` (`Entries`
    above `| Senior women | 38 |`): what the cell's figure counts. The nearest header row
    above the cell (the row over a `|---|` row); "" where there is none."""
    table = _table(text, at)
    if table is None:
        return ""
    top, _ = table
    start = text.rfind("\n", 0, at) + 1
    # the nearest header above: tables printed one under another share no header
    rows = text[max(top, start - 20_000) : start].split("\n")[:-1]
    rule = next(
        (i for i in range(len(rows) - 1, 0, -1) if _rule().fullmatch(rows[i].strip())), None
    )
    if rule is None:
        return ""
    cells = _cells(rows[rule - 1])
    column = len(_cells(text[start:at])) - 1
    return cells[column].strip() if 0 < column < len(cells) else ""


def _cells(row: str) -> list[str]:
    """A table row split at its pipes, not at an escaped one (`a \\| b`)."""
    return _pipe().split(row)


_pipe = compiled_on_use(r"(?<!\\)\|")
"""A pipe that separates cells: not an escaped one (`\\|`)."""


_rule = compiled_on_use(r"\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?")
"""The row under a Markdown table's header (`|---|:---:|`)."""


def _table(text: str, at: int) -> tuple[int, int] | None:
    """(start, end) of the Markdown table whose row holds offset `at`; None outside one."""

    def row(start: int) -> bool:
        return text[start : start + 200].lstrip(" \t").startswith("|")

    first = text.rfind("\n", 0, at) + 1
    if not row(first):
        return None
    top = first
    while top > 0 and row(above := text.rfind("\n", 0, top - 1) + 1):
        top = above
    bottom = text.find("\n", at)
    while bottom >= 0 and row(bottom + 1):
        bottom = text.find("\n", bottom + 1)
    return top, len(text) if bottom < 0 else bottom
