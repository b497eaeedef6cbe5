"""Agincards: how its heuristic's weights are tuned (``courtly.bots.tune``)."""

from __future__ import annotations

from courtly.bots.tuning import START, Spec

SPEC = Spec(
    module="courtly.bots.greedy.agincards",
    start={
        "opp": 1.0,
        "block": 1.0,
        "future": 0.5,
        "reach": 0.15,
        "keep": 2.0,
        "pass_at": -4.0,
        "regain": 3.0,
    },
    steps={
        "opp": 0.3,
        "block": 0.4,
        "future": 0.25,
        "reach": 0.05,
        "keep": 1.5,
        "pass_at": 2.0,
        "regain": 2.0,
    },
    bounds={
        "opp": (0.0, 3.0),
        "block": (0.0, 3.0),
        "future": (0.0, 3.0),
        "reach": (0.02, 1.0),
        "keep": (0.0, 15.0),
        "pass_at": (-20.0, 0.0),
        "regain": (0.0, 15.0),
    },
    field=(START, START, "scorer", "normal-v1"),
    previous="normal-v1",
)
