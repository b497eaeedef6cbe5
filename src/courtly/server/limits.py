"""Rate limits: a token bucket per connection."""

from __future__ import annotations

import time


class TokenBucket:
    """Allows ``burst`` messages at once, refilled at ``rate`` a second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.clock = time.monotonic
        self.last = self.clock()

    def take(self) -> bool:
        """Spend one token; False (and nothing spent) when the bucket is empty."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
