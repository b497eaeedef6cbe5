"""The HTTP and websocket API: every ``/api`` route and the live-play websocket.

    GET  /api/games                     games, players, options, bots
    POST /api/tables                    create a table -> invite links and tokens
    GET  /api/tables                    open public tables with free seats
    GET  /api/tables/{id}               public facts about a table
    POST /api/tables/{id}/claim         name the seat of a token
    POST /api/tables/{id}/join          take a free seat of a public table
    POST /api/tables/{id}/rematch       the next table, same settings
    GET  /api/tables/{id}/record        the game record, once the game is over
    POST /api/tables/{id}/review?seat=S start (or find) the review of a seat's play
    GET  /api/tables/{id}/review?seat=S its progress, then its verdicts
    GET  /api/tables/{id}/replay        the frames of a finished game's replay
    GET  /api/tables/{id}/breakdown     the end-of-game score breakdown
    WS   /ws/tables/{id}?token=...      live play (no token: spectate)

docs/server.md describes every field; the pages are in pages.py, the live
tables behind these routes in live.py.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import JSONResponse

from courtly.engine.errors import CourtlyError
from courtly.engine.game import State
from courtly.games import all_games
from courtly.server.live import Hub, Live
from courtly.server.pages import replay_frames
from courtly.server.protocol import (
    MAX_ID,
    ClaimSeat,
    CreateTable,
    JoinTable,
    Rematch,
    describe_game,
)
from courtly.server.tables import Seat

router = APIRouter()


class NotFound(CourtlyError):
    """No such table (HTTP 404)."""


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def table_or_404(request: Request, table_id: str) -> Live:
    if len(table_id) > MAX_ID:
        raise NotFound(f"there is no such table: table ids are at most {MAX_ID} characters")
    live = await hub_of(request).get(table_id)
    if live is None:
        raise NotFound(f"there is no table {table_id!r}")
    return live


def seat_out(request: Request, live: Live, seat: Seat) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    out: dict[str, Any] = {
        "seat": seat.seat,
        "kind": seat.kind,
        "bot": seat.bot,
        "name": seat.name,
    }
    if seat.token is not None:
        out["token"] = seat.token
        out["invite"] = f"{base}/play/{live.table.id}?token={seat.token}"
    return out


def links(request: Request, live: Live) -> dict[str, str]:
    base = str(request.base_url).rstrip("/")
    ws = base.replace("http", "ws", 1)
    return {
        "spectate": f"{base}/play/{live.table.id}",
        "websocket": f"{ws}/ws/tables/{live.table.id}",
        "record": f"{base}/api/tables/{live.table.id}/record",
    }


@router.get("/api/games")
async def games() -> list[dict[str, Any]]:
    return [describe_game(g) for g in all_games()]


@router.post("/api/tables", status_code=201)
async def create(request: Request, req: CreateTable) -> dict[str, Any]:
    live = await hub_of(request).create(req, request.client.host if request.client else "?")
    return {
        "table": live.table.summary(),
        "seats": [seat_out(request, live, s) for s in live.table.seats],
        **links(request, live),
    }


@router.get("/api/tables")
async def open_tables(request: Request) -> list[dict[str, Any]]:
    return [live.table.summary() for live in await hub_of(request).open_tables()]


@router.get("/api/tables/{table_id}")
async def table(request: Request, table_id: str) -> dict[str, Any]:
    live = await table_or_404(request, table_id)
    info = live.table.summary()
    connected = live.connected()
    for s in info["seats"]:
        s["connected"] = s["seat"] in connected
    return {**info, **links(request, live)}


@router.post("/api/tables/{table_id}/claim")
async def claim(request: Request, table_id: str, req: ClaimSeat) -> dict[str, Any]:
    live = await table_or_404(request, table_id)
    seat = await hub_of(request).claim(live, req.token, req.name)
    return {"table": live.table.id, **seat_out(request, live, seat), **links(request, live)}


@router.post("/api/tables/{table_id}/join")
async def join(request: Request, table_id: str, req: JoinTable) -> dict[str, Any]:
    live = await table_or_404(request, table_id)
    seat = await hub_of(request).join(live, req.name)
    return {"table": live.table.id, **seat_out(request, live, seat), **links(request, live)}


@router.post("/api/tables/{table_id}/rematch")
async def rematch(request: Request, table_id: str, req: Rematch) -> dict[str, Any]:
    live = await table_or_404(request, table_id)
    new, seat = await hub_of(request).rematch(live, req.token, req.rotate)
    return {
        "table": new.table.summary(),
        "you": seat_out(request, new, seat),
        **links(request, new),
    }


@router.get("/api/tables/{table_id}/record")
async def record(request: Request, table_id: str) -> JSONResponse:
    live = await table_or_404(request, table_id)
    if not live.table.state.over:
        # The record holds the seed, and the seed gives away every hidden card.
        raise CourtlyError("the record is available once the game is over")
    rec = live.table.state.record()
    rec.meta = {"table": live.table.id, "names": [s.name for s in live.table.seats]}
    return JSONResponse(
        rec.model_dump(mode="json"),
        headers={"Content-Disposition": f'attachment; filename="courtly-{table_id}.json"'},
    )


@router.post("/api/tables/{table_id}/review")
async def start_review(request: Request, table_id: str, seat: int) -> JSONResponse:
    """Review the decisions of ``seat`` in a finished game: the hard bot's
    search judges each one from that seat's view. Starts the review (or finds
    the one computed or under way): 202 while it runs, 200 once done, 409
    while another seat's review runs at this table. Poll with GET."""
    live = await table_or_404(request, table_id)
    job = hub_of(request).start_review(live, seat, request.client.host if request.client else "?")
    return JSONResponse(job.to_json(), status_code=200 if job.status == "done" else 202)


