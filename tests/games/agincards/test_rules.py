"""Agincards scenarios: each rule clause, the text's examples and every AGI
ruling, named after what they pin."""

from __future__ import annotations

import pytest

from courtly import cards
from courtly.engine.errors import IllegalAction, NotationError
from courtly.engine.testing import snapshot
from courtly.games.agincards.actions import ACTIONS, PLACE0, RECLAIM0, parse
from courtly.games.agincards.map import CELLS, INSIDE, SEED_INDEX, SIDE, P

from .helpers import GAME, allowed, idx, scenario

# Cells used below: m13 is the seed; n13 is right of it, l13 left, m12 above.


def notations(state, seat=0):
    return [a.notation for a in state.legal_actions(seat)]


# -- SETUP ----------------------------------------------------------------------------


def test_setup_deals_five_each_draws_the_seed_and_gives_five_tokens():
    s = GAME.new(players=3, seed=4)
    obs = s.observation(None)
    assert obs["hand_sizes"] == [5, 5, 5]
    assert obs["deck_size"] == 52 - 15 - 1
    assert len(obs["map"]) == 1 and obs["map"][0][0] == "m13"
    assert obs["tokens_in_hand"] == [5, 5, 5]
    assert obs["scores"] == [0, 0, 0]
    assert obs["decision"] == "turn" and obs["to_act"] == [0]


def test_stacked_deck_deals_five_per_seat_then_seed_then_pile_from_the_top():
    deck = ["AC", "2C", "3C", "4C", "5C", "AD", "2D", "3D", "4D", "5D", "9H", "KS", "QS"]
    s = GAME.new(players=2, seed=1, options={"deck": deck})
    assert s.observation(0)["hand"] == deck[:5]
    assert s.observation(1)["hand"] == deck[5:10]
    assert s.observation(None)["map"] == [["m13", "9H"]]
    assert cards.code(s.deck[-1]) == "KS" and cards.code(s.deck[-2]) == "QS"
    assert len(s.deck) == 52 - 11  # the cards left out are shuffled beneath


def test_stacked_deck_must_be_long_enough_and_not_repeat_cards():
    from courtly.engine.errors import OptionError

    with pytest.raises(OptionError, match="at least 11 cards"):
        GAME.new(players=2, seed=1, options={"deck": ["AC", "2C"]})
    with pytest.raises(OptionError, match="more than 1 time"):
        GAME.new(players=1, seed=1, options={"deck": ["AC"] * 6})
    deck = ["AC", "AC", "2C", "2C", "3C", "4C"]
    s = GAME.new(players=1, seed=1, options={"deck": deck, "decks": 2})
    assert sorted(s.hands[0]) == [0, 4, 8, 100, 104]  # second copies are 100 + card
    assert s.observation(0)["hand"] == deck[:5]


def test_AGI_13_two_packs_hold_every_card_twice_with_distinct_ints_and_equal_codes():
    s = GAME.new(players=6, seed=2, options={"decks": 2})
    every = [c for zone in s.zones().values() for c in zone]
    assert len(every) == 104 and len(set(every)) == 104
    codes = sorted(cards.code(c % 100) for c in every)
    assert codes == sorted([cards.code(c) for c in range(52)] * 2)


def test_AGI_12_more_than_four_players_need_two_packs():
    from courtly.engine.errors import OptionError

    with pytest.raises(OptionError, match="decks=2"):
        GAME.new(players=5, seed=1)
    assert GAME.new(players=8, seed=1, options={"decks": 2}).players == 8


# -- PLACEMENT and RUNS (AGI-1, AGI-2) ----------------------------------------------------


