"""The search's top choices for a seat, with the final VP each is expected to bring: a hint on a
friendly table (rooms/hints.py). Runs in the bot pool's worker processes.

The choices are ranked as the strong bot ranks them (bots/search.py's root statistics: visits,
then value); each of the top ones is then played out to the end of the game by the basic bots
in the same few worlds the seat cannot tell from the real one, and the seat's final score is
averaged: the "estimated final VP" of the choice.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gametable.bots.registry import SEARCH_BUDGETS, basic_bot
from gametable.bots.search import SearchBudget, action_key, play_out, root_statistics, turn_counter
from gametable.engine import Action, IllegalAction, Rng, State
from gametable.review.budget import TO_THE_END

#: how many choices a hint shows
TOP = 3
#: worlds each shown choice is played out in, at effort 1
_WORLDS = 8


def hint_budget(game_name: str, effort: float) -> SearchBudget | None:
    """The strong bot's search, its iterations scaled by ``effort``; None for a game without one."""
    budget = SEARCH_BUDGETS["strong"].get(game_name)
    if budget is None:
        return None
    return replace(budget, iterations=max(1, round(budget.iterations * effort)))


def top_choices(game_name: str, state: State, seat: int, seed: int, effort: float = 1.0) -> list[dict[str, Any]]:
    """Up to TOP of the seat's legal actions, best first: ``{action, visits, vp}`` (visits: the
    search's, 0 where it had one candidate only; vp: the seat's expected final score)."""
    budget = hint_budget(game_name, effort)
    if budget is None:
        raise ValueError(f"no search for {game_name}")
    basic = basic_bot(game_name)
    rng = Rng(seed)
    candidates = basic(rng.next_u64()).search_candidates(state, seat, state.legal_actions(seat))
    totals: dict[str, tuple[int, float]] = {}
    if len(candidates) > 1:
        totals = root_statistics(state, seat, basic, budget, rng.next_u64())

    def merit(item: tuple[int, Action]) -> tuple[int, float, int]:
        visits, value = totals.get(action_key(item[1]), (0, 0.0))
        return visits, value, -item[0]

    ranked = [a for _, a in sorted(enumerate(candidates), key=merit, reverse=True)][:TOP]
    finals = final_scores(state, seat, ranked, basic, budget, max(1, round(_WORLDS * min(1.0, effort * 4))),
                          rng.next_u64())
    return [{"action": action, "visits": totals.get(action_key(action), (0, 0.0))[0], "vp": round(vp, 1)}
            for action, vp in zip(ranked, finals)]


def final_scores(state: State, seat: int, actions: list[Action], basic, budget: SearchBudget, worlds: int,
                 seed: int) -> list[float]:
    """The seat's mean final score after each of ``actions``, played out to the end in the
    same ``worlds`` worlds (the same hidden cards and draws for every action)."""
    to_the_end = replace(budget, horizon=TO_THE_END, horizon_turns=0)
    rng = Rng(seed)
    sums = [0.0] * len(actions)
    counted = [0] * len(actions)
    for _ in range(worlds):
        world = state.determinize(seat, rng)
        players_seed = rng.next_u64()
        for index, action in enumerate(actions):
            played = world.clone()
            try:
                played.apply(seat, action)
            except IllegalAction:
                continue
            players = [basic(players_seed + p) for p in range(played.num_players)]
            play_out(played, players, to_the_end, turn_counter(seat, to_the_end))
            sums[index] += _own_score(played, seat, players[seat].estimated_scores)
            counted[index] += 1
    return [total / count if count else 0.0 for total, count in zip(sums, counted)]


def _own_score(world: State, seat: int, estimated_scores) -> float:
    if world.is_over():
        return float(next(s["total"] for s in world.result()["scores"] if s["seat"] == seat))
    return float(estimated_scores(world)[seat])
