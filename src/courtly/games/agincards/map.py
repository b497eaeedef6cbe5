"""Agincards: the map of cards, its frontier of open cells, and its runs.

The table has no edge (AGI-9): "the game can spread itself out". A cell is a
pair of coordinates from the seed card at (0, 0), x to the right and y
downwards; inside, it is one integer, ``(y + ORIGIN) * WIDTH + x + ORIGIN``, so
a step right is +1 and a step down is +WIDTH. Only the cards and the empty
cells next to them are stored (in dicts), so a map costs what its cards cost
however far it spreads.

Why WIDTH is room enough: the map is connected, and a row or column holds at
most 13 cards in an unbroken line (values 1 to 13, strictly rising or
falling). A chain of cards from the seed to a card d columns away therefore
makes d steps across, at most 12 in a line, and a step up or down between two
lines: at least d + ceil(d / 12) - 1 steps, so d + ceil(d / 12) cards. Two
packs hold 104 cards, so no card lies more than 96 cells from the seed across
or down (48 with one pack), and a look two cells past an open cell stays within
99 < ORIGIN. With the ``table`` option (a house rule) the map keeps inside a
square around the seed, whose edge blocks a run end like dead space.

Each empty cell that touches a card keeps a mask of the values (bit ``v`` for
value ``v``, 1..13) it still allows; only open cells (a mask not 0) are stored.
A placement only changes the masks of the empty cells at most two steps from
it along its row and column, so the frontier is kept up to date in a handful of
steps instead of a scan of the map. Masks only ever shrink, so a touching cell
whose mask is 0 is dead space for good (AGI-3). ``open_by_value[v]`` holds the
open cells that allow ``v``, in an insertion-ordered dict, so legal placements
are read off directly.

Each card on the map has a **name** (``ref``): its code for the first copy of
that code to reach the map, code + 52 for the second (two packs). A placement
is named after a card beside the cell (the notation in RULES.md), any of them
when typed; its legal action, the one the moves list and records keep, after
the card on its left if there is one ("7H right of 5C"), else the one above
("below"), else the one on its right ("left of"), else the one below
("above"). ``slot[e]`` keeps that name of each open cell as ``ref * 4 + side``.
"""

from __future__ import annotations

from courtly import cards

WIDTH = 256
ORIGIN = 128
"""Coordinates run from -ORIGIN to WIDTH - ORIGIN - 1 across and down."""
SEED_INDEX = ORIGIN * WIDTH + ORIGIN
STEPS = (1, -1, WIDTH, -WIDTH)  # right, left, down, up
RIGHT, LEFT, BELOW, ABOVE = range(4)
SIDES = ("right of", "left of", "below", "above")
"""How a placement names its cell from a card beside it, by side: the card
goes to the right of, left of, below or above that card (its step in STEPS)."""
CODES = 52
REFS = 2 * CODES
"""Names of cards on the map: a code for its first copy there, code + 52 for
the second (two packs hold each card twice)."""
MAX_REACH = 96
"""No card can lie further from the seed across or down (two packs)."""

BLACK, RED = 1, 2

ALL_VALUES = sum(1 << v for v in range(1, 14))
# RANGE[lo][hi]: bits of the values v with lo < v < hi (lo 0..14, hi 0..14).
RANGE: list[list[int]] = [
    [sum(1 << v for v in range(lo + 1, hi) if 1 <= v <= 13) for hi in range(15)] for lo in range(15)
]
# BITS[mask]: the values whose bits are set in a mask.
BITS: list[tuple[int, ...]] = [tuple(v for v in range(1, 14) if m >> v & 1) for m in range(1 << 14)]


def index(x: int, y: int) -> int:
    """The cell ``x`` across and ``y`` down from the seed."""
    return (y + ORIGIN) * WIDTH + x + ORIGIN


def xy(i: int) -> tuple[int, int]:
    """A cell's coordinates from the seed: (across, down)."""
    return i % WIDTH - ORIGIN, i // WIDTH - ORIGIN


