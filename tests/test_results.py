import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import blame.model
from blame.confirmation import Confirmation
from blame.errors import TraceError
from blame.results import (
    CaseResult,
    CheckResult,
    Evaluation,
    Patch,
    SuiteResult,
    Suspect,
    cut_short,
    located,
)

_texts = st.text(max_size=12)


def _suite() -> SuiteResult:
    suspect = Suspect(
        kind="handoff",
        name="Planner -> Writer",
        agent="Writer",
        step_index=2,
        confidence=0.912345,
        reason="lost 'X' between steps 0 and 2",
    )
    check = CheckResult(
        name="contains:X",
        type="contains",
        passed=False,
        score=0.0,
        weight=0.5,
        message="expected 'X'",
        blame=(suspect,),
    )
    case = CaseResult(
        name="t",
        passed=False,
        reward=0.0,
        threshold=0.75,
        checks=(check,),
        patches=(Patch(target="Planner", instructions=("When handing off, include X.",)),),
    )
    return SuiteResult(tests=(case,))


def test_results_json_matches_the_contract() -> None:
    data = json.loads(_suite().to_json())
    assert list(data) == ["schema_version", "passed", "tests"]
    test = data["tests"][0]
    assert list(test) == [
        "name", "passed", "verdict", "reward", "threshold", "error", "checks", "patches", "runs"
    ]  # fmt: skip
    check = test["checks"][0]
    assert list(check) == [
        "name", "type", "passed", "category", "score", "weight", "message", "blame", "runs"
    ]  # fmt: skip
    assert check["blame"][0] == {
        "kind": "handoff",
        "name": "Planner -> Writer",
        "agent": "Writer",
        "step_index": 2,
        "confidence": 0.9123,
        "reason": "lost 'X' between steps 0 and 2",
    }
    assert test["patches"] == [{"target": "Planner", "text": "- When handing off, include X."}]


@pytest.mark.parametrize(
    ("suspect", "ends"),
    [
        (Suspect("handoff", "A -> B", "B", 1, 0.9, "r"), ("A", "B")),
        # agent names may contain the arrow: the known receiver is cut off the end
        (Suspect("handoff", "A -> B -> C", "B -> C", 1, 0.9, "r"), ("A", "B -> C")),
        (Suspect("handoff", "X -> Y", "", None, 0.5, "r"), ("X", "Y")),
        (Suspect("handoff", "A -> B", "B", 1, 0.9, "r", sender="S", receiver="R"), ("S", "R")),
        (Suspect("agent", "A", "A", 0, 0.9, "r"), (None, None)),
        (Suspect("tool", "search", "A", 0, 0.9, "r"), (None, None)),
    ],
)
def test_a_handoff_has_structured_ends(suspect: Suspect, ends: tuple[str, str]) -> None:
    assert (suspect.sender, suspect.receiver) == ends


def test_handoff_ends_stay_out_of_the_results_json() -> None:
    """The JSON keeps its one `"A -> B"` name; reading it back restores the ends."""
    suspect = Suspect("handoff", "A -> B", "B", 1, 0.9, "r", sender="A", receiver="B")
    data = suspect.to_dict()
    assert "sender" not in data and "receiver" not in data
    assert Suspect.from_dict(data) == suspect


def test_results_round_trip_through_dicts() -> None:
    suite = _suite()
    again = SuiteResult.from_dict(json.loads(suite.to_json()))
    assert again.to_json() == suite.to_json()


def _confirmed_suite() -> SuiteResult:
    """The example suite with its suspect put to the test."""
    suite = _suite()
    case = suite.tests[0]
    check = case.checks[0]
    found = Confirmation("refuted", "restore 'X'", steps_rerun=1, steps_total=4, runs=1)
    suspect = replace(check.blame[0], confirmation=found)
    return replace(suite, tests=(replace(case, checks=(replace(check, blame=(suspect,)),)),))


def test_a_confirmation_round_trips_and_only_then_is_written() -> None:
    suite = _confirmed_suite()
    data = json.loads(suite.to_json())
    assert data["schema_version"] == 2  # an added field: readers of version 2 are unchanged
    assert data["tests"][0]["checks"][0]["blame"][0]["confirmation"] == {
        "verdict": "refuted",
        "change": "restore 'X'",
        "steps_rerun": 1,
        "steps_total": 4,
        "passes": 0,
        "runs": 1,
    }
    assert SuiteResult.from_dict(data).to_json() == suite.to_json()
    assert "confirmation" not in _suite().to_json()


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("yes", "confirmation: must be an object, got str"),
        ({"verdict": "maybe", "change": "x"}, "confirmation.verdict: must be one of confirmed, "
         "refuted, inconclusive, unavailable, got 'maybe'"),
        ({"verdict": "refuted"}, "confirmation.change: is required"),
    ],
)  # fmt: skip
def test_a_hand_edited_confirmation_names_the_bad_field(value: object, message: str) -> None:
    data = json.loads(_confirmed_suite().to_json())
    data["tests"][0]["checks"][0]["blame"][0]["confirmation"] = value
    with pytest.raises(TraceError) as caught:
        SuiteResult.from_dict(data, source="latest.json")
    assert str(caught.value).startswith(f"latest.json: tests[0].checks[0].blame[0].{message}")


