"""A code name's value stated without reading where it is defined: a plan that writes
`DEFAULT_HYDRATION is 3/4, i.e. 75 %` after reading only the file that imports the name took
the figure from somewhere else (a docstring's example of another value), so the call that
stated it made the fact up, whichever tool's output happened to hold the figure.
"""

from __future__ import annotations

from blame.engine.interpreter import written
from blame.engine.matching import Matcher, quote
from blame.engine.rules import on
from blame.engine.suspects import at_step, records_decisions
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use

_NAMES = 16
"""Constants checked at most in one call's output: each is a search of the tools' outputs."""


def unread_definition(flow: StepGraph, origin: int, bad: Matcher) -> Suspect | None:
    """The first LLM call after tool step `origin` (where the wrong value was first found)
    that wrote the wrong value itself, on a line that states it for a constant
    (`DEFAULT_HYDRATION`) that tools' outputs before it show (an import) but never define
    (`_unread`): it stated a value it never read. Not where the tool's line with the value
    names the constant too (that line may be the definition, in a form not read here)."""
    if not records_decisions(flow) or not on("unread-definition"):
        return None
    if flow.steps[origin].kind is not StepKind.TOOL:
        return None
    writer = next(
        (
            at
            for at in sorted(flow.descendants(origin))
            if flow.steps[at].kind is StepKind.LLM
            and bad.find(flow, written(flow.steps[at].output[:SCAN])) is not None
        ),
        None,
    )
    source = flow.steps[origin].output[:SCAN]
    at = bad.find(flow, source)
    if writer is None or at is None:
        return None
    start, end = source.rfind("\n", 0, at) + 1, source.find("\n", at)
    beside = source[start : end if end >= 0 else len(source)]
    tools = [
        flow.steps[i].output[:SCAN]
        for i in range(writer)
        if flow.steps[i].kind is StepKind.TOOL and flow.steps[i].output != flow.steps[i].input
    ]
    checked: dict[str, bool] = {}  # constant -> stated unread; each is searched for once
    for line in written(flow.steps[writer].output[:SCAN]).split("\n"):
        if bad.find(flow, line) is None:
            continue
        for name in dict.fromkeys(_constant().findall(_address().sub(" ", line))):
            if name not in checked and len(checked) < _NAMES:
                checked[name] = name not in beside and _unread(name, tools)
            if checked.get(name):
                return at_step(
                    flow,
                    writer,
                    0.85,
                    f"{flow.label(writer)} stated {bad.shown} as the value of {quote(name)}, "
                    f"which no tool's output before it defines (it read no `{name} = ...`); "
                    f"{flow.label(origin)} had {bad.shown} only on a line about something else",
                )
    return None


def _unread(name: str, tools: list[str]) -> bool:
    """Whether a tool's output shows `name` (an import, a use) and none defines it: no line
    that holds it gives it a value (`NAME = ...`, `NAME: 0.7`, `"NAME": ...`) or holds a
    figure beside it (`#define NAME 0.7`, `const NAME float64 = 0.70`; a listing's line
    number aside). Any figure beside the name counts as a definition: the claim that none
    was read must hold whatever the file's language."""
    shown = False
    for text in tools:
        at = text.find(name)
        while at >= 0:
            start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
            line = text[start : end if end >= 0 else len(text)]
            if _gives_value(name, line):
                return False
            shown = True
            at = text.find(name, end) if end >= 0 else -1
    return shown


def _gives_value(name: str, line: str) -> bool:
    """Whether a line holding `name` defines it or sets a figure beside it."""
    after = line[line.find(name) + len(name) :]
    if _assigned().match(after) is not None:
        return True
    return _figure().search(_line_number().sub("", line, count=1)) is not None


_constant = compiled_on_use(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")
"""A constant's name, in capitals with an underscore (`DEFAULT_HYDRATION`, `MAX_RETRIES`):
what a default is defined as; a parameter's or a page's name (`flour_g`, `Vardeck_Hut`) is
no such claim."""
_address = compiled_on_use(r"\S*(?:://|/|\\)\S*")
"""A web address or a path (`https://.../Vardeck_Hut`): it names where, not what."""
_assigned = compiled_on_use(r"[\"']?[ \t]*(?::[^=\n]{0,80})?[:=](?!=)")
"""What follows a name given a value: `= ...`, `: int = ...`, `: 0.7`, `": ...`."""
_figure = compiled_on_use(r"\d")
"""A figure anywhere on the line."""
_line_number = compiled_on_use(r"^[ \t]*\d+[ \t:|]")
"""A listing's line number (`  7  from levain.constants import ...`)."""
