from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from blame.errors import ConfigError
from blame.files import atomic_write_text, safe_filename


def test_atomic_write_creates_folders_and_replaces(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "out.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert os.listdir(target.parent) == ["out.json"]


def test_atomic_write_keeps_old_file_when_replace_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old")

    def broken(src: str, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(ConfigError, match=r"out\.txt: cannot write: disk full"):
        atomic_write_text(target, "new")
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["out.txt"]


def test_atomic_write_escapes_lone_surrogates_so_json_round_trips(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    atomic_write_text(target, json.dumps({"output": "bad \ud800 text"}, ensure_ascii=False))
    assert target.read_bytes() == b'{"output": "bad \\ud800 text"}'
    assert json.loads(target.read_text(encoding="utf-8")) == {"output": "bad \ud800 text"}


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        (("a-file", "out.json"), "cannot write: {tmp}/a-file is a file, not a folder"),
        (("a-file", "deeper", "out.json"), "cannot write: {tmp}/a-file is a file, not a folder"),
        (("a-folder",), "cannot write: Is a directory"),
    ],
)
def test_atomic_write_to_an_impossible_place_is_one_clear_error(
    tmp_path: Path, parts: tuple[str, ...], message: str
) -> None:
    (tmp_path / "a-file").write_text("x")
    (tmp_path / "a-folder").mkdir()
    target = tmp_path.joinpath(*parts)
    with pytest.raises(ConfigError) as caught:
        atomic_write_text(target, "new")
    assert str(caught.value).startswith(f"{target}: {message.format(tmp=tmp_path)}")
    assert sorted(os.listdir(tmp_path)) == ["a-file", "a-folder"]
    assert os.listdir(tmp_path / "a-folder") == []


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("../../x", "x"),
        ("/etc/passwd", "etc_passwd"),
        ("..", "test"),
        ("", "test"),
        ("hello world", "hello_world"),
        (".hidden", "hidden"),
        ("a\\b", "a_b"),
        ("ünïcode", "n_code"),
    ],
)
def test_safe_filename_stays_in_folder(name: str, slug: str, tmp_path: Path) -> None:
    result = safe_filename(name, ".json")
    assert result.startswith(slug + "-")
    assert result.endswith(".json")
    assert "/" not in result and "\\" not in result and not result.startswith(".")
    assert (tmp_path / result).resolve().parent == tmp_path.resolve()


@pytest.mark.parametrize(("a", "b"), [("a b", "a_b"), ("x/y", "x?y"), ("A", "a"), ("t", "t ")])
def test_safe_filename_distinct_names_do_not_collide(a: str, b: str) -> None:
    assert safe_filename(a) != safe_filename(b)


def test_safe_filename_is_stable_and_bounded() -> None:
    long = "n" * 500
    assert safe_filename(long) == safe_filename(long)
    assert len(safe_filename(long, ".json")) < 100
