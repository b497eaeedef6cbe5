"""The ``normal`` Intrigue player: relationships and favors, weighed.

It estimates each character's support this round from what it can see: the
cards it knows in each stack; for each face-down card, the average worth of the
cards it has not seen, leaning to the good ones when the player who laid it
holds that character's token and to the bad ones when that player backs
another; and the relationships (Debt as an average card moved, Blackmail
handing the victim's chances to the blackmailer). A softmax of those totals
gives each character's chance to win the round, surer as fewer cards remain to
be played; ties go to the higher Priority.

Its plan spans the game: it works out each character's chance to ascend to the
throne (this round's chances, then the later rounds' from the relationships
that stay in play), and values its Favors by that: a Favor already played
gains if its character ascends (3 if it is likely the first for it, else 1) and
loses 1 otherwise. A relationship is worth what it does this round and, as it
stays, what it does for the characters its Favors back in the rounds to come.

Every legal action is scored by how much it raises its expected points: the
round's support tokens (taking a likely winner's, swapping with Manipulate)
plus its Favors' stake, less a share (``rival``) of what the others' tokens are
expected to pay them, since the most points wins. Cards go behind the
character it backs, negative ones behind rivals. A Favor is played for the
likely monarch when its expected gain beats waiting (waiting costs less as the
game goes on; in the last round it costs nothing). An Action that would do
nothing (nothing to act on, or played as the round's last card, INT-14,
INT-19 with ``last_card=ends``) is worth only the card it spends, so a Spy is
never played idly; a Support played face up as the last card draws nothing.
Ties are broken at random.

Every weight is in ``WEIGHTS``, tuned by self-play: see ``courtly.bots.tune``.
It reads only its observation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.actions import IntrigueAction

ENDS = [card.ends for card in C.DECK]
"""Each deck card's Relationship end values (zeros for other cards)."""
_WORTH = {ch: [C.support_value(c, ch) for c in range(C.DECK_SIZE)] for ch in C.CHARACTER_IDS}
"""Each deck card's support value for each Character."""
TOKEN_WORTH = [(t, C.token_letter(t), C.token_value(t) + 1) for t in range(6)]
"""Each support token: its character and what backing a winner with it pays (+1)."""

SHOWN = 0.01
"""A card shown for nothing: the others learn it (a tie-break for face down)."""

WEIGHTS: dict[str, float] = {
    "beta": 1.492,  # how sharply estimated totals turn into chances to win the round
    "spread": 0.06,  # how much each card still to be played blurs them
    "edge": 0.456,  # the Priority tie-break, in support points per rank
    "read": 0.45,  # a face-down card leans to the good ones if its player backs the character
    "read_neg": 0.589,  # ... and to the bad ones if its player backs another
    "future": 0.538,  # the Favors' stake, against the round's tokens
    "later": 0.591,  # how sharply lasting support turns into later rounds' chances
    "rel_future": 0.203,  # a lasting relationship end, per later round, for what its Favors back
    "favor_wait": 0.291,  # what waiting to play a Favor is worth, per round still to come
    "push": 1.033,  # each card a seat has yet to play, for the character of its best token
    "draw": 0.338,  # a card drawn (a Support played face up)
    "defy": 0.24,  # a card discarded (Defiance played face up)
    "oracle": 0.536,  # Oracle: a card more
    "spy": 0.098,  # a Spy's look, per face-down card of others
    "virtue": 1.113,  # Virtue: the support it is likely to remove
    "assassin": 0.739,  # Assassination: per point token and chance of the rival it removes
    "idle": 0.048,  # an Action played for nothing
    "rival": 0.433,  # the others' expected points from their tokens, against its own
}
"""The tuned weights, obtained by self-play with ``python -m courtly.bots.tune
intrigue --generations 20 --pairs 6 --games 30 --seed 17`` (an evolution
strategy from the hand-set ``SPECS["intrigue"].start``, each candidate playing
300 games a generation on fixed seeds, one against two and two against one of
the starting weights, ``normal-v1``, ``loyal``, ``follower`` and ``schemer``,
seats rotated): fitness on fresh seeds +0.387 at the start, +0.490 tuned."""


