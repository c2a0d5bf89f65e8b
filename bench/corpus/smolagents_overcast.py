"""The `overcast` family: sixteen smolagents runs written blind, a nineteenth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured`, `shaded`, `dusky`, `murky`, `misty`, `hazy`, `foggy`, `gloomy` and `dim`
(smolagents_dim.py): the same systems (a manager CodeAgent delegating to a managed
ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a JSON API, a
code search or the web tools), the same tools and the same real OpenInference instrumentor, but
new scenarios (bench/corpus/overcast_runs.py) on other topics (a hedge-laying match, a
fly-fishing club's catch-returns API, a toe wrestling championship, a draughts club's rating
package, a numismatic society's catalogue package, a geocaching club's cache API, a Subbuteo
league, a bar billiards league's statistics package, a cyclo-cross league round, a village's
well dressing week, a horseshoe pitching league, a rabbit show jumping club's spring show, an
egg throwing championship, a parish council's footpath survey API, a harvest show's sheaf
tossing, a cheese rolling), written in one sweep without reading the engine's rules, the other
held-out families' runs or any score, and not changed after its first score. Two runs per fault
of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at varied positions (the manager's
initial plan, first step, middle code step or last step, the sub-agent's own initial plan, its
first or last call, a single agent's middle or last step, and near-identical searches until
max_steps, by a search sub-agent or by a single agent), with noise the runs get over (code
errors seen and fixed in the next step: int() on a line with a name in it, max() over null
weights, indexing a JSON string, `in` on a null list, regexes for a quoting and a wording the
report did not use, a module used before its import, strptime without the weekday, a split on a
label the report did not use; guessed endpoints that answer 400; searches that find nothing, in
the web search and in the code search; a mistyped source path; a dead link and a dead guessed
page; a 502 on a club's page retried, a 503 in a paged API and a timed-out file read; rate
limits retried; a second delegation after a sub-agent came back empty; a run summary; an updated
plan; pages with skip links, menus, cookie banners and small print; JSON with many fields and
null values; irrelevant search hits; the right and a wrong value on the same page, table or
list; lists paged over two and three pages; numbers with units (pounds and ounces, grams, metres
and feet, kilograms); dates in several formats (DD/MM/YYYY, ISO, with the weekday, in words);
durations as h:mm:ss, mm:ss and mm:ss,t).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.overcast_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "overcast"
"""The family of every case this module makes."""

SEED = 29000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the overcast family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
