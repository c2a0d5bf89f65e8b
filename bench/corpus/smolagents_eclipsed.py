"""The `eclipsed` family: sixteen smolagents runs written blind, an eighth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked` and `shrouded`
(smolagents_shrouded.py): the same systems (a manager CodeAgent delegating to a managed
ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a JSON API or
a code search), the same tools and the same real OpenInference instrumentor, but new scenarios
(bench/corpus/eclipsed_runs.py) on other topics (a puffin colony survey, a tide-gauge network, a
tram depot museum, a lichen herbarium, a hot-spring bathhouse, a cider press co-op, a sand-yacht
race, a clock-repair guild, a lavender farm, a community radio station, a stained-glass
workshop, a drystone-walling contest, a marionette festival, a rope-making works, a peat bog
reserve, an ice-climbing wall), written in one sweep without reading the engine's rules, the
other held-out families' runs or any score, and not changed after its first score. Two runs
per fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at varied positions (an
initial plan that looks up the farm's total area instead of the area under lavender, an
updated plan that states a depot's opening year from memory, a delegation that asks for the
hours on air instead of the live hours, the sub-agent's first call searching the previous
year's race, its middle call stating a price from a page that answered 503 or opening the
frozen v1 copy of a function, its last call reading the 2022 column of a survey table as 2024,
the manager's first code step writing a founding year from memory, its middle step taking one
venue's count as the whole programme, its last step writing an ISO date as day/month/year, a
single agent's first step answering with the first code-search match in the same code as the
search, middle steps taking the first datum's series from paged JSON or writing the total with
its unit, its last step answering the sum of the pages that loaded after its own except printed
a 503, and near-identical searches or file reads until max_steps, by a sub-agent or a single
agent), with noise the runs get over (code errors seen and fixed in the next step: a regex
that missed, a KeyError, indexing a JSON string, strptime and an ordinal suffix; dead links
and a mistyped path; rate limits retried; run summaries; long pages with menus and footers;
paged JSON with many fields and null values; irrelevant search hits; the right and a wrong
value on the same page or table; numbers with units; dates in several formats).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.eclipsed_runs import RUNS
from corpus.faults import Case
from corpus.smolagents_sweep import run_case

FAMILY = "eclipsed"
"""The family of every case this module makes."""

SEED = 18000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the eclipsed family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
