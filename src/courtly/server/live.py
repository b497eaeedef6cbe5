"""The live hub: tables in memory, their websocket connections, bots and clocks.

Every table has one asyncio lock. A submission is checked, applied to the
engine state, committed to the database and only then sent out, all under that
lock, so simultaneous decisions accept submissions in any order and each
accepted action is applied and stored in one order. Each connection gets only
what its seat may see: its own observation, its legal actions, the events
visible to it. Other tables never wait: bots think in executors and the
database is written from writer threads (on PostgreSQL, actions from the
event loop on asynchronous connections: nothing waits for them either).

Several servers may share one PostgreSQL database (``shared``): then every
write of a table is made holding that table's lock in the database, after
applying what other servers stored since (so the check -> apply -> commit ->
send order holds across servers), every commit notifies the other servers,
which send the news to their own clients exactly as if it had happened there,
and one server at a time (the table's owner) runs its bots and clocks.

Hints and reviews ask the ``hard`` search in the bot pool. A hint is worked out
from the asking seat's observation and legal actions only, one at a time per
seat, and answered to the asking connection alone. A review replays a finished
game (its record is public by then), one review at a time per table, and is
kept in memory once computed.

The hub is put together from one module per job:

    core.py         Live (a table in memory), HubCore (the hub's state), errors
    live.py         Hub: loading, creating and freeing tables; seats; rematches
    connections.py  websockets: queue, writer, reading, dispatch, sending
    acting.py       submissions, chat, bots' and forced moves, hints
    clocks.py       time banks, seats away and back
    reviews.py      reviews of finished games
    peers.py        several servers sharing one database
"""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

from courtly.engine.errors import CourtlyError
from courtly.server.acting import WATCH_PACE, Acting
from courtly.server.clocks import Clocks
from courtly.server.connections import Connection, Connections
from courtly.server.core import (
    IDLE_AFTER,
    REVIEW_THINK,
    Busy,
    HubCore,
    Live,
    ReviewJob,
    StorageError,
    TooMany,
    log,
)
from courtly.server.db import now
from courtly.server.peers import Peers
from courtly.server.protocol import CreateTable, Refused, RematchInvite
from courtly.server.reviews import Reviews
from courtly.server.tables import Seat, Table, new_token

__all__ = [
    "IDLE_AFTER",
    "REVIEW_THINK",
    "WATCH_PACE",
    "Busy",
    "Connection",
    "Hub",
    "Live",
    "Refused",
    "ReviewJob",
    "StorageError",
    "TooMany",
]

FINISHED_AFTER = 60.0
"""Seconds a finished table stays in memory after it was last asked for."""
FOLLOWED_AFTER = 60.0
"""Shared: seconds a table another server runs stays in memory here with no
client here, after it was last asked for here. Until then this server
applies every action the other stores (its clients may come back); then it
forgets the table, and loads it again from the database when asked."""
SWEEP_EVERY = 30.0
"""Seconds between sweeps of idle tables."""


