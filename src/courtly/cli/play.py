"""``courtly play``: a game at the terminal, humans and bots at one table.

Humans type actions in the game's notation, with line editing, history and tab
completion of the notation at a terminal (``cli/prompt.py``). ``help`` shows
the notation, ``moves`` lists the legal actions (a number then picks one),
``hint`` asks the ``hard`` level's search for the best few moves (from the
seat's observation and legal actions only), ``rules`` prints the game's rules
in short, ``quit`` leaves. A decision with one legal move is made for the
player, and said. In a decision that answers another's move (``Game.waivers``:
Garrison's reaction windows) ``pass all`` lets it pass and every such decision
after it, until the player has a decision of their own. Alone (solitaire) a pass that ends the game asks first.
What is typed before a question is asked is dropped (``cli/prompt.py``).
With several humans (hot seat) a privacy screen hides one player's hand from
the next, and the player taking the device is caught up on what happened since
they last had it (their first time: the opening lines and the game from the
deal), each event as their seat may see it. The game is played by the
engine's driver (``courtly.engine.driver``): when several seats may act at
once, they are asked in the order its seeding scheme draws, as players at a
real table are quicker or slower, so a table of bots here plays the game
``courtly sim`` plays with the same seed. A bot's move the people cannot
foresee is shown when its pace ends (``Bot.pace``), forced or chosen; while a
slow bot's runs, an interactive terminal shows that it is thinking.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.control import Control
from rich.markdown import Markdown
from rich.markup import escape
from rich.rule import Rule
from rich.segment import ControlType, Segment
from rich.status import Status
from rich.table import Table

from courtly import bots as bot_registry
from courtly.bots import review
from courtly.bots.base import publicly_forced
from courtly.cli.prompt import Prompter
from courtly.engine import text, waivers
from courtly.engine.actions import Action
from courtly.engine.driver import Driver, Move, Policy
from courtly.engine.errors import CourtlyError, IllegalAction, OptionError, RecordError
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.options import parse_option_pairs
from courtly.engine.records import read_records, write_records
from courtly.games import all_games, get

HUMAN = "human"
COMMANDS = (
    "Commands: an action in the notation below (Tab completes it, up and down recall "
    "earlier lines); 'moves' lists your legal actions (then type its number); 'hint' "
    "asks the hard bot's search for the best few moves; 'view' redraws the table; "
    "'rules' the game's rules in short; 'help'; 'quit'."
)
WORDS = ("moves", "hint", "view", "rules", "help", "quit")
"""The commands, offered by tab completion beside the legal moves."""
PASS_ALL = "pass all"
"""The command that lets every decision answering another's move pass
(``Game.waivers``) until the person has one of their own."""
FORCED = "your only move, made for you: "
"""What leads the line of a person's move made for them (their only legal one)."""
WAIVED = "pass all, until your turn: "
"""What leads the line of a person's move played for them by ``pass all``."""
THINKING_PACE = 0.5
"""A bot whose pace (``Bot.pace``) is this many seconds or more shows a status
line while it decides ("Hard bot is thinking…"), at an interactive terminal."""


def commands(game: Game) -> str:
    """The commands, as the opening lines and ``help`` say them."""
    if not game.waivers:
        return COMMANDS
    return COMMANDS + (
        f" '{PASS_ALL}', when you answer another's move, lets it pass and every "
        "such decision after it, until your own turn."
    )


class Quit(Exception):
    """The player asked to leave, or input ended."""


def choose_game(out: Console) -> Game:
    games = all_games()
    out.print("[bold]Courtly[/]: choose a game")
    menu = Table.grid(padding=(0, 1))
    menu.add_column(justify="right", min_width=4)
    menu.add_column()  # the summary wraps under the name, not under the number
    for i, g in enumerate(games, 1):
        players = f"{g.min_players}" + (
            f"-{g.max_players}" if g.max_players > g.min_players else ""
        )
        menu.add_row(f"{i}.", f"[bold]{g.name}[/] [dim]({g.id}, {players} players)[/]\n{g.summary}")
    out.print(menu)
    out.print(
        "[dim]Bots: easy (a heuristic that often blunders), normal (the heuristic), "
        "hard (search); choose with --seats, e.g. --seats human,hard,normal,easy.[/]"
    )
    prompter = Prompter.for_console(out)
    while True:
        answer = _ask(prompter, "game number or id: ", [g.id for g in games])
        if answer.strip().lower() in ("quit", "q", "exit"):
            raise Quit
        try:
            if answer.isascii() and answer.isdigit():
                if 1 <= int(answer) <= len(games):
                    return games[int(answer) - 1]
                raise CourtlyError(
                    f"there is no game {answer}: type a number from 1 to {len(games)}, or an id"
                )
            return get(answer)
        except CourtlyError as exc:
            out.print(f"[red]{escape(str(exc))}[/]")


