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
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar

from courtly import cards
from courtly.engine.actions import Action
from courtly.engine.errors import IllegalAction
from courtly.engine.events import WATCHERS, Event
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
from courtly.engine.kit_text import TextChecks
from courtly.engine.records import Record, replay

__all__ = [
    "MAX_STEPS",
    "GameKit",
    "random_game",
    "random_move",
    "random_step",
    "seats_of",
    "snapshot",
    "walk",
]


def _code_pattern(valid: frozenset[str]) -> re.Pattern[str]:
    """Words that may be card codes: letters and digits, plus any other
    character the codes themselves use (Intrigue's tokens ``A+3``)."""
    pattern = _CODE_PATTERNS.get(valid)
    if pattern is None:
        extra = sorted({ch for code in valid for ch in code if not ch.isalnum()})
        pattern = re.compile("[0-9A-Za-z" + "".join(re.escape(ch) for ch in extra) + "]+")
        _CODE_PATTERNS[valid] = pattern
    return pattern


_CODE_PATTERNS: dict[frozenset[str], re.Pattern[str]] = {}


def card_codes_in(value: Any, valid: frozenset[str]) -> set[str]:
    """Every card code of ``valid`` named anywhere in a JSON value: a string that
    is a code, or a word of a longer string (notation such as "pass QS 4D", a
    log line). Words are split at every other character and matched exactly,
    case included, so a field name such as ``debt`` is not the card DEBT."""
    found: set[str] = set()
    words = _code_pattern(valid).findall
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if v in valid:
                found.add(v)
            else:
                found.update(w for w in words(v) if w in valid)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return found


# -- moves one by one ------------------------------------------------------------
@dataclass
class Step:
    """One move of a game: a copy of the state before it, who played what, the
    events it returned and the state after it (in ``steps``, the live state:
    valid until the next move is played)."""

    index: int
    before: State
    seat: int
    action: Action
    events: list[Event]
    after: State
    last_of_several: bool = False
    """The move was the last awaited of a decision that several seats made at
    once (the last card committed, the last pass chosen): it sets off the
    decision's outcome, which shows everyone's choices together."""
    placed: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    """Where every card was when each event was made (by the event's id)."""


@contextmanager
def events_watched(state: State) -> Iterator[dict[int, dict[str, list[int]]]]:
    """While open, note where every card of ``state`` was as each event was
    made (by the event's id): an event may name a card that the rest of the
    move then shows, discards or shuffles away, but not one that stays where
    nobody may see it. Wrap one move (``state.apply``, a table's ``apply``)."""
    placed: dict[int, dict[str, list[int]]] = {}
    made: list[Event] = []  # keeps each event alive, so that its id stays its own

    def watched(event: Event) -> None:
        made.append(event)
        placed[id(event)] = state.zones()

    WATCHERS.append(watched)
    try:
        yield placed
    finally:
        WATCHERS.remove(watched)


def apply_watched(
    state: State, seat: int, action: Action
) -> tuple[list[Event], dict[int, dict[str, list[int]]]]:
    """``state.apply`` under ``events_watched``."""
    with events_watched(state) as placed:
        events = state.apply(seat, action)
    return events, placed


class _Decisions:
    """Remembers, for each decision met in a line of play, the most seats it
    awaited at once, to tell the last of a simultaneous decision."""

    def __init__(self) -> None:
        self.widest: dict[int, int] = {}
        self.alive: list[Any] = []  # keeps each decision seen, so that its id stays its own

    def last_of_several(self, state: State, seat: int) -> bool:
        top = state.pending.top
        if top is None:
            return False
        if id(top) not in self.widest:
            self.alive.append(top)
        widest = self.widest[id(top)] = max(self.widest.get(id(top), 0), len(top.waiting))
        return top.waiting == [seat] and widest > 1


def steps(game: Game, players: int, seed: int, options: Any = None) -> Iterator[Step]:
    """Every move of one random game (the moves of ``walk``), one ``Step`` each."""
    state = game.new(players=players, seed=seed, options=options)
    rng = random.Random(seed * 7919 + 1)
    decisions = _Decisions()
    index = 0
    while not state.over:
        before = state.clone()
        seats = state.to_act
        seat = seats[rng.randrange(len(seats))]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        last = decisions.last_of_several(state, seat)
        events, placed = apply_watched(state, seat, action)
        yield Step(index, before, seat, action, events, state, last, placed)
        index += 1
        if index > MAX_STEPS:
            raise AssertionError(f"game {game.id} seed {seed} did not end in {MAX_STEPS} steps")


