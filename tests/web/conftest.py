"""Browser tests of the web pages: a real server on a free port (in a thread of
the test process) and Debian's Chromium driven headless by Playwright.

Screenshots go to ``tmp/artifacts`` (or ``$COURTLY_ARTIFACTS``); with
``COURTLY_DOC_SCREENSHOTS=1`` each game's table picture is also written to
``docs/screenshots/<game>.png``.
"""

from __future__ import annotations

import contextlib
import json
import re
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Error, Page

from ..serving import serving
from .browsing import Pages

__all__ = ["Pages", "serving"]

ROOT = Path(__file__).resolve().parents[2]

QUICK: dict[str, tuple[int, dict[str, Any]]] = {
    "agents-of-the-crown": (4, {"years": 1}),
    "agincards": (2, {}),
    "crown-rivals": (2, {"turn_limit": 8}),
    "garrison": (2, {"length": "quick", "max_rounds": 3}),
    "intrigue": (3, {"rounds": 1, "hand_size": 3}),
}
"""Per game: players and options for a short game."""


def api(server: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        server + path, data=data, headers={"content-type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            out: dict[str, Any] = json.loads(r.read())
            return out
    except urllib.error.HTTPError as exc:
        raise AssertionError(f"{path}: {exc.code} {exc.read().decode()}") from None


def create(server: str, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    return api(
        server,
        "/api/tables",
        {"game": game, "seats": seats, "options": QUICK[game][1], **extra},
    )


def hand_of(page: Page) -> list[str]:
    codes: list[str] = page.locator("#hand-area [data-pick]").evaluate_all(
        "els => els.map(e => e.dataset.pick)"
    )
    return codes


def wait_ready(page: Page) -> None:
    page.wait_for_selector("body[data-connected=yes]")
    page.wait_for_function("document.body.dataset.seq !== undefined")


def opened_listening(pages: Pages, url: str) -> tuple[Page, list[str]]:
    """A page at ``url``, ready, and the list its websocket's sent frames
    are added to (what the page told the server)."""
    page = pages.new()
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    page.goto(url)
    wait_ready(page)
    return page, sent


ENDING = re.compile(r"End your turn|^Pass")


def step(page: Page, prefer_table: bool = False, prefer_end: bool = False) -> bool:
    """One click of the current decision: a highlighted thing on the table when
    asked and there is one, "end the turn" when asked and offered (a turn of
    repeatable moves ends), else the first offered choice. False when the game
    is over."""
    page.wait_for_selector("#choice button.option, #end:not([hidden])", timeout=30000)
    if page.is_visible("#end"):
        return False
    options = page.locator("#choice button.option")
    target = page.locator("#board .pickable, #hand-area .pickable").first
    ending = options.filter(has_text=ENDING).first
    if prefer_end and ending.count():
        target = ending
    elif not (prefer_table and target.count()):
        target = options.first
    with contextlib.suppress(Error):  # redrawn under the pointer by an update: look again
        target.click(timeout=3000)
    return True


def play_to_end(page: Page, limit: int = 800, on_click: Any = None) -> int:
    """Click until the game is over; every third click picks on the table, every
    fourth ends the turn if it can."""
    for clicks in range(limit):
        if on_click is not None:
            on_click(clicks)
        if not step(page, prefer_table=clicks % 3 == 1, prefer_end=clicks % 4 == 3):
            return clicks
    raise AssertionError(f"the game did not end in {limit} clicks")
