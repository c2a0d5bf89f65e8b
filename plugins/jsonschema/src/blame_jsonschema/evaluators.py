"""The `json_valid` and `json_schema` check types, with their own blame rules and patch phrasing.

Attribution follows the text back through the step graph:
- invalid JSON: the step that first produced the invalid text that reached the final output
  (a step that only passed it on is not the culprit);
- a missing required field: where the field was last present and then lost: the agent that
  received it and dropped it, or the handoff that failed to deliver it; if no step ever produced
  it, the agent that produced the final output;
- any other schema violation: the step whose output first carried the offending value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.errors import ConfigError
from blame.model import Check, StepKind, Trace
from blame.results import BlameKind, Evaluation, Suspect
from blame_jsonschema.refs import check_refs, unresolved, validator_of

if TYPE_CHECKING:
    from blame.graph import StepGraph

SUMMARY_CHARS = 160
"""Longest schema summary quoted in a message or patch."""


TOO_LONG = "invalid JSON: a number of more than 4300 digits, too long to read"
"""What `_parse` says of valid JSON Python will not read: a check cannot decide on it."""


class _NotJson(Exception):
    """NaN or Infinity: Python's json reads them, JSON (RFC 8259) has no such values."""


def _constant(name: str) -> Any:
    raise _NotJson(name)


def _parse(text: str) -> tuple[Any, str | None]:
    """The parsed JSON value, or None and what is wrong with the text."""
    try:
        return json.loads(text, parse_constant=_constant), None
    except json.JSONDecodeError as error:
        return None, f"invalid JSON at line {error.lineno} column {error.colno}: {error.msg}"
    except RecursionError:
        return None, "invalid JSON: nested too deeply"
    except _NotJson as error:
        return None, f"invalid JSON: {error} is not a JSON value"
    except ValueError:  # Python refuses to read an integer of more than 4300 digits
        return None, TOO_LONG


def _undecided(
    check: Check,
    why: str = "the final output holds a number of more than 4300 digits, too long to read",
) -> Evaluation:
    """The evaluation of a final output the check could not judge: an error, never a verdict."""
    problem = f"check {check.name}: {why}; the check cannot be decided"
    return Evaluation(score=0.0, message=problem, error=problem)


def _is_json(text: str) -> bool:
    return bool(text.strip()) and _parse(text)[1] is None


def _wrapped(text: str) -> bool:
    """Whether the text is prose or a code fence around a valid JSON object or array."""
    for opener, closer in (("{", "}"), ("[", "]")):
        start, end = text.find(opener), text.rfind(closer)
        inner = 0 <= start < end and (start, end) != (0, len(text) - 1)
        if inner and _is_json(text[start : end + 1]):
            return True
    return False


def _not_json_message(text: str, problem: str) -> str:
    if not text.strip():
        return "final output is empty, expected JSON"
    if _wrapped(text):
        return f"final output wraps JSON in other text ({problem})"
    return f"final output is not JSON: {problem}"


def _culprit(graph: StepGraph, start: int, carries: Any) -> int:
    """The earliest step in the unbroken chain of steps, ending at `start`, that `carries` it.

    Walks upstream from `start` through parents whose output still carries the content; the
    step none of whose parents carries it is where the content came from.
    """
    current = start
    while True:
        parents = [p for p in graph.parents(current) if carries(graph.steps[p].output)]
        if not parents:
            return current
        current = max(parents)  # the nearest earlier carrier


def _suspect(graph: StepGraph, index: int, confidence: float, reason: str) -> Suspect:
    step = graph.steps[index]
    kind: BlameKind = "tool" if step.kind is StepKind.TOOL else "agent"
    return Suspect(
        kind=kind,
        name=step.name,
        agent=step.agent,
        step_index=index,
        confidence=confidence,
        reason=reason,
    )


def _where(graph: StepGraph, index: int) -> str:
    step = graph.steps[index]
    return f"{step.name} (step {index})"


def _blame_invalid(graph: StepGraph, final: int) -> tuple[Suspect, ...]:
    text = graph.trace.final_output.strip()
    if not text:
        return (
            _suspect(graph, final, 0.7, f"{_where(graph, final)} returned an empty final output"),
        )
    origin = _culprit(graph, final, lambda output: text in output)
    reason = f"{_where(graph, origin)} produced the invalid JSON that reached the final output"
    valid_inputs = [p for p in graph.parents(origin) if _is_json(graph.steps[p].output)]
    if valid_inputs:
        reason += f"; it received valid JSON from {_where(graph, max(valid_inputs))}"
    return (_suspect(graph, origin, 0.9, reason),)


