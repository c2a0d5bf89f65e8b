"""blame's command group: every command's errors end as one line and blame's own exit code.

A `BlameError` anywhere prints `blame: error: <message>` and exits 2; a usage error from the
option parser is one line too (click prints three); Ctrl-C exits 130; user code that raises
SystemExit never picks the exit code; any other exception is a bug in blame: one line and
where to report it. The command list in `--help` keeps each description's first sentence whole.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from typing import Any, NoReturn, TextIO

import typer
from typer.core import TyperGroup

from blame.errors import BlameError, ExitCode


def print_error(error: BlameError) -> None:
    from blame.text import printable

    # Messages quote test names, agent output and exception text: untrusted, never raw escapes.
    sys.stderr.write(f"blame: error: {printable(error.format())}\n")
    sys.stderr.flush()


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
        except BlameError as error:
            print_error(error)
            raise typer.Exit(int(error.exit_code)) from None
        except KeyboardInterrupt:  # click would exit 130 without a word
            sys.stderr.write("blame: interrupted\n")
            raise typer.Exit(int(ExitCode.INTERRUPTED)) from None
        except SystemExit as error:
            print_error(
                BlameError(
                    f"user code raised SystemExit({error.code!r}) inside blame",
                    hint="a plugin or the entrypoint called sys.exit; blame does not exit for it",
                )
            )
            raise typer.Exit(int(ExitCode.ERROR)) from None
        except OSError as error:
            if error.errno not in _OUTPUT_ERRNOS:  # any other is a bug, as below
                _internal_error(error)
            # stdout on a full disk, a closed pipe, or an fd 1 the agent closed: files blame
            # writes name their path (ConfigError); what is left is the terminal output.
            _discard_stdout()
            print_error(
                BlameError(
                    f"cannot write the output: {error.strerror or error}",
                    hint="files blame writes are not affected; send the output somewhere writable",
                )
            )
            raise typer.Exit(int(ExitCode.ERROR)) from None
        except Exception as error:
            if type(error).__module__.startswith(("typer", "click")):  # typer.Exit, usage errors
                raise
            _internal_error(error)


def _internal_error(error: Exception) -> NoReturn:
    """One line saying blame has a bug, and where to report it; exit 2 (never 1: no check
    failed). BLAME_DEBUG=1 adds the traceback."""
    from blame.text import printable

    name = type(error).__name__
    sys.stderr.write(
        f"blame: internal error: {printable(shorten_line(f'{name}: {error}'))}; "
        "this is a bug in blame: please report it with the command you ran and the "
        "traceback that BLAME_DEBUG=1 prints\n"
    )
    if os.environ.get("BLAME_DEBUG"):
        import traceback

        traceback.print_exception(error)
    raise typer.Exit(int(ExitCode.ERROR)) from None


def _click_exceptions() -> Any:
    """click's exceptions: typer 0.28 carries its own copy of click, earlier typers use click."""
    import importlib

    try:
        return importlib.import_module("typer._click.exceptions")
    except ImportError:
        return importlib.import_module("click.exceptions")


def shorten_line(text: str) -> str:
    """One line of at most 300 characters."""
    from blame.text import shorten

    return shorten(" ".join(text.split()), 300)


_OUTPUT_ERRNOS = frozenset(
    {errno.EBADF, errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EDQUOT, errno.EFBIG}
)


_RESERVED: list[TextIO] = []


def reserve_stdout() -> TextIO:
    """From now on whatever is printed goes to stderr; returns the real stdout, for the JSON.

    User code (an agent, a timed-out agent thread still running, a plugin) may print at any
    time, even after the run; the file descriptor moves too (C extensions, subprocesses).
    Never undone: the command ends after writing the JSON.
    """
    real = sys.stdout
    real.flush()
    try:
        out_fd, err_fd = real.fileno(), sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # an in-memory stream (CliRunner)
        # Kept alive: a text wrapper that is garbage-collected closes the buffer beneath it,
        # which its owner still reads.
        _RESERVED.append(real)
        sys.stdout = sys.stderr
        return real
    saved = os.dup(out_fd)
    os.dup2(err_fd, out_fd)
    sys.stdout = sys.stderr
    reserved = open(saved, "w", encoding="utf-8", errors="backslashreplace")  # noqa: SIM115
    _RESERVED.append(reserved)
    return reserved


def _discard_stdout() -> None:
    """Point stdout, and the real stdout a command reserved, at /dev/null.

    What a failed write left in their buffers is flushed again when the process ends; on a
    full disk that flush fails too, and Python prints a traceback for it.
    """
    with contextlib.suppress(OSError):
        null = os.open(os.devnull, os.O_WRONLY)
        for stream in _RESERVED:
            with contextlib.suppress(AttributeError, OSError, ValueError):
                os.dup2(null, stream.fileno())
        os.dup2(null, 1)
        os.close(null)
    sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
