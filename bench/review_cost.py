"""CPU time of the review of whole games (gametable.review), against its budget: a two-player
Great Western Trail game within three minutes of CPU.

    python bench/review_cost.py [--game gwt] [--players 2] [--seeds 0,1] [--bots basic] [--json]

Each seed's game is played by the bots (seat levels as `simulate --bots`), then reviewed on one
process at the review's budget (gametable.review.budget); the process CPU time of the review is
measured (the replay and the judging of every decision). Prints the load average before and after:
on a busy machine CPU time grows too (shared caches), so compare runs at similar loads.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gametable import games as registry  # noqa: E402
from gametable.review import review_log  # noqa: E402
from gametable.review.budget import review_budget  # noqa: E402
from gametable.sim.runner import RunPlan  # noqa: E402

BUDGET_SECONDS = 180.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="gwt")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", default="0,1", help="the games' seeds, separated by commas")
    parser.add_argument("--bots", default="basic", help="the players' levels, one or one per seat")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = registry.get(args.game)
    levels = args.bots.split(",") * (args.players if "," not in args.bots else 1)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", file=sys.stderr)
    print(f"budget: {review_budget(args.game)}", file=sys.stderr)
    rows = []
    for seed in (int(s) for s in args.seeds.split(",")):
        plan = RunPlan(game, args.players, seed, {}, tuple(levels), 1_000_000, record_actions=True)
        record = plan.play(0)
        start = time.process_time()
        review = review_log(game, args.players, record.seed, {}, record.actions)
        seconds = time.process_time() - start
        judged = sum(d["win_chance_before"] is not None for d in review["decisions"])
        rows.append({"seed": record.seed, "actions": len(record.actions), "judged": judged, "cpu_seconds": round(seconds, 1),
                     "ms_per_judged": round(1000 * seconds / max(1, judged), 1),
                     "within_budget": seconds <= BUDGET_SECONDS,
                     "marks": [sum(s[k] for s in review["seats"]) for k in ("inaccuracies", "mistakes", "blunders")]})
        print(json.dumps(rows[-1]) if args.json else
              f"seed {record.seed}: {len(record.actions)} actions, {judged} judged, {seconds:.1f} s CPU "
              f"({rows[-1]['ms_per_judged']} ms a judged decision), marks (i/m/b) {rows[-1]['marks']}, "
              f"{'within' if seconds <= BUDGET_SECONDS else 'OVER'} the {BUDGET_SECONDS:.0f} s budget", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", file=sys.stderr)


if __name__ == "__main__":
    main()
