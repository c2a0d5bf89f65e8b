"""What the import of a stored trace skipped, said by `blame test`, `record`, `improve` (with
`--replay` or `--verify`) and the pytest plugin too."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from blame.importnotes import MAX_LINES, say
from tests.hostile.cases_traces import otlp

SKIPPED = "blame: warning: run.jsonl: line 2: invalid JSON, skipped"
LIVE = (
    "agent: {type: python, entrypoint: 'pipeline:fine'}\n"
    "tests:\n"
    "  - {name: live, input: q, checks: [{type: contains, value: Paris}]}\n"
)
"""A test that runs the agent: the suite's tests then run in the supervised worker."""
STORED = "  - {name: stored, trace: run.jsonl, checks: [{type: contains, value: Paris}]}\n"


def _project(folder: Path, *, live: bool, whole: bool = False) -> Path:
    folder.mkdir()
    (folder / "run.jsonl").write_text(otlp() + ("\n" if whole else "\n{broken\n"))
    (folder / "pipeline.py").write_text(
        "from blame import TraceRecorder\n\n\ndef fine(question):\n"
        "    rec = TraceRecorder(test_name='t', input=question)\n"
        "    rec.step('Writer', input=question, output='Paris')\n"
        "    return 'Paris', rec.finalize(final_output='Paris')\n"
    )
    (folder / "blame.yaml").write_text((LIVE if live else "tests:\n") + STORED)
    return folder


def _blame(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return _python(folder, "-m", "blame", *args)


def _python(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "CI")}
    return subprocess.run(
        [sys.executable, *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        env=env | {"COLUMNS": "100", "NO_COLOR": "1"},
    )


@pytest.mark.parametrize(
    ("live", "args"),
    [
        (False, ("test",)),  # blame's own checks of a stored trace: run in this process
        (True, ("test",)),  # with the agent's test: in the supervised worker
        (True, ("test", "--workers", "2")),  # in a pool of workers
        (False, ("test", "--json")),
        (True, ("test", "--json")),
    ],
)
def test_a_test_of_a_trace_read_in_part_says_what_was_skipped(
    tmp_path: Path, live: bool, args: tuple[str, ...]
) -> None:
    done = _blame(_project(tmp_path / "part", live=live), *args)
    assert done.returncode == 0, done.stderr  # a warning is no failure
    assert done.stderr.count(SKIPPED) == 1, done.stderr
    assert "blame: warning" not in done.stdout  # --json: stdout holds the results only
    whole = _blame(_project(tmp_path / "whole", live=live, whole=True), *args)
    assert "invalid JSON" not in whole.stderr
    results = ".blame/results/latest.json"
    assert (tmp_path / "part" / results).read_bytes() == (tmp_path / "whole" / results).read_bytes()
    if "--json" in args:  # the results on stdout are those of the whole file, byte for byte
        assert done.stdout == whole.stdout


def test_record_of_a_trace_read_in_part_says_what_was_skipped(tmp_path: Path) -> None:
    done = _blame(_project(tmp_path / "part", live=True), "record")
    assert done.returncode == 0, done.stderr
    assert done.stderr.count(SKIPPED) == 1, done.stderr


def test_notes_are_said_once_each_and_capped() -> None:
    out = io.StringIO()
    notes = [f"run.jsonl: line {n}: invalid JSON, skipped" for n in range(MAX_LINES + 5)]
    say([notes[0], *notes], out)  # two tests of one file say its first note twice
    lines = out.getvalue().splitlines()
    assert lines[0] == "blame: warning: run.jsonl: line 0: invalid JSON, skipped"
    assert len(lines) == MAX_LINES + 1 and lines[-1] == "blame: 5 more warnings not shown"


def test_a_note_is_shown_printable() -> None:
    out = io.StringIO()
    say(["run.jsonl: span \x1b[31mred: duplicate id, dropped"], out)
    assert "\x1b" not in out.getvalue()


PROMPTED = "agents: {Writer: {prompt_file: writer.md}}\n"
"""A prompt file to patch: `improve --verify` verifies patches of declared prompt files."""


@pytest.mark.parametrize(
    "args",
    [
        ("improve", "--replay", "--suggest"),  # replays the suite
        ("improve", "--verify"),  # runs the suite in a copy of the project, before any patch
    ],
)
def test_improve_of_a_trace_read_in_part_says_what_was_skipped(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    said = {}
    for name, whole in (("part", False), ("whole", True)):
        folder = _project(tmp_path / name, live=False, whole=whole)
        (folder / "writer.md").write_text("Answer.\n")
        (folder / "blame.yaml").write_text(PROMPTED + (folder / "blame.yaml").read_text())
        assert _blame(folder, "test").returncode == 0  # the last run, which --verify reads
        said[name] = _blame(folder, *args)
    done, whole = said["part"], said["whole"]
    assert done.stderr.count(SKIPPED) == 1, done.stderr
    assert "invalid JSON" not in whole.stderr
    assert (done.returncode, done.stdout) == (whole.returncode, whole.stdout)


@pytest.mark.parametrize("strict", [(), ("-W", "error")])
def test_the_pytest_plugin_says_what_was_skipped_in_its_summary(
    tmp_path: Path, strict: tuple[str, ...]
) -> None:
    folder = _project(tmp_path / "part", live=False)
    args = ("-m", "pytest", "--blame-config", "blame.yaml", "-p", "no:cacheprovider", *strict)
    done = _python(folder, *args)
    assert done.returncode == 0, done.stdout  # a warning is no failure, under -W error too
    assert "1 passed" in done.stdout and "warnings summary" not in done.stdout
    summary = done.stdout.split("blame: stored trace warnings")[1]
    assert summary.count(SKIPPED) == 1, done.stdout
    whole = _python(_project(tmp_path / "whole", live=False, whole=True), *args)
    assert "invalid JSON" not in whole.stdout
