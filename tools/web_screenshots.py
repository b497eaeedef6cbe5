"""Screenshots of the browser pages for docs/screenshots/: every game's table
at 390 px (a phone) and 1366 px (a laptop), the lobby and a replay.

    PYTHONPATH=src python tools/web_screenshots.py [--out docs/screenshots] [--chromium /usr/bin/chromium]

It serves a fresh app on a free port, seats a player against easy bots, clicks
a few moves so the table has something on it, and photographs the page.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.serving import serving  # noqa: E402
from tests.web.conftest import QUICK, step, wait_ready  # noqa: E402

from courtly.server.app import create_app  # noqa: E402
from courtly.server.limits import Limits  # noqa: E402

CLICKS = {
    "agincards": 30,
    "crown-rivals": 12,
    "garrison": 8,
    "intrigue": 3,
    "agents-of-the-crown": 6,
}
WIDTHS = {"": 1366, "-390": 390}


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        out: dict[str, Any] = json.loads(r.read())
        return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--games", default=",".join(sorted(QUICK)))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "shots.db"
    app = create_app(
        str(db), limits=Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000)
    )
    with serving(app) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
        names = ["Ada", "Bea", "Cyd", "Dot"]
        for game in args.games.split(","):
            players, options = QUICK[game]
            seats = ["human"] + ["easy"] * (players - 1)
            made = post(
                url + "/api/tables",
                {"game": game, "seats": seats, "options": options, "name": names[0]},
            )
            ctx = browser.new_context(viewport={"width": 1366, "height": 900})
            page: Page = ctx.new_page()
            page.goto(made["seats"][0]["invite"])
            wait_ready(page)
            for clicks in range(CLICKS.get(game, 6)):
                if not step(page, prefer_table=clicks % 3 == 1, prefer_end=clicks % 4 == 3):
                    break
            page.wait_for_selector("#choice button.option, #end:not([hidden])", timeout=30000)
            page.wait_for_timeout(1200)
            for suffix, width in WIDTHS.items():
                page.set_viewport_size({"width": width, "height": 900 if width > 500 else 844})
                page.wait_for_timeout(400)
                page.screenshot(path=str(out / f"{game}{suffix}.png"), full_page=True)
            ctx.close()
        for suffix, width in WIDTHS.items():
            ctx = browser.new_context(viewport={"width": width, "height": 900})
            page = ctx.new_page()
            page.goto(url + "/")
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / f"lobby{suffix}.png"), full_page=True)
            ctx.close()
        # a replay: a short game among bots, shown a few steps from its end
        made = post(
            url + "/api/tables",
            {"game": "garrison", "seats": ["easy", "easy"], "options": QUICK["garrison"][1]},
        )
        table = made["table"]["id"]
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{url}/api/tables/{table}/replay", timeout=10) as r:
                    steps = len(json.loads(r.read())["frames"]) - 1
                break
            except urllib.error.HTTPError:
                time.sleep(0.2)
        for suffix, width in WIDTHS.items():
            ctx = browser.new_context(viewport={"width": width, "height": 900})
            page = ctx.new_page()
            page.goto(f"{url}/replay/{table}?seat=0#{max(0, steps - 3)}")
            page.wait_for_selector("body[data-step]")
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / f"replay{suffix}.png"), full_page=True)
            ctx.close()
        browser.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main()
