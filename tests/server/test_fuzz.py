"""Fuzzing: generated HTTP requests from the OpenAPI schema (which documents
every error answer) and generated websocket messages. Nothing may answer 5xx or
an undocumented status, drop a connection or change a game it should not."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from courtly.server.app import create_app
from courtly.server.limits import Limits

from ..serving import serving
from .conftest import create

LIMITS = Limits(rate=1e6, burst=10**6, create_rate=1e6, create_burst=10**6)


def test_generated_requests_get_documented_answers_and_no_server_error(tmp_path: Path) -> None:
    """Schemathesis draws requests for every /api operation from the OpenAPI
    schema; each answer must be documented there (status and body) and no 5xx."""
    checked = 0
    with serving(create_app(str(tmp_path / "fuzz.db"), limits=LIMITS)) as url:
        schema = schemathesis.openapi.from_url(f"{url}/openapi.json").include(path_regex="^/api/")
        for result in schema.get_all_operations():
            operation = result.ok()

            @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
            @given(operation.as_strategy())
            def call(case: Any) -> None:
                # Whether a schema-valid body names a real game, seat or option
                # is the game's to say (a 400 with the reason), not the schema's.
                case.call_and_validate(excluded_checks=[positive_data_acceptance])

            call()
            checked += 1
    assert checked >= 9  # every /api operation


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
MESSAGES = (
    JSON
    | st.fixed_dictionaries({"type": st.sampled_from(["act", "chat", "back", "ping", "hint", "x"])})
    | st.fixed_dictionaries(
        {"type": st.just("act"), "action": JSON, "seq": st.integers() | st.text(max_size=3)}
    )
    | st.fixed_dictionaries({"type": st.just("chat"), "text": JSON})
)


def test_generated_websocket_messages_are_refused_or_answered_never_dropped(
    tmp_path: Path,
) -> None:
    """Every frame gets an answer (a refusal, a pong, a hint, an update), the
    connection stays, and the only changes to the game are legal actions."""
    with TestClient(create_app(str(tmp_path / "ws.db"), limits=LIMITS)) as client:
        made = create(client, "garrison", ["human", "human"])
        table, tok = made["table"]["id"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
            first = ws.receive_json()
            assert first["type"] == "snapshot"

            @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
            @given(MESSAGES, st.booleans())
            def one(message: Any, as_bytes: bool) -> None:
                text = json.dumps(message)
                if as_bytes:
                    ws.send_bytes(text.encode())
                else:
                    ws.send_text(text)
                ws.send_json({"type": "ping"})
                while True:
                    got = ws.receive_json()
                    assert got["type"] in {"refused", "pong", "update", "chat", "seats", "hint"}
                    if got["type"] == "pong":
                        break

            one()
            live = client.app.state.hub.tables[table]  # type: ignore[attr-defined]
            for seat, action_id in live.table.state.history:
                assert seat in (0, 1) and isinstance(action_id, int)
