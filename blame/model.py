"""The data model every source produces and every consumer reads.

A `Trace` of `Step`s sits in the middle of blame: recorders, framework adapters and importers
build it; evaluators, the step graph, the blame engine and the reports read it. Nothing
downstream knows which framework produced a trace. All types are frozen so a trace can be
shared between threads and cached without copies.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any, Literal

from blame.errors import TraceError

SCHEMA_VERSION = 1
"""Version of the trace and results JSON forms; bumped on any incompatible change."""


class StepKind(str, Enum):
    """What performed a step."""

    AGENT = "agent"
    TOOL = "tool"
    LLM = "llm"
    HUMAN = "human"


@dataclass(frozen=True, slots=True)
class Step:
    """One unit of work in a run: an agent turn, a tool call, an LLM call or a human turn."""

    id: str
    """Unique within the trace; `parents` refer to it."""
    index: int
    """Recording order, 0-based."""
    kind: StepKind
    """Agent, tool, llm or human."""
    name: str
    """The agent's name for agent steps, the tool's name for tool steps."""
    agent: str
    """The agent responsible: itself for agent steps, the calling agent for tool and llm steps."""
    input: str = ""
    """What the step received, as text (tool arguments as JSON)."""
    output: str = ""
    """What the step produced, as text."""
    parents: tuple[str, ...] = ()
    """Ids of the steps whose output fed this step."""
    error: str | None = None
    """The error the step raised or reported, if any."""
    latency_ms: float | None = None
    """Wall time of the step in milliseconds."""
    cost_usd: float | None = None
    """Money spent by the step."""
    tokens: int | None = None
    """Tokens used by the step."""
    metadata: Mapping[str, Any] = field(default_factory=dict)
    """Source-specific extras (JSON-compatible values only)."""

    @property
    def failed(self) -> bool:
        """True when the step raised or reported an error."""
        return self.error is not None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form; `from_dict` reads it back exactly."""
        return {
            "id": self.id,
            "index": self.index,
            "kind": self.kind.value,
            "name": self.name,
            "agent": self.agent,
            "input": self.input,
            "output": self.output,
            "parents": list(self.parents),
            "error": self.error,
            "latency_ms": self.latency_ms,
            "cost_usd": self.cost_usd,
            "tokens": self.tokens,
            "metadata": dict(self.metadata),
        }

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "step") -> Step:
        """Read the JSON form, naming the bad field on error.

        A step as blame writes it passes one exact type test per field and is built at once;
        anything else takes the field-by-field path that converts what it can and names
        what it cannot. A million steps pay a few seconds for the careful path, a fraction
        of that for the quick one.
        """
        if type(data) is dict:
            get = data.get
            raw_kind = get("kind", "agent")
            kind = _KINDS.get(raw_kind) if type(raw_kind) is str else None
            step_id, index, name, agent = get("id"), get("index"), get("name"), get("agent")
            text_in, text_out, parents = get("input", ""), get("output", ""), get("parents", [])
            error, metadata = get("error"), get("metadata")
            latency, cost, tokens = get("latency_ms"), get("cost_usd"), get("tokens")
            if (
                kind is not None
                and type(step_id) is str
                and type(index) is int
                and type(name) is str
                and type(agent) is str
                and agent
                and type(text_in) is str
                and type(text_out) is str
                and type(parents) is list
                and (
                    (len(parents) == 1 and type(parents[0]) is str)
                    or all(type(p) is str for p in parents)
                )
                and (error is None or type(error) is str)
                and (latency is None or type(latency) is float)
                and (cost is None or type(cost) is float)
                and (tokens is None or type(tokens) is int)
                and (metadata is None or type(metadata) is dict)
            ):
                return cls(
                    step_id,
                    index,
                    kind,
                    name,
                    agent,
                    text_in,
                    text_out,
                    tuple(parents),
                    error,
                    latency,
                    cost,
                    tokens,
                    {} if metadata is None else dict(metadata),
                )
        return cls._checked(data, where)

    @classmethod
    def _checked(cls, data: Any, where: str) -> Step:
        """`from_dict` field by field: converts ints to floats and names the bad field."""
        if not isinstance(data, Mapping):
            raise TraceError(f"expected an object, got {type(data).__name__}", field=where)
        try:
            kind = StepKind(data.get("kind", "agent"))
        except ValueError:
            raise TraceError(
                f"unknown kind {data.get('kind')!r}",
                field=f"{where}.kind",
                hint="use one of agent, tool, llm, human",
            ) from None
        parents = data.get("parents", [])
        if not isinstance(parents, list) or not all(isinstance(p, str) for p in parents):
            raise TraceError("must be a list of step ids", field=f"{where}.parents")
        metadata = data.get("metadata")
        metadata = {} if metadata is None else metadata
        if not isinstance(metadata, Mapping):
            raise TraceError("must be an object", field=f"{where}.metadata")
        return cls(
            id=_str(data, "id", where, required=True),
            index=_int(data, "index", where, required=True) or 0,
            kind=kind,
            name=_str(data, "name", where, required=True),
            agent=_str(data, "agent", where) or _str(data, "name", where),
            input=_str(data, "input", where),
            output=_str(data, "output", where),
            parents=tuple(parents),
            error=data.get("error") if data.get("error") is None else str(data["error"]),
            latency_ms=_num(data, "latency_ms", where),
            cost_usd=_num(data, "cost_usd", where),
            tokens=_int(data, "tokens", where),
            metadata=dict(metadata),
        )


