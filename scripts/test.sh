#!/usr/bin/env bash
# Install everything the test suite needs on a fresh Debian machine, then run the whole suite.
# This is the README's test command and what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests drive Debian's Chromium through Playwright (Playwright's own browser
# download is not used).
if [ ! -x /usr/bin/chromium ]; then
    apt-get update -qq
    apt-get install -y -qq chromium
fi

# tests/server/test_fanout_without_redis.py starts (and kills) a redis-server of its own.
if ! command -v redis-server > /dev/null; then
    apt-get update -qq
    apt-get install -y -qq redis-server
fi

# tests/sim/test_cluster.py traces every address the Ray processes reach with strace (loopback only)
if ! command -v strace > /dev/null; then
    apt-get update -qq
    apt-get install -y -qq strace
fi

# tests/server/test_deployment.py runs the compose deployment without containers, behind
# Debian's nginx with deploy/nginx.conf (PostgreSQL's own programs start its private cluster).
if ! command -v nginx > /dev/null && [ ! -x /usr/sbin/nginx ]; then
    apt-get update -qq
    apt-get install -y -qq nginx
fi

# Debian's own python3 refuses pip installs (PEP 668): there a virtual environment is used
# (scripts/python.sh); CI's python3 is used as it is.
. scripts/python.sh
"$PYTHON" -m pip install --quiet --upgrade pip
# .[rl]: the research environments' tests run each library's own checker (tests/rl/);
# .[cluster]: Ray, for simulate/arena --ray against a Ray head on loopback (tests/sim/test_cluster.py);
# .[export]: pyarrow, for `gametable export`'s Parquet file (tests/server/test_your_data.py)
"$PYTHON" -m pip install --quiet -e '.[test,rl,cluster,export]'

if [ "$#" -gt 0 ]; then
    exec "$PYTHON" -m pytest "$@"
fi
# The whole suite, on every core (pytest-xdist; a module's tests stay together, with its
# fixtures). The browser tests run last, in a run of their own: Playwright's synchronous API
# keeps an event loop running in the process that drives Chromium, where asyncio.run() of the
# other tests would then fail.
status=0
"$PYTHON" -m pytest --numprocesses auto --dist loadscope --ignore=tests/web || status=$?
"$PYTHON" -m pytest --numprocesses auto --dist loadscope tests/web || status=$?
exit $status
