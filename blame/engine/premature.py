"""An answer given before a plan's own lookups were done: a manager that planned to ask its
agents several things, asked fewer, and answered from what it had.

A plan is the agent's latest output under a `Plan` heading before its answer (smolagents'
planning step writes one); its lookups are its numbered steps that ask another agent of the
run, by its name after a verb of asking (`2. Ask timetable_agent for the first connection`).
A lookup made is a call of the agent whose output another agent's step read: it handed that
agent a task. Where fewer were made than planned, the first call of the agent after the last
report came back decided that what it had was the answer (`The train gets in at 09:02, so
that is the arrival time.`): the sub-agents answered what they were asked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from blame.engine.asked import heading_over, plan_steps
from blame.engine.chosen import kept
from blame.engine.interpreter import prose, written
from blame.engine.matching import Matcher, quote
from blame.engine.operands import unopened_snippet
from blame.engine.rules import on
from blame.engine.suspects import at_step, decision, records_decisions
from blame.frozen import dataclass
from blame.graph import StepGraph
from blame.model import Step, StepKind
from blame.results import Suspect
from blame.text import compiled_on_use


@dataclass(frozen=True, slots=True)
class Shortfall:
    """A plan's lookups, and how many of them were made before an agent answered."""

    plan: int
    """The call that wrote the plan."""
    planned: int
    """Its numbered steps that name another agent of the run."""
    made: tuple[int, ...]
    """The agent's calls after the plan that handed another agent a task."""
    handed: int
    """The tasks they handed on (a call's code may hand on several), fewer than planned."""
    after: int
    """The agent's first call after the last of them that handed on its answer (`final_answer(
    ...)`; else its first call after them), or that last one when its own code answered as
    the report came back: it answered instead."""
    later: tuple[int, ...]
    """The agent's calls after the last of them, up to the one answering: one that said the
    answer in its prose before `after` settled on it (`cut_short`)."""
    undone: str
    """The plan's steps asking other agents that no handed task answered: the lookups left."""


def shortfall(steps: Sequence[Step], answered: int) -> Shortfall | None:
    """The plan the LLM call `answered` (or the agent's calls before it) left undone, when
    its agent handed tasks on fewer times after its latest plan than the plan named other
    agents, once at least; None otherwise."""
    agent = steps[answered].agent
    calls = [i for i in range(answered + 1) if steps[i].agent == agent and steps[i].kind is LLM]
    plans = ((i, plan_steps(steps[i].output)) for i in reversed(calls))
    plan, lookups = next(((i, text) for i, text in plans if text is not None), (None, None))
    if plan is None or lookups is None:
        return None
    others: dict[str, list[str]] = {}  # each other agent's name, by its first word
    for name in sorted({_short(s.agent) for s in steps if s.agent != agent and s.kind is LLM}):
        first = _word().match(name)
        if first is not None:
            others.setdefault(first[0], []).append(name)
    items = _item().findall(lookups)
    asking = [item for item in items if _asks(item, others)]
    planned = len(asking)
    read = {parent for step in steps if step.agent != agent for parent in step.parents}
    made = tuple(i for i in calls if i > plan and steps[i].id in read)
    handed = sum(max(1, runs) for runs in _runs_started(steps, made))
    later = [i for i in calls if made and i > made[-1]]
    # the call that handed on the answer decided it had enough, not one that worked on it
    answering = (i for i in later if hands_answer().search(written(steps[i].output[:_SCAN])))
    after = next(answering, later[0] if later else None)
    if after is None and made and made[-1] == answered:  # its code answered as the report came
        after = answered
    if not made or handed >= planned or after is None:
        return None
    undone = "\n".join(asking[handed:])
    return Shortfall(
        plan, planned, made, handed, after, tuple(i for i in later if i <= after), undone
    )


