"""The Suggest button of the table page and the review panel of the replay page.

These run their own server whose bot pool searches in threads of the test
process, so that a test can set the search's verdict."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from courtly.bots import review as advice
from courtly.bots.ismcts import ISMCTS, Analysis, MoveValue
from courtly.engine import text
from courtly.engine.actions import Action
from courtly.engine.records import Record
from courtly.games import get
from courtly.server.app import create_app
from courtly.server.bots import BotPool
from courtly.server.limits import Limits
from tests import searches
from tests.web.conftest import Pages, api, create, serving, wait_ready


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    pool = BotPool()
    pool._executor = lambda name: pool.threads  # type: ignore[method-assign]
    db = tmp_path_factory.mktemp("advice") / "courtly.db"
    app = create_app(str(db), pool=pool, limits=Limits(rate=1000, burst=1000), review_think=0.05)
    with serving(app) as url:
        yield url


def frames_of(page: Any) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda data: got.append(json.loads(str(data)))),
    )
    return got


def as_shown(page: Page, move: Action) -> str:
    """A move in its words as the page shows them to players (names, card
    symbols): "Cash 2♣ for currency", never its notation "cash 2C"."""
    shown: str = page.evaluate(
        "w => { const d = document.createElement('div');"
        " d.innerHTML = window.Cards.line(w, null); return d.textContent; }",
        move.words(),
    )
    assert shown == text.plain(move.words()) and shown.lower() != move.notation.lower()
    return shown


def test_suggest_shows_a_hint_and_marks_its_move_among_the_choices(
    server: str, pages: Pages, artifacts: Path
) -> None:
    made = create(server, "crown-rivals", ["human", "easy"], think=0.05)
    game = get("crown-rivals")
    page = pages.new()
    frames = frames_of(page)
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    assert "Hints are on at this table" in page.inner_text("#advice-note")
    page.wait_for_selector("#choice button.option")
    assert page.is_visible("#suggest")
    seq = page.evaluate("document.body.dataset.seq")
    page.click("#suggest")
    page.wait_for_selector("#advice-moves li.first")
    hints = [f for f in frames if f["type"] == "hint"]
    assert len(hints) == 1
    moves = hints[0]["moves"]
    views = [f for f in frames if f["type"] in ("snapshot", "update")]
    legal = {a["id"]: a["notation"] for a in views[-1]["legal"]}
    assert moves and all(legal[m["id"]] == m["notation"] for m in moves)
    assert all(m["words"] == game.action(m["id"]).words() for m in moves)
    items = page.locator("#advice-moves li").all_inner_texts()
    # moves read in words: "Cash 2♣ for currency", not "cash 2C"
    first = as_shown(page, game.action(moves[0]["id"]))
    assert len(items) == len(moves) and items[0].startswith(f"★ {first}")
    assert re.search(r"\d+% chance · \d+ tr(y|ies)", items[0])
    # why a move below the choice may show a higher chance
    assert "unless another is clearly better" in page.inner_text("#advice-status")
    # that note reads in a column of its own beside the button, not wrapped under it
    button = page.locator("#suggest").bounding_box()
    note = page.locator("#advice-status").bounding_box()
    assert button and note and note["x"] >= button["x"] + button["width"]
    page.screenshot(path=str(artifacts / "hint.png"), full_page=True)
    # the suggested move's next step is marked among the choices (not by colour alone):
    # following the marks plays exactly the suggested move
    for _ in range(6):
        page.wait_for_function(
            f"document.body.dataset.seq !== '{seq}' || "
            "!!document.querySelector('#choice button.option.suggested')"
        )
        if page.evaluate("document.body.dataset.seq") != seq:
            break
        marked = page.locator("#choice button.option.suggested")
        assert marked.count() == 1 and "★ suggested" in marked.inner_text()
        marked.click()
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    mine = [f for f in frames if f["type"] == "update" and f.get("yours")]
    assert mine and mine[0]["yours"] == moves[0]["notation"]


@pytest.mark.parametrize("tries", [3, 40])
def test_a_hint_from_few_tries_says_its_chances_are_rough(
    server: str, pages: Pages, monkeypatch: pytest.MonkeyPatch, tries: int
) -> None:
    """With a few tries a move (a busy machine, a short think) the hint listed
    "★ Pass 10♥ and 2♦ 51% · 3 tries" above "Pass 10♥ and 7♦ 77% · 5 tries"
    with nothing to say that such chances are noise."""

    monkeypatch.setattr(ISMCTS, "search", searches.thin(tries))
    made = create(server, "crown-rivals", ["human", "easy"], think=0.05)
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#choice button.option")
    page.click("#suggest")
    page.wait_for_selector("#advice-moves li.first")
    status = page.inner_text("#advice-status")
    if tries < advice.FEW_TRIES:
        assert "Few tries" in status and "these chances are rough" in status
        # a rough chance is mostly the tree's, which judges a position 16 moves on:
        # Garrison's read "96% chance of winning" on its first turn
        assert "mostly judged a few moves on, not at the game's end" in status
    else:
        assert "Few tries" not in status


def test_suggest_is_hidden_when_the_table_turned_hints_off(server: str, pages: Pages) -> None:
    made = create(server, "crown-rivals", ["human", "easy"], hints=False)
    assert made["table"]["hints"] is False
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#choice button.option")
    assert not page.is_visible("#suggest")
    assert "Hints are off at this table" in page.inner_text("#advice-note")


def test_the_lobby_offers_hints_on_or_off(server: str, pages: Pages) -> None:
    page = pages.new()
    page.goto(server + "/")
    page.check("#game-crown-rivals input")
    assert page.is_checked("#hints")
    page.uncheck("#hints")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    link = page.get_attribute("#play-link", "href") or ""
    table = link.split("/play/")[1].split("?")[0]
    assert api(server, f"/api/tables/{table}")["hints"] is False


def finished(server: str, seats: list[str]) -> str:
    """A table of bots, played to its end."""
    table: str = create(server, "crown-rivals", seats)["table"]["id"]
    deadline = time.monotonic() + 60
    while not api(server, f"/api/tables/{table}")["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return table


def test_the_review_panel_lists_decisions_flags_the_costly_and_jumps(
    server: str, pages: Pages, artifacts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search is set to rate the last legal move 0.9 and every other 0.3:
    every decision that played another is costly (a loss of 0.6)."""

    def rated(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        time.sleep(0.1)  # long enough for the progress to show
        moves = [MoveValue(legal[-1], 10, 0.9)] + [MoveValue(a, 5, 0.3) for a in legal[:-1]]
        return Analysis(moves=moves, iterations=10, seconds=0.1)

    monkeypatch.setattr(ISMCTS, "search", rated)
    table = finished(server, ["easy", "random"])
    record = Record.from_json(api(server, f"/api/tables/{table}/record"))
    found, _ = advice.decisions(record, 1)
    costly = [d for d in found if d.played != d.legal[-1]]
    assert costly

    page = pages.new()
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector("body[data-step='0']")
    page.evaluate(
        """() => { window.reviewTexts = [];
        new MutationObserver(() => window.reviewTexts.push(document.getElementById('review-status').textContent))
          .observe(document.getElementById('review-status'), {childList: true, characterData: true, subtree: true}); }"""
    )
    page.select_option("#review-seat", "1")
    page.click("#review-go")
    page.wait_for_selector("body[data-review='done']", timeout=60000)
    texts: list[str] = page.evaluate("window.reviewTexts")
    assert any(re.search(r"\d+ of \d+ decisions", t) for t in texts), texts
    rows = page.locator("#review-out tbody tr")
    assert rows.count() == len(found)
    assert page.locator("#review-out tr.costly .costly-flag").count() == len(costly)
    assert f"{len(costly)} costly decision" in page.inner_text("#review-status")
    # and what its percentages mean in this game (the panel said nothing of it)
    assert page.inner_text("#review-status").endswith(
        "Each move's figure is the estimated result, 100% = first place, 0% = last."
    )
    # each row: the step, the move played and the search's best
    first = costly[0]
    row = page.locator(f"#review-out tr[data-step='{first.index + 1}']")
    cells = row.locator("td").all_inner_texts()
    assert cells[1].startswith(as_shown(page, first.played)) and "0.60" in cells[3]
    assert cells[2].startswith(as_shown(page, first.legal[-1]))
    # clicking a row jumps the replay to that step, which says the move in words
    row.click()
    page.wait_for_selector(f"body[data-step='{first.index + 1}']")
    status = page.inner_text("#status")
    assert f"Step {first.index + 1} of" in status
    played = as_shown(page, first.played)
    assert status.endswith(f": {played[0].lower()}{played[1:]}.")
    assert "current" in (row.get_attribute("class") or "")
    page.screenshot(path=str(artifacts / "review.png"), full_page=True)


def test_the_review_panel_says_why_before_the_game_is_over(server: str, pages: Pages) -> None:
    made = create(server, "crown-rivals", ["human", "easy"])
    page = pages.new()
    page.goto(f"{server}/replay/{made['table']['id']}")
    page.wait_for_function("document.getElementById('status').textContent.includes('over')")
    assert not page.is_visible("#review-box")


def test_a_review_row_chosen_on_a_phone_brings_the_board_into_sight(
    server: str, pages: Pages, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 390 px the review panel is under the board: tapping a row far down
    changed the board off screen, with nothing to see happen. The step's line
    and the board now come into view; a row chosen with the board in sight
    leaves the page where it is."""

    def rated(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        return Analysis(moves=[MoveValue(a, 5, 0.5) for a in legal], iterations=5, seconds=0.0)

    monkeypatch.setattr(ISMCTS, "search", rated)
    table = finished(server, ["easy", "easy"])
    page = pages.new(390, 844)
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector("body[data-step='0']")
    page.click("#review-go")
    page.wait_for_selector("body[data-review='done']", timeout=60000)
    rows = page.locator("#review-out tbody tr")
    last = rows.nth(rows.count() - 1)
    last.scroll_into_view_if_needed()
    assert page.evaluate("document.getElementById('board').getBoundingClientRect().bottom < 0")
    last.click()
    page.wait_for_selector(f"body[data-step='{last.get_attribute('data-step')}']")
    page.wait_for_function(
        "() => { const s = document.getElementById('status').getBoundingClientRect();"
        " const b = document.getElementById('board').getBoundingClientRect();"
        " return s.top >= 0 && b.top > s.bottom && b.top < innerHeight; }"
    )
    # with the board in sight, Enter on a row steps without moving the page
    page.evaluate("scrollTo(0, 0)")
    page.set_viewport_size({"width": 1366, "height": 4000})
    page.focus("#review-out tbody tr >> nth=0")
    page.evaluate("scrollTo(0, 0)")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"body[data-step='{rows.first.get_attribute('data-step')}']")
    assert page.evaluate("scrollY") == 0


def test_a_hint_says_the_line_its_move_opens(
    server: str, pages: Pages, monkeypatch: pytest.MonkeyPatch, artifacts: Path
) -> None:
    garrison = get("garrison")
    then = tuple(garrison.parse_action(n) for n in ("trade KS for AD", "smuggle 5H"))

    def search(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        moves = [MoveValue(legal[0], 40, 0.9, then)] + [MoveValue(a, 40, 0.5) for a in legal[1:]]
        return Analysis(moves=moves, iterations=100, seconds=0.01)

    monkeypatch.setattr(ISMCTS, "search", search)
    made = create(server, "garrison", ["human", "easy", "easy"], think=0.05)
    page = pages.new(width=390, height=844)
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#choice button.option")
    page.click("#suggest")
    page.wait_for_selector("#advice-moves li.first")
    first = page.inner_text("#advice-moves li.first")
    assert "; then trade K♠ for A♦; then Smuggler: 5♥ from the discard pile into the keep" in first
    # Garrison is a race: the page says a chance is the chance of winning
    status = page.inner_text("#advice-status")
    assert "chance: the chance of winning, as only first place counts in this game" in status
    page.screenshot(path=str(artifacts / "hint-line-390.png"), full_page=True)
