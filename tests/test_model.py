import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blame.errors import TraceError
from blame.model import SCHEMA_VERSION, Step, StepKind, Trace, slowest_chain, validate_steps


def _trace() -> Trace:
    return Trace(
        test_name="t",
        input="question",
        final_output="answer ü",
        metadata={"framework": "python"},
        steps=(
            Step(
                id="s0",
                index=0,
                kind=StepKind.AGENT,
                name="Planner",
                agent="Planner",
                input="question",
                output="plan",
                latency_ms=12.5,
                tokens=40,
                cost_usd=0.01,
                metadata={"model": "fake"},
            ),
            Step(
                id="s1",
                index=1,
                kind=StepKind.TOOL,
                name="search",
                agent="Planner",
                input='{"q": "x"}',
                output="",
                parents=("s0",),
                error="TimeoutError: slow",
            ),
            Step(
                id="s2",
                index=2,
                kind=StepKind.AGENT,
                name="Writer",
                agent="Writer",
                input="plan",
                output="answer ü",
                parents=("s0", "s1"),
            ),
        ),
    )


def test_trace_json_round_trips_exactly() -> None:
    trace = _trace()
    assert Trace.from_json(trace.to_json()) == trace
    assert Trace.from_json(trace.to_json()).to_json() == trace.to_json()


def test_shared_context_is_written_only_when_set() -> None:
    """Traces without it keep their bytes; a chat trace's flag survives a round trip."""
    assert "shared_context" not in _trace().to_dict()
    chat = Trace(test_name="t", shared_context=True)
    assert chat.to_dict()["shared_context"] is True
    assert Trace.from_json(chat.to_json()) == chat


def test_trace_json_is_versioned_and_deterministic() -> None:
    data = json.loads(_trace().to_json())
    assert data["schema_version"] == SCHEMA_VERSION
    assert _trace().to_json() == _trace().to_json()


def test_trace_agents_in_order_of_appearance() -> None:
    assert _trace().agents == ("Planner", "Writer")


def test_step_failed_reflects_error() -> None:
    trace = _trace()
    assert [s.failed for s in trace.steps] == [False, True, False]


@pytest.mark.parametrize(
    ("mutate", "field", "fragment"),
    [
        (lambda d: d.update(schema_version=99), "schema_version", "unsupported schema_version 99"),
        (lambda d: d.update(schema_version="1"), "schema_version", "the number 1, not the string"),
        (lambda d: d.update(schema_version=True), "schema_version", "schema_version True"),
        (lambda d: d.update(schema_version=1.0), "schema_version", "schema_version 1.0"),
        (lambda d: d.pop("schema_version"), "schema_version", "is missing (this blame reads 1)"),
        (lambda d: d.update(steps={}), "steps", "must be a list"),
        (lambda d: d["steps"][0].update(kind="robot"), "steps[0].kind", "unknown kind 'robot'"),
        (lambda d: d["steps"][0].pop("id"), "steps[0].id", "is required"),
        (lambda d: d["steps"][1].update(index=5), "steps[1].index", "index is 5, expected 1"),
        (lambda d: d["steps"][2].update(id="s0"), "steps[2].id", "duplicate step id 's0'"),
        (lambda d: d["steps"][1].update(parents=["s9"]), "steps[1].parents", "parent step id 's9'"),
        (lambda d: d["steps"][0].update(latency_ms="fast"), "steps[0].latency_ms", "must be a num"),
        (lambda d: d["steps"][0].update(tokens=1.5), "steps[0].tokens", "must be an integer"),
        (lambda d: d["steps"][0].update(latency_ms=-5), "steps[0].latency_ms", "at least 0"),
        (lambda d: d["steps"][0].update(tokens=-1), "steps[0].tokens", "at least 0"),
        (lambda d: d["steps"][0].update(output=7), "steps[0].output", "must be a string"),
        (lambda d: d.update(metadata=[]), "metadata", "must be an object"),
        (lambda d: d.update(shared_context="yes"), "shared_context", "must be true or false"),
        # impossible numbers: budget checks would add them up and pass
        (lambda d: d["steps"][1].update(cost_usd=-1000), "steps[1].cost_usd", "got -1000"),
        (lambda d: d["steps"][1].update(cost_usd=float("-inf")), "steps[1].cost_usd", "got -inf"),
        (lambda d: d["steps"][0].update(cost_usd=float("nan")), "steps[0].cost_usd", "got nan"),
        (lambda d: d["steps"][0].update(latency_ms=-5e9), "steps[0].latency_ms", "-5000000000.0"),
        (lambda d: d["steps"][0].update(latency_ms=float("inf")), "steps[0].latency_ms", "inf"),
        (lambda d: d["steps"][2].update(tokens=-3), "steps[2].tokens", "at least 0, got -3"),
    ],
)
def test_bad_trace_names_the_field(mutate, field: str, fragment: str) -> None:
    data = json.loads(_trace().to_json())
    mutate(data)
    with pytest.raises(TraceError) as caught:
        Trace.from_dict(data, source="run.json")
    assert caught.value.file == "run.json"
    assert caught.value.field == field
    assert fragment in caught.value.message


