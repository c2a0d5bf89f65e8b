"""How a tool step says a fault of a test's `faults:` hit it (`metadata.fault`), or that it
failed without raising (an error reply), read by the checks and the engine on every run. Apart
from `blame.faults`, which injects the faults, so a run of stored or replayed traces does not
import the fault machinery to read the marks."""

from __future__ import annotations

import json
import re
from functools import lru_cache

from blame.model import Step, StepKind
from blame.text import compiled_on_use

FAULT_KEY = "fault"
"""The step metadata key that marks a tool call a fault hit (value: the fault's kind)."""


def faulted(step: Step) -> str | None:
    """The kind of fault that hit this tool step, or None."""
    kind = step.metadata.get(FAULT_KEY) if step.metadata else None
    return kind if isinstance(kind, str) else None


_ERROR_LEAD = compiled_on_use(
    r"(?:\[\s*(?:error|exception|fatal)\s*\]|(?:error|exception|fatal)\s*[:!(\u2013\u2014-]"
    r"|traceback \(most recent call last\)|[a-z_.]*(?:error|exception)\s*:)",
    re.IGNORECASE,
)
"""How a tool reply that reports its own failure begins: `ERROR: ...`, `[error] ...`,
`Error - ...`, `ValueError: ...`, a Python traceback. A word after `error` (`Error rate: 2 %`)
does not count: the reply must lead with the failure."""
_JSON_KEYS = compiled_on_use(r'"(?:error|status|success|ok)"')
"""The keys a JSON reply's failure is read from: a reply without them is not parsed."""
_JSON_FAILURE = frozenset({"error", "failed", "failure"})
"""`status` values of a JSON reply that failed."""
_READ_JSON = 100_000
"""Characters of a JSON reply read for its failure keys: a long one is a result, not an
error."""


def error_reply(step: Step) -> str | None:
    """The failure a tool step reported in its reply instead of raising it, or None: a tool
    that answers `ERROR: SMTP relay refused` (or JSON `{"error": ...}`, `{"status": "failed"}`,
    `{"success": false}`) gave nothing to build on, though it did not raise."""
    if step.kind is not StepKind.TOOL or step.error is not None:
        return None
    reply = step.output.strip()
    if not reply:
        return None
    if _ERROR_LEAD().match(reply[:200]):
        return reply
    if reply[0] != "{" or len(reply) > _READ_JSON:
        return None
    return reply if _json_failure(reply) else None


@lru_cache(maxsize=256)
def _json_failure(reply: str) -> bool:
    """Whether a JSON reply's own keys say it failed; parsed once while the rules ask of the
    same call again (a string keeps its hash: asking again costs a look-up)."""
    if not _JSON_KEYS().search(reply):
        return False
    try:
        fields = json.loads(reply)
    except (ValueError, RecursionError):  # tool text: not JSON, or nested too deep
        return False
    if not isinstance(fields, dict):
        return False
    status = fields.get("status")
    return (
        fields.get("error") not in (None, False, "", [], {})
        or (isinstance(status, str) and status.casefold() in _JSON_FAILURE)
        or fields.get("success") is False
        or fields.get("ok") is False
    )


def failure(step: Step) -> str | None:
    """The error the step raised, or the one its reply reported (`error_reply`); None."""
    return step.error if step.error is not None else error_reply(step)


def failed_as(step: Step) -> str:
    """How a reason says the step failed: it `raised` its error, or `returned` it."""
    return "raised" if step.error is not None else "returned"


def unbacked(step: Step) -> bool:
    """The call gives no success to build on: it failed, reported a failure in its reply,
    or a fault stood in for it."""
    return step.error is not None or faulted(step) is not None or error_reply(step) is not None
