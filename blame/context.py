"""The run context: what one run of blame owns, created by the command and passed down.

Today that is the plugin registry (check types, agent types and trace formats),
so two runs in one process (tests, an embedding) never see each other's local plugins, and
nothing is kept in module globals. The lookups a run needs are methods here:
`context.check_type(name)`, `context.adapter(name)`, `context.importer(format)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.frozen import dataclass
from blame.plugins import Registry
from blame.plugintypes import ADAPTERS, EVALUATORS, GROUPS, IMPORTERS, Provider

if TYPE_CHECKING:
    from blame.pluginreport import Listing
    from blame.protocols import AgentAdapter, Importer


@dataclass(frozen=True, slots=True)
class RunContext:
    """One run's plugins; make one per command (or per test) and hand it down."""

    plugins: Registry = field(default_factory=Registry)
    """The run's plugin registry: installed entry points plus the config's local plugins."""

    def check_type(self, name: str, *, file: str | None = None, field: str | None = None) -> Any:
        """The object registered for one check type (a `CheckType`, or a 0.1 `Evaluator` that
        `blame.checks.lookup` serves through it); PluginError when unknown or broken."""
        found: Any = self.plugins.get(EVALUATORS.entry_group, name, file=file, field=field)
        return found

    def adapter(
        self, name: str, *, file: str | None = None, field: str | None = None
    ) -> AgentAdapter:
        """The adapter for one agent type; PluginError when unknown or broken."""
        found: AgentAdapter = self.plugins.get(ADAPTERS.entry_group, name, file=file, field=field)
        return found

    def importer(
        self, format: str, *, file: str | None = None, field: str | None = None
    ) -> Importer:
        """The importer for one trace format; PluginError when unknown or broken."""
        found: Importer = self.plugins.get(IMPORTERS.entry_group, format, file=file, field=field)
        return found

    def check_types(self) -> Mapping[str, Any]:
        """Every usable check type by name (imports every evaluator plugin)."""
        return self.plugins.registry(EVALUATORS.entry_group)

    def adapters(self) -> Mapping[str, AgentAdapter]:
        """Every usable agent type by name."""
        return self.plugins.registry(ADAPTERS.entry_group)

    def importers(self) -> Mapping[str, Importer]:
        """Every usable trace format by name, sorted (the order formats are sniffed in)."""
        return self.plugins.registry(IMPORTERS.entry_group)

    def check_type_names(self) -> tuple[str, ...]:
        """Every registered check type, sorted, without importing any plugin."""
        return self.plugins.names(EVALUATORS.entry_group)

    def adapter_names(self) -> tuple[str, ...]:
        """Every registered agent type, sorted, without importing any plugin."""
        return self.plugins.names(ADAPTERS.entry_group)

    def describe(self, obj: Any) -> str:
        """How messages name the plugin behind `obj`."""
        return self.plugins.describe(obj)

    def load_local(
        self, specs: Sequence[str], *, base_dir: Path, file: str | None = None
    ) -> tuple[Provider, ...]:
        """Import the config's `plugins:` list into this run's registry."""
        from blame.localplugins import load_local

        return load_local(self.plugins, specs, base_dir=base_dir, file=file)

    def listing(self) -> tuple[Listing, ...]:
        """Every plugin of every group, loaded and checked: the rows of `blame plugins`."""
        from blame.pluginreport import listing

        return listing([e for group in GROUPS for e in self.plugins.entries(group)])
