"""Small real LangGraph graphs for the blame-langgraph tests, driven by offline fake models."""

from __future__ import annotations

import operator
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypedDict

from blame_langgraph.fakes import RuleChatModel, ScriptedChatModel, tool_agent
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.tools import BaseTool, InjectedToolCallId, tool
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.managed import RemainingSteps
from langgraph.prebuilt import InjectedState, ToolNode, tools_condition
from langgraph.types import Command, Send
from pydantic import BaseModel


def reply(text: str = "", *calls: tuple[str, dict[str, Any]], tokens: int = 0) -> AIMessage:
    """A scripted AI message with tool calls (ids call_<name>) and optional usage."""
    usage = {"input_tokens": tokens, "output_tokens": tokens, "total_tokens": 2 * tokens}
    return AIMessage(
        content=text,
        tool_calls=[{"name": n, "args": a, "id": f"call_{n}"} for n, a in calls],
        response_metadata={"model_name": "fake-model"},
        usage_metadata=usage if tokens else None,
    )


@tool
def search(query: str) -> str:
    """Search the web."""
    return f"results for {query}: the capital is Paris"


@tool
def book(city: str) -> str:
    """Book a room."""
    raise ValueError(f"no rooms in {city}")


def handoff(agent: str) -> BaseTool:
    """A langgraph-supervisor style handoff tool."""

    @tool(f"transfer_to_{agent}")
    def transfer(
        state: Annotated[dict[str, Any], InjectedState],
        tool_call_id: Annotated[str, InjectedToolCallId],
    ) -> Command[Any]:
        """Hand over to another agent."""
        note = ToolMessage(
            f"Successfully transferred to {agent}",
            name=f"transfer_to_{agent}",
            tool_call_id=tool_call_id,
        )
        return Command(
            goto=agent, graph=Command.PARENT, update={"messages": [*state["messages"], note]}
        )

    return transfer


def agent_graph(
    name: str, script: list[BaseMessage], tools: list[BaseTool], *, handle_errors: bool = True
) -> Any:
    """A tool-calling agent subgraph on a scripted model."""
    return tool_agent(
        name, ScriptedChatModel(responses=script), tools, handle_tool_errors=handle_errors
    )


def with_handback(name: str, agent: Any) -> Any:
    """Wrap a worker the way langgraph-supervisor does: run it, then transfer back."""

    def call(state: MessagesState) -> dict[str, Any]:
        output = agent.invoke(state)
        back = [
            AIMessage(
                "Transferring back to supervisor",
                name=name,
                tool_calls=[
                    {"name": "transfer_back_to_supervisor", "args": {}, "id": f"back_{name}"}
                ],
            ),
            ToolMessage(
                "Successfully transferred back to supervisor",
                name="transfer_back_to_supervisor",
                tool_call_id=f"back_{name}",
            ),
        ]
        return {"messages": [*output["messages"], *back]}

    return call


def supervisor(*, handle_errors: bool = True, handback: bool = False) -> Any:
    """supervisor -> researcher (search) -> supervisor -> booker (book fails) -> supervisor."""
    boss = agent_graph(
        "supervisor",
        [
            reply("", ("transfer_to_researcher", {}), tokens=5),
            reply("", ("transfer_to_booker", {})),
            reply("The capital is Paris; no rooms were available."),
        ],
        [handoff("researcher"), handoff("booker")],
    )
    researcher = agent_graph(
        "researcher",
        [reply("", ("search", {"query": "capital of France"}), tokens=7), reply("It is Paris.")],
        [search],
    )
    booker = agent_graph(
        "booker",
        [reply("", ("book", {"city": "Paris"})), reply("Sorry, no rooms in Paris.")],
        [book],
        handle_errors=handle_errors,
    )
    graph = StateGraph(MessagesState)
    graph.add_node("supervisor", boss, destinations=("researcher", "booker", END))
    graph.add_node(
        "researcher", with_handback("researcher", researcher) if handback else researcher
    )
    graph.add_node("booker", with_handback("booker", booker) if handback else booker)
    graph.add_edge(START, "supervisor")
    graph.add_edge("researcher", "supervisor")
    graph.add_edge("booker", "supervisor")
    return graph.compile()


class FanState(TypedDict, total=False):
    """State of the fan-out graph."""

    topic: str
    items: Annotated[list[str], operator.add]
    summary: str


def _echo_upper(messages: Sequence[BaseMessage]) -> str:
    return str(messages[-1].content).upper()


def _slow_echo_upper(messages: Sequence[BaseMessage]) -> str:
    """alpha answers last, gamma first: branches finish in reverse order."""
    time.sleep({"alpha": 0.2, "beta": 0.1}.get(str(messages[-1].content), 0.0))
    return _echo_upper(messages)


