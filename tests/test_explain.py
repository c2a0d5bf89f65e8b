from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest

from blame.explain import (
    StepRow,
    explain_lines,
    failure_lines,
    plain_table,
    print_explanation,
    select_rows,
    step_rows,
    table_cells,
    table_title,
)
from blame.model import Trace
from blame.recorder import TraceRecorder
from blame.results import CaseResult, CheckResult, Suspect
from tests.conftest import MakeConfig

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "simple_agent"


def _trace() -> Trace:
    rec = TraceRecorder("fan_in", input="task")
    lead = rec.step("Lead", input="task", output="split")  # s0
    research = rec.step("Researcher", input="split", output="facts", parents=[lead])  # s1
    search = rec.tool("search", agent="Researcher", output="hits", parents=[research])  # s2
    write = rec.step("Writer", input="split", output="draft", parents=[lead])  # s3
    rec.step(  # s4
        "Lead", input="facts draft", output="final", parents=[research, search, write], error="E"
    )
    return rec.finalize(final_output="final")


def _check(name: str, *suspects: Suspect, passed: bool = False) -> CheckResult:
    return CheckResult(name, name.split(":")[0], passed, float(passed), 1.0, "msg", suspects)


def _case() -> CaseResult:
    return CaseResult(
        "fan_in",
        False,
        0.25,
        0.75,
        checks=(
            _check(
                "contains:x",
                Suspect("handoff", "Researcher -> Lead", "Lead", 4, 0.8, "lost at s4"),
                Suspect("agent", "Writer", "Writer", 3, 0.2, "maybe"),
            ),
            _check("tool_succeeded:search", Suspect("tool", "search", "Researcher", 2, 0.9, "r")),
            _check("max_cost:1", Suspect("agent", "Lead", "Lead", 4, 0.9, "r")),
            _check("regex:y"),
            _check("not_contains:z", passed=True),
        ),
    )


TOOL_CHECK = "tool_succeeded:search"


def test_rows_show_order_agent_kind_parents_handoffs_errors_and_pins() -> None:
    assert step_rows(_trace(), _case()) == (
        StepRow(0, "s0", "Lead", "agent", "", (), (), None, ()),
        StepRow(1, "s1", "Researcher", "agent", "", ("s0",), ("Lead -> Researcher",), None, ()),
        StepRow(
            2, "s2", "Researcher", "tool", "search", ("s1",), (), None, ("tool_succeeded:search",)
        ),
        StepRow(3, "s3", "Writer", "agent", "", ("s0",), ("Lead -> Writer",), None, ()),
        StepRow(
            4,
            "s4",
            "Lead",
            "agent",
            "",
            ("s1", "s2", "s3"),
            ("Researcher -> Lead", "Writer -> Lead"),
            "E",
            ("contains:x", "max_cost:1"),
        ),
    )


def test_failure_lines_name_the_pinned_step_or_say_unattributed() -> None:
    assert failure_lines(_case()) == [
        "x contains:x -> handoff Researcher -> Lead at step 4 (confidence 0.80): lost at s4",
        "x tool_succeeded:search -> tool search at step 2 (confidence 0.90): r",
        "x max_cost:1 -> agent Lead at step 4 (confidence 0.90): r",
        "x regex:y: unattributed (msg)",
    ]


def test_a_passing_test_says_so() -> None:
    case = CaseResult("ok", True, 1.0, 0.75, checks=(_check("a", passed=True),))
    assert failure_lines(case) == ["every check passed"]


def test_the_table_holds_every_step_and_pin() -> None:
    text = "\n".join(explain_lines(_trace(), _case(), width=200))
    assert "fan_in: failed, reward 0.25 (threshold 0.75), 5 steps" in text
    assert "Researcher -> Lead; Writer -> Lead" in text
    assert "contains:x, max_cost:1" in text
    assert "s1, s2, s3" in text


def test_the_name_column_is_not_called_tool() -> None:
    """It holds any step's own name (a LangGraph `node/inner`), not only a tool's."""
    header = next(line for line in explain_lines(_trace(), _case(), width=200) if "agent" in line)
    assert [cell.strip() for cell in header.strip("┃ ").split("┃")] == [
        "#", "step", "agent", "kind", "name", "parents", "handoff", "error", "pinned",
    ]  # fmt: skip


