"""The application factory: ``create_app(settings, games)``.

The app opens the store (running migrations), starts the fan-out and the table manager in
its lifespan, and serves the API, the WebSocket and the static browser client.
"""

from __future__ import annotations

import asyncio
import importlib.resources
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import AsyncIterator
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from gametable import bots
from gametable import games as registry
from gametable.server import (alerts_api, api, data_api, moderation_api, operations, people_api, players_api,
                              reviews_api, learn_api, ws)
from gametable.server.alert_store import AlertStore
from gametable.server.audience import AudienceLimits
from gametable.server.catalog import GameCatalog
from gametable.server.collector import PacedCollector
from gametable.server.config import Settings
from gametable.server.errors import NotFound, TableError, Unauthorized
from gametable.server.fanout import Fanout, LocalFanout, RedisFanout
from gametable.server.forwarding import Forwarding, ForwardToOwner, SocketSplicer
from gametable.server.limits import BodySizeLimit
from gametable.server.mail import Mailer, SmtpServer
from gametable.server.metrics import CountRequests, Metrics
from gametable.server.schemas import NOT_JSON, list_choices_in_openapi, validation_detail
from gametable.server.outages import StoreOutages
from gametable.server.pages import Page, render_pages
from gametable.server.push import TurnPusher, load_key
from gametable.server.push_endpoints import EndpointRules
from gametable.server.ratelimit import RateLimiter, RefuseFloodsEarly
from gametable.server.retention import Retention
from gametable.server.rooms.alerts import TurnAlerts
from gametable.server.store import LogStore, migrate
from gametable.server.tables import TableManager

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
#: our page for the API documentation, and Swagger UI's files as the fastapi-offline package ships them
API_DOCS_DIR = Path(__file__).resolve().parent / "api_docs"
SWAGGER_UI_DIR = Path(str(importlib.resources.files("fastapi_offline") / "static"))

#: answers smaller than this go uncompressed: gzip's own header and the work would outweigh the
#: bytes saved (an action's answer, a 404); the pages, scripts, catalogs and snapshots are larger
COMPRESS_FROM_BYTES = 1024
#: zlib's default level: within a few per cent of level 9's size on our JSON, at about half its CPU
COMPRESS_LEVEL = 6

#: what our own pages may load: only from us (no inline script, so injected markup cannot run)
_PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self' ws: wss:; "
                               "img-src 'self' data:; style-src 'self'; script-src 'self'; "
                               "object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # the table id in the address is its secret
}


