"""The deployment files (Dockerfile, compose.yaml, deploy/nginx.conf) fit the server they start.

No container runs here: these check what a mistake in them would break. Every setting the compose
file gives an app is one the server reads (an unknown name would be silently ignored), the proxy
sends to the apps at the port the image serves on, and a real `gametable serve` started with the
compose file's environment (its hosts pointed at this machine's PostgreSQL and Redis) gets ready
and builds invite links from the public address.
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
import pytest
import typer.main
import yaml
from sqlalchemy.engine import make_url

from gametable.cli import app as cli_app
from gametable.server import config
from tests.server.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())
NGINX = (ROOT / "deploy" / "nginx.conf").read_text()
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def app_services() -> dict[str, dict]:
    """The compose services that run the image built here."""
    return {name: service for name, service in COMPOSE["services"].items() if "build" in service}


def serve_command() -> list[str]:
    cmd = re.search(r"^CMD (\[.*\])$", DOCKERFILE, re.MULTILINE)
    assert cmd, "the Dockerfile starts the server with an exec-form CMD"
    return yaml.safe_load(cmd.group(1))


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
    upstream = re.search(r"upstream gametable \{(.*?)\}", NGINX, re.DOTALL).group(1)
    servers = re.findall(r"^\s*server (\S+?):(\d+)", upstream, re.MULTILINE)
    assert sorted(host for host, _ in servers) == sorted(app_services())
    assert {p for _, p in servers} == {port}
    # a table's requests and socket reach one process: the key is the id of every table path
    key = re.search(r"~\^(\S+)\s+\$table_id;", NGINX).group(1)
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
