"""Where a loop of tool calls began: the first call that asked again what an answered call had
asked, decided by a call that already had the answer, or by a manager that gave the same task
again to a sub-agent whose fresh run could not know it had been done.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property

from blame.engine.figures import as_written, is_number, json_key
from blame.engine.interpreter import reran
from blame.engine.matching import quote
from blame.engine.suspects import agent_at, at_step, decision, records_decisions
from blame.faultmarks import unbacked
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import compiled_on_use

_SCAN = 200_000
"""Characters of a call's input (its end: the latest messages) searched for a result."""
_PROBE = 80
"""Characters of an earlier result's first line (spacing aside) looked for in a later call's
input."""
_ECHO = 1_000
"""Characters of a call's arguments looked for, echoed, in its result; longer ones are no echo."""
_ECHO_MIN = 3
"""Shorter arguments (`7`, `a`) are found in any result: they are not taken out of it."""
_found = compiled_on_use(r"[^\W\d_]|[1-9]")
"""A letter or a figure other than 0: a result left with one after its echo (its keys
aside) found something (`21`, for `Paris`, is a finding, not an empty count)."""
_letter = compiled_on_use(r"[^\W\d_]")
"""A letter: a line of a result with one says what was found, not how many."""
_FRUITLESS = 3
"""How many times one result came back, to calls worded apart, before they are a loop."""
_token = compiled_on_use(r"\w+")
"""A word or number of a tool call's arguments."""


def loop_start(flow: StepGraph, made: Sequence[int], said: str) -> Suspect | None:
    """The decision that began a loop among the calls `made` (up to the surplus one), with
    `said` (what the check counted) opening its reason; None when no call repeated one."""
    runs = _Runs(flow)
    found = first_repeat(flow, made, runs)
    return None if found is None else _began(flow, runs, found, said)


def _began(flow: StepGraph, runs: _Runs, found: tuple[int, int, int | None], said: str) -> Suspect:
    """The suspect for a repeat `first_repeat` found: its deciding call, or its delegator."""
    again, earlier, delegator = found
    same = _same(flow, again, earlier)
    repeated = f"step {again} repeated the call of step {earlier} with {same}"
    if delegator is None:
        reader = decision(flow, again)
        return agent_at(
            flow,
            again,
            0.9,
            f"{said}; {repeated} after {flow.label(reader)} had its result in its input: the "
            "loop began there",
        )
    first, then = runs.run_of(earlier), runs.run_of(again)
    if not _words(flow.steps[earlier].input) <= _words(flow.steps[again].input):
        repeated = f"step {again} was made"
    task, answer = "the task", "that run's answer"
    if first is not None and then is not None and not runs.task(first) <= runs.task(then):
        # the same names and figures asked about, or a part of the task, after an answer
        # that had the final output (or that the new run gave again)
        part = runs.task(then) < runs.task(first)
        task = "part of the task" if part else "the task, reworded,"
        answer = "that run's answer, which had the final output,"
        if part and not runs.settled(first):
            answer = f"that run's answer, which the run of step {then} gave again,"
    return at_step(
        flow,
        delegator,
        0.9,
        f"{said}; {repeated}, in a run of {flow.steps[again].agent} (step {then}) that "
        f"{flow.label(delegator)} started with {task} of the run that made step {earlier} "
        f"(step {first}), after it had {answer} in its input: the loop began there",
    )


def looped_instead(flow: StepGraph, said: str, *, spent: bool = False) -> Suspect | None:
    """Where a run that never produced what was asked (`said` opens the reason) began a loop
    of calls upstream of the final step: the earliest start among its tools' calls, of a
    repeat that returned what the earlier call had (a refined query that found more is no
    loop). Calls that gained nothing new spent the steps the run had. `spent`: only a loop
    whose same result came back _FRUITLESS times (one call made again is no loop that spent
    the run)."""
    upstream = flow.upstream_of_final
    runs = _Runs(flow)
    found = [
        repeat
        for calls in flow.tool_calls.values()
        if len(made := [c for c in calls if c in upstream]) > 1
        and (
            (
                not spent
                and (repeat := first_repeat(flow, made, runs)) is not None
                and _result(flow, repeat[0]) == _result(flow, repeat[1])
            )
            or (repeat := _fruitless(flow, made, runs)) is not None
        )
    ]
    if not found:
        return None
    return replace(_began(flow, runs, min(found), said), confidence=0.7)


