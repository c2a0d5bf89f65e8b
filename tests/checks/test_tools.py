from __future__ import annotations

from typing import Any

import pytest
from sample import run, trace


@pytest.mark.parametrize(
    ("kind", "params", "final", "score", "message"),
    [
        ("tool_called", {"tool": "search"}, None, 1.0, "search called 2 time(s) (at least 1)"),
        ("tool_called", {"tool": "search", "max": 1}, None, 0.0,
         "expected search to be called between 1 and 1 time(s); called 2 time(s)"),
        ("tool_called", {"tool": "pay"}, None, 0.0,
         "expected pay to be called at least 1 time(s); never called; tools called: book, search"),
        ("tool_not_called", {"tool": "pay"}, None, 1.0, "pay was not called"),
        ("tool_not_called", {"tool": "book"}, None, 0.0,
         "expected book never to be called; called 1 time(s) (step 2 by Planner)"),
        ("tool_order", {"tools": ["search", "book"]}, None, 1.0,
         "tools called in order search > book"),
        ("tool_order", {"tools": ["book", "search", "book"]}, None, 0.0,
         "expected tools in order book > search > book; book not found after book > search "
         "(actual calls: search > book > search)"),
        ("tool_succeeded", {"tool": "search"}, None, 1.0, "search succeeded (step 3)"),
        ("tool_succeeded", {"tool": "book"}, None, 0.0,
         "expected book to succeed; its last call (step 2) failed: 'sold out'"),
        ("tool_succeeded", {"tool": "pay"}, None, 0.0,
         "expected pay to succeed; it was never called (tools called: book, search)"),
        ("no_unsupported_claim", {"tool": "book"}, "Your trip is booked!", 0.0,
         "output claims 'booked' but every call of book failed (steps 2); expected no success "
         "claim without a successful book call"),
        ("no_unsupported_claim", {"tool": "pay"}, "Payment done.", 0.0,
         "output claims 'done' but pay was never called"),
        ("no_unsupported_claim", {"tool": "book"}, "Sorry, the trip was not booked.", 1.0,
         "output makes no success claim"),
        ("no_unsupported_claim", {"tool": "book"}, "I could not confirm it.", 1.0, "no success"),
        ("no_unsupported_claim", {"tool": "search"}, "Search done.", 1.0,
         "output claims 'done'; search succeeded (step 3)"),
        ("no_unsupported_claim", {"tool": "book", "claims": ["reserved"]}, "Booked!", 1.0,
         "no success claim"),
        # a claim far into a long output still counts (it once passed past 200,000 characters)
        ("no_unsupported_claim", {"tool": "book"}, "x " * 150_000 + "Your trip is BOOKED.", 0.0,
         "output claims 'BOOKED' but every call of book failed"),
        ("no_unsupported_claim", {"tool": "book"}, "é " * 150_000 + "Trip Booked.", 0.0,
         "output claims 'Booked' but every call of book failed"),
        ("no_unsupported_claim", {"tool": "book", "claims": ["Réservé"]}, "RÉSERVÉ", 0.0,
         "output claims 'RÉSERVÉ'"),

    ],
)  # fmt: skip
def test_tools_checks(
    kind: str, params: dict[str, Any], final: str | None, score: float, message: str
) -> None:
    got_score, got_message = run(kind, trace() if final is None else trace(final), **params)
    assert got_score == score
    assert message in got_message


def _mailed(reply: str, final: str) -> Any:
    """A Mailer whose send_email answered `reply` without raising, then `final`."""
    from blame.recorder import TraceRecorder

    rec = TraceRecorder(test_name="t", input="mail the minutes")
    rec.step("Mailer", input="mail the minutes", output="sending")
    rec.tool("send_email", agent="Mailer", args={"to": "ana"}, output=reply)
    rec.step("Mailer", input=reply, output=final)
    return rec.finalize(final_output=final)


