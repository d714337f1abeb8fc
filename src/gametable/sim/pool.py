"""Spread the games of a run over worker processes.

Every game is played from its index alone (RunPlan.play), so which process plays it changes
nothing: a run with N workers gives the same games as a run with one. Results come back in the
order games finish; callers that need an order sort by index. A run where games fail stops with
the failure of the lowest index, as a run in order does, whichever process failed first.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Protocol

if TYPE_CHECKING:
    from gametable.sim.cluster import Cluster
    from gametable.sim.savefile import SavedGame


class Plan(Protocol):
    """Games any process can play from their index alone (RunPlan, gametable.sim.arena.ArenaPlan);
    picklable, since worker processes receive it."""

    def play(self, index: int) -> Any: ...


#: the plan of the run this worker process plays games of (set once per process by _start_worker)
_worker_plan: Plan | None = None


def worker_count(requested: int) -> int:
    """``requested`` worker processes; 0 means one per CPU core."""
    if requested < 0:
        raise ValueError(f"the number of workers must be 0 (one per CPU core) or more, not {requested}")
    return requested or os.cpu_count() or 1


def _start_worker(plan: Plan | None = None) -> None:
    global _worker_plan
    _worker_plan = plan
    # Ctrl-C is the main process's to handle (it stops the pool and keeps what is saved);
    # workers that got it too would each print a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: a game's outcome as a worker returns it: its index, its record, and what it raised (or None)
Outcome = tuple[int, Any, "Exception | None"]


def play_outcome(plan: Plan, index: int) -> Outcome:
    """Game ``index`` of ``plan``; its failure returned, not raised (see in_order_of_failure)."""
    try:
        return index, plan.play(index), None
    except Exception as exc:  # noqa: BLE001 - reported by in_order_of_failure, as raised
        return index, None, exc


def in_order_of_failure(outcomes: Iterable[Outcome]) -> Iterator[Any]:
    """The records of ``outcomes``, which arrive in any order. Once a game has failed, no more
    records: the failure of the lowest index is raised as soon as every game below it is in, so
    that which failure a run reports does not depend on which process was quicker."""
    below = 0  # every index below this one is in
    ahead: set[int] = set()  # indexes in beyond it (a few chunks' worth)
    failure: tuple[int, Exception] | None = None
    for index, record, exc in outcomes:
        ahead.add(index)
        while below in ahead:
            ahead.remove(below)
            below += 1
        if exc is not None and (failure is None or index < failure[0]):
            failure = (index, exc)
        if failure is None:
            yield record
        elif below > failure[0]:
            raise failure[1]
    if failure is not None:
        raise failure[1]


def _play_in_worker(index: int) -> Outcome:
    assert _worker_plan is not None, "worker started without a plan"
    return play_outcome(_worker_plan, index)


def _chunk_size(games: int, workers: int) -> int:
    # Big enough that the cost of sending a game to a worker stays small next to playing it,
    # small enough that every worker stays busy to the end and results arrive steadily.
    return max(1, min(64, games // (workers * 16)))


def play_all(plan: Plan, games: int, workers: int = 1, cluster: "Cluster | None" = None) -> Iterator[Any]:
    """Play games 0 .. games-1 of ``plan`` on ``workers`` processes (1: in this process), or on
    ``cluster``'s CPUs (gametable.sim.cluster) if given; yield each record as its game finishes."""
    if cluster is not None:
        yield from cluster.play_all(plan, games)
        return
    workers = min(worker_count(workers), games)
    if workers <= 1:
        for index in range(games):
            yield plan.play(index)
        return
    with multiprocessing.Pool(workers, initializer=_start_worker, initargs=(plan,)) as pool:
        # imap_unordered takes the indexes lazily, so millions of games need no list of tasks
        yield from in_order_of_failure(
            pool.imap_unordered(_play_in_worker, range(games), _chunk_size(games, workers)))


def problem_of(saved: "SavedGame") -> str | None:
    """None if ``saved`` replays to its saved result, else why not (a refused action included)."""
    from gametable.sim.savefile import SavedGameError

    try:
        return saved.mismatch()
    except SavedGameError as exc:  # the engine refuses a saved action: a regression too
        return str(exc)


def check_all(saved_games: Iterable["SavedGame"], workers: int = 1) -> Iterator[str | None]:
    """problem_of each saved game, in the order given, replayed on ``workers`` processes. The games
    are read in this process (a bad line stops here with its error); replaying is the costly part."""
    workers = worker_count(workers)
    if workers <= 1:
        yield from map(problem_of, saved_games)
        return
    with multiprocessing.Pool(workers, initializer=_start_worker) as pool:
        yield from pool.imap(problem_of, saved_games, chunksize=8)
