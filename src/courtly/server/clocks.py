"""Clocks and seats away: a human seat's time bank runs while it is to act;
a seat out of time is marked away (stored, so every server knows) and a
``normal`` bot plays for it until its player comes back."""

from __future__ import annotations

import asyncio
import time

from courtly.server.core import BOT_BACKOFF, HubCore, Live, StorageError, log
from courtly.server.protocol import Refused


class Clocks(HubCore):
    """Time banks, running out of time and coming back."""

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
