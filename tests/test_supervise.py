"""blame.supervise: user code that exits, crashes or hangs (even holding the GIL) never decides
blame's exit code, never stops the suite, and never leaves old results passing as new ones.

Real `blame test` processes on real configs; no mocks.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from blame.supervise import supervised

SUPERVISED = supervised()
"""At collection: POSIX with fork, and no thread left by a module collected earlier."""
THREADS = sorted(t.name for t in threading.enumerate())
"""The threads alive then, for the message when a stray one turned supervision off."""


@pytest.fixture(autouse=True)
def _needs_supervision(request: pytest.FixtureRequest) -> None:
    if not SUPERVISED and request.node.name != "test_ci_runs_the_supervision_tests":
        pytest.skip(f"needs fork and one thread: {THREADS}")


@pytest.mark.skipif(not os.environ.get("CI"), reason="only in CI (CI=true)")
def test_ci_runs_the_supervision_tests() -> None:
    """A library that starts a thread when imported (CrewAI's telemetry) by a test module
    collected earlier silently skipped every test here; CI must notice, not skip."""
    assert SUPERVISED or not hasattr(os, "fork"), f"threads alive at collection: {THREADS}"


AGENT = """
import os, sys

def good(question):
    from blame import TraceRecorder

    rec = TraceRecorder(test_name="t")
    rec.step("A", output="P")
    return rec.finalize(final_output="P")

def exits(question):
    sys.exit(0)

def hard_exit(question):
    os._exit(0)

def hard_exit_one(question):
    os._exit(1)

def gil(question):
    return str(7 ** (10 ** 9))

def backtrack(question):
    import re
    return str(re.match(r"(a+)+$", "a" * 64 + "b"))
"""

PLUGIN = """
import os, sys, time
from blame.results import Evaluation


class Check:

    def __init__(self, type, action):
        self.type, self.action = type, action

    def validate(self, params):
        return None

    def label(self, params):
        return self.type

    def evaluate(self, check, trace):
        self.action()
        return Evaluation(score=1.0, message="ok")


def _hang():
    while True:
        time.sleep(1)


def _backtrack():
    import re
    re.match(r"(a+)+$", "a" * 64 + "b")


class Late(Check):
    # fails its check, then misbehaves in attribute or patch

    def __init__(self, type, action, where):
        super().__init__(type, action)
        self.where = where

    def evaluate(self, check, trace):
        return Evaluation(score=0.0, message="no")

    def attribute(self, check, evaluation, graph):
        if self.where == "attribute":
            self.action()
        from blame.results import Suspect
        return [Suspect(kind="agent", name="A", agent="A", step_index=0, confidence=0.9,
                        reason="wrote it")]

    def patch(self, check, suspect, trace=None):
        if self.where == "patch":
            self.action()
        return None


blame_plugins = [
    Check("hard_exit", lambda: os._exit(0)),
    Check("soft_exit", lambda: sys.exit(0)),
    Check("hangs", _hang),
    Check("backtracks", _backtrack),
    Late("exits_in_attribute", lambda: os._exit(0), "attribute"),
    Late("hangs_in_patch", _backtrack, "patch"),
]
"""


def _run(tmp_path: Path, config: str, *, agent: str = AGENT) -> tuple[int, str, dict[str, str]]:
    """`blame test` on `config`; (exit code, stderr, each test's error or "passed")."""
    (tmp_path / "agent.py").write_text(agent)
    (tmp_path / "plugin_mod.py").write_text(PLUGIN)
    (tmp_path / "blame.yaml").write_text(textwrap.dedent(config))
    # An old, passing result: it must never survive as this run's.
    old = tmp_path / ".blame" / "results" / "latest.json"
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text('{"passed": true, "tests": []}')
    done = subprocess.run(
        [sys.executable, "-m", "blame", "test", "--config", "blame.yaml"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "NO_COLOR": "1"},
    )  # fmt: skip
    tests: dict[str, str] = {}
    if old.exists():
        for test in json.loads(old.read_text()).get("tests", []):
            tests[test["name"]] = test.get("error") or ("passed" if test["passed"] else "failed")
    return done.returncode, done.stderr, tests


def _suite(entry: str, *, timeout: float = 60, plugins: str = "", check: str = "contains") -> str:
    return f"""
        agent: {{entrypoint: {entry}}}
        settings: {{timeout: {timeout}}}
        {plugins}
        tests:
          - {{name: first, input: x, checks: [{{type: {check}, value: P}}]}}
          - {{name: second, input: x, checks: [{{type: contains, value: P}}]}}
        """


@pytest.mark.parametrize(
    ("entry", "error"),
    [
        ("agent:exits", "entrypoint agent:exits raised SystemExit: 0"),
        ("agent:hard_exit", "the process exited with code 0 (user code called os._exit) "
                            "while running the agent"),
        ("agent:hard_exit_one", "the process exited with code 1 (user code exited or crashed) "
                                "while running the agent"),
    ],
)  # fmt: skip
def test_an_agent_that_exits_errors_its_test_and_blame_exits_2(
    tmp_path: Path, entry: str, error: str
) -> None:
    code, stderr, tests = _run(tmp_path, _suite(entry))
    assert code == 2, stderr
    assert set(tests) == {"first", "second"}
    assert error in tests["first"]


@pytest.mark.parametrize(
    ("agent", "error"),
    [
        ("import sys\nsys.exit(0)\n", "user code raised SystemExit(0)"),
        ("import os\nos._exit(0)\n", "the process exited with code 0 (user code called os._exit) "
                                    "while importing the entrypoint"),
        ("while True:\n    pass\n", "timed out after 1 s while importing the entrypoint"),
    ],
    ids=["sys-exit", "os-exit", "endless-loop"],
)  # fmt: skip
def test_an_entrypoint_that_exits_or_hangs_at_import_errors_each_test(
    tmp_path: Path, agent: str, error: str
) -> None:
    code, stderr, tests = _run(tmp_path, _suite("agent:run", timeout=1), agent=agent)
    assert code == 2, stderr
    assert error in tests["first"] and error in tests["second"]


@pytest.mark.parametrize("entry", ["agent:gil", "agent:backtrack"])
def test_an_agent_stuck_in_c_holding_the_gil_is_killed_at_the_timeout(
    tmp_path: Path, entry: str
) -> None:
    started = time.monotonic()
    code, stderr, tests = _run(tmp_path, _suite(entry, timeout=1))
    assert time.monotonic() - started < 30
    assert code == 2, stderr
    assert "timed out after 1 s while running the agent" in tests["first"]
    assert "timed out after 1 s while running the agent" in tests["second"]


@pytest.mark.parametrize(
    ("check", "error"),
    [
        ("hard_exit", "the process exited with code 0 (user code called os._exit) "
                      "while running the checks: in evaluate() of local plugin plugin_mod, "
                      "for check hard_exit"),
        ("soft_exit", "user code raised SystemExit(0)"),
        ("hangs", "timed out after 1 s while running the checks: in evaluate() of local "
                  "plugin plugin_mod"),
        ("backtracks", "timed out after 1 s while running the checks: in evaluate() of local "
                       "plugin plugin_mod"),
        ("exits_in_attribute", "the process exited with code 0 (user code called os._exit) "
                               "while running the checks: in attribute() of local plugin "
                               "plugin_mod"),
        ("hangs_in_patch", "timed out after 1 s while running the checks: in patch() of local "
                           "plugin plugin_mod"),
    ],
)  # fmt: skip
def test_a_plugin_check_that_exits_or_hangs_errors_its_test_and_the_suite_goes_on(
    tmp_path: Path, check: str, error: str
) -> None:
    config = _suite("agent:good", timeout=1, plugins="plugins: [plugin_mod]", check=check)
    code, stderr, tests = _run(tmp_path, config)
    assert code == 2, stderr
    assert error in tests["first"]
    assert tests["second"] == "passed"


def test_a_plugin_named_sys_exit_cannot_pick_the_exit_code(tmp_path: Path) -> None:
    code, stderr, tests = _run(tmp_path, _suite("agent:good", plugins="plugins: ['sys:exit']"))
    assert code == 2
    assert stderr.startswith("blame: error: ") and stderr.count("\n") == 1
    assert tests == {}  # the old results are gone, not passed off as this run's


def test_an_internal_error_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "blame.yaml").write_text(_suite("agent:good"))
    # A bug planted in blame itself (the runner), in a real process.
    script = (
        "import blame.runner, blame.cli\n"
        "def broken(*args, **kwargs):\n    raise ZeroDivisionError('planted')\n"
        "blame.runner.run_suite = broken\n"
        "import sys\nsys.argv = ['blame', 'test']\nblame.cli.main()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.startswith("blame: internal error: ZeroDivisionError: planted; ")
    assert done.stderr.count("\n") == 1


# -- every command that runs user code runs it in the worker ----------------------------------

AT_IMPORT_EXIT = "import sys\nsys.exit(0)\n"


def _command(tmp_path: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        argv, cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={**os.environ, "NO_COLOR": "1", "BLAME_NO_WARN": "1"},
    )  # fmt: skip
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    return done


def _project(tmp_path: Path, entry: str, check: str = "contains", timeout: float = 1) -> None:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "exits_at_import.py").write_text(AT_IMPORT_EXIT)
    (tmp_path / "plugin_mod.py").write_text(PLUGIN)
    (tmp_path / "blame.yaml").write_text(
        f"agent: {{entrypoint: {entry}}}\nsettings: {{timeout: {timeout}}}\n"
        "plugins: [plugin_mod]\n"
        f"tests:\n  - {{name: first, input: x, checks: [{{type: {check}, value: P}}]}}\n"
    )


AGENT_COMMANDS = {
    "explain": ["-m", "blame", "explain", "first"],
    "pytest": ["-m", "pytest", "-p", "no:cacheprovider", "--blame-config", "blame.yaml"],
}
HOSTILE_AGENTS = {
    "agent:backtrack": "timed out after 1 s while running the agent",
    "agent:hard_exit": "the process exited with code 0 (user code called os._exit) while "
    "running the agent",
    "exits_at_import:run": "user code raised SystemExit(0)",
}


@pytest.mark.parametrize("entry", sorted(HOSTILE_AGENTS))
@pytest.mark.parametrize("command", sorted(AGENT_COMMANDS))
def test_explain_and_the_pytest_plugin_contain_a_hostile_agent(
    tmp_path: Path, command: str, entry: str
) -> None:
    _project(tmp_path, entry)
    started = time.monotonic()
    done = _command(tmp_path, [sys.executable, *AGENT_COMMANDS[command]])
    assert time.monotonic() - started < 60
    said = done.stdout + done.stderr
    assert HOSTILE_AGENTS[entry] in said, said
    if command == "explain":
        assert done.returncode == 2
        assert done.stderr.startswith("blame: error: ") and done.stderr.count("\n") == 1
    else:  # pytest's own code for a failed item; the session itself survives
        assert done.returncode == 1
        assert "1 failed" in done.stdout


REPLAY_COMMANDS = {
    "improve": ["-m", "blame", "improve", "--replay", "--suggest", "--format", "md"],
    "pytest": ["-m", "pytest", "-p", "no:cacheprovider", "--blame-config", "blame.yaml",
               "--blame-replay"],
    "test": ["-m", "blame", "test", "--replay"],
}  # fmt: skip
HOSTILE_CHECKS = {
    "backtracks": "timed out after 1 s while running the checks: in evaluate() of local "
    "plugin plugin_mod, for check backtracks",
    "hard_exit": "the process exited with code 0 (user code called os._exit) while running "
    "the checks: in evaluate() of local plugin plugin_mod, for check hard_exit",
    "soft_exit": "user code raised SystemExit(0)",
}


@pytest.mark.parametrize("check", sorted(HOSTILE_CHECKS))
@pytest.mark.parametrize("command", sorted(REPLAY_COMMANDS))
def test_replaying_commands_contain_a_hostile_plugin_check(
    tmp_path: Path, command: str, check: str
) -> None:
    _project(tmp_path, "agent:good")
    recorded = _command(tmp_path, [sys.executable, "-m", "blame", "record"])
    assert recorded.returncode == 0
    _project(tmp_path, "agent:good", check=check)
    done = _command(tmp_path, [sys.executable, *REPLAY_COMMANDS[command]])
    said = done.stdout + done.stderr
    assert HOSTILE_CHECKS[check] in said, said
    if command == "pytest":
        assert done.returncode == 1 and "1 failed" in done.stdout
    else:
        assert done.returncode == 2
        assert done.stderr.count("blame: error:") <= 1


# -- a plugin that exits or hangs while it is imported ---------------------------------------

IMPORTS = {
    "sys-exit": ("import sys\nsys.exit(0)\n", "SystemExit"),
    "os-exit": ("import os\nos._exit(0)\n", "ended the process while being imported: the "
                "process exited with code 0 (user code called os._exit)"),
    "abort": ("import os\nos.abort()\n", "ended the process while being imported: the process "
              "was killed by SIGABRT"),
    "c-hang": ("import re\nre.match(r'(a+)+$', 'a' * 64 + 'b')\n", "did not finish within 1 s "
               "while being imported (see BLAME_IMPORT_TIMEOUT)"),
    "loop": ("while True:\n    pass\n", "did not finish within 1 s while being imported"),
}  # fmt: skip


def _installed(site: Path, source: str) -> None:
    """A distribution `blame-evil` 1.0 whose check type `evil` runs `source` at import."""
    (site / "evil_plugin").mkdir(parents=True)
    (site / "evil_plugin" / "__init__.py").write_text(source)
    info = site / "blame_evil-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: blame-evil\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[blame.evaluators]\nevil = evil_plugin:check\n")