def test_invalid_json_names_line_and_column() -> None:
    with pytest.raises(TraceError, match=r"run\.json: invalid JSON at line 2 column 1"):
        Trace.from_json('{"a":\n', source="run.json")


def test_non_object_trace_is_rejected() -> None:
    with pytest.raises(TraceError, match="must be a JSON object, got list"):
        Trace.from_dict([])


def _timed(*steps: tuple[str, float | None, list[str]]) -> Trace:
    """A trace of (name, latency_ms, parent names) steps, ids named after the steps."""
    return Trace(
        test_name="t",
        steps=tuple(
            Step(id=name, index=i, kind=StepKind.AGENT, name=name, agent=name,
                 parents=tuple(parents), latency_ms=latency)
            for i, (name, latency, parents) in enumerate(steps)
        ),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("trace", "chain"),
    [
        (_timed(), ()),
        (_timed(("a", 1, []), ("b", 2, ["a"]), ("c", 3, ["b"])), (0, 1, 2)),
        # a fan-out: the slow branch is the chain, the fast one ran alongside it
        (
            _timed(
                ("plan", 1, []), ("x", 30, ["plan"]), ("y", 5, ["plan"]), ("join", 1, ["x", "y"])
            ),
            (0, 1, 3),
        ),
        # the slowest step is not on the slowest chain: two steps in a row take longer
        (
            _timed(
                ("plan", 1, []),
                ("x", 40, ["plan"]),
                ("y", 30, ["plan"]),
                ("z", 20, ["y"]),
                ("join", 1, ["x", "z"]),
            ),
            (0, 2, 3, 4),
        ),
        # equal branches: the earlier parent
        (
            _timed(
                ("plan", 1, []), ("x", 5, ["plan"]), ("y", 5, ["plan"]), ("join", 1, ["y", "x"])
            ),
            (0, 1, 3),
        ),
        # steps without latency count as instant; a later end wins over an earlier equal one
        (_timed(("a", None, []), ("b", None, ["a"])), (0, 1)),
        # two runs in one trace (no common parent): the slower one
        (_timed(("a", 5, []), ("b", 9, [])), (1,)),
    ],
    ids=["empty", "sequential", "fan-out", "longer-chain", "tie", "no latency", "roots"],
)
def test_slowest_chain(trace: Trace, chain: tuple[int, ...]) -> None:
    assert trace.slowest_chain() == chain


@settings(max_examples=300)
@given(st.lists(st.none() | st.sampled_from([0.0, -0.0, 3.0]) | st.floats(), max_size=8))
def test_the_slowest_of_separate_steps_is_the_latest_longest(latencies: list[float | None]) -> None:
    # Ties, signed zeros, infinities and NaN (a Trace built by hand is not checked): the
    # chain ends where comparing (end, index) pairs says, as it always did.
    steps = [
        Step(id=f"s{i}", index=i, kind=StepKind.AGENT, name="a", agent="a", latency_ms=latency)
        for i, latency in enumerate(latencies)
    ]
    ends = [0.0 + (latency or 0.0) for latency in latencies]
    expected = (max(range(len(ends)), key=lambda i: (ends[i], i)),) if ends else ()
    assert slowest_chain(steps, [[] for _ in steps]) == expected


# Property-based: any valid trace or results survive their JSON form -------------------------

_texts = st.text(max_size=12)
_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_texts, inner, max_size=3),
    max_leaves=8,
)
_amounts = st.none() | st.floats(min_value=0, allow_infinity=False, allow_nan=False)


