from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from blame.checks.legacy import served
from blame.errors import PluginError
from blame.model import Check, Trace
from blame.patches import handoff_ends, patch_target, suggest_patches
from blame.recorder import TraceRecorder
from blame.results import CheckResult, Patch, Suspect


def _trace() -> Trace:
    rec = TraceRecorder("t")
    rec.step("Planner", input="task", output="plan: use FastAPI")  # 0
    rec.step("Coder", input="plan: use FastAPI", output="def app(): ...")  # 1
    rec.tool("run_tests", agent="Coder", args={"path": "."}, error="exit 1")  # 2
    rec.step("Critic", input="def app(): ...", output="All done, confirmed")  # 3
    rec.tool("search", agent="Critic", output="hits")  # 4
    rec.tool("search", agent="Critic", output="hits")  # 5
    rec.step("Critic", input="hits", output="final", error="ValueError: bad")  # 6
    return rec.finalize(final_output="All done, confirmed")


def _agent(name: str, step: int | None = None) -> Suspect:
    return Suspect("agent", name, name, step, 0.9, "because")


def _tool(name: str, agent: str, step: int | None = None) -> Suspect:
    return Suspect("tool", name, agent, step, 0.9, "because")


def _handoff(sender: str, receiver: str, step: int | None = None) -> Suspect:
    return Suspect("handoff", f"{sender} -> {receiver}", receiver, step, 0.9, "because")


def _failure(
    check_type: str, suspect: Suspect | None, name: str = "", **params: Any
) -> tuple[Check, CheckResult]:
    check = Check(type=check_type, name=name or check_type, params=params)
    result = CheckResult(
        name=check.name,
        type=check_type,
        passed=False,
        score=0.0,
        weight=1.0,
        message="expected vs actual",
        blame=() if suspect is None else (suspect,),
    )
    return check, result


def _one(failure: tuple[Check, CheckResult], trace: Trace | None = None) -> Patch:
    patches = suggest_patches([failure], trace)
    assert len(patches) == 1
    return patches[0]