def steps_of(start: State, moves: Iterable[tuple[int, Action | str | int]]) -> list[Step]:
    """The steps of playing ``moves`` (seat, action) from a copy of ``start``:
    a given line of play for the checks below (each ``after`` is its own copy).
    Start from the deal to know which moves end a simultaneous decision."""
    state = start.clone()
    decisions = _Decisions()
    out = []
    for index, (seat, move) in enumerate(moves):
        before = state.clone()
        action = move if isinstance(move, Action) else state.game.action_from_json(move)
        last = decisions.last_of_several(state, seat)
        events, placed = apply_watched(state, seat, action)
        out.append(Step(index, before, seat, action, events, state.clone(), last, placed))
    return out


def card_name(game: Game, c: int) -> str:
    """A card number of ``zones()`` as its code (a second pack's cards are
    numbered from 100 on; a custom deck's codes are its view's ``CODES``)."""
    codes = getattr(game.view, "CODES", None)
    if isinstance(codes, tuple | list) and 0 <= c < len(codes):
        return str(codes[c])
    if 0 <= c % 100 < 54:
        return cards.code(c % 100)
    return str(c)


def who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"P{viewer}"


def _seen(state: State, events: Sequence[Event], viewer: int | None) -> str:
    """What ``viewer`` sees of a move: its observation after it and the events
    it is shown, as one comparable string."""
    shown = [[e.kind, e.data] for e in events if e.visible_to(viewer)]
    return json.dumps([state.observation(viewer), shown], sort_keys=True, default=str)


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
            sa = _seen(*_play_with(state, actor, a, seed + k)[:2], viewer)
            sb = _seen(*_play_with(state, actor, b, seed + k)[:2], viewer)
            if (sa == sb) == alike:
                return True
        return False

    for viewer in range(state.players):
        if viewer == actor:
            continue
        seen = {a: _seen(after, events, viewer) for a, (after, events, _) in played.items()}
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


# -- information sets ------------------------------------------------------------
FORWARD_WORLDS = 100
"""Worlds kept by the forward filter before it compares (``information_set_problems``)."""
DIRECT_WORLDS = 60
"""Worlds drawn directly from the observation after the move."""
CLEAR_SHARE = 0.4
"""A card in a place in at least this share of the direct worlds, but in none
of the forward ones (or the other way round), is a contradiction."""


def _candidates(
    world: State, actor: int, action: Action, viewer: int | None, rng: random.Random
) -> list[tuple[int, Action]]:
    """The moves that ``viewer`` might have seen as ``actor`` playing ``action``
    in ``world``: those ``observed_as`` groups with it first (for the spectator,
    as the first other seat sees them), in a random order, then one other
    (so that an ``observed_as`` telling apart moves the viewer cannot, which its
    own check reports, still lets the filter find the worlds of the others).
    Another seat's moves count when this world does not await the seat that
    moved (a reaction window, whose seat is hidden)."""
    game = world.game
    to_act = world.to_act
    if viewer == actor:
        ok = actor in to_act and world.check(actor, action) is None
        return [(actor, action)] if ok else []
    lens = viewer
    if lens is None:
        lens = next((s for s in range(world.players) if s != actor), None)
    first: list[tuple[int, Action]] = []
    rest: list[tuple[int, Action]] = []
    key = None if lens is None else game.observed_as(action, actor, lens)
    # The seat that moved, or whoever this world awaits (a window's seat is hidden).
    seats = [actor] if actor in to_act else [s for s in to_act if s != viewer]
    for seat in seats:
        for a in world.legal_actions(seat):
            same = lens is not None and seat != lens and game.observed_as(a, seat, lens) == key
            (first if same else rest).append((seat, a))
    rng.shuffle(first)
    rng.shuffle(rest)
    return first + rest[:1]


def _places(game: Game, state: State) -> set[tuple[str, str]]:
    """Every (place, card code) of ``state``."""
    names = _NAMES.get(game.id)
    if names is None:
        names = _NAMES[game.id] = [card_name(game, c) for c in range(256)]
    return {(zone, names[c]) for zone, cs in state.zones().items() for c in cs}


_NAMES: dict[str, list[str]] = {}


def _pieces(game: Game, text: str) -> list[str]:
    """``text`` cut into words that may be card codes and what lies between."""
    pattern = _code_pattern(game.card_codes()).pattern  # [chars]+
    return re.findall(f"{pattern}|[^{pattern[1:]}", text)


