"""Steps from a live tree of spans: agent runs that hold model calls and tool calls.

The tracers of several frameworks see one shape: an agent span holds the spans of its model
calls and tool calls (perhaps under spans of their own, such as turns); an agent run inside a
tool span (an agent run as a tool, a delegation) is a conversation of its own. The OpenAI
Agents SDK's tracing processor, PydanticAI's OpenTelemetry spans and the calls blame hears in a
smolagents run (a managed agent is an agent run inside the manager's tool call) all have it, so
their adapters tell `SpanSteps` what opened and what ended, and the data flow is decided here
once:

- a model call is a step of the agent whose span holds it, fed by the conversation's previous
  model call and by the tool steps since (their results are in what the model reads next);
- a tool call is a tool step of that agent, fed by the model call that asked for it, and by the
  last model call of an agent run inside it (its answer is the tool's result) with the tool
  calls after that call (code the reply wrote called them to compute the answer);
- the first model call of a conversation is fed by the call before it: in the same history (a
  handoff to another agent, or the next agent run at the top level) or, for an agent run
  inside a tool, the calling model call. An edge between two agents is a handoff.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from blame.builder import TraceBuilder
from blame.errors import AgentError, PartialRunError
from blame.model import RUN_ERROR, StepKind, Trace

ROOT = "root"
"""The conversation of agent spans that are not inside any tool span."""


class AgentRunError(PartialRunError):
    """The run raised; `trace` holds the steps observed until then."""

    def __init__(self, failure: BaseException, trace: Trace) -> None:
        failed = [s for s in reversed(trace.steps) if s.error]
        # the step that raised it, not a parallel call the framework cancelled because of it
        text = str(failure)
        own = [s for s in failed if text and s.error is not None and text in s.error]
        culprit = next(iter(own or failed), None)
        # an error re-raised by the steps around it (a tool running a sub-agent) is named where
        # it was raised: the earlier step among the culprit's parents that failed with it
        raised = {s.id: s for s in own}
        while culprit is not None:
            origin = [raised[p] for p in culprit.parents if p in raised]
            origin = [s for s in origin if s.index < culprit.index]
            if not origin:
                break
            culprit = origin[-1]
        where = ""
        if culprit is not None:
            where = f" in {culprit.kind.value} {culprit.name!r} (step {culprit.index})"
        super().__init__(
            f"the agent run failed{where}: {type(failure).__name__}: {failure}",
            trace=trace,
            field=f"test {trace.test_name!r}",
        )


class SpanRole(str, Enum):
    """What a span is to the step graph."""

    AGENT = "agent"
    MODEL = "model"
    TOOL = "tool"
    OTHER = "other"


@dataclass(slots=True)
class _Span:
    """What a later span needs to know about an open or finished one."""

    role: SpanRole
    """Agent, model call, tool call, or a container of no interest of its own."""
    parent: str | None
    """The parent span's id; None at the top."""
    name: str = ""
    """The agent's name, for agent spans."""
    conversation: str = ROOT
    """For agent spans, the conversation they take part in (a tool span id, or `root`)."""


@dataclass(slots=True)
class _Conversation:
    """One history of model calls: the run's own, or an agent's run inside a tool."""

    entry: tuple[str, ...]
    """What feeds the first call: the calling model call of an agent run inside a tool."""
    last: str | None = None
    """The latest model call's step id."""
    fed: list[str] = field(default_factory=list)
    """Tool steps since that call: their outputs feed the next call."""
    note: dict[str, Any] = field(default_factory=dict)
    """Metadata for the next model call (a handoff seen since the latest call)."""
    tool_failed: bool = False
    """Whether one of the tool steps in `fed` failed."""
    waiting: list[str] = field(default_factory=list)
    """Tool spans opened and not yet added, in the order they opened (see `tool_call`)."""
    ended: dict[str, tuple[_Span, str, dict[str, Any]]] = field(default_factory=dict)
    """Of those, the ones that ended: span id -> (its agent, tool name, its step's fields)."""


