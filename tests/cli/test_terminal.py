"""The terminal as a player types at it: line editing, history and tab
completion (prompt_toolkit, driven here through a pipe as keys), forced moves
made for the player, the in-game ``rules``, the moves in columns and plain
error messages."""

from __future__ import annotations

import io
import os
import select
import threading
import time
from collections.abc import Iterator

import pytest
from prompt_toolkit import PromptSession
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.input.vt100 import Vt100Input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output
from rich.console import Console

from courtly.cli.play import PASS_ALL, WAIVED, WORDS, Quit, TerminalTable, short_rules
from courtly.cli.prompt import NotationCompleter, Prompter, make_session
from courtly.engine import text
from courtly.engine.actions import Action
from courtly.engine.driver import Move
from courtly.engine.errors import IllegalAction
from courtly.engine.events import Event
from courtly.games import get
from tests.games.agincards.helpers import scenario

LEGAL = ["play 3S", "play 3H", "pass", "moves", "hint"]


@pytest.fixture
def keys() -> Iterator[tuple[PipeInput, PromptSession[str]]]:
    with create_pipe_input() as pipe:
        yield pipe, make_session(input=pipe, output=DummyOutput())


def typed(
    pipe: PipeInput, session: PromptSession[str], text: str, shows: str | None = None
) -> None:
    """Type ``text``; with ``shows``, wait until the line reads so (a completion
    is worked out in the background), then press Enter."""

    def go() -> None:
        pipe.send_text(text)
        if shows is not None:
            deadline = time.monotonic() + 20
            while session.default_buffer.text != shows and time.monotonic() < deadline:
                time.sleep(0.01)
            pipe.send_text("\r")

    threading.Thread(target=go, daemon=True).start()


def test_the_line_can_be_edited_and_earlier_lines_recalled(
    keys: tuple[PipeInput, PromptSession[str]],
) -> None:
    pipe, session = keys
    p = Prompter(Console(), session)
    typed(pipe, session, "pay 3S\x1b[D\x1b[D\x1b[D\x1b[D\x1b[Dl\r")  # left arrows, insert
    assert p.ask("> ") == "play 3S"
    typed(pipe, session, "\x1b[A\r")  # up: the line before, not "^[[A"
    assert p.ask("> ") == "play 3S"


def test_tab_completes_the_notation_of_the_legal_moves(
    keys: tuple[PipeInput, PromptSession[str]],
) -> None:
    pipe, session = keys
    p = Prompter(Console(), session)
    typed(pipe, session, "pla\t", shows="play 3")  # the common part of play 3S and 3H
    assert p.ask("> ", LEGAL) == "play 3"
    typed(pipe, session, "PAS\t", shows="pass")  # whatever the case typed
    assert p.ask("> ", LEGAL) == "pass"


def typed_when_asked(pipe: PipeInput | int, session: PromptSession[str], text: str) -> None:
    """Type ``text`` once the question is on the screen (``pipe``: a pipe's
    input, or a pseudo-terminal's side where the keyboard types)."""

    def go() -> None:
        deadline = time.monotonic() + 20
        while not session.app.is_running and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.05)
        if isinstance(pipe, int):
            os.write(pipe, text.encode())
        else:
            pipe.send_text(text)

    threading.Thread(target=go, daemon=True).start()


def test_keys_typed_past_an_answer_do_not_answer_the_next_question(
    keys: tuple[PipeInput, PromptSession[str]],
) -> None:
    pipe, session = keys
    out = Console(file=io.StringIO())
    p = Prompter(out, session)
    pipe.send_text("besiege P1 with KS\rend\r")  # 'end' typed ahead, before the bots move
    assert p.ask("> ") == "besiege P1 with KS"
    typed_when_asked(pipe, session, "pass\r")
    assert p.ask("> ") == "pass"
    assert "What you typed before this question was dropped" in out.file.getvalue()  # type: ignore[attr-defined]


