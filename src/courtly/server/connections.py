"""The hub's websocket connections: one client's queue and writer, reading and
dispatching its messages, and sending each connection what its seat may see.

Each connection gets only what its seat may see: its own observation, its legal
actions, the events visible to it. Messages wait in the connection's queue for
its writer; a client too slow to take them (``QUEUE_LIMIT``) is disconnected.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from courtly.server.core import HubCore, Live, rate_limited
from courtly.server.limits import Buckets, Limits
from courtly.server.outgoing import View, dumps
from courtly.server.protocol import (
    MAX_ID,
    MAX_MESSAGE,
    Act,
    AskHint,
    AutoPass,
    Back,
    Chat,
    ClientMessage,
    PassAll,
    Ping,
    Refused,
    Seats,
    field_errors,
)

QUEUE_LIMIT = 500
"""Messages waiting for a slow client before it is disconnected."""


@dataclass(eq=False)
class Connection:
    """One client's websocket. Its rate limits are those of its seat (a
    spectator's, those of its address), shared by every connection of that seat
    or address: reconnecting or connecting twice gains nothing."""

    ws: WebSocket
    seat: int | None
    limits: Limits
    buckets: Buckets
    who: tuple[object, ...]
    """Whose limits: ``("seat", table, seat)`` or ``("address", host)``."""
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    last_seats: str = ""
    """The last seats message sent (an unchanged one is not sent again)."""

    def __post_init__(self) -> None:
        lim, get, who = self.limits, self.buckets.get, self.who
        self.bucket = get(("messages", *who), lim.rate, lim.burst)
        self.chat_bucket = get(("chat", *who), lim.chat_rate, lim.chat_burst)
        self.hint_bucket = get(("hint", *who), lim.hint_rate, lim.hint_burst)


class Connections(HubCore):
    """Serving websockets and sending to them."""

    # -- sending ----------------------------------------------------------------------------
    def _put(self, conn: Connection, payload: dict[str, Any]) -> None:
        self._put_text(conn, dumps(payload))

    def _put_text(self, conn: Connection, text: str) -> None:
        if conn.queue.qsize() >= QUEUE_LIMIT:
            conn.queue.put_nowait(None)  # the writer closes the connection
            return
        conn.queue.put_nowait(text)

    def _game_message(self, live: Live, seat: int | None, msg: BaseModel) -> dict[str, Any]:
        payload = msg.model_dump()
        if self.audit is not None:
            self.audit(live.table, seat, payload)
        return payload

    def _send_update(
        self, live: Live, views: dict[int | None, View], actor: int, notation: str, by_bot: bool
    ) -> None:
        """Send each connection its update, if its view changed (see ``Table.shown``)."""
        audited: set[int | None] = set()
        for conn in live.conns:
            view = views.get(conn.seat)
            if view is None:
                continue
            if self.audit is not None and conn.seat not in audited:
                audited.add(conn.seat)
                self.audit(live.table, conn.seat, view.message())
            if conn.seat == actor:
                self._put_text(conn, view.actor_text(notation, by_bot))
            else:
                self._put_text(conn, view.text())

    def _seats_for(self, live: Live, seat: int | None) -> dict[str, Any]:
        """The seats message for one viewer: its own clock and away flag only
        (another seat's would tell who is being asked in a hidden reaction window)."""
        infos = live.table.seat_infos(live.connected(), seat)
        now = time.monotonic()
        for info in infos:
            if info.seat != seat:
                info.clock = None
            elif info.seat in live.running and info.clock is not None:
                info.clock = round(max(info.clock - (now - live.running[info.seat]), 0.0), 1)
        return Seats(seats=infos).model_dump()

    def _send_seats(self, live: Live, skip: Connection | None = None) -> None:
        """Send each connection its seats message, unless unchanged for it (a
        message that says nothing new would still tell that something happened)."""
        for conn in live.conns:
            if conn is skip:
                continue
            text = dumps(self._seats_for(live, conn.seat))
            if text != conn.last_seats:
                conn.last_seats = text
                self._put_text(conn, text)

    # -- one websocket connection --------------------------------------------------------
    async def serve(self, ws: WebSocket, table_id: str, token: str | None) -> None:
        """Run one client: snapshot first, then its messages until it leaves."""
        await ws.accept()
        if len(table_id) > MAX_ID or (token is not None and len(token) > MAX_ID):
            await ws.close(
                code=4400, reason=f"table ids and tokens are at most {MAX_ID} characters"
            )
            return
        host = ws.client.host if ws.client else "?"
        most = self.limits.sockets
        if self.sockets.get(host, 0) >= most:
            await ws.close(
                code=4429,
                reason=f"too many connections from your address: at most {most} at once; "
                "close a tab or two",
            )
            return
        self.sockets[host] = self.sockets.get(host, 0) + 1
        try:
            await self._serve(ws, table_id, token, host)
        finally:
            left = self.sockets[host] - 1
            if left:
                self.sockets[host] = left
            else:
                del self.sockets[host]

    async def _serve(self, ws: WebSocket, table_id: str, token: str | None, host: str) -> None:
        live = await self.get(table_id)
        if live is None:
            await ws.close(code=4404, reason="no such table")
            return
        seat: int | None = None
        if token:
            found = live.table.seat_of(token)
            if found is None:
                await ws.close(code=4403, reason="that token is not a seat of this table")
                return
            seat = found.seat
        who: tuple[object, ...] = (
            ("seat", live.table.id, seat) if seat is not None else ("address", host)
        )
        conn = Connection(ws, seat, self.limits, self.buckets, who)
        writer = asyncio.get_running_loop().create_task(self._write(conn))
        async with live.lock:
            here = live.here()
            live.conns.add(conn)
            live.touched = live.used = time.monotonic()
            if self.shared and live.here() != here:
                self._spawn(self._announce(live))
            snap = live.table.snapshot(seat, live.connected())
            snap.passing = seat is not None and seat in live.passing
            payload = self._game_message(live, seat, snap)
            seats = self._seats_for(live, seat)
            payload["seats"] = seats["seats"]
            conn.last_seats = dumps(seats)
            self._put(conn, payload)
            self._send_seats(live, skip=conn)
        try:
            await self._read(live, conn)
        except WebSocketDisconnect:
            pass
        finally:
            # Shielded: a handler cancelled while it waits for the table's lock
            # (a server closing, a test client leaving) still takes its client
            # off the table, which would otherwise show as connected for good.
            leaving = asyncio.get_running_loop().create_task(self._leave(live, conn, writer))
            self._tasks.add(leaving)
            leaving.add_done_callback(self._tasks.discard)
            await asyncio.shield(leaving)

    async def _leave(self, live: Live, conn: Connection, writer: asyncio.Task[None]) -> None:
        """Take a client off its table, tell the others, and end its writer."""
        async with live.lock:
            here = live.here()
            live.conns.discard(conn)
            live.touched = live.used = time.monotonic()
            if self.shared and live.here() != here:
                self._spawn(self._announce(live))
            self._send_seats(live)
        conn.queue.put_nowait(None)
        await writer

    async def _write(self, conn: Connection) -> None:
        try:
            while True:
                text = await conn.queue.get()
                if text is None:
                    break
                await conn.ws.send_text(text)
        except Exception:  # the client went away: the reader notices
            pass
        finally:
            if conn.queue.qsize() >= QUEUE_LIMIT:
                with contextlib.suppress(Exception):
                    await conn.ws.close(code=1013, reason="too slow: too many messages waiting")

    def _refuse(self, conn: Connection, refused: Refused) -> None:
        self._put(conn, refused.model_dump())

    async def _read(self, live: Live, conn: Connection) -> None:
        while True:
            frame = await conn.ws.receive()
            if frame["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(frame.get("code", 1000))
            text = frame.get("text")
            if text is None:
                self._refuse(
                    conn,
                    Refused(
                        code="bad_message", reason="messages are JSON in text frames, not binary"
                    ),
                )
                continue
            if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
                self._refuse(
                    conn,
                    Refused(code="too_large", reason=f"messages are at most {MAX_MESSAGE} bytes"),
                )
                continue
            if not conn.bucket.take():
                lim = self.limits
                self._refuse(
                    conn,
                    rate_limited(
                        f"too many messages: at most {lim.rate:g} a second (bursts of {lim.burst})",
                        conn.bucket.wait(),
                    ),
                )
                continue
            try:
                msg = ClientMessage.model_validate({"message": json.loads(text)}).message
            except (ValueError, ValidationError) as exc:
                self._refuse(conn, Refused(code="bad_message", reason=explain(exc)))
                continue
            except RecursionError:
                self._refuse(
                    conn, Refused(code="bad_message", reason="a message nested too deeply to read")
                )
                continue
            await self._dispatch(live, conn, msg)

    async def _dispatch(
        self,
        live: Live,
        conn: Connection,
        msg: Act | Chat | Back | AskHint | AutoPass | PassAll | Ping,
    ) -> None:
        if isinstance(msg, Ping):
            self._put(conn, {"type": "pong", "seq": live.table.seen_seq(conn.seat)})
            return
        if conn.seat is None:
            self._refuse(
                conn,
                Refused(code="spectator", reason="spectators watch: open an invite link to play"),
            )
            return
        if isinstance(msg, Act):
            refused = await self.submit(live, conn.seat, msg.action, msg.seq)
            if refused is not None:
                self._refuse(conn, refused)
        elif isinstance(msg, Chat):
            if not conn.chat_bucket.take():
                lim = self.limits
                self._refuse(
                    conn,
                    rate_limited(
                        f"too much chat: at most {lim.chat_burst} lines at once, "
                        f"then {lim.chat_rate:g} a second",
                        conn.chat_bucket.wait(),
                    ),
                )
                return
            refused = await self.chat(live, conn.seat, msg.text)
            if refused is not None:
                self._refuse(conn, refused)
        elif isinstance(msg, Back):
            refused = await self.back(live, conn.seat)
            if refused is not None:
                self._refuse(conn, refused)
        elif isinstance(msg, AskHint):
            refused = await self.hint(live, conn)
            if refused is not None:
                self._refuse(conn, refused)
        elif isinstance(msg, AutoPass):
            if msg.on:
                live.auto_pass.add(conn.seat)
            else:
                live.auto_pass.discard(conn.seat)
            self._kick_bots(live)
        elif isinstance(msg, PassAll) and not msg.on:
            live.passing.discard(conn.seat)  # on the server that keeps them
        elif isinstance(msg, PassAll):
            refused = await self.pass_all(live, conn.seat, msg.seq)
            if refused is not None:
                self._refuse(conn, refused)


def explain(exc: Exception) -> str:
    """A one-line reason for a malformed client message."""
    if isinstance(exc, ValidationError):
        parts = [p.replace("body:", "message:", 1) for p in field_errors(exc.errors(), skip=1)]
        return (
            "; ".join(parts) + ". Messages are JSON objects with a type: "
            "act (with action, optional seq), chat (with text), back, hint, "
            "auto_pass (with on), pass_all (optional seq; on false stops it), ping"
        )
    return (
        "not JSON. Messages are JSON objects with a type: "
        "act (with action, optional seq), chat (with text), back, hint, auto_pass (with on), "
        "pass_all (optional seq; on false stops it), ping"
    )
