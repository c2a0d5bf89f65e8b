"""OpenTelemetry traces in OTLP JSON: GenAI semantic conventions, OpenInference, OpenLLMetry.

The importer reads the wire format (`wire`) or the rows a span store keeps (`rows`), gives
each span its role and content by the convention it follows (`conventions`), then turns the
span tree into ordered, linked steps (`linking`). A file with no span of any of these
conventions imports every span as an agent step, with a warning.

Order: steps are in completion order (end time), as a tracer records them, so the work a span
did inside (its LLM calls and tools) comes before it; a span without an end counts as ending
when the last span inside it did (or at its start when it holds none). Most instrumentations
leave content capture off by default: whatever is missing is listed in
`trace.metadata["warnings"]`. The trace's input is the input of the outermost span that
records one; its final output is the output of the last top-level agent step (empty when it
recorded an empty output or failed; when it recorded none, the last top-level agent output
recorded, with a warning), else the outermost recorded output.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from blame.builder import TraceBuilder
from blame.errors import TraceError
from blame.fields import in_file
from blame.importers.common import gc_paused, read_text
from blame.importers.otlp.conventions import (
    Role,
    answer_of,
    readable,
    recorded_output,
    role_of,
    span_content,
)
from blame.importers.otlp.linking import (
    Draft,
    graph_wrappers,
    infer_edges,
    self_measures,
    step_drafts,
)
from blame.importers.otlp.rows import collect_rows, is_rows, looks_like_rows
from blame.importers.otlp.wire import (
    Span,
    Warnings,
    collect_spans,
    link_tree,
    preorder,
    read_documents,
)
from blame.model import Step, StepKind, Trace

__all__ = ["OtlpImporter", "convert", "importer", "readable"]


class OtlpImporter:
    """Reads OTLP JSON traces from any of the three GenAI instrumentation conventions."""

    format = "otlp"

    def sniff(self, head: str) -> bool:
        """An OTLP export (a `resourceSpans` list near the start), or a span store's rows."""
        stripped = head.lstrip()
        return stripped.startswith(("{", "[")) and (
            '"resourceSpans"' in head or '"resource_spans"' in head or looks_like_rows(head)
        )

    def load(self, path: Path, *, test_name: str) -> Trace:
        """Read the file; a partial import lists what was skipped in metadata warnings."""
        text = read_text(path)
        warnings = Warnings()
        try:
            with gc_paused():
                documents = read_documents(text, str(path), warnings)
                spans = _spans(documents, warnings)
                return _build(spans, test_name=test_name, warnings=warnings)
        except TraceError as error:
            raise in_file(error, str(path)) from None


def convert(data: Any, *, test_name: str) -> Trace:
    """Build a Trace from parsed OTLP JSON (one export object or a list of them)."""
    warnings = Warnings()
    documents = data if isinstance(data, list) else [data]
    return _build(_spans(documents, warnings), test_name=test_name, warnings=warnings)


def _spans(documents: Sequence[Any], warnings: Warnings) -> list[Span]:
    """The spans of OTLP export objects, or of a span store's rows."""
    if is_rows(documents):
        return collect_rows(documents, warnings)
    return collect_spans(documents, warnings)


def _build(spans: list[Span], *, test_name: str, warnings: Warnings) -> Trace:
    roots = link_tree(spans, warnings)
    roles = {span.pos: role_of(span) for span in spans}
    graph_wrappers(spans, roots, roles)
    any_known = any(role.kind != "none" for role in roles.values())
    if not any_known:
        warnings.add(
            "no GenAI, OpenInference or OpenLLMetry attributes found; every span was "
            "imported as an agent step named after the span"
        )
        for span in spans:
            roles[span.pos] = Role("agent", span.name or f"span {span.span_id}", "generic")
    drafts = step_drafts(spans, roots, roles)
    if not drafts:
        raise TraceError("no span could be imported as a step", field="resourceSpans")
    _lend_answers(drafts)
    order = sorted(
        drafts.values(),
        key=lambda d: (
            d.span.done or 0,
            -d.span.depth,
            d.span.start or 0,
            d.span.pos,
        ),
    )
    answer = _answering(order, warnings)
    if answer is not None:
        # A conversation state's answer is its last message; the earlier ones are the history
        # the step was given, not what it produced.
        answer.output = answer_of(answer.span.attrs) or answer.output
    index_of = {draft.span.pos: i for i, draft in enumerate(order)}
    parents = infer_edges(order, index_of)
    own = self_measures(order, index_of)
    built = TraceBuilder(test_name)
    for i, draft in enumerate(order):
        span = draft.span
        built.add(
            kind=draft.kind,
            name=draft.name,
            agent=draft.agent,
            input=draft.input,
            output=draft.output,
            parents=[f"s{p}" for p in sorted(parents[i])],
            error=draft.error,
            latency_ms=own[i][0],
            cost_usd=own[i][1],
            tokens=draft.tokens,
            metadata=_within(draft, index_of),
            where=f"span {span.span_id}",
        )
    steps = built.steps
    _content_warnings(steps, warnings)
    root_spans = sorted(roots, key=lambda r: (spans[r].start or 0, r))
    trace_input = ""
    for span in preorder(spans, root_spans):  # outermost first
        trace_input = span_content(span, roles[span.pos].kind)[0]
        if trace_input:
            break
    final = answer.output if answer is not None else _outermost_output(spans, root_spans, roles)
    last_root = max(root_spans, key=lambda r: (spans[r].done or 0, r), default=None)
    if last_root is not None and _crashed(spans[last_root], roles[last_root].kind):
        # The run's outermost span recorded what it was asked and no answer: the run gave
        # none. A child's output is not the run's answer.
        final = ""
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
    return built.build(final, input=trace_input, metadata=metadata)


