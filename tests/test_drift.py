"""Goal deviation (blame/engine/drift.py): what a call asked for, without what it ruled out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from blame import TraceRecorder
from blame.engine import attribute
from blame.engine.asked import words as drift_words
from blame.engine.drift import (
    _asking,
    _claiming,
    _flat,
    _phrases,
    _recombines,
    _unnamed_where,
    answer_text,
)
from blame.engine.figures import stem, with_stems, words
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect
from blame.testing import make_check, patches_for


def misread_previous_year() -> Trace:
    """A code agent asks for the whole record, then takes last year's total, listed under the
    same words the task asks with, for this year's. Its tool's output is recorded as bare
    values; the call that read it saw the JSON, labels and all."""
    rec = TraceRecorder("t", input="How many passengers in total did Varn Airport handle in 2023?")
    ask = rec.step(
        "analyst", "task", "Print the whole record.\nprint(fetch_json('/VRH/2023'))", kind="llm"
    )
    page = rec.tool(
        "fetch_json",
        agent="analyst",
        args="/VRH/2023",
        output="2023\n4812336\n2022\n4681220",
        parents=[ask],
    )
    shown = (
        'Print the whole record.\nObservation:\n{"year": 2023, "passengers_total": 4812336,\n'
        ' "previous_year": {"year": 2022, "passengers_total": 4681220}}'
    )
    misread = rec.step(
        "analyst",
        shown,
        "The record gives 4,681,220 passengers in total.\nfinal_answer(str(4681220))",
        kind="llm",
        parents=[page],
    )
    rec.tool("final_answer", agent="analyst", args="4681220", output="4681220", parents=[misread])
    return rec.finalize()


def test_a_value_read_under_the_words_the_task_asks_with_is_misread_not_asked_otherwise() -> None:
    trace = misread_previous_year()
    check = Check(type="exact_match", name="exact_match", params={"value": "4812336"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert suspects[0].step_index == 2
    assert "had '4812336' available" in suspects[0].reason
    assert all("answered about" not in s.reason for s in suspects)


@pytest.mark.parametrize(
    ("output", "asked"),
    [
        # a code agent's names are no question; the task it hands an agent is
        (
            '<code>\nreport = search_agent(task="Find the current population")\n</code>',
            {"find", "current", "population"},
        ),
        # a tool call's arguments ask a tool, not the run, about something
        ('Looking.\nweb_search({"query": "final round results"})', {"looking"}),
        ("Plan: take the latest census.", {"plan", "take", "latest", "census"}),
        # what the code printed is no question either
        ("<code>\nprint(total)\n</code>\nExecution logs:\nrecord found", set()),
    ],
)
def test_what_a_calls_output_asks_in_words(output: str, asked: set[str]) -> None:
    assert words(_asking(output)) == asked


def manager_misread(task: str, asked: str, said: str, *, report: str, wrote: str) -> Trace:
    """A manager hands the search to a sub-agent (`asked`: its first call's prose, then the
    code that keeps what it returns in `report`); the sub-agent's `report` gives two values
    and the manager writes the wrong one, `wrote` (`said`: the call that chose it)."""
    rec = TraceRecorder("t", input=task)
    code = '<code>\nreport = search_agent(task="Find it.")\n</code>'
    ask = rec.step("manager", "task", f"{asked}{code}", kind="llm")
    sub = rec.step("search_agent", "Find it.", report, kind="llm", parents=[ask])
    chose = rec.step("manager", f"{code}\n{report}", said, kind="llm", parents=[sub])
    last = rec.step("manager", f"{report}\n{said}", "<code>\nfinal_answer(str(figure))\n</code>",
                    kind="llm", parents=[chose])  # fmt: skip
    rec.tool("final_answer", agent="manager", args=wrote, output=wrote, parents=[last])
    return rec.finalize(final_output=wrote)


def misread_a_report(said: str) -> Trace:
    """The report gives the hut's altitude beside the summit's; the manager writes the
    summit's."""
    return manager_misread(
        "At what altitude does the Vardeck Hut stand? Number only.",
        "",
        said,
        report="The hut stands at 2,731 m below the summit (2,964 m).",
        wrote="2964",
    )


def test_a_name_in_code_asks_no_other_question() -> None:
    """Before, the first call was blamed for `report`, its variable's name, as if the run had
    answered about a report instead of the hut."""
    said = "The report quotes both; the hut's is 2,964 m.\n<code>\nfigure = 2964\n</code>"
    check = Check(type="exact_match", name="exact_match", params={"value": "2731"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(
        misread_a_report(said)))  # fmt: skip
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 2)
    assert all("answered about" not in s.reason for s in suspects)


def rephrased_in_the_plan(asked: str) -> Trace:
    """The manager's first call asks in its own phrase (`asked`); the report lists the
    show's top award beside the amateur section's Best Bloom; the manager writes the first."""
    return manager_misread(
        "Which variety won Best Bloom in the amateur section at the 2025 show?",
        asked,
        'final_answer({"answer": "Best in Show went to Harwell Ember."})',
        report="Best in Show: Harwell Ember. Best Bloom, amateur section: Penhallow Dawn.",
        wrote="Harwell Ember",
    )


@pytest.mark.parametrize(
    ("asked", "blamed"),
    [
        # the task's words in a phrase of the call's own: it asked another question
        ("I ask for the show's top award, Best in Show.\n", 0),
        # the task's own question: the call that chose is to blame
        ("I ask for the amateur section's Best Bloom at the show.\n", 2),
    ],
)
def test_a_phrase_of_the_tasks_words_the_task_lacks_is_another_question(
    asked: str, blamed: int
) -> None:
    """Before, the manager's call that wrote `Harwell Ember` was blamed though the first
    call had asked for `Best in Show`, a phrase of the task's words (`best`, `show`) that
    no word alone tells from the `Best Bloom` the task asks for."""
    check = Check(type="exact_match", name="exact_match", params={"value": "Penhallow Dawn"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(
        rephrased_in_the_plan(asked)))  # fmt: skip
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", blamed)
    if blamed == 0:
        assert "answered about 'best in show' instead" in suspects[0].reason


@pytest.mark.parametrize(
    ("task", "phrase", "recombines"),
    [
        ("Which variety won Best Bloom in the amateur section at the show?", "best in show", True),
        # words a few apart: the task's own phrase, said another way, may be it
        ("Which variety won Best Bloom at the show?", "best in show", False),
        # a noun of measure has no place in the task (`weight` for `How heavy`): no telling
        ("How heavy was the champion horse?", "horse s weight", False),
        ("Which variety won Best Bloom at the 2025 show?", "best bloom", False),  # the task's
        ("In which year was the Aldmoor Orchestra founded?", "orchestra was founded", False),
        ("What is the founding year of the orchestra?", "orchestra was founded", False),
        ("What is the founding year of the orchestra?", "concert hall opened", False),
        ("Which variety won Best Bloom at the 2025 show?", "won in 2025", False),  # one word
    ],
)
def test_a_phrase_recombines_the_tasks_words(task: str, phrase: str, recombines: bool) -> None:
    places: dict[str, list[int]] = {}
    for at, token in enumerate(_flat(task).split()):
        places.setdefault(stem(token), []).append(at)
    own = set(_phrases(task))
    assert _recombines(phrase, with_stems(drift_words(task)), own, places) is recombines


def misread_with() -> Trace:
    """A manager that said it would look with its search agent writes the count a report
    lists under `with` (the orchard's first planting) for today's."""
    return manager_misread(
        "How many apple varieties does Hollins Orchard grow today?",
        "I look it up with the search agent.\n",
        "The orchard grows 64 varieties.\n<code>\nfigure = 64\n</code>",
        report="Hollins Orchard was planted in 2011 with 64 varieties; it grows 58 varieties now.",
        wrote="64",
    )


def test_a_function_word_is_no_other_question() -> None:
    """Before, the first call was blamed for `with`, the word the wrong count was listed
    under, as if the run had answered about something the task never asked."""
    check = Check(type="exact_match", name="exact_match", params={"value": "58"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(misread_with()))
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 2)
    assert all("answered about" not in s.reason for s in suspects)


def misread_open_dates() -> Trace:
    """The manager writes last year's count for this year's; its words and the report's say
    `date` where the task says `dates`."""
    return manager_misread(
        "How many visitors came to Hollins Orchard on its open dates in 2023? Number only.",
        "I ask the search agent for the open date figures.\n",
        "The open date count is 3,980 visitors.\n<code>\nfigure = 3980\n</code>",
        report="Hollins Orchard open date counts: 2023 - 4,120 visitors; 2022 - 3,980 visitors.",
        wrote="3980",
    )


def test_a_word_the_task_names_in_another_form_is_no_other_question() -> None:
    """Before, the first call was blamed for `date`, as if the run had answered about
    something the task never asked, where the task asks about the orchard's open `dates`."""
    check = Check(type="exact_match", name="exact_match", params={"value": "4120"})
    suspects = attribute(
        check, Evaluation(score=0.0, message="failed"), StepGraph(misread_open_dates())
    )
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 2)
    assert all("answered about" not in s.reason for s in suspects)