@router.get("/api/tables/{table_id}/review")
async def get_review(request: Request, table_id: str, seat: int) -> dict[str, Any]:
    """The review of ``seat`` (see POST): ``status`` ``none`` (not asked
    for), ``running`` (``done`` of ``total`` decisions), ``done`` (with
    ``review``) or ``failed`` (with ``error``)."""
    live = await table_or_404(request, table_id)
    job = hub_of(request).review_of(live, seat)
    if job is None:
        return {"table": live.table.id, "seat": seat, "status": "none", "review": None}
    return job.to_json()


# -- a finished game's replay and score breakdown -------------------------------------
def _finished(live: Live, what: str = "a replay") -> State:
    state = live.table.state
    if not state.over:
        # Before the end, every seat's hidden cards are still secret.
        raise CourtlyError(f"{what} is available once the game is over")
    return state


def _viewer(asked: str | None, players: int) -> int | None:
    """The seat a replay is seen from, from the address's ``?seat=``: None (the
    public view) when there is none; refused, saying what a table of
    ``players`` takes, when it is not one of its seat numbers."""
    if asked is None or asked == "":
        return None
    allowed = f"seats run 0 to {players - 1}, or leave the seat out to watch as a spectator"
    shown = asked if len(asked) <= 20 else f"{asked[:20]}…"
    if not re.fullmatch(r"-?[0-9]+", asked):
        raise CourtlyError(f"seat {shown!r} is not a seat number: {allowed}")
    if len(asked) > 9 or not 0 <= int(asked) < players:
        raise CourtlyError(f"seat {shown} is not a seat of this table: {allowed}")
    return int(asked)


@router.get("/api/tables/{table_id}/replay", include_in_schema=True)
async def replay_data(request: Request, table_id: str, seat: str | None = None) -> dict[str, Any]:
    """A finished game, step by step, from the view of ``seat`` (a seat number;
    default: public)."""
    live = await table_or_404(request, table_id)
    state = _finished(live)
    seat_seen = _viewer(seat, state.players)
    names = [s.name or (f"bot {s.bot}" if s.kind == "bot" else None) for s in live.table.seats]
    return {
        "table": live.table.id,
        "game": state.game.id,
        "seat": seat_seen,
        "names": names,
        "frames": replay_frames(state, seat_seen),
        "result": live.table.result(),
    }


@router.get("/api/tables/{table_id}/breakdown", include_in_schema=True)
async def breakdown(request: Request, table_id: str) -> dict[str, Any]:
    """The end-of-game score table (headers and one row per seat), from the public view."""
    live = await table_or_404(request, table_id)
    state = _finished(live, "the score breakdown")
    headers, rows = state.game.score_table(state.observation(None))
    return {"headers": headers, "rows": rows, "result": live.table.result()}


# -- live play -------------------------------------------------------------------------
@router.websocket("/ws/tables/{table_id}")
async def live_play(ws: WebSocket, table_id: str, token: str | None = None) -> None:
    await hub_of(ws).serve(ws, table_id, token)
