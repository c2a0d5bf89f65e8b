"""What an importer skipped or guessed reading a stored trace, said on stderr.

An importer that reads a file only in part (a broken JSON line, a duplicate span id dropped,
several traces merged into one, a span time it could not read) goes on and puts why in
`trace.metadata["warnings"]`. A verdict on such a trace must not look like one on the whole
file, so each command that reads a stored trace says them, one `blame: warning: FILE: ...` line
each, the first MAX_LINES of them and a count of the rest. They are no failure: results and
exit codes stay as they are.

`blame test`, `blame record`, `blame improve` (`--replay`, `--verify`) and the pytest plugin
read a test's `trace:` file where the test runs, which is a forked worker when user code runs:
`collecting` gathers what `heard` is told during one run, and the run's record
(`RunRecord.notes`) carries it back to the parent, which says it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from blame.model import Trace

MAX_LINES = 20
"""Warning lines printed before the rest are counted (a file of thousands of broken lines)."""

_HEARD: ContextVar[list[str] | None] = ContextVar("_HEARD", default=None)
"""The notes of the run being collected (`collecting`); None outside one."""


def import_notes(trace: Trace, source: str) -> tuple[str, ...]:
    """What the import of `trace` from the file named `source` skipped or guessed, each as
    `source: warning`."""
    found = trace.metadata.get("warnings")
    return tuple(f"{source}: {item}" for item in found) if isinstance(found, list) else ()


def shown_path(path: Path, home: Path) -> str:
    """`path` as a message names it: relative to `home` (blame.yaml's folder) when inside."""
    return str(path.relative_to(home) if path.is_relative_to(home) else path)


def heard(trace: Trace, path: Path, home: Path) -> None:
    """Keep what the import of `trace` from `path` skipped, for the run being collected."""
    notes = _HEARD.get()
    if notes is not None:
        notes.extend(import_notes(trace, shown_path(path, home)))


@contextmanager
def collecting() -> Iterator[list[str]]:
    """Gather, in the list given, what `heard` is told in the body (one run of a test)."""
    notes: list[str] = []
    token = _HEARD.set(notes)
    try:
        yield notes
    finally:
        _HEARD.reset(token)


def say(notes: Iterable[str], stream: TextIO | None = None) -> None:
    """One `blame: warning:` line per note (a note said twice, as by two tests of one file,
    once), the first MAX_LINES of them, then how many more there were."""
    from blame.text import printable

    out = sys.stderr if stream is None else stream
    unique = list(dict.fromkeys(notes))
    for note in unique[:MAX_LINES]:
        out.write(f"blame: warning: {printable(note)}\n")
    if len(unique) > MAX_LINES:
        out.write(f"blame: {len(unique) - MAX_LINES} more warnings not shown\n")
