"""The observation envelope: the keys every game's observation shares.

``State.observation(seat)`` is ``envelope(state, seat)`` followed by the
game's own part, ``view.observe_own(state, seat)``. The engine fills the keys
its ``State`` answers for every game (which game, whose view, the seats, the
options shown, the decision awaited and by whom, whether the game is over and
who won); the view supplies the rest of ``Envelope`` (the scores as the game
counts them, and the hands: every seat's size, the viewer's cards) with
everything else the game shows. A view may also replace ``to_act`` where its
rules hide who is being asked (Garrison's reaction window, GAR-4); a key keeps
its place when the view gives it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

if TYPE_CHECKING:
    from courtly.engine.game import State


class Envelope(TypedDict):
    """The keys of every observation, in this order, then the game's own."""

    game: str
    """The game's id."""
    seat: int | None
    """The seat observing (``None``: a spectator)."""
    players: int
    options: dict[str, Any]
    """The options as the table shows them (``GameOptions.shown``)."""
    decision: str | None
    """The kind of the decision awaited (``None`` once the game is over)."""
    to_act: list[int]
    """The seats whose decision is awaited, as far as the viewer may know."""
    over: bool
    winners: list[int]
    """Seats that won (empty before the end)."""
    scores: list[Any]
    """Each seat's score as the game counts it (the view's)."""
    hand_sizes: list[int]
    """How many cards each seat holds (the view's)."""
    hand: NotRequired[list[str]]
    """The viewer's own cards, by code (the view's; absent for a spectator)."""


ENGINE_KEYS = ("game", "seat", "players", "options", "decision", "to_act", "over", "winners")
"""The keys ``envelope`` fills, in order."""
VIEW_KEYS = ("scores", "hand_sizes")
"""The keys of ``Envelope`` a view supplies for every viewer (and ``hand`` for a seat)."""


def envelope(state: State, seat: int | None) -> dict[str, Any]:
    """The keys of ``Envelope`` that the engine knows for every game, in order;
    ``State.observation`` adds the view's own part to it."""
    top = state.pending.top
    return {
        "game": state.game.id,
        "seat": seat,
        "players": state.players,
        "options": state.options.shown(),
        "decision": top.kind if top is not None else None,
        "to_act": list(top.waiting) if top is not None else [],
        "over": state.over,
        "winners": state.winners,
    }
