"""Rate limits: a token bucket per connection."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one websocket connection may send."""

    rate: float = 10.0
    """Messages a second, sustained."""
    burst: int = 20
    """Messages at once."""
    chat_rate: float = 0.5
    chat_burst: int = 5
    hint_rate: float = 0.2
    """Hints a second, sustained (each is up to a second of search)."""
    hint_burst: int = 3


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

    def take(self) -> bool:
        """Spend one token; False (and nothing spent) when the bucket is empty."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
