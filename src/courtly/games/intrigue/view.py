"""Intrigue: what each seat may see, and worlds consistent with it.

The one place that strips secrets. Public: the Characters and their point
tokens, who holds which support token, each stack's size and who played each of
its cards, face-up cards (played face up, or revealed by Spy, Virtue or the end
of the round), relationships, the discard pile, the deck size, hand sizes, the
order and players of the face-down Favors, points. A seat also sees its own hand,
its own face-down cards and its own Favors. Nothing else: not another hand, not
another seat's face-down card or Favor (until the Favors are flipped at the end),
not the deck.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from courtly.games.intrigue import cards as C
from courtly.games.intrigue.rules import (
    PLAYERS,
    IntrigueOptions,
    IntrigueState,
    left_end,
    right_end,
)

CODES = C.CODES
BY_CODE = C.BY_CODE


def observe(s: IntrigueState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator), JSON-ready."""
    top = s.pending.top
    stacks = []
    for x in range(3):
        entries = []
        for c, by, up in zip(s.stacks[x], s.stack_by[x], s.stack_up[x], strict=True):
            e: dict[str, Any] = {"by": by, "up": up}
            if up or by == seat:
                e["card"] = CODES[c]
            entries.append(e)
        stacks.append(entries)
    favors = []
    for f in s.favors_played:
        by = (f - C.FIRST_FAVOR) // 3
        e = {"by": by}
        if by == seat or s.finished:
            e["card"] = CODES[f]
        favors.append(e)
    obs: dict[str, Any] = {
        "game": "intrigue",
        "seat": seat,
        "players": PLAYERS,
        "options": s.options.shown(),
        "round": s.round,
        "decision": top.kind if top else None,
        "to_act": list(top.waiting) if top else [],
        "turn": s.turn,
        "first": s.start,
        "effect": CODES[s.effect] if s.effect >= 0 else None,
        "characters": [CODES[c] for c in s.chars],
        "character_points": list(s.char_points),
        "unused": [CODES[c] for c in s.unused],
        "gone": [CODES[c] for c in s.gone],
        "tokens": {C.TOKEN_CODES[t]: (h if h >= 0 else None) for t, h in enumerate(s.tokens)},
        "stacks": stacks,
        "relationships": [
            None
            if s.rel_card[p] < 0
            else {
                "card": CODES[s.rel_card[p]],
                "left": C.LETTERS[left_end(s, p)],
                "right": C.LETTERS[right_end(s, p)],
            }
            for p in range(3)
        ],
        "deck_size": len(s.deck),
        "hand_sizes": [len(h) for h in s.hands],
        "discard": [CODES[c] for c in s.discard],
        "favors_played": favors,
        "favors_left": [len(f) for f in s.favor_hand],
        "round_log": list(s.round_log),
        "final": s.final,
        "scores": list(s.points),
        "over": s.finished,
        "winners": s.winners,
    }
    if seat is not None:
        obs["hand"] = [CODES[c] for c in s.hands[seat]]
        obs["favors"] = [CODES[C.favor_card(seat, x)] for x in s.favor_hand[seat]]
    return obs


_OPTIONS: dict[str, IntrigueOptions] = {}


def _options(data: Mapping[str, Any]) -> IntrigueOptions:
    key = repr(data)
    opts = _OPTIONS.get(key)
    if opts is None:
        parsed = IntrigueOptions.parse(data)
        assert isinstance(parsed, IntrigueOptions)
        opts = _OPTIONS[key] = parsed
    return opts


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> IntrigueState:
    """A full state that gives ``obs`` to its seat, hidden cards drawn from ``rng``.

    Every deck card the seat has not seen is equally likely in each unseen place:
    the other hands, the face-down stack cards it did not play, the deck. Each
    other seat's Favors are a random order of A, B, C: the unseen played ones in
    play order, the rest in hand.
    """
    seat = obs["seat"]
    s = IntrigueState.__new__(IntrigueState)
    s._init_base(game, PLAYERS, rng.getrandbits(48), _options(obs["options"]))
    s.round = obs["round"]
    s.turn = obs["turn"]
    s.start = obs["first"]
    s.effect = BY_CODE[obs["effect"]] if obs["effect"] else -1
    s.chars = [BY_CODE[c] for c in obs["characters"]]
    s.char_points = list(obs["character_points"])
    s.unused = [BY_CODE[c] for c in obs["unused"]]
    s.gone = [BY_CODE[c] for c in obs["gone"]]
    s.tokens = [-1 if h is None else h for h in obs["tokens"].values()]
    s.points = list(obs["scores"])
    s.round_log = list(obs["round_log"])
    s.final = obs["final"]
    s.finished = obs["over"]
    s.discard = [BY_CODE[c] for c in obs["discard"]]
    s.rel_card = [-1, -1, -1]
    s.rel_cw = [True, True, True]
    seen = [False] * C.DECK_SIZE
    for c in s.discard:
        seen[c] = True
    for p, r in enumerate(obs["relationships"]):
        if r is not None:
            c = s.rel_card[p] = BY_CODE[r["card"]]
            seen[c] = True
            s.rel_cw[p] = C.LETTERS.index(r["left"]) == C.PAIRS[p][0]
    s.hands = [[], [], []]
    if seat is not None:
        mine = s.hands[seat] = [BY_CODE[c] for c in obs["hand"]]
        for c in mine:
            seen[c] = True
    s.stacks, s.stack_by, s.stack_up = [], [], []
    for entries in obs["stacks"]:
        cs, bys, ups = [], [], []
        for e in entries:
            code = e.get("card")
            if code is None:
                cs.append(-1)
            else:
                c = BY_CODE[code]
                seen[c] = True
                cs.append(c)
            bys.append(e["by"])
            ups.append(e["up"])
        s.stacks.append(cs)
        s.stack_by.append(bys)
        s.stack_up.append(ups)
    pool = [c for c in range(C.DECK_SIZE) if not seen[c]]
    rng.shuffle(pool)
    sizes = obs["hand_sizes"]
    for other in range(PLAYERS):
        if other != seat:
            n = sizes[other]
            s.hands[other] = pool[len(pool) - n :] if n else []
            del pool[len(pool) - n :]
    for cs in s.stacks:
        for i, c in enumerate(cs):
            if c < 0:
                cs[i] = pool.pop()
    s.deck = pool  # what is left: exactly deck_size cards
    _sample_favors(s, obs, seat, rng)
    if obs["decision"] is not None:
        s.pending.push(obs["decision"], list(obs["to_act"]))
    return s


def _sample_favors(
    s: IntrigueState, obs: Mapping[str, Any], seat: int | None, rng: random.Random
) -> None:
    played: list[int] = []
    unknown: list[list[int]] = [[], [], []]  # positions in play order, by seat
    known_letters: list[set[int]] = [set(), set(), set()]
    for i, e in enumerate(obs["favors_played"]):
        code = e.get("card")
        if code is None:
            played.append(-1)
            unknown[e["by"]].append(i)
        else:
            f = BY_CODE[code]
            played.append(f)
            known_letters[e["by"]].add((f - C.FIRST_FAVOR) % 3)
    s.favor_hand = [[], [], []]
    for other in range(PLAYERS):
        if other == seat:
            s.favor_hand[other] = [BY_CODE[c] - C.FIRST_FAVOR - 3 * other for c in obs["favors"]]
            continue
        rest = [x for x in range(3) if x not in known_letters[other]]
        rng.shuffle(rest)
        for i in unknown[other]:
            played[i] = C.favor_card(other, rest.pop())
        s.favor_hand[other] = sorted(rest)
    s.favors_played = played
