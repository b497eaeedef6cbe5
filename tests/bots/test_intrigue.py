"""Intrigue's ``normal`` heuristic: its strength against the earlier heuristic,
random play and the scripted strategies; its plans (tokens read as alliances,
Favors, relationships, idle Actions) in set-up positions; and its fairness
(only the observation) and legality."""

from __future__ import annotations

import copy
import random

import pytest

from courtly.bots import make, names, scripted_for
from courtly.bots.greedy.intrigue import WEIGHTS, Greedy
from courtly.bots.scripted.intrigue_v1 import PreviousNormal
from courtly.bots.tune import SPECS, tune
from courtly.engine.actions import Action
from courtly.engine.errors import CourtlyError
from courtly.games import get
from courtly.games.intrigue.rules import IntrigueState
from courtly.lab.runner import run_matches
from tests.games.intrigue.helpers import table

GAME = get("intrigue")
SCRIPTED = ("loyal", "follower", "schemer")


def share(lineup: list[str], bot: str, games: int, seed: int) -> float:
    """Win share per seat of ``bot`` (ties shared) over ``games`` games, the
    line-up rotated so that every seat is played by each bot in turn."""
    matches = [(lineup[i % 3 :] + lineup[: i % 3], seed + i) for i in range(games)]
    wins = seats = 0.0
    for r in run_matches(GAME.id, matches):
        for s, name in enumerate(r.bots):
            if name == bot:
                wins += r.win_share(s)
                seats += 1
    return wins / seats


def move(state: IntrigueState, seat: int = 0, bot: str = "normal") -> Action:
    return make(bot, GAME).act(state.observation(seat), state.legal_actions(seat), random.Random(0))


# -- strength ---------------------------------------------------------------------
def test_normal_wins_most_games_against_random() -> None:
    # Three seats: the fair share is a third; it wins nineteen games of twenty.
    assert share(["normal", "random", "random"], "normal", 200, 700) >= 0.95


def test_normal_beats_the_previous_heuristic() -> None:
    alone = share(["normal", "normal-v1", "normal-v1"], "normal", 300, 800)
    assert alone > 0.42, f"one normal against two normal-v1 won {alone:.0%} (fair 33%)"
    outnumbered = share(["normal-v1", "normal", "normal"], "normal-v1", 300, 900)
    assert outnumbered < 0.28, f"one normal-v1 against two normal won {outnumbered:.0%}"


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_normal_beats_each_scripted_strategy(strategy: str) -> None:
    alone = share(["normal", strategy, strategy], "normal", 150, 1000)
    assert alone > 0.6, f"one normal against two {strategy} won {alone:.0%} (fair 33%)"
    outnumbered = share([strategy, "normal", "normal"], strategy, 150, 1100)
    assert outnumbered < 0.2, f"one {strategy} against two normal won {outnumbered:.0%}"


# -- plans in set-up positions ------------------------------------------------------
def test_a_spy_with_nothing_to_look_at_is_not_played() -> None:
    # No card lies face down anywhere, so the Spy would do nothing (INT-14); the
    # seat holds no token and has no Favor left: nothing it does changes its
    # points, and the earlier heuristic played the Spy idly for a made-up +0.05.
    st = table(
        hands=(("SPY", "FEUD", "VIRTUE"), ("PUB2", "PUB3"), ("PUB4", "ENTH1")),
        tokens={"A+3": 1, "A+1": 1, "B+3": 2, "B+1": 2, "C+3": 1, "C+1": 2},
    )
    st.favor_hand[0] = []
    assert "play SPY" in [a.notation for a in st.legal_actions(0)]
    assert move(st, 0, "normal-v1").notation == "play SPY"
    assert move(st).notation != "play SPY"


TAKEN = {"A+3": 0, "A+1": 1, "B+3": 1, "B+1": 2, "C+3": 2, "C+1": 1}
"""Every token taken, seat 0 holding A+3: its last card is its only move left."""


def test_a_last_support_face_up_draws_nothing() -> None:
    # INT-19: the round ends as the last card leaves the hand, so showing it earns
    # no draw; it goes face down, its worth hidden from the others.
    st = table(hands=(("PUB1",), ("PUB3", "PUB4"), ("ENTH1", "ENTH2")), tokens=TAKEN)
    st.favor_hand[0] = []
    assert move(st).notation == "down PUB1 A"


