"""Crown Rivals rule clauses and the rule text's examples."""

from __future__ import annotations

from collections import Counter

import pytest

from courtly.games.crown_rivals.actions import GAME_CARDS, MARKET_CARDS, STARTING, boosted
from tests.games.crown_rivals.helpers import GAME, codes, cs, do, scenario

# -- Setup --------------------------------------------------------------------


def test_setup_removes_kings_and_queens_of_diamonds_and_spades():
    assert len(GAME_CARDS) == 48
    assert not set(cs("KD QD KS QS")) & set(GAME_CARDS)
    st = GAME.new(seed=1)
    every = [c for zone in st.zones().values() for c in zone if c not in cs("KD QD KS QS")]
    assert sorted(every) == list(GAME_CARDS)


def test_setup_starting_decks_market_and_influence():
    for seed in range(20):
        st = GAME.new(seed=seed)
        for seat in (0, 1):
            own = st.hands[seat] + st.decks[seat]
            assert sorted((c >> 2) + 1 for c in own) == [1, 1, 2, 2, 3, 3]
            assert len(st.hands[seat]) == 5 and len(st.decks[seat]) == 1
        assert sorted(st.hands[0] + st.decks[0] + st.hands[1] + st.decks[1]) == list(STARTING)
        assert len(st.market_cards()) == 5 and len(st.market_deck) == 31
        assert set(st.market_cards() + st.market_deck) == set(MARKET_CARDS)
        assert st.influence == [50, 50]
        assert sum(1 for c in st.market_cards() if (c >> 2) + 1 >= 12) < 3  # Crowded House


# -- Boost: the three cases of the text -----------------------------------------


@pytest.mark.parametrize(
    ("target", "diamond", "value"),
    [("8H", "3D", 11), ("5H", "5D", 10), ("2H", "9D", 9), ("4H", "JD", 11), ("KH", "JD", 43)],
)
def test_boost_lower_adds_3_equal_doubles_higher_becomes_the_diamond(target, diamond, value):
    st = scenario(hands=(f"{target} {diamond}", ""), influence=(5, 50), market="4S 5S 6S 7S 8S")
    do(st, f"play {target} {diamond}")
    assert st.plays[-1][2] == value
    assert st.influence[0] == 5 + value or st.over


def test_boost_function_cases():
    assert boosted(8, 3) == 11 and boosted(5, 5) == 10 and boosted(2, 9) == 9


def test_a_diamond_played_alone_boosts_nothing_but_counts_for_a_pair():
    st = scenario(hands=("3D 5D", ""), market_deck="9C")
    do(st, "play 3D")
    assert st.influence == [50, 50] and st.odd[1] == 1
    do(st, "play 5D")
    assert st.bonuses(1) == 1


def test_boost_notation_reads_either_order():
    assert GAME.parse_action("play 3D 5S") is GAME.parse_action("PLAY 5s with 3d")
    assert GAME.parse_action("play 5S+3D").notation == "play 5S 3D"


# -- Buying, currency ------------------------------------------------------------


def test_purchased_cards_go_to_the_discard_pile_and_the_slot_refills():
    st = scenario(hands=("9C 2H", ""), market="6D 7D 8D 9D TD", market_deck="4S 5S")
    do(st, "cash 9C", "buy 8D")
    assert codes(st.discards[0]) == ["9C", "8D"] and st.currency == 1
    assert codes(st.market_cards()) == ["6D", "7D", "4S", "9D", "TD"]


def test_buying_needs_enough_currency():
    st = scenario(hands=("2H", ""), market="6D 7D 8D 9D TD")
    do(st, "cash 2H")
    assert not [a for a in st.legal_actions(0) if a.kind == "buy"]


def test_unused_currency_does_not_carry_over():
    st = scenario(hands=("9H", "2C"), decks=("", "3C 4C 5C 6C 7C"))
    do(st, "cash 9H", "end")
    assert st.currency == 0


# -- End of turn and drawing ---------------------------------------------------------


def test_end_of_turn_discards_hand_and_plays_keeps_spades_and_draws_five():
    st = scenario(
        hands=("5S 4H 3C 2D", ""),
        decks=("AC 2C 3H 4C 5C 6C", ""),
        influence=(50, 60),
    )
    do(st, "play 5S", "play 4H", "end")
    assert codes(st.supporters[0]) == ["5S"]
    assert sorted(codes(st.discards[0])) == ["2D", "3C", "4H"]
    assert codes(st.hands[0]) == ["AC", "2C", "3H", "4C", "5C"]
    assert st.active == 1 and st.to_act == (1,) and st.turn == 2


def test_drawing_reshuffles_the_discard_pile_when_the_draw_pile_runs_out():
    st = scenario(hands=("4H", ""), decks=("AC 2C", ""), discards=("9C 8C", ""))
    do(st, "end")
    assert sorted(codes(st.hands[0])) == sorted(["AC", "2C", "4H", "8C", "9C"])
    assert st.decks[0] == [] and st.discards[0] == []


def test_short_hands_make_do_with_the_cards_there_are():
    st = scenario(hands=("4H", ""), decks=("AC", ""), discards=("", ""))
    do(st, "end")
    assert sorted(codes(st.hands[0])) == ["4H", "AC"]


def test_end_is_always_legal_in_a_turn():
    st = scenario(hands=("", ""))
    assert [a.notation for a in st.legal_actions(0)] == ["end"]


# -- Crowded House ---------------------------------------------------------------------


def test_crowded_house_redeal_shuffles_market_into_market_deck_and_deals_five():
    for seed in range(10):
        st = scenario(
            hands=("JC", ""),
            market="KC QC 4C 5C 6C",
            market_deck="KH 7H 8H 9H TH",
            seed=seed,
        )
        do(st, "play JC", "trash 6C")  # KH refills: KC QC KH is crowded
        market = st.market_cards()
        assert len(market) == 5 and sum(1 for c in market if (c >> 2) + 1 >= 12) < 3
        assert Counter(market + st.market_deck) == Counter(cs("KC QC 4C 5C KH 7H 8H 9H TH"))


def test_a_reshuffle_says_how_many_cards_in_words():
    from courtly.games.crown_rivals.render import describe

    assert (
        describe("reshuffle", {"seat": 0, "cards": 1}, 0)
        == "you reshuffle the discard pile (1 card)"
    )
    assert describe("reshuffle", {"seat": 1, "cards": 7}, 0) == (
        "{P1} reshuffles the discard pile (7 cards)"
    )
