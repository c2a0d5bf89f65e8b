"""Find evaluators, adapters, importers and patch suggesters through entry points.

Discovery is lazy (nothing here runs until a command needs a registry), sorted, and cached
per process.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from blame.errors import PluginError
from blame.protocols import AgentAdapter, Evaluator, Importer, PatchSuggester

GROUPS = {
    "blame.evaluators": ("type", Evaluator),
    "blame.adapters": ("type", AgentAdapter),
    "blame.importers": ("format", Importer),
    "blame.patches": ("check_type", PatchSuggester),
}


@cache
def _load_group(group: str) -> Mapping[str, Any]:
    from importlib.metadata import entry_points

    key_attr, protocol = GROUPS[group]
    found: dict[str, Any] = {}
    for entry in sorted(entry_points(group=group), key=lambda e: (e.name, e.value)):
        obj = entry.load()
        if isinstance(obj, type):
            obj = obj()
        if not isinstance(obj, protocol):
            raise PluginError(
                f"{entry.value} does not satisfy the {protocol.__name__} protocol",
                field=f"entry point {group}:{entry.name}",
            )
        found[getattr(obj, key_attr, entry.name)] = obj
    return dict(sorted(found.items()))


def evaluators() -> Mapping[str, Evaluator]:
    """Every check type, by name."""
    return _load_group("blame.evaluators")


def adapters() -> Mapping[str, AgentAdapter]:
    """Every agent type, by name."""
    return _load_group("blame.adapters")


def importers() -> Mapping[str, Importer]:
    """Every trace format, by name."""
    return _load_group("blame.importers")


def patch_suggesters() -> Mapping[str, PatchSuggester]:
    """Every plugin patch phrasing, by check type."""
    return _load_group("blame.patches")
