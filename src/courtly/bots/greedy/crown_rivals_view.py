"""What the Crown Rivals heuristic (``crown_rivals.py``) reads off an
observation, worked out once a decision: the hand, the market and the walls in
card numbers, each side's deck on average (``Deck``), how many turns either
side needs to win, and the best buys and clears (``best_offer``,
``price_list``, ``most_cleared``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly import cards
from courtly.games.crown_rivals.actions import VALUES

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
HAND = 5
HORIZON = 12.0
"""Turns beyond which the game still to play counts no more."""
_CARD = {cards.code(c): c for c in range(52)}


class View:
    """What the heuristic reads off its observation, worked out once a decision."""

    __slots__ = (
        "_offers",
        "boost_pairs",
        "closeness",
        "currency",
        "deck_w",
        "draw_worth",
        "earned",
        "even",
        "hand",
        "jacks_aces",
        "market",
        "mean_worth",
        "my_heal",
        "my_inf",
        "my_threat",
        "my_wall",
        "n_owned",
        "odd",
        "opp_heal",
        "opp_inf",
        "opp_threat",
        "opp_walls",
        "pool",
        "suit_w",
        "values",
        "wall_cap",
        "wall_values",
    )

    def __init__(
        self, obs: Mapping[str, Any], w: Mapping[str, float], suit_w: tuple[float, ...]
    ) -> None:
        options = obs["options"]
        jack = options["jack_value"]
        self.values = VALUES[jack]
        self.boost_pairs = bool(options.get("boost_diamonds_pair", True))
        self.suit_w = suit_w
        me = obs["seat"]
        opp = 1 - me
        self.hand = [_CARD[c] for c in obs["hand"]]
        self.market = [_CARD[c] for c in obs["market"] if c]
        inf = obs["influence"]
        self.my_inf = inf[me]
        self.opp_inf = inf[opp]
        self.currency = obs["currency"]
        self.pool = obs["pool"]
        cash = obs["cash"]
        self.jacks_aces = (cash[1], cash[2])
        self.odd = odd = obs["odd"]
        self.even = even = obs["even"]
        # Bonuses earned so far (claimed or not): only new ones count in a plan.
        self.earned = [odd[s] // 2 + even[s] // 2 for s in range(4)]
        sup = obs["supporters"]
        self.opp_walls = {_CARD[s]: v for s, _, v in sup[opp]}
        self.wall_values = sorted(self.opp_walls.values())
        self.my_wall = sum(v for _, _, v in sup[me])
        # Every card each player owns: hand and draw pile, discard pile, this
        # turn's plays, spades in play with their diamonds.
        in_play = obs["in_play"]
        active = obs["active"]
        holdings = obs["holdings"]
        discards = obs["discards"]
        mine = deck_of(jack, holdings[me], discards[me], in_play if active == me else (), sup[me])
        their = deck_of(
            jack, holdings[opp], discards[opp], in_play if active == opp else (), sup[opp]
        )
        self.n_owned = mine.n
        self.mean_worth = mean = (
            sum(t * m for t, m in zip(mine.totals, suit_w, strict=True)) / mine.n
        )
        self.draw_worth = w["bonus_h"] * mean
        self.my_threat = mine.damage
        self.opp_threat = their.damage
        self.my_heal = mine.heal
        self.opp_heal = their.heal
        self.wall_cap = w["cap"] * their.damage
        # The game still to play: the fewer turns either side needs to win
        # (by damage through the walls or by healing to 100), out of HORIZON.
        turns = min(
            mine.turns_to_win(inf[me], inf[opp], sum(self.wall_values), their),
            their.turns_to_win(inf[opp], inf[me], self.my_wall, mine),
            HORIZON,
        )
        self.closeness = turns / HORIZON
        self.deck_w = w["deck"] * self.closeness * HAND
        self._offers: list[tuple[int, float, int]] | None = None

    def worth(self, c: int) -> float:
        return self.values[c] * self.suit_w[c & 3]

    def cash_value(self, cs: Sequence[int]) -> int:
        """What cashing ``cs`` adds, with the Jack-and-Ace pairs it completes."""
        jacks, aces = self.jacks_aces
        j, a = jacks, aces
        total = 0
        values = self.values
        for c in cs:
            total += values[c]
            rank = c >> 2
            if rank == 10:
                j += 1
            elif rank == 0:
                a += 1
        return total + 10 * (min(j, a) - min(jacks, aces))

    def buy_worth(self, c: int) -> float:
        """What buying ``c`` adds to the hands to come."""
        return self.deck_w * (self.worth(c) - self.mean_worth) / (self.n_owned + 1)

    def trash_gain(self, c: int) -> float:
        """What trashing ``c`` adds to the hands to come (nothing below six cards)."""
        n = self.n_owned
        if n <= HAND + 1:
            return 0.0
        return self.deck_w * (self.mean_worth - self.worth(c)) / (n - 1)

    def offers(self) -> list[tuple[int, float, int]]:
        """The market cards worth buying: (cost, worth, card)."""
        got = self._offers
        if got is None:
            values = self.values
            got = self._offers = [
                (values[c], bw, c) for c in self.market if (bw := self.buy_worth(c)) > 0
            ]
        return got


class Deck:
    """What a player's cards do in an average hand, and at best."""

    __slots__ = ("damage", "heal", "most", "n", "support", "totals")

    def __init__(self, value_of: dict[str, int], owned: list[str]) -> None:
        totals = [0, 0, 0, 0]
        clubs: list[int] = []
        diamond = 0
        for code in owned:
            v = value_of[code]
            s = _SUIT_OF[code]
            totals[s] += v
            if s == CLUBS:
                clubs.append(v)
            elif s == DIAMONDS and v > diamond:
                diamond = v
        n = len(owned)
        self.n = n = max(1, n)
        self.totals = totals
        self.damage = HAND * totals[CLUBS] / n
        self.heal = HAND * totals[HEARTS] / n
        self.support = HAND * totals[SPADES] / n
        if len(clubs) > HAND:
            clubs = sorted(clubs, reverse=True)[:HAND]
        self.most = sum(clubs) + diamond if clubs else 0

    def turns_to_win(self, mine: int, theirs: int, wall: int, other: Deck) -> float:
        """Turns this deck needs, on average, to bring ``theirs`` to 0 through
        ``wall`` (their spades in play) and the spades they keep playing, or
        ``mine`` to 100."""
        heal = (100 - mine) / self.heal if self.heal > 0 else HORIZON
        if self.most <= wall:
            return heal  # no hand gets through
        through = self.damage - other.support
        kill = (theirs + wall) / through if through > 0 else HORIZON
        return min(heal, kill)


