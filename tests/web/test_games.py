"""Every game played to the end in a browser by clicking, against easy bots;
then its end-of-game breakdown and its replay."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from courtly.games import get
from tests.web.accessibility import violations
from tests.web.conftest import (
    QUICK,
    ROOT,
    Pages,
    api,
    create,
    play_to_end,
    step,
    wait_ready,
)

SHOT_AT = {"agincards": 40, "crown-rivals": 14}
"""The click at which a game's table is photographed (a fuller picture)."""


@pytest.mark.parametrize("game", sorted(QUICK))
def test_each_game_plays_to_the_end_by_clicking(
    server: str, pages: Pages, artifacts: Path, game: str
) -> None:
    players = QUICK[game][0]
    made = create(server, game, ["human"] + ["easy"] * (players - 1), name="Ada")
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    assert page.locator("#board").inner_html().strip(), "the table is drawn"
    assert page.locator(".seat").count() == players
    assert page.locator(".seat.me .seat-name").inner_text().endswith("You")
    # the first decision is chosen with the keyboard: "1" picks the first option
    page.wait_for_selector("#choice button.option")
    assert page.inner_text("#status").startswith("Your decision")
    assert violations(page) == []  # axe-core's rules (cards to click on the table)
    seq = page.evaluate("document.body.dataset.seq")
    page.keyboard.press("1")
    shot = artifacts / f"{game}.png"

    def snap(clicks: int) -> None:
        if clicks == SHOT_AT.get(game, 6):
            page.screenshot(path=str(shot), full_page=True)

    clicks = play_to_end(page, on_click=snap)
    assert clicks > 0 and page.evaluate("document.body.dataset.seq") != seq
    if os.environ.get("COURTLY_DOC_SCREENSHOTS") and shot.exists():
        shutil.copy(shot, ROOT / "docs" / "screenshots" / f"{game}.png")

    # the end: who won, and the breakdown with one row per seat
    assert page.inner_text("#status").startswith("Game over")
    page.wait_for_selector("table.breakdown tbody tr")
    assert page.locator("table.breakdown tbody tr").count() == players
    assert page.locator("table.breakdown tr.winner").count() >= 1
    # each row names its seat once ("Easy bot (seat 1) ♥ Hearts", not the name twice)
    heads = page.eval_on_selector_all(
        "table.breakdown tbody th",
        "ths => ths.map(th => [th.firstChild.textContent.trim(), th.querySelector('small')?.textContent || ''])",
    )
    assert all(name and name not in note for name, note in heads), heads
    assert page.locator("#choice button").count() == 0
    # nobody is to move any more: the board's phase line says the game is over
    assert not page.locator("#auto-pass-bar").is_visible()  # nothing left to answer
    for phase in page.locator("#board .phase").all_inner_texts():
        assert not re.search(r"\bto (move|play)\b", phase), phase
    assert violations(page) == []
    page.screenshot(path=str(artifacts / f"{game}-end.png"), full_page=True)

    # the replay, step by step, from a link
    page.click("text=Watch the replay")
    page.wait_for_selector("body[data-step='0']")
    last = int(page.get_attribute("#step", "max") or 0)
    assert last >= clicks // 3
    page.keyboard.press("End")
    page.wait_for_selector(f"body[data-step='{last}']")
    assert f"Step {last} of {last}" in page.inner_text("#status")
    assert violations(page) == []
    page.click("#prev")
    page.wait_for_selector(f"body[data-step='{last - 1}']")
    assert page.url.endswith(f"#{last - 1}")
    # a link to a step opens at that step, from a seat's view (its hand shown)
    page.goto(f"{server}/replay/{made['table']['id']}?seat=0#1")
    page.wait_for_selector("body[data-step='1']")
    assert page.locator("#hand-area").inner_html().strip()
    assert page.locator("#hand-area svg.card").count()
    # the replay's log opens with the deal, as the table's did
    g = get(game)
    if g.opening(g.new(players=players, seed=1)):
        page.keyboard.press("Home")
        page.wait_for_selector("body[data-step='0']")
        assert "(nothing to see)" not in page.inner_text("#log")
        assert "{" not in page.inner_text("#log")
    if game == "agents-of-the-crown":
        # a rematch: the same game, everyone one seat on
        page.goto(made["seats"][0]["invite"])
        page.click("#rematch")
        page.wait_for_url(lambda url: made["table"]["id"] not in url)
        wait_ready(page)
        assert page.evaluate("document.body.dataset.seat") == "1"


