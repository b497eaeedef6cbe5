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


def mean_ci(
    values: Sequence[float], lowest: float = -math.inf, highest: float = math.inf
) -> Estimate:
    """Mean and normal-approximation 95% interval of the mean, kept within the
    measure's possible range [``lowest``, ``highest``] (a decisiveness within
    0-1, a count at 0 or above): the approximation can reach past it, the
    mean cannot."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = sum(values) / n
    if n == 1:
        return Estimate(m, m, m, 1)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(m, max(lowest, m - half), min(highest, m + half), n)


def ratio_ci(
    counts: Sequence[float], sizes: Sequence[float], lowest: float = -math.inf
) -> Estimate:
    """A rate over many games: the total count over the total size (events per
    round: every game's events over every game's rounds), so a long game
    weighs as its length, not as one short game. Its 95% interval by the
    delta method: the spread of each game's count less the rate times its
    size, over the mean size; kept at ``lowest`` or above."""
    n = len(counts)
    total = math.fsum(sizes)
    if n == 0 or total <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    r = math.fsum(counts) / total
    if n == 1:
        return Estimate(r, r, r, 1)
    residuals = [c - r * s for c, s in zip(counts, sizes, strict=True)]
    var = math.fsum(e * e for e in residuals) / (n - 1)
    half = Z95 * math.sqrt(var / n) / (total / n)
    return Estimate(r, max(lowest, r - half), r + half, n)


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


# -- tests of significance (two-sided p-values) ----------------------------------------


def fair_share_test(wins: Sequence[float]) -> tuple[float, float]:
    """Chi-square goodness of fit of wins per seat against equal shares:
    (statistic, p-value). ``wins`` are the seats' win totals (a shared win
    counts 1/k to each of its k winners)."""
    from scipy import stats as sps

    total = sum(wins)
    if total <= 0 or len(wins) < 2:
        return math.nan, math.nan
    expected = [total / len(wins)] * len(wins)
    res = sps.chisquare(list(wins), expected)
    return float(res.statistic), float(res.pvalue)


def binomial_test(successes: float, n: int, p: float) -> float:
    """Exact two-sided binomial test of ``successes`` in ``n`` against ``p``
    (a fractional count is rounded to the nearest whole game)."""
    from scipy import stats as sps

    if n <= 0:
        return math.nan
    k = min(n, max(0, round(successes)))
    return float(sps.binomtest(k, n, p).pvalue)


def two_proportion_test(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-proportion z-test (pooled) of the shares of ``a`` and ``b``."""
    na, nb = len(a), len(b)
    if na == 0 or nb == 0:
        return math.nan
    pa, pb = sum(a) / na, sum(b) / nb
    pooled = (sum(a) + sum(b)) / (na + nb)
    var = pooled * (1 - pooled) * (1 / na + 1 / nb)
    if var <= 0:
        return 1.0 if pa == pb else 0.0
    z = (pa - pb) / math.sqrt(var)
    return math.erfc(abs(z) / math.sqrt(2))


def _mean_var(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and the sample variance of two values or more."""
    m = math.fsum(xs) / len(xs)
    return m, math.fsum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def _noise(*scale: float) -> float:
    """The difference below which two measures of games are read as equal:
    twelve significant digits of their size, far below any difference a game
    makes, far above the rounding of one measure reached by two sums."""
    return 1e-12 * max(1.0, *(abs(v) for v in scale))


def _t_pvalue(t: float, df: float) -> float:
    """Two-sided p-value of Student's t with ``df`` degrees of freedom."""
    from scipy import stats as sps

    return float(2.0 * sps.t.sf(abs(t), df))


def welch_test(a: Sequence[float], b: Sequence[float]) -> float:
    """Welch's t-test (unequal variances) of the means of ``a`` and ``b``.

    Worked in closed form (the Welch-Satterthwaite degrees of freedom), so
    that a sample whose games all measure the same (often, in a short run)
    is exact: its variance is 0, not a rounding error that a library reads as
    a spread and warns about. Two samples that do not vary at all give 1 when
    their means are equal (to twelve digits) and 0 when they differ."""
    xs = [v for v in a if not math.isnan(v)]
    ys = [v for v in b if not math.isnan(v)]
    if len(xs) < 2 or len(ys) < 2:
        return math.nan
    mx, vx = _mean_var(xs)
    my, vy = _mean_var(ys)
    noise = _noise(mx, my)
    sx, sy = vx / len(xs), vy / len(ys)
    if sx + sy <= noise * noise:
        return 1.0 if abs(mx - my) <= noise else 0.0
    df = (sx + sy) ** 2 / (sx * sx / (len(xs) - 1) + sy * sy / (len(ys) - 1))
    return _t_pvalue((mx - my) / math.sqrt(sx + sy), df)


def one_sample_test(values: Sequence[float]) -> float:
    """Student's one-sample t-test of the mean of ``values`` against 0 (used on
    paired differences, e.g. the first player's score minus the others' in each
    game). Values that do not vary give 1 when they are 0 (to twelve digits
    of their size) and 0 otherwise."""
    xs = [v for v in values if not math.isnan(v)]
    if len(xs) < 2:
        return math.nan
    m, v = _mean_var(xs)
    noise = _noise(*xs)
    if v / len(xs) <= noise * noise:
        return 1.0 if abs(m) <= noise else 0.0
    return _t_pvalue(m / math.sqrt(v / len(xs)), len(xs) - 1)


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down correction of a family of p-values for multiple
    comparisons: the adjusted p-values, in the same order (``None`` for a test
    not made, which does not count in the family). A finding whose adjusted p
    is below 0.05 keeps the chance that *any* finding of the family is a fluke
    below 5%, whatever the dependence between the tests."""
    made = sorted((p, i) for i, p in enumerate(pvalues) if p is not None and not math.isnan(p))
    m = len(made)
    out: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(made):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out
