"""What `normal`'s moves can tell of its hidden cards, in Garrison.

    python tools/garrison_hands.py GAMES SEED

plays GAMES four-seat games of `normal` in every seat (seeds SEED, SEED+1,
...) and counts, from the state (this is a measurement, not a bot):

- at every `end` declared, the cards the seat kept in hand, and how many of
  them no other seat has seen (hidden: not taken from the market or the
  discard pile). A kept hidden card is one that `normal` chose to keep,
  so a sampler could weigh it by that choice; a card drawn after it has not
  met a choice of its holder yet.
- at the first decision of every turn (where `hard` decides most), each other
  seat's hidden cards, and how many of them that seat kept through its last
  `end`: the share of the hidden cards the other seats' turns say anything
  about. (Their reaction windows, a pass where a spy would have served,
  speak of the Aces alone, four cards of 54.)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

import toolkit

from courtly.bots import make
from courtly.engine.driver import Driver
from courtly.games import get
from courtly.games.garrison.rules import GarrisonState


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/garrison_hands.py",
        description="what normal's moves tell of its hidden cards, in Garrison",
    )
    ap.add_argument("games", type=toolkit.at_least(1), help="how many four-seat games of normal")
    ap.add_argument("seed", type=int, help="the first game's seed")
    args = ap.parse_args(argv)
    return args


def main(argv: list[str]) -> None:
    args = parse(argv)
    games, seed0 = args.games, args.seed
    game = get("garrison")
    kept_sizes: Counter[int] = Counter()
    kept_hidden: Counter[int] = Counter()
    hidden_total = 0
    carried_total = 0
    looks = 0
    for i in range(games):
        state = game.new(seed=seed0 + i)
        assert isinstance(state, GarrisonState)
        n = state.players
        kept: list[set[int]] = [set() for _ in range(n)]
        driver = Driver(state, [make("normal", game) for _ in range(n)])
        for move in driver.moves():
            hands, known = state.hands, state.known
            if move.action.kind == "end":
                s = move.seat  # its end declared: the hand is what it keeps
                hidden = {c for c in hands[s] if c not in known[s]}
                kept[s] = hidden
                kept_sizes[len(hands[s])] += 1
                kept_hidden[len(hidden)] += 1
            if state.over or state.decision != "turn" or state.moves or state.chain:
                continue
            mover = state.to_act[0]  # a turn's first decision
            for s in range(n):
                if s == mover:
                    continue
                hidden = {c for c in hands[s] if c not in known[s]}
                hidden_total += len(hidden)
                carried_total += len(hidden & kept[s])
                looks += 1
    ends = sum(kept_sizes.values())
    print(
        json.dumps(
            {
                "games": games,
                "ends": ends,
                "kept_in_hand": dict(sorted(kept_sizes.items())),
                "kept_hidden": dict(sorted(kept_hidden.items())),
                "hidden_per_rival_at_turn_start": round(hidden_total / looks, 3),
                "of_them_kept_through_its_last_end": round(carried_total / looks, 3),
                "share_kept": round(carried_total / hidden_total, 3),
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
