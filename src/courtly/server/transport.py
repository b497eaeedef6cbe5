"""How ``courtly serve`` runs on uvicorn: its settings, and a websocket protocol
that answers a malformed upgrade request instead of leaving it hanging, and
closes on a text frame that is not UTF-8 without a traceback in the log.

uvicorn's websocket protocol (the sans-I/O one it picks by default) leaves a
connection unanswered when the upgrade request itself cannot be read, such as a
URL longer than the parser's line limit (a 10,000-character token): the client
waits until it gives up. Here such a request gets the refusal the websocket
library wrote for it (``414 Request-URI Too Long``, or ``400``) at once. A text
frame that is not UTF-8 closes the connection with 1007 (invalid payload, as
the websocket standard asks), as uvicorn does, but without the traceback
uvicorn logs for each: any client could fill the log with them.

The server runs on uvloop's event loop and parses HTTP with httptools where
they are installed (both are dependencies, but neither is on every platform:
uvloop has no Windows build); asyncio's own loop and h11 otherwise. Most of a
server's CPU an action is the event loop's (resuming handlers, sending),
which uvloop does in C (BENCHMARKS.md, "1,000 tables of people").
"""

from __future__ import annotations

import importlib
from typing import Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Request

WS_MAX_SIZE = 65536
"""Largest websocket frame uvicorn accepts; the app refuses messages over 4 KiB."""


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, answering an unreadable handshake at once."""

    def data_received(self, data: bytes) -> None:
        if self.handshake_complete:
            super().data_received(data)
            return
        self.conn.receive_data(data)
        events = self.conn.events_received()
        if not events:
            # The request could not be read: the protocol has written its
            # refusal (414 for a URL too long, 400 otherwise); send it.
            refusal = b"".join(self.conn.data_to_send())
            if refusal:
                self.transport.write(refusal)
                self.transport.close()
            return
        for event in events:
            if isinstance(event, Request):
                self.handle_connect(event)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.conn.send_close(1007, "text frames are UTF-8")
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()


def installed(module: str) -> bool:
    """``module`` can be imported here."""
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def event_loop() -> str:
    """The event loop ``courtly serve`` runs on: uvloop's where installed."""
    return "uvloop" if installed("uvloop") else "asyncio"


def http_parser() -> str:
    """The HTTP protocol ``courtly serve`` parses requests with: httptools' where installed."""
    return "httptools" if installed("httptools") else "h11"


def config(
    app: Any, host: str, port: int, proxies: str | None = None, **settings: Any
) -> uvicorn.Config:
    """The uvicorn settings ``courtly serve`` runs ``app`` with (tests use them too).
    ``proxies``: the addresses (comma-separated, ``*`` for any) of the reverse
    proxies or load balancers whose ``X-Forwarded-For`` names the client; by
    default none, so every client is known by its own address (uvicorn would
    otherwise believe the header from 127.0.0.1, and any local program could
    name itself anew each request, past every per-address limit)."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or "",
        loop=event_loop(),
        http=http_parser(),
        ws=WebSocketProtocol,
        ws_max_size=WS_MAX_SIZE,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        ws_per_message_deflate=False,  # a few KB a message: a compressor per connection cost
        # a quarter of the CPU an action and much of the memory under load (BENCHMARKS.md)
        **settings,
    )
