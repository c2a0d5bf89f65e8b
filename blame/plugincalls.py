"""Calling plugin code safely: whatever a plugin's method raises or returns, blame gets a
PluginError naming the plugin (`who`, from the run's registry) or a value of the right type."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from blame.errors import BlameError, PluginError, exception_text
from blame.model import Check, Trace
from blame.results import SUSPECT_KINDS, Evaluation, Suspect
from blame.supervise import doing, watched
from blame.text import brief

if TYPE_CHECKING:
    from blame.graph import StepGraph
    from blame.protocols import CheckType, Evaluator


def _unregistered(obj: Any) -> str:
    """How messages name an object no registry knows (a test double, an embedding's own)."""
    return f"{type(obj).__module__} object"


def call_evaluate(
    evaluator: CheckType, check: Check, trace: Trace, *, who: str | None = None
) -> Evaluation:
    """`evaluator.evaluate`, with any exception or wrong return turned into a PluginError.

    The runner turns that PluginError into an errored check; its message names the plugin.
    """
    who = who or _unregistered(evaluator)
    if watched():  # named if it exits or hangs
        doing(f"in evaluate() of {who}, for check {check.name}")
    try:  # called here, not through a helper: once per check of every test
        result = evaluator.evaluate(check, trace)
    except BlameError:  # PluginError, or a CheckError: the check could not be decided
        raise
    except Exception as error:  # plugin code can raise anything; blame must not crash
        raise _raised(who, "evaluate", check, error) from error
    if not isinstance(result, Evaluation):
        raise PluginError(
            f"{who} returned {type(result).__name__} from evaluate(), "
            "expected blame.results.Evaluation",
            field=f"check {check.name}",
        )
    wrong = _wrong_evaluation_field(result)
    if wrong is not None:
        raise PluginError(
            f"{who} returned an Evaluation from evaluate() whose {wrong}",
            field=f"check {check.name}",
            hint="an Evaluation's score is a number in [0, 1], its message a str",
        )
    return result


def _wrong_evaluation_field(result: Evaluation) -> str | None:
    """What is wrong with the first field of a plugin's Evaluation that blame could not score,
    show or write; None when all are right (the score's range is the runner's to check)."""
    if type(result.score) is not float and type(result.score) is not int:
        return f"score is {type(result.score).__name__}, not a number"
    if type(result.message) is not str:
        return f"message is {type(result.message).__name__}, not str"
    if result.passed is not None and type(result.passed) is not bool:
        return f"passed is {type(result.passed).__name__}, not true, false or None"
    if result.error is not None and type(result.error) is not str:
        return f"error is {type(result.error).__name__}, not str or None"
    if not isinstance(result.evidence, Mapping):
        return f"evidence is {type(result.evidence).__name__}, not a mapping"
    return None


def call_attribute(
    evaluator: CheckType,
    check: Check,
    evaluation: Evaluation,
    graph: StepGraph,
    *,
    who: str | None = None,
) -> tuple[Suspect, ...] | None:
    """The evaluator's own suspects, or None when it has no `attribute` or defers to the engine."""
    method: Callable[..., Any] | None = getattr(evaluator, "attribute", None)
    if method is None:
        return None
    who = who or _unregistered(evaluator)
    result = _call(who, "attribute", check, lambda: method(check, evaluation, graph))
    if result is None:
        return None
    if isinstance(result, Iterable):
        suspects = tuple(result)
        if all(isinstance(s, Suspect) for s in suspects):
            for i, suspect in enumerate(suspects):
                wrong = _wrong_suspect_field(suspect, len(graph.steps))
                if wrong is not None:
                    raise PluginError(
                        f"{who} returned a Suspect from attribute() whose {wrong[0]} {wrong[1]} "
                        f"(suspect {i})",
                        field=f"check {check.name}",
                        hint="a Suspect's kind is agent, tool or handoff; its confidence is in "
                        "[0, 1]; its step_index is None or a step of the trace",
                    )
            return suspects
    raise PluginError(
        f"{who} returned {type(result).__name__} from attribute(), "
        "expected a sequence of blame.results.Suspect or None",
        field=f"check {check.name}",
    )


def _wrong_suspect_field(suspect: Suspect, steps: int) -> tuple[str, str] | None:
    """(field, what is wrong) for the first field of a plugin's Suspect that blame could not
    write into results it can read back, or show as evidence; None when all are right. A
    Suspect is a plain dataclass: nothing checked what a plugin put in it."""
    if suspect.kind not in SUSPECT_KINDS:
        return "kind", f"is {brief(suspect.kind)}, not agent, tool or handoff"
    for name in ("name", "agent", "reason"):
        value = getattr(suspect, name)
        if type(value) is not str:
            return name, f"is {type(value).__name__}, not str"
    for name in ("sender", "receiver"):
        value = getattr(suspect, name)
        if value is not None and type(value) is not str:
            return name, f"is {type(value).__name__}, not str or None"
    index = suspect.step_index
    if index is not None and (type(index) is not int or not 0 <= index < steps):
        return (
            "step_index",
            f"is {brief(index)}, not None or a step of the trace (0 to {steps - 1})",
        )
    confidence = suspect.confidence
    if type(confidence) not in (int, float) or not 0.0 <= confidence <= 1.0:
        return "confidence", f"is {brief(confidence)}, not a number in [0, 1]"
    return None


def call_patch(
    check_type: CheckType,
    check: Check,
    suspect: Suspect,
    trace: Trace | None,
    *,
    who: str | None = None,
) -> str | None:
    """The check type's patch phrasing for a culprit, or None for the generic phrasing."""
    who = who or _unregistered(check_type)
    result = _call(who, "patch", check, lambda: check_type.patch(check, suspect, trace))
    if result is None or isinstance(result, str):
        return result
    raise PluginError(
        f"{who} returned {type(result).__name__} from patch(), expected str or None",
        field=f"check {check.name}",
    )


def _call(who: str, method: str, check: Check, thunk: Callable[[], Any]) -> Any:
    if watched():  # named if it exits or hangs
        doing(f"in {method}() of {who}, for check {check.name}")
    try:
        return thunk()
    except BlameError:  # PluginError, or a CheckError: the check could not be decided
        raise
    except Exception as error:  # plugin code can raise anything; blame must not crash
        raise _raised(who, method, check, error) from error


def _raised(who: str, method: str, check: Check, error: Exception) -> PluginError:
    """What a plugin's method that raised `error` makes of the check."""
    return PluginError(
        f"{who} raised {exception_text(error)} in {method}()",
        field=f"check {check.name}",
        hint="this is a bug in the plugin; report it to its authors",
    )


def resolve_params(
    evaluator: Evaluator,
    params: Mapping[str, Any],
    *,
    base_dir: Path,
    file: str | None = None,
    field: str | None = None,
    who: str | None = None,
) -> Mapping[str, Any]:
    """Let an evaluator read files its parameters name, relative to the config's folder.

    An evaluator may define `resolve(params, *, base_dir) -> Mapping` (called once, after
    `validate`, when the config loads); it raises BlameError for a missing or bad file. Without
    it the params are used as written.
    """
    method: Callable[..., Any] | None = getattr(evaluator, "resolve", None)
    if method is None:
        return params
    who = who or _unregistered(evaluator)
    try:
        resolved = method(params, base_dir=base_dir)
    except BlameError as error:
        raise type(error)(
            error.message, file=error.file or file, field=error.field or field, hint=error.hint
        ) from None
    except Exception as error:
        raise PluginError(
            f"{who} raised {exception_text(error)} in resolve()",
            file=file,
            field=field,
        ) from None
    if not isinstance(resolved, Mapping):
        raise PluginError(
            f"{who} returned {type(resolved).__name__} from resolve(), expected a mapping",
            file=file,
            field=field,
        )
    return resolved
