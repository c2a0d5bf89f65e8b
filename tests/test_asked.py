"""What a task asks and what a call asked of others (blame/engine/asked.py)."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.asked import (
    _names_kind,
    asked_for,
    beside,
    counted_kinds,
    left_out,
    plan_steps,
    planned_or_handed,
    qualifiers,
    ranked_groups,
)
from blame.engine.figures import words
from blame.engine.matching import literal
from blame.graph import StepGraph


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("wanted: its main span, not its total length", {"wanted", "main", "span"}),
        ("the area, never the population.", {"area"}),
        ("Use the census rather than the estimate; it is older", {"census", "older"}),
        ("Find the founding year instead of the first concert", {"find", "founding", "year"}),
        ("Find the population without the suburbs", {"find", "population"}),
        ("Nothing ruled out here", {"nothing", "ruled", "here"}),
        ("NOT the metro area: the city", {"city"}),
    ],
)
def test_a_negation_rules_out_the_rest_of_its_clause(text: str, asked: set[str]) -> None:
    assert words(asked_for(text)) == asked


def test_a_comment_in_code_heads_no_plan() -> None:
    """`# Plan: ...` in code is a comment. Before, its code was read as the plan's steps."""
    output = '<code>\n# Plan: read the page\npage = visit_webpage(url="x")\n</code>'
    assert plan_steps(output) is None
    assert plan_steps(f"Thought: I plan.\n{output}\n## 2. Plan\n1. Ask.\n<end_plan>") == (
        "\n1. Ask.\n"
    )


def test_a_plan_heading_with_no_steps_plans_nothing() -> None:
    """An empty plan is a plan: the code before it hands nothing on. Before the plan's steps
    were read apart, an empty one fell through to the code."""
    output = '<code>\nr = search_agent(task="Find the 2023 figure")\n</code>\n## Plan'
    assert planned_or_handed(output) == ""


def test_the_words_beside_the_right_value_read_are_bounded() -> None:
    """A clause of thousands of the task's words is read for a few of them: each is looked
    for in several texts (before, 4,000 such words took 20 s; bench/scaling.py times it)."""
    many = " ".join(f"word{chr(97 + i % 26)}{chr(97 + i // 26 % 26)}" for i in range(600))
    rec = TraceRecorder("t", input=f"How many {many} hours?")
    rec.step("S", input=f"Around 96 {many} hours.", output="168", kind="llm")
    flow = StepGraph(rec.finalize(final_output="168"))
    found = beside(flow, literal("96"), 0)
    assert [w for w, _ in found] == ["wordaa", "wordba", "wordca", "wordda", "wordea",
                                     "wordfa", "wordga", "wordha"]  # fmt: skip


@pytest.mark.parametrize(
    ("task", "output", "left"),
    [
        (
            "the 2023-24 season",
            '<code>\nsearch_agent(task="the 2022-23 title")\n</code>',
            "2023-24",
        ),
        ("the 2023-24 season", '<code>\nsearch_agent(task="the 2024 title")\n</code>', None),
        ("Who came second?", "## 2. Plan\n1. Ask who won.\n<end_plan>", "second"),
        ("Who came second?", "## 2. Plan\n1. Ask for the runner-up.\n<end_plan>", None),
    ],
)
def test_a_call_that_had_the_tasks_season_or_place_and_left_it_out(
    task: str, output: str, left: str | None
) -> None:
    assert left_out(task, task, output) == left


@pytest.mark.parametrize(
    ("output", "asked"),
    [
        ("## 1. Facts\n- 1968\n## 2. Plan\n1. Ask.\n<end_plan>\nmore", "\n1. Ask.\n"),
        (
            'Thought: go.\n<code>\nr = search_agent(task="Find the seats.")\n</code>',
            '\nr = search_agent(task="Find the seats.")\n',  # the whole code that hands it on
        ),
        ("Thought: I search.\nweb_search({'query': 'seats'})", ""),
    ],
)
def test_what_a_call_planned_or_handed_on(output: str, asked: str) -> None:
    assert planned_or_handed(output) == asked


@pytest.mark.parametrize(
    ("given", "output", "year"),
    [
        ("in 1968", "## 2. Plan\n1. Ask for the seats.\n<end_plan>", "1968"),
        ("in 1968", "## 2. Plan\n1. Ask for the 1968 seats.\n<end_plan>", None),
        ("in 1968", '<code>\nsearch_agent(task="Find the seats.")\n</code>', "1968"),
        ("in 1968", "Thought: I search.\nweb_search({'query': 'seats'})", None),  # no plan
        ("no year here", "## 2. Plan\n1. Ask.\n<end_plan>", None),  # never had it
    ],
)
def test_a_call_that_had_the_tasks_year_and_left_it_out(
    given: str, output: str, year: str | None
) -> None:
    task = "How many seats did the planetarium have in 1968? E.g. '1987'."
    assert left_out(task, given, output) == year


