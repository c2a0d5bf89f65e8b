"""Reading YAML in one pass: the same values and the same errors as the unique-key loader,
with libyaml's parser and with PyYAML's own (PyYAML built without libyaml)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
import yaml

from blame import yamlfile
from blame.errors import ConfigError
from blame.yamlfile import read_yaml
from tests.test_config import ALIAS_BOMB

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
    "a collection tag on a scalar": "a: !!seq x\n",
    "a mapping tag on a scalar": "a: !!map x\n",
    "an alias as a key": "a: &k x\n*k : 2\n",
    "a value repeated": "a: [1, 1, x, x, 'x', \"1\"]\nb: {c: 1, d: 1}\n",
    "one text plain, quoted and tagged": (
        "a: [1, '1', !!str 1, 1, !!int '1', ! 1, true, 'true', true, &t true, *t, '', ~, '~']\n"
    ),
    "syntax": "a: [1, 2\n",
}


PARSERS = {"libyaml": True, "pure Python": False}
"""`c_parser` of `yamlfile._load`: libyaml's parser, or PyYAML's own."""
LIMITS = {
    "100-deep-mapping": (
        "tests: []\nx: " + "{a: " * 100 + "1" + "}" * 100,
        "nested more than 64 levels deep (line 2)",
    ),
    "64-deep-list": ("[" * 64 + "]" * 64, None),
    "65-deep-list": ("[" * 65 + "]" * 65, "nested more than 64 levels deep (line 1)"),
    "alias bomb": (
        "a: 1\nb: " + ALIAS_BOMB,
        "holds more than 100,000 values or 10,000,000 characters once its aliases are "
        "expanded (at line 2)",
    ),
    "100,001 values": (
        "- [" + "x, " * 100_000 + "]",
        "holds more than 100,000 values or 10,000,000 characters once its aliases are "
        "expanded (at line 1)",
    ),
    "10,000,001 characters": (
        "- " + "x" * 10_000_001,
        "holds more than 100,000 values or 10,000,000 characters once its aliases are "
        "expanded (at line 1)",
    ),
    "an anchored list's size counts where it is aliased": (
        "a: &a [" + "x, " * 40_000 + "]\nb: *a\nc: [*a]\n",
        "holds more than 100,000 values or 10,000,000 characters once its aliases are "
        "expanded (at line 3)",
    ),
    # Python reads these itself (no 4300-digit limit on hexadecimal, binary or base 60), but
    # cannot print them, and every message, report or `str()` of the value would raise
    "a hexadecimal integer of over 4300 digits": (
        "a: 0x" + "f" * 5000 + "\n",
        "cannot read a value: an integer of more than 4300 digits",
    ),
    "a binary integer of over 4300 digits": (
        "a: 0b" + "1" * 20_000 + "\n",
        "cannot read a value: an integer of more than 4300 digits",
    ),
    "a base-60 integer of over 4300 digits": (
        "a: 1:" + "59:" * 3000 + "1\n",
        "cannot read a value: an integer of more than 4300 digits",
    ),
    "one under a merge key": (
        "<<: {b: 1}\na: 0x" + "f" * 5000 + "\n",
        "cannot read a value: an integer of more than 4300 digits",
    ),
    "a hexadecimal integer of 4200 digits": ("a: 0x" + "f" * 3400 + "\n", None),
}
"""Texts over (or at) a limit, and the message each gives (None: it loads)."""


def _loaded(text: str, c_parser: bool) -> tuple[str, object]:
    try:
        return "value", yaml.load(text, Loader=yamlfile._unique_key_loader(c_parser))
    except (yaml.YAMLError, ValueError) as error:  # ValueError: a date that is none
        return "error", type(error).__name__


@pytest.mark.parametrize("c_parser", PARSERS.values(), ids=PARSERS)
@pytest.mark.parametrize("name", TEXTS)
def test_values_and_errors_are_the_loaders(tmp_path: Path, name: str, c_parser: bool) -> None:
    path = tmp_path / "blame.yaml"
    kind, expected = _loaded(TEXTS[name], c_parser)
    if kind == "value":
        value = yamlfile._load(TEXTS[name], path, c_parser=c_parser)
        assert value == expected
        assert type(value) is type(expected)
    else:
        with pytest.raises(ConfigError):
            yamlfile._load(TEXTS[name], path, c_parser=c_parser)


@pytest.mark.parametrize("c_parser", PARSERS.values(), ids=PARSERS)
@pytest.mark.parametrize("name", LIMITS)
def test_both_parsers_stop_at_the_limits_with_one_message(
    tmp_path: Path, name: str, c_parser: bool
) -> None:
    text, message = LIMITS[name]
    path = tmp_path / "blame.yaml"
    if message is None:
        assert yamlfile._load(text, path, c_parser=c_parser) is not None
        return
    with pytest.raises(ConfigError) as raised:
        yamlfile._load(text, path, c_parser=c_parser)
    assert raised.value.message == message


@pytest.mark.parametrize("c_parser", PARSERS.values(), ids=PARSERS)
def test_a_config_reads_the_same_with_either_parser(c_parser: bool) -> None:
    example = Path(__file__).resolve().parent.parent / "examples" / "simple_agent" / "blame.yaml"
    text = example.read_text(encoding="utf-8")
    assert yamlfile._load(text, example, c_parser=c_parser) == yaml.safe_load(text)


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


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null", "/dev/urandom"])
def test_a_device_is_named_as_one_unread(device: str) -> None:
    """/dev/zero was read as 10 MiB of NULs ('is larger than 10 MiB'), /dev/null as an empty
    config; a terminal would wait for someone to type."""
    with pytest.raises(ConfigError) as raised:
        read_yaml(Path(device))
    assert (
        raised.value.format() == f"{device}: is a device, not a file; pass the path of blame.yaml"
    )


def test_the_listed_class_is_pyyamls_non_printable_class() -> None:
    """Every code point: the short class blame gives `re` under PyYAML's text matches exactly
    the characters PyYAML's own does. (With re.UNICODE, the default for text, `re` compiles
    PyYAML's text anew rather than handing back the short class it may already hold.)"""
    import re
    import sys

    every = "".join(map(chr, range(sys.maxunicode + 1)))
    theirs = re.compile(yamlfile.YAML_PRINTABLE, re.UNICODE)
    ours = re.compile(yamlfile.NOT_PRINTABLE)
    assert ours.findall(every) == theirs.findall(every)
    assert len(ours.findall(every)) == 2048 + 63  # the surrogates, 63 controls and others


