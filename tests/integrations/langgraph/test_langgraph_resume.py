"""Confirmation under LangGraph for real: a checkpointed first run, re-runs resumed from the
checkpoint before the blamed node, and upstream nodes never executed again (counted)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from blame_langgraph.resume import rewrite
from langchain_core.messages import AIMessage

from blame.config import load_config
from blame.confirmation import Confirmation
from blame.context import RunContext
from blame.rerun import Edit
from blame.results import SuiteResult
from blame.runner import run_suite

pytestmark = pytest.mark.langgraph

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

PIPELINE = '''
from pathlib import Path
from typing import TypedDict

from langchain_core.messages import AIMessage
from langgraph.graph import END, START, MessagesState, StateGraph

CALLS = Path(__file__).with_name("calls.txt")


def note(name):
    with CALLS.open("a") as log:
        log.write(name + "\\n")


class State(MessagesState, total=False):
    notes: str
    reply: str


class EditInput(TypedDict):
    """The editor reads the reply and the conversation, not the notes."""

    messages: list
    reply: str


def research(state):
    note("research")
    return {"notes": "ref=ZX-4471; total=42"}


def summarize(state):
    note("summarize")
    return {"messages": [AIMessage("looked up an order", id="sum")]}


def write(state):
    note("write")
    return {"reply": "Your total is 42."}


def edit(state):
    note("edit")
    return {"reply": "DRAFT: " + state["reply"]}


def build():
    graph = StateGraph(State)
    graph.add_node("research", research)
    graph.add_node("summarize", summarize)
    graph.add_node("write", write)
    graph.add_node("edit", edit, input_schema=EditInput)
    graph.add_edge(START, "research")
    graph.add_edge("research", "summarize")
    graph.add_edge("summarize", "write")
    graph.add_edge("write", "edit")
    graph.add_edge("edit", END)
    return graph.compile()
'''


def test_re_runs_resume_after_the_blamed_node_and_never_run_upstream(tmp_path: Path) -> None:
    (tmp_path / "pipeline.py").write_text(PIPELINE, encoding="utf-8")
    config = tmp_path / "blame.yaml"
    config.write_text(
        textwrap.dedent(
            """
            agent: {type: langgraph, entrypoint: "pipeline:build", output_key: reply}
            tests:
              - name: order
                input: "Where is order ZX-4471?"
                checks:
                  - {type: contains, value: "ref=ZX-4471"}
                  - {type: not_contains, value: DRAFT}
            """
        ),
        encoding="utf-8",
    )
    suite = run_suite(load_config(config, context=RunContext()), confirm=True)
    verdicts = [(s.name, s.confirmation) for c in suite.tests[0].checks for s in c.blame]
    assert verdicts == [
        (
            "write",
            Confirmation(
                "confirmed",
                "restore 'ref=ZX-4471' into step 2's output (write)",
                steps_rerun=1,  # edit only
                steps_total=4,
                passes=1,
                runs=1,
            ),
        ),
        (
            "summarize",
            Confirmation(
                "refuted",
                "restore 'ref=ZX-4471' into step 1's output (summarize)",
                steps_rerun=2,  # write and edit
                steps_total=4,
                passes=0,
                runs=1,
            ),
        ),
        (
            # where the final answer's value first appeared; re-run: summarize, write, edit
            "research",
            Confirmation(
                "refuted",
                "restore 'ref=ZX-4471' into step 0's output (research)",
                steps_rerun=3,
                steps_total=4,
                passes=0,
                runs=1,
            ),
        ),
        ("edit", None),  # the step that produced the final output: fourth, not re-run
        (
            "edit",
            Confirmation(
                "confirmed",
                "remove 'DRAFT' from step 3's output (edit)",
                steps_total=4,
                passes=1,
                runs=1,
            ),
        ),
    ]
    calls = (tmp_path / "calls.txt").read_text().split()
    # The first run, then each re-run: only what follows the blamed node. research never again.
    # (the research runner-up's re-run starts after research too: summarize, write, edit)
    assert calls == [
        "research",
        "summarize",
        "write",
        "edit",
        "edit",
        "write",
        "edit",
        "summarize",
        "write",
        "edit",
    ]


def test_the_fanout_example_confirms_a_parallel_branch_without_re_running_its_siblings() -> None:
    suite = run_suite(
        load_config(EXAMPLES / "langgraph_fanout" / "blame.yaml", context=RunContext()),
        confirm=True,
        name_filter="oslo",
    )
    (suspect,) = suite.tests[0].checks[0].blame
    assert suspect.confirmation == Confirmation(
        "confirmed",
        "remove 'guaranteed' from step 3's output (analyst)",
        steps_rerun=1,  # the writer; not the planner, nor the two other analysts
        steps_total=5,
        passes=1,
        runs=1,
    )


@pytest.mark.parametrize(
    ("writes", "edit", "expected"),
    [
        ({"reply": "a", "notes": "longer"}, Edit("add", "X"), {"reply": "a", "notes": "longer\nX"}),
        ({"reply": "x DRAFT", "n": ["DRAFT"]}, Edit("remove", "DRAFT"), {"reply": "x ", "n": [""]}),
        ({"reply": "claimed"}, Edit("replace", "book failed"), {"reply": "book failed"}),
        ({"count": 3}, Edit("add", "X"), {"count": 3}),
        (
            {"findings": ["a", "longer"], "n": "b"},
            Edit("add", "X"),
            {"findings": ["a", "longer\nX"], "n": "b"},
        ),
        ({"reply": "x"}, Edit("keep", ""), {"reply": "x"}),
    ],
)
def test_a_node_update_is_rewritten_where_its_text_is(
    writes: dict[str, object], edit: Edit, expected: dict[str, object]
) -> None:
    assert rewrite(writes, edit) == expected


def test_a_message_update_changes_the_last_message_content_and_keeps_its_id() -> None:
    update = {"messages": [AIMessage("first", id="a"), AIMessage("booked!", id="b")]}
    out = rewrite(update, Edit("replace", "book failed: 503"))
    first, last = out["messages"]  # type: ignore[misc]
    assert (first.content, last.content, last.id) == ("first", "book failed: 503", "b")


def test_a_lost_handoff_in_a_fan_out_is_confirmed_in_the_reducers_list() -> None:
    """rome: the Send payloads drop the budget. Delivered into one analyst's finding (a list
    entry of the `findings` reducer, not a new state key), the writer puts it in the report.
    The three analysts received the planner's same message without it: one handoff, listed
    once (at the last analyst), and confirmed there."""
    suite = run_suite(
        load_config(EXAMPLES / "langgraph_fanout" / "blame.yaml", context=RunContext()),
        confirm=True,
        name_filter="rome",
    )
    found = [s.confirmation for s in suite.tests[0].checks[0].blame]
    assert [(c.verdict, c.steps_rerun) for c in found if c is not None] == [
        ("confirmed", 1),
        ("refuted", 1),  # where the final answer's value first appeared
        ("refuted", 0),  # the step that produced the final output
    ]


SUBGRAPH = """
from pathlib import Path
from typing import TypedDict

