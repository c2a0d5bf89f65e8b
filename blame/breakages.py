"""When checks broke, from the kept history: for each check failing in a run, the first run of
its current streak of failures and the passing run before it; and the views of `blame history`
and `blame history show` built on them. Apart from `blame.history`, which every `blame test`
imports to append its record, because only these commands read the records back.
"""

from __future__ import annotations

from collections.abc import Sequence

from blame.frozen import dataclass
from blame.history import RunRecord, TestRecord


@dataclass(frozen=True, slots=True)
class Breakage:
    """A check failing in the newest run, and since when."""

    test: str
    """The test's name."""
    check: str
    """The check's name (or `(error)` for a test that could not be evaluated)."""
    since: RunRecord
    """The first run of the current streak of failures."""
    last_pass: RunRecord | None
    """The run just before it, where the check passed; None when no kept run passed it."""
    unread: tuple[tuple[int, int], ...] = ()
    """Runs (first, last numbers) between `since` and `last_pass` (or the oldest kept run)
    whose records could not be read or were removed: the streak may have begun in them, so
    `since` is the earliest failure known, not the streak's start."""


def breakages(records: Sequence[RunRecord], upto: int = 0) -> list[Breakage]:
    """For each check failing in `records[upto]` (newest first), the first run of its current
    streak of failures and the passing run before it; one pass over the records.

    A run missing between two kept records (its record damaged and skipped, or removed) may
    have passed or failed: a streak that reaches it stops there, and the runs older than the
    gap only say whether the check passed before it (`unread` names the missing runs)."""
    if upto >= len(records):
        return []
    current = records[upto]
    open_: dict[tuple[str, str], RunRecord] = {}
    for test in current.tests:
        for key in _failing(test):
            open_[key] = current
    unread: dict[tuple[str, str], list[tuple[int, int]]] = {}
    found: dict[tuple[str, str], Breakage] = {}
    newer = current
    for older in records[upto + 1 :]:
        if not open_:
            break
        gap = (older.seq + 1, newer.seq - 1) if newer.seq - older.seq > 1 else None
        newer = older
        failing = {key for test in older.tests for key in _failing(test)}
        ran = {test.name for test in older.tests}
        for key in list(open_):
            if gap is not None:
                unread.setdefault(key, []).append(gap)
            if key in unread:  # beyond a gap: only whether the check passed before it
                if key[0] in ran:
                    passed = None if key in failing else older
                    found[key] = Breakage(key[0], key[1], open_.pop(key), passed, (*unread[key],))
            elif key in failing:
                open_[key] = older
            elif key[0] in ran:
                found[key] = Breakage(key[0], key[1], open_.pop(key), older)
    for key, since in open_.items():
        found[key] = Breakage(key[0], key[1], since, None, tuple(unread.get(key, ())))
    order = [key for test in current.tests for key in _failing(test)]
    return [found[key] for key in order]


def _failing(test: TestRecord) -> list[tuple[str, str]]:
    if test.status == "error":
        return [(test.name, "(error)")]
    return [(test.name, check) for check, _ in test.failed]


def render_list(records: Sequence[RunRecord], *, limit: int, newest: int | None = None) -> str:
    """`blame history`: the newest runs with their counts, then what is failing and since when.

    `newest` is the number of the newest kept record, readable or not: when that record (or
    more) could not be read, the failures listed are the newest readable run's, and say so."""
    from blame.text import printable

    if not records:
        return "no runs recorded yet; each `blame test` adds one\n"
    shown = records[:limit]
    # a column for inconclusive tests only when a run shown had one (runs: N), as the run said
    unsure = any(record.count("inconclusive") for record in shown)
    lines = [
        "  #  id      time                  passed  failed"
        + ("  inconclusive" if unsure else "")
        + "  errors"
    ]
    for position, record in enumerate(shown, start=1):
        lines.append(
            f"{position:>3}  {record.id:<6}  {record.time:<20}  {record.count('pass'):>6}  "
            f"{record.count('fail'):>6}"
            + (f"  {record.count('inconclusive'):>12}" if unsure else "")
            + f"  {record.count('error'):>6}"
            + ("  (interrupted)" if record.interrupted else "")
        )
    if len(records) > limit:
        lines.append(f"  ... {len(records) - limit} older runs (--limit to show more)")
    broken = breakages(records)
    if broken:
        if newest is not None and newest > records[0].seq:
            first, last = records[0].seq + 1, newest
            missing = f"r{first}" if first == last else f"r{first} to r{last}"
            lines.append(
                f"failing in {records[0].id}, the newest readable run "
                f"(no readable record of {missing}):"
            )
        else:
            lines.append("failing in the newest run:")
        lines.extend(f"  {printable(f'{b.test}: {b.check} {_since(b)}')}" for b in broken)
    return "\n".join(lines) + "\n"


def _since(broken: Breakage) -> str:
    """`failing since r40 (passed in r39)`; across runs without a readable record, `failing
    since r40 or earlier (no readable record of r38 to r39; passed in r37)`."""
    if broken.unread:
        missing = ", ".join(
            f"r{first}" if first == last else f"r{first} to r{last}"
            for first, last in reversed(broken.unread)
        )
        bound = f"; passed in {broken.last_pass.id}" if broken.last_pass is not None else ""
        return (
            f"failing since {broken.since.id} or earlier (no readable record of {missing}{bound})"
        )
    if broken.last_pass is None:
        return f"failing since {broken.since.id} (no kept run before it passed)"
    return f"failing since {broken.since.id} (passed in {broken.last_pass.id})"


def _partial(record: RunRecord) -> str:
    """` (interrupted: only the 2 tests that finished)` for a run Ctrl-C cut short."""
    if not record.interrupted:
        return ""
    from blame.results import cut_short

    return f" ({cut_short(len(record.tests))})"


def render_show(records: Sequence[RunRecord], record: RunRecord) -> str:
    """`blame history show`: one run's tests, failed checks and culprits, and since when."""
    from blame.text import printable

    upto = next(i for i, r in enumerate(records) if r.seq == record.seq)
    since = {(b.test, b.check): b for b in breakages(records, upto)}
    unsure = record.count("inconclusive")
    lines = [
        f"run {record.id} at {record.time}: {record.count('pass')} passed, "
        f"{record.count('fail')} failed"
        + (f", {unsure} inconclusive" if unsure else "")
        + f", {record.count('error')} errors{_partial(record)}"
    ]
    for test in record.tests:
        counts = f" ({test.passes} of {test.runs} runs passed)" if test.runs > 1 else ""
        lines.append(f"  {test.status.upper():<5} {printable(test.name)}{counts}")
        for check, culprit in test.failed:
            blamed = f" (culprit: {culprit})" if culprit else " (unattributed)"
            streak = since.get((test.name, check))
            note = f"; {_since(streak)}" if streak else ""
            lines.append(f"        {printable(check)}{printable(blamed)}{printable(note)}")
        if test.status == "error" and (test.name, "(error)") in since:
            lines.append(f"        {_since(since[(test.name, '(error)')])}")
    return "\n".join(lines) + "\n"
