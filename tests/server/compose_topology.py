"""compose.yaml's deployment without containers, from the same files: nginx with
deploy/nginx.conf, the app services' `gametable serve` (the Dockerfile's command, the compose
environment), PostgreSQL and Redis; every host name of the files pointed at a loopback port of
this machine, and nothing else changed.

What is rewritten, and only that: the upstream servers (app1:8000 -> 127.0.0.1:<port>), the
proxy's listen port and access-log path, the apps' --host/--port, and the host:port of each URL
in the apps' environment (the database, Redis, the internal and public addresses). nginx runs
with a main file of the nginx image's shape (worker, events, an http block including the
site file), its pid, error log and temporary files in the test's folder.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx2
import yaml
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.server.conftest import free_port
from tests.server.private_services import PrivatePostgres, PrivateRedis, wait_for

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())
NGINX_SITE = (ROOT / "deploy" / "nginx.conf").read_text()
DOCKERFILE = (ROOT / "Dockerfile").read_text()
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def app_services() -> dict[str, dict]:
    """The compose services that run the image built here."""
    return {name: service for name, service in COMPOSE["services"].items() if "build" in service}


def serve_command() -> list[str]:
    cmd = re.search(r"^CMD (\[.*\])$", DOCKERFILE, re.MULTILINE)
    assert cmd, "the Dockerfile starts the server with an exec-form CMD"
    return yaml.safe_load(cmd.group(1))


def _repoint(url: str, port: int) -> str:
    """``url`` with its host and port made 127.0.0.1:<port> (user, path and query kept)."""
    parts = urlsplit(url)
    user = parts.netloc.rpartition("@")[0]
    netloc = f"{user}@127.0.0.1:{port}" if user else f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=netloc))


class Topology:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.postgres = PrivatePostgres()
        self.redis = PrivateRedis()
        self.app_ports = {name: free_port() for name in app_services()}
        self.proxy_port = free_port()
        self.url = f"http://127.0.0.1:{self.proxy_port}"
        self.apps: dict[str, subprocess.Popen] = {}
        self.proxy: subprocess.Popen | None = None

    # -- the services -------------------------------------------------------------------------

    def start(self) -> None:
        self.postgres.start()
        self._create_database()
        self.redis.start()
        for name in self.app_ports:
            self.start_app(name)
        for name in self.app_ports:
            self.wait_ready(name)
        self.start_proxy()

    def _create_database(self) -> None:
        """What the postgres image does with its POSTGRES_* environment."""
        env = COMPOSE["services"]["postgres"]["environment"]
        admin = create_engine(self.postgres.url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            password = env["POSTGRES_PASSWORD"].replace("'", "''")  # DDL takes no parameters
            conn.execute(text(f"CREATE ROLE \"{env['POSTGRES_USER']}\" LOGIN PASSWORD '{password}'"))
            conn.execute(text(f"CREATE DATABASE \"{env['POSTGRES_DB']}\" OWNER \"{env['POSTGRES_USER']}\""))
        admin.dispose()

    def app_environment(self, name: str) -> dict[str, str]:
        env = {key: str(value) for key, value in app_services()[name]["environment"].items()}
        env["DATABASE_URL"] = _repoint(env["DATABASE_URL"], self.postgres.port)
        env["REDIS_URL"] = _repoint(env["REDIS_URL"], self.redis.port)
        env["GAMETABLE_INTERNAL_URL"] = _repoint(env["GAMETABLE_INTERNAL_URL"], self.app_ports[name])
        env["GAMETABLE_PUBLIC_URL"] = _repoint(env["GAMETABLE_PUBLIC_URL"], self.proxy_port)
        return env

    def database_url(self) -> str:
        return str(make_url(self.app_environment(next(iter(self.app_ports)))["DATABASE_URL"])
                   .set(drivername="postgresql+psycopg").render_as_string(hide_password=False))

    def start_app(self, name: str) -> None:
        command = serve_command()
        command[command.index("--host") + 1] = "127.0.0.1"
        command[command.index("--port") + 1] = str(self.app_ports[name])
        assert command[0] == "gametable"
        base = {k: v for k, v in os.environ.items() if not k.startswith(("GAMETABLE_", "DATABASE_URL", "REDIS_URL"))}
        log = open(self.folder / f"{name}.log", "a")
        self.apps[name] = subprocess.Popen(
            [sys.executable, "-m", "gametable", *command[1:]],
            env={**base, **self.app_environment(name), "PYTHONPATH": str(ROOT / "src")},
            cwd=self.folder, stdout=log, stderr=subprocess.STDOUT)
        log.close()

    def wait_ready(self, name: str) -> None:
        url = f"http://127.0.0.1:{self.app_ports[name]}/readyz"

        def ready() -> bool:
            assert self.apps[name].poll() is None, self.output(name)
            try:
                return httpx2.get(url, timeout=2, trust_env=False).status_code == 200
            except httpx2.TransportError:
                return False
        wait_for(ready, f"{name} to get ready", timeout=120)  # a start is slow on a loaded machine

    def kill_app(self, name: str) -> None:
        self.apps[name].send_signal(signal.SIGKILL)
        self.apps[name].wait(timeout=10)

    def owner_of(self, table_id: str) -> str:
        """The app holding the table's lease, by its internal address."""
        engine = create_engine(self.database_url())
        try:
            with engine.connect() as conn:
                address = conn.execute(text("SELECT address FROM table_leases WHERE table_id = :t"),
                                       {"t": table_id}).scalar_one()
        finally:
            engine.dispose()
        return next(name for name, port in self.app_ports.items() if address.endswith(f":{port}"))

    def nginx_site(self) -> str:
        site = NGINX_SITE
        for name, port in self.app_ports.items():
            site, found = re.subn(rf"^(\s*server ){re.escape(name)}:\d+", rf"\g<1>127.0.0.1:{port}", site,
                                  flags=re.MULTILINE)
            assert found == 1, f"deploy/nginx.conf has no upstream server {name}"
        site, found = re.subn(r"^(\s*)listen 80;", rf"\g<1>listen 127.0.0.1:{self.proxy_port};", site,
                              flags=re.MULTILINE)
        assert found == 1, "deploy/nginx.conf listens on port 80"
        site, found = re.subn(r"access_log \S+", f"access_log {self.folder / 'access.log'}", site)
        assert found == 1
        return site

    def start_proxy(self) -> None:
        site = self.folder / "default.conf"
        site.write_text(self.nginx_site())
        user = "user root;" if os.geteuid() == 0 else ""  # its temporary files are in our folder
        main = self.folder / "nginx.conf"
        main.write_text(f"""{user}
worker_processes 1;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log warn;
daemon off;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    client_body_temp_path {self.folder}/client_body;
    proxy_temp_path {self.folder}/proxy;
    fastcgi_temp_path {self.folder}/fastcgi;
    uwsgi_temp_path {self.folder}/uwsgi;
    scgi_temp_path {self.folder}/scgi;
    include {site};
}}
""")
        checked = subprocess.run([NGINX, "-t", "-p", str(self.folder), "-c", str(main)],
                                 capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        self.proxy = subprocess.Popen([NGINX, "-p", str(self.folder), "-c", str(main)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def answers() -> bool:
            assert self.proxy.poll() is None, (self.folder / "error.log").read_text()
            try:
                return httpx2.get(self.url + "/healthz", timeout=2, trust_env=False).status_code == 200
            except httpx2.TransportError:
                return False
        wait_for(answers, "nginx to answer")

    def output(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text()

    def stop(self) -> None:
        if self.proxy is not None and self.proxy.poll() is None:
            self.proxy.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            try:
                self.proxy.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proxy.kill()
        for process in self.apps.values():
            if process.poll() is None:
                process.terminate()
        for process in self.apps.values():
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        self.redis.kill()
        self.postgres.close()
