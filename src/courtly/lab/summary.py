"""From a lab run's rows to its summary: every metric with a 95% interval, and
each variant compared with the baseline (the first variant).

Tests used (two-sided): chi-square of wins per seat, and per place in turn
order, against equal shares; an exact binomial test of the first player's wins
against the fair share; a one-sample t-test of the first player's score minus
the others' mean after the first unit (round, Year...); a two-proportion z-test
for shares between variants; Welch's t-test for means between variants. Every
p-value of the run is then corrected with Holm's method over all of them (the
report's findings are drawn from that one family): ``p_holm`` next to each ``p``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from courtly import games
from courtly.engine.errors import UnknownGame
from courtly.engine.game import Game
from courtly.lab import departures, metrics
from courtly.lab.stats import (
    Estimate,
    binomial_test,
    fair_share_test,
    holm,
    mean_ci,
    one_sample_test,
    ratio_ci,
    share_ci,
    spread,
    two_proportion_test,
    welch_test,
)


def _declared(game: str) -> Game | None:
    """The game a run names, for what it declares (None: a game this Courtly
    does not have, whose rows are still summarized)."""
    try:
        return games.get(game)
    except UnknownGame:
        return None


def event_labels(game: str) -> Mapping[str, str]:
    """The events worth a designer's eye in ``game`` (every kind is counted)."""
    declared = _declared(game)
    return declared.event_labels if declared else {}


RANGES = (
    ("decisiveness", 0.0, 1.0),
    ("lead_changes", 0.0, math.inf),
    ("drama", 0.0, math.inf),
    ("choices", 1.0, math.inf),
)
"""The game-by-game means besides length and margin, each with its possible
range, to which its interval is kept: decisiveness is a share of the game,
lead changes and drama never go below 0, a decision has one choice or more."""

CURVE_MIN_SHARE = 0.1
"""A per-turn curve stops where fewer than this share of the games are still going."""


def est(e: Estimate) -> dict[str, float]:
    return {"mean": _num(e.mean), "low": _num(e.low), "high": _num(e.high), "n": e.n}


def _num(v: float) -> float:
    return v if not math.isnan(v) else math.nan


def _finite(values: Sequence[float]) -> list[float]:
    return [v for v in values if v is not None and not math.isnan(v)]


def _p(v: float) -> float | None:
    return None if math.isnan(v) else v


def variant_summary(
    game: str, players: int, games: list[dict[str, Any]], seats: list[dict[str, Any]]
) -> dict[str, Any]:
    """Every metric of one variant's games."""
    n = len(games)
    out: dict[str, Any] = {"games": n}
    by_seat: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in seats:
        by_seat[r["seat"]].append(r)
    seat_rows = []
    for seat in range(players):
        rows = by_seat.get(seat, [])
        shares = [r["win_share"] for r in rows]
        scores = [r["score"] for r in rows]
        seat_rows.append(
            {
                "seat": seat,
                "bot": rows[0]["bot"] if rows else "",
                "win_share": est(share_ci(shares)),
                "score": est(mean_ci(scores)),
                "score_sd": spread(scores),
                "rank": est(mean_ci([r["rank"] for r in rows], 1, players)),
                "scores": scores,
            }
        )
    out["seats"] = seat_rows
    stat, p = fair_share_test(
        [sum(r["win_share"] for r in by_seat.get(s, [])) for s in range(players)]
    )
    out["seat_test"] = {"chi2": _p(stat), "p": _p(p), "fair": 1 / players}
    by_order: dict[int, list[float]] = defaultdict(list)
    for r in seats:
        if r["order"] >= 0:
            by_order[r["order"]].append(r["win_share"])
    if by_order.get(0):
        first = by_order[0]
        openers = [g["first"] for g in games if g["first"] >= 0]
        p0_first = sum(1 for f in openers if f == 0) / len(openers) if openers else math.nan
        # with two players, or the first player always seat P0, this test would
        # repeat the first player's or the seats' own
        order_stat, order_p = (
            fair_share_test([sum(by_order[k]) for k in sorted(by_order)])
            if players > 2 and p0_first < 1
            else (math.nan, math.nan)
        )
        out["first_player"] = {
            "win_share": est(share_ci(first)),
            "fair": 1 / players,
            "p": _p(binomial_test(sum(first), len(first), 1 / players)),
            "by_order": [est(share_ci(by_order[k])) for k in sorted(by_order)],
            "order_test": {"chi2": _p(order_stat), "p": _p(order_p)},
            "p0_first": p0_first,
        }
    else:
        out["first_player"] = None
    out["margin"] = est(mean_ci([g["margin"] for g in games]))
    out["margins"] = [g["margin"] for g in games]
    lengths: dict[str, list[float]] = {"decisions": [g["decisions"] for g in games]}
    for g in games:
        for k, v in g["length"].items():
            lengths.setdefault(k, []).append(v)
    out["length"] = {k: est(mean_ci(v, 0)) for k, v in lengths.items()}
    out["lengths"] = lengths
    for key, lowest, highest in RANGES:
        out[key] = est(mean_ci(_finite([g[key] for g in games]), lowest, highest))
    out["decisiveness_values"] = _finite([g["decisiveness"] for g in games])
    out["shared"] = est(share_ci([1.0 if g["shared"] else 0.0 for g in games]))
    tied = [metrics.top_tied(g["scores"]) for g in games]
    out["tied"] = est(share_ci([1.0 if t else 0.0 for t in tied]))
    out["tie_broken"] = est(
        share_ci([1.0 if t and not g["shared"] else 0.0 for t, g in zip(tied, games, strict=True)])
    )
    unit = next(iter(games[0]["length"])) if games else "decision"
    out["unit"] = unit
    labels = event_labels(game)
    kinds = sorted({k for g in games for k in g["events"]})
    events = {}
    for kind in kinds:
        counts = [float(g["events"].get(kind, 0)) for g in games]
        sizes = [float(max(1, g["length"].get(unit, 1))) for g in games]
        events[kind] = {
            "label": labels.get(kind, ""),
            "per_game": est(mean_ci(counts, 0)),
            "per_unit": est(ratio_ci(counts, sizes, 0)),
            "games_with": est(share_ci([1.0 if c else 0.0 for c in counts])),
        }
    out["events"] = events
    out["curve"] = _curves(games, players)
    out["first_gap"] = _first_gap(games, players, len(out["curve"]["going"]))
    return out


