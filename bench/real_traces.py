"""Attribution accuracy on real framework traces with planted, labelled faults.

Usage: python bench/real_traces.py [--out DIR] [--per-case] [--json] [--only FRAMEWORK]
                                   [--family short|long|langgraph_long|research|crewai_long|sweep
                                            |blind|fresh|novel|sealed|veiled|hidden
                                            |masked|cloaked|shrouded|eclipsed
                                            |occulted|obscured|shaded|dusky|murky|misty
                                            |hazy|foggy|gloomy|dim
                                            |overcast|smokey|clouded|misted|hazed
                                            |dusted|smudged|blurred|fogged]

Each case is one run of a real multi-agent system (a smolagents manager with a search
sub-agent; more systems are added in bench/corpus/) traced by a real OpenTelemetry
instrumentor (OpenInference) with scripted offline models, one planted fault from a taxonomy
(misread tool output, hallucinated fact, ignored tool error, wrong tool arguments, goal
deviation, wrong format, premature final answer, looping), and a label: the LLM-call span that
made the wrong decision. The traces are made in seconds, so they are generated, not committed;
`--out DIR` also writes them (one OTLP/JSON file, one checks file per case, and labels.json) so
that `blame analyze DIR/traces/X.json --checks DIR/checks/X.yaml` can be run on any of them.

Eight families, reported apart: `short` runs (one search, the fault plain to see) and, for
smolagents, `long` runs shaped like real ones (both agents plan and re-plan, the search agent
searches, is rate-limited and retries, opens a page that gives no figure before the right one,
hands back a verbose run summary; the manager checks the figure in code, which fails on a
figure with separators, and restates it; 7 to 14 LLM calls, the wrong decision usually in the
middle, the wrong value repeated by later calls). A third family, `langgraph_long`, was written
after the rules, to measure them on runs nobody fitted them to: a LangGraph supervisor routing
a researcher (search, pages) and an analyst (a calculator) to answer questions that need two
figures and one computation, 10 to 17 LLM calls, the wrong decision at any of the three
agents. A fourth, `research`, written apart from all three and never tuned against
(bench/corpus/smolagents_research.py): two-hop GAIA-style questions and SWE-bench-style issue
localisations, the error kinds of real research-agent traces, several labelled errors a run
as annotators label them, the errors the run got over included; 8 to 17 LLM calls. A fifth,
`crewai_long`, also held out (bench/corpus/crewai_long.py): a CrewAI crew of a researcher, an
analyst and a writer, run as a sequential crew or under a manager that delegates each step,
tool errors CrewAI retries and shows the model, 9 to 20 LLM calls, with `wrong_delegation`
(the manager gives a step to the coworker without the tools for it) beside the taxonomy.
A sixth, `sweep` (bench/corpus/smolagents_sweep.py), is NOT held out: twenty smolagents runs
written in one sweep to find misses (planning and re-planning, code errors seen in the next
step, max_steps reached, final_answer called from code, a managed agent's run summary, long
pages and JSON, single CodeAgents on an API or a code search), then used to write the rules
that fixed them. A seventh, `blind` (bench/corpus/smolagents_blind.py): sixteen new
smolagents runs of the same systems and tools, written in one sweep, blind to the engine's
rules, as a held-out check for the rules written against `sweep` (other topics and wording,
two runs per fault, the decisive fault in a plan, a delegation, a sub-agent's first call or last
answer, a manager's or a single agent's last or middle step), not changed after seeing blame's
score; held out for its first score only, then used to write rules (docs/benchmarks.md).
An eighth, `fresh` (bench/corpus/smolagents_fresh.py), is held out: sixteen more
smolagents runs of the same systems and tools, written in one sweep without reading the
engine's rules, to measure the rules written against `sweep` and `blind` (new topics and
wording, two runs per fault, the decisive fault in an initial or updated plan, a delegation, a
sub-agent's first, middle or last call, a manager's middle or last step, a single agent's
middle or last step), not changed after seeing blame's score; held out for the rules of
the stop that wrote it, then used to write rules (docs/benchmarks.md).
A ninth, `novel` (bench/corpus/smolagents_novel.py), is held out: sixteen more smolagents
runs of the same systems and tools, written in one sweep by someone who read neither the
engine's rules nor the `blind` and `fresh` runs (new topics and wording, two runs per fault,
the decisive fault in an initial or updated plan, a delegation, a sub-agent's first, middle or
last call, a manager's middle or last step, a code loop that reruns the sub-agent, a single
agent's first, middle or last step), not changed after seeing blame's score; held out for
the rules of the stop that wrote it, then used to write rules. A tenth, `sealed`
(bench/corpus/smolagents_sealed.py), is held out in its turn: sixteen more runs written the
same way by someone who read neither the rules nor any earlier family's runs (lighthouses,
glaciers, bridges, tram lines, marathons, libraries, tunnels, telescopes...); held out for
the rules of the stop that wrote it, then used to write rules. An eleventh, `veiled`
(bench/corpus/smolagents_veiled.py), is held out for those: sixteen more runs written the
same way (volcanoes, airports, canals, coral reefs, windmills, castles, zoos, caves...);
held out for the rules of the stop that wrote it, then used to write rules. A twelfth,
`hidden` (bench/corpus/smolagents_hidden.py), is held out for those: sixteen more runs
written the same way (ferries, meteorites, orchestras, vineyards, viaducts, tea estates...);
held out for the rules of the stop that wrote it, then used to write rules. A thirteenth,
`masked` (bench/corpus/smolagents_masked.py), is held out for those: sixteen more runs written
the same way (mountain huts, seed banks, jazz festivals, cable cars, geysers, carillons...);
held out for the rules of the stop that wrote it, then used to write rules. A fourteenth,
`cloaked` (bench/corpus/smolagents_cloaked.py), is held out for those: sixteen more runs
written the same way (salt marshes, tidal mills, planetariums, bell foundries, hedge mazes...);
held out for the rules of the stop that wrote it, then used to write rules. A fifteenth,
`shrouded` (bench/corpus/smolagents_shrouded.py), is held out for those: sixteen more runs
written the same way (orchards, rowing clubs, lifeboat stations, allotments, oyster hatcheries...);
held out for the rules of the stop that wrote it, then used to write rules. A sixteenth,
`eclipsed` (bench/corpus/smolagents_eclipsed.py), is held out for those: sixteen more runs
written the same way (puffin colonies, tide gauges, cider presses, sand yachts, peat bogs...);
held out for the rules of the stop that wrote it, then used to write rules. A seventeenth,
`occulted` (bench/corpus/smolagents_occulted.py), is held out for those: sixteen more runs
written the same way (lighthouse archives, seed banks, windmills, kite festivals, caving
clubs...); held out for the rules of the stop that wrote it. An eighteenth, `obscured`
(bench/corpus/smolagents_obscured.py), is held out for those: sixteen more runs written the
same way (lace guilds, cheese caves, steam fairs, sundial societies, balloon fiestas...); held
out for the rules of the stop that wrote it, then used to write rules. A nineteenth, `shaded`
(bench/corpus/smolagents_shaded.py), is held out for those: sixteen more runs written the same
way (fungus forays, stamp auctions, farriers, dahlia shows, beach huts...); held out for the
rules of the stop that wrote it, then used to write rules. A twentieth, `dusky`
(bench/corpus/smolagents_dusky.py), is held out for those: sixteen more runs written the same
way (bat counts, bonsai shows, canoe slalom, repair cafés, puzzle hunts...); held out for the
rules of the stop that wrote it, then used to write rules. A twenty-first, `murky`
(bench/corpus/smolagents_murky.py), is held out for those: sixteen more runs written the same
way (table tennis ladders, hackspaces, sea shanties, croquet handicaps, community fridges...);
held out for the rules of the stop that wrote it, then used to write rules. A twenty-second,
`misty` (bench/corpus/smolagents_misty.py), is held out for those: sixteen more runs written the
same way (bell-ringing peals, soap box derbies, conker championships, braille layouts...); held
out for the rules of the stop that wrote it, then used to write rules. A twenty-third, `hazy`
(bench/corpus/smolagents_hazy.py), held out for those, was written the same way (lawn mower
racing, worm charming, pétanque leagues, Morse keyers, bog snorkelling...); held out for the
rules of the stop that wrote it, then used to write rules. A twenty-fourth, `foggy`
(bench/corpus/smolagents_foggy.py), held out for those, was written the same way (gurning,
coracle regattas, toad patrols, pancake races, rubber duck races, pea shooting...); held out
for the rules of the stop that wrote it, then used to write rules. A twenty-fifth, `gloomy`
(bench/corpus/smolagents_gloomy.py), held out for those, was written the same way (snail
derbies, beard championships, lantern parades, speedcubing, kayak polo, Pooh sticks...); held
out for the rules of the stop that wrote it, then used to write rules. A twenty-sixth, `dim`
(bench/corpus/smolagents_dim.py), held out for those, was written the same way (gooseberry
shows, town criers, coal carrying, ploughing matches, unicycle hockey, narrowboat rallies...);
held out for the rules written before it, then used to write rules. A twenty-seventh,
`overcast` (bench/corpus/smolagents_overcast.py), was written the same way (hedge laying, toe
wrestling, Subbuteo, bar billiards, well dressing, cheese rolling...); held out for the rules
written before it, then used to write rules. A twenty-eighth, `smokey`
(bench/corpus/smolagents_smokey.py), was written the same way (axe throwing, man versus
horse, cribbage, wife carrying, audax, shin-kicking, bathtub races...); held out for the rules
written before it, then used to write rules. A twenty-ninth, `clouded`
(bench/corpus/smolagents_clouded.py), was written the same way (gravy wrestling, hen racing,
disc golf, bed races, hobby horses, birling, bottle-kicking...); held out for the rules
written before it, then used to write rules. A thirtieth, `misted`
(bench/corpus/smolagents_misted.py), was written the same way (paper aircraft, pipe bands,
chainsaw carving, clog dancing, stone carrying, barrel racing, cornhole...); held out for the
rules written before it, then used to write rules. A thirty-first, `hazed`
(bench/corpus/smolagents_hazed.py), was written the same way (scything, pork pie eating,
haggis hurling, crabbing, latte art, shove ha'penny, tar barrels, dwile flonking...); held
out for the rules written before it, then used to write rules. A thirty-second, `dusted`
(bench/corpus/smolagents_dusted.py), was written the same way (stein holding, canal pole
vaulting, a pasty championship, kubb, a tidal mud race, marmalade, road bowling, castells,
horseshoe forging...); held out for the rules written before it, then used to write rules.
A thirty-third, `smudged` (bench/corpus/smolagents_smudged.py), was written the same way (a
straw bale race, pilot gig rowing, a slow bicycle race, sheep to shawl, swan upping, a
reliability trial, slow smoking, a stair climb, whistling...); held out for the rules
written before it, then used to write rules. A thirty-fourth, `blurred`
(bench/corpus/smolagents_blurred.py), was written the same way (winter swimming,
chessboxing, woolsack races, fiddlers, a cardboard boat regatta, surf life saving, yodelling,
a fish counter API, a moon phase package...); held out for the rules written before it, then
used to write rules. A thirty-fifth, `fogged` (bench/corpus/smolagents_fogged.py), is held
out for those: sixteen more runs (a greasy pole contest, fen skating, a pram race, robot
sumo, a ski loppet, sedan chairs, a reservoir levels API, a pollen count API, a sudoku
solver package...).

Each trace goes through blame's OTLP importer and the real evaluation path (checks, then the
blame engine); the top suspect of the first failed check is scored:
- top-1 span: its step is a labelled span; top-3: one of the first three suspects' steps is
  (and `blame, fatal error only`: the same against the labels of the error that broke the
  check, without those of errors the run got over);
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
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpus.faults import FAULTS, Case

from blame.model import StepKind, Trace

FRAMEWORKS: dict[str, tuple[str, ...]] = {
    "crewai": ("corpus.crewai_system", "corpus.crewai_long"),
    "langgraph": ("corpus.langgraph_system", "corpus.langgraph_long"),
    "smolagents": (
        "corpus.smolagents_system",
        "corpus.smolagents_long",
        "corpus.smolagents_research",
        "corpus.smolagents_sweep",
        "corpus.smolagents_blind",
        "corpus.smolagents_fresh",
        "corpus.smolagents_novel",
        "corpus.smolagents_sealed",
        "corpus.smolagents_veiled",
        "corpus.smolagents_hidden",
        "corpus.smolagents_masked",
        "corpus.smolagents_cloaked",
        "corpus.smolagents_shrouded",
        "corpus.smolagents_eclipsed",
        "corpus.smolagents_occulted",
        "corpus.smolagents_obscured",
        "corpus.smolagents_shaded",
        "corpus.smolagents_dusky",
        "corpus.smolagents_murky",
        "corpus.smolagents_misty",
        "corpus.smolagents_hazy",
        "corpus.smolagents_foggy",
        "corpus.smolagents_gloomy",
        "corpus.smolagents_dim",
        "corpus.smolagents_overcast",
        "corpus.smolagents_smokey",
        "corpus.smolagents_clouded",
        "corpus.smolagents_misted",
        "corpus.smolagents_hazed",
        "corpus.smolagents_dusted",
        "corpus.smolagents_smudged",
        "corpus.smolagents_blurred",
        "corpus.smolagents_fogged",
    ),
}
"""Framework name -> the modules whose `cases()` generate its corpus (one per family)."""


@dataclass(frozen=True, slots=True)
class Scored:
    """What one method predicted for one case."""

    top1: bool
    """The first pick is a labelled span."""
    top3: bool
    """One of the first three picks is."""
    agent: bool
    """The first pick's agent owns the labelled span."""


