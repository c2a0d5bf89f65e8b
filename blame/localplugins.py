"""Local plugins: the config's `plugins:` list, imported into one run's registry.

Each item is `module` or `module:function`, imported with the config's folder first on
sys.path (through `blame.userimport`, the one helper that imports project code):
- `module`: the module's `blame_plugins` attribute, a list of plugin objects (or classes), is
  registered; each object joins every group whose protocol it satisfies. Top-level
  `register()` calls in the module count too (the module is imported afresh on each load, so
  they run each time).
- `module:function`: `function()` is called with no arguments; it may call `register()` /
  `register_evaluator()` itself and may return a plugin object or an iterable of them, which
  are registered too.
`register()` and friends add to the registry whose plugins are being loaded (a context
variable, set only while `load_local` runs); outside that they raise PluginError.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from blame.errors import PluginError, describe_object, exception_text
from blame.frozen import dataclass
from blame.plugintypes import (
    ADAPTERS,
    EVALUATORS,
    GROUPS,
    IMPORTERS,
    Group,
    Provider,
    instantiate,
    protocol_problem,
)

if TYPE_CHECKING:
    from blame.plugins import Registry

_T = TypeVar("_T")
REMOVE_HINT = "fix the plugin, or remove it from plugins:"


@dataclass(frozen=True, slots=True)
class _Loading:
    """The registry a `plugins:` item is being loaded into, and that item."""

    registry: Registry
    """Where `register()` adds."""
    source: str
    """The `plugins:` item, named as the provider of what it registers."""


_loading: ContextVar[_Loading | None] = ContextVar("blame_loading_plugins", default=None)


def load_local(
    registry: Registry, specs: Sequence[str], *, base_dir: Path, file: str | None = None
) -> tuple[Provider, ...]:
    """Load the config's `plugins:` list into `registry`; returns what was registered.

    Errors (import error, missing attribute, wrong object, name clash) raise PluginError naming
    the config file and the `plugins[i]` item.
    """
    for position, spec in enumerate(specs):
        field = f"plugins[{position}]"
        if not isinstance(spec, str) or not _valid_spec(spec):
            raise PluginError(
                f"expected 'module' or 'module:function', got {spec!r}", file=file, field=field
            )
        token = _loading.set(_Loading(registry, spec))
        try:
            _load_one(registry, spec, base_dir=base_dir, file=file, field=field)
        except PluginError as error:
            if error.file is None:
                raise PluginError(
                    error.message, file=file, field=f"{field} ({spec})", hint=error.hint
                ) from None
            raise
        finally:
            _loading.reset(token)
    return registry.local_providers()


def _valid_spec(spec: str) -> bool:
    module, _, function = spec.partition(":")
    parts = [*module.split("."), *([function] if ":" in spec else [])]
    return all(part.isidentifier() for part in parts)


def _load_one(
    registry: Registry, spec: str, *, base_dir: Path, file: str | None, field: str
) -> None:
    from blame.supervise import trial
    from blame.userimport import ProjectModuleError, import_project_module

    module_name, _, function_name = spec.partition(":")
    before = registry.local_count()
    top = module_name.split(".")[0]

    def attempt() -> None:
        tried = import_project_module(module_name, base_dir, fresh=True)
        function = getattr(tried, function_name, None) if function_name else None
        if callable(function):
            function()

    problem = trial(attempt, "being loaded")  # tried apart first: it may exit
    if problem is not None:
        raise PluginError(
            f"local plugin {spec} {problem}",
            file=file,
            field=field,
            hint=REMOVE_HINT,
        )
    try:
        module = import_project_module(module_name, base_dir, fresh=True)
    except ProjectModuleError as error:
        raise PluginError(str(error), file=file, field=field) from None
    except (Exception, SystemExit) as error:  # a plugin's import can raise anything
        raise PluginError(
            f"cannot import local plugin {module_name!r}: {exception_text(error)}",
            file=file,
            field=field,
            hint=f"put {top}.py beside the config file or install it",
        ) from None
    if not function_name:
        plugins = getattr(module, "blame_plugins", None)
        if plugins is not None:
            _register_all(plugins, spec)
        if registry.local_count() == before:
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
            f"module {module_name!r} has no function {function_name!r}",
            file=file,
            field=field,
            hint=f"define {function_name} in {module_name}, or fix the name after the colon",
        )
    try:
        returned = function()
    except PluginError:
        raise
    except (Exception, SystemExit) as error:  # sys:exit must not end blame
        raise PluginError(
            f"local plugin {spec} raised {exception_text(error)}",
            file=file,
            field=field,
            hint=REMOVE_HINT,
        ) from None
    if returned is not None:
        _register_all(returned, spec)


def _register_all(plugins: Any, source: str) -> None:
    if isinstance(plugins, (str, bytes)) or not isinstance(plugins, Iterable):
        plugins = [plugins]
    for obj in plugins:
        register(obj, source=source)


def _target(source: str | None, obj: Any) -> tuple[Registry, str]:
    loading = _loading.get()
    if loading is None:
        raise PluginError(
            f"cannot register {describe_object(obj)}: no config's plugins are being loaded",
            field=source,
            hint="call register() from a module or function listed under plugins: in "
            "blame.yaml, or use a Registry's add_local()",
        )
    return loading.registry, source or loading.source


def register(obj: Any, *, source: str | None = None) -> tuple[str, ...]:
    """Register a plugin object by the protocol it satisfies; returns the groups it joined.

    For the modules and functions named in a config's `plugins:` list. A class is instantiated
    with no arguments. Raises PluginError if the object fits no protocol or its name is taken.
    """
    obj = instantiate(obj)
    registry, where = _target(source, obj)
    joined = [g for g in GROUPS if protocol_problem(obj, g) is None]
    if not joined:
        reasons = "; or ".join(
            problem for g in GROUPS if (problem := protocol_problem(obj, g)) is not None
        )
        raise PluginError(
            f"cannot register {describe_object(obj)}: {reasons}",
            field=where,
            hint="see the CheckType, AgentAdapter, Importer protocols",
        )
    for group in joined:
        registry.add_local(GROUPS[group], obj, where)
    return tuple(joined)


def _register_in(spec: Group, obj: _T, source: str | None) -> _T:
    found = instantiate(obj)
    registry, where = _target(source, found)
    registry.add_local(spec, found, where)
    return obj


def register_evaluator(obj: _T, *, source: str | None = None) -> _T:
    """Register a check type (a `CheckType`); returns `obj` (usable as a decorator)."""
    return _register_in(EVALUATORS, obj, source)


def register_adapter(obj: _T, *, source: str | None = None) -> _T:
    """Register an agent type (an `AgentAdapter`); returns `obj` (usable as a decorator)."""
    return _register_in(ADAPTERS, obj, source)


def register_importer(obj: _T, *, source: str | None = None) -> _T:
    """Register a trace format (an `Importer`); returns `obj` (usable as a decorator)."""
    return _register_in(IMPORTERS, obj, source)
