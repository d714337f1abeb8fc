"""Engine throughput: random-play decisions and games per CPU second, and the cost of a clone.

    python bench/engine_throughput.py [--seconds 20] [--games NAME ...] [--players 2 3 4]
                                      [--compare PATH [--same-games N]] [--no-clone] [--json]

Each configuration plays complete random games (seeds 0, 1, 2, ...) until its budget of CPU
seconds is spent (in --rounds slices interleaved with the other configurations), finishing the
game in progress, and counts every decision (one `apply`) including the random bot's choice among
the legal actions. When catanatron (PyPI) is installed, its random players are timed the same way
in the same run, for comparison (its decisions: every action recorded in a game's `state.actions`,
with 4 players).

--compare PATH also runs the engines of another source tree (a checkout holding src/gametable,
e.g. main before a change) in a child process, its slices interleaved with this tree's, so that
old and new are measured under the same load; the table then gives new / old per configuration.

--same-games N (with --compare) first plays random games of seeds 0 to N-1 of every configuration in
both trees and compares them, each by a sha256 of its (seat, action) sequence and final ``to_json()``:
an optimisation must play the same games. The run stops (exit status 1) if one differs.

Clone cost: CPU µs per `state.clone()` and per `to_json()` → JSON text → `from_json()` round trip,
at an early position (after 10% of a random game's decisions) and a late one (after 90%), per
game and player count (seeds 0-2), for this tree and the compared one.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tree_children import Child, source_tree  # noqa: E402 (bench/, this script's folder)

sys.path.insert(0, str(source_tree(__file__) / "src"))

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import platform  # noqa: E402
import time  # noqa: E402

from gametable import games as registry  # noqa: E402
from gametable.bots import RandomBot  # noqa: E402
from gametable.sim.runner import BOT_SEED_SALT, play_game, play_random_game  # noqa: E402

CLONE_SEEDS = (0, 1, 2)
POSITIONS = (("early", 0.1), ("late", 0.9))


class Meter:
    """Accumulates games, decisions and CPU seconds of one configuration over several slices.

    CPU time of this thread only: the progress display refreshes from a thread of its own in the
    parent process, which process time would charge to this tree and not to the --compare child."""

    def __init__(self, label: str, players: int, play_one, tree: str = "this") -> None:
        self.label, self.players, self.play_one, self.tree = label, players, play_one, tree
        self.games = self.decisions = 0
        self.seconds = 0.0

    def run_for(self, seconds: float, advance) -> None:
        start = time.thread_time()
        while time.thread_time() - start < seconds:
            self.decisions += self.play_one(self.games)
            self.games += 1
            advance(time.thread_time() - start)
        self.seconds += time.thread_time() - start

    def row(self) -> dict:
        return {"game": self.label, "players": self.players, "tree": self.tree, "games": self.games,
                "decisions": self.decisions, "cpu_seconds": round(self.seconds, 2),
                "decisions_per_second": round(self.decisions / self.seconds),
                "games_per_second": round(self.games / self.seconds, 2)}


class ChildMeter(Meter):
    """A configuration played by the --compare child on the other source tree."""

    def __init__(self, child: "Child", label: str, players: int) -> None:
        super().__init__(label, players, None, tree="compared")
        self.child = child

    def run_for(self, seconds: float, advance) -> None:
        got = self.child.ask({"cmd": "play", "game": self.label, "players": self.players, "seconds": seconds})
        self.games += got["games"]
        self.decisions += got["decisions"]
        self.seconds += got["seconds"]
        advance(seconds)


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


# -- clone cost ----------------------------------------------------------------------------------

def _cpu_microseconds(operation, seconds: float) -> float:
    """CPU µs per call of ``operation``, repeated for about ``seconds`` of CPU time."""
    calls = 0
    start = time.thread_time()
    while True:
        for _ in range(20):
            operation()
        calls += 20
        used = time.thread_time() - start
        if used >= seconds:
            return used / calls * 1e6


def clone_costs(name: str, players: int, seconds: float) -> list[dict]:
    """µs per clone and per JSON round trip at the early and late position of each seed's game."""
    game = registry.get(name)
    rows = []
    for position, fraction in POSITIONS:
        clone_us = json_us = 0.0
        for seed in CLONE_SEEDS:
            actions: list = []
            bot = RandomBot(seed ^ BOT_SEED_SALT)
            play_game(game, players, seed, [bot] * players, actions_out=actions)
            state = game.new(players, seed)
            for seat, action in actions[:int(len(actions) * fraction)]:
                state.apply(seat, action)
            clone_us += _cpu_microseconds(state.clone, seconds)
            json_us += _cpu_microseconds(
                lambda: game.from_json(json.loads(json.dumps(state.to_json()))), seconds)
        rows.append({"game": name, "players": players, "position": position,
                     "clone_us": round(clone_us / len(CLONE_SEEDS), 1),
                     "json_round_trip_us": round(json_us / len(CLONE_SEEDS), 1)})
    return rows