def _relabelling(
    game: Game, mine: str, real: str, real_pieces: list[str], fixed: set[str]
) -> dict[str, str] | None:
    """How the cards of a sampled world must be renamed so that what the viewer
    saw of the move in it (``mine``) reads as what it really saw (``real``, cut
    into ``real_pieces``): a draw or a refill showed other cards, by chance, in
    the same places. None when they differ otherwise, or in a card of the move
    itself (``fixed``). The renaming swaps cards the viewer could not tell apart
    before the move."""
    if mine == real:
        return {}
    codes = game.card_codes()
    mine_pieces = _pieces(game, mine)
    if len(mine_pieces) != len(real_pieces):
        return None
    to: dict[str, str] = {}
    back: dict[str, str] = {}
    for x, y in zip(mine_pieces, real_pieces, strict=True):
        if x == y and x not in codes:
            continue
        if x in codes and y in codes:
            if to.setdefault(x, y) != y or back.setdefault(y, x) != x:
                return None
        else:
            return None
    moved = {x: y for x, y in to.items() if x != y}
    if moved.keys() & fixed or set(moved.values()) & fixed:
        return None
    # Close the renaming into swaps: a card shown in the real move takes the
    # sampled card's place, and the sampled card takes the real one's.
    free = sorted(set(moved.values()) - moved.keys())
    spare = sorted(moved.keys() - set(moved.values()))
    moved.update(zip(free, spare, strict=True))
    return moved


def information_set_problems(
    game: Game,
    step: Step,
    viewer: int | None,
    rng: random.Random,
    *,
    worlds: int = FORWARD_WORLDS,
    direct: int = DIRECT_WORLDS,
    share: float = CLEAR_SHARE,
    where: str = "",
) -> list[str]:
    """Are the worlds ``sample_state`` draws for ``viewer`` after ``step``
    consistent with everything it saw, not only with its observation?

    Forward filtering, one move deep: worlds drawn from ``viewer``'s observation
    before the move (consistent with its history so far, by induction from the
    deal) have the move played as ``viewer`` saw it (its own move itself;
    another seat's, a legal move ``observed_as`` the same); those that give
    ``viewer`` the observation and events it really got are the worlds
    consistent with its history after the move (where chance showed other
    cards in the same places, a draw or a refill, the sampled world's cards are
    renamed to the ones really shown: ``_relabelling``). A card that is in some place in
    none of ``worlds`` of them but in a clear ``share`` of the worlds drawn
    directly from the observation after the move (or in all of them, but
    missing from that share) is a contradiction: the observation lost something
    the viewer knows, or ``sample_state`` ignores it; so is a place where most
    sampled worlds hold some card that no consistent world has there (a fact
    spread over many cards: "holds no Heart"). Returns nothing when too few
    worlds pass the filter (a move whose public outcome, such as a revealed
    stack's total, depends on cards the worlds drew differently)."""
    target = _seen(step.after, step.events, viewer)
    start = step.before.observation(viewer)
    target_pieces = _pieces(game, target)
    fixed = card_codes_in(step.action.notation, game.card_codes())
    kept: list[set[tuple[str, str]]] = []
    tries = 0
    while len(kept) < worlds and tries < 4 * worlds:
        tries += 1
        if tries == worlds // 2 and len(kept) * 8 < tries:
            return []  # too few pass: not worth drawing more
        world = game.sample_state(start, rng)
        for seat, a in _candidates(world, step.seat, step.action, viewer, rng):
            played = world.clone()
            try:
                events = played.apply(seat, a)
            except IllegalAction:
                continue
            rename = _relabelling(
                game,
                _seen(played, events, viewer),
                target,
                target_pieces,
                fixed | card_codes_in(a.notation, game.card_codes()),
            )
            if rename is not None:
                kept.append({(z, rename.get(c, c)) for z, c in _places(game, played)})
                break
    if len(kept) < worlds:
        return []
    after = step.after.observation(viewer)
    drawn = [_places(game, game.sample_state(after, rng)) for _ in range(direct)]
    forward: Counter[tuple[str, str]] = Counter(p for k in kept for p in k)
    sampled: Counter[tuple[str, str]] = Counter(p for d in drawn for p in d)
    problems = []
    head = (
        f"{game.id} {where}step {step.index} (P{step.seat} {step.action}), seen by {who(viewer)}: "
    )
    for place in sorted(set(forward) | set(sampled)):
        zone, c = place
        f, d = forward[place] / len(kept), sampled[place] / direct
        if f == 0 and d >= share:
            problems.append(
                f"{head}{c} cannot be in {zone} (in none of {len(kept)} "
                f"worlds consistent with the history) but sample_state puts it there in "
                f"{d:.0%} of worlds"
            )
        elif f == 1 and d <= 1 - share:
            problems.append(
                f"{head}{c} must be in {zone} (in all {len(kept)} worlds "
                f"consistent with the history) but sample_state puts it there in only "
                f"{d:.0%} of worlds"
            )
    if problems:
        return problems
    # Spread thin over many cards, a contradiction shows in the whole place: most
    # sampled worlds put there a card that no consistent world does.
    for zone in sorted({z for z, _ in forward} | {z for z, _ in sampled}):
        never = sum(1 for d in drawn if any(z == zone and forward[(z, c)] == 0 for z, c in d))
        if never >= WHOLE_PLACE * direct:
            problems.append(
                f"{head}{never} of {direct} sampled worlds put in {zone} a card that none "
                f"of {len(kept)} worlds consistent with the history has there"
            )
    return problems


