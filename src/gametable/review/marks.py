"""What a loss is called, and how accurate a seat played: the review's thresholds.

A decision's *drop* is what the played choice cost against the best one found, as a share of a
win: the drop in win chance, or, when larger, the VP margin lost divided by twice the game's
scale (what that many VP cost in an even game, where the win chance 0.5 + 0.5 * tanh(margin /
scale) rises by 1 / (2 * scale) per VP). So a player far ahead or far behind, whose win chance
hardly moves, is still told when a choice gave away points.

Marks (docs/bots.md, "How the review judges"): an inaccuracy from a drop of 0.10, a mistake from
0.20, a blunder from 0.30 — lichess's figures, which lichess applies to a win chance on a scale
from -1 to 1, here on a scale from 0 to 1: twice as lenient. Our values come from a short
look-ahead by basic players and a heuristic estimate of the final scores, not a chess engine's
deep search, and a euro game turns less on one move; a blunder here costs about a third of a
game. A loss is marked only when it stands out of the roll-outs' noise: at least ``SIGNIFICANCE``
standard errors of the paired differences.

Accuracy of a decision: lichess's transform of the drop in percentage points,
103.1668 * exp(-0.04354 * drop) - 3.1669, kept within 0..100 (100: the best choice, about 64
for an inaccuracy's drop, 40 for a mistake's, 25 for a blunder's); a seat's accuracy is the
mean over its judged decisions (forced ones are not judged).
"""

from __future__ import annotations

import math

#: (mark, the drop from which it is given), worst first
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.30), ("mistake", 0.20), ("inaccuracy", 0.10))
#: standard errors a loss must stand above zero to be marked
SIGNIFICANCE = 2.0
MARKS = tuple(name for name, _ in reversed(THRESHOLDS))


def drop(win_chance_drop: float, loss_vp: float, scale: float) -> float:
    """The share of a win a choice cost (see the module's docstring)."""
    return max(win_chance_drop, loss_vp / (2 * scale), 0.0)


def mark(win_chance_drop: float, win_chance_error: float, loss_vp: float, vp_error: float,
         scale: float) -> str | None:
    """The mark of a choice: the worst whose threshold a significant loss reaches, else None.
    Each loss (in win chance, in VP) counts only when it is ``SIGNIFICANCE`` standard errors
    (``*_error``) above zero."""
    significant_chance = win_chance_drop if win_chance_drop >= SIGNIFICANCE * win_chance_error else 0.0
    significant_vp = loss_vp if loss_vp >= SIGNIFICANCE * vp_error else 0.0
    cost = drop(significant_chance, significant_vp, scale)
    for name, threshold in THRESHOLDS:
        if cost >= threshold:
            return name
    return None


def decision_accuracy(cost: float) -> float:
    """Lichess's accuracy of a move from the drop (a share of a win), within 0..100."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * 100 * cost) - 3.1669))


def seat_accuracy(costs: list[float]) -> float | None:
    """The mean accuracy of a seat's judged decisions; None without any."""
    if not costs:
        return None
    return sum(decision_accuracy(c) for c in costs) / len(costs)
