"""Load on the table service: N tables of bots playing over the HTTP and WebSocket API.

A real `gametable serve` process runs on loopback with a fresh SQLite file (or, when DATABASE_URL
names a PostgreSQL, a fresh schema there; GAMETABLE_SQLITE_SYNC=normal is passed on to the server).
This process plays every seat of every table the way a person in a browser would: each seat
follows the table over its own WebSocket and, whenever it has choices, thinks for `--think`
seconds (x0.5-1.5 at random), then posts one of them at random with the seq it saw. Seats decide
independently, so where a game asks several seats at once (CATAN trade answers, with 3 or more
players) they answer at the same time. When a game ends, its table is replaced by a new one, so N
tables stay active.

The scenario is N tables x players seats, one decision per `--think` seconds per table: a
person's pace is a few seconds per decision (`--think 3`); `--think 0.6` (the server bots'
default pause, at every seat) is a stress test.

`--transport ws` sends each action over the seat's WebSocket instead (``{"type": "act", ...}``,
answered ``acted`` or ``refused``: docs/server.md), as the browser does while its socket is up;
`--transport http` (the default) posts it, as scripts do.

Reported: committed actions per second; the latency from sending an action to receiving its
update on the acting seat's WebSocket (p50/p99); the time to the action's answer (the HTTP answer
or the socket's ``acted``); the server's own time per action (its Server-Timing header, HTTP only:
from reading the request to answering it, commit included); bytes per
update (the JSON text, uncompressed, of each message as sent: a whole ``state`` or, after a
socket's first, a ``patch`` of it, which this client applies); the server's memory per table held in memory; CPU use of
the server and of this client (both share the machine); 409s (a seat's choices changed before
its action arrived). The server keeps its default rate limits on actions and reads (their cost
is measured too), but lets this one address create and join tables as fast as it opens them. The
client is kept lean (its own keep-alive HTTP client, uvloop, and it reads
only the seq, status and legal actions of each update) so that it does not take the cores from
the server it measures.

`--age K` measures late-game positions: each table opened before the measured window first plays K
actions at full speed (no thinking; these actions are not counted), and the window opens once every
table has played K actions (a game that ends sooner is replaced by a new table, aged in turn). The
tables that replace finished games during the window start young. Also reported: the server's CPU
seconds over the measured window divided by the actions committed in it (`server_cpu_ms_per_action`).

    python bench/server_load.py --tables 200 --game gwt --think 3
    python bench/server_load.py --tables 200 --game gwt --think 0.6 --age 200
    python bench/server_load.py --tables 30 --game catan-on-the-road --think 0.6 --transport ws
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
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
import orjson
import uvloop
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from gametable import games as registry  # noqa: E402


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)  # post -> own update, seconds
    post_times: list[float] = field(default_factory=list)  # sent -> its answer (HTTP, or the socket's acted), seconds
    server_times: list[float] = field(default_factory=list)  # the server's own time per action
    update_bytes: list[int] = field(default_factory=list)
    patches: int = 0  # updates that came as patches (the rest are whole states)
    actions: int = 0
    conflicts: int = 0
    games_finished: int = 0
    tables_created: int = 0
    #: tables that have played their first ``--age`` actions
    tables_aged: int = 0
    measuring: bool = False
    #: set once the measured window has opened: tables opened from then on are not aged
    aging_over: bool = False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(url: str, server: subprocess.Popen, seconds: float = 120) -> None:
    """Return once the server at ``url`` answers; exit with a message if it dies or is too slow."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if httpx2.get(url + "/api/games", trust_env=False, timeout=1).status_code == 200:
                return
        except httpx2.TransportError:
            pass
        if time.monotonic() > deadline or server.poll() is not None:
            raise SystemExit("error: the server did not start; run `gametable serve` by hand to see why")
        time.sleep(0.1)


def process_tree(pid: int) -> list[int]:
    """The server process and its descendants (`--workers`: the workers)."""
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        for task in Path(f"/proc/{current}/task").glob("*/children"):
            pending.extend(int(child) for child in task.read_text().split())
    return found


