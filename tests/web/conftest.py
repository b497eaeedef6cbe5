"""Browser tests of the web pages: a real server on a free port (in a thread of
the test process) and Debian's Chromium driven headless by Playwright.

Screenshots go to ``tmp/artifacts`` (or ``$COURTLY_ARTIFACTS``); with
``COURTLY_DOC_SCREENSHOTS=1`` each game's table picture is also written to
``docs/screenshots/<game>.png``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Error, Page, sync_playwright

from courtly.server.app import create_app
from courtly.server.limits import Limits

from ..serving import serving

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("COURTLY_CHROMIUM", "/usr/bin/chromium")

QUICK: dict[str, tuple[int, dict[str, Any]]] = {
    "agents-of-the-crown": (4, {"years": 1}),
    "agincards": (2, {}),
    "crown-rivals": (2, {"turn_limit": 8}),
    "garrison": (2, {"length": "quick", "max_rounds": 3}),
    "intrigue": (3, {"rounds": 1, "hand_size": 3}),
}
"""Per game: players and options for a short game."""


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("web") / "courtly.db"
    # Test pages click at machine speed: a generous rate (the limit has its own test).
    app = create_app(
        str(db),
        limits=Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000),
        review_think=0.05,
    )
    with serving(app) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"no Chromium at {CHROMIUM}: install Debian's (apt-get install chromium) "
            "or set COURTLY_CHROMIUM; .ci/run installs it"
        )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    path = Path(os.environ.get("COURTLY_ARTIFACTS", ROOT / "tmp" / "artifacts"))
    path.mkdir(parents=True, exist_ok=True)
    return path


class Pages:
    """New pages in fresh browser contexts; any script error fails the test."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.errors: list[str] = []
        self.contexts: list[Any] = []

    def new(self, width: int = 1280, height: int = 900) -> Page:
        ctx = self.browser.new_context(viewport={"width": width, "height": height})
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))
        page.set_default_timeout(15000)
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


@pytest.fixture
def pages(browser: Browser) -> Iterator[Pages]:
    p = Pages(browser)
    yield p
    p.close()
    assert not p.errors, p.errors[:5]


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
