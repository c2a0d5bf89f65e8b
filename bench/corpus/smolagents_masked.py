"""The `masked` family: sixteen smolagents runs written blind, a sixth held-out check.

After `blind` (smolagents_blind.py), `fresh` (smolagents_fresh.py), `novel`
(smolagents_novel.py), `sealed` (smolagents_sealed.py) and `veiled` (smolagents_veiled.py): the
same systems (a manager CodeAgent delegating to a managed ToolCallingAgent, or a single
CodeAgent on a JSON API or a code search), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/masked_runs.py) on other topics (a mountain hut,
a seed vault, a puppet theatre, a wind tunnel, a jazz festival, a geyser field, a cable car, a
lightship museum, a rowing regatta, a monastery library, a falconry centre, an ice hotel, a
lunar crater, a carillon, a shipwreck, a regatta's photo-finish code), written in one sweep
without reading the engine's rules, the other held-out families' runs or any score, and not
changed after seeing its score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`),
the decisive fault at varied positions (the manager picking the wrong one of two values a
sub-agent reported, a code step filtering a list with the wrong condition, the manager's step
after a second delegation that came back empty, a single agent's middle step stating a value
it never read, an updated plan after two failed delegations, a single agent reusing a stale
variable after a timeout, the manager's second delegation after a first that went fine, the
sub-agent's second-to-last call, the manager totalling what was asked of one part, the
sub-agent's own initial plan, a final answer's date format, a rounding in a single agent's
second-to-last step, a final answer right after the plan, a count over the first page of a
paged API, and near-identical searches or re-reads of one file until max_steps, by a
sub-agent or a single agent), with noise the runs get over (code errors seen and fixed in the
next step, dead links, rate limits retried, 400s on guessed endpoints, long pages and JSON with
many fields, irrelevant search hits and a hit about another entity, the right and a wrong value
on the same page, numbers with units, answers that are names and dates).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.masked_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "masked"
"""The family of every case this module makes."""

SEED = 15000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the masked family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
