"""Trace an AG2 group chat live, through AG2's hooks and its event stream.

A group chat is a transcript: every speaker's message goes to the GroupChatManager, which shows
it to everyone. blame hears each message as its speaker sends it (the agent hook
`process_message_before_send`, for messages to the manager) and turns it into steps with the
chat-transcript importer's own rules (`blame.importers.chat.ChatSteps`): a speaker's message is
a step of that agent, each tool result a tool step of the agent that asked for the call, every
step sees every earlier one (shared context). The live run adds what a stored transcript lacks:
how long each turn took (the hook `process_all_messages_before_reply` marks a turn's start) and,
from the events AG2 sends to its IOStream (`execute_function` / `executed_function`), each tool
call's arguments, duration and whether it raised. A message a speaker sends to another agent
(a nested chat, an `initiate_chat` of its own) is a step too, in order, and the agents of
nested chats are heard from the start. An "auto" speaker selection (the manager's model) is a
step of the manager aside from the chain of messages. The hooks are added once per agent and
do nothing outside a traced run; the IOStream is blame's only while the chat runs, so AG2
prints nothing over blame's own output.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from blame.errors import AgentError
from blame.importers.chat import ChatImporter, ChatSteps
from blame.model import StepKind, Trace
from blame.recorder import to_text
from blame.spansteps import AgentRunError

_MARK = "_blame_ag2"
"""Set on blame's hooks and tool wrappers, so an agent is never given them twice."""


@dataclass(frozen=True, slots=True)
class ToolRun:
    """One executed tool call, as AG2's events report it."""

    tool: str
    """The function's name."""
    arguments: Any
    """The arguments it was called with (None when they were not valid JSON)."""
    ok: bool
    """AG2's `is_exec_success`: the function returned (it did not raise, it exists)."""
    content: str
    """What it returned, or AG2's `Error: ...` text."""
    latency_ms: float | None
    """From the start event to the end event."""


