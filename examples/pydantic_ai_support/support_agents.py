"""An offline PydanticAI support desk that refunds an order, and fails in two specific places.

Two agents run on scripted models (PydanticAI's FunctionModel; no API key, no network):

- Support delegates to Billing through its `ask_billing` tool (Billing runs inside the tool).
- Billing looks the order up (`lookup_order` finds 89.90 EUR) and answers without the amount.
- Support calls `issue_refund`; the refund service is down, and Support tells the customer the
  refund is processed anyway.

Run it through blame: `blame test --config examples/pydantic_ai_support/blame.yaml`.
"""

from __future__ import annotations

from pathlib import Path

from blame_pydantic_ai.fakes import call, scripted
from pydantic_ai import Agent, ModelRetry, RunContext

PROMPTS = Path(__file__).parent / "prompts"


def lookup_order(order_id: str) -> str:
    """Look an order up: amount, delivery and refund window."""
    return f"order {order_id}: 89.90 EUR, delivered 2026-11-20, refundable until 2026-12-20"


def issue_refund(order_id: str) -> str:
    """Refund an order in full."""
    raise ModelRetry(f"refund service unavailable for order {order_id}")


def build_agent() -> Agent[None, str]:
    """Support, which asks Billing (run inside its tool); each on its own scripted model."""
    billing = Agent(
        scripted(
            call("lookup_order", order_id="5521"),
            "Order 5521 is refundable.",
            name="billing-model",
        ),
        name="Billing",
        instructions=(PROMPTS / "billing.md").read_text(encoding="utf-8"),
        tools=[lookup_order],
    )

    async def ask_billing(ctx: RunContext[None], question: str) -> str:
        """Ask the billing specialist about an order."""
        answer = await billing.run(question, usage=ctx.usage)
        return answer.output

    return Agent(
        scripted(
            call("ask_billing", question="Can order 5521 be refunded, and for how much?"),
            call("issue_refund", order_id="5521"),
            "Your refund for order 5521 has been processed.",
            name="support-model",
        ),
        name="Support",
        instructions=(PROMPTS / "support.md").read_text(encoding="utf-8"),
        tools=[ask_billing, issue_refund],
        retries=2,
    )
