"""Importing project code: project files never replace modules blame or its dependencies use."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from blame.errors import ConfigError
from blame.files import real_path
from blame.userimport import (
    ProjectModuleError,
    ShadowError,
    import_project_module,
    module_names,
)

AGENT = """
from blame import TraceRecorder


def run(question):
    rec = TraceRecorder(test_name="run", input=question)
    code = "def add(a, b):\\n    return a + b\\n"
    rec.step("Coder", input=question, output=code)
    return code, rec.finalize(final_output=code)
"""

CONFIG = """
agent: {type: python, entrypoint: agent:run}
tests:
  - name: adds
    input: write add
    checks:
      - {type: unit_tests, tests: "def test_add():\\n    assert add(1, 2) == 3\\n"}
"""


def _blame_test(folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "BLAME_NO_WARN": "1"}
    return subprocess.run(
        [sys.executable, "-m", "blame", "test", "--json"],
        cwd=folder, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("secrets.py", "raise RuntimeError('the project secrets.py was imported')\n"),
        ("secrets.py", "API_KEY = 'sk-test'\n"),
    ],
)
def test_a_project_file_never_replaces_a_module_blame_imports(
    tmp_path: Path, name: str, source: str
) -> None:
    """blame's unit_tests check imports `secrets`; the project's secrets.py must not be it."""
    (tmp_path / "agent.py").write_text(AGENT, encoding="utf-8")
    (tmp_path / "blame.yaml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / name).write_text(source, encoding="utf-8")
    done = _blame_test(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    [check] = json.loads(done.stdout)["tests"][0]["checks"]
    assert (check["passed"], check["message"]) == (True, "1/1 tests passed")
    assert (
        f"blame: warning: {tmp_path.resolve() / name} is not imported: 'secrets' is a "
        "standard-library module; rename the project's file if your code means it"
    ) in done.stderr.splitlines()


def test_user_code_importing_a_shadowed_name_gets_a_clear_message(tmp_path: Path) -> None:
    agent = "from secrets import API_KEY\n" + AGENT
    (tmp_path / "agent.py").write_text(agent, encoding="utf-8")
    (tmp_path / "blame.yaml").write_text(CONFIG, encoding="utf-8")
    (tmp_path / "secrets.py").write_text("API_KEY = 'sk-test'\n", encoding="utf-8")
    done = _blame_test(tmp_path)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert (
        f"blame: warning: {tmp_path.resolve() / 'secrets.py'} is not imported: 'secrets' is a "
        "standard-library module; rename the project's file if your code means it"
    ) in lines
    assert "cannot import name 'API_KEY' from 'secrets'" in lines[-1]


def test_an_entrypoint_module_named_like_a_stdlib_module_is_refused(tmp_path: Path) -> None:
    from blame.adapters import import_entrypoint

    (tmp_path / "colorsys.py").write_text("def run(q):\n    return q\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        import_entrypoint("colorsys:run", tmp_path)
    assert caught.value.format() == (
        f"agent.entrypoint: {tmp_path.resolve() / 'colorsys.py'} has the name of a "
        "standard-library module, which blame or its dependencies may import; rename colorsys "
        "(and the imports of it)"
    )


def test_a_project_module_is_imported_afresh_from_its_own_folder(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    for folder, value in ((first, 1), (second, 2)):
        folder.mkdir()
        (folder / "proj_mod_xyz.py").write_text(f"VALUE = {value}\n", encoding="utf-8")
    try:
        assert import_project_module("proj_mod_xyz", first).VALUE == 1
        assert import_project_module("proj_mod_xyz", second).VALUE == 2
        (second / "proj_mod_xyz.py").write_text("VALUE = 3\n", encoding="utf-8")
        assert import_project_module("proj_mod_xyz", second).VALUE == 2  # cached
        assert import_project_module("proj_mod_xyz", second, fresh=True).VALUE == 3
    finally:
        sys.modules.pop("proj_mod_xyz", None)


def test_shadow_error_is_an_import_error() -> None:
    assert issubclass(ShadowError, ImportError)


@pytest.mark.parametrize(
    ("files", "names"),
    [
        (
            ["a.py", "b.txt", "pkg/__init__.py", "bad-name.py", "c.cpython-311.so"],
            {"a", "pkg", "c"},
        ),
        (["data/x.csv"], {"data"}),
        ([], set()),
        # a loop of links is no module: is_dir() raised OSError, and the agent's import failed
        (["a.py", "loop -> loop", "one -> two", "two -> one"], {"a"}),
        (["pkg/__init__.py", "linked -> pkg"], {"pkg", "linked"}),
    ],
)
def test_module_names(tmp_path: Path, files: list[str], names: set[str]) -> None:
    for file in files:
        path = tmp_path / file
        name, arrow, target = file.partition(" -> ")
        if arrow:
            (tmp_path / name).symlink_to(target)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", encoding="utf-8")
    assert module_names(tmp_path) == names


@pytest.mark.parametrize(
    ("name", "target", "said"),
    [
        ("loop_mod_a.py", "loop_mod_a.py", "is a link that leads back to itself (a loop of links)"),
        ("loop_mod_a.py", "loop_mod_b.py", "is a link that leads back to itself (a loop of links)"),
        ("loop_mod_a.py", "gone.py", "is a link to gone.py, which does not exist"),
        ("loop_mod_a", "loop_mod_a", "is a link that leads back to itself (a loop of links)"),
    ],
)  # fmt: skip
def test_a_module_file_that_is_a_link_to_nowhere_is_named(
    tmp_path: Path, name: str, target: str, said: str
) -> None:
    """Python says "No module named 'loop_mod_a'" of a link loop, and blame passed that on as
    "no loop_mod_a.py in the folder", beside the file."""
    (tmp_path / name).symlink_to(target)
    if target == "loop_mod_b.py":
        (tmp_path / target).symlink_to(name)
    with pytest.raises(ProjectModuleError) as caught:
        import_project_module("loop_mod_a", tmp_path)
    assert str(caught.value) == (
        f"{real_path(tmp_path) / name} {said}; replace it with the module's file"
    )


def test_a_module_that_is_not_there_is_still_python_s_error(tmp_path: Path) -> None:
    with pytest.raises(ModuleNotFoundError) as caught:
        import_project_module("no_such_mod_xyz", tmp_path)
    assert not isinstance(caught.value, ProjectModuleError)
