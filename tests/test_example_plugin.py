"""The example plugin distribution (examples/plugins/blame-wordcount), installed by pip from a
copy of its folder with its own build backend, then run through `blame plugins` and `blame
test`; and CONTRIBUTING.md's worked example is that distribution, word for word."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from blame.testing import chain

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "plugins" / "blame-wordcount"
MODULE = EXAMPLE / "src" / "blame_wordcount" / "__init__.py"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder the example distribution is installed into, as `pip install` does."""
    source = tmp_path_factory.mktemp("src") / "blame-wordcount"
    # a copy, so the build writes its egg-info and build/ folders there, not in the repository
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("*.egg-info", "build"))
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--no-build-isolation", "--no-index", "--target", str(target), str(source)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return target


def _blame(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPATH": str(site)}
    environ.pop("BLAME_DISABLE_PLUGINS", None)
    return subprocess.run(
        [sys.executable, "-m", "blame", *args],
        capture_output=True, text=True, cwd=cwd, env=environ, check=False,
    )  # fmt: skip


def _project(folder: Path, check: str) -> Path:
    run = chain(("Planner", "plan: answer briefly"), ("Writer", "one two three four five six"))
    (folder / "brief.json").write_text(run.to_json(), encoding="utf-8")
    config = folder / "blame.yaml"
    config.write_text(
        "tests:\n  - name: brief\n    trace: brief.json\n    checks:\n"
        + textwrap.indent(check, "      "),
        encoding="utf-8",
    )
    return config


def test_blame_plugins_lists_the_installed_example(site: Path, tmp_path: Path) -> None:
    done = _blame(site, "plugins", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    assert [
        "check",
        "type",
        "max_words",
        "blame-wordcount",
        "0.1.0",
        "blame_wordcount:max_words",
    ] in rows


def test_blame_test_runs_blames_and_patches_with_the_example(site: Path, tmp_path: Path) -> None:
    _project(tmp_path, "- type: max_words\n  max: 5\n")
    done = _blame(site, "test", "--json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr  # six words: the check fails
    [case] = json.loads(done.stdout)["tests"]
    [check] = case["checks"]
    assert (check["name"], check["message"]) == ("max_words:5", "6 words, max 5")
    top = check["blame"][0]
    assert (top["kind"], top["agent"], top["step_index"]) == ("agent", "Writer", 1)
    assert top["reason"] == "step 1 (Writer) wrote the 6-word answer"
    assert case["patches"] == [{"target": "Writer", "text": "- Answer in at most 5 words."}]


def test_a_passing_run_passes(site: Path, tmp_path: Path) -> None:
    _project(tmp_path, "- type: max_words\n  max: 6\n")
    done = _blame(site, "test", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("check", "message"),
    [
        ("- type: max_words\n  max: five\n",
         "max must be a whole number above 0, got 'five'; write e.g. `max: 50`"),
        ("- type: max_words\n  max: 5\n  min: 1\n",
         "unknown parameter 'min'; max_words takes `max`"),
    ],
)  # fmt: skip
def test_bad_parameters_are_one_config_error_line(
    site: Path, tmp_path: Path, check: str, message: str
) -> None:
    _project(tmp_path, check)
    done = _blame(site, "test", cwd=tmp_path)
    assert done.returncode == 2
    [line] = done.stderr.splitlines()
    assert line.startswith("blame: error: ") and "blame.yaml" in line and "checks[0]" in line
    assert line.endswith(message)


CONTRIBUTING = ROOT / "CONTRIBUTING.md"


def _block(language: str, first_line: str) -> str:
    """The fenced block of CONTRIBUTING.md in `language` whose first line is `first_line`."""
    text = CONTRIBUTING.read_text(encoding="utf-8")
    for block in re.findall(rf"```{language}\n(.*?)```", text, re.DOTALL):
        head, _, body = block.partition("\n")
        if head == first_line:
            return body
    raise AssertionError(f"CONTRIBUTING.md has no {language} block starting {first_line!r}")


@pytest.mark.parametrize(
    ("language", "path"),
    [
        ("python", MODULE),
        ("toml", EXAMPLE / "pyproject.toml"),
    ],
    ids=["module", "pyproject"],
)
def test_contributing_shows_the_example_word_for_word(language: str, path: Path) -> None:
    first = f"# {path.relative_to(ROOT).as_posix()}"
    assert _block(language, first) == path.read_text(encoding="utf-8")