# (check type, params, suspect, expected target, expected text) with the trace above.
PHRASING = [
    (
        "contains",
        {"value": "FastAPI"},
        _agent("Coder", 1),
        "Coder",
        '- Keep "FastAPI" from your input in your output.',
    ),
    (
        "contains",
        {"value": "Tests"},
        _agent("Critic", 3),
        "Critic",
        '- Always include "Tests" in your output.',
    ),
    (
        "contains",
        {"value": "all done"},
        _agent("Critic", 3),
        "Critic",
        '- Always include "all done" in your output, with the same capitalisation.',
    ),
    (
        "contains",
        {"value": "all done", "case_sensitive": False},
        _agent("Critic", 3),
        "Critic",
        '- Always include "all done" in your output.',
    ),
    (
        "contains",
        {"value": "FastAPI"},
        _handoff("Planner", "Coder", 1),
        "Planner",
        '- When handing off to Coder, include "FastAPI" in what you pass on.',
    ),
    (
        "contains",
        {"value": "hits"},
        _tool("search", "Critic", 4),
        "Critic",
        '- When search returns "hits", keep it in your output; if it does not, say that it '
        "is missing.",
    ),
    (
        "not_contains",
        {"value": "password"},
        _agent("Critic", 3),
        "Critic",
        '- Never include "password" in your output.',
    ),
    (
        "not_contains",
        {"value": "hits"},
        _tool("search", "Critic", 4),
        "Critic",
        '- Never copy "hits" from the output of search into yours; remove it before you answer.',
    ),
    (
        "not_contains",
        {"value": "secret"},
        _handoff("Planner", "Coder", 1),
        "Planner",
        '- When handing off to Coder, never pass on "secret".',
    ),
    (
        "regex",
        {"value": r"\d+ tests"},
        _agent("Critic", 3),
        "Critic",
        '- Your output must contain text matching the pattern "\\\\d+ tests"; keep such text.',
    ),
    # the whole output must match: a form to write, not text to keep
    (
        "regex",
        {"value": r"^\d{4}, \d{4}$"},
        _agent("Critic", 3),
        "Critic",
        '- Write your final answer in the form the pattern "^\\\\d{4}, \\\\d{4}$" matches as a '
        "whole, with nothing around it.",
    ),
    # an escaped `$` is a dollar sign, no end of the text
    (
        "regex",
        {"value": r"^costs \d+ \$"},
        _agent("Critic", 3),
        "Critic",
        '- Your output must contain text matching the pattern "^costs \\\\d+ \\\\$"; keep such '
        "text.",
    ),
    (
        "regex",
        {"value": "v[0-9]"},
        _handoff("Coder", "Critic", 3),
        "Coder",
        '- When handing off to Critic, include the text that matches the pattern "v[0-9]".',
    ),
    (
        "exact_match",
        {"value": "plan: use FastAPI"},
        _agent("Coder", 1),
        "Coder",
        '- Pass on "plan: use FastAPI" exactly as you received it; never change or replace it.',
    ),
    (
        "exact_match",
        {"value": "42"},
        _agent("Critic", 3),
        "Critic",
        '- Your output must be exactly "42", with nothing added.',
    ),
    (
        "exact_match",
        {"value": "42"},
        _handoff("Coder", "Critic", 3),
        "Coder",
        '- When handing off to Critic, pass on "42" exactly, unchanged.',
    ),
    (
        "max_latency",
        {"seconds": 5},
        _tool("search", "Critic", 4),
        "Critic",
        "- Call search only when you need its result and reuse it; the whole run must finish "
        "within 5 s.",
    ),
    (
        "max_latency",
        {"seconds": 5},
        _agent("Coder", 1),
        "Coder",
        "- Be brief and avoid unnecessary steps or retries: the whole run must finish within 5 s.",
    ),
    (
        "max_cost",
        {"usd": 0.5},
        _agent("Planner", 0),
        "Planner",
        "- Keep responses concise and avoid repeated calls: the whole run must cost at most $0.5.",
    ),
    (
        "max_cost",
        {"usd": 0.5},
        _tool("search", "Critic", 4),
        "Critic",
        "- Call search only when you need its result and never repeat the same call; the whole "
        "run must cost at most $0.5.",
    ),
    (
        "max_steps",
        {"max": 4},
        _agent("Critic", 3),
        "Critic",
        "- Do not loop: once you have what you need, answer instead of repeating a step. The "
        "whole run must take at most 4 steps.",
    ),
    (
        "max_steps",
        {"max": 4},
        _tool("search", "Critic", 5),
        "Critic",
        "- Do not call search again with the same arguments; reuse its earlier result. The "
        "whole run must take at most 4 steps.",
    ),
    (
        "tool_called",
        {"tool": "lint"},
        _agent("Coder", 1),
        "Coder",
        "- Call lint before you answer; do not answer from memory.",
    ),
    (
        "tool_called",
        {"tool": "lint", "min": 2},
        _agent("Coder", 1),
        "Coder",
        "- Call lint at least 2 times before you answer.",
    ),
    (
        "tool_called",
        {"tool": "search", "max": 1},
        _agent("Critic", 3),
        "Critic",
        "- Call search at most 1 time(s); reuse its result instead of calling again.",
    ),
    (
        "tool_not_called",
        {"tool": "search"},
        _agent("Critic", 3),
        "Critic",
        "- Never call search.",
    ),
    (
        "tool_order",
        {"tools": ["lint", "run_tests"]},
        _agent("Coder", 1),
        "Coder",
        "- Call the tools in this order: lint, then run_tests.",
    ),
    (
        "tool_succeeded",
        {"tool": "run_tests"},
        _tool("run_tests", "Coder", 2),
        "Coder",
        "- If run_tests fails, report the failure; never claim success.",
    ),
    (
        "no_unsupported_claim",
        {"tool": "run_tests"},
        _agent("Critic", 3),
        "Critic",
        '- Never claim success ("done") unless run_tests was called '
        "and succeeded; if it failed or was not called, say so.",
    ),
    (
        "no_unsupported_claim",
        {"tool": "book", "claims": ["booked", "reserved"]},
        _agent("Critic", 3),
        "Critic",
        '- Never claim success ("booked", "reserved") unless book was called and succeeded; '
        "if it failed or was not called, say so.",
    ),
    (
        "python_import_check",
        {},
        _agent("Coder", 1),
        "Coder",
        "- Return code that imports without errors: declare every import and name you use.",
    ),
    (
        "unit_tests",
        {},
        _agent("Coder", 1),
        "Coder",
        "- Return code that passes the unit tests; check edge cases before you answer.",
    ),
    (
        "my_schema",
        {},
        _agent("Coder", 1),
        "Coder",
        '- Make sure your output satisfies the check "my_schema".',
    ),
    (
        "my_schema",
        {},
        _handoff("Coder", "Critic", 3),
        "Coder",
        '- When handing off to Critic, pass on what is needed to satisfy the check "my_schema".',
    ),
]


@pytest.mark.parametrize(("check_type", "params", "suspect", "target", "text"), PHRASING)
def test_builtin_phrasing_per_check_type_and_culprit_kind(
    check_type: str, params: dict[str, Any], suspect: Suspect, target: str, text: str
) -> None:
    patch = _one(_failure(check_type, suspect, **params), _trace())
    assert (patch.target, patch.text) == (target, text)


@pytest.mark.parametrize(
    ("suspect", "target"),
    [
        (_agent("Coder"), "Coder"),
        (_tool("run_tests", "Coder"), "Coder"),
        (_handoff("Planner", "Coder"), "Planner"),
        (_handoff("A -> B", "C"), "A -> B"),
        (Suspect("handoff", "X -> Y", "", None, 0.5, "r"), "X"),
    ],
)
def test_the_target_is_the_agent_whose_prompt_changes(suspect: Suspect, target: str) -> None:
    assert patch_target(suspect) == target


def test_handoff_ends_split_on_the_receiver() -> None:
    assert handoff_ends(_handoff("A -> B", "C")) == ("A -> B", "C")


def test_handoff_ends_are_the_suspects_fields_not_its_name() -> None:
    suspect = Suspect("handoff", "Lead -> Coder", "Coder", 1, 0.9, "r", sender="Planner")
    assert handoff_ends(suspect) == ("Planner", "Coder")
    assert patch_target(suspect) == "Planner"


def test_without_a_trace_content_phrasing_asks_to_include() -> None:
    patch = _one(_failure("contains", _agent("Coder", 1), value="FastAPI"))
    assert patch.text == '- Always include "FastAPI" in your output.'


