"""The generic test kit: the battery every game passes.

A game's tests subclass ``GameKit`` and set ``game_id`` and ``players``:

    class TestKit(GameKit):
        game_id = "agents-of-the-crown"
        players = 4

pytest then runs every ``test_*`` method below for that game: random games to
the end from many seeds; card conservation at every step; illegal actions
raise and change nothing; observations never hold a card their seat has not
seen; ``sample_state`` agrees with its observation and varies what is hidden;
records replay to the identical state; clones are independent; ``play`` (the
search bots' path: no second check, no move history) leaves the same state as
``apply``; notation, JSON and ids round-trip for every legal action.
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any, ClassVar

from courtly.engine.errors import IllegalAction
from courtly.engine.game import Game, State
from courtly.engine.records import Record, replay

MAX_STEPS = 100_000


def random_step(state: State, rng: random.Random) -> tuple[int, Any]:
    """Play one random legal action for a random seat among those to act."""
    seats = state.to_act
    seat = seats[rng.randrange(len(seats))]
    legal = state.legal_actions(seat)
    action = legal[rng.randrange(len(legal))]
    state.apply(seat, action)
    return seat, action


def random_game(game: Game, players: int, seed: int, options: Any = None) -> State:
    """A whole game of random legal play."""
    state = game.new(players=players, seed=seed, options=options)
    rng = random.Random(seed * 7919 + 1)
    steps = 0
    while not state.over:
        random_step(state, rng)
        steps += 1
        if steps > MAX_STEPS:
            raise AssertionError(f"game {game.id} seed {seed} did not end in {MAX_STEPS} steps")
    return state


def walk(game: Game, players: int, seed: int, options: Any = None) -> Iterator[State]:
    """Every state of one random game, from the first to the last."""
    state = game.new(players=players, seed=seed, options=options)
    rng = random.Random(seed * 7919 + 1)
    yield state
    while not state.over:
        random_step(state, rng)
        yield state


def card_codes_in(value: Any, valid: frozenset[str]) -> set[str]:
    """Every string anywhere in a JSON value that is one of the card codes ``valid``."""
    found: set[str] = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if v in valid:
                found.add(v)
            else:  # notation such as "pass QS 4D" names cards too
                found.update(w for w in v.upper().split() if w in valid)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return found


def snapshot(state: State) -> bytes:
    """The whole state, for "did anything change" checks."""
    return pickle.dumps(state.__dict__)


def seats_of(state: State) -> list[int | None]:
    return [*range(state.players), None]


class GameKit:
    """Subclass in a game's tests with ``game_id`` and ``players`` set."""

    game_id: ClassVar[str]
    players: ClassVar[int]
    options: ClassVar[dict[str, Any] | None] = None
    seeds: ClassVar[range] = range(30)
    """Seeds for the full random games."""
    deep_seeds: ClassVar[range] = range(3)
    """Seeds for the step-by-step checks (every step, every seat)."""

    @property
    def game(self) -> Game:
        from courtly.games import get

        return get(self.game_id)

    def new(self, seed: int) -> State:
        return self.game.new(players=self.players, seed=seed, options=self.options)

    # -- whole games ---------------------------------------------------------
    def test_random_games_reach_the_end(self) -> None:
        for seed in self.seeds:
            state = random_game(self.game, self.players, seed, self.options)
            assert state.over and state.to_act == ()
            assert len(state.scores) == self.players
            assert state.winners and set(state.winners) <= set(range(self.players))
            assert all(state.scores[w] == max(state.scores) for w in state.winners)

    def test_same_seed_same_game(self) -> None:
        a = random_game(self.game, self.players, 11, self.options)
        b = random_game(self.game, self.players, 11, self.options)
        assert a.history == b.history and a.scores == b.scores

    def test_different_seeds_deal_differently(self) -> None:
        deals = {json.dumps(self.new(seed).observation(0), sort_keys=True) for seed in range(8)}
        assert len(deals) > 1

    # -- every step -------------------------------------------------------------
    def test_cards_are_conserved_at_every_step(self) -> None:
        for seed in self.deep_seeds:
            first: Counter[int] | None = None
            for state in walk(self.game, self.players, seed, self.options):
                placed = Counter(c for zone in state.zones().values() for c in zone)
                assert all(n == 1 for n in placed.values()), (
                    f"a card is in two places: {[c for c, n in placed.items() if n > 1]}"
                )
                if first is None:
                    first = placed
                assert placed == first, "a card appeared or vanished"

    def test_legal_actions_are_offered_to_every_seat_to_act(self) -> None:
        for seed in self.deep_seeds:
            for state in walk(self.game, self.players, seed, self.options):
                for seat in range(self.players):
                    legal = state.legal_actions(seat)
                    if seat in state.to_act:
                        assert legal, f"seat {seat} is to act but has no legal action"
                        ids = [a.id for a in legal]
                        assert len(ids) == len(set(ids)), "an action is offered twice"
                        for a in legal:
                            assert state.check(seat, a) is None, f"{a} offered but refused"
                    else:
                        assert legal == []

    def test_illegal_actions_raise_and_change_nothing(self) -> None:
        game = self.game
        rng = random.Random(5)
        for seed in self.deep_seeds:
            for n, state in enumerate(walk(game, self.players, seed, self.options)):
                if state.over or n % 3:
                    continue
                before = snapshot(state)
                seat = state.to_act[0]
                legal = {a.id for a in state.legal_actions(seat)}
                for _ in range(5):
                    a = game.actions[rng.randrange(len(game.actions))]
                    if a.id in legal:
                        continue
                    try:
                        state.apply(seat, a)
                    except IllegalAction as exc:
                        assert exc.reason and isinstance(exc.reason, str)
                    else:
                        raise AssertionError(f"illegal {a} was accepted")
                    assert snapshot(state) == before, f"refusing {a} changed the state"
                idle = [s for s in range(self.players) if s not in state.to_act]
                if idle:
                    try:
                        state.apply(idle[0], state.legal_actions(seat)[0])
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError("a seat not to act was allowed to act")
                    assert snapshot(state) == before
                for bad in ("", "no such move", "12345 xyz"):
                    try:
                        state.apply(seat, bad)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError(f"{bad!r} was accepted")
                    assert snapshot(state) == before

    def test_observations_never_show_unseen_cards(self) -> None:
        for seed in self.deep_seeds:
            for state in walk(self.game, self.players, seed, self.options):
                for seat in seats_of(state):
                    obs = state.observation(seat)
                    text = json.dumps(obs)  # JSON-ready
                    assert json.loads(text) == obs
                    leaked = card_codes_in(obs, self.game.card_codes()) & state.hidden_from(seat)
                    assert not leaked, f"seat {seat} is shown unseen cards {sorted(leaked)}"

    def test_sample_state_agrees_with_the_observation(self) -> None:
        game = self.game
        varied = hidden_any = 0
        for seed in self.deep_seeds:
            for n, state in enumerate(walk(game, self.players, seed, self.options)):
                if n % 2:
                    continue
                for seat in seats_of(state):
                    obs = state.observation(seat)
                    worlds = []
                    for k in range(4):
                        world = game.sample_state(obs, random.Random(k))
                        assert world.observation(seat) == obs, "sampled world disagrees"
                        # The viewer knows whether it is to act; who else is,
                        # only as far as its observation says (a hidden window).
                        assert bool(world.to_act) == bool(state.to_act)
                        if seat is not None:
                            assert (seat in world.to_act) == (seat in state.to_act)
                        worlds.append(json.dumps(world.zones(), sort_keys=True))
                        placed = Counter(c for z in world.zones().values() for c in z)
                        assert all(v == 1 for v in placed.values())
                    if len(state.hidden_from(seat)) > 1:
                        hidden_any += 1
                        varied += len(set(worlds)) > 1
        if hidden_any:
            assert varied >= hidden_any * 0.5, "sample_state hardly varies the hidden cards"

    def test_sampled_worlds_play_on_to_the_end(self) -> None:
        game = self.game
        rng = random.Random(3)
        for seed in self.deep_seeds:
            for n, state in enumerate(walk(game, self.players, seed, self.options)):
                if n % 7 or state.over:
                    continue
                world = game.sample_state(state.observation(state.to_act[0]), rng)
                steps = 0
                while not world.over and steps < MAX_STEPS:
                    random_step(world, rng)
                    steps += 1
                assert world.over

    def test_play_leaves_the_same_state_as_apply(self) -> None:
        """Search bots play moves from ``legal_actions`` with ``play``, skipping
        ``apply``'s check and history: the position must come out the same,
        in real games and in sampled worlds."""
        game = self.game
        rng = random.Random(9)
        compared = 0
        for seed in self.deep_seeds:
            for n, state in enumerate(walk(game, self.players, seed, self.options)):
                if state.over:
                    continue
                seat = state.to_act[0]
                start = state if n % 2 else game.sample_state(state.observation(seat), rng)
                for action in start.legal_actions(seat)[:3]:
                    checked, fast = start.clone(), start.clone()
                    checked.apply(seat, action)
                    fast.play(seat, action)
                    assert fast.history == start.history, "play recorded a move"
                    assert fast.zones() == checked.zones()
                    assert fast.to_act == checked.to_act and fast.over == checked.over
                    assert fast.scores == checked.scores
                    for other in seats_of(checked):
                        assert fast.observation(other) == checked.observation(other)
                        if other is not None:
                            assert fast.legal_actions(other) == checked.legal_actions(other)
                    compared += 1
        assert compared

    # -- records, clones, notation ------------------------------------------------
    def test_records_replay_to_the_identical_state(self) -> None:
        for seed in self.seeds[:5]:
            state = random_game(self.game, self.players, seed, self.options)
            record = Record.from_json(state.record().to_json())
            again = replay(record)
            assert again.history == state.history
            assert again.scores == state.scores
            assert again.zones() == state.zones()
            for seat in seats_of(state):
                assert again.observation(seat) == state.observation(seat)

    def test_clones_are_independent(self) -> None:
        rng = random.Random(1)
        for seed in self.deep_seeds:
            for n, state in enumerate(walk(self.game, self.players, seed, self.options)):
                if n % 5 or state.over:
                    continue
                before = snapshot(state)
                copy = state.clone()
                assert copy.observation(None) == state.observation(None)
                assert copy.zones() == state.zones()
                for _ in range(10):
                    if copy.over:
                        break
                    random_step(copy, rng)
                assert snapshot(state) == before, "playing on a clone changed the original"

    def test_every_legal_action_round_trips_notation_json_and_id(self) -> None:
        game = self.game
        for seed in self.deep_seeds:
            for state in walk(game, self.players, seed, self.options):
                for seat in state.to_act:
                    for a in state.legal_actions(seat):
                        assert game.actions[a.id] is a
                        assert game.parse_action(a.notation) is a
                        assert game.parse_action(a.notation.upper()) is a
                        assert game.action_from_json(json.loads(json.dumps(a.to_json()))) is a
                        assert pickle.loads(pickle.dumps(a)) is a
