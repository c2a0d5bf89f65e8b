"""The `blame` console script: a plain `blame test` runs without loading the option parser.

Typer and its copy of click are about a tenth of the instructions of a 200-test replay, and a
run of `blame test` needs nothing of them but the parsing of a few options. A `blame test`
whose arguments are plain (known options, each at most once, as `--name VALUE`,
`--name=VALUE` or `-c VALUE`; values that are not empty and do not start with `-`; counts
written as digits) is read here into exactly the values typer would pass, and run directly.
Anything else (help, a typo, a value typer refuses, an option given twice, shell completion,
every other command) goes to the full command line, `blame.cli`, which answers as before.

Whichever way a run starts, its errors end the same way (`handled`): a `BlameError` is one
line and exit 2, Ctrl-C exits 130, user code that raises SystemExit never picks the exit
code, an unwritable stdout is one line, and anything else is a bug in blame: one line.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from blame.errors import BlameError, ExitCode

_FLAGS = frozenset({"--json", "--replay", "--strict", "--confirm"})
"""`blame test`'s flags: each sets the parameter of its name (`--json`: json_output)."""
_VALUES = (
    ("--config", "config"),
    ("-c", "config"),
    ("-k", "name_filter"),
    ("--junit-xml", "junit_xml"),
    ("--tap", "tap"),
    ("--baseline", "baseline"),
    ("--runs", "runs"),
    ("--workers", "workers"),
)
"""`blame test`'s options that take a value, and the parameter each sets."""
_PATHS = frozenset({"config", "junit_xml", "tap", "baseline"})
_COUNTS = frozenset({"runs", "workers"})


def main() -> None:
    """Console-script entry point."""
    quick = quick_test(sys.argv[1:], os.environ)
    if quick is None:
        from blame.cli import main as full

        full()
        return
    usable_streams()
    try:
        try:
            code = run_test(**quick)
        except (KeyboardInterrupt, SystemExit, Exception) as error:
            found = handled(error)
            if found is None:
                raise
            code = found
    finally:
        # The process ends: the interpreter's last collection would walk every object the run
        # made (a million-step trace's millions) to free nothing the exit does not free.
        import gc

        gc.freeze()
    sys.exit(code)


def quick_test(args: Sequence[str], environ: Any) -> dict[str, Any] | None:
    """The parameters typer would pass to `blame test` for these arguments, or None when
    they are anything but plain (the full command line then reads them)."""
    if not args or args[0] != "test" or "_BLAME_COMPLETE" in environ:
        return None
    options = dict(_VALUES)
    found: dict[str, Any] = {}
    words = iter(args[1:])
    for word in words:
        if word in _FLAGS:
            name = "json_output" if word == "--json" else word[2:]
            if name in found:
                return None
            found[name] = True
            continue
        option, equals, text = word.partition("=")
        if option not in options or (equals and not option.startswith("--")):
            return None
        if not equals:
            text = next(words, "")
        name = options[option]
        if name in found or not text or text.startswith("-"):
            return None
        if name in _COUNTS:
            if not (text.isascii() and text.isdigit() and len(text) <= 9 and int(text) >= 1):
                return None
            found[name] = int(text)
        elif name in _PATHS:
            if not _readable_or_absent(text):
                return None  # typer's "is not readable"
            found[name] = Path(text)
        else:
            found[name] = text
    return {
        "config": Path("blame.yaml"),
        "json_output": False,
        "replay": False,
        "name_filter": None,
        "junit_xml": None,
        "tap": None,
        "baseline": None,
        "runs": None,
        "workers": 1,
        "strict": False,
        "confirm": False,
    } | found


def _readable_or_absent(path: str) -> bool:
    """What typer's path type lets through: a path that does not exist, or one that may be
    read."""
    try:
        os.stat(path)
    except ValueError:  # a NUL byte (only from a caller of `quick_test`, never an exec)
        return False
    except OSError:
        return True
    return os.access(path, os.R_OK)