def test_agincards_map_marks_colour_by_suit_and_highlights_legal_cells(
    server: str, pages: Pages
) -> None:
    made = create(server, "agincards", ["human", "easy"])
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#hand-area .pickable")
    # every card says its suit in words and by its symbol, not by colour alone
    labels = page.locator(".map-grid svg.card").evaluate_all(
        "els => els.map(e => [e.getAttribute('aria-label'), e.querySelector('.pip').textContent])"
    )
    assert labels
    for label, symbol in labels:
        suit = {"♣": "Clubs", "♦": "Diamonds", "♥": "Hearts", "♠": "Spades"}[symbol]
        assert label.endswith(suit)
    assert page.locator(".cell.legal").count() == 0  # no card chosen yet
    assert page.locator(".cell.hinted").count() >= 1  # but where cards may go is shown
    # by keyboard: a highlighted card takes focus and Space picks it; Esc steps back
    page.locator("#hand-area .pickable").first.focus()
    page.keyboard.press(" ")
    page.wait_for_selector(".cell.legal.pickable")
    assert page.evaluate("document.activeElement.classList.contains('option')")
    page.keyboard.press("Escape")
    page.wait_for_selector("#hand-area .pickable")
    assert page.locator(".cell.legal").count() == 0
    page.locator("#hand-area .pickable").first.click()
    page.wait_for_selector(".cell.legal.pickable")
    legal = page.locator(".cell.legal").count()
    assert legal >= 1
    # zoom in: the cells grow
    before = page.locator(".cell.legal").first.bounding_box()
    page.click("[data-zoom='1']")
    after = page.locator(".cell.legal").first.bounding_box()
    assert before and after and after["width"] > before["width"] * 1.2
    seq = page.evaluate("document.body.dataset.seq")
    page.locator(".cell.legal").first.click()
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    assert page.locator(".map-grid svg.card").count() == len(labels) + 1
    # the token question names the card just placed as the status line does (K♥),
    # not by its code (KH): the heading once showed the game's prompt unpolished
    page.wait_for_selector("#choice h2.question")
    heading = page.locator("#choice h2.question").inner_text()
    assert "you just placed" in heading, heading
    placed = re.search(r"\((.+)\)\?", heading)
    assert placed and re.search("[♣♦♥♠]", placed[1]), heading
    assert placed[1] in page.locator("#status").inner_text()


