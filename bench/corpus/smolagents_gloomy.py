"""The `gloomy` family: sixteen smolagents runs written blind, a seventeenth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy` and `foggy`
(smolagents_foggy.py): the same systems (a manager CodeAgent delegating to a managed
ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a JSON API, a
code search or the web tools), the same tools and the same real OpenInference instrumentor, but
new scenarios (bench/corpus/gloomy_runs.py) on other topics (a village fete's snail derby, a
clean air group's sensor API, a beard and moustache championship, a lantern parade, a ferret
rescue's racing day, a backgammon club's rating package, a speedcubing open, a kayak polo
league, a tree climbing championship, a car boot sale's booking API, a wheelbarrow race, an
origami crease-pattern package, a dominoes league, a chilli festival's eating contest, a quoits
league's knockout cup, a Pooh sticks championship), written in one sweep without reading the
engine's rules, the other held-out families' runs or any score, and not changed after its first
score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at
varied positions (the manager's initial plan, first step, middle code step or last step, the
sub-agent's own updated plan, its first or last call, a single agent's middle or last step, and
near-identical searches until max_steps, by a search sub-agent or by a single agent), with
noise the runs get over (code errors seen and fixed in the next step: a module used before its
import, a regex written for a wording the report did not use, int() on a whole report, strptime
with a format the time was not written in, indexing a JSON string; guessed endpoints that
answer 400; searches that find nothing, in the web search and in the code search; a guessed
source path; a dead link; a 503 on a results page retried and a 502 on a league's tables; rate
limits retried; pages with skip links, menus, cookie banners and small print; JSON with many
fields and null values; irrelevant search hits; the right and a wrong value on the same page,
table or list; a list paged over two pages; numbers with units and fractions; dates in two
formats; durations as h:mm:ss, m:ss, minutes and seconds in words and 24m 02s).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.gloomy_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "gloomy"
"""The family of every case this module makes."""

SEED = 27000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the gloomy family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
