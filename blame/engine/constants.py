"""A constant in code that a call of the agent stated as a fact, where a tool gave another.

A plan writes `The final lasts three minutes, the usual length of a show's pie-eating final`;
the code then works `round(pies / 3, 1)`, while the report it read said `the two-minute
final`. With the report's figure in the constant's place the code gives the right answer: the
call that stated the figure made it up, and the code only carried it out. Only a figure stated
with a unit (`three minutes`) that a tool's output gives with the same unit (`two-minute`) is
read: a bare constant (`* 100`, `/ 60`) is arithmetic, not a fact.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from blame.engine.figures import FUNCTION_WORDS, is_number, norm
from blame.engine.interpreter import prose, ran_code, unsaid
from blame.engine.matching import quote
from blame.engine.rules import on
from blame.engine.suspects import at_step, records_decisions
from blame.engine.working import result_of
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use

CONFIDENCE = 0.85
"""Above the call whose code computed the wrong value (0.8): it computed with the figure."""

_WORDS_TEXT = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
)
_WORDS = _WORDS_TEXT.split()
_NUMBER_WORDS = {word: str(at) for at, word in enumerate(_WORDS, start=1)}
"""Small numbers as a text writes them in words (`three minutes`, `a two-minute final`)."""

_measured = compiled_on_use(
    r"(?i)(?<![\w.,])(\d{1,6}(?:\.\d{1,6})?|" + "|".join(_WORDS) + r")(?:[ \t]|-)([a-z]{3,20})\b"
)
"""A figure and the unit word after it (`3 minutes`, `three minutes`, `two-minute`)."""

_operand = compiled_on_use(
    r"(?<=[\w)\]])[ \t]*([*/+-])[ \t]*(\d{1,6}(?:\.\d{1,6})?)(?![\w.(\[])"
    r"|(?<![\w.*/])(\d{1,6}(?:\.\d{1,6})?)[ \t]*([*/])(?![*/])"
)
"""A number literal on either side of a binary arithmetic operator in code (`pies / 3`,
`2 * laps`, `3 / pies`, `total + 3`); not an exponent (`** 2`), a floor division (`// 2`),
an index (`[-1]`) nor a sign (`(-3)`)."""

_MOST_CONSTANTS = 20
"""Stated constants of one calculation read: each is tried against every figure of its
unit, so the work stays linear in the tools' output."""

_NOT_UNITS_TEXT = (
    "and but nor the for with from than then per off out into onto over more less most "
    "least times other others such same"
)
_NOT_UNITS = FUNCTION_WORDS | frozenset(_NOT_UNITS_TEXT.split())
"""Words after a figure that name nothing it measures (`won 2 and lost 1`)."""


def stated_constant(flow: StepGraph, origin: int, value: str, right: str) -> Suspect | None:
    """The LLM call that stated, with a unit, the constant the code that computed the wrong
    number `value` (first at step `origin` or before it) worked with, when a tool's output
    gave another figure with that unit that, in the constant's place, gives `right`; the
    task does not state the constant with that unit. None otherwise. Each output is read
    once, whatever the number of constants."""
    if not is_number(value) or not is_number(right) or not records_decisions(flow):
        return None
    if not on("constant-made-up"):
        return None
    for computing in sorted((i for i in flow.upstream_of_final if i <= origin), reverse=True):
        step = flow.steps[computing]
        ran = ran_code(step.output[:SCAN]) if step.kind is StepKind.LLM else None
        result = None if ran is None else result_of(ran[1], value)
        if ran is None or result is None:
            continue
        stated = _statements(flow, computing)
        given: dict[str, dict[str, tuple[int, str]]] | None = None
        used = [(c, form) for c, form in _constants(unsaid(ran[0])) if c in stated]
        for constant, form in used[:_MOST_CONSTANTS]:
            author, unit, said = stated[constant]
            given = _tool_figures(flow, computing) if given is None else given
            for figure, (tool, written) in given.get(unit, {}).items():
                if figure != constant and _gives(form, constant, figure, result, value, right):
                    return at_step(
                        flow,
                        author,
                        CONFIDENCE,
                        f"the wrong value {quote(value)} was computed by "
                        f"{flow.label(computing)}'s code with {quote(constant)}, which "
                        f"{flow.label(author)} stated as {quote(said)} and the task does not; "
                        f"{flow.label(tool)} gave {quote(written)}, which in its place gives "
                        f"{quote(right)}",
                    )
        return None  # the latest calculation of the value is the one the answer came from
    return None


def _constants(code: str) -> Iterator[tuple[str, str]]:
    """(literal, form) for each number literal the code computes with, each once: the
    operator before it, or `*` for a literal before `*` or `/` (a factor or a numerator)."""
    seen: set[str] = set()
    for match in _operand().finditer(code):
        literal, form = (match[2], match[1]) if match[2] else (match[3], "*")
        if literal not in seen:
            seen.add(literal)
            yield norm(literal), form


def _unit(word: str) -> str:
    """A unit word without its plural `s` (`minutes`, `minute`)."""
    folded = word.casefold()
    return folded[:-1] if len(folded) > 3 and folded.endswith("s") else folded


def _figure(written: str) -> str:
    return _NUMBER_WORDS.get(written.casefold()) or norm(written)


def _statements(flow: StepGraph, before: int) -> dict[str, tuple[int, str, str]]:
    """Figure -> (call, unit, as written): where the computing call's agent first stated
    it with a unit in its own words (not its code), up to the computing call, with a unit
    the task does not state it with."""
    task = {(_figure(m[1]), _unit(m[2])) for m in _measured().finditer(flow.trace.input[:SCAN])}
    found: dict[str, tuple[int, str, str]] = {}
    for index in flow.llm_calls.get(flow.steps[before].agent, ()):
        if index > before:
            break
        for match in _measured().finditer(prose(flow.steps[index].output[:SCAN])):
            figure, unit = _figure(match[1]), _unit(match[2])
            if (figure, unit) not in task and unit not in _NOT_UNITS:
                found.setdefault(figure, (index, unit, match[0]))
    return found


def _tool_figures(flow: StepGraph, before: int) -> dict[str, dict[str, tuple[int, str]]]:
    """Unit -> figure -> (tool step, as written) where a tool's output before step `before`
    first states the figure with the unit."""
    found: dict[str, dict[str, tuple[int, str]]] = {}
    for step in flow.steps[:before]:
        if step.kind is StepKind.TOOL:
            for match in _measured().finditer(step.output[:SCAN]):
                figures = found.setdefault(_unit(match[2]), {})
                figures.setdefault(_figure(match[1]), (step.index, match[0]))
    return found


def _gives(form: str, constant: str, figure: str, result: float, value: str, right: str) -> bool:
    """`figure` in the place of `constant` turns `result` into `right`, to the precision
    `right` is written with; a result printed with decimals carries its rounding too (an
    integer printed is taken as computed)."""
    old, new = float(constant), float(figure)
    if not (math.isfinite(old) and math.isfinite(new) and old and new):
        return False
    ratio = {"/": old / new, "*": new / old}.get(form, 1.0)
    changed = {"+": result - old + new, "-": result + old - new}.get(form, result * ratio)
    rounding = _half(value) * abs(ratio) if "." in value else 0.0
    return math.isfinite(changed) and abs(changed - float(norm(right))) <= _half(right) + rounding


def _half(written: str) -> float:
    """Half the last place a number is written to (`5.5`: 0.05; `6.0`: 0.05 too)."""
    places = written.strip().replace(",", "").partition(".")[2]
    return float(0.5 * 10 ** -min(len(places) if places.isdigit() else 0, 300))