@pytest.mark.parametrize(
    ("output", "answering"),
    [
        ("Thought: I compute the ratio.\n<code>\nx = 2\n</code>", ""),
        # code answers in its strings and comments, not its names (`report`, `cells`)
        (
            "<code>\nrow = report.splitlines()[3]\nfinal_answer(row.split('|')[4])\n</code>",
            "'|'",
        ),
        ('<code>\nfinal_answer(data["area"])  # the area\n</code>', '"area"\n# the area'),
        # a JSON string's escaped line break glues no `n` to the next word
        (
            'final_answer({"answer": "42 ha in total.\\n\\nHollowmere farm"})',
            ' ({"answer": "42 ha in total.\n\nHollowmere farm"})',
        ),
        (
            'final_answer({"answer": "see C:\\\\notes.txt\\nnext"})',
            ' ({"answer": "see C: \nnext"})',  # an escaped backslash is one; the path, a name
        ),
        # the prose before an action reasons towards it, `Thought:` or not
        (
            'The table gives it in its first column.\nfinal_answer({"answer": "4,615 burrows"})',
            ' ({"answer": "4,615 burrows"})',
        ),
        (
            "I print it.\n<code>\nprint(total)\n</code>\nExecution logs:\n12",
            "\n\nExecution logs:\n12",
        ),
        ("  thought : the result is clear.\nfinal_answer('12')", " ('12')"),
        (
            "Defined in: csvlite/reader.py (source: https://ex.net/parse-date)",
            "Defined in:   (source:  ",
        ),
        ("final_answer('parse_date in csvlite/types.py')", " ('  in  ')"),
        ("Its current population is 15,910.", "Its current population is 15,910."),
    ],
)
def test_what_a_call_answered_leaves_out_its_narration_and_names(
    output: str, answering: str
) -> None:
    assert answer_text(output) == answering


def test_a_word_of_a_calls_narration_is_no_other_question() -> None:
    """Before, the manager's first call was blamed for `report`, a word of its own
    narration (`Thought: I report the figure.`), as if the run had answered about a report."""
    said = "Thought: I report the figure.\n<code>\nfigure = 2964\n</code>"
    trace = manager_misread(
        "At what altitude does the Vardeck Hut stand? Number only.",
        "I will report what it finds.\n",
        said,
        report="The hut stands at 2,731 m below the summit (2,964 m).",
        wrote="2964",
    )
    check = Check(type="exact_match", name="exact_match", params={"value": "2731"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 2)
    assert all("answered about" not in s.reason for s in suspects)


def burrows_misread(searched: str, answered: str, report: str, given: str) -> list[Suspect]:
    """A search agent that `searched`, read a table of 2022 and 2024 counts and `answered`,
    handing on `report` with 2022's 4,615 for the task's 2024 (its input: the table and
    `given`)."""
    task = "How many burrows did the 2024 survey count at Skerrholm? Number only."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("search_agent", task, searched, kind="llm")
    page = "Burrows | 2022 | 2024\nTotal | 4,615 | 4,380"
    read = rec.tool("web_search", agent="search_agent", args="Skerrholm", output=page,
                    parents=[ask])  # fmt: skip
    said = rec.step("search_agent", f"{page}\n{given}", answered, kind="llm", parents=[read])
    rec.tool("final_answer", agent="search_agent", args=report, output=report, parents=[said])
    check = Check(type="exact_match", name="exact_match", params={"value": "4380"})
    trace = rec.finalize(final_output="4615")
    return list(attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace)))


@pytest.mark.parametrize(
    "narration",
    [
        "The table gives the whole-colony total in its first column.",  # no `Thought:`
        "Thought: the table gives the whole-colony total in its first column.",
    ],
)
def test_a_reports_other_sentences_are_no_other_question(narration: str) -> None:
    """The call that misread a column wrote the wrong total in a sentence of the task's own
    words; its narration and the report's note on a retried search ask nothing. Before, the
    first call was blamed for `column` or for `limited`, which it had written first."""
    searched = 'The search was rate-limited; I read the first column.\nweb_search({"q": "2024"})'
    report = ("The 2024 survey counted 4,615 burrows at Skerrholm. The first search was "
              "rate-limited and retried.")  # fmt: skip
    answered = f'{narration}\nfinal_answer({{"answer": "{report}"}})'
    suspects = burrows_misread(searched, answered, report, "rate-limited; first column")
    assert (suspects[0].agent, suspects[0].step_index) == ("search_agent", 2)
    assert all("answered about" not in s.reason for s in suspects)


def test_the_source_a_claim_names_is_no_other_question() -> None:
    """The call that misread the page read the paper's `report` after the club's page was
    gone, and said `according to the paper's report`. Before, the earlier call that wrote
    `report` was blamed for turning the run to a report."""
    searched = (
        'The club\'s page is gone; I read the paper\'s report instead.\nweb_search({"q": "2024"})'
    )
    report = "According to the paper's report, the 2024 survey counted 4,615 burrows."
    answered = f'final_answer({{"answer": "{report}"}})'
    suspects = burrows_misread(searched, answered, report, "I read the paper's report instead.")
    assert (suspects[0].agent, suspects[0].step_index) == ("search_agent", 2)
    assert all("answered about" not in s.reason for s in suspects)


def test_the_page_a_claim_was_read_from_is_no_other_question() -> None:
    """The call that misread the table said it read it `from the survey's page`, a word an
    earlier call wrote first (`The trust's own page first`). Before, that earlier call was
    blamed for turning the run to a page."""
    searched = 'The trust\'s own page first.\nweb_search({"q": "2024"})'
    report = "From the survey's page: the 2024 survey counted 4,615 burrows at Skerrholm."
    answered = f'final_answer({{"answer": "{report}"}})'
    suspects = burrows_misread(searched, answered, report, "the survey's page")
    assert (suspects[0].agent, suspects[0].step_index) == ("search_agent", 2)
    assert all("answered about" not in s.reason for s in suspects)


