"""Scenario tests: every GAR ruling and the rule text's clauses, by name."""

from __future__ import annotations

import pytest

from courtly import cards
from courtly.engine.errors import IllegalAction, NotationError, OptionError
from courtly.games.garrison.actions import PASS
from courtly.games.garrison.options import TARGETS, VALUE

from .scenario import GAME, answer_all, build, codes, cs, do, end_turn


def c(code: str) -> int:
    return cards.card(code)


# -- GAR-1: the Joker in the deck ----------------------------------------------------
def test_GAR_1_one_joker_by_default_zero_or_two_allowed() -> None:
    for jokers, total in ((None, 53), (0, 52), (1, 53), (2, 54)):
        opts = {} if jokers is None else {"jokers": jokers}
        st = GAME.new(players=3, seed=1, options=opts)
        assert sum(len(z) for z in st.zones().values()) == total
    with pytest.raises(OptionError, match="jokers"):
        GAME.new(players=3, seed=1, options={"jokers": 3})


def test_GAR_1_joker_met_during_set_up_is_shuffled_back() -> None:
    st = GAME.new(players=2, seed=4, options={"deck": "X1 5H 2C 6H 7C 8C 9C 2D 3D 4D 5D 6D 7D"})
    assert codes(st.court[0]) == ["5H"] and codes(st.court[1]) == ["6H"]
    assert codes(st.discard) == ["2C"]
    assert codes(st.market) == ["7C", "8C", "9C"]
    assert codes(st.hands[0]) == ["2D", "3D", "4D"] and codes(st.hands[1]) == ["5D", "6D", "7D"]
    assert 52 in st.deck


def test_stacked_deck_must_fit_the_deck() -> None:
    with pytest.raises(OptionError, match="X2"):
        GAME.new(players=2, seed=1, options={"deck": "X2 5H"})
    with pytest.raises(OptionError, match="twice"):
        GAME.new(players=2, seed=1, options={"deck": "5H 5H"})


# -- GAR-2: values and targets ---------------------------------------------------------
def test_GAR_2_card_values_and_targets_from_the_table() -> None:
    values = [VALUE[c(x)] for x in ("AS", "KH", "QC", "JD", "TH", "7S", "2C")]
    assert values == [11, 10, 10, 10, 10, 7, 2]
    assert VALUE[52] == 0
    for length, row in TARGETS.items():
        for players in range(2, 7):
            st = GAME.new(players=players, seed=1, options={"length": length})
            assert st.target == row[players - 2]
    assert GAME.new(players=4, seed=1).target == 30  # quick by default


def test_text_example_4p_medium_keep_of_35_wins_the_moment_4H_is_played() -> None:
    st = build(
        4,
        court={0: "TH"},
        garrison={0: "AC 3C 7C"},
        hands={0: "4H 4D"},
        options={"length": "medium"},
    )
    assert st.target == 35 and st.keep_value(0) == 31
    st.apply(0, "upgrade 4H with 4D")
    assert not st.over  # the window is open: a spy could still interrupt
    answer_all(st)
    assert st.over and st.winners == [0] and st.scores[0] == 35


# -- GAR-3 and GAR-16: the Joker ----------------------------------------------------------
def test_GAR_3_joker_fires_when_it_enters_the_market() -> None:
    st = build(
        2,
        hands={1: "KD QD"},
        market="2C 3C",
        deck_top="2S 3S 4S X1 5D 6D 7D 8D 9D TD 4C 5C 6C",
    )
    end_turn(st, 0)  # P0 draws 2S 3S 4S; P1's turn: the refill meets X1
    assert st.decision == "reaction" and st.chain[-1].kind == "joker"
    answer_all(st)
    assert codes(st.fallen[0]) and not st.court[0]  # hand 9 <= P1's 20: felled
    assert st.court[1] and not st.fallen[1]  # the trigger is exempt
    assert 52 in st.discard and 52 not in st.market
    assert all(m >= 0 for m in st.market)  # the refill went on after the disaster
    assert [len(h) for h in st.hands] == [3, 3]


