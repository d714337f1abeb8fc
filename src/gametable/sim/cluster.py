"""Spread the games of a run over a Ray cluster (``simulate --ray``, ``arena --ray``).

The same contract as gametable.sim.pool.play_all: game ``i`` is played from its index alone
(RunPlan.play, ArenaPlan.play), so which machine plays it changes nothing, and records come back in
the order games finish. Each of the cluster's CPUs gets one actor that holds the plan and has loaded
its bots once (imports, the games' data); actors are then sent games in chunks (see Chunks).

The run ships this process's own gametable package to the cluster (Ray's ``py_modules``), so the
workers play with the driver's code and not whatever version a machine has installed.
Ray is an optional dependency: ``pip install 'gametable[cluster]'``.
"""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator, Sequence

from gametable.sim.pool import Outcome, Plan, in_order_of_failure, play_outcome

#: ``--ray`` alone: start a Ray of our own on this machine, on loopback only, for this run
LOCAL = "local"
#: Ray's own word for "the cluster this machine belongs to" (RAY_ADDRESS, or one `ray start` began here)
AUTO = "auto"
INSTALL_HINT = "pip install 'gametable[cluster]'"
ADDRESS_HINT = ("give the head's HOST:PORT (the address `ray start --head` printed, e.g. 10.0.0.5:6379), "
                "`auto` for the cluster this machine joined, or no address for a Ray of its own on this machine")
#: seconds to wait for the head's port to answer before saying it cannot be reached
CONNECT_TIMEOUT = 5.0
#: chunks sent ahead to each actor, so that it never waits for the driver between two chunks
CHUNKS_AHEAD = 2


#: a port nothing listens on (a privileged one, unused here), for what must not leave this machine
_NOWHERE = "http://127.0.0.1:9"
#: the environment of a Ray of its own (``--ray`` alone, and the tests' Ray): it listens on loopback
#: and sends nothing beyond this machine. Ray reads these when it is imported or starts a process.
OWN_RAY_ENVIRONMENT = {
    # Ray turns "127.0.0.1" into the machine's outward address unless it believes it cannot form a
    # cluster, which is what this variable tells it (its name is about Windows and macOS, where
    # that is the default)
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
    # workers take ports the system gives them on loopback, instead of Ray trying ports 10002-19999
    # by binding them on every interface
    "RAY_USE_RANDOM_PORTS": "1",
    # Ray's usage statistics stay off, and the dashboard process's report that they are off (sent
    # even then, by a Ray started with `ray start`) goes nowhere
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_USAGE_STATS_REPORT_URL": _NOWHERE,
    # the dashboard process asks cloud metadata services which cloud it runs in (169.254.169.254,
    # metadata.google.internal) through `requests`, whatever the settings: a proxy nobody answers
    # at ends those questions on loopback (gRPC, Ray's own traffic, reads only the lower-case
    # variable, and Ray's loopback HTTP bypasses the proxy)
    "HTTP_PROXY": _NOWHERE,
    "NO_PROXY": "127.0.0.1,localhost,::1",
}


class ClusterError(RuntimeError):
    """Ray is missing or the cluster cannot be used; the message says what to do next."""


def parse_address(address: str) -> tuple[str, int]:
    """``HOST:PORT`` or ``[IPv6]:PORT`` as (host, port); ClusterError if it is neither."""
    host, sep, port = address.rpartition(":")
    bracketed = host.startswith("[") and host.endswith("]")
    host = host[1:-1] if bracketed else host
    # an IPv6 address goes in brackets, or its last group would read as the port
    if not sep or not host or (":" in host and not bracketed) or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(f"--ray {address}: not an address; {ADDRESS_HINT}")
    return host, int(port)


def check_reachable(address: str) -> None:
    """Knock on the head's port first: Ray itself retries an address nobody answers at for minutes."""
    host, port = parse_address(address)
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as exc:
        reason = os.strerror(exc.errno) if exc.errno else (str(exc) or type(exc).__name__)
        raise ClusterError(f"--ray {address}: cannot reach a Ray cluster there ({reason}); start one with "
                           f"`ray start --head --port {port}` on that machine, or check the address and "
                           f"that its port is open to this machine") from exc


