"""Where stored traces come from: files, folders, globs, JSON Lines, OTLP grouped by trace."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from blame.errors import ConfigError
from blame.otlplines import spans_of
from blame.sources import (
    Chunk,
    chunks,
    expand,
    expand_units,
    jsonl_format,
    matching,
    numbered_repeats,
    text_lines,
    units,
    work,
)


def otlp_line(*spans: tuple[str, str, str | None]) -> str:
    """One export request: spans as (trace id, span id, parent id)."""
    return json.dumps(
        {
            "resourceSpans": [
                {
                    "resource": {"attributes": []},
                    "scopeSpans": [
                        {
                            "scope": {"name": "test"},
                            "spans": [
                                {"traceId": t, "spanId": s, "parentSpanId": p or "", "name": s}
                                for t, s, p in spans
                            ],
                        }
                    ],
                }
            ]
        }
    )


def write(path: Path, *lines: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def native(name: str) -> str:
    return json.dumps({"schema_version": 1, "test_name": name, "steps": []})


LONG_NATIVE = json.dumps(
    {"final_output": "x" * 100_000, "schema_version": 1, "steps": [], "test_name": "t"},
    sort_keys=True,
)


def test_folders_are_searched_recursively_in_sorted_order(tmp_path: Path) -> None:
    b = write(tmp_path / "b" / "x.json", "{}")
    a = write(tmp_path / "a.jsonl", "{}")
    write(tmp_path / "notes.txt", "not a trace")
    assert expand([tmp_path]) == [a, b]


def test_globs_are_expanded_and_plain_missing_paths_kept_for_the_importer(tmp_path: Path) -> None:
    one = write(tmp_path / "run1.json", "{}")
    two = write(tmp_path / "run2.json", "{}")
    assert expand([str(tmp_path / "run*.json")]) == [one, two]
    assert expand([tmp_path / "missing.json"]) == [tmp_path / "missing.json"]


def test_a_folder_or_glob_never_finds_the_runs_own_outputs(tmp_path: Path) -> None:
    """`blame analyze .` read the last run's `.blame/results/latest.json` as a trace: the
    same command run twice ended in an error the second time."""
    trace = write(tmp_path / "run.json", "{}")
    results = write(tmp_path / ".blame" / "results" / "latest.json", "{}")
    lines = write(tmp_path / "out.jsonl", "{}")
    assert expand([tmp_path], outputs=[results, lines]) == [trace]
    assert expand([str(tmp_path / "*.js*")], outputs=[results, lines]) == [trace]
    assert expand([tmp_path]) == [results, lines, trace]  # nothing said: all found


def test_a_folder_or_glob_finds_traces_that_are_no_regular_file(tmp_path: Path) -> None:
    """A trace linked to nowhere or a named pipe in a folder was left out without a word, and
    the run passed on the other traces; found, its import names it as that trace's error."""
    kept = write(tmp_path / "b.json", "{}")
    (tmp_path / "a.json").symlink_to(tmp_path / "moved.json")
    os.mkfifo(tmp_path / "c.jsonl")
    (tmp_path / "d.json").mkdir()  # a folder named like a trace is searched, not read
    expected = [tmp_path / "a.json", kept, tmp_path / "c.jsonl"]
    assert expand([tmp_path]) == expected
    assert expand([str(tmp_path / "*.js*")]) == expected


TREE = ("a/1.json", "a/b/2.json", "a/b/c/3.jsonl", ".h/x/4.json", "a/.blame/5.json", "a/.6.json")


@pytest.mark.parametrize(
    "pattern",
    [
        "**/*.json",
        "a/**/*.json",
        "**",
        "a/**/*",
        "**/b",
        "a/*/*.json",
        "a/**/.blame/*.json",
        "**/.h/**/*.json",
        ".*/**/*.json",
        "a/.*",
        "{root}/**/*.jsonl",
    ],
)
def test_a_glob_matches_what_python_s_glob_matches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pattern: str
) -> None:
    import glob

    for name in TREE:
        write(tmp_path / name, "{}")
    monkeypatch.chdir(tmp_path)
    pattern = pattern.format(root=tmp_path)
    assert sorted(matching(pattern)) == sorted(map(Path, glob.glob(pattern, recursive=True)))


