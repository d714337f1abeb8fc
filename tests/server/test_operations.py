"""GET /healthz, /readyz and /metrics: outside the API's rate limits, cheap, and /metrics only
for this machine and only when switched on."""

from __future__ import annotations

import asyncio
import socket
import time
from dataclasses import replace

import pytest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.exc import OperationalError
from starlette.testclient import TestClient
from typer.testing import CliRunner

from gametable.cli import app as cli_app

from gametable.server import Settings, create_app
from gametable.server.store import LogStore
from gametable.server.tables import TableManager
from tests.server.conftest import CATALOG, free_port, start_server
from tests.server.helpers import Api

LOOPBACK = ("127.0.0.1", 50000)
TAKE = {"type": "take", "count": 1}


def client_for(settings: Settings, address: tuple[str, int] = LOOPBACK) -> TestClient:
    return TestClient(create_app(settings, CATALOG), client=address)


def wait_ready(client: TestClient) -> None:
    """Ready once the resume of the unfinished tables (a task of its own) is done: at once on a
    new store, in seconds on PostgreSQL, whose schema holds every earlier test's tables."""
    for _ in range(1500):
        if client.get("/readyz").status_code == 200:
            return
        time.sleep(0.02)
    raise AssertionError(client.get("/readyz").json())


def samples(text: str) -> dict[tuple[str, tuple], float]:
    """Every sample of a scrape, keyed by name and sorted labels."""
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


@pytest.fixture
def metrics_on(settings: Settings) -> Settings:
    return replace(settings, metrics=True)


# -- health and readiness -----------------------------------------------------------------


def test_health_and_readiness_are_not_rate_limited(settings):
    limited = replace(settings, rate_limits=True, rate_read="1/minute")
    with client_for(limited) as client:
        assert client.get("/api/games").status_code == 200
        assert client.get("/api/games").status_code == 429  # the limit is in force
        wait_ready(client)
        for _ in range(5):
            assert client.get("/healthz").json() == {"status": "alive"}
            assert client.get("/readyz").json() == {"status": "ready"}


def test_readiness_waits_for_the_resume_of_bot_tables(settings, monkeypatch):
    async def resume_forever(self) -> None:
        await asyncio.sleep(3600)  # cancelled when the app stops

    monkeypatch.setattr(TableManager, "_resume", resume_forever)
    with client_for(settings) as client:
        answer = client.get("/readyz")
        assert answer.status_code == 503
        assert "bringing the unfinished tables back" in answer.json()["reason"]
        assert client.get("/healthz").status_code == 200  # alive all the same


def test_readiness_fails_when_the_store_does_not_answer(settings, monkeypatch):
    with client_for(settings) as client:
        wait_ready(client)

        def down(self) -> None:
            raise OperationalError("SELECT 1", {}, Exception("connection refused"))

        monkeypatch.setattr(LogStore, "ping", down)
        answer = client.get("/readyz")
        assert answer.status_code == 503
        assert answer.json()["reason"].startswith("the store does not answer (OperationalError)")


def test_readiness_fails_while_shutting_down(settings):
    with client_for(settings) as client:
        client.app.state.draining = True
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.json()["reason"].startswith("shutting down")


# -- metrics ------------------------------------------------------------------------------


def test_metrics_are_off_by_default(settings):
    with client_for(settings) as client:
        answer = client.get("/metrics")
        assert answer.status_code == 404 and "GAMETABLE_METRICS=on" in answer.json()["detail"]


@pytest.mark.parametrize("address", ["203.0.113.7", "10.1.2.3", "2001:db8::1"])
def test_metrics_are_refused_to_other_machines(metrics_on, address):
    with client_for(metrics_on, (address, 40000)) as client:
        answer = client.get("/metrics")
        assert answer.status_code == 404 and answer.json() == {"detail": "Not Found"}


def test_metrics_count_actions_latency_and_requests_by_route_template(metrics_on):
    with client_for(metrics_on) as client:
        # (on PostgreSQL the store holds the other tests' tables, which the start brings back)
        wait_ready(client)
        resumed = len(client.app.state.manager.tables)
        created = client.post("/api/tables", json={"game": "toy", "players": 2, "name": "Ann",
                                                   "options": {"pile": 21}}).json()
        tid = created["id"]
        bob = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()
        tokens = [created["token"], bob["token"]]
        for seq in range(3):
            answer = client.post(f"/api/tables/{tid}/actions", json={"seq": seq, "action": TAKE},
                                 headers={"Authorization": f"Bearer {tokens[seq % 2]}"})
            assert answer.status_code == 200
        assert client.post(f"/api/tables/{tid}/actions", json={"seq": 0, "action": TAKE},
                           headers={"Authorization": f"Bearer {tokens[1]}"}).status_code == 409
        client.get("/no/such/page")
        scrape = client.get("/metrics")
    assert scrape.headers["content-type"].startswith("text/plain")
    found = samples(scrape.text)
    assert found[("gametable_actions_committed_total", (("game", "toy"),))] == 3
    assert found[("gametable_action_seconds_count", ())] == 3
    assert found[("gametable_commit_seconds_count", ())] >= 1
    route = "/api/tables/{table_id}/actions"
    assert found[("gametable_http_requests_total", (("method", "POST"), ("route", route), ("status", "200")))] == 3
    assert found[("gametable_http_requests_total", (("method", "POST"), ("route", route), ("status", "409")))] == 1
    assert found[("gametable_http_requests_total", (("method", "GET"), ("route", "unmatched"), ("status", "404")))] == 1
    assert found[("gametable_tables_live", ())] == resumed + 1
    assert tid not in scrape.text  # no label holds an id


