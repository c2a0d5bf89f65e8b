"""Attribution accuracy on real framework traces with planted, labelled faults.

Usage: python bench/real_traces.py [--out DIR] [--per-case] [--json] [--only FRAMEWORK]

Each case is one run of a real multi-agent system (a smolagents manager with a search
sub-agent; more systems are added in bench/corpus/) traced by a real OpenTelemetry
instrumentor (OpenInference) with scripted offline models, one planted fault from a taxonomy
(misread tool output, hallucinated fact, ignored tool error, wrong tool arguments, goal
deviation, wrong format, premature final answer, looping), and a label: the LLM-call span that
made the wrong decision. The traces are made in seconds, so they are generated, not committed;
`--out DIR` also writes them (one OTLP/JSON file, one checks file per case, and labels.json) so
that `blame analyze DIR/traces/X.json --checks DIR/checks/X.yaml` can be run on any of them.

Each trace goes through blame's OTLP importer and the real evaluation path (checks, then the
blame engine); the top suspect of the first failed check is scored:
- top-1 span: its step is a labelled span; top-3: one of the first three suspects' steps is;
- agent: its agent is the agent whose model made the decision (names compared without case
  and without the `.run` that smolagents' instrumentor appends to agent span names).
Beside blame, no-model baselines on the same imported traces: the first span with an error
(else the first LLM span), the last LLM span, and a uniformly random LLM or tool span
(its expected accuracy, computed exactly).

Needs the `bench` extra: `pip install -e ".[dev,bench]"`.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpus.faults import FAULTS, Case

from blame.model import StepKind, Trace

FRAMEWORKS: dict[str, str] = {
    "crewai": "corpus.crewai_system",
    "langgraph": "corpus.langgraph_system",
    "smolagents": "corpus.smolagents_system",
}
"""Framework name -> the module whose `cases()` generates its corpus."""


@dataclass(frozen=True, slots=True)
class Scored:
    """What one method predicted for one case."""

    top1: bool
    """The first pick is a labelled span."""
    top3: bool
    """One of the first three picks is."""
    agent: bool
    """The first pick's agent owns the labelled span."""


def generate(only: str | None) -> Iterator[Case]:
    """Every case of every framework whose packages are installed (missing ones are said)."""
    import importlib

    for framework, module_name in sorted(FRAMEWORKS.items()):
        if only and framework != only:
            continue
        try:
            module = importlib.import_module(module_name)
            yield from module.cases()
        except ImportError as error:
            print(f"skipped {framework}: {error} (install the bench extra)", file=sys.stderr)


def _checks_yaml(case: Case) -> str:
    return json.dumps({"checks": case.checks, "fail_below_reward": 1.0}, indent=2) + "\n"


def write_corpus(cases: Sequence[Case], out: Path) -> None:
    """Traces, checks and labels as files a person can run blame on."""
    (out / "traces").mkdir(parents=True, exist_ok=True)
    (out / "checks").mkdir(parents=True, exist_ok=True)
    labels = {}
    for case in cases:
        stem = case.name.replace("/", "__")
        (out / "traces" / f"{stem}.json").write_text(json.dumps(case.otlp, indent=1) + "\n")
        (out / "checks" / f"{stem}.yaml").write_text(_checks_yaml(case))
        labels[stem] = {
            "fault": case.fault,
            "spans": list(case.label_spans),
            "agent": case.label_agent,
            **case.notes,
        }
    (out / "labels.json").write_text(json.dumps(labels, indent=2, sort_keys=True) + "\n")


def import_trace(case: Case, folder: Path) -> Trace:
    """The case through blame's own OTLP importer, from a file as a user would give it."""
    from blame.importers import load_trace

    path = folder / (case.name.replace("/", "__") + ".json")
    path.write_text(json.dumps(case.otlp), encoding="utf-8")
    return load_trace(path, format="otlp", test_name=case.name)


def _span(trace: Trace, index: int | None) -> str | None:
    if index is None or not 0 <= index < len(trace.steps):
        return None
    span = trace.steps[index].metadata.get("span_id")
    return str(span) if span is not None else None


def same_agent(blamed: str | None, labelled: str) -> bool:
    """Agent names compared as a person would: case-blind, `manager.run` is `manager`."""
    if blamed is None:
        return False
    name = blamed.casefold()
    return name.removesuffix(".run") == labelled.casefold()


def blame_picks(case: Case, trace: Trace) -> list[tuple[int | None, str | None]]:
    """(step, agent) of the ranked suspects of the first failed check."""
    from blame.config import parse_checks
    from blame.runner import evaluate_trace

    checks = parse_checks(case.checks, source=case.name)
    result = evaluate_trace(trace, checks, threshold=1.0, name=case.name)
    for outcome in result.checks:
        if not outcome.passed:
            return [(s.step_index, s.agent) for s in outcome.blame]
    return []


def first_error_span(trace: Trace) -> list[tuple[int | None, str | None]]:
    """The first step with an error, else the first LLM call."""
    for step in trace.steps:
        if step.error is not None:
            return [(step.index, step.agent)]
    llm = [s for s in trace.steps if s.kind is StepKind.LLM]
    return [(llm[0].index, llm[0].agent)] if llm else []


def last_llm_span(trace: Trace) -> list[tuple[int | None, str | None]]:
    """The last LLM call."""
    llm = [s for s in trace.steps if s.kind is StepKind.LLM]
    return [(llm[-1].index, llm[-1].agent)] if llm else []


