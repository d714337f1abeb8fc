"""What GWT's notes of a seat's choices cost in a move phase (State.action_notes, which every
snapshot of a seat with choices carries): 400 positions reached by random play at 2-4 players,
each the first move phase after 20-79 random actions, the notes of all the seat's choices made
20 times over; the best of 7 rounds, in CPU time per seat's notes.

Give the checkout to measure (its src/ is imported), and run checkouts in turn to compare them:

    for tree in /tmp/before . /tmp/before .; do python bench/notes_cost.py $tree; done
"""

from __future__ import annotations

import sys
import time
from pathlib import Path


def move_phases(get, bot_class) -> list:
    """(state, seat, view) at the first move phase of 400 random games."""
    found = []
    for seed in range(400):
        state, bot = get("gwt").new(2 + seed % 3, seed), bot_class(seed)
        for _ in range(20 + seed % 60):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, bot.choose(state, seat))
        while not state.is_over():
            seat = state.to_act()[0]
            if any(action["type"] == "move" for action in state.legal_actions(seat)):
                found.append((state, seat, state.view(seat)))
                break
            state.apply(seat, bot.choose(state, seat))
    return found


def main() -> None:
    checkout = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    sys.path.insert(0, str(checkout / "src"))
    from gametable.bots import RandomBot
    from gametable.games import get

    positions = move_phases(get, RandomBot)
    choices = sum(len(state.legal_actions(seat)) for state, seat, _ in positions) / len(positions)
    rounds = []
    for _ in range(7):
        started = time.process_time()
        for _ in range(20):
            for state, seat, view in positions:
                state.action_notes(seat, view)
        rounds.append((time.process_time() - started) / (20 * len(positions)) * 1e6)
    print(f"{checkout}: {len(positions)} move phases, {choices:.1f} choices each: "
          f"{min(rounds):.1f} µs per seat's notes (best of 7)")


if __name__ == "__main__":
    main()
