"""The Crown Rivals heuristic (the ``normal`` level, and ``hard``'s rollouts).

Every card in hand ends the turn either played for its ability or cashed for
currency, so a turn is a split of the hand: the bot weighs the splits (which
cards to cash, the rest played, each diamond on the card it raises most) by
what the turn would do, in points of Influence, and follows the best one. It
plans afresh at each step of the turn, so a card drawn or a market slot
refilled is taken into account. It plays the cards first, then clears
spades, then cashes and buys, and claims every bonus as it comes.

**What a split is worth.**

* *Attack*: the Club damage (pooled with this turn's) is spent on the
  opposing spades first (CRR-6); what gets through counts ``dmg`` a point,
  the spades cleared ``clear`` a point (their wall is gone for next turn),
  and damage that brings the opponent to 0 wins.
* *Heal*: ``heal`` a point, and reaching 100 wins.
* *Defend*: spades stay in play as a wall the opponent's clubs must clear
  before they hurt. A wall is worth ``wall`` a point up to ``cap`` times the
  Club damage the opponent's cards deal in an average hand, ``wall_more`` a
  point beyond.
* *Danger and pressure*: ``danger`` a point by which the opponent's average
  hand would bring me to 0 through my wall, or them to 100, after the turn;
  ``press`` a point by which mine would do the same to them.
* *Bonuses* earned by odd or even pairs (CRR-5): the opponent's discard
  (``bonus_c``), a card drawn (``bonus_h`` of my mean card), an opposing
  spade removed (the biggest, as cleared), a card trashed (``bonus_d``).
* *Buying*: the cashed cards' currency (a Jack with an Ace 22, CRR-3) buys the
  one or two market cards worth most in all. A card's worth is its value
  times its suit's weight (``m_c``, ``m_d``, ``m_h``, ``m_s``); buying it adds
  ``deck`` times five cards a hand times (its worth less the mean worth of my
  cards) over the number of my cards, scaled by the game still to play: the
  turns either side needs on average to win (through the walls, or by
  healing to 100), out of twelve. So it builds its deck early and while no
  one can get through, and stops when the race is on. A split that cashes a
  card without buying better than keeping it is passed over.

**The rest.** A Jack trashes the market card the opponent would most like
when it costs ``jack`` or more and the bot cannot buy it this turn; the
Diamonds bonus trashes the card whose going improves the deck most (an Ace
or a 2), from the discard pile or the hand; asked to discard, it gives up its
least worth card.

The weights (``WEIGHTS``) were tuned by self-play, not guessed: see
``courtly.bots.tune``. The bot reads only its observation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, cast

from courtly.bots.base import Bot
from courtly.bots.greedy.crown_rivals_view import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    View,
    best_offer,
    most_cleared,
    price_list,
)
from courtly.engine.actions import Action
from courtly.engine.game import Game
from courtly.games.crown_rivals.actions import VALUES, CrownAction, boosted

WIN = 10_000.0

WEIGHTS: dict[str, float] = {
    "dmg": 0.549,
    "heal": 0.443,
    "clear": 0.891,
    "wall": 1.398,
    "wall_more": 0.164,
    "cap": 2.065,
    "danger": 0.638,
    "press": 0.263,
    "bonus_c": 2.238,
    "bonus_h": 1.317,
    "bonus_d": 1.635,
    "deck": 7.751,
    "m_c": 1.281,
    "m_d": 0.755,
    "m_h": 1.508,
    "m_s": 0.506,
    "jack": 6.793,
}
"""The tuned weights, obtained by self-play with ``python -m courtly.bots.tune
crown-rivals --generations 12 --pairs 5 --games 30 --seed 17`` (an evolution
strategy from the hand-set ``SPECS["crown-rivals"].start``, each candidate
playing 240 games on fixed seeds against the starting weights, ``big-money``
and ``normal-v1``): fitness on fresh seeds +0.662 at the start, +0.814 tuned."""


class Greedy(Bot):
    name: ClassVar[str] = "greedy"

    def __init__(self, game: Game, weights: Mapping[str, float] | None = None) -> None:
        super().__init__(game)
        w = dict(WEIGHTS)
        if weights is not None:
            unknown = set(weights) - set(WEIGHTS)
            if unknown:
                raise ValueError(f"unknown weights {sorted(unknown)}; known: {sorted(WEIGHTS)}")
            w.update(weights)
        self.weights = w
        self._suit = (w["m_c"], w["m_d"], w["m_h"], w["m_s"])
        # How much a point of boost is worth on a club, a heart and a spade.
        self._boost_w = (w["dmg"], 0.0, w["heal"], w["wall"])
        self._w = (
            w["dmg"],
            w["clear"],
            w["heal"],
            w["wall"],
            w["wall_more"],
            w["press"],
            w["danger"],
            w["bonus_c"],
            w["bonus_d"],
        )

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        obs = observation
        by_kind: dict[str, list[CrownAction]] = {}
        for a in cast(Sequence[CrownAction], legal):  # this game's actions only
            got = by_kind.get(a.kind)
            if got is None:
                by_kind[a.kind] = [a]
            else:
                got.append(a)
        decision = obs["decision"]
        if decision == "discard":
            values = VALUES[obs["options"]["jack_value"]]
            suit_w = self._suit
            return min(
                by_kind["discard"], key=lambda a: (values[a.card] * suit_w[a.card & 3], a.card)
            )
        if decision == "turn" and not obs["hand"] and not obs["currency"]:
            # Nothing in hand and nothing to spend: clear what the pool can, then end.
            if "clear" in by_kind or "bonus" in by_kind:
                view = View(obs, self.weights, self._suit)
                bonus = self._bonus(view, by_kind.get("bonus", []))
                if bonus is not None:
                    return bonus
                clear = self._clear(view, by_kind.get("clear", []))
                if clear is not None:
                    return clear
            return by_kind["end"][0]
        view = View(obs, self.weights, self._suit)
        if decision == "jack_trash":
            return self._jack(view, by_kind)
        return self._turn(view, by_kind)

    # -- a Jack's trash (CRR-7) ----------------------------------------------------
    def _jack(self, view: View, by_kind: dict[str, list[CrownAction]]) -> Action:
        reach = view.currency + view.cash_value(view.hand)
        best, worth = None, self.weights["jack"]
        for a in by_kind.get("trash", []):
            v = view.values[a.card]
            if v <= reach and view.buy_worth(a.card) > 0:
                continue  # I may buy it myself
            if v >= worth:
                best, worth = a, float(v)
        return best if best is not None else by_kind["pass"][0]

    # -- the turn -----------------------------------------------------------------------
    def _turn(self, view: View, by_kind: dict[str, list[CrownAction]]) -> Action:
        bonus = self._bonus(view, by_kind.get("bonus", []))
        if bonus is not None:
            return bonus
        play, cash = self._plan(view)
        # Play the planned cards, the boosts first and the biggest first.
        if play:
            values = view.values
            best: CrownAction | None = None
            key = (-1, -1)
            for a in by_kind.get("play", []):
                if play.get(a.card, -2) == a.diamond:
                    k = (1 if a.diamond >= 0 else 0, values[a.card])
                    if k > key:
                        best, key = a, k
            if best is not None:
                return best
        clear = self._clear(view, by_kind.get("clear", []))
        if clear is not None:
            return clear
        if cash:
            for a in by_kind.get("cash", []):
                if a.card in cash:
                    return a
        buys = by_kind.get("buy")
        if buys:
            pick = best_offer(view.offers(), view.currency)[1]
            if pick:
                values = view.values
                first = max(pick, key=lambda c: (values[c], c))
                for a in buys:
                    if a.card == first:
                        return a
        return by_kind["end"][0]

    def _bonus(self, view: View, bonuses: list[CrownAction]) -> Action | None:
        if not bonuses:
            return None
        for a in bonuses:
            if a.suit in (CLUBS, HEARTS):
                return a
        spades = [a for a in bonuses if a.suit == SPADES]
        if spades:
            walls = view.opp_walls
            return max(spades, key=lambda a: (walls[a.card], a.card))
        best, gain = None, 0.0
        for a in bonuses:  # Diamonds: trash what improves the deck most
            g = view.trash_gain(a.card)
            if a.card in view.hand:
                g -= view.worth(a.card)
            if g > gain:
                best, gain = a, g
        return best

    def _clear(self, view: View, clears: list[CrownAction]) -> Action | None:
        """Clear opposing spades once every planned club is down: all of them
        when the pool gets through, else the set worth most that it covers."""
        if not clears:
            return None
        walls = view.opp_walls
        pool = view.pool
        if pool >= sum(walls.values()):
            return max(clears, key=lambda a: (walls[a.card], a.card))
        chosen = most_cleared(list(walls.items()), pool)[1]
        for a in sorted(clears, key=lambda a: (-walls[a.card], a.card)):
            if a.card in chosen:
                return a
        return None

    # -- the plan: which cards to cash, the rest played ------------------------------------
    def _plan(self, view: View) -> tuple[dict[int, int], set[int]]:
        """The best split of the hand: the cards to play (each with the diamond
        that boosts it, or -1) and the cards to cash. A split that cashes a
        card without buying better for it than the split keeping that card is
        passed over."""
        hand = view.hand
        n = len(hand)
        if not n:
            return {}, set()
        values = view.values
        price = price_list(view.offers())
        size = 1 << n
        # Currency by set of cashed cards (as a bit mask over the hand), Jack
        # and Ace pairs included (CRR-3), then the best buy it pays for.
        jacks, aces = view.jacks_aces
        paired = min(jacks, aces)
        base = view.currency
        got = [0.0] * size
        total = [base] * size
        pairs = (jacks or any(c >> 2 == 10 for c in hand)) and (
            aces or any(c >> 2 == 0 for c in hand)
        )
        if pairs:
            js = [jacks] * size
            aes = [aces] * size
        for mask in range(1, size):
            low = mask & -mask
            prev = mask ^ low
            c = hand[low.bit_length() - 1]
            money = total[mask] = total[prev] + values[c]
            if pairs:
                j = js[mask] = js[prev] + (c >> 2 == 10)
                a = aes[mask] = aes[prev] + (c >> 2 == 0)
                money += 10 * ((j if j < a else a) - paired)
            for cost, worth in price:
                if cost > money:
                    break
                got[mask] = worth
        if base:
            for cost, worth in price:
                if cost > base:
                    break
                got[0] = worth
        best_value = float("-inf")
        best_mask = 0
        best_assign: dict[int, int] = {}
        for mask in range(size):
            g = got[mask]
            if mask:
                if g <= 0.0:
                    continue
                m = mask
                while m:
                    low = m & -m
                    if got[mask ^ low] >= g:
                        break  # keeping that card buys as well
                    m ^= low
                if m:
                    continue
                rest = [hand[i] for i in range(n) if not mask >> i & 1]
            else:
                rest = hand
            assign, value = self._abilities(view, rest)
            value += g
            if value > best_value:
                best_value, best_mask, best_assign = value, mask, assign
        return best_assign, {hand[i] for i in range(n) if best_mask >> i & 1}

    def _abilities(self, view: View, rest: list[int]) -> tuple[dict[int, int], float]:
        """Play ``rest`` for their abilities: each diamond on the card it raises
        most; what the turn then does, in points of Influence."""
        values = view.values
        assign: dict[int, int] = {}
        diamonds = []
        for c in rest:
            if c & 3 == DIAMONDS:
                diamonds.append(c)
            else:
                assign[c] = -1
        odd = view.odd[:]
        even = view.even[:]
        damage = view.pool
        heal = wall = 0
        if diamonds:
            boost_w = self._boost_w
            if len(diamonds) > 1:
                diamonds.sort(key=lambda c: -values[c])
            targets = list(assign)
            for d in diamonds:
                dv = values[d]
                pick, gain = -1, 0.0
                for t in targets:
                    if assign[t] < 0:
                        tv = values[t]
                        g = (boosted(tv, dv) - tv) * boost_w[t & 3]
                        if g > gain:
                            pick, gain = t, g
                if pick >= 0:
                    assign[pick] = d
                    if view.boost_pairs:
                        if dv & 1:
                            odd[DIAMONDS] += 1
                        else:
                            even[DIAMONDS] += 1
                else:
                    assign[d] = -1
        for t, d in assign.items():
            v = values[t]
            if d >= 0:
                v = boosted(v, values[d])
            suit = t & 3
            if v & 1:
                odd[suit] += 1
            else:
                even[suit] += 1
            if suit == CLUBS:
                damage += v
            elif suit == HEARTS:
                heal += v
            elif suit == SPADES:
                wall += v
        had = view.earned
        walls = view.wall_values
        if walls:
            removals = odd[SPADES] // 2 + even[SPADES] // 2 - had[SPADES]
            if removals > 0:  # the Spades bonus removes the biggest spades for free
                walls = walls[: max(0, len(walls) - removals)]
            total_walls = sum(walls)
        else:
            total_walls = 0
        if damage >= total_walls:
            through = damage - total_walls
            cleared = total_walls
        elif damage:
            through = 0
            cleared = most_cleared(list(enumerate(walls)), damage)[0]
        else:
            through = cleared = 0
        opp_inf = view.opp_inf - through
        my_inf = view.my_inf + heal
        if opp_inf <= 0 or my_inf >= 100:
            return assign, WIN + through + heal
        w_dmg, w_clear, w_heal, w_wall, w_more, w_press, w_danger, w_c, w_d = self._w
        value = w_dmg * through + w_clear * cleared + w_heal * heal
        my_wall = view.my_wall
        if wall:
            cap = view.wall_cap
            new_wall = my_wall + wall
            value += w_wall * (min(new_wall, cap) - min(my_wall, cap))
            value += w_more * (max(new_wall, cap) - max(my_wall, cap))
            my_wall = new_wall
        # How close either side comes to winning on its next turn: by damage
        # through the walls, or by healing to 100.
        danger = view.opp_threat - my_inf - my_wall
        danger = danger if danger > 0 else 0.0
        race = opp_inf + view.opp_heal - 100
        danger += race if race > 0 else 0.0
        press = view.my_threat - opp_inf - total_walls + cleared
        press = press if press > 0 else 0.0
        race = my_inf + view.my_heal - 100
        press += race if race > 0 else 0.0
        value += w_press * press - w_danger * danger
        value += (odd[CLUBS] // 2 + even[CLUBS] // 2 - had[CLUBS]) * w_c
        value += (odd[HEARTS] // 2 + even[HEARTS] // 2 - had[HEARTS]) * view.draw_worth
        value += (odd[DIAMONDS] // 2 + even[DIAMONDS] // 2 - had[DIAMONDS]) * w_d
        return assign, value
