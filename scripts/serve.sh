#!/usr/bin/env bash
# The README's first command: install gametable (the first time, and again when pyproject.toml
# changes) and open the online table. Options go to `gametable serve` (--port, --database-url...).
# On Debian's own python3 it installs into a virtual environment, .venv (scripts/python.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/python.sh

stamp="$("$PYTHON" -c 'import sys; print(sys.prefix)')/.gametable-installed"
if [ ! -e "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || ! "$PYTHON" -c 'import gametable' 2> /dev/null; then
    "$PYTHON" -m pip install --quiet -e .
    touch "$stamp" 2> /dev/null || true  # a system python's prefix may not be writable: install each time
fi
exec "$PYTHON" -m gametable serve "$@"
