"""The plugin registry a run owns: check types, agent types and trace formats.

Installed distributions register objects in three entry-point groups (`blame.evaluators`,
`blame.adapters`, `blame.importers`); the built-ins and the first-party
integrations use the same groups, so nothing here knows which plugin is "ours". A config's
`plugins:` list adds local plugins (`blame.localplugins`).

A `Registry` is created per run (by `blame.context.RunContext`) and holds everything it loads;
nothing is global, so two runs in one process never see each other's plugins. Discovery is
lazy: entry points are listed from metadata read once per process (`blame.entrypoints`), and
an object is imported the first time its name is needed or a whole group is listed. It is
checked: two distributions claiming one name is an error naming both; an object that does not
satisfy its protocol is rejected with the reason; a plugin that fails to import costs one
warning line and leaves the rest of blame working, unless its name is used (`get` then raises
a PluginError naming the plugin and its import error).

`BLAME_DISABLE_PLUGINS=1` ignores every installed distribution except blame's own
(`FIRST_PARTY`); local plugins named in the config still load, because the config asks for them.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from blame.errors import PluginError, describe_object, exception_text
from blame.plugintypes import (
    DISABLE_ENV,
    EVALUATORS,
    FIRST_PARTY,
    GROUPS,
    LOCAL,
    Entry,
    Group,
    Provider,
    disabled,
    instantiate,
    protocol_problem,
)

if TYPE_CHECKING:
    from blame.entrypoints import Declared

    # What a local plugin module calls (docs/plugins.md); they add to the registry being
    # loaded. Imported on first use (`__getattr__`): a run without local plugins needs none.
    from blame.localplugins import (
        register,
        register_adapter,
        register_evaluator,
        register_importer,
    )
    from blame.pluginreport import Failure

__all__ = [
    "DISABLE_ENV",
    "FIRST_PARTY",
    "Registry",
    "disabled",
    "register",
    "register_adapter",
    "register_evaluator",
    "register_importer",
]


class Registry:
    """Every plugin one run can use, loaded on demand; one lock so threads load each once."""

    def __init__(self, *, installed: tuple[Declared, ...] | None = None) -> None:
        """`installed` replaces the entry points found on sys.path (tests, embedding)."""
        self._lock = threading.RLock()
        self._installed = installed
        self._declared: dict[str, dict[str, Declared]] | None = None
        self._loaded: dict[tuple[str, str], Entry] = {}
        self._local: dict[str, dict[str, Entry]] = {}
        self._warned: set[tuple[str, str]] = set()
        self._owner: dict[int, Provider] = {}
        self._ready: dict[tuple[str, str], Any] = {}

    def declared(self, group: str) -> Mapping[str, Declared]:
        """Entry points of a group by name, without importing anything; duplicates rejected."""
        with self._lock:
            if self._declared is None:
                self._declared = self._discover()
            return self._declared.get(group, {})

    def _discover(self) -> dict[str, dict[str, Declared]]:
        if self._installed is None:
            from blame.entrypoints import installed

            self._installed = installed()
        skip_third_party = disabled()
        found: dict[str, dict[str, Declared]] = {g: {} for g in GROUPS}
        for entry in self._installed:  # sorted by group, name, distribution, source
            if entry.group not in found or (
                skip_third_party and entry.distribution not in FIRST_PARTY
            ):
                continue
            first = found[entry.group].setdefault(entry.name, entry)
            if first is not entry:
                raise PluginError(
                    f"{GROUPS[entry.group].noun} {entry.name!r} is registered twice: by "
                    f"{first.distribution} {first.version} ({first.value}) and by "
                    f"{entry.distribution} {entry.version} ({entry.value})",
                    field=f"entry point {entry.group}:{entry.name}",
                    hint=f"uninstall one of them, or set {DISABLE_ENV}=1 to ignore "
                    "third-party plugins",
                )
        return found

    def names(self, group: str) -> tuple[str, ...]:
        """Every name registered in a group, sorted, without importing any plugin."""
        with self._lock:
            return tuple(sorted({*self.declared(group), *self._local.get(group, {})}))

    def provider(self, group: str, name: str) -> Provider | None:
        """Who declares `name` in `group` (a local plugin first), without importing it."""
        with self._lock:
            local = self._local.get(group, {}).get(name)
            if local is not None:
                return local.provider
            declared = self.declared(group).get(name)
            return _provider(declared) if declared is not None else None

    def entry(self, group: str, name: str) -> Entry | None:
        """The entry for one name: a local plugin first, else the entry point (imported once)."""
        with self._lock:
            local = self._local.get(group, {}).get(name)
            if local is not None:
                return local
            cached = self._loaded.get((group, name))
            if cached is not None:
                return cached
            declared = self.declared(group).get(name)
            if declared is None:
                return None
            provider = _provider(declared)
            failure: Failure | None = None
            obj: Any = None
            problem = None
            if declared.distribution not in FIRST_PARTY:  # tried apart first: it may exit
                from blame.supervise import trial

                problem = trial(lambda: instantiate(declared.load()), "being imported")
            try:
                if problem is not None:
                    raise _Ended(problem)
                obj = instantiate(declared.load())
            except _Ended as ended:
                problem = str(ended)
            except (Exception, SystemExit) as error:  # a plugin's import can raise anything
                problem = exception_text(error)
            else:
                problem = protocol_problem(obj, group, name)
            if problem is not None:
                from blame.pluginreport import Failure

                failure, obj = Failure(provider, problem), None
            entry = Entry(provider, obj, failure)
            self._loaded[(group, name)] = entry
            if obj is not None:
                self._owner[id(obj)] = provider
            return entry

    def entries(self, group: str) -> tuple[Entry, ...]:
        """Every entry of a group, loaded, sorted by name; failures included (and warned)."""
        found = []
        for name in self.names(group):
            entry = self.entry(group, name)
            if entry is not None:
                if entry.failure is not None:
                    self.warn(entry.failure)
                found.append(entry)
        return tuple(found)

    def registry(self, group: str) -> Mapping[str, Any]:
        """Every usable object of a group by name (imports them all)."""
        return {e.provider.name: e.obj for e in self.entries(group) if e.obj is not None}

    def warn(self, failure: Failure) -> None:
        """One stderr line per broken plugin and run."""
        key = (failure.provider.group, failure.provider.name)
        if key in self._warned:
            return
        self._warned.add(key)
        noun = GROUPS[failure.provider.group].noun
        from blame.text import printable  # plugin names and errors: no raw escapes

        line = f"blame: warning: {failure.message()}; {noun} {failure.provider.name!r} is"
        sys.stderr.write(printable(f"{line} unavailable") + "\n")

    def get(
        self, group: str, name: str, *, file: str | None = None, field: str | None = None
    ) -> Any:
        """The object registered as `name`; a PluginError says why it is unknown or unusable."""
        ready = self._ready.get((group, name))
        if ready is not None:  # the common case, once per check of every test: no lock
            return ready
        spec = GROUPS[group]
        entry = self.entry(group, name)
        if entry is None:
            known = ", ".join(self.names(group)) or "none"
            raise PluginError(
                f"unknown {spec.noun} {name!r} (known: {known})",
                file=file,
                field=field,
                hint="install the plugin that provides it or list its module under plugins:",
            )
        if entry.failure is not None:
            remedy = "remove the checks that use it"
            if spec is not EVALUATORS:
                remedy = f"use another {spec.noun}"
            raise PluginError(
                f"{spec.noun} {name!r} comes from {entry.failure.message()}",
                file=file,
                field=field,
                hint=f"fix or reinstall that plugin, or {remedy}",
            )
        self._ready[(group, name)] = entry.obj
        return entry.obj

    def load_error(self, group: str, name: str) -> str | None:
        """Why the plugin behind `name` failed to load (one line), or None."""
        entry = self.entry(group, name)
        return entry.failure.message() if entry is not None and entry.failure is not None else None

    def provider_of(self, obj: Any) -> Provider | None:
        """Which plugin registered this object, if any."""
        return self._owner.get(id(obj))

    def describe(self, obj: Any) -> str:
        """How messages name the plugin behind `obj`."""
        provider = self.provider_of(obj)
        return provider.describe() if provider is not None else f"{type(obj).__module__} object"

    def add_local(self, spec: Group, obj: Any, source: str) -> None:
        """Register one local plugin object under its name; a name taken is an error."""
        problem = protocol_problem(obj, spec.entry_group)
        if problem is not None:
            raise PluginError(f"cannot register {describe_object(obj)}: {problem}", field=source)
        name: str = getattr(obj, spec.key)
        provider = Provider(spec.entry_group, name, LOCAL, "", source)
        with self._lock:
            taken = self._local.get(spec.entry_group, {}).get(name)
            if taken is not None and taken.obj is not obj:
                raise PluginError(
                    f"{spec.noun} {name!r} is registered twice: by {taken.provider.describe()} "
                    f"and by {provider.describe()}",
                    field=source,
                    hint="rename one of them",
                )
            installed = self.declared(spec.entry_group).get(name)
            if installed is not None:
                raise PluginError(
                    f"{spec.noun} {name!r} is registered twice: by {installed.distribution} "
                    f"{installed.version} ({installed.value}) and by {provider.describe()}",
                    field=source,
                    hint="rename the local one",
                )
            self._local.setdefault(spec.entry_group, {})[name] = Entry(provider, obj)
            self._owner[id(obj)] = provider

    def local_providers(self) -> tuple[Provider, ...]:
        """The local plugins registered, by group then name."""
        with self._lock:
            return tuple(
                entry.provider
                for group in GROUPS
                for _, entry in sorted(self._local.get(group, {}).items())
            )

    def local_count(self) -> int:
        """How many local plugin objects are registered (to tell whether a module added any)."""
        with self._lock:
            return sum(len(group) for group in self._local.values())


class _Ended(Exception):
    """A plugin's import ended or froze the process it was tried in."""


def _provider(declared: Declared) -> Provider:
    return Provider(
        declared.group, declared.name, declared.distribution, declared.version, declared.value
    )


_LOCAL_API = frozenset({"register", "register_adapter", "register_evaluator", "register_importer"})


def __getattr__(name: str) -> Any:
    """`register` and its kin, from `blame.localplugins`, when a local plugin asks for them."""
    if name in _LOCAL_API:
        from blame import localplugins

        return getattr(localplugins, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
