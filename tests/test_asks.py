"""What a task asks about that a tool call can contradict (blame/engine/asks.py): a figure
under one of its labels, the one year it asks about."""

from __future__ import annotations

import pytest

from blame.engine.asks import (
    Asks,
    asked_another_season,
    asked_another_year,
    asked_otherwise,
    labelled,
)


@pytest.mark.parametrize(
    ("arguments", "asked"),
    [
        ("Severn Vale tug of war 2025 men's 680 kg winner", ("680 kg", "640 kg")),
        ("Severn Vale tug of war 2025 men's 640 kg winner", None),
        ("Severn Vale tug of war 2025 680kg", ("680 kg", "640 kg")),
        ("Severn Vale tug of war 2025 men's 680 teams", None),  # no unit: no class named
        ("Severn Vale tug of war 2025 top 10 st", None),  # no unit of ours
        ("Severn Vale 21st 680 kg", ("680 kg", "640 kg")),  # an ordinal is no unit
        ("Severn Vale 680 kg 2025", ("680 kg", "640 kg")),
        ("Severn Vale 6800 kg", None),  # another form of figure: a total, not a class
        ("Severn Vale 640 kg and 680 kg winners", None),  # the task's class too: it compares
        ("Severn Vale prize fund $640 m", None),  # money, not a unit of weight or length
    ],
)
def test_a_figure_with_a_unit_is_asked_otherwise_than_the_tasks(
    arguments: str, asked: tuple[str, str] | None
) -> None:
    task = "Which club won the men's 640 kg class at the 2025 Severn Vale Championships?"
    assert asked_otherwise(labelled(task), arguments) == asked


@pytest.mark.parametrize(
    ("arguments", "given", "other"),
    [
        ("race 2023 winner", "", "2023"),
        ("https://club.example.org/results/2023", "", "2023"),
        ("/results?year=2023", "", "2023"),  # under a key of time
        ('{"query": "race", "max_results": 1500}', "", None),  # a count, under its key
        ("w=1920&h=1080", "", None),
        ("race 2023-24 winner", "", None),  # a season holds the task's year
        ("race 2023\u201324 winner", "", None),
        ("results of 14/03/2023", "", None),  # a date's part
        ("race 2024 winner", "", None),
        ("race 2023 winner", "the 2023 results page", None),  # given to the call: not its own
        ("race 2011 winner", "", None),  # a figure the task states
        # given only as an example of the call: a form to fill, not a fact
        ("/results?year=2023", "Example: `GET /results?year=2023`", "2023"),
        ("/results?year=2023", "The docs' example is GET /results?year=2023. More.", "2023"),
        ("/results?year=2023", "e.g. /results?year=2023", "2023"),
        # the example ends with its sentence: a fact after it was given
        ("/results?year=2023", "For example: /results?year=2022. The 2023 page is out.", None),
    ],
)
def test_a_call_asks_another_year_only_of_its_own(
    arguments: str, given: str, other: str | None
) -> None:
    asks = Asks.of("Who won the 2024 race, first run in 2011? Name only.")
    found = asked_another_year("2024", asks.stated, arguments, given)
    assert found == (None if other is None else (other, "2024"))


def test_a_season_is_no_one_year_another_year_could_contradict() -> None:
    """`2023-24` spans two years: a search for 2024, its second, asks about the same season
    (a season read as its first year once flagged such a search as another year's)."""
    asks = Asks.of("Which team took the title in the 2023-24 season? Team name only.")
    assert asks.year is None


RESULTS = (
    "[Heavy horse results](https://show.example.org/results/2024/heavy-horse)\n"
    "[Heavy horse results](https://show.example.org/results/2025/heavy-horse)"
)


