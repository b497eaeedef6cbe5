"""The web-play protocol: HTTP request bodies and websocket messages.

Client to server (websocket, JSON text, at most ``MAX_MESSAGE`` bytes):

    {"type": "act", "action": 12 | "notation" | {"id": 12} | {"notation": "..."},
     "seq": 40}                       # seq optional: the state the client acted on
    {"type": "chat", "text": "..."}   # seats only
    {"type": "back"}                  # take a seat back from its stand-in bot
    {"type": "hint"}                  # ask the hard bot's search for the best moves
    {"type": "auto_pass", "on": true} # make your single legal moves at once
    {"type": "pass_all", "seq": 40}   # let this window pass, and each until your turn
    {"type": "pass_all", "on": false} # stop letting them pass
    {"type": "ping"}

Server to client: ``snapshot`` (on connect: everything the viewer may see),
``update`` (after every accepted action), ``refused`` (an action, chat or
message not accepted, with the reason), ``chat``, ``seats`` (names, who is
connected, clocks), ``rematch`` (a seat's own invite to the next table),
``hint`` (to the asking connection only: the best moves), ``pong``.
See docs/server.md for every field.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from courtly import bots
from courtly.engine.actions import Action
from courtly.engine.game import Game
from courtly.engine.options import option_text

MAX_MESSAGE = 4096
"""Largest websocket message a client may send, in bytes."""
MAX_NAME = 32
MAX_CHAT = 500
MAX_SEATS = 8

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def clean_text(text: str) -> str:
    """Text as stored and sent: normalised (NFC), control and direction-override
    characters removed, surrounding space stripped. Not HTML-escaped: pages must
    insert it as text (the server's own HTML pages escape it)."""
    return _CONTROL.sub("", unicodedata.normalize("NFC", text)).strip()


MAX_BODY = 16 * 1024
"""Largest HTTP request body, in bytes, refused (413) before it is read whole."""
MAX_ID = 64
"""Longest table id or token a URL may carry (a longer one is refused at once)."""


class Strict(BaseModel):
    """A client's request: unknown fields refused, and types taken as they are
    (no ``"yes"`` for true, no ``"123"`` for a number, no ``true`` for an id)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# -- HTTP --------------------------------------------------------------------
class ErrorBody(BaseModel):
    """Every error answer: what was wrong and what is allowed."""

    error: str
    retry_after: float | None = None
    """With 429: seconds until the request may be made again."""


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "A bad game, seat, option, token or state"},
    404: {"model": ErrorBody, "description": "No such table"},
    409: {"model": ErrorBody, "description": "The same work is already under way"},
    413: {"model": ErrorBody, "description": "The request body is over 16 KB"},
    422: {"model": ErrorBody, "description": "A malformed body: the field and the reason"},
    429: {"model": ErrorBody, "description": "Too many new tables from one address"},
    503: {"model": ErrorBody, "description": "Storage failed; nothing was changed"},
}
"""The error answers every endpoint may give, for the OpenAPI schema."""


SeatSpec = Annotated[str, Field(min_length=1, max_length=32)]


class CreateTable(Strict):
    """``POST /api/tables``: one entry per seat: ``human`` (a person invited
    with the seat's own link: the creator, a friend), ``open`` (on a public
    table, a seat anyone may take from the list of open tables) or a bot (a
    level ``easy|normal|hard`` or a bot name such as ``greedy`` or ``random``).

    A human seat belongs to whoever holds its link, named or not: it is never
    listed as free and never joined by a stranger."""

    game: str = Field(max_length=64)
    seats: list[SeatSpec] = Field(min_length=1, max_length=MAX_SEATS)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = Field(default=None, ge=0, lt=2**64)
    """A chosen deal, for practice: whoever knows the seed knows every hidden
    card, so only a table with at most one person (no open seat) may choose it,
    and the table then shows it to all. Otherwise the server draws 64 random
    bits that no player learns until the game is over (with the record)."""
    public: bool = False
    """Listed among open tables, and free seats can be joined without an invite."""
    time_bank: float | None = Field(default=None, gt=0, le=24 * 3600)
    """Seconds each human seat has for the whole game (None: no clock)."""
    takeover: bool = False
    """When a seat's time bank runs out, a ``normal`` bot plays for it."""
    think: float | None = Field(default=None, gt=0, le=1.0)
    """Seconds a searching bot may think per decision (``hard``: 1 s at most)."""
    name: str | None = Field(default=None, max_length=MAX_NAME)
    """The creator's display name, given to the first human seat (cleaned as
    every name is: ``clean_text``)."""
    hints: bool = True
    """A seat to act may ask the ``hard`` bot's search to suggest a move
    (shown in the table summary, so every seat knows); False turns hints off."""

    @field_validator("name")
    @classmethod
    def _name(cls, v: str | None) -> str | None:
        return None if v is None else ClaimSeat._name(v)


class ClaimSeat(Strict):
    """``POST /api/tables/{id}/claim``: set the name of the seat of ``token``."""

    token: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=MAX_NAME)

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        v = clean_text(v)
        if not v:
            raise ValueError("a name needs at least one visible character")
        return v


