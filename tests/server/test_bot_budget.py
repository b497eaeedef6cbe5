"""Bots that never keep people waiting: a thinking budget per turn, forced
moves played at once only when that tells nothing, and a worker pool shared
fairly between tables, whose searches think less rather than queue.

The server's pool is replaced by one that records what each search is given
and answers at once, and the pace of a bot's hidden decisions is recorded, not
waited, so nothing here depends on the machine's speed."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from courtly.bots.base import publicly_forced
from courtly.engine.game import State
from courtly.engine.records import Record
from courtly.games import get
from courtly.server.acting import QUICK_PACE
from courtly.server.app import create_app
from courtly.server.bots import (
    MIN_THINK,
    QUICK_STAND_IN,
    SEARCHING,
    SHARE,
    THINK_CAP,
    TURN_BUDGET,
    BotPool,
    FairSlots,
    fair_think,
    turn_think,
)
from courtly.server.limits import Limits
from courtly.server.live import Hub

from .conftest import create


class Recording(BotPool):
    """A pool whose bots answer at once with their first legal move, noting the
    seconds each search was given, by seat."""

    def __init__(self) -> None:
        super().__init__()
        self.given: list[tuple[int, str, float]] = []

    async def choose(
        self,
        game_id: str,
        name: str,
        observation: Mapping[str, Any],
        legal_ids: list[int],
        seed: int,
        seconds: float | None,
        table: str = "",
        lineup: list[str | None] | None = None,
    ) -> int:
        self.given.append((observation["seat"], name, seconds or 0.0))
        return legal_ids[0]


@pytest.fixture
def recording() -> Recording:
    return Recording()


@pytest.fixture
def client(
    db_path: Path, recording: Recording, monkeypatch: pytest.MonkeyPatch
) -> Iterator[TestClient]:
    async def unpaced(hub: Any, seconds: float) -> None:
        pass  # a hidden decision's pace (tested below) would make every game here slow

    monkeypatch.setattr(Hub, "_pace", unpaced)
    app = create_app(
        str(db_path),
        pool=recording,
        limits=Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000),
    )
    with TestClient(app) as c:
        yield c


# -- the budget of a turn ------------------------------------------------------------------


def test_the_decisions_of_one_turn_share_the_turn_budget() -> None:
    spent, given = 0.0, []
    for _ in range(12):  # a long turn of many decisions
        seconds = turn_think(1.0, spent)
        given.append(seconds)
        spent += seconds
    assert given[0] == 1.0 and given[1] == 0.5  # the first ones think as the table asks
    assert sum(given) <= TURN_BUDGET  # however many decisions, within the budget
    assert all(g >= MIN_THINK for g in given if g) and given[-1] == 0  # then no search
    assert turn_think(0.1, 0.0) == 0.1 and turn_think(9.0, 0.0) == THINK_CAP


def test_a_search_keeps_its_deadline_and_thinks_less_while_others_wait() -> None:
    assert fair_think(1.0, waited=0.0, waiting=0, slots=1) == 1.0
    assert fair_think(1.0, waited=0.4, waiting=0, slots=1) == pytest.approx(0.6)
    assert fair_think(1.0, waited=0.0, waiting=3, slots=1) == 0.25
    assert fair_think(1.0, waited=2.0, waiting=0, slots=1) == MIN_THINK


def test_a_bots_turn_within_the_budget_at_a_table(client: TestClient, recording: Recording) -> None:
    made = create(client, "crown-rivals", ["hard", "hard"], think=1.0, seed=5)
    table = made["table"]["id"]
    deadline = time.monotonic() + 60
    while not client.get(f"/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
    game = get("crown-rivals")
    state = game.new(record.players, record.seed, record.options)
    turns: list[list[float]] = []
    given = iter(recording.given)
    last = None
    for seat, notation in record.actions:
        searched = len(state.legal_actions(seat)) > 1
        if seat != last:
            turns.append([])
            last = seat
        if searched:
            asked_by, name, seconds = next(given)
            assert asked_by == seat
            if name in SEARCHING:
                turns[-1].append(seconds)
            else:  # the turn's budget was spent: the heuristic played
                assert name == QUICK_STAND_IN and sum(turns[-1]) + MIN_THINK / SHARE > TURN_BUDGET
        state.apply(seat, notation)
    assert next(given, None) is None  # every search accounted for
    longest = max(turns, key=len)
    assert len(longest) >= 3 and sum(longest) > THINK_CAP  # turns long enough to matter
    assert all(sum(t) <= TURN_BUDGET for t in turns), max(sum(t) for t in turns)


# -- forced moves --------------------------------------------------------------------------


def forced_positions(game_id: str, games: int = 20) -> Iterator[tuple[State, int]]:
    """Positions of random games where a seat to act has one legal move."""
    game = get(game_id)
    rng = random.Random(7)
    for seed in range(games):
        state = game.new(seed=seed)
        while not state.over and len(state.history) < 300:
            seat = state.to_act[rng.randrange(len(state.to_act))]
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                yield state.clone(), seat
            state.apply(seat, legal[rng.randrange(len(legal))])


def test_a_forced_move_that_only_its_seat_can_know_is_not_public() -> None:
    # Garrison's reaction windows: a seat without a Spy can only pass, but the
    # others cannot see whether it holds one.
    game = get("garrison")
    verdicts = [publicly_forced(s, seat) for s, seat in forced_positions("garrison")]
    assert False in verdicts
    for state, seat in forced_positions("garrison", 4):
        if not publicly_forced(state, seat):
            world_moves = {
                len(w.legal_actions(seat))
                for w in (
                    game.sample_state(state.observation(None), random.Random(k)) for k in range(50)
                )
                if seat in w.to_act
            }
            assert world_moves - {1}, "a world where the seat had a choice"
            break


def test_a_forced_move_is_judged_by_the_rules_not_by_sampled_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Sixteen worlds drawn from a spectator's view once judged it: when all of
    # them happened to leave the seat no Spy, a hidden hand's pass was made at
    # once, and its speed told the table the seat held none. Now even worlds
    # that all agree (here: the true position itself) prove nothing.
    game = get("garrison")
    monkeypatch.setattr(type(game), "sample_state", lambda self, obs, rng: state.clone())
    hidden = [
        (state, seat)
        for state, seat in forced_positions("garrison", 4)
        if any(c not in state.known[seat] for c in state.hands[seat])  # type: ignore[attr-defined]
    ]
    assert hidden
    for state, seat in hidden:
        assert not publicly_forced(state, seat)


def test_a_forced_move_everyone_can_see_is_public() -> None:
    for game_id in ("crown-rivals", "garrison", "agincards"):
        game = get(game_id)
        verdicts = [publicly_forced(s, seat) for s, seat in forced_positions(game_id)]
        assert True in verdicts, game_id
        # and what is public holds in every world a spectator could imagine
        for state, seat in forced_positions(game_id, 3):
            if publicly_forced(state, seat):
                for k in range(8):
                    world = game.sample_state(state.observation(None), random.Random(k))
                    if seat in world.to_act:
                        assert len(world.legal_actions(seat)) == 1, game_id
    # Crown Rivals' forced moves are all in plain sight (an empty hand's end)
    assert all(publicly_forced(s, seat) for s, seat in forced_positions("crown-rivals"))


def test_a_bot_plays_a_public_forced_move_without_searching(
    client: TestClient, recording: Recording
) -> None:
    record, forced = bots_play_to_the_end(client)
    assert forced > 0
    assert len(recording.given) == len(record.actions) - forced


def test_a_private_forced_move_takes_as_long_as_a_search(
    client: TestClient, recording: Recording, monkeypatch: pytest.MonkeyPatch
) -> None:
    slept: list[float] = []

    async def pace(hub: Any, seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(Hub, "_pace", pace)
    monkeypatch.setattr("courtly.server.acting.publicly_forced", lambda *a: False)
    record, forced = bots_play_to_the_end(client)
    assert len(recording.given) == len(record.actions) - forced  # forced: never searched
    # ...but each waited what a search of that moment would have had (the quick
    # heuristic's pace once the turn's budget is spent and it plays on)
    assert len(slept) == len(record.actions) and forced
    assert all(s > 0 for s in slept)


@pytest.mark.parametrize("bots", [["hard", "hard"], ["normal", "random"]])
def test_a_bot_s_hidden_decision_ends_when_its_think_does_choice_or_not(
    client: TestClient, recording: Recording, monkeypatch: pytest.MonkeyPatch, bots: list[str]
) -> None:
    """A bot's answer came at once when it had no choice and later when it
    had one (a search stops at 90% of its think, or at its iterations' ceiling:
    Garrison's `hard` took 0.6-0.9 s of a second; a heuristic's choice goes
    through a thread): in a Garrison window its speed told the table whether
    it held a Spy. Every decision the table cannot foresee now ends when the
    bot's think does (a quick bot's: ``QUICK_PACE``), what its choice took off
    the wait. Here searches answer at once, so each waits about its whole think."""
    log: list[tuple[str, str, float]] = []
    choose = recording.choose

    async def chosen(game_id: str, name: str, *args: Any, **kwargs: Any) -> int:
        log.append(("chose", name, args[3] or 0.0))
        return await choose(game_id, name, *args, **kwargs)

    async def pace(hub: Any, seconds: float) -> None:
        log.append(("waited", "", seconds))

    monkeypatch.setattr(recording, "choose", chosen)
    monkeypatch.setattr(Hub, "_pace", pace)
    monkeypatch.setattr("courtly.server.acting.publicly_forced", lambda *a: False)
    record, forced = bots_play_to_the_end(client, bots)
    waits = [(log[i - 1] if i and log[i - 1][0] == "chose" else None, w)
             for i, (kind, _, w) in enumerate(log) if kind == "waited"]  # fmt: skip
    assert len(waits) == len(record.actions) and forced  # every decision, chosen or forced
    assert sum(before is None for before, _ in waits) == forced
    for before, wait in waits:
        if before is None:  # forced: the think it would have had, at once
            assert 0 < wait <= THINK_CAP
        elif before[1] in SEARCHING:  # searched (here at once): the rest of its think
            assert before[2] - 0.5 < wait <= before[2]
        else:  # a quick bot's choice: the rest of its pace
            assert wait <= QUICK_PACE
    if "hard" in bots:
        assert any(before and before[1] in SEARCHING for before, _ in waits)


def bots_play_to_the_end(client: TestClient, bots: list[str] | None = None) -> tuple[Record, int]:
    """Two bots (``hard`` by default) play a Crown Rivals table to the end: its
    record, and how many of its moves were forced (a single legal move)."""
    made = create(client, "crown-rivals", bots or ["hard", "hard"], think=1.0, seed=5)
    table = made["table"]["id"]
    deadline = time.monotonic() + 60
    while not client.get(f"/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
    game = get("crown-rivals")
    state = game.new(record.players, record.seed, record.options)
    forced = 0
    for seat, notation in record.actions:
        forced += len(state.legal_actions(seat)) == 1
        state.apply(seat, notation)
    return record, forced


# -- a fair pool ---------------------------------------------------------------------------


def test_searches_are_served_table_by_table() -> None:
    async def run() -> list[str]:
        slots = FairSlots(1)
        served: list[str] = []

        async def search(table: str, tag: str) -> None:
            await slots.acquire(table)
            served.append(tag)
            await asyncio.sleep(0)
            slots.release()

        await slots.acquire("busy")  # a search under way at a busy table
        tasks = [asyncio.create_task(search("busy", f"busy{k}")) for k in range(4)]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(search("quiet", "quiet")))
        await asyncio.sleep(0)
        assert slots.waiting() == 5
        slots.release()
        await asyncio.gather(*tasks)
        return served

    served = asyncio.run(run())
    # first come first served would make the quiet table wait for all four
    assert served.index("quiet") == 1, served


def test_a_search_cancelled_while_waiting_gives_its_place_back() -> None:
    async def run() -> tuple[int, int]:
        slots = FairSlots(1)
        await slots.acquire("a")
        waiter = asyncio.create_task(slots.acquire("b"))
        await asyncio.sleep(0)
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
        slots.release()
        return slots.free, slots.waiting()

    assert asyncio.run(run()) == (1, 0)


def test_a_table_of_bots_only_plays_at_a_pace_people_can_watch(database: str) -> None:
    """``courtly serve`` paces a bots-only table (``live.WATCH_PACE``): with a
    0.25 s pace, two seconds hold at most nine moves, where unpaced random
    bots would finish a whole game (a slow machine only makes fewer)."""
    limits = Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000)
    with TestClient(create_app(database, limits=limits, bot_pace=0.25)) as client:
        r = client.post("/api/tables", json={"game": "crown-rivals", "seats": ["random", "random"]})
        assert r.status_code == 201, r.text
        table = r.json()["table"]["id"]

        def seq() -> int:
            return int(client.get(f"/api/tables/{table}").json()["seq"])

        deadline = time.monotonic() + 30
        while seq() == 0 and time.monotonic() < deadline:  # the bots have begun
            time.sleep(0.05)
        first = seq()
        time.sleep(2.0)
        assert first > 0 and seq() - first <= 9, (first, seq())
