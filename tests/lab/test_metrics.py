"""The lab's measures against small games worked out by hand."""

from __future__ import annotations

import math
import warnings
from typing import Any

import pytest

from courtly.lab import metrics
from courtly.lab.stats import (
    binomial_test,
    fair_share_test,
    mean_ci,
    one_sample_test,
    ratio_ci,
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


def test_a_rate_is_a_ratio_of_sums_with_its_interval_by_hand() -> None:
    # 3 events in 1 round, 2 in 4 rounds, 1 in 5: 6 events in 10 rounds
    e = ratio_ci([3, 2, 1], [1, 4, 5])
    assert e.mean == pytest.approx(0.6)
    # each game's count less 0.6 times its rounds: 2.4, -0.4, -2; their
    # variance (5.76 + 0.16 + 4) / 2 = 4.96; over the mean size, 10 / 3
    half = 1.959963984540054 * math.sqrt(4.96 / 3) / (10 / 3)
    assert (e.low, e.high) == pytest.approx((0.6 - half, 0.6 + half))


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


def test_the_t_tests_give_scipys_p_values_on_samples_that_vary() -> None:
    from scipy import stats as sps

    a = [12.0, 15.0, 9.0, 20.0, 14.0, 11.0]
    b = [18.0, 22.0, 17.0, 25.0, 19.0]
    assert welch_test(a, b) == pytest.approx(sps.ttest_ind(a, b, equal_var=False).pvalue)
    assert welch_test(a, [0.5, 0.5, 0.5, 0.5]) == pytest.approx(
        sps.ttest_1samp(a, 0.5).pvalue  # one side without spread: Welch is a one-sample test
    )
    d = [0.4, -0.1, 0.7, 0.2, 0.0, 0.3]
    assert one_sample_test(d) == pytest.approx(sps.ttest_1samp(d, 0.0).pvalue)


def test_a_sample_that_does_not_vary_is_read_exactly_and_warns_nothing() -> None:
    # A short lab run often measures the same in every game. Rounding must not
    # turn that into a spread: 0.1 + 0.2 and 0.3 are the same measure.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert welch_test([0.1 + 0.2] * 3, [0.3] * 3) == 1.0
        assert welch_test([0.7] * 5 + [0.7000000000000001], [0.3] * 6) == 0.0
        assert one_sample_test([0.1 + 0.2 - 0.3] * 5) == 1.0
        assert one_sample_test([1e-17, 2e-17, 1e-17]) == 1.0
        assert one_sample_test([2.0, 2.0, 2.0]) == 0.0
        assert 0.0 < welch_test([3.0, 3.0], [1.0, 4.0, 6.0]) < 1.0


def test_top_tied_whether_shared_or_broken() -> None:
    assert metrics.top_tied([5, 5, 2]) and metrics.top_tied([3, 3])
    assert not metrics.top_tied([5, 4, 4])


def _game(
    seed: int, first: int, winners: list[int], scores: list[float], **kw: Any
) -> dict[str, Any]:
    return {
        "variant": 0, "seed": seed, "players": 2, "decisions": kw.get("decisions", 10),
        "first": first, "winners": winners, "shared": len(winners) > 1, "scores": scores,
        "margin": metrics.margin(scores, winners), "decisiveness": kw.get("decisiveness", 0.5),
        "lead_changes": 1, "drama": 0.0, "choices": 3.0,
        "length": {"round": kw.get("rounds", 2), "turn": 4}, "events": kw.get("events", {}),
        "curve": kw.get("curve", [[0.0, 0.0]]),
    }  # fmt: skip


def _seats(g: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "variant": 0, "seed": g["seed"], "seat": s, "bot": "greedy", "score": g["scores"][s],
            "rank": 1.0 if s in g["winners"] else 2.0,
            "win_share": 1 / len(g["winners"]) if s in g["winners"] else 0.0,
            "order": (s - g["first"]) % 2,
        }
        for s in range(2)
    ]  # fmt: skip


