"""The observation envelope: the keys every game's observation shares.

``State.observation(seat)`` is the game's own part,
``view.observe_own(state, seat)``, to which ``envelope`` adds the keys that
the engine fills
its ``State`` answers for every game (which game, whose view, the seats, the
options shown, the decision awaited and by whom, whether the game is over and
who won); the view supplies the rest of ``Envelope`` (the scores as the game
counts them, and the hands: every seat's size, the viewer's cards) with
everything else the game shows. A view may also replace ``to_act`` where its
rules hide who is being asked (Garrison's reaction window, GAR-4). No reader
depends on the order of an observation's keys (those that print or hash one
sort them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

if TYPE_CHECKING:
    from courtly.engine.game import State


class Envelope(TypedDict):
    """The keys of every observation (with the game's own keys)."""

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
"""The keys ``envelope`` fills."""
VIEW_KEYS = ("scores", "hand_sizes")
"""The keys of ``Envelope`` a view supplies for every viewer (and ``hand`` for a seat)."""


def envelope(state: State, seat: int | None, obs: dict[str, Any]) -> dict[str, Any]:
    """Add to ``obs`` (the view's own part of ``seat``'s observation) the keys
    of ``Envelope`` that the engine knows for every game, and return it. It
    writes into the view's dict rather than merging two: observations are
    built on the search's hot path, and this costs no copy."""
    top = state.pending.top
    obs["game"] = state.game.id
    obs["seat"] = seat
    obs["players"] = state.players
    obs["options"] = state.options.shown()
    obs["decision"] = top.kind if top is not None else None
    if "to_act" not in obs:  # a view hides who is being asked where its rules do
        obs["to_act"] = list(top.waiting) if top is not None else []
    obs["over"] = state.over
    obs["winners"] = state.winners
    return obs
