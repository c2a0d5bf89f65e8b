"""The `misty` family: sixteen smolagents runs written blind, a fourteenth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured`, `shaded`, `dusky` and `murky` (smolagents_murky.py): the same systems (a
manager CodeAgent delegating to a managed ToolCallingAgent, a search agent or a code-search
agent, or a single CodeAgent on a JSON API, a code search or the web tools), the same tools and
the same real OpenInference instrumentor, but new scenarios (bench/corpus/misty_runs.py) on
other topics (a bell-ringing guild's peal records, a lido's season-ticket API, a soap box
derby, a rockpool bioblitz, a sail-training ship's voyage log, a community woodland's planting
API, a cycling hill climb, a birdsong sound archive's API, a giant vegetable show, a duplicate
bridge scoring package, a conker championship, a crossword-grid package, a stone skimming
championship, a braille layout package, a weekly 5k time trial in a park, a dog agility
festival), written in one sweep without reading the engine's rules, the other held-out
families' runs or any score, and not changed after its first score. Two runs per fault of the
taxonomy (`corpus.faults.FAULTS`), the decisive fault at varied positions (the manager's
initial plan, first step, middle code step or last step, the sub-agent's own updated plan, its
first, middle or last call, a single agent's middle or last step, and near-identical searches
until max_steps, by a search sub-agent or by a single agent), with noise the runs get over
(code errors seen and fixed in the next step: a KeyError on a misspelt field, dividing a price
written as a string, float() on a time written m:ss.d or on a weight with its unit, int() on an
ordinal day, a regex that found the winner's time twice where two times were sought, splitting on
backticks that held a definition line rather than a path; a guessed endpoint that answers 400;
a search that finds nothing; a mistyped path; a dead link and a 404 on a guessed results page;
rate limits retried; pages with menus and footers; JSON with many fields and null values;
irrelevant search hits; the right and a wrong value on the same page, table or list; numbers
with units).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.misty_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "misty"
"""The family of every case this module makes."""

SEED = 24000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the misty family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
