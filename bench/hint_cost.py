"""CPU time of a hint on a friendly table (gametable.server.hint_search): the strong search's
root statistics and the top three choices played out to the end, at the first decisions of a
game the basic bots play.

    python bench/hint_cost.py [--games catan-on-the-road,gwt,gwt-2e] [--seed 3] [--decisions 5] [--effort 1]

Each hint is one call of ``top_choices`` on one process (as a bot-pool worker runs it); its
process CPU time is printed per decision, at the first ``--decisions`` decisions with more than
one legal action. Prints the load average before and after: compare runs at similar loads.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gametable import games as registry  # noqa: E402
from gametable.bots.registry import basic_bot  # noqa: E402
from gametable.server.hint_search import top_choices  # noqa: E402


def hint_times(game_name: str, seed: int, decisions: int, effort: float) -> list[float]:
    state = registry.get(game_name).new(2, seed)
    bots = [basic_bot(game_name)(seed * 10 + seat) for seat in range(2)]
    times: list[float] = []
    while not state.is_over() and len(times) < decisions:
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1:
            start = time.process_time()
            top_choices(game_name, state.clone(), seat, seed + len(times), effort)
            times.append(time.process_time() - start)
        state.apply(seat, bots[seat].choose(state, seat))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="catan-on-the-road,gwt,gwt-2e")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=5)
    parser.add_argument("--effort", type=float, default=1.0)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for game_name in args.games.split(","):
        times = hint_times(game_name, args.seed, args.decisions, args.effort)
        print(f"{game_name}: CPU s per hint {[round(t, 2) for t in times]}, median {statistics.median(times):.2f}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
