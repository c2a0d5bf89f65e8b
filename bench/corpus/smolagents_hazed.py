"""The `hazed` family: sixteen smolagents runs written blind, a twenty-third held-out check.

The thirty-first family. After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`,
`shrouded`, `eclipsed`, `occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`,
`foggy`, `gloomy`, `dim`, `overcast`, `smokey`, `clouded` and `misted` (smolagents_misted.py):
the same systems (a manager CodeAgent delegating to a managed ToolCallingAgent, a search agent
or a code-search agent, or a single CodeAgent on a JSON API, a code search or the web tools),
the same tools and the same real OpenInference instrumentor, but new scenarios
(bench/corpus/hazed_runs.py) on other topics (a scything championship, a skate park's session
booking API, a show's pork pie eating contest, a cross-stitch thread estimator package, a
parish councils' defibrillator register API, a haggis hurling championship, a harbour
authority's mooring waiting list API, a woodmen's show springboard chop, a quayside crabbing
competition, a latte art throwdown, a shove ha'penny league's cup, a satellite pass predictor
package, a town's tar barrels night, a spoon carving competition, an oyster opening
championship, a dwile flonking tournament), written in one sweep without reading the engine's
rules, the other held-out families' runs or any score, and not changed after its first score.
Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at varied
positions (the manager's initial plan, first step, middle code step or last step, the
sub-agent's own initial plan, its first or last call, a single agent's middle or last step,
and near-identical searches until max_steps, by a search sub-agent or by a single agent), with
noise the runs get over (code errors seen and fixed in the next step: a split on a label the
report did not use, a regex for 'ate N pies' where the report wrote 'mini pork pies', a regex
without the space before a unit, indexing a text report as a dict, a misremembered JSON key
('type', 'results', 'applicants_ahead'), strptime on a day with an ordinal suffix, int() on a
score written nn/50; a guessed path-style endpoint, a guessed resource name and an
application looked up outside its list, all answering 400; an empty code search for a
setting's guessed name; a source path without its src/ prefix; a moved contest page, a guessed
results address and an unreachable social media page that answer 404; a 503 on a results
page and on a search, a timed-out search and a reset connection, all retried; a 503 on the
second page of a paged API caught by the agent's own except; a run summary; pages with skip
links, menus, cookie prompts, subscription and discount prompts, photo and comment counts and
small print; JSON with many fields and null values; irrelevant search hits (a scything course,
a pork pie recipe, a haggis recipe, crabbing nets for sale, a latte art guide, a board for sale
on an auction site, a bonfire night round-up, a knife buying guide, oyster knife reviews,
encyclopaedia pages); the right and a wrong value on the same page, table, report or record (a
winner's time and a faster runner-up's, a scheduled and a retimed session, the open and the
junior sections, the open and the amateur brackets, a postponed and a new date, a preview's
planned count and the night's count, a stale default in the docs and the code's, a list
applied to twice, last year's and this year's results); JSON and tables paged over two pages;
numbers with units (metres, grams and ounces, seconds, degrees, pounds sterling, square
metres); dates in several formats (ISO, ISO with an offset, DD/MM/YYYY, DD.MM.YYYY, with the
weekday and an ordinal, Unix timestamps); durations as m:ss, m:ss.s, 2 min 41.3 s, decimal
seconds and ISO 8601).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.hazed_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "hazed"
"""The family of every case this module makes."""

SEED = 33000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the hazed family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