def _runs_started(steps: Sequence[Step], calls: Sequence[int]) -> list[int]:
    """For each of `calls`, the runs of other agents it started: their first LLM calls (no
    parent of their own agent) that it fed. One pass over the steps."""
    agents = {step.id: step.agent for step in steps}
    wanted = {steps[i].id: at for at, i in enumerate(calls)}
    started = [0] * len(calls)
    for step in steps:
        if step.kind is not LLM or any(agents.get(p) == step.agent for p in step.parents):
            continue
        for parent in step.parents:
            if parent in wanted and agents[parent] != step.agent:
                started[wanted[parent]] += 1
    return started


def planned_lookups(flow: StepGraph, final: int) -> str:
    """The lookups of the plan the call that answered left undone ("" when none)."""
    found = shortfall(flow.steps, decision(flow, final))
    return "" if found is None else found.undone


def cut_short(flow: StepGraph, final: int, origin: int, bad: Matcher) -> Suspect | None:
    """The call that answered before its plan's lookups were done, when the wrong value
    (first found at step `origin`, another agent's) came back from one of the lookups made;
    None otherwise."""
    if not records_decisions(flow) or not on("cut-short"):
        return None
    answered = decision(flow, final)
    if flow.steps[origin].agent == flow.steps[answered].agent:
        return None
    found = shortfall(flow.steps, answered)
    if found is None or not flow.ancestors(origin) & set(found.made):
        return None  # the wrong value came back from none of the lookups made
    # a call that said the answer in its own prose settled on it (`The report gives 22
    # performances, the full programme`), before the call that handed it on; not one that
    # said more was wanted (`...; I still need St Anne's Hall`): a later call dropped that
    said = (i for i in found.later if _settles(prose(flow.steps[i].output), flow, bad))
    settled = next(said, found.after)
    went_on = (
        "its code answered with {} as soon as the last report came back"
        if settled == found.made[-1]
        else "after the last report came back, went on to answer with {}"
    )
    return at_step(
        flow,
        settled,
        0.85,
        f"{flow.label(found.plan)} planned {found.planned} lookups by other agents and the "
        f"run made {found.handed}; {flow.label(settled)}, "
        f"{went_on.format(bad.shown)} instead of making the next one",
    )


def _settles(prose: str, flow: StepGraph, bad: Matcher) -> bool:
    """Whether a call's own words state the wrong value and want nothing more."""
    return bad.find(flow, prose) is not None and _wanting().search(prose) is None


_wanting = compiled_on_use(
    r"(?i)\bstill[ \t]+(?:need|have[ \t]+to|must|missing|lack)"
    r"|\bnot[ \t]+yet[ \t]+(?:\w+[ \t]+)?(?:asked|found|known|looked|checked|counted|read)"
    r"|\bnext[, \t]+I[ \t]+(?:will|'ll|need[ \t]+to|must)[ \t]+"
    r"(?:ask|look|find|check|search|open|read|get)\b"
)
"""Words that say a call wanted more before answering (`I still need`, `not yet asked`)."""


def snippet_answer(flow: StepGraph, origin: int, bad: Matcher) -> Suspect | None:
    """The LLM call that first wrote the wrong value as a finding, when it was first found
    in the snippet of a search result (tool step `origin`) whose page no later tool call
    opened: it answered from a few words cut from the page, often a stale preview, and
    stopped before reading the page (`The first snippet already names the winner; no need
    to open the results page.`). None otherwise."""
    if not records_decisions(flow) or not on("snippet-answer"):
        return None
    step = flow.steps[origin]
    if step.kind is not StepKind.TOOL:
        return None
    address = unopened_snippet(flow, origin, bad.find(flow, step.output[:_SCAN]))
    reader = None if address is None else kept(flow, origin, bad)
    if reader is not None and _as_context(flow, reader, bad):  # the report's reader answered
        reader = kept(flow, reader, bad)
    if address is None or reader is None:
        return None
    return at_step(
        flow,
        reader,
        0.85,
        f"{flow.label(reader)} answered with {bad.shown}, which {flow.label(origin)} gave in "
        f"the snippet of a result, {quote(address)}, whose page no later tool call opened: it "
        "stopped before reading the page",
    )


