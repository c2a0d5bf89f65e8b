"""A Researcher -> (Logger, Writer) -> Editor pipeline whose steps are re-runnable (`rec.run_step`).

Each agent is a `PromptedModel`: a scripted draft that obeys its prompt file, read at every
run, so a prompt patch really changes the answer. The bugs are deliberate: the Writer drops
the order reference the Researcher found, and the Editor stamps the reply "DRAFT". The Logger
drops the reference too, but only into a log line the Editor reads and does not copy: a
runner-up suspect that re-running refutes.
`blame confirm` re-runs from each suspect's step with only its output changed and shows which
change flips the failed check.
"""

from __future__ import annotations

from pathlib import Path

from blame import Trace, TraceRecorder
from blame.scripted import PromptedModel

PROMPTS = Path(__file__).with_name("prompts")
ORDERS = {"ZX-4471": ("2 desk lamps", 42)}


def lookup_order(request: str) -> str:
    """The lookup_order tool: the order named in the request."""
    ref = next((r for r in ORDERS if r in request), "")
    if not ref:
        raise LookupError(f"no order reference in {request!r}")
    item, total = ORDERS[ref]
    return f"ref={ref}; item={item}; total={total}"


def research(facts: str) -> str:
    """The Researcher's draft: the facts, as notes."""
    return f"Notes: {facts}"


def write(notes: str) -> str:
    """The Writer's draft: a friendly reply that keeps the item and total, not the reference."""
    fields = dict(part.split("=", 1) for part in notes.removeprefix("Notes: ").split("; "))
    return f"Your {fields['item']} (total={fields['total']}) ship today."


def log_line(notes: str) -> str:
    """The Logger's draft: one line for the support log."""
    fields = dict(part.split("=", 1) for part in notes.removeprefix("Notes: ").split("; "))
    return f"looked up an order of {fields['item']}"


def edit(reply_and_log: str) -> str:
    """The Editor's draft: the reply (not the log line it was shown), stamped as a draft."""
    return f"DRAFT: {reply_and_log.split(LOG_MARK)[0]}"


LOG_MARK = "\n\nSupport log: "


def run(request: str) -> tuple[str, Trace]:
    """The entrypoint blame calls: f(input) -> (final_output, Trace)."""
    rec = TraceRecorder(test_name="run", input=request)
    facts = rec.run_tool("lookup_order", lookup_order, request, agent="Researcher")
    notes = rec.run_step(
        "Researcher", PromptedModel.from_file(PROMPTS / "researcher.md", research), facts
    )
    noted = rec.last_id
    log = rec.run_step("Logger", PromptedModel.from_file(PROMPTS / "logger.md", log_line), notes)
    logged = rec.last_id
    reply = rec.run_step(
        "Writer", PromptedModel.from_file(PROMPTS / "writer.md", write), notes, parents=[noted]
    )
    final = rec.run_step(
        "Editor",
        PromptedModel.from_file(PROMPTS / "editor.md", edit),
        f"{reply}{LOG_MARK}{log}",
        parents=[logged, rec.last_id],
    )
    return final, rec.finalize(final_output=final)
