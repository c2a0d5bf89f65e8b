"""What every importer needs: bounded, traceback-free reading of JSON trace files."""

from __future__ import annotations

import gc
import json
import math
import os
import stat
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from blame.errors import TooLargeError, TraceError
from blame.text import brief

DEFAULT_MAX_MB = 64
"""Largest trace file read by default, in MiB; `BLAME_MAX_TRACE_MB` overrides it."""


def max_trace_bytes() -> int:
    """The size limit in bytes, from `BLAME_MAX_TRACE_MB` or the default."""
    raw = os.environ.get("BLAME_MAX_TRACE_MB")
    if raw is None:
        return DEFAULT_MAX_MB * 1024 * 1024
    try:
        limit = float(raw)
    except ValueError:
        limit = math.nan
    if not (math.isfinite(limit) and limit > 0):  # nan, inf and 0 would crash or refuse all
        raise TraceError(
            f"BLAME_MAX_TRACE_MB must be a positive number of MiB, got {brief(raw)}",
            hint="e.g. BLAME_MAX_TRACE_MB=256",
        )
    return int(limit * 1024 * 1024)


TRACE_ADVICE = "split the trace, or raise the limit"
"""How to read a trace file over the limit (what follows is the setting that would)."""


def check_size(path: Path, *, advice: str = TRACE_ADVICE) -> int:
    """The file's size; a file over the limit is refused before anything is read, and so is a
    pipe or a device (a pipe waits for a writer forever; /dev/zero, of size 0, never ends).
    `advice` says how to read a file over the limit (`within_limit`)."""
    try:
        found = path.stat()
    except OSError as error:
        raise TraceError(f"cannot read: {error.strerror}", file=str(path)) from None
    mode = found.st_mode
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):  # a folder: reading it says so
        raise TraceError(
            "is not a regular file (a pipe or a device)",
            file=str(path),
            hint="remove it, or pass a file",
        )
    return within_limit(path, found.st_size, advice=advice)


def within_limit(path: Path, size: int, *, advice: str = TRACE_ADVICE) -> int:
    """`size`, the size of `path` the caller has just read; over the limit, a `TooLargeError`
    whose hint is `advice` (what the file holds and what to do) and the setting that would
    read it."""
    limit = max_trace_bytes()
    if size > limit:
        enough = max(1, math.ceil(size / 1048576))
        raise TooLargeError(
            f"file is {_size(size)}, over the {_size(limit, whole=True)} limit",
            file=str(path),
            hint=f"{advice}, e.g. BLAME_MAX_TRACE_MB={enough}",
        )
    return size


def shown_limit() -> str:
    """The size limit as a person reads it (`64 MiB`)."""
    return _size(max_trace_bytes(), whole=True)


def _size(count: int, *, whole: bool = False) -> str:
    """`3.0 MiB`, `0.3 KiB`; `whole`: `64 MiB` (a limit of 0.0001 MiB read `0 MiB` before)."""
    unit, scale = ("MiB", 1048576) if count >= 1048576 else ("KiB", 1024)
    shown = f"{count / scale:.1f}"
    return f"{shown.removesuffix('.0') if whole else shown} {unit}"


def read_text(path: Path, *, sized: bool = False, advice: str = TRACE_ADVICE) -> str:
    """The whole file as UTF-8 text, size-checked (`sized`: the caller has just checked it;
    `advice`: how to read a file over the limit)."""
    if not sized:
        check_size(path, advice=advice)
    try:
        # Raw bytes, decoded whole: what `path.read_text(encoding="utf-8")` gives, without a
        # buffered text stream's extra calls (a replay reads a fixture per test).
        with open(path, "rb", buffering=0) as raw:
            data = raw.readall()
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise not_utf8(path, data, error.start) from None
    except OSError as error:
        raise TraceError(f"cannot read: {error.strerror}", file=str(path)) from None
    if text.startswith(BOM):  # Windows editors and PowerShell save UTF-8 with one
        text = text[1:]
    if "\r" in text:  # text mode's universal newlines: \r\n and a lone \r read as \n
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


BOM = "\ufeff"
"""The byte-order mark some editors put at the start of UTF-8 text; JSON readers may skip it
(RFC 8259), and blame does, as it does in YAML."""
_UTF16_32_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")
"""How UTF-16 and UTF-32 text starts, in either byte order (UTF-32LE's begins as UTF-16LE's)."""


