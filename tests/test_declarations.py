"""Every game's declaration (``Game``) holds what the surfaces read: its
plug-ins load and are what their slots say, its quick options and stacking
options are options it has, its maximum length holds for its quick game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import courtly.server
from courtly import games
from courtly.bots.base import Bot
from courtly.bots.guard import Guard
from courtly.bots.tuning import Spec
from courtly.engine import plugins
from courtly.engine.errors import CourtlyError
from courtly.engine.game import Game

GAMES = games.all_games()
STATIC = Path(courtly.server.__file__).parent / "static"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_plug_in_a_game_names_loads_and_is_what_its_slot_says(game: Game) -> None:
    named = game.plugins.named()
    optional = {"guard", "outcome"}  # a game that names none gets the search's own
    assert set(named) - optional == {"heuristic", "evaluation", "tuning", "scripted", "encoding"}
    if "guard" in named:
        assert isinstance(plugins.load(named["guard"]), Guard)
    if "outcome" in named:
        over = game.new(seed=1)
        rng = random.Random(1)
        while not over.over:
            over.apply(over.to_act[0], over.random_action(over.to_act[0], rng), quiet=True)
        values = plugins.load(named["outcome"])(over)
        assert len(values) == over.players and all(0.0 <= v <= 1.0 for v in values)
    greedy = plugins.load(named["heuristic"])
    assert issubclass(greedy, Bot) and isinstance(greedy(game), Bot)
    scripted = plugins.load(named["scripted"])
    assert scripted and all(issubclass(b, Bot) for b in scripted.values())
    spec = plugins.load(named["tuning"])
    assert isinstance(spec, Spec) and set(spec.start) == set(spec.steps)
    state = game.new(seed=1)
    values = plugins.load(named["evaluation"])(state)
    assert len(values) == state.players and all(0.0 <= v <= 1.0 for v in values)
    assert callable(plugins.load(named["encoding"]))
    assert game.plugins.page_script is not None
    assert (STATIC / game.plugins.page_script).is_file()


@pytest.mark.parametrize("game", [g for g in GAMES if g.waivers], ids=lambda g: g.id)
def test_a_waiver_is_legal_in_every_decision_it_is_declared_for(game: Game) -> None:
    """``Game.waivers``: in each decision it names, the move that lets the
    move pass is legal for every seat asked (``courtly play``'s ``pass all``
    plays it for them), and the decision does arise."""
    met = 0
    for seed in range(4):
        state, rng = game.new(seed=seed), random.Random(seed)
        while not state.over:
            for seat in state.to_act:
                waiver = game.waivers.get(state.decision or "")
                if waiver is not None:
                    met += 1
                    assert game.parse_action(waiver) in state.legal_actions(seat)
            seat = state.to_act[0]
            state.apply(seat, state.random_action(seat, rng), quiet=True)
    assert met


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_quick_and_stacking_options_are_options_of_the_game(game: Game) -> None:
    fields = set(game.Options.model_fields)
    assert set(game.quick) <= fields and game.stacking() <= fields
    quick = game.new(seed=3, options=game.quick)
    for name in game.stacking():
        assert name not in quick.observation(0)["options"]  # a stacked deal is never shown
    rng = random.Random(3)
    moves = 0
    while not quick.over:
        seat = quick.to_act[0]
        quick.apply(seat, quick.random_action(seat, rng), quiet=True)
        moves += 1
    assert moves <= game.max_length(quick.players, quick.options)
    assert game.score_name and game.icon
    assert game.information in ("perfect", "imperfect")


def test_only_intrigue_has_custom_faces_and_its_characters_do_not_stack_a_deal() -> None:
    intrigue = games.get("intrigue")
    assert intrigue.stacking() == {"deck"}
    assert set(intrigue.faces()) == {"deck", "characters"}
    assert all(g.faces() == {} for g in GAMES if g is not intrigue)
    assert all(g.stacking() == {"deck"} for g in GAMES)


def test_a_game_that_declares_nothing_gets_the_defaults_and_a_clear_refusal() -> None:
    from courtly import bots
    from courtly.bots.evaluation import evaluation_for
    from courtly.rl.encoding import writer_for

    class Bare(type(games.get("garrison"))):  # type: ignore[misc]
        id = "bare"
        plugins = plugins.PlugIns()
        quick = {}

    bare = Bare()
    assert bots.greedy_for(bare) is None and bots.scripted_for(bare) == {}
    assert "greedy" not in bots.names(bare) and evaluation_for(bare) is None
    with pytest.raises(CourtlyError, match="no encoding"):
        writer_for(bare)
    assert Game.max_length(bare, 2, None) == 100_000
    assert Game.faces(bare) == {} and Game.score_name == "score"
    with pytest.raises(CourtlyError, match="module:attribute"):
        plugins.load("courtly.bots.greedy")
    with pytest.raises(CourtlyError, match="has no"):
        plugins.load("courtly.bots.base:Nothing")
