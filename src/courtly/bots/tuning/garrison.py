"""Garrison: how its heuristic's weights are tuned (``courtly.bots.tune``)."""

from __future__ import annotations

from courtly.bots.tuning import START, Spec, quarter_steps, up_to_four_times

GARRISON_START: dict[str, float] = {
    "up": 1.0,
    "heart": 0.6,
    "heart_down": 0.3,
    "club": 0.5,
    "club_down": 0.15,
    "diamond": 0.5,
    "diamond0": 0.5,
    "spade0": 1.0,
    "spade": 0.2,
    "spade_def": 2.0,
    "ace_ac": 5.0,
    "ace_ad": 6.0,
    "ace_ah": 6.0,
    "ace_as": 6.0,
    "joker": 3.0,
    "boost": 0.1,
    "draw": 3.5,
    "trade_min": 0.5,
    "rebuild": 0.9,
    "flip": 0.5,
    "refit": 2.0,
    "topple": 1.0,
    "partial": 0.2,
    "threat0": 0.5,
    "threat_p": 1.0,
    "threat_lead": 0.5,
    "threat_near": 1.0,
    "danger_k": 0.5,
    "danger_add": 6.0,
    "seduce": 0.8,
    "smuggle": 1.0,
    "hit": 1.0,
    "cancel": 1.0,
    "gift": 0.05,
}
"""Garrison's hand-set weights, where its tuning started."""

SPEC = Spec(
    module="courtly.bots.greedy.garrison",
    start=GARRISON_START,
    # "up" (a point added to the keep) is the unit the others are weighed in.
    steps=quarter_steps(GARRISON_START, fixed=("up",)),
    bounds=up_to_four_times(GARRISON_START),
    field=(START, "normal-v1", "builder", "raider", "guard"),
    previous="normal-v1",
)
