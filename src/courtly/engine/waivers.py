"""Letting pass the decisions that answer another's move (``Game.waivers``).

A game declares the decisions in which a seat answers another's move rather
than plays its own (Garrison's reaction windows), each with the move that lets
it pass. A person may ask to have every such decision let pass for them until
they have one of their own: ``pass all`` at the terminal, the ``pass_all``
message at a table. Both surfaces ask this module which move lets a seat's
decision pass (``waiver``) and why a request to let it pass is refused
(``unwaivable``), so that they agree on both.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal, NamedTuple

from courtly.engine.actions import Action
from courtly.engine.game import State


class Unwaivable(NamedTuple):
    """Why a seat's decision may not be let pass: a refusal's ``code`` (as a
    table's refusals name them) and its ``reason``, a clause to show."""

    code: Literal["over", "not_your_turn", "illegal"]
    reason: str


def waiver(state: State, seat: int, legal: Collection[int] | None = None) -> Action | None:
    """The move that lets ``seat``'s decision pass, when the seat is asked one
    that answers another's move (``Game.waivers``) and the move is legal now;
    else None. ``legal``: the seat's legal action ids, where the caller has
    them already (else they are listed)."""
    game = state.game
    notation = game.waivers.get(state.decision or "")
    if notation is None or state.over or seat not in state.to_act:
        return None
    action = game.parse_action(notation)
    if legal is None:
        legal = {a.id for a in state.legal_actions(seat)}
    return action if action.id in legal else None


def unwaivable(state: State, seat: int, command: str, play: str) -> Unwaivable | None:
    """Why ``command`` (how the surface spells the request: ``'pass all'``,
    ``pass_all``) may not let ``seat``'s decision pass now, if it may not: it
    lets pass a decision that answers another's move, and only while the seat
    is asked one whose waiver is legal. ``play``: how the surface plays a
    decision instead (``type your move``, ``send act``)."""
    game = state.game
    if not game.waivers:
        return Unwaivable(
            "illegal",
            f"{command} lets pass the decisions that answer another's move, and "
            f"{game.name} has none: {play} for each decision",
        )
    kinds = " or ".join(repr(k) for k in game.waivers)
    if state.over:
        return Unwaivable("over", "the game is over")
    if seat not in state.to_act:
        return Unwaivable(
            "not_your_turn",
            f"{command} answers a decision of yours that answers another's move ({kinds}), "
            "and you have no decision to make now",
        )
    notation = game.waivers.get(state.decision or "")
    if notation is None:
        return Unwaivable(
            "illegal",
            f"{command} lets pass a decision that answers another's move ({kinds}), and each "
            f"one after it until your turn; this decision ({state.decision!r}) is your own: "
            f"{play}",
        )
    if waiver(state, seat) is None:
        return Unwaivable(
            "illegal", f"{notation!r}, which lets this decision pass, is not legal now"
        )
    return None
