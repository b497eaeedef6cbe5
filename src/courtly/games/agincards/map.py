"""Agincards: the map of cards, its frontier of open cells, and its runs.

The map grows from the seed card on a table of 25 x 25 cells (AGI-9): columns
``a``..``y`` left to right, rows ``1``..``25`` top to bottom, the seed at
``m13``. Inside, the table is a flat list with a two-cell wall around it, so a
look two cells away never leaves the list.

Each empty cell that touches a card keeps a mask of the values (bit ``v`` for
value ``v``, 1..13) it still allows. A placement only changes the masks of the
empty cells at most two steps from it along its row and column, so the frontier
is kept up to date in a handful of steps instead of a scan of the map. Masks
only ever shrink, so a touching cell whose mask is 0 is dead space for good
(AGI-3). ``open_by_value[v]`` holds the open cells that allow ``v``, in an
insertion-ordered dict, so legal placements are read off directly.
"""

from __future__ import annotations

REACH = 12
"""Cells from the seed to the table's edge in each direction (AGI-9)."""
SIDE = 2 * REACH + 1  # 25 columns and 25 rows
CELLS = SIDE * SIDE  # 625 cells in the action space
PAD = 2
P = SIDE + 2 * PAD  # width of the padded inner grid
SIZE = P * P
STEPS = (1, -1, P, -P)  # right, left, down, up
COLUMNS = "abcdefghijklmnopqrstuvwxy"

BLACK, RED = 1, 2

INDEX_OF_CELL: list[int] = [(r + PAD) * P + (c + PAD) for r in range(SIDE) for c in range(SIDE)]
CELL_OF_INDEX: list[int] = [-1] * SIZE
for _cell, _i in enumerate(INDEX_OF_CELL):
    CELL_OF_INDEX[_i] = _cell
