"""The ``normal`` Garrison player: keeps, sieges, spies and the Joker, weighed.

On its turn it scores each legal move in keep points and makes the best one,
ending the turn when no move beats that; a move reaching the target is made at
once. It keeps no memory between decisions: the same observation always gets
the same move.

- **Building**: the hand is worth what it will be at the end of the turn: its
  cards held (below), or better, the best upgrade it can pay for now (the card's
  points) with the rest held; so a trade that brings the heart, club or diamond
  completing an upgrade is worth the upgrade, and ending the turn with an
  upgrade in hand gives it up. Two diamonds are named so that the lower lands
  on top of the discard pile, the worse card for the next player to trade for
  (GAR-17). A club is not added to a keep about to fall (it would be
  discarded). A fallen keep is rebuilt with the least useful card.
- **Trading**: cards held are valued card by card (hearts and clubs as future
  keep value, diamonds as payment, spades as levies and, when besieged,
  defence, each Ace as its spy, every card short of three as a fresh draw); a
  trade with the market or the discard top is made when it raises the hand's
  worth enough. A card worth less than a fresh draw is discarded, to draw a
  better one.
- **Sieges**: a rival's keep is besieged when the levies topple it this turn
  (the fewest spades that do), or add to a siege worth pressing, weighed by how
  close that rival is to winning and how much it would lose. Besiegers of its
  own keep are fended off (its least useful spade against their biggest) as the
  danger of a fall grows.
- **Spies**: each Ace is held for its window. The Agitator saves its keep in
  the window of the turn's end (GAR-18), once every levy is in; the Seducer
  answers a rival's winning move or strips a rival close to the target; the
  Smuggler takes the best heart or club of the discard pile into its keep (at
  once when that wins, in any window), or a spade into a toppling siege; the
  Thug cancels a Joker, Seducer or Smuggler that hurts it more than it helps.
- **The Joker**: held as a weapon. It is fired (traded for the best market
  card, so that its holder's hand is worth the most, or discarded) when the
  keeps it is likely to fell, each weighed like a siege's prize, are worth more
  than keeping it; while it waits, higher cards are worth more in hand.

Every weight is in ``WEIGHTS``, tuned by self-play: see ``courtly.bots.tune``.
It reads only its observation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from courtly import cards
from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.games.garrison.actions import GarrisonAction
from courtly.games.garrison.options import VALUE

_CARD = {cards.code(c): c for c in range(54)}
CLUB, DIAMOND, HEART, SPADE = range(4)
MEAN_CARD = 95 / 13
"""The mean value of a card of the deck (an Ace 11, a face card 10)."""
SD_CARD = 2.9
"""About the spread of a card's value around that mean."""
WIN = 1000.0
"""What reaching the target is worth."""

WEIGHTS: dict[str, float] = {
    "up": 1.0,  # an upgrade, per point added to the keep
    "heart": 0.434,  # in hand: a heart, per point
    "heart_down": 0.1,  # in hand: a heart while the keep has fully fallen
    "club": 0.32,  # in hand: a club, per point, the keep standing
    "club_down": 0.159,  # in hand: a club, the keep fallen or partly rebuilt
    "diamond": 0.436,  # in hand: a diamond, per point
    "diamond0": 0.515,  # in hand: a diamond, whatever its value
    "spade0": 1.017,  # in hand: a spade, whatever its value
    "spade": 0.323,  # in hand: a spade, per point
    "spade_def": 2.531,  # in hand: a spade while its keep is besieged
    "ace_ac": 5.352,  # in hand: the Thug
    "ace_ad": 11.686,  # in hand: the Smuggler
    "ace_ah": 8.488,  # in hand: the Seducer
    "ace_as": 2.671,  # in hand: the Agitator
    "joker": 3.199,  # in hand: the Joker, held as a weapon
    "boost": 0.073,  # in hand: each point of the other cards while it holds the Joker
    "draw": 2.941,  # what a fresh card drawn at the end of the turn is worth
    "trade_min": 0.443,  # the least gain for which it trades
    "rebuild": 0.755,  # a heart rebuilt, per point
    "flip": 0.313,  # what a face-down heart costs its owner, per point of it
    "refit": 1.931,  # ... and whatever its value (the card that rebuilds it)
    "topple": 0.331,  # a rival's keep toppled, per point of its loss and of threat
    "partial": 0.171,  # a siege that does not yet topple, per share of the way there
    "threat0": 0.379,  # a rival's threat: base
    "threat_p": 0.412,  # ... and per square of its share of the target
    "threat_lead": 0.819,  # ... and for the rival with the highest keep
    "threat_near": 1.245,  # ... and when one upgrade could win it the game
    "danger_k": 0.123,  # how sharply the danger of a fall grows with the siege
    "danger_add": 6.559,  # the levies rivals are expected to add before its next turn
    "seduce": 0.874,  # a rival's keep card seduced, per point and threat
    "smuggle": 1.416,  # a card smuggled into its keep, per point
    "hit": 0.92,  # the Joker's disaster, per point of a rival's loss and threat
    "cancel": 1.071,  # a Thug's cancel, per point it saves
    "gift": 0.029,  # a card left on the discard top, per point a rival may take
}
"""The tuned weights, obtained by self-play with ``python -m courtly.bots.tune
garrison --generations 20 --pairs 6 --games 30 --seed 17`` (an evolution
strategy from the hand-set ``SPECS["garrison"].start``, each candidate playing
300 four-seat games a generation on fixed seeds, one against three and three
against one of the starting weights, ``normal-v1``, ``builder``, ``raider`` and
``guard``, seats rotated): fitness on fresh seeds +0.427 at the start, +0.518
tuned."""


