"""Bounded, traceback-free reading of trace files."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from blame.errors import TraceError
from blame.importers.common import (
    check_size,
    encoding_error,
    max_trace_bytes,
    parse_json,
    parse_line,
    read_json_text,
    read_text,
)


def test_default_limit_and_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BLAME_MAX_TRACE_MB", raising=False)
    assert max_trace_bytes() == 64 * 1024 * 1024
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", "256")
    assert max_trace_bytes() == 256 * 1024 * 1024
    for bad in ("lots", "nan", "inf", "-1", "0"):
        monkeypatch.setenv("BLAME_MAX_TRACE_MB", bad)
        with pytest.raises(
            TraceError, match=f"BLAME_MAX_TRACE_MB must be a positive number of MiB, got '{bad}'"
        ):
            max_trace_bytes()


def test_size_is_checked_before_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as handle:
        handle.truncate(3 * 1024 * 1024)
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", "2")
    with pytest.raises(TraceError) as raised:
        check_size(path)
    assert str(raised.value) == (
        f"{path}: file is 3.0 MiB, over the 2 MiB limit; split the trace, or raise the limit, "
        "e.g. BLAME_MAX_TRACE_MB=3"
    )
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", "4")
    assert check_size(path) == 3 * 1024 * 1024


@pytest.mark.parametrize(
    ("limit", "size", "said"),
    [
        ("0.0001", 300, "file is 0.3 KiB, over the 0.1 KiB limit"),  # read `0 MiB` before
        ("0.5", 600 * 1024, "file is 600.0 KiB, over the 512 KiB limit"),
        ("1.5", 2 * 1024 * 1024, "file is 2.0 MiB, over the 1.5 MiB limit"),
    ],
)
def test_a_limit_below_a_mib_is_said_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, limit: str, size: int, said: str
) -> None:
    path = tmp_path / "t.json"
    path.write_bytes(b" " * size)
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", limit)
    with pytest.raises(TraceError, match=re.escape(said)):
        check_size(path)


def test_missing_file() -> None:
    with pytest.raises(TraceError, match="cannot read"):
        check_size(Path("/nonexistent/trace.json"))


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"a": "caf\xe9"}')
    with pytest.raises(TraceError, match=r"not UTF-8 text \(byte 10\); save the file as UTF-8"):
        read_text(path)


@pytest.mark.parametrize(
    "data",
    [
        b'{"a": "b"}\n',
        b'{\r\n  "a": "b"\r\n}\r\n',
        b'{\r"a":\r\r\n"b"}\r',
        '{\u2028"\u00e9": "\u2029"}\n'.encode(),
        b"",
    ],
)
def test_text_reads_as_a_text_mode_read_does(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "trace.json"
    path.write_bytes(data)
    assert read_text(path) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("text", ['{"a": "b"}', "[1, 2]\n", '{"\ufeff": "\ufeff"}', ""])
def test_a_byte_order_mark_opening_utf8_text_is_skipped(tmp_path: Path, text: str) -> None:
    path = tmp_path / "windows.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert read_text(path) == text  # only the mark that opens the file: one inside is text
    if text:
        assert read_json_text(path) == json.loads(text)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-be"])
def test_utf16_and_utf32_are_named_as_such(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "powershell.json"
    bom = "" if encoding in ("utf-16", "utf-32") else "\ufeff"  # these two write their own
    path.write_bytes((bom + '{"a": 1}').encode(encoding))
    with pytest.raises(TraceError) as caught:
        read_text(path)
    assert str(caught.value) == (
        f"{path}: is UTF-16 or UTF-32 text, not UTF-8; save the file as UTF-8"
    )
    assert encoding_error(path) is not None
    assert str(encoding_error(path)) == str(caught.value)


def _compressed(kind: str, data: bytes) -> bytes:
    import bz2
    import gzip
    import io
    import lzma
    import zipfile

    if kind == "zip":
        packed = io.BytesIO()
        with zipfile.ZipFile(packed, "w") as archive:
            archive.writestr("spans.json", data)
        return packed.getvalue()
    return {"gzip": gzip.compress, "bzip2": bz2.compress, "xz": lzma.compress}[kind](data)


@pytest.mark.parametrize("kind", ["gzip", "bzip2", "xz", "zip"])
def test_a_compressed_file_is_named_as_such(tmp_path: Path, kind: str) -> None:
    """It was 'not a trace format blame knows ... pass --format', or one error per 'line' of
    its bytes, or 'not UTF-8 text (byte 1)'."""
    path = tmp_path / "spans.json"
    path.write_bytes(_compressed(kind, b'{"resourceSpans": []}'))
    with pytest.raises(TraceError) as caught:
        read_text(path)
    assert str(caught.value) == (
        f"{path}: is {kind}-compressed, not text; decompress it first and pass the file it holds"
    )
    assert str(encoding_error(path)) == str(caught.value)


def test_a_folder_is_not_read(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="cannot read: Is a directory"):
        read_text(tmp_path)


def _pipe(path: Path) -> None:
    import os

    os.mkfifo(path)


def _link_to_dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


@pytest.mark.parametrize("make", [_pipe, _link_to_dev_zero], ids=["pipe", "link-to-dev-zero"])
def test_a_pipe_or_a_device_is_not_read(tmp_path: Path, make: Any) -> None:
    """A pipe waits for a writer forever; /dev/zero (its size 0) never ends and fills memory.
    Whatever reads a results file, a history record or a baseline through this (a
    run-000001.json that is a pipe, a latest.json linked to /dev/zero) says so instead."""
    path = tmp_path / "latest.json"
    make(path)
    with pytest.raises(TraceError) as caught:
        read_text(path)
    assert caught.value.format() == (
        f"{path}: is not a regular file (a pipe or a device); remove it, or pass a file"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '{"a": 1',
            "invalid JSON at line 1 column 8: Expecting ',' delimiter; the file may be truncated",
        ),
        ('{"a": 1}}', "invalid JSON at line 1 column 9: Extra data"),
        (  # cut inside a string: it said "Unterminated string starting at", with no hint
            '{"a": "x',
            "invalid JSON at line 1 column 7: Unterminated string; the file may be truncated",
        ),
        ("[" * 50_000 + "]" * 50_000, "JSON nested too deeply to be a trace"),
        ('{"n": ' + "9" * 5000 + "}", "JSON holds a number too long to read (over 4300 digits)"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(TraceError) as caught:
        parse_json(text, source="t.json")
    assert str(caught.value) == f"t.json: {message}"


def test_read_json_text(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text('[{"a": 1}]', "utf-8")
    assert read_json_text(path) == [{"a": 1}]


def test_gc_paused_restores_the_collector() -> None:
    import gc

    from blame.importers.common import gc_paused

    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    with pytest.raises(ValueError), gc_paused():
        raise ValueError("boom")
    assert gc.isenabled()


_PAUSED_BUILD = """
import gc, json, sys
from blame.importers.common import gc_paused
if sys.argv[1] == "frozen":
    gc.freeze()
