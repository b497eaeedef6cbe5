"""End of Round and End of Game, clause by clause."""

from __future__ import annotations

from courtly.games.intrigue import GAME
from courtly.games.intrigue import cards as C

from .helpers import table


def test_setting_up_three_characters_tokens_points_and_favors() -> None:
    s = GAME.new(seed=9)
    assert len(set(s.chars)) == 3 and len(s.unused) == 1
    assert set(s.chars) | set(s.unused) == set(C.CHARACTER_IDS)
    assert s.tokens == [-1] * 6 and s.points == [3, 3, 3] and s.char_points == [0, 0, 0]
    assert s.favor_hand == [[0, 1, 2]] * 3
    chosen = GAME.new(seed=9, options={"characters": ["duke", "prophet", "bishop"]})
    assert [C.CODES[c] for c in chosen.chars] == ["DUKE", "PROPHET", "BISHOP"]
    assert [C.CODES[c] for c in chosen.unused] == ["PRINCESS"]


def test_stacked_deck_deals_in_blocks() -> None:
    order = list(C.CODES[:24])
    s = GAME.new(seed=1, options={"deck": " ".join(order)})
    assert [C.CODES[c] for c in s.hands[0]] == order[:5]
    assert [C.CODES[c] for c in s.hands[2]] == order[10:15]
    assert C.CODES[s.deck[-1]] == order[15]
    assert "deck" not in s.observation(0)["options"]


def test_round_points_for_support_tokens() -> None:
    s = table(
        hands=[["PUB1"], ["PUB2"], ["PUB3"]],
        stacks={"B": [("ENTH1", 1, False)]},
        tokens={"B+3": 0, "B+1": 1, "A+3": 1, "C+1": 2, "A+1": 2},
        rounds=1,
    )
    s.apply(0, "down PUB1 C")
    assert s.round_log[0]["winner"] == "B" and s.char_points == [0, 1, 0]
    assert s.round_log[0]["points"] == [3, 0, -2]
    assert s.final is not None and s.final["before_favors"] == [6, 3, 1]


def test_next_round_returns_tokens_and_reshuffles_but_keeps_relationships_and_favors() -> None:
    s = table(
        hands=[["PUB1"], ["PUB2", "PUB3"], ["PUB4", "ENTH1"]],
        rels={"FEUD": ("A", "B")},
        discard=["SPY"],
        tokens={"A+3": 1},
    )
    s.favors_played = [C.favor_card(2, 0)]
    s.favor_hand[2] = [1, 2]
    s.apply(0, "down PUB1 C")
    assert s.round == 2 and s.tokens == [-1] * 6
    assert s.rel_card[0] == C.FEUD and s.favors_played == [C.favor_card(2, 0)]
    assert s.discard == [] and all(not st for st in s.stacks)
    assert len(s.deck) + sum(len(h) for h in s.hands) == 23
    assert C.FEUD not in s.deck


def test_INT_17_favor_scoring_in_play_order() -> None:
    s = table(hands=[["PUB1"], ["PUB2"], ["PUB3"]], rounds=1)
    s.char_points = [3, 0, 0]
    s.favors_played = [
        C.favor_card(1, 0),  # first for A, the monarch: +3
        C.favor_card(0, 0),  # later for A: +1
        C.favor_card(2, 1),  # for B: -1
        C.favor_card(0, 2),  # for C: -1
    ]
    s.favor_hand = [[1], [1, 2], [0, 2]]
    s.apply(0, "down PUB1 B")
    assert s.over and s.final is not None
    assert s.final["monarch"] == "A" and s.final["favors"] == [0, 3, -1]
    assert s.scores == [3.0, 6.0, 2.0] and s.winners == [1]
    obs = s.observation(2)
    assert [e["card"] for e in obs["favors_played"]] == ["F1A", "F0A", "F2B", "F0C"]


def test_monarch_ties_broken_by_priority() -> None:
    s = table(
        characters=("BISHOP", "DUKE", "PROPHET"), hands=[["PUB1"], ["PUB2"], ["PUB3"]], rounds=1
    )
    s.char_points = [1, 0, 2]
    s.apply(0, "down PUB1 B")  # B wins the round: B 1, C 2... A 1
    assert s.final is not None and s.final["monarch"] == "C"
    t = table(
        characters=("BISHOP", "DUKE", "PROPHET"), hands=[["PUB1"], ["PUB2"], ["PUB3"]], rounds=1
    )
    t.char_points = [0, 0, 1]
    t.apply(0, "down PUB1 B")  # B and C on 1: the Duke (3) beats the Prophet (1)
    assert t.final is not None and t.final["monarch"] == "B"


def test_victory_is_shared_on_a_tie() -> None:
    s = table(hands=[["PUB1"], ["PUB2"], ["PUB3"]], rounds=1)
    s.points = [5, 5, 2]
    s.apply(0, "down PUB1 B")
    assert s.over and s.winners == [0, 1]


def test_score_table_breaks_down_rounds_and_favors() -> None:
    s = table(hands=[["PUB1"], ["PUB2"], ["PUB3"]], tokens={"B+3": 0}, rounds=1)
    s.apply(0, "down PUB1 B")
    headers, rows = GAME.score_table(s.observation(0))
    assert headers == ["seat", "start", "round 1", "Favors", "total"]
    assert rows[0] == ["P0", "3", "+3", "+0", "6"]
