"""Agents of the Crown's ``normal`` heuristic: its strength against the earlier
heuristic, random play and the scripted strategies; its plans in set-up
positions; and its fairness (only the observation) and legality."""

from __future__ import annotations

import random

import pytest

from courtly import cards
from courtly.bots import make, names, scripted_for
from courtly.bots.greedy.agents_of_the_crown import WEIGHTS, Greedy
from courtly.bots.tune import main as tune_main
from courtly.bots.tune import tune
from courtly.engine.errors import CourtlyError
from courtly.games import get
from courtly.games.agents_of_the_crown.actions import COMMONS, NOBLES, AgentsAction
from courtly.games.agents_of_the_crown.rules import AgentsState
from courtly.lab.runner import run_matches
from tests.bots import helpers
from tests.games.agents_of_the_crown.helpers import deal

GAME = get("agents-of-the-crown")
SCRIPTED = ("eager", "bluffer", "patient")


def share(lineup: list[str], bot: str, games: int, seed: int) -> float:
    """Win share per seat of ``bot`` (ties shared) over ``games`` games, the
    line-up rotated so that every seat is played by each bot in turn."""
    matches = [(lineup[i % 4 :] + lineup[: i % 4], seed + i) for i in range(games)]
    wins = seats = 0.0
    for r in run_matches(GAME.id, matches):
        for s, name in enumerate(r.bots):
            if name == bot:
                wins += r.win_share(s)
                seats += 1
    return wins / seats


# -- strength ---------------------------------------------------------------------
def test_normal_wins_three_times_its_fair_share_against_random() -> None:
    assert share(["normal", "random", "random", "random"], "normal", 200, 700) >= 0.75


def test_normal_beats_the_previous_heuristic_one_against_three_and_two_against_two() -> None:
    alone = share(["normal", "normal-v1", "normal-v1", "normal-v1"], "normal", 200, 800)
    assert alone > 0.5, f"one normal against three normal-v1 won {alone:.0%} (fair 25%)"
    pairs = 2 * share(["normal", "normal-v1", "normal", "normal-v1"], "normal", 120, 900)
    assert pairs > 0.7, f"two normal against two normal-v1 won {pairs:.0%} of the games"


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_normal_beats_each_scripted_strategy(strategy: str) -> None:
    alone = share(["normal", strategy, strategy, strategy], "normal", 80, 1000)
    assert alone > 0.85, f"one normal against three {strategy} won {alone:.0%}"
    outnumbered = share([strategy, "normal", "normal", "normal"], strategy, 80, 1100)
    assert outnumbered < 0.1, f"one {strategy} against three normal won {outnumbered:.0%}"


# -- plans in set-up positions ---------------------------------------------------------
# Houses by seat: 0 Clubs, 1 Diamonds (seat 0's left neighbour), 2 Hearts (across),
# 3 Spades (seat 0's right neighbour).


def spring(hand0: str, stack: str) -> AgentsState:
    """Spring of a Year in which seat 0 holds ``hand0`` after passing (4 Nobles
    and 4 Commons) and the Spring stack is ``stack``; the other cards are dealt
    in order. Seat 0 passes two cards it was given for that, and seat 3 passes
    it the two of ``hand0`` it was dealt."""
    want = cards.parse_cards(hand0)
    first = cards.parse_cards(stack)
    nobles = [c for c in NOBLES if c not in want]
    commons = [c for c in COMMONS if c not in want and c not in first]
    x = next(c for c in want if c in NOBLES)
    y = next(c for c in want if c in COMMONS)
    p, q = nobles.pop(0), commons.pop(0)
    hands = [[c for c in want if c not in (x, y)] + [p, q]]
    for seat in (1, 2, 3):
        k = 3 if seat == 3 else 4
        held = nobles[:k] + commons[:k]
        del nobles[:k], commons[:k]
        hands.append(held + ([x, y] if seat == 3 else []))
    stacks = [first, commons[:4], commons[4:8], commons[8:]]
    state = deal(
        [" ".join(cards.codes(h)) for h in hands], [" ".join(cards.codes(s)) for s in stacks]
    )
    state.apply(0, f"pass {cards.code(p)} {cards.code(q)}")
    state.apply(3, f"pass {cards.code(x)} {cards.code(y)}")
    for seat in (1, 2):
        state.apply(seat, state.legal_actions(seat)[0])
    assert sorted(state.hands[0]) == sorted(want)
    return state


def others_play_elsewhere(state: AgentsState, avoid: str) -> None:
    """Seats 1-3 each play a Common not of suit ``avoid`` face up at the table."""
    for seat in (1, 2, 3):
        card = next(c for c in state.hands[seat] if c in COMMONS and cards.SUITS[c & 3] != avoid)
        state.apply(seat, f"up {cards.code(card)} at table")


def normal_move(state: AgentsState, seat: int = 0) -> AgentsAction:
    action = make("normal", GAME).act(
        state.observation(seat), state.legal_actions(seat), random.Random(0)
    )
    assert isinstance(action, AgentsAction)
    return action


def test_passing_keeps_the_noble_that_guards_the_left_neighbours_house() -> None:
    # Seat 0 holds a Noble of every House: its left neighbour's (Diamonds) is kept.
    hands = [
        "TC JD QH KS 2C 3D 4H 5S",
        "TD JH QS KC 6C 7D 8H 9S",
        "TH JS QC KD 2D 3H 4S 5C",
        "TS JC QD KH 6D 7H 8S 9C",
    ]
    stacks = ["2H 3S 4C", "5D 6H 7S 8C", "9D 2S 3C 4D", "5H 6S 7C 8D 9H"]
    state = deal(hands, stacks)
    assert normal_move(state).noble != cards.card("JD")