def _as_context(flow: StepGraph, call: int, bad: Matcher) -> bool:
    """Whether LLM call `call` wrote the wrong value first under a heading of context or
    notes (a sub-agent's `### 3. Additional context`, after what it was asked) in the report
    it handed `final_answer`: it reported what it saw beside its findings, it did not
    answer with it."""
    # the report is what it hands `final_answer` (not its narration, nor its code's
    # comments before); a tool call's JSON and a code agent's string escape line breaks
    output = flow.steps[call].output[:_SCAN]
    start = output.find("final_answer(")
    if start < 0:
        return False
    text = output[start:].replace("\\n", "\n")
    at = bad.find(flow, text)
    if at is None:
        return False
    heading = heading_over(text, at)
    return heading is not None and _context_heading().match(heading[0]) is not None


_context_heading = compiled_on_use(
    r"(?i)[ \t]*#{1,6}[ \t]+(?:\d+\.[ \t]*)?(?:additional[ \t]+|other[ \t]+)?(?:context|notes?)\b"
)
"""A heading over what a report adds beside its findings: context or notes."""


def snippet_only(flow: StepGraph, origin: int, bad: Matcher, right: Matcher) -> tuple[Suspect, ...]:
    """`snippet_answer`, for a step that had the right value, where the snippet that gave
    the wrong one (tool step `origin`) was the first to have the right one too, and only
    what came of it had it after: another row of the same preview (`The Ferryman Crew 1:58`
    beside the winner's provisional `1:52`) told the step nothing of the answer. Only a web
    page's snippet, a preview: a code search's match is the file's own line, and the right
    value on one is there to read."""
    gave = sorted(right.hits(flow, "out"))
    if not gave or gave[0] != origin or not set(gave[1:]) <= flow.descendants(origin):
        return ()
    step = flow.steps[origin]
    address = unopened_snippet(flow, origin, bad.find(flow, step.output[:_SCAN]))
    if address is None or not address.startswith(("http://", "https://")):
        return ()
    found = snippet_answer(flow, origin, bad)
    return () if found is None else (found,)


_SCAN = 100_000
"""Characters of a tool's output a snippet is looked for in."""


def _asks(item: str, agents: dict[str, list[str]]) -> bool:
    """A plan's step asks another agent for something: it opens with a verb of asking and
    names one of `agents` (filed by their first word) within the next three words (`Ask
    search_agent ...`, `Use the search_agent to ...`, `Delegate to timetable_agent`), not as
    the source of what it works with (`3. Add the two figures search_agent reported.`,
    `Once I have both counts from search_agent, add them.`)."""
    text = item.casefold()
    tokens = list(_word().finditer(text[:_OPENING]))
    if not tokens or tokens[0][0] not in _ASKING:
        return False
    for token in tokens[1:4]:
        for name in agents.get(token[0], ()):
            end = token.start() + len(name)
            if text.startswith(name, token.start()) and not text[end : end + 1].isalnum():
                return True
    return False


_ASKING = frozenset(
    {"ask", "use", "have", "let", "call", "delegate", "send", "query", "task", "get", "give",
     "hand", "instruct", "request", "tell"}
)  # fmt: skip
"""Verbs a plan's step asks another agent with, as its first word."""
_OPENING = 200
"""Characters of a plan's step its verb and the agent it asks are looked for in."""
_word = compiled_on_use(r"\w+")


def _short(name: str) -> str:
    """An agent's name as a plan writes it: case aside, without a span's `.run`."""
    return name.casefold().removesuffix(".run")


LLM = StepKind.LLM
_item = compiled_on_use(r"(?m)^[ \t]*\d{1,2}[.)][ \t]+(.+)$")
"""A numbered step of a plan (`2. Ask search_agent ...`)."""


