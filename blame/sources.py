"""Where stored traces come from: files, folders, globs and JSON Lines, read as a stream.

A production export is rarely one file per trace. A collector's file exporter writes OTLP as
JSON Lines, one export request per line, and one trace's spans can be spread over many lines
and files; teams also keep one native trace or chat transcript per line. `units` turns any mix
of paths into one `Unit` per trace without holding the files in memory:

- a file holding one JSON document is one unit, read later by the importer that sniffs it;
- JSON Lines of native traces or chat transcripts: one unit per line, the line kept as text
  (parsed where the trace is analysed, so parsing spreads over the workers). For a parallel
  run, `work` hands such files out as `Chunk`s instead: runs of whole lines, which a worker
  splits into units itself; for a local process pool only their byte ranges, which each
  worker reads from the file, so the one process that cuts the files does almost nothing.
  Without `--format`, each line is read as its keys show (`blame.batch`): a file may mix both;
- JSON Lines of OTLP: spans grouped by trace id across every line and file given. A first
  pass counts the lines that hold each trace; the second emits a trace as soon as its last
  line is read, so memory holds only the traces still open, never the whole export.

Order is the order of the paths given (folders and globs sorted), then of lines; the same
inputs give the same units in the same order.
"""

from __future__ import annotations

import fnmatch
import glob
import io
import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from blame.errors import ConfigError
from blame.files import real_path
from blame.frozen import dataclass
from blame.importers.common import max_trace_bytes, shown_limit
from blame.text import compiled_on_use

TRACE_SUFFIXES = (".json", ".jsonl", ".ndjson")
"""Files a folder contributes."""
JSONL_SUFFIXES = (".jsonl", ".ndjson")
"""Files read as JSON Lines whatever their first line looks like."""
CHUNK_BYTES = 1 << 19
"""About how much of a JSON Lines file one chunk carries: a few dozen traces of 50 steps."""
RANGE_BYTES = 1 << 21
"""About how much of it one byte range spans: a worker reads it itself, so a larger one costs
nothing to send, and each of a 2-core run's fewer outcomes costs the parent less."""


