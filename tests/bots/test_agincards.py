"""Agincards' ``normal`` heuristic: its strength against the earlier
heuristic, random play and the scripted strategies; its plans in set-up
positions (grow its runs with room to spare, close and starve the
opponent's, end a won game); and its fairness (only the observation) and
legality."""

from __future__ import annotations

import random

import pytest

from courtly.bots import make, review
from courtly.bots.evaluation import evaluation_for, outcome_for, par_for, soft_ranks
from courtly.bots.evaluations import agincards as agincards_eval
from courtly.bots.greedy.agincards import WEIGHTS, Greedy
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import make_level
from courtly.bots.tree import rewards
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


# -- Solitaire: a value that sees the score -----------------------------------------
def _solitaire(seed: int, decisions: int | None) -> AgincardsState:
    """A solitaire game ``normal`` played from ``seed`` for ``decisions``
    decisions (None: to the end)."""
    game = get("agincards")
    state = game.new(players=1, seed=seed)
    assert isinstance(state, AgincardsState)
    bot = make("normal", game)
    rng = random.Random(seed)
    played = 0
    while not state.over and (decisions is None or played < decisions):
        legal = state.legal_actions(0)
        state.apply(0, bot.act(state.observation(0), legal, rng), quiet=True)
        played += 1
    return state


def test_solitaire_finished_games_20_points_apart_near_par_are_valued_apart() -> None:
    """Solitaire scores run to about 250 (``normal``'s mean): a finished game
    of 260 is worth clearly more than one of 240 to the search (the one-seat
    ``rewards`` curve valued them 0.0025 apart)."""
    game = get("agincards")
    value = outcome_for(game)
    low, high = _solitaire(3, None), _solitaire(3, None)
    low.score[0], high.score[0] = 240, 260
    assert value(high)[0] - value(low)[0] >= 0.1
    worse = _solitaire(3, None)
    worse.score[0] = 150
    assert 0.0 < value(worse)[0] < value(low)[0] < 0.5 < value(high)[0] < 1.0


def test_solitaire_cut_off_positions_20_points_apart_are_valued_apart() -> None:
    """Cut short mid-game (a score of about 100 already), a position 20 points
    better is worth clearly more (the one-seat ``soft_ranks`` curve valued
    both 1.0), and more cards still to come are worth more."""
    evaluate = evaluation_for(get("agincards"))
    assert evaluate is not None
    state = _solitaire(5, 50)
    assert not state.over and state.score[0] >= 50
    better = state.clone()
    better.score[0] += 20
    assert evaluate(better)[0] - evaluate(state)[0] >= 0.1
    later = state.clone()
    later.deck = later.deck[:-5]  # five fewer cards to come, the same score
    assert evaluate(later)[0] < evaluate(state)[0]


def test_solitaire_cut_off_projects_the_final_score_on_the_finished_game_s_curve() -> None:
    """The cut-off and the finished game are valued on one curve: a position
    is worth what a finished game of its projected final score is worth."""
    game = get("agincards")
    evaluate = evaluation_for(game)
    assert evaluate is not None
    state = _solitaire(5, 30)
    cards = len(state.deck) + len(state.hands[0])
    projected = state.score[0] + 0.5 * state.tokens[0] + agincards_eval.RATE * (cards - 4)
    par = par_for(game)
    assert par is not None
    assert evaluate(state)[0] == pytest.approx(par.value(projected))
    finished = _solitaire(5, None)  # (a state's scores are whole points: compare by value)
    assert outcome_for(game)(finished)[0] == pytest.approx(par.value(finished.scores[0]))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_multi_player_agincards_is_valued_by_rank_as_before(players: int) -> None:
    """Only a seat alone is measured against par: between two or more seats a
    position is valued by ``soft_ranks`` of the projected scores, and a
    finished game by rank (``rewards``), exactly as before."""
    game = get("agincards")
    evaluate = evaluation_for(game)
    assert evaluate is not None
    outcome = outcome_for(game)
    rng = random.Random(players)
    state = game.new(players=players, seed=players)
    while not state.over:
        assert isinstance(state, AgincardsState)
        projected = [state.score[s] + 0.5 * state.tokens[s] for s in range(players)]
        assert evaluate(state) == soft_ranks(projected, 5.0)
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng), quiet=True)
    assert outcome(state) == rewards(state)


def test_a_solitaire_hint_s_top_moves_are_not_all_near_certain() -> None:
    """A hint mid-game tells its moves apart: their chances are not all 99%
    or more, as they were when every score past 15 points looked the same."""
    game = get("agincards")
    state = _solitaire(5, 40)
    legal = state.legal_actions(0)
    assert len(legal) > 3
    bot = make_level("hard@300it", game)
    assert isinstance(bot, ISMCTS)
    moves = review.top_moves(review.searched(bot, state.observation(0), legal, random.Random(1)))
    assert len(moves) >= 2
    values = [m.value for m in moves if m.value is not None]
    assert not all(v >= 0.99 for v in values)
    assert max(values) - min(values) >= 0.01
