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


CONFIG_HINT = "pass the path of blame.yaml"
"""What to pass instead of a file that cannot be a config."""
CHECKS_HINT = "pass --checks FILE holding `checks: [{type: contains, value: ...}]`"
"""What to pass instead of a file that cannot be a checks file (`blame analyze --checks`)."""


def read_yaml(path: Path, *, hint: str = CONFIG_HINT) -> Any:
    """The file's YAML, read safely and within the limits above; ConfigError naming it.
    `hint` says what to pass instead of a pipe, a device or a folder (a checks file's pipe
    said to pass the path of blame.yaml)."""
    try:
        mode = path.stat().st_mode
        if stat.S_ISFIFO(mode):  # opening a pipe waits for a writer: forever
            raise ConfigError("is a pipe, not a file", file=str(path), hint=hint)
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISSOCK(mode):
            # /dev/zero read as 10 MiB of NULs ("is larger than 10 MiB"), /dev/tty waited for
            # someone to type
            raise ConfigError("is a device, not a file", file=str(path), hint=hint)
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
        raise ConfigError("is a directory, not a YAML file", file=str(path), hint=hint) from None
    except UnicodeDecodeError as error:
        raise ConfigError(
            f"cannot read: {error}", file=str(path), hint="save it as UTF-8 text"
        ) from None
    except OSError as error:
        raise ConfigError(f"cannot read: {error}", file=str(path)) from None
    return _load(text, path)


def import_yaml() -> Any:
    """PyYAML, imported without compiling the character class of its pure-Python reader.

    PyYAML compiles `Reader.NON_PRINTABLE` when it is imported, a class of what is printable:
    `re` builds such a class of tens of thousands of characters one character at a time in
    Python, 10-16 ms (a twentieth of a 200-test replay) for a reader that libyaml's parser
    does not use. The same class written as what is *not* printable, a few thousand characters,
    compiles in 0.4 ms, and `re` keeps compiled patterns by their text: given to `re`'s cache
    under PyYAML's text before PyYAML is imported, it is what PyYAML gets. It matches exactly
    the same characters (`tests/test_yamlfile.py` checks every code point), so the reader
    refuses exactly what it refused. Where `re` keeps no such cache, PyYAML compiles its own.
    """
    import sys

    if "yaml" not in sys.modules:
        import re

        cache = getattr(re, "_cache", None)
        if isinstance(cache, dict):
            cache.setdefault((str, YAML_PRINTABLE, 0), re.compile(NOT_PRINTABLE))
    import yaml

    return yaml


YAML_PRINTABLE = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
"""The text of PyYAML's `Reader.NON_PRINTABLE` (characters outside the printable ones)."""
NOT_PRINTABLE = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"
"""The same characters, listed."""


def _load(text: str, path: Path, *, c_parser: bool = True) -> Any:
    """The value of a config's text; `c_parser=False` reads it with PyYAML's pure-Python
    parser and loader, as when PyYAML is built without libyaml."""
    yaml = import_yaml()

    try:
        try:
            return _check_yaml_shape(text, path, build=True, c_parser=c_parser)
        except _Unusual:
            pass
        _check_yaml_shape(text, path, c_parser=c_parser)
        return yaml.load(text, Loader=_unique_key_loader(c_parser))
    except RecursionError:
        raise ConfigError("nested too deeply", file=str(path), hint="fix the YAML") from None
    except ValueError as error:  # an integer of over 4300 digits: Python will not read or print it
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


class _Unusual(Exception):
    """Something the one-pass reader does not build: the two-pass path reads the file."""


_STR = "tag:yaml.org,2002:str"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"
_INT = "tag:yaml.org,2002:int"
_NOT_SCALARS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("merge", "seq", "map", "set", "omap", "pairs")
)
"""Tags whose constructors do not make a scalar's value (a generator, or a merge)."""


