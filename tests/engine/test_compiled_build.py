"""The optional build compiled by mypyc (scripts/build_compiled.py) plays the same games as the sources.

The build is made in a temporary folder (about 32 CPU seconds of mypyc and gcc) and checked in a
child process that imports gametable from it: every module the script compiles must come from an
extension, every game digest recorded in tests/games/*/test_same_games_as_before.py must come out
the same, the random number generator's native path must draw what the interpreted one draws, and
clone(), pickling and the JSON round trip must give back the same state.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import build_compiled  # noqa: E402 (scripts/)

CHECK = r"""
import importlib, pickle, sys
compiled_src, checkout, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
sys.path[:0] = [compiled_src, checkout]  # gametable from the build, tests.* from the checkout

for path in modules:
    module = importlib.import_module(path[:-3].replace("/", "."))
    assert module.__file__.startswith(compiled_src) and module.__file__.endswith(".so"), module.__file__

# the generator's native 64-bit path against the interpreted source it must reproduce: states on
# both sides of 2**63 and next to the wrap at 2**64, bounds 1-300 (the native path takes those
# below 257), shuffles short and long
import importlib.util
from gametable.engine.rng import Rng, _NATIVE
assert _NATIVE  # or the build plays the big-int code and gains nothing
spec = importlib.util.spec_from_file_location("pure_rng", checkout + "/src/gametable/engine/rng.py")
pure_rng = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pure_rng)
starts = [0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1, (1 << 64) - 0x9E3779B97F4A7C15,
          (1 << 64) - 0x9E3779B97F4A7C15 - 1] + list(range(40))
for start in starts:
    native, pure = Rng.from_json(start), pure_rng.Rng.from_json(start)
    for n in range(1, 301):
        assert native.below(n) == pure.below(n), (start, n)
        assert native.choice(range(n)) == pure.choice(range(n)), (start, n)
        cards, same = list(range(n)), list(range(n))
        native.shuffle(cards)
        pure.shuffle(same)
        assert cards == same and native.state == pure.state, (start, n)

from tests.replay_digest import game_digest
games = 0
for folder in ("catan_road", "gwt", "gwt2e"):
    recorded = importlib.import_module(f"tests.games.{folder}.test_same_games_as_before")
    for options, players, digests in recorded.DIGESTS:
        got = [game_digest(recorded.GAME, players, seed, options) for seed in range(len(digests))]
        assert got == digests, (folder, options, players, got, digests)
        games += len(digests)

from gametable.games import get
for name in ("catan-on-the-road", "gwt", "gwt-2e"):
    game = get(name)
    for players in range(game.min_players, game.max_players + 1):
        state = game.new(players, 3)
        for step in range(300):  # well into the game, checked every 50 decisions
            if state.is_over():
                break
            if step % 50 == 0:
                saved = state.to_json()
                assert state.clone().to_json() == saved, (name, players, step)
                assert pickle.loads(pickle.dumps(state)).to_json() == saved, (name, players, step)
                assert game.from_json(saved).to_json() == saved, (name, players, step)
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[step % len(legal)])
print(games)
"""


def test_the_compiled_build_plays_the_recorded_games(tmp_path):
    build_compiled.build(tmp_path)
    done = subprocess.run([sys.executable, "-c", CHECK, str(tmp_path / "src"), str(ROOT), *build_compiled.MODULES],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert int(done.stdout) >= 144  # the games compared: all the digests of the three files
