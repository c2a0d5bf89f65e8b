"""Indented JSON text, byte for byte what `json.dumps(value, indent=...)` writes, faster.

The results JSON is indented for people to read and its bytes are pinned. With an indent the
standard library gives up its C encoder for a chain of Python generators that every piece of
text passes through, level by level: a tenth of a 200-test replay went there. This writes the
same text with one append per value; strings keep the standard library's C quoting. Anything
it does not write the same way (a key that is not a string, a subclass, NaN, a value json
would refuse) is left to `json.dumps` whole.
"""

from __future__ import annotations

import json
import math
from json import encoder as _encoder
from typing import Any


class _Other(Exception):
    """A value this writer leaves to json.dumps."""


def dumps(value: Any, *, indent: int, sort_keys: bool = False, ensure_ascii: bool = True) -> str:
    """`json.dumps(value, indent=indent, sort_keys=sort_keys, ensure_ascii=ensure_ascii)`."""
    string = _encoder.encode_basestring_ascii if ensure_ascii else _encoder.encode_basestring
    writer = _Writer(string, " " * indent, sort_keys)
    try:
        writer.write(value, 0)
    except (_Other, RecursionError):
        return json.dumps(value, indent=indent, sort_keys=sort_keys, ensure_ascii=ensure_ascii)
    return "".join(writer.out)


class _Writer:
    """One document's pieces, appended in order."""

    __slots__ = ("breaks", "out", "sort_keys", "step", "string")

    def __init__(self, string: Any, step: str, sort_keys: bool) -> None:
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

    def newline(self, level: int) -> str:
        breaks = self.breaks
        while len(breaks) <= level:
            breaks.append(breaks[-1] + self.step)
        return breaks[level]

    def scalar(self, value: Any, kind: type) -> str:
        """The text of a number, bool or None (strings are quoted where they are met)."""
        if kind is int:
            return int.__repr__(value)
        if kind is float:
            if not math.isfinite(value):
                raise _Other  # NaN and infinities: json's spelling
            return float.__repr__(value)
        if kind is bool:
            return "true" if value else "false"
        if value is None:
            return "null"
        raise _Other

    def write(self, value: Any, level: int, prefix: str = "") -> None:
        """Append `prefix` and the value's text, indented for `level`."""
        kind = type(value)
        if kind is str:
            self.out.append(prefix + self.string(value))
        elif kind is dict:
            self.mapping(value, level, prefix)
        elif kind is list or kind is tuple:
            self.sequence(value, level, prefix)
        else:
            self.out.append(prefix + self.scalar(value, kind))

    def mapping(self, value: dict[Any, Any], level: int, prefix: str) -> None:
        if not value:
            self.out.append(prefix + "{}")
            return
        string, write = self.string, self.write
        inner = self.newline(level + 1)
        lead, separator = prefix + "{" + inner, "," + inner
        for key, item in sorted(value.items()) if self.sort_keys else value.items():
            if type(key) is not str:
                raise _Other  # json turns numbers and None into key strings its own way
            write(item, level + 1, lead + string(key) + ": ")
            lead = separator
        self.out.append(self.newline(level) + "}")

    def sequence(self, value: list[Any] | tuple[Any, ...], level: int, prefix: str) -> None:
        if not value:
            self.out.append(prefix + "[]")
            return
        write = self.write
        inner = self.newline(level + 1)
        lead, separator = prefix + "[" + inner, "," + inner
        for item in value:
            write(item, level + 1, lead)
            lead = separator
        self.out.append(self.newline(level) + "]")