from langgraph.graph import END, START, StateGraph

CALLS = Path(__file__).with_name("calls.txt")


def note(name):
    with CALLS.open("a") as log:
        log.write(name + "\\n")


class State(TypedDict, total=False):
    question: str
    notes: str
    draft: str
    reply: str


def research(state):
    note("research")
    return {"notes": "ref=ZX-4471; total=42"}


def draft(state):
    note("draft")
    return {"draft": "Total 42 for " + state["notes"]}


def polish(state):
    note("polish")
    return {"draft": "Your total is 42."}


def build_worker():
    inner = StateGraph(State)
    inner.add_node("draft", draft)
    inner.add_node("polish", polish)
    inner.add_edge(START, "draft")
    inner.add_edge("draft", "polish")
    inner.add_edge("polish", END)
    return inner.compile()


def build():
    worker = build_worker()

    def work(state):
        note("work")
        return {"draft": worker.invoke(state)["draft"]}

    def answer(state):
        note("answer")
        return {"reply": state["draft"]}

    graph = StateGraph(State)
    graph.add_node("research", research)
    graph.add_node("work", work)
    graph.add_node("answer", answer)
    graph.add_edge(START, "research")
    graph.add_edge("research", "work")
    graph.add_edge("work", "answer")
    graph.add_edge("answer", END)
    return graph.compile()
