"""Server-side bots: they think off the event loop so no table waits on another.

Quick bots (``easy``, ``normal``, ``greedy``, ``random``) think in a thread;
searching bots (``hard``, ``ismcts``, up to 1 s a decision) in worker processes,
so their search does not hold the interpreter lock the event loop needs. A bot
sees what its seat may see: its observation and legal actions, never the state.
Hints and game reviews are the ``hard`` search asked for its whole verdict
(``analyse``), in the same worker processes and from the same inputs.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from courtly import bots
from courtly.bots import review
from courtly.bots.ismcts import Analysis
from courtly.games import get

SEARCHING = frozenset({"hard", "ismcts"})
THINK_CAP = 1.0
"""Most seconds a searching bot may think per decision on the server."""

_LOCAL = threading.local()


def think(
    game_id: str,
    name: str,
    observation: Mapping[str, Any],
    legal_ids: list[int],
    seed: int,
    seconds: float | None,
) -> int:
    """The id of the action bot ``name`` chooses (runs in a worker)."""
    game = get(game_id)
    if name in SEARCHING:
        bot = bots.make(name, game, think=min(seconds or THINK_CAP, THINK_CAP))
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
) -> Analysis:
    """The ``hard`` search's verdict on a decision, from the seat's observation
    and legal actions only (runs in a worker)."""
    game = get(game_id)
    legal = [game.actions[i] for i in legal_ids]
    think_for = min(seconds or THINK_CAP, THINK_CAP)
    return review.analyse(game, observation, legal, random.Random(seed), think_for)


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

    def __init__(self, threads: int = 2, processes: int = 1) -> None:
        self.threads: Executor = ThreadPoolExecutor(threads, thread_name_prefix="courtly-bot")
        self.processes_n = processes
        self._processes: Executor | None = None

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
    ) -> int:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._executor(name), think, game_id, name, dict(observation), legal_ids, seed, seconds
        )

    async def analyse(
        self,
        game_id: str,
        observation: Mapping[str, Any],
        legal_ids: list[int],
        seed: int,
        seconds: float | None,
    ) -> Analysis:
        """The ``hard`` search's verdict (every legal move's visits and value),
        thought out where ``hard`` bots think."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._executor("hard"), analyse, game_id, dict(observation), legal_ids, seed, seconds
        )

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
