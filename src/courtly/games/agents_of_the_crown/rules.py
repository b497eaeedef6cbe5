"""Agents of the Crown: the rules, in the order of the rule text.

Flow of a game (the pending decision at each point):

    To Begin            Banners (Aces) give each seat its House
    Starting the Year   deal 4 Nobles + 4 Commons each, 16 Commons into
                        season stacks of 3, 4, 4, 5                  (AOC-1, AOC-2)
      pass              all seats at once: one Noble + one Common left (AOC-3)
      Season x 4        reveal the stack; challenges by suit
        commit          all seats, in any order: one card, up or down (AOC-4)
        resolution      Commons sum, Nobles beat anything, prizes by rank,
                        curses, strays, carry-over             (AOC-5..AOC-8)
      Scoring           prizes, Nobles in hand, curses             (AOC-9)
    A Full Game         four Years; highest total wins, ties shared

Ruling ids (``AOC-n``) refer to this game's RULES.md.
"""

from __future__ import annotations

import random
from typing import Any

from mypy_extensions import mypyc_attr

from courtly import cards
from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.games.agents_of_the_crown.actions import (
    BANNERS,
    COMMITS_BY_MASK,
    COMMONS,
    FIRST_NOBLE,
    NOBLES,
    PLACES,
    TABLE,
    AgentsAction,
    is_noble,
    pass_action,
)
from courtly.games.agents_of_the_crown.options import AgentsOptions

PLAYERS = 4
SEASONS = ("Spring", "Summer", "Fall", "Winter")
SEASON_SIZES = (3, 4, 4, 5)  # AOC-1: 16 Commons remain after the deal
CURSE_PENALTY = 5
NOBLE_IN_HAND = (10, 5, 0)  # by the curses on the Noble's House: 0, 1, 2+


WORTH: dict[int | str, list[int]] = {
    10: [min((c >> 2) + 1, 10) for c in range(52)],
    "rank": [(c >> 2) + 1 for c in range(52)],
}
"""A card's worth in a challenge pile and as a prize, by ``noble_threat_value``."""


def left(seat: int) -> int:
    """The seat to your left: the next one clockwise."""
    return (seat + 1) % PLAYERS


def right(seat: int) -> int:
    """The seat to your right: the previous one clockwise."""
    return (seat - 1) % PLAYERS