def fanout(*, reverse_finish: bool = False) -> Any:
    """plan -> Send(work) x3 and a static side branch -> join (waits for both) -> final."""
    reply = _slow_echo_upper if reverse_finish else _echo_upper
    model = RuleChatModel(reply=reply, model_name="upper")

    def plan(state: FanState) -> dict[str, Any]:
        return {"summary": f"plan for {state['topic']}"}

    def route(state: FanState) -> list[Send]:
        return [Send("work", {"topic": t}) for t in ("alpha", "beta", "gamma")]

    def work(state: FanState) -> dict[str, Any]:
        return {"items": [str(model.invoke(state["topic"]).content)]}

    def side(state: FanState) -> dict[str, Any]:
        return {"items": ["side"]}

    def join(state: FanState) -> dict[str, Any]:
        return {"summary": ", ".join(sorted(state["items"]))}

    def final(state: FanState) -> dict[str, Any]:
        return {"summary": state["summary"] + "."}

    graph = StateGraph(FanState)
    graph.add_node("plan", plan)
    graph.add_node("work", work)
    graph.add_node("side", side)
    graph.add_node("join", join)
    graph.add_node("final", final)
    graph.add_edge(START, "plan")
    graph.add_conditional_edges("plan", route, ["work"])
    graph.add_edge("plan", "side")
    graph.add_edge(["work", "side"], "join")
    graph.add_edge("join", "final")
    graph.add_edge("final", END)
    return graph.compile()


class RouteState(TypedDict, total=False):
    """State of the routing graph."""

    question: str
    route: str
    answer: str
    fail: bool


def routing() -> Any:
    """classify -(conditional edge)-> math | chat; math -(Command)-> check -> END."""

    def classify(state: RouteState) -> dict[str, Any]:
        return {"route": "math" if any(c.isdigit() for c in state["question"]) else "chat"}

    def pick(state: RouteState) -> Literal["math", "chat"]:
        return "math" if state["route"] == "math" else "chat"

    def math(state: RouteState) -> Command[Literal["check"]]:
        return Command(goto="check", update={"answer": "4"})

    def chat(state: RouteState) -> dict[str, Any]:
        return {"answer": "hello"}

    def check(state: RouteState) -> dict[str, Any]:
        if state.get("fail"):
            raise RuntimeError("checker crashed on " + state["answer"])
        return {"answer": state["answer"] + " (checked)"}

    graph = StateGraph(RouteState)
    graph.add_node("classify", classify)
    graph.add_node("math", math)
    graph.add_node("chat", chat)
    graph.add_node("check", check)
    graph.add_edge(START, "classify")
    graph.add_conditional_edges("classify", pick)
    graph.add_edge("chat", END)
    graph.add_edge("check", END)
    return graph.compile()


def nested() -> Any:
    """outer node `team` runs subgraph `desk`, whose node `clerk` runs subgraph with `write`."""

    def write(state: MessagesState) -> dict[str, Any]:
        return {"messages": [AIMessage("written by the innermost node")]}

    inner = StateGraph(MessagesState)
    inner.add_node("write", write)
    inner.add_edge(START, "write")
    desk = StateGraph(MessagesState)
    desk.add_node("clerk", inner.compile())
    desk.add_edge(START, "clerk")
    top = StateGraph(MessagesState)

    def intake(state: MessagesState) -> dict[str, Any]:
        return {"messages": [AIMessage("intake done")]}

    top.add_node("intake", intake)
    top.add_node("team", desk.compile())
    top.add_edge(START, "intake")
    top.add_edge("intake", "team")
    return top.compile()


def looping() -> Any:
    """A node that routes to itself forever (hits the recursion limit)."""

    def spin(state: MessagesState) -> dict[str, Any]:
        return {"messages": [AIMessage("again")]}

    graph = StateGraph(MessagesState)
    graph.add_node("spin", spin)
    graph.add_edge(START, "spin")
    graph.add_edge("spin", "spin")
    return graph.compile()


def flat_agent(*, calls: int) -> Any:
    """A one-level agent (`agent` and `tools` nodes at the top) whose tool calls all raise."""
    requests = [("book", {"city": c}) for c in ("Paris", "Rome")[:calls]]
    model = ScriptedChatModel(responses=[reply("", *requests), reply("done")])
    tools: list[BaseTool] = [book]
    return tool_agent("flat", model, tools, handle_tool_errors=False)


@tool("transfer_to_researcher")
def delegate(task: str, tool_call_id: Annotated[str, InjectedToolCallId]) -> Command[Any]:
    """Delegate a task description only (no ToolMessage, no shared history)."""
    return Command(
        goto=[Send("researcher", {"messages": [HumanMessage(task)]})], graph=Command.PARENT
    )


