"""The first ``normal`` Intrigue player (``normal-v1``), kept as it was so that
its successor can be measured against it.

It estimates each character's support this round from what it can see: the
cards it knows in each stack, the average worth of the cards it has not seen for
each face-down one, and the relationships (Debt as an average card moved,
Blackmail handing the victim's chances to the blackmailer). A softmax of those
totals gives each character's chance to win the round; its expected points are
those chances times what its support tokens pay.

Every legal action is scored by how much it raises that expectation: taking the
token of a likely winner, putting cards behind the character it backs (negative
ones behind rivals), placing, reversing or moving Relationships to lift it, and
swapping tokens with Manipulate. Favors are timed: one is played for the
character most likely to take the throne once that is clear enough to be worth
more than any card play. Ties are broken at random.
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

BETA = 0.8  # how sharply estimated totals turn into chances to win
ENDS = [card.ends for card in C.DECK]
"""Each deck card's Relationship end values (zeros for other cards)."""
TOKEN_WORTH = [(t, C.token_letter(t), C.token_value(t) + 1) for t in range(6)]
"""Each support token: its character and what backing a winner with it pays (+1)."""


class _Model:
    """What the bot believes about the round, in plain lists."""

    def __init__(self, obs: Mapping[str, Any]) -> None:
        self.me: int = obs["seat"]
        self.chars = [C.BY_CODE[c] for c in obs["characters"]]
        self.prio = [C.priority(c) for c in self.chars]
        self.bias = [0.01 * v for v in self.prio]
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
        unknown = [0, 0, 0]
        for x, stack in enumerate(obs["stacks"]):
            for e in stack:
                if "card" in e:
                    c = C.BY_CODE[e["card"]]
                    seen.add(c)
                    known[x] += C.support_value(c, self.chars[x])
                else:
                    unknown[x] += 1
        pool = [c for c in range(C.DECK_SIZE) if c not in seen]
        self.mean = [
            (sum(C.support_value(c, ch) for c in pool) / len(pool)) if pool else 0.0
            for ch in self.chars
        ]
        self.unknown = unknown
        self.base = [known[x] + unknown[x] * self.mean[x] for x in range(3)]
        self.tokens = [-1 if h is None else h for h in obs["tokens"].values()]
        self.char_points = list(obs["character_points"])
        self._now: float | None = None
        self._chances: list[float] | None = None
        self._backed: dict[tuple[int, int], float] = {}

    def totals(self, base: list[float], rels: list[tuple[int, int, int] | None]) -> list[float]:
        t = list(base)
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

    def chances(self, base: list[float], rels: list[tuple[int, int, int] | None]) -> list[float]:
        t = self.totals(base, rels)
        top = max(t)
        exp, bias = math.exp, self.bias
        w0 = exp(BETA * (t[0] - top) + bias[0])
        w1 = exp(BETA * (t[1] - top) + bias[1])
        w2 = exp(BETA * (t[2] - top) + bias[2])
        s = w0 + w1 + w2
        p = [w0 / s, w1 / s, w2 / s]
        for r in rels:
            if r is not None and r[0] == C.BLACKMAIL:
                _, bl, victim = r
                p[bl] += p[victim]
                p[victim] = 0.0
        return p

    def payoff(
        self,
        base: list[float] | None = None,
        rels: list[tuple[int, int, int] | None] | None = None,
        tokens: list[int] | None = None,
    ) -> float:
        """Expected points this round from the seat's support tokens."""
        if base is None and rels is None and tokens is None:
            if self._now is None:
                self._now = self._payoff(self.base, self.rels, self.tokens)
            return self._now
        return self._payoff(
            self.base if base is None else base,
            self.rels if rels is None else rels,
            self.tokens if tokens is None else tokens,
        )

    def _payoff(
        self, base: list[float], rels: list[tuple[int, int, int] | None], toks: list[int]
    ) -> float:
        if base is self.base and rels is self.rels:  # only the tokens differ
            if self._chances is None:
                self._chances = self.chances(base, rels)
            p = self._chances
        else:
            p = self.chances(base, rels)
        me = self.me
        out = 0.0
        for t, x, worth in TOKEN_WORTH:
            if toks[t] == me:
                out += p[x] * worth - 1
        return out

    def payoff_backed(self, x: int, value: int) -> float:
        """``payoff`` with ``value`` more support behind letter ``x`` (kept: many
        cards add the same)."""
        out = self._backed.get((x, value))
        if out is None:
            base = list(self.base)
            base[x] += value
            out = self._backed[x, value] = self.payoff(base=base)
        return out