def _fruitless(flow: StepGraph, made: Sequence[int], runs: _Runs) -> tuple[int, int, None] | None:
    """(repeat, earlier, None): the first call among `made` that got back what an earlier
    call had, asked for by a call that had that result in its input, when the same result
    came back _FRUITLESS times or more. Searches reworded (`collector`, `recorded by`, `field
    recording`) that found nothing new spent the run as surely as one asked again word for
    word; once or twice is trying, not a loop. A failed call's result is a retry's cause."""
    alike: dict[str, list[int]] = {}
    for index in made:
        step = flow.steps[index]
        if not unbacked(step) and step.output.strip():
            alike.setdefault(_result(flow, index), []).append(index)
    found = [
        (again, calls[0], None)
        for calls in alike.values()
        if len(calls) >= _FRUITLESS
        for again in calls[1:]
        if runs.had(reader := decision(flow, again), runs.probe(calls[0]))
        and not reran(flow, reader)
    ]
    return min(found) if found else None


def _result(flow: StepGraph, call: int) -> str:
    """A call's result as compared for a repeat that gained nothing: spacing aside, and
    without the call's own arguments where the result is their echo and an empty count (a
    code search answers `{"pattern": "ILCA-7", "total": 0}`: reworded, it found the same
    nothing). A result with words or figures besides the echo is its own (search engines
    echo the query above what they found; `21` for `Paris` is a finding), and so is one
    that only echoes (`final_answer`)."""
    step = flow.steps[call]
    asked = " ".join(step.input.split()) if len(step.input) <= _ECHO else ""
    result = " ".join(step.output[:_SCAN].split())
    rest = result.replace(asked, "") if len(asked) >= _ECHO_MIN else result
    # what is left has no word but keys and no figure but 0 (`"total": 0, "matches": []`)
    found = _found().search(json_key().sub("", rest)) if rest.strip() else True
    return result if found else rest


def brought_anew(flow: StepGraph, after: int, before: int, carrying: frozenset[int]) -> bool:
    """Whether a tool call among `carrying`, after step `after` and before step `before`, got
    back what no earlier call of its tool had: something new, not a loop's same result. A
    result worded apart whose every finding an earlier call of its tool had found (a code
    search for the plural, listing one of the same two lines), or that found nothing, is
    nothing new."""
    seen: dict[str, set[str]] = {}
    known: dict[str, set[str]] = {}
    for call in flow.all_tool_steps:
        if call >= before:
            break
        result, found = _result(flow, call), _findings(flow, call)
        had = seen.setdefault(flow.steps[call].name, set())
        lines = known.setdefault(flow.steps[call].name, set())
        if call > after and call in carrying and result not in had and not found <= lines:
            return True
        had.add(result)
        lines.update(found)
    return False


def _findings(flow: StepGraph, call: int) -> frozenset[str]:
    """What a call's result found, line by line, spacing aside: each line with a letter,
    and each figure other than 0 with the line before it (`count 41`: an importer writes a
    JSON value a line); never the echo of its arguments. A figure after the echo is its
    count of what it found (`repeaters` then `1`) where anything else was found, else the
    finding itself (`41`)."""
    step = flow.steps[call]
    asked = " ".join(step.input.split())
    found: set[str] = set()
    counts: set[str] = set()
    before = ""
    for raw in step.output[:_SCAN].splitlines():
        line = " ".join(raw.split())
        if line == asked:
            pass
        elif _letter().search(line) is not None:
            found.add(line)
        elif _found().search(line) is not None and asked and before == asked:
            counts.add(line)
        elif _found().search(line) is not None:
            found.add(f"{before} {line}".strip())
        before = line
    return frozenset(found or counts)


