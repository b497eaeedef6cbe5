"""Crown Rivals' ``normal`` heuristic: its strength against the earlier
heuristic, random play and the scripted strategies; its plans in set-up
positions (attack, defend, build, trash); and its fairness (only the
observation) and legality."""

from __future__ import annotations

import random

import pytest

from courtly import cards
from courtly.bots import make
from courtly.bots.greedy.crown_rivals import WEIGHTS, Greedy
from courtly.bots.tune import SPECS, tune
from courtly.engine.errors import CourtlyError
from courtly.games import get
from courtly.games.crown_rivals.rules import CrownState
from tests.bots import helpers
from tests.games.crown_rivals.helpers import scenario

GAME = get("crown-rivals")
SCRIPTED = ("abilities", "big-money", "brawler")


def share(bot: str, other: str, games: int, seed: int) -> float:
    return helpers.share(GAME, bot, other, games, seed)


# -- strength ---------------------------------------------------------------------
def test_normal_beats_random_in_nineteen_games_of_twenty() -> None:
    assert share("normal", "random", 200, 100) >= 0.95


def test_normal_beats_the_previous_heuristic() -> None:
    won = share("normal", "normal-v1", 200, 300)
    assert won >= 0.85, f"normal won {won:.0%} of 200 games against normal-v1"


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_normal_beats_each_scripted_strategy(strategy: str) -> None:
    won = share("normal", strategy, 100, 500)
    assert won >= 0.85, f"normal won {won:.0%} of 100 games against {strategy}"


def test_the_plain_ability_player_beat_the_previous_heuristic() -> None:
    # The reason for the new heuristic: always playing for abilities, boosting
    # and buying the priciest card beat the previous one.
    assert share("abilities", "normal-v1", 100, 700) > 0.65


# -- plans in set-up positions ------------------------------------------------------
def whole_turn(state: CrownState, bot: str = "normal") -> list[str]:
    """Seat 0's turn as ``bot`` plays it (the opponent discards its lowest
    card when asked), in notation."""
    player = make(bot, GAME)
    out = []
    while not state.over and state.active == 0:
        seat = state.to_act[0]
        action = player.act(state.observation(seat), state.legal_actions(seat), random.Random(0))
        out.append(action.notation if seat == 0 else f"(opponent) {action.notation}")
        state.apply(seat, action)
    return out


def test_it_puts_up_a_wall_and_heals_when_the_opponent_threatens() -> None:
    # Seat 0 is at 30 against an opponent whose cards are mostly big clubs: it
    # plays its 9 of Spades as a wall and heals, where the previous heuristic
    # cashed everything to buy.
    state = scenario(
        hands=("9S 4H 6H 2C 3C", "2D 3D 4D AH 2H"),
        decks=("AS AD", "AC 2S 3S"),
        discards=("", "KC QC TC 9C 8C"),
        influence=(30, 60),
        market="JD 8H 7S 9D 5C",
    )
    turn = whole_turn(state.clone())
    assert "play 9S" in turn and "play 6H" in turn and "play 4H" in turn
    assert not any(t.startswith("cash") for t in turn)
    assert "cash 9S" in whole_turn(state, "normal-v1")


def test_it_cashes_a_strong_hand_for_a_king() -> None:
    state = scenario(
        hands=("TC TH JD AS 9S", "2D 3D 4D AH 2H"),
        decks=("AC 2C", "AD 2S 3S"),
        market="KC 8H 7S 9D 5C",
    )
    turn = whole_turn(state)
    assert "buy KC" in turn
    assert {"cash JD", "cash AS"} <= set(turn)  # a Jack and an Ace: 22
    assert cards.card("KC") in state.hands[0] + state.decks[0] + state.discards[0]


def test_it_attacks_through_the_wall_for_the_win() -> None:
    state = scenario(
        hands=("6C 5C 4H 3D 9H", "2D 7D 4D AH 2H"),
        decks=("AC 2C", "AD 2S"),
        spades=("", "3S"),
        influence=(50, 10),
        market="KC 8H 7S 9D 8C",
    )
    turn = whole_turn(state)
    assert "play 6C 3D" in turn and "clear 3S" in turn
    assert state.over and state.winners == [0]