def test_a_step_that_raised_adds_an_error_instruction() -> None:
    patch = _one(_failure("contains", _agent("Critic", 6), value="x"), _trace())
    assert patch.text.splitlines() == [
        '- Always include "x" in your output.',
        "- If a step fails, report the error clearly instead of carrying on as if it worked.",
    ]


def test_a_failed_tool_step_adds_the_report_the_failure_instruction() -> None:
    patch = _one(_failure("max_latency", _tool("run_tests", "Coder", 2), seconds=1), _trace())
    assert "- If run_tests fails, report the failure; never claim success." in patch.text


def test_patches_are_grouped_by_target_sorted_and_deduplicated() -> None:
    failures = [
        _failure("not_contains", _agent("Critic", 3), name="a", value="password"),
        _failure("contains", _handoff("Planner", "Coder", 1), name="b", value="FastAPI"),
        _failure("tool_not_called", _agent("Critic", 3), name="c", tool="search"),
        _failure("not_contains", _agent("Critic", 3), name="d", value="password"),
    ]
    patches = suggest_patches(failures, _trace())
    assert patches == (
        Patch("Critic", ("Never call search.", 'Never include "password" in your output.')),
        Patch("Planner", ('When handing off to Coder, include "FastAPI" in what you pass on.',)),
    )


def test_same_failures_in_any_order_give_identical_patches() -> None:
    failures = [
        _failure("contains", _agent("Coder", 1), name=f"c{i}", value=f"v{i}") for i in range(20)
    ] + [_failure("tool_order", _agent(f"A{i}"), name=f"o{i}", tools=["x", "y"]) for i in range(9)]
    first = suggest_patches(failures, _trace())
    again = suggest_patches(list(reversed(failures)), _trace())
    assert first == again
    assert [p.target for p in first] == sorted(p.target for p in first)


def test_passed_and_unattributed_checks_get_no_patch() -> None:
    check, result = _failure("contains", _agent("Coder", 1), value="x")
    passed = CheckResult(check.name, check.type, True, 1.0, 1.0, "ok", result.blame)
    unattributed = _failure("contains", None, value="x")
    assert suggest_patches([(check, passed), unattributed], _trace()) == ()


def test_only_the_top_suspect_is_patched() -> None:
    check, result = _failure("contains", _agent("Coder", 1), value="x")
    ranked = CheckResult(
        result.name, result.type, False, 0.0, 1.0, "m", (_agent("Critic", 3), _agent("Coder", 1))
    )
    assert [p.target for p in suggest_patches([(check, ranked)], _trace())] == ["Critic"]


HOSTILE = [
    "line one\nline two\r\n+++ b/evil\n@@ -1 +1 @@",
    "```\n# Heading\n<script>alert(1)</script>",
    "\x1b[31mred\x1b[0m\u2028sep\x00",
    "x" * 5000,
    'quote " and backslash \\',
]


@pytest.mark.parametrize("value", HOSTILE)
def test_untrusted_values_stay_one_bounded_printable_line(value: str) -> None:
    patch = _one(_failure("not_contains", _handoff(value, value, 1), value=value), _trace())
    assert patch.text.count("\n") == 0
    assert patch.text.isprintable()
    assert len(patch.text) < 250
    assert patch.target == value  # the target is a dictionary key, rendered safely by callers


class _CheckType:
    """A check type that phrases its own patch (the current protocol)."""

    type = "my_schema"

    def __init__(self, answer: Any) -> None:
        self.answer = answer

    def bind(self, params: Mapping[str, Any], *, base_dir: Any) -> tuple[()]:
        return ()

    def patch(self, check: Check, suspect: Suspect, trace: Trace | None) -> Any:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


class _OldEvaluator:
    """A 0.1 evaluator: `patch(check, suspect)`, served through the current protocol."""

    type = "my_schema"

    def validate(self, params: Mapping[str, Any]) -> str | None:
        return None

    def label(self, params: Mapping[str, Any]) -> str:
        return self.type

    def evaluate(self, check: Check, trace: Trace) -> Any:
        raise AssertionError("not called")

    def patch(self, check: Check, suspect: Suspect) -> str | None:
        return f"Return JSON matching the schema, {suspect.name}."


def _phrased(answer: Any) -> tuple[Patch, ...]:
    found: Any = _CheckType(answer)
    failure = _failure("my_schema", _agent("Coder", 1))
    return suggest_patches([failure], None, check_types={"my_schema": found})


def test_the_check_type_phrases_its_patch_made_one_line() -> None:
    assert _phrased("- Field\n`id` is required.") == (Patch("Coder", ("Field `id` is required.",)),)


@pytest.mark.parametrize("answer", [None, "", "  "])
def test_a_check_type_without_a_phrasing_gets_the_generic_one(answer: str | None) -> None:
    assert _phrased(answer) == (
        Patch("Coder", ('Make sure your output satisfies the check "my_schema".',)),
    )


def test_a_0_1_evaluators_patch_method_is_served() -> None:
    found: Any = served(_OldEvaluator())
    failure = _failure("my_schema", _agent("Coder", 1))
    patches = suggest_patches([failure], None, check_types={"my_schema": found})
    assert patches == (Patch("Coder", ("Return JSON matching the schema, Coder.",)),)


