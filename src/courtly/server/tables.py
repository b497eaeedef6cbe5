"""A table: one game being played, its seats, and what each viewer may see.

A table holds the engine state and everything derived from it that the live
layer sends: per-seat views (the seat's observation, its legal actions, the
events it may see, described for it), the accepted-action count ``seq``, and
per seat the ``seq`` at which its current decision began, so that a submission
made against an older view is refused as stale while simultaneous decisions
(several seats to act at once) accept submissions in any order.

Tables never touch the network or the database; ``live`` does both.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from courtly import bots
from courtly.engine import waivers
from courtly.engine.actions import Action
from courtly.engine.errors import CourtlyError, IllegalAction, NotationError, RecordError
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.records import Record, replay, replay_steps
from courtly.games import get
from courtly.server.db import now
from courtly.server.models import ActionRow, ChatRow, SeatRow, TableRow
from courtly.server.outgoing import Outgoing, View, ViewKey, dumps
from courtly.server.protocol import (
    CreateTable,
    LegalAction,
    LogEntry,
    Refused,
    SeatInfo,
    Snapshot,
    Update,
    legal_action,
)

LOG_KEPT = 200
"""Events kept in memory per table for the snapshot's log."""
CHAT_KEPT = 100


def new_token() -> str:
    """A seat's secret: 128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


def new_table_id() -> str:
    return secrets.token_urlsafe(6)


@dataclass
class Seat:
    seat: int
    kind: str  # "human" (reached by its token) | "open" (not taken yet) | "bot"
    bot: str | None = None
    token: str | None = None
    name: str | None = None
    clock: float | None = None
    away: bool = False

    def info(self, connected: bool, mine: bool = False) -> SeatInfo:
        """What a viewer is told of this seat; ``away`` and ``clock`` only when it
        is the viewer's own (a clock running out in a reaction window would tell
        who is being asked)."""
        return SeatInfo(
            seat=self.seat,
            kind="human" if self.kind == "human" else "open" if self.kind == "open" else "bot",
            bot=self.bot,
            name=self.name,
            claimed=self.name is not None,
            connected=connected,
            away=self.away and mine,
            clock=None if self.clock is None or not mine else round(max(self.clock, 0.0), 1),
        )


@dataclass
class Table:
    id: str
    game: Game
    state: State
    seats: list[Seat]
    public: bool = False
    time_bank: float | None = None
    takeover: bool = False
    think: float | None = None
    hints: bool = True
    """A seat to act may ask the ``hard`` bot's search for a suggestion."""
    seed_chosen: bool = False
    """The creator chose the seed (allowed only with at most one person at the
    table): then everyone at the table is shown it."""
    rematch_of: str | None = None
    rematch_id: str | None = None
    rematch_rotated: bool = False
    log: list[Event] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)
    legal: dict[int, tuple[int, ...]] = field(default_factory=dict)
    decision_since: dict[int, int] = field(default_factory=dict)
    acted_at: dict[int, int] = field(default_factory=dict)
    """Per seat, the seq just after its last accepted action."""
    shown: dict[int | None, int] = field(default_factory=dict)
    """Per viewer (a seat, or None for spectators), the seq of the last action
    that changed its view: the only seq that viewer is ever told. An action that
    changes nothing a viewer may see (a private ``pass`` in a reaction window)
    sends it nothing, so counting messages never tells who is being asked."""
    seen: dict[int | None, ViewKey] = field(default_factory=dict)
    """Per viewer, its view after that action (observation, legal actions, end)."""
    _before: tuple[dict[int, int], dict[int, tuple[int, ...]], dict[int, int]] = field(
        default_factory=lambda: ({}, {}, {}), repr=False
    )
    _logged: int = field(default=0, repr=False)
    """Events the last action added to ``log`` (taken out again if it is undone)."""
    outgoing: Outgoing = field(init=False, repr=False)
    """The game's legal actions and log entries as messages carry them."""

    def __post_init__(self) -> None:
        self.outgoing = Outgoing(self.game)

    # -- making tables -------------------------------------------------------------
    @classmethod
    def create(cls, req: CreateTable) -> Table:
        """A new table from a request; a bad game, seat or option is a CourtlyError."""
        game = get(req.game)
        given = [n for n in sorted(game.stacking()) if req.options.get(n) is not None]
        if given:
            raise CourtlyError(
                f"option {given[0]!r} stacks the cards, which every seat would see: web "
                "tables always deal from a shuffled deck (leave it out)"
            )
        seats = []
        for i, spec in enumerate(req.seats):
            key = spec.strip().lower()
            if key == "human":
                seats.append(Seat(i, "human", token=new_token(), clock=req.time_bank))
            elif key == "open":
                if not req.public:
                    raise CourtlyError(
                        f"seat {i} is open, but only a public table lists open seats for "
                        'anyone to take: add "public": true, or make it "human" and send '
                        "its invite link"
                    )
                seats.append(Seat(i, "open", clock=req.time_bank))
            else:
                if bots.split_budget(key)[1:] != (None, None):
                    raise CourtlyError(
                        f"seat {i}: {spec.strip()!r} gives the bot a thinking time, which "
                        "the server sets (up to 1 s a decision): name the level alone, e.g. hard"
                    )
                bots.make(key, game)  # an unknown bot name lists the valid ones
                seats.append(Seat(i, "bot", bot=key))
        if req.seed is not None:
            people = sum(1 for s in seats if s.kind != "bot")
            if people > 1 or any(s.kind == "open" for s in seats):
                raise CourtlyError(
                    "a chosen seed tells whoever chose it every hidden card, so only a "
                    "practice table (at most one person, no open seat) may choose one: "
                    "leave the seed out and the server deals at random"
                )
        # a refusal lists the options a web table takes (never the stacked deck)
        options = game.Options.parse(req.options, hide=game.stacking())
        state = game.new(players=len(seats), seed=req.seed, options=options)
        table = cls(
            id=new_table_id(),
            game=game,
            state=state,
            seats=seats,
            public=req.public,
            time_bank=req.time_bank,
            takeover=req.takeover,
            think=req.think,
            hints=req.hints,
            seed_chosen=req.seed is not None,
        )
        if req.name is not None:
            first = next((s for s in seats if s.kind == "human"), None)
            if first is not None:
                first.name = req.name
        table.log.extend(game.opening(state))
        table.refresh()
        table.views([])
        return table

    def rows(self) -> tuple[TableRow, list[SeatRow]]:
        row = TableRow(
            id=self.id,
            game=self.game.id,
            version=self.game.version,
            players=self.state.players,
            options=self.state.options.model_dump(mode="json"),
            seed=self.state.seed,
            seed_chosen=self.seed_chosen,
            public=self.public,
            time_bank=self.time_bank,
            takeover=self.takeover,
            think=self.think,
            hints=self.hints,
            over=self.state.over,
            result=None,
            rematch_of=self.rematch_of,
            rematch_id=self.rematch_id,
            rematch_rotated=self.rematch_rotated,
            created_at=now(),
        )
        seats = [
            SeatRow(
                table_id=self.id,
                seat=s.seat,
                kind=s.kind,
                bot=s.bot,
                token=s.token,
                name=s.name,
                away=s.away,
            )
            for s in self.seats
        ]
        return row, seats

    @classmethod
    def restore(
        cls, row: TableRow, seats: list[SeatRow], actions: list[ActionRow], chat: list[ChatRow]
    ) -> Table:
        """The table as it was: its state rebuilt by replaying the stored actions
        from the seed, its log from the events of that replay."""
        record = Record(
            game=row.game,
            version=row.version,
            players=row.players,
            options=row.options,
            seed=row.seed,
            actions=[(a.seat, a.notation) for a in actions],
        )
        steps = replay_steps(record, get(record.game))
        deal = next(steps)
        state = deal.state
        table = cls(
            id=row.id,
            game=state.game,
            state=state,
            seats=[
                Seat(
                    s.seat,
                    s.kind,
                    bot=s.bot,
                    token=s.token,
                    name=s.name,
                    clock=0.0 if s.away and row.time_bank is not None else row.time_bank,
                    away=bool(s.away),
                )
                for s in seats
            ],
            public=row.public,
            time_bank=row.time_bank,
            takeover=row.takeover,
            think=row.think,
            hints=row.hints is not False,
            seed_chosen=bool(row.seed_chosen),
            rematch_of=row.rematch_of,
            rematch_id=row.rematch_id,
            rematch_rotated=row.rematch_rotated,
        )
        table.log.extend(deal.events)  # the deal's events, as the log opens
        table.refresh()
        table.views([])
        try:
            for step in steps:
                assert step.seat is not None
                table.note(step.seat, step.events)
                table.views(step.events, step.seat, wanted=())
        except RecordError as exc:
            raise CourtlyError(f"table {row.id}: a stored action does not replay: {exc}") from None
        table.chat = [
            {"seat": c.seat, "name": c.name, "text": c.text, "at": c.at.isoformat() + "Z"}
            for c in chat[-CHAT_KEPT:]
        ]
        return table

    def rematch(self, rotate: bool) -> Table:
        """A new table with the same game, options and seats (rotated one place
        on, or kept), a fresh random deal and fresh tokens; names carry over and
        seats nobody took stay open."""
        n = len(self.seats)
        order = [self.seats[(i - 1) % n] for i in range(n)] if rotate else list(self.seats)
        seats = []
        for i, old in enumerate(order):
            if old.kind == "human":
                seats.append(
                    Seat(i, "human", token=new_token(), name=old.name, clock=self.time_bank)
                )
            elif old.kind == "open":
                seats.append(Seat(i, "open", clock=self.time_bank))
            else:
                seats.append(Seat(i, "bot", bot=old.bot))
        state = self.game.new(players=n, options=self.state.options)
        table = Table(
            id=new_table_id(),
            game=self.game,
            state=state,
            seats=seats,
            public=self.public,
            time_bank=self.time_bank,
            takeover=self.takeover,
            think=self.think,
            hints=self.hints,
            rematch_of=self.id,
        )
        table.log.extend(self.game.opening(state))
        table.refresh()
        table.views([])
        return table

    def new_seat_of(self, old_seat: int, rotate: bool) -> int:
        n = len(self.seats)
        return (old_seat + 1) % n if rotate else old_seat

    # -- who is who ------------------------------------------------------------------
    @property
    def seq(self) -> int:
        return len(self.state.history)

    def seen_seq(self, viewer: int | None) -> int:
        """The seq ``viewer`` was last told (see ``shown``)."""
        return self.shown.get(viewer, 0)

    def seat_of(self, token: str | None) -> Seat | None:
        if not token:
            return None
        for s in self.seats:
            if s.token is not None and secrets.compare_digest(s.token, token):
                return s
        return None

    def check_name(self, name: str, seat: int | None = None) -> None:
        """Refuse a name another seat of this table already goes by (case and
        spaces aside): two plaques and every log line would read alike."""
        wanted = " ".join(name.split()).casefold()
        for s in self.seats:
            if (
                s.seat != seat
                and s.name is not None
                and " ".join(s.name.split()).casefold() == wanted
            ):
                raise CourtlyError(
                    f"{s.name!r} is already the name of seat {s.seat} at this table: choose another"
                )

    def free_seats(self) -> list[int]:
        """Seats created open and not taken yet: the only seats a stranger may
        join. A human seat is its token holder's, named or not."""
        return [s.seat for s in self.seats if s.kind == "open"]

    def take_open_seat(self, name: str, token: str) -> Seat:
        """The first open seat, now a human seat with a fresh ``token`` and ``name``."""
        free = self.free_seats()
        if not free or self.state.over:
            raise CourtlyError("this table has no free seat")
        seat = self.seats[free[0]]
        seat.kind, seat.token, seat.name = "human", token, name
        return seat

    def bot_turns(self) -> list[int]:
        """Seats to act now that a bot plays: bot seats, and away human seats."""
        return [
            i
            for i in self.state.to_act
            if self.seats[i].kind == "bot" or (self.seats[i].away and self.takeover)
        ]

    def waiver(self, seat: int) -> Action | None:
        """The move that lets ``seat``'s decision pass, when it is asked one that
        answers another's move (``Game.waivers``) and the move is legal; else None."""
        return waivers.waiver(self.state, seat, self.legal.get(seat, ()))

    def bot_for(self, seat: int) -> str:
        s = self.seats[seat]
        return s.bot if s.kind == "bot" and s.bot else "normal"

    def lineup(self) -> list[str | None]:
        """Each seat's bot by name, None for a person or an open seat: what
        every viewer is told of the seats (``Seat.info``), and what a bot is
        shown of its table (``Bot.meet``)."""
        return [s.bot if s.kind == "bot" else None for s in self.seats]

    # -- acting ------------------------------------------------------------------------
    def refusal(
        self, seat: int, action: Any, seq: int | None
    ) -> tuple[Action | None, Refused | None]:
        """The action ``seat`` submits, or why it is refused. Messages never name
        the other seats awaited (a reaction window keeps that secret)."""
        state = self.state
        told = self.seen_seq(seat)
        if state.over:
            return None, Refused(code="over", reason="the game is over", seq=told)
        if seq is not None:
            if seq > told:
                return None, Refused(
                    code="stale",
                    reason=f"seq {seq} is ahead of your view of the game (seq {told})",
                    seq=told,
                )
            if seq < self.decision_since.get(seat, 0):
                if self.acted_at.get(seat, -1) > seq:
                    return None, Refused(
                        code="duplicate",
                        reason=f"you already acted after seq {seq}; your view is at seq {told}",
                        seq=told,
                    )
                return None, Refused(
                    code="stale",
                    reason=f"the game moved on since seq {seq} (now seq {told}): "
                    "look at the new position and choose again",
                    seq=told,
                )
        if seat not in state.to_act:
            acted = self.acted_at.get(seat, -1)
            if acted == self.decision_since.get(seat) or (seq is not None and acted > seq):
                return None, Refused(
                    code="duplicate",
                    reason="you already acted on this decision; wait for your next one",
                    seq=told,
                )
            return None, Refused(
                code="not_your_turn", reason="you have no decision to make now", seq=told
            )
        try:
            # another writing of a legal move is that move, and is stored as it
            act = state.stands_for(seat, self.game.action_from_json(action))
        except (NotationError, CourtlyError) as exc:
            return None, Refused(code="illegal", reason=str(exc), seq=told)
        reason = state.check(seat, act)
        if reason is not None:
            return None, Refused(code="illegal", reason=reason, seq=told)
        return act, None

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply an action (IllegalAction leaves everything untouched) and
        refresh what each seat may do."""
        events = self.state.apply(seat, action)
        self.note(seat, events)
        return events

    def note(self, seat: int, events: list[Event]) -> None:
        """Note an action ``seat`` just played on the state (and the ``events``
        it made): what each seat may do now, and the log."""
        self._before = (dict(self.acted_at), dict(self.legal), dict(self.decision_since))
        self._logged = len(events)
        self.acted_at[seat] = self.seq
        self.log.extend(events)
        if len(self.log) > 2 * LOG_KEPT:
            del self.log[:-LOG_KEPT]
        self.refresh()

    def undo_last(self) -> None:
        """Rebuild the state without its last action (a write that failed), and
        take its events back out of the log, so that the table's state and log
        are exactly those of its stored actions."""
        rec = self.state.record()
        rec.actions = rec.actions[:-1]
        rec.result = None
        self.state = replay(rec, self.game)
        self.acted_at, self.legal, self.decision_since = self._before
        if self._logged:
            del self.log[-self._logged :]
            self._logged = 0

    def refresh(self) -> None:
        """Note, per seat, when its decision changed (a new decision or new options)."""
        to_act = set(self.state.to_act)
        seq = self.seq
        for i in range(self.state.players):
            legal = tuple(a.id for a in self.state.legal_actions(i)) if i in to_act else ()
            if self.legal.get(i) != legal:
                self.legal[i] = legal
                self.decision_since[i] = seq

    # -- what a viewer sees ---------------------------------------------------------------
    def views(
        self,
        events: list[Event],
        actor: int | None = None,
        wanted: Collection[int | None] | None = None,
    ) -> dict[int | None, View]:
        """After an action (``events``, by ``actor``): the update of every viewer
        whose view changed (the actor's always), noting it in ``shown``/``seen``.
        ``wanted``: the viewers to build updates for (every one when None: a
        server builds those of the viewers connected to it); the others' views
        are noted as changed or not all the same, exactly as if built. Each
        observation is serialized once: its JSON tells whether the view changed
        and goes into the message's text."""
        out: dict[int | None, View] = {}
        state, seq, seen = self.state, self.seq, self.seen
        over = state.over
        result = self.result()
        viewers: list[int | None] = [*range(state.players), None]
        for viewer in viewers:
            observation = state.observation(viewer)
            observed = dumps(observation)
            legal = self.legal.get(viewer, ()) if viewer is not None else ()
            key = (observed, legal, over)
            build = wanted is None or viewer in wanted
            entries = self.outgoing.entries(events, viewer) if build else None
            told = (
                bool(entries) if entries is not None else any(e.visible_to(viewer) for e in events)
            )
            if told or viewer == actor or key != seen.get(viewer):
                seen[viewer] = key
                self.shown[viewer] = seq
                if entries is not None:
                    out[viewer] = self.outgoing.view(
                        seq, entries, observation, observed, legal, over, result
                    )
        return out

    def legal_for(self, seat: int | None) -> list[LegalAction]:
        if seat is None:
            return []
        acts = self.game.actions
        return [LegalAction(**legal_action(acts[i])) for i in self.legal.get(seat, ())]

    def entries(self, events: list[Event], seat: int | None) -> list[LogEntry]:
        return [
            LogEntry(text=self.game.describe(e, seat), event=e.to_json(), public=e.to is None)
            for e in events
            if e.visible_to(seat)
        ]

    def result(self) -> dict[str, Any] | None:
        if not self.state.over:
            return None
        return {"scores": self.state.scores, "winners": self.state.winners}

    def snapshot(self, seat: int | None, connected: set[int]) -> Snapshot:
        return Snapshot(
            table=self.id,
            game=self.game.id,
            you=seat,
            seq=self.seen_seq(seat),
            observation=self.state.observation(seat),
            legal=self.legal_for(seat),
            log=self.entries(self.log[-LOG_KEPT:], seat),
            chat=self.chat[-CHAT_KEPT:],
            seats=self.seat_infos(connected, seat),
            over=self.state.over,
            result=self.result(),
            rematch=self.rematch_id,
        )

    def update(self, seat: int | None, events: list[Event]) -> Update:
        return Update(
            seq=self.seq,
            events=self.entries(events, seat),
            observation=self.state.observation(seat),
            legal=self.legal_for(seat),
            over=self.state.over,
            result=self.result(),
        )

    def seat_infos(self, connected: set[int], viewer: int | None) -> list[SeatInfo]:
        return [s.info(s.seat in connected, s.seat == viewer) for s in self.seats]

    def summary(self) -> dict[str, Any]:
        """Public facts about the table: never a token, and the seed only when
        the creator chose it (a practice table; a random seed comes out with the
        record once the game is over), as a string (a 64-bit number loses digits
        in JavaScript)."""
        return {
            "id": self.id,
            "game": self.game.id,
            "name": self.game.name,
            "players": self.state.players,
            "options": self.state.options.model_dump(
                mode="json", exclude=set(self.game.stacking())
            ),
            "public": self.public,
            "seq": self.seen_seq(None),
            "over": self.state.over,
            "result": self.result(),
            "free_seats": self.free_seats() if self.public else [],
            "seed": str(self.state.seed) if self.seed_chosen else None,
            "seed_chosen": self.seed_chosen,
            "seats": [s.info(False).model_dump(exclude={"connected"}) for s in self.seats],
            "time_bank": self.time_bank,
            "takeover": self.takeover,
            "hints": self.hints,
            "rematch_of": self.rematch_of,
            "rematch": self.rematch_id,
        }


__all__ = ["IllegalAction", "Seat", "Table"]
