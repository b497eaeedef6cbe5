"""Summary statistics with 95% confidence intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% confidence interval."""

    mean: float
    low: float
    high: float
    n: int

    def fmt(self, percent: bool = False, digits: int = 1) -> str:
        if percent:
            return f"{100 * self.mean:.{digits}f}% [{100 * self.low:.{digits}f}, {100 * self.high:.{digits}f}]"
        return f"{self.mean:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"


def mean_ci(values: Sequence[float]) -> Estimate:
    """Mean and normal-approximation 95% interval of the mean."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = sum(values) / n
    if n == 1:
        return Estimate(m, m, m, 1)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(m, m - half, m + half, n)


def share_ci(values: Sequence[float]) -> Estimate:
    """A share in [0, 1] (wins, with ties counted fractionally): the Wilson
    score interval, which stays inside [0, 1] and behaves near 0 and 1."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = sum(values) / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


def spread(values: Sequence[float]) -> float:
    """Sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if n < 2:
        return 0.0
    m = sum(values) / n
    return math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
