from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from blame import __version__
from blame.cli import _invoked, app
from tests.conftest import BASIC, EXAMPLES, MakeConfig


def blame(
    *args: str, cwd: Path | None = None, warn: bool = False
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1"}
    if warn:
        env.pop("BLAME_NO_WARN", None)
    return subprocess.run(
        [sys.executable, "-m", "blame", *args], cwd=cwd, env=env, capture_output=True,
        text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.fixture
def simple(tmp_path: Path) -> Path:
    """A private copy of the failing example (record writes fixtures next to it)."""
    target = tmp_path / "simple_agent"
    shutil.copytree(EXAMPLES / "simple_agent", target, ignore=shutil.ignore_patterns(".blame"))
    return target / "blame.yaml"


def test_simple_example_json_matches_contract_and_exits_1(simple: Path) -> None:
    done = blame("test", "--config", str(simple), "--json")
    assert done.returncode == 1, done.stderr
    data = json.loads(done.stdout)
    assert list(data) == ["schema_version", "passed", "tests"]
    assert (data["schema_version"], data["passed"]) == (2, False)
    test = data["tests"][0]
    assert list(test) == [
        "name", "passed", "verdict", "reward", "threshold", "error", "checks", "patches", "runs",
        "graph"
    ]  # fmt: skip
    check = test["checks"][0]
    assert list(check) == [
        "name", "type", "passed", "category", "score", "weight", "message", "blame", "runs"
    ]  # fmt: skip
    assert list(check["blame"][0]) == [
        "kind", "name", "agent", "step_index", "confidence", "reason"
    ]  # fmt: skip
    assert check["blame"][0]["name"] == "CoderAgent"
    assert list(test["patches"][0]) == ["target", "text"]
    latest = simple.parent / ".blame" / "results" / "latest.json"
    assert latest.read_text() == done.stdout
    assert (simple.parent / ".blame" / "reports" / "latest.md").is_file()


def test_the_quickstart_markdown_report_draws_the_graph_with_the_coder_marked(
    simple: Path,
) -> None:
    assert blame("test", "--config", str(simple)).returncode == 1
    report = (simple.parent / ".blame" / "reports" / "latest.md").read_text()
    graph = report.split("```mermaid\n", 1)[1].split("```", 1)[0].splitlines()
    assert graph[:5] == [
        "flowchart TD",
        '  n0["0 PlannerAgent"]',
        '  n1["1 CoderAgent"]',
        '  n2[["2 run_tests"]]',
        '  n3["3 CriticAgent"]',
    ]
    assert "  class n1,n3 culprit" in graph  # CoderAgent dropped ValueError, CriticAgent's TODO


@pytest.mark.parametrize(("folder", "code"), [("passing_agent", 0), ("unannotated_agent", 1)])
def test_other_examples_exit_codes(folder: str, code: int, tmp_path: Path) -> None:
    target = tmp_path / folder
    shutil.copytree(EXAMPLES / folder, target, ignore=shutil.ignore_patterns(".blame"))
    done = blame("test", "--config", str(target / "blame.yaml"), "--json")
    assert done.returncode == code, done.stderr


def test_terminal_report_names_culprits(simple: Path) -> None:
    done = blame("test", "--config", str(simple), warn=True)
    assert done.returncode == 1
    assert "Root cause:" in done.stdout and "Suggested patch:" in done.stdout
    assert "2 tests: 1 passed, 1 failed, 0 errors" in done.stdout
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("blame: importing user code: simple_pipeline (from ")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "agent: {entrypoint: agent:run}\n"
            "tests: [{name: a, input: x, checks: [{type: contians, value: P}]}]\n",
            "tests[0] ('a').checks[0].type: unknown check type 'contians'; did you mean "
            "'contains'? (known: ",
        ),
        (
            "agent: {entrypoint: agent:run}\ntests:\n  - name: a\n   input: x\n",
            "invalid YAML at line 4 column 4: did not find expected '-' indicator; "
            "fix the YAML syntax there",
        ),
        (
            "agent: {entrypoint: missing_mod:run}\n"
            "tests: [{name: a, input: x, checks: [{type: contains, value: P}]}]\n",
            "agent.entrypoint: cannot import module 'missing_mod' (no missing_mod.py in ",
        ),
        (
            "agent: {entrypoint: agent:run}\n"
            "tests: [{name: a, input: x, checks: [{type: contains, value: P, weight: [1]}]}]\n",
            "tests[0] ('a').checks[0].weight: must be a number, got a list; "
            "write a number, e.g. 0.5",
        ),
    ],
)
def test_config_errors_exit_2_with_one_line(make_config: MakeConfig, text: str, line: str) -> None:
    path = make_config(text)
    done = blame("test", "--config", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(f"blame: error: {path}: {line}")
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_record_then_replay_twice_is_byte_identical(simple: Path) -> None:
    recorded = blame("record", "--config", str(simple))
    assert recorded.returncode == 0, recorded.stderr  # recorded; failing checks are test's
    assert recorded.stdout.splitlines()[:3] == [
        "recorded median (FAIL, reward 0.50)",
        "recorded clamp (PASS, reward 1.00)",
        "1 failing: `blame test --replay` shows why",
    ]
    assert "fixtures in " in recorded.stdout
    first = blame("test", "--config", str(simple), "--replay", "--json")
    second = blame("test", "--config", str(simple), "--replay", "--json")
    assert first.returncode == second.returncode == 1
    assert first.stdout == second.stdout
    live = blame("test", "--config", str(simple), "--json")
    assert live.stdout == first.stdout


ONLY_WHEN_ASKED = (
    "blame.baseline",  # a baseline file: --baseline, `blame baseline save`, `blame gate`
    "blame.breakages",  # `blame history`
    "blame.confirmation",  # --confirm, results that hold confirmations
    "blame.faults",  # a test's `faults:`, live runs
    "blame.localplugins",  # a config's `plugins:`
    "blame.pluginreport",  # a plugin that fails to load, `blame plugins`
    "blame.rerun",  # --confirm
    "blame.runstats",  # `runs:` over 1
    "blame.stats",
    "blame.stubs",  # `tools:`
    "blame.terminal",  # without --json
    "blame.userimport",  # project code: the agent, local plugins
    "html",  # HTML reports
    "pickle",  # workers
)
"""Modules a single replay with --json of a config without plugins or tools never needs."""


def test_a_replay_imports_only_what_it_uses(simple: Path) -> None:
    """Each of these costs every run milliseconds of imports (issue 17)."""
    assert blame("record", "--config", str(simple)).returncode == 0
    code = (
        "import sys\n"
        f"sys.argv = ['blame', 'test', '--config', {str(simple)!r}, '--replay', '--json']\n"
        "from blame.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        f"sys.stderr.write(repr(sorted(set(sys.modules) & {set(ONLY_WHEN_ASKED)!r})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert json.loads(done.stdout)["passed"] is False
    assert done.stderr.splitlines()[-1] == "[]"


def test_replay_without_fixtures_exits_2_and_runs_the_rest(simple: Path) -> None:
    assert blame("record", "--config", str(simple), "-k", "clamp").returncode == 0
    done = blame("test", "--config", str(simple), "--replay", "--json")
    assert done.returncode == 2
    tests = {t["name"]: t for t in json.loads(done.stdout)["tests"]}
    assert tests["median"]["error"].startswith("no replay fixture for median; run `blame record`")
    assert tests["clamp"]["passed"] is True


def test_a_replay_of_a_fixture_recorded_for_another_input_exits_2_and_runs_the_rest(
    simple: Path,
) -> None:
    """The test's `input:` changed after `blame record`: the replay scored the old input's
    trace as the new one's, silently."""
    from blame.files import safe_filename

    assert blame("record", "--config", str(simple)).returncode == 0
    old, new = "Write a median function for a list of floats.", "Write a mode function."
    simple.write_text(simple.read_text().replace(old, new), encoding="utf-8")
    done = blame("test", "--config", str(simple), "--replay", "--json")
    assert done.returncode == 2
    tests = {t["name"]: t for t in json.loads(done.stdout)["tests"]}
    fixture = Path(".blame", "fixtures", safe_filename("median", ".json"))
    assert tests["median"]["error"] == (
        f"{fixture}: the fixture was recorded for input {old!r}; the test's input is now "
        f"{new!r}; run `blame record -k median` to record it again"
    )
    assert (tests["clamp"]["error"], tests["clamp"]["passed"]) == (None, True)
    explained = blame("explain", "median", "--config", str(simple), "--replay")
    assert (explained.returncode, explained.stdout) == (2, "")
    assert "the fixture was recorded for input" in explained.stderr


def test_filter_selects_tests(simple: Path) -> None:
    done = blame("test", "--config", str(simple), "-k", "clamp", "--json")
    assert done.returncode == 0
    assert [t["name"] for t in json.loads(done.stdout)["tests"]] == ["clamp"]


def test_crashing_entrypoint_exits_2(make_config: MakeConfig) -> None:
    path = make_config(BASIC.replace("agent:run", "agent:crash"))
    done = blame("test", "--config", str(path))
    assert done.returncode == 2
    assert "ERROR capital" in done.stdout
    assert "entrypoint agent:crash raised ValueError: the model is down" in done.stdout


def test_report_formats(simple: Path) -> None:
    assert blame("test", "--config", str(simple)).returncode == 1
    for fmt, start in (("md", "# blame report"), ("html", "<!DOCTYPE html>"), ("json", "{")):
        done = blame("report", "--config", str(simple), "--format", fmt)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(start)
    out = simple.parent / "report.html"
    done = blame("report", "--config", str(simple), "--format", "html", "--output", str(out))
    assert done.returncode == 0 and out.read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(
    ("output", "problem"),
    [
        ("{config}", "is the config file"),
        ("{folder}/.blame/results/latest.json", "is the results"),
        ("{folder}/agent.py", "is code (.py)"),
    ],
)
def test_a_report_written_over_what_the_user_has_is_refused(
    simple: Path, output: str, problem: str
) -> None:
    """`blame report -o blame.yaml` replaced the config (or the agent's code, or the results
    it was made from) with the report."""
    assert blame("test", "--config", str(simple)).returncode == 1
    (simple.parent / "agent.py").write_text("code = 1\n", encoding="utf-8")
    target = Path(output.format(config=simple, folder=simple.parent))
    kept = target.read_bytes()
    done = blame("report", "--config", str(simple), "--output", str(target))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"blame: error: {target}: --output: {problem}; writing the output here would replace "
        "it; write the output to a file of its own\n"
    )
    assert target.read_bytes() == kept


@pytest.mark.parametrize("command", [("report",), ("baseline", "save")])
@pytest.mark.parametrize(
    ("output", "problem"),
    [
        ("prompts/coder.md", "is the prompt file of agent 'CoderAgent'"),
        ("stored.json", "is the stored trace of test 'stored'"),
        (".blame/fixtures/{fixture}", "is the replay fixture of test 'median'"),
    ],
)
def test_an_output_over_a_file_the_config_reads_is_refused(
    simple: Path, command: tuple[str, ...], output: str, problem: str
) -> None:
    """`blame report -o prompts/coder.md` and `blame baseline save -o` over a stored trace or a
    replay fixture replaced the user's file with the report; only the config itself was kept."""
    from blame.files import safe_filename

    assert blame("record", "--config", str(simple)).returncode == 0
    fixture = safe_filename("median", ".json")
    shutil.copy(simple.parent / ".blame" / "fixtures" / fixture, simple.parent / "stored.json")
    stored = "  - {name: stored, trace: stored.json, checks: [{type: contains, value: median}]}\n"
    simple.write_text(simple.read_text().replace("\nsettings:", stored + "\nsettings:"))
    assert blame("test", "--config", str(simple)).returncode == 1
    target = simple.parent / output.format(fixture=fixture)
    kept = target.read_bytes()
    done = blame(*command, "--config", str(simple), "--output", str(target))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"blame: error: {target}: --output: {problem}; writing the output here would replace "
        "it; write the output to a file of its own\n"
    )
    assert target.read_bytes() == kept


def test_report_imports_no_plugin(simple: Path) -> None:
    """`blame report` only renders results: `plugins: ['os:abort']` used to crash it."""
    assert blame("test", "--config", str(simple)).returncode == 1
    simple.write_text("plugins: ['os:abort']\n" + simple.read_text(), encoding="utf-8")
    done = blame("report", "--config", str(simple), "--format", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["passed"] is False


def test_report_before_any_run(tmp_path: Path) -> None:
    done = blame("report", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        "blame: error: .blame/results/latest.json: no results yet; run `blame test` first\n"
    )


def test_init_writes_a_working_example_and_refuses_to_overwrite(tmp_path: Path) -> None:
    done = blame("init", cwd=tmp_path)
    assert done.returncode == 0
    assert (
        (tmp_path / "blame.yaml")
        .read_text()
        .startswith("# yaml-language-server: $schema=./blame.schema.json\n# blame.yaml")
    )
    assert blame("test", cwd=tmp_path).returncode == 0
    again = blame("init", cwd=tmp_path)
    assert again.returncode == 2
    assert again.stderr == (
        "blame: error: blame.yaml: already exists; not overwriting it; "
        "pass --config NEW_PATH or remove the file\n"
    )


def test_init_refuses_a_dangling_agent_py_link(tmp_path: Path) -> None:
    """init wrote its agent through a link to a missing file, into ../elsewhere/agent.py."""
    (tmp_path / "project").mkdir()
    os.symlink("../elsewhere/agent.py", tmp_path / "project" / "agent.py")
    done = blame("init", cwd=tmp_path / "project")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "blame: error: agent.py: is a symbolic link to a missing file (../elsewhere/agent.py); "
        "`blame init` does not write through it; "
        "remove the link, or pass --config a path in another folder\n"
    )
    assert sorted(os.listdir(tmp_path)) == ["project"]
    assert os.listdir(tmp_path / "project") == ["agent.py"]


def test_record_says_fixtures_cannot_be_written_before_the_agent_runs(tmp_path: Path) -> None:
    """A fixtures_dir that is a file: the agent ran (real model calls), then the write failed."""
    assert blame("init", cwd=tmp_path).returncode == 0
    agent = tmp_path / "agent.py"
    agent.write_text(agent.read_text() + "open('agent-ran', 'w').close()\n")
    config = tmp_path / "blame.yaml"
    config.write_text(config.read_text() + "  fixtures_dir: agent.py\n")
    done = blame("record", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    fixture = tmp_path / "agent.py" / "capital-of-france-c9da78ccb0.json"
    assert done.stderr == (
        f"blame: error: {fixture}: cannot write: {agent} is a file, not a folder; "
        "write somewhere else, or make that place a writable folder\n"
    )
    assert not (tmp_path / "agent-ran").exists()


def test_usage_errors_exit_2() -> None:
    assert blame("test", "--no-such-option").returncode == 2
    assert blame("no-such-command").returncode == 2


def test_version_and_help() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["--version"])
    assert (result.exit_code, result.output) == (0, f"blame {__version__}\n")
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("init", "test", "record", "report"):
        assert command in result.output


COMMANDS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
"""Every command and command group `blame --help` lists."""


@pytest.mark.parametrize("words", [[], ["--version"], ["--help"], ["tset"], ["-c", "test"]])
def test_a_start_that_names_no_command_gets_the_whole_app(words: list[str]) -> None:
    assert _invoked(app, words) is app


@pytest.mark.parametrize("rest", [["--help"], ["--no-such-option"], ["--help", "extra"]])
@pytest.mark.parametrize("name", COMMANDS)
def test_a_start_with_only_the_named_command_says_what_the_whole_app_says(
    name: str, rest: list[str]
) -> None:
    """Issue 17: the console script builds only the command it runs; its answers are the same."""
    one = _invoked(app, [name, *rest])
    assert one is not app
    assert sorted(typer.main.get_command(one).commands) == [name]  # type: ignore[attr-defined]
    whole = CliRunner().invoke(app, [name, *rest])
    alone = CliRunner().invoke(one, [name, *rest])
    assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output)


def test_the_console_script_builds_only_the_command_it_runs(simple: Path) -> None:
    code = (
        "import sys, typer.main\n"
        "built = []\n"
        "real = typer.main.get_command_from_info\n"
        "def counted(command_info, **kwargs):\n"
        "    built.append(command_info.callback.__name__)\n"
        "    return real(command_info, **kwargs)\n"
        "typer.main.get_command_from_info = counted\n"
        f"sys.argv = ['blame', 'report', '--config', {str(simple)!r}]\n"
        "from blame.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as end:\n"
        "    sys.stderr.write(f'{end.code} {built}')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stderr.splitlines()[-1] == "2 ['report']"


def test_cli_runner_turns_blame_errors_into_exit_2(make_config: MakeConfig) -> None:
    path = make_config("tset: []\n")
    result = CliRunner().invoke(app, ["test", "--config", str(path)])
    assert result.exit_code == 2
    assert result.exception is None or isinstance(result.exception, SystemExit)


def one_test(value: str) -> str:
    """A config with one test `a` and one contains check."""
    return (
        "agent: {entrypoint: agent:run}\n"
        f"tests: [{{name: a, input: x, checks: [{{type: contains, value: {value}}}]}}]\n"
    )


NOISY_AGENT = """
import os
import sys
import time
from blame import TraceRecorder


def run(question):
    print("chatter from the agent")
    sys.stdout.flush()
    os.write(1, b"raw bytes on fd 1\\n")
    rec = TraceRecorder(test_name="x", input=question)
    rec.step("Solo", input=question, output="Paris")
    return "Paris", rec.finalize(final_output="Paris")
"""


LATE_PRINTING_AGENT = (
    NOISY_AGENT
    + """

import atexit

# Like a timed-out agent thread that keeps printing: output after blame has finished.
atexit.register(print, "printed after the run")
"""
)


@pytest.mark.parametrize(
    ("agent", "printed"),
    [
        (NOISY_AGENT, ["chatter from the agent", "raw bytes on fd 1"]),
        (LATE_PRINTING_AGENT, ["chatter from the agent", "printed after the run"]),
    ],
)
def test_json_stdout_holds_only_the_json_when_the_agent_prints(
    make_config: MakeConfig, agent: str, printed: list[str]
) -> None:
    path = make_config(one_test("Paris"), agent=agent)
    done = blame("test", "--config", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["passed"] is True
    assert all(text in done.stderr for text in printed)


NOISY_PLUGIN = """
import os
import sys

print("chatter from a plugin")
sys.stdout.flush()
os.write(1, b"raw plugin bytes on fd 1\\n")


class Loud:
    type = "loud"

    def bind(self, params, *, base_dir):
        return None

    def label(self, params):
        return "loud"

    def evaluate(self, check, trace):
        raise AssertionError("not used by the config")

    def attribute(self, check, evaluation, graph):
        return None

    def patch(self, check, suspect, trace):
        return None


blame_plugins = [Loud()]
"""


@pytest.mark.parametrize("form", ["json", "md"])
def test_improve_stdout_holds_only_the_patches_when_a_plugin_prints(
    make_config: MakeConfig, tmp_path: Path, form: str
) -> None:
    """`blame improve --format json` is piped into tools: a plugin's chatter goes to stderr."""
    (tmp_path / "noisy_plugin.py").write_text(NOISY_PLUGIN, encoding="utf-8")
    path = make_config("plugins: [noisy_plugin]\n" + one_test("Rome"), agent=NOISY_AGENT)
    assert blame("test", "--config", str(path)).returncode == 1
    done = blame("improve", "--suggest", "--format", form, "--config", str(path))
    assert done.returncode == 0, done.stderr
    assert "chatter" not in done.stdout and "raw plugin bytes" not in done.stdout
    assert "chatter from a plugin" in done.stderr and "raw plugin bytes" in done.stderr
    if form == "json":
        assert json.loads(done.stdout)
    else:
        assert done.stdout.startswith("# Suggested prompt patches")


def test_error_lines_never_carry_terminal_escapes(make_config: MakeConfig) -> None:
    path = make_config(
        "agent: {entrypoint: agent:run}\n"
        'tests: [{name: "red\\e[31mname", input: x, checks: [{type: contains, value: P}]}]\n'
    )
    done = blame("test", "--config", str(path), "-k", "nothing-matches")
    assert done.returncode == 2
    assert "\x1b" not in done.stderr
    assert "red\\x1b[31mname" in done.stderr
    assert done.stderr.count("\n") == 1


WAITING_AGENT = """
import pathlib
import time
from blame import TraceRecorder


def run(question):
    if question == "slow":
        pathlib.Path("started").write_text("yes")
        time.sleep(60)
    rec = TraceRecorder(test_name="run", input=question)
    rec.step("Writer", input=question, output="no idea")
    return "no idea", rec.finalize(final_output="no idea")
"""
TWO_TESTS = """
agent: {entrypoint: agent:run}
tests:
  - {name: quick, input: quick, checks: [{type: contains, value: Paris}]}
  - {name: slow, input: slow, checks: [{type: contains, value: Paris}]}
"""


@pytest.mark.parametrize("json_output", [False, True])
def test_ctrl_c_keeps_the_finished_tests_marked_interrupted_and_exits_130(
    make_config: MakeConfig, tmp_path: Path, json_output: bool
) -> None:
    """A real SIGINT while the second test runs: the first's result is written and shown."""
    path = make_config(TWO_TESTS, agent=WAITING_AGENT)
    process = subprocess.Popen(
        [sys.executable, "-m", "blame", "test", "--config", str(path),
         *(["--json"] if json_output else [])],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "NO_COLOR": "1"},
    )  # fmt: skip
    started = tmp_path / "started"
    for _ in range(1200):
        if started.exists() or process.poll() is not None:
            break
        time.sleep(0.05)
    assert started.exists()
    assert process.stdout is not None
    first = "" if json_output else process.stdout.readline()  # printed as it finished
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    out = first + out
    assert (process.returncode, err) == (130, "blame: interrupted\n")
    written = json.loads((tmp_path / ".blame" / "results" / "latest.json").read_text())
    assert written["interrupted"] is True
    assert [t["name"] for t in written["tests"]] == ["quick"]
    if json_output:
        assert json.loads(out) == written
    else:
        assert out.startswith("FAIL quick  reward 0.00")
        assert "1 test: 0 passed, 1 failed, 0 errors (interrupted" in out
    report = (tmp_path / ".blame" / "reports" / "latest.md").read_text()
    assert "FAIL: quick" in report and "slow" not in report
    listed = CliRunner().invoke(app, ["history", "--config", str(path)]).stdout.splitlines()
    assert listed[1].split()[-4:] == ["0", "1", "0", "(interrupted)"]  # a partial run, marked


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("typo.yaml", "typo.yaml: no such file; pass --config PATH"),
        (".", ".: is a directory, not a YAML file"),
    ],
)
def test_report_with_a_config_that_is_not_there_says_so(
    simple: Path, given: str, message: str
) -> None:
    """Not the results of whatever ./.blame holds."""
    assert blame("test", "--config", str(simple)).returncode == 1
    done = blame("report", "--config", given, cwd=simple.parent)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"blame: error: {message}")


