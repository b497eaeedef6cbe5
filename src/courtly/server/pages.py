"""The web pages: the lobby, each table's page, replays and the rules.

    GET /                          the lobby: choose a game, seats and options; open tables
    GET /play/{id}[?token=...]     a table's page (the token of an invite link plays a seat)
    GET /replay/{id}[?seat=N]      a finished game, step by step
    GET /rules/{game}              a game's rules, from its RULES.md
    GET /static/...                the page scripts, styles and the card pictures' code
    GET /favicon.ico               the site's icon (a crown)
    GET /docs                      the HTTP and websocket API, drawn from /openapi.json

The API (``/api``, the websocket) is in api.py; the replay page's JSON comes
from ``/api/tables/{id}/replay``, made by ``replay_frames`` here.

Pages are Jinja2 templates rendered on the server; the table page is drawn in
the browser by plain scripts (``static/``) from the websocket's messages. No
page ever receives more than the viewer's own observation: the table page gets
exactly what the websocket sends its seat, and a replay is only served once the
game is over (when its record, seed included, is public anyway).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from markdown_it import MarkdownIt

from courtly.engine.errors import CourtlyError
from courtly.engine.game import State
from courtly.engine.records import frames
from courtly.games import all_games, get
from courtly.server.live import Hub, Live
from courtly.server.protocol import describe_game
from courtly.server.tables import Seat

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
static = StaticFiles(directory=str(HERE / "static"))
router = APIRouter()

LEVELS = {
    "easy": "easy: a quick bot that often blunders",
    "normal": "normal: plays sensibly",
    "hard": "hard: searches ahead (slower)",
    "random": "random: any legal move",
}


class GameNotFound(CourtlyError):
    """No game at a page's address (HTTP 404, as for a table)."""


class TableNotFound(CourtlyError):
    pass


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _table(request: Request, table_id: str) -> Live:
    live = await _hub(request).get(table_id)
    if live is None:
        raise TableNotFound(f"there is no table {table_id!r}")
    return live


def game_catalog() -> list[dict[str, Any]]:
    """What the lobby offers: every game with its players, options and levels."""
    catalog = []
    for g in all_games():
        info = describe_game(g)
        info["bots"] = [b for b in info["bots"] if b in LEVELS]
        info["quick"] = dict(g.quick)
        info["icon"] = g.icon
        catalog.append(info)
    return catalog


@lru_cache(maxsize=8)
def rules_html(game_id: str) -> str:
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    return md.render(get(game_id).rules_markdown())


# -- a page's errors ----------------------------------------------------------------
PROGRAMS = ("/api/", "/ws/", "/static/", "/openapi.json")
"""Paths programs read: their errors stay JSON (docs/server.md)."""

TROUBLE = {
    404: ("Not found", "The link may be mistyped, or its table may be gone."),
    400: ("Not understood", "The address asks for something that is not there."),
}


def wants_page(request: Request) -> bool:
    """A browser asking for a page (not a program reading the API): its error
    is told as a page, with a way back to the lobby."""
    path = request.url.path
    accept = request.headers.get("accept", "")
    return not path.startswith(PROGRAMS) and "text/html" in accept


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    """An error told to a person: what was wrong, and the lobby."""
    title, advice = TROUBLE.get(status, ("Something went wrong", "Try again in a moment."))
    said = message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")
    return templates.TemplateResponse(
        request,
        "error.html",
        {"title": title, "message": said, "advice": advice},
        status_code=status,
    )


# -- pages -------------------------------------------------------------------------
@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def lobby(request: Request) -> HTMLResponse:
    tables = [live.table.summary() for live in await _hub(request).open_tables()]
    return templates.TemplateResponse(
        request,
        "lobby.html",
        {"games": game_catalog(), "levels": LEVELS, "open_tables": tables},
    )


