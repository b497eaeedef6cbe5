"""What every part of the live hub shares: a table in memory (``Live``), the
hub's state (``HubCore``), its errors and the storage call off the event loop.

The hub is put together from one module per job (see ``live.Hub``); the
methods one job calls on another are listed at the end of ``HubCore`` so that
the type checker sees them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from courtly.engine.errors import CourtlyError
from courtly.server.bots import BotPool
from courtly.server.db import (
    ACTION_TRANSACTIONS,
    TABLE_TRANSACTIONS,
    WRITERS,
    LoopTxn,
    Store,
    TableTxn,
)
from courtly.server.limits import Buckets, Limits
from courtly.server.protocol import Refused
from courtly.server.shared import Coordinator
from courtly.server.tables import Table

if TYPE_CHECKING:
    from pydantic import BaseModel

    from courtly.engine.events import Event
    from courtly.server.connections import Connection
    from courtly.server.outgoing import View

T = TypeVar("T")
log = logging.getLogger("courtly.server")
REVIEW_THINK = 0.2
"""Seconds of search per decision in a review on the server."""
REVIEWS_KEPT = 64
"""Finished reviews kept in memory (the oldest are forgotten first)."""
REVIEWS_AT_ONCE = 2
"""Reviews worked out at once on a server; others wait their turn, so that the
bots of tables being played never queue behind many reviews."""

Audit = Callable[[Table, int | None, dict[str, Any]], None]


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

BOT_BACKOFF = (0.5, 30.0)
"""A bot whose move could not be stored waits this long before trying again,
doubling from the first figure up to the second."""


@dataclass(eq=False)
class ReviewJob:
    """A review of one seat of a finished table: under way, done or failed."""

    table: str
    seat: int
    think: float
    address: str = "?"
    """Who asked for it (``Limits.reviews``): never shown."""
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
    used: float = field(default_factory=time.monotonic)
    """When a client or request of this server last asked for the table (its
    actions aside: a server follows another's actions only for its own
    clients, see ``live.FOLLOWED_AFTER``)."""
    owner: bool = True
    """This server runs the table's bots and clocks (always, unless shared)."""
    chat_seen: int = 0
    """The id of the last chat line this server knows of."""
    elsewhere: dict[str, frozenset[int]] = field(default_factory=dict)
    """Seats with a client on another server (shared), by server."""
    news: set[str] = field(default_factory=set)
    """What other servers stored and this one has yet to read (shared)."""
    heard: dict[int, tuple[int, str, bool]] = field(default_factory=dict)
    """Actions other servers stored, as their notifications told them, yet to
    apply here (shared): (seat, notation, by_bot) by number."""
    catching_up: bool = False
    auto_pass: set[int] = field(default_factory=set)
    """Human seats whose player asked for their single legal moves to be made at once."""
    passing: set[int] = field(default_factory=set)
    """Human seats whose player sent ``pass_all``: each of their decisions the
    game lets pass (``Game.waivers``) is let pass at once by this server, until
    one that is not (their own turn) ends it."""
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


def storage_failed(fn: Callable[..., Any], exc: Exception) -> StorageError:
    """A failure of the database or its disk in ``fn``, logged and said plainly."""
    log.warning("storage failed in %s: %s: %s", fn.__name__, type(exc).__name__, exc)
    return StorageError(
        f"the server could not store that just now ({type(exc).__name__}): "
        "nothing was changed; try again in a moment"
    )


def rate_limited(limit: str, wait: float) -> Refused:
    """A refusal for going over ``limit``, saying when to send again."""
    return Refused(
        code="rate_limited",
        reason=f"{limit}; send again in {wait:.2f} s",
        retry_after=round(wait, 3),
    )


class HubCore:
    """The state of every live table of one server, and what all jobs use."""

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
        self.sockets: dict[str, int] = {}
        """Websockets open now, by the address they come from (``Limits.sockets``)."""
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
        self._action_txns = asyncio.Semaphore(ACTION_TRANSACTIONS)
        self.servers: dict[str, float] = {}
        """Other servers heard from lately (shared), with when."""
        self.silent: set[str] = set()
        """Servers taken for gone after a silence (not a goodbye): heard from
        again, they are asked afresh who is where."""
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
            raise storage_failed(fn, exc) from exc

    async def db_now(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        """Run an asynchronous storage call on the event loop (an action's
        transaction on PostgreSQL). Failures are as ``db``'s. (Where a caller
        cancelled meanwhile must not cut the call off halfway, the caller
        shields it.)"""
        try:
            return await fn(*args)
        except CourtlyError:
            raise
        except Exception as exc:
            raise storage_failed(fn, exc) from exc

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    if TYPE_CHECKING:  # what one job calls on another, by the module that defines it
        # live.py
        async def get(self, table_id: str) -> Live | None: ...
        def _invite(self, live: Live, new: Table) -> None: ...

        # connections.py
        def _put(self, conn: Connection, payload: dict[str, Any]) -> None: ...
        def _refuse(self, conn: Connection, refused: Refused) -> None: ...
        def _game_message(self, live: Live, seat: int | None, msg: BaseModel) -> dict[str, Any]: ...
        def _send_update(
            self,
            live: Live,
            views: dict[int | None, View],
            actor: int,
            notation: str,
            by_bot: bool,
        ) -> None: ...
        def _send_seats(self, live: Live, skip: Connection | None = None) -> None: ...

        # acting.py
        async def submit(
            self, live: Live, seat: int, action: Any, seq: int | None, by_bot: bool = False
        ) -> Refused | None: ...
        def _acted(
            self, live: Live, events: list[Event], seat: int, notation: str, by_bot: bool
        ) -> None: ...
        async def chat(self, live: Live, seat: int, text: str) -> Refused | None: ...
        def _chat_line(
            self, live: Live, line: int, seat: int, name: str, text: str, at: str
        ) -> None: ...
        async def hint(self, live: Live, conn: Connection) -> Refused | None: ...
        async def pass_all(self, live: Live, seat: int, seq: int | None) -> Refused | None: ...
        def _kick_bots(self, live: Live) -> None: ...

        # clocks.py
        def _clock_step(self, live: Live, actor: int | None = None) -> None: ...
        async def back(self, live: Live, seat: int) -> Refused | None: ...

        # peers.py
        def _txn(
            self, live: Live, kind: str, what: str
        ) -> contextlib.AbstractAsyncContextManager[TableTxn | LoopTxn | None]: ...
        def _noted(self, server: str, kind: str, table_id: str, extra: str) -> None: ...
        def _reset(self) -> None: ...
        def _lost(self) -> None: ...
        def _news(self, live: Live, kinds: str) -> None: ...
        async def _announce(self, live: Live) -> None: ...
