"""Engine throughput: random-play decisions and games per second, per game and player count.

    python bench/engine_throughput.py [--seconds 20] [--games NAME ...] [--players 2 3 4] [--json]

Each configuration plays complete random games (seeds 0, 1, 2, ...) until its time budget is
spent (in --rounds slices interleaved with the other configurations), finishing the game in
progress, and counts every decision (one `apply`) including the random bot's choice among the
legal actions. When catanatron (PyPI) is installed, its random
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


class Meter:
    """Accumulates games, decisions and seconds of one configuration over several slices."""

    def __init__(self, label: str, players: int, play_one) -> None:
        self.label, self.players, self.play_one = label, players, play_one
        self.games = self.decisions = 0
        self.seconds = 0.0

    def run_for(self, seconds: float, advance) -> None:
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            self.decisions += self.play_one(self.games)
            self.games += 1
            advance(time.perf_counter() - start)
        self.seconds += time.perf_counter() - start

    def row(self) -> dict:
        return {"game": self.label, "players": self.players, "games": self.games,
                "decisions": self.decisions, "seconds": round(self.seconds, 2),
                "decisions_per_second": round(self.decisions / self.seconds),
                "games_per_second": round(self.games / self.seconds, 2)}


def ours(name: str, players: int) -> Meter:
    game = registry.get(name)
    return Meter(name, players, lambda seed: play_random_game(game, players, seed)[1])


def catanatron(players: int) -> Meter | None:
    try:
        from catanatron import Color, Game, RandomPlayer
    except ImportError:
        return None
    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE][:players]

    def play_one(seed: int) -> int:
        game = Game([RandomPlayer(c) for c in colors], seed=seed)
        game.play()
        return len(game.state.actions)

    return Meter("catanatron (Catan base game)", players, play_one)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="time budget per configuration")
    parser.add_argument("--games", nargs="*", default=None, help="games to measure (default: all)")
    parser.add_argument("--players", nargs="*", type=int, default=None, help="player counts (default: all)")
    parser.add_argument("--rounds", type=int, default=5, help="slices each budget is split into")
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
    meters = []
    if not args.no_catanatron:
        meter = catanatron(4)
        if meter is None:
            console.print("catanatron is not installed (pip install '.[bench]'): no comparison")
        else:
            meters.append(meter)
    meters += [ours(name, players) for name, players in configs]
    # Interleave the configurations in short slices, so that a change in the machine's load
    # during the run affects all of them alike and the comparison stays fair.
    slice_seconds = args.seconds / args.rounds
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                  console=console, transient=args.json) as progress:
        tasks = [progress.add_task(f"{m.label} {m.players}p", total=args.seconds) for m in meters]
        for round_number in range(args.rounds):
            for meter, task in zip(meters, tasks):
                done = round_number * slice_seconds
                meter.run_for(slice_seconds, lambda t, task=task, done=done: progress.update(
                    task, completed=min(args.seconds, done + t)))
    rows = [meter.row() for meter in meters]

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
    out = Console(width=max(Console().width, 120))
    out.print(table)
    out.print(f"command: {command.strip()}")


if __name__ == "__main__":
    main()
