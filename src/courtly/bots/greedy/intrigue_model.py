"""What the Intrigue heuristic (``intrigue.py``) believes about the game, in
plain lists (``Model``): each character's support so far and the cards still
to come, the chances each character wins the round and becomes Monarch, and
what a position pays a seat (``Model.payoff``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.games.intrigue import cards as C

ENDS = [card.ends for card in C.DECK]
"""Each deck card's Relationship end values (zeros for other cards)."""
_WORTH = {ch: [C.support_value(c, ch) for c in range(C.DECK_SIZE)] for ch in C.CHARACTER_IDS}
"""Each deck card's support value for each Character."""
TOKEN_WORTH = [(t, C.token_letter(t), C.token_value(t) + 1) for t in range(6)]
"""Each support token: its character and what backing a winner with it pays (+1)."""


class Model:
    """What the bot believes about the game, in plain lists."""

    def __init__(self, obs: Mapping[str, Any], w: Mapping[str, float]) -> None:
        self.weights = w
        me = self.me = obs["seat"]
        chars = self.chars = [C.BY_CODE[c] for c in obs["characters"]]
        prio = self.prio = [C.priority(c) for c in chars]
        order = sorted(range(3), key=lambda x: prio[x])
        edge = [0.0, 0.0, 0.0]
        for rank, x in enumerate(order):
            edge[x] = w["edge"] * rank
        self.edge = edge
        self.tokens = [-1 if h is None else h for h in obs["tokens"].values()]
        backs: list[set[int]] = [set(), set(), set()]
        for t, h in enumerate(self.tokens):
            if h >= 0:
                backs[h].add(t >> 1)
        seen = set()
        for code in obs["hand"]:
            seen.add(C.BY_CODE[code])
        for code in obs["discard"]:
            seen.add(C.BY_CODE[code])
        self.rels: list[tuple[int, int, int] | None] = []
        for r in obs["relationships"]:
            if r is None:
                self.rels.append(None)
            else:
                c = C.BY_CODE[r["card"]]
                seen.add(c)
                self.rels.append((c, C.LETTERS.index(r["left"]), C.LETTERS.index(r["right"])))
        known = [0.0, 0.0, 0.0]
        hidden: list[list[int]] = [[], [], []]
        worth = self.worth = [_WORTH[ch] for ch in chars]
        for x, stack in enumerate(obs["stacks"]):
            col = worth[x]
            for e in stack:
                if "card" in e:
                    c = C.BY_CODE[e["card"]]
                    seen.add(c)
                    known[x] += col[c]
                else:
                    hidden[x].append(e["by"])
        pool = [c for c in range(C.DECK_SIZE) if c not in seen]
        self.mean = [0.0, 0.0, 0.0]
        self.unknown = [len(h) for h in hidden]
        base = [0.0, 0.0, 0.0]
        read, read_neg = w["read"], w["read_neg"]
        for x in range(3):
            if not hidden[x]:
                base[x] = known[x]
                continue
            col = worth[x]
            total = good = goods = 0
            for c in pool:
                v = col[c]
                total += v
                if v > 0:
                    good += v
                    goods += 1
            n = len(pool)
            mean = self.mean[x] = total / n if n else 0.0
            up = (good / goods - mean) * read if goods else 0.0
            down = ((total - good) / (n - goods) - mean) * read_neg if n > goods else 0.0
            b = known[x]
            for by in hidden[x]:
                mine = backs[by]
                if x in mine:
                    b += mean + up
                elif mine:
                    b += mean + down
                else:
                    b += mean
            base[x] = b
        self.base = base
        # Cards still to be played this round: about one a seat a turn until the
        # first hand runs out.
        sizes = obs["hand_sizes"]
        self.hand_sizes = sizes
        turn = obs["decision"] == "turn"
        after = list(sizes)
        if turn:
            after[me] -= 1
        # Plays each seat has left this round if it plays a card now, or not.
        self.plays = (_plays(after, me), _plays(sizes, me) if turn else _plays(after, me))
        left = sum(self.plays[0]) + sum(self.unknown)
        self.beta = w["beta"] / math.sqrt(1.0 + w["spread"] * left)
        self.char_points = list(obs["character_points"])
        self.rounds_after = obs["options"]["rounds"] - obs["round"]
        self._now: float | None = None
        self._chances: dict[tuple[int, ...], list[float]] = {}
        self._backed: dict[tuple[int, int, bool], float] = {}
        self._pushed = (self.push(self.tokens, True), self.push(self.tokens, False))
        self.stake = self._stake(obs)
        self.staked = bool(self.stake[0] or self.stake[1] or self.stake[2])
        self._monarch: list[list[float]] | None = None
        self._pm: list[float] | None = None

    @property
    def monarch(self) -> list[list[float]]:
        """For each winner of this round, each character's chance to ascend."""
        if self._monarch is None:
            self._monarch = self.monarch_table()
        return self._monarch

    @property
    def pm(self) -> list[float]:
        """Each character's chance to ascend, as things stand."""
        if self._pm is None:
            self._pm = self.monarch_chances(self.chances(self.base, self.rels))
        return self._pm

    def push(self, toks: Sequence[int], played: bool) -> list[float]:
        """The support each character is expected to get from the cards still to be
        played this round: each seat plays for the character of its best token."""
        plays = self.plays[0 if played else 1]
        best = [-1, -1, -1]
        worth = [0, 0, 0]
        for t, h in enumerate(toks):
            if h >= 0 and C.token_value(t) > worth[h]:
                worth[h] = C.token_value(t)
                best[h] = t >> 1
        out = [0.0, 0.0, 0.0]
        k = self.weights["push"]
        for seat in range(3):
            if best[seat] >= 0:
                out[best[seat]] += k * plays[seat]
        return out

    # -- this round --------------------------------------------------------------------
    def totals(self, base: list[float], rels: list[tuple[int, int, int] | None]) -> list[float]:
        t = [base[0] + self.edge[0], base[1] + self.edge[1], base[2] + self.edge[2]]
        for r in rels:
            if r is None:
                continue
            c, lt, rt = r
            lv, rv = ENDS[c]
            t[lt] += lv
            t[rt] += rv
            if c == C.DEBT and (self.unknown[lt] or base[lt]):
                moved = self.mean[lt] if self.unknown[lt] else 0.5
                t[lt] -= moved
                t[rt] += moved
        return t

    def chances(
        self,
        base: list[float],
        rels: list[tuple[int, int, int] | None],
        toks: Sequence[int] | None = None,
        played: bool = True,
    ) -> list[float]:
        """Each character's chance to win this round."""
        t = self.totals(base, rels)
        if toks is None or toks is self.tokens:
            push = self._pushed[0 if played else 1]
        else:
            push = self.push(toks, played)
        t = [t[0] + push[0], t[1] + push[1], t[2] + push[2]]
        top = max(t)
        beta = self.beta
        w0 = math.exp(beta * (t[0] - top))
        w1 = math.exp(beta * (t[1] - top))
        w2 = math.exp(beta * (t[2] - top))
        s = w0 + w1 + w2
        p = [w0 / s, w1 / s, w2 / s]
        for r in rels:
            if r is not None and r[0] == C.BLACKMAIL:
                _, bl, victim = r
                p[bl] += p[victim]
                p[victim] = 0.0
        return p

    # -- the game ---------------------------------------------------------------------
    def _later(self, rels: list[tuple[int, int, int] | None]) -> list[float]:
        """Each character's chance to win a later round, from what stays in play."""
        t = list(self.edge)
        for r in rels:
            if r is not None:
                lv, rv = ENDS[r[0]]
                t[r[1]] += lv
                t[r[2]] += rv
        k = self.weights["later"]
        top = max(t)
        e = [math.exp(k * (v - top)) for v in t]
        s = sum(e)
        q = [v / s for v in e]
        for r in rels:
            if r is not None and r[0] == C.BLACKMAIL:
                q[r[1]] += q[r[2]]
                q[r[2]] = 0.0
        return q

    def monarch_table(self, points: list[int] | None = None) -> list[list[float]]:
        """For each winner of this round, each character's chance to ascend."""
        pts = self.char_points if points is None else points
        q = self._later(self.rels)
        # The later rounds: each split of their wins, with its chance.
        splits: list[tuple[float, tuple[int, int, int]]] = [(1.0, (0, 0, 0))]
        for _ in range(max(0, self.rounds_after)):
            nxt = []
            for pr, wins in splits:
                for x in range(3):
                    if q[x] > 0:
                        won = list(wins)
                        won[x] += 1
                        nxt.append((pr * q[x], (won[0], won[1], won[2])))
            splits = nxt
        prio = self.prio
        table = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
        for pr, wins in splits:
            # Most point tokens, ties to the higher Priority (below 8).
            k0 = (pts[0] + wins[0]) * 8 + prio[0]
            k1 = (pts[1] + wins[1]) * 8 + prio[1]
            k2 = (pts[2] + wins[2]) * 8 + prio[2]
            for w0, row in enumerate(table):
                a = k0 + 8 if w0 == 0 else k0
                b = k1 + 8 if w0 == 1 else k1
                c = k2 + 8 if w0 == 2 else k2
                row[0 if a > b and a > c else (1 if b > c else 2)] += pr
        return table

    def monarch_chances(
        self, p: list[float], table: list[list[float]] | None = None
    ) -> list[float]:
        m = self.monarch if table is None else table
        return [p[0] * m[0][x] + p[1] * m[1][x] + p[2] * m[2][x] for x in range(3)]

    def _stake(self, obs: Mapping[str, Any]) -> list[float]:
        """What its played Favors pay if each character ascends."""
        me = self.me
        out = [0.0, 0.0, 0.0]
        earlier: list[int] = []  # letters of earlier Favors (-1: a rival's, unknown)
        for f in obs["favors_played"]:
            if f["by"] != me:
                earlier.append(-1)
                continue
            x = (C.BY_CODE[f["card"]] - C.FIRST_FAVOR) % 3
            first = 1.0 if x not in earlier else 0.0
            rivals = earlier.count(-1)
            if first and rivals:
                first = 0.5**rivals  # a rival's Favor may have gone first
            for y in range(3):
                out[y] += (1.0 + 2.0 * first) if y == x else -1.0
            earlier.append(x)
        self.earlier = earlier
        return out

    def favor_worth(self, x: int, pm: list[float]) -> float:
        """Playing a Favor for ``x`` now: what it is expected to pay."""
        first = 1.0
        for y in self.earlier:
            if y == x:
                first = 0.0
            elif y < 0:
                first *= 1.0 - pm[x]
        return pm[x] * (1.0 + 2.0 * first) - (1.0 - pm[x])

    # -- payoffs ----------------------------------------------------------------------
    def payoff(
        self,
        base: list[float] | None = None,
        rels: list[tuple[int, int, int] | None] | None = None,
        tokens: list[int] | None = None,
        played: bool = True,
    ) -> float:
        """Expected points from the seat's support tokens this round and its
        Favors' stake; ``played``: whether a card leaves its hand."""
        if base is None and rels is None and tokens is None and played:
            if self._now is None:
                self._now = self._payoff(self.base, self.rels, self.tokens, True)
            return self._now
        return self._payoff(
            self.base if base is None else base,
            self.rels if rels is None else rels,
            self.tokens if tokens is None else tokens,
            played,
        )

    def _payoff(
        self,
        base: list[float],
        rels: list[tuple[int, int, int] | None],
        toks: list[int],
        played: bool,
    ) -> float:
        if base is self.base and rels is self.rels:  # only the tokens differ
            key = (*toks, played)
            p = self._chances.get(key)
            if p is None:
                p = self._chances[key] = self.chances(base, rels, toks, played)
        else:
            p = self.chances(base, rels, toks, played)
        me = self.me
        out = 0.0
        theirs = 0.0
        for t, x, worth in TOKEN_WORTH:
            h = toks[t]
            if h == me:
                out += p[x] * worth - 1
            elif h >= 0:
                theirs += p[x] * worth - 1
        out -= self.weights["rival"] * theirs / 2
        if self.staked:
            stake = self.stake
            pm = self.monarch_chances(p)
            out += self.weights["future"] * (pm[0] * stake[0] + pm[1] * stake[1] + pm[2] * stake[2])
        return out

    def payoff_backed(self, x: int, value: int, played: bool = True) -> float:
        """``payoff`` with ``value`` more support behind letter ``x`` (kept: many
        cards add the same); ``played``: whether its hand is a card shorter."""
        key = (x, value, played)
        out = self._backed.get(key)
        if out is None:
            base = list(self.base)
            base[x] += value
            out = self._backed[key] = self.payoff(base=base, played=played)
        return out

    def lasting(self, old: tuple[int, int, int] | None, new: tuple[int, int, int] | None) -> float:
        """What a relationship changed from ``old`` to ``new`` is worth in the later
        rounds, for the characters its Favors back."""
        if not self.rounds_after:
            return 0.0
        stake = self.stake
        mean = (stake[0] + stake[1] + stake[2]) / 3
        out = 0.0
        for r, sign in ((old, -1.0), (new, 1.0)):
            if r is not None:
                lv, rv = ENDS[r[0]]
                out += sign * (lv * (stake[r[1]] - mean) + rv * (stake[r[2]] - mean))
        return out * self.weights["rel_future"] * self.rounds_after


def _plays(sizes: Sequence[int], me: int) -> list[int]:
    """The cards each seat plays before the first hand runs out, each playing one
    a turn from the seat after ``me`` on."""
    if min(sizes) <= 0:
        return [0, 0, 0]
    order = ((me + 1) % 3, (me + 2) % 3, me)
    end = min(3 * (sizes[s] - 1) + i for i, s in enumerate(order))
    out = [0, 0, 0]
    for i, s in enumerate(order):
        if end >= i:
            out[s] = (end - i) // 3 + 1
    return out