def test_lines_waiting_at_the_terminal_do_not_answer_the_question() -> None:
    keyboard, screen = os.openpty()
    with os.fdopen(screen, "r", closefd=False) as tty:
        session = make_session(input=Vt100Input(tty), output=DummyOutput())
        out = Console(file=io.StringIO())
        p = Prompter(out, session)
        os.write(keyboard, b"end\n")  # typed while the bots played
        typed_when_asked(keyboard, session, "pass\r")
        assert p.ask("> ") == "pass"
    os.close(keyboard)
    os.close(screen)
    assert "What you typed before this question was dropped" in out.file.getvalue()  # type: ignore[attr-defined]


CPR = b"\x1b[1;1R"  # a terminal's answer to "where is the cursor?"


def _terminal(keyboard: int, replies: list[list[bytes]]) -> None:
    """A terminal on ``keyboard``'s side of a pseudo-terminal: each time the
    prompt has asked where the cursor is and drawn ``>``, it answers with the
    next of ``replies``, each chunk in one write. Ctrl-D (end of input) if a
    question never shows, so the test fails rather than hangs."""
    drawn = b""
    deadline = time.monotonic() + 20
    while replies and time.monotonic() < deadline:
        if select.select([keyboard], [], [], 0.05)[0]:
            drawn += os.read(keyboard, 65536)
        asked = drawn.rpartition(b"\x1b[6n")
        if asked[1] and b">" in asked[2]:
            drawn = b""
            for chunk in replies.pop(0):
                os.write(keyboard, chunk)
                time.sleep(0.05)
    if replies:
        os.write(keyboard, b"\x04")


def test_a_line_sent_in_one_burst_once_asked_is_the_answer() -> None:
    # A pasted move or a script's line arrives in one write, the Enter with it,
    # at a real terminal (which answers the prompt's cursor-position request,
    # unlike DummyOutput): with that answer in the same write, or after it.
    # (Driving the game from tmux: `send-keys 'end' Enter` sends the End key,
    # not the letters, as tmux reads 'end' as a key's name; `send-keys -l end`
    # sends the text.)
    keyboard, screen = os.openpty()
    replies = [[CPR + b"end\r"], [CPR, b"pass\r"]]
    with os.fdopen(screen, "r", closefd=False) as tty, os.fdopen(screen, "w", closefd=False) as scr:
        output = Vt100_Output(scr, lambda: Size(rows=40, columns=120), term="xterm")
        session = make_session(input=Vt100Input(tty), output=output)
        out = Console(file=io.StringIO())
        p = Prompter(out, session)
        terminal = threading.Thread(target=_terminal, args=(keyboard, replies), daemon=True)
        terminal.start()
        assert p.ask("> ") == "end"
        assert p.ask("> ") == "pass"
        terminal.join(5)
    os.close(keyboard)
    os.close(screen)
    assert "dropped" not in out.file.getvalue()  # type: ignore[attr-defined]


def test_the_completer_offers_what_the_line_so_far_begins() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    c = NotationCompleter()
    c.words = LEGAL
    offered = [x.text for x in c.get_completions(Document("play "), CompleteEvent())]
    assert offered == ["play 3S", "play 3H"]
    assert [x.text for x in c.get_completions(Document("h"), CompleteEvent())] == ["hint"]


class NoQuestions(Prompter):
    def ask(self, prompt: str, words: object = (), fresh: bool = True) -> str:
        raise AssertionError(f"asked {prompt!r} with only one move to make")


def _forced(game_id: str, players: int, notation: str | None) -> tuple[TerminalTable, Console]:
    """A table whose human (seat 0) has exactly one legal move (``notation`` if given)."""
    game = get(game_id)
    for seed in range(40):
        state = game.new(players=players, seed=seed)
        out = Console(file=io.StringIO(), width=100)
        table = TerminalTable(["human", "random"], game, state, out, prompter=NoQuestions(out))
        for _ in range(500):
            if state.over:
                break
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if seat == 0 and len(legal) == 1 and notation in (None, legal[0].notation):
                return table, out
            state.apply(seat, legal[-1])
    pytest.fail("no forced decision found")


