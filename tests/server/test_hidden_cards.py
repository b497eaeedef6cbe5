"""The server's guard on hidden information: random games of every game played
at a ``Table``, and everything each seat and the spectator would be sent
checked for cards hidden from it: every update (its observation, and each log
entry's data and text) and the log of a snapshot (a viewer connecting late).

An entry may name a card that its move shows and then takes away again (hands
shown, then dealt anew), as in the engine's kit (``hidden_cards_shown``)."""

from __future__ import annotations

import random

import pytest

from courtly.engine.events import Event
from courtly.engine.testing import (
    Step,
    card_codes_in,
    events_watched,
    hidden_cards_shown,
    seats_of,
    who,
)
from courtly.games import all_games
from courtly.server.protocol import CreateTable, LogEntry, Snapshot
from courtly.server.tables import LOG_KEPT, Table

from .conftest import QUICK, RANDOM_IDS, LeakAudit

GAMES = [g.id for g in all_games()]
SEEDS = range(3)
SHORT = {**QUICK, "garrison": {**QUICK["garrison"], "max_rounds": 12}}
"""The tests' short options; Garrison capped in rounds (GAR-12) as well."""


def scanned(snap: Snapshot) -> dict[str, object]:
    """A snapshot as the scan reads it: without the table's random ids, whose
    letters can spell a card code by chance (a table called ``x-6S_abc``)."""
    return snap.model_dump(exclude=set(RANDOM_IDS))


def _indexed(events: list[Event], entries: list[LogEntry]) -> list[tuple[int, LogEntry]]:
    """Each entry with the index of the event it describes (the next one, in
    order, with its data)."""
    out = []
    position = 0
    for entry in entries:
        k = next(
            (i for i in range(position, len(events)) if events[i].to_json() == entry.event), None
        )
        if k is not None:
            out.append((k, entry))
            position = k + 1
    return out


def play_at_a_table(game_id: str, seed: int) -> list[str]:
    """A random game at a new table; what each viewer is sent, checked."""
    rng = random.Random(seed)
    game = next(g for g in all_games() if g.id == game_id)
    players = 2 if game_id == "garrison" else game.default_players
    table = Table.create(
        CreateTable(game=game_id, seats=["random"] * players, options=SHORT[game_id], seed=seed)
    )
    codes = game.card_codes()
    viewers = seats_of(table.state)
    problems: list[str] = []
    received: dict[int | None, list[tuple[int, LogEntry]]] = {v: [] for v in viewers}
    made = len(table.log)  # the deal's events open the log
    for viewer in viewers:
        snap = table.snapshot(viewer, set())
        received[viewer] = _indexed(table.log, snap.log)
        leaked = card_codes_in(scanned(snap), codes) & table.state.hidden_from(viewer)
        if leaked:
            problems.append(
                f"{game_id} seed {seed}: the first snapshot shows {who(viewer)} {leaked}"
            )
    while not table.state.over:
        seat = table.state.to_act[rng.randrange(len(table.state.to_act))]
        legal = table.state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        before = table.state.clone()
        with events_watched(table.state) as placed:
            events = table.apply(seat, action)
        table.views(events, seat)
        step = Step(len(table.state.history), before, seat, action, events, table.state)
        step.placed = placed
        where = f"{game_id} seed {seed} move {step.index} (P{seat} {action})"
        for viewer in viewers:
            update = table.update(viewer, events)
            hidden = table.state.hidden_from(viewer)
            leaked = card_codes_in(update.observation, codes) & hidden
            if leaked:
                problems.append(f"{where}: the update to {who(viewer)} shows {sorted(leaked)}")
            position = 0
            for entry in update.events:
                # the event this entry describes: the next one of the move with its data
                k = next(
                    (i for i in range(position, len(events)) if events[i].to_json() == entry.event),
                    None,
                )
                if k is None:
                    problems.append(f"{where}: {who(viewer)} is sent an entry of no event {entry}")
                    continue
                position = k + 1
                event = events[k]
                received[viewer].append((made + k, entry))
                if not event.visible_to(viewer):
                    problems.append(
                        f"{where}: {who(viewer)} is sent {event}, meant for others only"
                    )
                leaked = hidden_cards_shown(game, step, viewer, event, [entry.text, entry.event])
                if leaked:
                    problems.append(
                        f"{where}: {who(viewer)} is sent the log entry {entry.text!r} "
                        f"{entry.event} naming {sorted(leaked)}, hidden from it"
                    )
        made += len(events)
    for viewer in viewers:
        # A viewer connecting now gets, as its log, the entries it was sent.
        snap = table.snapshot(viewer, set())
        sent = [entry for n, entry in received[viewer] if n >= made - LOG_KEPT]
        assert snap.log == sent, f"{game_id}: the log of {who(viewer)} differs from its updates"
    return problems


@pytest.mark.parametrize("game_id", GAMES)
def test_no_viewer_is_sent_a_card_hidden_from_it(game_id: str) -> None:
    problems: list[str] = []
    for seed in SEEDS:
        problems += play_at_a_table(game_id, seed)
    assert not problems, "\n".join(problems[:8])


def test_the_guard_reports_a_table_sending_private_events_to_everyone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table that forgot whom each event is for: every viewer would read the
    cards another seat drew or committed face down."""

    def everything(self: Table, events: list[Event], seat: int | None) -> list[LogEntry]:
        return [
            LogEntry(text=self.game.describe(e, e.to and min(e.to)), event=e.to_json(), public=True)
            for e in events
        ]

    monkeypatch.setattr(Table, "entries", everything)
    problems = play_at_a_table("agents-of-the-crown", 0)
    assert any("meant for others only" in p for p in problems)
    assert any("naming" in p and "hidden from it" in p for p in problems), problems[:3]


def test_a_table_id_that_spells_a_card_is_not_a_leak() -> None:
    table = Table.create(CreateTable(game="agincards", seats=["random", "random"], seed=2))
    hidden = sorted(table.state.hidden_from(None))[0]
    table.id = f"x-{hidden}_yz"
    codes = table.game.card_codes()
    snap = table.snapshot(None, set())
    assert hidden in card_codes_in(snap.model_dump(), codes)  # what the old scan flagged
    assert hidden not in card_codes_in(scanned(snap), codes)


def test_the_web_play_audit_does_not_take_a_table_id_for_a_card() -> None:
    """The audit on every message of the web-play tests skips the table's ids
    as well: a table called ``x-AH_yz`` once failed a spectator's snapshot."""
    table = Table.create(CreateTable(game="agincards", seats=["random", "random"], seed=2))
    hidden = sorted(table.state.hidden_from(None))[0]
    table.id = table.rematch_id = f"x-{hidden}_yz"
    audit = LeakAudit()
    for viewer in (None, 0, 1):
        audit(table, viewer, table.snapshot(viewer, set()).model_dump())
    assert audit.checked == 3 and not audit.leaks, audit.leaks
