"""The `fogged` family: sixteen smolagents runs written blind, a twenty-seventh held-out check.

The thirty-fifth family. After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`,
`shrouded`, `eclipsed`, `occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`,
`foggy`, `gloomy`, `dim`, `overcast`, `smokey`, `clouded`, `misted`, `hazed`, `dusted`, `smudged`
and `blurred` (smolagents_blurred.py): the same system (a manager CodeAgent delegating to a managed
ToolCallingAgent that searches, the web or a package's code; in some runs the manager also calls a
JSON API itself, in one the search agent does), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/fogged_runs.py) on other topics (listed here in no
particular order: a harbour regatta's greasy pole contest, a water company's reservoir levels API,
a fen skating championship on natural ice, a sunrise and sunset calculator package, a Boxing Day
pram race, a farmers' market's stall bookings API, a schools' robot sumo tournament, a pollen count
API, a cross-country ski loppet, a council's noise complaints API, a postcode validation package, a
colour-contrast checker package, a bus operator's lost property API, a sudoku solver package, an
indoor rowing championship, a sedan chair race), written in one sweep without reading the engine's
rules, the other held-out families' runs or any score. Two runs per fault of the taxonomy
(`corpus.faults.FAULTS`), the decisive fault at varied positions (the manager's initial or updated
plan, a middle or last code step, the final answer it is asked for after max_steps, the sub-agent's
middle or last call, right after its own plan or after a failed call, and near-identical searches
or delegations until max_steps, by a search sub-agent or by the manager), with noise the runs get
over (code errors seen and fixed in the next step: int() on an amount with a thousands comma, a
split on the first colon of a report's header, a key that is nested in the record, a list of
records indexed by a name, an import of the package being asked about, a call to one of its
functions as if it were a tool; a guessed list endpoint answering 400, a wrong query parameter's
name and a plural category both answering 400 with the allowed values, a gateway timeout retried;
errors caught by the agent's own except (a missing key printed for every record before the fix);
a search that finds nothing until the event's day is added, a DuckDuckGo rate limit retried, a code
search for a phrase that finds nothing; a guessed results page answering 404, source paths without
their src/ prefix and without their extension, a misspelt module name; a sub-agent that runs out
of steps and reports what it has; a second delegation pointing the sub-agent at a page; run
summaries; pages with skip links, menus, breadcrumbs, cookie prompts, share buttons, photo and
comment counts, 'most read' lists, 'was this page useful' prompts and small print; JSON with many
fields, nested records and null values; irrelevant search hits (a careers article, a holiday
cottage, fen runners for sale, a gazebo, sumo tickets, hay fever tablets, a ski hire shop, a music
festival, a lost-umbrella forum post, a rowing machine for sale, an antique sedan chair); several
values on one page, table or record (last year's round in a fact box, neighbouring days' readings
newest first, entered, started and finished counts, received and resolved counts, the open-weight
and lightweight winners in one table, a record beside the day's times, a changelog's many
releases and its tags, two thresholds in one ternary, a README's stale default beside the code's);
a month of items paged over three pages; numbers with units (megalitres, grains per cubic metre,
metres, miles, pounds, arcminutes, kilograms); dates in several formats (ISO, ISO with an offset,
day/month/year, with the weekday, day month year); times as m:ss and m:ss.s).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.fogged_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "fogged"
"""The family of every case this module makes."""

SEED = 37000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the fogged family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
