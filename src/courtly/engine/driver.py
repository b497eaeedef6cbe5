"""The one driver: a game played with a policy per seat and one seeding scheme.

    record = play(game, [bot0, bot1, bot2], seed=7)   # a whole game, its record

    driver = Driver(game.new(players=3, seed=7), policies)
    for move in driver.moves():                      # the same game, move by move
        move.seat, move.action, move.events, driver.state.scores

Every surface plays through it: ``courtly sim``, the lab and tournaments
(``lab/runner.py``, ``lab/collect.py``), ``courtly play`` (a person's seat is
an interactive policy: ``cli/play.py``), the RL adapters and the server's
bots. So the same game, seed, options and bots give the same game, with the
same record, on every surface (``tests/test_one_driver.py`` plays one game on
each).

The seeding scheme
------------------
One number, the game seed, fixes everything:

- **The deal** is the game seed itself: ``game.new(seed=seed)``, and the record
  keeps it, so a record replays.
- **Who is served first** when several seats decide at once (simultaneous
  phases, reaction windows): before move ``n`` (``n`` moves played so far),
  the ``k``-th of the seats awaited (``state.to_act``), ``k`` being
  ``derive("order", seed, n)`` modulo their number, as players at a real
  table are quicker or slower. Each seat decides on its own observation, which never shows another
  seat's choice of the same phase; the order kept in the record replays.
- **A bot's generator** for its decision before move ``n`` is
  ``random.Random(derive("bot", seed, seat, n))`` (``decision_seed``): one per
  decision, never carried from one decision to the next, so that a decision
  can be made anywhere (a worker process of the server, a server restarted in
  the middle of the game) and come out the same.
- **A forced decision** (one legal action) is played without asking the
  seat's policy: any policy would play it.

``derive`` is a keyed hash (BLAKE2b) of its parts, so a bot's generator tells
nothing of the deal's.

The server thinks per move, asynchronously, one table among many: it plays
no whole game through ``Driver`` but uses the same two steps
(``serving_order`` to choose which of its bots acts next, ``decision_seed``
for that bot's generator), so a table of bots alone plays the driver's game.
"""

from __future__ import annotations

import _random
import hashlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from courtly.engine.actions import Action
from courtly.engine.errors import IllegalAction
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.records import Record

KEY = b"courtly"
"""The key of ``derive``'s hash."""
MAX_MOVES = 1_000_000
"""A game still running after this many moves is a broken game or policy."""


class Policy(Protocol):
    """What plays a seat: a bot, or a person at an interactive surface. It sees
    the seat's observation (None when it says it needs none), its legal
    actions and the decision's generator, never the state."""

    @property
    def needs_observation(self) -> bool: ...

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action: ...


# -- the seeding scheme --------------------------------------------------------------
def derive(kind: str, seed: int, a: int, b: int = -1) -> int:
    """A 64-bit number from ``kind`` and the numbers after it: a keyed hash
    (BLAKE2b of their text), so that nearby seeds and moves give unrelated
    numbers and none of them tells the seed."""
    text = b"%s %d %d %d" % (kind.encode(), seed, a, b)
    return int.from_bytes(hashlib.blake2b(text, digest_size=8, key=KEY).digest(), "big")


def decision_seed(seed: int, seat: int, n: int) -> int:
    """The seed of ``seat``'s generator for its decision before move ``n``."""
    return derive("bot", seed, seat, n)


def generator(seed: int, seat: int, n: int) -> random.Random:
    """``seat``'s generator for its decision before move ``n`` of game ``seed``:
    ``random.Random(decision_seed(seed, seat, n))``, seeded when first drawn
    from (``Generator``)."""
    return Generator(decision=(seed, seat, n))


def serving_order(state: State, seed: int | None = None, n: int | None = None) -> list[int]:
    """The seats awaited now, in the order they are served: when there are
    several, the ``k``-th of them first, ``k`` being ``derive("order", seed,
    n)`` modulo their number, then the ones after it, round. ``seed``
    defaults to the state's, ``n`` to the moves played so far."""
    seats = list(state.to_act)
    if len(seats) > 1:
        s = state.seed if seed is None else seed
        k = derive("order", s, len(state.history) if n is None else n) % len(seats)
        seats = seats[k:] + seats[:k]
    return seats


def served(state: State, seed: int | None = None, n: int | None = None) -> int:
    """The seat served next (see ``serving_order``)."""
    seats = state.to_act
    if len(seats) == 1:
        return seats[0]
    return serving_order(state, seed, n)[0]


