"""The terminal's prompt: line editing, history and tab completion of the
notation (prompt_toolkit) when a person types at a terminal; plain reading of
lines when the input is a pipe or a file (scripts and tests).

Completion offers the commands and the notations of the legal moves of the
moment: ``pl<Tab>`` completes ``play``, ``play 3<Tab>`` offers ``play 3S`` and
``play 3H``. Up and down walk the game's earlier lines.

A question in play takes only what is typed after it is asked: lines typed
ahead (while the bots played, or after the last answer's Enter) are dropped,
and the player told, so a line meant for one decision never answers the next.
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input.typeahead import get_typeahead
from rich.console import Console

try:
    import termios
except ImportError:  # not a POSIX terminal: only prompt_toolkit's own keys are dropped
    termios = None  # type: ignore[assignment]

DROPPED = (
    "[yellow]What you typed before this question was dropped: "
    "type it again if you still mean it.[/]"
)


class NotationCompleter(Completer):
    """Completes the whole line so far against ``words`` (commands and the
    legal moves' notations), ignoring case."""

    def __init__(self) -> None:
        self.words: Sequence[str] = ()

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        typed = document.text_before_cursor.lstrip()
        low = typed.lower()
        seen: set[str] = set()
        for word in self.words:
            if word.lower().startswith(low) and word not in seen:
                seen.add(word)
                yield Completion(word, start_position=-len(typed))


class Prompter:
    """Asks for a line; with ``session`` (a terminal) the line can be edited,
    recalled and completed."""

    def __init__(self, out: Console, session: PromptSession[str] | None = None) -> None:
        self.out = out
        self.session = session
        self.completer = NotationCompleter()
        if session is not None:
            session.completer = self.completer

    @classmethod
    def for_console(cls, out: Console) -> Prompter:
        """Line editing when a person types at a terminal; plain lines otherwise."""
        if sys.stdin.isatty() and sys.stdout.isatty() and out.is_terminal:
            return cls(out, make_session())
        return cls(out)

    def ask(self, prompt: str, words: Iterable[str] = (), fresh: bool = True) -> str:
        """A line typed after ``prompt``, completing from ``words``; EOFError
        when input ends. ``fresh``: at a terminal, what was typed before the
        question is dropped (and the player told) rather than taken as the answer."""
        self.completer.words = list(words)
        if self.session is None:
            return self.out.input(prompt)
        if fresh and self.drop_typed_ahead():
            self.out.print(DROPPED)
        return self.session.prompt(prompt)

    def drop_typed_ahead(self) -> bool:
        """Drop the keys typed before this question: those prompt_toolkit read
        past the last line's Enter, and those still waiting at the terminal.
        True when a line or key was dropped (a line being typed is dropped
        unsaid)."""
        assert self.session is not None
        source = self.session.input
        dropped = bool(get_typeahead(source))
        try:
            fd = source.fileno()
        except (AttributeError, OSError, ValueError):
            return dropped
        if termios is not None and os.isatty(fd):
            dropped = dropped or bool(select.select([fd], [], [], 0)[0])
            termios.tcflush(fd, termios.TCIFLUSH)
        return dropped


def make_session(**io: Any) -> PromptSession[str]:
    """A prompt session with the game's history; ``io`` (input, output) for tests."""
    return PromptSession(history=InMemoryHistory(), complete_while_typing=False, **io)