def test_GAR_3_drawing_the_joker_into_a_hand_does_nothing() -> None:
    st = build(2, deck_top="X1 2C 3C", market="4C 5C 6C")
    end_turn(st, 0)
    assert 52 in st.hands[0]
    assert st.decision == "turn" and st.to_act == (1,)


def test_GAR_3_discarded_joker_fells_hands_not_exceeding_the_trigger() -> None:
    st = build(3, hands={0: "X1 2C", 1: "2S", 2: "3S"}, market="4C 5C 6C")
    do(st, 0, "discard X1")
    assert st.fallen[1] and not st.court[1]  # 2 <= 2: felled
    assert st.court[2] and not st.fallen[2]  # 3 > 2: fine
    assert st.court[0] and not st.fallen[0]  # the trigger is exempt
    assert all(m < 0 for m in st.market)  # the market was discarded
    assert [len(h) for h in st.hands] == [3, 3, 3]


def test_GAR_3_joker_hits_trigger_option() -> None:
    st = build(2, hands={0: "X1 2C", 1: "KS"}, options={"joker_hits_trigger": True})
    do(st, 0, "discard X1")
    assert st.fallen[0] and not st.court[0]
    assert st.court[1]


def test_GAR_3_thug_cancels_the_joker() -> None:
    st = build(2, hands={0: "X1 9C", 1: "AC 2S"}, market="4C 5C 6C")
    st.apply(0, "discard X1")
    st.apply(1, "pass")  # the discard resolves; the Joker fires
    assert st.chain[-1].kind == "joker" and st.to_act == (1,)
    assert "thug cancel" in [a.notation for a in st.legal_actions(1)]
    st.apply(1, "thug cancel")
    answer_all(st)
    assert st.court[1] and not st.fallen[1]
    assert codes(st.hands[1]) == ["2S"] and codes(st.hands[0]) == ["9C"]
    assert codes(st.market) == ["4C", "5C", "6C"]


def test_GAR_16_spent_joker_fires_after_its_move_resolves() -> None:
    st = build(2, hands={0: "X1 5C"}, market="KH 2C 3C")
    st.apply(0, "trade X1 for KH")
    kinds = [e.kind for e in st.apply(1, "pass")]  # the trade resolves, then the Joker
    assert kinds.index("move") < kinds.index("joker")
    assert codes(st.hands[0]) == ["5C", "KH"]  # within the hand limit
    answer_all(st)
    assert st.decision == "turn" and 52 in st.discard
    assert c("KH") in st.discard  # taken into the hand, then discarded by the disaster
    assert [len(h) for h in st.hands] == [3, 3]


# -- GAR-4: reaction windows -----------------------------------------------------------
def test_GAR_4_every_seat_is_asked_clockwise_even_without_an_ace() -> None:
    st = build(4, current=1, hands={1: "2C 3C", 3: "AS"}, siege={0: (2, "5S")})
    st.apply(1, "discard 2C")
    asked = []
    while st.decision == "reaction":
        seat = st.to_act[0]
        asked.append(seat)
        legal = st.legal_actions(seat)
        if seat == 3:
            assert [a.notation for a in legal] == ["pass", "agitate P0"]
        else:
            assert legal == [PASS]
        st.apply(seat, "pass")
    assert asked == [2, 3, 0]


def test_GAR_4_observations_do_not_show_who_is_asked() -> None:
    st = build(3, hands={0: "2C", 2: "AH"})
    st.apply(0, "discard 2C")
    assert st.to_act == (1,)
    for seat in (0, 2, None):
        obs = st.observation(seat)
        assert obs["decision"] == "reaction" and obs["to_act"] == []
        assert obs["window"]["after"] == "discard 2C" and not obs["window"]["you_are_asked"]
    mine = st.observation(1)
    assert mine["to_act"] == [1] and mine["window"]["you_are_asked"]


