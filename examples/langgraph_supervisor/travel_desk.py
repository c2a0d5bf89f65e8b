"""A LangGraph travel desk: a supervisor hands off to a hotel researcher and a booker.

Built the way langgraph-supervisor builds it: the supervisor is a tool-calling agent whose
`transfer_to_<agent>` tools return `Command(goto=<agent>, graph=Command.PARENT)`; each worker is
its own agent subgraph (model node + ToolNode) wrapped in a node that appends the
`transfer_back_to_supervisor` messages when it is done. The models are offline fakes that
reply from the conversation, one set of replies per city in the request, so the example runs
offline, gives the same run every time, and a run resumed midway (`blame confirm`) goes on as
a fresh one would.

Scenarios (the city in the user's request picks the script):
- lisbon: everything works;
- porto: `book_hotel` fails (no availability) and the booker claims the booking anyway;
- madrid: the booking works but the supervisor's final answer drops the confirmation code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any

from blame_langgraph.fakes import RuleChatModel, tool_agent
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.tools import BaseTool, InjectedToolCallId, tool
from langgraph.graph import END, START, MessagesState, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.prebuilt import InjectedState
from langgraph.types import Command

HOTELS = {
    "lisbon": ("Casa Azul", "H-LIS-7", 95),
    "porto": ("Ribeira Inn", "H-OPO-2", 80),
    "madrid": ("Hotel Sol", "H-MAD-4", 110),
}
"""City -> (hotel, reference, EUR per night): what search_hotels finds."""

CONFIRMATIONS = {"H-LIS-7": "BK-1042", "H-MAD-4": "BK-2077"}
"""Hotel reference -> confirmation code; Ribeira Inn (Porto) has no availability."""

MODEL = "fake-gpt"
"""The model name the fake replies report, so `prices` in blame.yaml apply."""


@tool
def search_hotels(city: str) -> str:
    """Find the best-rated hotel in a city."""
    hotel, ref, price = HOTELS[city.lower()]
    return f"{hotel} (ref {ref}), {price} EUR per night"


@tool
def book_hotel(ref: str, nights: int) -> str:
    """Book a hotel by its reference."""
    code = CONFIRMATIONS.get(ref)
    if code is None:
        raise ValueError(f"no availability for {ref}")
    return f"Confirmed {nights} nights at {ref}: confirmation {code}"


def _reply(text: str = "", *calls: tuple[str, dict[str, Any]], tokens: int = 40) -> AIMessage:
    """A fake model reply with tool calls and token usage."""
    return AIMessage(
        content=text,
        tool_calls=[
            {"name": name, "args": args, "id": f"call_{name}_{i}"}
            for i, (name, args) in enumerate(calls)
        ],
        usage_metadata={
            "input_tokens": tokens,
            "output_tokens": tokens // 4,
            "total_tokens": tokens + tokens // 4,
        },
        response_metadata={"model_name": MODEL},
    )


def _replies(city: str) -> dict[str, Callable[[Sequence[BaseMessage]], AIMessage]]:
    """Each agent's reply as a function of the conversation it is given, so a run resumed
    from any point (`blame confirm`) gets the replies a fresh run would."""
    hotel, ref, price = HOTELS[city]
    nights = {"lisbon": 2, "porto": 3, "madrid": 1}[city]
    code = CONFIRMATIONS.get(ref, "")
    booked = {
        "lisbon": f"Booked {hotel} for {nights} nights, confirmation {code}.",
        "porto": f"Booked {hotel} for {nights} nights, the confirmation will follow.",
        "madrid": f"Booked {hotel} for {nights} night, confirmation {code}.",
    }[city]
    final = {
        "lisbon": f"Your stay at {hotel} in Lisbon is booked: confirmation {code}.",
        "porto": f"Done: {hotel} in Porto is booked for {nights} nights.",
        "madrid": "Your Madrid hotel is booked. Enjoy the trip!",
    }[city]

    def supervisor(messages: Sequence[BaseMessage]) -> AIMessage:
        if not _said(messages, "Best match:"):
            return _reply("", ("transfer_to_researcher", {}))
        if not _called(messages, "book_hotel"):
            return _reply("", ("transfer_to_booker", {}), tokens=120)
        report = _last_report(messages)
        if "failed" in report:  # the booker said the booking failed: pass that on
            return _reply(f"Sorry, {hotel} could not be booked: {report}", tokens=200)
        return _reply(final, tokens=200)

    def researcher(messages: Sequence[BaseMessage]) -> AIMessage:
        if not _called(messages, "search_hotels"):
            return _reply("", ("search_hotels", {"city": city.title()}))
        return _reply(f"Best match: {hotel} (ref {ref}), {price} EUR per night.", tokens=90)

    def booker(messages: Sequence[BaseMessage]) -> AIMessage:
        if not _called(messages, "book_hotel"):
            return _reply("", ("book_hotel", {"ref": ref, "nights": nights}), tokens=150)
        return _reply(booked, tokens=170)  # whatever book_hotel said

    return {"supervisor": supervisor, "researcher": researcher, "booker": booker}


def _said(messages: Sequence[BaseMessage], text: str) -> bool:
    return any(m.type == "ai" and text in str(m.content) for m in messages)


def _called(messages: Sequence[BaseMessage], tool_name: str) -> bool:
    return any(m.type == "tool" and m.name == tool_name for m in messages)


def _last_report(messages: Sequence[BaseMessage]) -> str:
    """The last thing a worker said (its last AI message with text and no tool call)."""
    said = [
        m
        for m in messages
        if isinstance(m, AIMessage) and str(m.content).strip() and not m.tool_calls
    ]
    return str(said[-1].content) if said else ""


def _city(messages: Sequence[BaseMessage]) -> str:
    request = next((m for m in messages if m.type == "human"), None)
    text = str(request.content).lower() if request is not None else ""
    for city in HOTELS:
        if city in text:
            return city
    raise ValueError(f"no known city in the request (know {', '.join(sorted(HOTELS))})")


def _handoff(agent: str) -> BaseTool:
    @tool(f"transfer_to_{agent}")
    def transfer(
        state: Annotated[dict[str, Any], InjectedState],
        tool_call_id: Annotated[str, InjectedToolCallId],
    ) -> Command[Any]:
        """Hand the conversation over to another agent."""
        done = ToolMessage(
            content=f"Successfully transferred to {agent}",
            name=f"transfer_to_{agent}",
            tool_call_id=tool_call_id,
        )
        return Command(
            goto=agent, graph=Command.PARENT, update={"messages": [*state["messages"], done]}
        )

    return transfer


def _worker(name: str, agent: Any) -> Any:
    """Run a worker agent and hand back to the supervisor, as langgraph-supervisor does."""

    def call_worker(state: MessagesState) -> dict[str, Any]:
        output = agent.invoke(state)
        call_id = f"call_back_{name}"
        back = [
            AIMessage(
                content="Transferring back to supervisor",
                name=name,
                tool_calls=[{"name": "transfer_back_to_supervisor", "args": {}, "id": call_id}],
            ),
            ToolMessage(
                content="Successfully transferred back to supervisor",
                name="transfer_back_to_supervisor",
                tool_call_id=call_id,
            ),
        ]
        return {"messages": [*output["messages"], *back]}

    return call_worker


def build_graph() -> CompiledStateGraph[Any, Any, Any, Any]:
    """A fresh graph with its fake models (each reply a function of the conversation)."""
    replies = {city: _replies(city) for city in HOTELS}

    def models(agent: str) -> Callable[[Sequence[BaseMessage]], RuleChatModel]:
        ruled = {
            city: RuleChatModel(reply=r[agent], model_name=MODEL) for city, r in replies.items()
        }
        return lambda messages: ruled[_city(messages)]

    supervisor = tool_agent(
        "supervisor", models("supervisor"), [_handoff("researcher"), _handoff("booker")]
    )
    researcher = tool_agent("researcher", models("researcher"), [search_hotels])
    booker = tool_agent("booker", models("booker"), [book_hotel])

    graph = StateGraph(MessagesState)
    graph.add_node("supervisor", supervisor, destinations=("researcher", "booker", END))
    graph.add_node("researcher", _worker("researcher", researcher))
    graph.add_node("booker", _worker("booker", booker))
    graph.add_edge(START, "supervisor")
    graph.add_edge("researcher", "supervisor")
    graph.add_edge("booker", "supervisor")
    return graph.compile()


if __name__ == "__main__":
    from blame_langgraph import trace_langgraph

    answer, trace = trace_langgraph(
        build_graph(), {"messages": [("user", "Book a hotel in Lisbon for 2 nights.")]}
    )
    for step in trace.steps:
        print(f"{step.index:>2} {step.kind.value:<5} {step.name:<30} <- {list(step.parents)}")
    print(answer)
