"""CPU per GWT action at the server, in-process: a person's action through the table service
(`manager.act`: the checks, the commit to a fresh SQLite file, the two seats' snapshots and their
messages as `TableSocket.message` makes them), no network and no client. Six two-person tables,
up to 150 actions each, random legal choices (seeded).

    python bench/act_cost.py /path/to/checkout      # that checkout's src/ and tests/

Interleave two checkouts to compare them; the garbage collector is kept out of the timings.
"""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[1]).resolve()
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from gametable.server.store import LogStore, migrate  # noqa: E402
from gametable.server.tables import TableManager  # noqa: E402
from gametable.server.ws import TableSocket, Traffic  # noqa: E402
from tests.server.conftest import CATALOG  # noqa: E402


class Socket(TableSocket):
    """A seat's socket that makes each message at once instead of sending it."""

    def __init__(self, token):
        super().__init__(None, token, Traffic())

    def push(self, snapshot):
        self.message(snapshot)


async def main():
    with tempfile.TemporaryDirectory() as folder:
        store = LogStore.from_url(f"sqlite:///{folder}/b.sqlite3")
        migrate(store.engine)
        manager = TableManager(store, CATALOG, bot_pause=0)
        tables = []
        for seed in range(6):
            table, token = await manager.create("gwt", 2, [], {}, "Ann")
            tokens = [token, (await manager.join(table.id, "Bob"))[1]]
            for t in tokens:
                await manager.watch(table.id, Socket(t))
            tables.append((table, tokens, random.Random(seed)))
        actions, cpu = 0, 0.0
        for _ in range(150):
            for table, tokens, rnd in tables:
                if table.state.is_over():
                    continue
                seat = rnd.choice([s for s in range(2) if table.legal[s]])
                action = rnd.choice(table.legal[seat])
                started = time.process_time()
                await manager.act(table.id, tokens[seat], table.seq, action)
                cpu += time.process_time() - started
                actions += 1
        await manager.stop()
        store.close()
    print(f"{ROOT}: {actions} actions, {1000 * cpu / actions:.3f} ms CPU per action")


gc.freeze()
gc.set_threshold(50_000, 10, 10)
asyncio.run(main())
