"""What operators and their tools ask the server, outside the API and its rate limits:

- ``GET /healthz``: liveness, 200 whenever the process answers;
- ``GET /readyz``: readiness, 200 once the store answers a trivial query, its migrations have
  run and the unfinished tables are back in memory; 503 with the reason otherwise (also
  while the server is shutting down);
- ``GET /metrics``: Prometheus metrics (gametable.server.metrics), only with
  ``GAMETABLE_METRICS=on`` and only to clients on this machine (loopback, as uvicorn sees the
  client: behind a trusted proxy, the address the proxy forwards). Anyone else gets a 404.
"""

from __future__ import annotations

import asyncio
import ipaddress

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from gametable.server.errors import NotFound
from gametable.server.serving import client_address

router = APIRouter(include_in_schema=False)

#: seconds the readiness probe waits for the store's answer
STORE_PROBE_SECONDS = 2.0


@router.get("/healthz")
async def healthz() -> dict:
    return {"status": "alive"}


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    reason = await not_ready_because(request)
    if reason is not None:
        return JSONResponse({"status": "not ready", "reason": reason}, status_code=503)
    return JSONResponse({"status": "ready"})


async def not_ready_because(request: Request) -> str | None:
    state = request.app.state
    if getattr(state, "draining", False):
        return "shutting down: send new requests to another process"
    manager = getattr(state, "manager", None)
    if manager is None:
        return "starting: the store is being opened and migrated"
    if manager.resumed is None or not manager.resumed.done():
        return "starting: bringing the unfinished tables back into memory"
    try:
        await asyncio.wait_for(manager.ping_store(), STORE_PROBE_SECONDS)
    except Exception as exc:  # noqa: BLE001 - whatever the driver raises, the answer is "not ready"
        return (f"the store does not answer ({type(exc).__name__}); check the database server "
                "and DATABASE_URL")
    return None


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    if not on_this_machine(request):
        raise NotFound("Not Found")  # as for any unknown path: nothing to learn here
    if not request.app.state.settings.metrics:
        raise NotFound("metrics are off: start the server with GAMETABLE_METRICS=on (or --metrics on)")
    return Response(generate_latest(request.app.state.metrics.registry), media_type=CONTENT_TYPE_LATEST)


def on_this_machine(request: Request) -> bool:
    try:
        address = ipaddress.ip_address(client_address(request))
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback
