"""Words that claim an action succeeded, words that report that it failed, and facts a
message claims that nothing before it backed.

The success-claim checks, the engine (did a step go on as if a failed call had worked?) and
the patches (did a caller already say its tool failed?) read agent text the same way.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from blame.engine.figures import NUMBER, norm
from blame.graph import StepGraph
from blame.model import StepKind
from blame.text import compiled_on_use

DEFAULT_CLAIMS = (
    "booked",
    "canceled",
    "cancelled",
    "charged",
    "completed",
    "confirmed",
    "created",
    "delivered",
    "done",
    "emailed",
    "ordered",
    "paid",
    "placed",
    "processed",
    "refunded",
    "reserved",
    "scheduled",
    "sent",
    "submitted",
    "successfully",
    "transferred",
    "updated",
)
"""Words that claim an action succeeded."""
_NEGATION = re.compile(
    r"\b(?:not|never|no|unable|failed|cannot|could ?n[o']t|wasn't|isn't|hasn't|haven't|"
    r"didn't|won't|has not|have not)\b[\w\s,'-]{0,30}$",
    re.IGNORECASE,
)


def find_claim(text: str, claims: Sequence[str]) -> tuple[str, int] | None:
    """The first success claim in `text`, as written, and its offset; negated claims ("not
    sent") skip.
    The whole text is searched (a claim past a cap would pass the check). ASCII text, the
    usual case, is lowered once and searched case-sensitively: same offsets, a few times
    faster than IGNORECASE on megabytes of output."""
    ordered = sorted(claims, key=lambda c: (-len(c), c))
    fast = text.isascii() and all(c.isascii() for c in ordered)
    words = "|".join(re.escape(c.lower() if fast else c) for c in ordered)
    pattern = re.compile(rf"\b(?:{words})\b", 0 if fast else re.IGNORECASE)
    for found in pattern.finditer(text.lower() if fast else text):
        before = text[max(0, found.start() - 40) : found.start()]
        if _NEGATION.search(before):
            continue
        return text[found.start() : found.end()], found.start()
    return None


_reports_failure = compiled_on_use(
    r"(?<![/._-])\b(?:fail(?:s|ed|ure|ing)?|errors?|unable|could ?n[o']t|can ?n[o']t|"
    r"did ?n[o']t|unavailable|unreachable|timed? ?out|timeout|no such|not found|"
    r"does ?n[o']t exist|not (?:booked|sent|confirmed|done|completed))\b(?![/._-]\w)",
    re.IGNORECASE,
)
"""Words that say something failed, as words: not part of a name (`src/app/errors.py`,
`on_failure`, `timeout-ms`)."""
_REPORT_CAP = 20_000
"""How much of an answer is read for a failure report."""


def failure_before(text: str, offset: int) -> str | None:
    """The first words of `text` before `offset` that say something failed (`Not found`),
    with what follows them on their line; None when none do (a finding stated first, its
    failures an aside after it)."""
    found = _reports_failure().search(text[: min(offset, _REPORT_CAP)])
    if found is None:
        return None
    return text[found.start() :].split("\n", 1)[0][:120]


def reports_failure(text: str) -> bool:
    """Whether `text` says something failed and claims no success: an agent that read a
    tool's error and said so did not go on as if the call had worked."""
    text = text[:_REPORT_CAP]
    return bool(_reports_failure().search(text)) and find_claim(text, DEFAULT_CLAIMS) is None


_fact = compiled_on_use(NUMBER + r"|\b[A-Z][\w'\u2019-]{3,}\b")
"""A fact a message can state: a number as written, or a capitalised word."""
_FACT_SCAN = 200_000
"""Characters of one message searched for facts."""


def unsupported_claim(flow: StepGraph, final: int) -> tuple[int, str] | None:
    """(step, fact): the first message that stated a fact the final output repeats, unbacked.

    Facts are numbers (two digits or more, or decimals) and capitalised words. Only a
    conversation with tool output has something to back a claim with; without any, every
    fact is somebody's claim and this signal says nothing.
    """
    if not flow.all_tool_steps:
        return None
    asked = _facts(flow.trace.input) | {
        w.casefold() for w in re.findall(r"\w+", flow.trace.input[:_FACT_SCAN])
    }
    repeated = _facts(flow.final_output) - asked
    if not repeated:
        return None
    seen = set(asked)
    for step in flow.steps[:final]:
        facts = _facts(step.output)
        if step.kind in (StepKind.AGENT, StepKind.LLM):
            new = sorted((facts - seen) & repeated)
            if new:
                return step.index, _as_stated(step.output, new[0])
        seen |= facts
    return None


def _as_stated(text: str, fact: str) -> str:
    """The fact as `text` writes it (`5,200,000` for 5200000, `Paris` for paris): the quote a
    person finds in that step."""
    for match in _fact().finditer(text[:_FACT_SCAN]):
        token = match.group(0)
        if (token.casefold() if token[0].isalpha() else norm(token)) == fact:
            return token
    return fact


def _facts(text: str) -> set[str]:
    found = set()
    for match in _fact().finditer(text[:_FACT_SCAN]):
        token = match.group(0)
        if token[0].isalpha():
            found.add(token.casefold())
        elif len(re.sub(r"\D", "", token)) >= 2 or "." in token:
            found.add(norm(token))
    return found
