"""Acting at a table: submissions, chat, the bots' and forced moves, hints.

A submission is checked, applied to the engine state, committed to the
database and only then sent out, all under the table's lock, so simultaneous
decisions accept submissions in any order and each accepted action is applied
and stored in one order. Bots think in executors (the bot pool), so other
tables never wait.

A table's bots play by the engine driver's seeding scheme, one move at a
time (the server plays no whole game through the driver: it is told of each
move as it lands): when several of its bots are to act at once they are asked
one after another in the driver's serving order, each with the generator the
driver would give it (``decision_seed``), so a table of bots alone created
with a seed plays the very game ``courtly sim`` plays with that seed (as far
as the bots do not think against the clock).

A hint asks the ``hard`` search in the bot pool: it is worked out from the
asking seat's observation and legal actions only, one at a time per seat, and
answered to the asking connection alone.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from typing import Any

from courtly.bots import review as advice
from courtly.bots.base import QUICK_PACE, publicly_forced
from courtly.engine import waivers
from courtly.engine.actions import Action
from courtly.engine.driver import decision_seed, serving_order
from courtly.engine.events import Event
from courtly.server.bots import (
    QUICK_STAND_IN,
    SEARCHING,
    SearchStuck,
    turn_think,
)
from courtly.server.connections import Connection
from courtly.server.core import BOT_BACKOFF, HubCore, Live, StorageError, log, rate_limited
from courtly.server.db import LoopTxn, NewAction
from courtly.server.protocol import ChatLine, Hint, HintMove, Refused
from courtly.server.tables import Table

HINT_MOVES = 5
"""Moves a hint names."""
WATCH_PACE = 1.0
"""Seconds ``courtly serve`` gives each move of a table of bots only: a pace
people can watch (nobody follows 150 moves in five seconds), and bots-only
tables never take the CPU that people's tables need. A table with a person
at it is never paced (its bots answer at once when the table can foresee the
move, otherwise when their think ends: ``QUICK_PACE``)."""


class Acting(HubCore):
    """Acting at a table: people, bots and forced moves; chat; hints."""

    async def submit(
        self, live: Live, seat: int, action: Any, seq: int | None, by_bot: bool = False
    ) -> Refused | None:
        """Check, apply, commit, then send: None when accepted, else the refusal."""
        async with live.lock:
            stored, refused = await self._submit_at_once(live, seat, action, seq, by_bot)
            if not stored:
                refused = await self._submit_locked(live, seat, action, seq, by_bot)
            if refused is not None:
                return refused
        self._kick_bots(live)
        return None

    async def _submit_at_once(
        self, live: Live, seat: int, action: Any, seq: int | None, by_bot: bool
    ) -> tuple[bool, Refused | None]:
        """Shared (PostgreSQL), with nothing heard from other servers yet to
        apply here: check and apply the action, then store it in one round
        trip, which stores it only if no other server holds the table's lock
        or has stored an action of that number meanwhile (so this server's
        copy of the table was the stored one). (False, None) when it was not
        stored (undone): the locked path then catches up and judges it again,
        as it does any action this copy refuses. The caller holds ``live.lock``."""
        if self.store.loop_txns is None or live.news or live.heard or live.catching_up:
            return False, None
        table = live.table
        act, refused = table.refusal(seat, action, seq)
        if refused is not None or act is None:
            return False, None
        events, new = _apply(table, seat, act, by_bot)
        try:
            async with self._action_txns:
                storing = self.db_now(self.store.add_action_at_once, new)
                stored = await asyncio.shield(storing)
        except StorageError as exc:  # the database failed: undo
            table.undo_last()
            return True, Refused(code="server_error", reason=str(exc), seq=table.seen_seq(seat))
        if not stored:  # another server holds the table, or stored an action first
            table.undo_last()
            return False, None
        self._acted(live, events, seat, act.notation, by_bot)
        return True, None

    async def _submit_locked(
        self, live: Live, seat: int, action: Any, seq: int | None, by_bot: bool
    ) -> Refused | None:
        """Holding the table's lock (and, shared, the table's lock in the
        database, after applying what other servers stored since): check,
        apply, commit, then send. The caller holds ``live.lock``."""
        try:
            async with self._txn(live, "a", "a") as txn:
                table = live.table
                act, refused = table.refusal(seat, action, seq)
                if refused is not None or act is None:
                    return refused
                events, new = _apply(table, seat, act, by_bot)
                try:
                    if isinstance(txn, LoopTxn):  # PostgreSQL: on the event loop
                        # to its end even if this caller is cancelled meanwhile:
                        # the table in memory is then that of the stored actions
                        await asyncio.shield(self.db_now(self.store.add_action_now, txn, new))
                    else:
                        await self.db(self.store.add_action, new, txn)
                except StorageError as exc:  # the disk or the database failed: undo
                    table.undo_last()
                    return Refused(code="server_error", reason=str(exc), seq=table.seen_seq(seat))
                self._acted(live, events, seat, act.notation, by_bot)
        except StorageError as exc:  # the table's lock could not be had
            return Refused(code="server_error", reason=str(exc), seq=live.table.seen_seq(seat))
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
        views = table.views(events, seat, wanted={c.seat for c in live.conns})
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

    # -- bots ----------------------------------------------------------------------------
    def _kick_bots(self, live: Live) -> None:
        if self.closing:
            return
        if live.passing:  # kept by the server its player sent it to, whoever runs the table
            self._kick_waivers(live)
        if not live.owner:  # another server runs this table's bots
            return
        table = live.table
        turns = table.bot_turns()
        if turns and not any(seat in live.thinking for seat in turns):
            # One bot at a time, in the driver's serving order (engine/driver.py):
            # a table of bots alone plays the game the driver plays from its seed.
            seat = next(s for s in serving_order(table.state) if s in turns)
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

    def _kick_waivers(self, live: Live) -> None:
        """The seats passing until their turn (``pass_all``): a decision the
        game lets pass is let pass for them at once; the first that is not
        (their own turn) ends their passes."""
        table = live.table
        for seat in sorted(live.passing):
            if table.state.over:
                live.passing.discard(seat)
            elif seat not in table.state.to_act:
                continue
            elif table.waiver(seat) is None:
                live.passing.discard(seat)  # a decision of its own: asked as usual
            elif seat not in live.thinking and seat not in table.bot_turns():
                # (a stand-in bot answers for an away seat)
                task = asyncio.get_running_loop().create_task(self._forced_move(live, seat))
                live.thinking[seat] = task

    async def _forced_move(self, live: Live, seat: int) -> None:
        """A person's move made for them: the move that lets their decision
        pass when they sent ``pass_all`` (until their turn); their only legal
        move at once when everybody could tell it was forced (nothing is learnt
        from it), or when they turned ``auto_pass`` on (its speed then says
        they could not respond). Either goes the way of every submission.
        When another move lands between reading the decision and submitting it
        (refused as stale), the decision is looked at again: a forced move is
        never dropped."""
        again = False
        waived = False
        try:
            async with live.lock:
                table = live.table
                legal = table.legal.get(seat, ())
                if seat in table.bot_turns():
                    return
                seq = table.seen_seq(seat)
                waiver = table.waiver(seat) if seat in live.passing else None
                if waiver is not None:
                    action, waived = waiver.id, True
                elif len(legal) != 1:
                    return
                elif seat not in live.auto_pass and not publicly_forced(table.state, seat):
                    return  # the person answers, as they would at a real table
                else:
                    action = legal[0]
            refused = await self.submit(live, seat, action, seq)
            again = refused is not None and refused.code == "stale"
            if waived and refused is not None and refused.code == "server_error":
                self._passes_stopped(live, seat, refused)
        except Exception:
            log.exception("table %s: the forced move of seat %s failed", live.table.id, seat)
        finally:
            live.thinking.pop(seat, None)
            # after a pass made for it the seat may be asked again at once, which
            # the kick of its own submission passed over (this task was under way)
            if (again or waived) and not live.table.state.over:
                self._kick_bots(live)

    # -- passing until one's turn ----------------------------------------------------------
    async def pass_all(self, live: Live, seat: int, seq: int | None) -> Refused | None:
        """``pass_all`` from ``seat``: the move that lets the decision it is
        asked pass, submitted as a click of it would be, and then each later
        such decision of the seat let pass at once until one of its own
        (``Live.passing``, ``_kick_waivers``); or why not (``about``:
        ``pass_all``)."""
        async with live.lock:
            table = live.table
            refused = unwaivable(table, seat)
            waiver = table.waiver(seat)
            if refused is not None or waiver is None:
                return refused
        refused = await self.submit(live, seat, waiver.id, seq)
        # ``duplicate``: the decision was answered meanwhile (a move made for the
        # seat, another of its tabs); the passes go on from the next one all the same
        if refused is not None and refused.code != "duplicate":
            refused.about = "pass_all"
            return refused
        live.passing.add(seat)  # before any other task runs: no window slips by
        self._kick_bots(live)
        return None

    def _passes_stopped(self, live: Live, seat: int, refused: Refused) -> None:
        """A pass of ``pass_all`` could not be made (storage failed): its passes
        end, and the seat's own connections are told so, to answer themselves."""
        live.passing.discard(seat)
        told = Refused(
            code=refused.code,
            reason=f"passing until your turn stopped: {refused.reason}; answer this one yourself",
            seq=live.table.seen_seq(seat),
            about="pass_all",
        )
        for conn in live.conns:
            if conn.seat == seat:
                self._refuse(conn, told)

    async def _bot_move(self, live: Live, seat: int) -> None:
        try:
            for _ in range(20):  # a decision that keeps changing under the bot: give up
                started = time.monotonic()
                async with live.lock:
                    table = live.table
                    if seat not in table.bot_turns():
                        return
                    obs = table.state.observation(seat)
                    legal = list(table.legal.get(seat, ()))
                    seq = table.seen_seq(seat)
                    name = table.bot_for(seat)
                    rng_seed = decision_seed(table.state.seed, seat, table.seq)
                    searching = name in SEARCHING
                    seconds = turn_think(table.think, live.turn_spent.get(seat, 0.0))
                    if searching and not seconds:  # the turn's budget is spent
                        name, searching = QUICK_STAND_IN, False
                    forced = len(legal) == 1
                    public = forced and publicly_forced(table.state, seat)
                    watched = self.bot_pace > 0 and all(s.kind == "bot" for s in table.seats)
                if watched:  # a table of bots only plays at a pace people can watch
                    await asyncio.sleep(self.bot_pace)
                    started = time.monotonic()
                if forced:  # no search; a wait below unless everybody knows it was forced
                    action = legal[0]
                else:
                    action = await self.pool.choose(
                        table.game.id,
                        name,
                        obs,
                        legal,
                        rng_seed,
                        seconds,
                        table=table.id,
                        lineup=table.lineup(),
                    )
                if not public:  # its speed tells nothing: the same moment, choice or not
                    due = seconds if searching else QUICK_PACE  # as Bot.pace, with the turn's think
                    await self._pace(started + due - time.monotonic())
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
        """Wait what is left of a bot's hidden decision (``QUICK_PACE``)."""
        if seconds > 0:
            await asyncio.sleep(seconds)

    # -- hints -----------------------------------------------------------------------------
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
                lineup=table.lineup(),
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
                shown = advice.top_moves(analysis, HINT_MOVES)  # each one tried
                rough = advice.rough(shown)
                msg = Hint(
                    seq=table.seen_seq(seat),
                    moves=[
                        HintMove(
                            id=m.action.id,
                            notation=m.action.notation,
                            words=advice.words(m),  # with the line it opens, if any
                            value=round(m.value or 0.0, 4),
                            visits=m.visits,
                        )
                        for m in shown
                    ],
                    iterations=analysis.iterations,
                    seconds=round(analysis.seconds, 3),
                    rough=rough,
                    note=advice.ROUGH_NOTE if rough else "",
                    chance=advice.chance(table.game, table.state.players),
                )
                self._put(conn, self._game_message(live, seat, msg))
        except Exception as exc:
            if isinstance(exc, SearchStuck):  # its workers are stopped: a line, no traceback
                log.warning("table %s: the hint for seat %s: %s", table.id, seat, exc)
                reason = "the hint's search did not finish; try again"
            else:
                log.exception("table %s: the hint for seat %s failed", table.id, seat)
                reason = "the hint could not be worked out; try again"
            self._refuse(conn, Refused(code="server_error", reason=reason, about="hint"))
        finally:
            live.hinting.discard(seat)


def unwaivable(table: Table, seat: int) -> Refused | None:
    """Why ``seat`` may not send ``pass_all`` now, if it may not
    (``courtly.engine.waivers.unwaivable``), as a refusal."""
    refused = waivers.unwaivable(table.state, seat, "pass_all", "send act")
    if refused is None:
        return None
    return Refused(
        code=refused.code, reason=refused.reason, seq=table.seen_seq(seat), about="pass_all"
    )


def _apply(table: Table, seat: int, act: Action, by_bot: bool) -> tuple[list[Event], NewAction]:
    """Apply ``act`` at ``table``: its events, and the action to store with
    what goes with it (``NewAction``). A person acting takes their seat back
    (stored whatever this server knows: another may just have marked it away)."""
    back = not by_bot and table.takeover
    events = table.apply(seat, act)
    new = NewAction(table.id, table.seq - 1, seat, act.notation, by_bot, table.result(), back)
    return events, new
