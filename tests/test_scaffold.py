from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from blame.config import load_config
from blame.configschema import render
from blame.errors import ConfigError
from blame.runner import exit_code, run_suite
from blame.scaffold import SCHEMA_FILE, write_example


def test_example_config_loads_and_passes(tmp_path: Path) -> None:
    written = write_example(tmp_path / "blame.yaml")
    assert written == [tmp_path / "blame.yaml", tmp_path / "agent.py", tmp_path / SCHEMA_FILE]
    first = (tmp_path / "blame.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=./blame.schema.json"
    assert (tmp_path / SCHEMA_FILE).read_text() == render()
    config = load_config(tmp_path / "blame.yaml")
    assert [c.type for c in config.tests[0].checks] == [
        "contains", "not_contains", "tool_called", "max_steps"
    ]  # fmt: skip
    assert int(exit_code(run_suite(config))) == 0


def test_existing_agent_py_is_kept(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text("# mine\n")
    (tmp_path / SCHEMA_FILE).write_text("{}\n")
    assert write_example(tmp_path / "blame.yaml") == [tmp_path / "blame.yaml"]
    assert (tmp_path / "agent.py").read_text() == "# mine\n"


@pytest.mark.parametrize(
    ("name", "make", "problem"),
    [
        ("agent.py", os.mkdir, "is a folder"),
        ("agent.py", os.mkfifo, "is a pipe or a device"),
        (SCHEMA_FILE, os.mkfifo, "is a pipe or a device"),
        (
            "agent.py",
            lambda path: os.symlink(path, path),
            "cannot use it: Too many levels of symbolic links",
        ),
    ],
)
def test_a_beside_file_that_is_no_file_is_named_before_anything_is_written(
    tmp_path: Path, name: str, make: Any, problem: str
) -> None:
    """A folder or pipe named agent.py was kept silently, and `blame test` then said there was
    'no agent.py'; a loop of links failed after blame.yaml was written."""
    make(tmp_path / name)
    with pytest.raises(ConfigError) as caught:
        write_example(tmp_path / "blame.yaml")
    assert caught.value.format() == (
        f"{tmp_path / name}: {problem}, not a file; `blame init` writes its example there; "
        "remove it, or pass --config a path in another folder"
    )
    assert os.listdir(tmp_path) == [name]


@pytest.mark.parametrize("name", ["agent.py", SCHEMA_FILE, "blame.yaml"])
def test_a_link_to_a_missing_file_is_refused_before_anything_is_written(
    tmp_path: Path, name: str
) -> None:
    """A dangling agent.py link was written through: init created the file where the link
    pointed (outside the project), and a config written through a link looked for agent.py
    beside the link's target."""
    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    os.symlink(elsewhere / "gone", project / name)
    with pytest.raises(ConfigError) as caught:
        write_example(project / "blame.yaml")
    assert caught.value.format() == (
        f"{project / name}: is a symbolic link to a missing file ({elsewhere / 'gone'}); "
        "`blame init` does not write through it; "
        "remove the link, or pass --config a path in another folder"
    )
    assert (os.listdir(project), os.listdir(elsewhere)) == ([name], [])


def test_a_name_too_long_is_one_clear_error(tmp_path: Path) -> None:
    """`blame init -c <300 characters>` ended in 'internal error: OSError: File name too long'."""
    config = tmp_path / ("b" * 300 + ".yaml")
    with pytest.raises(ConfigError) as caught:
        write_example(config)
    assert caught.value.format() == (
        f"{config}: cannot write: File name too long; pass --config with a shorter path"
    )
    assert os.listdir(tmp_path) == []


def test_refuses_to_overwrite(tmp_path: Path) -> None:
    (tmp_path / "blame.yaml").write_text("keep")
    with pytest.raises(ConfigError) as caught:
        write_example(tmp_path / "blame.yaml")
    assert str(caught.value).endswith(
        "blame.yaml: already exists; not overwriting it; pass --config NEW_PATH or remove the file"
    )
    assert (tmp_path / "blame.yaml").read_text() == "keep"
    assert sorted(os.listdir(tmp_path)) == ["blame.yaml"]
