"""A Ray head on loopback for the tests, and what its processes listen on and talk to: the sockets
they hold (read from /proc), and, where strace is installed, every address any of them connected,
bound or sent to, however briefly."""

from __future__ import annotations

import ipaddress
import os
import re
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

from gametable.sim.cluster import OWN_RAY_ENVIRONMENT

#: read by Ray when it is imported or starts: Ray on loopback only, sending nothing beyond it
#: (gametable.sim.cluster says what each variable does)
LOOPBACK_ONLY = OWN_RAY_ENVIRONMENT


STRACE = shutil.which("strace")
#: the system calls that name an address to reach or to listen on
_NETWORK_CALLS = "trace=connect,bind,sendto,sendmsg,sendmmsg"


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


def children(pid: int) -> set[int]:
    return {child for child, parent in _parent_of().items() if parent == pid}


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


def traced_addresses(log: Path) -> set:
    """Every IP address a strace log of network calls names (a Unix socket has none)."""
    text = log.read_text()
    found = set(re.findall(r'inet_addr\("([^"]+)"\)', text)) | set(re.findall(r'inet_pton\(AF_INET6?, "([^"]+)"', text))
    addresses = {ipaddress.ip_address(address) for address in found}
    return {a.ipv4_mapped if isinstance(a, ipaddress.IPv6Address) and a.ipv4_mapped else a for a in addresses}


def _traced(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"TracerPid:\s*(\d+)", status).group(1)) != 0


@contextmanager
def tracing_this_process(log: Path) -> Iterator[None]:
    """strace follows this process and every process it starts for the block (network calls only,
    into ``log``); without strace, nothing."""
    if STRACE is None:
        yield
        return
    tracer = subprocess.Popen([STRACE, "-f", "-qq", "-e", _NETWORK_CALLS, "-e", "signal=none", "-o", str(log),
                               "-p", str(os.getpid())], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while not _traced(os.getpid()) and time.monotonic() < deadline:
            time.sleep(0.05)
        yield
    finally:
        tracer.send_signal(signal.SIGINT)  # strace detaches and leaves the processes running
        tracer.wait(timeout=60)


class Head(NamedTuple):
    address: str  # HOST:PORT, for --ray
    pid: int  # of `ray start`, whose children are the head's processes
    trace: Path | None  # the network calls of the head's processes (strace), if strace is installed


@contextmanager
def ray_head(env: dict[str, str], cpus: int = 2) -> Iterator[Head]:
    """``ray start --head`` on 127.0.0.1 at a free port, as a child of this process; yields it,
    then stops it and checks that every process it started has ended."""
    port = free_port()
    temp_dir = tempfile.mkdtemp(prefix="ray-", dir="/tmp")  # short: Ray's socket paths live in it
    command = [sys.executable, "-c", "from ray.scripts.scripts import main; main()", "start", "--head",
               "--block", "--node-ip-address", "127.0.0.1", "--port", str(port), "--num-cpus", str(cpus),
               "--include-dashboard", "false", "--disable-usage-stats", "--temp-dir", temp_dir,
               # ports the system gives (`ray start` sets 10002-19999 itself: RAY_USE_RANDOM_PORTS is not read)
               "--min-worker-port", "0", "--max-worker-port", "0",
               "--object-store-memory", str(100 * 1024 * 1024)]
    trace = Path(temp_dir) / "network-calls.strace" if STRACE else None
    if trace is not None:
        # --seccomp-bpf: only the traced calls stop a process, so the head runs at nearly full speed
        command = [STRACE, "-f", "--seccomp-bpf", "-qq", "-e", _NETWORK_CALLS, "-e", "signal=none", "-o", str(trace),
                   *command]
    log = tempfile.TemporaryFile()  # a file, not a pipe: nobody reads it while the head runs
    head = subprocess.Popen(command, env={**os.environ, **env}, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        _wait_for_port(head, port, log)
        yield Head(f"127.0.0.1:{port}", _ray_start(head.pid, trace), trace)
    finally:
        ray_start = _ray_start(head.pid, trace)
        started = descendants(head.pid)
        os.kill(ray_start, signal.SIGTERM)  # `ray start --block` stops what it started, then ends
        try:
            head.wait(timeout=60)  # strace ends with the last process it follows
        finally:
            left = wait_until_ended(started)
            for pid in left:  # only processes this head started
                os.kill(pid, signal.SIGKILL)
            shutil.rmtree(temp_dir, ignore_errors=True)
            log.close()
        assert not left, f"Ray processes still running after the head stopped: {sorted(left)}"


def _ray_start(pid: int, trace: Path | None) -> int:
    """The `ray start` process: the one started, or strace's child."""
    return (children(pid) or {pid}).pop() if trace is not None else pid


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
