"""Agincards scenarios for the score tokens: where a token may go (AGI-6) and
how it comes back (AGI-7, AGI-10, AGI-11), each named after what it pins."""

from __future__ import annotations

import pytest

from courtly.engine.errors import IllegalAction
from courtly.games.agincards.map import SEED_INDEX

from .helpers import GAME, allowed, idx, name, notations, put, scenario

# -- TOKENS (AGI-6) --------------------------------------------------------------------------


def test_AGI_6_token_only_on_the_card_just_placed():
    s = scenario([("m13", "5C")], [["9D", "2H"]])
    with pytest.raises(IllegalAction, match="just played"):
        s.apply(0, "token")
    s.apply(0, put(s, "9D", "n13"))
    assert s.decision == "token"
    assert notations(s) == ["token", "no token"]
    with pytest.raises(IllegalAction, match="'token' or 'no token'"):
        s.apply(0, put(s, "2H", "l13"))
    s.apply(0, "token")
    assert s.tokens == [4] and s.map.token[idx("n13")] == 0
    assert s.decision == "turn"  # one token per card: the turn is over
    with pytest.raises(IllegalAction):
        s.apply(0, "token")


def test_AGI_6_never_on_the_seed():
    s = GAME.new(players=2, seed=9)
    assert s.decision == "turn"
    assert SEED_INDEX not in s.map.token and s.tokens == [5, 5]
    assert "token" not in notations(s)


def test_AGI_6_no_token_decision_without_a_token_in_hand():
    s = scenario([("m13", "5C")], [["9D"], ["2H"]])
    s.tokens[0] = 0
    s.apply(0, put(s, "9D", "n13"))
    assert s.decision == "turn" and s.to_act == (1,)


def test_five_tokens_per_player():
    s = GAME.new(players=4, seed=3)
    assert s.tokens == [5, 5, 5, 5]


# -- RECLAIMING TOKENS (AGI-7) ------------------------------------------------------------------


BLOCKED = [("m13", "5C"), ("n13", "6D"), ("n12", "4S"), ("n14", "8C")]


def test_AGI_7_a_token_blocked_by_the_other_colour_returns_automatically():
    s = scenario(BLOCKED, [["7C"]], tokens={"n13": 0})
    assert s.tokens == [4]
    events = s.apply(0, put(s, "7C", "o13"))  # the token returns as the card lands
    assert [e.data["card"] for e in events if e.kind == "reclaimed"] == ["6D"]
    s.apply(0, "no token")
    assert s.tokens == [5] and idx("n13") not in s.map.token


def test_AGI_7_dead_space_blocks_a_run_end():
    # The red King's runs: left a black Queen, right and down dead (above a King).
    s = scenario([("m13", "QC"), ("n13", "KD")], [["2S"]], tokens={"n13": 0})
    s.apply(0, put(s, "2S", "n12"))
    assert s.map.dead(idx("o13")) and s.map.dead(idx("n14"))
    s.apply(0, "no token")
    assert s.tokens == [5]


def test_AGI_7_a_token_that_can_still_score_stays():
    s = scenario(BLOCKED[:3], [["7C"]], tokens={"n13": 0})
    s.apply(0, put(s, "7C", "o13"))
    s.apply(0, "no token")
    assert s.tokens == [4]  # n14 below can still take a red card


def test_AGI_7_manual_reclaim_is_a_free_action_offered_once_spent():
    s = scenario(BLOCKED, [["7C", "KH"]], tokens={"n13": 0}, options={"reclaim": "manual"})
    with pytest.raises(IllegalAction, match="can still score"):
        s.apply(0, "reclaim " + name(s, "n13"))
    s.apply(0, put(s, "7C", "o13"))
    s.apply(0, "no token")
    assert s.tokens == [4]  # not returned by itself
    assert notations(s)[0] == "reclaim 6D"
    with pytest.raises(IllegalAction, match="no token on 7C"):
        s.apply(0, "reclaim " + name(s, "o13"))
    s.apply(0, "reclaim " + name(s, "n13"))
    assert s.tokens == [5] and s.decision == "turn" and s.to_act == (0,)
    assert "reclaim 6D" not in notations(s)


