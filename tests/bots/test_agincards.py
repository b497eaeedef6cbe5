"""Agincards' ``normal`` heuristic: its strength against the earlier
heuristic, random play and the scripted strategies; its plans in set-up
positions (grow its runs with room to spare, close and starve the
opponent's, end a won game); and its fairness (only the observation) and
legality."""

from __future__ import annotations

import random

import pytest

from courtly.bots import make
from courtly.bots.greedy.agincards import WEIGHTS, Greedy
from courtly.bots.tune import SPECS, tune
from courtly.engine.errors import CourtlyError
from courtly.games import get
from courtly.games.agincards.rules import AgincardsState
from tests.bots import helpers
from tests.games.agincards.helpers import scenario

GAME = get("agincards")
SCRIPTED = ("longest-run", "near-own", "scorer")


def share(bot: str, other: str, games: int, seed: int) -> float:
    return helpers.share(GAME, bot, other, games, seed)


# -- strength ---------------------------------------------------------------------
def test_normal_beats_random_in_nineteen_games_of_twenty() -> None:
    assert share("normal", "random", 100, 100) >= 0.95


def test_normal_beats_the_previous_heuristic() -> None:
    won = share("normal", "normal-v1", 160, 300)
    assert won >= 0.65, f"normal won {won:.0%} of 160 games against normal-v1"


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_normal_beats_each_scripted_strategy(strategy: str) -> None:
    won = share("normal", strategy, 50, 500)
    assert won >= 0.75, f"normal won {won:.0%} of 50 games against {strategy}"


# -- plans in set-up positions ------------------------------------------------------
def move(state: AgincardsState, bot: str = "normal") -> str:
    player = make(bot, GAME)
    return player.act(state.observation(0), state.legal_actions(0), random.Random(0)).notation


OPPONENT = ["AC", "AD", "AH", "2D", "3D"]


def test_it_grows_its_own_run_and_leaves_it_room() -> None:
    # Seat 0's token is on the red 6D after the red 5H: the 7H goes on the
    # run's rising end and leaves 8 to King open; the KD would close it.
    state = scenario(
        [("m13", "5H"), ("n13", "6D")], [["7H", "KD", "2C", "9S", "QC"], OPPONENT], {"n13": 0}
    )
    assert move(state) == "7H right of 6D"
    assert move(state, "normal-v1") != "7H right of 6D"


def test_it_closes_the_opponents_run_with_the_other_colour() -> None:
    state = scenario(
        [("m13", "5H"), ("n13", "6D")], [["8C", "2S", "QS", "JC", "KS"], OPPONENT], {"n13": 1}
    )
    assert move(state) == "8C right of 6D"
    assert move(state, "normal-v1") != "8C right of 6D"


def test_it_does_not_lengthen_the_opponents_run() -> None:
    # Only red cards in hand: any of them beside the opponent's red run would
    # score for the opponent's token.
    state = scenario(
        [("m13", "5H"), ("n13", "6D")], [["8H", "9D", "TH", "JD", "QH"], OPPONENT], {"n13": 1}
    )
    played = move(state)
    assert "right of 6D" not in played and "left of 5H" not in played


def test_leading_it_passes_to_end_the_game_once_the_others_have_passed() -> None:
    state = scenario([("m13", "5H"), ("n13", "6D")], [["8H", "9C", "TH", "JD", "QH"], OPPONENT])
    state.score = [12, 9]
    state.passes = 1
    assert move(state) == "pass"
    state.score = [9, 12]  # behind: it plays on
    assert move(state) != "pass"


def test_it_puts_a_token_on_a_card_that_makes_a_run_of_three_with_room() -> None:
    state = scenario(
        [("m13", "5H"), ("n13", "6D")],
        [["7H", "KD", "2C", "9S", "QC"], OPPONENT],
        {"n13": 0},
        deck=["4C", "8S", "TC"],
    )
    state.apply(0, "7H right of 6D")
    assert state.legal_actions(0)[0].notation == "token"
    assert move(state) == "token"


# -- fairness and legality -------------------------------------------------------------
@pytest.mark.parametrize(
    ("options", "players"),
    [({}, 2), ({"reclaim": "manual"}, 2), ({"late_reclaim": True}, 3), ({"decks": 2}, 5), ({}, 1)],
)
def test_normal_returns_a_legal_action_and_leaves_its_observation_untouched(
    options: dict[str, object], players: int
) -> None:
    helpers.play_checked(
        GAME,
        make("normal", GAME),
        range(4),
        lambda seed: GAME.new(players=players, seed=seed, options=options),
        noise=0.2,
        rng=random.Random(5),
    )


def test_normal_decides_on_its_observation_alone() -> None:
    """Worlds that look the same to a seat (the other hand and the draw pile
    dealt anew) get the same move."""
    bot = make("normal", GAME)
    checked = 0
    for seed in range(6):
        state = GAME.new(seed=seed)
        while not state.over:
            seat = state.to_act[0]
            obs = state.observation(seat)
            chosen = bot.act(obs, state.legal_actions(seat), random.Random(1))
            world = GAME.sample_state(obs, random.Random(seed))
            assert world.observation(seat) == obs
            assert bot.act(obs, world.legal_actions(seat), random.Random(1)) is chosen
            checked += 1
            state.apply(seat, chosen)
    assert checked > 300


@pytest.mark.parametrize("name", [*SCRIPTED, "normal-v1"])
def test_scripted_strategies_play_legal_moves_and_are_named(name: str) -> None:
    helpers.scripted_play_legally(
        GAME, name, lambda seed: GAME.new(players=2 + seed % 3, seed=seed), 6
    )


def test_scripted_names_belong_to_their_game() -> None:
    with pytest.raises(CourtlyError, match="longest-run"):
        make("longest-run", get("crown-rivals"))


# -- weights and their tuning -----------------------------------------------------------
def test_unknown_weights_are_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="keep"):
        Greedy(GAME, weights={"bravery": 1.0})
    assert Greedy(GAME, weights={"keep": 0.5}).weights["keep"] == 0.5
    assert Greedy(GAME).weights == WEIGHTS


def test_the_tuning_starts_from_every_weight() -> None:
    spec = SPECS[GAME.id]
    assert set(spec.start) == set(spec.steps) == set(WEIGHTS)
    a = tune(GAME.id, generations=1, pairs=1, games=1, seed=4)
    for name, value in a[0].items():
        lo, hi = spec.bounds.get(name, (-1e9, 1e9))
        assert lo <= value <= hi