def create_app(settings: Settings | None = None, games: GameCatalog = registry,
               web_dir: Path = WEB_DIR, collector: PacedCollector | None = None) -> FastAPI:
    """The table service. ``collector`` paces the garbage collector while the app runs (for the
    serving process only: it changes the whole process; gametable.server.collector)."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if collector is not None:
            collector.start()
        store = LogStore.from_url(settings.database_url, settings.sqlite_sync)
        await asyncio.to_thread(migrate, store.engine)
        fanout: Fanout = RedisFanout(settings.redis_url) if settings.redis_url else LocalFanout()
        # Several processes (Redis, and an address the others reach us at): one owner per table.
        lease_address = settings.internal_url if settings.redis_url else None
        manager = TableManager(store, games, fanout, bot_pause=settings.bot_pause,
                               idle_seconds=settings.idle_seconds,
                               retention=Retention.from_settings(settings),
                               audience_limits=audience_limits(settings), metrics=metrics,
                               lease_address=lease_address,
                               checkpoint_every=settings.checkpoint_every,
                               commit_window=settings.commit_window_ms / 1000,
                               review_workers=settings.review_workers, review_effort=settings.review_effort)
        app.state.forwarding = Forwarding() if lease_address else None
        manager.on_moved = partial(ws.table_moved, app)
        app.state.pusher = None
        if settings.vapid_private_key:
            app.state.pusher = manager.on_turn = TurnPusher(
                manager, load_key(settings.vapid_private_key), settings.vapid_subject,
                EndpointRules.from_settings(settings))
        mailer = None
        if settings.smtp_url:
            mailer = Mailer(SmtpServer.from_url(settings.smtp_url, urlsplit(settings.public_url).hostname))
            mailer.start()
        app.state.alerts = manager.on_turn = TurnAlerts(
            manager, AlertStore(store), settings.public_url, pusher=app.state.pusher, mailer=mailer,
            digest_seconds=settings.alert_digest_seconds, wait_seconds=settings.alert_wait_seconds)
        await manager.start()
        app.state.manager = manager
        app.state.rate_limiter = RateLimiter.from_settings(settings)
        try:
            yield
        finally:
            if app.state.rate_limiter is not None:
                await app.state.rate_limiter.close()
            await app.state.alerts.stop()
            await manager.stop()
            if app.state.pusher is not None:
                await app.state.pusher.close()
            if mailer is not None:
                await mailer.stop()
            if app.state.forwarding is not None:
                await app.state.forwarding.close()
            store.close()
            if collector is not None:
                collector.stop()

    app = FastAPI(
        title="gametable",
        summary="Private tables by link: live board games in the browser, every game replayable.",
        description="Seat tokens go in `Authorization: Bearer <token>`; in a browser, the player "
                    "session cookie (POST /api/me, or a sign-in link) stands for the player's seats. "
                    "Live updates: "
                    "`WS /ws/tables/{id}`, whose first message is `{\"type\": \"hello\", "
                    "\"token\": \"...\"}` (see docs/server.md).",
        version="1",
        lifespan=lifespan,
        # FastAPI's own pages load Swagger UI and ReDoc from a CDN with an inline script: ours
        # serves Swagger UI from a package under our pages' policy (_add_api_docs).
        docs_url=None, redoc_url=None, swagger_ui_oauth2_redirect_url=None,
    )
    app.state.settings = settings
    # several processes (Redis): a table's WebSocket is spliced to its owner (idle otherwise)
    app.state.splicer = SocketSplicer(app) if settings.redis_url else None
    metrics = app.state.metrics = Metrics()
    metrics.watch(lambda: getattr(app.state, "manager", None))
    if collector is not None:
        collector.on_pause = metrics.collector_paused
    # innermost: a table owned by another process is forwarded there (several processes only)
    app.add_middleware(ForwardToOwner)
    app.add_middleware(BodySizeLimit, max_body=settings.max_body)
    # HTTP answers only (the middleware passes WebSockets through untouched); it leaves alone
    # answers that are already encoded, partial (206) or streamed events, and clients that do not
    # ask for gzip (bench/server_load.py does not).
    app.add_middleware(GZipMiddleware, minimum_size=COMPRESS_FROM_BYTES, compresslevel=COMPRESS_LEVEL)
    # creating tables, the request floods repeat: refused before anything else looks at it
    app.add_middleware(RefuseFloodsEarly)
    # a store outage escaping anything inside: 503 + Retry-After, one log line
    app.add_middleware(StoreOutages)
    app.add_middleware(CountRequests, metrics=metrics)  # outermost: counts 413s and 503s too
    app.include_router(operations.router)
    app.include_router(api.router)
    app.include_router(players_api.router)
    app.include_router(people_api.router)
    app.include_router(reviews_api.router)
    app.include_router(learn_api.router)
    app.include_router(alerts_api.router)
    app.include_router(moderation_api.router)
    app.include_router(data_api.router)
    list_choices_in_openapi(app, games.names, bots.levels)
    ws.install(app, settings)
    _add_error_handlers(app)
    _add_api_docs(app)
    _add_web(app, web_dir)
    return app


async def going_away(app: FastAPI) -> None:
    """The server is stopping (serving.DrainingServer): no longer ready, and every WebSocket
    is closed with 1001 and a reason to reconnect."""
    app.state.draining = True
    forwarding = getattr(app.state, "forwarding", None)
    if forwarding is not None:
        await forwarding.going_away()
    if getattr(app.state, "splicer", None) is not None:
        app.state.splicer.going_away()
    await ws.going_away(app)


def audience_limits(settings: Settings) -> AudienceLimits:
    return AudienceLimits(per_seat=settings.max_sockets_per_seat,
                          spectators=settings.max_sockets_per_table,
                          direct_spectators=settings.direct_spectators,
                          feed_interval=settings.spectator_feed_seconds)


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if isinstance(exc, Unauthorized) else None
        return JSONResponse({"detail": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return JSONResponse({"detail": NOT_JSON}, status_code=400)
        # Everything else is FastAPI's usual 422, minus the echo of the (possibly large) input.
        return JSONResponse({"detail": validation_detail(errors)}, status_code=422)


def _add_api_docs(app: FastAPI) -> None:
    """Swagger UI at /docs, from packaged assets under the same Content-Security-Policy as our
    pages: no script from another origin can run where seat tokens live. (ReDoc injects its
    styles inline, which the policy forbids, so it is not offered.)"""
    app.mount("/docs/swagger-ui", StaticFiles(directory=SWAGGER_UI_DIR), name="swagger_ui")

    @app.get("/docs", include_in_schema=False)
    async def api_docs() -> FileResponse:
        return FileResponse(API_DOCS_DIR / "index.html", headers=_PAGE_HEADERS)

    @app.get("/docs/init.js", include_in_schema=False)
    async def api_docs_script() -> FileResponse:
        return FileResponse(API_DOCS_DIR / "init.js", media_type="text/javascript",
                            headers={"X-Content-Type-Options": "nosniff"})


#: the client's pages: (address, route name, page in web/pages/). Each page reads what it needs
#: from the address: the table's id (/t/), the player's id (/p/), the game (/learn/, and
#: ?game= on /leaderboards), the sign-in link's secret (in the fragment, which the browser keeps to
#: itself); none of it enters the HTML.
_PAGE_ROUTES = [
    ("/", "lobby", "index"),
    ("/t/{table_id}", "table_page", "table"),
    ("/me", "my_tables_page", "me"),
    ("/p/{player_id}", "player_page", "player"),
    ("/leaderboards", "leaderboards_page", "leaderboards"),
    ("/learn/{game}", "learn_page", "learn"),  # the page asks GET /api/learn/{game} (404 there for no such guide)
    ("/signin", "signin_page", "signin"),
]


class _Assets(StaticFiles):
    """web/ under /static/, but for the page templates (web/pages/): they are served rendered,
    at their own addresses, and their source is nobody's page."""

    async def get_response(self, path: str, scope):
        if Path(path).parts[:1] == ("pages",):
            raise StarletteHTTPException(status_code=404)
        return await super().get_response(path, scope)


