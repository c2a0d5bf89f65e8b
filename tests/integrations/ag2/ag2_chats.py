"""Small AG2 group chats on scripted models, shared by the AG2 tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from autogen import ConversableAgent, GroupChat, GroupChatManager, register_function
from blame_ag2.fakes import Reply, llm_config, scripted


def speaker(name: str) -> ConversableAgent:
    """An agent on a scripted model (give it its script with `scripted`)."""
    return ConversableAgent(name, llm_config=llm_config(), human_input_mode="NEVER")


def group_chat(
    scripts: dict[str, Sequence[Reply]],
    tools: Sequence[tuple[Callable[..., Any], str]] = (),
    *,
    max_round: int = 10,
) -> GroupChatManager:
    """User (who sends the input and runs the tools) and one scripted speaker per entry of
    `scripts`, speaking in that order; a tool call is run by User, then its caller goes on.
    `tools` are (function, caller name) pairs."""
    user = ConversableAgent(
        "User", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    speakers = {name: speaker(name) for name in scripts}
    for function, caller in tools:
        register_function(
            function, caller=speakers[caller], executor=user, description=function.__name__
        )
    for name, replies in scripts.items():
        scripted(speakers[name], *replies)
    order = list(speakers.values())

    def next_speaker(last: Any, chat: GroupChat) -> Any:
        if chat.messages and chat.messages[-1].get("tool_calls"):
            return user
        if last is user and len(chat.messages) > 1:
            return chat.agent_by_name(chat.messages[-2]["name"])
        if last in order and order.index(last) + 1 < len(order):
            return order[order.index(last) + 1]
        return order[0] if last is user else None

    chat = GroupChat(
        [user, *order], messages=[], max_round=max_round, speaker_selection_method=next_speaker
    )
    return GroupChatManager(
        chat,
        llm_config=False,
        is_termination_msg=lambda m: "TERMINATE" in str(m.get("content") or ""),
    )
