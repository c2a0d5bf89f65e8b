"""Confirmation on the fault benchmark: are true culprits confirmed and wrong suspects refuted?

Run from a fresh checkout: `python bench/attribution/confirm.py`. Each generated case is run
again as a re-runnable pipeline (every step through `rec.run_step` / `rec.run_tool`, each
step computing its output from the texts it receives, with the case's fault applied in the
same place). A case is re-runnable when that pipeline records the case's trace exactly. Then
every suspect is put to the test (`blame.confirm.judge`): the engine's top three, and the
last-agent baseline's guess, so that the wrong suspects are more than the engine's rare
runner-ups. Printed: true culprits confirmed, wrong suspects refuted, and the steps each
re-run executed against a full re-run.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import Fact, Script, _render, generate

from blame.confirm import judge
from blame.engine import attribute
from blame.graph import StepGraph
from blame.model import StepKind, Trace
from blame.recorder import TraceRecorder
from blame.results import Evaluation, Suspect

FAILED = Evaluation(score=0.0, message="failed (injected fault)")
TASK_FACTS = ("ref=ZX-4471", "total=42")


def facts_of(text: str) -> list[Fact]:
    """The facts a rendered turn carries ("X says (turn i): a; for W2: b"), lines added after
    it (a restored value) included."""
    _, colon, body = text.partition("): ")
    if not colon:  # a bare value (a failed step's empty output, restored)
        body = text
    found: list[Fact] = []
    for part in body.replace("\n", "; ").split("; "):
        part = part.strip()
        if not part:
            continue
        if part.startswith("for ") and ": " in part:
            to, _, fact = part[4:].partition(": ")
            found.append(Fact(fact, to))
        else:
            found.append(Fact(part))
    return found


def _raising(error: str) -> Callable[[object], str]:
    """A step function that raises the error text `Type: message` as that type."""
    kind, _, message = error.partition(": ")

    def fail(_: object) -> str:
        raise type(kind, (Exception,), {})(message)

    return fail


def pipeline(script: Script, name: str, task: str) -> Callable[[], Trace]:
    """The case's run as a re-runnable pipeline: each step reads only the texts it is given."""

    def run() -> Trace:
        rec = TraceRecorder(name, input=task)
        texts: list[str] = []
        ids: list[str] = []
        for i, node in enumerate(script.nodes):
            parents = [ids[p] for p in node.parents]
            if node.tool is not None:
                tool = script.rename.get(i, node.tool)
                facts = [Fact(f"{tool} result R{i}")]
                facts += [Fact(script.add[i])] if i in script.add else []
                out = _render(f"{tool} returned", facts, i)
                fn = _raising(script.error[i]) if i in script.error else (lambda _, o=out: o)
                args = {"query": f"lookup {i}"}
                text = _call(rec.run_tool, tool, fn, args, node.agent, parents)
            else:
                inp = _input(script, i, texts, task)
                fn = _raising(script.error[i]) if i in script.error else _turn(script, i)
                text = _call(rec.run_step, node.agent, fn, inp, None, parents)
            for _ in range(script.repeat.get(i, 0)):
                text = rec.run_step(node.agent, lambda t: t, text, parents=[rec.last_id or ""])
            texts.append(text)
            ids.append(rec.last_id or "")
        return rec.finalize()

    return run


def _call(
    record: Callable[..., str],
    name: str,
    fn: Callable[[object], str],
    given: object,
    agent: str | None,
    parents: list[str],
) -> str:
    """Record one step; a step that raised hands on nothing."""
    try:
        if agent is None:
            return record(name, fn, given, parents=parents)
        return record(name, fn, given, agent=agent, parents=parents)
    except Exception:
        return ""


def _input(script: Script, i: int, texts: list[str], task: str) -> str:
    """What node `i` is given: the texts of its parents (a split parent's part for it only,
    a cut message cut), as the generator renders them."""
    node = script.nodes[i]
    if not node.parents:
        return task
    parts: list[str] = []
    for p in node.parents:
        text = texts[p]
        if script.nodes[p].split:
            sent = [f for f in facts_of(text) if f.to in (None, node.agent)]
            text = _render(f"{script.nodes[p].agent} says", sent, p)
        sender, fact = script.cut.get(i, (-1, ""))
        if sender == p and fact in text:
            at = text.index(fact)
            text = text[:at] if i % 2 else text[at + len(fact) :]
        parts.append(text)
    return "\n".join(parts)


