"""`blame explain TEST`: one test's step graph in the terminal, with its failures pinned on it.

A person checking a verdict needs the steps in order with who ran them, what fed what, where
data crossed between agents and what raised, and, beside each step, the failed checks the engine
pinned on it. Every cell is untrusted trace text, so it is flattened to one printable line,
bounded, and handed to rich as plain text (never as markup).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from blame.errors import ConfigError
from blame.frozen import dataclass
from blame.model import Trace
from blame.results import CaseResult, CheckResult, Suspect
from blame.text import clean, closest, shorten

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from blame.config import CaseSpec, Config

CELL_LIMIT = 60
"""Longest text shown in a table cell."""
STEP_LIMIT = 200
"""Longer traces show only the steps that matter unless every step is asked for."""
LOG_WIDTH = 160
"""Columns of the table when it goes to a pipe or a log rather than a terminal."""


@dataclass(frozen=True, slots=True)
class StepRow:
    """One step as `blame explain` shows it."""

    index: int
    """Recording order, 0-based."""
    id: str
    """The step's id."""
    agent: str
    """The responsible agent."""
    kind: str
    """agent, tool, llm or human."""
    name: str
    """The tool's (or llm's) name; empty when it is the agent's own name."""
    parents: tuple[str, ...]
    """Ids of the steps that fed it."""
    handoffs: tuple[str, ...]
    """`"Sender -> Receiver"` for each parent of another agent."""
    error: str | None
    """What the step raised, if anything."""
    pinned: tuple[str, ...]
    """Names of the failed checks whose top suspect is this step."""


def step_rows(trace: Trace, case: CaseResult) -> tuple[StepRow, ...]:
    """The table rows: every step in order, with the failed checks pinned on it."""
    parents = trace.parent_indexes()
    pinned: dict[int, list[str]] = {}
    for check in case.checks:
        top = _top(check)
        if top is not None and top.step_index is not None:
            pinned.setdefault(top.step_index, []).append(check.name)
    rows = []
    for step in trace.steps:
        senders = [
            trace.steps[p].agent for p in parents[step.index] if trace.steps[p].agent != step.agent
        ]
        rows.append(
            StepRow(
                index=step.index,
                id=step.id,
                agent=step.agent,
                kind=step.kind.value,
                name="" if step.name == step.agent else step.name,
                parents=step.parents,
                handoffs=tuple(f"{s} -> {step.agent}" for s in dict.fromkeys(senders)),
                error=step.error,
                pinned=tuple(pinned.get(step.index, ())),
            )
        )
    return tuple(rows)


def select_rows(rows: Sequence[StepRow], limit: int | None = STEP_LIMIT) -> list[StepRow | int]:
    """The rows worth showing, with the number of hidden steps where a gap is.

    Within `limit` every row shows. Beyond it, the steps that explain the verdict come first:
    steps a failure is pinned on, the steps that fed them, steps that raised, then the first
    and last step; a gap becomes its count of hidden steps.
    """
    if limit is None or len(rows) <= limit:
        return list(rows)
    index_of = {row.id: row.index for row in rows}
    pinned = [row.index for row in rows if row.pinned]
    feeders = [index_of[p] for i in pinned for p in rows[i].parents if p in index_of]
    errors = [row.index for row in rows if row.error is not None]
    wanted = dict.fromkeys([*pinned, *feeders, *errors, 0, len(rows) - 1])
    keep = sorted(list(wanted)[:limit])
    shown: list[StepRow | int] = []
    previous = -1
    for index in keep:
        if index - previous > 1:
            shown.append(index - previous - 1)
        shown.append(rows[index])
        previous = index
    if previous < len(rows) - 1:
        shown.append(len(rows) - 1 - previous)
    return shown


def _top(check: CheckResult) -> Suspect | None:
    return check.blame[0] if not check.passed and check.blame else None


