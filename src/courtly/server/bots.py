"""Server-side bots: they think off the event loop so no table waits on another.

Quick bots (``easy``, ``normal``, ``greedy``, ``random``) think in a thread;
searching bots (``hard``, ``ismcts``, up to 1 s a decision) in worker processes,
so their search does not hold the interpreter lock the event loop needs. A bot
sees what its seat may see: its observation and legal actions, never the state.
Hints and game reviews are the ``hard`` search asked for its whole verdict
(``analyse``), in the same worker processes and from the same inputs.

Bots never keep people waiting:

- **A budget per turn.** A searching bot's decisions in one turn (its
  decisions with nobody else acting between them) share ``TURN_BUDGET``
  seconds: each takes at most ``SHARE`` of what is left of it (and never more
  than the table's think, capped at ``THINK_CAP``); once too little is left to
  search, its heuristic (``QUICK_STAND_IN``) plays the rest of the turn at
  once. A Crown Rivals turn of six decisions is over within 2 s.
- **Forced decisions at once, when that tells nothing.** A decision with one
  legal move is played without a search. Played at once only when everyone
  could tell it was forced (the game says the seat's moves are in plain
  sight, ``State.choices_public``: an empty or shown hand); otherwise the bot still waits the
  time it would have searched, so its speed says nothing of its hidden cards.
- **A bounded pool, fair between tables.** Searches run in ``processes``
  worker processes, one search each; the waiting ones are served table by
  table in turn (``FairSlots``), so a table with many bots cannot crowd out a
  table with one. A search keeps its deadline: the time it waited for a worker
  comes off its think, and while others wait it thinks less still
  (``fair_think``). Hints and reviews queue the same way.
- **A search that never ends is stopped.** A search still running
  ``stuck_after`` seconds past its think (a fault in a bot or a game, or a
  worker that cannot start) holds its worker and every search queued behind
  it: its workers are stopped and the pool replaced, and the search raises
  ``SearchStuck``. A bot then plays its heuristic's move (``QUICK_STAND_IN``);
  a hint or a review says it could not be worked out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from courtly import bots
from courtly.bots import review
from courtly.bots.ismcts import Analysis
from courtly.games import get

T = TypeVar("T")
log = logging.getLogger("courtly.server")

SEARCHING = frozenset({"hard", "ismcts"})
THINK_CAP = 1.0
"""Most seconds a searching bot may think per decision on the server."""
TURN_BUDGET = 2.0
"""Most seconds a searching bot thinks in one turn, all its decisions together."""
SHARE = 0.5
"""At most this share of the turn's budget left goes to one decision."""
MIN_THINK = 0.05
"""The least a search is given (under saturation or at the end of a budget)."""
STUCK_AFTER = 30.0
"""Seconds past its think after which a search counts as stuck (a worker's first
search also starts the worker and imports the game: a few seconds on a busy
machine)."""


class SearchStuck(Exception):
    """A search ran far past its think: its workers were stopped (``BotPool``)."""


def turn_think(think: float | None, spent: float) -> float:
    """Seconds one decision may take when ``spent`` seconds of the turn's
    budget are gone: a share of what is left, within the table's think; 0 when
    too little is left to search (the bot then plays its heuristic's move)."""
    asked = min(think or THINK_CAP, THINK_CAP)
    seconds = min(asked, SHARE * (TURN_BUDGET - spent))
    return seconds if seconds >= MIN_THINK else 0.0


QUICK_STAND_IN = "normal"
"""The bot that plays a searching bot's decisions once its turn's budget is spent."""


def fair_think(allotted: float, waited: float, waiting: int, slots: int) -> float:
    """What a search may take once it has a worker: its allotment less the time
    it waited (its deadline holds), and shared out while ``waiting`` others
    wait for the ``slots`` workers (bots think less rather than queue)."""
    left = allotted - waited
    return max(MIN_THINK, min(left, allotted * slots / (slots + waiting)))


