"""Tool errors a wrong answer went on from: a code agent's call whose code caught a tool's
failure and went on, or the call that read the error and answered with a value of its own.

A code agent runs the code its LLM call wrote; a `try: ... except: rate = 25.0` there turns a
tool's failure into a value of the model's making before any later call sees the error. The
call that read the error cannot have decided to ignore it (none read it): the call that wrote
the code did, when it wrote the fallback. Where a call did read it, and wrote the wrong value
(`the production service timed out ... so about capacity: 450,000 t`), that call decided to
go on without what the failed call was to give, however it worded the failure.
"""

from __future__ import annotations

from blame.engine.chosen import CODE_CALLS
from blame.engine.claims import opens_with_failure, reports_failure
from blame.engine.drift import answer_text
from blame.engine.interpreter import blocks, code_of
from blame.engine.matching import Matcher, quote
from blame.engine.provenance import again, error_reader, ignored_error, owned_up
from blame.engine.rules import on
from blame.engine.suspects import at_step, decision, records_decisions
from blame.faultmarks import failed_as, failure
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Suspect
from blame.text import SCAN, compiled_on_use


def swallowed(
    flow: StepGraph, index: int, bad: Matcher, wrong: str, final: int
) -> tuple[Suspect, ...]:
    """The call whose code caught a tool's failure before the wrong value was written, and
    went on without it reaching any model; empty when none did."""
    failed = ignored_error(flow, (index, wrong), final) if on("error-swallowed") else None
    caller = None if failed is None or failed >= index else _caller(flow, failed)
    if failed is not None and caller is None:
        return _read(flow, failed, bad, wrong)
    if failed is None or caller is None:
        return ()
    tool = flow.steps[failed]
    return (
        at_step(
            flow,
            caller,
            0.85,
            f"{flow.label(failed)} {failed_as(tool)} {quote(failure(tool) or '')}, and no LLM "
            f"call read it: the code {flow.label(caller)} wrote called {tool.name} and went on "
            f"without it; the wrong value {quote(wrong)} reached the final output",
        ),
    )


def answered_past_failure(
    flow: StepGraph, index: int, bad: Matcher, right: Matcher
) -> Suspect | None:
    """The LLM call that answered with the wrong value (first found at step `index`) that an
    LLM call of another agent handed it only after an answer that opened by saying it
    failed (`Not found: the page returned 503 twice. ... The only figure I saw, in a June
    snippet: 412 pts`): the value came as an aside to a failure, and answering with it was
    the reader's choice, whatever was asked for before. Not when the reporter stated
    something else first (`The span is 24.0 m. ... The database was unavailable`), wrote
    code (its strings, `print(f"Error: {e}")`, are no answer), or had the right value."""
    if not records_decisions(flow) or not on("failure-aside"):
        return None
    steps = flow.steps
    wrote = sorted(
        at
        for at in {index, *flow.descendants(index)}
        if steps[at].kind is StepKind.LLM and bad.out(flow, at)
    )
    if not wrote or right.inp(flow, wrote[0]):
        return None
    reporter = wrote[0]
    if blocks(steps[reporter].output[:SCAN])[0]:
        return None
    opening = opens_with_failure(answer_text(steps[reporter].output), flow.trace.input)
    if opening is None or bad.find(flow, opening) is not None:
        return None
    after = flow.descendants(reporter)
    reader = next(
        (
            later
            for later in wrote[1:]
            if later in after
            and steps[later].agent != steps[reporter].agent
            and not reports_failure(steps[later].output)
        ),
        None,
    )
    if reader is None:
        return None
    why = (
        f"{flow.label(reporter)} opened its answer with {quote(opening)} and gave {bad.shown} "
        f"only after it; {flow.label(reader)} answered with it as a finding"
    )
    return at_step(flow, reader, 0.85, why)


def _read(flow: StepGraph, failed: int, bad: Matcher, wrong: str) -> tuple[Suspect, ...]:
    """The LLM call that read the error of tool step `failed` (no one retried it) and wrote
    the wrong value (`bad`) itself: it answered without what the call was to give."""
    reader = error_reader(flow, failed) if records_decisions(flow) else None
    if reader is None or not on("error-reader"):
        return ()
    if not _wrote(flow, reader, bad):
        return _went_on(flow, failed, reader, bad, wrong)
    steps = flow.steps
    if reports_failure(steps[reader].output) and any(
        later > reader and steps[later].kind is StepKind.LLM for later in bad.hits(flow, "out")
    ):  # it said what failed and handed the value on: a later call chose to answer with it
        return ()
    why = f"{_read_error(flow, reader, failed)} and wrote the wrong value {quote(wrong)}"
    said = f"{why} that reached the final output, without what the call was to give"
    return (at_step(flow, reader, 0.85, said),)