MAP_BOX = """el => {
    const box = el.getBoundingClientRect();
    const cells = [...el.querySelectorAll('.cell.filled')].map((c) => c.getBoundingClientRect());
    const inside = (r) => r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    const seen = (r) => r.top >= -1 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1;
    return {
        overflows: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        cells: cells.length,
        hidden: cells.filter((r) => !inside(r) || !seen(r)).length,
    };
}"""
"""The map's box: whether it scrolls, and how many of its cards lie outside
it or outside the window."""


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_agincards_fit_brings_the_whole_map_into_view(
    server: str, pages: Pages, artifacts: Path, size: tuple[int, int]
) -> None:
    """Fit only set the zoom back to 1, at every size: a map grown past its box
    at its normal size stayed past it, on a desktop as on a phone. Now Fit zooms
    the map to its box and brings the box into the window: every card in view,
    nothing to scroll."""
    made = create(server, "agincards", ["human", "easy"])
    page = pages.new(*size)
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    # play on until the map has grown, and at its normal size is larger than its box
    for clicks in range(120):
        now = page.eval_on_selector(".map-scroll", MAP_BOX)
        if now["overflows"] and now["cells"] >= 10:
            break
        assert step(page, prefer_table=clicks % 3 == 1, prefer_end=clicks % 4 == 3)
    else:
        raise AssertionError("the map never outgrew its box")
    # zoom in and scroll the map and the page away
    for _ in range(3):
        page.click("[data-zoom='1']")
    page.eval_on_selector(
        ".map-scroll",
        "el => { el.scrollLeft = el.scrollWidth; el.scrollTop = el.scrollHeight / 2; }",
    )
    page.evaluate("window.scrollTo(0, 0)")
    assert page.eval_on_selector(".map-scroll", MAP_BOX)["hidden"] > 0
    page.click("[data-zoom='0']")
    seen = page.eval_on_selector(".map-scroll", MAP_BOX)
    page.screenshot(path=str(artifacts / f"agincards-fit-{size[0]}.png"))
    assert seen["cells"] >= 10 and not seen["overflows"] and seen["hidden"] == 0, seen
    # the cards stay legible: Fit shrinks no more than it has to
    width = page.locator(".map-grid .cell.filled").first.bounding_box()
    assert width and width["width"] >= 12
    # the zoom goes on from there, one step either way
    page.click("[data-zoom='-1']")
    smaller = page.locator(".map-grid .cell.filled").first.bounding_box()
    assert smaller and smaller["width"] < width["width"]


