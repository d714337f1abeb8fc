"""The deployment files (Dockerfile, compose.yaml, deploy/nginx.conf) fit the server they start.

No container runs here (no container engine on these machines), but the deployment does: the
last test starts compose.yaml's topology from the same files (tests/server/compose_topology.py),
Debian's nginx with deploy/nginx.conf in front of two `gametable serve` processes with the
compose environment, a PostgreSQL and a Redis of the test's own; plays a game through nginx over
HTTP and WebSocket, kills the app that holds the table and plays on to the end. The others check
what a mistake in the files would break: every setting the compose file gives an app is one the
server reads (an unknown name would be silently ignored), the proxy sends to the apps at the port
the image serves on, and one `gametable serve` with the compose environment gets ready and builds
invite links from the public address.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import httpx2
import typer.main
from sqlalchemy.engine import make_url

from gametable.cli import app as cli_app
from gametable.engine import Rng
from gametable.server import config
from gametable.server.store import LogStore
from tests.server.compose_topology import (
    COMPOSE,
    NGINX,
    NGINX_SITE,
    ROOT,
    Topology,
    app_services,
    serve_command,
)
from tests.server.conftest import free_port
from tests.server.helpers import Api, play_to_end


def image_port() -> str:
    command = serve_command()
    return command[command.index("--port") + 1]


def settings_the_server_reads() -> set[str]:
    """Environment variables `gametable serve` reads: its options' and Settings.from_env's."""
    serve = typer.main.get_command(cli_app).commands["serve"]
    from_options = {param.envvar for param in serve.params if isinstance(param.envvar, str)}
    from_settings = {variable for variable, _read in config._ENVIRONMENT.values()}
    return from_options | from_settings | {"DATABASE_URL", "REDIS_URL"}


def test_every_setting_in_the_compose_file_is_one_the_server_reads():
    apps = app_services()
    assert len(apps) >= 2, "the compose file shows several app processes"
    known = settings_the_server_reads()
    for name, service in apps.items():
        unknown = set(service["environment"]) - known
        assert unknown == set(), f"{name}: the server does not read {sorted(unknown)}"
        env = service["environment"]
        assert make_url(env["DATABASE_URL"]).get_backend_name() == "postgresql"
        assert env["REDIS_URL"].startswith("redis://"), "several processes need the Redis fan-out"
        assert set(service["depends_on"]) == {"postgres", "redis"}
        # the other apps pass this one its tables' requests at its internal address: on this
        # network, the service's own name and the port the image serves on
        internal = urlsplit(env["GAMETABLE_INTERNAL_URL"])
        assert (internal.hostname, str(internal.port)) == (name, image_port())


def test_the_proxy_sends_to_every_app_at_the_port_the_image_serves_on():
    command = serve_command()
    assert command[:2] == ["gametable", "serve"]
    port = command[command.index("--port") + 1]
    assert command[command.index("--host") + 1] == "0.0.0.0"  # reachable from the proxy's container
    upstream = re.search(r"upstream gametable \{(.*?)\}", NGINX_SITE, re.DOTALL).group(1)
    servers = re.findall(r"^\s*server (\S+?):(\d+)", upstream, re.MULTILINE)
    assert sorted(host for host, _ in servers) == sorted(app_services())
    assert {p for _, p in servers} == {port}
    # a table's requests and socket reach one process: the key is the id of every table path
    key = re.search(r"~\^(\S+)\s+\$table_id;", NGINX_SITE).group(1)
    for path in ("/t/AbC-12_x", "/api/tables/AbC-12_x/actions", "/ws/tables/AbC-12_x"):
        assert re.match(key.replace("(?<table_id>", "(?P<table_id>"), path).group("table_id") == "AbC-12_x"
    assert f"{COMPOSE['services']['proxy']['ports'][0].split(':')[0]}" in \
        app_services()["app1"]["environment"]["GAMETABLE_PUBLIC_URL"]


def test_a_server_started_with_the_compose_environment_gets_ready(postgres_url):
    env = dict(app_services()["app1"]["environment"])
    # the compose file's hosts, on this machine: the test database and the local Redis
    env["DATABASE_URL"] = postgres_url
    env["REDIS_URL"] = os.environ.get("GAMETABLE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
    port = free_port()
    env["GAMETABLE_INTERNAL_URL"] = f"http://127.0.0.1:{port}"
    command = serve_command()
    command[command.index("--host") + 1] = "127.0.0.1"
    command[command.index("--port") + 1] = str(port)
    process = subprocess.Popen(
        [sys.executable, "-m", "gametable", *command[1:]],
        env={**os.environ, **{k: str(v) for k, v in env.items()}, "PYTHONPATH": str(ROOT / "src")},
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120  # a start takes long on a machine under heavy load
        while True:
            assert process.poll() is None, f"{shlex.join(command)} exited:\n{process.stdout.read()}"
            try:
                if httpx2.get(url + "/readyz", timeout=2, trust_env=False).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not get ready"
            time.sleep(0.1)
        created = httpx2.post(url + "/api/tables", trust_env=False, timeout=30, json={
            "game": "catan-on-the-road", "players": 2, "bots": [1], "name": "Ann"}).json()
        assert created["invite_url"].startswith(env["GAMETABLE_PUBLIC_URL"] + "/t/")
    finally:
        process.terminate()
        output = process.communicate(timeout=30)[0]
    # GAMETABLE_LOG_FORMAT=json: the server's own lines are JSON objects
    assert any(line.startswith("{") and '"level"' in line for line in output.splitlines()), output


def _state(message: dict) -> bool:
    return message.get("type") == "state"


def _play_some(api: Api, table_id: str, tokens: dict[int, str], actions: int) -> int:
    """Random legal actions, every other one sent over the mover's WebSocket; both seats'
    sockets follow the table. Returns the table's seq."""
    rng = Rng(7)
    sockets = {seat: api.socket(table_id, token) for seat, token in tokens.items()}
    seen = {seat: 0 for seat in tokens}  # the newest seq each socket was shown

    def reply_to(seat: int):
        def is_reply(message: dict) -> bool:
            if _state(message):
                seen[seat] = max(seen[seat], message["seq"])
            return message.get("type") in ("acted", "refused")
        return is_reply

    try:
        for sock in sockets.values():
            sock.until(_state)
        for step in range(actions):
            snapshots = {seat: api.table(table_id, token) for seat, token in tokens.items()}
            seat = rng.choice([s for s, snap in snapshots.items() if snap["legal_actions"]])
            seq, action = snapshots[seat]["seq"], rng.choice(snapshots[seat]["legal_actions"])
            if step % 2:
                sockets[seat].send({"type": "act", "id": step, "seq": seq, "action": action})
                reply = sockets[seat].until(reply_to(seat))  # after the state it made
                assert reply == {"type": "acted", "id": step, "seq": seq + 1}, reply
            else:
                assert api.act_ok(table_id, tokens[seat], seq, action) == seq + 1
        top = api.table(table_id)["seq"]
        for seat, sock in sockets.items():  # each socket is shown every change, through the proxy
            if seen[seat] < top:
                sock.until(lambda m: _state(m) and m["seq"] == top)
        return top
    finally:
        for sock in sockets.values():
            sock.close()


