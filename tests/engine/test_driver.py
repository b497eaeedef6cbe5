"""The driver's seeding scheme and its generator (``courtly.engine.driver``);
``tests/test_one_driver.py`` plays one game on every surface."""

from __future__ import annotations

import copy
import pickle
import random

from courtly import bots
from courtly.engine.driver import (
    Driver,
    Generator,
    decision_seed,
    generator,
    play,
    served,
    serving_order,
)
from courtly.engine.game import Game
from courtly.games import get

AOC = get("agents-of-the-crown")


def draws(rng: random.Random) -> list[object]:
    """Some of every kind of draw a bot or a search makes."""
    deck = list(range(20))
    rng.shuffle(deck)
    return [
        rng.random(),
        rng.randrange(7),
        rng.getrandbits(40),
        rng.choice("abcdef"),
        rng.sample(range(100), 5),
        deck,
        rng.uniform(1, 2),
        rng.gauss(0, 1),
        rng.randint(1, 6),
        rng.choices("xyz", k=4),
        rng.randbytes(3),
    ]


def test_a_generator_draws_what_random_random_of_its_seed_draws() -> None:
    for seed in (0, 7, decision_seed(11, 2, 40), 2**64 - 1):
        assert draws(Generator(seed)) == draws(random.Random(seed))
    # whichever draw comes first
    first, plain = Generator(5), random.Random(5)
    assert first.randrange(1000) == plain.randrange(1000)
    assert [first.random() for _ in range(3)] == [plain.random() for _ in range(3)]
    # its state, copies and explicit seeds, before and after drawing
    assert Generator(9).getstate() == random.Random(9).getstate()
    moved = Generator(9)
    moved.random()
    twin = random.Random()
    twin.setstate(moved.getstate())
    assert twin.random() == moved.random()
    copied = copy.deepcopy(moved)
    assert copied.random() == moved.random()
    assert pickle.loads(pickle.dumps(moved)).random() == moved.random()
    reseeded = Generator(1)
    reseeded.seed(3)
    assert reseeded.random() == random.Random(3).random()
    restored = Generator(1)
    restored.setstate(random.Random(4).getstate())
    assert restored.random() == random.Random(4).random()


def test_a_decision_s_generator_follows_from_the_seed_the_seat_and_the_move() -> None:
    assert generator(11, 1, 5).random() == generator(11, 1, 5).random()
    seeds = {decision_seed(s, seat, n) for s in (11, 12) for seat in range(4) for n in (0, 1)}
    assert len(seeds) == 16  # nearby seeds, seats and moves: unrelated generators
    assert decision_seed(11, 1, 5) != 11 * 1_000_003 + 1  # not the seed, nor near it


def test_the_serving_order_is_drawn_from_the_seed_and_the_move() -> None:
    state = AOC.new(players=4, seed=11, options={"years": 1})
    assert len(state.to_act) == 4  # all pass at once
    order = serving_order(state)
    assert sorted(order) == [0, 1, 2, 3] and served(state) == order[0]
    assert serving_order(state) == order and serving_order(state, 11, 0) == order
    firsts = {served(AOC.new(players=4, seed=s, options={"years": 1})) for s in range(40)}
    assert firsts == {0, 1, 2, 3}  # any of them may be served first
    later = {served(state, 11, n) for n in range(40)}
    assert later == {0, 1, 2, 3}  # and it changes from move to move


def test_a_forced_decision_is_not_asked() -> None:
    class Counting:  # wraps a bot: a compiled bot class takes no interpreted subclass
        asked = 0
        needs_observation = False

        def __init__(self, game: Game) -> None:
            self.inner = bots.RandomBot(game)

        def act(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            assert len(legal) > 1, "asked to choose among one move"
            Counting.asked += 1
            return self.inner.act(observation, legal, rng)

    game = get("garrison")
    state = game.new(players=3, seed=2, options={"length": "quick"})
    forced: list[int] = []
    driver = Driver(state, [Counting(game) for _ in range(3)])
    driver.on_move = lambda move: forced.append(move.choices == 1)
    driver.run()
    assert state.over and any(forced) and Counting.asked == forced.count(False)


def test_play_gives_the_record_that_replays_the_game() -> None:
    from courtly.engine.records import replay

    record = play(AOC, [bots.make("random", AOC) for _ in range(4)], 3, {"years": 1})
    assert record.seed == 3 and record.result is not None
    assert replay(record, AOC).scores == record.result["scores"]


def test_a_decision_s_generator_is_random_random_of_its_decision_seed() -> None:
    """What the server's bots are given (``random.Random(decision_seed(...))``
    in a worker process) draws what the driver's generator draws."""
    for seat, n in ((0, 0), (3, 17)):
        expected = draws(random.Random(decision_seed(11, seat, n)))
        assert draws(generator(11, seat, n)) == expected
        assert draws(Generator(decision=(11, seat, n))) == expected
