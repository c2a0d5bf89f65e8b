"""What a task asks about that a tool call can contradict: a figure under one of its labels
(`line 41`, the `640 kg` class) and the one year it asks about. A call asking for another
(`/fares/line/14`, `race 2023 winner`) asked for something other than the task's, whatever the
tool then answered (`engine.chosen.contradicted`)."""

from __future__ import annotations

from collections.abc import Iterator

from blame.engine.figures import (
    asked_seasons,
    asked_years,
    mentions_year,
    norm,
    numbers,
    seasons_in,
    without_seasons,
)
from blame.frozen import dataclass
from blame.model import Step
from blame.text import SCAN, compiled_on_use

_SCAN = 100_000
"""How much of a text is read."""


@dataclass
class Asks:
    """What a task asks about that a tool call can contradict: figures under labels
    (`line 41`), the one year it asks about (`2024`; none for a span of years) or else the
    one season (`2026/27`)."""

    told: dict[str, set[str]]
    """`labelled(task)`: the figures the task gives under each label."""
    year: str | None
    """The one year the task asks about, if one."""
    stated: frozenset[str]
    """Every figure the task states: a year among them is the task's own."""
    season: tuple[str, str, str] | None = None
    """(as written, first year, second year) of the one season the task asks about, where it
    asks about no one year."""

    @classmethod
    def of(cls, task: str) -> Asks:
        asked = asked_years(task)
        year = asked[0] if len(asked) == 1 else None
        seasons = asked_seasons(task) if not asked else []
        season = seasons[0] if len(seasons) == 1 else None
        return cls(labelled(task), year, frozenset(numbers(task[:_SCAN])), season)

    def __bool__(self) -> bool:
        return bool(self.told) or self.year is not None or self.season is not None

    def about_own_time(self, arguments: str) -> bool:
        """Whether a tool call's `arguments` name the task's year or season (as a season, or
        its first year alone: `/term-dates/2026` for `2026/27`)."""
        if self.year is not None:
            return mentions_year(arguments, self.year)
        return self.season is not None and _names_own_season(arguments, self.season[1])

    def contradicted_by(self, call: Step, asker_input: str) -> tuple[str, str] | None:
        """(asked, told) when a tool `call`'s arguments ask about another thing than the
        task's: a figure under one of its labels, else another year (or season) that the
        call that asked (`asker_input`) was not given (a tool that echoes its arguments, as
        `final_answer` does, asks nothing)."""
        other = asked_otherwise(self.told, call.input) if self.told else None
        if other is None and self.year is not None and call.output != call.input:
            other = asked_another_year(self.year, self.stated, call.input, asker_input)
        if other is None and self.season is not None and call.output != call.input:
            other = asked_another_season(self.season, call.input, asker_input)
        return other


def asked_another_season(
    season: tuple[str, str, str], arguments: str, given: str
) -> tuple[str, str] | None:
    """(asked, told): a season a tool call's `arguments` name (`year=2025-26`) where the task
    asks about another (`season`: as written, first year, second year), the arguments name
    the task's in no form, and the call that asked was not given the other season, as a
    season, outside an example (`e.g. 2025-26`): it chose another school year."""
    written, first, _ = season
    named = seasons_in(arguments[:_SCAN])
    if not named or _names_own_season(arguments, first, named):
        return None
    told = {start for _, start, _ in seasons_in(_example().sub(" ", given[:SCAN]))}
    return next(((other, written) for other, start, _ in named if start not in told), None)


def _names_own_season(
    arguments: str, first: str, named: list[tuple[str, str, str]] | None = None
) -> bool:
    """Whether a call's `arguments` name the season that opens in year `first`: as a season
    (`2026-27`, `2026/2027`) or by that year alone (`/term-dates/2026`), not as the second
    year of another (`2025/2026`). `named`: the seasons they write, where already read."""
    text = arguments[:_SCAN]
    if any(start == first for _, start, _ in (seasons_in(text) if named is None else named)):
        return True
    return mentions_year(without_seasons(text), first)


def asked_another_year(
    year: str, stated: frozenset[str], arguments: str, given: str
) -> tuple[str, str] | None:
    """(asked, told): a year a tool call's `arguments` name in their words or under a key
    of time (`race 2023 winner`, `?year=2023`; not `"max_results": 1500`), where the task
    asks about one other `year` and `stated` (its figures) lacks the first, the arguments
    name `year` in no form, and the call that asked was not `given` the other year (a
    founding year a page gave, searched next, is no contradiction), or was given the same
    arguments with the task's year too (a search listed the 2025 results page beside the
    2024 one it opened: it chose another year's). A year given only in an example (`Example:
    GET /counters/FM-112/monthly?year=2024`) was given as a form to fill, not as a fact."""
    if mentions_year(arguments, year):
        return None
    facts: str | None = None  # what the call was given, its examples aside: read on need
    read: set[str] = set()  # each year once: a hostile call repeats one thousands of times
    for match in _argument_year().finditer(arguments[:_SCAN]):
        other, key = match[2], match[1]
        if key and _time_key().search(key) is None:
            continue
        if other in stated or other in read:
            continue
        read.add(other)
        if facts is None:
            facts = _example().sub(" ", given[:SCAN])
        given = facts
        if not mentions_year(given, other) or _offered(arguments, other, year, given):
            return other, year
    return None


