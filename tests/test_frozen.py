"""blame.frozen: its frozen, slotted dataclasses behave as `dataclasses.dataclass` makes them."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import sys
from collections.abc import Mapping
from typing import Any

import pytest

import blame.frozen
from blame.frozen import dataclass

QUICK = sys.version_info < (3, 13)


def both(namespace: dict[str, Any]) -> tuple[Any, Any]:
    """The same class body made by blame.frozen and by dataclasses (frozen, slots)."""
    made = []
    for decorate in (dataclass, dataclasses.dataclass):
        cls = type("Point", (), dict(namespace, __module__=__name__, __qualname__="Point"))
        made.append(decorate(frozen=True, slots=True)(cls))
    return made[0], made[1]


BODY: dict[str, Any] = {
    "__annotations__": {"x": "int", "y": "float", "tags": "Mapping[str, Any]", "note": "str"},
    "y": 0.0,
    "tags": dataclasses.field(default_factory=dict, compare=False),
    "note": dataclasses.field(default="", repr=False, hash=False),
}
globals()["Mapping"] = Mapping


def test_methods_give_what_the_compiled_ones_give() -> None:
    ours, theirs = both(BODY)
    nan = float("nan")
    for args in [(1,), (1, 2.5), (1, nan), (2, 0.0, {"a": 1}, "n")]:
        a, b = ours(*args), theirs(*args)
        assert repr(a).replace("Point", "P") == repr(b).replace("Point", "P")
        assert hash(a) == hash(b)
        assert (a == ours(*args)) == (b == theirs(*args))
        assert (a != ours(*args)) == (b != theirs(*args))
        assert a == a and b == b  # a NaN field: the tuples compare the same object
    assert ours(1, tags={"a": 1}) == ours(1, tags={"b": 2})  # compare=False
    assert ours(1, note="a") != ours(1, note="b")  # hash=False still compares
    assert hash(ours(1, note="a")) == hash(ours(1, note="b"))
    assert ours(1).__eq__(theirs(1)) is NotImplemented
    assert ours(1) != (1, 0.0)


def test_still_a_frozen_slotted_dataclass() -> None:
    ours, theirs = both(BODY)
    assert dataclasses.is_dataclass(ours)
    assert repr(ours.__dataclass_params__) == repr(theirs.__dataclass_params__)
    assert [f.name for f in dataclasses.fields(ours)] == ["x", "y", "tags", "note"]
    assert ours.__match_args__ == theirs.__match_args__
    assert ours.__slots__ == theirs.__slots__
    point = ours(1, 2.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del point.y  # type: ignore[misc]
    assert dataclasses.replace(point, x=3) == ours(3, 2.0)
    assert dataclasses.asdict(point) == {"x": 1, "y": 2.0, "tags": {}, "note": ""}
    assert copy.deepcopy(point) == point
    assert {point, ours(1, 2.0)} == {point}
    if QUICK:
        assert ours.__repr__.__qualname__ == "Point.__repr__"
        assert ours.__eq__.__module__ == __name__


@dataclass(frozen=True, slots=True)
class Pickled:
    name: str
    size: int = 0


def test_pickled_and_back() -> None:
    value = Pickled("a", 2)
    assert pickle.loads(pickle.dumps(value)) == value
    assert repr(pickle.loads(pickle.dumps(value))) == "Pickled(name='a', size=2)"


def test_a_recursive_repr_stops() -> None:
    ours, theirs = both({"__annotations__": {"items": "list[Any]"}})
    for cls in (ours, theirs):
        point = cls([])
        point.items.append(point)
        assert repr(point) == "Point(items=[...])"


def test_no_fields_and_one_field() -> None:
    empty, empty_theirs = both({})
    assert repr(empty()) == repr(empty_theirs()) == "Point()"
    assert hash(empty()) == hash(empty_theirs()) == hash(())
    assert empty() == empty()
    one, one_theirs = both({"__annotations__": {"x": "Any"}})
    assert hash(one((1, 2))) == hash(one_theirs((1, 2))) == hash(((1, 2),))
    assert one((1, 2)) != one([1, 2])


def test_a_class_writing_its_own_methods_goes_the_usual_way() -> None:
    def __repr__(self: Any) -> str:
        return "mine"

    ours, _ = both({"__annotations__": {"x": "int"}, "__repr__": __repr__})
    assert repr(ours(1)) == "mine"
    assert ours.__eq__.__qualname__.endswith("__eq__")
    with pytest.raises(TypeError):  # dataclasses' own refusal
        dataclass(frozen=True, slots=True)(
            type("Bad", (), {"__annotations__": {"x": "int"}, "__setattr__": __repr__})
        )


def test_other_options_are_dataclasses_own() -> None:
    cls = dataclass(slots=True)(type("Loose", (), {"__annotations__": {"x": "int"}}))
    loose = cls(1)
    loose.x = 2
    assert repr(loose) == "Loose(x=2)"
    ordered = dataclass(frozen=True, slots=True, order=True)(
        type("Ordered", (), {"__annotations__": {"x": "int"}})
    )
    assert ordered(1) < ordered(2)


def test_blame_model_classes_take_the_quick_way() -> None:
    from blame.model import Step
    from blame.results import Suspect

    for cls in (Step, Suspect):
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen and params.eq and params.repr
        if QUICK:
            assert cls.__eq__.__code__ is blame.frozen._eq(None).__code__
