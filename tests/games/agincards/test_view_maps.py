"""The observation maps bots read: grown a card at a time, laid out the same."""

from __future__ import annotations

from courtly.engine.testing import walk
from courtly.games.agincards import view

from .helpers import GAME


def test_a_map_grown_card_by_card_equals_one_laid_out_afresh() -> None:
    grown = 0
    for seed, options in ((1, None), (2, {"decks": 2}), (3, {"table": 9})):
        for state in walk(GAME, 2, seed, options):
            obs = state.observation(0)
            key = view._key(obs)
            reach, laid = key
            grows = key not in view._VIEW_MAPS and (reach, laid[:-1]) in view._VIEW_MAPS
            shown = view.public_map(obs)
            fresh = view._public_map(key)[0]
            if grows:
                grown += 1
                assert shown is not fresh
            assert shown.card == fresh.card and shown.val == fresh.val
            assert shown.hue == fresh.hue and shown.mask == fresh.mask
            assert shown.slot == fresh.slot and shown.at_ref == fresh.at_ref
            assert sorted(shown.order) == sorted(fresh.order)
            assert [sorted(d) for d in shown.open_by_value] == [
                sorted(d) for d in fresh.open_by_value
            ]
    assert grown > 20, "maps were not grown from the one before"
