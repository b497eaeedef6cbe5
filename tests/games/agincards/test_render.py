"""The terminal map: every cell the same width, so a 10, a token's mark and
the seed's star never push the cards out of their columns."""

from __future__ import annotations

import random
import re

from rich.text import Text

from courtly import games
from courtly.engine.text import plain
from courtly.games.agincards.render import grid, render


def _plain(line: str) -> str:
    return Text.from_markup(line).plain


def test_the_map_keeps_its_columns_with_tens_and_tokens() -> None:
    game = games.get("agincards")
    checked = 0
    for seed in range(30):
        state = game.new(players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(45):
            if state.over:
                break
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        obs = state.observation(0)
        rows = [_plain(line) for line in grid(obs)]
        header, body = rows[0], rows[1:]
        # Each column header's last digit stands over each card's rank, whatever the card.
        ends = [m.end() - 1 for m in re.finditer(r"-?\d+", header)]
        for row in body:
            assert len(row) == len(header)
            for m in re.finditer(r"(10|[2-9JQKA])[♣♦♥♠]", row):
                assert m.start(1) + len(m.group(1)) - 1 in ends, (row, header)
                checked += 1
        if any("10" in r for r in body) and obs["tokens"]:
            break
    assert checked


def test_the_players_table_keeps_its_columns_with_two_digit_scores() -> None:
    game = games.get("agincards")
    state = game.new(players=2, seed=1)
    obs = state.observation(0)
    obs["scores"] = [20, 7]
    obs["points"] = [{"tokens": 10, "runs": 10}, {"tokens": 7, "runs": 0}]
    lines = [_plain(line) for line in render(obs).splitlines()]
    header = next(i for i, line in enumerate(lines) if line.startswith("Players"))
    table = lines[header : header + 3]
    hand_col = table[0].index("hand") + len("hand")
    # The hand sizes end under "hand" on every row, two-digit figures or not.
    assert all(row.rstrip().endswith("5") and len(row.rstrip()) == hand_col for row in table[1:])
    assert table[1][table[0].index("score") :].split()[0] == "20"


def test_the_legend_says_what_the_digit_after_a_card_is() -> None:
    """A token is drawn as its seat's digit after the card ("8♣1"), which the
    legend under the map did not mention."""
    game = games.get("agincards")
    state = game.new(players=2, seed=4)
    assert "token" not in _plain(render(state.observation(0)).split("Players")[0])
    rng = random.Random(4)
    while not state.observation(0)["tokens"]:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    legend = _plain(render(state.observation(1)))
    assert "a digit after a card: that seat's token (yours: 1)" in legend
    watching = _plain(render(state.observation(None)))
    assert "a digit after a card: that seat's token" in watching and "yours" not in watching


def test_each_move_reads_in_words() -> None:
    """What a hint, a review and a replay show: the move in words, not its notation."""
    game = games.get("agincards")
    said = {n: plain(game.parse_action(n).words()) for n in ("7H right of 5C", "TD above 3S'")}
    assert said == {"7H right of 5C": "Place 7♥ right of 5♣", "TD above 3S'": "Place 10♦ above 3♠'"}
    assert plain(game.parse_action("reclaim 5C").words()) == "Reclaim the token on 5♣"
    assert plain(game.parse_action("token").words()) == "Put a token on the card just placed"
    assert plain(game.parse_action("no token").words()) == "No token"
    assert plain(game.parse_action("pass").words()) == "Pass"
