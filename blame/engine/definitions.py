"""A code name's value stated without reading where it is defined: a plan that writes
`DEFAULT_HYDRATION is 3/4, i.e. 75 %` after reading only the file that imports the name took
the figure from somewhere else (a docstring's example of another value), so the call that
stated it made the fact up, whichever tool's output happened to hold the figure.
"""

from __future__ import annotations

import re

from blame.engine.interpreter import written
from blame.engine.matching import Matcher, quote
from blame.engine.rules import on
from blame.engine.suspects import at_step, records_decisions
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use

_NAMES = 8
"""Code names of one line checked at most: each is a search of the tools' outputs."""


def unread_definition(flow: StepGraph, origin: int, bad: Matcher) -> Suspect | None:
    """The first LLM call after tool step `origin` (where the wrong value was first found)
    that wrote the wrong value itself, on a line that states it for a code name
    (`DEFAULT_HYDRATION`, `max_retries`) no tool's output up to it defines (`NAME = ...`,
    `NAME: int = ...`, `def NAME`, `"NAME": ...`) while one did show the name (an import):
    it stated a value it never read. Not where the tool's line with the value names it too
    (that line may be the definition, in a form not read here)."""
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
    if writer is None:
        return None
    source = flow.steps[origin].output[:SCAN]
    at = bad.find(flow, source)
    if at is None:
        return None
    start, end = source.rfind("\n", 0, at) + 1, source.find("\n", at)
    beside = source[start : end if end >= 0 else len(source)]
    tools = [
        flow.steps[i].output[:SCAN]
        for i in range(writer)
        if flow.steps[i].kind is StepKind.TOOL and flow.steps[i].output != flow.steps[i].input
    ]
    for line in written(flow.steps[writer].output[:SCAN]).split("\n"):
        if bad.find(flow, line) is None:
            continue
        for name in list(dict.fromkeys(_code_name().findall(line)))[:_NAMES]:
            if name in beside or not any(name in text for text in tools):
                continue
            if any(_defines(name, text) for text in tools):
                continue
            return at_step(
                flow,
                writer,
                0.85,
                f"{flow.label(writer)} stated {bad.shown} as the value of {quote(name)}, which "
                f"no tool's output before it defines (it read no `{name} = ...`); "
                f"{flow.label(origin)} had {bad.shown} only on a line about something else",
            )
    return None


def _defines(name: str, text: str) -> bool:
    """Whether `text` holds a definition of `name`: an assignment, a function or a class, or
    a key of a mapping."""
    escaped = re.escape(name)
    pattern = (
        rf"(?<![\w.]){escaped}[ \t]*(?::[^=\n]{{0,80}})?=(?!=)"
        rf"|\b(?:def|class)[ \t]+{escaped}\b|[\"']{escaped}[\"'][ \t]*:"
    )
    return re.search(pattern, text) is not None


_code_name = compiled_on_use(r"\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*")
"""A code name with an underscore in it (`DEFAULT_HYDRATION`, `max_retries`)."""
