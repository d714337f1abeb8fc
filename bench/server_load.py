"""Load on the table service: N tables of bots playing over the HTTP and WebSocket API.

A real `gametable serve` process runs on loopback with a fresh SQLite file (or, when DATABASE_URL
names a PostgreSQL, a fresh schema there; GAMETABLE_SQLITE_SYNC=normal is passed on to the server).
This process plays every seat of every table as a random bot, the way a browser would: it
follows each seat over its WebSocket and, after a think time, posts a legal action with the
seq it saw. When a game ends, its table is replaced by a new one, so N tables stay active.

Reported: committed actions per second; the latency from posting an action to receiving the
resulting update on the acting seat's WebSocket (p50/p99); the server's own time per action
(its Server-Timing header: from reading the request to answering it, commit included); bytes per
update (the JSON text, uncompressed); the server's memory per table held in memory; CPU use of
the server and of this client (both share the machine).

    python bench/server_load.py --tables 200 --think 0.6 --duration 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import httpx2
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from gametable import games as registry  # noqa: E402


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)  # post -> own update, seconds
    post_times: list[float] = field(default_factory=list)  # post -> HTTP answer, seconds
    server_times: list[float] = field(default_factory=list)  # the server's own time per action
    update_bytes: list[int] = field(default_factory=list)
    actions: int = 0
    conflicts: int = 0
    games_finished: int = 0
    tables_created: int = 0
    measuring: bool = False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fsync_ms(folder: str, count: int = 200) -> tuple[float, float]:
    """p50 and p99 of fsync on the database's disk: each SQLite commit waits for one."""
    path = Path(folder) / "fsync-probe"
    times = []
    fd = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        for _ in range(count):
            os.write(fd, b"x" * 128)
            started = time.perf_counter()
            os.fsync(fd)
            times.append(time.perf_counter() - started)
    finally:
        os.close(fd)
        path.unlink()
    return round(1000 * percentile(times, 0.5), 3), round(1000 * percentile(times, 0.99), 3)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play_table(http: httpx2.AsyncClient, ws_base: str, game: str, players: int, options: dict,
                     think: float, figures: Figures, stop: asyncio.Event, rng: random.Random) -> None:
    """Keep one table busy: play it to the end, then open the next one."""
    while not stop.is_set():
        created = (await http.post("/api/tables", json={"game": game, "players": players,
                                                        "options": options, "name": "bench"})).json()
        figures.tables_created += 1
        tid, tokens = created["id"], [created["token"]]
        for _ in range(1, players):
            tokens.append((await http.post(f"/api/tables/{tid}/join", json={"name": "bench"})).json()["token"])
        sockets = [await connect(f"{ws_base}/ws/tables/{tid}?token={t}", compression=None,
                                 max_size=None, proxy=None) for t in tokens]
        try:
            await play_game(http, tid, tokens, sockets, think, figures, stop, rng)
        finally:
            for ws in sockets:
                await ws.close()


async def play_game(http, tid, tokens, sockets, think, figures, stop, rng) -> None:
    latest = [None] * len(sockets)
    waiting: dict[int, tuple[int, float]] = {}  # seat -> (seq it waits for, time it posted)
    changed = asyncio.Event()

    async def follow(seat: int) -> None:
        async for text in sockets[seat]:
            message = json.loads(text)
            if message.get("type") != "state":
                continue
            if figures.measuring:
                figures.update_bytes.append(len(text.encode()))
            pending = waiting.get(seat)
            if pending is not None and message["seq"] >= pending[0]:
                if figures.measuring:
                    figures.latencies.append(time.perf_counter() - pending[1])
                del waiting[seat]
            latest[seat] = message
            changed.set()

    followers = [asyncio.create_task(follow(s)) for s in range(len(sockets))]
    try:
        while not stop.is_set():
            await changed.wait()
            changed.clear()
            if any(m is None for m in latest):
                continue
            if any(m["status"] == "finished" for m in latest):
                figures.games_finished += 1
                return
            for seat, message in enumerate(latest):
                if message["legal_actions"] and seat not in waiting:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    action = rng.choice(message["legal_actions"])
                    started = time.perf_counter()
                    waiting[seat] = (message["seq"] + 1, started)
                    response = await http.post(f"/api/tables/{tid}/actions",
                                               headers={"Authorization": f"Bearer {tokens[seat]}"},
                                               json={"seq": message["seq"], "action": action})
                    if response.status_code == 200:
                        if figures.measuring:
                            figures.actions += 1
                            figures.post_times.append(time.perf_counter() - started)
                            timing = response.headers.get("server-timing", "")
                            if timing.startswith("app;dur="):
                                figures.server_times.append(float(timing[8:]) / 1000)
                    else:
                        figures.conflicts += 1
                        waiting.pop(seat, None)
                    break  # look at the freshest snapshots before deciding again
    finally:
        for task in followers:
            task.cancel()


