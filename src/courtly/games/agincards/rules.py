"""Agincards: the rules, in the order of the rule text.

Flow of a game (the pending decision at each point):

    SETUP         deal five cards to each seat, draw the seed card, five tokens
                  each, scores 0
    TURNS         seat 0 first, then clockwise
      turn        play a card onto the map, or pass          (AGI-8)
                  (reclaim=manual: reclaim spotted tokens first, AGI-7)
                  the card scores for tokens in its runs     (AGI-5)
                  tokens that can no longer score return     (AGI-7, AGI-10)
      token       if a token is in hand: put one on the card just placed, or
                  not (AGI-6); (reclaim=manual: reclaim spotted tokens first,
                  AGI-10); a token on a spent card returns at once (AGI-10);
                  then the player draws up to five           (AGI-8)
    THE END       every player passes in a row, or the deck and every hand
                  are empty                                  (AGI-8)

PLACEMENT, RUNS and DEAD SPACE live in ``map.py`` (AGI-1..AGI-3), with the
table, which has no edge unless the ``table`` option gives it one (AGI-9);
SCORE RUNS here (AGI-4, AGI-5). Ruling ids refer to this game's RULES.md.
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

from courtly import cards
from courtly.engine.actions import Action
from courtly.engine.errors import OptionError
from courtly.engine.events import Event
from courtly.engine.game import SHARED_HISTORY, Game, State
from courtly.games.agincards.actions import (
    ACTIONS,
    NO_TOKEN,
    PASS,
    PER_CARD,
    PLACE0,
    RECLAIM0,
    TOKEN,
    AgincardsAction,
    place_action,
)
from courtly.games.agincards.map import (
    SEED_INDEX,
    SIDES,
    WIDTH,
    Map,
    ref_name,
    xy,
)
from courtly.games.agincards.options import AgincardsOptions

HAND = 5
TOKENS = 5
SECOND_DECK = 100  # the second deck's cards are 100 + c (same codes)
SHARED_MAP = 1 << 1
"""A bit of ``State._shared``: the map is shared with a clone (``_own_map``)."""


def code_of(card: int) -> str:
    return cards.code(card % SECOND_DECK)


def _codes(cs: Any) -> list[str]:
    return [cards.code(c % SECOND_DECK) for c in cs]


class AgincardsState(State):
    """A position of Agincards."""

    # fmt: off
    __slots__ = (
        "deck", "hands", "just_placed", "map", "passes", "run_points", "score", "token_cells",
        "token_points", "tokens", "turn",
    )
    # fmt: on

    game: Game
    options: AgincardsOptions

    # -- SETUP ------------------------------------------------------------------
    def setup(self, game: Game, players: int, seed: int, options: AgincardsOptions) -> list[Event]:
        """Deal the game; what the set-up did, for the log (``Game.opening``)."""
        self._init_base(game, players, seed, options)
        if players > 4 and options.decks == 1:
            raise OptionError(
                f"{players} players need two packs: add decks=2 (one pack is for 1 to 4)"
            )
        pack = full_pack(options.decks)
        stacked = options.stacked()
        if stacked is None:
            order = pack
            self.rng.shuffle(order)
        else:
            order = self._stacked_order(stacked, pack, players, options.decks)
        self.hands: list[list[int]] = [order[s * HAND : (s + 1) * HAND] for s in range(players)]
        seed_card = order[players * HAND]
        self.deck: list[int] = order[players * HAND + 1 :][::-1]  # top is the end
        self.map = Map(options.table // 2)
        self.map.place(SEED_INDEX, seed_card)
        self.tokens = [TOKENS] * players
        self.token_cells: dict[int, int] = {}  # cell -> owner, in order placed
        self.score = [0] * players
        self.token_points = [0] * players
        self.run_points = [0] * players
        self.turn = 0
        self.passes = 0
        self.just_placed = -1
        self.pending.push("turn", [0])
        dealt = [
            Event("dealt", {"seat": s, "cards": _codes(hand)}, to=_ONLY[s])
            for s, hand in enumerate(self.hands)
        ]
        return [*dealt, Event("seed", {"card": code_of(seed_card)})]

    def _stacked_order(
        self, stacked: list[int], pack: list[int], players: int, decks: int
    ) -> list[int]:
        """The stacked deck from the top; its second copy of a code is the
        second pack's card; cards it leaves out are shuffled beneath it."""
        need = players * HAND + 1
        if len(stacked) < need:
            raise OptionError(
                f"a stacked deck for {players} player(s) lists at least {need} cards: five "
                "per seat (seat 0's first), then the seed card, then the draw pile from the top"
            )
        seen = [0] * 52
        order = []
        for c in stacked:
            if seen[c] >= decks:
                raise OptionError(
                    f"the stacked deck lists {cards.code(c)} more than {decks} time(s); "
                    f"with decks={decks} each card is in the pack {decks} time(s)"
                )
            order.append(c + SECOND_DECK * seen[c])
            seen[c] += 1
        used = set(order)
        rest = [c for c in pack if c not in used]
        self.rng.shuffle(rest)
        return order + rest

    # -- who may do what --------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        top = self.pending.top
        if top is None or seat not in top.waiting:
            return []
        out: list[Action] = []
        m = self.map
        if self._reclaims_offered(top.kind):
            ref_at = m.ref_at
            for i, owner in self.token_cells.items():
                if owner == seat and not m.can_score(i):
                    out.append(ACTIONS[RECLAIM0 + ref_at[i]])
        if top.kind == "token":
            if self.tokens[seat]:
                out.append(ACTIONS[TOKEN])
            out.append(ACTIONS[NO_TOKEN])
            return out
        obv = m.open_by_value
        slot = m.slot
        done = 0
        for c in self.hands[seat]:
            code = c % SECOND_DECK
            bit = 1 << code
            if done & bit:
                continue
            done |= bit
            base = PLACE0 + code * PER_CARD
            for e in obv[(code >> 2) + 1]:
                out.append(ACTIONS[base + slot[e]])
        out.append(ACTIONS[PASS])
        return out

    def _reclaims_offered(self, kind: str) -> bool:
        """AGI-7, AGI-10: whether a manual reclaim may be chosen at this decision."""
        options = self.options
        return options.reclaim == "manual" and (kind == "turn" or not options.late_reclaim)

    def random_action(self, seat: int, rng: random.Random) -> Action:
        """Uniform without listing, where no reclaim is offered: the open cells
        of each distinct card's value are counted, one placement or the pass
        drawn among them all, and only that one looked up."""
        top = self.pending.top
        if top is None or top.kind != "turn" or self._reclaims_offered(top.kind):
            return super().random_action(seat, rng)
        obv = self.map.open_by_value
        codes: list[int] = []
        total = 1  # the pass
        done = 0
        for c in self.hands[seat]:
            code = c % SECOND_DECK
            bit = 1 << code
            if done & bit:
                continue
            done |= bit
            codes.append(code)
            total += len(obv[(code >> 2) + 1])
        k = rng.getrandbits(32) % total if total > 1 else 0
        for code in codes:
            cells = obv[(code >> 2) + 1]
            if k < len(cells):
                for e in cells:
                    if k == 0:
                        return ACTIONS[PLACE0 + code * PER_CARD + self.map.slot[e]]
                    k -= 1
            k -= len(cells)
        return ACTIONS[PASS]

    def choices_public(self, seat: int) -> bool:
        """Tokens and reclaims are on the table; only the hand is hidden, so a
        token decision or an empty hand shows everybody what the seat may do."""
        top = self.pending.top
        return (top is not None and top.kind == "token") or not self.hands[seat]

    def reclaimable(self, seat: int) -> list[int]:
        """Cells of ``seat``'s tokens that can no longer score (AGI-7)."""
        m = self.map
        return [i for i, o in self.token_cells.items() if o == seat and not m.can_score(i)]

    def check(self, seat: int, action: Action) -> str | None:
        if not isinstance(action, AgincardsAction):
            return f"{action!r} is not an Agincards action"
        top = self.pending.top
        kind = top.kind if top else None
        if kind == "token":
            if action.kind == "no_token":
                return None
            if action.kind == "token":
                if not self.tokens[seat]:
                    return "you hold no token to put on the card you just played"
                return None
            if action.kind == "reclaim" and not self.options.late_reclaim:
                return self._check_reclaim(seat, action.ref)
            return (
                f"first decide about a token on the card you just played, "
                f"{self._name(self.just_placed)}: 'token' or 'no token'"
            )
        if action.kind in ("token", "no_token"):
            return "a token goes only on the card you have just played (AGI-6): play a card first"
        if action.kind == "pass":
            return None
        if action.kind == "reclaim":
            return self._check_reclaim(seat, action.ref)
        return self._check_place(seat, action.card, action.ref, action.side)

    def stands_for(self, seat: int, action: Action) -> Action:
        """A placement may name its cell after any card beside it (the
        notation in RULES.md): where the card may go there, it is the legal
        placement, which names the cell as ``map.slot`` does; else itself."""
        if not isinstance(action, AgincardsAction) or action.kind != "place":
            return action
        named = self.map.slot.get(self.map.target(action.ref, action.side), -1)
        if named < 0 or named == action.ref * 4 + action.side:
            return action
        same = place_action(action.card, named // 4, named % 4)
        return same if self.check(seat, same) is None else action

    def _name(self, i: int) -> str:
        """How the card on cell ``i`` is named: ``5C``, or ``5C'`` for a second copy."""
        return ref_name(self.map.ref_at[i])

    def _check_reclaim(self, seat: int, ref: int) -> str | None:
        if self.options.reclaim == "auto":
            return "with reclaim=auto your spent tokens come back by themselves (AGI-7)"
        i = self.map.at_ref.get(ref, -1)
        if self.token_cells.get(i) != seat:
            mine = [self._name(j) for j, o in self.token_cells.items() if o == seat]
            return (
                f"you have no token on {ref_name(ref)}; your tokens are on "
                f"{', '.join(mine) or 'no card'}"
            )
        if self.map.can_score(i):
            return (
                f"your token on {ref_name(ref)} can still score: a score run from it may "
                "still grow; a token is reclaimed only when all four ends are blocked (AGI-7)"
            )
        return None

    def _check_place(self, seat: int, code: int, ref: int, side: int) -> str | None:
        hand = self.hands[seat]
        if not any(c % SECOND_DECK == code for c in hand):
            return f"you do not hold {cards.code(code)}; your hand is {' '.join(_codes(hand))}"
        m = self.map
        if ref not in m.at_ref:
            second = " second" if ref >= 52 else ""
            return f"there is no{second} {cards.code(ref % 52)} on the map to play next to"
        i = m.target(ref, side)
        where = f"{SIDES[side]} {ref_name(ref)}"
        v = (code >> 2) + 1
        if i in m.val:
            return f"the cell {where} already holds {self._name(i)}; play onto an empty cell"
        if not m.inside(i):
            return (
                f"the cell {where} is off the table: with table={self.options.table} the "
                "map stays within that square around the seed card (AGI-9)"
            )
        if not m.allows(i, v):
            reasons = []
            for step, axis in ((1, "row"), (WIDTH, "column")):
                for s in (step, -step):
                    if m.val.get(i + s) == v:
                        return (
                            f"the cell {where} touches another {_VALUE[v]}: touching "
                            "cards must differ"
                        )
                line = line_values(m, i, step)
                if line is not None and not _monotonic(line, v):
                    reasons.append(f"its {axis} would read {_show(line, v)}")
            allowed = _values(m.mask.get(i, 0))
            hint = f"that cell allows {allowed}" if allowed else "that cell is dead space"
            why = "; ".join(reasons) or "it would break a run"
            return (
                f"{cards.code(code)} cannot go {where}: {why}, and every run must rise one "
                f"way and fall the other (AGI-2); {hint}"
            )
        named = m.slot[i]
        if named != ref * 4 + side:
            # Only an action taken as it is sees this: a typed move, and
            # ``apply``, take it as the move it stands for (``stands_for``).
            return (
                f"the legal moves write that cell '{cards.code(code)} {SIDES[named % 4]} "
                f"{ref_name(named // 4)}': after the card on its left, else above, else on "
                "its right, else below (typed, any card beside it may name it)"
            )
        return None

    # -- playing --------------------------------------------------------------------------
    def play(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, AgincardsAction)
        kind = action.kind
        if kind == "place":
            return self._place(seat, action.card, action.ref, action.side)
        if kind == "token" or kind == "no_token":
            return self._token(seat, kind == "token")
        if kind == "pass":
            return self._pass(seat)
        return self._reclaim(seat, self.map.at_ref[action.ref], spotted=True)

    def _own_map(self) -> Map:
        """The map, to change: a clone shares its original's (about 42 KB by
        the end of a game) until either changes it, and that one copies it."""
        if self._shared & SHARED_MAP:
            self.map = self.map.copy()
            self._shared &= ~SHARED_MAP
        return self.map

    # -- PLACEMENT and SCORE RUNS -------------------------------------------------------------
    def _place(self, seat: int, code: int, ref: int, side: int) -> list[Event]:
        hand = self.hands[seat]
        for k, c in enumerate(hand):
            if c % SECOND_DECK == code:
                card = hand.pop(k)
                break
        m = self._own_map()
        i = m.target(ref, side)
        m.place(i, card)
        self.passes = 0
        events: list[Event] = []
        if not self.quiet:
            placed = {
                "seat": seat,
                "card": code_of(card),
                "side": SIDES[side],
                "of": ref_name(ref),
                "at": list(xy(i)),
            }
            events.append(Event("placed", placed))
        # AGI-5: every token in a score run this card extends scores the run's
        # new full length for its owner, once per token.
        token = m.token
        for step in (1, WIDTH):
            run = m.score_run(i, step)
            n = len(run)
            if n == 1:
                continue
            for j in run:
                owner = token.get(j, -1)
                if owner >= 0:
                    self.score[owner] += n
                    self.run_points[owner] += n
                    if self.quiet:
                        continue
                    events.append(
                        Event(
                            "scored",
                            {"seat": owner, "token": self._name(j), "at": list(xy(j)), "points": n},
                        )
                    )
        self.just_placed = i
        options = self.options
        first = not options.late_reclaim
        if first and options.reclaim == "auto":
            # AGI-10: tokens this card leaves with nowhere to grow come back
            # before the token decision, so one may go on this very card.
            events += self._auto_reclaim()
        if self.tokens[seat] or (first and options.reclaim == "manual" and self.reclaimable(seat)):
            self.pending.push("token", [seat])  # AGI-6
            return events
        return events + self._end_turn(seat)

    def _token(self, seat: int, placed: bool) -> list[Event]:
        self.pending.pop()
        events: list[Event] = []
        if placed:
            # AGI-5/AGI-6: a token on the card just placed scores across plus down.
            i = self.just_placed
            m = self._own_map()
            points = m.run_length(i, 1) + m.run_length(i, WIDTH)
            m.token[i] = seat
            self.token_cells[i] = seat
            self.tokens[seat] -= 1
            self.score[seat] += points
            self.token_points[seat] += points
            if not self.quiet:
                token = {"seat": seat, "card": self._name(i), "at": list(xy(i)), "points": points}
                events.append(Event("token", token))
            options = self.options
            returns = options.reclaim == "auto" and not options.late_reclaim
            if returns and not m.can_score(i):  # AGI-10: on a spent card it scores, then returns
                events += self._reclaim(seat, i, spotted=False)
        return events + self._end_turn(seat)

    # -- RECLAIMING TOKENS (AGI-7) ----------------------------------------------------------------
    def _reclaim(self, seat: int, i: int, spotted: bool) -> list[Event]:
        del self._own_map().token[i]
        del self.token_cells[i]
        self.tokens[seat] += 1
        if self.quiet:
            return []
        return [
            Event(
                "reclaimed",
                {"seat": seat, "card": self._name(i), "at": list(xy(i)), "spotted": spotted},
            )
        ]

    def _auto_reclaim(self) -> list[Event]:
        """Tokens whose four run ends are all blocked go home. Only tokens near
        the last placement can have changed (every changed cell is within two
        steps of it along its row or column)."""
        i = self.just_placed
        r, c = divmod(i, WIDTH)
        m = self.map
        events: list[Event] = []
        for j, owner in list(self.token_cells.items()):
            rj, cj = divmod(j, WIDTH)
            if (-2 <= rj - r <= 2 or -2 <= cj - c <= 2) and not m.can_score(j):
                events += self._reclaim(owner, j, spotted=False)
        return events

    # -- TURNS (AGI-8) ------------------------------------------------------------------------
    def _end_turn(self, seat: int) -> list[Event]:
        events: list[Event] = []
        options = self.options
        if options.reclaim == "auto" and options.late_reclaim:
            events += self._auto_reclaim()  # AGI-10 (option): only after the token decision
        self.just_placed = -1
        hand = self.hands[seat]
        if len(hand) < HAND and self.deck:
            card = self.deck.pop()
            hand.append(card)
            if not self.quiet:
                events.append(Event("drew", {"seat": seat}))
                drew = {"seat": seat, "card": code_of(card)}
                events.append(Event("drew_card", drew, to=_ONLY[seat]))
        if not self.deck and not any(self.hands):
            return events + self._game_over("every card has been played")
        return events + self._next_turn()

    def _pass(self, seat: int) -> list[Event]:
        self.passes += 1
        # Whether a card could have gone down depends on the hidden hand: the
        # pass says nothing about it.
        events = [] if self.quiet else [Event("passed", {"seat": seat})]
        if self.passes >= self.players:
            return events + self._game_over("every player passed in a row")
        return events + self._next_turn()

    def _next_turn(self) -> list[Event]:
        self.turn = (self.turn + 1) % self.players
        top = self.pending.top
        assert top is not None
        top.waiting[:] = [self.turn]
        return []

    # -- THE END ------------------------------------------------------------------------------
    def _game_over(self, why: str) -> list[Event]:
        self.pending.items.clear()
        if self.quiet:
            return []
        return [
            Event("game_over", {"why": why, "scores": list(self.score), "winners": self.winners})
        ]

    @property
    def over(self) -> bool:
        return not self.pending.items

    @property
    def scores(self) -> list[float]:
        return [float(s) for s in self.score]

    # -- views ----------------------------------------------------------------------------
    def zones(self) -> dict[str, list[int]]:
        m = self.map
        z: dict[str, list[int]] = {"map": [m.card[i] for i in m.order], "deck": list(self.deck)}
        for seat in range(self.players):
            z[f"hand{seat}"] = list(self.hands[seat])
        return z

    def hidden_from(self, seat: int | None) -> set[str]:
        """Codes of cards ``seat`` cannot place: other hands and the draw pile.
        With two packs a code is hidden only while no copy of it is in sight
        (the copies are alike, so seeing one says nothing about the other)."""
        hidden: set[int] = set(c % SECOND_DECK for c in self.deck)
        for other in range(self.players):
            if other != seat:
                hidden.update(c % SECOND_DECK for c in self.hands[other])
        seen = {c % SECOND_DECK for c in self.map.card.values()}
        if seat is not None:
            seen.update(c % SECOND_DECK for c in self.hands[seat])
        return {cards.code(c) for c in hidden - seen}

    def clone(self) -> AgincardsState:
        new = AgincardsState.__new__(AgincardsState)
        new._copy_base(self, SHARED_HISTORY | SHARED_MAP)
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck[:]
        new.map = self.map  # shared until either changes it (``_own_map``)
        new.tokens = self.tokens[:]
        new.token_cells = self.token_cells.copy()
        new.score = self.score[:]
        new.token_points = self.token_points[:]
        new.run_points = self.run_points[:]
        new.turn = self.turn
        new.passes = self.passes
        new.just_placed = self.just_placed
        return new


def full_pack(decks: int) -> list[int]:
    return list(range(52)) + ([c + SECOND_DECK for c in range(52)] if decks == 2 else [])


_ONLY = [frozenset((s,)) for s in range(8)]
_VALUE = ["", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"]


def line_values(m: Map, i: int, step: int) -> list[int] | None:
    """The values of the line through empty ``i`` along ``step``, with 0 at ``i``
    (None when ``i`` has no card on either side along that axis)."""
    val = m.val
    left = []
    j = i - step
    while j in val:
        left.append(val[j])
        j -= step
    right = []
    j = i + step
    while j in val:
        right.append(val[j])
        j += step
    if not left and not right:
        return None
    return [*left[::-1], 0, *right]


def _monotonic(line: list[int], v: int) -> bool:
    vals = [v if x == 0 else x for x in line]
    return all(a < b for a, b in pairwise(vals)) or all(a > b for a, b in pairwise(vals))


def _show(line: list[int], v: int) -> str:
    return " ".join(f"[{_VALUE[v]}]" if x == 0 else _VALUE[x] for x in line)


def _values(mask: int) -> str:
    return ", ".join(_VALUE[v] for v in range(1, 14) if mask >> v & 1)
