"""What handing out a GWT change costs the server's event loop, with the caches as cold as a
busy server's: many two-person tables played in turn, so that each table's data has left the
processor's caches by its next action, as it has with a thousand tables at a person's pace.

Each checkout runs in a process of its own (its src/ and tests/), the checkouts in turn, for
several rounds. A round: ``--tables`` tables through a TableManager on a fresh SQLite file, two
table sockets per table (each makes its message as soon as it is handed a snapshot, as
`TableSocket.message` does), ``--age`` actions at every table, then ``--actions`` more at every
table in turn, each timed from the commit's announcement to the last socket's message (the
core's ``deliver``: the views, the snapshots, their sections and every socket's patch). The
deals and the choices are seeded, so both checkouts play the same games. Prints the CPU per
action of each round and their median per checkout.

    python bench/deliver_cost.py /tmp/before /path/to/this/checkout
    python bench/deliver_cost.py --rounds 5 --tables 300 /tmp/before .
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROUND = r'''
import asyncio, gc, json, random, sys, tempfile, time
checkout, tables_count, age, actions = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
sys.path[:0] = [checkout + "/src", checkout]
from gametable.server.store import LogStore, migrate
from gametable.server.tables import TableManager
from gametable.server.ws import TableSocket, Traffic
from tests.server.conftest import CATALOG
import gametable.server.rooms.seating as seating

seating.secrets.randbelow = random.Random(1).randrange  # the same deals in every checkout


class Socket(TableSocket):
    def __init__(self, token):
        super().__init__(None, token, Traffic())

    def push(self, snapshot):
        self.message(snapshot)


async def main():
    with tempfile.TemporaryDirectory() as folder:
        store = LogStore.from_url(f"sqlite:///{folder}/bench.sqlite3", sqlite_sync="normal")
        migrate(store.engine)
        manager = TableManager(store, CATALOG, bot_pause=0)
        spent = [0.0, 0]
        measuring = False
        deliver = manager.deliver

        def timed(table):
            started = time.process_time()
            deliver(table)
            if measuring:
                spent[0] += time.process_time() - started
                spent[1] += 1

        manager.deliver = timed
        tables = []
        for seed in range(tables_count):
            table, token = await manager.create("gwt", 2, [], {}, "Ann")
            tokens = [token, (await manager.join(table.id, "Bob"))[1]]
            for seat_token in tokens:
                await manager.watch(table.id, Socket(seat_token))
            tables.append((table, tokens, random.Random(seed)))
        for number in range(age + actions):
            measuring = number >= age
            for table, tokens, rnd in tables:
                if table.state.is_over():
                    continue
                seat = rnd.choice([s for s in range(2) if table.legal[s]])
                await manager.act(table.id, tokens[seat], table.seq, rnd.choice(table.legal[seat]))
        await manager.stop()
        store.close()
    print(json.dumps({"ms_per_action": 1000 * spent[0] / max(1, spent[1]), "actions": spent[1]}))


gc.freeze()
gc.set_threshold(50_000, 10, 10)  # the collector out of the timings, as the server paces it
asyncio.run(main())
'''


def one_round(checkout: str, args: argparse.Namespace) -> float:
    out = subprocess.run([sys.executable, "-c", ROUND, checkout, str(args.tables), str(args.age),
                          str(args.actions)], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": ""})
    if out.returncode:
        sys.exit(f"the round in {checkout} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])["ms_per_action"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="+")
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--age", type=int, default=30, help="actions at every table before the timed ones")
    parser.add_argument("--actions", type=int, default=10, help="timed actions at every table")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    checkouts = [str(Path(c).resolve()) for c in args.checkouts]
    print(f"load average {os.getloadavg()[0]:.2f}; {args.tables} GWT tables, {args.age} actions each, "
          f"then {args.actions} timed each; {args.rounds} rounds")
    results: dict[str, list[float]] = {c: [] for c in checkouts}
    for number in range(1, args.rounds + 1):
        for checkout in checkouts:
            results[checkout].append(one_round(checkout, args))
            print(f"round {number}: {checkout}: {results[checkout][-1]:.3f} ms per action", flush=True)
    first = statistics.median(results[checkouts[0]])
    for checkout, times in results.items():
        median = statistics.median(times)
        print(f"{checkout}: median {median:.3f} ms per action ({median / first:.2f} of the first)")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
