"""Goals as a designer states them, and the measures they are about.

    first_player_edge=0     the first player should win no more than a fair share
    length=20..30           a game should last 20 to 30 rounds (the game's own unit)
    length_spread=min       the length should vary as little as can be across player counts
    decisiveness=max        the leader should be known as late as can be

A goal is a measure and what the designer wants of it: a value (``=0``), a
range (``=20..30``), ``max`` or ``min``. Each measure is read from a lab run's
rows at every player count played; its 95% interval comes from resampling
the games (a bootstrap with a fixed seed, so a rerun gives the same interval),
and two variants played on the same seeds are compared game by game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from courtly.engine.errors import OptionError

MEASURES: dict[str, str] = {
    "first_player_edge": "the first player's win share above a fair share (1/players)",
    "length": "the mean length of a game, in the game's own unit (rounds, years, turns)",
    "length_spread": (
        "the mean length at the longest player count minus that at the shortest "
        "(0: the game lasts as long whatever the number of players)"
    ),
    "decisions": "the mean number of decisions in a game",
    "decisiveness": "how late the eventual winner takes the lead for good (0 to 1)",
    "drama": "how far behind the eventual winner was at worst (0 to 1)",
    "lead_changes": "how often the lead changes hands in a game",
    "ties": "the share of games whose win is shared",
    "margin": "the winner's lead over the runner-up at the end",
}
"""Every measure a goal may name, in plain words."""

INF = math.inf
BOUNDS: dict[str, tuple[float, float, str]] = {
    "first_player_edge": (-1.0, 1.0, "a difference of shares, from -1 to 1"),
    "length": (0.0, INF, "a length, 0 or more"),
    "length_spread": (-INF, INF, ""),
    "decisions": (0.0, INF, "a count, 0 or more"),
    "decisiveness": (0.0, 1.0, "from 0 to 1"),
    "drama": (0.0, 1.0, "from 0 to 1"),
    "lead_changes": (0.0, INF, "a count, 0 or more"),
    "ties": (0.0, 1.0, "a share of games, from 0 to 1"),
    "margin": (0.0, INF, "a lead, 0 or more"),
}
"""The values each measure can take: a goal wholly outside them could never be met."""

RESAMPLES = 400


@dataclass(frozen=True)
class Goal:
    measure: str
    want: str
    """``value``, ``range``, ``max`` or ``min``."""
    low: float = 0.0
    high: float = 0.0

    @property
    def text(self) -> str:
        if self.want == "value":
            return f"{self.measure}={_num(self.low)}"
        if self.want == "range":
            return f"{self.measure}={_num(self.low)}..{_num(self.high)}"
        return f"{self.measure}={self.want}"

    @property
    def direction(self) -> Literal["minimize", "maximize"]:
        """Optuna's direction for this goal's objective."""
        return "maximize" if self.want == "max" else "minimize"

    def objective(self, value: float) -> float:
        """What the search optimises: the value itself (``max``/``min``) or its
        distance from the value or range wanted (0: the goal is met)."""
        if self.want in ("max", "min"):
            return value
        if self.want == "value":
            return abs(value - self.low)
        if value < self.low:
            return self.low - value
        return max(0.0, value - self.high)

    def met(self, low: float, high: float) -> str:
        """Whether an interval [low, high] of the measure meets the goal:
        ``yes`` (all of it), ``no`` (none of it) or ``perhaps``."""
        if self.want in ("max", "min"):
            return "n/a"
        a, b = (self.low, self.low) if self.want == "value" else (self.low, self.high)
        if self.want == "value":
            return "perhaps" if low <= a <= high else "no"
        if a <= low and high <= b:
            return "yes"
        return "no" if high < a or low > b else "perhaps"

    def reached(self, m: Mapping[str, float]) -> str:
        """Whether a measure ``{value, low, high}`` reaches the goal: ``met``
        (a range: the whole interval inside it), ``perhaps`` (a range: the value
        inside, not the whole interval; a value, never met exactly: inside the
        interval), ``missed`` (a range: the value outside it; a value: outside
        the interval), or ``open`` (``max`` and ``min`` ask for as much as can
        be had: nothing to reach)."""
        if self.want in ("max", "min"):
            return "open"
        if self.want == "value":
            return "perhaps" if m["low"] <= self.low <= m["high"] else "missed"
        if self.objective(m["value"]) > 0:
            return "missed"
        return "met" if self.met(m["low"], m["high"]) == "yes" else "perhaps"


def parse_goal(text: str) -> Goal:
    name, sep, want = text.partition("=")
    name, want = name.strip().lower().replace("-", "_"), want.strip().lower()
    known = ", ".join(MEASURES)
    if not sep or not want:
        raise OptionError(
            f"--goal {text!r}: write measure=value, measure=low..high, measure=max or "
            f"measure=min (e.g. length=20..30). Measures: {known}"
        )
    if name not in MEASURES:
        raise OptionError(f"--goal {text!r}: no measure {name!r}. Measures: {known}")
    if want in ("max", "min"):
        return Goal(name, want)
    try:
        if ".." in want:
            a, b = (float(x) for x in want.split("..", 1))
            if a > b:
                raise OptionError(f"--goal {text!r}: the range's low end is above its high end")
            goal = Goal(name, "range", a, b)
        else:
            goal = Goal(name, "value", float(want))
    except ValueError:
        raise OptionError(
            f"--goal {text!r}: {want!r} is not a number, a range low..high, max or min"
        ) from None
    least, most, what = BOUNDS[name]
    low, high = goal.low, (goal.high if goal.want == "range" else goal.low)
    if not all(map(math.isfinite, (low, high))) or high < least or low > most:
        raise OptionError(f"--goal {text!r}: {name} is {what}, so this goal could never be met")
    return goal


def parse_goals(texts: list[str], players: list[int] | None = None) -> list[Goal]:
    """Every goal stated, checked against the player counts played (if given):
    ``length_spread`` compares counts, so it needs two or more."""
    goals = [parse_goal(t) for t in texts]
    if players is not None and len(players) < 2:
        for g in goals:
            if g.measure == "length_spread":
                raise OptionError(
                    f"--goal {g.text!r}: length_spread compares the length at several player "
                    f"counts, and the tune plays only {players[0]}: give --players a range "
                    "or a list (e.g. --players 2-6)"
                )
    names = [g.measure for g in goals]
    for n in names:
        if names.count(n) > 1:
            raise OptionError(f"--goal names {n!r} twice: state one goal per measure")
    if not goals:
        raise OptionError("state at least one --goal, e.g. --goal first_player_edge=0")
    return goals


Games = dict[int, tuple[list[dict[str, Any]], list[dict[str, Any]]]]
"""A variant's games and seats rows at each player count, each sorted by seed."""


