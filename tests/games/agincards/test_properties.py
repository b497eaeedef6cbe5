"""Properties of every Agincards map: every line strictly monotonic, and the
incrementally kept frontier equal to a fresh scan of the map."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from courtly.games.agincards.map import STEPS, WIDTH, Map
from courtly.games.agincards.rules import AgincardsState

from .helpers import GAME


def lines(m: Map) -> list[list[int]]:
    """Every maximal row and column line of two or more cards."""
    out = []
    for step in (1, WIDTH):
        for i in m.val:
            if i - step in m.val:
                continue  # not the start of its line
            run = []
            j = i
            while j in m.val:
                run.append(m.val[j])
                j += step
            if len(run) > 1:
                out.append(run)
    return out


def monotonic(line: list[int]) -> bool:
    pairs = list(pairwise(line))
    return all(x < y for x, y in pairs) or all(x > y for x, y in pairs)


def scanned_mask(m: Map, i: int) -> int:
    """The values an empty cell allows, by trying each one on a copy."""
    if i in m.val or not m.inside(i) or not m.touching(i):
        return 0
    mask = 0
    for v in range(1, 14):
        if any(m.val.get(i + s) == v for s in STEPS):
            continue
        trial = dict(m.val)
        trial[i] = v
        ok = True
        for step in (1, WIDTH):
            j = i
            while j - step in trial:
                j -= step
            line = []
            while j in trial:
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
    table=st.sampled_from([0, 0, 9, 25]),
)
def test_every_line_on_every_map_stays_strictly_monotonic(players, seed, decks, pass_weight, table):
    options = {"decks": decks, "table": table}
    state = GAME.new(players=players, seed=seed, options=options)
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
    # The frontier kept step by step is exactly what a scan of the map gives,
    # and each open cell is named after a card beside it.
    around = {i + s for i in m.val for s in STEPS} - set(m.val)
    for i in around:
        assert m.mask.get(i, 0) == scanned_mask(m, i), f"cell index {i}"
    assert set(m.mask) <= around
    for v in range(1, 14):
        assert set(m.open_by_value[v]) == {i for i in m.mask if m.mask[i] >> v & 1}
    for i, named in m.slot.items():
        assert m.target(named // 4, named % 4) == i
    if table:
        assert all(m.inside(i) for i in m.val)
