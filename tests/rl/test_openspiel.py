"""OpenSpiel: every game registers with a truthful game type, passes
pyspiel's random simulation test, and OpenSpiel's ISMCTS plays it to the end."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from courtly import games
from courtly.engine.errors import OptionError
from courtly.engine.game import State
from courtly.rl import openspiel
from courtly.rl.rewards import final_rewards
from tests.rl.cases import EVERY_COUNT, GAMES, options

openspiel.register()

SHORTER = {"crown-rivals": {"turn_limit": 30}, "garrison": {"max_rounds": 2}}


def test_the_game_type_and_length_read_the_game_s_declaration() -> None:
    """Information and maximum length come from the ``Game``, not from its id:
    perfect information only where nothing is hidden and nobody decides at once."""
    base = type(games.get("garrison"))

    class Open(base):  # type: ignore[misc,valid-type]
        information = "perfect"

    class OpenTogether(Open):  # type: ignore[misc]
        simultaneous = True

    perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
    assert openspiel._information(Open()) == perfect
    assert openspiel._information(OpenTogether()) != perfect
    garrison = games.get("garrison")
    parsed = garrison.Options.parse({"max_rounds": 5})
    assert openspiel.max_game_length(garrison, 3, parsed) == garrison.max_length(3, parsed)
    assert garrison.max_length(3, parsed) == (10 + 1 + 30) * 3 * 3 * 5  # GAR-21: 10 moves a turn


def _load(game_id: str, players: int, seed: int = 1) -> openspiel.CourtlySpielGame:
    params = {**options(game_id, players), **SHORTER.get(game_id, {})}
    return openspiel.load(game_id, players=players, seed=seed, **params)


def test_every_game_is_registered_truthfully() -> None:
    names = openspiel.register()
    assert sorted(names) == sorted(openspiel.short_name(g) for g in games.all_games())
    for game in games.all_games():
        g = pyspiel.load_game(openspiel.short_name(game))
        t = g.get_type()
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        solo = game.min_players == 1
        assert t.utility == (
            pyspiel.GameType.Utility.GENERAL_SUM if solo else pyspiel.GameType.Utility.ZERO_SUM
        )
        assert (t.min_num_players, t.max_num_players) == (game.min_players, game.max_players)
        assert g.num_distinct_actions() == game.action_space_size
        assert g.num_players() == game.default_players
        assert (g.min_utility(), g.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_pyspiel_random_sim_test(game_id: str, players: int) -> None:
    pyspiel.random_sim_test(_load(game_id, players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_plays_a_whole_game(game_id: str) -> None:
    game = _load(game_id, games.get(game_id).default_players, seed=3)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    state = game.new_initial_state()
    other = random.Random(0)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = other.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    returns = state.returns()
    assert searched > 0 and state.courtly.over
    assert returns == final_rewards(state.courtly)
    assert abs(sum(returns)) < 1e-9
    # someone wins, unless the scores tie (a tied game is a draw for both)
    assert max(returns) > 0 or len(set(state.courtly.scores)) == 1


def test_resampling_keeps_the_information_state_and_varies_the_hidden_part() -> None:
    game = _load("crown-rivals", 2)
    state = game.new_initial_state()
    me = state.current_player()
    key = state.information_state_string(me)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(me, sampler) for _ in range(6)]
    assert all(w.information_state_string(me) == key for w in worlds)
    assert all(w.current_player() == me for w in worlds)
    hidden = {w.information_state_string(1 - me) for w in worlds}
    assert len(hidden) > 1  # the opponent's hand differs between worlds


def test_tensors_are_the_encoding_and_clones_are_independent() -> None:
    game = _load("intrigue", 3)
    state = game.new_initial_state()
    seat = state.current_player()
    tensor = np.asarray(state.information_state_tensor(seat))
    assert np.array_equal(tensor, game.encoder.encode(state.courtly.observation(seat)))
    assert np.array_equal(tensor, np.asarray(state.observation_tensor(seat)))
    twin = state.clone()
    state.apply_action(state.legal_actions()[0])
    assert twin.history() == [] and len(state.history()) == 1
    assert twin.courtly.history == []


def _play_on(state: pyspiel.State, rng: random.Random, moves: int) -> list[int]:
    """Play up to ``moves`` random moves on ``state``; the moves played."""
    played = []
    for _ in range(moves):
        if state.is_terminal():
            break
        played.append(rng.choice(state.legal_actions()))
        state.apply_action(played[-1])
    return played


def _same(a: pyspiel.State, b: pyspiel.State) -> None:
    """Two states that cannot be told apart, now or after the same moves."""
    assert str(a) == str(b) and a.history() == b.history()
    assert a.current_player() == b.current_player() and a.legal_actions() == b.legal_actions()
    assert a.courtly.observation(None) == b.courtly.observation(None)
    rng = random.Random(7)
    for action in _play_on(a, rng, 60):  # the same deals and draws follow
        b.apply_action(action)
    assert str(a) == str(b) and a.is_terminal() == b.is_terminal()
    assert a.returns() == b.returns()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_state_pickles_and_deep_copies_by_replaying_its_moves(game_id: str) -> None:
    """``pickle`` and ``copy.deepcopy`` rebuild a state mid-game (a deal from
    its seed, its moves replayed): the same state, which plays on the same,
    hidden cards and draws included."""
    game = _load(game_id, games.get(game_id).default_players, seed=11)
    state = game.new_initial_state()
    _play_on(state, random.Random(3), 12)
    restored = pickle.loads(pickle.dumps(state))
    assert isinstance(restored, openspiel.CourtlySpielState)
    _same(restored, state.clone())
    _same(copy.deepcopy(state), state)


def test_a_resampled_world_pickles_as_its_parent_sampled_again() -> None:
    game = _load("garrison", 4, seed=4)
    state = game.new_initial_state()
    _play_on(state, random.Random(1), 9)
    me = state.current_player()
    world = state.resample_from_infostate(me, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    _play_on(world, random.Random(2), 3)
    restored = pickle.loads(pickle.dumps(world))
    assert restored.information_state_string(me) == world.information_state_string(me)
    _same(restored, world)


def test_a_game_pickles_with_its_generator_where_it_stood() -> None:
    """A pickled game deals the initial states the original would have dealt
    next, seeded or not."""
    for seed in (5, -1):
        game = _load("crown-rivals", 2, seed=seed)
        game.new_initial_state()
        twin = pickle.loads(pickle.dumps(game))
        assert twin.get_parameters() == game.get_parameters()
        for _ in range(3):
            assert str(twin.new_initial_state()) == str(game.new_initial_state())
        assert str(copy.deepcopy(game).new_initial_state()) == str(game.new_initial_state())


def test_the_declared_length_bounds_a_game() -> None:
    """A game reaching the declared length ends there, ranked as it stands."""
    game = openspiel.load("garrison", players=4, seed=2)
    state = game.new_initial_state()
    state.play.game.max_length = 25  # a test-sized bound
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 25 and not state.courtly.over
    assert abs(sum(state.returns())) < 1e-9


def test_unknown_parameters_get_a_clear_error() -> None:
    with pytest.raises(OptionError, match="parameters are: players, seed"):
        openspiel.load("garrison", speed=3)


def test_bad_option_values_are_refused_clearly() -> None:
    with pytest.raises(OptionError, match=r"'forever' \(allowed: quick \| medium \| long\)"):
        openspiel.load("garrison", length="forever")
    with pytest.raises(OptionError, match="2 to 6 players"):
        openspiel.load("garrison", players=9)


def test_a_public_observer_shows_no_hand() -> None:
    from open_spiel.python.observation import make_observation

    game = _load("crown-rivals", 2)
    state = game.new_initial_state()
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    private = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    hand = state.courtly.observation(0)["hand"]
    assert all(code in private.string_from(state, 0) for code in hand)
    assert '"hand"' not in public.string_from(state, 0)
    public.set_from(state, 0)
    assert np.array_equal(public.tensor, game.encoder.encode(state.courtly.observation(None)))


def _deals(game: openspiel.CourtlySpielGame, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seeds of the Courtly games ``game`` deals from now on."""
    dealt: list[int] = []
    new = game.courtly.new

    def counted(**how: Any) -> State:
        dealt.append(how["seed"])
        return new(**how)

    monkeypatch.setattr(game.courtly, "new", counted)
    return dealt


