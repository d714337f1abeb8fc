"""What a review worker process does: judge a finished table's log (gametable.review) and tell
the server how far it got through a queue the server reads (rooms/reviews.py).

Nothing here touches the store: the server process keeps the rows, so that a worker needs
neither a database connection nor the server's settings beyond the review's effort.
"""

from __future__ import annotations

import json
import signal
import time
from dataclasses import dataclass, replace
from typing import Any

from gametable.review import ReviewBudget, review_budget

#: seconds between two progress messages of one review (the last one always goes)
_PROGRESS_EVERY = 0.5

#: the queue progress goes to, in a worker process (set by start_worker)
_progress_queue: Any = None


def effort_budget(game_name: str, effort: float) -> ReviewBudget:
    """The review's budget for the game with its search and roll-outs scaled by ``effort``
    (1: the documented budget; at least one of each). Raises CannotReview for a game the
    review does not know."""
    budget = review_budget(game_name)
    if effort == 1:
        return budget

    def scaled(count: int) -> int:
        return max(1, round(count * effort))

    return replace(budget, search=replace(budget.search, iterations=scaled(budget.search.iterations)),
                   rollouts=scaled(budget.rollouts), level_rollouts=scaled(budget.level_rollouts),
                   luck_rollouts=scaled(budget.luck_rollouts))


@dataclass(frozen=True)
class ReviewJob:
    """One finished table to review (picklable: it goes to a worker process)."""
    table_id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    entries: list[tuple[int, Any]]
    review_seed: int
    effort: float


def start_worker(queue: Any) -> None:
    global _progress_queue
    _progress_queue = queue
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server handles Ctrl-C and stops the pool


def run(job: ReviewJob) -> str:
    """The review's JSON text (as the API serves it); progress goes to the server's queue."""
    from gametable import games
    from gametable.review import review_log

    last = 0.0

    def on_progress(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if _progress_queue is not None and (done == total or now - last >= _PROGRESS_EVERY):
            last = now
            _progress_queue.put((job.table_id, done / total if total else 1.0))

    review = review_log(games.get(job.game), job.players, job.seed, job.options, job.entries,
                        review_seed=job.review_seed, budget=effort_budget(job.game, job.effort),
                        on_progress=on_progress)
    return json.dumps(review, separators=(",", ":"))
