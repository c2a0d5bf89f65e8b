"""What blame says about plugins: one that could not be used (`Failure`), and the rows and table
of `blame plugins`. Apart from `blame.plugintypes` because a run whose plugins all load needs
neither (their dataclasses cost every run's imports otherwise)."""

from __future__ import annotations

from collections.abc import Sequence

from blame.frozen import dataclass
from blame.plugintypes import GROUPS, Entry, Provider


@dataclass(frozen=True, slots=True)
class Failure:
    """A plugin that could not be used, and why."""

    provider: Provider
    """Which plugin."""
    error: str
    """`ExceptionType: message` for an import error, or why the object was rejected."""

    def message(self) -> str:
        """One line naming the plugin and the error."""
        return f"{self.provider.describe()} failed to load: {self.error}"


@dataclass(frozen=True, slots=True)
class Listing:
    """One row of `blame plugins`."""

    kind: str
    """check type, agent type or trace format."""
    name: str
    """The registered name."""
    distribution: str
    """Who provides it (`local` for a config plugin)."""
    version: str
    """The distribution's version."""
    source: str
    """Entry-point value or `plugins:` item."""
    error: str | None
    """Why it cannot be used, or None when it loaded."""


def listing(entries: Sequence[Entry]) -> tuple[Listing, ...]:
    """Rows for loaded entries (of any groups), sorted by kind then name."""
    rows = []
    for entry in entries:
        p = entry.provider
        error = entry.failure.error if entry.failure is not None else None
        rows.append(
            Listing(GROUPS[p.group].noun, p.name, p.distribution, p.version, p.source, error)
        )
    return tuple(sorted(rows, key=lambda r: (r.kind, r.name)))


def render_listing(rows: Sequence[Listing], *, terminal: bool) -> str:
    """`blame plugins`' one table: styled for a terminal, plain columns (one row per line, no
    trailing spaces, never folded) for a pipe; a broken plugin's source ends with its error."""
    import io

    from rich.console import Console
    from rich.table import Table

    from blame.text import printable  # names come from installed distributions

    table = Table(box=None, pad_edge=False, header_style="bold" if terminal else "")
    for column in ("KIND", "NAME", "DISTRIBUTION", "VERSION", "SOURCE"):
        table.add_column(column, overflow="fold")
    for row in rows:
        source = row.source if row.error is None else f"{row.source} [unavailable: {row.error}]"
        cells = (row.kind, row.name, row.distribution, row.version or "-", source)
        table.add_row(*(printable(cell) for cell in cells))
    out = io.StringIO()
    console = Console(
        file=out,
        highlight=False,
        force_terminal=terminal,
        no_color=not terminal,
        width=None if terminal else 1_000_000,
    )
    console.print(table, markup=False)
    if terminal:
        return out.getvalue()
    return "".join(line.rstrip() + "\n" for line in out.getvalue().splitlines())
