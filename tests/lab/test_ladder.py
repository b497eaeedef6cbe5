"""The levels' ladder: who meets whom, and each rung against the one below,
worked out on given results."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from openskill.models import PlackettLuce

from courtly.lab.runner import GameResult
from courtly.lab.stats import Z95
from courtly.lab.tournament import head_to_head, ladder, ladder_lineups, schedule


def game(seed: int, bots: list[str], ranks: list[float]) -> GameResult:
    winners = [s for s, r in enumerate(ranks) if r == min(ranks)]
    return GameResult(seed, bots, [0.0] * len(bots), winners, ranks, decisions=1)


def test_a_two_seat_ladder_seats_neighbours_only_each_in_both_seats() -> None:
    cycle = ladder_lineups(["random", "easy", "normal", "hard"], 2)
    assert sorted(map(tuple, cycle)) == sorted(
        [
            ("random", "easy"),
            ("easy", "random"),
            ("easy", "normal"),
            ("normal", "easy"),
            ("normal", "hard"),
            ("hard", "normal"),
        ]
    )


def test_a_three_seat_ladder_seats_runs_of_three_rotated() -> None:
    cycle = ladder_lineups(["a", "b", "c", "d"], 3)
    assert len(cycle) == 6
    assert {frozenset(c) for c in cycle} == {frozenset("abc"), frozenset("bcd")}
    for run in ("abc", "bcd"):
        games = [c for c in cycle if set(c) == set(run)]
        for seat in range(3):  # each rung of the run in every seat once
            assert Counter(c[seat] for c in games) == Counter(run)


def test_a_table_that_holds_every_rung_seats_them_all() -> None:
    cycle = ladder_lineups(["random", "easy", "normal", "hard"], 4)
    assert cycle == [
        ["random", "easy", "normal", "hard"],
        ["easy", "normal", "hard", "random"],
        ["normal", "hard", "random", "easy"],
        ["hard", "random", "easy", "normal"],
    ]
    assert schedule(["a", "b", "c"], 2, 5, seed=10, ladder=True) == [
        (["a", "b"], 10),
        (["b", "a"], 11),
        (["b", "c"], 12),
        (["c", "b"], 13),
        (["a", "b"], 14),
    ]


def test_the_ladder_keeps_the_order_given_and_measures_each_gap() -> None:
    # b always beats a; c beats b in two games of three.
    results = [
        game(0, ["a", "b"], [2, 1]),
        game(1, ["b", "a"], [1, 2]),
        game(2, ["b", "c"], [2, 1]),
        game(3, ["c", "b"], [1, 2]),
        game(4, ["b", "c"], [1, 2]),
        game(5, ["a", "b"], [2, 1]),
    ]
    rungs = ladder(results, ["a", "b", "c"], 2)
    assert [r.bot for r in rungs] == ["a", "b", "c"]
    assert rungs[0].gap is None and rungs[0].below is None

    # The ratings are OpenSkill's, game by game in order.
    model = PlackettLuce()
    rating = {n: model.rating(name=n) for n in "abc"}
    for r in results:
        teams = model.rate([[rating[b]] for b in r.bots], ranks=r.ranks)
        for b, team in zip(r.bots, teams, strict=True):
            rating[b] = team[0]
    for rung in rungs:
        assert rung.standing.mu == pytest.approx(rating[rung.bot].mu)
        assert rung.standing.sigma == pytest.approx(rating[rung.bot].sigma)

    b, c = rungs[1], rungs[2]
    assert b.gap is not None and c.gap is not None and b.below is not None and c.below is not None
    assert b.gap.mean == pytest.approx(rating["b"].mu - rating["a"].mu) and b.gap.mean > 0
    half = Z95 * math.hypot(rating["c"].sigma, rating["b"].sigma)
    assert c.gap.low == pytest.approx(c.gap.mean - half)
    assert c.gap.high == pytest.approx(c.gap.mean + half)
    assert (b.below.mean, b.below.n) == (1.0, 3)
    assert c.below.mean == pytest.approx(2 / 3) and c.below.n == 3


def test_a_rung_that_loses_to_the_one_below_shows_a_negative_gap() -> None:
    results = [
        game(i, ["x", "y"][:: 1 - 2 * (i % 2)], [1, 2][:: 1 - 2 * (i % 2)]) for i in range(8)
    ]
    # x finishes first in every game, whichever seat it has.
    top = ladder(results, ["x", "y"], 2)[1]
    assert top.bot == "y" and top.below is not None and top.gap is not None
    assert top.below.mean == 0.0 and top.gap.high < 0


def test_head_to_head_counts_a_tie_half_and_a_doubled_bot_by_its_mean_rank() -> None:
    results = [
        game(0, ["a", "b", "c"], [1.5, 1.5, 3]),  # a and b level: a half
        game(1, ["a", "a", "b", "b"], [1, 4, 2, 3]),  # a's mean 2.5, b's 2.5: level
        game(2, ["a", "b", "a", "b"], [1, 2, 3, 4]),  # a's mean 2, b's 3: a ahead
        game(3, ["c", "b", "c", "b"], [1, 2, 3, 4]),  # no a: not counted
    ]
    share = head_to_head(results, "a", "b")
    assert share.n == 3 and share.mean == pytest.approx(2 / 3)
