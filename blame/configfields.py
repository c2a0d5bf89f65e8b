"""Reading one field of a config: where it is, what kind of value it holds, and one error line.

`Where` is blame's validator family (`blame.fields.Fields`) for one config file: every
ConfigError names the file, the test (by index and name) and the field, so each reader here
says only what is wrong with the value and how to fix it.
"""

from __future__ import annotations

import errno
import math
import os
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.errors import ConfigError
from blame.fields import Fields, kind_name
from blame.files import real_path
from blame.text import compiled_on_use, did_you_mean, shorten

if TYPE_CHECKING:
    from blame.checks import Resolver
    from blame.context import RunContext
    from blame.model import Check

__all__ = [
    "Where",
    "kind_name",
    "non_empty_list",
    "read_number",
    "read_path",
    "read_string",
    "read_threshold",
    "read_weight",
]


class Where(Fields):
    """Reads the fields of one config file and builds its errors."""

    def __init__(self, file: str, context: RunContext | None = None) -> None:
        super().__init__(file, error=ConfigError, describe=kind_name)
        self.file: str = file
        self._context = context
        self._check_types: list[str] | None = None
        self._resolver: Resolver | None = None
        self.checks_made: dict[tuple[str, ...], Check] = {}
        """The file's checks of built-in types read so far, by the reprs of their items
        (`blame.config`)."""

    @property
    def context(self) -> RunContext:
        """The run context checks and agent types are looked up in (made on first use)."""
        if self._context is None:
            from blame.context import RunContext

            self._context = RunContext()
        return self._context

    @cached_property
    def base_dir(self) -> Path:
        """The file's folder, where relative paths in it resolve."""
        return real_path(self.file).parent

    @property
    def check_types(self) -> list[str]:
        """Every registered check type, looked up once per file."""
        if self._check_types is None:
            self._check_types = list(self.context.check_type_names())
        return self._check_types

    @property
    def resolver(self) -> Resolver:
        """The file's check types by name, each looked up and named once (made on first use)."""
        if self._resolver is None:
            from blame.checks import Resolver

            self._resolver = Resolver(self.context)
        return self._resolver

    def check_type(self, kind: Any, known: list[str], here: str) -> tuple[str, Any, str]:
        """A check's type name, the check type it names, and how messages name its plugin:
        checked, then looked up once per type and file (`resolver`)."""
        if kind is None:
            raise self.error(
                f"{here}.type", "is missing", f"give a check type (known: {', '.join(known)})"
            )
        kind = read_string(kind, self, f"{here}.type", f"known: {', '.join(known)}")
        if kind not in known:
            raise self.error(
                f"{here}.type", f"unknown check type {kind!r}", did_you_mean(kind, known)
            )
        return (kind, *self.resolver.get(kind, file=self.file, field=f"{here}.type"))

    def number_hint(self, value: Any) -> str:
        """An exponent number YAML 1.1 reads as text gets the spelling it reads as a number."""
        if isinstance(value, str) and _yaml11_text_number().fullmatch(value.strip()):
            mantissa, _, exponent = value.strip().lower().partition("e")
            sign = "" if exponent[:1] in "+-" else "+"
            shown = f"{float(value):g}"
            fixed = f"{mantissa if '.' in mantissa else mantissa + '.0'}e{sign}{exponent}"
            return f"YAML reads {value.strip()} as text: write {fixed} (or {shown})"
        return "write a number, e.g. 0.5"


_yaml11_text_number = compiled_on_use(r"[-+]?(?:\d+\.?\d*|\.\d+)[eE][-+]?\d+")
"""Exponent numbers YAML 1.1 (PyYAML) reads as text: `1e3` needs a dot and a sign (compiled
when an error needs it)."""


def read_number(value: Any, where: Where, at: str) -> float:
    """A finite number."""
    number = where.numeric(value, at)
    if not math.isfinite(number):  # YAML's .nan / .inf would make rewards NaN or waits overflow
        raise where.error(at, f"must be a finite number, got {number:g}", "write e.g. 0.5")
    return number


