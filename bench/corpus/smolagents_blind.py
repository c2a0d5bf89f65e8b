"""The `blind` family: sixteen smolagents runs written in one sweep, blind to blame's rules.

Written as a held-out check for the rules written against the `sweep` family
(smolagents_sweep.py), and held out for its first score only: rules were then written
against its misses (`fresh`, smolagents_fresh.py, is the held-out family now). The
same systems (a manager CodeAgent delegating to a managed ToolCallingAgent, or a single
CodeAgent on a JSON API or a code search), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/blind_runs.py) on other topics and in other
words, written without reading the engine's rules and not changed after seeing its score.
Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at varied
positions (a plan, a delegation, the sub-agent's first call or last answer, the manager's
last call, a single agent's middle or last step), with noise the runs get over (code errors
seen in the next step, dead links, a rejected API argument, run summaries, long pages).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.blind_runs import RUNS
from corpus.faults import Case
from corpus.smolagents_sweep import run_case

FAMILY = "blind"
"""The family of every case this module makes."""

SEED = 8000
"""Span ids are seeded from SEED + the run's number, apart from the sweep's (7000 + n)."""


def cases() -> Iterator[Case]:
    """Every run of the blind family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
