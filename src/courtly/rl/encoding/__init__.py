"""Observations as fixed-length numeric vectors, one module per game.

    enc = encoding.encoder(game, players=4)
    vec = enc.encode(state.observation(seat))   # float32, shape (enc.size,)
    enc.layout                                  # what each slice means

An encoding reads the observation dict only, never the state, so it holds
exactly what that seat may know. Every value lies in [-1, 1]: cards are
one-hot or multi-hot over the game's card codes (counts divided by their most),
choices one-hot, numbers divided by a documented scale and clipped. The
vector's length depends on the game and the player count only.

A game's encoding, the module its declaration names (``plugins.encoding``),
defines ``write(w, obs)``, calling the ``Writer`` methods in a fixed order; the same calls, run once on an opening observation, give the
layout that ``docs/rl.md`` prints.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

import numpy as np

from courtly.engine import plugins
from courtly.engine.errors import CourtlyError
from courtly.engine.game import Game

LOW, HIGH = -1.0, 1.0
"""Bounds of every value of every encoding."""


@dataclass(frozen=True)
class Part:
    """One named slice of an encoding."""

    name: str
    start: int
    size: int
    meaning: str
    form: str = ""


class Writer:
    """Fills a vector part by part, in the order the game's ``write`` calls it."""

    def __init__(self, vocab: Mapping[str, int], size: int, record: bool = False) -> None:
        self.vocab = vocab
        self.v = np.zeros(size, dtype=np.float32)
        self.pos = 0
        self.parts: list[Part] | None = [] if record else None

    def block(self, name: str, n: int, meaning: str, form: str = "") -> int:
        """Reserve ``n`` values for a part the game fills itself; their start."""
        start = self.pos
        self.pos += n
        if self.parts is not None:
            self.parts.append(Part(name, start, n, meaning, form))
        return start

    def cards(self, name: str, codes: Iterable[str | None], meaning: str, most: int = 1) -> None:
        """Multi-hot over the card codes (a count / ``most`` when a code can repeat)."""
        n = len(self.vocab)
        form = "multi-hot over card codes" if most == 1 else f"count / {most} per card code"
        start = self.block(name, n, meaning, form)
        v, vocab = self.v, self.vocab
        if most == 1:
            for c in codes:
                if c is not None:
                    v[start + vocab[c]] = 1.0
            return
        step = 1.0 / most
        for c in codes:
            if c is not None:
                i = start + vocab[c]
                v[i] = min(1.0, v[i] + step)

    def card(self, name: str, code: str | None, meaning: str) -> None:
        """One-hot of a single card code (all zero for none)."""
        self.cards(name, () if code is None else (code,), meaning)

    def onehot(self, name: str, index: int | None, n: int, meaning: str, form: str = "") -> None:
        """One-hot of ``index`` among ``n`` (all zero for None or out of range)."""
        start = self.block(name, n, meaning, form or "one-hot")
        if index is not None and 0 <= index < n:
            self.v[start + index] = 1.0

    def choice(self, name: str, value: Any, choices: Sequence[Any], meaning: str) -> None:
        """One-hot of ``value`` among ``choices`` (all zero when it is none of them)."""
        index = choices.index(value) if value in choices else None
        form = "one-hot: " + ", ".join(str(c) for c in choices) if self.parts is not None else ""
        self.onehot(name, index, len(choices), meaning, form)

    def seats(self, name: str, seats: Iterable[int], players: int, meaning: str) -> None:
        """Multi-hot over the seats."""
        start = self.block(name, players, meaning, "multi-hot over seats")
        for s in seats:
            if 0 <= s < players:
                self.v[start + s] = 1.0

    def numbers(
        self, name: str, values: Sequence[float | None], scale: float, meaning: str
    ) -> None:
        """``value / scale`` each, clipped to [-1, 1] (None reads as 0)."""
        start = self.block(name, len(values), meaning, "number, clipped to [-1, 1]")
        for k, x in enumerate(values):
            if x is not None:
                self.v[start + k] = max(LOW, min(HIGH, float(x) / scale))

    def number(self, name: str, value: float | None, scale: float, meaning: str) -> None:
        self.numbers(name, [value], scale, meaning)

    def flags(self, name: str, values: Sequence[Any], meaning: str) -> None:
        """1 for each true value, 0 otherwise."""
        start = self.block(name, len(values), meaning, "0/1")
        for k, x in enumerate(values):
            if x:
                self.v[start + k] = 1.0


class Write(Protocol):
    """A game's encoding: fills ``w`` from one observation."""

    def __call__(self, w: Writer, obs: Mapping[str, Any], /) -> None: ...


def writer_for(game: Game) -> Write:
    """The encoding ``game`` declares (``plugins.encoding``)."""
    ref = game.plugins.encoding
    if ref is None:
        raise CourtlyError(f"{game.name} declares no encoding for reinforcement learning")
    write: Write = plugins.load(ref)
    return write


class Encoder:
    """The encoding of one game at one player count."""

    def __init__(self, game: Game, players: int, options: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.players = players
        self._write = writer_for(game)
        self.vocab = {c: i for i, c in enumerate(sorted(game.card_codes()))}
        opening = game.new(players=players, seed=0, options=options)
        w = Writer(self.vocab, 1 << 16, record=True)
        self._write(w, opening.observation(0))
        self.size = w.pos
        self.layout: list[Part] = w.parts or []

    def encode(self, obs: Mapping[str, Any]) -> np.ndarray:
        """The vector of one observation (a seat's, or the spectator's)."""
        w = Writer(self.vocab, self.size)
        self._write(w, obs)
        if w.pos != self.size:
            raise ValueError(
                f"{self.game.name} encoding wrote {w.pos} values, not {self.size}: "
                "an encoding's length must not depend on the observation"
            )
        return w.v


@cache
def _cached(game_id: str, players: int, options_key: str) -> Encoder:
    import json

    from courtly import games

    return Encoder(games.get(game_id), players, json.loads(options_key) or None)


def encoder(game: Game, players: int, options: Mapping[str, Any] | None = None) -> Encoder:
    """The (shared) encoder of ``game`` at ``players`` seats."""
    import json

    if hasattr(options, "model_dump"):
        options = options.model_dump(mode="json")  # type: ignore[union-attr]
    return _cached(game.id, players, json.dumps(dict(options or {}), sort_keys=True))


def layout_table(game: Game, players: int, options: Mapping[str, Any] | None = None) -> str:
    """The layout of an encoding as a Markdown table (what ``docs/rl.md`` shows)."""
    enc = encoder(game, players, options)
    rows = ["| slice | part | meaning | form |", "|---|---|---|---|"]
    for p in enc.layout:
        where = str(p.start) if p.size == 1 else f"{p.start}-{p.start + p.size - 1}"
        rows.append(f"| {where} | `{p.name}` | {p.meaning} | {p.form} |")
    return "\n".join(rows)


def layout_markdown() -> str:
    """Every game's layout, as the encodings section of ``docs/rl.md`` shows it."""
    from courtly import games

    out = []
    for game in games.all_games():
        n = game.default_players
        size = encoder(game, n).size
        out.append(f"### {game.name} (`{game.id}`), {n} seats: {size} values\n")
        out.append(layout_table(game, n) + "\n")
    return "\n".join(out)
