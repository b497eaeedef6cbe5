"""The checks the suite makes of every game, made of the sixth: its
observations carry the engine's envelope, its log lines read as words, its
random actions and the engine's default sampler (the game has no
``Sampler`` of its own, which the compiled engine would not let an interpreted
game subclass) keep the engine's contract, its state keeps its
fields in slots, the bots read only its observations, and its quick options
are options it has. (Registered for the whole run, by ``COURTLY_GAMES``, it
passes each where the suite asks it of every game; these call them for it.)"""

from __future__ import annotations

import pytest

from tests import test_declarations as declarations
from tests import test_no_game_in_surfaces as surfaces
from tests.bots import test_fairness as fairness
from tests.engine import test_contract as contract
from tests.engine import test_envelope as envelope
from tests.engine import test_log_lines as log_lines
from tests.engine import test_random_action as random_action
from tests.engine import test_sampler as sampler
from tests.sixth import GAME

BY_ID = [
    contract.test_a_snapshot_sees_every_field_of_a_state,
    contract.test_every_field_of_a_state_is_a_slot,
    envelope.test_every_observation_carries_the_envelope,
    log_lines.test_every_line_reads_as_words_not_data,
    random_action.test_random_actions_are_legal_and_change_nothing,
    random_action.test_random_actions_are_uniform_over_the_legal_ones,
    sampler.test_a_sampler_deals_the_worlds_sample_state_deals,
]


@pytest.mark.parametrize("check", BY_ID, ids=lambda f: f.__name__)
def test_the_check_of_every_game(check, registered: str) -> None:  # type: ignore[no-untyped-def]
    check(registered)


@pytest.mark.parametrize("name", fairness.BOTS)
def test_bots_read_only_its_observations(name: str) -> None:
    fairness.test_a_bots_choice_depends_only_on_its_observation(GAME, name)


def test_its_quick_options_are_options_it_has() -> None:
    declarations.test_quick_and_stacking_options_are_options_of_the_game(GAME)


def test_the_surface_check_leaves_its_plug_ins_to_its_own_folder(registered: str) -> None:
    """The check that no surface names a game reads Courtly's plug-ins only:
    this game keeps its own (bots, encoding) in its folder, no surface."""
    own = surfaces._own_modules()
    assert own and all(path.is_relative_to(surfaces.SRC) for path in own)
    assert registered not in own.values()
