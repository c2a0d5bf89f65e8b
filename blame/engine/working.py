"""A number worked out from others: what a calculation's result is, and the figures an LLM
call worked a number out from in its own words.

A calculation's output is read as computed (`134.216136` for an answer of 134); words are read
as working only next to the number they give, since any two figures of a long text combine to
almost anything by chance.
"""

from __future__ import annotations

import re

from blame.engine.figures import is_number, norm, number, numbers
from blame.engine.interpreter import code_of
from blame.model import Step, StepKind
from blame.text import SCAN


def counts(figure: str) -> bool:
    """A figure of two digits or more, or with decimals: a one-digit number is as often a
    list's numbering or a count of things as an operand."""
    return len(re.sub(r"\D", "", figure)) >= 2 or "." in figure


def worked_out(step: Step, value: str) -> tuple[str, str] | None:
    """Two figures an LLM call wrote before the number `value` in its own words (no code)
    whose difference or sum it is (`founded in 1862 ... first light in 1891 ... 29 years
    after`), else, among the last few, whose product or quotient it is as written (`21 locks
    and a total rise of 62.4 m, about 2.97 m per lock`): the call worked the number out from
    them. The first such pair."""
    if step.kind is not StepKind.LLM or not is_number(value) or code_of(step.output[:SCAN]):
        return None
    wanted = float(norm(value))
    at = next(
        (m.start() for m in number().finditer(step.output[:SCAN]) if norm(m[0]) == norm(value)), -1
    )
    figures = [norm(n) for n in number().findall(step.output[: max(at, 0)])]
    distinct = [f for f in dict.fromkeys(figures) if counts(f) and f != norm(value)]
    seen: dict[float, str] = {}
    for figure in distinct:
        amount = float(figure)
        for other in (amount - wanted, wanted - amount, amount + wanted):
            if other in seen:
                return seen[other], figure
        seen[amount] = figure
    # the nearest figures before it, by where each was last written
    nearest = [f for f in dict.fromkeys(reversed(figures)) if counts(f) and f != norm(value)]
    return _scaled(nearest[:_NEAR][::-1], value)


_NEAR = 8
"""Figures before a number read for a product or a quotient: the working is written next to
its result, and a rounded quotient of any two figures of a long text matches by chance."""


def _scaled(figures: list[str], value: str) -> tuple[str, str] | None:
    """The first pair of `figures` whose product or quotient is `value` as written: rounded
    to its decimals, exact for a whole number (`63 / 21` is 3, `62 / 21` is not)."""
    wanted = float(norm(value))
    places = len(norm(value).partition(".")[2])
    for position, first in enumerate(figures):
        for second in figures[position + 1 :]:
            a, b = float(first), float(second)
            for result in (a * b, a / b if b else None, b / a if a else None):
                if result is None:
                    continue
                if (round(result, places) if places else result) == wanted:
                    return first, second
    return None


def result_of(made: str, value: str) -> float | None:
    """The number of `made` that is `value` (or a more precise form of it), as computed: the
    most precise such (`134.216136` for 134)."""
    wanted = float(norm(value))
    places = len(norm(value).partition(".")[2])
    results = [n for n in numbers(made) if round(float(n), places) == wanted]
    if not results:
        return None
    return float(max(results, key=lambda n: (len(n.partition(".")[2]), n)))