def _check_yaml_shape(text: str, path: Path, *, build: bool = False, c_parser: bool = True) -> Any:
    """Refuse nesting deeper than MAX_YAML_DEPTH, and more than MAX_YAML_VALUES values or
    MAX_YAML_CHARS characters once aliases are expanded, from the parser's events, before
    any value is built.

    A 1 KB alias bomb (nine aliases of nine aliases...) loads as shared references, then
    takes gigabytes wherever it is copied, printed or turned into text; a 100,000-deep list
    crashes the C composer outright; a million values take PyYAML half a minute to build.

    With `build`, the same pass also builds the document's value as the unique-key safe
    loader would, for what a config holds (scalars the safe loader resolves, lists, mappings
    with scalar keys, anchors, aliases), and raises _Unusual for anything else (a merge key,
    a tag on a collection, a key given twice, several documents): the loader then says what
    it makes of it. A config's YAML is read once instead of twice, and without PyYAML's
    Python-level node tree.

    One loop, no call per event but the parser's: a config's thousands of events are most of
    the time it takes to load. A scalar's value depends only on its tag, flags and text, and
    every scalar the safe loader makes is immutable, so each distinct one is made once.
    """
    yaml = import_yaml()

    parser = _safe_loader(yaml, c_parser)
    events = parser(text)
    sizes: dict[str | None, tuple[int, int]] = {}
    # A collection's size is what the running totals grew by while it was open, so only an
    # anchored one needs its totals at the start kept (`opened`).
    values_total = chars_total = 0
    # The open collection being built (`into`, its pending key), and those around it.
    into: Any = []
    is_list = True
    key: Any = None
    has_key = False
    anchor: str | None = None
    opened = (0, 0)
    outer: list[tuple[Any, ...]] = []
    anchors: dict[str, Any] = {}
    made: dict[tuple[Any, ...], Any] = {}
    plain: dict[str, Any] = {}  # `made` for the usual scalar (plain, untagged), by its text
    documents = 0
    constructor = yaml.SafeLoader("") if build else None
    resolve = constructor.resolve if constructor is not None else None
    node = yaml.ScalarNode
    scalar, alias = yaml.ScalarEvent, yaml.AliasEvent
    sequence_start, mapping_start = yaml.SequenceStartEvent, yaml.MappingStartEvent
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    document_start = yaml.DocumentStartEvent
    event: Any
    value: Any
    try:
        for event in iter(events.get_event, None):
            kind = type(event)
            if kind is scalar:
                text_value = event.value
                values_total += 1
                chars_total += len(text_value)
                if values_total > MAX_YAML_VALUES or chars_total > MAX_YAML_CHARS:
                    raise _too_big(event, path)
                if event.tag is None:
                    # Untagged, the safe loader's value depends only on the text: resolved
                    # (a number, a date, true...) when the scalar is plain, else the text.
                    if event.implicit[0]:
                        value = plain.get(text_value, plain)
                        if value is plain and constructor is not None:
                            value = plain[text_value] = _scalar(constructor, resolve, node, event)
                    else:
                        value = text_value
                elif constructor is not None:
                    made_key = (event.tag, event.implicit, text_value)
                    value = made.get(made_key, made)
                    if value is made:
                        value = made[made_key] = _scalar(constructor, resolve, node, event)
                if event.anchor is not None:
                    sizes[event.anchor] = (1, len(text_value))
                    anchors[event.anchor] = value
                if constructor is None:
                    continue
                if is_list:
                    into.append(value)
                elif has_key:
                    into[key] = value
                    key, has_key = None, False
                else:  # a key: hashable, new in this mapping
                    try:
                        if value in into:
                            raise _Unusual
                    except TypeError:
                        raise _Unusual from None
                    key, has_key = value, True
                continue
            if kind is alias:
                values, chars = sizes.get(event.anchor, (1, 0))
                values_total += values
                chars_total += chars
                if values_total > MAX_YAML_VALUES or chars_total > MAX_YAML_CHARS:
                    raise _too_big(event, path)
                if constructor is None:
                    continue
                if event.anchor not in anchors:
                    raise _Unusual
                value = anchors[event.anchor]
            elif kind is mapping_start or kind is sequence_start:
                if len(outer) >= MAX_YAML_DEPTH:
                    line = event.start_mark.line + 1 if event.start_mark else 0
                    raise ConfigError(
                        f"nested more than {MAX_YAML_DEPTH} levels deep (line {line})",
                        file=str(path),
                        hint="a blame.yaml needs a few levels",
                    )
                outer.append((into, is_list, key, has_key, anchor, opened))
                anchor = event.anchor
                if anchor is not None:
                    opened = (values_total, chars_total)
                values_total += 1
                if constructor is not None:
                    tag = event.tag
                    is_list = kind is sequence_start
                    if tag is not None and tag != "!" and tag != (_SEQ if is_list else _MAP):
                        raise _Unusual
                    into = [] if is_list else {}
                    key, has_key = None, False
                continue
            elif kind in ends:
                if anchor is not None:
                    sizes[anchor] = (values_total - opened[0], chars_total - opened[1])
                if values_total > MAX_YAML_VALUES or chars_total > MAX_YAML_CHARS:
                    raise _too_big(event, path)
                if has_key:  # a key without its value
                    raise _Unusual
                value = into
                closed = anchor
                into, is_list, key, has_key, anchor, opened = outer.pop()
                if constructor is None:
                    continue
                if closed is not None:
                    anchors[closed] = value
            elif kind is document_start and constructor is not None:
                documents += 1
                if documents > 1:
                    raise _Unusual
                continue
            else:
                continue
            # A collection or an alias: a value, never a key.
            if is_list:
                into.append(value)
            elif has_key:
                into[key] = value
                key, has_key = None, False
            else:
                raise _Unusual
    finally:
        events.dispose()
    if constructor is None:
        return None
    return into[0] if into else None