def test_a_phrasing_that_raises_is_a_plugin_error_naming_it() -> None:
    with pytest.raises(PluginError, match=r"raised RuntimeError: kaput in patch\(\)"):
        _phrased(RuntimeError("kaput"))


def test_a_phrasing_returning_a_non_string_is_a_plugin_error() -> None:
    with pytest.raises(PluginError, match=r"returned int from patch\(\), expected str or None"):
        _phrased(42)


def test_an_installed_plugin_evaluators_patch_method_is_used_by_default() -> None:
    # blame-jsonschema is installed (editable) and registers json_valid via its entry point.
    patches = suggest_patches([_failure("json_valid", _agent("Coder", 1))], _trace())
    assert patches == (
        Patch(
            "Coder",
            (
                "Return only valid JSON: no prose, comments or code fences around it, "
                "double-quoted keys and strings, no trailing commas.",
            ),
        ),
    )


def test_builtin_check_types_fall_back_to_blames_phrasing_by_default() -> None:
    patches = suggest_patches([_failure("tool_not_called", _agent("Coder", 1), tool="rm")])
    assert patches == (Patch("Coder", ("Never call rm.",)),)


def test_a_claim_patch_names_the_word_the_agent_used() -> None:
    rec = TraceRecorder("t")
    rec.step("Booker", input="book it", output="Your flight is reserved.")
    trace = rec.finalize(final_output="Your flight is reserved.")
    failure = _failure("no_unsupported_claim", _agent("Booker", 0), tool="book")
    assert _one(failure, trace).text == (
        '- Never claim success ("reserved") unless book was called and succeeded; '
        "if it failed or was not called, say so."
    )


@pytest.mark.parametrize(
    ("answer", "patched"),
    [
        ("Sorry, the booking failed: no seats left.", False),
        ("I could not book the flight.", False),
        ("The booking service timed out; please try again later.", False),
        ("Booked! Your flight is confirmed.", True),
        ("Here is your itinerary.", True),
    ],
)
def test_a_tool_failure_patch_skips_a_caller_that_reported_it(answer: str, patched: bool) -> None:
    """The tool is to blame; a caller that told the user needs no new instruction."""
    rec = TraceRecorder("t")
    rec.step("Booker", input="book it", output="calling book")
    rec.tool("book", agent="Booker", error="503 unavailable")
    rec.step("Booker", input="503 unavailable", output=answer)
    trace = rec.finalize(final_output=answer)
    failure = _failure("tool_succeeded", _tool("book", "Booker", 1), tool="book")
    assert bool(suggest_patches([failure], trace)) is patched


def _figures(output: str, final: str | None = None) -> Trace:
    rec = TraceRecorder("t", input="Total of invoice INV-7?")
    rec.tool("fetch_invoice", agent="Researcher", output="subtotal: 1,250.00 USD; tax: 100.00 USD")
    rec.step("Researcher", input="subtotal: 1,250.00 USD; tax: 100.00 USD", output=output)  # 1
    return rec.finalize(final_output=output if final is None else final)


INCLUDE = '- Always include "1350" in your output.'
UNIT = (
    '- When you give a figure in another unit, convert it: your input gave "1,250.00 USD" and '
    'you wrote "1,250.00 EUR".'
)
MADE_UP = (
    "- Write only figures that your input or tool results give, copied exactly, or that you "
    'compute from them; you wrote "1,520.00", which they do not support.'
)


@pytest.mark.parametrize(
    ("check_type", "value", "output", "text"),
    [
        # misread: 1,250.00 read as 1,520.00; the checked total is nowhere in the step
        ("contains", "1350", "subtotal 1,520.00, tax 100.00", MADE_UP),
        ("exact_match", "1350", "subtotal 1,520.00, tax 100.00", MADE_UP),
        ("contains", "1350", "total: 1,520.00", MADE_UP),
        # a wrong sum: the phrasing allows what the step computes
        ("contains", "1350", "total 1,360.00", MADE_UP.replace("1,520.00", "1,360.00")),
        # a figure of the input given another unit, not converted
        ("contains", "1350", "subtotal 1,250.00 EUR, tax 100.00 EUR", UNIT),
        # the same unit spelled otherwise changed nothing
        ("contains", "1350", "subtotal 1,250.00 usd", INCLUDE),
        # the right figure in another form: a format slip, not a made-up figure
        ("contains", "1350", "total 1,350.00 (from 1,520.00)", INCLUDE),
        # every figure it wrote was given (INV-7's 7 is the task's; 100.00 is the 100)
        ("contains", "1350", "INV-7: tax 100", INCLUDE),
        # list numbering is not a figure
        ("contains", "1350", "1. fetch 2. add", INCLUDE),
        # the checked value is not a number
        ("contains", "Paris", "subtotal 1,520.00", '- Always include "Paris" in your output.'),
        ("exact_match", "Paris", "subtotal 1,520.00", '- Your output must be exactly "Paris", with '
         'nothing added.'),
    ],
)  # fmt: skip
def test_a_step_that_wrote_a_figure_it_was_not_given_is_told_where_figures_come_from(
    check_type: str, value: str, output: str, text: str
) -> None:
    patch = _one(_failure(check_type, _agent("Researcher", 1), value=value), _figures(output))
    assert patch.text == text


