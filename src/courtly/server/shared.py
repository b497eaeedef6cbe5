"""Several servers on one PostgreSQL database: who runs a table, and the news.

Besides its pool (``db.Store``), every server keeps two connections of its own:

- the **listener** LISTENs on the ``courtly`` channel. Each commit of a table's
  action, chat line, seat change or rematch notifies ``"SERVER KIND TABLE"``
  (``a``, ``c``, ``s``, ``r``); a server with that table in memory reads what
  is new and sends it to its own clients; an action's notification carries
  the action (``... a TABLE N SEAT BY_BOT NOTATION``, see ``table_txn``), so
  that it is applied without a read. Presence (``p``: the seats of a table
  with a client on the sending server), questions about presence (``q``),
  heartbeats (``h``) and goodbyes (``bye``) travel the same way.
- the **owner** connection holds a session advisory lock on each table whose
  bots and clocks this server runs (one server per table), and notes it in the
  ``owners`` table. A server that stops, or dies, drops its connection and so
  its locks; another server finds the table in ``owners`` with nobody holding
  its lock and takes it over (``adopt``).

Nothing here decides the order of a table's actions: that is the table's
transaction lock (``Store.lock_table``), taken for every write. Two servers
that both believed they ran a table's bots would only see one of two bot moves
refused as stale.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

from courtly.engine.errors import CourtlyError
from courtly.server.db import CHANNEL
from courtly.server.table_txn import conninfo

log = logging.getLogger("courtly.server")

Note = Callable[[str, str, str, str], None]
"""Called with (server, kind, table, extra) for each notification of another server."""

OWN_KEY = "hashtextextended('own:' || {}, 0)"


class Coordinator:
    """One server's listener and owner connections (PostgreSQL only)."""

    def __init__(
        self,
        url: str,
        server: str,
        on_note: Note,
        on_reset: Callable[[], None],
        on_lost: Callable[[], None],
    ) -> None:
        self.conninfo = conninfo(url)
        self.server = server
        self.on_note = on_note
        self.on_reset = on_reset
        """The listener reconnected: news may have been missed meanwhile."""
        self.on_lost = on_lost
        """The owner connection dropped, and with it every table's lock."""
        self.held: set[str] = set()
        """Tables whose bots and clocks this server runs."""
        self._owner: Any = None
        self._owner_lock = asyncio.Lock()
        self._listener: asyncio.Task[None] | None = None
        self.closed = False

    async def _connect(self) -> Any:
        import psycopg

        return await psycopg.AsyncConnection.connect(
            self.conninfo, autocommit=True, application_name="courtly", connect_timeout=10
        )

    async def start(self) -> None:
        """Connect both connections (a database that cannot be reached is a
        CourtlyError now, not later) and start listening."""
        try:
            listener = await self._connect()
            await listener.execute(f"LISTEN {CHANNEL}")
            await self._run("SELECT 1")
        except Exception as exc:
            raise CourtlyError(f"cannot reach the database: {exc}") from None
        self._listener = asyncio.get_running_loop().create_task(self._listen(listener))

    async def close(self) -> None:
        """Say goodbye and let go of every table (other servers take them over)."""
        self.closed = True
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        with contextlib.suppress(Exception):
            await self.notify("bye", "-")
        async with self._owner_lock:
            if self._owner is not None:
                with contextlib.suppress(Exception):
                    await self._owner.close()
                self._owner = None
        self.held.clear()

    # -- news ---------------------------------------------------------------------------
    async def _listen(self, conn: Any) -> None:
        delay = 0.5
        while not self.closed:
            try:
                if conn is None:
                    conn = await self._connect()
                    await conn.execute(f"LISTEN {CHANNEL}")
                    delay = 0.5
                    self.on_reset()
                await self._hear(conn)
            except asyncio.CancelledError:
                if conn is not None:
                    with contextlib.suppress(Exception):
                        await conn.close()
                raise
            except Exception as exc:
                log.warning("the database's notifications stopped (%s); reconnecting", exc)
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()
            conn = None
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)

    async def _hear(self, conn: Any) -> None:
        """Hand each notification of another server to ``on_note`` as it
        arrives, until the connection fails (raised). The listener's socket is
        watched for its whole life and read straight from libpq, every waiting
        notification at once; this server's own (it hears them too) are
        dropped unread."""
        loop = asyncio.get_running_loop()
        pgconn = conn.pgconn
        failed: asyncio.Future[None] = loop.create_future()
        own = f"{self.server} ".encode()

        def readable() -> None:
            try:
                pgconn.consume_input()
                while (note := pgconn.notifies()) is not None:
                    if not note.extra.startswith(own):
                        self._heard(note.extra.decode())
            except Exception as exc:
                if not failed.done():
                    failed.set_exception(exc)

        fd = conn.fileno()
        loop.add_reader(fd, readable)
        try:
            readable()  # any that came before the socket was watched
            await failed
        finally:
            loop.remove_reader(fd)

    def _heard(self, payload: str) -> None:
        parts = payload.split(" ", 3)
        if len(parts) >= 3 and parts[0] != self.server:
            self.on_note(parts[0], parts[1], parts[2], parts[3] if len(parts) > 3 else "")

    async def notify(self, kind: str, table: str, extra: str = "") -> None:
        payload = f"{self.server} {kind} {table}" + (f" {extra}" if extra else "")
        await self._run("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    # -- running tables -------------------------------------------------------------------
    async def _run(self, sql: str, params: Any = None) -> list[tuple[Any, ...]]:
        """Run ``sql`` on the owner connection. Any failure closes it, which lets
        go of every lock it held (so what ``held`` says stays true)."""
        async with self._owner_lock:
            if self.closed and self._owner is None and sql != "SELECT 1":
                raise CourtlyError("the server is closing")
            try:
                if self._owner is None:
                    self._owner = await self._connect()
                cur = await self._owner.execute(sql, params)
                rows: list[tuple[Any, ...]] = (
                    await cur.fetchall() if cur.description is not None else []
                )
                return rows
            except Exception:
                owner, self._owner = self._owner, None
                if owner is not None:
                    with contextlib.suppress(Exception):
                        await owner.close()
                if self.held:
                    self.held.clear()
                    self.on_lost()
                raise

    async def own(self, table_id: str) -> bool:
        """Run the table's bots and clocks here, unless another server does."""
        if table_id in self.held:
            return True
        return table_id in await self.own_many([table_id])

    async def own_many(self, table_ids: list[str]) -> set[str]:
        """Of ``table_ids``, those this server now runs (nobody else did)."""
        wanted = [t for t in table_ids if t not in self.held]
        if not wanted:
            return {t for t in table_ids if t in self.held}
        try:
            rows = await self._run(
                "WITH got AS (SELECT t FROM unnest(%s::text[]) AS t WHERE "
                f"pg_try_advisory_lock({OWN_KEY.format('t')})) "
                "INSERT INTO owners (table_id, server, since) "
                "SELECT t, %s, now() AT TIME ZONE 'UTC' FROM got "
                "ON CONFLICT (table_id) DO UPDATE SET server = EXCLUDED.server, "
                "since = EXCLUDED.since RETURNING table_id",
                (wanted, self.server),
            )
        except Exception as exc:
            log.warning("could not take tables over: %s", exc)
            return {t for t in table_ids if t in self.held}
        self.held.update(r[0] for r in rows)
        return {t for t in table_ids if t in self.held}

    async def adopt(self, limit: int | None = None) -> list[str]:
        """Tables whose server stopped (noted in ``owners``, unfinished, their
        lock free): this server runs them now. Their ids (to load)."""
        try:
            rows = await self._run(
                "WITH c AS MATERIALIZED (SELECT o.table_id FROM owners o "
                "JOIN tables t ON t.id = o.table_id "
                "WHERE NOT t.over AND NOT (o.table_id = ANY(%s::text[]))), "
                "got AS (SELECT table_id FROM c WHERE "
                f"pg_try_advisory_lock({OWN_KEY.format('c.table_id')}) LIMIT %s) "
                "UPDATE owners o SET server = %s, since = now() AT TIME ZONE 'UTC' "
                "FROM got WHERE o.table_id = got.table_id RETURNING o.table_id",
                (sorted(self.held), limit, self.server),
            )
        except Exception as exc:
            log.warning("could not look for tables to take over: %s", exc)
            return []
        found = [r[0] for r in rows]
        self.held.update(found)
        return found

    async def disown(self, table_id: str) -> None:
        """Stop running the table (it left memory): let go of its lock."""
        if table_id not in self.held:
            return
        self.held.discard(table_id)
        with contextlib.suppress(Exception):
            await self._run(
                "WITH gone AS (DELETE FROM owners WHERE table_id = %s AND server = %s) "
                f"SELECT pg_advisory_unlock({OWN_KEY.format('%s')})",
                (table_id, self.server, table_id),
            )
