"""A Courtly app served for real (uvicorn with ``courtly serve``'s settings, on a
free port, from a thread of the test process), for tests that talk to it over
HTTP and websockets as clients do."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from courtly.server import transport


@contextlib.contextmanager
def serving(app: Any, **settings: Any) -> Iterator[str]:
    """``app`` served on a free port from a thread of this process: its address
    (``settings``: more of ``transport.config``'s)."""
    config = transport.config(app, "127.0.0.1", free_port(), log_level="warning", **settings)
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    db: Path | str, port: int, wait: float = 30.0, bot_pace: float | None = None
) -> subprocess.Popen[bytes]:
    """``courtly serve`` on ``port`` with the database ``db`` (a SQLite file or
    a database URL), once it answers; ``bot_pace``: its ``--bot-pace`` (the
    server's own default when None).
    Raises ``RuntimeError`` with the server's own error output if it dies or
    does not answer within ``wait`` seconds."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from courtly.cli.app import main; main()",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            "--tables-per-minute",
            "100000",  # the load client creates every table from one address
            "--sockets-per-address",
            "100000",  # ... and connects every seat from it
            *([] if bot_pace is None else ["--bot-pace", str(bot_pace)]),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"the server stopped: {err.strip() or proc.returncode}")
    proc.kill()
    raise RuntimeError("the server did not start")
