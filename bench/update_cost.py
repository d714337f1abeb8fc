"""What a table's WebSocket updates cost the server, in-process: no network, no client.

Plays random 2-player games (3 per game, 300 actions at most) through a TableManager on a
fresh SQLite file, with one table socket per seat whose messages are made as they would be
sent (`TableSocket.message`: a whole state, or a patch of the last one sent). Reports per
action the CPU time of handing the snapshots out (`deliver`: every seat's snapshot and its
message) and of the messages alone, the median message size, and what the tables still hold
after 60 actions each (tracemalloc, per table: the hot state plus what the sockets keep), and the
handing out per action over a game's first 50 actions and over its actions 151-300 (whether an
update costs more late in a game).

    python bench/update_cost.py                 # this tree
    python bench/update_cost.py /tmp/main-base  # another checkout (its src/ and tests/)

The garbage collector is kept out of the timings (frozen, a threshold of 50,000); `gametable serve`
paces it by its loop instead (gametable.server.collector).
"""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from gametable.server.store import LogStore, migrate  # noqa: E402
from gametable.server.tables import TableManager  # noqa: E402
from gametable.server.ws import TableSocket, Traffic  # noqa: E402
from tests.server.conftest import CATALOG  # noqa: E402

GAMES = ["gwt", "catan-on-the-road"]
#: a game's first actions and its late ones (1-based action numbers): whether handing out an
#: update grows with the game (a random 2-player game lasts about 185 actions in CATAN, 276 in GWT)
YOUNG, LATE = range(1, 51), range(151, 301)


class Costs:
    def __init__(self) -> None:
        self.deliver = 0.0
        self.messages = 0.0
        self.sizes: list[int] = []
        self.actions = 0
        #: deliver's CPU seconds and action count per stage of the game (YOUNG, LATE)
        self.by_age = {YOUNG: [0.0, 0], LATE: [0.0, 0]}


class Socket(TableSocket):
    """A table socket that makes its message as soon as it is handed a snapshot."""

    def __init__(self, token: str, costs: Costs) -> None:
        super().__init__(None, token, Traffic())
        self.costs = costs

    def push(self, snapshot) -> None:
        started = time.process_time()
        text = self.message(snapshot)
        self.costs.messages += time.process_time() - started
        self.costs.sizes.append(len(text))


async def _tables(manager: TableManager, game: str, count: int, costs: Costs) -> list:
    tables = []
    for seed in range(count):
        table, token = await manager.create(game, 2, [], {}, "Ann")
        tokens = [token, (await manager.join(table.id, "Bob"))[1]]
        for seat_token in tokens:
            await manager.watch(table.id, Socket(seat_token, costs))
        tables.append((table, tokens, random.Random(seed)))
    return tables


async def _move(manager: TableManager, table, tokens: list[str], rnd: random.Random) -> bool:
    if table.state.is_over():
        return False
    seat = rnd.choice([s for s in range(2) if table.legal[s]])
    await manager.act(table.id, tokens[seat], table.seq, rnd.choice(table.legal[seat]))
    return True


async def cpu(game: str) -> Costs:
    costs = Costs()
    with tempfile.TemporaryDirectory() as folder:
        store = LogStore.from_url(f"sqlite:///{folder}/bench.sqlite3")
        migrate(store.engine)
        manager = TableManager(store, CATALOG, bot_pause=0)
        deliver = manager.deliver

        def timed(table) -> None:
            started = time.process_time()
            deliver(table)
            costs.deliver += time.process_time() - started

        manager.deliver = timed
        for table, tokens, rnd in await _tables(manager, game, 3, costs):
            for number in range(1, 301):
                before = costs.deliver
                if not await _move(manager, table, tokens, rnd):
                    break
                costs.actions += 1
                for stage, kept in costs.by_age.items():
                    if number in stage:
                        kept[0] += costs.deliver - before
                        kept[1] += 1
        await manager.stop()
        store.close()
    return costs


async def held(game: str, count: int = 10, actions: int = 60) -> float:
    """KB per table that stays allocated after ``actions`` actions at each of ``count`` tables."""
    with tempfile.TemporaryDirectory() as folder:
        store = LogStore.from_url(f"sqlite:///{folder}/bench.sqlite3")
        migrate(store.engine)
        manager = TableManager(store, CATALOG, bot_pause=0)
        tables = await _tables(manager, game, count, Costs())
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(actions):
            for table, tokens, rnd in tables:
                await _move(manager, table, tokens, rnd)
        gc.collect()
        kept = (tracemalloc.get_traced_memory()[0] - before) / 1024 / count
        tracemalloc.stop()
        await manager.stop()
        store.close()
    return kept


def main() -> None:
    print(f"tree: {ROOT}")
    gc.freeze()
    gc.set_threshold(50_000, 10, 10)
    for game in GAMES:
        costs = asyncio.run(cpu(game))
        sizes = sorted(costs.sizes)
        print(f"{game}: {costs.actions} actions; per action: deliver {1000 * costs.deliver / costs.actions:.3f} ms "
              f"(of which messages {1000 * costs.messages / costs.actions:.3f} ms); message p50 "
              f"{sizes[len(sizes) // 2]} bytes; held after 60 actions {asyncio.run(held(game)):.0f} KB per table")
        print("  deliver per action, by stage: " + "; ".join(
            f"actions {stage.start}-{stage.stop - 1}: {1000 * spent / max(count, 1):.3f} ms ({count} actions)"
            for stage, (spent, count) in costs.by_age.items()))


if __name__ == "__main__":
    main()
