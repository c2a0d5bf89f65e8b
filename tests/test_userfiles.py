from __future__ import annotations

from pathlib import Path

import pytest

from blame.config import load_config
from blame.files import safe_filename
from blame.userfiles import files_read, files_read_by

CONFIG = """\
agent: {type: python, entrypoint: agent:run}
agents:
  Writer: {prompt_file: prompts/writer.md}
  Critic: prompts/critic.md
  Silent:
tests:
  - {name: live, input: x, checks: [{type: contains, value: x}]}
  - {name: 7, input: x, checks: [{type: contains, value: x}]}
  - {name: stored, trace: traces/run.json, checks: [{type: contains, value: x}]}
settings: {fixtures_dir: recorded}
"""


def _expected(folder: Path) -> list[tuple[Path, str]]:
    return [
        (folder / "blame.yaml", "the config file"),
        (folder / "prompts" / "critic.md", "the prompt file of agent 'Critic'"),
        (folder / "prompts" / "writer.md", "the prompt file of agent 'Writer'"),
        (folder / "recorded" / safe_filename("live", ".json"), "the replay fixture of test 'live'"),
        (folder / "recorded" / safe_filename("7", ".json"), "the replay fixture of test '7'"),
        (folder / "traces" / "run.json", "the stored trace of test 'stored'"),
    ]


def test_a_loaded_config_and_its_file_name_the_same_files(tmp_path: Path) -> None:
    (tmp_path / "blame.yaml").write_text(CONFIG, encoding="utf-8")
    folder = tmp_path.resolve()
    loaded = files_read(load_config(tmp_path / "blame.yaml"), baseline=tmp_path / "b.json")
    assert loaded == [*_expected(folder), (folder / "b.json", "the baseline")]
    assert sorted(files_read_by(tmp_path / "blame.yaml")) == sorted(_expected(folder))


def test_links_are_followed_to_the_file_they_name(tmp_path: Path) -> None:
    """A prompt file reached through a linked folder is the file the link names: an output
    written through another path to it would replace it all the same."""
    (tmp_path / "real").mkdir()
    (tmp_path / "prompts").symlink_to(tmp_path / "real")
    (tmp_path / "blame.yaml").write_text(CONFIG, encoding="utf-8")
    listed = dict(files_read_by(tmp_path / "blame.yaml"))
    assert listed[tmp_path.resolve() / "real" / "writer.md"] == "the prompt file of agent 'Writer'"


@pytest.mark.parametrize(
    ("text", "listed"),
    [
        ("agents: [a, b]\ntests: {name: t}\n", ["the config file"]),
        ("agents: {A: {prompt_file: 3}}\ntests: [1, {name: true}, {trace: x.json}]\n",
         ["the config file"]),
        ("agents: {A: {prompt_file: ''}}\ntests: [{name: t, trace: \"a\\0b\"}]\n",
         ["the config file", "the replay fixture of test 't'"]),
    ],
)  # fmt: skip
def test_what_the_light_read_cannot_name_is_left_out(
    tmp_path: Path, text: str, listed: list[str]
) -> None:
    """`blame report` renders results whatever the tests say: a test or an agent it cannot
    read names no file, and is no error here."""
    (tmp_path / "blame.yaml").write_text(text, encoding="utf-8")
    assert [what for _, what in files_read_by(tmp_path / "blame.yaml")] == listed


def test_without_a_config_only_its_name_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert files_read_by(None) == [(Path("blame.yaml"), "the config file")]