def regatta_misread(
    source: str, asked_for: str = "official", said: str = "doubles"
) -> list[Suspect]:
    """A manager asks its search agent for the `asked_for` results; the agent reads the day's
    fastest time as the `said` winner's and says where it read it (`source`)."""
    task = "How long did the winning boat of the doubles race take? Answer as m:ss."
    asked = f"Find the {asked_for} results and give the time of the doubles race's winning boat."
    rec = TraceRecorder("t", input=task)
    ask = rec.step("manager", task, f'<code>\nr = search_agent(task="{asked}")\n</code>',
                   kind="llm")  # fmt: skip
    call = rec.step("search_agent", asked, 'visit_webpage({"url": "regatta/results"})',
                    kind="llm", parents=[ask])  # fmt: skip
    page = (
        "Fastest time of the day: 3:58 (singles)\n\n## Doubles\n"
        "| Pos | Boat | Time |\n|---|---|---|\n| 1 | Soggy Bottom | 4:52 |"
    )
    read = rec.tool("visit_webpage", agent="search_agent", args="regatta/results", output=page,
                    parents=[call])  # fmt: skip
    report = f"Soggy Bottom won the {said} race in 3:58. {source} it first, in 3:58."
    said = rec.step("search_agent", f"{asked}\n{page}", f'final_answer({{"answer": "{report}"}})',
                    kind="llm", parents=[read])  # fmt: skip
    rec.step("manager", report, "3:58", kind="llm", parents=[said])
    check = Check(type="exact_match", name="exact_match", params={"value": "4:52"})
    trace = rec.finalize(final_output="3:58")
    return list(attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace)))


@pytest.mark.parametrize(
    "source", ["The official results page lists", "The regatta's official results site names"]
)
def test_the_words_naming_the_page_a_claim_was_read_on_are_no_other_question(
    source: str,
) -> None:
    """The search agent misread the day's fastest time as the doubles winner's and said the
    `official results page` lists it; the manager had asked for the `official` results.
    Before, the manager was blamed for turning the run to what is official."""
    suspects = regatta_misread(source)
    assert (suspects[0].agent, suspects[0].step_index) == ("search_agent", 3)
    assert all("answered about" not in s.reason for s in suspects)


def test_a_word_naming_the_page_asks_another_question_where_the_claim_says_it_too() -> None:
    """The claim says the `junior doubles` race, as the manager asked for the junior results:
    the word names the page, and the question answered too. Before the review, the word was
    taken out of the whole claim and the search agent was blamed."""
    suspects = regatta_misread("The junior results page lists", "junior", "junior doubles")
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 0)
    assert "answered about 'junior' instead" in suspects[0].reason


def test_words_before_where_a_claim_was_read_are_found_in_linear_time() -> None:
    assert _unnamed_where("a-" * 500_000) == "a-" * 100_000  # the first SCAN characters
    assert _unnamed_where("the official results page lists 3:58") == "the   lists 3:58"


@pytest.mark.parametrize(
    ("text", "answer", "claim"),
    [
        ("It counted 4,615 burrows. The search was retried.", "4615", "It counted 4,615 burrows."),
        (
            "Winner: Pieter de Vries\nRunner-up: Tom Ashby",
            "Pieter de Vries",
            "Winner: Pieter de Vries",
        ),
        ("No figure here. None at all.", "12", ""),
        ("The farm opened in 1942. It covers 42 ha.", "42", "It covers 42 ha."),  # figures whole
        ("It counted 4,615 burrows.", "", ""),
        # a duration or a date written another way states the answer too
        ("The records list it. The peal took 2h 58m.", "2:58", "The peal took 2h 58m."),
        ("Kept since 2019. It opened on 4 May 2019.", "2019-05-04", "It opened on 4 May 2019."),
        # where it was read is no part of the claim
        ("According to the Echo's report of 15 July, it took 2:27.", "2:27", "  it took 2:27."),
        ("As reported by the club, 2:27 was the time.", "2:27", "  2:27 was the time."),
        # with no mark to end it, the source clause may hold the claim: it stays
        (
            "According to the census the metropolitan population was 2,300,000.",
            "2300000",
            "According to the census the metropolitan population was 2,300,000.",
        ),
        # a source that ends the sentence goes, the claim before it stays
        (
            "It recorded 85 species, the most of its four sites, according to the group's post.",
            "85",
            "It recorded 85 species, the most of its four sites,  ",
        ),
        # ...unless the answer goes with it: then the clause was the claim
        (
            "Its population, according to the census of 2011 was 2,300,000.",
            "2300000",
            "Its population, according to the census of 2011 was 2,300,000.",
        ),
    ],
)
def test_the_claim_is_the_sentence_that_states_the_answer(
    text: str, answer: str, claim: str
) -> None:
    assert _claiming(text, answer) == claim


def test_a_word_of_the_claim_no_tool_gave_was_asked_for_by_the_plan() -> None:
    """The page lists the farm's 42 ha in prose, under no word a call asked for; the claim's
    `in total` came from the plan's `total area`, where the task asks for the lavender.
    Before, the sub-agent that answered the question it was given was blamed."""
    task = "How many hectares of lavender are grown at Hollowmere Lavender Farm? Number only."
    rec = TraceRecorder("t", input=task)
    plan = "## 2. Plan\n1. Ask search_agent for the total area of Hollowmere Lavender Farm.\n"
    planned = rec.step("manager", task, f"{plan}<end_plan>", kind="llm")
    asked = "Find the total area of Hollowmere Lavender Farm in hectares."
    ask = rec.step("search_agent", asked, 'visit_webpage({"url": "hollowmere/about"})',
                   kind="llm", parents=[planned])  # fmt: skip
    page = "Hollowmere, a family farm since 1962, covers 42 hectares. Lavender fields: 17.5 ha."
    read = rec.tool("visit_webpage", agent="search_agent", args="hollowmere/about", output=page,
                    parents=[ask])  # fmt: skip
    report = "Hollowmere Lavender Farm covers 42 hectares in total."
    said = rec.step("search_agent", f"{asked}\n{page}", f'final_answer({{"answer": "{report}"}})',
                    kind="llm", parents=[read])  # fmt: skip
    rec.step("manager", report, "42", kind="llm", parents=[said])
    check = Check(type="exact_match", name="exact_match", params={"value": "17.5"})
    trace = rec.finalize(final_output="42")
    top = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))[0]
    assert (top.agent, top.step_index) == ("manager", 0)
    assert "answered about 'total' instead" in top.reason


def tower_replanned(planned_output: str, task: str) -> str:
    """A manager plans (`planned_output`); its search agent reads a page with the tower's
    height beside the whole mill's; the manager's replan takes the mill's. The top suspect
    for the tower's height, as `agent@step: reason`."""
    rec = TraceRecorder("t", input=task)
    planned = rec.step("manager", task, planned_output, kind="llm")
    asked = "Find how tall the brick tower is."
    ask = rec.step("search_agent", asked, 'visit_webpage({"url": "copley/facts"})',
                   kind="llm", parents=[planned])  # fmt: skip
    page = "Tower: tarred brick, 15.8 m to the curb. Cap: ogee; the mill stands 19.4 m to its top."
    read = rec.tool("visit_webpage", agent="search_agent", args="copley/facts", output=page,
                    parents=[ask])  # fmt: skip
    said = rec.step("search_agent", f"{asked}\n{page}", f'final_answer({{"answer": "{page}"}})',
                    kind="llm", parents=[read])  # fmt: skip
    replan = "## 2. Plan\n1. The height of the mill as it stands is 19.4 m; take that figure."
    chose = rec.step("manager", page, replan, kind="llm", parents=[said])
    rec.step("manager", replan, "19.4", kind="llm", parents=[chose])
    check = Check(type="exact_match", name="exact_match", params={"value": "15.8"})
    trace = rec.finalize(final_output="19.4")
    top = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))[0]
    return f"{top.agent}@{top.step_index}: {top.reason}"


