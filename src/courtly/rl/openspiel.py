"""Courtly games as OpenSpiel Python games.

    import pyspiel
    from courtly.rl import openspiel
    openspiel.register()
    game = pyspiel.load_game("courtly_garrison", {"players": 3, "length": "quick"})

Each game is registered as ``courtly_<id with underscores>``. Its parameters
are ``players``, ``seed`` (-1: a fresh seed for every new game; otherwise the
games drawn from one game object follow from it) and every option of the game
that has a plain default (``years``, ``length``, ``max_rounds`` ...).

What each game is declared to be, and why that is truthful:

- **Sequential, with the information the game declares** (every Courtly game
  so far declares imperfect). Where several seats decide at once
  (Agents of the Crown's passes and commits), Courtly serves them one at a time in the order the engine's driver draws
  from the game's seed (``courtly.engine.driver.served``, as on every surface), and
  a seat's information never includes a choice of the same phase that another
  seat has not revealed. So each decision is one player's, as OpenSpiel's
  sequential games require.
- **Sampled stochastic.** Shuffles and draws come from the game's own seeded
  generator inside ``apply``; there are no explicit chance nodes.
- **Terminal rewards, rank-based** (``courtly.rl.rewards``): +1 for the winner
  to -1 for the last, summing to 0, so zero-sum; Agincards can be played alone
  (reward: score / 100), so it is declared general-sum.
- **Deals follow from the seed and the states asked for.** Each
  ``new_initial_state`` takes the game's next seed, but deals only when the
  state is first used; pyspiel makes states of its own on the way to other
  answers (a blank to fill in a clone or a child, or one to learn a tensor's
  shape), and a state dropped or overwritten before it is used gives its seed
  back, so none of them changes which games follow. The tensors and their
  sizes are answered in Python from the encoding, without such a state.
- **Information state = observation.** Courtly's observation of a seat is that
  seat's information set (the public record it keeps and its own secrets), so
  both the information-state and the observation string are the observation's
  JSON, and both tensors are its encoding (``courtly.rl.encoding``).
  ``resample_from_infostate`` draws a world with ``game.sample_state``, which is
  what OpenSpiel's ISMCTS needs.
- **Pickling and ``copy.deepcopy``** rebuild a game with its generator where it
  was (the next initial states are the same), and a state by dealing its game
  again from the same seed and replaying its moves, as OpenSpiel's own
  serialization of a state does (a resampled world: its parent rebuilt, then
  sampled again with the same draw). ``pyspiel.serialize_game_and_state`` is
  not supported: its C++ side asks a sampled-stochastic game for its
  generator's state, which pyspiel does not let a Python game give.
- **Maximum length.** Each game declares it from its players and options
  (``Game.max_length``: exact where the rules fix it, such as Agents of the
  Crown's 20 decisions a Year, else a bound well above any game seen), and a game that reaches it ends there, ranked on its
  scores at that moment, so the declared bound always holds.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from courtly import games
from courtly.engine.driver import served
from courtly.engine.errors import OptionError
from courtly.engine.game import Game, State
from courtly.rl.encoding import encoder
from courtly.rl.rewards import final_rewards, standing_rewards

PREFIX = "courtly_"


def short_name(game: Game) -> str:
    return PREFIX + game.id.replace("-", "_")


def max_game_length(game: Game, players: int, options: Any) -> int:
    """The most decisions a game may take: what the game declares (see the
    module's notes)."""
    return game.max_length(players, options)


def _plain_options(game: Game) -> dict[str, Any]:
    """The game's options that OpenSpiel parameters can carry (a plain default)."""
    out: dict[str, Any] = {}
    for name, field in game.Options.model_fields.items():
        default = field.default
        if isinstance(default, bool | int | float | str):
            out[name] = default
    return out


def _information(game: Game) -> pyspiel.GameType.Information:
    """Perfect information only for a game that hides nothing and where no two
    seats decide at once: the adapter serves simultaneous decisions one at a
    time, each hidden from the others, which is imperfect information."""
    if game.information == "perfect" and not game.simultaneous:
        return pyspiel.GameType.Information.PERFECT_INFORMATION
    return pyspiel.GameType.Information.IMPERFECT_INFORMATION


def _game_type(game: Game) -> pyspiel.GameType:
    utility = (
        pyspiel.GameType.Utility.GENERAL_SUM
        if game.min_players == 1
        else pyspiel.GameType.Utility.ZERO_SUM
    )
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Courtly {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=_information(game),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.default_players,
            "seed": -1,
            **_plain_options(game),
        },
    )


