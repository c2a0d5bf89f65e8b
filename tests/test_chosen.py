"""Which call chose a wrong value or a wrong form (blame/engine/chosen.py), through the engine,
on traces shaped like a code agent's run: a manager whose code returns a sub-agent's figure."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from blame import TraceRecorder
from blame.engine import attribute, chosen
from blame.engine.matching import literal
from blame.engine.rules import switched_off
from blame.graph import StepGraph
from blame.model import Check, Trace
from blame.results import Evaluation, Suspect

FAILED = Evaluation(score=0.0, message="failed")


def check(type: str, **params: Any) -> Check:
    return Check(type=type, name=type, params=params)


def blame(trace: Trace, chk: Check) -> tuple[Suspect, ...]:
    return attribute(chk, FAILED, StepGraph(trace))


def grouped_then_plain() -> Trace:
    """The searcher reports a figure with thousands grouped; the manager's code returns it
    plain: the searcher first wrote the wrong value."""
    rec = TraceRecorder("t", input="Population of Kessel in 2023? Number only.")
    said = rec.step("Searcher", "Kessel population?", "Kessel had 8,412 inhabitants.", kind="llm")
    rec.step("Manager", "Kessel had 8,412 inhabitants.", "8412", kind="llm", parents=[said])
    return rec.finalize()


def page_gave_both() -> Trace:
    """The page lists both capacities; the searcher passes both on; the manager keeps the
    wrong one: the manager chose, not the page."""
    rec = TraceRecorder("t", input="Ice-hockey capacity of Halvard Arena? Number only.")
    ask = rec.step("Searcher", "capacity?", "web_search('Halvard Arena')", kind="llm")
    both = "capacity 18,200 (concerts), 16,500 (ice hockey)"
    page = rec.tool(
        "web_search", agent="Searcher", args="Halvard Arena", output=both, parents=[ask]
    )
    said = rec.step("Searcher", both, f"It holds {both}.", kind="llm", parents=[page])
    rec.step("Manager", f"It holds {both}.", "18200", kind="llm", parents=[said])
    return rec.finalize()


def code_computed_answer() -> Trace:
    """The manager's code computes the answer and hands it to the final_answer tool."""
    rec = TraceRecorder("t", input="How many years did Orla Records operate? Number only.")
    found = rec.step("Searcher", "founded?", "Orla Records was founded in 1978.", kind="llm")
    code = "final_answer(str(2024 - 1978))"
    wrote = rec.step(
        "Manager", "Orla Records was founded in 1978.", code, kind="llm", parents=[found]
    )
    rec.tool("final_answer", agent="Manager", args="46", output="46", parents=[wrote])
    return rec.finalize()


def searched_another_entity() -> Trace:
    """The searcher looks up another mountain than the task's; the page's figure is passed on."""
    rec = TraceRecorder("t", input="What is the elevation of Mount Baker in metres?")
    ask = rec.step("Searcher", "elevation of Mount Baker?", "web_search('Mount Hood')", kind="llm")
    page = rec.tool(
        "web_search",
        agent="Searcher",
        args="Mount Hood elevation",
        output="Mount Hood is a stratovolcano in Oregon. Elevation 3,429 m.",
        parents=[ask],
    )
    said = rec.step("Searcher", "Elevation 3,429 m.", "It is 3,429 m.", kind="llm", parents=[page])
    rec.step("Manager", "It is 3,429 m.", "3429", kind="llm", parents=[said])
    return rec.finalize()


def code_called_two_tools() -> Trace:
    """One piece of code fetches the rates, picks the inverse one and answers with it: the
    final_answer tool is fed by the fetch, and the call that wrote the code asked for both."""
    rec = TraceRecorder("t", input="Convert 250 EUR to USD at the ECB rate. Number only.")
    code = 'rate = fetch_json("/rates/EUR")["USD"]["inverse"]\nfinal_answer(f"{250 * rate:.2f}")'
    wrote = rec.step("Analyst", "Convert 250 EUR to USD.", code, kind="llm")
    rates = '{"USD": {"rate": 1.0838, "inverse": 0.9227}}'
    fetched = rec.tool(
        "fetch_json", agent="Analyst", args="/rates/EUR", output=rates, parents=[wrote]
    )
    rec.tool("final_answer", agent="Analyst", args="230.67", output="230.67", parents=[fetched])
    return rec.finalize()


def asked_another_year() -> Trace:
    """The analyst asks the API about 2021 for a question about 2022."""
    rec = TraceRecorder("t", input="France's CPI inflation in 2022, in percent? Number only.")
    ask = rec.step("Analyst", "inflation 2022?", "fetch_json('/cpi/FR?year=2021')", kind="llm")
    got = rec.tool(
        "fetch_json",
        agent="Analyst",
        args="/cpi/FR?year=2021",
        parents=[ask],
        output='{"year": 2021, "inflation_pct": 1.6}',
    )
    rec.step("Analyst", '{"year": 2021, "inflation_pct": 1.6}', "1.6", kind="llm", parents=[got])
    return rec.finalize()


def made_up_operand() -> Trace:
    """The searcher answers from memory; the manager's code computes with its figure."""
    rec = TraceRecorder("t", input="How many metres longer than 150 m is the Corvin Bridge span?")
    said = rec.step("Searcher", "Corvin Bridge span?", "The main span is 198 m.", kind="llm")
    code = "<code>\nspan = 198\nprint(span - 150)\n</code>\nExecution logs:\n48"
    ran = rec.step("Manager", "The main span is 198 m.", code, kind="llm", parents=[said])
    rec.step("Manager", code, "48", kind="llm", parents=[ran])
    return rec.finalize()


def printed_then_chose(alone: bool = False) -> Trace:
    """The register lists both ponies; one call's code prints the first one's record (its
    name among its fields), or picks the first one's name out and prints it `alone`; the
    next call answers with it without looking at the other."""
    rec = TraceRecorder("t", input="Which of the two Shetland ponies is older? Name only.")
    ask = rec.step("Assistant", "task", "<code>\nprint(fetch_json('/ponies'))\n</code>", kind="llm")
    both = "A-1 Bramble Shetland\nA-2 Pip Shetland"
    listed = rec.tool("fetch_json", agent="Assistant", args="/ponies", output=both, parents=[ask])
    fields = "Bramble" if alone else "name: Bramble\nborn: 2009-05-02"
    printed = "I print the first record's fields.\n<code>\nprint(first)\n</code>\n"
    if alone:
        printed = "The first is the older.\n<code>\nprint(ponies[0]['name'])\n</code>\n"
    looked = rec.step(
        "Assistant", both, f"{printed}Execution logs:\n{fields}", kind="llm", parents=[listed]
    )
    wrote = 'She was born in 2009.\n<code>\nfinal_answer("Bramble")\n</code>'
    chose = rec.step("Assistant", f"{both}\n{fields}", wrote, kind="llm", parents=[looked])
    rec.tool("final_answer", agent="Assistant", args="Bramble", output="Bramble", parents=[chose])
    return rec.finalize()


def read_a_stale_snippet(args: str = "Lumen Analytics employees 2023") -> Trace:
    """The searcher searches with the task's own words; the results' snippet gives an older
    figure; the next call answers with it instead of opening the report."""
    rec = TraceRecorder(
        "t", input="How many employees did Lumen Analytics have at the end of 2023?"
    )
    ask = rec.step("Searcher", "employees 2023?", "web_search(...)", kind="llm")
    page = rec.tool(
        "web_search",
        agent="Searcher",
        args=args,
        output="Lumen Analytics employed 120 people in 2015. [Annual report 2023](ar2023.pdf)",
        parents=[ask],
    )
    said = rec.step(
        "Searcher", "employed 120 people", "It has 120 employees.", kind="llm", parents=[page]
    )
    rec.step("Manager", "It has 120 employees.", "120", kind="llm", parents=[said])
    return rec.finalize()


