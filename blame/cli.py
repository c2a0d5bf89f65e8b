"""The `blame` command line: thin over the library.

Each command is one function; heavy modules (yaml, rich, networkx, user code) are imported
inside the commands so `blame --help` stays fast. A `BlameError` anywhere prints one line,
`blame: error: <message>`, and exits 2, never a traceback.
"""

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from blame.cligroup import BlameGroup
from blame.errors import BlameError, ConfigError, ExitCode
from blame.files import real_path
from blame.launch import print_error, reserve_stdout, usable_streams

if TYPE_CHECKING:
    from blame.context import RunContext


def _shown(text: str) -> str:
    """A line naming paths, safe for the terminal (a folder name may hold escapes)."""
    from blame.text import printable

    return printable(text)


app = typer.Typer(
    name="blame",
    cls=BlameGroup,
    help="Which agent, tool or handoff caused each failed check of a multi-agent pipeline.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _new_context() -> "RunContext":
    """The run context of one command: its plugins, handed down to whatever the run does."""
    from blame.context import RunContext

    return RunContext()


ConfigOption = Annotated[Path, typer.Option("--config", "-c", help="Path to blame.yaml.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the results JSON on stdout.")]
FilterOption = Annotated[
    str | None, typer.Option("-k", help="Only tests whose name contains this text (any case).")
]


def _version_callback(value: bool) -> None:
    if value:
        from blame import __version__

        typer.echo(f"blame {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version_callback, is_eager=True, help="Show version."),
    ] = False,
) -> None:
    """Which agent, tool or handoff caused each failed check of a multi-agent pipeline."""


@app.command()
def init(
    config: Annotated[Path, typer.Option("--config", "-c", help="Where to write.")] = Path(
        "blame.yaml"
    ),
) -> None:
    """Write a commented example blame.yaml (and a small agent.py beside it if absent)."""
    from blame.scaffold import write_example

    for written in write_example(config):
        typer.echo(_shown(f"wrote {written}"))
    typer.echo(_shown(f"next: blame test --config {config}"))


@app.command()
def schema() -> None:
    """Print the JSON Schema of blame.yaml, for editors to complete and check the file."""
    from importlib import resources

    sys.stdout.write(
        (resources.files("blame") / "schema" / "blame.schema.json").read_text(encoding="utf-8")
    )


@app.command()
def test(
    config: ConfigOption = Path("blame.yaml"),
    json_output: JsonOption = False,
    replay: Annotated[
        bool, typer.Option("--replay", help="Use recorded fixtures; never run the agent.")
    ] = False,
    name_filter: FilterOption = None,
    junit_xml: Annotated[
        Path | None,
        typer.Option("--junit-xml", help="Also write JUnit XML here (Jenkins, GitLab)."),
    ] = None,
    tap: Annotated[Path | None, typer.Option("--tap", help="Also write TAP 13 here.")] = None,
    baseline: Annotated[
        Path | None,
        typer.Option("--baseline", help="Gate against this baseline: exit 1 only for regressions."),
    ] = None,
    runs: Annotated[
        int | None,
        typer.Option("--runs", min=1, help="Run each test this many times (overrides runs:)."),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help="Run tests and their runs in N processes.")
    ] = 1,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 3 when a verdict is INCONCLUSIVE.")
    ] = False,
    confirm: Annotated[
        bool,
        typer.Option("--confirm", help="Re-run from each top suspect's step to confirm it."),
    ] = False,
) -> None:
    """Run the tests in blame.yaml, blame each failed check, and write the reports.

    Exit codes: 0 passed; 1 a check failed (or a verdict is FAIL); 2 could not be evaluated;
    3 a verdict is INCONCLUSIVE under --strict.
    """
    from blame.launch import run_test

    raise typer.Exit(
        run_test(
            config=config,
            json_output=json_output,
            replay=replay,
            name_filter=name_filter,
            junit_xml=junit_xml,
            tap=tap,
            baseline=baseline,
            runs=runs,
            workers=workers,
            strict=strict,
            confirm=confirm,
        )
    )


@app.command()
def confirm(
    config: ConfigOption = Path("blame.yaml"),
    json_output: JsonOption = False,
    replay: Annotated[
        bool, typer.Option("--replay", help="Start from recorded fixtures (re-runs still run).")
    ] = False,
    name_filter: FilterOption = None,
    runs: Annotated[
        int | None,
        typer.Option("--runs", min=1, help="Re-run each counterfactual this many times."),
    ] = None,
) -> None:
    """Prove the blame: re-run from each top suspect's step with only its output changed.

    A suspect is confirmed when the failed check then passes, refuted when it still fails,
    inconclusive when re-runs disagree. Same as `blame test --confirm`; same exit codes.
    """
    test(
        config=config,
        json_output=json_output,
        replay=replay,
        name_filter=name_filter,
        junit_xml=None,
        tap=None,
        baseline=None,
        runs=runs,
        workers=1,
        strict=False,
        confirm=True,
    )


