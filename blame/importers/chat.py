"""Chat transcripts: AG2/AutoGen group chats, Magentic-One logs, OpenAI-style message lists.

Accepted shapes: a JSON list of messages, or an object whose `history`, `messages` or
`chat_history` holds that list. A message is an object with `content` and a speaker in `name`
or `role`; OpenAI-style `tool_calls` and `role: tool` / `role: function` replies are understood.

Mapping, one step per message so that step index == message index (benchmarks such as
Who&When label failures by history index):
- speaker = `name`, else `role`. A sub-role suffix such as `Orchestrator (thought)` or
  `Orchestrator (-> WebSurfer)` belongs to `Orchestrator`; the step's metadata keeps
  `speaker` (the raw text), `subrole` (`thought`, `-> WebSurfer`) and `recipient` (`WebSurfer`).
- human turns (speaker `human`, `user`, `admin` or `system`, or role `user` without a `name`)
  are human steps.
- tool steps: `role: tool` / `role: function`, and speakers whose name contains one of the
  tool markers (default: `terminal`, `executor`, `code_exec`; override with the importer's
  `tool_markers` or the comma-separated `BLAME_CHAT_TOOL_MARKERS` environment variable).
  A tool step's agent is the speaker that asked for the execution: the agent of the message
  whose `tool_calls` carries the reply's `tool_call_id` (the latest such message, once an
  earlier call of that id was answered: ids may be counted per turn), else the previous
  non-tool, non-human speaker.
- parents: every message can see all earlier ones. To keep the graph linear in size, each
  step's parent is the previous step (so every earlier step is an ancestor), plus the step
  that issued the tool call for a tool reply with a `tool_call_id`. A step's `input` is the
  text of its parents' outputs.
- final_output: the last non-empty agent message, with a trailing `TERMINATE` marker
  removed (a closing `TERMINATE` or an empty reply carries no answer). With no agent
  message at all, the last message's content.
- trace input: the object's `question` or `task` if present, else the first human message
  that is not a system prompt.
  No other top-level field is imported: benchmark files carry answers and labels
  (`ground_truth`, `mistake_*`) that must never leak into the evidence.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from blame.builder import TraceBuilder
from blame.errors import TraceError
from blame.fields import JSON, in_file
from blame.importers.common import gc_paused, read_json_text
from blame.model import Step, StepKind, Trace
from blame.recorder import to_text
from blame.text import brief

DEFAULT_TOOL_MARKERS = ("terminal", "executor", "code_exec")
"""Substrings of a speaker's name (case-insensitive) that make its messages tool steps."""
DEFAULT_HUMAN_SPEAKERS = ("human", "user", "admin", "system")
"""Speakers (case-insensitive, whole name) whose messages are human steps."""
HISTORY_KEYS = ("history", "messages", "chat_history")
"""Object keys that may hold the message list, in the order they are tried."""
TOOL_ROLES = ("tool", "function")
"""OpenAI-style roles of tool replies."""
TERMINATE_MARKER = "TERMINATE"
"""The AG2/AutoGen end-of-chat marker, stripped from the end of the final output."""

MAX_SPEAKER_CHARS = 200
"""Longer speaker names are taken as they are (no sub-role parsing on untrusted long text)."""

_SUBROLE = re.compile(r"^(?P<agent>[^()]*?)\s*\((?P<subrole>[^()]*)\)\s*$")
_RECIPIENT = re.compile(r"^->\s*(?P<to>\S.*)$")
_EXITCODE = re.compile(r"^\s*exitcode:\s*(?P<code>-?\d+)[^\n]*")