def misread_a_row(second: str = "Now its series.") -> Trace:
    """A single agent's run (an agent step its calls feed, as OpenInference records it)
    reads a series twice (a KeyError between), then writes the 2021 row's change for 2022
    in code; the next call returns the variable. `second`: what the second call wrote."""
    question = "By how many metres did the glacier retreat in 2022? Number only."
    rows = "{'year': 2021, 'change': -31.4}, {'year': 2022, 'change': -27.9}"
    misread = "In the 2022 row the change is -31.4.\n<code>retreat = 31.4</code>"
    rec = TraceRecorder("t", input=question)
    run = [rec.step("A", question, "fetch('/glaciers')", kind="llm")]
    run.append(rec.tool("fetch", agent="A", args="/glaciers", output="GL-1", parents=run[-1:]))
    run.append(rec.step("A", f"{question} GL-1", second, kind="llm", parents=run[-1:]))
    run.append(rec.tool("fetch", agent="A", args="/GL-1", output=rows, parents=run[-1:]))
    run.append(
        rec.step("A", f"{question} {rows}", "print(s['data'])", kind="llm", parents=run[-1:])
    )
    run.append(rec.tool("fetch", agent="A", args="/GL-1", output=rows, parents=run[-1:]))
    run.append(rec.step("A", f"{question} {rows} KeyError", misread, kind="llm", parents=run[-1:]))
    run.append(rec.step("A", "retreat = 31.4", "final_answer(str(retreat))", kind="llm",
                        parents=run[-1:]))  # fmt: skip
    run.append(rec.tool("final_answer", agent="A", args="31.4", output="31.4", parents=run[-1:]))
    rec.step("A", question, "31.4", parents=run)
    return rec.finalize()


@pytest.mark.parametrize(
    ("build", "value", "culprit", "said"),
    [
        (grouped_then_plain, "9118", ("Searcher", 0), "first output the wrong value"),
        # the run kept it: the call within it that had both rows and wrote the wrong one
        (misread_a_row, "27.9", ("A", 6), "step 6 (A) had '27.9' available but output"),
        # both rows listed under `change`: no other question, though a call wrote the word
        (
            lambda: misread_a_row("Now its length-change series."),
            "27.9",
            ("A", 6),
            "step 6 (A) had '27.9' available but output",
        ),
        (page_gave_both, "16500", ("Manager", 3), "had '16500' available"),
        (code_computed_answer, "31", ("Manager", 1), "called step 2 (tool final_answer"),
        (searched_another_entity, "3286", ("Searcher", 0), "'hood' that the task does not name"),
        (code_called_two_tools, "270.95", ("Analyst", 0), "called step 2 (tool final_answer"),
        # the tool that gave the wrong value was asked about another year than the task's
        (asked_another_year, "5.2", ("Analyst", 0), "for '2021' where the task asks about '2022'"),
        # asked only the task's words: the tool answered the right question, the reader chose
        (
            read_a_stale_snippet,
            "1045",
            ("Searcher", 2),
            "step 2 (Searcher) took from step 1 (tool web_search, called by Searcher), a call "
            "that asked only what the task asked, the wrong value '120' that reached the final "
            "output; '1045' was never produced",
        ),
        # the same, the arguments as JSON (keys are no words of the question)
        (
            lambda: read_a_stale_snippet('{"query": "Lumen Analytics employees 2023"}'),
            "1045",
            ("Searcher", 2),
            "a call that asked only what the task asked",
        ),
        # a word the task has only inside a longer one (`Analytic`, `parse_date` for the
        # task's `parse_datetime`): another thing asked, the call chose
        (
            lambda: read_a_stale_snippet("Lumen Analytic employees 2023"),
            "1045",
            ("Searcher", 0),
            "which returned the wrong value '120'",
        ),
        # a figure of one digit the task does not have (`page: 2`): another thing asked
        (
            lambda: read_a_stale_snippet('{"query": "Lumen Analytics employees 2023", "page": 2}'),
            "1045",
            ("Searcher", 0),
            "which returned the wrong value '120'",
        ),
        # a year the task does not have (`2015`): the call asked about another year
        (
            lambda: read_a_stale_snippet("Lumen Analytics employees 2015"),
            "1045",
            ("Searcher", 0),
            "for '2015' where the task asks about '2023'",
        ),
        (
            made_up_operand,
            "64",
            ("Searcher", 0),
            "computed by step 1 (Manager) from '198', which step 0",
        ),
        # a call whose code printed the wrong value among a record's fields chose nothing:
        # the next call, which wrote it, did (before, the printing call was blamed)
        (printed_then_chose, "Pip", ("Assistant", 3), "had 'Pip' available but output"),
        # code that picked the wrong value out and printed it alone chose it
        (
            lambda: printed_then_chose(alone=True),
            "Pip",
            ("Assistant", 2),
            "had 'Pip' available but output",
        ),
    ],
)
def test_a_wrong_value_is_pinned_on_the_call_that_chose_it(
    build: Callable[[], Trace], value: str, culprit: tuple[str, int], said: str
) -> None:
    suspects = blame(build(), check("exact_match", value=value))
    assert (suspects[0].agent, suspects[0].step_index) == culprit
    assert said in suspects[0].reason


def answered(
    rec: TraceRecorder, wrote: str, final: str, asked: str, fed: str | None = None
) -> Trace:
    """The manager's final_answer tool returns `final`, fed by `fed` (default: the call
    `wrote` that asked for it), and the manager's run, fed by `wrote` and the tool, ends."""
    done = rec.tool(
        "final_answer",
        agent="Manager",
        args=final,
        output=final,
        parents=[wrote if fed is None else fed],
    )
    rec.step("Manager", asked, final, parents=[wrote, done])
    return rec.finalize()


def wrapped_answer(code: str = 'final_answer(f"The Tarn is {n} km long.")') -> Trace:
    """The searcher reports the length; the manager's code writes a sentence around it, which
    the manager's run returns."""
    rec = TraceRecorder("t", input="How long is the Tarn in km? The integer only.")
    said = rec.step("Searcher", "Tarn length?", "The Tarn is 381 km long.", kind="llm")
    kept = rec.step("Manager", "The Tarn is 381 km long.", "n = 381", kind="llm", parents=[said])
    wrote = rec.step("Manager", "n = 381", code, kind="llm", parents=[kept])
    final = "The Tarn is 381 km long."
    return answered(rec, wrote=wrote, final=final, asked="How long is the Tarn?")


