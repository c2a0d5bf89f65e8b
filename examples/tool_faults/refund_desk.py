"""A plain-Python refund desk whose agents mishandle a failing tool, in three ways.

No model and no network: each agent is a deterministic function. The Researcher looks the
order up with the `lookup_order` tool (through `TraceRecorder.call_tool`, so a test's `faults:`
can stand in for it), the Writer answers the customer from the Researcher's note.
Without faults the tool works and every test would pass; each test of blame.yaml makes the
tool misbehave, and one of the agents' deliberate bugs shows:

- the Researcher retries a timed-out lookup three times (a retry loop);
- the Researcher reads an empty result as "nothing wrong" and says the refund is processed;
- the Writer ignores the Researcher's note that the lookup failed and confirms the refund.
"""

from __future__ import annotations

import json

from blame import Trace, TraceRecorder

ORDERS = {"A-17": {"order": "A-17", "status": "delivered", "refund": "approved"}}
"""What the order service knows."""


def lookup_order(order_id: str) -> str:
    """The lookup_order tool: the order's status as JSON."""
    return json.dumps(ORDERS[order_id], sort_keys=True)


def researcher(rec: TraceRecorder, request: str) -> str:
    """Researcher: looks the order up and writes a note for the Writer."""
    order_id = "A-17" if "A-17" in request else request.split()[-1]
    rec.step("Researcher", input=request, output=f"look up order {order_id}")
    for _attempt in range(3):  # the bug: a timeout is retried with no limit but 3
        try:
            found = rec.call_tool("lookup_order", lookup_order, order_id, agent="Researcher")
        except TimeoutError:
            continue
        except Exception as error:
            note = f"The order lookup failed ({error}); the refund status is unknown."
            rec.step("Researcher", input=f"lookup_order raised: {error}", output=note)
            return note
        if not found:  # the bug: an empty answer is taken for "nothing wrong"
            note = f"Order {order_id}: all clear, refund processed."
        else:
            order = json.loads(found)
            note = f"Order {order_id} is {order['status']}; refund {order['refund']}."
        rec.step("Researcher", input=f"lookup_order returned: {found!r}", output=note)
        return note
    note = "The order service did not answer; the refund status is unknown."
    rec.step("Researcher", input="lookup_order timed out 3 times", output=note)
    return note


def writer(rec: TraceRecorder, note: str) -> str:
    """Writer: answers the customer (the bug: a failed lookup becomes a confirmation)."""
    if "processed" in note:
        answer = "Good news: your refund has been processed."
    elif "unknown" in note and "failed" in note:
        answer = "Good news: your refund is confirmed and on its way."
    elif "unknown" in note:
        answer = "We could not reach the order service; we will email you the refund status."
    else:
        answer = f"Your refund is approved. ({note})"
    rec.step("Writer", input=note, output=answer)
    return answer


def run(request: str) -> tuple[str, Trace]:
    """The entrypoint blame calls: f(input) -> (final_output, Trace)."""
    rec = TraceRecorder(test_name="run", input=request)
    answer = writer(rec, researcher(rec, request))
    return answer, rec.finalize(final_output=answer)
