"""Span conventions: GenAI semantic conventions, OpenInference, OpenLLMetry.

Which spans become steps:
- agent steps: GenAI `gen_ai.operation.name = invoke_agent`, OpenInference
  `openinference.span.kind = AGENT`, OpenLLMetry `traceloop.span.kind = agent`; and graph
  nodes: an OpenInference CHAIN with `graph.node.id` or whose `metadata.langgraph_node` is its
  own name, an OpenLLMetry `task` (whose `langgraph_node`, if any, is its own name).
- tool steps: `execute_tool`, OpenInference TOOL / RETRIEVER / RERANKER / GUARDRAIL,
  OpenLLMetry `tool`.
- llm steps: GenAI `chat` / `text_completion` / `generate_content` / `embeddings`,
  OpenInference LLM / EMBEDDING, OpenLLMetry spans with `llm.request.type`.
- containers, no step: OpenLLMetry `workflow` spans and everything else (plain CHAINs,
  routers, HTTP spans).
- an agent's tools: `agent.tools` (OpenInference's CrewAI), kept as the step's
  `metadata["tools"]`.
- agent names: `gen_ai.agent.name`, `agent.name`, `traceloop.entity.name`, `graph.node.id`,
  `metadata.langgraph_node`, else the span name (without an `invoke_agent ` prefix).

Content: inputs and outputs come from `gen_ai.input.messages` / `gen_ai.output.messages`,
tool call arguments and results, `input.value` / `output.value`, `llm.input_messages.*` /
`llm.output_messages.*`, `traceloop.entity.input` / `output`, `gen_ai.prompt.*` /
`gen_ai.completion.*`, the older GenAI content events and PydanticAI's own attributes
(`final_result`, `pydantic_ai.all_messages`, `tool_arguments`, `tool_response`). JSON
values are imported as their scalar leaves, one per line, so content checks see the text
unescaped. Tool arguments stay JSON text; an LLM call's requested tool calls whose flattened
attributes lack the arguments (OpenInference's smolagents) take them from the same message in
`output.value`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from blame.importers.otlp.wire import Span

GENAI_AGENT_OPS = {"invoke_agent"}
GENAI_TOOL_OPS = {"execute_tool"}
GENAI_LLM_OPS = {"chat", "text_completion", "generate_content", "embeddings"}
OI_AGENT = {"AGENT"}
OI_TOOL = {"TOOL", "RETRIEVER", "RERANKER", "GUARDRAIL"}
OI_LLM = {"LLM", "EMBEDDING"}
NOISE_KEYS = frozenset(
    {
        "lc",
        "type",
        "id",
        "mime_type",
        "finish_reason",
        "index",
        "tags",
        "metadata",
        "color",
        "status",
        "tool_call_id",
        "input_str",
        "invalid_tool_calls",
        "additional_kwargs",
        "response_metadata",
        "usage_metadata",
    }
)
"""JSON keys whose values are structure, not content: LangChain serialisation and callback
payloads (`tags`, run `metadata`), ids and status fields."""
FLAG_KEYS = frozenset({"stream", "reset", "return_full_result", "sanitize_inputs_outputs"})
"""smolagents' call options: no content when they hold a flag (`"stream": false`); a tool's
`"stream": "Rio Negro"` is content."""


@dataclass(slots=True)
class Role:
    """What a span is in blame's terms."""

    kind: str  # agent, node, tool, llm, none
    name: str
    convention: str


# -- classification --------------------------------------------------------------------------


def _metadata_json(attrs: Mapping[str, Any]) -> Mapping[str, Any]:
    raw = attrs.get("metadata")
    if isinstance(raw, Mapping):
        return raw
    if isinstance(raw, str) and raw.startswith("{"):
        try:
            value = json.loads(raw)
        except (ValueError, RecursionError):
            return {}
        return value if isinstance(value, Mapping) else {}
    return {}


def declared_tools(attrs: Mapping[str, Any]) -> list[str] | None:
    """The tools an agent span says its agent was given (OpenInference's CrewAI instrumentor:
    `agent.tools`, a JSON list of names, written only when the agent has tools); None when
    the span says nothing readable."""
    value = attrs.get("agent.tools")
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            return None
    if not isinstance(value, list | tuple):
        return None
    return [str(name) for name in value]


def langgraph_node(attrs: Mapping[str, Any]) -> str | None:
    """The LangGraph node a span ran in, as OpenInference or OpenLLMetry record it."""
    node = _metadata_json(attrs).get("langgraph_node")
    if node is None:
        node = attrs.get("traceloop.association.properties.langgraph_node")
    return node if isinstance(node, str) else None


