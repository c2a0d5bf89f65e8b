"""The `shrouded` family: sixteen smolagents runs written blind, a seventh held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled` and `cloaked` (smolagents_cloaked.py): the
same systems (a manager CodeAgent delegating to a managed ToolCallingAgent, or a single
CodeAgent on a JSON API or a code search), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/shrouded_runs.py) on other topics (a community
orchard, a community solar co-op, a beekeepers' association, a map-tile library, a lifeboat
station, an allotment society, a choral festival, a rowing club's hire prices, a sheep-shearing
contest, a bike-share scheme, a vineyard harvest, a chess open, a heritage railway, a weaving
draft library, an oyster hatchery, a kiln controller), written in one sweep without reading the
engine's rules, the other held-out families' runs or any score, and not changed after its first
score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at
varied positions (an initial plan that swaps the asked final for the main one, the sub-agent's
first call searching a similarly named festival, its middle call retrying a code search under
a swapped name, its last call after a 503 or with an invented figure or a news snippet's
forecast, the manager's middle code step that misreads a report or writes the date in the
wrong format, a single agent's first step answering in the same code as its search, middle
steps that take the wrong JSON field, skip a failed page, invent a default or answer a
broader question, its last step adding a unit, and near-identical searches or file reads until
max_steps, by a sub-agent or a single agent), with noise the runs get over (code errors seen
and fixed in the next step, dead links, rate limits and a rebuilt index retried, run summaries,
long pages, paged JSON with many fields, irrelevant search hits, the right and a wrong value on
the same page or table, numbers with units).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.shrouded_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "shrouded"
"""The family of every case this module makes."""

SEED = 17000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the shrouded family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
