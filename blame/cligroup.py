"""blame's command group: every command's errors end as one line and blame's own exit code.

A `BlameError` anywhere prints `blame: error: <message>` and exits 2; a usage error from the
option parser is one line too (click prints three); Ctrl-C exits 130; user code that raises
SystemExit never picks the exit code; any other exception is a bug in blame: one line and
where to report it. The command list in `--help` keeps each description's first sentence whole.
"""

from __future__ import annotations

import sys
from typing import Any

import typer
from typer.core import TyperGroup

from blame.errors import BlameError, ExitCode
from blame.launch import handled, print_error, shorten_line


class BlameGroup(TyperGroup):
    """Turns a BlameError (or Ctrl-C) in any command into one line on stderr and exit 2.

    User code that raises SystemExit (a plugin being loaded, `plugins: ['sys:exit']`) never
    picks blame's exit code: blame's own commands end through typer.Exit, not SystemExit. Any
    other exception is a bug in blame: one line and where to report it, exit 2.
    """

    def main(  # type: ignore[override]
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Usage errors from the option parser are one line too, exit 2 (click prints three)."""
        click = _click_exceptions()
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as error:
            if type(error).__name__ == "NoArgsIsHelpError":  # bare `blame`: the help
                error.show()
                sys.exit(error.exit_code)
            where = error.ctx.command_path if error.ctx is not None else self._path(args)
            print_error(
                BlameError(
                    shorten_line(error.format_message()).rstrip("."),
                    hint=f"`{where} --help` lists the options",
                )
            )
            sys.exit(int(ExitCode.ERROR))
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        sys.exit(code if isinstance(code, int) else 0)

    def _path(self, args: Any) -> str:
        """`blame COMMAND` when the arguments name a command: the option parser's own errors
        (an option missing its value) carry no context to say which."""
        words = sys.argv[1:] if args is None else list(args)
        first = next((word for word in words if not word.startswith("-")), None)
        return f"blame {first}" if first in self.commands else "blame"

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """Each command's first sentence whole, wrapped, never cut with an ellipsis."""
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1_000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except (KeyboardInterrupt, SystemExit, Exception) as error:
            code = handled(error)
            if code is None:  # typer.Exit, usage errors
                raise
            raise typer.Exit(code) from None


def _click_exceptions() -> Any:
    """click's exceptions: typer 0.28 carries its own copy of click, earlier typers use click."""
    import importlib

    try:
        return importlib.import_module("typer._click.exceptions")
    except ImportError:
        return importlib.import_module("click.exceptions")
