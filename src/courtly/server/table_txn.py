"""A table's transaction on PostgreSQL, where several servers share the
database: the table's lock, what other servers stored since, one write, and
the notification that tells every server of it.

The hot path (every action) speaks to the driver (psycopg) directly, each
step one query string of several statements (PostgreSQL's simple protocol,
its values escaped by libpq for the connection): taking the lock and reading
what is new is one round trip to the database, storing the action with its
notification and committing is one more. An action's notification carries the action itself (when it fits), so
the other servers apply it without a query of their own.

An action's transaction runs on the event loop (``LoopTxn``, on psycopg's
``AsyncConnection``s, kept by ``LoopTxns``): no hand-off to a writer thread
and back, twice an action. Every other write (chat, seats, a rematch) takes
the same lock in a writer thread (``TableTxn``, ``begin``), with the same
statements.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

T = TypeVar("T")

CHANNEL = "courtly"
"""The PostgreSQL notification channel servers on one database share."""
NOTE_LIMIT = 7_900
"""Bytes of a notification's payload at most (PostgreSQL takes up to 8,000): an
action's notification carries the action itself when it fits (the other
servers then apply it without reading it), else only the table's id."""
IDLE_IN_TRANSACTION_MS = 30_000
"""A server that stops in the middle of a table's transaction (frozen, not
killed) lets go of the table's lock after this long."""
SESSION_OPTIONS = f"-c idle_in_transaction_session_timeout={IDLE_IN_TRANSACTION_MS}"
"""The settings of every connection a server writes tables on."""


IDLE = 0
"""libpq's transaction status of a connection in no transaction (``PQTRANS_IDLE``)."""


def conninfo(url: str) -> str:
    """The libpq address of a SQLAlchemy PostgreSQL URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@dataclass
class Changes:
    """What a table's rows hold beyond what a server has in memory: actions from
    ``seq`` on, chat lines after ``chat_seen``, and (when asked for) the seats
    and the table's rematch."""

    actions: list[tuple[int, int, str, bool]] = field(default_factory=list)
    """(n, seat, notation, by_bot), in order."""
    chat: list[tuple[int, int, str, str, datetime]] = field(default_factory=list)
    """(id, seat, name, text, at), in order."""
    seats: list[tuple[int, str, str | None, str | None, str | None, bool]] | None = None
    """(seat, kind, bot, token, name, away)."""
    rematch: tuple[str | None, bool] | None = None
    """(rematch_id, rotated)."""


class TableTxn:
    """A PostgreSQL transaction holding one table's lock: what other servers
    stored since (``changes``), then at most one write, committed with a
    notification to every server (queued when the lock was taken, or with the
    action it tells of: PostgreSQL delivers it at the commit, and drops it if
    nothing is written).

    ``raw`` is the driver's connection under ``conn``, in autocommit mode for
    as long as the transaction lasts: its ``BEGIN`` and ``COMMIT`` are sent
    with the statements around them, one round trip to the database for the
    lock and what is new, one for an action's write and its commit."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        raw: Any = conn.connection.driver_connection
        raw.autocommit = True
        self.raw = raw
        from psycopg.pq import Escaping  # (PostgreSQL only: an extra)

        self._escape = Escaping(raw.pgconn)
        self._encoding: str = raw.info.encoding
        self.changes = Changes()
        self.open = True

    def literal(self, value: str) -> str:
        """``value`` as an SQL string literal, escaped by libpq for this
        connection."""
        return self._escape.escape_literal(value.encode(self._encoding)).decode(self._encoding)

    def encode(self, query: str) -> bytes:
        return query.encode(self._encoding)

    def commit(self) -> None:
        """Commit the write, and so let go of the table's lock."""
        self.raw.commit()
        self.close()

    def rollback(self) -> None:
        """Nothing written: let go of the table's lock."""
        if self.open:
            with contextlib.suppress(Exception):
                self.raw.rollback()
            self.close()

    def close(self) -> None:
        """Give the connection back (as the pool lent it: not in autocommit
        mode), or drop it when it cannot be (still in a transaction, or dead)."""
        if self.open:
            self.open = False
            try:
                self.raw.autocommit = False
            except Exception:
                with contextlib.suppress(Exception):
                    self.conn.invalidate()
            with contextlib.suppress(Exception):
                self.conn.close()


class Dropped(Exception):
    """The database dropped the connection a table's transaction was on."""