def test_an_answer_that_matches_the_format_wrapped_in_words_is_the_writers() -> None:
    suspects = blame(wrapped_answer(), check("regex", value=r"^\d+$"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Manager", 2)
    assert "'381' matches /^\\d+$/, but step 2 (Manager) wrote the final output around it" in (
        suspects[0].reason
    )


def built_then_returned() -> Trace:
    """The manager's code builds the answer with a unit and prints it; its next call returns
    the variable: the call that built the text put the words around the answer."""
    rec = TraceRecorder("t", input="Mass of Tessaly-4 b in Jupiter masses? Number only.")
    said = rec.step("Searcher", "mass?", "Tessaly-4 b: 1.368 Jupiter masses.", kind="llm")
    code = (
        '<code>\ntext = f"{round(1.368, 2)} M_J"\nprint(text)\n</code>\nExecution logs:\n1.37 M_J'
    )
    built = rec.step(
        "Manager", "Tessaly-4 b: 1.368 Jupiter masses.", code, kind="llm", parents=[said]
    )
    wrote = rec.step(
        "Manager", "1.37 M_J", "<code>\nfinal_answer(text)\n</code>", kind="llm", parents=[built]
    )
    return answered(rec, wrote=wrote, final="1.37 M_J", asked="Mass of Tessaly-4 b?")


def test_a_wrapped_answer_is_the_call_that_built_the_text_not_the_one_that_returned_it() -> None:
    """Before, the call that returned the variable was said to have written the words."""
    suspects = blame(built_then_returned(), check("regex", value=r"^\d+\.\d{2}$"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Manager", 1)
    assert "step 1 (Manager) wrote the final output around it: '1.37 M_J'" in suspects[0].reason


@pytest.mark.parametrize(
    ("pattern", "off"),
    [
        (r"^\d{4}$", ()),  # the answer itself breaks the format: where it came from decides
        (r"^\d+$", ("format-wrapped",)),  # the rule switched off
    ],
)
def test_a_wrapped_answer_is_not_the_writers_when_the_answer_breaks_the_format(
    pattern: str, off: tuple[str, ...]
) -> None:
    with switched_off(*off):
        suspects = blame(wrapped_answer(), check("regex", value=pattern))
    assert "wrote the final output around it" not in suspects[0].reason


def test_a_reader_of_a_right_question_is_not_blamed_with_its_rule_off() -> None:
    with switched_off("read-wrong-value"):
        suspects = blame(read_a_stale_snippet(), check("exact_match", value="1045"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Searcher", 0)


def date_as_found(code: str = 'final_answer("14 March 1962")') -> Trace:
    """The searcher reports the date as the page writes it; the manager, asked for an ISO
    date, writes the final answer in the page's form."""
    rec = TraceRecorder("t", input="When was Northern Ledger first published? ISO date only.")
    said = rec.step(
        "Searcher", "publication date?", "It was published on 14 March 1962.", kind="llm"
    )
    wrote = rec.step(
        "Manager", "It was published on 14 March 1962.", code, kind="llm", parents=[said]
    )
    final = "14 March 1962"
    return answered(rec, wrote=wrote, final=final, asked="When was it published?")


def passed_on_unread() -> Trace:
    """The manager's code returns the sub-agent's answer in the step that asked for it,
    without reading it: the sub-agent's call wrote the final output."""
    rec = TraceRecorder("t", input="Latest version of fetchr? The bare version only.")
    ask = rec.step(
        "Manager", "Latest version?", 'v = coder(task="bare version")\nfinal_answer(v)', kind="llm"
    )
    said = rec.step(
        "Coder",
        "Give the bare version.",
        'final_answer({"answer": "v2.7.0 (2024-05-02)"})',
        kind="llm",
        parents=[ask],
    )
    final = "v2.7.0 (2024-05-02)"
    run = rec.step("Coder", "Give the bare version.", final, kind="agent", parents=[ask, said])
    return answered(rec, wrote=ask, final=final, asked="Latest version?", fed=run)


@pytest.mark.parametrize(
    ("build", "pattern", "off", "culprit"),
    [
        (date_as_found, r"^\d{4}-\d{2}-\d{2}$", (), ("Manager", 1)),
        (passed_on_unread, r"^\d+\.\d+\.\d+$", (), ("Coder", 1)),
    ],
)
def test_a_format_nobody_produced_is_the_last_call_that_wrote_the_final_output(
    build: Callable[[], Trace], pattern: str, off: tuple[str, ...], culprit: tuple[str, int]
) -> None:
    with switched_off(*off):
        suspects = blame(build(), check("regex", value=pattern))
    assert (suspects[0].agent, suspects[0].step_index) == culprit
    assert "wrote the final output as it stands" in suspects[0].reason
    assert "its form was that call's choice" in suspects[0].reason


@pytest.mark.parametrize(
    ("build", "pattern", "off"),
    [
        # the rule switched off
        (date_as_found, r"^\d{4}-\d{2}-\d{2}$", ("format-writer",)),
        # code wrote the final output (no call wrote it word for word)
        (lambda: date_as_found('final_answer(f"{d} {m} {y}")'), r"^\d{4}-\d{2}-\d{2}$", ()),
        # the form is in a call's output only inside a longer word (`14 March 19621`)
        (lambda: date_as_found('final_answer("14 March 19621"[:-1])'), r"^\d{4}-\d{2}-\d{2}$", ()),
    ],
)
def test_a_format_is_not_pinned_on_a_writer_without_one(
    build: Callable[[], Trace], pattern: str, off: tuple[str, ...]
) -> None:
    with switched_off(*off):
        suspects = blame(build(), check("regex", value=pattern))
    assert all("wrote the final output as it stands" not in s.reason for s in suspects)


def test_a_format_built_by_code_is_the_call_that_wrote_the_code() -> None:
    """A manager's code joins its sub-agent's years as `name: year` and hands the text to
    `final_answer`: no call wrote the final output whole; the code's call chose its form
    (before, the sub-agent's search that first found the last year was blamed)."""
    rec = TraceRecorder("t", input="Opening years of the two tunnels, as `YYYY, YYYY`?")
    code = (
        "<code>\nparts = [f'{n}: {searcher(n)}' for n in names]\n"
        "final_answer('; '.join(parts))\n</code>"
    )
    wrote = rec.step("Manager", "Opening years?", code, kind="llm")
    asked = rec.step("Searcher", "Aldmoor", "web_search('Aldmoor')", kind="llm", parents=[wrote])
    found = rec.tool("web_search", agent="Searcher", args="Aldmoor", output="opened 1906",
                     parents=[asked])  # fmt: skip
    said = rec.step("Searcher", "opened 1906", "1906", kind="llm", parents=[found])
    run = rec.step("Searcher", "Aldmoor", "1906", parents=[wrote, asked, found, said])
    final = "Brenning: 1882; Aldmoor: 1906"
    done = rec.tool("final_answer", agent="Manager", args=final, output=final, parents=[run])
    rec.step("Manager", "Opening years?", final, parents=[wrote, run, done])
    suspects = blame(rec.finalize(), check("regex", value=r"^\d{4}, \d{4}$"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Manager", 0)
    assert "step 0 (Manager) wrote the code that built the final output as it stands" in (
        suspects[0].reason
    )


def produced_then_lost() -> Trace:
    """The searcher wrote the ISO date; the manager rewrote it: the loss decides, not the
    writer's form."""
    rec = TraceRecorder("t", input="When was Northern Ledger first published? ISO date only.")
    said = rec.step("Searcher", "publication date?", "Published 1962-03-14.", kind="llm")
    wrote = rec.step(
        "Manager",
        "Published 1962-03-14.",
        'final_answer("14 March 1962")',
        kind="llm",
        parents=[said],
    )
    final = "14 March 1962"
    return answered(rec, wrote=wrote, final=final, asked="When was it published?")


def test_a_format_that_was_produced_and_lost_is_no_writers_choice() -> None:
    suspects = blame(produced_then_lost(), check("regex", value=r"\d{4}-\d{2}-\d{2}"))
    assert all("wrote the final output as it stands" not in s.reason for s in suspects)
    assert suspects[0].step_index == 1


def delegated_with(task: str, query: str, critic: str | None = None) -> Trace:
    """The manager hands the scout a task; the scout searches with it; the page's figure is
    the answer. A `critic` speaks first, on a branch of its own that reaches nobody."""
    rec = TraceRecorder(
        "t",
        input="How many league goals did Marit Solberg score in 2023 (league matches only)?",
    )
    if critic is not None:
        rec.step("Critic", "How many league goals did Marit Solberg score?", critic, kind="llm")
    asked = "How many league goals did Marit Solberg score?"
    ask = rec.step("Manager", asked, task, kind="llm", parents=[])
    search = rec.step("Scout", task, f"web_search({query!r})", kind="llm", parents=[ask])
    page = rec.tool(
        "web_search",
        agent="Scout",
        args=query,
        output="Season 2023: 21 goals in all competitions.",
        parents=[search],
    )
    said = rec.step("Scout", "21 goals", "She scored 21 goals.", kind="llm", parents=[page])
    rec.step("Manager", "She scored 21 goals.", "21", kind="llm", parents=[said])
    return rec.finalize()


ALL_COMPETITIONS = "Find Marit Solberg's goals in 2023 across all competitions."


@pytest.mark.parametrize(
    ("query", "off", "culprit", "said"),
    [
        (
            "Marit Solberg goals 2023 all competitions",
            (),
            ("Manager", 0),
            "step 0 (Manager) asked for 'competitions', which the task does not: step 1 "
            "(Scout) called step 2 (tool web_search, called by Scout) for it",
        ),
        # the scout added a word of its own (`cup`): it chose what was looked up
        (
            "Marit Solberg goals 2023 all competitions cup",
            (),
            ("Scout", 1),
            "called step 2 (tool web_search, called by Scout), which returned the wrong value",
        ),
        (
            "Marit Solberg goals 2023 all competitions",
            ("handed-on",),
            ("Scout", 1),
            "called step 2 (tool web_search, called by Scout), which returned the wrong value",
        ),
    ],
)
def test_a_lookup_the_delegated_task_chose_is_the_delegators(
    query: str, off: tuple[str, ...], culprit: tuple[str, int], said: str
) -> None:
    with switched_off(*off):
        suspects = blame(delegated_with(ALL_COMPETITIONS, query), check("exact_match", value="17"))
    assert (suspects[0].agent, suspects[0].step_index) == culprit
    assert said in suspects[0].reason


def visited_another_class() -> Trace:
    """The manager hands on the task in its words (`results`, `class`); the scout's search
    lists each class's page; the scout opens the men's where the task asks the women's."""
    rec = TraceRecorder("t", input="What was the winning C1 women's time at the slalom?")
    task = "Find the results of the C1 women (C1W) class at the slalom."
    ask = rec.step("Manager", "winning C1 women's time?", task, kind="llm")
    search = rec.step("Scout", task, "web_search('slalom results')", kind="llm", parents=[ask])
    links = "\n".join(
        f"https://slalom.example.org/results?class={c}" for c in ("K1M", "C1M", "C1W")
    )
    listed = rec.tool("web_search", agent="Scout", args="slalom results", output=links,
                      parents=[search])  # fmt: skip
    url = "https://slalom.example.org/results?class=C1M"
    visit = rec.step("Scout", links, f"visit_webpage({url!r})", kind="llm", parents=[listed])
    page = rec.tool("visit_webpage", agent="Scout", args=url, output="C1 Men: winner 97.84 s",
                    parents=[visit])  # fmt: skip
    said = rec.step("Scout", "97.84", "The winner took 97.84 s.", kind="llm", parents=[page])
    rec.step("Manager", "The winner took 97.84 s.", "97.84", kind="llm", parents=[said])
    return rec.finalize()


def test_an_address_the_caller_picked_is_its_choice_not_the_words_handed_to_it() -> None:
    """Before, the manager was blamed for asking for `class` (a word of the address the
    scout picked off the search's links, not of anything the manager asked)."""
    top = blame(visited_another_class(), check("exact_match", value="104.12"))[0]
    assert (top.agent, top.step_index) == ("Scout", 3)
    assert "asked for" not in top.reason


def answered_after_an_error(report: str) -> Trace:
    """The searcher's search gives an old figure, its page fails, and its answer gives the old
    figure, with or without saying that the page failed; the manager answers with it."""
    rec = TraceRecorder("t", input="How many passengers did Velden Airport handle in 2024?")
    ask = rec.step("Searcher", "passengers 2024?", "web_search(...)", kind="llm")
    hits = rec.tool(
        "web_search",
        agent="Searcher",
        args="Velden Airport passengers 2024",
        output="Velden Airport handled 4.12 million passengers in 2023.",
        parents=[ask],
    )
    opened = rec.step(
        "Searcher", "search results", "visit_webpage(stats/2024)", kind="llm", parents=[hits]
    )
    page = rec.tool(
        "visit_webpage",
        agent="Searcher",
        args="stats/2024",
        output="",
        parents=[opened],
        error="503 Server Error: Service Unavailable",
    )
    history = "Velden Airport handled 4.12 million passengers in 2023.\n503 Server Error"
    said = rec.step("Searcher", history, report, kind="llm", parents=[page])
    # the searcher's whole run, fed by each of its steps, as an agent span records it
    run = rec.step(
        "Searcher",
        "passengers 2024?",
        report,
        kind="agent",
        parents=[ask, hits, opened, page, said],
    )
    rec.step("Manager", report, "4.12", kind="llm", parents=[run])
    return rec.finalize()


@pytest.mark.parametrize(
    ("report", "culprit", "said"),
    [
        # went on as if the page had opened: the searcher's answer kept the old figure, in
        # place of what the failed page was to give (rule `error-reader`)
        (
            "It handled 4.12 million passengers.",
            ("Searcher", 4),
            "step 4 (Searcher) read the error '503 Server Error: Service Unavailable' that "
            "step 3 (tool visit_webpage, called by Searcher) raised and wrote the wrong value",
        ),
        # said what failed, then the figure: the manager that used it anyway chose (rule
        # `failure-aside`; without it, `read-wrong-value` finds the same call)
        (
            "I could not open the 2024 page: it returned 503 twice. The only figure I found "
            "is 4.12 million, for 2023.",
            ("Manager", 6),
            "opened its answer with 'I could not open the 2024 page: it retu…' and gave '4.12' "
            "only after it",
        ),
    ],
)
def test_the_first_call_that_kept_a_right_questions_wrong_answer_as_a_finding_chose(
    report: str, culprit: tuple[str, int], said: str
) -> None:
    suspects = blame(answered_after_an_error(report), check("exact_match", value="4.57"))
    assert (suspects[0].agent, suspects[0].step_index) == culprit
    assert said in suspects[0].reason
    with switched_off("error-reader", "failure-aside"):  # the page the search gave, as before
        again = blame(answered_after_an_error(report), check("exact_match", value="4.57"))
        assert "a call that asked only what the task asked" in again[0].reason


def cut_out(searcher_said: str, final: str) -> Trace:
    """The manager's code runs the searcher and cuts the final output out of its answer."""
    rec = TraceRecorder("t", input="How long is the Tarn bridge in km? As `N km`.")
    code = 'r = searcher(task="length")\nfinal_answer(r.split()[2])'
    wrote = rec.step("Manager", "How long?", code, kind="llm")
    said = rec.step("Searcher", "length", searcher_said, kind="llm", parents=[wrote])
    return answered(rec, wrote=wrote, final=final, asked="How long?", fed=said)


def echoed_by_a_checker() -> Trace:
    """The manager writes the final answer and asks a checker to confirm it; the checker
    repeats it: the manager chose the form."""
    rec = TraceRecorder("t", input="When was Northern Ledger first published? ISO date only.")
    said = rec.step("Searcher", "date?", "It was published on 14 March 1962.", kind="llm")
    code = 'ok = checker(task="Confirm 14 March 1962")\nfinal_answer("14 March 1962")'
    wrote = rec.step("Manager", "published on 14 March 1962", code, kind="llm", parents=[said])
    echo = rec.step(
        "Checker",
        "Confirm 14 March 1962",
        'final_answer("14 March 1962")',
        kind="llm",
        parents=[wrote],
    )
    final = "14 March 1962"
    done = rec.tool(
        "final_answer", agent="Manager", args=final, output=final, parents=[wrote, echo]
    )
    rec.step("Manager", "When?", final, parents=[wrote, done])
    return rec.finalize()


@pytest.mark.parametrize(
    "build",
    [
        # `12` only inside `12.5 km`: the code that cut it out formed the final output
        lambda: cut_out("It is 12.5 km long.", "12"),
        lambda: cut_out("It is 1,212 m long.", "212"),
    ],
)
def test_a_value_cut_out_of_a_longer_text_is_not_that_texts_form(
    build: Callable[[], Trace],
) -> None:
    suspects = blame(build(), check("regex", value=r"^\d+ km$"))
    assert all("wrote the final output as it stands" not in s.reason for s in suspects)


def test_the_call_that_wrote_the_final_output_chose_its_form_before_one_that_echoed_it() -> None:
    suspects = blame(echoed_by_a_checker(), check("regex", value=r"^\d{4}-\d{2}-\d{2}$"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Manager", 1)
    assert "wrote the final output as it stands" in suspects[0].reason


def test_a_lookup_is_handed_on_only_by_a_call_whose_output_reached_its_caller() -> None:
    """A critic on a branch of its own writes the same words before the manager's
    delegation: only a call whose output reached the scout handed it the question."""
    critic = "Remember that all competitions count for her tally."
    trace = delegated_with(ALL_COMPETITIONS, "Marit Solberg goals 2023 all competitions", critic)
    suspects = blame(trace, check("exact_match", value="17"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Manager", 1)
    assert "step 1 (Manager) asked for 'competitions'" in suspects[0].reason


def fares(args: str, task: str = "Two adult tickets on bus line 41, in EUR? Number only.") -> Trace:
    """A code agent lists the lines, asks the fares API about one, and answers from it."""
    rec = TraceRecorder("t", input=task)
    listed = rec.step("Analyst", task, "<code>\nprint(fetch_json('/lines'))\n</code>", kind="llm")
    lines = rec.tool(
        "fetch_json", agent="Analyst", args="/lines", output="4, 14, 41, 44", parents=[listed]
    )
    asked = rec.step(
        "Analyst",
        "4, 14, 41, 44",
        f"Line 41 it is.\n<code>\nfetch_json('{args}')\n</code>",
        kind="llm",
        parents=[lines],
    )
    fare = rec.tool(
        "fetch_json", agent="Analyst", args=args, output='{"adult": 2.2}', parents=[asked]
    )
    rec.step(
        "Analyst",
        '{"adult": 2.2}',
        "<code>\nfinal_answer('4.40')\n</code>",
        kind="llm",
        parents=[fare],
    )
    return rec.finalize(final_output="4.40")


@pytest.mark.parametrize(
    ("args", "task", "culprit"),
    [
        # the task asks about line 41; the call asked the API about line 14
        ("/fares/line/14", None, 2),
        ("/fares?line=14", None, 2),
        # the same figure under the task's label: nothing contradicted, the answer's writer
        ("/fares/line/41", None, 4),
        # a figure under a label the task does not give
        ("/fares/route/14", None, 4),
        # another form of figure under the label (a year, for the task's line number)
        ("/fares/line/2020", None, 4),
        # a figure the task states, under another word: the task asks about it too
        ("/fares/line/14", "Two adult tickets on bus line 41 and on 14, in EUR?", 4),
        # the task gives line 14 too
        ("/fares/line/14", "Line 41 or line 14: two adult tickets, in EUR?", 4),
        # an id's two capitals are its label: the call asked about BL-14, the task BL-41
        ("/fares/BL-14", "Two adult tickets on bus BL-41, in EUR? Number only.", 2),
        ("/fares/BL-41", "Two adult tickets on bus BL-41, in EUR? Number only.", 4),
        ("/fares/XY-14", "Two adult tickets on bus BL-41, in EUR? Number only.", 4),
        ("/fares/Bl-14", "Two adult tickets on bus Bl-41, in EUR? Number only.", 4),
    ],
)
def test_a_lookup_of_another_figure_than_the_tasks_is_the_askers(
    args: str, task: str | None, culprit: int
) -> None:
    """Before, the call that wrote the final answer was blamed for a value it computed right
    from the fares it was given."""
    trace = fares(args) if task is None else fares(args, task)
    top = blame(trace, check("exact_match", value="7.60"))[0]
    assert top.step_index == culprit
    if culprit == 2 and task is None:
        assert (
            "asked step 3 (tool fetch_json, called by Analyst) for 'line 14' where the task "
            in top.reason
        )
        assert "asks about 'line 41'" in top.reason


def test_a_tool_that_gave_the_wrong_value_itself_was_asked_about_another_figure() -> None:
    """The API gave the final answer itself, for accession HVS-04417 where the task asks
    about HVS-04471. Before, only the tools before the one that gave it were read, and the
    call that answered with it was blamed."""
    task = "What germination rate did accession HVS-04471 show at its last test? Number only."
    rec = TraceRecorder("t", input=task)
    asked = rec.step("Analyst", task, "<code>\nfetch_json('/accessions/HVS-04417')\n</code>",
                     kind="llm")  # fmt: skip
    record = '{"accession": "HVS-04417", "germination_pct": 88}'
    got = rec.tool("fetch_json", agent="Analyst", args="/accessions/HVS-04417", output=record,
                   parents=[asked])  # fmt: skip
    rec.step("Analyst", record, "<code>\nfinal_answer('88')\n</code>", kind="llm", parents=[got])
    top = blame(rec.finalize(final_output="88"), check("exact_match", value="76"))[0]
    assert top.step_index == 0
    assert "for 'HVS 04417' where the task asks about 'HVS 04471'" in top.reason


def pulled_in_another_class(opened: str = "men-680") -> Trace:
    """The searcher searches for the 680 kg class where the task asks about 640 kg, opens
    the 680 kg page the search listed (its address names no unit) and reports its winner,
    naming the club that won the 640 kg class as a bronze medallist there."""
    task = "Which club won the men's 640 kg class at the 2025 Severn Vale Championships?"
    rec = TraceRecorder("t", input=task)
    search = rec.step("searcher", task, 'web_search({"query": "Severn Vale 2025 men 680 kg"})',
                      kind="llm")  # fmt: skip
    hits = (
        "[Men's 680 kg results](https://svtow.example/2025/men-680/)\n"
        "[Men's 640 kg results](https://svtow.example/2025/men-640/)"
    )
    found = rec.tool("web_search", agent="searcher", args="Severn Vale 2025 men 680 kg",
                     output=hits, parents=[search])  # fmt: skip
    address = f"https://svtow.example/2025/{opened}/"
    opens = rec.step("searcher", hits, f'visit_webpage({{"url": "{address}"}})', kind="llm",
                     parents=[found])  # fmt: skip
    page = "Final: Thornbury beat Awre 2-1. Bronze: Bromsash TWC."
    got = rec.tool("visit_webpage", agent="searcher", args=address, output=page,
                   parents=[opens])  # fmt: skip
    said = rec.step("searcher", page, 'final_answer({"answer": "Thornbury won; Bromsash TWC '
                    'took bronze."})', kind="llm", parents=[got])  # fmt: skip
    rec.step("manager", "Thornbury won; Bromsash TWC took bronze.", "final_answer('Thornbury')",
             kind="llm", parents=[said])  # fmt: skip
    return rec.finalize(final_output="Thornbury")


def test_a_page_opened_from_a_search_for_another_class_was_asked_about_it() -> None:
    """Before, a page whose own address named no unit was about the task's class as far as
    anyone could tell, and the manager, which had the right club in its input, was blamed."""
    top = blame(pulled_in_another_class(), check("exact_match", value="Bromsash TWC"))[0]
    assert top.step_index == 0
    assert top.reason == (
        "step 0 (searcher) asked step 1 (tool web_search, called by searcher) for '680 kg' "
        "where the task asks about '640 kg'; the wrong value followed"
    )


def test_a_contradicted_argument_is_not_read_with_its_rule_off() -> None:
    with switched_off("contradicted-argument"):
        top = blame(fares("/fares/line/14"), check("exact_match", value="7.60"))[0]
    assert top.step_index == 4


def race_results(
    query: str, task: str = "Who won Class 5 at the 2024 Saltmarsh Bay race?"
) -> Trace:
    """The searcher searches with `query` and opens last year's results, where the 2024
    winner came third; it reports last year's winner; the manager returns the name."""
    rec = TraceRecorder("t", input=f"{task} Name only.")
    ask = rec.step("Searcher", task, f'web_search({{"query": "{query}"}})', kind="llm")
    page = "Class 5 results, 2023: 1. Pieter de Vries; 2. Tom Ashby; 3. Mathilde Caron."
    got = rec.tool("web_search", agent="Searcher", args=query, output=page, parents=[ask])
    said = rec.step("Searcher", page, "Pieter de Vries won Class 5.", kind="llm", parents=[got])
    rec.step("Manager", "Pieter de Vries won Class 5.", "Pieter de Vries", kind="llm",
             parents=[said])  # fmt: skip
    return rec.finalize(final_output="Pieter de Vries")


@pytest.mark.parametrize(
    ("query", "task", "culprit"),
    [
        # the task asks about 2024; the call searched 2023: the searcher's call chose the year
        ("Saltmarsh Bay race 2023 Class 5 winner", None, 0),
        # the task's year asked too (a season, `2023-24`): the reader chose the wrong row
        ("Saltmarsh Bay race 2023-24 Class 5 winner", None, 2),
        ("Saltmarsh Bay race Class 5 winner", None, 2),  # no year asked: the reader chose
        # a task about a span of years asks about both
        ("Saltmarsh Bay race 2023 Class 5 winner", "Who won Class 5 from 2023 to 2024?", 2),
        # a year the task states is the task's own
        ("Saltmarsh Bay race 2023 Class 5 winner", "Who won Class 5 in 2024, as in 2023?", 2),
    ],
)
def test_a_search_for_another_year_than_the_tasks_is_the_searchers(
    query: str, task: str | None, culprit: int
) -> None:
    """Before, the reader that had the 2024 winner's name on last year's page was blamed."""
    trace = race_results(query) if task is None else race_results(query, task)
    top = blame(trace, check("exact_match", value="Mathilde Caron"))[0]
    assert top.step_index == culprit
    if culprit == 0:
        assert "for '2023' where the task asks about '2024'" in top.reason


@pytest.mark.parametrize(
    ("handed", "read", "culprit", "by"),
    [
        # the manager wrote the other year first and handed it on: it chose
        ("the 2023 Saltmarsh Bay race", "", 0, "step 0 (Manager) wrote '2023' first: "),
        # the searcher was never given it: it asked for it unprompted
        ("the Saltmarsh Bay race", "", 1, ""),
        # the manager named the task's year too: it asked for the task's own race
        ("the 2024 Saltmarsh Bay race, not the 2023 one", "", None, ""),
        # a page gave the year first: the manager handed on what it read, no one chose it
        ("the 2023 Saltmarsh Bay race", "The 2023 race was the last one held.", None, ""),
    ],
)
def test_a_year_another_agent_handed_on_contradicts_with_the_call_that_wrote_it(
    handed: str, read: str, culprit: int | None, by: str
) -> None:
    """The manager handed on the 2023 race for the task's 2024: before, the searcher, given
    2023, was no one's choice, and nothing was contradicted."""
    task = "Who won Class 5 at the 2024 Saltmarsh Bay race? Name only."
    rec = TraceRecorder("t", input=task)
    before = []
    if read:  # the manager searched first and read a page that names the year
        look = rec.step("Manager", task, "web_search('Saltmarsh Bay race')", kind="llm")
        before = [rec.tool("web_search", agent="Manager", args="Saltmarsh Bay race", output=read,
                           parents=[look])]  # fmt: skip
    asked = f"Find the Class 5 winner of {handed}."
    manager = rec.step("Manager", f"{task}\n{read}", f'<code>\nr = searcher(task="{asked}")\n'
                       "</code>", kind="llm", parents=before)  # fmt: skip
    query = "Saltmarsh Bay race 2023 Class 5"
    ask = rec.step("Searcher", asked, f'web_search({{"query": "{query}"}})', kind="llm",
                   parents=[manager])  # fmt: skip
    page = "Class 5 results, 2023: 1. Pieter de Vries; 2. Tom Ashby."
    rec.tool("web_search", agent="Searcher", args=query, output=page, parents=[ask])
    trace = rec.finalize(final_output="Pieter de Vries")
    found = chosen.contradicted(StepGraph(trace), len(trace.steps) - 1)  # the search
    if culprit is None:
        assert found == ()
    else:
        assert found[0].step_index == culprit
        assert found[0].reason.startswith(
            f"{by}step 1 (Searcher) asked step 2 (tool web_search, called by Searcher) for "
            "'2023' where the task asks about '2024'"
        )


def test_a_year_written_first_on_another_branch_contradicts_nothing() -> None:
    """A writer noted the 2023 race from memory on a branch that never reached the searcher,
    which read 2023 on a page: before this was checked, the writer was blamed."""
    task = "Who won Class 5 at the 2024 Saltmarsh Bay race? Name only."
    rec = TraceRecorder("t", input=task)
    note = rec.step("Writer", task, "Background: the 2023 race had 40 boats.", kind="llm")
    look = rec.step("Searcher", task, "web_search('Saltmarsh Bay race')", kind="llm",
                    parents=[])  # fmt: skip
    hit = rec.tool("web_search", agent="Searcher", args="Saltmarsh Bay race",
                   output="The 2023 race was the last one held.", parents=[look])  # fmt: skip
    ask = rec.step("Searcher", "The 2023 race was the last one held.",
                   'web_search({"query": "Saltmarsh Bay race 2023 Class 5"})', kind="llm",
                   parents=[hit])  # fmt: skip
    page = rec.tool("web_search", agent="Searcher", args="Saltmarsh Bay race 2023 Class 5",
                    output="Class 5, 2023: 1. Pieter de Vries.", parents=[ask])  # fmt: skip
    rec.step("Writer", "notes", "Pieter de Vries", kind="llm", parents=[note, page])
    trace = rec.finalize(final_output="Pieter de Vries")
    assert chosen.contradicted(StepGraph(trace), len(trace.steps) - 1) == ()


def test_a_page_of_the_tasks_year_with_the_right_value_leaves_the_choice_to_its_reader() -> None:
    """The searcher looked up 2023 first, then 2024, whose page had both names: it chose."""
    task = "Who won Class 5 at the 2024 Saltmarsh Bay race?"
    rec = TraceRecorder("t", input=f"{task} Name only.")
    ask = rec.step("Searcher", task, 'web_search({"query": "race 2023 Class 5"})', kind="llm")
    old = rec.tool("web_search", agent="Searcher", args="race 2023 Class 5",
                   output="2023: 1. Tom Ashby.", parents=[ask])  # fmt: skip
    again = rec.step("Searcher", "2023: 1. Tom Ashby.", 'web_search({"query": "race 2024"})',
                     kind="llm", parents=[old])  # fmt: skip
    page = "2024: 1. Mathilde Caron; 2. Pieter de Vries."
    new = rec.tool("web_search", agent="Searcher", args="race 2024", output=page,
                   parents=[again])  # fmt: skip
    rec.step("Searcher", page, "Pieter de Vries", kind="llm", parents=[new])
    trace = rec.finalize(final_output="Pieter de Vries")
    assert blame(trace, check("exact_match", value="Mathilde Caron"))[0].step_index == 4


def seasons(*years: int | None) -> Trace:
    """One code step fetches each of `years`' production; the last fetch times out."""
    rec = TraceRecorder("t", input="How many litres of syrup in the 2024 season? Number only.")
    asked = rec.step("analyst", "task", f"<code>\nfor season in {years}: fetch(season)\n</code>",
                     kind="llm")  # fmt: skip
    last = asked
    for year in years[:-1]:
        path = f"/production?season={year}" if year else "/units"
        last = rec.tool("fetch_json", agent="analyst", args=path,
                        output='{"syrup_l": 4120}', parents=[last])  # fmt: skip
    rec.tool("fetch_json", agent="analyst", args=f"/production?season={years[-1]}",
             error="RuntimeError: 504 Gateway Timeout", parents=[last])  # fmt: skip
    return rec.finalize(final_output="4120")


@pytest.mark.parametrize(
    ("years", "contradicted"),
    [
        ((2023, 2024), False),  # it asked for the task's season too, to compare
        ((2023, 2022), True),  # it asked for other seasons only
        ((2023, None, 2022), True),  # a call that names no year asks nothing of the task's
    ],
)
def test_a_call_that_asked_about_the_tasks_year_too_asked_for_no_other_year(
    years: tuple[int | None, ...], contradicted: bool
) -> None:
    found = chosen.contradicted(StepGraph(seasons(*years)), 1)
    assert bool(found) is contradicted


def school_years(*paths: str) -> Trace:
    """One code step fetches each of `paths` for the 2026/27 school year's term dates."""
    rec = TraceRecorder("t", input="When does the 2026/27 school year's autumn term start?")
    asked = rec.step("analyst", "task", f"<code>\nfor p in {paths}: fetch(p)\n</code>",
                     kind="llm")  # fmt: skip
    last = asked
    for path in paths:
        last = rec.tool("fetch_json", agent="analyst", args=path, output='{"autumn": "x"}',
                        parents=[last])  # fmt: skip
    return rec.finalize(final_output="x")


@pytest.mark.parametrize(
    ("paths", "contradicted"),
    [
        (("/term-dates?year=2025-26",), True),  # another school year only
        (("/term-dates?year=2026-27", "/term-dates?year=2025-26"), False),  # to compare
        (("/term-dates/2026", "/term-dates?year=2025-26"), False),  # the first year alone
        (("/term-dates?year=2025/2026", "/term-dates?year=2024-25"), True),  # a second year
    ],
)
def test_a_call_that_asked_about_the_tasks_season_too_asked_for_no_other_season(
    paths: tuple[str, ...], contradicted: bool
) -> None:
    """A call that asked for the task's own season too, by its first year alone as well,
    compared them: it asked for no other season instead."""
    found = chosen.contradicted(StepGraph(school_years(*paths)), len(paths))
    assert bool(found) is contradicted


def searched_another_climb(query: str) -> Trace:
    """The searcher's query keeps every word of the task but pairs `Rake` with `Hill`; the
    results give another club's climb, whose record the searcher reports."""
    task = "What is the women's course record at the Ashdown Wheelers' Rake Lane hill climb?"
    rec = TraceRecorder("t", input=task)
    asked = rec.step("searcher", task, f"web_search({query!r})", kind="llm")
    found = rec.tool("web_search", agent="searcher", args=query, parents=[asked],
                     output="Rake Hill (Downland CC): women's record 2:31.9 (2022)")  # fmt: skip
    rec.step("searcher", "women's record 2:31.9", "The record is 2:31.9.", kind="llm",
             parents=[found])  # fmt: skip
    return rec.finalize(final_output="2:31.9")


@pytest.mark.parametrize(
    ("query", "culprit"),
    [
        ("Rake Hill hill climb women's course record", 0),  # another name: the asker chose
        ("Rake Lane hill climb women's course record", 2),  # the task's: its reader chose
    ],
)
def test_a_search_for_a_renamed_name_of_the_task_is_the_searchers(query: str, culprit: int) -> None:
    """Before, every word of `Rake Hill hill climb` being the task's, the call was said to
    have asked only what the task asked, and the reader of its results was blamed."""
    top = blame(searched_another_climb(query), check("exact_match", value="2:43.4"))[0]
    assert top.step_index == culprit
    if culprit == 0:
        assert "about 'Rake Hill' (the task's 'Rake Lane')" in top.reason


def test_a_page_for_the_tasks_own_class_a_search_listed_too_was_no_other_question() -> None:
    """The search for the 680 kg class listed the 640 kg page too, and the searcher opened
    that one: what it then reported was its own reading, not the search's question."""
    trace = pulled_in_another_class(opened="men-640")
    top = blame(trace, check("exact_match", value="Bromsash TWC"))[0]
    assert "asked step 1" not in top.reason
    assert top.agent != "searcher" or top.step_index != 0


def searched_for_a_renamed_function(delegated: str, query: str) -> Trace:
    """The manager hands the coder a function to find; the coder searches the code with the
    name it was given; the only match is another function's file, which it reports."""
    task = "Issue #12: `score_break()` takes the penalty off twice. Which file defines it?"
    rec = TraceRecorder("t", input=task)
    ask = rec.step("manager", task, delegated, kind="llm")
    search = rec.step("coder", delegated, f"search_code({query!r})", kind="llm", parents=[ask])
    found = rec.tool("search_code", agent="coder", args=query, parents=[search],
                     output="src/bb/reports/summary.py\n8\ndef break_score(entry):")  # fmt: skip
    report = "Defined in `src/bb/reports/summary.py`"
    said = rec.step("coder", "src/bb/reports/summary.py", report, kind="llm", parents=[found])
    rec.step("manager", report, "src/bb/reports/summary.py", kind="llm", parents=[said])
    return rec.finalize()


@pytest.mark.parametrize(
    ("delegated", "query", "culprit"),
    [
        # the task's code name with its words swapped: another function, the manager's
        ("Find where break_score() is defined.", "break_score", ("manager", 0)),
        # the task's own name: the search asked as told, the coder kept what it found
        ("Find where score_break() is defined.", "score_break", ("coder", 3)),
    ],
)
def test_a_code_name_handed_on_with_its_words_swapped_chose_what_was_looked_up(
    delegated: str, query: str, culprit: tuple[str, int]
) -> None:
    """Before, `break_score` was read as the task's words `break` and `score`: nothing new
    was asked for, and the coder that searched with it was blamed."""
    top = blame(
        searched_for_a_renamed_function(delegated, query),
        check("exact_match", value="src/bb/scoring.py"),
    )[0]
    assert (top.agent, top.step_index) == culprit
    assert ("asked for 'break_score', which the task does not" in top.reason) is (
        culprit == ("manager", 0)
    )


def printed_then_handed(parse: str, apart: bool = False) -> Trace:
    """A code agent parses the race's date and prints it (with `apart`, in its next call);
    its next call hands `str()` of the variable to `final_answer`, as the interpreter
    printed it."""
    rec = TraceRecorder("t", input="On what date was the race held? As YYYY-MM-DD.")
    said = rec.step("Searcher", "date?", "It was held on Sunday, 11 September 2022.", kind="llm")
    logs = "2022-09-11 00:00:00"
    shown = f"print(race_day)\n</code>\nExecution logs:\n{logs}"
    code = f"<code>\n{parse}\n{'</code>' if apart else shown}"
    last = rec.step("Manager", "Sunday, 11 September 2022", code, kind="llm", parents=[said])
    if apart:
        last = rec.step("Manager", "race_day", f"<code>\n{shown}", kind="llm", parents=[last])
    handed = rec.step("Manager", f"Sunday, 11 September 2022\n{logs}",
                      "<code>\nfinal_answer(str(race_day))\n</code>", kind="llm",
                      parents=[last])  # fmt: skip
    return answered(rec, wrote=handed, final=logs, asked="When?")


STRPTIME = 'race_day = datetime.strptime(s, "%A, %d %B %Y")'


@pytest.mark.parametrize(
    ("parse", "apart", "culprit", "said"),
    [
        # Python printed the datetime so: the call that handed it on unformatted chose
        (STRPTIME, False, 2,
         "step 2 (Manager) handed on what step 1 (Manager)'s code printed, unformatted"),
        (f"try:\n    {STRPTIME}\nexcept ValueError:\n    race_day = None", False, 2,
         "step 2 (Manager) handed on what step 1 (Manager)'s code printed, unformatted"),
        (STRPTIME, True, 3,
         "step 3 (Manager) handed on what step 2 (Manager)'s code printed, unformatted"),
        # the code wrote the form itself: that call chose it
        ('race_day = f"{d:%Y-%m-%d} 00:00:00"', False, 1, "first appeared in step 1 (Manager)"),
        ('race_day = f"{d:%Y-%m-%d} 00:00:00"', True, 1, "first appeared in step 1 (Manager)"),
        ('race_day = d.strftime("%Y-%m-%d %H:%M:%S")', True, 2, "first appeared in step 2"),
        # the code made it text as Python prints it: that call chose the form
        (f"race_day = str({STRPTIME.split(' = ')[1]})", False, 1,
         "first appeared in step 1 (Manager)"),
    ],
)  # fmt: skip
def test_a_value_handed_on_as_the_interpreter_printed_it_is_the_handing_calls_form(
    parse: str, apart: bool, culprit: int, said: str
) -> None:
    """Before, the call whose code parsed the date and printed it was blamed for the form
    `2022-09-11 00:00:00`, which no code of it wrote; code that wrote the form, in the call
    that printed it or before, keeps it (the review found the handing call blamed there)."""
    trace = printed_then_handed(parse, apart)
    suspects = blame(trace, check("regex", value=r"^\d{4}-\d{2}-\d{2}$"))
    assert (suspects[0].agent, suspects[0].step_index) == ("Manager", culprit)
    assert said in suspects[0].reason


def fetched_then_handed(handing: str) -> Trace:
    """A code agent fetches a record into a variable; its next call hands on `handing`."""
    rec = TraceRecorder("t", input="How much energy? Number only.")
    fetched = rec.step("analyst", "task", '<code>\nenergy = fetch_json("/energy")\n</code>',
                       kind="llm")  # fmt: skip
    rows = '{"energy_kwh": 96.4}'
    tool = rec.tool("fetch_json", agent="analyst", args="/energy", output=rows, parents=[fetched])
    last = rec.step("analyst", rows, f"<code>\n{handing}\n</code>", kind="llm", parents=[tool])
    rec.tool("final_answer", agent="analyst", args="96.4", output="96.4", parents=[last])
    return rec.finalize(final_output="96.4")


@pytest.mark.parametrize(
    ("handing", "source"),
    [
        ("final_answer(energy['energy_kwh'])", 1),  # a name: the fetch's value
        ("final_answer('96.4')", 3),  # the value written out: the call wrote it
    ],
)
def test_a_value_handed_by_name_came_from_the_tool_that_returned_it(
    handing: str, source: int
) -> None:
    flow = StepGraph(fetched_then_handed(handing))
    bad = chosen.as_stated(literal("96.4"))
    assert chosen.named_source(flow, 3, bad, "96.4")[0] == source


@pytest.mark.parametrize(
    ("rows", "handing", "source"),
    [
        # rounded as the task asks: the fetch's 96.41 is the 96.4 handed on
        ('{"energy_kwh": 96.41}', "final_answer(f\"{energy['energy_kwh']:.1f}\")", 1),
        # code that computed a value (a mean) is where the value was made
        ('{"kwh": [96.38, 97.2, 95.6]}', "final_answer(f\"{mean(energy['kwh']):.1f}\")", 3),
    ],
)
def test_a_rounded_value_handed_by_name_came_from_the_tool_only_when_code_computed_nothing(
    rows: str, handing: str, source: int
) -> None:
    """Before, `mean(...)` handed on was read as a name: the fetch was said to have
    returned the wrong value `96.4` as `96.38`, one reading of three."""
    rec = TraceRecorder("t", input="How much energy was delivered? Round to one decimal.")
    fetched = rec.step("analyst", "task", '<code>\nenergy = fetch_json("/energy")\n</code>',
                       kind="llm")  # fmt: skip
    tool = rec.tool("fetch_json", agent="analyst", args="/energy", output=rows, parents=[fetched])
    last = rec.step("analyst", rows, f"<code>\n{handing}\n</code>", kind="llm", parents=[tool])
    rec.tool("final_answer", agent="analyst", args="96.4", output="96.4", parents=[last])
    flow = StepGraph(rec.finalize(final_output="96.4"))
    assert chosen.named_source(flow, 3, chosen.as_stated(literal("96.4")), "96.4")[0] == source


def test_the_latest_tool_that_returned_a_value_is_where_the_variable_came_from() -> None:
    rec = TraceRecorder("t", input="How much energy? Number only.")
    first = rec.step("analyst", "task", '<code>\nold = fetch_json("/2023")\n</code>', kind="llm")
    old = rec.tool("fetch_json", agent="analyst", args="/2023", output="96.4", parents=[first])
    again = rec.step("analyst", "96.4", '<code>\nnew = fetch_json("/2024")\n</code>',
                     kind="llm", parents=[old])  # fmt: skip
    new = rec.tool("fetch_json", agent="analyst", args="/2024", output="96.4", parents=[again])
    last = rec.step("analyst", "96.4", "<code>\nfinal_answer(new)\n</code>", kind="llm",
                    parents=[new])  # fmt: skip
    rec.tool("final_answer", agent="analyst", args="96.4", output="96.4", parents=[last])
    flow = StepGraph(rec.finalize(final_output="96.4"))
    assert chosen.named_source(flow, 5, chosen.as_stated(literal("96.4")), "96.4")[0] == 3


@pytest.mark.parametrize(
    ("assigned", "former"),
    [
        ('total = f"{m}:{s:04.1f}"', 0),  # an f-string's spec formats it
        ("total = round(secs, 1)", 0),
        ('day = d.strftime("%d/%m/%Y")', None),  # another variable
        ("total = secs + 3600", None),  # computed, not formatted
        ('total = {"rider": cells[1], "total": cells[4]}["total"]', None),  # a dict's braces
        ('total = f"{cells[4][:7]}"', None),  # a slice in an f-string: no spec
    ],
)
def test_the_call_whose_code_formatted_what_was_handed_on(
    assigned: str, former: int | None
) -> None:
    rec = TraceRecorder("t", input="What was the total time?")
    made = rec.step("researcher", "task", f"<code>\n{assigned}\n</code>", kind="llm")
    rec.step("researcher", "total", "<code>\nfinal_answer(total)\n</code>", kind="llm",
             parents=[made])  # fmt: skip
    assert chosen.formed_by(StepGraph(rec.finalize()), 1) == former


def test_the_handing_calls_own_format_is_its_own() -> None:
    """Before, the earlier call that rounded `secs` was said to have formatted the output
    the handing call's own f-string wrote."""
    rec = TraceRecorder("t", input="What was the total time?")
    made = rec.step("researcher", "task", "<code>\nsecs = round(4122.7, 1)\n</code>", kind="llm")
    handing = 'final_answer(f"{int(secs // 60)}:{secs % 60:04.1f}")'
    rec.step("researcher", "secs", f"<code>\n{handing}\n</code>", kind="llm", parents=[made])
    assert chosen.formed_by(StepGraph(rec.finalize()), 1) is None
