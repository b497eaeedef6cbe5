"""Several servers sharing one PostgreSQL database (``shared``).

Every write of a table is made holding that table's lock in the database,
after applying what other servers stored since (so the check -> apply ->
commit -> send order holds across servers); every commit notifies the other
servers, which send the news to their own clients exactly as if it had
happened there; and one server at a time (the table's owner) runs its bots and
clocks, taking over the tables of a server that stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

from courtly.engine.errors import CourtlyError
from courtly.server.core import BOT_BACKOFF, HubCore, Live, StorageError, log
from courtly.server.db import Changes, LoopTxn, TableTxn
from courtly.server.table_txn import heard_action

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
ANNOUNCE_RETRIES = (0.1, 0.5, 2.0)
"""Seconds before each new try of a presence notification that failed."""


class Peers(HubCore):
    """News from other servers, catching up with them, taking tables over."""

    @contextlib.asynccontextmanager
    async def _txn(
        self, live: Live, kind: str, what: str
    ) -> AsyncIterator[TableTxn | LoopTxn | None]:
        """Hold the table's lock in the database while checking and storing one
        write of ``kind`` (shared; the caller holds ``live.lock``): first wait
        for any other server holding it, then apply (and send) ``what`` other
        servers stored since (see ``Store.lock_table``). Yields the transaction
        the write goes in (None when not shared: one server, one lock): an
        action's runs on the event loop (a ``LoopTxn``), any other write's in
        a writer thread (a ``TableTxn``). A database that fails is a
        StorageError."""
        if not self.shared:
            yield None
            return
        on_loop = kind == "a" and what == "a" and self.store.loop_txns is not None
        async with self._action_txns if on_loop else self._txns:
            delay, deadline = 0.002, time.monotonic() + LOCK_WAIT
            while True:
                txn = await self._lock(live, kind, what, on_loop)
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
                    self._roll_back(txn)

    def _roll_back(self, txn: TableTxn | LoopTxn) -> None:
        """End a table's transaction in which nothing was written, without
        waiting for it."""
        if isinstance(txn, LoopTxn):
            self._spawn(txn.rollback())
            return
        try:
            self.writer.submit(txn.rollback)
        except RuntimeError:  # the server is closing
            txn.rollback()

    async def _lock(
        self, live: Live, kind: str, what: str, on_loop: bool
    ) -> TableTxn | LoopTxn | None:
        """One try at the table's lock (see ``Store.lock_table``; an action's,
        ``Store.lock_for_action``, on the event loop). A caller cancelled
        meanwhile (a client gone mid-request) does not stop the try: a lock it
        took is let go at once, where it would otherwise hold the table until
        its connection closed, and every later write would wait in vain."""
        table = live.table
        trying: asyncio.Future[TableTxn | LoopTxn | None]
        if on_loop:
            trying = asyncio.ensure_future(
                self.db_now(self.store.lock_for_action, table.id, table.seq)
            )
        else:
            trying = asyncio.ensure_future(
                self.db(self.store.lock_table, table.id, kind, what, table.seq, live.chat_seen)
            )
        try:
            return await asyncio.shield(trying)
        except asyncio.CancelledError:
            trying.add_done_callback(self._let_go)
            raise

    def _let_go(self, trying: asyncio.Future[TableTxn | LoopTxn | None]) -> None:
        """Roll back a lock taken for a caller that is gone."""
        if trying.cancelled() or trying.exception() is not None:
            return
        txn = trying.result()
        if txn is not None:
            self._roll_back(txn)

    # -- several servers (shared) ----------------------------------------------------
    def _noted(self, server: str, kind: str, table_id: str, extra: str) -> None:
        """News from another server (see ``shared``)."""
        self.servers[server] = time.monotonic()
        if kind == "bye":
            self.silent.discard(server)
            self._gone(server)
            return
        if server in self.silent:  # taken for gone, yet alive: who is where there?
            self.silent.discard(server)
            self._ask_everywhere()
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
        elif kind == "a" and (action := heard_action(extra)) is not None:
            n, seat, notation, by_bot = action  # carried by the notification: no read
            busy = live.heard or live.news or live.catching_up or live.lock.locked()
            if n == live.table.seq and not busy:  # the next action, nothing under way: now
                self._apply_heard(live, n, seat, notation, by_bot)
                return
            live.heard[n] = (seat, notation, by_bot)
            self._news(live, "")
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
        self._ask_everywhere()

    def _ask_everywhere(self) -> None:
        """Ask the other servers which seats of each table here have a client there."""
        if self.coord is not None:
            for table_id in list(self.tables):
                self._spawn(self.coord.notify("q", table_id))

    def _lost(self) -> None:
        """The connection holding this server's tables dropped: it runs none of
        them now (until ``_watching`` takes them back, if nobody else did)."""
        for live in self.tables.values():
            live.owner = False
            if live.timer is not None:
                live.timer.cancel()
                live.timer = None

    def _gone(self, server: str) -> None:
        """A server stopped (or fell silent): its clients are gone with it."""
        self.servers.pop(server, None)
        for live in self.tables.values():
            if live.elsewhere.pop(server, None) is not None:
                self._send_seats(live)

    def _fell_silent(self, server: str) -> None:
        """A server not heard from for a while is taken for gone, until heard again."""
        self.silent.add(server)
        self._gone(server)

    async def _announce(self, live: Live) -> None:
        """Tell the other servers which seats of the table have a client here
        (as they are when sent: a later change sends again). A notification
        that fails is tried again: a lost one would show a player online, or
        away, on the other servers until the next change."""
        if self.coord is None:
            return
        for wait in (*ANNOUNCE_RETRIES, None):
            try:
                here = ",".join(map(str, sorted(live.here())))
                await self.coord.notify("p", live.table.id, here)
                return
            except Exception as exc:
                if wait is None or self.closing:
                    log.warning("table %s: could not tell who is here (%s)", live.table.id, exc)
                    return
                await asyncio.sleep(wait)

    def _news(self, live: Live, kinds: str) -> None:
        """Other servers stored ``kinds`` of news (or an action ``heard``): apply it."""
        live.news.update(kinds)
        if not live.catching_up:
            live.catching_up = True
            self._spawn(self._catching_up(live))

    async def _catching_up(self, live: Live) -> None:
        """Apply the actions heard from other servers, and read and apply what
        else they stored, until nothing is new."""
        delay = BOT_BACKOFF[0]
        try:
            while live.news or live.heard:
                kinds, live.news = live.news, set()
                try:
                    async with live.lock:
                        table = live.table
                        heard, gap = self._heard_run(live)
                        if heard:
                            await self._catch_up(live, Changes(actions=heard))
                        if gap:  # an action between was not heard: read them
                            kinds.add("a")
                        if kinds:
                            what = "".join(sorted(kinds | ({"a"} if "r" in kinds else set())))
                            seq = table.seq
                            changes = await self.db(
                                self.store.changes, table.id, what, table.seq, live.chat_seen
                            )
                            await self._catch_up(live, changes)
                            if gap and table.seq == seq:  # heard, yet never stored: forget it
                                log.warning("table %s: actions heard were not stored", table.id)
                                live.heard.clear()
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

    def _apply_heard(self, live: Live, n: int, seat: int, notation: str, by_bot: bool) -> None:
        """Apply and send the table's next action as soon as it is heard, when
        nothing is under way at the table (its lock free: taking it would not
        wait, and nothing runs between here and the end)."""
        try:
            self._apply_actions(live, [(n, seat, notation, by_bot)])
        except CourtlyError:
            log.exception("table %s cannot follow its stored actions", live.table.id)
            self._drop(live)
            return
        self._kick_bots(live)

    def _heard_run(self, live: Live) -> tuple[list[tuple[int, int, str, bool]], bool]:
        """The actions heard that follow the table's last, in order (taken out
        of ``heard``; those it has already are dropped), and whether one
        further on was heard (the actions between must be read)."""
        heard, seq = live.heard, live.table.seq
        for n in [n for n in heard if n < seq]:
            del heard[n]
        run = []
        while seq in heard:
            seat, notation, by_bot = heard.pop(seq)
            run.append((seq, seat, notation, by_bot))
            seq += 1
        return run, bool(heard)

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
        self._apply_actions(live, changes.actions)
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

    def _apply_actions(self, live: Live, actions: list[tuple[int, int, str, bool]]) -> None:
        """Apply the actions other servers stored (those not applied yet), and
        send them to this server's clients exactly as if they had happened here."""
        table = live.table
        for n, seat, notation, by_bot in actions:
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
                            self._fell_silent(server)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the check for tables to take over failed")

    def _take_over(self, live: Live) -> None:
        """Run the table's clocks and (once what was stored is read) its bots here."""
        live.owner = True
        self._clock_step(live)
        self._news(live, "acsr")
