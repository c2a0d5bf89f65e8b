"""An offline AG2 group chat that refunds an order, and fails in three specific places.

Three speakers on scripted models (an AG2 custom model client; no API key, no network) and the
User, who sends the request and executes the tools registered for the others:

- Researcher looks order 5521 up (`lookup_order` finds 42.50 EUR) and reports the amount.
- Refunds calls `issue_refund`; the payment gateway times out.
- Writer answers the customer without the amount, and says the refund is processed anyway.

The speakers take turns in a fixed order (a speaker-selection function, the AG2 way); after a
tool call the User speaks, to run it. Run it through blame:
`blame test --config examples/ag2_groupchat/blame.yaml`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from autogen import ConversableAgent, GroupChat, GroupChatManager, register_function
from blame_ag2.fakes import call, llm_config, scripted

PROMPTS = Path(__file__).parent / "prompts"

# AG2 logs an INFO line to stdout for every agent on a custom model client; warnings only here.
logging.getLogger("autogen").setLevel(logging.WARNING)


def lookup_order(order_id: str) -> str:
    """Look an order up: amount and payment."""
    return f"order {order_id}: 42.50 EUR, paid by card, delivered 2026-11-20"


def issue_refund(order_id: str, amount: str) -> str:
    """Refund an order through the payment gateway."""
    raise TimeoutError(f"payment gateway timed out refunding order {order_id}")


def _speaker(name: str) -> ConversableAgent:
    return ConversableAgent(
        name,
        system_message=(PROMPTS / f"{name.lower()}.md").read_text(encoding="utf-8"),
        llm_config=llm_config(),
        human_input_mode="NEVER",
    )


def build_chat() -> GroupChatManager:
    """The group chat and its manager; each speaker on its own script."""
    user = ConversableAgent(
        "User", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    researcher, refunds, writer = (_speaker(n) for n in ("Researcher", "Refunds", "Writer"))
    register_function(lookup_order, caller=researcher, executor=user, description="Look it up")
    register_function(issue_refund, caller=refunds, executor=user, description="Refund an order")
    # scripts last: registering a tool for a speaker's model rebuilds its model client
    scripted(
        researcher,
        call("lookup_order", order_id="5521"),
        "Order 5521 was paid 42.50 EUR by card; it can be refunded.",
    )
    scripted(
        refunds,
        call("issue_refund", order_id="5521", amount="42.50 EUR"),
        "I asked the payment gateway to refund 42.50 EUR for order 5521.",
    )
    scripted(writer, "Your refund for order 5521 has been processed. TERMINATE")
    order = [researcher, refunds, writer]

    def next_speaker(last: Any, chat: GroupChat) -> Any:
        """After a tool call the User runs it; otherwise the next speaker in `order`."""
        if chat.messages and chat.messages[-1].get("tool_calls"):
            return user
        if last is user and len(chat.messages) > 1:  # a tool result: back to the caller
            return chat.agent_by_name(chat.messages[-2]["name"])
        spoken = [a for a in order if a is last]
        return order[order.index(spoken[0]) + 1] if spoken else order[0]

    chat = GroupChat(
        [user, researcher, refunds, writer],
        messages=[],
        max_round=12,
        speaker_selection_method=next_speaker,
    )
    return GroupChatManager(
        chat,
        llm_config=False,
        is_termination_msg=lambda m: "TERMINATE" in str(m.get("content") or ""),
    )