def test_GAR_4_who_is_asked_cannot_be_worked_out_from_the_windows_progress() -> None:
    st = build(4, current=1, hands={1: "2C 3C", 3: "AS"}, siege={0: (2, "5S")})
    st.apply(1, "discard 2C")
    assert st.to_act == (2,)
    before = {seat: st.observation(seat) for seat in (0, 1, None)}
    st.apply(2, "pass")
    assert st.to_act == (3,)
    # Seats 0 and 1 and a spectator cannot tell seat 2's turn to answer from
    # seat 3's: their observations are the same.
    for seat in (0, 1, None):
        assert st.observation(seat) == before[seat]
        assert st.observation(seat)["chain"][-1]["answered"] is None
    assert st.observation(2)["chain"][-1]["you_answered"] is True
    # A sampled world puts the open window at a point consistent with seat 0's view.
    import random

    for k in range(10):
        world = GAME.sample_state(st.observation(0), random.Random(k))
        assert world.to_act and world.to_act[0] in (2, 3)
        assert world.observation(0) == st.observation(0)


def test_GAR_4_responses_resolve_newest_first() -> None:
    st = build(2, hands={0: "2C AC", 1: "AH"}, court={1: "5H 6H"})
    st.apply(0, "discard 2C")
    st.apply(1, "seduce 6H")  # answers the discard
    assert st.to_act == (0,)
    st.apply(0, "thug cancel")  # answers the Seducer, and resolves before it
    answer_all(st)
    assert codes(st.court[1]) == ["5H", "6H"]  # the Seducer was cancelled
    assert st.discard[-3:] == cs("AC AH 2C")  # Thug, then Seducer, then the discard


def test_GAR_4_nothing_responds_after_the_end_of_turn_draw() -> None:
    st = build(2, hands={1: "AS AH AC"}, siege={1: (0, "KS")}, court={1: "2H"})
    st.apply(0, "end")
    st.apply(1, "pass")  # the end-of-turn window was the last chance (GAR-18)
    assert st.decision == "turn" and st.to_act == (1,) and st.chain == []
    assert st.fallen[1]  # the siege fell with the draw; nothing answered it


# -- GAR-18: the end of a turn opens a window ---------------------------------------------
def test_GAR_18_agitator_stops_a_siege_laid_as_the_last_move() -> None:
    st = build(2, hands={0: "KS", 1: "AS"}, court={1: "5H"})
    do(st, 0, "besiege P1 with KS")
    st.apply(0, "end")
    assert st.decision == "reaction" and st.to_act == (1,) and len(st.hands[0]) == 0
    assert "agitate P1" in [a.notation for a in st.legal_actions(1)]
    st.apply(1, "agitate P1")
    answer_all(st)  # the Agitator resolves, then the turn ends: draw, sieges
    assert st.siege[1] == [] and codes(st.court[1]) == ["5H"] and not st.fallen[1]
    assert st.decision == "turn" and st.to_act == (1,) and len(st.hands[0]) == 3


def test_GAR_18_a_spy_may_answer_a_turn_without_moves() -> None:
    st = build(3, hands={2: "AC"}, market="2C 3C 4C", deck_top="5C 6C 7C 8C 9C TC")
    st.apply(0, "end")  # P0 declares nothing all turn
    st.apply(1, "pass")
    assert st.to_act == (2,) and "thug market" in [a.notation for a in st.legal_actions(2)]
    st.apply(2, "thug market")
    answer_all(st)
    assert codes(st.market) == ["5C", "6C", "7C"]  # renewed before P0 drew
    assert codes(st.hands[0]) == ["8C", "9C", "TC"]
    assert st.decision == "turn" and st.to_act == (1,)


def test_GAR_18_the_end_window_asks_every_seat_and_hides_who() -> None:
    st = build(4, current=1, hands={3: "AS"}, siege={0: (2, "5S")})
    st.apply(1, "end")
    asked = []
    while st.decision == "reaction":
        seat = st.to_act[0]
        asked.append(seat)
        for other in (*range(4), None):
            obs = st.observation(other)
            assert obs["window"]["after"] == "end" and obs["window"]["by"] == 1
            assert obs["to_act"] == ([seat] if other == seat else [])
        legal = [a.notation for a in st.legal_actions(seat)]
        assert legal == (["pass", "agitate P0"] if seat == 3 else ["pass"])
        events = st.apply(seat, "pass")
        assert [e.to for e in events if e.kind == "no_response"] == [frozenset((seat,))]
    assert asked == [2, 3, 0]
    assert st.decision == "turn" and st.to_act == (2,)