def test_results_from_foreign_json_is_a_clear_error() -> None:
    with pytest.raises(TraceError, match="not a blame results file"):
        SuiteResult.from_dict({"tests": []}, source="latest.json")


def _edit(path: str, value: object) -> dict[str, object]:
    """The example suite's results JSON with the value at `path` (dotted, ints index) replaced."""
    data = json.loads(_suite().to_json())
    *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
    node = data
    for part in parents:
        node = node[part]
    node[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("tests", None, "tests: must be a list, got NoneType"),
        ("tests.0", "x", "tests[0]: must be an object, got str"),
        ("tests.0.name", 5, "tests[0].name: must be a string, got int"),
        ("tests.0.passed", "no", "tests[0].passed: must be true or false, got str"),
        ("tests.0.reward", "x", "tests[0].reward: must be a number, got str"),
        ("tests.0.error", 5, "tests[0].error: must be a string, got int"),
        ("tests.0.checks", {}, "tests[0].checks: must be a list, got dict"),
        ("tests.0.checks.0.message", [1], "tests[0].checks[0].message: must be a string, got list"),
        ("tests.0.checks.0.weight", "x", "tests[0].checks[0].weight: must be a number, got str"),
        ("tests.0.checks.0.blame", "x", "tests[0].checks[0].blame: must be a list, got str"),
        ("tests.0.checks.0.blame.0", 5, "tests[0].checks[0].blame[0]: must be an object, got int"),
        ("tests.0.checks.0.blame.0.kind", "llm",
         "tests[0].checks[0].blame[0].kind: must be agent, tool or handoff, got 'llm'"),
        ("tests.0.checks.0.blame.0.step_index", "2",
         "tests[0].checks[0].blame[0].step_index: must be an integer, got str"),
        ("tests.0.checks.0.blame.0.confidence", None,
         "tests[0].checks[0].blame[0].confidence: is required"),
        ("tests.0.patches.0.text", 5, "tests[0].patches[0].text: must be a string, got int"),
    ],
)  # fmt: skip
def test_hand_edited_results_name_the_bad_field(path: str, value: object, message: str) -> None:
    with pytest.raises(TraceError) as caught:
        SuiteResult.from_dict(_edit(path, value), source="latest.json")
    assert str(caught.value).startswith(f"latest.json: {message}")


def test_a_huge_wrong_kind_is_quoted_bounded() -> None:
    with pytest.raises(TraceError) as caught:
        SuiteResult.from_dict(_edit("tests.0.checks.0.blame.0.kind", "x" * 1_000_000))
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("text", "instructions"),
    [
        ("- a\n- b", ("a", "b")),
        ("", ()),
        ("no bullet", ("no bullet",)),
        ("- a\n\n   \n- b\n", ("a", "b")),  # blank lines are no instructions
        ("-  two spaces", (" two spaces",)),  # one bullet, one space: the rest is the text
        ("  - indented", ("  - indented",)),  # improve cleans what a hand edit left
    ],
)
def test_a_patch_reads_its_text_as_one_instruction_a_line(
    text: str, instructions: tuple[str, ...]
) -> None:
    patch = Patch.from_dict({"target": "A", "text": text})
    assert patch.instructions == instructions


def test_a_patch_writes_its_instructions_as_a_markdown_list() -> None:
    patch = Patch("A", ("Keep X.", "Never call rm."))
    assert patch.to_dict() == {"target": "A", "text": "- Keep X.\n- Never call rm."}
    assert Patch.from_dict(patch.to_dict()) == patch


@pytest.mark.parametrize(
    ("suite", "passed", "errored"),
    [
        (SuiteResult(), True, False),
        (
            SuiteResult(tests=(CaseResult(name="a", passed=True, reward=1, threshold=0.5),)),
            True,
            False,
        ),
        (
            SuiteResult(
                tests=(CaseResult(name="a", passed=False, reward=0, threshold=0.5, error="boom"),)
            ),
            False,
            True,
        ),
    ],
)
def test_suite_status(suite: SuiteResult, passed: bool, errored: bool) -> None:
    assert suite.passed is passed
    assert suite.errored is errored


