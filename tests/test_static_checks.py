"""ruff and mypy --strict hold for every distribution, enforced where CI looks: the test suite.

They are marked `static`: `tests/conftest.py` starts their commands in the background when
collection ends and runs these tests last, so they only collect results that are ready by then.
`python -m pytest -m "not static"` leaves them out of a quick loop.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.background import Background, Done
from tests.distributions import examples, name, packages, siblings

pytest_plugins = ("pytester",)

PACKAGES = [
    "blame",
    *(name(package) for folder in [*siblings(), *examples()] for package in packages(folder)),
]
"""The import packages of every distribution, found by folder (tests/distributions.py)."""
COMMANDS = {
    "ruff check": ("ruff", "check", "."),
    "ruff format": ("ruff", "format", "--check", "."),
    "mypy strict": ("mypy", "--strict", *PACKAGES),
}


@pytest.mark.static
@pytest.mark.parametrize("command", COMMANDS.values(), ids=COMMANDS.keys())
def test_static_check(command: tuple[str, ...], background: Background) -> None:
    done = background.result(command)
    assert done.returncode == 0, done.output


HANDSHAKE = """
import sys, time
from pathlib import Path

mine, theirs = sys.argv[1:]
Path(mine).touch()
for _ in range(600):
    if Path(theirs).exists():
        print("met", theirs)
        sys.exit(0)
    time.sleep(0.1)
sys.exit("alone")
"""


def test_background_commands_run_side_by_side_and_report_output_and_status(
    tmp_path: Path,
) -> None:
    """Each waits to see the other's file: they can only both pass if they run at once."""
    (tmp_path / "handshake.py").write_text(HANDSHAKE, encoding="utf-8")
    runs = Background(tmp_path)
    ping, pong = ("handshake", "a", "b"), ("handshake", "b", "a")
    runs.start(ping)
    runs.start(pong)
    assert runs.result(ping) == Done(0, "met b\n")
    assert runs.result(pong) == Done(0, "met a\n")
    failing = runs.result(("json.tool", "missing.json"))
    assert failing.returncode != 0
    assert "missing.json" in failing.output
    assert runs.running == {}


def test_stop_kills_what_nobody_collected(tmp_path: Path) -> None:
    (tmp_path / "handshake.py").write_text(HANDSHAKE, encoding="utf-8")
    runs = Background(tmp_path)
    runs.start(("handshake", "a", "never"))
    process, out = runs.running[("handshake", "a", "never")]
    runs.stop()
    assert process.returncode == -9
    assert out.closed
    assert runs.running == {}


SESSION = """
import time
from pathlib import Path

import pytest


def test_plain_tests_run_first_while_the_static_command_already_runs():
    for _ in range(600):
        if Path("a").exists():
            return
        time.sleep(0.1)
    raise AssertionError("the static check's command did not start before the tests ran")


@pytest.mark.static
@pytest.mark.parametrize("command", [("handshake", "a", "b")])
def test_static(command, background):
    assert background.result(command).output == "met b\\n"


def test_plain_again():
    Path("b").touch()
"""


def test_a_session_starts_static_commands_when_collection_ends_and_runs_their_tests_last(
    pytester: pytest.Pytester,
) -> None:
    """The command must be running before the first test for that test to pass."""
    pytester.makeconftest(
        "from tests.conftest import (background, pytest_collection_finish,\n"
        "    pytest_collection_modifyitems, pytest_configure, pytest_sessionfinish)\n"
    )
    pytester.makepyfile(handshake=HANDSHAKE, test_session=SESSION)
    result = pytester.runpytest("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=3)
    result.stdout.fnmatch_lines(
        [
            "*::test_plain_tests_run_first*PASSED*",
            "*::test_plain_again PASSED*",
            "*::test_static*PASSED*",
        ]
    )
