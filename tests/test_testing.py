"""blame.testing: the helpers plugin authors use to build traces and run checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from blame.checks.content import Text
from blame.context import RunContext
from blame.errors import ConfigError, PluginError
from blame.model import Check, StepKind, Trace
from blame.plugintypes import EVALUATORS
from blame.results import Evaluation
from blame.testing import agent, assert_plugin, chain, make_check, patches_for, run_check, tool


def test_chain_links_each_step_to_the_previous_one() -> None:
    trace = chain(
        agent("Planner", "find flights"),
        tool("search", ["LH 123"], agent="Planner", args={"to": "Paris"}),
        ("Writer", "Booked LH 123"),
        input="to Paris",
        test_name="trip",
    )
    assert trace.test_name == "trip" and trace.input == "to Paris"
    assert [(s.kind, s.name, s.agent) for s in trace.steps] == [
        (StepKind.AGENT, "Planner", "Planner"),
        (StepKind.TOOL, "search", "Planner"),
        (StepKind.AGENT, "Writer", "Writer"),
    ]
    assert [s.input for s in trace.steps] == ["to Paris", '{"to": "Paris"}', '["LH 123"]']
    assert [s.parents for s in trace.steps] == [(), ("s0",), ("s1",)]
    assert trace.final_output == "Booked LH 123"


def test_chain_final_output_and_step_fields() -> None:
    trace = chain(
        agent("A", "x", input="given", error="timeout", latency_ms=5, cost_usd=0.25),
        final_output={"answer": 1},
    )
    step = trace.steps[0]
    assert (step.input, step.error, step.latency_ms, step.cost_usd) == (
        "given",
        "timeout",
        5.0,
        0.25,
    )
    assert trace.final_output == '{"answer": 1}'


def test_chain_rejects_what_is_not_a_turn() -> None:
    with pytest.raises(TypeError, match=r"turn 1: expected a Turn or an \(agent, output\) pair"):
        chain(("A", "x"), "B")  # type: ignore[arg-type]


def test_make_check_validates_and_labels_like_the_config() -> None:
    check = make_check("contains", value="Paris", weight=2.0, agent_name="Writer")
    assert check == Check(
        type="contains",
        name=check.name,
        weight=2.0,
        agent_name="Writer",
        params={"value": "Paris"},
        bound=Text("Paris"),
    )
    assert "Paris" in check.name
    with pytest.raises(ConfigError, match=r"^make_check: json_schema: json_schema needs schema"):
        make_check("json_schema")
    with pytest.raises(PluginError, match=r"unknown check type 'nope'"):
        make_check("nope")


def test_make_check_resolves_files_against_base_dir(tmp_path: Path) -> None:
    (tmp_path / "s.json").write_text('{"required": ["id"]}', encoding="utf-8")
    check = make_check("json_schema", schema="s.json", base_dir=tmp_path)
    assert (check.bound.schema, check.bound.file) == ({"required": ["id"]}, "s.json")
    assert check.name == "json_schema:s.json"


def test_run_check_blames_like_blame_test() -> None:
    trace = chain(agent("Extractor", '{"email": "a@b.c"}'), agent("Formatter", "{}"))
    check = make_check("json_schema", schema={"required": ["email"]})
    result = run_check(check, trace)
    assert not result.passed and result.score == 0.0
    assert [(s.kind, s.name, s.step_index) for s in result.blame] == [("agent", "Formatter", 1)]
    passing = run_check(check, chain(("A", '{"email": "x"}')))
    assert passing.passed and passing.blame == ()


def test_patches_for_uses_the_plugin_phrasing() -> None:
    trace = chain(agent("Extractor", '{"email": "a@b.c"}'), agent("Formatter", "{}"))
    check = make_check("json_schema", schema={"required": ["email"]})
    [patch] = patches_for(check, trace)
    assert patch.target == "Formatter"
    assert "Return a JSON object; field email is required." in patch.text


class _Raises:
    type = "raises_in_test"

    def validate(self, params: object) -> None:
        return None

    def label(self, params: object) -> str:
        return "raises_in_test"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        raise RuntimeError("plugin bug")


def test_run_check_raises_naming_the_plugin() -> None:
    context = RunContext()
    context.plugins.add_local(EVALUATORS, _Raises(), "tests.raises")
    with pytest.raises(PluginError) as caught:
        run_check(Check("raises_in_test", "raises_in_test"), chain(("A", "x")), context=context)
    assert caught.value.format() == (
        "check type 'raises_in_test' could not evaluate: "
        "check raises_in_test: local plugin tests.raises raised RuntimeError: plugin bug in "
        "evaluate(); this is a bug in the plugin; report it to its authors"
    )


class _Labels:
    """A check type whose label() returns whatever it was given."""

    type = "labels_in_test"

    def __init__(self, name: object) -> None:
        self.name = name

    def validate(self, params: object) -> None:
        return None

    def label(self, params: object) -> object:
        if isinstance(self.name, Exception):
            raise self.name
        return self.name

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        return Evaluation(passed=True, score=1.0)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (42, "returned int from label(), expected str"),
        (None, "returned NoneType from label(), expected str"),
        (b"bytes", "returned bytes from label(), expected str"),
        (ValueError("boom"), "crashed naming the check (label()): ValueError: boom"),
    ],
)
def test_make_check_refuses_a_label_that_is_not_text(name: object, message: str) -> None:
    context = RunContext()
    context.plugins.add_local(EVALUATORS, _Labels(name), "tests.labels")
    with pytest.raises(PluginError) as caught:
        make_check("labels_in_test", context=context)
    assert caught.value.format() == f"make_check: check type 'labels_in_test' {message}"


class _Crashes:
    """A check type whose bind() or label() raises `error`."""

    type = "crashes_in_test"

    def __init__(self, method: str, error: Exception) -> None:
        self.method, self.error = method, error

    def bind(self, params: object, *, base_dir: Path) -> None:
        if self.method == "bind":
            raise self.error

    def label(self, params: object) -> str:
        if self.method == "label":
            raise self.error
        return self.type

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        return Evaluation(passed=True, score=1.0)

    def attribute(self, check: Check, evaluation: Evaluation, graph: object) -> None:
        return None

    def patch(self, check: Check, suspect: object, trace: Trace | None) -> None:
        return None


@pytest.mark.parametrize(
    ("method", "error", "message"),
    [
        ("bind", ValueError("boom"), "crashed validating its parameters: ValueError: boom"),
        ("bind", RuntimeError(), "crashed validating its parameters: RuntimeError"),
        ("label", ValueError("boom"), "crashed naming the check (label()): ValueError: boom"),
        ("label", KeyError("name"), "crashed naming the check (label()): KeyError: 'name'"),
        (
            "label",
            ValueError("two\n  lines"),
            "crashed naming the check (label()): ValueError: two lines",
        ),
    ],
)
def test_make_check_says_which_method_of_a_check_type_crashed(
    method: str, error: Exception, message: str
) -> None:
    context = RunContext()
    context.plugins.add_local(EVALUATORS, _Crashes(method, error), "tests.crashes")
    with pytest.raises(PluginError) as caught:
        make_check("crashes_in_test", context=context)
    assert caught.value.format() == f"make_check: check type 'crashes_in_test' {message}"


def test_assert_plugin() -> None:
    assert_plugin(_Raises())
    with pytest.raises(AssertionError, match=r"^_Raises object does not satisfy the Importer"):
        assert_plugin(_Raises(), "blame.importers")


def test_assert_passes_returns_the_result_or_names_the_culprit() -> None:
    from blame.recorder import TraceRecorder
    from blame.testing import assert_passes

    def trace(answer: str) -> Trace:
        rec = TraceRecorder(test_name="city")
        rec.step("Researcher", input="Where is the Louvre?", output="The Louvre is in Paris.")
        rec.step("Writer", input="The Louvre is in Paris.", output=answer)
        return rec.finalize(final_output=answer)

    check = make_check("contains", value="Paris")
    assert assert_passes(trace("It is in Paris."), check).passed
    with pytest.raises(AssertionError, match=r"culprit 1: agent Writer, step 1") as raised:
        assert_passes(trace("It is in Lyon."), check)
    assert "patch for Writer:" in str(raised.value)