def find_test(config: Config, name: str) -> CaseSpec:
    """The test named `name`; a near miss gets a suggestion."""
    for spec in config.tests:
        if spec.name == name:
            return spec
    names = [spec.name for spec in config.tests]
    close = closest(name, names)
    listed = ", ".join(shorten(n, 60) for n in names[:10])
    hint = f"did you mean {close!r}?" if close else f"tests are: {listed}"
    raise ConfigError(f"no test named {name!r}", file=str(config.path), field="TEST", hint=hint)


def explain_test(config: Config, name: str, *, replay: bool = False) -> tuple[Trace, CaseResult]:
    """One test's trace (stored, replayed, or from a live run) and its evaluated result."""
    from blame.errors import AgentError, PartialRunError
    from blame.runner import (
        checks_budget,
        context_of,
        evaluate_trace,
        raised_case,
        runs_user_code,
        trace_of,
    )
    from blame.supervise import Limit, run_all

    spec = find_test(config, name)
    replay = replay or config.settings.replay

    def run_one(index: int, limit: Limit | None) -> tuple[Trace, CaseResult]:
        crashed = None
        try:
            trace = trace_of(config, spec, replay=replay, limit=limit)
        except PartialRunError as error:  # raised part-way: its steps so far, as its error
            trace, crashed = error.trace, error
        if limit is not None:
            limit(checks_budget(config, spec.checks), "running the checks")
        case = evaluate_trace(
            trace,
            spec.checks,
            threshold=config.settings.fail_below_reward,
            name=spec.name,
            context=context_of(config),
        )
        return trace, case if crashed is None else raised_case(case, crashed)

    def failed(index: int, why: str) -> tuple[Trace, CaseResult]:
        raise AgentError(why, file=str(config.path), field=f"test {spec.name!r}")

    # the agent and plugins' checks run in a worker killed at the limit, as for `blame test`
    (explained,) = run_all(
        1,
        run_one,
        failed,
        exit_limit=config.settings.timeout,
        user_code=runs_user_code(config, (spec,), replay=replay),
    )
    return explained


COLUMNS = ("#", "step", "agent", "kind", "name", "parents", "handoff", "error", "pinned")
"""The step table's columns; `#` is right-aligned."""
_STYLES = ("", "", "", "", "", "", "", "red", "bold red")
"""Each column's style on a terminal."""


def render(trace: Trace, case: CaseResult, *, limit: int | None = STEP_LIMIT) -> RenderableType:
    """The step table and the failed checks beneath it, as one rich renderable."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(table_title(trace, case)), title_justify="left")
    for column in COLUMNS:
        table.add_column(column, overflow="fold", justify="right" if column == "#" else "left")
    for cells in table_cells(trace, case, limit):
        styled = zip(cells, _STYLES, strict=False)  # a gap's row has two cells
        table.add_row(*(Text(cell, style=style) for cell, style in styled))
    return Group(table, Text("\n".join(failure_lines(case))))


def table_title(trace: Trace, case: CaseResult) -> str:
    """The line above the step table: the test, its verdict and reward, its length."""
    verdict = "error" if case.error else ("passed" if case.passed else "failed")
    return (
        f"{clean(case.name)}: {verdict}, reward {case.reward:.2f} "
        f"(threshold {case.threshold:.2f}), {len(trace.steps)} steps"
    )


def table_cells(trace: Trace, case: CaseResult, limit: int | None) -> list[tuple[str, ...]]:
    """The table's rows as text, cell by cell (a gap is a row of two cells)."""
    cells: list[tuple[str, ...]] = []
    for row in select_rows(step_rows(trace, case), limit):
        if isinstance(row, int):
            cells.append(("…", f"{row} steps not shown (--all shows every step)"))
            continue
        cells.append(
            (
                str(row.index),
                clean(row.id, 20),
                clean(row.agent, CELL_LIMIT),
                row.kind,
                clean(row.name, CELL_LIMIT),
                ", ".join(clean(p, 20) for p in row.parents),
                "; ".join(clean(h, CELL_LIMIT) for h in row.handoffs),
                clean(row.error, CELL_LIMIT) if row.error else "",
                ", ".join(clean(p, CELL_LIMIT) for p in row.pinned),
            )
        )
    return cells