@pytest.mark.parametrize(
    ("value", "output", "final", "named"),
    [
        # a year is a date, not a quantity: the misread figure is named
        ("1350", "In 2023 the subtotal was 1,520.00", None, "1,520.00"),
        ("1350", "In 2023, 13, items", None, "13"),  # a list's comma is not the figure's
        ("1350", "In 1650 the subtotal was 1,520.00", None, "1,520.00"),  # 1650: a year too
        ("1350", "the subtotal was 1520.00 in 1650", None, "1520.00"),  # an amount as written
        # unless the check wants a year
        ("1999", "founded in 2005", None, "2005"),
        # the figure the final output repeats (the wrong answer) before an earlier one
        ("1350", "subtotal 1,520.00, total 1,620.00", "Total: 1,620.00", "1,620.00"),
    ],
)
def test_the_figure_named_is_the_wrong_answer_and_not_a_year(
    value: str, output: str, final: str | None, named: str
) -> None:
    trace = _figures(output, final)
    patch = _one(_failure("contains", _agent("Researcher", 1), value=value), trace)
    assert f'you wrote "{named}",' in patch.text


def _booking(argument: str, final: str) -> Trace:
    """Booker had the task's check-in date, heard another from a tool, called book(argument)."""
    rec = TraceRecorder("t", input="Book Lido, check-in 2026-03-14.")
    ask = rec.step("Booker", input="Book Lido, check-in 2026-03-14.", output="-> lookup")
    told = rec.tool("lookup", args="{}", output="Lido: free from 2026-03-16", parents=[ask])
    seen = "Book Lido, check-in 2026-03-14.\nLido: free from 2026-03-16"
    call = rec.step("Booker", input=seen, output=f"-> book {argument}", parents=[told])
    done = rec.tool("book", args=f'{{"date": "{argument}"}}', output="booked", parents=[call])
    rec.step("Booker", input=f"{seen}\nbooked", output=final, parents=[done])
    return rec.finalize(final_output=final)


BORROWED = (
    '- When you call book, pass "2026-03-14" from your input as it is, not "2026-03-16" or '
    "another value taken from a tool's result or a message."
)
KEEP = '- Keep "2026-03-14" from your input in your output.'


@pytest.mark.parametrize(
    ("argument", "final", "text"),
    [
        # the call took the tool's date for the task's, and the answer gives it
        ("2026-03-16", "Booked 2026-03-16.", BORROWED),
        # the call used the task's date: the answer lost it after
        ("2026-03-14", "Booked 2026-03-16.", KEEP),
        # another date in the call, which the answer does not give: nothing says it was used
        ("2026-03-16", "Booked.", KEEP),
        # a value of another form in the call
        ("Lido", "Booked Lido.", KEEP),
    ],
)
def test_a_call_made_with_a_borrowed_value_is_told_to_pass_the_input_s(
    argument: str, final: str, text: str
) -> None:
    """The patch said "Keep 2026-03-14 from your input in your output" to an agent that had
    called the booking tool with another date: the call, not its answer, had to change."""
    patch = _one(
        _failure("contains", _agent("Booker", 2), value="2026-03-14"), _booking(argument, final)
    )
    assert patch.text == text


def test_a_tool_blamed_for_a_figure_keeps_its_own_phrasing() -> None:
    trace = _figures("subtotal 1,520.00")
    patch = _one(_failure("contains", _tool("fetch_invoice", "Researcher", 0), value="1350"), trace)
    assert patch.text.startswith('- When fetch_invoice returns "1350"')


def test_an_edge_that_built_the_input_is_patched_as_code() -> None:
    """A handoff into a step whose input routing code built (metadata `edge_input`): its
    patch is the edge's, said of that code, not an instruction for the sender's prompt."""
    rec = TraceRecorder("t")
    rec.step("Planner", input="task", output="budget: 300 EUR")
    rec.step("Analyst", input="budget: 30 EUR", output="ok", metadata={"edge_input": "budget: 30"})
    failure = _failure("not_contains", _handoff("Planner", "Analyst", 1), value="30 EUR")
    assert suggest_patches([failure], rec.finalize()) == (
        Patch(
            "Planner -> Analyst",
            (
                "In the routing code from Planner to Analyst (code, not a prompt): "
                'never pass on "30 EUR".',
            ),
            code=True,
        ),
    )


def _guardrail() -> Trace:
    """A guardrail function replaced the Writer's answer and dropped the refund id."""
    rec = TraceRecorder("t")
    answer = rec.step("Writer", input="refund R-7", output="Refunded R-7.")
    rec.step(
        "guardrail short",
        input="Refunded R-7.",
        output="Refunded.",
        parents=answer,
        metadata={"guardrail": "short", "by_code": "guardrail short"},
    )
    return rec.finalize()


def _tool_answer(by_code: bool) -> Trace:
    """A tool's result dropped the refund id; `by_code`: it was returned as the answer."""
    rec = TraceRecorder("t")
    ask = rec.step("Clerk", input="refund R-7", output="calling issue_refund")
    call = rec.tool("issue_refund", agent="Clerk", args="R-7", output="done", parents=ask)
    meta = {"result_as_answer": "issue_refund", "by_code": "issue_refund"} if by_code else {}
    rec.step("Clerk", input="done", output="done", parents=call, metadata=meta)
    return rec.finalize()


