"""Garrison: the rules, in the order of the rule text.

Flow of a game (the pending decisions, bottom of the stack first):

    The Set-Up     starting keeps (draw to a plain heart), discard pile, market of
                   three, hands of three; lowest court starts        (GAR-1, GAR-11)
    Play           turn start: refill empty market spaces            (GAR-7)
      turn         the player to move declares one move at a time:
                   upgrade, trade, besiege, fend, rebuild, discard (moves.py),
                   or a spy; ``end``, once its window has closed (GAR-18), draws
                   to three and resolves every siege          (GAR-8, GAR-11)
      reaction     after every declared move (``end`` too), spy or Joker, each other seat is
                   asked in clockwise order: ``pass`` or a spy; a spy opens its own
                   window; the newest resolves first             (GAR-4, spies.py)
    The Goal       a keep reaching the target wins at once       (GAR-10)
                   after ``max_rounds`` rounds the highest keep wins   (GAR-12)

The ordinary moves (the rule text's "Play": which are legal, why one is refused,
how each resolves) live in ``moves.py``; spies, the Joker and reaction windows in
``spies.py``; this module holds the set-up, the keep, drawing, the turn (a move
declared, the end of the turn) and the results. Ruling ids (``GAR-n``) refer to
RULES.md.
"""

from __future__ import annotations

import random
from typing import Any

from courtly import cards
from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.games.garrison import moves, spies
from courtly.games.garrison.actions import END, GarrisonAction
from courtly.games.garrison.options import VALUE, GarrisonOptions, check_stacked, target
from courtly.games.garrison.spies import Item

CLUB, DIAMOND, HEART, SPADE = range(4)
HAND_LIMIT = 3
MARKET = 3
PLAIN_HEARTS = frozenset(cards.make(r, HEART) for r in range(2, 11))
_CODE = [cards.code(c) for c in range(54)]

STANDING, PARTLY, FALLEN = "standing", "partly rebuilt", "fallen"


def codes(cs: Any) -> list[str]:
    return [_CODE[c] for c in cs]


