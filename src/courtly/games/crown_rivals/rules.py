"""Crown Rivals: the rules, in the order of the rule text.

Flow of a game (the pending decision at each point):

    Setup               remove KD QD KS QS; deal two Aces, two 2s, two 3s each;
                        market of five over the market deck; 50 Influence each;
                        draw five; lowest spade in hand goes first       (CRR-8)
    Turn Sequence       one "turn" decision for the active seat, atomic steps
                        in any order (CRR-9):
      play              a card for its suit ability, alone or boosted by a
                        diamond                               (CRR-1, CRR-4, CRR-13)
        jack_trash      after a Jack is played: trash a market card or pass
                        (CRR-7, CRR-16)
      cash              discard a card for currency (Jack + Ace)          (CRR-3)
      buy               a market card, refilled at once; Crowded House (CRR-7, CRR-10)
      clear             pooled Club damage removes opponent spades   (CRR-6, CRR-12)
      bonus             claim an earned odd/even bonus              (CRR-2, CRR-5, CRR-14)
        discard         the opponent chooses the card a Clubs bonus costs them
      end               cleanup, draw five, the other seat's turn
    Game End            Influence 0 or less / 100 or more, at once (CRR-9);
                        or the turn limit                            (CRR-11)

The suit abilities and the odd/even bonuses (the rule text's "Suit Abilities"
and "Odd/Even Bonuses": play, clear, bonus, discard) live in ``abilities.py``;
this module holds the set-up, the turn (its moves, cash, buy, the Jack's trash,
Crowded House, the end of turn and drawing), the game end and the views.
Ruling ids (``CRR-n``) refer to this game's RULES.md.
"""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.engine.actions import Action
from courtly.engine.errors import OptionError
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.games.crown_rivals import abilities, checks
from courtly.games.crown_rivals import actions as A
from courtly.games.crown_rivals.actions import (
    CLUBS,
    DIAMONDS_SUIT,
    HEARTS,
    IS_ACE,
    IS_COURT,
    IS_DIAMOND,
    IS_JACK,
    SPADES_SUIT,
    STARTING,
    VALUES,
    CrownAction,
)
from courtly.games.crown_rivals.options import CrownOptions

PLAYERS = 2
START_INFLUENCE = 50
WIN_INFLUENCE = 100
HAND_SIZE = 5
MARKET_SIZE = 5
CROWDED = 3  # Kings and/or Queens in the market
CROWDED_HOUSE_TRIES = 50  # CRR-10: re-deals before the market is left as it is
JACK_ACE_EXTRA = 10  # CRR-3: the Ace counts 11 instead of 1


def _codes(cs: Any) -> list[str]:
    return [cards.code(c) for c in cs]


