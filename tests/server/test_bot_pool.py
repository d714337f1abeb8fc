"""The search levels think in worker processes (server/bots.py): none may outlive the server,
however it ends. An orphaned worker would keep the server's pipes open (a supervisor reading the
server's output would never see it end) and its memory taken."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

#: a stand-in server: starts the bot runner's worker pool, prints the workers' pids, then waits
SERVER = """
import asyncio, os
from gametable.server.bots import BotRunner

async def main():
    pool = BotRunner(manager=None, pause=0, workers=2).pool()
    loop = asyncio.get_running_loop()
    await asyncio.gather(*(loop.run_in_executor(pool, os.getpid) for _ in range(8)))
    print(" ".join(map(str, pool._processes)), flush=True)  # the workers started (pid -> process)
    await asyncio.sleep(600)

asyncio.run(main())
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie (exited, not yet reaped by init) counts as gone
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[-1].split()[0] != "Z"


def test_the_thinking_workers_exit_when_the_server_is_killed():
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    try:
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(pid) for pid in workers)
        server.send_signal(signal.SIGKILL)  # no shutdown code runs
        server.wait()
        deadline = time.monotonic() + 30
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(pid) for pid in workers), "a worker outlived the server"
        # and nothing holds the server's output open any more
        assert server.stdout.read() == ""
    finally:
        if server.poll() is None:
            server.kill()
