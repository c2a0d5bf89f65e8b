"""The `cloaked` family: sixteen smolagents runs written blind, a sixth held-out check.

After `blind`, `fresh`, `novel`, `sealed` and `veiled` (smolagents_veiled.py): the same
systems (a manager CodeAgent delegating to a managed ToolCallingAgent, or a single CodeAgent
on a JSON API or a code search), the same tools and the same real OpenInference instrumentor,
but new scenarios (bench/corpus/cloaked_runs.py) on other topics (a salt marsh, a tidal mill, a
kite festival, a quarry, a dog-sled race, a canal lock controller, a hedge maze, a river ferry
co-op, a planetarium, a funicular museum, a bell foundry, a snow sculpture contest, a
glassworks, an observatory dome, a folk archive, a spice market), written in one sweep without
reading the engine's rules, the other held-out families' runs or any score, and not changed
after seeing its score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the
decisive fault at varied positions (an initial plan that drops the question's year, a
sub-agent's updated plan, a delegation that names a similarly named crossing, the sub-agent's
first or last call, the manager's first step or a middle code step that misreads a report or
writes the date in the wrong format, a single agent's first, middle or last step, and
near-identical searches or file reads until max_steps, by a sub-agent or a single agent), with
noise the runs get over (code errors seen and fixed in the next step, dead links, rate limits
retried, run summaries, long pages, paged JSON with many fields, irrelevant search hits, the
right and a wrong value on the same page or table, numbers with units).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.cloaked_runs import RUNS
from corpus.faults import Case
from corpus.smolagents_sweep import run_case

FAMILY = "cloaked"
"""The family of every case this module makes."""

SEED = 16000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the cloaked family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