def test_with_last_card_resolves_a_last_support_is_shown_to_draw() -> None:
    # INT-19 with last_card=resolves: the last card's text is carried out, so a
    # Support face up draws a card and the round goes on.
    st = table(
        hands=(("PUB1",), ("PUB3", "PUB4"), ("ENTH1", "ENTH2")), tokens=TAKEN, last_card="resolves"
    )
    st.favor_hand[0] = []
    assert move(st).notation == "up PUB1 A"


def test_it_reads_the_tokens_as_alliances() -> None:
    # Both rivals hold A's tokens and will play for A: B's +3 is a losing bet.
    st = table(
        hands=(("PUB1", "PUB2"), ("PUB3", "PUB4"), ("ENTH1", "ENTH2")),
        tokens={"A+1": 1, "A+3": 2},
    )
    assert move(st, 0, "normal-v1").notation == "take B+3"
    assert move(st).notation != "take B+3"


def test_it_plays_its_favor_for_the_monarch_before_its_last_card_ends_the_game() -> None:
    # A has two point tokens in the last round: it will ascend, and the first
    # Favor for it earns 3. Seat 0's last card would end the game first.
    st = table(hands=(("PUB1",), ("PUB3", "PUB4"), ("ENTH1", "ENTH2")), tokens=TAKEN)
    st.round, st.char_points = 3, [2, 0, 0]
    assert move(st).notation == "favor A"


def test_a_relationship_lifts_the_character_it_backs() -> None:
    st = table(
        hands=(("ADVANT", "PUB1"), ("PUB3", "PUB4"), ("ENTH1", "ENTH2")),
        tokens={"A+3": 0, "B+3": 1, "C+3": 2},
    )
    action = move(st)
    assert action.kind == "rel" and action.notation.startswith("rel ADVANT A")


# -- fairness and legality -------------------------------------------------------------
def test_normal_returns_a_legal_action_and_leaves_its_observation_untouched() -> None:
    rng = random.Random(5)
    bot = make("normal", GAME)
    for seed in range(40):
        options = {"leftover_hands": "keep"} if seed % 2 else {"last_card": "resolves"}
        state = GAME.new(seed=seed, options=options)
        while not state.over:
            seat = state.to_act[0]
            obs = state.observation(seat)
            before = copy.deepcopy(obs)
            legal = state.legal_actions(seat)
            action = bot.act(obs, legal, random.Random(seed))
            assert action in legal
            assert obs == before
            state.apply(seat, action if rng.random() < 0.8 else legal[rng.randrange(len(legal))])


def test_normal_decides_on_its_observation_alone() -> None:
    """Worlds that look the same to a seat (other hands, face-down cards and
    the deck dealt anew) get the same move."""
    rng = random.Random(8)
    bot = make("normal", GAME)
    checked = 0
    for seed in range(15):
        state = GAME.new(seed=seed)
        while not state.over:
            seat = state.to_act[0]
            obs = state.observation(seat)
            legal = state.legal_actions(seat)
            chosen = bot.act(obs, legal, random.Random(1))
            world = GAME.sample_state(obs, random.Random(seed))
            assert world.observation(seat) == obs
            assert bot.act(obs, world.legal_actions(seat), random.Random(1)) == chosen
            checked += 1
            state.apply(seat, chosen if rng.random() < 0.9 else legal[rng.randrange(len(legal))])
    assert checked > 300


@pytest.mark.parametrize("name", [*SCRIPTED, "normal-v1"])
def test_scripted_strategies_play_legal_moves_and_are_named(name: str) -> None:
    assert name in names(GAME) and name in scripted_for(GAME)
    bot = make(name, GAME)
    for seed in range(20):
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = bot.act(state.observation(seat), legal, rng)
            assert action in legal
            state.apply(seat, action)


def test_scripted_names_belong_to_their_game() -> None:
    with pytest.raises(CourtlyError, match="loyal"):
        make("loyal", get("crown-rivals"))
    assert isinstance(make("normal-v1", GAME), PreviousNormal)


# -- weights and their tuning -----------------------------------------------------------
def test_unknown_weights_are_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="favor_wait"):
        Greedy(GAME, weights={"cunning": 1.0})
    assert Greedy(GAME, weights={"push": 0.2}).weights["push"] == 0.2
    assert Greedy(GAME).weights == WEIGHTS


def test_the_tuning_starts_from_every_weight_and_is_reproducible() -> None:
    assert set(SPECS[GAME.id].start) == set(WEIGHTS)
    a = tune(GAME.id, generations=1, pairs=1, games=1, seed=4)
    b = tune(GAME.id, generations=1, pairs=1, games=1, seed=4)
    assert a == b and set(a[0]) == set(WEIGHTS)
