"""The review of a finished game by the search bot: every decision of every seat judged from that
seat's information only, marked (inaccuracy, mistake, blunder), summed up per seat (accuracy,
marks, luck). Engine-agnostic: it uses the protocol only, like gametable.bots and gametable.sim.

``review_log(game, players, seed, options, actions)`` builds the review (game.py); how it judges is
in docs/bots.md, "How the review judges".
"""

from gametable.review.budget import REVIEW_BUDGETS, CannotReview, ReviewBudget, review_budget
from gametable.review.game import ProgressCallback, review_log, summarize

__all__ = ["REVIEW_BUDGETS", "CannotReview", "ProgressCallback", "ReviewBudget", "review_budget", "review_log",
           "summarize"]
