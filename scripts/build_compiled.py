"""Build the optional compiled engines: a copy of src/ whose hot engine modules mypyc compiled.

    pip install '.[compiled]'          # mypy, which ships mypyc (and a C compiler: gcc)
    python scripts/build_compiled.py OUT [--opt-level 3]
    PYTHONPATH=OUT/src python -m gametable ...     # or bench/engine_throughput.py --compare OUT

The pure-Python package stays the truth: nothing is installed, the sources are not changed, and
OUT/src/gametable is the same tree with C extensions beside the modules listed in MODULES (an
extension is imported in preference to the .py beside it). The build plays the same games as the
sources: tests/engine/test_compiled_build.py builds it and checks the recorded game digests,
clone() and pickling with it.
To run the engine's tests against a build: `python -m pytest -o pythonpath="OUT/src ." tests/games
tests/engine tests/bots` (the option replaces pyproject's src/, which would be imported first).

The type checker's complaints are not fatal here (mypy.ini below): most are the GWT editions'
tables, attributes an Edition reads from its data files, which it cannot see. mypyc checks the
annotated types at run time instead (a wrong annotation raises TypeError in the compiled build),
which the same-games check would show.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the modules of random play's hot path (a cProfile of random games, docs/benchmarks.md);
#: the rest of the package stays interpreted
MODULES = [
    "gametable/engine/protocol.py",
    "gametable/engine/rng.py",
    "gametable/bots/random_bot.py",
    *(f"gametable/games/gwt/{name}.py" for name in (
        "state", "turn", "effects", "railroad", "kansas_city", "common", "movement", "objectives",
        "scoring", "setup", "simmental", "exchange", "second_edition")),
    *(f"gametable/games/catan_road/{name}.py" for name in (
        "state", "trade", "payment", "building", "turn", "cards", "events", "setup")),
]

MYPY_INI = """\
[mypy]
ignore_missing_imports = True
ignore_errors = True
"""


def build(out: Path, opt_level: int = 3) -> float:
    """Copy src/ into ``out``/src and compile MODULES there; the wall-clock seconds it took."""
    start = time.monotonic()
    src = out / "src"
    if src.exists():
        shutil.rmtree(src)  # never an extension left from an older build beside newer sources
    shutil.copytree(ROOT / "src" / "gametable", src / "gametable",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (out / "mypy.ini").write_text(MYPY_INI)
    # -fwrapv: signed overflow wraps around, defined; the native 64-bit draws of engine/rng.py
    # rely on it (C leaves it undefined otherwise, and an optimiser may assume it never happens).
    env = dict(os.environ, MYPYC_OPT_LEVEL=str(opt_level),
               CFLAGS=" ".join(filter(None, [os.environ.get("CFLAGS"), "-fwrapv"])))
    done = subprocess.run([sys.executable, "-m", "mypyc", "--config-file", str(out / "mypy.ini"), *MODULES],
                          cwd=src, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode:
        raise SystemExit(f"mypyc failed:\n{done.stdout[-5000:]}")
    shutil.rmtree(src / "build")  # the C sources and objects: not needed to run
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to build in (its src/ is replaced)")
    parser.add_argument("--opt-level", type=int, default=3, choices=range(4),
                        help="the C compiler's optimisation level (0 builds faster, runs slower)")
    args = parser.parse_args()
    seconds = build(args.out.resolve(), args.opt_level)
    print(f"compiled {len(MODULES)} modules into {args.out / 'src'} in {seconds:.0f} s; "
          f"run with PYTHONPATH={args.out / 'src'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