def test_untrusted_trace_text_is_shown_literally_on_one_line() -> None:
    rec = TraceRecorder("hostile")
    rec.step("[bold red]Boss[/]", output="x")
    rec.step("Evil\x1b[2J\nAgent", output="y", error="bad\nnews " + "z" * 500)
    trace = rec.finalize()
    case = CaseResult("hostile", False, 0.0, 0.75)
    lines = explain_lines(trace, case, width=300)
    text = "\n".join(lines)
    assert "[bold red]Boss[/]" in text
    assert "\x1b" not in text
    assert "Evil [2J Agent" in text
    assert "bad news zzz" in text
    assert "z" * 100 not in text


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("no_color", "styled"), [("1", False), ("", True)])
def test_no_color_on_a_terminal_prints_no_escape_sequences(
    monkeypatch: pytest.MonkeyPatch, no_color: str, styled: bool
) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setenv("NO_COLOR", no_color)
    monkeypatch.setenv("TERM", "xterm-256color")
    print_explanation(_trace(), _case())
    shown = terminal.getvalue()
    assert "Writer" in shown
    assert ("\x1b[" in shown) is styled


def _long_trace(steps: int) -> Trace:
    rec = TraceRecorder("long")
    for i in range(steps):
        rec.step(f"A{i % 7}", output=str(i), error="boom" if i == 40 else None)
    return rec.finalize()


def test_a_long_trace_shows_the_steps_that_matter_and_counts_the_gaps() -> None:
    trace = _long_trace(1000)
    case = CaseResult(
        "long", False, 0, 1, checks=(_check("c", Suspect("agent", "A3", "A3", 500, 1, "r")),)
    )
    shown = select_rows(step_rows(trace, case), limit=200)
    assert [r if isinstance(r, int) else f"s{r.index}" for r in shown] == [
        "s0",
        39,
        "s40",
        458,
        "s499",
        "s500",
        498,
        "s999",
    ]
    assert len(select_rows(step_rows(trace, case), limit=None)) == 1000
    few = select_rows(step_rows(trace, case), limit=3)
    assert [r if isinstance(r, int) else f"s{r.index}" for r in few] == [
        40,
        "s40",
        458,
        "s499",
        "s500",
        499,
    ]
    text = "\n".join(explain_lines(trace, case, width=200))
    assert "458 steps not shown (--all shows every step)" in text


def test_a_short_trace_shows_every_step() -> None:
    rows = step_rows(_long_trace(200), CaseResult("long", False, 0, 1))
    assert select_rows(rows, limit=200) == list(rows)


def _blame(*args: str) -> tuple[int, str, str]:
    from typer.testing import CliRunner

    from blame.cli import app

    result = CliRunner(env={"BLAME_NO_WARN": "1", "COLUMNS": "200"}).invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_a_stored_trace_read_in_part_says_what_was_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.hostile.cases_traces import otlp

    (tmp_path / "run.jsonl").write_text(f"{otlp()}\n{{broken\n", encoding="utf-8")
    (tmp_path / "blame.yaml").write_text(
        "tests:\n  - {name: t, trace: run.jsonl, checks: [{type: contains, value: Paris}]}\n"
    )
    monkeypatch.chdir(tmp_path)
    code, _, err = _blame("explain", "t")
    assert code == 0  # the Writer recorded no output: the Researcher's stands in, said too
    assert "blame: warning: run.jsonl: line 2: invalid JSON, skipped" in err


@pytest.fixture
def example(tmp_path: Path) -> Path:
    shutil.copytree(EXAMPLE, tmp_path / "simple_agent", ignore=shutil.ignore_patterns(".blame"))
    return tmp_path / "simple_agent" / "blame.yaml"


def test_explain_into_a_log_is_not_folded_to_80_columns(example: Path) -> None:
    """Piped or in CI there is no terminal to fit: names stay whole, one row per step."""
    from typer.testing import CliRunner

    from blame.cli import app

    runner = CliRunner(env={"BLAME_NO_WARN": "1", "COLUMNS": None})
    out = runner.invoke(app, ["explain", "median", "--config", str(example)]).stdout
    rows = [line for line in out.splitlines() if line.startswith("│ 1 │")]
    assert len(rows) == 1 and "PlannerAgent -> CoderAgent" in rows[0]


def test_explain_runs_the_example_and_pins_each_failure(example: Path) -> None:
    code, out, err = _blame("explain", "median", "--config", str(example))
    assert code == 1, err
    assert "median: failed, reward 0.50 (threshold 0.75), 4 steps" in out
    assert "PlannerAgent -> CoderAgent" in out
    assert "x contains:ValueError -> agent CoderAgent at step 1" in out
    assert "x not_contains:TODO -> agent CriticAgent at step 3" in out


