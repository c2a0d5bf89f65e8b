"""blame.frozen: its frozen, slotted dataclasses behave as `dataclasses.dataclass` makes them."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import sys
from collections.abc import Mapping
from functools import partial
from typing import Any

import pytest

import blame.frozen
from blame.frozen import dataclass

QUICK = sys.version_info < (3, 13)


def both(namespace: dict[str, Any]) -> tuple[Any, Any]:
    """The same class body made by blame.frozen and by dataclasses (frozen, slots)."""
    made = []
    for decorate in (dataclass, dataclasses.dataclass):
        body = {"__doc__": "A point.", **namespace, "__module__": __name__, "__qualname__": "Point"}
        cls = type("Point", (), body)
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
    """Pickled and back."""

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


def outcome(call: Any) -> Any:
    """What a call returns, or the type and text of what it raises."""
    try:
        return call()
    except Exception as error:
        return type(error), str(error)


def test_init_setattr_and_delattr_do_what_dataclasses_makes_them_do() -> None:
    import inspect

    ours, theirs = both(BODY)
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs))
    assert ours.__init__.__annotations__ == theirs.__init__.__annotations__
    assert ours.__doc__ == theirs.__doc__ == "A point."
    for cls in (ours, theirs):
        assert outcome(lambda cls=cls: cls()) == (
            TypeError,
            "Point.__init__() missing 1 required positional argument: 'x'",
        )
    a, b = ours(1), theirs(1)
    assert a.tags is not ours(1).tags  # a fresh default each time
    for name in ("x", "tags", "other"):
        assert outcome(partial(setattr, a, name, 2)) == outcome(partial(setattr, b, name, 2))
        assert outcome(partial(delattr, a, name)) == outcome(partial(delattr, b, name))
    if QUICK:
        assert ours.__setattr__.__qualname__ == "Point.__setattr__"


def test_post_init_fields_left_out_of_init_and_a_field_named_self() -> None:
    import inspect

    def __post_init__(self: Any) -> None:
        object.__setattr__(self, "seen", [self.self])
        object.__setattr__(self, "later", 5)

    body = {
        "__annotations__": {"self": "int", "seen": "list[int]", "kept": "int", "later": "int"},
        "seen": dataclasses.field(default_factory=list, init=False),
        "kept": dataclasses.field(default=3, init=False),
        "later": dataclasses.field(init=False, repr=False),
        "__post_init__": __post_init__,
    }
    ours, theirs = both(body)
    assert str(inspect.signature(ours)) == str(inspect.signature(theirs)) == "(self: 'int') -> None"
    assert repr(ours(self=4)) == repr(theirs(self=4)) == "Point(self=4, seen=[4], kept=3)"
    assert ours(4).later == 5
    assert ours(4) == ours(4)
    assert outcome(lambda: hash(ours(4))) == outcome(lambda: hash(theirs(4)))  # a list field


def test_a_subclass_and_a_class_without_docstring_go_the_usual_way() -> None:
    ours, _ = both({"__annotations__": {"x": "int"}})
    child = dataclass(frozen=True, slots=True)(
        type("Child", (ours,), {"__doc__": "A child.", "__annotations__": {"y": "int"}})
    )
    assert repr(child(1, 2)) == "Child(x=1, y=2)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        child(1, 2).y = 3  # type: ignore[attr-defined]
    bare = dataclass(frozen=True, slots=True)(type("Bare", (), {"__annotations__": {"x": "int"}}))
    assert bare.__doc__ == "Bare(x: 'int')"


def _shaped(*parameters: str) -> Any:
    """A stand-in for a function taking these parameters, as `borrowable` reads one."""
    import types

    code = types.SimpleNamespace(co_varnames=(*parameters, "local"), co_argcount=len(parameters))
    return types.SimpleNamespace(__code__=code)


_init_fn = _shaped(*blame.frozen._INIT_FN_PARAMETERS)
"""The shape of dataclasses' private `_init_fn` on Python 3.10 to 3.12."""
_init_fn_313 = _shaped(*blame.frozen._INIT_FN_PARAMETERS[:6], "func_builder", "slots")
"""Its shape on Python 3.13."""


@pytest.mark.parametrize(
    ("helpers", "borrowable"),
    [
        ({"_init_fn": _init_fn, "_dataclass_getstate": len, "_dataclass_setstate": len}, True),
        ({"_init_fn": _init_fn_313, "_dataclass_getstate": len, "_dataclass_setstate": len}, False),
        ({"_init_fn": _init_fn, "_dataclass_setstate": len}, False),
        ({"_init_fn": _init_fn, "_dataclass_getstate": len, "_dataclass_setstate": None}, False),
        ({"_dataclass_getstate": len, "_dataclass_setstate": len}, False),
        ({"_init_fn": len, "_dataclass_getstate": len, "_dataclass_setstate": len}, False),
    ],
)  # fmt: skip
def test_private_helpers_are_borrowed_only_in_the_shape_they_were_checked_in(
    helpers: dict[str, Any], borrowable: bool
) -> None:
    """A patch release may rename or reshape dataclasses' private helpers: blame's classes are
    then dataclasses' own, and importing blame still works."""
    import types

    assert blame.frozen.borrowable(types.SimpleNamespace(**helpers)) is borrowable


def test_this_pythons_dataclasses_is_borrowed_from_where_it_was_checked() -> None:
    assert blame.frozen._FROZEN_BY_HAND is ((3, 11) <= sys.version_info < (3, 13))


def _fresh(code: str) -> list[str]:
    """What `code` prints, run in a new interpreter."""
    import subprocess

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_dataclasses_is_imported_without_inspect_which_comes_when_asked_for() -> None:
    """Imported through blame.frozen, dataclasses brings no inspect (nor ast, dis); a class
    without a docstring, which needs inspect.signature, still gets its docstring, and then
    dataclasses holds the real inspect, the one `import inspect` gives."""
    lines = _fresh(
        "import sys\n"
        "import blame.frozen, dataclasses\n"
        "print(sorted({'inspect', 'ast', 'dis'} & set(sys.modules)))\n"
        "@dataclasses.dataclass\n"
        "class Plain:\n"
        "    a: int\n"
        "import inspect\n"
        "print(repr(Plain.__doc__), dataclasses.inspect is inspect, type(inspect).__name__)\n"
    )
    assert lines == ["[]", "'Plain(a:", "int)'", "True", "module"]


def test_an_inspect_imported_first_is_the_one_dataclasses_gets() -> None:
    lines = _fresh(
        "import inspect, blame.frozen, dataclasses\nprint(dataclasses.inspect is inspect)\n"
    )
    assert lines == ["True"]


def test_inspect_asked_for_while_dataclasses_is_imported_is_the_real_one() -> None:
    """A module dataclasses imports that reads inspect meanwhile (another thread, or a
    patched copy) gets the real one through the stand-in, which then leaves sys.modules."""
    lines = _fresh(
        "import sys\n"
        "from blame.frozen import _Inspect\n"
        "standin = sys.modules['inspect'] = _Inspect('inspect')\n"
        "print(standin.signature.__module__, sys.modules['inspect'] is standin)\n"
    )
    assert lines == ["inspect", "False"]