@pytest.mark.parametrize(
    ("planned", "task"),
    [
        # the task's `how tall` asks for a height
        (
            "## 2. Plan\n1. Ask search_agent for the height of the brick tower.\n<end_plan>",
            "How tall is the brick tower of Copley Tower Mill, not counting the cap? In metres.",
        ),
        # a plan's facts survey lists what the task gives; only its steps ask
        (
            "## 1. Facts survey\n- The mill: Copley Windmill.\n## 2. Plan\n"
            "1. Ask search_agent how tall the brick tower is.\n<end_plan>",
            "How tall is the brick tower of Copley Windmill, not counting the cap? In metres.",
        ),
    ],
    ids=["measure", "facts-survey"],
)
def test_a_plan_that_asked_the_tasks_question_in_other_words_turned_nothing(
    planned: str, task: str
) -> None:
    """Before, the plan was blamed (for `height`, or for the `mill` its facts survey named)
    for the replan that took the mill's height to the top of its cap for the tower's."""
    top = tower_replanned(planned, task)
    assert top.startswith("manager@4: ")
    assert "answered about" not in top


@pytest.mark.parametrize(
    ("output", "asked"),
    [
        ('I search.\nweb_search({"query": "a"}) then x({"b": 1})', "I search.\n  then  "),
        ("x({ x({ x({ done", "x({ x({ x({ done"),  # calls never closed: all prose
        ('x({ web_search({"query": "a"}) done', "  done"),  # to the first `})`
    ],
)
def test_a_tool_call_ends_at_the_first_closing_after_it(output: str, asked: str) -> None:
    assert _asking(output) == asked


def seats_without_the_year(
    plan: str,
    question: str = "How many seats did the Calloway Planetarium have in 1968?",
    prompt: str = "",
) -> Trace:
    """The manager plans (`plan`), then hands its sub-agent a task without the task's year;
    the sub-agent (its instructions `prompt` before the task) reads a page with the seats in
    1968 and today and answers today's."""
    rec = TraceRecorder("t", input=question)
    planned = rec.step("manager", question, plan, kind="llm")
    code = '<code>\nseats = search_agent(task="How many seats has the dome theatre?")\n</code>'
    handed = rec.step("manager", f"{question}\n{plan}", code, kind="llm", parents=[planned])
    ask = rec.step("search_agent", f"{prompt}How many seats has the dome theatre?",
                   "visit_webpage('calloway')", kind="llm", parents=[handed])  # fmt: skip
    page = "The dome opened in 1968 with 280 seats; since the 2009 refit it has 212 seats."
    read = rec.tool("visit_webpage", agent="search_agent", args="calloway", output=page,
                    parents=[ask])  # fmt: skip
    said = rec.step("search_agent", page, "The dome theatre has 212 seats.", kind="llm",
                    parents=[read])  # fmt: skip
    last = rec.step("manager", "212 seats", "<code>\nfinal_answer('212')\n</code>", kind="llm",
                    parents=[said])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="212", output="212", parents=[last])
    return rec.finalize(final_output="212")


