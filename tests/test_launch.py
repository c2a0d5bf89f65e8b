"""The console script: a plain `blame test` runs without typer, with exactly typer's values,
the same output and the same exit code; anything else goes to the full command line."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from blame import launch
from blame.cli import app

PLAIN = [
    ["test"],
    ["test", "--json"],
    ["test", "-c", "x.yaml", "--replay", "--json"],
    ["test", "--config", "dir/x.yaml", "-k", "capital", "--strict"],
    ["test", "--config=x.yaml", "--runs", "3", "--workers=2", "--confirm"],
    ["test", "--junit-xml", "out/j.xml", "--tap=out/t.tap", "--baseline", "b.json"],
    ["test", "-k", "a=b", "--runs=007", "-c", "blame.yaml"],
    ["test", "-k", " spaced ", "--json", "--replay", "--strict", "--confirm"],
]
"""Arguments the launcher reads itself."""

NOT_PLAIN = [
    [],
    ["--help"],
    ["test", "--help"],
    ["--version", "test"],
    ["record"],
    ["test", "extra"],
    ["test", "--"],
    ["test", "--json", "--json"],
    ["test", "-c", "a.yaml", "--config", "b.yaml"],
    ["test", "-c"],
    ["test", "-c", ""],
    ["test", "-c", "-"],
    ["test", "-k", "--json"],
    ["test", "-cx.yaml"],
    ["test", "-c=x.yaml"],
    ["test", "--config="],
    ["test", "--json=1"],
    ["test", "--runs", "0"],
    ["test", "--runs", "+2"],
    ["test", "--runs", "1_000"],
    ["test", "--runs", "٣"],
    ["test", "--runs", "9999999999"],
    ["test", "--workers", "two"],
    ["test", "--conf", "x.yaml"],
    ["test", "-j"],
    ["test", "-c", "a\x00b"],
]
"""Arguments left to the full command line (help, errors, repeats, anything unusual)."""


@pytest.mark.parametrize("args", PLAIN)
def test_plain_arguments_give_the_values_typer_gives(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    passed: list[dict[str, Any]] = []

    def run_test(**values: Any) -> int:
        passed.append(values)
        return 0

    monkeypatch.setattr(launch, "run_test", run_test)
    done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    assert launch.quick_test(args, {}) == passed[0]


@pytest.mark.parametrize("args", NOT_PLAIN)
def test_anything_else_goes_to_the_full_command_line(args: list[str]) -> None:
    assert launch.quick_test(args, {}) is None


def test_the_launcher_knows_exactly_the_options_of_typers_test_command() -> None:
    """An option added to, or removed from, `blame test` must reach the launcher too: a new
    one would only go the slow way, a removed one would still be accepted here."""
    import typer.main

    command = typer.main.get_command(app).commands["test"]  # type: ignore[attr-defined]
    typers = {
        option: (param.name, bool(getattr(param, "is_flag", False)))
        for param in command.params
        for option in param.opts
    }
    mine = {option: (name, False) for option, name in launch._VALUES}
    mine |= {
        flag: ("json_output" if flag == "--json" else flag[2:], True) for flag in launch._FLAGS
    }
    assert mine == typers


def test_shell_completion_goes_to_the_full_command_line() -> None:
    assert launch.quick_test(["test"], {"_BLAME_COMPLETE": "bash_source"}) is None


def test_a_path_typer_calls_unreadable_goes_to_the_full_command_line(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    locked = tmp_path / "blame.yaml"
    locked.write_text("tests: []\n")
    locked.chmod(0)
    assert launch.quick_test(["test", "-c", str(locked)], {}) is None
    assert launch.quick_test(["test", "-c", str(tmp_path / "absent.yaml")], {}) is not None


PIPE = (
    "from blame import TraceRecorder\n"
    "def run(task):\n"
    "    rec = TraceRecorder(test_name='t', input=task)\n"
    "    rec.step('Writer', input=task, output='Lyon')\n"
    "    return 'Lyon', rec.finalize(final_output='Lyon')\n"
)
CONFIG = (
    "agent: {type: python, entrypoint: pipe:run}\n"
    "tests:\n"
    "  - {name: capital, input: Capital of France?, checks: [{type: contains, value: Paris}]}\n"
    "  - {name: city, input: A city?, checks: [{type: contains, value: Lyon}]}\n"
)


def _run(folder: Path, entry: str, args: list[str]) -> subprocess.CompletedProcess[str]:
    script = (
        f"import sys\nsys.argv = ['blame', *{args!r}]\nfrom {entry} import main\n"
        "try:\n    main()\nfinally:\n"
        "    sys.stderr.write('typer loaded\\n' if 'typer' in sys.modules else '')\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "CI")}
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        env=env | {"COLUMNS": "100", "NO_COLOR": "1"},
    )


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["test"], 1),
        (["test", "--json"], 1),
        (["test", "-k", "city", "--json"], 0),
        (["test", "-c", "missing.yaml"], 2),
        (["test", "--config", "blame.yaml", "--baseline", "nothing.json"], 2),
    ],
)
def test_output_and_exit_code_are_the_full_command_lines(
    tmp_path: Path, args: list[str], code: int
) -> None:
    """The launcher's run and typer's print the same bytes and exit the same way; only the
    full command line loads typer."""
    (tmp_path / "pipe.py").write_text(PIPE)
    (tmp_path / "blame.yaml").write_text(CONFIG)
    quick = _run(tmp_path, "blame.launch", args)
    full = _run(tmp_path, "blame.cli", args)
    assert quick.returncode == full.returncode == code
    assert quick.stdout == full.stdout
    assert quick.stderr + "typer loaded\n" == full.stderr


def test_user_code_that_exits_never_picks_the_exit_code(tmp_path: Path) -> None:
    (tmp_path / "pipe.py").write_text("import sys\ndef run(task):\n    sys.exit(0)\n")
    (tmp_path / "blame.yaml").write_text(CONFIG)
    quick = _run(tmp_path, "blame.launch", ["test", "--json"])
    full = _run(tmp_path, "blame.cli", ["test", "--json"])
    assert (quick.returncode, quick.stdout) == (full.returncode, full.stdout)
    assert quick.returncode != 0
    assert quick.stderr + "typer loaded\n" == full.stderr


def test_ctrl_c_and_a_bug_end_as_one_line() -> None:
    assert launch.handled(KeyboardInterrupt()) == 130
    assert launch.handled(RuntimeError("planted")) == 2
    assert launch.handled(SystemExit(0)) == 2


def test_typers_own_exits_are_left_to_typer() -> None:
    import typer

    assert launch.handled(typer.Exit(1)) is None


def test_a_replay_imports_neither_inspect_nor_regex(tmp_path: Path) -> None:
    """`blame test --replay` of tests with a plain `regex` check: dataclasses comes without
    inspect (blame.frozen) and the pattern is searched by `re` (blame.plainregex). From Python
    3.12 dataclasses reads every class's annotations through inspect, so only regex is
    left out there."""
    (tmp_path / "pipe.py").write_text(PIPE, encoding="utf-8")
    config = CONFIG.replace("{type: contains, value: Lyon}", "{type: regex, value: 'L\\w+'}")
    (tmp_path / "blame.yaml").write_text(config, encoding="utf-8")
    assert _run(tmp_path, "blame.cli", ["record"]).returncode == 0
    script = (
        "import sys\nsys.argv = ['blame', 'test', '--replay', '--json']\n"
        "from blame.launch import main\n"
        "try:\n    main()\nfinally:\n"
        "    left_out = {'inspect', 'ast', 'regex', 'signal'}\n"
        "    sys.stderr.write(repr(sorted(left_out & set(sys.modules))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1, done.stderr
    assert [t["passed"] for t in json.loads(done.stdout)["tests"]] == [False, True]
    left_out = ["ast", "inspect", "regex"] if sys.version_info < (3, 12) else ["regex"]
    left_out.append("signal")  # only workers kill and reap: a replay runs in-process
    imported = set(ast.literal_eval(done.stderr.splitlines()[-1]))
    assert not imported & set(left_out)


def test_the_collector_paused_for_the_config_runs_again_for_the_tests(tmp_path: Path) -> None:
    """The collector is paused while blame imports and reads the config, not while a test's
    agent runs: a pipeline that makes cycles is collected as ever."""
    (tmp_path / "pipe.py").write_text(
        "import gc\nfrom blame import TraceRecorder\n"
        "def run(task):\n"
        "    rec = TraceRecorder(test_name='t', input=task)\n"
        "    out = f'collector on: {gc.isenabled()}'\n"
        "    rec.step('Writer', input=task, output=out)\n"
        "    return out, rec.finalize(final_output=out)\n",
        encoding="utf-8",
    )
    config = CONFIG.replace("{type: contains, value: Lyon}", "{type: contains, value: 'on: True'}")
    (tmp_path / "blame.yaml").write_text(config, encoding="utf-8")
    done = _run(tmp_path, "blame.launch", ["test", "-k", "city", "--json"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["tests"][0]["checks"][0]["passed"] is True


@pytest.mark.parametrize(
    ("args", "output_dir", "message"),
    [
        (["--junit-xml", "."], ".blame", ".: cannot write: is a folder, not a file; name a "
         "file to write, e.g. inside that folder"),
        (["--tap", "pipe.py/r.tap"], ".blame", "pipe.py/r.tap: cannot write: pipe.py is a "
         "file, not a folder; write somewhere else, or make that place a writable folder"),
        ([], "pipe.py", "{tmp}/pipe.py/results/latest.json: cannot write: {tmp}/pipe.py is a "
         "file, not a folder; write somewhere else, or make that place a writable folder"),
        (["--junit-xml", "blame.yaml"], ".blame", "blame.yaml: --junit-xml: is the config file; "
         "writing the output here would replace it; write the output to a file of its own"),
        (["--tap", "./pipe.py"], ".blame", "pipe.py: --tap: is code (.py); writing the output "
         "here would replace it; write the output to a file of its own"),
    ],
)  # fmt: skip
def test_an_output_that_cannot_be_written_stops_the_run_before_any_test(
    tmp_path: Path, args: list[str], output_dir: str, message: str
) -> None:
    """`--junit-xml .`, a report under a file, or an output_dir that is a file: every test
    ran (the agent too), then the run ended in the write's error."""
    (tmp_path / "pipe.py").write_text(PIPE + "open('agent-ran', 'w').close()\n")
    (tmp_path / "blame.yaml").write_text(CONFIG + f"settings: {{output_dir: {output_dir}}}\n")
    for entry in ("blame.launch", "blame.cli"):
        done = _run(tmp_path, entry, ["test", *args])
        assert (done.returncode, done.stdout) == (2, "")
        said = message.format(tmp=tmp_path)
        assert done.stderr.removesuffix("typer loaded\n") == f"blame: error: {said}\n"
        assert sorted(os.listdir(tmp_path)) == ["blame.yaml", "pipe.py"]