def _has_token() -> bool:
    return bool(os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH")
                or (Path.home() / ".ray" / "auth_token").exists())


def _prepare_environment(address: str) -> None:
    """Ray reads these when it is imported or starts, so they are set before."""
    # Ray's usage statistics would be sent to its makers by a Ray we start; a person may opt in
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    if address == LOCAL:
        # a Ray for this machine alone: what a person set stays (e.g. a real HTTP_PROXY)
        for name, value in OWN_RAY_ENVIRONMENT.items():
            os.environ.setdefault(name, value)
        # Ray's default for a Ray it starts (a token in ~/.ray, made if missing), said outright so
        # that Ray does not print a warning about having chosen it
        os.environ.setdefault("RAY_AUTH_MODE", "token")
    elif "RAY_AUTH_MODE" not in os.environ and _has_token():
        # a cluster started with token authentication (Ray's default when a token exists) refuses
        # a driver that does not send it; a cluster without it accepts one that does
        os.environ["RAY_AUTH_MODE"] = "token"


def import_ray(address: str) -> ModuleType:
    _prepare_environment(address)
    try:
        import ray
    except ImportError as exc:
        raise ClusterError(f"--ray needs Ray, which is not installed: {INSTALL_HINT}") from exc
    return ray


def _warm_up(plan: Plan) -> None:
    """Make one bot of each level the plan uses, so that an actor pays their imports and loaded
    data once, before its first game."""
    from gametable import bots

    for level in dict.fromkeys(getattr(plan, "levels", ())):
        bots.get(level, plan.game.name, 0)


