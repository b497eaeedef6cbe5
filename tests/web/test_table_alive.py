"""The table page feels alive and reads well: the turn cue in the tab (title and
icon), cards that move and end where they belong (and do not move with reduced
motion), the changed parts highlighted, names and card symbols in the log, the
Agincards pass worded by whether a card fits, the name form gone at the end,
and the site's icon and API page served without the internet."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page

from courtly.games import get
from tests.web.conftest import QUICK, Pages, create, opened_listening, wait_ready

CODE = re.compile(r"(?<![\w'])[2-9TJQKA][CDHS](?![\w'])")
SEAT_NUMBER = re.compile(r"\bP\d\b")


def two_players(
    server: str, pages: Pages, reduced: bool = False, **extra: Any
) -> tuple[Page, Page]:
    """An Agincards table of two people (nothing moves but what they do)."""
    made = create(server, "agincards", ["human", "human"], **extra)
    out = []
    for seat in made["seats"]:
        if reduced:
            ctx = pages.browser.new_context(
                viewport={"width": 1280, "height": 900}, reduced_motion="reduce"
            )
            pages.contexts.append(ctx)
            page = ctx.new_page()
            page.on("pageerror", lambda e: pages.errors.append(str(e)))
            page.set_default_timeout(15000)
        else:
            page = pages.new()
        page.goto(seat["invite"])
        wait_ready(page)
        out.append(page)
    return out[0], out[1]


def seq_after(page: Page, seq: str) -> None:
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'")


def place_a_card(page: Page) -> tuple[str, str]:
    """Seat 0 places its first card that fits: (its code, the cell it went to)."""
    page.wait_for_selector("#hand-area .pickable")
    card = page.locator("#hand-area .pickable").first
    code = card.get_attribute("data-pick") or ""
    card.click()
    cell = page.locator(".cell.legal.pickable").first
    where = cell.get_attribute("data-cell") or ""
    seq = page.evaluate("document.body.dataset.seq")
    cell.click()
    seq_after(page, seq)
    return code, where


def all_settled(page: Page) -> None:
    page.evaluate(
        "Promise.allSettled(document.getAnimations().map((a) => a.finished)).then(() => true)"
    )


def test_the_tab_shows_whose_turn_it_is_in_title_and_icon(server: str, pages: Pages) -> None:
    a, b = two_players(server, pages)
    page_title = re.compile(r"^▶ Your turn · Agincards")
    assert page_title.match(a.title())
    assert a.get_attribute("#favicon", "href") == "/static/favicon-turn.svg"
    assert not page_title.match(b.title()) and b.title().startswith("Agincards")
    assert b.get_attribute("#favicon", "href") == "/favicon.ico"
    place_a_card(a)
    no_token = a.locator("#choice button.option", has_text="No token")
    if no_token.count():
        seq = a.evaluate("document.body.dataset.seq")
        no_token.click()
        seq_after(a, seq)
    # a has acted: its cue is gone, and b's tab now calls
    a.wait_for_function("!document.title.startsWith('▶')")
    assert a.get_attribute("#favicon", "href") == "/favicon.ico"
    b.wait_for_function("document.title.startsWith('▶ Your turn')")
    assert b.get_attribute("#favicon", "href") == "/static/favicon-turn.svg"


WATCH_GLOW = """
window.glowed = [];
new MutationObserver((ms) => ms.forEach((m) => {
  const el = m.target;
  if (!el.classList || !el.classList.contains("changed")) return;
  const cell = el.closest("[data-cell]");
  window.glowed.push(cell ? "cell " + cell.dataset.cell : el.dataset.seat !== undefined ? "seat " + el.dataset.seat : el.tagName);
})).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["class"] });
"""


def test_a_played_card_glides_to_its_cell_and_ends_there(server: str, pages: Pages) -> None:
    a, b = two_players(server, pages)
    b.evaluate(WATCH_GLOW)
    code, where = place_a_card(a)
    # the card moved from the hand to the map, animated
    assert int(a.evaluate("document.body.dataset.animations")) >= 1
    all_settled(a)
    assert (
        a.evaluate("document.getAnimations().filter((x) => x.playState === 'running').length") == 0
    )
    landed = a.locator(f".cell[data-cell='{where}'] [data-card='{code}']")
    assert landed.count() == 1
    box = landed.bounding_box()
    cell = a.locator(f".cell[data-cell='{where}']").bounding_box()
    assert box and cell
    assert abs(box["x"] - cell["x"]) <= 3 and abs(box["y"] - cell["y"]) <= 3
    assert a.locator(f"#hand-area [data-card='{code}']").count() == 0
    # the other player sees it arrive, and the changed parts glow for a moment
    b.wait_for_selector(f".cell[data-cell='{where}'] [data-card='{code}']")
    b.wait_for_function("window.glowed.length > 0")
    glowed = b.evaluate("window.glowed")
    assert f"cell {where}" in glowed, glowed  # the card that arrived
    b.wait_for_function("document.querySelectorAll('.changed').length === 0", timeout=5000)


def test_with_reduced_motion_nothing_moves_but_the_change_is_marked(
    server: str, pages: Pages
) -> None:
    a, b = two_players(server, pages, reduced=True)
    code, where = place_a_card(a)
    assert a.evaluate("document.body.dataset.animations") == "0"
    assert a.evaluate("document.getAnimations().length") == 0
    assert a.locator(f".cell[data-cell='{where}'] [data-card='{code}']").count() == 1
    b.wait_for_selector(f".cell[data-cell='{where}'] [data-card='{code}']")
    assert b.evaluate("document.getAnimations().length") == 0
    assert b.locator(".changed").count() >= 1  # outlined, still


def test_the_log_names_players_and_shows_cards_as_symbols(server: str, pages: Pages) -> None:
    a, b = two_players(server, pages, name="Ada")
    code, _ = place_a_card(a)
    b.wait_for_selector("#log li")
    log_b = b.inner_text("#log")
    log_a = a.inner_text("#log")
    assert "Ada placed" in log_b
    assert "You placed" in log_a and "you placed" not in log_a
    for log in (log_a, log_b):
        assert not SEAT_NUMBER.search(log), log
        assert not CODE.search(log), log
    symbol = ("10" if code[0] == "T" else code[0]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[
        code[1]
    ]
    assert symbol in log_b
    # the seats and the status name people too
    assert "Ada" in b.inner_text(".seat[data-seat='0']")
    assert not SEAT_NUMBER.search(b.inner_text("#status"))


def test_the_agincards_pass_says_no_card_fits_only_when_none_does(
    server: str, pages: Pages
) -> None:
    a, _ = two_players(server, pages)
    a.wait_for_selector("#choice button.option")
    passing = a.locator("#choice button.option", has_text="Pass")
    assert passing.count() == 1
    fits = a.locator("#choice button.option svg.card").count() > 0
    assert fits  # a fresh hand beside the seed card has a card that fits
    assert passing.inner_text().endswith("Pass this turn (keep your cards)")
    assert "no card" not in a.inner_text("#choice")
    # with only the pass legal, it says why
    label = a.evaluate(
        "window.Games.agincards.steps({kind: 'pass'}, null, [{action: {kind: 'pass'}}])[0].label"
    )
    assert label == "Pass (no card of yours fits)"


def test_agincards_scores_count_tokens_left_without_a_stray_space(
    server: str, pages: Pages
) -> None:
    """With no tokens left the line under the map read "0 tokens left ,
    hand 5": the space before the dots stayed when there were none."""
    a, _ = two_players(server, pages)
    a.wait_for_selector("ul.players li")
    assert "tokens left ●" in a.inner_text("ul.players")  # a fresh game: every token in hand
    said = a.evaluate("[0, 1, 3].map((n) => window.Games.agincards.tokensLeft(n))")
    assert said == ["0 tokens left", "1 token left ●", "3 tokens left ●●●"]