def first_repeat(
    flow: StepGraph, made: Sequence[int], runs: _Runs
) -> tuple[int, int, int | None] | None:
    """(repeat, earlier, delegator): the first call among `made` that asked again for all an
    earlier call that succeeded had asked (every word and number of its arguments, aside from
    case, spacing, punctuation and the order of JSON keys: the same query, reworded
    `population of Lyon` for `Lyon population`, a page reloaded with `?print=1`, the same sum
    written `295504/163.8`), asked for by an LLM call (without LLM calls, the agent step that
    named the call) whose input already held that earlier result: the call gained nothing
    new, the loop began there (delegator None). A framework that refuses a call repeated word
    for word (CrewAI) leaves only such loops.

    A call again after a failure is a retry, not a loop; so is one whose deciding call never
    saw the earlier result, unless it ran in a sub-agent's run that another agent's call
    started with the task of the run that made the earlier call, having that run's answer:
    the sub-agent could not know, the delegator (the third item) began the loop; or with
    a part of that task, when that run's answer had the final output already or the new
    run's first finding is that run's (`_Runs.said`). Such a run
    began the loop whatever its calls asked (a fresh run words its searches anew): its first
    call is the repeat, of the first call of the earlier run. Each call's arguments are read
    once; the earlier calls compared are those up to the surplus one. `runs` holds what is
    read of the trace, for the caller's reason too.
    """
    answered = _Answered()
    # the runs the calls were made in, by their task's words, and (of those whose answer had
    # the final output) by the names and figures of the user's task they ask about; the first
    # _KEPT runs of each: a manager that was handed their answers was handed one of theirs
    tasks, subjects = _Answered(), _Answered()
    visited: set[int] = set()
    filed_tasks: dict[frozenset[str], int] = {}  # a task -> how many of its runs are filed
    filed_subjects: dict[frozenset[str], int] = {}
    earlier_runs: list[tuple[frozenset[str], int, int]] = []  # (task, run, its call): the
    # first _KEPT runs whose answer had the final output, and the first _KEPT others that
    # answered something, whatever their task
    settled_runs: set[int] = set()
    for index in made:
        step = flow.steps[index]
        words = _words(step.input)
        reader = decision(flow, index)
        for (_, probe, _), earlier in answered.within(words):
            if runs.had(reader, probe) and not reran(flow, reader):
                return index, earlier, None
        then = runs.run_of(index)
        task = runs.task(then) if then is not None else frozenset()
        if then is not None and task and then not in visited:
            visited.add(then)
            about = runs.subject(then)
            alike = sorted([*tasks.within(task), *subjects.within(about)], key=lambda k: k[1])
            # ...or a part of the task of a run whose answer had the final output already,
            # or that this run answered the same way again: it gained nothing
            part = [
                (first, at)
                for asked, first, at in earlier_runs
                if task <= asked
                and (
                    (first in settled_runs and runs.settled(first))
                    or (bool(runs.said(first)) and runs.said(first) == runs.said(then))
                )
            ]
            for first, earlier in [*((k[2], at) for k, at in alike), *part]:
                delegator = _delegated_again(flow, first, then, runs) if first is not None else None
                if delegator is not None:
                    return index, earlier, delegator
            answer = runs.probe(then)  # a run that answered nothing was handed to nobody
            if answer and filed_tasks.get(task, 0) < _KEPT:
                filed_tasks[task] = filed_tasks.get(task, 0) + 1
                tasks.add((task, answer, then), index)
            if answer and runs.settled(then) and len(settled_runs) < _KEPT:
                settled_runs.add(then)
                earlier_runs.append((task, then, index))
            elif answer and len(earlier_runs) - len(settled_runs) < _KEPT:
                earlier_runs.append((task, then, index))
            fresh = answer and len(about) >= _SUBJECT and filed_subjects.get(about, 0) < _KEPT
            if fresh and runs.settled(then):
                filed_subjects[about] = filed_subjects.get(about, 0) + 1
                subjects.add((about, answer, then), index)
        if words and not unbacked(step) and step.output.strip():
            answered.add((words, runs.probe(index), None), index)  # one a search and result
    return None


_Key = tuple[frozenset[str], str, int | None]
"""An answered call as the loop rule compares it: its words, its result's opening, its run."""


class _Answered:
    """The earlier answered calls, one per key (calls alike in words, result and run answer
    the tests alike, so a long loop of one call stays one comparison a call), each filed
    under its word fewest calls had when it was answered. A call's words can hold an earlier
    call's words only if they hold that word, so a run of different calls (`page 1`, `page
    2`...) compares each with the few filed under its own words, not with all before it."""

    def __init__(self) -> None:
        self.order: dict[_Key, int] = {}  # key -> the call, in the order they were answered
        self.filed: dict[str, list[_Key]] = {}
        self.seen: dict[str, int] = {}  # word -> how many calls' words had it

    def within(self, words: frozenset[str]) -> list[tuple[_Key, int]]:
        """The answered calls whose words are all among `words`, earliest first; counts the
        words as seen once more (a call asked this, answered or not), for `add`'s filing."""
        for word in words:
            self.seen[word] = self.seen.get(word, 0) + 1
        found = [key for word in words for key in self.filed.get(word, ()) if key[0] <= words]
        found.sort(key=self.order.__getitem__)
        return [(key, self.order[key]) for key in found]

    def __contains__(self, key: _Key) -> bool:
        return key in self.order

    def add(self, key: _Key, index: int) -> None:
        """Files call `index` under `key` unless an earlier call has that key."""
        if key in self.order:
            return
        self.order[key] = index
        rarest = min(key[0], key=lambda word: (self.seen.get(word, 0), word))
        self.filed.setdefault(rarest, []).append(key)


