"""The kit's hidden-information checks catch a game made to leak.

Each test takes a real game that passes the check, changes it to leak (an event
naming a hidden card, an ``observed_as`` that tells hidden cards apart or
merges visible ones, a sampler or a deal that ignores a known fact) and shows
that the check reports it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from courtly import cards, games
from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.testing import (
    GameKit,
    Step,
    card_codes_in,
    deal_problems,
    events_showing_hidden_cards,
    information_set_problems,
    observed_as_problems,
    steps,
    steps_of,
)
from courtly.games import get
from courtly.games.agents_of_the_crown.rules import AgentsState, left

AGENTS = get("agents-of-the-crown")

Play = Callable[[AgentsState, int, Action], list[Event]]


def _leaking(monkeypatch: pytest.MonkeyPatch, play: Play) -> None:
    """Agents of the Crown made to leak: every state it makes (dealt, cloned or
    sampled) plays moves with ``play``, which calls the real rules and adds to
    their events. A subclass rather than a patched method, since the compiled
    build's ``AgentsState`` is a C extension type, which cannot be patched."""

    class Leaking(AgentsState):
        def play(self, seat: int, action: Action) -> list[Event]:
            return play(self, seat, action)

        def clone(self) -> AgentsState:
            return _as_leaking(super().clone())

    def _as_leaking(state: AgentsState) -> AgentsState:
        leaking = Leaking.__new__(Leaking)
        for name, value in state.fields().items():
            if name != "__dict__":
                setattr(leaking, name, value)
        return leaking

    dealt, sampled = type(AGENTS)._new, type(AGENTS).sample_state

    def new(self: Game, players: int, seed: int, options: Any) -> State:
        return _as_leaking(dealt(self, players, seed, options))  # type: ignore[arg-type]

    def sample(self: Game, observation: Any, rng: random.Random) -> State:
        return _as_leaking(sampled(self, observation, rng))  # type: ignore[arg-type]

    monkeypatch.setattr(type(AGENTS), "_new", new)
    monkeypatch.setattr(type(AGENTS), "sample_state", sample)


class AgentsKit(GameKit):
    """The kit for Agents of the Crown on one game (not collected on its own)."""

    game = games.get("agents-of-the-crown")
    players = 4
    deep_seeds = range(1)
    deal_seeds = range(300)


# -- card codes ---------------------------------------------------------------------
def test_card_codes_are_matched_exactly_word_by_word() -> None:
    intrigue = get("intrigue").card_codes()
    assert card_codes_in({"debt": 1, "spy": "an oracle"}, intrigue) == set()
    assert card_codes_in({"DEBT": 1, "note": "SPY, then A+3."}, intrigue) == {"DEBT", "SPY", "A+3"}
    standard = AGENTS.card_codes()
    assert card_codes_in("pass QS 4D", standard) == {"QS", "4D"}
    assert card_codes_in(["as", "such as", "tc"], standard) == set()
    assert card_codes_in({"hand": "5C,6C;7C(TH)"}, standard) == {"5C", "6C", "7C", "TH"}


# -- events ---------------------------------------------------------------------------
def test_the_kit_passes_agents_of_the_crown_as_it_is() -> None:
    kit = AgentsKit()
    kit.test_events_never_show_unseen_cards()
    kit.test_observed_as_groups_exactly_what_a_seat_cannot_tell_apart()


def test_an_event_naming_a_hidden_card_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    def peeking(self: AgentsState, seat: int, action: Action) -> list[Event]:
        events = AgentsState.play(self, seat, action)
        neighbour = self.hands[left(seat)]
        if neighbour:  # the text tells everyone a card the neighbour holds
            events.append(
                Event("peek", {"note": f"P{left(seat)} holds {cards.code(neighbour[0])}"})
            )
        return events

    _leaking(monkeypatch, peeking)
    with pytest.raises(AssertionError, match="event peek"):
        AgentsKit().test_events_never_show_unseen_cards()


def test_a_private_event_is_checked_for_the_seats_it_goes_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def telling(self: AgentsState, seat: int, action: Action) -> list[Event]:
        events = AgentsState.play(self, seat, action)
        other = left(seat)
        if self.hands[other]:
            to = frozenset((seat,))
            events.append(Event("told", {"card": cards.code(self.hands[other][0])}, to=to))
        return events

    _leaking(monkeypatch, telling)
    step = next(steps(AGENTS, 4, 0))
    found = events_showing_hidden_cards(AGENTS, step)
    assert found and all(f"by P{step.seat} " in p for p in found)
    assert "a private (to [" in found[0]


def test_an_event_may_name_cards_the_move_shows_and_then_deals_away() -> None:
    """A Year's end shows every hand, then deals new ones: the cards shown
    are hidden again after the move, yet naming them is no leak."""
    for step in steps(AGENTS, 4, 0):
        if any(e.kind == "year_scored" for e in step.events):
            named = card_codes_in([e.data for e in step.events], AGENTS.card_codes())
            assert named & step.before.hidden_from(0) & step.after.hidden_from(0)
            assert events_showing_hidden_cards(AGENTS, step) == []
            return
    raise AssertionError("no Year ended")