@pytest.mark.parametrize("option", ["--junit-xml", "--tap"])
def test_a_report_over_a_replay_fixture_stops_the_run_before_any_test(
    tmp_path: Path, option: str
) -> None:
    """`blame test --replay --tap <a fixture>` read the fixture, then wrote the TAP report
    over it: the recorded trace was gone."""
    from blame.files import safe_filename

    (tmp_path / "pipe.py").write_text(PIPE)
    (tmp_path / "blame.yaml").write_text(CONFIG)
    assert _run(tmp_path, "blame.launch", ["record"]).returncode == 0
    fixture = Path(".blame", "fixtures", safe_filename("city", ".json"))
    kept = (tmp_path / fixture).read_bytes()
    for entry in ("blame.launch", "blame.cli"):
        done = _run(tmp_path, entry, ["test", "--replay", option, str(fixture)])
        assert (done.returncode, done.stdout) == (2, "")
        assert done.stderr.removesuffix("typer loaded\n") == (
            f"blame: error: {fixture}: {option}: is the replay fixture of test 'city'; writing "
            "the output here would replace it; write the output to a file of its own\n"
        )
        assert (tmp_path / fixture).read_bytes() == kept


def test_a_report_in_a_folder_that_cannot_be_written_stops_the_run_before_any_test(
    tmp_path: Path,
) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes in every folder")
    (tmp_path / "pipe.py").write_text(PIPE)
    (tmp_path / "blame.yaml").write_text(CONFIG)
    (tmp_path / "locked").mkdir(mode=0o555)
    done = _run(tmp_path, "blame.launch", ["test", "--junit-xml", "locked/new/j.xml"])
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "blame: error: locked/new/j.xml: cannot write: no file can be made in locked "
        "(Permission denied); write somewhere else, or make that place a writable folder\n"
    )
    assert not (tmp_path / ".blame").exists()
