"""The table page's "Pass until my turn": a Garrison hand holding a Spy is
asked in every reaction window; one click lets them all pass until its turn."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tests.server.test_pass_all import spy_seed, windows_before_turn
from tests.web.accessibility import violations
from tests.web.conftest import QUICK, Pages, create, opened_listening, wait_ready

OPTIONS = QUICK["garrison"][1]


def test_pass_until_my_turn_lets_the_windows_pass_until_the_seat_s_turn(
    server: str, pages: Pages, artifacts: Path
) -> None:
    seed = spy_seed(OPTIONS)
    windows = windows_before_turn(seed, OPTIONS)
    assert windows is not None and windows >= 2
    made = create(server, "garrison", ["human", "normal"], seed=seed)
    page, sent = opened_listening(pages, made["seats"][0]["invite"])
    # the bot's first move opened a window; the Thug could answer it
    button = page.locator("#choice #pass-all")
    button.wait_for()
    assert page.locator("#choice button.option:has-text('Pass')").count() == 1
    assert button.inner_text() == "Pass until my turn"
    hint = page.locator(f"#{button.get_attribute('aria-describedby')}")
    assert "others can tell" in hint.inner_text() and "until your own turn" in hint.inner_text()
    # it is one of the page's buttons, on the keyboard's way through the choice
    assert button.evaluate("b => b.tagName === 'BUTTON' && b.tabIndex === 0")
    assert violations(page) == []
    page.locator("#choice").screenshot(path=str(artifacts / "garrison-pass-all.png"))
    page.evaluate(
        """() => { window.sawPassing = false;
        new MutationObserver(() => { if (document.querySelector('#passing-note')) window.sawPassing = true; })
          .observe(document.querySelector('#choice'), { childList: true, subtree: true }); }"""
    )
    sent.clear()
    button.click()
    # the windows pass, one by one, with nothing more sent but the one message
    page.wait_for_selector("#choice button.option:has-text('End your turn')", timeout=30_000)
    log = page.inner_text("#log")
    assert log.count("You let it pass") == windows
    assert page.evaluate("window.sawPassing")  # "Passing every window…" while it was on
    assert [f for f in sent if '"pass_all"' in f] and not [f for f in sent if '"act"' in f]
    # its own turn: the line is gone, and the turn is asked as usual
    assert not page.locator("#passing-note").count() and not button.count()
    assert "Your decision" in page.inner_text("#status")
    page.locator("#choice button.option", has_text="End your turn").click()
    # the passes ended with the turn: the next window asks again
    button.wait_for(timeout=30_000)
    assert page.locator("#choice button.option:has-text('Pass')").count() == 1
    assert page.inner_text("#log").count("You let it pass") == windows


def test_a_game_with_nothing_to_let_pass_offers_no_such_button(server: str, pages: Pages) -> None:
    made = create(server, "crown-rivals", ["human", "normal"])
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#choice button.option")
    assert not page.locator("#pass-all").count()
    # the page is told so with the table: the game lets nothing pass
    assert page.evaluate("JSON.parse(document.getElementById('boot').textContent).waivers") == {}


def test_on_a_phone_the_choice_and_its_pass_until_my_turn_fit_the_width(
    server: str, pages: Pages, artifacts: Path
) -> None:
    """At 390 px the window's choice, Pass and "Pass until my turn" with its
    hint, stays within the screen: nothing to scroll sideways to reach it."""
    seed = spy_seed(OPTIONS)
    made = create(server, "garrison", ["human", "normal"], seed=seed)
    page = pages.new(390, 844)
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    button = page.locator("#choice #pass-all")
    button.wait_for()
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    hint = page.locator(f"#{button.get_attribute('aria-describedby')}").bounding_box()
    assert hint is not None and hint["x"] >= 0 and hint["x"] + hint["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(artifacts / "garrison-pass-all-phone.png"))


def test_stop_passing_ends_the_passes_before_the_turn_and_the_next_window_asks(
    server: str, pages: Pages, artifacts: Path
) -> None:
    """Two people at a Garrison table: the one to move (played here over its
    own websocket) declares trades; the page's person clicks Pass until my
    turn, then Stop passing while the passes are on: the next window is asked
    on the page again, and the page told the server so."""
    made = create(server, "garrison", ["human", "human"], options={"length": "long"})
    table = made["table"]["id"]
    ws_url = server.replace("http://", "ws://") + f"/ws/tables/{table}?token="
    with (
        connect(ws_url + made["seats"][0]["token"]) as zero,
        connect(ws_url + made["seats"][1]["token"]) as one,
    ):
        firsts = [next_view(w, lambda m: m["type"] == "snapshot") for w in (zero, one)]
        mover_seat = 0 if firsts[0]["legal"] else 1
        mover, view = (zero, one)[mover_seat], firsts[mover_seat]

        def declare(view: dict[str, Any]) -> None:
            trade = next(a for a in view["legal"] if a["notation"].startswith("trade"))
            mover.send(json.dumps({"type": "act", "action": trade["id"], "seq": view["seq"]}))

        def mover_turn() -> dict[str, Any]:
            return next_view(
                mover, lambda m: bool(m.get("legal")) and m["observation"]["decision"] == "turn"
            )

        page, sent = opened_listening(pages, made["seats"][1 - mover_seat]["invite"])
        declare(view)
        page.locator("#choice #pass-all").click()
        declare(mover_turn())  # its window passes by itself
        stop = page.locator("#passing-note #stop-passing")
        stop.wait_for()
        assert violations(page) == []
        page.locator("#choice").screenshot(path=str(artifacts / "garrison-stop-passing.png"))
        page.wait_for_function(
            "document.querySelector('#log').innerText.split('You let it pass').length - 1 >= 2"
        )
        sent.clear()
        stop.click()
        assert not page.locator("#passing-note").count()
        assert [f for f in sent if json.loads(f) == {"type": "pass_all", "on": False}]
        declare(mover_turn())
        page.locator("#choice #pass-all").wait_for()  # asked: the window waits for the person
        assert page.locator("#choice button.option:has-text('Pass')").count() == 1
        assert page.inner_text("#log").count("You let it pass") == 2
        assert "Your decision" in page.inner_text("#status")


def next_view(ws: Any, test: Any, seconds: float = 20.0) -> dict[str, Any]:
    """The next message on a websocket (``websockets``' client) that passes ``test``."""
    deadline = time.monotonic() + seconds
    while True:
        msg = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if test(msg):
            return msg
