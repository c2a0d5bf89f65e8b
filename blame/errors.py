"""The one place blame's errors and exit codes live.

Every error a user can cause is a `BlameError`: the CLI prints its message on one line and exits
with its exit code, never with a traceback.
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from blame.model import Trace

MAX_MESSAGE_CHARS = 2000
"""Longest error message printed; the middle of a longer one is cut (its start and end stay)."""


class ExitCode(IntEnum):
    """Process exit codes; CI systems and tests depend on these values."""

    OK = 0
    """Every test passed."""
    CHECK_FAILED = 1
    """At least one check failed (with `runs:`, a test's verdict is FAIL)."""
    ERROR = 2
    """The run could not be evaluated: bad config or trace, crashed agent, usage error."""
    INCONCLUSIVE = 3
    """Under `--strict`: a test's runs could not show its pass rate either way."""
    INTERRUPTED = 130
    """Ctrl-C: the results of the tests that finished are written, marked interrupted."""


class BlameError(Exception):
    """An error the user can fix; its message says where, what and how."""

    exit_code: ExitCode = ExitCode.ERROR

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        field: str | None = None,
        hint: str | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.field = field
        self.hint = hint
        super().__init__(self.format())

    def format(self) -> str:
        """One line: `file: field: message; hint`."""
        where = ": ".join(part for part in (self.file, self.field) if part)
        text = f"{where}: {self.message}" if where else self.message
        if self.hint:
            text = f"{text}; {self.hint}"
        text = " ".join(text.split("\n"))
        if len(text) > MAX_MESSAGE_CHARS:  # a message quoting a huge value is still one line
            half = MAX_MESSAGE_CHARS // 2
            text = f"{text[:half]} [... {len(text) - 2 * half:,} chars cut ...] {text[-half:]}"
        return text


class ConfigError(BlameError):
    """blame.yaml, a checks file or a CLI option is invalid."""


class TraceError(BlameError):
    """A trace or replay fixture cannot be read."""


class TooLargeError(TraceError):
    """A file over the size limit (`BLAME_MAX_TRACE_MB`), refused unread: its hint is not that
    of the file's other problems (a fresh copy would be as large)."""


class PluginError(BlameError):
    """A plugin cannot be loaded or does not satisfy its protocol."""


class CheckError(BlameError):
    """A check could not be decided (it could not see the whole output): an error, never a pass."""


class AgentError(BlameError):
    """The pipeline under test crashed, hung or returned the wrong type."""


class PartialRunError(AgentError):
    """The pipeline raised part-way through a run; `trace` holds the steps it took until then,
    the one that raised among them. The test is an error (exit 2), as for any crash: its checks
    run on the partial trace only so the report shows them and who raised, never to pass it."""

    def __init__(self, message: str, *, trace: Trace, **where: str | None) -> None:
        super().__init__(message, **where)  # file, field, hint
        self.trace = trace
        """The steps recorded until the run raised."""


class FixtureMissingError(BlameError):
    """`--replay` was asked for a test that has no recorded fixture."""


def exception_text(error: BaseException) -> str:
    """`ExceptionType: message` on one line (the message's whitespace collapsed)."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def describe_object(obj: Any) -> str:
    """`module.Class object`, for messages about an object no plugin registered."""
    return f"{type(obj).__module__}.{type(obj).__qualname__} object"
