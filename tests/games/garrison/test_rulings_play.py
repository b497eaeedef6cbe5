"""Scenario tests of the goal, the set-up and play: values and targets, the
moves of a turn, sieges, rebuilding, the win, hands and the deck, the bounds of a
game and of a turn (RULES.md's "The goal", "The set-up" and "Play": GAR-2,
GAR-6 to GAR-13, GAR-17, GAR-21), each named by its ruling or the text's clause."""

from __future__ import annotations

import pytest

from courtly.engine.errors import IllegalAction, OptionError
from courtly.games.garrison.options import TARGETS, VALUE

from .scenario import GAME, answer_all, build, c, codes, cs, do, end_turn


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


# -- GAR-6 and GAR-17: upgrading -------------------------------------------------------
def test_GAR_6_upgrade_needs_diamonds_worth_at_least_the_card() -> None:
    st = build(2, hands={0: "7H 4D 3D"})
    with pytest.raises(IllegalAction, match="worth 7"):
        st.apply(0, "upgrade 7H with 4D")
    do(st, 0, "upgrade 7H with 3D 4D")
    assert c("7H") in st.court[0] and st.discard[-2:] == cs("3D 4D")
    st2 = build(2, hands={0: "TC QD"})
    do(st2, 0, "upgrade TC with QD")  # overpaying is allowed
    assert codes(st2.garrison[0]) == ["TC"]


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


# -- GAR-7: trading --------------------------------------------------------------------
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


# -- GAR-8 and GAR-13: sieges ----------------------------------------------------------
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


def test_GAR_13_a_fully_fallen_keep_cannot_be_besieged() -> None:
    st = build(2, hands={0: "9S"}, court={1: ""}, fallen={1: "5H"})
    with pytest.raises(IllegalAction, match="fully fallen"):
        st.apply(0, "besiege P1 with 9S")


# -- GAR-9: rebuilding -----------------------------------------------------------------
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


# -- GAR-10: the win -------------------------------------------------------------------
def test_GAR_10_win_out_of_turn() -> None:
    st = build(2, hands={0: "2S", 1: "AD"}, court={1: "TH 9H 6H"}, discard="5C")
    assert st.keep_value(1) == 25 and st.target == 30
    st.apply(0, "discard 2S")
    st.apply(1, "smuggle 5C")
    st.apply(0, "pass")
    assert st.over and st.winners == [1] and st.to_act == ()
    assert c("2S") in st.hands[0]  # the interrupted discard never resolved


# -- GAR-11: hands, deck, first player -------------------------------------------------
def test_GAR_11_draw_to_three_and_reshuffle_an_empty_deck() -> None:
    st = build(2, hands={0: "2C"})
    st.discard, st.deck = st.deck, []
    end_turn(st, 0)
    # 53 cards less two courts, P0's three and the three refilled into the market
    assert len(st.hands[0]) == 3 and len(st.deck) == 53 - 2 - 3 - 3
    assert st.discard == []


def test_GAR_11_a_reshuffle_is_told_to_every_seat() -> None:
    st = build(2, hands={0: "2C"})
    st.discard, st.deck = st.deck, []
    pile = len(st.discard)
    events = end_turn(st, 0)
    shuffled = [e for e in events if e.kind == "reshuffle"]
    assert len(shuffled) == 1 and shuffled[0].to is None  # public: the pile was face up
    said = f"the discard pile ({pile} cards) is shuffled into the deck"
    assert all(GAME.describe(shuffled[0], v) == said for v in (0, 1, None))
    # told before the draw it made possible
    kinds = [e.kind for e in events]
    assert kinds.index("reshuffle") < kinds.index("drew")
    # quiet play builds no event, the reshuffle's included
    quiet = build(2, hands={0: "2C"})
    quiet.discard, quiet.deck = quiet.deck, []
    quiet.quiet = True
    assert end_turn(quiet, 0) == [] and quiet.discard == [] and len(quiet.hands[0]) == 3


def test_GAR_11_a_reshuffle_in_the_set_up_is_told_in_the_opening() -> None:
    """Six players: the starting keeps send so many cards to the discard pile
    that the set-up empties the deck and shuffles the pile back."""
    st = GAME.new(players=6, seed=2)
    lines = [GAME.describe(e, None) for e in GAME.opening(st)]
    said = [line for line in lines if line and "is shuffled into the deck" in line]
    assert len(said) == 1 and said[0].startswith("the discard pile (")


def test_GAR_11_hand_limit_of_three() -> None:
    st = GAME.new(players=4, seed=3)
    assert all(len(h) == 3 for h in st.hands)


def test_GAR_11_lowest_starting_court_starts() -> None:
    st = GAME.new(players=3, seed=1, options={"deck": "7H 3H 9H"})
    assert st.current == 1 and st.to_act == (1,)


def test_the_set_up_is_told_in_the_log_each_hand_to_its_seat_alone() -> None:
    """The Set-Up and GAR-11, as a table's log opens (``Game.opening``): each
    starting keep with the cards drawn before it, the market, three cards to
    each hand (which cards, to that seat only), who plays first and why. It
    said nothing: the log opened at the first move."""
    st = GAME.new(players=3, seed=1, options={"deck": "5S 7H KH 3H 9H"})
    events = GAME.opening(st)
    lines = [GAME.describe(e, 0) for e in events if e.visible_to(0)]
    assert lines[:3] == [
        "your starting keep is {7H} (drawn before it, to the discard pile: {5S})",
        "{P1}'s starting keep is {3H} (drawn before it, to the discard pile: {KH})",
        "{P2}'s starting keep is {9H}",
    ]
    market = [f"{{{code}}} is dealt to the market" for code in codes(st.market)]
    assert lines[3:6] == market
    assert lines[6:8] == [
        "you draw 3 cards",
        f"you drew {' '.join(f'{{{h}}}' for h in codes(st.hands[0]))}",
    ]
    assert lines[8:] == [
        "{P1} draws 3 cards",
        "{P2} draws 3 cards",
        "{P1} plays first: the lowest keep ({3H})",
        "*turn 1*: {P1} to play",
    ]
    hands = [e for e in events if e.kind == "drew_cards"]
    assert [e.to for e in hands] == [frozenset({0}), frozenset({1}), frozenset({2})]
    assert all(e.to is None for e in events if e.kind != "drew_cards")  # the rest is public
    assert codes(st.discard) == ["5S", "KH"]


# -- GAR-12 and GAR-21: a bounded game, a bounded turn ---------------------------------
def test_GAR_12_max_rounds_ends_the_game_highest_keep_wins() -> None:
    st = build(2, court={0: "2H", 1: "9H"}, options={"max_rounds": 1})
    end_turn(st, 0)
    assert not st.over
    end_turn(st, 1)
    assert st.over and st.winners == [1]


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