def test_crown_rivals_says_nothing_yet_alike_for_played_and_cashed(
    server: str, pages: Pages
) -> None:
    """The turn's "Played" said "nothing yet" in body text, its "Cashed" in
    the small grey of an empty row, one above the other."""
    made = create(server, "crown-rivals", ["human", "human"])
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    empties = page.locator(".cards-row.empty", has_text="nothing yet")
    assert empties.count() == 2  # Played and Cashed, the turn not begun
    styles = [
        empties.nth(i).evaluate(
            "(e) => getComputedStyle(e).fontSize + ' ' + getComputedStyle(e).color"
        )
        for i in range(2)
    ]
    assert styles[0] == styles[1]
    assert page.locator(".zone.rival .cards-row.empty", has_text="none").count() == 2


def test_the_name_form_is_gone_when_the_game_ends(server: str, pages: Pages) -> None:
    a, b = two_players(server, pages)
    a.wait_for_selector("#name-form")
    b.wait_for_selector("#name-form")
    for page in (a, b):  # every player passes in a row: the game ends
        page.locator("#choice button.option", has_text="Pass").click()
    for page in (a, b):
        page.wait_for_selector("#end:not([hidden])")
        assert page.locator("#name-form").count() == 0
        assert page.inner_text("#status").startswith("Game over")
        assert not page.title().startswith("▶")