def role_of(span: Span) -> Role:
    attrs = span.attrs
    operation = str(attrs.get("gen_ai.operation.name", "")).lower()
    oi_kind = str(attrs.get("openinference.span.kind", "")).upper()
    tl_kind = str(attrs.get("traceloop.span.kind", "")).lower()
    entity = attrs.get("traceloop.entity.name")
    node = langgraph_node(attrs)
    span_name = span.name
    convention = _convention(attrs)
    if tl_kind == "workflow":
        return Role("none", span_name, convention)
    if operation in GENAI_AGENT_OPS or oi_kind in OI_AGENT or tl_kind == "agent":
        name = _first_name(
            attrs.get("gen_ai.agent.name"),
            attrs.get("agent.name"),
            entity,
            attrs.get("graph.node.id"),
            node,
            _strip_prefix(span_name, "invoke_agent"),
            "agent",
        )
        return Role("agent", name, convention)
    if operation in GENAI_TOOL_OPS or oi_kind in OI_TOOL or tl_kind == "tool":
        name = _first_name(
            attrs.get("gen_ai.tool.name"),
            attrs.get("tool.name"),
            entity,
            _strip_prefix(span_name, "execute_tool"),
            oi_kind.lower(),
            "tool",
        )
        return Role("tool", name, convention)
    if (
        operation in GENAI_LLM_OPS
        or oi_kind in OI_LLM
        or "llm.request.type" in attrs
        or (not operation and "gen_ai.system" in attrs and not tl_kind and not oi_kind)
    ):
        model = attrs.get("gen_ai.request.model") or attrs.get("llm.model_name")
        return Role("llm", _first_name(span_name, model, "llm"), convention)
    task = entity or attrs.get("gen_ai.task.name")
    if oi_kind == "CHAIN":
        # a LangGraph node, not a runnable inside one (a router, a prompt template)
        if "graph.node.id" in attrs or (node is not None and node == span_name):
            return Role(
                "node", _first_name(attrs.get("graph.node.id"), span_name, "node"), convention
            )
    elif (tl_kind == "task" or operation == "execute_task") and node in (None, task):
        return Role("node", _first_name(task, span_name, "task"), convention)
    return Role("none", span_name, convention)


def _convention(attrs: Mapping[str, Any]) -> str:
    """Which convention a span's attributes follow (OpenInference, OpenLLMetry, GenAI)."""
    if "openinference.span.kind" in attrs:
        return "openinference"
    if "llm.request.type" in attrs or any(key.startswith("traceloop.") for key in attrs):
        return "openllmetry"
    if any(key.startswith("gen_ai.") for key in attrs):
        return "gen_ai"
    return "generic"


def _first_name(*candidates: Any) -> str:
    """The first candidate that names something once stripped: an instrumentor can record
    `agent.name: "  "`, and a blank name would read as nobody in every reason and patch."""
    for candidate in candidates:
        if candidate is not None and candidate != "":
            name = str(candidate).strip()
            if name:
                return name
    return ""


def _strip_prefix(name: str, prefix: str) -> str:
    if name.startswith(prefix + " "):
        return name[len(prefix) + 1 :].strip()
    return "" if name == prefix else name


# -- content ---------------------------------------------------------------------------------


def readable(value: Any) -> str:
    """Text for content checks: strings as they are (JSON strings decoded to their leaves)."""
    if value is None:
        return ""
    if isinstance(value, str):
        stripped = value.strip()
        quoted = len(stripped) > 1 and stripped[0] == stripped[-1] == '"'
        if quoted or (stripped[:1] in ("{", "[") and stripped[-1:] in ("}", "]")):
            try:
                decoded = json.loads(stripped)
            except (ValueError, RecursionError):
                return value
            return _leaves(_payload(decoded))
        return value
    return _leaves(_payload(value))


def _payload(value: Any) -> Any:
    """A LangChain callback record `{"inputs"|"outputs": ..., "tags", "kwargs"...}` (what
    OpenLLMetry stores as entity input and output) is reduced to its inputs or outputs."""
    if isinstance(value, Mapping):
        for key in ("inputs", "outputs"):
            if key in value and ("tags" in value or "kwargs" in value or "metadata" in value):
                return value[key]
    return value


