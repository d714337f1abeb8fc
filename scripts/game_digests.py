"""Digests of many random games of one game, to compare two versions of the engine.

``tests/games/*/test_same_games_as_before.py`` hold a few dozen digests as constants; a change that
must not alter any game (a restructuring) is better shown on more games, with the old code itself:

    git archive OLD | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old/src:. python3 scripts/game_digests.py --game gwt --games 200 > old.json
    PYTHONPATH=src:. python3 scripts/game_digests.py --game gwt --games 200 --against old.json

The games cycle through 2, 3 and 4 players and, every other game, random building sides and
neutral buildings (and the Simmental variant for gwt-2e); each digest covers every step's legal
actions, the action applied, the log and the final ``to_json()`` (tests/replay_digest.py).
"""

from __future__ import annotations

import argparse
import json
import sys

from gametable.games import get
from tests.replay_digest import game_digest


def setups(game_name: str, count: int):
    """(players, seed, options) of the ``count`` games compared."""
    shuffled = {"building_sides": "random", "neutral_buildings": "random"}
    if game_name == "gwt-2e":
        shuffled["simmental"] = "on"
    for k in range(count):
        yield 2 + k % 3, k, (shuffled if k % 2 else {})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--against", help="a JSON file this script wrote: report every game that differs")
    args = parser.parse_args()
    game = get(args.game)
    digests = {f"{players}p seed {seed} {json.dumps(options, sort_keys=True)}": game_digest(game, players, seed, options)
               for players, seed, options in setups(args.game, args.games)}
    if not args.against:
        json.dump(digests, sys.stdout, indent=0)
        return 0
    with open(args.against, encoding="utf-8") as handle:
        before = json.load(handle)
    differ = [key for key in digests if before.get(key) != digests[key]]
    print(f"{args.game}: {len(digests)} games, {len(digests) - len(differ)} identical, {len(differ)} differ")
    for key in differ:
        print("  differs:", key)
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