class FairSlots:
    """The search workers' slots, handed out table by table in turn: a table
    waiting for a worker is served before another table's second search."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self.free = slots
        self.queues: dict[str, deque[asyncio.Future[None]]] = {}
        """The waiting searches by table; the dict's order is the rotation."""

    def waiting(self) -> int:
        return sum(len(q) for q in self.queues.values())

    async def acquire(self, table: str) -> None:
        if self.free > 0 and not self.queues:
            self.free -= 1
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.queues.setdefault(table, deque()).append(fut)
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():  # handed a slot as it was cancelled
                self.release()
            else:
                queue = self.queues.get(table)
                if queue is not None and fut in queue:
                    queue.remove(fut)
                    if not queue:
                        del self.queues[table]
            raise

    def release(self) -> None:
        """A search is done: its worker goes to the next table in the rotation."""
        while self.queues:
            table = next(iter(self.queues))
            queue = self.queues.pop(table)
            fut = queue.popleft()
            if queue:  # the table's other searches wait at the back of the rotation
                self.queues[table] = queue
            if not fut.done():
                fut.set_result(None)
                return
        self.free += 1


_LOCAL = threading.local()


def think(
    game_id: str,
    name: str,
    observation: Mapping[str, Any],
    legal_ids: list[int],
    seed: int,
    seconds: float | None,
    lineup: list[str | None] | None = None,
) -> int:
    """The id of the action bot ``name`` chooses (runs in a worker); a
    searching bot is shown its table's ``lineup`` (``Bot.meet``)."""
    game = get(game_id)
    if name in SEARCHING:
        bot = bots.make(name, game, think=min(seconds or THINK_CAP, THINK_CAP))
        if lineup is not None:
            bot.meet(lineup)
    else:  # quick bots keep no memory between decisions: one per worker thread will do
        cache: dict[tuple[str, str], bots.Bot] = _LOCAL.__dict__.setdefault("bots", {})
        key = (game_id, name)
        bot = cache.get(key) or cache.setdefault(key, bots.make(name, game))
    legal = [game.actions[i] for i in legal_ids]
    return bot.act(observation, legal, random.Random(seed)).id


def analyse(
    game_id: str,
    observation: Mapping[str, Any],
    legal_ids: list[int],
    seed: int,
    seconds: float | None,
    lineup: list[str | None] | None = None,
) -> Analysis:
    """The ``hard`` search's verdict on a decision, from the seat's observation,
    legal actions and the table's public ``lineup`` only (runs in a worker)."""
    game = get(game_id)
    legal = [game.actions[i] for i in legal_ids]
    think_for = min(seconds or THINK_CAP, THINK_CAP)
    return review.analyse(game, observation, legal, random.Random(seed), think_for, lineup)


def _end_with_parent(parent: int) -> None:
    """In a search worker: end it as soon as the server that started it is gone
    (a server killed outright never gets to close its pool)."""

    def watch() -> None:
        # Workers are forked by the forkserver, not by the server: watch the
        # server itself.
        while True:
            time.sleep(1.0)
            try:
                os.kill(parent, 0)
            except (ProcessLookupError, PermissionError):  # gone (or the id reused)
                os._exit(0)
            try:  # ended but not yet reaped (a zombie) counts as gone too
                with open(f"/proc/{parent}/stat") as f:
                    if f.read().rsplit(") ", 1)[-1][:1] == "Z":
                        os._exit(0)
            except OSError:
                pass

    threading.Thread(target=watch, name="courtly-parent-watch", daemon=True).start()


