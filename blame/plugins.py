"""Find evaluators, adapters, importers and patch suggesters: entry points and local plugins.

Installed distributions register objects in four entry-point groups (`blame.evaluators`,
`blame.adapters`, `blame.importers`, `blame.patches`); the built-ins and the first-party
integrations use the same groups, so nothing here knows which plugin is "ours". A config's
`plugins:` list adds local plugins (see `load_local`).

Discovery is lazy: nothing runs until a command asks for a registry, and then only entry-point
metadata is read; an object is imported the first time its name is needed (`get`) or when a
whole registry is listed. It is checked: two distributions claiming one name is an error naming
both; an object that does not satisfy its protocol is rejected with the reason; a plugin that
fails to import costs one warning line and leaves the rest of blame working, unless its name is
actually used (`get` then raises a PluginError naming the plugin and its import error).

`BLAME_DISABLE_PLUGINS=1` ignores every installed distribution except blame's own
(`FIRST_PARTY`); local plugins named in the config still load, because the config asks for them.
"""

from __future__ import annotations

import importlib
import os
import sys
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from blame.errors import BlameError, PluginError
from blame.model import Check, Evaluation, Suspect, Trace
from blame.protocols import AgentAdapter, Evaluator, Importer, PatchSuggester

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from blame.graph import StepGraph
    from blame.model import CheckResult

_T = TypeVar("_T")

DISABLE_ENV: Final = "BLAME_DISABLE_PLUGINS"
"""Set to 1 (or true/yes) to ignore third-party plugin distributions."""

