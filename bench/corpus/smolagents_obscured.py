"""The `obscured` family: sixteen smolagents runs written blind, a tenth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed` and
`occulted` (smolagents_occulted.py): the same systems (a manager CodeAgent delegating to a
managed ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a JSON
API or a code search), the same tools and the same real OpenInference instrumentor, but new
scenarios (bench/corpus/obscured_runs.py) on other topics (a lace-making guild's exhibition, a
cheese cave's ageing log, a steam fair's gates, a pigeon racing federation's clocking software,
a maple sugarhouse's production API, a thatchers' guild register, an orienteering league, a
curling club's booking app, a bookbinding school, a sundial society's register, a paragliding
school, a scarecrow festival's judging app, a quilt show, a harp workshop's catalogue API, a
morris side, a balloon fiesta's launch scheduler), written in one sweep without reading the
engine's rules, the other held-out families' runs or any score, and not changed after its
first score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at
varied positions (an initial plan that asks for a course's whole price where its materials fee
is asked, an updated plan that takes a county's total of sundials for its vertical ones, a
delegation that names the frozen legacy pricing module where the live one is asked, the
sub-agent's first call searching a similarly named orienteering club, its middle call going on
after a 503 on a guild register as if it had loaded and taking a 2019 article's count, its
last call reading the next row of a lace exhibition's table or answering from a show's preview
snippet without opening the results, the manager's middle code step writing a Sunday gate the
report said was still to come, its last step adding "km" to a number asked bare, a single
agent's middle steps rounding an age in weeks as days or stating a default tolerance from a
settings module it never read, its second step answering from the first page of a two-page
catalogue in the same code as the fetch, its last steps answering with the previous season
after its own except printed a 504 or in a sentence where path:line is asked, and
near-identical searches or reworded delegations until max_steps, by a search sub-agent or by
the manager), with noise the runs get over (code errors seen and fixed in the next step:
int() on the report's header line, a thousands comma, a regex that matched the agent's name, a
module not imported, int() of a list, a guessed path and a mistyped one; dead links; rate
limits retried, in a search and in a paged API; a 400 on an endpoint without its page; a run
summary; long pages with menus and footers; paged JSON with many fields and null values;
irrelevant search hits; the right and a wrong value on the same page or table; numbers with
units; dates in several formats).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.obscured_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "obscured"
"""The family of every case this module makes."""

SEED = 20000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the obscured family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
