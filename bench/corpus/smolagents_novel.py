"""The `novel` family: sixteen smolagents runs written in one sweep, without reading blame's rules.

A third held-out check, after `blind` (smolagents_blind.py) and `fresh` (smolagents_fresh.py),
for the rules written against the earlier families: the same systems (a manager CodeAgent
delegating to a managed ToolCallingAgent, or a single CodeAgent on a JSON API or a code
search), the same tools and the same real OpenInference instrumentor, but new scenarios
(bench/corpus/novel_runs.py) on other topics and in other words, written in one sweep without
reading the engine's rules, held out, and not changed after seeing its score. Two runs per
fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at varied positions (an
initial or updated plan, a delegation, the sub-agent's first, middle or last call, the
manager's middle or last step, a code loop in one manager step that reruns the sub-agent, a
single agent's first, middle or last step, and a run of repeated searches until max_steps),
with noise the runs get over (code errors seen and fixed in the next step, a dead link, rate
limits retried, an API timeout caught in a loop, run summaries, long pages and JSON, irrelevant
search hits, the right and a wrong value on the same page, numbers with units).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.novel_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "novel"
"""The family of every case this module makes."""

SEED = 11000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the novel family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