def test_a_glob_enters_no_folder_that_is_a_link(tmp_path: Path) -> None:
    """Through a link to its own folder, `**` found the trace again at every depth up to the
    system's limit of links in a path (the same trace analysed 41 times); through two such
    links, the paths to try doubled with each level, and the run hung."""
    trace = write(tmp_path / "t" / "a.json", "{}")
    (tmp_path / "t" / "self").symlink_to(".")
    (tmp_path / "t" / "up").symlink_to("..")
    (tmp_path / "t" / "out").symlink_to(tmp_path.parent)
    assert expand([str(tmp_path / "t" / "**" / "*.json")]) == [trace]
    assert expand([tmp_path / "t"]) == [trace]  # as a folder given is searched


@pytest.mark.parametrize(
    ("names", "numbered"),
    [
        (["a", "b"], ["a", "b"]),
        (["t", "t", "t"], ["t", "t (2)", "t (3)"]),
        (["t", "t (2)", "t"], ["t", "t (2)", "t (3)"]),
        (["t", "t", "t (2)"], ["t", "t (3)", "t (2)"]),
        (["t (2)", "t", "t", "t (3)", "t"], ["t (2)", "t", "t (4)", "t (3)", "t (5)"]),
    ],
)
def test_repeats_are_numbered_past_names_already_taken(
    names: list[str], numbered: list[str]
) -> None:
    assert numbered_repeats(names) == numbered


def test_a_path_naming_one_of_the_runs_outputs_is_refused(tmp_path: Path) -> None:
    """`--jsonl run.json` replaced the trace `run.json` with the results of reading it."""
    trace = write(tmp_path / "run.json", "{}")
    with pytest.raises(ConfigError) as raised:
        expand([trace], outputs=[tmp_path / "." / "run.json"])
    assert raised.value.format() == (
        f"{trace}: is where this run writes its results, which would replace it; move the "
        "trace, or write elsewhere with --output-dir or --jsonl"
    )


@pytest.mark.parametrize(
    ("argument", "message"),
    [("empty", "holds no"), ("*.nothing", "no file matches this pattern")],
)
def test_a_folder_or_glob_with_nothing_in_it_is_a_clear_error(
    tmp_path: Path, argument: str, message: str
) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(ConfigError, match=message):
        expand([str(tmp_path / argument)])


@pytest.mark.parametrize(
    ("name", "lines", "expected"),
    [
        ("otlp.jsonl", [otlp_line(("t1", "s1", None))], "otlp"),
        ("runs.jsonl", [native("a"), native("b")], "native"),
        ("chats.ndjson", [json.dumps({"history": []})], "chat"),
        ("collector.json", [otlp_line(("t1", "s1", None)), otlp_line(("t2", "s2", None))], "otlp"),
        ("one.json", [otlp_line(("t1", "s1", None))], None),
        ("pretty.json", ["{", '  "steps": []', "}"], None),
        # named .jsonl, one document over several lines: it was one error per line
        ("pretty.jsonl", ["{", '  "steps": []', "}"], None),
        ("pretty-list.ndjson", ["[", '  {"steps": []}', "]"], None),
        ("cut.jsonl", ['{"steps": [', native("b")], "chat"),  # a broken line: still lines
        # blame's own traces sort their keys: a long final output pushes schema_version and
        # steps past the first 64 KiB of the line (read as a chat transcript, it was an error)
        ("long.jsonl", [LONG_NATIVE, LONG_NATIVE], "native"),
        ("long-runs.json", [LONG_NATIVE, LONG_NATIVE], "native"),
    ],
)
def test_json_lines_are_told_from_documents_by_their_lines(
    tmp_path: Path, name: str, lines: list[str], expected: str | None
) -> None:
    assert jsonl_format(write(tmp_path / name, *lines)) == expected


def test_otlp_spans_are_grouped_by_trace_across_lines_and_files(tmp_path: Path) -> None:
    first = write(
        tmp_path / "1.jsonl",
        otlp_line(("A", "a1", "a0"), ("B", "b0", None)),
        otlp_line(("C", "c0", None)),
    )
    second = write(tmp_path / "2.jsonl", otlp_line(("A", "a0", None)))
    found = list(units([first, second]))
    # B and C end in the first file; A's last span is in the second, so it comes last
    assert [u.name for u in found] == ["B", "C", "A"]
    spans = [s["spanId"] for d in found[2].documents for s in spans_of(d)]
    assert spans == ["a1", "a0"]
    assert found[2].origin == f"{first}:1 (trace A)"
    assert all(u.format == "otlp" for u in found)


