"""Properties of every Agincards map: every line strictly monotonic, and the
incrementally kept frontier equal to a fresh scan of the map."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from courtly.games.agincards.map import INDEX_OF_CELL, INSIDE, SIDE, STEPS, Map
from courtly.games.agincards.rules import AgincardsState

from .helpers import GAME


def lines(m: Map) -> list[list[int]]:
    """Every maximal row and column line of two or more cards."""
    out = []
    for across in (True, False):
        for a in range(SIDE):
            run: list[int] = []
            for b in range(SIDE + 1):
                v = 0
                if b < SIDE:
                    v = m.val[INDEX_OF_CELL[a * SIDE + b if across else b * SIDE + a]]
                if v:
                    run.append(v)
                    continue
                if len(run) > 1:
                    out.append(run)
                run = []
    return out


def monotonic(line: list[int]) -> bool:
    pairs = list(pairwise(line))
    return all(x < y for x, y in pairs) or all(x > y for x, y in pairs)


def scanned_mask(m: Map, i: int) -> int:
    """The values an empty cell allows, by trying each one on a copy."""
    if m.val[i] or not INSIDE[i] or not m.touching(i):
        return 0
    mask = 0
    for v in range(1, 14):
        if any(m.val[i + s] == v for s in STEPS):
            continue
        trial = [*m.val]
        trial[i] = v
        ok = True
        for step in (1, STEPS[2]):
            j = i
            while trial[j - step]:
                j -= step
            line = []
            while trial[j]:
                line.append(trial[j])
                j += step
            if len(line) > 1 and not monotonic(line):
                ok = False
        if ok:
            mask |= 1 << v
    return mask


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 10**6),
    decks=st.sampled_from([1, 2]),
    pass_weight=st.floats(0, 0.3),
)
def test_every_line_on_every_map_stays_strictly_monotonic(players, seed, decks, pass_weight):
    state = GAME.new(players=players, seed=seed, options={"decks": decks})
    assert isinstance(state, AgincardsState)
    rng = random.Random(seed)
    step = 0
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        placing = [a for a in legal if a.kind != "pass"]
        if placing and rng.random() >= pass_weight:
            state.apply(seat, rng.choice(placing))
        else:
            state.apply(seat, legal[-1])
        step += 1
        if step % 9 == 0 or state.over:
            assert all(monotonic(line) for line in lines(state.map))
    m = state.map
    assert all(monotonic(line) for line in lines(m))
    # The frontier kept step by step is exactly what a scan of the map gives.
    for i in range(len(m.val)):
        if INSIDE[i]:
            assert m.mask[i] == scanned_mask(m, i), f"cell index {i}"
    for v in range(1, 14):
        assert set(m.open_by_value[v]) == {i for i in range(len(m.val)) if m.mask[i] >> v & 1}
