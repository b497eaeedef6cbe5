"""Evaluations: what a position is worth to each seat, for a search cut short.

A search (``ISMCTS``) stops its rollouts after a few decisions and values the
position reached. ``evaluation_for(game)`` gives that game's evaluation: a
function from a state to one value per seat in [0, 1], like a final result (1
first place, 0 last). Each game's evaluation projects a score per seat (the
score so far plus what the position promises), and a seat's value is the mean,
over the other seats, of its chance of finishing ahead of that seat, a logistic
curve of the projected margin (``soft_ranks``). A finished game is always
valued by its real result instead.

The evaluations read the whole state of a sampled world: in a world drawn by
``game.sample_state`` every hidden card is the search's guess, so this is the
standard determinized approach and uses nothing a real seat knows.

Evaluations are declared in ``_REGISTRY`` by Game class; a game without one
has none (the search then values a cut-off position by its standing).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

from courtly.bots.ismcts import Evaluation
from courtly.engine.game import Game


def soft_ranks(projected: Sequence[float], scale: float) -> list[float]:
    """Each seat's expected share of the others it finishes ahead of, given
    projected scores known to within about ``scale`` points: in [0, 1], 1 far
    ahead of everyone, 0.5 level with everyone, 0 far behind."""
    n = len(projected)
    if n == 1:
        return [0.5 + 0.5 * math.tanh(projected[0] / scale)]
    out = []
    for i, p in enumerate(projected):
        total = 0.0
        for j, q in enumerate(projected):
            if j != i:
                x = (p - q) / scale
                x = max(-30.0, min(30.0, x))
                total += 1.0 / (1.0 + math.exp(-x))
        out.append(total / (n - 1))
    return out


# -- Agents of the Crown -----------------------------------------------------------
def agents_of_the_crown(state: Any) -> list[float]:
    """The score so far plus this Year's score if it ended now (prizes taken,
    Nobles in hand valued by their Houses' curses, curses on a seat's House and
    its left neighbour's: the rules' ``year_breakdown``), and a little for the
    cards still in hand, which win the rest of the Year's challenges."""
    from courtly.games.agents_of_the_crown.actions import FIRST_NOBLE
    from courtly.games.agents_of_the_crown.rules import CURSE_PENALTY, NOBLE_IN_HAND

    players = state.players
    curses = state.curses
    houses = state.houses
    worth = state.threat_value
    projected = []
    for seat in range(players):
        value = float(state.score[seat])
        if state.year:
            value += sum([worth(c) for c in state.prizes[seat]])
            value -= CURSE_PENALTY * (curses[houses[seat]] + curses[houses[(seat + 1) % players]])
            for c in state.hands[seat]:
                if c >= FIRST_NOBLE:
                    value += NOBLE_IN_HAND[min(curses[c & 3], 2)] + 1.5
                else:
                    value += 0.15 * ((c >> 2) + 1)
        projected.append(value)
    return soft_ranks(projected, 8.0)


# -- Crown Rivals -------------------------------------------------------------------
def crown_rivals(state: Any) -> list[float]:
    """Influence, plus the supporters in play (spades that take the opponent's
    damage first) and the quality of each seat's cards (bought cards make
    later hands stronger)."""
    values = state.values
    projected = []
    for seat in range(state.players):
        own = state.hands[seat] + state.decks[seat] + state.discards[seat]
        quality = sum(values[c] for c in own) / max(1, len(own))
        shield = sum(state.sup_value[seat])
        projected.append(state.influence[seat] + 0.5 * shield + 3.0 * quality)
    return soft_ranks(projected, 12.0)


# -- Garrison -----------------------------------------------------------------------
def garrison(state: Any) -> list[float]:
    """The keep's value, plus a little for the cards in hand (spies and the
    means to upgrade or fend), minus the sieges laid against the keep."""
    projected = []
    for seat in range(state.players):
        siege = len(state.siege[seat])
        projected.append(state.keep_value(seat) + 0.5 * len(state.hands[seat]) - 0.5 * siege)
    return soft_ranks(projected, 4.0)


# -- Agincards ----------------------------------------------------------------------
def agincards(state: Any) -> list[float]:
    """Points from runs and tokens so far, plus a little for the tokens still
    in hand (each may score a run later)."""
    projected = [state.score[s] + 0.5 * state.tokens[s] for s in range(state.players)]
    return soft_ranks(projected, 5.0)


# -- Intrigue -----------------------------------------------------------------------
def intrigue(state: Any) -> list[float]:
    """Points, plus what the support tokens held would score if the round
    ended now: a token's worth for the leading letter, -1 for another, weighed
    by how likely each letter is to win from its current support."""
    from courtly.games.intrigue import cards as C
    from courtly.games.intrigue.round import totals

    support = totals(state)
    top = max(support)
    weights = [math.exp((v - top) / 3.0) for v in support]
    norm = sum(weights)
    chance = [w / norm for w in weights]
    projected = [float(p) for p in state.points]
    for t in range(6):
        holder = state.tokens[t]
        if holder >= 0:
            x = C.token_letter(t)
            projected[holder] += chance[x] * C.token_value(t) - (1 - chance[x])
    return soft_ranks(projected, 2.0)


@cache
def _registry() -> dict[type[Game], Evaluation]:
    from courtly.games.agents_of_the_crown.game import AgentsOfTheCrown
    from courtly.games.agincards.game import Agincards
    from courtly.games.crown_rivals.game import CrownRivals
    from courtly.games.garrison.game import Garrison
    from courtly.games.intrigue.game import Intrigue

    return {
        AgentsOfTheCrown: agents_of_the_crown,
        CrownRivals: crown_rivals,
        Garrison: garrison,
        Agincards: agincards,
        Intrigue: intrigue,
    }


def evaluation_for(game: Game) -> Evaluation | None:
    """The evaluation declared for ``game``'s class (or a base class), if any."""
    registry = _registry()
    for cls in type(game).__mro__:
        found = registry.get(cls)
        if found is not None:
            return found
    return None