class Hub(Connections, Acting, Clocks, Reviews, Peers, HubCore):
    """Every live table of one server: the jobs of the modules above in one
    object (the state they share is ``HubCore``'s)."""

    async def start(self) -> None:
        """Resume, in the background (the server answers at once), the unfinished
        tables where something happened lately; the others are loaded when
        someone asks for them. Then sweep idle tables out of memory now and then.
        Shared: listen to the other servers, and take over the tables of any
        that stops."""
        if self.coord is not None:
            await self.coord.start()
            self._spawn(self._watching())
        self._spawn(self._resume())
        self._spawn(self._sweeping())

    async def _resume(self) -> None:
        since = now() - timedelta(seconds=self.idle_after)
        ids = await self.db(self.store.unfinished, since)
        if self.coord is not None:  # only those no other server runs
            mine = await self.coord.own_many(ids)
            ids = [t for t in ids if t in mine] + await self.coord.adopt()
        for table_id in ids:
            try:
                await self.get(table_id)
            except CourtlyError:
                log.exception("table %s could not be resumed", table_id)
            await asyncio.sleep(0)  # let requests in between

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(min(SWEEP_EVERY, max(self.idle_after, 1.0)))
            self.sweep()

    def sweep(self) -> list[str]:
        """Let tables nobody is using leave memory (reloaded on demand): a
        finished one a minute after it was last asked for, an unfinished one
        after ``idle_after`` seconds without anything happening. The ids that
        left. (Every ``get`` touches its table, so one just handed out never
        leaves before its caller takes hold of it.) Shared: a table that left
        is no longer run here (see ``_watching``); one another server runs,
        with no client here, leaves ``FOLLOWED_AFTER`` seconds after it was
        last asked for here, however busy it is there: this server then
        applies none of its actions."""
        gone = []
        clock = time.monotonic()
        for table_id, live in list(self.tables.items()):
            if live.busy() or live.lock.locked():
                continue
            after = (
                min(self.idle_after, FINISHED_AFTER) if live.table.state.over else self.idle_after
            )
            followed = (
                not live.owner
                and not (live.news or live.heard or live.catching_up)
                and clock - live.used >= min(after, FOLLOWED_AFTER)
            )
            if followed or clock - live.touched >= after:
                del self.tables[table_id]
                gone.append(table_id)
        return gone

    async def close(self) -> None:
        self.closing = True
        for live in self.tables.values():
            if live.timer is not None:
                live.timer.cancel()
            for task in live.thinking.values():
                task.cancel()
        for task in list(self._tasks):
            task.cancel()
        if self.coord is not None:  # other servers take this one's tables over
            await self.coord.close()
        if self.store.loop_txns is not None:
            await self.store.loop_txns.close()
        self.pool.close()
        self.writer.shutdown(wait=True)

    async def get(self, table_id: str) -> Live | None:
        """A table by id, loaded from the database (and resumed) when not in memory."""
        live = self.tables.get(table_id)
        if live is not None:
            live.touched = live.used = time.monotonic()
            return live
        if len(table_id) > 32:
            return None
        async with self._loading:
            live = self.tables.get(table_id)
            if live is not None:
                return live
            rows = await self.db(self.store.load, table_id)
            if rows is None:
                return None
            live = Live(Table.restore(*rows))
            live.chat_seen = rows[3][-1].id if rows[3] else 0
            if self.coord is not None:
                live.owner = await self.coord.own(table_id)
            self.tables[table_id] = live
            if self.coord is not None:
                # what was stored while it loaded, and who is at it elsewhere
                self._news(live, "acsr")
                self._spawn(self.coord.notify("q", table_id))
            self._clock_step(live)
            self._kick_bots(live)
            return live

    # -- tables ----------------------------------------------------------------------
    async def create(self, req: CreateTable, address: str = "?") -> Live:
        """A new table for ``req``, from a client at ``address`` (whose tables
        are limited in number over time)."""
        lim = self.limits
        bucket = self.buckets.get(("create", address), lim.create_rate, lim.create_burst)
        if not bucket.take():
            raise TooMany(
                f"too many new tables from your address: at most {lim.create_burst} at once, "
                f"then one every {1 / lim.create_rate:g} s",
                bucket.wait(),
            )
        table = Table.create(req)
        row, seats = table.rows()
        await self.db(self.store.create_table, row, seats)
        live = await self._made(table)
        return live

    async def _made(self, table: Table) -> Live:
        """A table just stored, now live here (and run here)."""
        live = Live(table)
        if self.coord is not None:
            live.owner = await self.coord.own(table.id)
        self.tables[table.id] = live
        self._clock_step(live)
        self._kick_bots(live)
        return live

    async def open_tables(self) -> list[Live]:
        out = []
        for table_id in await self.db(self.store.open_public):
            live = await self.get(table_id)
            if live is not None and live.table.free_seats():
                out.append(live)
        return out

    async def claim(self, live: Live, token: str, name: str) -> Seat:
        async with live.lock, self._txn(live, "s", "s") as txn:
            seat = live.table.seat_of(token)
            if seat is None:
                raise CourtlyError("that token is not a seat of this table")
            live.table.check_name(name, seat.seat)
            await self.db(self.store.set_name, live.table.id, seat.seat, name, txn)
            seat.name = name
            self._send_seats(live)
            return seat

    async def join(self, live: Live, name: str) -> Seat:
        async with live.lock, self._txn(live, "s", "as") as txn:
            table = live.table
            if not table.public:
                raise CourtlyError("this table is by invitation only: ask for an invite link")
            free = table.free_seats()
            if not free or table.state.over:
                raise CourtlyError("this table has no free seat")
            table.check_name(name)
            token = new_token()
            await self.db(self.store.take_seat, table.id, free[0], token, name, txn)
            seat = table.take_open_seat(name, token)
            self._clock_step(live)
            self._send_seats(live)
            return seat

    async def rematch(self, live: Live, token: str, rotate: bool) -> tuple[Live, Seat]:
        """The table after ``live`` (made now, or the one already made, here or
        by another server) and the requester's seat at it. Every connected seat
        is sent its own invite."""
        async with live.lock:
            async with self._txn(live, "r", "ar") as txn:
                old = live.table
                mine = old.seat_of(token)
                if mine is None:
                    raise CourtlyError("only a seat of this table can ask for a rematch")
                if not old.state.over:
                    raise CourtlyError("a rematch can be asked for once the game is over")
                if old.rematch_id is None:
                    new = old.rematch(rotate)
                    row, seats = new.rows()
                    await self.db(self.store.add_rematch, old.id, row, seats, rotate, txn)
                    old.rematch_id, old.rematch_rotated = new.id, rotate
                    self._invite(live, (await self._made(new)).table)
            assert old.rematch_id is not None
            nlive2 = await self._get_unlocked(old.rematch_id)
            seat = nlive2.table.seats[old.new_seat_of(mine.seat, old.rematch_rotated)]
            return nlive2, seat

    def _invite(self, live: Live, new: Table) -> None:
        """Send each connection of the finished table its seat at the next one."""
        old = live.table
        for conn in live.conns:
            seat = None
            if conn.seat is not None:
                seat = new.seats[old.new_seat_of(conn.seat, old.rematch_rotated)]
            self._put(
                conn,
                RematchInvite(
                    table=new.id,
                    seat=None if seat is None else seat.seat,
                    token=None if seat is None else seat.token,
                    invite=None,
                ).model_dump(),
            )

    async def _get_unlocked(self, table_id: str) -> Live:
        live = await self.get(table_id)
        if live is None:
            raise CourtlyError(f"table {table_id} is missing")
        return live