_DECKS: dict[tuple[int, frozenset[str]], Deck] = {}
"""Decks already read, by the cards they hold: a player's cards only move
between hand, piles and play during a turn, so most decisions find theirs."""
_DECKS_SIZE = 4096


def deck_of(
    jack: int,
    holdings: Sequence[str],
    discard: Sequence[str],
    in_play: Sequence[str],
    supporters: Sequence[Sequence[Any]],
) -> Deck:
    """The ``Deck`` of the cards in these zones (every card is unique)."""
    owned = [*holdings, *discard, *in_play]
    for spade, boost, _ in supporters:
        owned.append(spade)
        if boost:
            owned.append(boost)
    key = (jack, frozenset(owned))
    deck = _DECKS.get(key)
    if deck is None:
        if len(_DECKS) >= _DECKS_SIZE:
            _DECKS.clear()
        deck = _DECKS[key] = Deck(_VALUE_OF[jack], owned)
    return deck


def price_list(offers: list[tuple[int, float, int]]) -> list[tuple[int, float]]:
    """What the best buy is worth by the money spent, as steps: (cost, worth),
    costs and worths rising."""
    sets = []
    for k, (ci, wi, _) in enumerate(offers):
        sets.append((ci, wi))
        for cj, wj, _ in offers[k + 1 :]:
            sets.append((ci + cj, wi + wj))
    sets.sort()
    steps: list[tuple[int, float]] = []
    best = 0.0
    for cost, worth in sets:
        if worth > best:
            best = worth
            steps.append((cost, worth))
    return steps


def best_offer(offers: list[tuple[int, float, int]], money: int) -> tuple[float, list[int]]:
    """The one or two market cards worth most in all that ``money`` pays for."""
    best: list[int] = []
    best_w = 0.0
    for k, (ci, wi, i) in enumerate(offers):
        if ci > money:
            continue
        if wi > best_w:
            best, best_w = [i], wi
        for cj, wj, j in offers[k + 1 :]:
            if ci + cj <= money and wi + wj > best_w:
                best, best_w = [i, j], wi + wj
    return best_w, best


def most_cleared(walls: list[tuple[int, int]], pool: int) -> tuple[int, set[int]]:
    """The spades (key, value) worth most in all that ``pool`` can clear."""
    best, chosen = 0, set()
    n = len(walls)
    for mask in range(1, 1 << n):
        total = 0
        for i in range(n):
            if mask >> i & 1:
                total += walls[i][1]
        if best < total <= pool:
            best = total
            chosen = {walls[i][0] for i in range(n) if mask >> i & 1}
    return best, chosen


_VALUE_OF = {jack: {cards.code(c): VALUES[jack][c] for c in range(52)} for jack in VALUES}
_SUIT_OF = {cards.code(c): c & 3 for c in range(52)}
