"""A state's fields as bytes, for "did anything change" checks
(``State.snapshot``), and a pickled state made again from its fields
(``unpickled``). Interpreted in either build.

Two states holding the same position give the same bytes however they were
made: every part is written out as plain data (an object as its class name and
its fields by name, a set with its members sorted: equal sets can list their
members in different orders after different histories of adds and removes),
then pickled without a memo (parts that are the same objects, as a clone
shares with its original, read as any other). Order still counts where it
means something: in lists, and in dicts (the rules read insertion-ordered
dicts, whose order shows in legal actions).
"""

from __future__ import annotations

import io
import pickle
import random
from collections.abc import Mapping
from itertools import chain
from typing import Any

_ATOMS = frozenset((int, float, str, bool, bytes, type(None)))
_SEQUENCES = frozenset((list, tuple))


def plain(value: Any) -> Any:
    """``value`` as plain data, the same for equal values. A list or tuple of
    atoms, or of lists and tuples of atoms (most of a state, its history of
    moves included), is plain already and taken as it is: a walk part by part
    would write the same bytes (``tests/engine/test_snapshots.py``), three
    times slower over a game."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list or kind is tuple:
        kinds = set(map(type, value))
        if kinds <= _ATOMS:
            return value  # atoms only (most lists of a state): already plain
        if kinds <= _SEQUENCES and _ATOMS.issuperset(map(type, chain.from_iterable(value))):
            return value  # lists or tuples of atoms only (a history of moves): plain too
        parts = [plain(v) for v in value]
        return parts if kind is list else tuple(parts)
    if kind is dict:
        return ("dict", [(plain(k), plain(v)) for k, v in value.items()])
    if kind is set or kind is frozenset:
        return (kind.__name__, sorted((plain(v) for v in value), key=repr))
    if isinstance(value, random.Random):
        return ("Random", value.getstate())
    state = value.__getstate__()
    if isinstance(state, tuple) and len(state) == 2 and state[0] is None:
        state = state[1]  # (None, slots) of a class with __slots__
    if isinstance(state, dict):
        state = sorted((k, plain(v)) for k, v in state.items())
    elif state is not None:
        state = plain(state)
    return (kind.__qualname__, state)


def snapshot(name: str, fields: Mapping[str, Any]) -> bytes:
    """``fields`` (a state's, by name) of a state of class ``name`` as bytes."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: every part written out in full
    pickler.dump((name, sorted((k, plain(v)) for k, v in fields.items())))
    return out.getvalue()


def unpickled(cls: Any, fields: Mapping[str, Any]) -> Any:
    """A pickled state made again (``State.__reduce__``): its class, its fields
    set as they were."""
    state = cls.__new__(cls)
    for name, value in fields.items():
        setattr(state, name, value)
    return state
