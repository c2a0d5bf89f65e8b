"""`dataclass` for blame's frozen, slotted classes, built with one method compiled, not six.

Python before 3.13 builds each method of a dataclass by compiling its source text: six for a
frozen one (`__init__`, `__repr__`, `__eq__`, `__hash__`, `__setattr__`, `__delattr__`), about
four million instructions a class, which every run pays for the thirty classes it imports.
All but `__init__` are the same code for every class, only the field names differ: here they
are closures over the field names, made without compiling anything, and they return and raise
exactly what the compiled ones do (the same text, the same comparisons of field tuples, the
same hash values, so sets and dicts order the same, the same errors). `__init__` is
dataclasses' own frozen one. The class is a dataclass in every other respect, made by
`dataclasses.dataclass` itself, and its `__dataclass_params__` say what the decorator was
asked for.

`@dataclass(frozen=True, slots=True)` with no other option, on a class that writes none of
these methods itself, takes this way: all five on Python 3.11 and 3.12, for a class with a
docstring, plain fields and no dataclass base; else the first three only. Anything else, and
Python 3.13 and later (which compile a class's methods in one go and compare fields one by
one), is `dataclasses.dataclass` unchanged.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any


class _Inspect(types.ModuleType):
    """A stand-in for `inspect` that imports it the first time anything of it is asked for,
    then puts it in its place (in `dataclasses`)."""

    def __getattr__(self, name: str) -> Any:
        if sys.modules.get("inspect") is self:  # asked for during dataclasses' import
            del sys.modules["inspect"]
        import inspect

        holder = sys.modules.get("dataclasses")
        if holder is not None and vars(holder).get("inspect") is self:
            vars(holder)["inspect"] = inspect
        return getattr(inspect, name)


def _import_dataclasses() -> types.ModuleType:
    """`dataclasses`, imported without `inspect` when neither is imported yet.

    dataclasses imports inspect (and with it ast, dis and tokenize: about 20 million
    instructions, a fortieth of a 200-test replay) for one use, `inspect.signature`, to write
    the docstring of a class that has none: blame's classes all have one. A stand-in in
    `sys.modules` for the length of the import is what dataclasses gets instead; it imports
    the real inspect when dataclasses (or a thread importing inspect meanwhile) first asks it
    for anything, and gives that. After the import, `import inspect` is the real one.
    """
    if "dataclasses" in sys.modules or "inspect" in sys.modules:
        import dataclasses

        return dataclasses
    standin = sys.modules["inspect"] = _Inspect("inspect")
    try:
        import dataclasses
    finally:
        if sys.modules.get("inspect") is standin:
            del sys.modules["inspect"]
    return dataclasses


if TYPE_CHECKING:
    import dataclasses
else:
    dataclasses = _import_dataclasses()

if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:

    def dataclass(cls: Any = None, /, **options: Any) -> Any:
        """`dataclasses.dataclass`, quicker to apply for `frozen=True, slots=True`."""
        quick = _QUICK and options == _FROZEN_SLOTTED

        def wrap(cls: Any) -> Any:
            if not quick or _OWN.intersection(cls.__dict__):
                return _make(cls, **options)
            if _FROZEN_BY_HAND and _plain(cls):
                made = _make(cls, slots=True, init=False, repr=False, eq=False)
                if _simple_fields(made):
                    _add_frozen(made, cls)
                    _add_methods(made)
                    params = made.__dataclass_params__
                    params.init = params.repr = params.eq = params.frozen = True
                    return made
            made = _make(cls, **options, repr=False, eq=False)
            _add_methods(made)
            params = made.__dataclass_params__
            params.repr = params.eq = True
            return made

        return wrap if cls is None else wrap(cls)


_make = dataclasses.dataclass
_QUICK = sys.version_info < (3, 13)
_FROZEN_SLOTTED = {"frozen": True, "slots": True}
_OWN = frozenset({"__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"})
"""Methods a class may write itself; dataclasses then keeps (or refuses) them, so such a class
goes the usual way."""


_INIT_FN_PARAMETERS = (
    "fields", "std_fields", "kw_only_fields", "frozen", "has_post_init", "self_name", "globals",
    "slots",
)  # fmt: skip
"""What dataclasses' private `_init_fn` takes on the versions this was checked against."""


def borrowable(module: Any) -> bool:
    """Whether `module` (dataclasses) has the private helpers `_add_frozen` borrows, in the
    shape it calls them: a patch release that renames or reshapes one makes blame's classes
    dataclasses' own, never an import that fails."""
    code = getattr(getattr(module, "_init_fn", None), "__code__", None)
    return (
        code is not None
        and code.co_varnames[: code.co_argcount] == _INIT_FN_PARAMETERS
        and callable(getattr(module, "_dataclass_getstate", None))
        and callable(getattr(module, "_dataclass_setstate", None))
    )


_FROZEN_BY_HAND = (3, 11) <= sys.version_info < (3, 13) and borrowable(dataclasses)
"""Where `__setattr__` and `__delattr__` are closures too and `__init__` is dataclasses' own
frozen one: the versions whose dataclasses module this was checked against, when it has the
helpers in the shape they had there."""


def _plain(cls: Any) -> bool:
    """A class dataclasses would make the same way frozen or not: a docstring of its own (else
    dataclasses writes one from the signature), no dataclass among its bases (their frozenness
    is checked against the class's), no `__getstate__` or `__setstate__` of its own."""
    return (
        cls.__dict__.get("__doc__") is not None
        and not any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:])
        and not {"__getstate__", "__setstate__", "__init__"}.intersection(cls.__dict__)
    )


def _simple_fields(cls: Any) -> bool:
    """Only plain fields (no ClassVar, no InitVar, no keyword-only field)."""
    fields = dataclasses.fields(cls)
    return len(fields) == len(cls.__dataclass_fields__) and not any(f.kw_only for f in fields)


def _add_frozen(cls: Any, original: Any) -> None:
    """What `frozen=True` adds: dataclasses' own `__init__` for a frozen class (each field set
    through `object.__setattr__`), `__setattr__` and `__delattr__` that refuse the fields, and
    the slots' pickling methods. As in dataclasses, the two refusals name the class as it was
    before slots were added (`original`)."""
    fields = dataclasses.fields(cls)
    names = frozenset(f.name for f in fields)
    module = sys.modules.get(cls.__module__)
    init = dataclasses._init_fn(  # type: ignore[attr-defined]
        fields,
        tuple(f for f in fields if f.init),
        (),
        True,
        hasattr(cls, "__post_init__"),
        "__dataclass_self__" if "self" in names else "self",
        module.__dict__ if module is not None else {},
        True,
    )
    error = dataclasses.FrozenInstanceError

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is original or name in names:
            raise error(f"cannot assign to field {name!r}")
        super(original, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is original or name in names:
            raise error(f"cannot delete field {name!r}")
        super(original, self).__delattr__(name)

    for method in (init, __setattr__, __delattr__):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        if method is not init:
            method.__module__ = cls.__module__
        setattr(cls, method.__name__, method)
    cls.__getstate__ = dataclasses._dataclass_getstate  # type: ignore[attr-defined]
    cls.__setstate__ = dataclasses._dataclass_setstate  # type: ignore[attr-defined]


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