SURROGATE_AGENT = """
from blame import TraceRecorder


def run(question):
    out = "lone \\ud800 surrogate"
    rec = TraceRecorder(test_name="x", input=question)
    rec.step("Agent\\udcff", input=question, output=out)
    return out, rec.finalize(final_output=out)
"""


def test_lone_surrogates_in_agent_output_are_written_and_printed(
    make_config: MakeConfig,
) -> None:
    path = make_config(one_test("Rome"), agent=SURROGATE_AGENT)
    live = blame("test", "--config", str(path), "--json")
    assert live.returncode == 1, live.stderr
    assert json.loads(live.stdout)["tests"][0]["checks"][0]["blame"][0]["agent"] == "Agent\udcff"
    shown = blame("test", "--config", str(path))
    assert (shown.returncode, shown.stderr) == (1, "")
    assert "FAIL a" in shown.stdout and "Agent\\udcff" in shown.stdout
    assert blame("record", "--config", str(path)).returncode == 0
    replayed = blame("test", "--config", str(path), "--json", "--replay")
    assert replayed.stdout == live.stdout


def _on_a_terminal(*args: str, env: dict[str, str]) -> str:
    """Run blame with stdout on a pseudo-terminal; returns what it printed there."""
    import pty

    leader, follower = pty.openpty()
    done = subprocess.run(
        [sys.executable, "-m", "blame", *args], stdout=follower, stderr=subprocess.PIPE,
        env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "200", **env}, timeout=120,
        check=False,
    )  # fmt: skip
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal is drained
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert done.returncode == 0, done.stderr
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize(("no_color", "styled"), [("1", False), ("", True)])
def test_plugins_on_a_terminal_honours_no_color(no_color: str, styled: bool) -> None:
    shown = _on_a_terminal("plugins", env={"NO_COLOR": no_color})
    assert "contains" in shown
    assert ("\x1b[" in shown) is styled


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_closed_stdout_is_no_traceback(make_config: MakeConfig, json_flag: list[str]) -> None:
    path = make_config(one_test("idea"))  # the agent answers "no idea"
    done = subprocess.run(
        ["sh", "-c", 'exec "$0" "$@" >&-', sys.executable, "-m", "blame", "test",
         "--config", str(path), *json_flag],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")


@pytest.fixture
def flaky(tmp_path: Path) -> Path:
    """A private copy of the example that fails at random."""
    target = tmp_path / "flaky_pipeline"
    shutil.copytree(EXAMPLES / "flaky_pipeline", target, ignore=shutil.ignore_patterns(".blame"))
    return target / "blame.yaml"


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("-k", "savings"), 0),  # PASS
        (("-k", "savings", "--strict"), 0),
        (("-k", "mortgage"), 0),  # INCONCLUSIVE does not fail the build...
        (("-k", "mortgage", "--strict"), 3),  # ...unless asked to
        (("-k", "crypto"), 1),  # FAIL
        (("-k", "pension"), 2),  # ERROR: no run could be evaluated
        (("-k", "r"), 1),  # mortgage and crypto
        (("-k", "r", "--strict"), 1),  # a FAIL outranks an INCONCLUSIVE
        ((), 2),  # an ERROR outranks them all
        (("-k", "crypto", "--runs", "1"), 1),  # one run, and it failed: as before
        (("-k", "mortgage", "--runs", "1"), 0),  # one run, and it passed
        (("--runs", "0"), 2),  # usage error
        (("--workers", "0"), 2),
    ],
)
def test_exit_codes_of_repeated_runs(flaky: Path, args: tuple[str, ...], code: int) -> None:
    done = blame("test", "--config", str(flaky), *args)
    assert done.returncode == code, done.stdout + done.stderr


