"""``engine/snapshots``: a state's fields written out as plain data. Its fast
paths (a list or tuple of atoms, or of lists and tuples of atoms, taken as it
is) must write exactly what the part-by-part walk writes."""

from __future__ import annotations

import io
import pickle
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from courtly.engine.snapshots import plain

ATOMS = st.one_of(
    st.integers(), st.booleans(), st.none(), st.text(max_size=3), st.floats(allow_nan=False)
)
VALUES = st.recursive(
    ATOMS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.frozensets(ATOMS, max_size=4),
        st.sets(ATOMS, max_size=4),
        st.dictionaries(st.text(max_size=2), inner, max_size=3),
    ),
    max_leaves=20,
)


def walked(value: Any) -> Any:
    """``plain`` without its fast paths: every part written out one by one."""
    kind = type(value)
    if kind in (int, float, str, bool, bytes, type(None)):
        return value
    if kind is list or kind is tuple:
        return kind(walked(v) for v in value)
    if kind is dict:
        return ("dict", [(walked(k), walked(v)) for k, v in value.items()])
    return (kind.__name__, sorted((walked(v) for v in value), key=repr))


def written(value: Any) -> bytes:
    """Pickled as ``snapshot`` pickles: no memo, every part in full."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(value)
    return out.getvalue()


@given(VALUES)
def test_the_fast_paths_write_what_the_walk_writes(value: Any) -> None:
    assert written(plain(value)) == written(walked(value))


def test_a_set_inside_a_list_of_lists_is_still_sorted() -> None:
    # the second fast path looks one level down only: a set there is walked
    a, b = {3, 1, 2}, {2, 3, 1}
    assert plain([[1, 2], [a]]) == plain([[1, 2], [b]])
    assert plain([(1, "x"), (2, None)]) == [(1, "x"), (2, None)]
