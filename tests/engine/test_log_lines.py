"""Log lines: each game words its events once (its screen's ``describe``), as
structured text, and the terminal makes them read well (names, card symbols).
Played out over random games in every game."""

from __future__ import annotations

import random
import re

import pytest

from courtly import games
from courtly.engine.text import card_symbol, rich

RAW = re.compile(r"\[\'|\{\'|: seat \d|\bseat \d+,|card\(s\)")


def _lines(game_id: str, seeds: range) -> list[tuple[str, str]]:
    """(event kind, polished line) for seat 0, over random games."""
    game = games.get(game_id)
    out = []
    for seed in seeds:
        state = game.new(seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.over:
                break
            seat = state.to_act[0]
            for event in state.apply(seat, rng.choice(state.legal_actions(seat))):
                line = game.describe(event, 0)
                if line:
                    out.append((event.kind, rich(line, lambda n: f"P{n}", 0)))
    return out


@pytest.mark.parametrize("game_id", games.ids())
def test_every_line_reads_as_words_not_data(game_id: str) -> None:
    lines = _lines(game_id, range(6))
    assert lines
    raw = [(k, line) for k, line in lines if RAW.search(line)]
    assert not raw, raw[:5]
    # Card codes became symbols (standard decks) and every line starts with a capital.
    assert not any(re.search(r"(?<![\w\[/'])[2-9TJQKA][CDHS](?![\w'])", line) for _, line in lines)
    plain = [re.sub(r"\[/?[a-z ]*\]", "", line) for _, line in lines]
    assert not [p for p in plain if p[:1].islower()], [p for p in plain if p[:1].islower()][:5]
    # "you take", never "you takes" (Agents of the Crown's prizes said so)
    agree = [p for p in plain if re.search(r"\b[Yy]ou (?!pass\b|as\b)[a-z]+s\b", p)]
    assert not agree, agree[:5]


def test_garrison_words_its_moves_spies_and_windows() -> None:
    from courtly.games.garrison.render import describe

    assert (
        describe("move", {"seat": 2, "move": "trade 8H for AD"}, 0) == "{P2} trades {8H} for {AD}"
    )
    assert (
        describe("move", {"seat": 0, "move": "fend 3S with TS"}, 0) == "you fend off {3S} with {TS}"
    )
    assert (
        describe("declared", {"seat": 1, "kind": "action", "what": "besiege P0 with 9S"}, 0)
        == "{P1} is about to besiege {P0} with {9S} (a Spy may answer)"
    )
    assert (
        describe("declared", {"seat": 0, "kind": "spy", "what": "thug market"}, 0)
        == "you play the Thug to discard and refill the market"
    )
    assert (
        describe("spy", {"seat": 0, "spy": "Smuggler", "move": "smuggle KC to P1"}, 0)
        == "your Smuggler smuggles {KC} to {P1}"
    )
    assert describe("no_response", {"seat": 0}, 0) == "you let it pass"
    assert describe("end_turn", {"seat": 1}, 0) is None  # the declared end already said it
    over = describe("game_over", {"reason": "rounds", "scores": [2.0, 26.0]}, 1)
    assert over == "*game over* after the last round: keeps worth {P0} 2, {P1} 26"


def test_intrigue_names_cards_and_characters_by_their_printed_names() -> None:
    from courtly.games.intrigue.render import describe

    assert (
        describe("up", {"seat": 1, "card": "PUB4", "character": "B"}, 0)
        == "{P1} plays Public Support face up on B"
    )
    assert describe("down", {"seat": 0, "character": "A"}, 0) == "you play a card face down on A"
    assert describe("drawn", {"cards": ["GUILDS", "SPY"]}, 0) == "you drew Guilds, Spy"


def test_the_terminal_puts_names_symbols_and_emphasis_in() -> None:
    names = {1: "Bea", 2: "Hard bot"}
    line = rich("{P1} trades {8H} for {TS}; you take 2 cards from {P2}'s keep", names.get, 0)
    assert line == "Bea trades [red]8♥[/] for 10♠; you take 2 cards from Hard bot's keep"
    assert rich("you draw 1 card", names.get, 0) == "You draw 1 card"
    assert rich("*turn 3*: {P1} to play", names.get, 0) == "[bold]Turn 3[/]: Bea to play"
    assert rich("{P0} [bold] is no markup", names.get, 0) == "You \\[bold] is no markup"
    assert card_symbol("X1") == "[magenta]Joker[/]"


def test_garrison_table_shows_the_waiting_moves_with_card_symbols() -> None:
    from rich.text import Text

    game = games.get("garrison")
    state = game.new(players=2, seed=5)
    rng = random.Random(1)
    while not (state.observation(0)["window"] is not None and 0 in state.to_act):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    text = Text.from_markup(game.render(state.observation(0))).plain
    after = text[text.index("Waiting to resolve") :]
    window = next(line for line in after.splitlines() if "reaction window" in line.lower())
    for line in [after.splitlines()[1], window]:
        assert not re.search(r"\b[2-9TJQKA][CDHS]\b", line), line
        assert re.search(r"[♣♦♥♠]|Joker", line), line
