"""CPU cost of an undo (issue 9) at late-game positions, as the server computes it.

A finished game of bots is replayed; at every position of its last 30 % where the seat to
act may undo its last action, the new state is computed three ways, interleaved round by round:

- undo: what the server does (engine/undo.py): a clone of the state kept when the seat's turn
  window opened, plus the window's other actions applied again;
- replay: what it would cost without the kept state: the whole log replayed from the deal,
  minus the undone action (what a restart does);
- and, for scale, one clone (what keeping the state costs a person's turn window, paid once per
  window) and one seat's view (a snapshot sends one per seat after any action or undo).

Printed: CPU ms per position (time.process_time), the ratio replay / undo, and the load average.

    nice -n 10 python bench/undo_cost.py --game gwt --players 4
"""

from __future__ import annotations

import os
import time

from gametable.engine import replay, replay_timeline
from replay_steps import finished_game, game_arguments


def undoable_positions(game, players: int, seed: int, moves: list, limit: int) -> list:
    """(timeline, seat, n) at up to ``limit`` positions n of the log's last 30 % where the seat
    that just acted may take that action back; each timeline keeps its window's state."""
    found = []
    for n in range(len(moves) * 7 // 10, len(moves)):
        seat = moves[n - 1][0]
        timeline = replay_timeline(game, players, seed, {}, moves[:n], keep_last=True)
        if timeline.window.steps(seat):
            found.append((timeline, seat, n))
            if len(found) == limit:
                break
    return found


def cpu_ms(work, positions) -> float:
    began = time.process_time()
    for position in positions:
        work(*position)
    return 1000 * (time.process_time() - began) / len(positions)


def main() -> None:
    parser = game_arguments(__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    game, moves = finished_game(args)
    positions = undoable_positions(game, args.players, args.seed, moves, args.positions)
    if not positions:
        raise SystemExit("no position of the game's last 30 % can be undone; try another --seed")
    ways = {
        "undo": lambda timeline, seat, n: timeline.undone(seat, 1),
        "replay": lambda timeline, seat, n: replay(game, args.players, args.seed, {}, moves[:n - 1]),
        "clone": lambda timeline, seat, n: timeline.state.clone(),
        "view": lambda timeline, seat, n: timeline.state.view(seat),
    }
    totals = {name: 0.0 for name in ways}
    for _ in range(args.rounds):
        for name, work in ways.items():
            totals[name] += cpu_ms(work, positions) / args.rounds
    at = [n for _, _, n in positions]
    print(f"{game.title}, {args.players} players, {args.bots} bots, seed {args.seed}: {len(moves)} actions; "
          f"{len(positions)} undoable positions from action {min(at)} to {max(at)}, {args.rounds} rounds")
    for name, ms in totals.items():
        print(f"{name:<8}{ms:>9.3f} ms CPU")
    print(f"replay / undo: {totals['replay'] / totals['undo']:.0f}x")
    print("load average: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
