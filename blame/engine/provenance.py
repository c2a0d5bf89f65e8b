"""Required content that no step ever produced: who is responsible for the answer as it is.

With nothing lost on the way there is no loss to point at; the evidence is the run itself.

Data-flow traces (recorded steps with real parents): a step that raised upstream of the
final output before the final answer first appeared (not a tool's failure whose reader called
the tool again; an error after the answer was written did not make it); else the step where
the final answer's content first appeared (the wrong value's origin; the edge into it when the
value was first in what routing code built, `blame.engine.edges`), when that is not the final
step; else the agent of the final step.

Conversations (chat transcripts, where every message sees every earlier one, so parents
carry no information): the signals a person reading the log would use, in this order:
1. where the final answer was computed: the message whose code, run by a tool, first output
   the value the final output repeats; that code introduced the wrong value;
2. the first action the run executed: the first message whose code a tool ran; the rest
   of the run builds on what that action returned;
3. a claim nothing backs: the first message that stated a fact (a number, a capitalised
   name) that the final output repeats while neither the task nor any earlier message or
   tool output had it; only in runs that have tool output to back claims with;
4. where the final answer first appeared: a worker's message (not the opening speaker's,
   not the final one) that first stated the value the final output repeats; a list answer's
   items are traced one by one (the earliest wins), a word only as a whole word;
5. the first worker turn: the first message by anyone but the opening speaker, the
   first place the plan met the world;
6. the final speaker.
All of these are weaker than a loss, so their confidences stay at or below 0.5.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator

from blame.engine.answers import answer_values
from blame.engine.claims import reports_failure, unsupported_claim
from blame.engine.delegation import delegated
from blame.engine.edges import answer_on_edge
from blame.engine.figures import body, json_key, site
from blame.engine.figures import is_number as _is_number
from blame.engine.figures import norm as _norm
from blame.engine.figures import numbers as _numbers
from blame.engine.interpreter import prose, redid, redone
from blame.engine.loops import looped_instead
from blame.engine.matching import quote
from blame.engine.operands import computed_answer
from blame.engine.quantities import first_with_unit, quantity_key
from blame.engine.rules import on
from blame.engine.suspects import (
    agent_at,
    at_step,
    decision,
    how_it_failed,
    ranked,
    records_decisions,
)
from blame.faultmarks import failed_as, failure
from blame.graph import StepGraph
from blame.model import Step, StepKind
from blame.results import Suspect
from blame.text import compiled_on_use

_SCAN = 200_000
"""Characters of one message searched for answer values."""


def never_produced(flow: StepGraph, shown: str, missing: str = "") -> tuple[Suspect, ...]:
    """Suspects when `shown` appears in no step at all (or, in a conversation, is missing).

    `missing` replaces "... was never produced" in the reasons.
    """
    final = flow.final_step
    if final is None:
        return ()
    shown = f"{shown} {missing or 'was never produced'}"
    if flow.trace.shared_context:
        found = list(_conversation(flow, final, shown))
    else:
        found = list(_data_flow(flow, final, shown))
    found.append(
        agent_at(
            flow,
            final,
            0.25 if found else 0.5,
            f"{shown}; {flow.label(final)} produced the final output without it",
        )
    )
    return ranked(found)


def ignored_error(flow: StepGraph, origin: tuple[int, str] | None, final: int) -> int | None:
    """The first step upstream of the final one whose error was not retried.

    A failure whose reader called the tool again was not ignored: the retry is judged alone.
    An agent's own failure after the final answer first appeared did not make it: it was
    written already (a tool's failure still counts: its reader may have ignored it).
    Lazily, so only the failures up to the first one ignored are looked at.
    """
    written = origin[0] if origin is not None and origin[0] != final else len(flow.steps)
    failed = (
        i
        for i in sorted(flow.upstream_of_final)
        if failure(flow.steps[i]) and (i < written or flow.steps[i].kind is StepKind.TOOL)
    )
    return next((i for i in failed if not _retried(flow, i)), None)


def _data_flow(flow: StepGraph, final: int, shown: str) -> Iterator[Suspect]:
    looped = looped_instead(flow, shown) if on("loop-start") else None
    if looped is not None:
        yield looped
    origin = final_answer_origin(flow)
    first = ignored_error(flow, origin, final)
    if first is not None:
        error = quote(failure(flow.steps[first]) or "")
        reader = went_on(flow, first)
        if reader is not None and on("error-reader"):
            yield agent_at(
                flow,
                reader,
                0.75,
                f"{shown}; {flow.label(reader)} read the error {error} that "
                f"{flow.label(first)} {failed_as(flow.steps[first])} and went on as if it had "
                "succeeded",
            )
        yield at_step(
            flow,
            first,
            0.7,
            f"{shown} and {flow.label(first)} {how_it_failed(flow, first)} upstream of the final "
            "output",
        )
    if origin is None or origin[0] == final:
        source = content_source(flow) if on("content-source") else None
        if source is not None:
            yield agent_at(
                flow,
                source,
                0.55,
                f"{shown}; {flow.label(source)} wrote the answer the final output repeats",
            )
    answer = computed_answer(flow, origin, final)
    if answer is not None:
        computed, figure = answer
        yield from delegated(flow, computed.step, computed.value, shown)
        yield at_step(
            flow,
            computed.step,
            0.62,
            f"{shown}; the final answer {quote(figure)} was computed by "
            f"{flow.label(computed.tool)} from {quote(computed.value)}, {computed.why}",
        )
    if origin is not None and origin[0] != final:
        index, value = origin
        # A tool carries out a call: where the trace records LLM calls, the call that chose
        # the tool and its arguments decided, and `agent_at` pins it there.
        tool = flow.steps[index].kind is StepKind.TOOL and records_decisions(flow)
        if tool and on("named-first"):
            named = _named_first(flow, index)
            if named is not None:
                author, name = named
                yield at_step(
                    flow,
                    author,
                    0.62,
                    f"{shown}; the final answer {quote(value)} first appeared in "
                    f"{flow.label(index)}, called for {quote(name)}, which "
                    f"{flow.label(author)} introduced: its output has it and neither its "
                    "input nor the task did",
                )
        from blame.engine.standin import made_up_call  # standin reads tools, which read us

        made_up = None if tool else made_up_call(flow, index)
        if made_up is not None:
            yield made_up
        edge = None if tool else answer_on_edge(flow, index, value, shown)
        if not tool and edge is None:
            yield from delegated(flow, index, value, shown)
        said = f"{shown}; the final answer {quote(value)} first appeared in {flow.label(index)}"
        first = None if tool or edge else redid(flow, index)
        if first is not None:  # the retry ran the failed call's code without what raised
            said += f", whose code is {flow.label(first)}'s without the line that raised"
            index = first
        yield edge or (agent_at if tool else at_step)(flow, index, 0.6, said)


_name = compiled_on_use(r"[A-Z][a-z]{3,}")
"""A capitalised word in a tool's arguments: a name it was called for (`Marseille`)."""


def _named_first(flow: StepGraph, tool: int) -> tuple[int, str] | None:
    """(LLM call, name): a name in the tool's arguments that the task does not have, first
    written by an LLM call before the one that asked for the tool, whose input lacked it:
    that call chose what the run looked up (a wrong entity searched for, then opened).
    A heading line of the arguments (a code comment, `# Summary`) names nothing."""
    asked = flow.trace.input.casefold()
    requester = decision(flow, tool)
    arguments = body(flow.steps[tool].input[:_SCAN]).replace("_", " ")
    for name in dict.fromkeys(_name().findall(arguments)):
        folded = name.casefold()
        if folded in asked:
            continue
        for step in flow.steps[:requester]:
            if folded in step.output[:_SCAN].casefold():
                fresh = folded not in step.input[:_SCAN].casefold()
                if step.kind is StepKind.LLM and fresh:
                    return step.index, name
                break
    return None


_word = compiled_on_use(r"\w+")
_RUN = 4
"""Words in a row the final output must repeat from a step for that step to be its source."""


def _runs(text: str) -> set[tuple[str, ...]]:
    words = [w.casefold() for w in _word().findall(text[:_SCAN])]
    return {tuple(words[i : i + _RUN]) for i in range(len(words) - _RUN + 1)}


def content_source(flow: StepGraph) -> int | None:
    """The earliest agent or LLM step upstream of the final one whose own words the final
    output repeats (four in a row that the task does not have): where the answer, as it
    stands, was written. None when the final step wrote it itself."""
    final = flow.final_step
    if final is None:
        return None
    wanted = _runs(flow.final_output) - _runs(flow.trace.input)
    if not wanted:
        return None
    for index in sorted(flow.upstream_of_final):
        step = flow.steps[index]
        if index == final or step.kind not in (StepKind.AGENT, StepKind.LLM):
            continue
        if _runs(step.output) & wanted:
            return index
    return None


def error_reader(flow: StepGraph, failed: int) -> int | None:
    """The decision step that read a tool's error: the first one the tool fed, directly or
    through the tool's own retries (tool steps fed by it). In a trace with LLM calls, an LLM
    call; in one without (a recorder's agent steps), the calling agent's next step. Only a
    tool's error is read by a decision step."""
    tool = flow.steps[failed]
    if tool.kind is not StepKind.TOOL:
        return None
    reads = StepKind.LLM if records_decisions(flow) else StepKind.AGENT
    fed = {failed}
    for index in range(failed + 1, len(flow.steps)):
        if not any(p in fed for p in flow.parent_indexes[index]):
            continue
        step = flow.steps[index]
        if step.kind is reads and (reads is StepKind.LLM or step.agent == tool.agent):
            return index
        if step.kind is StepKind.TOOL:
            fed.add(index)
    return None


def went_on(flow: StepGraph, failed: int) -> int | None:
    """The decision step that read a tool's error and went on as if the call had worked: it
    did not say that anything failed (one that said so passed the failure on, truly; as
    `owned_up` reads it)."""
    reader = error_reader(flow, failed)
    if reader is None or owned_up(flow.steps[reader].output, flow.steps[failed]):
        return None
    return reader


def _retried(flow: StepGraph, failed: int) -> bool:
    """The agent's next action after a tool's error was the same tool again: it did not go on
    as if the call had worked. Whether the retry worked is the retry's own step to say. A
    call of the same tool fed by the failed one (a client's retry) is a retry too.

    The next action is asked for by the LLM call that read the error or, when that call only
    planned (asked for nothing and wrote none of the final answer's values), by the next call
    of the same agent. A call that answered instead went on: a later call of the same tool,
    perhaps for something else, is no retry; but a reader that went on to other calls of the
    tool (listing the pools, to find an id) and then asked again, before its agent answered,
    came back to it (`_came_back`). A code agent's call whose own code raised was retried
    when its next call wrote that code again, fixed (`interpreter.redone`).
    """
    if flow.steps[failed].kind is StepKind.LLM and redone(flow, failed):
        return True  # a code agent's call whose code raised, fixed by its next call
    name = flow.steps[failed].name
    asked = again(flow.steps[failed])
    if any(
        flow.steps[i].kind is StepKind.TOOL and asked(flow.steps[i]) for i in flow.children(failed)
    ):  # called again at once (a client's or framework's retry), not for the next page
        return True
    call = error_reader(flow, failed)
    agent = flow.steps[failed].agent
    for _planned in range(2):  # the reader, then at most the one call after a planning call
        if call is None:
            return False
        children = flow.children(call)
        tools = [i for i in children if flow.steps[i].kind is StepKind.TOOL]
        if not tools:  # LangGraph: the call feeds its agent node, which runs the tools
            tools = [
                i
                for node in children
                if flow.steps[node].kind is StepKind.AGENT and flow.steps[node].agent == agent
                for i in flow.children(node)
                if flow.steps[i].kind is StepKind.TOOL
            ]
        if tools:  # it asked again, owned up and tried another way, or came back to it later
            same = [flow.steps[i] for i in tools if flow.steps[i].name == name]
            return (
                any(map(asked, same))
                or (bool(same) and owned_up(flow.steps[call].output, flow.steps[failed]))
                or _came_back(flow, failed, max(tools), asked)
            )
        if _answers(flow, call):
            return False
        calls = [
            i
            for i in children
            if flow.steps[i].kind is StepKind.LLM and flow.steps[i].agent == agent
        ]
        call = min(calls) if calls else None
    return False


def _came_back(flow: StepGraph, failed: int, after: int, asked: Callable[[Step], bool]) -> bool:
    """The failed call's agent next called its tool, after step `after` (the reader's own
    calls), with like arguments (`asked`), before the agent handed on an answer
    (`final_answer`): it came back to what failed, on the way (a wrong endpoint mended once
    the ids were listed). Only that next call is read: one look-up, not a scan."""
    step = flow.steps[failed]
    calls = flow.agent_tool_calls.get((step.agent, step.name), [])
    at = bisect_right(calls, after)
    if at == len(calls):
        return False
    answers = flow.agent_tool_calls.get((step.agent, "final_answer"), [])
    answered = bisect_right(answers, after)
    if answered < len(answers) and answers[answered] < calls[at]:
        return False  # the agent answered first: a later task's call, no return to this one
    return asked(flow.steps[calls[at]])


def again(failed: Step) -> Callable[[Step], bool]:
    """Whether a tool call asks what the failed one asked: the same tool, with arguments that
    share half their words or more, a web address's site and a JSON object's keys aside (a
    search reworded, a page fetched again, a path mended); opening another page of a site
    or of a search's results (`/news/2019/...` for `/register`) is going on without it. The
    failed call's words are read once, however many calls are compared with it. Arguments
    alike but for the number of a page (`page=2`, `page=3`; `offset`, `cursor`, `/page/3`)
    ask for the next page; any other number changed (`"attempt": 2`, an id mended) asks
    again."""
    before = _argument_words(failed.input)
    pages = _paged().sub("#", failed.input[:_SCAN])

    def asks_again(call: Step) -> bool:
        if call.name != failed.name:
            return False
        if call.input[:_SCAN] != failed.input[:_SCAN] and (
            _paged().sub("#", call.input[:_SCAN]) == pages
        ):
            return False
        after = _argument_words(call.input)
        if not before or not after:
            return True
        shared = len(after & before)  # the smaller set is walked: no union built per call
        return 2 * shared >= len(before) + len(after) - shared

    return asks_again


def owned_up(said: str, failed: Step) -> bool:
    """The call that read a tool's error said it failed (`The blog link is dead (404).`, in
    words of failure, by the error's status, or by opening with a denial, `Not at that
    path.`): another call of the tool after it went on knowingly, not as if the call had
    worked."""
    if reports_failure(said) or _denied().match(prose(said)) is not None:
        return True
    codes = _status().findall((failure(failed) or "")[:_SCAN])
    return any(re.search(rf"(?<![\w/.-]){code}(?![\w/.-])", said[:_SCAN]) for code in codes)


def _argument_words(arguments: str) -> frozenset[str]:
    """The words and figures of a tool call's arguments, case aside, without a web address's
    scheme and site (`https://www.guild.org.uk`) or a JSON object's keys (`"url":`): every
    page of a site shares those."""
    text = site().sub(" ", json_key().sub(" ", arguments[:_SCAN].casefold()))
    return frozenset(_token().findall(text))


_token = compiled_on_use(r"[^\W_]{2,}")
_paged = compiled_on_use(
    r"(?i)(?<=\bpage)([\"']?[ \t]*[=:/][ \t]*)\d+|(?<=\boffset)([\"']?[ \t]*[=:][ \t]*)\d+"
    r"|(?<=\bcursor)([\"']?[ \t]*[=:][ \t]*[\"']?)\w+|(?<=\bstart)([\"']?[ \t]*[=:][ \t]*)\d+"
)
"""A page's number under its key (`page=2`, `"page": 2`, `/page/2`, `offset=50`, `cursor`)."""
_denied = compiled_on_use(
    r"(?i)\s*(?:thought:\s*)?(?:(?:not|nothing|none)[ \t]+(?:at|in|on|there|here|found)"
    r"|no[ \t]+(?:such|luck|match(?:es)?|results?|file|page))\b"
)
"""A call's own words that open by denying what it looked for was there (`Thought: Not at
that path.`, `Nothing there.`, `No match.`); not `No need to retry`."""
_status = compiled_on_use(r"(?<![\w/.-])[45]\d\d(?![\w/.-])")
"""An HTTP status of failure an error states (`404 Not Found`, `503 Server Error`)."""


def _answers(flow: StepGraph, index: int) -> bool:
    """Whether step `index` wrote one of the values the final output gives as its answer."""
    output = flow.steps[index].output[:_SCAN].casefold()
    values = answer_values(flow.final_output, flow.trace.input)
    return any(value.casefold() in output for found in values for value in found)


def _conversation(flow: StepGraph, final: int, shown: str) -> Iterator[Suspect]:
    kinds = (StepKind.AGENT, StepKind.LLM)  # a routing step (`candidates`) is no one's turn
    speakers = [s.index for s in flow.steps if s.kind in kinds and "candidates" not in s.metadata]
    if not speakers:
        return
    opener = flow.steps[speakers[0]].agent
    origin = answer_origin(flow, range(len(flow.steps)))
    # The caller that read its tool's error and went on; known for a reply by `tool_call_id`
    failed = ignored_error(flow, origin, final) if on("error-reader") else None
    called = failed is not None and flow.steps[failed].metadata.get("tool_call_id")
    if failed is not None and called and (reader := went_on(flow, failed)) is not None:
        error = quote(failure(flow.steps[failed]) or "")
        verb = failed_as(flow.steps[failed])
        said = f"read the error {error} that {flow.label(failed)} {verb} and went on"
        yield agent_at(
            flow, reader, 0.55, f"{shown}; {flow.label(reader)} {said} as if it had succeeded"
        )
    computed = answer_computed(flow, origin) if on("answer-computed") else None
    if computed is not None:
        author, tool, value = computed
        yield agent_at(
            flow,
            author,
            0.5,
            f"{shown}; {flow.label(tool)} ran code that {flow.label(author)} wrote, and its "
            f"output was the first to state the final answer {quote(value)} that the final "
            "output repeats",
        )
    action = first_action(flow) if on("first-action") else None
    if action is not None:
        author, tool = action
        yield agent_at(
            flow,
            author,
            0.5,
            f"{shown}; {flow.label(author)} wrote the first action the run "
            f"executed ({flow.label(tool)}), which the rest of the run built on",
        )
    claim = unsupported_claim(flow, final) if on("unsupported-claim") else None
    if claim is not None:
        index, token = claim
        yield agent_at(
            flow,
            index,
            0.45,
            f"{shown}; {flow.label(index)} stated {quote(token)}, which neither the task nor any "
            "earlier message or tool output had, and the final output repeats it",
        )
    if origin is not None and on("answer-first-stated"):
        index, value = origin
        author = requester(flow, index)
        if index < final and flow.steps[author].agent != opener:
            yield agent_at(
                flow,
                author,
                0.4,
                f"{shown}; {flow.label(index)} first stated the final "
                f"answer {quote(value)} that the final output repeats",
            )
    worker = next((i for i in speakers if flow.steps[i].agent != opener), None)
    if worker is not None and on("first-worker-turn"):
        yield agent_at(
            flow,
            worker,
            0.35,
            f"{shown}; {flow.label(worker)} is the first worker turn "
            f"after {opener}'s opening, where the plan first met the task",
        )


def requester(flow: StepGraph, index: int) -> int:
    """For a tool step, the calling agent's message that asked for it; else the step itself.

    Within the caller's own run of messages just before the call (back to the previous tool
    call or another agent's message): the nearest one that carries a code block, else the
    nearest one.
    """
    step = flow.steps[index]
    if step.kind is not StepKind.TOOL:
        return index
    nearest: int | None = None
    for earlier in range(index - 1, -1, -1):
        candidate = flow.steps[earlier]
        if candidate.kind is StepKind.TOOL or (
            candidate.agent != step.agent and candidate.kind is not StepKind.HUMAN
        ):
            break
        if candidate.kind is StepKind.HUMAN:
            continue
        if nearest is None:
            nearest = earlier
        if "```" in candidate.output[:_SCAN]:
            return earlier
    # Bounded by the previous tool call or another agent's message, so all calls together
    # stay linear in the trace; with no message of the caller there, the tool step itself.
    return nearest if nearest is not None else index


def answer_computed(flow: StepGraph, origin: tuple[int, str] | None) -> tuple[int, int, str] | None:
    """(author, tool step, value): the final answer first appeared in the output of code an
    agent wrote and a tool ran; that code computed the wrong value, so its author introduced
    it. None when the answer first appeared in a message, or in a tool's output of no code.
    """
    if origin is None:
        return None
    index, value = origin
    if flow.steps[index].kind is not StepKind.TOOL:
        return None
    author = requester(flow, index)
    if author == index or "```" not in flow.steps[author].output[:_SCAN]:
        return None
    return author, index, value


def first_action(flow: StepGraph) -> tuple[int, int] | None:
    """(author, tool step) of the first tool call that ran code an agent wrote."""
    for tool in flow.all_tool_steps:
        author = requester(flow, tool)
        if author != tool and "```" in flow.steps[author].output[:_SCAN]:
            return author, tool
    return None


def final_answer_origin(flow: StepGraph) -> tuple[int, str] | None:
    """`answer_origin` upstream of the final step, found once per trace (a pass over every
    step's output): each content rule and its runners-up ask for it."""
    if "answer_origin" not in flow.shared:
        flow.shared["answer_origin"] = answer_origin(flow, flow.upstream_of_final)
    return flow.shared["answer_origin"]  # type: ignore[no-any-return]


def answer_origin(
    flow: StepGraph, among: Iterator[int] | range | frozenset[int]
) -> tuple[int, str] | None:
    """(step, value): where the final answer first appeared among `among` (human turns aside).

    The most explicit class of answer values that can be traced decides: the earliest first
    appearance of a marked or emphasised value, or the first appearance of the last number.
    """
    allowed = sorted(i for i in among if flow.steps[i].kind is not StepKind.HUMAN)
    if not allowed:
        return None
    for rank, values in enumerate(answer_values(flow.final_output, flow.trace.input)):
        found = [
            (first, value)
            for value in values
            if (first := _first(flow, allowed, value)) is not None
        ]
        if found:
            return found[0] if rank >= 2 else min(found)
    return None


def _first(flow: StepGraph, allowed: list[int], value: str) -> int | None:
    key = None if _is_number(value) else quantity_key(value)
    if key is not None:
        return first_with_unit(flow, allowed, key)
    if _is_number(value):
        wanted = _norm(value)
        tail = wanted.lstrip("-")[-3:]
        for index in allowed:
            text = flow.steps[index].output[:_SCAN]
            if tail in text and wanted in _numbers(text):
                return index
        return None
    return flow.first_folded_hit(value, allowed, "out")
