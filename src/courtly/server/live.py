"""The live hub: tables in memory, their websocket connections, bots and clocks.

Every table has one asyncio lock. A submission is checked, applied to the
engine state, committed to the database and only then sent out, all under that
lock, so simultaneous decisions accept submissions in any order and each
accepted action is applied and stored in one order. Each connection gets only
what its seat may see: its own observation, its legal actions, the events
visible to it. Other tables never wait: bots think in executors and the
database is written from one writer thread.

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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from courtly.bots import review as advice
from courtly.engine.errors import CourtlyError
from courtly.engine.events import Event
from courtly.server.bots import (
    QUICK_STAND_IN,
    SEARCHING,
    BotPool,
    publicly_forced,
    turn_think,
)
from courtly.server.db import TABLE_TRANSACTIONS, WRITERS, Changes, Store, TableTxn, now
from courtly.server.limits import Buckets, Limits
from courtly.server.protocol import (
    MAX_ID,
    MAX_MESSAGE,
    Act,
    AskHint,
    AutoPass,
    Back,
    Chat,
    ChatLine,
    ClientMessage,
    CreateTable,
    Hint,
    HintMove,
    Ping,
    Refused,
    RematchInvite,
    Seats,
    Update,
)
from courtly.server.shared import Coordinator
from courtly.server.tables import Seat, Table, new_token

T = TypeVar("T")
log = logging.getLogger("courtly.server")
QUEUE_LIMIT = 500
"""Messages waiting for a slow client before it is disconnected."""
HINT_MOVES = 5
"""Moves a hint names."""
REVIEW_THINK = 0.2
"""Seconds of search per decision in a review on the server."""
REVIEWS_KEPT = 64
"""Finished reviews kept in memory (the oldest are forgotten first)."""
REVIEWS_AT_ONCE = 2
"""Reviews worked out at once on a server; others wait their turn, so that the
bots of tables being played never queue behind many reviews."""

Audit = Callable[[Table, int | None, dict[str, Any]], None]


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


class TooMany(CourtlyError):
    """A limit on how often something may be done was reached (HTTP 429)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Busy(CourtlyError):
    """Work of the kind asked for is already under way; ask again later."""


class StorageError(CourtlyError):
    """The database or its disk failed (full, read-only, gone): nothing was
    changed, and the request may be tried again later (HTTP 503)."""


IDLE_AFTER = 600.0
"""Seconds after which a table nobody uses leaves memory (a finished one leaves
at the next sweep); it is loaded again when someone asks for it."""
FINISHED_AFTER = 60.0
"""Seconds a finished table stays in memory after it was last asked for."""
SWEEP_EVERY = 30.0
"""Seconds between sweeps of idle tables."""

WATCH_PACE = 1.0
"""Seconds ``courtly serve`` gives each move of a table of bots only: a pace
people can watch (nobody follows 150 moves in five seconds), and bots-only
tables never take the CPU that people's tables need. A table with a person
at it is never paced (its bots answer at once, or as long as a search)."""

BOT_BACKOFF = (0.5, 30.0)
"""A bot whose move could not be stored waits this long before trying again,
doubling from the first figure up to the second."""

OWN_EVERY = 1.0
"""Seconds between a shared server's checks for tables to take over: tables it
has in memory that nobody runs, and tables whose server stopped."""
ADOPT_AT_ONCE = 50
"""Tables of a stopped server taken over at one check."""
HEARTBEAT = 5.0
"""Seconds between a shared server's signs of life; a server not heard from
for three of them is gone, and its clients with it."""
LOCK_WAIT = 10.0
"""Seconds a write waits for a table's lock held by another server."""


@dataclass(eq=False)
class ReviewJob:
    """A review of one seat of a finished table: under way, done or failed."""

    table: str
    seat: int
    think: float
    status: Literal["running", "done", "failed"] = "running"
    done: int = 0
    """Decisions reviewed so far."""
    total: int | None = None
    """Decisions to review (None until the record is replayed)."""
    result: dict[str, Any] | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "seat": self.seat,
            "status": self.status,
            "done": self.done,
            "total": self.total,
            "think": self.think,
            "review": self.result,
            "error": self.error,
        }