_ARCHIVES = {
    b"\x1f\x8b": "gzip",
    b"\x28\xb5\x2f\xfd": "zstd",
    b"BZh": "bzip2",
    b"\xfd7zXZ\x00": "xz",
    b"PK\x03\x04": "zip",
}
"""How compressed files start: an export kept compressed (`spans.jsonl.gz`) is no text."""


def not_utf8(path: Path, data: bytes, position: int) -> TraceError:
    """The error for a file that is not UTF-8: UTF-16 or UTF-32 (saved by Windows tools, e.g.
    PowerShell's `>`) and a compressed file are named as such, anything else by the first
    byte that is wrong."""
    packed = next((kind for magic, kind in _ARCHIVES.items() if data.startswith(magic)), None)
    if packed is not None:
        return TraceError(
            f"is {packed}-compressed, not text",
            file=str(path),
            hint="decompress it first and pass the file it holds",
        )
    if data.startswith(_UTF16_32_BOMS):
        problem = "is UTF-16 or UTF-32 text, not UTF-8"
    else:
        problem = f"not UTF-8 text (byte {position})"
    return TraceError(problem, file=str(path), hint="save the file as UTF-8")


def encoding_error(path: Path) -> TraceError | None:
    """The error for a file in UTF-16 or UTF-32, or compressed, for a reader that decoded it
    leniently."""
    try:
        with open(path, "rb") as raw:
            start = raw.read(6)
    except OSError:
        return None
    known = start.startswith((*_UTF16_32_BOMS, *_ARCHIVES))
    return not_utf8(path, start, 0) if known else None


def parse_json(text: str, *, source: str, line: int | None = None) -> Any:
    """Parse JSON; syntax errors name the line and column, absurd nesting is refused."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        lineno = error.lineno if line is None else line
        where = f"line {lineno} column {error.colno}"
        # json names a string that runs to the end of the text by where it starts, with a
        # dangling "starting at": the text ended inside it
        unterminated = error.msg.startswith("Unterminated string")
        message = error.msg.removesuffix(" starting at")
        truncated = unterminated or error.pos >= len(text.rstrip())
        hint = "the file may be truncated" if truncated else None
        raise TraceError(f"invalid JSON at {where}: {message}", file=source, hint=hint) from None
    except RecursionError:
        raise TraceError("JSON nested too deeply to be a trace", file=source) from None
    except ValueError:  # Python refuses to read an integer of more than 4300 digits
        raise TraceError(
            "JSON holds a number too long to read (over 4300 digits)", file=source
        ) from None


def parse_line(text: str) -> tuple[Any, str | None]:
    """One line of JSON Lines parsed, and None; or None and what is wrong with the line: every
    failure was "the line is not valid JSON", a line nested too deeply or holding a number of
    5,000 digits (valid JSON both) too."""
    text = text.rstrip()  # its line break: an error at the end was placed on a next line
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        message = error.msg.removesuffix(" starting at")
        cut = error.msg.startswith("Unterminated string") or error.pos >= len(text.rstrip())
        said = f"the line is not valid JSON (column {error.colno}: {message})"
        return None, f"{said}; the line may be cut short" if cut else said
    except RecursionError:
        return None, "the line is JSON nested too deeply to be a trace"
    except ValueError:  # Python refuses to read an integer of more than 4300 digits
        return None, "the line holds a number too long to read (over 4300 digits)"


def read_json_text(path: Path) -> Any:
    """Read and parse one JSON document."""
    return parse_json(read_text(path), source=str(path))


def gc_paused() -> AbstractContextManager[None]:
    """Pause the cyclic garbage collector while a large trace is built.

    An import creates hundreds of thousands of small objects and no reference cycles; the
    collector's repeated full passes over them would make a 60 MiB import take twice as long.
    A plain class, not a `contextmanager` generator: a replay pauses it twice per test, and
    the generator's machinery cost more than the pause.
    """
    return _GcPaused()


class _GcPaused:
    __slots__ = ("_was_enabled",)

    def __enter__(self) -> None:
        self._was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self._was_enabled:
            if not gc.get_freeze_count():
                # What was built is long-lived: straight to the oldest generation. Left in
                # the youngest, the first collection after this would pass over all of it.
                gc.freeze()
                gc.unfreeze()
            gc.enable()