class SpanSteps:
    """Builds a trace as spans open and end; safe to call from several threads."""

    def __init__(self, test_name: str, input: str) -> None:
        self.builder = TraceBuilder(test_name, input=input)
        """The steps so far."""
        self.problems: list[str] = []
        """Spans that could not be placed (a model or tool span outside any agent span)."""
        self.agents_seen = False
        """Whether an agent span opened (none: the framework's spans never came)."""
        self._lock = threading.Lock()
        self._spans: dict[str, _Span] = {}
        self._conversations: dict[str, _Conversation] = {}

    def open(self, span_id: str, parent: str | None, role: SpanRole, name: str = "") -> None:
        """A span started under `parent`; `name` is the agent's, for agent spans."""
        with self._lock:
            record = _Span(role=role, parent=parent, name=name)
            if role is SpanRole.AGENT:
                record.conversation = self._conversation_of(parent)
                self.agents_seen = True
            self._spans[span_id] = record
            if role is SpanRole.TOOL:
                _, conversation = self._holder(span_id, "")
                if conversation is not None:
                    conversation.waiting.append(span_id)

    def model_call(self, span_id: str, **fields: Any) -> str | None:
        """A model-call span ended: add its step (`fields` as for `TraceBuilder.add`:
        input, output, error, latency_ms, tokens, cost_usd, metadata); returns its id."""
        with self._lock:
            agent, conversation = self._holder(span_id, "model call")
            if agent is None or conversation is None:
                return None
            self._add_ended(conversation, all_ended=True)
            metadata = {**conversation.note, **(fields.pop("metadata", None) or {})}
            parents = [conversation.last] if conversation.last else list(conversation.entry)
            step = self.builder.add(
                kind=StepKind.AGENT,
                name=agent.name,
                agent=agent.name,
                parents=[*parents, *conversation.fed],
                metadata=metadata,
                **fields,
            )
            conversation.last, conversation.fed, conversation.note = step, [], {}
            conversation.tool_failed = False
            return step

    def tool_call(self, span_id: str, name: str, **fields: Any) -> None:
        """A tool span ended: add its tool step (`fields` as for `TraceBuilder.add`).

        Calls a model asked for together run at once and end in any order (a thread each, on
        a loaded machine): each is added when every call of its agent opened before it has
        been, so the steps keep the order the calls started in, run after run."""
        with self._lock:
            agent, conversation = self._holder(span_id, "tool call")
            if agent is None or conversation is None:
                return
            if span_id not in conversation.waiting:  # opened before its agent span was known
                self._add_tool(span_id, agent, conversation, name, fields)
                return
            conversation.ended[span_id] = (agent, name, fields)
            self._add_ended(conversation)

    def _add_ended(self, conversation: _Conversation, *, all_ended: bool = False) -> None:
        """Add the ended tool calls at the head of `conversation.waiting`, in order; with
        `all_ended`, every ended one (a call still open, hung or never closed, is passed over:
        the model went on without its result)."""
        waiting, kept = conversation.waiting, []
        for position, span_id in enumerate(waiting):
            found = conversation.ended.pop(span_id, None)
            if found is None:
                kept.append(span_id)
                if all_ended:
                    continue
                kept.extend(waiting[position + 1 :])
                break
            agent, name, fields = found
            self._add_tool(span_id, agent, conversation, name, fields)
        conversation.waiting = kept

    def _add_tool(
        self,
        span_id: str,
        agent: _Span,
        conversation: _Conversation,
        name: str,
        fields: dict[str, Any],
    ) -> None:
        parents = [conversation.last] if conversation.last else list(conversation.entry)
        inner = self._conversations.get(span_id)
        if inner is not None and inner.last:
            parents.append(inner.last)  # an agent ran inside: its answer is the result,
            parents.extend(inner.fed)  # with the tools its last reply's code called
        step = self.builder.add(
            kind=StepKind.TOOL, name=name, agent=agent.name, parents=parents, **fields
        )
        conversation.fed.append(step)
        conversation.tool_failed |= fields.get("error") is not None

    def note(self, span_id: str, key: str, value: Any) -> None:
        """Put `key: value` in the metadata of the next model call of the span's conversation."""
        with self._lock:
            _, conversation = self._holder(span_id, "")
            if conversation is not None:
                conversation.note[key] = value

    def failed(self, span_id: str, error: str) -> None:
        """The agent span `span_id` says the action its latest model call chose failed (a
        reply it could not parse, code that raised): the error is that call's, unless a tool
        step since the call failed, which holds the error already."""
        with self._lock:
            record = self._spans.get(span_id)
            if record is None or record.role is not SpanRole.AGENT:
                return
            conversation = self._conversations[record.conversation]
            self._add_ended(conversation, all_ended=True)
            last = conversation.last
            if last is not None and not conversation.tool_failed:
                self.builder.fail(last, error)

    def build(self, final_output: str, metadata: Mapping[str, Any] | None = None) -> Trace:
        """The trace of every step added."""
        with self._lock:
            for conversation in self._conversations.values():
                self._add_ended(conversation, all_ended=True)
            return self.builder.build(final_output, metadata=metadata)

    def stopped(self, failure: BaseException) -> Trace:
        """The trace of a run that raised: every step added, and, when no step failed (a turn
        limit or a guardrail the framework raised between steps), one more step
        of the last agent that records it (`Step.stopped_run`), fed by that agent's last step,
        so the failure is in the trace and blamed; budgets do not count it as a step."""
        error = f"{type(failure).__name__}: {failure}"
        with self._lock:
            for conversation in self._conversations.values():
                self._add_ended(conversation, all_ended=True)
            steps = self.builder.steps
            if steps and not any(s.error for s in steps):  # else a step raised it
                last = steps[-1]
                self.builder.add(
                    kind=StepKind.AGENT,
                    name=last.agent,
                    agent=last.agent,
                    parents=[last.id],
                    error=error,
                    metadata={RUN_ERROR: True},
                )
            return self.builder.build("")

    def finish(self, final_output: str, *, framework: str, unseen: str, hint: str) -> Trace:
        """The trace of a run that returned, `metadata.framework` set; an AgentError when no
        agent span came (`unseen` says why, `hint` how to fix it) or a span was misplaced."""
        where = f"test {self.builder.test_name!r}"
        if not self.agents_seen:
            raise AgentError(unseen, field=where, hint=hint)
        if self.problems:
            raise AgentError(f"could not follow the run's spans: {self.problems[0]}", field=where)
        return self.build(final_output, metadata={"framework": framework})

    def _holder(self, span_id: str, what: str) -> tuple[_Span | None, _Conversation | None]:
        """The agent span holding `span_id`, and its conversation."""
        record = self._spans.get(span_id)
        at = record.parent if record is not None else None
        while at is not None:
            found = self._spans.get(at)
            if found is None:
                break
            if found.role is SpanRole.AGENT:
                return found, self._conversations[found.conversation]
            at = found.parent
        if what:
            self.problems.append(f"a {what} span outside any agent span")
        return None, None

    def _conversation_of(self, parent: str | None) -> str:
        """The conversation an agent span starting under `parent` joins (made on first use)."""
        key = ROOT
        at = parent
        while at is not None:
            record = self._spans.get(at)
            if record is None:
                break
            if record.role is SpanRole.TOOL:
                key = at
                break
            at = record.parent
        if key not in self._conversations:
            entry: tuple[str, ...] = ()
            if key != ROOT:
                _, caller = self._holder(key, "")
                if caller is not None and caller.last:
                    entry = (caller.last,)
            self._conversations[key] = _Conversation(entry=entry)
        return key
