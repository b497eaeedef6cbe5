"""One driver, one seeding scheme (``courtly.engine.driver``): the same game,
seed and bots give the same game, record for record, on every surface that
plays bots: ``courtly sim``, ``courtly lab``, ``courtly tournament``,
``courtly play`` with bots only, the server (a table of bots only created with
a seed, and one restarted in the middle of its game), and the RL adapters
(PettingZoo, Gymnasium and OpenSpiel, their agents played by the same bots
the way the driver asks them).

Agents of the Crown is the game: four seats that often decide at once
(passes, commits), so the serving order counts as much as the bots'
generators."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import courtly.rl
from courtly import bots
from courtly.bots.base import Bot
from courtly.cli.app import app
from courtly.engine.actions import Action
from courtly.engine.driver import Driver, generator, play
from courtly.engine.game import State
from courtly.engine.records import Record, read_records
from courtly.games import get
from courtly.server.app import create_app
from courtly.server.limits import Limits

GAME = get("agents-of-the-crown")
OPTIONS = {"years": 2}
BOTS = ["normal", "random", "easy", "random"]
SEED = 11

runner = CliRunner()
LIMITS = Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000)


def cli(*args: str) -> None:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output


def the_game(seed: int = SEED, names: list[str] = BOTS) -> list[tuple[int, str]]:
    """The game the driver plays: its moves."""
    policies = [bots.make(n, GAME) for n in names]
    return play(GAME, policies, seed, OPTIONS).actions


@pytest.fixture(scope="module")
def moves() -> list[tuple[int, str]]:
    state = GAME.new(players=4, seed=SEED, options=OPTIONS)
    together: list[int] = []
    Driver(
        state,
        [bots.make(n, GAME) for n in BOTS],
        on_decision=lambda seat, legal: together.append(len(state.to_act)),
    ).run()
    # seats often decide at once (the serving order counts) and choose among many
    assert sum(1 for k in together if k > 1) > 10
    actions: list[tuple[int, str]] = state.record().actions
    assert actions == the_game() and len(actions) == 40
    return actions


def test_another_seed_or_other_bots_make_another_game(moves: list[tuple[int, str]]) -> None:
    """So the comparisons below can fail."""
    assert the_game(SEED + 1) != moves
    assert the_game(names=["random"] * 4) != moves


def test_sim(moves: list[tuple[int, str]], tmp_path: Path) -> None:
    out = tmp_path / "sim.jsonl"
    cli("sim", GAME.id, "-n", "1", "--bots", ",".join(BOTS), "--seed", str(SEED),
        "-o", "years=2", "--out", str(out))  # fmt: skip
    (record,) = read_records(out)
    assert record.seed == SEED and record.actions == moves


def test_lab(moves: list[tuple[int, str]], tmp_path: Path) -> None:
    cli("lab", GAME.id, "--bots", ",".join(BOTS), "-n", "2", "--seed", str(SEED),
        "-o", "years=2", "--out", str(tmp_path / "lab"))  # fmt: skip
    records = read_records(tmp_path / "lab" / "records.jsonl")
    (record,) = [r for r in records if r.seed == SEED]
    assert record.actions == moves


def test_tournament(tmp_path: Path) -> None:
    out = tmp_path / "tournament.jsonl"
    cli("tournament", GAME.id, "--bots", "normal,random", "-n", "3", "--seed", str(SEED),
        "-o", "years=2", "--out", str(out))  # fmt: skip
    records = read_records(out)
    assert [r.seed for r in records] == [SEED, SEED + 1, SEED + 2]
    for record in records:
        assert record.actions == the_game(record.seed, record.meta["bots"])


def test_terminal_play_with_bots_only(moves: list[tuple[int, str]], tmp_path: Path) -> None:
    out = tmp_path / "play.json"
    cli("play", GAME.id, "--seats", ",".join(BOTS), "--seed", str(SEED),
        "-o", "years=2", "--save", str(out))  # fmt: skip
    (record,) = read_records(out)
    assert record.seed == SEED and record.actions == moves


def _server_table(client: TestClient) -> str:
    body = {"game": GAME.id, "seats": BOTS, "options": OPTIONS, "seed": SEED}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    table: str = r.json()["table"]["id"]
    return table


def _finished(client: TestClient, table: str) -> Record:
    deadline = time.monotonic() + 60
    while not client.get(f"/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return Record.from_json(client.get(f"/api/tables/{table}/record").json())


def test_the_server_s_bots(moves: list[tuple[int, str]], tmp_path: Path) -> None:
    with TestClient(create_app(str(tmp_path / "c.db"), limits=LIMITS)) as client:
        record = _finished(client, _server_table(client))
    assert record.seed == SEED and record.actions == moves


def test_the_server_s_bots_across_a_restart(moves: list[tuple[int, str]], tmp_path: Path) -> None:
    """Each decision's generator follows from the seed and the move number, so
    a server restarted in the middle of the game plays on the same game."""
    db = str(tmp_path / "c.db")
    with TestClient(create_app(db, limits=LIMITS, bot_pace=0.02)) as client:
        table = _server_table(client)
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table}").json()["seq"] < 10:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert not client.get(f"/api/tables/{table}").json()["over"]
    with TestClient(create_app(db, limits=LIMITS)) as client:
        record = _finished(client, table)
    assert record.actions == moves


def _as_the_driver_asks(bot: Bot, state: State, seat: int) -> Action:
    """``bot``'s move for ``seat`` as the driver would ask it."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    rng = generator(state.seed, seat, len(state.history))
    return bot.act(state.observation(seat), legal, rng)


