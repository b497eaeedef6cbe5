"""What the tests of several servers on one database (``test_shared_*.py``)
share: generous limits, the rows an action leaves in the database, and
websocket helpers for two servers in one process (``TestClient``): wait for a
message, for news of a seat's presence, and play a game of turns to its end
with one seat on each server."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import create_engine, text

from courtly.server.db import database_url
from courtly.server.limits import Limits

LIMITS = Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000)


def stored_actions(db: str, table: str) -> list[tuple[int, int, str]]:
    engine = create_engine(database_url(db))
    with engine.connect() as conn:
        rows = conn.execute(
            text("select n, seat, notation from actions where table_id = :t order by n"),
            {"t": table},
        ).all()
    engine.dispose()
    return [(n, seat, notation) for n, seat, notation in rows]


# -- two servers in one process: what each websocket was told --------------------------
SEATS_SEEN: dict[int, list[dict[str, Any]]] = {}
"""The newest seats each websocket (by id) was told of, kept by ``until``."""


VIEWS_SEEN: dict[int, dict[str, Any]] = {}
"""The newest view (snapshot or update) each websocket was sent, kept by ``until``."""


def until(ws: Any, test: Any) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if "seats" in msg:
            SEATS_SEEN[id(ws)] = msg["seats"]
        if msg["type"] in ("snapshot", "update"):
            VIEWS_SEEN[id(ws)] = msg
        if test(msg):
            return msg


def presence(ws: Any, seat: int, connected: bool) -> None:
    """Until ``ws`` was last told that ``seat`` is (or is not) connected: a
    seats message passed over while waiting for something else counts."""
    seen = SEATS_SEEN.get(id(ws))
    if seen is None or seen[seat]["connected"] != connected:
        until(ws, lambda m: "seats" in m and m["seats"][seat]["connected"] == connected)


def play_both(ws0: Any, ws1: Any, views: list[dict[str, Any]]) -> None:
    """Seat 0 (on one server) and seat 1 (on the other) play a game of turns
    to the end from their ``views``; after each action, the other server tells
    its client."""
    rng = random.Random(3)
    refusals = 0
    for _ in range(2000):
        if all(v["over"] for v in views):
            return
        i = next((i for i in (0, 1) if views[i]["legal"] and not views[i]["over"]), None)
        if i is None:  # nobody to act in the views so far: wait for news
            i = 0 if not views[0]["over"] else 1
            views[i] = until((ws0, ws1)[i], lambda m: m["type"] == "update")
            continue
        ws = (ws0, ws1)[i]
        ws.send_json(
            {"type": "act", "action": rng.choice(views[i]["legal"])["id"], "seq": views[i]["seq"]}
        )
        got = until(ws, lambda m: m["type"] == "refused" or m.get("yours") is not None)
        if got["type"] == "refused":
            # The owner made a forced move of this seat after the view acted on:
            # catch up with what the seat was told, and play on from there.
            assert got["code"] in ("stale", "duplicate"), got
            refusals += 1
            assert refusals < 20, got
            told = got["seq"]
            seen = VIEWS_SEEN.get(id(ws))
            if seen is None or seen["seq"] < told:
                seen = until(ws, lambda m, told=told: m.get("seq") == told)
            views[i] = seen
            continue
        views[i] = got
        other = 1 - i
        if not views[other]["over"]:  # the other server tells its client
            done = got["seq"]
            views[other] = until(
                (ws0, ws1)[other],
                lambda m, done=done: m["type"] == "update" and m["seq"] >= done,
            )
    raise AssertionError("the game did not end")
