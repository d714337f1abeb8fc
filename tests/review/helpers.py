"""Finished games to review: saved ones played by bots, and ones with a bad move put in."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gametable import games
from gametable.bots.registry import basic_bot
from gametable.engine import Action
from gametable.review import ReviewBudget, review_budget


def small_budget(game_name: str) -> ReviewBudget:
    """A fraction of the review's budget, for tests of shape and determinism (not of judgement)."""
    budget = review_budget(game_name)
    return replace(budget, search=replace(budget.search, iterations=8), rollouts=6, luck_rollouts=4)


def basic_game(game_name: str, players: int, seed: int, replaced: dict[int, Action] | None = None
               ) -> dict[str, Any]:
    """A finished game of basic bots (a log: game, players, seed, options, actions); at the seqs of
    ``replaced`` (1 = the first action) the given action is played instead of the bot's."""
    game = games.get(game_name)
    state = game.new(players, seed)
    bots = [basic_bot(game_name)(seed * 10 + seat) for seat in range(players)]
    actions: list[tuple[int, Action]] = []
    while not state.is_over():
        seat = state.to_act()[0]
        action = (replaced or {}).get(len(actions) + 1) or bots[seat].choose(state, seat)
        actions.append((seat, state.apply(seat, action)))
    return {"game": game, "players": players, "seed": seed, "options": {}, "entries": actions}


def position(log: dict[str, Any], seq: int):
    """The state before the action of ``seq``."""
    state = log["game"].new(log["players"], log["seed"], log["options"])
    for seat, action in log["entries"][:seq - 1]:
        state.apply(seat, action)
    return state


def thrown_away_score(game_name: str, seed: int, gap: float) -> tuple[int, Action] | None:
    """The first decision of a basic game where the seat could ``skip`` although another choice
    gains ``gap`` VP more at once (as the basic bot's estimate of the final scores says): (seq,
    the skip), or None."""
    game = games.get(game_name)
    log = basic_game(game_name, 2, seed)
    estimate = basic_bot(game_name)(0).estimated_scores
    state = game.new(2, seed)
    for seq, (seat, action) in enumerate(log["entries"], start=1):
        legal = state.legal_actions(seat)
        skips = [a for a in legal if a["type"] == "skip"]
        if skips and len(legal) > 1:
            margins = [_margin_after(state, seat, a, estimate) for a in legal]
            if max(margins) - _margin_after(state, seat, skips[0], estimate) >= gap:
                return seq, skips[0]
        state.apply(seat, action)
    return None


def _margin_after(state, seat: int, action: Action, estimate) -> float:
    from gametable.bots.search import score_margin

    after = state.clone()
    after.apply(seat, action)
    return score_margin(after, seat, estimate)
