"""Who a browser is: the player session cookie, read and written in one place.

The cookie ``gametable_session`` holds an opaque random id (``secrets.token_urlsafe``); the store
keeps only its sha256, so a copy of the database signs nobody in. It is HttpOnly (no script can
read it, so an injected script cannot carry it off), SameSite=Strict (other sites' pages cannot
make the browser send it) and Secure when the page came over HTTPS; it lasts a year.

Requests that change something and carry the cookie must come from our own pages: a browser
sends ``Origin`` with every such request (and with every WebSocket handshake), and one naming
another site is refused, so no other site can act with someone's session, over HTTP or by
opening a WebSocket (cross-site WebSocket hijacking). Clients without a browser send no Origin
and usually no cookie: they keep using Bearer seat tokens.
"""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from fastapi import Depends, Request, Response
from starlette.requests import HTTPConnection

from gametable.server.errors import Forbidden, Unauthorized
from gametable.server.moderation_store import SUSPENDED  # noqa: F401 - players_api imports it from here
from gametable.server.players import Player
from gametable.server.live_table import hash_token, now_ms

COOKIE = "gametable_session"
#: the session this browser had before a sign-in link switched it to another player: kept (not
#: ended), so that its person can sign back in (POST /api/me/switch-back)
PREVIOUS_COOKIE = "gametable_previous"
SESSION_DAYS = 365
#: longer than any id we hand out (43 characters); a longer cookie is not looked up
_SECRET_MAX = 64
_SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}
CROSS_SITE = "a request from another site cannot use your session"
NOT_SIGNED_IN = ("this browser is not signed in as a player: create one with POST /api/me or sign in "
                 "with a sign-in link")


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def session_expiry(now: int) -> int:
    return now + SESSION_DAYS * 86_400_000


def same_origin(connection: HTTPConnection) -> bool:
    """Whether the request's Origin (if it sent one) is this server: the host it addressed, or
    the configured public URL's."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    host = urlsplit(origin).netloc.lower()
    allowed = {connection.headers.get("host", "").lower()}
    public_url = connection.app.state.settings.public_url
    if public_url:
        allowed.add(urlsplit(public_url).netloc.lower())
    return bool(host) and host in allowed


#: how often a player's use of a session is written down (their friends see them online)
SEEN_EVERY_MS = 60_000


async def session_player(connection: HTTPConnection, cookie: str = COOKIE) -> Player | None:
    """The player of the connection's session cookie (or of ``cookie``), if it is a live
    session; Forbidden for a cookie sent by another site's page with a request that changes
    something (or a WebSocket)."""
    secret = connection.cookies.get(cookie)
    if not secret or len(secret) > _SECRET_MAX:
        return None
    method = connection.scope.get("method")
    if (method is None or method not in _SAFE_METHODS) and not same_origin(connection):
        raise Forbidden(CROSS_SITE)
    manager = connection.app.state.manager
    now = now_ms()
    player = await manager.read(manager.players.by_session, hash_token(secret), now)
    if player is not None and player.suspended_ms is not None:
        raise Forbidden(SUSPENDED)
    if player is not None and (player.seen_ms is None or now - player.seen_ms >= SEEN_EVERY_MS):
        # one write a minute at most per player: what "online" among friends is told from
        await manager.write(manager.players.seen, player.id, now)
    return player


async def _optional_player(request: Request) -> Player | None:
    return await session_player(request)


async def _required_player(request: Request) -> Player:
    player = await session_player(request)
    if player is None:
        raise Unauthorized(NOT_SIGNED_IN)
    return player


#: route parameters: the session's player, or None / 401 without one
OptionalPlayer = Depends(_optional_player)
RequiredPlayer = Depends(_required_player)


def set_session_cookie(response: Response, request: Request, secret: str, cookie: str = COOKIE) -> None:
    response.set_cookie(cookie, secret, max_age=SESSION_DAYS * 86_400, path="/", httponly=True,
                        samesite="strict", secure=request.url.scheme == "https")


def clear_session_cookie(response: Response, request: Request, cookie: str = COOKIE) -> None:
    response.delete_cookie(cookie, path="/", httponly=True, samesite="strict",
                           secure=request.url.scheme == "https")
