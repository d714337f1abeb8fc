"""Prometheus metrics of one server process (``GET /metrics``, see gametable.server.operations).

Each app has its own registry (tests make many apps in one process). What changes per request
or per action is counted as it happens, at the cost of a dictionary lookup and an increment
(the labelled children are kept, so no label set is built per action); what is a state (tables
in memory, sockets, bot moves waiting) is read from the table manager only when scraped.

HTTP requests are labelled by their route's template (``/api/tables/{table_id}``), never by the
raw path: table ids would make a new time series per table.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterator, Protocol

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send


#: where the metrics middleware notes when a request arrived (time.perf_counter())
RECEIVED_AT = "gametable.received_at"
#: the route label of a request that matched no route (a 404 for an unknown path)
UNMATCHED = "unmatched"

#: seconds; an action takes about a millisecond alone, tens under load, seconds when overloaded
_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: seconds; one group commit is one transaction (an fsync on SQLite with synchronous=full)
_COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self._actions = Counter("gametable_actions_committed", "Actions committed to the log "
                                "(people's and bots')", ["game"], registry=self.registry)
        self.action_seconds = Histogram(
            "gametable_action_seconds", "From receiving an action request (HTTP) to its commit",
            buckets=_LATENCY_BUCKETS, registry=self.registry)
        self.commit_seconds = Histogram(
            "gametable_commit_seconds", "One group commit of the action log (one transaction, "
            "the actions of many tables)", buckets=_COMMIT_BUCKETS, registry=self.registry)
        self._requests = Counter("gametable_http_requests", "HTTP requests answered, by route "
                                 "template and status", ["method", "route", "status"],
                                 registry=self.registry)
        self._refusals = Counter("gametable_refusals", "Requests refused for load: 429 (rate "
                                 "limits) and 503 (busy, unavailable)", ["status", "reason"],
                                 registry=self.registry)
        self._collector_pauses = Histogram(
            "gametable_collector_pause_seconds", "Full garbage collections the loop ran "
            "(gametable.server.collector)", buckets=_LATENCY_BUCKETS, registry=self.registry)
        self._collector_freed = Counter(
            "gametable_collector_freed_objects", "Objects in reference cycles those collections "
            "freed", registry=self.registry)
        self._children: dict[Any, Any] = {}

    def _child(self, metric: Counter, *labels: str) -> Any:
        key = (metric, labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    # -- hooks, called as things happen ----------------------------------------------------

    def committed(self, game: str, received_at: float | None) -> None:
        """An action is in the log; ``received_at``: when its request arrived (None: a bot's)."""
        self._child(self._actions, game).inc()
        if received_at is not None:
            self.action_seconds.observe(time.perf_counter() - received_at)

    def group_committed(self, seconds: float) -> None:
        self.commit_seconds.observe(seconds)

    def answered(self, method: str, route: str, status: int) -> None:
        self._child(self._requests, method, route, str(status)).inc()
        if status == 429:
            self.refused(429, "rate_limit")
        elif status == 503:
            self.refused(503, "unavailable")

    def collector_paused(self, seconds: float, freed: int) -> None:
        self._collector_pauses.observe(seconds)
        self._collector_freed.inc(freed)

    def refused(self, status: int, reason: str) -> None:
        self._child(self._refusals, str(status), reason).inc()

    def watch(self, manager: Callable[[], "HotTables | None"]) -> None:
        """Report the state of the table manager (once it exists) at each scrape."""
        self.registry.register(_LiveState(manager))


class HotTables(Protocol):
    """What the metrics count of the table service (gametable.server.core.TableCore)."""

    tables: dict[str, Any]
    audiences: dict[str, Any]


class _LiveState(Collector):
    """Tables, sockets and bot moves, counted when scraped (nothing per action)."""

    def __init__(self, manager: Callable[[], "HotTables | None"]) -> None:
        self._manager = manager

    def collect(self) -> Iterator[GaugeMetricFamily]:
        manager = self._manager()
        tables = GaugeMetricFamily("gametable_tables_live", "Tables held in memory")
        sockets = GaugeMetricFamily("gametable_websockets", "Live WebSocket connections following "
                                    "a table, by who holds them", labels=["kind"])
        bots = GaugeMetricFamily("gametable_bot_moves_waiting", "Tables whose bot move is waiting "
                                 "or scheduled")
        seats = spectators = waiting = live = 0
        if manager is not None:
            live = len(manager.tables)
            for audience in list(manager.audiences.values()):
                watching = audience.spectators()
                spectators += watching
                seats += len(audience) - watching
            waiting = sum(1 for table in list(manager.tables.values()) if table.bot_task is not None)
        tables.add_metric([], live)
        sockets.add_metric(["seat"], seats)
        sockets.add_metric(["spectator"], spectators)
        bots.add_metric([], waiting)
        yield from (tables, sockets, bots)


class CountRequests:
    """Pure ASGI middleware: notes when each HTTP request arrived and counts its answer by
    route template and status."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope[RECEIVED_AT] = time.perf_counter()
        status = 500  # what the client gets if the app fails before answering

        async def noting_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, noting_send)
        finally:
            route = getattr(scope.get("route"), "path", None) or UNMATCHED
            self.metrics.answered(scope["method"], route, status)
