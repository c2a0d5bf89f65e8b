from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from blame.errors import BlameError, ConfigError, TraceError
from blame.improve import (
    END,
    START,
    FileEdit,
    Suggestion,
    apply_edits,
    collect,
    display_path,
    git_root,
    load_results,
    merge_section,
    plan_edits,
    render_diff,
    render_json,
    render_markdown,
)
from blame.recorder import TraceRecorder
from blame.results import CaseResult, Patch, SuiteResult


def _suite() -> SuiteResult:
    return SuiteResult(
        tests=(
            CaseResult(
                "beta",
                False,
                0.2,
                0.75,
                patches=(
                    Patch("Coder", ('Keep "FastAPI" from your input in your output.',)),
                    Patch("Planner", ("Never call search.",)),
                ),
            ),
            CaseResult(
                "alpha",
                False,
                0.5,
                0.75,
                patches=(
                    Patch("Coder", ('Always include "tests" in your output.', "Never call rm.")),
                ),
            ),
            CaseResult("ok", True, 1.0, 0.75),
        )
    )


def _git(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=False
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    assert _git(tmp_path, "init", "-q").returncode == 0
    (tmp_path / "prompts").mkdir()
    return tmp_path


def test_collect_merges_tests_by_agent_sorted() -> None:
    prompts = {"Coder": Path("/p/coder.md")}
    assert collect(_suite(), prompts) == (
        Suggestion(
            "Coder",
            (
                '- Always include "tests" in your output.',
                '- Keep "FastAPI" from your input in your output.',
                "- Never call rm.",
            ),
            ("alpha", "beta"),
            Path("/p/coder.md"),
        ),
        Suggestion("Planner", ("- Never call search.",), ("beta",), None),
    )


def test_collect_matches_a_prompt_file_case_insensitively_only_when_unambiguous() -> None:
    suite = SuiteResult(tests=(CaseResult("t", False, 0, 1, patches=(Patch("coder", ("x",)),)),))
    assert collect(suite, {"Coder": Path("/c")})[0].prompt_file == Path("/c")
    assert collect(suite, {"Coder": Path("/c"), "CODER": Path("/d")})[0].prompt_file is None


@pytest.mark.parametrize(
    ("patch", "code"),
    [
        (Patch("Input -> Output Converter", ("x",)), False),  # an agent's role, arrow and all
        (Patch("planner -> analyst", ("x",), code=True), True),  # an edge's routing code
        (Patch("Guardrail", ("x",), code=True), True),
    ],
)
def test_collect_says_a_patch_is_code_only_when_its_flag_says(patch: Patch, code: bool) -> None:
    """An agent whose role holds " -> " had its patch kept out of its prompt as code's."""
    suite = SuiteResult(tests=(CaseResult("t", False, 0, 1, patches=(patch,)),))
    assert collect(suite, {})[0].code is code


def test_collect_makes_hand_edited_results_safe() -> None:
    edited = Patch.from_dict({"target": "A", "text": "- a\x1b[2J\r\n\n  - b  "})
    suite = SuiteResult(tests=(CaseResult("t", False, 0, 1, patches=(edited,)),))
    assert collect(suite, {})[0].lines == ("- a [2J", "- b")


def test_markdown_groups_by_agent_and_fences_untrusted_text(tmp_path: Path) -> None:
    suggestion = Suggestion(
        "Coder_<b>",
        ('- Never include "```\\n# x" in your output.', "- ````"),
        ("t`1",),
        tmp_path / "prompts" / "coder.md",
    )
    text = render_markdown([suggestion], root=tmp_path)
    assert text == (
        "# Suggested prompt patches\n\n"
        "## Coder\\_\\<b\\>\n\n"
        "Prompt file: `prompts/coder.md`\n\n"
        "From tests: ``t`1``\n\n"
        "`````text\n"
        '- Never include "```\\n# x" in your output.\n'
        "- ````\n"
        "`````\n"
    )


def test_markdown_says_when_there_is_nothing_to_suggest() -> None:
    assert "Nothing to suggest" in render_markdown([])


def test_json_lists_targets_files_tests_and_instructions(tmp_path: Path) -> None:
    suggestions = collect(_suite(), {"Coder": tmp_path / "coder.md"})
    data = json.loads(render_json(suggestions, root=tmp_path))
    assert data["schema_version"] == 1
    assert data["patches"][0] == {
        "target": "Coder",
        "prompt_file": "coder.md",
        "tests": ["alpha", "beta"],
        "instructions": [
            'Always include "tests" in your output.',
            'Keep "FastAPI" from your input in your output.',
            "Never call rm.",
        ],
        "text": suggestions[0].text,
    }
    assert data["patches"][1]["prompt_file"] is None


S = START.format(agent="A")
E = END.format(agent="A")

MERGES = [
    ("", ["- x"], f"{S}\n- x\n{E}\n"),
    ("You code.", ["- x"], f"You code.\n\n{S}\n- x\n{E}\n"),
    ("You code.\n", ["- x"], f"You code.\n\n{S}\n- x\n{E}\n"),
    ("You code.\n\n", ["- x"], f"You code.\n\n{S}\n- x\n{E}\n"),
    ("Hi\r\nthere\r\n", ["- x"], f"Hi\r\nthere\r\n\r\n{S}\r\n- x\r\n{E}\r\n"),
    (f"top\n{S}\n- b\n{E}\nbottom\n", ["- a"], f"top\n{S}\n- a\n- b\n{E}\nbottom\n"),
    (f"top\n{S}\n- a\n- b\n{E}\nbottom", ["- b"], f"top\n{S}\n- a\n- b\n{E}\nbottom"),
    (f"{S}\r\n- b\r\n{E}\r\nend\r\n", ["- a"], f"{S}\r\n- a\r\n- b\r\n{E}\r\nend\r\n"),
    ("keep me", [], "keep me"),
]


@pytest.mark.parametrize(("before", "lines", "after"), MERGES)
def test_merge_section(before: str, lines: list[str], after: str) -> None:
    assert merge_section(before, "A", lines) == after
    assert merge_section(after, "A", lines) == after


def test_sections_of_two_agents_in_one_file_stay_apart() -> None:
    text = merge_section(merge_section("", "A", ["- a"]), "B", ["- b"])
    text = merge_section(text, "A", ["- a2"])
    assert text == (
        f"{S}\n- a\n- a2\n{E}\n\n{START.format(agent='B')}\n- b\n{END.format(agent='B')}\n"
    )


def test_a_start_marker_without_an_end_is_a_clear_error() -> None:
    with pytest.raises(ConfigError, match=r"p\.md: .*start marker but no end marker; add"):
        merge_section(f"{S}\n- a\n", "A", ["- b"], source="p.md")


def test_markers_cannot_be_closed_early_by_an_agent_name() -> None:
    assert "-->" not in START.format(agent="x").replace(" -->", "")
    text = merge_section("", "evil --> <!--", ["- a"])
    assert text.splitlines()[0].count("-->") == 1


def _apply_check(repo: Path, diff: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "apply", "--check", "-"],
        cwd=repo,
        input=diff,
        capture_output=True,
        text=True,
        check=False,
    )