def _first_gap(games: list[dict[str, Any]], players: int, units: int) -> dict[str, Any] | None:
    """The first player's score minus the mean of the others' at the end of
    each unit of the curve, game by game (a paired difference), with its 95%
    interval; tested against 0 after the first unit. None without a first player."""
    if not games or units == 0 or players < 2 or not all(g["first"] >= 0 for g in games):
        return None
    by_unit = []
    first_diffs: list[float] = []
    for u in range(units):
        diffs, firsts, others = [], [], []
        for g in games:
            if len(g["curve"]) <= u:
                continue
            row = g["curve"][u]
            rest = [row[s] for s in range(players) if s != g["first"]]
            firsts.append(row[g["first"]])
            others.append(sum(rest) / len(rest))
            diffs.append(firsts[-1] - others[-1])
        if u == 0:
            first_diffs = diffs
        by_unit.append(
            {
                "gap": est(mean_ci(diffs)),
                "first": sum(firsts) / len(firsts),
                "others": sum(others) / len(others),
            }
        )
    return {"by_unit": by_unit, "p": _p(one_sample_test(first_diffs))}


def _curves(games: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Mean standing at the end of each unit, over the games still going then,
    with a 95% band; cut where too few games remain. By place in turn order
    (``"by": "order"``: line 0 is the first player's) when every game has a
    first player, else by seat."""
    by_order = bool(games) and all(g["first"] >= 0 for g in games)
    longest = max((len(g["curve"]) for g in games), default=0)
    lines: list[list[dict[str, float]]] = [[] for _ in range(players)]
    going = []
    for u in range(longest):
        live = [g for g in games if len(g["curve"]) > u]
        if len(live) < max(2, CURVE_MIN_SHARE * len(games)):
            break
        going.append(len(live))
        for k in range(players):
            lines[k].append(
                est(
                    mean_ci(
                        [g["curve"][u][(g["first"] + k) % players if by_order else k] for g in live]
                    )
                )
            )
    return {"going": going, "by": "order" if by_order else "seat", "seats": lines}


# -- comparing variants --------------------------------------------------------------


def _row(
    metric: str,
    base: Sequence[float],
    other: Sequence[float],
    test: str,
    fn: Callable[[Sequence[float], Sequence[float]], float],
    term: str,
) -> dict[str, Any]:
    b, o = _finite(base), _finite(other)
    mb = sum(b) / len(b) if b else math.nan
    mo = sum(o) / len(o) if o else math.nan
    return {
        "metric": metric,
        "baseline": mb,
        "variant": mo,
        "difference": mo - mb,
        "test": test,
        "p": _p(fn(b, o)),
        "term": term,
        "share": fn is two_proportion_test,
    }


AS_PERCENT = frozenset({"decisiveness", "drama"})
"""Measures from 0 to 1 the report shows as percentages: a change in them is
told in percentage points, not as a part of the baseline's value."""


def compare(
    base_games: list[dict[str, Any]],
    base_seats: list[dict[str, Any]],
    games: list[dict[str, Any]],
    seats: list[dict[str, Any]],
    players: int,
    labels: Mapping[str, str],
) -> list[dict[str, Any]]:
    """Each metric of a variant against the baseline, with the test's p-value."""
    z, t = "two-proportion z", "Welch t"
    rows = []
    for s in range(players):
        rows.append(
            _row(
                f"seat P{s} win share",
                [r["win_share"] for r in base_seats if r["seat"] == s],
                [r["win_share"] for r in seats if r["seat"] == s],
                z,
                two_proportion_test,
                "win-share",
            )
        )
    first_b = [r["win_share"] for r in base_seats if r["order"] == 0]
    first_v = [r["win_share"] for r in seats if r["order"] == 0]
    if first_b and first_v:
        rows.append(
            _row(
                "first player's win share", first_b, first_v, z, two_proportion_test, "first-player"
            )
        )
    rows.append(
        _row(
            "shared wins",
            [float(g["shared"]) for g in base_games],
            [float(g["shared"]) for g in games],
            z,
            two_proportion_test,
            "shared",
        )
    )
    rows.append(
        _row(
            "top score tied",
            [float(metrics.top_tied(g["scores"])) for g in base_games],
            [float(metrics.top_tied(g["scores"])) for g in games],
            z,
            two_proportion_test,
            "tied",
        )
    )
    rows.append(
        _row(
            "length (decisions)",
            [g["decisions"] for g in base_games],
            [g["decisions"] for g in games],
            t,
            welch_test,
            "length",
        )
    )
    units = [k for k in (base_games[0]["length"] if base_games else {})]
    for unit in units:
        rows.append(
            _row(
                f"length ({unit if unit.endswith('s') else unit + 's'})",
                [g["length"].get(unit, 0) for g in base_games],
                [g["length"].get(unit, 0) for g in games],
                t,
                welch_test,
                "length",
            )
        )
    for key, name, term in (
        ("margin", "margin", "margin"),
        ("decisiveness", "decisiveness", "decisiveness"),
        ("lead_changes", "lead changes", "lead-changes"),
        ("drama", "drama", "drama"),
        ("choices", "legal choices per decision", "choices"),
    ):
        row = _row(name, [g[key] for g in base_games], [g[key] for g in games], t, welch_test, term)
        if key in AS_PERCENT:
            row["percent"] = True  # told as % of the way, or of the top score: moved in points
        rows.append(row)
    # the events named for designers first, then the others
    kinds = sorted(
        {k for g in base_games + games for k in g["events"]}, key=lambda k: (k not in labels, k)
    )
    for kind in kinds:
        row = _row(
            f"{labels.get(kind) or kind} per game",
            [g["events"].get(kind, 0) for g in base_games],
            [g["events"].get(kind, 0) for g in games],
            t,
            welch_test,
            "events",
        )
        row["minor"] = kind not in labels  # an event not named for designers
        rows.append(row)
    return rows


def summarize(
    settings: dict[str, Any], games: list[dict[str, Any]], seats: list[dict[str, Any]]
) -> dict[str, Any]:
    """The whole run's summary: settings, each variant's metrics, comparisons."""
    players = settings["players"]
    game = settings["game"]
    out_variants = []
    split_g: dict[int, list[dict[str, Any]]] = defaultdict(list)
    split_s: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for g in games:
        split_g[g["variant"]].append(g)
    for s in seats:
        split_s[s["variant"]].append(s)
    labels = event_labels(game)
    declared = _declared(game)
    for i, v in enumerate(settings["variants"]):
        summary = variant_summary(game, players, split_g[i], split_s[i])
        summary["label"] = v["label"]
        summary["options"] = v["options"]
        summary["examples"] = _examples(split_g[i])
        if i > 0:
            summary["versus_baseline"] = compare(
                split_g[0], split_s[0], split_g[i], split_s[i], players, labels
            )
        out_variants.append(summary)
    tests = correct(out_variants)
    return {
        "settings": settings,
        "score_name": declared.score_name if declared else "score",
        "first_rule": declared.first_player if declared else "",
        "variants": out_variants,
        "correction": {"method": "Holm", "tests": tests},
        "departures": departures.by_bot(seats),
    }


def _tests(variants: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every test of the run: the dicts holding a ``p``, in a fixed order."""
    out: list[dict[str, Any]] = []
    for v in variants:
        out.append(v["seat_test"])
        fp = v.get("first_player")
        if fp is not None:
            out += [fp, fp["order_test"]]
        if v.get("first_gap") is not None:
            out.append(v["first_gap"])
        out += v.get("versus_baseline", [])
    return out


def correct(variants: list[dict[str, Any]]) -> int:
    """Holm's correction over every test of the run, all variants together: each
    test gets ``p_holm`` beside its ``p``. Returns the number of tests made."""
    tests = _tests(variants)
    adjusted = holm([t["p"] for t in tests])
    for t, q in zip(tests, adjusted, strict=True):
        t["p_holm"] = q
    return sum(1 for q in adjusted if q is not None)


def _examples(games: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A few games worth replaying: the closest, the longest, the biggest comeback."""
    if not games:
        return {}
    picks = {
        "closest finish": min(games, key=lambda g: (g["margin"], g["seed"])),
        "longest game": max(games, key=lambda g: (g["decisions"], -g["seed"])),
        "biggest comeback": max(
            games, key=lambda g: (-1.0 if math.isnan(g["drama"]) else g["drama"], -g["seed"])
        ),
    }
    return {
        name: {"seed": g["seed"], "record": g.get("record"), "decisions": g["decisions"]}
        for name, g in picks.items()
    }
