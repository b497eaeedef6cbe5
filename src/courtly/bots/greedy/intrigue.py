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
from typing import Any, ClassVar

from courtly.bots.base import Bot
from courtly.bots.greedy.intrigue_model import Model
from courtly.engine.actions import Action
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.actions import IntrigueAction

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


class Greedy(Bot):
    name: ClassVar[str] = "greedy"

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
        m = Model(observation, self.weights)
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
    def _score(self, obs: Mapping[str, Any], m: Model, a: IntrigueAction) -> float:
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

    def _last(self, obs: Mapping[str, Any], m: Model) -> bool:
        """Whether a card played now is its last and ends the round before its
        text (INT-19, ``last_card=ends``; with ``resolves`` the text is carried
        out first)."""
        return m.hand_sizes[m.me] == 1 and obs["options"]["last_card"] == "ends"

    def _card_worth(self, m: Model, card: int) -> float:
        """What a card in hand could add at best (its best face-down placement)."""
        best = -math.inf
        for x in range(3):
            best = max(best, m.payoff_backed(x, m.worth[x][card]))
        return best - m.payoff() + 0.1 * (card < 7 or card >= 19)

    def _target_worth(self, obs: Mapping[str, Any], m: Model, x: int) -> float:
        card = C.BY_CODE[obs["effect"]] if obs["effect"] else -1
        w = self.weights
        if card == C.ASSASSIN:  # a rival's point tokens and standing are lost
            p = m.chances(m.base, m.rels)
            mine = any(m.tokens[t] == m.me for t in (2 * x, 2 * x + 1))
            worth = (m.char_points[x] + p[x]) * (w["assassin"] if not mine else -1.0)
            if m.staked:
                pts = list(m.char_points)
                pts[x] = 0
                pm = m.monarch_chances(p, m.monarch_table(pts))
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

    def _play_worth(self, obs: Mapping[str, Any], m: Model, card: int) -> float:
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


def _acts(obs: Mapping[str, Any], m: Model, card: int) -> bool:
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
