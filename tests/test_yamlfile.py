"""Reading YAML in one pass: the same values and the same errors as the unique-key loader."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
import yaml

from blame import yamlfile
from blame.errors import ConfigError
from blame.yamlfile import read_yaml

TEXTS = {
    "scalars": 'a: [1, "x", yes, null, 1.5, 0x10, ~, 2020-01-02, .inf]\nb: !!str 5\n',
    "empty": "",
    "a list": "- 1\n- [2, {c: d}]\n",
    "anchors": "x:\n  - &l [1, 2]\n  - *l\nn: &q 1\nm: *q\n",
    "quoted": "t: 'quoted yes'\nu: \"2\"\nv: |\n  block\n  text\n",
    "binary": "a: !!binary aGVsbG8=\n",
    "merge key": "<<: {a: 1}\nb: 2\n",
    "a set": "!!set {a, b}\n",
    "a key given twice": "a: 1\na: 2\n",
    "keys equal as values": "1: a\ntrue: b\n",
    "a list as key": "? [1]\n: 2\n",
    "two documents": "--- 1\n--- 2\n",
    "a python tag": "a: !!python/object:os.system x\n",
    "a bad date": "a: 2020-13-45\n",
    "syntax": "a: [1, 2\n",
}


def _loaded(text: str) -> tuple[str, object]:
    try:
        return "value", yaml.load(text, Loader=yamlfile._unique_key_loader())
    except (yaml.YAMLError, ValueError) as error:  # ValueError: a date that is none
        return "error", type(error).__name__


@pytest.mark.parametrize("name", TEXTS)
def test_values_and_errors_are_the_loaders(tmp_path: Path, name: str) -> None:
    path = tmp_path / "blame.yaml"
    path.write_text(TEXTS[name], encoding="utf-8")
    kind, expected = _loaded(TEXTS[name])
    if kind == "value":
        value = read_yaml(path)
        assert value == expected
        assert type(value) is type(expected)
    else:
        with pytest.raises(ConfigError):
            read_yaml(path)


def test_an_alias_is_the_same_object_as_its_anchor(tmp_path: Path) -> None:
    path = tmp_path / "blame.yaml"
    path.write_text(TEXTS["anchors"], encoding="utf-8")
    value = read_yaml(path)
    assert value["x"][0] is value["x"][1]


@pytest.mark.parametrize(
    ("text", "one_pass"),
    [("a: [1, b]\n", True), ("<<: {a: 1}\nb: 2\n", False), ("a: 1\na: 2\n", False)],
)
def test_only_what_it_cannot_build_takes_the_loader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, one_pass: bool
) -> None:
    loads: list[str] = []
    real = yaml.load

    def counted(stream: str, Loader: object) -> object:
        loads.append(stream)
        return real(stream, Loader=Loader)  # type: ignore[arg-type]

    monkeypatch.setattr(yaml, "load", counted)
    path = tmp_path / "blame.yaml"
    path.write_text(text, encoding="utf-8")
    with contextlib.suppress(ConfigError):
        read_yaml(path)
    assert loads == ([] if one_pass else [text])


def test_a_file_that_is_not_utf8_says_how_to_fix_it(tmp_path: Path) -> None:
    path = tmp_path / "blame.yaml"
    path.write_bytes(b"tests:\n\xff\n")
    with pytest.raises(ConfigError) as raised:
        read_yaml(path)
    assert raised.value.format().endswith(
        "cannot read: 'utf-8' codec can't decode byte 0xff in position 7: invalid start byte; "
        "save it as UTF-8 text"
    )