def test_a_variant_summary_by_hand() -> None:
    from courtly.lab.summary import variant_summary

    games = [
        # P0 opens and wins 7-3 in 2 rounds, with 2 curses
        _game(0, 0, [0], [7, 3], events={"cursed": 2}, curve=[[2, 1], [7, 3]]),
        # P1 opens; P0 and P1 tie on 5 and share the win, in 4 rounds
        _game(1, 1, [0, 1], [5, 5], rounds=4, decisiveness=math.nan, curve=[[1, 1], [5, 5]]),
        # P1 opens; 4-4 broken by a tie-break for P1, in 1 round
        _game(2, 1, [1], [4, 4], rounds=1, events={"cursed": 1}, curve=[[3, 4]]),
    ]
    seats = [r for g in games for r in _seats(g)]
    v = variant_summary("agents-of-the-crown", 2, games, seats)
    assert v["games"] == 3
    # win shares: P0 1 + 1/2 = 1.5 of 3; P1 1/2 + 1 = 1.5 of 3
    assert [s["win_share"]["mean"] for s in v["seats"]] == [0.5, 0.5]
    # the first player: P0 won game 0 (1), P1 shared game 1 (1/2), P1 won game 2 (1)
    assert v["first_player"]["win_share"]["mean"] == pytest.approx(2.5 / 3)
    assert v["margin"]["mean"] == pytest.approx(4 / 3)  # 4, 0, 0
    assert v["shared"]["mean"] == pytest.approx(1 / 3)
    assert v["tied"]["mean"] == pytest.approx(2 / 3)
    assert v["tie_broken"]["mean"] == pytest.approx(1 / 3)
    assert v["decisiveness"]["mean"] == 0.5 and v["decisiveness"]["n"] == 2  # NaN left out
    assert v["length"]["round"]["mean"] == pytest.approx(7 / 3)
    # curses: 2, 0, 1 a game; per round, 3 curses in 2 + 4 + 1 rounds (not
    # the mean of each game's 1, 0, 1, where the one-round game weighs as much)
    assert v["events"]["cursed"]["per_game"]["mean"] == pytest.approx(1.0)
    assert v["events"]["cursed"]["per_unit"]["mean"] == pytest.approx(3 / 7)
    assert v["events"]["cursed"]["per_game"]["low"] >= 0  # a count's interval stays >= 0
    assert v["events"]["cursed"]["games_with"]["mean"] == pytest.approx(2 / 3)
    assert v["events"]["cursed"]["label"] == "curses (challenges failed)"
    # the curve, by place in turn order: round 1 over three games, round 2
    # over the two still going; the first player is P0, P1, P1
    assert v["curve"]["going"] == [3, 2] and v["curve"]["by"] == "order"
    assert [p["mean"] for p in v["curve"]["seats"][0]] == pytest.approx([(2 + 1 + 4) / 3, 6.0])
    assert [p["mean"] for p in v["curve"]["seats"][1]] == pytest.approx([(1 + 1 + 3) / 3, 4.0])
    # by seat when a game has no first player (everyone opens at once)
    games[2]["first"] = -1
    by_seat = variant_summary("agents-of-the-crown", 2, games, seats)["curve"]
    assert by_seat["by"] == "seat"
    assert [p["mean"] for p in by_seat["seats"][0]] == pytest.approx([(2 + 1 + 3) / 3, 6.0])


def test_a_bounded_measure_s_interval_stays_within_its_range() -> None:
    from courtly.lab.summary import variant_summary

    # a winner who mostly takes the lead at the very end: decisiveness near 100%,
    # where the normal approximation reached 101%
    games = [
        _game(s, 0, [0], [7, 3], decisiveness=0.2 if s == 0 else 1.0, rounds=1 + s % 2)
        for s in range(10)
    ]
    games[1]["events"] = {"cursed": 1}
    seats = [r for g in games for r in _seats(g)]
    v = variant_summary("agents-of-the-crown", 2, games, seats)
    d = v["decisiveness"]
    assert d["mean"] == pytest.approx(0.92)
    assert d["high"] == 1.0 and 0.0 < d["low"] < d["mean"]
    assert v["events"]["cursed"]["per_game"]["low"] == 0.0  # a count, at 0 or above
    assert v["events"]["cursed"]["per_unit"]["low"] == 0.0
    assert all(s["rank"]["low"] >= 1 and s["rank"]["high"] <= 2 for s in v["seats"])
    assert mean_ci([0.0, 1.0, 1.0, 1.0], 0, 1).high == 1.0
    assert mean_ci([0.0, 0.0, 0.0, 1.0], 0, 1).low == 0.0