class ChatImporter:
    """Reads chat transcripts; one step per message."""

    format = "chat"

    def __init__(
        self,
        *,
        tool_markers: Sequence[str] | None = None,
        human_speakers: Sequence[str] = DEFAULT_HUMAN_SPEAKERS,
    ) -> None:
        self._tool_markers = None if tool_markers is None else tuple(tool_markers)
        self.human_speakers = tuple(s.lower() for s in human_speakers)

    @property
    def tool_markers(self) -> tuple[str, ...]:
        """Explicit markers, else `BLAME_CHAT_TOOL_MARKERS`, else the defaults."""
        if self._tool_markers is not None:
            return tuple(m.lower() for m in self._tool_markers)
        env = os.environ.get("BLAME_CHAT_TOOL_MARKERS")
        if env is None:
            return DEFAULT_TOOL_MARKERS
        markers = tuple(m.strip().lower() for m in env.split(",") if m.strip())
        if not markers:  # a CI variable left undefined: every executor's output read as an
            # agent's answer, and a run whose agents never said the value passed on it
            raise TraceError(
                f"BLAME_CHAT_TOOL_MARKERS names no speaker, got {brief(env)}",
                hint="unset it for the defaults ("
                + ", ".join(DEFAULT_TOOL_MARKERS)
                + "), or name the tool speakers, e.g. BLAME_CHAT_TOOL_MARKERS=executor,terminal",
            )
        return markers

    def sniff(self, head: str) -> bool:
        """A JSON list of message objects, or an object with a message-list key."""
        stripped = head.lstrip()
        if '"resourceSpans"' in head or '"schema_version"' in head:
            return False
        if '"span_attributes"' in head or '"SpanAttributes"' in head:  # a span store's rows
            return False
        if '"content"' not in head or ('"role"' not in head and '"name"' not in head):
            return False
        if stripped.startswith("["):
            return stripped[1:].lstrip().startswith(("{", "]"))
        if stripped.startswith("{"):
            return any(re.search(rf'"{key}"\s*:\s*\[', head) is not None for key in HISTORY_KEYS)
        return False

    def load(self, path: Path, *, test_name: str) -> Trace:
        """Read the file and convert it; errors name the file and the message."""
        try:
            with gc_paused():
                return self.convert(read_json_text(path), test_name=test_name)
        except TraceError as error:
            raise in_file(error, str(path)) from None

    def convert(self, data: Any, *, test_name: str) -> Trace:
        """Build a Trace from parsed JSON (a list, or an object holding the list)."""
        messages, prefix, question = _messages(data)
        if not messages:
            raise JSON.error(
                prefix or "messages",
                "holds no messages",
                "a chat transcript needs at least one message",
            )
        chat = ChatSteps(self, test_name)
        for position, raw in enumerate(messages):
            chat.add(raw, where=f"{prefix}[{position}]")
        return chat.build(question=question, dialect=_dialect(messages))

    def kind_of(self, role: str | None, name: str | None, agent: str) -> StepKind:
        """A message's step kind: a tool reply, a human turn or an agent's message."""
        if role in TOOL_ROLES:
            return StepKind.TOOL
        lowered = agent.lower()
        if any(marker in lowered for marker in self.tool_markers):
            return StepKind.TOOL
        if lowered in self.human_speakers or (role == "user" and not name):
            return StepKind.HUMAN
        return StepKind.AGENT


