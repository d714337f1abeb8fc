"""The review of a finished game: every decision judged, then summed up per seat.

``review_log`` takes a game's log (its seed, options and actions, undo entries included, as a
table or a saved game holds them) and returns the review as the API serves it::

    {status, progress,
     seats: [{accuracy, inaccuracies, mistakes, blunders, luck}],
     decisions: [{seq, seat, played, best, loss_vp, win_chance_before, win_chance_after, mark}]}

Decisions are judged one by one (decisions.py) on ``workers`` processes (gametable.sim.pool);
each is seeded from the review's seed and its seq alone, so the review is the same for any
number of processes. Actions a seat took back (undo) are not judged: the decision that counts
is the one it kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterable, Mapping

from gametable.engine import Game, is_undo, timeline_steps
from gametable.engine.undo import undo_steps
from gametable.review import marks
from gametable.review.budget import ReviewBudget, review_budget
from gametable.review.decisions import Decision, Judgement, judge
from gametable.sim.pool import play_all

#: called with (decisions judged, decisions to judge) after each one
ProgressCallback = Callable[[int, int], None]


def kept_steps(entries: list[tuple[int, Any]]) -> set[int]:
    """The seqs (1 = the first entry) of the game actions no later undo took back."""
    kept: list[int] = []
    for seq, (_, action) in enumerate(entries, start=1):
        if is_undo(action):
            del kept[len(kept) - undo_steps(action):]
        else:
            kept.append(seq)
    return set(kept)


def decisions_of(game: Game, players: int, seed: int, options: Mapping[str, Any] | None,
                 entries: list[tuple[int, Any]], only: Collection[int] | None = None) -> list[Decision]:
    """The decisions to judge, in log order: every kept action (of ``only``, when given) with
    the position before it and, where it revealed something, the position after it."""
    wanted = kept_steps(entries)
    if only is not None:
        wanted &= set(only)
    decisions = []
    timeline_iter = timeline_steps(game, players, seed, options, entries)
    timeline = next(timeline_iter)
    for seq, (seat, action) in enumerate(entries, start=1):
        before = timeline.state.clone() if seq in wanted else None
        marker = timeline.state.reveal_marker() if seq in wanted else None
        forced = before is not None and len(before.legal_actions(seat)) == 1
        timeline = next(timeline_iter)
        if before is None:
            continue
        revealed = marker is None or timeline.state.reveal_marker() != marker
        decisions.append(Decision(seq, seat, action, forced, before,
                                  timeline.state.clone() if revealed and not timeline.state.is_over() else None))
    return decisions


@dataclass(frozen=True)
class ReviewPlan:
    """The decisions of one review, judged by index in any process (gametable.sim.pool.Plan)."""
    game_name: str
    decisions: tuple[Decision, ...]
    budget: ReviewBudget
    seed: int

    def play(self, index: int) -> Judgement:
        return judge(self.decisions[index], self.game_name, self.budget, self.seed)


def review_log(game: Game, players: int, seed: int, options: Mapping[str, Any] | None,
               entries: Iterable[tuple[int, Any]], *, review_seed: int = 0, workers: int = 1,
               budget: ReviewBudget | None = None, on_progress: ProgressCallback | None = None,
               only: Collection[int] | None = None) -> dict[str, Any]:
    """The review of a finished game (see the module's docstring); ``only``: judge just these seqs.
    Raises ReplayRefused if the log does not replay, CannotReview for a game without a search."""
    budget = budget or review_budget(game.name)
    entries = list(entries)
    decisions = decisions_of(game, players, seed, options, entries, only)
    plan = ReviewPlan(game.name, tuple(decisions), budget, review_seed)
    judgements: list[Judgement] = []
    if on_progress:
        on_progress(0, len(decisions))
    for judgement in play_all(plan, len(decisions), workers) if decisions else ():
        judgements.append(judgement)
        if on_progress:
            on_progress(len(judgements), len(decisions))
    judgements.sort(key=lambda j: j.seq)
    return summarize(judgements, players)


def summarize(judgements: list[Judgement], players: int, status: str = "done",
              progress: float = 1.0) -> dict[str, Any]:
    """The review's shape from judged decisions (in seq order)."""
    return {"status": status, "progress": progress,
            "seats": [_seat_summary([j for j in judgements if j.seat == seat]) for seat in range(players)],
            "decisions": [j.to_json() for j in judgements]}


def _seat_summary(judgements: list[Judgement]) -> dict[str, Any]:
    judged = [j for j in judgements if not j.forced]
    accuracy = marks.seat_accuracy([j.cost for j in judged])
    counts = {name: sum(j.mark == name for j in judged) for name in marks.MARKS}
    luck = sum(j.luck_vp for j in judgements if j.luck_vp is not None)
    return {"accuracy": None if accuracy is None else round(accuracy, 1),
            "inaccuracies": counts["inaccuracy"], "mistakes": counts["mistake"], "blunders": counts["blunder"],
            "luck": round(luck, 1)}