def _ask_around(state: pyspiel.State) -> None:
    """Everything that makes pyspiel build a state of its own: tensors and
    their sizes (asked from Python and through pyspiel's C++ methods), clones
    and children."""
    game = state.get_game()
    state.information_state_tensor(0)
    state.observation_tensor(1)
    pyspiel.State.information_state_tensor(state, 0)
    pyspiel.State.observation_tensor(state, 1)
    game.observation_tensor_size()
    game.information_state_tensor_shape()
    pyspiel.Game.observation_tensor_size(game)
    pyspiel.Game.information_state_tensor_shape(game)
    state.clone()
    state.child(state.legal_actions()[0])


def test_the_deals_of_a_seeded_game_follow_from_the_states_made_only() -> None:
    """Tensors, tensor sizes, clones and children change none of the deals a
    seeded game makes: they follow from the seed and how many states were made."""
    plain = openspiel.load("crown-rivals", seed=7)
    expected = [str(plain.new_initial_state()) for _ in range(3)]
    asked = openspiel.load("crown-rivals", seed=7)
    ask_around = asked.new_initial_state()  # made before the game is asked anything
    asked_game_only = openspiel.load("crown-rivals", seed=7)
    pyspiel.Game.observation_tensor_size(asked_game_only)
    asked_game_only.information_state_tensor_size()
    assert str(asked_game_only.new_initial_state()) == expected[0]
    _ask_around(ask_around)
    second = asked.new_initial_state()
    assert str(second) == expected[1]
    second.apply_action(second.legal_actions()[0])
    _ask_around(second)
    assert str(asked.new_initial_state()) == expected[2]
    assert str(ask_around) == expected[0]


