"""Agincards scenarios: each rule clause, the text's examples and every AGI
ruling, named after what they pin."""

from __future__ import annotations

import random

import pytest

from courtly import cards
from courtly.engine.errors import IllegalAction, OptionError
from courtly.engine.records import Record, replay, replay_steps
from courtly.engine.testing import snapshot
from courtly.games.agincards.actions import ACTIONS, PLACE0, RECLAIM0, parse
from courtly.games.agincards.map import (
    MAX_REACH,
    ORIGIN,
    WIDTH,
    Map,
    index,
    value_of,
    xy,
)

from .helpers import COLUMNS, GAME, allowed, idx, notations, put, scenario

# Cells used below: m13 is the seed; n13 is right of it, l13 left, m12 above.


def legal_cells(state, seat=0):
    """The legal placements as 'CARD CELL', the cell named as in the scenarios."""
    out = set()
    for a in state.legal_actions(seat):
        if a.kind == "place":
            x, y = xy(state.map.target(a.ref, a.side))
            out.add(f"{a.notation[:2]} {COLUMNS[x + 12]}{y + 13}")
    return out


# -- SETUP ----------------------------------------------------------------------------


def test_setup_deals_five_each_draws_the_seed_and_gives_five_tokens():
    s = GAME.new(players=3, seed=4)
    obs = s.observation(None)
    assert obs["hand_sizes"] == [5, 5, 5]
    assert obs["deck_size"] == 52 - 15 - 1
    assert len(obs["map"]) == 1 and obs["map"][0][:2] == [0, 0]
    assert obs["tokens_in_hand"] == [5, 5, 5]
    assert obs["scores"] == [0, 0, 0]
    assert obs["decision"] == "turn" and obs["to_act"] == [0]


def test_stacked_deck_deals_five_per_seat_then_seed_then_pile_from_the_top():
    deck = ["AC", "2C", "3C", "4C", "5C", "AD", "2D", "3D", "4D", "5D", "9H", "KS", "QS"]
    s = GAME.new(players=2, seed=1, options={"deck": deck})
    assert s.observation(0)["hand"] == deck[:5]
    assert s.observation(1)["hand"] == deck[5:10]
    assert s.observation(None)["map"] == [[0, 0, "9H"]]
    assert cards.code(s.deck[-1]) == "KS" and cards.code(s.deck[-2]) == "QS"
    assert len(s.deck) == 52 - 11  # the cards left out are shuffled beneath


def test_the_set_up_is_told_in_the_log_each_hand_to_its_seat_alone():
    """As a table's log opens (``Game.opening``): the hand each seat is dealt,
    to that seat only, and the seed card to everyone. It said nothing."""
    deck = ["AC", "2C", "3C", "4C", "5C", "AD", "2D", "3D", "4D", "5D", "9H", "KS"]
    s = GAME.new(players=2, seed=1, options={"deck": deck})
    events = GAME.opening(s)
    seen = {v: [GAME.describe(e, v) for e in events if e.visible_to(v)] for v in (0, 1, None)}
    seed_line = "the seed card of the map is {9H}"
    assert seen[0] == ["you are dealt {AC} {2C} {3C} {4C} {5C}", seed_line]
    assert seen[1] == ["you are dealt {AD} {2D} {3D} {4D} {5D}", seed_line]
    assert seen[None] == [seed_line]


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
        s.apply(0, "5D right of 6C")
    assert "that cell allows 7" in exc.value.reason
    assert snapshot(s) == before
    assert "5D l13" not in legal_cells(s)
    assert {"3D l13", "2H l13", "7D o13", "KH o13"} <= legal_cells(s)
    assert {"3D left of 4C", "KH right of 6C"} <= set(notations(s))


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
    assert [parse(f"{r}C above 5C").card >> 2 for r in "A23456789TJQK"] == list(range(13))
    s = scenario([("m13", "5C"), ("n13", "7H")], [["8D"]])
    assert allowed(s, "o13") == [8, 9, 10, 11, 12, 13]
    s.apply(0, put(s, "8D", "o13"))
    s.apply(0, "token")
    # Hearts and Diamonds are both red: the 7H and 8D make one score run of 2.
    assert s.score == [2 + 1]


def test_AGI_2_a_card_must_touch_the_map():
    # A placement names a card of the map and a side of it: left, right,
    # above or below, never diagonally, never apart.
    s = scenario([("m13", "7C"), ("n13", "9C")], [["5H", "KD"]])
    assert legal_cells(s) == {
        f"{card} {cell}" for card in ("5H", "KD") for cell in ("m12", "m14", "n12", "n14")
    } | {"5H l13", "KD o13"}
    with pytest.raises(IllegalAction, match="no 4C on the map"):
        s.apply(0, "5H right of 4C")
    with pytest.raises(IllegalAction, match="no second 7C"):
        s.apply(0, "5H right of 7C'")


