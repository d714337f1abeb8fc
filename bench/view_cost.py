"""The CPU of the views built after each action, early and late in a game: does a view grow with it?

Plays random 2-player games (RandomBot, seeds 0..N-1) in-process and, after every action, times the
views the server builds for an update (both seats and a spectator), summed per action over a game's
first 50 actions and over its actions 151-300.

    PYTHONPATH=src python bench/view_cost.py catan-on-the-road --games 40
    PYTHONPATH=/work/main/src python bench/view_cost.py gwt --games 10   # another checkout
"""

from __future__ import annotations

import argparse
import time

from gametable import games
from gametable.bots import RandomBot

#: 1-based action numbers of a young game and of a late one
STAGES = (range(1, 51), range(151, 301))


def view_cost(name: str, count: int) -> dict[range, tuple[float, int]]:
    """Per stage: CPU seconds spent on the views and the actions they followed."""
    game = games.get(name)
    spent = {stage: [0.0, 0] for stage in STAGES}
    for seed in range(count):
        state, bot = game.new(2, seed), RandomBot(seed)
        for number in range(1, STAGES[-1].stop):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, bot.choose(state, seat))
            started = time.process_time()
            for viewer in (0, 1, None):
                state.view(viewer)
            elapsed = time.process_time() - started
            for stage in STAGES:
                if number in stage:
                    spent[stage][0] += elapsed
                    spent[stage][1] += 1
    return {stage: (seconds, actions) for stage, (seconds, actions) in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=20, help="random games played")
    args = parser.parse_args()
    costs = view_cost(args.game, args.games)
    print(f"{args.game}, three views per action: " + "; ".join(
        f"actions {stage.start}-{stage.stop - 1}: {1e6 * seconds / max(actions, 1):.1f} µs ({actions} actions)"
        for stage, (seconds, actions) in costs.items()))


if __name__ == "__main__":
    main()
