"""The games and player counts the research-interface suites run, with options
that keep random games short (Agents: one Year; Garrison: three rounds)."""

from __future__ import annotations

from typing import Any

SHORT: dict[str, dict[str, Any]] = {
    "agents-of-the-crown": {"years": 1},
    "garrison": {"max_rounds": 3},
}


def options(game_id: str, players: int) -> dict[str, Any]:
    opts = dict(SHORT.get(game_id, {}))
    if game_id == "agincards" and players > 4:
        opts["decks"] = 2
    return opts


EVERY_COUNT: list[tuple[str, int]] = [
    ("agents-of-the-crown", 4),
    ("crown-rivals", 2),
    ("intrigue", 3),
    *[("agincards", n) for n in range(1, 9)],
    *[("garrison", n) for n in range(2, 7)],
]

GAMES = ["agents-of-the-crown", "agincards", "crown-rivals", "garrison", "intrigue"]