"""


def test_a_step_inside_a_subgraph_is_confirmed_from_the_node_holding_it(tmp_path: Path) -> None:
    """work/polish, the last step of the subgraph `work` runs, gets the change in work's
    update; only answer runs again, never research nor the subgraph's draft and polish."""
    (tmp_path / "subgraph.py").write_text(SUBGRAPH, encoding="utf-8")
    config = tmp_path / "blame.yaml"
    config.write_text(
        textwrap.dedent(
            """
            agent: {type: langgraph, entrypoint: "subgraph:build", output_key: reply,
                    input_key: question}
            tests:
              - name: order
                input: "Where is order ZX-4471?"
                checks:
                  - {type: contains, value: "ref=ZX-4471"}
            """
        ),
        encoding="utf-8",
    )
    suite = run_suite(load_config(config, context=RunContext()), confirm=True)
    found = [(s.name, s.confirmation) for s in suite.tests[0].checks[0].blame]
    assert found[1] == (
        "work/polish",  # the subgraph runs two nodes: a team, each node its own agent
        Confirmation(
            "confirmed",
            "restore 'ref=ZX-4471' into step 2's output (work/polish)",
            steps_rerun=1,  # answer
            steps_total=4,
            passes=1,
            runs=1,
        ),
    )
    calls = (tmp_path / "calls.txt").read_text().split()
    # then the research runner-up's re-run, after research: the whole subgraph and answer
    assert calls == [
        "research",
        "work",
        "draft",
        "polish",
        "answer",
        "answer",
        "work",
        "draft",
        "polish",
        "answer",
    ]


@pytest.mark.parametrize(
    ("test", "verdicts"),
    [
        # The supervisor's final answer dropped the code: confirmed, nothing re-run. The
        # booker, the runner-up, kept its output: the supervisor re-runs and drops it again.
        ("madrid", [("supervisor", "confirmed", 0), ("booker", "refuted", 1)]),
        # The booker's claim (its subgraph's last step) replaced by book_hotel's error: the
        # supervisor passes the failure on. book_hotel's own step is followed by the booker's
        # next turn inside the subgraph, so it cannot be re-run from.
        (
            "porto",
            [
                ("book_hotel", "unavailable", 0),
                ("booker", "confirmed", 1),
                ("book_hotel", "unavailable", 0),
            ],
        ),
    ],
)
def test_the_supervisor_example_confirms_steps_inside_its_agent_subgraphs(
    test: str, verdicts: list[tuple[str, str, int]]
) -> None:
    suite = run_suite(
        load_config(EXAMPLES / "langgraph_supervisor" / "blame.yaml", context=RunContext()),
        confirm=True,
        name_filter=test,
    )
    judged = [(s, s.confirmation) for c in suite.tests[0].checks for s in c.blame]
    assert [(s.name, c.verdict, c.steps_rerun) for s, c in judged if c] == verdicts
    if test == "porto":
        assert judged[0][1] is not None
        assert judged[0][1].change.endswith(
            "step 10 ran inside the subgraph of node 'booker' and step 11 ran after it there: "
            "a re-run starts from the node's update, not inside its subgraph"
        )


TWO_QUESTIONS = """
from typing import TypedDict

from langgraph.checkpoint.memory import InMemorySaver
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt


class State(TypedDict, total=False):
    request: str
    notes: str
    draft: str
    report: str


class Draft(TypedDict):
    draft: str


def research(state):
    return {"notes": "ref=ZX-4471; total=42 (" + interrupt("research what?") + ")"}


def write(state):
    return {"draft": "Your total is 42."}


def publish(state):
    answer = interrupt("publish the draft?")
    return {"report": state["draft"] if answer == "publish" else "withheld: " + answer}


def build():
    graph = StateGraph(State)
    graph.add_node("research", research)
    graph.add_node("write", write)
    graph.add_node("publish", publish, input_schema=Draft)
    graph.add_edge(START, "research")
    graph.add_edge("research", "write")
    graph.add_edge("write", "publish")
    graph.add_edge("publish", END)
    return graph.compile(checkpointer=InMemorySaver())
"""


def _confirm_two_questions(tmp_path: Path) -> SuiteResult:
    """`blame confirm` on TWO_QUESTIONS, answered `totals` then `publish`."""
    (tmp_path / "two_questions.py").write_text(TWO_QUESTIONS, encoding="utf-8")
    config = tmp_path / "blame.yaml"
    config.write_text(
        textwrap.dedent(
            """
            agent:
              type: langgraph
              entrypoint: "two_questions:build"
              input_key: request
              output_key: report
              resume: [totals, publish]
            tests:
              - name: order
                input: "Where is order ZX-4471?"
                checks:
                  - {type: contains, value: "ref=ZX-4471"}
            """
        ),
        encoding="utf-8",
    )
    suite = run_suite(load_config(config, context=RunContext()), confirm=True)
    return suite


