"""The `sealed` family: sixteen smolagents runs written blind, a fourth held-out check.

After `blind` (smolagents_blind.py), `fresh` (smolagents_fresh.py) and `novel`
(smolagents_novel.py): the same systems (a manager CodeAgent delegating to a managed
ToolCallingAgent, or a single CodeAgent on a JSON API or a code search), the same tools and
the same real OpenInference instrumentor, but new scenarios (bench/corpus/sealed_runs.py) on
other topics (lighthouses, glaciers, bridges, an observatory, a tram line, a salt mine, a chess
festival, a ferry route, a marathon, a library, beehives, railway tunnels, a telescope, a
violin-making library, an orchard, a dam), written in one sweep without reading the engine's
rules, the other held-out families' runs or any score, and not changed after seeing its score.
Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at varied
positions (an initial or updated plan, a delegation, the sub-agent's first, middle or last
call, the manager's middle or last step, a code loop in one manager step that reruns the
sub-agent, a single agent's first, middle or last step, and repeated searches until
max_steps, by a sub-agent or a single agent), with noise the runs get over (code errors seen
and fixed in the next step, dead links, rate limits retried, run summaries, long pages and JSON
with many fields, irrelevant search hits, the right and a wrong value on the same page,
numbers with units).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.sealed_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "sealed"
"""The family of every case this module makes."""

SEED = 12000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the sealed family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
