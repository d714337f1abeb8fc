"""Garth as a yardstick (docs/bots.md): our levels' win rates against each Garth difficulty, with
their 95% intervals, drawn from `gametable arena --json` summaries (one per line; several lines
of one match-up, such as batches of a long run, are added together).

    python bench/garth_yardstick.py docs/data/garth-yardstick.jsonl --plot docs/garth-yardstick.png

Needs matplotlib for --plot (`pip install -e '.[bench]'`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gametable.sim.arena import wilson  # noqa: E402

GARTH_ORDER = ["garth-easy", "garth-medium", "garth-hard", "garth-very-hard"]


def match_ups(lines: list[dict]) -> dict[tuple[str, str, str], tuple[float, int, float]]:
    """(game, our level, Garth's level) -> (our wins, our seats, our VP summed over seats)."""
    totals: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0.0, 0, 0.0])
    for summary in lines:
        levels = {entry["level"]: entry for entry in summary["levels"]}
        garth = next(name for name in levels if name.startswith("garth-"))
        for name, entry in levels.items():
            if name == garth:
                continue
            total = totals[(summary["game"], name, garth)]
            total[0] += entry["win_rate"] * entry["seats"]
            total[1] += entry["seats"]
            total[2] += entry["average_score"] * entry["seats"]
    return {key: (wins, seats, vp) for key, (wins, seats, vp) in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("summaries", type=Path, help="arena --json summaries, one per line")
    parser.add_argument("--plot", type=Path, help="draw the win rates into this PNG")
    args = parser.parse_args()
    lines = [json.loads(line) for line in args.summaries.read_text().splitlines() if line.strip()]
    results = match_ups(lines)
    for (game, ours, garth), (wins, seats, vp) in sorted(results.items()):
        low, high = wilson(wins / seats, int(seats))
        print(f"{game:7} {ours:7} vs {garth:16} {wins / seats:6.1%} [{low:.1%}, {high:.1%}] "
              f"over {int(seats)} seats, {vp / seats:.1f} VP")
    if args.plot:
        _plot(results, args.plot)
        print(f"wrote {args.plot}")


def _plot(results, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = sorted({game for game, _, _ in results})
    ours = sorted({level for _, level, _ in results})
    figure, axes = plt.subplots(1, len(games), figsize=(5.5 * len(games), 4), sharey=True, squeeze=False)
    for axis, game in zip(axes[0], games):
        for offset, level in enumerate(ours):
            xs, rates, errors = [], [], [[], []]
            for x, garth in enumerate(GARTH_ORDER):
                if (game, level, garth) not in results:
                    continue
                wins, seats, _ = results[(game, level, garth)]
                rate = wins / seats
                low, high = wilson(rate, int(seats))
                xs.append(x + 0.15 * (offset - (len(ours) - 1) / 2))
                rates.append(100 * rate)
                errors[0].append(100 * (rate - low))
                errors[1].append(100 * (high - rate))
            axis.errorbar(xs, rates, yerr=errors, fmt="o", capsize=4, label=f"{level}")
        axis.axhline(60, color="grey", linestyle="--", linewidth=1)
        axis.text(3.4, 61, "goal for strong", color="grey", fontsize=8, ha="right")
        axis.set_xticks(range(len(GARTH_ORDER)), [g.removeprefix("garth-") for g in GARTH_ORDER])
        axis.set_title(game)
        axis.set_xlabel("Garth's difficulty")
        axis.set_ylim(-2, 100)
    axes[0][0].set_ylabel("our level's win rate, % (95% interval)")
    axes[0][-1].legend(loc="upper right")
    figure.suptitle("Two-player games against Garth (gametable arena, both seat orders)")
    figure.tight_layout()
    figure.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
