"""Processor time per decision of every bot level, per game, on the same positions.

    python bench/bot_decision_time.py [--positions 8] [--seed 9]

The positions come from one 2-player game between basic bots (seed --seed): --positions of its
positions where the seat to act has more than one legal action, spread evenly over the game. Each
level decides once at each (a fresh bot, seed 3). Prints the mean and the maximum per level and
the load average (search levels are sensitive to a busy machine).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gametable import bots  # noqa: E402
from gametable import games as registry  # noqa: E402
from gametable.engine import State  # noqa: E402
from gametable.sim.runner import play_game, seat_bots  # noqa: E402


def decision_positions(game_name: str, seed: int, count: int) -> list[State]:
    game = registry.get(game_name)
    found: list[State] = []

    def keep(state: State) -> None:
        if not state.is_over() and len(state.legal_actions(state.to_act()[0])) > 1:
            found.append(state.clone())

    play_game(game, 2, seed, seat_bots(game, ["basic"], 2, seed), on_step=keep)
    return found[::max(1, len(found) // count)][:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    for name in registry.names():
        positions = decision_positions(name, args.seed, args.positions)
        for level in bots.levels():
            times = []
            for state in positions:
                start = time.process_time()
                bots.get(level, name, 3).choose(state, state.to_act()[0])
                times.append(time.process_time() - start)
            print(f"{name:18} {level:7} mean {1000 * sum(times) / len(times):8.1f} ms   "
                  f"max {1000 * max(times):8.1f} ms   ({len(times)} decisions)", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
