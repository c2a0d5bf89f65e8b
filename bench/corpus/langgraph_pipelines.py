"""Small LangGraph pipelines, each with one planted fault and its label, for the LangGraph sweep.

Real LangGraph graphs (StateGraph, ToolNode, the prebuilt ReAct agent, langgraph-supervisor,
Send fan-out, subgraphs, retry policies) on scripted offline chat models. Each pipeline's
label was written down before blame ever ran on it: for every check that should fail, the
agent whose decision was wrong and the step that made it, named as (step name, occurrence,
optionally a text the step's input holds) so the label does not depend on step numbering.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage
from langchain_core.tools import tool


@dataclass(frozen=True, slots=True)
class Label:
    """The wrong decision: its agent, and its step as the `occurrence`-th step named `step`."""

    agent: str
    step: str
    occurrence: int = 1
    input_has: str | None = None


@dataclass(frozen=True, slots=True)
class Pipeline:
    """One graph, its input, its checks and, per check expected to fail, the label."""

    name: str
    shape: str
    fault: str
    build: Callable[[], Any]
    input: Any
    checks: tuple[dict[str, Any], ...]
    labels: tuple[Label, ...]
    """One per check, in order."""
    output_key: str | None = None
    """The state key holding the answer (blame.yaml's `agent.output_key`)."""


def _call(name: str, args: dict[str, Any], n: int = 0) -> dict[str, Any]:
    return {"name": name, "args": args, "id": f"call_{name}_{n}"}


def _ai(text: str = "", *calls: dict[str, Any]) -> AIMessage:
    return AIMessage(content=text, tool_calls=list(calls))


def _scripted(*replies: AIMessage) -> Any:
    from blame_langgraph.fakes import ScriptedChatModel

    return ScriptedChatModel(responses=list(replies))


def _react(model: Any, tools: list[Any], name: str | None = None) -> Any:
    import warnings

    from langgraph.prebuilt import ToolNode, create_react_agent

    with warnings.catch_warnings():  # a tool that raises becomes an error the model reads
        warnings.simplefilter("ignore")
        return create_react_agent(model, ToolNode(tools, handle_tool_errors=True), name=name)


def _chain(state: type, *nodes: tuple[str, Any], **options: Any) -> Any:
    """A StateGraph running `nodes` ((name, function or subgraph) pairs) one after another;
    `options` maps a node's name to its `add_node` keyword arguments."""
    from langgraph.graph import END, START, StateGraph

    graph = StateGraph(state)
    previous = START
    for name, node in nodes:
        graph.add_node(name, node, **options.get(name, {}))
        graph.add_edge(previous, name)
        previous = name
    graph.add_edge(previous, END)
    return graph.compile()


PRICES = {"ACME": "131.40", "ACMX": "12.05", "GLOBX": "88.10"}


@tool
def get_price(ticker: str) -> str:
    """The last closing price of a stock."""
    return f"{ticker} closed at {PRICES[ticker]} USD (previous close 129.85 USD)"


@tool
def get_quote_down(ticker: str) -> str:
    """The last closing price of a stock (the quote service is down)."""
    raise RuntimeError("quote service unavailable (HTTP 503)")


@tool
def send_email(to: str, body: str) -> str:
    """Send an email."""
    return "ERROR: SMTP relay refused the message (rate limited)"


@tool
def search(query: str) -> str:
    """Search an encyclopedia."""
    if "lyon" in query.lower():
        return "Lyon - population: 522,250; area: 47.87 km2."
    if "nantes" in query.lower():
        return "Nantes - population: 320,732; area: 65.19 km2."
    return "No entry found."


@tool
def multiply(a: float, b: float) -> str:
    """Multiply two numbers."""
    return f"{a * b:g}"


@tool
def convert(amount: float, currency: str) -> str:
    """Convert an amount to EUR."""
    rate = {"GBP": 1.17, "USD": 0.92}[currency]
    return f"{amount} {currency} = {amount * rate:.2f} EUR"


@tool
def check_availability(room: str) -> str:
    """Is a room free."""
    return f"{room} is free on Friday"


@tool
def book_room(room: str) -> str:
    """Book a room."""
    return f"{room} booked: reservation R-5521"


# --- the prebuilt ReAct agent ------------------------------------------------------------


def react_wrong_argument() -> Any:
    return _react(
        _scripted(
            _ai("", _call("get_price", {"ticker": "ACMX"})),
            _ai("ACME closed at 12.05 USD."),
        ),
        [get_price],
    )


def react_premature_answer() -> Any:
    return _react(_scripted(_ai("ACME closed at about 130 USD.")), [get_price])


def react_misread() -> Any:
    return _react(
        _scripted(
            _ai("", _call("get_price", {"ticker": "ACME"})),
            _ai("ACME closed at 129.85 USD."),
        ),
        [get_price],
    )


def react_ignored_error() -> Any:
    return _react(
        _scripted(
            _ai("", _call("get_quote_down", {"ticker": "ACME"})),
            _ai("ACME closed at 130.00 USD."),
        ),
        [get_quote_down],
    )


def react_email_claim() -> Any:
    return _react(
        _scripted(
            _ai("", _call("send_email", {"to": "ana@example.com", "body": "Minutes attached"})),
            _ai("Done: the minutes were sent to Ana."),
        ),
        [send_email],
    )


def react_loop() -> Any:
    lookups = [_ai("", _call("search", {"query": "Lyon population"}, n)) for n in range(4)]
    return _react(_scripted(*lookups, _ai("Lyon has 522,250 inhabitants.")), [search])


def react_tool_order() -> Any:
    return _react(
        _scripted(
            _ai("", _call("book_room", {"room": "Room 4"})),
            _ai("", _call("check_availability", {"room": "Room 4"}, 1)),
            _ai("Room 4 is booked, reservation R-5521."),
        ),
        [check_availability, book_room],
    )


# --- plain StateGraphs ---------------------------------------------------------------------


class Ticket(TypedDict, total=False):
    request: str
    category: str
    answer: str


def routing_wrong_branch() -> Any:
    from langgraph.graph import END, START, StateGraph

    def classify(state: Ticket) -> Ticket:
        return {"category": "sales"}  # the request asks for a refund

    def refunds(state: Ticket) -> Ticket:
        return {"answer": "Refunds are issued within 30 days under policy REF-30."}

    def sales(state: Ticket) -> Ticket:
        return {"answer": "Our premium plan costs 49 EUR a month."}

    graph = StateGraph(Ticket)
    graph.add_node("classify", classify)
    graph.add_node("refunds", refunds)
    graph.add_node("sales", sales)
    graph.add_edge(START, "classify")
    graph.add_conditional_edges("classify", lambda s: s["category"], ["refunds", "sales"])
    graph.add_edge("refunds", END)
    graph.add_edge("sales", END)
    return graph.compile()


class Report(TypedDict, total=False):
    topic: str
    notes: str
    draft: str
    final: str


def writer_drops_citation() -> Any:

    def research(state: Report) -> Report:
        return {"notes": "Study: sleep improves recall by 20% (doi:10.1234/sleep.42)."}

    def write(state: Report) -> Report:
        return {"draft": "Sleep improves recall by 20%, a recent study found."}

    def edit(state: Report) -> Report:
        return {"final": state["draft"].replace("a recent study found", "per a recent study")}

    return _chain(Report, ("research", research), ("write", write), ("edit", edit))


def critic_changes_figure() -> Any:

    def draft(state: Report) -> Report:
        return {"draft": "Q3 revenue was 4.2M EUR, up from 3.9M EUR."}

    def critique(state: Report) -> Report:
        return {"final": "Q3 revenue was 4.5M EUR, up from 3.9M EUR (corrected)."}

    return _chain(Report, ("draft", draft), ("critique", critique))


class Fetched(TypedDict, total=False):
    city: str
    data: str
    summary: str


def retry_then_invent() -> Any:
    from langgraph.types import RetryPolicy

    attempts = {"n": 0}

    def fetch(state: Fetched) -> Fetched:
        attempts["n"] += 1
        if attempts["n"] == 1:
            raise ConnectionError("weather API timed out")
        return {"data": "Oslo: 4 C, rain, wind 30 km/h"}

    def summarize(state: Fetched) -> Fetched:
        return {"summary": "Oslo today: 9 C and rain, wind 30 km/h."}

    retry = {"retry_policy": RetryPolicy(max_attempts=3, initial_interval=0)}
    return _chain(Fetched, ("fetch", fetch), ("summarize", summarize), fetch=retry)


def subgraph_polish_adds_todo() -> Any:

    def outline(state: Report) -> Report:
        return {"draft": "Intro: why caching matters. Body: LRU vs LFU."}

    def polish(state: Report) -> Report:
        return {"draft": state["draft"] + " TODO: add benchmarks."}

    def publish(state: Report) -> Report:
        return {"final": state["draft"]}

    writer = _chain(Report, ("outline", outline), ("polish", polish))
    return _chain(Report, ("writer", writer), ("publish", publish))


# --- ToolNode in a hand-built graph ----------------------------------------------------------


def planner_executor_wrong_currency() -> Any:
    from langgraph.graph import START, MessagesState, StateGraph
    from langgraph.prebuilt import ToolNode, tools_condition

    def plan(state: MessagesState) -> dict[str, Any]:
        return {"messages": [_ai("Plan: convert 250 GBP to EUR with the convert tool.")]}

    model = _scripted(
        _ai("", _call("convert", {"amount": 250, "currency": "USD"})),
        _ai("250 GBP is 230.00 EUR."),
    )

    def execute(state: MessagesState) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    graph = StateGraph(MessagesState)
    graph.add_node("planner", plan)
    graph.add_node("executor", execute)
    graph.add_node("tools", ToolNode([convert]))
    graph.add_edge(START, "planner")
    graph.add_edge("planner", "executor")
    graph.add_conditional_edges("executor", tools_condition)
    graph.add_edge("tools", "executor")
    return graph.compile()


# --- fan-out / fan-in with Send -----------------------------------------------------------------


class Survey(TypedDict, total=False):
    cities: list[str]
    city: str
    findings: Annotated[list[str], operator.add]
    report: str


def _fanout(lookup: Callable[[str], str], merge: Callable[[list[str]], str]) -> Any:
    from langgraph.graph import END, START, StateGraph
    from langgraph.types import Send

    def research(state: Survey) -> Survey:
        return {"findings": [lookup(state["city"])]}

    def aggregate(state: Survey) -> Survey:
        return {"report": merge(sorted(state["findings"]))}

    graph = StateGraph(Survey)
    graph.add_node("research", research)
    graph.add_node("aggregate", aggregate)
    graph.add_conditional_edges(
        START, lambda s: [Send("research", {"city": c}) for c in s["cities"]], ["research"]
    )
    graph.add_edge("research", "aggregate")
    graph.add_edge("aggregate", END)
    return graph.compile()


def fanout_branch_misreads() -> Any:
    def lookup(city: str) -> str:
        return {"Lyon": "Lyon: 522,250 people", "Nantes": "Nantes: 65.19 people"}[city]

    return _fanout(lookup, lambda found: "Populations. " + " ".join(found))


def fanout_aggregator_drops() -> Any:
    def lookup(city: str) -> str:
        return {"Lyon": "Lyon: 522,250 people", "Nantes": "Nantes: 320,732 people"}[city]

    return _fanout(lookup, lambda found: "Populations. " + found[0])


# --- langgraph-supervisor -----------------------------------------------------------------------


def _supervisor(workers: list[Any], *replies: AIMessage) -> Any:
    import warnings

    from langgraph_supervisor import create_supervisor

    with warnings.catch_warnings():  # it builds its agent with the deprecated prebuilt one
        warnings.simplefilter("ignore")
        return create_supervisor(workers, model=_scripted(*replies)).compile()


def supervisor_wrong_worker() -> Any:
    researcher = _react(
        _scripted(_ai("I cannot compute; Lyon's population is 522,250.")),
        [search],
        name="researcher",
    )
    calculator = _react(_scripted(_ai("done")), [multiply], name="calculator")
    return _supervisor(
        [researcher, calculator],
        _ai("", _call("transfer_to_researcher", {})),
        _ai("Twice the population of Lyon is about 1,000,000."),
    )


def supervisor_drops_value() -> Any:
    researcher = _react(
        _scripted(
            _ai("", _call("search", {"query": "Nantes population"})),
            _ai("Nantes has 320,732 inhabitants."),
        ),
        [search],
        name="researcher",
    )
    return _supervisor(
        [researcher],
        _ai("", _call("transfer_to_researcher", {})),
        _ai("Nantes is a mid-sized French city."),
    )


def supervisor_worker_wrong_operand() -> Any:
    researcher = _react(
        _scripted(
            _ai("", _call("search", {"query": "Lyon population"})),
            _ai("Lyon population: 522,250."),
        ),
        [search],
        name="researcher",
    )
    analyst = _react(
        _scripted(
            _ai("", _call("multiply", {"a": 522, "b": 2})),
            _ai("Twice Lyon's population is 1044."),
        ),
        [multiply],
        name="analyst",
    )
    return _supervisor(
        [researcher, analyst],
        _ai("", _call("transfer_to_researcher", {})),
        _ai("", _call("transfer_to_analyst", {}, 1)),
        _ai("Twice Lyon's population is 1044."),
    )


def supervisor_worker_ignores_error() -> Any:
    trader = _react(
        _scripted(
            _ai("", _call("get_quote_down", {"ticker": "GLOBX"})),
            _ai("GLOBX closed at 88.10 USD."),
        ),
        [get_quote_down],
        name="trader",
    )
    return _supervisor(
        [trader],
        _ai("", _call("transfer_to_trader", {})),
        _ai("GLOBX closed at 88.10 USD."),
    )


def _user(text: str) -> dict[str, Any]:
    return {"messages": [("user", text)]}


def _c(kind: str, **params: Any) -> dict[str, Any]:
    return {"type": kind, **params}


PIPELINES = (
    Pipeline("react/wrong-argument", "react", "wrong_tool_arguments", react_wrong_argument,
             _user("What did ACME close at?"), (_c("contains", value="131.40"),),
             (Label("agent", "agent", 1),)),
    Pipeline("react/premature-answer", "react", "premature_final_answer", react_premature_answer,
             _user("What did ACME close at?"),
             (_c("tool_called", tool="get_price"), _c("contains", value="131.40")),
             (Label("agent", "agent", 1), Label("agent", "agent", 1))),
    Pipeline("react/misread", "react", "misread_tool_output", react_misread,
             _user("What did ACME close at?"), (_c("contains", value="131.40"),),
             (Label("agent", "agent", 2),)),
    Pipeline("react/ignored-error", "react", "ignored_tool_error", react_ignored_error,
             _user("What did ACME close at?"),
             (_c("not_contains", value="130.00"), _c("regex", value="(?i)unavailable|could not")),
             (Label("agent", "agent", 2), Label("agent", "agent", 2))),
    Pipeline("react/email-claim", "react", "ignored_tool_error", react_email_claim,
             _user("Send the minutes to ana@example.com"),
             (_c("no_unsupported_claim", tool="send_email"),),
             (Label("agent", "agent", 2),)),
    Pipeline("react/loop", "react", "looping", react_loop,
             _user("What is the population of Lyon?"),
             (_c("tool_called", tool="search", max=2),),
             (Label("agent", "agent", 2),)),
    Pipeline("react/tool-order", "react", "goal_deviation", react_tool_order,
             _user("Book Room 4 on Friday if it is free."),
             (_c("tool_order", tools=["check_availability", "book_room"]),),
             (Label("agent", "agent", 1),)),
    Pipeline("stategraph/wrong-route", "conditional", "wrong_routing", routing_wrong_branch,
             {"request": "I want a refund for my order"}, (_c("contains", value="REF-30"),),
             (Label("classify", "classify", 1),), output_key="answer"),
    Pipeline("stategraph/drops-citation", "sequential", "dropped_content", writer_drops_citation,
             {"topic": "sleep and memory"}, (_c("contains", value="doi:10.1234/sleep.42"),),
             (Label("write", "write", 1),), output_key="final"),
    Pipeline("stategraph/critic-changes-figure", "sequential", "hallucinated_fact",
             critic_changes_figure, {"topic": "Q3"},
             (_c("contains", value="4.2M"), _c("not_contains", value="4.5M")),
             (Label("critique", "critique", 1), Label("critique", "critique", 1)),
             output_key="final"),
    Pipeline("stategraph/retry-then-invent", "retry", "hallucinated_fact", retry_then_invent,
             {"city": "Oslo"}, (_c("contains", value="4 C"),),
             (Label("summarize", "summarize", 1),), output_key="summary"),
    Pipeline("subgraph/polish-adds-todo", "subgraph", "wrong_format", subgraph_polish_adds_todo,
             {"topic": "caching"}, (_c("not_contains", value="TODO"),),
             (Label("writer", "writer/polish", 1),), output_key="final"),
    Pipeline("toolnode/wrong-currency", "toolnode", "wrong_tool_arguments",
             planner_executor_wrong_currency, _user("How much is 250 GBP in EUR?"),
             (_c("contains", value="292.50"),), (Label("executor", "executor", 1),)),
    Pipeline("send/branch-misreads", "fan-out", "misread_tool_output", fanout_branch_misreads,
             {"cities": ["Lyon", "Nantes"]}, (_c("contains", value="320,732"),),
             (Label("research", "research", 1, input_has="Nantes"),), output_key="report"),
    Pipeline("send/aggregator-drops", "fan-out", "dropped_content", fanout_aggregator_drops,
             {"cities": ["Lyon", "Nantes"]}, (_c("contains", value="320,732"),),
             (Label("aggregate", "aggregate", 1),), output_key="report"),
    Pipeline("supervisor/wrong-worker", "supervisor", "wrong_routing", supervisor_wrong_worker,
             _user("What is twice the population of Lyon? Use the calculator."),
             (_c("tool_called", tool="multiply"),), (Label("supervisor", "supervisor/agent", 1),)),
    Pipeline("supervisor/drops-value", "supervisor", "dropped_content", supervisor_drops_value,
             _user("What is the population of Nantes?"), (_c("contains", value="320,732"),),
             (Label("supervisor", "supervisor/agent", 2),)),
    Pipeline("supervisor/wrong-operand", "supervisor", "wrong_tool_arguments",
             supervisor_worker_wrong_operand, _user("What is twice the population of Lyon?"),
             (_c("regex", value=r"1,?044,?500"),), (Label("analyst", "analyst/agent", 1),)),
    Pipeline("supervisor/ignored-error", "supervisor", "ignored_tool_error",
             supervisor_worker_ignores_error, _user("What did GLOBX close at?"),
             (_c("regex", value="(?i)unavailable|could not"),),
             (Label("trader", "trader/agent", 2),)),
)  # fmt: skip
"""Every pipeline of the sweep, in the order it runs."""
