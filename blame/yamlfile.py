"""Reading a YAML file a user wrote (blame.yaml, a checks file) safely and within limits.

Safe loading (no Python tags), one key per mapping, and bounds on size, nesting and alias
expansion checked from the parser's events before any value is built: a config is trusted to
name code, not to exhaust memory. Every problem is one ConfigError naming the file.
"""

from __future__ import annotations

import stat
from functools import cache
from pathlib import Path
from typing import Any

from blame.errors import ConfigError
from blame.text import brief

MAX_CONFIG_BYTES = 10 * 1024 * 1024
"""Largest config or checks file read (a blame.yaml is a few KB; `/dev/zero` never ends)."""
MAX_YAML_DEPTH = 64
"""Deepest nesting of lists and mappings read (libyaml's composer overflows the C stack)."""
MAX_YAML_VALUES = 100_000
"""Most values (scalars, lists, mappings) a config may hold once its YAML aliases are expanded."""
MAX_YAML_CHARS = 10_000_000
"""Most characters of text a config may hold once its YAML aliases are expanded."""


def read_yaml(path: Path) -> Any:
    """The file's YAML, read safely and within the limits above; ConfigError naming it."""
    try:
        if stat.S_ISFIFO(path.stat().st_mode):  # opening a pipe waits for a writer: forever
            raise ConfigError(
                "is a pipe, not a file", file=str(path), hint="pass the path of blame.yaml"
            )
        with path.open("rb") as handle:
            raw = handle.read(MAX_CONFIG_BYTES + 1)
        if len(raw) > MAX_CONFIG_BYTES:
            raise ConfigError(
                f"is larger than {MAX_CONFIG_BYTES // 1048576} MiB",
                file=str(path),
                hint="pass the path of a blame.yaml",
            )
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise ConfigError(
            "no such file",
            file=str(path),
            hint="pass --config PATH, or create one with `blame init`",
        ) from None
    except IsADirectoryError:
        raise ConfigError(
            "is a directory, not a YAML file", file=str(path), hint="pass the path of blame.yaml"
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read: {error}", file=str(path)) from None
    import yaml

    try:
        _check_yaml_shape(text, path)
        return yaml.load(text, Loader=_unique_key_loader())
    except RecursionError:
        raise ConfigError("nested too deeply", file=str(path), hint="fix the YAML") from None
    except ValueError as error:  # Python refuses to read an integer of over 4300 digits
        problem = "digits" in str(error) and "an integer of more than 4300 digits"
        raise ConfigError(
            f"cannot read a value: {problem or brief(str(error))}",
            file=str(path),
            hint="fix the YAML",
        ) from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        at = f" at line {mark.line + 1} column {mark.column + 1}" if mark else ""
        problem = error.problem or error.context or "syntax error"
        raise ConfigError(
            f"invalid YAML{at}: {problem}", file=str(path), hint="fix the YAML syntax there"
        ) from None
    except yaml.YAMLError as error:
        raise ConfigError(f"invalid YAML: {error}", file=str(path)) from None


def _check_yaml_shape(text: str, path: Path) -> None:
    """Refuse nesting deeper than MAX_YAML_DEPTH, and more than MAX_YAML_VALUES values or
    MAX_YAML_CHARS characters once aliases are expanded, from the parser's events, before
    any value is built.

    A 1 KB alias bomb (nine aliases of nine aliases...) loads as shared references, then
    takes gigabytes wherever it is copied, printed or turned into text; a 100,000-deep list
    crashes the C composer outright; a million values take PyYAML half a minute to build.
    """
    import yaml

    sizes: dict[str, tuple[int, int]] = {}
    stack: list[list[Any]] = [[0, 0, None]]  # [values, characters, anchor] per open collection

    def done(values: int, chars: int, anchor: str | None, event: Any) -> None:
        if anchor is not None:
            sizes[anchor] = (values, chars)
        stack[-1][0] += values
        stack[-1][1] += chars
        if (
            sum(entry[0] for entry in stack) > MAX_YAML_VALUES
            or sum(entry[1] for entry in stack) > MAX_YAML_CHARS
        ):
            line = event.start_mark.line + 1 if event.start_mark else 0
            raise ConfigError(
                f"holds more than {MAX_YAML_VALUES:,} values or {MAX_YAML_CHARS:,} characters "
                f"once its aliases are expanded (at line {line})",
                file=str(path),
                hint="a blame.yaml is small: write fewer values, or use fewer aliases",
            )

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.ScalarEvent):
            done(1, len(event.value), event.anchor, event)
        elif isinstance(event, yaml.AliasEvent):
            done(*sizes.get(event.anchor or "", (1, 0)), None, event)
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            if len(stack) > MAX_YAML_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark else 0
                raise ConfigError(
                    f"nested more than {MAX_YAML_DEPTH} levels deep (line {line})",
                    file=str(path),
                    hint="a blame.yaml needs a few levels",
                )
            stack.append([1, 0, event.anchor])
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            values, chars, anchor = stack.pop()
            done(values, chars, anchor, event)


@cache
def _unique_key_loader() -> Any:
    """yaml.safe_load's loader (the C one when available: much faster) that refuses a key
    given twice in one mapping: PyYAML keeps the last silently, so a second `tests:` would
    drop the first. Merge keys (`<<:`) may still be overridden."""
    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class UniqueKeyLoader(base):  # type: ignore[misc, valid-type]
        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            if isinstance(node, yaml.MappingNode):
                seen: set[Any] = set()
                for key_node, _ in node.value:
                    if key_node.tag == "tag:yaml.org,2002:merge":
                        continue
                    key = self.construct_object(key_node, deep=True)
                    try:
                        duplicate = key in seen
                    except TypeError:  # unhashable: the base class reports it
                        continue
                    if duplicate:
                        raise yaml.constructor.ConstructorError(
                            "while constructing a mapping",
                            node.start_mark,
                            f"found duplicate key {key!r}",
                            key_node.start_mark,
                        )
                    seen.add(key)
            return super().construct_mapping(node, deep=deep)

    return UniqueKeyLoader
