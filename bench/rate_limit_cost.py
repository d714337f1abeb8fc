"""CPU per counted request of the rate limits kept in this process, by how many client addresses
they count: limits' own in-memory storage against ours (`SweptMemoryStorage`, which sweeps expired
counters at most once a second), interleaved, with the event loop turning between requests as a
server's does (so that limits' sweep task runs as it would).

    python bench/rate_limit_cost.py
    python bench/rate_limit_cost.py --addresses 1 100 2000 --requests 3000 --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "src")]

from limits import parse  # noqa: E402
from limits.aio.storage import MemoryStorage  # noqa: E402
from limits.aio.strategies import SlidingWindowCounterRateLimiter  # noqa: E402

from gametable.server.config import DEFAULT_RATE_ACT  # noqa: E402
from gametable.server.ratelimit import SweptMemoryStorage  # noqa: E402


def address(i: int) -> str:
    return f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"


async def cost(storage_class: type, addresses: int, requests: int) -> float:
    """Microseconds of CPU per request, the counters of ``addresses`` addresses held."""
    limiter = SlidingWindowCounterRateLimiter(storage_class())
    item = parse(DEFAULT_RATE_ACT.split(";")[0])
    for i in range(addresses):  # every address has counted lately
        await limiter.hit(item, "act", "address", address(i))
    await asyncio.sleep(0.01)
    started = time.process_time()
    for r in range(requests):
        await limiter.hit(item, "act", "address", address(r % addresses))
        await asyncio.sleep(0)  # a turn of the loop between requests
    return (time.process_time() - started) / requests * 1e6


async def main(args: argparse.Namespace) -> None:
    print(f"load average {os.getloadavg()[0]:.2f}; {args.requests} requests per run, median of {args.rounds}")
    print(f"{'addresses':>10} {'limits MemoryStorage':>22} {'SweptMemoryStorage':>20} {'ratio':>7}")
    for addresses in args.addresses:
        theirs, ours = [], []
        for _ in range(args.rounds):
            theirs.append(await cost(MemoryStorage, addresses, args.requests))
            ours.append(await cost(SweptMemoryStorage, addresses, args.requests))
        a, b = statistics.median(theirs), statistics.median(ours)
        print(f"{addresses:>10} {a:>19.1f} µs {b:>17.1f} µs {b / a:>7.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--addresses", type=int, nargs="+", default=[1, 100, 2000])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    asyncio.run(main(parser.parse_args()))