def rss_bytes(pid: int) -> int:
    total = 0
    for member in process_tree(pid):
        for line in Path(f"/proc/{member}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


def cpu_seconds(pid: int) -> float:
    total = 0.0
    for member in process_tree(pid):
        fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


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


class Http:
    """A lean HTTP/1.1 client for one server: a pool of keep-alive connections, one request at a
    time on each. The benchmark shares the machine with the server, so its own cost matters."""

    def __init__(self, host: str, port: int, size: int) -> None:
        self.host, self.port = host, port
        self.size = size
        self.idle: asyncio.Queue = asyncio.Queue()
        self.opened = 0

    async def request(self, method: str, path: str, body: object = None,
                      token: str | None = None) -> tuple[int, dict[str, str], bytes]:
        if self.idle.empty() and self.opened < self.size:
            self.opened += 1
            conn = await asyncio.open_connection(self.host, self.port)
        else:
            conn = await self.idle.get()
        reader, writer = conn
        data = b"" if body is None else orjson.dumps(body)
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}",
                "Content-Type: application/json", f"Content-Length: {len(data)}"]
        if token is not None:
            head.append(f"Authorization: Bearer {token}")
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        status_line = await reader.readline()
        headers: dict[str, str] = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "chunked" in headers.get("transfer-encoding", ""):
            raise RuntimeError("chunked answers are not expected from this API")
        payload = await reader.readexactly(int(headers.get("content-length", "0")))
        self.idle.put_nowait(conn)
        return int(status_line.split()[1]), headers, payload

    async def json(self, method: str, path: str, body: object = None) -> dict:
        status, _, payload = await self.request(method, path, body)
        if status >= 300:
            raise RuntimeError(f"{method} {path}: {status} {payload[:200]!r}")
        return orjson.loads(payload)

    async def close(self) -> None:
        while not self.idle.empty():
            _, writer = self.idle.get_nowait()
            writer.close()


_HEAD = re.compile(r'^\{"type":"state".*?"seq":(\d+),"status":"(\w+)"')


def summary(text: str) -> dict | None:
    """The seq, status and legal actions of a ``state`` message, without parsing its view.

    A person's browser parses the whole message; this client plays hundreds of seats on the
    same two cores as the server, and parsing every view (15 KB for GWT) was most of its work.
    The server writes the snapshot's keys in a fixed order (type, id, game, seq, status, ...,
    view, legal_actions, result, log_from), so the head and the tail are read directly; any
    other shape is parsed in full.
    """
    head = _HEAD.match(text[:300])
    tail = text.rfind('"legal_actions":')
    if head is None or tail < 0:
        message = orjson.loads(text)
        return message if message.get("type") == "state" else None
    rest = orjson.loads("{" + text[tail:])
    return {"seq": int(head[1]), "status": head[2], "legal_actions": rest["legal_actions"]}


def _step(token: str):
    return token.replace("~1", "/").replace("~0", "~")


def apply_patch(doc, ops: list[dict]):
    """The RFC 6902 operations the server sends (add, replace, remove), applied in place."""
    for op in ops:
        if op["path"] == "":
            doc = op["value"]
            continue
        *parents, last = op["path"][1:].split("/")
        target = doc
        for token in parents:
            target = target[int(token)] if isinstance(target, list) else target[_step(token)]
        if isinstance(target, list):
            if op["op"] == "add":
                target.insert(len(target) if last == "-" else int(last), op["value"])
            elif op["op"] == "replace":
                target[int(last)] = op["value"]
            else:
                del target[int(last)]
        elif op["op"] == "remove":
            del target[_step(last)]
        else:
            target[_step(last)] = op["value"]
    return doc


