"""The first ``normal`` Garrison player (``normal-v1``), kept as it was so that
its successor can be measured against it.

On its turn, in this order: takes any move that wins at once; defends a keep
that would fall at the end of the turn (fends off the biggest besieger, or
sends the Agitator); upgrades with the most valuable heart or club it can pay
for; rebuilds a fallen keep with its least useful card; besieges the leader
when its spades (with the spades already there) topple that keep; trades its
least useful card for a clearly better market or discard card; with a full
hand and nothing better to do, discards its least useful card once a turn, so
that the end-of-turn draw brings a new one (otherwise two careful players can
hold the same three cards forever); then ends.

It keeps one Ace for defence: Aces are spent as ordinary cards only to win or
when it holds two. In a reaction window it sends the Agitator to save its own
keep, the Seducer against a rival's winning move, and the Thug against a
Joker that would likely fell its keep; otherwise it passes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly import cards
from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.games.garrison.actions import GarrisonAction
from courtly.games.garrison.options import VALUE

_CARD = {cards.code(c): c for c in range(54)}


def _cards(codes: Sequence[str]) -> list[int]:
    return [_CARD[c] for c in codes]


MAX_MOVES = 25


class PreviousNormal(Bot):
    name = "normal-v1"

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._key: tuple[int, int] = (-1, -1)
        self._moves = 0
        self._cycled: tuple[int, int] = (-1, -1)

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        acts = [a for a in legal if isinstance(a, GarrisonAction)]
        if observation["decision"] == "reaction":
            return self._react(observation, acts)
        key = (observation["seat"], observation["turn"])
        self._moves = self._moves + 1 if key == self._key else 0
        self._key = key
        if self._moves > MAX_MOVES:  # a safety net: never loop within a turn
            return next(a for a in acts if a.kind == "end")
        return self._turn(observation, acts)

    # -- helpers --------------------------------------------------------------
    @staticmethod
    def _threatened(obs: Mapping[str, Any], seat: int) -> bool:
        k = obs["keeps"][seat]
        return bool(k["besiegers"]) and sum(VALUE[_CARD[c]] for c in k["besiegers"]) > k["value"]

    @staticmethod
    def _utility(obs: Mapping[str, Any], c: int) -> float:
        me = obs["seat"]
        keep = obs["keeps"][me]
        if c >= 52:
            return 0.0
        if c < 4:
            return 20.0  # a spy
        s = c & 3
        v = VALUE[c]
        if s == cards.HEARTS:
            return v + (5 if keep["status"] != "fallen" else 1)
        if s == cards.CLUBS:
            return v + (3 if keep["status"] == "standing" else -3)
        if s == cards.DIAMONDS:
            return v * 0.9
        return v * 0.5 + (4 if keep["besiegers"] else 0)

    # -- reaction windows ---------------------------------------------------------
    def _react(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> Action:
        me = obs["seat"]
        by_kind: dict[str, list[GarrisonAction]] = {}
        for a in acts:
            by_kind.setdefault(a.kind, []).append(a)
        item = obs["chain"][-1]
        for a in by_kind.get("agitate", ()):
            if a.target == me and self._threatened(obs, me):
                return a
        if item["kind"] == "joker" and item["by"] != me:
            keep = obs["keeps"][me]
            hand = sum(VALUE[c] for c in _cards(obs["hand"]))
            if keep["value"] >= 8 and hand <= 14:
                for a in by_kind.get("thug", ()):
                    if a.target == 0:
                        return a
        if item["kind"] == "action" and item["by"] != me and item["what"] != "void":
            rival = item["by"]
            what = item["what"].split()
            gain = 0
            if what[0] in ("upgrade", "rebuild"):
                gain = VALUE[_CARD[what[1].upper()]]
            if gain and obs["keeps"][rival]["value"] + gain >= obs["target"]:
                rival_keep = obs["keeps"][rival]
                mine = set(rival_keep["court"]) | set(rival_keep["garrison"])
                best = [a for a in by_kind.get("seduce", ()) if cards.code(a.card) in mine]
                if best:
                    return max(best, key=lambda a: VALUE[a.card])
        return by_kind["pass"][0]

    # -- the turn ---------------------------------------------------------------
    def _turn(self, obs: Mapping[str, Any], acts: list[GarrisonAction]) -> Action:
        me = obs["seat"]
        keeps = obs["keeps"]
        target = obs["target"]
        value = keeps[me]["value"]
        hand = _cards(obs["hand"])
        aces = sum(1 for c in hand if c < 4)

        def spends_ace(a: GarrisonAction) -> bool:
            spent = [a.card, *a.pay] if a.kind != "besiege" else list(a.pay)
            return aces < 2 and any(0 <= c < 4 for c in spent)

        groups: dict[str, list[GarrisonAction]] = {}
        for a in acts:
            groups.setdefault(a.kind, []).append(a)
        # 1. win at once
        for a in groups.get("upgrade", []):
            if value + VALUE[a.card] >= target:
                return a
        for a in groups.get("rebuild", []):
            if value + VALUE[a.other] >= target:
                return a
        # 2. defend a keep that would fall
        if self._threatened(obs, me):
            fends = groups.get("fend", [])
            if fends:
                return max(fends, key=lambda a: (VALUE[a.other], -VALUE[a.card]))
            for a in groups.get("agitate", []):
                if a.target == me:
                    return a
        # 3. upgrade with the most valuable card, paying the least
        ups = [a for a in groups.get("upgrade", []) if not spends_ace(a)]
        if ups:
            return max(ups, key=lambda a: (VALUE[a.card], -sum(VALUE[d] for d in a.pay)))
        # 4. rebuild with the least useful card
        rebuilds = [a for a in groups.get("rebuild", []) if not spends_ace(a)]
        if rebuilds:
            return max(rebuilds, key=lambda a: (VALUE[a.other], -self._utility(obs, a.card)))
        # 5. topple the leader
        sieges = [a for a in groups.get("besiege", []) if not spends_ace(a)]
        if sieges:
            rivals = sorted(
                (s for s in range(len(keeps)) if s != me and keeps[s]["court"]),
                key=lambda s: -keeps[s]["value"],
            )
            for t in rivals[:1]:
                there = sum(VALUE[_CARD[c]] for c in keeps[t]["besiegers"])
                ok = [
                    a
                    for a in sieges
                    if a.target == t and there + sum(VALUE[c] for c in a.pay) > keeps[t]["value"]
                ]
                if ok:
                    return min(ok, key=lambda a: (len(a.pay), sum(VALUE[c] for c in a.pay)))
        # 6. trade up
        trades = [a for a in groups.get("trade", []) if not spends_ace(a)]
        if trades:
            best = max(
                trades,
                key=lambda a: self._utility(obs, a.other) - self._utility(obs, a.card),
            )
            if self._utility(obs, best.other) > self._utility(obs, best.card) + 2:
                return best
        # 7. cycle a card: a full hand that does nothing draws nothing
        key = (me, obs["turn"])
        discards = [a for a in groups.get("discard", []) if not spends_ace(a)]
        if len(hand) >= 3 and discards and self._cycled != key:
            self._cycled = key
            return min(discards, key=lambda a: self._utility(obs, a.card))
        return groups["end"][0]