@dataclass(frozen=True)
class NewAction:
    """An action to store: the table's ``n``-th (counting from 0), by
    ``seat``, and what is stored with it: ``result`` when it ended the game
    (the table is then over), ``back`` when the seat's player made it after
    a bot stood in (the seat is then not away)."""

    table_id: str
    n: int
    seat: int
    notation: str
    by_bot: bool
    result: dict[str, Any] | None = None
    back: bool = False


def lock_query(
    lit: Callable[[str], str], server: str, table_id: str, kind: str, actions: bool, seq: int
) -> str:
    """One query string: ``BEGIN``, the table's lock (with the notification
    of a write of ``kind`` other than an action, queued when the lock is had)
    and, with ``actions``, the read of the actions stored from ``seq`` on;
    ``lit`` makes an SQL string literal for the connection. The read is a
    statement of its own, run once the lock is held (each statement sees what
    was committed before it began), so it sees every action committed before."""
    key = lit("table:" + table_id)
    if kind == "a":
        lock = f"SELECT pg_try_advisory_xact_lock(hashtextextended({key}, 0))"
    else:
        note = lit(f"{server} {kind} {table_id}")
        lock = (
            "SELECT l.got FROM (SELECT pg_try_advisory_xact_lock(hashtextextended("
            f"{key}, 0)) AS got) AS l, LATERAL (SELECT pg_notify({lit(CHANNEL)}, {note}) "
            "WHERE l.got) AS n"
        )
    statements = ["BEGIN", lock]
    if actions:
        statements.append(
            "SELECT n, seat, notation, by_bot FROM actions WHERE table_id = "
            f"{lit(table_id)} AND n >= {int(seq)} ORDER BY n"
        )
    return ";".join(statements)


def action_query(lit: Callable[[str], str], server: str, new: NewAction, at: datetime) -> str:
    """One query string: the action's insert, its notification (carrying the
    action, see ``NOTE_LIMIT``) and ``COMMIT``; before them, what is stored
    with it (``NewAction``)."""
    extras = _extras(lit, new)
    statements = [f"UPDATE {what} WHERE {where}" for what, where in extras]
    statements += [
        "INSERT INTO actions (table_id, n, seat, notation, by_bot, at) VALUES "
        f"({_row(lit, new, at)})",
        f"SELECT pg_notify({lit(CHANNEL)}, {lit(action_note(server, new))})",
        "COMMIT",
    ]
    return ";".join(statements)


def _row(lit: Callable[[str], str], new: NewAction, at: datetime) -> str:
    """The action's row: table_id, n, seat, notation, by_bot, at."""
    return (
        f"{lit(new.table_id)}, {int(new.n)}, {int(new.seat)}, {lit(new.notation)}, "
        f"{'true' if new.by_bot else 'false'}, {lit(at.isoformat(' '))}::timestamp"
    )


def _extras(lit: Callable[[str], str], new: NewAction) -> list[tuple[str, str]]:
    """What is stored with the action, as (``table SET ...``, condition) pairs:
    the game over with its result, the seat back."""
    out = []
    tid = lit(new.table_id)
    if new.result is not None:
        out.append(
            (f"tables SET over = true, result = {lit(json.dumps(new.result))}", f"id = {tid}")
        )
    if new.back:
        out.append(
            ("seats SET away = false", f"table_id = {tid} AND seat = {int(new.seat)} AND away")
        )
    return out


def at_once_query(lit: Callable[[str], str], server: str, new: NewAction, at: datetime) -> str:
    """One statement (its own transaction) that stores the ``n``-th action,
    with what ``action_query`` stores with it and its notification, only if
    the table's lock is free: the lock, the insert, the updates and the
    notification in one round trip. It answers one row when stored, none
    when another server holds the lock, and fails (a unique violation) when
    an action ``n`` is stored already; nothing is written then."""
    key = lit("table:" + new.table_id)
    parts = [
        f"WITH got AS (SELECT pg_try_advisory_xact_lock(hashtextextended({key}, 0)) AS ok), "
        "ins AS (INSERT INTO actions (table_id, n, seat, notation, by_bot, at) "
        f"SELECT {_row(lit, new, at)} FROM got WHERE got.ok RETURNING n)"
    ]
    parts += [
        f"x{i} AS (UPDATE {what} WHERE {where} AND EXISTS (SELECT 1 FROM ins))"
        for i, (what, where) in enumerate(_extras(lit, new))
    ]
    note = lit(action_note(server, new))
    return ", ".join(parts) + f" SELECT pg_notify({lit(CHANNEL)}, {note}) FROM ins"


