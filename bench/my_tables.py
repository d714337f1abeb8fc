"""My tables on a process that does not own the tables (issue 29, finding 3).

Two servers in this process share a fresh schema of the local PostgreSQL and the local Redis
(several processes: each table has one owner, server A here). A player creates N GWT tables on A,
a second player joins each, and each table is aged K random actions. Then GET /api/me/tables is
asked of server B, which owns none of them, in rounds that alternate

- rows: the tables' rows say whose turn it is (models.tables.c.to_act): what the server does now;
- replay: the same rows with to_act cleared, which sends My tables down its old way (B reads a
  copy of every running table: a load of its checkpoint and a replay of the log after it), as
  before issue 29 for every table;

and reports the median wall time and the CPU time of this process per request (the servers run
here, so that is theirs plus the client's, which is small), with the load average.

    PYTHONPATH=$PWD/src nice -n 10 python bench/my_tables.py --tables 100 --actions 30 --rounds 5
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import socket
import statistics
import threading
import time

import httpx2
import uvicorn
from sqlalchemy import create_engine, text, update
from sqlalchemy.engine import make_url

from gametable.server import Settings, create_app, models
from gametable.server.catalog import ExtendedCatalog
from gametable.server.serving import uvicorn_config

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(settings: Settings) -> tuple[str, uvicorn.Server, object]:
    port = free_port()
    settings = Settings(**{**settings.__dict__, "internal_url": f"http://127.0.0.1:{port}"})
    app = create_app(settings, ExtendedCatalog([]))
    server = uvicorn.Server(uvicorn_config(app, settings, host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="on"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.01)
    return f"http://127.0.0.1:{port}", server, app


def player(url: str, name: str) -> httpx2.Client:
    client = httpx2.Client(base_url=url, headers={"Origin": url}, trust_env=False, timeout=60)
    assert client.post("/api/me", json={"name": name, "lang": "en"}).status_code == 201
    return client


def age(ann: httpx2.Client, bob: httpx2.Client, tid: str, actions: int, rng: random.Random) -> None:
    people = [ann, bob]
    for _ in range(actions):
        views = [p.get(f"/api/tables/{tid}").json() for p in people]
        movers = [i for i, v in enumerate(views) if v["legal_actions"]]
        if not movers or views[0]["status"] != "playing":
            return
        i = rng.choice(movers)
        response = people[i].post(f"/api/tables/{tid}/actions",
                                  json={"seq": views[i]["seq"], "action": rng.choice(views[i]["legal_actions"])})
        assert response.status_code == 200, response.text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=5, help="requests per round and way")
    args = parser.parse_args()

    schema = f"bench_my_tables_{secrets.token_hex(4)}"
    admin = create_engine(POSTGRES)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(POSTGRES).update_query_dict({"options": f"-csearch_path={schema}"})
    database_url = url.render_as_string(hide_password=False)
    settings = Settings(database_url=database_url, redis_url=REDIS, bot_pause=0.0, rate_limits=False,
                        idle_seconds=24 * 3600)
    servers = []
    try:
        owner_url, *owner = start(settings)
        other_url, *other = start(settings)
        servers = [owner[0], other[0]]
        ann, bob = player(owner_url, "Ann"), player(owner_url, "Bob")
        rng = random.Random(1)
        ids = []
        for _ in range(args.tables):
            tid = ann.post("/api/tables", json={"game": "gwt", "players": 2, "name": "Ann"}).json()["id"]
            assert bob.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).status_code == 200
            age(ann, bob, tid, args.actions, rng)
            ids.append(tid)
        elsewhere = httpx2.Client(base_url=other_url, cookies=ann.cookies, trust_env=False, timeout=120)
        engine = create_engine(database_url)
        with engine.connect() as conn:
            stored = dict(conn.execute(text("SELECT id, to_act FROM tables")).all())
        print(f"{args.tables} GWT tables aged {args.actions} actions, owned by A; My tables asked of B")
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        results: dict[str, list[tuple[float, float]]] = {"rows": [], "replay": []}
        for _ in range(args.rounds):
            for way in ("rows", "replay"):
                with engine.begin() as conn:
                    for tid, to_act in stored.items():
                        conn.execute(update(models.tables).where(models.tables.c.id == tid)
                                     .values(to_act=to_act if way == "rows" else None))
                for _ in range(args.requests):
                    wall, cpu = time.perf_counter(), time.process_time()
                    response = elsewhere.get("/api/me/tables")
                    results[way].append((time.perf_counter() - wall, time.process_time() - cpu))
                    assert response.status_code == 200 and len(response.json()["tables"]) == args.tables
        print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        for way, samples in results.items():
            walls, cpus = [w for w, _ in samples], [c for _, c in samples]
            print(f"{way:>7}: median {statistics.median(walls) * 1000:7.1f} ms wall, "
                  f"{statistics.median(cpus) * 1000:7.1f} ms CPU per request "
                  f"(p90 wall {sorted(walls)[int(len(walls) * 0.9)] * 1000:.1f} ms; {len(samples)} requests)")
        engine.dispose()
    finally:
        for server in servers:
            server.should_exit = True
        time.sleep(1)
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


if __name__ == "__main__":
    main()
