"""blame_ag2.adapter: the `ag2` agent type, found through its entry point."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from blame.cli import app
from blame.context import RunContext
from blame.errors import AgentError, ConfigError
from blame.testing import assert_plugin
from tests.integrations.conftest import (
    assert_unavailable,
    confirm,
    record_and_replay,
    recorded_fixtures,
)

pytestmark = pytest.mark.ag2

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "ag2_groupchat"

CHAT_MODULE = """
from autogen import ConversableAgent, GroupChat, GroupChatManager
from blame_ag2.fakes import llm_config, scripted


def build_chat():
    user = ConversableAgent("User", llm_config=False, human_input_mode="NEVER")
    echo = scripted(
        ConversableAgent("Echo", llm_config=llm_config(), human_input_mode="NEVER"),
        "echoed TERMINATE",
    )
    chat = GroupChat([user, echo], messages=[], max_round=2, speaker_selection_method="round_robin")
    return GroupChatManager(chat, llm_config=False)


manager_object = build_chat()
not_a_manager = 42


def returns_text():
    return "no chat here"
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A folder with a chat module, as blame.yaml's folder would be."""
    (tmp_path / "echo_chat.py").write_text(textwrap.dedent(CHAT_MODULE), encoding="utf-8")
    return tmp_path


def test_the_ag2_type_is_registered_through_its_entry_point() -> None:
    from blame_ag2.adapter import AG2Adapter

    found = RunContext().adapter("ag2")
    assert isinstance(found, AG2Adapter)
    assert_plugin(found, "blame.adapters", "ag2")


def test_load_returns_a_runner_that_traces_the_chat(project: Path) -> None:
    run = RunContext().adapter("ag2").load("echo_chat:build_chat", base_dir=project, options={})

    output, trace = run("hello there", "echo-test")

    assert output == "echoed"
    assert trace.test_name == "echo-test"
    assert [(s.kind.value, s.name, s.output) for s in trace.steps] == [
        ("human", "User", "hello there"),
        ("agent", "Echo", "echoed TERMINATE"),
    ]


def test_a_manager_object_and_a_named_initiator_are_used_as_they_are(project: Path) -> None:
    adapter = RunContext().adapter("ag2")
    run = adapter.load("echo_chat:manager_object", base_dir=project, options={"initiator": "User"})
    assert run("hi", "t")[0] == "echoed"


@pytest.mark.parametrize(
    ("entrypoint", "options", "expected"),
    [
        (
            "echo_chat:not_a_manager",
            {},
            "agent.entrypoint: echo_chat:not_a_manager is a int, not a GroupChatManager or a "
            "function returning one; point at an autogen.GroupChatManager or a zero-argument "
            "function that builds one",
        ),
        (
            "echo_chat:build_chat",
            {"max_round": 3},
            "agent.options.max_round: unknown option 'max_round' for agent type ag2; "
            "the ag2 agent type takes `initiator` only",
        ),
        (
            "echo_chat:build_chat",
            {"initiator": 7},
            "agent.options.initiator: must be an agent's name, got 7; write e.g. "
            "`initiator: User` (the agent that sends the test's input)",
        ),
        (
            "echo_chat:manager_object",
            {"initiator": "Boss"},
            "agent.options.initiator: the group chat has no agent 'Boss' (its agents: 'User', "
            "'Echo'); name one of the group chat's agents, or leave initiator out for the first",
        ),
    ],
    ids=["not-a-manager", "unknown-option", "initiator-not-text", "no-such-initiator"],
)
def test_bad_configuration_is_one_clear_config_error(
    project: Path, entrypoint: str, options: dict[str, Any], expected: str
) -> None:
    with pytest.raises(ConfigError) as raised:
        RunContext().adapter("ag2").load(entrypoint, base_dir=project, options=options)
    assert raised.value.format() == expected


def test_a_factory_that_returns_no_manager_is_an_agent_error(project: Path) -> None:
    run = RunContext().adapter("ag2").load("echo_chat:returns_text", base_dir=project, options={})
    with pytest.raises(AgentError) as raised:
        run("hi", "t")
    assert raised.value.format() == (
        "agent.entrypoint: echo_chat:returns_text returned str, not an autogen.GroupChatManager; "
        "the factory must return a GroupChatManager"
    )


def test_an_initiator_the_built_chat_lacks_is_an_agent_error(project: Path) -> None:
    run = (
        RunContext()
        .adapter("ag2")
        .load("echo_chat:build_chat", base_dir=project, options={"initiator": "Boss"})
    )
    with pytest.raises(AgentError, match="the group chat has no agent 'Boss'"):
        run("hi", "t")


def test_a_wrong_entrypoint_exits_2_with_one_line(project: Path) -> None:
    (project / "blame.yaml").write_text(
        "agent: {type: ag2, entrypoint: 'echo_chat:not_a_manager'}\n"
        "tests: [{name: t, input: hi, checks: [{type: contains, value: echoed}]}]\n",
        encoding="utf-8",
    )
    done = CliRunner().invoke(app, ["test", "--config", str(project / "blame.yaml")])
    assert done.exit_code == 2
    assert "not a GroupChatManager" in done.output
    assert "Traceback" not in done.output


