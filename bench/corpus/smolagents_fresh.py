"""The `fresh` family: sixteen smolagents runs written in one sweep, without reading blame's rules.

A second held-out check, after `blind` (smolagents_blind.py), for the rules written against
the `sweep` and `blind` families: the same systems (a manager CodeAgent delegating to a
managed ToolCallingAgent, or a single CodeAgent on a JSON API or a code search), the same tools
and the same real OpenInference instrumentor, but new scenarios (bench/corpus/fresh_runs.py)
on other topics and in other words, written without reading the engine's rules and not changed
after seeing its score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the
decisive fault at varied positions (an initial or updated plan, a delegation, the sub-agent's
first, middle or last call, the manager's middle or last step, a single agent's middle or last
step), with noise the runs get over (code errors seen in the next step, a dead link, a rate
limit retried, run summaries, long pages and JSON).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.fresh_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "fresh"
"""The family of every case this module makes."""

SEED = 9000
"""Span ids are seeded from SEED + the run's number, apart from the sweep's and blind's."""


def cases() -> Iterator[Case]:
    """Every run of the fresh family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
