"""The `dim` family: sixteen smolagents runs written blind, an eighteenth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`, `foggy` and `gloomy`
(smolagents_gloomy.py): the same systems (a manager CodeAgent delegating to a managed
ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a JSON API, a
code search or the web tools), the same tools and the same real OpenInference instrumentor, but
new scenarios (bench/corpus/dim_runs.py) on other topics (an old gooseberry society's show, a
swift group's nest-box API, a woodturners' club's open competition, a town criers'
championship, a coal carrying championship, a kart club's lap-timing package, a ploughing
match, a bowls league's results API, a highland games' heavy events, a ringing group's ring
register package, a village cricket club's averages, a parish council's grit bin API, a crazy
golf open, a metal detecting club's finds register API, a unicycle hockey league, a narrowboat
rally), written in one sweep without reading the engine's rules, the other held-out families'
runs or any score, and not changed after its first score. Two runs per fault of the taxonomy
(`corpus.faults.FAULTS`), the decisive fault at varied positions (the manager's initial plan,
first step, middle code step or last step, the sub-agent's own initial plan, its first or last
call, a single agent's middle or last step, and near-identical searches until max_steps, by a
search sub-agent or by a single agent), with noise the runs get over (code errors seen and
fixed in the next step: a regex written for a wording the report did not use, indexing a JSON
string, int() on a whole report, a split on a label the report did not use, float() on a
report's words, a key that is nested in the record; guessed endpoints that answer 400;
searches that find nothing, in the web search and in the code search; a guessed source path;
dead links and a guessed page; a 502 on a club's page retried; rate limits retried; a second
delegation after a sub-agent came back empty; a run summary; pages with skip links, menus,
cookie banners and small print; JSON with many fields and null values; irrelevant search hits;
the right and a wrong value on the same page, table or list; lists paged over two pages;
numbers with units (pennyweights and grains, feet and inches, kilograms); dates in two formats;
durations as m:ss, mm:ss and 5m 31s).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.dim_runs import RUNS
from corpus.faults import Case
from corpus.smolagents_sweep import run_case

FAMILY = "dim"
"""The family of every case this module makes."""

SEED = 28000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the dim family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