class PreviousNormal(Bot):
    name = "normal-v1"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        m = _Model(observation)
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
        if k == "take":
            toks = list(m.tokens)
            toks[a.token] = m.me
            return m.payoff(tokens=toks)
        if k in ("down", "up"):
            backed = m.payoff_backed(a.letter, C.support_value(a.card, m.chars[a.letter]))
            bonus = 0.0
            if k == "up":
                bonus = -0.3 if a.card in C.DEFIANCE else (0.25 if obs["deck_size"] else 0.0)
            return backed + bonus
        if k == "rel":
            rels = list(m.rels)
            rels[a.pair] = (a.card, a.left, a.right)
            return m.payoff(rels=rels)
        if k == "favor":
            return m.payoff() + self._favor_worth(obs, m, a.letter)
        if k == "play":
            return self._play_worth(obs, m, a.card)
        if k == "discard":
            return m.payoff() - self._card_worth(m, a.card)
        if k == "target":
            return m.payoff() + self._target_worth(obs, m, a.letter)
        if k == "swap":
            toks = list(m.tokens)
            toks[a.token], toks[a.token2] = toks[a.token2], m.me
            return m.payoff(tokens=toks)
        if k == "reverse":
            rels = list(m.rels)
            r = rels[a.pair]
            assert r is not None
            rels[a.pair] = (r[0], r[2], r[1])
            return m.payoff(rels=rels)
        # move: the clockwise orientation is kept
        rels = list(m.rels)
        r = rels[a.pair]
        assert r is not None
        cw = r[1] == C.PAIRS[a.pair][0]
        q0, q1 = C.PAIRS[a.pair2]
        rels[a.pair2] = (r[0], q0, q1) if cw else (r[0], q1, q0)
        rels[a.pair] = None
        return m.payoff(rels=rels)

    def _card_worth(self, m: _Model, card: int) -> float:
        """What a card in hand could add at best (its best face-down placement)."""
        best = -math.inf
        for x in range(3):
            best = max(best, m.payoff_backed(x, C.support_value(card, m.chars[x])))
        return best - m.payoff() + 0.1 * (card < 7 or card >= 19)

    def _monarch_chances(self, obs: Mapping[str, Any], m: _Model) -> list[float]:
        p = m.chances(m.base, m.rels)
        rounds_left = obs["options"]["rounds"] - obs["round"]
        score = [m.char_points[x] + p[x] + rounds_left / 3 for x in range(3)]
        top = max(score)
        w = [math.exp(1.5 * (score[x] - top) + 0.01 * m.prio[x]) for x in range(3)]
        s = sum(w)
        return [v / s for v in w]

    def _favor_worth(self, obs: Mapping[str, Any], m: _Model, x: int) -> float:
        pm = self._monarch_chances(obs, m)[x]
        bonus = 3.0 if not obs["favors_played"] else 2.0
        worth = pm * bonus - (1 - pm)
        last = obs["round"] >= obs["options"]["rounds"]
        return worth if (pm > 0.6 or (last and pm > 0.45)) else worth - 2.0

    def _target_worth(self, obs: Mapping[str, Any], m: _Model, x: int) -> float:
        card = C.BY_CODE[obs["effect"]] if obs["effect"] else -1
        p = m.chances(m.base, m.rels)
        mine = [0.0, 0.0, 0.0]
        for t in range(6):
            if m.tokens[t] == m.me:
                mine[C.token_letter(t)] += 1
        if card == C.ASSASSIN:  # hurt a rival's standing, never the one we back
            return (m.char_points[x] + p[x]) * (0.5 if mine[x] == 0 else -1.0)
        if card == C.VIRTUE:  # likely removes a negative card from x
            if not m.unknown[x]:
                return -0.5
            base = list(m.base)
            base[x] += 0.8
            return m.payoff(base=base) - m.payoff()
        return 0.05 * m.unknown[x]  # Spy: learn the most

    def _play_worth(self, obs: Mapping[str, Any], m: _Model, card: int) -> float:
        now = m.payoff()
        if card == C.ORACLE:
            return now + (0.4 if obs["deck_size"] >= 2 else -0.5)
        if card == C.SPY:
            return now + 0.05
        if card == C.VIRTUE:
            return now + max(self._target_worth(obs, m, x) for x in range(3))
        if card == C.ASSASSIN:
            return now + max(0.0, max(self._target_worth(obs, m, x) for x in range(3))) - 0.2
        best = now
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
                    best = max(best, m.payoff(rels=rels))
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
                    best = max(best, m.payoff(rels=rels))
        return best
