"""Commands started at the start of a test session and collected at its end.

The static checks (ruff, ruff format, mypy strict) need no test to run first and take a third
of the suite's time, mostly mypy. `tests/conftest.py` starts the selected ones here as soon as
collection ends, so they run on the second core while the tests run on the first; their tests
are moved to the end of the run and only collect the results. They run at the tests' priority:
a lower one starves them when other work loads the machine, and the run then waits for them.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO


@dataclass(frozen=True, slots=True)
class Done:
    """A finished command."""

    returncode: int
    """Its exit status."""
    output: str
    """Its stdout and stderr, interleaved."""


@dataclass(slots=True)
class Background:
    """Commands (each `python -m <args>`) running in the background, keyed by their args."""

    cwd: Path
    """The folder they run in."""
    running: dict[tuple[str, ...], tuple[subprocess.Popen[bytes], IO[bytes]]] = field(
        default_factory=dict
    )
    """Each started command's process and the file its output goes to."""

    def start(self, args: tuple[str, ...]) -> None:
        """Start `python -m *args` unless it runs already; its output goes to a temporary file."""
        if args in self.running:
            return
        # closed by result() or stop(), which outlive this call
        out = tempfile.TemporaryFile()  # noqa: SIM115
        process = subprocess.Popen(
            [sys.executable, "-m", *args],
            cwd=self.cwd,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        self.running[args] = (process, out)

    def result(self, args: tuple[str, ...]) -> Done:
        """Wait for `args` (starting it now if nobody did) and return how it ended."""
        self.start(args)
        process, out = self.running.pop(args)
        with out:
            returncode = process.wait()
            out.seek(0)
            return Done(returncode, out.read().decode("utf-8", "replace"))

    def stop(self) -> None:
        """Kill what is still running: the session ended before its results were asked for."""
        for process, out in self.running.values():
            process.kill()
            process.wait()
            out.close()
        self.running.clear()