def test_a_year_only_in_an_example_of_the_answers_form_asks_nothing() -> None:
    """`e.g. '1234 m, 1987'` shows the form of the answer: a sub-agent never told 1987 was
    told all the question asks."""
    trace = seats_without_the_year(
        "## 2. Plan\n1. Ask for the dome's seats.\n<end_plan>",
        question="How many seats does the Calloway Planetarium have? As a number, e.g. '1987'.",
    )
    check = Check(type="exact_match", name="exact_match", params={"value": "280"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert suspects[0].agent == "search_agent"
    assert all("did not give" not in s.reason for s in suspects)


@pytest.mark.parametrize(
    ("plan", "blamed"),
    [
        # the facts survey names the year, the plan's steps drop it: the plan decided
        (
            "## 1. Facts survey\n- opened in 1968\n## 2. Plan\n1. Ask for the dome's seats.\n"
            "<end_plan>",
            ("manager", 0),
        ),
        # the plan keeps the year: the delegation that dropped it decided
        ("## 2. Plan\n1. Ask for the seats in 1968.\n<end_plan>", ("manager", 1)),
    ],
)
def test_the_call_that_left_the_tasks_year_out_of_what_it_asked_turned_the_run(
    plan: str, blamed: tuple[str, int]
) -> None:
    """Before, the sub-agent that answered the question it was given was blamed."""
    check = Check(type="exact_match", name="exact_match", params={"value": "280"})
    trace = seats_without_the_year(plan)
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert (suspects[0].agent, suspects[0].step_index) == blamed
    assert "answered without the task's '1968', which its task did not give" in suspects[0].reason


def test_a_year_in_the_sub_agents_instructions_told_it_nothing() -> None:
    """A framework's prompt example (`'26 million (1968)'`) comes before the task handed
    on: before, the sub-agent was taken to have been told the year, and was blamed."""
    prompt = "Example:\nObservation: '26 million (1968)'\n\nNew task:\n"
    trace = seats_without_the_year("## 2. Plan\n1. Ask for the seats in 1968.\n<end_plan>",
                                   prompt=prompt)  # fmt: skip
    check = Check(type="exact_match", name="exact_match", params={"value": "280"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 1)


def test_what_came_with_the_handed_task_told_the_sub_agent() -> None:
    """Notes handed on after the task give the year, then repeat the task: what the agent
    was told is read from the task's first copy on, so the notes' year counts as told."""
    notes = "Notes: we need the 1968 figure. Question: How many seats has the dome theatre?"
    trace = seats_without_the_year("## 2. Plan\n1. Ask for the seats in 1968.\n<end_plan>")
    steps = list(trace.steps)
    steps[2] = replace(steps[2], input=f"{steps[2].input}\n{notes}")
    check = Check(type="exact_match", name="exact_match", params={"value": "280"})
    told = replace(trace, steps=tuple(steps))
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(told))
    assert suspects[0].agent == "search_agent"


def test_a_decade_written_with_an_apostrophe_opens_no_quoted_example() -> None:
    """`'60s` elides a century: the text after it up to the example's quote is the question."""
    question = (
        "How many seats did the Calloway Planetarium, a '60s landmark, have in 1968? "
        "Reply as '123 seats'."
    )
    trace = seats_without_the_year("## 2. Plan\n1. Ask for the seats in 1968.\n<end_plan>",
                                   question=question)  # fmt: skip
    check = Check(type="exact_match", name="exact_match", params={"value": "280"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 1)


def handed_on(question: str, plan: str, asked: str, page: str, said: str, right: str) -> Suspect:
    """The manager plans, hands its search agent `asked`; the agent reads `page` and says
    `said`, whose first two words the manager returns. The top suspect for `right`."""
    rec = TraceRecorder("t", input=question)
    planned = rec.step("manager", question, plan, kind="llm")
    code = f'<code>\nres = search_agent(task="{asked}")\n</code>'
    handed = rec.step("manager", f"{question}\n{plan}", code, kind="llm", parents=[planned])
    ask = rec.step("search_agent", asked, "visit_webpage('results')", kind="llm",
                   parents=[handed])  # fmt: skip
    read = rec.tool("visit_webpage", agent="search_agent", args="results", output=page,
                    parents=[ask])  # fmt: skip
    answered = rec.step("search_agent", page, said, kind="llm", parents=[read])
    answer = " ".join(said.split()[:2])
    rec.step("manager", said, answer, kind="llm", parents=[answered])
    check = Check(type="exact_match", name="exact_match", params={"value": right})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(rec.finalize()))
    return suspects[0]


def test_a_delegation_that_asked_about_another_season_turned_the_run() -> None:
    """The task's season `2023-24` handed on as `2022-23`: before, a season wrote no year, so
    the sub-agent that read the honours board and answered the season it was asked about
    was blamed, not the call that asked it."""
    top = handed_on(
        "Which team took the Division One title in the 2023-24 season? Team name only.",
        "## 2. Plan\n1. Ask which team took the 2023-24 Division One title.\n<end_plan>",
        "Find which team took the Division One title in the 2022-23 season.",
        "| Season | Division One |\n| 2022-23 | Quiz Aguilera |\n| 2023-24 | Les Quizerables |",
        "Quiz Aguilera won in 2022-23.",
        "Les Quizerables",
    )
    assert (top.agent, top.step_index) == ("manager", 1)
    assert "asked without it" in top.reason


@pytest.mark.parametrize(
    ("plan", "blamed"),
    [
        # the plan asks for the winner where the task asks who came second: it decided
        ("## 2. Plan\n1. Ask who won the final.\n<end_plan>", ("manager", 0)),
        # the plan keeps the place: the delegation that dropped it decided
        ("## 2. Plan\n1. Ask who came second in the final.\n<end_plan>", ("manager", 1)),
    ],
)
def test_the_call_that_left_the_tasks_place_out_of_what_it_asked_turned_the_run(
    plan: str, blamed: tuple[str, int]
) -> None:
    """Before, the sub-agent that answered the winner, as it was asked, was blamed: a place
    in an order tells the answer from the list's others as a year does."""
    top = handed_on(
        "Who came second in the final of the 2024 poetry slam? Name only.",
        plan,
        "Find the winner of the final of the 2024 poetry slam.",
        "| Place | Poet |\n| 1 | Nkechi Hart |\n| 2 | Dylan Roe |\n| 3 | Marisol Vane |",
        "Nkechi Hart won the final.",
        "Dylan Roe",
    )
    assert (top.agent, top.step_index) == blamed
    assert "answered without the task's 'second', which its task did not give" in top.reason


@pytest.mark.parametrize(
    ("plan", "asked", "blamed"),
    [
        # the plan asks for hours on air where the task asks for live hours: it decided
        ("1. Ask how many hours a week the station is on air.", "hours on air", ("manager", 0)),
        # the plan keeps `live`: the delegation that dropped it decided
        ("1. Ask how many live hours it broadcasts.", "hours on air", ("manager", 1)),
        # told `live`, the sub-agent chose the other figure itself
        ("1. Ask how many live hours it broadcasts.", "live hours", ("search_agent", 4)),
    ],
)
def test_the_call_that_left_out_the_task_word_beside_the_right_value_turned_the_run(
    plan: str, asked: str, blamed: tuple[str, int]
) -> None:
    """`live` is the task's word the page writes beside the right 96 and not beside the `24
    hours a day` it was asked about: before, the sub-agent that answered 168, as it was
    asked, was blamed even when the manager never told it `live`."""
    top = handed_on(
        "How many hours of live programming does Castlegate Radio broadcast each week?",
        f"## 2. Plan\n{plan}\n<end_plan>",
        f"Find the station's {asked} each week.",
        "We are on air 24 hours a day, seven days a week. Around 96 hours a week are live.",
        "168 hours each week.",
        "96",
    )
    assert (top.agent, top.step_index) == blamed
    told = "answered without the task's 'live', which its task did not give"
    assert (told in top.reason) is (blamed[0] == "manager")


def test_a_delegation_that_left_out_the_word_beside_the_right_value_is_told_to_keep_it() -> None:
    """Before, its patch was to keep to the question and add nothing to it."""
    question = "How many hours of live programming does Castlegate Radio broadcast each week?"
    rec = TraceRecorder("t", input=question)
    code = '<code>\nres = search_agent(task="Find the station\'s hours on air each week.")\n</code>'
    handed = rec.step("manager", question, code, kind="llm")
    ask = rec.step("search_agent", "Find the station's hours on air each week.",
                   "visit_webpage('about')", kind="llm", parents=[handed])  # fmt: skip
    page = "We are on air 24 hours a day, seven days a week. Around 96 hours a week are live."
    read = rec.tool("visit_webpage", agent="search_agent", args="about", output=page,
                    parents=[ask])  # fmt: skip
    said = rec.step("search_agent", page, "168 hours each week.", kind="llm", parents=[read])
    rec.step("manager", "168 hours each week.", "168", kind="llm", parents=[said])
    patches = patches_for(make_check("exact_match", value="96"), rec.finalize())
    assert next((p.target, p.text) for p in patches) == (
        "manager",
        '- Keep the task\'s "live" in every step you plan and every task you hand on; you left '
        "it out of what you asked.",
    )


def seats_of(rec: TraceRecorder, asked: str) -> list[Suspect]:
    """The search agent, asked at step `asked`, reads a page with the seats in 1968 and
    today and answers today's; the manager returns it. The suspects for the 1968 figure."""
    page = "The dome opened in 1968 with 280 seats; since the 2009 refit it has 212 seats."
    read = rec.tool("visit_webpage", agent="search_agent", args="dome", output=page,
                    parents=[asked])  # fmt: skip
    said = rec.step("search_agent", page, "The dome has 212 seats.", kind="llm", parents=[read])
    rec.step("manager", "212 seats", "212", kind="llm", parents=[said])
    check = Check(type="exact_match", name="exact_match", params={"value": "280"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(rec.finalize()))
    return list(suspects)


@pytest.mark.parametrize(
    ("handed", "received"),
    [
        ("How many seats did the dome have in the 1968-69 season?", ""),  # a season's year
        ('year = 1968\nseats = search_agent(task=f"Seats in {year}?")', ""),  # in a variable
        ("How many seats has the dome theatre?", "Context: the task is about 1968."),
    ],
)
def test_a_sub_agent_told_the_year_answered_no_other_question(handed: str, received: str) -> None:
    """Told the year one way or another, the sub-agent chose the wrong value itself."""
    question = "How many seats did the Calloway Planetarium have in 1968?"
    rec = TraceRecorder("t", input=question)
    hand_off = handed if "search_agent" in handed else f"r = search_agent(task={handed!r})"
    code = f"<code>\n{hand_off}\n</code>"
    delegated = rec.step("manager", question, code, kind="llm")
    ask = rec.step("search_agent", f"{handed}\n{received}", "visit_webpage('calloway')",
                   kind="llm", parents=[delegated])  # fmt: skip
    assert seats_of(rec, ask)[0].agent == "search_agent"


def test_an_earlier_delegation_that_needed_no_year_did_not_turn_the_run() -> None:
    """Only the delegation that fed the wrong answer, or its agent's plan, is the suspect:
    not a name looked up before it."""
    question = "How many seats did the Calloway Planetarium have in 1968?"
    rec = TraceRecorder("t", input=question)
    lookup = '<code>\nn = search_agent(task="What is the dome theatre called?")\n</code>'
    named = rec.step("manager", question, lookup, kind="llm")
    sub = rec.step("search_agent", "What is it called?", "The Star Dome.", kind="llm",
                   parents=[named])  # fmt: skip
    seats = '<code>\ns = search_agent(task="How many seats has the Star Dome?")\n</code>'
    delegated = rec.step("manager", f"{question}\nThe Star Dome.", seats, kind="llm",
                         parents=[sub])  # fmt: skip
    top = seats_of(rec, delegated)[0]
    assert (top.agent, top.step_index) == ("manager", 2)


def record_for_the_year(plan: str) -> Trace:
    """The manager plans without the task's year; its sub-agent, asked for the show record,
    reads a page with the year's winner and the record, answers the record and names the
    winner aside; the manager's code takes the first figure in brackets."""
    task = "How much did the winning pumpkin weigh at the 2024 Fenmoor show, in kg?"
    rec = TraceRecorder("t", input=task)
    planned = rec.step("manager", task, plan, kind="llm")
    code = '<code>\nr = search_agent(task="Find the Fenmoor show record pumpkin, in kg.")\n</code>'
    handed = rec.step("manager", f"{task}\n{plan}", code, kind="llm", parents=[planned])
    ask = rec.step("search_agent", "Find the Fenmoor show record pumpkin, in kg.",
                   "visit_webpage('results')", kind="llm", parents=[handed])  # fmt: skip
    page = "2024 winner: Gwen Ashby, 642.5 kg\nShow record: D. Harrow, 701.0 kg (2021)"
    read = rec.tool("visit_webpage", agent="search_agent", args="results", output=page,
                    parents=[ask])  # fmt: skip
    said = ("The show record is 701.0 kg, grown by D. Harrow in 2021. "
            "(The 2024 winner was Gwen Ashby's 642.5 kg.)")  # fmt: skip
    answered = rec.step("search_agent", page, said, kind="llm", parents=[read])
    took = rec.step("manager", said, '<code>\nkg = r.split("is ")[1].split(" kg")[0]\n</code>'
                    "\nExecution logs:\n701.0", kind="llm", parents=[answered])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="701.0", output="701.0", parents=[took])
    return rec.finalize(final_output="701.0")


def test_a_plan_without_the_tasks_year_turned_the_run_its_sub_agent_answered_for() -> None:
    """The manager chose 701.0 from a report that gave both; the report answered the task
    it was handed, which the plan had stripped of 2024. Before, only the manager's reading
    of the report was blamed."""
    plan = "## 1. Facts survey\n- the show: Fenmoor, 2024\n## 2. Plan\n1. Ask for the record.\n"
    trace = record_for_the_year(plan)
    check = Check(type="exact_match", name="exact_match", params={"value": "642.5"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))
    assert (suspects[0].agent, suspects[0].step_index) == ("manager", 0)
    assert "step 4 (search_agent) had '642.5' and answered without the task's '2024'" in (
        suspects[0].reason
    )
    assert any(s.step_index == 5 for s in suspects[1:3])  # the reader that had both, next


def test_a_sub_agent_whose_claim_gave_the_right_value_turned_nothing() -> None:
    """The report's claim states 642.5: the manager that wrote 701.0 chose alone."""
    trace = record_for_the_year("## 2. Plan\n1. Ask for the show record.\n")
    said = trace.steps[4].output.replace("The show record is 701.0 kg", "The winner: 642.5 kg")
    steps = list(trace.steps)
    steps[4] = replace(steps[4], output=said)
    check = Check(type="exact_match", name="exact_match", params={"value": "642.5"})
    changed = replace(trace, steps=tuple(steps))
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(changed))
    assert all("answered without the task's" not in s.reason for s in suspects)


def misread_table_row() -> Trace:
    """The manager hands on the task naming the reserve's `heronry survey`; the searcher
    reads the survey's table and writes the 2023 row's count for 2024, in a query that
    checks it and in its answer."""
    task = "How many occupied grey heron nests were counted at Marlow Fen in 2024?"
    rec = TraceRecorder("t", input=task)
    asked = "Find the occupied grey heron nests at Marlow Fen in the 2024 heronry survey."
    handed = rec.step("manager", task, f'<code>\nr = search_agent(task="{asked}")\n</code>',
                      kind="llm")  # fmt: skip
    opened = rec.step("search_agent", asked, "visit_webpage('heronry')", kind="llm",
                      parents=[handed])  # fmt: skip
    page = "| Survey year | Occupied nests |\n|---|---|\n| 2023 | 58 |\n| 2024 | 73 |"
    read = rec.tool("visit_webpage", agent="search_agent", args="heronry", output=page,
                    parents=[opened])  # fmt: skip
    check = 'web_search({"query": "Marlow Fen heronry 58 nests 2024 census"})'
    checked = rec.step("search_agent", f"{asked}\n{page}", f"The table gives 58 for 2024.\n{check}",
                       kind="llm", parents=[read])  # fmt: skip
    found = rec.tool("web_search", agent="search_agent", args="Marlow Fen heronry 58 nests",
                     output="No site totals.", parents=[checked])  # fmt: skip
    said = "The 2024 heronry survey counted 58 occupied nests."
    answered = rec.step("search_agent", f"{asked}\n{page}\nNo site totals.", said, kind="llm",
                        parents=[found])  # fmt: skip
    rec.step("manager", said, "58", kind="llm", parents=[answered])
    return rec.finalize(final_output="58")


def test_two_rows_of_one_tables_column_are_a_misread_not_another_question() -> None:
    """58 and 73 stand in one column of one table: the searcher read the wrong row. Before,
    the manager's `heronry` (the survey's own name) was said to have turned the run."""
    check = Check(type="exact_match", name="exact_match", params={"value": "73"})
    suspects = attribute(
        check, Evaluation(score=0.0, message="failed"), StepGraph(misread_table_row())
    )
    assert suspects[0].agent == "search_agent"
    assert "had '73' available but output the wrong value '58'" in suspects[0].reason
    assert all("answered about" not in s.reason for s in suspects)


def counted_without_the_kind(handed: str) -> Trace:
    """The manager plans and hands on `handed`; the search agent reads a show page that gives
    every performance (12) and lists their times, and reports 12; the manager returns it. The
    evening performances (9) are never counted."""
    question = "How many evening performances did the Brindle Players' pantomime have?"
    rec = TraceRecorder("t", input=question)
    plan = f"## 2. Plan\n1. Ask search_agent: {handed}\n2. Return the number.\n<end_plan>"
    planned = rec.step("manager", question, plan, kind="llm")
    code = f'<code>\nr = search_agent(task="{handed}")\n</code>'
    delegated = rec.step("manager", plan, code, kind="llm", parents=[planned])
    ask = rec.step("search_agent", handed, "visit_webpage('show')", kind="llm",
                   parents=[delegated])  # fmt: skip
    page = "12 performances, 4-14 December: nine at 7.30 pm, three at 2.30 pm."
    read = rec.tool("visit_webpage", agent="search_agent", args="show", output=page,
                    parents=[ask])  # fmt: skip
    said = rec.step("search_agent", page, "12 performances.", kind="llm", parents=[read])
    rec.step("manager", "12 performances.", "12", kind="llm", parents=[said])
    return rec.finalize(final_output="12")


@pytest.mark.parametrize(
    ("handed", "untold"),
    [
        ("How many performances did the pantomime have?", True),
        ("How many evening performances did the pantomime have?", False),
        ("How many performances were given in the evenings?", False),  # its plural
    ],
)
def test_a_plan_that_dropped_what_narrows_the_count_turned_the_run(
    handed: str, untold: bool
) -> None:
    """Before, the search agent was blamed for the page it opened: it counted what it was
    asked to count, and the manager's plan had left out the task's `evening`."""
    check = Check(type="exact_match", name="exact_match", params={"value": "9"})
    flow = StepGraph(counted_without_the_kind(handed))
    top = attribute(check, Evaluation(score=0.0, message="failed"), flow)[0]
    assert ("answered without the task's 'evening'" in top.reason) is untold
    if untold:
        assert (top.agent, top.step_index) == ("manager", 0)
        assert top.reason == (
            "step 2 (search_agent) answered without the task's 'evening', which its task did "
            "not give; step 0 (manager) had 'evening' in its input and asked without it"
        )


def ranked_without_the_class(handed: str) -> Trace:
    """The manager plans and hands on `handed`; the search agent reads a results table whose
    overall winner (a man, 3:47) stands above the first woman home (4:51), and reports the
    winner's time; the manager returns it."""
    question = "What was the time of the first woman home in the Heybridge mud race?"
    rec = TraceRecorder("t", input=question)
    plan = f"## 2. Plan\n1. Ask search_agent: {handed}\n2. Return the time.\n<end_plan>"
    planned = rec.step("manager", question, plan, kind="llm")
    code = f'<code>\nr = search_agent(task="{handed}")\n</code>'
    delegated = rec.step("manager", plan, code, kind="llm", parents=[planned])
    ask = rec.step("search_agent", handed, "visit_webpage('results')", kind="llm",
                   parents=[delegated])  # fmt: skip
    page = (
        "| Pos | Name | Cat | Time |\n|---|---|---|---|\n| 1 | Callum Rix | M | 3:47 |\n"
        "| 2 | Joe Till | M | 3:59 |\n| 3 | Hannah Gosling | F | 4:51 |"
    )
    read = rec.tool("visit_webpage", agent="search_agent", args="results", output=page,
                    parents=[ask])  # fmt: skip
    said = rec.step("search_agent", f"{handed}\n{page}", "Callum Rix won in 3:47.",
                    kind="llm", parents=[read])  # fmt: skip
    rec.step("manager", "Callum Rix won in 3:47.", "3:47", kind="llm", parents=[said])
    return rec.finalize(final_output="3:47")


@pytest.mark.parametrize(
    ("handed", "untold"),
    [
        ("Find the winning time of the Heybridge mud race.", True),
        ("Find the time of the first woman home in the Heybridge mud race.", False),
        ("Find the fastest female finisher's time in the Heybridge mud race.", False),
    ],
)
def test_a_plan_that_dropped_the_class_the_task_ranks_in_turned_the_run(
    handed: str, untold: bool
) -> None:
    """Before, the search agent was blamed for choosing the overall winner's time beside the
    first woman's: it answered what it was asked, and the manager's plan had left out the
    task's `woman`."""
    check = Check(type="exact_match", name="exact_match", params={"value": "4:51"})
    flow = StepGraph(ranked_without_the_class(handed))
    top = attribute(check, Evaluation(score=0.0, message="failed"), flow)[0]
    assert ("answered without the task's 'woman'" in top.reason) is untold
    if untold:
        assert (top.agent, top.step_index) == ("manager", 0)
        assert top.reason == (
            "step 4 (search_agent) had '4:51' and answered without the task's 'woman', which "
            "its task did not give; step 0 (manager) had 'woman' in its input and asked "
            "without it"
        )
    else:
        assert (top.agent, top.step_index) == ("search_agent", 4)


def test_a_plan_that_named_the_tasks_verb_by_its_doer_asked_nothing_else() -> None:
    """`winners` for the task's `won`: before, the plan was blamed for asking about
    `winners`, which the task (whose `won` is too short a word) did not name."""
    question = "How many laps did the team that won the Group 3 class complete? Number only."
    rec = TraceRecorder("t", input=question)
    plan = "## 2. Plan\n1. Take the laps of the Group 3 winners.\n<end_plan>"
    planned = rec.step("manager", question, plan, kind="llm")
    page = "Mow Problem won outright with 389 laps.\n- Group 3: Grass Hoppers, 347 laps"
    read = rec.tool("visit_webpage", agent="manager", args="results", output=page,
                    parents=[planned])  # fmt: skip
    code = "<code>\nlaps = 389\nprint('Group 3 winners:', laps)\n</code>\nExecution logs:\n"
    code += "Group 3 winners: 389 laps"
    wrote = rec.step("manager", f"{plan}\n{page}", code, kind="llm", parents=[read])
    rec.step("manager", "389", "389", kind="llm", parents=[wrote])
    check = Check(type="exact_match", name="exact_match", params={"value": "347"})
    trace = rec.finalize(final_output="389")
    top = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))[0]
    assert "winners" not in top.reason
    assert (top.agent, top.step_index) == ("manager", 2)