@pytest.mark.parametrize(
    ("finished", "said"),
    [
        (0, "interrupted: only the 0 tests that finished"),
        (1, "interrupted: only the 1 test that finished"),
        (2, "interrupted: only the 2 tests that finished"),
    ],
)
def test_a_run_cut_short_says_how_many_tests_finished(finished: int, said: str) -> None:
    assert cut_short(finished) == said


@pytest.mark.parametrize(
    ("evaluation", "ok"),
    [
        (Evaluation(score=1.0, message=""), True),
        (Evaluation(score=0.99, message=""), False),
        (Evaluation(score=0.5, message="", passed=True), True),
        (Evaluation(score=1.0, message="", passed=False), False),
    ],
)
def test_evaluation_ok(evaluation: Evaluation, ok: bool) -> None:
    assert evaluation.ok is ok


_instructions = st.lists(
    st.text(st.characters(blacklist_characters="\n"), min_size=1, max_size=12).filter(
        lambda line: bool(line.strip()) and not line.startswith("- ")
    ),
    max_size=3,
).map(tuple)
"""What blame writes: one line each, not blank, no bullet of its own."""

_suspects = st.builds(
    Suspect,
    kind=st.sampled_from(["agent", "tool"]),
    name=_texts,
    agent=_texts,
    step_index=st.none() | st.integers(min_value=0, max_value=10**6),
    confidence=st.floats(min_value=0, max_value=1),
    reason=_texts,
)
_handoffs = st.builds(
    lambda sender, receiver, *rest: Suspect(
        "handoff", f"{sender} -> {receiver}", receiver, *rest, sender=sender, receiver=receiver
    ),
    st.text(min_size=1, max_size=6),
    st.text(min_size=1, max_size=6),
    st.none() | st.integers(min_value=0, max_value=10**6),
    st.floats(min_value=0, max_value=1),
    _texts,
)
_checks = st.builds(
    CheckResult,
    name=_texts,
    type=_texts,
    passed=st.booleans(),
    score=st.floats(min_value=0, max_value=1),
    weight=st.floats(min_value=0, max_value=100),
    message=_texts,
    blame=st.lists(_suspects | _handoffs, max_size=3).map(tuple),
)
_cases = st.builds(
    CaseResult,
    name=_texts,
    passed=st.booleans(),
    reward=st.floats(min_value=0, max_value=1),
    threshold=st.floats(min_value=0, max_value=1),
    error=st.none() | _texts,
    checks=st.lists(_checks, max_size=3).map(tuple),
    patches=st.lists(st.builds(Patch, target=_texts, instructions=_instructions), max_size=2).map(
        tuple
    ),
)


@settings(deadline=None, max_examples=60)  # a shared, loaded machine: no per-example deadline
@given(st.lists(_cases, max_size=3).map(lambda cases: SuiteResult(tests=tuple(cases))))
def test_any_results_round_trip_through_json(suite: SuiteResult) -> None:
    """Rounded once on the way out, then stable; handoff ends come back from the name."""
    data = json.loads(suite.to_json())
    again = SuiteResult.from_dict(data)
    assert again.to_json() == suite.to_json()
    for before, after in zip(suite.tests, again.tests, strict=True):
        for check_before, check_after in zip(before.checks, after.checks, strict=True):
            ends = [(s.sender, s.receiver) for s in check_before.blame]
            assert [(s.sender, s.receiver) for s in check_after.blame] == ends


@pytest.mark.parametrize(
    "name",
    ["BlameKind", "CaseResult", "CheckResult", "Evaluation", "Patch", "SuiteResult", "Suspect"],
)
def test_results_names_still_import_from_blame_model(name: str) -> None:
    """Plugins written before the split import these from `blame.model` (README's migration)."""
    import blame.results

    assert getattr(blame.model, name) is getattr(blame.results, name)


def test_blame_model_still_names_a_missing_attribute() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        blame.model.Nothing  # noqa: B018


@pytest.mark.parametrize(
    ("folder", "error", "shown"),
    [
        (
            "/ci/work",
            "/ci/work/traces/t.json: steps: must be a list",
            "traces/t.json: steps: must be a list",
        ),
        (
            "/ci/work",
            "no fixture; expected /ci/work/.blame/f.json",
            "no fixture; expected .blame/f.json",
        ),
        ("/ci/work", "/ci/workshop/t.json: no such file", "/ci/workshop/t.json: no such file"),
        ("/ci/work", "/ci/work: is a directory", "/ci/work: is a directory"),
        ("/", "/etc/t.json: no such file", "/etc/t.json: no such file"),
        ("/ci/work", None, None),
    ],
)
def test_located_writes_the_projects_paths_relative_to_it(
    folder: str, error: str | None, shown: str | None
) -> None:
    case = CaseResult(name="t", passed=False, reward=0.0, threshold=0.75, error=error)
    assert located(case, folder) == replace(case, error=shown)


