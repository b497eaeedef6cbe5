"""Scenario tests of the Joker (RULES.md's "The Joker": GAR-1, GAR-3, GAR-15,
GAR-16, GAR-19, GAR-20), each named by its ruling."""

from __future__ import annotations

import pytest

from courtly.engine.errors import IllegalAction, OptionError

from .scenario import GAME, answer_all, build, c, codes, cs, do, end_turn


# -- GAR-1: the Joker in the deck ------------------------------------------------------
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


# -- GAR-3 and GAR-16: the Joker fires -------------------------------------------------
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


# -- GAR-15 and GAR-19: a cancelled Joker, a Joker retaken -----------------------------
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


# -- GAR-20: a Joker discarded by a disaster -------------------------------------------
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