before = gc.get_freeze_count()
with gc_paused():
    built = [[index] for index in range(1000)]
oldest = {id(item) for item in gc.get_objects(generation=2)}
print(json.dumps({
    "before": before,
    "after": gc.get_freeze_count(),
    "enabled": gc.isenabled(),
    "oldest": all(id(item) in oldest for item in built),
}))
"""


@pytest.mark.parametrize("state", ["as started", "frozen"])
def test_what_is_built_while_paused_goes_straight_to_the_oldest_generation(state: str) -> None:
    """Else the first collection after a large trace is read passes over all of its objects.

    Only when nothing else is frozen: unfreezing would thaw what the process (or, on 3.12, the
    interpreter itself at start) froze. Each case runs in a process of its own for that reason.
    """
    import json
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _PAUSED_BUILD, state],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    seen = json.loads(done.stdout)
    assert seen["enabled"]
    assert seen["after"] == seen["before"]
    if seen["before"] == 0:
        assert seen["oldest"]


def test_gc_paused_pauses_when_entered_and_nests() -> None:
    # A plain class now: the collector's state is read when the block is entered, not made.
    import gc

    from blame.importers.common import gc_paused

    pause = gc_paused()
    assert gc.isenabled()
    with pause:
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause found it paused and left it so
    assert gc.isenabled()


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ('{"a": 1}\n', None),
        ("[]", None),
        (
            '{"a": 1,\n',
            "the line is not valid JSON (column 9: Expecting property name enclosed in double "
            "quotes); the line may be cut short",
        ),
        (
            '{"a": "Par',
            "the line is not valid JSON (column 7: Unterminated string); the line may be cut short",
        ),
        ('{"a" 1}', "the line is not valid JSON (column 6: Expecting ':' delimiter)"),
        # valid JSON both, and each was "the line is not valid JSON"
        ("[" * 100_000 + "]" * 100_000, "the line is JSON nested too deeply to be a trace"),
        ("9" * 5000, "the line holds a number too long to read (over 4300 digits)"),
    ],
)
def test_a_json_line_s_problem_is_what_is_wrong_with_it(line: str, problem: str | None) -> None:
    data, found = parse_line(line)
    assert found == problem
    assert (data is None) is (problem is not None)
