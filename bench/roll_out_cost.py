"""CPU time per basic-bot decision as a search bot's roll-outs make them, early and late in a game,
and the strong bot's time per decision: this tree against another one, interleaved.

    python bench/roll_out_cost.py [--compare /work/main] [--games gwt,gwt-2e] [--players 2,3,4]
                                  [--seeds 3] [--rounds 3] [--strong 6] [--json]

Basic: basic bots play seeded games (seeds 0 to --seeds-1) in every seat on one state, as in a
roll-out, and every decision with more than one legal action is timed (thread CPU time of
``choose``: building the view and scoring). A game's decisions are split in thirds by their
order: early, middle, late. Each tree also hashes every game's (seat, action) sequence; the run
stops (exit status 1) if the trees play different games.

Strong (GWT only, --strong N positions a round, 0 to skip): the ``strong`` bot's decision at N
positions spread over a 2-player basic game (seed 7 in the first round, 8 in the second...), timed
the same way; the actions chosen are compared too.

Both trees run in child processes (``--worker PATH``) that take turns, round after round, so a
change in the machine's load falls on both alike. Prints the load average before and after.
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
import time  # noqa: E402

from gametable import bots  # noqa: E402
from gametable import games as registry  # noqa: E402
from gametable.sim.runner import play_game, seat_bots  # noqa: E402

STAGES = ("early", "middle", "late")
FIRST_STRONG_SEED = 7


def _timed_choose(bot, state, seat):
    start = time.thread_time()
    action = bot.choose(state, seat)
    return action, time.thread_time() - start


def basic_games(name: str, players: int, seeds: list[int]) -> dict:
    """Seconds and decisions per stage over the games of ``seeds``, and each game's fingerprint."""
    game = registry.get(name)
    seconds = dict.fromkeys(STAGES, 0.0)
    decisions = dict.fromkeys(STAGES, 0)
    prints = []
    for seed in seeds:
        state = game.new(players, seed)
        seated = seat_bots(game, ["basic"], players, seed)
        digest = hashlib.sha256()
        timed = []
        while not state.is_over():
            seat = state.to_act()[0]
            thinks = len(state.legal_actions(seat)) > 1
            action, used = _timed_choose(seated[seat], state, seat)
            if thinks:
                timed.append(used)
            digest.update(json.dumps([seat, action], sort_keys=True).encode())
            state.apply(seat, action)
        for i, used in enumerate(timed):
            stage = STAGES[3 * i // len(timed)]
            seconds[stage] += used
            decisions[stage] += 1
        prints.append(digest.hexdigest())
    return {"seconds": seconds, "decisions": decisions, "prints": prints}


def strong_decisions(count: int, seed: int) -> dict:
    """Seconds of the strong bot's decisions at ``count`` positions of a basic game, and its choices."""
    game = registry.get("gwt")
    positions = []

    def keep(state) -> None:
        if not state.is_over() and len(state.legal_actions(state.to_act()[0])) > 1:
            positions.append(state.clone())

    play_game(game, 2, seed, seat_bots(game, ["basic"], 2, seed), on_step=keep)
    seconds, chosen = [], []
    for state in positions[::max(1, len(positions) // count)][:count]:
        action, used = _timed_choose(bots.get("strong", "gwt", 3), state, state.to_act()[0])
        seconds.append(used)
        chosen.append(json.dumps(action, sort_keys=True))
    return {"seconds": seconds, "chosen": chosen}


def worker() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "basic":
            answer = basic_games(request["game"], request["players"], request["seeds"])
        else:
            answer = strong_decisions(request["count"], request["seed"])
        print(json.dumps(answer), flush=True)


def _add(total: dict, part: dict) -> None:
    for key in ("seconds", "decisions"):
        for stage in STAGES:
            total[key][stage] += part[key][stage]
    total["prints"] += part["prints"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--compare", type=Path, help="the other source tree (a checkout)")
    parser.add_argument("--games", default="gwt,gwt-2e")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--seeds", type=int, default=3, help="games per configuration and round")
    parser.add_argument("--rounds", type=int, default=3, help="each round plays new seeds")
    parser.add_argument("--strong", type=int, default=6, help="strong decisions per round (0: none)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    load_before = os.getloadavg()
    trees = {"this": Path(__file__).resolve().parents[1]}
    if args.compare:
        trees["compared"] = args.compare.resolve()
    children = {label: Child(__file__, tree) for label, tree in trees.items()}
    configs = [(name, int(p)) for name in args.games.split(",") for p in args.players.split(",")]
    empty = lambda: {"seconds": dict.fromkeys(STAGES, 0.0), "decisions": dict.fromkeys(STAGES, 0), "prints": []}  # noqa: E731
    basic = {(label, config): empty() for label in children for config in configs}
    strong = {label: {"seconds": [], "chosen": []} for label in children}
    order = list(children)
    for round_ in range(args.rounds):
        seeds = list(range(round_ * args.seeds, (round_ + 1) * args.seeds))
        for config in configs:
            for label in order:
                _add(basic[label, config], children[label].ask(
                    {"cmd": "basic", "game": config[0], "players": config[1], "seeds": seeds}))
        if args.strong:
            for label in order:
                got = children[label].ask({"cmd": "strong", "count": args.strong,
                                           "seed": FIRST_STRONG_SEED + round_})
                strong[label]["seconds"] += got["seconds"]
                strong[label]["chosen"] += got["chosen"]
        order.reverse()  # the other tree goes first next round
        print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    for child in children.values():
        child.close()
    rows = []
    for config in configs:
        for label in children:
            got = basic[label, config]
            rows.append({"game": config[0], "players": config[1], "tree": label,
                         **{f"{stage}_ms": round(1000 * got["seconds"][stage] / max(1, got["decisions"][stage]), 3)
                            for stage in STAGES},
                         "decisions": sum(got["decisions"].values())})
    strong_rows = [{"tree": label, "decisions": len(s["seconds"]),
                    "mean_ms": round(1000 * sum(s["seconds"]) / len(s["seconds"]), 1)}
                   for label, s in strong.items() if s["seconds"]]
    same = len(children) == 1 or (
        all(basic["this", c]["prints"] == basic["compared", c]["prints"] for c in configs)
        and strong["this"]["chosen"] == strong["compared"]["chosen"])
    report = {"basic": rows, "strong": strong_rows, "same_choices": same,
              "load_before": [round(x, 2) for x in load_before],
              "load_after": [round(x, 2) for x in os.getloadavg()]}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"load average before: {report['load_before']}  after: {report['load_after']}")
        print(f"{'game':8} {'pl':>2} {'tree':9} " + " ".join(f"{s + ' ms':>10}" for s in STAGES) + f" {'decisions':>9}")
        for row in rows:
            print(f"{row['game']:8} {row['players']:>2} {row['tree']:9} "
                  + " ".join(f"{row[s + '_ms']:>10.3f}" for s in STAGES) + f" {row['decisions']:>9}")
        for row in strong_rows:
            print(f"strong gwt 2p, {row['decisions']} positions, {row['tree']}: {row['mean_ms']} ms a decision")
        if len(children) > 1:
            print("same choices in both trees" if same else "THE TREES CHOSE DIFFERENTLY")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--worker":
        worker()
    else:
        main()