class JoinTable(Strict):
    """``POST /api/tables/{id}/join``: take a free seat of a public table."""

    name: str = Field(min_length=1, max_length=MAX_NAME)

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return ClaimSeat._name(v)


class Rematch(Strict):
    """``POST /api/tables/{id}/rematch``: a new table with the same settings."""

    token: str = Field(min_length=1, max_length=64)
    rotate: bool = True
    """Seats move one place on (seat 0's player sits at seat 1, ...)."""


# -- websocket, client to server -----------------------------------------------
ActionRef = int | Annotated[str, Field(max_length=200)] | dict[str, int | str]


class Act(Strict):
    type: Literal["act"]
    action: ActionRef
    seq: int | None = Field(default=None, ge=0)


class Chat(Strict):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=MAX_CHAT)

    @field_validator("text")
    @classmethod
    def _text(cls, v: str) -> str:
        v = clean_text(v)
        if not v:
            raise ValueError("an empty chat line")
        return v


class Back(Strict):
    type: Literal["back"]


class Ping(Strict):
    type: Literal["ping"]


class AskHint(Strict):
    type: Literal["hint"]


class AutoPass(Strict):
    """Your setting: decisions where you have a single legal move (you cannot
    respond) are made for you at once. Off by default; see docs/server.md for
    what its speed tells the others."""

    type: Literal["auto_pass"]
    on: bool


class PassAll(Strict):
    """Let the decision you are asked now pass, and every later one of yours
    that answers another's move (``Game.waivers``: Garrison's reaction
    windows), each at once, until you have a decision of your own (your turn),
    which ends it. Only while you are asked such a decision; ``seq`` as in
    ``act``. See docs/server.md for what its speed tells the others.
    ``"on": false`` stops the passes before your turn, at any time: the next
    such decision is asked of you as usual."""

    type: Literal["pass_all"]
    seq: int | None = Field(default=None, ge=0)
    on: bool = True


class ClientMessage(BaseModel):
    message: Annotated[
        Act | Chat | Back | AskHint | AutoPass | PassAll | Ping, Field(discriminator="type")
    ]


# -- websocket, server to client -------------------------------------------------
class LogEntry(BaseModel):
    """An event as the viewer sees it: a line of text and its JSON form."""

    text: str | None
    """The line for the game log (None: not worth a line)."""
    event: dict[str, Any]
    """The event's JSON form: ``kind`` and its data."""
    public: bool
    """Seen by every seat and spectator; False: only by you (and the seats it names)."""


class LegalAction(BaseModel):
    id: int
    notation: str
    """What a player types (or sends as ``act``)."""
    words: str
    """The move in words, as structured text: "trade {5S} for {KH}" (seats
    and cards marked as in log lines; the pages render it so)."""
    action: dict[str, Any]


def legal_action(act: Action) -> dict[str, Any]:
    """A ``LegalAction`` as data: what every message says of one legal action."""
    return {"id": act.id, "notation": act.notation, "words": act.words(), "action": act.to_json()}


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "open", "bot"]
    """``open``: a seat of a public table that nobody has taken yet."""
    bot: str | None = None
    name: str | None = None
    claimed: bool = False
    connected: bool = False
    away: bool = False
    """A human seat whose time ran out, now played by a bot until it says ``back``."""
    clock: float | None = None
    """Seconds left in the seat's time bank (None: no clock)."""


class Snapshot(BaseModel):
    type: Literal["snapshot"] = "snapshot"
    table: str
    game: str
    you: int | None
    """Your seat, or None for a spectator."""
    seq: int
    """Actions accepted so far; quote it in ``act`` to refuse stale submissions."""
    observation: dict[str, Any]
    legal: list[LegalAction]
    """Your legal actions when you are to act, else empty."""
    log: list[LogEntry]
    chat: list[dict[str, Any]]
    seats: list[SeatInfo]
    over: bool
    result: dict[str, Any] | None = None
    rematch: str | None = None
    passing: bool = False
    """Your ``pass_all`` is on: each decision of yours that answers another's
    move is let pass at once until your own turn."""


class Update(BaseModel):
    type: Literal["update"] = "update"
    seq: int
    events: list[LogEntry]
    observation: dict[str, Any]
    legal: list[LegalAction]
    over: bool
    result: dict[str, Any] | None = None
    yours: str | None = None
    """In the acting seat's own copy: the notation of the action just accepted."""
    by_bot: bool = False
    """In the acting seat's own copy: the action was played by the stand-in bot."""


