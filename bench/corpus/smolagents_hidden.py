"""The `hidden` family: sixteen smolagents runs written blind, a sixth held-out check.

After `blind` (smolagents_blind.py), `fresh` (smolagents_fresh.py), `novel`
(smolagents_novel.py), `sealed` (smolagents_sealed.py) and `veiled` (smolagents_veiled.py): the
same systems (a manager CodeAgent delegating to a managed ToolCallingAgent, or a single
CodeAgent on a JSON API or a code search), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/hidden_runs.py) on other topics (a ferry route,
a radio telescope array, an orchestra, a salt mine, a meteorite, a desalination plant, a
hydrofoil race, a vineyard, a textile museum, a tea estate, a satellite launch, a typeface
library, a chess tournament, a bird sanctuary, a railway viaduct, a printing press), written in
one sweep without reading the engine's rules, the other held-out families' runs or any score,
and not changed after seeing its score. Two runs per fault of the taxonomy
(`corpus.faults.FAULTS`), the decisive fault at varied positions (an initial plan that states
an invented year, an updated plan that drops a planned lookup, a delegation that asks for
another attribute, the sub-agent's first, middle or last call, the manager's first step (a
direct API call with a transposed id), middle step (a stale variable after a timed-out call)
or last step, a code step that computes from a value in the wrong unit, a single agent's
first, middle or last step, and repeated searches until max_steps, by a sub-agent or a single
agent), with noise the runs get over (code errors seen and fixed in the next step, a refused
import, dead links, rate limits retried before the fault, a run summary, long pages, paginated
JSON and JSON with many fields, irrelevant search hits, the right and a wrong value on the same
page, numbers with units, a right value mentioned early and lost later).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.hidden_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "hidden"
"""The family of every case this module makes."""

SEED = 14000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the hidden family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