# -- observed_as --------------------------------------------------------------------
def test_an_observed_as_telling_face_down_cards_apart_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(type(AGENTS), "observed_as", Game.observed_as)
    with pytest.raises(AssertionError, match=r"cannot tell .* from .* but observed_as gives"):
        AgentsKit().test_observed_as_groups_exactly_what_a_seat_cannot_tell_apart()


def test_an_observed_as_merging_visible_moves_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def merged(self: Game, action: Action, actor: int, viewer: int) -> int:
        return action.id if actor == viewer else 0

    monkeypatch.setattr(type(AGENTS), "observed_as", merged)
    with pytest.raises(AssertionError, match=r"the same 0 for P.*sees them apart"):
        AgentsKit().test_observed_as_groups_exactly_what_a_seat_cannot_tell_apart()


def test_an_observed_as_not_seeing_a_seats_own_move_as_itself_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def blind(self: Game, action: Action, actor: int, viewer: int) -> int:
        return -1

    monkeypatch.setattr(type(AGENTS), "observed_as", blind)
    state = AGENTS.new(seed=1)
    found = observed_as_problems(AGENTS, state, 0, random.Random(1))
    assert any("by P0 itself is not its id" in p for p in found)


def test_the_last_of_a_simultaneous_decision_may_show_everyones_choice() -> None:
    """The last seat to commit sets off the Season's outcome, which shows every
    card at once: its face-down card is then seen, yet observed as face down."""
    for step in steps(AGENTS, 4, 0):
        if step.last_of_several and step.before.decision == "commit":
            rng = random.Random(2)
            kept = observed_as_problems(AGENTS, step.before, step.seat, rng, last_of_several=True)
            assert kept == []
            strict = observed_as_problems(AGENTS, step.before, step.seat, rng)
            assert any("sees them apart" in p for p in strict)
            return
    raise AssertionError("no commit ended a Season")


# -- information sets ----------------------------------------------------------------
def _gossiping(monkeypatch: pytest.MonkeyPatch) -> None:
    """Agents of the Crown telling everyone, after each card committed, whether
    the seat still holds a Heart: a fact its sampler knows nothing of."""

    def gossip(self: AgentsState, seat: int, action: Action) -> list[Event]:
        events = AgentsState.play(self, seat, action)
        hearts = any(c & 3 == cards.HEARTS for c in self.hands[seat])
        return [*events, Event("gossip", {"seat": seat, "hearts": hearts})]

    _leaking(monkeypatch, gossip)


def _heartless_commit() -> tuple[int, Step]:
    """A card committed face down by a seat left without Hearts (not the last
    card of its Season), in a random game (its seed), gossip or not."""
    for seed in range(20):
        for step in steps(AGENTS, 4, seed):
            a = step.action
            if (
                a.notation.startswith("down")
                and not step.last_of_several
                and not any(c & 3 == cards.HEARTS for c in step.after.hands[step.seat])
                and len(step.after.hands[step.seat]) >= 4
            ):
                after = step.after.clone()
                return seed, Step(step.index, step.before, step.seat, a, step.events, after)
    raise AssertionError("no seat ran out of Hearts")


def test_the_forward_filter_passes_agents_of_the_crown_as_it_is() -> None:
    _, step = _heartless_commit()
    for viewer in (left(step.seat), None):
        assert information_set_problems(AGENTS, step, viewer, random.Random(3)) == []


def test_a_sampler_ignoring_a_fact_the_game_told_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _gossiping(monkeypatch)
    _, step = _heartless_commit()
    assert step.events[-1].kind == "gossip" and step.events[-1].data["hearts"] is False
    viewer = left(step.seat)
    found = information_set_problems(AGENTS, step, viewer, random.Random(3))
    assert any(f"in hand{step.seat}" in p for p in found), found
    assert all(f"seen by P{viewer}" in p for p in found)


def test_the_helper_checks_a_given_line_of_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """``steps_of`` replays a chosen line of play for the forward filter, as a
    game's own tests can (here the real game's moves up to that commit)."""
    _gossiping(monkeypatch)
    seed, target = _heartless_commit()
    line = []
    for step in steps(AGENTS, 4, seed):
        line.append((step.seat, step.action.notation))
        if step.index == target.index:
            break
    last = steps_of(AGENTS.new(seed=seed), line)[-1]
    assert last.after.observation(None) == target.after.observation(None)
    assert information_set_problems(AGENTS, last, None, random.Random(4))


def test_a_deal_showing_a_fact_the_sampler_ignores_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A deal that always hands the Ace of Clubs to seat 1 (when it is not
    face up) tells everyone where it is; the sampler does not know that."""
    game = get("agincards")
    assert deal_problems(game, 2, range(200)) == []
    plain = type(game)._new
    ace = cards.card("AC")

    def dealing(self: Game, players: int, seed: int, options: Any) -> State:
        state: Any = plain(self, players, seed, options)
        if ace in state.deck:
            i = state.deck.index(ace)
            state.deck[i], state.hands[1][0] = state.hands[1][0], ace
        return state  # type: ignore[no-any-return]

    monkeypatch.setattr(type(game), "_new", dealing)
    found = deal_problems(game, 2, range(200))
    assert any("AC is in deck in none of" in p for p in found), found
    assert any("seen by the spectator" in p for p in found)