PROMPTS = [
    "You write code.\n",
    "You write code.",  # no newline at end of file
    "",
    "Line one\r\nLine two\r\n",
    "Has \u2028 a separator and \x0c form feed\n" + "filler\n" * 20,
    f"Intro\n{S}\n- old\n{E}\nOutro with no newline",
]


@pytest.mark.parametrize("prompt", PROMPTS)
def test_git_apply_accepts_the_diff_and_applying_matches_it(repo: Path, prompt: str) -> None:
    path = repo / "prompts" / "a b.md"
    path.write_bytes(prompt.encode())
    suggestion = Suggestion("A", ('- Never include "x" in your output.', "- z"), ("t",), path)
    edits = plan_edits([suggestion])
    diff = render_diff(edits)
    assert diff.startswith("diff --git a/prompts/a b.md b/prompts/a b.md\n--- a/prompts/a b.md\n")
    checked = _apply_check(repo, diff)
    assert checked.returncode == 0, checked.stderr
    applied = subprocess.run(
        ["git", "apply", "-"], cwd=repo, input=diff, text=True, capture_output=True, check=False
    )
    assert applied.returncode == 0, applied.stderr
    by_git = path.read_bytes()
    path.write_bytes(prompt.encode())
    apply_edits(edits)
    assert path.read_bytes() == by_git
    assert plan_edits([suggestion]) == ()