def test_metrics_show_sockets_and_waiting_bot_moves(metrics_on):
    slow_bots = replace(metrics_on, bot_pause=3600)
    with client_for(slow_bots) as client:
        wait_ready(client)  # (on PostgreSQL the other tests' tables come back, bots and all)
        waiting = samples(client.get("/metrics").text)[("gametable_bot_moves_waiting", ())]
        created = client.post("/api/tables", json={"game": "toy", "players": 2, "bots": [1],
                                                   "name": "Ann", "options": {"pile": 21}}).json()
        tid = created["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as seat, \
                client.websocket_connect(f"/ws/tables/{tid}") as spectator:
            seat.send_json({"type": "hello", "token": created["token"]})
            spectator.send_json({"type": "hello"})
            assert seat.receive_json()["type"] == "state"
            assert spectator.receive_json()["type"] == "state"
            client.post(f"/api/tables/{tid}/actions", json={"seq": 0, "action": TAKE},
                        headers={"Authorization": f"Bearer {created['token']}"})
            found = samples(client.get("/metrics").text)
    assert found[("gametable_websockets", (("kind", "seat"),))] == 1
    assert found[("gametable_websockets", (("kind", "spectator"),))] == 1
    assert found[("gametable_bot_moves_waiting", ())] == waiting + 1  # the bot waits its pause


def test_metrics_count_rate_limit_refusals(metrics_on):
    limited = replace(metrics_on, rate_limits=True, rate_read="2/minute")
    with client_for(limited) as client:
        statuses = [client.get("/api/games").status_code for _ in range(3)]
        found = samples(client.get("/metrics").text)
    assert statuses == [200, 200, 429]
    assert found[("gametable_refusals_total", (("reason", "rate_limit"), ("status", "429")))] == 1


def test_metrics_count_refusals_for_the_concurrency_limit(metrics_on):
    """Beyond --max-connections uvicorn answers 503 itself, before the app: counted too."""
    server = start_server(replace(metrics_on, max_connections=16))
    held = []
    try:
        host, port = server.url.removeprefix("http://").split(":")
        for _ in range(16):
            held.append(socket.create_connection((host, int(port))))
        with socket.create_connection((host, int(port))) as extra:
            extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            assert extra.recv(100).startswith(b"HTTP/1.1 503")
        for sock in held:
            sock.close()
        held.clear()
        with Api(server.url) as api:
            for _ in range(100):  # the server notices the closed sockets in a moment
                answer = api.http.get("/metrics")
                if answer.status_code == 200:
                    break
                time.sleep(0.05)
            found = samples(answer.text)
        assert found[("gametable_refusals_total", (("reason", "busy"), ("status", "503")))] >= 1
    finally:
        for sock in held:
            sock.close()
        server.stop()


# -- settings -----------------------------------------------------------------------------

runner = CliRunner()


@pytest.mark.parametrize("args, env, expected", [
    (["serve", "--log-format", "xml"], {}, "--log-format (GAMETABLE_LOG_FORMAT) must be text or json, not 'xml'"),
    (["serve"], {"GAMETABLE_LOG_FORMAT": "yaml"}, "must be text or json"),
    (["serve", "--metrics", "yes"], {}, "--metrics (GAMETABLE_METRICS) must be on or off, not 'yes'"),
    (["serve"], {"GAMETABLE_METRICS": "1"}, "(GAMETABLE_METRICS) must be on or off, not '1'"),
])
def test_bad_metrics_and_log_format_settings_are_refused_at_start(args, env, expected, tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = runner.invoke(cli_app, args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and expected in lines[0], result.output


def test_serve_takes_metrics_and_log_format_and_drains_on_stop(tmp_path, monkeypatch):
    from gametable.server.serving import DrainingServer

    ran = []
    monkeypatch.setattr(DrainingServer, "run", lambda self, *args, **kwargs: ran.append(self))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    monkeypatch.setenv("GAMETABLE_LOG_FORMAT", "json")
    result = runner.invoke(cli_app, ["serve", "--port", str(free_port()), "--metrics", "on"])
    assert result.exit_code == 0, result.output
    served = ran[0].config.app.settings  # (the app is built once the server listens)
    assert (served.metrics, served.log_format) == (True, "json")
    assert len(ran) == 1 and isinstance(ran[0], DrainingServer)
    monkeypatch.setenv("GAMETABLE_METRICS", "off")
    assert Settings.from_env(database_url="sqlite://").metrics is False