class Held:
    """What a seat's socket last got: the updates after the first state are patches of it
    (docs/server.md). The state is parsed only when a patch comes (a server that sends only
    states costs this client no more than ``summary``)."""

    def __init__(self) -> None:
        self.text: str | None = None
        self.body: dict | None = None
        self.rev: int | None = None

    def update(self, text: str) -> dict | None:
        """The seq, status and legal actions after a ``state`` or ``patch`` message (None: another kind)."""
        if text.startswith('{"type":"patch"'):
            message = orjson.loads(text)
            if self.body is None:
                self.body = orjson.loads(self.text)
            if message["base"] != self.rev:
                raise RuntimeError(f"a patch of revision {message['base']}, but this seat holds {self.rev}")
            self.body = apply_patch(self.body, message["ops"])
            self.rev = message["rev"]
            # (copied: the next patch changes the held one in place while this one is decided on)
            return {"seq": self.body["seq"], "status": self.body["status"],
                    "legal_actions": orjson.loads(orjson.dumps(self.body["legal_actions"]))}
        found = summary(text)
        if found is not None:
            self.text, self.body = text, None
            rev = text.rfind('"rev":')
            self.rev = int(text[rev + 6:].rstrip("}")) if rev >= 0 else None
        return found


@dataclass
class Aging:
    """One table's first ``actions`` actions are played without thinking (and not measured)."""

    actions: int
    figures: Figures
    done: bool = False

    def pause(self, seq: int, think: float) -> float:
        if seq < self.actions:
            return 0.0
        if not self.done:
            self.done = True
            self.figures.tables_aged += 1
        return think


async def play_table(http: Http, ws_base: str, game: str, players: int, options: dict,
                     think: float, figures: Figures, stop: asyncio.Event, rng: random.Random,
                     age: int = 0, transport: str = "http") -> None:
    """Keep one table busy: play it to the end, then open the next one."""
    while not stop.is_set():
        aging = Aging(0 if figures.aging_over else age, figures)
        created = await http.json("POST", "/api/tables", {"game": game, "players": players,
                                                          "options": options, "name": "bench"})
        figures.tables_created += 1
        tid, tokens = created["id"], [created["token"]]
        for _ in range(1, players):
            tokens.append((await http.json("POST", f"/api/tables/{tid}/join", {"name": "bench"}))["token"])
        # One connection per seat, as a browser per person.
        sockets = [await open_seat_socket(f"{ws_base}/ws/tables/{tid}", t) for t in tokens]
        try:
            await asyncio.gather(*(play_seat(http, tid, token, ws, think, figures, stop, rng, aging,
                                             transport) for token, ws in zip(tokens, sockets)))
            figures.games_finished += 1
        finally:
            for ws in sockets:
                await ws.close()


#: "deflate" (--deflate): the seats' sockets offer permessage-deflate, as browsers do; else none
SOCKET_COMPRESSION: str | None = None


async def open_seat_socket(url: str, token: str):
    """A seat's live connection: the token goes in the first message, never in the URL."""
    # ping_interval=None: browsers never send pings (the server pings a socket that goes quiet)
    ws = await connect(url, compression=SOCKET_COMPRESSION, max_size=None, proxy=None, ping_interval=None)
    await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
    return ws