def test_the_diff_can_create_a_declared_prompt_file(repo: Path) -> None:
    path = repo / "prompts" / "new.md"
    diff = render_diff(plan_edits([Suggestion("A", ("- x",), ("t",), path)]))
    assert "new file mode 100644\n--- /dev/null\n+++ b/prompts/new.md\n@@ -0,0 +1,3 @@\n" in diff
    assert _apply_check(repo, diff).returncode == 0


def test_diff_paths_are_relative_to_the_work_tree_root(repo: Path) -> None:
    nested = repo / "pkg" / "prompts"
    nested.mkdir(parents=True)
    path = nested / "c.md"
    path.write_text("c\n")
    assert git_root(path) == repo.resolve()
    assert display_path(path) == "pkg/prompts/c.md"
    edits = plan_edits([Suggestion("C", ("- x",), ("t",), path)])
    assert render_diff(edits).splitlines()[:3] == [
        "diff --git a/pkg/prompts/c.md b/pkg/prompts/c.md",
        "--- a/pkg/prompts/c.md",
        "+++ b/pkg/prompts/c.md",
    ]


def test_a_prompt_file_outside_the_root_cannot_go_into_a_diff(tmp_path: Path) -> None:
    (tmp_path / "inner").mkdir()
    outside = tmp_path / "p.md"
    outside.write_text("p\n")
    edits = plan_edits([Suggestion("A", ("- x",), ("t",), outside)], root=tmp_path / "inner")
    with pytest.raises(ConfigError, match=r"p\.md: cannot be written into a diff as '\.\./p\.md'"):
        render_diff(edits)


def test_apply_keeps_the_file_mode(repo: Path) -> None:
    path = repo / "prompts" / "a.md"
    path.write_text("a\n")
    path.chmod(0o640)
    notes = apply_edits(plan_edits([Suggestion("A", ("- x",), ("t",), path)]))
    assert notes == ("updated prompts/a.md (A)",)
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_non_utf8_prompt_file_is_a_clear_error(repo: Path) -> None:
    path = repo / "prompts" / "a.md"
    path.write_bytes(b"\xff\xfe bad")
    with pytest.raises(ConfigError, match=r"a\.md: is not UTF-8 text; save the prompt file"):
        plan_edits([Suggestion("A", ("- x",), ("t",), path)])


def test_file_edit_lists_changed_agents_only(repo: Path) -> None:
    path = repo / "prompts" / "shared.md"
    path.write_text(merge_section("", "A", ["- a"]))
    edits = plan_edits(
        [Suggestion("A", ("- a",), ("t",), path), Suggestion("B", ("- b",), ("t",), path)]
    )
    assert [(e.display, e.agents) for e in edits] == [("prompts/shared.md", ("B",))]
    assert isinstance(edits[0], FileEdit)


def test_load_results_reads_latest_json(tmp_path: Path) -> None:
    path = tmp_path / "latest.json"
    path.write_text(_suite().to_json())
    assert load_results(path) == _suite()


@pytest.mark.parametrize(
    ("content", "error", "message"),
    [
        (None, BlameError, r"latest\.json: no results from an earlier run; run `blame test`"),
        ("{", TraceError, r"latest\.json: invalid JSON at line 1 column 2"),
        ('{"schema_version": 9}', TraceError, r"not a blame results file"),
    ],
)
def test_load_results_errors_name_the_file(
    tmp_path: Path, content: str | None, error: type[Exception], message: str
) -> None:
    path = tmp_path / "latest.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(error, match=message):
        load_results(path)