def row_line(trace: str, span: str, parent: str | None) -> str:
    """One span row, as a span store writes it one per line (ClickHouse's JSONEachRow)."""
    return json.dumps(
        {"TraceId": trace, "SpanId": span, "ParentSpanId": parent or "", "SpanName": span,
         "SpanAttributes": {}}
    )  # fmt: skip


def test_span_rows_are_grouped_by_trace_across_lines_and_files(tmp_path: Path) -> None:
    first = write(tmp_path / "1.jsonl", row_line("A", "a1", "a0"), row_line("B", "b0", None))
    second = write(tmp_path / "2.json", row_line("C", "c0", None), row_line("A", "a0", None))
    assert jsonl_format(first) == jsonl_format(second) == "otlp"
    found = list(units([first, second]))
    assert [u.name for u in found] == ["B", "C", "A"]
    assert [s["SpanId"] for d in found[2].documents for s in spans_of(d)] == ["a1", "a0"]
    assert all(u.format == "otlp" for u in found)


def test_an_unreadable_otlp_line_is_one_unit_without_documents(tmp_path: Path) -> None:
    path = write(tmp_path / "x.jsonl", otlp_line(("A", "a0", None)), '{"resourceSpans": [')
    found = list(units([path]))
    assert [(u.origin, bool(u.documents)) for u in found] == [
        (f"{path}:2", False),
        (f"{path}:1 (trace A)", True),
    ]


DEEP = "[" * 100_000
"""JSON nested deeper than Python's parser goes: it raises RecursionError, not ValueError."""


def test_a_line_nested_too_deep_is_an_unreadable_line_not_a_crash(tmp_path: Path) -> None:
    path = write(tmp_path / "x.jsonl", otlp_line(("A", "a0", None)), DEEP)
    found = list(units([path]))
    assert [(u.origin, bool(u.documents)) for u in found] == [
        (f"{path}:2", False),
        (f"{path}:1 (trace A)", True),
    ]


def test_a_document_whose_first_line_is_nested_too_deep_is_read_whole(tmp_path: Path) -> None:
    path = write(tmp_path / "x.json", DEEP, "]" * 100_000)
    assert jsonl_format(path) is None


def test_native_and_chat_lines_are_units_kept_as_text(tmp_path: Path) -> None:
    path = write(tmp_path / "runs.jsonl", native("first"), native("second"))
    found = list(units([path]))
    assert [(u.name, u.origin, u.format) for u in found] == [
        ("runs:1", f"{path}:1", "native"),
        ("runs:2", f"{path}:2", "native"),
    ]
    assert json.loads(found[1].text or "")["test_name"] == "second"


@pytest.mark.parametrize(
    "lines",
    [
        [native("first"), native("second")],
        [json.dumps([{"role": "user", "content": "hi"}])] * 2,
        [otlp_line(("A", "a0", None)), otlp_line(("B", "b0", None))],
    ],
)
def test_a_byte_order_mark_opening_json_lines_changes_nothing(
    tmp_path: Path, lines: list[str]
) -> None:
    plain = write(tmp_path / "plain" / "runs.jsonl", *lines)
    marked = write(tmp_path / "marked" / "runs.jsonl", "\ufeff" + lines[0], *lines[1:])
    assert jsonl_format(marked) == jsonl_format(plain)

    def seen(path: Path) -> list[tuple[Any, ...]]:
        return [(u.name, u.format, u.text, u.documents) for u in units([path])]

    assert seen(marked) == seen(plain)
    assert [u.text for u in expand_units(chunks(marked, "native"))] == [
        u.text for u in expand_units(chunks(plain, "native"))
    ]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-32-be"])