# -- GAR-5: the spies ----------------------------------------------------------------------
def test_GAR_5_agitator_discards_one_keeps_besiegers() -> None:
    st = build(2, hands={0: "AS"}, siege={0: (1, "KS 9S")})
    do(st, 0, "agitate P0")
    assert st.siege[0] == [] and st.discard[-3:] == cs("AS KS 9S")


def test_GAR_5_agitator_answering_a_siege_resolves_before_it() -> None:
    st = build(3, hands={0: "9S", 1: "AS"}, siege={2: (1, "5S")})
    st.apply(0, "besiege P2 with 9S")
    st.apply(1, "agitate P2")
    answer_all(st)
    assert codes(st.siege[2]) == ["9S"]  # the old 5S was discarded first


def test_GAR_5_smuggler_takes_a_discard_card_into_play() -> None:
    st = build(2, hands={0: "AD"}, discard="7H 9S 5D")
    legal = {a.notation for a in st.legal_actions(0)}
    assert {"smuggle 7H", "smuggle 9S to P1"} <= legal
    assert not any(n.startswith("smuggle 5D") for n in legal)
    do(st, 0, "smuggle 9S to P1")
    assert codes(st.siege[1]) == ["9S"] and st.siege_by[1] == [0]
    st2 = build(2, hands={0: "AD"}, discard="7H 9S")
    do(st2, 0, "smuggle 7H")
    assert c("7H") in st2.court[0]
    with pytest.raises(NotationError, match="Joker"):
        GAME.parse_action("smuggle X1")


def test_GAR_5_smuggler_obeys_fallen_keep_limits() -> None:
    st = build(2, hands={0: "AD"}, court={0: "5H"}, fallen={0: "6H"}, discard="7C")
    with pytest.raises(IllegalAction, match="partly rebuilt"):
        st.apply(0, "smuggle 7C")


def test_GAR_5_thug_renews_the_market() -> None:
    st = build(2, hands={0: "AC"}, market="2C 3C 4C", deck_top="5C 6C 7C")
    do(st, 0, "thug market")
    assert codes(st.market) == ["5C", "6C", "7C"]
    assert st.discard[-4:] == cs("AC 2C 3C 4C")


def test_GAR_5_thug_cancel_needs_a_spy_or_joker() -> None:
    st = build(2, hands={0: "AC 2C"})
    assert "thug cancel" not in [a.notation for a in st.legal_actions(0)]
    with pytest.raises(IllegalAction, match=r"nothing|no spy"):
        st.apply(0, "thug cancel")


def test_GAR_5_seducer_never_takes_a_keeps_last_heart() -> None:
    st = build(2, hands={0: "AH"}, court={1: "5H"}, garrison={1: "9C"})
    with pytest.raises(IllegalAction, match="last heart"):
        st.apply(0, "seduce 5H")
    do(st, 0, "seduce 9C")
    assert st.garrison[1] == []
    # face-down hearts count: 5H may go while 6H lies face down
    st2 = build(2, hands={0: "AH"}, court={1: "5H"}, fallen={1: "6H"})
    do(st2, 0, "seduce 5H")
    assert st2.court[1] == [] and codes(st2.fallen[1]) == ["6H"]


# -- GAR-6: upgrading ------------------------------------------------------------------
def test_GAR_6_upgrade_needs_diamonds_worth_at_least_the_card() -> None:
    st = build(2, hands={0: "7H 4D 3D"})
    with pytest.raises(IllegalAction, match="worth 7"):
        st.apply(0, "upgrade 7H with 4D")
    do(st, 0, "upgrade 7H with 3D 4D")
    assert c("7H") in st.court[0] and st.discard[-2:] == cs("3D 4D")
    st2 = build(2, hands={0: "TC QD"})
    do(st2, 0, "upgrade TC with QD")  # overpaying is allowed
    assert codes(st2.garrison[0]) == ["TC"]


