"""A wrong number computed from the wrong figure: the figure the computing call's input had
that, in an operand's place, gives the right answer.

A code agent's call (or the call that asked a calculator) computed the final answer from
figures; when its input had another figure that, put in the place of one it computed with,
gives the right answer by product or by sum (`216 * 0.621371` where the report it read gave
the river's 612 km beside its tributary's 216 km), that call chose the wrong figure, whoever
wrote it first. Only an operand that is itself a figure of the input was a choice between
figures: a constant the code wrote, or an id it looked up, was none.
"""

from __future__ import annotations

import itertools
import math
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Collection, Iterator
from functools import partial

from blame.engine.figures import is_number, norm, number, numbers
from blame.engine.interpreter import carried, code_of, ran_code
from blame.engine.matching import quote
from blame.engine.operands import Operand, calculations
from blame.engine.suspects import decision
from blame.engine.working import counts, result_of
from blame.graph import StepGraph
from blame.model import StepKind
from blame.text import SCAN


def swapped_operand(flow: StepGraph, origin: int, value: str, right: str) -> Operand | None:
    """Up to step `origin`, the call that computed the wrong number from a figure where its
    input had the one that gives the right answer: with it in the operand's place, the same
    calculation gives `right` (`216 * 0.621371` where the report it read had 612 and the task
    wants 380). The call that wrote the code (or asked the calculator) chose the figure, whoever
    wrote it first. Only calculations whose result is the whole figure a tool returned, or
    what code printed."""
    if not is_number(right):
        return None
    handed: set[str] | None = None  # figures the task or a step gave: not the prompt's examples
    # the last calculation that gave the wrong number is the one the answer came from
    for tool, operands, result in calculations(flow, origin, value, last_first=True):
        step = flow.steps[tool]
        if step.kind is StepKind.TOOL and (not is_number(step.output) or len(operands) < 2):
            continue  # a page, or a look-up by one id, that happens to give the number
        chooser = tool if step.kind is not StepKind.TOOL else decision(flow, tool)
        if handed is None:
            handed = numbers(flow.trace.input[:SCAN])
            handed.update(*(numbers(step.output[:SCAN]) for step in flow.steps))
        # what earlier code left in the variables it reads tells the calculation's form;
        # the call that wrote that code chose those figures, not this one
        left: Callable[[], Collection[str]] = (
            tuple if step.kind is StepKind.TOOL else partial(_left, flow, tool)
        )
        found = swap(operands, result, flow.steps[chooser].input, right, handed, left)
        if found is not None:
            operand, figure = found
            chose = "while" if chooser == tool else f"which {flow.label(chooser)} chose while"
            return Operand(
                tool,
                chooser,
                operand,
                f"from {quote(operand)}, {chose} its input had {quote(figure)}, which in its place "
                f"gives {quote(right)}",
            )
    return None


def _left(flow: StepGraph, tool: int) -> list[str]:
    """The figures earlier code left in the variables the code of call `tool` reads."""
    return carried(flow, tool, code_of(flow.steps[tool].output[:SCAN]))


def swap(
    operands: list[str],
    result: float,
    given: str,
    right: str,
    handed: Collection[str] | None = None,
    left: Callable[[], Collection[str]] = tuple,
) -> tuple[str, str] | None:
    """(operand, figure): a figure of `given` (the last SCAN characters; one of `handed` too,
    when given: a figure of the instructions' examples, `5 + 3 + 1294.678`, was handed by no
    one) that, put in the place of one of `operands`, turns `result` into `right`, by product
    or by sum (the first such pair, in the operands' order, then the figures' as written);
    None when none does.

    Only an operand that is itself a figure of `given` was chosen from it (a constant the
    code wrote, `0.621371`, or an id it looked up was no choice between figures); each
    operand's candidates are found by bisection in the sorted figures, so the cost is
    (operands + figures) x log(figures), not their product. The figures earlier code `left`
    in the variables this code reads count for the calculation's form only; they are read
    only when an operand is a figure of `given` (reading them walks the agent's earlier code)."""
    if not is_number(right):
        return None
    wanted = float(norm(right))
    if not math.isfinite(wanted) or not math.isfinite(result):
        return None
    half = 0.5 * 10 ** -min(len(norm(right).partition(".")[2]), 300)
    figures = {f for f in numbers(given[-SCAN:]) if counts(f) and math.isfinite(float(f))}
    if handed is not None:
        figures = {f for f in figures if f in handed}
    chosen = [o for o in dict.fromkeys(operands) if o in figures]
    if not chosen:
        return None
    values = sorted((float(f), f) for f in figures)
    keys = [v for v, _ in values]
    forms = _forms([*operands, *(norm(n) for n in left())], result)
    for operand in chosen:
        old = float(operand)
        found = sorted(
            figure
            for low, high in _ranges(forms, operand, old, result, wanted, half)
            for new, figure in values[bisect_left(keys, low) : bisect_right(keys, high)]
            if figure != operand and _gives(forms, operand, old, new, result, wanted, half)
        )
        if found:
            return operand, found[0]
    return None


