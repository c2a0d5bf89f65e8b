"""Attribution accuracy on Who&When: real multi-agent failures labelled by people.

Usage: python bench/who_and_when.py DATA_DIR [--per-case] [--json]

DATA_DIR holds `Algorithm-Generated/` and `Hand-Crafted/` (one JSON file per failed task, read
at run time and never copied). For each case the `history` is imported as a chat transcript
by blame's chat importer, a `contains: <ground_truth>` check is evaluated on the final output
through the real evaluation path (`blame.runner.evaluate_trace`: evaluators, then the blame
engine), and the top suspect's agent and step are compared with the human labels
(`mistake_agent`, `mistake_step`) by exact match, as the paper scores them.

Printed beside blame: the simple no-model baselines computed here on the same imported traces,
the baselines the data's README lists, and the paper's GPT-4o numbers. Also printed, so that a
rule is kept only when it generalises: the step within one message either way (+-1), whether
the label is among the top three suspects (top-3 agent, top-3 step), and every figure on the
odd- and even-numbered files separately (two folds: a rule tuned on one fold must also help the
other, or it was fitted to files, not to failures).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from blame.importers.chat import ChatImporter
from blame.model import StepKind, Trace

SUBSETS = ("Algorithm-Generated", "Hand-Crafted")
"""The data's two folders."""

PAPER_GPT4O = {
    "Algorithm-Generated": {
        "GPT-4o all-at-once": (54.33, 12.50),
        "GPT-4o step-by-step": (35.20, 25.51),
        "GPT-4o binary search": (44.13, 23.98),
    },
    "Hand-Crafted": {
        "GPT-4o all-at-once": (55.17, 5.26),
        "GPT-4o step-by-step": (34.48, 7.02),
        "GPT-4o binary search": (51.72, 6.90),
    },
}
"""Published agent / step accuracy (%), Zhang et al., ICML 2025, with ground truth."""

README_BASELINES = {
    "Algorithm-Generated": {
        "most frequent agent": (54.0, None),
        "first error keyword": (None, 27.8),
    },
    "Hand-Crafted": {"last agent": (60.3, None), "first worker turn": (None, 19.0)},
}
"""The no-model baselines the data's README lists (agent %, step %), one level each."""

ERROR_KEYWORDS = re.compile(
    r"\b(error|exception|traceback|failed|failure|cannot|unable|not found|invalid)\b",
    re.IGNORECASE,
)
"""Words the first-error-keyword baseline looks for."""

Prediction = tuple[str | None, int | None]
"""(agent, step) of one suspect."""
FOLDS = ("odd", "even")
"""The two halves of each subset, by the parity of the file's number."""
TOP = 3
"""Suspects counted for the top-k figures."""


@dataclass(slots=True)
class Case:
    """One labelled failure."""

    subset: str
    """Algorithm-Generated or Hand-Crafted."""
    name: str
    """The file's stem."""
    trace: Trace
    """The imported history."""
    ground_truth: str
    """The correct answer the run missed."""
    agent: str
    """The labelled culprit agent."""
    step: int | None
    """The labelled culprit step (history index); None when the label is not an integer."""


@dataclass(slots=True)
class Tally:
    """Hits of one method on one subset (or fold): exact, within one step, and in the top 3."""

    agent: int = 0
    """Cases whose predicted agent is the labelled one."""
    step: int = 0
    """Cases whose predicted step is the labelled one."""
    near: int = 0
    """Cases whose predicted step is at most one message away from the labelled one."""
    agent_top: int = 0
    """Cases whose labelled agent is among the top three suspects' agents."""
    step_top: int = 0
    """Cases whose labelled step is among the top three suspects' steps."""
    total: int = 0
    """Cases scored."""
    predictions: dict[str, Prediction] = field(default_factory=dict)
    """Case name -> (agent, step) of the top suspect, for --per-case."""

    def add(self, case: Case, ranked: Sequence[Prediction]) -> None:
        """Score one case from its suspects, best first (none: nothing predicted)."""
        top = ranked[0] if ranked else (None, None)
        leaders = ranked[:TOP]
        self.total += 1
        self.agent += top[0] == case.agent
        self.step += top[1] is not None and top[1] == case.step
        self.near += top[1] is not None and case.step is not None and abs(top[1] - case.step) <= 1
        self.agent_top += any(agent == case.agent for agent, _ in leaders)
        self.step_top += case.step is not None and any(step == case.step for _, step in leaders)
        self.predictions[case.name] = top

    def percent(self) -> tuple[float, float]:
        """(agent %, step %), exact match of the top suspect."""
        levels = self.levels()
        return (levels["agent"], levels["step"])

    def levels(self) -> dict[str, float]:
        """Every figure in %: agent, step, step_near (+-1), agent_top3, step_top3."""
        counts = {
            "agent": self.agent,
            "step": self.step,
            "step_near": self.near,
            "agent_top3": self.agent_top,
            "step_top3": self.step_top,
        }
        return {k: (100.0 * v / self.total if self.total else 0.0) for k, v in counts.items()}


