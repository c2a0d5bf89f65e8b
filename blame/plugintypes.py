"""What the plugin registry talks about: the four plugin groups, where a name comes from, and
why an object cannot serve (its protocol check). A plugin that could not be used and the
`blame plugins` listing are in `blame.pluginreport`."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from blame.frozen import dataclass
from blame.protocols import AgentAdapter, CheckType, Importer

if TYPE_CHECKING:
    from blame.pluginreport import Failure
    from blame.plugins import Registry

DISABLE_ENV: Final = "BLAME_DISABLE_PLUGINS"
"""Set to 1 (or true/yes) to ignore third-party plugin distributions."""

FIRST_PARTY: Final = frozenset(
    {
        "blame-ag2",
        "blame-agents",
        "blame-crewai",
        "blame-jsonschema",
        "blame-langgraph",
        "blame-openai-agents",
        "blame-pydantic-ai",
        "blame-smolagents",
    }
)
"""Distributions shipped from blame's repository; they stay on under BLAME_DISABLE_PLUGINS."""

LOCAL: Final = "local"
"""The `distribution` of a plugin loaded from the config's `plugins:` list."""


@dataclass(frozen=True, slots=True)
class Group:
    """One kind of plugin: its entry-point group and the protocol its objects satisfy."""

    entry_group: str
    """Entry-point group name, e.g. `blame.evaluators`."""
    key: str
    """The attribute that holds the object's registry name (`type`, `format`, `check_type`)."""
    noun: str
    """What a name in this group is called in messages, e.g. `check type`."""
    protocol: type[Any]
    """The protocol class, for messages."""
    methods: tuple[str, ...]
    """Methods the object must have."""
    optional: tuple[str, ...] = ()
    """Methods the object may have; when present they must be callable."""


EVALUATORS: Final = Group(
    "blame.evaluators",
    "type",
    "check type",
    CheckType,
    ("label", "evaluate"),
    ("bind", "validate", "attribute", "patch", "resolve"),
)
ADAPTERS: Final = Group("blame.adapters", "type", "agent type", AgentAdapter, ("load",))
IMPORTERS: Final = Group("blame.importers", "format", "trace format", Importer, ("sniff", "load"))
GROUPS: Final = {g.entry_group: g for g in (EVALUATORS, ADAPTERS, IMPORTERS)}
"""Every plugin group by entry-point group name, in a fixed order."""


@dataclass(frozen=True, slots=True)
class Provider:
    """Where one registered name comes from."""

    group: str
    """Entry-point group, e.g. `blame.evaluators`."""
    name: str
    """The registered name: check type, agent type, trace format or patched check type."""
    distribution: str
    """The installed distribution (`blame-jsonschema`), or `local` for a config plugin."""
    version: str
    """The distribution's version; empty for a local plugin."""
    source: str
    """The entry point's `module:attr`, or the `plugins:` item that registered it."""

    def describe(self) -> str:
        """How messages name the plugin, so a user knows what to fix or uninstall."""
        if self.distribution == LOCAL:
            return f"local plugin {self.source}"
        return (
            f"plugin {self.distribution} {self.version} "
            f"(entry point {self.group}:{self.name} = {self.source})"
        )


@dataclass(frozen=True, slots=True)
class Entry:
    """A registered object with its provenance; `obj` is None when loading it failed."""

    provider: Provider
    """Where it comes from."""
    obj: Any
    """The loaded plugin object, or None."""
    failure: Failure | None = None
    """Why it could not be loaded, if it could not."""


def disabled() -> bool:
    """Whether BLAME_DISABLE_PLUGINS asks to ignore third-party distributions."""
    return os.environ.get(DISABLE_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def protocol_problem(obj: Any, group: str, name: str | None = None) -> str | None:
    """Why `obj` cannot serve in `group` (under `name`), or None when it can."""
    spec = GROUPS[group]
    problems: list[str] = []
    key = getattr(obj, spec.key, None)
    if not isinstance(key, str) or not key:
        problems.append(f"its {spec.key} attribute must be a non-empty string, got {key!r}")
    elif name is not None and key != name:
        problems.append(f"its {spec.key} is {key!r} but it is registered as {name!r}")
    missing = [m for m in spec.methods if not callable(getattr(obj, m, None))]
    if missing:
        problems.append("missing method " + ", ".join(f"{m}()" for m in missing))
    broken = [m for m in spec.optional if hasattr(obj, m) and not callable(getattr(obj, m))]
    if broken:
        problems.append("not callable: " + ", ".join(broken))
    if not problems:
        return None
    return (
        f"{type(obj).__name__} object does not satisfy the {spec.protocol.__name__} "
        f"protocol: {'; '.join(problems)}"
    )


def instantiate(obj: Any) -> Any:
    """Entry points may name a class with a no-argument constructor, or an instance."""
    return obj() if isinstance(obj, type) else obj


CORE = "blame-agents"
"""blame's own distribution: its check types and trace readers bound themselves (sizes, regex
time) and are the only code a run may execute outside a worker."""


def foreign_code(registry: Registry, check_types: Iterable[str], *, readers: bool) -> bool:
    """Whether a check type of `check_types`, or (with `readers`) an installed trace reader,
    comes from a distribution other than blame's own: plugin code that may exit or hang."""
    for name in check_types:
        provider = registry.provider(EVALUATORS.entry_group, name)
        if provider is None or provider.distribution != CORE:
            return True
    if readers:
        for name in registry.names(IMPORTERS.entry_group):
            provider = registry.provider(IMPORTERS.entry_group, name)
            if provider is None or provider.distribution != CORE:
                return True
    return False
