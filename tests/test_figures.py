"""Figures and words as the engine reads them (blame/engine/figures.py)."""

from __future__ import annotations

import re

import pytest

from blame import TraceRecorder
from blame.engine.figures import (
    as_rounded,
    as_written,
    asked_ranks,
    asked_seasons,
    asked_years,
    asks_count,
    asks_rounding,
    body,
    is_year,
    mentions_rank,
    mentions_year,
    named_in,
    names,
    norm,
    numbers,
    quoted_names,
    stem,
    unbounded,
    uncounted,
    with_stems,
    words,
    words_in_order,
    years,
    years_written,
)
from blame.testing import make_check, run_check


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the answer is 2", True),
        ("the answer is 2. Next", True),  # a sentence's end, not a list's item
        ("x\n2\n", True),
        ("(2)", True),
        ("$2", True),
        ("\u603b\u989d\u4e3a2\u5143", True),  # after CJK text: a figure
        ("1. Think.\n2. Never guess.", False),  # a numbered rule opening a line
        ("## 2. Plan", False),  # a heading's number
        ("2) first", False),
        ("'id': 'call_2'", False),  # part of a name
        ("v2", False),
        ("2.5", False),  # part of a longer figure
        ("2,000", False),
        ("12", False),
        # a spaced divisor or factor in code converts a unit: no figure of the subject
        ("minutes = flight_s / 2", False),
        ("secs // 2 + 1", False),
        ("2 * 60", False),
        ("(a + b) / 2", False),
        ("scored 2 / 10", True),  # a score
        ("rated 1 / 2", True),  # a score's second figure too
        ("the 2022 / 2 list", True),  # after a figure, not a name
        ("* 2 members", True),  # a bullet
        ("1/2 cup", True),
        ("/items/2", True),
        ("x = 2", True),
        # a listing's line number states no figure (before, `   2  ` was a `2` read)
        ("   1  import os\n   2  \n   3  x = 1", False),
        ("     1\timport os\n     2\tx = 1\n     3\ty = 0", False),
        ("   2  import os\n   3  x = 1", False),  # at the text's start too
        # ...but a table's first column does, where the next row is no next line number
        ("year\tscore\n2\t157\n3\t149", True),  # not padded
        (" place  time\n 2    1:57\n 1    1:49", True),
        ("   2  the last line of a listing", True),
        ("rounds:\n2  sanctioned", True),
        ("rounds: 2  sanctioned", True),
        ("Thought: Step 2: the 2024 result.", False),  # a step's number
        ("failed_action: step 2", False),
        ("STEP 2", False),
        ("2 steps", True),
        ("Doorstep 2", True),
        # a measure after `step` is a figure (`Each step 2 cm high`), not a step's number
        ("Each step 2 cm high", True),
        ("a step 2m wide", True),
        ("Step 2 kg", True),
        ("Step 2 of 3", False),
        ("Step 2 in the plan", False),
    ],
)
def test_a_number_is_found_as_a_figure(text: str, found: bool) -> None:
    assert (re.search(as_written("2"), text) is not None) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("recorded 1977-04-23", False),  # the day of an ISO date
        ("recorded 1977-23-04", False),  # where a month stands
        ("2024-11-23T04:51:00", False),
        ("won 45-23", True),  # a score's second figure
        ("pp. 1745-23", True),  # no date: no day after it
        ("1977-23", True),
        ("23 recordings", True),
    ],
)
def test_the_month_or_day_of_an_iso_date_is_no_figure(text: str, found: bool) -> None:
    """A species list's `1977-04-23` stated no count of 23 recordings."""
    assert (re.search(as_written("23", count=True), text) is not None) is found


def test_a_grouped_number_is_the_same_figure() -> None:
    assert re.search(as_written("8412"), "it had 8,412 people")
    assert not re.search(as_written("8412"), "1. x\n8,412. y")


