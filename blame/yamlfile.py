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
    except UnicodeDecodeError as error:
        raise ConfigError(
            f"cannot read: {error}", file=str(path), hint="save it as UTF-8 text"
        ) from None
    except OSError as error:
        raise ConfigError(f"cannot read: {error}", file=str(path)) from None
    import yaml

    try:
        try:
            return _check_yaml_shape(text, path, build=True)
        except _Unusual:
            pass
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


class _Unusual(Exception):
    """Something the one-pass reader does not build: the two-pass path reads the file."""


def _check_yaml_shape(text: str, path: Path, *, build: bool = False) -> Any:
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
    """
    import yaml

    sizes: dict[str, tuple[int, int]] = {}
    # [values, characters, anchor] per open collection. The sums over the stack are kept as
    # running totals: closing a collection moves its counts to its parent, leaving them alone.
    stack: list[list[Any]] = [[0, 0, None]]
    totals = [0, 0]
    built = _Builder(yaml) if build else None

    def done(values: int, chars: int, anchor: str | None, event: Any) -> None:
        if anchor is not None:
            sizes[anchor] = (values, chars)
        top = stack[-1]
        top[0] += values
        top[1] += chars
        if totals[0] > MAX_YAML_VALUES or totals[1] > MAX_YAML_CHARS:
            line = event.start_mark.line + 1 if event.start_mark else 0
            raise ConfigError(
                f"holds more than {MAX_YAML_VALUES:,} values or {MAX_YAML_CHARS:,} characters "
                f"once its aliases are expanded (at line {line})",
                file=str(path),
                hint="a blame.yaml is small: write fewer values, or use fewer aliases",
            )

    scalar, alias = yaml.ScalarEvent, yaml.AliasEvent
    starts = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    ends = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    event: Any
    for event in yaml.parse(text, Loader=loader):
        kind = type(event)
        if kind is scalar:
            chars = len(event.value)
            totals[0] += 1
            totals[1] += chars
            done(1, chars, event.anchor, event)
            if built is not None:
                built.scalar(event)
        elif kind is alias:
            values, chars = sizes.get(event.anchor or "", (1, 0))
            totals[0] += values
            totals[1] += chars
            done(values, chars, None, event)
            if built is not None:
                built.alias(event.anchor)
        elif kind in starts:
            if len(stack) > MAX_YAML_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark else 0
                raise ConfigError(
                    f"nested more than {MAX_YAML_DEPTH} levels deep (line {line})",
                    file=str(path),
                    hint="a blame.yaml needs a few levels",
                )
            totals[0] += 1
            stack.append([1, 0, event.anchor])
            if built is not None:
                built.start(event)
        elif kind in ends:
            values, chars, anchor = stack.pop()
            done(values, chars, anchor, event)
            if built is not None:
                built.end()
        elif built is not None and kind is yaml.DocumentStartEvent:
            built.document()
    return None if built is None else built.value()


class _Builder:
    """Values from parser events, as `_unique_key_loader` builds them (see `_check_yaml_shape`)."""

    def __init__(self, yaml: Any) -> None:
        self.loader = yaml.SafeLoader("")
        self.node = yaml.ScalarNode
        self.str_tag = "tag:yaml.org,2002:str"
        self.tags = {None: None, "!": None}
        self.collections = {
            yaml.MappingStartEvent: ("tag:yaml.org,2002:map", dict),
            yaml.SequenceStartEvent: ("tag:yaml.org,2002:seq", list),
        }
        self.anchors: dict[str, Any] = {}
        self.open: list[list[Any]] = [[[], None, None, False]]  # [value, anchor, key, has key]
        self.documents = 0

    def document(self) -> None:
        self.documents += 1
        if self.documents > 1:
            raise _Unusual

    def scalar(self, event: Any) -> None:
        tag = event.tag
        if tag in self.tags:
            tag = self.loader.resolve(self.node, event.value, event.implicit)
        if tag == self.str_tag:
            value = event.value
        else:
            construct = self.loader.yaml_constructors.get(tag)
            if construct is None or tag == "tag:yaml.org,2002:merge":
                raise _Unusual
            node = self.node(tag, event.value, event.start_mark, event.end_mark, event.style)
            try:
                value = construct(self.loader, node)
            except Exception:  # the loader, after the limits, says what is wrong
                raise _Unusual from None
        self._put(value, scalar=True)
        if event.anchor is not None:
            self.anchors[event.anchor] = value

    def alias(self, anchor: str | None) -> None:
        if anchor not in self.anchors:
            raise _Unusual
        self._put(self.anchors[anchor], scalar=False)

    def start(self, event: Any) -> None:
        tag, make = self.collections[type(event)]
        if event.tag is not None and event.tag != "!" and event.tag != tag:
            raise _Unusual
        self.open.append([make(), event.anchor, None, False])

    def end(self) -> None:
        value, anchor, _, has_key = self.open.pop()
        if has_key:
            raise _Unusual
        self._put(value, scalar=False)
        if anchor is not None:
            self.anchors[anchor] = value

    def _put(self, value: Any, *, scalar: bool) -> None:
        frame = self.open[-1]
        into = frame[0]
        if type(into) is list:
            into.append(value)
        elif not frame[3]:  # a key: a scalar, hashable, new in this mapping
            if not scalar:
                raise _Unusual
            try:
                if value in into:
                    raise _Unusual
            except TypeError:
                raise _Unusual from None
            frame[2], frame[3] = value, True
        else:
            into[frame[2]] = value
            frame[2], frame[3] = None, False

    def value(self) -> Any:
        documents: list[Any] = self.open[0][0]
        return documents[0] if documents else None


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
