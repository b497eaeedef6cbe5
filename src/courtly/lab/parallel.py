"""Tasks on local processes, with word of each game as it ends.

A task (a chunk of games) is the unit of work, of saving and of resuming, but a
progress bar wants each game: a task's function is given a ``tick`` to call as
each of its games ends. In a worker process a tick is written at once into a
pipe shared with this process (a ``multiprocessing.SimpleQueue``: no background
thread, so every tick of a task is in the pipe before its result comes back),
and this process reads the ticks while it waits for the tasks.
"""

from __future__ import annotations

import functools
import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing.queues import SimpleQueue
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

Tick = Callable[[], None]

POLL = 0.1
"""Seconds between two looks at the ticks while tasks run."""

_ticks: SimpleQueue[int] | None = None
"""In a worker process: the pipe to send ticks into."""


def _start_worker(ticks: SimpleQueue[int]) -> None:
    global _ticks
    _ticks = ticks


def _run(fn: Callable[[Any, Tick], R], index: int, task: Any) -> R:
    """A task in a worker process, each tick sent as the task's index."""

    def tick() -> None:
        if _ticks is not None:
            _ticks.put(index)

    return fn(task, tick)


def _drain(ticks: SimpleQueue[int], on_tick: Callable[[int], None]) -> None:
    while not ticks.empty():
        on_tick(ticks.get())


def run_tasks(
    fn: Callable[[T, Tick], R],
    tasks: list[T],
    jobs: int,
    on_tick: Callable[[int], None],
) -> Iterator[tuple[int, R]]:
    """``fn(task, tick)`` for every task, here (``jobs`` 1) or on ``jobs``
    processes (``fn`` then a module-level function); ``on_tick(i)`` in this
    process for each tick of task ``i``, and ``(i, result)`` yielded as each
    task finishes, after all of its ticks."""
    if jobs <= 1:
        for i, task in enumerate(tasks):
            yield i, fn(task, functools.partial(on_tick, i))
        return
    ctx = multiprocessing.get_context()
    ticks: SimpleQueue[int] = ctx.SimpleQueue()
    with ProcessPoolExecutor(
        max_workers=jobs, mp_context=ctx, initializer=_start_worker, initargs=(ticks,)
    ) as pool:
        index: dict[Future[R], int] = {
            pool.submit(_run, fn, i, task): i for i, task in enumerate(tasks)
        }
        pending = set(index)
        try:
            while pending:
                done, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
                _drain(ticks, on_tick)
                for f in sorted(done, key=index.__getitem__):
                    yield index[f], f.result()
        finally:
            for f in pending:
                f.cancel()
