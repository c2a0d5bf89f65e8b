"""Wilson intervals, verdicts and Ochiai scores against known figures, and their invariants."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blame.stats import Interval, ochiai, runs_to_show, shares, spectrum, verdict, wilson


@pytest.mark.parametrize(
    ("passes", "runs", "low", "high"),
    [
        # Newcombe (1998), Statistics in Medicine 17:857, table I, method 3 (Wilson, no
        # continuity correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (29, 29, 0.8830, 1.0),
        # Small n, as a suite with `runs:` gives.
        (1, 1, 0.2065, 1.0),
        (0, 1, 0.0, 0.7935),
        (4, 5, 0.3755, 0.9638),
        (5, 5, 0.5655, 1.0),
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
        (95, 100, 0.8882, 0.9785),
    ],
)
def test_wilson_interval_matches_published_figures(
    passes: int, runs: int, low: float, high: float
) -> None:
    interval = wilson(passes, runs)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)


def test_wilson_interval_of_no_runs_is_everything() -> None:
    assert wilson(0, 0) == Interval(0.0, 1.0)


@pytest.mark.parametrize(
    ("threshold", "runs"),
    # docs/runs.md's table: the fewest runs, all passing, whose lower bound reaches the rate
    [(0.0, 1), (0.1, 1), (0.5, 4), (0.8, 16), (0.9, 35), (0.95, 73), (0.99, 381), (1.0, None)],
)
def test_runs_to_show_a_rate_is_the_fewest_whose_all_passing_is_pass(
    threshold: float, runs: int | None
) -> None:
    assert runs_to_show(threshold) == runs
    if runs is not None:
        assert verdict(runs, runs, threshold) == "PASS"
        assert runs == 1 or verdict(runs - 1, runs - 1, threshold) == "INCONCLUSIVE"


@given(st.floats(0.0, 0.999))
@settings(max_examples=200, deadline=None)
def test_runs_to_show_is_exact_for_any_rate(threshold: float) -> None:
    runs = runs_to_show(threshold)
    assert runs is not None and wilson(runs, runs).low >= threshold
    assert runs == 1 or wilson(runs - 1, runs - 1).low < threshold


@pytest.mark.parametrize(("passes", "runs"), [(-1, 5), (6, 5), (0, -1)])
def test_wilson_refuses_impossible_counts(passes: int, runs: int) -> None:
    with pytest.raises(ValueError, match="passes <= runs"):
        wilson(passes, runs)


@pytest.mark.parametrize(
    ("passes", "runs", "threshold", "expected"),
    [
        (5, 5, 0.5, "PASS"),  # [0.566, 1] clears 0.5
        (5, 5, 0.8, "INCONCLUSIVE"),  # five runs cannot show 80 %
        (20, 20, 0.8, "PASS"),  # [0.839, 1]
        (0, 5, 0.5, "FAIL"),  # [0, 0.434]
        (3, 5, 0.5, "INCONCLUSIVE"),  # [0.231, 0.882]
        (1, 10, 0.5, "FAIL"),  # [0.018, 0.404]
        (9, 10, 0.5, "PASS"),  # [0.596, 0.982]
        (95, 100, 0.9, "INCONCLUSIVE"),  # [0.888, 0.979]
        (0, 1, 0.5, "INCONCLUSIVE"),  # one failing run proves little
        (0, 0, 0.5, "ERROR"),
        (0, 3, 0.0, "PASS"),  # a zero threshold is always met
        (3, 3, 1.0, "INCONCLUSIVE"),  # 100 % can never be shown, only refuted
        (2, 3, 1.0, "FAIL"),
    ],
)
def test_verdict_from_passes_runs_and_threshold(
    passes: int, runs: int, threshold: float, expected: str
) -> None:
    assert verdict(passes, runs, threshold) == expected


@pytest.mark.parametrize(
    ("failed_with", "passed_with", "failed_total", "score"),
    [
        (2, 0, 2, 1.0),  # in every failing run and no passing one
        (1, 1, 2, 0.5),  # 1 / sqrt(2 x 2)
        (3, 1, 4, 0.75),  # 3 / sqrt(4 x 4)
        (1, 3, 1, 0.5),  # 1 / sqrt(1 x 4)
        (2, 2, 4, 0.5),
        (1, 0, 4, 0.5),  # 1 / sqrt(4 x 1)
        (4, 5, 4, 4 / math.sqrt(36)),
        (0, 5, 4, 0.0),  # never in a failing run
        (0, 0, 0, 0.0),  # nothing failed and never seen
    ],
)
def test_ochiai_matches_hand_computed_scores(
    failed_with: int, passed_with: int, failed_total: int, score: float
) -> None:
    assert ochiai(failed_with, passed_with, failed_total) == pytest.approx(score)


def test_ochiai_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="failed_with"):
        ochiai(3, 0, 2)


def test_spectrum_names_the_events_more_frequent_in_failing_runs() -> None:
    runs = [
        (True, ["Writer: called verify", "Writer: ran", "Search: failed"]),
        (True, ["Writer: ran", "Writer: skipped", "Search: failed"]),
        (True, ["Writer: ran", "Writer: skipped"]),
        (False, ["Writer: called verify", "Writer: ran"]),
        (False, ["Writer: called verify", "Writer: ran", "Search: failed"]),
    ]
    found = [(s.event, round(s.score, 6), s.failing, s.passing) for s in spectrum(runs)]
    # `Writer: ran` is in every run and `called verify` mostly in passing ones: not ranked.
    assert found == [
        ("Writer: skipped", round(2 / math.sqrt(3 * 2), 6), 2, 0),
        ("Search: failed", round(2 / math.sqrt(3 * 3), 6), 2, 1),
    ]


@pytest.mark.parametrize("failed", [True, False])
def test_spectrum_needs_both_failing_and_passing_runs(failed: bool) -> None:
    assert spectrum([(failed, ["a"]), (failed, ["b"])]) == ()


def test_shares_count_most_frequent_first_then_by_key() -> None:
    assert shares(["b", "a", "b", "c", "a", "b"]) == (("b", 3), ("a", 2), ("c", 1))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_bounds_hold_the_observed_rate(counts: tuple[int, int]) -> None:
    passes, runs = counts
    interval = wilson(passes, runs)
    rate = passes / runs if runs else 0.5
    assert 0.0 <= interval.low <= rate <= interval.high <= 1.0


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
    st.floats(0.0, 1.0),
)
def test_verdict_agrees_with_the_interval(counts: tuple[int, int], threshold: float) -> None:
    passes, runs = counts
    interval = wilson(passes, runs)
    found = verdict(passes, runs, threshold)
    assert (found == "PASS") == (interval.low >= threshold)
    assert (found == "FAIL") == (interval.high < threshold)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.lists(st.sampled_from("abcdef"), max_size=4)), max_size=12
    ),
    st.randoms(use_true_random=False),
)
def test_order_of_runs_does_not_change_the_spectrum(
    runs: list[tuple[bool, list[str]]], rng: object
) -> None:
    shuffled = list(runs)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert spectrum(runs, top=10) == spectrum(shuffled, top=10)
    assert all(0.0 <= s.score <= 1.0 for s in spectrum(runs, top=10))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from("xyz"), max_size=20), st.randoms(use_true_random=False))
def test_order_of_runs_does_not_change_the_shares(keys: list[str], rng: object) -> None:
    shuffled = list(keys)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert shares(keys) == shares(shuffled)
