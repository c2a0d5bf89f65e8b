"""blame_ag2.tracer: a real AG2 group chat traced live, one step per message, tool results as
tool steps of the caller, read with the chat importer's rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from blame_ag2 import trace_group_chat
from blame_ag2.fakes import Reply, call, scripted

from blame.config import parse_checks
from blame.errors import AgentError
from blame.faults import Fault, live_trace
from blame.model import StepKind
from blame.runner import evaluate_trace
from blame.spansteps import AgentRunError
from blame.testing import make_check, patches_for
from tests.integrations.ag2.ag2_chats import group_chat, speaker

pytestmark = pytest.mark.ag2


def lookup(order_id: str) -> str:
    """Look an order up."""
    return f"order {order_id}: 42.50 EUR"


def refund(order_id: str) -> str:
    """Refund an order (the gateway is down)."""
    raise ConnectionError(f"gateway down for {order_id}")


def _refund_chat() -> object:
    return group_chat(
        {
            "Researcher": [call("lookup", order_id="5521"), "It was 42.50 EUR."],
            "Refunds": [call("refund", order_id="5521"), "Refund requested."],
            "Writer": ["Refund processed. TERMINATE"],
        },
        [(lookup, "Researcher"), (refund, "Refunds")],
    )


def test_each_message_is_a_step_and_each_tool_result_a_tool_step_of_its_caller() -> None:
    output, trace = trace_group_chat(_refund_chat(), "Refund order 5521", test_name="t")

    assert output == "Refund processed."
    assert trace.shared_context and trace.input == "Refund order 5521"
    assert [(s.kind, s.name, s.agent, s.parents) for s in trace.steps] == [
        (StepKind.HUMAN, "User", "User", ()),
        (StepKind.AGENT, "Researcher", "Researcher", ("s0",)),
        (StepKind.TOOL, "lookup", "Researcher", ("s1",)),
        (StepKind.AGENT, "Researcher", "Researcher", ("s2",)),
        (StepKind.AGENT, "Refunds", "Refunds", ("s3",)),
        (StepKind.TOOL, "refund", "Refunds", ("s4",)),
        (StepKind.AGENT, "Refunds", "Refunds", ("s5",)),
        (StepKind.AGENT, "Writer", "Writer", ("s6",)),
    ]
    steps = trace.steps
    assert steps[1].output == 'lookup({"order_id": "5521"})'
    assert steps[2].output == "order 5521: 42.50 EUR" and steps[2].error is None
    assert steps[2].metadata["executor"] == "User"
    assert steps[2].metadata["arguments"] == '{"order_id": "5521"}'
    # AG2 catches the function's exception and tells the chat; its event says it failed
    assert steps[5].error == "Error: gateway down for 5521"
    assert all(s.latency_ms is not None for s in steps[1:])
    assert trace.metadata["framework"] == "ag2"
    assert trace.metadata["termination"].startswith("Termination message condition")


def test_a_manager_traced_twice_gives_the_same_steps_and_hooks_once() -> None:
    manager = group_chat({"Writer": ["Done. TERMINATE", "Done. TERMINATE"]})
    first = trace_group_chat(manager, "go")[1]
    second = trace_group_chat(manager, "go")[1]

    assert [(s.name, s.output) for s in first.steps] == [(s.name, s.output) for s in second.steps]
    for agent in manager.groupchat.agents:
        assert len(agent.hook_lists["process_message_before_send"]) == 1


def test_outside_a_traced_run_the_hooks_do_nothing() -> None:
    manager = group_chat({"Writer": ["Done. TERMINATE", "Again. TERMINATE"]})
    trace_group_chat(manager, "go")
    user = manager.groupchat.agents[0]

    result = user.initiate_chat(manager, message="untraced", silent=True)

    assert "Again." in str(result.chat_history[-1]["content"])


def test_a_chat_that_raises_is_an_agent_run_error_with_the_steps_so_far() -> None:
    manager = group_chat({"Writer": ["first words"], "Critic": [RuntimeError("model down")]})

    with pytest.raises(AgentRunError) as raised:
        trace_group_chat(manager, "go", test_name="t")

    assert "RuntimeError: model down" in raised.value.format()
    assert [s.name for s in raised.value.trace.steps] == ["User", "Writer"]


def test_a_request_for_human_input_fails_with_the_fix() -> None:
    manager = group_chat({"Writer": ["Need more?"]})
    manager.groupchat.agent_by_name("Writer").human_input_mode = "ALWAYS"

    with pytest.raises(AgentError) as raised:
        trace_group_chat(manager, "go")

    assert "asked for human input" in raised.value.format()
    assert "human_input_mode='NEVER'" in raised.value.format()


def test_ag2_prints_nothing_while_blame_traces(capsys: pytest.CaptureFixture[str]) -> None:
    manager = _refund_chat()
    capsys.readouterr()
    trace_group_chat(manager, "Refund order 5521")
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("fault", "output", "error"),
    [
        (Fault("lookup", "error"), "Error: lookup failed: service unavailable", True),
        (Fault("lookup", "empty"), "", False),
        (Fault("lookup", "truncated", keep=9), "order 552", False),
        (Fault("lookup", "stale", value="order 5521: 10.00 EUR"), "order 5521: 10.00 EUR", False),
    ],
    ids=["error", "empty", "truncated", "stale"],
)
def test_a_fault_stands_in_for_an_ag2_function_and_marks_its_step(
    fault: Fault, output: str, error: bool
) -> None:
    manager = group_chat(
        {"Researcher": [call("lookup", order_id="5521"), "Found it."]}, [(lookup, "Researcher")]
    )

    trace = live_trace((fault,), lambda: trace_group_chat(manager, "go")[1])

    (tool,) = [s for s in trace.steps if s.kind is StepKind.TOOL]
    assert tool.output == output
    assert (tool.error is not None) is error
    assert tool.metadata["fault"] == fault.kind
    assert trace.metadata["faults"][0]["fired"] == 1
    # outside a faulted run the same function answers for real
    again = group_chat(
        {"Researcher": [call("lookup", order_id="5521"), "Found it."]}, [(lookup, "Researcher")]
    )
    (real,) = [s for s in trace_group_chat(again, "go")[1].steps if s.kind is StepKind.TOOL]
    assert real.output == "order 5521: 42.50 EUR" and "fault" not in real.metadata


def _nested_chat(after: Sequence[Reply] = ()) -> Any:
    """User asks; Lead answers through a nested chat with Analyst, whose answer Lead's summary
    leaves out; then Writer speaks (`after`), if scripted."""
    from autogen import ConversableAgent, GroupChat, GroupChatManager

    user = ConversableAgent(
        "User", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    lead = scripted(speaker("Lead"))
    analyst = scripted(speaker("Analyst"), "The total is 42.50 EUR.")
    lead.register_nested_chats(
        [
            {
                "recipient": analyst,
                "message": "Find the order's total.",
                "max_turns": 1,
                "summary_method": lambda *_: "The total is known.",
            }
        ],
        trigger=lambda sender: sender is not lead,
    )
    agents = [user, lead, *([scripted(speaker("Writer"), *after)] if after else [])]
    chat = GroupChat(
        agents, messages=[], max_round=len(agents), speaker_selection_method="round_robin"
    )
    return GroupChatManager(chat, llm_config=False)


def test_a_nested_chats_messages_are_steps_between_the_outer_ones() -> None:
    """register_nested_chats: Lead's turn is a chat with Analyst; its messages are steps, in
    order, so Lead's summary is read with Analyst's answer in its input and blamed for losing
    it (the outer chat never saw the answer: Writer is not the one who dropped it)."""
    output, trace = trace_group_chat(_nested_chat(), "What is the order's total?", test_name="t")

    assert output == "The total is known."
    assert [(s.name, s.output, s.metadata.get("recipient")) for s in trace.steps] == [
        ("User", "What is the order's total?", None),
        ("Lead", "Find the order's total.", "Analyst"),
        ("Analyst", "The total is 42.50 EUR.", "Lead"),
        ("Lead", "The total is known.", None),
    ]
    assert [s.parents for s in trace.steps] == [(), ("s0",), ("s1",), ("s2",)]
    assert trace.metadata["termination"] == "Maximum rounds (2) reached"
    checks = parse_checks([{"type": "contains", "value": "42.50 EUR"}], source="t")
    (blamed, *_) = evaluate_trace(trace, checks, threshold=1.0, name="t").checks[0].blame
    assert (blamed.agent, blamed.step_index, blamed.reason) == (
        "Lead",
        3,
        "step 3 (Lead) received '42.50 EUR' from step 2 (Analyst) in its input but its output "
        "dropped it",
    )


def test_an_inner_chats_end_is_not_the_group_chats() -> None:
    """The nested chat ended at its max_turns; the group chat then raised: no termination."""
    with pytest.raises(AgentRunError) as raised:
        trace_group_chat(_nested_chat([RuntimeError("model down")]), "go")

    assert "termination" not in raised.value.trace.metadata
    assert [s.name for s in raised.value.trace.steps] == ["User", "Lead", "Analyst", "Lead"]


def _selected_chat(method: Any, selector: Sequence[str] = ()) -> Any:
    """User asks; Researcher (given lookup) and Writer (given nothing) on scripts; speakers
    chosen by `method`, the manager's "auto" choices scripted by `selector`."""
    from autogen import ConversableAgent, GroupChat, GroupChatManager, register_function
    from blame_ag2.fakes import speaker_selector

    user = ConversableAgent(
        "User", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    researcher, writer = speaker("Researcher"), speaker("Writer")
    register_function(lookup, caller=researcher, executor=user, description="Look an order up")
    scripted(researcher, "Order 5521 is on file.")
    scripted(writer, "Your order is fine. TERMINATE")
    chat = GroupChat(
        [user, researcher, writer],
        messages=[],
        max_round=3,
        speaker_selection_method=method,
        **(speaker_selector(*selector) if selector else {}),
    )
    return GroupChatManager(
        chat,
        llm_config=False,
        is_termination_msg=lambda m: "TERMINATE" in str(m.get("content") or ""),
    )


def _in_order(last: Any, chat: Any) -> Any:
    """A custom speaker-selection function: Researcher, then Writer."""
    return chat.agent_by_name("Writer" if last.name == "Researcher" else "Researcher")


@pytest.mark.parametrize(
    ("method", "selector", "steps"),
    [
        ("round_robin", (), ["User", "Researcher", "Writer"]),
        (_in_order, (), ["User", "Researcher", "Writer"]),
        ("auto", ("Researcher", "Writer"),
         ["User", "chat_manager", "Researcher", "chat_manager", "Writer"]),
    ],
    ids=["round-robin", "callable", "auto"],
)  # fmt: skip
def test_each_speaker_selection_method_gives_the_speakers_steps(
    method: Any, selector: Sequence[str], steps: list[str]
) -> None:
    """Only the manager's model ("auto") decides in a step of its own: its reply is the
    output, the agents it chose among and their tools are `candidates`."""
    manager = _selected_chat(method, selector)
    trace = trace_group_chat(manager, "What did order 5521 cost?")[1]

    assert [s.agent for s in trace.steps] == steps
    assert [m["name"] for m in manager.groupchat.messages] == [
        s.agent for s in trace.steps if s.agent != "chat_manager"
    ]
    chosen = [s for s in trace.steps if "selection" in s.metadata]
    assert [(s.kind, s.output, s.metadata["selected"]) for s in chosen] == [
        (StepKind.AGENT, name, name) for name in selector
    ]
    for step in chosen:
        assert step.metadata["candidates"] == {
            "User": [],
            "Researcher": ["lookup"],
            "Writer": [],
        }
    assert [s.metadata.get("tools") for s in trace.steps if s.agent == "Researcher"] == [["lookup"]]
    assert "select_speaker" not in manager.groupchat.__dict__  # AG2's own method again


def test_a_seeded_random_selection_is_traced_as_it_ran() -> None:
    import random

    random.seed(7)
    manager = _selected_chat("random")
    trace = trace_group_chat(manager, "What did order 5521 cost?")[1]

    assert [s.agent for s in trace.steps] == [m["name"] for m in manager.groupchat.messages]
    assert not [s for s in trace.steps if "selection" in s.metadata]


def test_a_selection_that_passed_over_the_tools_owner_is_the_managers() -> None:
    """The manager's model chose Writer over Researcher, the agent given lookup: the missing
    call is the manager's choice, and the content Writer left out is not the manager's."""
    manager = _selected_chat("auto", ("Writer",))
    trace = trace_group_chat(manager, "What did order 5521 cost?")[1]
    checks = parse_checks(
        [{"type": "tool_called", "tool": "lookup"}, {"type": "contains", "value": "EUR"}],
        source="t",
    )
    called, contains = evaluate_trace(trace, checks, threshold=1.0, name="t").checks

    top = called.blame[0]  # the manager's selection step made the decision
    assert (top.kind, top.name, top.step_index) == ("agent", "chat_manager", 1)
    assert top.reason == (
        "step 1 (chat_manager) chose Writer (step 2) over Researcher, who was given lookup, and "
        "no agent that ran was given lookup: the run called lookup 0 times, fewer than 1"
    )
    patches = patches_for(make_check("tool_called", tool="lookup"), trace)
    assert [(p.target, p.text) for p in patches] == [
        (
            "chat_manager",
            "- Hand work that needs lookup to Researcher, who has it; Writer does not.",
        )
    ]
    assert [(s.agent, s.step_index) for s in contains.blame] == [("Writer", 2)]
    assert contains.blame[0].reason == (
        "'EUR' was never produced; step 2 (Writer) produced the final output without it"
    )


def test_the_candidates_of_a_selection_are_the_agents_ag2_offered() -> None:
    """A transition rule bars Researcher after User: the manager did not pass it over."""
    from autogen import GroupChat, GroupChatManager
    from blame_ag2.fakes import speaker_selector

    manager = _selected_chat("auto", ("Writer",))
    user, researcher, writer = manager.groupchat.agents
    editor = scripted(speaker("Editor"))
    chat = GroupChat(
        [user, researcher, writer, editor],
        messages=[],
        max_round=2,
        speaker_selection_method="auto",
        allowed_or_disallowed_speaker_transitions={
            user: [writer, editor],
            researcher: [user, writer],
            writer: [user, researcher],
            editor: [user, writer],
        },
        speaker_transitions_type="allowed",
        **speaker_selector("Writer"),
    )
    trace = trace_group_chat(GroupChatManager(chat, llm_config=False), "What did it cost?")[1]

    (selection,) = [s for s in trace.steps if "selection" in s.metadata]
    assert selection.metadata["candidates"] == {"Writer": [], "Editor": []}
    checks = parse_checks([{"type": "tool_called", "tool": "lookup"}], source="t")
    (called,) = evaluate_trace(trace, checks, threshold=1.0, name="t").checks
    assert all("chose Writer" not in s.reason for s in called.blame)


def test_a_selection_is_no_link_in_the_chain_of_messages() -> None:
    """Auto selections sit between the messages: content Researcher found is not blamed on
    the manager's choice after it, and Refunds' turn after the manager chose it still reads
    its tool's error (and is blamed for going on as if the refund had worked)."""
    from autogen import ConversableAgent, GroupChat, GroupChatManager, register_function
    from blame_ag2.fakes import speaker_selector

    user = ConversableAgent(
        "User", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    researcher, refunds, writer = speaker("Researcher"), speaker("Refunds"), speaker("Writer")
    register_function(lookup, caller=researcher, executor=user, description="Look an order up")
    register_function(refund, caller=refunds, executor=user, description="Refund an order")
    scripted(researcher, "Order 5521 cost 42.50 EUR.")
    scripted(refunds, call("refund", order_id="5521"), "Refund done.")
    scripted(writer, "Your refund is processed. TERMINATE")
    chat = GroupChat(
        [user, researcher, refunds, writer],
        messages=[],
        max_round=8,
        speaker_selection_method="auto",
        **speaker_selector("Researcher", "Refunds", "Refunds", "Writer"),
    )
    manager = GroupChatManager(
        chat, llm_config=False, is_termination_msg=lambda m: "TERMINATE" in str(m.get("content"))
    )
    trace = trace_group_chat(manager, "Refund order 5521.")[1]
    assert [(s.agent, s.parents) for s in trace.steps] == [
        ("User", ()),
        ("chat_manager", ()),
        ("Researcher", ("s0", "s1")),
        ("chat_manager", ()),
        ("Refunds", ("s2", "s3")),
        ("Refunds", ("s4",)),  # the tool step, of its caller
        ("chat_manager", ()),
        ("Refunds", ("s5", "s6")),
        ("chat_manager", ()),
        ("Writer", ("s7", "s8")),
    ]
    checks = parse_checks(
        [{"type": "contains", "value": "42.50 EUR"}, {"type": "contains", "value": "failed"}],
        source="t",
    )
    amount, failed = evaluate_trace(trace, checks, threshold=1.0, name="t").checks

    assert all(s.agent != "chat_manager" for s in (*amount.blame, *failed.blame))
    assert (failed.blame[0].agent, failed.blame[0].step_index) == ("Refunds", 7)
    assert "read the error 'Error: gateway down for 5521'" in failed.blame[0].reason


def _nested_with_its_own_sender() -> Any:
    """Lead's turn is a nested chat that Runner (no speaker of the group) starts with Analyst;
    Analyst calls lookup, which Runner executes."""
    from autogen import ConversableAgent, GroupChat, GroupChatManager, register_function

    user = ConversableAgent(
        "User", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    runner = ConversableAgent(
        "Runner", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    lead, analyst = scripted(speaker("Lead")), speaker("Analyst")
    register_function(lookup, caller=analyst, executor=runner, description="Look an order up")
    scripted(analyst, call("lookup", order_id="5521"), "The total is 42.50 EUR.")
    lead.register_nested_chats(
        [
            {
                "sender": runner,
                "recipient": analyst,
                "message": "Find the total of order 5521.",
                "max_turns": 2,
                "summary_method": "last_msg",
            }
        ],
        trigger=lambda sender: sender is not lead,
    )
    chat = GroupChat([user, lead], messages=[], max_round=2, speaker_selection_method="round_robin")
    return GroupChatManager(chat, llm_config=False)


def test_a_nested_chat_started_by_an_agent_outside_the_group_is_heard() -> None:
    trace = trace_group_chat(_nested_with_its_own_sender(), "What is the total?")[1]

    assert [(s.kind, s.agent, s.metadata.get("recipient")) for s in trace.steps] == [
        (StepKind.HUMAN, "User", None),
        (StepKind.AGENT, "Runner", "Analyst"),
        (StepKind.AGENT, "Analyst", "Runner"),
        (StepKind.TOOL, "Analyst", None),  # lookup, of its caller; Runner executed it
        (StepKind.AGENT, "Analyst", "Runner"),
        (StepKind.AGENT, "Lead", None),
    ]
    assert trace.steps[3].metadata["executor"] == "Runner"


def test_a_fault_reaches_a_function_of_a_nested_chat() -> None:
    trace = live_trace(
        (Fault("lookup", "error"),),
        lambda: trace_group_chat(_nested_with_its_own_sender(), "go")[1],
    )
    (tool,) = [s for s in trace.steps if s.kind is StepKind.TOOL]
    assert tool.error == "Error: lookup failed: service unavailable"
    assert tool.metadata["fault"] == "error"


def test_a_two_agent_chat_a_speaker_starts_in_its_turn_is_heard() -> None:
    """Lead's reply function asks Helper in a chat of two (`initiate_chat`) and passes on a
    summary that drops the figure: Helper's answer is a step, Lead's summary the loss."""
    from autogen import Agent, ConversableAgent, GroupChat, GroupChatManager

    user = ConversableAgent(
        "User", llm_config=False, human_input_mode="NEVER", code_execution_config=False
    )
    lead = speaker("Lead")
    helper = scripted(speaker("Helper"), "It is 42.50 EUR.")

    def ask_helper(
        recipient: ConversableAgent, messages: Any, sender: Agent, config: Any
    ) -> tuple[bool, str]:
        recipient.initiate_chat(helper, message="What is the total?", max_turns=1, silent=True)
        return True, "Helper answered."

    lead.register_reply([Agent, None], ask_helper)
    chat = GroupChat([user, lead], messages=[], max_round=2, speaker_selection_method="round_robin")
    trace = trace_group_chat(GroupChatManager(chat, llm_config=False), "Total?")[1]

    assert [(s.agent, s.output, s.metadata.get("recipient")) for s in trace.steps] == [
        ("User", "Total?", None),
        ("Lead", "What is the total?", "Helper"),
        ("Helper", "It is 42.50 EUR.", "Lead"),
        ("Lead", "Helper answered.", None),
    ]
    checks = parse_checks([{"type": "contains", "value": "42.50 EUR"}], source="t")
    (blamed, *_) = evaluate_trace(trace, checks, threshold=1.0, name="t").checks[0].blame
    assert (blamed.agent, blamed.step_index) == ("Lead", 3)


def test_a_selection_function_that_defers_to_auto_is_recorded_as_auto() -> None:
    def defer(last: Any, chat: Any) -> str:
        return "auto"

    trace = trace_group_chat(_selected_chat(defer, ("Writer",)), "What did order 5521 cost?")[1]

    (selection,) = [s for s in trace.steps if "selection" in s.metadata]
    assert (selection.output, selection.metadata["selection"]) == ("Writer", "auto")
