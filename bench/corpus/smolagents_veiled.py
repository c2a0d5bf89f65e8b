"""The `veiled` family: sixteen smolagents runs written blind, a fifth held-out check.

After `blind` (smolagents_blind.py), `fresh` (smolagents_fresh.py), `novel`
(smolagents_novel.py) and `sealed` (smolagents_sealed.py): the same systems (a manager
CodeAgent delegating to a managed ToolCallingAgent, or a single CodeAgent on a JSON API or a
code search), the same tools and the same real OpenInference instrumentor, but new scenarios
(bench/corpus/veiled_runs.py) on other topics (a volcano, an airport, a canal, a coral reef, a
windmill, a solar farm, a castle, a ski resort, a zoo, a botanical garden, an aqueduct, a
brewery, a cave, a paper mill, a stadium, a clock tower), written in one sweep without reading
the engine's rules, the other held-out families' runs or any score, and not changed after
seeing its score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive
fault at varied positions (an initial or updated plan, a delegation that asks for another
attribute, the sub-agent's first, middle or last call, the manager's first, middle or last
step, a code loop in one manager step that reruns the sub-agent with the wrong seasons, a
single agent's first, middle or last step, and repeated searches until max_steps, by a
sub-agent or a single agent), with noise the runs get over (code errors seen and fixed in the
next step, dead links, rate limits retried, run summaries, long pages and JSON with many
fields, irrelevant search hits, the right and a wrong value on the same page, numbers with
units).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.smolagents_sweep import run_case
from corpus.veiled_runs import RUNS

FAMILY = "veiled"
"""The family of every case this module makes."""

SEED = 13000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the veiled family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