class _Model:
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
            self._monarch = self._monarch_table()
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
        exp, beta = math.exp, self.beta
        w0 = exp(beta * (t[0] - top))
        w1 = exp(beta * (t[1] - top))
        w2 = exp(beta * (t[2] - top))
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

    def _monarch_table(self, points: list[int] | None = None) -> list[list[float]]:
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


class Greedy(Bot):
    name = "greedy"

    def __init__(self, game: Any, weights: Mapping[str, float] | None = None) -> None:
        super().__init__(game)
        w = dict(WEIGHTS)
        if weights is not None:
            unknown = set(weights) - set(WEIGHTS)
            if unknown:
                raise ValueError(f"unknown weights {sorted(unknown)}; known: {sorted(WEIGHTS)}")
            w.update(weights)
        self.weights = w

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        if len(legal) == 1:
            return legal[0]
        m = _Model(observation, self.weights)
        now = m.payoff()
        best: list[Action] = []
        best_score = -math.inf
        for a in legal:
            assert isinstance(a, IntrigueAction)
            score = self._score(observation, m, a) - now
            if score > best_score + 1e-9:
                best, best_score = [a], score
            elif score > best_score - 1e-9:
                best.append(a)
        return best[rng.randrange(len(best))]

    # -- scoring one action -----------------------------------------------------------
    def _score(self, obs: Mapping[str, Any], m: _Model, a: IntrigueAction) -> float:
        k = a.kind
        w = self.weights
        if k == "take":
            toks = list(m.tokens)
            toks[a.token] = m.me
            return m.payoff(tokens=toks, played=False)
        if k == "down":
            return m.payoff_backed(a.letter, m.worth[a.letter][a.card])
        if k == "up":
            value = m.worth[a.letter][a.card]
            if self._last(obs, m):  # it ends the round before its text (INT-19)
                return m.payoff_backed(a.letter, value) - SHOWN
            if a.card in C.DEFIANCE:
                return m.payoff_backed(a.letter, value) - w["defy"]
            if obs["deck_size"]:  # it draws a card: the hand stays as long
                return m.payoff_backed(a.letter, value, played=False) + w["draw"]
            return m.payoff_backed(a.letter, value) - SHOWN
        if k == "rel":
            rels = list(m.rels)
            new = (a.card, a.left, a.right)
            old = rels[a.pair]
            rels[a.pair] = new
            return m.payoff(rels=rels) + m.lasting(old, new)
        if k == "favor":
            worth = m.favor_worth(a.letter, m.pm) * w["future"]
            worth -= w["favor_wait"] * m.rounds_after
            return m.payoff(played=False) + worth
        if k == "play":
            return self._play_worth(obs, m, a.card)
        if k == "discard":
            return m.payoff() - self._card_worth(m, a.card)
        if k == "target":
            return m.payoff() + self._target_worth(obs, m, a.letter)
        if k == "swap":
            toks = list(m.tokens)
            toks[a.token], toks[a.token2] = toks[a.token2], m.me
            return m.payoff(tokens=toks, played=False)
        if k == "reverse":
            rels = list(m.rels)
            r = rels[a.pair]
            assert r is not None
            rels[a.pair] = (r[0], r[2], r[1])
            return m.payoff(rels=rels) + m.lasting(r, rels[a.pair])
        # move: the clockwise orientation is kept
        rels = list(m.rels)
        r = rels[a.pair]
        assert r is not None
        cw = r[1] == C.PAIRS[a.pair][0]
        q0, q1 = C.PAIRS[a.pair2]
        rels[a.pair2] = (r[0], q0, q1) if cw else (r[0], q1, q0)
        rels[a.pair] = None
        return m.payoff(rels=rels) + m.lasting(r, rels[a.pair2])

    def _last(self, obs: Mapping[str, Any], m: _Model) -> bool:
        """Whether a card played now is its last and ends the round before its
        text (INT-19, ``last_card=ends``; with ``resolves`` the text is carried
        out first)."""
        return m.hand_sizes[m.me] == 1 and obs["options"]["last_card"] == "ends"

    def _card_worth(self, m: _Model, card: int) -> float:
        """What a card in hand could add at best (its best face-down placement)."""
        best = -math.inf
        for x in range(3):
            best = max(best, m.payoff_backed(x, m.worth[x][card]))
        return best - m.payoff() + 0.1 * (card < 7 or card >= 19)

    def _target_worth(self, obs: Mapping[str, Any], m: _Model, x: int) -> float:
        card = C.BY_CODE[obs["effect"]] if obs["effect"] else -1
        w = self.weights
        if card == C.ASSASSIN:  # a rival's point tokens and standing are lost
            p = m.chances(m.base, m.rels)
            mine = any(m.tokens[t] == m.me for t in (2 * x, 2 * x + 1))
            worth = (m.char_points[x] + p[x]) * (w["assassin"] if not mine else -1.0)
            if m.staked:
                pts = list(m.char_points)
                pts[x] = 0
                pm = m.monarch_chances(p, m._monarch_table(pts))
                worth += w["future"] * sum((pm[y] - m.pm[y]) * m.stake[y] for y in range(3))
            return worth
        if card == C.VIRTUE:  # likely removes a negative card from x
            if not m.unknown[x]:
                return -0.5
            base = list(m.base)
            base[x] += w["virtue"]
            return m.payoff(base=base) - m.payoff()
        # Spy: learn the most about the cards of others
        return w["spy"] * m.unknown[x]

    def _play_worth(self, obs: Mapping[str, Any], m: _Model, card: int) -> float:
        now = m.payoff()
        w = self.weights
        if self._last(obs, m) or not _acts(obs, m, card):
            return now - w["idle"]  # it does nothing (INT-14, INT-19)
        if card == C.ORACLE:
            return now + (w["oracle"] if obs["deck_size"] >= 2 else -0.5)
        if card in (C.SPY, C.VIRTUE):
            looks = [self._target_worth(obs, m, x) for x in range(3) if m.unknown[x]]
            return now + max(looks) if looks else now - w["idle"]
        if card == C.ASSASSIN:
            return now + max(0.0, max(self._target_worth(obs, m, x) for x in range(3))) - 0.2
        best = -math.inf
        if card == C.MANIP:
            for mine in range(6):
                if m.tokens[mine] != m.me:
                    continue
                for theirs in range(6):
                    if m.tokens[theirs] >= 0 and m.tokens[theirs] != m.me:
                        toks = list(m.tokens)
                        toks[mine], toks[theirs] = toks[theirs], m.me
                        best = max(best, m.payoff(tokens=toks))
        elif card == C.LIES:
            for p, r in enumerate(m.rels):
                if r is not None:
                    rels = list(m.rels)
                    rels[p] = (r[0], r[2], r[1])
                    best = max(best, m.payoff(rels=rels) + m.lasting(r, rels[p]))
        else:  # MISINFO: approximate the best move (legality is checked later)
            for p, r in enumerate(m.rels):
                if r is None:
                    continue
                for q in range(3):
                    if q == p or m.rels[q] is not None:
                        continue
                    cw = r[1] == C.PAIRS[p][0]
                    rels = list(m.rels)
                    q0, q1 = C.PAIRS[q]
                    rels[q] = (r[0], q0, q1) if cw else (r[0], q1, q0)
                    rels[p] = None
                    best = max(best, m.payoff(rels=rels) + m.lasting(r, rels[q]))
        return best if best > -math.inf else now - w["idle"]


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


def _acts(obs: Mapping[str, Any], m: _Model, card: int) -> bool:
    """Whether an Action has something to act on now (INT-14)."""
    if card == C.ORACLE:
        return True
    if card == C.ASSASSIN:
        return bool(obs["unused"])
    if card in (C.VIRTUE, C.SPY):
        return any(m.unknown) or any(not e["up"] for stack in obs["stacks"] for e in stack)
    if card == C.MANIP:
        t = m.tokens
        return m.me in t and any(h >= 0 and h != m.me for h in t)
    if card == C.LIES:
        return any(r is not None for r in m.rels)
    return any(r is not None for r in m.rels)  # MISINFO (whether a move is legal: later)