@pytest.mark.parametrize(
    ("kind", "reply", "final", "score", "message"),
    [
        # a tool that reports its failure in its reply did not succeed (these passed before)
        ("tool_succeeded", "ERROR: SMTP relay refused", "ok", 0.0,
         "expected send_email to succeed; its last call (step 1) returned an error: "
         "'ERROR: SMTP relay refused'"),
        ("tool_succeeded", '{"status": "failed"}', "ok", 0.0, "returned an error"),
        ("no_unsupported_claim", "ERROR: SMTP relay refused", "The minutes were sent.", 0.0,
         "output claims 'sent' but every call of send_email returned an error (steps 1)"),
        ("no_unsupported_claim", "ERROR: SMTP relay refused", "Sending failed; not sent.", 1.0,
         "output makes no success claim"),
        # a reply that mentions an error without leading with it is a result
        ("tool_succeeded", "Sent. Error rate today: 0 %", "ok", 1.0, "send_email succeeded"),
        ("no_unsupported_claim", "queued as id 551", "The minutes were sent.", 1.0,
         "send_email succeeded (step 1)"),
    ],
)  # fmt: skip
def test_a_tool_that_answers_with_an_error_did_not_succeed(
    kind: str, reply: str, final: str, score: float, message: str
) -> None:
    got_score, got_message = run(kind, _mailed(reply, final), tool="send_email")
    assert (got_score, message in got_message) == (score, True), got_message


def _routed_to_the_researcher() -> Any:
    """A supervisor (given no tools) hands the work to a researcher given `search` only."""
    from blame.recorder import TraceRecorder

    rec = TraceRecorder(test_name="t", input="Book a room.")
    rec.step("Supervisor", input="Book a room.", output="-> Researcher", metadata={"tools": []})
    rec.step("Researcher", input="Book a room.", output="-> search", metadata={"tools": ["search"]})
    rec.tool("search", agent="Researcher", args={"q": "room"}, output="Hotel Sol")
    return rec.finalize(final_output="Hotel Sol")


@pytest.mark.parametrize(
    ("kind", "params"),
    [
        ("tool_called", {"tool": "book"}),
        ("tool_succeeded", {"tool": "book"}),
        ("tool_order", {"tools": ["search", "book"]}),
    ],
)
def test_a_call_lost_by_routing_is_patched_in_the_senders_prompt(
    kind: str, params: dict[str, Any]
) -> None:
    from blame.testing import make_check, patches_for

    patches = patches_for(make_check(kind, **params), _routed_to_the_researcher())
    needs = (
        "search and book to an agent that has them"
        if kind == "tool_order"
        else ("book to an agent that has it")
    )
    assert [(p.target, p.text) for p in patches] == [
        ("Supervisor", f"- Hand work that needs {needs}; Researcher does not.")
    ]


def test_a_call_with_a_made_up_argument_is_patched_at_the_call() -> None:
    """The tool rejected a value the agent made up: the fix is the call, not the report."""
    from blame.recorder import TraceRecorder
    from blame.testing import make_check, patches_for

    error = "ValueError: unknown item 'toaster'"
    rec = TraceRecorder(test_name="t", input="Order a kettle.")
    rec.step("Buyer", input="Order a kettle.", output='call order({"item": "toaster"})')
    rec.tool("order", args={"item": "toaster"}, error=error)
    rec.step("Buyer", input=error, output="It failed.")
    patches = patches_for(make_check("tool_succeeded", tool="order"), rec.finalize())
    assert [(p.target, p.text) for p in patches] == [
        ("Buyer", "- Call order only with values from the task or earlier results.")
    ]


def _chosen(
    candidates: dict[str, list[str]],
    chosen: str,
    tools: list[str],
    *,
    drafts: bool = False,
    router_tools: list[str] | None = None,
) -> Any:
    """A router (its step records who it chose among, and their tools) picks `chosen`, who
    calls draft first when `drafts`; the router is given `router_tools` when not None."""
    from blame.recorder import TraceRecorder

    rec = TraceRecorder(test_name="t", input="What did order 5521 cost?")
    own = {} if router_tools is None else {"tools": router_tools}
    rec.step(
        "Router",
        input="What did order 5521 cost?",
        output=chosen,
        metadata={"candidates": candidates, **own},
    )
    turn = rec.step(chosen, input=chosen, output="It cost a lot.", metadata={"tools": tools})
    if drafts:
        rec.tool("draft", agent=chosen, args={}, output="a draft", parents=[turn])
    return rec.finalize(final_output="It cost a lot.")  # fmt: skip


