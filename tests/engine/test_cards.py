"""The standard deck: codes, ranks, suits, colours, jokers."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from courtly import cards


def test_codes_are_rank_then_suit() -> None:
    assert cards.code(cards.make(10, cards.HEARTS)) == "TH"
    assert cards.code(cards.make(1, cards.SPADES)) == "AS"
    assert cards.code(cards.make(13, cards.CLUBS)) == "KC"


def test_ten_is_accepted_as_10_and_case_does_not_matter() -> None:
    assert cards.card("10H") == cards.card("th") == cards.card(" TH ")


def test_colours_and_suits() -> None:
    assert cards.is_red(cards.card("7D")) and cards.is_red(cards.card("QH"))
    assert cards.is_black(cards.card("2C")) and cards.colour(cards.card("AS")) == "black"
    assert cards.suit_letter(cards.card("9H")) == "H" and cards.rank(cards.card("9H")) == 9
    assert cards.name(cards.card("QS")) == "Queen of Spades"


def test_jokers() -> None:
    assert cards.card("joker") == cards.JOKER_1 and cards.code(cards.JOKER_2) == "X2"
    assert cards.is_joker(cards.JOKER_1) and cards.colour(cards.JOKER_1) == "joker"
    assert cards.rank(cards.JOKER_1) == 0 and cards.suit(cards.JOKER_1) == -1
    assert len(cards.standard_deck(jokers=2)) == 54
    with pytest.raises(cards.CardError, match="0, 1 or 2 jokers"):
        cards.standard_deck(jokers=3)


@pytest.mark.parametrize("bad", ["", "1H", "11H", "TX", "ZZ", "10"])
def test_bad_codes_say_what_a_card_is(bad: str) -> None:
    with pytest.raises(cards.CardError, match="rank then suit"):
        cards.card(bad)


@given(st.integers(0, 53))
def test_every_card_round_trips_through_its_code(c: int) -> None:
    assert cards.card(cards.code(c)) == c
    assert cards.card(cards.code(c).lower()) == c


def test_parse_several() -> None:
    assert cards.codes(cards.parse_cards("2c, 10d qs")) == ["2C", "TD", "QS"]
