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
import time
from pathlib import Path

import pytest

from blame.supervise import supervised

pytestmark = pytest.mark.skipif(not supervised(), reason="needs fork")

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


blame_plugins = [
    Check("hard_exit", lambda: os._exit(0)),
    Check("soft_exit", lambda: sys.exit(0)),
    Check("hangs", _hang),
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
                      "while running the checks"),
        ("soft_exit", "user code raised SystemExit(0)"),
        ("hangs", "timed out after 1 s while running the checks"),
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
