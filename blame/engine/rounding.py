"""The right figure rounded otherwise: left unrounded (`4.18` where the task's `4.2` has one
decimal place) or rounded too far (`-5` for `-5.3`). The figure came from the right place;
the call that chose its form is to blame, not the one that read it."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation

from blame.engine.figures import norm, numbers
from blame.engine.interpreter import code_of, written
from blame.engine.matching import quote
from blame.engine.suspects import at_step
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use


def rounded_otherwise(
    flow: StepGraph, final: int, writer: int, right: str, wrong: str
) -> Suspect | None:
    """The LLM call that gave the right figure `right` the form `wrong`, rounding it to other
    decimal places: the first call on the way to the final output that wrote it so in its
    own words (`Rounded: 1804.05`; a later call only passed it on), else `writer`, the call
    that wrote the final output; for a figure rounded too far, only the call whose code
    rounded it (`avg = round(sum(means) / len(means))`): a whole number near a figure with
    decimals is as often another figure. None for neither."""
    shown, wanted = quote(wrong), quote(right)
    right, wrong = _plain(right), _plain(wrong)  # `4.20` has two places: zeros kept
    if not is_unrounded(wrong, right) and not is_unrounded(right, wrong):
        return None  # no rounding makes one of the other: the tools are not read
    if _read_off(flow, norm(wrong)):  # a tool gave it: another figure, not this one's form
        return None
    said = _first_to_say(flow, final, norm(wrong))
    if is_unrounded(wrong, right):
        at = writer if said is None else said
        return at_step(
            flow,
            at,
            0.9,
            f"the final output {shown} is {wanted} unrounded; {flow.label(at)} wrote it with "
            f"more decimal places than {wanted} has",
        )
    if not is_unrounded(right, wrong):
        return None
    if said is not None:  # `The mean is about -5`: that call wrote it so
        return at_step(
            flow,
            said,
            0.9,
            f"the final output {shown} is {wanted} rounded to fewer decimal places; "
            f"{flow.label(said)} wrote it with fewer decimal places than {wanted} has",
        )
    places = len(right.partition(".")[2])
    rounder = _rounding_code(flow, final, places)
    if rounder is None:
        return None
    return at_step(
        flow,
        rounder,
        0.9,
        f"the final output {shown} is {wanted} rounded to fewer decimal places; "
        f"{flow.label(rounder)} wrote code that rounds to fewer places than {wanted} has",
    )


def _read_off(flow: StepGraph, figure: str) -> bool:
    """A tool's output has `figure` as written: it was read there, a figure of its own (a
    page's heaviest ram, `4.18 kg`), not the right one in another form. Not a tool that
    echoes its arguments, as `final_answer` does: it read nothing."""
    tools = (flow.steps[at] for at in flow.all_tool_steps)
    return any(
        figure in numbers(tool.output[:SCAN])
        for tool in tools
        if tool.output.strip() != tool.input.strip()
    )


def _plain(figure: str) -> str:
    """A figure without its grouping, currency or per cent (`$1,204.50%` -> `1204.50`), its
    trailing zeros kept: they say to how many places it was rounded."""
    return figure.strip().replace(",", "").replace("$", "").replace("\u2212", "-").rstrip("%")


def is_unrounded(longer: str, shorter: str) -> bool:
    """`longer` has more decimal places than `shorter` and rounds to it (half up or half to
    even, as code rounds): `shorter` is `longer` rounded."""
    places = len(shorter.partition(".")[2])
    if len(longer.partition(".")[2]) <= places:
        return False
    try:
        value, wanted = Decimal(longer), Decimal(shorter)
        step = Decimal(1).scaleb(-places)
        return any(value.quantize(step, rounding=way) == wanted for way in _WAYS)
    except InvalidOperation:  # too many digits to round: no figure a run computed
        return False


_WAYS = (ROUND_HALF_UP, ROUND_HALF_EVEN)
"""How code rounds: Python's `round` and `:.1f` to even, people half up."""


def _first_to_say(flow: StepGraph, final: int, figure: str) -> int | None:
    """The first LLM call on the way to the final output that wrote `figure` in its own
    words, not in what its code printed (`Rounded: 1804.05`, `about 4.18 kg`)."""
    for at in sorted(flow.ancestors(final) | {final}):
        step = flow.steps[at]
        if step.kind is StepKind.LLM and figure in numbers(written(step.output[:SCAN])):
            return at
    return None


def _rounding_code(flow: StepGraph, final: int, places: int) -> int | None:
    """The first LLM call on the way to the final output whose code rounds a figure to
    fewer than `places` decimal places (`round(x)`, `round(x, 0)`, `:.0f`, `int(`,
    `math.floor(`); `:.2f` for a figure of one place rounds nothing away."""
    for at in sorted(flow.ancestors(final) | {final}):
        step = flow.steps[at]
        if step.kind is not StepKind.LLM:
            continue
        for found in _rounds().finditer(code_of(step.output[:SCAN])):
            kept = found["places"] or found["format"]
            if kept is None or int(kept) < places:
                return at
    return None


_rounds = compiled_on_use(
    r"\bround\([^(),]{1,200}(?:\([^()]{0,200}\)[^(),]{0,200}){0,3}(?:,[ \t]*(?P<places>\d))?\)"
    r"|:\.(?P<format>\d)f\b|\bmath\.(?:floor|ceil|trunc)\(|\bint\("
)
"""Code that rounds or cuts a figure's decimal places, and to how many it keeps."""