def generate(only: str | None, family: str | None = None) -> Iterator[Case]:
    """Every case of every framework whose packages are installed (missing ones are said)."""
    import importlib

    for framework, module_names in sorted(FRAMEWORKS.items()):
        if only and framework != only:
            continue
        for module_name in module_names:
            try:
                module = importlib.import_module(module_name)
                if family is None or getattr(module, "FAMILY", "short") == family:
                    yield from module.cases()
            except ImportError as error:
                print(f"skipped {framework}: {error} (install the bench extra)", file=sys.stderr)
                break


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


FATAL = "blame, fatal error only"
"""Blame scored against the spans of the error that broke the check, leaving out the labelled
errors the run got over (a retried rate limit, a reply without a code block); the same as
`blame` on families whose runs hold no recovered error."""

METHODS: dict[str, Callable[[Trace], list[tuple[int | None, str | None]]]] = {
    "first error span": first_error_span,
    "last LLM span": last_llm_span,
}
"""No-model baselines scored like blame."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """Every method's score on one case."""

    case: Case
    """The case scored."""
    scores: dict[str, tuple[float, float, float]]
    """Method -> (top-1, top-3, agent), 1.0 for a hit (an expectation for the random pick)."""
    picked: str
    """What blame picked, for --per-case."""


def fatal_spans(case: Case) -> tuple[str, ...]:
    """The labelled spans of the error that broke the check (not of those the run got over)."""
    recovered = set(case.notes.get("recovered_spans", ()))
    return tuple(span for span in case.label_spans if span not in recovered)


