"""Fault-injection benchmark: top-1 culprit and step accuracy per fault class.

Run from a fresh checkout: `python bench/attribution/run.py`. Beside the engine, a baseline
that always blames the last agent (agentgrade-style), on the same cases.
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import Case, Expected, generate

from blame.engine import attribute
from blame.graph import StepGraph
from blame.model import StepKind
from blame.results import Evaluation

FAILED = Evaluation(score=0.0, message="failed (injected fault)")


def engine_guess(case: Case) -> Expected | None:
    """The engine's top suspect."""
    suspects = attribute(case.check, FAILED, StepGraph(case.trace))
    if not suspects:
        return None
    top = suspects[0]
    return Expected(top.kind, top.name, top.step_index if top.step_index is not None else -1)


def last_agent_guess(case: Case) -> Expected | None:
    """Always the last agent step."""
    last = next((s for s in reversed(case.trace.steps) if s.kind is StepKind.AGENT), None)
    return None if last is None else Expected("agent", last.agent, last.index)


def main(argv: list[str]) -> int:
    verbose = "-v" in argv
    cases = generate()
    started = time.perf_counter()
    table: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    totals = {"engine": [0, 0], "baseline": [0, 0]}
    counts: dict[str, int] = defaultdict(int)
    for case in cases:
        counts[case.fault] += 1
        for who, guess in (("engine", engine_guess(case)), ("baseline", last_agent_guess(case))):
            culprit = guess is not None and (guess.kind, guess.name) == (
                case.expected.kind,
                case.expected.name,
            )
            step = culprit and guess is not None and guess.step == case.expected.step
            table[case.fault][who][0] += int(culprit)
            table[case.fault][who][1] += int(step)
            totals[who][0] += int(culprit)
            totals[who][1] += int(step)
            if verbose and who == "engine" and not step:
                print(f"MISS {case.id}: expected {case.expected}, got {guess}")
    elapsed = time.perf_counter() - started
    header = (
        f"{'fault class':26} {'cases':>5}  {'culprit':>8} {'step':>6}  {'last-agent baseline':>20}"
    )
    print(header)
    print("-" * len(header))
    for fault in sorted(table):
        n = counts[fault]
        e, b = table[fault]["engine"], table[fault]["baseline"]
        print(
            f"{fault:26} {n:5d}  {e[0] / n:8.1%} {e[1] / n:6.1%}  {b[0] / n:11.1%} {b[1] / n:8.1%}"
        )
    n = len(cases)
    e, b = totals["engine"], totals["baseline"]
    print("-" * len(header))
    print(f"{'all':26} {n:5d}  {e[0] / n:8.1%} {e[1] / n:6.1%}  {b[0] / n:11.1%} {b[1] / n:8.1%}")
    print(
        f"{len(cases)} cases in {elapsed:.2f} s (culprit = kind and name; step = culprit and step)"
    )
    return 0 if e[1] == n else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