def test_AGI_2_touching_cards_must_differ():
    s = scenario([("m13", "7C")], [["7H"]])
    with pytest.raises(IllegalAction, match="touches another 7"):
        s.apply(0, put(s, "7H", "n13"))
    assert notations(s) == ["pass"]


def test_AGI_2_gap_filling_joins_two_lines_and_keeps_them_monotonic():
    # Row 13 reads 3 [gap] 9; the gap also sits below the 4 of row 12.
    placements = [("m13", "9C"), ("m12", "6C"), ("l12", "4C"), ("k12", "2C"), ("k13", "3C")]
    s = scenario(placements, [["5S", "2H", "8H", "4H", "TH"]])
    assert allowed(s, "l13") == [5, 6, 7, 8]
    legal = legal_cells(s)
    assert {"5S l13", "8H l13"} <= legal
    assert not {"2H l13", "4H l13", "TH l13"} & legal
    with pytest.raises(IllegalAction, match=r"3 \[2\] 9"):
        s.apply(0, put(s, "2H", "l13"))
    s.apply(0, put(s, "5S", "l13"))
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
    with pytest.raises(IllegalAction, match="that cell is dead space"):
        s.apply(0, put(s, "5H", "l12"))


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
    s.apply(0, put(s, "4H", "l13"))
    s.apply(0, "token")
    assert s.score == [3 + 1]
    assert s.token_points == [4] and s.run_points == [0]


def test_AGI_5_a_token_scores_at_least_2():
    s = scenario([("m13", "5C")], [["9D"]])
    s.apply(0, put(s, "9D", "n13"))
    ev = s.apply(0, "token")
    assert [e.data["points"] for e in ev if e.kind == "token"] == [2]
    assert s.score == [2]


def test_AGI_5_extending_a_score_run_scores_its_new_full_length_for_the_token():
    s = scenario([("m13", "5C"), ("n13", "6C")], [["7S"], []], tokens={"n13": 1})
    s.apply(0, put(s, "7S", "o13"))
    assert s.score == [0, 3]  # the token's owner scores, not the player
    assert s.run_points == [0, 3]


def test_AGI_5_two_tokens_in_one_run_score_twice():
    s = scenario(
        [("m13", "5C"), ("n13", "6C"), ("o13", "7C")], [["8S"]], tokens={"n13": 0, "o13": 0}
    )
    assert s.tokens == [3]
    s.apply(0, put(s, "8S", "p13"))
    assert s.score == [4 + 4]


def test_AGI_5_tokens_of_several_players_in_one_run_each_score():
    s = scenario(
        [("m13", "5C"), ("n13", "6C"), ("o13", "7C")], [["8S"], []], tokens={"n13": 0, "o13": 1}
    )
    s.apply(0, put(s, "8S", "p13"))
    assert s.score == [4, 4]


def test_AGI_5_the_card_scores_for_tokens_already_there_and_then_its_own_token():
    s = scenario([("m13", "5C"), ("n13", "6C")], [["7S"]], tokens={"n13": 0})
    s.apply(0, put(s, "7S", "o13"))
    assert s.score == [3]
    s.apply(0, "token")
    assert s.score == [3 + 3 + 1]


def test_AGI_5_a_card_of_the_other_colour_scores_nothing():
    s = scenario([("m13", "5C"), ("n13", "6C")], [["7H"]], tokens={"n13": 0})
    s.apply(0, put(s, "7H", "o13"))
    assert s.score == [0]


def test_AGI_5_filling_a_gap_joins_two_score_runs():
    placements = [("m13", "9C"), ("m12", "6C"), ("l12", "4C"), ("k12", "2C"), ("k13", "3C")]
    s = scenario(placements, [["5S"]], tokens={"k13": 0})
    s.apply(0, put(s, "5S", "l13"))
    assert s.score == [3]  # row 13 is now 3 5 9, all black


# -- TURNS and THE END (AGI-8) -------------------------------------------------------------------


def test_AGI_8_play_then_draw_to_five():
    s = scenario([("m13", "5C")], [["9D", "2H", "3H", "4H", "JH"], ["AS"]], deck=["QD", "KD"])
    s.apply(0, put(s, "9D", "n13"))
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
    s.apply(0, put(s, "9D", "n13"))
    s.apply(0, "no token")
    assert [cards.code(c) for c in s.hands[0]] == ["2H"]


def test_AGI_8_a_player_with_no_legal_placement_must_pass():
    s2 = scenario([("m13", "7C")], [["7H", "7D"]])
    assert notations(s2) == ["pass"]
    s2.apply(0, "pass")
    assert s2.passes == 1


def test_AGI_15_a_pass_tells_the_others_nothing_about_the_hand():
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
    assert seen[0][2] == "{P0} passed"


