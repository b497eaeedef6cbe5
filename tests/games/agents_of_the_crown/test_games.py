"""Agents of the Crown: many whole games, properties over random play, bots."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from courtly.engine import text
from courtly.engine.testing import random_game
from courtly.lab.runner import run_games

from .helpers import GAME


def test_a_thousand_random_games_end_with_consistent_scores() -> None:
    lengths = set()
    for seed in range(1000):
        state = random_game(GAME, 4, seed, {"years": 1} if seed % 2 else None)
        assert state.over
        years = 1 if seed % 2 else 4
        assert len(state.year_scores) == years
        assert len(state.history) == 20 * years  # 4 passes + 16 commits a Year
        assert state.score == [sum(y[s]["total"] for y in state.year_scores) for s in range(4)]
        lengths.add(len(state.history))
    assert lengths == {20, 80}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), policy=st.integers(0, 2**32))
def test_every_season_each_player_plays_one_card_and_curses_come_in_pairs(
    seed: int, policy: int
) -> None:
    state = GAME.new(seed=seed, options={"years": 1})
    rng = random.Random(policy)
    season, sizes, curses = state.season, [len(h) for h in state.hands], 0
    while not state.over:
        seat = state.to_act[rng.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        if state.over or state.season == season:
            continue
        # A season was resolved: everyone played exactly one card.
        now = [len(h) for h in state.hands]
        assert now == [n - 1 for n in sizes]
        assert (sum(state.curses) - curses) % 2 == 0, "curses come in pairs"
        for s in range(4):
            assert all(c & 3 == s for c in state.challenges[s]), "a pile holds its own suit"
        season, sizes, curses = state.season, now, sum(state.curses)


def test_greedy_is_well_above_its_fair_share_against_random() -> None:
    results = list(run_games(GAME.id, ["greedy", "random", "random", "random"], list(range(200))))
    share = sum(r.win_share(0) for r in results) / len(results)
    assert share > 0.6, f"greedy won only {share:.0%} (fair share 25%)"


def test_greedy_is_fair_it_is_given_only_an_observation() -> None:
    from courtly.bots import make

    bot = make("greedy", GAME)
    state = GAME.new(seed=4)
    obs = state.observation(0)
    action = bot.act(obs, state.legal_actions(0), random.Random(0))
    assert action in state.legal_actions(0)
    # The same observation with other hidden cards gives the same choice.
    world = GAME.sample_state(obs, random.Random(9))
    assert bot.act(world.observation(0), world.legal_actions(0), random.Random(0)) is action


def test_the_season_s_plays_say_where_each_card_went_in_words() -> None:
    """The table's "This season's plays" read "6♦ face up at D", a code,
    where the log says "at the ♦ challenge"."""
    rng = random.Random(3)
    for seed in range(20):
        state = GAME.new(seed=seed)
        while not state.over:
            seen = [c for c in state.observation(0).get("commits") or [] if c is not None]
            if state.decision == "commit" and seen:
                text = GAME.render(state.observation(0), state.legal_actions(0))
                plays = text.split("This season's plays", 1)[1].split("Your House", 1)[0]
                assert re.search(r"at the (♣|♦|♥|♠) challenge|at the open table", plays), plays
                assert not re.search(r" at (C|D|H|S|table)\b", plays), plays
                return
            seat = state.to_act[0]
            state.apply(seat, state.random_action(seat, rng))
    raise AssertionError("no season with a card played before seat 0's turn")


def test_each_move_reads_in_words() -> None:
    """What a hint, a review and a replay show: the move in words, not its notation."""
    said = {
        n: text.plain(GAME.parse_action(n).words())
        for n in ("pass QS 4D", "up 7H at H", "down 9C at table")
    }
    assert said == {
        "pass QS 4D": "Pass Q♠ and 4♦ to the left",
        "up 7H at H": "Play 7♥ face up at the ♥ challenge",
        "down 9C at table": "Play 9♣ face down at the open table",
    }


def test_the_table_says_a_chosen_pass_in_words() -> None:
    """The terminal showed "your pass: pass TH 2H (waiting for the others)",
    the notation as typed."""
    from rich.text import Text

    from .helpers import standard

    state = standard()
    state.apply(2, "pass TH 2H")
    shown = Text.from_markup(GAME.render(state.observation(2))).plain
    assert "you chose to pass 10♥ and 2♥ to the left (waiting for the others)" in shown
    assert "pass TH 2H" not in shown


def test_the_table_says_none_when_no_season_stack_is_left() -> None:
    """At the end of the game every season stack is used: the table said
    "season stacks left:" with nothing after it."""
    from rich.text import Text

    start = GAME.new(players=4, seed=3, options={"years": 1})
    shown = Text.from_markup(GAME.render(start.observation(0))).plain.splitlines()
    assert "  season stacks left: 3, 4, 4, 5" in shown
    state = random_game(GAME, 4, 3, {"years": 1})
    assert state.over and not any(state.observation(0)["season_stacks"])
    shown = Text.from_markup(GAME.render(state.observation(0))).plain.splitlines()
    assert "  season stacks left: none" in shown