async def run(args: argparse.Namespace, server: subprocess.Popen, url: str) -> dict:
    ws_base = url.replace("http://", "ws://")
    figures = Figures()
    stop = asyncio.Event()
    limits = httpx2.Limits(max_connections=args.http_connections, max_keepalive_connections=args.http_connections)
    async with httpx2.AsyncClient(base_url=url, trust_env=False, timeout=60, limits=limits) as http:
        await http.get("/api/games")
        rss_before = rss_bytes(server.pid)
        rng = random.Random(args.seed)
        tasks = []
        for i in range(args.tables):
            tasks.append(asyncio.create_task(play_table(http, ws_base, args.game, args.players, args.options,
                                                        args.think, figures, stop, random.Random(rng.random()))))
            await asyncio.sleep(args.ramp / args.tables)
        await asyncio.sleep(args.warmup)
        setup_tables = figures.tables_created
        rss_setup = rss_bytes(server.pid)
        cpu_start, client_cpu_start, wall_start = cpu_seconds(server.pid), time.process_time(), time.perf_counter()
        figures.measuring = True
        await asyncio.sleep(args.duration)
        figures.measuring = False
        wall = time.perf_counter() - wall_start
        server_cpu = cpu_seconds(server.pid) - cpu_start
        client_cpu = time.process_time() - client_cpu_start
        rss_end = rss_bytes(server.pid)
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "database": "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else
                    f"sqlite (synchronous={os.environ.get('GAMETABLE_SQLITE_SYNC', 'full')})",
        "tables": args.tables,
        "game": args.game,
        "players": args.players,
        "options": args.options,
        "think_seconds": args.think,
        "seconds": round(wall, 1),
        "actions": figures.actions,
        "actions_per_second": round(figures.actions / wall, 1),
        "latency_p50_ms": round(1000 * percentile(figures.latencies, 0.50), 2),
        "latency_p99_ms": round(1000 * percentile(figures.latencies, 0.99), 2),
        "latency_max_ms": round(1000 * max(figures.latencies), 2),
        "post_p50_ms": round(1000 * percentile(figures.post_times, 0.50), 2),
        "post_p99_ms": round(1000 * percentile(figures.post_times, 0.99), 2),
        "server_time_p50_ms": round(1000 * percentile(figures.server_times, 0.50), 2),
        "server_time_p99_ms": round(1000 * percentile(figures.server_times, 0.99), 2),
        "updates": len(figures.update_bytes),
        "bytes_per_update_mean": round(statistics.mean(figures.update_bytes)),
        "bytes_per_update_p50": percentile(figures.update_bytes, 0.5),
        "stale_409": figures.conflicts,
        "games_finished": figures.games_finished,
        "tables_created": figures.tables_created,
        "server_rss_mb_idle": round(rss_before / 2**20, 1),
        "server_rss_mb_end": round(rss_end / 2**20, 1),
        # After the ramp-up every table is in memory and (for long games) none has finished yet.
        "memory_per_table_kb_after_setup": round((rss_setup - rss_before) / setup_tables / 1024, 1),
        # At the end finished tables are still held (until they idle out), so divide by all of them.
        "memory_per_table_kb_end": round((rss_end - rss_before) / figures.tables_created / 1024, 1),
        "server_cpu_percent": round(100 * server_cpu / wall, 1),
        "client_cpu_percent": round(100 * client_cpu / wall, 1),
    }


@contextmanager
def database(tmp: str) -> Iterator[str]:
    """A fresh SQLite file, or a fresh schema in the PostgreSQL that DATABASE_URL names."""
    url = os.environ.get("DATABASE_URL")
    if not url or not url.startswith(("postgres://", "postgresql")):
        yield f"sqlite:///{tmp}/bench.sqlite3"
        return
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from gametable.server.config import normalise_database_url

    url = normalise_database_url(url)
    schema = f"bench_{os.getpid()}"
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield make_url(url).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False)
    finally:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    names = registry.names()
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default=names[0] if names else "toy",
                        help="a registered game, or 'toy' (tests/engine/toy_game.py)")
    parser.add_argument("--players", type=int, default=None, help="default: the game's minimum")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="game option (value read as JSON when it parses), repeatable")
    parser.add_argument("--think", type=float, default=0.6,
                        help="seconds a client bot thinks before acting (×0.5–1.5 at random)")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds after ramp-up before measuring")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds over which tables are opened")
    parser.add_argument("--http-connections", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()
    args.options = {}
    for item in args.option:
        key, _, value = item.partition("=")
        try:
            args.options[key] = json.loads(value)
        except json.JSONDecodeError:
            args.options[key] = value
    if args.players is None:
        args.players = 2 if args.game == "toy" else registry.get(args.game).min_players

    with tempfile.TemporaryDirectory() as tmp, database(tmp) as database_url:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
                   DATABASE_URL=database_url)
        env.pop("REDIS_URL", None)
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [sys.executable, "-m", "gametable", "serve", "--port", str(port), "--log-level", "warning",
             "--extra-game", "tests.engine.toy_game"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if httpx2.get(url + "/api/games", trust_env=False, timeout=1).status_code == 200:
                        break
                except httpx2.TransportError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start")
                time.sleep(0.1)
            print(f"server pid {server.pid} on {url}", file=sys.stderr, flush=True)
            disk_before = fsync_ms(tmp)
            figures = asyncio.run(run(args, server, url))
            disk_after = fsync_ms(tmp)
            figures["fsync_ms_p50_p99_before"] = disk_before
            figures["fsync_ms_p50_p99_after"] = disk_after
            figures["load_average_1min_after"] = round(os.getloadavg()[0], 2)
        finally:
            server.terminate()
            server.wait(timeout=30)

    command = "python bench/server_load.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    if args.json:
        print(json.dumps({"command": command, **figures}))
        return
    print(f"$ {command}")
    width = max(map(len, figures))
    for key, value in figures.items():
        print(f"  {key:<{width}}  {value}")


if __name__ == "__main__":
    main()