def test_a_sentence_that_names_both_values_claims_neither() -> None:
    """The searcher read a table that lists both gurners, after saying the results page
    should have `the table`; its report's sentence `... at the top of the table, ahead of
    Maureen Tolson` lists both. Before, that sentence's `table` was read as the question the
    run turned to, and the searcher's first call, which wrote `table`, was blamed."""
    task = "Who won the women's gurning title at the 2025 Crab Fair? Reply with the name only."
    asked = "Who won the women's gurning title at the 2025 Crab Fair?"
    rec = TraceRecorder("t", input=task)
    handed = rec.step("manager", task, f'<code>\nr = searcher(task="{asked}")\n</code>',
                      kind="llm")  # fmt: skip
    opens = rec.step("searcher", asked, "The fair's results page should have the table.\n"
                     'visit_webpage({"url": "crabfair.example/results"})', kind="llm",
                     parents=[handed])  # fmt: skip
    table = "| Bev Hartley | Whitehaven | 21 |\n| Maureen Tolson | Thornhill | 27 |"
    page = rec.tool("visit_webpage", agent="searcher", args="crabfair.example/results",
                    output=table, parents=[opens])  # fmt: skip
    report = (
        "Bev Hartley won the women's gurning title at the 2025 Crab Fair.\n"
        "The page lists Bev Hartley at the top of the table, ahead of Maureen Tolson."
    )
    memory = f"The fair's results page should have the table.\n{table}"  # its own turns
    said = rec.step("searcher", memory, f"final_answer({report!r})", kind="llm", parents=[page])
    run = rec.step("searcher", asked, report, kind="agent", parents=[opens, said])
    answer = rec.step("manager", report, '<code>\nfinal_answer("Bev Hartley")\n</code>',
                      kind="llm", parents=[run])  # fmt: skip
    rec.tool("final_answer", agent="manager", args="Bev Hartley", output="Bev Hartley",
             parents=[answer])  # fmt: skip
    check = Check(type="exact_match", name="exact_match", params={"value": "Maureen Tolson"})
    trace = rec.finalize(final_output="Bev Hartley")
    top = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(trace))[0]
    assert "answered about" not in top.reason
    assert top.step_index == 3