def _key_pattern(key: str) -> re.Pattern[str]:
    return re.compile(re.escape(json.dumps(key, ensure_ascii=False)) + r"\s*:")


def _blame_missing(graph: StepGraph, final: int, field: str) -> tuple[Suspect, ...]:
    pattern = _key_pattern(field)
    holder = next((i for i in graph.upstream(final) if pattern.search(graph.steps[i].output)), None)
    if holder is None:
        return (
            _suspect(
                graph,
                final,
                0.6,
                f"no step produced {_field_text(field)}; {_where(graph, final)} "
                "produced the final output without it",
            ),
        )
    path = graph.shortest_path(holder, final) or [holder, final]
    for sender, receiver in pairwise(path):
        if pattern.search(graph.steps[receiver].output):
            continue
        got_it = bool(pattern.search(graph.steps[receiver].input))
        if not got_it and graph.is_handoff(sender, receiver):
            name = graph.handoff_name(sender, receiver)
            return (
                Suspect(
                    kind="handoff",
                    name=name,
                    agent=graph.steps[receiver].agent,
                    step_index=receiver,
                    confidence=0.85,
                    sender=graph.steps[sender].agent,
                    receiver=graph.steps[receiver].agent,
                    reason=(
                        f"{_field_text(field)} was in the output of {_where(graph, sender)} "
                        f"but not in the input of {_where(graph, receiver)}"
                    ),
                ),
            )
        return (
            _suspect(
                graph,
                receiver,
                0.9,
                f"{_where(graph, receiver)} received {_field_text(field)} from "
                f"{_where(graph, sender)} and dropped it",
            ),
        )
    return (
        _suspect(
            graph,
            final,
            0.5,
            f"{_field_text(field)} reached {_where(graph, final)} but is missing from "
            "the final output",
        ),
    )


def _blame_value(graph: StepGraph, final: int, value: Any, problem: str) -> tuple[Suspect, ...]:
    needles = {json.dumps(value, ensure_ascii=False)}
    needles.add(json.dumps(value, ensure_ascii=False, separators=(",", ":")))

    def carries(output: str) -> bool:
        return any(needle in output for needle in needles)

    if not carries(graph.steps[final].output):
        return (
            _suspect(
                graph, final, 0.6, f"{_where(graph, final)} produced a final output where {problem}"
            ),
        )
    origin = _culprit(graph, final, carries)
    return (
        _suspect(
            graph,
            origin,
            0.8,
            f"{_where(graph, origin)} first output the offending value ({problem}) "
            "that reached the final output",
        ),
    )


def _type_name(schema: Any) -> str:
    if not isinstance(schema, Mapping):
        return "any"
    kind = schema.get("type")
    if isinstance(kind, list):
        return "|".join(str(k) for k in kind)
    if isinstance(kind, str):
        return kind
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v) for v in schema["enum"])
    return "any"


def _summary(schema: Mapping[str, Any]) -> str:
    """`{"name": string, "age": integer}`: the shape a person (or a model) can follow."""
    properties = schema.get("properties")
    if isinstance(properties, Mapping) and properties:
        fields = ", ".join(
            f"{json.dumps(str(k), ensure_ascii=False)}: {_type_name(v)}"
            for k, v in properties.items()
        )
        text = "{" + fields + "}"
    else:
        text = _type_name(schema)
    if len(text) > SUMMARY_CHARS:
        text = text[: SUMMARY_CHARS - 1] + "…"
    return text


def _required(schema: Mapping[str, Any]) -> list[str]:
    required = schema.get("required")
    return [str(r) for r in required] if isinstance(required, list) else []


def _field_text(field: str) -> str:
    """How reasons quote a field; `_field_in` reads it back for the patch."""
    return "required field " + json.dumps(field, ensure_ascii=False)


def _field_in(reason: str) -> str | None:
    match = re.search(r'required field ("(?:[^"\\]|\\.)*")', reason)
    if match is None:
        return None
    field = json.loads(match.group(1))
    return field if isinstance(field, str) else None


def _fields_phrase(fields: Sequence[str]) -> str:
    if len(fields) == 1:
        return f"field {fields[0]} is required"
    return f"fields {', '.join(fields[:-1])} and {fields[-1]} are required"


@dataclass(frozen=True, slots=True)
class NoParams:
    """json_valid's parameters: none."""


@dataclass(frozen=True, slots=True)
class Schema:
    """json_schema's parameters, bound: the schema itself, read and checked once."""

    schema: Mapping[str, Any]
    """The JSON Schema (a mapping, valid under its own metaschema)."""
    file: str | None = None
    """The schema file's path as written in the config, when it came from one."""