@pytest.mark.parametrize(
    ("value", "text", "found"),
    [
        ("3999999", "MAX_VINCULUM = 3_999_999  # an overline", True),  # a code literal
        ("3999", "MAX_VINCULUM = 3_999_999", False),  # a part of a longer figure
        ("999", "MAX_VINCULUM = 3_999_999", False),
        ("3", "MAX_VINCULUM = 3_999_999", False),
        ("3999", "LIMIT_3_999 = 1", False),  # a part of a name
    ],
)
def test_a_figure_grouped_in_code_is_the_same_figure(value: str, text: str, found: bool) -> None:
    assert (re.search(as_written(value), text) is not None) is found
    assert (norm(value) in numbers(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (" year  score\n 2024    157\n 2025    160", True),  # a year is a table's row
        ("   2024  x = 1\n   2025  y = 2", True),
        ("year\tscore\n2024\t157", True),
    ],
)
def test_a_year_opening_a_tables_row_is_a_figure(text: str, found: bool) -> None:
    assert (re.search(as_written("2024"), text) is not None) is found


def test_a_number_too_long_to_group_is_matched_as_written() -> None:
    """Python refuses int() of more than 4,300 digits: before, a patch for such a value
    crashed."""
    digits = "9" * 5000
    assert re.search(as_written(digits), f"x {digits} y")


@pytest.mark.parametrize(
    ("value", "normalised"),
    [
        ("$1,200.00", "1200"),
        ("2.50", "2.5"),
        ("45%", "45"),
        ("\u22123", "-3"),
        ("100", "100"),
        ("3_999_999", "3999999"),
    ],
)
def test_one_figure_written_two_ways_is_one_value(value: str, normalised: str) -> None:
    assert norm(value) == normalised


@pytest.mark.parametrize(
    ("word", "task", "named"),
    [
        ("founded", {"founding"}, True),  # both are `found` without their endings
        ("date", {"dates"}, True),
        ("launches", {"launch"}, True),
        ("stations", {"station"}, True),
        ("dating", {"date"}, False),  # `dat` is too short a stem to tell words apart
        ("area", {"population"}, False),
        ("bus", {"buses"}, False),  # a stem of fewer than four letters is no stem
        ("courses", {"course"}, True),  # a plural's `-s` alone: no `cours`
        ("houses", {"house"}, True),
        ("applies", {"apply"}, True),  # `-ies` and `-ied` end a word in `-y`
        ("studied", {"study"}, True),
        ("countries", {"country"}, True),
        ("cities", {"city"}, True),
        # a word's end is no word of its own: `generate` names no `rate`
        ("rate", {"generate"}, False),
        ("windmill", {"mill"}, False),
        # a question's adjective of measure names the noun a plan asks it with
        ("height", {"tall"}, True),
        ("length", {"long"}, True),
        ("number", {"many"}, True),
        ("height", {"long"}, False),
        # a verb's doer is named only where the task's text is given (`drift`)
        ("founder", {"founded"}, False),
        ("user", {"used"}, False),
    ],
)
def test_a_task_names_a_word_in_another_form(word: str, task: set[str], named: bool) -> None:
    assert named_in(word, with_stems(task)) is named


@pytest.mark.parametrize(
    ("word", "task", "named"),
    [
        ("winners", "Which team won the Group 3 class?", True),
        ("win", "Who was the winner?", True),
        ("leader", "Who led the race at halfway?", True),
        ("winners", "Who ran the fastest lap?", False),
        ("winner", "It won't rain.", False),  # an apostrophe joins `won't`: no `won`
        # a verb's doer: `founded` asks about a `founder`, `scored` about its `scorers`
        ("founder", "Who founded the club?", True),
        ("scorers", "How many goals were scored?", True),
        ("holder", "Who held the record?", True),
        ("winner", "Which team lost?", False),
    ],
)
def test_a_short_verb_of_the_task_names_its_other_forms(word: str, task: str, named: bool) -> None:
    """`won` is too short a word for `words`: the task's text gives it."""
    assert named_in(word, with_stems(words(task), task)) is named


def test_a_stem_keeps_four_letters_at_least() -> None:
    assert [stem(w) for w in ("founding", "dates", "gas", "stations")] == [
        "found",
        "date",
        "gas",
        "stat",  # `ations` off: `station` and `stations` share it
    ]


def test_headings_and_labels_in_capitals_name_nothing() -> None:
    text = "## Reykjavik\nSUMMARY\nNOTES: Akureyri is north of the OECD average."
    assert "reykjavik" not in body(text).casefold()
    assert names(text) == {"akureyri", "oecd"}