def _leaves(value: Any) -> str:
    """Scalar leaves of a JSON value, one per line, skipping structural keys."""
    out: list[str] = []
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            stack.extend(
                v
                for k, v in reversed(list(item.items()))
                if k not in NOISE_KEYS and not (k in FLAG_KEYS and isinstance(v, bool))
            )
        elif isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, bool):
            out.append("true" if item else "false")
        elif item is not None:
            out.append(str(item))
    return "\n".join(out)


def _arguments(value: Any) -> str:
    """Tool arguments stay JSON (as blame records them everywhere), sorted when parsed."""
    if value is None:
        return ""
    if isinstance(value, str):
        stripped = value.strip()
        if not stripped.startswith("{"):
            return value
        try:
            decoded = json.loads(stripped)
        except (ValueError, RecursionError):
            return value
        if not isinstance(decoded, Mapping) or not ("inputs" in decoded or "input_str" in decoded):
            return value
        # a LangChain callback payload (OpenLLMetry): the tool's own arguments are inside
        value = decoded.get("inputs", decoded.get("input_str"))
        if isinstance(value, str):
            return value
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _index(text: str) -> bool:
    """Whether a flattened key's part is a list index: ASCII digits only (`isdigit` alone also
    accepts `²`, which int() refuses, and the file is untrusted)."""
    return text.isascii() and text.isdigit()


def _indexed(attrs: Mapping[str, Any], prefix: str, suffix: str) -> list[str]:
    """Values of flattened attributes `prefix.N.suffix`, in N order."""
    found: list[tuple[int, str]] = []
    for key, value in attrs.items():
        if key.startswith(prefix) and key.endswith(suffix):
            middle = key[len(prefix) : len(key) - len(suffix)].strip(".")
            if _index(middle) and value is not None:
                found.append((int(middle), str(value)))
    return [text for _, text in sorted(found)]


def _flat_messages(attrs: Mapping[str, Any], prefix: str) -> list[str]:
    """OpenInference's flattened message texts, in message order: `prefix.N.message.content`,
    or for a message whose content is a list of parts (as smolagents' instrumentor records
    every message), the text parts `prefix.N.message.contents.M.message_content.text`."""
    found: list[tuple[int, int, str]] = []
    for key, value in attrs.items():
        if not key.startswith(prefix) or value is None:
            continue
        number, _, rest = key[len(prefix) :].partition(".")
        if not _index(number):
            continue
        if rest == "message.content":
            found.append((int(number), -1, str(value)))
            continue
        part, _, field_name = rest.removeprefix("message.contents.").partition(".")
        text = field_name == "message_content.text" and rest.startswith("message.contents.")
        if text and _index(part):
            found.append((int(number), int(part), str(value)))
    return [text for _, _, text in sorted(found)]


