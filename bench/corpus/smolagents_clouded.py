"""The `clouded` family: sixteen smolagents runs written blind, a twenty-first held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`, `foggy`, `gloomy`, `dim`,
`overcast` and `smokey` (smolagents_smokey.py): the same systems (a manager CodeAgent delegating
to a managed ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a
JSON API, a code search or the web tools), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/clouded_runs.py) on other topics (a gravy
wrestling championship, a dark-sky group's sky-quality meter API, a hen racing championship, a
disc golf club's rating package, a street-tree inventory API, a charity bed race, a hobby horse
open, a climbing wall's grade converter package, a speed jigsaw puzzling open, a log rolling
(birling) contest, a penny-farthing race, a ten-pin bowling league's scoring package, a rock
paper scissors league, an Easter Monday bottle-kicking, a snowshoe race, a gingerbread house
contest), written in one sweep without reading the engine's rules, the other held-out families'
runs or any score, and not changed after its first score. Two runs per fault of the taxonomy
(`corpus.faults.FAULTS`), the decisive fault at varied positions (the manager's initial plan,
first step, middle code step or last step, the sub-agent's own initial plan, its first or last
call, a single agent's middle or last step, and near-identical searches until max_steps, by a
search sub-agent or by a single agent), with noise the runs get over (code errors seen and fixed
in the next step: int() on a time written m:ss, a regex for 'secs' where the report wrote 's',
max() over a site with no readings, strptime with %H on minutes and seconds, strptime on a day
with an ordinal suffix, a split on a label with a colon the report did not use, int() on a
report's last word, indexing the text a search returned as if it were a list; an endpoint
without its leading slash and a guessed per-site endpoint that answer 400; empty code searches
for a setting's guessed name; source paths without their src/ prefix; a guessed web address that
answers 404; a 503 on a results page and a dropped connection on a search, both retried; a run
summary; pages with skip links, menus, booking and subscription prompts, comments counts and
small print; JSON with many fields and null values; irrelevant search hits (a gravy recipe, hen
party packages, a bed shop, a sewing pattern, a jigsaw shop, canoe hire, a penny-farthing for
sale, snowshoe hire, encyclopaedia pages); the right and a wrong value on the same page, table
or list, and a planned date overtaken by a postponement; a table paged over three pages; numbers
with units (litres, yards and metres, inches, centimetres and feet, miles, mag/arcsec²,
percentages); dates in several formats (ISO, ISO with an offset, DD/MM/YYYY, D.M.YYYY, DD.MM.YY,
with the weekday and an ordinal, Unix timestamps); durations as m:ss, mm:ss, h:mm:ss, 1 min 34,
2 min 37 s, 14m 05s, 1 hr 52 min and decimal seconds).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.clouded_runs import RUNS
from corpus.faults import Case
from corpus.smolagents_sweep import run_case

FAMILY = "clouded"
"""The family of every case this module makes."""

SEED = 31000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the clouded family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