class _Run:
    """The steps of one traced chat, fed by hooks and events."""

    def __init__(self, manager: Any, test_name: str, input: str) -> None:
        self.manager = manager
        self.chat = ChatSteps(ChatImporter(), test_name, input=input)
        self.turn_started: dict[str, float] = {}
        self.call_started: dict[str, float] = {}
        self.tools: dict[str, ToolRun] = {}
        self.termination: str | None = None
        self.problems: list[str] = []

    def turn(self, agent: str) -> None:
        self.turn_started[agent] = time.perf_counter()

    def message(self, sender: Any, message: Any, *, to: str | None = None) -> None:
        """One message from a speaker to the group (or, `to` an agent, inside an inner chat):
        its step, or one tool step per result."""
        name = str(sender.name)
        now = time.perf_counter()
        started = self.turn_started.pop(name, None)
        latency = None if started is None else (now - started) * 1000.0
        raw = {"content": message} if isinstance(message, str) else dict(message)
        where = f"message {len(self.chat.steps)} ({name})"
        responses = raw.get("tool_responses")
        if isinstance(responses, list) and responses:
            for response in responses:
                self._tool_result(name, response, where)
            return
        raw["name"] = name
        first = not len(self.chat.steps)
        extra: dict[str, Any] = {"tools": tools_of(sender)}
        if to is not None:
            extra.update(recipient=to, chat="inner")
        self.chat.add(
            raw,
            where=where,
            kind=StepKind.HUMAN if first else None,
            latency_ms=latency,
            metadata=extra,
        )

    def selection(self, chosen: Any, replies: list[str], offered: list[Any]) -> None:
        """The manager's model chose the next speaker ("auto"): a step of the manager, its
        reply as output, the agents it was offered (AG2 leaves out those a transition rule or
        `allow_repeat_speaker` bars) and their tools as `candidates`."""
        agents = offered or participants(self.manager)
        candidates = {str(a.name): tools_of(a) for a in agents}
        name = str(self.manager.name)
        self.chat.add(
            {"name": name, "content": "\n".join(replies)},
            where=f"message {len(self.chat.steps)} ({name}'s speaker selection)",
            kind=StepKind.AGENT,
            aside=True,  # it reads the chat, but no message reads it: no content flows through
            metadata={
                # "auto", also when a selection function returned "auto" (its own repr holds
                # an address, which would make the trace differ from run to run)
                "selection": "auto",
                "selected": str(getattr(chosen, "name", "")),
                "candidates": candidates,
            },
        )

    def _tool_result(self, executor: str, response: Mapping[str, Any], where: str) -> None:
        call_id = response.get("tool_call_id")
        run = self.tools.pop(call_id, None) if isinstance(call_id, str) else None
        raw: dict[str, Any] = {
            "role": "tool",
            "content": response.get("content"),
            "tool_call_id": call_id,
        }
        extra: dict[str, Any] = {"executor": executor}
        if run is not None:
            raw["name"] = run.tool
            if not run.ok:
                raw["error"] = run.content
            if run.arguments is not None:
                extra["arguments"] = to_text(run.arguments)
        self.chat.add(
            raw,
            where=where,
            latency_ms=run.latency_ms if run is not None else None,
            metadata=extra,
        )

    def event(self, event: Any) -> None:
        """An event AG2 sent its IOStream: tool execution and the end of the chat."""
        kind = getattr(event, "type", None)
        inner: Any = getattr(event, "content", None)
        if kind == "execute_function":
            self.call_started[str(inner.call_id)] = time.perf_counter()
        elif kind == "executed_function":
            started = self.call_started.pop(str(inner.call_id), None)
            latency = None if started is None else (time.perf_counter() - started) * 1000.0
            self.tools[str(inner.call_id)] = ToolRun(
                tool=str(inner.func_name),
                arguments=inner.arguments,
                ok=bool(inner.is_exec_success),
                content=to_text(inner.content),
                latency_ms=latency,
            )
        elif kind == "termination" and str(self.manager.name) in (
            str(getattr(inner, "sender", "")),
            str(getattr(inner, "recipient", "")),
        ):  # the group chat's end, not an inner chat's
            self.termination = str(inner.termination_reason)

    def build(self) -> Trace:
        metadata: dict[str, Any] = {"framework": "ag2"}
        if self.termination:
            metadata["termination"] = self.termination
        return self.chat.build(dialect="ag2", metadata=metadata)


_RUN: ContextVar[_Run | None] = ContextVar("blame_ag2_run", default=None)


class _Stream:
    """AG2's IOStream while blame runs a chat: events go to the run, nothing is printed, and
    a request for human input fails (a test runs unattended)."""

    def __init__(self, run: _Run) -> None:
        self.run = run

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", flush: bool = False) -> None:
        """Nothing is printed over blame's output."""

    def send(self, message: Any) -> None:
        """An event of the chat."""
        try:
            self.run.event(message)
        except Exception as error:  # reading an event must never break the chat
            self.run.problems.append(f"event {type(message).__name__}: {error}")

    def input(self, prompt: str = "", *, password: bool = False) -> str:
        """A human turn cannot be answered in a test."""
        raise AgentError(
            f"an agent asked for human input ({prompt.strip()[:80]!r})",
            hint="give every agent of the chat human_input_mode='NEVER' for blame test",
        )


def _hooked(agent: Any) -> bool:
    return any(getattr(h, _MARK, False) for h in agent.hook_lists["process_message_before_send"])