@pytest.mark.parametrize(
    ("trace", "suspect", "expected"),
    [
        (  # a guardrail function wrote the answer: its code changes, not a prompt
            _guardrail(),
            _agent("guardrail short", 1),
            Patch(
                "guardrail short",
                (
                    "In the code of guardrail short (code, not a prompt): "
                    'Keep "R-7" from your input in your output.',
                ),
                code=True,
            ),
        ),
        (  # a tool whose result is the answer: the tool's code changes, not the caller's prompt
            _tool_answer(by_code=True),
            _tool("issue_refund", "Clerk", 1),
            Patch(
                "issue_refund",
                (
                    "In the code of issue_refund (code, not a prompt): "
                    'Keep "R-7" from your input in your output.',
                ),
                code=True,
            ),
        ),
        (  # the same tool read by an LLM turn: its caller's prompt can keep the value
            _tool_answer(by_code=False),
            _tool("issue_refund", "Clerk", 1),
            Patch(
                "Clerk",
                (
                    'When issue_refund returns "R-7", keep it in your output; '
                    "if it does not, say that it is missing.",
                ),
            ),
        ),
    ],
)
def test_a_step_written_by_code_is_patched_as_that_code(
    trace: Trace, suspect: Suspect, expected: Patch
) -> None:
    """Metadata `by_code` marks a step no prompt wrote: the patch is said of that code."""
    assert suggest_patches([_failure("contains", suspect, value="R-7")], trace) == (expected,)


def _delegated(task: str, answer: str = "She scored 21 goals in all competitions.") -> Trace:
    """A manager's call hands a scout a task; the scout searches with its words and answers."""
    rec = TraceRecorder("t", input="How many league goals did Marit Solberg score in 2023?")
    rec.step(
        "Manager",
        input="How many league goals did Marit Solberg score in 2023?",
        output=task,
        kind="llm",
    )
    rec.step("Scout", input=task, output="web_search(...)", kind="llm")
    query = " ".join(w for w in task.rstrip(".").split() if w not in ("Find", "the"))
    rec.tool("web_search", agent="Scout", args=query, output="21 goals in all competitions")
    rec.step("Scout", input="21 goals in all competitions", output=answer, kind="llm")
    return rec.finalize(final_output="21")


@pytest.mark.parametrize(
    ("check_type", "task", "text"),
    [
        (
            "exact_match",
            "Find Marit Solberg's goals in 2023 across all competitions.",
            "- Keep to the question the task asks; add nothing to it when you plan or hand work "
            'on: you wrote "across", "competitions", which the task does not ask for, and '
            "others worked from it.",
        ),
        (
            "contains",
            "Find the goals Marit Solberg scored in 2023, all competitions.",
            "- Keep to the question the task asks; add nothing to it when you plan or hand work "
            'on: you wrote "competitions", which the task does not ask for, and others worked '
            "from it.",
        ),
        # every word of the task it handed on is the task's (`scored` is `score`): no addition
        (
            "exact_match",
            "Find the league goals Marit Solberg scored in 2023.",
            '- Your output must be exactly "17", with nothing added.',
        ),
    ],
)
def test_a_call_that_added_to_the_question_it_handed_on_is_told_to_keep_to_it(
    check_type: str, task: str, text: str
) -> None:
    failure = _failure(check_type, _agent("Manager", 0), value="17")
    assert _one(failure, _delegated(task)).text == text


def _answered_by_name(final: str, manager: str = "final_answer(name)") -> Trace:
    """A scout answers with a name it made up; the manager's call (`manager`) reads it and
    its final_answer tool returns `final`."""
    question = "Who led the 1921 Everest reconnaissance expedition?"
    rec = TraceRecorder("t", input=question)
    rec.step("Scout", input=question, output="It was led by George Mallory.", kind="llm")
    rec.step("Manager", input="It was led by George Mallory.", output=manager, kind="llm")
    rec.tool("final_answer", agent="Manager", args=final, output=final)
    return rec.finalize(final_output=final)


@pytest.mark.parametrize(
    ("final", "manager"),
    [
        # the name is the answer itself: content, not a question added
        ("George Mallory", "final_answer(name)"),
        # another agent wrote the words but looked nothing up with them
        ("unknown", "Mallory is not sure, so: final_answer('unknown')"),
    ],
)
def test_an_answer_passed_on_is_no_question_added(final: str, manager: str) -> None:
    failure = _failure("contains", _agent("Scout", 0), value="Howard-Bury")
    patch = _one(failure, _answered_by_name(final, manager))
    assert patch.text == '- Always include "Howard-Bury" in your output.'


def _verified_by_a_search(answer: str) -> Trace:
    """A scout answers; the manager searches with its words to verify, then answers."""
    question = "Who led the 1921 Everest reconnaissance expedition?"
    rec = TraceRecorder("t", input=question)
    said = rec.step("Scout", input=question, output=answer, kind="llm")
    ask = rec.step(
        "Manager",
        input=answer,
        output="web_search('George Mallory climber')",
        kind="llm",
        parents=[said],
    )
    found = "George Mallory (1886-1924) was an English mountaineer."
    hit = rec.tool("web_search", agent="Manager", args="George Mallory climber", output=found,
                   parents=[ask])  # fmt: skip
    rec.step("Manager", input=found, output="George Mallory", kind="llm", parents=[hit])
    return rec.finalize()