@dataclass(frozen=True, slots=True)
class Trace:
    """A recorded run of a pipeline on one input."""

    test_name: str
    """The test (or file stem) this run belongs to."""
    steps: tuple[Step, ...] = ()
    """Steps in recording order; `steps[i].index == i`."""
    final_output: str = ""
    """What the pipeline returned."""
    input: str = ""
    """What the pipeline was given, as text."""
    metadata: Mapping[str, Any] = field(default_factory=dict)
    """Source-specific extras: framework, importer warnings, and the like."""
    shared_context: bool = False
    """Every step saw every earlier step (a chat transcript), so `parents` carry no data-flow
    evidence: a step that does not repeat a value has not lost it."""
    _derived: dict[str, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )
    """What `parent_indexes` and `slowest_chain` computed: pure functions of the frozen
    steps, so the evaluators and the engine share one pass over a large trace."""

    def step(self, step_id: str) -> Step:
        """The step with this id."""
        for candidate in self.steps:
            if candidate.id == step_id:
                return candidate
        raise KeyError(step_id)

    @property
    def agents(self) -> tuple[str, ...]:
        """Agent names in order of first appearance."""
        return tuple(dict.fromkeys(s.agent for s in self.steps))

    def parent_indexes(self) -> list[list[int]]:
        """Per step, its parents' indexes as recorded (see `parent_indexes`); computed once,
        shared: do not modify."""
        found: list[list[int]] | None = self._derived.get("parent_indexes")
        if found is None:
            found = self._derived["parent_indexes"] = parent_indexes(self.steps)
        return found

    def slowest_chain(self) -> tuple[int, ...]:
        """Indexes, parent to child, of the chain of steps whose latencies add up to the most
        (see `slowest_chain`); computed once."""
        found: tuple[int, ...] | None = self._derived.get("slowest_chain")
        if found is None:
            found = self._derived["slowest_chain"] = slowest_chain(
                self.steps, self.parent_indexes()
            )
        return found

    def to_dict(self) -> dict[str, Any]:
        """The versioned JSON form (`shared_context` only when set, so other traces keep
        their bytes)."""
        data: dict[str, Any] = {
            "schema_version": SCHEMA_VERSION,
            "test_name": self.test_name,
            "input": self.input,
            "final_output": self.final_output,
            "metadata": dict(self.metadata),
            "steps": [s.to_dict() for s in self.steps],
        }
        if self.shared_context:
            data["shared_context"] = True
        return data

    def to_json(self) -> str:
        """Deterministic JSON text: same trace, same bytes."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any, *, source: str | None = None) -> Trace:
        """Read the JSON form; errors name `source` and the bad field."""
        try:
            return cls._from_dict(data)
        except TraceError as error:
            if source and error.file is None:
                raise TraceError(
                    error.message, file=source, field=error.field, hint=error.hint
                ) from None
            raise

    @classmethod
    def _from_dict(cls, data: Any) -> Trace:
        if not isinstance(data, Mapping):
            raise TraceError(f"a trace must be a JSON object, got {type(data).__name__}")
        version = data.get("schema_version")
        if version != SCHEMA_VERSION:
            raise TraceError(
                f"unsupported schema_version {version!r} (this blame reads {SCHEMA_VERSION})",
                field="schema_version",
                hint="re-record the trace with this version of blame",
            )
        raw_steps = data.get("steps", [])
        if not isinstance(raw_steps, list):
            raise TraceError("must be a list", field="steps")
        from blame.builder import TraceBuilder

        builder = TraceBuilder()
        read = Step.from_dict
        builder.extend(read(raw, where=f"steps[{i}]") for i, raw in enumerate(raw_steps))
        metadata = data.get("metadata")
        metadata = {} if metadata is None else metadata
        if not isinstance(metadata, Mapping):
            raise TraceError("must be an object", field="metadata")
        shared = data.get("shared_context", False)
        if not isinstance(shared, bool):
            raise TraceError(
                f"must be true or false, got {type(shared).__name__}", field="shared_context"
            )
        return cls(
            test_name=_str(data, "test_name", "trace"),
            steps=builder.steps,
            final_output=_str(data, "final_output", "trace"),
            input=_str(data, "input", "trace"),
            metadata=dict(metadata),
            shared_context=shared,
        )

    @classmethod
    def from_json(cls, text: str, *, source: str | None = None) -> Trace:
        """Parse JSON text; a syntax error names the line and column."""
        from blame.importers.common import parse_json  # importers import this module

        return cls.from_dict(parse_json(text, source=source or "trace"), source=source)


def validate_steps(steps: Sequence[Step]) -> None:
    """Indexes are positions, ids are unique, parents point backwards to known steps, and
    latency, cost and tokens are possible (`TraceBuilder`'s checks)."""
    from blame.builder import TraceBuilder

    for position, step in enumerate(steps):
        if not isinstance(step, Step):  # an agent may build a Trace from anything
            raise TraceError(
                f"is {type(step).__name__}, not a blame Step", field=f"steps[{position}]"
            )
    try:
        TraceBuilder().extend(steps)
    except TypeError as error:  # Step(latency_ms="fast", parents=[[]]) from an agent
        raise TraceError(f"a step has a field of the wrong type: {error}", field="steps") from None


def parent_indexes(steps: Sequence[Step]) -> list[list[int]]:
    """Per step, the indexes of the steps its parent ids name (ids unknown to the trace are
    skipped: a validated trace has none)."""
    index_of = {step.id: step.index for step in steps}
    try:
        index = index_of.__getitem__
        return [list(map(index, step.parents)) for step in steps]
    except KeyError:  # a trace that was never validated names unknown steps
        return [[index_of[p] for p in step.parents if p in index_of] for step in steps]


def slowest_chain(steps: Sequence[Step], parents: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Indexes, parent to child, of the chain of steps whose latencies add up to the most.

    A step starts when its slowest parent ends, so this chain's latency is the run's wall
    time: parallel branches (a fan-out) overlap instead of adding up. A sequential run's
    chain is every step. Ties go to the earlier parent and to the later end (the chain
    that reaches further); linear in the trace's size.
    """
    ends: list[float] = []
    via: list[int] = []
    for step, feeders in zip(steps, parents, strict=True):
        start, before = 0.0, -1
        for index in feeders:
            if index < len(ends) and (
                before < 0 or ends[index] > start or (ends[index] == start and index < before)
            ):
                start, before = ends[index], index
        ends.append(start + (step.latency_ms or 0.0))
        via.append(before)
    if not ends:
        return ()
    last = max(range(len(ends)), key=lambda i: (ends[i], i))
    chain = []
    while last >= 0:
        chain.append(last)
        last = via[last]
    return tuple(reversed(chain))


_KINDS: Mapping[str, StepKind] = MappingProxyType({kind.value: kind for kind in StepKind})
"""StepKind by value: one dictionary lookup per step read instead of an enum call."""


BlameKind = Literal["agent", "tool", "handoff"]


@dataclass(frozen=True, slots=True)
class Suspect:
    """One candidate cause of a failed check, with the evidence for it."""

    kind: BlameKind
    """agent, tool or handoff."""
    name: str
    """The agent's name, the tool's name, or `"Sender -> Receiver"`."""
    agent: str
    """The responsible agent: itself, the tool's caller, or a handoff's receiver."""
    step_index: int | None
    """The step the failure is pinned on (for a handoff, the receiving step)."""
    confidence: float
    """How sure the engine is, in [0, 1]."""
    reason: str
    """One sentence naming the steps that prove it."""
    sender: str | None = None
    """A handoff's sending agent (whose prompt a patch changes); None for agents and tools."""
    receiver: str | None = None
    """A handoff's receiving agent (its `agent`); None for agents and tools."""

    def __post_init__(self) -> None:
        # A handoff made by name alone (results JSON, a plugin written before the ends
        # existed) gets its ends from the name, here and nowhere else.
        if self.kind == "handoff" and (self.sender is None or self.receiver is None):
            sender, receiver = _handoff_ends(self.name, self.agent)
            if self.sender is None:
                object.__setattr__(self, "sender", sender)
            if self.receiver is None:
                object.__setattr__(self, "receiver", receiver)

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form (a handoff's ends travel in its `"Sender -> Receiver"` name)."""
        return {
            "kind": self.kind,
            "name": self.name,
            "agent": self.agent,
            "step_index": self.step_index,
            "confidence": round(self.confidence, 4),
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "suspect") -> Suspect:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""
        data = _object(data, where)
        kind = _str(data, "kind", where, required=True)
        if kind not in ("agent", "tool", "handoff"):
            raise TraceError(f"must be agent, tool or handoff, got {kind!r}", field=f"{where}.kind")
        return cls(
            kind=kind,  # type: ignore[arg-type]  # checked just above
            name=_str(data, "name", where, required=True),
            agent=_str(data, "agent", where, required=True),
            step_index=_int(data, "step_index", where),
            confidence=_required_num(data, "confidence", where),
            reason=_str(data, "reason", where, required=True),
        )


@dataclass(frozen=True, slots=True)
class Check:
    """One configured check: its type, weight and the type's own parameters."""

    type: str
    """Evaluator name, e.g. `contains`."""
    name: str
    """Display name, e.g. `contains:Paris`; unique enough for a person to find it."""
    weight: float = 1.0
    """Share of the test's reward."""
    agent_name: str | None = None
    """An explicit culprit that overrides inference."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """Type-specific parameters as written (`value`, `seconds`, `tool`...)."""
    bound: Any = None
    """The check type's typed parameters, bound once when the config loaded (None: a check
    built by hand, bound by its check type on first use)."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """What an evaluator says about one check on one trace."""

    score: float
    """In [0, 1]; 1 is a pass."""
    message: str
    """Expected versus actual, for a person."""
    passed: bool | None = None
    """Overrides `score >= 1` when the evaluator knows better (partial credit that passes)."""
    evidence: Mapping[str, Any] = field(default_factory=dict)
    """Facts the check type's own `attribute` may reuse; blame reads only `step_index` (the
    step to blame when a check type without its own rule fails)."""
    error: str | None = None
    """Why the check could not be evaluated (its check type failed); the score is then 0."""

    @property
    def ok(self) -> bool:
        """Whether the check passed."""
        return self.passed if self.passed is not None else self.score >= 1.0


ERROR_PREFIX = "error: "
"""How an errored check's message starts (the results JSON carries no separate field)."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    """A check's outcome on one test, with its ranked suspects."""

    name: str
    """The check's display name."""
    type: str
    """The check's type."""
    passed: bool
    """Whether the check passed."""
    score: float
    """In [0, 1]."""
    weight: float
    """The check's weight."""
    message: str
    """Expected versus actual (in the results JSON, `error: <why>` for an errored check)."""
    blame: tuple[Suspect, ...] = ()
    """Ranked suspects, best first; empty when passed or unattributed."""
    error: str | None = None
    """Why the check could not be evaluated; None when it was."""

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form."""
        return {
            "name": self.name,
            "type": self.type,
            "passed": self.passed,
            "score": round(self.score, 4),
            "weight": self.weight,
            "message": self.message,
            "blame": [s.to_dict() for s in self.blame],
        }

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "check") -> CheckResult:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""
        data = _object(data, where)
        message = _str(data, "message", where, required=True)
        return cls(
            name=_str(data, "name", where, required=True),
            type=_str(data, "type", where, required=True),
            passed=_bool(data, "passed", where),
            score=_required_num(data, "score", where),
            weight=_required_num(data, "weight", where),
            message=message,
            blame=tuple(
                Suspect.from_dict(item, where=f"{where}.blame[{i}]")
                for i, item in enumerate(_list(data, "blame", where))
            ),
            # The results JSON has no field for it: an errored check's message says so.
            error=message[len(ERROR_PREFIX) :] if message.startswith(ERROR_PREFIX) else None,
        )


@dataclass(frozen=True, slots=True)
class Patch:
    """A prompt change for one culprit agent."""

    target: str
    """The agent whose prompt changes."""
    text: str
    """Instructions to add to that prompt."""

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form."""
        return {"target": self.target, "text": self.text}

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "patch") -> Patch:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""
        data = _object(data, where)
        return cls(
            target=_str(data, "target", where, required=True),
            text=_str(data, "text", where, required=True),
        )


