"""Named attribution rules that can be switched off, to measure what each one is worth.

A rule is kept only when it helps on material it was not fitted to (`bench/ablation.py`
switches each one off in turn and counts the cases it fixes and breaks). The engine asks
`on(name)` where a rule would add its suspect; everything else, and every other rule, is
unchanged. Nothing is off by default.

Two ways to switch rules off, for benchmarking only:
- in process: `with switched_off("first-action"): ...`;
- for a whole run: the environment variable `BLAME_RULES_OFF`, names separated by commas.
An unknown name is an error (exit 2): a misspelt name would silently measure nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Literal, get_args

from blame.errors import ConfigError

Rule = Literal[
    "stated-then-dropped",
    "answer-computed",
    "first-action",
    "unsupported-claim",
    "answer-first-stated",
    "first-worker-turn",
    "error-reader",
    "failure-aside",
    "error-went-on",
    "error-swallowed",
    "content-source",
    "operand-introduced",
    "constant-made-up",
    "operand-swapped",
    "operand-code",
    "operand-prose",
    "cut-short",
    "snippet-answer",
    "unread-definition",
    "unread-pages",
    "operand-wrong-source",
    "operand-wrong-row",
    "operand-snippet",
    "delegated",
    "misdelegated",
    "named-first",
    "substituted",
    "deviation",
    "loop-start",
    "routed-away",
    "rejected-argument",
    "made-up-argument",
    "read-wrong-value",
    "figure-rendered",
    "stopped-early",
    "format-wrapped",
    "format-writer",
    "handed-on",
    "contradicted-argument",
    "answer-part",
    "had-both",
    "code-variable",
    "task-value",
    "day-month-swapped",
    "period-argument",
    "plan-dropped",
]
"""Every rule that can be switched off (docs/engine.md describes each)."""
RULES: tuple[Rule, ...] = get_args(Rule)
"""The names, in the order the ablation benchmark reports them."""
ENV = "BLAME_RULES_OFF"
"""The environment variable naming rules to switch off (comma-separated)."""

_off: ContextVar[frozenset[str] | None] = ContextVar("blame_rules_off", default=None)


def on(rule: Rule) -> bool:
    """Whether `rule` may add its suspect (it is not switched off)."""
    off = _off.get()
    if off is None:
        off = _parse(os.environ.get(ENV, ""))
    return rule not in off


@contextmanager
def switched_off(*names: str) -> Iterator[None]:
    """Within the block, the named rules add nothing (and `BLAME_RULES_OFF` is not read)."""
    token = _off.set(_checked(names, "switched_off"))
    try:
        yield
    finally:
        _off.reset(token)


@cache
def _parse(value: str) -> frozenset[str]:
    return _checked([n.strip() for n in value.split(",") if n.strip()], ENV)


def _checked(names: Sequence[str], where: str) -> frozenset[str]:
    unknown = sorted(set(names) - set(RULES))
    if unknown:
        raise ConfigError(
            f"unknown rule {', '.join(unknown)}",
            field=where,
            hint=f"the rules are {', '.join(RULES)}",
        )
    return frozenset(names)
