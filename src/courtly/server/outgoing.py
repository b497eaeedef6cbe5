"""Game messages as they go out: each viewer's update built as plain JSON-ready
data and its JSON text, once.

An update is what ``protocol.Update(...).model_dump()`` would make, built
without the model (its fields are the server's own, already the right types:
nothing to validate) and serialized once; the acting seat's copy adds its
two fields to the same text. The observation's JSON is also what tells
whether a viewer's view changed (``Table.views``), so it is serialized once
for both.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic_core import PydanticSerializationError, to_json

from courtly.engine.events import Event
from courtly.engine.game import Game
from courtly.server.protocol import legal_action


def dumps(obj: Any) -> str:
    """Compact JSON text of ``obj``; text no UTF-8 can hold (a lone surrogate)
    is escaped, as ``json.dumps`` does."""
    try:
        return to_json(obj).decode()
    except PydanticSerializationError:
        return json.dumps(obj, separators=(",", ":"), default=str)


ViewKey = tuple[str, tuple[int, ...], bool]
"""What a viewer's view is after an action: its observation's JSON, its legal
action ids, whether the game is over (an unchanged key: nothing to send)."""


class View:
    """One viewer's update: ``payload`` (as ``Update.model_dump()`` makes it,
    without ``yours`` and ``by_bot``) and its JSON text."""

    __slots__ = ("_plain", "head", "payload")

    def __init__(self, payload: dict[str, Any], head: str) -> None:
        self.payload = payload
        self.head = head
        """The message's JSON text up to (without) its last two fields."""
        self._plain: str | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, View) and (self.payload, self.head) == (other.payload, other.head)

    __hash__ = None  # type: ignore[assignment]

    def text(self) -> str:
        """The JSON text of the update as every viewer but the actor gets it."""
        if self._plain is None:
            self._plain = self.head + ',"yours":null,"by_bot":false}'
        return self._plain

    def actor_text(self, yours: str, by_bot: bool) -> str:
        """The acting seat's copy: with the notation of its action, and whether
        its stand-in bot played it."""
        return f'{self.head},"yours":{dumps(yours)},"by_bot":{"true" if by_bot else "false"}}}'

    def message(self, yours: str | None = None, by_bot: bool = False) -> dict[str, Any]:
        """The whole message as data (what ``Update.model_dump()`` makes)."""
        return {**self.payload, "yours": yours, "by_bot": by_bot}


class Outgoing:
    """A table's game's legal actions and log entries as JSON-ready data."""

    __slots__ = ("_legal", "game")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._legal: dict[int, dict[str, Any]] = {}

    def legal(self, ids: tuple[int, ...]) -> list[dict[str, Any]]:
        """``LegalAction``s as data, each made once for the table (shared by
        every message: never changed once made)."""
        out = []
        known = self._legal
        for i in ids:
            entry = known.get(i)
            if entry is None:
                entry = known[i] = legal_action(self.game.actions[i])
            out.append(entry)
        return out

    def entries(self, events: list[Event], seat: int | None) -> list[dict[str, Any]]:
        """``LogEntry``s as data: the events ``seat`` may see, described for it."""
        describe = self.game.describe
        return [
            {"text": describe(e, seat), "event": e.to_json(), "public": e.to is None}
            for e in events
            if e.visible_to(seat)
        ]

    def view(
        self,
        seq: int,
        events: list[dict[str, Any]],
        observation: dict[str, Any],
        observed: str,
        legal: tuple[int, ...],
        over: bool,
        result: dict[str, Any] | None,
    ) -> View:
        """A viewer's update; ``observed``: ``observation``'s JSON text."""
        acts = self.legal(legal)
        payload = {
            "type": "update",
            "seq": seq,
            "events": events,
            "observation": observation,
            "legal": acts,
            "over": over,
            "result": result,
        }
        head = (
            f'{{"type":"update","seq":{seq},"events":{dumps(events)},'
            f'"observation":{observed},"legal":{dumps(acts)},'
            f'"over":{"true" if over else "false"},"result":{dumps(result)}'
        )
        return View(payload, head)
