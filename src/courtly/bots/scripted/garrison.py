"""Garrison: scripted strategies a new player would follow.

They are yardsticks for the ``normal`` heuristic (``bots/greedy``), written
apart from it and kept simple on purpose. Every one sees only its observation.

- ``builder``: "build your own keep, nothing else". Wins when it can; upgrades
  with its most valuable heart or club; rebuilds its highest face-down heart
  with its lowest card; trades a card it cannot use (a spade, the Joker, an
  unpayable heart or club) for a market or discard card that pays for, or can be
  paid by, what it holds; otherwise throws away spades and the Joker, and with a
  full hand and nothing done in the turn its lowest card, to draw new ones.
  Aces are ordinary cards to it; it never answers a window.
- ``raider``: "build your keep, besiege the leader when you can, play spies at
  once". The builder's moves, but first: every spade it holds goes against the
  rival with the highest keep, its own besiegers are fended off first, and every
  Ace is played as its spy as soon as it has a target (the Agitator on its own
  keep, the Smuggler's best heart or club from the discard pile, the Seducer on
  the leader's best card, the Thug renewing the market).
- ``guard``: "build, keep spades for defence, save the Aces for emergencies".
  The builder's moves, but it never attacks: spades fend off its besiegers and
  are otherwise kept (two at most). In a window it sends the Agitator when its
  keep would fall, cancels any Joker with the Thug and seduces a card from a
  rival whose move would win.
- ``normal-v1``: the first ``normal`` heuristic, kept as it was so the tuned
  one can be measured against it (``scripted/garrison_v1.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly import cards
from courtly.bots.base import Bot
from courtly.bots.scripted.garrison_v1 import PreviousNormal
from courtly.engine.actions import Action
from courtly.games.garrison.actions import GarrisonAction
from courtly.games.garrison.options import VALUE

_CARD = {cards.code(c): c for c in range(54)}
CLUB, DIAMOND, HEART, SPADE = range(4)


def _suit(c: int) -> int:
    return -1 if c >= 52 else c & 3


def _siege(obs: Mapping[str, Any], seat: int) -> int:
    return sum(VALUE[_CARD[c]] for c in obs["keeps"][seat]["besiegers"])


class Builder(Bot):
    """Builds its own keep and nothing else."""

    name = "builder"

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._acted: tuple[int, int] = (-1, -1)

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        acts = [a for a in legal if isinstance(a, GarrisonAction)]
        if observation["decision"] == "reaction":
            return self.react(observation, acts)
        a = self.first(observation, acts) or self.build(observation, acts)
        if a is not None:
            self._acted = (observation["seat"], observation["turn"])
            return a
        return self.idle(observation, acts)

    def react(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> Action:
        return next(a for a in acts if a.kind == "pass")

    def first(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> GarrisonAction | None:
        """What comes before building (nothing, for the builder)."""
        return None

    def build(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> GarrisonAction | None:
        me = obs["seat"]
        value = obs["keeps"][me]["value"]
        target = obs["target"]
        ups = [a for a in acts if a.kind == "upgrade"]
        rebuilds = [a for a in acts if a.kind == "rebuild"]
        for a in ups:
            if value + VALUE[a.card] >= target:
                return a
        for a in rebuilds:
            if value + VALUE[a.other] >= target:
                return a
        if ups:
            return max(ups, key=lambda a: (VALUE[a.card], -sum(VALUE[d] for d in a.pay)))
        if rebuilds:
            return max(rebuilds, key=lambda a: (VALUE[a.other], -VALUE[a.card]))
        return self.trade(obs, acts)

    def trade(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> GarrisonAction | None:
        hand = [_CARD[c] for c in obs["hand"]]
        diamonds = sum(VALUE[c] for c in hand if _suit(c) == DIAMOND)
        keep_cards = [c for c in hand if _suit(c) in (HEART, CLUB)]

        def useless(c: int) -> bool:
            s = _suit(c)
            if s in (-1, SPADE):
                return True
            return s in (HEART, CLUB) and VALUE[c] > diamonds + 10

        def wanted(c: int) -> bool:
            s = _suit(c)
            if s == DIAMOND:
                return bool(keep_cards)
            return s in (HEART, CLUB) and VALUE[c] <= diamonds

        trades = [a for a in acts if a.kind == "trade" and useless(a.card) and wanted(a.other)]
        if trades:
            return max(trades, key=lambda a: (VALUE[a.other], -VALUE[a.card]))
        junk = [a for a in acts if a.kind == "discard" and _suit(a.card) in (-1, SPADE)]
        if junk:
            return min(junk, key=lambda a: VALUE[a.card])
        return None

    def idle(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> Action:
        """Nothing to build: with a full hand and nothing done yet this turn, throw
        the lowest card away to draw a new one; else end the turn."""
        key = (obs["seat"], obs["turn"])
        discards = [a for a in acts if a.kind == "discard"]
        if len(obs["hand"]) >= 3 and discards and self._acted != key:
            self._acted = key
            return min(discards, key=lambda a: VALUE[a.card])
        return next(a for a in acts if a.kind == "end")


class Raider(Builder):
    """Besieges the leader whenever it can and plays its spies at once."""

    name = "raider"

    def first(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> GarrisonAction | None:
        me = obs["seat"]
        keeps = obs["keeps"]
        fends = [a for a in acts if a.kind == "fend"]
        if fends:
            return max(fends, key=lambda a: VALUE[a.other])
        spies = [a for a in acts if a.spy]
        rivals = [s for s in range(len(keeps)) if s != me]
        leader = max(rivals, key=lambda s: keeps[s]["value"])
        for a in spies:
            if a.kind == "agitate" and a.target == me:
                return a
        smuggles = [a for a in spies if a.kind == "smuggle" and a.target < 0]
        if smuggles:
            return max(smuggles, key=lambda a: VALUE[a.card])
        theirs = _keep(obs, leader)
        seduces = [a for a in spies if a.kind == "seduce" and a.card in theirs]
        if seduces:
            return max(seduces, key=lambda a: VALUE[a.card])
        for a in spies:
            if a.kind == "thug":
                return a
        sieges = [a for a in acts if a.kind == "besiege"]
        if sieges:
            mine = [a for a in sieges if a.target == leader]
            pool = mine or sieges
            return max(pool, key=lambda a: (len(a.pay), keeps[a.target]["value"]))
        return None


class Guard(Builder):
    """Never attacks; keeps spades to fend off and Aces for emergencies."""

    name = "guard"

    def first(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> GarrisonAction | None:
        fends = [a for a in acts if a.kind == "fend"]
        if fends:
            return min(fends, key=lambda a: (VALUE[a.card], -VALUE[a.other]))
        return None

    def trade(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> GarrisonAction | None:
        hand = [_CARD[c] for c in obs["hand"]]
        spades = [c for c in hand if _suit(c) == SPADE]
        if len(spades) <= 2:  # keep the spades: they are its defence
            acts = [a for a in acts if a.kind not in ("trade", "discard") or _suit(a.card) != SPADE]
        return super().trade(obs, acts)

    def react(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> Action:
        me = obs["seat"]
        item = obs["chain"][-1]
        keep = obs["keeps"][me]
        for a in acts:
            if a.kind == "agitate" and a.target == me and _siege(obs, me) > keep["value"]:
                return a
            if a.kind == "thug" and a.target == 0 and item["kind"] == "joker":
                return a
        if item["kind"] == "action" and item["by"] != me:
            words = item["what"].split()
            if words[0] in ("upgrade", "rebuild") and len(words) > 1:
                rival = item["by"]
                gain = VALUE[_CARD[words[1].upper()]]
                if obs["keeps"][rival]["value"] + gain >= obs["target"]:
                    theirs = _keep(obs, rival)
                    seduces = [a for a in acts if a.kind == "seduce" and a.card in theirs]
                    if seduces:
                        return max(seduces, key=lambda a: VALUE[a.card])
        return next(a for a in acts if a.kind == "pass")


def _keep(obs: Mapping[str, Any], seat: int) -> set[int]:
    k = obs["keeps"][seat]
    return {_CARD[c] for c in k["court"]} | {_CARD[c] for c in k["garrison"]}


BOTS: dict[str, type[Bot]] = {
    "builder": Builder,
    "raider": Raider,
    "guard": Guard,
    "normal-v1": PreviousNormal,
}
