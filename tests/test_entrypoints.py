"""Installed entry points: read from dist-info folders once per process, no METADATA parsing."""

from __future__ import annotations

import importlib.metadata
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from blame.config import load_config
from blame.context import RunContext
from blame.entrypoints import Declared, _parse, _scan, installed, normalize
from blame.runner import run_suite
from tests.conftest import EXAMPLES


def test_matches_what_importlib_metadata_finds() -> None:
    expected = set()
    seen = set()
    for dist in importlib.metadata.distributions():
        name = normalize(dist.metadata["Name"])
        if name in seen:
            continue
        seen.add(name)
        for entry in dist.entry_points:
            if entry.group.startswith("blame."):
                expected.add((entry.group, entry.name, entry.value, name, dist.version))
    found = {(d.group, d.name, d.value, d.distribution, d.version) for d in installed()}
    assert found == expected
    assert ("blame.evaluators", "json_valid") in {(d.group, d.name) for d in installed()}


def test_a_run_never_parses_metadata_and_scans_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue: METADATA was parsed 38 times and looked up 308 times per 200-test replay."""
    target = tmp_path / "simple_agent"
    shutil.copytree(EXAMPLES / "simple_agent", target, ignore=shutil.ignore_patterns(".blame"))
    reads: list[str] = []
    original = importlib.metadata.PathDistribution.read_text

    def counting(self: Any, filename: str) -> str | None:
        reads.append(filename)
        return original(self, filename)

    monkeypatch.setattr(importlib.metadata.PathDistribution, "read_text", counting)
    _scan.cache_clear()
    for _ in range(3):  # three runs in one process
        config = load_config(target / "blame.yaml", context=RunContext())
        suite = run_suite(config)
        assert suite.tests and not suite.passed
    # (networkx reads entry_points.txt through importlib.metadata for its own backends.)
    assert [r for r in reads if r in ("METADATA", "PKG-INFO")] == []
    # Each sys.path entry is listed once (the agent's folder joins sys.path on the first run).
    assert _scan.cache_info().misses == len({entry or "." for entry in sys.path})


def test_the_first_distribution_on_the_path_wins_and_egg_info_versions_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    for folder in (first, second):
        info = folder / "blame_demo-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "entry_points.txt").write_text(f"[blame.evaluators]\ndemo = {folder.name}:x\n")
    egg = second / "blame_egg.egg-info"
    egg.mkdir()
    (egg / "PKG-INFO").write_text("Metadata-Version: 2.1\nName: blame-egg\nVersion: 2.5\n\nbody")
    (egg / "entry_points.txt").write_text("[blame.adapters]\negg = egg_mod:adapter\n")
    (second / "not_a_dir.dist-info").write_text("")
    monkeypatch.setattr(sys, "path", [str(first), str(second), str(tmp_path / "missing")])
    assert installed() == (
        Declared("blame.adapters", "egg", "egg_mod:adapter", "blame-egg", "2.5"),
        Declared("blame.evaluators", "demo", "a:x", "blame-demo", "1.0"),
    )


def test_line_endings_and_undecodable_files_read_as_text_mode_did(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {
        "crlf-1.0": b"[blame.evaluators]\r\ncrlf = m:crlf\r\n",
        "cr-1.0": b"[blame.evaluators]\rcr = m:cr\r",
        "latin-1.0": b"[blame.evaluators]\nlatin = m:caf\xe9\n",
        "none-1.0": b"[console_scripts]\nx = m:main\n",
    }
    for stem, data in files.items():
        (tmp_path / f"{stem}.dist-info").mkdir()
        (tmp_path / f"{stem}.dist-info" / "entry_points.txt").write_bytes(data)
    monkeypatch.setattr(sys, "path", [f"{tmp_path}/"])
    assert installed() == (
        Declared("blame.evaluators", "cr", "m:cr", "cr", "1.0"),
        Declared("blame.evaluators", "crlf", "m:crlf", "crlf", "1.0"),
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "[console_scripts]\nblame = blame.cli:main\n\n[blame.evaluators]\n"
            "contains = blame.evaluators:contains\n# a comment\n; another\n",
            [("blame.evaluators", "contains", "blame.evaluators:contains")],
        ),
        (
            "[blame.importers]\n  otlp=blame.importers.otlp:importer [extra]\n",
            [("blame.importers", "otlp", "blame.importers.otlp:importer [extra]")],
        ),
        ("[blame.adapters]\nnot an entry\n", []),
        ("", []),
    ],
)
def test_parse(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [(d.group, d.name, d.value) for d in _parse(text, "dist", "1")] == expected


@pytest.mark.parametrize(
    ("raw", "normal"),
    [("Blame_JSONSchema", "blame-jsonschema"), ("a.b--c", "a-b-c"), ("x", "x")],
)
def test_normalize(raw: str, normal: str) -> None:
    assert normalize(raw) == normal


def test_declared_load_follows_attributes_and_ignores_extras() -> None:
    entry = Declared("blame.adapters", "p", "blame.adapters:python_adapter [x]", "d", "1")
    from blame.adapters import python_adapter

    assert entry.load() is python_adapter
