"""Crown Rivals: bad notation, illegal actions and bad options."""

from __future__ import annotations

import pytest

from courtly.engine import text
from courtly.engine.errors import IllegalAction, NotationError, OptionError
from tests.games.crown_rivals.helpers import GAME, do, scenario


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", "empty action"),
        ("fly 5C", "not a Crown Rivals action"),
        ("play", "play one card"),
        ("play ZZ", "not a card"),
        ("play KD", "removed at set-up"),
        ("play 5C 6H", "one diamond"),
        ("play 5D 3D", "one diamond"),
        ("clear 5C", "only a spade"),
        ("bonus", "name the bonus's suit"),
        ("bonus C 5C", "takes no card"),
        ("bonus S", "target card"),
        ("bonus S 5C", "removes a spade"),
        ("end now", "takes nothing"),
        ("buy", "names one card"),
        ("play X1", "without jokers"),
    ],
)
def test_malformed_notation_names_the_problem(text, match):
    with pytest.raises(NotationError, match=match):
        GAME.parse_action(text)


def test_notation_errors_show_the_allowed_forms():
    with pytest.raises(NotationError) as exc:
        GAME.parse_action("attack")
    assert "bonus S 5S" in str(exc.value) and "cash 9H" in str(exc.value)


@pytest.mark.parametrize(
    ("move", "match"),
    [
        ("play 9H", "you do not hold 9H"),
        ("buy TD", "costs 10 and you have 0"),
        ("buy 2C", "not in the market"),
        ("clear 5S", "no 5S in play"),
        ("bonus H", "no Hearts bonus"),
        ("trash 6D", "no Jack's trash"),
        ("discard 4C", "only for answering"),
        ("pass", "no Jack's trash"),
    ],
)
def test_illegal_actions_leave_the_state_unchanged_and_say_why(move, match):
    st = scenario(hands=("4C 3H", ""))
    before = st.snapshot()
    with pytest.raises(IllegalAction, match=match):
        st.apply(0, move)
    assert st.snapshot() == before


def test_clear_needs_enough_pooled_damage():
    st = scenario(hands=("2C", ""), spades=("", "5S"))
    do(st, "play 2C")
    with pytest.raises(IllegalAction, match="needs 5 Club damage"):
        st.apply(0, "clear 5S")


def test_the_discard_decision_refuses_other_actions():
    st = scenario(hands=("3C 5C", "9H"))
    do(st, "play 3C", "play 5C", "bonus C")
    with pytest.raises(IllegalAction, match="choose a card from your hand"):
        st.apply(1, "play 9H")
    with pytest.raises(IllegalAction, match="has no decision"):
        st.apply(0, "end")


def test_the_jack_decision_refuses_other_actions():
    st = scenario(hands=("JC 2C", ""))
    do(st, "play JC")
    with pytest.raises(IllegalAction, match="trash a market card"):
        st.apply(0, "play 2C")


def test_bad_option_values_and_unknown_options_list_valid_options():
    with pytest.raises(OptionError, match="jack_value"):
        GAME.new(options={"jack_value": 12})
    with pytest.raises(OptionError, match=r"unknown option 'jacks'.*boost_diamonds_pair"):
        GAME.new(options={"jacks": 10})
    with pytest.raises(OptionError, match="turn_limit"):
        GAME.new(options={"turn_limit": -1})
    with pytest.raises(OptionError, match="2 players"):
        GAME.new(players=3)


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("play 5C", "Play 5♣"),
        ("play 5C 3D", "Play 5♣ boosted by 3♦"),
        ("cash 2H", "Cash 2♥ for currency"),
        ("buy QH", "Buy Q♥ from the market"),
        ("trash 8S", "The Jack trashes 8♠ from the market"),
        ("discard 5C", "Discard 5♣ (the opponent's ♣ bonus)"),
        ("clear 7S", "Clear the opponent's 7♠ with pooled damage"),
        ("bonus C", "Claim the ♣ bonus: the opponent discards a card"),
        ("bonus D AS", "Claim the ♦ bonus: trash A♠"),
        ("bonus H", "Claim the ♥ bonus: draw a card"),
        ("bonus S 7S", "Claim the ♠ bonus: remove the opponent's 7♠"),
        ("pass", "Pass: the Jack trashes nothing"),
        ("end", "End the turn"),
    ],
)
def test_each_move_reads_in_words(notation: str, words: str) -> None:
    """What a hint, a review and a replay show: the move in words, not its notation."""
    assert text.plain(GAME.parse_action(notation).words()) == words