def _turn(script: Script, i: int) -> Callable[[str], str]:
    """Node `i`'s behaviour: the facts it received, with its fault applied, rendered."""
    node = script.nodes[i]

    def turn(inp: str) -> str:
        if not node.parents:
            received = [Fact(f, script.routed.get(f)) for f in TASK_FACTS]
        else:
            received = []
            for piece in inp.split("\n"):
                for f in facts_of(piece):
                    if Fact(f.text) not in received:
                        received.append(Fact(f.text))
        facts = [f for f in received if f.text != script.drop.get(i)]
        if i in script.swap:
            old, new = script.swap[i]
            facts = [Fact(new, f.to) if f.text == old else f for f in facts]
        facts += [Fact(script.add[i])] if i in script.add else []
        return _render(f"{node.agent} says", facts, i)

    return turn


def same_run(a: Trace, b: Trace) -> bool:
    """The same steps (what flows, who, which errors) and final output."""

    def shape(t: Trace) -> list[tuple[object, ...]]:
        return [(s.kind, s.name, s.agent, s.input, s.output, s.error, s.parents) for s in t.steps]

    return shape(a) == shape(b) and a.final_output == b.final_output


def baseline(trace: Trace) -> Suspect | None:
    """The last-agent baseline's guess."""
    last = next((s for s in reversed(trace.steps) if s.kind is StepKind.AGENT), None)
    if last is None:
        return None
    return Suspect("agent", last.agent, last.agent, last.index, 0.5, "the last agent")


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    cases = generate()
    runnable = 0
    truth: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    rerun = full = 0
    for case in cases:
        script = case.script
        if script is None:
            continue
        run = pipeline(script, case.trace.test_name, case.trace.input)
        trace = run()
        if not same_run(trace, case.trace):
            if verbose:
                print(f"not re-runnable: {case.id}")
            continue
        runnable += 1
        suspects = list(attribute(case.check, FAILED, StepGraph(trace))[:3])
        guess = baseline(trace)
        if guess is not None and all(
            (s.kind, s.name, s.step_index) != (guess.kind, guess.name, guess.step_index)
            for s in suspects
        ):
            suspects.append(guess)
        for suspect in suspects:
            found = judge(case.check, suspect, trace, run)
            right = (suspect.kind, suspect.name, suspect.step_index) == (
                case.expected.kind,
                case.expected.name,
                case.expected.step,
            )
            (truth if right else wrong)[found.verdict] += 1
            if found.verdict in ("confirmed", "refuted"):
                rerun += found.steps_rerun
                full += found.steps_total
            if verbose and (right != (found.verdict == "confirmed")):
                print(
                    f"{case.id}: {suspect.name}@{suspect.step_index} {found.verdict}: "
                    f"{found.change} (truth: {right})"
                )
    tested_truth = truth["confirmed"] + truth["refuted"] + truth["inconclusive"]
    tested_wrong = wrong["confirmed"] + wrong["refuted"] + wrong["inconclusive"]
    print(f"{len(cases)} cases, {runnable} re-runnable (the pipeline records the case's trace)")
    print(
        f"true culprits confirmed: {truth['confirmed']}/{tested_truth}"
        f" ({truth['confirmed'] / max(tested_truth, 1):.1%}) of those with a counterfactual;"
        f" {truth['unavailable']} without one (budgets, tool calls)"
    )
    print(
        f"wrong suspects refuted: {wrong['refuted']}/{tested_wrong}"
        f" ({wrong['refuted'] / max(tested_wrong, 1):.1%}); {wrong['unavailable']} without a"
        " counterfactual"
    )
    print(
        f"steps executed: {rerun} over all re-runs against {full} for full re-runs"
        f" ({rerun / max(full, 1):.1%})"
    )
    refuted = wrong["refuted"] / max(tested_wrong, 1)
    return 0 if truth["confirmed"] == tested_truth and refuted >= 0.9 else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
