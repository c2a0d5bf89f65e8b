"""A scripted Triage -> Researcher -> Writer support desk, in two versions of its prompts.

No model and no network: `ScriptedModel` answers each agent from a table keyed by the
agent's prompt version, the way a recorded model would. `run_v1` is the pipeline the
committed baseline was saved from; `run` is today's, after a prompt change that made the
Researcher answer from memory instead of calling the order-lookup tool. Both versions share
one known failure: the Writer promises a "guarantee" in the refund answer.
"""

from __future__ import annotations

from typing import ClassVar

from blame import Trace, TraceRecorder

ORDERS = {"A-1042": "shipped on 2 March, arriving 5 March"}


class ScriptedModel:
    """Answers (agent, prompt version, topic) from a fixed table: deterministic, offline."""

    TABLE: ClassVar[dict[tuple[str, int, str], str]] = {
        ("Researcher", 1, "order"): "CALL lookup_order A-1042",
        ("Researcher", 2, "order"): "Your order is probably on its way.",
        ("Researcher", 1, "refund"): "Refunds take 5 business days.",
        ("Researcher", 2, "refund"): "Refunds take 5 business days.",
    }

    def __init__(self, version: int) -> None:
        self.version = version

    def answer(self, agent: str, topic: str) -> str:
        """The scripted reply of `agent` on `topic` under this prompt version."""
        return self.TABLE[(agent, self.version, topic)]


def lookup_order(order_id: str) -> str:
    """The lookup_order tool."""
    return f"order {order_id}: {ORDERS[order_id]}"


def _pipeline(question: str, version: int) -> tuple[str, Trace]:
    model = ScriptedModel(version)
    rec = TraceRecorder(test_name="run", input=question)
    topic = "refund" if "refund" in question.lower() else "order"
    triage = rec.step("Triage", input=question, output=f"topic: {topic}")
    reply = model.answer("Researcher", topic)
    research = rec.step("Researcher", input=f"topic: {topic}\n{question}", output=reply)
    facts = reply
    if reply.startswith("CALL lookup_order "):
        order_id = reply.split()[-1]
        facts = lookup_order(order_id)
        research = rec.tool(
            "lookup_order",
            agent="Researcher",
            args={"order_id": order_id},
            output=facts,
            parents=[research],
        )
    promise = " We guarantee it." if topic == "refund" else ""
    answer = f"Hello! {facts.rstrip('.')}.{promise}"
    rec.step("Writer", input=facts, output=answer, parents=[research, triage])
    return answer, rec.finalize(final_output=answer)


def run_v1(question: str) -> tuple[str, Trace]:
    """The entrypoint the baseline was saved from (prompt version 1)."""
    return _pipeline(question, 1)


def run(question: str) -> tuple[str, Trace]:
    """Today's entrypoint (prompt version 2): the Researcher no longer calls the tool."""
    return _pipeline(question, 2)
