"""The `blurred` family: sixteen smolagents runs written blind, a twenty-sixth held-out check.

The thirty-fourth family. After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`,
`shrouded`, `eclipsed`, `occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`,
`foggy`, `gloomy`, `dim`, `overcast`, `smokey`, `clouded`, `misted`, `hazed`, `dusted` and
`smudged` (smolagents_smudged.py): the same system (a manager CodeAgent delegating to a managed
ToolCallingAgent that searches, the web or a package's code; in some runs the manager also calls a
JSON API itself, in one the search agent does), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/blurred_runs.py) on other topics (listed here in no
particular order: a lake's winter swimming gala, a Roman numeral converter package, a rivers
trust's fish counter API, a chessboxing club's fight night, a town's woolsack races, a county
council's school term dates API, an old-time fiddlers' contest, a cron expression package, a
reservoir's cardboard boat regatta, a national park's people counter API, a surf life saving club's
championships, an ISBN check-digit package, a coastal agency's bathing water sampling API, a
valley's yodelling festival, a moon phase package, a city council's street lighting faults API),
written in one sweep without reading the engine's rules, the other held-out families' runs or any
score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at varied
positions (the manager's initial plan, a middle or its last code step, the sub-agent's middle or
last call, and near-identical searches or delegations until max_steps, by a search sub-agent or by
the manager), with noise the runs get over (code errors seen and fixed in the next step: `re` used
before its import, strptime with %b on a full month name, int() on a count written '<10', regexes
for a wording the report did not use; a month written YYYY-MM where the API takes year and month
apart and a guessed path, both answering 400; searches that find nothing, in German and with a
function's name; a code search for a call with its parenthesis; a guessed API root that answers
404; a connect timeout on a search retried; run summaries; updated plans; pages with skip links,
menus, breadcrumbs, cookie prompts, share buttons, photo and comment counts, 'was this page useful'
prompts and small print; JSON with many fields, nested records and null values; irrelevant search
hits (a fishmonger's counter, a packaging shop, wool sacks for sale, holiday cottages, a yodel
course, garden lights, a fiddle-leaf fig, chess clocks, flag banners); several values on one page,
table or record (the fastest time of the day beside a class winner, upstream, downstream and net
counts, a start list and a results page, provisional and confirmed calendars, a scheduled distance
and the round a bout ended in, a package's many release dates, two limits in one ternary); samples
paged over three pages; numbers with units (cfu/100 ml, pounds, yards, degrees Celsius, marks);
dates in several formats (ISO, ISO with Z, 'Jun 14, 2021', with the weekday, day month year); times
as m:ss and in seconds).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.blurred_runs import RUNS
from corpus.faults import Case
from corpus.smolagents_sweep import run_case

FAMILY = "blurred"
"""The family of every case this module makes."""

SEED = 36000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the blurred family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