def test_a_forced_move_is_made_for_the_player_and_said() -> None:
    table, out = _forced("garrison", 2, "pass")
    before = len(table.state.history)
    table.human_turn(0)
    assert len(table.state.history) == before + 1
    said = out.file.getvalue()  # type: ignore[attr-defined]
    # The event says what was done for the player, in words, once, and that
    # it was done for them (a seat without an Ace is asked too: GAR-4).
    assert "Your only move, made for you: you let it pass" in said
    assert said.count("let it pass") == 1


def test_a_forced_move_whose_events_say_what_it_does_still_says_it_was_forced() -> None:
    table, out = _forced("garrison", 2, "end")  # the hand is empty: the turn ends
    table.human_turn(0)
    said = out.file.getvalue()  # type: ignore[attr-defined]
    first = said.splitlines()[0]
    assert "Your only move, made for you: you are about to end the turn" in first
    assert said.count("your only move") + said.count("Your only move") == 1


class Scripted(Prompter):
    def __init__(self, out: Console, lines: list[str]) -> None:
        super().__init__(out)
        self.lines = lines

    def ask(self, prompt: str, words: object = (), fresh: bool = True) -> str:
        return self.lines.pop(0)


def _scripted_table(lines: list[str], width: int) -> tuple[TerminalTable, Console]:
    """An Agents of the Crown table (seed 1) whose person in seat 0 types
    ``lines``, then the first legal move; its console."""
    game = get("agents-of-the-crown")
    state = game.new(seed=1)
    out = Console(file=io.StringIO(), width=width)
    first = state.legal_actions(0)[0].notation
    seats = ["human", "random", "random", "random"]
    return TerminalTable(seats, game, state, out, prompter=Scripted(out, [*lines, first])), out


def test_rules_and_moves_at_the_prompt() -> None:
    table, out = _scripted_table(["rules", "moves"], 120)
    legal = table.state.legal_actions(0)
    table.human_turn(0)
    shown = out.file.getvalue()  # type: ignore[attr-defined]
    assert "Passing" in shown and "courtly rules agents-of-the-crown" in shown
    # the moves in columns: far fewer lines than moves
    numbered = [line for line in shown.splitlines() if ". pass " in line]
    assert len(legal) >= 12 and len(numbered) < len(legal) / 2


def test_short_rules_stop_before_the_notation() -> None:
    text = short_rules(get("crown-rivals"))
    assert "## Setup" in text and "## Notation" not in text and "## Rulings" not in text


def test_a_card_you_do_not_hold_names_your_hand_as_the_table_shows_it() -> None:
    game = get("agents-of-the-crown")
    state = game.new(seed=1)
    hand = state.observation(0)["hand"]
    missing = next(f"{r}{s}" for r in "TJQK" for s in "CDHS" if f"{r}{s}" not in hand)
    common = next(c for c in hand if c[0] in "23456789")
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, f"pass {missing} {common}")
    said = str(caught.value)
    assert "[" not in said and "'" not in said  # not a Python list
    shown = said.split("your hand is ")[1].split()
    assert sorted(shown) == sorted(hand) and len(shown) == len(hand)


def test_the_privacy_screen_clears_the_scrollback_too() -> None:
    """Hot seat: the screen that passes the device wipes the lines above the
    screen as well (ESC[3J), so scrolling up does not show the hand before."""
    game = get("garrison")
    state = game.new(players=2, seed=4)
    out = Console(file=io.StringIO(), width=100, force_terminal=True)
    lines = ["", "end", ""]
    table = TerminalTable(["human", "human"], game, state, out, prompter=Scripted(out, lines))
    table.human_turn(0)
    assert table.viewer == 0 and not lines[1:]
    table.privacy_screen(1)
    shown = out.file.getvalue()  # type: ignore[attr-defined]
    assert "Your hand" in shown
    after = shown.rsplit("\x1b[2J\x1b[3J", 1)[1]
    assert "Pass the device to P1" in after and "Your hand" not in after