def length_unit(games: Games) -> str:
    """The unit a game's length is counted in (rounds, years, turns)."""
    for rows, _ in games.values():
        if rows:
            return str(next(iter(rows[0]["length"]), "decisions"))
    return "decisions"


def per_game(games: Games) -> dict[str, dict[int, np.ndarray]]:
    """Each measure's value in each game, by player count (NaN where a game
    does not tell, e.g. the first player of a game opened by all at once)."""
    out: dict[str, dict[int, np.ndarray]] = {m: {} for m in MEASURES}
    for p, (rows, seats) in games.items():
        unit = next(iter(rows[0]["length"])) if rows else "decisions"
        share = {(s["seed"], s["order"]): s["win_share"] for s in seats}
        first = [share.get((g["seed"], 0), math.nan) - 1 / p for g in rows]
        length = [float(g["length"].get(unit, g["decisions"])) for g in rows]
        cols: dict[str, list[float]] = {
            "first_player_edge": first,
            "length": length,
            "length_spread": length,
            "decisions": [float(g["decisions"]) for g in rows],
            "decisiveness": [_f(g["decisiveness"]) for g in rows],
            "drama": [_f(g["drama"]) for g in rows],
            "lead_changes": [float(g["lead_changes"]) for g in rows],
            "ties": [1.0 if g["shared"] else 0.0 for g in rows],
            "margin": [_f(g["margin"]) for g in rows],
        }
        for m, vals in cols.items():
            out[m][p] = np.asarray(vals, dtype=float)
    return out


def _f(v: Any) -> float:
    return math.nan if v is None else float(v)


def statistic(measure: str, by_players: Mapping[int, np.ndarray]) -> float:
    """The measure over every player count: the mean of each count's mean
    (each count weighs the same), or for ``length_spread`` the longest
    count's mean length minus the shortest's."""
    means = [_mean(v) for v in by_players.values()]
    means = [m for m in means if not math.isnan(m)]
    if not means:
        return math.nan
    if measure == "length_spread":
        return max(means) - min(means)
    return sum(means) / len(means)


def _mean(v: np.ndarray) -> float:
    v = v[~np.isnan(v)]
    return float(v.mean()) if len(v) else math.nan


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float

    def fmt(self, digits: int = 2) -> str:
        return f"{self.value:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"

    def as_dict(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


def _indices(by_players: Mapping[int, np.ndarray], seed: int) -> list[dict[int, np.ndarray]]:
    rng = np.random.default_rng(seed)
    return [
        {p: rng.integers(0, len(v), len(v)) for p, v in by_players.items()}
        for _ in range(RESAMPLES)
    ]


def estimate(measure: str, by_players: Mapping[int, np.ndarray], seed: int = 0) -> Interval:
    """The measure with its 95% bootstrap interval (games resampled within
    each player count)."""
    value = statistic(measure, by_players)
    draws = [
        statistic(measure, {p: v[idx[p]] for p, v in by_players.items()})
        for idx in _indices(by_players, seed)
    ]
    return _interval(value, draws)


def compare(
    measure: str,
    a: Mapping[int, np.ndarray],
    b: Mapping[int, np.ndarray],
    seed: int = 0,
    goal: Goal | None = None,
) -> Interval:
    """``a``'s measure minus ``b``'s (with ``goal``: ``a``'s objective minus
    ``b``'s), both played on the same seeds: the same games are resampled for
    both, so the luck of the deal cancels out."""

    def f(by: Mapping[int, np.ndarray]) -> float:
        v = statistic(measure, by)
        return goal.objective(v) if goal is not None else v

    value = f(a) - f(b)
    draws = [
        f({p: v[idx[p]] for p, v in a.items()}) - f({p: v[idx[p]] for p, v in b.items()})
        for idx in _indices(a, seed)
    ]
    return _interval(value, draws)


def _interval(value: float, draws: list[float]) -> Interval:
    ok = np.asarray([d for d in draws if not math.isnan(d)], dtype=float)
    if not len(ok):
        return Interval(value, math.nan, math.nan)
    low, high = np.percentile(ok, [2.5, 97.5])
    return Interval(value, float(low), float(high))


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)
