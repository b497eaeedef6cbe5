"""Three Tricks: the state and its rules (RULES.md)."""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from tests.sixth.actions import ACTIONS, BIDS, CARD, DECK, HAND, PLAY, STRENGTH, VALUE, is_ours

SPADES = cards.SPADES


class TricksState(State):
    """One position of Three Tricks."""

    # fmt: off
    __slots__ = (
        "bids", "hands", "leader", "played", "round", "score", "stock", "taken", "trick",
    )
    # fmt: on

    hands: list[list[int]]
    stock: list[int]
    bids: list[int | None]
    trick: list[tuple[int, int]]
    """The current trick: (seat, card) in the order played."""
    played: list[int]
    """Cards of this round's finished tricks."""
    taken: list[int]
    """Tricks each seat took this round."""
    score: list[int]
    round: int
    """0-based; equal to the option ``rounds`` once the game is over."""
    leader: int

    def setup(self, game: Game, players: int, seed: int, options: Any) -> list[Event]:
        self._init_base(game, players, seed, options)
        self.score = [0] * players
        self.round = 0
        return self._deal()

    def _deal(self) -> list[Event]:
        n = self.players
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(n)]
        self.stock = sorted(deck[n * HAND :])
        self.bids = [None] * n
        self.trick = []
        self.played = []
        self.taken = [0] * n
        self.leader = self.round % n
        self.pending.push("bid", list(range(n)))
        if self.quiet:
            return []
        return [
            Event("dealt", {"seat": s, "cards": cards.codes(self.hands[s])}, frozenset({s}))
            for s in range(n)
        ]

    # -- legality -------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Any]:
        top = self.pending.top
        if top is None or seat not in top.waiting:
            return []
        if top.kind == "bid":
            return ACTIONS[:BIDS]
        return [PLAY[c] for c in self.hands[seat]]

    def check(self, seat: int, action: Any) -> str | None:
        if not is_ours(action):
            return f"{action} is not a move of Three Tricks"
        top = self.pending.top
        assert top is not None
        if top.kind == "bid":
            return None if action.kind == "bid" else "everyone bids first: bid 0 to 3"
        if action.kind != "play":
            return "the bids are in: play a card"
        if CARD[action.id] not in self.hands[seat]:
            return f"you do not hold {cards.code(CARD[action.id])}"
        return None

    # -- play -----------------------------------------------------------------------
    def play(self, seat: int, action: Any) -> list[Event]:
        quiet = self.quiet
        events: list[Event] = []
        if action.kind == "bid":
            self.bids[seat] = VALUE[action.id]
            if not quiet:
                events.append(Event("bid_made", {"seat": seat}))
            if self.pending.done(seat):
                if not quiet:
                    events.append(Event("bids", {"bids": list(self.bids)}))
                self.pending.push("play", [self.leader])
            return events
        card = CARD[action.id]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if not quiet:
            events.append(Event("played", {"seat": seat, "card": cards.code(card)}))
        self.pending.pop()
        if len(self.trick) < self.players:
            self.pending.push("play", [(seat + 1) % self.players])
            return events
        winner = self._winner()
        self.taken[winner] += 1
        if not quiet:
            events.append(
                Event("trick", {"winner": winner, "cards": [cards.code(c) for _, c in self.trick]})
            )
        self.played += [c for _, c in self.trick]
        self.trick = []
        self.leader = winner
        if self.hands[winner]:
            self.pending.push("play", [winner])
            return events
        return events + self._score_round()

    def _winner(self) -> int:
        led = cards.suit(self.trick[0][1])
        best: tuple[int, int] = (-1, -1)
        for seat, c in self.trick:
            rank = STRENGTH[c]
            if self.options.trumps and cards.suit(c) == SPADES:
                rank += 100
            elif cards.suit(c) != led:
                continue
            if rank > best[0]:
                best = (rank, seat)
        return best[1]

    def _score_round(self) -> list[Event]:
        gained = [
            t + (self.options.exact_bonus if t == b else 0)
            for t, b in zip(self.taken, self.bids, strict=True)
        ]
        self.score = [s + g for s, g in zip(self.score, gained, strict=True)]
        events = [] if self.quiet else [Event("round_scored", {"gained": gained})]
        self.round += 1
        self.stock = sorted(self.stock + self.played)
        self.played = []
        if self.round < self.options.rounds:
            events += self._deal()
        return events

    # -- what is where -------------------------------------------------------------------
    def zones(self) -> dict[str, list[int]]:
        out = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        out["stock"] = list(self.stock)
        out["trick"] = [c for _, c in self.trick]
        out["played"] = list(self.played)
        return out

    def hidden_from(self, seat: int | None) -> set[str]:
        seen = {c for _, c in self.trick} | set(self.played)
        if seat is not None:
            seen |= set(self.hands[seat])
        return {cards.code(c) for c in DECK if c not in seen}

    # -- results -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.round >= self.options.rounds

    @property
    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    def clone(self) -> TricksState:
        s = TricksState.__new__(TricksState)
        s._copy_base(self)
        s.hands = [list(h) for h in self.hands]
        s.stock = list(self.stock)
        s.bids = list(self.bids)
        s.trick = list(self.trick)
        s.played = list(self.played)
        s.taken = list(self.taken)
        s.score = list(self.score)
        s.round = self.round
        s.leader = self.leader
        return s
