"""What each attribution rule is worth: switch it off, count the cases it fixes and breaks.

Usage: python bench/ablation.py DATA_DIR [--rules a,b] [--no-real] [--json]

DATA_DIR holds Who&When (`Algorithm-Generated/`, `Hand-Crafted/`, read at run time, never
copied). For every rule that can be switched off (`blame.engine.rules.RULES`), the same cases
are scored with the rule on (as shipped) and off, and a case counts as
- fixed by the rule: right with it, wrong without it;
- broken by the rule: wrong with it, right without it;
on each of these, scored exactly as their own benchmarks score them:
- Who&When (`bench/who_and_when.py`), each subset's odd- and even-numbered files apart (a rule
  fitted to one half helps only that one): agent, step, step within one message (+-1), and
  the labelled agent or step among the top three suspects (agent3, step3);
- the real-trace corpus (`bench/real_traces.py`), per family: top-1 span, top-3 span, agent
  (generated and imported once, then scored once per rule);
- the fault benchmark (`bench/attribution/run.py`): culprit and step, which must stay 100 %.

The rule earns its place when it fixes more than it breaks on both Who&When halves, or on
the real traces without breaking Who&When; the table is the evidence, the verdict a person's
(docs/engine.md says which rules were kept and why).

Needs the `bench` extra for the real traces (`pip install -e ".[dev,bench]"`, plus the
CrewAI integration for its family); without it, `--no-real` scores the rest.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent / "attribution"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import who_and_when as ww

from blame.engine.rules import RULES, switched_off
from blame.importers.chat import ChatImporter

Hits = dict[str, dict[str, bool]]
"""Case -> metric -> right, for one configuration."""
Groups = dict[str, list[str]]
"""Group name (a half, a family) -> its cases."""

WW_METRICS = ("agent", "step", "step+-1", "agent3", "step3")
"""Who&When figures, as bench/who_and_when.py scores them."""
REAL_METRICS = ("top-1", "top-3", "agent")
"""Real-trace figures, as bench/real_traces.py scores them."""
FAULT_METRICS = ("culprit", "step")
"""Fault-benchmark figures."""


class Bench:
    """One benchmark: its cases, how to score them all, and how to group them."""

    def __init__(
        self, name: str, metrics: tuple[str, ...], groups: Groups, score: Callable[[], Hits]
    ) -> None:
        self.name = name
        self.metrics = metrics
        self.groups = groups
        self.score = score


def who_and_when(data_dir: Path) -> Bench:
    """Who&When, grouped as `AG odd`, `AG even`, `HC odd`, `HC even`."""
    cases, errors = ww.load_cases(data_dir, ChatImporter())
    if errors or not cases:
        raise SystemExit(f"cannot read {data_dir}: {'; '.join(errors) or 'no cases'}")
    groups: Groups = {}
    for case in cases:
        short = "".join(w[0] for w in case.subset.split("-"))
        groups.setdefault(f"{short} {ww.fold_of(case)}", []).append(f"{case.subset}/{case.name}")

    def score() -> Hits:
        hits: Hits = {}
        for case in cases:
            ranked, _ = ww.blame_prediction(case)
            agent, step = ranked[0] if ranked else (None, None)
            near = step is not None and case.step is not None and abs(step - case.step) <= 1
            leaders = ranked[: ww.TOP]
            hits[f"{case.subset}/{case.name}"] = {
                "agent": agent == case.agent,
                "step": step is not None and step == case.step,
                "step+-1": near,
                "agent3": any(a == case.agent for a, _ in leaders),
                "step3": case.step is not None and any(s == case.step for _, s in leaders),
            }
        return hits

    return Bench("Who&When", WW_METRICS, dict(sorted(groups.items())), score)


def real_traces(folder: Path) -> Bench | None:
    """The real-trace corpus, generated and imported once, grouped by family."""
    import real_traces as rt

    cases = list(rt.generate(None))
    if not cases:
        return None
    traces = [rt.import_trace(case, folder) for case in cases]
    groups: Groups = {}
    for case in cases:
        groups.setdefault(case.family, []).append(case.name)

    def score() -> Hits:
        hits: Hits = {}
        for case, trace in zip(cases, traces, strict=True):
            scored = rt._score(rt.blame_picks(case, trace), trace, case)
            hits[case.name] = {"top-1": scored.top1, "top-3": scored.top3, "agent": scored.agent}
        return hits

    return Bench("real traces", REAL_METRICS, dict(sorted(groups.items())), score)


def fault_bench() -> Bench:
    """The fault benchmark, one group."""
    from generate import generate
    from run import engine_guess

    cases = generate()

    def score() -> Hits:
        hits: Hits = {}
        for case in cases:
            guess = engine_guess(case)
            culprit = guess is not None and (guess.kind, guess.name) == (
                case.expected.kind,
                case.expected.name,
            )
            step = culprit and guess is not None and guess.step == case.expected.step
            hits[case.id] = {"culprit": culprit, "step": step}
        return hits

    return Bench("fault bench", FAULT_METRICS, {"all": [c.id for c in cases]}, score)


def changes(shipped: Hits, without: Hits, cases: Iterable[str], metric: str) -> tuple[int, int]:
    """(fixed, broken) by the rule: right only with it, right only without it."""
    fixed = broken = 0
    for case in cases:
        on, off = shipped[case][metric], without[case][metric]
        fixed += on and not off
        broken += off and not on
    return fixed, broken


def _cell(fixed: int, broken: int) -> str:
    return "." if not fixed and not broken else f"+{fixed}-{broken}"


def table(bench: Bench, shipped: Hits, ablated: dict[str, Hits]) -> list[str]:
    """Rows `rule metric: cell per group`, a cell `+fixed-broken` (`.`: no change)."""
    width = max(len(g) for g in bench.groups) + 2
    lines = [
        f"{bench.name}: + cases the rule fixes, - cases it breaks (right only without it)",
        f"{'rule':26} {'figure':8}" + "".join(f"{g:>{max(width, 9)}}" for g in bench.groups),
    ]
    for rule, without in ablated.items():
        for metric in bench.metrics:
            cells = [
                _cell(*changes(shipped, without, cases, metric)) for cases in bench.groups.values()
            ]
            if all(c == "." for c in cells) and metric != bench.metrics[0]:
                continue
            lines.append(
                f"{rule if metric == bench.metrics[0] else '':26} {metric:8}"
                + "".join(f"{c:>{max(width, 9)}}" for c in cells)
            )
    return lines


def figures(bench: Bench, hits: Hits) -> dict[str, dict[str, float]]:
    """Per group and metric, per cent right."""
    return {
        group: {
            m: round(100.0 * sum(hits[c][m] for c in cases) / len(cases), 1) for m in bench.metrics
        }
        for group, cases in bench.groups.items()
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("data_dir", type=Path, help="the Who&When folder")
    parser.add_argument("--rules", help="only these rules (comma-separated)")
    parser.add_argument("--no-real", action="store_true", help="skip the real-trace corpus")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    rules = [r.strip() for r in args.rules.split(",")] if args.rules else list(RULES)
    unknown = sorted(set(rules) - set(RULES))
    if unknown:
        print(
            f"unknown rule {', '.join(unknown)}; the rules are {', '.join(RULES)}", file=sys.stderr
        )
        return 2

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        benches = [who_and_when(args.data_dir), fault_bench()]
        real = None if args.no_real else real_traces(Path(folder))
        if real is None and not args.no_real:
            print("no real traces: install the bench extra (or pass --no-real)", file=sys.stderr)
        benches += [real] if real is not None else []
        report: dict[str, object] = {}
        for bench in benches:
            shipped = bench.score()
            ablated = {}
            for rule in rules:
                with switched_off(rule):
                    ablated[rule] = bench.score()
            report[bench.name] = {
                "figures": figures(bench, shipped),
                "rules": {
                    rule: {
                        group: {m: changes(shipped, without, cases, m) for m in bench.metrics}
                        for group, cases in bench.groups.items()
                    }
                    for rule, without in ablated.items()
                },
            }
            if not args.json:
                print(f"{bench.name}, as shipped (per cent right):")
                for group, row in figures(bench, shipped).items():
                    print(f"  {group:16}" + "".join(f" {m} {v:5.1f}" for m, v in row.items()))
                print("\n".join(table(bench, shipped, ablated)))
                print()
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        print(f"{len(rules)} rules in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