def test_a_refusal_that_ends_its_own_sentence_is_not_stopped_twice() -> None:
    table, out = _scripted_table(["jump"], 400)
    table.human_turn(0)
    shown = out.file.getvalue()  # type: ignore[attr-defined]
    assert "challenge of its own suit. Type 'help' or 'moves'." in shown
    assert ".." not in shown


def test_a_typed_move_written_another_way_is_played_as_the_legal_one() -> None:
    """Agincards names a cell after any card beside it: the person's own
    naming of a legal cell is that move, played and logged under its listed
    name; a naming of a cell the card may not take is refused in the person's
    words, and they type again."""
    # m12 sits right of the 4C and above the 9C (the seed).
    state = scenario([("m13", "9C"), ("l13", "TC"), ("l12", "4C")], [["6H", "9H"], ["2S"]])
    out = Console(file=io.StringIO(), width=120)
    lines = ["9H above 9C", "6H above 9C"]
    table = TerminalTable(
        ["human", "random"], state.game, state, out, prompter=Scripted(out, lines)
    )
    table.human_turn(0)
    assert not lines
    shown = out.file.getvalue()  # type: ignore[attr-defined]
    assert "Not allowed: the cell above 9C touches another 9" in shown
    assert shown.count("Not allowed") == 1
    assert state.record().actions == [(0, "6H right of 4C")]
    assert "placed 6♥ right of 4♣" in shown.lower()


class FirstMove(Prompter):
    """A person who always makes the first legal move."""

    def ask(self, prompt: str, words: object = (), fresh: bool = True) -> str:
        assert isinstance(words, list)
        return str(words[len(WORDS)])


@pytest.mark.parametrize("bot", ["normal", "hard@0.1"])
def test_a_bot_s_move_the_person_cannot_foresee_comes_after_its_pace(
    monkeypatch: pytest.MonkeyPatch, bot: str
) -> None:
    """At the terminal a bot's forced move came at once and a choice after
    the bot had chosen (a `hard` bot's search: a visible pause), so in a
    Garrison window the pause told the person whether the bot held a Spy.
    Each of its decisions the person cannot foresee is now shown when its
    pace ends (``Bot.pace``: its think, ``QUICK_PACE`` for a quick bot); a
    move everyone can tell was forced comes at once."""
    waits: list[float] = []
    monkeypatch.setattr(time, "sleep", waits.append)
    hidden: list[bool] = []  # each bot decision: does the person know it was forced?
    game = get("garrison")
    state = game.new(players=2, seed=6, options={"length": "quick"})
    out = Console(file=io.StringIO(), width=100)
    table = TerminalTable(["human", bot], game, state, out, prompter=FirstMove(out))
    decision = table.decision

    def noted(seat: int, legal: list[Action]) -> None:
        if seat == 1:
            hidden.append(not (len(legal) == 1 and state.choices_public(seat)))
        decision(seat, legal)

    table.driver.on_decision = noted
    table.run()
    assert state.over and hidden.count(False) < len(hidden)
    pace = table.bots[1].pace()
    assert pace is not None and all(0 < w <= pace for w in waits)
    if bot == "normal":  # it decides in far less than its pace: every hidden one waits
        assert len(waits) == hidden.count(True)
    else:  # a search may use its whole think; a forced move waits all of it
        assert 0 < len(waits) <= hidden.count(True)
        assert max(waits) > pace / 2


