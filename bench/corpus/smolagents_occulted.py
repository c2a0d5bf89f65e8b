"""The `occulted` family: sixteen smolagents runs written blind, a ninth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded` and `eclipsed`
(smolagents_eclipsed.py): the same systems (a manager CodeAgent delegating to a managed
ToolCallingAgent, a search agent or a code-search agent, or a single CodeAgent on a JSON API or
a code search), the same tools and the same real OpenInference instrumentor, but new scenarios
(bench/corpus/occulted_runs.py) on other topics (a lighthouse keepers' archive, a beekeeping
association's survey, a glass-blowing studio, a falconry centre, a canal lock flight, a chess
olympiad's pairing engine, a community seed bank, a pipe organ restoration, a windmill trust,
a kite festival, a fossil quarry's catalogue, a sheepdog trial, a letterpress museum, an alpine
club's huts, a caving club's survey software, a brass band contest), written in one sweep
without reading the engine's rules, the other held-out families' runs or any score, and not
changed after its first score. Two runs per fault of the taxonomy (`corpus.faults.FAULTS`), the
decisive fault at varied positions (an initial plan that sets the answer in the results' m:ss
where seconds are asked, an updated plan that takes a mill's height to the top of its cap for
the brick tower alone, a delegation that asks for the kites entered instead of the kites
airborne at once, the sub-agent's first call, its own initial plan, stating a licence year as
known, its middle calls going on after a 503 with the flight's rise or opening the page on an
organ's 1962 rebuild instead of its 2021 restoration, its last call answering from a 2019
search snippet, the manager's middle code step writing a furnace year the report did not give,
its last step reading the next row's year in a keepers' roll, a single agent's first step
asking the API for a transposed accession number or summing the first page of a paged list and
answering in the same code, middle steps taking the autumn column of a survey table for spring,
last steps passing a Python list to final_answer where a comma-separated string is asked or
answering with the calling file after the search for a definition timed out, and near-identical
searches or delegations until max_steps, by a code-search sub-agent or by the manager), with
noise the runs get over (code errors seen and fixed in the next step: indexing a JSON string, a
KeyError, a regex that missed a space before the unit, int() on the report's header, strptime
and dates in three formats; dead links; rate limits retried, in a search and in a paged API;
run summaries; long pages with menus and footers; paged JSON with many fields and null values;
irrelevant search hits; the right and a wrong value on the same page or table; numbers with
units).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.occulted_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "occulted"
"""The family of every case this module makes."""

SEED = 19000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the occulted family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
