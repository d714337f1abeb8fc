"""How much the review thinks per decision, per game.

The search that finds the best choice is the ``strong`` bot's (the same iterations, roll-outs and
value); on top of it, every judged choice is played out ``rollouts`` times from worlds dealt from
the seat's information. Sized so that a two-player Great Western Trail game is reviewed within
three minutes of CPU (bench/review_cost.py, docs/benchmarks.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gametable.bots.registry import SEARCH_BUDGETS
from gametable.bots.search import SearchBudget


@dataclass(frozen=True)
class ReviewBudget:
    #: the search that proposes the best choice (bots/search.py)
    search: SearchBudget
    #: worlds each judged choice is played out in (the played and the preferred choice share them)
    rollouts: int
    #: worlds a position is played out in after a draw, to weigh the draw (luck)
    luck_rollouts: int
    #: the judging roll-outs end as the seat begins its n-th turn after this one (0: after
    #: ``rollout_horizon`` decisions, or at the game's end): longer than the search's own look
    #: ahead, whose cut at two turns misjudged moves whose worth comes a turn later (delivering
    #: a turn early or late; docs/bots.md, "How the review judges")
    rollout_turns: int = 0
    rollout_horizon: int = 1_000

    @property
    def judging(self) -> SearchBudget:
        """The roll-outs that judge a choice: the search's players, a longer look ahead."""
        return replace(self.search, horizon=self.rollout_horizon, horizon_turns=self.rollout_turns)

    @property
    def scale(self) -> float:
        """The score margin that counts as clearly ahead (the search's squashing scale): the unit
        of the win-chance estimate and of the marks' VP thresholds."""
        return self.search.margin_scale


_STRONG = SEARCH_BUDGETS["strong"]

#: per game; a game without a search budget cannot be reviewed
REVIEW_BUDGETS: dict[str, ReviewBudget] = {
    "gwt": ReviewBudget(_STRONG["gwt"], rollouts=32, luck_rollouts=32, rollout_turns=4),
    "gwt-2e": ReviewBudget(_STRONG["gwt-2e"], rollouts=32, luck_rollouts=32, rollout_turns=4),
    # a whole game of CATAN: On the Road is a few dozen decisions: its roll-outs go to the end
    "catan-on-the-road": ReviewBudget(_STRONG["catan-on-the-road"], rollouts=32, luck_rollouts=32),
}


class CannotReview(ValueError):
    """A game the review has no search for."""


def review_budget(game_name: str) -> ReviewBudget:
    try:
        return REVIEW_BUDGETS[game_name]
    except KeyError:
        raise CannotReview(f"the review knows no search for {game_name!r}; it reviews "
                           f"{', '.join(sorted(REVIEW_BUDGETS))}") from None
