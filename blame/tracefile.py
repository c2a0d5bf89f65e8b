"""Reading a trace file blame wrote (a replay fixture, a native trace) as a stream.

`json.load` of a million-step trace holds the whole text, then every step as a dict, then
every step again as a `Step`: about 2 GiB. Here the text is read in chunks and each step's
object is parsed, turned into a `Step` and dropped before the next, so only the steps stay;
agent and step names are shared between steps, and the collector is paused meanwhile (many
small objects, no cycles). Anything this quick path does not expect (a syntax error, a field
of another type, a key given twice) sends the file down the careful path, `Trace.from_json`,
which reads it whole and names the problem exactly as before.
"""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from json.scanner import make_scanner
from pathlib import Path
from stat import S_ISREG
from typing import TYPE_CHECKING, Any

from blame.builder import TraceBuilder
from blame.errors import FixtureMissingError, PartialRunError, TraceError
from blame.importers.common import check_size, gc_paused, read_text, within_limit
from blame.model import Step, Trace, _quick_step
from blame.text import compiled_on_use, shorten

if TYPE_CHECKING:
    from blame.faults import Fault

WHOLE_BYTES = 1 << 20
"""Files up to this size (1 MiB) are read whole: one parse beats streaming's many calls."""
CHUNK_CHARS = 1 << 22
"""Characters read at a time (4 Mi): large enough that refilling is rare, small beside a
million-step file."""

_space = compiled_on_use(r"[ \t\n\r]*")
_after_step = compiled_on_use(r"[ \t\n\r]*([,\]])[ \t\n\r]*")
_BETWEEN_STEPS = "\n    },\n    {"
"""Where one step ends and the next begins in a trace `Trace.to_json` wrote (indent 2)."""
_CLOSE = len("\n    }")
BATCH_CHARS = 1 << 20
"""Most characters of steps parsed in one call (1 Mi: a few thousand steps)."""
_scan: Callable[[str, int], tuple[Any, int]] = make_scanner(json.JSONDecoder())  # type: ignore[arg-type]
"""`json`'s own (C) scanner: parses the one value that starts at an index."""


class _Unexpected(Exception):
    """The quick path stops; the careful path reads the file and names the problem."""


def load_trace_file(path: Path, *, source: str | None = None, size: int | None = None) -> Trace:
    """The trace in a file of `Trace.to_json` form; errors name `source` (default: the path).
    `size` is the file's, when the caller has just read it (a replay's stat of each fixture)."""
    if (check_size(path) if size is None else within_limit(path, size)) > WHOLE_BYTES:
        try:
            with gc_paused():
                return _streamed(path, source or str(path))
        except (_Unexpected, ValueError, RecursionError, OSError, LookupError, TypeError):
            pass  # ValueError covers JSON and UTF-8 decoding errors
    with gc_paused():
        return Trace.from_json(read_text(path, sized=True), source=source or str(path))


def file_size(path: Path) -> int | None:
    """The size of the regular file at `path`; None where `path.is_file()` is False (it
    raises what that raises). One stat where a replay made two per fixture: is_file's, and
    the reader's size check's."""
    try:
        found = os.stat(path)
    except OSError as error:
        if error.errno in _NOT_THERE or getattr(error, "winerror", None) in (21, 1921):
            return None
        raise
    except ValueError:  # a name the file system cannot hold
        return None
    return found.st_size if S_ISREG(found.st_mode) else None


_NOT_THERE = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)
"""Errors of a stat that `Path.is_file` takes for no file (it raises the others)."""


RECORDED_INPUT = "recorded_input"
"""The key, in a fixture's trace metadata, of the test input it was recorded for (as
`input_text` writes it): a fixture without it was recorded before fixtures said, and its
input is unknown."""

RECORDED_FAULTS = "recorded_faults"
"""The key, beside `RECORDED_INPUT`, of the test's `faults:` it was recorded under (as
`faults_text` writes them); absent: recorded without faults."""


RUN_ERROR = "error"
"""The key, in a trace's metadata, of the error its run raised part-way (the LangGraph adapter
writes it): the trace holds only the steps taken before it."""


def raised_in(
    trace: Trace, source: str, *, fixture_of: str | None = None
) -> PartialRunError | None:
    """The error of a stored trace or replay fixture (`fixture_of` names its test) whose run
    raised part-way, as a live run that raised is: its test is an error, never a pass (a
    fixture recorded before runs that raised stopped being recorded, or a trace kept from
    one)."""
    error = trace.metadata.get(RUN_ERROR)
    if not isinstance(error, str) or not error.strip():
        return None
    again = (
        f"run `{_record_again(fixture_of)}` once the pipeline runs through"
        if fixture_of is not None
        else "store a trace of a run that finished"
    )
    return PartialRunError(
        f"the recorded run raised part-way ({shorten(error, 200)}); its steps until then are "
        "evaluated only to show who",
        trace=trace,
        file=source,
        field="metadata.error",
        hint=again,
    )


