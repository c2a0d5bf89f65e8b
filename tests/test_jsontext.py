"""blame.jsontext writes exactly what json.dumps writes with an indent."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blame.jsontext import Keyed, dumps

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=30,
)


@pytest.mark.parametrize(
    "value",
    [
        {},
        [],
        {"a": {}, "b": [], "c": [[]], "d": [{}]},
        {"schema_version": 2, "passed": False, "tests": [{"name": "t", "reward": 0.6}]},
        {"ü": "naïve — “quoted” \n\t\u0000\u202e", "n": None, "t": True, "f": False},
        [1, -2, 0.1, 1e-05, 1e300, -0.0, 10**30],
        (1, ("a", "b")),
        {"z": 1, "a": 2, "m": {"y": 1, "b": 2}},
        {2: "number keys", 1: "become strings"},
        {None: "so does None"},
        {"nan": float("nan"), "inf": float("inf")},
        {"deep": [[[[[["x"]]]]]]},
        # keys quoted once per document are reused: same keys, other order, other level
        [{"a": 1, "b": 2}, {"a": 3, "b": 4}, {"b": 5, "a": 6}, {"a": {"a": 1, "b": [2]}}],
    ],
)
@pytest.mark.parametrize("indent", [1, 2, 4])
@pytest.mark.parametrize("sort_keys", [False, True])
@pytest.mark.parametrize("ensure_ascii", [False, True])
def test_writes_what_json_dumps_writes(
    value: Any, indent: int, sort_keys: bool, ensure_ascii: bool
) -> None:
    expected = json.dumps(value, indent=indent, sort_keys=sort_keys, ensure_ascii=ensure_ascii)
    assert dumps(value, indent=indent, sort_keys=sort_keys, ensure_ascii=ensure_ascii) == expected


@given(DOCUMENTS, st.booleans(), st.booleans())
def test_any_document_is_written_as_json_dumps_writes_it(
    value: Any, sort_keys: bool, ensure_ascii: bool
) -> None:
    expected = json.dumps(value, indent=2, sort_keys=sort_keys, ensure_ascii=ensure_ascii)
    assert dumps(value, indent=2, sort_keys=sort_keys, ensure_ascii=ensure_ascii) == expected


def test_what_json_refuses_is_refused_the_same_way() -> None:
    with pytest.raises(TypeError, match="not JSON serializable"):
        dumps({"a": {1, 2}}, indent=2)


def _keyed(key: Any, value: Any) -> Keyed:
    return Keyed(key, lambda: value)


@pytest.mark.parametrize(
    ("document", "plain"),
    [
        # the same key at two levels: each level indented as its own
        (
            [_keyed("k", {"a": [1, {}]}), {"in": _keyed("k", {"a": [1, {}]})}],
            [{"a": [1, {}]}, {"in": {"a": [1, {}]}}],
        ),
        # repeated sub-objects and scalars, beside values of other keys
        (
            {"x": [_keyed(1, "ü"), _keyed(1, "ü"), _keyed(2, None), _keyed(1, "ü")]},
            {"x": ["ü", "ü", None, "ü"]},
        ),
        # a Keyed inside a Keyed; empty containers
        ([_keyed("o", [_keyed("i", []), _keyed("i", [])]), _keyed("e", {})], [[[], []], {}]),
        # what this writer leaves to json.dumps: a Keyed is still its value there
        ([_keyed("n", float("nan")), _keyed("n", float("nan"))], [float("nan")] * 2),
        ({1: _keyed("k", [-0.0, 1e300])}, {1: [-0.0, 1e300]}),
    ],
)
@pytest.mark.parametrize("sort_keys", [False, True])
@pytest.mark.parametrize("ensure_ascii", [False, True])
def test_a_keyed_value_is_written_as_its_value(
    document: Any, plain: Any, sort_keys: bool, ensure_ascii: bool
) -> None:
    expected = json.dumps(plain, indent=2, sort_keys=sort_keys, ensure_ascii=ensure_ascii)
    assert dumps(document, indent=2, sort_keys=sort_keys, ensure_ascii=ensure_ascii) == expected


def test_a_keyed_value_is_made_once_per_key_and_level() -> None:
    made: list[int] = []

    def make() -> dict[str, int]:
        made.append(1)
        return {"a": 1}

    dumps([Keyed("k", make), Keyed("k", make), [Keyed("k", make)]], indent=2)
    assert len(made) == 2  # once at the list's level, once a level deeper
