"""Structured text (courtly.engine.text): how a game's log lines mark seats,
cards and emphasis, and how the terminal and plain-text surfaces render them."""

from __future__ import annotations

import pytest
from rich.text import Text

from courtly import games
from courtly.engine import text
from courtly.engine.game import STANDARD_CODES
from courtly.engine.kit_text import line_problems

NAMES = {0: "Ada", 1: "Bea", 2: "Hard bot"}


def test_a_line_parses_into_text_seats_cards_and_emphasis() -> None:
    assert text.parse("*turn 2*: {P1} trades {8H} for {TS'}") == [
        ("strong", ""),
        ("text", "turn 2"),
        ("strong", ""),
        ("text", ": "),
        ("seat", "1"),
        ("text", " trades "),
        ("card", "8H"),
        ("text", " for "),
        ("card", "TS'"),
    ]


@pytest.mark.parametrize(
    "line",
    ["{P1 draws", "{7Z} is no card", "a brace } alone", "*turn 2: emphasis left open", "{}"],
)
def test_a_malformed_line_is_refused_with_the_reason(line: str) -> None:
    with pytest.raises(text.TextError):
        text.parse(line)


def test_the_marks_are_made_by_name_not_by_hand() -> None:
    assert text.who(1, 0) == "{P1}" and text.who(0, 0) == "you"
    assert text.whose(1, 0) == "{P1}'s" and text.whose(0, 0) == "your"
    assert text.cards(["7H", "X1"]) == "{7H} {X1}" and text.cards([]) == "nothing"
    assert text.count(1, "card") == "1 card" and text.count(2, "card") == "2 cards"
    assert text.mark("besiege P2 with 7S; P1's keep, 9S'") == (
        "besiege {P2} with {7S}; {P1}'s keep, {9S'}"
    )
    with pytest.raises(text.TextError):
        text.card("PUB4")


def test_the_terminal_and_plain_text_render_names_symbols_and_you() -> None:
    line = "*turn 3*: {P1} besieges {P0}'s keep with {TH}; {P2} draws {X1}"
    rich = text.rich(line, NAMES.get, 0)
    assert rich == (
        "[bold]Turn 3[/]: Bea besieges your keep with [red]10♥[/]; Hard bot draws [magenta]Joker[/]"
    )
    assert text.plain(line, NAMES.get, 0) == Text.from_markup(rich).plain
    assert text.plain("{P1} draws {7S}") == "P1 draws 7♠"
    # the words of the line are never read as terminal markup
    assert Text.from_markup(text.rich("you see [bold] and [/]", None, 0)).plain == (
        "You see [bold] and [/]"
    )


def test_the_kit_finds_markup_and_unmarked_seats_and_cards() -> None:
    # lines as the games wrote them before structured text
    assert line_problems("[bold]turn 2[/]: P0 to play", STANDARD_CODES, 2)
    assert line_problems("you passed [bold red]J♥[/] to P1", STANDARD_CODES, 4)
    assert line_problems("P1 trades 8H for AD", STANDARD_CODES, 2)
    assert line_problems("<b>turn 2</b>", STANDARD_CODES, 2)
    assert line_problems("{P5} plays", STANDARD_CODES, 2)
    assert not line_problems("*turn 2*: {P0} to play", STANDARD_CODES, 2)


def test_a_garrison_line_reads_in_the_terminal_with_names_and_symbols() -> None:
    garrison = games.get("garrison")
    from courtly.engine.events import Event

    turn = garrison.describe(Event("turn", {"seat": 1, "turn": 2}), 0)
    assert turn == "*turn 2*: {P1} to play"
    assert text.rich(turn or "", NAMES.get, 0) == "[bold]Turn 2[/]: Bea to play"
    declared = Event("declared", {"seat": 1, "kind": "action", "what": "besiege P0 with 9S"})
    line = garrison.describe(declared, 0) or ""
    assert Text.from_markup(text.rich(line, NAMES.get, 0)).plain == (
        "Bea is about to besiege you with 9♠ (a Spy may answer)"
    )


def test_an_intrigue_line_reads_in_the_terminal_with_names() -> None:
    intrigue = games.get("intrigue")
    from courtly.engine.events import Event

    line = intrigue.describe(Event("round", {"round": 1, "first": 2}), 0) or ""
    assert text.rich(line, NAMES.get, 0) == "[bold]Round 1[/]: Hard bot to play first"
    swap = Event("swap", {"seat": 1, "gave": "A1", "with": 2, "took": "B2"})
    line = intrigue.describe(swap, 0) or ""
    assert text.plain(line, NAMES.get, 0) == "Bea swaps the token A1 for Hard bot's B2"


def test_an_event_a_game_does_not_word_is_listed_as_structured_text() -> None:
    line = text.listing(
        "drawn", {"seat": 1, "cards": ["7H", "2C"], "what": "besiege P2 with 9S", "odd": "{*}"}
    )
    assert line == "drawn: seat {P1}, cards {7H} {2C}, what besiege {P2} with {9S}, odd "
    assert not line_problems(line, STANDARD_CODES, 3)