class _Runs:
    """What the loop rules read of a trace, each found once: the run of an agent each call
    was made in, each run's task, each result's opening words, each deciding call's input.
    A long loop compares every call with the earlier ones."""

    def __init__(self, flow: StepGraph) -> None:
        self.flow = flow
        self.runs: dict[int, int | None] = {}
        self.tasks: dict[int, frozenset[str]] = {}
        self.probes: dict[int, str] = {}
        self.read: dict[int, str] = {}  # call -> its input, spacing aside: one asks for many
        self.openings: dict[int, str] = {}  # run -> the opening line of its answer
        self.asked: frozenset[str] | None = None  # the names and figures of the user's task

    def run_of(self, index: int) -> int | None:
        """The step of a whole run of an agent that holds step `index` and that another
        agent's step started (an OpenInference AGENT span of a managed agent's run, fed by
        its steps and by the manager's call): the first such step of its agent `index`
        feeds. An agent's next turn, fed by its own steps only, is no run."""
        if index not in self.runs:
            steps, parents = self.flow.steps, self.flow.parent_indexes
            agent = steps[index].agent
            found = [
                c
                for c in self.flow.children(index)
                if steps[c].kind is StepKind.AGENT
                and steps[c].agent == agent
                and any(steps[p].agent != agent for p in parents[c])
            ]
            self.runs[index] = min(found) if found else None
        return self.runs[index]

    def probe(self, earlier: int) -> str:
        """The opening words of step `earlier`'s result (its first line, spacing aside): a
        framework may add lines of its own, the tool's name, to a result. Not the echo of
        the call's arguments (a code search's `max_lookahead_years` above its matches),
        which any call asked the same has in its input: the first line with a letter after
        it, where there is one."""
        if earlier not in self.probes:
            step = self.flow.steps[earlier]
            lines = [" ".join(line.split()) for line in step.output[: 50 * _PROBE].splitlines()]
            asked = _echoed(step.input)
            first = next((line for line in lines if line), "")
            if first in asked:
                found = (line for line in lines if line not in asked and _letter().search(line))
                first = next(found, first)
            self.probes[earlier] = first[:_PROBE].casefold()
        return self.probes[earlier]

    def had(self, reader: int, probe: str) -> bool:
        """The LLM call `reader` had a result opening with `probe` in its input. In a trace
        without LLM calls, the agent step that named the call (`suspects.decision`)."""
        flow = self.flow
        kind = flow.steps[reader].kind
        if kind is not StepKind.LLM and (kind is not StepKind.AGENT or records_decisions(flow)):
            return False
        if reader not in self.read:
            self.read[reader] = " ".join(flow.steps[reader].input[-_SCAN:].split()).casefold()
        return bool(probe) and probe in self.read[reader]

    def task(self, run: int) -> frozenset[str]:
        """The words of the task a run was given."""
        if run not in self.tasks:
            self.tasks[run] = _words(self.flow.steps[run].input[:_SCAN])
        return self.tasks[run]

    def said(self, run: int) -> str:
        """The first finding of a run's answer, spacing and case aside: its first line with
        a letter or a figure once its marks (`###`, `**`, `1.`) and a label ending in a
        colon (`Task outcome (short version):`, `Answer:`) are taken off, not a fence (a
        line opening with three backticks); "" when it has none, which is no finding."""
        if run not in self.openings:
            found = ""
            for raw in self.flow.steps[run].output[:_SCAN].split("\n"):
                line = _label().sub("", _marks().sub("", " ".join(raw.split())), count=1)
                if not raw.lstrip().startswith("```") and _finding().search(line) is not None:
                    found = line
                    break
            self.openings[run] = found[:_OPENING].casefold()
        return self.openings[run]

    def settled(self, run: int | None) -> bool:
        """The answer of `run` already had the run's final output (`Haworth Mills Band`): a
        run asked the same thing after it, however worded, gained nothing."""
        if run is None or self.final is None:
            return False
        said = " ".join(self.flow.steps[run].output[:_SCAN].split())
        return self.final.search(said) is not None

    @cached_property
    def final(self) -> re.Pattern[str] | None:
        """How the final output is looked for in a run's answer; None if it is too short."""
        whole = self.flow.final_output.strip()
        final = " ".join(whole[:_PROBE].split())
        cut = len(whole) > _PROBE  # a long answer is looked for by its opening words
        if cut and " " in final:
            final = final.rsplit(" ", 1)[0]
        if len(final) < 2:
            return None
        if is_number(final) and not cut:
            pattern = as_written(final)  # a figure whole: `17` is not in `2017`
        else:
            pattern = rf"(?<!\w){re.escape(final)}" + ("" if cut else r"(?!\w)")
        return re.compile(pattern, re.IGNORECASE)

    def subject(self, run: int) -> frozenset[str]:
        """The names and figures of the user's task that the task a run was given has
        (`2024 Thornbury Brass Band Contest`): what it asks about, however it is worded
        (`Confirm the winner of ...` after `Find which band won ...`)."""
        if self.asked is None:
            self.asked = _names(self.flow.trace.input[:_SCAN])
        return self.asked & _names(self.flow.steps[run].input[:_SCAN])


