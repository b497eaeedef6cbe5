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
    GET  /play/{id}                     the table's page (invite: ?token=...)
    WS   /ws/tables/{id}?token=...      live play (no token: spectate)

docs/server.md describes every field.
"""

from __future__ import annotations

import html
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse

from courtly import bots
from courtly.engine.errors import CourtlyError
from courtly.games import all_games
from courtly.server.bots import BotPool
from courtly.server.db import Store, database_url
from courtly.server.limits import Limits
from courtly.server.live import Hub, Live
from courtly.server.protocol import ClaimSeat, CreateTable, JoinTable, Rematch
from courtly.server.tables import Seat


class NotFound(CourtlyError):
    pass


def create_app(
    db: str = "courtly.db", pool: BotPool | None = None, limits: Limits | None = None
) -> FastAPI:
    """The app for database ``db`` (a file path for SQLite, or a database URL)."""
    url = database_url(db)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(url)
        hub = Hub(store, pool, limits)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.close()
            store.close()

    app = FastAPI(title="Courtly", summary="Play Courtly's games online", lifespan=lifespan)

    @app.exception_handler(CourtlyError)
    async def _courtly_error(request: Request, exc: CourtlyError) -> JSONResponse:
        return JSONResponse(
            {"error": str(exc)}, status_code=404 if isinstance(exc, NotFound) else 400
        )

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
        return [
            {
                "id": g.id,
                "name": g.name,
                "summary": g.summary,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "default_players": g.default_players,
                "options": [
                    {"name": n, "allowed": allowed, "default": default, "description": desc}
                    for n, allowed, default, desc in g.Options.describe()
                    if "card codes" not in allowed
                ],
                "bots": bots.names(g),
            }
            for g in all_games()
        ]

    @app.post("/api/tables", status_code=201)
    async def create(request: Request, req: CreateTable) -> dict[str, Any]:
        live = await hub_of(request).create(req)
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

    @app.websocket("/ws/tables/{table_id}")
    async def live_play(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        await hub_of(ws).serve(ws, table_id, token)

    @app.get("/play/{table_id}", response_class=HTMLResponse)
    async def play_page(request: Request, table_id: str) -> str:
        live = await table_or_404(request, table_id)
        t = live.table
        seats = "".join(
            f"<li>Seat {s.seat}: {html.escape(s.name or ('bot ' + (s.bot or '') if s.kind == 'bot' else 'free'))}</li>"
            for s in t.seats
        )
        return _page(
            f"{t.game.name}: table {t.id}",
            f"<ul>{seats}</ul><p>Connect a websocket to <code>/ws/tables/{html.escape(t.id)}"
            "</code> (add <code>?token=...</code> from your invite link to play; without it "
            "you watch). The table page comes with the web client.</p>",
        )

    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request) -> str:
        games_list = "".join(
            f"<li><b>{html.escape(g.name)}</b> (<code>{html.escape(g.id)}</code>, "
            f"{g.min_players}-{g.max_players} players): {html.escape(g.summary)}</li>"
            for g in all_games()
        )
        open_list = (
            "".join(
                f"<li><a href='/play/{html.escape(live.table.id)}'>{html.escape(live.table.game.name)}"
                f"</a>: free seats {html.escape(str(live.table.free_seats()))}, names "
                f"{html.escape(', '.join(s.name or '?' for s in live.table.seats))}</li>"
                for live in await hub_of(request).open_tables()
            )
            or "<li>none yet</li>"
        )
        how = html.escape(
            'curl -X POST localhost:8000/api/tables -H "content-type: application/json" '
            '-d \'{"game": "agents-of-the-crown", "seats": ["human", "normal", "normal", "hard"]}\''
        )
        return _page(
            "Courtly",
            f"<h2>Games</h2><ul>{games_list}</ul><h2>Open tables</h2><ul>{open_list}</ul>"
            f"<h2>Start a table</h2><pre>{how}</pre><p>The answer holds an invite link per "
            "human seat and a spectator link. The API is described at <a href='/docs'>/docs</a>."
            "</p>",
        )

    return app


def _page(title: str, body: str) -> str:
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title></head><body>"
        f"<h1>{html.escape(title)}</h1>{body}</body></html>"
    )
