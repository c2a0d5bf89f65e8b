"""The `misted` family: sixteen smolagents runs written blind, a twenty-second held-out check.

The thirtieth family. After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`,
`eclipsed`, `occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`, `foggy`,
`gloomy`, `dim`, `overcast`, `smokey` and `clouded` (smolagents_clouded.py): the same systems (a
manager CodeAgent delegating to a managed ToolCallingAgent, a search agent or a code-search
agent, or a single CodeAgent on a JSON API, a code search or the web tools), the same tools and
the same real OpenInference instrumentor, but new scenarios (bench/corpus/misted_runs.py) on
other topics (a paper aircraft championship, a borough council's bin collections API, a bicycle
gear calculator package, a pipe band championship, a leisure centre's pool occupancy API, a
chainsaw carving competition's charity auction, a junior spelling bee, a district council's
charge point API, a clog dancing championship, a karaoke scoring package, a Highland games'
stone carry, a mountain bike enduro, a barrel race, a flood wardens' river gauge API, an FPV
drone racing league, a cornhole league's statistics package), written in one sweep without
reading the engine's rules, the other held-out families' runs or any score, and not changed
after its first score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the
decisive fault at varied positions (the manager's initial plan, first step, middle code step or
last step, the sub-agent's own initial plan, its first or last call, a single agent's middle or
last step, and near-identical searches until max_steps, by a search sub-agent or by a single
agent), with noise the runs get over (code errors seen and fixed in the next step: a split on a
label the report did not use, indexing a report string as a dict, float() on an amount with a
thousands comma, a regex for a wording the report did not use, strptime with %B on an
abbreviated month, float() on m:ss.s stage times, max() over a day with a null reading, a
misremembered JSON key; an endpoint without its leading slash, a guessed per-site endpoint and
a pool's name where its id was needed, all answering 400; an empty code search for a setting's
guessed name; a source path without its src/ prefix; a guessed results address and a moved news
article that answer 404; a 503 on a results page and a dropped connection on a search, both
retried; a run summary; pages with skip links, menus, cookie prompts, newsletter prompts, photo
and comment counts and small print; JSON with many fields and null values; irrelevant search
hits (a paper plane folding guide, bagpipe lessons, a chainsaw for sale, a word game's hints,
clog dancing classes, Games tickets, bike hire, oak barrels for sale, castle opening times, a
drone photography course, encyclopaedia pages); the right and a wrong value on the same page,
table, report or record (qualifying and final throws, a scheduled and a revised date, the open
and the under-16 sections, an adult and a junior bee, provisional and official times, a
gauge's record level); JSON and tables paged over two or three pages; numbers with units
(metres, feet and inches, millimetres, kilograms, kWh, percentages, cents, pounds sterling,
gallons and yards); dates in several formats (ISO, ISO with an offset, DD/MM/YYYY, DD.MM.YYYY,
with the weekday and an ordinal, Unix timestamps); durations as m:ss, m:ss.s, minutes past the
hour as mm:ss.s, 1 min 58 s and decimal seconds).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.misted_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "misted"
"""The family of every case this module makes."""

SEED = 32000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the misted family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
