"""Who delegated a made-up value: an agent given no tools can only guess, and which agent a
task goes to was decided by the call that handed it over (`blame.engine.provenance` asks this
before blaming the value's author)."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from blame.engine.asked import TASK_PREFIX
from blame.engine.figures import is_number, is_year, norm, numbers
from blame.engine.matching import quote
from blame.engine.rules import on
from blame.engine.suspects import at_step, decision, records_decisions
from blame.graph import StepGraph
from blame.model import Step, StepKind, Trace
from blame.results import Suspect
from blame.text import SCAN

DELEGATION_CONFIDENCE = 0.65
"""The call that handed a value's author its task, when that author looks nothing up: just
above the author itself (0.6 to 0.62), which stays the runner-up."""


def delegated(flow: StepGraph, index: int, value: str, shown: str) -> Iterator[Suspect]:
    """The LLM call of another agent that handed the task to the agent that introduced
    `value` at step `index`, when that agent was given no tools.

    An agent without tools has nothing to find a fact or work a figure out with but its
    model: a value its call introduced (its output has it, its input did not) was guessed,
    not looked up. Which agent a task goes to was decided by the call that delegated it. An
    agent that had tools and did not use them, or changed a value it was given, stays its
    own culprit. Where the trace records LLM calls, the delegating call feeds the first call
    of the delegated agent; the walk back follows only the agent's own calls, each once.
    """
    picked = misdelegated(flow, index, value, shown)
    if picked is not None:
        yield picked
        return
    if not records_decisions(flow) or not on("delegated"):
        return
    author = decision(flow, index)
    step = flow.steps[author]
    if step.kind is not StepKind.LLM or not _introduced(step.input, step.output, value):
        return
    lacked, lookup = f"{step.agent} was given no tools", None
    if step.agent not in _without_tools(flow):
        elsewhere = _lookup_elsewhere(flow, author, value)
        if elsewhere is None:
            return
        other, tool, lookup = elsewhere
        lacked = (
            f"its task asked to find a fact, {step.agent} had no tool that looks anything "
            f"up while {other} had {quote(tool)}"
        )
    seen = {author}
    pending = [author]
    while pending:
        call = pending.pop()
        for parent in sorted(flow.parent_indexes[call], reverse=True):
            earlier = flow.steps[parent]
            if earlier.kind is not StepKind.LLM or parent in seen:
                continue
            if earlier.agent != step.agent:
                if lookup is not None and lookup not in earlier.output[:SCAN]:
                    return  # it wrote no such task: a crew's order handed it on, no call
                yield at_step(
                    flow,
                    parent,
                    DELEGATION_CONFIDENCE,
                    f"{shown}; {flow.label(parent)} handed {step.agent} its task (its output "
                    f"fed {step.agent}'s calls), {lacked}, and {flow.label(author)} "
                    f"introduced {quote(value)}: its output has it, its input did not",
                )
                return
            seen.add(parent)
            pending.append(parent)


def _without_tools(flow: StepGraph) -> frozenset[str]:
    """The agents given no tools, where the trace says which tools its agents were given
    (some agent step declares `metadata["tools"]`; a framework that writes the list only
    when it is not empty leaves it out for the others): an agent none of whose steps
    declares a tool and that called none. Empty when no step declares tools: not calling a
    tool is not proof of having none. Read from `_declared_tools`, once per trace."""
    if "without_tools" not in flow.shared:
        declared = _declared_tools(flow)
        agents: set[str] = set()
        equipped = {agent for agent, tools in declared.items() if tools}
        for step in flow.steps:
            (equipped if step.kind is StepKind.TOOL else agents).add(step.agent)
        flow.shared["without_tools"] = frozenset(agents - equipped if declared else ())
    return flow.shared["without_tools"]  # type: ignore[no-any-return]


def _declared_tools(flow: StepGraph) -> dict[str, tuple[str, ...]]:
    """Agent -> the tools its agent steps declare (`metadata["tools"]`, sorted), for the
    agents that declare a list (once per trace)."""
    if "declared_tools" not in flow.shared:
        declared: dict[str, set[str]] = {}
        for step in flow.steps:
            tools = step.metadata.get("tools") if step.kind is StepKind.AGENT else None
            if isinstance(tools, list):
                declared.setdefault(step.agent, set()).update(str(t) for t in tools)
        flow.shared["declared_tools"] = {a: tuple(sorted(t)) for a, t in declared.items()}
    return flow.shared["declared_tools"]  # type: ignore[no-any-return]


def _lookup_elsewhere(flow: StepGraph, author: int, value: str) -> tuple[str, str, str] | None:
    """(agent, tool, task): another agent's tool that looks things up, when the agent of LLM
    call `author` declares tools, none of which does, and its turn's task asks to find a
    fact without handing it a figure to work from (`Find the population of Ljubljana.`,
    and no figure in the context below it either); the task's first line, which the call
    that handed it must have written (a crew's order hands a task on without any call).

    A calculator cannot find a population: an agent handed such a task could only answer
    from memory, so the call that chose it over an agent with a search tool decided. A task
    with figures in it (`Compute 259,504 / 163.8`) is work the agent's own tools may do;
    a value one of its tools gave before the call was not guessed (a calculator that gives
    it back later, checking the sum, is no source)."""
    step = flow.steps[author]
    other = _lookup_tool_elsewhere(flow, step.agent)
    task = _turn_task(flow, author) if other is not None else None
    if other is None or task is None or not _asks_lookup(task):
        return None
    gave = any(
        s.kind is StepKind.TOOL and s.agent == step.agent and _introduced("", s.output, value)
        for s in flow.steps[:author]
    )
    return None if gave else (*other, task.split("\n", 1)[0][:TASK_PREFIX])


def _lookup_tool_elsewhere(flow: StepGraph, agent: str) -> tuple[str, str] | None:
    """(agent, tool): the first other agent's tool that looks things up (by name), when
    `agent` declares tools and none of them does."""
    declared = _declared_tools(flow)
    own = declared.get(agent)
    if not own or any(_looks_up(tool) for tool in own):
        return None
    return next(
        (
            (other, tool)
            for other, tools in sorted(declared.items())
            if other != agent
            for tool in tools
            if _looks_up(tool)
        ),
        None,
    )


def handed_instruction(trace: Trace, index: int, reason: str) -> str | None:
    """The instruction for the call at step `index`, blamed (rule `delegated`) for handing
    a task to an agent that could only guess it: whom such tasks go to."""
    flow = StepGraph(trace)
    if not 0 <= index < len(flow.steps):
        return None
    giver = flow.steps[index].agent
    for child in flow.children(index):
        agent = flow.steps[child].agent
        if agent == giver or f" handed {agent} its task " not in reason:
            continue
        if agent in _without_tools(flow):
            return (
                "Hand a task that needs a fact found or a figure worked out to a coworker "
                f"given tools for it, not to {agent}, who has none."
            )
        other = _lookup_tool_elsewhere(flow, agent)
        if other is not None:
            return (
                "Hand a task that asks to find a fact to a coworker with a tool that looks "
                f"it up ({other[0]} has {quote(other[1])}), not to {agent}, whose tools "
                "cannot look anything up."
            )
    return None


def _turn_task(flow: StepGraph, author: int) -> str | None:
    """The task of the agent turn LLM call `author` belongs to: the input of the agent step
    its output fed (CrewAI's agent span opens with the task, its context below)."""
    agent = flow.steps[author].agent
    for child in flow.children(author):
        turn = flow.steps[child]
        if turn.kind is StepKind.AGENT and turn.agent == agent:
            return turn.input[:SCAN].strip()
    return None


_LOOKUP_VERB = re.compile(
    r"\W*(?:please\s+)?(?:find|look\s+up|search|research|fetch|retrieve|locate|identify)\b",
    re.IGNORECASE,
)


def _asks_lookup(task: str) -> bool:
    """The task opens with a verb that asks to find something and hands no figure to work
    from, in its first line or the context below: a word with digits and no letter that is
    not a year (a year or a model's name, `777-300ER`, says what to find, not an operand)."""
    if not _LOOKUP_VERB.match(task):
        return False
    bare = (word.strip(".,;:!?()[]'\"") for word in task.split())
    return not any(
        any(c.isdigit() for c in word) and not any(c.isalpha() for c in word) and not is_year(word)
        for word in bare
    )


_LOOKUP_TOOL_WORDS_TEXT = (
    "search fetch browse browser visit web webpage website page url http wiki wikipedia "
    "lookup look get read retrieve retriever scrape scraper crawl download google bing serp "
    "tavily duckduckgo internet news query database sql api pdf csv json file files wolfram"
)
_LOOKUP_TOOL_WORDS = frozenset(_LOOKUP_TOOL_WORDS_TEXT.split())
"""Words of a tool's name that say it finds things (`web_search`, `fetch_page`)."""


def _looks_up(tool: str) -> bool:
    """The tool's name says it finds things: split at `_`, `-`, spaces and case changes
    (`PDFSearchTool`, `look_up_population`, `Read website content`). A name is all a trace
    declares; a name that says nothing of finding is taken for a tool that does not."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", tool).casefold()
    return any(word in _LOOKUP_TOOL_WORDS for word in re.split(r"[\W_]+", spaced))


def _introduced(given: str, wrote: str, value: str) -> bool:
    """`value` is in `wrote` and not in `given` (a number in any of its written forms)."""
    if is_number(value):
        wanted = norm(value)
        return wanted in numbers(wrote[:SCAN]) and wanted not in numbers(given[:SCAN])
    folded = value.casefold()
    return folded in wrote[:SCAN].casefold() and folded not in given[:SCAN].casefold()


MISDELEGATION_CONFIDENCE = 0.66
"""The delegating call that picked a coworker without the tool the step needed, where
another candidate had it: above the coworker's own guess (0.6 to 0.62), the runner-up."""


def misdelegated(flow: StepGraph, index: int, value: str, shown: str) -> Suspect | None:
    """The delegating agent's call, when the agent that introduced `value` at step `index`
    was handed its step by a delegation that recorded whom it could pick
    (`metadata["coworkers"]` on the delegation's tool step: role -> {tool: description}),
    the one picked had no tool fitting the step and another candidate had one.

    The coworker's output has the value and neither its input nor any tool result of its
    agent did: it guessed. Guessing was the only thing left to an agent without the tool,
    so the decision that mattered was whom to hand the step to. Off where no delegation
    records its candidates (other frameworks, OTLP traces without the metadata).
    """
    if not on("misdelegated") or not _records_candidates(flow):
        return None
    author = decision(flow, index)
    step = flow.steps[author]
    if step.kind not in (StepKind.LLM, StepKind.AGENT):
        return None
    if not _introduced(step.input, step.output, value) or _tool_gave(flow, step.agent, value):
        return None
    handed = _delegation_of(flow, author)
    if handed is None:
        return None
    tool_step, coworkers = handed
    chosen = flow.steps[tool_step]
    needed = _words(_task_text(chosen.input, coworkers))
    if _fitting(coworkers.get(step.agent, {}), needed):
        return None
    better = _best_fit(coworkers, step.agent, needed)
    issuer = _issuer(flow, tool_step) if better is not None else None
    if better is None or issuer is None:
        return None
    role, tool = better
    return at_step(
        flow,
        issuer,
        MISDELEGATION_CONFIDENCE,
        f"{shown}; {flow.label(issuer)} delegated the step to {step.agent}, who had no tool "
        f"for it, while {role} had {quote(tool)}; {flow.label(author)} introduced "
        f"{quote(value)}: its output has it, its input and tools did not",
    )


def misdelegation_instruction(step: Step, children: list[Step], reason: str) -> str | None:
    """The instruction for a delegating agent blamed for it (`reason` says it delegated the
    step to the coworker) whose step `step` issued one of `children`, a delegation to a
    coworker without a tool fitting the step while another had one."""
    for child in children:
        coworkers = _coworkers(child)
        if coworkers is None or child.agent != step.agent:
            continue
        picked = _role(coworkers, str(child.metadata.get("delegation_to", "")))
        if picked is None or f"delegated the step to {picked}," not in reason:
            continue
        needed = _words(_task_text(child.input, coworkers))
        better = (
            None if _fitting(coworkers[picked], needed) else _best_fit(coworkers, picked, needed)
        )
        if better is not None:
            return (
                "Delegate each step to the coworker whose tools can do it: a step that needs "
                f"{better[1]} goes to {better[0]}, not to {picked}, who has no such tool."
            )
    return None


def _records_candidates(flow: StepGraph) -> bool:
    """Some delegation of the trace records whom it could pick (once per trace)."""
    if "records_candidates" not in flow.shared:
        flow.shared["records_candidates"] = any(_coworkers(s) is not None for s in flow.steps)
    return flow.shared["records_candidates"]  # type: ignore[no-any-return]


def _role(coworkers: Mapping[str, object], name: str) -> str | None:
    """The candidate's role a delegation named, matched as CrewAI matches it: whitespace
    folded, quotes dropped, case-blind (a model writes `"Copywriter"` or `copywriter`)."""
    wanted = _role_key(name)
    return next((role for role in coworkers if _role_key(role) == wanted), None)


def _role_key(name: str) -> str:
    return " ".join(name.split()).replace('"', "").casefold()


def _best_fit(
    coworkers: Mapping[str, Mapping[str, str]], picked: str, needed: frozenset[str]
) -> tuple[str, str] | None:
    """(role, tool): the other candidate's tool that shares most content words with what the
    step needed (ties: first role, then tool, by name); None when none shares one."""
    scored = [
        (-_score(name, text, needed), role, name)
        for role, tools in coworkers.items()
        if role != picked
        for name, text in tools.items()
        if _score(name, text, needed)
    ]
    return min(scored)[1:] if scored else None


def _delegation_of(flow: StepGraph, author: int) -> tuple[int, dict[str, dict[str, str]]] | None:
    """(tool step, candidates) of the delegation that handed the author's agent its step:
    the first delegation tool step after `author`, to that agent, fed by one of its steps,
    that records its candidates."""
    agent = flow.steps[author].agent
    for later in range(author + 1, len(flow.steps)):
        step = flow.steps[later]
        coworkers = _coworkers(step)
        if coworkers is None:
            continue
        if _role(coworkers, str(step.metadata.get("delegation_to", ""))) != agent:
            continue
        fed = any(flow.steps[p].agent == agent for p in flow.parent_indexes[later])
        return (later, coworkers) if fed else None
    return None


def _coworkers(step: Step) -> dict[str, dict[str, str]] | None:
    """A delegation tool step's candidates (role -> {tool: description}), if it records them."""
    if step.kind is not StepKind.TOOL:
        return None
    found: Any = step.metadata.get("coworkers")
    if not isinstance(found, Mapping) or "delegation_to" not in step.metadata:
        return None
    return {
        str(role): {str(n): str(d) for n, d in tools.items()} if isinstance(tools, Mapping) else {}
        for role, tools in found.items()
    }


def _issuer(flow: StepGraph, tool_step: int) -> int | None:
    """The delegating agent's step that asked for the delegation (its latest feeding step)."""
    agent = flow.steps[tool_step].agent
    issued = [
        p
        for p in flow.parent_indexes[tool_step]
        if flow.steps[p].agent == agent and flow.steps[p].kind is not StepKind.TOOL
    ]
    return max(issued) if issued else None


def _tool_gave(flow: StepGraph, agent: str, value: str) -> bool:
    """Some tool step of `agent` has `value` in its output."""
    return any(
        s.kind is StepKind.TOOL and s.agent == agent and _introduced("", s.output, value)
        for s in flow.steps
    )


def _task_text(arguments: str, coworkers: Mapping[str, object]) -> str:
    """What the delegated step asks for: the `task` or `question` of the delegation's JSON
    arguments (its `context` is background, not the need), else the arguments whole; the
    candidates' names left out (a role is not a need)."""
    text = arguments[:SCAN]
    with contextlib.suppress(ValueError):
        parsed = json.loads(text)
        if isinstance(parsed, dict):
            asked = [parsed.get(k) for k in ("task", "question")]
            text = " ".join(a for a in asked if isinstance(a, str)) or text
    for role in coworkers:
        text = text.replace(role, " ")
    return text.replace('"coworker"', " ")


_WORD = re.compile(r"[a-z][a-z0-9]+")
_GENERIC_WORDS = (
    "the and for with from that this what which who whom your you are was were has have had "
    "any all can could should would will into onto about than then them they their its "
    "not but our out get give gets find finds look looks use uses used using tool tools need "
    "needs make makes task step work answer question context coworker please best also some "
    "each one other"
)
_GENERIC = frozenset(_GENERIC_WORDS.split())
"""Words every task and tool description may have: they say nothing of what a step needs."""


def _words(text: str) -> frozenset[str]:
    """The content words of `text` (lower case, split at `_`, one plural `s` dropped)."""
    words = _WORD.findall(text.casefold().replace("_", " "))
    return frozenset(_singular(w) for w in words if len(w) > 2 and w not in _GENERIC)


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


def _fitting(tools: Mapping[str, str], needed: frozenset[str]) -> bool:
    """Some tool's name or description shares a content word with `needed`."""
    return any(_score(name, text, needed) for name, text in tools.items())


def _score(name: str, description: str, needed: frozenset[str]) -> int:
    """How many content words of what the step needed a tool's name and description have."""
    return len(_words(f"{name} {description}") & needed)