def test_words_inside_an_address_name_nothing() -> None:
    """Before, `harrogatecubeopen`, glued by the site, was a name of the page."""
    text = "[Results](https://cubing.example/HarrogateCubeOpen2023/results) for Akureyri"
    assert names(text) == {"results", "akureyri"}


def test_words_in_order_keep_repeats_and_spelling() -> None:
    assert words_in_order("Lowther Vale lowther_vale 2024 Vale") == [
        "Lowther",
        "Vale",
        "lowther",
        "vale",
        "Vale",
    ]


@pytest.mark.parametrize(
    ("figure", "year"),
    [
        ("1968", True),
        ("2020", True),
        ("1650", True),  # a date of a history question
        ("2099", True),
        ("1499", False),
        ("2100", False),
        ("968", False),
        ("19680", False),
        ("1968.5", False),
    ],
)
def test_a_year_is_a_four_digit_figure_from_1500_to_2099(figure: str, year: bool) -> None:
    assert is_year(figure) is year


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("opened in 1968; refitted 2009", {"1968", "2009"}),
        ("version 2.1968", set()),
        ("1,968 seats, 19680 visitors, 1968.5", set()),
        ("in 1499 and 2100", set()),
        ("dates such as 2024-02-30, the 2023/24 season, 14/03/1911", set()),  # dates' parts
    ],
)
def test_years_are_found_apart_from_longer_figures_and_dates(text: str, found: set[str]) -> None:
    assert years(text) == found


@pytest.mark.parametrize(
    ("task", "seasons"),
    [
        ("Who won in the 2023-24 season?", [("2023-24", "2023", "2024")]),
        (
            "the 2023/24 and 1999\u20132000 seasons",
            [("2023/24", "2023", "2024"), ("1999\u20132000", "1999", "2000")],
        ),
        ("the 1999-00 season", [("1999-00", "1999", "2000")]),  # across a century
        ("on 2024-02-30, in 2023-25, at 2023-24-01", []),  # a date, or two years apart
        ("Reply as '2023-24'.", []),  # an example of the form
    ],
)
def test_the_seasons_a_task_asks_about(task: str, seasons: list[tuple[str, str, str]]) -> None:
    assert asked_seasons(task) == seasons


@pytest.mark.parametrize(
    ("task", "asked"),
    [
        ("Who came second in the 2024 final?", [("second", 2)]),
        ("Which boat finished 3rd, and which was runner-up?", [("3rd", 3), ("runner-up", 2)]),
        ("Name the Runners up and the second-highest score.", [("Runners up", 2), ("second", 2)]),
        ("Who took 2nd place?", [("2nd", 2)]),
        ("What was its top speed in metres per second?", []),  # a time's second
        ("How many seconds did a second lap take?", []),
        ("Who won? Reply as 'second place: Name'.", []),  # an example of the form
        ("Who finished 11th?", []),  # past tenth: a figure, not a word of rank
        ("What happened on 5th March, in the Second World War?", []),  # no ranking
        ("Who scored in the second half of the third-party match?", []),
        ("Who came th\u0130rd?", []),  # a letter only Unicode folds to `i`
    ],
)
def test_the_places_a_task_asks_about(task: str, asked: list[tuple[str, int]]) -> None:
    assert asked_ranks(task) == asked


@pytest.mark.parametrize(
    ("text", "place", "mentioned"),
    [
        ("Find who came second.", 2, True),
        ("Find the 2nd-placed poet.", 2, True),
        ("Find the runner-up.", 2, True),
        ("Find the winner of the final.", 2, False),
        ("Find who came third.", 2, False),
        ("not the th\u0130rd", 3, False),  # no crash on a letter only Unicode folds to `i`
    ],
)
def test_a_place_is_mentioned_in_any_of_its_forms(text: str, place: int, mentioned: bool) -> None:
    assert mentions_rank(text, place) is mentioned


