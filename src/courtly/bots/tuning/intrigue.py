"""Intrigue: how its heuristic's weights are tuned (``courtly.bots.tune``)."""

from __future__ import annotations

from courtly.bots.tuning import START, Spec, quarter_steps, up_to_four_times

INTRIGUE_START: dict[str, float] = {
    "beta": 0.8,
    "spread": 0.05,
    "edge": 0.3,
    "read": 0.5,
    "read_neg": 0.5,
    "future": 1.0,
    "later": 0.5,
    "rel_future": 0.3,
    "favor_wait": 0.6,
    "push": 0.6,
    "draw": 0.25,
    "defy": 0.3,
    "oracle": 0.4,
    "spy": 0.05,
    "virtue": 0.8,
    "assassin": 0.5,
    "idle": 0.05,
    "rival": 0.5,
}
"""Intrigue's hand-set weights, where its tuning started."""

SPEC = Spec(
    module="courtly.bots.greedy.intrigue",
    start=INTRIGUE_START,
    steps=quarter_steps(INTRIGUE_START),
    bounds=up_to_four_times(INTRIGUE_START),
    field=(START, "normal-v1", "loyal", "follower", "schemer"),
    previous="normal-v1",
)
