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


def game_with_poor_moves(game_name: str, seed: int, poor_seat: int, every: int, from_seq: int = 1
                         ) -> tuple[dict[str, Any], set[int]]:
    """A finished game of basic bots where ``poor_seat`` plays, at every ``every``-th of its
    decisions with a choice from ``from_seq`` on, the move its basic bot likes least; and the seqs
    of those moves."""
    game = games.get(game_name)
    state = game.new(2, seed)
    bots = [basic_bot(game_name)(seed * 10 + seat) for seat in range(2)]
    actions: list[tuple[int, Action]] = []
    poor: set[int] = set()
    choices = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state, seat)
        if seat == poor_seat and len(legal) > 1 and len(actions) + 1 >= from_seq:
            choices += 1
            if choices % every == 0:
                scores = bots[seat].scores(state, seat, legal)
                action = legal[scores.index(min(scores))]
                poor.add(len(actions) + 1)
        actions.append((seat, state.apply(seat, action)))
    return {"game": game, "players": 2, "seed": seed, "options": {}, "entries": actions}, poor