def task_handoff() -> Any:
    """A supervisor that hands the researcher only a task description, via Send."""
    boss = agent_graph(
        "supervisor",
        [
            reply(
                "The user wants a sea view.", ("transfer_to_researcher", {"task": "find a hotel"})
            ),
            reply("Booked Hotel X."),
        ],
        [delegate],
    )
    researcher = agent_graph("researcher", [reply("Hotel X")], [search])
    graph = StateGraph(MessagesState)
    graph.add_node("supervisor", boss, destinations=("researcher", END))
    graph.add_node("researcher", researcher)
    graph.add_edge(START, "supervisor")
    graph.add_edge("researcher", "supervisor")
    return graph.compile()


class BookingState(MessagesState, total=False):
    """State of the agent whose tool writes a state key besides its message."""

    booking: str


@tool
def reserve(city: str, tool_call_id: Annotated[str, InjectedToolCallId]) -> Command[Any]:
    """Reserve a room: the code goes to the state, the message only says done."""
    return Command(
        update={
            "booking": f"BK-5 in {city}",
            "messages": [ToolMessage("done", tool_call_id=tool_call_id)],
        }
    )


def state_tool() -> Any:
    """agent -> tools (reserve writes `booking` by Command) -> agent, which drops the code."""
    script = [reply("", ("reserve", {"city": "Rome"})), reply("Reserved your room.")]
    return tool_loop(BookingState, script, [reserve]).compile()


def tool_loop(state: type[Any], script: list[BaseMessage], tools: list[BaseTool]) -> Any:
    """A flat agent on `state`: the nodes `agent` (a scripted model) and `tools` (ToolNode)."""
    from langgraph.prebuilt import ToolNode, tools_condition

    model = ScriptedChatModel(responses=script)

    def agent(state: Any) -> dict[str, Any]:  # reads the whole state
        return {"messages": [model.invoke(state["messages"])]}

    graph = StateGraph(state)
    graph.add_node("agent", agent)
    graph.add_node("tools", ToolNode(tools))
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", tools_condition)
    graph.add_edge("tools", "agent")
    return graph


@tool
def pay(amount: int) -> str:
    """Pay, once a human confirms."""
    from langgraph.types import interrupt

    return f"paid {amount}" if interrupt({"confirm": f"pay {amount}?"}) else "cancelled"


def approval(*, where: Literal["node", "subgraph", "tool"]) -> Any:
    """A run that stops at `interrupt()`: in a node after `draft`, in a subgraph's node, or in
    a tool (human review of the call). Checkpointed, as interrupts need."""
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import interrupt

    if where == "tool":
        script = [reply("", ("pay", {"amount": 30})), reply("Paid.")]
        return tool_loop(MessagesState, script, [pay]).compile(checkpointer=InMemorySaver())

    def draft(state: MessagesState) -> dict[str, Any]:
        return {"messages": [AIMessage("Draft: 120 NOK in Oslo")]}

    def approve(state: MessagesState) -> dict[str, Any]:
        answer = interrupt({"question": "send the draft?"})
        return {"messages": [AIMessage(f"approved: {answer}")]}

    graph = StateGraph(MessagesState)
    graph.add_node("draft", draft)
    if where == "subgraph":
        inner = StateGraph(MessagesState)
        inner.add_node("approve", approve)
        inner.add_edge(START, "approve")
        graph.add_node("review", inner.compile())
    else:
        graph.add_node("review", approve)
    graph.add_edge(START, "draft")
    graph.add_edge("draft", "review")
    return graph.compile(checkpointer=InMemorySaver())


class CountdownState(MessagesState):
    """A state with a managed value: LangGraph fills it in for each node, no node writes it."""

    remaining_steps: RemainingSteps


def countdown() -> Any:
    """write -> check, whose state carries LangGraph's `remaining_steps` countdown."""

    def write(state: CountdownState) -> dict[str, Any]:
        return {"messages": [AIMessage("Draft: 100 EUR")]}

    def check(state: CountdownState) -> dict[str, Any]:
        left = "few" if state["remaining_steps"] < 3 else "enough"
        return {"messages": [AIMessage(f"Checked with {left} steps left.")]}

    return chain(CountdownState, write, check)


def drafted_then_crashed() -> Any:
    """draft -> polish, which raises after draft wrote its answer."""

    def draft(state: MessagesState) -> dict[str, Any]:
        return {"messages": [AIMessage("The Louvre is in Paris.")]}

    def polish(state: MessagesState) -> dict[str, Any]:
        raise ValueError("the model is down")

    return chain(MessagesState, draft, polish)


def chain(state: type[Any], *nodes: Callable[[Any], dict[str, Any]]) -> Any:
    """START -> each node in turn (named by its function), compiled."""
    graph = StateGraph(state)
    previous = START
    for node in nodes:
        graph.add_node(node.__name__, node)
        graph.add_edge(previous, node.__name__)
        previous = node.__name__
    return graph.compile()


