"""Do the review's marks mean something? Played on to the end in fresh worlds, does the choice the
review preferred do better than the one played, where the review marked a mistake or a blunder?

    python bench/review_honesty.py [--games gwt,gwt-2e] [--seeds 12] [--last 90] [--worlds 128]

For each seed, a two-player game of basic bots where one seat (seat = seed % 2), at every second
of its decisions with a choice among the game's last ``--last`` actions (as the unspoilt game of
that seed ran), plays the move its basic bot likes least; the review judges those decisions at its
budget; every one it marks is checked by gametable.review.honesty (both choices played to the end
in ``--worlds`` fresh shared worlds). The last stretch of a game keeps the check's CPU in reach
in Great Western Trail (350 actions); a CATAN: On the Road game of basic bots is 45-110 actions and
cheap to play to the end, so ``--last 200`` checks the whole of it. tests/review/test_honesty.py
runs a small version. Prints the kinds of move marked, and the load average before and after.
"""

from __future__ import annotations

import argparse
from collections import Counter
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from gametable.review import review_log  # noqa: E402
from gametable.review.honesty import check_marks  # noqa: E402
from gametable.review.sample_games import basic_game, game_with_poor_moves, position  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="gwt,gwt-2e")
    parser.add_argument("--seeds", type=int, default=12)
    parser.add_argument("--last", type=int, default=90)
    parser.add_argument("--worlds", type=int, default=128)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    start = time.process_time()
    for game_name in args.games.split(","):
        verdicts, judged = [], 0
        for seed in range(args.seeds):
            length = len(basic_game(game_name, 2, seed)["entries"])
            log, poor = game_with_poor_moves(game_name, seed, seed % 2, 2, from_seq=length - args.last)
            review = review_log(log["game"], 2, seed, {}, log["entries"], only=poor)
            judged += len(poor)
            positions = {seq: position(log, seq) for seq in poor}
            for verdict in check_marks(positions, review, game_name, ("mistake", "blunder"), args.worlds, seed=seed):
                verdicts.append((seed, log["entries"][verdict.seq - 1][1]["type"], verdict))
        print(f"{game_name}: {judged} poor moves judged over {args.seeds} games")
        for mark in ("mistake", "blunder"):
            marked_with = [(seed, kind, v) for seed, kind, v in verdicts if v.mark == mark]
            marked = [v for _, _, v in marked_with]
            confirmed = sum(v.confirms for v in marked)
            if not marked:
                print(f"  {mark}: none")
                continue
            kinds = Counter(kind for _, kind, _ in marked_with)
            print(f"  {mark}s played: {', '.join(f'{kind} {n}' for kind, n in kinds.most_common())}")
            loss = sum(v.loss_vp for v in marked) / len(marked)
            gain = sum(v.margin_gain for v in marked) / len(marked)
            print(f"  {mark}: {len(marked)} marked, {confirmed} confirmed ({confirmed / len(marked):.0%}); "
                  f"VP lost by the review's estimate {loss:.1f} on average, at the end {gain:.1f}; by the "
                  f"win chance: {sum(v.measure == 'win_chance' for v in marked)}")
            for seed, kind, v in marked_with:
                if not v.confirms:
                    print(f"    not confirmed: seed {seed} seq {v.seq} {kind} ({v.measure}) review {v.loss_vp:.1f} "
                          f"VP, end {v.margin_gain:+.1f} ± {v.margin_error:.1f} VP, win share {v.win_gain:+.2f}")
    print(f"CPU {time.process_time() - start:.0f} s; load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