# -- GAR-7: trading -------------------------------------------------------------------
def test_GAR_7_trade_takes_the_old_top_of_the_discard_pile() -> None:
    st = build(2, hands={0: "9S"}, discard="2C 5H", market="2D 3D 4D")
    with pytest.raises(IllegalAction, match="top of the discard pile"):
        st.apply(0, "trade 9S for 2C")
    do(st, 0, "trade 9S for 5H")
    assert codes(st.hands[0]) == ["5H"] and codes(st.discard) == ["2C", "9S"]
    assert st.known[0] == [c("5H")]  # every seat saw it taken


def test_GAR_7_market_refilled_only_at_the_start_of_a_turn() -> None:
    st = build(2, hands={0: "9S 8S"}, market="2D 3D 4D", deck_top="2S 3S 4S 5C")
    do(st, 0, "trade 9S for 3D")
    assert st.market[1] == -1
    do(st, 0, "trade 8S for 2D")
    assert st.market[:2] == [-1, -1]
    end_turn(st, 0)  # P0 draws 2S (hand 3D 2D + 2S), then P1's turn refills
    assert codes(st.market) == ["3S", "4S", "4D"]


# -- GAR-8: sieges -------------------------------------------------------------------
def test_GAR_8_keep_falls_only_when_besiegers_strictly_exceed() -> None:
    st = build(2, hands={0: "9S 2S"}, court={1: "9H"})
    do(st, 0, "besiege P1 with 9S")
    end_turn(st, 0)
    assert st.court[1] and codes(st.siege[1]) == ["9S"]  # 9 is not more than 9
    st2 = build(2, hands={0: "2S"}, court={1: "5H 4H"}, garrison={1: "2C"}, siege={1: (0, "9S")})
    do(st2, 0, "besiege P1 with 2S")
    end_turn(st2, 0)  # 11 > 11? no: 9 + 2 = 11 vs 5 + 4 + 2 = 11
    assert st2.court[1]
    st3 = build(2, hands={0: "3S"}, court={1: "5H 4H"}, garrison={1: "2C"}, siege={1: (0, "9S")})
    do(st3, 0, "besiege P1 with 3S")
    end_turn(st3, 0)  # 12 > 11: spades, then clubs, discarded; hearts face down
    assert st3.court[1] == [] and codes(st3.fallen[1]) == ["5H", "4H"]
    assert st3.discard[-3:] == cs("9S 3S 2C") and st3.siege[1] == [] and st3.garrison[1] == []


def test_GAR_8_cannot_besiege_own_keep() -> None:
    st = build(2, hands={0: "9S"})
    assert not any(a.kind == "besiege" and a.target == 0 for a in st.legal_actions(0))
    with pytest.raises(IllegalAction, match="own keep"):
        st.apply(0, "besiege P0 with 9S")


def test_GAR_8_fending_off_one_spade_for_one_on_your_own_turn() -> None:
    st = build(2, hands={0: "3S 6S", 1: "4S"}, siege={0: (1, "KS 2S"), 1: (0, "5S")})
    do(st, 0, "fend KS with 3S")
    assert codes(st.siege[0]) == ["2S"] and st.discard[-2:] == cs("3S KS")
    with pytest.raises(IllegalAction, match="not besieging your keep"):
        st.apply(0, "fend 5S with 6S")
    # P1 may not fend off out of turn: in a window only spies answer
    st2 = build(2, hands={0: "2C", 1: "4S"}, siege={1: (0, "5S")})
    st2.apply(0, "discard 2C")
    with pytest.raises(IllegalAction, match="reaction window"):
        st2.apply(1, "fend 5S with 4S")


def test_GAR_8_sieges_are_checked_at_the_end_of_every_turn() -> None:
    st = build(3, current=1, court={1: "3H"}, siege={1: (0, "5S")})
    end_turn(st, 1)  # the besieger P0 is not the player ending the turn
    assert st.fallen[1] and not st.court[1]