class ChatSteps:
    """The steps of one chat, one per message as it comes: the importer reads a whole file
    through it, and a live adapter (AG2's) feeds it each message as the chat runs."""

    def __init__(self, importer: ChatImporter, test_name: str, *, input: str = "") -> None:
        self.importer = importer
        """Whose rules decide speakers, tool steps and human turns."""
        self.steps = TraceBuilder(test_name, input=input)
        """The steps so far; step index == message index."""
        self._call_owner: dict[str, int] = {}
        """The step whose tool call of each id a tool reply answers."""
        self._answered: set[str] = set()
        """Ids of tool calls a tool reply has answered: a later call of the same id (ids
        counted per turn, as some models and servers give them) is another call."""
        self._last_asker: str | None = None
        self._previous: int | None = None
        self._aside: list[int] = []
        self._asides: set[int] = set()
        self._warnings: list[str] = []

    def add(
        self,
        raw: Any,
        *,
        where: str,
        kind: StepKind | None = None,
        latency_ms: float | None = None,
        metadata: Mapping[str, Any] | None = None,
        aside: bool = False,
    ) -> Step:
        """One message as the next step; `kind` overrides the importer's rules (a live adapter
        knows which message was the user's), `metadata` adds to the step's own. An `aside`
        step (a decision about the chat, such as who speaks next) is not in its flow: it has no
        parents, and it is a parent of the next message only (its output not in that input)."""
        if not isinstance(raw, Mapping):
            raise JSON.error(
                where,
                f"expected a message object, got {JSON.describe(raw)}",
                "each message needs `content` and `name` or `role`",
            )
        step = self._step(raw, where, kind, latency_ms, metadata or {}, aside)
        if aside:
            self._aside.append(step.index)
            self._asides.add(step.index)
        else:
            self._previous, self._aside = step.index, []
        if step.kind is StepKind.AGENT:
            self._last_asker = step.agent
        for call in _tool_calls(raw):
            if call["id"] and (call["id"] not in self._call_owner or call["id"] in self._answered):
                self._call_owner[call["id"]] = step.index
                self._answered.discard(call["id"])
        return step

    def build(
        self,
        *,
        question: str = "",
        dialect: str,
        metadata: Mapping[str, Any] | None = None,
    ) -> Trace:
        """The trace: every step sees every earlier one (shared context); the input is
        `question`, else the first human message that is not a system prompt."""
        meta: dict[str, Any] = {"format": "chat", "dialect": dialect, **(metadata or {})}
        if self._warnings:
            meta["warnings"] = sorted(set(self._warnings))
        recorded = self.steps.steps
        if not question:
            question = next(
                (
                    s.output
                    for s in recorded
                    if s.kind is StepKind.HUMAN and s.metadata.get("role") != "system"
                ),
                "",
            )
        return self.steps.build(
            final_output([s for s in recorded if s.index not in self._asides]),
            input=question,
            metadata=meta,
            shared_context=True,
        )

    def _step(
        self,
        raw: Mapping[str, Any],
        where: str,
        kind: StepKind | None,
        latency_ms: float | None,
        extra: Mapping[str, Any],
        aside: bool = False,
    ) -> Step:
        steps, position = self.steps, len(self.steps)
        role = _opt_str(raw, "role", where)
        name = _opt_str(raw, "name", where)
        speaker = (name or role or "").strip()
        if not speaker:
            self._warnings.append(f"{where}: no name or role; speaker recorded as 'unknown'")
            speaker = "unknown"
        agent, subrole = split_speaker(speaker)
        content = content_text(raw.get("content"))
        calls = _tool_calls(raw)
        output = content
        if calls:
            rendered = "\n".join(f"{c['name']}({c['arguments']})" for c in calls)
            output = f"{content}\n{rendered}" if content else rendered
        metadata: dict[str, Any] = {"speaker": speaker}
        if role:
            metadata["role"] = role
        if subrole:
            metadata["subrole"] = subrole
            match = _RECIPIENT.match(subrole)
            if match:
                metadata["recipient"] = match.group("to").strip()
        if calls:
            metadata["tool_calls"] = [dict(c) for c in calls]
        parents: list[int] = [] if aside or self._previous is None else [self._previous]
        parents += [] if aside else self._aside
        call_id = raw.get("tool_call_id")
        kind = kind or self.importer.kind_of(role, name, agent)
        step_name = agent
        if kind is StepKind.TOOL:
            caller: int | None = None
            if isinstance(call_id, str) and call_id in self._call_owner:
                caller = self._call_owner[call_id]
                self._answered.add(call_id)
                metadata["tool_call_id"] = call_id
                if caller not in parents:
                    parents.insert(0, caller)
            if caller is not None:
                agent = steps[caller].agent
                called = next(
                    (c["name"] for c in _tool_calls_of(steps[caller]) if c["id"] == call_id),
                    None,
                )
                step_name = name or called or speaker
            else:
                step_name = name if name and role in TOOL_ROLES else speaker
                agent = self._last_asker or step_name
        elif kind is StepKind.HUMAN:
            agent = step_name = speaker
        parents.sort()
        steps.add(
            kind=kind,
            name=step_name,
            agent=agent,
            input="\n\n".join(
                steps[p].output for p in parents if steps[p].output and p not in self._aside
            ),
            output=output,
            parents=[f"s{p}" for p in parents],
            error=_error_in(raw, kind, content),
            latency_ms=latency_ms,
            metadata={**metadata, **extra},
            where=where,
        )
        return steps[position]


def split_speaker(speaker: str) -> tuple[str, str]:
    """`"Orchestrator (-> WebSurfer)"` -> `("Orchestrator", "-> WebSurfer")`; no suffix -> ""."""
    match = _SUBROLE.match(speaker) if len(speaker) <= MAX_SPEAKER_CHARS else None
    if match and match.group("agent").strip():
        return match.group("agent").strip(), match.group("subrole").strip()
    return speaker, ""