# End to end through the CLI on a real project: stored traces, declared prompt files, a git repo.

PROJECT_CONFIG = """\
agents:
  Planner: {prompt_file: prompts/planner.md}
  Coder: {prompt_file: prompts/coder.md}
  Critic: {}
tests:
  - name: handoff_loss
    trace: traces/handoff_loss.json
    checks:
      - {type: contains, value: FastAPI}
      - {type: tool_succeeded, tool: run_tests}
      - {type: no_unsupported_claim, tool: run_tests}
"""


def _write_trace(path: Path, *, edge: bool = False) -> None:
    """With `edge`, routing code built the Coder's input (metadata `edge_input`)."""
    from blame.recorder import TraceRecorder

    rec = TraceRecorder("handoff_loss", input="build an API")
    plan = rec.step("Planner", input="build an API", output="Plan: use FastAPI and add tests")
    built = {"edge_input": "Plan: add tests"} if edge else {}
    code = rec.step(
        "Coder", input="Plan: add tests", output="def app(): pass", parents=[plan], metadata=built
    )
    tool = rec.tool("run_tests", agent="Coder", args={"path": "."}, error="exit 1")
    rec.step("Critic", input="def app(): pass", output="All done, confirmed", parents=[code, tool])
    path.write_text(rec.finalize().to_json())


@pytest.fixture
def project(repo: Path) -> Path:
    (repo / "traces").mkdir()
    _write_trace(repo / "traces" / "handoff_loss.json")
    (repo / "prompts" / "planner.md").write_text("You plan the work.\n")
    (repo / "prompts" / "coder.md").write_text("You write code.")  # no newline at the end
    (repo / "blame.yaml").write_text(PROJECT_CONFIG)
    assert _git(repo, "add", "-A").returncode == 0
    committed = _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")
    assert committed.returncode == 0, committed.stderr
    return repo


def _blame(*args: str) -> tuple[int, str, str]:
    from typer.testing import CliRunner

    from blame.cli import app

    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_improve_prints_a_diff_git_accepts_and_apply_is_idempotent(project: Path) -> None:
    config = str(project / "blame.yaml")
    assert _blame("test", "--config", config)[0] == 1
    code, diff, notes = _blame("improve", "--suggest", "--config", config)
    assert code == 0, notes
    assert _blame("improve", "--suggest", "--config", config)[1] == diff  # same bytes
    assert diff.count("diff --git") == 2
    assert '+- When handing off to Coder, include "FastAPI" in what you pass on.\n' in diff
    assert "+- If run_tests fails, report the failure; never claim success.\n" in diff
    assert "\\ No newline at end of file\n" in diff
    assert "no agents.Critic.prompt_file" in notes
    checked = _apply_check(project, diff)
    assert checked.returncode == 0, checked.stderr

    code, out, notes = _blame("improve", "--apply", "--config", config)
    assert (code, out) == (0, "")
    assert "updated prompts/coder.md (Coder)" in notes
    assert "updated prompts/planner.md (Planner)" in notes
    after_first = {p.name: p.read_bytes() for p in (project / "prompts").iterdir()}
    assert _blame("improve", "--apply", "--config", config)[0] == 0
    assert {p.name: p.read_bytes() for p in (project / "prompts").iterdir()} == after_first
    assert _blame("improve", "--suggest", "--config", config)[1] == ""

    assert _blame("test", "--config", config)[0] == 1
    coder = (project / "prompts" / "coder.md").read_text()
    assert coder.count("- If run_tests fails, report the failure; never claim success.") == 1
    assert coder.startswith("You write code.\n\n<!-- blame patches for Coder")
    by_git = _git(project, "diff")
    assert by_git.returncode == 0
    assert "+- If run_tests fails, report the failure; never claim success." in by_git.stdout


