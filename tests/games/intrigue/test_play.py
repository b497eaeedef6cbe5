"""Whole games: many random games, greedy against random, the terminal view."""

from __future__ import annotations

import random

from courtly.bots import make, names
from courtly.engine.testing import random_game
from courtly.games.intrigue import GAME
from courtly.games.intrigue import cards as C

from .helpers import table


def test_a_thousand_random_games_reach_the_end() -> None:
    rounds = set()
    for seed in range(1000):
        s = random_game(GAME, 3, seed)
        assert s.over and s.winners and s.to_act == ()
        rounds.add(len(s.round_log))
    assert rounds == {1, 2, 3}


def _play(seed: int, bots: list[str]) -> list[float]:
    players = [make(b, GAME) for b in bots]
    s = GAME.new(seed=seed)
    rng = random.Random(seed)
    while not s.over:
        seat = s.to_act[0]
        bot = players[seat]
        obs = s.observation(seat) if bot.needs_observation else None
        s.apply(seat, bot.act(obs, s.legal_actions(seat), rng))
    share = [0.0, 0.0, 0.0]
    for w in s.winners:
        share[w] = 1 / len(s.winners)
    return share


def test_greedy_beats_random() -> None:
    assert "greedy" in names(GAME)
    wins = 0.0
    n = 150
    for seed in range(n):
        seat = seed % 3
        bots = ["random"] * 3
        bots[seat] = "greedy"
        wins += _play(seed, bots)[seat]
    assert wins / n > 0.7  # random's share would be a third


def test_greedy_plays_every_seat_to_the_end() -> None:
    for seed in range(10):
        assert sum(_play(seed, ["greedy"] * 3)) > 0.99


def test_render_shows_the_circle_tokens_stacks_relationships_and_hand() -> None:
    s = table(
        hands=[["PUB1", "ADVANT"], ["PUB2"], ["PUB3"]],
        stacks={"A": [("ENTH1", 0, False), ("FEUD", 1, False)]},
        rels={"DEBT": ("B", "C")},
        tokens={"A+3": 1},
    )
    text = GAME.render(s.observation(0), s.legal_actions(0))
    for part in ("Princess", "priority 4", "Nobility, Royalty", "A+1", "A+3:P1", "stack (2)",
                 "ENTH1", "??", "Debt", "debtor", "Your hand", "PUB1", "Your Favors", "take A+1"):  # fmt: skip
        assert part in text, part
    assert "FEUD" not in text
    spectator = GAME.render(s.observation(None))
    assert "ENTH1" not in spectator and "Your hand" not in spectator


def test_render_names_the_unused_characters_as_printed() -> None:
    """The line under the circle read "unused: BISHOP", a code, where the
    circle above it names Characters as printed ("Bishop")."""
    s = table(hands=[["PUB1"], ["PUB2"], ["PUB3"]])
    text = GAME.render(s.observation(0), s.legal_actions(0))
    line = next(x for x in text.splitlines() if "unused" in x)
    unused = [C.name(C.BY_CODE[code]) for code in s.observation(0)["unused"]]
    assert unused and all(name in line for name in unused)
    assert "assassinated: nothing" in line and not any(code.isupper() for code in line.split())


def test_render_at_the_end_names_the_monarch() -> None:
    s = random_game(GAME, 3, 5)
    text = GAME.render(s.observation(0))
    assert "Game over" in text and "ascends the throne" in text
