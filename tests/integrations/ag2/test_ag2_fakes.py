"""blame_ag2.fakes: AG2's own ConversableAgent answering from a script, through a custom model
client registered the AG2 way."""

from __future__ import annotations

import pytest
from autogen import ConversableAgent
from blame_ag2.fakes import ScriptedClient, ScriptExhausted, call, llm_config, scripted

pytestmark = pytest.mark.ag2


def _agent(*replies: object) -> ConversableAgent:
    agent = ConversableAgent("Bot", llm_config=llm_config(), human_input_mode="NEVER")
    return scripted(agent, *replies)  # type: ignore[arg-type]


def test_replies_come_in_script_order_through_ag2s_reply() -> None:
    agent = _agent("first", "second")
    asked = [{"role": "user", "content": "hi"}]
    assert agent.generate_reply(messages=asked) == "first"
    assert agent.generate_reply(messages=asked) == "second"


def test_a_call_is_an_openai_tool_call_with_an_id_of_its_agent_and_turn() -> None:
    agent = _agent([call("lookup", order_id="5521"), call("refund", order_id="5521")])

    reply = agent.generate_reply(messages=[{"role": "user", "content": "go"}])

    assert isinstance(reply, dict)
    assert [
        (c["id"], c["function"]["name"], c["function"]["arguments"]) for c in reply["tool_calls"]
    ] == [
        ("call_Bot_1_0", "lookup", '{"order_id": "5521"}'),
        ("call_Bot_1_1", "refund", '{"order_id": "5521"}'),
    ]


@pytest.mark.parametrize(
    ("script", "raised", "match"),
    [
        ((), ScriptExhausted, "model 'Bot' was called more than 0 time"),
        ((ValueError("model down"),), ValueError, "model down"),
    ],
    ids=["exhausted", "scripted-error"],
)
def test_an_exhausted_script_or_a_scripted_error_raises(
    script: tuple[object, ...], raised: type[Exception], match: str
) -> None:
    agent = _agent(*script)
    with pytest.raises(raised, match=match):
        agent.generate_reply(messages=[{"role": "user", "content": "go"}])


def test_the_client_counts_no_cost_or_tokens() -> None:
    client = ScriptedClient({}, script=["ok"], name="Bot")
    response = client.create({})
    assert client.cost(response) == 0.0
    assert ScriptedClient.get_usage(response)["total_tokens"] == 0
    assert client.message_retrieval(response) == ["ok"]


def test_a_speaker_selector_scripts_the_managers_auto_selection() -> None:
    """AG2 builds a new selector agent for every "auto" selection: all share one script."""
    from autogen import GroupChat, GroupChatManager
    from blame_ag2.fakes import speaker_selector

    user = ConversableAgent("User", llm_config=False, human_input_mode="NEVER")
    bot = _agent("from Bot")
    two = scripted(ConversableAgent("Two", llm_config=llm_config(), human_input_mode="NEVER"), "2")
    chat = GroupChat(
        [user, bot, two],
        messages=[],
        max_round=3,
        speaker_selection_method="auto",
        **speaker_selector("Two", "Bot"),
    )
    user.initiate_chat(GroupChatManager(chat, llm_config=False), message="go", silent=True)
    assert [m.get("name") for m in chat.messages] == ["User", "Two", "Bot"]