def test_verdicts_in_the_terminal_and_the_same_bytes_with_workers(flaky: Path) -> None:
    shown = blame("test", "--config", str(flaky), "-k", "mortgage")
    assert shown.stdout.startswith(
        "INCONCLUSIVE mortgage  reward 0.33 / threshold 0.75\n"
        "  6 of 10 runs passed (60%), 95% interval 31%-83%, pass_rate 0.5: INCONCLUSIVE\n"
        "  flaky: some runs passed and some did not; unstable tool path: 2 different tool-call "
        "sequences\n"
        "  contains:6.1% failed in 4 of 10 evaluated runs\n"
        "  stable culprit: Writer, step 4: 4 of 4 failing runs\n"
        "  events most associated with failure: Researcher: fetch_rates failed (Ochiai 1.00: 4 "
        "failing, 0 passing runs)\n"
    )
    assert shown.stdout.endswith("1 test: 0 passed, 0 failed, 1 inconclusive, 0 errors\n")
    serial = blame("test", "--config", str(flaky), "--json")
    parallel = blame("test", "--config", str(flaky), "--json", "--workers", "2")
    assert serial.returncode == parallel.returncode == 2
    assert parallel.stdout == serial.stdout
    report = blame("report", "--config", str(flaky), "--format", "md")
    assert (
        "- 1 of 10 runs passed \\(10%\\), 95% interval 2%\\-40%, pass\\_rate 0\\.5: FAIL"
        in report.stdout
    )


