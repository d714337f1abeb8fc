"""Finished games to review (gametable.review.sample_games) and what the tests add to them."""

from __future__ import annotations

from dataclasses import replace

from gametable import games
from gametable.engine import Action
from gametable.review import ReviewBudget, review_budget
from gametable.review.sample_games import basic_game


def small_budget(game_name: str) -> ReviewBudget:
    """A fraction of the review's budget, for tests of shape and determinism (not of judgement)."""
    budget = review_budget(game_name)
    return replace(budget, search=replace(budget.search, iterations=8), rollouts=6, luck_rollouts=4)


def thrown_away_score(game_name: str, seed: int, gap: float, within: int = 12) -> tuple[int, Action] | None:
    """The last decision of a basic game, among its last ``within`` actions, where one choice
    scores ``gap`` VP more than another at once, counted as the final scoring counts now
    (``provisional_scores``; so close to the end, points that stay: in GWT, keeping or dropping a
    fulfilled objective): (seq, the choice that scores least), or None."""
    game = games.get(game_name)
    log = basic_game(game_name, 2, seed)
    state = game.new(2, seed)
    found = None
    for seq, (seat, action) in enumerate(log["entries"], start=1):
        legal = state.legal_actions(seat)
        if len(legal) > 1 and seq > len(log["entries"]) - within:
            margins = [_margin_now(state, seat, a) for a in legal]
            if max(margins) - min(margins) >= gap:
                found = seq, legal[margins.index(min(margins))]
        state.apply(seat, action)
    return found


def _margin_now(state, seat: int, action: Action) -> float:
    after = state.clone()
    after.apply(seat, action)
    scores = after.provisional_scores()
    return scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
