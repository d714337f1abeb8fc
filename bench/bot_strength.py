"""Bot strength: how often each bot level wins, per game and player count, and how fast it decides.

    python bench/bot_strength.py [--games 100] [--players 2 3 4] [--seed 0] [--json]
                                 [--plot docs/bot-strength.png] [--matchups "strong vs basic" ...]

Match-ups per game and player count (by default the first two), each over --games games with
seeds seed, seed+1, ...:
- basic vs random: one basic bot, random bots in the other seats; the basic bot takes each seat
  in turn (game i: seat i mod players), so no seat order favours it;
- basic vs basic: basic bots in every seat; the "tracked" seat rotates the same way, so its win
  rate should sit near an equal share (a check of the method, and of seat-order effects);
- good vs basic, strong vs basic: one search bot among basic bots, its seat rotating the same
  way (slow: a search bot thinks up to seconds a decision; run them with few games).
A shared win counts 1/winners. Win rates come with 95% Wilson intervals. "ms per decision" is the
tracked bot's average time to choose (view, legal actions and scoring included). The plot needs
matplotlib (the `bench` extra); without it the figures are still printed.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rich.console import Console  # noqa: E402
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # noqa: E402
from rich.table import Table  # noqa: E402

from gametable import games as registry  # noqa: E402
from gametable.sim.arena import wilson  # noqa: E402
from gametable.sim.runner import play_game, seat_bots  # noqa: E402

MATCHUPS = {"basic vs random": ("basic", "random"), "basic vs basic": ("basic", "basic"),
            "good vs basic": ("good", "basic"), "strong vs basic": ("strong", "basic")}
DEFAULT_MATCHUPS = ["basic vs random", "basic vs basic"]
DEFAULT_PLOT = Path(__file__).resolve().parents[1] / "docs" / "bot-strength.png"


class Timed:
    """A bot whose decisions are counted and timed."""

    def __init__(self, bot) -> None:
        self.bot, self.decisions, self.seconds = bot, 0, 0.0

    def choose(self, state, seat):
        start = time.perf_counter()
        action = self.bot.choose(state, seat)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return action


@dataclass
class Result:
    game: str
    players: int
    matchup: str
    games: int = 0
    wins: float = 0.0
    tracked_score: float = 0.0
    others_score: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    scores: list[int] = field(default_factory=list)

    def add(self, state, seat: int, bot: Timed) -> None:
        result = state.result()
        totals = {s["seat"]: s["total"] for s in result["scores"]}
        self.games += 1
        if seat in result["winners"]:
            self.wins += 1 / len(result["winners"])
        self.tracked_score += totals[seat]
        self.others_score += sum(t for s, t in totals.items() if s != seat) / (self.players - 1)
        self.decisions += bot.decisions
        self.seconds += bot.seconds

    def win_rate(self) -> float:
        return self.wins / self.games

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """95% Wilson score interval of the win rate."""
        return wilson(self.win_rate(), self.games, z)

    def row(self) -> dict:
        low, high = self.interval()
        return {"game": self.game, "players": self.players, "matchup": self.matchup, "games": self.games,
                "win_rate": round(self.win_rate(), 3), "ci95": [round(low, 3), round(high, 3)],
                "equal_share": round(1 / self.players, 3),
                "average_score": round(self.tracked_score / self.games, 2),
                "average_score_others": round(self.others_score / self.games, 2),
                "ms_per_decision": round(1000 * self.seconds / max(1, self.decisions), 3)}


def play_matchup(game_name: str, players: int, matchup: str, games: int, seed: int, advance) -> Result:
    game = registry.get(game_name)
    tracked_level, other_level = MATCHUPS[matchup]
    result = Result(game_name, players, matchup)
    for i in range(games):
        tracked = i % players
        levels = [tracked_level if s == tracked else other_level for s in range(players)]
        seats = [Timed(b) for b in seat_bots(game, levels, players, seed + i)]
        state, _ = play_game(game, players, seed + i, seats)
        result.add(state, tracked, seats[tracked])
        advance()
    return result


def plot(results: list[Result], path: Path) -> bool:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    names = sorted({r.game for r in results})
    fig, axes = plt.subplots(1, len(names), figsize=(5.5 * len(names), 4.2), squeeze=False)
    for ax, name in zip(axes[0], names):
        counts = sorted({r.players for r in results if r.game == name})
        matchups = list(dict.fromkeys(r.matchup for r in results))
        width = 0.76 / len(matchups)
        for k, matchup in enumerate(matchups):
            rows = [next(r for r in results if r.game == name and r.players == n and r.matchup == matchup)
                    for n in counts]
            xs = [i + (k - (len(matchups) - 1) / 2) * width for i in range(len(counts))]
            rates = [r.win_rate() for r in rows]
            errors = [[p - r.interval()[0] for p, r in zip(rates, rows)],
                      [r.interval()[1] - p for p, r in zip(rates, rows)]]
            ax.bar(xs, rates, width, yerr=errors, capsize=4, label=f"{matchup} (tracked seat)")
        for i, n in enumerate(counts):
            ax.hlines(1 / n, i - 0.45, i + 0.45, colors="black", linestyles="dashed",
                      label="equal share" if i == 0 else None)
        ax.set_xticks(range(len(counts)), [f"{n} players" for n in counts])
        ax.set_ylim(0, 1.05)
        ax.set_ylabel("win rate (95% interval)")
        ax.set_title(registry.get(name).title)
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=3, fontsize=9)
    fig.suptitle(f"Win rate of the tracked seat, {results[0].games} games per bar")
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    save_figure(fig, path)
    return True


def save_figure(fig, path: Path) -> None:
    """Write a matplotlib figure as the PNG the docs show, and free it."""
    import matplotlib.pyplot as plt

    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games per game, player count and match-up")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--game", dest="game_names", nargs="+", default=None, help="default: every game")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--plot", type=Path, default=DEFAULT_PLOT)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--matchups", nargs="+", default=DEFAULT_MATCHUPS, choices=list(MATCHUPS))
    args = parser.parse_args()

    console = Console(stderr=args.json)
    if not console.is_terminal:
        console = Console(stderr=args.json, width=150)  # a log file: keep each row on one line
    names = args.game_names or registry.names()
    configs = [(name, n, m) for name in names for n in args.players for m in args.matchups]
    results = []
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=console)
    with progress:
        task = progress.add_task("games", total=len(configs) * args.games)
        for name, n, matchup in configs:
            progress.update(task, description=f"{name} {n}p {matchup}")
            results.append(play_matchup(name, n, matchup, args.games, args.seed,
                                        lambda: progress.advance(task)))
    rows = [r.row() for r in results]
    if args.json:
        print(json.dumps(rows))
    else:
        table = Table(title=f"Bot strength, {args.games} games each, seeds from {args.seed} "
                            f"(Python {platform.python_version()})")
        for column in ("game", "players", "match-up", "win rate", "95% interval", "equal share",
                       "avg score", "avg score others", "ms/decision"):
            table.add_column(column, justify="left" if column in ("game", "match-up") else "right")
        for row in rows:
            table.add_row(row["game"], str(row["players"]), row["matchup"], f"{row['win_rate']:.1%}",
                          f"{row['ci95'][0]:.1%}–{row['ci95'][1]:.1%}", f"{row['equal_share']:.1%}",
                          f"{row['average_score']:.2f}", f"{row['average_score_others']:.2f}",
                          f"{row['ms_per_decision']:.3f}")
        console.print(table)
    if plot(results, args.plot):
        console.print(f"plot saved to {args.plot}")
    else:
        console.print("matplotlib is not installed (pip install -e '.[bench]'): no plot")


if __name__ == "__main__":
    main()