def test_workers_say_once_which_user_code_they_import(tmp_path: Path) -> None:
    # runs that take real time: the second worker starts, and imports the pipeline too
    (tmp_path / "slow_pipeline.py").write_text(
        "import time\n\nfrom blame import TraceRecorder, run_index\n\n\n"
        "def run(task):\n    time.sleep(0.08)\n    out = f'done {run_index() % 3}'\n"
        "    rec = TraceRecorder(test_name='t', input=task)\n"
        "    rec.step('Writer', input=task, output=out)\n"
        "    return out, rec.finalize(final_output=out)\n"
    )
    config = tmp_path / "blame.yaml"
    config.write_text(
        "agent: {type: python, entrypoint: slow_pipeline:run}\n"
        "tests:\n  - {name: t, input: go, runs: 16, checks: [{type: contains, value: done 1}]}\n"
    )
    serial = blame("test", "--config", str(config), "--json", "--workers", "1", warn=True)
    parallel = blame("test", "--config", str(config), "--json", "--workers", "2", warn=True)
    assert parallel.returncode == serial.returncode == 0
    assert parallel.stdout == serial.stdout
    assert parallel.stderr == serial.stderr  # the warning once, no note: both workers ran
    assert serial.stderr.count("importing user code: slow_pipeline") == 1


