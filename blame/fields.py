"""Reading one field of a JSON form (a trace, a results file): its type, and one error line.

Every reader names the field by its path (`steps[3].kind`, `tests[0].checks[1].score`) in a
TraceError; the caller adds the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from blame.errors import TraceError


def get_str(data: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> str:
    """`data[key]` as text: "" when absent (unless required), a TraceError when not a string."""
    value = data.get(key)
    if value is None:
        if required:
            raise TraceError("is required", field=f"{where}.{key}")
        return ""
    if not isinstance(value, str):
        raise TraceError(f"must be a string, got {type(value).__name__}", field=f"{where}.{key}")
    return value


def as_object(data: Any, where: str) -> Mapping[str, Any]:
    """`data` when it is a JSON object, else a TraceError naming `where`."""
    if not isinstance(data, Mapping):
        raise TraceError(f"must be an object, got {type(data).__name__}", field=where)
    return data


def get_list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """`data[key]` as a list ([] when absent), else a TraceError naming the field."""
    value = data.get(key, [])
    if not isinstance(value, list):
        field = f"{where}.{key}" if where else key
        raise TraceError(f"must be a list, got {type(value).__name__}", field=field)
    return value


def get_bool(data: Mapping[str, Any], key: str, where: str) -> bool:
    """`data[key]`, which must be true or false."""
    value = data.get(key)
    if not isinstance(value, bool):
        raise TraceError(
            f"must be true or false, got {type(value).__name__}", field=f"{where}.{key}"
        )
    return value


def get_required_number(data: Mapping[str, Any], key: str, where: str) -> float:
    """`data[key]` as a float; absent is an error."""
    value = get_number(data, key, where)
    if value is None:
        raise TraceError("is required", field=f"{where}.{key}")
    return value


def get_number(data: Mapping[str, Any], key: str, where: str) -> float | None:
    """`data[key]` as a float (ints widen, booleans do not count), None when absent."""
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TraceError(f"must be a number, got {type(value).__name__}", field=f"{where}.{key}")
    return float(value)


def get_int(data: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> int | None:
    """`data[key]` as an int (booleans do not count), None when absent unless required."""
    value = data.get(key)
    if value is None:
        if required:
            raise TraceError("is required", field=f"{where}.{key}")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TraceError(f"must be an integer, got {type(value).__name__}", field=f"{where}.{key}")
    return value