class ReportState(TypedDict, total=False):
    """State of the graph whose subgraph leaves by Command.PARENT."""

    topics: list[str]
    notes: Annotated[list[str], operator.add]
    report: str


def parent_exit() -> Any:
    """team (split -> Send(summ) x2 -> done) -(done: Command.PARENT)-> publish."""

    def split(state: ReportState) -> dict[str, Any]:
        return {"topics": ["alpha 1", "beta 2"]}

    def fan(state: ReportState) -> list[Send]:
        return [Send("summ", {"topic": t}) for t in state["topics"]]

    def summ(state: dict[str, str]) -> dict[str, Any]:
        return {"notes": [state["topic"].split()[0]]}

    def done(state: ReportState) -> Command[Any]:
        report = "; ".join(state["notes"])
        return Command(goto="publish", graph=Command.PARENT, update={"report": report})

    team = StateGraph(ReportState)
    for node in (split, summ, done):
        team.add_node(node.__name__, node)
    team.add_edge(START, "split")
    team.add_conditional_edges("split", fan, ["summ"])
    team.add_edge("summ", "done")

    def publish(state: ReportState) -> dict[str, Any]:
        return {"report": "Published: " + state["report"]}

    graph = StateGraph(ReportState)
    graph.add_node("team", team.compile(), destinations=("publish",))
    graph.add_node("publish", publish)
    graph.add_edge(START, "team")
    return graph.compile()


class LegsState(TypedDict, total=False):
    """State of the graph with branches of uneven length."""

    legs: Annotated[list[str], operator.add]


def uneven() -> Any:
    """start -> short, and start -> long -> longer; `total` (defer=True) waits for both legs."""

    def leg(name: str) -> Any:
        return lambda state: {"legs": [name]}

    def total(state: LegsState) -> dict[str, Any]:
        return {"legs": ["total: " + ", ".join(state["legs"])]}

    graph = StateGraph(LegsState)
    for name in ("start", "short", "long", "longer"):
        graph.add_node(name, leg(name))
    graph.add_node("total", total, defer=True)
    graph.add_edge(START, "start")
    graph.add_edge("start", "short")
    graph.add_edge("start", "long")
    graph.add_edge("long", "longer")
    graph.add_edge("short", "total")
    graph.add_edge("longer", "total")
    return graph.compile()


class JokesState(TypedDict, total=False):
    """The state of the map-reduce graph (LangGraph's how-to shape)."""

    topic: str
    subjects: list[str]
    jokes: Annotated[list[str], operator.add]
    summary: str


def _joke(messages: Sequence[BaseMessage]) -> str:
    subject = str(messages[-1].content).removeprefix("Joke about ")
    if subject == "penguins":  # the planted fault: this branch leaves its subject out
        return "Why did the bird cross the road? It was cold."
    return f"Why do {subject} never lie? Because {subject} are honest."


def map_reduce() -> Any:
    """subjects -> Send one `joke` branch per subject -> `summarize`, which reads the whole
    state (so also the subjects); the penguins branch drops its subject."""
    model = RuleChatModel(reply=_joke)

    def subjects(state: JokesState) -> dict[str, Any]:
        return {"subjects": ["lions", "penguins", "otters"]}

    def fan(state: JokesState) -> list[Send]:
        return [Send("joke", {"subject": s}) for s in state["subjects"]]

    def joke(state: dict[str, str]) -> dict[str, Any]:
        said = model.invoke([HumanMessage(f"Joke about {state['subject']}")])
        return {"jokes": [str(said.content)]}

    def summarize(state: JokesState) -> dict[str, Any]:
        return {"summary": "Jokes:\n" + "\n".join(state["jokes"])}

    graph = StateGraph(JokesState)
    graph.add_node("subjects", subjects)
    graph.add_node("joke", joke)
    graph.add_node("summarize", summarize)
    graph.add_edge(START, "subjects")
    graph.add_conditional_edges("subjects", fan, ["joke"])
    graph.add_edge("joke", "summarize")
    graph.add_edge("summarize", END)
    return graph.compile()


class TripState(TypedDict, total=False):
    """State of the trip graphs: a request, a plan, the analysts' findings and a report."""

    request: str
    plan: str
    findings: Annotated[list[str], operator.add]
    report: str


class Assignment(TypedDict):
    """What the planner hands one analyst."""

    topic: str
    budget: str


class FindingsOnly(TypedDict):
    """The writer reads only the findings."""

    findings: list[str]


def _analyst(messages: Sequence[BaseMessage]) -> str:
    topic, _, budget = str(messages[-1].content).removeprefix("Research ").partition(" within ")
    return f"{topic.title()}: three options within {budget}"


