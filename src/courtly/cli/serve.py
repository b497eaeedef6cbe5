"""``courtly serve``: the web-play server (FastAPI on uvicorn)."""

from __future__ import annotations

import errno
import gc
import socket

from rich.console import Console

from courtly.engine.errors import CourtlyError
from courtly.server.db import Store, database_url, shown_url

GC_THRESHOLDS = (100_000, 50, 1000)
"""Python's collector, tuned for a server: a live game allocates many small
objects and frees nearly all at once, so sweeps of the youngest generation can
be rare; full sweeps of a heap of hundreds of tables paused the one event loop
for tens of milliseconds, which was the whole tail of the load benchmark."""


def tune_collector() -> None:
    """Set the collector for a long-running process that holds many live
    games (a server, or the load benchmark's clients): ``GC_THRESHOLDS``, and
    everything alive now (the modules and the app, which never go) moved out
    of the collector's sweeps for good (``gc.freeze``), so that the rare full
    sweep looks only at what the games made since."""
    gc.set_threshold(*GC_THRESHOLDS)
    gc.collect()
    gc.freeze()


def run_serve(
    out: Console,
    host: str,
    port: int,
    db: str,
    tables_per_minute: int = 12,
    bot_pace: float | None = None,
    proxy: str | None = None,
    sockets_per_address: int = 64,
) -> None:
    import uvicorn

    from courtly.server import transport
    from courtly.server.app import create_app
    from courtly.server.limits import Limits

    check_port(host, port)
    url = database_url(db)
    Store(url).close()  # migrate now, so a bad database is a one-line error before serving
    limits = Limits(
        create_rate=tables_per_minute / 60,
        create_burst=max(10, tables_per_minute),
        sockets=sockets_per_address,
    )
    from courtly.server.live import WATCH_PACE

    pace = WATCH_PACE if bot_pace is None else bot_pace
    app = create_app(db, limits=limits, bot_pace=pace)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    out.print(f"Courtly is serving on [bold]http://{shown}:{port}/[/] (database: {shown_url(url)})")
    out.print("Open it in a browser to play; the API is at /docs. Ctrl-C stops.")
    tune_collector()
    uvicorn.Server(transport.config(app, host, port, proxy, log_level="warning")).run()


def check_port(host: str, port: int) -> None:
    """The address is free to serve on, or a one-line error saying what to do
    (before anything says it is serving)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise CourtlyError(
                    f"port {port} is busy on {host} (another server, or Courtly already "
                    f"running?): stop it, or serve on another port with --port {port + 1}"
                ) from None
            raise CourtlyError(f"cannot serve on {host}:{port}: {exc.strerror}") from None
