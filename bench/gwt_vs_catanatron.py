"""Random-play speed of Great Western Trail against catanatron's random players on this machine.

    PYTHONPATH=src python bench/gwt_vs_catanatron.py [--games 300] [--players 4] [--seconds 20]

Prints decisions per second of both, and GWT's average decisions per game. catanatron (PyPI,
``pip install '.[bench]'``) counts every action in ``game.state.actions``; our figure counts every
decision a random bot took through the engine protocol (legal list, membership check, apply).
"""

from __future__ import annotations

import argparse
import time

from gametable.games import get
from gametable.sim.runner import simulate


def gwt(players: int, games: int) -> dict:
    summary = simulate(get("gwt"), players, games, seed=0).to_json()
    return {k: summary[k] for k in ("games", "decisions", "seconds", "decisions_per_second",
                                    "average_decisions_per_game", "games_without_winner")}


def catanatron(players: int, seconds: float) -> dict:
    from catanatron import Color, Game, RandomPlayer

    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE][:players]
    start = time.perf_counter()
    games = decisions = 0
    while time.perf_counter() - start < seconds:
        game = Game([RandomPlayer(c) for c in colors])
        game.play()
        games += 1
        decisions += len(game.state.actions)
    elapsed = time.perf_counter() - start
    return {"games": games, "decisions": decisions, "seconds": round(elapsed, 3),
            "decisions_per_second": round(decisions / elapsed, 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    ours = gwt(args.players, args.games)
    theirs = catanatron(args.players, args.seconds)
    print(f"command: PYTHONPATH=src python bench/gwt_vs_catanatron.py --games {args.games} "
          f"--players {args.players} --seconds {args.seconds}")
    print(f"gwt        {args.players}p: {ours}")
    print(f"catanatron {args.players}p: {theirs}")
    print(f"ratio gwt/catanatron: {ours['decisions_per_second'] / theirs['decisions_per_second']:.2f}")


if __name__ == "__main__":
    main()