class GarrisonState(State):
    """A position of Garrison. Cards are ints; every zone is a plain list."""

    # fmt: off
    __slots__ = (
        "_stacked_left", "chain", "court", "current", "deck", "discard", "ended", "fallen",
        "fresh", "garrison", "hands", "known", "market", "moves", "n", "pool", "seen", "siege", "siege_by",
        "target", "turn", "winner",
    )
    # fmt: on

    game: Game
    options: GarrisonOptions

    n: int
    target: int
    current: int
    moves: int
    """Moves declared in this turn so far (GAR-21), its end and spies not counted."""
    turn: int
    deck: list[int]  # top is the end of the list
    discard: list[int]  # top is the end of the list
    market: list[int]  # three slots, -1 when empty
    hands: list[list[int]]
    known: list[list[int]]  # cards in each hand that every seat has seen
    court: list[list[int]]  # face-up hearts
    fallen: list[list[int]]  # face-down hearts
    garrison: list[list[int]]  # clubs
    siege: list[list[int]]  # spades besieging each keep
    siege_by: list[list[int]]  # who sent each of them
    chain: list[Item]
    winner: int
    ended: bool
    # What every seat knows of the cards nobody can see (the deck and the unshown
    # hand cards), kept from the public history: each such card belongs to the
    # pool of the deck it was drawn from or lies in. A reshuffle makes a new pool
    # of the discard pile, every card of it seen; so does a Joker met in the
    # set-up, going back into the deck. A pool is ``fresh`` while it may hold
    # cards nobody has seen (the first deck, and what it became).
    pool: list[int]  # each card's pool (meaningful for the deck and unshown hand cards)
    fresh: list[bool]  # each pool: may it hold cards nobody has seen?
    seen: list[bool]  # each card: seen face up by every seat before it was last hidden

    # -- The Set-Up -------------------------------------------------------------
    def setup(self, game: Game, players: int, seed: int, options: GarrisonOptions) -> list[Event]:
        """Deal the game; what the set-up did, for the log (``Game.opening``)."""
        self._init_base(game, players, seed, options)
        n = self.n = players
        self.target = options.target or target(options.length, n)
        full = list(range(52)) + [52, 53][: options.jokers]
        stacked = options.stacked() or []
        check_stacked(stacked, full, options.jokers)
        placed = set(stacked)
        rest = [c for c in full if c not in placed]
        self.rng.shuffle(rest)
        self.deck = rest + stacked[::-1]
        self._stacked_left = len(stacked)
        self.discard = []
        self.market = [-1] * MARKET
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        self.court = [[] for _ in range(n)]
        self.fallen = [[] for _ in range(n)]
        self.garrison = [[] for _ in range(n)]
        self.siege = [[] for _ in range(n)]
        self.siege_by = [[] for _ in range(n)]
        self.chain = []
        self.winner = -1
        self.ended = False
        self.pool = [0] * 54
        self.fresh = [True]
        self.seen = [False] * 54
        # Starting keeps: each seat from the dealer's left (seat 0) draws until a
        # plain (2-10) heart; the rest forms the face-up discard pile.
        events: list[Event] = []
        for seat in range(n):
            passed = []
            while True:
                c = self._setup_draw(events)
                if c in PLAIN_HEARTS:
                    self.court[seat].append(c)
                    break
                self.discard.append(c)
                passed.append(c)
            events.append(
                Event("keep_drawn", {"seat": seat, "card": cards.code(c), "passed": codes(passed)})
            )
        for i in range(MARKET):
            self.market[i] = self._setup_draw(events)
            events.append(Event("market", {"card": cards.code(self.market[i])}))
        for seat in range(n):
            for _ in range(HAND_LIMIT):
                self.hands[seat].append(self._setup_draw(events))
            events.append(Event("drew", {"seat": seat, "count": HAND_LIMIT}))
            hand = codes(self.hands[seat])
            events.append(Event("drew_cards", {"seat": seat, "cards": hand}, to=frozenset((seat,))))
        # GAR-1: set-up draws never keep a Joker (one met goes back into the deck),
        # so everyone knows every Joker is in the deck once set-up is over: the
        # deck becomes a pool of its own, which only the draws of play take from.
        jokers = [c for c in self.deck if c >= 52]
        if jokers:
            base = next((c for c in self.deck if c < 52), -1)
            fresh = base >= 0 and self.fresh[self.pool[base]]
            for c in jokers:
                self.seen[c] = True
            self._new_pool(fresh)
        # GAR-11: lowest court starts; ties to the first from the dealer's left.
        values = [VALUE[k[0]] for k in self.court]
        self.current = values.index(min(values))
        self.turn = 1
        self.moves = 0
        self.pending.push("turn", [self.current])
        keep = cards.code(self.court[self.current][0])
        events.append(Event("first_player", {"seat": self.current, "keep": keep}))
        events.append(Event("turn", {"seat": self.current, "turn": self.turn}))
        return events

    def _setup_draw(self, events: list[Event]) -> int:
        """GAR-1: a Joker met during set-up goes back into the deck at random
        (below any stacked cards still to come) and the next card is drawn.
        A reshuffle is added to ``events``."""
        while True:
            if not self.deck:  # GAR-11, should set-up exhaust the deck
                events += self._reshuffle()
            c = self.deck.pop()
            if self._stacked_left:
                self._stacked_left -= 1
            if c < 52:
                return c
            self.seen[c] = True  # everyone saw the Joker
            if all(d >= 52 for d in self.deck):  # only Jokers left: reshuffle first
                events += self._reshuffle()  # everyone knows: only Jokers were left
            self.deck.insert(self.rng.randrange(len(self.deck) - self._stacked_left + 1), c)

    def _reshuffle(self) -> list[Event]:
        """GAR-11: the discard pile is shuffled into the deck (empty, or only
        Jokers in the set-up), a new pool every seat has seen; said to all."""
        count = len(self.discard)
        self.deck += self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        self._new_pool(fresh=False)
        return [] if self.quiet else [Event("reshuffle", {"cards": count})]

    def _new_pool(self, fresh: bool) -> None:
        """The deck, as it now is, becomes a new pool; a pool that is not fresh
        holds only cards every seat has seen."""
        q = len(self.fresh)
        self.fresh.append(fresh)
        pool, seen = self.pool, self.seen
        for c in self.deck:
            pool[c] = q
            if not fresh:
                seen[c] = True

    # -- the keep ----------------------------------------------------------------
    def keep_value(self, seat: int) -> int:
        """Face-up hearts plus clubs (GAR-9: a fallen heart counts nothing)."""
        return sum(VALUE[c] for c in self.court[seat]) + sum(VALUE[c] for c in self.garrison[seat])

    def keep_status(self, seat: int) -> str:
        if not self.fallen[seat]:
            return STANDING
        return PARTLY if self.court[seat] else FALLEN

    def may_add(self, seat: int, c: int) -> str | None:
        """Why ``c`` may not join ``seat``'s keep now, or None (GAR-9)."""
        s = c & 3
        if c >= 52 or s not in (HEART, CLUB):
            return f"only hearts and clubs join a keep, not {cards.name(c)}"
        if self.fallen[seat]:
            if not self.court[seat]:
                return "your keep has fallen: rebuild a heart before upgrading it"
            if s == CLUB:
                return "your keep is only partly rebuilt: it takes hearts, not clubs, until fully rebuilt"
        return None

    def besiegeable(self, by: int, t: int) -> str | None:
        """Why ``by`` may not send levies against seat ``t`` (GAR-8, GAR-13)."""
        if t >= self.n:
            return f"there is no seat P{t}: seats are P0 to P{self.n - 1}"
        if t == by:
            return "you cannot besiege your own keep"
        if not self.court[t]:
            return f"P{t}'s keep has fully fallen: there is nothing left to besiege"
        return None

    def _check_win(self, seat: int) -> list[Event]:
        """GAR-10: the moment a keep reaches the target, its owner wins."""
        value = self.keep_value(seat)
        if value < self.target:
            return []
        self.winner = seat
        self._finish()
        if self.quiet:
            return []
        return [Event("win", {"seat": seat, "keep": value, "target": self.target})]

    def _finish(self) -> None:
        self.ended = True
        self.pending.items.clear()

    def _fall(self, seat: int) -> list[int]:
        """A keep falls: besieging spades, then clubs, are discarded; every heart
        is turned face down (the text's order). Returns the cards discarded."""
        gone = self.siege[seat] + self.garrison[seat]
        self.discard.extend(self.siege[seat])
        self.discard.extend(self.garrison[seat])
        self.siege[seat] = []
        self.siege_by[seat] = []
        self.garrison[seat] = []
        self.fallen[seat].extend(self.court[seat])
        self.court[seat] = []
        return gone

    # -- drawing -----------------------------------------------------------------
    def _draw(self, events: list[Event]) -> int:
        """The top card of the deck; GAR-11: an empty deck is first refilled by
        shuffling the discard pile (added to ``events``). -1 when both are empty."""
        if not self.deck:
            if not self.discard:
                return -1
            events += self._reshuffle()
            if self.chain:
                spies.void_named(self)
        return self.deck.pop()

    def _draw_to_three(self, seat: int) -> list[Event]:
        hand = self.hands[seat]
        drawn = []
        events: list[Event] = []
        while len(hand) < HAND_LIMIT:
            c = self._draw(events)
            if c < 0:
                break
            hand.append(c)  # GAR-3: a Joker drawn into a hand does nothing
            drawn.append(c)
        if not drawn or self.quiet:
            return events
        return [
            *events,
            Event("drew", {"seat": seat, "count": len(drawn)}),
            Event("drew_cards", {"seat": seat, "cards": codes(drawn)}, to=frozenset((seat,))),
        ]

    def _from_hand(self, seat: int, c: int) -> None:
        self.hands[seat].remove(c)
        known = self.known[seat]
        if c in known:
            known.remove(c)

    def _show(self, seat: int, cs: Any) -> None:
        """Cards named by a declared move become known to every seat."""
        known = self.known[seat]
        for c in cs:
            if c >= 0 and c not in known and c in self.hands[seat]:
                known.append(c)

    # -- who may do what -----------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        top = self.pending.top
        if top is None or seat not in top.waiting:
            return []
        if top.kind == "reaction":
            return spies.reaction_actions(self, seat)
        return self.turn_actions(seat)

    def choices_public(self, seat: int) -> bool:
        """A hand every seat has seen (an empty one too) hides nothing: every
        move it allows, a spy in a reaction window included, is plain."""
        known = self.known[seat]
        return all(c in known for c in self.hands[seat])

    def turn_actions(self, seat: int) -> list[Action]:
        return moves.turn_actions(self, seat)

    def random_action(self, seat: int, rng: random.Random) -> Action:
        """A reaction window's answer without listing where the hand has no
        Ace (then ``pass`` is the only move); otherwise listed and picked."""
        top = self.pending.top
        if top is not None and top.kind == "reaction":
            return moves.random_answer(self, seat, rng)
        return super().random_action(seat, rng)

    def check(self, seat: int, action: Action) -> str | None:
        if not isinstance(action, GarrisonAction):
            return f"{action!r} is not a Garrison action"
        top = self.pending.top
        if top is None:
            return "the game is over"
        if top.kind == "reaction":
            return spies.reaction_reason(self, seat, action)
        kind = action.kind
        if kind == "pass":
            return "there is nothing to respond to: it is your turn; make a move or 'end'"
        if action.spy:
            return spies.spy_reason(self, seat, action, in_window=False)
        return moves.move_reason(self, seat, action)

    def play(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, GarrisonAction)
        top = self.pending.top
        assert top is not None
        if top.kind == "reaction":
            return spies.respond(self, seat, action)
        if action is END:  # GAR-18: the end of the turn opens a window too
            return spies.declare(self, Item("action", seat, END))
        if action.spy:
            return spies.declare_spy(self, seat, action)
        self._show(seat, (action.card, *action.pay))
        self.moves += 1
        return spies.declare(self, Item("action", seat, action))

    # -- Play: the moves, as they resolve -------------------------------------------
    def resolve_move(self, seat: int, a: GarrisonAction) -> list[Event]:
        """Carry out a declared move once its window has closed: ``end`` ends
        the turn (GAR-18); an ordinary move resolves in ``moves.resolve``."""
        if a is END:
            return self._end_turn()
        return moves.resolve(self, seat, a)

    # -- End of turn ---------------------------------------------------------------
    def _end_turn(self) -> list[Event]:
        """GAR-11: draw to three (nothing responds after it: the window of
        ``end`` has closed, GAR-18); GAR-8: every siege is then checked,
        clockwise from the player whose turn it was."""
        seat = self.current
        events: list[Event] = []
        if not self.quiet:
            events.append(Event("end_turn", {"seat": seat}))
        events += self._draw_to_three(seat)
        n = self.n
        for k in range(n):
            t = (seat + k) % n
            besiegers = self.siege[t]
            if besiegers and sum(VALUE[c] for c in besiegers) > self.keep_value(t):
                gone = self._fall(t)
                if not self.quiet:
                    events.append(Event("keep_fell", {"seat": t, "discarded": codes(gone)}))
        self.pending.pop()
        if self.turn >= self.options.max_rounds * n:  # GAR-12
            self._finish()
            if not self.quiet:
                events.append(Event("game_over", {"reason": "rounds", "scores": self.scores}))
            return events
        self.turn += 1
        self.moves = 0
        self.current = (seat + 1) % n
        self.pending.push("turn", [self.current])
        if not self.quiet:
            events.append(Event("turn", {"seat": self.current, "turn": self.turn}))
        # GAR-7: at the start of a turn, empty market spaces are refilled.
        events += spies.refill(self, self.current)
        events += spies.settle(self)
        return events

    # -- results -----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.ended

    @property
    def scores(self) -> list[float]:
        """Each keep's value (GAR-10: the winner's reached the target)."""
        return [float(self.keep_value(s)) for s in range(self.n)]

    @property
    def winners(self) -> list[int]:
        if not self.ended:
            return []
        if self.winner >= 0:
            return [self.winner]
        s = self.scores
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    # -- views -------------------------------------------------------------------
    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {
            "deck": list(self.deck),
            "discard": list(self.discard),
            "market": [m for m in self.market if m >= 0],
            "chain": [i.card for i in self.chain if i.kind == "spy"],
        }
        for s in range(self.n):
            z[f"hand{s}"] = list(self.hands[s])
            z[f"court{s}"] = list(self.court[s])
            z[f"fallen{s}"] = list(self.fallen[s])
            z[f"garrison{s}"] = list(self.garrison[s])
            z[f"siege{s}"] = list(self.siege[s])
        return z

    def hidden_from(self, seat: int | None) -> set[str]:
        """The cards of the deck and of other seats' hands (those not shown)
        that ``seat`` has never seen. A card every seat saw before a reshuffle
        took it back is known to be somewhere in its pool (the deck or a hand
        that drew from it), and the observation lists it there; its place in
        the pool stays hidden."""
        seen = self.seen
        hidden = {c for c in self.deck if not seen[c]}
        for s in range(self.n):
            if s != seat:
                known = self.known[s]
                hidden.update(c for c in self.hands[s] if c not in known and not seen[c])
        return {_CODE[c] for c in hidden}

    def clone(self) -> GarrisonState:
        new = GarrisonState.__new__(GarrisonState)
        new._copy_base(self)
        new.n = self.n
        new.target = self.target
        new.current = self.current
        new.turn = self.turn
        new.moves = self.moves
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.market = self.market[:]
        new.hands = [h[:] for h in self.hands]
        new.known = [k[:] for k in self.known]
        new.court = [k[:] for k in self.court]
        new.fallen = [k[:] for k in self.fallen]
        new.garrison = [k[:] for k in self.garrison]
        new.siege = [k[:] for k in self.siege]
        new.siege_by = [k[:] for k in self.siege_by]
        new.chain = [i.copy() for i in self.chain]
        new.winner = self.winner
        new.ended = self.ended
        new.pool = self.pool[:]
        new.fresh = self.fresh[:]
        new.seen = self.seen[:]
        new._stacked_left = self._stacked_left
        return new
