"""What the Prometheus metrics cost per action, in CPU: the request-counting middleware around
one request, plus the hooks of one committed action (its counter and latency histogram) and
one group commit (its histogram, shared by the actions of the batch; counted once per action
here, the worst case).

    python bench/metrics_cost.py

Prints microseconds per action, best of 5 rounds, with and without the metrics (the same
trivial ASGI app behind both), and their difference.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src")]

from gametable.server.metrics import RECEIVED_AT, CountRequests, Metrics  # noqa: E402

ROUNDS, CALLS = 5, 20_000


class _Route:
    path = "/api/tables/{table_id}/actions"


async def answer(scope, receive, send) -> None:
    """Stands for the app: routes, and answers 200."""
    scope["route"] = _Route
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"{}"})


async def per_action_seconds(with_metrics: bool) -> float:
    metrics = Metrics()
    app = CountRequests(answer, metrics) if with_metrics else answer

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(_message) -> None:
        pass

    best = float("inf")
    for _ in range(ROUNDS):
        started = time.process_time()
        for _ in range(CALLS):
            scope = {"type": "http", "method": "POST", "path": "/api/tables/x/actions"}
            await app(scope, receive, send)
            if with_metrics:
                metrics.committed("gwt", scope[RECEIVED_AT])
                metrics.group_committed(0.002)
        best = min(best, (time.process_time() - started) / CALLS)
    return best


def main() -> None:
    without = asyncio.run(per_action_seconds(False))
    with_ = asyncio.run(per_action_seconds(True))
    print(f"without metrics: {1e6 * without:.2f} µs per action")
    print(f"with metrics:    {1e6 * with_:.2f} µs per action")
    print(f"metrics cost:    {1e6 * (with_ - without):.2f} µs per action")


if __name__ == "__main__":
    main()