def _scalar(constructor: Any, resolve: Any, node: Any, event: Any) -> Any:
    """A scalar event's value, as the safe loader makes it; _Unusual when it makes none."""
    tag = event.tag
    if tag is None or tag == "!":
        tag = resolve(node, event.value, event.implicit)
    if tag == _STR:
        return event.value
    construct = constructor.yaml_constructors.get(tag)
    if construct is None or tag in _NOT_SCALARS:
        raise _Unusual
    try:
        value = construct(
            constructor, node(tag, event.value, event.start_mark, event.end_mark, event.style)
        )
    except Exception:  # the loader, after the limits, says what is wrong
        raise _Unusual from None
    return _printable_int(value)


_INT_BITS = 14_000
"""An integer of fewer bits has fewer than 4300 digits: Python prints it whatever its limit."""


def _printable_int(value: Any) -> Any:
    """`value`; ValueError for an integer too long for Python to print (over 4300 digits).

    Python refuses to read such an integer written in decimal, but reads one written in
    hexadecimal, binary or base 60 (`0xfff...`): every later `str()` of it, in a message or
    a report, would raise."""
    if type(value) is int and value.bit_length() > _INT_BITS:
        str(value)  # raises past sys.get_int_max_str_digits()
    return value


def _too_big(event: Any, path: Path) -> ConfigError:
    line = event.start_mark.line + 1 if event.start_mark else 0
    return ConfigError(
        f"holds more than {MAX_YAML_VALUES:,} values or {MAX_YAML_CHARS:,} characters "
        f"once its aliases are expanded (at line {line})",
        file=str(path),
        hint="a blame.yaml is small: write fewer values, or use fewer aliases",
    )


def _safe_loader(yaml: Any, c_parser: bool) -> Any:
    """PyYAML's libyaml-based safe loader (much faster), or its pure-Python one when asked
    (`c_parser=False`) or when PyYAML is built without libyaml."""
    return (c_parser and getattr(yaml, "CSafeLoader", None)) or yaml.SafeLoader


@cache
def _unique_key_loader(c_parser: bool = True) -> Any:
    """yaml.safe_load's loader (the C one when available: much faster) that refuses a key
    given twice in one mapping: PyYAML keeps the last silently, so a second `tests:` would
    drop the first. Merge keys (`<<:`) may still be overridden."""
    yaml = import_yaml()

    base = _safe_loader(yaml, c_parser)

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

        def construct_yaml_int(self, node: Any) -> Any:
            return _printable_int(super().construct_yaml_int(node))

    UniqueKeyLoader.add_constructor(_INT, UniqueKeyLoader.construct_yaml_int)
    return UniqueKeyLoader