class Generator(random.Random):
    """``random.Random(seed)``, drawing the very same numbers, but seeded only
    when first drawn from: seeding a Mersenne Twister costs as much as a
    random bot's whole move, and most heuristic decisions draw nothing. Once seeded it draws straight from the C
    generator, as fast as ``random.Random``."""

    def __init__(self, seed: int = 0, decision: tuple[int, int, int] | None = None) -> None:
        """``decision``: the game seed, seat and move of a decision, whose
        ``decision_seed`` is the seed (worked out when first drawn from too)."""
        self._seed = seed
        self._decision = decision
        self._started = False
        self.gauss_next = None

    def _start(self) -> None:
        d = self._decision
        random.Random.seed(self, self._seed if d is None else decision_seed(*d))
        self._direct()

    def _direct(self) -> None:
        self._started = True
        own = vars(self)  # found before the class's methods below: no detour after this
        own["random"] = _random.Random.random.__get__(self)
        own["getrandbits"] = _random.Random.getrandbits.__get__(self)

    # Reached before the first draw, and later only through a method bound
    # before it (``shuffle`` binds ``getrandbits`` once for its whole loop).
    def random(self) -> float:
        if not self._started:
            self._start()
        return _random.Random.random(self)

    def getrandbits(self, k: int, /) -> int:
        if not self._started:
            self._start()
        return _random.Random.getrandbits(self, k)

    def seed(self, a: Any = None, version: int = 2) -> None:
        super().seed(a, version)
        self._direct()

    def getstate(self) -> tuple[Any, ...]:
        if not self._started:
            self._start()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        super().setstate(state)
        self._direct()


# -- the loop --------------------------------------------------------------------------
@dataclass(slots=True)
class Move:
    """One move the driver played."""

    n: int
    """Moves played before it."""
    seat: int
    action: Action
    choices: int
    """How many legal actions the seat had (1: forced, played without asking)."""
    events: list[Event] = field(default_factory=list)
    """What it made (none when the driver plays quietly)."""


class Driver:
    """One game played from ``state`` (as ``game.new`` made it, seed and all):
    ``policies[seat]`` plays each seat; a seat whose policy is None is played
    from outside (an RL agent): the driver stops when it is served.

    ``events``: build the moves' events (the terminal shows them, the lab
    counts them); without, the game is played quietly. ``on_decision(seat,
    legal)`` is called before each decision is made, ``on_move(move)`` after
    each move."""

    def __init__(
        self,
        state: State,
        policies: Sequence[Policy | None],
        *,
        events: bool = False,
        on_decision: Callable[[int, list[Action]], None] | None = None,
        on_move: Callable[[Move], None] | None = None,
    ) -> None:
        if len(policies) != state.players:
            raise ValueError(f"{len(policies)} policies for {state.players} seats")
        self.state = state
        self.policies = list(policies)
        self.events = events
        self.on_decision = on_decision
        self.on_move = on_move
        self.decisions = 0

    @property
    def seed(self) -> int:
        return self.state.seed

    def next_seat(self) -> int:
        """The seat served next (the game must not be over)."""
        return served(self.state)

    def step(self, seat: int | None = None) -> Move:
        """Serve ``seat`` (by default the next in the scheme's order): ask its
        policy, unless its move is forced, and play the move."""
        state = self.state
        if seat is None:
            seat = served(state)
        policy = self.policies[seat]
        if policy is None:
            raise IllegalAction(f"seat {seat} is played from outside: submit its move")
        legal = state.legal_actions(seat)
        if self.on_decision is not None:
            self.on_decision(seat, legal)
        if len(legal) == 1:
            action = legal[0]
        else:
            n = len(state.history)
            obs = state.observation(seat) if policy.needs_observation else None
            action = policy.act(obs, legal, generator(state.seed, seat, n))
        return self.submit(seat, action, len(legal))

    def submit(self, seat: int, action: Action, choices: int | None = None) -> Move:
        """Play ``seat``'s move (IllegalAction leaves the game as it was)."""
        state = self.state
        n = len(state.history)
        if choices is None:
            choices = len(state.legal_actions(seat))
        made = state.apply(seat, action, quiet=not self.events)
        self.decisions += 1
        move = Move(n, seat, action, choices, made)
        if self.on_move is not None:
            self.on_move(move)
        return move

    def moves(self) -> Iterator[Move]:
        """Play to the end (or until a seat played from outside is served),
        yielding each move."""
        state = self.state
        while not state.over:
            seat = served(state)
            if self.policies[seat] is None:
                return
            if self.decisions >= MAX_MOVES:
                raise RuntimeError(f"{state.game.id} did not end in {MAX_MOVES} moves")
            yield self.step(seat)

    def waiting_for(self) -> int | None:
        """The seat played from outside that is served now; None when the game
        is over or the driver may play on."""
        state = self.state
        if state.over:
            return None
        seat = served(state)
        return seat if self.policies[seat] is None else None

    @property
    def over(self) -> bool:
        return self.state.over

    def run(self) -> Driver:
        """Play on as far as the driver can (see ``moves``)."""
        for _ in self.moves():
            pass
        return self

    def record(self) -> Record:
        record: Record = self.state.record()
        return record


def play(
    game: Game,
    policies: Sequence[Policy],
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    events: bool = False,
    on_decision: Callable[[int, list[Action]], None] | None = None,
    on_move: Callable[[Move], None] | None = None,
) -> Record:
    """A whole game of ``game`` between ``policies`` (one per seat) from
    ``seed`` (None: a fresh one, kept in the record): its record."""
    state = game.new(players=len(policies), seed=seed, options=options)
    driver = Driver(state, policies, events=events, on_decision=on_decision, on_move=on_move)
    return driver.run().record()
