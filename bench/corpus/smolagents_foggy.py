"""The `foggy` family: sixteen smolagents runs written blind, a sixteenth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty` and `hazy` (smolagents_hazy.py): the
same systems (a manager CodeAgent delegating to a managed ToolCallingAgent, a search agent or a
code-search agent, or a single CodeAgent on a JSON API, a code search or the web tools), the
same tools and the same real OpenInference instrumentor, but new scenarios
(bench/corpus/foggy_runs.py) on other topics (a crab fair's gurning contest, a home-brewing
calculator package, a coracle regatta's river marathon, a sourdough baking package, a toad
patrol's crossing counts API, a Shrove Tuesday pancake race, a tug of war championship, a
community bus's timetable API, a charity raft race, a marbles championship, a rubber duck race,
a butterfly transect's counts API, a sandcastle competition, a Go club's rating package, a model
yacht club's winter series, a pea shooting championship), written in one sweep without reading
the engine's rules, the other held-out families' runs or any score, and not changed after its
first score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at
varied positions (the manager's initial plan, first step, middle code step or last step, the
sub-agent's own updated plan, its first or last call, a single agent's middle or last step, and
near-identical searches until max_steps, by a search sub-agent or by a single agent), with
noise the runs get over (code errors seen and fixed in the next step: arithmetic on a regex's
string groups, a string repeated where a number was meant, a module used before its import, a
KeyError on a cancelled night's record, max() and min() over null values, a guessed source
path; guessed endpoints that answer 400; a search that finds nothing; a dead link; a 502 on a
results page and a 503 in a paged API; rate limits retried; pages with skip links, menus and
small print; JSON with many fields and null values; irrelevant search hits; the right and a
wrong value on the same page, table or list; a list paged over two pages; numbers with units
and fractions; dates in two formats; durations as h:mm:ss, m:ss and minutes and seconds).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.foggy_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "foggy"
"""The family of every case this module makes."""

SEED = 26000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the foggy family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