def test_text_example_4_next_to_6_lower_past_the_4_higher_past_the_6():
    s = scenario([("m13", "4C"), ("n13", "6C")], [["3D", "5D", "7D", "2H", "KH"]])
    assert allowed(s, "l13") == [1, 2, 3]
    assert allowed(s, "o13") == [7, 8, 9, 10, 11, 12, 13]
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="rise one way") as exc:
        s.apply(0, "5D o13")
    assert "o13 allows 7" in exc.value.reason
    assert snapshot(s) == before
    assert "5D l13" not in notations(s)
    assert {"3D l13", "2H l13", "7D o13", "KH o13"} <= set(notations(s))


def test_text_example_ace_and_king_end_runs():
    s = scenario([("m13", "KC"), ("n13", "AD")], [["2H"]])
    m = s.map
    for cell in ("l13", "o13"):  # nothing above a King, nothing below an Ace
        assert allowed(s, cell) == []
        assert m.dead(idx(cell))
    s = scenario([("m13", "QC"), ("n13", "KD")], [["AH"]])
    assert allowed(s, "o13") == []  # no wrap: an Ace does not follow a King
    assert allowed(s, "l13") == list(range(1, 12))


def test_AGI_1_values_ace_to_king_suits_ignored_colour_for_runs():
    assert [parse(f"{r}C m12").card >> 2 for r in "A23456789TJQK"] == list(range(13))
    s = scenario([("m13", "5C"), ("n13", "7H")], [["8D"]])
    assert allowed(s, "o13") == [8, 9, 10, 11, 12, 13]
    s.apply(0, "8D o13")
    s.apply(0, "token")
    # Hearts and Diamonds are both red: the 7H and 8D make one score run of 2.
    assert s.score == [2 + 1]


def test_AGI_2_a_card_must_touch_the_map():
    s = scenario([("m13", "7C")], [["5H"]])
    with pytest.raises(IllegalAction, match="touches no card"):
        s.apply(0, "5H k13")
    with pytest.raises(IllegalAction, match="touches no card"):
        s.apply(0, "5H n12")  # diagonal is not touching


def test_AGI_2_touching_cards_must_differ():
    s = scenario([("m13", "7C")], [["7H"]])
    with pytest.raises(IllegalAction, match="touches another 7"):
        s.apply(0, "7H n13")
    assert notations(s) == ["pass"]


def test_AGI_2_gap_filling_joins_two_lines_and_keeps_them_monotonic():
    # Row 13 reads 3 [gap] 9; the gap also sits below the 4 of row 12.
    placements = [("m13", "9C"), ("m12", "6C"), ("l12", "4C"), ("k12", "2C"), ("k13", "3C")]
    s = scenario(placements, [["5S", "2H", "8H", "4H", "TH"]])
    assert allowed(s, "l13") == [5, 6, 7, 8]
    legal = set(notations(s))
    assert {"5S l13", "8H l13"} <= legal
    assert not {"2H l13", "4H l13", "TH l13"} & legal
    with pytest.raises(IllegalAction, match=r"3 \[2\] 9"):
        s.apply(0, "2H l13")
    s.apply(0, "5S l13")
    assert s.map.val[idx("l13")] == 5


def test_AGI_2_a_gap_between_lines_running_opposite_ways_is_dead():
    # Row 13 reads 8 7 [gap] 10: falling on the left needs under 7, yet the 10
    # on the right would need over 10 to keep falling.
    placements = [("m13", "7C"), ("l13", "8C"), ("m14", "5C"), ("n14", "6C"), ("o14", "9C")]
    placements += [("o13", "TC")]
    s = scenario(placements, [["AH"]])
    assert allowed(s, "n13") == []
    assert s.map.dead(idx("n13"))


def test_AGI_3_two_runs_crossing_into_dead_space():
    # l12 must be below 6 (row 12 rises 6 8) and above 8 (column l falls 8 6).
    placements = [("m13", "7C"), ("m12", "6C"), ("n12", "8C"), ("l13", "8D"), ("l14", "6D")]
    s = scenario(placements, [["5H", "9H"]])
    assert allowed(s, "l12") == []
    assert s.map.dead(idx("l12"))
    with pytest.raises(IllegalAction, match="l12 is dead space"):
        s.apply(0, "5H l12")