@pytest.mark.parametrize(
    ("task", "asked"),
    [
        ("How tall was the tower in 1987?", ["1987"]),
        ("How tall is the tower? Reply as '145 m, 1987'.", []),  # an example of the form
        ("How tall is the tower? Reply as '45 m, 1987'.", []),
        ("Which '60s landmark opened in 1968? Reply as 'Name'.", ["1968"]),  # a decade
    ],
)
def test_the_years_a_task_asks_about_leave_out_its_examples(task: str, asked: list[str]) -> None:
    assert asked_years(task) == asked


def test_a_value_written_after_reading_only_a_unit_conversion_is_the_writers() -> None:
    """The file divides by 60 to make minutes and never says the default tolerance; the call
    that wrote `60` as that default made it up. Before, the file was said to give the '60'
    and the call that read it was blamed for asking."""
    rec = TraceRecorder("t", input="What tolerance, in seconds, is the default? Number only.")
    ask = rec.step("coder", "read it", 'read_file("velocity.py")', kind="llm")
    source = "  25      tolerance_s = DEFAULT_TOLERANCE_S\n  26      minutes = flight_s / 60"
    page = rec.tool("read_file", agent="coder", args="velocity.py", output=source, parents=[ask])
    rec.step("coder", source, "default_tolerance = 60\nfinal_answer(60)", kind="llm",
             parents=[page])  # fmt: skip
    top = run_check(make_check("exact_match", value="45"), rec.finalize(final_output="60")).blame
    assert (top[0].step_index, top[0].reason) == (
        2,
        "step 2 (coder) first output the wrong value '60' that reached the final output; '45' "
        "was never produced",
    )


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("holds 9 layouts", True),
        ("9 Marathons", True),  # no month
        ("on 9 may attend", True),  # a verb, not a month
        ("open 8-9 March 2025", False),  # the day of a date
        ("open 9-10 March", False),
        ("Mayo 9 titles", True),  # no month, whatever stands for its dot
        ("$ 9", False),
        ("on 9 Sept. 2025", False),
        ("March 9, 2025", True),  # month first: `uncounted` strips it, not the pattern
        ("adults \u00a39", False),  # a price
        ("$9 each", False),
    ],
)
def test_a_count_is_no_day_of_a_date_and_no_price(text: str, found: bool) -> None:
    assert (re.search(as_written("9", count=True), text) is not None) is found
    assert re.search(as_written("9"), text) is not None  # any figure otherwise


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("dwile flonking from 14:00 on the field", False),  # an hour
        ("until 14:30", False),  # half past
        ("at 14:45 pm", False),
        ("scored 14 points", True),
        ("14 (2:30 a round)", True),
        ("after 14:5 rounds", True),  # no time: one digit after the colon
        ("lost 14:21, 21:14", True),  # a score written with colons
        ("kick-off at 12:14", True),  # the minutes are read (a score's second figure)
    ],
)
def test_a_count_is_no_hour_of_a_time_of_day(text: str, found: bool) -> None:
    """A village fete's `from 14:00` stated no score of 14: before, a run that never found
    the score was blamed for dropping the 14 it had at hand."""
    assert (re.search(as_written("14", count=True), text) is not None) is found
    assert re.search(as_written("14"), "from 14:00") is not None  # any figure otherwise


@pytest.mark.parametrize(
    ("task", "count"),
    [
        ("How many O gauge layouts were on show?", True),
        ("What is the number of species recorded?", True),
        ("What did it cost? Reply with the number only.", False),
        ("How many dollars did the ticket cost?", False),  # a sum
        ("What is the phone number of the club?", False),
        ("What is the total number of entries?", True),
    ],
)
def test_a_task_asks_for_a_count(task: str, count: bool) -> None:
    assert asks_count(task) is count


def test_what_counts_nothing_is_left_out() -> None:
    text = "adults \u00a39, $ 12.50; 8-9 March 2025, March 9, 2025; March 8-9; 44 layouts"
    assert uncounted(text).split() == ["adults", ";", "2025,", ",", "2025;", ";", "44", "layouts"]


