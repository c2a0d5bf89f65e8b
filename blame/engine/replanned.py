"""A sub-agent's own plan that restated the task it was handed without words the task gives.

A manager hands on `the default pitch tolerance that duet mode uses`; the sub-agent's plan
writes `the default pitch tolerance`, and no call of the agent after it names duet mode
again: its searches and reads follow the plan, and the value it reports answers the plan's
question, not the task's. The plan decided; the calls after it only carried it out. The
manager, which handed the words on, is not to blame.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from blame.engine.asked import TASK_PREFIX, handed_task, plan_heading, planned_or_handed
from blame.engine.figures import stem, words_in_order
from blame.engine.matching import quote
from blame.engine.rules import on
from blame.engine.suspects import at_step, records_decisions
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use

CONFIDENCE = 0.85
"""Above the call that chose what was looked up (0.8): it followed the plan."""


def plan_dropped(
    flow: StepGraph, chooser: Suspect, *, beside: Callable[[set[str]], bool] | None = None
) -> Suspect | None:
    """The planning call of the agent whose call `chooser` looked the wrong value up, when
    its plan (facts survey and steps alike) left out a phrase of the run's question, two
    words in a row as the task writes them (`duet mode`; a stray verb, `allow`, is how a
    plan rewords a question; `Answer as a plain integer.` asks no question), that the task
    handed to this agent gives too, and no later call of the agent, up to the chooser,
    wrote them (in its arguments or its words), nor did any tool it called after its plan
    give them (a path's `singalong` was read; what it found stood under it). With `beside`,
    the chooser had the right value beside the wrong one (a table's `Junior (under 12)` row
    under its `Open` row): its tools gave the words, as such a page does, and it answered
    the plan's question, not the task's; then only the agent's own calls must not have
    written them, and the phrase must tell the two values apart (`beside(stems)`: its words
    stand by the right value, not by the wrong one; a dropped phrase both rows share, or
    neither, did not make the choice). None otherwise: an agent never handed the words was
    not told them (`drift.untold` asks about the call that handed its task on)."""
    index = chooser.step_index
    if index is None or not records_decisions(flow) or not on("plan-dropped"):
        return None
    steps, agent = flow.steps, flow.steps[index].agent
    upstream = sorted(flow.ancestors(index))
    handers = [
        i
        for i in upstream
        if steps[i].kind is StepKind.LLM
        and steps[i].agent != agent
        and handed_task().search(steps[i].output[:SCAN]) is not None
    ]
    if not handers:
        return None
    own = [i for i in upstream if i > handers[-1] and steps[i].agent == agent]
    calls = [i for i in [*own, index] if steps[i].kind is StepKind.LLM]
    plan = next((i for i in calls if plan_heading().search(steps[i].output[:SCAN])), None)
    if plan is None:
        return None
    handed = _stems(_handed_to(steps[handers[-1]].output, steps[own[0]].input if own else ""))
    after = flow.descendants(plan)  # what the agent's tools gave, the chooser's own call too
    read = (
        []
        if beside is not None
        else [i for i in after if steps[i].kind is StepKind.TOOL and steps[i].agent == agent]
    )
    texts = [steps[i].output[:SCAN] for i in [*calls, *read] if i >= plan]
    said = set().union(*map(_stems, texts))
    joined = _joined().sub("", "\n".join(texts).casefold())  # `command line` as `commandline`
    asked = _asked(flow.trace.input)
    phrase = next(
        (
            _whole(asked, found.start(1), found[1])
            for found in _pair().finditer(asked)
            if _dropped(found, handed, said, joined)
            and (beside is None or beside({stem(w.casefold()) for w in found.groups()[1:]}))
        ),
        None,
    )
    if phrase is None:
        return None
    return at_step(
        flow,
        plan,
        CONFIDENCE,
        f"{flow.label(plan)} planned without the task's {quote(phrase)}, which "
        f"{flow.label(handers[-1])} handed it; no later call of {agent} asked about it, "
        f"and {chooser.reason}",
    )


def _dropped(found: re.Match[str], handed: set[str], said: set[str], joined: str) -> bool:
    """The pair's words were handed to the agent and its calls after the plan (and the
    tools they read) wrote neither; a compound (`command-line`) names one thing, so neither
    unless written whole, in any spacing or form (`command line`, `command_line`,
    `commandline`, `karaoke duet` for `karaoke-duets`): its parts alone say other things
    (`the line that sets it`). `joined`: what they wrote, with no space, dash or underscore."""
    pair = [word.casefold() for word in found.groups()[1:]]
    if any(word in _PLAIN or stem(word) not in handed for word in pair):
        return False
    if "-" not in found[1]:
        return not any(stem(word) in said for word in pair)
    return pair[0] + stem(pair[1]) not in joined


_joined = compiled_on_use(r"[\s_\-\u2010-\u2015]+")
"""What joins a compound's parts, however written (`command line`, `command_line`,
`command\u2013line`)."""


def _whole(text: str, at: int, phrase: str) -> str:
    """The phrase as the task writes it, a parenthesis it opens closed (`junior (under-12)`,
    when it closes within a few words)."""
    if "(" not in phrase:
        return phrase
    end = text.find(")", at + len(phrase), at + len(phrase) + _PARENTHESIS)
    return text[at : end + 1] if end >= 0 else phrase


_PARENTHESIS = 24
"""Characters read past a phrase for the parenthesis it opened to close."""


def _stems(text: str) -> set[str]:
    return {stem(word.casefold()) for word in words_in_order(text)}


def _handed_to(output: str, received: str) -> str:
    """The task a call's code handed the agent that `received` it (`code_agent(task=...)`,
    found in what the agent received), not the tasks it handed other agents; its whole plan
    or code where none is found."""
    tasks = [task[1] for task in handed_task().finditer(output[:SCAN]) if task[1]]
    given = [task for task in tasks if task[:TASK_PREFIX] in received[:SCAN]]
    return "\n".join(given) if given else planned_or_handed(output)


def _asked(task: str) -> str:
    """The task without its sentences on the answer's form (`Answer as a plain integer.`,
    `Reply with the number only.`): what a plan restates is the question."""
    return " ".join(s for s in _sentence_end().split(task[:SCAN]) if not _form_line().match(s))


_pair = compiled_on_use(
    r"\b(?=(([^\W\d_]{4,})(?:[ \t-]+|[ \t]+\((?=[^)\n]{0,24}\d))([^\W\d_]{4,}))\b)"
)
"""Two words in a row, as the task writes them (`duet mode`; `junior (under-12)`, a word
and the parenthesis that opens after it, when a figure stands in that parenthesis: a
qualifier, not a unit, `distance (metres)`), each pair read (overlapping)."""
_sentence_end = compiled_on_use(r"(?<=[.?!])\s+")
_form_line = compiled_on_use(
    r"(?i)\s*(?:answer|reply|give|round|write|return|express|respond|format|provide|use)\b"
)
"""A sentence that says how to answer, not what."""


_PLAIN = frozenset(
    {"what", "which", "when", "where", "that", "than", "this", "with", "does", "reply"}
    | {"number", "only", "give", "answer", "full", "name", "please", "according", "there"}
    | {"their", "they", "were", "have", "from", "into", "about", "also", "just", "then"}
    | {"many", "much", "often", "long"}
)
"""Words of asking or answering that name nothing a plan must keep (`How many`, `Reply with
the number only`)."""