def score_case(case: Case, folder: Path) -> tuple[Outcome, float]:
    """Score blame and the baselines on one case; also blame's seconds."""
    trace = import_trace(case, folder)
    tick = time.perf_counter()
    picks = blame_picks(case, trace)
    seconds = time.perf_counter() - tick
    scored = {"blame": _score(picks, trace, case)}
    scored[FATAL] = _score(picks, trace, replace(case, label_spans=fatal_spans(case)))
    for name, method in METHODS.items():
        scored[name] = _score(method(trace), trace, case)
    scores = {name: (float(s.top1), float(s.top3), float(s.agent)) for name, s in scored.items()}
    scores["random LLM/tool span"] = random_span(trace, case)
    top = picks[0] if picks else (None, None)
    picked = f"blamed step {top[0]} ({top[1]}), picked span {_span(trace, top[0])}"
    return Outcome(case, scores, picked), seconds


def figures(outcomes: Sequence[Outcome], method: str) -> dict[str, float]:
    """A method's top-1, top-3 and agent accuracy (per cent) over some cases."""
    n = len(outcomes)
    sums = [sum(o.scores[method][i] for o in outcomes) for i in range(3)]
    return {
        k: round(100.0 * v / n, 1) for k, v in zip(("top1", "top3", "agent"), sums, strict=True)
    }