@pytest.mark.parametrize(
    ("arguments", "given", "asked"),
    [
        # the search listed the task's year's page beside the one the call opened
        ("https://show.example.org/results/2024/heavy-horse", RESULTS, ("2024", "2025")),
        # only the other year's page was listed: a page led there, no choice against the task
        ("https://show.example.org/results/2024/heavy-horse", RESULTS[:60], None),
        # never given the other year: asked for it unprompted
        ("https://show.example.org/results/2024/heavy-horse", "the 2025 show", ("2024", "2025")),
        # the task's year too: asked the task's own
        ("https://show.example.org/results/2025/heavy-horse", RESULTS, None),
        # a short argument: `2024` swapped is too little to say what was offered
        ("2024", "2025 and 2024", None),
        # a query: its words with 2025 are the asker's own, tried before, not an offer
        (
            "heavy horse champion results 2024",
            "heavy horse champion results 2025\nNo results for 2025 yet. Try 2024.",
            None,
        ),
    ],
)
def test_a_call_asked_another_year_than_the_tasks(
    arguments: str, given: str, asked: tuple[str, str] | None
) -> None:
    assert asked_another_year("2025", frozenset({"2025"}), arguments, given) == asked


def test_hostile_examples_are_read_in_linear_time() -> None:
    given = ("example: year=2023 " + "." * 300 + " ") * 3_000
    assert asked_another_year("2025", frozenset({"2025"}), "year=2023", given) == ("2023", "2025")


@pytest.mark.parametrize(
    ("arguments", "given", "other"),
    [
        ("/term-dates?year=2025-26", "", "2025-26"),
        ("/term-dates?year=2025/2026", "", "2025/2026"),
        ("/term-dates?year=2026-27", "", None),  # the task's own
        ("/term-dates/2026", "", None),  # its first year names it
        ("/term-dates?year=2025-26", "The 2025-26 dates are confirmed.", None),  # given
        ("/term-dates?year=2025-26", "year: school year, e.g. 2025-26", "2025-26"),  # an example
        ("/term-dates?from=2021-24", "", None),  # a span of years, no season
    ],
)
def test_a_call_asks_another_season_than_the_tasks(
    arguments: str, given: str, other: str | None
) -> None:
    asks = Asks.of("When does the autumn term start in the 2026/27 school year?")
    assert asks.season == ("2026/27", "2026", "2027")
    found = asked_another_season(("2026/27", "2026", "2027"), arguments, given)
    assert found == (None if other is None else (other, "2026/27"))


def test_a_task_that_asks_about_one_year_asks_about_no_season() -> None:
    asks = Asks.of("Who won in 2024, in the 2023-24 season?")
    assert (asks.year, asks.season) == ("2024", None)


def test_a_hostile_call_of_many_years_and_seasons_is_read_once_each() -> None:
    years = " ".join("2023" for _ in range(20_000))
    assert asked_another_year("2026", frozenset(), years, years) is None
    seasons = "2025-26 " * 20_000
    assert asked_another_season(("2026/27", "2026", "2027"), seasons, seasons) is None


@pytest.mark.parametrize(
    ("given", "other"),
    [
        # a fact past the first 100,000 characters of a long input was given all the same
        ("x " * 60_000 + " The 2023 results page is at /results?year=2023.", None),
        # an example ends with its clause: what follows it is a fact
        ("(e.g. 2022); the 2023 results page was updated", None),
        ("year: e.g. 2022; see the 2023 page", None),
        ("year (e.g. 2023) of the results", "2023"),
    ],
)
def test_what_the_asking_call_was_given_outside_its_examples(given: str, other: str | None) -> None:
    found = asked_another_year("2025", frozenset({"2025"}), "/results?year=2023", given)
    assert found == (None if other is None else (other, "2025"))


@pytest.mark.parametrize(
    ("arguments", "own"),
    [
        ("/term-dates?year=2026-27", True),
        ("/term-dates/2026", True),  # its first year alone
        ("/term-dates?year=2025/2026", False),  # the second year of another season
        ("/term-dates?year=2025-26", False),
    ],
)
def test_a_call_about_the_tasks_own_season(arguments: str, own: bool) -> None:
    asks = Asks.of("When does the autumn term start in the 2026/27 school year?")
    assert asks.about_own_time(arguments) is own