@mypyc_attr(allow_interpreted_subclasses=True)  # the kit's own tests make it leak
class AgentsState(State):
    """A position of Agents of the Crown."""

    # fmt: off
    __slots__ = (
        "_stack", "_worth", "challenges", "commits", "curses", "discard", "hands", "houses",
        "last_season", "log", "order", "owner", "passed", "passes", "played", "prizes", "score",
        "season", "stacks", "strays", "year", "year_scores",
    )
    # fmt: on

    game: Game
    options: AgentsOptions

    # -- To Begin -------------------------------------------------------------
    def setup(self, game: Game, seed: int, options: AgentsOptions) -> list[Event]:
        self._init_base(game, PLAYERS, seed, options)
        self._stack: list[int] | None = options.stacked()
        banners = list(BANNERS)
        if self._stack is not None:
            self._check_stacked_deck(self._stack, options.years)
            banners = self._stack[:4]
        else:
            self.rng.shuffle(banners)
        self._worth = WORTH[options.noble_threat_value]
        self.houses = [cards.suit(b) for b in banners]  # seat -> suit of its House
        self.owner = [0] * 4  # suit -> seat
        for seat, s in enumerate(self.houses):
            self.owner[s] = seat
        self.order: list[int] = []  # seats in the order they committed this season
        self.log: list[tuple[int, int, int, int, bool, int]] = []
        """Every revealed play of this Year: (year, season, seat, card, up, place),
        in the order the cards were committed. Earlier Years are summed up by
        their score breakdowns: their cards are all reshuffled (AOC-2)."""
        self.year = 0
        self.season = 0
        self.score = [0] * PLAYERS
        self.year_scores: list[list[dict[str, int]]] = []
        self.hands: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.stacks: list[list[int]] = [[] for _ in SEASONS]
        self.challenges: list[list[int]] = [[] for _ in range(4)]  # piles by suit
        self.strays: list[int] = []
        self.discard: list[int] = []
        self.prizes: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.curses = [0] * 4  # by House suit
        self.passes: list[AgentsAction | None] = [None] * PLAYERS
        self.passed: list[tuple[int, ...]] = [()] * PLAYERS
        self.commits: list[AgentsAction | None] = [None] * PLAYERS
        self.played: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.last_season: dict[str, Any] | None = None
        events = [
            Event("houses", {"houses": [cards.SUITS[s] for s in self.houses]}),
        ]
        events += self._start_year()
        return events

    @staticmethod
    def _check_stacked_deck(stack: list[int], years: int) -> None:
        from courtly.engine.errors import OptionError

        if sorted(stack[:4]) != list(BANNERS):
            raise OptionError(
                "a stacked deck for Agents of the Crown starts with the four Aces "
                "(the Banners, dealt to seats 0-3), then one order of the 48 other "
                "cards per Year"
            )
        rest = stack[4:]
        if not rest or len(rest) % 48 or len(rest) // 48 > years:
            raise OptionError(
                f"a stacked deck holds the four Aces then 48 cards for each of 1 to "
                f"{years} Years; this one has {len(rest)} cards after the Aces"
            )
        for y in range(len(rest) // 48):
            if sorted(rest[48 * y : 48 * (y + 1)]) != list(range(4, 52)):
                raise OptionError(
                    f"Year {y + 1} of the stacked deck must hold each Common and "
                    "Noble (2-K of every suit) exactly once"
                )

    # -- Starting the Year ------------------------------------------------------
    def _start_year(self) -> list[Event]:
        self.year += 1
        self.season = 0
        # AOC-2: all 48 Commons and Nobles are gathered and reshuffled.
        for hand in self.hands:
            hand.clear()
        for pile in self.challenges:
            pile.clear()
        for prize in self.prizes:
            prize.clear()
        for played in self.played:
            played.clear()
        self.strays.clear()
        self.discard.clear()
        self.log.clear()
        self.curses = [0] * 4  # Curses are removed at the start of every Year.
        order = self._year_order()
        if order is None:
            nobles, commons = list(NOBLES), list(COMMONS)
            self.rng.shuffle(nobles)
            self.rng.shuffle(commons)
        else:
            nobles = [c for c in order if is_noble(c)]
            commons = [c for c in order if not is_noble(c)]
        for i in range(16):  # four of each deck to every player, in turn
            self.hands[i % PLAYERS].append(nobles[i])
            self.hands[i % PLAYERS].append(commons[i])
        rest = commons[16:]
        start = 0
        for s, size in enumerate(SEASON_SIZES):
            self.stacks[s] = rest[start : start + size]
            start += size
        self.passes = [None] * PLAYERS
        self.passed = [()] * PLAYERS
        self.pending.push("pass", list(range(PLAYERS)))  # AOC-3
        return [] if self.quiet else [Event("year", {"year": self.year})]

    def _year_order(self) -> list[int] | None:
        if self._stack is None:
            return None
        rest = self._stack[4:]
        y = self.year - 1
        return rest[48 * y : 48 * (y + 1)] or None

    # -- who may do what ----------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        top = self.pending.top
        if top is None or seat not in top.waiting:
            return []
        hand = self.hands[seat]
        out: list[Action] = []
        if top.kind == "pass":
            commons = [c for c in hand if c < FIRST_NOBLE]
            for n in hand:
                if n >= FIRST_NOBLE:
                    for c in commons:
                        out.append(pass_action(n, c))
            return out
        mask = self._open_mask()
        for c in hand:
            out.extend(COMMITS_BY_MASK[c][mask])
        return out

    def _open_mask(self) -> int:
        """The open challenges as a 4-bit mask by suit (for ``COMMITS_BY_MASK``)."""
        ch = self.challenges
        return (1 if ch[0] else 0) | (2 if ch[1] else 0) | (4 if ch[2] else 0) | (8 if ch[3] else 0)

    def random_action(self, seat: int, rng: random.Random) -> Action:
        """Uniform without listing: a pass is any Noble with any Common, and
        every card of a hand has as many commits as the others (up and down at
        each open challenge and the table), so a random card, then a random
        commit of it, is a uniform legal move."""
        top = self.pending.top
        hand = self.hands[seat]
        pick = rng.getrandbits
        if top is not None and top.kind == "pass":
            nobles: list[int] = []
            commons: list[int] = []
            for c in hand:
                if c >= FIRST_NOBLE:
                    nobles.append(c)
                else:
                    commons.append(c)
            if not nobles or not commons:
                return super().random_action(seat, rng)
            return pass_action(nobles[pick(32) % len(nobles)], commons[pick(32) % len(commons)])
        if not hand:
            return super().random_action(seat, rng)
        commits = COMMITS_BY_MASK[hand[pick(32) % len(hand)]][self._open_mask()]
        return commits[pick(32) % len(commits)]

    def check(self, seat: int, action: Action) -> str | None:
        if not isinstance(action, AgentsAction):
            return f"{action!r} is not an Agents of the Crown action"
        kind = self.pending.top.kind if self.pending.top else None
        hand = self.hands[seat]
        if action.kind == "pass":
            if kind != "pass":
                return "passing is over for this Year: play a card with 'up' or 'down'"
            missing = [cards.code(c) for c in (action.noble, action.common) if c not in hand]
            if missing:
                return f"you do not hold {' and '.join(missing)}; your hand is {_hand(hand)}"
            return None
        if kind != "commit":
            return "first choose the two cards to pass left: 'pass NOBLE COMMON'"
        if action.card not in hand:
            return f"you do not hold {cards.code(action.card)}; your hand is {_hand(hand)}"
        if action.place != TABLE and not self.challenges[action.place]:
            open_ = [PLACES[s] for s in range(4) if self.challenges[s]] + ["table"]
            return (
                f"there is no {cards.SUIT_NAMES[PLACES[action.place]]} challenge to place at; "
                f"place your card at one of: {', '.join(open_)}"
            )
        return None

    def play(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, AgentsAction)
        if action.kind == "pass":
            return self._choose_pass(seat, action)
        return self._commit(seat, action)

    # -- Passing (AOC-3) ----------------------------------------------------------
    def _choose_pass(self, seat: int, action: AgentsAction) -> list[Event]:
        self.passes[seat] = action
        events = [] if self.quiet else [Event("pass_chosen", {"seat": seat})]
        if self.pending.done(seat):
            events += self._exchange_passes()
        return events

    def _exchange_passes(self) -> list[Event]:
        events: list[Event] = []
        chosen = [(p.noble, p.common) for p in self.passes if p is not None]
        for seat, pair in enumerate(chosen):
            for c in pair:
                self.hands[seat].remove(c)
        for seat, pair in enumerate(chosen):
            self.hands[left(seat)].extend(pair)
            self.passed[seat] = pair
            if self.quiet:
                continue
            events.append(
                Event(
                    "passed",
                    {"from": seat, "to": left(seat), "cards": _codes(pair)},
                    to=frozenset((seat, left(seat))),
                )
            )
        self.passes = [None] * PLAYERS
        events += self._start_season()
        return events

    # -- Starting Each Season -------------------------------------------------------
    def _start_season(self) -> list[Event]:
        revealed = self.stacks[self.season]
        self.stacks[self.season] = []
        # AOC-7: strays of last season join (or make) their suit's challenge.
        for c in self.strays + revealed:
            self.challenges[c & 3].append(c)
        strays, self.strays = self.strays, []
        self.commits = [None] * PLAYERS
        self.order = []
        self.pending.push("commit", list(range(PLAYERS)))
        if self.quiet:
            return []
        return [
            Event(
                "season",
                {
                    "year": self.year,
                    "season": SEASONS[self.season],
                    "revealed": _codes(revealed),
                    "strays": _codes(strays),
                    "challenges": {
                        cards.SUITS[s]: self.challenge_value(s)
                        for s in range(4)
                        if self.challenges[s]
                    },
                },
            )
        ]

    def threat_value(self, c: int) -> int:
        """A card's worth in a challenge pile and as a prize (AOC-5)."""
        return self._worth[c]

    def challenge_value(self, s: int) -> int:
        """A challenge is a single number: the total of its pile."""
        worth = self._worth
        return sum([worth[c] for c in self.challenges[s]])

    # -- Committing a card (AOC-4) --------------------------------------------------
    def _commit(self, seat: int, action: AgentsAction) -> list[Event]:
        self.hands[seat].remove(action.card)
        self.commits[seat] = action
        self.order.append(seat)
        events: list[Event] = []
        if not self.quiet:
            where = PLACES[action.place]
            card = cards.code(action.card)
            if action.up:
                events.append(
                    Event("commit", {"seat": seat, "up": True, "card": card, "at": where})
                )
            else:
                events.append(Event("commit", {"seat": seat, "up": False, "at": where}))
                private = {"seat": seat, "card": card, "at": where}
                events.append(Event("commit_private", private, to=frozenset((seat,))))
        if self.pending.done(seat):
            events += self._resolve_season()
        return events

    # -- Resolving the season (AOC-5..AOC-8) ------------------------------------------
    def _resolve_season(self) -> list[Event]:
        plays = [(seat, a.card) for seat, a in enumerate(self.commits) if a is not None]
        for seat in self.order:
            a = self.commits[seat]
            assert a is not None
            self.log.append((self.year, self.season, seat, a.card, a.up, a.place))
        events: list[Event] = []
        if not self.quiet:
            events.append(Event("reveal", {"cards": [cards.code(c) for _, c in plays]}))
        for seat, c in plays:
            self.played[seat].append(c)
        last_season_of_year = self.season == len(SEASONS) - 1
        outcome: dict[str, Any] = {"season": SEASONS[self.season], "challenges": {}}
        for s in range(4):
            # Sorting the plays: cards of one suit work together.
            defenders = [(seat, c) for seat, c in plays if c & 3 == s]
            pile = self.challenges[s]
            if not pile:
                # Stray cards become threats next season, if there is one (AOC-7).
                for _, c in defenders:
                    (self.discard if last_season_of_year else self.strays).append(c)
                if defenders and not self.quiet:
                    events.append(
                        Event(
                            "strays",
                            {
                                "suit": cards.SUITS[s],
                                "cards": [cards.code(c) for _, c in defenders],
                                "discarded": last_season_of_year,
                            },
                        )
                    )
                continue
            value = self.challenge_value(s)
            total = sum((c >> 2) + 1 for _, c in defenders if not is_noble(c))
            defeated = any(is_noble(c) for _, c in defenders) or total >= value
            if defeated:
                events += self._award_prizes(s, defenders)
            else:
                events += self._curse(s, value, total)
            outcome["challenges"][cards.SUITS[s]] = {
                "value": value,
                "defence": "noble" if any(is_noble(c) for _, c in defenders) else total,
                "defeated": defeated,
            }
            self.discard.extend(c for _, c in defenders)
        self.commits = [None] * PLAYERS
        self.last_season = outcome
        self.season += 1
        if self.season < len(SEASONS):
            events += self._start_season()
        else:
            events += self._score_year()
        return events

    def _award_prizes(self, s: int, defenders: list[tuple[int, int]]) -> list[Event]:
        """Defenders take one prize each, highest card first; each takes the
        highest prize left (AOC-6). Leftovers are discarded."""
        pile = sorted(self.challenges[s], key=lambda c: (self.threat_value(c), c), reverse=True)
        self.challenges[s] = []
        won: list[tuple[int, int]] = []
        for seat, _ in sorted(defenders, key=lambda d: d[1] >> 2, reverse=True):
            if not pile:
                break
            prize = pile.pop(0)
            self.prizes[seat].append(prize)
            won.append((seat, prize))
        self.discard.extend(pile)
        if self.quiet:
            return []
        taken = [
            {"seat": seat, "card": cards.code(prize), "points": self.threat_value(prize)}
            for seat, prize in won
        ]
        return [
            Event(
                "defeated",
                {"suit": cards.SUITS[s], "prizes": taken, "leftover": _codes(pile)},
            )
        ]

    def _curse(self, s: int, value: int, total: int) -> list[Event]:
        """The House of that suit gains a Curse, and so does the House on its right
        (AOC-8); the pile remains into the next season (AOC-7)."""
        second = self.houses[right(self.owner[s])]
        self.curses[s] += 1
        self.curses[second] += 1
        if self.season == len(SEASONS) - 1:  # AOC-7: after Winter, leftovers go
            self.discard.extend(self.challenges[s])
            self.challenges[s] = []
        if self.quiet:
            return []
        return [
            Event(
                "cursed",
                {
                    "suit": cards.SUITS[s],
                    "value": value,
                    "defence": total,
                    "houses": [cards.SUITS[s], cards.SUITS[second]],
                },
            )
        ]

    # -- Scoring (AOC-9) ------------------------------------------------------------
    def year_breakdown(self, seat: int) -> dict[str, int]:
        prizes = sum(self.threat_value(c) for c in self.prizes[seat])
        nobles = sum(
            NOBLE_IN_HAND[min(self.curses[c & 3], 2)] for c in self.hands[seat] if is_noble(c)
        )
        own = self.curses[self.houses[seat]]
        neighbour = self.curses[self.houses[left(seat)]]
        curses = -CURSE_PENALTY * (own + neighbour)
        return {
            "prizes": prizes,
            "nobles": nobles,
            "curses": curses,
            "total": prizes + nobles + curses,
        }

    def _score_year(self) -> list[Event]:
        breakdown = [self.year_breakdown(seat) for seat in range(PLAYERS)]
        for seat, b in enumerate(breakdown):
            self.score[seat] += b["total"]
        self.year_scores.append(breakdown)
        events: list[Event] = []
        if not self.quiet:
            scored = {
                "year": self.year,
                "breakdown": breakdown,
                "hands": [_codes(h) for h in self.hands],
                "scores": list(self.score),
            }
            events.append(Event("year_scored", scored))
        for hand in self.hands:
            self.discard.extend(hand)
            hand.clear()
        if self.year < self.options.years:
            events += self._start_year()
        elif not self.quiet:
            events.append(Event("game_over", {"scores": list(self.score), "winners": self.winners}))
        return events

    # -- results ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return not self.pending.items

    @property
    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    # -- views ------------------------------------------------------------------
    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {"banners": list(BANNERS), "discard": list(self.discard)}
        for seat in range(PLAYERS):
            z[f"hand{seat}"] = list(self.hands[seat])
            z[f"prizes{seat}"] = list(self.prizes[seat])
            commit = self.commits[seat]
            z[f"commit{seat}"] = [] if commit is None else [commit.card]
        for s in range(4):
            z[f"challenge{cards.SUITS[s]}"] = list(self.challenges[s])
            z[f"stack{s}"] = list(self.stacks[s])
        z["strays"] = list(self.strays)
        return z

    def hidden_from(self, seat: int | None) -> set[str]:
        """Cards ``seat`` has not seen this Year: others' hands and face-down
        commits, and the season stacks; the two cards it passed are seen."""
        hidden: set[int] = set()
        for s in range(4):
            hidden.update(self.stacks[s])
        for other in range(PLAYERS):
            if other == seat:
                continue
            hidden.update(self.hands[other])
            a = self.commits[other]
            if a is not None and not a.up:
                hidden.add(a.card)
        if seat is not None:
            hidden.difference_update(self.passed[seat])
        return {cards.code(c) for c in hidden}

    def clone(self) -> AgentsState:
        new = AgentsState.__new__(AgentsState)
        new._copy_base(self)
        new._stack = self._stack
        new._worth = self._worth
        new.houses = self.houses
        new.owner = self.owner
        new.year = self.year
        new.season = self.season
        new.score = list(self.score)
        new.year_scores = list(self.year_scores)
        new.hands = [list(h) for h in self.hands]
        new.stacks = [list(s) for s in self.stacks]
        new.challenges = [list(p) for p in self.challenges]
        new.strays = list(self.strays)
        new.discard = list(self.discard)
        new.prizes = [list(p) for p in self.prizes]
        new.curses = list(self.curses)
        new.passes = list(self.passes)
        new.passed = list(self.passed)
        new.commits = list(self.commits)
        new.played = [list(p) for p in self.played]
        new.order = list(self.order)
        new.log = list(self.log)
        new.last_season = self.last_season
        return new


def _codes(cs: Any) -> list[str]:
    return [cards.code(c) for c in cs]


def _hand(cs: Any) -> str:
    """A hand in notation, ordered as the table shows it (by suit, then rank)."""
    codes = sorted(_codes(cs), key=lambda c: (cards.SUITS.index(c[1]), cards.RANKS.index(c[0])))
    return " ".join(codes) or "empty"