INSIDE: list[bool] = [c >= 0 for c in CELL_OF_INDEX]
ROW: list[int] = [i // P for i in range(SIZE)]
COL: list[int] = [i % P for i in range(SIZE)]
SEED_CELL = REACH * SIDE + REACH
SEED_INDEX = INDEX_OF_CELL[SEED_CELL]

CELL_NAMES: list[str] = [f"{COLUMNS[c % SIDE]}{c // SIDE + 1}" for c in range(CELLS)]
_CELL_BY_NAME = {name: c for c, name in enumerate(CELL_NAMES)}

ALL_VALUES = sum(1 << v for v in range(1, 14))
# RANGE[lo][hi]: bits of the values v with lo < v < hi (lo 0..14, hi 0..14).
RANGE: list[list[int]] = [
    [sum(1 << v for v in range(lo + 1, hi) if 1 <= v <= 13) for hi in range(15)] for lo in range(15)
]
# BITS[mask]: the values whose bits are set in a mask.
BITS: list[tuple[int, ...]] = [tuple(v for v in range(1, 14) if m >> v & 1) for m in range(1 << 14)]


def cell_name(cell: int) -> str:
    """``m13`` for the seed's cell."""
    return CELL_NAMES[cell]


def cell_of(name: str) -> int | None:
    """The cell of a name such as ``k12`` (lower case), or None."""
    return _CELL_BY_NAME.get(name)


def value_of(card: int) -> int:
    """A card's value, Ace 1 .. King 13 (AGI-1); second-deck cards are 100 + c."""
    return ((card % 100) >> 2) + 1


def hue_of(card: int) -> int:
    """RED or BLACK: suits are ignored, only the colour matters (AGI-1)."""
    return RED if (card % 100) & 3 in (1, 2) else BLACK


def line_mask(a: int, a2: int, b: int, b2: int) -> int:
    """Values that keep one line strictly monotonic through an empty cell.

    ``a`` is the card next to the cell on one side and ``a2`` the one beyond it
    (0 for none); ``b`` and ``b2`` likewise on the other side. The line reads
    ``a2 a [v] b b2`` and must rise or fall all the way (AGI-2).
    """
    m = 0
    if (not a2 or a2 < a) and (not b2 or b2 > b):  # rising towards b
        m = RANGE[a][b or 14]
    if (not a2 or a2 > a) and (not b2 or b2 < b):  # falling towards b
        m |= RANGE[b][a or 14]
    return m


class Map:
    """The cards on the table, their tokens, and the open cells."""

    __slots__ = ("card", "hue", "mask", "open_by_value", "order", "token", "val")

    def __init__(self) -> None:
        self.val = [0] * SIZE  # 0 empty, else the card's value
        self.card = [-1] * SIZE
        self.hue = [0] * SIZE  # 0 empty, BLACK or RED
        self.mask = [0] * SIZE  # values an empty touching cell allows
        self.token = [-1] * SIZE  # owner of the token on a card, or -1
        self.open_by_value: list[dict[int, None]] = [{} for _ in range(14)]
        self.order: list[int] = []  # indices in the order cards were placed

    def copy(self) -> Map:
        m = Map.__new__(Map)
        m.val = self.val[:]
        m.card = self.card[:]
        m.hue = self.hue[:]
        m.mask = self.mask[:]
        m.token = self.token[:]
        m.open_by_value = [d.copy() for d in self.open_by_value]
        m.order = self.order[:]
        return m

    # -- placing ------------------------------------------------------------------
    def allows(self, i: int, value: int) -> bool:
        return bool(self.mask[i] >> value & 1)

    def place(self, i: int, card: int) -> None:
        """Put ``card`` at index ``i`` and bring the frontier up to date."""
        v = value_of(card)
        self.val[i] = v
        self.card[i] = card
        self.hue[i] = hue_of(card)
        self._set_mask(i, 0)
        self.order.append(i)
        val = self.val
        for step in STEPS:
            e = i + step
            if not val[e]:
                if INSIDE[e]:
                    self._recompute(e)
            else:
                e += step
                if not val[e] and INSIDE[e]:
                    self._recompute(e)

    def _recompute(self, e: int) -> None:
        val = self.val
        a = val[e - 1]
        b = val[e + 1]
        c = val[e - P]
        d = val[e + P]
        if not (a or b or c or d):
            m = 0
        else:
            m = line_mask(a, val[e - 2] if a else 0, b, val[e + 2] if b else 0) & line_mask(
                c, val[e - 2 * P] if c else 0, d, val[e + 2 * P] if d else 0
            )
        self._set_mask(e, m)

    def _set_mask(self, e: int, m: int) -> None:
        old = self.mask[e]
        if old == m:
            return
        self.mask[e] = m
        obv = self.open_by_value
        for v in BITS[old & ~m]:
            del obv[v][e]
        for v in BITS[m & ~old]:
            obv[v][e] = None

    def rebuild(self, placed: list[tuple[int, int]]) -> None:
        """Lay out ``(index, card)`` pairs in order, then work out the frontier
        once (faster than placing them one by one)."""
        val, card, hue = self.val, self.card, self.hue
        for i, c in placed:
            val[i] = value_of(c)
            card[i] = c
            hue[i] = hue_of(c)
            self.order.append(i)
        seen: set[int] = set()
        for i, _ in placed:
            for step in STEPS:
                e = i + step
                if not val[e] and INSIDE[e] and e not in seen:
                    seen.add(e)
                    self._recompute(e)

    # -- looking at it ----------------------------------------------------------------
    def touching(self, e: int) -> bool:
        val = self.val
        return bool(val[e - 1] or val[e + 1] or val[e - P] or val[e + P])

    def dead(self, e: int) -> bool:
        """An empty cell on the table, touching the map, where no value 1..13
        could ever be placed (AGI-3)."""
        return INSIDE[e] and not self.val[e] and not self.mask[e] and self.touching(e)

    def score_run(self, i: int, step: int) -> list[int]:
        """The score run through ``i`` along ``step``'s axis: the maximal
        segment of cards of ``i``'s colour (AGI-4)."""
        hue = self.hue
        h = hue[i]
        out = [i]
        j = i + step
        while hue[j] == h:
            out.append(j)
            j += step
        j = i - step
        while hue[j] == h:
            out.append(j)
            j -= step
        return out

    def run_length(self, i: int, step: int) -> int:
        hue = self.hue
        h = hue[i]
        n = 1
        j = i + step
        while hue[j] == h:
            n += 1
            j += step
        j = i - step
        while hue[j] == h:
            n += 1
            j -= step
        return n

    def end_open(self, i: int, step: int) -> bool:
        """Whether the score run from ``i`` going ``step`` may still grow: the
        cell past its end is empty, on the table and not dead."""
        hue = self.hue
        h = hue[i]
        j = i + step
        while hue[j] == h:
            j += step
        return not self.val[j] and self.mask[j] != 0

    def can_score(self, i: int) -> bool:
        """False once all four ends of the token's score runs are blocked by a
        card of the other colour, dead space or the table's edge (AGI-7)."""
        hue = self.hue
        val = self.val
        mask = self.mask
        h = hue[i]
        for step in STEPS:
            j = i + step
            while hue[j] == h:
                j += step
            if not val[j] and mask[j]:
                return True
        return False

    def open_cells(self) -> list[int]:
        """Every open index (allowing at least one value), in no special order."""
        seen: dict[int, None] = {}
        for d in self.open_by_value[1:]:
            seen.update(d)
        return list(seen)