@pytest.mark.parametrize(
    ("candidates", "chosen", "tools", "expected"),
    [
        # chose an agent given no tools over the one given lookup: the router's choice, at
        # the router's step (its decision), not the handoff's receiving step
        ({"Writer": [], "Researcher": ["lookup"]}, "Writer", [],
         ("agent", "Router", None, 0)),
        # chose one with other tools: the same
        ({"Writer": ["draft"], "Researcher": ["lookup"]}, "Writer", ["draft"],
         ("agent", "Router", None, 0)),
        # nobody it could choose had lookup: not the router's choice
        ({"Writer": [], "Editor": []}, "Writer", [], None),
        # it chose the agent given lookup, which did not call it: that agent's
        ({"Writer": [], "Researcher": ["lookup"]}, "Researcher", ["lookup"],
         ("agent", "Researcher", None, 1)),
    ],
    ids=["passed-over-for-no-tools", "passed-over-for-other-tools", "no-owner", "chose-owner"],
)  # fmt: skip
def test_a_routing_decision_that_passed_over_the_tools_owner_is_blamed(
    candidates: dict[str, list[str]],
    chosen: str,
    tools: list[str],
    expected: tuple[str, str, str | None, int] | None,
) -> None:
    from blame.testing import make_check, run_check

    check = make_check("tool_called", tool="lookup")
    found = run_check(check, _chosen(candidates, chosen, tools)).blame
    routed = [(s.kind, s.name, s.sender, s.step_index) for s in found if s.confidence == 0.7]
    assert routed == ([] if expected is None else [expected])
    if expected is not None and expected[1] == "Router":
        assert found[0].reason == (
            f"step 0 (Router) chose {chosen} (step 1) over Researcher, who was given lookup, and "
            "no agent that ran was given lookup: the run called lookup 0 times, fewer than 1"
        )


@pytest.mark.parametrize(
    "check",
    [
        {"type": "tool_called", "tool": "lookup"},
        {"type": "tool_succeeded", "tool": "lookup"},
        {"type": "tool_order", "tools": ["draft", "lookup"]},
    ],
    ids=["tool_called", "tool_succeeded", "tool_order"],
)
def test_a_router_that_passed_over_the_tools_owner_is_told_whom_such_work_goes_to(
    check: dict[str, Any],
) -> None:
    from blame.testing import make_check, patches_for

    params = {k: v for k, v in check.items() if k != "type"}
    trace = _chosen(
        {"Writer": ["draft"], "Researcher": ["lookup"]},
        "Writer",
        ["draft"],
        drafts=check["type"] == "tool_order",  # Writer called draft, nobody lookup after it
    )
    patches = patches_for(make_check(check["type"], **params), trace)
    assert [(p.target, p.text) for p in patches] == [
        ("Router", "- Hand work that needs lookup to Researcher, who has it; Writer does not.")
    ]


def test_a_router_given_the_tool_itself_is_told_to_call_it_not_whom_to_route_to() -> None:
    """Its own missed call, not its routing, lost the call: the reason says it was given the
    tool, and so does the patch."""
    from blame.testing import make_check, patches_for, run_check

    trace = _chosen({"Writer": [], "Researcher": ["lookup"]}, "Writer", [], router_tools=["lookup"])
    check = make_check("tool_called", tool="lookup")
    assert run_check(check, trace).blame[0].reason.startswith("Router was given lookup")
    assert [(p.target, p.text) for p in patches_for(check, trace)] == [
        ("Router", "- Call lookup before you answer; do not answer from memory.")
    ]
