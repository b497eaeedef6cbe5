"""Events: what happened, for the game log, each with the seats allowed to see it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Event:
    """``kind`` names what happened; ``data`` is JSON-ready; ``to`` is the set of
    seats allowed to see it, or ``None`` when it is public."""

    __slots__ = ("data", "kind", "to")

    def __init__(self, kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> None:
        self.kind = kind
        self.data = data
        self.to = to
        if WATCHERS:
            for watcher in WATCHERS:
                watcher(self)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}

    def __repr__(self) -> str:
        scope = "public" if self.to is None else f"to {sorted(self.to)}"
        return f"<Event {self.kind} {self.data} {scope}>"


WATCHERS: list[Callable[[Event], None]] = []
"""Called with every event as it is made, in order: the test kit's
``events_watched`` notes where every card was at that moment. Empty in play."""
