"""MkDocs hooks: reference pages generated from the code at build time, so they cannot drift.

A page holds a marker comment; `on_page_markdown` replaces it with text made from the code:

- `<!-- generated: cli -->`: every `blame` command, its arguments and options, from the typer app;
- `<!-- generated: config -->`: every blame.yaml key with its default and meaning, from the
  config loader's key lists and the field docstrings of its dataclasses;
- `<!-- generated: exit-codes -->`: the exit codes, from `blame.errors.ExitCode`.

tests/test_docs.py imports this module to check the generated text names every command and key.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

MARKERS: dict[str, Callable[[], str]] = {}


def _generator(name: str) -> Callable[[Callable[[], str]], Callable[[], str]]:
    def register(function: Callable[[], str]) -> Callable[[], str]:
        MARKERS[f"<!-- generated: {name} -->"] = function
        return function

    return register


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell."""
    return " ".join(text.split()).replace("|", "\\|")


@_generator("cli")
def cli_reference() -> str:
    """One section per command of the typer app: usage, help, arguments and options."""
    import typer.main

    from blame.cli import app

    root: Any = typer.main.get_command(app)  # a click group (typer may vendor its own click)
    out: list[str] = []
    root_ctx = root.context_class(root, info_name="blame")
    out.append("```text\n" + root.get_usage(root_ctx) + "\n```\n")
    out.append(_params_table(root, root_ctx))
    out.extend(_commands(root, root_ctx, "blame"))
    return "\n".join(out)


def _commands(group: Any, parent: Any, prefix: str) -> list[str]:
    """A section per command of `group` and per subcommand of its groups (`blame baseline save`)."""
    out: list[str] = []
    for name, command in group.commands.items():
        ctx = command.context_class(command, info_name=name, parent=parent)
        out.append(f"## `{prefix} {name}`\n")
        out.append((inspect.cleandoc(command.help or "")).strip() + "\n")
        out.append("```text\n" + command.get_usage(ctx) + "\n```\n")
        out.append(_params_table(command, ctx))
        if getattr(command, "commands", None):
            out.extend(_commands(command, ctx, f"{prefix} {name}"))
    return out


def _params_table(command: Any, ctx: Any) -> str:
    rows = []
    for param in command.params:
        if getattr(param, "hidden", False):
            continue
        if param.param_type_name == "argument":
            names = f"`{param.make_metavar(ctx) if _takes_ctx(param) else param.make_metavar()}`"
            kind = "argument"
        else:
            names = ", ".join(f"`{opt}`" for opt in [*param.opts, *param.secondary_opts])
            kind = "flag" if getattr(param, "is_flag", False) else _type_name(param)
        default = param.default
        shown = "" if default in (None, False, (), []) or callable(default) else f"`{default}`"
        help_text = getattr(param, "help", None) or ""
        help_text = help_text.split("  [default:")[0]
        rows.append(f"| {names} | {kind} | {shown} | {_cell(help_text)} |")
    if not rows:
        return ""
    head = "| name | kind | default | meaning |\n|---|---|---|---|\n"
    return head + "\n".join(rows) + "\n"


def _takes_ctx(param: Any) -> bool:
    return "ctx" in inspect.signature(param.make_metavar).parameters


def _type_name(param: Any) -> str:
    choices = getattr(param.type, "choices", None)
    if choices:
        return " \\| ".join(str(choice) for choice in choices)
    return str(param.type.name).lower()


