"""Check the review's marks against what happens: play the played and the preferred choice of a
judged decision to the END of the game, many times, in the same worlds, and see which does
better. The review itself cuts its roll-outs a few turns ahead and estimates the final scores
there; this check estimates nothing, so it tells whether those estimates point the right way
(tests/review/test_honesty.py, bench/review_honesty.py, docs/bots.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gametable.bots.registry import basic_bot
from gametable.engine import Action, State
from gametable.review.budget import review_budget
from gametable.review.rollouts import compare_actions, paired_difference

#: a roll-out limit no game reaches: the check plays every game to its end
_TO_THE_END = 1_000_000


@dataclass(frozen=True)
class Verdict:
    """Preferred minus played over the worlds: final VP margin and share of the win."""
    margin_gain: float
    margin_error: float
    win_gain: float
    worlds: int

    @property
    def confirms(self) -> bool:
        """Whether the preferred choice did better in the final margin, as the review said."""
        return self.margin_gain > 0


def play_to_the_end(game_name: str, state: State, seat: int, played: Action, preferred: Action, worlds: int,
                    seed: int) -> Verdict:
    """Both choices played to the end of the game by the basic bots in ``worlds`` shared worlds
    dealt from ``seat``'s information."""
    budget = replace(review_budget(game_name).search, horizon=_TO_THE_END, horizon_turns=0)
    best, worse = compare_actions(state, seat, [preferred, played], basic_bot(game_name), budget, worlds, seed)
    gain, error = paired_difference(best.margins, worse.margins)
    return Verdict(gain, error, best.win_chance - worse.win_chance, len(best.margins))
