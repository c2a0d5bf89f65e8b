"""The `python` agent type: a plain function `f(input) -> (final_output, Trace)`.

Importing user code runs it, so blame says which modules it is about to import (one stderr
line, silenced by `BLAME_NO_WARN=1`) before it does.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from blame.errors import AgentError, ConfigError
from blame.model import Trace
from blame.protocols import RunFn
from blame.recorder import to_text


def announce_import(modules: Iterable[str], base_dir: Path) -> None:
    """One stderr line naming the user modules about to be imported (unless BLAME_NO_WARN=1)."""
    if os.environ.get("BLAME_NO_WARN") == "1":
        return
    from blame.text import printable

    names = ", ".join(sorted(set(modules)))  # a folder name may carry terminal escapes
    line = f"blame: importing user code: {names} (from {base_dir}); set BLAME_NO_WARN=1 to hide"
    sys.stderr.write(printable(line) + "\n")
    sys.stderr.flush()


def import_entrypoint(entrypoint: str, base_dir: Path) -> Any:
    """Import `module:attr` with `base_dir` first on sys.path; errors name the entrypoint.

    A module of the same name imported earlier from elsewhere (another example, another test)
    is dropped first, so the module beside blame.yaml is the one that runs.
    """
    module_name, _, attr = entrypoint.partition(":")
    module_name, attr = module_name.strip(), attr.strip()
    if module_name.endswith(".py") and attr:  # a file name where a module name goes
        stem = module_name[: -len(".py")].replace("/", ".").replace("\\", ".")
        raise ConfigError(
            f"{entrypoint!r} names a file, not a module",
            field="agent.entrypoint",
            hint=f"write the module name without .py: `{stem}:{attr}`",
        )
    if not module_name or not attr:
        raise ConfigError(
            f"{entrypoint!r} is not `module:attr`",
            field="agent.entrypoint",
            hint="write e.g. `my_agent:run` (my_agent.py beside blame.yaml)",
        )
    from blame.userimport import ProjectModuleError, import_project_module

    announce_import([module_name], base_dir)
    try:
        module = import_project_module(module_name, base_dir)
    except ProjectModuleError as error:
        raise ConfigError(str(error), field="agent.entrypoint") from None
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if module_name == missing or module_name.startswith(missing + "."):
            raise ConfigError(
                f"cannot import module {module_name!r} (no {module_name.replace('.', '/')}.py "
                f"in {base_dir})",
                field="agent.entrypoint",
                hint="fix the module part of `module:attr` (relative to blame.yaml)",
            ) from None
        raise AgentError(
            f"importing {module_name!r} failed: {type(error).__name__}: {error}",
            field="agent.entrypoint",
            hint=f"install {missing!r} or fix the import",
        ) from None
    except Exception as error:
        raise AgentError(
            f"importing {module_name!r} raised {type(error).__name__}: {error}",
            field="agent.entrypoint",
            hint="fix the error in that module",
        ) from None
    target: Any = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise ConfigError(
                f"module {module_name!r} has no attribute {attr!r}",
                field="agent.entrypoint",
                hint=f"define {attr} in {module_name}, or fix the name after the colon",
            )
        target = getattr(target, part)
    return target


def _a(noun: str) -> str:
    return f"{'an' if noun[0].lower() in 'aeiou' else 'a'} {noun}"


def built_from(
    target: Any, entrypoint: str, cls: type, qualified: str, *, check_only: bool = False
) -> Any:
    """A framework object the entrypoint names, or builds with a zero-argument factory.

    With `check_only`, the factory is not called: loading a config must not build agents.
    """
    noun = cls.__name__
    if isinstance(target, cls):
        return target
    if not callable(target):
        raise ConfigError(
            f"{entrypoint} is a {type(target).__name__}, not {_a(noun)} or a function "
            "returning one",
            field="agent.entrypoint",
            hint=f"point at {_a(qualified)} or a zero-argument function that builds one",
        )
    if check_only:
        return None
    built = target()
    if not isinstance(built, cls):
        raise AgentError(
            f"{entrypoint} returned {type(built).__name__}, not {_a(qualified)}",
            field="agent.entrypoint",
            hint=f"the factory must return {_a(noun)}",
        )
    return built


def no_options(options: Mapping[str, Any], kind: str) -> None:
    """A ConfigError naming the first option given to an agent type that takes none."""
    if options:
        unknown = sorted(options)[0]
        raise ConfigError(
            f"unknown option {unknown!r} for agent type {kind}",
            field=f"agent.options.{unknown}",
            hint=f"the {kind} agent type takes no options",
        )


def coerce_result(result: Any, entrypoint: str) -> tuple[str, Trace]:
    """Accept `(final_output, Trace)` or a `Trace`; anything else is an AgentError."""
    if isinstance(result, Trace):
        return result.final_output, result
    if isinstance(result, tuple) and len(result) == 2 and isinstance(result[1], Trace):
        return to_text(result[0]), result[1]
    shown = type(result).__name__
    if isinstance(result, tuple):
        shown = f"a tuple of ({', '.join(type(item).__name__ for item in result)})"
    raise AgentError(
        f"entrypoint {entrypoint} returned {shown}; expected (final_output, Trace) or a Trace",
        hint="record the run with blame.TraceRecorder and return rec.finalize(...)",
    )


class PythonAdapter:
    """Runs `module:function`, called with the test's input."""

    type = "python"

    def load(self, entrypoint: str, *, base_dir: Path, options: Mapping[str, Any]) -> RunFn:
        """Import the entrypoint and return a runner for it."""
        function = import_entrypoint(entrypoint, base_dir)
        if not callable(function):
            raise ConfigError(
                f"{entrypoint} is a {type(function).__name__}, not a function",
                field="agent.entrypoint",
                hint="point at a function f(input) -> (final_output, Trace)",
            )

        def run(input: Any, test_name: str) -> tuple[str, Trace]:
            return coerce_result(function(input), entrypoint)

        return run


python_adapter = PythonAdapter()
