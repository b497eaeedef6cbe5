"""The test kit's checks that observations and samplers keep what is hidden
whole: complete information sets by forward filtering, and the deal
(``courtly.engine.testing`` puts the kit together)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from courtly.engine.actions import Action
from courtly.engine.errors import IllegalAction
from courtly.engine.game import Game, State
from courtly.engine.kit_steps import (
    Step,
    card_codes_in,
    card_name,
    code_pattern,
    seen_by,
    steps,
    who,
)

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
    pattern = code_pattern(game.card_codes()).pattern  # [chars]+
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
    target = seen_by(step.after, step.events, viewer)
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
                seen_by(played, events, viewer),
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


def telling_steps(
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
