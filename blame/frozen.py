"""`dataclass` for blame's frozen, slotted classes, built with half the methods compiled.

Python before 3.13 builds each method of a dataclass by compiling its source text: six for a
frozen one (`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`, `__delattr__`), about
four million instructions a class, which every run pays for the thirty classes it imports.
`__repr__`, `__eq__` and `__hash__` are the same code for every class, only the fields differ:
here they are closures over the field names, made without compiling anything, and they return
exactly what the compiled ones return (the same text, the same comparisons of field tuples, the
same hash values, so sets and dicts order the same). The class is a dataclass in every other
respect, made by `dataclasses.dataclass` itself, and its `__dataclass_params__` say what the
decorator was asked for (repr and eq on).

`@dataclass(frozen=True, slots=True)` with no other option, on a class that writes none of
these methods itself, takes this way; anything else, and Python 3.13 and later (which compile a
class's methods in one go and compare fields one by one), is `dataclasses.dataclass` unchanged.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:

    def dataclass(cls: Any = None, /, **options: Any) -> Any:
        """`dataclasses.dataclass`, quicker to apply for `frozen=True, slots=True`."""
        quick = _QUICK and options == _FROZEN_SLOTTED

        def wrap(cls: Any) -> Any:
            if not quick or _OWN.intersection(cls.__dict__):
                return _make(cls, **options)
            made = _make(cls, **options, repr=False, eq=False)
            _add_methods(made)
            params = made.__dataclass_params__
            params.repr = params.eq = True
            return made

        return wrap if cls is None else wrap(cls)


_make = dataclasses.dataclass
_QUICK = sys.version_info < (3, 13)
_FROZEN_SLOTTED = {"frozen": True, "slots": True}
_OWN = frozenset({"__repr__", "__eq__", "__hash__"})
"""Methods a class may write itself; dataclasses then keeps (or refuses) them, so such a class
goes the usual way."""


def _add_methods(cls: Any) -> None:
    fields = dataclasses.fields(cls)
    shown = tuple(f.name for f in fields if f.repr)
    compared = _getter(tuple(f.name for f in fields if f.compare))
    hashed = _getter(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))
    for method in (_repr(shown), _eq(compared), _hash(hashed)):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        method.__module__ = cls.__module__
        setattr(cls, method.__name__, method)


def _getter(names: tuple[str, ...]) -> Any:
    """A function of an instance returning the tuple of these fields' values."""
    if len(names) >= 2:
        from operator import attrgetter

        return attrgetter(*names)
    if names:
        name = names[0]
        return lambda self: (getattr(self, name),)
    return lambda self: ()


def _repr(names: tuple[str, ...]) -> Any:
    from _thread import get_ident

    running: set[tuple[int, int]] = set()

    def __repr__(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        finally:
            running.discard(key)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _eq(values: Any) -> Any:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Any) -> Any:
    def __hash__(self: Any) -> int:
        return hash(values(self))

    return __hash__