def command_fanout() -> Any:
    """planner -(Command(goto=[Send(analyst, assignment)] per topic))-> analyst x2 -> writer,
    which reads only the findings. The planner's code cuts the request's budget, 300 EUR, to
    30 EUR in the payloads (a slice one digit short); its plan does not mention the budget."""
    planner_model = RuleChatModel(reply=lambda _: "Research flights and hotels.")
    analyst_model = RuleChatModel(reply=_analyst)

    def planner(state: TripState) -> Command[Literal["analyst"]]:
        plan = str(planner_model.invoke([HumanMessage(state["request"])]).content)
        amount = state["request"].partition("budget of ")[2]
        budget = amount[:2] + amount[3:]
        topics = ("flights", "hotels")
        return Command(
            update={"plan": plan},
            goto=[Send("analyst", Assignment(topic=t, budget=budget)) for t in topics],
        )

    def analyst(state: Assignment) -> dict[str, Any]:
        asked = HumanMessage(f"Research {state['topic']} within {state['budget']}")
        return {"findings": [str(analyst_model.invoke([asked]).content)]}

    def writer(state: TripState) -> dict[str, Any]:
        return {"report": "\n".join(sorted(state["findings"]))}

    graph = StateGraph(TripState)
    graph.add_node("planner", planner)
    graph.add_node("analyst", analyst, input_schema=Assignment)
    graph.add_node("writer", writer, input_schema=FindingsOnly)
    graph.add_edge(START, "planner")
    graph.add_edge("analyst", "writer")
    graph.add_edge("writer", END)
    return graph.compile()


class BudgetState(TripState, total=False):
    """State of the edge fan-out graphs: the trip state and the budget the planner read."""

    budget: str


def edge_fanout(*, garble: bool) -> Any:
    """planner -(a conditional edge's function: Send(analyst, assignment) per topic)-> analyst
    x2 -> writer, which reads only the findings. The planner writes the request's budget,
    300 EUR, to the state; the edge builds each assignment from the state, and with `garble`
    cuts the budget to 30 EUR (a slice one digit short); else the analyst of the hotels cuts
    it so in its finding."""
    planner_model = RuleChatModel(reply=lambda _: "Research flights and hotels.")

    def analyst_reply(messages: Sequence[BaseMessage]) -> str:
        said = _analyst(messages)
        return said if garble or not said.startswith("Hotels") else said.replace("300", "30")

    analyst_model = RuleChatModel(reply=analyst_reply)

    def planner(state: BudgetState) -> dict[str, Any]:
        plan = str(planner_model.invoke([HumanMessage(state["request"])]).content)
        return {"plan": plan, "budget": state["request"].partition("budget of ")[2]}

    def assign(state: BudgetState) -> list[Send]:
        budget = state["budget"][:2] + state["budget"][3:] if garble else state["budget"]
        return [Send("analyst", Assignment(topic=t, budget=budget)) for t in ("flights", "hotels")]

    def analyst(state: Assignment) -> dict[str, Any]:
        asked = HumanMessage(f"Research {state['topic']} within {state['budget']}")
        return {"findings": [str(analyst_model.invoke([asked]).content)]}

    def writer(state: TripState) -> dict[str, Any]:
        return {"report": "\n".join(sorted(state["findings"]))}

    graph = StateGraph(BudgetState)
    graph.add_node("planner", planner)
    graph.add_node("analyst", analyst, input_schema=Assignment)
    graph.add_node("writer", writer, input_schema=FindingsOnly)
    graph.add_edge(START, "planner")
    graph.add_conditional_edges("planner", assign, ["analyst"])
    graph.add_edge("analyst", "writer")
    graph.add_edge("writer", END)
    return graph.compile()


def wrong_worker() -> Any:
    """A langgraph-supervisor graph whose supervisor hands a booking to the researcher (given
    `search` only) instead of the booker (given `book`)."""
    from langgraph_supervisor import create_supervisor

    researcher = agent_graph(
        "researcher",
        [
            reply("", ("search", {"query": "hotel in Paris"})),
            reply("Hotel Lumiere. I cannot book."),
        ],
        [search],
    )
    booker = agent_graph(
        "booker", [reply("", ("book", {"city": "Paris"})), reply("Booked.")], [book]
    )
    boss = ScriptedChatModel(
        responses=[reply("", ("transfer_to_researcher", {})), reply("Try Hotel Lumiere.")]
    )
    return create_supervisor([researcher, booker], model=boss).compile()


@tool("reserve")
async def reserve_async(city: str) -> str:
    """Reserve a room (async only)."""
    return f"reserved in {city}: BK-7"


@tool("reserve")
def reserve_sync(city: str) -> str:
    """Reserve a room."""
    return f"reserved in {city}: BK-7"


