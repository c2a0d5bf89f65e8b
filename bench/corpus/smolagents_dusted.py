"""The `dusted` family: sixteen smolagents runs written blind, a twenty-fourth held-out check.

The thirty-second family. After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`,
`shrouded`, `eclipsed`, `occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`,
`foggy`, `gloomy`, `dim`, `overcast`, `smokey`, `clouded`, `misted` and `hazed`
(smolagents_hazed.py): the same systems (a manager CodeAgent delegating to a managed
ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a JSON API, a
code search or the web tools), the same tools and the same real OpenInference instrumentor, but
new scenarios (bench/corpus/dusted_runs.py) on other topics (a village fair's stein-holding
contest, a district council's food hygiene ratings API, a Frisian canal pole-vaulting
championship, a GEDCOM family-history package, a pasty championship's amateur class, a bicycle
wheel-building package, a town council's car park occupancy API, a kubb world championship, a
tidal mud race, an amateur-radio dipole calculator package, a marmalade awards, a darkroom
timer package, a road bowling final, a county council's recycling centre booking API, a
human-tower competition, a county show's horseshoe-forging class), written in one sweep without
reading the engine's rules, the other held-out families' runs or any score, and not changed
after its first score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the
decisive fault at varied positions (the manager's initial plan, first step, middle code step or
last step, the sub-agent's own initial plan, its first or last call, a single agent's middle or
last step, and near-identical searches until max_steps, by a search sub-agent or by a single
agent), with noise the runs get over (code errors seen and fixed in the next step: a split on a
label the report did not use, a misremembered JSON key ('results'), int() on a report's last
character, float() on a figure with a decimal comma and on the text after the last '=', a
regex for m:ss where the report wrote '3m 47s', a sum over a null count, timedelta used before
its import; a guessed query endpoint, a car park looked up by name and a day-first date, all
answering 400; empty code searches for a setting's guessed name; a source path without its
src/ prefix; a guessed results address that answers 404; a 503 on a results page, a read
timeout on a page, a 503 and a timeout on searches, all retried; a run summary; pages with skip
links, menus, cookie prompts, subscription and newsletter prompts, photo and comment counts and
small print; JSON with many fields and null values; irrelevant search hits (a stein shop, a
pole-vaulting clinic, a pasty recipe, a kubb set for sale, a mud mask, a marmalade recipe, a
road bowling guide, a visitors' guide to human towers, horseshoes for sale); the right and a
wrong value on the same page, table, report or record (heat and final holds, a runner-up's
exact jump beside the winner's rounded one, a mobile van and a shop of the same name, a
penalty score beside the rating, a previous inspection's rating, the README's and the config's
counts, the stale docs' tolerance, a library default and a command-line default, the overall
winner and the first woman, judging and announcement dates, film and paper fixing times, the
half-way and the final throw counts); JSON paged over two pages; numbers with units (metres,
kilograms, kgf, percent, euro and kronor, miles and kilometres); dates in several formats (ISO,
ISO with Z, DD/MM/YYYY, D-M-YYYY, DD.MM.YYYY, with the weekday and an ordinal, Unix timestamps);
durations as m:ss, 3m 47s, minutes and seconds in timedelta).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.dusted_runs import RUNS
from corpus.faults import Case
from corpus.smolagents_sweep import run_case

FAMILY = "dusted"
"""The family of every case this module makes."""

SEED = 34000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the dusted family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