def _went_on(
    flow: StepGraph, failed: int, reader: int, bad: Matcher, wrong: str
) -> tuple[Suspect, ...]:
    """The LLM call `reader` read the error, said nothing failed and went on to something
    else (another page, not the one that failed: `The register loaded ...; for the total I
    read the news article`), and a later call of its agent, downstream of it, wrote the
    wrong value as a finding: going on without what the call was to give decided."""
    steps = flow.steps
    if owned_up(steps[reader].output, steps[failed]) or not on("error-went-on"):
        return ()
    agent, after = steps[reader].agent, flow.descendants(reader)
    asked = again(steps[failed])
    if any(s.kind is StepKind.TOOL and asked(s) for s in steps[failed + 1 :]):
        return ()  # it came back to the call later (the file at its right path)
    writer = next(
        (
            at
            for at in sorted(bad.hits(flow, "out"))
            if at in after
            and steps[at].kind is StepKind.LLM
            and steps[at].agent == agent
            and not reports_failure(steps[at].output)
        ),
        None,
    )
    if writer is None or _read_an_error(flow, writer):
        return ()  # the writer read an error itself: its own going on is the one to judge
    why = f"{_read_error(flow, reader, failed)}, said nothing failed and went on without it"
    said = f"{why}; {flow.label(writer)} then wrote the wrong value {quote(wrong)}"
    return (at_step(flow, reader, 0.85, f"{said} that reached the final output"),)


def _read_an_error(flow: StepGraph, call: int) -> bool:
    """A tool that failed fed the LLM call `call`, directly or through the tools it fed in
    turn (a code step's calls): the call read its error. One walk back over those tools."""
    todo, seen = list(flow.parent_indexes[call]), set()
    while todo:
        at = todo.pop()
        if at in seen or flow.steps[at].kind is not StepKind.TOOL:
            continue
        seen.add(at)
        if failure(flow.steps[at]):
            return True
        todo.extend(flow.parent_indexes[at])
    return False


def _read_error(flow: StepGraph, reader: int, failed: int) -> str:
    """`step 5 (...) read the error '...' that step 4 (...) raised`."""
    tool = flow.steps[failed]
    return (
        f"{flow.label(reader)} read the error {quote(failure(tool) or '')} that "
        f"{flow.label(failed)} {failed_as(tool)}"
    )


def _wrote(flow: StepGraph, reader: int, bad: Matcher) -> bool:
    """The LLM call `reader` wrote the wrong value: in its output, or its code handed it to
    a tool it called (`final_answer(str(latest["syrup_l"]))`, the value an earlier call
    fetched), its calls being the tool steps recorded right after it that it feeds."""
    if bad.out(flow, reader):
        return True
    steps, after = flow.steps, reader + 1
    while (
        after < len(steps) and steps[after].kind is StepKind.TOOL and after - reader <= CODE_CALLS
    ):
        if reader in flow.parent_indexes[after] and bad.inp(flow, after):
            return True
        after += 1
    return False


def _caller(flow: StepGraph, failed: int) -> int | None:
    """The LLM call whose code called a tool that failed, caught the failure and went on: no
    later LLM call's input has the error's message, so no model read it (a code agent's
    `try: ... except: rate = 25.0`). None when a call read it, or the trace records no LLM
    calls (there, a step's input need not show what it was given), or the caller's code
    has no `except` clause."""
    tool = flow.steps[failed]
    message = failure(tool)
    caller = decision(flow, failed)
    if not message or caller == failed or not records_decisions(flow):
        return None
    if not catches(flow.steps[caller].output[:SCAN]):
        return None  # no code of the call caught it: a framework hid the error
    said = shown_error(message)
    later = (flow.steps[i] for i in range(failed + 1, len(flow.steps)))
    if not said or any(s.kind is StepKind.LLM and said in s.input for s in later):
        return None
    return caller


def catches(output: str) -> bool:
    """The call wrote code with an `except` clause (Python's way to catch a failure)."""
    return _except().search(code_of(output)) is not None


def shown_error(message: str) -> str:
    """What a framework shows a model of a tool's error: its last line, without the class it
    opens with (`RuntimeError: `), at most 40 characters ("" for a blank message). A
    traceback's first line says nothing a model would be shown."""
    lines = [line.strip() for line in message.splitlines() if line.strip()]
    return _exception_name().sub("", lines[-1], count=1)[:40] if lines else ""


_exception_name = compiled_on_use(r"^[\w.]*(?:Error|Exception)\b:?\s*")
"""The class an error message opens with (`RuntimeError: `), which a framework may not show."""
_except = compiled_on_use(r"(?m)^[ \t]*except\b")
"""An `except` clause opening a line of code."""