def test_workers_say_when_the_runs_are_too_short_to_share(flaky: Path) -> None:
    done = blame("test", "--config", str(flaky), "--json", "--workers", "2", "-k", "savings")
    assert done.returncode == 0
    assert re.fullmatch(
        r"blame: --workers 2: 10 runs of [0-9.]+ ms each ran in 1 worker process; another "
        r"would not have paid for its start \(docs/runs\.md\)\n",
        done.stderr,
    )


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (("test", "--qqqq"), "No such option: --qqqq; `blame test --help` lists the options"),
        (("--bogus",), "No such option: --bogus; `blame --help` lists the options"),
        (("tset",), "No such command 'tset'. Did you mean 'test'?; `blame --help` lists"),
        (
            ("report", "--format"),
            "Option '--format' requires an argument; `blame report --help` lists the options",
        ),
        (("improve",), "Invalid value: say --suggest to print the patches or --apply to write"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(args: tuple[str, ...], line: str) -> None:
    done = blame(*args)
    assert (done.returncode, done.stdout) == (2, "")
    shown = done.stderr.replace("`python -m blame", "`blame")  # the program name as started
    assert shown.startswith(f"blame: error: {line}")
    assert shown.count("\n") == 1


def test_help_lists_each_command_description_whole() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "blame", "--help"], env={**os.environ, "COLUMNS": "80"},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    commands = done.stdout.split("Commands:")[1]
    assert "..." not in commands and "…" not in commands
    joined = " ".join(done.stdout.split())
    assert "record Run the real agent once per test and save each trace as a replay fixture." in (
        joined
    )