def _echoed(arguments: str) -> frozenset[str]:
    """How a tool may echo a call's `arguments` on a line of its result, spacing aside: whole,
    or the one string of a JSON object (`{"pattern": "max_lookahead_years"}`)."""
    if len(arguments) > _ECHO:
        return frozenset()
    forms = {" ".join(arguments.split())}
    if arguments.lstrip().startswith("{"):
        try:
            value = json.loads(arguments)
        except (ValueError, RecursionError):  # agent text: not JSON
            value = None
        values = value.values() if isinstance(value, dict) else ()
        strings = [v for v in values if isinstance(v, str)]
        if len(strings) == 1:
            forms.add(" ".join(strings[0].split()))
    return frozenset(forms - {""})


def _delegated_again(flow: StepGraph, first: int, then: int, runs: _Runs) -> int | None:
    """Another agent's call that started run `then` with all the task of the earlier run
    `first` (its words are among the task of `then`), after it had that run's answer in its
    input."""
    agent = flow.steps[then].agent
    answer = runs.probe(first)
    for parent in flow.parent_indexes[then]:
        if flow.steps[parent].agent != agent and runs.had(parent, answer):
            return parent
    return None


def _names(text: str) -> frozenset[str]:
    """The names (a capitalised word, not a sentence's first) and figures of `text`."""
    return frozenset(name.casefold() for name in _name().findall(text))


_name = compiled_on_use(r"(?<![.!?:\n]\s)(?<![.!?:\n])(?<!^)\b[A-Z][\w'-]*|\b\d[\d.,]*\d|\b\d\b")
"""A capitalised word inside a sentence (`Thornbury`, not a first `Find`), or a figure."""
_marks = compiled_on_use(r"^(?:[#>*_`]+ ?|\d{1,3}[.)] )*")
"""The marks a line of an answer opens with: a heading's, a quote's, bold, a number's."""
_label = compiled_on_use(r"^[^:\n]{0,120}:[*_ ]*(?=$|\s)")
"""A label ending in a colon (`Task outcome (short version):`, `Answer: `), its bold too."""
_finding = compiled_on_use(r"[^\W_]")
"""A letter or a figure: what a finding has."""
_OPENING = 200
"""Characters of a run's answer's opening line compared with another run's."""
_KEPT = 4
"""Earlier runs of one task (or subject) a later run is compared with: the first few."""
_SUBJECT = 2
"""Names and figures of the user's task a run's task must ask about, to be read as the task
of an earlier run reworded: one name alone (`Lyon`) is a topic, not a question."""


def _words(text: str) -> frozenset[str]:
    """The words and numbers a call or a task asks for, as compared for a repeat."""
    return frozenset(_token().findall(_arguments(text)))


def _same(flow: StepGraph, again: int, earlier: int) -> str:
    """How the repeat's arguments compare with the earlier call's, for a reason."""
    if _arguments(flow.steps[again].input) == _arguments(flow.steps[earlier].input):
        return "the same arguments"
    if not _words(flow.steps[earlier].input) <= _words(flow.steps[again].input):
        return f"other words ({quote(flow.steps[again].input)}) and got the same result"
    return f"the words of its arguments again ({quote(flow.steps[again].input)})"


def _arguments(text: str) -> str:
    """A call's arguments as compared for a repeat: JSON read (keys in any order, a string
    without its quotes), then case and spacing aside."""
    stripped = text.strip()
    if stripped[:1] in ("{", "[", '"'):
        try:
            stripped = json.dumps(json.loads(stripped), sort_keys=True, ensure_ascii=False)
        except (ValueError, RecursionError):  # agent text: not JSON, or nested too deep
            pass
        else:
            stripped = stripped.strip('"')
    return " ".join(stripped.casefold().split())