class HotSeat(Prompter):
    """People at one terminal: Enter at each privacy screen, then the first
    legal move, for ``moves`` decisions; then input ends."""

    def __init__(self, out: Console, moves: int) -> None:
        super().__init__(out)
        self.moves = moves

    def ask(self, prompt: str, words: object = (), fresh: bool = True) -> str:
        assert isinstance(words, list | tuple)
        if not words:
            return ""  # the privacy screen's Enter
        if self.moves == 0:
            raise EOFError
        self.moves -= 1
        return str(words[len(WORDS)])


def test_a_seat_taking_the_device_is_caught_up_on_what_it_may_see_only() -> None:
    """Hot seat: the privacy screen wipes the log, so the seat taking the
    device is shown, beneath it, the game's opening lines on its first turn
    and the events it missed, each as that seat may see it: its own cards
    drawn, never another seat's."""
    game = get("garrison")
    state = game.new(players=2, seed=4)
    out = Console(file=io.StringIO(), width=120, force_terminal=True, color_system=None)
    table = TerminalTable(["human", "human"], game, state, out, prompter=HotSeat(out, 3))
    log = game.opening(state)  # the game's events so far
    left: dict[int, int] = {}  # how much of the log a seat had seen when the device left it
    holder: list[int] = []
    screens: list[tuple[int, list[Event]]] = []  # (the seat given the device, what it missed)
    screen, moved = table.privacy_screen, table.driver.on_move

    def noted(seat: int) -> None:
        if holder[-1:] != [seat]:
            if holder:
                left[holder[-1]] = len(log)
            holder.append(seat)
            screens.append((seat, [e for e in log[left.get(seat, 0) :] if game.describe(e, seat)]))
        screen(seat)

    def logged(move: Move) -> None:
        log.extend(move.events)
        moved(move)

    table.privacy_screen = noted  # type: ignore[method-assign]
    table.driver.on_move = logged
    with pytest.raises(Quit):
        table.run()
    shown = out.file.getvalue().split("\x1b[2J\x1b[3J")[1:]  # type: ignore[attr-defined]
    assert len(screens) >= 3 and len(shown) == len(screens)
    mine = {0: "A♦ K♣ 9♠", 1: "5♥ A♠ 4♥"}  # each seat's first three cards (seed 4)
    for n, ((seat, missed), after) in enumerate(zip(screens, shown, strict=True)):
        lines = [line.strip() for line in after.splitlines()]
        assert lines[0].strip("─ ") == f"Pass the device to P{seat}"
        first = n < 2
        assert ("Garrison, seed 4" in after) is first and ("Seats: P0 (human)" in after) is first
        heading = (
            f"The game so far, as P{seat} sees it:"
            if first
            else f"Since you last had the device, P{seat}:"
        )
        assert heading in lines
        start = lines.index(heading) + 1
        said = [text.plain(str(game.describe(e, seat)), None, seat) for e in missed]
        got = [line.removeprefix("· ") for line in lines[start : start + len(said)]]
        assert [g.lower() for g in got] == [s.lower() for s in said]
        after_log = lines[start + len(said)]  # the decision, or a move made for the seat
        assert f"P{seat}, your decision" in after_log or after_log.startswith("· Your only move")
        if first:
            assert f"You drew {mine[seat]}" in after and mine[1 - seat] not in after


@pytest.mark.parametrize("confirm", ["pass", "y"])
def test_a_solitaire_pass_that_ends_the_game_asks_first(confirm: str) -> None:
    """Agincards alone: a pass ends the game at once, so the terminal says so,
    with the score it leaves, and asks; anything but a second ``pass`` or
    ``y`` goes back to the decision, the game untouched."""
    game = get("agincards")
    state = game.new(players=1, seed=2)
    out = Console(file=io.StringIO(), width=120)
    asked: list[str] = []

    class Typing(Scripted):
        def ask(self, prompt: str, words: object = (), fresh: bool = True) -> str:
            asked.append(prompt)
            if prompt.startswith("P0 > ") and len(asked) == 3:  # back at the decision
                assert not state.history and not state.over
            return super().ask(prompt, words, fresh)

    lines = ["pass", "no", "pass", confirm]
    table = TerminalTable(["human"], game, state, out, prompter=Typing(out, lines))
    table.human_turn(0)
    assert not lines and state.over and state.record().actions == [(0, "pass")]
    assert asked == ["P0 > ", "P0, end the game? ", "P0 > ", "P0, end the game? "]
    shown = out.file.getvalue()  # type: ignore[attr-defined]
    assert shown.count("Passing ends the game, with your score at 0.") == 2
    assert "Not passed: the game goes on." in shown