class Refused(BaseModel):
    type: Literal["refused"] = "refused"
    code: Literal[
        "illegal",
        "not_your_turn",
        "stale",
        "duplicate",
        "bad_message",
        "rate_limited",
        "spectator",
        "over",
        "too_large",
        "server_error",
        "not_away",
        "hints_off",
        "busy",
    ]
    reason: str
    seq: int | None = None
    """The seq of your current view when refused (to spot a stale view)."""
    retry_after: float | None = None
    """For ``rate_limited``: seconds until a message will be accepted."""
    about: Literal["hint", "pass_all"] | None = None
    """``hint``: the refusal answers a request for a hint (nothing else changes);
    ``pass_all``: it answers a ``pass_all``, or says that the passes it asked
    for stopped before your turn (it is off: answer the decision yourself)."""


class HintMove(BaseModel):
    id: int
    notation: str
    words: str
    """The move in words, as structured text (as ``LegalAction.words``), with
    the line that follows it where its value is of one ("add {QH} to the keep,
    paying {AD}; then trade {KS} for {AD}; then ...": Garrison's win within
    the turn)."""
    value: float
    """The search's estimate of the seat's result with this move: 0 last place,
    1 first (in a two-player game, the chance of winning)."""
    visits: int
    """How often the search played the move out: the more, the surer."""


class Hint(BaseModel):
    """The best moves for the asking seat's decision at ``seq``, the search's
    choice first; only the asking connection gets it."""

    type: Literal["hint"] = "hint"
    seq: int
    moves: list[HintMove]
    iterations: int
    seconds: float
    rough: bool = False
    """Every move had fewer than 20 tries: the chances are rough (``note`` says so)."""
    note: str = ""
    """What the page says beneath the moves when ``rough``."""
    chance: str = ""
    """What a move's chance means in this game (``review.chance``): the chance
    of winning in a race such as Garrison, an estimated result elsewhere."""


class ChatLine(BaseModel):
    type: Literal["chat"] = "chat"
    seat: int
    name: str
    text: str
    at: str


class Seats(BaseModel):
    type: Literal["seats"] = "seats"
    seats: list[SeatInfo]


class RematchInvite(BaseModel):
    type: Literal["rematch"] = "rematch"
    table: str
    seat: int | None
    token: str | None
    invite: str | None


def describe_game(g: Game) -> dict[str, Any]:
    """What the API tells of a game: players, options a table may set (each
    default as a player types it), bots, and the decisions that answer
    another's move with the move that lets each pass (``Game.waivers``: what
    ``pass_all`` lets pass). (Options that stack a deal would show every seat
    the cards: not offered.)"""
    return {
        "id": g.id,
        "name": g.name,
        "summary": g.summary,
        "min_players": g.min_players,
        "max_players": g.max_players,
        "default_players": g.default_players,
        "options": [
            {"name": n, "allowed": allowed, "default": default, "description": option_text(desc)}
            for n, allowed, default, desc in g.Options.describe()
            if n not in g.stacking()
        ],
        "bots": bots.names(g),
        "waivers": dict(g.waivers),
    }


def field_errors(errors: list[Any], skip: int = 0, limit: int = 3) -> list[str]:
    """Pydantic's errors of a request or message in a person's words, one per
    field: ``loc: reason``. ``skip`` leaves out the first parts of each place
    (``body``, ``message``). Pydantic's own labels are left out: the "Value
    error, " before a validator's sentence, and the names of a union's members
    in a place (``act.action.int``, ``act.action.constrained-str``), whose
    several failures at one field are said once."""
    said: dict[str, str] = {}
    for err in errors:
        parts = [str(p) for p in err["loc"][skip:] if not isinstance(p, int)]
        parts = [p for p in parts if p != "body" and not _MEMBER.search(p)]
        loc = ".".join(parts)
        kind, msg = err["type"], str(err["msg"])
        if kind == "value_error":
            msg = msg.removeprefix("Value error, ")
        elif kind == "union_tag_not_found":
            msg = "no type given"
        elif kind == "union_tag_invalid":
            tags = err.get("ctx", {}).get("expected_tags", "")
            msg = f"{err.get('ctx', {}).get('tag', '')!r} is not a type; the types: {tags}"
        if loc in said:
            said[loc] = "not one of the forms allowed here"
        else:
            said[loc] = msg
    return [f"{loc or 'body'}: {msg}" for loc, msg in list(said.items())[:limit]]


_MEMBER = re.compile(r"^(int|str|float|bool|list|dict|none)$|[\[\-]|^function-")
"""A union member's label in pydantic's place of an error, not a field name."""