def _passed(score: float, weight: float, passed: bool = True) -> CheckResult:
    return CheckResult("c", "contains", passed, score, weight, "output contains 'X'")


@pytest.mark.parametrize(
    "checks",
    [
        # equal values json writes apart: 1, 1.0 and True; 0.0 and -0.0; a rounded score
        (_passed(1.0, 2.0), _passed(1, 2.0), _passed(True, 2.0), _passed(1.0, 2)),
        (_passed(1.0, 0.0), _passed(1.0, -0.0), _passed(0.0, 1.0), _passed(-0.0, 1.0)),
        (_passed(0.99999, 1.0), _passed(1.0, 1.0), _passed(0.99999, 1.0)),
        (_passed(1.0, 1.0, passed=True), _passed(1.0, 1.0, passed=1)),  # type: ignore[arg-type]
        (_passed(1.0, 1.0), replace(_passed(1.0, 1.0), error="boom"), _passed(1.0, 1.0)),
    ],
)
def test_repeated_checks_are_written_as_each_one_is(checks: tuple[CheckResult, ...]) -> None:
    suite = SuiteResult(tests=(CaseResult("t", True, 1.0, 0.5, checks=checks),) * 2)
    assert suite.to_json() == json.dumps(suite.to_dict(), indent=2, ensure_ascii=False) + "\n"


def test_repeated_checks_of_repeated_tests_are_written_as_each_one_is() -> None:
    """A passed check of a test run more than once is keyed with its statistics' counts."""
    from blame.runstats import CheckRuns

    check = _passed(1.0, 2.0)
    checks = (
        check,
        replace(check, runs=CheckRuns(2, 0)),
        replace(check, runs=CheckRuns(3, 0)),
        replace(check, runs=CheckRuns(1, 0)),
        replace(check, runs=CheckRuns(True, 0)),  # type: ignore[arg-type]
        replace(check, runs=CheckRuns(2, 0, unattributed=1)),
        replace(check, runs=CheckRuns(2, 1)),
        replace(check, runs=CheckRuns(2, 0)),
    )
    suite = SuiteResult(tests=(CaseResult("t", True, 1.0, 0.5, checks=checks),) * 2)
    assert suite.to_json() == json.dumps(suite.to_dict(), indent=2, ensure_ascii=False) + "\n"


def test_repeated_graphs_are_written_as_each_one_is() -> None:
    from blame.casegraph import CaseGraph, GraphNode

    nodes = (GraphNode(0, "Planner", "Planner", "agent"), GraphNode(1, "s", "Planner", "tool"))
    graphs = [
        CaseGraph("step", nodes, ((0, 1),), 2),
        CaseGraph("step", nodes, ((0, 1),), 2),
        CaseGraph("agent", nodes, ((0, 1),), 2),
        CaseGraph("step", nodes[:1], (), 1),
    ]
    tests = tuple(CaseResult(f"t{i}", False, 0.0, 0.5, graph=g) for i, g in enumerate(graphs))
    suite = SuiteResult(tests=tests)
    assert suite.to_json() == json.dumps(suite.to_dict(), indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize(
    ("check_type", "passed", "error", "category"),
    [
        ("contains", False, None, "missing content"),
        ("contains", True, None, None),
        ("contains", False, "boom", "error in run"),
        ("contains", True, "boom", "error in run"),
        ("tool_succeeded", False, None, "tool failure"),
        ("max_steps", False, None, "budget exceeded"),
        ("my_plugin_check", False, None, "other"),
    ],
)
def test_a_checks_category_is_its_outcomes(
    check_type: str, passed: bool, error: str | None, category: str | None
) -> None:
    """Asked twice, a check gives the same category, in the property and in its JSON form."""
    for _ in range(2):
        check = CheckResult("c", check_type, passed, float(passed), 1.0, "m", error=error)
        assert check.category == category
        assert check.to_dict()["category"] == category


def test_a_code_patch_keeps_its_mark_in_the_results_json() -> None:
    patch = Patch("issue_refund", ("Fix it.",), code=True)
    assert patch.to_dict() == {"target": "issue_refund", "text": "- Fix it.", "code": True}
    assert Patch.from_dict(patch.to_dict()) == patch
    assert "code" not in Patch("Clerk", ("Fix it.",)).to_dict()
