"""``pass_all``: a hand holding a Spy is asked in every Garrison reaction
window; one message lets the window pass and each after it, until the seat's
own turn, the way a clicked Pass goes (stored, sent, timed), and tells the
other seats nothing but the passes themselves."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient

from courtly import bots
from courtly.engine.driver import Driver
from courtly.games import get

from .conftest import QUICK, LeakAudit, create
from .shared import stored_actions

Message = dict[str, Any]


class Reader:
    """A websocket's messages, read without ever blocking for good: each
    round pings and reads up to the pong, so a server that never sends what
    is awaited fails the test instead of hanging it."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.waiting: deque[Message] = deque()
        self.seen: list[Message] = []

    def round(self) -> list[Message]:
        self.ws.send_json({"type": "ping"})
        got = []
        while (msg := self.ws.receive_json())["type"] != "pong":
            got.append(msg)
        return got

    def until(
        self,
        test: Callable[[Message], bool],
        seconds: float = 20.0,
        meanwhile: Callable[[], None] | None = None,
    ) -> Message:
        """The next message that passes ``test``; those before it go to
        ``seen``. ``meanwhile`` is called between rounds (another seat's part)."""
        deadline = time.monotonic() + seconds
        while True:
            if meanwhile is not None:
                meanwhile()
            while self.waiting:
                msg = self.waiting.popleft()
                self.seen.append(msg)
                if test(msg):
                    return msg
            if time.monotonic() > deadline:
                raise AssertionError(f"not sent in {seconds} s; last: {self.seen[-3:]}")
            self.waiting.extend(self.round())
            time.sleep(0.02)

    def quiet(self, seconds: float) -> list[Message]:
        """Everything sent over ``seconds``."""
        deadline = time.monotonic() + seconds
        got = list(self.waiting)
        self.waiting.clear()
        while time.monotonic() < deadline:
            got.extend(self.round())
            time.sleep(0.05)
        self.seen.extend(got)
        return got


def asked(decision: str) -> Callable[[Message], bool]:
    """A view that asks the seat a decision of that kind."""
    return lambda m: (
        m["type"] in ("snapshot", "update")
        and bool(m["legal"])
        and m["observation"]["decision"] == decision
    )


def windows_before_turn(seed: int, options: dict[str, Any]) -> int | None:
    """How many windows seat 0 of a two-player deal is asked, passing each,
    before its own first turn, with seat 1 a ``normal`` bot that moves first
    (played as the server plays it: the driver's seeding); None when the
    deal does not start so, or the bot wins first."""
    game = get("garrison")
    state = game.new(players=2, seed=seed, options=options)
    if state.to_act != (1,):
        return None
    bot = bots.make("normal", game)
    bot.meet([None, "normal"])
    driver = Driver(state, [None, bot])
    windows = 0
    while not state.over:
        if 0 not in state.to_act:
            driver.step()
        elif state.decision == "reaction":
            windows += 1
            driver.submit(0, game.parse_action("pass"))
        else:
            return windows
    return None


def spy_seed(options: dict[str, Any]) -> int:
    """A deal whose seat 0 holds the Thug (the Ace of Clubs, a spy it may
    always play in a window: each window of its is a choice, which waits for
    the person) and is asked two windows or more before its own first turn."""
    game = get("garrison")
    return next(
        s
        for s in range(1, 500)
        if "AC" in game.new(players=2, seed=s, options=options).observation(0)["hand"]
        and (windows_before_turn(s, options) or 0) >= 2
    )


def own_turn_seed() -> int:
    """A two-player deal whose seat 0 moves first."""
    game = get("garrison")
    return next(
        s
        for s in range(1, 500)
        if game.new(players=2, seed=s, options=QUICK["garrison"]).to_act == (0,)
    )


def passed_until_turn(me: Reader) -> tuple[Message, list[Message], list[Message], Message]:
    """Seat 0 sends ``pass_all`` in the first window it is asked and reads on
    to its own turn: the window, every message between, the seat's moves
    among them (each a pass made for it, none refused) and the turn's view."""
    window = me.until(asked("reaction"))  # the bot's first move
    me.ws.send_json({"type": "pass_all", "seq": window["seq"]})
    start = len(me.seen)
    turn = me.until(asked("turn"))
    between = me.seen[start:]
    assert not [m for m in between if m["type"] == "refused"]
    passes = [m for m in between if m.get("yours")]
    assert all(m["yours"] == "pass" and not m["by_bot"] for m in passes)
    return window, between, passes, turn