def test_a_pass_that_leaves_the_game_going_is_not_questioned() -> None:
    game = get("agincards")
    state = game.new(players=2, seed=2)
    out = Console(file=io.StringIO(), width=120)
    lines = ["pass"]
    table = TerminalTable(["human", "random"], game, state, out, prompter=Scripted(out, lines))
    table.human_turn(0)
    assert not lines and state.record().actions == [(0, "pass")] and not state.over
    assert "Passing ends the game" not in out.file.getvalue()  # type: ignore[attr-defined]


SPY_SEED = 3
"""A three-player Garrison deal in which P0 holds a Spy before its first
turn ends and meets several windows it could answer before its next."""


def test_pass_all_lets_every_reaction_window_pass_until_the_person_s_own_turn() -> None:
    """Garrison: a hand with a Spy is asked in every reaction window (~15 a
    round). ``pass all`` passes this window and each after it, without asking,
    until the person has a decision of their own; the next window asks again."""
    game = get("garrison")
    state = game.new(players=3, seed=SPY_SEED)
    out = Console(file=io.StringIO(), width=120)
    asked: list[str] = []  # the decisions P0 was asked, as the prompt came
    faced: list[tuple[str, int]] = []  # every decision of P0's: its kind, its legal moves

    class Typing(Prompter):
        def ask(self, prompt: str, words: object = (), fresh: bool = True) -> str:
            assert isinstance(words, list)
            decision = str(table.state.decision)
            asked.append(decision)
            if decision == "reaction" and asked.count("reaction") == 1:
                assert PASS_ALL in words
                return PASS_ALL
            if decision == "reaction":  # asked again, after a turn of its own
                raise EOFError
            assert PASS_ALL not in words
            return next(w for w in words if w not in (*WORDS, PASS_ALL))

    table = TerminalTable(["human", "random", "random"], game, state, out, prompter=Typing(out))
    seen = table.decision

    def noted(seat: int, legal: list[Action]) -> None:
        if seat == 0:
            faced.append((str(table.state.decision), len(legal)))
        seen(seat, legal)

    table.driver.on_decision = noted
    with pytest.raises(Quit):
        table.run()
    first = asked.index("reaction")
    assert asked[first + 1] != "reaction" and asked[-1] == "reaction"
    start = next(i for i, (kind, n) in enumerate(faced) if kind == "reaction" and n > 1)
    own = next(i for i, (kind, _) in enumerate(faced) if i > start and kind != "reaction")
    waived = [n for kind, n in faced[start + 1 : own] if kind == "reaction"]
    assert sum(n > 1 for n in waived) >= 2  # windows a Spy could have answered, let pass
    moves = [a for s, a in state.record().actions if s == 0]  # one for each decision faced
    assert moves[start:own] == ["pass"] * (own - start)
    shown = out.file.getvalue()  # type: ignore[attr-defined]
    said = shown.lower().count(WAIVED.strip())  # forced ones say so instead
    assert said == 1 + sum(n > 1 for n in waived)


