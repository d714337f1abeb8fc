"""Engine throughput: random-play decisions and games per second, per game and player count.

    python bench/engine_throughput.py [--seconds 20] [--games NAME ...] [--players 2 3 4] [--json]

Each configuration plays complete random games (seeds 0, 1, 2, ...) until its time budget is
spent, finishing the game in progress, and counts every decision (one `apply`) including the
random bot's choice among the legal actions. When catanatron (PyPI) is installed, its random
players are timed the same way in the same run, for comparison (its decisions: every action
recorded in a game's `state.actions`, with 4 players).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from rich.console import Console  # noqa: E402
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn  # noqa: E402
from rich.table import Table  # noqa: E402

from gametable import games as registry  # noqa: E402
from gametable.sim.runner import play_random_game  # noqa: E402


def measure_ours(name: str, players: int, seconds: float, advance) -> dict:
    game = registry.get(name)
    decisions = played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, n = play_random_game(game, players, played)
        decisions += n
        played += 1
        advance(min(seconds, time.perf_counter() - start))
    elapsed = time.perf_counter() - start
    return {"game": name, "players": players, "games": played, "decisions": decisions,
            "seconds": round(elapsed, 2), "decisions_per_second": round(decisions / elapsed),
            "games_per_second": round(played / elapsed, 2)}


def measure_catanatron(players: int, seconds: float, advance) -> dict | None:
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE][:players]
    decisions = played = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = Game([RandomPlayer(c) for c in colors], seed=played)
        game.play()
        decisions += len(game.state.actions)
        played += 1
        advance(min(seconds, time.perf_counter() - start))
    elapsed = time.perf_counter() - start
    return {"game": "catanatron (Catan base game)", "players": players, "games": played,
            "decisions": decisions, "seconds": round(elapsed, 2),
            "decisions_per_second": round(decisions / elapsed),
            "games_per_second": round(played / elapsed, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="time budget per configuration")
    parser.add_argument("--games", nargs="*", default=None, help="games to measure (default: all)")
    parser.add_argument("--players", nargs="*", type=int, default=None, help="player counts (default: all)")
    parser.add_argument("--no-catanatron", action="store_true", help="skip the catanatron comparison")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    names = args.games or registry.names()
    unknown = [n for n in names if n not in registry.names()]
    if unknown:
        parser.error(f"unknown game(s) {unknown}; available: {registry.names()}")
    configs = []
    for name in names:
        game = registry.get(name)
        for players in range(game.min_players, game.max_players + 1):
            if args.players is None or players in args.players:
                configs.append((name, players))

    console = Console(stderr=True)
    rows = []
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                  console=console, transient=args.json) as progress:
        if not args.no_catanatron:
            task = progress.add_task("catanatron 4p", total=args.seconds)
            row = measure_catanatron(4, args.seconds, lambda t: progress.update(task, completed=t))
            progress.update(task, completed=args.seconds)
            if row is None:
                console.print("catanatron is not installed (pip install catanatron): no comparison")
            else:
                rows.append(row)
        for name, players in configs:
            task = progress.add_task(f"{name} {players}p", total=args.seconds)
            rows.append(measure_ours(name, players, args.seconds,
                                     lambda t, task=task: progress.update(task, completed=t)))
            progress.update(task, completed=args.seconds)

    reference = next((r for r in rows if r["game"].startswith("catanatron")), None)
    for row in rows:
        if reference and row is not reference:
            row["vs_catanatron"] = round(row["decisions_per_second"] / reference["decisions_per_second"], 2)
    command = "python bench/engine_throughput.py " + " ".join(sys.argv[1:])
    if args.json:
        print(json.dumps({"command": command.strip(), "python": platform.python_version(),
                          "machine": platform.machine(), "rows": rows}))
        return
    table = Table(title=f"Random-play engine throughput (Python {platform.python_version()}, {platform.machine()})")
    for column in ("game", "players", "games", "decisions", "seconds", "decisions/s", "games/s", "× catanatron"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for row in rows:
        table.add_row(row["game"], str(row["players"]), f"{row['games']:,}", f"{row['decisions']:,}",
                      str(row["seconds"]), f"{row['decisions_per_second']:,}", str(row["games_per_second"]),
                      str(row.get("vs_catanatron", "")))
    Console().print(table)
    Console().print(f"command: {command.strip()}")


if __name__ == "__main__":
    main()