@st.composite
def traces(draw: st.DrawFn) -> Trace:
    """Valid traces: unique ids, parents among earlier steps, possible numbers."""
    ids = draw(st.lists(st.text(min_size=1, max_size=6), unique=True, max_size=8))
    steps = []
    for index, step_id in enumerate(ids):
        steps.append(
            Step(
                id=step_id,
                index=index,
                kind=draw(st.sampled_from(StepKind)),
                name=draw(_texts),
                agent=draw(st.text(min_size=1, max_size=8)),
                input=draw(_texts),
                output=draw(_texts),
                parents=tuple(draw(st.lists(st.sampled_from(ids[:index]), max_size=3)))
                if index
                else (),
                error=draw(st.none() | _texts),
                latency_ms=draw(_amounts),
                cost_usd=draw(_amounts),
                tokens=draw(st.none() | st.integers(min_value=0, max_value=2**40)),
                metadata=draw(st.dictionaries(_texts, _json_values, max_size=3)),
            )
        )
    return Trace(
        test_name=draw(_texts),
        steps=tuple(steps),
        final_output=draw(_texts),
        input=draw(_texts),
        metadata=draw(st.dictionaries(_texts, _json_values, max_size=3)),
        shared_context=draw(st.booleans()),
    )


@settings(deadline=None, max_examples=60)  # a shared, loaded machine: no per-example deadline
@given(traces())
def test_any_trace_round_trips_through_json(trace: Trace) -> None:
    text = trace.to_json()
    assert Trace.from_json(text) == trace
    assert Trace.from_json(text).to_json() == text


@settings(deadline=None, max_examples=60)  # a shared, loaded machine: no per-example deadline
@given(traces())
def test_the_quick_and_the_careful_step_reading_agree(trace: Trace) -> None:
    for step in json.loads(trace.to_json())["steps"]:
        assert Step.from_dict(step) == Step._checked(step, "step")


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"latency_ms": 5, "cost_usd": 1}, {"latency_ms": 5.0, "cost_usd": 1.0}),
        ({"agent": ""}, {"agent": "Planner"}),
        ({"error": 3}, {"error": "3"}),
        ({"kind": "tool"}, {"kind": StepKind.TOOL}),
        ({"metadata": None}, {"metadata": {}}),
    ],
)
def test_steps_not_as_blame_writes_them_are_still_read(
    changes: dict[str, object], expected: dict[str, object]
) -> None:
    data = {**_trace().steps[0].to_dict(), **changes}
    step = Step.from_dict(data)
    assert {key: getattr(step, key) for key in expected} == expected


@pytest.mark.parametrize("flag", [True, False])
def test_an_error_that_is_true_or_false_is_refused_naming_the_field(flag: bool) -> None:
    """`false` would read as a step that raised 'False': a passing step blamed as failed."""
    data = json.loads(_trace().to_json())
    data["steps"][0]["error"] = flag
    with pytest.raises(TraceError) as raised:
        Trace.from_json(json.dumps(data), source="run.json")
    assert raised.value.format() == (
        f"run.json: steps[0].error: must be the error's message or null, got "
        f"{str(flag).lower()}; write null for a step that did not fail"
    )


def test_impossible_numbers_name_the_step_in_json_text_too() -> None:
    """JSON's NaN and -Infinity literals are read by json.loads: refused all the same."""
    text = _trace().to_json().replace('"cost_usd": null', '"cost_usd": -Infinity', 1)
    with pytest.raises(TraceError, match=r"run\.json: steps\[\d\]\.cost_usd: must be a finite"):
        Trace.from_json(text, source="run.json")


def test_an_agent_built_trace_is_validated_like_a_file() -> None:
    """The rules live in validate_steps, which every producer of a Trace calls."""
    good = _trace().steps
    bad = (replace(good[0], cost_usd=-1.0), *good[1:])
    with pytest.raises(TraceError, match=r"steps\[0\]\.cost_usd: must be a finite number of at l"):
        validate_steps(bad)
    with pytest.raises(TraceError, match="is dict, not a blame Step"):
        validate_steps([{"id": "x"}])  # type: ignore[list-item]
    wrong = (replace(good[0], latency_ms="fast"), *good[1:])  # type: ignore[arg-type]
    with pytest.raises(TraceError, match=r"steps: a step has a field of the wrong type"):
        validate_steps(wrong)
    huge = (replace(good[0], tokens=-(10**5000)), *good[1:])
    with pytest.raises(TraceError, match="got <integer of about 5001 digits>"):
        validate_steps(huge)
    validate_steps(good)


@pytest.mark.parametrize(
    ("metadata", "stopped"),
    [
        ({"run_error": True}, True),
        ({"raised_outside_nodes": True}, True),  # blame-langgraph's key before `run_error`
        ({"run_error": "yes"}, False),  # only the flag the adapters write
        ({}, False),
    ],
)
def test_a_step_that_records_a_run_error_is_no_step_the_run_took(
    metadata: dict[str, object], stopped: bool
) -> None:
    step = Step(
        id="s0", index=0, agent="graph", kind=StepKind.AGENT, name="graph", error="x",
        metadata=metadata,
    )  # fmt: skip
    assert step.stopped_run is stopped