def usable_streams() -> None:
    """Started with stdout or stderr closed (`>&-`), Python leaves them None: discard instead;
    lone surrogates in agent text are escaped, not a crash."""
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def run_test(
    *,
    config: Path,
    json_output: bool,
    replay: bool,
    name_filter: str | None,
    junit_xml: Path | None,
    tap: Path | None,
    baseline: Path | None,
    runs: int | None,
    workers: int,
    strict: bool,
    confirm: bool,
) -> int:
    """`blame test`: run the tests, blame each failed check, write the reports; the exit code."""
    import blame.frozen  # noqa: F401  # first: it imports dataclasses without inspect
    from blame.importers.common import gc_paused

    # Imports and the config make objects by the hundred thousand and next to no cycles: the
    # collector's passes over them are a hundredth of a replay. It runs again for the tests.
    with gc_paused():
        from blame.config import load_config
        from blame.context import RunContext
        from blame.kept import forget_traces
        from blame.reports import forget_outputs, write_outputs
        from blame.runner import check_request, exit_code, run_suite

        json_stdout = reserve_stdout() if json_output else None
        cfg = load_config(config, context=RunContext())
    reference = None
    if baseline is not None:  # a bad baseline stops the run before any test
        from blame.baseline import load as load_baseline

        reference = load_baseline(baseline)
    from blame.files import check_writable, refuse_overwriting
    from blame.reports import RESULTS_FILE

    output_dir = cfg.settings.output_dir
    for option, named in (("--junit-xml", junit_xml), ("--tap", tap)):
        if named is not None:  # a path that cannot be written stops the run before any test
            from blame.userfiles import files_read

            read = [*files_read(cfg, baseline=baseline), (output_dir / RESULTS_FILE, "the results")]
            refuse_overwriting(named, option, read)
            check_writable(named)
    # a usage error (-k matching nothing, --runs out of range) keeps the last results
    selected = check_request(
        cfg, replay=replay or cfg.settings.replay, name_filter=name_filter, runs=runs
    )
    from blame.repeat import pass_out_of_reach, runs_not_repeated

    replaying = replay or cfg.settings.replay
    if once := runs_not_repeated(selected, runs=runs, replay=replaying):
        sys.stderr.write(f"blame: note: {once}\n")
    rate = cfg.settings.pass_rate
    for note in pass_out_of_reach(selected, rate, runs=runs, replay=replaying, strict=strict):
        sys.stderr.write(f"blame: note: {note}\n")  # names as repr: nothing raw from the file
    forget_outputs(output_dir)
    forget_traces(output_dir)
    from blame import github

    # The job summary is the CI runner's, not asked for on the command line: one it cannot
    # take is a warning, said now, and the suite's own exit code and results stand.
    summary = github.active()
    if summary and (problem := github.summary_problem()) is not None:
        _warn(problem)
        summary = False
    progress = None
    if json_stdout is None:  # the terminal's live report; --json prints only the results
        from blame.terminal import Progress

        progress = Progress(sys.stdout)
    skipped: list[str] = []  # what the import of stored traces skipped, said after the run
    suite = run_suite(
        cfg,
        replay=replay or cfg.settings.replay,
        name_filter=name_filter,
        runs=runs,
        workers=workers,
        keep_traces=True,
        progress=progress,
        confirm=confirm,
        notes=skipped,
    )
    text = suite.to_json()
    from blame import history

    # The record is written and synced while the results are: the disk's waits overlap. It
    # becomes a run of the history only once the results are written.
    record = history.begin(output_dir, suite)
    try:
        write_outputs(suite, output_dir, json_text=text)
    except BaseException:
        record.abandon()
        raise
    _finish_history(record)
    if junit_xml is not None or tap is not None:
        from blame.ci_reports import render_junit, render_tap
        from blame.files import atomic_write_text

        if junit_xml is not None:
            atomic_write_text(junit_xml, render_junit(suite))
        if tap is not None:
            atomic_write_text(tap, render_tap(suite))
    if github.active():
        from blame.reports import render_markdown

        stream = sys.stderr if json_stdout is not None else sys.stdout
        for line in github.error_annotations(suite, cfg.agents, Path.cwd()):
            stream.write(line + "\n")
        try:
            if summary:
                github.append_summary(render_markdown(suite))
        except BlameError as error:  # a full disk since the check: the run's outcome stands
            _warn(error)
    if json_stdout is not None:
        json_stdout.write(text)
        json_stdout.flush()
    if progress is not None:
        progress.close(suite)
    if skipped:  # after the live report, whose bar would take the lines away
        from blame.importnotes import say

        say(skipped)
    if suite.interrupted:  # what finished is written; the exit code says it is not all
        sys.stderr.write("blame: interrupted\n")
        return int(ExitCode.INTERRUPTED)
    if reference is not None and baseline is not None:
        from blame.gate import compare, write_report
        from blame.gate import exit_code as gate_exit
        from blame.gate import render_text as render_gate

        report = compare(reference, suite, output_dir)
        write_report(report, output_dir)
        (sys.stderr if json_stdout is not None else sys.stdout).write(
            render_gate(report, str(baseline))
        )
        return int(gate_exit(report, suite, strict=strict))
    return int(exit_code(suite, strict=strict))


def _finish_history(record: Any) -> None:
    """Add this run to the history; a history that cannot be written costs a warning only."""
    try:
        record.finish()
    except BlameError as error:
        _warn(error, "history not written: ")


def _warn(error: BlameError, what: str = "") -> None:
    from blame.text import printable

    sys.stderr.write(f"blame: warning: {what}{printable(error.format())}\n")


def handled(error: BaseException) -> int | None:
    """Say what ended a command, in one line, and return its exit code; None for what is not
    blame's to say (typer's own exits and usage errors, and what is not an Exception)."""
    if isinstance(error, BlameError):
        print_error(error)
        return int(error.exit_code)
    if isinstance(error, KeyboardInterrupt):  # click would exit 130 without a word
        sys.stderr.write("blame: interrupted\n")
        return int(ExitCode.INTERRUPTED)
    if isinstance(error, SystemExit):
        print_error(
            BlameError(
                f"user code raised SystemExit({error.code!r}) inside blame",
                hint="a plugin or the entrypoint called sys.exit; blame does not exit for it",
            )
        )
        return int(ExitCode.ERROR)
    if isinstance(error, OSError) and error.errno in _OUTPUT_ERRNOS:
        # stdout on a full disk, a closed pipe, or an fd 1 the agent closed: files blame
        # writes name their path (ConfigError); what is left is the terminal output.
        _discard_stdout()
        print_error(
            BlameError(
                f"cannot write the output: {error.strerror or error}",
                hint="files blame writes are not affected; send the output somewhere writable",
            )
        )
        return int(ExitCode.ERROR)
    if not isinstance(error, Exception) or type(error).__module__.startswith(("typer", "click")):
        return None
    return internal_error(error)


def internal_error(error: Exception) -> int:
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
    return int(ExitCode.ERROR)


def print_error(error: BlameError) -> None:
    from blame.text import printable

    # Messages quote test names, agent output and exception text: untrusted, never raw escapes.
    sys.stderr.write(f"blame: error: {printable(error.format())}\n")
    sys.stderr.flush()


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
