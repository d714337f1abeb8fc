"""A crowd of spectators at one table: what their sockets cost the server and everyone else.

A real `gametable serve` (from this checkout, or from the checkout named by `--server-root`, so an
older version can be measured in the same run) plays one Great Western Trail table of bots. N
spectator sockets connect to it one after the other and stay while the bots play for `--play`
seconds. Meanwhile this process asks the server for `/api/games` every 50 ms, as a stand-in for the
players at other tables, and times the answers.

Reported: messages and bytes the spectators received while connecting and while the game went on;
the server's CPU seconds over the whole run (from /proc); the latency of the other requests
(p50/p99/max) while the crowd connected. Before issue 13 every connect and disconnect re-sent the
whole table to every socket of the table (N² snapshots); now a spectator's arrival costs its own
snapshot, and spectators beyond the first 50 share a feed of at most one update a second.

    python bench/spectators.py --spectators 300
    python bench/spectators.py --spectators 300 --server-root /tmp/old-checkout
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
from websockets.asyncio.client import connect

# the server's start, its CPU and a free port, as the load benchmark measures them
from server_load import cpu_seconds, free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[1]


class Spectator:
    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0
        self.socket = None
        self.reader: asyncio.Task | None = None

    async def open(self, url: str, hello: bool) -> None:
        self.socket = await connect(url, max_size=None, compression=None, open_timeout=30)
        if hello:
            await self.socket.send('{"type": "hello"}')
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for message in self.socket:
                self.messages += 1
                self.bytes += len(message)
        except Exception:  # noqa: BLE001 - a closed socket ends the count
            return


async def poll_latency(client: httpx2.AsyncClient, stop: asyncio.Event, out: list[float]) -> None:
    while not stop.is_set():
        began = time.perf_counter()
        await client.get("/api/games")
        out.append(1000 * (time.perf_counter() - began))
        await asyncio.sleep(0.05)


def totals(crowd: list[Spectator]) -> tuple[int, int]:
    return sum(s.messages for s in crowd), sum(s.bytes for s in crowd)


async def run(url: str, spectators: int, play: float, hello: bool, pid: int) -> dict:
    async with httpx2.AsyncClient(base_url=url, trust_env=False, timeout=60) as client:
        # Seat 1 stays open while the crowd arrives: nothing moves, so every message then is
        # what the arrivals themselves cost.
        table = (await client.post("/api/tables", json={"game": "gwt", "players": 2, "name": "Ann"})).json()
        ws_url = url.replace("http://", "ws://") + f"/ws/tables/{table['id']}"
        cpu_before = cpu_seconds(pid)
        latencies: list[float] = []
        stop = asyncio.Event()
        poller = asyncio.create_task(poll_latency(client, stop, latencies))
        crowd = [Spectator() for _ in range(spectators)]
        began = time.perf_counter()
        for spectator in crowd:
            await spectator.open(ws_url, hello)
        await asyncio.sleep(1.0)  # what the last arrivals caused is delivered
        connect_seconds = time.perf_counter() - began
        stop.set()
        await poller
        joined_messages, joined_bytes = totals(crowd)
        # The game starts: both seats go to the server's bots, which play.
        for seat in (1, 0):
            await client.post(f"/api/tables/{table['id']}/seats/{seat}/bot",
                              headers={"Authorization": f"Bearer {table['token']}"})
        await asyncio.sleep(play)
        seq = (await client.get(f"/api/tables/{table['id']}")).json()["seq"]
        messages, sent_bytes = totals(crowd)
        cpu = cpu_seconds(pid) - cpu_before
        for spectator in crowd:
            await spectator.socket.close()
        ordered = sorted(latencies)
        return {
            "spectators": spectators, "connect_seconds": round(connect_seconds, 1),
            "messages_while_connecting": joined_messages, "mb_while_connecting": round(joined_bytes / 1e6, 1),
            "actions_played": seq, "messages_while_playing": messages - joined_messages,
            "mb_while_playing": round((sent_bytes - joined_bytes) / 1e6, 1),
            "server_cpu_seconds": round(cpu, 1),
            "other_requests_ms_p50": round(statistics.median(ordered), 1) if ordered else None,
            "other_requests_ms_p99": round(ordered[int(0.99 * (len(ordered) - 1))], 1) if ordered else None,
            "other_requests_ms_max": round(ordered[-1], 1) if ordered else None,
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=300)
    parser.add_argument("--play", type=float, default=10.0, help="seconds the bots play with the crowd watching")
    parser.add_argument("--server-root", type=Path, default=ROOT,
                        help="the checkout whose server is measured (default: this one)")
    args = parser.parse_args()
    root = args.server_root.resolve()
    # Servers from before issue 13 take no hello (and would answer it with an error frame).
    hello = "hello" in (root / "src/gametable/server/ws.py").read_text()
    with tempfile.TemporaryDirectory() as tmp:
        room = str(args.spectators + 100)
        env = dict(os.environ, PYTHONPATH=str(root / "src"), DATABASE_URL=f"sqlite:///{tmp}/tables.sqlite3",
                   GAMETABLE_RATE_LIMITS="off", GAMETABLE_MAX_SOCKETS_PER_ADDRESS=room,
                   GAMETABLE_MAX_SOCKETS_PER_TABLE=room, GAMETABLE_MAX_CONNECTIONS=str(args.spectators + 500))
        env.pop("REDIS_URL", None)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "gametable", "serve", "--port", str(port),
                                   "--bot-pause", "0.5", "--log-level", "warning"],
                                  env=env, cwd=tmp, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_serving(url, server)
            figures = asyncio.run(run(url, args.spectators, args.play, hello, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=30)
    figures["server"] = str(root)
    figures["load_average"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    for key, value in figures.items():
        print(f"{key:<28}{value}")


if __name__ == "__main__":
    main()