def async_only(*, where: Literal["node", "tool", "subgraph"]) -> Any:
    """A model node and a ToolNode where one part has only an async implementation: the
    model node (`async def`), the tool (a coroutine tool), or the model node of a subgraph."""
    model = ScriptedChatModel(
        responses=[reply("", ("reserve", {"city": "Oslo"})), reply("Reserved in Oslo.")]
    )

    def call(state: MessagesState) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    async def acall(state: MessagesState) -> dict[str, Any]:
        return {"messages": [await model.ainvoke(state["messages"])]}

    async_tool = where == "tool"
    graph = StateGraph(MessagesState)
    graph.add_node("agent", call if async_tool else acall)
    graph.add_node("tools", ToolNode([reserve_async if async_tool else reserve_sync]))
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", tools_condition)
    graph.add_edge("tools", "agent")
    if where != "subgraph":
        return graph.compile()
    outer = StateGraph(MessagesState)
    outer.add_node("desk", graph.compile())
    outer.add_edge(START, "desk")
    return outer.compile()


class DeskState(TypedDict, total=False):
    """The parent graph's state: the research notes stay inside the team's subgraph."""

    request: str
    draft: str
    report: str


class TeamState(TypedDict, total=False):
    request: str
    notes: str
    draft: str


def team(*, called: bool, wrapper_drops: bool = False) -> Any:
    """team (research -> summarise, which drops the budget) -> writer; the team subgraph is
    the node itself, or is invoked by the node's function (`called`). With `wrapper_drops`,
    summarise keeps the budget and the node's function that invoked the team drops it."""

    def research(state: TeamState) -> dict[str, Any]:
        return {"notes": f"{state['request']}: Hotel Lumiere, budget 300 EUR"}

    def summarise(state: TeamState) -> dict[str, Any]:
        return {"draft": "Hotel Lumiere, 300 EUR" if wrapper_drops else "Hotel Lumiere"}

    def writer(state: DeskState) -> dict[str, Any]:
        return {"report": "Report: " + state["draft"]}

    inner = StateGraph(TeamState)
    inner.add_node("research", research)
    inner.add_node("summarise", summarise)
    inner.add_edge(START, "research")
    inner.add_edge("research", "summarise")
    subgraph = inner.compile()

    def run_team(state: DeskState) -> dict[str, Any]:
        draft = subgraph.invoke({"request": state["request"]})["draft"]
        return {"draft": draft.split(",")[0]}

    graph = StateGraph(DeskState)
    graph.add_node("team", run_team if called else subgraph)
    graph.add_node("writer", writer)
    graph.add_edge(START, "team")
    graph.add_edge("team", "writer")
    return graph.compile()


def team_of_agents() -> Any:
    """A subgraph `desk` of two tool-calling agents: researcher (search) -> booker (book)."""
    researcher = agent_graph(
        "researcher",
        [reply("", ("search", {"query": "Paris"})), reply("Paris it is.")],
        [search],
    )
    booker = agent_graph("booker", [reply("Booked nothing.")], [book])
    desk = StateGraph(MessagesState)
    desk.add_node("researcher", researcher)
    desk.add_node("booker", booker)
    desk.add_edge(START, "researcher")
    desk.add_edge("researcher", "booker")
    graph = StateGraph(MessagesState)
    graph.add_node("desk", desk.compile())
    graph.add_edge(START, "desk")
    return graph.compile()


class PlanState(TypedDict, total=False):
    request: str
    plan: str
    approved: str
    report: str


def plan_review(*, checkpointer: bool = True) -> Any:
    """planner -> review (asks a human at `interrupt()`) -> writer, on a state with no
    messages."""
    from langgraph.checkpoint.memory import InMemorySaver
    from langgraph.types import interrupt

    def planner(state: PlanState) -> dict[str, Any]:
        return {"plan": f"{state['request']}: Hotel Lumiere"}

    def review(state: PlanState) -> dict[str, Any]:
        return {"approved": str(interrupt({"approve": state["plan"]}))}

    def writer(state: PlanState) -> dict[str, Any]:
        return {"report": f"{state['plan']} (approved: {state['approved']})"}

    graph = StateGraph(PlanState)
    for node in (planner, review, writer):
        graph.add_node(node.__name__, node)
    graph.add_edge(START, "planner")
    graph.add_edge("planner", "review")
    graph.add_edge("review", "writer")
    return graph.compile(checkpointer=InMemorySaver() if checkpointer else None)