def test_AGI_3_dead_space_is_judged_by_value_not_by_cards_left():
    # n13 sits in row 4 [v] 6 and under an 8: only a 5 fits there.
    placements = [("m13", "4C"), ("m12", "3C"), ("n12", "8C"), ("o12", "9C"), ("o13", "6C")]
    s = scenario(placements, [["KH"]], tokens={"o13": 0})
    assert allowed(s, "n13") == [5]
    # No 5 is in any hand or the pile here, yet the cell is open, not dead,
    # and the token beside it can still score.
    i = idx("n13")
    assert not s.map.dead(i)
    assert s.map.can_score(idx("o13"))


def test_placement_keeps_both_row_and_column_monotonic():
    # Column n reads 2 5 10 downwards; m12 has the 5 to its right and the 9 below.
    placements = [("m13", "9C"), ("n13", "TC"), ("n12", "5C"), ("n11", "2C")]
    s = scenario(placements, [["4H", "6H"]])
    # m12: row 12 is [v] 5 and column m is [v] 9, single cards: anything but 5 and 9
    assert allowed(s, "m12") == [1, 2, 3, 4, 6, 7, 8, 10, 11, 12, 13]
    # n14 below the 10: column n reads 2 5 10 [v] rising: v > 10
    assert allowed(s, "n14") == [11, 12, 13]


# -- SCORE RUNS (AGI-4, AGI-5) --------------------------------------------------------------


def test_AGI_4_score_run_is_the_same_colour_segment_across_and_down_separately():
    # 5D 6H are red, 7C black: a token on a red 4 at l13 scores across 3, down 1.
    s = scenario([("m13", "5D"), ("n13", "6H"), ("o13", "7C")], [["4H"]])
    s.apply(0, "4H l13")
    s.apply(0, "token")
    assert s.score == [3 + 1]
    assert s.token_points == [4] and s.run_points == [0]


def test_AGI_5_a_token_scores_at_least_2():
    s = scenario([("m13", "5C")], [["9D"]])
    s.apply(0, "9D n13")
    ev = s.apply(0, "token")
    assert [e.data["points"] for e in ev if e.kind == "token"] == [2]
    assert s.score == [2]


def test_AGI_5_extending_a_score_run_scores_its_new_full_length_for_the_token():
    s = scenario([("m13", "5C"), ("n13", "6C")], [["7S"], []], tokens={"n13": 1})
    s.apply(0, "7S o13")
    assert s.score == [0, 3]  # the token's owner scores, not the player
    assert s.run_points == [0, 3]


def test_AGI_5_two_tokens_in_one_run_score_twice():
    s = scenario(
        [("m13", "5C"), ("n13", "6C"), ("o13", "7C")], [["8S"]], tokens={"n13": 0, "o13": 0}
    )
    assert s.tokens == [3]
    s.apply(0, "8S p13")
    assert s.score == [4 + 4]


def test_AGI_5_tokens_of_several_players_in_one_run_each_score():
    s = scenario(
        [("m13", "5C"), ("n13", "6C"), ("o13", "7C")], [["8S"], []], tokens={"n13": 0, "o13": 1}
    )
    s.apply(0, "8S p13")
    assert s.score == [4, 4]


def test_AGI_5_the_card_scores_for_tokens_already_there_and_then_its_own_token():
    s = scenario([("m13", "5C"), ("n13", "6C")], [["7S"]], tokens={"n13": 0})
    s.apply(0, "7S o13")
    assert s.score == [3]
    s.apply(0, "token")
    assert s.score == [3 + 3 + 1]


def test_AGI_5_a_card_of_the_other_colour_scores_nothing():
    s = scenario([("m13", "5C"), ("n13", "6C")], [["7H"]], tokens={"n13": 0})
    s.apply(0, "7H o13")
    assert s.score == [0]


