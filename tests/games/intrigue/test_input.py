"""Bad input: malformed notation, illegal actions, bad options."""

from __future__ import annotations

import pytest

from courtly.engine.errors import IllegalAction, NotationError, OptionError
from courtly.engine.text import plain
from courtly.games.intrigue import GAME

from .helpers import table


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty action"),
        ("frobnicate A", "known verb"),
        ("take Z+3", "not a support token"),
        ("take", "write it as 'take A+3'"),
        ("down XYZ A", "not a card code"),
        ("down PUB1 D", "not a character letter"),
        ("up SPY A", "only Support cards are played face up"),
        ("play PUB1", "not an Action card"),
        ("rel PUB1 A B", "not a Relationship"),
        ("rel FRIEND A A", "two different characters"),
        ("move AB AB", "different pair"),
        ("move AB XY", "not a pair"),
        ("swap A+3 A+3", "two different tokens"),
    ],
)
def test_malformed_notation_says_what_was_wrong(text: str, says: str) -> None:
    with pytest.raises(NotationError, match=says.replace("+", r"\+")):
        GAME.parse_action(text)


def test_notation_is_case_insensitive_with_aliases() -> None:
    assert GAME.parse_action("DOWN pub1 a").notation == "down PUB1 A"
    assert GAME.parse_action("take a3").notation == "take A+3"
    assert GAME.parse_action("favour b").notation == "favor B"
    assert GAME.parse_action("rel debt b at a").notation == "rel DEBT B A"
    assert GAME.parse_action("move ba ac").notation == "move AB CA"
    assert "take A+3" in GAME.notation_help()


def test_illegal_actions_leave_the_state_unchanged_and_say_why() -> None:
    s = table(
        hands=[["PUB1", "SPY"], ["PUB2"], ["PUB3"]],
        tokens={"A+3": 1},
        rels={"ADVANT": ("A", "B")},
        idle_actions="forbidden",
    )
    before = s.snapshot()
    cases = [
        (0, "take A+3", "taken by seat 1"),
        (0, "down ENTH1 A", "you do not hold ENTH1"),
        (0, "play SPY", "nothing to act on"),
        (0, "discard PUB1", "none is pending"),
        (1, "down PUB2 A", "no decision to make now"),
        (0, "what", "known verb"),
    ]
    for seat, text, says in cases:
        with pytest.raises(IllegalAction, match=says):
            s.apply(seat, text)
        assert s.snapshot() == before
    s.apply(0, "favor A")
    with pytest.raises(IllegalAction, match=r"no decision"):
        s.apply(0, "favor A")


def test_a_favor_is_played_once() -> None:
    s = table(hands=[["PUB1", "PUB4"], ["PUB2", "ENTH1"], ["PUB3", "ENTH2"]])
    s.apply(0, "favor A")
    s.apply(1, "take B+3")
    s.apply(2, "take C+3")
    with pytest.raises(IllegalAction, match="already played your Favor A"):
        s.apply(0, "favor A")


def test_a_wrong_choice_names_the_right_ones() -> None:
    s = table(hands=[["MANIP", "PUB1"], ["PUB2"], ["PUB3"]], tokens={"A+1": 0, "B+3": 1})
    s.apply(0, "play MANIP")
    with pytest.raises(IllegalAction, match="swap A\\+1 B\\+3"):
        s.apply(0, "swap A+1 C+3")
    with pytest.raises(IllegalAction, match="Manipulate awaits"):
        s.apply(0, "target A")


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"hand_size": 0}, "hand_size"),
        ({"rounds": 9}, "rounds"),
        ({"leftover_hands": "burn"}, "return | keep"),
        ({"assassinated": "maybe"}, "gone | unused"),
        ({"deck": "PUB1 PUB2"}, "24 deck cards"),
        ({"deck": "ACE PUB2"}, "not deck card codes"),
        ({"characters": ["KING", "DUKE", "BISHOP"]}, "characters are distinct"),
        ({"jokers": 1}, "unknown option 'jokers'"),
    ],
)
def test_bad_options_list_the_valid_ones(options: dict[str, object], says: str) -> None:
    with pytest.raises(OptionError) as exc:
        GAME.new(players=3, seed=1, options=options)
    assert says in str(exc.value) and "Valid options" in str(exc.value)
    assert "hand_size" in str(exc.value)


def test_only_three_players() -> None:
    with pytest.raises(OptionError, match="for 3 players"):
        GAME.new(players=4, seed=1)


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("take A+3", "Take the support token A+3"),
        ("favor B", "Play the Favor face down, for B"),
        ("down VIRTUE B", "Play Virtue face down on B"),
        ("up PUB1 A", "Play Public Support face up on A, for its effect"),
        ("play ORACLE", "Play Oracle"),
        ("rel DEBT C B", "Place Debt between C and B, its left end on C"),
        ("target A", "Aim the Action at A"),
        ("discard DEFY2", "Discard Defiance"),
        ("swap A+3 B+1", "Give the token A+3 for an opponent's B+1"),
        ("reverse AB", "Reverse the AB relationship"),
        ("move AB BC", "Move the AB relationship to the BC side"),
    ],
)
def test_each_move_reads_in_words(notation: str, words: str) -> None:
    """What a hint, a review and a replay show: the move in words, not its notation."""
    assert plain(GAME.parse_action(notation).words()) == words
