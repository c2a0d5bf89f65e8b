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
    r"(?:dead|broken) (?:link|url|page|article)s?|(?:link|url|page|article)s? "
    r"(?:(?:is|was|are|were) (?:dead|broken|gone)|(?:has|have) been (?:removed|deleted))|"
    r"does ?n[o']t exist|not (?:booked|sent|confirmed|done|completed)"
    r"|(?:(?<=\bis )|(?<=\bare )|(?<=\bwas )|(?<=\bwere ))not (?:in|on) (?:the|any) "
    r"(?:(?:search|web) )?(?:results?|pages?|sources?|data|records?|listings?))\b(?![/._-]\w)",
    re.IGNORECASE,
)
"""Words that say something failed, as words (`not found`, `is not in the search results`,
`the archive link is dead`, `the news article is gone`):
not part of a name (`src/app/errors.py`, `on_failure`, `timeout-ms`)."""
_REPORT_CAP = 20_000
"""How much of an answer is read for a failure report."""


def opens_with_failure(text: str, task: str = "") -> str | None:
    """The opening sentence of an answer (past its headings, `### 1. Task outcome:`) when
    it says something failed (`Not found: the page returned 503 twice.`); None when it
    states something else first, negates the failure (`No errors in the register`), or
    fails only in the task's own words (`Failed launches: 3` for a task about failed ones)."""
    lines = (_json_key().sub("", line).strip() for line in text[:_REPORT_CAP].splitlines())
    opening = next((line for line in lines if line and not _label_line().fullmatch(line)), "")
    sentence = _sentence_end().split(opening, maxsplit=1)[0]
    asked = {w.casefold() for w in re.findall(r"\w+", task[:_REPORT_CAP])}
    for found in _reports_failure().finditer(sentence):
        if found[0].split()[0].casefold() in asked:
            continue
        if _NEGATED_FAILURE.search(
            sentence[max(0, found.start() - _NEGATION_REACH) : found.start()]
        ):
            continue
        return sentence[:120]
    return None


_json_key = compiled_on_use(r'^[\s({\[]*"\w+"\s*:\s*"?')
"""The key a tool call's arguments open with (`({"answer": "`): no words of the answer."""
_label_line = compiled_on_use(r"[#>*\s]*(?:#[^\n]*|[^.!?]{0,80}:)")
"""A heading or a label ending in a colon, with nothing after it: no sentence of an answer."""
_sentence_end = compiled_on_use(r"(?<=[.!?])\s")
"""Where a sentence ends."""
_NEGATED_FAILURE = re.compile(r"\b(?:no|not|without|never)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)
"""A negation just before a failure word (`No errors`, `not a single failure`)."""
_NEGATION_REACH = 40
"""Characters before a failure word read for its negation: a bounded look, so a line of
many negated failures (`no error no error ...`) is read in linear time."""


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