def test_it_spends_a_noble_to_save_its_left_neighbours_house_when_no_one_else_did() -> None:
    # Diamonds (the left neighbour's House, whose curse is also seat 0's) stands
    # at 15; the others have played elsewhere; only the Jack of Diamonds beats it.
    state = spring("JD TH JH QH 2C 3C 4C 5C", "9D 6D 2S")
    others_play_elsewhere(state, "D")
    action = normal_move(state)
    assert action.card == cards.card("JD")
    assert not action.up  # playing last, it has nothing to show anyone


def test_it_lets_its_right_neighbours_house_fall() -> None:
    # The same, for Spades, the right neighbour's House: a curse there costs
    # seat 0 nothing and its rivals 20 (it curses Spades and Hearts, and seat 0
    # holds no Heart), so the King is kept.
    state = spring("KS TC JD QD 2C 3C 4C 5C", "9S 6S 2D")
    others_play_elsewhere(state, "S")
    assert normal_move(state).card != cards.card("KS")


def test_it_takes_a_free_prize_at_a_challenge_already_beaten() -> None:
    # Clubs (7: the 4 and the 3) is beaten by a Queen played face up; the 2 of
    # Clubs joins it for the second prize.
    state = spring("JH QH KH TD 2C 5D 6D 7D", "4C 3C 2H")
    holder = next(s for s in (1, 2, 3) if cards.card("QC") in state.hands[s])
    state.apply(holder, "up QC at C")
    assert normal_move(state).card == cards.card("2C")


def test_a_card_thrown_away_claims_the_challenge_it_wants_left_alone() -> None:
    # Only Spades (the right neighbour's House) is under challenge, and seat 0,
    # first to play, has nothing for it: it throws a card away face down,
    # placed at Spades, so that a seat reading placements thinks Spades is met.
    state = spring("TC JC QC KC 2C 3C 4H 5H", "9S 6S 2S")
    action = normal_move(state)
    assert not action.up and action.place == cards.SPADES
    assert action.card & 3 != cards.SPADES


def test_it_shows_a_card_that_beats_a_challenge_alone_while_others_are_to_play() -> None:
    state = spring("JS QS KS TS 5H 2C 3C 6C", "4H 2D 3D")
    action = normal_move(state)
    assert action.card == cards.card("5H") and action.up


# -- fairness and legality ---------------------------------------------------------------
def test_normal_returns_a_legal_action_and_leaves_its_observation_untouched() -> None:
    rng = random.Random(5)
    helpers.play_checked(
        GAME,
        make("normal", GAME),
        range(30),
        lambda seed: GAME.new(seed=seed, options={"years": 1}),
        noise=0.3,
        rng=rng,
        seat_of=lambda state: state.to_act[rng.randrange(len(state.to_act))],
    )


def test_normal_decides_on_its_observation_alone() -> None:
    """Worlds that look the same to a seat (other hands, face-down cards and
    the season stacks dealt anew) get the same move."""
    rng = random.Random(8)
    bot = make("normal", GAME)
    checked = 0
    for seed in range(12):
        state = GAME.new(seed=seed, options={"years": 1})
        while not state.over:
            seat = state.to_act[rng.randrange(len(state.to_act))]
            obs = state.observation(seat)
            chosen = bot.act(obs, state.legal_actions(seat), random.Random(1))
            world = GAME.sample_state(obs, random.Random(seed))
            assert world.observation(seat) == obs
            assert bot.act(obs, world.legal_actions(seat), random.Random(1)) is chosen
            checked += 1
            state.apply(seat, chosen)
    assert checked == 12 * 20


@pytest.mark.parametrize("name", [*SCRIPTED, "normal-v1"])
def test_scripted_strategies_play_legal_moves_and_are_named(name: str) -> None:
    assert name in names(GAME) and name in scripted_for(GAME)
    rng = random.Random(3)
    bot = make(name, GAME)
    for seed in range(10):
        state = GAME.new(seed=seed, options={"years": 1})
        while not state.over:
            seat = state.to_act[rng.randrange(len(state.to_act))]
            legal = state.legal_actions(seat)
            action = bot.act(state.observation(seat), legal, rng)
            assert action in legal
            state.apply(seat, action)


def test_scripted_names_belong_to_their_game() -> None:
    with pytest.raises(CourtlyError, match="eager"):
        make("eager", get("crown-rivals"))
    assert not set(scripted_for(get("crown-rivals"))) & {"eager", "bluffer", "patient"}


# -- weights and their tuning -----------------------------------------------------------
def test_unknown_weights_are_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="keep_left"):
        Greedy(GAME, weights={"bravery": 1.0})
    assert Greedy(GAME, weights={"keep": 0.5}).weights["keep"] == 0.5
    assert Greedy(GAME).weights == WEIGHTS


def test_tuning_is_reproducible() -> None:
    a = tune(GAME.id, generations=1, pairs=1, games=1, seed=4)
    b = tune(GAME.id, generations=1, pairs=1, games=1, seed=4)
    assert a == b
    assert set(a[0]) == set(WEIGHTS)


def test_tuning_an_unknown_game_says_which_can_be_tuned(capsys) -> None:  # type: ignore[no-untyped-def]
    assert tune_main(["garrison-of-nowhere"]) == 2
    assert "agents-of-the-crown" in capsys.readouterr().err
    assert tune_main([GAME.id, "--games", "0"]) == 2