def test_AGI_5_filling_a_gap_joins_two_score_runs():
    placements = [("m13", "9C"), ("m12", "6C"), ("l12", "4C"), ("k12", "2C"), ("k13", "3C")]
    s = scenario(placements, [["5S"]], tokens={"k13": 0})
    s.apply(0, "5S l13")
    assert s.score == [3]  # row 13 is now 3 5 9, all black


# -- TOKENS (AGI-6) --------------------------------------------------------------------------


def test_AGI_6_token_only_on_the_card_just_placed():
    s = scenario([("m13", "5C")], [["9D", "2H"]])
    with pytest.raises(IllegalAction, match="just played"):
        s.apply(0, "token")
    s.apply(0, "9D n13")
    assert s.decision == "token"
    assert notations(s) == ["token", "no token"]
    with pytest.raises(IllegalAction, match="'token' or 'no token'"):
        s.apply(0, "2H l13")
    s.apply(0, "token")
    assert s.tokens == [4] and s.map.token[idx("n13")] == 0
    assert s.decision == "turn"  # one token per card: the turn is over
    with pytest.raises(IllegalAction):
        s.apply(0, "token")


def test_AGI_6_never_on_the_seed():
    s = GAME.new(players=2, seed=9)
    assert s.decision == "turn"
    assert s.map.token[SEED_INDEX] == -1 and s.tokens == [5, 5]
    assert "token" not in notations(s)


def test_AGI_6_no_token_decision_without_a_token_in_hand():
    s = scenario([("m13", "5C")], [["9D"], ["2H"]])
    s.tokens[0] = 0
    s.apply(0, "9D n13")
    assert s.decision == "turn" and s.to_act == (1,)


def test_five_tokens_per_player():
    s = GAME.new(players=4, seed=3)
    assert s.tokens == [5, 5, 5, 5]


# -- RECLAIMING TOKENS (AGI-7) ------------------------------------------------------------------


BLOCKED = [("m13", "5C"), ("n13", "6D"), ("n12", "4S"), ("n14", "8C")]


def test_AGI_7_a_token_blocked_by_the_other_colour_returns_automatically():
    s = scenario(BLOCKED, [["7C"]], tokens={"n13": 0})
    assert s.tokens == [4]
    s.apply(0, "7C o13")
    events = s.apply(0, "no token")
    assert [e.data["cell"] for e in events if e.kind == "reclaimed"] == ["n13"]
    assert s.tokens == [5] and s.map.token[idx("n13")] == -1


def test_AGI_7_dead_space_blocks_a_run_end():
    # The red King's runs: left a black Queen, right and down dead (above a King).
    s = scenario([("m13", "QC"), ("n13", "KD")], [["2S"]], tokens={"n13": 0})
    s.apply(0, "2S n12")
    assert s.map.dead(idx("o13")) and s.map.dead(idx("n14"))
    s.apply(0, "no token")
    assert s.tokens == [5]


def test_AGI_7_a_token_that_can_still_score_stays():
    s = scenario(BLOCKED[:3], [["7C"]], tokens={"n13": 0})
    s.apply(0, "7C o13")
    s.apply(0, "no token")
    assert s.tokens == [4]  # n14 below can still take a red card


def test_AGI_7_manual_reclaim_is_a_free_action_offered_once_spent():
    s = scenario(BLOCKED, [["7C", "KH"]], tokens={"n13": 0}, options={"reclaim": "manual"})
    with pytest.raises(IllegalAction, match="can still score"):
        s.apply(0, "reclaim n13")
    s.apply(0, "7C o13")
    s.apply(0, "no token")
    assert s.tokens == [4]  # not returned by itself
    assert notations(s)[0] == "reclaim n13"
    with pytest.raises(IllegalAction, match="no token on o13"):
        s.apply(0, "reclaim o13")
    s.apply(0, "reclaim n13")
    assert s.tokens == [5] and s.decision == "turn" and s.to_act == (0,)
    assert "reclaim n13" not in notations(s)


