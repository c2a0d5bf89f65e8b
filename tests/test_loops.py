"""Where a loop of tool calls began (blame/engine/loops.py), through the `tool_called` check:
a call that had the answer and asked again, or a manager that gave a sub-agent the same task
again after it had the first run's answer."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.rules import switched_off
from blame.model import Trace
from blame.testing import make_check, run_check

TASK = "How many tram lines does Ostrava have? Number only."
ASKED = "Find the number of tram lines in Ostrava."


def delegated_twice(
    second_task: str = ASKED,
    *,
    manager_saw: str = "17 tram lines",
    searcher_saw: str = "",
    second_query: str = "Ostrava tram lines",
    task: str = TASK,
    first_task: str = ASKED,
    final: str = "17",
    reported: str = "17 tram lines",
    result: str = "The network has 17 lines and 65.1 km of track.",
    reported_again: str | None = None,
) -> Trace:
    """A manager asks a search agent `first_task`; each run of the search agent (an agent
    step that its calls feed, as OpenInference records a managed agent's run) searches once.
    The manager's second call reads `manager_saw` and gives `second_task`; the second run's
    first call reads that task and `searcher_saw`. The run ends with `final`."""
    rec = TraceRecorder("t", input=task)
    first = rec.step("Manager", task, f'search_agent(task="{first_task}")', kind="llm")
    runs = []
    for ask, delegator, extra, query in (
        (first_task, first, "", "Ostrava tram lines"),
        (second_task, None, searcher_saw, second_query),
    ):
        if delegator is None:
            delegator = rec.step(
                "Manager",
                f"{task}\nObservation: {manager_saw}",
                f'search_agent(task="{second_task}")',
                kind="llm",
                parents=[runs[-1]],
            )
        call = rec.step("Searcher", f"{ask}\n{extra}", "web_search(...)", kind="llm",
                        parents=[delegator])  # fmt: skip
        found = rec.tool(
            "web_search",
            agent="Searcher",
            args={"query": query},
            output=result,
            parents=[call],
        )
        report = reported if not runs or reported_again is None else reported_again
        said = rec.step("Searcher", "17 lines", report, kind="llm", parents=[found])
        runs.append(rec.step("Searcher", ask, report, parents=[delegator, call, found, said]))
    rec.step("Manager", "17 tram lines", final, kind="llm", parents=[runs[-1]])
    return rec.finalize(final_output=final)


NAMED = "How many tram lines did Ostrava Transit run in 2024? Number only."
"""A task with names and figures (`Ostrava Transit`, `2024`) a reworded task can ask about."""


LONG = (
    "Ostrava Transit ran seventeen tram lines in 2024, numbered 1 to 20 with gaps, "
    "over 65.1 km of track."
)
"""A final answer longer than the opening words a run's answer is searched for."""


def reworded(second_task: str, **changes: str) -> Trace:
    """The manager asks about Ostrava Transit's 2024 tram lines, then again in other words."""
    first_task = "Find how many tram lines Ostrava Transit ran in 2024."
    return delegated_twice(second_task, task=NAMED, first_task=first_task, **changes)


@pytest.mark.parametrize(
    ("trace", "culprit", "said"),
    [
        # the manager had the first run's answer and gave the same task again
        (delegated_twice(), ("Manager", 5), "that step 5 (Manager) started with the task"),
        # the task reworded with all its words and more: still the same task
        (
            delegated_twice(f"{ASKED} Check again."),
            ("Manager", 5),
            "after it had that run's answer in its input: the loop began there",
        ),
        # another task: the search agent's second search is its own (the surplus call)
        (delegated_twice("Find the length of the Brno tram network."), ("Searcher", 6),
         "call 2 is step 7"),
        # the fresh run words its search anew: the run, not its call, repeats the first
        (
            delegated_twice(second_query="size of the Ostrava tram network"),
            ("Manager", 5),
            "step 7 was made, in a run of Searcher (step 9) that step 5 (Manager) started",
        ),
        # the manager never saw the answer (it failed to reach it): no loop of its making
        (delegated_twice(manager_saw="(no output)"), ("Searcher", 6), "call 2 is step 7"),
        # the search agent itself had the first result: its own call began the loop
        (
            delegated_twice(searcher_saw="The network has 17 lines and 65.1 km of track."),
            ("Searcher", 6),
            "after step 6 (Searcher) had its result in its input",
        ),
        # the task reworded, asking about the same names and figures of the user's task,
        # after the first run's answer had the final output
        (
            reworded("Confirm the tram lines of Ostrava Transit in 2024."),
            ("Manager", 5),
            "started with the task, reworded, of the run that made step 2 (step 4), after it "
            "had that run's answer, which had the final output, in its input",
        ),
        # the first run's answer lacked the final output: asking again was no repeat
        (reworded("Confirm the tram lines of Ostrava Transit in 2024.", final="18"),
         ("Searcher", 6), "call 2 is step 7"),
        # a figure is whole: the final `17` is not in the answer's `2017`
        (reworded("Confirm the tram lines of Ostrava Transit in 2024.",
                  reported="Page last updated in 2017; no count listed.",
                  manager_saw="Page last updated in 2017; no count listed."),
         ("Searcher", 6), "call 2 is step 7"),
        # a long answer is looked for by its opening words, the last one whole or cut
        (
            reworded("Confirm the tram lines of Ostrava Transit in 2024.",
                     final=LONG, reported=LONG, manager_saw=LONG),
            ("Manager", 5),
            "that run's answer, which had the final output,",
        ),
        # another question about the same names: not the task reworded
        (reworded("Find the length of the Brno tram network."), ("Searcher", 6),
         "call 2 is step 7"),
        # one name alone is a topic, not a question
        (delegated_twice("Confirm the tram lines of Ostrava."), ("Searcher", 6),
         "call 2 is step 7"),
        # a part of the task, after the first run's answer had the final output
        (delegated_twice("Find the number of tram lines."), ("Manager", 5),
         "started with part of the task of the run that made step 2"),
        # ...or answered again as the first run had: it gained nothing
        (delegated_twice("Find the number of tram lines.", final="18"), ("Manager", 5),
         "after it had that run's answer, which the run of step 9 gave again,"),
        # a new answer to part of a task whose answer lacked the final output: no loop
        (delegated_twice("Find the number of tram lines.", final="18",
                         reported_again="18 tram lines since May"), ("Searcher", 6),
         "call 2 is step 7"),
        # headings, bold labels and a label carrying the answer are no finding: the runs
        # answered apart
        (delegated_twice("Find the number of tram lines.", final="18",
                         reported="**1. Task outcome (short version):**\n17 tram lines",
                         manager_saw="**1. Task outcome (short version):**\n17 tram lines",
                         reported_again="**1. Task outcome (short version):**\n18 since May"),
         ("Searcher", 6), "call 2 is step 7"),
        (delegated_twice("Find the number of tram lines.", final="18",
                         reported="## Answer: 17 tram lines",
                         manager_saw="## Answer: 17 tram lines",
                         reported_again="## Answer: 18 tram lines since May"),
         ("Searcher", 6), "call 2 is step 7"),
        (delegated_twice("Find the number of tram lines.", final="18",
                         reported="1. Task outcome (short version):\n```json\n{\n\"n\": 17}",
                         manager_saw="1. Task outcome (short version):",
                         reported_again="1. Task outcome (short version):\n```json\n{\n\"n\": 18}"),
         ("Searcher", 6), "call 2 is step 7"),
        # a final output of one figure is too short to be found in a run's answer
        (delegated_twice("Find the number of tram lines.", final="5",
                         reported="I checked 5 sources but none gave the number of tram lines.",
                         manager_saw="I checked 5 sources but none gave the number of tram lines.",
                         reported_again="Ostrava runs 5 depots."), ("Searcher", 6),
         "call 2 is step 7"),
        # a result that opens with its query's echo: the fresh run's task has the query's
        # words, not the result
        (
            delegated_twice("Find the number of Ostrava tram lines.",
                            first_task="Find the number of Ostrava tram lines.",
                            result="Ostrava tram lines\nThe network has 17 lines."),
            ("Manager", 5),
            "that step 5 (Manager) started with the task of the run",
        ),
    ],
    ids=["same-task", "task-with-more-words", "other-task", "search-reworded",
         "manager-without-answer",
         "searcher-had-it", "task-reworded", "reworded-unsettled", "reworded-within-a-year",
         "reworded-long-answer",
         "reworded-other-names",
         "one-name", "part-of-task", "part-answered-again", "part-answered-anew",
         "bold-labels", "answer-in-a-heading", "fenced-json", "one-figure", "echoed-query"],
)  # fmt: skip
def test_where_a_loop_of_calls_began(trace: Trace, culprit: tuple[str, int], said: str) -> None:
    top = run_check(make_check("tool_called", tool="web_search", max=1), trace).blame[0]
    assert (top.agent, top.step_index) == culprit
    assert said in top.reason


def many_delegations(unrelated: int) -> Trace:
    """A manager hands its searcher `unrelated` other tasks, then the tram lines of Ostrava
    (answered: 17), then part of that task again; each run searches once."""
    rec = TraceRecorder("t", input=TASK)
    before: list[str] = []
    tasks = [f"Find the opening hours of museum {n}." for n in range(unrelated)]
    tasks += [ASKED, "Find the number of tram lines."]
    for number, handed in enumerate(tasks):
        seen = "17 tram lines" if number == len(tasks) - 1 else "Opening hours: 10-17."
        ask = rec.step("Manager", f"{TASK}\nObservation: {seen}", f'search_agent(task="{handed}")',
                       kind="llm", parents=before)  # fmt: skip
        call = rec.step("Searcher", handed, "web_search(...)", kind="llm", parents=[ask])
        found = rec.tool("web_search", agent="Searcher", args={"query": handed}, parents=[call],
                         output=f"Result {number}: the network has 17 lines.")  # fmt: skip
        said = "17 tram lines" if handed in (ASKED, tasks[-1]) else f"Open 10-17 ({number})."
        answer = rec.step("Searcher", "found", said, kind="llm", parents=[found])
        before = [rec.step("Searcher", handed, said, parents=[ask, call, found, answer])]
    rec.step("Manager", "17 tram lines", "17", kind="llm", parents=before)
    return rec.finalize(final_output="17")


@pytest.mark.parametrize("unrelated", [3, 4, 6])
def test_runs_that_answered_other_tasks_crowd_out_no_run_that_had_the_answer(
    unrelated: int,
) -> None:
    """Before the second review, the first four runs that answered anything were compared:
    four other tasks first hid the run that had the final output."""
    trace = many_delegations(unrelated)
    check = make_check("tool_called", tool="web_search", max=unrelated + 1)
    top = run_check(check, trace).blame[0]
    assert top.agent == "Manager"
    assert "started with part of the task" in top.reason


def test_a_repeated_delegation_is_not_traced_with_the_rule_off() -> None:
    with switched_off("loop-start"):
        found = run_check(make_check("tool_called", tool="web_search", max=1), delegated_twice())
    assert [(s.agent, s.step_index) for s in found.blame] == [("Searcher", 6)]


def test_a_manager_that_asked_again_is_told_to_reuse_the_answer() -> None:
    from blame.testing import patches_for

    check = make_check("tool_called", tool="web_search", max=1)
    assert [(p.target, p.text) for p in patches_for(check, delegated_twice())] == [
        (
            "Manager",
            "- Give Searcher a task only once; reuse the answer instead of asking again (each "
            "time it called web_search anew).",
        )
    ]
    # the search agent's own loop keeps its own instruction
    own = delegated_twice(searcher_saw="The network has 17 lines and 65.1 km of track.")
    assert [p.text for p in patches_for(check, own)] == [
        "- Call web_search at most 1 time(s); reuse its result instead of calling again."
    ]


def test_an_agent_blamed_for_its_own_loop_keeps_its_own_instruction() -> None:
    """Another agent called the tool too; the looping agent made its calls itself."""
    from blame.testing import patches_for

    rec = TraceRecorder("t", input=TASK)
    other = rec.step("Helper", TASK, "web_search(...)", kind="llm")
    rec.tool("web_search", agent="Helper", args={"query": "Ostrava"}, output="Ostrava: a city.",
             parents=[other])  # fmt: skip
    ask = rec.step("Searcher", TASK, "web_search(...)", kind="llm")
    found = rec.tool("web_search", agent="Searcher", args={"query": "Ostrava tram lines"},
                     output="17 lines.", parents=[ask])  # fmt: skip
    again = rec.step("Searcher", "17 lines.", "web_search(...)", kind="llm", parents=[found])
    rec.tool("web_search", agent="Searcher", args={"query": "Ostrava tram lines"},
             output="17 lines.", parents=[again])  # fmt: skip
    trace = rec.finalize(final_output="17")
    check = make_check("tool_called", tool="web_search", max=2)
    assert run_check(check, trace).blame[0].agent == "Searcher"
    assert [p.text for p in patches_for(check, trace)] == [
        "- Call web_search at most 2 time(s); reuse its result instead of calling again."
    ]


@pytest.mark.parametrize(
    ("again", "earlier"),
    [
        ("page 2 of the archive", 5),  # an early call asked again after many others
        ("the archive page 2 of 2026", 5),  # its words and more, in another order
        ("page 7 of the archive", 15),  # the latest of them
        ("page 9 of the archive", None),  # every other word asked before, never `9`
    ],
)
def test_a_repeat_among_many_different_calls(again: str, earlier: int | None) -> None:
    """Answered calls are filed under their rarest word; a repeat still finds the first
    earlier call all of whose words it has, however many different calls came between."""
    from blame.engine.loops import _Runs, first_repeat
    from blame.graph import StepGraph

    rec = TraceRecorder("t", input=TASK)
    parent, history = None, ""
    for query in [f"page {n} of the archive" for n in range(8)] + ["the ledger", again]:
        ask = rec.step("A", f"{TASK}\n{history}", "search(...)", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("search", agent="A", args={"query": query},
                          output=f"Found: {query}.", parents=[ask])  # fmt: skip
        history += f"Found: {query}.\n"
    flow = StepGraph(rec.finalize(final_output="x"))
    made = [i for i, step in enumerate(flow.steps) if step.name == "search"]
    found = first_repeat(flow, made, _Runs(flow))
    assert found == (None if earlier is None else (made[-1], earlier, None))


def test_answered_calls_are_filed_under_their_rarest_word() -> None:
    """So a run of different calls sharing common words stays a few comparisons a call: no
    call is filed under `page`, which every call has."""
    from blame.engine.loops import _Answered

    answered = _Answered()
    for n in range(1_000):
        words = frozenset({"page", str(n), "of", "the", "archive"})
        assert answered.within(words) == []
        answered.add((words, f"found {n}", None), 2 * n + 1)
    assert "page" not in answered.filed
    assert sum(map(len, answered.filed.values())) == 1_000
    again = frozenset({"the", "archive", "page", "17", "of", "2026"})
    assert answered.within(again) == [((again - {"2026"}, "found 17", None), 35)]


def searched_until_out_of_steps(results: tuple[str, ...]) -> Trace:
    """A code agent searches for a constant again and again, each call after reading the
    last result, then gives up; `results`: what each search returned."""
    task = "What is the spillway alert threshold in the damwatch code? Number only."
    rec = TraceRecorder("t", input=task)
    seen = task
    parent = None
    for result in results:
        ask = rec.step("A", seen, 'search_code("SPILLWAY_ALERT")', kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("search_code", agent="A", args="SPILLWAY_ALERT", output=result,
                          parents=[ask])  # fmt: skip
        seen += f"\nObservation: {result}"
    rec.step("A", seen, "I could not find the spillway alert threshold.", kind="llm",
             parents=[parent])  # fmt: skip
    return rec.finalize()


@pytest.mark.parametrize(
    ("kind", "results", "culprit", "said"),
    [
        # each search returned what the last had: the first repeat began the loop
        (
            "contains",
            ("no matches",) * 4,
            ("A", 2),
            "'850' was never produced; step 3 repeated the call of step 1 with the same "
            "arguments after step 2 (A) had its result in its input: the loop began there; "
            "step 2 (A) is the LLM call that asked for it",
        ),
        # a search again that found more is no loop that spent the run
        (
            "contains",
            ("no matches", "index building: 2 files", "3 files"),
            ("A", 6),
            "'850' was never produced; step 6 (A) produced the final output without it",
        ),
        # an exact answer that says there is none: why there was none comes first
        ("exact_match", ("no matches",) * 4, ("A", 2), "the loop began there"),
        (
            "exact_match",
            ("no matches", "index building: 2 files", "3 files"),
            ("A", 6),
            "step 6 (A) first output the wrong value 'I could not find the spillway alert",
        ),
    ],
    ids=["same-result", "found-more", "exact-same-result", "exact-found-more"],
)
def test_a_run_that_looped_instead_of_answering_began_there(
    kind: str, results: tuple[str, ...], culprit: tuple[str, int], said: str
) -> None:
    top = run_check(make_check(kind, value="850"), searched_until_out_of_steps(results))
    assert (top.blame[0].agent, top.blame[0].step_index) == culprit
    assert said in top.blame[0].reason


def read_until_out_of_steps(shown: bool, reads: int = 3) -> Trace:
    """A code agent reads a whole file `reads` times, its code printing only the head the
    constant is not in (or, `shown`, all of it), then says it could not read the value."""
    task = "What is DEFAULT_STALL_FEE_PENCE in the bazaar code? Number only."
    head = "1  Fees charged by the market, in pence.\n2  # licence line"
    whole = f"{head}\n52  DEFAULT_STALL_FEE_PENCE = 4250"
    rec = TraceRecorder("t", input=task)
    seen = task
    parent = None
    for _ in range(reads):
        ask = rec.step("A", seen, 'print(read_file("fees.py")[:60])', kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("read_file", agent="A", args="fees.py", output=whole, parents=[ask])
        seen += f"\nObservation: {whole if shown else head}"
    rec.step("A", seen, "I could not read the value of DEFAULT_STALL_FEE_PENCE.", kind="llm",
             parents=[parent])  # fmt: skip
    return rec.finalize()


@pytest.mark.parametrize(
    ("shown", "reads", "culprit", "said"),
    [
        # no call saw the value the tool returned: the run spent its steps without it
        (False, 3, ("A", 2), "the loop began there"),
        # the calls saw it and read again: the loop that spent the run began with one of them
        (True, 3, ("A", 2), "the loop began there"),
        # the last call saw it and still said it could not: it chose
        (True, 1, ("A", 2), "step 2 (A) had '4250' available"),
    ],
    ids=["never-seen", "seen-looped", "seen-once"],
)
def test_a_value_a_tool_returned_that_no_call_saw(
    shown: bool, reads: int, culprit: tuple[str, int], said: str
) -> None:
    trace = read_until_out_of_steps(shown, reads)
    top = run_check(make_check("exact_match", value="4250"), trace)
    assert (top.blame[0].agent, top.blame[0].step_index) == culprit
    assert said in top.blame[0].reason


def reworded_searches(results: tuple[str, ...]) -> Trace:
    """A sub-agent searches for a ballad's collector, each time in other words, each call
    after reading the last result, then says it could not find it."""
    task = "Who collected the ballad 'The Lantern on Coldwater Quay'? Name only."
    queries = ("Lantern on Coldwater Quay ballad", "Coldwater Quay collector",
               "Lantern Coldwater recorded by", "Coldwater field recording name")  # fmt: skip
    rec = TraceRecorder("t", input=task)
    seen = task
    parent = None
    for query, result in zip(queries, results, strict=False):
        ask = rec.step("A", seen, f"web_search({query!r})", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("web_search", agent="A", args=query, output=result, parents=[ask])
        seen += f"\nObservation: {result}"
    rec.step("A", seen, "I could not find who collected the ballad.", kind="llm",
             parents=[parent])  # fmt: skip
    return rec.finalize()


SUNG = "HFA 1123 - The Lantern on Coldwater Quay: sung by Ada Penhale, 1957."


@pytest.mark.parametrize(
    ("results", "culprit", "said"),
    [
        # four searches in other words, one result: the first that got it again began the loop
        (
            (SUNG,) * 4,
            ("A", 2),
            "step 3 repeated the call of step 1 with other words ('Coldwater Quay collector') "
            "and got the same result after step 2 (A) had its result in its input",
        ),
        # the same result twice is trying again, not a loop
        ((SUNG, SUNG), ("A", 4), "step 4 (A) produced the final output without it"),
        # each search found something new
        (
            (
                SUNG,
                "Coldwater Quay: harbour built 1821.",
                "Songs of the pilchard coast (LP)",
                "No results.",
            ),
            ("A", 8),
            "step 8 (A) produced the final output without it",
        ),
    ],
    ids=["same-result-reworded", "twice", "new-results"],
)
def test_searches_reworded_that_got_the_same_result_were_a_loop(
    results: tuple[str, ...], culprit: tuple[str, int], said: str
) -> None:
    top = run_check(make_check("contains", value="Walter Greaves"), reworded_searches(results))
    assert (top.blame[0].agent, top.blame[0].step_index) == culprit
    assert said in top.blame[0].reason


def test_a_run_that_found_no_answer_after_a_loop_is_blamed_on_the_loop() -> None:
    """The right figure stood in every result by chance (a bar's `4.6 stars`): a loss, yet
    the run answered that it found nothing because its searches gained nothing new. Before,
    the call that gave up was blamed for having the figure."""
    stars = f"{SUNG}\nLoch Fane Oyster Bar: 4.6 stars from 2,311 reviews."
    top = run_check(make_check("exact_match", value="4.6"), reworded_searches((stars,) * 4))
    assert (top.blame[0].agent, top.blame[0].step_index) == ("A", 2)
    assert "the loop began there" in top.blame[0].reason


def test_a_call_that_ran_failed_code_again_is_no_loop() -> None:
    """Code fetched a month's usage, then raised on the next line; the next call ran it
    again, fixed, fetching again: a retry. Before, it was blamed for beginning a loop."""
    task = "What was the mean number of weekday rentals in June 2024? Number only."
    usage = '{"summary": {"daily_mean_rentals": 1300.9}, "days": ["..."]}'
    rec = TraceRecorder("t", input=task)
    first = rec.step("A", task, '<code>\ndata = fetch_json("/usage?month=2024-06")\n'
                     'print(data["summary"])\n</code>', kind="llm",
                     error="InterpreterError: Could not index a str")  # fmt: skip
    read = rec.tool("fetch_json", agent="A", args="/usage?month=2024-06", output=usage,
                    parents=[first])  # fmt: skip
    again = rec.step("A", f"{task}\n{usage}\nError: Could not index", '<code>\ndata = json.loads('
                     'fetch_json("/usage?month=2024-06"))\n</code>', kind="llm",
                     parents=[read])  # fmt: skip
    reread = rec.tool("fetch_json", agent="A", args="/usage?month=2024-06", output=usage,
                      parents=[again])  # fmt: skip
    rec.step("A", f"{task}\n{usage}", "The mean is 1301.", kind="llm", parents=[reread])
    top = run_check(make_check("contains", value="1446"), rec.finalize())
    assert all("the loop began there" not in s.reason for s in top.blame)


def searched_in_code(result: str, queries: int = 4) -> Trace:
    """A code agent searches a package for a class's row, each pattern reworded after
    reading the last result (`result`, formatted with the pattern), then gives up."""
    task = "What Portsmouth Number does the bundled table give the ILCA 7? Number only."
    patterns = ("ILCA 7", "ILCA-7", "ILCA 7,", '"ILCA 7"', "ILCA 7 Laser")[:queries]
    rec = TraceRecorder("t", input=task)
    seen, parent = task, None
    for pattern in patterns:
        ask = rec.step("A", seen, f"search_code(pattern={pattern!r})", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        found = result.format(pattern=pattern)
        parent = rec.tool("search_code", agent="A", args=pattern, output=found, parents=[ask])
        seen += f"\nObservation: {found}"
    rec.step("A", seen, "I could not find the ILCA 7's number.", kind="llm", parents=[parent])
    return rec.finalize()


@pytest.mark.parametrize(
    ("result", "looped"),
    [
        # each result echoes its pattern and found nothing: the same nothing, reworded
        ('{{"pattern": "{pattern}", "total": 0, "matches": []}}', True),
        # each echoes its pattern above what it found: results of their own
        ("Results for {pattern}: pn.py line 9, PN_TABLE = load_table()", False),
        # each echoes its pattern beside a figure: a finding, however alike
        ('{{"pattern": "{pattern}", "total": 21}}', False),
    ],
    ids=["echo-and-count", "echo-and-matches", "echo-and-figure"],
)
def test_searches_that_echo_their_pattern_and_found_nothing_were_a_loop(
    result: str, looped: bool
) -> None:
    """Before, the echoed pattern made each empty result look new: no loop was found."""
    top = run_check(make_check("contains", value="1099"), searched_in_code(result))
    assert ("the loop began there" in top.blame[0].reason) is looped
    assert (top.blame[0].step_index == 2) is looped