def unread_pages(
    flow: StepGraph, final: int, bad: Matcher, chance: Matcher | None = None
) -> Suspect | None:
    """The first LLM call that answered (wrote the wrong value, or handed `final_answer` its
    answer) after a tool's output said it held the first page of several (`'page': 1,
    'pages': 2`, `page 1 of 3`, a `next` link, a link to `?page=2` of the listing it was
    asked for), when no tool call of the run asked for another page (`?page=2`, `"page": 3`,
    a `cursor` or `offset`, the `next` link itself): it answered from the first page alone
    (`heavy = [b for b in d["bells"] if ...]`, then `final_answer(str(len(heavy)))`). For a
    run whose right value was never produced; or, with `chance`, one whose right value, a
    small figure, that first page held (`"per_page": 8`, no count of what was asked): then
    only a call of the agent that gave the run's answer that did not write it. None when no
    such call is found (rule `unread-pages`)."""
    if not records_decisions(flow) or not on("unread-pages"):
        return None
    steps = flow.steps
    tools = [s for s in steps if s.kind is StepKind.TOOL]
    if any(_other_page().search(s.input[:_SCAN]) for s in tools):
        return None  # a call went on to another page
    paged = next((s for s in tools if _first_of_pages(s.output[:_SCAN], s.input[:_SCAN])), None)
    if paged is None or _own_row(flow, paged.output[:_SCAN], bad):
        return None
    if chance is not None and not chance.out(flow, paged.index):
        return None  # the small figure came from elsewhere: the page is no reason
    links = {_site().sub("", m[1]) for m in _next_field().finditer(paged.output[:_SCAN])}
    if links:  # each call's links, read once: links x calls would be quadratic
        called = {_site().sub("", m[0]) for s in tools for m in _link().finditer(s.input[:_SCAN])}
        if links & called:
            return None  # the next link itself was followed
    on_the_way = (flow.ancestors(final) | {final}) & flow.descendants(paged.index)
    for at in sorted(on_the_way):
        step = steps[at]
        if step.kind is not StepKind.LLM:
            continue
        wrote = written(step.output[:_SCAN])  # not a figure its code printed among others
        if chance is not None and (
            step.agent != steps[final].agent or chance.find(flow, wrote) is not None
        ):
            continue  # another agent's report, or a call that wrote the right figure
        if bad.find(flow, wrote) is not None or hands_answer().search(wrote):
            return at_step(
                flow,
                at,
                0.85,
                f"{flow.label(at)} answered after {flow.label(paged.index)} returned one page "
                "of several, and no call asked for another page: it answered from the first "
                "page alone",
            )
    return None


def _own_row(flow: StepGraph, page: str, bad: Matcher) -> bool:
    """The first page gave the wrong value on a row naming, whole, a name of two words or
    more the task writes (`| 3 | Feathers A | ... | 64 |` for the task's `Feathers A`; not
    `Moth Zine Club` for its `Gullhaven Zine Fair`, nor `Feathers Arms`, nor a row that only
    names the task's `Spain`, a word many rows share): the task's own row was read, and no
    later page changes it. A table's row or a list's item: a JSON page may be one line."""
    at = bad.find(flow, page)
    if at is None:
        return False
    end = page.find("\n", at)
    line = page[page.rfind("\n", 0, at) + 1 : None if end < 0 else end]
    if _row().match(line) is None:
        return False  # a sentence (`40 stalls on this page`) is no row of the listing
    named = sorted(_names_of(flow.trace.input[:_SCAN]))[:_NAMES]
    return any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", line) for name in named)


def _names_of(task: str) -> set[str]:
    """The names of two words or more a task writes capitalised (`Feathers A`, `Wrexham &
    District`); where one opens a sentence, with and without its first word, which may be
    any word (`Did Feathers A ...`, `Feathers A scored ...`)."""
    found: set[str] = set()
    for match in _name().finditer(task):
        names = [match[0]]
        if _opens_sentence(task, match.start()):
            names.append(match[0].partition(" ")[2].lstrip(" \t&"))
        found.update(name for name in names if " " in name)
    return found