def ref_name(ref: int) -> str:
    """``5C`` for the first 5C on the map, ``5C'`` for the second."""
    return cards.code(ref % CODES) + ("'" if ref >= CODES else "")


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

    __slots__ = (
        "at_ref",
        "card",
        "hue",
        "mask",
        "open_by_value",
        "order",
        "reach",
        "ref_at",
        "slot",
        "token",
        "val",
    )

    def __init__(self, reach: int = 0) -> None:
        self.reach = reach  # cells from the seed to the table's edge; 0: no edge
        self.val: dict[int, int] = {}  # the card's value on each filled cell
        self.card: dict[int, int] = {}
        self.hue: dict[int, int] = {}  # BLACK or RED
        self.mask: dict[int, int] = {}  # values each open cell allows (never 0)
        self.slot: dict[int, int] = {}  # each open cell's name: ref * 4 + side
        self.token: dict[int, int] = {}  # owner of the token on a card
        self.ref_at: dict[int, int] = {}  # the name of the card on each cell
        self.at_ref: dict[int, int] = {}  # the cell of each named card
        self.open_by_value: list[dict[int, None]] = [{} for _ in range(14)]
        self.order: list[int] = []  # cells in the order cards were placed

    def copy(self) -> Map:
        m = Map.__new__(Map)
        m.reach = self.reach
        m.val = self.val.copy()
        m.card = self.card.copy()
        m.hue = self.hue.copy()
        m.mask = self.mask.copy()
        m.slot = self.slot.copy()
        m.token = self.token.copy()
        m.ref_at = self.ref_at.copy()
        m.at_ref = self.at_ref.copy()
        m.open_by_value = [d.copy() for d in self.open_by_value]
        m.order = self.order[:]
        return m

    # -- the table ----------------------------------------------------------------
    def inside(self, e: int) -> bool:
        """Whether a cell is on the table: always, unless it has an edge (AGI-9)."""
        reach = self.reach
        return not reach or (
            -reach <= e % WIDTH - ORIGIN <= reach and -reach <= e // WIDTH - ORIGIN <= reach
        )

    # -- placing ------------------------------------------------------------------
    def allows(self, i: int, value: int) -> bool:
        return bool(self.mask.get(i, 0) >> value & 1)

    def target(self, ref: int, side: int) -> int:
        """The cell ``side`` of the card named ``ref`` (-1 when not on the map)."""
        at = self.at_ref.get(ref)
        return -1 if at is None else at + STEPS[side]

    def place(self, i: int, card: int) -> None:
        """Put ``card`` at ``i`` and bring the frontier up to date."""
        self._lay(i, card)
        self._set_mask(i, 0)
        val = self.val
        for step in STEPS:
            e = i + step
            if e not in val:
                if self.inside(e):
                    self._recompute(e)
            else:
                e += step
                if e not in val and self.inside(e):
                    self._recompute(e)

    def _lay(self, i: int, card: int) -> None:
        self.val[i] = value_of(card)
        self.card[i] = card
        self.hue[i] = hue_of(card)
        code = card % 100
        ref = code if code not in self.at_ref else code + CODES
        self.ref_at[i] = ref
        self.at_ref[ref] = i
        self.order.append(i)

    def _recompute(self, e: int) -> None:
        val = self.val
        get = val.get
        a = get(e - 1, 0)
        b = get(e + 1, 0)
        c = get(e - WIDTH, 0)
        d = get(e + WIDTH, 0)
        if not (a or b or c or d):
            m = 0
        else:
            m = line_mask(a, get(e - 2, 0) if a else 0, b, get(e + 2, 0) if b else 0) & line_mask(
                c, get(e - 2 * WIDTH, 0) if c else 0, d, get(e + 2 * WIDTH, 0) if d else 0
            )
        self._set_mask(e, m)
        if m:
            # The cell is named after the card on its left, else above, else on
            # its right, else below.
            ref_at = self.ref_at
            if a:
                self.slot[e] = ref_at[e - 1] * 4 + RIGHT
            elif c:
                self.slot[e] = ref_at[e - WIDTH] * 4 + BELOW
            elif b:
                self.slot[e] = ref_at[e + 1] * 4 + LEFT
            else:
                self.slot[e] = ref_at[e + WIDTH] * 4 + ABOVE

    def _set_mask(self, e: int, m: int) -> None:
        mask = self.mask
        old = mask.get(e, 0)
        if old == m:
            return
        if m:
            mask[e] = m
        else:
            del mask[e]
            del self.slot[e]
        obv = self.open_by_value
        for v in BITS[old & ~m]:
            del obv[v][e]
        for v in BITS[m & ~old]:
            obv[v][e] = None

    def rebuild(self, placed: list[tuple[int, int]]) -> None:
        """Lay out ``(cell, card)`` pairs in order, then work out the frontier
        once (faster than placing them one by one)."""
        for i, c in placed:
            self._lay(i, c)
        val = self.val
        seen: set[int] = set()
        for i, _ in placed:
            for step in STEPS:
                e = i + step
                if e not in val and e not in seen and self.inside(e):
                    seen.add(e)
                    self._recompute(e)

    # -- looking at it ----------------------------------------------------------------
    def touching(self, e: int) -> bool:
        val = self.val
        return e - 1 in val or e + 1 in val or e - WIDTH in val or e + WIDTH in val

    def dead(self, e: int) -> bool:
        """An empty cell on the table, touching the map, where no value 1..13
        could ever be placed (AGI-3)."""
        return e not in self.val and e not in self.mask and self.touching(e) and self.inside(e)

    def score_run(self, i: int, step: int) -> list[int]:
        """The score run through ``i`` along ``step``'s axis: the maximal
        segment of cards of ``i``'s colour (AGI-4)."""
        get = self.hue.get
        h = get(i)
        out = [i]
        j = i + step
        while get(j) == h:
            out.append(j)
            j += step
        j = i - step
        while get(j) == h:
            out.append(j)
            j -= step
        return out

    def run_length(self, i: int, step: int) -> int:
        get = self.hue.get
        h = get(i)
        n = 1
        j = i + step
        while get(j) == h:
            n += 1
            j += step
        j = i - step
        while get(j) == h:
            n += 1
            j -= step
        return n

    def end_open(self, i: int, step: int) -> bool:
        """Whether the score run from ``i`` going ``step`` may still grow: the
        cell past its end is open (empty, on the table and not dead)."""
        get = self.hue.get
        h = get(i)
        j = i + step
        while get(j) == h:
            j += step
        return j in self.mask

    def can_score(self, i: int) -> bool:
        """False once all four ends of the token's score runs are blocked by a
        card of the other colour, dead space or the table's edge (AGI-7)."""
        get = self.hue.get
        mask = self.mask
        h = get(i)
        for step in STEPS:
            j = i + step
            while get(j) == h:
                j += step
            if j in mask:
                return True
        return False

    def open_cells(self) -> list[int]:
        """Every open cell (allowing at least one value), in no special order."""
        return list(self.mask)

    def bounds(self) -> tuple[int, int, int, int]:
        """The smallest box holding every card: min x, min y, max x, max y."""
        xs = [i % WIDTH for i in self.val]
        ys = [i // WIDTH for i in self.val]
        return min(xs) - ORIGIN, min(ys) - ORIGIN, max(xs) - ORIGIN, max(ys) - ORIGIN