async def play_seat(http: Http, tid: str, token: str, ws, think: float, figures: Figures,
                    stop: asyncio.Event, rng: random.Random, aging: Aging, transport: str = "http") -> None:
    """One person at the table: whenever the seat has choices, think, then send one of them
    with the seq it was seen at (several seats may be deciding at once), over HTTP or over the
    seat's WebSocket (``transport``)."""
    latest: list[dict] = []
    arrived = asyncio.Event()
    #: over the WebSocket: the answer (acted or refused) to the action on its way
    answer: list[asyncio.Future] = []
    # While our action is on its way: when it was sent, the seq it made (once answered), and
    # the updates that arrived meanwhile (ours may come before the HTTP answer does).
    pending: dict = {}

    def own_update_seen(target: int) -> None:
        for seq, when in pending["arrivals"]:
            if seq >= target:
                if figures.measuring and pending["measured"]:
                    figures.latencies.append(when - pending["sent"])
                pending.clear()
                return

    held = Held()

    async def follow() -> None:
        async for text in ws:
            if text.startswith(('{"type": "acted"', '{"type": "refused"')):
                if answer and not answer[0].done():
                    answer[0].set_result(orjson.loads(text))
                continue
            message = held.update(text)
            if message is None:
                continue
            if figures.measuring:
                figures.update_bytes.append(len(text))
                figures.patches += text.startswith('{"type":"patch"')
            if pending:
                pending["arrivals"].append((message["seq"], time.perf_counter()))
                if pending["target"] is not None:
                    own_update_seen(pending["target"])
            latest[:] = [message]
            arrived.set()

    follower = asyncio.create_task(follow())
    seen = -1  # decide only on a newer picture than this seq
    try:
        while not stop.is_set():
            await arrived.wait()
            arrived.clear()
            message = latest[0]
            if message["status"] == "finished":
                return
            if message["seq"] <= seen or not message["legal_actions"] or pending:
                continue
            seen = message["seq"]
            pause = aging.pause(message["seq"], think)
            measured = message["seq"] >= aging.actions  # an aging action is not measured
            await asyncio.sleep(pause * rng.uniform(0.5, 1.5))
            action = rng.choice(message["legal_actions"])
            pending.update(sent=time.perf_counter(), target=None, arrivals=[], measured=measured)
            if transport == "ws":
                status, headers, new_seq = await act_over_socket(ws, answer, message["seq"], action)
            else:
                status, headers, payload = await http.request(
                    "POST", f"/api/tables/{tid}/actions", {"seq": message["seq"], "action": action}, token)
                new_seq = orjson.loads(payload)["seq"] if status == 200 else None
            if status == 200:
                seen = max(seen, new_seq - 1)
                if measured and figures.measuring:
                    figures.actions += 1
                    figures.post_times.append(time.perf_counter() - pending["sent"])
                    timing = headers.get("server-timing", "")
                    if timing.startswith("app;dur="):
                        figures.server_times.append(float(timing[8:]) / 1000)
                pending["target"] = new_seq
                own_update_seen(new_seq)
            else:
                figures.conflicts += 1
                pending.clear()
            arrived.set()  # look at the newest picture again
    finally:
        follower.cancel()


async def act_over_socket(ws, answer: list[asyncio.Future], seq: int, action: dict) -> tuple[int, dict, int | None]:
    """Send an action over the seat's socket; its answer as (status, headers, new seq)."""
    answer[:] = [asyncio.get_running_loop().create_future()]
    await ws.send(orjson.dumps({"type": "act", "seq": seq, "action": action}).decode())
    reply = await answer[0]
    if reply["type"] == "acted":
        return 200, {}, reply["seq"]
    return reply["status"], {}, None


