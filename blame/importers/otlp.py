"""OpenTelemetry traces in OTLP JSON: GenAI semantic conventions, OpenInference, OpenLLMetry.

Input: one `{"resourceSpans": [...]}` object (as `ExportTraceServiceRequest` is written in
JSON), a list of them, or JSON Lines with one per line (what the collector's file exporter
writes). Both the OTLP/JSON mapping (hex ids, integer enums) and protobuf's generic JSON
mapping (base64 ids, enum names, snake_case fields) are read. A truncated or garbled line in
a JSON Lines file is skipped with a warning; a garbled single document is an error.

Which spans become steps:
- agent steps: GenAI `gen_ai.operation.name = invoke_agent`, OpenInference
  `openinference.span.kind = AGENT`, OpenLLMetry `traceloop.span.kind = agent`; and graph
  nodes: an OpenInference CHAIN with `graph.node.id` or whose `metadata.langgraph_node` is its
  own name, an OpenLLMetry `task` (whose `langgraph_node`, if any, is its own name). A graph
  node inside another agent is that agent's inner step, named `outer/inner` (as LangGraph
  subgraphs are elsewhere in blame).
- tool steps: `execute_tool`, OpenInference TOOL / RETRIEVER / RERANKER / GUARDRAIL,
  OpenLLMetry `tool`; they belong to the nearest enclosing agent. A graph node that only runs
  tools (a LangGraph ToolNode) is no agent: its tools belong to the agent that finished last
  before it started (whose output asked for the calls), as in blame's LangGraph adapter.
- llm steps: GenAI `chat` / `text_completion` / `generate_content` / `embeddings`,
  OpenInference LLM / EMBEDDING, OpenLLMetry spans with `llm.request.type`.
- containers, no step but kept in the tree so the steps under them are still attributed: an
  agent span around graph nodes (the graph itself, `invoke_agent LangGraph`), OpenLLMetry
  `workflow` spans, and everything else (plain CHAINs, routers, HTTP spans). A file with no
  span of any of these conventions imports every span as an agent step, with a warning.
- agent names: `gen_ai.agent.name`, `agent.name`, `traceloop.entity.name`, `graph.node.id`,
  `metadata.langgraph_node`, else the span name (without an `invoke_agent ` prefix).

Order and data flow. Steps are in completion order (end time), as a tracer records them, so
the work a span did inside (its LLM calls and tools) comes before it. The span tree is the
call hierarchy; data-flow edges (a step's `parents`) are inferred:
1. a step's nearest step descendants fed it (a tool's result fed the agent that called it);
2. steps under the same parent run in sequence: each is fed by the previous one (between
   agents this is the handoff `A -> B`; inside an agent, LLM call -> tool -> LLM call);
3. a step with no earlier sibling is fed by whatever fed its parent (the first LLM call of
   an agent sees what the agent received);
4. content: an agent step whose input contains the opening text (at least 24 characters) of
   an earlier agent's output, among the previous 32 agent steps, is fed by it (an
   orchestrator passing on a result from several steps back);
5. explicit links: `graph.node.parent_id` (the latest earlier step of that node), and a tool
   span's `gen_ai.tool.call.id` matched to the LLM step whose output requested it (GenAI
   `tool_call` parts, OpenInference `llm.output_messages.*.message.tool_calls.*`).
Only edges to earlier steps are kept, so the graph is acyclic and linear in size.

Content: span status ERROR makes a failed step (the status message, else the `exception`
event). Inputs and outputs come from `gen_ai.input.messages` / `gen_ai.output.messages`,
tool call arguments and results, `input.value` / `output.value`, `llm.input_messages.*` /
`llm.output_messages.*`, `traceloop.entity.input` / `output`, `gen_ai.prompt.*` /
`gen_ai.completion.*` and the older GenAI content events. JSON values are imported as their
scalar leaves, one per line, so content checks see the text unescaped. Most instrumentations
leave content capture off by default: whatever is missing is listed in
`trace.metadata["warnings"]`. The trace's input is the input of the outermost span that
records one; its final output is the output of the last top-level agent step that has one,
else the outermost recorded output. Tool arguments stay JSON text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blame.errors import TraceError
from blame.importers.common import gc_paused, naming_file, parse_json, read_text
from blame.model import Step, StepKind, Trace

CONTENT_MATCH_CHARS = 24
"""An output must share at least this many opening characters with an input to count as fed."""
CONTENT_MATCH_WINDOW = 32
"""How many earlier agent steps the content rule (4) looks at."""
FINGERPRINT_CHARS = 200
"""The opening characters of an output the content rule looks for."""
MAX_ERROR_CHARS = 500
"""A step's error text is cut to this length (status messages may hold whole tracebacks)."""
MAX_WARNINGS = 50
"""At most this many warnings are kept; the rest are counted."""

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