def test_an_edges_patch_is_not_put_in_the_senders_prompt(project: Path) -> None:
    """Routing code built the Coder's input and cut the plan there: the patch is the edge's,
    code no prompt file holds, so the diff leaves it out and a note says why."""
    _write_trace(project / "traces" / "handoff_loss.json", edge=True)
    config = str(project / "blame.yaml")
    assert _blame("test", "--config", config)[0] == 1
    code, diff, notes = _blame("improve", "--suggest", "--config", config)
    assert code == 0, notes
    assert "When handing off to Coder" not in diff and "prompts/planner.md" not in diff
    assert (
        "Planner -> Coder is routing code, not an agent's prompt: its patch is not in the diff "
        "(see --format md)"
    ) in notes


CODE_CONFIG = """\
agents:
  Clerk: {prompt_file: prompts/clerk.md}
tests:
  - name: refund
    trace: traces/refund.json
    checks:
      - {type: contains, value: R-7}
"""


def _guardrail_wrote(rec: TraceRecorder) -> str:
    """A guardrail function replaced the Clerk's answer and dropped the refund id."""
    answer = rec.step("Clerk", input="refund R-7", output="Refunded R-7.")
    meta = {"guardrail": "short", "by_code": "guardrail short"}
    rec.step(
        "guardrail short", input="Refunded R-7.", output="Refunded.", parents=answer, metadata=meta
    )
    return "guardrail short"


def _tool_answered(rec: TraceRecorder) -> str:
    """A tool whose result was returned as the answer (no LLM call) dropped the refund id."""
    ask = rec.step("Clerk", input="refund R-7", output="calling issue_refund")
    call = rec.tool("issue_refund", agent="Clerk", args="R-7", output="done", parents=ask)
    meta = {"result_as_answer": "issue_refund", "by_code": "issue_refund"}
    rec.step("Clerk", input="done", output="done", parents=call, metadata=meta)
    return "issue_refund"


@pytest.mark.parametrize("record", [_guardrail_wrote, _tool_answered])
def test_a_patch_of_code_is_kept_out_of_the_prompt_diff(
    repo: Path, record: Callable[[TraceRecorder], str]
) -> None:
    """Code no prompt decides wrote the answer (metadata `by_code`): the patch is that code's,
    so the Clerk's prompt file is left alone and a note says the target is code."""
    rec = TraceRecorder("refund", input="refund R-7")
    target = record(rec)
    (repo / "traces").mkdir()
    (repo / "traces" / "refund.json").write_text(rec.finalize().to_json())
    (repo / "prompts" / "clerk.md").write_text("You handle refunds.\n")
    (repo / "blame.yaml").write_text(CODE_CONFIG)
    config = str(repo / "blame.yaml")
    assert _blame("test", "--config", config)[0] == 1
    code, diff, notes = _blame("improve", "--suggest", "--config", config)
    assert (code, diff) == (0, "")
    assert (
        f"{target} is code, not an agent's prompt: its patch is not in the diff (see --format md)"
    ) in notes
    markdown = _blame("improve", "--suggest", "--format", "md", "--config", config)[1]
    assert f"In the code of {target} (code, not a prompt)" in markdown


def test_improve_replay_needs_no_earlier_run_and_agrees_with_it(project: Path) -> None:
    config = str(project / "blame.yaml")
    replayed = _blame("improve", "--suggest", "--replay", "--config", config)
    assert replayed[0] == 0
    assert _blame("test", "--config", config)[0] == 1
    assert _blame("improve", "--suggest", "--config", config)[1] == replayed[1]


def test_replay_with_an_errored_test_says_so_instead_of_nothing_to_suggest(project: Path) -> None:
    """A test that errored was never attributed: "Nothing to suggest" would read as a clean bill."""
    (project / "traces" / "handoff_loss.json").write_text("{not json")
    config = str(project / "blame.yaml")
    code, md, err = _blame("improve", "--suggest", "--replay", "-f", "md", "--config", config)
    assert code == 2
    assert "othing to suggest" not in md + err
    assert "No suggestions: 1 test errored, so its checks were not attributed." in md
    assert err.splitlines()[-1].startswith("blame: error: ")
    assert "invalid JSON" in err.splitlines()[-1]
    code, text, err = _blame("improve", "--suggest", "--replay", "-f", "json", "--config", config)
    assert (code, json.loads(text)["patches"]) == (2, [])
    assert "blame: no suggestions: 1 test errored, so its checks were not attributed\n" in err