FIRST_PARTY: Final = frozenset(
    {"blame-agents", "blame-crewai", "blame-jsonschema", "blame-langgraph"}
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
    """The protocol class, for messages and `isinstance` checks."""
    methods: tuple[str, ...]
    """Methods the object must have."""
    optional: tuple[str, ...] = ()
    """Methods the object may have; when present they must be callable."""


EVALUATORS: Final = Group(
    "blame.evaluators",
    "type",
    "check type",
    Evaluator,
    ("validate", "label", "evaluate"),
    ("attribute", "patch", "resolve"),
)
ADAPTERS: Final = Group("blame.adapters", "type", "agent type", AgentAdapter, ("load",))
IMPORTERS: Final = Group("blame.importers", "format", "trace format", Importer, ("sniff", "load"))
PATCHES: Final = Group(
    "blame.patches", "check_type", "patch suggester", PatchSuggester, ("suggest",)
)
GROUPS: Final = {g.entry_group: g for g in (EVALUATORS, ADAPTERS, IMPORTERS, PATCHES)}
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
class Failure:
    """A plugin that could not be used, and why."""

    provider: Provider
    """Which plugin."""
    error: str
    """`ExceptionType: message` for an import error, or why the object was rejected."""

    def message(self) -> str:
        """One line naming the plugin and the error."""
        return f"{self.provider.describe()} failed to load: {self.error}"


@dataclass(frozen=True, slots=True)
class Entry:
    """A registered object with its provenance; `obj` is None when loading it failed."""

    provider: Provider
    """Where it comes from."""
    obj: Any
    """The loaded plugin object, or None."""
    failure: Failure | None = None
    """Why it could not be loaded, if it could not."""


class _State:
    """The process-wide registry; guarded by one lock so threads load each plugin once."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        # Every installed entry point: EntryPoints (SelectableGroups on Python 3.10).
        self.installed: Any = None
        self.declared: dict[str, dict[str, tuple[Provider, EntryPoint]]] = {}
        self.loaded: dict[tuple[str, str], Entry] = {}
        self.local: dict[str, dict[str, Entry]] = {}
        self.warned: set[tuple[str, str]] = set()
        self.owner: dict[int, Provider] = {}


_state = _State()


def reset() -> None:
    """Forget everything discovered or registered (tests; embedding with changed sys.path)."""
    global _state
    _state = _State()


def disabled() -> bool:
    """Whether BLAME_DISABLE_PLUGINS asks to ignore third-party distributions."""
    return os.environ.get(DISABLE_ENV, "").strip().lower() in {"1", "true", "yes", "on"}


def _normalize(name: str) -> str:
    return "-".join(name.replace("_", "-").replace(".", "-").lower().split("-"))


def _declared(group: str) -> dict[str, tuple[Provider, EntryPoint]]:
    """Entry-point metadata for a group, without importing anything; checks for duplicates."""
    with _state.lock:
        if group in _state.declared:
            return _state.declared[group]
        if _state.installed is None:
            from importlib.metadata import entry_points

            # One scan of every installed distribution serves all four groups.
            _state.installed = entry_points()
        skip_third_party = disabled()
        found: dict[str, tuple[Provider, EntryPoint]] = {}
        candidates = []
        for entry in _state.installed.select(group=group):
            dist = getattr(entry, "dist", None)
            dist_name = _normalize((dist.metadata["Name"] if dist else None) or "unknown")
            version = dist.version if dist is not None else ""
            if skip_third_party and dist_name not in FIRST_PARTY:
                continue
            provider = Provider(group, entry.name, dist_name, version, entry.value)
            candidates.append((provider, entry))
        candidates.sort(key=lambda c: (c[0].name, c[0].distribution, c[0].source))
        for provider, entry in candidates:
            previous = found.get(provider.name)
            if previous is None:
                found[provider.name] = (provider, entry)
                continue
            first = previous[0]
            if (first.distribution, first.source) == (provider.distribution, provider.source):
                continue  # one distribution seen twice on sys.path: the same plugin
            raise PluginError(
                f"{GROUPS[group].noun} {provider.name!r} is registered twice: by "
                f"{first.distribution} {first.version} ({first.source}) and by "
                f"{provider.distribution} {provider.version} ({provider.source})",
                field=f"entry point {group}:{provider.name}",
                hint=f"uninstall one of them, or set {DISABLE_ENV}=1 to ignore third-party plugins",
            )
        _state.declared[group] = found
        return found


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


def _instantiate(obj: Any) -> Any:
    """Entry points may name a class with a no-argument constructor, or an instance."""
    return obj() if isinstance(obj, type) else obj


def _warn(failure: Failure) -> None:
    key = (failure.provider.group, failure.provider.name)
    if key in _state.warned:
        return
    _state.warned.add(key)
    noun = GROUPS[failure.provider.group].noun
    sys.stderr.write(
        f"blame: warning: {failure.message()}; {noun} {failure.provider.name!r} is unavailable\n"
    )


def _load(group: str, name: str) -> Entry | None:
    """The entry for one name: a local plugin first, else the entry point (imported once)."""
    with _state.lock:
        local = _state.local.get(group, {}).get(name)
        if local is not None:
            return local
        cached = _state.loaded.get((group, name))
        if cached is not None:
            return cached
        declared = _declared(group).get(name)
        if declared is None:
            return None
        provider, entry_point = declared
        failure: Failure | None = None
        obj: Any = None
        try:
            obj = _instantiate(entry_point.load())
        except (Exception, SystemExit) as error:  # a plugin's import can raise anything
            failure = Failure(provider, _exception_text(error))
        else:
            problem = protocol_problem(obj, group, name)
            if problem is not None:
                failure = Failure(provider, problem)
                obj = None
        entry = Entry(provider, obj, failure)
        _state.loaded[(group, name)] = entry
        if obj is not None:
            _state.owner[id(obj)] = provider
        return entry


def _exception_text(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def names(group: str) -> tuple[str, ...]:
    """Every name registered in a group, sorted, without importing any plugin."""
    with _state.lock:
        return tuple(sorted({*_declared(group), *_state.local.get(group, {})}))


def entries(group: str) -> tuple[Entry, ...]:
    """Every entry of a group, loaded, sorted by name; failures included (and warned about)."""
    found = []
    for name in names(group):
        entry = _load(group, name)
        if entry is not None:
            if entry.failure is not None:
                _warn(entry.failure)
            found.append(entry)
    return tuple(found)


def _registry(group: str) -> Mapping[str, Any]:
    return {e.provider.name: e.obj for e in entries(group) if e.obj is not None}


def get(group: str, name: str, *, file: str | None = None, field: str | None = None) -> Any:
    """The object registered as `name`; a PluginError says why it is unknown or unusable."""
    spec = GROUPS[group]
    entry = _load(group, name)
    if entry is None:
        known = ", ".join(names(group)) or "none"
        raise PluginError(
            f"unknown {spec.noun} {name!r} (known: {known})",
            file=file,
            field=field,
            hint="install the plugin that provides it or list its module under plugins:",
        )
    if entry.failure is not None:
        raise PluginError(
            f"{spec.noun} {name!r} comes from {entry.failure.message()}",
            file=file,
            field=field,
            hint="fix or reinstall that plugin, or "
            + (
                "remove the checks that use it"
                if spec is EVALUATORS
                else f"use another {spec.noun}"
            ),
        )
    return entry.obj


def load_error(group: str, name: str) -> str | None:
    """Why the plugin behind `name` failed to load (one line), or None if it loads or is unknown."""
    entry = _load(group, name)
    return entry.failure.message() if entry is not None and entry.failure is not None else None


def load_error_for(check_type: str) -> str | None:
    """`load_error` for a check type: what the config loader reports for a broken plugin."""
    return load_error(EVALUATORS.entry_group, check_type)


def provider_of(obj: Any) -> Provider | None:
    """Which plugin registered this object, if any."""
    with _state.lock:
        return _state.owner.get(id(obj))


def describe(obj: Any) -> str:
    """How messages name the plugin behind `obj`."""
    provider = provider_of(obj)
    return provider.describe() if provider is not None else f"{type(obj).__module__} object"


def evaluators() -> Mapping[str, Evaluator]:
    """Every usable check type, by name (imports every evaluator plugin)."""
    return _registry(EVALUATORS.entry_group)


def adapters() -> Mapping[str, AgentAdapter]:
    """Every usable agent type, by name."""
    return _registry(ADAPTERS.entry_group)


def importers() -> Mapping[str, Importer]:
    """Every usable trace format, by name."""
    return _registry(IMPORTERS.entry_group)


def patch_suggesters() -> Mapping[str, PatchSuggester]:
    """Every plugin patch phrasing, by check type."""
    return _registry(PATCHES.entry_group)


def evaluator(check_type: str, *, file: str | None = None, field: str | None = None) -> Evaluator:
    """The evaluator for one check type, importing only its plugin."""
    found: Evaluator = get(EVALUATORS.entry_group, check_type, file=file, field=field)
    return found


def adapter(agent_type: str, *, file: str | None = None, field: str | None = None) -> AgentAdapter:
    """The adapter for one agent type, importing only its plugin."""
    found: AgentAdapter = get(ADAPTERS.entry_group, agent_type, file=file, field=field)
    return found


def patch_suggester(check_type: str) -> PatchSuggester | None:
    """The `blame.patches` plugin for a check type, or None (including when it fails to load)."""
    entry = _load(PATCHES.entry_group, check_type)
    if entry is None:
        return None
    if entry.failure is not None:
        _warn(entry.failure)
    found: PatchSuggester | None = entry.obj
    return found


# Local plugins ------------------------------------------------------------------------------


def register(obj: Any, *, source: str | None = None) -> tuple[str, ...]:
    """Register a plugin object by the protocol it satisfies; returns the groups it joined.

    Meant for the functions named in a config's `plugins:` list. A class is instantiated with no
    arguments. Raises PluginError if the object fits no protocol or its name is already taken.
    """
    obj = _instantiate(obj)
    joined = [g for g in GROUPS if protocol_problem(obj, g) is None]
    if not joined:
        reasons = "; or ".join(
            problem for g in GROUPS if (problem := protocol_problem(obj, g)) is not None
        )
        raise PluginError(
            f"cannot register {_display(obj)}: {reasons}",
            field=source,
            hint="see the Evaluator, AgentAdapter, Importer and PatchSuggester protocols",
        )
    for group in joined:
        _register(GROUPS[group], obj, source)
    return tuple(joined)


def register_evaluator(obj: _T, *, source: str | None = None) -> _T:
    """Register a check type (an `Evaluator`); returns `obj` (usable as a decorator)."""
    _register(EVALUATORS, _instantiate(obj), source)
    return obj


def register_adapter(obj: _T, *, source: str | None = None) -> _T:
    """Register an agent type (an `AgentAdapter`); returns `obj` (usable as a decorator)."""
    _register(ADAPTERS, _instantiate(obj), source)
    return obj


def register_importer(obj: _T, *, source: str | None = None) -> _T:
    """Register a trace format (an `Importer`); returns `obj` (usable as a decorator)."""
    _register(IMPORTERS, _instantiate(obj), source)
    return obj


def register_patch_suggester(obj: _T, *, source: str | None = None) -> _T:
    """Register a check type's patch phrasing (a `PatchSuggester`); returns `obj`."""
    _register(PATCHES, _instantiate(obj), source)
    return obj


_current_source: str | None = None


def _display(obj: Any) -> str:
    return f"{type(obj).__module__}.{type(obj).__qualname__} object"


def _register(spec: Group, obj: Any, source: str | None) -> None:
    source = source or _current_source or _display(obj)
    problem = protocol_problem(obj, spec.entry_group)
    if problem is not None:
        raise PluginError(f"cannot register {_display(obj)}: {problem}", field=source)
    name: str = getattr(obj, spec.key)
    provider = Provider(spec.entry_group, name, LOCAL, "", source)
    with _state.lock:
        taken = _state.local.get(spec.entry_group, {}).get(name)
        if taken is not None and taken.obj is not obj:
            raise PluginError(
                f"{spec.noun} {name!r} is registered twice: by {taken.provider.describe()} "
                f"and by {provider.describe()}",
                field=source,
                hint="rename one of them",
            )
        installed = _declared(spec.entry_group).get(name)
        if installed is not None:
            other = installed[0]
            raise PluginError(
                f"{spec.noun} {name!r} is registered twice: by {other.distribution} "
                f"{other.version} ({other.source}) and by {provider.describe()}",
                field=source,
                hint="rename the local one",
            )
        _state.local.setdefault(spec.entry_group, {})[name] = Entry(provider, obj)
        _state.owner[id(obj)] = provider


def load_local(
    specs: Sequence[str], *, base_dir: Path, file: str | None = None
) -> tuple[Provider, ...]:
    """Load the config's `plugins:` list, replacing any earlier local plugins.

    Each item is `module` or `module:function`, imported with `base_dir` (the config's folder)
    first on sys.path:
    - `module`: the module's `blame_plugins` attribute, a list of plugin objects (or classes),
      is registered; each object joins every group whose protocol it satisfies. Top-level
      `register()` calls in the module count too (a module beside the config is re-imported on
      each load, so they run each time).
    - `module:function`: `function()` is called with no arguments; it may call `register()` /
      `register_evaluator()` itself and may return a plugin object or an iterable of them,
      which are registered too.
    Errors (import error, missing attribute, wrong object, name clash) raise PluginError naming
    the config file and the `plugins[i]` item.
    """
    global _current_source
    with _state.lock:
        _state.local = {}
        folder = str(base_dir.resolve())
        if folder in sys.path:
            sys.path.remove(folder)
        sys.path.insert(0, folder)
        for position, spec in enumerate(specs):
            field = f"plugins[{position}]"
            if not isinstance(spec, str) or not _valid_spec(spec):
                raise PluginError(
                    f"expected 'module' or 'module:function', got {spec!r}",
                    file=file,
                    field=field,
                )
            _current_source = spec
            try:
                _load_one(spec, base_dir=base_dir, file=file, field=field)
            except PluginError as error:
                if error.file is None:
                    raise PluginError(
                        error.message, file=file, field=f"{field} ({spec})", hint=error.hint
                    ) from None
                raise
            finally:
                _current_source = None
        return tuple(
            entry.provider
            for group in GROUPS
            for _, entry in sorted(_state.local.get(group, {}).items())
        )


def _valid_spec(spec: str) -> bool:
    module, _, function = spec.partition(":")
    parts = [*module.split("."), *([function] if ":" in spec else [])]
    return all(part.isidentifier() for part in parts)


def _load_one(spec: str, *, base_dir: Path, file: str | None, field: str) -> None:
    module_name, _, function_name = spec.partition(":")
    before = sum(len(group) for group in _state.local.values())
    module = _import_local(module_name, base_dir, file=file, field=field)
    if not function_name:
        plugins = getattr(module, "blame_plugins", None)
        if plugins is not None:
            _register_all(plugins, spec)
        if sum(len(group) for group in _state.local.values()) == before:
            raise PluginError(
                f"module {module_name!r} registered no plugin",
                file=file,
                field=field,
                hint="define blame_plugins = [...] in it, or name a function: module:function",
            )
        return
    function = getattr(module, function_name, None)
    if not callable(function):
        raise PluginError(
            f"module {module_name!r} has no function {function_name!r}", file=file, field=field
        )
    try:
        returned = function()
    except PluginError:
        raise
    except Exception as error:
        raise PluginError(
            f"local plugin {spec} raised {_exception_text(error)}", file=file, field=field
        ) from None
    if returned is not None:
        _register_all(returned, spec)


def _import_local(module_name: str, base_dir: Path, *, file: str | None, field: str) -> Any:
    """Import (again) a plugin module, so its top-level `register()` calls run for this config.

    A module of that name imported earlier (from this folder, or from another config's folder)
    is dropped first: each config load sees the plugin as a fresh process would.
    """
    top = module_name.split(".")[0]
    folder = base_dir.resolve()
    beside = (folder / f"{top}.py").is_file() or (folder / top / "__init__.py").is_file()
    existing = sys.modules.get(top)
    if existing is not None and (beside or _lives_in(existing, folder)):
        for name in [n for n in sys.modules if n == top or n.startswith(top + ".")]:
            del sys.modules[name]
        importlib.invalidate_caches()
    try:
        return importlib.import_module(module_name)
    except (Exception, SystemExit) as error:  # a plugin's import can raise anything
        raise PluginError(
            f"cannot import local plugin {module_name!r}: {_exception_text(error)}",
            file=file,
            field=field,
            hint=f"put {top}.py beside the config file or install it",
        ) from None


def _lives_in(module: Any, folder: Path) -> bool:
    location = getattr(module, "__file__", None)
    return isinstance(location, str) and Path(location).resolve().is_relative_to(folder)


def _register_all(plugins: Any, source: str) -> None:
    if isinstance(plugins, (str, bytes)) or not isinstance(plugins, Iterable):
        plugins = [plugins]
    for obj in plugins:
        register(obj, source=source)


# Calling plugin code safely -----------------------------------------------------------------


def call_evaluate(evaluator: Evaluator, check: Check, trace: Trace) -> Evaluation:
    """`evaluator.evaluate`, with any exception or wrong return turned into a PluginError.

    The runner turns that PluginError into an errored check; its message names the plugin.
    """
    result = _call(evaluator, "evaluate", check, lambda: evaluator.evaluate(check, trace))
    if not isinstance(result, Evaluation):
        raise PluginError(
            f"{describe(evaluator)} returned {type(result).__name__} from evaluate(), "
            "expected blame.model.Evaluation",
            field=f"check {check.name}",
        )
    return result


def call_attribute(
    evaluator: Evaluator, check: Check, evaluation: Evaluation, graph: StepGraph
) -> tuple[Suspect, ...] | None:
    """The evaluator's own suspects, or None when it has no `attribute` or defers to the engine."""
    method: Callable[..., Any] | None = getattr(evaluator, "attribute", None)
    if method is None:
        return None
    result = _call(evaluator, "attribute", check, lambda: method(check, evaluation, graph))
    if result is None:
        return None
    if isinstance(result, Iterable):
        suspects = tuple(result)
        if all(isinstance(s, Suspect) for s in suspects):
            return suspects
    raise PluginError(
        f"{describe(evaluator)} returned {type(result).__name__} from attribute(), "
        "expected a sequence of blame.model.Suspect or None",
        field=f"check {check.name}",
    )


def call_patch(evaluator: Evaluator, check: Check, suspect: Suspect) -> str | None:
    """The evaluator's own patch phrasing for a culprit, or None for the generic phrasing."""
    method: Callable[..., Any] | None = getattr(evaluator, "patch", None)
    if method is None:
        return None
    result = _call(evaluator, "patch", check, lambda: method(check, suspect))
    if result is None or isinstance(result, str):
        return result
    raise PluginError(
        f"{describe(evaluator)} returned {type(result).__name__} from patch(), "
        "expected str or None",
        field=f"check {check.name}",
    )


def call_suggest(
    suggester: PatchSuggester, check: Check, result: CheckResult, suspect: Suspect
) -> str | None:
    """A `blame.patches` plugin's phrasing, with failures turned into a PluginError."""
    text = _call(suggester, "suggest", check, lambda: suggester.suggest(check, result, suspect))
    if text is None or isinstance(text, str):
        return text
    raise PluginError(
        f"{describe(suggester)} returned {type(text).__name__} from suggest(), "
        "expected str or None",
        field=f"check {check.name}",
    )


def _call(obj: Any, method: str, check: Check, thunk: Callable[[], Any]) -> Any:
    try:
        return thunk()
    except PluginError:
        raise
    except Exception as error:  # plugin code can raise anything; blame must not crash
        raise PluginError(
            f"{describe(obj)} raised {_exception_text(error)} in {method}()",
            field=f"check {check.name}",
            hint="this is a bug in the plugin; report it to its authors",
        ) from error


# Listing ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Listing:
    """One row of `blame plugins`."""

    kind: str
    """check type, agent type, trace format or patch suggester."""
    name: str
    """The registered name."""
    distribution: str
    """Who provides it (`local` for a config plugin)."""
    version: str
    """The distribution's version."""
    source: str
    """Entry-point value or `plugins:` item."""
    error: str | None
    """Why it cannot be used, or None when it loaded."""


def listing() -> tuple[Listing, ...]:
    """Every registered name of every group, loaded and checked, sorted by kind then name."""
    rows = []
    for group, spec in GROUPS.items():
        for entry in entries(group):
            p = entry.provider
            error = entry.failure.error if entry.failure is not None else None
            rows.append(Listing(spec.noun, p.name, p.distribution, p.version, p.source, error))
    return tuple(sorted(rows, key=lambda r: (r.kind, r.name)))


def provider(group: str, name: str) -> Provider | None:
    """Who declares `name` in `group` (a local plugin first), without importing it."""
    with _state.lock:
        local = _state.local.get(group, {}).get(name)
        if local is not None:
            return local.provider
        declared = _declared(group).get(name)
        return declared[0] if declared is not None else None


def format_listing(rows: Sequence[Listing]) -> str:
    """Plain aligned columns, one row per line; a broken plugin's row ends with its error."""
    header = ("KIND", "NAME", "DISTRIBUTION", "VERSION", "SOURCE")
    cells = [header] + [(r.kind, r.name, r.distribution, r.version or "-", r.source) for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header) - 1)]
    lines = []
    for position, cell in enumerate(cells):
        text = "  ".join(v.ljust(w) for v, w in zip(cell, widths, strict=False)) + "  " + cell[-1]
        if position and rows[position - 1].error is not None:
            text += f"  [unavailable: {rows[position - 1].error}]"
        lines.append(text.rstrip())
    return "\n".join(lines) + "\n"


def resolve_params(
    evaluator: Evaluator,
    params: Mapping[str, Any],
    *,
    base_dir: Path,
    file: str | None = None,
    field: str | None = None,
) -> Mapping[str, Any]:
    """Let an evaluator read files its parameters name, relative to the config's folder.

    An evaluator may define `resolve(params, *, base_dir) -> Mapping` (called once, after
    `validate`, when the config loads); it raises BlameError for a missing or bad file. Without
    it the params are used as written.
    """
    method: Callable[..., Any] | None = getattr(evaluator, "resolve", None)
    if method is None:
        return params
    try:
        resolved = method(params, base_dir=base_dir)
    except BlameError as error:
        raise type(error)(
            error.message, file=error.file or file, field=error.field or field, hint=error.hint
        ) from None
    except Exception as error:
        raise PluginError(
            f"{describe(evaluator)} raised {_exception_text(error)} in resolve()",
            file=file,
            field=field,
        ) from None
    if not isinstance(resolved, Mapping):
        raise PluginError(
            f"{describe(evaluator)} returned {type(resolved).__name__} from resolve(), "
            "expected a mapping",
            file=file,
            field=field,
        )
    return resolved
