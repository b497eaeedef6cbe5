"""Garrison, for a search: what a position is worth to each seat when a
rollout is cut short (``courtly.bots.evaluation``), what a finished game is
worth (``outcome``), a line of moves that wins within the turn
(``winning_line``) and the ``hard`` level's guard (``GUARD``), which compares
that line too."""

from __future__ import annotations

from typing import Any

from courtly.bots.evaluation import soft_ranks
from courtly.bots.guard import Guard
from courtly.bots.tree import wins
from courtly.engine.actions import Action
from courtly.games.garrison.actions import PASS

outcome = wins
"""A finished game is worth its win alone (``Game.plugins.outcome``): the first
keep to reach the target wins (GAR-10), and the rules rank no other place."""


def evaluate(state: Any) -> list[float]:
    """The keep's value, plus a little for the cards in hand (spies and the
    means to upgrade or fend), minus the sieges laid against the keep."""
    projected = []
    for seat in range(state.players):
        siege = len(state.siege[seat])
        projected.append(state.keep_value(seat) + 0.5 * len(state.hands[seat]) - 0.5 * siege)
    return soft_ranks(projected, 4.0)


# -- A win within the turn ------------------------------------------------------------
RAISED = ("upgrade", "smuggle", "rebuild")
"""The moves that add a card to a keep, and so the only ones that can win."""

BIGGEST = 11
"""The most one card adds to a keep (an Ace)."""
LINE_MOVES = 5
"""The longest line searched: most wins within a turn take three to five moves."""
LINE_NODES = 3000
"""The most positions one search looks at (a few tens of milliseconds, compiled)."""


def winning_line(
    world: Any, me: int, moves: int = LINE_MOVES, positions: int = LINE_NODES
) -> list[Action]:
    """The shortest line of ``me``'s own moves, at most ``moves``, that
    brings its keep to the target within this turn (GAR-10) with every other
    seat passing in each window, in ``world`` (empty: none, or not ``me``'s
    turn). For the ``hard`` guard (``GUARD.lines``), which then compares it
    with the heuristic's move on its paired worlds, the other seats answering
    each window as they would: a Seducer or a Thug may still stop it. It reads
    only what the seat sees of the world: its hand, its keep and the public
    cards (the market, the discard pile), but for a Joker it spends, whose
    disaster reads every hand, a world's guess that the comparison checks.
    It looks at ``positions`` at most.
    """
    if world.over or world.decision != "turn" or world.to_act != (me,):
        return []
    nodes = [positions]
    seen: dict[tuple[object, ...], int] = {}
    for depth in range(1, moves + 1):
        line = _line(world, me, depth, nodes, seen)
        if line or nodes[0] <= 0:
            return line
    return []


def _line(
    world: Any, me: int, depth: int, nodes: list[int], seen: dict[tuple[object, ...], int]
) -> list[Action]:
    """A winning line of at most ``depth`` moves from ``world`` (see
    ``winning_line``); ``seen``: each position searched, with the moves it was
    searched for."""
    if world.keep_value(me) + BIGGEST * depth < world.target:
        return []  # too far from the target for this many moves
    for action in world.legal_actions(me):
        kind = action.kind
        if kind not in RAISED and (depth == 1 or kind != "trade"):
            continue  # neither adds a card to the keep nor, before the last move, brings one
        nodes[0] -= 1
        if nodes[0] < 0:
            return []
        w = world.clone()
        w.quiet = True
        w.play(me, action)
        while not w.over and w.decision == "reaction":
            w.play(w.to_act[0], PASS)  # every other seat lets it pass
        if w.over:
            if me in w.winners:
                return [action]
            continue
        if depth == 1 or w.decision != "turn" or w.to_act != (me,):
            continue
        key = _position(w, me)
        if seen.get(key, 0) >= depth - 1:
            continue  # searched already, for as many moves
        seen[key] = depth - 1
        rest = _line(w, me, depth - 1, nodes, seen)
        if rest:
            return [action, *rest]
    return []


def _position(world: Any, me: int) -> tuple[object, ...]:
    """What a line's next moves depend on: the seat's hand and keep, the
    market and the discard pile (the Smuggler's choice)."""
    keep = (tuple(world.court[me]), tuple(world.fallen[me]), tuple(world.garrison[me]))
    return (tuple(sorted(world.hands[me])), keep, tuple(world.market), tuple(world.discard))


GUARD = Guard(candidates=6, steps=200, lines=winning_line)
"""Garrison's ``hard`` guard (``Game.plugins.guard``): six of the search's
most visited moves checked against the heuristic's, not the level's two. A
decision is cheap here (``hard`` reaches the level's ceiling of 5,000
iterations a second of ``think`` in about 0.5 s of CPU, compiled), so at one
second the guard compares about 300 worlds, room for every sensible move of a
three-card hand; rollouts of 200 decisions finish most games (about 175
decisions between four ``normal`` seats). With ``outcome``, 28 wins in 80
games against three ``normal`` seats (1.40x the fair share) where the
level's guard won 24, on the same seeds: not separated (BENCHMARKS.md,
"Garrison's `hard` at a second's budget"). It also compares the line that
wins within the turn (``winning_line``), where there is one."""