WHOLE_PLACE = 0.6
"""The share of sampled worlds that may not all put, in one place, a card no
consistent world has there."""


DEAL_EVIDENCE = 16
"""Real deals expected (by the sampled worlds) to put a card in a place that
none does, or to leave it out of one that all do, before that is called a
contradiction: a sampler that is right fails one such count with odds below
e^-16."""


def deal_problems(
    game: Game,
    players: int,
    seeds: Iterable[int],
    options: Any = None,
    *,
    per_deal: int = 2,
    evidence: float = DEAL_EVIDENCE,
    viewers: Iterable[int | None] = (None, 0, 1),
) -> list[str]:
    """Are the worlds ``sample_state`` draws at the deal dealt as the game deals?

    The base of the forward filter (``information_set_problems``): each real
    deal is one draw from the worlds consistent with what a viewer sees of it,
    and ``sample_state`` should draw from those same worlds. So, over many
    deals and under each short field of the observation that varies (who
    starts...), a card should be in a place as often in the real deals as in
    the ``per_deal`` worlds sampled for each (seen by each of ``viewers``). A place that no real deal puts a
    card in while the sampled worlds expect ``evidence`` real deals to (or the
    other way round) is a contradiction: the deal showed something (the lowest
    spade that chose the first player) that the sampler ignores."""
    rng = random.Random(17)
    dealt = [game.new(players=players, seed=seed, options=options) for seed in seeds]
    problems: list[str] = []
    for viewer in viewers:
        if viewer is not None and viewer >= players:
            continue
        seen = [state.observation(viewer) for state in dealt]
        short = {
            k
            for k in seen[0]
            if all(len(json.dumps(o.get(k), sort_keys=True)) <= 24 for o in seen)
            and len({json.dumps(o.get(k), sort_keys=True) for o in seen}) > 1
        }
        groups: dict[tuple[str, str], list[int]] = {("", ""): list(range(len(dealt)))}
        for i, obs in enumerate(seen):
            for k in short:
                groups.setdefault((k, json.dumps(obs[k], sort_keys=True)), []).append(i)
        truths = [_places(game, state) for state in dealt]
        # per deal: how many sampled worlds have each place that varies
        counts: list[Counter[tuple[str, str]]] = []
        for i, obs in enumerate(seen):
            worlds = [_places(game, game.sample_state(obs, rng)) for _ in range(per_deal)]
            common = truths[i].intersection(*worlds)
            here: Counter[tuple[str, str]] = Counter()
            for w in worlds:
                here.update(w - common)
            for place in truths[i] - common:
                here[place] += 0
            counts.append(here)
        for (field_name, value), members in groups.items():
            present: Counter[tuple[str, str]] = Counter()
            missing: Counter[tuple[str, str]] = Counter()
            for i in members:
                for place, n in counts[i].items():
                    present[place] += n
                    missing[place] += per_deal - n
            under = f" when {field_name} is {value}" if field_name else ""
            head = f"{game.id} deal, seen by {who(viewer)}{under}"
            enough = evidence * per_deal
            for place in sorted(set(present) | set(missing)):
                if present[place] < enough and missing[place] < enough:
                    continue
                zone, c = place
                real = sum(1 for i in members if place in truths[i])
                if real == 0 and present[place] >= enough:
                    problems.append(
                        f"{head}: {c} is in {zone} in none of {len(members)} real deals, "
                        f"but in {present[place]} of {per_deal * len(members)} sampled worlds"
                    )
                elif real == len(members) and missing[place] >= enough:
                    problems.append(
                        f"{head}: {c} is in {zone} in all {len(members)} real deals, but "
                        f"missing from {missing[place]} of {per_deal * len(members)} "
                        "sampled worlds"
                    )
    return problems


TELLING_STEPS = 3
"""Moves per game checked by the forward filter in the kit: the ones that
change the most cards' places, and one more drawn at random."""


def _telling_steps(
    game: Game, players: int, seed: int, options: Any, rng: random.Random
) -> set[int]:
    """The moves of a random game where the most cards change places."""
    moved: list[tuple[int, int]] = []
    for step in steps(game, players, seed, options):
        old = {z: len(cs) for z, cs in step.before.zones().items()}
        new = {z: len(cs) for z, cs in step.after.zones().items()}
        change = sum(abs(new.get(z, 0) - old.get(z, 0)) for z in old.keys() | new.keys())
        moved.append((-change, step.index))
    moved.sort()
    chosen = {i for _, i in moved[:TELLING_STEPS]}
    if moved:
        chosen.add(rng.randrange(len(moved)))
    return chosen


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
            chosen = _telling_steps(game, self.players, seed, self.options, rng)
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