ACE_WEIGHTS = ("ace_ac", "ace_ad", "ace_ah", "ace_as")
STATUSES = ("standing", "partly rebuilt", "fallen")


def _sig(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def card_worth(w: Mapping[str, float], c: int, status: str, besieged: bool) -> float:
    """What card ``c`` is worth in hand to a keep of ``status``."""
    if c >= 52:
        return w["joker"]
    if c < 4:
        return w[ACE_WEIGHTS[c]]
    s = c & 3
    v = VALUE[c]
    if s == HEART:
        return v * (w["heart"] if status != "fallen" else w["heart_down"])
    if s == CLUB:
        return v * (w["club"] if status == "standing" else w["club_down"])
    if s == DIAMOND:
        return w["diamond0"] + v * w["diamond"]
    return w["spade0"] + v * w["spade"] + (w["spade_def"] if besieged else 0.0)


class _Table:
    """What the bot makes of the table for one decision."""

    __slots__ = (
        "_loss",
        "_threat",
        "add_club",
        "add_heart",
        "danger_now",
        "hand",
        "me",
        "n",
        "obs",
        "owner",
        "siege",
        "target",
        "u",
        "value",
        "weights",
    )

    def __init__(
        self, obs: Mapping[str, Any], w: Mapping[str, float], utils: Mapping[Any, list[float]]
    ) -> None:
        card = _CARD
        self.obs = obs
        self.weights = w
        me = self.me = obs["seat"]
        self.n = obs["players"]
        self.target = obs["target"]
        keeps = obs["keeps"]
        self.hand = [card[c] for c in obs["hand"]]
        value = self.value = [k["value"] for k in keeps]
        self.siege = [
            sum(VALUE[card[c]] for c in k["besiegers"]) if k["besiegers"] else 0 for k in keeps
        ]
        status = keeps[me]["status"]
        self.add_heart = status != "fallen"
        self.add_club = status == "standing"
        self.u = utils[status, self.siege[me] > 0]
        self._loss: list[float] | None = None
        self._threat: list[float] | None = None
        self.owner: dict[int, int] | None = None
        self.danger_now = self.danger(self.siege[me], value[me])

    @property
    def loss(self) -> list[float]:
        """What a fall costs each keep: its clubs, and its hearts face down (the
        time they stay so, and a card each to rebuild them)."""
        if self._loss is None:
            w = self.weights
            flip, refit = w["flip"], w["refit"]
            card = _CARD
            self._loss = [
                g + (v - g) * flip + refit * len(k["court"])
                for k, v in zip(self.obs["keeps"], self.value, strict=True)
                for g in (sum(VALUE[card[c]] for c in k["garrison"]),)
            ]
        return self._loss

    @property
    def threat(self) -> list[float]:
        """How much each rival's keep matters: how close it is to the target, and
        whether it leads."""
        if self._threat is None:
            w = self.weights
            me, value, target = self.me, self.value, self.target
            lead = max((value[s] for s in range(self.n) if s != me), default=0)
            threat = [0.0] * self.n
            t0, tp, tl, tn = w["threat0"], w["threat_p"], w["threat_lead"], w["threat_near"]
            for s in range(self.n):
                if s != me:
                    p = value[s] / target
                    threat[s] = (
                        t0
                        + tp * p * p
                        + (tl if value[s] == lead else 0.0)
                        + (tn if value[s] >= target - 11 else 0.0)
                    )
            self._threat = threat
        return self._threat

    # -- the keep's safety ----------------------------------------------------------
    def danger(self, siege: int, value: int) -> float:
        """The expected loss from a fall of its own keep before its next turn."""
        if not siege:
            return 0.0
        w = self.weights
        return self.loss[self.me] * _sig(w["danger_k"] * (siege + w["danger_add"] - value))

    # -- cards in hand ----------------------------------------------------------------
    def up_gain(self, c: int) -> float:
        """What adding heart or club ``c`` to its keep is worth now: its points, none
        of a club's (and a heart's only as face down) if the keep falls at the end
        of the turn all the same; reaching the target wins."""
        v = VALUE[c]
        value = self.value[self.me]
        if value + v >= self.target:
            return WIN
        w = self.weights
        if self.siege[self.me] > value + v:
            return 0.0 if c & 3 == CLUB else v * w["up"] * (1.0 - w["flip"])
        return v * w["up"]

    def held(self, hand: Sequence[int]) -> float:
        """The hand kept to the end of the turn: card by card, (holding the Joker)
        how high it is, and the cards the end of the turn will draw."""
        u = self.u
        out = self.weights["draw"] * (3 - len(hand))
        joker = False
        for c in hand:
            out += u[c]
            if c >= 52:
                joker = True
        if joker:
            out += self.weights["boost"] * sum(VALUE[c] for c in hand)
        return out

    def hand_worth(self, hand: Sequence[int]) -> float:
        """The hand as ``held``, or better: what an upgrade it can pay for this turn
        adds, with what is left of the hand held."""
        out = self.held(hand)
        diamonds = [c for c in hand if c < 52 and c & 3 == DIAMOND]
        if not diamonds:
            return out
        keepable = [
            c
            for c in hand
            if c < 52 and ((c & 3 == HEART and self.add_heart) or (c & 3 == CLUB and self.add_club))
        ]
        if not keepable:
            return out
        best = out
        pays: list[tuple[int, ...]] = [(d,) for d in diamonds]
        if len(diamonds) > 1:
            pays.append((diamonds[0], diamonds[1]))
        for c in keepable:
            v = VALUE[c]
            gain = self.up_gain(c)
            for pay in pays:
                if sum(VALUE[d] for d in pay) >= v:
                    left = [x for x in hand if x != c and x not in pay]
                    best = max(best, gain + self.held(left))
        return best

    # -- the Joker ---------------------------------------------------------------------
    def disaster(self, bar: int, trigger: int) -> float:
        """What a disaster fired by ``trigger`` holding a hand worth ``bar`` is worth
        to this seat, counting only the keeps it fells: each keep whose hand is
        not worth more than ``bar`` (a rival's hand guessed from what is known of
        it)."""
        obs = self.obs
        me = self.me
        out = 0.0
        sizes = obs["hand_sizes"]
        known = obs["known_in_hand"]
        for s in range(self.n):
            if s == trigger or self.loss[s] <= 0:
                continue
            if s == me:
                if sum(VALUE[c] for c in self.hand) <= bar:
                    out -= self.loss[me]
                continue
            sure = 0
            for code in known[s]:
                sure += VALUE[_CARD[code]]
            unknown = sizes[s] - len(known[s])
            if unknown <= 0:
                fell = 1.0 if sure <= bar else 0.0
            else:
                z = (bar + 0.5 - sure - MEAN_CARD * unknown) / (SD_CARD * math.sqrt(unknown))
                fell = _sig(1.7 * z)
            out += fell * self.loss[s] * self.threat[s] * self.weights["hit"]
        if trigger == me and obs["options"].get("joker_hits_trigger"):
            out -= self.loss[me]
        return out

    # -- sieges ------------------------------------------------------------------------
    def siege_worth(self, t: int, extra: int) -> float:
        """Sending levies worth ``extra`` against rival ``t``."""
        w = self.weights
        after = self.siege[t] + extra
        value = self.value[t]
        if after > value:
            return w["topple"] * self.loss[t] * self.threat[t]
        return w["partial"] * self.threat[t] * self.loss[t] * after / (value + 1)

    def owner_of(self, c: int) -> int:
        """The seat whose keep holds card ``c`` (-1: none)."""
        if self.owner is None:
            own: dict[int, int] = {}
            for s, k in enumerate(self.obs["keeps"]):
                for zone in ("court", "fallen", "garrison"):
                    for code in k[zone]:
                        own[_CARD[code]] = s
            self.owner = own
        return self.owner.get(c, -1)


def _gain_of(what: str) -> int:
    """The keep value a declared move or spy adds to its mover's keep."""
    words = what.split()
    if len(words) >= 2 and words[0] in ("upgrade", "rebuild", "smuggle"):
        if words[0] == "smuggle" and len(words) > 2:
            return 0  # a spade into a siege
        c = _CARD.get(words[1].upper(), -1)
        if c >= 0 and c & 3 in (HEART, CLUB):
            return VALUE[c]
    return 0


def _face_up(obs: Mapping[str, Any], s: int) -> set[int]:
    k = obs["keeps"][s]
    return {_CARD[c] for c in k["court"]} | {_CARD[c] for c in k["garrison"]}


class Greedy(Bot):
    name: ClassVar[str] = "greedy"

    def __init__(self, game: Any, weights: Mapping[str, float] | None = None) -> None:
        super().__init__(game)
        w = dict(WEIGHTS)
        if weights is not None:
            unknown = set(weights) - set(WEIGHTS)
            if unknown:
                raise ValueError(f"unknown weights {sorted(unknown)}; known: {sorted(WEIGHTS)}")
            w.update(weights)
        self.weights = w
        self._utils = {
            (status, besieged): [card_worth(w, c, status, besieged) for c in range(54)]
            for status in STATUSES
            for besieged in (False, True)
        }

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        if len(legal) == 1:
            return legal[0]
        acts = cast("Sequence[GarrisonAction]", legal)
        if observation["decision"] == "reaction":
            return self._react(observation, acts)
        return self._turn(observation, acts)

    # -- reaction windows ---------------------------------------------------------------
    def _react(self, obs: Mapping[str, Any], acts: Sequence[GarrisonAction]) -> Action:
        me = obs["seat"]
        keeps = obs["keeps"]
        value = keeps[me]["value"]
        item = obs["chain"][-1]
        by = item["by"]
        kind = item["kind"]
        what = item["what"]
        target = obs["target"]
        mine = kind == "action" and what == "end" and by != me  # a rival's end of turn
        gain = _gain_of(what) if by != me and kind in ("action", "spy") else 0
        wins = gain > 0 and keeps[by]["value"] + gain >= target  # a rival's winning move
        t: _Table | None = None
        best: GarrisonAction = acts[0]  # pass
        best_score = 0.0
        for a in acts:
            k = a.kind
            score = 0.0
            if k == "smuggle":
                if a.target < 0 and value + VALUE[a.card] >= target:
                    return a  # it wins at once, out of turn (GAR-10)
                continue
            if k == "agitate":
                # Only once every levy is in: the window of a rival's end of turn.
                if not (mine and a.target == me and keeps[me]["besiegers"]):
                    continue
                t = t or _Table(obs, self.weights, self._utils)
                if t.siege[me] > value:
                    score = t.loss[me] - t.u[3]
            elif k == "thug":
                if a.target != 0 or by == me:
                    continue
                t = t or _Table(obs, self.weights, self._utils)
                score = self._cancel_worth(t, item, by) - t.u[0]
            elif k == "seduce":
                if not wins:
                    continue
                up = _face_up(obs, by)
                if a.card not in up:
                    continue
                if keeps[by]["value"] + gain - VALUE[a.card] < target:
                    score = 100.0 + VALUE[a.card]
            if score > best_score:
                best, best_score = a, score
        return best

    def _cancel_worth(self, t: _Table, item: Mapping[str, Any], by: int) -> float:
        """What the Thug saves by cancelling the spy or Joker whose window is open."""
        me = t.me
        w = self.weights
        words = item["what"].split()
        if item["kind"] == "joker":
            # What the disaster would do to it, its hand against the trigger's
            # (the rivals' falls count for it, as its own fall against it).
            known = t.obs["known_in_hand"][by]
            unknown = t.obs["hand_sizes"][by] - len(known)
            guess = sum(VALUE[_CARD[c]] for c in known) + round(MEAN_CARD * unknown)
            return -w["cancel"] * t.disaster(guess, by)
        if item["kind"] != "spy":
            return 0.0
        if words[0] == "seduce":
            c = _CARD.get(words[1].upper(), -1)
            if c >= 0 and t.owner_of(c) == me:
                return w["cancel"] * VALUE[c]
        elif words[0] == "smuggle":
            gain = _gain_of(item["what"])
            if gain and t.value[by] + gain >= t.target:
                return 100.0  # a rival's winning smuggle
            if len(words) > 2 and words[-1].upper() == f"P{me}":
                c = _CARD.get(words[1].upper(), -1)
                if c >= 0 and t.siege[me] + VALUE[c] > t.value[me]:
                    return w["cancel"] * t.loss[me]
        elif words[0] == "agitate":
            s = int(words[1][1:])
            if s != me and t.siege[s] > t.value[s]:
                return w["cancel"] * t.loss[s] * t.threat[s]
        return 0.0

    # -- the turn --------------------------------------------------------------------
    def _turn(self, obs: Mapping[str, Any], acts: Sequence[GarrisonAction]) -> Action:
        t = _Table(obs, self.weights, self._utils)
        w = self.weights
        me = t.me
        hand = t.hand
        target = t.target
        value = t.value[me]
        siege = t.siege[me]
        draw = w["draw"]
        # The hand as it is: held to the end of the turn, or making the best upgrade
        # it can pay for (ending the turn now gives that up).
        now = t.hand_worth(hand)
        joker = -1
        for c in hand:
            if c >= 52:
                joker = c
        bit = {c: 1 << i for i, c in enumerate(hand)}
        seen: dict[int, float] = {}

        def after(gone: tuple[int, ...], taken: int = -1) -> float:
            """The hand once ``gone`` have left it (and ``taken`` joined it), less now."""
            mask = 0
            for c in gone:
                mask |= bit[c]
            key = mask + 8 * (taken + 1)
            out = seen.get(key)
            if out is None:
                new = [c for c in hand if not bit[c] & mask]
                if taken >= 0:
                    new.append(taken)
                out = seen[key] = t.hand_worth(new) - now
            return out

        fired: list[float] = []

        def fire(left: list[int]) -> float:
            """Firing its Joker with ``left`` in hand: the disaster, the sieges it
            clears, and a fresh hand for this one."""
            if not fired:
                base = t.danger_now - now + 3 * draw
                for s in range(t.n):
                    if s != me and t.siege[s]:
                        base -= t.siege_worth(s, 0)
                fired.append(base)
            return fired[0] + t.disaster(sum(VALUE[c] for c in left), me)

        trade_min, gift, flip = w["trade_min"], w["gift"], w["flip"]
        danger_now = t.danger_now
        best: GarrisonAction | None = None
        best_score = t.held(hand) - now + 1e-6  # ending the turn
        cycle: GarrisonAction | None = None
        cycle_score = -math.inf
        for a in acts:
            k = a.kind
            if k == "trade":
                if a.card == joker:
                    score = fire([c for c in hand if c != joker] + [a.other])
                else:
                    score = after((a.card,), a.other) - trade_min - gift * VALUE[a.card]
                    if score <= 0.0:
                        # Only a trade that makes the hand better: trades cannot
                        # go round in a circle within the turn.
                        continue
            elif k == "besiege":
                extra = 0
                for c in a.pay:
                    extra += VALUE[c]
                score = t.siege_worth(a.target, extra) + after(a.pay)
            elif k == "discard":
                if a.card == joker:
                    score = fire([c for c in hand if c != joker])
                else:
                    score = after((a.card,)) - gift * VALUE[a.card]
                    if score > cycle_score:
                        cycle, cycle_score = a, score
            elif k == "upgrade":
                v = VALUE[a.card]
                if value + v >= target:
                    return a
                score = t.up_gain(a.card) + after((a.card, *a.pay))
                if siege and siege <= value + v:
                    score += danger_now - t.danger(siege, value + v)
                score -= 0.001 * VALUE[a.pay[-1]]  # GAR-17: the lower diamond on top
            elif k == "rebuild":
                v = VALUE[a.other]
                if value + v >= target:
                    return a
                if a.card == joker:
                    score = v * w["rebuild"] + fire([c for c in hand if c != joker])
                else:
                    score = v * w["rebuild"] + after((a.card,))
            elif k == "fend":
                score = danger_now - t.danger(siege - VALUE[a.other], value) + after((a.card,))
            elif k == "smuggle":
                c = a.card
                if a.target < 0:
                    if value + VALUE[c] >= target:
                        return a
                    score = VALUE[c] * w["smuggle"] + after((1,))
                else:
                    score = t.siege_worth(a.target, VALUE[c]) + after((1,))
            elif k == "agitate":
                if a.target != me:
                    continue
                score = danger_now + after((3,))
            elif k == "seduce":
                s = t.owner_of(a.card)
                if s < 0 or s == me:
                    continue
                worth = VALUE[a.card] * (1.0 if a.card in _face_up(obs, s) else flip)
                score = w["seduce"] * worth * t.threat[s] + after((2,))
            else:  # end; thug market: not worth an Ace on its own turn
                continue
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        if cycle is not None and len(hand) >= 3:
            # A full hand that does nothing draws nothing: two careful players
            # could sit on the same cards for ever. The card it least minds
            # losing goes, to draw anew.
            return cycle
        return next(a for a in acts if a.kind == "end")