@pytest.mark.parametrize("kind", sorted(IMPORTS))
def test_an_installed_plugin_that_exits_or_hangs_at_import_is_one_error_naming_it(
    tmp_path: Path, kind: str
) -> None:
    source, said = IMPORTS[kind]
    _installed(tmp_path / "site", source)
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "blame.yaml").write_text(
        "agent: {entrypoint: agent:good}\ntests:\n  - {name: t, input: x, checks: [{type: evil}]}\n"
    )
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "blame", "test"], cwd=tmp_path, capture_output=True, text=True,
        timeout=120, env={**os.environ, "PYTHONPATH": str(tmp_path / "site"),
                          "BLAME_IMPORT_TIMEOUT": "1", "BLAME_NO_WARN": "1"},
    )  # fmt: skip
    assert time.monotonic() - started < 60
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("blame: error: "), done.stderr
    assert "plugin blame-evil 1.0 (entry point blame.evaluators:evil" in lines[0]
    assert said in lines[0]


@pytest.mark.parametrize("kind", sorted(IMPORTS))
def test_a_local_plugin_that_exits_or_hangs_at_import_is_one_error_naming_it(
    tmp_path: Path, kind: str
) -> None:
    source, said = IMPORTS[kind]
    (tmp_path / "evil.py").write_text(source)
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "blame.yaml").write_text(
        "agent: {entrypoint: agent:good}\nplugins: [evil]\n"
        "tests:\n  - {name: t, input: x, checks: [{type: contains, value: P}]}\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "blame", "test"], cwd=tmp_path, capture_output=True, text=True,
        timeout=120, env={**os.environ, "BLAME_IMPORT_TIMEOUT": "1", "BLAME_NO_WARN": "1"},
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("blame: error: blame.yaml: plugins[0]"), lines
    assert said.replace("being imported", "being loaded") in lines[0] or said in lines[0]


def test_the_import_limit_must_be_a_number_of_seconds(tmp_path: Path) -> None:
    (tmp_path / "evil.py").write_text("blame_plugins = []\n")
    (tmp_path / "blame.yaml").write_text("plugins: [evil]\ntests: []\n")
    done = subprocess.run(
        [sys.executable, "-m", "blame", "test"], cwd=tmp_path, capture_output=True, text=True,
        timeout=120, env={**os.environ, "BLAME_IMPORT_TIMEOUT": "nan"},
    )  # fmt: skip
    assert done.returncode == 2
    assert "BLAME_IMPORT_TIMEOUT must be a number of seconds from 0 to 86400, got 'nan'" in (
        done.stderr
    )


def test_each_result_is_heard_as_it_comes_and_time_passing_is_ticked() -> None:
    """What `blame test` prints while it runs: each test as it finishes, a bar refreshed."""
    from blame.results import CaseResult
    from blame.supervise import run_all

    if not supervised():  # a thread an earlier test left running: no fork, so no worker
        pytest.skip("tests run in this process while another thread is alive")
    heard: list[str] = []
    ticks: list[float] = []

    def run_one(index: int, limit: object) -> CaseResult:
        time.sleep(0.4)
        return CaseResult(name=f"t{index}", passed=True, reward=1.0, threshold=0.75)

    def failed(index: int, why: str) -> CaseResult:
        raise AssertionError(why)

    def done(result: CaseResult) -> None:
        heard.append(result.name)

    results = run_all(
        3, run_one, failed, exit_limit=5, on_done=done, tick=lambda: ticks.append(1.0)
    )
    assert [r.name for r in results] == heard == ["t0", "t1", "t2"]
    assert len(ticks) >= 3  # every 0.25 s while 1.2 s of tests ran


def test_a_fatal_error_with_its_own_signature_reaches_the_caller_as_itself() -> None:
    """`blame explain` of a smolagents or PydanticAI test whose run raised printed "internal
    error: TypeError: AgentRunError.__init__() got an unexpected keyword argument 'file'": the
    worker's error was remade through its own __init__, which takes a failure and a trace."""
    from blame.model import Trace
    from blame.spansteps import AgentRunError
    from blame.supervise import run_all

    if not supervised():  # a thread an earlier test left running: no fork, so no worker
        pytest.skip("tests run in this process while another thread is alive")

    def run_one(index: int, limit: object) -> None:
        raise AgentRunError(RuntimeError("model gave up"), Trace(test_name="t", input="q"))

    def failed(index: int, why: str) -> None:
        raise AssertionError(why)

    with pytest.raises(AgentRunError) as raised:
        run_all(1, run_one, failed, exit_limit=5)
    assert raised.value.format() == "test 't': the agent run failed: RuntimeError: model gave up"


_OVERRUN = """
import sys, time
from blame.supervise import run_all

def run_one(index, limit):
    limit(0.2, "checking the trace")
    time.sleep(30)

kwargs = {"overran": sys.argv[1]} if len(sys.argv) > 1 else {}
(why,) = run_all(1, run_one, lambda index, why: why, exit_limit=1, **kwargs)
print(why)
"""


@pytest.mark.parametrize(
    ("overran", "fix"),
    [
        ((), "raise settings.timeout or fix the hang"),
        (("raise timeout: in the checks file or fix the hang",),
         "raise timeout: in the checks file or fix the hang"),
    ],
    ids=["blame test", "a caller's own limit"],
)  # fmt: skip
def test_an_overrun_names_the_callers_limit(overran: tuple[str, ...], fix: str) -> None:
    """blame analyze and blame diff have no settings.timeout: their overruns name their own.
    In a process of its own: a thread another test left alive would keep this one unforked."""
    done = subprocess.run(
        [sys.executable, "-c", _OVERRUN, *overran],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert done.stdout == f"timed out after 0.2 s while checking the trace; {fix}\n"