def content_text(content: Any) -> str:
    """Message content as text: strings as is, OpenAI content parts joined, else JSON."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, Mapping) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, str):
                parts.append(part)
            else:
                parts.append(to_text(part))
        return "\n".join(parts)
    return to_text(content)


def _messages(data: Any) -> tuple[list[Any], str, str]:
    if isinstance(data, list):
        return data, "", ""
    if isinstance(data, Mapping):
        for key in HISTORY_KEYS:
            if key in data:
                value = data[key]
                if not isinstance(value, list):
                    raise JSON.error(key, f"must be a list of messages, got {JSON.describe(value)}")
                question = data.get("question", data.get("task"))
                return value, key, question if isinstance(question, str) else ""
        hint = f"put the messages under one of: {', '.join(HISTORY_KEYS)}"
        if "steps" in data:  # blame's own trace, read as chat (`--format chat`)
            hint = "it holds `steps`, as a blame trace does: read it with `--format native`"
        raise JSON.error("(top level)", "a chat transcript object needs a message list", hint)
    raise JSON.error(
        "(top level)",
        f"expected a list of messages or an object with `history`, got {JSON.describe(data)}",
    )


def _opt_str(raw: Mapping[str, Any], key: str, where: str) -> str | None:
    value = raw.get(key)
    return None if value is None else JSON.string(value, f"{where}.{key}")


def _tool_calls(raw: Mapping[str, Any]) -> list[dict[str, str]]:
    calls = raw.get("tool_calls")
    if not isinstance(calls, list):
        return []
    found = []
    for call in calls:
        if not isinstance(call, Mapping):
            continue
        function = call.get("function")
        function = function if isinstance(function, Mapping) else call
        name = function.get("name")
        arguments = function.get("arguments", "")
        found.append(
            {
                "id": str(call.get("id") or ""),
                "name": str(name or "tool"),
                "arguments": arguments if isinstance(arguments, str) else to_text(arguments),
            }
        )
    return found


def _tool_calls_of(step: Step) -> list[Mapping[str, str]]:
    calls = step.metadata.get("tool_calls", [])
    return list(calls) if isinstance(calls, list) else []


def _error_in(raw: Mapping[str, Any], kind: StepKind, content: str) -> str | None:
    """An explicit error field, or a code executor's non-zero `exitcode:` line.

    Softer signals (an apology, "not found") are left to the engine, which sees the text.
    """
    error = raw.get("error")
    if error:
        return to_text(error)
    if raw.get("is_error") is True:
        return content or "error"
    if kind is StepKind.TOOL:
        match = _EXITCODE.match(content)
        if match and match.group("code") != "0":
            return match.group(0).strip()
    return None


def _dialect(messages: Sequence[Any]) -> str:
    roles = {m.get("role") for m in messages if isinstance(m, Mapping)}
    speakers = {
        split_speaker(str(m.get("role")))[0]
        for m in messages
        if isinstance(m, Mapping) and isinstance(m.get("role"), str)
    }
    if "Orchestrator" in speakers:
        return "magentic-one"
    if any(isinstance(m, Mapping) and m.get("tool_calls") for m in messages) or roles & {
        "tool",
        "function",
    }:
        return "openai"
    if any(isinstance(m, Mapping) and m.get("name") for m in messages):
        return "autogen"
    return "generic"


def final_output(steps: Sequence[Step]) -> str:
    """The last non-empty agent message, a closing TERMINATE removed (else the last message)."""
    for step in reversed(steps):
        if step.kind is not StepKind.AGENT:
            continue
        text = step.output.strip()
        if text.endswith(TERMINATE_MARKER):
            text = text[: -len(TERMINATE_MARKER)].rstrip()
        if text:
            return text
    return steps[-1].output if steps else ""


def load_messages(data: Any, *, test_name: str, tool_markers: Sequence[str] | None = None) -> Trace:
    """Convert already-parsed messages (or an object holding them) with the given markers."""
    return ChatImporter(tool_markers=tool_markers).convert(data, test_name=test_name)


importer = ChatImporter()