@dataclass(eq=False)
class Live:
    """A table with its lock, connections, thinking bots and running clocks."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: set[Connection] = field(default_factory=set)
    thinking: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    running: dict[int, float] = field(default_factory=dict)
    """Human seats to act now, with the moment their clock started."""
    timer: asyncio.TimerHandle | None = None
    hinting: set[int] = field(default_factory=set)
    """Seats with a hint being worked out."""
    reviewing: ReviewJob | None = None
    """The review being worked out at this table (one at a time)."""
    store_failures: int = 0
    """Bot moves that could not be stored in a row (for the back-off)."""
    touched: float = field(default_factory=time.monotonic)
    """When something last happened at the table (an action, a connection)."""
    owner: bool = True
    """This server runs the table's bots and clocks (always, unless shared)."""
    chat_seen: int = 0
    """The id of the last chat line this server knows of."""
    elsewhere: dict[str, frozenset[int]] = field(default_factory=dict)
    """Seats with a client on another server (shared), by server."""
    news: set[str] = field(default_factory=set)
    """What other servers stored and this one has yet to read (shared)."""
    catching_up: bool = False
    auto_pass: set[int] = field(default_factory=set)
    """Human seats whose player asked for their single legal moves to be made at once."""
    turn_spent: dict[int, float] = field(default_factory=dict)
    """Seconds each searching bot has had in its turn so far (``TURN_BUDGET``)."""

    def busy(self) -> bool:
        """Something at the table is under way: a client, a thinking bot, a hint,
        a review, a running clock (of a table this server runs)."""
        return bool(
            self.conns
            or self.thinking
            or self.hinting
            or (self.owner and (self.running or self.timer is not None))
            or (self.reviewing is not None and self.reviewing.status == "running")
        )

    def here(self) -> set[int]:
        """Seats with a client on this server."""
        return {c.seat for c in self.conns if c.seat is not None}

    def connected(self) -> set[int]:
        """Seats with a client on any server."""
        seats = self.here()
        for more in self.elsewhere.values():
            seats |= more
        return seats


def rate_limited(limit: str, wait: float) -> Refused:
    """A refusal for going over ``limit``, saying when to send again."""
    return Refused(
        code="rate_limited",
        reason=f"{limit}; send again in {wait:.2f} s",
        retry_after=round(wait, 3),
    )