_STATUS_ERROR = {2, "2", "STATUS_CODE_ERROR", "ERROR"}


@dataclass(slots=True)
class _Span:
    """One span as read from the file (mutable while the tree is repaired)."""

    pos: int
    span_id: str
    parent_id: str | None
    trace_id: str
    name: str
    start: int | None
    end: int | None
    attrs: dict[str, Any]
    events: list[tuple[str, dict[str, Any]]]
    error: str | None
    service: str
    children: list[int] = field(default_factory=list)
    depth: int = 0


@dataclass(slots=True)
class _Role:
    """What a span is in blame's terms."""

    kind: str  # agent, node, tool, llm, none
    name: str
    convention: str


@dataclass(slots=True)
class _Draft:
    """A step before it has its place in the order."""

    span: _Span
    kind: StepKind
    name: str
    agent: str
    input: str
    output: str
    step_parent: int | None  # span pos of the nearest step ancestor
    top_agent: bool
    metadata: dict[str, Any]
    tokens: int | None
    cost: float | None
    runner: int | None = None  # span pos of the tool-running graph node it ran under


class _Warnings:
    def __init__(self) -> None:
        self.items: list[str] = []
        self.dropped = 0

    def add(self, text: str) -> None:
        if len(self.items) < MAX_WARNINGS:
            self.items.append(text)
        else:
            self.dropped += 1

    def result(self) -> list[str]:
        items = list(self.items)
        if self.dropped:
            items.append(f"{self.dropped} more warnings not shown")
        return items


class OtlpImporter:
    """Reads OTLP JSON traces from any of the three GenAI instrumentation conventions."""

    format = "otlp"

    def sniff(self, head: str) -> bool:
        """An OTLP export: a `resourceSpans` list near the start."""
        stripped = head.lstrip()
        return stripped.startswith(("{", "[")) and (
            '"resourceSpans"' in head or '"resource_spans"' in head
        )

    def load(self, path: Path, *, test_name: str) -> Trace:
        """Read the file; a partial import lists what was skipped in metadata warnings."""
        text = read_text(path)
        warnings = _Warnings()
        try:
            with gc_paused():
                documents = _documents(text, str(path), warnings)
                spans = _collect(documents, warnings)
                return _build(spans, test_name=test_name, warnings=warnings)
        except TraceError as error:
            raise naming_file(error, path) from None


def convert(data: Any, *, test_name: str) -> Trace:
    """Build a Trace from parsed OTLP JSON (one export object or a list of them)."""
    warnings = _Warnings()
    documents = data if isinstance(data, list) else [data]
    return _build(_collect(documents, warnings), test_name=test_name, warnings=warnings)


# -- reading ---------------------------------------------------------------------------------


