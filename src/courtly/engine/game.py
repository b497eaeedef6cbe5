"""The engine contract every game implements: ``Game`` and ``State``.

    game  = courtly.games.get("agents-of-the-crown")
    state = game.new(players=4, seed=7)
    state.to_act                    # seats whose decision is awaited now
    state.legal_actions(seat)       # never empty for a seat in to_act
    state.random_action(seat, rng)  # one of them, uniformly (rollouts)
    state.apply(seat, action)       # -> events; IllegalAction leaves it untouched
    state.apply(seat, action, quiet=True)  # the same move, no events built
    state.stands_for(seat, action)  # the legal action another writing of it names
    state.observation(seat)         # only what that seat may know (None: spectator)
    game.sample_state(obs, rng)     # a full state consistent with an observation
    game.sampler(obs).sample(rng)   # the same, reading obs once for many worlds
    state.clone(); state.over; state.scores; state.winners

A game subclasses both. Its ``Game`` declares what the game is: everything a
surface needs (nature, limits, words, quick options, card faces, plug-ins:
docs/developing.md), so that no surface asks which game it has; and it names
the modules of its package that the base class wires up: ``notation`` (``parse``
and ``NOTATION_HELP``), ``view`` (``Sampler`` or ``sample``, for ``sampler``
and ``sample_state``) and
``screen`` (``render``, and optionally ``describe`` and ``score_table``);
``view.observe_own`` gives the game's own part of every ``State.observation``
(the engine builds the keys all games share: ``engine/envelope.py``). Its
``State`` implements ``legal_actions``, ``check``
(the reason an action is illegal, or None), ``play`` (carry out a legal action),
``observation``, ``zones`` and ``hidden_from``; the base class owns validation,
the move history and records. A game whose notation can write one move in
several ways (Agincards names a cell after any card beside it) lists one of
them as legal and overrides ``stands_for`` to map the others onto it; ``apply``
then takes any of them, and the history, the log and the records hold the
legal one.

Quiet play: search and simulation read no events, so a state whose ``quiet``
is set builds none. A game's ``play`` builds each event (and the card codes
in it) under ``if not self.quiet:`` and returns an empty list when quiet;
everything else it does is the same, so a quiet game ends exactly as the full
one (the kit checks it move by move). ``apply(..., quiet=True)`` plays one
move quietly; a search sets ``world.quiet = True`` on the worlds it owns.

Cheap clones: a clone shares what is costly to copy (the random generator, the
move history, a game's large tables) with its original until either changes
it, and only then takes its own copy (copy-on-write).
"""

from __future__ import annotations

import os
import random
import weakref
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal

from mypy_extensions import mypyc_attr

from courtly import cards
from courtly.engine.actions import Action
from courtly.engine.decisions import DecisionStack
from courtly.engine.envelope import envelope
from courtly.engine.errors import IllegalAction, NotationError, OptionError
from courtly.engine.events import Event
from courtly.engine.options import GameOptions
from courtly.engine.plugins import Notation, PlugIns, Screen, View
from courtly.engine.text import listing
from courtly.engine.tunables import Tunable

_SHARED_RNGS: weakref.WeakSet[random.Random] = weakref.WeakSet()
"""Generators that more than one state refers to: copied before use."""

STANDARD_CODES = frozenset(cards.code(c) for c in range(54))

SHARED_HISTORY = 1
"""A bit of ``State._shared``: the move history is shared with a clone. A
game's own shared parts take the higher bits (``1 << 1`` and up)."""