def test_shell_completion_is_on() -> None:
    done = blame("--show-completion", "bash")
    assert done.returncode == 0, done.stderr
    assert "complete -o default -F _" in done.stdout
    assert "--install-completion" in blame("--help").stdout


SLOW_PASSING_AGENT = """
import time
from blame import TraceRecorder


def run(question):
    time.sleep(0.8)
    rec = TraceRecorder(test_name="run", input=question)
    rec.step("Writer", input=question, output="Paris")
    return "Paris", rec.finalize(final_output="Paris")
"""


def test_a_suite_over_a_second_shows_a_progress_bar_on_a_terminal(
    make_config: MakeConfig,
) -> None:
    path = make_config(
        "agent: {entrypoint: agent:run}\ntests:\n"
        + "".join(
            f"  - {{name: t{i}, input: x, checks: [{{type: contains, value: Paris}}]}}\n"
            for i in range(3)
        ),
        agent=SLOW_PASSING_AGENT,
    )
    shown = _on_a_terminal("test", "--config", str(path), env={"NO_COLOR": ""})
    assert "testing" in shown and "━" in shown  # the bar, drawn while the tests ran
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)  # colours and cursor moves
    for i in range(3):
        assert f"PASS t{i}" in shown
    assert "3 tests: 3 passed, 0 failed, 0 errors" in shown
    assert "╭" not in shown  # a passing test is one line, not a panel


