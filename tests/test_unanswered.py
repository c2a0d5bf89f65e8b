"""A run that answers it found nothing (blame/engine/unanswered.py): whether why it found
none comes first."""

from __future__ import annotations

import pytest

from blame import TraceRecorder
from blame.engine.chosen import as_stated
from blame.engine.matching import literal
from blame.engine.unanswered import why_none_first
from blame.graph import StepGraph
from blame.testing import make_check, run_check


def searched(results: tuple[str, ...], *, seen: bool = True) -> StepGraph:
    """An agent's calls, each searching in other words after reading the last result (or,
    `seen` False, after reading only its head), then one that gives up."""
    rec = TraceRecorder("t", input="How many oyster spat did the hatchery supply? Millions.")
    text = "task"
    parent = None
    for number, result in enumerate(results):
        ask = rec.step("A", text, f"web_search('spat supplied {number}')", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("web_search", agent="A", args=f"spat supplied {number}",
                          output=result, parents=[ask])  # fmt: skip
        text += f"\n{result if seen else result[:20]}"
    rec.step("A", text, "I could not find the figure.", kind="llm", parents=[parent])
    return StepGraph(rec.finalize())


REPORT = "Hatchery annual report 2022 (PDF). Bar reviews: 4.6 stars."


@pytest.mark.parametrize(
    ("graph", "first"),
    [
        # the same result three times, read each time: a loop spent the run
        (searched((REPORT,) * 3), True),
        # twice is trying again
        (searched((REPORT,) * 2), False),
        # the figure came back once, and no call saw it (it read the head only)
        (searched(("Hatchery annual report 2022 (PDF). Spat: 4.6 million.",), seen=False), True),
        # it came back, was read, and the run still gave up: the call that gave up chose
        (searched(("Hatchery annual report 2022 (PDF). Spat: 4.6 million.",)), False),
    ],
    ids=["looped", "twice", "unseen", "seen"],
)
def test_why_a_run_found_no_answer_comes_first(graph: StepGraph, first: bool) -> None:
    right = literal("4.6")
    assert why_none_first(graph, right, as_stated(right)) is first


def answered_after_searching(found_late: str | None, tries: int = 4) -> StepGraph:
    """A code agent searches a package for a class's row in other words four times (or
    `tries`), finding the same nothing, then (out of steps) answers `1100`; or, `found_late`,
    a fifth search finds that result first."""
    task = "What Portsmouth Number does the bundled table give the ILCA 7? Number only."
    empty = '{{"pattern": "{pattern}", "total": 0, "matches": []}}'
    searches = [
        (p, empty.format(pattern=p)) for p in ("ILCA 7", "ILCA-7", "ILCA 7,", "ILCA7")[:tries]
    ]
    if found_late is not None:
        searches.append(("Laser", found_late))
    rec = TraceRecorder("t", input=task)
    seen, parent = task, None
    for pattern, result in searches:
        ask = rec.step("A", seen, f"search_code(pattern={pattern!r})", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("search_code", agent="A", args=pattern, output=result, parents=[ask])
        seen += f"\nObservation: {result}"
    rec.step("A", f"{seen}\nBased on the above, please provide an answer.", "1100",
             kind="llm", parents=[parent])  # fmt: skip
    return StepGraph(rec.finalize())


@pytest.mark.parametrize(
    ("graph", "looped"),
    [
        # the value came from nowhere after the loop: a guess, out of steps
        (answered_after_searching(None), True),
        # a later search brought it: the loop did not make the answer
        (answered_after_searching('{"pattern": "Laser", "rows": ["ILCA 7 (Laser), 1100"]}'), False),
        # one search made again is a retry, no loop that spent the run: the figure is its own
        (answered_after_searching(None, tries=2), False),
        # a fifth search found something new, though not the value: the run went on working
        (answered_after_searching('{"pattern": "Laser", "rows": ["Laser Radial, 1147"]}'), False),
    ],
    ids=["guessed", "found-later", "retried-once", "found-other"],
)
def test_a_wrong_value_guessed_after_a_loop_is_blamed_on_the_loop(
    graph: StepGraph, looped: bool
) -> None:
    """Before, the call that answered `1100` was blamed alone, as if it had misread."""
    top = run_check(make_check("exact_match", value="1099"), graph.trace)
    assert ("after its agent's loop of calls" in top.blame[0].reason) is looped
    assert (top.blame[0].step_index == 2) is looped


def searched_reworded(later: tuple[tuple[str, str], ...]) -> StepGraph:
    """A code agent searches a package for `repeater` three times, finding the same two
    lines each time, with `later` searches (pattern, result) among them; out of steps, it
    answers a path no search found. Results come one value a line, as an importer that
    flattened the JSON writes them."""
    task = "Which source file replaces a repeated flag by a repeater pennant? Path only."
    same = "repeater\n2\ndocs/signals.md\n## Repeaters (substitutes)\nCHANGELOG.md\n- Fixed"
    rec = TraceRecorder("t", input=task)
    seen, parent = task, None
    for pattern, result in (("repeater", same), ("repeater", same), *later, ("repeater", same)):
        ask = rec.step("A", seen, f"search_code(pattern={pattern!r})", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("search_code", agent="A", args=pattern, output=result, parents=[ask])
        seen += f"\nObservation: {result}"
    rec.step("A", f"{seen}\nBased on the above, please provide an answer.", "src/encoder.py",
             kind="llm", parents=[parent])  # fmt: skip
    return StepGraph(rec.finalize())


@pytest.mark.parametrize(
    ("later", "looped"),
    [
        # the plural found one of the same lines, the capitalised word nothing: nothing new
        (
            (
                ("repeaters", "repeaters\n1\ndocs/signals.md\n## Repeaters (substitutes)"),
                ("Repeater", "Repeater\n0"),
            ),
            True,
        ),
        # the plural found a file no search had: the run went on working
        ((("repeaters", "repeaters\n1\nsrc/pennants.py\ndef repeaters(hoist):"),), False),
    ],
    ids=["found-the-same", "found-more"],
)
def test_searches_worded_apart_that_found_only_what_was_found_brought_nothing_new(
    later: tuple[tuple[str, str], ...], looped: bool
) -> None:
    """Before, a reworded search's other count (`1`) or empty result was something new, so
    the answer after the loop was the answering call's own, not a guess the loop left."""
    top = run_check(
        make_check("exact_match", value="src/substitutes.py"), searched_reworded(later).trace
    )
    assert ("after its agent's loop of calls" in top.blame[0].reason) is looped


def counted_daily(last: str) -> StepGraph:
    """An agent asks a fish counter for four days: three answer a count of 0, the fourth
    `last`, one JSON value a line as an importer writes them; it answers 41."""
    task = "How many salmon passed the Avon Weir counter on 4 June? Number only."
    rec = TraceRecorder("t", input=task)
    seen, parent = task, None
    for day, count in (("06-01", "0"), ("06-02", "0"), ("06-03", "0"), ("06-04", last)):
        ask = rec.step("A", seen, f"fish_counts(date='2025-{day}')", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        result = f"station\nAvon Weir\ncount\n{count}"
        parent = rec.tool("fish_counts", agent="A", args=f"2025-{day}", output=result,
                          parents=[ask])  # fmt: skip
        seen += f"\nObservation: {result}"
    rec.step("A", seen, "41", kind="llm", parents=[parent])
    return StepGraph(rec.finalize())


@pytest.mark.parametrize(("last", "looped"), [("41", False), ("0", True)])
def test_a_new_figure_on_a_line_of_its_own_is_something_new(last: str, looped: bool) -> None:
    """`count` then `41` after three counts of 0 is a finding: the answer came from it. A
    draft that kept only lines with a letter blamed a loop that never was."""
    top = run_check(make_check("exact_match", value="38"), counted_daily(last).trace)
    assert ("after its agent's loop of calls" in top.blame[0].reason) is looped


@pytest.mark.parametrize(
    ("outputs", "looped"),
    [
        # the figure after the echoed arguments is the result: 41 is new
        (("0", "0", "0", "41"), False),
        (("0", "0", "0", "0"), True),
    ],
)
def test_a_figure_after_the_echo_is_the_finding_where_nothing_else_was_found(
    outputs: tuple[str, ...], looped: bool
) -> None:
    """A counter that answers its query and a count, `Avon Weir salmon 2025-06-04` then
    `41`: a draft took every figure after the echo for a count of what was found, so the
    new 41 was nothing new and the answer a guess."""
    task = "How many salmon passed the Avon Weir counter on 4 June? Number only."
    rec = TraceRecorder("t", input=task)
    seen, parent = task, None
    for day, count in zip(("01", "02", "03", "04"), outputs, strict=True):
        asked = f"Avon Weir salmon 2025-06-{day}"
        ask = rec.step("A", seen, f"fish_counts({asked!r})", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("fish_counts", agent="A", args=asked, output=f"{asked}\n{count}",
                          parents=[ask])  # fmt: skip
        seen += f"\nObservation: {asked}\n{count}"
    rec.step("A", seen, "41", kind="llm", parents=[parent])
    top = run_check(make_check("exact_match", value="38"), rec.finalize())
    assert ("after its agent's loop of calls" in top.blame[0].reason) is looped


def test_an_echo_of_figures_is_no_finding() -> None:
    """Searches for `1986`, reworded `1986.` and `1986,`, each listing the same line: the
    echoed figures found nothing new. A draft kept an echo of figures as a finding."""
    task = "In which year was the first Avon regatta rowed? Year only."
    rec = TraceRecorder("t", input=task)
    seen, parent = task, None
    for pattern in ("1986", "1986", "1986", "1986.", "1986,"):
        result = f"{pattern}\n1\nnotes.md: the 1986 regatta"
        ask = rec.step("A", seen, f"search_code({pattern!r})", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("search_code", agent="A", args=pattern, output=result, parents=[ask])
        seen += f"\nObservation: {result}"
    rec.step("A", seen, "1987", kind="llm", parents=[parent])
    top = run_check(make_check("exact_match", value="1979"), rec.finalize())
    assert "after its agent's loop of calls" in top.blame[0].reason


def test_a_figure_opening_the_result_of_a_call_without_arguments_is_a_finding() -> None:
    """A call asked with no arguments echoes nothing: `41` opening its result is what it
    found, not a count after an echo."""
    task = "How many salmon passed the Avon Weir counter today? Number only."
    rec = TraceRecorder("t", input=task)
    seen, parent = task, None
    for count in ("0", "0", "0", "41"):
        ask = rec.step("A", seen, "latest_count()", kind="llm",
                       parents=[parent] if parent else None)  # fmt: skip
        parent = rec.tool("latest_count", agent="A", args="", output=f"{count}\nAvon Weir",
                          parents=[ask])  # fmt: skip
        seen += f"\nObservation: {count}\nAvon Weir"
    rec.step("A", seen, "41", kind="llm", parents=[parent])
    top = run_check(make_check("exact_match", value="38"), rec.finalize())
    assert "after its agent's loop of calls" not in top.blame[0].reason