MAX_NOTATION = 200
"""The longest text an action's notation may be (every game's are far shorter)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """What a game is: its id, player counts, options and action space.

    Each game's own ``Game`` (its ``game.py``: declarations) stays interpreted
    in the compiled build, so this class allows interpreted subclasses."""

    id: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    version: ClassVar[int] = 1
    Options: ClassVar[type[GameOptions]] = GameOptions
    actions: ClassVar[Sequence[Action]]
    """The fixed action space: ``actions[i].id == i``."""
    notation: ClassVar[Notation]
    """The module that reads actions: ``parse(text)`` and ``NOTATION_HELP``."""
    view: ClassVar[View]
    """The module that strips secrets: ``observe_own(state, seat)`` (the game's
    own part of an observation) and
    ``sample(game, observation, rng)``."""
    screen: ClassVar[Screen]
    """The terminal module: ``render(observation, legal)``, and optionally
    ``describe(kind, data, seat)`` and ``score_table(observation)``."""
    tunables: ClassVar[Sequence[Tunable]] = ()
    """Integer options the designer lets ``courtly lab tune`` search."""

    # -- its nature -----------------------------------------------------------
    information: ClassVar[Literal["perfect", "imperfect"]] = "imperfect"
    """Whether some card is hidden from some seat at some time."""
    simultaneous: ClassVar[bool] = False
    """Whether several seats decide at once in its ordinary play (not only in
    reaction windows)."""

    waivers: ClassVar[Mapping[str, str]] = {}
    """The decisions in which a seat answers another's move rather than plays
    its own, each with the notation of the move that lets the move pass
    (Garrison's reaction windows: ``{"reaction": "pass"}``). A person may have
    every such decision let pass for them until they have another to make
    (``courtly play``'s ``pass all``)."""

    # -- what surfaces show of it ----------------------------------------------
    icon: ClassVar[str] = "\u265b"
    """A character for the lobby's game list (a crown by default)."""
    score_name: ClassVar[str] = "score"
    """What its score is called (the lab's per-turn curves)."""
    event_labels: ClassVar[Mapping[str, str]] = {}
    """The event kinds worth a designer's eye, with what each counts (the lab
    counts every kind; these are named in its report)."""
    first_player: ClassVar[str] = ""
    """Who moves first, as its rules choose, for the lab's report ("" when no
    single seat does)."""
    quick: ClassVar[Mapping[str, Any]] = {}
    """The options of a short game, which the lobby offers as "quick"."""
    plugins: ClassVar[PlugIns] = PlugIns()
    """Its heuristic bot, evaluation (and a search's outcome and guard),
    scripted bots, encoding and page script."""

    # -- what the lab's dossier answers ----------------------------------------
    designer_questions: ClassVar[Sequence[tuple[str, str]]] = ()
    """The designer's own open questions, quoted from the rule text, each with
    the key of the dossier's answer (``balance``, ``turns``, ``feedback``,
    ``length``)."""
    length_option: ClassVar[str] = ""
    """The option by which the rule text sets a game's length with the player
    count ("" when it sets none): the dossier plays each of its values."""
    length_note: ClassVar[str] = ""
    """What the text intends for a game's length, for the dossier (markdown)."""
    check_bot: ClassVar[str] = "hard@600it"
    """The searching bot the lab suggests for checking a finding made with
    ``normal``: ``hard`` at a fixed number of iterations that, in this game,
    both leaves ``normal``'s move often enough to be told apart from it and
    beats it (BENCHMARKS.md, "Every dossier's check, with its duel")."""

    def length_target(self, choice: str, players: int) -> int | None:
        """The text's target for ``length_option`` = ``choice`` at ``players``
        (shown on the dossier's length plot), or None where it sets none."""
        return None

    def max_length(self, players: int, options: Any) -> int:
        """The most decisions a game with these players and (validated)
        options may take: exact where the rules fix it, else a bound well above
        any game seen. The OpenSpiel adapter ends a game that reaches it."""
        return 100_000

    def faces(self) -> dict[str, Any]:
        """The printed faces of a custom deck's cards (public data), for drawing
        them; a standard-deck game needs none (a code such as ``7H`` says it all)."""
        return {}

    def stacking(self) -> frozenset[str]:
        """The options that stack a deal: they would show every seat the cards,
        so a table with hidden hands never offers them."""
        return self.Options.stacking

    @property
    def action_space_size(self) -> int:
        return len(self.actions)

    @property
    def players_allowed(self) -> str:
        """The player counts in words: "2 to 6", or "4" for a game of one count."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players} to {self.max_players}"

    # -- making states ------------------------------------------------------
    def new(
        self,
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | GameOptions | None = None,
    ) -> State:
        """A new game. ``seed`` None draws 64 random bits (and the state keeps them)."""
        n = self.default_players if players is None else players
        if not isinstance(n, int) or not self.min_players <= n <= self.max_players:
            raise OptionError(f"{self.name} is for {self.players_allowed} players, not {players}")
        opts = self.Options.parse(options)
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big")
        return self._new(n, seed, opts)

    @abstractmethod
    def _new(self, players: int, seed: int, options: Any) -> State:
        """Set up a game (deal, first decision) with validated options."""

    def opening(self, state: State) -> list[Event]:
        """What the set-up of ``state``'s game did, for the log: the events of
        its deal (the Characters drawn, the cards dealt to each seat, the first
        turn), each with the seats that may see it, as ``apply`` returns those
        of a move. A state keeps none: they are made again from its players,
        seed and options, for whoever opens a log (terminal, table, replay)."""
        return self._opening(state.players, state.seed, state.options)

    def _opening(self, players: int, seed: int, options: Any) -> list[Event]:
        """The events of the set-up ``_new`` makes with these validated
        options; a game whose set-up says something overrides it."""
        return []

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> State:
        """A full state consistent with ``observation``: its hidden part drawn
        from ``rng``, so that ``sample_state(obs).observation(seat) == obs``.
        The view module's ``Sampler`` deals it where there is one, else its
        ``sample``; for many worlds of one observation use ``sampler``."""
        view = self.view
        made = getattr(view, "Sampler", None)
        if made is not None:
            sampler: Sampler = made(self, observation)
            return sampler.sample(rng)
        state: State = view.sample(self, observation, rng)
        return state

    def sampler(self, observation: Mapping[str, Any]) -> Sampler:
        """Worlds consistent with ``observation``, for drawing many: the view
        module's ``Sampler`` reads the observation once, here, and each
        ``.sample(rng)`` only deals the hidden cards (the worlds
        ``sample_state`` draws from the same generator). A game without one
        gets a sampler that calls ``sample_state`` for each world."""
        made = getattr(getattr(self, "view", None), "Sampler", None)
        if made is None:
            return Sampler(self, observation)
        sampler: Sampler = made(self, observation)
        return sampler

    # -- actions ------------------------------------------------------------
    def action(self, id: int) -> Action:
        if not isinstance(id, int) or not 0 <= id < len(self.actions):
            raise NotationError(
                f"{id!r} is not an action id of {self.name}: ids run 0 to {len(self.actions) - 1}"
            )
        return self.actions[id]

    def parse_action(self, text: str) -> Action:
        """Read an action's text notation, case-insensitively; a NotationError
        names what was wrong and shows the forms that are allowed."""
        if len(text) > MAX_NOTATION:
            raise NotationError(
                f"an action is written in at most {MAX_NOTATION} characters, not {len(text)}"
            )
        action: Action = self.notation.parse(text)
        return action

    def observed_as(self, action: Action, actor: int, viewer: int) -> int:
        """What ``viewer`` learns when ``actor`` plays ``action``: a number that is
        equal for actions ``viewer`` cannot tell apart (a face-down card, a
        hidden choice). Search bots group hidden moves by it. A seat always
        sees its own action as itself: for ``actor == viewer`` it must be
        ``action.id``. The default says every action is seen as itself."""
        return action.id

    def action_from_json(self, data: Any) -> Action:
        """An action from its JSON form: a dict with ``id`` or ``notation``, an
        id, or a notation string."""
        if isinstance(data, bool):
            raise NotationError(f"{data!r} is not an action")
        if isinstance(data, int):
            return self.action(data)
        if isinstance(data, str):
            return self.parse_action(data)
        if isinstance(data, Mapping):
            if "id" in data:
                act = self.action(data["id"])
                if "notation" in data and self.parse_action(str(data["notation"])) is not act:
                    raise NotationError(
                        f"action id {data['id']} is {act.notation!r}, not {data['notation']!r}"
                    )
                return act
            if "notation" in data:
                return self.parse_action(str(data["notation"]))
        raise NotationError(
            f"{data!r} is not an action: give its id, its notation, or "
            '{"id": N} / {"notation": "..."}'
        )

    def notation_help(self) -> str:
        """The forms of this game's notation, with examples, for ``help``."""
        return str(self.notation.NOTATION_HELP)

    # -- progress -------------------------------------------------------------
    def progress(self, state: State) -> dict[str, int]:
        """How far ``state`` has come in the game's own units, outermost first,
        e.g. ``{"round": 3, "turn": 11}`` (1-based). The lab measures game length
        in these units and draws its per-turn curves by the first one. The
        default is the number of decisions made."""
        return {"decision": len(state.history)}

    # -- presentation ---------------------------------------------------------
    def render(self, observation: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
        """A terminal view of an observation, as Rich markup; ``legal`` (the
        viewer's legal actions, when it is to act) may be used for hints."""
        return str(self.screen.render(observation, legal))

    def score_table(self, observation: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
        """The end-of-game breakdown: column headers and one row per seat."""
        table = getattr(self.screen, "score_table", None)
        if table is not None:
            headers, rows = table(observation)
            return headers, rows
        scores = observation.get("scores", [])
        return ["seat", "score"], [[f"P{i}", str(v)] for i, v in enumerate(scores)]

    def describe(self, event: Event, seat: int | None) -> str | None:
        """One line for the game log as ``seat`` sees ``event`` (None: not worth
        a line), as structured text (``engine/text``: "you" for ``seat``, other
        seats ``{P1}``, cards ``{7H}``, emphasis ``*...*``; no markup): the
        screen module's ``describe``, or a plain listing."""
        if not event.visible_to(seat):
            return None
        line = getattr(self.screen, "describe", None)
        if line is not None:
            text: str | None = line(event.kind, event.data, seat)
            return text
        return listing(event.kind, event.data)

    def card_codes(self) -> frozenset[str]:
        """Every code a card of this game can have in an observation (the
        standard deck's by default; a custom deck gives each card its own)."""
        return STANDARD_CODES

    def rules_path(self) -> Path:
        module = type(self).__module__
        import importlib

        package = importlib.import_module(module.rsplit(".", 1)[0])
        return Path(package.__file__ or "").parent / "RULES.md"

    def rules_markdown(self) -> str:
        return self.rules_path().read_text(encoding="utf-8")

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


class Sampler:
    """Worlds consistent with one observation (``Game.sampler``). A game's view
    subclasses it to read the observation's public part once in ``__init__``
    and deal only the hidden cards in ``sample``; this default reads the
    observation afresh for each world (``Game.sample_state``)."""

    def __init__(self, game: Game, observation: Mapping[str, Any]) -> None:
        self.game = game
        self.observation = observation

    def sample(self, rng: random.Random) -> State:
        """A full state that gives the observation to its seat, hidden part from ``rng``."""
        return self.game.sample_state(self.observation, rng)


@mypyc_attr(allow_interpreted_subclasses=True)  # as a game's State may, for its tests
class State(ABC):
    """One position of a game. Subclasses keep plain lists and ints for speed.

    Every State class names its fields in ``__slots__`` (a game's State its
    own; mypy checks that nothing else is assigned). Interpreted, a slot is
    read as fast whatever the number of fields, where an instance dictionary
    of more than 30 keys stops sharing its keys and every field costs more
    (two new base fields made Agents of the Crown and Garrison 5% slower that
    way); compiled, mypyc lays the fields out itself and ignores them."""

    # fmt: off
    __slots__ = (
        "_rng", "_shared", "game", "history", "options", "pending", "players", "quiet", "seed",
    )
    # fmt: on

    game: Game
    players: int
    seed: int
    options: Any
    pending: DecisionStack
    history: list[tuple[int, int]]
    """The moves made, ``(seat, action id)``; shared with clones until either
    makes a move (read it; only ``apply`` appends to it)."""
    quiet: bool
    """Moves build no events: nobody will read them (search, simulation)."""
    _rng: random.Random | None
    _shared: int
    """Bits of the parts shared with a clone (``SHARED_HISTORY``, a game's
    own): whoever changes such a part first copies it and clears its bit."""

    def _init_base(self, game: Game, players: int, seed: int, options: Any) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self._rng: random.Random | None = None  # made from the seed when first used
        self.pending = DecisionStack()
        self.history = []
        self._shared = 0
        self.quiet = False

    def _copy_base(self, other: State, shared: int = SHARED_HISTORY) -> None:
        """Copy the base fields of ``other`` into this fresh object (for clone);
        ``shared``: the bits of the parts the clone will share with ``other``
        (the history, and those a game's ``clone`` shares)."""
        self.game = other.game
        self.players = other.players
        self.seed = other.seed
        self.options = other.options
        self._rng = other._rng
        if other._rng is not None:
            _SHARED_RNGS.add(other._rng)
        self.pending = other.pending.copy()
        # The history grows with the game: shared until either side moves.
        self.history = other.history
        self._shared = other._shared = other._shared | shared
        self.quiet = other.quiet

    @property
    def rng(self) -> random.Random:
        """The state's own random generator, seeded from ``seed``. A clone
        shares its original's generator until either draws from it; then the
        one drawing takes its own copy (copying costs more than a whole turn
        of most games, and most clones never shuffle)."""
        r = self._rng
        if r is None:
            r = self._rng = random.Random(self.seed)
        elif r in _SHARED_RNGS:
            fresh = random.Random()
            fresh.setstate(r.getstate())
            r = self._rng = fresh
        return r

    # -- who acts and what is legal -------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats whose decision is awaited now (several in simultaneous phases)."""
        return self.pending.to_act()

    @property
    def decision(self) -> str | None:
        """The kind of decision awaited now, or None when the game is over."""
        top = self.pending.top
        return top.kind if top else None

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` now; empty when it is not to act."""

    def random_action(self, seat: int, rng: random.Random) -> Action:
        """One of ``seat``'s legal actions now, each equally likely, for random
        rollouts; ``seat`` must be to act. The default lists them and picks
        one (a forced move draws nothing from ``rng``); a game overrides it
        where it can draw a uniform legal move without listing them all."""
        legal = self.legal_actions(seat)
        n = len(legal)
        return legal[rng.getrandbits(32) % n] if n > 1 else legal[0]

    @abstractmethod
    def check(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is illegal for ``seat`` now (a sentence), or None."""

    def stands_for(self, seat: int, action: Action) -> Action:
        """The legal action that ``action`` is another way of writing, for
        ``seat`` now, or ``action`` itself when it is legal or names no legal
        move. A surface that reads a person's typed move calls it before
        ``check``; ``apply`` calls it only on an action ``check`` refuses, and
        plays (and records) the legal one. Where a game's notation writes each
        move one way only, as by default, it is the action itself."""
        return action

    @abstractmethod
    def play(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal: the events it made,
        or none at all (an empty list) when ``self.quiet``."""

    def apply(self, seat: int, action: Action | str | int, quiet: bool = False) -> list[Event]:
        """Play ``action`` for ``seat``: an Action, its notation or its id,
        or another writing of a legal move (``stands_for``), played as that
        move. Raises IllegalAction with the reason, leaving the state untouched.
        ``quiet``: build no events (returns an empty list), for callers that
        would not read them; the state ends the same either way."""
        if not isinstance(action, Action):
            try:
                action = self.game.action_from_json(action)
            except NotationError as exc:
                raise IllegalAction(str(exc)) from None
        items = self.pending.items
        if not items or seat not in items[-1].waiting:
            raise IllegalAction(self._not_your_turn(seat))
        reason = self.check(seat, action)
        if reason is not None:
            # Another writing of a legal move is that move (the refusal is the
            # rare path: a legal action costs nothing more).
            same = self.stands_for(seat, action)
            if same is action or self.check(seat, same) is not None:
                raise IllegalAction(reason)
            action = same
        if quiet and not self.quiet:
            self.quiet = True
            try:
                events = self.play(seat, action)
            finally:
                self.quiet = False
        else:
            events = self.play(seat, action)
        if self._shared & SHARED_HISTORY:
            self.history = list(self.history)
            self._shared &= ~SHARED_HISTORY
        self.history.append((seat, action.id))
        return events

    def _not_your_turn(self, seat: int) -> str:
        if self.over:
            return "the game is over"
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return f"there is no seat {seat!r}: seats are 0 to {self.players - 1}"
        awaited = ", ".join(str(s) for s in self.to_act)
        return f"seat {seat} has no decision to make now; awaiting seat(s) {awaited}"

    # -- what each seat may know ------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready: everything ``seat`` may know, nothing more (None: spectator):
        the game's own part from its ``view`` module, the one place that strips
        secrets, with the keys every game shares (``envelope.Envelope``) that
        the engine fills."""
        return envelope(self, seat, self.game.view.observe_own(self, seat))

    @abstractmethod
    def zones(self) -> dict[str, list[int]]:
        """Every card by where it is (for conservation checks and debugging)."""

    @abstractmethod
    def hidden_from(self, seat: int | None) -> set[str]:
        """Codes of the cards ``seat`` cannot know the place of right now."""

    def choices_public(self, seat: int) -> bool:
        """Whether everybody at the table can tell which moves ``seat`` has
        now, from what they see (a hand that is empty or shown): a forced move
        can then be made at once without telling anybody anything. A game
        says so where its rules allow it; by default nobody can tell."""
        return False

    # -- results --------------------------------------------------------------
    @property
    @abstractmethod
    def over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score so far (final when over)."""

    @property
    def winners(self) -> list[int]:
        """Seats sharing the best score once the game is over; empty before."""
        if not self.over:
            return []
        s = self.scores
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    def ranks(self) -> list[float]:
        """Final rank of each seat (1 is best; ties share the mean rank)."""
        s = self.scores
        out = []
        for v in s:
            better = sum(1 for w in s if w > v)
            equal = sum(1 for w in s if w == v)
            out.append(better + (equal + 1) / 2)
        return out

    @abstractmethod
    def clone(self) -> State:
        """An independent copy: changing one never changes the other."""

    def snapshot(self) -> bytes:
        """Every field of this state (the base's and the game's), pickled: the
        same bytes before and after exactly when nothing changed (the kit
        checks that a refused action changes nothing, and that a clone is a
        copy). A state has no ``__dict__`` (its fields are slots); its
        ``__getstate__`` gives its fields in either build, written out as ``engine/snapshots``
        says, so that two states alike hold alike bytes however they were
        made. Which parts are shared with a clone is bookkeeping, not the
        position, and is left out."""
        from courtly.engine.snapshots import snapshot

        fields = self.fields()
        del fields["_shared"]
        return snapshot(type(self).__qualname__, fields)

    def fields(self) -> dict[str, Any]:
        """Every field of this state by name (the base's and the game's), in
        either build: a fresh dict of the values themselves, not copies."""
        state: Any = self.__getstate__()
        if isinstance(state, tuple):  # interpreted, a class with __slots__: (None, slots)
            state = state[1]
        out = dict(state)
        # A game kept interpreted beside the compiled build: the compiled base's
        # __getstate__ knows its own fields only, not the subclass's slots.
        for cls in type(self).__mro__:
            slots: Any = getattr(cls, "__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in out and name[:2] != "__" and hasattr(self, name):
                    out[name] = getattr(self, name)
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its class and its fields (``fields``),
        in either build: the compiled base's own pickling would leave out the
        fields of a game's State kept interpreted."""
        from courtly.engine.snapshots import unpickled

        return (unpickled, (type(self), self.fields()))

    def record(self) -> Any:
        """This game so far as a versioned, replayable record."""
        from courtly.engine.records import Record

        acts = self.game.actions
        return Record(
            game=self.game.id,
            version=self.game.version,
            players=self.players,
            options=self.options.model_dump(mode="json"),
            seed=self.seed,
            actions=[(seat, acts[i].notation) for seat, i in self.history],
            result=({"scores": self.scores, "winners": self.winners} if self.over else None),
        )
