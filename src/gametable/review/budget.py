"""How much the review thinks per decision, per game.

The search that finds the best choice is the ``strong`` bot's (the same iterations, roll-outs and
value). The choices are then judged by roll-outs to the END of the game by the basic bots: a
roll-out cut a few turns ahead and scored by the basic bot's estimate of the final scores judged
Great Western Trail's trail moves by where the cut fell in each line's trip to Kansas City (a
move judged 5.7 VP better at a cut 4 turns ahead was 3.3 VP worse at the end; docs/bots.md, "How
the review judges"). Luck compares two positions after the same move, where such a bias cancels:
it uses the search's own short roll-outs, whose noise is far smaller.

Sized so that a two-player Great Western Trail game is reviewed within three minutes of CPU
(bench/review_cost.py, docs/benchmarks.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gametable.bots.registry import SEARCH_BUDGETS
from gametable.bots.search import SearchBudget

#: a roll-out limit no game reaches: judging roll-outs play every game to its end
TO_THE_END = 1_000_000


@dataclass(frozen=True)
class ReviewBudget:
    #: the search that proposes the best choice (bots/search.py)
    search: SearchBudget
    #: worlds the played and the preferred choice are both played out in, where they differ
    rollouts: int
    #: worlds the played choice is played out in where the search prefers it too (only its win
    #: chance is wanted then, for the evaluation graph)
    level_rollouts: int
    #: worlds each side of a draw is played out in (the search's short roll-outs), to weigh it
    luck_rollouts: int

    @property
    def scale(self) -> float:
        """The score margin that counts as clearly ahead (the search's squashing scale): the unit
        of the marks' VP thresholds."""
        return self.search.margin_scale

    @property
    def judging(self) -> SearchBudget:
        """The roll-outs that judge a choice: the search's players, to the end of the game."""
        return replace(self.search, horizon=TO_THE_END, horizon_turns=0)


_STRONG = SEARCH_BUDGETS["strong"]

#: per game; a game without a search budget cannot be reviewed
REVIEW_BUDGETS: dict[str, ReviewBudget] = {
    name: ReviewBudget(search, rollouts=12, level_rollouts=4, luck_rollouts=48) for name, search in _STRONG.items()
}


class CannotReview(ValueError):
    """A game the review has no search for."""


def review_budget(game_name: str) -> ReviewBudget:
    try:
        return REVIEW_BUDGETS[game_name]
    except KeyError:
        raise CannotReview(f"the review knows no search for {game_name!r}; it reviews "
                           f"{', '.join(sorted(REVIEW_BUDGETS))}") from None