def read_weight(value: Any, where: Where, at: str) -> float:
    """A check's weight: a finite number, not negative."""
    weight = read_number(value, where, at)
    if weight < 0:
        raise where.error(
            at, f"must not be negative, got {weight:g}", "weights are shares of the test's reward"
        )
    return weight


def read_string(value: Any, where: Where, at: str, hint: str) -> str:
    """Text that is not blank."""
    return where.text(value, at, hint)


def read_path(base_dir: Path, value: str, where: Where, at: str) -> Path:
    """`value` resolved against the config's folder; a NUL byte or a name the file system
    cannot hold is a ConfigError, not a traceback from deep inside pathlib."""
    try:
        if "\0" in value:
            raise ValueError("a NUL byte")
        resolved = real_path(base_dir / value)
        if _loops(resolved):  # from Python 3.13 on, `resolve` keeps a loop as it is
            raise RuntimeError("a loop of symbolic links")
    except (OSError, ValueError, RuntimeError) as error:  # RuntimeError: a loop, before 3.13
        if isinstance(error, RuntimeError):
            reason = "a loop of symbolic links"
        else:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise where.error(at, f"is not a usable path ({reason})", "write a plain path") from None
    too_long = _too_long(resolved)
    if too_long:  # found only once something is written there, after the tests ran
        raise where.error(at, f"is not a usable path ({too_long})", "write a shorter path")
    return resolved


def _too_long(path: Path) -> str | None:
    """What makes `path` too long for its file system: a name over its NAME_MAX bytes (255 on
    most), or the whole over PATH_MAX (4096 on Linux); None when it fits."""
    existing = path
    while not os.path.isdir(existing) and existing.parent != existing:
        existing = existing.parent
    limits = []
    for name, default in (("PC_NAME_MAX", 255), ("PC_PATH_MAX", 4096)):
        try:
            limits.append(os.pathconf(existing, name))
        except (OSError, ValueError, AttributeError):  # Windows has no pathconf
            limits.append(default)
    name_max, path_max = limits
    for part in path.parts:
        size = len(os.fsencode(part))
        if size > name_max:
            return (
                f"a name in it is {size} bytes long, over the {name_max} the file system allows: "
                f"{shorten(part, 40)!r}"
            )
    size = len(os.fsencode(path))
    if size >= path_max:
        return f"it is {size} bytes long, over the {path_max - 1} the file system allows"
    return None


def _loops(path: Path) -> bool:
    """Whether reaching `path` goes round a loop of symbolic links."""
    try:
        os.stat(path)
    except OSError as error:
        return error.errno == errno.ELOOP
    return False


def read_threshold(
    value: Any, where: Where, at: str, hint: str = "a test passes when its reward reaches this"
) -> float:
    number = read_number(value, where, at)
    if not 0.0 <= number <= 1.0:
        raise where.error(at, f"must be between 0 and 1, got {number:g}", hint)
    return number


DEFAULT_TIMEOUT_S = 300.0
"""Per-test wall-time limit for running the agent (settings.timeout)."""
MAX_TIMEOUT_S = 86_400.0
"""Longest timeout (settings.timeout, an analyze checks file's timeout): a day."""


def read_timeout(raw: Mapping[str, Any], where: Where, at: str, hint: str) -> float:
    """`timeout` of `raw` in seconds: more than 0 and at most a day (1e300 would overflow a
    wait)."""
    number = read_number(raw.get("timeout", DEFAULT_TIMEOUT_S), where, at)
    if not 0 < number <= MAX_TIMEOUT_S:
        raise where.error(
            at, f"must be more than 0 and at most {MAX_TIMEOUT_S:g}, got {number:g}", hint
        )
    return number


# -- sections --------------------------------------------------------------------------------


def non_empty_list(raw: Any, where: Where, at: str, hint: str) -> list[Any]:
    """`tests` and `checks` alike: present, a list, and not empty."""
    if raw is None:
        raise where.error(at, "is missing", hint)
    if not isinstance(raw, list) or not raw:
        got = "an empty list" if raw == [] else kind_name(raw)
        raise where.error(at, f"must be a non-empty list, got {got}", hint)
    return raw