def test_favicon_and_the_api_page_work_offline(server: str, pages: Pages) -> None:
    page = pages.new()
    outside: list[str] = []

    def only_here(route: Any) -> None:
        if route.request.url.startswith(server):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_here)
    icon = page.request.get(server + "/favicon.ico")
    assert icon.status == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    page.goto(server + "/docs")
    assert page.locator("h1").inner_text() == "Courtly API"
    assert page.locator(".api-op").count() >= 5
    assert "/api/tables" in page.inner_text("main")
    assert not outside, outside


LINES = [
    ("you takes 3H", "You take 3♥"),
    ("P1 besieges P0 with TS", "Bea besieges you with 10♠"),
    ("P0's keep falls", "Your keep falls"),
    ("P1 draws 1 card(s); you draws 2 card(s)", "Bea draws 1 card; you draw 2 cards"),
    ("you has X1 and AS", "You have Joker and A♠"),
    ("you passes", "You pass"),
]


def test_lines_name_people_use_card_symbols_and_agree(server: str, pages: Pages) -> None:
    made = create(server, "agents-of-the-crown", ["human", "easy", "easy", "easy"])
    page = pages.new()
    page.goto(made["spectate"])
    wait_ready(page)
    shown = page.evaluate(
        """(lines) => lines.map((l) => { const d = document.createElement("div");
        d.innerHTML = Cards.markup(Cards.polish(l, { you: 0, name: (n) => ["Ada", "Bea"][n] }));
        return d.textContent; })""",
        [line for line, _ in LINES],
    )
    assert shown == [want for _, want in LINES]
    # Agents of the Crown names its places as players do
    words = page.evaluate(
        "window.Games['agents-of-the-crown'].words('P1 played 9H face up at C; a card face down at table')"
    )
    assert words == "P1 played 9H face up at the ♣ challenge; a card face down at the open table"


def test_intrigue_names_its_cards_and_characters_by_their_printed_names(
    server: str, pages: Pages
) -> None:
    made = create(server, "intrigue", ["human", "easy", "easy"])
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#choice button.option")
    codes = page.evaluate("Object.keys(window.Games.intrigue.cards.deck)")
    choice = page.inner_text("#choice") + page.inner_text("#board")
    for code in codes:
        assert not re.search(rf"\b{code}\b", choice), code
    assert (
        page.evaluate("window.Games.intrigue.words('down PUB4 A; DUKE')")
        == "down Public Support A; Duke"
    )


def test_intrigue_s_face_down_cards_tell_apart_who_placed_them(server: str, pages: Pages) -> None:
    """A face-down support card's back names its owner in three characters:
    the first three of "Easy bot (seat 1)" and "Easy bot (seat 2)" were both
    "Eas"; now "E1" and "E2", "You", and a name's first three otherwise."""
    made = create(server, "intrigue", ["human", "easy", "easy"])
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    tags = page.evaluate(
        """() => {
          const names = ["You", "Easy bot (seat 1)", "Easy bot (seat 2)"];
          const ctx = { you: 0, names, seatName: (s) => names[s] };
          const other = { you: 0, names: ["You", "Ada", "Easy bot"], seatName: (s) => ["You", "Ada", "Easy bot"][s] };
          const owner = window.Games.intrigue.owner;
          return [owner(ctx, 0), owner(ctx, 1), owner(ctx, 2), owner(other, 1), owner(other, 2)];
        }"""
    )
    assert tags == ["You", "E1", "E2", "Ada", "Eas"]