def input_text(value: Any) -> str:
    """A test's `input:` as one text: a string as it is, a mapping or list as sorted JSON
    (the same input, whatever the order of its keys in blame.yaml, gives the same text)."""
    if isinstance(value, str):
        return value
    for sort_keys in (True, False):  # keys of several types cannot be sorted
        try:
            return json.dumps(value, sort_keys=sort_keys, ensure_ascii=False, default=str)
        except (TypeError, ValueError, RecursionError):
            continue
    return repr(value)  # a value that holds itself (YAML anchors): repr says `[...]`


def faults_text(faults: Sequence[Fault]) -> str:
    """A test's `faults:` as one text, by tool ("" for none): what a fixture was recorded
    under, and what a replay says it was."""
    parts = []
    for fault in sorted(faults, key=lambda f: f.tool):
        given = (("message", fault.message), ("value", fault.value), ("keep", fault.keep))
        extra = "".join(f", {key} {value!r}" for key, value in given if value is not None)
        parts.append(f"{fault.tool}: {fault.kind} ({fault.calls} call{extra})")
    return "; ".join(parts)


def as_run(trace: Trace) -> Trace:
    """`trace` without what only a replay fixture records (the input and faults it was
    recorded under): the run itself, the same whether it was replayed or live."""
    recording = (RECORDED_INPUT, RECORDED_FAULTS)
    if not any(key in trace.metadata for key in recording):
        return trace
    return replace(trace, metadata={k: v for k, v in trace.metadata.items() if k not in recording})


def recorded_for(trace: Trace, test_input: Any, faults: Sequence[Fault] = ()) -> Trace:
    """`trace` as a replay fixture of a test whose input is `test_input` and whose tools
    fail as `faults` say keeps both."""
    metadata = {**trace.metadata, RECORDED_INPUT: input_text(test_input)}
    if faults:
        metadata[RECORDED_FAULTS] = faults_text(faults)
    return replace(trace, metadata=metadata)


def read_fixture_at(
    path: Path, test_name: str, test_input: Any = None, test_faults: Sequence[Fault] = ()
) -> Trace:
    """The replay fixture of `test_name` at `path`; FixtureMissingError when there is none, a
    TraceError saying how to record it again when it cannot be read, or when it was recorded
    for an input other than `test_input` or under other faults than `test_faults` (the test
    changed since; `test_input` None: not compared)."""
    size = file_size(path)  # one stat: a fixture or none, and its size for the reader
    if size is None:
        if os.path.lexists(path):  # something else sits where the fixture goes
            raise TraceError(
                "not a regular file (a folder, a device, a pipe or a broken link)",
                file=str(path),
                hint=f"remove it, then re-record with `{_record_again(test_name)}`",
            )
        raise FixtureMissingError(
            f"no replay fixture for {test_name}; run `blame record`", hint=f"expected {path}"
        )
    try:
        trace = load_trace_file(path, size=size)
    except TraceError as error:  # a corrupted or hand-edited fixture: say how to replace it
        fix = f"re-record it with `{_record_again(test_name)}`"
        raise TraceError(
            error.message,
            file=error.file or str(path),
            field=error.field,
            hint=f"{error.hint}; {fix}" if error.hint else fix,
        ) from None
    recorded = trace.metadata.get(RECORDED_INPUT)
    if test_input is not None and isinstance(recorded, str):
        now = input_text(test_input)
        if recorded != now:  # the old input's trace, scored as the new one's, would mislead
            raise TraceError(
                f"the fixture was recorded for input {shorten(recorded, 60)!r}; the test's "
                f"input is now {shorten(now, 60)!r}",
                file=str(path),
                hint=f"run `{_record_again(test_name)}` to record it again",
            )
        under, now = trace.metadata.get(RECORDED_FAULTS, ""), faults_text(test_faults)
        if under != now:  # a tool that fails otherwise now: the run would differ
            raise TraceError(
                f"the fixture was recorded under faults {_said(under)}; the test's faults are "
                f"now {_said(now)}",
                file=str(path),
                hint=f"run `{_record_again(test_name)}` to record it again",
            )
    return trace


def _said(faults: object) -> str:
    return repr(shorten(faults, 80)) if isinstance(faults, str) and faults else "none"


def _record_again(test_name: str) -> str:
    """The command that records `test_name`'s fixture again, for the messages that need it."""
    import shlex  # a millisecond to load, for these messages only

    return f"blame record -k {shlex.quote(test_name)}"