def test_improve_markdown_and_json_list_every_culprit(project: Path) -> None:
    config = str(project / "blame.yaml")
    _blame("test", "--config", config)
    code, md, _ = _blame("improve", "--suggest", "--format", "md", "--config", config)
    assert code == 0
    assert [line for line in md.splitlines() if line.startswith("## ")] == [
        "## Coder",
        "## Critic",
        "## Planner",
    ]
    code, text, _ = _blame("improve", "--suggest", "--format", "json", "--config", config)
    assert [p["target"] for p in json.loads(text)["patches"]] == ["Coder", "Critic", "Planner"]


def test_without_prompt_files_markdown_is_the_default_and_diff_is_an_error(project: Path) -> None:
    config = project / "blame.yaml"
    config.write_text("tests:" + PROJECT_CONFIG.split("tests:")[1])
    _blame("test", "--config", str(config))
    code, md, _ = _blame("improve", "--suggest", "--config", str(config))
    assert code == 0
    assert md.startswith("# Suggested prompt patches\n")
    code, out, err = _blame("improve", "--suggest", "-f", "diff", "--config", str(config))
    assert (code, out) == (2, "")
    assert err == (
        f"blame: error: {config}: agents: no agent declares a prompt_file; add "
        "`agents: {<Name>: {prompt_file: prompts/<name>.md}}`, or use --format md\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["improve", "--suggest"], "no results from an earlier run; run `blame test` first"),
        (["improve", "--suggest", "-f", "html"], "--format: unknown format 'html'; use one of md"),
        (["improve"], "say --suggest to print the patches or --apply to write them"),
    ],
)
def test_improve_errors_are_one_line_and_exit_2(
    project: Path, args: list[str], message: str
) -> None:
    code, out, err = _blame(*args, "--config", str(project / "blame.yaml"))
    assert code == 2
    assert out == ""
    assert message in err
    assert "Traceback" not in err


EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "simple_agent"


def test_improve_on_the_simple_agent_example(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    monkeypatch.setenv("BLAME_NO_WARN", "1")
    shutil.copytree(EXAMPLE, repo / "simple_agent", ignore=shutil.ignore_patterns(".blame"))
    assert _git(repo, "add", "-A").returncode == 0
    assert (
        _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "i").returncode
        == 0
    )
    config = str(repo / "simple_agent" / "blame.yaml")
    assert _blame("test", "--config", config)[0] == 1
    code, diff, notes = _blame("improve", "--suggest", "--config", config)
    assert (code, notes) == (0, "")
    assert _blame("improve", "--suggest", "--config", config)[1] == diff
    assert [line for line in diff.splitlines() if line.startswith(("+++", "+- "))] == [
        "+++ b/simple_agent/prompts/coder.md",
        '+- Keep "ValueError" from your input in your output.',
        "+++ b/simple_agent/prompts/critic.md",
        '+- Never include "TODO" in your output.',
    ]
    assert _apply_check(repo, diff).returncode == 0

    assert _blame("improve", "--apply", "--config", config)[0] == 0
    assert _blame("test", "--config", config)[0] == 1
    coder = (repo / "simple_agent" / "prompts" / "coder.md").read_text()
    assert '\n- Keep "ValueError" from your input in your output.\n' in coder
    critic = (repo / "simple_agent" / "prompts" / "critic.md").read_text()
    assert '\n- Never include "TODO" in your output.\n' in critic
    assert _git(repo, "diff", "--quiet", "--", "simple_agent/prompts/planner.md").returncode == 0
    assert _blame("improve", "--suggest", "--config", config)[1] == ""