def test_intrigue_s_circle_keeps_its_words_off_its_lines(server: str, pages: Pages) -> None:
    """The circle's labels sat on its lines: on the level edge between B and
    C, "Blackmail C→B" and "C Blackmailer, B Victim" were cut through by the
    arrow, and "BC: no relationship" by its dashed line; the edges from A
    ran through A's traits, written beneath it. A relationship's name now
    sits above its line and who is who below it, and A's traits and points
    beside it. (On a slanting edge a label must cross its own line: its
    halo keeps it legible, so those are not counted.)"""
    made = create(server, "intrigue", ["human", "easy", "easy"])
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    crossings = page.evaluate(
        """() => {
          const kit = window.Games.intrigue;
          const deck = kit.cards.deck || {};
          const code = Object.keys(deck).find((c) => deck[c].kind === "relationship" && deck[c].roles && deck[c].roles[0]);
          const chars = Object.keys(kit.cards.characters || {}).slice(0, 3);
          const obs = { characters: chars, character_points: [0, 0, 0], stacks: [[], [], []] };
          const full = [{ left: "A", right: "B", card: code }, { left: "C", right: "B", card: code }, { left: "C", right: "A", card: code }];
          const found = [];
          for (const relationships of [full, [null, null, null]]) {
            const box = document.createElement("div");
            box.style.width = "520px";
            box.innerHTML = kit.circle({ obs: { ...obs, relationships }, cards: kit.cards });
            document.body.appendChild(box);
            const lines = [...box.querySelectorAll("g.rel line")];
            const meets = (t, line) => {
              const b = t.getBBox();
              const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((k) => +line.getAttribute(k));
              for (let i = 0; i <= 100; i++) {
                const x = x1 + ((x2 - x1) * i) / 100, y = y1 + ((y2 - y1) * i) / 100;
                if (x >= b.x && x <= b.x + b.width && y >= b.y - 1.5 && y <= b.y + b.height + 1.5) return true;
              }
              return false;
            };
            for (const t of box.querySelectorAll("g.character text.outside")) {
              for (const line of lines) if (meets(t, line)) found.push(t.textContent);
            }
            for (const g of box.querySelectorAll("g.rel")) {
              const line = g.querySelector("line");
              if (line.getAttribute("y1") !== line.getAttribute("y2")) continue;
              for (const t of g.querySelectorAll("text")) if (meets(t, line)) found.push(t.textContent);
            }
            box.remove();
          }
          return { code, found };
        }"""
    )
    assert crossings["code"], "Intrigue has a relationship card with roles"
    assert crossings["found"] == []


def test_intrigue_s_hand_says_each_card_s_whole_text(server: str, pages: Pages) -> None:
    """A card's face holds five lines of about 19 letters: Assassination's
    text (nine lines) stopped at "uses the same color", with nothing to
    say more followed. The face now ends its fifth line with "…", and the
    hand's whole texts are written out beneath it."""
    made = create(server, "intrigue", ["human", "easy", "easy"])
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#hand-area ul.card-texts li")
    held = page.locator("#hand-area svg.card.printed").count()
    items = page.locator("#hand-area ul.card-texts li").all_inner_texts()
    assert held and len(items) == held
    deck = page.evaluate("window.Games.intrigue.cards.deck")
    for item in items:
        name, said = item.split(": ", 1)
        card = next(d for d in deck.values() if d["name"] == name)
        if card["kind"] == "relationship":  # which end is which, then its text
            assert said.startswith("a relationship") and "left end" in said, item
        else:
            assert said == card["text"], item
    face = page.evaluate(
        """() => {
          const deck = window.Games.intrigue.cards.deck;
          const code = Object.keys(deck).find((c) => deck[c].name === "Assassination");
          const box = document.createElement("div");
          box.innerHTML = window.GameKit.C.printed(code, deck[code], {});
          return [...box.querySelectorAll("text.ptext")].map((t) => t.textContent);
        }"""
    )
    assert len(face) == 5 and face[-1].endswith("…")


def test_garrison_says_your_move_not_yous(server: str, pages: Pages) -> None:
    made = create(server, "garrison", ["human", "human"])
    both = []
    for seat in made["seats"]:
        page = pages.new()
        page.goto(seat["invite"])
        wait_ready(page)
        both.append(page)
    # whoever moves first ends the turn: a reaction window opens for the other
    both[0].wait_for_selector("#choice button.option, body[data-turn='']")
    mover = both[0] if both[0].locator("#choice button.option").count() else both[1]
    mover.locator("#choice button.option", has_text="End your turn").click()
    mover.wait_for_selector(".window")
    text = mover.inner_text(".window")
    assert "after your move: end" in text and "You's" not in text


