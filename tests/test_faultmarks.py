"""blame.faultmarks: which tool steps give no success to build on."""

from __future__ import annotations

import json

import pytest

from blame.faultmarks import FAULT_KEY, error_reply, unbacked
from blame.model import Step
from blame.recorder import TraceRecorder


def _tool(output: str = "", *, error: str | None = None, fault: str | None = None) -> Step:
    rec = TraceRecorder("t")
    rec.tool(
        "send_email",
        agent="Mailer",
        output=output,
        error=error,
        metadata={FAULT_KEY: fault} if fault else None,
    )
    return rec.finalize().steps[0]


@pytest.mark.parametrize(
    ("reply", "reported"),
    [
        ("ERROR: SMTP relay refused the message", True),
        ("Error: rate limited", True),
        ("  error - no such mailbox", True),
        ("[ERROR] upstream returned 503", True),
        ("Exception: connection reset", True),
        ("ValueError: unknown city 'Lyonn'", True),
        ("requests.exceptions.HTTPError: 500 Server Error", True),
        ("Traceback (most recent call last):\n  File ...", True),
        ("Error \u2013 quota exhausted", True),
        ('{"error": "invalid api key"}', True),
        ('{"error": {"code": 401}}', True),
        ('{"status": "FAILED", "id": 3}', True),
        ('{"success": false}', True),
        ('{"ok": false, "reason": "busy"}', True),
        # replies that only mention an error, or carry an empty one, are results
        ("Error rate: 2 % this week", False),
        ("The error was fixed in 3.2.", False),
        ("Sent to ana@example.com (id 551)", False),
        ('{"error": null, "id": 7}', False),
        ('{"error": "", "status": "ok"}', False),
        ('{"status": "sent", "success": true}', False),
        ('[{"error": "x"}]', False),
        ('{"results": [{"status": "failed"}]}', False),
        ("{not json", False),
        ("", False),
        ('{"a": ' * 5_000 + "1" + "}" * 5_000, False),
        ('{"error": "x", "pad": "' + "y" * 200_000 + '"}', False),  # too long to be an error
    ],
)  # fmt: skip
def test_a_reply_that_leads_with_a_failure_is_an_error_reply(reply: str, reported: bool) -> None:
    step = _tool(reply)
    assert (error_reply(step) is not None) is reported
    assert unbacked(step) is reported


def test_only_tool_steps_have_error_replies() -> None:
    rec = TraceRecorder("t")
    rec.step("Writer", input="q", output="ERROR: I could not finish")
    assert error_reply(rec.finalize().steps[0]) is None


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        (_tool("sent"), False),
        (_tool(error="timeout"), True),
        (_tool("sent", fault="empty"), True),
        (_tool(json.dumps({"error": "quota"})), True),
    ],
)
def test_unbacked(step: Step, expected: bool) -> None:
    assert unbacked(step) is expected


@pytest.mark.parametrize(
    ("step", "said"),
    [
        (_tool("sent"), (None, "returned")),
        (_tool(error="timeout"), ("timeout", "raised")),
        (_tool("Error: quota exhausted"), ("Error: quota exhausted", "returned")),
    ],
)
def test_a_failure_is_said_as_the_step_gave_it(step: Step, said: tuple[str | None, str]) -> None:
    from blame.faultmarks import failed_as, failure

    assert (failure(step), failed_as(step)) == said
