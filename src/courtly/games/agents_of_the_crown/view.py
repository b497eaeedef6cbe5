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
from courtly.engine import game as engine
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


def observe_own(state: AgentsState, seat: int | None) -> dict[str, Any]:
    """The game's own part of everything ``seat`` may know (``None``: a
    spectator), JSON-ready: the engine adds the keys every game shares."""
    obs: dict[str, Any] = {
        "year": state.year,
        "season": SEASONS[state.season] if state.season < len(SEASONS) else None,
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
    }
    if seat is not None:
        mine = state.passes[seat]
        obs["hand"] = _codes(state.hands[seat])
        obs["my_pass"] = mine.notation if mine is not None else None
        obs["passed"] = _codes(state.passed[seat])
        obs["received"] = _codes(state.passed[right(seat)])
    return obs


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> AgentsState:
    """A full state that gives ``obs`` to its seat, hidden cards drawn from ``rng``."""
    return Sampler(game, obs).sample(rng)


class Sampler(engine.Sampler):
    """Worlds that give one observation to its seat, hidden cards drawn at random.

    Each other seat holds, in hand and face-down play together, exactly the
    Nobles and Commons it has not yet shown (four of each this Year, less those
    revealed). The viewer's left neighbour holds the two cards it was passed
    unless they have been shown. What is left of the Commons fills the season
    stacks. The observation is read once, here; ``sample`` copies the public
    part and deals the rest.
    """

    def __init__(self, game: Any, obs: Mapping[str, Any]) -> None:
        super().__init__(game, obs)
        seat: int | None = obs["seat"]
        code = cards.card
        self.seat = seat
        self.options = AgentsOptions.parse(obs["options"])
        self.houses = [cards.SUITS.index(h) for h in obs["houses"]]
        self.year: int = obs["year"]
        self.season = SEASONS.index(obs["season"]) if obs["season"] else len(SEASONS)
        self.score: list[int] = list(obs["scores"])
        self.year_scores: list[list[dict[str, int]]] = [list(y) for y in obs["year_scores"]]
        self.curses: list[int] = [obs["curses"][x] for x in cards.SUITS]
        self.challenges = [[code(c) for c in obs["challenges"].get(x, ())] for x in cards.SUITS]
        self.strays = [code(c) for c in obs["strays"]]
        self.played = [[code(c) for c in p] for p in obs["played"]]
        self.prizes = [[code(c) for c in p] for p in obs["prizes"]]
        self.discard = [code(c) for c in obs["discard"]]
        self.last_season: dict[str, Any] | None = obs["last_season"]
        self.order: list[int] = list(obs["commit_order"])
        self.log: list[tuple[int, int, int, int, bool, int]] = [
            (y, SEASONS.index(n), who, code(c), up, PLACES.index(p))
            for y, n, who, c, up, p in obs["history"]
        ]
        self.passed: list[tuple[int, ...]] = [()] * PLAYERS
        self.passes: list[AgentsAction | None] = [None] * PLAYERS
        self.commits: list[AgentsAction | None] = [None] * PLAYERS
        self.hand: list[int] = []

        seen: set[int] = set()
        for group in (self.challenges, self.played, self.prizes):
            for cs in group:
                seen.update(cs)
        seen.update(self.strays)
        seen.update(self.discard)
        commits = obs["commits"]
        # Face-up plays are public; face-down plays keep only their placement.
        for i, view in enumerate(commits):
            if view is not None and "card" in view:
                c = code(view["card"])
                seen.add(c)
                self.commits[i] = _commit_action(c, view)
        passed_to_left: list[int] = []
        if seat is not None:
            self.hand = [code(c) for c in obs["hand"]]
            seen.update(self.hand)
            self.passed[seat] = tuple(code(c) for c in obs["passed"])
            self.passed[right(seat)] = tuple(code(c) for c in obs["received"])
            seen.update(self.passed[right(seat)])
            passed_to_left = [c for c in self.passed[seat] if c not in seen]
            seen.update(passed_to_left)
            if obs["my_pass"]:
                self.passes[seat] = parse(obs["my_pass"])
        self.nobles = [c for c in NOBLES if c not in seen]
        self.commons = [c for c in COMMONS if c not in seen]

        # What each other seat holds: how many unseen Nobles and Commons, the
        # cards it is known to hold, and the face-down commit to fill.
        self.others: list[tuple[int, int, int, list[int], Mapping[str, Any] | None]] = []
        over = bool(self.year_scores) and len(self.year_scores) >= self.year
        for other in range(PLAYERS):
            if other == seat:
                continue
            view = commits[other]
            facedown = view if view is not None and "card" not in view else None
            shown = list(self.played[other])
            if view is not None and "card" in view:
                shown.append(self.commits[other].card)  # type: ignore[union-attr]
            need_nobles = 4 - sum(1 for c in shown if is_noble(c))
            need_commons = 4 - sum(1 for c in shown if not is_noble(c))
            held: list[int] = []
            if seat is not None and other == left(seat):
                held = list(passed_to_left)
                need_nobles -= sum(1 for c in held if is_noble(c))
                need_commons -= sum(1 for c in held if not is_noble(c))
            if over:  # game over: hands scored
                need_nobles = need_commons = 0
            self.others.append((other, need_nobles, need_commons, held, facedown))
        self.sizes: list[int] = list(obs["hand_sizes"])
        self.season_stacks: list[int] = list(obs["season_stacks"])
        self.pass_chosen: list[int] = []
        if obs["decision"] == "pass":
            self.pass_chosen = [
                other for other in range(PLAYERS) if other != seat and obs["pass_chosen"][other]
            ]
        self.decision: str | None = obs["decision"]
        self.to_act: list[int] = list(obs["to_act"])

    def sample(self, rng: random.Random) -> AgentsState:
        seat = self.seat
        s = AgentsState.__new__(AgentsState)
        options = self.options
        s._init_base(self.game, PLAYERS, rng.getrandbits(48), options)
        s._stack = None
        s._worth = WORTH[options.noble_threat_value]
        s.houses = list(self.houses)
        s.owner = [0] * 4
        for i, h in enumerate(s.houses):
            s.owner[h] = i
        s.year = self.year
        s.season = self.season
        s.score = list(self.score)
        s.year_scores = [list(y) for y in self.year_scores]
        s.curses = list(self.curses)
        s.challenges = [list(p) for p in self.challenges]
        s.strays = list(self.strays)
        s.played = [list(p) for p in self.played]
        s.prizes = [list(p) for p in self.prizes]
        s.discard = list(self.discard)
        s.last_season = self.last_season
        s.order = list(self.order)
        s.log = list(self.log)
        s.passed = list(self.passed)
        s.passes = list(self.passes)
        s.commits = list(self.commits)
        s.hands = [[] for _ in range(PLAYERS)]
        s.stacks = [[] for _ in SEASONS]
        if seat is not None:
            s.hands[seat] = list(self.hand)

        nobles = list(self.nobles)
        commons = list(self.commons)
        rng.shuffle(nobles)
        rng.shuffle(commons)
        sizes = self.sizes
        for other, need_nobles, need_commons, known, facedown in self.others:
            held = list(known)
            for _ in range(need_nobles):
                held.append(nobles.pop())
            for _ in range(need_commons):
                held.append(commons.pop())
            rng.shuffle(held)
            if facedown is not None:
                s.commits[other] = _commit_action(held.pop(), facedown)
            s.hands[other] = held[: sizes[other]]
        start = 0
        for i, size in enumerate(self.season_stacks):
            s.stacks[i] = commons[start : start + size]
            start += size
        for other in self.pass_chosen:
            own = s.hands[other]
            s.passes[other] = pass_action(
                rng.choice([c for c in own if is_noble(c)]),
                rng.choice([c for c in own if not is_noble(c)]),
            )
        if self.decision is not None:
            s.pending.push(self.decision, list(self.to_act))
        return s


def _commit_action(c: int, view: Mapping[str, Any]) -> AgentsAction:
    return commit_action(c, bool(view["up"]), PLACES.index(view["at"]))