def test_siege_by_two_players() -> None:
    st = build(3, hands={0: "5S", 1: "6S"}, court={2: "9H"})
    do(st, 0, "besiege P2 with 5S")
    end_turn(st, 0)
    assert st.court[2] and st.siege_by[2] == [0]
    do(st, 1, "besiege P2 with 6S")
    assert st.siege_by[2] == [0, 1]
    end_turn(st, 1)  # 5 + 6 > 9
    assert codes(st.fallen[2]) == ["9H"] and st.siege[2] == []


# -- GAR-9: rebuilding -------------------------------------------------------------------
def test_GAR_9_rebuilding_card_for_card() -> None:
    st = build(2, hands={0: "2S 6H 6D"}, court={0: ""}, fallen={0: "5H 7H"})
    assert st.keep_status(0) == "fallen" and st.keep_value(0) == 0
    with pytest.raises(IllegalAction, match="fallen"):
        st.apply(0, "upgrade 6H with 6D")
    do(st, 0, "rebuild 7H with 2S")
    assert st.keep_status(0) == "partly rebuilt" and st.keep_value(0) == 7
    do(st, 0, "upgrade 6H with 6D")  # hearts may join a partly rebuilt keep
    assert st.keep_value(0) == 13
    st2 = build(2, hands={0: "4C 4D 2S"}, court={0: "7H"}, fallen={0: "5H"})
    with pytest.raises(IllegalAction, match="not clubs"):
        st2.apply(0, "upgrade 4C with 4D")
    do(st2, 0, "rebuild 5H with 2S")
    assert st2.keep_status(0) == "standing"
    do(st2, 0, "upgrade 4C with 4D")
    assert st2.keep_value(0) == 16


def test_rebuilt_keep_can_still_be_besieged() -> None:
    st = build(2, hands={1: "9S"}, current=1, court={0: "2H"}, fallen={0: "8H"})
    do(st, 1, "besiege P0 with 9S")
    end_turn(st, 1)
    assert st.keep_status(0) == "fallen" and codes(st.fallen[0]) == ["8H", "2H"]


# -- GAR-10: the win --------------------------------------------------------------------
def test_GAR_10_win_out_of_turn() -> None:
    st = build(2, hands={0: "2S", 1: "AD"}, court={1: "TH 9H 6H"}, discard="5C")
    assert st.keep_value(1) == 25 and st.target == 30
    st.apply(0, "discard 2S")
    st.apply(1, "smuggle 5C")
    st.apply(0, "pass")
    assert st.over and st.winners == [1] and st.to_act == ()
    assert c("2S") in st.hands[0]  # the interrupted discard never resolved


# -- GAR-11: hands, deck, first player ---------------------------------------------------------
def test_GAR_11_draw_to_three_and_reshuffle_an_empty_deck() -> None:
    st = build(2, hands={0: "2C"})
    st.discard, st.deck = st.deck, []
    end_turn(st, 0)
    # 53 cards less two courts, P0's three and the three refilled into the market
    assert len(st.hands[0]) == 3 and len(st.deck) == 53 - 2 - 3 - 3
    assert st.discard == []


def test_GAR_11_hand_limit_of_three() -> None:
    st = GAME.new(players=4, seed=3)
    assert all(len(h) == 3 for h in st.hands)


def test_GAR_11_lowest_starting_court_starts() -> None:
    st = GAME.new(players=3, seed=1, options={"deck": "7H 3H 9H"})
    assert st.current == 1 and st.to_act == (1,)


# -- new rulings ------------------------------------------------------------------------------
def test_GAR_12_max_rounds_ends_the_game_highest_keep_wins() -> None:
    st = build(2, court={0: "2H", 1: "9H"}, options={"max_rounds": 1})
    end_turn(st, 0)
    assert not st.over
    end_turn(st, 1)
    assert st.over and st.winners == [1]


def test_GAR_13_a_fully_fallen_keep_cannot_be_besieged() -> None:
    st = build(2, hands={0: "9S"}, court={1: ""}, fallen={1: "5H"})
    with pytest.raises(IllegalAction, match="fully fallen"):
        st.apply(0, "besiege P1 with 9S")