def test_a_tensor_from_python_deals_nothing_and_encodes_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tensor or its size asked from Python is the encoding of the state at
    hand: no other game is dealt for it (pyspiel's own way deals one a call),
    and the state is encoded once."""
    game = openspiel.load("garrison", players=3, seed=2)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    dealt = _deals(game, monkeypatch)
    encoded = []
    encode = game.encoder.encode
    monkeypatch.setattr(game.encoder, "encode", lambda obs: encoded.append(1) or encode(obs))
    for seat in range(3):
        tensor = state.information_state_tensor(seat)
        assert np.array_equal(tensor, encode(state.courtly.observation(seat)))
        assert tensor == state.observation_tensor(seat)
    assert game.information_state_tensor_size() == game.observation_tensor_size() > 0
    assert game.observation_tensor_shape() == [game.observation_tensor_size()]
    assert (len(dealt), len(encoded)) == (0, 6)
    state.clone()
    state.child(state.legal_actions()[0])
    assert dealt == []  # nor is a clone's blank
    pyspiel.State.observation_tensor(state, 0)
    assert len(dealt) == 1  # pyspiel's C++ way: a state to learn the shape from


def test_a_tensor_needs_a_seat() -> None:
    state = openspiel.load("crown-rivals", seed=1).new_initial_state()
    with pytest.raises(ValueError, match="player must be 0 to 1, not 2"):
        state.observation_tensor(2)


def test_an_observer_of_every_seat_s_secrets_is_refused() -> None:
    from open_spiel.python.observation import make_observation

    game = _load("crown-rivals", 2)
    every = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match=r"one seat's view .* not every seat's secrets"):
        make_observation(game, every)
