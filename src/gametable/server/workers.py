"""``gametable serve --workers N``: N server processes on one machine sharing the public port.

Each worker is a whole server (its own app, table manager and store connections) that binds the
public address itself with SO_REUSEPORT, so the kernel spreads new connections over them, and
also listens on an internal address of its own (a free port on ``internal_host``), which it
names in the leases of the tables it owns: the other workers forward those tables' requests
there (gametable.server.leases, gametable.server.forwarding). They share the tables through
PostgreSQL and Redis, as separate machines would.

The parent only watches: it restarts a worker that dies (its tables' leases run out and are
taken over meanwhile) and passes SIGTERM/SIGINT on, each worker then draining as a single
server does (docs/server.md "Stopping").
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import signal
import socket
import time
from typing import Any

#: a worker that dies within this many seconds of its start is not restarted again and again
_QUICK_DEATH = 5.0


@dataclasses.dataclass(frozen=True)
class WorkerPlan:
    """What every worker is started with (picklable: workers are spawned)."""

    settings: Any  # gametable.server.config.Settings
    extra_games: tuple[str, ...]
    host: str
    port: int
    internal_host: str
    log_level: str
    count: int


def public_socket(host: str, port: int) -> socket.socket:
    """The public address, bound with SO_REUSEPORT so that every worker can bind it too."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


def internal_socket(host: str) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))  # any free port: the leases say which
    return sock


def run_worker(plan: WorkerPlan, index: int) -> None:
    """One worker process: a whole server on the shared public socket and its own internal one."""
    from gametable.server.catalog import ExtendedCatalog
    from gametable.server.starting import serve

    public = public_socket(plan.host, plan.port)
    internal = internal_socket(plan.internal_host)
    internal_port = internal.getsockname()[1]
    host = f"[{plan.internal_host}]" if ":" in plan.internal_host else plan.internal_host
    settings = dataclasses.replace(plan.settings, internal_url=f"http://{host}:{internal_port}")
    catalog = ExtendedCatalog(list(plan.extra_games))
    print(f"gametable: worker {index + 1} of {plan.count} (pid {multiprocessing.current_process().pid}) "
          f"takes forwarded tables at {settings.internal_url}", flush=True)
    if not serve(settings, catalog, host=plan.host, port=plan.port, log_level=plan.log_level,
                 sockets=[public, internal]):
        raise SystemExit(3)


def run_workers(plan: WorkerPlan) -> int:
    """Start ``plan.count`` workers and watch them until SIGTERM or SIGINT; returns the exit code."""
    context = multiprocessing.get_context("spawn")
    stopping = False

    def start(index: int) -> tuple[Any, float]:
        process = context.Process(target=run_worker, args=(plan, index), name=f"gametable-worker-{index + 1}")
        process.start()
        return process, time.monotonic()

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for process, _started in workers.values():
            if process.is_alive():
                process.terminate()  # SIGTERM: the worker drains, as a single server does

    workers = {index: start(index) for index in range(plan.count)}
    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        while not stopping:
            time.sleep(0.2)
            for index, (process, started) in list(workers.items()):
                if process.is_alive() or stopping:
                    continue
                if time.monotonic() - started < _QUICK_DEATH:
                    print(f"gametable: worker {index + 1} stopped at its start (exit code "
                          f"{process.exitcode}); see its messages above", flush=True)
                    stop(signal.SIGTERM, None)
                    break
                print(f"gametable: worker {index + 1} died (exit code {process.exitcode}); "
                      "starting it again", flush=True)
                workers[index] = start(index)
        deadline = time.monotonic() + plan.settings.graceful_shutdown + 10
        for process, _started in workers.values():
            process.join(max(0.1, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0