def test_json_lines_in_utf16_or_utf32_are_one_unit_for_the_importer_to_name(
    tmp_path: Path, encoding: str
) -> None:
    """Each line of such a file was its own error, 'the line is not valid JSON'; as one
    document, `load_trace` says what the file is (UTF-16 or UTF-32, not UTF-8)."""
    path = tmp_path / "runs.jsonl"
    bom = "" if encoding in ("utf-16", "utf-32") else "\ufeff"  # these two write their own
    path.write_bytes((bom + native("first") + "\n" + native("second") + "\n").encode(encoding))
    assert jsonl_format(path) is None
    assert [(u.format, u.path) for u in units([path])] == [("auto", str(path))]


def test_compressed_json_lines_are_one_unit_for_the_importer_to_name(tmp_path: Path) -> None:
    """Each 'line' of its bytes was its own error ('the line is not UTF-8 text')."""
    import gzip

    path = tmp_path / "runs.jsonl"
    path.write_bytes(gzip.compress((native("first") + "\n" + native("second") + "\n").encode()))
    assert jsonl_format(path) is None
    assert [(u.format, u.path) for u in units([path])] == [("auto", str(path))]


def test_whole_files_are_named_after_their_stem(tmp_path: Path) -> None:
    one = write(tmp_path / "a" / "run.json", "{}")
    two = write(tmp_path / "b" / "run.json", "{}")
    found: list[Any] = list(units([one, two]))
    assert [(u.name, u.format, u.path) for u in found] == [
        ("a/run", "auto", str(one)),
        ("b/run", "auto", str(two)),
    ]


LINE_ENDINGS = [
    pytest.param(b'{"a": 1}\n\n{"b": 2}\n   \n{"c": 3}\n', id="blank lines"),
    pytest.param(b'{"a": 1}\r\n{"b": 2}\r\n', id="CRLF"),
    pytest.param(b'{"a": 1}\r{"b": 2}\r{"c": 3}', id="lone CR, no final break"),
    pytest.param(b'{"a": 1}\n{"b": "\xc3\xa9\xff"}', id="UTF-8 and a bad byte, no final break"),
    pytest.param(b'{"a": "' + b"x" * 300 + b'"}\n{"b": 2}\n', id="a line longer than a chunk"),
    pytest.param(b"", id="empty"),
]


@pytest.mark.parametrize("data", LINE_ENDINGS)
@pytest.mark.parametrize("size", [7, 9, 64, 1 << 19])  # 9: a CRLF across two reads
@pytest.mark.parametrize("ranges", [False, True], ids=["bytes", "byte ranges"])
def test_chunks_give_the_lines_numbers_and_text_of_reading_line_by_line(
    tmp_path: Path, data: bytes, size: int, ranges: bool
) -> None:
    path = tmp_path / "runs.jsonl"
    path.write_bytes(data)
    cut = list(chunks(path, "native", size=size, ranges=ranges))
    assert all((c.data is None) is ranges for c in cut)
    assert [c.start for c in cut] == [0, *(c.end for c in cut)][: len(cut)]  # back to back
    assert b"".join(c.loaded().data or b"" for c in cut) == data  # nothing lost or repeated
    found = [(u.origin, u.text, u.name) for c in cut for u in c.units()]
    expected = [(f"{path}:{n}", line, f"runs:{n}") for n, line in text_lines(path)]
    assert found == expected


def test_a_chunk_is_cut_after_a_line_break(tmp_path: Path) -> None:
    path = write(tmp_path / "runs.jsonl", *(native(f"run-{n}") for n in range(40)))
    cut = list(chunks(path, "native", size=200))
    assert len(cut) > 1
    assert all((c.data or b"").endswith(b"\n") for c in cut)
    assert [c.first_line for c in cut] == [
        1 + sum((c.data or b"").count(b"\n") for c in cut[:i]) for i in range(len(cut))
    ]


def test_work_hands_native_lines_out_as_chunks_that_open_into_the_units(tmp_path: Path) -> None:
    lines = write(tmp_path / "runs.jsonl", native("first"), native("second"))
    whole = write(tmp_path / "one.json", "{}")
    items = list(work([lines, whole]))
    assert [type(i) for i in items] == [Chunk, type(items[1])]
    assert [u.name for u in units([lines, whole])] == ["runs:1", "runs:2", "one"]