def _documents(text: str, source: str, warnings: _Warnings) -> list[Any]:
    stripped = text.strip()
    if not stripped:
        raise TraceError("the file is empty", hint="expected OTLP JSON with resourceSpans")
    lines = [line for line in stripped.splitlines() if line.strip()]
    json_lines = len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines)
    if not json_lines:
        data = parse_json(stripped, source=source)
        return data if isinstance(data, list) else [data]
    documents: list[Any] = []
    bad: list[int] = []
    for number, line in enumerate(stripped.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            documents.append(parse_json(line, source=source, line=number))
        except TraceError:
            bad.append(number)
    if not documents:
        raise TraceError(
            f"no line holds valid JSON ({len(bad)} lines tried)",
            hint="expected OTLP JSON: one object with resourceSpans, or one per line",
        )
    for number in bad:
        warnings.add(f"line {number}: invalid JSON, skipped (truncated export?)")
    return documents


def _get(data: Mapping[str, Any], *keys: str) -> Any:
    for key in keys:
        if key in data:
            return data[key]
    return None


def _collect(documents: Sequence[Any], warnings: _Warnings) -> list[_Span]:
    spans: list[_Span] = []
    seen: set[str] = set()
    found_resource_spans = False
    for d, document in enumerate(documents):
        where_doc = f"[{d}]" if len(documents) > 1 else ""
        if not isinstance(document, Mapping):
            raise TraceError(
                f"expected an object with resourceSpans, got {type(document).__name__}",
                field=where_doc or "(top level)",
                hint="this does not look like an OTLP JSON export",
            )
        resource_spans = _get(document, "resourceSpans", "resource_spans")
        if resource_spans is None:
            raise TraceError(
                "has no resourceSpans",
                field=where_doc or "(top level)",
                hint='expected OTLP JSON: {"resourceSpans": [{"scopeSpans": [{"spans": []}]}]}',
            )
        if not isinstance(resource_spans, list):
            raise TraceError(
                f"must be a list, got {type(resource_spans).__name__}",
                field=f"{where_doc}resourceSpans",
            )
        found_resource_spans = True
        for r, resource_span in enumerate(resource_spans):
            where_r = f"{where_doc}resourceSpans[{r}]"
            if not isinstance(resource_span, Mapping):
                warnings.add(f"{where_r}: not an object, skipped")
                continue
            resource = resource_span.get("resource")
            resource_attrs = (
                _attributes(resource.get("attributes"), f"{where_r}.resource", warnings)
                if isinstance(resource, Mapping)
                else {}
            )
            service = str(resource_attrs.get("service.name", ""))
            scopes = _get(resource_span, "scopeSpans", "scope_spans", "instrumentationLibrarySpans")
            if not isinstance(scopes, list):
                warnings.add(f"{where_r}.scopeSpans: missing or not a list, skipped")
                continue
            for s, scope in enumerate(scopes):
                where_s = f"{where_r}.scopeSpans[{s}]"
                raw_spans = scope.get("spans") if isinstance(scope, Mapping) else None
                if not isinstance(raw_spans, list):
                    warnings.add(f"{where_s}.spans: missing or not a list, skipped")
                    continue
                for i, raw in enumerate(raw_spans):
                    span = _span(raw, f"{where_s}.spans[{i}]", len(spans), service, warnings)
                    if span is None:
                        continue
                    if span.span_id in seen:
                        warnings.add(f"span {span.span_id}: duplicate span id, kept the first")
                        continue
                    seen.add(span.span_id)
                    spans.append(span)
    if not found_resource_spans:
        raise TraceError("holds no OTLP export objects", hint="expected resourceSpans")
    if not spans:
        raise TraceError(
            "holds no spans",
            field="resourceSpans",
            hint="export the trace after the run finished (spans are written when they end)",
        )
    return spans


def _span(raw: Any, where: str, pos: int, service: str, warnings: _Warnings) -> _Span | None:
    if not isinstance(raw, Mapping):
        warnings.add(f"{where}: not an object, skipped")
        return None
    span_id = _get(raw, "spanId", "span_id")
    if not isinstance(span_id, str) or not span_id:
        warnings.add(f"{where}: no spanId; imported without links to other spans")
        span_id = f"(no id {pos})"
    parent = _get(raw, "parentSpanId", "parent_span_id")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        warnings.add(f"{where}: span {span_id} has no name")
        name = ""
    attrs = _attributes(raw.get("attributes"), where, warnings)
    events: list[tuple[str, dict[str, Any]]] = []
    raw_events = raw.get("events")
    if isinstance(raw_events, list):
        for e, event in enumerate(raw_events):
            if isinstance(event, Mapping):
                events.append(
                    (
                        str(event.get("name", "")),
                        _attributes(event.get("attributes"), f"{where}.events[{e}]", warnings),
                    )
                )
    return _Span(
        pos=pos,
        span_id=span_id,
        parent_id=parent if isinstance(parent, str) and parent else None,
        trace_id=str(_get(raw, "traceId", "trace_id") or ""),
        name=name.strip(),
        start=_nanos(_get(raw, "startTimeUnixNano", "start_time_unix_nano")),
        end=_nanos(_get(raw, "endTimeUnixNano", "end_time_unix_nano")),
        attrs=attrs,
        events=events,
        error=_status_error(raw.get("status"), events, attrs),
        service=service,
    )


def _nanos(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def _status_error(
    status: Any, events: Sequence[tuple[str, Mapping[str, Any]]], attrs: Mapping[str, Any]
) -> str | None:
    """The error of a span with status ERROR: its exception, else its status message."""
    if not isinstance(status, Mapping) or status.get("code") not in _STATUS_ERROR:
        return None
    for name, event_attrs in events:
        if name == "exception":
            kind = str(event_attrs.get("exception.type", "") or "")
            text = str(event_attrs.get("exception.message", "") or "")
            joined = f"{kind}: {text}" if kind and text else kind or text
            if joined:
                return joined[:MAX_ERROR_CHARS]
    message = status.get("message")
    if isinstance(message, str) and message.strip():
        lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
        return lines[-1][:MAX_ERROR_CHARS]
    error_type = attrs.get("error.type")
    return str(error_type)[:MAX_ERROR_CHARS] if error_type else "error"


def _attributes(raw: Any, where: str, warnings: _Warnings) -> dict[str, Any]:
    if raw is None:
        return {}
    if isinstance(raw, Mapping):  # already a plain mapping (some exporters flatten)
        return {str(k): v for k, v in raw.items()}
    if not isinstance(raw, list):
        warnings.add(f"{where}.attributes: not a list, ignored")
        return {}
    found: dict[str, Any] = {}
    for item in raw:
        if isinstance(item, Mapping) and isinstance(item.get("key"), str):
            found[item["key"]] = _any_value(item.get("value"))
    return found


def _any_value(value: Any) -> Any:
    """An OTLP AnyValue as a plain value (JSON parsing already bounds its nesting)."""
    if not isinstance(value, Mapping):
        return value
    for key in ("stringValue", "string_value"):
        if key in value:
            return value[key]
    for key in ("intValue", "int_value"):
        if key in value:
            number = value[key]
            try:
                return int(number)
            except (TypeError, ValueError):
                return number
    for key in ("doubleValue", "double_value", "boolValue", "bool_value"):
        if key in value:
            return value[key]
    for key in ("bytesValue", "bytes_value"):
        if key in value:
            return value[key]
    for key in ("arrayValue", "array_value"):
        if key in value:
            inner = value[key]
            items = inner.get("values", []) if isinstance(inner, Mapping) else []
            return [_any_value(v) for v in items] if isinstance(items, list) else []
    for key in ("kvlistValue", "kvlist_value"):
        if key in value:
            inner = value[key]
            items = inner.get("values", []) if isinstance(inner, Mapping) else []
            return {
                str(kv.get("key")): _any_value(kv.get("value"))
                for kv in (items if isinstance(items, list) else [])
                if isinstance(kv, Mapping)
            }
    return None


# -- the span tree ---------------------------------------------------------------------------


def _link_tree(spans: list[_Span], warnings: _Warnings) -> list[int]:
    """Children lists and depths; unknown parents become roots, cycles are cut. Returns roots."""
    index = {span.span_id: span.pos for span in spans}
    for span in spans:
        if span.parent_id is not None and span.parent_id not in index:
            span.parent_id = None  # the parent was not exported (another file, sampled out)
    for span in spans:
        if span.parent_id is not None:
            spans[index[span.parent_id]].children.append(span.pos)
    roots = [span.pos for span in spans if span.parent_id is None]
    reached = _walk(spans, roots)
    for span in spans:
        if span.pos in reached:
            continue
        # Unreached: it hangs below a cycle. Walk up to the cycle and cut it there.
        on_path: set[int] = set()
        current = span
        while current.pos not in on_path and current.parent_id is not None:
            on_path.add(current.pos)
            current = spans[index[current.parent_id]]
        warnings.add(
            f"span {current.span_id} ({current.name or 'unnamed'}): parent ids form a cycle; "
            "treated as a root"
        )
        if current.parent_id is not None:
            spans[index[current.parent_id]].children.remove(current.pos)
        current.parent_id = None
        roots.append(current.pos)
        reached |= _walk(spans, [current.pos])
    return roots


def _walk(spans: Sequence[_Span], roots: Iterable[int]) -> set[int]:
    reached: set[int] = set()
    stack = [(root, 0) for root in roots]
    while stack:
        pos, depth = stack.pop()
        if pos in reached:
            continue
        reached.add(pos)
        spans[pos].depth = depth
        stack.extend((child, depth + 1) for child in spans[pos].children)
    return reached


def _preorder(spans: Sequence[_Span], roots: Sequence[int]) -> Iterator[_Span]:
    stack = list(reversed(roots))
    while stack:
        span = spans[stack.pop()]
        yield span
        stack.extend(reversed(span.children))


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


def _langgraph_node(attrs: Mapping[str, Any]) -> str | None:
    """The LangGraph node a span ran in, as OpenInference or OpenLLMetry record it."""
    node = _metadata_json(attrs).get("langgraph_node")
    if node is None:
        node = attrs.get("traceloop.association.properties.langgraph_node")
    return node if isinstance(node, str) else None


def _role(span: _Span) -> _Role:
    attrs = span.attrs
    operation = str(attrs.get("gen_ai.operation.name", "")).lower()
    oi_kind = str(attrs.get("openinference.span.kind", "")).upper()
    tl_kind = str(attrs.get("traceloop.span.kind", "")).lower()
    entity = attrs.get("traceloop.entity.name")
    node = _langgraph_node(attrs)
    span_name = span.name
    convention = _convention(attrs)
    if tl_kind == "workflow":
        return _Role("none", span_name, convention)
    if operation in GENAI_AGENT_OPS or oi_kind in OI_AGENT or tl_kind == "agent":
        name = (
            attrs.get("gen_ai.agent.name")
            or attrs.get("agent.name")
            or entity
            or attrs.get("graph.node.id")
            or node
            or _strip_prefix(span_name, "invoke_agent")
            or "agent"
        )
        return _Role("agent", str(name), convention)
    if operation in GENAI_TOOL_OPS or oi_kind in OI_TOOL or tl_kind == "tool":
        name = (
            attrs.get("gen_ai.tool.name")
            or attrs.get("tool.name")
            or entity
            or _strip_prefix(span_name, "execute_tool")
            or oi_kind.lower()
            or "tool"
        )
        return _Role("tool", str(name), convention)
    if (
        operation in GENAI_LLM_OPS
        or oi_kind in OI_LLM
        or "llm.request.type" in attrs
        or (not operation and "gen_ai.system" in attrs and not tl_kind and not oi_kind)
    ):
        model = attrs.get("gen_ai.request.model") or attrs.get("llm.model_name")
        return _Role("llm", str(span_name or model or "llm"), convention)
    task = entity or attrs.get("gen_ai.task.name")
    if oi_kind == "CHAIN":
        # a LangGraph node, not a runnable inside one (a router, a prompt template)
        if "graph.node.id" in attrs or (node is not None and node == span_name):
            return _Role("node", str(attrs.get("graph.node.id") or span_name), convention)
    elif (tl_kind == "task" or operation == "execute_task") and node in (None, task):
        return _Role("node", str(task or span_name or "task"), convention)
    return _Role("none", span_name, convention)


def _convention(attrs: Mapping[str, Any]) -> str:
    """Which convention a span's attributes follow (OpenInference, OpenLLMetry, GenAI)."""
    if "openinference.span.kind" in attrs:
        return "openinference"
    if "llm.request.type" in attrs or any(key.startswith("traceloop.") for key in attrs):
        return "openllmetry"
    if any(key.startswith("gen_ai.") for key in attrs):
        return "gen_ai"
    return "generic"


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
            stack.extend(v for k, v in reversed(list(item.items())) if k not in NOISE_KEYS)
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


def _indexed(attrs: Mapping[str, Any], prefix: str, suffix: str) -> list[str]:
    """Values of flattened attributes `prefix.N.suffix`, in N order."""
    found: list[tuple[int, str]] = []
    for key, value in attrs.items():
        if key.startswith(prefix) and key.endswith(suffix):
            middle = key[len(prefix) : len(key) - len(suffix)].strip(".")
            if middle.isdigit() and value is not None:
                found.append((int(middle), str(value)))
    return [text for _, text in sorted(found)]


def _flat_tool_calls(attrs: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """OpenInference's flattened `llm.output_messages.N.message.tool_calls.M.tool_call.*`."""
    found: dict[tuple[int, int], dict[str, str]] = {}
    for key, value in attrs.items():
        if not key.startswith("llm.output_messages.") or ".message.tool_calls." not in key:
            continue
        parts = key.split(".")
        # llm . output_messages . N . message . tool_calls . M . tool_call . <field...>
        if len(parts) < 8 or not (parts[2].isdigit() and parts[5].isdigit()):
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


def _content(span: _Span, kind: str) -> tuple[str, str, list[str]]:
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
        inputs.extend(_indexed(attrs, "llm.input_messages.", ".message.content"))
        outputs.extend(_indexed(attrs, "llm.output_messages.", ".message.content"))
        for call_name, arguments, call_id in _flat_tool_calls(attrs):
            outputs.append(f"{call_name}({arguments})")
            if call_id:
                call_ids.append(call_id)
        inputs.extend(_indexed(attrs, "gen_ai.prompt.", ".content"))
        outputs.extend(_indexed(attrs, "gen_ai.completion.", ".content"))
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


def _tokens(attrs: Mapping[str, Any]) -> int | None:
    total = attrs.get("llm.token_count.total", attrs.get("llm.usage.total_tokens"))
    if isinstance(total, int) and not isinstance(total, bool):
        return total
    parts = [
        attrs.get(key)
        for key in (
            "gen_ai.usage.input_tokens",
            "gen_ai.usage.output_tokens",
            "gen_ai.usage.prompt_tokens",
            "gen_ai.usage.completion_tokens",
            "llm.token_count.prompt",
            "llm.token_count.completion",
        )
    ]
    numbers = [p for p in parts if isinstance(p, int) and not isinstance(p, bool)]
    return sum(numbers) if numbers else None


def _cost(attrs: Mapping[str, Any]) -> float | None:
    for key in ("llm.cost.total", "gen_ai.usage.cost"):
        value = attrs.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return None


# -- building the trace ----------------------------------------------------------------------


def _build(spans: list[_Span], *, test_name: str, warnings: _Warnings) -> Trace:
    roots = _link_tree(spans, warnings)
    roles = {span.pos: _role(span) for span in spans}
    _graph_wrappers(spans, roots, roles)
    any_known = any(role.kind != "none" for role in roles.values())
    if not any_known:
        warnings.add(
            "no GenAI, OpenInference or OpenLLMetry attributes found; every span was "
            "imported as an agent step named after the span"
        )
        for span in spans:
            roles[span.pos] = _Role("agent", span.name or f"span {span.span_id}", "generic")
    drafts = _drafts(spans, roots, roles)
    if not drafts:
        raise TraceError("no span could be imported as a step", field="resourceSpans")
    order = sorted(
        drafts.values(),
        key=lambda d: (
            d.span.end if d.span.end is not None else (d.span.start or 0),
            -d.span.depth,
            d.span.start or 0,
            d.span.pos,
        ),
    )
    index_of = {draft.span.pos: i for i, draft in enumerate(order)}
    parents = _edges(order, index_of)
    steps = tuple(
        Step(
            id=f"s{i}",
            index=i,
            kind=draft.kind,
            name=draft.name,
            agent=draft.agent,
            input=draft.input,
            output=draft.output,
            parents=tuple(f"s{p}" for p in sorted(parents[i])),
            error=draft.span.error,
            latency_ms=(
                (draft.span.end - draft.span.start) / 1e6
                if draft.span.end is not None and draft.span.start is not None
                else None
            ),
            cost_usd=draft.cost,
            tokens=draft.tokens,
            metadata=draft.metadata,
        )
        for i, draft in enumerate(order)
    )
    _content_warnings(steps, warnings)
    root_spans = sorted(roots, key=lambda r: (spans[r].start or 0, r))
    trace_input = ""
    root_output = ""
    for span in _preorder(spans, root_spans):  # outermost first
        if trace_input and root_output:
            break
        span_in, span_out, _ = _content(span, roles[span.pos].kind)
        trace_input = trace_input or span_in
        root_output = root_output or span_out
    final = next(
        (d.output for d in reversed(order) if d.top_agent and d.output),
        root_output or (order[-1].output if order else ""),
    )
    if not final:
        warnings.add("no final output recorded: checks on the output will see an empty string")
    trace_ids = sorted({s.trace_id for s in spans if s.trace_id})
    metadata: dict[str, Any] = {
        "format": "otlp",
        "conventions": sorted({r.convention for r in roles.values() if r.kind != "none"}),
        "spans": len(spans),
    }
    if len(trace_ids) > 1:
        warnings.add(f"the file holds {len(trace_ids)} traces; imported together in time order")
    items = warnings.result()
    if items:
        metadata["warnings"] = items
    return Trace(
        test_name=test_name,
        steps=steps,
        final_output=final,
        input=trace_input,
        metadata=metadata,
    )


def _below(
    spans: Sequence[_Span], roots: Sequence[int], roles: Mapping[int, _Role], kinds: set[str]
) -> dict[int, bool]:
    """For each span, whether some span strictly below it has one of these role kinds."""
    found: dict[int, bool] = {}
    for span in reversed(list(_preorder(spans, roots))):
        found[span.pos] = any(roles[child].kind in kinds or found[child] for child in span.children)
    return found


def _graph_wrappers(spans: Sequence[_Span], roots: Sequence[int], roles: dict[int, _Role]) -> None:
    """An "agent" span around graph nodes is the graph itself (a LangGraph run reported as
    `invoke_agent LangGraph`): its nodes are the agents, so it becomes a plain wrapper."""
    nodes_below = _below(spans, roots, roles, {"node"})
    for pos, role in list(roles.items()):
        if role.kind == "agent" and nodes_below[pos]:
            roles[pos] = _Role("none", role.name, role.convention)


def _tool_runners(
    spans: Sequence[_Span], roots: Sequence[int], roles: Mapping[int, _Role]
) -> set[int]:
    """Graph nodes that only run tools (a LangGraph ToolNode): no agent step of their own."""
    tools_below = _below(spans, roots, roles, {"tool"})
    others_below = _below(spans, roots, roles, {"agent", "node", "llm"})
    return {
        pos
        for pos, role in roles.items()
        if role.kind == "node" and tools_below[pos] and not others_below[pos]
    }


def _drafts(
    spans: Sequence[_Span], roots: Sequence[int], roles: Mapping[int, _Role]
) -> dict[int, _Draft]:
    """Steps for the spans that are steps, attributed top-down through the tree."""
    drafts: dict[int, _Draft] = {}
    # per span: (enclosing agent, enclosing agent step name, nearest step ancestor, tool runner)
    Context = tuple[str | None, str | None, int | None, int | None]
    context: dict[int, Context] = {}
    root_names = [spans[r].name for r in roots if spans[r].name]
    position = {span.span_id: span.pos for span in spans}
    runners = _tool_runners(spans, roots, roles)
    for span in _preorder(spans, roots):
        parent_ctx: Context = (
            context[position[span.parent_id]]
            if span.parent_id is not None
            else (None, None, None, None)
        )
        agent, agent_step, step_parent, runner = parent_ctx
        role = roles[span.pos]
        kind: StepKind | None = None
        name = role.name
        top_agent = False
        if role.kind == "agent":
            kind, agent_of, top_agent = StepKind.AGENT, name, agent is None
            agent, agent_step = name, name
        elif role.kind == "node" and span.pos in runners:
            runner = span.pos if agent is None else runner
        elif role.kind == "node":
            kind = StepKind.AGENT
            if agent is None:
                agent_of, top_agent = name, True
                agent, agent_step = name, name
            else:
                name = f"{agent_step}/{name}"
                agent_of, agent_step = agent, name
        elif role.kind in ("tool", "llm"):
            kind = StepKind.TOOL if role.kind == "tool" else StepKind.LLM
            hint = span.attrs.get("gen_ai.agent.name") or span.attrs.get("agent.name")
            node = _langgraph_node(span.attrs)
            agent_of = str(
                agent
                or hint
                or (node if runner is None else None)
                or (root_names[0] if root_names and runner is None else None)
                or span.service
                or name
            )
        if kind is not None:
            tin, tout, call_ids = _content(span, role.kind)
            metadata: dict[str, Any] = {
                "span_id": span.span_id,
                "span_name": span.name,
                "convention": role.convention,
            }
            if span.trace_id:
                metadata["trace_id"] = span.trace_id
            call_id = span.attrs.get("gen_ai.tool.call.id", span.attrs.get("tool_call.id"))
            if call_id:
                metadata["tool_call_id"] = str(call_id)
            if call_ids:
                metadata["requested_tool_calls"] = call_ids
            for key in ("graph.node.id", "graph.node.parent_id"):
                if key in span.attrs:
                    metadata[key] = str(span.attrs[key])
            if runner is not None and agent is None:
                metadata["tool_node"] = roles[runner].name
            drafts[span.pos] = _Draft(
                span=span,
                kind=kind,
                name=name,
                agent=agent_of,
                input=tin,
                output=tout,
                step_parent=step_parent,
                top_agent=top_agent,
                metadata=metadata,
                tokens=_tokens(span.attrs),
                cost=_cost(span.attrs),
                runner=runner if agent is None else None,
            )
            step_parent = span.pos
        context[span.pos] = (agent, agent_step, step_parent, runner)
    _attribute_tool_runs(spans, roles, drafts)
    return drafts


def _attribute_tool_runs(
    spans: Sequence[_Span], roles: Mapping[int, _Role], drafts: Mapping[int, _Draft]
) -> None:
    """A tool-running node's tools belong to the agent that finished last before it started.

    That agent's output asked for the calls (as a ReAct agent's model node does). A node that
    ran a single tool lends that tool its own output when the tool recorded none (a ToolNode
    turns a tool's exception into the message the agent then reads).
    """
    import bisect

    ends = sorted(
        ((d.span.end or d.span.start or 0), d.span.pos)
        for d in drafts.values()
        if d.top_agent and d.kind is StepKind.AGENT
    )
    keys = [end for end, _ in ends]
    per_runner: dict[int, list[_Draft]] = {}
    for draft in drafts.values():
        if draft.runner is not None:
            per_runner.setdefault(draft.runner, []).append(draft)
    for runner, tools in per_runner.items():
        node = spans[runner]
        start = node.start or 0
        at = bisect.bisect_right(keys, start)
        caller = drafts[ends[at - 1][1]].agent if at else roles[runner].name
        for draft in tools:
            draft.agent = caller
        if len(tools) == 1 and not tools[0].output:
            tools[0].output = _content(node, "node")[1]


def _edges(order: Sequence[_Draft], index_of: Mapping[int, int]) -> list[set[int]]:
    parents: list[set[int]] = [set() for _ in order]
    by_parent: dict[int | None, list[int]] = {}
    for i, draft in enumerate(order):
        by_parent.setdefault(draft.step_parent, []).append(i)

    def add(child: int, parent: int | None) -> None:
        if parent is not None and parent < child:
            parents[child].add(parent)

    previous: dict[int, int | None] = {}
    for siblings in by_parent.values():
        before: int | None = None
        for i in siblings:
            previous[i] = before
            before = i
    # 1. step descendants feed their step parent; 2. siblings in sequence
    for i, draft in enumerate(order):
        if draft.step_parent is not None:
            add(index_of[draft.step_parent], i)
        add(i, previous[i])
    # 3. the first child sees what fed its parent (memoised: deep chains stay linear)
    fed_by: dict[int, int | None] = {}

    def feeder(start: int) -> int | None:
        path: list[int] = []
        current: int | None = start
        found: int | None = None
        while current is not None:
            if current in fed_by:
                found = fed_by[current]
                break
            if previous[current] is not None:
                found = previous[current]
                fed_by[current] = found
                break
            path.append(current)
            up = order[current].step_parent
            current = index_of[up] if up is not None else None
        for visited in path:
            fed_by[visited] = found
        return found

    for i, draft in enumerate(order):
        if previous[i] is None and draft.step_parent is not None:
            add(i, feeder(index_of[draft.step_parent]))
    # 4. content: an agent's input opens with an earlier agent's output
    agents = [i for i, d in enumerate(order) if d.kind is StepKind.AGENT]
    fingerprints = {i: " ".join(order[i].output.split())[:FINGERPRINT_CHARS] for i in agents}
    for position, i in enumerate(agents):
        if not order[i].input:
            continue
        text = " ".join(order[i].input.split())
        for j in agents[max(0, position - CONTENT_MATCH_WINDOW) : position]:
            mark = fingerprints[j]
            if (
                CONTENT_MATCH_CHARS <= len(mark) <= len(text)
                and order[j].agent != order[i].agent
                and mark in text
            ):
                add(i, j)
    # 5. explicit links
    latest_node: dict[str, int] = {}
    requested: dict[str, int] = {}
    for i, draft in enumerate(order):
        parent_node = draft.metadata.get("graph.node.parent_id")
        if isinstance(parent_node, str) and parent_node in latest_node:
            add(i, latest_node[parent_node])
        call_id = draft.metadata.get("tool_call_id")
        if isinstance(call_id, str) and call_id in requested:
            add(i, requested[call_id])
        node = draft.metadata.get("graph.node.id")
        if isinstance(node, str):
            latest_node[node] = i
        for requested_id in draft.metadata.get("requested_tool_calls", []):
            requested[str(requested_id)] = i
    return parents


def _content_warnings(steps: Sequence[Step], warnings: _Warnings) -> None:
    for kind, label in ((StepKind.AGENT, "agent"), (StepKind.TOOL, "tool"), (StepKind.LLM, "llm")):
        of_kind = [s for s in steps if s.kind is kind]
        if not of_kind:
            continue
        no_input = sum(1 for s in of_kind if not s.input)
        no_output = sum(1 for s in of_kind if not s.output and not s.failed)
        if no_input or no_output:
            warnings.add(
                f"{label} steps without recorded content: {no_input} of {len(of_kind)} have no "
                f"input, {no_output} of {len(of_kind)} no output nor error (turn on the "
                "instrumentation's content capture, e.g. "
                "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true)"
            )


importer = OtlpImporter()