def test_blame_test_names_the_example_culprits_and_replay_and_confirm_agree(tmp_path: Path) -> None:
    config, results = record_and_replay(EXAMPLE, tmp_path)
    (test,) = results["tests"]
    culprits = {  # the first suspect of each check (the rest are ranked below it)
        check["name"]: [(b["kind"], b["name"], b["agent"], b["step_index"]) for b in check["blame"]]
        for check in test["checks"]
    }
    assert {name: found[:1] for name, found in culprits.items()} == {
        # Researcher found the amount, Refunds passed it on, Writer's answer dropped it
        "contains:42.50 EUR": [("agent", "Writer", "Writer", 7)],
        "tool_succeeded:issue_refund": [("tool", "issue_refund", "Refunds", 5)],
        "no_unsupported_claim:issue_refund": [("agent", "Writer", "Writer", 7)],
        "tool_called:lookup_order": [],
    }
    assert [p["target"] for p in test["patches"]] == ["Refunds", "Writer"]
    (fixture,) = recorded_fixtures(config).values()
    steps = fixture["steps"]
    assert [(s["kind"], s["name"], s["agent"]) for s in steps] == [
        ("human", "User", "User"),
        ("agent", "Researcher", "Researcher"),
        ("tool", "lookup_order", "Researcher"),
        ("agent", "Researcher", "Researcher"),
        ("agent", "Refunds", "Refunds"),
        ("tool", "issue_refund", "Refunds"),
        ("agent", "Refunds", "Refunds"),
        ("agent", "Writer", "Writer"),
    ]
    # Confirmation says it is not available for AG2 chats (and never runs the chat again).
    verdicts = confirm(config, "--replay")
    assert len(verdicts) == sum(len(found) for found in culprits.values())
    assert_unavailable(
        verdicts,
        (
            "Writer",
            "restore '42.50 EUR' into step 7's output (Writer): confirmation is not available "
            "for ag2 (blame cannot re-run an AG2 group chat from one message with the earlier "
            "messages given)",
        ),
    )


def test_a_fault_on_the_example_names_who_mishandled_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `faults:` entry makes lookup_order time out: the tool is blamed, called by Researcher."""
    example = tmp_path / "ag2_groupchat"
    shutil.copytree(EXAMPLE, example, ignore=shutil.ignore_patterns(".blame", "__pycache__"))
    (example / "faulted.yaml").write_text(
        "agent: {type: ag2, entrypoint: 'refund_chat:build_chat'}\n"
        "tests:\n"
        "  - name: lookup-down\n"
        "    input: Please refund my order 5521.\n"
        "    faults: [{tool: lookup_order, fault: timeout}]\n"
        "    checks: [{type: tool_succeeded, tool: lookup_order}]\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("BLAME_NO_WARN", "1")
    done = CliRunner().invoke(app, ["test", "--config", str(example / "faulted.yaml"), "--json"])
    assert done.exit_code == 1, done.output
    (check,) = json.loads(done.stdout)["tests"][0]["checks"]
    assert check["message"].startswith("expected lookup_order to succeed")
    assert next((b["kind"], b["name"], b["agent"]) for b in check["blame"]) == (
        "tool",
        "lookup_order",
        "Researcher",
    )


IGNORED_ERROR_CHAT = """
from blame_ag2.fakes import call

from tests.integrations.ag2.ag2_chats import group_chat


def refund(order_id: str) -> str:
    raise ConnectionError(f"gateway down for {order_id}")


def build_chat():
    return group_chat(
        {
            "Refunds": [call("refund", order_id="5521"), "Refund done for order 5521."],
            "Writer": ["Your refund is processed. TERMINATE"],
        },
        [(refund, "Refunds")],
    )
"""


def test_a_tool_error_the_caller_read_and_ignored_is_its_next_turns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """register_function: Refunds suggests the call, User executes it, the call raises, and
    Refunds' next message goes on as if it had worked: that turn dropped the failure."""
    (tmp_path / "ignored.py").write_text(IGNORED_ERROR_CHAT, encoding="utf-8")
    (tmp_path / "blame.yaml").write_text(
        "agent: {type: ag2, entrypoint: 'ignored:build_chat', options: {initiator: User}}\n"
        "tests:\n"
        "  - name: t\n"
        "    input: Refund order 5521.\n"
        "    checks: [{type: contains, value: failed}]\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("BLAME_NO_WARN", "1")
    done = CliRunner().invoke(app, ["test", "--config", str(tmp_path / "blame.yaml"), "--json"])
    assert done.exit_code == 1, done.output
    (check,) = json.loads(done.stdout)["tests"][0]["checks"]
    first = check["blame"][0]
    assert (first["kind"], first["agent"], first["step_index"]) == ("agent", "Refunds", 3)
    assert first["reason"] == (
        "'failed' was never produced; step 3 (Refunds) read the error 'Error: gateway down for "
        "5521' that step 2 (tool refund, called by Refunds) raised and went on as if it had "
        "succeeded"
    )
