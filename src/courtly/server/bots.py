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
import random
import threading
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
            self._processes = ProcessPoolExecutor(self.processes_n, mp_context=context)
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

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self._processes is not None:
            self._processes.shutdown(wait=False, cancel_futures=True)