def test_pass_all_in_a_decision_of_one_s_own_is_refused_saying_why() -> None:
    game = get("garrison")
    state = game.new(players=2, seed=4)
    out = Console(file=io.StringIO(), width=200)
    first = state.legal_actions(state.to_act[0])[0].notation
    seat = state.to_act[0]
    names = ["random", "random"]
    names[seat] = "human"
    table = TerminalTable(names, game, state, out, prompter=Scripted(out, ["pass all", first]))
    table.human_turn(seat)
    shown = out.file.getvalue()  # type: ignore[attr-defined]
    assert "Not allowed: 'pass all' lets pass a decision that answers another's move" in shown
    assert "is your own: type your move" in shown
    assert "('reaction')" in shown and state.record().actions == [(seat, first)]


class Paced:
    """A bot's pace as a slow bot's (``Bot.pace``), the bot deciding as ever."""

    def __init__(self, bot: object, pace: float) -> None:
        self.bot = bot
        self.seconds = pace

    def pace(self) -> float:
        return self.seconds


def thinking_at(
    monkeypatch: pytest.MonkeyPatch, out: Console, pace: float = 0.6
) -> tuple[list[tuple[str, ...]], list[tuple[int, bool, bool]], Console]:
    """A Garrison game of a person and a ``normal`` bot of ``pace`` seconds at
    ``out``, no time really waited: what happened around each bot decision in
    order (its decision, a status started with its words, the wait for its
    pace, the status stopped, its move shown), and each bot decision (its
    step, whether it was forced, whether the person could foresee it)."""
    from rich.status import Status

    said: list[tuple[str, ...]] = []
    monkeypatch.setattr(time, "sleep", lambda s: said.append(("wait",)))
    real_start, real_stop = Status.start, Status.stop

    def start(status: Status) -> None:
        said.append(("status", str(status.status)))
        real_start(status)

    def stop(status: Status) -> None:
        said.append(("stopped",))
        real_stop(status)

    monkeypatch.setattr(Status, "start", start)
    monkeypatch.setattr(Status, "stop", stop)
    game = get("garrison")
    state = game.new(players=2, seed=6, options={"length": "quick"})
    table = TerminalTable(["human", "normal"], game, state, out, prompter=FirstMove(out))
    table.bots[1] = Paced(table.bots[1], pace)  # type: ignore[assignment]
    decisions: list[tuple[int, bool, bool]] = []
    decision, moved = table.decision, table.moved

    def noted(seat: int, legal: list[Action]) -> None:
        if seat == 1:
            public = len(legal) == 1 and state.choices_public(seat)
            decisions.append((len(state.history), len(legal) == 1, public))
            said.append(("decision", str(len(state.history))))
        decision(seat, legal)

    def shown(move: Move) -> None:
        moved(move)
        if move.seat == 1:
            said.append(("shown", str(move.n)))

    table.driver.on_decision = noted
    table.driver.on_move = shown
    table.run()
    assert state.over
    return said, decisions, out


def around(said: list[tuple[str, ...]], step: int) -> list[tuple[str, ...]]:
    """What happened from the bot's decision at ``step`` to its move shown."""
    start = said.index(("decision", str(step)))
    return said[start : said.index(("shown", str(step)), start) + 1]