@app.command()
def analyze(
    traces: Annotated[
        list[str],
        typer.Argument(
            metavar="TRACE",
            help="Trace files, folders or quoted globs: OTLP JSON (Lines), chat, native.",
        ),
    ],
    checks: Annotated[
        Path, typer.Option("--checks", help="YAML with `checks: [...]` and fail_below_reward.")
    ],
    format: Annotated[
        str, typer.Option("--format", "-f", help="auto, or a trace format (blame plugins).")
    ] = "auto",
    json_output: JsonOption = False,
    output_dir: Annotated[
        Path, typer.Option("--output-dir", help="Where results and reports are written.")
    ] = Path(".blame"),
    summary: Annotated[
        bool,
        typer.Option(
            "--summary",
            help="Rank culprits over all traces; write summary.{json,md,html}; keep no "
            "per-trace results in memory.",
        ),
    ] = False,
    jsonl: Annotated[
        Path | None,
        typer.Option("--jsonl", help="Also write each trace's result as one JSON line here."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="Processes (default: the machine's cores)."),
    ] = None,
    engine: Annotated[
        str, typer.Option("--engine", help="local, or dask (blame-agents[dask]).")
    ] = "local",
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="A running Dask scheduler (default: a local cluster)."),
    ] = None,
    period: Annotated[str, typer.Option("--period", help="Trend buckets: week or day.")] = "week",
) -> None:
    """Evaluate stored traces (files, folders, globs, JSON Lines) and blame the failures."""
    from blame import summary as summaries
    from blame.analyze import analyze as run_analyze
    from blame.files import atomic_writer, check_writable, refuse_overwriting
    from blame.reports import RESULTS_FILE, write_outputs
    from blame.shards import default_workers
    from blame.terminal import print_suite
    from blame.text import printable

    # Places that cannot be written are said before the traces are read, not after.
    check_writable(output_dir / (summaries.SUMMARY_JSON if summary else RESULTS_FILE))
    if jsonl is not None:
        check_writable(jsonl)
        if jsonl.exists() and real_path(jsonl) == real_path(checks):
            raise ConfigError(
                "is the checks file, which the results would replace",
                file=str(jsonl),
                hint="name another file for --jsonl",
            )
        refuse_overwriting(jsonl, "--jsonl", [(output_dir / RESULTS_FILE, "the results")])
    written = [output_dir / RESULTS_FILE, output_dir / summaries.SUMMARY_JSON]
    json_stdout = reserve_stdout() if json_output else None
    with atomic_writer(jsonl) as records:
        outcome = run_analyze(
            traces,
            checks,
            format=format,
            workers=workers if workers is not None else default_workers(),
            engine=engine,
            scheduler=scheduler,
            keep_results=not summary,
            records=records,
            period=period,
            context=_new_context(),
            outputs=[*written, *([jsonl] if jsonl is not None else [])],
        )
    for warning in outcome.warnings[:_MAX_LINES]:
        sys.stderr.write(f"blame: warning: {printable(warning)}\n")
    for error in outcome.errors[:_MAX_LINES]:
        sys.stderr.write(f"blame: error: {printable(error)}\n")
    hidden = max(0, len(outcome.warnings) - _MAX_LINES) + max(0, len(outcome.errors) - _MAX_LINES)
    if hidden:
        sys.stderr.write(f"blame: {hidden} more warnings and errors not shown\n")
    code = _analysis_exit(outcome.aggregate)
    if summary:
        data = summaries.write(outcome.aggregate, output_dir)
        if json_stdout is not None:
            json_stdout.write(json.dumps(data, indent=2, sort_keys=True) + "\n")
            json_stdout.flush()
        else:
            summaries.print_ranking(data, sys.stdout)
            typer.echo(f"summary in {output_dir / summaries.SUMMARY_MD}")
        raise typer.Exit(code)
    write_outputs(outcome.suite, output_dir)
    if json_stdout is not None:
        json_stdout.write(outcome.suite.to_json())
        json_stdout.flush()
    else:
        print_suite(outcome.suite)
    raise typer.Exit(code)


_MAX_LINES = 20
"""Warning and error lines printed before the rest are counted (thousands of traces)."""


def _say_import_warnings(trace: Any, source: str) -> None:
    """What an importer skipped or guessed reading a trace (a broken line, a duplicate span,
    several traces in one file), as `analyze` says it: a comparison or an explanation of a
    trace read in part must not look like one of the whole file."""
    from blame.importnotes import import_notes, say

    say(import_notes(trace, source))