def counted_the_entries(plan: str) -> Trace:
    """The manager's plan asks for the race's entry list; the searcher's page gives a table
    of entries and finishers; it reports the entries; the manager answers with them."""
    task = "How many riders finished the senior women's race at round 4?"
    rec = TraceRecorder("t", input=task)
    planned = rec.step("manager", task, plan, kind="llm")
    asked = "Find how many riders were in the senior women's race at round 4."
    ask = rec.step("manager", plan, f'<code>\nr = searcher(task="{asked}")\n</code>', kind="llm",
                   parents=[planned])  # fmt: skip
    opens = rec.step("searcher", asked, "visit_webpage('round-4')", kind="llm", parents=[ask])
    table = (
        "| Race | Entries | Started | Finished |\n|---|---|---|---|\n"
        "| Senior men | 84 | 79 | 71 |\n| Senior women | 38 | 35 | 31 |"
    )
    page = rec.tool("visit_webpage", agent="searcher", args="round-4", output=table,
                    parents=[opens])  # fmt: skip
    said = "38 riders were in the senior women's race: the race summary lists 38 entries."
    report = rec.step("searcher", table, said, kind="llm", parents=[page])
    rec.step("manager", said, "<code>\nfinal_answer('38')\n</code>", kind="llm", parents=[report])
    return rec.finalize(final_output="38")