def test_a_slow_bot_s_decision_says_it_is_thinking_at_a_terminal_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A `hard` bot thinks about a second a decision and the terminal showed
    nothing meanwhile: a slow bot's decision the person cannot foresee now
    shows "Normal bot is thinking…" (a Rich status line) from the decision
    until its move is shown, at an interactive terminal; a move everyone can
    tell was forced comes at once, without it; captured output never has it."""
    screen = Console(file=io.StringIO(), width=100, force_terminal=True)
    said, decisions, _ = thinking_at(monkeypatch, screen)
    hidden = [step for step, _, public in decisions if not public]
    public = [step for step, _, public in decisions if public]
    assert hidden and public
    for step in hidden:
        assert around(said, step) == [
            ("decision", str(step)),
            ("status", "Normal bot is thinking…"),
            ("wait",),
            ("stopped",),
            ("shown", str(step)),
        ]
    for step in public:  # everyone knew the move: no status, no wait
        assert around(said, step) == [("decision", str(step)), ("shown", str(step))]
    assert "Normal bot is thinking…" in screen.file.getvalue()  # type: ignore[attr-defined]
    # at its own pace a quick bot shows none
    said, _, _ = thinking_at(monkeypatch, Console(file=io.StringIO(), force_terminal=True), 0.02)
    assert not any(s[0] == "status" for s in said)
    # captured output (a pipe, a file, a test) never has it
    captured = Console(file=io.StringIO(), width=100)
    said, decisions, _ = thinking_at(monkeypatch, captured)
    assert not any(s[0] in ("status", "stopped") for s in said)
    assert "thinking" not in captured.file.getvalue()  # type: ignore[attr-defined]


def test_a_forced_move_the_person_cannot_foresee_says_thinking_as_a_choice_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A pass in a Garrison window without a Spy is forced, and only its seat
    knows it: the status says the bot is thinking, waits its pace and goes
    when the move is shown, exactly as for a move it chose, so the status
    tells nothing of its hand."""
    screen = Console(file=io.StringIO(), width=100, force_terminal=True)
    said, decisions, _ = thinking_at(monkeypatch, screen)
    forced = [step for step, one, public in decisions if one and not public]
    chosen = [step for step, one, _ in decisions if not one]
    assert forced and chosen
    shapes = {
        tuple(s if s[0] not in ("decision", "shown") else (s[0],) for s in around(said, step))
        for step in forced + chosen
    }
    assert shapes == {
        (("decision",), ("status", "Normal bot is thinking…"), ("wait",), ("stopped",), ("shown",))
    }


def test_in_hot_seat_pass_all_keeps_the_device_where_it_is_and_says_it_only_to_its_seat() -> None:
    """Two people at one terminal: P0's windows let pass for it need no
    privacy screen (nothing is shown to P0), and the line "Pass all, until
    your turn" is for P0 alone. Whoever holds the device meanwhile sees of
    P0's passes what it always would: nothing, since who is asked in a window
    is told to no one else (the line, said to the holder, told it P0 was
    asked)."""
    game = get("garrison")
    state = game.new(players=3, seed=SPY_SEED)
    out = Console(file=io.StringIO(), width=120, force_terminal=True, color_system=None)
    screens: list[tuple[int, str]] = []  # each privacy screen: the seat, its decision
    typed = {"pass all": False}

    class Typing(Prompter):
        def ask(self, prompt: str, words: object = (), fresh: bool = True) -> str:
            assert isinstance(words, list | tuple)
            if not words:
                return ""  # the privacy screen's Enter
            if len(screens) > 12:
                raise EOFError
            if str(table.state.decision) == "reaction" and not typed["pass all"]:
                typed["pass all"] = True
                return PASS_ALL
            return next(str(w) for w in words if w not in (*WORDS, PASS_ALL))

    table = TerminalTable(["human", "human", "random"], game, state, out, prompter=Typing(out))
    screen = table.privacy_screen

    def noted(seat: int) -> None:
        if table.viewer != seat:
            screens.append((seat, str(table.state.decision)))
        screen(seat)

    table.privacy_screen = noted  # type: ignore[method-assign]
    with pytest.raises(Quit):
        table.run()
    assert typed["pass all"]
    first = next(i for i, (s, d) in enumerate(screens) if s == 0 and d == "reaction")
    later = [d for s, d in screens[first + 1 :] if s == 0]
    assert later and later[0] != "reaction"  # P0's next screen is for a decision of its own
    held = out.file.getvalue().split("\x1b[2J\x1b[3J")[1:]  # type: ignore[attr-defined]
    waived = [part for part in held if WAIVED.strip() in part.lower()]
    assert waived and all(part.lstrip("─ ").startswith("Pass the device to P0") for part in waived)