def fold_of(case: Case) -> str:
    """ "odd" or "even" by the file's number (a name that is not a number counts as even)."""
    return "odd" if case.name.isdigit() and int(case.name) % 2 else "even"


def load_cases(data_dir: Path, importer: ChatImporter) -> tuple[list[Case], list[str]]:
    """Every case of both subsets, sorted by subset then numeric file name; plus load errors."""
    from blame.errors import BlameError

    cases: list[Case] = []
    errors: list[str] = []
    for subset in SUBSETS:
        folder = data_dir / subset
        if not folder.is_dir():
            errors.append(f"{folder}: missing folder")
            continue
        files = sorted(folder.glob("*.json"), key=lambda p: (len(p.stem), p.stem))
        for path in files:
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
                trace = importer.load(path, test_name=f"{subset}/{path.stem}")
            except (BlameError, OSError, ValueError) as error:
                errors.append(f"{path}: {error}")
                continue
            step_label = str(raw.get("mistake_step", "")).strip()
            cases.append(
                Case(
                    subset=subset,
                    name=path.stem,
                    trace=trace,
                    ground_truth=str(raw.get("ground_truth", "")),
                    agent=str(raw.get("mistake_agent", "")),
                    step=int(step_label) if step_label.lstrip("-").isdigit() else None,
                )
            )
    return cases, errors


def blame_prediction(case: Case) -> tuple[list[Prediction], bool]:
    """Run the real evaluation path: (suspects' agents and steps, best first; whether
    `contains` passed).

    Every case is a failed run, yet a short answer ("2", "shrimp") can occur in a wrong final
    message. Such a case is reported, and blamed with an `exact_match` check on the same
    value instead (which fails), so that the engine still gets a failed check to attribute.
    """
    from blame.config import parse_checks
    from blame.runner import evaluate_trace

    passed = False
    for check_type in ("contains", "exact_match"):
        checks = parse_checks(
            [{"type": check_type, "value": case.ground_truth}], source=case.trace.test_name
        )
        result = evaluate_trace(case.trace, checks, threshold=1.0, name=case.trace.test_name)
        outcome = result.checks[0]
        if outcome.passed:
            passed = True
            continue
        return [(s.agent, s.step_index) for s in outcome.blame], passed
    return [], passed


def _workers(trace: Trace) -> list[int]:
    return [s.index for s in trace.steps if s.kind is StepKind.AGENT]


def last_agent(trace: Trace) -> Prediction:
    """The agent of the last agent turn, at that turn."""
    agents = _workers(trace)
    return (trace.steps[agents[-1]].agent, agents[-1]) if agents else (None, None)


def most_frequent_agent(trace: Trace) -> Prediction:
    """The agent with the most turns (ties: first to speak), at its first turn."""
    agents = _workers(trace)
    if not agents:
        return (None, None)
    counts = Counter(trace.steps[i].agent for i in agents)
    best = max(counts.values())
    first = next(i for i in agents if counts[trace.steps[i].agent] == best)
    return (trace.steps[first].agent, first)


def first_error_keyword(trace: Trace) -> Prediction:
    """The first step (after the opening message) whose text has an error word or an error.

    An error in a tool's output is pinned on the turn that asked for the tool (the latest
    earlier turn of the tool's agent), as a person reading the log would.
    """
    for step in trace.steps[1:]:
        if step.error is None and not ERROR_KEYWORDS.search(step.output[:20000]):
            continue
        if step.kind is StepKind.TOOL:
            for earlier in reversed(trace.steps[: step.index]):
                if earlier.kind is StepKind.AGENT and earlier.agent == step.agent:
                    return (earlier.agent, earlier.index)
        return (step.agent, step.index)
    return (None, None)


def first_worker_turn(trace: Trace) -> Prediction:
    """The first turn by an agent other than the first agent to speak (the planner)."""
    agents = _workers(trace)
    if not agents:
        return (None, None)
    planner = trace.steps[agents[0]].agent
    for index in agents:
        if trace.steps[index].agent != planner:
            return (trace.steps[index].agent, index)
    return (planner, agents[0])


BASELINES: dict[str, Callable[[Trace], Prediction]] = {
    "last agent": last_agent,
    "most frequent agent": most_frequent_agent,
    "first error keyword": first_error_keyword,
    "first worker turn": first_worker_turn,
}
"""No-model baselines computed on the same imported traces."""


