"""The test kit's random play, and its checks of the paths search and
simulation take for speed: ``play`` without ``apply``'s check and history,
quiet play (no events), and clones that share what is costly to copy.

``GameKit`` (``engine/testing``) takes these checks from ``FastPathChecks``,
so every game runs them; the helpers are re-exported by ``engine/testing``.
"""

from __future__ import annotations

import copy as copying
import pickle
import random
from collections.abc import Iterator
from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.events import WATCHERS, Event
from courtly.engine.game import Game, State

MAX_STEPS = 100_000


def random_move(state: State, rng: random.Random) -> tuple[int, Action]:
    """A random seat among those to act, and a random legal action of it."""
    seats = state.to_act
    seat = seats[rng.randrange(len(seats))]
    legal = state.legal_actions(seat)
    return seat, legal[rng.randrange(len(legal))]


def random_step(state: State, rng: random.Random) -> tuple[int, Any]:
    """Play one random legal action for a random seat among those to act."""
    seat, action = random_move(state, rng)
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


def snapshot(state: State) -> bytes:
    """The whole state, for "did anything change" checks (``State.snapshot``)."""
    return state.snapshot()


def seats_of(state: State) -> list[int | None]:
    return [*range(state.players), None]


def position(state: State) -> bytes:
    """``snapshot``, whether or not the state is quiet."""
    quiet, state.quiet = state.quiet, False
    try:
        return state.snapshot()
    finally:
        state.quiet = quiet


def differences(a: State, b: State, whole: bool = True) -> list[str]:
    """What differs between two states (empty when they are the same position):
    who acts, scores, every seat's observation and legal actions, and with
    ``whole`` every field (their snapshots, which cost more the longer the
    game has run)."""
    found = []
    if whole and position(a) != position(b):
        found.append("their snapshots")
    if a.to_act != b.to_act or a.over != b.over:
        found.append(f"who acts: {a.to_act} against {b.to_act}")
    if a.scores != b.scores:
        found.append(f"scores: {a.scores} against {b.scores}")
    for seat in seats_of(a):
        if a.observation(seat) != b.observation(seat):
            found.append(f"seat {seat}'s observation")
    for seat in a.to_act:
        if a.legal_actions(seat) != b.legal_actions(seat):
            found.append(f"seat {seat}'s legal actions")
    return found


class FastPathChecks:
    """The kit's checks of ``play``, quiet play and clones (see ``GameKit``)."""

    game: ClassVar[Game]
    players: ClassVar[int]
    options: ClassVar[dict[str, Any] | None] = None
    seeds: ClassVar[range] = range(30)
    deep_seeds: ClassVar[range] = range(3)
    quiet_moves: ClassVar[int] = 5_000
    """Moves played quietly beside the full play, in as many random games
    (seeds 0, 1, ...) as that takes: many short games, a few long ones (the
    last one cut short)."""

    def new(self, seed: int) -> State:
        return self.game.new(players=self.players, seed=seed, options=self.options)

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

    def test_quiet_play_is_the_full_play(self) -> None:
        """Quiet play builds no event and leaves exactly the position the full
        play does, after every move of many random games: the same
        observations for every seat, legal actions and scores, and the same
        snapshot (every field) after every 25th move and at the end. Played
        both ways a search and a simulation do: one move at a time
        (``apply(..., quiet=True)``) and on a state kept quiet for good."""
        made: list[Event] = []
        watch = made.append
        WATCHERS.append(watch)
        played = 0
        seed = 0
        try:
            while played < self.quiet_moves:
                full, once, kept = self.new(seed), self.new(seed), self.new(seed)
                kept.quiet = True
                rng = random.Random(seed * 31 + 7)
                moves = 0
                while not full.over and played + moves < self.quiet_moves:
                    seat, action = random_move(full, rng)
                    full.apply(seat, action)
                    made.clear()
                    assert once.apply(seat, action, quiet=True) == []
                    assert kept.apply(seat, action) == []
                    assert not made, f"seed {seed} move {moves}: quiet play made {made[:3]}"
                    assert not once.quiet, "a quiet move left the state quiet"
                    whole = moves % 25 == 0 or full.over
                    for quiet in (once, kept):
                        problems = differences(full, quiet, whole)
                        assert not problems, (
                            f"seed {seed} move {moves} ({seat} plays {action.notation}): "
                            f"quiet play differs from the full play in {', '.join(problems)}"
                        )
                    moves += 1
                    assert moves <= MAX_STEPS
                played += moves
                seed += 1
        finally:
            WATCHERS.remove(watch)

    def test_clones_are_independent(self) -> None:
        """A clone is a copy of its original, and neither changes when the
        other plays on: the clone's moves leave the original as it was, and the
        original's next moves leave the clone as it was (they share what is
        costly to copy until one of them changes it)."""
        rng = random.Random(1)
        for seed in self.deep_seeds:
            copies: list[tuple[State, bytes]] = []
            for n, state in enumerate(walk(self.game, self.players, seed, self.options)):
                for copy, then in copies:
                    assert snapshot(copy) == then, "playing on the original changed a clone"
                copies = copies[-3:]
                if n % 5 or state.over:
                    continue
                before = snapshot(state)
                copy = state.clone()
                assert snapshot(copy) == before, "the clone is not a copy of the original"
                assert copy.observation(None) == state.observation(None)
                assert copy.zones() == state.zones()
                for _ in range(10):
                    if copy.over:
                        break
                    random_step(copy, rng)
                assert snapshot(state) == before, "playing on a clone changed the original"
                copies.append((copy, snapshot(copy)))

    def test_a_state_pickles_and_deep_copies_as_it_is(self) -> None:
        """``pickle`` and ``copy.deepcopy`` give the state as it is (the same
        snapshot, generator included), which plays on as the original does,
        in the compiled build as in the pure one (a compiled class pickles
        only as it says: ``__reduce__``)."""
        rng = random.Random(4)
        for seed in self.deep_seeds:
            for n, state in enumerate(walk(self.game, self.players, seed, self.options)):
                if n % 7:
                    continue
                for twin in (pickle.loads(pickle.dumps(state)), copying.deepcopy(state)):
                    assert type(twin) is type(state)
                    assert snapshot(twin) == snapshot(state), "a pickled state differs"
                    original = state.clone()
                    for _ in range(10):
                        if original.over:
                            break
                        seat, action = random_move(original, rng)
                        original.apply(seat, action)
                        twin.apply(seat, action)
                    assert snapshot(twin) == snapshot(original), "a pickled state plays on apart"

    def test_clones_of_clones_stay_apart(self) -> None:
        """A family of clones (clones of clones, of states played on since),
        each played on in turn: a move changes no other member, and each member
        plays it exactly as the same game replayed from the deal without
        clones (a new state given the member's moves) does."""
        rng = random.Random(3)
        for seed in self.deep_seeds:
            family = [self.new(seed)]
            for _ in range(300):
                live = [s for s in family if not s.over]
                if not live:
                    break
                state = live[rng.randrange(len(live))]
                if len(family) < 8 and rng.random() < 0.2:
                    copy = state.clone()
                    assert snapshot(copy) == snapshot(state)
                    family.append(copy)
                    continue
                others = [(s, snapshot(s)) for s in family if s is not state]
                alone = self.new(seed)
                for who, done in state.history:
                    alone.apply(who, self.game.actions[done])
                seat, action = random_move(state, rng)
                state.apply(seat, action)
                alone.apply(seat, action)
                assert snapshot(state) == snapshot(alone), "a clone played differently"
                for other, then in others:
                    assert snapshot(other) == then, "a move changed another member's state"
