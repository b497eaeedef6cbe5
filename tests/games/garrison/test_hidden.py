"""What each seat may know: events, observations and sampled worlds."""

from __future__ import annotations

from typing import Any

from courtly.engine.testing import card_codes_in
from courtly.games.garrison.rules import GarrisonState

from .scenario import GAME, build, unknown_to

CODES = GAME.card_codes()


def _leaks(st: GarrisonState, events: list[Any]) -> list[str]:
    """Hidden card codes that an event shows to a seat (in its data or its log line)."""
    found = []
    for seat in [*range(st.n), None]:
        hidden = unknown_to(st, seat)
        for e in events:
            if not e.visible_to(seat):
                continue
            shown = card_codes_in(e.data, CODES) | card_codes_in(GAME.describe(e, seat) or "", CODES)
            if shown & hidden:
                found.append(f"seat {seat} sees {sorted(shown & hidden)} in {e!r}")
    return found


def test_a_fizzled_move_does_not_show_the_movers_new_hand() -> None:
    # P0 declares an upgrade; P1's Thug renews the market, whose refill meets
    # the Joker: the disaster discards every hand, so the upgrade fizzles with
    # P0 holding three new cards nobody else has seen.
    st = build(
        3,
        hands={0: "5H 5D", 1: "AC 2S"},
        market="2C 3C 4C",
        deck_top="X1 6C 7C 8C 9S TS JS 6D 7D 8D QC KC",
    )
    st.apply(0, "upgrade 5H with 5D")
    leaks = _leaks(st, st.apply(1, "thug market"))
    fizzled = []
    while st.decision == "reaction":
        events = st.apply(st.to_act[0], "pass")
        leaks += _leaks(st, events)
        fizzled += [e for e in events if e.kind == "fizzled"]
    assert fizzled and fizzled[0].data["seat"] == 0
    assert len(st.hands[0]) == 3 and not st.known[0]
    assert not leaks, leaks
