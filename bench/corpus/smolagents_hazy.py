"""The `hazy` family: sixteen smolagents runs written blind, a fifteenth held-out check.

After `blind`, `fresh`, `novel`, `sealed`, `veiled`, `cloaked`, `shrouded`, `eclipsed`,
`occulted`, `obscured`, `shaded`, `dusky`, `murky` and `misty` (smolagents_misty.py): the same
systems (a manager CodeAgent delegating to a managed ToolCallingAgent, a search agent or a
code-search agent, or a single CodeAgent on a JSON API, a code search or the web tools), the
same tools and the same real OpenInference instrumentor, but new scenarios
(bench/corpus/hazy_runs.py) on other topics (a lawn mower racing club's 12-hour race, a
hedgehog rescue's open-data API, a worm charming championship, a siteswap juggling package, a
Morse keyer package, a giant pumpkin regatta, a pétanque league, a pinball ranking package, an
amateur dramatic society's pantomime, a moth group's Moth Night, a tiddlywinks pairs
tournament, a sheep breed society's flock book API, a zine fair, an astronomical society's star
parties, a welly wanging contest at an agricultural show, a bog snorkelling championship),
written in one sweep without reading the engine's rules, the other held-out families' runs or
any score, and not changed after its first score. Two runs per fault of the taxonomy
(`corpus.faults.FAULTS`), the decisive fault at varied positions (the manager's initial plan,
first step, middle code step or last step, the sub-agent's own updated plan, its first, middle
or last call, a single agent's middle or last step, and near-identical searches until
max_steps, by a search sub-agent or by a single agent), with noise the runs get over (code
errors seen and fixed in the next step: iterating a bound method not called, attribute access
on a dict, a regex that took the report's section number, a slice of characters taken for
lines, a split on ':' that stopped in the report's header, a split that caught 'final answer',
a sum over nulls, a re.Match printed before its group, a regex that kept a backtick; guessed
endpoints that answer 400; searches that find nothing; a read that timed out and a 502 on a
results page; rate limits retried; a run summary; pages with skip links, menus and small print;
JSON with many fields and null values; irrelevant search hits; the right and a wrong value on
the same page, table or list; a list paged over two pages; numbers with units and fractions).
"""

from __future__ import annotations

from collections.abc import Iterator

from corpus.faults import Case
from corpus.hazy_runs import RUNS
from corpus.smolagents_sweep import run_case

FAMILY = "hazy"
"""The family of every case this module makes."""

SEED = 25000
"""Span ids are seeded from SEED + the run's number, apart from the other families'."""


def cases() -> Iterator[Case]:
    """Every run of the hazy family."""
    for number, r in enumerate(RUNS):
        yield run_case(number, r, family=FAMILY, seed=SEED)