def _analysis_exit(aggregate: Any) -> int:
    """2 when a trace could not be read or a check of it could not be decided, 1 when one
    failed, else 0."""
    from blame.errors import ExitCode

    if aggregate.errored:
        return int(ExitCode.ERROR)
    return int(ExitCode.CHECK_FAILED if aggregate.failed else ExitCode.OK)


@app.command()
def diff(
    trace_a: Annotated[Path, typer.Argument(metavar="A", help="The trace to compare from.")],
    trace_b: Annotated[Path, typer.Argument(metavar="B", help="The trace to compare with A.")],
    format: Annotated[
        str, typer.Option("--format", "-f", help="auto, or a trace format (blame plugins).")
    ] = "auto",
    json_output: Annotated[
        bool, typer.Option("--json", help="Print the comparison as JSON on stdout.")
    ] = False,
) -> None:
    """Align two traces step by step and show where B first diverges from A (exit 0 when
    identical, 1 when they differ)."""
    from blame.diff import diff_traces, load_pair, render_text

    first, second = load_pair((trace_a, trace_b), format, _new_context())
    _say_import_warnings(first, str(trace_a))
    _say_import_warnings(second, str(trace_b))
    result = diff_traces(first, second)
    if json_output:
        from blame.text import json_text

        sys.stdout.write(json_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False)))
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_text(result, str(trace_a), str(trace_b)))
    raise typer.Exit(int(ExitCode.OK if result.identical else ExitCode.CHECK_FAILED))


@app.command()
def record(config: ConfigOption = Path("blame.yaml"), name_filter: FilterOption = None) -> None:
    """Run the real agent once per test and save each trace as a replay fixture."""
    from blame.config import load_config
    from blame.files import check_writable
    from blame.importnotes import say as say_notes
    from blame.reports import forget_outputs, write_outputs
    from blame.runner import check_request, fixture_path, run_suite
    from blame.terminal import render_recorded

    cfg = load_config(config, context=_new_context())
    check_request(cfg, record=True, name_filter=name_filter)  # a usage error keeps the results
    forget_outputs(cfg.settings.output_dir)
    if cfg.tests:  # fixtures that cannot be written are said before the agent runs
        check_writable(fixture_path(cfg, cfg.tests[0].name))
    skipped: list[str] = []  # what the import of stored traces skipped
    suite = run_suite(cfg, record=True, name_filter=name_filter, notes=skipped)
    write_outputs(suite, cfg.settings.output_dir)
    sys.stdout.write(render_recorded(suite))
    typer.echo(_shown(f"fixtures in {cfg.settings.fixtures_dir}"))
    say_notes(skipped)
    if suite.interrupted:
        sys.stderr.write("blame: interrupted\n")
        raise typer.Exit(int(ExitCode.INTERRUPTED))
    # Recording succeeded when every test has its fixture; failing checks are `blame test`'s
    # business, so `blame record && blame test --replay` goes on to show them.
    raise typer.Exit(int(ExitCode.ERROR if suite.errored else ExitCode.OK))


@app.command()
def report(
    config: Annotated[
        Path | None,
        typer.Option("--config", "-c", help="Path to blame.yaml.  [default: blame.yaml]"),
    ] = None,
    format: Annotated[
        str, typer.Option("--format", "-f", help="md, html, json, junit (XML) or tap (13).")
    ] = "md",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here, not stdout.")
    ] = None,
) -> None:
    """Render the last run's results (<output_dir>/results/latest.json) in another format."""
    from blame.reports import render_report, results_path

    if output is not None:
        from blame.files import refuse_overwriting
        from blame.userfiles import files_read_by

        read = [*files_read_by(config), (results_path(config), "the results")]
        refuse_overwriting(output, "--output", read)
    text = render_report(config, format)
    if output is None:
        sys.stdout.write(text)
    else:
        from blame.files import atomic_write_text

        atomic_write_text(output, text)
        typer.echo(_shown(f"wrote {output}"))


@app.command()
def plugins(
    config: Annotated[
        Path | None,
        typer.Option("--config", "-c", help="Also load this blame.yaml's local plugins."),
    ] = None,
) -> None:
    """List every check type, agent type and trace format, with its provider."""
    from blame.context import RunContext
    from blame.pluginreport import render_listing

    context = RunContext()
    if config is not None:
        from blame.config import load_config

        load_config(config, context=context)
    terminal = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    sys.stdout.write(render_listing(context.listing(), terminal=terminal))


