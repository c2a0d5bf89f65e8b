"""The values a final answer gives, by how explicitly it gives them: marked (`FINAL
ANSWER: ...`), emphasised, its numbers, or the whole of a short bare answer. Provenance
traces each to where it first appeared; the other rules ask which values an answer has."""

from __future__ import annotations

import re

from blame.engine.figures import NUMBER
from blame.engine.figures import is_number as _is_number
from blame.engine.figures import norm as _norm
from blame.engine.figures import numbers as _numbers
from blame.engine.quantities import quantities, quantity_key
from blame.text import compiled_on_use

_MARKERS = (
    r"FINAL ANSWER\s*[:=]\s*(.+)",
    r"final answer(?: is)?\s*[:=]\s*\**\s*(.+)",
    r"\\boxed\{([^{}]{1,80})\}",
    r"\banswer(?: to the question)? is:?\s*(.{1,80})",
)
"""Explicit answer markers; group 1 is the answer."""
_marked = tuple(compiled_on_use(p, re.IGNORECASE) for p in _MARKERS)
_fenced = compiled_on_use(r"```[ \t]*\n?([^`\n]{1,80})\n?```")
_bold = compiled_on_use(r"\*\*([^*\n]{1,50})\*\*")
_numeric = compiled_on_use(
    r"(?<![\w.:-])(?P<when>\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(?::\d{2})?)(?![\w:-])|" + NUMBER
)
"""A number as written, or a date or time of day taken whole (`2024-05-01`, `09:40`): the
`40` of `09:40` is no answer of its own."""
_SCAN = 200_000
"""Characters of one message searched for answer values."""
_MAX_VALUES = 8
"""Answer values traced per class."""
_BARE = 80
"""The longest final output traced whole, as a bare answer."""


def answer_values(final_output: str, question: str) -> list[list[str]]:
    """Values the final output gives as its answer, by how explicitly: marked, emphasised,
    numbers, and last the whole output when it is one short line (a bare answer, `Paris`:
    nothing marks it because it is nothing but the answer; a bare number is the number
    class's, which leaves out single digits as too common to trace).

    Values already in the question are no answer of the run's own and are left out. A marked
    list answer ("A, B, C") also gives its items (numbers aside, which the number class
    traces): each item may have come from a different message, and the first of them is
    where the wrong answer began.
    """
    text = final_output[:_SCAN]
    asked = question.casefold()
    marked = [m.group(1) for p in _marked for m in p().finditer(text)]
    emphasised = [m.group(1) for m in _fenced().finditer(text)]
    bold = [m.group(1) for m in _bold().finditer(text)]
    emphasised += [b for b in bold if not b.strip().endswith(":")]
    numbers = _answer_numbers(text)
    units = quantities(text)
    figures = []  # the last first, each after its quantity (`42.195 miles`, then `42.195`)
    for start, value in reversed(numbers):
        if units.get(start, value) != value:  # `45%` is the number's own
            figures.append(units[start])
        figures.append(value)
    bare = _clean(text) if _bare(text) else ""
    whole = [bare] if bare and not _is_number(bare) else []
    classes = [
        [_clean(v) for v in marked] + [_clean(i) for v in marked for i in _items(v)],
        [_clean(v) for v in emphasised],
        *((whole, figures) if _compound(bare) else (figures, whole)),
    ]
    asked_numbers = _numbers(asked)
    kept = []
    for values in classes:
        useful = []
        for value in values:
            if not value:
                continue
            if _is_number(value):
                if _norm(value) in asked_numbers:
                    continue
            elif len(value) < 3 or value.casefold() in asked:
                continue
            useful.append(value)
        kept.append(list(dict.fromkeys(useful))[:_MAX_VALUES])
    return kept


def _answer_numbers(text: str) -> list[tuple[int, str]]:
    """The numbers, dates and times of `text` in order, with where each starts; single digits
    left out."""
    found = []
    for match in _numeric().finditer(text):
        value = match.group(0)
        if match.group("when") or len(re.sub(r"\D", "", value)) >= 2 or "." in value:
            found.append((match.start(), value))
    return found


def _compound(value: str) -> bool:
    """A bare answer that is one token with figures in it but is no number or quantity (a
    date `14/03/1911`, an id `VM-207`): written whole, its figures are only its parts, so it
    is traced whole (its year appeared in the page the date was read from, the format later)."""
    return (
        bool(value)
        and not any(c.isspace() for c in value)
        and any(c.isdigit() for c in value)
        and not _is_number(value)
        and quantity_key(value) is None
    )


def _bare(text: str) -> bool:
    """The whole text is one short line: an answer given bare."""
    stripped = text.strip()
    return 0 < len(stripped) <= _BARE and "\n" not in stripped


def _items(value: str) -> list[str]:
    """The non-numeric items of a comma-separated list answer (none for a single value)."""
    line = value.strip().split("\n")[0]
    parts = [p.strip() for p in line.split(",")]
    return [p for p in parts if not _is_number(p)] if len(parts) > 1 else []


def _clean(value: str) -> str:
    return value.strip().split("\n")[0].strip().strip("*\"'` .:").strip()[:80]
