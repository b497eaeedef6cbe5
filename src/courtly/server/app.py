"""The web app: the pages (pages.py), the HTTP and websocket API (api.py) and
the live hub behind them (live.py), with the errors every route answers alike.

    GET  /, /play/{id}, /replay/{id}, /rules/{game}, /docs   the pages (pages.py; docs/web.md)
    /api/...                                                 the HTTP API (api.py)
    WS   /ws/tables/{id}?token=...                           live play (api.py)

docs/server.md describes every field.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from courtly.engine.errors import CourtlyError
from courtly.server import api, pages
from courtly.server.bots import BotPool
from courtly.server.db import Store, database_url
from courtly.server.limits import BodyLimit, Limits
from courtly.server.live import IDLE_AFTER, REVIEW_THINK, Busy, Hub, StorageError, TooMany
from courtly.server.protocol import ERRORS, MAX_BODY, field_errors


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
    app.include_router(api.router)  # /api and the websocket
    app.mount("/static", pages.static, name="static")

    @app.exception_handler(CourtlyError)
    async def _courtly_error(request: Request, exc: CourtlyError) -> Response:
        status = 400
        if isinstance(exc, api.NotFound | pages.TableNotFound | pages.GameNotFound):
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
        if pages.wants_page(request):
            return pages.error_page(request, status, str(exc))
        return JSONResponse({"error": str(exc)}, status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        unread = unreadable_body(exc)
        if unread is not None:
            return JSONResponse({"error": unread}, status_code=422)
        if exc.status_code == 404 and pages.wants_page(request):
            return pages.error_page(request, 404, f"there is no page at {request.url.path}")
        return JSONResponse(
            {"error": http_reason(request, exc)}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts, fields = [], []
        for err in exc.errors():
            if err["type"] == "json_invalid":  # its place is a character, not a field
                why = err.get("ctx", {}).get("error", "JSON decode error")
                parts.append(f"body: not JSON ({why} at character {err['loc'][-1]}){ONE_OBJECT}")
            else:
                fields.append(err)
        parts.extend(field_errors(fields, limit=5))
        return JSONResponse({"error": "; ".join(parts)}, status_code=422)

    return app


ONE_OBJECT = ": send one JSON object (/docs lists the fields of each request)"


def http_reason(request: Request, exc: StarletteHTTPException) -> str:
    """What the framework's own refusal (a path or method the app does not
    serve) says, in words that name what is there instead."""
    path = request.url.path
    if exc.status_code == 404:
        return f"there is nothing at {path}: /docs lists the API's endpoints"
    if exc.status_code == 405:
        allow = (exc.headers or {}).get("Allow")
        answers = f": it answers {allow}" if allow else ""
        return f"{request.method} is not answered at {path}{answers} (/docs lists the API)"
    return str(exc.detail)


def unreadable_body(exc: StarletteHTTPException) -> str | None:
    """What was wrong with a body the framework could not parse at all (it
    answers 400 "There was an error parsing the body", the parser's error as
    the cause), or None for any other HTTP error."""
    cause = exc.__cause__
    if exc.status_code != 400 or cause is None:
        return None
    if isinstance(cause, RecursionError):
        return f"body: nested too deeply to read{ONE_OBJECT}"
    if isinstance(cause, UnicodeDecodeError):
        return f"body: not UTF-8 text{ONE_OBJECT}"
    return f"body: not JSON ({type(cause).__name__}){ONE_OBJECT}"