def _groups(outcomes: Sequence[Outcome], key: Callable[[Case], str]) -> dict[str, list[Outcome]]:
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        groups[key(outcome.case)].append(outcome)
    return dict(groups)


METHOD_NAMES = ("blame", FATAL, *METHODS, "random LLM/tool span")
"""Every method in the order printed."""


def report_json(outcomes: Sequence[Outcome]) -> dict[str, object]:
    """The figures as one JSON object: overall, per family, per framework and per fault."""

    def blame_by(key: Callable[[Case], str]) -> dict[str, dict[str, float]]:
        return {
            name: {"cases": len(group), **figures(group, "blame")}
            for name, group in sorted(_groups(outcomes, key).items())
        }

    families = _groups(outcomes, lambda c: c.family)
    return {
        "cases": len(outcomes),
        "figures": {name: figures(outcomes, name) for name in METHOD_NAMES},
        "by_family": {
            family: {
                "cases": len(group),
                "figures": {name: figures(group, name) for name in METHOD_NAMES},
            }
            for family, group in sorted(families.items())
        },
        "blame_by_framework": blame_by(lambda c: f"{c.framework}/{c.family}"),
        "blame_by_fault": blame_by(lambda c: f"{c.family}/{c.fault}"),
    }


def _table(title: str, groups: dict[str, list[Outcome]]) -> None:
    width = max(28, *(len(name) for name in groups))
    print(f"{title:{width}} {'cases':>5} {'top-1':>7} {'top-3':>7} {'agent':>7}")
    for name, group in groups.items():
        f = figures(group, "blame")
        print(
            f"{name:{width}} {len(group):5d} {f['top1']:6.1f}% {f['top3']:6.1f}% {f['agent']:6.1f}%"
        )
    print()