def begin(
    conn: Connection, server: str, table_id: str, kind: str, actions: bool, seq: int
) -> TableTxn | None:
    """Take the table's lock in a new transaction on ``conn`` (its own: given
    back when the transaction ends), unless another server holds it (then
    None); queue the notification of a write of ``kind`` other than an
    action, and (``actions``) read the actions stored from ``seq`` on.

    One round trip: ``BEGIN``, the lock and the read go in one query string.
    The read is a statement of its own, run once the lock is held (each
    statement sees what was committed before it began), so it sees every
    action committed before."""
    txn = None
    try:
        txn = TableTxn(conn)
        raw = txn.raw
        query = lock_query(txn.literal, server, table_id, kind, actions, seq)
        cur = raw.execute(txn.encode(query))
        cur.nextset()  # past BEGIN: the lock
        row = cur.fetchone()
        if not (row and row[0]):
            txn.rollback()
            return None
        if actions:
            cur.nextset()
            txn.changes.actions = [
                (n, seat, notation, bool(by_bot)) for n, seat, notation, by_bot in cur
            ]
        return txn
    except BaseException as exc:
        dropped = txn is not None and (txn.raw.closed or txn.raw.broken)
        if txn is not None:
            txn.rollback()
        else:
            conn.close()
        if dropped and not isinstance(exc, DBAPIError):
            raise Dropped(str(exc)) from exc
        raise


def commit_action(txn: TableTxn, server: str, new: NewAction, at: datetime) -> None:
    """Store the action in ``txn`` and commit it: what goes with it, the
    insert, the notification (carrying the action, see ``NOTE_LIMIT``) and
    ``COMMIT`` in one query string, one round trip."""
    query = action_query(txn.literal, server, new, at)
    txn.raw.execute(txn.encode(query))
    txn.close()


def action_note(server: str, new: NewAction) -> str:
    """The notification of an action: ``SERVER a TABLE N SEAT BY_BOT NOTATION``,
    or ``SERVER a TABLE`` (read it) when that would not fit (``NOTE_LIMIT``)."""
    note = f"{server} a {new.table_id} {new.n} {new.seat} {int(new.by_bot)} {new.notation}"
    if len(note.encode()) > NOTE_LIMIT:
        return f"{server} a {new.table_id}"
    return note


def heard_action(extra: str) -> tuple[int, int, str, bool] | None:
    """The action an action's notification carries after its table id
    (``N SEAT BY_BOT NOTATION``, see ``action_note``): (n, seat, notation,
    by_bot), or None when it carries none."""
    parts = extra.split(" ", 3)
    if len(parts) < 4 or not all(p.isdigit() for p in parts[:3]):
        return None
    return int(parts[0]), int(parts[1]), parts[3], parts[2] == "1"


class LoopTxn:
    """A table's transaction for one action, on the event loop: the table's
    lock and the actions other servers stored since (``changes``), then the
    action stored, notified and committed (``commit_action``), or nothing
    written (``rollback``). The statements are ``TableTxn``'s, on a
    connection of ``LoopTxns``, in autocommit mode (``BEGIN`` and ``COMMIT``
    travel with the statements around them)."""

    def __init__(self, txns: LoopTxns, conn: Any) -> None:
        self.txns = txns
        self.conn = conn
        self.literal, self._encoding = txns.literals(conn)
        self.changes = Changes()
        self.open = True
        """Nothing was sent to end the transaction yet."""

    async def commit_action(self, new: NewAction, at: datetime) -> None:
        """Store the action, notify it and commit, in one round trip (see
        ``action_query``). The transaction is over from the start, done
        or failed: a failure gives the connection back only once it has
        rolled back (or drops it)."""
        self.open = False
        query = action_query(self.literal, self.txns.server, new, at)
        try:
            await self.conn.execute(query.encode(self._encoding), prepare=False)
        except BaseException:
            await self.txns.give_back(self.conn, failed=True)
            raise
        await self.txns.give_back(self.conn)

    async def rollback(self) -> None:
        """Nothing written: let go of the table's lock."""
        if self.open:
            self.open = False
            await self.txns.give_back(self.conn, failed=True)