def test_AGI_11_manual_reclaim_only_by_the_owner_on_their_turn():
    # Seat 0 blocks seat 1's token; seat 1 may reclaim it when its turn comes.
    s = scenario(BLOCKED, [["7C", "2H"], ["KH"]], tokens={"n13": 1}, options={"reclaim": "manual"})
    s.apply(0, "7C o13")
    s.apply(0, "no token")
    assert s.to_act == (1,) and s.tokens == [5, 4]
    assert notations(s, 1)[0] == "reclaim n13"
    s.apply(1, "pass")
    assert s.to_act == (0,)
    with pytest.raises(IllegalAction, match="no token on n13"):
        s.apply(0, "reclaim n13")
    s.apply(0, "2H l13")
    s.apply(0, "no token")
    s.apply(1, "reclaim n13")  # a free action: still seat 1's turn
    assert s.tokens == [5, 5] and s.to_act == (1,) and s.decision == "turn"


def test_AGI_7_reclaim_is_automatic_by_default():
    s = scenario(BLOCKED, [["7C"]], tokens={"n13": 0})
    with pytest.raises(IllegalAction, match="reclaim=auto"):
        s.apply(0, "reclaim n13")


def test_AGI_10_a_token_placed_on_a_spent_card_scores_then_returns():
    # n13 takes only a 6 and is boxed in by black cards on all four sides.
    placements = [("m13", "5C"), ("m12", "3S"), ("n12", "4S"), ("o12", "6S"), ("o13", "7C")]
    placements += [("m14", "6C"), ("n14", "8C")]
    s = scenario(placements, [["6H"]])
    assert allowed(s, "n13") == [6]
    s.apply(0, "6H n13")
    events = s.apply(0, "token")
    assert [e.kind for e in events][:2] == ["token", "reclaimed"]
    assert s.score == [2] and s.tokens == [5]


# -- TURNS and THE END (AGI-8) -------------------------------------------------------------------


def test_AGI_8_play_then_draw_to_five():
    s = scenario([("m13", "5C")], [["9D", "2H", "3H", "4H", "JH"], ["AS"]], deck=["QD", "KD"])
    s.apply(0, "9D n13")
    assert len(s.hands[0]) == 4  # no draw before the token decision
    s.apply(0, "no token")
    assert [cards.code(c) for c in s.hands[0]] == ["2H", "3H", "4H", "JH", "QD"]
    assert s.to_act == (1,)


def test_AGI_8_a_pass_draws_nothing():
    s = scenario([("m13", "5C")], [["9D", "2H", "3H", "4H", "JH"], ["AS"]], deck=["QD"])
    s.apply(0, "pass")
    assert len(s.hands[0]) == 5 and len(s.deck) == 1


def test_AGI_8_no_draw_from_an_empty_pile():
    s = scenario([("m13", "5C")], [["9D", "2H"], ["AS"]])
    s.apply(0, "9D n13")
    s.apply(0, "no token")
    assert [cards.code(c) for c in s.hands[0]] == ["2H"]


def test_AGI_8_a_player_with_no_legal_placement_must_pass():
    s2 = scenario([("m13", "7C")], [["7H", "7D"]])
    assert notations(s2) == ["pass"]
    s2.apply(0, "pass")
    assert s2.passes == 1


def test_a_pass_tells_the_others_nothing_about_the_hand():
    """Whether the passer could have placed a card depends on their hidden
    hand: the pass reads the same to every other seat and to spectators,
    in its event data and in the log line."""
    forced = scenario([("m13", "7C")], [["7H", "7D"], ["AS"], ["2S"]])
    chosen = scenario([("m13", "7C")], [["5H", "7D"], ["AS"], ["2S"]])
    assert notations(forced) == ["pass"] and len(notations(chosen)) > 1
    seen = []
    for s in (forced, chosen):
        (event,) = s.apply(0, "pass")
        for viewer in (1, 2, None):
            if event.visible_to(viewer):
                seen.append((viewer, event.to_json(), GAME.describe(event, viewer)))
    half = len(seen) // 2
    assert seen[:half] == seen[half:]
    assert seen[0][2] == "P0 passed"