def _score(picks: list[tuple[int | None, str | None]], trace: Trace, case: Case) -> Scored:
    labelled = set(case.label_spans)
    spans = [_span(trace, index) for index, _ in picks]
    return Scored(
        top1=bool(spans) and spans[0] in labelled,
        top3=any(s in labelled for s in spans[:3]),
        agent=bool(picks) and same_agent(picks[0][1], case.label_agent),
    )


def random_span(trace: Trace, case: Case) -> tuple[float, float, float]:
    """Expected top-1, top-3 and agent accuracy of a uniformly random LLM or tool span."""
    pool = [s for s in trace.steps if s.kind in (StepKind.LLM, StepKind.TOOL)]
    if not pool:
        return (0.0, 0.0, 0.0)
    hits = sum(1 for s in pool if str(s.metadata.get("span_id")) in case.label_spans)
    agent = sum(1 for s in pool if same_agent(s.agent, case.label_agent)) / len(pool)
    n = len(pool)
    # three distinct picks miss every labelled span with probability C(n-h, 3) / C(n, 3)
    miss = 1.0
    for k in range(min(3, n)):
        miss *= max(n - hits - k, 0) / (n - k)
    return (hits / n, 1.0 - miss, agent)


METHODS: dict[str, Callable[[Trace], list[tuple[int | None, str | None]]]] = {
    "first error span": first_error_span,
    "last LLM span": last_llm_span,
}
"""No-model baselines scored like blame."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, help="also write the corpus to this folder")
    parser.add_argument("--only", choices=sorted(FRAMEWORKS), help="one framework")
    parser.add_argument("--per-case", action="store_true", help="print each case's outcome")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    cases = list(generate(args.only))
    generated = time.perf_counter() - started
    if not cases:
        print("no cases: install the bench extra", file=sys.stderr)
        return 2
    if args.out:
        write_corpus(cases, args.out)

    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    by_fault: dict[str, dict[str, list[float]]] = defaultdict(
        lambda: defaultdict(lambda: [0, 0, 0])
    )
    count_by_fault: dict[str, int] = defaultdict(int)
    by_framework: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    started = time.perf_counter()
    blame_seconds = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for case in cases:
            trace = import_trace(case, Path(folder))
            count_by_fault[case.fault] += 1
            tick = time.perf_counter()
            picks = blame_picks(case, trace)
            blame_seconds += time.perf_counter() - tick
            outcomes = {"blame": _score(picks, trace, case)}
            for name, method in METHODS.items():
                outcomes[name] = _score(method(trace), trace, case)
            for name, scored in outcomes.items():
                for i, hit in enumerate((scored.top1, scored.top3, scored.agent)):
                    totals[name][i] += hit
                    by_fault[case.fault][name][i] += hit
            mine = outcomes["blame"]
            tally = by_framework[case.framework]
            for i, hit in enumerate((mine.top1, mine.top3, mine.agent, True)):
                tally[i] += hit
            for i, expected in enumerate(random_span(trace, case)):
                totals["random LLM/tool span"][i] += expected
            if args.per_case:
                mark = "ok  " if outcomes["blame"].top1 else "MISS"
                top = picks[0] if picks else (None, None)
                print(
                    f"{mark} {case.name}: blamed step {top[0]} ({top[1]}), "
                    f"label {list(case.label_spans)} ({case.label_agent}), "
                    f"picked span {_span(trace, top[0])}"
                )
    n = len(cases)
    figures = {
        name: {
            k: round(100.0 * v / n, 1) for k, v in zip(("top1", "top3", "agent"), vals, strict=True)
        }
        for name, vals in totals.items()
    }
    if args.json:
        frameworks = {
            name: {"cases": k, "top1": t1, "top3": t3, "agent": ag}
            for name, (t1, t3, ag, k) in by_framework.items()
        }
        report = {"cases": n, "figures": figures, "blame_by_framework": frameworks}
        print(json.dumps(report, indent=2, sort_keys=True))
        return 0
    print(
        f"{n} real traces ({', '.join(sorted({c.framework for c in cases}))}), "
        f"generated in {generated:.1f} s; blame took {blame_seconds:.2f} s"
    )
    print(f"{'method':24} {'top-1 span':>10} {'top-3 span':>10} {'agent':>7}")
    for name in ("blame", *METHODS, "random LLM/tool span"):
        f = figures[name]
        print(f"{name:24} {f['top1']:9.1f}% {f['top3']:9.1f}% {f['agent']:6.1f}%")
    print()
    print(f"{'blame by framework':24} {'cases':>5} {'top-1':>7} {'top-3':>7} {'agent':>7}")
    for framework, (top1, top3, agent, k) in sorted(by_framework.items()):
        print(
            f"{framework:24} {k:5d} {100 * top1 / k:6.1f}% {100 * top3 / k:6.1f}% "
            f"{100 * agent / k:6.1f}%"
        )
    print()
    print(f"{'blame by fault':24} {'cases':>5} {'top-1':>7} {'top-3':>7} {'agent':>7}")
    for fault in FAULTS:
        if not count_by_fault[fault]:
            continue
        k = count_by_fault[fault]
        hits = by_fault[fault]["blame"]
        print(
            f"{fault:24} {k:5d} {100 * hits[0] / k:6.1f}% {100 * hits[1] / k:6.1f}% "
            f"{100 * hits[2] / k:6.1f}%"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