def test_auto_pass_is_a_setting_of_the_player_kept_by_the_browser(
    server: str, pages: Pages
) -> None:
    made = create(server, "garrison", ["human", "normal"])
    page, sent = opened_listening(pages, made["seats"][0]["invite"])
    box = page.locator("#auto-pass")
    assert box.is_visible() and not box.is_checked()  # off by default
    said = page.inner_text("#auto-pass-bar")
    assert "others can tell" in said  # its cost, said beside it
    assert "Spy" not in said  # in words for every game (it named Garrison's Spy at every table)
    box.check()
    page.wait_for_function("localStorage.getItem('courtly.autoPass') === 'on'")
    assert any('"auto_pass"' in f and '"on":true' in f.replace(" ", "") for f in sent)
    sent.clear()
    page.reload()  # the browser remembers it and tells the server again
    wait_ready(page)
    assert page.locator("#auto-pass").is_checked()
    page.wait_for_function("document.body.dataset.connected === 'yes'")
    assert any('"auto_pass"' in f for f in sent)


def test_a_spectator_has_no_auto_pass(server: str, pages: Pages) -> None:
    made = create(server, "garrison", ["human", "normal"])
    page = pages.new()
    page.goto(made["seats"][0]["invite"].split("?")[0])
    wait_ready(page)
    assert not page.locator("#auto-pass-bar").is_visible()


def test_auto_pass_answers_a_window_the_player_cannot_answer(server: str, pages: Pages) -> None:
    # A seat holding no Ace has no Spy: each reaction window's only move is to
    # let it pass. Only that seat knows it, so the window waits for the person
    # until they turn auto-pass on; then it is passed for them, with no click.
    game = get("garrison")
    options = QUICK["garrison"][1]
    seed = next(
        s
        for s in range(1, 500)
        if (st := game.new(players=2, seed=s, options=options)).to_act == (1,)
        and not any(c[0] == "A" for c in st.observation(0)["hand"])
    )
    made = create(server, "garrison", ["human", "normal"], seed=seed)
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    # the bot's first move opened a window that waits for us, pass being all we can do
    page.wait_for_selector("#choice button.option:has-text('Pass')")
    assert page.locator("#choice button.option").count() == 1
    assert "let it pass" not in page.inner_text("#log")
    page.locator("#auto-pass").check()
    page.wait_for_function(
        "document.querySelector('#log').innerText.includes('You let it pass')", timeout=30_000
    )


def _lines_of(game_id: str, seed: int, viewer: int) -> list[str]:
    """The log lines ``viewer`` reads in a random game, the deal's first."""
    from courtly.engine.kit_text import logged

    game = get(game_id)
    out = []
    for event in logged(game, game.default_players if game_id != "garrison" else 3, seed):
        line = game.describe(event, viewer) if event.visible_to(viewer) else None
        if line:
            out.append(line)
    return out


def test_the_browser_log_reads_like_the_terminal_for_garrison_and_intrigue(
    server: str, pages: Pages
) -> None:
    from rich.text import Text

    from courtly.engine import text

    names = ["Ada", "Bea", "Hard bot"]
    made = create(server, "intrigue", ["human", "easy", "easy"])
    page = pages.new()
    page.goto(made["spectate"])
    wait_ready(page)
    for game_id in ("garrison", "intrigue"):
        lines = _lines_of(game_id, 3, 0)[:400]
        shown = page.evaluate(
            """([lines, names]) => lines.map((l) => { const d = document.createElement("div");
            d.innerHTML = Cards.line(l, { you: 0, name: (n) => names[n] });
            return d.textContent; })""",
            [lines, names],
        )
        terminal = [Text.from_markup(text.rich(line, names.__getitem__, 0)).plain for line in lines]
        assert shown == terminal
        assert not [s for s in shown if "{" in s or "*" in s or "[" in s or SEAT_NUMBER.search(s)]
    # markup in a line is text, never HTML; emphasis is bold
    html = page.evaluate(
        "Cards.line('*turn 2*: {P1} <img src=x> {TH}', { you: 0, name: () => 'Bea' })"
    )
    assert html.startswith("<b>Turn 2</b>: Bea &lt;img") and "10♥" in html


def test_an_intrigue_table_s_log_opens_with_the_deal(server: str, pages: Pages) -> None:
    made = create(server, "intrigue", ["human", "easy", "easy"], name="Ada")
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#log li")
    first = page.locator("#log li").all_inner_texts()[:3]
    assert first[0].startswith("The Characters are "), first
    assert re.match(r"Round 1: (you|Easy bot \(seat [12]\)) to play first", first[1]), first
    assert first[2].startswith("You are dealt ") and "(only you see this)" in first[2], first