# -- same games ----------------------------------------------------------------------------------

def game_fingerprints(name: str, players: int, count: int) -> list[str]:
    """Per seed 0..count-1, a sha256 of the random game's (seat, action) sequence and final state."""
    game = registry.get(name)
    prints = []
    for seed in range(count):
        actions: list = []
        bot = RandomBot(seed ^ BOT_SEED_SALT)
        state, _ = play_game(game, players, seed, [bot] * players, actions_out=actions)
        text = json.dumps([actions, state.to_json()], sort_keys=True, ensure_ascii=False)
        prints.append(hashlib.sha256(text.encode()).hexdigest())
    return prints


def worker() -> None:
    """Answer the parent's requests (see Child) with this tree's engines."""
    meters: dict[tuple[str, int], Meter] = {}
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "play":
            meter = meters.setdefault((request["game"], request["players"]),
                                      ours(request["game"], request["players"]))
            before = (meter.games, meter.decisions, meter.seconds)
            meter.run_for(request["seconds"], lambda t: None)
            answer = {"games": meter.games - before[0], "decisions": meter.decisions - before[1],
                      "seconds": meter.seconds - before[2]}
        elif request["cmd"] == "same":
            answer = {"prints": game_fingerprints(request["game"], request["players"], request["count"])}
        else:
            answer = {"rows": clone_costs(request["game"], request["players"], request["seconds"])}
        print(json.dumps(answer), flush=True)


# -- the run -------------------------------------------------------------------------------------

