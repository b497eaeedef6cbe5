"""Scenario tests of reaction windows and the spies (RULES.md's "Reaction
windows and spies": GAR-4, GAR-5, GAR-14, GAR-18, GAR-22), each named by its ruling."""

from __future__ import annotations

import pytest

from courtly.engine.errors import IllegalAction, NotationError
from courtly.games.garrison.actions import PASS

from .scenario import GAME, answer_all, build, c, codes, cs, do


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


# -- GAR-18: the end of a turn opens a window ------------------------------------------
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


# -- GAR-5: the spies ------------------------------------------------------------------
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


# -- GAR-14: a move whose cards are gone -----------------------------------------------
def test_GAR_14_a_move_whose_cards_are_gone_does_nothing() -> None:
    st = build(2, hands={0: "5H 5D", 1: "AC"}, market="2C 3C 4C", deck_top="X1")
    st.apply(0, "upgrade 5H with 5D")
    st.apply(1, "thug market")  # the refill meets the Joker: hands are discarded
    events = []
    while st.decision == "reaction":
        events += st.apply(st.to_act[0], "pass")
    assert "fizzled" in [e.kind for e in events]
    assert c("5H") not in st.court[0]


# -- GAR-22: a spy's Ace in the discard pile ----------------------------------------------
def test_GAR_22_a_played_smuggler_can_be_traded_back_and_played_again() -> None:
    st = build(2, hands={0: "AD 2S 3S"}, discard="7H 9C 5D")
    do(st, 0, "smuggle 7H")
    assert st.discard[-1] == c("AD")
    assert "trade 2S for AD" in {a.notation for a in st.legal_actions(0)}
    do(st, 0, "trade 2S for AD")
    do(st, 0, "smuggle 9C")
    assert {c("7H"), c("9C")} <= set(st.court[0]) | set(st.garrison[0])
    assert st.discard[-1] == c("AD") and st.hands[0] == [c("3S")]


def test_GAR_22_retake_spies_option() -> None:
    st = build(2, hands={0: "AD 2S 3S"}, discard="7H 9C 5D", options={"retake_spies": False})
    do(st, 0, "smuggle 7H")
    assert st.discard[-1] == c("AD")
    assert not [a for a in st.legal_actions(0) if a.kind == "trade" and a.other == c("AD")]
    with pytest.raises(IllegalAction, match="retake_spies=false"):
        st.apply(0, "trade 2S for AD")
    # The Smuggler may still bring a heart or club Ace into a keep.
    st2 = build(2, hands={0: "AD"}, discard="AH 5D", options={"retake_spies": False})
    do(st2, 0, "smuggle AH")
    assert c("AH") in st2.court[0]