def test_a_call_whose_answer_the_run_gave_asked_no_question() -> None:
    """The scout wrote the run's answer; the manager's check of it reused its words."""
    trace = _verified_by_a_search("It was led by George Mallory, the famous climber.")
    failure = _failure("contains", _agent("Scout", 0), value="Howard-Bury")
    assert _one(failure, trace).text == '- Always include "Howard-Bury" in your output.'


def test_a_call_that_wrote_the_checked_value_is_not_told_it_added_to_the_question() -> None:
    task = "Find Marit Solberg's goals in 2023 across all competitions; league sources say 17."
    failure = _failure("contains", _agent("Manager", 0), value="17")
    assert _one(failure, _delegated(task)).text == '- Always include "17" in your output.'


def _converted(printed: str = "134.216136", report: str = "612 km; its tributary: 216 km") -> Trace:
    """A code agent's call converted a length to miles and its code printed the result."""
    rec = TraceRecorder("t", input="How long is the river in miles? Number only.")
    code = (
        f"I convert.\n<code>\nkm = 216\nprint(km * 0.621371)\n</code>\nExecution logs:\n{printed}"
    )
    rec.step("Manager", input=report, output=code)
    return rec.finalize(final_output="134")


EXACTLY_380 = '- Your output must be exactly "380", with nothing added.'
SWAPPED = (
    "- Before you compute with a figure, check that it is the one the question asks about: "
    'you computed with "216" where your input gave "612".'
)


@pytest.mark.parametrize(
    ("report", "value", "text"),
    [
        # 612 in the place of 216 gives the checked 380: the call computed with the wrong figure
        ("612 km; its tributary: 216 km; 1 km = 0.621371 mi", "380", SWAPPED),
        # no figure of its input gives 380: what it printed is computed, not made up
        ("its tributary: 216 km; 1 km = 0.621371 mi", "380", EXACTLY_380),
    ],
)  # fmt: skip
def test_a_call_that_computed_with_the_wrong_figure_is_told_to_check_it(
    report: str, value: str, text: str
) -> None:
    """Before, the call was told it made up "134.216136", which its own code printed."""
    patch = _one(
        _failure("exact_match", _agent("Manager", 0), value=value), _converted(report=report)
    )
    assert patch.text == text


@pytest.mark.parametrize(
    ("given", "patched"),
    [
        ("18 tablets", '- Your output must be exactly "8", with nothing added.'),
        ("8 tablets", '- Pass on "8" exactly as you received it; never change or replace it.'),
        # a figure its input wrote grouped is the figure received
        ("8,000 mg", '- Pass on "8000" exactly as you received it; never change or replace it.'),
        ("18000 mg", '- Your output must be exactly "8000", with nothing added.'),
    ],
)
def test_a_number_was_received_as_a_whole_figure_not_as_digits_of_another(
    given: str, patched: str
) -> None:
    """Before, `8` was received in `18 tablets` and the call told to pass it on."""
    rec = TraceRecorder("t", input="How many tablets at most?")
    rec.step("Reader", input=given, output="The answer is four.")
    trace = rec.finalize(final_output="four")
    value = patched.split('"')[1]
    patch = _one(_failure("exact_match", _agent("Reader", 0), value=value), trace)
    assert patch.text == patched


@pytest.mark.parametrize(
    ("calls", "told"),
    [
        # every call of the agent opens with the prompt: the 2 is the instructions'
        (2, '- Your output must be exactly "2", with nothing added.'),
        # one call's input cannot be told from context it was handed (a retrieved page)
        (1, '- Pass on "2" exactly as you received it; never change or replace it.'),
    ],
)
def test_a_figure_only_the_instructions_have_was_not_received(calls: int, told: str) -> None:
    """An LLM call's input opens with its prompt: the `2` of `read the first 2 pages` there is
    no figure it was given to pass on (before, it was told to pass "2" on)."""
    rec = TraceRecorder("t", input="By how many points? Number only.")
    prompt = "Example: read the first 2 pages.\nTask: by how many points?"
    for turn in range(calls):
        rec.step(
            "Analyst", f"{prompt}\nturn {turn}", "thinking" if turn < calls - 1 else "0", kind="llm"
        )
    trace = rec.finalize(final_output="0")
    patch = _one(_failure("exact_match", _agent("Analyst", calls - 1), value="2"), trace)
    assert patch.text == told


def test_a_figure_a_step_returned_was_received() -> None:
    rec = TraceRecorder("t", input="By how many points? Number only.")
    rec.tool("fetch", agent="Analyst", output="difference: 2")
    rec.step("Analyst", "difference: 2", "0", kind="llm")
    trace = rec.finalize(final_output="0")
    patch = _one(_failure("exact_match", _agent("Analyst", 1), value="2"), trace)
    assert patch.text == '- Pass on "2" exactly as you received it; never change or replace it.'