class GamePlayer:
    """A Ray actor: holds a run's plan (bots loaded) and plays the chunks of games it is sent."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        _warm_up(plan)

    def play(self, indexes: Sequence[int]) -> tuple[list[Outcome], float]:
        """The outcomes of games ``indexes`` (up to the first that fails) and the processor time
        they took."""
        start = time.process_time()
        outcomes = []
        for index in indexes:
            outcomes.append(play_outcome(self.plan, index))
            if outcomes[-1][2] is not None:
                break
        return outcomes, time.process_time() - start


class Chunks:
    """The game indexes 0 .. games-1 in consecutive chunks, sized from how long games take.

    Each Ray task has a cost of its own (sending, scheduling, returning): a chunk of quick games
    (random bots play a game in tens of milliseconds) keeps it small next to the playing, while
    slow games (search bots take minutes) go one at a time, so that results, and the progress
    bar, keep arriving. Which actor plays which chunk changes no game."""

    #: the processor time a chunk aims at
    TARGET_SECONDS = 0.5
    MAX_SIZE = 64

    def __init__(self, games: int) -> None:
        self.games, self.next = games, 0
        self.seconds_per_game: float | None = None  # unknown before the first chunk comes back

    def take(self) -> range | None:
        """The next chunk, or None once every game has been handed out."""
        if self.next >= self.games:
            return None
        size = 1 if self.seconds_per_game is None else \
            max(1, min(self.MAX_SIZE, int(self.TARGET_SECONDS / max(self.seconds_per_game, 1e-6))))
        chunk = range(self.next, min(self.next + size, self.games))
        self.next = chunk.stop
        return chunk

    def played(self, games: int, seconds: float) -> None:
        """A chunk of ``games`` took ``seconds``: a running average, the latest chunks weighing most."""
        latest = seconds / games
        previous = self.seconds_per_game
        self.seconds_per_game = latest if previous is None else 0.7 * previous + 0.3 * latest


class Cluster:
    """A connection to a Ray cluster for the length of a ``with`` block::

        with Cluster("10.0.0.5:6379") as cluster:
            for record in cluster.play_all(plan, 1000): ...

    ``address``: LOCAL (start a Ray on this machine, loopback only, stopped at the end), AUTO or
    HOST:PORT (connect to a running cluster, which stays up)."""

    def __init__(self, address: str) -> None:
        if address not in (LOCAL, AUTO):
            parse_address(address)
        self.address = address
        self._ray: ModuleType | None = None

    def __enter__(self) -> "Cluster":
        ray = import_ray(self.address)
        if self.address not in (LOCAL, AUTO):
            check_reachable(self.address)
        import gametable

        options: dict[str, Any] = {
            "address": self.address,
            # the workers import this process's gametable, wherever they run
            "runtime_env": {"py_modules": [os.path.dirname(gametable.__file__)]},
            "log_to_driver": False,  # an actor's failure comes back as its exception
            "logging_level": "warning",
        }
        if self.address == LOCAL:
            options.update(include_dashboard=False, _node_ip_address="127.0.0.1")
        try:
            ray.init(**options)
        except Exception as exc:  # noqa: BLE001 - Ray raises ConnectionError, AuthenticationError, ...
            raise ClusterError(self._failure(exc)) from exc
        self._ray = ray
        return self

    def _failure(self, exc: Exception) -> str:
        reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        # Ray wraps a refused token in a ConnectionError from a RuntimeError that quotes it
        if any("AuthenticationError" in type(link).__name__ + str(link) for link in _chain(exc)):
            return (f"--ray {self.address}: the cluster refused this machine's authentication token, or it "
                    f"sent none; copy the head's ~/.ray/auth_token to this machine's ~/.ray/ (or set "
                    f"RAY_AUTH_TOKEN) and run again")
        if self.address == AUTO:
            return (f"--ray auto: no Ray cluster found for this machine ({reason}); start one with "
                    f"`ray start --head`, set RAY_ADDRESS, or give HOST:PORT")
        return f"--ray {self.address}: Ray could not connect ({reason}); check that Ray there is the same version"

    def __exit__(self, *exc: object) -> None:
        if self._ray is not None:
            # our own Ray stops; from a cluster, this run's actors leave with the driver
            self._ray.shutdown()
            self._ray = None

    @property
    def cpus(self) -> int:
        assert self._ray is not None, "use the cluster inside a with block"
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def play_all(self, plan: Plan, games: int) -> Iterator[Any]:
        """Play games 0 .. games-1 of ``plan`` on one actor per CPU of the cluster; yield each
        record as its chunk of games finishes (a failure: as pool.in_order_of_failure says)."""
        outcomes = self._outcomes(plan, games)
        try:
            yield from in_order_of_failure(outcomes)
        finally:
            outcomes.close()  # its actors are killed now, also when a failure ends the run

    def _outcomes(self, plan: Plan, games: int) -> Iterator[Outcome]:
        ray = self._ray
        assert ray is not None, "use the cluster inside a with block"
        actors_count = min(self.cpus, games)
        player = ray.remote(num_cpus=1)(GamePlayer)
        plan_ref = ray.put(plan)  # sent once to the object store, not once per actor
        actors = [player.remote(plan_ref) for _ in range(actors_count)]
        chunks = Chunks(games)
        running: dict[Any, Any] = {}

        def send(actor: Any) -> None:
            chunk = chunks.take()
            if chunk is not None:
                running[actor.play.remote(list(chunk))] = actor

        try:
            for actor in actors:
                for _ in range(CHUNKS_AHEAD):
                    send(actor)
            while running:
                [done], _ = ray.wait(list(running), num_returns=1)
                actor = running.pop(done)
                outcomes, seconds = _result(ray, done)
                chunks.played(len(outcomes), seconds)
                send(actor)
                yield from outcomes
        finally:
            for actor in actors:
                ray.kill(actor)


def _chain(exc: BaseException | None) -> Iterator[BaseException]:
    """``exc`` and the exceptions it was raised from."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        yield exc
        exc = exc.__cause__ or exc.__context__


def _result(ray: ModuleType, ref: Any) -> tuple[list[Any], float]:
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        # the game's own error (e.g. GameDidNotEnd naming its seed), not Ray's wrapper and traceback
        cause = getattr(exc, "cause", None)
        if isinstance(cause, Exception):
            raise cause from None
        raise