def report_text(outcomes: Sequence[Outcome]) -> None:
    """The figures as tables: every method per family, then blame per framework and fault."""
    families = _groups(outcomes, lambda c: c.family)
    for family, group in sorted(families.items(), key=lambda item: item[0] != "short"):
        print(f"family {family}: {len(group)} traces")
        print(f"{'method':28} {'top-1 span':>10} {'top-3 span':>10} {'agent':>7}")
        for name in METHOD_NAMES:
            f = figures(group, name)
            print(f"{name:28} {f['top1']:9.1f}% {f['top3']:9.1f}% {f['agent']:6.1f}%")
        print()
    if len(families) > 1:
        print(f"all families: {len(outcomes)} traces")
        f = figures(outcomes, "blame")
        print(f"{'blame':28} {f['top1']:9.1f}% {f['top3']:9.1f}% {f['agent']:6.1f}%")
        print()
    _table(
        "blame by framework",
        dict(sorted(_groups(outcomes, lambda c: f"{c.framework}/{c.family}").items())),
    )
    for family, group in sorted(families.items(), key=lambda item: item[0] != "short"):
        by_fault = _groups(group, lambda c: c.fault)
        kinds = [f for f in FAULTS if f in by_fault] + [f for f in by_fault if f not in FAULTS]
        _table(f"blame by fault ({family})", {f: by_fault[f] for f in kinds})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, help="also write the corpus to this folder")
    parser.add_argument("--only", choices=sorted(FRAMEWORKS), help="one framework")
    parser.add_argument(
        "--family",
        choices=(
            "short",
            "long",
            "langgraph_long",
            "research",
            "crewai_long",
            "sweep",
            "blind",
            "fresh",
            "novel",
            "sealed",
            "veiled",
            "hidden",
            "masked",
            "cloaked",
            "shrouded",
            "eclipsed",
            "occulted",
            "obscured",
            "shaded",
            "dusky",
            "murky",
            "misty",
            "hazy",
            "foggy",
            "gloomy",
            "dim",
            "overcast",
            "smokey",
            "clouded",
            "misted",
            "hazed",
            "dusted",
            "smudged",
            "blurred",
            "fogged",
        ),
        help="one family of runs",
    )
    parser.add_argument("--per-case", action="store_true", help="print each case's outcome")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    cases = list(generate(args.only, args.family))
    generated = time.perf_counter() - started
    if not cases:
        print("no cases: install the bench extra", file=sys.stderr)
        return 2
    if args.out:
        write_corpus(cases, args.out)
    outcomes: list[Outcome] = []
    blame_seconds = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for case in cases:
            outcome, seconds = score_case(case, Path(folder))
            outcomes.append(outcome)
            blame_seconds += seconds
            if args.per_case:
                mark = "ok  " if outcome.scores["blame"][0] else "MISS"
                print(
                    f"{mark} {case.name}: {outcome.picked}, "
                    f"label {list(case.label_spans)} ({case.label_agent})"
                )
    if args.json:
        print(json.dumps(report_json(outcomes), indent=2, sort_keys=True))
        return 0
    print(
        f"{len(cases)} real traces ({', '.join(sorted({c.framework for c in cases}))}), "
        f"generated in {generated:.1f} s; blame took {blame_seconds:.2f} s"
    )
    print()
    report_text(outcomes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