def test_confirm_is_test_with_confirm(tmp_path: Path) -> None:
    target = tmp_path / "confirm_pipeline"
    shutil.copytree(EXAMPLES / "confirm_pipeline", target, ignore=shutil.ignore_patterns(".blame"))
    config = str(target / "blame.yaml")
    done = blame("confirm", "--config", config, "--json")
    assert done.returncode == 1, done.stderr
    verdicts = [
        (s["name"], s.get("confirmation", {}).get("verdict"))
        for check in json.loads(done.stdout)["tests"][0]["checks"]
        for s in check["blame"]
    ]
    assert verdicts == [
        ("Writer", "confirmed"),
        ("Logger", "refuted"),
        ("lookup_order", "refuted"),
        ("Editor", None),  # a fourth suspect is not put to the test
        ("Editor", "confirmed"),
    ]
    assert blame("test", "--confirm", "--config", config, "--json").stdout == done.stdout
    shown = blame("confirm", "--config", config)
    assert "Writer: confirmed: restore 'ref=ZX-4471' into step 3's output" in shown.stdout


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (["test", "-k", "no-such-test"], "no test name contains 'no-such-test'"),
        (["record", "-k", "no-such-test"], "no test name contains 'no-such-test'"),
        (["test", "--runs", "100000"], "--runs: must be from 1 to 10,000, got 100000"),
    ],
)
def test_a_usage_error_keeps_the_last_results(simple: Path, command: list[str], says: str) -> None:
    """A typo in -k or --runs is a usage error before any test runs: the last run's results,
    reports and kept traces stay (they were removed as if a run had started)."""
    assert blame("test", "--config", str(simple)).returncode == 1
    output = simple.parent / ".blame"
    before = {p: p.read_bytes() for p in sorted(output.rglob("*")) if p.is_file()}
    done = blame(*command, "--config", str(simple))
    assert done.returncode == 2
    assert says in done.stderr
    assert {p: p.read_bytes() for p in sorted(output.rglob("*")) if p.is_file()} == before


@pytest.mark.parametrize(
    ("jsonl", "says"),
    [
        ("checks.yaml", "checks.yaml: is the checks file, which the results would replace"),
        ("run.json", "run.json: is where this run writes its results, which would replace it"),
        ("agent.py", "agent.py: --jsonl: is code (.py); writing the output here would replace"),
    ],
)
def test_analyze_never_writes_its_results_over_its_inputs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jsonl: str, says: str
) -> None:
    """`--jsonl` naming the checks file or the trace replaced it with the results."""
    from tests.hostile.cases_traces import CHECKS, otlp

    monkeypatch.chdir(tmp_path)
    inputs = {"checks.yaml": CHECKS, "run.json": otlp(), "agent.py": "code = 1\n"}
    for name, text in inputs.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    argv = ["analyze", "run.json", "--checks", "checks.yaml", "--jsonl", jsonl]
    done = CliRunner().invoke(app, argv)
    assert done.exit_code == 2 and f"blame: error: {says}" in done.stderr
    assert {name: (tmp_path / name).read_text("utf-8") for name in inputs} == inputs