@dataclass(frozen=True, slots=True)
class Unit:
    """One trace to analyse, located but not yet imported."""

    origin: str
    """Where it was read, for messages: `file`, `file:LINE` or `file (trace ID)`."""
    format: str
    """`auto` for a whole file (the importers sniff it), else `otlp`, `native` or `chat`."""
    path: str | None = None
    """The file, for a whole-file unit."""
    text: str | None = None
    """The JSON text of one line (native or chat JSON Lines)."""
    documents: tuple[Any, ...] = ()
    """OTLP export documents holding only this trace's spans."""
    name: str = ""
    """The test name: the file's stem, the trace's own name, or the trace id."""
    problem: str | None = None
    """Why the unit cannot be read, when that was found while locating it (an OTLP line)."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """Consecutive whole lines of one native or chat JSON Lines file: where they are, and
    their raw bytes unless the process that analyses them reads them itself.

    Splitting lines, decoding and building a unit per trace happen where the chunk is
    analysed. A local process pool is handed only byte ranges: each worker reads its own
    lines from the file, so the one process that cuts the file reads it once to number the
    lines and sends almost nothing (sending the bytes was the serial part that capped the
    speed-up). A Dask worker may be on another machine: it is sent the bytes.
    """

    path: str
    """The file the lines come from."""
    format: str
    """`native` or `chat`."""
    first_line: int
    """The number, in the file, of the first line."""
    start: int
    """Where the first line begins in the file, in bytes."""
    end: int
    """Where the last line ends (after its line break, if it has one), in bytes."""
    data: bytes | None = None
    """The lines, each ending with a line break (but perhaps the file's last); None: read
    them from the file."""

    def loaded(self) -> Chunk:
        """This chunk with its bytes, for a process that may not see the file."""
        return self if self.data is not None else replace(self, data=self._read())

    def _read(self) -> bytes:
        with open(self.path, "rb") as handle:
            handle.seek(self.start)
            return handle.read(self.end - self.start)

    def units(self) -> Iterator[Unit]:
        """One unit per non-blank line, numbered and named as `units` would."""
        stem = Path(self.path).stem
        source: io.RawIOBase | io.BytesIO
        if self.data is not None:
            source = io.BytesIO(self.data)
        else:  # read a line at a time: a range may be one line of any length
            source = _Window(self.path, self.start, self.end)
        # utf-8-sig: a byte-order mark opening the file is skipped (the first chunk's)
        with io.TextIOWrapper(
            io.BufferedReader(source) if isinstance(source, _Window) else source,
            encoding="utf-8-sig",
            errors=_UNDECODED,
        ) as lines:
            for number, line in bounded_lines(lines, self.first_line):
                yield Unit(
                    origin=f"{self.path}:{number}",
                    format=self.format,
                    text=line or "",
                    name=f"{stem}:{number}",
                    problem=too_long() if line is None else not_utf8(line),
                )


class _Window(io.RawIOBase):
    """The bytes of a file from `start` to `end`, read as they are asked for."""

    def __init__(self, path: str, start: int, end: int) -> None:
        super().__init__()
        self._file = open(path, "rb")  # noqa: SIM115 - closed with the window
        self._file.seek(start)
        self._left = end - start

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        wanted = min(len(buffer), self._left)
        if wanted <= 0:
            return 0
        got = self._file.readinto(memoryview(buffer)[:wanted])
        self._left -= got
        return got

    def close(self) -> None:
        self._file.close()
        super().close()


def _line_count(data: bytes) -> int:
    """Lines in `data` as text mode reads them: `\n`, `\r\n` and a lone `\r` each end one."""
    count = data.count(b"\n")
    if b"\r" in data:  # rare in JSON Lines; counting it costs a pass over the data
        count += data.count(b"\r") - data.count(b"\r\n")
    if data and data[-1:] not in (b"\n", b"\r"):
        count += 1
    return count


def chunks(
    path: Path, format: str, size: int = CHUNK_BYTES, *, ranges: bool = False
) -> Iterator[Chunk]:
    """The file as chunks of about `size` bytes, each cut after a line break; with `ranges`
    they hold no bytes (see `_ranges`)."""
    if ranges:
        for start, end, first in _ranges(path, size):
            yield Chunk(path=str(path), format=format, first_line=first, start=start, end=end)
        return
    line, start = 1, 0
    pending: list[bytes] = []
    kept = 4 * (max_trace_bytes() + 2)  # enough bytes for more characters than the limit
    dropped = 0  # bytes of a line too long to send, read past
    with path.open("rb") as handle:
        while block := handle.read(size):
            cut = block.rfind(b"\n") + 1
            if cut == 0:  # a line longer than a block: keep reading it
                pending.append(block)
                if sum(map(len, pending)) > kept:  # over the limit: keep what says so
                    whole = b"".join(pending)
                    dropped += len(whole) - kept
                    pending = [whole[:kept]]
                continue
            data = b"".join([*pending, block[:cut]])
            pending = [block[cut:]] if cut < len(block) else []
            yield Chunk(str(path), format, line, start, start + dropped + len(data), data)
            line += _line_count(data)
            start += dropped + len(data)
            dropped = 0
    if pending:
        data = b"".join(pending)
        yield Chunk(str(path), format, line, start, start + dropped + len(data), data)


def _ranges(path: Path, size: int) -> Iterator[tuple[int, int, int]]:
    """(start, end, number of the first line) of runs of whole lines of about `size` bytes,
    each cut after a line break (a line longer than that is one run). The file is read once
    into one buffer, nothing kept or copied: this is all the cutting process does for a pool.
    Line ends are counted as text mode reads them: `\n`, `\r\n` and a lone `\r`."""
    buffer = bytearray(size)
    start = offset = ends = 0  # ends: line ends before `offset`
    first = 1
    last_cr = False  # the byte before `offset` is a `\r`
    with path.open("rb", buffering=0) as handle:
        while read := handle.readinto(buffer):
            cut = buffer.rfind(b"\n", 0, read) + 1
            at_cut = ends + buffer.count(b"\n", 0, cut)
            tail = 0  # lone `\r`s after the cut (there is no `\n` there)
            if last_cr or buffer.find(b"\r", 0, read) >= 0:  # rare in JSON Lines
                at_cut += buffer.count(b"\r", 0, cut) - buffer.count(b"\r\n", 0, cut)
                at_cut -= last_cr and buffer[0] == _LF  # a `\r\n` across two reads
                tail = buffer.count(b"\r", cut, read)
            if cut:
                yield start, offset + cut, first
                start, first = offset + cut, 1 + at_cut
            ends = at_cut + tail
            last_cr = buffer[read - 1] == _CR
            offset += read
    if offset > start:
        yield start, offset, first


_LF, _CR = ord("\n"), ord("\r")


def matching(pattern: str) -> list[Path]:
    """The paths a glob pattern matches, as `glob.glob(pattern, recursive=True)` finds them,
    except that `**` enters no folder that is a link, as a folder given is searched: through a
    link to its own folder (or two), glob went on until the path was too long, which with two
    such links took time exponential in that length (a hang)."""
    parts = Path(pattern).parts
    if "**" not in parts:
        return [Path(found) for found in glob.glob(pattern)]  # no `**`: as deep as the pattern
    at = next(i for i, part in enumerate(parts) if glob.has_magic(part))
    root = Path(*parts[:at]) if at else Path(".")
    wanted = parts[at:]
    dotted = any(part.startswith(".") for part in wanted)
    found = []
    for folder, folders, files in os.walk(root):  # links to folders are not entered
        here = Path(folder)
        if not dotted:  # `**` matches no hidden folder: nothing in one is wanted
            folders[:] = [f for f in folders if not f.startswith(".")]
        for name in (*folders, *files):
            relative = (here / name).relative_to(root).parts
            if _matches(relative, wanted):
                found.append(root / Path(*relative) if at else Path(*relative))
    return found


def _matches(parts: Sequence[str], pattern: Sequence[str]) -> bool:
    """Whether path parts match pattern parts, `**` standing for any number of folders (glob's
    rules: a name starting with a dot matches only a part that starts with one)."""
    if not pattern:
        return not parts
    if pattern[0] == "**":
        hidden = next((i for i, part in enumerate(parts) if part.startswith(".")), len(parts))
        return any(_matches(parts[i:], pattern[1:]) for i in range(hidden + 1))
    if not parts or (parts[0].startswith(".") and not pattern[0].startswith(".")):
        return False
    return fnmatch.fnmatchcase(parts[0], pattern[0]) and _matches(parts[1:], pattern[1:])


def expand(arguments: Sequence[str | Path], *, outputs: Sequence[Path] = ()) -> list[Path]:
    """Files named by paths, folders (searched recursively) and glob patterns.

    `outputs` are the files the run writes: a folder or a pattern never finds them (the last
    run's results are no trace, and reading them made a second run of the same command fail),
    and a path naming one is refused (the results would replace the trace being read)."""
    written = {real_path(output) for output in outputs}

    def ours(path: Path) -> bool:
        return bool(written) and real_path(path) in written

    files: list[Path] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            # every entry named as a trace that is no folder: a link to nowhere or a pipe
            # left out (`is_file()`) was a trace dropped without a word, and the run passed
            # on the rest; kept, its import names it as one test's error
            found = sorted(
                p
                for p in path.rglob("*")
                if p.suffix.lower() in TRACE_SUFFIXES and not p.is_dir() and not ours(p)
            )
            if not found:
                raise ConfigError(
                    f"holds no {', '.join(TRACE_SUFFIXES)} files",
                    file=str(path),
                    hint="pass the folder that holds the exported traces",
                )
            files.extend(found)
        elif path.exists() or not glob.has_magic(str(argument)):
            if path.exists() and ours(path):
                raise ConfigError(
                    "is where this run writes its results, which would replace it",
                    file=str(path),
                    hint="move the trace, or write elsewhere with --output-dir or --jsonl",
                )
            files.append(path)  # a missing plain path is reported by the importer, per trace
        else:
            matches = sorted(matching(str(argument)))
            matches = [m for m in matches if not m.is_dir() and not ours(m)]
            if not matches:
                raise ConfigError(
                    "no file matches this pattern",
                    file=str(argument),
                    hint="quote the pattern so blame expands it, e.g. 'exports/**/*.jsonl'",
                )
            files.extend(matches)
    return files


def _first_line(path: Path) -> str | None:
    """The first non-blank line, or as much of it as a trace may be."""
    limit = max_trace_bytes()
    try:
        with path.open("r", encoding="utf-8-sig", errors="replace") as handle:
            while line := handle.readline(limit):
                if line.strip():
                    return line
    except OSError:
        return None
    return None


def jsonl_format(path: Path) -> str | None:
    """`otlp`, `native` or `chat` for a JSON Lines file, None for a one-document file."""
    from blame.importers.common import encoding_error

    line = _first_line(path)
    if line is None or "\ufffd\ufffd" in line[:4]:  # UTF-16/32's byte-order mark, undecoded:
        return None  # read as one document, whose importer names the encoding
    if encoding_error(path) is not None:  # compressed: no lines, one error naming it
        return None
    if path.suffix.lower() not in JSONL_SUFFIXES:
        try:
            first = json.loads(line)
        except (ValueError, RecursionError):  # nested deeper than Python's parser goes, too
            return None  # a document spread over lines: pretty-printed JSON
        if not isinstance(first, dict) or _is_single(path):
            return None
    elif _spread_over_lines(path, line):
        return None  # named .jsonl, but one pretty-printed document: read as one
    head = line[:65536]
    if '"resourceSpans"' in head or '"resource_spans"' in head:
        return "otlp"
    if '"span_attributes"' in head or '"SpanAttributes"' in head:  # a span store's rows
        return "otlp"
    # the whole line: blame's traces sort their keys, and a long final_output (or input)
    # comes before both of these
    if '"schema_version"' in line and '"steps"' in line:
        return "native"
    return "chat"


_OPENING = 4096
"""A first line longer than this is taken for a line of JSON Lines, not parsed to check."""


def _spread_over_lines(path: Path, line: str) -> bool:
    """Whether a file whose first line is no JSON is one JSON document (within the size
    limit): pretty-printed JSON named `.jsonl` was one error per line, 'the line is not valid
    JSON', and never said what the file was."""
    if len(line) > _OPENING:
        return False
    try:
        json.loads(line)
        return False
    except (ValueError, RecursionError):
        pass
    try:
        if path.stat().st_size > max_trace_bytes():
            return False
        json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return False
    return True


def _kind(path: Path, format: str) -> str | None:
    """How `work` reads the file: `jsonl_format`'s answer, overridden by an explicit format."""
    found = jsonl_format(path) if path.is_file() else None
    if found is None or format == "auto":
        return found
    return format if format in LINE_FORMATS else None


def _is_single(path: Path) -> bool:
    """Whether the file has only one non-empty line."""
    with path.open("r", encoding="utf-8-sig", errors="replace") as handle:
        lines = bounded_lines(handle)
        return next(lines, None) is None or next(lines, None) is None


_UNDECODED = "surrogateescape"
"""How lines are decoded: a byte that is not UTF-8 becomes a lone surrogate, which UTF-8 text
never decodes to, so `not_utf8` finds it (with "replace" the line was read with U+FFFD in
place of the text, and checked as if the agent had written that)."""
_surrogate = compiled_on_use("[\udc80-\udcff]")


def not_utf8(line: str) -> str | None:
    """The problem of a line decoded with `_UNDECODED` that was not UTF-8; None if it was."""
    if line.isascii():
        return None
    found = _surrogate().search(line)
    if found is None:
        return None
    at = len(line[: found.start()].encode("utf-8", _UNDECODED))
    return f"the line is not UTF-8 text (byte {at} of the line); save the file as UTF-8"


def text_lines(path: Path) -> Iterator[tuple[int, str | None]]:
    """The file's non-blank lines, numbered; None for a line over the size limit."""
    with path.open("r", encoding="utf-8-sig", errors=_UNDECODED) as handle:
        yield from bounded_lines(handle)


def bounded_lines(handle: TextIO, first: int = 1) -> Iterator[tuple[int, str | None]]:
    """The non-blank lines of a text stream, numbered from `first`. A line longer than a trace
    file may be (`BLAME_MAX_TRACE_MB`) is None, read past a MiB at a time and never held: a
    JSON Lines file's first line of hundreds of MB was read whole, then parsed, whatever the
    limit said (a 100 MB line took 400 MB)."""
    limit = max_trace_bytes()
    number = first - 1
    while line := handle.readline(limit + 1):
        number += 1
        if len(line) > limit and not line.endswith("\n"):
            while (rest := handle.readline(1 << 20)) and not rest.endswith("\n"):
                pass
            yield number, None
        elif line.strip():
            yield number, line


def too_long() -> str:
    """The problem of a line over the size limit."""
    return (
        f"the line is over the {shown_limit()} limit of a trace; split the trace, or raise the "
        "limit with BLAME_MAX_TRACE_MB"
    )


LINE_FORMATS = ("native", "chat", "otlp")
"""The formats blame reads a JSON Lines file in line by line."""


def units(arguments: Sequence[str | Path], *, format: str = "auto") -> Iterator[Unit]:
    """One unit per trace in the files, folders and globs given, in a stable order."""
    return expand_units(work(arguments, format=format))


def expand_units(items: Iterable[Unit | Chunk]) -> Iterator[Unit]:
    """Chunks opened into their units; units as they are."""
    for item in items:
        if isinstance(item, Chunk):
            yield from item.units()
        else:
            yield item


def work(
    arguments: Sequence[str | Path],
    *,
    ranges: bool = False,
    format: str = "auto",
    outputs: Sequence[Path] = (),
) -> Iterator[Unit | Chunk]:
    """The traces as units, but native and chat JSON Lines as chunks, in the order of `units`;
    with `ranges` the chunks hold no bytes, for workers that read the files themselves.

    `format` is `--format`: a JSON Lines file's lines are read in it, not in the format its
    first line looks like (a line that is not in it is that line's error); a plugin's format
    gets the whole file. `outputs`: the files the run writes (see `expand`)."""
    from blame.otlplines import otlp_units  # it reads Unit and the lines from here

    files = expand(arguments, outputs=outputs)
    kinds = [(path, _kind(path, format)) for path in files]
    whole = [path for path, kind in kinds if kind is None]
    names = iter(trace_test_names(whole))  # in the order the loop below meets them
    otlp = [path for path, kind in kinds if kind == "otlp"]
    grouped = otlp_units(otlp) if otlp else iter(())
    emitted_otlp = False
    for path, kind in kinds:
        if kind is None:
            yield Unit(origin=str(path), format="auto", path=str(path), name=next(names))
        elif kind == "otlp":
            if not emitted_otlp:  # every OTLP file together: a trace may span several
                emitted_otlp = True
                yield from grouped
        else:
            yield from chunks(path, kind, RANGE_BYTES if ranges else CHUNK_BYTES, ranges=ranges)


def trace_test_names(paths: Sequence[Path]) -> list[str]:
    """File stems; files sharing a stem are told apart by their folder, else by their path.

    A file given more than once gets ` (2)`, ` (3)`... on its repeats.
    """
    stems = Counter(path.stem for path in paths)
    with_folder = Counter(f"{path.parent.name}/{path.stem}" for path in paths)
    names = []
    for path in paths:
        folder = f"{path.parent.name}/{path.stem}"
        if not path.stem:  # ".", "/", "..": no stem to name the test after
            names.append(path.as_posix())
        elif stems[path.stem] == 1:
            names.append(path.stem)
        elif with_folder[folder] == 1 and path.parent.name:
            names.append(folder)
        else:
            names.append(path.with_suffix("").as_posix())
    return numbered_repeats(names)  # the same file given twice


def numbered_repeats(names: Sequence[str]) -> list[str]:
    """`names` with each repeat numbered ` (2)`, ` (3)`..., skipping a number whose name is
    already taken: numbered blindly, `t`, `t`, `t (2)` gave two tests `t (2)`, whose baseline
    `blame gate` then refused and whose results said two things of one name."""
    taken = set(names)
    seen: Counter[str] = Counter()
    unique = []
    for name in names:
        seen[name] += 1
        if seen[name] == 1:
            unique.append(name)
            continue
        count = seen[name]
        while f"{name} ({count})" in taken:
            count += 1
        seen[name] = count
        taken.add(f"{name} ({count})")
        unique.append(f"{name} ({count})")
    return unique