def _seats() -> list[Bot]:
    return [bots.make(n, GAME) for n in BOTS]


def test_pettingzoo(moves: list[tuple[int, str]]) -> None:
    env = courtly.rl.pettingzoo_env(GAME.id, options=OPTIONS)
    env.reset(seed=SEED)
    seats = _seats()
    for agent in env.agent_iter():
        _obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert env.courtly_state is not None
        env.step(_as_the_driver_asks(seats[seat], env.courtly_state, seat).id)
    assert env.courtly_state is not None and env.courtly_state.record().actions == moves


def test_gymnasium() -> None:
    """The agent (seat 0) plays as its bot would: the game ``play`` plays from
    the game seed the environment drew."""
    env = courtly.rl.gym_env(GAME.id, seat=0, opponents=BOTS[1:], options=OPTIONS)
    env.reset(seed=SEED)
    me = bots.make(BOTS[0], GAME)
    done = False
    while not done:
        assert env.courtly_state is not None
        action = _as_the_driver_asks(me, env.courtly_state, 0)
        _obs, _reward, done, _cut, _info = env.step(action.id)
    state = env.courtly_state
    assert state is not None and state.over
    assert state.record().actions == the_game(state.seed)


def test_openspiel() -> None:
    from courtly.rl import openspiel

    game = openspiel.load(GAME.id, **OPTIONS, seed=SEED)
    spiel = game.new_initial_state()
    seats = _seats()
    while not spiel.is_terminal():
        seat = spiel.current_player()
        spiel.apply_action(_as_the_driver_asks(seats[seat], spiel.courtly, seat).id)
    state = spiel.courtly
    assert state.record().actions == the_game(state.seed)


def test_a_seat_played_from_outside_waits_its_turn() -> None:
    """The driver plays the bots until a seat it has no policy for is served,
    and that seat's move comes from outside (as an RL agent's)."""
    state = GAME.new(players=4, seed=SEED, options=OPTIONS)
    seats: list[Bot | None] = list(_seats())
    me = seats[2]
    assert me is not None
    seats[2] = None
    driver = Driver(state, seats)
    outside = 0
    while not state.over:
        driver.run()
        if driver.waiting_for() == 2:
            driver.submit(2, _as_the_driver_asks(me, state, 2))
            outside += 1
    assert outside > 3 and state.record().actions == the_game()