Form = dict[str, tuple[int, int]]
"""Each operand's (sign in a sum, power in a product); 0 where the form does not fit."""


def _ranges(
    forms: Form, operand: str, old: float, result: float, wanted: float, half: float
) -> Iterator[tuple[float, float]]:
    """Where a figure must lie to turn `result` into `wanted` in `operand`'s place."""
    sign, power = forms.get(operand, (1, 1))
    if sign:
        low, high = old + sign * (wanted - half - result), old + sign * (wanted + half - result)
        yield min(low, high), max(low, high)
    ratios = (
        ((wanted - half) / result, (wanted + half) / result) if power and old and result else ()
    )
    if power == 1 and ratios:
        yield min(old * r for r in ratios), max(old * r for r in ratios)
    elif power == -1 and ratios and all(ratios) and ratios[0] * ratios[1] > 0:
        yield min(old / r for r in ratios), max(old / r for r in ratios)  # a divisor


def _gives(
    forms: Form, operand: str, old: float, new: float, result: float, wanted: float, half: float
) -> bool:
    """`new` in the place of `old` turns `result` into `wanted` (to its rounding)."""
    sign, power = forms.get(operand, (1, 1))
    scaled = None
    if power == 1 and old:
        scaled = result * new / old
    elif power == -1 and new:
        scaled = result * old / new
    changed = (scaled, result + sign * (new - old) if sign else None)
    return any(c is not None and abs(c - wanted) <= half for c in changed)


_MOST_OPERANDS = 6
"""Operands whose signs (or powers) are all tried to tell a sum from a product: 2^6 ways."""


def _forms(operands: list[str], result: float) -> Form:
    """How each operand enters the calculation, when its operands, each added or taken away
    (multiplied by or divided by), give the result exactly: `28 - 22 = 6` is a difference,
    so 19 in the place of 28 would not give 4 (only a product would), and 22 counts
    negatively. When no form fits (a constant, a rounding, a figure the code read from a
    variable), every operand is taken as added and as multiplied, the common case."""
    unique = list(dict.fromkeys(operands))
    found = [float(o) for o in unique]
    if not 2 <= len(found) <= _MOST_OPERANDS or not all(map(math.isfinite, [*found, result])):
        return {}
    summed: tuple[int, ...] | None = None
    multiplied: tuple[int, ...] | None = None
    for signs in itertools.product((1, -1), repeat=len(found)):
        if summed is None and _close(sum(s * v for s, v in zip(signs, found, strict=True)), result):
            summed = signs
        if multiplied is None and all(found):
            product = math.prod(v if s > 0 else 1 / v for s, v in zip(signs, found, strict=True))
            multiplied = signs if _close(product, result) else None
    if summed is None and multiplied is None:
        return {}
    return {
        operand: (summed[at] if summed else 0, multiplied[at] if multiplied else 0)
        for at, operand in enumerate(unique)
    }


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def code_swap(output: str, given: str, wrong: str, right: str) -> tuple[str, str] | None:
    """`swap` for a code agent's call (`output`: its code and what the code printed; `given`:
    its input) whose code printed the number `wrong`."""
    ran = ran_code(output[:SCAN])
    if ran is None or not is_number(wrong):
        return None
    code, printed = ran
    result = result_of(printed, wrong)
    if result is None:
        return None
    operands = [n for n in (norm(m) for m in number().findall(code)) if counts(n)]
    return swap(operands, result, given, right)