def test_explain_exits_like_blame_test(tmp_path: Path) -> None:
    """0 for a passing test, 1 for a failing one (above), 2 when it cannot run."""
    passing = EXAMPLE.parent / "passing_agent"
    shutil.copytree(passing, tmp_path / "p", ignore=shutil.ignore_patterns(".blame"))
    config = str(tmp_path / "p" / "blame.yaml")
    code, out, err = _blame("explain", "capital-of-france", "--config", config)
    assert (code, err) == (0, ""), out


def test_explain_replays_a_recorded_fixture(example: Path) -> None:
    assert _blame("record", "--config", str(example))[0] == 0
    live = _blame("explain", "median", "--config", str(example))[1]
    replayed = _blame("explain", "median", "--replay", "--config", str(example))
    assert replayed[0] == 1
    assert replayed[1] == live


def test_explain_shows_the_steps_of_a_run_that_raised_part_way(make_config: MakeConfig) -> None:
    """Its checks pass on the steps before the error: it is the test's error, exit 2, with
    the steps it took and the one that raised, as `blame test` has it."""
    test = {"name": "a", "input": "x", "checks": [{"type": "contains", "value": "Paris"}]}
    path = make_config(json.dumps({"agent": {"entrypoint": "agent:half"}, "tests": [test]}))
    code, out, err = _blame("explain", "a", "--config", str(path))
    assert code == 2, err
    assert "a: error, reward 1.00 (threshold 0.75), 2 steps" in out
    assert "ValueError: the model is down" in out.split("error: ")[0]  # the Writer's step
    assert "error: test 'a': Writer raised ValueError: the model is down" in out


def test_unknown_test_lists_long_names_shortened(make_config: MakeConfig) -> None:
    test = {"name": "n" * 5000, "input": "x", "checks": [{"type": "contains", "value": "P"}]}
    path = make_config(json.dumps({"agent": {"entrypoint": "agent:run"}, "tests": [test]}))
    code, _, err = _blame("explain", "zzz", "--config", str(path))
    assert code == 2
    assert err.endswith(f"tests are: {'n' * 59}…\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["explain", "medain"], "no test named 'medain'; did you mean 'median'?"),
        (["explain", "clamp", "--replay"], "no replay fixture for clamp; run `blame record`"),
    ],
)
def test_explain_errors_are_one_line_and_exit_2(
    example: Path, args: list[str], message: str
) -> None:
    code, out, err = _blame(*args, "--config", str(example))
    assert (code, out) == (2, "")
    assert message in err
    assert "Traceback" not in err
    assert err.count("\n") == 1


def _wide_trace() -> Trace:
    rec = TraceRecorder("wide")
    first = rec.step("研究者", output="事実")
    tool = rec.tool("🔎search", agent="研究者", output="x", parents=[first], error="e\u0301crit")
    rec.step("Writer" + "w" * 80, output="done", parents=[tool])
    return rec.finalize(final_output="done")


EXPLAINED = {
    "fan-in": (_trace(), _case(), 200),
    "gaps": (
        _long_trace(1000),
        CaseResult(
            "long", False, 0, 1, checks=(_check("c", Suspect("agent", "A3", "A3", 500, 1, "r")),)
        ),
        200,
    ),
    "wide characters": (
        _wide_trace(),
        CaseResult(
            "wide", False, 0, 1, checks=(_check("c", Suspect("tool", "t", "研究者", 1, 1, "r")),)
        ),
        None,
    ),
}


@pytest.mark.parametrize("width", [40, 100, 160, 300])
@pytest.mark.parametrize("name", sorted(EXPLAINED))
def test_into_a_pipe_the_table_is_the_one_rich_draws(name: str, width: int) -> None:
    """Without a terminal the table is drawn line by line (rich took 13 s for 20,000 steps):
    the same text as rich's, and rich's own when a cell would wrap."""
    from rich.console import Console

    trace, case, limit = EXPLAINED[name]
    buffer = io.StringIO()
    print_explanation(trace, case, Console(file=buffer, width=width), limit=limit)
    assert buffer.getvalue().splitlines() == list(explain_lines(trace, case, width, limit=limit))


@pytest.mark.parametrize(("width", "drawn"), [(40, False), (160, True)])
def test_a_table_too_wide_to_fit_is_left_to_rich(width: int, drawn: bool) -> None:
    lines = plain_table(table_title(_trace(), _case()), table_cells(_trace(), _case(), None), width)
    assert (lines is not None) is drawn