@dataclass(frozen=True, slots=True)
class CaseResult:
    """One test's outcome: its checks, reward and patches."""

    name: str
    """The test's name."""
    passed: bool
    """reward >= threshold and no error."""
    reward: float
    """sum(score x weight) / sum(weight)."""
    threshold: float
    """settings.fail_below_reward."""
    error: str | None = None
    """Why the test could not be evaluated (crash, timeout, missing fixture)."""
    checks: tuple[CheckResult, ...] = ()
    """Every check's result, in config order."""
    patches: tuple[Patch, ...] = ()
    """Suggested prompt patches, sorted by target."""

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form."""
        return {
            "name": self.name,
            "passed": self.passed,
            "reward": round(self.reward, 4),
            "threshold": self.threshold,
            "error": self.error,
            "checks": [c.to_dict() for c in self.checks],
            "patches": [p.to_dict() for p in self.patches],
        }

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "test") -> CaseResult:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""
        data = _object(data, where)
        return cls(
            name=_str(data, "name", where, required=True),
            passed=_bool(data, "passed", where),
            reward=_required_num(data, "reward", where),
            threshold=_required_num(data, "threshold", where),
            error=None if data.get("error") is None else _str(data, "error", where),
            checks=tuple(
                CheckResult.from_dict(item, where=f"{where}.checks[{i}]")
                for i, item in enumerate(_list(data, "checks", where))
            ),
            patches=tuple(
                Patch.from_dict(item, where=f"{where}.patches[{i}]")
                for i, item in enumerate(_list(data, "patches", where))
            ),
        )


@dataclass(frozen=True, slots=True)
class SuiteResult:
    """A whole run of `blame test` or `blame analyze`."""

    tests: tuple[CaseResult, ...] = ()
    """Each test's outcome, in config order."""

    @property
    def passed(self) -> bool:
        """Every test passed."""
        return all(t.passed for t in self.tests)

    @property
    def errored(self) -> bool:
        """At least one test could not be evaluated."""
        return any(t.error is not None for t in self.tests)

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form (DESIGN.md's contract)."""
        return {
            "schema_version": SCHEMA_VERSION,
            "passed": self.passed,
            "tests": [t.to_dict() for t in self.tests],
        }

    def to_json(self) -> str:
        """Deterministic JSON text."""
        return json.dumps(self.to_dict(), indent=2, sort_keys=False, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(cls, data: Any, *, source: str | None = None) -> SuiteResult:
        """Read the results-JSON form."""
        if not isinstance(data, Mapping) or data.get("schema_version") != SCHEMA_VERSION:
            raise TraceError(
                "not a blame results file of schema_version 1",
                file=source,
                hint="run `blame test` to write a fresh one",
            )
        try:
            tests = _list(data, "tests", "")
            return cls(
                tests=tuple(
                    CaseResult.from_dict(item, where=f"tests[{i}]") for i, item in enumerate(tests)
                )
            )
        except TraceError as error:
            raise TraceError(
                error.message,
                file=source,
                field=error.field,
                hint="fix it, or run `blame test` to write a fresh one",
            ) from None


def _handoff_ends(name: str, receiver: str) -> tuple[str, str]:
    """(sender, receiver) of a handoff named `"Sender -> Receiver"` whose receiving agent is
    `receiver`; agent names may themselves contain " -> ", so the known receiver is cut off
    the end first."""
    suffix = f" -> {receiver}"
    if receiver and name.endswith(suffix):
        return name[: -len(suffix)], receiver
    sender, arrow, rest = name.partition(" -> ")
    return (sender, rest) if arrow else (name, receiver)


def _str(data: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise TraceError("is required", field=f"{where}.{key}")
        return ""
    if not isinstance(value, str):
        raise TraceError(f"must be a string, got {type(value).__name__}", field=f"{where}.{key}")
    return value


def _object(data: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise TraceError(f"must be an object, got {type(data).__name__}", field=where)
    return data


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        field = f"{where}.{key}" if where else key
        raise TraceError(f"must be a list, got {type(value).__name__}", field=field)
    return value


def _bool(data: Mapping[str, Any], key: str, where: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise TraceError(
            f"must be true or false, got {type(value).__name__}", field=f"{where}.{key}"
        )
    return value


def _required_num(data: Mapping[str, Any], key: str, where: str) -> float:
    value = _num(data, key, where)
    if value is None:
        raise TraceError("is required", field=f"{where}.{key}")
    return value


def _num(data: Mapping[str, Any], key: str, where: str) -> float | None:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TraceError(f"must be a number, got {type(value).__name__}", field=f"{where}.{key}")
    return float(value)


def _int(data: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> int | None:
    value = data.get(key)
    if value is None:
        if required:
            raise TraceError("is required", field=f"{where}.{key}")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TraceError(f"must be an integer, got {type(value).__name__}", field=f"{where}.{key}")
    return value