def main() -> None:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="CPU-second budget per configuration")
    parser.add_argument("--games", nargs="*", default=None, help="games to measure (default: all)")
    parser.add_argument("--players", nargs="*", type=int, default=None, help="player counts (default: all)")
    parser.add_argument("--rounds", type=int, default=5, help="slices each budget is split into")
    parser.add_argument("--no-catanatron", action="store_true", help="skip the catanatron comparison")
    parser.add_argument("--compare", type=Path, default=None,
                        help="another source tree (holding src/gametable) to measure beside this one")
    parser.add_argument("--same-games", type=int, default=0, metavar="N",
                        help="with --compare: first check that both trees play the same games of seeds 0..N-1")
    parser.add_argument("--no-clone", action="store_true", help="skip the clone-cost measurement")
    parser.add_argument("--clone-seconds", type=float, default=0.1,
                        help="CPU seconds per clone-cost figure and seed")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    names = args.games or registry.names()
    unknown = [n for n in names if n not in registry.names()]
    if unknown:
        parser.error(f"unknown game(s) {unknown}; available: {registry.names()}")
    if args.compare is not None and not (args.compare / "src" / "gametable").is_dir():
        parser.error(f"--compare {args.compare}: no src/gametable there")
    if args.same_games and args.compare is None:
        parser.error("--same-games compares two trees: give the other one with --compare PATH")
    configs = []
    for name in names:
        game = registry.get(name)
        for players in range(game.min_players, game.max_players + 1):
            if args.players is None or players in args.players:
                configs.append((name, players))

    console = Console(stderr=True)
    load_before = os.getloadavg()
    child = Child(__file__, args.compare.resolve()) if args.compare is not None else None
    same_rows = []
    if child and args.same_games:
        for name, players in configs:
            ours_prints = game_fingerprints(name, players, args.same_games)
            theirs = child.ask({"cmd": "same", "game": name, "players": players, "count": args.same_games})["prints"]
            differ = [seed for seed, (a, b) in enumerate(zip(ours_prints, theirs)) if a != b]
            same_rows.append({"game": name, "players": players, "games": args.same_games, "differ": differ})
            if differ:
                child.close()
                console.print(f"{name} {players}p: seeds {differ[:20]} play differently in {child.tree}: "
                              "this tree changed the games; find the first differing action with "
                              "gametable.sim.runner.play_game(actions_out=...) on one of those seeds")
                sys.exit(1)
    meters = []
    if not args.no_catanatron:
        meter = catanatron(4)
        if meter is None:
            console.print("catanatron is not installed (pip install '.[bench]'): no comparison")
        else:
            meters.append(meter)
    for name, players in configs:
        meters.append(ours(name, players))
        if child:
            meters.append(ChildMeter(child, name, players))
    # Interleave the configurations in short slices, so that a change in the machine's load
    # during the run affects all of them alike and the comparison stays fair.
    slice_seconds = args.seconds / args.rounds
    with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                  console=console, transient=args.json) as progress:
        tasks = [progress.add_task(f"{m.label} {m.players}p" + (" (compared)" if m.tree != "this" else ""),
                                   total=args.seconds) for m in meters]
        for round_number in range(args.rounds):
            for meter, task in zip(meters, tasks):
                done = round_number * slice_seconds
                meter.run_for(slice_seconds, lambda t, task=task, done=done: progress.update(
                    task, completed=min(args.seconds, done + t)))
    rows = [meter.row() for meter in meters]
    clone_rows = []
    if not args.no_clone:
        for name, players in configs:
            clone_rows += [dict(r, tree="this") for r in clone_costs(name, players, args.clone_seconds)]
            if child:
                clone_rows += [dict(r, tree="compared") for r in child.ask(
                    {"cmd": "clone", "game": name, "players": players, "seconds": args.clone_seconds})["rows"]]
    if child:
        child.close()
    load_after = os.getloadavg()

    reference = next((r for r in rows if r["game"].startswith("catanatron")), None)
    for row in rows:
        if reference and row is not reference:
            row["vs_catanatron"] = round(row["decisions_per_second"] / reference["decisions_per_second"], 2)
    if child:
        compared = {(r["game"], r["players"]): r for r in rows if r["tree"] == "compared"}
        for row in rows:
            old = compared.get((row["game"], row["players"]))
            if row["tree"] == "this" and old:
                row["vs_compared"] = round(row["decisions_per_second"] / old["decisions_per_second"], 2)
    command = ("python bench/engine_throughput.py " + " ".join(sys.argv[1:])).strip()
    load = {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in load_after]}
    if args.json:
        print(json.dumps({"command": command, "compared": str(child.tree) if child else None,
                          "python": platform.python_version(), "machine": platform.machine(),
                          "load_average": load, "rows": rows, "clone": clone_rows,
                          "same_games": same_rows}))
        return
    out = Console(width=max(Console().width, 120))
    table = Table(title=f"Random-play engine throughput, per CPU second "
                        f"(Python {platform.python_version()}, {platform.machine()})")
    columns = ["game", "players", "tree", "games", "decisions", "CPU s", "decisions/s", "games/s", "× catanatron"]
    if child:
        columns.append("× compared")
    for column in columns:
        table.add_column(column, justify="left" if column in ("game", "tree") else "right")
    for row in rows:
        cells = [row["game"], str(row["players"]), row["tree"], f"{row['games']:,}", f"{row['decisions']:,}",
                 str(row["cpu_seconds"]), f"{row['decisions_per_second']:,}", str(row["games_per_second"]),
                 str(row.get("vs_catanatron", ""))]
        if child:
            cells.append(str(row.get("vs_compared", "")))
        table.add_row(*cells)
    out.print(table)
    if clone_rows:
        clones = Table(title=f"CPU µs per copy of a state (seeds {', '.join(map(str, CLONE_SEEDS))}; "
                             "early: after 10% of a random game's decisions, late: after 90%)")
        for column in ("game", "players", "tree", "position", "clone()", "to_json → JSON → from_json"):
            clones.add_column(column, justify="left" if column in ("game", "tree", "position") else "right")
        for row in clone_rows:
            clones.add_row(row["game"], str(row["players"]), row["tree"], row["position"],
                           f"{row['clone_us']:,}", f"{row['json_round_trip_us']:,}")
        out.print(clones)
    for row in same_rows:
        out.print(f"same games as the compared tree: {row['game']} {row['players']}p, "
                  f"seeds 0-{row['games'] - 1}: all {row['games']} identical (actions and final state)")
    if child:
        out.print(f"compared: {child.tree}")
    out.print(f"load average (1, 5, 15 min): before {load['before']}, after {load['after']}")
    out.print(f"command: {command}")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--worker":
        worker()
    else:
        main()
