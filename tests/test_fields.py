"""blame's one validator family: every document's reader says file, field, problem and fix."""

from __future__ import annotations

from typing import Any

import pytest

from blame.configfields import Where
from blame.errors import ConfigError, TraceError
from blame.fields import JSON, Fields, in_file, kind_name, type_name


@pytest.mark.parametrize(
    ("read", "value", "line"),
    [
        (JSON.mapping, [1], "x.y: must be an object, got list"),
        (JSON.items, {}, "x.y: must be a list, got dict"),
        (JSON.string, 3, "x.y: must be a string, got int"),
        (JSON.boolean, "yes", "x.y: must be true or false, got str"),
        (JSON.numeric, True, "x.y: must be a number, got bool"),
        (JSON.numeric, None, "x.y: must be a number, got NoneType"),
        pytest.param(
            JSON.numeric,
            10**400,
            "x.y: must be a finite number, got an integer too large for one",
            id="numeric-integer-past-float",
        ),
        (JSON.integer, 1.5, "x.y: must be an integer, got float"),
        (JSON.integer, False, "x.y: must be an integer, got bool"),
    ],
)
def test_json_readers_name_the_field_and_the_type(read: Any, value: Any, line: str) -> None:
    with pytest.raises(TraceError) as caught:
        read(value, "x.y")
    assert caught.value.format() == line
    assert caught.value.file is None


@pytest.mark.parametrize(
    ("read", "value", "expected"),
    [
        (JSON.string, None, ""),
        (JSON.number, None, None),
        (JSON.number, 2, 2.0),
        (JSON.integer, None, None),
        (JSON.integer, 7, 7),
        (JSON.boolean, False, False),
    ],
)
def test_json_readers_return_typed_values(read: Any, value: Any, expected: Any) -> None:
    assert read(value, "x") == expected
    assert type(read(value, "x")) is type(expected)


@pytest.mark.parametrize("read", [JSON.string, JSON.number, JSON.integer])
def test_a_required_field_that_is_absent_says_so(read: Any) -> None:
    with pytest.raises(TraceError, match=r"^steps\[0\]\.id: is required$"):
        read(None, "steps[0].id", required=True)


def test_a_config_reader_names_the_file_shows_the_value_and_advises() -> None:
    where = Where("blame.yaml")
    with pytest.raises(ConfigError) as caught:
        where.numeric("1e3", "settings.fail_below_reward")
    assert caught.value.format() == (
        "blame.yaml: settings.fail_below_reward: must be a number, got a string '1e3'; "
        "YAML reads 1e3 as text: write 1.0e+3 (or 1000)"
    )
    with pytest.raises(ConfigError, match=r"^blame\.yaml: tests: must be a list, got a mapping$"):
        where.items({}, "tests")


def test_unknown_keys_name_the_nearest_known_one() -> None:
    with pytest.raises(ConfigError) as caught:
        Where("b.yaml").unknown_keys({"setings": 1}, ["settings", "tests"], None)
    assert caught.value.format() == (
        "b.yaml: setings: unknown key 'setings'; did you mean 'settings'? (known: settings, tests)"
    )


def test_a_document_reader_with_its_own_fix() -> None:
    fields = Fields("base.json", error=ConfigError, hint="write a fresh one")
    error = fields.error("tests[0].runs", "must be int, got str")
    assert isinstance(error, ConfigError)
    assert error.format() == "base.json: tests[0].runs: must be int, got str; write a fresh one"
    assert fields.error(None, "odd", "do this").format() == "base.json: odd; do this"


def test_in_file_names_the_file_once() -> None:
    bare = TraceError("bad", field="x")
    assert in_file(bare, "f.json").format() == "f.json: x: bad"
    assert in_file(bare, "f.json", hint="redo it").format() == "f.json: x: bad; redo it"
    assert isinstance(in_file(bare, "f.json", as_type=ConfigError), ConfigError)
    named = TraceError("bad", file="g.json")
    assert in_file(named, "f.json") is named


@pytest.mark.parametrize(
    ("value", "json_says", "config_says"),
    [
        (None, "NoneType", "nothing"),
        ("fast", "str", "a string 'fast'"),
        (3, "int", "an integer 3"),
        (True, "bool", "a boolean"),
        ([1], "list", "a list"),
        ("x" * 50, "str", "a string '" + "x" * 36 + "..."),
    ],
)
def test_how_each_document_shows_a_value(value: Any, json_says: str, config_says: str) -> None:
    assert type_name(value) == json_says
    assert kind_name(value) == config_says
