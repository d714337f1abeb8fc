"""CPU per replay step of a finished game: before (the server kept each replay's last position
and replayed from the start for any step backwards) and after (checkpoints every K actions:
gametable.server.replays), both measured in this run on the same game.

A step is what GET /api/tables/{id}/replay/{n} computes: the position after n actions and the
spectator's view of it. Forward steps n = 0, 1, ... N; backward N ... 0; random: 300 positions
drawn at random. Also printed: the checkpoints' build time and memory (tracemalloc), and the
load average, since the machine may be shared.

    python bench/replay_steps.py --game gwt --players 4 --bots basic
"""

from __future__ import annotations

import argparse
import os
import random
import time
import tracemalloc

from gametable import bots
from gametable import games as registry
from gametable.server.replays import CHECKPOINT_EVERY, ReplayCheckpoints
from gametable.sim.runner import play_game, seat_bots


class LastPositionReplay:
    """The server's replays before checkpoints: the last position asked is kept; a later one
    is reached from it, an earlier one by replaying from the start."""

    def __init__(self, game, players: int, seed: int, moves: list) -> None:
        self.game, self.players, self.seed, self.moves = game, players, seed, moves
        self.last: tuple[int, object] | None = None

    def view_at(self, n: int):
        if self.last is not None and self.last[0] <= n:
            done, state = self.last[0], self.last[1].clone()
        else:
            done, state = 0, self.game.new(self.players, self.seed, {})
        for seat, action in self.moves[done:n]:
            state.apply(seat, action)
        self.last = (n, state)
        return state.view(None), state.to_act()


def cpu_per_step(replayer, positions: list[int]) -> float:
    """CPU milliseconds per position (state and spectator view, as the server computes them),
    on average."""
    began = time.process_time()
    for n in positions:
        replayer.view_at(n)
    return 1000 * (time.process_time() - began) / len(positions)


def game_arguments(description: str) -> argparse.ArgumentParser:
    """The options that choose the finished game a benchmark replays (also bench/undo_cost.py)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--game", default="gwt")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default=bots.best_level(), help=f"one of {', '.join(bots.levels())}")
    parser.add_argument("--seed", type=int, default=1)
    return parser


def finished_game(args: argparse.Namespace) -> tuple:
    """The game and the (seat, action) log of a game its bots played to the end."""
    game = registry.get(args.game)
    moves: list = []
    play_game(game, args.players, args.seed, seat_bots(game, [args.bots], args.players, args.seed),
              actions_out=moves)
    return game, moves


def main() -> None:
    parser = game_arguments(__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=CHECKPOINT_EVERY, help="checkpoint interval K")
    args = parser.parse_args()

    game, moves = finished_game(args)
    length = len(moves)

    tracemalloc.start()
    began = time.process_time()
    checkpoints = ReplayCheckpoints(game.new(args.players, args.seed, {}), moves, args.every)
    build_ms = 1000 * (time.process_time() - began)
    memory_kb = tracemalloc.get_traced_memory()[0] / 1024
    tracemalloc.stop()

    forward = list(range(length + 1))
    backward = forward[::-1]
    rng = random.Random(args.seed)
    jumps = [rng.randint(0, length) for _ in range(300)]
    print(f"{game.title}, {args.players} players, {args.bots} bots, seed {args.seed}: {length} actions; "
          f"checkpoints every {args.every}: {len(checkpoints.checkpoints)}, built in {build_ms:.1f} ms CPU, "
          f"{memory_kb:.0f} KB with the log")
    print(f"{'CPU ms per step':<16}{'forward':>10}{'backward':>10}{'random':>10}")
    for name, make in (("before", lambda: LastPositionReplay(game, args.players, args.seed, moves)),
                       ("checkpoints", lambda: ReplayCheckpoints(game.new(args.players, args.seed, {}),
                                                                 moves, args.every))):
        figures = [cpu_per_step(make(), order) for order in (forward, backward, jumps)]
        print(f"{name:<16}" + "".join(f"{f:>10.2f}" for f in figures))
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