def _flat_tool_calls(attrs: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """OpenInference's flattened `llm.output_messages.N.message.tool_calls.M.tool_call.*`."""
    found: dict[tuple[int, int], dict[str, str]] = {}
    for key, value in attrs.items():
        if not key.startswith("llm.output_messages.") or ".message.tool_calls." not in key:
            continue
        parts = key.split(".")
        # llm . output_messages . N . message . tool_calls . M . tool_call . <field...>
        if len(parts) < 8 or not (_index(parts[2]) and _index(parts[5])):
            continue
        field_name = ".".join(parts[7:])
        found.setdefault((int(parts[2]), int(parts[5])), {})[field_name] = str(value)
    return [
        (
            call.get("function.name", "tool"),
            call.get("function.arguments", ""),
            call.get("id", ""),
        )
        for _, call in sorted(found.items())
    ]


def last_message(value: Any) -> str | None:
    """The last message's text when an output is a conversation state (`{"messages": [...]}`,
    as a LangGraph MessagesState graph returns): that message is the run's answer, the earlier
    ones are the history it was given. None for any other output.
    """
    if not isinstance(value, str) or not value.lstrip().startswith("{"):
        return None
    try:
        decoded = json.loads(value)
    except (ValueError, RecursionError):
        return None
    messages = decoded.get("messages") if isinstance(decoded, Mapping) else None
    if not isinstance(messages, list) or not messages or not isinstance(messages[-1], Mapping):
        return None
    message = messages[-1]
    # LangChain's message_to_dict ({"type", "data"}), its serialisation ({"lc", "kwargs"}),
    # or a plain chat message ({"role", "content"})
    body = message.get("data", message.get("kwargs", message))
    content = body.get("content") if isinstance(body, Mapping) else None
    if content is None:
        return None
    return content if isinstance(content, str) else readable(content)


def answer_of(attrs: Mapping[str, Any]) -> str | None:
    """The run's answer in a span whose output is a whole conversation: its last message,
    from a conversation state in `output.value` (`last_message`) or from several messages in
    `gen_ai.output.messages` (AG2's conversation span records every message of the chat, the
    tool results the answer got wrong among them). None when the output is no conversation or
    its last message has no text."""
    found = last_message(attrs.get("output.value"))
    if found:
        return found
    value = attrs.get("gen_ai.output.messages")
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            return None
    if not isinstance(value, list) or len(value) < 2 or not isinstance(value[-1], Mapping):
        return None
    return _messages_text([value[-1]])[0] or None


def _value_tool_arguments(value: Any) -> list[str]:
    """Arguments of the tool calls in an `output.value` message, in order.

    Some instrumentors (OpenInference's smolagents) flatten a call's name and id but not its
    arguments; the same message in `output.value` has them, and the wrong argument is often
    the decision a check is about.
    """
    if not isinstance(value, str) or not value.lstrip().startswith(("{", "[")):
        return []
    try:
        decoded = json.loads(value)
    except (ValueError, RecursionError):
        return []
    found: list[str] = []
    for message in decoded if isinstance(decoded, list) else [decoded]:
        calls = message.get("tool_calls") if isinstance(message, Mapping) else None
        for call in calls if isinstance(calls, list) else []:
            function = call.get("function") if isinstance(call, Mapping) else None
            arguments = function.get("arguments") if isinstance(function, Mapping) else None
            found.append(_arguments(arguments))
    return found


def _messages_text(value: Any) -> tuple[str, list[str]]:
    """GenAI `input/output.messages` JSON: text of every part, plus requested tool-call ids."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            return value, []
    texts: list[str] = []
    call_ids: list[str] = []
    for message in value if isinstance(value, list) else [value]:
        if not isinstance(message, Mapping):
            texts.append(readable(message))
            continue
        parts = message.get("parts")
        if not isinstance(parts, list):
            content = message.get("content")
            if content is not None:
                texts.append(readable(content) if not isinstance(content, str) else content)
            continue
        for part in parts:
            if not isinstance(part, Mapping):
                continue
            kind = part.get("type")
            if kind == "tool_call":
                if part.get("id"):
                    call_ids.append(str(part["id"]))
                texts.append(f"{part.get('name', 'tool')}({_arguments(part.get('arguments'))})")
            elif kind == "tool_call_response":
                texts.append(readable(part.get("response", part.get("result"))))
            else:
                texts.append(readable(part.get("content", part.get("text"))))
    return "\n".join(t for t in texts if t), call_ids


OUTPUT_KEYS = (
    "gen_ai.output.messages",
    "output.value",
    "traceloop.entity.output",
    "final_result",
    "tool_response",
)
OUTPUT_PREFIXES = ("llm.output_messages.", "gen_ai.completion.")


def recorded_output(span: Span) -> bool:
    """The span recorded an output attribute or event, whatever its text reads as (an empty
    answer is an answer; content capture off records none)."""
    if any(key in span.attrs for key in OUTPUT_KEYS):
        return True
    if any(key.startswith(OUTPUT_PREFIXES) for key in span.attrs):
        return True
    return any(
        name == "gen_ai.choice" or "gen_ai.output.messages" in attrs for name, attrs in span.events
    )


def span_content(span: Span, kind: str) -> tuple[str, str, list[str]]:
    """(input, output, tool-call ids requested in the output)."""
    attrs = span.attrs
    call_ids: list[str] = []
    inputs: list[str] = []
    outputs: list[str] = []
    if "gen_ai.input.messages" in attrs:
        inputs.append(_messages_text(attrs["gen_ai.input.messages"])[0])
    if "gen_ai.output.messages" in attrs:
        text, ids = _messages_text(attrs["gen_ai.output.messages"])
        outputs.append(text)
        call_ids.extend(ids)
    if "gen_ai.tool.call.arguments" in attrs:
        inputs.append(_arguments(attrs["gen_ai.tool.call.arguments"]))
    if "gen_ai.tool.call.result" in attrs:
        outputs.append(readable(attrs["gen_ai.tool.call.result"]))
    if kind == "llm":
        inputs.extend(_flat_messages(attrs, "llm.input_messages."))
        outputs.extend(_flat_messages(attrs, "llm.output_messages."))
        flat = _flat_tool_calls(attrs)
        recorded = _value_tool_arguments(attrs.get("output.value")) if flat else []
        for position, (call_name, arguments, call_id) in enumerate(flat):
            if not arguments and position < len(recorded):
                arguments = recorded[position]
            outputs.append(f"{call_name}({arguments})")
            if call_id:
                call_ids.append(call_id)
        inputs.extend(_indexed(attrs, "gen_ai.prompt.", ".content"))
        outputs.extend(_indexed(attrs, "gen_ai.completion.", ".content"))
    _pydantic_ai_content(attrs, inputs, outputs)
    if not inputs and "input.value" in attrs:
        inputs.append(readable(attrs["input.value"]))
    if not outputs and "output.value" in attrs:
        outputs.append(readable(attrs["output.value"]))
    if not inputs and "traceloop.entity.input" in attrs:
        inputs.append(readable(attrs["traceloop.entity.input"]))
    if not outputs and "traceloop.entity.output" in attrs:
        outputs.append(readable(attrs["traceloop.entity.output"]))
    for name, event_attrs in span.events:
        if "gen_ai.input.messages" in event_attrs and not inputs:
            inputs.append(_messages_text(event_attrs["gen_ai.input.messages"])[0])
        if "gen_ai.output.messages" in event_attrs and not outputs:
            text, ids = _messages_text(event_attrs["gen_ai.output.messages"])
            outputs.append(text)
            call_ids.extend(ids)
        if name.startswith("gen_ai.") and name.endswith(".message"):
            inputs.append(readable(event_attrs.get("content", "")))
        elif name == "gen_ai.choice":
            outputs.append(readable(event_attrs.get("message", event_attrs.get("content", ""))))
    return (
        "\n".join(t for t in inputs if t),
        "\n".join(t for t in outputs if t),
        call_ids,
    )


def _pydantic_ai_content(attrs: Mapping[str, Any], inputs: list[str], outputs: list[str]) -> None:
    """PydanticAI's own instrumentation (Logfire's): an agent run's `final_result` and, as its
    input, the messages of `pydantic_ai.all_messages` (`all_messages_events` before) up to its
    model's first answer; a tool's `tool_arguments` and `tool_response` (instrumentation
    version 2, `gen_ai.tool.call.*` after)."""
    if "tool_arguments" in attrs and not inputs:
        inputs.append(_arguments(attrs["tool_arguments"]))
    if "tool_response" in attrs and not outputs:
        outputs.append(readable(attrs["tool_response"]))
    if "final_result" in attrs and not outputs:
        outputs.append(readable(attrs["final_result"]))
    if inputs:
        return
    for key in ("pydantic_ai.all_messages", "all_messages_events"):
        if key in attrs:
            inputs.append(_messages_text(_asked(attrs[key]))[0])
            return


def _asked(value: Any) -> Any:
    """The messages of a whole conversation before the first assistant message: what the
    agent was given, not what it went on to say and hear."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            return value
    if not isinstance(value, list):
        return value
    asked = []
    for message in value:
        if isinstance(message, Mapping) and message.get("role") == "assistant":
            break
        asked.append(message)
    return asked


