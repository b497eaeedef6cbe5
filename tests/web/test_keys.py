"""The table's keys do what the Keys dialog says, wherever the focus is: Enter
is the move chosen so far (or nothing), Space presses the focused choice, and
while the dialog is open no key reaches the game."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.conftest import Pages, api, wait_ready

BOOST_SEED = 1
"""A Crown Rivals deal whose first hand holds 2♠ and 3♦: 2♠ may be played
with or without a boost."""


def crown_rivals_table(server: str, pages: Pages) -> Page:
    made = api(
        server,
        "/api/tables",
        {
            "game": "crown-rivals",
            "seats": ["human", "easy"],
            "seed": BOOST_SEED,
            "options": {"turn_limit": 8},
        },
    )
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#hand-area .pickable[data-pick='2S']")
    return page


def crumbs(page: Page) -> str:
    return page.inner_text("#choice .crumbs") if page.locator("#choice .crumbs").count() else ""


def test_enter_plays_the_move_chosen_so_far_not_the_focused_option(
    server: str, pages: Pages
) -> None:
    page = crown_rivals_table(server, pages)
    seq = page.evaluate("document.body.dataset.seq")
    page.click("#hand-area .pickable[data-pick='2S']")
    page.wait_for_selector("#choice button.option:has-text('Play it for its ability')")
    # the focus is on choice 1, but the move cannot stop here: Enter does nothing
    assert page.evaluate("document.activeElement.dataset.n") == "1"
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.seq") == seq
    assert "Play it for its ability" not in crumbs(page)
    # Space presses the focused choice
    page.locator("#choice button.option", has_text="Play it for its ability").focus()
    page.keyboard.press(" ")
    page.wait_for_selector("#choice button.option:has-text('Boost it with')")
    assert "Boost it with 3♦" in page.evaluate("document.activeElement.textContent")
    # Enter: "Play it without a boost", as the dialog says, not the focused boost
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")
    page.wait_for_function(
        "[...document.querySelectorAll('#log li')].some(li => li.textContent.startsWith('You play 2♠'))"
    )
    played = [t for t in page.locator("#log li").all_inner_texts() if t.startswith("You play 2♠")]
    assert played and "boost" not in played[0], played


def test_a_focused_card_is_picked_with_space_and_not_with_enter(server: str, pages: Pages) -> None:
    page = crown_rivals_table(server, pages)
    page.locator("#hand-area .pickable[data-pick='2S']").focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert crumbs(page) == ""
    page.keyboard.press(" ")
    page.wait_for_selector("#choice .crumbs")
    assert "2♠" in crumbs(page)


def test_no_key_reaches_the_game_while_the_keys_dialog_is_open(server: str, pages: Pages) -> None:
    page = crown_rivals_table(server, pages)
    page.click("#hand-area .pickable[data-pick='2S']")
    page.wait_for_selector("#choice .crumbs")
    before = crumbs(page)
    page.keyboard.press("?")
    assert page.locator("#help").is_visible()
    for key in ("1", "2", "Backspace"):
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert page.locator("#help").is_visible()
    # Esc closes the dialog, and only the dialog: the choice stays as it was
    page.keyboard.press("Escape")
    assert not page.locator("#help").is_visible()
    assert crumbs(page) == before
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#choice .crumbs')")


def test_tab_goes_through_the_table_in_the_order_it_is_drawn(server: str, pages: Pages) -> None:
    """On a Garrison table Tab went from the header to 'The whole discard
    pile', drawn at the bottom, then back up to the choice box and 'Suggest a
    move' (the page's parts were written in another order than the grid draws
    them). At both widths Tab now meets the parts top to bottom, the side
    column (log, chat) last."""
    made = api(
        server,
        "/api/tables",
        {"game": "garrison", "seats": ["human", "easy"], "seed": 7, "options": {"length": "quick"}},
    )
    for width, height in ((1366, 800), (390, 844)):
        page = pages.new(width, height)
        page.goto(made["seats"][0]["invite"])
        wait_ready(page)
        page.wait_for_selector("#choice button.option")
        page.wait_for_selector("#board summary")
        met: list[str] = []
        for _ in range(40):
            page.keyboard.press("Tab")
            part = page.evaluate(
                "() => { const p = document.activeElement.closest('.play > *');"
                " return p ? (p.id || p.className) : ''; }"
            )
            if part and (not met or met[-1] != part):
                met.append(part)
            if part == "side":
                break
        assert {"choice", "advice", "board", "side"} <= set(met), met
        drawn = page.evaluate(
            """parts => parts.map(id => { const p = document.getElementById(id) || document.querySelector('.' + id);
                 const r = p.getBoundingClientRect();
                 return [r.left > innerWidth / 2 ? 1 : 0, r.top + scrollY, id]; })""",
            met,
        )
        assert met == [id for *_, id in sorted(drawn)], (width, met, drawn)
