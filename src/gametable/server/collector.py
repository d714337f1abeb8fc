"""The cyclic garbage collector, run by the event loop when it is due instead of by allocations.

Why: a busy server keeps making objects that live on. Every action leaves a new position, log
entries and the states kept for undo, and each of CPython's automatic collections traverses all
that is new since the last one, whether or not any of it is garbage. With 1,000 Great Western
Trail tables in memory a young collection took 30-500 ms and an older one up to a second, at
moments chosen by the allocations: in the middle of somebody's move. Those pauses were nearly the
whole latency tail (docs/benchmarks.md, "The garbage collector and the latency tail").

Reference counting frees everything without a reference cycle at once, and the engines and
bots make none (tests/engine/test_no_cycles.py). So the server switches the automatic collector
off and runs a **full collection** from the loop only

- when the process has grown by ``growth`` (a half) and at least ``min_growth`` bytes since the
  last one (each collection traverses the whole heap, so a process that is growing, such as one
  bringing 1,000 tables back after a restart, should not collect at every step), or
- at the latest ``full_every`` seconds after the last one,

for the cycles the libraries leave (asyncio futures, closed connections). A full collection of
a million objects pauses the process for about a second, as the automatic collector's full
collections did, but a few times an hour instead of every few seconds. Everything alive when the
server starts (modules, the app) is frozen first and never traversed.

Only ``gametable serve`` uses it (it changes the whole process); tests and scripts keep
CPython's collector.
"""

from __future__ import annotations

import asyncio
import gc
import os
import time
from typing import Callable

#: seconds between looks at the process's size
CHECK_EVERY = 1.0
#: a collection once the resident size grew by this share since the last one ...
GROWTH = 0.5
#: ... and by at least this many bytes (a small server grows by half quickly)
MIN_GROWTH = 128 * 2**20
#: seconds between collections at the latest
FULL_EVERY = 600.0

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def resident_bytes() -> int:
    """The process's resident size now (Linux), or its peak where /proc is missing."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except OSError:
        import resource  # not on Windows, where there is no /proc either

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if os.uname().sysname == "Darwin" else peak * 1024


class PacedCollector:
    def __init__(self, *, check_every: float = CHECK_EVERY, growth: float = GROWTH,
                 min_growth: int = MIN_GROWTH, full_every: float = FULL_EVERY,
                 clock: Callable[[], float] = time.monotonic,
                 size: Callable[[], int] = resident_bytes,
                 on_pause: Callable[[float, int], None] | None = None) -> None:
        self.check_every = check_every
        self.growth = growth
        self.min_growth = min_growth
        self.full_every = full_every
        self._clock = clock
        self._size = size
        #: told of each collection: its seconds and the objects it freed
        self.on_pause = on_pause
        self._timer: asyncio.TimerHandle | None = None
        self._was_enabled = True
        self._last_at = 0.0
        self._last_size = 0

    def start(self) -> None:
        """Take over from the automatic collector. Everything alive now (modules, the app) is
        frozen: it lives as long as the process."""
        self._was_enabled = gc.isenabled()
        gc.disable()
        gc.freeze()
        self._last_at = self._clock()
        self._last_size = self._size()
        self._timer = asyncio.get_running_loop().call_later(self.check_every, self._tick)

    def stop(self) -> None:
        """Give the collector back to CPython, as it was before start()."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        gc.unfreeze()
        if self._was_enabled:
            gc.enable()

    def _tick(self) -> None:
        try:
            self.step()
        finally:
            self._timer = asyncio.get_running_loop().call_later(self.check_every, self._tick)

    def due(self) -> bool:
        grown = self._size() - self._last_size
        return (grown >= self.min_growth and grown >= self.growth * self._last_size
                or self._clock() - self._last_at >= self.full_every)

    def step(self) -> None:
        """A full collection if one is due."""
        if not self.due():
            return
        started = time.perf_counter()
        freed = gc.collect()
        seconds = time.perf_counter() - started
        self._last_at = self._clock()
        self._last_size = self._size()
        if self.on_pause is not None:
            self.on_pause(seconds, freed)