async def run(args: argparse.Namespace, server: subprocess.Popen, url: str) -> dict:
    ws_base = url.replace("http://", "ws://")
    figures = Figures()
    stop = asyncio.Event()
    host, port = url.removeprefix("http://").split(":")
    http = Http(host, int(port), args.http_connections)
    try:
        await http.json("GET", "/api/games")
        rss_before = rss_bytes(server.pid)
        rng = random.Random(args.seed)
        tasks = []
        for i in range(args.tables):
            tasks.append(asyncio.create_task(play_table(http, ws_base, args.game, args.players, args.options,
                                                        args.think, figures, stop, random.Random(rng.random()),
                                                        args.age, args.transport)))
            await asyncio.sleep(args.ramp / args.tables)
        aging_started = time.perf_counter()
        while args.age and figures.tables_aged < args.tables:
            if time.perf_counter() - aging_started > args.age_timeout:
                raise SystemExit(f"only {figures.tables_aged} of {args.tables} tables reached {args.age} "
                                 f"actions in {args.age_timeout:g} s: choose a smaller --age (games may "
                                 "end sooner) or a larger --age-timeout")
            await asyncio.sleep(0.2)
        aging_seconds = time.perf_counter() - aging_started
        figures.aging_over = True
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
    finally:
        await http.close()
    return {
        "database": "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else
                    f"sqlite (synchronous={os.environ.get('GAMETABLE_SQLITE_SYNC', 'full')})",
        "tables": args.tables,
        "game": args.game,
        "players": args.players,
        "options": args.options,
        "think_seconds": args.think,
        "transport": args.transport,
        "deflate": args.deflate,
        "workers": args.workers,
        "redis": args.workers > 1 or args.redis,
        "seconds": round(wall, 1),
        "actions": figures.actions,
        "actions_per_second": round(figures.actions / wall, 1),
        "age": args.age,
        "aging_seconds": round(aging_seconds, 1),
        # Everything the server process spent in the window (HTTP, WebSockets, views, commits,
        # its writer thread) over the actions committed in it.
        "server_cpu_ms_per_action": round(1000 * server_cpu / max(1, figures.actions), 3),
        "latency_p50_ms": round(1000 * percentile(figures.latencies, 0.50), 2),
        "latency_p99_ms": round(1000 * percentile(figures.latencies, 0.99), 2),
        "latency_max_ms": round(1000 * max(figures.latencies), 2),
        "post_p50_ms": round(1000 * percentile(figures.post_times, 0.50), 2),
        "post_p99_ms": round(1000 * percentile(figures.post_times, 0.99), 2),
        # (HTTP only: a WebSocket message has no Server-Timing header)
        "server_time_p50_ms": round(1000 * percentile(figures.server_times, 0.50), 2) if figures.server_times else None,
        "server_time_p99_ms": round(1000 * percentile(figures.server_times, 0.99), 2) if figures.server_times else None,
        "updates": len(figures.update_bytes),
        "bytes_per_update_mean": round(statistics.mean(figures.update_bytes)),
        "bytes_per_update_p50": percentile(figures.update_bytes, 0.5),
        "patch_share": round(figures.patches / max(1, len(figures.update_bytes)), 3),
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
    parser.add_argument("--think", type=float, default=3.0,
                        help="seconds a seat thinks before acting (x0.5-1.5 at random); 3 is a "
                             "person's pace, 0.6 the server bots' pause (a stress test)")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds after ramp-up before measuring")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds over which tables are opened")
    parser.add_argument("--age", type=int, default=0,
                        help="actions each table plays at full speed before the measured window "
                             "(late-game positions); 0: tables are measured from their start")
    parser.add_argument("--age-timeout", type=float, default=300.0,
                        help="seconds the tables have to reach --age actions")
    parser.add_argument("--transport", choices=("http", "ws"), default="http",
                        help="send actions over HTTP (POST, as scripts do) or over each seat's "
                             "WebSocket (as the browser does)")
    parser.add_argument("--deflate", action="store_true",
                        help="the seats' WebSockets offer permessage-deflate, as browsers do (the "
                             "server then compresses every message; default: uncompressed)")
    parser.add_argument("--http-connections", type=int, default=64)
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes (`gametable serve --workers N`: PostgreSQL as "
                             "DATABASE_URL and Redis, REDIS_URL or 127.0.0.1:6379); the kernel "
                             "spreads the connections, so a table's seats meet different processes")
    parser.add_argument("--redis", action="store_true",
                        help="one process with Redis and table leases (the baseline of --workers)")
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
    global SOCKET_COMPRESSION
    SOCKET_COMPRESSION = "deflate" if args.deflate else None

    with tempfile.TemporaryDirectory() as tmp, database(tmp) as database_url:
        # The rate limits stay on (their cost is part of every request), but creating and joining
        # are let through as fast as this one address opens every table.
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
                   DATABASE_URL=database_url, GAMETABLE_RATE_CREATE="100000/minute",
                   GAMETABLE_RATE_CREATE_GLOBAL="100000/minute", GAMETABLE_RATE_JOIN="100000/minute",
                   # this one client address stands for every person at every table
                   GAMETABLE_MAX_SOCKETS_PER_ADDRESS=str(2 * args.tables * args.players + 64))
        redis_url = env.pop("REDIS_URL", None) or "redis://127.0.0.1:6379/0"
        if args.workers > 1 or args.redis:
            if not database_url.startswith("postgresql"):
                raise SystemExit("error: --workers and --redis need DATABASE_URL=postgresql://...")
            env["REDIS_URL"] = redis_url
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [sys.executable, "-m", "gametable", "serve", "--port", str(port), "--log-level", "warning",
             "--extra-game", "tests.engine.toy_game", "--workers", str(args.workers)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until_serving(url, server)
            print(f"server pid {server.pid} on {url}", file=sys.stderr, flush=True)
            disk_before = fsync_ms(tmp)
            # This client's own garbage collections (2,000 sockets' tables held as parsed JSON)
            # paused it for tens of milliseconds at moments its allocations chose, and its late
            # reading showed as the server's latency: it collects nothing while it measures.
            gc.disable()
            figures = uvloop.run(run(args, server, url))
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
