"""Finished games of basic bots to review, for the honesty check (bench/review_honesty.py) and
the review's tests: as played, or with chosen moves put in (a given action, or at regular
intervals the move the bot likes least)."""

from __future__ import annotations

from typing import Any

from gametable import games
from gametable.bots.registry import basic_bot
from gametable.engine import Action


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


#: a game with poor moves longer than this is taken for one that loops (it is a bug to report,
#: not a game to wait for: basic games of our games end within a few hundred actions)
MAX_ACTIONS = 5000


class EndlessGame(RuntimeError):
    """The poor moves kept the game from ending."""


def game_with_poor_moves(game_name: str, seed: int, poor_seat: int, every: int, from_seq: int = 1
                         ) -> tuple[dict[str, Any], set[int]]:
    """A finished game of basic bots where ``poor_seat`` plays, at every ``every``-th of its
    decisions with a choice from ``from_seq`` on, the move its basic bot likes least; and the seqs
    of those moves.

    A decision with a choice is one with more than one move the search would weigh (the basic
    bot's ``search_candidates``), and the poor move is the least liked of those: the single steps
    of a larger move and the openings of an offer the bot would not make are not decisions of
    their own. In CATAN: On the Road, least-liked offer steps and useless trade openings were
    no-op detours that never ended: at every second choice the seat opened a trade and dropped it
    again, four choices a round, the same one poor each time, for ever. In Great Western Trail
    every legal move is a candidate, so its games are as they were."""
    game = games.get(game_name)
    state = game.new(2, seed)
    bots = [basic_bot(game_name)(seed * 10 + seat) for seat in range(2)]
    # narrows the moves without touching the poor seat's own bot (its RNG breaks its ties)
    narrower = basic_bot(game_name)(seed * 10 + poor_seat)
    actions: list[tuple[int, Action]] = []
    poor: set[int] = set()
    choices = 0
    while not state.is_over():
        if len(actions) >= MAX_ACTIONS:
            raise EndlessGame(f"{game_name} seed {seed}: no end after {MAX_ACTIONS} actions with poor moves")
        seat = state.to_act()[0]
        action = bots[seat].choose(state, seat)
        if seat == poor_seat and len(actions) + 1 >= from_seq:
            legal = state.legal_actions(seat)
            candidates = narrower.search_candidates(state, seat, legal) if len(legal) > 1 else legal
            if len(candidates) > 1:
                choices += 1
                if choices % every == 0:
                    scores = bots[seat].scores(state, seat, candidates)
                    action = candidates[scores.index(min(scores))]
                    poor.add(len(actions) + 1)
        actions.append((seat, state.apply(seat, action)))
    return {"game": game, "players": 2, "seed": seed, "options": {}, "entries": actions}, poor
