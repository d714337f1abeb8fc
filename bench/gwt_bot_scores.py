"""Where the Great Western Trail basic bot scores: its average final score per scoring category.

    python bench/gwt_bot_scores.py [--games 40] [--players 2 3 4] [--seed 0] [--against REV_OR_FILE]
                                   [--json] [--plot docs/gwt-bot-scores.png]

Basic bots in every seat play --games games per player count (seeds seed, seed+1, ...); the table
shows the average per player of each of the 11 categories of `state.result()` (rules §11.2) and of
the total. With --against, the current basic bot also plays a 2-player match against another
version of itself: a git revision (e.g. `main`, `HEAD~1`: the file src/gametable/bots/heuristics/gwt.py
at that revision) or a path to such a file. The two take each seat in turn; the figures are the
current bot's win rate (a shared win counts 1/winners) and both bots' average scores. The plot of
the averages needs matplotlib (the `bench` extra); without it the figures are still printed.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from rich.console import Console  # noqa: E402
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn  # noqa: E402
from rich.table import Table  # noqa: E402

from bot_strength import save_figure  # noqa: E402  (bench/ is on sys.path when run as a script)
from gametable import games as registry  # noqa: E402
from gametable.bots.heuristics.gwt import GwtBot  # noqa: E402
from gametable.sim.runner import BOT_SEED_SALT, play_game  # noqa: E402

BOT_FILE = "src/gametable/bots/heuristics/gwt.py"
DEFAULT_PLOT = ROOT / "docs" / "gwt-bot-scores.png"
CATEGORIES = ("money", "buildings", "cities", "stations", "hazards", "cattle", "objectives",
              "station_masters", "workers", "step_disc", "job_token")


def load_other_bot(rev_or_file: str) -> type:
    """The GwtBot class of another version: a file path, or the bot file at a git revision."""
    path = Path(rev_or_file)
    if not path.is_file():
        try:
            source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev_or_file}:{BOT_FILE}"],
                                    check=True, capture_output=True, text=True).stdout
        except subprocess.CalledProcessError as error:
            raise SystemExit(f"--against {rev_or_file!r} is neither a file nor a git revision with "
                             f"{BOT_FILE}: {error.stderr.strip()}") from None
        path = Path(tempfile.mkdtemp()) / "gwt_other.py"
        path.write_text(source)
    spec = importlib.util.spec_from_file_location("gwt_bot_other", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.GwtBot


def category_averages(players: int, games: int, seed: int, advance) -> dict[str, float]:
    game = registry.get("gwt")
    sums = dict.fromkeys(CATEGORIES + ("total",), 0.0)
    for i in range(games):
        bots = [GwtBot(((seed + i) ^ BOT_SEED_SALT) + s) for s in range(players)]
        state, _ = play_game(game, players, seed + i, bots)
        for score in state.result()["scores"]:
            for key in CATEGORIES:
                sums[key] += score["breakdown"][key]
            sums["total"] += score["total"]
        advance()
    return {key: round(value / (games * players), 2) for key, value in sums.items()}


def match(other: type, games: int, seed: int, advance) -> dict[str, float]:
    """Current bot against ``other`` in 2-player games, the current bot in seat i mod 2."""
    game = registry.get("gwt")
    wins = new_score = old_score = 0.0
    for i in range(games):
        new_seat = i % 2
        bot_seed = (seed + i) ^ BOT_SEED_SALT
        bots = [GwtBot(bot_seed + s) if s == new_seat else other(bot_seed + s) for s in range(2)]
        state, _ = play_game(game, 2, seed + i, bots)
        result = state.result()
        totals = {s["seat"]: s["total"] for s in result["scores"]}
        if new_seat in result["winners"]:
            wins += 1 / len(result["winners"])
        new_score += totals[new_seat]
        old_score += totals[1 - new_seat]
        advance()
    return {"games": games, "win_rate": round(wins / games, 3), "average_score": round(new_score / games, 2),
            "average_score_other": round(old_score / games, 2)}


def plot(averages: dict[int, dict[str, float]], games: int, path: Path) -> bool:
    """Grouped bars: the average of each category per player count."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    counts = sorted(averages)
    keys = CATEGORIES + ("total",)
    fig, ax = plt.subplots(figsize=(10, 5))
    width = 0.8 / len(counts)
    for k, n in enumerate(counts):
        xs = [i + (k - (len(counts) - 1) / 2) * width for i in range(len(keys))]
        ax.bar(xs, [averages[n][key] for key in keys], width, label=f"{n} players")
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(keys)), [key.replace("_", " ") for key in keys], rotation=30, ha="right")
    ax.set_ylabel("average VP per player")
    ax.set_title(f"Great Western Trail, basic vs basic: where the bot scores ({games} games per count)")
    ax.legend()
    fig.tight_layout()
    save_figure(fig, path)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per player count (and in the match)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--against", default=None, help="a git revision or a file of another GwtBot")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--plot", type=Path, default=DEFAULT_PLOT)
    args = parser.parse_args()

    other = load_other_bot(args.against) if args.against else None
    console = Console(stderr=args.json)
    if not console.is_terminal:
        console = Console(stderr=args.json, width=160)
    total = args.games * (len(args.players) + (1 if other else 0))
    averages: dict[int, dict[str, float]] = {}
    duel = None
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=console)
    with progress:
        task = progress.add_task("games", total=total)
        for n in args.players:
            progress.update(task, description=f"gwt {n}p basic vs basic")
            averages[n] = category_averages(n, args.games, args.seed, lambda: progress.advance(task))
        if other:
            progress.update(task, description=f"gwt 2p basic vs {args.against}")
            duel = match(other, args.games, args.seed, lambda: progress.advance(task))
    if args.json:
        print(json.dumps({"averages": averages, "against": args.against, "match": duel}))
    else:
        print_tables(console, args, averages, duel)
    if plot(averages, args.games, args.plot):
        console.print(f"plot saved to {args.plot}")
    else:
        console.print("matplotlib is not installed (pip install -e '.[bench]'): no plot")


def print_tables(console: Console, args: argparse.Namespace, averages: dict[int, dict[str, float]],
                 duel: dict[str, float] | None) -> None:
    table = Table(title=f"GWT basic vs basic: average final score per player, {args.games} games "
                        f"per player count, seeds from {args.seed}")
    table.add_column("category")
    for n in args.players:
        table.add_column(f"{n} players", justify="right")
    for key in CATEGORIES + ("total",):
        table.add_row(key, *(f"{averages[n][key]:.2f}" for n in args.players))
    console.print(table)
    if duel:
        console.print(f"current basic vs {args.against} (2 players, {duel['games']} games, seats "
                      f"alternating): win rate {duel['win_rate']:.1%}, average score "
                      f"{duel['average_score']:.2f} vs {duel['average_score_other']:.2f}")


if __name__ == "__main__":
    main()
