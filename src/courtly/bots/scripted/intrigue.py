"""Intrigue: scripted strategies a new player would follow.

They are yardsticks for the ``normal`` heuristic (``bots/greedy``), written
apart from it and kept simple on purpose. Every one sees only its observation.

- ``loyal``: "always play your highest card face up to the ruler you favor".
  Its ruler is the character with the most point tokens (ties: Priority). It
  takes that ruler's best free token while it holds none of its tokens; then
  plays the card worth most to the ruler: a Support face up into its stack (to
  draw), a Relationship pointing its better end at it, anything else face down
  behind it. In the last round it plays its Favor for its ruler.
- ``follower``: "back the front-runner". Each turn the front-runner is the
  character with the most support it can see (face-up and shown cards, each
  card face down as +1, the relationships' ends). It takes the front-runner's
  best free token while it holds none of its tokens; otherwise it plays the
  card worth most to the front-runner face down behind it, or a negative card
  behind the runner-up. Once a character has two point tokens, or in the last
  round, it plays its Favor for the character with the most.
- ``schemer``: "play the cards for what they do". It takes the +3 token of the
  character with the most point tokens, then plays its Actions for their
  effects whenever they act (Virtue and a Relationship for its character,
  Assassination on the strongest rival, Manipulate for the best token, Spy on
  the biggest stack), Supports face up to its character, the rest face down to
  it; it plays its Favor for its character when it has nothing else to play.
- ``normal-v1``: the first ``normal`` heuristic, kept as it was so the tuned
  one can be measured against it (``scripted/intrigue_v1.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.bots.base import Bot
from courtly.bots.scripted.intrigue_v1 import PreviousNormal
from courtly.engine.actions import Action
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.actions import IntrigueAction

_ENDS = [card.ends for card in C.DECK]


def _chars(obs: Mapping[str, Any]) -> list[int]:
    return [C.BY_CODE[c] for c in obs["characters"]]


def _by_points(obs: Mapping[str, Any]) -> int:
    """The letter with the most point tokens, ties to the higher Priority."""
    chars = _chars(obs)
    pts = obs["character_points"]
    return max(range(3), key=lambda x: (pts[x], C.priority(chars[x])))


def _my_letters(obs: Mapping[str, Any]) -> set[int]:
    me = obs["seat"]
    return {C.token_letter(t) for t, h in enumerate(obs["tokens"].values()) if h == me}


def _worth(card: int, x: int, chars: list[int]) -> int:
    """What a card adds to letter ``x`` (a Relationship: its better end)."""
    if card >= 19:
        return max(_ENDS[card]) if card not in (C.DEBT, C.BLACKMAIL) else 1
    return C.support_value(card, chars[x])


def _best_token(acts: list[IntrigueAction], x: int) -> IntrigueAction | None:
    takes = [a for a in acts if a.kind == "take" and C.token_letter(a.token) == x]
    return min(takes, key=lambda a: a.token) if takes else None  # the +3 comes first


def _choose(
    obs: Mapping[str, Any], acts: list[IntrigueAction], x: int, rng: random.Random
) -> IntrigueAction:
    """A pending card's choice, made for letter ``x``."""
    kind = acts[0].kind
    effect = C.BY_CODE[obs["effect"]] if obs["effect"] else -1
    if kind == "target":
        if effect == C.ASSASSIN:
            pts = obs["character_points"]
            rivals = [a for a in acts if a.letter != x] or acts
            return max(rivals, key=lambda a: pts[a.letter])
        if effect == C.VIRTUE:
            mine = [a for a in acts if a.letter == x]
            if mine:
                return mine[0]
        stacks = obs["stacks"]
        return max(acts, key=lambda a: len(stacks[a.letter]))
    if kind == "discard":
        chars = _chars(obs)
        return min(acts, key=lambda a: _worth(a.card, x, chars))
    if kind == "swap":
        best = [a for a in acts if C.token_letter(a.token2) == x] or acts
        return max(best, key=lambda a: (C.token_value(a.token2), -C.token_value(a.token)))
    if kind == "reverse":
        rels = obs["relationships"]

        def lift(a: IntrigueAction) -> int:
            r = rels[a.pair]
            lv, rv = _ENDS[C.BY_CODE[r["card"]]]
            left = C.LETTERS.index(r["left"])
            return (rv - lv) if left == x else (lv - rv)

        return max(acts, key=lift)
    return acts[rng.randrange(len(acts))]


def _relationship(acts: list[IntrigueAction], card: int, x: int) -> IntrigueAction | None:
    """The placement of a Relationship that suits letter ``x`` best."""
    rels = [a for a in acts if a.kind == "rel" and a.card == card]
    if not rels:
        return None

    def lift(a: IntrigueAction) -> float:
        lv, rv = _ENDS[card]
        if card == C.DEBT:
            lv, rv = -1, 1  # the lender gains a card
        elif card == C.BLACKMAIL:
            lv, rv = 2, -2  # the blackmailer takes the victim's win
        return (
            (lv if a.left == x else 0)
            + (rv if a.right == x else 0)
            - (0 if x in (a.left, a.right) else (lv + rv) / 2)
        )

    return max(rels, key=lift)


