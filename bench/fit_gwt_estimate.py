"""Fit the GWT search's cut-off estimate to where basic games really end.

    python bench/fit_gwt_estimate.py [--games 300] [--seed 0] [--every 6] [--plot docs/img/gwt-estimate-fit.png]

The search (bots/search.py) stops its imagined games after a few dozen decisions and judges the
position by `estimated_scores` (bots/heuristics/gwt.py): the final scoring applied now plus what a
seat's holdings should still bring. This plays two-player games with the basic bot in both seats
(seeds seed, seed+1, ...) and, every --every decisions, notes each seat's holdings; once the game
is over it fits, by least squares, what the holdings are worth in final VP: the difference
between the two seats' points still to come (final score less the scoring now) against the
difference of their holdings. Differences, because the search judges a margin: what both seats
will still score alike cancels out.

Each holding enters twice, as it is and scaled by the share of the game still to come (an
engine is worth more early), except money and certificates. It prints the weights, how well the
fit and the estimate in use predict the margin still to come on games it was not fitted on
(every fifth game), and plots both predictions against what happened. The estimate in use keeps
the bot's own prices: a search with the fitted weights played worse (docs/bots.md, "A better
cut-off evaluation for GWT").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import numpy as np  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.progress import track  # noqa: E402
from rich.table import Table  # noqa: E402

from gametable import games as registry  # noqa: E402
from gametable.bots.heuristics.gwt import GwtBot, estimated_scores, holdings  # noqa: E402

#: the holdings the estimate scales by the share of the game still to come
INVESTMENTS = ("cowboy", "craftsman", "engineer", "engine", "buildings", "hand_discs", "herd",
               "perm_certs")


def features(state, seat: int) -> dict[str, float]:
    """The seat's holdings, the investments also scaled by the share of the game to come."""
    held = holdings(state, seat)
    future = held.pop("future")
    for name in INVESTMENTS:
        held[name + "_future"] = held[name] * future
    return held


def play(seed: int, every: int) -> tuple[list[list[dict[str, float]]], list[list[float]], list[float]]:
    """One basic game: the seats' holdings and scoring-now at every ``every``-th decision, and the
    final scores."""
    state = registry.get("gwt").new(2, seed)
    bots = [GwtBot(seed * 2 + seat) for seat in range(2)]
    held, now = [], []
    decision = 0
    while not state.is_over():
        if decision % every == 0:
            held.append([features(state, seat) for seat in range(2)])
            now.append(list(state.provisional_scores()))
            now[-1] += estimated_scores(state)  # the estimate in use, to compare with
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
        decision += 1
    final = [score["total"] for score in state.result()["scores"]]
    return held, now, final


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=6, help="note the holdings every N decisions")
    parser.add_argument("--plot", type=Path, default=None, help="a PNG of predicted against actual margins")
    args = parser.parse_args()
    if args.games < 5:
        parser.error("--games must be at least 5: every fifth game is held out to test the fit")
    if args.every < 1:
        parser.error("--every must be at least 1 (note the holdings every N decisions)")

    names: list[str] = []
    rows, targets, in_use, test = [], [], [], []
    for game in track(range(args.games), description="basic games"):
        held, now, final = play(args.seed + game, args.every)
        names = names or sorted(held[0][0])
        for (mine, theirs), scores in zip(held, now):
            rows.append([mine[name] - theirs[name] for name in names])
            targets.append((final[0] - scores[0]) - (final[1] - scores[1]))
            in_use.append((scores[2] - scores[0]) - (scores[3] - scores[1]))
            test.append(game % 5 == 4)
    x, y, old, test = np.array(rows), np.array(targets), np.array(in_use), np.array(test)
    weights, *_ = np.linalg.lstsq(x[~test], y[~test], rcond=None)

    console = Console()
    table = Table(title=f"VP per unit of a holding, fitted on {int((~test).sum())} positions "
                        f"of {args.games - args.games // 5} games")
    table.add_column("holding")
    table.add_column("weight", justify="right")
    for name, weight in zip(names, weights):
        table.add_row(name, f"{weight:.3f}")
    console.print(table)
    fitted = x[test] @ weights

    def error(predicted: np.ndarray) -> str:
        residual = y[test] - predicted
        return f"RMSE {np.sqrt(np.mean(residual ** 2)):.2f} VP, R² {1 - residual.var() / y[test].var():.3f}"

    console.print(f"margin still to come on {int(test.sum())} positions of held-out games: "
                  f"fitted {error(fitted)}; estimate in use {error(old[test])}; none {error(0 * fitted)}")
    if args.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(1, 2, figsize=(10, 4.5), sharey=True)
        for axis, predicted, title in ((axes[0], old[test], "estimate in use"), (axes[1], fitted, "fitted")):
            axis.scatter(predicted, y[test], s=4, alpha=0.3)
            axis.axline((0, 0), slope=1, color="grey", linewidth=1)
            axis.set_title(f"{title}: {error(predicted)}", fontsize=9)
            axis.set_xlabel("predicted margin still to come (VP)")
        axes[0].set_ylabel("margin still to come (VP)")
        figure.suptitle("GWT, 2 basic bots: the margin the holdings predict against the one that came")
        figure.tight_layout()
        figure.savefig(args.plot, dpi=110)
        console.print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