class CourtlySpielGame(pyspiel.Game):
    """One Courtly game, as OpenSpiel sees it."""

    def __init__(self, game: Game, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        gtype = _game_type(game)
        players = int(params.get("players", game.default_players))
        names = _plain_options(game)
        options = {k: v for k, v in params.items() if k in names}
        parsed = game.new(players=players, seed=0, options=options).options  # checks them
        self.courtly = game
        self.players = players
        self.options = options
        self.encoder = encoder(game, players, options)
        self.max_length = max_game_length(game, players, parsed)
        seed = int(params.get("seed", -1))
        self._seeds = random.Random(None if seed < 0 else seed)
        self._drawn = 0
        self._spare: list[tuple[int, int]] = []
        info = pyspiel.GameInfo(
            num_distinct_actions=game.action_space_size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None if game.min_players == 1 else 0.0,
            max_game_length=self.max_length,
        )
        super().__init__(gtype, info, params)

    def new_initial_state(self) -> CourtlySpielState:
        """A state to be dealt from the game's next seed when it is first used
        (see the module's notes)."""
        if self._spare:
            turn = min(self._spare)
            self._spare.remove(turn)
        else:
            turn = (self._drawn, self._seeds.getrandbits(48))
            self._drawn += 1
        return CourtlySpielState(self, _Deal(self, *turn))

    def _give_back(self, turn: int, seed: int) -> None:
        """A seed whose state was never used: the next new state takes it."""
        self._spare.append((turn, seed))

    def _new(self, seed: int) -> State:
        return self.courtly.new(players=self.players, seed=seed, options=self.options)

    def _deal(self, seed: int) -> CourtlySpielState:
        return CourtlySpielState(self, _Play(self, self._new(seed), seed, ("deal", seed)))

    def information_state_tensor_shape(self) -> list[int]:
        return [self.encoder.size]

    def information_state_tensor_size(self) -> int:
        return self.encoder.size

    def observation_tensor_shape(self) -> list[int]:
        return [self.encoder.size]

    def observation_tensor_size(self) -> int:
        return self.encoder.size

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its name, its parameters and where its generator of seeds
        stands (see the module's notes)."""
        name = self.get_type().short_name
        seeds = (self._seeds.getstate(), self._drawn, list(self._spare))
        return (_restore_game, (name, self.get_parameters(), seeds))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> CourtlyObserver:
        if params:
            raise ValueError(f"Courtly observers take no parameters, not {dict(params)}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        ):
            raise ValueError(
                "a Courtly observer shows one seat's view (private_info=SINGLE_PLAYER, the "
                "default) or the spectator's (NONE), not every seat's secrets at once "
                "(ALL_PLAYERS): ask for each seat's view in turn"
            )
        public = iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        return CourtlyObserver(self, public)


class _Play:
    """Everything a state holds. OpenSpiel clones a Python state by deep-copying
    its attributes, so they live here, where a copy is a Courtly clone.
    ``order``: the seed of the serving order (the game's own seed; a sampled
    world's is drawn with it). ``origin``: how the state began, to rebuild it
    (``("deal", seed)``, or ``("sample", parent's origin, parent's moves,
    seat, draw)``)."""

    __slots__ = ("game", "moves", "order", "origin", "seat", "state")

    def __init__(
        self, game: CourtlySpielGame, state: State, order: int, origin: tuple[Any, ...]
    ) -> None:
        self.game = game
        self.state = state
        self.order = order
        self.origin = origin
        self.moves = 0
        self.seat = -1 if state.over else served(state, order, 0)

    @property
    def cut(self) -> bool:
        return self.moves >= self.game.max_length

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        twin = _Play.__new__(_Play)
        twin.game = self.game
        twin.state = self.state.clone()
        twin.order = self.order
        twin.origin = self.origin
        twin.moves = self.moves
        twin.seat = self.seat
        return twin


class _Deal:
    """A new state's deal before the state is used: its turn among the game's
    seeds and the seed. Dropped unused (the blank pyspiel fills in as a clone,
    or makes to learn a tensor's shape), it gives the seed back to the game.
    ``seen``: the game dealt to be looked at, without the state being used."""

    __slots__ = ("game", "play", "seed", "seen", "turn")

    def __init__(self, game: CourtlySpielGame, turn: int, seed: int) -> None:
        self.game = game
        self.turn = turn
        self.seed = seed
        self.play: _Play | None = None
        self.seen: State | None = None

    def look(self) -> State:
        if self.play is not None:
            return self.play.state
        if self.seen is None:
            self.seen = self.game._new(self.seed)
        return self.seen

    def take(self) -> _Play:
        if self.play is None:
            state = self.game._new(self.seed) if self.seen is None else self.seen
            self.play = _Play(self.game, state, self.seed, ("deal", self.seed))
        return self.play

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        return copy.deepcopy(self.take(), memo)

    def __del__(self) -> None:
        if self.play is None:
            self.game._give_back(self.turn, self.seed)


class CourtlySpielState(pyspiel.State):
    """A Courtly state; the seat served next is drawn among those awaited."""

    def __init__(self, game: CourtlySpielGame, play: _Play | _Deal) -> None:
        super().__init__(game)
        self._play = play

    @property
    def play(self) -> _Play:
        """What the state holds, dealt now if it was not yet."""
        play = self._play
        if isinstance(play, _Deal):
            play = self._play = play.take()
        return play

    def seen(self) -> State:
        """The Courtly state, to be looked at only: a state not yet used stays
        unused (pyspiel makes one to learn a tensor's shape)."""
        play = self._play
        return play.look() if isinstance(play, _Deal) else play.state

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game, how it began and the moves since (see the
        module's notes)."""
        return (_restore_state, (self.play.game, self.play.origin, list(self.history())))

    @property
    def courtly(self) -> State:
        return self.play.state

    # -- play -----------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.play.seat

    def _legal_actions(self, player: int) -> list[int]:
        p = self.play
        if player != p.seat or self.is_terminal():
            return []
        return sorted(a.id for a in p.state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        p = self.play
        p.state.apply(p.seat, p.game.courtly.action(int(action)))
        p.moves += 1
        if not self.is_terminal():
            p.seat = served(p.state, p.order, p.moves)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.play.game.courtly.action(int(action)).notation)

    def is_terminal(self) -> bool:
        return self.play.state.over or self.play.cut

    def returns(self) -> list[float]:
        p = self.play
        if p.state.over:
            return final_rewards(p.state)
        if p.cut:
            return standing_rewards(p.state)
        return [0.0] * p.state.players

    def rewards(self) -> list[float]:
        return self.returns()

    # -- search -----------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> CourtlySpielState:
        """A state ``player_id`` cannot tell from this one: its hidden part drawn
        by ``game.sample_state`` from a generator seeded by the sampler."""
        return self._resample(player_id, int(probability_sampler() * (1 << 53)))

    def _resample(self, player_id: int, draw: int) -> CourtlySpielState:
        p = self.play
        rng = random.Random(draw)
        world = p.game.courtly.sample_state(p.state.observation(player_id), rng)
        origin = ("sample", p.origin, list(self.history()), player_id, draw)
        twin = CourtlySpielState(p.game, _Play(p.game, world, rng.getrandbits(64), origin))
        twin.play.moves = p.moves
        twin.play.seat = p.seat
        return twin

    # -- tensors, answered here rather than by pyspiel, which would make a
    # state to learn their shape on every call (see the module's notes) --------
    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(player)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(player)

    def _tensor(self, player: int | None) -> list[float]:
        game = self.play.game
        seat = self.current_player() if player is None else player
        if not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ValueError(
                f"a tensor is a seat's: player must be 0 to {game.players - 1}, not {seat!r}"
                + (" (the game is over, so no one is to move)" if player is None else "")
            )
        encoded: list[float] = game.encoder.encode(self.courtly.observation(seat)).tolist()
        return encoded

    def __str__(self) -> str:
        return json.dumps(self.play.state.observation(None), sort_keys=True)


class CourtlyObserver:
    """Encodes a seat's observation: the tensor is the Courtly encoding, the
    string the observation's JSON. Information state and observation alike;
    asked for no private information, it shows the spectator's view."""

    def __init__(self, game: CourtlySpielGame, public: bool = False) -> None:
        self.encoder = game.encoder
        self.public = public
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: CourtlySpielState, player: int) -> dict[str, Any]:
        return state.seen().observation(None if self.public else player)

    def set_from(self, state: CourtlySpielState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(self._view(state, player))

    def string_from(self, state: CourtlySpielState, player: int) -> str:
        return json.dumps(self._view(state, player), sort_keys=True)


def _restore_game(name: str, params: Mapping[str, Any], seeds: Any) -> CourtlySpielGame:
    """A pickled game: made again from its parameters, its generator of seeds
    where it stood."""
    register()
    game: CourtlySpielGame = pyspiel.load_game(name, dict(params))  # a new object each time
    generator, game._drawn, game._spare = seeds
    game._seeds.setstate(generator)
    return game


def _restore_state(
    game: CourtlySpielGame, origin: tuple[Any, ...], moves: list[int]
) -> CourtlySpielState:
    """A pickled state: its beginning made again (a deal from its seed, or its
    parent rebuilt and sampled with the same draw), then its moves replayed."""
    if origin[0] == "deal":
        state = game._deal(origin[1])
    else:
        _, parent_origin, parent_moves, seat, draw = origin
        state = _restore_state(game, parent_origin, parent_moves)._resample(seat, draw)
    for action in moves:
        state.apply_action(action)
    return state


def _game_class(game: Game) -> type[CourtlySpielGame]:
    """A CourtlySpielGame subclass for ``game``: pyspiel's registry keeps the
    factory until the interpreter is gone, and a class outlives it safely
    where a closure does not."""

    def __init__(self: CourtlySpielGame, params: Mapping[str, Any] | None = None) -> None:
        CourtlySpielGame.__init__(self, game, params)

    name = "".join(part.title() for part in game.id.split("-")) + "SpielGame"
    return type(name, (CourtlySpielGame,), {"__init__": __init__, "__module__": __name__})


_CLASSES: dict[str, type[CourtlySpielGame]] = {}
_REGISTERED: set[str] = set()


def register() -> list[str]:
    """Register every Courtly game with pyspiel (once); their short names."""
    names = []
    for game in games.all_games():
        name = short_name(game)
        if name not in _REGISTERED and name not in pyspiel.registered_names():
            _CLASSES[name] = _game_class(game)
            pyspiel.register_game(_game_type(game), _CLASSES[name])
        _REGISTERED.add(name)
        names.append(name)
    return names


def load(game: Game | str, players: int | None = None, **options: Any) -> CourtlySpielGame:
    """The OpenSpiel game of a Courtly game, registering them all first."""
    register()
    g = game if isinstance(game, Game) else games.get(game)
    params: dict[str, Any] = dict(options)
    if players is not None:
        params["players"] = players
    unknown = set(options) - set(_plain_options(g)) - {"seed"}
    if unknown:
        raise OptionError(
            f"{g.name} has no OpenSpiel parameter {', '.join(sorted(unknown))}; "
            f"its parameters are: players, seed, {', '.join(_plain_options(g))}"
        )
    loaded: CourtlySpielGame = pyspiel.load_game(short_name(g), params)
    return loaded
