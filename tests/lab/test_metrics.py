"""The lab's measures against small games worked out by hand."""

from __future__ import annotations

import math

import pytest

from courtly.lab import metrics
from courtly.lab.stats import (
    binomial_test,
    fair_share_test,
    share_ci,
    two_proportion_test,
    welch_test,
)

# Three seats; scores before the first decision and after each of 6 decisions.
GAME = [
    [0, 0, 0],  # a tie: nobody leads
    [3, 0, 0],  # P0 leads
    [3, 4, 0],  # P1 takes the lead: change 1
    [3, 4, 4],  # P1 and P2 tie: no leader, no change
    [5, 4, 4],  # P0 again: change 2
    [5, 4, 7],  # P2: change 3, and P2 leads from here to the end
    [6, 4, 9],
]


def test_leader_is_none_on_a_tie_at_the_top() -> None:
    assert metrics.leader([3, 4, 4]) is None
    assert metrics.leader([3, 1, 2]) == 0


def test_lead_changes_counted_by_hand() -> None:
    assert metrics.lead_changes(GAME) == 3


def test_a_tie_at_the_top_interrupts_nobody_s_lead() -> None:
    # A leads, A and B tie, A leads again: no change.
    assert metrics.lead_changes([[1, 0], [1, 1], [2, 1]]) == 0
    # A leads, tie, B leads: one change.
    assert metrics.lead_changes([[1, 0], [1, 1], [1, 2]]) == 1


def test_decisiveness_is_when_the_winner_leads_for_good() -> None:
    # P2 leads alone from standing 5 of 6 decisions on.
    assert metrics.decisiveness(GAME, 2) == pytest.approx(5 / 6)
    # A winner who leads from the first decision: 1/D.
    assert metrics.decisiveness([[0, 0], [1, 0], [2, 1], [3, 1]], 0) == pytest.approx(1 / 3)
    # Only the last decision put the winner ahead: 1.
    assert metrics.decisiveness([[0, 0], [0, 1], [0, 2], [3, 2]], 0) == 1.0
    # Shared win: undefined.
    assert math.isnan(metrics.decisiveness(GAME, None))


def test_margin_is_winner_minus_runner_up() -> None:
    assert metrics.margin([6, 4, 9], [2]) == 3
    assert metrics.margin([6, 9, 9], [1, 2]) == 0
    # a winner by another rule than the highest score gets a negative margin
    assert metrics.margin([10, 8], [1]) == -2


def test_drama_is_the_largest_deficit_overcome() -> None:
    # P2 was behind P1 by 4 at [3, 4, 0]; the largest score reached is 9.
    assert metrics.drama(GAME, 2) == pytest.approx(4 / 9)
    assert metrics.drama([[0, 0], [2, 0], [4, 1]], 0) == 0.0
    assert math.isnan(metrics.drama(GAME, None))


def test_wilson_interval_by_hand() -> None:
    # 8 wins in 10: p = 0.8; Wilson 95% interval [0.490, 0.943].
    e = share_ci([1.0] * 8 + [0.0] * 2)
    assert e.mean == pytest.approx(0.8)
    assert e.low == pytest.approx(0.4902, abs=1e-3)
    assert e.high == pytest.approx(0.9433, abs=1e-3)


def test_tests_of_significance() -> None:
    # 60 of 100 against a fair half: exact two-sided p = 0.0569.
    assert binomial_test(60, 100, 0.5) == pytest.approx(0.0569, abs=1e-3)
    # equal wins per seat: nothing to see; all wins to one seat: tiny p.
    assert fair_share_test([25, 25, 25, 25])[1] == pytest.approx(1.0)
    assert fair_share_test([100, 0, 0, 0])[1] < 1e-10
    # 50/100 vs 70/100: z = -2.89, p = 0.0039.
    a = [1.0] * 50 + [0.0] * 50
    b = [1.0] * 70 + [0.0] * 30
    assert two_proportion_test(a, b) == pytest.approx(0.0039, abs=2e-4)
    assert two_proportion_test(a, a) == pytest.approx(1.0)
    # clearly different means, and equal ones
    assert welch_test([1, 2, 3, 4, 5], [11, 12, 13, 14, 15]) < 1e-4
    assert welch_test([1, 2, 3], [1, 2, 3]) == pytest.approx(1.0)