class JsonValid:
    """Passes when the final output parses as JSON."""

    type = "json_valid"

    def bind(self, params: Mapping[str, Any], *, base_dir: Path) -> NoParams:
        """json_valid takes no parameters."""
        unknown = sorted(str(k) for k in params)
        if unknown:
            raise ConfigError(f"json_valid takes no parameters, got {', '.join(unknown)}")
        return NoParams()

    def label(self, params: Mapping[str, Any]) -> str:
        """Always `json_valid`."""
        return "json_valid"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Score 1 when the final output is JSON, else 0 with the parser's complaint."""
        _, problem = _parse(trace.final_output)
        if problem is None:
            return Evaluation(score=1.0, message="final output is valid JSON")
        if problem == TOO_LONG:
            return _undecided(check)
        return Evaluation(score=0.0, message=_not_json_message(trace.final_output, problem))

    def attribute(
        self, check: Check, evaluation: Evaluation, graph: StepGraph
    ) -> Sequence[Suspect] | None:
        """The step that first produced the invalid text; None (generic rules) for no steps."""
        final = graph.final_step
        if final is None:
            return None
        return _blame_invalid(graph, final)

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str | None:
        """Ask for bare JSON."""
        if suspect.kind == "handoff":
            receiver = suspect.receiver or suspect.agent
            return f"Pass your JSON on to {receiver} unchanged and complete."
        return (
            "Return only valid JSON: no prose, comments or code fences around it, "
            "double-quoted keys and strings, no trailing commas."
        )