def test_it_trashes_a_starting_ace_with_a_diamonds_bonus() -> None:
    # Nothing worth buying: the two odd diamonds are played for their pair,
    # whose bonus trashes an Ace from the discard pile.
    state = scenario(
        hands=("3D 5D 2C 2H 4S", "2D 6D 4D 3H 7H"),
        decks=("AC 2S", "3S 3C"),
        discards=("AS AH", ""),
        market="QC QH KH KC",
    )
    turn = whole_turn(state)
    trashed = [t for t in turn if t.startswith("bonus D")]
    assert trashed and trashed[0] in ("bonus D AS", "bonus D AH")


def test_a_jack_walls_and_trashes_the_king_it_cannot_buy() -> None:
    # Threatened by big clubs, seat 0 plays the Jack of Spades as a wall, and
    # its Jack trashes the King of Hearts (40 Influence) from the market.
    state = scenario(
        hands=("JS 2C 3H AS 2S", "2D 3D 4D AH 2H"),
        decks=("AC 3C", "AD 3S"),
        discards=("", "KC QC TC 9C 8C"),
        influence=(30, 60),
        market="KH 4C 5C 4H 5H",
    )
    turn = whole_turn(state)
    assert turn[:2] == ["play JS", "trash KH"]


# -- fairness and legality -------------------------------------------------------------
def test_normal_returns_a_legal_action_and_leaves_its_observation_untouched() -> None:
    helpers.play_checked(
        GAME,
        make("normal", GAME),
        range(20),
        lambda seed: GAME.new(seed=seed, options={"jack_value": 10} if seed % 2 else None),
        noise=0.3,
        rng=random.Random(5),
    )


def test_normal_decides_on_its_observation_alone() -> None:
    """Worlds that look the same to a seat (the other hand and both draw piles
    dealt anew, the market deck reshuffled) get the same move."""
    rng = random.Random(8)
    bot = make("normal", GAME)
    checked = 0
    for seed in range(12):
        state = GAME.new(seed=seed)
        while not state.over and checked < 120 * (seed + 1):
            seat = state.to_act[0]
            obs = state.observation(seat)
            chosen = bot.act(obs, state.legal_actions(seat), random.Random(1))
            world = GAME.sample_state(obs, random.Random(seed))
            assert world.observation(seat) == obs
            assert bot.act(obs, world.legal_actions(seat), random.Random(1)) is chosen
            checked += 1
            state.apply(seat, chosen if rng.random() < 0.8 else state.legal_actions(seat)[0])
    assert checked > 600


@pytest.mark.parametrize("name", [*SCRIPTED, "normal-v1"])
def test_scripted_strategies_play_legal_moves_and_are_named(name: str) -> None:
    helpers.scripted_play_legally(GAME, name, lambda seed: GAME.new(seed=seed), 10)


def test_scripted_names_belong_to_their_game() -> None:
    with pytest.raises(CourtlyError, match="abilities"):
        make("abilities", get("agincards"))


# -- weights and their tuning -----------------------------------------------------------
def test_unknown_weights_are_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="deck"):
        Greedy(GAME, weights={"bravery": 1.0})
    assert Greedy(GAME, weights={"deck": 0.5}).weights["deck"] == 0.5
    assert Greedy(GAME).weights == WEIGHTS


def test_the_tuning_starts_from_every_weight_and_reproduces() -> None:
    spec = SPECS[GAME.id]
    assert set(spec.start) == set(spec.steps) == set(WEIGHTS)
    a = tune(GAME.id, generations=1, pairs=1, games=1, seed=4)
    assert a == tune(GAME.id, generations=1, pairs=1, games=1, seed=4)
    for name, value in a[0].items():
        lo, hi = spec.bounds.get(name, (-1e9, 1e9))
        assert lo <= value <= hi