def plaques(seats: list[Seat]) -> list[dict[str, Any]]:
    """Each seat's plaque as the table page draws it (table.js's ``renderSeats``),
    for the page before its script has drawn them, and for a page the server will
    not seat (a wrong invite link), which keeps them: the name ("Ada", "Easy bot",
    "Easy bot (seat 2)" when two bots play at one level, "Seat 1" while nobody has
    named it), the avatar's letter (a gear for a bot) and the line under the name,
    which gives every seat its number. Nothing here is hidden from anyone."""
    out = []
    for s in seats:
        if s.kind == "bot":
            level = str(s.bot or "bot")
            twins = sum(1 for o in seats if o.kind == "bot" and o.bot == s.bot)
            name = f"{level.capitalize()} bot" + (f" (seat {s.seat})" if twins > 1 else "")
            state = f"bot · {level} · seat {s.seat}"
        else:
            name = s.name or f"Seat {s.seat}"
            state = f"{'open seat · ' if s.kind == 'open' else ''}seat {s.seat}"
        initial = next((ch for ch in name if ch.isalnum()), "?").upper()
        out.append(
            {
                "seat": s.seat,
                "name": name,
                "avatar": "⚙" if s.kind == "bot" else initial,
                "state": state,
            }
        )
    return out


async def _table_page(
    request: Request, table_id: str, template: str, replay: bool = False
) -> HTMLResponse:
    """A page about one table: what its script needs to start (``boot``), all
    public; a replay also learns whether the game is over."""
    live = await _table(request, table_id)
    game = live.table.game
    boot = {
        "table": live.table.id,
        "game": game.id,
        "name": game.name,
        "players": live.table.state.players,
        "cards": game.faces(),
        "hints": live.table.hints,
        "waivers": dict(game.waivers),  # what "Pass until my turn" lets pass
    }
    if replay:
        boot["over"] = live.table.state.over
    return templates.TemplateResponse(
        request,
        template,
        {"game": game, "table": live.table, "boot": boot, "plaques": plaques(live.table.seats)},
    )


@router.get("/play/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def play(request: Request, table_id: str) -> HTMLResponse:
    return await _table_page(request, table_id, "table.html")


@router.get("/replay/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(request: Request, table_id: str) -> HTMLResponse:
    return await _table_page(request, table_id, "replay.html", replay=True)


@router.get("/rules/{game_id}", response_class=HTMLResponse, include_in_schema=False)
async def rules(request: Request, game_id: str) -> HTMLResponse:
    try:
        game = get(game_id)
    except CourtlyError as exc:  # an unknown game: its message lists the games
        raise GameNotFound(str(exc)) from None
    return templates.TemplateResponse(
        request, "rules.html", {"game": game, "rules": rules_html(game.id)}
    )


FAVICON = (HERE / "static" / "favicon.svg").read_bytes()


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> Response:
    """The site's icon (browsers ask for this address on their own)."""
    return Response(FAVICON, media_type="image/svg+xml", headers={"cache-control": "max-age=86400"})


@router.get("/docs", response_class=HTMLResponse, include_in_schema=False)
async def api_docs(request: Request) -> HTMLResponse:
    """The API reference, drawn here from the OpenAPI schema: no script or style
    from elsewhere, so it reads the same offline."""
    schema = request.app.openapi()
    operations = []
    for path, methods in schema.get("paths", {}).items():
        for method, op in methods.items():
            params = [
                f"{p['name']} ({p.get('in', '')}{', required' if p.get('required') else ''})"
                for p in op.get("parameters", [])
            ]
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            ref = body.get("schema", {}).get("$ref", "")
            operations.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "params": params,
                    "body": ref.rsplit("/", 1)[-1],
                    "answers": sorted(op.get("responses", {})),
                }
            )
    return templates.TemplateResponse(
        request,
        "docs.html",
        {"info": schema.get("info", {}), "operations": operations},
    )


# -- data for the pages ----------------------------------------------------------------
def replay_frames(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The game of ``state`` replayed from its deal: one frame per step, each with
    the observation of ``seat`` (None: the public view), the action played (its
    notation and its words) and
    the events of that step that ``seat`` saw (``{text, event}``, as in the log).
    Seen from a seat, another seat's move is only what that seat saw of it, its
    events: the move itself (a card played face down, the cards passed to the
    left) is left out, as ``courtly replay --seat`` leaves it out."""
    game = state.game
    return [
        {
            "n": f.n,
            "by": f.seat,
            "action": f.notation if seat in (None, f.seat) else None,
            "words": None if f.action is None or seat not in (None, f.seat) else f.action.words(),
            "events": [{"text": game.describe(e, seat), "event": e.to_json()} for e in f.events],
            "observation": f.observation,
        }
        for f in frames(state.record(), game, seat)
    ]
