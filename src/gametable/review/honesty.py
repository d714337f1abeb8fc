"""Check the review's marks against what happens: play the played and the preferred choice of a
marked decision to the end of the game again, in many more worlds than the review played (and
other ones), and see which does better. A mark the review gave on the strength of a lucky few
roll-outs would fail here about as often as it holds (tests/review/test_honesty.py,
bench/review_honesty.py, docs/bots.md).

A mark is confirmed when the preferred choice did better, over the check's worlds, in the measure
that gave the mark: the final VP margin when the VP lost outweighed the drop in win chance
(marks.drop), else the share of games won.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from gametable.bots.registry import basic_bot
from gametable.engine import Action, State
from gametable.review.budget import review_budget
from gametable.review.rollouts import compare_actions, paired_difference

@dataclass(frozen=True)
class Verdict:
    """What the check found for one marked decision (preferred minus played, to the end)."""
    seq: int
    mark: str
    #: the measure that gave the mark: "vp" or "win_chance"
    measure: str
    loss_vp: float
    margin_gain: float
    margin_error: float
    win_gain: float
    worlds: int

    @property
    def confirms(self) -> bool:
        """Whether the preferred choice did better in the measure that gave the mark."""
        return (self.margin_gain if self.measure == "vp" else self.win_gain) > 0


def deciding_measure(decision: dict[str, Any], scale: float) -> str:
    """Which loss gave a decision its mark (marks.drop takes the larger)."""
    chance_drop = decision["win_chance_before"] - decision["win_chance_after"]
    return "vp" if decision["loss_vp"] / (2 * scale) >= chance_drop else "win_chance"


def play_to_the_end(game_name: str, state: State, seat: int, played: Action, preferred: Action, worlds: int,
                    seed: int) -> tuple[tuple[float, float], float, int]:
    """Both choices played to the end of the game by the basic bots in ``worlds`` shared worlds
    dealt from ``seat``'s information: (the preferred's margin gain and its standard error), its
    gain in share of wins, and the worlds played."""
    best, worse = compare_actions(state, seat, [preferred, played], basic_bot(game_name),
                                  review_budget(game_name).judging, worlds, seed)
    return paired_difference(best.margins, worse.margins), best.win_chance - worse.win_chance, len(best.margins)


def check_marks(positions: dict[int, State], review: dict[str, Any], game_name: str, marks: Iterable[str],
                worlds: int, seed: int = 0) -> list[Verdict]:
    """A verdict for every decision of ``review`` marked with one of ``marks``; ``positions``: the
    state before each of them, by seq."""
    scale = review_budget(game_name).scale
    verdicts = []
    for decision in review["decisions"]:
        if decision["mark"] not in marks:
            continue
        (gain, error), win_gain, played = play_to_the_end(
            game_name, positions[decision["seq"]], decision["seat"], decision["played"], decision["best"], worlds,
            seed * 1_000_003 + decision["seq"])
        verdicts.append(Verdict(decision["seq"], decision["mark"], deciding_measure(decision, scale),
                                decision["loss_vp"], gain, error, win_gain, played))
    return verdicts