@pytest.mark.parametrize(
    ("prompt_file", "problem"),
    [
        ("{outside}", "is outside the project"),
        ("../outside.md", "is outside the project"),
        ("prompts/link.md", "is outside the project"),  # a link out of the project
        ("blame.yaml", "is the config file itself"),
        ("agent.py", "is code (.py), not a prompt"),
        (".git/config", "is inside .git"),
    ],
    ids=["absolute", "dotdot", "symlink", "config", "code", "git"],
)
@pytest.mark.parametrize("mode", ["--apply", "--suggest"])
def test_improve_never_writes_outside_the_project_nor_code_or_config(
    project: Path, prompt_file: str, problem: str, mode: str
) -> None:
    outside = project.parent / "outside.md"
    outside.write_text("keep me\n")
    (project / "prompts" / "link.md").symlink_to(outside)
    (project / "agent.py").write_text("x = 1\n")
    config = project / "blame.yaml"
    text = PROJECT_CONFIG.replace("prompts/coder.md", prompt_file.format(outside=outside))
    config.write_text(text)
    assert _blame("test", "--config", str(config))[0] == 1
    before = {p: p.read_bytes() for p in [*project.rglob("*"), outside] if p.is_file()}
    code, out, notes = _blame("improve", mode, "--config", str(config))
    assert (code, out) == (2, "")
    assert "blame.yaml: agents.Coder.prompt_file: " in notes
    assert problem in notes and "blame will not write there" in notes
    assert {p: p.read_bytes() for p in [*project.rglob("*"), outside] if p.is_file()} == before


def test_apply_verify_writes_only_the_patches_that_helped(tmp_path: Path) -> None:
    import shutil

    from tests.conftest import EXAMPLES

    project = tmp_path / "orders"
    shutil.copytree(EXAMPLES / "confirm_pipeline", project, ignore=shutil.ignore_patterns(".blame"))
    source = project / "orders.py"  # an Editor that ignores its prompt: its patch cannot help
    source.write_text(
        source.read_text().replace('PromptedModel.from_file(PROMPTS / "editor.md", edit)', "edit")
    )
    config = str(project / "blame.yaml")
    assert _blame("test", "--config", config)[0] == 1
    before = {p.name: p.read_bytes() for p in (project / "prompts").iterdir()}
    code, report, _ = _blame("improve", "--verify", "--runs", "2", "--config", config)
    assert code == 0
    assert report.splitlines() == [
        "verified on order_reply: 2 runs each, before -> after (95% Wilson intervals)",
        "prompts/editor.md (Editor): does not help",
        "  order_reply: 0/2 [0.00, 0.66] -> 0/2 [0.00, 0.66]",
        "  order_reply: contains:ref=ZX-4471: 0/2 [0.00, 0.66] -> 0/2 [0.00, 0.66]",
        "  order_reply: not_contains:DRAFT: 0/2 [0.00, 0.66] -> 0/2 [0.00, 0.66]",
        "prompts/writer.md (Writer): helps",
        "  order_reply: 0/2 [0.00, 0.66] -> 0/2 [0.00, 0.66]",
        "  order_reply: contains:ref=ZX-4471: 0/2 [0.00, 0.66] -> 2/2 [0.34, 1.00]",
        "  order_reply: not_contains:DRAFT: 0/2 [0.00, 0.66] -> 0/2 [0.00, 0.66]",
        "all patches together: helps",
        "  order_reply: 0/2 [0.00, 0.66] -> 0/2 [0.00, 0.66]",
        "  order_reply: contains:ref=ZX-4471: 0/2 [0.00, 0.66] -> 2/2 [0.34, 1.00]",
        "  order_reply: not_contains:DRAFT: 0/2 [0.00, 0.66] -> 0/2 [0.00, 0.66]",
    ]
    assert {p.name: p.read_bytes() for p in (project / "prompts").iterdir()} == before
    code, _, notes = _blame("improve", "--verify", "--apply", "--runs", "2", "--config", config)
    assert code == 0
    assert "prompts/writer.md (Writer)" in notes and "editor.md" not in notes
    after = {p.name: p.read_bytes() for p in (project / "prompts").iterdir()}
    assert after["editor.md"] == before["editor.md"]
    assert b'- Keep "ref=ZX-4471" from your input in your output.' in after["writer.md"]
