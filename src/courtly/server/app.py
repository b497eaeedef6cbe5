"""The web app: HTTP endpoints for games and tables, the websocket for live play.

    GET  /                              a plain page: games, open tables, how to start
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
    GET  /play/{id}, /replay/{id}, /    the pages (pages.py; docs/web.md)
    WS   /ws/tables/{id}?token=...      live play (no token: spectate)

docs/server.md describes every field.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from courtly.engine.errors import CourtlyError
from courtly.games import all_games
from courtly.server import pages
from courtly.server.bots import BotPool
from courtly.server.db import Store, database_url
from courtly.server.limits import BodyLimit, Limits
from courtly.server.live import IDLE_AFTER, REVIEW_THINK, Busy, Hub, Live, StorageError, TooMany
from courtly.server.protocol import (
    ERRORS,
    MAX_BODY,
    MAX_ID,
    ClaimSeat,
    CreateTable,
    JoinTable,
    Rematch,
    describe_game,
)
from courtly.server.tables import Seat


class NotFound(CourtlyError):
    pass


def create_app(
    db: str = "courtly.db",
    pool: BotPool | None = None,
    limits: Limits | None = None,
    review_think: float = REVIEW_THINK,
    idle_after: float = IDLE_AFTER,
    bot_pace: float = 0.0,
) -> FastAPI:
    """The app for database ``db`` (a file path for SQLite, or a database URL);
    ``review_think``: seconds of search per decision in a game review;
    ``bot_pace``: seconds a move on a table of bots only (``courtly serve``
    gives ``live.WATCH_PACE``; 0: as fast as the bots choose)."""
    url = database_url(db)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(url)
        hub = Hub(store, pool, limits, review_think, idle_after, bot_pace)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.close()
            store.close()

    app = FastAPI(
        title="Courtly",
        summary="Play Courtly's games online",
        lifespan=lifespan,
        responses=ERRORS,
        # The API's reference page is drawn from the schema here (pages.api_docs),
        # so it works offline; FastAPI's own pages load their scripts from a CDN.
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.include_router(pages.router)  # the lobby, table, replay and rules pages
    app.mount("/static", pages.static, name="static")

    @app.exception_handler(CourtlyError)
    async def _courtly_error(request: Request, exc: CourtlyError) -> JSONResponse:
        status = 400
        if isinstance(exc, NotFound | pages.TableNotFound):
            status = 404
        elif isinstance(exc, Busy):
            status = 409
        elif isinstance(exc, StorageError):
            status = 503
        elif isinstance(exc, TooMany):
            return JSONResponse(
                {"error": str(exc), "retry_after": round(exc.retry_after, 1)},
                status_code=429,
                headers={"Retry-After": str(max(1, math.ceil(exc.retry_after)))},
            )
        return JSONResponse({"error": str(exc)}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:5]:
            loc = ".".join(str(p) for p in err["loc"] if p != "body")
            parts.append(f"{loc or 'body'}: {err['msg']}")
        return JSONResponse({"error": "; ".join(parts)}, status_code=422)

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

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [describe_game(g) for g in all_games()]

    @app.post("/api/tables", status_code=201)
    async def create(request: Request, req: CreateTable) -> dict[str, Any]:
        live = await hub_of(request).create(req, request.client.host if request.client else "?")
        return {
            "table": live.table.summary(),
            "seats": [seat_out(request, live, s) for s in live.table.seats],
            **links(request, live),
        }

    @app.get("/api/tables")
    async def open_tables(request: Request) -> list[dict[str, Any]]:
        return [live.table.summary() for live in await hub_of(request).open_tables()]

    @app.get("/api/tables/{table_id}")
    async def table(request: Request, table_id: str) -> dict[str, Any]:
        live = await table_or_404(request, table_id)
        info = live.table.summary()
        connected = live.connected()
        for s in info["seats"]:
            s["connected"] = s["seat"] in connected
        return {**info, **links(request, live)}

    @app.post("/api/tables/{table_id}/claim")
    async def claim(request: Request, table_id: str, req: ClaimSeat) -> dict[str, Any]:
        live = await table_or_404(request, table_id)
        seat = await hub_of(request).claim(live, req.token, req.name)
        return {"table": live.table.id, **seat_out(request, live, seat), **links(request, live)}

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: str, req: JoinTable) -> dict[str, Any]:
        live = await table_or_404(request, table_id)
        seat = await hub_of(request).join(live, req.name)
        return {"table": live.table.id, **seat_out(request, live, seat), **links(request, live)}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(request: Request, table_id: str, req: Rematch) -> dict[str, Any]:
        live = await table_or_404(request, table_id)
        new, seat = await hub_of(request).rematch(live, req.token, req.rotate)
        return {
            "table": new.table.summary(),
            "you": seat_out(request, new, seat),
            **links(request, new),
        }

    @app.get("/api/tables/{table_id}/record")
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

    @app.post("/api/tables/{table_id}/review")
    async def start_review(request: Request, table_id: str, seat: int) -> JSONResponse:
        """Review the decisions of ``seat`` in a finished game: the hard bot's
        search judges each one from that seat's view. Starts the review (or finds
        the one computed or under way): 202 while it runs, 200 once done, 409
        while another seat's review runs at this table. Poll with GET."""
        live = await table_or_404(request, table_id)
        job = hub_of(request).start_review(live, seat)
        return JSONResponse(job.to_json(), status_code=200 if job.status == "done" else 202)

    @app.get("/api/tables/{table_id}/review")
    async def get_review(request: Request, table_id: str, seat: int) -> dict[str, Any]:
        """The review of ``seat`` (see POST): ``status`` ``none`` (not asked
        for), ``running`` (``done`` of ``total`` decisions), ``done`` (with
        ``review``) or ``failed`` (with ``error``)."""
        live = await table_or_404(request, table_id)
        job = hub_of(request).review_of(live, seat)
        if job is None:
            return {"table": live.table.id, "seat": seat, "status": "none", "review": None}
        return job.to_json()

    @app.websocket("/ws/tables/{table_id}")
    async def live_play(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        await hub_of(ws).serve(ws, table_id, token)

    return app