def swarm(*, nested: bool, by_command: bool) -> Any:
    """Agents handing off to each other, no supervisor: `triage` sends a booking to the
    researcher (given `search` only) instead of the booker (given `book`), by a handoff tool
    or by returning `Command(goto=...)` from a plain node; in a subgraph `desk` if `nested`."""
    researcher = agent_graph(
        "researcher",
        [reply("", ("search", {"query": "Paris"})), reply("Hotel Lumiere is nice.")],
        [search],
    )
    booker = agent_graph("booker", [reply("", ("book", {"city": "Paris"})), reply("Done.")], [book])

    def route(state: MessagesState) -> Command[Literal["researcher", "booker"]]:
        return Command(goto="researcher", update={"messages": [AIMessage("To research.")]})

    triage = agent_graph(
        "triage", [reply("", ("transfer_to_researcher", {}))], [handoff("researcher")]
    )
    graph = StateGraph(MessagesState)
    if by_command:
        graph.add_node("triage", route)
    else:
        graph.add_node("triage", triage, destinations=("researcher", "booker"))
    graph.add_node("researcher", researcher)
    graph.add_node("booker", booker)
    graph.add_edge(START, "triage")
    if not nested:
        return graph.compile()
    top = StateGraph(MessagesState)
    top.add_node("desk", graph.compile())
    top.add_edge(START, "desk")
    return top.compile()


@dataclass
class Caller:
    """The run's context: who asks."""

    user: str


def greeter() -> Any:
    """One node that reads the run's context (`Runtime.context`), not the state."""
    from langgraph.runtime import Runtime

    def greet(state: MessagesState, runtime: Runtime[Caller]) -> dict[str, Any]:
        return {"messages": [AIMessage(f"Hello {runtime.context.user}")]}

    graph = StateGraph(MessagesState, context_schema=Caller)
    graph.add_node("greet", greet)
    graph.add_edge(START, "greet")
    return graph.compile()


class TicketState(MessagesState, total=False):
    """State of a support desk whose triage node writes a structured ticket."""

    order_id: str


class Ticket(BaseModel):
    """What the triage model extracts from the request."""

    order_id: str


@tool
def order_status(order_id: str) -> str:
    """Look up an order: only A-17 exists."""
    if order_id != "A-17":
        raise ValueError(f"unknown order {order_id}")
    return "Order A-17: shipped, tracking DH-99812"


def misread_triage() -> Any:
    """triage (`with_structured_output`) misreads order A-17 as A-71 into the state; the agent
    node copies it into an `order_status` call, which the tool rejects."""
    from langgraph.prebuilt import ToolNode, tools_condition

    triage_model = ScriptedChatModel(responses=[reply("", ("Ticket", {"order_id": "A-71"}))])
    agent_model = ScriptedChatModel(
        responses=[reply("", ("order_status", {"order_id": "A-71"})), reply("No such order.")]
    )

    def triage(state: TicketState) -> dict[str, Any]:
        ticket = triage_model.with_structured_output(Ticket).invoke(state["messages"])
        return {"order_id": Ticket.model_validate(ticket).order_id}

    def agent(state: TicketState) -> dict[str, Any]:
        asked = HumanMessage(f"Look up order {state['order_id']}")
        return {"messages": [agent_model.invoke([*state["messages"], asked])]}

    graph = StateGraph(TicketState)
    graph.add_node("triage", triage)
    graph.add_node("agent", agent)
    graph.add_node("tools", ToolNode([order_status], handle_tool_errors=True))
    graph.add_edge(START, "triage")
    graph.add_edge("triage", "agent")
    graph.add_conditional_edges("agent", tools_condition)
    graph.add_edge("tools", "agent")
    return graph.compile()


class SavedBudgetState(MessagesState, total=False):
    """State of a planner whose tool saves the budget the writer node formats."""

    budget: int
    report: str


@tool
def set_budget(amount: int, tool_call_id: Annotated[str, InjectedToolCallId]) -> Command[Any]:
    """Record the trip budget in EUR: the amount goes to the state."""
    return Command(
        update={
            "budget": amount,
            "messages": [ToolMessage("budget saved", tool_call_id=tool_call_id)],
        }
    )


def formatted_budget() -> Any:
    """agent -> tools (set_budget, misread as 30 by the agent) -> agent -> writer, a code node
    that formats the state's budget as 'within 30 EUR'."""
    from langgraph.prebuilt import ToolNode, tools_condition

    model = ScriptedChatModel(
        responses=[reply("", ("set_budget", {"amount": 30})), reply("Budget noted.")]
    )

    def agent(state: SavedBudgetState) -> dict[str, Any]:
        return {"messages": [model.invoke(state["messages"])]}

    def writer(state: SavedBudgetState) -> dict[str, Any]:
        return {"report": f"Rome plan within {state['budget']} EUR."}

    graph = StateGraph(SavedBudgetState)
    graph.add_node("agent", agent)
    graph.add_node("tools", ToolNode([set_budget]))
    graph.add_node("writer", writer)
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", tools_condition, {"tools": "tools", END: "writer"})
    graph.add_edge("tools", "agent")
    graph.add_edge("writer", END)
    return graph.compile()


