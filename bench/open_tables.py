"""What GET /api/open-tables and GET /api/leaderboards/{game} cost as the store grows: the CPU
time of one answer's query (open_tables.open_tables, profiles.leaderboard) on a SQLite store of
N tables (a tenth listed, of which half are full, a tenth 4 days old and a tenth left by their
creator) and N/4 rated players, at each size, with the index the open tables are read by and the
one it replaced. Sizes and indexes are interleaved over rounds, as the machine is shared; the
median of each is printed with the load average.

    nice python bench/open_tables.py --sizes 1000 10000 100000 --rounds 5 --calls 50
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sqlalchemy import insert  # noqa: E402

from gametable.server import models, open_tables, profiles  # noqa: E402
from gametable.server.store import LogStore, migrate  # noqa: E402

DAY_MS = 86_400_000


#: the index the open tables are read by (models.tables' ix_tables_listed), and the one it replaced
INDEXES = {"(listed, finished_ms, created_ms)": None,
           "(listed, created_ms)": "CREATE INDEX ix_tables_listed ON tables (listed, created_ms)"}


def filled_store(folder: Path, n: int, seed: int, index: str) -> LogStore:
    rnd = random.Random(seed)
    store = LogStore.from_url(f"sqlite:///{folder / f'open-{n}-{len(index)}.sqlite3'}", "normal")
    migrate(store.engine)
    if INDEXES[index]:
        with store.engine.begin() as conn:
            conn.exec_driver_sql("DROP INDEX ix_tables_listed")
            conn.exec_driver_sql(INDEXES[index])
    now = int(time.time() * 1000)
    tables, seats, players, ratings = [], [], [], []
    for i in range(n):
        listed = i % 10 == 0
        created = now - (4 * DAY_MS if listed and i % 100 == 0 else rnd.randrange(DAY_MS))
        tables.append({"id": f"t{i}", "game": rnd.choice(["gwt", "gwt-2e", "catan-on-the-road"]),
                       "num_players": 3, "options": "{}", "seed": i, "bot_seed": i, "creator_hash": "h",
                       "created_ms": created, "finished_ms": None if rnd.random() < 0.3 else created + 1,
                       "listed": listed, "lang": rnd.choice(["en", "fa", "pt", "es"])})
        full = listed and i % 20 == 0
        creator = "bot" if listed and i % 100 == 10 else "human"
        seats += [{"table_id": f"t{i}", "seat": s, "kind": creator if s == 0 else ("human" if full or s == 1 else "open"),
                   "name": "x", "timeouts": 0} for s in range(3)]
    for p in range(n // 4):
        players.append({"id": f"p{p}", "name": f"P{p}", "lang": "en", "created_ms": now})
        ratings.append({"player_id": f"p{p}", "game": "gwt", "mu": rnd.gauss(25, 3), "sigma": rnd.uniform(1, 8),
                        "games": rnd.randrange(12), "updated_ms": now})
    with store.engine.begin() as conn:
        for rows, table in ((tables, models.tables), (seats, models.seats), (players, models.players),
                            (ratings, models.ratings)):
            for start in range(0, len(rows), 5000):
                conn.execute(insert(table), rows[start:start + 5000])
    return store


def cpu_ms(call, calls: int) -> float:
    began = time.process_time()
    for _ in range(calls):
        call()
    return (time.process_time() - began) * 1000 / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 100000])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=50)
    args = parser.parse_args()
    print("command: nice python bench/open_tables.py " + " ".join(sys.argv[1:]))
    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as folder:
        stores = {(n, index): filled_store(Path(folder), n, n, index) for n in args.sizes for index in INDEXES}
        kinds = {
            "open tables": lambda store: open_tables.open_tables(store, int(time.time() * 1000)),
            "open tables, game and language": lambda store: open_tables.open_tables(
                store, int(time.time() * 1000), "gwt", "fa"),
            "leaderboard": lambda store: profiles.leaderboard(store, "gwt", 0, 50),
        }
        found = {f"{n} {index}": len(kinds["open tables"](store)) for (n, index), store in stores.items()}
        figures: dict[tuple[str, int, str], list[float]] = {}
        for _ in range(args.rounds):
            for (n, index), store in stores.items():
                for kind, call in kinds.items():
                    figures.setdefault((kind, n, index), []).append(cpu_ms(lambda: call(store), args.calls))
        for store in stores.values():
            store.engine.dispose()
    print(f"load average after: {os.getloadavg()}")
    print(json.dumps({"listed with a free seat (answer capped at 50)": found}))
    print("| query | tables | index on tables | CPU ms per answer (median of rounds) |")
    print("|---|---|---|---|")
    for (kind, n, index), values in sorted(figures.items(), key=lambda item: (item[0][0], item[0][1])):
        print(f"| {kind} | {n:,} | {index} | {statistics.median(values):.2f} |")


if __name__ == "__main__":
    main()
