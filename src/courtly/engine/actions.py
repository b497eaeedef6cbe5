"""Actions: interned objects of a fixed per-game action space.

Every game builds its whole action space once, at import, as a table of
``Action`` objects indexed by id. ``legal_actions`` hands out objects from that
table, so legality lists are cheap and an action compares by identity. Each
action knows its text notation, its JSON form and its words (what a hint, a
review or a replay shows players); parsing lives in the game.
"""

from __future__ import annotations

from typing import Any

from courtly.engine import text


class Action:
    """One move a seat can make. ``id`` is its index in the game's action space."""

    __slots__ = ("id", "kind", "notation")

    def __init__(self, id: int, kind: str, notation: str) -> None:
        self.id = id
        self.kind = kind
        self.notation = notation

    def params(self) -> dict[str, Any]:
        """The action's fields beyond its kind, JSON-ready."""
        return {}

    def words(self) -> str:
        """The move in words, as structured text (``courtly.engine.text``):
        "trade {5S} for {KH}", "besiege {P2}'s keep with {9S}". A hint, a
        review and a replay show these; the notation is what a player types.
        By default, the notation with its seats and cards marked."""
        return text.mark(self.notation)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.params(), "id": self.id, "notation": self.notation}

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}: {self.notation}>"

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, Action) and type(other) is type(self) and other.id == self.id
        )

    def __hash__(self) -> int:
        return self.id

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickles by id so processes share the interned table.
        return (_action_by_id, (type(self), self.id))


_TABLES: dict[type, list[Any]] = {}


def register_table(cls: type, table: list[Any]) -> None:
    """Record a game's action table so pickled actions come back interned."""
    _TABLES[cls] = table


def _action_by_id(cls: type, id: int) -> Any:
    return _TABLES[cls][id]
