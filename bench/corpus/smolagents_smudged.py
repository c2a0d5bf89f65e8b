"""The `smudged` family: sixteen smolagents runs written blind, a twenty-fifth held-out check.

The thirty-third family. After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`,
`shrouded`, `eclipsed`, `occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`,
`foggy`, `gloomy`, `dim`, `overcast`, `smokey`, `clouded`, `misted`, `hazed` and `dusted`
(smolagents_dusted.py): the same systems (a manager CodeAgent delegating to a managed
ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a JSON API, a
code search or the web tools), the same tools and the same real OpenInference instrumentor, but
new scenarios (bench/corpus/smudged_runs.py) on other topics (a village show's straw bale race,
a borough council's planning applications API, a pilot gig rowing club's boats, a GPX
elevation-gain package, a carnival's slow bicycle race, an agricultural show's sheep-to-shawl
competition, a county council's pothole reports API, a river's swan upping census, a vintage
motorcycle club's reliability trial, a guitar tablature transposer package, a pipe club's slow
smoking contest, a district council's elections API, a charity stair climb up a tower block, a
city council's public toilets API, a whistling championship, a signal-flag hoist encoder
package), written in one sweep without reading the engine's rules, the other held-out families'
runs or any score, and not changed after its first score. Two runs per fault of the taxonomy
(`corpus.faults.FAULTS`), the decisive fault at varied positions (the manager's initial plan,
first step, middle code step or last step, the sub-agent's own initial plan, its first or last
call, a single agent's middle or last step, and near-identical searches until max_steps, by a
search sub-agent or by a single agent), with noise the runs get over (code errors seen and fixed
in the next step: a two-way unpack of a report split on ':', `import pandas` and `import os`
refused, `open()` refused by the sandbox, an f-string nesting quotes of its own kind (a
SyntaxError before Python 3.12), a variable-width look-behind, strptime without the trailing
'Z' of an ISO time, a GeoJSON feature list indexed by a key; a reference with slashes put in
the path, two wards looked up by name and an unsupported filter, all answering 400, and API roots
read for their endpoints; a search that finds nothing and a general search refined with the
town's name; a DuckDuckGo rate limit, a 502 on a results page, a broken chunked read and a 504
on an API, all retried; a page that redirects forever, caught by the agent's own except; a run
summary; pages with skip links, menus, breadcrumbs, cookie prompts, weather notices, sign-in
and 'was this page helpful' prompts, share buttons, photo and comment counts, health warnings
and small print; JSON with many fields, nested records and null values; irrelevant search hits
(bale wrap film, music gigs, a slow cooker test, a shawl knitting pattern, a pub called the
Swan, a clinical trial, copper pipe, stairlifts, whistling kettles); the right and a wrong value
on the same page, table or record (net and gross times, a target and a decision date, finishers
and cleans, a restoration year and the other boats' build years, a previous year's winning time
in a news snippet, a club record beside the winner's time, an ISO date beside the date written
out, neighbouring ward codes); GeoJSON paged over three pages; numbers with units (stone and
kilograms, yards and metres, feet and inches, grams, hectares, pounds sterling);
dates in several formats (ISO, ISO with Z, Unix seconds and milliseconds, with the weekday and
an ordinal, day month year); durations as m:ss, h:mm, 1h 42m 07s and 7 h 02 min).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.smolagents_sweep import run_case
from corpus.smudged_runs import RUNS

FAMILY = "smudged"
"""The family of every case this module makes."""

SEED = 35000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the smudged family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