@pytest.mark.parametrize(
    ("task", "names"),
    [
        ("When did Hedda Voss's opera 'The Lantern Keeper' premiere?", ["The Lantern Keeper"]),
        ('Who wrote "The Salt Queen" and "Night Ferry"?', ["The Salt Queen", "Night Ferry"]),
        ("Give the height, e.g. '1234 m, 1987'.", []),  # an example of the answer's form
        ("Which 'Cats' cast?", []),  # one word names no title apart
        ("In the '60s, which band?", []),
    ],
)
def test_the_names_a_task_quotes(task: str, names: list[str]) -> None:
    assert quoted_names(task) == names


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("the 2023 final, not the 2024 one", {"2023", "2024"}),
        ("the 1968-69 season, on 2024-05-01", {"1968", "2024"}),  # a season's, a date's
        ("12023 tickets, 1499 seats, 2100 m", set()),  # inside a number; before 1500; after 2099
        ("no year here", set()),
    ],
)
def test_the_years_a_text_writes(text: str, years: set[str]) -> None:
    assert years_written(text) == years
    assert all(mentions_year(text, year) for year in years)


@pytest.mark.parametrize(
    ("value", "text", "found"),
    [
        ("96.4", "energy_kwh: 96.41", True),  # rounded to one decimal, it is 96.4
        ("96.4", "96.35 kWh", True),  # a tie below: half up makes it 96.4
        ("96.4", "96.4", False),  # the figure itself is `as_written`'s
        ("96.4", "96.45", False),  # a tie above: half up makes it 96.5
        ("96.4", "96.46", False),
        ("96.4", "196.41", False),  # part of a longer figure
        ("96.4", "v2.96.41", False),
        ("0.1", "0.05", True),
        ("0.1", "0.149", True),
        ("1834.6", "1834.62", True),
        ("2.50", "2.504", True),  # zeros kept: two places
    ],
)
def test_a_longer_figure_rounds_to_the_value(value: str, text: str, found: bool) -> None:
    pattern = as_rounded(value)
    assert pattern is not None
    assert (re.search(pattern, text) is not None) is found


@pytest.mark.parametrize("value", ["96", "-5.3", "1,834.6", "n/a"])
def test_only_a_figure_with_decimals_has_longer_forms(value: str) -> None:
    """A whole number near a figure with decimals is as often another figure."""
    assert as_rounded(value) is None


@pytest.mark.parametrize(
    ("task", "asks"),
    [
        ("Round to one decimal and reply with the number only.", True),
        ("Give it to 2 decimal places.", True),
        ("Rounded to the nearest tenth, how far?", True),
        ("Round the answer to 2 decimal places.", True),
        ("Give the figure rounded up to the nearest whole metre.", True),
        ("How many rounds did the final go to?", False),
        ("Who won the second round?", False),  # a contest's round
        ("Who won the 2023 Round the Island Race?", False),
        ("the round up competition's winner", False),
        ("How tall is the rounded hill?", False),
        ("Who won the round to the final?", False),
        ("Reply with the number only.", False),
    ],
)
def test_a_task_asks_its_figure_rounded(task: str, asks: bool) -> None:
    assert asks_rounding(task) is asks


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("the rating (0-5) of it", "the rating   of it"),
        ("the rating (0\u20135)", "the rating  "),
        ("on a scale of 1 to 10", "on a  "),
        ("a 1-10 scale", "a  "),
        ("a 0-100 point scale", "a  "),
        ("rated out of 5.", "rated  ."),
        ("3 out of 5 judges", "3 out of 5 judges"),  # a share, not a scale
        ("Rovers beat United 3-1", "Rovers beat United 3-1"),  # a score
        ("won (1-0)", "won (1-0)"),
        ("open from 9 to 17", "open from 9 to 17"),  # hours
        ("pages 12-14", "pages 12-14"),
        ("the atlas gives 38-41 km", "the atlas gives 38-41 km"),  # a range of the answer
        ("on 2024-11-19", "on 2024-11-19"),  # a date's parts
        ("open 14:00-16:00", "open 14:00-16:00"),  # a time's
        ("in 1978", "in 1978"),
    ],
)
def test_the_bounds_of_a_scale_are_no_values_a_text_states(text: str, left: str) -> None:
    assert unbounded(text) == left


def test_a_megabyte_of_dashes_and_digits_is_read_once() -> None:
    assert unbounded("1-" * 500_000).strip(" -1") == ""