def test_a_re_run_after_a_question_answered_gives_the_answers_that_came_after(
    tmp_path: Path,
) -> None:
    """research asks first (answered `totals`), publish last (answered `publish`). The re-run
    from `write` resumes after research's question: it gave publish the first answer again,
    so publish withheld the draft and the true culprit, `write`, was refuted."""
    suite = _confirm_two_questions(tmp_path)
    (check,) = suite.tests[0].checks
    top = check.blame[0]
    assert (top.name, top.confirmation) == (
        "write",
        Confirmation(
            "confirmed",
            "restore 'ref=ZX-4471' into step 2's output (write)",
            steps_rerun=2,  # publish, stopped and then answered `publish`
            steps_total=5,
            passes=1,
            runs=1,
        ),
    )


def test_a_re_run_that_stops_is_answered_where_it_stopped(tmp_path: Path) -> None:
    """The re-run from after research (its answered execution) starts at a checkpoint
    before publish's question: answered on that checkpoint again, the answer reached no
    question, publish asked once more and the re-run failed (unavailable)."""
    suite = _confirm_two_questions(tmp_path)
    research = suite.tests[0].checks[0].blame[1]
    assert (research.name, research.confirmation) == (
        "research",
        Confirmation(
            "refuted",  # write drops the reference again
            "restore 'ref=ZX-4471' into step 1's output (research)",
            steps_rerun=3,  # write; publish, stopped and then answered
            steps_total=5,
            passes=0,
            runs=1,
        ),
    )


def test_a_re_run_starts_from_the_recorded_run_not_from_an_earlier_re_run(
    tmp_path: Path,
) -> None:
    """Re-runs fork the first run's thread. The re-run from publish took the checkpoint
    before publish that write's re-run had written (its draft holding the restored
    reference), so publish, whose output stays as it was, was "confirmed"."""
    publish = _confirm_two_questions(tmp_path).tests[0].checks[0].blame[2]
    assert (publish.name, publish.confirmation) == (
        "publish",
        Confirmation(
            "refuted",
            "step 4 (publish) was never given 'ref=ZX-4471', so its output stays as it was",
            steps_total=5,
            runs=1,
        ),
    )


ROUTED = """
from typing import Literal, TypedDict

from langgraph.graph import END, START, StateGraph
from langgraph.types import Command, Send


class State(TypedDict, total=False):
    request: str
    notes: str
    reply: str


def research(state) -> Command[Literal["write"]]:
    notes = "total=42 DRAFT"
    if SEND:
        return Command(update={"notes": "researched"}, goto=[Send("write", {"notes": notes})])
    return Command(update={"notes": notes}, goto="write")


def write(state):
    return {"reply": "Your " + state["notes"]}


def build():
    graph = StateGraph(State)
    graph.add_node("research", research)
    graph.add_node("write", write)
    graph.add_edge(START, "research")
    graph.add_edge("write", END)
    return graph.compile()
"""


@pytest.mark.parametrize("send", [False, True], ids=["goto", "send"])
def test_a_re_run_from_a_node_that_routed_by_command_goes_where_it_went(
    tmp_path: Path, send: bool
) -> None:
    """research routes by the Command it returns (to `write`, or a Send carrying its notes).
    Writing its update again runs its edges but not its return value's routing: the re-run
    ended at once, and the final output without the forbidden text "confirmed" research
    after re-running nothing."""
    (tmp_path / "routed.py").write_text(f"SEND = {send}\n{ROUTED}", encoding="utf-8")
    config = tmp_path / "blame.yaml"
    config.write_text(
        textwrap.dedent(
            """
            agent: {type: langgraph, entrypoint: "routed:build", input_key: request,
                    output_key: reply}
            tests:
              - name: order
                input: "Where is my order?"
                checks: [{type: not_contains, value: DRAFT}]
            """
        ),
        encoding="utf-8",
    )
    suite = run_suite(load_config(config, context=RunContext()), confirm=True)
    top = suite.tests[0].checks[0].blame[0]
    assert (top.name, top.confirmation) == (
        "research",
        Confirmation(
            "confirmed",
            "remove 'DRAFT' from step 0's output (research)",
            steps_rerun=1,  # write, given the notes without DRAFT
            steps_total=2,
            passes=1,
            runs=1,
        ),
    )