def test_AGI_11_manual_reclaim_only_by_the_owner_on_their_turn():
    # Seat 0 blocks seat 1's token; seat 1 may reclaim it when its turn comes.
    s = scenario(BLOCKED, [["7C", "2H"], ["KH"]], tokens={"n13": 1}, options={"reclaim": "manual"})
    s.apply(0, put(s, "7C", "o13"))
    s.apply(0, "no token")
    assert s.to_act == (1,) and s.tokens == [5, 4]
    assert notations(s, 1)[0] == "reclaim 6D"
    s.apply(1, "pass")
    assert s.to_act == (0,)
    with pytest.raises(IllegalAction, match="no token on 6D"):
        s.apply(0, "reclaim " + name(s, "n13"))
    s.apply(0, put(s, "2H", "l13"))
    s.apply(0, "no token")
    s.apply(1, "reclaim " + name(s, "n13"))  # a free action: still seat 1's turn
    assert s.tokens == [5, 5] and s.to_act == (1,) and s.decision == "turn"


def test_AGI_7_reclaim_is_automatic_by_default():
    s = scenario(BLOCKED, [["7C"]], tokens={"n13": 0})
    with pytest.raises(IllegalAction, match="reclaim=auto"):
        s.apply(0, "reclaim " + name(s, "n13"))


def test_AGI_10_a_token_placed_on_a_spent_card_scores_then_returns():
    # n13 takes only a 6 and is boxed in by black cards on all four sides.
    placements = [("m13", "5C"), ("m12", "3S"), ("n12", "4S"), ("o12", "6S"), ("o13", "7C")]
    placements += [("m14", "6C"), ("n14", "8C")]
    s = scenario(placements, [["6H"]])
    assert allowed(s, "n13") == [6]
    s.apply(0, put(s, "6H", "n13"))
    events = s.apply(0, "token")
    assert [e.kind for e in events][:2] == ["token", "reclaimed"]
    assert s.score == [2] and s.tokens == [5]


def test_AGI_10_a_token_freed_by_the_placement_may_go_on_the_card_just_played():
    """A player with no token in hand plays a card that leaves one of their
    tokens with nowhere to grow: it returns at once, so the token decision is
    offered, and it may go on that very card."""
    s = scenario(BLOCKED, [["7C", "2H"]], tokens={"n13": 0})
    s.tokens[0] = 0
    events = s.apply(0, put(s, "7C", "o13"))
    assert [e.kind for e in events] == ["placed", "reclaimed"]
    assert s.decision == "token" and notations(s) == ["token", "no token"]
    events = s.apply(0, "token")
    assert [(e.kind, e.data["card"]) for e in events if e.kind == "token"] == [("token", "7C")]
    assert s.tokens == [0] and s.token_cells == {idx("o13"): 0}


def test_AGI_10_manual_reclaim_at_the_token_decision():
    s = scenario(BLOCKED, [["7C", "2H"]], tokens={"n13": 0}, options={"reclaim": "manual"})
    s.tokens[0] = 0
    s.apply(0, put(s, "7C", "o13"))
    assert s.decision == "token" and notations(s) == ["reclaim 6D", "no token"]
    with pytest.raises(IllegalAction, match="no token to put"):
        s.apply(0, "token")
    s.apply(0, "reclaim 6D")
    assert s.decision == "token" and notations(s) == ["token", "no token"]
    s.apply(0, "token")
    assert s.tokens == [0] and s.token_cells == {idx("o13"): 0}


def test_AGI_10_option_late_reclaim_returns_freed_tokens_after_the_decision():
    for reclaim in ("auto", "manual"):
        options = {"late_reclaim": True, "reclaim": reclaim}
        s = scenario(BLOCKED, [["7C", "2H"]], tokens={"n13": 0}, options=options)
        s.tokens[0] = 0
        events = s.apply(0, put(s, "7C", "o13"))
        assert s.decision == "turn"  # no token in hand: no token decision
        assert [e.kind for e in events if e.kind == "reclaimed"] == (
            ["reclaimed"] if reclaim == "auto" else []
        )
        assert s.tokens == [1 if reclaim == "auto" else 0] and idx("o13") not in s.map.token
    s = scenario(BLOCKED, [["7C"]], tokens={"n13": 0}, options={"late_reclaim": True})
    events = s.apply(0, put(s, "7C", "o13"))
    assert [e.kind for e in events] == ["placed"] and s.decision == "token"
    events = s.apply(0, "no token")
    assert [e.kind for e in events][:1] == ["reclaimed"]
