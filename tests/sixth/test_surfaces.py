"""The sixth game on every surface: ``courtly play``, ``sim`` and ``lab``, the
bots (ISMCTS's ``hard`` level), and the reinforcement-learning adapters, with
nothing changed outside its folder but its registration."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pyspiel
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import ismcts, mcts
from pettingzoo.test import api_test
from typer.testing import CliRunner

import courtly.rl
from courtly import bots, games
from courtly.cli.app import app
from courtly.engine.records import read_records, replay
from courtly.rl import openspiel
from tests.sixth import GAME

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(
        app, list(args), input=input, catch_exceptions=False, env={"COLUMNS": "200"}
    )


def test_courtly_play_to_the_end_against_bots(registered: str, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    result = run(
        "play", registered, "--seats", "human,normal,hard@30it", "--seed", "4",
        "-o", "rounds=2", "--save", str(save), input="1\n" * 40,
    )  # fmt: skip
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "Three Tricks" in out and "Your hand" in out and "Trick:" in out
    assert "takes the trick" in out  # the game's own log lines
    assert "Game over" in out and ("Winner: " in out or "Winners: " in out)
    record = read_records(save)[0]
    assert record.game == registered and len(record.actions) == 2 * 3 * 4
    assert replay(record, games.get(registered)).scores == record.result["scores"]


def test_courtly_sim_reports_every_seat(registered: str, tmp_path: Path) -> None:
    out = tmp_path / "records.jsonl"
    result = run(
        "sim", registered, "-n", "12", "--bots", "normal,random",
        "--seed", "5", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.stdout
    assert "Three Tricks: 12 games" in result.stdout and "win share" in result.stdout
    records = read_records(out)
    assert len(records) == 12 and all(r.result for r in records)


def test_courtly_lab_runs_and_reports(registered: str, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = run("lab", registered, "-n", "4", "--jobs", "2", "-o", "rounds=1", "--out", str(out))
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert "Three Tricks" in (out / "report.html").read_text()
    assert len(read_records(out / "records.jsonl")) == 4
    assert summary


def test_the_environment_registers_it_for_a_new_process(tmp_path: Path) -> None:
    """The one line a deployment sets: ``COURTLY_GAMES`` names the module."""
    env = {**os.environ, "COURTLY_GAMES": "tests.sixth", "COLUMNS": "200"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    command = [sys.executable, "-c", "from courtly.cli.app import main; main()"]
    done = subprocess.run(
        [*command, "sim", "three-tricks", "-n", "3", "--seed", "1"],
        env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Three Tricks: 3 games" in done.stdout
    del env["COURTLY_GAMES"]
    done = subprocess.run(
        [*command, "sim", "three-tricks", "-n", "3"],
        env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode != 0 and "there is no game" in done.stdout + done.stderr


def test_the_hard_bot_searches_it_and_beats_random_play() -> None:
    """ISMCTS (``hard``) over worlds the game's sampler deals, at a fixed budget."""
    hard = bots.make("hard@60it", GAME)
    wins = 0
    for seed in range(12):
        state = GAME.new(players=2, seed=seed, options={"rounds": 1})
        rng = random.Random(seed)
        other = bots.make("random", GAME)
        while not state.over:
            seat = state.to_act[0]
            bot = hard if seat == seed % 2 else other
            state.apply(seat, bot.act(state.observation(seat), state.legal_actions(seat), rng))
        wins += seed % 2 in state.winners
    assert wins >= 8


def test_pettingzoo_api_and_an_episode(registered: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # a Dict observation, as classic games
        api_test(courtly.rl.pettingzoo_env(registered, players=3), num_cycles=200)
    env = courtly.rl.pettingzoo_env(registered, players=3, options={"rounds": 1})
    env.reset(seed=2)
    moves = 0
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        moves += 1
    assert moves == GAME.max_length(3, GAME.Options.parse({"rounds": 1}))
    assert env.courtly_state.over


def test_gymnasium_check_env_and_an_episode(registered: str) -> None:
    env = courtly.rl.gym_env(registered, seat=1, opponents=["normal", "random"], players=3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=3)
    done = False
    while not done:
        obs, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        done = terminated or truncated
    assert env.courtly_state.over and -1.0 <= reward <= 1.0


def test_openspiel_registers_it_truthfully_and_ismcts_plays_it(registered: str) -> None:
    assert openspiel.short_name(GAME) in openspiel.register()
    game = openspiel.load(registered, players=3, seed=1, rounds=1)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.max_game_length() == GAME.max_length(3, GAME.Options.parse({"rounds": 1}))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    state = game.new_initial_state()
    other = random.Random(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = bot.step(state) if state.current_player() == 0 else other.choice(legal)
        assert action in legal
        state.apply_action(action)
    assert state.courtly.over and abs(sum(state.returns())) < 1e-9
