# Sourced by serve.sh and test.sh: sets PYTHON to the interpreter gametable is installed into.
#
# A python3 that lets pip install into it (CI's, a pyenv one, an active virtual environment) is
# used as it is. Debian's own python3 refuses (PEP 668, "externally-managed-environment"): there
# the scripts make a virtual environment of their own, .venv in the checkout (GAMETABLE_VENV to
# put it elsewhere), and install into that instead; nothing is installed into the system.

externally_managed() {
    "$1" - <<'PY'
import os, sys, sysconfig
inside_a_venv = sys.prefix != sys.base_prefix
marker = os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")
sys.exit(0 if not inside_a_venv and os.path.exists(marker) else 1)
PY
}

PYTHON=python3
if externally_managed python3; then
    VENV="${GAMETABLE_VENV:-.venv}"
    if [ ! -x "$VENV/bin/python" ]; then
        if ! python3 -m venv "$VENV"; then
            rm -rf "$VENV"  # a half-made one (Debian ships venv's pip in python3-venv)
            if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
                apt-get update -qq
                apt-get install -y -qq python3-venv
                python3 -m venv "$VENV"
            else
                echo "python3 cannot make a virtual environment here: install python3-venv" \
                     "(sudo apt-get install python3-venv) and run this command again" >&2
                exit 1
            fi
        fi
    fi
    PYTHON="$VENV/bin/python"
fi
