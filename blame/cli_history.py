"""`blame history`, `blame baseline save` and `blame gate`: the commands that read what earlier
runs left under output_dir (kept apart from `blame.cli` so each module stays small; as light
to import, since `blame --help` imports both)."""

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from blame.history import Kept
    from blame.results import SuiteResult

history_app = typer.Typer(
    help="List the runs of `blame test` (newest first) and when each failing check broke.",
    invoke_without_command=True,
    no_args_is_help=False,
)


def _output_dir(config: Path | None) -> Path:
    """The output_dir of a config (its settings only: no plugins imported); ./.blame when no
    config is named and ./blame.yaml is absent."""
    from blame.reports import DEFAULT_CONFIG

    if config is None:
        if not DEFAULT_CONFIG.is_file():
            return Path(".blame")
        config = DEFAULT_CONFIG
    from blame.config import load_settings

    return load_settings(config).output_dir


OptionalConfig = Annotated[
    Path | None,
    typer.Option("--config", "-c", help="Path to blame.yaml.  [default: blame.yaml]"),
]


@history_app.callback()
def history_list(
    ctx: typer.Context,
    config: OptionalConfig = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help="Runs listed.", min=1)] = 20,
) -> None:
    """List the kept runs, newest first, with pass/fail counts, and what is failing since when."""
    if ctx.invoked_subcommand is not None:
        return
    from blame import breakages

    kept = _kept(config)
    newest = max((damaged.seq for damaged in kept.damaged), default=None)
    sys.stdout.write(breakages.render_list(kept.runs, limit=limit, newest=newest))


@history_app.command("show")
def history_show(
    run: Annotated[str, typer.Argument(metavar="N|ID", help="1 = the newest run, or an id (r42).")],
    config: OptionalConfig = None,
) -> None:
    """Show one run: each test's status, failed checks, culprits and since when they fail."""
    from blame import breakages, history

    kept = _kept(config)
    sys.stdout.write(breakages.render_show(kept.runs, history.find(kept, run)))


def _kept(config: Path | None) -> "Kept":
    """The kept runs, each damaged record warned about on stderr (one line each) and skipped."""
    from blame import history
    from blame.text import printable

    kept = history.load(_output_dir(config))
    for damaged in kept.damaged:
        sys.stderr.write(f"blame: warning: {printable(damaged.warning)}\n")
    return kept


baseline_app = typer.Typer(help="Save a reviewed baseline to gate later runs against.")


@baseline_app.command("save")
def baseline_save(
    config: OptionalConfig = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Where to write.  [default: beside blame.yaml]"),
    ] = None,
) -> None:
    """Write the last run's results as a committable baseline (pass rates, intervals, failure
    categories, culprits and each test's passing trace)."""
    from blame.baseline import DEFAULT_BASELINE, save
    from blame.config import names_of_tests
    from blame.files import refuse_overwriting
    from blame.reports import DEFAULT_CONFIG, RESULTS_FILE
    from blame.userfiles import files_read_by

    output_dir = _output_dir(config)
    suite = _complete_results(output_dir / RESULTS_FILE)
    if output is None:
        output = (config or Path("blame.yaml")).parent / DEFAULT_BASELINE
    read = [*files_read_by(config), (output_dir / RESULTS_FILE, "the results")]
    refuse_overwriting(output, "--output", read)
    named = config or (DEFAULT_CONFIG if DEFAULT_CONFIG.is_file() else None)
    saved = save(suite, output_dir, output, names_of_tests(named) if named else ())
    from blame.text import printable  # a folder name may carry escapes

    said = f"wrote {output}: {saved.baseline.summary()}"
    if saved.kept:
        said += f"; {_tests(saved.kept)} the last run left out kept from the baseline it replaced"
    typer.echo(printable(said))
    if saved.lost:
        why = f" ({saved.unreadable})" if saved.unreadable else ""
        sys.stderr.write(
            printable(
                f"blame: warning: the baseline has no entry for {_tests(saved.lost)}, which the "
                f"last run did not run{why}; run `blame test` without -k and save again"
            )
            + "\n"
        )


def _tests(names: Sequence[str]) -> str:
    """`2 tests ('a', 'b')`, `1 test ('a')`: at most three named."""
    shown = ", ".join(map(repr, names[:3])) + (", ..." if len(names) > 3 else "")
    return f"{len(names)} test{'' if len(names) == 1 else 's'} ({shown})"


def gate(
    baseline: Annotated[
        Path | None,
        typer.Option(
            "--baseline",
            help="The baseline to gate against.  [default: the one `blame baseline save` "
            "writes beside blame.yaml]",
        ),
    ] = None,
    config: OptionalConfig = None,
    json_output: Annotated[
        bool, typer.Option("--json", help="Print the gate report as JSON on stdout.")
    ] = False,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 3 when a verdict is INCONCLUSIVE.")
    ] = False,
) -> None:
    """Gate the last run's stored results against a baseline: exit 0 no regression (known
    failures pass), 1 a regression, 2 unreadable input, 3 INCONCLUSIVE under --strict."""
    from blame.baseline import DEFAULT_BASELINE, load
    from blame.gate import compare, exit_code, render_text, write_report
    from blame.reports import RESULTS_FILE

    if baseline is None:  # where `blame baseline save` writes it
        baseline = (config or Path("blame.yaml")).parent / DEFAULT_BASELINE
    reference = load(baseline)
    output_dir = _output_dir(config)
    suite = _complete_results(output_dir / RESULTS_FILE)
    report = compare(reference, suite, output_dir)
    text = write_report(report, output_dir)
    sys.stdout.write(text if json_output else render_text(report, str(baseline)))
    raise typer.Exit(int(exit_code(report, suite, strict=strict)))


def _complete_results(path: Path) -> "SuiteResult":
    """The last run's results, refused when Ctrl-C cut the run short: the tests that never ran
    would pass the gate as 'missing', and a baseline saved from them would lose them."""
    from blame.errors import TraceError
    from blame.reports import load_results
    from blame.results import cut_short

    suite = load_results(path)
    if suite.interrupted:
        raise TraceError(
            f"the run was {cut_short(len(suite.tests))}",
            file=str(path),
            hint="run `blame test` to the end first",
        )
    return suite