def seat_list(game: Game, seats: str | None, players: int | None) -> list[str]:
    """The seat assignment: given, or one human and ``normal`` bots elsewhere."""
    valid = [HUMAN, *bot_registry.names(game)]
    allowed = (
        str(game.min_players)
        if game.min_players == game.max_players
        else f"{game.min_players} to {game.max_players}"
    )
    if players is not None and not game.min_players <= players <= game.max_players:
        raise OptionError(f"{game.name} is for {allowed} players; --players is {players}")
    if seats is None:
        n = players if players is not None else game.default_players
        return [HUMAN] + ["normal"] * (n - 1)
    names = [s.strip().lower() for s in seats.split(",")]
    if "" in names:
        raise OptionError(
            f"--seats {seats!r}: seat {names.index('')} is empty; name each seat, "
            f"one of {', '.join(valid)}, separated by commas"
        )
    if players is not None and len(names) != players:
        raise OptionError(f"--seats names {len(names)} seats but --players is {players}")
    if not game.min_players <= len(names) <= game.max_players:
        raise OptionError(f"{game.name} is for {allowed} players; --seats names {len(names)}")
    for name in names:
        # a searching level may carry its own seconds (hard@3); a bad time says why
        if bot_registry.split_think(name)[0] not in valid:
            raise OptionError(f"unknown seat {name!r}: each seat is one of {', '.join(valid)}")
    return names


def run_play(
    out: Console,
    game_id: str | None,
    seats: str | None,
    players: int | None,
    seed: int | None,
    option_pairs: list[str],
    save: Path | None,
    think: float | None = None,
) -> None:
    saved = records_before(save)
    try:
        game = get(game_id) if game_id else choose_game(out)
    except Quit:  # Ctrl-D, Ctrl-C or quit at the menu: no game was begun
        out.print("[yellow]No game chosen.[/]")
        return
    names = seat_list(game, seats, players)
    state = game.new(players=len(names), seed=seed, options=parse_option_pairs(option_pairs))
    table = TerminalTable(names, game, state, out, think)
    try:
        table.run()
    except Quit:
        out.print("[yellow]Game abandoned.[/]")
    finally:
        if save is not None:
            record = state.record()
            # who sat where, for `courtly review` (a person's seat: None)
            record.meta["bots"] = [None if name == HUMAN else name for name in names]
            write_records(save, [record], append=True)
            where = escape(str(save))
            out.print(
                f"Record added to {where} after its {text.count(saved, 'record')} "
                f"(courtly replay {where} --index {saved})"
                if saved
                else f"Record saved to {where}"
            )


def records_before(save: Path | None) -> int:
    """How many game records the ``--save`` file holds already: the game's
    record is added after them. A file that is not game records one a line
    (JSON Lines) is refused before the game starts, not written into."""
    if save is None or not save.exists() or not save.read_bytes().strip():
        return 0
    kept = "--save adds the game's record to a file of records, one a line"
    try:
        records = read_records(save)
    except RecordError as exc:
        raise RecordError(f"{exc}; {kept}: give another file") from None
    if save.read_text(encoding="utf-8").lstrip().startswith("["):
        raise RecordError(f"{save} holds a JSON list of records; {kept}: give another file")
    return len(records)


class AtTheTerminal:
    """The policy of a person's seat: asks them at the terminal."""

    needs_observation = True

    def __init__(self, table: TerminalTable, seat: int) -> None:
        self.table = table
        self.seat = seat

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        return self.table.ask(self.seat, observation, legal)