def test_AGI_8_the_game_ends_when_every_player_passes_in_a_row():
    s = scenario([("m13", "5C")], [["9D", "2H"], ["AS", "3S"], ["KD"]], deck=["4D", "4S"])
    s.apply(0, "pass")
    s.apply(1, "pass")
    s.apply(2, put(s, "KD", "n13"))
    s.apply(2, "no token")
    s.apply(0, "pass")
    s.apply(1, "pass")
    assert not s.over
    s.apply(2, "pass")
    assert s.over and s.to_act == () and s.decision is None


def test_AGI_8_the_game_ends_when_the_deck_and_every_hand_are_empty():
    s = scenario([("m13", "5C")], [["9D"], ["2S"]])
    s.apply(0, put(s, "9D", "n13"))
    s.apply(0, "token")
    assert not s.over
    s.apply(1, put(s, "2S", "l13"))
    events = s.apply(1, "token")
    assert s.over and events[-1].kind == "game_over"
    assert s.scores == [2.0, 3.0] and s.winners == [1]  # 2S and 5C are both black


def test_AGI_14_solitaire_pass_ends_the_game_and_its_winner_is_seat_0():
    s = GAME.new(players=1, seed=5)
    s.apply(0, "pass")
    assert s.over and s.winners == [0] and s.scores == [0.0]


# -- THE TABLE (AGI-9) -------------------------------------------------------------------------


def _lay_xy(cells, reach=0):
    """A map from ``((x, y), card)`` pairs, the first the seed; each later card
    must be legal where it is laid."""
    m = Map(reach)
    laid = set()
    for n, ((x, y), code) in enumerate(cells):
        c = cards.card(code)
        if c in laid:
            c += 100  # the second pack's copy
        laid.add(c)
        if n:
            assert m.allows(index(x, y), value_of(c)), f"{code} at {(x, y)} is not legal"
        m.place(index(x, y), c)
    return m


