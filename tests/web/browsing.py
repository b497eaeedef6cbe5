"""The browser tests' fixtures: a real server on a free port (in a thread of
the test process), Debian's Chromium driven headless by Playwright, and fresh
pages. A plug-in of the whole suite (``tests/conftest.py``), so that every
folder's browser tests share one Chromium per process (Playwright's
synchronous API runs one at a time)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from courtly.server.app import create_app
from courtly.server.limits import Limits

from ..serving import serving

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("COURTLY_CHROMIUM", "/usr/bin/chromium")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that drives Chromium (through ``browser``, or ``pages`` on it)
    is marked ``browser``: ``make test`` runs them against the compiled build,
    the one ``make run`` serves to players (docs/developing.md)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


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
