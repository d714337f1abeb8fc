"""A Ray head on loopback for the tests, and what its processes listen on and talk to (read from
/proc, so no tool or library beyond Ray is needed)."""

from __future__ import annotations

import ipaddress
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, NamedTuple

#: read by Ray when it is imported or starts: Ray on loopback only, and nothing sent to Ray's makers
#: (gametable.sim.cluster says why the first variable does that)
LOOPBACK_ONLY = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _parent_of() -> dict[int, int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # it ended meanwhile
                continue
            # the command name, in brackets, may hold spaces: the fields after it are fixed
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    return parents


def descendants(pid: int) -> set[int]:
    parents = _parent_of()
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (a zombie has ended: it only waits for its parent)."""
    running = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.add(pid)
    return running


def _address(hex_address: str) -> tuple[ipaddress.IPv4Address | ipaddress.IPv6Address, int]:
    host, port = hex_address.split(":")
    raw = bytes.fromhex(host)
    # the kernel prints each 32-bit word in the machine's (little-endian) order
    raw = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
    address = ipaddress.ip_address(raw)
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return address, int(port, 16)


def tcp_endpoints(pids: set[int]) -> tuple[set, set]:
    """(addresses listened on, peers connected to) of the TCP sockets the processes ``pids`` hold."""
    inodes = set()
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        except OSError:  # it ended meanwhile
            continue
    listening, peers = set(), set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, remote, state, inode = fields[1], fields[2], fields[3], fields[9]
            if inode not in inodes:
                continue
            if state == "0A":  # LISTEN
                listening.add(_address(local))
            else:
                peers.add(_address(remote))
    return listening, peers


def not_loopback(endpoints: set) -> set:
    return {(address, port) for address, port in endpoints if not address.is_loopback}


class Head(NamedTuple):
    address: str  # HOST:PORT, for --ray
    pid: int  # of `ray start`, whose children are the head's processes


@contextmanager
def ray_head(env: dict[str, str], cpus: int = 2) -> Iterator[Head]:
    """``ray start --head`` on 127.0.0.1 at a free port, as a child of this process; yields it,
    then stops it and checks that every process it started has ended."""
    port = free_port()
    temp_dir = tempfile.mkdtemp(prefix="ray-", dir="/tmp")  # short: Ray's socket paths live in it
    command = [sys.executable, "-c", "from ray.scripts.scripts import main; main()", "start", "--head",
               "--block", "--node-ip-address", "127.0.0.1", "--port", str(port), "--num-cpus", str(cpus),
               "--include-dashboard", "false", "--disable-usage-stats", "--temp-dir", temp_dir,
               "--object-store-memory", str(100 * 1024 * 1024)]
    log = tempfile.TemporaryFile()  # a file, not a pipe: nobody reads it while the head runs
    head = subprocess.Popen(command, env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        _wait_for_port(head, port, log)
        yield Head(f"127.0.0.1:{port}", head.pid)
    finally:
        started = descendants(head.pid)
        head.send_signal(signal.SIGTERM)  # `ray start --block` stops what it started, then ends
        try:
            head.wait(timeout=60)
        finally:
            left = wait_until_ended(started)
            for pid in left:  # only processes this head started
                os.kill(pid, signal.SIGKILL)
            shutil.rmtree(temp_dir, ignore_errors=True)
            log.close()
        assert not left, f"Ray processes still running after the head stopped: {sorted(left)}"


def _wait_for_port(head: subprocess.Popen, port: int, log) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if head.poll() is not None:
            log.seek(0)
            raise RuntimeError(f"ray start ended with {head.returncode}: {log.read().decode()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the Ray head did not open port {port} within 120 s")


def wait_until_ended(pids: set[int]) -> set[int]:
    deadline = time.monotonic() + 30
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    return alive(pids)