def plain_table(title: str, rows: Sequence[tuple[str, ...]], width: int) -> list[str] | None:
    """The step table as rich draws it without a terminal, drawn line by line: rich measures
    and lays out every cell of every row (13 s for 20,000 steps), which a table whose every
    cell fits on one line does not need. None when something would wrap (rich folds it)."""
    from rich.cells import cell_len

    widths = [cell_len(column) for column in COLUMNS]
    for cells in rows:
        for at, cell in enumerate(cells):
            if "\n" in cell or "\r" in cell:
                return None
            size = cell_len(cell)
            if size > widths[at]:
                widths[at] = size
    total = sum(widths) + 3 * len(widths) + 1
    if total > width or cell_len(title) > total:
        return None

    def line(left: str, fill: str, middle: str, right: str) -> str:
        return left + middle.join(fill * (w + 2) for w in widths) + right

    def row(cells: Sequence[str], bar: str) -> str:
        full = [*cells, *[""] * (len(widths) - len(cells))]  # a gap's row has two cells
        padded = [
            " " * (w - cell_len(c)) + c if at == 0 else c + " " * (w - cell_len(c))
            for at, (c, w) in enumerate(zip(full, widths, strict=True))
        ]
        return bar + " " + f" {bar} ".join(padded) + " " + bar

    return [
        title + " " * (total - cell_len(title)),
        line("┏", "━", "┳", "┓"),
        row(COLUMNS, "┃"),
        line("┡", "━", "╇", "┩"),
        *(row(cells, "│") for cells in rows),
        line("└", "─", "┴", "┘"),
    ]


def failure_lines(case: CaseResult) -> list[str]:
    """One line per failed check: where it is pinned and why, or that it is unattributed."""
    lines = []
    if case.error:
        lines.append(f"error: {clean(case.error, 400)}")
    failed = [check for check in case.checks if not check.passed]
    if not failed and not case.error:
        lines.append("every check passed")
    for check in failed:
        name = clean(check.name, CELL_LIMIT)
        if not check.blame:
            lines.append(f"x {name}: unattributed ({clean(check.message, 200)})")
            continue
        top = check.blame[0]
        where = "no step" if top.step_index is None else f"step {top.step_index}"
        lines.append(
            f"x {name} -> {top.kind} {clean(top.name, CELL_LIMIT)} at {where} "
            f"(confidence {top.confidence:.2f}): {clean(top.reason, 300)}"
        )
    return lines


def print_explanation(
    trace: Trace,
    case: CaseResult,
    console: Console | None = None,
    *,
    limit: int | None = STEP_LIMIT,
) -> None:
    """Print the explanation; plain text when stdout is not a terminal or NO_COLOR is set."""
    from rich.console import Console

    if console is None:
        # rich drops only colours for NO_COLOR and keeps bold; plain text means no escapes.
        plain = bool(os.environ.get("NO_COLOR"))
        # Into a pipe or a CI log there is no terminal to fit, and rich's 80 columns would
        # fold every name: the width of a log unless COLUMNS says otherwise.
        width = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else LOG_WIDTH
        console = Console(highlight=False, color_system=None if plain else "auto", width=width)
    if not console.is_terminal:  # no styles to draw: the table line by line, when it fits
        lines = plain_table(
            table_title(trace, case), table_cells(trace, case, limit), console.width
        )
        if lines is not None:
            from rich.text import Text

            console.file.write("\n".join(lines) + "\n")
            console.print(Text("\n".join(failure_lines(case))))
            return
    console.print(render(trace, case, limit=limit))


def explain_lines(
    trace: Trace, case: CaseResult, width: int = LOG_WIDTH, *, limit: int | None = STEP_LIMIT
) -> Sequence[str]:
    """The explanation as plain lines (for tests and logs)."""
    import io

    from rich.console import Console

    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, highlight=False)
    console.print(render(trace, case, limit=limit))
    return buffer.getvalue().splitlines()
