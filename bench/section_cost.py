"""What an update's sections and patches cost, two checkouts' `server/patches.py` interleaved in
one process: random two-player games (seeded; GWT unless ``--game``), and after every action both seats' snapshots (the
view and the legal actions) encoded as sections and diffed against the seat's previous ones, as
`TableSocket.message` does. A checkout whose patches.py takes shared encodings (`Encodings`) is
also run with both seats' snapshots of a change sharing them ("shared"), as the server does now.
The views come from this tree (`State.views`). CPU per action (both seats), median of the rounds.

    python bench/section_cost.py /tmp/before /path/to/this/checkout
    python bench/section_cost.py --game catan-on-the-road /tmp/before /path/to/this/checkout
"""

from __future__ import annotations

import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "src")]

from gametable import games as registry  # noqa: E402

#: the game played (--game NAME before the checkouts; GWT by default)
GAME = "gwt"
if sys.argv[1:2] == ["--game"]:
    GAME = sys.argv[2]
    del sys.argv[1:3]


def patches_of(checkout: str, name: str):
    spec = importlib.util.spec_from_file_location(name, Path(checkout) / "src/gametable/server/patches.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def snapshots(games: int = 2, actions: int = 200) -> list[list[dict]]:
    """Per action of random games: both seats' snapshot data (sharing what the views share)."""
    out = []
    for seed in range(games):
        state, rnd = registry.get(GAME).new(2, seed), random.Random(seed)
        for _ in range(actions):
            if state.is_over():
                break
            seat = rnd.choice([s for s in range(2) if state.legal_actions(s)])
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
            views = state.views([0, 1])
            out.append([{"seq": 1, "view": views[s], "legal_actions": state.legal_actions(s)} for s in (0, 1)])
    return out


def run(patches, data: list[list[dict]], shared: bool) -> tuple[float, float]:
    """CPU seconds making the sections, and diffing them, over all actions."""
    previous: list = [None, None]
    made = diffed = 0.0
    for change in data:
        encodings, diffs = ({}, {}) if shared else (None, None)
        for seat in (0, 1):
            started = time.process_time()
            if shared:
                now = patches.sections(change[seat], "view", "log", encodings, GAME.startswith("gwt"))
            else:
                now = patches.sections(change[seat], "view", "log")
            between = time.process_time()
            if previous[seat] is not None:
                if shared:
                    patches.diff_sections(previous[seat], now, diffs)
                else:
                    patches.diff_sections(previous[seat], now)
            made += between - started
            diffed += time.process_time() - between
            previous[seat] = now
    return made, diffed


def main() -> None:
    data = snapshots()
    ways = []
    for i, checkout in enumerate(sys.argv[1:]):
        patches = patches_of(checkout, f"patches_{i}")
        ways.append((checkout, patches, False))
        if hasattr(patches, "Encodings"):
            ways.append((checkout + " (shared)", patches, True))
    times: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in ways}
    for _ in range(5):
        for name, patches, shared in ways:
            times[name].append(run(patches, data, shared))
    for name, runs in times.items():
        made = statistics.median(t[0] for t in runs) / len(data) * 1e6
        diffed = statistics.median(t[1] for t in runs) / len(data) * 1e6
        print(f"{name}: per action, sections {made:.0f} us, diffs {diffed:.0f} us, together {made + diffed:.0f} us")


if __name__ == "__main__":
    main()