def finished_by_bots(server: str, game: str) -> dict[str, Any]:
    """A table of easy bots only, played to its end."""
    made = create(server, game, ["easy"] * QUICK[game][0])
    deadline = time.monotonic() + 120
    while not api(server, f"/api/tables/{made['table']['id']}")["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return made


@pytest.mark.parametrize("game", sorted(QUICK))
def test_a_finished_game_s_table_reads_as_over(
    server: str, pages: Pages, artifacts: Path, game: str
) -> None:
    """Once the game was over, the table still said what a game going on says:
    "No card here yet" on the open table of Agents of the Crown, "no support
    yet" under an Intrigue Character, "nothing yet" played or cashed this turn
    and bonuses to claim in Crown Rivals, and the last seat to move kept the
    outline of the seat whose turn it is. At the end, in the table watched and
    at the replay's last step, the picture now says the game is over (or says
    nothing), in words of the end."""
    made = finished_by_bots(server, game)
    table = made["table"]["id"]
    page = pages.new()
    for where, url in (
        ("table", made["spectate"]),
        ("replay", f"{server}/replay/{table}?seat=0#999999"),
    ):
        page.goto(url)
        if where == "table":
            wait_ready(page)
            page.wait_for_selector("#end:not([hidden])")
        else:
            page.wait_for_selector("body[data-step]")
            assert page.evaluate("document.body.dataset.step") == page.get_attribute("#step", "max")
        page.screenshot(path=str(artifacts / f"{game}-over-{where}.png"), full_page=True)
        board = page.inner_text("#board")
        assert not re.search(r"\byet\b", board, re.IGNORECASE), (where, board)
        assert "Bonuses to claim" not in board, where
        # a turn ended clears what it played: no "last turn" of nothing
        assert not re.search(r"The last turn.*\nPlayed\nnothing\nCashed\nnothing", board, re.S)
        for phase in page.locator("#board .phase").all_inner_texts():
            assert "game over" in phase, (where, phase)
        # nobody's turn: no keep or rival is outlined as the one to move
        assert page.locator("#board .current, #board .rival.active").count() == 0, where


def test_garrison_reaction_window_waits_for_the_players_click(server: str, pages: Pages) -> None:
    """Every seat is asked in a reaction window, Ace or not; the page never
    answers by itself (an instant pass would tell the table there is no Ace)."""
    made = api(server, "/api/tables", {"game": "garrison", "seats": ["human", "easy"]})
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    for clicks in range(300):
        page.wait_for_selector("#choice button.option, #end:not([hidden])")
        if "reaction window" in page.inner_text("#status"):
            break
        assert step(page, prefer_end=clicks % 2 == 1), "the game ended before a reaction window"
    else:
        raise AssertionError("no reaction window came")
    seq = page.evaluate("document.body.dataset.seq")
    assert page.is_visible(".window")
    page.wait_for_timeout(600)
    assert page.evaluate("document.body.dataset.seq") == seq
    assert page.locator("#choice button.option", has_text="Pass (no spy)").count() == 1
    page.locator("#choice button.option", has_text="Pass (no spy)").click()
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")


def test_every_kind_of_action_becomes_plain_steps(server: str, pages: Pages) -> None:
    """Each game's steps() turns one action of every kind (and shape) of its
    action space into clicks with a value and a readable label, and its
    doneLabel() never shows a move's notation."""
    page = pages.new()
    page.goto(server + "/rules/garrison")
    for script in ("cards.js", "games/common.js", *(f"games/{g}.js" for g in QUICK)):
        page.add_script_tag(url=f"/static/{script}")
    for game_id in QUICK:
        game = get(game_id)
        samples: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = {}
        for action in game.actions:
            data = action.to_json()
            samples.setdefault((action.kind, tuple(sorted(data))), data)
        for data in samples.values():
            # a market holding the card, for the steps that name its cost
            obs = {"market": [data.get("card")], "market_costs": [5]}
            steps = page.evaluate(
                "([g, a, o]) => window.Games[g].steps(a, o)", [game_id, data, obs]
            )
            assert steps, data
            # the click that completes a move names it in words: its own label,
            # or (null) "Do it: " and the move's words; never its notation
            done = page.evaluate(
                "([g, a]) => window.Games[g].doneLabel ? window.Games[g].doneLabel(a) : null",
                [game_id, data],
            )
            assert done is None or data["notation"] not in done, (game_id, data, done)
            for s in steps:
                assert isinstance(s["v"], str) and s["v"], (game_id, data, s)
                text = f"{s['label']} {s.get('q', '')}"
                assert "undefined" not in text and "NaN" not in text and "null" not in text, (
                    game_id,
                    data,
                    s,
                )


def test_agents_of_the_crown_says_a_chosen_pass_in_words(server: str, pages: Pages) -> None:
    """The hand read "Your pass: Pass 10♥ 2♥ (waiting for the others)", the
    notation made readable."""
    page = pages.new()
    page.goto(server + "/rules/agents-of-the-crown")
    for script in ("cards.js", "games/common.js", "games/agents-of-the-crown.js"):
        page.add_script_tag(url=f"/static/{script}")
    obs = {"hand": ["QS"], "houses": ["S"], "seat": 0, "passed": [], "my_pass": "pass TH 2H"}
    shown = page.evaluate(
        "o => { const d = document.createElement('div');"
        " d.innerHTML = window.Games['agents-of-the-crown'].hand({obs: o, seatName: String});"
        " return d.textContent; }",
        obs,
    )
    assert "You chose to pass 10♥ and 2♥ to the left (waiting for the others)." in shown


@pytest.mark.parametrize(("options", "cap"), [({}, False), ({"max_rounds": 3}, True)])
def test_garrison_shows_its_round_cap_only_once_it_is_in_sight(
    server: str, pages: Pages, options: dict[str, Any], cap: bool
) -> None:
    """Every table read "Round 1 (of at most 100)": GAR-12's safety stop, not
    a length players aim at. A table that chose 3 rounds still sees its cap."""
    made = api(
        server, "/api/tables", {"game": "garrison", "seats": ["human", "easy"], "options": options}
    )
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    phase = page.inner_text("#board .phase")
    assert phase.startswith("Round 1")
    assert ("(of at most 3)" in phase) == cap and "of at most 100" not in phase