def _lend_answers(drafts: Mapping[int, Draft]) -> None:
    """An agent span that recorded the answer of the one model call it made, which recorded
    none itself (AG2 puts the reply on `invoke_agent`, not on `chat`): that answer is the
    call's output too. Else the call that made the decision looked as if it said nothing, and
    the next call that saw the value was blamed for dropping it."""
    calls: dict[int, list[Draft]] = {}
    for draft in drafts.values():
        if draft.kind is StepKind.LLM and draft.step_parent is not None:
            calls.setdefault(draft.step_parent, []).append(draft)
    for pos, made in calls.items():
        agent = drafts.get(pos)
        if agent is None or agent.kind is not StepKind.AGENT or not agent.output:
            continue
        if len(made) != 1 or made[0].output or made[0].error is not None:
            continue
        if not recorded_output(made[0].span):
            made[0].output = agent.output


def _outermost_output(
    spans: Sequence[Span], roots: Sequence[int], roles: Mapping[int, Role]
) -> str:
    """The run's answer when no agent step gave one: the output of the outermost spans that
    recorded any, the last of them to end. (The first in preorder, under a root that
    recorded no content, was the run's first model call: a tool call, not the answer.)"""
    level = list(roots)
    while level:
        found = []
        for pos in level:
            span = spans[pos]
            output = answer_of(span.attrs) or span_content(span, roles[pos].kind)[1]
            if output:
                found.append((spans[pos].done or 0, pos, output))
        if found:
            return max(found)[2]
        level = [child for pos in level for child in spans[pos].children]
    return ""


def _answering(order: Sequence[Draft], warnings: Warnings) -> Draft | None:
    """The top-level agent step whose output is the run's answer: the last one, even with an
    empty output when its span recorded one or failed (it answered nothing; an earlier agent's
    text is not the run's answer). When it recorded no content at all, the last one that has
    an output stands in for it, with a warning saying so."""
    last = next((d for d in reversed(order) if d.top_agent), None)
    if last is None or last.output:
        return last
    if last.error is not None or recorded_output(last.span):
        return last
    stand_in = next((d for d in reversed(order) if d.top_agent and d.output), None)
    if stand_in is not None:
        warnings.add(
            f"span {last.span.span_id} ({last.name}): the last top-level agent recorded no "
            f"output; the final output is the last one recorded, {stand_in.name}'s "
            f"(span {stand_in.span.span_id})"
        )
    return stand_in


def _within(draft: Draft, index_of: Mapping[int, int]) -> dict[str, Any]:
    """The draft's metadata, plus `within`: the id of the step whose span encloses it (the
    engine pins a container's decision on the LLM call inside it)."""
    if draft.step_parent is None:
        return draft.metadata
    return {**draft.metadata, "within": f"s{index_of[draft.step_parent]}"}


def _crashed(root: Span, kind: str) -> bool:
    """The outermost span recorded its input but no output: the run gave no answer.

    An error status alone proves nothing about the answer (an instrumentor may mark a run
    that answered as failed, and record no content for it at all).
    """
    span_in, span_out, _ = span_content(root, kind)
    return bool(span_in) and not span_out


def _content_warnings(steps: Sequence[Step], warnings: Warnings) -> None:
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