class LoopTxns:
    """The connections an action's transaction runs on, on the event loop
    (psycopg's ``AsyncConnection``, in autocommit mode): made when needed,
    kept once free (at most ``keep``), dropped when they fail. As many are
    in use at once as tables' transactions (the hub's ``TABLE_TRANSACTIONS``)."""

    def __init__(self, url: str, server: str, keep: int) -> None:
        self.conninfo = conninfo(url)
        self.server = server
        self.keep = keep
        self.free: list[Any] = []
        self.lent: set[Any] = set()
        """Connections in a transaction now (given back when it ends)."""
        self._literals: dict[Any, tuple[Callable[[str], str], str]] = {}
        self.closed = False

    def literals(self, conn: Any) -> tuple[Callable[[str], str], str]:
        """How to write an SQL string literal for ``conn`` (escaped by libpq
        for it), and its encoding: made once a connection."""
        made = self._literals.get(conn)
        if made is None:
            from psycopg.pq import Escaping  # (PostgreSQL only: an extra)

            escape, encoding = Escaping(conn.pgconn).escape_literal, conn.info.encoding

            def literal(value: str) -> str:
                return escape(value.encode(encoding)).decode(encoding)

            made = self._literals[conn] = (literal, encoding)
        return made

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.conninfo,
            autocommit=True,
            application_name="courtly",
            options=SESSION_OPTIONS,
            connect_timeout=10,
        )

    async def store_at_once(self, new: NewAction, at: datetime) -> bool:
        """Store the action in one round trip, unless another server
        holds the table's lock or has stored an action ``n`` already (False:
        nothing was written; see ``at_once_query``)."""
        from psycopg.errors import UniqueViolation

        async def once(conn: Any) -> bool:
            self.lent.add(conn)
            literal, encoding = self.literals(conn)
            query = at_once_query(literal, self.server, new, at)
            try:
                cur = await conn.execute(query.encode(encoding), prepare=False)
                stored = await cur.fetchone() is not None
            except UniqueViolation:  # (its own transaction: rolled back)
                stored = False
            await self.give_back(conn)
            return stored

        return await self._on_a_connection(once)

    async def begin(self, table_id: str, seq: int) -> LoopTxn | None:
        """Take the table's lock in a new transaction and read the actions
        stored from ``seq`` on, in one round trip (see ``lock_query``), unless
        another server holds it (then None)."""
        return await self._on_a_connection(lambda conn: self._begin(conn, table_id, seq))

    async def _on_a_connection(self, step: Callable[[Any], Awaitable[T]]) -> T:
        """``step`` on a kept connection, or a new one. A kept connection the
        database dropped meanwhile (restarted, or cut) is replaced, and the
        step tried again on a fresh one: nothing was done on the dead one. A
        failed step's connection is rolled back (or dropped)."""
        if self.free:
            conn = self.free.pop()
            try:
                return await step(conn)
            except Exception:
                dropped = conn.closed or conn.broken
                await self.give_back(conn, failed=True)
                if not dropped:
                    raise
        conn = await self._connect()
        try:
            return await step(conn)
        except BaseException:
            await self.give_back(conn, failed=True)
            raise

    async def _begin(self, conn: Any, table_id: str, seq: int) -> LoopTxn | None:
        self.lent.add(conn)
        txn = LoopTxn(self, conn)
        query = lock_query(txn.literal, self.server, table_id, "a", True, seq)
        cur = await conn.execute(query.encode(txn._encoding), prepare=False)
        cur.nextset()  # past BEGIN: the lock
        row = await cur.fetchone()
        if not (row and row[0]):
            await txn.rollback()
            return None
        cur.nextset()
        txn.changes.actions = [
            (n, seat, notation, bool(by_bot)) for n, seat, notation, by_bot in await cur.fetchall()
        ]
        return txn

    async def give_back(self, conn: Any, failed: bool = False) -> None:
        """Keep ``conn`` for the next transaction, out of any transaction
        (``failed``: rolled back first), or close it when it cannot be kept."""
        self.lent.discard(conn)
        if failed and not (conn.closed or conn.broken):
            with contextlib.suppress(Exception):
                await conn.rollback()
        idle = not (conn.closed or conn.broken) and conn.pgconn.transaction_status == IDLE
        if idle and not self.closed and len(self.free) < self.keep:
            self.free.append(conn)
            return
        self._literals.pop(conn, None)
        with contextlib.suppress(Exception):
            await conn.close()

    async def close(self) -> None:
        """Close the kept connections (those in use close when given back)."""
        self.closed = True
        free, self.free = self.free, []
        self._literals.clear()
        for conn in free:
            with contextlib.suppress(Exception):
                await conn.close()
