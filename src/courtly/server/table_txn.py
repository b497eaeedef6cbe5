"""A table's transaction on PostgreSQL, where several servers share the
database: the table's lock, what other servers stored since, one write, and
the notification that tells every server of it.

The hot path (every action) speaks to the driver (psycopg) directly, in
pipelines: taking the lock and reading what is new is one round trip to the
database, storing the action with its notification and committing is one
more. An action's notification carries the action itself (when it fits), so
the other servers apply it without a query of their own.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError

CHANNEL = "courtly"
"""The PostgreSQL notification channel servers on one database share."""
NOTE_LIMIT = 7_900
"""Bytes of a notification's payload at most (PostgreSQL takes up to 8,000): an
action's notification carries the action itself when it fits (the other
servers then apply it without reading it), else only the table's id."""


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
        self.changes = Changes()
        self.open = True

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


def begin(
    conn: Connection, server: str, table_id: str, kind: str, actions: bool, seq: int
) -> TableTxn | None:
    """Take the table's lock in a new transaction on ``conn`` (its own: given
    back when the transaction ends), unless another server holds it (then
    None); queue the notification of a write of ``kind`` other than an
    action, and (``actions``) read the actions stored from ``seq`` on.

    One round trip: ``BEGIN``, the lock and the read go in one pipeline. The
    read is a statement of its own, run once the lock is held, so it sees
    every action committed before."""
    txn = None
    try:
        txn = TableTxn(conn)
        raw = txn.raw
        key = "table:" + table_id
        with raw.pipeline():
            raw.execute("BEGIN")
            if kind == "a":
                lock = raw.execute(LOCK, (key,))
            else:
                lock = raw.execute(LOCK_NOTIFY, (key, CHANNEL, f"{server} {kind} {table_id}"))
            read = raw.execute(ACTIONS_SINCE, (table_id, seq)) if actions else None
        row = lock.fetchone()
        if not (row and row[0]):
            txn.rollback()
            return None
        if read is not None:
            txn.changes.actions = [
                (n, seat, notation, bool(by_bot)) for n, seat, notation, by_bot in read
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


def commit_action(
    txn: TableTxn,
    server: str,
    table_id: str,
    n: int,
    seat: int,
    notation: str,
    by_bot: bool,
    at: datetime,
) -> None:
    """Store the ``n``-th action in ``txn`` and commit it: the insert, the
    notification (carrying the action, see ``NOTE_LIMIT``) and ``COMMIT`` in
    one pipeline, one round trip."""
    note = action_note(server, table_id, n, seat, notation, by_bot)
    raw = txn.raw
    with raw.pipeline():
        raw.execute(INSERT_ACTION, (table_id, n, seat, notation, by_bot, at))
        raw.execute(NOTIFY, (CHANNEL, note))
        raw.execute("COMMIT")
    txn.close()


def action_note(server: str, table_id: str, n: int, seat: int, notation: str, by_bot: bool) -> str:
    """The notification of an action: ``SERVER a TABLE N SEAT BY_BOT NOTATION``,
    or ``SERVER a TABLE`` (read it) when that would not fit (``NOTE_LIMIT``)."""
    note = f"{server} a {table_id} {n} {seat} {int(by_bot)} {notation}"
    if len(note.encode()) > NOTE_LIMIT:
        return f"{server} a {table_id}"
    return note


def heard_action(extra: str) -> tuple[int, int, str, bool] | None:
    """The action an action's notification carries after its table id
    (``N SEAT BY_BOT NOTATION``, see ``action_note``): (n, seat, notation,
    by_bot), or None when it carries none."""
    parts = extra.split(" ", 3)
    if len(parts) < 4 or not all(p.isdigit() for p in parts[:3]):
        return None
    return int(parts[0]), int(parts[1]), parts[3], parts[2] == "1"


LOCK = "SELECT pg_try_advisory_xact_lock(hashtextextended(%s, 0))"
"""A table's lock, for this transaction (see ``Store.lock_table``)."""
LOCK_NOTIFY = (
    "SELECT l.got FROM (SELECT pg_try_advisory_xact_lock(hashtextextended(%s, 0)) AS got) AS l, "
    "LATERAL (SELECT pg_notify(%s, %s) WHERE l.got) AS n"
)
"""A table's lock, and the notification of the write to come once it is held."""
ACTIONS_SINCE = (
    "SELECT n, seat, notation, by_bot FROM actions WHERE table_id = %s AND n >= %s ORDER BY n"
)
INSERT_ACTION = (
    "INSERT INTO actions (table_id, n, seat, notation, by_bot, at) VALUES (%s, %s, %s, %s, %s, %s)"
)
NOTIFY = "SELECT pg_notify(%s, %s)"
