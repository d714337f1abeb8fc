"""Judge one decision of a finished game from the deciding seat's information only.

A decision with one legal action is forced: nothing to judge. Otherwise the search (the strong
bot's, bots/search.py) proposes its choice from the position; where it differs from the played
one, both are played out to the end of the game in the same worlds (rollouts.py) and the better
by VP margin is the *best*: the review never calls a choice worse than one the roll-outs find no
better. When the action revealed something (a card drawn, a deck shuffled: the game's
``reveal_marker`` changed), the seat's prospects a few turns ahead (the search's roll-outs) after
what came are set against its prospects after the same action with a draw dealt at random from
what it knew: the luck of the draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gametable.bots.registry import basic_bot
from gametable.bots.search import action_key, best_root_action, root_statistics
from gametable.engine import Action, Rng, State
from gametable.review import marks
from gametable.review.budget import ReviewBudget
from gametable.review.rollouts import compare_actions, paired_difference, position_outcome


@dataclass
class Decision:
    """One action of the log to judge: the position before it and, if it revealed something,
    the position after it."""
    seq: int  # its number in the log (1: the first action), as the table's replay counts
    seat: int
    played: Action
    forced: bool
    before: State
    after: State | None = None


@dataclass
class Judgement:
    seq: int
    seat: int
    played: Action
    best: Action
    forced: bool
    loss_vp: float = 0.0
    win_chance_before: float | None = None
    win_chance_after: float | None = None
    mark: str | None = None
    #: the share of a win the choice cost (marks.drop); 0 for forced
    cost: float = 0.0
    #: the draw's value against its expectation, in VP of margin (None: nothing revealed)
    luck_vp: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "seat": self.seat, "played": self.played, "best": self.best,
                "loss_vp": round(self.loss_vp, 2), "win_chance_before": _rounded(self.win_chance_before),
                "win_chance_after": _rounded(self.win_chance_after), "mark": self.mark}


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def decision_seed(review_seed: int, seq: int) -> int:
    """Every decision's own seed: its judgement depends on the review's seed and its seq only,
    never on the process that judged it or the order."""
    return Rng(review_seed * 1_000_003 + seq).next_u64()


def judge(decision: Decision, game_name: str, budget: ReviewBudget, review_seed: int) -> Judgement:
    rng = Rng(decision_seed(review_seed, decision.seq))
    search_seed, judging_seed, luck_seed = rng.next_u64(), rng.next_u64(), rng.next_u64()
    basic = basic_bot(game_name)
    state, seat, played = decision.before, decision.seat, decision.played
    judgement = Judgement(decision.seq, seat, played, played, decision.forced)
    if not decision.forced:
        preferred = _search_choice(state, seat, basic, budget, search_seed)
        if action_key(preferred) == action_key(played):
            (outcome,) = compare_actions(state, seat, [played], basic, budget.judging, budget.level_rollouts,
                                         judging_seed)
            judgement.win_chance_before = judgement.win_chance_after = outcome.win_chance
        else:
            played_outcome, preferred_outcome = compare_actions(state, seat, [played, preferred], basic,
                                                                budget.judging, budget.rollouts, judging_seed)
            judgement.win_chance_before = judgement.win_chance_after = played_outcome.win_chance
            if preferred_outcome.margin > played_outcome.margin:
                _weigh_loss(judgement, preferred, preferred_outcome, played_outcome, budget.scale)
    if decision.after is not None:
        (expected,) = compare_actions(state, seat, [played], basic, budget.search, budget.luck_rollouts, luck_seed)
        came = position_outcome(decision.after, seat, basic, budget.search, budget.luck_rollouts, luck_seed)
        judgement.luck_vp = came.margin - expected.margin
    return judgement


def _search_choice(state: State, seat: int, basic, budget: ReviewBudget, seed: int) -> Action:
    """What the strong bot would play here (its decision, with the review's seed)."""
    actions = state.legal_actions(seat)
    candidates = basic(seed).search_candidates(state, seat, actions)
    if len(candidates) == 1:
        return candidates[0]
    return best_root_action(candidates, root_statistics(state, seat, basic, budget.search, seed))


def _weigh_loss(judgement: Judgement, best: Action, best_outcome, played_outcome, scale: float) -> None:
    loss_vp, vp_error = paired_difference(best_outcome.margins, played_outcome.margins)
    chance_drop, chance_error = paired_difference(best_outcome.win_chances, played_outcome.win_chances)
    chance_drop = max(0.0, chance_drop)
    judgement.best = best
    judgement.loss_vp = loss_vp
    judgement.win_chance_before = best_outcome.win_chance
    judgement.win_chance_after = played_outcome.win_chance
    judgement.cost = marks.drop(chance_drop, loss_vp, scale)
    judgement.mark = marks.mark(chance_drop, chance_error, loss_vp, vp_error, scale)