def _add_web(app: FastAPI, web_dir: Path) -> None:
    """The browser client: the lobby at /, a table at /t/{id} and the other pages of
    _PAGE_ROUTES, assets under /static/."""
    pages_dir = web_dir / "pages"
    if not (pages_dir / "index.html").is_file():
        @app.get("/t/{table_id}", include_in_schema=False, name="table_page")
        async def no_table_page(table_id: str) -> None:
            raise NotFound("this server has no browser client installed")

        @app.get("/signin", include_in_schema=False, name="signin_page")
        async def no_signin_page() -> None:
            raise NotFound("this server has no browser client installed")
        return

    app.mount("/static", _Assets(directory=web_dir), name="static")
    pages = render_pages(pages_dir, {page for _path, _name, page in _PAGE_ROUTES})
    for path, name, page in _PAGE_ROUTES:
        app.add_api_route(path, partial(_serve_page, pages[page]), methods=["GET"], name=name,
                          include_in_schema=False)

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        # The service worker of Web Push: served from the root so that its scope is the whole site.
        return FileResponse(web_dir / "sw.js", media_type="text/javascript",
                            headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"})

    @app.get("/manifest.webmanifest", include_in_schema=False)
    async def manifest() -> FileResponse:
        # The installable app's manifest (name, icons, start address); sw.js keeps the shell.
        return FileResponse(web_dir / "manifest.webmanifest", media_type="application/manifest+json",
                            headers={"Cache-Control": "no-cache"})


async def _serve_page(page: Page) -> HTMLResponse:
    return page.response(_PAGE_HEADERS)
