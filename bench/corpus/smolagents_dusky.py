"""The `dusky` family: sixteen smolagents runs written blind, a twelfth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured` and `shaded` (smolagents_shaded.py): the same systems (a manager
CodeAgent delegating to a managed ToolCallingAgent, a search agent or a code-search agent, or a
single CodeAgent on a JSON API or a code search), the same tools and the same real OpenInference
instrumentor, but new scenarios (bench/corpus/dusky_runs.py) on other topics (a bat group's
emergence counts, a physic garden's plant records API, a dragon-boat festival, a bonsai
society's show, a library of things' lending API, a cycle speedway league, a gliding club's
flight-log API, a canoe slalom, a darts league's statistics package, a storytelling festival, a
community cinema's booking API, a rocketry society's season, a city farm's animal register API,
a walking festival, a repair café's impact report, a puzzle hunt's scoring software), written in
one sweep without reading the engine's rules, the other held-out families' runs or any score,
and not changed after its first score. Two runs per fault of the taxonomy
(`corpus.faults.FAULTS`), the decisive fault at varied positions (the manager's initial plan,
first step, middle code step or last step, the sub-agent's own updated plan, its middle call or
its last call, a single agent's middle or last step, and near-identical searches until
max_steps, by a search sub-agent or by a single agent), with noise the runs get over (code
errors seen and fixed in the next step: indexing a JSON string, iterating a dict's keys, a
missing key, int() on a report's last word or on a figure with a thousands comma; a guessed
endpoint that answers 400; a mistyped path; a dead link; rate limits retried; a run summary;
pages with menus and footers; JSON with many fields and null values; irrelevant search hits;
the right and a wrong value on the same page, table or list; numbers with units).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.dusky_runs import RUNS
from corpus.faults import Case
from corpus.smolagents_sweep import run_case

FAMILY = "dusky"
"""The family of every case this module makes."""

SEED = 22000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the dusky family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
