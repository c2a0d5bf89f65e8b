"""Indented JSON text, byte for byte what `json.dumps(value, indent=...)` writes, faster.

The results JSON is indented for people to read and its bytes are pinned. With an indent the
standard library gives up its C encoder for a chain of Python generators that every piece of
text passes through, level by level: a tenth of a 200-test replay went there. This writes the
same text with one append per value, its type dispatched in the loop that meets it (no call
per value); strings keep the standard library's C quoting, and a mapping's keys, quoted and
indented, are made once per document for each set of keys and level (a suite's 1,000 checks
share one). A `Keyed` value is written once per document and level, and its text reused for
every other value of the same key: the caller knows, for less than writing costs, which of its
values would be written alike (a suite's passed checks, its step graphs). Anything it does not
write the same way (a key that is not a string, a subclass, NaN, a value json would refuse) is
left to `json.dumps` whole.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable
from json import encoder as _encoder
from typing import Any


class _Other(Exception):
    """A value this writer leaves to json.dumps."""


class Keyed:
    """A value made on demand, written as what `make()` returns; values of equal keys are
    written alike, so the first one's text serves them all (`key` must tell apart what json
    writes apart: 1, 1.0 and True, 0.0 and -0.0)."""

    __slots__ = ("key", "make")

    def __init__(self, key: Hashable, make: Callable[[], Any]) -> None:
        self.key = key
        """Equal for values written byte for byte alike."""
        self.make = make
        """The value itself."""


def dumps(value: Any, *, indent: int, sort_keys: bool = False, ensure_ascii: bool = True) -> str:
    """`json.dumps(value, indent=indent, sort_keys=sort_keys, ensure_ascii=ensure_ascii)`, each
    `Keyed` written as its value."""
    string = _encoder.encode_basestring_ascii if ensure_ascii else _encoder.encode_basestring
    writer = _Writer(string, " " * indent, sort_keys)
    try:
        writer.value(value)
    except (_Other, RecursionError):
        return json.dumps(
            value, indent=indent, sort_keys=sort_keys, ensure_ascii=ensure_ascii, default=_made
        )
    return "".join(writer.out)


def _made(value: Any) -> Any:
    """json.dumps's `default`: a `Keyed` is its value; anything else is refused as json does."""
    if type(value) is Keyed:
        return value.make()
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


_INT = int.__repr__
_FLOAT = float.__repr__
_FINITE = math.isfinite


class _Writer:
    """One document's pieces, appended in order."""

    __slots__ = ("breaks", "keys", "lists", "made", "out", "sort_keys", "step", "string")

    def __init__(self, string: Callable[[str], str], step: str, sort_keys: bool) -> None:
        self.out: list[str] = []
        """The text so far, in pieces."""
        self.string = string
        """The C function that quotes a string (ASCII-only or not)."""
        self.step = step
        """One level of indentation."""
        self.sort_keys = sort_keys
        """Mappings' keys in sorted order."""
        self.breaks: list[str] = ["\n"]
        """A line break and the indentation of each level, made as levels are first reached."""
        self.keys: dict[tuple[tuple[str, ...], int], tuple[tuple[str, ...], str]] = {}
        """(keys, level) -> the text before each key's value (`{` or `,`, line break, indent,
        key), and what closes the mapping."""
        self.lists: list[tuple[str, str]] = []
        """Each level's `levels`, made as levels are first reached."""
        self.made: dict[tuple[Hashable, int], str] = {}
        """(a `Keyed`'s key, level) -> the text of its value, written once."""

    def newline(self, level: int) -> str:
        breaks = self.breaks
        while len(breaks) <= level:
            breaks.append(breaks[-1] + self.step)
        return breaks[level]

    def levels(self, level: int) -> tuple[str, str]:
        """A list's text at `level`: the separator between its items, and what closes it."""
        made = self.lists
        while len(made) <= level:
            depth = len(made)
            made.append(("," + self.newline(depth + 1), self.newline(depth) + "]"))
        return made[level]

    def value(self, value: Any) -> None:
        """Append the whole document."""
        self.items((("", value),), -1)  # as an item one level above the top

    def prefixes(self, keys: tuple[str, ...], level: int) -> tuple[tuple[str, ...], str]:
        """The text before each value of a mapping with these keys at `level`, and what
        closes it."""
        string = self.string
        for key in keys:
            if type(key) is not str:
                raise _Other  # json turns numbers and None into key strings its own way
        inner = self.newline(level + 1)
        before = ["," + inner + string(key) + ": " for key in keys]
        before[0] = "{" + before[0][1:]
        made = (tuple(before), self.newline(level) + "}")
        self.keys[keys, level] = made
        return made

    def mapping(self, value: dict[Any, Any], level: int, lead: str) -> None:
        """Append `lead` and a non-empty mapping, indented for `level`."""
        keys = tuple(value)
        if self.sort_keys:
            keys = tuple(sorted(keys)) if all(type(k) is str for k in keys) else keys
            items: Any = [value[k] for k in keys]
        else:
            items = value.values()
        before, close = self.keys.get((keys, level)) or self.prefixes(keys, level)
        if lead:
            self.out.append(lead)
        self.items(zip(before, items, strict=True), level)
        self.out.append(close)

    def sequence(self, value: list[Any] | tuple[Any, ...], level: int, lead: str) -> None:
        """Append `lead` and a non-empty list, indented for `level`."""
        lists = self.lists
        separator, close = lists[level] if level < len(lists) else self.levels(level)
        pieces = [separator] * len(value)
        pieces[0] = lead + "[" + separator[1:]
        self.items(zip(pieces, value, strict=True), level)
        self.out.append(close)

    def items(self, pairs: Any, level: int) -> None:
        """Append each (text before it, value) of a mapping or list at `level`."""
        append, string = self.out.append, self.string
        for before, item in pairs:
            kind = type(item)
            if kind is str:
                append(before + string(item))
            elif item is None:
                append(before + "null")
            elif kind is bool:
                append(before + ("true" if item else "false"))
            elif kind is int:
                append(before + _INT(item))
            elif kind is float:
                if not _FINITE(item):
                    raise _Other  # NaN and infinities: json's spelling
                append(before + _FLOAT(item))
            elif kind is dict:
                if item:
                    self.mapping(item, level + 1, before)
                else:
                    append(before + "{}")
            elif kind is list or kind is tuple:
                if item:
                    self.sequence(item, level + 1, before)
                else:
                    append(before + "[]")
            elif kind is Keyed:
                self.keyed(item, level, before)
            else:
                raise _Other

    def keyed(self, item: Keyed, level: int, before: str) -> None:
        """Append `before` and a `Keyed` item of a mapping or list at `level`."""
        memo = (item.key, level)
        text = self.made.get(memo)
        if text is None:
            out = self.out
            start = len(out)
            self.items((("", item.make()),), level)
            text = self.made[memo] = "".join(out[start:])
            del out[start:]
        self.out.append(before + text)