@app.command()
def improve(
    config: ConfigOption = Path("blame.yaml"),
    suggest: Annotated[
        bool, typer.Option("--suggest", help="Print the suggested prompt patches.")
    ] = False,
    apply: Annotated[
        bool, typer.Option("--apply", help="Write the patches into the agents' prompt files.")
    ] = False,
    format: Annotated[
        str | None,
        typer.Option(
            "--format", "-f", help="md, diff or json (default: diff when prompt files exist)."
        ),
    ] = None,
    replay: Annotated[
        bool, typer.Option("--replay", help="Replay the fixtures instead of reading the last run.")
    ] = False,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Try each patch on a copy of the project: pass rates before and after; "
            "with --apply, write only the patches that helped.",
        ),
    ] = False,
    runs: Annotated[
        int, typer.Option("--runs", min=1, help="With --verify: runs of each failing test.")
    ] = 5,
) -> None:
    """Suggest prompt patches for the culprits of the last run, or apply them."""
    if not suggest and not apply and not verify:
        raise typer.BadParameter("say --suggest to print the patches or --apply to write them")
    from blame.config import load_config
    from blame.improve import improve as run_improve

    # A diff or JSON on stdout is piped into other tools: plugins and agents print elsewhere.
    stdout = reserve_stdout()
    outcome = run_improve(
        load_config(config, context=_new_context()),
        replay=replay,
        format=format,
        apply=apply,
        suggest=suggest,
        verify=runs if verify else None,
    )
    stdout.write(outcome.stdout)
    stdout.flush()
    from blame.importnotes import say as say_notes
    from blame.text import printable

    say_notes(outcome.warnings)  # what the import of stored traces skipped, as `blame test`
    for note in outcome.notes:
        sys.stderr.write(f"blame: {printable(note)}\n")
    if outcome.errors:  # the suggestions above come from the tests that finished
        more = len(outcome.errors) - 1
        tail = f" (and {more} more test{'s' if more > 1 else ''})" if more else ""
        sys.stderr.write(f"blame: error: {printable(outcome.errors[0])}{tail}\n")
        raise typer.Exit(int(ExitCode.ERROR))


@app.command()
def explain(
    test_name: Annotated[str, typer.Argument(metavar="TEST", help="The test's name.")],
    config: ConfigOption = Path("blame.yaml"),
    replay: Annotated[
        bool, typer.Option("--replay", help="Use the recorded fixture; never run the agent.")
    ] = False,
    all_steps: Annotated[
        bool, typer.Option("--all", help="Show every step, however long the trace.")
    ] = False,
) -> None:
    """Show one test's steps in order, its handoffs and errors, and where each failure is pinned."""
    from blame.config import load_config
    from blame.explain import STEP_LIMIT, explain_test, find_test, print_explanation
    from blame.results import SuiteResult
    from blame.runner import exit_code

    cfg = load_config(config, context=_new_context())
    trace, case = explain_test(cfg, test_name, replay=replay)
    stored = find_test(cfg, test_name).trace  # a stored trace is read whatever --replay says
    if stored is not None:
        from blame.importnotes import shown_path

        _say_import_warnings(trace, shown_path(stored, cfg.base_dir))
    print_explanation(trace, case, limit=None if all_steps else STEP_LIMIT)
    # like `blame test -k`: a script can tell a failing test from a passing one
    raise typer.Exit(int(exit_code(SuiteResult(tests=(case,)))))


from blame.cli_history import baseline_app, gate, history_app  # noqa: E402  (after `app`)

app.add_typer(history_app, name="history")
app.add_typer(baseline_app, name="baseline")
app.command()(gate)


def _invoked(full: typer.Typer, args: list[str]) -> typer.Typer:
    """`full` with only the command or group the first argument names, else `full` itself.

    Typer builds every command's options on each start (about 8 ms for blame's, the first
    time in a process), and a run uses one. Click hands the first argument that names a
    command to that command, with the group's own options before it: a first argument that
    names one leaves nothing for the others to do. Anything else (no arguments, an option,
    `--help`, a typo, shell completion) gets the whole app."""
    if not args or os.environ.get("_BLAME_COMPLETE"):
        return full
    first = args[0]
    commands = [
        info
        for info in full.registered_commands
        if (info.name or typer.main.get_command_name(getattr(info.callback, "__name__", "")))
        == first
    ]
    groups = [info for info in full.registered_groups if info.name == first]
    if not commands and not groups:
        return full
    import copy

    one = copy.copy(full)
    one.registered_commands = commands
    one.registered_groups = groups
    return one


def main() -> None:
    """The full command line (`blame.launch.main` runs a plain `blame test` without it)."""
    usable_streams()
    try:
        _invoked(app, sys.argv[1:])()
    except BlameError as error:
        print_error(error)
        sys.exit(int(ExitCode.ERROR))
    except KeyboardInterrupt:
        sys.stderr.write("blame: interrupted\n")
        sys.exit(int(ExitCode.INTERRUPTED))
    finally:
        # The process ends: the interpreter's last collection would walk every object the run
        # made (a million-step trace's millions) to free nothing the exit does not free.
        import gc

        gc.freeze()