def span_tokens(attrs: Mapping[str, Any]) -> int | None:
    total = _count(attrs.get("llm.token_count.total", attrs.get("llm.usage.total_tokens")))
    if total is not None:
        return total
    parts = [
        _count(attrs.get(key))
        for key in (
            "gen_ai.usage.input_tokens",
            "gen_ai.usage.output_tokens",
            "gen_ai.usage.prompt_tokens",
            "gen_ai.usage.completion_tokens",
            "llm.token_count.prompt",
            "llm.token_count.completion",
        )
    ]
    numbers = [p for p in parts if p is not None]
    return sum(numbers) if numbers else None


def span_cost(attrs: Mapping[str, Any]) -> float | None:
    """The span's cost; a number written as text is read (a span store's rows keep every
    attribute as text, and protobuf's JSON mapping writes an infinite or NaN double as
    "Infinity" or "NaN"): left out, a $5 run passed `max_cost: {usd: 1}` as "no cost
    recorded". An infinite or NaN cost is then refused, naming the span."""
    for key in ("llm.cost.total", "gen_ai.usage.cost"):
        value = attrs.get(key)
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            try:
                return float(value)
            except OverflowError:  # a 400-digit integer: refused as an infinite cost
                return math.inf
    return None


def _count(value: Any) -> int | None:
    """A token count: an integer, or one written as text (a span store's rows)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        try:
            return int(value)
        except ValueError:  # past Python's digit limit: no count
            return None
    return None
