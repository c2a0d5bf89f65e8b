"""A name of the task written with a word changed (`Rake Hill` where the task names `Rake
Lane`): a call whose arguments do so asked about another thing, though every word is the
task's."""

from __future__ import annotations

from blame.engine.figures import FUNCTION_WORDS
from blame.text import compiled_on_use

_SCAN = 100_000
"""How much of a text is read."""


def renamed(arguments: str, task: str) -> tuple[str, str] | None:
    """(as the arguments write it, as the task does) for a name of the task written with its
    next word changed: `Rake Hill` where the task names `Rake Lane` (each word the task's
    own, the name not). A capitalised word the task follows with another (`Rake Lane`; not
    across a possessive, `Wheelers' Rake`, nor an article, `The Lantern`) heads a name;
    followed in the arguments by another capitalised word the task never puts after it,
    while the arguments never write the task's own pair, the call asked about another
    thing. A word the task follows with a lower-case one (`Warbler made`) heads no name: a
    title-cased query's `Warbler May` renames nothing."""
    heads: dict[str, list[str]] = {}
    for first, second, possessive in _named_pairs(task):
        if not possessive and first.casefold() not in _NO_HEADS:
            heads.setdefault(first, []).append(second)
    pairs = _named_pairs(arguments)
    kept = {(first, second) for first, second, _ in pairs}
    return next(
        (
            (f"{first} {second}", f"{first} {heads[first][0]}")
            for first, second, _ in pairs
            if first in heads
            and second not in heads[first]
            and not any((first, own) in kept for own in heads[first])
        ),
        None,
    )


_NO_HEADS = FUNCTION_WORDS | {"the", "a", "an", "of", "in", "at", "on", "to", "for", "and"}
"""Words that head no name: an article or a function word (`The Guardian`, `The Lantern`)."""


def _named_pairs(text: str) -> list[tuple[str, str, bool]]:
    """Each two capitalised words in a row, in order, and whether a possessive stands
    between them (`Wheelers' Rake`)."""
    return [(m[1], m[3], bool(m[2])) for m in _name_pair().finditer(text[:_SCAN])]


_name_pair = compiled_on_use(r"(?<![\w-])(?=([A-Z][\w-]*)('s?)?[ \t]+([A-Z][\w-]*))")
"""Two capitalised words in a row, found overlapping (`Ashdown Wheelers' Rake Lane`); each
from a word's start only (in `A-B-C...` from the first letter alone, or the search is
quadratic)."""