def _opens_sentence(text: str, at: int) -> bool:
    """The word at `at` opens the text or a sentence (`How`, `Did`): capitalised whatever
    it is. Linear: the blanks looked back over end at the previous word."""
    start = at
    while start and text[start - 1] in " \t\n":
        start -= 1
    return not start or text[start - 1] in ".?!"


_name = compiled_on_use(r"\b[A-Z][\w'\u2019-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w'\u2019-]*)*")
"""A name as a task writes it, its words capitalised (`Feathers A`, `Wrexham & District`)."""
_NAMES = 32
"""At most this many of a task's names are looked for on a line."""
_row = compiled_on_use(r"[ \t]*(?:[|\-*\u2022]|\d+[.)][ \t])")
"""A listing's row: a table's or a list's item (`| 3 | Feathers A | ...`)."""


def _first_of_pages(text: str, asked: str) -> bool:
    """A tool's output says it holds the first page and there is another: `page 1 of 2`,
    `"page": 1` beside `"pages": 2` (or `total_pages`), a `next` link, or, where an exporter
    kept a record's values alone, a link to a later page of the listing it was asked for
    (`/bells?page=2` for `/bells`)."""
    if any(m["at"] == "1" and int(m["of"]) > 1 for m in _page_of().finditer(text)):
        return True
    fields = {key.casefold(): int(value) for key, value in _page_field().findall(text)}
    pages = max(fields.get("pages", 0), fields.get("total_pages", 0))
    if fields.get("page") == 1 and pages > 1:
        return True
    if _next_field().search(text) is not None:
        return True
    listing = _path().sub("", asked.strip())
    return bool(listing) and any(
        _link_end().split(text[max(0, m.start() - 300) : m.start()])[-1].endswith(listing)
        for m in _later_page().finditer(text)
    )


_page_of = compiled_on_use(r"(?i)\bpage[ \t]+(?P<at>\d{1,4})[ \t]+of[ \t]+(?P<of>\d{1,4})\b")
"""`page 1 of 2`, as a listing writes where it is."""
_page_field = compiled_on_use(r"""(?i)["'](page|pages|total_pages)["'][ \t]*:[ \t]*(\d{1,4})\b""")
"""A JSON field of the page a listing holds and how many there are (`"pages": 2`)."""
_next_field = compiled_on_use(
    r"""(?i)["']next(?:_page|_url)?["'][ \t]*:[ \t]*["']([^"'\n]{1,300})["']"""
)
"""A listing's link to its next page (`"next": "/bells?page=2"`)."""
_later_page = compiled_on_use(r"""\?(?:[^\s"'<>?]{0,300}&)?page=(?:[2-9]|\d{2,4})\b""")
"""The query of a link to a later page (`?month=2025-04&page=2`); its path stands before."""
_link_end = compiled_on_use(r"""[\s"'<>()\[\]]""")
"""What ends a link, before its path."""
_path = compiled_on_use(r"\?.*$|^https?://[^/]+")
"""What follows a path (its query) or comes before it (a site), taken off to compare."""
_other_page = compiled_on_use(
    r"""(?i)\bpage["']?[ \t]*[=:][ \t]*["']?(?:[2-9]|\d{2,4})\b|\bpage[ \t/]+(?:[2-9]|\d{2,4})\b"""
    r"""|\b(?:cursor|after)["']?[ \t]*[=:][ \t]*["']?\w|\boffset["']?[ \t]*[=:][ \t]*["']?[1-9]"""
)
"""A tool call's arguments that ask for a page after the first (`?page=2`, `"page": 3`,
`/page/2`, `cursor=...`, `offset=25`)."""
_link = compiled_on_use(r"""https?://[^\s"'<>]+|/[^\s"'<>]+""")
"""A link or a path in a call's arguments, to its closing quote (`"/bells?cursor=c2"`)."""
_site = compiled_on_use(r"^https?://[^/\s\"'<>]+")
"""The scheme and host a link starts with, taken off: a relative `next` link names the same."""
hands_answer = compiled_on_use(r"\bfinal_answer\(")
"""A call that hands the run's answer on."""
