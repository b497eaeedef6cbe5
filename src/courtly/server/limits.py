"""Limits: token buckets per seat and per address (never per connection, so
reconnecting or opening more connections gains nothing), and the largest
request body."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass(frozen=True)
class Limits:
    """What one client may send and hold open: per seat, or per address."""

    rate: float = 10.0
    """Messages a second, sustained."""
    burst: int = 20
    """Messages at once."""
    chat_rate: float = 0.5
    chat_burst: int = 5
    hint_rate: float = 0.2
    """Hints a second, sustained (each is up to a second of search)."""
    hint_burst: int = 3
    create_rate: float = 0.2
    """New tables a second from one address, sustained (one every 5 s)."""
    create_burst: int = 10
    sockets: int = 64
    """Websockets open at once from one address (each tab of a table is one;
    a household behind one address plays several tables with room to spare)."""
    reviews: int = 2
    """Reviews one address may have under way or waiting at once (each is a
    search of every decision of a seat)."""


class TokenBucket:
    """Allows ``burst`` messages at once, refilled at ``rate`` a second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.clock = time.monotonic
        self.last = self.clock()

    def wait(self) -> float:
        """Seconds until a token is due (0 when one is there)."""
        return max(0.0, (1 - self.tokens) / self.rate)

    def take_none(self) -> None:
        """Refill up to now without spending."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now

    def take(self) -> bool:
        """Spend one token; False (and nothing spent) when the bucket is empty."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Buckets:
    """The token buckets of one server, by who spends them: a seat of a table
    (``("seat", table, seat)``) or an address (``("address", host)``). Full
    buckets are forgotten when there are too many, as a new one is full too."""

    def __init__(self, most: int = 50_000) -> None:
        self.most = most
        self._by: dict[tuple[object, ...], TokenBucket] = {}

    def get(self, key: tuple[object, ...], rate: float, burst: int) -> TokenBucket:
        bucket = self._by.get(key)
        if bucket is None:
            if len(self._by) >= self.most:
                self._forget_full()
            bucket = self._by[key] = TokenBucket(rate, burst)
        return bucket

    def _forget_full(self) -> None:
        for key, b in list(self._by.items()):
            b.take_none()
            if b.tokens >= b.burst:
                del self._by[key]

    def __len__(self) -> int:
        return len(self._by)


class BodyLimit:
    """ASGI middleware: an HTTP request body over ``limit`` bytes is refused with
    413 before it is read whole or parsed (by its Content-Length when given,
    else as it streams in), so a huge body never reaches the event loop's parser."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                size = -1
            if size < 0 or size > self.limit:
                await self._refuse(send)
                return
        chunks: list[bytes] = []
        total = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body = message.get("body", b"")
            total += len(body)
            if total > self.limit:
                await self._refuse(send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": whole, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"error": f"request bodies are at most {self.limit} bytes"}).encode()
        headers: list[Any] = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
        ]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})