@tool
def flight_status(flight: str) -> str:
    """Look up a flight's departure gate."""
    return f"{flight}: on time, departs 14:05 from gate B12"


def misread_gate() -> Any:
    """A tool agent node reads gate B12 from `flight_status` and says B21; a writer node
    passes B21 on. Every step's input has the conversation, the tool's B12 included."""
    agent = agent_graph(
        "flight_agent",
        [reply("", ("flight_status", {"flight": "AF1234"})), reply("AF1234 leaves from B21.")],
        [flight_status],
    )
    writer_model = ScriptedChatModel(responses=[reply("AF1234 is on time: gate B21, 14:05.")])

    def writer(state: MessagesState) -> dict[str, Any]:
        return {"messages": [writer_model.invoke(state["messages"])]}

    graph = StateGraph(MessagesState)
    graph.add_node("flight_agent", agent)
    graph.add_node("writer", writer)
    graph.add_edge(START, "flight_agent")
    graph.add_edge("flight_agent", "writer")
    graph.add_edge("writer", END)
    return graph.compile()


ORDERS = {"7731": "shipped on 2 May", "7713": "awaiting payment"}
"""Order id -> status: what `find_order` says."""


@tool
def find_order(order_id: str) -> str:
    """Look up an order."""
    return f"order {order_id}: {ORDERS.get(order_id, 'unknown')}"


def misdirected_lookup() -> Any:
    """The agent asks `find_order` about 7713 where the user asked about 7731; the tool
    answers faithfully about the wrong order, and the agent repeats it."""
    return agent_graph(
        "support",
        [reply("", ("find_order", {"order_id": "7713"})), reply("Your order is awaiting payment.")],
        [find_order],
    )


class ChaptersState(TypedDict, total=False):
    """State of a reading loop: pages read so far, the judge's verdict, the summary."""

    book: str
    page: int
    notes: Annotated[list[str], operator.add]
    verdict: str
    summary: str


CHAPTERS = ["Ch 1: the fox left.", "Ch 2: it crossed the river.", "Ch 3: it found Eldmoor."]
"""The pages the reading loop reads, one per pass."""


def judged_reading() -> Any:
    """read -> judge -> (read again | summarise); the judge's model says DONE after two of
    the three chapters, so the third, with Eldmoor, is never read."""
    judge_model = ScriptedChatModel(responses=[reply("CONTINUE"), reply("DONE")])

    def read(state: ChaptersState) -> dict[str, Any]:
        page = state.get("page", 0)
        return {"notes": [CHAPTERS[page]], "page": page + 1}

    def judge(state: ChaptersState) -> dict[str, Any]:
        asked = HumanMessage(f"Read {state['page']} of {len(CHAPTERS)}. CONTINUE or DONE?")
        return {"verdict": str(judge_model.invoke([asked]).content)}

    def summarise(state: ChaptersState) -> dict[str, Any]:
        return {"summary": " ".join(state["notes"])}

    graph = StateGraph(ChaptersState)
    graph.add_node("read", read)
    graph.add_node("judge", judge)
    graph.add_node("summarise", summarise)
    graph.add_edge(START, "read")
    graph.add_edge("read", "judge")
    graph.add_conditional_edges(
        "judge", lambda s: "summarise" if s["verdict"] == "DONE" else "read", ["read", "summarise"]
    )
    graph.add_edge("summarise", END)
    return graph.compile()


@tool
def forecast(city: str) -> str:
    """Tomorrow's forecast for a city."""
    return {"Lille": "Lille: rain, 11 C", "Lyon": "Lyon: sun, 19 C"}[city]


def wrong_city_supervisor() -> Any:
    """A supervisor node (`Command(goto=..., update=...)`) tasks a tool agent with Lyon where
    the user asked about Lille; the worker reports Lyon's forecast and the supervisor ends."""
    weather = agent_graph(
        "weather",
        [reply("", ("forecast", {"city": "Lyon"})), reply("Forecast: Lyon: sun, 19 C")],
        [forecast],
    )

    def supervisor(state: MessagesState) -> Command[Any]:
        last = state["messages"][-1]
        if last.type == "ai":
            answer = AIMessage(f"Here you go. {last.content}", name="supervisor")
            return Command(goto=END, update={"messages": [answer]})
        task = HumanMessage("get tomorrow's forecast for Lyon", name="supervisor")
        return Command(goto="weather", update={"messages": [task]})

    graph = StateGraph(MessagesState)
    graph.add_node("supervisor", supervisor)
    graph.add_node("weather", weather)
    graph.add_edge(START, "supervisor")
    graph.add_edge("weather", "supervisor")
    return graph.compile()
