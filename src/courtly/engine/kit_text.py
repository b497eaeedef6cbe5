"""The test kit's checks of a game's words: every event it makes, the set-up's
included, and every move it offers are worded for every viewer as structured
text (``engine/text``) that every surface can render, and the set-up's events
keep secrets as the moves' do.

``GameKit`` (``engine/testing``) takes these checks from ``TextChecks``, so
every game runs them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any, ClassVar

from courtly.engine import text
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.kit_play import random_move, seats_of

MARKUP = re.compile(r"\[/?[a-z][a-z ]*\]|\[/\]|</?[a-zA-Z][^>]*>")
"""Terminal markup ("[bold]", "[/]") or HTML ("<b>"): never in a log line."""
BARE = re.compile(r"(?<![\w{'])(P\d+|[2-9TJQKA][CDHS]|X[12])(?![\w}])")
"""A seat or a standard card left unmarked: the surfaces would show it raw."""


def logged(game: Game, players: int, seed: int, options: Any = None) -> Iterator[Event]:
    """Every event of one random game, its set-up's first (``Game.opening``)."""
    state = game.new(players=players, seed=seed, options=options)
    yield from game.opening(state)
    rng = random.Random(seed * 7919 + 1)
    while not state.over:
        seat, action = random_move(state, rng)
        yield from state.apply(seat, action)


def wording_problems(game: Game, event: Event, viewer: int | None) -> list[str]:
    """What is wrong with ``event``'s line for ``viewer`` (``Game.describe``):
    see ``line_problems``."""
    line = game.describe(event, viewer)
    if line is None:
        return []
    where = f"{game.id} event {event.kind} {event.data} for viewer {viewer}"
    if not isinstance(line, str):
        return [f"{where}: {line!r} is not a line of text"]
    return [f"{where}: {p}" for p in line_problems(line, game.card_codes(), game.max_players)]


def line_problems(line: str, codes: frozenset[str], players: int) -> list[str]:
    """What is wrong with a log line: not well-formed structured text, a seat
    beyond ``players``, terminal markup or HTML in it, or a seat or one of
    ``codes`` (standard cards) left unmarked."""
    try:
        pieces = text.parse(line)
    except text.TextError as exc:
        return [str(exc)]
    problems = []
    for kind, value in pieces:
        if kind == "seat" and not 0 <= int(value) < players:
            problems.append(f"{line!r} marks a seat the game cannot have, P{value}")
        if kind != "text":
            continue
        markup = MARKUP.search(value)
        if markup:
            problems.append(f"{line!r} holds markup, {markup.group(0)!r}")
        for bare in BARE.finditer(value):
            word = bare.group(1)
            if word in codes or (word[0] == "P" and int(word[1:]) < players):
                problems.append(f"{line!r} leaves {word} unmarked")
    return problems


def opening_secrets(game: Game, state: State) -> list[str]:
    """The set-up's events that show a viewer a card hidden from it in the new
    game, in their data or their text."""
    from courtly.engine.testing import card_codes_in  # the kit's reading of codes

    problems = []
    valid = game.card_codes()
    for viewer in seats_of(state):
        hidden = state.hidden_from(viewer)
        for e in game.opening(state):
            if not e.visible_to(viewer):
                continue
            leaked = card_codes_in([e.data, game.describe(e, viewer)], valid) & hidden
            if leaked:
                problems.append(
                    f"{game.id} set-up event {e.kind} shows viewer {viewer} {sorted(leaked)}"
                )
    return problems


class TextChecks:
    """The kit's checks of the game's words (see ``GameKit``)."""

    game: ClassVar[Game]
    players: ClassVar[int]
    options: ClassVar[dict[str, Any] | None] = None
    deep_seeds: ClassVar[range] = range(3)

    def test_every_event_is_worded_as_structured_text(self) -> None:
        """Every event of random games, the set-up's included, reads for each
        viewer (each seat, the spectator) as structured text: no terminal
        markup, no HTML, every seat and standard card marked."""
        problems: list[str] = []
        lines = 0
        for seed in self.deep_seeds:
            viewers = seats_of(self.game.new(players=self.players, seed=seed, options=self.options))
            for event in logged(self.game, self.players, seed, self.options):
                for viewer in viewers:
                    if event.visible_to(viewer):
                        problems += wording_problems(self.game, event, viewer)
                        lines += 1
        assert lines
        assert not problems, "\n".join(problems[:8])

    def test_every_move_is_worded_as_structured_text(self) -> None:
        """Every action of the game's space has words (``Action.words``, what a
        hint, a review and a replay show) that read as structured text: no
        markup, every seat and standard card marked."""
        problems: list[str] = []
        for i in range(self.game.action_space_size):
            action = self.game.action(i)
            words = action.words()
            for p in line_problems(words, self.game.card_codes(), self.game.max_players):
                problems.append(f"{self.game.id} action {action.notation!r}: {p}")
        assert not problems, "\n".join(problems[:8])

    def test_the_set_up_keeps_secrets(self) -> None:
        """The set-up's events (the deal, said in the log) show no seat a card
        hidden from it."""
        problems: list[str] = []
        for seed in self.deep_seeds:
            state = self.game.new(players=self.players, seed=seed, options=self.options)
            problems += opening_secrets(self.game, state)
        assert not problems, "\n".join(problems[:8])