def _served_again(api: Api, table_id: str, token: str) -> dict:
    """The table through the proxy once another app has taken it over (its lease runs out a few
    seconds after its owner died); until then the proxy or the app answer 502-504."""
    deadline = time.monotonic() + 60
    while True:
        response = api.http.get(f"/api/tables/{table_id}", headers={"Authorization": f"Bearer {token}"})
        if response.status_code == 200:
            return response.json()
        assert response.status_code in (502, 503, 504), response.text
        assert time.monotonic() < deadline, "no app took the table over"
        time.sleep(0.2)


def test_the_compose_deployment_plays_through_nginx_and_survives_losing_an_app(tmp_path):
    assert Path(NGINX).exists(), "this test needs Debian's nginx (scripts/test.sh installs it)"
    topology = Topology(tmp_path)
    try:
        topology.start()
        with Api(topology.url) as api:
            table = api.create(game="catan-on-the-road", players=2)
            bob = api.join(table["id"])
            tid, tokens = table["id"], {0: table["token"], 1: bob["token"]}
            assert table["invite_url"] == f"{topology.url}/t/{tid}"
            assert api.http.get(f"/t/{tid}").status_code == 200  # the table's page, through the proxy
            seq = _play_some(api, tid, tokens, 12)
            owner = topology.owner_of(tid)
            topology.kill_app(owner)
            assert _served_again(api, tid, tokens[0])["seq"] == seq  # nothing answered was lost
            assert topology.owner_of(tid) != owner
            final = play_to_end(api, tid, tokens, seed=3)
            assert final["status"] == "finished"
        store = LogStore.from_url(topology.database_url())
        try:
            assert [a.seq for a in store.actions_after(tid)] == list(range(1, final["seq"] + 1))
        finally:
            store.close()
        # the proxy's access lines name the table by the start of its id only
        access = (tmp_path / "access.log").read_text()
        assert f"/api/tables/{tid[:6]}.../actions" in access and tid not in access, access[-2000:]
    finally:
        topology.stop()
