"""Restart of the table service with many unfinished tables: how soon it listens, how soon every
table is live again.

Setup (once per database file, skipped when it exists): N tables, alternately GWT and CATAN: On
the Road, two seats each, every third with a bot in seat 1; each aged K actions at random through
the server's own commit path (`TableManager`, in this process, so whatever the code under test
stores with an action, state checkpoints included, is stored). About half the bot tables end with
the bot to move. Tables whose game ends within K actions are replaced.

Then, `--restarts` times: start a real `gametable serve` on the file (bots paused for an hour, so
the tables stand still and only the restart is measured), and report

- listen: seconds from starting the process to the first 200 of GET /healthz, and the CPU
  seconds the process had used then (from /proc: its threads' user and system time);
- serving: to the first 200 of GET /api/games (the app is built and started: a server that
  listens before its app is built answers the probes itself until then);
- ready: to the first 200 of GET /readyz (the start-up resume is done) and how many tables are in
  memory then (`gametable_tables_live` from /metrics; the server's idle time is set to a day, so
  that every table counts as played lately);
- all live: to every table having answered GET /api/tables/{id} once (a table not in memory is
  loaded by that request), read one after another after ready;

and stop it with SIGTERM. With ``--first-answer`` instead: as soon as the server listens, ask
for every table at once (GET /api/tables/{id}, in a shuffled order, over up to ``--clients``
connections: the people at every table reconnecting after a crash) and report the seconds from
starting the process to each table's first 200 (median, p90, max) and the server's CPU seconds
by then. ``--game gwt --bot-every 0`` sets up GWT tables with people in both seats only:

    PYTHONPATH=$PWD/src nice -n 5 python bench/restart.py --db /tmp/gwt.sqlite3 --game gwt \
        --bot-every 0 --first-answer --src /tmp/main/src --src $PWD/src --restarts 3 On a machine shared with other jobs these wall-clock times swing with
the load; `--cpu` also reports CPU seconds, which swing far less: of a start up to the point of
serving (a process importing the server, making the app and migrating the store: the median of
five), and of bringing every unfinished table into memory in this process (the manager's own
start-up resume, then a load of each table still on disk, as a request for it would).

The code set up and measured in this process is whatever `gametable` PYTHONPATH finds. The
served code is the same, or, with ``--src DIR`` (repeatable), each of those source trees in
turn, restart after restart (interleaved, so that the machine's load falls on each alike; the
start-up CPU is then measured for each too). Two versions that store the same things can share
one database:

    PYTHONPATH=$PWD/src nice -n 10 python bench/restart.py --db /tmp/restart.sqlite3 \
        --src /work/main/src --src $PWD/src --restarts 3

Versions that store different things (checkpoints or not) each need a database set up by their
own code:

    git archive <commit> | tar -x -C /tmp/before
    PYTHONPATH=/tmp/before/src nice -n 10 python bench/restart.py --db /tmp/before.sqlite3
    PYTHONPATH=$PWD/src nice -n 10 python bench/restart.py --db /tmp/after.sqlite3
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx2
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

GAMES = ("gwt", "catan-on-the-road")


def setup(db: Path, tables: int, actions: int, seed: int, game_names: tuple[str, ...] = GAMES,
          bot_every: int = 3) -> None:
    from gametable import games
    from gametable.server.store import LogStore, migrate
    from gametable.server.tables import TableManager

    store = LogStore.from_url(f"sqlite:///{db}", "normal")  # the setup need not survive a power cut
    migrate(store.engine)
    rnd = random.Random(seed)

    async def run() -> None:
        manager = TableManager(store, games, bot_pause=3600)
        try:
            with Progress(TextColumn("setting up {task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn()) as progress:
                task = progress.add_task(f"{tables} tables x {actions} actions", total=tables * actions)

                async def one(n: int) -> None:
                    while True:
                        bots = [1] if bot_every and n % bot_every == 0 else []
                        game = game_names[n % len(game_names)]
                        table, _ = await manager.create(game, 2, bots, {}, "Ann")
                        if not bots:
                            await manager.join(table.id, "Bob")
                        for _ in range(actions):
                            async with manager.locked(table.id) as hot:
                                if hot.state.is_over():
                                    break
                                seat = hot.state.to_act()[0]
                                await manager.commit(hot, seat, rnd.choice(hot.state.legal_actions(seat)))
                            progress.advance(task)
                        if not manager.tables[table.id].state.is_over():
                            return
                        progress.advance(task, -actions)  # ended early: a new table instead

                for start in range(0, tables, 50):  # 50 at a time: their commits share transactions
                    await asyncio.gather(*(one(n) for n in range(start, min(start + 50, tables))))
        finally:
            await manager.stop()

    asyncio.run(run())
    store.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def first_ok(client: httpx2.Client, path: str, started: float, timeout: float = 600) -> float:
    while True:
        try:
            if client.get(path, timeout=1).status_code == 200:
                return time.perf_counter() - started
        except httpx2.TransportError:
            pass
        if time.perf_counter() - started > timeout:
            raise SystemExit(f"{path} did not answer 200 within {timeout} s")
        time.sleep(0.005)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a running process, all its threads (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def served_env(src: Path | None) -> dict[str, str]:
    """The environment of a process running the code under ``src`` (None: this PYTHONPATH's)."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    return env


def start_server(db: Path, src: Path | None) -> tuple[int, float, subprocess.Popen]:
    """``gametable serve`` on the file: its port, the moment it was started, the process."""
    port = free_port()
    # A day of idle time: the tables count as played lately however long ago the setup ran (a
    # server resumes a table where people decide only if something happened within it).
    env = dict(served_env(src), GAMETABLE_RATE_LIMITS="off", GAMETABLE_METRICS="on",
               GAMETABLE_IDLE_SECONDS="86400")
    env.pop("DATABASE_URL", None)
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "gametable", "serve", "--database-url", f"sqlite:///{db}",
         "--port", str(port), "--bot-pause", "3600", "--log-level", "warning"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return port, started, process


async def first_answers(url: str, table_ids: list[str], started: float, clients: int) -> list[float]:
    """Seconds from the process start to each table's first 200 of GET /api/tables/{id}, all
    asked at once (at most ``clients`` connections), in a shuffled order, as the browsers at a
    thousand tables would reconnect after a restart; a refused or failed request is retried."""
    order = list(table_ids)
    random.Random(0).shuffle(order)
    times: list[float] = []
    limits = httpx2.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx2.AsyncClient(base_url=url, trust_env=False, limits=limits, timeout=120) as client:
        async def one(table_id: str) -> None:
            while True:
                try:
                    if (await client.get(f"/api/tables/{table_id}")).status_code == 200:
                        times.append(time.perf_counter() - started)
                        return
                except httpx2.TransportError:
                    pass
                await asyncio.sleep(0.05)

        await asyncio.gather(*(one(t) for t in order))
    return times


def first_answer_once(db: Path, table_ids: list[str], src: Path | None, clients: int) -> dict[str, float]:
    """A start after which every table is asked for at once as soon as the server listens."""
    port, started, process = start_server(db, src)
    try:
        url = f"http://127.0.0.1:{port}"
        with httpx2.Client(base_url=url, trust_env=False) as client:
            listen = first_ok(client, "/healthz", started)
        times = sorted(asyncio.run(first_answers(url, table_ids, started, clients)))
        cpu = cpu_seconds(process.pid)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
    return {"listen": listen, "median": statistics.median(times),
            "p90": times[int(0.9 * (len(times) - 1))], "max": times[-1], "cpu": cpu}


def restart_once(db: Path, table_ids: list[str], src: Path | None) -> dict[str, float]:
    port, started, process = start_server(db, src)
    try:
        with httpx2.Client(base_url=f"http://127.0.0.1:{port}", trust_env=False) as client:
            listen = first_ok(client, "/healthz", started)
            listen_cpu = cpu_seconds(process.pid)
            serving = first_ok(client, "/api/games", started)
            ready = first_ok(client, "/readyz", started)
            metrics = client.get("/metrics").text
            live = int(float(re.search(r"^gametable_tables_live (\S+)", metrics, re.M).group(1)))
            for table_id in table_ids:
                assert client.get(f"/api/tables/{table_id}", timeout=120).status_code == 200
            all_live = time.perf_counter() - started
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
    return {"listen": listen, "listen_cpu": listen_cpu, "serving": serving, "ready": ready,
            "live_at_ready": live, "all_live": all_live}


START_UP = """
import gametable.cli
from gametable.server import Settings, create_app
from gametable.server.serving import uvicorn_config
from gametable.server.store import LogStore, migrate
settings = Settings(database_url={url!r})
create_app(settings)
store = LogStore.from_url(settings.database_url)
migrate(store.engine)
"""


def start_up_cpu(db: Path, src: Path | None) -> float:
    """CPU seconds of one process importing the server, making the app and migrating the store."""
    before = os.times()
    subprocess.run([sys.executable, "-c", START_UP.format(url=f"sqlite:///{db}")], check=True,
                   env=served_env(src))
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def resume_cpu(db: Path, table_ids: list[str]) -> float:
    """CPU seconds (every thread) of bringing every unfinished table into memory."""
    from gametable import games
    from gametable.server.store import LogStore
    from gametable.server.tables import TableManager

    store = LogStore.from_url(f"sqlite:///{db}")

    async def run() -> float:
        manager = TableManager(store, games, bot_pause=3600, idle_seconds=86400)
        began = time.process_time()
        await manager._resume()
        for table_id in table_ids:
            await manager.table(table_id)
        spent = time.process_time() - began
        assert len(manager.tables) == len(table_ids)
        await manager.stop()
        return spent

    try:
        return asyncio.run(run())
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, required=True, help="the SQLite file (set up if it does not exist)")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=100, help="actions each table is aged")
    parser.add_argument("--restarts", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=GAMES, action="append",
                        help="set up tables of this game only (repeatable; default: alternately both)")
    parser.add_argument("--bot-every", type=int, default=3,
                        help="every Nth table set up has a bot in seat 1 (0: people in both seats)")
    parser.add_argument("--cpu", action="store_true", help="also report CPU seconds (see above)")
    parser.add_argument("--first-answer", action="store_true",
                        help="ask for every table at once as soon as the server listens, and report "
                             "each table's first answer from the process start (see above)")
    parser.add_argument("--clients", type=int, default=1000,
                        help="connections the --first-answer requests share")
    parser.add_argument("--src", type=Path, action="append",
                        help="serve the gametable of this source tree (repeatable: interleaved)")
    args = parser.parse_args()

    from gametable.server.tables import TableManager

    if not args.db.exists():
        setup(args.db, args.tables, args.actions, args.seed, tuple(args.game or GAMES), args.bot_every)
    from sqlalchemy import create_engine, text

    engine = create_engine(f"sqlite:///{args.db}")
    with engine.connect() as conn:
        table_ids = [r[0] for r in conn.execute(text("SELECT id FROM tables WHERE finished_ms IS NULL"))]
        bot_due = conn.execute(text("SELECT count(*) FROM tables WHERE bot_due AND finished_ms IS NULL")).scalar()
        actions = conn.execute(text("SELECT count(*) FROM actions")).scalar()
    engine.dispose()
    checkpoints = "checkpoint_every" in inspect.signature(TableManager).parameters
    print(f"{len(table_ids)} unfinished tables ({bot_due} with a bot to move), {actions} actions; "
          f"code with state checkpoints: {checkpoints}; load average {os.getloadavg()[0]:.2f}")
    sources = args.src or [None]
    runs: dict[Path | None, list[dict[str, float]]] = {src: [] for src in sources}
    for n in range(args.restarts):
        for src in sources:
            if args.first_answer:
                run = first_answer_once(args.db, table_ids, src, args.clients)
                runs[src].append(run)
                print(f"restart {n + 1}{f' of {src}' if src else ''}: listen {run['listen']:.2f} s, "
                      f"first answer per table: median {run['median']:.2f} s, p90 {run['p90']:.2f} s, "
                      f"max {run['max']:.2f} s; server CPU then {run['cpu']:.2f} s; "
                      f"load average {os.getloadavg()[0]:.2f}", flush=True)
                continue
            run = restart_once(args.db, table_ids, src)
            runs[src].append(run)
            print(f"restart {n + 1}{f' of {src}' if src else ''}: listen {run['listen']:.2f} s "
                  f"({run['listen_cpu']:.2f} s CPU), serving {run['serving']:.2f} s, ready "
                  f"{run['ready']:.2f} s with {run['live_at_ready']} tables live, every table "
                  f"answered {run['all_live']:.2f} s; load average {os.getloadavg()[0]:.2f}", flush=True)
    if args.cpu:
        for src in sources:
            start_up = statistics.median(start_up_cpu(args.db, src) for _ in range(5))
            print(f"CPU{f' of {src}' if src else ''}: import the server, make the app, migrate "
                  f"{start_up:.2f} s; load average {os.getloadavg()[0]:.2f}", flush=True)
        resume = resume_cpu(args.db, table_ids)
        print(f"CPU (this PYTHONPATH's code): every table into memory {resume:.2f} s; "
              f"load average {os.getloadavg()[0]:.2f}")
    keys = (("listen", "median", "p90", "max", "cpu") if args.first_answer else
            ("listen", "listen_cpu", "serving", "ready", "live_at_ready", "all_live"))
    for src, done in runs.items():
        if done:
            print(f"median{f' of {src}' if src else ''}: " + ", ".join(
                f"{key} {statistics.median(r[key] for r in done):.2f}" for key in keys))


if __name__ == "__main__":
    main()