class CrownState(State):
    """A position of Crown Rivals."""

    # fmt: off
    __slots__ = (
        "active", "cash_aces", "cash_jacks", "cash_sum", "cashed", "claimed", "decks", "discards",
        "end_reason", "even", "hands", "in_play", "influence", "market", "market_deck", "odd",
        "pile_from", "plays", "pool", "spent", "sup_boost", "sup_value", "supporters", "trashed",
        "turn", "values",
    )
    # fmt: on

    game: Game
    options: CrownOptions

    # -- Setup ------------------------------------------------------------------
    def setup(self, game: Game, seed: int, options: CrownOptions) -> list[Event]:
        self._init_base(game, PLAYERS, seed, options)
        self.values = VALUES[options.jack_value]
        self.influence = [options.start_influence, options.start_influence]
        self.hands: list[list[int]] = [[], []]
        self.decks: list[list[int]] = [[], []]  # draw piles, top last
        # CRR-18: the cards each draw pile may hold as far as the table knows:
        # those it was last shuffled from, less those shown to be in the hand.
        # Never changed in place (replaced at a reshuffle), so clones share them.
        self.pile_from: list[list[int]] = [[], []]
        self.discards: list[list[int]] = [[], []]
        # Spades in play: the spade, the diamond under it (or -1), its value.
        self.supporters: list[list[int]] = [[], []]
        self.sup_boost: list[list[int]] = [[], []]
        self.sup_value: list[list[int]] = [[], []]
        self.market: list[int] = []  # slots, -1 when empty
        self.market_deck: list[int] = []  # top last
        self.trashed: list[int] = []
        self.turn = 0
        self.active = 0
        self.end_reason = ""
        self._reset_turn()
        stack = options.stacked()
        if stack is not None:
            piles, market, market_deck = _deal_stacked(stack)
        else:
            piles, market, market_deck = self._deal_shuffled()
        for seat in range(PLAYERS):
            self.decks[seat] = piles[seat][::-1]
            self.pile_from[seat] = list(piles[seat])
        self.market = market
        self.market_deck = market_deck[::-1]
        events = [Event("market", {"market": _codes(self.market)})]
        events += self._crowded_house()
        for seat in range(PLAYERS):
            events += self._draw(seat, HAND_SIZE)
        # CRR-8: the lowest spade in hand (Ace lowest) goes first.
        lowest = min(
            (c, seat) for seat in range(PLAYERS) for c in self.hands[seat] if c & 3 == SPADES_SUIT
        )
        self.active = lowest[1]
        events.append(Event("first_player", {"seat": self.active, "spade": cards.code(lowest[0])}))
        self._lowest_spade_shown(lowest[0])
        events += self._start_turn()
        return events

    def _lowest_spade_shown(self, spade: int) -> None:
        """CRR-18: showing the lowest spade tells both players that it is in
        its holder's hand and that every lower spade (whose owner was seen at
        the deal) is still in its owner's draw pile, one card at this point."""
        for seat in range(PLAYERS):
            lower = [c for c in self.pile_from[seat] if c & 3 == SPADES_SUIT and c < spade]
            if lower:
                assert lower == self.decks[seat]
                self.pile_from[seat] = lower
            elif spade in self.pile_from[seat]:
                self.pile_from[seat] = [c for c in self.pile_from[seat] if c != spade]

    def _deal_shuffled(self) -> tuple[list[list[int]], list[int], list[int]]:
        piles: list[list[int]] = [[], []]
        for rank in (1, 2, 3):
            group = [c for c in STARTING if (c >> 2) + 1 == rank]
            self.rng.shuffle(group)
            for i, c in enumerate(group):
                piles[i % 2].append(c)
        for pile in piles:
            self.rng.shuffle(pile)
        rest = list(A.MARKET_CARDS)
        self.rng.shuffle(rest)
        return piles, rest[:MARKET_SIZE], rest[MARKET_SIZE:]

    def _reset_turn(self) -> None:
        self.pool = 0  # pooled Club damage (CRR-6)
        self.cash_sum = 0
        self.cash_jacks = 0
        self.cash_aces = 0
        self.spent = 0
        self.odd = [0, 0, 0, 0]
        self.even = [0, 0, 0, 0]
        self.claimed = [0, 0, 0, 0]
        self.in_play: list[int] = []  # played cards going to the discard pile at the end
        self.plays: list[list[int]] = []  # [card, diamond or -1, value] this turn
        self.cashed: list[int] = []

    def _start_turn(self) -> list[Event]:
        self.turn += 1
        self.pending.push("turn", [self.active])
        return [] if self.quiet else [Event("turn", {"turn": self.turn, "seat": self.active})]

    # -- values -------------------------------------------------------------------
    @property
    def currency(self) -> int:
        """CRR-3: each Jack cashed with an Ace turns that Ace into 11."""
        pairs = min(self.cash_jacks, self.cash_aces)
        return self.cash_sum + JACK_ACE_EXTRA * pairs - self.spent

    def bonuses(self, suit: int) -> int:
        """CRR-5: bonuses earned in ``suit`` and not yet claimed this turn."""
        return self.odd[suit] // 2 + self.even[suit] // 2 - self.claimed[suit]

    def spade_value(self, seat: int, spade: int) -> int:
        return self.sup_value[seat][self.supporters[seat].index(spade)]

    # -- who may do what ----------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        items = self.pending.items
        if not items or seat not in items[-1].waiting:
            return []
        kind = items[-1].kind
        out: list[Action] = []
        if kind == "discard":
            for c in self.hands[seat]:
                out.append(A.DISCARD[c])
            return out
        if kind == "jack_trash":
            for c in self.market:
                if c >= 0:
                    out.append(A.TRASH[c])
            out.append(A.PASS)
            return out
        return self._turn_actions(seat)

    def _turn_actions(self, seat: int) -> list[Action]:
        """The moves of a turn (CRR-9), in a fixed order: plays, boosted plays,
        cash, buys, clears, bonuses, end."""
        hand = self.hands[seat]
        opp = 1 - seat
        out: list[Action] = []
        diamonds: list[int] = []
        targets: list[int] = []
        play = A.PLAY
        for c in hand:
            out.append(play[c])
            if IS_DIAMOND[c]:
                diamonds.append(c)
            else:
                targets.append(c)
        if diamonds:
            for d in diamonds:
                boost = A.BOOST_WITH[d]
                for t in targets:
                    out.append(boost[t])
        cash = A.CASH
        for c in hand:
            out.append(cash[c])
        money = self.currency
        values = self.values
        for c in self.market:
            if c >= 0 and values[c] <= money:
                out.append(A.BUY[c])
        pool = self.pool
        supporters = self.supporters[opp]
        if pool:
            sv = self.sup_value[opp]
            for i in range(len(supporters)):
                if sv[i] <= pool:
                    out.append(A.CLEAR[supporters[i]])
        odd, even, claimed = self.odd, self.even, self.claimed
        if odd[CLUBS] // 2 + even[CLUBS] // 2 > claimed[CLUBS] and self.hands[opp]:
            out.append(A.BONUS_CLUBS)
        if odd[HEARTS] // 2 + even[HEARTS] // 2 > claimed[HEARTS] and (
            self.decks[seat] or self.discards[seat]
        ):
            out.append(A.BONUS_HEARTS)
        if odd[SPADES_SUIT] // 2 + even[SPADES_SUIT] // 2 > claimed[SPADES_SUIT]:
            for s in supporters:
                out.append(A.BONUS_SPADE[s])
        if odd[DIAMONDS_SUIT] // 2 + even[DIAMONDS_SUIT] // 2 > claimed[DIAMONDS_SUIT]:
            trash = A.BONUS_TRASH
            for c in hand:
                out.append(trash[c])
            for c in self.discards[seat]:
                out.append(trash[c])
        out.append(A.END)
        return out

    def choices_public(self, seat: int) -> bool:
        """A Jack's trash looks only at the market; an empty hand leaves only
        the market's, the pool's and the bonuses' moves, all in plain sight;
        a discard from one card is one move whatever the card."""
        items = self.pending.items
        kind = items[-1].kind if items else None
        if kind == "jack_trash":
            return True
        if kind == "discard":
            return len(self.hands[seat]) <= 1
        return not self.hands[seat]

    def check(self, seat: int, action: Action) -> str | None:
        return checks.check(self, seat, action)

    def play(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, CrownAction)
        kind = action.kind
        if kind == "play":
            return abilities.play_card(self, seat, action.card, action.diamond)
        if kind == "cash":
            return self._cash(seat, action.card)
        if kind == "buy":
            return self._buy(seat, action.card)
        if kind == "clear":
            return abilities.clear(self, seat, action.card)
        if kind == "bonus":
            return abilities.claim_bonus(self, seat, action.suit, action.card)
        if kind == "trash":
            self.pending.pop()
            return self._trash_market(seat, action.card)
        if kind == "pass":
            self.pending.pop()
            return [] if self.quiet else [Event("no_trash", {"seat": seat})]
        if kind == "discard":
            return abilities.bonus_discard(self, seat, action.card)
        return self._end_turn(seat)

    # -- Jack: trash a market card (CRR-7) ------------------------------------------
    def _trash_market(self, seat: int, c: int) -> list[Event]:
        slot = self.market.index(c)
        self.trashed.append(c)
        if self.quiet:
            return self._refill(slot)
        events = [Event("trash_market", {"seat": seat, "card": cards.code(c)})]
        return events + self._refill(slot)

    # -- Discard cards for currency (CRR-3) -------------------------------------------
    def _cash(self, seat: int, c: int) -> list[Event]:
        self.hands[seat].remove(c)
        self.discards[seat].append(c)
        self.cashed.append(c)
        self.cash_sum += self.values[c]
        if IS_JACK[c]:
            self.cash_jacks += 1
        elif IS_ACE[c]:
            self.cash_aces += 1
        if self.quiet:
            return []
        return [Event("cash", {"seat": seat, "card": cards.code(c), "currency": self.currency})]

    # -- Purchase cards from the market ---------------------------------------------
    def _buy(self, seat: int, c: int) -> list[Event]:
        slot = self.market.index(c)
        self.spent += self.values[c]
        self.discards[seat].append(c)
        if self.quiet:
            return self._refill(slot)
        events = [Event("buy", {"seat": seat, "card": cards.code(c), "cost": self.values[c]})]
        return events + self._refill(slot)

    def _refill(self, slot: int) -> list[Event]:
        """Replace a market card at once; an empty market deck leaves the slot
        empty (CRR-7). Crowded House is checked after every refill."""
        c = self.market_deck.pop() if self.market_deck else -1
        self.market[slot] = c
        if self.quiet:
            return self._crowded_house()
        events = [Event("refill", {"card": cards.code(c) if c >= 0 else None})]
        return events + self._crowded_house()

    # -- Crowded House (CRR-7, CRR-10) --------------------------------------------------
    def _crowded_house(self) -> list[Event]:
        events: list[Event] = []
        tries = 0
        while sum(1 for c in self.market if c >= 0 and IS_COURT[c]) >= CROWDED:
            everything = [c for c in self.market if c >= 0] + self.market_deck
            size = min(MARKET_SIZE, len(everything))
            commons = sum(1 for c in everything if not IS_COURT[c])
            if size - commons >= CROWDED or tries >= CROWDED_HOUSE_TRIES:
                break  # CRR-10: every new market would be crowded too
            tries += 1
            self.rng.shuffle(everything)
            self.market = everything[:size] + [-1] * (MARKET_SIZE - size)
            self.market_deck = everything[size:]
            if not self.quiet:
                events.append(Event("crowded_house", {"market": _codes(self.market_cards())}))
        return events

    def market_cards(self) -> list[int]:
        return [c for c in self.market if c >= 0]

    # -- End of turn -----------------------------------------------------------------------
    def _end_turn(self, seat: int) -> list[Event]:
        events: list[Event] = []
        if not self.quiet:
            events.append(Event("end_turn", {"seat": seat, "lost_damage": self.pool}))
        discard = self.discards[seat]
        discard.extend(self.hands[seat])  # cards not used are discarded
        self.hands[seat] = []
        discard.extend(self.in_play)  # spades in play stay
        self._reset_turn()
        events += self._draw(seat, HAND_SIZE)
        self.pending.pop()
        limit = self.options.turn_limit
        if limit and self.turn >= limit:  # CRR-11
            self.end_reason = "turn limit"
            if not self.quiet:
                events.append(Event("game_over", {"reason": "turn limit", "winners": self.winners}))
            return events
        self.active = 1 - seat
        return events + self._start_turn()

    def _draw(self, seat: int, n: int) -> list[Event]:
        deck = self.decks[seat]
        drawn = []
        events = []
        for _ in range(n):
            if not deck:
                discard = self.discards[seat]
                if not discard:
                    break  # make do with the cards you have
                deck.extend(discard)
                discard.clear()
                self.rng.shuffle(deck)
                # CRR-18: the cards already drawn are known to be in the hand.
                self.pile_from[seat] = list(deck)
                if not self.quiet:
                    events.append(Event("reshuffle", {"seat": seat, "cards": len(deck)}))
            drawn.append(deck.pop())
        self.hands[seat].extend(drawn)
        if self.quiet:
            return events
        events.append(Event("draw", {"seat": seat, "count": len(drawn)}))
        events.append(Event("drew", {"seat": seat, "cards": _codes(drawn)}, to=frozenset((seat,))))
        return events

    # -- Game End (CRR-9) ----------------------------------------------------------------
    def _check_end(self) -> list[Event]:
        if all(0 < v < WIN_INFLUENCE for v in self.influence):
            return []
        self.pending.items.clear()
        self.end_reason = "influence"
        if self.quiet:
            return []
        return [Event("game_over", {"reason": "influence", "winners": self.winners})]

    @property
    def over(self) -> bool:
        return not self.pending.items

    @property
    def scores(self) -> list[float]:
        return [float(v) for v in self.influence]

    # -- views ---------------------------------------------------------------------------
    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {
            "market": self.market_cards(),
            "market_deck": list(self.market_deck),
            "trashed": list(self.trashed),
            "in_play": list(self.in_play),
            "removed": sorted(A.REMOVED),
        }
        for seat in range(PLAYERS):
            z[f"hand{seat}"] = list(self.hands[seat])
            z[f"deck{seat}"] = list(self.decks[seat])
            z[f"discard{seat}"] = list(self.discards[seat])
            z[f"supporters{seat}"] = list(self.supporters[seat]) + [
                d for d in self.sup_boost[seat] if d >= 0
            ]
        return z

    def hidden_from(self, seat: int | None) -> set[str]:
        """The market deck: the only cards nobody has seen. Every card a player
        owns was dealt at the start, bought from the face-up market or shown when
        it left, so its identity is public (CRR-17); only which of them are in
        the hand and which in the draw pile is hidden, as far as CRR-18 leaves
        it open."""
        return {cards.code(c) for c in self.market_deck}

    def clone(self) -> CrownState:
        new = CrownState.__new__(CrownState)
        new._copy_base(self)
        new.values = self.values
        new.influence = list(self.influence)
        new.hands = [list(h) for h in self.hands]
        new.decks = [list(d) for d in self.decks]
        new.pile_from = list(self.pile_from)  # never changed in place
        new.discards = [list(d) for d in self.discards]
        new.supporters = [list(s) for s in self.supporters]
        new.sup_boost = [list(s) for s in self.sup_boost]
        new.sup_value = [list(s) for s in self.sup_value]
        new.market = list(self.market)
        new.market_deck = list(self.market_deck)
        new.trashed = list(self.trashed)
        new.turn = self.turn
        new.active = self.active
        new.end_reason = self.end_reason
        new.pool = self.pool
        new.cash_sum = self.cash_sum
        new.cash_jacks = self.cash_jacks
        new.cash_aces = self.cash_aces
        new.spent = self.spent
        new.odd = list(self.odd)
        new.even = list(self.even)
        new.claimed = list(self.claimed)
        new.in_play = list(self.in_play)
        new.plays = [list(p) for p in self.plays]
        new.cashed = list(self.cashed)
        return new


def _deal_stacked(stack: list[int]) -> tuple[list[list[int]], list[int], list[int]]:
    """A stacked deck: the 48 game cards; 1-6 are seat 0's draw pile top first,
    7-12 seat 1's (each two Aces, two 2s, two 3s), 13-17 the market left to right,
    the rest the market deck top first."""
    if sorted(stack) != list(A.GAME_CARDS):
        raise OptionError(
            "a stacked deck for Crown Rivals lists each of its 48 cards once (the standard "
            "deck without KD QD KS QS): seat 0's six starting cards, seat 1's six, the "
            "market's five, then the market deck from the top"
        )
    piles = [stack[:6], stack[6:12]]
    for seat, pile in enumerate(piles):
        ranks = sorted((c >> 2) + 1 for c in pile)
        if ranks != [1, 1, 2, 2, 3, 3]:
            raise OptionError(
                f"a stacked deck deals seat {seat} two Aces, two 2s and two 3s (cards "
                f"{6 * seat + 1}-{6 * seat + 6}); it gives {_list(pile)}"
            )
    return piles, stack[12:17], stack[17:]


def _list(cs: list[int]) -> str:
    return " ".join(_codes(cs)) if cs else "(none)"