def _streamed(path: Path, source: str) -> Trace:
    with path.open(encoding="utf-8") as handle:
        reader = _Chunks(handle)
        if reader.next_char() != "{":
            raise _Unexpected
        reader.pos += 1
        head: dict[str, Any] = {}
        steps: TraceBuilder | None = None
        while True:
            if reader.next_char() != '"':
                raise _Unexpected
            key = reader.value()
            if key in head or (key == "steps" and steps is not None):
                raise _Unexpected  # a key given twice: json keeps the last, so must we
            if reader.next_char() != ":":
                raise _Unexpected
            reader.pos += 1
            if key == "steps":
                steps = _steps(reader)
            else:
                head[key] = reader.value()
            separator = reader.next_char()
            reader.pos += 1
            if separator == "}":
                break
            if separator != ",":
                raise _Unexpected
        if reader.next_char() != "" or steps is None:
            raise _Unexpected
    return Trace.from_dict(head, source=source, steps=steps)


def _steps(reader: _Chunks) -> TraceBuilder:
    """The steps of the `steps` list, each read, built and its dict dropped before the next,
    and checked by a `TraceBuilder` a batch at a time: checked while their objects are still
    in the processor's caches, a million steps' checks take a fraction of one pass at the end.
    A step the builder refuses sends the file down the careful path, which names it."""
    builder = TraceBuilder()
    if reader.next_char() != "[":
        raise _Unexpected
    reader.pos += 1
    if reader.next_char() == "]":
        reader.pos += 1
        return builder
    steps: list[Step] = []
    keep = steps.append
    names: dict[str, str] = {}
    scan, after, parse = _scan, _after_step().match, json.loads
    text, pos = reader.text, reader.pos
    batches = True
    unsearched = pos  # no boundary starts before this in `text`: searching again finds none
    previous: str | None = None  # the id of the step read last
    while True:
        # Many steps at once where the file is indented as blame writes it: the text up to a
        # boundary between two steps is a list of whole steps (a raw newline is never inside
        # a JSON string), and parsing it in one call shares the keys' strings.
        cut = -1
        if batches and pos >= unsearched:
            cut = text.rfind(_BETWEEN_STEPS, pos, pos + BATCH_CHARS)
            if cut <= pos:  # compact JSON: not once per step over the same megabyte
                unsearched = min(pos + BATCH_CHARS, len(text)) - len(_BETWEEN_STEPS) + 1
        if cut > pos:
            try:
                batch = parse("[" + text[pos : cut + _CLOSE] + "]")
            except (ValueError, RecursionError):  # another layout: one step at a time
                batches = False
                continue
            for data in batch:
                step = _quick_step(data, names, previous) if type(data) is dict else None
                if step is None:
                    raise _Unexpected
                keep(step)
                previous = step.id
            _checked(builder, steps)
            pos = cut + len(_BETWEEN_STEPS) - 1
            continue
        try:  # one step: one scan and one match; the chunk's end is met only now and then
            data, end = scan(text, pos)
            found = after(text, end)
        except (StopIteration, ValueError):
            found = None
        if found is None or found.end() == len(text):
            reader.pos = pos
            if not reader.more():
                raise _Unexpected
            text, pos = reader.text, reader.pos
            unsearched = pos  # a new chunk: searched from where it starts
            continue
        step = _quick_step(data, names, previous) if type(data) is dict else None
        if step is None:
            raise _Unexpected
        keep(step)
        previous = step.id
        if len(steps) >= _PENDING:
            _checked(builder, steps)
        pos = found.end()
        if found.group(1) == "]":
            reader.pos = pos
            _checked(builder, steps)
            return builder


_PENDING = 1000
"""Steps read one at a time that are checked together."""


def _checked(builder: TraceBuilder, steps: list[Step]) -> None:
    """Add `steps` to `builder` and empty the list; `_Unexpected` when one is refused."""
    try:
        builder.extend(steps)
    except TraceError:
        raise _Unexpected from None
    steps.clear()


class _Chunks:
    """A text file's characters, a chunk at a time, with JSON values parsed from them."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle
        self.text = ""
        self.pos = 0
        self.ended = False

    def more(self) -> bool:
        """Read on (at least as much as is pending, so a long value is read in few passes)."""
        if self.ended:
            return False
        data = self.handle.read(max(CHUNK_CHARS, len(self.text) - self.pos))
        if not data:
            self.ended = True
            return False
        self.text = self.text[self.pos :] + data
        self.pos = 0
        return True

    def next_char(self) -> str:
        """The next character that is not white space ("" at the end), not consumed."""
        while True:
            end = _space().match(self.text, self.pos)
            self.pos = end.end() if end else self.pos
            if self.pos < len(self.text) or not self.more():
                return self.text[self.pos : self.pos + 1]

    def value(self) -> Any:
        """The JSON value that starts at the next character that is not white space."""
        self.next_char()
        while True:
            try:
                value, end = _scan(self.text, self.pos)
            except (StopIteration, json.JSONDecodeError):
                if self.more():
                    continue
                raise _Unexpected from None
            if end >= len(self.text) and self.more():
                continue  # a number or literal may go on in the next chunk
            self.pos = end
            return value
