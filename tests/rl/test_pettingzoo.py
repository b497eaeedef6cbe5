"""PettingZoo: every game and player count passes PettingZoo's own API and seed
tests; simultaneous seats are served one at a time without seeing each other."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils import wrappers
from rich.text import Text

import courtly.rl
from courtly.engine.errors import CourtlyError, IllegalAction, OptionError
from tests.rl.cases import EVERY_COUNT, options


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_pettingzoo_api_and_seed_tests(game_id: str, players: int) -> None:
    opts = options(game_id, players)
    with warnings.catch_warnings():
        # PettingZoo warns that a Dict observation is not a Box, as for its own classic games
        warnings.simplefilter("ignore", UserWarning)
        api_test(courtly.rl.pettingzoo_env(game_id, players=players, options=opts), num_cycles=300)
        seed_test(
            lambda: courtly.rl.pettingzoo_env(game_id, players=players, options=opts),
            num_cycles=300,
        )


def _play(env, seed: int) -> tuple[list[str], dict[str, float]]:
    env.reset(seed=seed)
    order, total = [], {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        order.append(agent)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[len(order) % len(legal)]))
    return order, total


def test_a_game_ends_with_rank_rewards_that_sum_to_zero() -> None:
    env = courtly.rl.pettingzoo_env("intrigue")
    order, total = _play(env, seed=5)
    assert len(order) > 20 and not env.agents
    ranks = env.courtly_state.ranks()
    for i, agent in enumerate(env.possible_agents):
        assert total[agent] == pytest.approx(1 - (ranks[i] - 1))  # three seats: 1, 0, -1
    assert abs(sum(total.values())) < 1e-9
    assert all(-1.0 <= r <= 1.0 for r in total.values())


def test_the_serving_order_of_simultaneous_seats_comes_from_the_seed() -> None:
    env = courtly.rl.pettingzoo_env("agents-of-the-crown", options={"years": 1})
    firsts = set()
    for seed in range(6):
        env.reset(seed=seed)
        firsts.add(env.agent_selection)
        env.reset(seed=seed)
        again = env.agent_selection
        assert again == env.agent_selection
    assert len(firsts) > 1  # all four pass at once: any of them may be served first


def test_only_the_agent_being_served_has_actions_in_its_mask() -> None:
    """Where all four seats pass at once, the waiting seats' masks are empty
    until each is served."""
    env = courtly.rl.pettingzoo_env("agents-of-the-crown", options={"years": 1})
    env.reset(seed=5)
    assert len(env.courtly_state.to_act) == 4
    for _ in range(4):
        served = env.agent_selection
        masks = {agent: env.observe(agent)["action_mask"].any() for agent in env.agents}
        assert masks == {agent: agent == served for agent in env.agents}
        env.step(int(np.flatnonzero(env.observe(served)["action_mask"])[0]))


def test_an_earlier_commit_of_the_same_phase_stays_hidden() -> None:
    env = courtly.rl.pettingzoo_env("agents-of-the-crown", options={"years": 1})
    env.reset(seed=3)
    while env.courtly_state.decision != "commit":
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    first = env.agent_selection
    waiting = set(env.courtly_state.to_act)
    obs, *_ = env.last()
    # a face-down commit: what the next seat is shown must not depend on its card
    notation = {
        int(a): env.game.action(int(a)).notation for a in np.flatnonzero(obs["action_mask"])
    }
    downs = [
        a for a, text in notation.items() if text.startswith("down") and text.endswith("table")
    ]
    assert len({notation[a] for a in downs[:2]}) == 2  # two different cards, same placement
    seen = []
    for a in downs[:2]:
        twin = courtly.rl.pettingzoo_env("agents-of-the-crown", options={"years": 1})
        twin.reset(seed=3)
        for seat, aid in env.courtly_state.history:
            twin.courtly_state.apply(seat, aid)
        twin.agent_selection = first  # the serving order follows from the seed and moves
        twin.step(int(a))
        nxt = twin.agent_selection
        assert nxt != first and int(nxt.split("_")[1]) in waiting
        seen.append(twin.observe(nxt)["observation"])
    assert len(seen) == 2 and np.array_equal(seen[0], seen[1])


def test_bad_input_gets_clear_errors() -> None:
    with pytest.raises(OptionError, match="2 to 6 players"):
        courtly.rl.pettingzoo_env("garrison", players=9)
    env = courtly.rl.pettingzoo_env("crown-rivals")
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        env.step(illegal)


def test_an_action_that_is_not_an_integer_id_is_refused_as_gymnasium_refuses_it() -> None:
    """``step(3.7)`` and ``step("3")`` were read as action 3."""
    env = courtly.rl.pettingzoo_env("crown-rivals")
    env.reset(seed=1)
    obs, *_ = env.last()
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    before = list(env.courtly_state.history)
    for bad in (legal + 0.5, str(legal), True):
        with pytest.raises(
            CourtlyError, match=r"is not an action id: give an integer from 0 to 720"
        ):
            env.step(bad)
    assert env.courtly_state.history == before  # nothing was played
    env.step(np.int64(legal))  # a NumPy integer is an id
    assert len(env.courtly_state.history) == len(before) + 1


def test_pettingzoo_s_wrappers_keep_their_state_method_and_reach_the_courtly_state() -> None:
    """The Courtly state was ``env.state``, hiding ``AECEnv.state()``: PettingZoo's
    wrappers then called the state itself (``'CrownState' object is not callable``)."""
    wrapped = wrappers.OrderEnforcingWrapper(courtly.rl.pettingzoo_env("crown-rivals"))
    wrapped.reset(seed=1)
    assert callable(wrapped.state)
    with pytest.raises(NotImplementedError):
        wrapped.state()  # no global state is offered: PettingZoo's own default
    assert wrapped.unwrapped.courtly_state.seed == 1


def test_ansi_render_shows_the_spectators_table() -> None:
    """As the terminal shows it: colours as ANSI codes, never Rich's markup
    (it returned ``[bold]Crown Rivals[/]`` as it was)."""
    env = courtly.rl.pettingzoo_env("crown-rivals", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text
    hand = env.courtly_state.observation(0)["hand"]
    plain = Text.from_markup(env.game.render(env.courtly_state.observation(None))).plain
    assert re.sub(r"\x1b\[[0-9;]*m", "", text).rstrip("\n") == plain.rstrip("\n")
    assert "\x1b[" in text and "[/" not in text
    assert env.courtly_state.observation(None).get("hand") is None and hand


def test_human_render_prints_the_table_as_the_game_goes(capsys: pytest.CaptureFixture[str]) -> None:
    env = courtly.rl.pettingzoo_env("crown-rivals", render_mode="human")
    env.reset(seed=1)
    first = capsys.readouterr().out
    assert "Crown Rivals" in first and "[/" not in first
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "Crown Rivals" in capsys.readouterr().out
    assert env.render() is None


@pytest.mark.parametrize("game_id", sorted({g for g, _ in EVERY_COUNT}))
def test_pettingzoo_render_test(game_id: str) -> None:
    """PettingZoo's own render test: every mode the environment declares."""
    render_test(
        lambda render_mode=None: courtly.rl.pettingzoo_env(game_id, render_mode=render_mode)
    )


def test_a_render_mode_it_has_not_is_refused_with_the_ones_it_has() -> None:
    with pytest.raises(OptionError, match="render_mode='rgb_array': choose one of ansi, human"):
        courtly.rl.pettingzoo_env("crown-rivals", render_mode="rgb_array")


def test_garrison_s_reaction_windows_ask_one_seat_at_a_time() -> None:
    """As docs/rl.md says: only Agents of the Crown awaits several seats at
    once; a Garrison window asks one seat, hidden from the others."""
    env = courtly.rl.pettingzoo_env("garrison", players=4, options={"max_rounds": 2})
    env.reset(seed=6)
    windows = 0
    while not env.courtly_state.over:
        seat = int(env.agent_selection.split("_")[1])
        assert list(env.courtly_state.to_act) == [seat]
        if env.courtly_state.observation(seat)["window"]:
            windows += 1
            others = [s for s in range(4) if s != seat]
            assert all(env.courtly_state.observation(s)["to_act"] == [] for s in others)
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[-1]))
    assert windows > 5
