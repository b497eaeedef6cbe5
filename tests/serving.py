"""A Courtly app served for real (uvicorn with ``courtly serve``'s settings, on a
free port, from a thread of the test process), for tests that talk to it over
HTTP and websockets as clients do."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn

from courtly.server import transport
from courtly.server.load import free_port


@contextlib.contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` served on a free port from a thread of this process: its address."""
    config = transport.config(app, "127.0.0.1", free_port(), log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{config.port}"
    finally:
        srv.should_exit = True
        thread.join(10)
