"""The generic test kit: the battery every game passes.

A game's tests subclass ``GameKit`` and set ``game`` and ``players``:

    class TestKit(GameKit):
        game = courtly.games.get("agents-of-the-crown")
        players = 4

pytest then runs every ``test_*`` method below for that game: random games to
the end from many seeds; card conservation at every step; illegal actions
raise and change nothing; observations never hold a card their seat has not
seen; ``sample_state`` agrees with its observation and varies what is hidden;
records replay to the identical state; notation, JSON and ids round-trip for
every legal action; and, from ``engine/kit_play``, the paths search and
simulation take for speed: ``play`` (no second check, no move history) leaves
the same state as ``apply``, quiet play (no events) the same as full play
after every move, and clones (sharing what is costly to copy) are independent
of their originals both ways; from ``engine/kit_text``, the words: every
event, the set-up's included, worded for every viewer as structured text, and
the set-up's events keep secrets.

And hidden information, move by move (each check is also a function a game's
own tests can call on a chosen line of play, see ``steps_of``):

- events: no event a viewer may see names, in its data or in its text as that
  viewer reads it, a card hidden from it before and after the move and left
  where it was (``events_showing_hidden_cards``; card codes are matched as
  whole words, case included: ``card_codes_in``);
- ``observed_as``: a seat sees its own move as itself; two moves another seat
  sees alike (observation and events after) are observed as one, and two
  moves observed as one are seen alike, but for chance and for the last move
  of a simultaneous decision (``observed_as_problems``);
- complete information sets, by forward filtering: worlds sampled before a
  move, with the move played as the viewer saw it and kept when they show the
  viewer what it really saw, against worlds sampled after it; a card that no
  kept world has in some place while the sampled ones often do (or the other
  way round) is a fact the observation or ``sample_state`` lost
  (``information_set_problems``, at the moves that move the most cards);
- its base, the deal: worlds sampled at the deal against many real deals
  (``deal_problems``).
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.errors import IllegalAction
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.kit_play import (
    MAX_STEPS,
    FastPathChecks,
    random_game,
    random_move,
    random_step,
    seats_of,
    snapshot,
    walk,
)
from courtly.engine.kit_secrets import deal_problems, information_set_problems, telling_steps
from courtly.engine.kit_steps import (
    Step,
    apply_watched,
    card_codes_in,
    card_name,
    events_watched,
    seen_by,
    steps,
    steps_of,
    who,
)
from courtly.engine.kit_text import TextChecks
from courtly.engine.records import Record, replay

__all__ = [
    "MAX_STEPS",
    "GameKit",
    "Step",
    "apply_watched",
    "card_codes_in",
    "card_name",
    "deal_problems",
    "events_watched",
    "information_set_problems",
    "random_game",
    "random_move",
    "random_step",
    "seats_of",
    "snapshot",
    "steps",
    "steps_of",
    "walk",
    "who",
]


# -- events ----------------------------------------------------------------------
def _stayed(game: Game, then: dict[str, list[int]], now: dict[str, list[int]]) -> set[str]:
    """Cards of piles that were left alone from ``then`` to ``now`` (at most
    cards added on top): nothing the move did after ``then`` showed them."""
    out: set[str] = set()
    for zone, cs in then.items():
        if now.get(zone, [])[: len(cs)] == cs:
            out.update(card_name(game, c) for c in cs)
    return out


def hidden_cards_shown(
    game: Game, step: Step, viewer: int | None, event: Event, shown: Any
) -> set[str]:
    """The cards that ``shown`` (what ``viewer`` is given of ``event``: its
    data, its text) names although they are hidden from ``viewer`` before and
    after the move and the move left them where they were when ``event`` was
    made. A card the move reveals may be named, and so may one the move shows
    and then takes away again (hands shown, then dealt anew)."""
    named = card_codes_in(shown, game.card_codes())
    if not named:
        return set()
    hidden = named & step.before.hidden_from(viewer) & step.after.hidden_from(viewer)
    if not hidden:
        return set()
    then = step.placed.get(id(event))
    if then is None:  # not made during the move: judge by where the cards are now
        return hidden
    return hidden & _stayed(game, then, step.after.zones())


def events_showing_hidden_cards(game: Game, step: Step, where: str = "") -> list[str]:
    """Every event of ``step`` that a viewer may see (each seat, the spectator),
    its data and its text as that viewer reads it (``game.describe``), checked
    with ``hidden_cards_shown``."""
    problems: list[str] = []
    for viewer in seats_of(step.after):
        for e in step.events:
            if not e.visible_to(viewer):
                continue
            text = game.describe(e, viewer)
            leaked = hidden_cards_shown(game, step, viewer, e, [e.data, text])
            if leaked:
                scope = "a public" if e.to is None else f"a private (to {sorted(e.to)})"
                problems.append(
                    f"{game.id} {where}step {step.index} (P{step.seat} {step.action}): "
                    f"{scope} event {e.kind} {e.data}, read by {who(viewer)} as {text!r}, "
                    f"names {sorted(leaked)}, hidden from {who(viewer)} before and after"
                )
    return problems


# -- observed_as -------------------------------------------------------------------
def _play_with(
    state: State, seat: int, action: Action, seed: int
) -> tuple[State, list[Event], bool]:
    """``action`` played on a copy of ``state`` whose generator starts from
    ``seed``; and whether the move drew on the generator."""
    copy = state.clone()
    rng = random.Random(seed)
    start = rng.getstate()
    copy._rng = rng
    events = copy.apply(seat, action)
    return copy, events, copy._rng is not rng or rng.getstate() != start


def observed_as_problems(
    game: Game,
    state: State,
    actor: int,
    rng: random.Random,
    *,
    limit: int = 40,
    last_of_several: bool = False,
    where: str = "",
) -> list[str]:
    """``game.observed_as`` against what each other seat really sees of the
    legal actions of ``actor`` in ``state`` (up to ``limit`` of them, each
    played on a copy whose generator is in the same state):

    - a seat sees its own action as itself;
    - two actions another seat sees alike (the same observation after them and
      the same events) are observed as one;
    - two actions observed as one are seen alike. Not required where the
      difference comes from the move's random consequences (they are seen
      alike when the generator is in some other state), nor for the last seat
      awaited in a decision several seats make at once (``last_of_several``):
      its move sets off the outcome, which shows every seat's choice together.
    """
    problems: list[str] = []
    head = f"{game.id} {where}P{actor} to act"
    legal = state.legal_actions(actor)
    for a in legal:
        if game.observed_as(a, actor, actor) != a.id:
            problems.append(f"{head}: observed_as({a}) by P{actor} itself is not its id {a.id}")
    if len(legal) > limit:
        legal = rng.sample(legal, limit)
    seed = rng.getrandbits(32)
    played = {a: _play_with(state, actor, a, seed) for a in legal}

    def differ_by_chance(a: Action, b: Action, viewer: int, alike: bool) -> bool:
        """Whether ``viewer`` would see ``a`` and ``b`` alike (``alike``: apart)
        with the generator in some other state: only a move that draws on it."""
        if not (played[a][2] or played[b][2]):
            return False
        for k in range(1, 7):
            sa = seen_by(*_play_with(state, actor, a, seed + k)[:2], viewer)
            sb = seen_by(*_play_with(state, actor, b, seed + k)[:2], viewer)
            if (sa == sb) == alike:
                return True
        return False

    for viewer in range(state.players):
        if viewer == actor:
            continue
        seen = {a: seen_by(after, events, viewer) for a, (after, events, _) in played.items()}
        key = {a: game.observed_as(a, actor, viewer) for a in legal}
        alike: dict[str, list[Action]] = {}
        for a in legal:
            alike.setdefault(seen[a], []).append(a)
        for group in alike.values():
            first = group[0]
            for b in group[1:]:
                if key[b] != key[first] and not differ_by_chance(first, b, viewer, False):
                    problems.append(
                        f"{head}: P{viewer} cannot tell {first} from {b} (the same "
                        f"observation and events after either), but observed_as gives "
                        f"{key[first]} and {key[b]}"
                    )
                    break
        if last_of_several:
            continue
        grouped: dict[int, list[Action]] = {}
        for a in legal:
            grouped.setdefault(key[a], []).append(a)
        for k, group in grouped.items():
            first = group[0]
            for b in group[1:]:
                if seen[b] != seen[first] and not differ_by_chance(first, b, viewer, True):
                    problems.append(
                        f"{head}: observed_as gives {first} and {b} the same {k} for "
                        f"P{viewer}, but P{viewer} sees them apart: "
                        f"{_difference(seen[first], seen[b])}"
                    )
                    break
    return problems


def _difference(a: str, b: str) -> str:
    """Where two seen-strings (observation, events) first differ, briefly."""
    (obs_a, ev_a), (obs_b, ev_b) = json.loads(a), json.loads(b)
    for k in sorted(set(obs_a) | set(obs_b)):
        if obs_a.get(k) != obs_b.get(k):
            return f"observation {k!r}: {obs_a.get(k)!r} / {obs_b.get(k)!r}"[:300]
    return f"events {ev_a!r} / {ev_b!r}"[:300]


class GameKit(FastPathChecks, TextChecks):
    """Subclass in a game's tests with ``game`` and ``players`` set."""

    game: ClassVar[Game]
    players: ClassVar[int]
    options: ClassVar[dict[str, Any] | None] = None
    seeds: ClassVar[range] = range(30)
    """Seeds for the full random games."""
    deep_seeds: ClassVar[range] = range(3)
    """Seeds for the step-by-step checks (every step, every seat)."""
    deal_seeds: ClassVar[range] = range(700)
    """Deals compared with the worlds sampled at the deal."""

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
                    same = state.stands_for(seat, a)
                    if same is not a:  # another writing of a legal move is taken as it
                        assert same.id in legal, f"{a} stands for {same}, which is not legal"
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

    def test_public_choices_are_the_same_in_every_world(self) -> None:
        """``choices_public``: what a spectator may imagine never changes the
        seat's moves (a forced move it allows tells nobody anything)."""
        game = self.game
        for seed in self.deep_seeds:
            for n, state in enumerate(walk(game, self.players, seed, self.options)):
                if n % 3 or state.over:
                    continue
                for seat in state.to_act:
                    if not state.choices_public(seat):
                        continue
                    moves = sorted(a.id for a in state.legal_actions(seat))
                    public = state.observation(None)
                    for k in range(4):
                        world = game.sample_state(public, random.Random(k))
                        if seat in world.to_act:  # who is asked may itself be hidden
                            theirs = sorted(a.id for a in world.legal_actions(seat))
                            assert len(theirs) == len(moves), (
                                f"seed {seed} step {n}: seat {seat}'s moves are called "
                                f"public, yet a spectator's world gives it {len(theirs)}, "
                                f"not {len(moves)}"
                            )

    # -- hidden information, move by move -------------------------------------------
    def test_events_never_show_unseen_cards(self) -> None:
        """No event shows a viewer a card hidden from it (see
        ``events_showing_hidden_cards``), in its data or in its text."""
        problems: list[str] = []
        for seed in self.deep_seeds:
            for step in steps(self.game, self.players, seed, self.options):
                problems += events_showing_hidden_cards(self.game, step, f"seed {seed} ")
        assert not problems, "\n".join(problems[:8])

    def test_observed_as_groups_exactly_what_a_seat_cannot_tell_apart(self) -> None:
        """``observed_as`` against what each seat really sees of every legal
        action (see ``observed_as_problems``), at every third position."""
        game = self.game
        rng = random.Random(13)
        problems: list[str] = []
        for seed in self.deep_seeds:
            for step in steps(game, self.players, seed, self.options):
                if step.index % 3 == 0:
                    problems += observed_as_problems(
                        game,
                        step.before,
                        step.seat,
                        rng,
                        last_of_several=step.last_of_several,
                        where=f"seed {seed} step {step.index}: ",
                    )
        assert not problems, "\n".join(problems[:8])

    def test_sampled_worlds_agree_with_the_whole_history(self) -> None:
        """The forward filter (``information_set_problems``) for every viewer at
        the moves that change the most cards' places in each game (reshuffles,
        new deals, end-of-turn draws: where what a viewer knows changes most),
        and at a few moves drawn at random."""
        game = self.game
        rng = random.Random(19)
        problems: list[str] = []
        checked = 0
        for seed in self.deep_seeds:
            chosen = telling_steps(game, self.players, seed, self.options, rng)
            for step in steps(game, self.players, seed, self.options):
                if step.index not in chosen:
                    continue
                for viewer in seats_of(step.after):
                    found = information_set_problems(game, step, viewer, rng, where=f"seed {seed} ")
                    problems += found
                    checked += 1
        assert checked
        assert not problems, "\n".join(problems[:8])

    def test_sampled_deals_are_dealt_as_the_game_deals(self) -> None:
        """The base of the forward filter: worlds sampled at the deal against
        real deals (``deal_problems``)."""
        problems = deal_problems(self.game, self.players, self.deal_seeds, self.options)
        assert not problems, "\n".join(problems[:8])

    # -- records, clones, notation ------------------------------------------------
    def test_records_replay_to_the_identical_state(self) -> None:
        for seed in self.seeds[:5]:
            state = random_game(self.game, self.players, seed, self.options)
            record = Record.from_json(state.record().to_json())
            again = replay(record, self.game)
            assert again.history == state.history
            assert again.scores == state.scores
            assert again.zones() == state.zones()
            for seat in seats_of(state):
                assert again.observation(seat) == state.observation(seat)

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
