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