def _offered(arguments: str, other: str, year: str, given: str) -> bool:
    """Whether `given` holds `arguments`, an address (`/results/2024/...`), with `year` for
    `other`: a search listed the task's year's page too, and the asker chose the other."""
    swapped = arguments.strip()[:_SCAN].replace(other, year)
    if len(swapped) < 12 or any(c.isspace() for c in swapped):
        return False  # a query's words may be the asker's own, tried before: only addresses
    return swapped in given[:_SCAN]


_argument_year = compiled_on_use(
    r"(?:([A-Za-z_]\w*)[\"']?[ \t]*[:=][ \t]*[\"']?)?(?<![\d.,\u2013-])(?<!\d/)"
    r"((?:1[5-9]|20)\d\d)(?![\d\u2013]|[.,/-]\d)"
)
"""A year in a tool call's arguments (`race 2023`, `/results/2023`, not a date's
`14/03/1911` nor a season's `2023-24`), with the key it is the value of (`year=2023`)."""
_example = compiled_on_use(
    r"(?i)\b(?:e\.g\.|for example|example(?:[ \t]+(?:is|are)\b|[ \t]*:))"
    r"(?:[^\n.!?;)]|[.!?](?!\s)){0,200}"
)
"""An example, to the end of its sentence or clause (`The docs' example is GET
/x?year=2024.`, `(e.g. 2001-01-31)`): how to write a call or an answer, no fact about the
task."""
_time_key = compiled_on_use(r"(?i)year|date|season|edition|^(?:from|since|until|to)$")
"""A key whose value is a time (`year`, `start_date`, `season`)."""


def asked_otherwise(told: dict[str, set[str]], arguments: str) -> tuple[str, str] | None:
    """(asked, told): the first figure of a tool call's `arguments` under a label that the
    task (`told`: `labelled(task)`) gives another figure of the same form under (as many
    digits before the point: `line 14` for `line 41`, not `top 2020`, a year, for `top 10`),
    and that the task states nowhere (`rooms 101 and 102`: a call about room 102 asked what
    the task asks). A label is a word of three letters or more that is no function word."""
    stated = told.get("", set())
    found = list(_figures_labelled(arguments[:_SCAN]))
    # arguments that name the task's figure under a label too ask about it (`640 kg and
    # 680 kg`): another figure beside it compares, it asks nothing instead
    own = {
        label.casefold() for label, figure, _ in found if figure in told.get(label.casefold(), ())
    }
    for label, figure, unit in found:
        key = label.casefold()
        given = told.get(key, set())
        if key in _FUNCTION_WORDS or not given or figure in given or norm(figure) in stated:
            continue
        if key in own:
            continue
        digits = len(figure.partition(".")[0])
        same = sorted(g for g in given if len(g.partition(".")[0]) == digits)
        if same:
            if unit:  # `680 kg` where the task asks about the `640 kg` class
                return f"{figure} {label}", f"{same[0]} {label}"
            return f"{label} {figure}", f"{label} {same[0]}"
    return None


def _figures_labelled(text: str) -> Iterator[tuple[str, str, bool]]:
    """(label, figure, unit) for each figure of `text` under a label (`line 41`) or with a
    unit after it (`640 kg`, `10 km`): a class or a distance the figure names."""
    for label, figure in _labelled_figure().findall(text):
        yield label, figure, False
    for figure, unit in _unit_figure().findall(text):
        if unit in _UNITS:
            yield unit, figure, True


_labelled_figure = compiled_on_use(
    r"(?<![^\W\d_])([^\W\d_]{3,}|[A-Z]{2}(?=[-_]\d))[ \t/=:_-]{1,3}(\d+(?:\.\d+)?)(?![\w.])"
)
"""A figure under a label: `line 41`, `line/14`, `year=2023`, `page: 3` (not `19th`), or an id's
two capitals (`VM-207`). The label opens a word: tried from inside a run of letters, it would
be retried from every letter."""
_unit_figure = compiled_on_use(
    r"(?<![\w.,$\u00a3\u20ac])(\d+(?:\.\d+)?)[ \t]?([a-z]{1,3})(?![\w'\u2019])"
)
"""A figure with a short word in lower case after it, a unit if it is one of `_UNITS`."""
_UNITS = frozenset(
    {
        "mg",
        "kg",
        "lb",
        "lbs",
        "oz",
        "km",
        "m",
        "cm",
        "mm",
        "mi",
        "ft",
        "yd",
        "ml",
        "cl",
        "cc",
        "kw",
        "hp",
        "mph",
        "kph",
        "kmh",
        "ms",
        "min",
        "hr",
        "hrs",
        "pts",
    }
)
"""Units a figure names a class, a distance or a size with (`640 kg`, `10 km`); not an
ordinal's `st` or a decade's `s`."""
_FUNCTION_WORDS = frozenset(
    [
        "the",
        "and",
        "for",
        "from",
        "with",
        "into",
        "than",
        "that",
        "this",
        "these",
        "those",
        "its",
        "per",
        "are",
        "was",
        "were",
        "has",
        "have",
        "had",
        "not",
        "but",
        "all",
        "any",
        "each",
    ]
)
"""Words that stand before a figure without naming what it counts."""


def labelled(text: str) -> dict[str, set[str]]:
    """Each label of `text` (case-folded) -> the figures written under it; and under the
    empty label, every figure `text` states (normalised, `numbers`)."""
    found: dict[str, set[str]] = {}
    for label, figure, _ in _figures_labelled(text[:_SCAN]):
        found.setdefault(label.casefold(), set()).add(figure)
    if found:
        found[""] = numbers(text[:_SCAN])
    return found