class Loyal(Bot):
    """Plays its highest card face up to the ruler it favors."""

    name = "loyal"

    def ruler(self, obs: Mapping[str, Any]) -> int:
        return _by_points(obs)

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        obs = observation
        acts = [a for a in legal if isinstance(a, IntrigueAction)]
        x = self.ruler(obs)
        if obs["decision"] != "turn":
            return _choose(obs, acts, x, rng)
        if x not in _my_letters(obs):
            take = _best_token(acts, x)
            if take is not None:
                return take
        if obs["round"] >= obs["options"]["rounds"]:
            for a in acts:
                if a.kind == "favor" and a.letter == x:
                    return a
        return self.card(obs, acts, x, rng)

    def card(
        self, obs: Mapping[str, Any], acts: list[IntrigueAction], x: int, rng: random.Random
    ) -> Action:
        chars = _chars(obs)
        hand = [C.BY_CODE[c] for c in obs["hand"]]
        if not hand:
            return acts[rng.randrange(len(acts))]
        card = max(hand, key=lambda c: (_worth(c, x, chars), -c))
        if 7 <= card < 19:
            return next(a for a in acts if a.kind == "up" and a.card == card and a.letter == x)
        if card >= 19:
            rel = _relationship(acts, card, x)
            if rel is not None:
                return rel
        return next(a for a in acts if a.kind == "down" and a.card == card and a.letter == x)


def _visible(obs: Mapping[str, Any]) -> list[float]:
    """The support a new player sees on each letter."""
    chars = _chars(obs)
    out = [0.0, 0.0, 0.0]
    for x, stack in enumerate(obs["stacks"]):
        for e in stack:
            out[x] += C.support_value(C.BY_CODE[e["card"]], chars[x]) if "card" in e else 1.0
    for r in obs["relationships"]:
        if r is not None:
            lv, rv = _ENDS[C.BY_CODE[r["card"]]]
            out[C.LETTERS.index(r["left"])] += lv
            out[C.LETTERS.index(r["right"])] += rv
    return out


class Follower(Bot):
    """Backs the character with the most support it can see."""

    name = "follower"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        obs = observation
        acts = [a for a in legal if isinstance(a, IntrigueAction)]
        chars = _chars(obs)
        seen = _visible(obs)
        order = sorted(range(3), key=lambda x: (seen[x], C.priority(chars[x])), reverse=True)
        x = order[0]
        if obs["decision"] != "turn":
            return _choose(obs, acts, x, rng)
        if x not in _my_letters(obs):
            take = _best_token(acts, x)
            if take is not None:
                return take
        pts = obs["character_points"]
        if max(pts) >= 2 or obs["round"] >= obs["options"]["rounds"]:
            top = _by_points(obs)
            for a in acts:
                if a.kind == "favor" and a.letter == top:
                    return a
        hand = [C.BY_CODE[c] for c in obs["hand"]]
        if not hand:
            return acts[rng.randrange(len(acts))]
        card = max(hand, key=lambda c: (C.support_value(c, chars[x]), -c))
        letter = x
        if C.support_value(card, chars[x]) < 0:
            letter = order[1]
        return next(a for a in acts if a.kind == "down" and a.card == card and a.letter == letter)


class Schemer(Loyal):
    """Plays its cards for what they do."""

    name = "schemer"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        obs = observation
        acts = [a for a in legal if isinstance(a, IntrigueAction)]
        x = self.ruler(obs)
        mine = _my_letters(obs)
        if mine:
            x = min(mine, key=lambda m: m)
        if obs["decision"] != "turn":
            return _choose(obs, acts, x, rng)
        if not mine:
            take = _best_token(acts, x)
            if take is not None:
                return take
        hand = [C.BY_CODE[c] for c in obs["hand"]]
        stacks = obs["stacks"]
        face_down = any(not e["up"] for s in stacks for e in s)
        rels = any(r is not None for r in obs["relationships"])
        for c in hand:
            acting = (
                c == C.ORACLE
                or (c in (C.VIRTUE, C.SPY) and face_down)
                or (c == C.ASSASSIN and obs["unused"])
                or (c == C.MANIP and bool(mine))
                or (c in (C.LIES, C.MISINFO) and rels)
            )
            if acting:
                play = next((a for a in acts if a.kind == "play" and a.card == c), None)
                if play is not None:
                    return play
        for c in hand:
            if c >= 19:
                rel = _relationship(acts, c, x)
                if rel is not None:
                    return rel
        if not hand or len(hand) == 1:
            for a in acts:
                if a.kind == "favor" and a.letter == x:
                    return a
        return self.card(obs, acts, x, rng)


BOTS: dict[str, type[Bot]] = {
    "loyal": Loyal,
    "follower": Follower,
    "schemer": Schemer,
    "normal-v1": PreviousNormal,
}