def _staircase(n):
    """``n`` cards in 2-card lines climbing right and up from the seed, the
    cards of the pack in suit order (no two neighbours of one rank)."""
    pack = [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"]
    cells, x, y = [(0, 0)], 0, 0
    while len(cells) < n:
        x += 1
        cells.append((x, y))
        y -= 1
        cells.append((x, y))
    return list(zip(cells[:n], pack, strict=False))


def test_AGI_9_the_table_has_no_edge_the_map_spreads_as_far_as_its_cards():
    """'The game can spread itself out': a staircase 20 cells right and 20 up
    from the seed, far past where a 25 x 25 table ended (12 cells), and the next
    card goes further still."""
    stairs = _staircase(41)
    assert stairs[-1] == ((20, -20), "2S")
    s = scenario([("m13", "AC")], [["9D"]])
    s.map = _lay_xy(stairs)
    assert "9D right of 2S" in notations(s)
    s.apply(0, "9D right of 2S")
    assert xy(s.map.order[-1]) == (21, -20)
    assert s.observation(None)["map"][-1] == [21, -20, "9D"]


def test_AGI_9_random_two_pack_games_spread_past_a_25_by_25_square():
    spread = 0
    for seed in range(20):
        state = GAME.new(players=4, seed=seed, options={"decks": 2})
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            placing = [a for a in legal if a.kind == "place"]
            state.apply(seat, rng.choice(placing or legal))
        far = max(max(abs(x), abs(y)) for x, y, _ in state.observation(None)["map"])
        spread += far > 12
    assert spread >= 3


def test_AGI_9_no_card_can_lie_more_than_96_cells_from_the_seed():
    """The bound behind the coordinates: a line holds at most 13 cards, so a
    chain of cards reaching d cells across needs d + ceil(d / 12) cards; two
    packs (104) reach 96 at most, and they do: eight rows of Ace to King, each
    starting below the King that ends the row before."""
    cells = []
    for row in range(8):
        suit = "CDHS"[row % 4]
        cells += [((12 * row + k, row), f"{'A23456789TJQK'[k]}{suit}") for k in range(13)]
    m = _lay_xy(cells)
    assert len(m.order) == 104 and xy(m.order[-1]) == (MAX_REACH, 7)
    assert all(d + -(-d // 12) > 104 for d in range(MAX_REACH + 1, 200))
    assert MAX_REACH + 3 <= ORIGIN  # a look two cells past an open cell stays in range


def test_AGI_9_option_table_25_keeps_a_25_by_25_table_whose_edge_blocks_a_run_end():
    stairs = _staircase(25)
    assert stairs[-1] == ((12, -12), "QD")  # the top-right corner of a 25 x 25 table
    s = scenario([("m13", "AC")], [["9S", "8H"]], options={"table": 25})
    s.map = m = _lay_xy(stairs, reach=12)
    corner = m.order[-1]
    assert corner - WIDTH not in m.mask and corner + 1 not in m.mask  # off the table
    assert not m.end_open(corner, -WIDTH) and not m.end_open(corner, 1)
    assert not m.dead(corner + 1)  # off the table, not dead space on it
    assert "9S right of QD" not in notations(s)
    with pytest.raises(IllegalAction, match="off the table"):
        s.apply(0, "9S right of QD")
    for bad in (2, 24, 195):
        with pytest.raises(OptionError, match="table"):
            GAME.new(players=2, options={"table": bad})


# -- ACTIONS ------------------------------------------------------------------------------------


def test_action_ids_are_laid_out_as_documented():
    assert len(GAME.actions) == 3 + 104 + 52 * 104 * 4 == 21739
    assert [a.notation for a in ACTIONS[:4]] == ["pass", "token", "no token", "reclaim AC"]
    assert ACTIONS[RECLAIM0 + 103].notation == "reclaim KS'"
    assert ACTIONS[PLACE0].notation == "AC right of AC"
    a = parse("7h R 5c'")
    assert a.id == PLACE0 + cards.card("7H") * 416 + (cards.card("5C") + 52) * 4 + 0
    assert a.notation == "7H right of 5C'"
    assert GAME.parse_action("Place 10h below KD").notation == "TH below KD"
    assert GAME.parse_action("7H above 5C") is parse("7h up 5c")
    assert GAME.parse_action("7H left of 5C").side == 1
    assert GAME.parse_action("reclaim 5C'").ref == cards.card("5C") + 52
    assert GAME.parse_action("NO TOKEN") is ACTIONS[2]


def _corner(hand=("6H", "9H")):
    """m12 sits right of the 4C and above the 9C (the seed): one cell, two names."""
    return scenario([("m13", "9C"), ("l13", "TC"), ("l12", "4C")], [list(hand), ["2S"]])


def test_a_cell_beside_several_cards_may_be_named_after_any_of_them():
    s = _corner()
    assert "6H right of 4C" in notations(s)  # listed after the card on its left
    assert "6H above 9C" not in notations(s)  # once only
    assert put(s, "6H", "m12") == "6H right of 4C"
    listed = s.clone()
    listed.apply(0, "6H right of 4C")
    events = s.apply(0, "6H above 9C")  # the same cell, named after the card below it
    assert s.history == listed.history == [(0, parse("6H right of 4C").id)]
    assert snapshot(s) == snapshot(listed)
    assert s.record().actions == [(0, "6H right of 4C")]  # records keep the listed name
    placed = next(e.data for e in events if e.kind == "placed")
    assert (placed["side"], placed["of"], placed["at"]) == ("right of", "4C", [0, -1])
    # Taken as an Action too, and by every surface through ``stands_for``.
    s = _corner()
    assert s.stands_for(0, parse("6h up 9c")) is parse("6H right of 4C")
    assert s.stands_for(0, parse("6H right of 4C")) is parse("6H right of 4C")
    s.apply(0, parse("6H above 9C"))
    assert s.history == listed.history


def test_another_name_of_a_cell_the_card_may_not_take_is_refused_in_its_own_words():
    s = _corner(("6H", "9H", "KD"))
    before = snapshot(s)
    for action, words in [
        ("9H above 9C", "the cell above 9C touches another 9"),  # 9H right of 4C too
        ("5H above 9C", "you do not hold 5H; your hand is 6H 9H KD"),
        ("6H above 9C'", "there is no second 9C on the map"),
        ("6H above 4C", "6H cannot go above 4C: its column would read"),  # a cell of its own
    ]:
        assert s.stands_for(0, parse(action)) is parse(action)
        with pytest.raises(IllegalAction, match=words):
            s.apply(0, action)
        assert snapshot(s) == before
    # an id as it is (an action mask) is refused, naming the cell's listed name
    assert "the legal moves write that cell '6H right of 4C'" in (
        s.check(0, parse("6H above 9C")) or ""
    )
    s.apply(0, "6H above 9C")
    with pytest.raises(IllegalAction, match="first decide about a token"):
        s.apply(0, "9H left of 4C")  # a legal cell, but a token decision is awaited


def test_a_hand_written_record_may_name_a_cell_after_any_card_beside_it():
    # seed 4: 6H goes right of the seed 2S, then 8C above it; the cell right
    # of 8C is above 6H.
    moves = [(0, "6H right of 2S"), (0, "no token"), (1, "8C above 2S"), (1, "token")]
    rec = Record(
        game="agincards",
        version=GAME.version,
        players=2,
        options={},
        seed=4,
        actions=[*moves, (0, "TD above 6H")],
    )
    *_, last = replay_steps(rec, GAME)
    assert last.notation == "TD above 6H" and last.action is parse("TD right of 8C")
    assert replay(rec, GAME).record().actions[-1] == (0, "TD right of 8C")
