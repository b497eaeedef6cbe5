"""Running a lab's chunks on a Dask distributed cluster.

Start a scheduler and workers where Courtly is installed (the same version):

    dask scheduler --port 8786
    dask worker tcp://HOST:8786 --nworkers 4 --nthreads 1

then ``courtly lab run GAME ... --cluster tcp://HOST:8786``. Each chunk is one
task; results come back as they finish and are saved by the machine that
started the run, so an interrupted run resumes the same way as a local one.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

from courtly.engine.errors import CourtlyError
from courtly.lab.collect import Chunk, play_chunk


class ClusterError(CourtlyError):
    """The Dask cluster could not be reached or failed a task."""


def check_address(address: str) -> None:
    """Fail at once, not after the client's timeout, when nothing listens there."""
    parsed = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        host, port = parsed.hostname, parsed.port
    except ValueError:
        host, port = None, None
    if parsed.scheme != "tcp" or not host or not port:
        raise ClusterError(
            f"{address!r} is not a Dask scheduler address: write tcp://HOST:PORT, "
            "e.g. tcp://127.0.0.1:8786"
        )
    try:
        socket.create_connection((host, port), timeout=5).close()
    except OSError as exc:
        raise ClusterError(
            f"cannot reach a Dask scheduler at {address}: {exc.strerror or exc}. Start one with "
            "`dask scheduler` and workers with `dask worker ADDRESS`"
        ) from None


TOPIC = "courtly-lab-game"
"""The cluster's event topic on which a worker tells of each game it finishes."""


def play_chunk_telling(chunk: Chunk) -> dict[str, Any]:
    """``play_chunk`` on a worker, logging an event (the chunk's key) after each
    game so that the machine running the lab counts games as they end."""
    from distributed import get_worker

    worker = get_worker()
    return play_chunk(chunk, lambda: worker.log_event(TOPIC, chunk.key))


def run_on_cluster(
    address: str,
    chunks: list[Chunk],
    timeout: float = 20,
    on_game: Callable[[str], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Play ``chunks`` on the cluster at ``address``; yields results as they
    finish. ``on_game(key)`` (from the client's thread) as word comes of each
    game of chunk ``key`` ending; word may come late, or after the chunk."""
    try:
        from distributed import Client, as_completed
    except ImportError as exc:  # pragma: no cover - distributed is a core dependency
        raise ClusterError(f"the Dask 'distributed' package is missing: {exc}") from None
    check_address(address)
    try:
        client = Client(address, timeout=timeout)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(
            f"cannot reach a Dask scheduler at {address}: {exc}. Start one with "
            "`dask scheduler` and workers with `dask worker ADDRESS`"
        ) from None
    try:
        if on_game is not None:
            tell = on_game
            client.subscribe_topic(TOPIC, lambda event: tell(event[1]))
        futures = client.map(play_chunk_telling, chunks, pure=False)
        for future in as_completed(futures):
            try:
                result: dict[str, Any] = future.result()
            except CourtlyError:
                raise
            except Exception as exc:
                raise ClusterError(f"a cluster task failed: {type(exc).__name__}: {exc}") from None
            yield result
    finally:
        client.close()
