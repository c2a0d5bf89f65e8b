"""The trace model every source produces and every consumer reads, and the configured check.

A `Trace` of `Step`s sits in the middle of blame: recorders, framework adapters and importers
build it; check types, the step graph, the blame engine and the reports read it. Nothing
downstream knows which framework produced a trace. All types are frozen so a trace can be
shared between threads and cached without copies. What a run says about a trace (evaluations,
suspects, check, test and suite results, patches) is the results model, `blame.results`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import field
from enum import Enum
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from blame import jsontext
from blame.errors import BlameError, TraceError
from blame.fields import JSON, get_int, get_number, get_str, in_file
from blame.frozen import dataclass

if TYPE_CHECKING:
    from blame.builder import TraceBuilder

SCHEMA_VERSION = 1
"""Version of the trace and results JSON forms; bumped on any incompatible change."""
RUN_ERROR = "run_error"
"""Step metadata key marking a step that records an error raised outside every step."""
EDGE_INPUT = "edge_input"
"""Step metadata key holding the part of a step's input (text) that routing code between its
parents and it built, not a parent's output: a LangGraph conditional edge's `Send` payload. A
value first found there was made on that edge, a handoff (code, not a prompt)."""
BY_CODE = "by_code"
"""Step metadata key naming the code (text) that wrote a step's output without an LLM call: a
guardrail function that replaced a task's answer, a tool whose result was returned as the
answer. No prompt decides that output, so a patch for it is said of that code."""


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

    @property
    def stopped_run(self) -> bool:
        """True for a step that only records an error the framework raised between steps
        (metadata `run_error: true`, e.g. LangGraph's recursion limit): no step the run took,
        so step budgets leave it out."""
        metadata = self.metadata
        # `raised_outside_nodes`: blame-langgraph's key for it before `run_error`, in fixtures
        return metadata.get(RUN_ERROR) is True or metadata.get("raised_outside_nodes") is True

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
            quick = _quick_step(data, _NO_SHARING)
            if quick is not None:
                return quick
        return cls._checked(data, where)

    @classmethod
    def _checked(cls, data: Any, where: str) -> Step:
        """`from_dict` field by field: converts ints to floats and names the bad field."""
        if not isinstance(data, Mapping):
            raise JSON.error(where, f"expected an object, got {JSON.describe(data)}")
        try:
            kind = StepKind(data.get("kind", "agent"))
        except ValueError:
            raise JSON.error(
                f"{where}.kind",
                f"unknown kind {data.get('kind')!r}",
                "use one of agent, tool, llm, human",
            ) from None
        parents = data.get("parents", [])
        if not isinstance(parents, list) or not all(isinstance(p, str) for p in parents):
            raise JSON.error(f"{where}.parents", "must be a list of step ids")
        metadata = data.get("metadata")
        if metadata is None:
            metadata = {}
        elif not isinstance(metadata, Mapping):
            raise JSON.error(f"{where}.metadata", "must be an object")
        return cls(
            id=get_str(data, "id", where, required=True),
            index=get_int(data, "index", where, required=True) or 0,
            kind=kind,
            name=get_str(data, "name", where, required=True),
            agent=get_str(data, "agent", where) or get_str(data, "name", where),
            input=get_str(data, "input", where),
            output=get_str(data, "output", where),
            parents=tuple(parents),
            error=_error_text(data.get("error"), where),
            latency_ms=get_number(data, "latency_ms", where),
            cost_usd=get_number(data, "cost_usd", where),
            tokens=get_int(data, "tokens", where),
            metadata=dict(metadata),
        )


def _version_error(version: Any) -> BlameError:
    """What is wrong with a trace's schema_version, and how to put it right."""
    if version is None:
        return JSON.error(
            "schema_version",
            f"is missing (this blame reads {SCHEMA_VERSION})",
            f'a blame trace starts with "schema_version": {SCHEMA_VERSION}; re-record it',
        )
    if isinstance(version, str) and version.strip() == str(SCHEMA_VERSION):
        return JSON.error(
            "schema_version",
            f"must be the number {SCHEMA_VERSION}, not the string {version!r}",
            f'write "schema_version": {SCHEMA_VERSION}',
        )
    return JSON.error(
        "schema_version",
        f"unsupported schema_version {version!r} (this blame reads {SCHEMA_VERSION})",
        "re-record the trace with this version of blame",
    )


def _error_text(error: Any, where: str) -> str | None:
    """A step's error: its message, or None when the step did not fail (other values, an
    error code, read as text). `false` would read as a step that raised 'False', `true` as
    one that raised 'True': neither says what the writer meant, so both are refused."""
    if error is None or isinstance(error, str):
        return error
    if isinstance(error, bool):
        raise JSON.error(
            f"{where}.error",
            f"must be the error's message or null, got {str(error).lower()}",
            hint="write null for a step that did not fail",
        )
    return str(error)


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
        return jsontext.dumps(self.to_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"

    @classmethod
    def from_dict(
        cls,
        data: Any,
        *,
        source: str | None = None,
        steps: Sequence[Step] | TraceBuilder | None = None,
    ) -> Trace:
        """Read the JSON form; errors name `source` and the bad field. `steps`, already read
        (`blame.tracefile` streams them into a builder that checked them), stand for the
        form's `steps` list."""
        try:
            return cls._from_dict(data, steps)
        except TraceError as error:
            if source:
                raise in_file(error, source) from None
            raise

    @classmethod
    def _from_dict(cls, data: Any, steps: Sequence[Step] | TraceBuilder | None = None) -> Trace:
        if type(data) is not dict and not isinstance(data, Mapping):
            raise JSON.error(None, f"a trace must be a JSON object, got {JSON.describe(data)}")
        version = data.get("schema_version")
        if version != SCHEMA_VERSION or type(version) is not int:
            raise _version_error(version)
        # Imported as a module: `from` would look for a package's `__path__` on every call,
        # raising and dropping an AttributeError (a replay reads a trace per test).
        import blame.builder as builder_module  # builder imports this module

        TraceBuilder = builder_module.TraceBuilder
        if isinstance(steps, TraceBuilder):
            builder = steps
        elif steps is None:
            builder = TraceBuilder()
            raw_steps = data.get("steps", [])
            if not isinstance(raw_steps, list):
                raise JSON.error("steps", "must be a list")
            builder.extend(_read_steps(raw_steps))
        else:
            builder = TraceBuilder()
            builder.extend(steps)
        metadata = data.get("metadata")
        if metadata is None:
            metadata = {}
        elif not isinstance(metadata, Mapping):
            raise JSON.error("metadata", "must be an object")
        shared = data.get("shared_context", False)
        if shared is not False and shared is not True:
            JSON.boolean(shared, "shared_context")  # raises, naming it
        return builder.keeping_links(
            cls(
                test_name=_text(data, "test_name"),
                steps=builder.steps,
                final_output=_text(data, "final_output"),
                input=_text(data, "input"),
                metadata=dict(metadata),
                shared_context=shared,
            )
        )

    @classmethod
    def from_json(cls, text: str, *, source: str | None = None) -> Trace:
        """Parse JSON text; a syntax error names the line and column."""
        import blame.importers.common as common  # importers import this module: no `from`

        return cls.from_dict(common.parse_json(text, source=source or "trace"), source=source)


def _read_steps(raw_steps: list[Any]) -> Iterator[Step]:
    """`Step.from_dict` of each item of a trace's `steps`, read as the builder checks them;
    `steps[i]` is spelt out only for a step that takes the careful path (a trace is read per
    test of every replay: the quick path's steps pay for no label)."""
    quick, checked = _quick_step, Step._checked
    for i, raw in enumerate(raw_steps):
        step = quick(raw, _NO_SHARING) if type(raw) is dict else None
        yield checked(raw, f"steps[{i}]") if step is None else step


def _text(data: Mapping[str, Any], key: str) -> str:
    """A trace's text field, as `get_str` reads it: text as it is, else converted or named."""
    value = data.get(key)
    return value if type(value) is str else get_str(data, key, "trace")


def validate_steps(steps: Sequence[Step]) -> None:
    """Indexes are positions, ids are unique, parents point backwards to known steps, and
    latency, cost and tokens are possible (`TraceBuilder`'s checks)."""
    from blame.builder import TraceBuilder

    for position, step in enumerate(steps):
        if not isinstance(step, Step):  # an agent may build a Trace from anything
            raise JSON.error(f"steps[{position}]", f"is {JSON.describe(step)}, not a blame Step")
    try:
        TraceBuilder().extend(steps)
    except TypeError as error:  # Step(latency_ms="fast", parents=[[]]) from an agent
        raise JSON.error("steps", f"a step has a field of the wrong type: {error}") from None


def validate_step_types(steps: Sequence[Step]) -> None:
    """Each text field of a Step built by hand (an agent's, an importer plugin's) is text, its
    kind a StepKind and its metadata a mapping: a check reading `output=5` crashed, and the
    crash was reported as a bug of the check type. Trace files are typed as they are read."""
    for position, step in enumerate(steps):
        where = f"steps[{position}]"
        if not isinstance(step, Step):
            raise JSON.error(where, f"is {JSON.describe(step)}, not a blame Step")
        for name in ("id", "name", "agent", "input", "output"):
            value = getattr(step, name)
            if not isinstance(value, str):
                raise JSON.error(f"{where}.{name}", f"must be text, got {JSON.describe(value)}")
        if step.error is not None and not isinstance(step.error, str):
            raise JSON.error(
                f"{where}.error", f"must be text or None, got {JSON.describe(step.error)}"
            )
        if not isinstance(step.kind, StepKind):
            raise JSON.error(f"{where}.kind", f"must be a StepKind, got {JSON.describe(step.kind)}")
        if not isinstance(step.metadata, Mapping):
            raise JSON.error(
                f"{where}.metadata", f"must be a mapping, got {JSON.describe(step.metadata)}"
            )
        if not isinstance(step.parents, (tuple, list)) or not all(
            isinstance(parent, str) for parent in step.parents
        ):
            raise JSON.error(f"{where}.parents", "must be a list of step ids")


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
    end, link = ends.append, via.append
    for step, feeders in zip(steps, parents, strict=True):
        if len(feeders) == 1:  # most steps: the loop below, quicker
            before = feeders[0]
            if before < len(ends):
                end(ends[before] + (step.latency_ms or 0.0))
                link(before)
                continue
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
    top = max(ends)
    if top == top:  # the latest of the longest ends, in two passes in C
        last = len(ends) - 1 - ends[::-1].index(top)
    else:  # NaN first (an unchecked Trace): the comparisons as they always ran
        last = max(range(len(ends)), key=lambda i: (ends[i], i))
    chain = []
    while last >= 0:
        chain.append(last)
        last = via[last]
    return tuple(reversed(chain))


_KINDS: Mapping[str, StepKind] = MappingProxyType({kind.value: kind for kind in StepKind})
"""StepKind by value: one dictionary lookup per step read instead of an enum call."""


class _StepTwin:
    """A Step's mutable twin: the same slots, so a finished twin can become a Step.

    A frozen dataclass's `__init__` sets each field through `object.__setattr__`; plain
    stores into a twin's slots take a quarter of that, which a million steps read from a file
    notice. Only `_quick_step` makes twins, and each one is a Step before anyone sees it.
    """

    __slots__ = Step.__slots__

    id: str
    index: int
    kind: StepKind
    name: str
    agent: str
    input: str
    output: str
    parents: tuple[str, ...]
    error: str | None
    latency_ms: float | None
    cost_usd: float | None
    tokens: int | None
    metadata: Mapping[str, Any]


_STEP_FIELDS = itemgetter(
    "id", "index", "kind", "name", "agent", "input", "output", "parents", "error",
    "latency_ms", "cost_usd", "tokens", "metadata",
)  # fmt: skip
"""A step dict's fields in one call, in `_quick_step`'s order."""

_NO_SHARING: dict[str, str] = {}
"""`_quick_step`'s `names` when the caller keeps no table: no name is ever added to it."""


def _quick_step(
    data: dict[str, Any], names: dict[str, str], previous: str | None = None
) -> Step | None:
    """The step of a dict as blame writes it, passing one exact type test per field; None
    for anything else (the careful path then converts or names the bad field).

    `names` maps each agent and step name already read in this trace to its first copy, so
    a million steps among a few agents hold a few strings (`_NO_SHARING`: none kept).
    `previous`, the id of the step read before: a step that names it as its only parent
    holds that string, not a copy (a million steps, a million strings fewer; looking the
    parent up among the ids then finds the very key, whose hash is known).
    """
    try:
        (step_id, index, raw_kind, name, agent, text_in, text_out, parents, error, latency, cost,
         tokens, metadata) = _STEP_FIELDS(data)  # fmt: skip
    except KeyError:  # a field left out: the careful path knows its default
        return None
    if not (
        type(step_id) is type(name) is type(agent) is type(text_in) is type(text_out) is str
        and type(raw_kind) is str
        and type(index) is int
        and agent
        and type(parents) is list
        and (
            (len(parents) == 1 and type(parents[0]) is str) or all(type(p) is str for p in parents)
        )
        and (error is None or type(error) is str)
        and (latency is None or type(latency) is float)
        and (cost is None or type(cost) is float)
        and (tokens is None or type(tokens) is int)
        and (metadata is None or type(metadata) is dict)
    ):
        return None
    kind = _KINDS.get(raw_kind)
    if kind is None:
        return None
    if names is not _NO_SHARING:
        agent = names.setdefault(agent, agent)
        name = names.setdefault(name, name)
    twin = _StepTwin()
    twin.id = step_id
    twin.index = index
    twin.kind = kind
    twin.name = name
    twin.agent = agent
    twin.input = text_in
    twin.output = text_out
    if previous is not None and len(parents) == 1 and parents[0] == previous:
        twin.parents = (previous,)
    else:
        twin.parents = tuple(parents)
    twin.error = error
    twin.latency_ms = latency
    twin.cost_usd = cost
    twin.tokens = tokens
    twin.metadata = {} if metadata is None else dict(metadata)
    twin.__class__ = Step  # type: ignore[assignment]
    return twin  # type: ignore[return-value]


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


_MOVED_TO_RESULTS = frozenset(
    {
        "BlameKind",
        "CaseResult",
        "CheckResult",
        "ERROR_PREFIX",
        "Evaluation",
        "Patch",
        "SuiteResult",
        "Suspect",
    }
)
"""Names that lived here before 0.3 and moved to `blame.results`; plugins that import them
from `blame.model` keep working."""


def __getattr__(name: str) -> Any:
    if name in _MOVED_TO_RESULTS:
        import blame.results

        return getattr(blame.results, name)
    raise AttributeError(f"module 'blame.model' has no attribute {name!r}")
