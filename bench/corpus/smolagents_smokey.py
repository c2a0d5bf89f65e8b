"""The `smokey` family: sixteen smolagents runs written blind, a twentieth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`, `foggy`, `gloomy`, `dim`
and `overcast` (smolagents_overcast.py): the same systems (a manager CodeAgent delegating to a
managed ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a JSON
API, a code search or the web tools), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/smokey_runs.py) on other topics (an axe throwing
league's playoffs, a beer festival's cask list API, a man versus horse marathon, a cribbage
club's scoring package, a wife carrying race, an audax club's brevet API, a black pudding
throw, a village hall's booking API, an air guitar championship, a hill games' shin-kicking, a
cat club's championship show, a nettle eating championship, a bathtub race, a pick-your-own
farm's crop API, a yo-yo open, a sailing club's handicap package), written in one sweep without
reading the engine's rules, the other held-out families' runs or any score, and not changed
after its first score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the
decisive fault at varied positions (the manager's initial plan, first step, middle code step or
last step, the sub-agent's own initial plan, its first or last call, a single agent's middle or
last step, and near-identical searches until max_steps, by a search sub-agent or by a single
agent), with noise the runs get over (code errors seen and fixed in the next step: a refused
`import requests`, a regex with an en dash where the report wrote a hyphen, timedelta() given a
regex's strings, json.loads on a whole report, a list of URLs passed to a tool that takes one,
a tool called with the wrong keyword, float() on an ISO 8601 duration, a sort on a key that is
None for a retired competitor, attribute access on a JSON dict; an empty code search for a
constant's name and an empty web search for a hyphenated name; an expired TLS certificate on a
league's site, a bot check got round with the Wayback Machine's copy, a connection reset and a
504 retried, a 500 in a paged API retried; an API that answers an unknown parameter with an
error in its JSON body; a second delegation after a report without the figure; pages with skip
links, menus, translation bars, app and newsletter prompts, paywall notes, comments, adverts
and small print; a PDF schedule converted to text with running headers; JSON with many fields
and null values; irrelevant search hits (a lane booking page, a recipe, a rescue charity, a
parkrun profile, encyclopaedia pages); the right and a wrong value on the same page, table or
list, and a printed schedule overtaken by a later report; a list paged over three pages;
numbers with units (feet, feet and inches, metres, gallons and litres, miles and furlongs,
ounces, miles per hour); dates in several formats (ISO, ISO with an offset, ISO weeks,
DD/MM/YYYY, DD.MM.YY, with the weekday and the time, Unix timestamps); durations as 2h 14m 37s,
h:mm:ss, mm:ss, 19h47 and ISO 8601 (PT1H30M, PT27H)).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.smokey_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "smokey"
"""The family of every case this module makes."""

SEED = 30000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the smokey family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
