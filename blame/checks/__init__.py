"""Check types: each one object that binds its parameters, evaluates a trace, attributes its
own failures and phrases its patch (`blame.protocols.CheckType`).

The built-ins live here by family (`content`, `tools`, `budget`, `code`) and register through
the `blame.evaluators` entry-point group exactly as a plugin's check types do. This module is
what the config loader, the runner, the engine and the patches call: it finds a check type in
a run's context, serves a check type written for the 0.1 `Evaluator` protocol through the
current one (`blame.checks.legacy`), and binds parameters so that whatever plugin code raises
names the plugin, the config file and the check.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.errors import BlameError, ConfigError, PluginError, exception_text
from blame.model import Check, Trace
from blame.plugincalls import call_attribute, call_evaluate, call_patch
from blame.results import Evaluation, Suspect

if TYPE_CHECKING:
    from blame.context import RunContext
    from blame.graph import StepGraph
    from blame.protocols import CheckType

__all__ = ["Resolver", "attribute", "bind", "evaluate", "label", "lookup", "phrase", "who"]


def lookup(
    context: RunContext, name: str, *, file: str | None = None, field: str | None = None
) -> CheckType:
    """The check type registered as `name`; a PluginError says why it is unknown or unusable."""
    found: Any = context.check_type(name, file=file, field=field)
    if callable(getattr(found, "bind", None)):
        return found  # type: ignore[no-any-return]
    from blame.checks.legacy import served

    return served(found, who=context.describe(found))


def who(context: RunContext, check_type: Any) -> str:
    """How messages name the plugin behind a check type (a served 0.1 one by its own object)."""
    return context.describe(getattr(check_type, "served", check_type))


class Resolver:
    """A run's (or a config file's) check types by name, each looked up and named once: a
    suite's 1,000 checks have a handful of types, and the registry a run context holds does not
    change during the run. A type that cannot be looked up is not remembered: each check asks
    again, and gets the same PluginError a lookup of its own would."""

    def __init__(self, context: RunContext) -> None:
        self.context = context
        """The run context whose registry the types come from."""
        self.found: dict[str, tuple[CheckType, str]] = {}
        """Name -> (what `lookup` returned, what `who` says of it)."""

    def get(
        self, name: str, *, file: str | None = None, field: str | None = None
    ) -> tuple[CheckType, str]:
        """`lookup(context, name, file=file, field=field)` and `who` of it, remembered."""
        found = self.found.get(name)
        if found is None:
            check_type = lookup(self.context, name, file=file, field=field)
            found = self.found[name] = (check_type, who(self.context, check_type))
        return found


def bind(
    check_type: CheckType,
    params: Mapping[str, Any],
    *,
    base_dir: Path,
    file: str | None = None,
    field: str | None = None,
    who: str | None = None,
) -> Any:
    """The check type's typed parameters; a ConfigError names the file, field and fix.

    A problem the check type reports without a file is this check's (`field`); one naming
    another file (a schema the check points at) keeps that file and names the check.
    """
    try:
        return check_type.bind(params, base_dir=base_dir)
    except BlameError as error:
        if error.file is not None:
            raise type(error)(
                error.message, file=error.file, field=error.field or field, hint=error.hint
            ) from None
        raise type(error)(
            f"{check_type.type}: {error.message}",
            file=file,
            field=error.field or field,
            hint=error.hint,
        ) from None
    except Exception as error:  # plugin code can raise anything; blame must not crash
        raise _crashed(check_type, "validating its parameters", error, file, field) from None


def label(
    check_type: CheckType,
    params: Mapping[str, Any],
    *,
    file: str | None = None,
    field: str | None = None,
) -> str:
    """The check's name from `check_type.label`; a crash or a name that is not text is a
    PluginError (the name is in every message and report, and in the results JSON)."""
    try:
        name: object = check_type.label(params)
    except Exception as error:  # plugin code can raise anything; blame must not crash
        raise _crashed(check_type, "naming the check (label())", error, file, field) from None
    if type(name) is not str:
        raise PluginError(
            f"check type {check_type.type!r} returned {type(name).__name__} from label(), "
            "expected str",
            file=file,
            field=field,
        )
    return name


def _crashed(
    check_type: CheckType, doing: str, error: Exception, file: str | None, field: str | None
) -> PluginError:
    """What a check type's code that raised `error` while `doing` makes of the config's check."""
    return PluginError(
        f"check type {check_type.type!r} crashed {doing}: {exception_text(error)}",
        file=file,
        field=field,
    )


def evaluate(
    check_type: CheckType, check: Check, trace: Trace, *, who: str | None = None
) -> Evaluation:
    """`check_type.evaluate`, with any exception or wrong return turned into a PluginError."""
    return call_evaluate(check_type, _bound(check_type, check, who), trace, who=who)


def attribute(
    check_type: CheckType,
    check: Check,
    evaluation: Evaluation,
    graph: StepGraph,
    *,
    who: str | None = None,
) -> tuple[Suspect, ...] | None:
    """The check type's suspects, or None when it defers to the engine's generic rule.

    A check built by hand whose parameters do not bind has no evidence: no suspects.
    """
    try:
        check = _bound(check_type, check, who)
    except ConfigError:
        return ()
    return call_attribute(check_type, check, evaluation, graph, who=who)


def phrase(
    check_type: CheckType,
    check: Check,
    suspect: Suspect,
    trace: Trace | None,
    *,
    who: str | None = None,
) -> str | None:
    """The check type's instruction for a culprit, or None for the generic phrasing."""
    with contextlib.suppress(ConfigError):  # a check built by hand: phrase what it can
        check = _bound(check_type, check, who)
    return call_patch(check_type, check, suspect, trace, who=who)


def _bound(check_type: CheckType, check: Check, who: str | None) -> Check:
    """The check with its parameters bound (a check built by hand is bound here)."""
    if check.bound is not None:
        return check
    bound = bind(
        check_type, check.params, base_dir=Path.cwd(), field=f"check {check.name}", who=who
    )
    return replace(check, bound=bound)
