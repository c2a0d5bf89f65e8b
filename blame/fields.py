"""blame's one validator family: reading one field of a document, and its one error line.

Every document blame reads (a config, a trace, a results file, a baseline) is read by a
`Fields`: each reader checks one value and returns it typed, or raises the document's error in
one shape, `file: field: what is wrong; how to fix it`, the field named by its path
(`steps[3].kind`, `tests[0].checks[1].score`). `JSON` reads the JSON forms (traces, results)
for callers that add the file afterwards (`in_file`); `blame.configfields.Where` reads a config
(a ConfigError, values shown as `a string 'fast'`, YAML's hints).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from blame.errors import BlameError, TraceError
from blame.text import did_you_mean


def type_name(value: Any) -> str:
    """What a value is, as the JSON forms' errors say it: `str`, `list`, `NoneType`."""
    return type(value).__name__


_KIND_NAMES: Mapping[type, str] = {
    dict: "a mapping",
    list: "a list",
    str: "a string",
    bool: "a boolean",
    int: "an integer",
    float: "a number",
}


def kind_name(value: Any) -> str:
    """What a value is, as a config's errors say it: `a string 'fast'`, `a list`, `nothing`."""
    if value is None:
        return "nothing"
    text = _KIND_NAMES.get(type(value), type(value).__name__)
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        return f"{text} {shown}"
    return text


def at(where: str, key: str) -> str:
    """The path of `key` inside the field `where` ("" is the top level)."""
    return f"{where}.{key}" if where else key


class Fields:
    """Reads the fields of one document and builds its errors."""

    def __init__(
        self,
        file: str | None = None,
        *,
        error: type[BlameError] = TraceError,
        describe: Callable[[Any], str] = type_name,
        hint: str | None = None,
    ) -> None:
        self.file = file
        """The document as errors name it (None: the caller adds it, see `in_file`)."""
        self.error_type = error
        """The error a bad field raises."""
        self.describe = describe
        """How an error shows the value it got."""
        self.hint = hint
        """The fix said when a reader knows none better."""

    def error(self, field: str | None, problem: str, hint: str | None = None) -> BlameError:
        """The one error shape: the file, the field's path, what is wrong, how to fix it."""
        return self.error_type(problem, file=self.file, field=field or None, hint=hint or self.hint)

    def number_hint(self, value: Any) -> str | None:
        """How to write a number instead of `value` (None: no advice)."""
        return None

    def mapping(self, value: Any, field: str) -> Mapping[str, Any]:
        """An object."""
        if not isinstance(value, Mapping):
            raise self.error(field, f"must be an object, got {self.describe(value)}")
        return value

    def items(self, value: Any, field: str) -> list[Any]:
        """A list."""
        if not isinstance(value, list):
            raise self.error(field, f"must be a list, got {self.describe(value)}")
        return value

    def string(self, value: Any, field: str, *, required: bool = False) -> str:
        """Text; nothing reads as "" unless `required`."""
        if value is None:
            if required:
                raise self.error(field, "is required")
            return ""
        if not isinstance(value, str):
            raise self.error(field, f"must be a string, got {self.describe(value)}")
        return value

    def text(self, value: Any, field: str, hint: str) -> str:
        """Text that is not blank."""
        if not isinstance(value, str) or not value.strip():
            raise self.error(field, f"must be a non-empty string, got {self.describe(value)}", hint)
        return value

    def boolean(self, value: Any, field: str) -> bool:
        """true or false."""
        if not isinstance(value, bool):
            raise self.error(field, f"must be true or false, got {self.describe(value)}")
        return value

    def numeric(self, value: Any, field: str) -> float:
        """A number (an integer widens; a boolean or nothing is no number)."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(
                field, f"must be a number, got {self.describe(value)}", self.number_hint(value)
            )
        try:
            return float(value)
        except OverflowError:  # an integer past the largest float
            raise self.error(
                field,
                "must be a finite number, got an integer too large for one",
                self.number_hint(value),
            ) from None

    def number(self, value: Any, field: str, *, required: bool = False) -> float | None:
        """A number; None when absent, unless `required`."""
        if value is None:
            if required:
                raise self.error(field, "is required")
            return None
        return self.numeric(value, field)

    def integer(self, value: Any, field: str, *, required: bool = False) -> int | None:
        """A whole number (a boolean is none); None when absent, unless `required`."""
        if value is None:
            if required:
                raise self.error(field, "is required")
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(field, f"must be an integer, got {self.describe(value)}")
        return value

    def unknown_keys(
        self, data: Mapping[Any, Any], known: Sequence[str], where: str | None
    ) -> None:
        """Every key of `data` is one of `known`; else the first that is not, and the nearest."""
        for key in data:
            if key not in known:
                hint = did_you_mean(str(key), known)
                raise self.error(at(where or "", str(key)), f"unknown key {str(key)!r}", hint)


JSON = Fields()
"""The reader of the JSON forms (traces, results); the caller adds the file (`in_file`)."""


def in_file(
    error: BlameError,
    file: str | None,
    *,
    hint: str | None = None,
    as_type: type[BlameError] | None = None,
) -> BlameError:
    """A field error of a document read without its file, naming `file` (and, given `hint`,
    that fix instead of its own); an error that already names a file is kept."""
    if error.file is not None:
        return error
    kind = as_type or type(error)
    return kind(error.message, file=file, field=error.field, hint=hint or error.hint)


def as_object(data: Any, where: str) -> Mapping[str, Any]:
    """`data` as an object (the field `where`)."""
    return JSON.mapping(data, where)


def get_str(data: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> str:
    """`data[key]` as text: "" when absent (unless required)."""
    return JSON.string(data.get(key), f"{where}.{key}", required=required)


def get_list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """`data[key]` as a list ([] when absent)."""
    return JSON.items(data.get(key, []), at(where, key))


def get_bool(data: Mapping[str, Any], key: str, where: str) -> bool:
    """`data[key]`, which must be true or false."""
    return JSON.boolean(data.get(key), f"{where}.{key}")


def get_required_number(data: Mapping[str, Any], key: str, where: str) -> float:
    """`data[key]` as a float; absent is an error."""
    value = get_number(data, key, where)
    if value is None:
        raise JSON.error(f"{where}.{key}", "is required")
    return value


def get_number(data: Mapping[str, Any], key: str, where: str) -> float | None:
    """`data[key]` as a float (ints widen, booleans do not count), None when absent."""
    return JSON.number(data.get(key), f"{where}.{key}")


def get_int(data: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> int | None:
    """`data[key]` as an int (booleans do not count), None when absent unless required."""
    return JSON.integer(data.get(key), f"{where}.{key}", required=required)