class JsonSchema:
    """Passes when the final output is JSON matching `schema` (inline mapping or file path)."""

    type = "json_schema"

    def bind(self, params: Mapping[str, Any], *, base_dir: Path) -> Schema:
        """`schema`: a mapping, or a JSON or YAML file (relative to `base_dir`), read once."""
        schema = params.get("schema")
        if schema is None:
            raise ConfigError(
                "json_schema needs schema: an inline mapping or a path to a schema file"
            )
        if isinstance(schema, str):
            if not schema.strip():
                raise ConfigError("schema path is empty")
            if "\0" in schema:
                raise ConfigError("schema path is not a usable path (a NUL byte)")
            path = Path(schema)
            if not path.is_absolute():
                path = base_dir / path
            loaded = _read_schema(path)
            problem = _schema_problem(loaded)
            if problem is not None:
                raise ConfigError(problem, file=str(path))
            check_refs(loaded, file=str(path))
            return Schema(loaded, schema)
        if not isinstance(schema, Mapping):
            raise ConfigError(
                f"schema must be a mapping or a file path, got {type(schema).__name__}"
            )
        problem = _schema_problem(schema)
        if problem is not None:
            raise ConfigError(problem)
        check_refs(schema)
        return Schema(schema)

    def label(self, params: Mapping[str, Any]) -> str:
        """`json_schema:<file>`, or `json_schema:<title>` / `json_schema:inline`."""
        source = params.get("schema")
        if isinstance(source, str):
            return f"json_schema:{source}"
        if isinstance(source, Mapping) and isinstance(source.get("title"), str):
            return f"json_schema:{source['title']}"
        return "json_schema:inline"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Score 1 when the final output is JSON valid against the schema."""
        schema = _schema_of(check)
        value, problem = _parse(trace.final_output)
        if problem == TOO_LONG:
            return _undecided(check)
        if problem is not None:
            return Evaluation(score=0.0, message=_not_json_message(trace.final_output, problem))
        try:
            errors = list(_errors(schema, value))
        except RecursionError:
            return _undecided(
                check, "validating it recursed too deeply (a $ref that refers to itself)"
            )
        if not errors:
            return Evaluation(score=1.0, message="final output matches the schema")
        first = errors[0]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        return Evaluation(
            score=0.0,
            message=f"final output does not match the schema: {first['where']}{first['message']}"
            + more,
            # what `attribute` needs, so it does not parse and validate the output again
            evidence={"errors": errors},
        )

    def attribute(
        self, check: Check, evaluation: Evaluation, graph: StepGraph
    ) -> Sequence[Suspect] | None:
        """Blame invalid JSON, a dropped required field, or the origin of a wrong value."""
        final = graph.final_step
        if final is None:
            return None
        errors = evaluation.evidence.get("errors")
        if errors is None:  # not this check type's evaluation: look again
            value, problem = _parse(graph.trace.final_output)
            if problem is not None:
                return _blame_invalid(graph, final)
            errors = list(_errors(_schema_of(check), value))
        if not errors:
            return None
        missing = sorted({e["field"] for e in errors if e["field"] is not None})
        if missing:
            return _blame_missing(graph, final, missing[0])
        first = errors[0]
        return _blame_value(graph, final, first["instance"], first["where"] + first["message"])

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> str | None:
        """`Return JSON matching {...}; field X is required.` (or the handoff version)."""
        schema = _schema_of(check)
        dropped = _field_in(suspect.reason)
        required = [dropped] if dropped is not None else _required(schema)
        tail = f"; {_fields_phrase(required)}." if required else "."
        if suspect.kind == "handoff":
            receiver = suspect.receiver or suspect.agent
            return f"Pass the complete JSON on to {receiver}, keeping every field" + tail
        shape = _summary(schema)
        if shape == "any":
            return (
                "Return a JSON object" if required else "Return JSON matching the schema"
            ) + tail
        return f"Return JSON matching {shape}" + tail


def _schema_of(check: Check) -> Mapping[str, Any]:
    """The bound schema (blame binds a check built by hand before calling a check type)."""
    bound = check.bound
    if not isinstance(bound, Schema):
        raise ConfigError("the check's parameters are not bound", field=f"check {check.name}")
    return bound.schema


def _read_schema(path: Path) -> Mapping[str, Any]:
    """The schema in a JSON or YAML file, read within the limits blame.yaml is read with: a
    pipe or a device (which never ends), an alias bomb, absurd nesting or a number Python
    cannot read is one ConfigError naming the file."""
    _regular_file(path)
    if path.suffix.lower() in {".yaml", ".yml"}:
        from blame.yamlfile import read_yaml

        loaded = read_yaml(path)  # size, UTF-8, nesting and aliases
    else:
        from blame.errors import TraceError
        from blame.importers.common import read_text

        try:
            text = read_text(path)  # size-limited, UTF-8
        except TraceError as error:
            raise ConfigError(error.message, file=str(path), hint=error.hint) from None
        loaded, problem = _parse(text)
        if problem is not None:
            raise ConfigError(problem, file=str(path)) from None
    if not isinstance(loaded, Mapping):
        raise ConfigError(
            f"a schema must be an object, got {type(loaded).__name__}", file=str(path)
        )
    return loaded


def _regular_file(path: Path) -> None:
    """ConfigError naming `path` unless it is a regular file (a pipe or a device such as
    /dev/zero would block or never end)."""
    try:
        regular, exists = path.is_file(), path.exists()
    except OSError as error:  # a name too long, a loop of links
        raise ConfigError(f"cannot read: {error.strerror or error}", file=str(path)) from None
    if not exists:
        raise ConfigError(
            "schema file not found",
            file=str(path),
            hint="paths are relative to the folder of blame.yaml",
        )
    if not regular:
        raise ConfigError(
            "is not a regular file", file=str(path), hint="point schema at a JSON or YAML file"
        )


def _yaml_problem(error: Exception) -> str:
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    where = f" at line {mark.line + 1} column {mark.column + 1}" if mark is not None else ""
    return f"invalid YAML{where}: {' '.join(str(problem).split())}"


def _schema_problem(schema: Mapping[str, Any]) -> str | None:
    from jsonschema.exceptions import SchemaError
    from jsonschema.validators import validator_for

    try:
        validator_for(schema).check_schema(dict(schema))
    except SchemaError as error:
        where = "/".join(str(p) for p in error.path)
        at = f" at {where}" if where else ""
        return f"schema is not a valid JSON Schema{at}: {' '.join(error.message.split())}"
    return None


def _errors(schema: Mapping[str, Any], value: Any) -> Iterator[dict[str, Any]]:
    """Schema violations in a deterministic order, as JSON-compatible dicts."""
    from referencing.exceptions import Unresolvable  # jsonschema's own dependency

    validator = validator_of(schema)
    try:
        found = _found(validator, value)
    except Unresolvable as error:  # a file, a URL or a part of the schema that is not there
        ref = getattr(error, "ref", None)
        shown = f"#{ref}" if isinstance(ref, str) and ref.startswith("/") else ref
        raise unresolved(shown) from None
    found.sort(key=lambda e: (e["path"], e["validator"], e["message"]))
    yield from found


def _found(validator: Any, value: Any) -> list[dict[str, Any]]:
    found = []
    for error in validator.iter_errors(value):
        path = "/".join(str(p) for p in error.absolute_path)
        field = None
        required = error.validator_value
        if (
            error.validator == "required"
            and isinstance(required, list)
            and isinstance(error.instance, Mapping)
        ):
            absent = [f for f in required if f not in error.instance]
            field = next((str(f) for f in absent if repr(f) in error.message), None)
        found.append(
            {
                "path": "/" + path,
                "where": f"at /{path}: " if path else "",
                "validator": str(error.validator),
                "message": " ".join(error.message.split()),
                "field": field,
                "instance": error.instance,
            }
        )
    return found
