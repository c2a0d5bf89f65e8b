"""blame/engine/rules.py: a named rule switched off adds nothing, everything else is unchanged;
an unknown name is an error, in process and in the environment alike."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from blame.engine.rules import ENV, RULES, on, switched_off
from blame.errors import ConfigError
from blame.importers.chat import load_messages
from blame.model import Trace
from tests.test_engine import blame, check, looked_up_figure

HISTORY = [
    {"role": "human", "content": "How many moons has Mars?"},
    {"name": "Planner", "content": "Coder, count them."},
    {"name": "Coder", "content": "I will count them in code."},
    {"name": "Coder", "content": "```python\nprint(3)\n```"},
    {"name": "Computer_terminal", "content": "exitcode: 0\n3"},
    {"name": "Planner", "content": "The answer is 4."},
]
"""A chat whose first action (the coder's code, run: step 3) is what the run built on;
without that rule, the first worker turn (step 2) is blamed."""


def conversation() -> Trace:
    return load_messages(HISTORY, test_name="t")


def computed() -> Trace:
    """The coder's first action failed; the checker's code computed the wrong answer."""
    failed = {"name": "Computer_terminal", "content": "exitcode: 1 (execution failed)\nNameError"}
    return load_messages(
        [
            *HISTORY[:4],
            failed,
            {"name": "Checker", "content": "Assume a count.\n```python\nprint(2 * 2)\n```"},
            {"name": "Computer_terminal", "content": "exitcode: 0\n4"},
            {"name": "Planner", "content": "The answer is 4."},
        ],
        test_name="t",
    )


def wrong_source() -> Trace:
    return looked_up_figure(
        "population",
        "https://stats.example.org/profiles/akureyri",
        "Akureyri - statistical profile\n| population | 19,642 |",
        "The population of Reykjavik is 19,642.",
    )


SWITCHES: list[tuple[str, Callable[[], Trace], str, tuple[str, int], tuple[str, int]]] = [
    ("operand-wrong-source", wrong_source, "9999", ("researcher", 1), ("analyst", 6)),
    ("first-action", conversation, "two", ("Coder", 3), ("Coder", 2)),
    ("answer-computed", computed, "two", ("Checker", 5), ("Coder", 3)),
]


@pytest.mark.parametrize(
    ("rule", "build", "right", "shipped", "without"),
    [r for r in SWITCHES],
    ids=[r[0] for r in SWITCHES],
)
def test_a_rule_switched_off_adds_nothing(
    rule: str,
    build: Callable[[], Trace],
    right: str,
    shipped: tuple[str, int],
    without: tuple[str, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def top() -> tuple[str, int | None]:
        found = blame(build(), check("contains", value=right))[0]
        return (found.agent, found.step_index)

    assert top() == shipped
    with switched_off(rule):
        assert top() == without
    assert top() == shipped
    monkeypatch.setenv(ENV, f" {rule} ,")
    assert top() == without


def test_every_rule_is_on_unless_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert all(on(rule) for rule in RULES)
    with switched_off("first-action", "deviation"):
        assert [r for r in RULES if not on(r)] == ["first-action", "deviation"]
    monkeypatch.setenv(ENV, "deviation")
    with switched_off():  # the block says which rules are off, not the environment
        assert all(on(rule) for rule in RULES)


@pytest.mark.parametrize("where", ["block", "environment"])
def test_an_unknown_rule_is_a_configuration_error(
    where: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(ConfigError, match="unknown rule first-acton; the rules are"):
        if where == "block":
            with switched_off("first-acton"):
                pass
        else:
            monkeypatch.setenv(ENV, "first-acton")
            on("deviation")