@pytest.mark.parametrize(
    ("plan", "culprit"),
    [
        # the plan asked for the entry list: the column the answer was listed under
        ("## 2. Plan\n1. Ask searcher for the race's entry list and count it.\n<end_plan>", 0),
        # the plan asked the task's question: the searcher read the wrong column itself
        ("## 2. Plan\n1. Ask searcher how many riders finished.\n<end_plan>", 4),
    ],
)
def test_the_column_an_answer_was_listed_under_was_asked_for_in_another_form(
    plan: str, culprit: int
) -> None:
    """Before, a table's row label was the only label read (`Senior women`, which the task
    names), and a plan's `entry` was not the page's `Entries`: the searcher was blamed."""
    check = Check(type="exact_match", name="exact_match", params={"value": "31"})
    suspects = attribute(
        check, Evaluation(score=0.0, message="failed"), StepGraph(counted_the_entries(plan))
    )
    assert suspects[0].step_index == culprit
    assert ("step 0 (manager) introduced 'entry'" in suspects[0].reason) is (culprit == 0)
    # the right value's own column names what the task asks for
    assert ("listed under 'finished' which the task asks for" in suspects[0].reason) is (
        culprit == 0
    )


def test_the_plan_of_the_agent_whose_report_the_chooser_took_turned_the_run() -> None:
    """The search agent's own plan asked how many fought, where it was handed how many
    entered; its report claimed that count, giving the entries aside, and the manager took
    the claim. Before, the manager was blamed for the report's count, as if it had chosen."""
    task = "How many competitors entered the shin-kicking at the 2024 Hill Games? Number only."
    asked = "Find how many competitors entered the shin-kicking at the 2024 Hill Games."
    plan = ("## 2. Plan\n1. Search for the results.\n2. Sign-up lists have no-shows: find how "
            "many fought in the bouts.\n<end_plan>")  # fmt: skip
    page = ("Entries received by the closing date (Sat 25 May): 64. Sixteen did not come "
            "forward; 48 competitors fought in the bouts.")  # fmt: skip
    said = ("48 competitors fought in the bouts at the 2024 Hill Games.\nThe page also gives "
            "64 entries received by the closing date.")  # fmt: skip
    rec = TraceRecorder("t", input=task)
    handed = rec.step("manager", task, f'<code>\nr = search_agent(task="{asked}")\n</code>',
                      kind="llm")  # fmt: skip
    planned = rec.step("search_agent", asked, plan, kind="llm", parents=[handed])
    ask = rec.step("search_agent", f"{asked}\n{plan}", "visit_webpage('results')", kind="llm",
                   parents=[planned])  # fmt: skip
    read = rec.tool("visit_webpage", agent="search_agent", args="results", output=page,
                    parents=[ask])  # fmt: skip
    answered = rec.step("search_agent", f"{plan}\n{page}", said, kind="llm", parents=[read])
    rec.step("manager", said, "48", kind="llm", parents=[answered])
    check = Check(type="exact_match", name="exact_match", params={"value": "64"})
    suspects = attribute(check, Evaluation(score=0.0, message="failed"), StepGraph(rec.finalize()))
    assert (suspects[0].agent, suspects[0].step_index) == ("search_agent", 1)


def test_the_unit_the_task_asks_its_answer_in_is_no_word_a_delegation_left_out() -> None:
    """Before, the manager that asked for the final's time as printed (to convert it to
    seconds itself) was blamed for leaving out the task's `seconds`, the word beside the
    right 157 on the page; the sub-agent that read the time of the two minutes was not."""
    top = handed_on(
        "How long did the 2024 men's final last? Give the duration in seconds, number only.",
        "## 2. Plan\n1. Ask search_agent for the final's time.\n2. Convert it.\n<end_plan>",
        "Find how long the 2024 men's final lasted, as the results page prints it.",
        "| Final | Pennington v Holt | 2:00 |\nLevel at two minutes, it went on: 157 seconds.",
        "120 in all.",
        "157",
    )
    assert (top.agent, top.step_index) == ("search_agent", 4)
    assert "seconds" not in top.reason


FASTEST = "What was the winning time in the individual 500-piece final? Answer as h:mm:ss."


def fastest_of_the_day(
    plan: str,
    task: str = FASTEST,
    asked: str = "Find the fastest 500-piece time at the open.",
    event: str = "",
) -> list[Suspect]:
    """The task asks for the individual final's winning time; the manager hands its search
    agent `asked`; the page gives each final under its heading (the first after `event`);
    the agent answers the fastest (the pairs'), which the manager writes as h:mm:ss."""
    rec = TraceRecorder("t", input=task)
    planned = rec.step("manager", task, plan, kind="llm")
    code = f'<code>\nr = search_agent(task="{asked}")\n</code>'
    handed = rec.step("manager", f"{task}\n{plan}", code, kind="llm", parents=[planned])
    ask = rec.step("search_agent", asked, "visit_webpage('results')", kind="llm",
                   parents=[handed])  # fmt: skip
    page = (
        f"## {event}Individual - 500 pieces (final)\n| 1 | Clare Hebden | 52:38 |\n\n"
        "## Pairs - 500 pieces (final)\n| 1 | The Edge Pieces | 41:07 |"
    )
    read = rec.tool("visit_webpage", agent="search_agent", args="results", output=page,
                    parents=[ask])  # fmt: skip
    said = rec.step("search_agent", page, "The fastest time was 41:07.", kind="llm",
                    parents=[read])  # fmt: skip
    rec.step("manager", "The fastest time was 41:07.", '<code>\nfinal_answer("0:41:07")\n</code>',
             kind="llm", parents=[said])  # fmt: skip
    check = Check(type="exact_match", name="exact_match", params={"value": "0:52:38"})
    flow = StepGraph(rec.finalize(final_output="0:41:07"))
    return attribute(check, Evaluation(score=0.0, message="failed"), flow)


@pytest.mark.parametrize(
    ("plan", "blamed"),
    [
        # the plan asks for the fastest time, where the task asks for the individual final's
        ("## 2. Plan\n1. Ask search_agent for the fastest 500-piece time.\n<end_plan>", 0),
        # the plan keeps `individual`: the delegation that dropped it decided
        ("## 2. Plan\n1. Ask search_agent for the individual final's time.\n<end_plan>", 1),
    ],
)
def test_a_section_heading_above_the_right_row_is_what_a_delegation_left_out(
    plan: str, blamed: int
) -> None:
    """Before, the search agent that answered the fastest time, as it was asked, was blamed:
    the right row's section heading (`## Individual ...`) was not read as what tells it
    from the other rows, nor asked about where the agent dropped the right value."""
    top = fastest_of_the_day(plan)[0]
    assert (top.agent, top.step_index) == ("manager", blamed)
    assert "answered without the task's 'individual', which its task did not give" in top.reason


def test_an_agent_told_what_tells_the_rows_apart_misread_them_itself() -> None:
    """Told `individual`, the search agent still answered the pairs' time: the delegation
    that left out only the task's `Harrogate` asked nothing else (before the review's fix,
    the manager was blamed for `harrogate`)."""
    task = "What was the winning time in the individual 500-piece final at the Harrogate Open?"
    plan = "## 2. Plan\n1. Ask search_agent for the individual 500-piece final's time.\n<end_plan>"
    asked = "Find the individual 500-piece final's winning time."
    top = fastest_of_the_day(plan, task, asked, event="Harrogate Open - ")[0]
    assert (top.agent, top.step_index) == ("search_agent", 4)