class BotPool:
    """Where bots think: a thread pool for quick bots, processes for search."""

    def __init__(
        self, threads: int = 2, processes: int = 1, stuck_after: float = STUCK_AFTER
    ) -> None:
        self.threads: Executor = ThreadPoolExecutor(threads, thread_name_prefix="courtly-bot")
        self.processes_n = processes
        self._processes: Executor | None = None
        self.slots = FairSlots(processes)
        self.stuck_after = stuck_after

    def _executor(self, name: str) -> Executor:
        if name not in SEARCHING:
            return self.threads
        if self._processes is None:
            # forkserver: a clean process to fork from, not this threaded server
            context = multiprocessing.get_context("forkserver")
            self._processes = ProcessPoolExecutor(
                self.processes_n,
                mp_context=context,
                initializer=_end_with_parent,
                initargs=(os.getpid(),),
            )
        return self._processes

    async def choose(
        self,
        game_id: str,
        name: str,
        observation: Mapping[str, Any],
        legal_ids: list[int],
        seed: int,
        seconds: float | None,
        table: str = "",
        lineup: list[str | None] | None = None,
    ) -> int:
        """The bot's move; a searching bot searches ``seconds`` at most, less
        the time it waits for a worker (``fair_think``), shown its table's
        ``lineup`` (``Table.lineup``)."""
        loop = asyncio.get_running_loop()
        obs = dict(observation)
        if name not in SEARCHING:
            return await loop.run_in_executor(
                self.threads, think, game_id, name, obs, legal_ids, seed, seconds
            )
        async with self._slot(table, seconds) as given:
            try:
                return await self._searched(
                    given, think, game_id, name, obs, legal_ids, seed, given, lineup
                )
            except SearchStuck as exc:
                log.warning("table %s: %s; %s plays this move", table, exc, QUICK_STAND_IN)
        return await loop.run_in_executor(
            self.threads, think, game_id, QUICK_STAND_IN, obs, legal_ids, seed, None
        )

    async def analyse(
        self,
        game_id: str,
        observation: Mapping[str, Any],
        legal_ids: list[int],
        seed: int,
        seconds: float | None,
        table: str = "",
        lineup: list[str | None] | None = None,
    ) -> Analysis:
        """The ``hard`` search's verdict (every legal move's visits and value),
        thought out where ``hard`` bots think, queued with them."""
        async with self._slot(table, seconds) as given:
            return await self._searched(
                given, analyse, game_id, dict(observation), legal_ids, seed, given, lineup
            )

    async def _searched(self, seconds: float, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` in a search worker, given ``seconds`` to think. A pool
        of search workers that broke (a worker killed, or an answer that could
        not come back) is replaced, and the work tried once more in the new
        one: one failure must not leave every searching bot of the server
        without a move. A search still running ``stuck_after`` seconds past
        its think is stopped with its pool (``SearchStuck``)."""
        executor = self._executor("hard")
        try:
            return await self._within(seconds, executor, work, *args)
        except BrokenProcessPool:
            self._replace(executor)
            return await self._within(seconds, self._executor("hard"), work, *args)

    async def _within(
        self, seconds: float, executor: Executor, work: Callable[..., T], *args: Any
    ) -> T:
        """``work(*args)`` in ``executor``, stopped as stuck past its time."""
        future = asyncio.get_running_loop().run_in_executor(executor, work, *args)
        try:
            return await asyncio.wait_for(future, seconds + self.stuck_after)
        except TimeoutError:
            self._replace(executor, stop=True)
            raise SearchStuck(
                f"a search given {seconds:.2f} s was still running "
                f"{self.stuck_after:.0f} s later: its worker was stopped"
            ) from None

    def _replace(self, executor: Executor, stop: bool = False) -> None:
        """The search workers of ``executor`` are done with (broken, or stopped
        at once when ``stop``): the next search starts a new pool."""
        if executor is not self._processes:
            return  # already replaced by another search
        self._processes = None
        procs = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        if stop:
            for p in procs:
                p.kill()  # a stuck worker holds nothing to clean up, and may not heed SIGTERM

    @contextlib.asynccontextmanager
    async def _slot(self, table: str, seconds: float | None) -> AsyncIterator[float]:
        """A worker for one search, fairly between tables; the seconds it may take."""
        allotted = min(seconds or THINK_CAP, THINK_CAP)
        asked = time.monotonic()
        await self.slots.acquire(table)
        try:
            waiting = self.slots.waiting()
            yield fair_think(allotted, time.monotonic() - asked, waiting, self.slots.slots)
        finally:
            self.slots.release()

    def worker_pids(self) -> list[int]:
        """The search worker processes now running."""
        procs = getattr(self._processes, "_processes", None) or {}
        return [p.pid for p in procs.values() if p.pid is not None and p.is_alive()]

    def close(self) -> None:
        """Stop thinking: queued work is dropped and the search workers end now,
        even in the middle of a search (nobody waits for its answer)."""
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            procs = list((getattr(self._processes, "_processes", None) or {}).values())
            self._processes.shutdown(wait=False, cancel_futures=True)
            for p in procs:
                p.terminate()
            for p in procs:
                p.join(timeout=5)