def _fresh(code: str) -> list[str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def test_the_installed_pyyaml_compiles_the_class_blame_gives_re() -> None:
    """Its text is the one blame keys the short class by (else PyYAML compiles its own, as
    slowly as ever, and this says the key is out of date)."""
    lines = _fresh(
        "import yaml\nfrom blame import yamlfile\n"
        "print(yaml.reader.Reader.NON_PRINTABLE.pattern == yamlfile.YAML_PRINTABLE)\n"
    )
    assert lines == ["True"]


def test_pyyaml_imported_by_blame_refuses_what_it_refused() -> None:
    """Imported by blame, PyYAML's reader holds the short class, and its pure-Python reader
    refuses a control character with the same error as ever."""
    lines = _fresh(
        "from blame import yamlfile\nyaml = yamlfile.import_yaml()\n"
        "print(yaml.reader.Reader.NON_PRINTABLE.pattern == yamlfile.NOT_PRINTABLE)\n"
        "for text in ('a: b\\x07', 'a: \\u00e9\\U0001f600', 'a: \\ufffe'):\n"
        "    try:\n"
        "        print(yaml.load(text, Loader=yaml.SafeLoader))\n"
        "    except yaml.YAMLError as error:\n"
        "        print(str(error).splitlines()[0])\n"
    )
    assert lines == [
        "True",
        "unacceptable character #x0007: special characters are not allowed",
        "{'a': 'é😀'}",
        "unacceptable character #xfffe: special characters are not allowed",
    ]