def _listen(agent: Any) -> None:
    """Give a participant blame's two hooks (once); they act only inside a traced chat."""
    if _hooked(agent):
        return
    name = str(agent.name)

    def turn(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        run = _RUN.get()
        if run is not None:
            run.turn(name)
        return messages

    def sent(sender: Any, message: Any, recipient: Any, silent: bool) -> Any:
        run = _RUN.get()
        if run is None:
            return message
        try:
            if recipient is run.manager:
                run.message(sender, message)
            elif not _internal(recipient):  # an inner chat (nested, or an initiate_chat)
                _listen(recipient)  # before it receives: its replies are heard too
                run.message(sender, message, to=str(recipient.name))
        except Exception as error:  # a hook must never break the chat
            run.problems.append(f"{name}'s message: {type(error).__name__}: {error}")
        return message

    for hook in (turn, sent):
        setattr(hook, _MARK, True)
    agent.register_hook("process_all_messages_before_reply", turn)
    agent.register_hook("process_message_before_send", sent)


def _internal(agent: Any) -> bool:
    """A GroupChatManager (a group's messages go through it, not to an agent), or not an agent
    blame can hear (no hooks)."""
    from autogen import GroupChatManager

    return isinstance(agent, GroupChatManager) or not hasattr(agent, "hook_lists")


def route_faults(agent: Any) -> None:
    """Route the agent's functions through the active fault plan (once per function): a
    raising fault raises where the function would, and AG2 reports it to the chat as it does
    a real error; a data fault's payload is the function's result."""
    from blame.faults import hit

    wrapped: dict[str, Callable[..., Any]] = {}
    for tool, function in agent.function_map.items():
        if getattr(function, _MARK, False):
            continue
        wrapped[tool] = _faulted(tool, function, hit)
    if wrapped:
        agent.register_function(wrapped, silent_override=True)


def _faulted(tool: str, function: Callable[..., Any], hit: Callable[[str], Any]) -> Any:
    if inspect.iscoroutinefunction(function):

        async def faulted_async(**arguments: Any) -> Any:
            fault = hit(tool)
            if fault is None:
                return await function(**arguments)
            return await fault.apply_async(function, **arguments)

        setattr(faulted_async, _MARK, True)
        return faulted_async

    def faulted(**arguments: Any) -> Any:
        fault = hit(tool)
        if fault is None:
            return function(**arguments)
        return fault.apply(function, **arguments)

    setattr(faulted, _MARK, True)
    return faulted


def tools_of(agent: Any) -> list[str]:
    """The functions an agent's model was given (AG2 keeps them in its `llm_config`)."""
    config = getattr(agent, "llm_config", None)  # a dict, or AG2's LLMConfig (no Mapping)
    tools = config.get("tools") if config and callable(getattr(config, "get", None)) else None
    names = []
    for tool in tools if isinstance(tools, list) else []:
        function = tool.get("function") if isinstance(tool, Mapping) else None
        if isinstance(function, Mapping) and function.get("name"):
            names.append(str(function["name"]))
    return sorted(names)


@contextmanager
def _selections(run: _Run) -> Iterator[None]:
    """Hear the group chat's "auto" speaker selections for the block: AG2 runs each as a chat
    of two internal agents, whose replies blame reads from its result. The manager runs a copy
    of its GroupChat (the one its reply function was registered with): both are heard."""
    from autogen import GroupChat

    manager = run.manager
    chats = [manager.groupchat] + [
        entry["config"]
        for entry in getattr(manager, "_reply_func_list", [])
        if isinstance(entry, Mapping) and isinstance(entry.get("config"), GroupChat)
    ]
    chats = list({id(chat): chat for chat in chats}.values())
    replies: list[str] = []
    offered: list[Any] = []
    saved = []
    for chat in chats:
        saved.append({k: chat.__dict__[k] for k in _WRAPPED if k in chat.__dict__})
        _wrap(chat, run, replies, offered)
    try:
        yield
    finally:
        for chat, own in zip(chats, saved, strict=True):
            for key in _WRAPPED:
                chat.__dict__.pop(key, None)
            chat.__dict__.update(own)


def _wrap(chat: Any, run: _Run, replies: list[str], offered: list[Any]) -> None:
    select, process = chat.select_speaker, getattr(chat, _RESULT, None)

    def processed(result: Any, *args: Any, **kwargs: Any) -> Any:
        history = getattr(result, "chat_history", None) or []
        replies[:] = [
            str(m.get("content") or "")
            for m in history
            if isinstance(m, Mapping) and m.get("name") == _SELECTOR
        ]
        agents = args[1] if len(args) > 1 else kwargs.get("agents")  # (last_speaker, agents)
        offered[:] = agents if isinstance(agents, list) else []
        return process(result, *args, **kwargs)  # type: ignore[misc]

    def selected(*args: Any, **kwargs: Any) -> Any:
        replies.clear()
        offered.clear()
        chosen = select(*args, **kwargs)
        if replies:
            try:
                run.selection(chosen, list(replies), list(offered))
            except Exception as error:  # reading a selection must never break the chat
                run.problems.append(f"speaker selection: {type(error).__name__}: {error}")
        return chosen

    chat.select_speaker = selected
    if process is not None:
        setattr(chat, _RESULT, processed)


_RESULT = "_process_speaker_selection_result"
"""AG2's GroupChat method that reads an "auto" selection's chat (its replies are blame's)."""
_WRAPPED = ("select_speaker", _RESULT)
"""The GroupChat methods blame wraps while it runs the chat."""
_SELECTOR = "speaker_selection_agent"
"""The name of AG2's internal agent whose model chooses the next speaker."""


def with_inner_chats(agents: list[Any]) -> list[Any]:
    """The agents and, transitively, the senders and recipients of the nested chats registered
    on them (`register_nested_chats`): a nested chat may be started by an agent that is no
    speaker of the group, which blame must hear from its first message (and whose functions
    a test's faults must reach)."""
    found = {id(a): a for a in agents}
    todo = list(agents)
    while todo:
        for chat in _nested_chats(todo.pop()):
            for role in ("sender", "recipient"):
                agent = chat.get(role)
                if hasattr(agent, "hook_lists") and id(agent) not in found:
                    found[id(agent)] = agent
                    todo.append(agent)
    return list(found.values())


def _nested_chats(agent: Any) -> list[Mapping[str, Any]]:
    """The chat queues of an agent's nested-chat replies (AG2 keeps each in its reply
    function's closure, as `chat_queue`)."""
    chats: list[Mapping[str, Any]] = []
    for entry in getattr(agent, "_reply_func_list", []):
        function = entry.get("reply_func") if isinstance(entry, Mapping) else None
        if not callable(function):
            continue
        try:
            queue = inspect.getclosurevars(function).nonlocals.get("chat_queue")
        except TypeError:  # not a Python function (a builtin, a callable object)
            continue
        if isinstance(queue, list):
            chats.extend(chat for chat in queue if isinstance(chat, Mapping))
    return chats


def participants(manager: Any) -> list[Any]:
    """The chat's agents that can speak (ConversableAgents)."""
    from autogen import ConversableAgent

    return [a for a in manager.groupchat.agents if isinstance(a, ConversableAgent)]


def trace_group_chat(
    manager: Any, input: Any, *, initiator: Any = None, test_name: str = "run"
) -> tuple[str, Trace]:
    """Run the manager's group chat on `input`, sent by `initiator` (default: the chat's first
    agent), and return (final output, Trace).

    Raises AgentRunError (with the partial trace) when the chat raises, AgentError when blame
    could not follow it.
    """
    from autogen.io.base import IOStream

    from blame.faults import active

    agents = participants(manager)
    sender = initiator if initiator is not None else agents[0]
    for agent in with_inner_chats(agents):
        _listen(agent)
        if active() is not None:  # the test declares tool faults
            route_faults(agent)
    text = to_text(input)
    run = _Run(manager, test_name, text)
    token = _RUN.set(run)
    try:
        with IOStream.set_default(_Stream(run)), _selections(run):
            sender.initiate_chat(manager, message=text, clear_history=True, silent=True)
    except AgentError:
        raise
    except Exception as failure:
        raise AgentRunError(failure, run.build()) from failure
    finally:
        _RUN.reset(token)
    if run.problems:
        raise AgentError(
            f"could not follow the group chat: {run.problems[0]}", field=f"test {test_name!r}"
        )
    trace = run.build()
    return trace.final_output, trace