@pytest.mark.parametrize(
    ("task", "kinds"),
    [
        ("How many evening performances did the Brindle Players have?", ["evening"]),
        ("How many Olympic gold medals did she win?", ["olympic", "gold"]),
        ("How many matches did Ashbury win?", []),
        # not a noun's narrowing: a part of a whole, a difference, a year
        ("How many of the Dorset sundials are vertical?", []),
        ("How many more home runs did he hit?", []),
        ("How many 2024 races were run?", []),
        ("How many passengers in total did the airport handle?", []),  # no verb after the noun
        # a word that narrows nothing, or a clause the phrase runs into
        ("How many total performances did they give?", []),
        ("How many books that were published were sold?", []),
        ("How many students enrolled last year were there?", []),
        # the counted noun itself, before an auxiliary, and a unit's words narrow nothing
        ("How many seats does Wembley have?", []),
        ("How many moons does Saturn have?", []),
        ("How many square miles is the park?", []),
    ],
)
def test_the_words_that_narrow_what_a_task_counts(task: str, kinds: list[str]) -> None:
    assert counted_kinds(task) == kinds


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("How many evening shows?", True),
        ("performances in the evenings", True),  # its plural
        ("Evening performances", True),
        ("even if the task fails", False),  # a word its stem is part of is no `evening`
        ("eveningwear", False),
    ],
)
def test_a_text_names_what_narrows_a_count(text: str, named: bool) -> None:
    assert _names_kind(text, "evening") is named


@pytest.mark.parametrize(
    ("given", "found"),
    [
        # the section's heading above the right row tells it from the other section's
        ("## Individual final\n| 1 | Clare Hebden | 52:38 |\n## Pairs final\n| 1 | Raza | 41:07 |",
         ["individual"]),
        # a code comment heads no section
        ("| 1 | Raza | 41:07 |\n<code>\n# individual final\n</code>\n"
         "Observation: | 1 | Clare Hebden | 52:38 |", []),
        # nor does a heading of an earlier message (a plan's)
        ("| 1 | Raza | 41:07 |\n## Individual final plan\n"
         "Observation: | 1 | Clare Hebden | 52:38 |", []),
        # a unit the task asks the answer in says how to write it, not which
        ("Level at two minutes, it went on: 52:38 seconds.\n| 1 | Raza | 41:07 |", []),
    ],
)  # fmt: skip
def test_the_words_beside_the_right_value_and_its_sections_heading(
    given: str, found: list[str]
) -> None:
    task = "What was the winning time in the individual final, in seconds?"
    rec = TraceRecorder("t", input=task)
    rec.step("S", input=given, output="41:07", kind="llm")
    flow = StepGraph(rec.finalize(final_output="41:07"))
    assert [w for w, _ in beside(flow, literal("52:38"), 0)] == found


@pytest.mark.parametrize(
    ("task", "groups"),
    [
        ("What was the time of the first woman home in the mud race?", ["woman"]),
        ("Who won the women's race at the fair?", ["women"]),
        ("Who was the top-placed veteran?", ["veteran"]),
        ("the fastest under-12 junior's time", ["junior"]),
        ("Who set the veterans' record?", ["veterans"]),
        ("How long did the first man take, and the first woman?", ["man", "woman"]),
        ("A man walked the course in 3 hours. How long is it?", []),  # no class ranked
        ("Who won the mud race?", []),
        ("Who was the first lady of the United States in 1850?", []),  # titles
        ("Who was the best man at the wedding?", []),
        ("Who played the leading man in Casablanca?", []),
        ("Who was the last man to leave?", []),
        ("Which are the top vets in Wexcombe?", []),  # veterinarians
    ],
)
def test_a_class_the_task_ranks_in_is_read(task: str, groups: list[str]) -> None:
    assert [written for written, _ in ranked_groups(task)] == groups


@pytest.mark.parametrize(
    ("told", "named"),
    [
        ("Find the first woman's time.", True),
        ("Find the fastest female finisher.", True),
        ("Find the ladies' winner.", True),
        ("Find the winner's time.", False),
        ("Find the time of the first man.", False),  # another class
        ("Find the womanly winner.", False),  # no word of the class
    ],
)
def test_a_class_is_named_by_any_of_its_words(told: str, named: bool) -> None:
    [(shown, names)] = qualifiers("What was the time of the first woman home?")
    assert shown == "woman"
    assert names(told) is named


@pytest.mark.parametrize(
    "hostile", ["first " * 200_000, "first" + "-" * 200_000, "first" + " -" * 100_000]
)
def test_a_megabyte_of_ranked_words_is_read_once(hostile: str) -> None:
    """A run of hyphens after `first` took minutes once: the separator and the word between
    both read hyphens, and every split was tried."""
    assert ranked_groups(hostile) == []