class TerminalTable:
    """One game at the terminal, played by the engine's driver: a person's
    seat is an interactive policy (``AtTheTerminal``), a bot's seat its bot."""

    def __init__(
        self,
        names: list[str],
        game: Game,
        state: State,
        out: Console,
        think: float | None = None,
        prompter: Prompter | None = None,
    ) -> None:
        self.prompter = prompter or Prompter.for_console(out)
        self.names = names
        self.think = think
        self.game = game
        self.state = state
        self.out = out
        self.humans = [i for i, n in enumerate(names) if n == HUMAN]
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.log: list[Event] = []
        """Every event of the game so far (the opening's, then each move's):
        in hot seat, what a seat taking the device is caught up on."""
        self.seen: dict[int, int] = {}
        """In hot seat, how much of ``log`` each person's seat saw before the
        device went on to the next (a seat not yet here: none of it)."""
        self.due: float | None = None
        """When the bot deciding now may show its move (``keep_pace``)."""
        self.thinking: Status | None = None
        """The status line of the slow bot deciding now (``decision``)."""
        self.waiving: set[int] = set()
        """The people's seats that asked ``pass all``: each decision of theirs
        the game lets pass (``Game.waivers``) is let pass for them, until one
        that is not."""
        self.waived: int | None = None
        """The seat whose move being played was let pass by ``pass all``."""
        self.bots: dict[int, bot_registry.Bot] = {}
        self.table: list[str | None] = [None if n == HUMAN else n for n in names]
        table = self.table
        policies: list[Policy] = []
        for i, n in enumerate(table):
            if n is None:
                policies.append(AtTheTerminal(self, i))
            else:
                bot = bot_registry.make(n, game, think)
                bot.meet(table)  # the seats' levels are on the table for all to see
                policies.append(bot)
                self.bots[i] = bot
        self.driver = Driver(
            state, policies, events=True, on_decision=self.decision, on_move=self.moved
        )

    def who(self, seat: int) -> str:
        return f"P{seat} ({self.names[seat]})"

    def label(self, seat: int) -> str:
        """A seat in the log, as the browser names it: "P1" for a person,
        "Normal bot" (with its seat when two bots share a level)."""
        name = self.names[seat]
        if name == HUMAN:
            return f"P{seat}"
        level = bot_registry.split_think(name)[0]
        twins = sum(1 for n in self.names if n != HUMAN and bot_registry.split_think(n)[0] == level)
        return f"{level.capitalize()} bot" + (f" (P{seat})" if twins > 1 else "")

    def run(self) -> None:
        self.banner()
        if not self.state.history:
            opening = self.game.opening(self.state)  # the deal, as the log opens
            self.log.extend(opening)
            self.show(opening)
        try:
            self.driver.run()
        finally:  # a game left while a bot thinks leaves no spinner behind
            self.stop_thinking()
        self.finish()

    def banner(self) -> None:
        """The game's opening lines: its name and seed, the seats, the commands."""
        out = self.out
        out.print(Rule(f"{self.game.name}, seed {self.state.seed}"))
        out.print("Seats: " + ", ".join(self.who(i) for i in range(len(self.names))))
        if self.humans:
            out.print(commands(self.game))

    def human_turn(self, seat: int) -> None:
        """Play one decision of a person's ``seat`` (which must be to act)."""
        self.driver.step(seat)

    def decision(self, seat: int, legal: list[Action]) -> None:
        """Before a decision: the device goes to the person deciding; a bot's
        decision the people cannot foresee is timed (``keep_pace``) and, for
        a slow bot at an interactive terminal, said ("Hard bot is
        thinking…") until its move is shown: for every such decision, forced
        or chosen, so the line tells no more than the pace does."""
        if seat in self.humans:
            if self.waiver(seat, legal) is None:  # nothing to show one who lets it pass
                self.privacy_screen(seat)
        elif self.humans and not publicly_forced(self.state, seat):
            pace = self.bots[seat].pace()
            self.due = None if pace is None else time.monotonic() + pace
            if pace is not None and pace >= THINKING_PACE and self.out.is_terminal:
                self.thinking = self.out.status(f"{escape(self.label(seat))} is thinking…")
                self.thinking.start()

    def stop_thinking(self) -> None:
        """The status line of a slow bot's decision, if any, is taken away."""
        if self.thinking is not None:
            self.thinking.stop()
            self.thinking = None

    def keep_pace(self) -> None:
        """A bot's move the people could not foresee (a choice, or a move only
        its seat knows is forced) is shown when its pace ends (``Bot.pace``:
        a searching bot's think), so its speed tells nothing: a forced move
        came at once and a choice after the search, so in a Garrison window a
        `hard` bot's pause told whether it held a Spy."""
        if self.due is not None:
            left = self.due - time.monotonic()
            self.due = None
            if left > 0:
                time.sleep(left)

    def moved(self, move: Move) -> None:
        """After a move: its events; a person's forced move says it was made
        for them, on the first line they see of it (or on its own line, in
        the move's words, when its events say nothing to them)."""
        self.keep_pace()
        self.stop_thinking()  # the move is shown now: its bot has done thinking
        self.log.extend(move.events)
        forced = move.choices == 1 and move.seat in self.humans
        # let pass for them: said to them (in hot seat the device stays where it is)
        waived = self.waived == move.seat and self.viewer == move.seat
        lead = FORCED if forced else WAIVED if waived else ""
        self.waived = None
        if not self.show(move.events, lead) and lead:
            self.out.print(
                "  [dim]·[/] " + text.rich(lead + move.action.words(), self.label, move.seat)
            )

    def waiver(self, seat: int, legal: Sequence[Action]) -> Action | None:
        """The move that lets ``seat``'s decision pass, if the person asked
        ``pass all`` and the decision is one the game lets pass
        (``courtly.engine.waivers``); a decision that is not ends the ``pass all``."""
        if seat not in self.waiving:
            return None
        action = waivers.waiver(self.state, seat, {a.id for a in legal})
        if action is None:
            self.waiving.discard(seat)
        return action

    def show(self, events: list[Event], first: str = "") -> bool:
        """The lines the viewer sees of ``events``, the first led by
        ``first``; whether there was any."""
        v = self.viewer
        said = False
        for event in events:
            line = self.game.describe(event, v)
            if line:
                lead = "" if said else first
                self.out.print(f"  [dim]·[/] {text.rich(lead + line, self.label, v)}")
                said = True
        return said

    def privacy_screen(self, seat: int) -> None:
        """Hot seat: the screen is wiped and the device passed to ``seat``,
        who is then caught up on what happened since it last had the device
        (its first time: the opening lines and the game from its deal), each
        event as that seat may see it (``Game.describe``), never more."""
        if len(self.humans) < 2 or self.viewer == seat:
            return
        if self.viewer is not None:
            self.seen[self.viewer] = len(self.log)
        wipe(self.out)
        self.out.print(Rule(f"Pass the device to P{seat}"))
        _ask(self.prompter, f"P{seat}: press Enter when the others cannot see the screen ")
        self.viewer = seat
        first = seat not in self.seen
        if first:
            self.banner()
        missed = self.log[self.seen.get(seat, 0) :]
        if any(self.game.describe(event, seat) for event in missed):
            self.out.print(
                f"[bold]The game so far, as P{seat} sees it:[/]"
                if first
                else f"[bold]Since you last had the device, P{seat}:[/]"
            )
            self.show(missed)

    def ask(self, seat: int, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """A person's decision, typed at the terminal (with the commands),
        or let pass for them (``pass all``)."""
        state, out = self.state, self.out
        waiver = self.waiver(seat, legal)
        if waiver is not None:
            self.waived = seat
            return waiver
        out.print(Rule(f"P{seat}, your decision"))
        out.print(self.game.render(observation, legal))
        waivable = waivers.waiver(state, seat, {a.id for a in legal})
        words = [*WORDS, *([PASS_ALL] if waivable else []), *(a.notation for a in legal)]
        while True:
            text = _ask(self.prompter, f"P{seat} > ", words).strip()
            low = text.lower()
            if not low:
                continue
            if low in ("quit", "exit", "q"):
                raise Quit
            if low in ("help", "?", "h"):
                out.print(commands(self.game))
                out.print(self.game.notation_help(), markup=False)
                continue
            if low in ("moves", "legal", "m"):
                out.print(
                    Columns(
                        [f"{i:>3}. {escape(a.notation)}" for i, a in enumerate(legal, 1)],
                        column_first=True,
                        padding=(0, 3),
                    )
                )
                continue
            if low in ("view", "v"):
                out.print(self.game.render(observation, legal))
                continue
            if low in ("rules", "r"):
                out.print(Markdown(short_rules(self.game)))
                continue
            if low in ("hint", "suggest"):
                self.hint(seat, observation, list(legal))
                continue
            if " ".join(low.split()) == PASS_ALL:
                if waivable is None:
                    out.print(
                        f"[red]Not allowed:[/] {self.unwaivable(seat)}. Type 'help' or 'moves'."
                    )
                    continue
                self.waiving.add(seat)
                self.waived = seat
                return waivable
            try:
                if low.isascii() and low.isdigit():
                    k = int(low)
                    if not 1 <= k <= len(legal):
                        raise IllegalAction(
                            f"there is no move {k}: 'moves' lists 1 to {len(legal)}"
                        )
                    action = legal[k - 1]
                else:
                    # another writing of a legal move is that move (State.stands_for)
                    action = state.stands_for(seat, self.game.parse_action(text))
                    reason = state.check(seat, action)
                    if reason is not None:
                        raise IllegalAction(reason)
            except CourtlyError as exc:
                said = escape(str(exc).rstrip("."))  # a reason may end its own sentence
                out.print(f"[red]Not allowed:[/] {said}. Type 'help' or 'moves'.")
                continue
            if self.ending_confirmed(seat, action):
                return action

    def unwaivable(self, seat: int) -> str:
        """Why ``pass all`` is refused here (``courtly.engine.waivers``)."""
        why = waivers.unwaivable(self.state, seat, f"'{PASS_ALL}'", "type your move")
        return why.reason if why is not None else f"'{PASS_ALL}' is not open now"

    def ending_confirmed(self, seat: int, action: Action) -> bool:
        """Whether to play ``action``: in a game of one player (solitaire) a
        pass that ends the game is played only once the player confirms it
        (a second ``pass``, or ``y``), told that it ends the game and the
        score it leaves; any other answer goes back to the decision."""
        if self.state.players != 1 or action.kind != "pass":
            return True
        after = self.state.clone()
        after.apply(seat, action, quiet=True)
        if not after.over:
            return True
        score = after.scores[seat]
        self.out.print(
            f"[yellow]Passing ends the game, with your score at {score:g}.[/] "
            "Type 'pass' again or 'y' to end it; anything else goes back to your move."
        )
        answer = _ask(self.prompter, f"P{seat}, end the game? ", ["y", "pass"]).strip().lower()
        if answer in ("y", "yes", "pass", action.notation.lower()):
            return True
        self.out.print("Not passed: the game goes on.")
        return False

    def hint(self, seat: int, observation: Mapping[str, Any], legal: list[Action]) -> None:
        """The best few moves by the ``hard`` search, given only what ``seat``
        may know: its observation and legal actions (never the state)."""
        out = self.out
        with out.status("Thinking…"):
            analysis = review.analyse(
                self.game, observation, legal, random.Random(), self.think, self.table
            )
        moves = review.top_moves(analysis)
        table = Table(
            # no count of the search's tries: a move's own tries count the
            # worlds its guard played it out on too, and may be more
            title=f"Hint: the hard search ({analysis.seconds:.1f} s)",
            title_justify="left",
        )
        table.add_column("#", justify="right")
        table.add_column("move")
        table.add_column("type", style="dim")
        table.add_column("chance", justify="right")
        table.add_column("sure (tries)", justify="right")
        number = {a.id: i for i, a in enumerate(legal, 1)}
        for m in moves:
            table.add_row(
                str(number[m.action.id]),
                text.rich(review.words(m), self.label, seat),
                escape(m.action.notation),
                f"{m.value or 0.0:.0%}",
                str(m.visits),
            )
        out.print(table)
        out.print(
            "[dim]The first is the move the hard bot would play (it keeps its heuristic's "
            "move unless the search finds one clearly better); chance: with that move, "
            f"{review.chance(self.game, self.state.players)}; tries: how often it played the move out (more "
            "is surer). Type a move's # (its number in 'moves') or what is under 'type' "
            "to play it.[/]"
        )
        if review.rough(moves):
            out.print(f"[yellow]{review.ROUGH_NOTE}[/]")

    def finish(self) -> None:
        obs = self.state.observation(self.viewer)
        self.out.print(Rule("Game over"))
        self.out.print(self.game.render(obs))
        self.out.print(score_table(self.game, obs))
        winners = text.winners([self.who(w) for w in self.state.winners], heading=True)
        self.out.print(f"[bold green]{escape(winners)}[/]")


def wipe(out: Console) -> None:
    """Clear the screen and the terminal's scrollback, so that scrolling up
    does not show the hand of the player before: ESC[2J clears the screen
    only, ESC[3J the lines kept above it (as ``clear`` does). Nothing is
    written when the output is not a terminal."""
    wipe = Control(ControlType.HOME, ControlType.CLEAR)
    wipe.segment = Segment(wipe.segment.text + "\x1b[3J", None, wipe.segment.control)
    out.control(wipe)


def score_table(game: Game, observation: Mapping[str, Any], title: str = "Final scores") -> Table:
    """The game's scores as ``observation``'s seat sees them, as a table."""
    headers, rows = game.score_table(observation)
    table = Table(title=title)
    for h in headers:
        table.add_column(h)
    for row in rows:
        table.add_row(*row)
    return table


def short_rules(game: Game) -> str:
    """The game's rules as Courtly plays them, up to its notation (``courtly
    rules GAME`` prints them whole, with every ruling)."""
    text = game.rules_markdown()
    cut = text.find("\n## Notation")
    short = text if cut < 0 else text[:cut]
    return short.rstrip() + f"\n\n*The whole text, with every ruling: `courtly rules {game.id}`.*\n"


def _ask(
    prompter: Prompter, prompt: str, words: list[str] | None = None, fresh: bool = True
) -> str:
    try:
        return prompter.ask(prompt, words or (), fresh)
    except (EOFError, KeyboardInterrupt):
        raise Quit from None
