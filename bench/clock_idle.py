"""What running clocks cost a server that is otherwise idle: nothing per table per second.

Two `gametable serve` processes run side by side (so the machine's load is the same for both): one
holds N two-player tables of the toy game with no clock, the other N tables whose turn clocks run (a
day per move; every table has a deadline in the scheduler). Neither gets a request during the
measuring windows; the server's CPU seconds over each window are read from /proc. Clocks are one
heap and one sleeping task per process (gametable.server.deadlines), so the two should match.

    python bench/clock_idle.py --tables 500 --window 10 --windows 3
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2

from server_load import cpu_seconds, free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[1]
CLOCKS = {"none": {"kind": "none"}, "turn": {"kind": "turn", "per_move_s": 86400}}


def start(tmp: str, name: str) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
               DATABASE_URL=f"sqlite:///{tmp}/{name}.sqlite3", GAMETABLE_RATE_LIMITS="off")
    env.pop("REDIS_URL", None)
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "gametable", "serve", "--port", str(port),
                               "--extra-game", "tests.engine.toy_game", "--log-level", "warning"],
                              env=env, cwd=ROOT, stdout=open(f"{tmp}/{name}.log", "w"), stderr=subprocess.STDOUT)
    return server, f"http://127.0.0.1:{port}"


def fill(url: str, clock: dict, tables: int) -> None:
    with httpx2.Client(base_url=url, trust_env=False, timeout=60) as http:
        for _ in range(tables):
            table = http.post("/api/tables", json={"game": "toy", "players": 2, "clock": clock}).json()
            http.post(f"/api/tables/{table['id']}/join", json={"name": "Bob"}).raise_for_status()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--window", type=float, default=10.0, help="seconds per measuring window")
    parser.add_argument("--windows", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        servers = {kind: start(tmp, kind) for kind in CLOCKS}
        try:
            for kind, (server, url) in servers.items():
                try:
                    wait_until_serving(url, server, seconds=300)
                except SystemExit:
                    print(Path(f"{tmp}/{kind}.log").read_text())
                    raise
                fill(url, CLOCKS[kind], args.tables)
            time.sleep(2)  # let the last answers and commits settle
            print(f"{args.tables} tables per server, {args.windows} windows of {args.window:g} s")
            for window in range(args.windows):
                before = {kind: cpu_seconds(server.pid) for kind, (server, _) in servers.items()}
                time.sleep(args.window)
                used = {kind: cpu_seconds(server.pid) - before[kind] for kind, (server, _) in servers.items()}
                print(f"window {window + 1}: CPU seconds  no clock {used['none']:.3f}  turn clocks {used['turn']:.3f}")
        finally:
            for server, _ in servers.values():
                server.terminate()
                server.wait(timeout=30)
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
