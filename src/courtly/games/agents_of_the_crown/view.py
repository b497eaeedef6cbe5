"""Agents of the Crown: what each seat may see, and worlds consistent with it.

The one place that strips secrets. A seat sees everything public (challenges,
face-up plays, where face-down cards were placed and in what order cards were
committed, every revealed play of this Year with its face and placement,
prizes, curses, scores), its own hand, the cards it passed and received this Year, its
own face-down play and pass. It never sees another hand, another face-down
card, another seat's pass before the exchange, or the season stacks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from courtly import cards
from courtly.games.agents_of_the_crown.actions import (
    COMMONS,
    NOBLES,
    PLACES,
    AgentsAction,
    commit_action,
    is_noble,
    parse,
    pass_action,
)
from courtly.games.agents_of_the_crown.rules import (
    PLAYERS,
    SEASONS,
    WORTH,
    AgentsOptions,
    AgentsState,
    left,
    right,
)

_CODE = [cards.code(c) for c in range(54)]


def _codes(cs: Any) -> list[str]:
    return [_CODE[c] for c in cs]


def _commit_view(a: AgentsAction | None, mine: bool) -> dict[str, Any] | None:
    if a is None:
        return None
    view: dict[str, Any] = {"up": a.up, "at": PLACES[a.place]}
    if a.up or mine:
        view["card"] = _CODE[a.card]
    return view


def observe(state: AgentsState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator), JSON-ready."""
    top = state.pending.top
    decision = top.kind if top else None
    obs: dict[str, Any] = {
        "game": "agents-of-the-crown",
        "seat": seat,
        "players": PLAYERS,
        "options": state.options.shown(),
        "year": state.year,
        "season": SEASONS[state.season] if state.season < len(SEASONS) else None,
        "decision": decision,
        "to_act": list(top.waiting) if top else [],
        "houses": [cards.SUITS[s] for s in state.houses],
        "scores": list(state.score),
        "year_scores": [list(y) for y in state.year_scores],
        "curses": {cards.SUITS[s]: state.curses[s] for s in range(4)},
        "challenges": {
            cards.SUITS[s]: _codes(state.challenges[s]) for s in range(4) if state.challenges[s]
        },
        "challenge_values": {
            cards.SUITS[s]: state.challenge_value(s) for s in range(4) if state.challenges[s]
        },
        "strays": _codes(state.strays),
        "season_stacks": [len(s) for s in state.stacks],
        "hand_sizes": [len(h) for h in state.hands],
        "commits": [_commit_view(a, i == seat) for i, a in enumerate(state.commits)],
        "commit_order": list(state.order),
        "history": [
            [y, SEASONS[n], who, _CODE[c], up, PLACES[p]] for y, n, who, c, up, p in state.log
        ],
        "pass_chosen": [p is not None for p in state.passes],
        "played": [_codes(p) for p in state.played],
        "prizes": [_codes(p) for p in state.prizes],
        "discard": _codes(state.discard),
        "last_season": state.last_season,
        "over": state.over,
        "winners": state.winners,
    }
    if seat is not None:
        mine = state.passes[seat]
        obs["hand"] = _codes(state.hands[seat])
        obs["my_pass"] = mine.notation if mine is not None else None
        obs["passed"] = _codes(state.passed[seat])
        obs["received"] = _codes(state.passed[right(seat)])
    return obs


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> AgentsState:
    """A full state that gives ``obs`` to its seat, hidden cards drawn from ``rng``.

    Each other seat holds, in hand and face-down play together, exactly the
    Nobles and Commons it has not yet shown (four of each this Year, less those
    revealed). The viewer's left neighbour holds the two cards it was passed
    unless they have been shown. What is left of the Commons fills the season
    stacks.
    """
    seat = obs["seat"]
    code = cards.card
    s = AgentsState.__new__(AgentsState)
    options = AgentsOptions.parse(obs["options"])
    s._init_base(game, PLAYERS, rng.getrandbits(48), options)
    s._stack = None
    s._worth = WORTH[options.noble_threat_value]
    s.houses = [cards.SUITS.index(h) for h in obs["houses"]]
    s.owner = [0] * 4
    for i, h in enumerate(s.houses):
        s.owner[h] = i
    s.year = obs["year"]
    s.season = SEASONS.index(obs["season"]) if obs["season"] else len(SEASONS)
    s.score = list(obs["scores"])
    s.year_scores = [list(y) for y in obs["year_scores"]]
    s.curses = [obs["curses"][x] for x in cards.SUITS]
    s.challenges = [[code(c) for c in obs["challenges"].get(x, ())] for x in cards.SUITS]
    s.strays = [code(c) for c in obs["strays"]]
    s.played = [[code(c) for c in p] for p in obs["played"]]
    s.prizes = [[code(c) for c in p] for p in obs["prizes"]]
    s.discard = [code(c) for c in obs["discard"]]
    s.last_season = obs["last_season"]
    s.order = list(obs["commit_order"])
    s.log = [
        (y, SEASONS.index(n), who, code(c), up, PLACES.index(p))
        for y, n, who, c, up, p in obs["history"]
    ]
    s.passed = [()] * PLAYERS
    s.passes = [None] * PLAYERS
    s.commits = [None] * PLAYERS
    s.hands = [[] for _ in range(PLAYERS)]
    s.stacks = [[] for _ in SEASONS]

    seen: set[int] = set()
    for group in (s.challenges, s.played, s.prizes):
        for cs in group:
            seen.update(cs)
    seen.update(s.strays)
    seen.update(s.discard)
    commits = obs["commits"]
    # Face-up plays are public; face-down plays keep only their placement.
    for i, view in enumerate(commits):
        if view is not None and "card" in view:
            c = code(view["card"])
            seen.add(c)
            s.commits[i] = _commit_action(c, view)
    passed_to_left: list[int] = []
    if seat is not None:
        s.hands[seat] = [code(c) for c in obs["hand"]]
        seen.update(s.hands[seat])
        s.passed[seat] = tuple(code(c) for c in obs["passed"])
        s.passed[right(seat)] = tuple(code(c) for c in obs["received"])
        seen.update(s.passed[right(seat)])
        passed_to_left = [c for c in s.passed[seat] if c not in seen]
        seen.update(passed_to_left)
        if obs["my_pass"]:
            s.passes[seat] = parse(obs["my_pass"])

    nobles = [c for c in NOBLES if c not in seen]
    commons = [c for c in COMMONS if c not in seen]
    rng.shuffle(nobles)
    rng.shuffle(commons)
    sizes = obs["hand_sizes"]
    for other in range(PLAYERS):
        if other == seat:
            continue
        facedown = commits[other] is not None and "card" not in commits[other]
        shown = [c for c in s.played[other]]
        if commits[other] is not None and "card" in commits[other]:
            shown.append(s.commits[other].card)  # type: ignore[union-attr]
        need_nobles = 4 - sum(1 for c in shown if is_noble(c))
        need_commons = 4 - sum(1 for c in shown if not is_noble(c))
        held: list[int] = []
        if seat is not None and other == left(seat):
            held = list(passed_to_left)
            need_nobles -= sum(1 for c in held if is_noble(c))
            need_commons -= sum(1 for c in held if not is_noble(c))
        if s.year_scores and len(s.year_scores) >= s.year:  # game over: hands scored
            need_nobles = need_commons = 0
        for _ in range(need_nobles):
            held.append(nobles.pop())
        for _ in range(need_commons):
            held.append(commons.pop())
        rng.shuffle(held)
        if facedown:
            s.commits[other] = _commit_action(held.pop(), commits[other])
        s.hands[other] = held[: sizes[other]]
    start = 0
    for i, size in enumerate(obs["season_stacks"]):
        s.stacks[i] = commons[start : start + size]
        start += size
    if obs["decision"] == "pass":
        for other in range(PLAYERS):
            if other != seat and obs["pass_chosen"][other]:
                own = s.hands[other]
                s.passes[other] = pass_action(
                    rng.choice([c for c in own if is_noble(c)]),
                    rng.choice([c for c in own if not is_noble(c)]),
                )
    if obs["decision"] is not None:
        s.pending.push(obs["decision"], list(obs["to_act"]))
    return s


def _commit_action(c: int, view: Mapping[str, Any]) -> AgentsAction:
    return commit_action(c, bool(view["up"]), PLACES.index(view["at"]))