def test_GAR_14_a_move_whose_cards_are_gone_does_nothing() -> None:
    st = build(2, hands={0: "5H 5D", 1: "AC"}, market="2C 3C 4C", deck_top="X1")
    st.apply(0, "upgrade 5H with 5D")
    st.apply(1, "thug market")  # the refill meets the Joker: hands are discarded
    events = []
    while st.decision == "reaction":
        events += st.apply(st.to_act[0], "pass")
    assert "fizzled" in [e.kind for e in events]
    assert c("5H") not in st.court[0]


def test_GAR_15_cancelled_market_joker_is_discarded_and_the_refill_goes_on() -> None:
    st = build(2, hands={0: "AC 2S", 1: "3S"}, market="2C 3C", deck_top="4C X1 7C")
    end_turn(st, 0)  # P0 draws 4C; P1's refill meets X1 (hand: AC 2S 4C)
    st.apply(0, "thug cancel")
    answer_all(st)
    assert codes(st.market) == ["2C", "3C", "7C"] and st.discard[-2:] == cs("AC X1")
    assert codes(st.hands[1]) == ["3S"]  # no disaster: hands kept
    assert st.court[0] and st.court[1] and not st.fallen[0] and not st.fallen[1]


def test_GAR_19_a_joker_on_the_discard_pile_can_be_retaken_and_fires_again() -> None:
    # GAR-15 leaves a cancelled market Joker on top of the discard pile.
    st = build(2, hands={0: "AC 2S", 1: "3S 4S"}, market="2C 3C", deck_top="4C X1 7C")
    end_turn(st, 0)  # P0 draws 4C; P1's refill meets X1
    st.apply(0, "thug cancel")
    answer_all(st)
    assert st.discard[-1] == 52 and st.to_act == (1,)
    assert "trade 3S for X1" in [a.notation for a in st.legal_actions(1)]
    do(st, 1, "trade 3S for X1")
    assert 52 in st.hands[1] and 52 in st.known[1]
    events = do(st, 1, "discard X1")
    assert [e.data["trigger"] for e in events if e.kind == "disaster"] == [1]
    assert 52 in st.discard and [len(h) for h in st.hands] == [3, 3]


def test_GAR_19_retake_joker_option() -> None:
    st = build(2, hands={0: "2C"}, discard="5H X1", options={"retake_joker": False})
    assert not [a for a in st.legal_actions(0) if a.kind == "trade"]
    with pytest.raises(IllegalAction, match="retake_joker=false"):
        st.apply(0, "trade 2C for X1")


def test_GAR_20_a_joker_discarded_by_a_disaster_fires_in_turn() -> None:
    st = build(
        3,
        hands={0: "X1 2C", 1: "X2 KS", 2: "3S"},
        market="4C 5C 6C",
        deck_top="7C 8C 9C 7D 8D 9D 7S 8S 9S TC JC QC TD JD QD TS JS QS",
        options={"jokers": 2},
    )
    st.apply(0, "discard X1")
    events = []
    while st.decision == "reaction":
        events += st.apply(st.to_act[0], "pass")
    disasters = [e.data["trigger"] for e in events if e.kind == "disaster"]
    assert disasters == [0, 1]  # X2 was in P1's hand: P1 discarded it
    second = [e for e in events if e.kind == "disaster"][1]
    assert second.data["hands"] == [["7C", "8C", "9C"], ["7D", "8D", "9D"], ["7S", "8S", "9S"]]
    assert [len(h) for h in st.hands] == [3, 3, 3] and {52, 53} <= set(st.discard)


def test_GAR_20_disaster_joker_fires_option() -> None:
    st = build(
        3,
        hands={0: "X1 2C", 1: "X2 KS", 2: "3S"},
        market="4C 5C 6C",
        options={"jokers": 2, "disaster_joker_fires": False},
    )
    st.apply(0, "discard X1")
    events = []
    while st.decision == "reaction":
        events += st.apply(st.to_act[0], "pass")
    assert [e.data["trigger"] for e in events if e.kind == "disaster"] == [0]
    assert 53 in st.discard and st.decision == "turn"