def test_pass_all_lets_every_window_pass_until_the_seat_s_own_turn(
    client: TestClient, database: str, audit: LeakAudit
) -> None:
    seed = spy_seed(QUICK["garrison"])
    made = create(client, "garrison", ["human", "normal"], seed=seed)
    table, token = made["table"]["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        me = Reader(ws)
        window, between, passes, turn = passed_until_turn(me)
        assert len(window["legal"]) > 1  # the Thug may answer it: the person is asked
        # the window it was sent in, and each one after it, with no further message
        later = [m for m in between if asked("reaction")(m)]
        assert len(later) >= 1 and len(passes) == len(later) + 1
        assert len(passes) == windows_before_turn(seed, QUICK["garrison"])
        assert turn is passes[-1]  # the last window's pass ended the bot's turn
        # the passes are stored as the seat's own moves, as a clicked Pass is
        mine = [notation for _, seat, notation in stored_actions(database, table) if seat == 0]
        assert mine == ["pass"] * len(passes)
        live = client.app.state.hub.tables[table]  # type: ignore[attr-defined]
        assert live.passing == set()  # its own turn ended it
        # its turn is asked as usual: nothing is made for it
        assert not [m for m in me.quiet(0.5) if m.get("yours")]
        end = next(a for a in turn["legal"] if a["notation"] == "end")
        ws.send_json({"type": "act", "action": end["id"], "seq": turn["seq"]})
        me.until(lambda m: m.get("yours") == "end")
        # the bot's next move asks again, and the window waits for the person
        again = me.until(asked("reaction"))
        assert len(again["legal"]) > 1
        assert not [m for m in me.quiet(1.0) if m.get("yours")]
        assert [s for _, s, _ in stored_actions(database, table)].count(0) == len(passes) + 1
    assert audit.checked


@dataclass
class Pair:
    """Two people at a Garrison table of the long game: the one to move
    (``mover``, at seat ``mover_seat``) declares trades, which win nothing,
    and the other (``passer``) answers their windows."""

    made: Message
    url: str
    tokens: list[str]
    mover_seat: int
    mover: Reader
    passer: Reader
    first: Message  # the mover's first view
    live: Any

    def declare(self, view: Message, ending: bool = False) -> None:
        """The mover's move in ``view``: a trade, or ending the turn."""
        moves = [x for x in view["legal"] if (x["notation"] == "end") == ending]
        moves.sort(key=lambda x: not x["notation"].startswith("trade"))
        self.mover.ws.send_json({"type": "act", "action": moves[0]["id"], "seq": view["seq"]})

    def passing_from_the_first_window(self) -> None:
        """The mover's first trade; the passer sends ``pass_all`` in its window."""
        self.declare(self.first)
        window = self.passer.until(asked("reaction"))
        self.passer.ws.send_json({"type": "pass_all", "seq": window["seq"]})
        self.passer.until(lambda m: m.get("yours") == "pass")


@contextmanager
def two_people(client: TestClient) -> Iterator[Pair]:
    made = create(client, "garrison", ["human", "human"], options={"length": "long"})
    table = made["table"]["id"]
    tokens = [s["token"] for s in made["seats"]]
    url = f"/ws/tables/{table}?token="
    with (
        client.websocket_connect(url + tokens[0]) as a,
        client.websocket_connect(url + tokens[1]) as b,
    ):
        readers = [Reader(a), Reader(b)]
        firsts = [r.until(lambda m: m["type"] == "snapshot") for r in readers]
        seat = 0 if firsts[0]["legal"] else 1
        live = client.app.state.hub.tables[table]  # type: ignore[attr-defined]
        yield Pair(made, url, tokens, seat, readers[seat], readers[1 - seat], firsts[seat], live)


def test_the_passes_survive_a_reload_and_tell_the_other_seat_nothing_more(
    client: TestClient, audit: LeakAudit
) -> None:
    # Two people: the one to move declares moves, the other passes them all.
    with two_people(client) as pair:
        mover, passer, mover_seat, live = pair.mover, pair.passer, pair.mover_seat, pair.live
        url, tokens, declare = pair.url, pair.tokens, pair.declare
        pair.passing_from_the_first_window()
        declare(mover.until(asked("turn")))  # a second move: its window passes by itself
        passer.until(asked("reaction"))
        passer.until(lambda m: m.get("yours") == "pass")
        assert live.passing == {1 - mover_seat}
        # a reload: the snapshot says the passes are on, to this seat alone
        with client.websocket_connect(url + tokens[1 - mover_seat]) as again:
            assert Reader(again).until(lambda m: m["type"] == "snapshot")["passing"] is True
        with client.websocket_connect(url + tokens[mover_seat]) as watched:
            assert Reader(watched).until(lambda m: m["type"] == "snapshot")["passing"] is False
        declare(mover.until(asked("turn")), ending=True)

        def mover_passes() -> None:  # a window of the mover's own (a Joker's, say)
            for m in mover.round():
                mover.seen.append(m)
                if asked("reaction")(m):
                    mover.ws.send_json({"type": "act", "action": "pass", "seq": m["seq"]})

        # the window of the end let pass, then its own turn
        passer.until(asked("turn"), meanwhile=mover_passes)
        assert live.passing == set()
        with client.websocket_connect(url + tokens[1 - mover_seat]) as later:
            assert Reader(later).until(lambda m: m["type"] == "snapshot")["passing"] is False
        # the mover was told of the moves' outcomes, never of the passes or the setting
        for msg in mover.seen:
            assert not msg.get("passing") and "pass_all" not in str(msg), msg
    assert audit.checked


def test_pass_all_off_stops_the_passes_and_the_next_window_asks_again(
    client: TestClient,
) -> None:
    """``{"type": "pass_all", "on": false}`` before the seat's turn: nothing
    more is let pass for it; the next window waits for the person."""
    with two_people(client) as pair:
        passer, mover, live = pair.passer, pair.mover, pair.live
        pair.passing_from_the_first_window()
        assert live.passing == {1 - pair.mover_seat}
        passer.ws.send_json({"type": "pass_all", "on": False})
        passer.round()  # the message is read before the pong
        assert live.passing == set()
        pair.declare(mover.until(asked("turn")))
        window = passer.until(asked("reaction"))
        assert not [m for m in passer.quiet(0.5) if m.get("yours")]  # asked, not passed
        assert not [m for m in passer.seen if m["type"] == "refused"]
        passer.ws.send_json({"type": "act", "action": "pass", "seq": window["seq"]})
        passer.until(lambda m: m.get("yours") == "pass")


def test_pass_all_is_refused_where_it_lets_nothing_pass(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["garrison"]["waivers"] == {"reaction": "pass"}
    assert games["crown-rivals"]["waivers"] == {}

    def refusal(made: Message, seat: int | None) -> Message:
        token = "" if seat is None else f"?token={made['seats'][seat]['token']}"
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}{token}") as ws:
            reader = Reader(ws)
            reader.until(lambda m: m["type"] == "snapshot")
            ws.send_json({"type": "pass_all"})
            no = reader.until(lambda m: m["type"] == "refused")
            assert not [m for m in reader.quiet(0.3) if m.get("yours")]  # nothing was played
            return no

    # a spectator
    garrison = create(client, "garrison", ["human", "normal"], seed=own_turn_seed())
    no = refusal(garrison, None)
    assert no["code"] == "spectator" and "invite link" in no["reason"]
    # a decision of its own: its turn
    no = refusal(garrison, 0)
    assert no["code"] == "illegal" and no["about"] == "pass_all"
    assert "'reaction'" in no["reason"] and "('turn') is your own" in no["reason"]
    assert "act" in no["reason"]
    assert stored_moves(client, garrison) == 0
    # no decision at all: the other person's turn
    two = create(client, "garrison", ["human", "human"])
    snap = client.app.state.hub.tables[two["table"]["id"]].table.state  # type: ignore[attr-defined]
    waiting = 1 - snap.to_act[0]
    no = refusal(two, waiting)
    assert no["code"] == "not_your_turn" and no["about"] == "pass_all"
    assert "no decision to make now" in no["reason"]
    # a game with nothing to let pass
    rivals = create(client, "crown-rivals", ["human", "human"])
    state = client.app.state.hub.tables[rivals["table"]["id"]].table.state  # type: ignore[attr-defined]
    no = refusal(rivals, state.to_act[0])
    assert no["code"] == "illegal" and "Crown Rivals has none" in no["reason"]
    # a malformed one names the message and its field
    with client.websocket_connect(f"/ws/tables/{rivals['table']['id']}") as ws:
        reader = Reader(ws)
        ws.send_json({"type": "pass_all", "seq": "3"})
        no = reader.until(lambda m: m["type"] == "refused")
    assert (
        no["code"] == "bad_message" and "pass_all (optional seq; on false stops it)" in no["reason"]
    )


def stored_moves(client: TestClient, made: Message) -> int:
    live = client.app.state.hub.tables[made["table"]["id"]]  # type: ignore[attr-defined]
    return len(live.table.state.history)


def test_a_pass_that_cannot_be_stored_stops_the_passes_and_says_so(
    client: TestClient, monkeypatch: Any
) -> None:
    """A pass made for a seat by ``pass_all`` whose write fails (the disk is
    full) is not played; the passes stop, the seat alone is told why and to
    answer the window itself, and once the disk has room its own answer
    counts (``_passes_stopped``)."""
    from courtly.server.db import Store

    from .test_faults import disk_full

    with two_people(client) as pair:
        passer, mover, live, made = pair.passer, pair.mover, pair.live, pair.made
        passer_seat = 1 - pair.mover_seat
        pair.passing_from_the_first_window()
        assert live.passing == {passer_seat}
        stored = stored_moves(client, made)
        # the passer's writes fail from now on; the mover's go through
        original = Store.add_action

        def full_for_the_passer(self: Store, new: Any, txn: Any = None) -> None:
            if new.seat == passer_seat:
                disk_full()
            original(self, new, txn)

        monkeypatch.setattr(Store, "add_action", full_for_the_passer)
        pair.declare(mover.until(asked("turn")))
        again = passer.until(asked("reaction"))
        told = passer.until(lambda m: m["type"] == "refused")
        assert told["about"] == "pass_all" and told["code"] == "server_error"
        assert "passing until your turn stopped" in told["reason"]
        assert told["reason"].endswith("answer this one yourself")
        assert live.passing == set()
        # the window waits for the person: nothing more is played for it
        assert not [m for m in passer.quiet(0.5) if m.get("yours")]
        assert stored_moves(client, made) == stored + 1  # the mover's move alone
        assert not [m for m in mover.seen if m["type"] == "refused"]  # told nothing of it
        # the disk has room again: the person's own pass is played and stored
        monkeypatch.undo()
        passer.ws.send_json({"type": "act", "action": "pass", "seq": again["seq"]})
        passer.until(lambda m: m.get("yours") == "pass")
        assert stored_moves(client, made) == stored + 2


def test_pass_all_sent_to_one_server_passes_windows_of_a_table_another_runs(
    pg_url: str,
) -> None:
    """Two servers on one PostgreSQL database: A made the table and runs its
    bot; the person plays on B and sends ``pass_all`` there. B keeps the
    passes and makes each as the window reaches it (from A's bot), until the
    seat's own turn; every pass is stored once, as the seat's own move."""
    from courtly.server.app import create_app

    from .shared import LIMITS

    seed = spy_seed(QUICK["garrison"])
    with (
        TestClient(create_app(pg_url, limits=LIMITS)) as a,
        TestClient(create_app(pg_url, limits=LIMITS)) as b,
    ):
        made = create(a, "garrison", ["human", "normal"], seed=seed)
        table, token = made["table"]["id"], made["seats"][0]["token"]
        with b.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
            _, _, passes, turn = passed_until_turn(Reader(ws))
            assert len(passes) == windows_before_turn(seed, QUICK["garrison"])
            assert turn is passes[-1]
            lives = [c.app.state.hub.tables[table] for c in (a, b)]  # type: ignore[attr-defined]
            assert lives[0].owner and not lives[1].owner  # A runs the table, B keeps the passes
            assert lives[0].passing == lives[1].passing == set()  # its turn ended them
        mine = [notation for _, seat, notation in stored_actions(pg_url, table) if seat == 0]
        assert mine == ["pass"] * len(passes)
