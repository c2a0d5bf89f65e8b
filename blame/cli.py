"""The `blame` command line: thin over the library.

Each command is one function; heavy modules (yaml, rich, networkx, user code) are imported
inside the commands so `blame --help` stays fast. A `BlameError` anywhere prints one line,
`blame: error: <message>`, and exits 2, never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from blame.errors import BlameError, ExitCode


def _print_error(error: BlameError) -> None:
    sys.stderr.write(f"blame: error: {error.format()}\n")
    sys.stderr.flush()


class _BlameGroup(TyperGroup):
    """Turns a BlameError raised by any command into one line on stderr and exit 2."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BlameError as error:
            _print_error(error)
            raise typer.Exit(int(error.exit_code)) from None


app = typer.Typer(
    name="blame",
    cls=_BlameGroup,
    help="Which agent, tool or handoff caused each failed check of a multi-agent pipeline.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

ConfigOption = Annotated[Path, typer.Option("--config", "-c", help="Path to blame.yaml.")]
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
        typer.echo(f"wrote {written}")
    typer.echo(f"next: blame test --config {config}")


@app.command()
def test(
    config: ConfigOption = Path("blame.yaml"),
    json_output: Annotated[
        bool, typer.Option("--json", help="Print the results JSON on stdout.")
    ] = False,
    replay: Annotated[
        bool, typer.Option("--replay", help="Use recorded fixtures; never run the agent.")
    ] = False,
    name_filter: FilterOption = None,
) -> None:
    """Run the tests in blame.yaml, blame each failed check, and write the reports."""
    from blame.config import load_config
    from blame.reports import print_suite, write_outputs
    from blame.runner import exit_code, run_suite

    cfg = load_config(config)
    suite = run_suite(cfg, replay=replay or cfg.settings.replay, name_filter=name_filter)
    write_outputs(suite, cfg.settings.output_dir)
    if json_output:
        sys.stdout.write(suite.to_json())
    else:
        print_suite(suite)
    raise typer.Exit(int(exit_code(suite)))


@app.command()
def record(config: ConfigOption = Path("blame.yaml"), name_filter: FilterOption = None) -> None:
    """Run the real agent once per test and save each trace as a replay fixture."""
    from blame.config import load_config
    from blame.reports import print_suite, write_outputs
    from blame.runner import exit_code, run_suite

    cfg = load_config(config)
    suite = run_suite(cfg, record=True, name_filter=name_filter)
    write_outputs(suite, cfg.settings.output_dir)
    print_suite(suite)
    typer.echo(f"fixtures in {cfg.settings.fixtures_dir}")
    raise typer.Exit(int(exit_code(suite)))


@app.command()
def report(
    config: ConfigOption = Path("blame.yaml"),
    format: Annotated[str, typer.Option("--format", "-f", help="md, html or json.")] = "md",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write here, not stdout.")
    ] = None,
) -> None:
    """Render the last run's results (<output_dir>/results/latest.json) as md, html or json."""
    from blame.reports import render_report

    text = render_report(config, format)
    if output is None:
        sys.stdout.write(text)
    else:
        from blame.files import atomic_write_text

        atomic_write_text(output, text)
        typer.echo(f"wrote {output}")


@app.command()
def plugins(
    config: Annotated[
        Path | None,
        typer.Option("--config", "-c", help="Also load this blame.yaml's local plugins."),
    ] = None,
) -> None:
    """List every check type, agent type, trace format and patch suggester, with its provider."""
    from blame.plugins import format_listing, listing

    if config is not None:
        from blame.config import load_config

        load_config(config)
    rows = listing()
    if not sys.stdout.isatty():
        sys.stdout.write(format_listing(rows))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table("kind", "name", "distribution", "version", "source", box=None)
    for row in rows:
        source = row.source if row.error is None else f"{row.source} [unavailable: {row.error}]"
        table.add_row(row.kind, row.name, row.distribution, row.version or "-", source)
    Console(highlight=False).print(table, markup=False)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except BlameError as error:
        _print_error(error)
        sys.exit(int(ExitCode.ERROR))
    except KeyboardInterrupt:
        sys.stderr.write("blame: interrupted\n")
        sys.exit(int(ExitCode.ERROR))
