"""The `murky` family: sixteen smolagents runs written blind, a thirteenth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured`, `shaded` and `dusky` (smolagents_dusky.py): the same systems (a manager
CodeAgent delegating to a managed ToolCallingAgent, a search agent or a code-search agent, or a
single CodeAgent on a JSON API or a code search), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/murky_runs.py) on other topics (a table tennis
club's singles ladder, a hackspace's membership API, a sea-shanty festival, a Scrabble club's
rating package, a barbershop chorus contest, a fell-running club's championship, a quiz league's
honours board, a food bank's distribution API, a poetry slam, a cage bird society's open show, a
beach-clean group's litter survey, a croquet handicap package, a ukulele orchestra, a community
fridge network's API, a mobile library's timetable, a knitting-pattern converter package),
written in one sweep without reading the engine's rules, the other held-out families' runs or
any score, and not changed after its first score. Two runs per fault of the taxonomy
(`corpus.faults.FAULTS`), the decisive fault at varied positions (the manager's initial plan,
first step, middle code step or last step, the sub-agent's own updated plan, its middle call or
its last call, a single agent's middle or last step, and near-identical searches until
max_steps, by a search sub-agent or by a single agent), with noise the runs get over (code
errors seen and fixed in the next step: indexing a JSON string, iterating a dict's keys, int()
on a report's last word, summing weights written with their unit, strptime on a date with its
weekday; a guessed endpoint that answers 400; a mistyped path; a dead link; rate limits
retried; pages with menus and footers; JSON with many fields and null values; irrelevant search
hits; the right and a wrong value on the same page, table or list; numbers with units).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.murky_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "murky"
"""The family of every case this module makes."""

SEED = 23000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the murky family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
