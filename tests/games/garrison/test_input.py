"""Bad input: notation, illegal actions and options say what was wrong."""

from __future__ import annotations

import pytest

from courtly.engine import text
from courtly.engine.errors import IllegalAction, NotationError, OptionError
from courtly.games import get

from .scenario import build

GAME = get("garrison")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty"),
        ("fly to the moon", "unknown move"),
        ("upgrade 7H", "upgrade CARD with"),
        ("upgrade 7S with 3D", "heart or club"),
        ("trade 5S for 5S", "itself"),
        ("trade 5S", "trade GIVE for TAKE"),
        ("besiege P9 with 5S", "not a seat"),
        ("besiege P1 with 5H", "only spades"),
        ("besiege P1 with 2S 3S 4S 5S", "one to three"),
        ("fend KS with 3H", "spade"),
        ("rebuild 7S with 2C", "face-down heart"),
        ("discard ZZ", "not a card"),
        ("smuggle X1", "Joker"),
        ("smuggle 5D", "never a diamond"),
        ("thug everyone", "thug cancel"),
        ("end now", "takes nothing"),
    ],
)
def test_malformed_notation_says_what_was_wrong(text: str, says: str) -> None:
    with pytest.raises(NotationError, match=says):
        GAME.parse_action(text)


def test_notation_is_case_insensitive() -> None:
    a = GAME.parse_action("UPGRADE 7h WITH 4d 3D")
    assert a.notation == "upgrade 7H with 4D 3D"  # GAR-17: the order named is kept
    assert GAME.parse_action("Besiege p2 9s") is GAME.parse_action("besiege P2 with 9S")
    assert GAME.parse_action("upgrade 10H with QD").notation == "upgrade TH with QD"


def test_illegal_action_leaves_the_state_unchanged_and_says_why() -> None:
    st = build(2, hands={0: "7H 4D"})
    before = st.snapshot()
    with pytest.raises(IllegalAction, match="do not hold 9H"):
        st.apply(0, "upgrade 9H with 4D")
    with pytest.raises(IllegalAction, match="worth 7"):
        st.apply(0, "upgrade 7H with 4D")
    with pytest.raises(IllegalAction, match="nothing to respond"):
        st.apply(0, "pass")
    with pytest.raises(IllegalAction, match="no decision"):
        st.apply(1, "end")
    assert st.snapshot() == before


def test_bad_and_unknown_options_list_the_valid_ones() -> None:
    with pytest.raises(OptionError, match=r"Valid options: .*length"):
        GAME.new(players=2, options={"length": "epic"})
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        GAME.new(players=2, options={"colour": "red"})
    with pytest.raises(OptionError, match="2 to 6 players"):
        GAME.new(players=7)


def test_render_and_score_table() -> None:
    st = build(3, hands={0: "7H 4D"}, siege={1: (0, "9S")})
    text = GAME.render(st.observation(0), st.legal_actions(0))
    assert "target" in text and "besieged" in text and "Your hand" in text
    st.apply(0, "discard 7H")
    assert "reaction window" in GAME.render(st.observation(2)).lower()
    headers, rows = GAME.score_table(st.observation(None))
    assert len(rows) == 3 and "keep value" in headers
    assert "end" in GAME.notation_help()


def test_render_says_game_over_not_who_is_to_move_at_the_end() -> None:
    """The terminal's heading read "P1 to move" after the game was won."""
    from courtly.engine.testing import random_game

    over = random_game(GAME, 3, 2)
    assert over.over
    heading = GAME.render(over.observation(0)).splitlines()[0]
    assert "game over" in heading and "to move" not in heading
    live = build(3, hands={0: "7H 4D"})
    assert "P0 to move" in GAME.render(live.observation(0)).splitlines()[0]


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("end", "End the turn (draw up to three)"),
        ("pass", "Pass (no spy)"),
        ("upgrade 7H with 3D 4D", "Add 7♥ to the keep, paying 3♦ and 4♦"),
        ("trade 5S for KH", "Trade 5♠ for K♥"),
        ("besiege P2 with 5S 9S QS", "Besiege P2's keep with 5♠, 9♠ and Q♠"),
        ("fend KS with 3S", "Fend off the besieger K♠ with 3♠"),
        ("rebuild 7H with 5C", "Rebuild: turn 7♥ face up, spending 5♣"),
        ("discard X1", "Discard Joker"),
        ("agitate P1", "Agitator: the spades besieging P1's keep are discarded"),
        ("smuggle 7H", "Smuggler: 7♥ from the discard pile into the keep"),
        ("smuggle 9S to P2", "Smuggler: 9♠ from the discard pile into the siege of P2's keep"),
        ("thug cancel", "Thug: cancel the spy or Joker just played"),
        ("thug market", "Thug: renew the market"),
        ("seduce 7H", "Seducer: 7♥ is discarded from its keep"),
    ],
)
def test_each_move_reads_in_words(notation: str, words: str) -> None:
    """What a hint, a review and a replay show: the move in words, not its notation."""
    assert text.plain(GAME.parse_action(notation).words()) == words
    assert text.plain(GAME.parse_action("besiege P2 with 5S").words(), you=2) == (
        "Besiege your keep with 5♠"
    )


def test_the_heading_shows_the_round_cap_only_once_it_is_in_sight() -> None:
    """Every table read "round 1 (of at most 100)": GAR-12's safety stop, not
    a length players aim at. A cap is shown once it is fewer than 10 rounds
    away: from the start at a table that chose 3."""
    default = GAME.new(players=3, seed=1)
    assert "of at most" not in GAME.render(default.observation(0)).splitlines()[0]
    capped = GAME.new(players=3, seed=1, options={"max_rounds": 3})
    assert "round 1 (of at most 3)" in GAME.render(capped.observation(0)).splitlines()[0]
    from courtly.games.garrison.render import round_cap

    obs = {"round": 91, "options": {"max_rounds": 100}}
    assert round_cap(obs) == " (of at most 100)" and round_cap({**obs, "round": 90}) == ""


def test_a_fend_or_rebuild_of_a_card_that_is_not_there_says_so_in_plain_words() -> None:
    st = build(2, hands={0: "3S 5C"})  # nothing besieges P0's keep, no heart of it is down
    assert st.check(0, get("garrison").parse_action("fend KS with 3S")) == (
        "KS is not besieging your keep; nothing besieges it"
    )
    assert st.check(0, get("garrison").parse_action("rebuild 7H with 5C")) == (
        "7H is not a face-down heart of your keep; it has none"
    )
    st = build(2, hands={0: "3S 5C"}, siege={0: (1, "9S")}, fallen={0: "4H"})
    assert st.check(0, get("garrison").parse_action("fend KS with 3S")) == (
        "KS is not besieging your keep; its besiegers are 9S"
    )
    assert st.check(0, get("garrison").parse_action("rebuild 7H with 5C")) == (
        "7H is not a face-down heart of your keep; those are 4H"
    )