def test_an_otlp_line_that_is_no_export_is_an_error_not_skipped(tmp_path: Path) -> None:
    """A line of an OTLP JSON Lines file that holds no export (nor span rows) was dropped
    unsaid: its trace was just missing from the analysis."""
    path = write(
        tmp_path / "otlp.jsonl",
        otlp_line(("A", "a0", None)),
        '{"hello": 1}',
        "[1, 2]",
        '{"resourceSpans": []}',
        otlp_line(("B", "b0", None)),
    )
    found = [(u.origin, u.problem is not None) for u in units([path])]
    assert found == [
        (f"{path}:2", True),
        (f"{path}:3", True),
        (f"{path}:1 (trace A)", False),
        (f"{path}:5 (trace B)", False),
    ]


@pytest.mark.parametrize(
    ("format", "kinds"),
    [
        ("auto", ["native", "native"]),
        ("native", ["native", "native"]),
        ("chat", ["chat", "chat"]),
        ("otlp", ["otlp", "otlp"]),
        ("from_a_plugin", ["auto"]),
    ],
)
def test_an_explicit_format_decides_how_json_lines_are_read(
    tmp_path: Path, format: str, kinds: list[str]
) -> None:
    path = write(tmp_path / "runs.jsonl", native("a"), native("b"))
    assert [u.format for u in units([path], format=format)] == kinds


@pytest.mark.parametrize(
    ("kind", "line"),
    [
        ("native", lambda name: native(name).encode()),
        ("otlp", lambda name: otlp_line((name, "a0", None)).encode()),
    ],
)
def test_a_line_that_is_not_utf8_is_that_lines_error_not_replaced(
    tmp_path: Path, kind: str, line: Callable[[str], bytes]
) -> None:
    """A byte that is not UTF-8 was read as U+FFFD, and the line checked as if the agent had
    written that; a whole file that is not UTF-8 was refused all along."""
    path = tmp_path / "runs.jsonl"
    bad = line("b_").replace(b"b_", b"b\xff")
    path.write_bytes(
        line("a") + b"\n" + bad + b"\n" + line("c_").replace(b"c_", "c\u00e9".encode()) + b"\n"
    )
    found = {u.origin.split(" ")[0]: u.problem for u in units([path])}
    at = bad.index(b"\xff")
    assert found == {
        f"{path}:1": None,
        f"{path}:2": f"the line is not UTF-8 text (byte {at} of the line); save the file as UTF-8",
        f"{path}:3": None,
    }


LIMIT_MB = "0.01"
"""10 KiB: a line longer than that is over the limit."""


@pytest.mark.parametrize(
    ("first", "format"),
    [
        (json.dumps({"schema_version": 1, "steps": [], "final_output": "x" * 30_000}), "native"),
        (otlp_line(("A", "a" * 30_000, None)), "otlp"),
        (json.dumps({"messages": [{"role": "user", "content": "x" * 30_000}]}), "chat"),
    ],
)
@pytest.mark.parametrize("how", ["units", "ranges", "sent"])
def test_a_line_over_the_size_limit_is_its_error_and_never_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first: str, format: str, how: str
) -> None:
    """A JSON Lines file's lines were read whole whatever BLAME_MAX_TRACE_MB said: a first line
    of 100 MB took 400 MB to read and parse."""
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", LIMIT_MB)
    second = native("t") if format != "otlp" else otlp_line(("B", "b0", None))
    path = write(tmp_path / "runs.jsonl", first, second)
    if how == "units" or format == "otlp":
        found = list(units([path]))
    else:
        cut = list(chunks(path, format, size=4096, ranges=how == "ranges"))
        assert all(len(c.data or b"") <= 4 * (10_486 + 2) + 4096 for c in cut)  # never whole
        found = [u for c in cut for u in c.units()]
    problems = [(u.origin, u.problem) for u in found if u.problem is not None]
    assert problems == [(f"{path}:1", LONG)]
    assert len(found) == 2


LONG = (
    "the line is over the 10.2 KiB limit of a trace; split the trace, or raise the limit with "
    "BLAME_MAX_TRACE_MB"
)


def test_the_format_of_json_lines_is_told_from_a_first_line_over_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BLAME_MAX_TRACE_MB", LIMIT_MB)
    path = write(tmp_path / "runs.jsonl", otlp_line(("A", "a" * 30_000, None)), "{}")
    assert jsonl_format(path) == "otlp"