def test_a_call_whose_code_caught_a_tool_failure_is_told_to_say_so() -> None:
    rec = TraceRecorder("t", input="Hungary's VAT minus Denmark's? Number only.")
    code = "<code>\ntry:\n    hu = fetch_json('/vat/HU')\nexcept Exception:\n    hu = 25.0\n</code>"
    wrote = rec.step("Analyst", "Denmark: 25.0", code, kind="llm")
    rec.tool(
        "fetch_json", agent="Analyst", args="/vat/HU", error="503 unavailable", parents=[wrote]
    )
    trace = rec.finalize(final_output="0")
    patch = _one(_failure("exact_match", _agent("Analyst", 0), value="2"), trace)
    assert patch.text == (
        "- When fetch_json fails, say so; never catch its error in code and go on with a value "
        "of your own."
    )


@pytest.mark.parametrize(
    ("asked", "told"),
    [
        ("/fares/line/14", True),
        ("/fares/line/41", False),  # the task's own figure
        ("/fares/line/2020", False),  # another form of figure (a year): not the same thing
        ("the 19th line", False),  # an ordinal, under a function word
    ],
)
def test_a_call_that_asked_about_another_figure_than_the_tasks_is_told_so(
    asked: str, told: bool
) -> None:
    rec = TraceRecorder("t", input="Two adult tickets on bus line 41, in EUR? Number only.")
    call = rec.step(
        "Analyst", "lines: 4, 14, 41", f"<code>\nfetch_json('{asked}')\n</code>", kind="llm"
    )
    rec.tool("fetch_json", agent="Analyst", args=asked, output="adult: 2.2", parents=[call])
    trace = rec.finalize(final_output="4.40")
    patch = _one(_failure("exact_match", _agent("Analyst", 0), value="7.60"), trace)
    expected = (
        '- Ask tools about what the task names: you asked about "line 14" where the task says '
        '"line 41".'
    )
    assert (patch.text == expected) is told


_SALTMARSH = "Who won the 2024 Saltmarsh race? Name only."
_RAKE_LANE = "What is the women's record at the Rake Lane hill climb?"


@pytest.mark.parametrize(
    ("task", "query", "told"),
    [
        (_SALTMARSH, "Saltmarsh race 2023 winner", ("2023", "2024")),
        (_SALTMARSH, "Saltmarsh race 2023-24 winner", None),  # the task's year too, in a season
        (_SALTMARSH, "Saltmarsh race winner", None),
        (_RAKE_LANE, "Rake Hill hill climb record", ("Rake Hill", "Rake Lane")),  # renamed
        (_RAKE_LANE, "Rake Lane hill climb record", None),
    ],
)
def test_a_call_that_searched_about_another_thing_than_the_tasks_is_told_so(
    task: str, query: str, told: tuple[str, str] | None
) -> None:
    """Before, it was told to output exactly the answer, which it never had."""
    rec = TraceRecorder("t", input=task)
    call = rec.step("Searcher", "asked", f'web_search({{"query": "{query}"}})', kind="llm")
    rec.tool("web_search", agent="Searcher", args=query, output="2023: P. de Vries",
             parents=[call])  # fmt: skip
    trace = rec.finalize(final_output="P. de Vries")
    patch = _one(_failure("exact_match", _agent("Searcher", 0), value="M. Caron"), trace)
    said = "- Ask tools about what the task names: you asked about {} where the task says {}."
    assert told is None or patch.text == said.format(*(f'"{part}"' for part in told))
    assert told is not None or "Ask tools about what the task names" not in patch.text


def _handed(plan: str) -> Trace:
    """A plan, then a delegation that asks for the total length; the sub-agent searches it."""
    rec = TraceRecorder("t", input="What is the main span of the Skarvik Bridge in metres?")
    planned = rec.step("Manager", "task", plan, kind="llm")
    asked = rec.step(
        "Manager",
        plan,
        "search_agent(task='Find the total length of the bridge.')",
        kind="llm",
        parents=[planned],
    )
    rec.tool("web_search", agent="Searcher", args="Skarvik Bridge total length", parents=[asked])
    return rec.finalize(final_output="1870")


@pytest.mark.parametrize(
    ("plan", "keep"),
    [
        ("Wanted: its main span, not its total length.", True),  # ruled out, not given
        ("Find its total length first.", False),  # given: the delegation added nothing
    ],
)
def test_a_word_its_input_ruled_out_was_not_given_to_the_call(plan: str, keep: bool) -> None:
    """Before, the delegation was told its output must be exactly "530": its input had
    `total`, in the plan's `not its total length`."""
    patch = _one(_failure("exact_match", _agent("Manager", 1), value="530"), _handed(plan))
    assert patch.text.startswith("- Keep to the question the task asks") is keep


def test_an_except_in_prose_is_no_code_that_caught_a_failure() -> None:
    """Before, "every rate except Hungary's" in a call's words was read as code that caught
    the failure of the tool it called."""
    rec = TraceRecorder("t", input="Hungary's VAT minus Denmark's? Number only.")
    wrote = rec.step("Analyst", "rates", "I will fetch every rate except Hungary's.", kind="llm")
    rec.tool(
        "fetch_json", agent="Analyst", args="/vat/HU", error="503 unavailable", parents=[wrote]
    )
    trace = rec.finalize(final_output="0")
    patch = _one(_failure("exact_match", _agent("Analyst", 0), value="22"), trace)
    assert patch.text == '- Your output must be exactly "22", with nothing added.'