def test_AGI_8_the_game_ends_when_every_player_passes_in_a_row():
    s = scenario([("m13", "5C")], [["9D", "2H"], ["AS", "3S"], ["KD"]], deck=["4D", "4S"])
    s.apply(0, "pass")
    s.apply(1, "pass")
    s.apply(2, "KD n13")
    s.apply(2, "no token")
    s.apply(0, "pass")
    s.apply(1, "pass")
    assert not s.over
    s.apply(2, "pass")
    assert s.over and s.to_act == () and s.decision is None


def test_AGI_8_the_game_ends_when_the_deck_and_every_hand_are_empty():
    s = scenario([("m13", "5C")], [["9D"], ["2S"]])
    s.apply(0, "9D n13")
    s.apply(0, "token")
    assert not s.over
    s.apply(1, "2S l13")
    events = s.apply(1, "token")
    assert s.over and events[-1].kind == "game_over"
    assert s.scores == [2.0, 3.0] and s.winners == [1]  # 2S and 5C are both black


def test_AGI_14_solitaire_pass_ends_the_game_and_its_winner_is_seat_0():
    s = GAME.new(players=1, seed=5)
    s.apply(0, "pass")
    assert s.over and s.winners == [0] and s.scores == [0.0]


# -- POSITIONS (AGI-9) -------------------------------------------------------------------------


def test_AGI_9_the_table_is_25_by_25_cells_around_the_seed():
    assert SIDE == 25 and CELLS == 625
    assert parse("5H a1").cell == 0 and parse("5H y25").cell == 624
    assert parse("5H m13").cell == 12 * 25 + 12
    for bad in ("5H z1", "5H a26", "5H a0"):
        with pytest.raises(NotationError, match="not a cell"):
            parse(bad)


def test_AGI_9_the_table_edge_blocks_a_run_end():
    # A staircase of 2-card lines from the seed to the top-right corner y1.
    cells = ["m13"]
    col, row = 12, 13
    while row > 1:
        col += 1
        cells.append(f"{'abcdefghijklmnopqrstuvwxy'[col]}{row}")
        row -= 1
        cells.append(f"{'abcdefghijklmnopqrstuvwxy'[col]}{row}")
    assert cells[-1] == "y1"
    placements = [(c, "5C" if k % 2 == 0 else "6H") for k, c in enumerate(cells)]
    s = scenario(placements, [["2D"]])
    m = s.map
    y1 = idx("y1")
    assert not INSIDE[y1 - P] and not INSIDE[y1 + 1]  # off the table above and right
    assert not m.end_open(y1, -P) and not m.end_open(y1, 1)
    assert m.mask[y1 - P] == 0 and m.mask[y1 + 1] == 0


# -- ACTIONS ------------------------------------------------------------------------------------


def test_action_ids_are_laid_out_as_documented():
    assert len(GAME.actions) == 3 + 625 + 52 * 625 == 33128
    assert [a.notation for a in ACTIONS[:4]] == ["pass", "token", "no token", "reclaim a1"]
    assert ACTIONS[RECLAIM0 + 624].notation == "reclaim y25"
    assert ACTIONS[PLACE0].notation == "AC a1"
    a = parse("7h K12")
    assert a.id == PLACE0 + cards.card("7H") * 625 + 11 * 25 + 10
    assert a.notation == "7H k12"
    assert GAME.parse_action("Place 10h at M12").notation == "TH m12"
    assert GAME.parse_action("NO TOKEN") is ACTIONS[2]