def _levels(tally: Tally) -> dict[str, float]:
    return {k: round(v, 2) for k, v in tally.levels().items()}


def _fmt(value: float | None) -> str:
    return "     -" if value is None else f"{value:6.1f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("data_dir", type=Path, help="holds Algorithm-Generated/ and Hand-Crafted/")
    parser.add_argument("--per-case", action="store_true", help="print each case's prediction")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not args.data_dir.is_dir():
        print(f"{args.data_dir}: not a folder; pass the Who&When data folder", file=sys.stderr)
        return 2

    started = time.perf_counter()
    cases, errors = load_cases(args.data_dir, ChatImporter())
    blame_tally = {s: Tally() for s in SUBSETS}
    fold_tally = {(s, f): Tally() for s in SUBSETS for f in FOLDS}
    base_tally = {s: {n: Tally() for n in BASELINES} for s in SUBSETS}
    unexpected: list[str] = []
    unattributed: list[str] = []
    for case in cases:
        ranked, passed = blame_prediction(case)
        if passed:
            unexpected.append(f"{case.subset}/{case.name}")
        elif not ranked:
            unattributed.append(f"{case.subset}/{case.name}")
        blame_tally[case.subset].add(case, ranked)
        fold_tally[(case.subset, fold_of(case))].add(case, ranked)
        for name, baseline in BASELINES.items():
            base_tally[case.subset][name].add(case, [baseline(case.trace)])
    elapsed = time.perf_counter() - started

    if args.json:
        report: dict[str, Any] = {
            "seconds": round(elapsed, 3),
            "errors": errors,
            "unexpected_passes": unexpected,
            "unattributed": unattributed,
            "predictions": [
                {
                    "case": f"{case.subset}/{case.name}",
                    "label": [case.agent, case.step],
                    "blame": list(blame_tally[case.subset].predictions[case.name]),
                }
                for case in cases
            ],
            "subsets": {
                s: {
                    "cases": blame_tally[s].total,
                    "blame": _levels(blame_tally[s]),
                    "folds": {
                        f: {"cases": fold_tally[(s, f)].total, **_levels(fold_tally[(s, f)])}
                        for f in FOLDS
                    },
                    "baselines": {n: _levels(t) for n, t in base_tally[s].items()},
                }
                for s in SUBSETS
            },
        }
        print(json.dumps(report, indent=2, sort_keys=True))
        return 0

    for subset in SUBSETS:
        tally = blame_tally[subset]
        print(f"\n{subset}: {tally.total} cases   (agent % / step %, exact match)")
        print(f"  {'method':<31} {'agent':>6} {'step':>6}")
        agent, step = tally.percent()
        print(f"  {'blame (this checkout)':<31} {_fmt(agent)} {_fmt(step)}")
        for name, base in base_tally[subset].items():
            a, s = base.percent()
            print(f"  {'baseline: ' + name:<31} {_fmt(a)} {_fmt(s)}")
        for name, (a_ref, s_ref) in README_BASELINES[subset].items():
            print(f"  {'README: ' + name:<31} {_fmt(a_ref)} {_fmt(s_ref)}")
        for name, (a_ref, s_ref) in PAPER_GPT4O[subset].items():
            print(f"  {'paper: ' + name:<31} {_fmt(a_ref)} {_fmt(s_ref)}")
        print(
            f"  blame by fold (a rule must help both)  {'agent':>6} {'step':>6} {'+-1':>6}"
            f" {'agent3':>6} {'step3':>6}"
        )
        rows = [("all", tally)] + [(f, fold_tally[(subset, f)]) for f in FOLDS]
        for label, part in rows:
            levels = part.levels()
            figures = " ".join(
                _fmt(levels[k]) for k in ("agent", "step", "step_near", "agent_top3", "step_top3")
            )
            print(f"  {label + f' ({part.total} cases)':<38} {figures}")
    if args.per_case:
        print("\ncase                        label (agent@step)                 blame")
        for case in cases:
            got = blame_tally[case.subset].predictions[case.name]
            mark = ("A" if got[0] == case.agent else "-") + ("S" if got[1] == case.step else "-")
            print(
                f"  {case.subset[:4]}/{case.name:<6} {mark}  {case.agent}@{case.step}"
                f"  <-  {got[0]}@{got[1]}"
            )
    print(f"\ntotal time: {elapsed:.2f} s for {len(cases)} cases")
    if unattributed:
        print(f"unattributed (no suspect): {len(unattributed)}: {', '.join(unattributed)}")
    if unexpected:
        print(
            f"UNEXPECTED: the final output contains ground_truth in {len(unexpected)} cases "
            f"(blamed with exact_match instead): {', '.join(unexpected)}"
        )
    for error in errors:
        print(f"load error: {error}", file=sys.stderr)
    return 2 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
