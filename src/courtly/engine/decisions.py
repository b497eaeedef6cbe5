"""Pending decisions: the one mechanism for who acts now.

A state keeps a stack of ``Decision`` objects. The top one says what kind of
choice is awaited and from which seats; several seats at once for simultaneous
phases (passing, committing a card, a reaction window). A multi-step choice or
an interrupt pushes a new decision on top; when its seats are done it is popped
and the one below resumes.
"""

from __future__ import annotations

from typing import Any


class Decision:
    """A choice the game awaits. ``waiting`` holds the seats still to decide."""

    __slots__ = ("context", "kind", "waiting")

    def __init__(self, kind: str, waiting: list[int], context: Any = None) -> None:
        self.kind = kind
        self.waiting = waiting
        self.context = context

    def copy(self) -> Decision:
        return Decision(self.kind, list(self.waiting), self.context)

    def __reduce__(self) -> tuple[Any, ...]:
        # Compiled, a class pickles (and deep-copies) only as it says: by its
        # arguments here (a state with a decision pending pickles in both builds).
        return (Decision, (self.kind, self.waiting, self.context))

    def __repr__(self) -> str:
        return f"<Decision {self.kind} awaiting {self.waiting}>"


class DecisionStack:
    """The stack of pending decisions, top last."""

    __slots__ = ("items",)

    def __init__(self, items: list[Decision] | None = None) -> None:
        self.items: list[Decision] = items if items is not None else []

    @property
    def top(self) -> Decision | None:
        return self.items[-1] if self.items else None

    def push(self, kind: str, waiting: list[int], context: Any = None) -> Decision:
        d = Decision(kind, sorted(waiting), context)
        self.items.append(d)
        return d

    def pop(self) -> Decision:
        return self.items.pop()

    def done(self, seat: int) -> bool:
        """Mark ``seat`` as having decided on the top decision; True if it is now
        complete (and popped)."""
        top = self.items[-1]
        top.waiting.remove(seat)
        if top.waiting:
            return False
        self.items.pop()
        return True

    def to_act(self) -> tuple[int, ...]:
        return tuple(self.items[-1].waiting) if self.items else ()

    def copy(self) -> DecisionStack:
        return DecisionStack([d.copy() for d in self.items])

    def __len__(self) -> int:
        return len(self.items)
