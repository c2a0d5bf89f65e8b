"""GitHub Actions: a job summary and annotations that point at the culprit's prompt file.

Used by `blame test` when it runs inside a GitHub Actions job (`GITHUB_ACTIONS=true`): the
Markdown report is appended to the file `GITHUB_STEP_SUMMARY` names, and each failed check
prints one `::error` workflow command on the culprit agent's prompt file (declared under
`agents:` in blame.yaml), so the pull request shows it where the fix goes. Agent text is
untrusted: workflow-command syntax in it is escaped, so it cannot issue commands of its own.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path

from blame.errors import ConfigError
from blame.files import real_path
from blame.results import SuiteResult
from blame.text import printable


def active(environ: Mapping[str, str] | None = None) -> bool:
    """Whether this process runs in a GitHub Actions job."""
    return (environ if environ is not None else os.environ).get("GITHUB_ACTIONS") == "true"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def error_annotations(
    suite: SuiteResult, prompt_files: Mapping[str, Path | None], root: Path
) -> Iterator[str]:
    """One `::error` line per failed check (or errored test), on the culprit's prompt file;
    `::warning` for a check that failed in some runs of a test whose runs passed or were
    inconclusive (`runs: N`): the build is not failed by it, so the pull request is not
    shown it as an error."""
    for case in suite.tests:
        if case.error is not None:
            message = printable(f"{case.name}: could not be evaluated: {case.error}")
            yield f"::error title={_property(f'blame: {case.name}')}::{_data(message)}"
            continue
        level = "error" if case.verdict == "FAIL" else "warning"
        for check in case.checks:
            if check.passed:
                continue
            top = check.blame[0] if check.blame else None
            where = ""
            if top is not None:
                prompt = prompt_files.get(top.agent)
                if prompt is not None:
                    try:
                        shown = real_path(prompt).relative_to(real_path(root))
                    except ValueError:
                        shown = prompt
                    where = f"file={_property(shown.as_posix())},"
            culprit = f"{top.name}: {top.reason}" if top is not None else "unattributed"
            title = _property(printable(f"blame: {case.name}: {check.name}"))
            message = _data(printable(f"{check.message} | culprit {culprit}"))
            yield f"::{level} {where}title={title}::{message}"


def append_summary(markdown: str, environ: Mapping[str, str] | None = None) -> bool:
    """Append the report to the job summary; False when there is no summary file.

    A summary file that cannot be written (a folder, a missing folder, a full disk) is a
    ConfigError naming the variable and the path.
    """
    path = (environ if environ is not None else os.environ).get("GITHUB_STEP_SUMMARY")
    if not path:
        return False
    try:
        with open(_open_append(path), "a", encoding="utf-8", errors="backslashreplace") as handle:
            handle.write(markdown)
            if not markdown.endswith("\n"):
                handle.write("\n")
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        raise _cannot_append(path, error, "the results are written") from None
    return True


def _open_append(path: str) -> int:
    """The summary opened to append to. Opened without waiting: a named pipe that no process
    reads would hold a plain open forever, and `blame test` with it (ENXIO says so at once);
    writes then wait as usual, for a reader that is there."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o666)
    os.set_blocking(fd, True)
    return fd


def summary_problem(environ: Mapping[str, str] | None = None) -> ConfigError | None:
    """Why the job summary cannot be appended to, found before the run by opening it as the
    append will (nothing is written; a file not there yet is made, empty, as GitHub makes
    it); None when it can be, or when there is none. A pipe or a device is not opened here:
    closing it would end what a reader reads."""
    path = (environ if environ is not None else os.environ).get("GITHUB_STEP_SUMMARY")
    if not path:
        return None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode) and not os.path.isdir(path):
            return None
    except (OSError, ValueError):
        pass  # not there (made below), or a path that cannot be: the open says which
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666))
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        return _cannot_append(path, error, "the tests run without it")
    return None


def _cannot_append(path: str, error: OSError | ValueError, outcome: str) -> ConfigError:
    if isinstance(error, ValueError):  # Python's words for it differ from version to version
        reason: object = "the path holds a NUL byte"
    elif error.errno == errno.ENXIO:  # "No such device or address", for a pipe
        reason = "it is a named pipe that no process reads"
    else:
        reason = error.strerror or error
    return ConfigError(
        f"cannot append the job summary to {path!r}: {reason}",
        field="GITHUB_STEP_SUMMARY",
        hint=f"{outcome}; point GITHUB_STEP_SUMMARY at a writable file, or unset it",
    )
