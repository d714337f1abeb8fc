"""A PostgreSQL outage during play (docs/server.md, "Durability guarantees"): a real `gametable
serve` on a private PostgreSQL that the test stops and starts again. While it is down, whatever
needs the store is answered 503 with Retry-After: 1 (an action over the WebSocket: refused 503)
and logged in one line each, never a 500 or a traceback; once it is back, play goes on and the
log holds exactly the actions that were answered."""

from __future__ import annotations

import signal
from typing import Iterator

import pytest

from gametable.server.outages import STORE_DOWN
from gametable.server.store import LogStore
from tests.server.conftest import free_port
from tests.server.helpers import Api, auth
from tests.server.private_services import PrivatePostgres
from tests.server.test_restart import ServeProcess

TAKE = {"type": "take", "count": 1}


@pytest.fixture
def postgres() -> Iterator[PrivatePostgres]:
    server = PrivatePostgres()
    server.start()
    yield server
    server.close()


def _unavailable(response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["retry-after"] == "1" and response.json() == {"detail": STORE_DOWN}


@pytest.mark.parametrize("stop_mode", ["fast", "immediate"])
def test_a_database_restart_answers_503_with_retry_after_and_play_goes_on(postgres, stop_mode):
    server = ServeProcess(postgres.url, free_port(), log_level="info")
    answered_503 = 0
    try:
        with Api(server.url) as api:
            table = api.create(players=2, options={"pile": 21})
            bob = api.join(table["id"])
            tid, tokens = table["id"], [table["token"], bob["token"]]
            seq = 0
            for turn in range(3):
                seq = api.act_ok(tid, tokens[turn % 2], seq, TAKE)
            with api.socket(tid, tokens[1]) as bob_socket:
                bob_socket.until(lambda m: m.get("type") == "state")
                postgres.stop(stop_mode)

                _unavailable(api.act(tid, tokens[1], seq, TAKE))
                _unavailable(api.act(tid, tokens[1], seq, TAKE))
                _unavailable(api.http.get(f"/api/tables/{tid}/log"))
                _unavailable(api.http.post("/api/tables", json={"game": "toy", "players": 2, "name": "Cy"}))
                _unavailable(api.http.get(f"/api/tables/{tid}", headers=auth(tokens[1])))
                answered_503 += 5
                assert api.http.get("/readyz").status_code == 503
                assert api.http.get("/api/games").status_code == 200  # needs no store
                bob_socket.send({"type": "act", "id": "x", "seq": seq, "action": TAKE})
                refused = bob_socket.until(lambda m: m.get("type") == "refused")
                assert (refused["status"], refused["retry_after"], refused["id"]) == (503, 1, "x")
                answered_503 += 1

            postgres.start()
            while (response := api.act(tid, tokens[1], seq, TAKE)).status_code != 200:
                _unavailable(response)  # the pool's connections of before the restart, if any
                answered_503 += 1
            seq = response.json()["seq"]
            for turn in range(seq, 21):
                seq = api.act_ok(tid, tokens[turn % 2], seq, TAKE)
            assert api.table(tid)["status"] == "finished"
    finally:
        server.process.send_signal(signal.SIGTERM)
        output = server.process.communicate(timeout=30)[0]
    assert "Traceback" not in output and " 500 " not in output, output
    outage_lines = [line for line in output.splitlines() if "the store is unreachable" in line]
    assert len(outage_lines) == answered_503, output  # one line for each refusal
    store = LogStore.from_url(postgres.url)
    try:
        assert [a.seq for a in store.actions_after(tid)] == list(range(1, 22))
    finally:
        store.close()