def test_GAR_20_a_market_refill_waits_for_the_second_disaster() -> None:
    st = build(
        2,
        hands={0: "2S 3S", 1: "X2 KS"},
        market="2C 3C",
        deck_top="4S X1 7C 8C 9C TC JC QC 7D 8D 9D TD",
        options={"jokers": 2},
    )
    end_turn(st, 0)  # P0 draws 4S; P1's refill meets X1: a disaster by P1
    events = []
    while st.decision == "reaction":
        events += st.apply(st.to_act[0], "pass")
    kinds = [e.kind for e in events]
    assert kinds.count("disaster") == 2  # X2 was discarded from P1's hand
    assert kinds.index("market") > len(kinds) - 1 - kinds[::-1].index("disaster")
    assert all(m >= 0 for m in st.market) and st.decision == "turn" and st.to_act == (1,)


def test_GAR_17_the_mover_chooses_which_spent_diamond_lands_on_top() -> None:
    st = build(2, hands={0: "9C 6D 3D", 1: "2S"})
    legal = [a.notation for a in st.legal_actions(0) if a.kind == "upgrade"]
    assert legal == ["upgrade 9C with 3D 6D", "upgrade 9C with 6D 3D"]
    do(st, 0, "upgrade 9C with 6D 3D")
    assert codes(st.discard[-2:]) == ["6D", "3D"]  # the last named is the new top
    end_turn(st, 0)
    assert "trade 2S for 3D" in [a.notation for a in st.legal_actions(1)]
    assert "trade 2S for 6D" not in [a.notation for a in st.legal_actions(1)]
    assert GAME.parse_action("upgrade 9C with 6D 3D").notation == "upgrade 9C with 6D 3D"


def test_GAR_17_spent_order_ascending_option() -> None:
    opts = {"spent_order": "ascending"}
    st = build(2, hands={0: "9C 6D 3D"}, options=opts)
    legal = [a.notation for a in st.legal_actions(0) if a.kind == "upgrade"]
    assert legal == ["upgrade 9C with 3D 6D"]
    with pytest.raises(IllegalAction, match="ascending order: write 'upgrade 9C with 3D 6D'"):
        st.apply(0, "upgrade 9C with 6D 3D")
    do(st, 0, "upgrade 9C with 3D 6D")
    assert codes(st.discard[-2:]) == ["3D", "6D"]  # 6D is the new top


# -- GAR-21: a bounded turn ------------------------------------------------------------
def test_GAR_21_a_turn_holds_at_most_max_moves_moves() -> None:
    """Trades card for card could go on for ever ("any number of moves"): after
    ``max_moves`` moves only the end (or a spy) is left, with a reason saying
    so; the count starts again each turn and every seat sees it."""
    st = build(
        2, hands={0: "9S AC", 1: "2S"}, discard="5H", market="2D 3D 4D", options={"max_moves": 3}
    )
    do(st, 0, "trade 9S for 5H")
    do(st, 0, "trade 5H for 9S")
    assert st.observation(1)["moves"] == 2
    do(st, 0, "trade 9S for 5H")
    assert [a.notation for a in st.legal_actions(0)] == ["end", "thug market"]  # a spy stays
    with pytest.raises(IllegalAction, match="3 moves this turn, the most a turn allows"):
        st.apply(0, "trade 5H for 9S")
    end_turn(st, 0)
    assert st.moves == 0 and st.observation(0)["moves"] == 0
    assert any(a.notation.startswith("trade") for a in st.legal_actions(1))


def test_GAR_21_max_moves_defaults_to_ten_and_is_checked() -> None:
    st = build(2, hands={0: "9S"}, discard="5H", market="2D 3D 4D")
    for k in range(10):
        do(st, 0, "trade 9S for 5H" if k % 2 == 0 else "trade 5H for 9S")
    assert [a.notation for a in st.legal_actions(0)] == ["end"]
    with pytest.raises(OptionError, match="max_moves"):
        GAME.new(players=2, seed=1, options={"max_moves": 0})