class Hub:
    """Every live table of one server."""

    def __init__(
        self,
        store: Store,
        pool: BotPool | None = None,
        limits: Limits | None = None,
        review_think: float = REVIEW_THINK,
        idle_after: float = IDLE_AFTER,
        bot_pace: float = 0.0,
    ) -> None:
        self.store = store
        self.idle_after = idle_after
        self.bot_pace = bot_pace  # seconds a move on a table of bots only (WATCH_PACE)
        self.limits = limits or Limits()
        self.buckets = Buckets()
        self.pool = pool or BotPool()
        self.review_think = review_think
        self.reviews: OrderedDict[tuple[str, int], ReviewJob] = OrderedDict()
        self._reviewing = asyncio.Semaphore(REVIEWS_AT_ONCE)
        self.tables: dict[str, Live] = {}
        # SQLite: one writer thread; PostgreSQL: a few (a table's writes are in
        # order all the same: each waits for the one before, under its lock)
        self.writer = ThreadPoolExecutor(
            WRITERS if store.shared else 1, thread_name_prefix="courtly-db"
        )
        self.audit: Audit | None = None
        """Called with every game message before it is sent (tests check leaks)."""
        self._loading = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.shared = store.shared
        """Other servers may share the database (PostgreSQL)."""
        self.coord: Coordinator | None = None
        if self.shared:
            self.coord = Coordinator(store.url, store.server, self._noted, self._reset, self._lost)
        self._txns = asyncio.Semaphore(TABLE_TRANSACTIONS)
        self.servers: dict[str, float] = {}
        """Other servers heard from lately (shared), with when."""
        self.closing = False

    # -- the database, off the event loop -----------------------------------------
    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call in the writer thread. A failure of the database or
        its disk becomes a StorageError that says so plainly (Courtly's own
        refusals pass through as they are)."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.writer, fn, *args)
        except CourtlyError:
            raise
        except Exception as exc:
            log.warning("storage failed in %s: %s: %s", fn.__name__, type(exc).__name__, exc)
            raise StorageError(
                f"the server could not store that just now ({type(exc).__name__}): "
                "nothing was changed; try again in a moment"
            ) from exc

    @contextlib.asynccontextmanager
    async def _txn(self, live: Live, kind: str, what: str) -> AsyncIterator[TableTxn | None]:
        """Hold the table's lock in the database while checking and storing one
        write of ``kind`` (shared; the caller holds ``live.lock``): first wait
        for any other server holding it, then apply (and send) ``what`` other
        servers stored since (see ``Store.lock_table``). Yields the transaction
        the write goes in (None when not shared: one server, one lock). A
        database that fails is a StorageError."""
        if not self.shared:
            yield None
            return
        async with self._txns:
            delay, deadline = 0.002, time.monotonic() + LOCK_WAIT
            while True:
                table = live.table
                txn = await self.db(
                    self.store.lock_table, table.id, kind, what, table.seq, live.chat_seen
                )
                if txn is not None:
                    break
                if time.monotonic() > deadline:
                    raise StorageError(
                        "another server has held this table for too long: nothing was "
                        "changed; try again in a moment"
                    )
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.05)
            try:
                await self._catch_up(live, txn.changes)
                yield txn
            finally:
                if txn.open:  # nothing was written: let the table go
                    try:
                        self.writer.submit(txn.rollback)
                    except RuntimeError:  # the server is closing
                        txn.rollback()

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
        is no longer run here (see ``_watching``)."""
        gone = []
        clock = time.monotonic()
        for table_id, live in list(self.tables.items()):
            if live.busy() or live.lock.locked():
                continue
            after = (
                min(self.idle_after, FINISHED_AFTER) if live.table.state.over else self.idle_after
            )
            if clock - live.touched >= after:
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
        self.pool.close()
        self.writer.shutdown(wait=True)

    async def get(self, table_id: str) -> Live | None:
        """A table by id, loaded from the database (and resumed) when not in memory."""
        live = self.tables.get(table_id)
        if live is not None:
            live.touched = time.monotonic()
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

    # -- several servers (shared) ----------------------------------------------------
    def _noted(self, server: str, kind: str, table_id: str, extra: str) -> None:
        """News from another server (see ``shared``)."""
        self.servers[server] = time.monotonic()
        if kind == "bye":
            self._gone(server)
            return
        live = self.tables.get(table_id)
        if live is None:
            return
        if kind == "p":  # the seats with a client there
            seats = frozenset(int(x) for x in extra.split(",") if x.isdigit())
            if seats:
                live.elsewhere[server] = seats
            else:
                live.elsewhere.pop(server, None)
            self._send_seats(live)
        elif kind == "q":  # a server just loaded the table: who is here?
            if live.here():
                self._spawn(self._announce(live))
        elif kind in ("a", "c", "s", "r"):
            self._news(live, kind)

    def _reset(self) -> None:
        """The notifications were interrupted: read every table again, ask again
        who is where. What was heard before is forgotten: a client that left
        another server while the notifications were down was never announced,
        and only servers with clients at a table answer the question."""
        for live in self.tables.values():
            if live.elsewhere:
                live.elsewhere.clear()
                self._send_seats(live)
            self._news(live, "acsr")
            if self.coord is not None:
                self._spawn(self.coord.notify("q", live.table.id))

    def _lost(self) -> None:
        """The connection holding this server's tables dropped: it runs none of
        them now (until ``_watching`` takes them back, if nobody else did)."""
        for live in self.tables.values():
            live.owner = False
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None

    def _gone(self, server: str) -> None:
        """A server stopped: its clients are gone with it."""
        self.servers.pop(server, None)
        for live in self.tables.values():
            if live.elsewhere.pop(server, None) is not None:
                self._send_seats(live)

    async def _announce(self, live: Live) -> None:
        """Tell the other servers which seats of the table have a client here."""
        if self.coord is None:
            return
        with contextlib.suppress(Exception):
            await self.coord.notify("p", live.table.id, ",".join(map(str, sorted(live.here()))))

    def _news(self, live: Live, kinds: str) -> None:
        live.news.update(kinds)
        if not live.catching_up:
            live.catching_up = True
            self._spawn(self._catching_up(live))

    async def _catching_up(self, live: Live) -> None:
        """Read and apply what other servers stored, until nothing is new."""
        delay = BOT_BACKOFF[0]
        try:
            while live.news:
                kinds, live.news = live.news, set()
                try:
                    async with live.lock:
                        table = live.table
                        what = "".join(sorted(kinds | ({"a"} if "r" in kinds else set())))
                        changes = await self.db(
                            self.store.changes, table.id, what, table.seq, live.chat_seen
                        )
                        await self._catch_up(live, changes)
                except StorageError:
                    live.news |= kinds
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, BOT_BACKOFF[1])
                    continue
                except CourtlyError:
                    log.exception("table %s cannot follow its stored actions", live.table.id)
                    self._drop(live)
                    return
                self._kick_bots(live)
        finally:
            live.catching_up = False

    def _drop(self, live: Live) -> None:
        """Forget a table that went wrong here; its clients reconnect to load it again."""
        if self.tables.get(live.table.id) is live:
            del self.tables[live.table.id]
        for conn in live.conns:
            self._spawn(conn.ws.close(code=1011, reason="the table must be loaded again"))

    async def _catch_up(self, live: Live, changes: Changes) -> None:
        """Apply what other servers stored (the caller holds ``live.lock``), and
        send it to this server's clients exactly as if it had happened here."""
        table = live.table
        for n, seat, notation, by_bot in changes.actions:
            if n < table.seq:
                continue
            try:
                if n > table.seq:
                    raise CourtlyError(f"action {table.seq} is missing")
                events = table.apply(seat, table.game.parse_action(notation))
            except CourtlyError as exc:
                raise CourtlyError(
                    f"table {table.id}: stored action {n} (seat {seat} {notation!r}) "
                    f"does not follow: {exc}"
                ) from None
            self._acted(live, events, seat, notation, by_bot)
        for line, seat, name, text, at in changes.chat:
            if line > live.chat_seen:
                self._chat_line(live, line, seat, name, text, at.isoformat() + "Z")
        if changes.seats is not None:
            self._seats_from(live, changes.seats)
        if changes.rematch is not None and table.rematch_id is None and changes.rematch[0]:
            table.rematch_id, table.rematch_rotated = changes.rematch
            new = await self.get(changes.rematch[0])
            if new is not None:
                self._invite(live, new.table)

    def _seats_from(
        self, live: Live, rows: list[tuple[int, str, str | None, str | None, str | None, bool]]
    ) -> None:
        """Seats as stored: taken, named, away or back elsewhere."""
        table = live.table
        changed = False
        for seat, kind, bot, token, name, away in rows:
            s = table.seats[seat]
            if (s.kind, s.bot, s.token, s.name) != (kind, bot, token, name):
                s.kind, s.bot, s.token, s.name = kind, bot, token, name
                changed = True
            if s.away != away:
                s.away = away
                s.clock = 0.0 if away else table.time_bank
                live.running.pop(seat, None)
                changed = True
        if changed:
            self._clock_step(live)
            self._send_seats(live)

    async def _watching(self) -> None:
        """Shared: now and then, take over the tables in memory that nobody
        runs and those of servers that stopped; let go of tables that left
        memory; say this server is alive and forget servers that are not."""
        assert self.coord is not None
        coord = self.coord
        beat = 0.0
        while True:
            await asyncio.sleep(OWN_EVERY)
            try:
                for table_id in list(coord.held):
                    if table_id not in self.tables:  # (checked at once: no await between)
                        await coord.disown(table_id)
                idle = [
                    t
                    for t, live in self.tables.items()
                    if not live.owner and not live.table.state.over
                ]
                if idle:
                    for table_id in await coord.own_many(idle):
                        live = self.tables.get(table_id)
                        if live is None:
                            continue
                        self._take_over(live)
                        log.info("table %s: its bots and clocks run here now", table_id)
                for table_id in await coord.adopt(ADOPT_AT_ONCE):
                    live = self.tables.get(table_id)
                    if live is not None:
                        self._take_over(live)
                    else:
                        await self.get(table_id)
                    log.info("table %s: taken over from a server that stopped", table_id)
                clock = time.monotonic()
                if clock - beat >= HEARTBEAT:
                    beat = clock
                    await coord.notify("h", "-")
                    for server, heard in list(self.servers.items()):
                        if clock - heard > 3 * HEARTBEAT:
                            self._gone(server)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the check for tables to take over failed")

    def _take_over(self, live: Live) -> None:
        """Run the table's clocks and (once what was stored is read) its bots here."""
        live.owner = True
        self._clock_step(live)
        self._news(live, "acsr")

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

    # -- acting ------------------------------------------------------------------------
    async def submit(
        self, live: Live, seat: int, action: Any, seq: int | None, by_bot: bool = False
    ) -> Refused | None:
        """Check, apply, commit, then send: None when accepted, else the refusal."""
        async with live.lock:
            try:
                async with self._txn(live, "a", "a") as txn:
                    table = live.table
                    act, refused = table.refusal(seat, action, seq)
                    if refused is not None or act is None:
                        return refused
                    # a person acting takes their seat back (stored whatever this
                    # server knows: another may just have marked it away)
                    back = not by_bot and table.takeover
                    events = table.apply(seat, act)
                    try:
                        await self.db(
                            self.store.add_action,
                            table.id,
                            table.seq - 1,
                            seat,
                            act.notation,
                            by_bot,
                            table.result(),
                            txn,
                            back,
                        )
                    except StorageError as exc:  # the disk or the database failed: undo
                        table.undo_last()
                        return Refused(
                            code="server_error", reason=str(exc), seq=table.seen_seq(seat)
                        )
                    self._acted(live, events, seat, act.notation, by_bot)
            except StorageError as exc:  # the table's lock could not be had
                return Refused(code="server_error", reason=str(exc), seq=live.table.seen_seq(seat))
        self._kick_bots(live)
        return None

    def _acted(
        self, live: Live, events: list[Event], seat: int, notation: str, by_bot: bool
    ) -> None:
        """An action applied and stored (here or by another server): send each
        connection its update."""
        table = live.table
        live.touched = time.monotonic()
        for other in [s for s in live.turn_spent if s != seat]:  # their turn is over
            del live.turn_spent[other]
        views = table.views(events, seat)
        took_back = not by_bot and table.seats[seat].away
        if took_back:  # acting takes the seat back, as ``back`` does
            table.seats[seat].away = False
            table.seats[seat].clock = table.time_bank
            live.running.pop(seat, None)
        self._clock_step(live, actor=seat)
        self._send_update(live, views, seat, notation, by_bot)
        if took_back:
            self._send_seats(live)

    async def chat(self, live: Live, seat: int, text: str) -> Refused | None:
        """A chat line, stored then sent to the table; the refusal when it could
        not be stored (the connection stays open)."""
        async with live.lock:
            try:
                async with self._txn(live, "c", "c") as txn:
                    s = live.table.seats[seat]
                    name = s.name or f"Seat {seat}"
                    line, at = await self.db(
                        self.store.add_chat, live.table.id, seat, name, text, txn
                    )
                    self._chat_line(live, line, seat, name, text, at.isoformat() + "Z")
            except StorageError as exc:
                return Refused(code="server_error", reason=str(exc), seq=live.table.seen_seq(seat))
        return None

    def _chat_line(self, live: Live, line: int, seat: int, name: str, text: str, at: str) -> None:
        """A stored chat line (here or by another server), sent to the table."""
        live.chat_seen = max(live.chat_seen, line)
        msg = ChatLine(seat=seat, name=name, text=text, at=at).model_dump()
        live.table.chat.append({k: v for k, v in msg.items() if k != "type"})
        del live.table.chat[: -2 * 100]
        for conn in live.conns:
            self._put(conn, msg)

    async def back(self, live: Live, seat: int) -> Refused | None:
        """A seat takes itself back from the stand-in bot, with a fresh time bank."""
        async with live.lock:
            try:
                async with self._txn(live, "s", "s") as txn:
                    s = live.table.seats[seat]
                    if not s.away:
                        return Refused(
                            code="not_away",
                            reason="your seat is not away: 'back' is for a seat whose time ran out",
                            seq=live.table.seen_seq(seat),
                        )
                    await self.db(self.store.set_away, live.table.id, [seat], False, txn)
            except StorageError as exc:
                return Refused(code="server_error", reason=str(exc), seq=live.table.seen_seq(seat))
            s.away = False
            s.clock = live.table.time_bank
            live.running.pop(seat, None)
            self._clock_step(live)
            self._send_seats(live)
            return None

    # -- bots ----------------------------------------------------------------------------
    def _kick_bots(self, live: Live) -> None:
        if not live.owner or self.closing:  # another server runs this table's bots
            return
        table = live.table
        for seat in table.bot_turns():
            if seat not in live.thinking:
                task = asyncio.get_running_loop().create_task(self._bot_move(live, seat))
                live.thinking[seat] = task
        for seat in table.state.to_act:
            if (
                seat not in live.thinking
                and table.seats[seat].kind == "human"
                and len(table.legal.get(seat, ())) == 1
            ):
                task = asyncio.get_running_loop().create_task(self._forced_move(live, seat))
                live.thinking[seat] = task

    async def _forced_move(self, live: Live, seat: int) -> None:
        """A person's only legal move, made for them: at once when everybody
        could tell it was forced (nothing is learnt from it), or when they
        turned ``auto_pass`` on (its speed then says they could not respond).
        When another move lands between reading the decision and submitting it
        (refused as stale), the decision is looked at again: a forced move is
        never dropped."""
        again = False
        try:
            async with live.lock:
                table = live.table
                legal = table.legal.get(seat, ())
                if len(legal) != 1 or seat in table.bot_turns():
                    return
                seq = table.seen_seq(seat)
                if seat not in live.auto_pass and not publicly_forced(table.state, seat):
                    return  # the person answers, as they would at a real table
            refused = await self.submit(live, seat, legal[0], seq)
            again = refused is not None and refused.code == "stale"
        except Exception:
            log.exception("table %s: the forced move of seat %s failed", live.table.id, seat)
        finally:
            live.thinking.pop(seat, None)
            if again and not live.table.state.over:
                self._kick_bots(live)

    async def _bot_move(self, live: Live, seat: int) -> None:
        try:
            for _ in range(20):  # a decision that keeps changing under the bot: give up
                async with live.lock:
                    table = live.table
                    if seat not in table.bot_turns():
                        return
                    obs = table.state.observation(seat)
                    legal = list(table.legal.get(seat, ()))
                    seq = table.seen_seq(seat)
                    name = table.bot_for(seat)
                    rng_seed = (table.state.seed * 1_000_003 + table.seq * 31 + seat) % 2**63
                    searching = name in SEARCHING
                    seconds = turn_think(table.think, live.turn_spent.get(seat, 0.0))
                    if searching and not seconds:  # the turn's budget is spent
                        name, searching = QUICK_STAND_IN, False
                    forced = len(legal) == 1
                    public = forced and (not searching or publicly_forced(table.state, seat))
                    watched = self.bot_pace > 0 and all(s.kind == "bot" for s in table.seats)
                if watched:  # a table of bots only plays at a pace people can watch
                    await asyncio.sleep(self.bot_pace)
                if public:  # everybody knows it: no search, no wait
                    action = legal[0]
                elif forced:  # only the seat knows it: as long as a search would take
                    await self._pace(seconds)
                    action = legal[0]
                else:
                    action = await self.pool.choose(
                        table.game.id, name, obs, legal, rng_seed, seconds, table=table.id
                    )
                if searching:
                    live.turn_spent[seat] = live.turn_spent.get(seat, 0.0) + seconds
                refused = await self.submit(live, seat, action, seq, by_bot=True)
                if refused is not None and refused.code == "server_error":
                    # Storage failed: wait, doubling, rather than retry at once forever.
                    live.store_failures += 1
                    first, most = BOT_BACKOFF
                    delay = min(most, first * 2 ** (live.store_failures - 1))
                    log.warning(
                        "table %s: the bot move of seat %s could not be stored (%s); "
                        "trying again in %.1f s",
                        live.table.id,
                        seat,
                        refused.reason,
                        delay,
                    )
                    await asyncio.sleep(delay)
                    continue
                if refused is None:
                    live.store_failures = 0
                if refused is None or refused.code not in ("stale",):
                    return
        except Exception:
            log.exception("table %s: the bot of seat %s failed", live.table.id, seat)
        finally:
            live.thinking.pop(seat, None)
            if not live.table.state.over:
                self._kick_bots(live)

    async def _pace(self, seconds: float) -> None:
        """Wait as long as a search would, so a bot's speed tells nothing."""
        await asyncio.sleep(seconds)

    # -- hints -----------------------------------------------------------------------------
    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def hint(self, live: Live, conn: Connection) -> Refused | None:
        """Start working out a hint for the seat of ``conn`` (answered to that
        connection alone when ready), or say why not."""
        assert conn.seat is not None
        seat = conn.seat
        async with live.lock:
            table = live.table

            def refused(code: Any, reason: str) -> Refused:
                return Refused(code=code, reason=reason, seq=table.seen_seq(seat), about="hint")

            if not table.hints:
                return refused(
                    "hints_off", "hints are off at this table: its creator turned them off"
                )
            if table.state.over:
                return refused("over", "the game is over: hints are for decisions still to make")
            legal = table.legal.get(seat, ())
            if not legal:
                return refused(
                    "not_your_turn", "a hint is for a decision of yours, and you have none now"
                )
            if seat in live.hinting:
                return refused("busy", "a hint for your seat is being worked out: wait for it")
            if not conn.hint_bucket.take():
                lim = self.limits
                limit = rate_limited(
                    f"too many hints: at most {lim.hint_burst} at once, then one every "
                    f"{1 / lim.hint_rate:g} s",
                    conn.hint_bucket.wait(),
                )
                limit.about = "hint"
                limit.seq = table.seen_seq(seat)
                return limit
            # Only what the seat may know: its observation and its legal actions.
            observation = table.state.observation(seat)
            since = table.decision_since.get(seat, 0)
            live.hinting.add(seat)
        self._spawn(self._hint(live, conn, seat, observation, list(legal), since))
        return None

    async def _hint(
        self,
        live: Live,
        conn: Connection,
        seat: int,
        observation: dict[str, Any],
        legal: list[int],
        since: int,
    ) -> None:
        table = live.table
        try:
            analysis = await self.pool.analyse(
                table.game.id,
                observation,
                legal,
                secrets.randbits(63),
                table.think,
                table=table.id,
            )
            async with live.lock:
                if (
                    table.state.over
                    or table.legal.get(seat, ()) != tuple(legal)
                    or table.decision_since.get(seat, 0) != since
                ):
                    self._refuse(
                        conn,
                        Refused(
                            code="stale",
                            reason="the game moved on while the hint was worked out: ask again",
                            seq=table.seen_seq(seat),
                            about="hint",
                        ),
                    )
                    return
                moves = [
                    HintMove(
                        id=m.action.id,
                        notation=m.action.notation,
                        value=round(m.value, 4),
                        visits=m.visits,
                    )
                    for m in advice.top_moves(analysis, HINT_MOVES)
                    if m.value is not None
                ]
                msg = Hint(
                    seq=table.seen_seq(seat),
                    moves=moves,
                    iterations=analysis.iterations,
                    seconds=round(analysis.seconds, 3),
                )
                self._put(conn, self._game_message(live, seat, msg))
        except Exception:
            log.exception("table %s: the hint for seat %s failed", table.id, seat)
            self._refuse(
                conn,
                Refused(
                    code="server_error",
                    reason="the hint could not be worked out; try again",
                    about="hint",
                ),
            )
        finally:
            live.hinting.discard(seat)

    # -- reviews ---------------------------------------------------------------------------
    def review_of(self, live: Live, seat: int) -> ReviewJob | None:
        """The review of ``seat`` asked for at this finished table, if any."""
        table = live.table
        if not table.state.over:
            # Before the end, every seat's hidden cards are still secret.
            raise CourtlyError("a review is available once the game is over")
        if not 0 <= seat < table.state.players:
            raise CourtlyError(
                f"seat {seat} is not a seat of this table: seats run 0 to {table.state.players - 1}"
            )
        return self.reviews.get((table.id, seat))

    def start_review(self, live: Live, seat: int) -> ReviewJob:
        """The review of ``seat``: the one computed or under way, or a new one
        (unless another seat's is under way at this table)."""
        job = self.review_of(live, seat)
        if job is not None and job.status != "failed":
            return job
        running = live.reviewing
        if running is not None:
            raise Busy(
                f"the review of seat {running.seat} is being worked out at this table "
                "(one at a time): ask again when it is done"
            )
        job = ReviewJob(table=live.table.id, seat=seat, think=self.review_think)
        key = (live.table.id, seat)
        self.reviews[key] = job
        self.reviews.move_to_end(key)
        while len(self.reviews) > REVIEWS_KEPT:
            oldest = next((k for k, j in self.reviews.items() if j.status != "running"), None)
            if oldest is None:
                break
            del self.reviews[oldest]
        live.reviewing = job
        self._spawn(self._review(live, job))
        return job

    async def _review(self, live: Live, job: ReviewJob) -> None:
        table = live.table
        try:
            async with self._reviewing:
                await self._work_out(live, job)
        except Exception as exc:
            log.exception("table %s: the review of seat %s failed", table.id, job.seat)
            job.status = "failed"
            job.error = f"the review could not be worked out ({type(exc).__name__}); ask again"
        finally:
            live.reviewing = None

    async def _work_out(self, live: Live, job: ReviewJob) -> None:
        """Replay the record for the seat's decisions, then judge each in the pool."""
        table = live.table
        record = table.state.record()
        loop = asyncio.get_running_loop()
        found, forced = await loop.run_in_executor(
            self.pool.threads, advice.decisions, record, job.seat
        )
        job.total = len(found)
        out = advice.Review(game=table.game.id, seat=job.seat, think=job.think, forced=forced)
        for decision in found:
            analysis = await self.pool.analyse(
                table.game.id,
                decision.observation,
                [a.id for a in decision.legal],
                advice.decision_seed(record, decision),
                job.think,
                table=table.id,
            )
            out.verdicts.append(advice.judge(decision, analysis))
            job.done += 1
        job.result = out.to_json()
        job.status = "done"

    # -- clocks ----------------------------------------------------------------------------
    def _clock_step(self, live: Live, actor: int | None = None) -> None:
        """Charge the time used, start the clocks of human seats now to act, and
        (at a table this server runs) set the timer for the first to run out."""
        table = live.table
        if table.time_bank is None:
            return
        now = time.monotonic()
        to_act = set(table.state.to_act)
        for seat, started in list(live.running.items()):
            if seat == actor or seat not in to_act:
                s = table.seats[seat]
                s.clock = (s.clock or 0.0) - (now - started)
                del live.running[seat]
        for seat in to_act:
            s = table.seats[seat]
            if s.kind == "human" and not s.away and seat not in live.running:
                live.running[seat] = now
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        if live.running and table.takeover and live.owner:
            due = min(
                started + max(table.seats[seat].clock or 0.0, 0.0)
                for seat, started in live.running.items()
            )
            live.timer = asyncio.get_running_loop().call_later(
                max(due - now, 0.0) + 0.01, self._spawn_expire, live
            )

    def _spawn_expire(self, live: Live) -> None:
        task = asyncio.get_running_loop().create_task(self._expire(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _expire(self, live: Live) -> None:
        """Seats out of time become away (stored, so that every server knows):
        a ``normal`` bot plays for them."""
        async with live.lock:
            table = live.table
            out: list[int] = []
            failed = False
            if self._out_of_time(live):
                try:
                    async with self._txn(live, "s", "as") as txn:
                        out = self._out_of_time(live)  # other servers' news applied
                        if out:
                            await self.db(self.store.set_away, table.id, out, True, txn)
                except StorageError:
                    log.warning("table %s: could not store that seats ran out of time", table.id)
                    out, failed = [], True
            for seat in out:
                s = table.seats[seat]
                s.clock = 0.0
                s.away = True
                live.running.pop(seat, None)
            self._clock_step(live)
            if failed and live.timer is not None:  # try again in a while, not at once
                live.timer.cancel()
                live.timer = asyncio.get_running_loop().call_later(
                    BOT_BACKOFF[0] * 2, self._spawn_expire, live
                )
            if out:
                self._send_seats(live)
        self._kick_bots(live)

    def _out_of_time(self, live: Live) -> list[int]:
        clock = time.monotonic()
        seats = live.table.seats
        return [
            seat
            for seat, started in live.running.items()
            if (seats[seat].clock or 0.0) - (clock - started) <= 0
        ]

    # -- sending ----------------------------------------------------------------------------
    def _put(self, conn: Connection, payload: dict[str, Any]) -> None:
        if conn.queue.qsize() >= QUEUE_LIMIT:
            conn.queue.put_nowait(None)  # the writer closes the connection
            return
        conn.queue.put_nowait(json.dumps(payload))

    def _game_message(self, live: Live, seat: int | None, msg: BaseModel) -> dict[str, Any]:
        payload = msg.model_dump()
        if self.audit is not None:
            self.audit(live.table, seat, payload)
        return payload

    def _send_update(
        self, live: Live, views: dict[int | None, Update], actor: int, notation: str, by_bot: bool
    ) -> None:
        """Send each connection its update, if its view changed (see ``Table.shown``)."""
        made: dict[int | None, dict[str, Any]] = {}
        for conn in live.conns:
            view = views.get(conn.seat)
            if view is None:
                continue
            if conn.seat not in made:
                made[conn.seat] = self._game_message(live, conn.seat, view)
            payload = made[conn.seat]
            if conn.seat == actor:
                payload = {**payload, "yours": notation, "by_bot": by_bot}
            self._put(conn, payload)

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
            msg = self._seats_for(live, conn.seat)
            text = json.dumps(msg)
            if text != conn.last_seats:
                conn.last_seats = text
                self._put(conn, msg)

    # -- one websocket connection --------------------------------------------------------
    async def serve(self, ws: WebSocket, table_id: str, token: str | None) -> None:
        """Run one client: snapshot first, then its messages until it leaves."""
        await ws.accept()
        if len(table_id) > MAX_ID or (token is not None and len(token) > MAX_ID):
            await ws.close(
                code=4400, reason=f"table ids and tokens are at most {MAX_ID} characters"
            )
            return
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
            ("seat", live.table.id, seat)
            if seat is not None
            else ("address", ws.client.host if ws.client else "?")
        )
        conn = Connection(ws, seat, self.limits, self.buckets, who)
        writer = asyncio.get_running_loop().create_task(self._write(conn))
        async with live.lock:
            here = live.here()
            live.conns.add(conn)
            live.touched = time.monotonic()
            if self.shared and live.here() != here:
                self._spawn(self._announce(live))
            snap = live.table.snapshot(seat, live.connected())
            payload = self._game_message(live, seat, snap)
            seats = self._seats_for(live, seat)
            payload["seats"] = seats["seats"]
            conn.last_seats = json.dumps(seats)
            self._put(conn, payload)
            self._send_seats(live, skip=conn)
        try:
            await self._read(live, conn)
        except WebSocketDisconnect:
            pass
        finally:
            async with live.lock:
                here = live.here()
                live.conns.discard(conn)
                live.touched = time.monotonic()
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
        self, live: Live, conn: Connection, msg: Act | Chat | Back | AskHint | AutoPass | Ping
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


def explain(exc: Exception) -> str:
    """A one-line reason for a malformed client message."""
    if isinstance(exc, ValidationError):
        parts = []
        for err in exc.errors()[:3]:
            loc = ".".join(str(p) for p in err["loc"][1:] if not isinstance(p, int))
            parts.append(f"{loc or 'message'}: {err['msg']}")
        return (
            "; ".join(parts) + ". Messages are JSON objects with a type: "
            "act (with action, optional seq), chat (with text), back, hint, "
            "auto_pass (with on), ping"
        )
    return (
        "not JSON. Messages are JSON objects with a type: "
        "act (with action, optional seq), chat (with text), back, hint, auto_pass (with on), ping"
    )
