import math
from typing import Any

import pytest

from blame.builder import TraceBuilder
from blame.errors import TraceError
from blame.model import Step, StepKind


def _add(builder: TraceBuilder, agent: str = "A", **fields: Any) -> str:
    return builder.add(kind=StepKind.AGENT, name=agent, agent=agent, **fields)


def test_steps_are_numbered_and_named_in_order() -> None:
    builder = TraceBuilder("t", input="task")
    first = _add(builder, output="x")
    second = _add(builder, "B", parents=[first], output="y")
    trace = builder.build("y", metadata={"framework": "python"})
    assert (first, second) == ("s0", "s1")
    assert [(s.index, s.id, s.parents) for s in trace.steps] == [(0, "s0", ()), (1, "s1", ("s0",))]
    assert (trace.test_name, trace.input, trace.final_output) == ("t", "task", "y")
    assert trace.metadata == {"framework": "python"} and not trace.shared_context


def test_a_source_keeps_its_own_ids() -> None:
    builder = TraceBuilder()
    root = _add(builder, id="span-a")
    assert _add(builder, parents=[root], id="span-b") == "span-b"
    assert builder[1].parents == ("span-a",)
    assert builder.last is builder[1] and len(builder) == 2


@pytest.mark.parametrize(
    ("fields", "field", "fragment"),
    [
        ({"parents": ["s7"]}, "step 1 (A).parents", "unknown parent step id 's7'"),
        ({"id": "s0"}, "step 1 (A).id", "duplicate step id 's0'"),
        ({"latency_ms": -1.0}, "step 1 (A).latency_ms", "at least 0, got -1.0"),
        ({"latency_ms": math.nan}, "step 1 (A).latency_ms", "finite"),
        ({"cost_usd": math.inf}, "step 1 (A).cost_usd", "got inf"),
        ({"cost_usd": "cheap"}, "step 1 (A).cost_usd", "must be a number, got str"),
        ({"tokens": -3}, "step 1 (A).tokens", "at least 0, got -3"),
        ({"tokens": 2.5}, "step 1 (A).tokens", "must be an integer, got float"),
        ({"tokens": True}, "step 1 (A).tokens", "must be an integer, got bool"),
    ],
)
def test_impossible_steps_are_refused_naming_step_and_field(
    fields: dict[str, Any], field: str, fragment: str
) -> None:
    builder = TraceBuilder()
    _add(builder)
    with pytest.raises(TraceError) as caught:
        _add(builder, **fields)
    assert caught.value.field == field
    assert fragment in caught.value.message
    assert len(builder) == 1, "a refused step is not kept"


def test_where_names_the_step_as_the_source_does() -> None:
    builder = TraceBuilder()
    with pytest.raises(TraceError) as caught:
        _add(builder, parents=["x"], where="messages[0]")
    assert caught.value.field == "messages[0].parents"


def test_a_parent_must_come_before_its_child() -> None:
    """A step cannot name itself or a later step: the graph has no cycles."""
    builder = TraceBuilder()
    with pytest.raises(TraceError, match="unknown parent step id 's0'"):
        _add(builder, parents=["s0"])


def test_append_checks_a_step_made_elsewhere() -> None:
    builder = TraceBuilder()
    stray = Step(id="a", index=3, kind=StepKind.AGENT, name="A", agent="A")
    with pytest.raises(TraceError) as caught:
        builder.append(stray, where="steps[0]")
    assert (caught.value.field, caught.value.message) == (
        "steps[0].index",
        "index is 3, expected 0",
    )
    ok = Step(id="a", index=0, kind=StepKind.AGENT, name="A", agent="A", latency_ms=0.0)
    builder.append(ok)
    assert builder.steps == (ok,)


def test_zero_and_integer_numbers_are_kept_as_floats() -> None:
    builder = TraceBuilder()
    _add(builder, latency_ms=0, cost_usd=2, tokens=0)
    step = builder[0]
    assert (step.latency_ms, step.cost_usd, step.tokens) == (0.0, 2.0, 0)
    assert isinstance(step.latency_ms, float) and isinstance(step.cost_usd, float)


def test_an_importer_gives_the_runs_input_when_it_knows_it() -> None:
    builder = TraceBuilder("t", input="at the start")
    assert builder.build().input == "at the start"
    assert builder.build(input="learnt from the steps").input == "learnt from the steps"


@pytest.mark.parametrize(
    ("change", "field", "fragment"),
    [
        ({"index": 5}, "steps[1].index", "index is 5, expected 1"),
        ({"id": "a"}, "steps[1].id", "duplicate step id 'a'"),
        ({"parents": ("zz",)}, "steps[1].parents", "unknown parent step id 'zz'"),
        ({"latency_ms": -2.0}, "steps[1].latency_ms", "at least 0"),
        ({"cost_usd": math.nan}, "steps[1].cost_usd", "finite"),
        ({"tokens": -1}, "steps[1].tokens", "at least 0"),
    ],
)
def test_extend_checks_what_append_checks(
    change: dict[str, Any], field: str, fragment: str
) -> None:
    from dataclasses import replace

    first = Step(id="a", index=0, kind=StepKind.AGENT, name="A", agent="A")
    second = replace(
        Step(id="b", index=1, kind=StepKind.AGENT, name="B", agent="B", parents=("a",)), **change
    )
    builder = TraceBuilder()
    with pytest.raises(TraceError) as caught:
        builder.extend([first, second])
    assert (caught.value.field, fragment in caught.value.message) == (field, True)
    assert builder.steps == (first,)


def test_fail_gives_an_added_step_its_error_later() -> None:
    builder = TraceBuilder("t")
    first = builder.add(kind=StepKind.AGENT, name="A", agent="A", output="code")
    builder.add(kind=StepKind.TOOL, name="T", agent="A", parents=[first])

    builder.fail(first, "NameError: x")

    assert [s.error for s in builder.build().steps] == ["NameError: x", None]
    with pytest.raises(KeyError):
        builder.fail("s9", "E")


def test_a_built_trace_knows_its_parent_indexes_as_a_fresh_pass_finds_them() -> None:
    from blame.model import Trace, parent_indexes

    def step(index: int, parents: tuple[str, ...]) -> Step:
        return Step(id=f"s{index}", index=index, kind=StepKind.AGENT, name="A", agent="A",
                    parents=parents)  # fmt: skip

    steps = [step(0, ()), step(1, ("s0",)), step(2, ("s0", "s1")), step(3, ("s2", "s2"))]
    builder = TraceBuilder()
    builder.extend(steps[:2])
    builder.append(steps[2])
    builder.extend(steps[3:])
    built = builder.build("out")
    read = Trace.from_dict(built.to_dict())
    fresh = parent_indexes(built.steps)
    assert fresh == [[], [0], [0, 1], [2, 2]]
    assert built.parent_indexes() == read.parent_indexes() == fresh
    builder.add(kind=StepKind.AGENT, name="B", agent="B")  # a trace built before keeps its own
    assert built.parent_indexes() == fresh