def field_docs(cls: type) -> dict[str, str]:
    """The one-line docstring under each field or member of a class, read from its source."""
    tree = ast.parse(inspect.getsource(cls))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        target = getattr(node, "target", None) or (getattr(node, "targets", None) or [None])[0]
        if (
            isinstance(target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[target.id] = " ".join(after.value.value.split())
    return docs


def _default(cls: type, name: str) -> str:
    for item in dataclasses.fields(cls):
        if item.name != name:
            continue
        if item.default_factory is not dataclasses.MISSING:
            return f"`{item.default_factory()}`"
        if item.default is dataclasses.MISSING:
            return "(required)"
        value = item.default
        if value is None:
            return ""
        if isinstance(value, bool):
            return f"`{str(value).lower()}`"
        return f"`{value.as_posix() if isinstance(value, Path) else value}`"
    return ""


@_generator("config")
def config_reference() -> str:
    """Tables of the blame.yaml keys the loader accepts, with defaults and meanings."""
    from blame import config, configchecks, configfields, faults, stubs
    from blame.model import Check

    sections: list[tuple[str, str, tuple[str, ...], type | None, dict[str, str]]] = [
        (
            "Top level",
            "",
            config.TOP_KEYS,
            None,
            {
                "agent": "How to run the pipeline under test (below). Not needed when every test "
                "has a `trace:`.",
                "agents": "Declared agents by name, each `{prompt_file: PATH}` (relative to "
                "blame.yaml), for `blame improve` and CI annotations.",
                "tools": "Declared tools by name, each `{stub: TEXT}`: what the tool returns "
                "when `blame confirm` re-runs from a failing call of it (see "
                "[Proving the blame](../confirm.md#a-tools-stub-success)).",
                "tests": "The tests (below), a non-empty list.",
                "settings": "Suite-wide settings (below).",
                "plugins": "Local plugins: `module` or `module:function`, imported from "
                "blame.yaml's folder.",
            },
        ),
        ("`agent:`", "agent.", config.AGENT_KEYS, config.AgentSpec, {}),
        (
            "`agents.<name>:`",
            "agents.<name>.",
            config.AGENT_PROMPT_KEYS,
            None,
            {
                "prompt_file": "The agent's prompt file, relative to blame.yaml; `blame improve` "
                "patches it and CI annotations point at it.",
            },
        ),
        ("`tools.<name>:`", "tools.<name>.", stubs.TOOL_KEYS, stubs.ToolSpec, {}),
        ("`tests[]:`", "", config.TEST_KEYS, config.CaseSpec, {}),
        (
            "`tests[].faults[]:` (see [Tool faults](../faults.md))",
            "",
            faults.FAULT_KEYS,
            faults.Fault,
            {"fault": f"What the tool does: one of {', '.join(faults.KINDS)}."},
        ),
        (
            "`settings:`",
            "settings.",
            config.SETTINGS_KEYS,
            config.Settings,
            {
                "output_dir": "Results, reports and history go here, relative to blame.yaml.",
                "fixtures_dir": "Where `blame record` saves traces and `--replay` reads them, "
                "relative to blame.yaml (default: `<output_dir>/fixtures`).",
            },
        ),
        (
            "A check (`tests[].checks[]`, or `checks:` of `blame analyze --checks`)",
            "",
            configchecks.CHECK_COMMON_KEYS,
            Check,
            {
                "type": "The check type: a built-in (see [Checks](../checks.md)) or a plugin's.",
            },
        ),
        (
            "`blame analyze --checks FILE`",
            "",
            config.CHECKS_FILE_KEYS,
            None,
            {
                "checks": "The checks, as in a test.",
                "fail_below_reward": f"A trace passes when its reward reaches this (default "
                f"{config.DEFAULT_THRESHOLD}).",
                "timeout": f"Seconds the checks of one trace may take when a plugin's check "
                f"type or trace reader runs them (default {configfields.DEFAULT_TIMEOUT_S:g}); the "
                "trace is then an error.",
            },
        ),
    ]
    out: list[str] = []
    for title, prefix, keys, cls, overrides in sections:
        docs = field_docs(cls) if cls is not None else {}
        out.append(f"### {title}\n")
        out.append("| key | default | meaning |\n|---|---|---|")
        for key in keys:
            meaning = overrides.get(key) or docs.get(key, "")
            default = _default(cls, key) if cls is not None else ""
            if f"{prefix}{key}" == "agent.type":  # the loader's default, not the dataclass's
                default = "`python`"
            out.append(f"| `{prefix}{key}` | {default} | {_cell(meaning)} |")
        out.append("")
    out.append(
        "Any other key of a check is a parameter of its type. Unknown keys elsewhere are an "
        "error naming the key and the closest known one."
    )
    return "\n".join(out) + "\n"


@_generator("exit-codes")
def exit_codes() -> str:
    """The exit codes table from `blame.errors.ExitCode` and its member docstrings."""
    from blame.errors import ExitCode

    docs = field_docs(ExitCode)
    rows = ["| code | name | meaning |", "|---|---|---|"]
    for member in ExitCode:
        rows.append(f"| {int(member)} | `{member.name}` | {_cell(docs.get(member.name, ''))} |")
    return "\n".join(rows) + "\n"


def render(markdown: str) -> str:
    """Replace every marker in `markdown` with its generated text."""
    for marker, function in MARKERS.items():
        if marker in markdown:
            markdown = markdown.replace(marker, function())
    return markdown


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """MkDocs hook: fill the markers of a page."""
    return render(markdown)


@_generator("check-types")
def check_types() -> str:
    """A table of every installed check type with its required and optional parameters."""
    from blame.context import RunContext

    context = RunContext()
    rows = ["| type | required | optional |", "|---|---|---|"]
    for name in sorted(context.check_type_names()):
        check_type = context.check_type(name)
        required = ", ".join(f"`{key}`" for key in getattr(check_type, "required", {}) or {})
        optional = ", ".join(f"`{key}`" for key in getattr(check_type, "optional", {}) or {})
        rows.append(f"| `{name}` | {required} | {optional} |")
    return "\n".join(rows) + "\n"
