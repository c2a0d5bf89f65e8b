"""The `shaded` family: sixteen smolagents runs written blind, an eleventh held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted` and `obscured` (smolagents_obscured.py): the same systems (a manager CodeAgent
delegating to a managed ToolCallingAgent, a search agent or a code-search agent, or a single
CodeAgent on a JSON API or a code search), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/shaded_runs.py) on other topics (a fungus
recording group's forays, a philatelic society's auction catalogue API, a model railway
exhibition, a bakery co-op's ordering API, an open-water harbour swim, an archery club's
scoring software, a farriery competition, an aquarium's husbandry API, a dahlia society's show,
a boatbuilding school, a roller derby league, a contest-log checker for radio amateurs, a
vintage tractor rally, a fencing-tournament program, a cactus and succulent society's show, a
council's beach-hut booking API), written in one sweep without reading the engine's rules, the
other held-out families' runs or any score, and not changed after its first score. Two runs per
fault of the taxonomy (`corpus.faults.FAULTS`), the decisive fault at varied positions (an
initial plan that asks for a show's top award where one section's best bloom is asked, an
updated plan that states a count no source gave, the sub-agent's middle calls opening the
previous year's page of two with the same title or switching to next year's course because
the asked one is full, its last calls reporting a time after the results page answered 503 or
answering from a constant without reading the function that uses it, the manager's code steps
reading a report's table one column off, formatting a 24-hour time as 12-hour or answering
after the first of two planned lookups, a single agent's steps taking a nested previous sale's
price for the asked one, deriving a price from an assumed discount where the API gave a link,
passing a day-first date that the API reads month-first, going on after its own except printed
a timeout, or answering a whole number as a float, and near-identical searches or re-fetches of
the first page of a paged API until max_steps, by a search sub-agent or by a single agent),
with noise the runs get over (code errors seen and fixed in the next step: int() on the
report's last word, indexing a string report, a module not imported, strptime without the
space before am/pm, a thousands comma, a regex that matched the agent's name, a sum over null
values, a mistyped path; dead links; rate limits retried, in a search and in a paged API; a
400 on an endpoint without its page; a page the visitor cannot convert; a run summary; long
pages with menus and footers; paged JSON with many fields and null values; irrelevant search
hits; the right and a wrong value on the same page or table; numbers with units; dates in
several formats).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.shaded_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "shaded"
"""The family of every case this module makes."""

SEED = 21000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the shaded family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
