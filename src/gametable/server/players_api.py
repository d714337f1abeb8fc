"""The HTTP API of players: the browser's player and session, sign-in links for another
device, My tables, player pages with ratings, and rematches."""

from __future__ import annotations

import io
import secrets

import qrcode
import qrcode.image.svg
from fastapi import APIRouter, Header, Request, Response

from gametable.server.api import bearer_token, invite_url
from gametable.server.errors import Conflict, Forbidden, Gone, NotFound, Unauthorized
from gametable.server.identity import (COOKIE, NOT_SIGNED_IN, PREVIOUS_COOKIE, SUSPENDED,
                                       OptionalPlayer, RequiredPlayer, clear_session_cookie,
                                       new_secret, session_expiry, session_player,
                                       set_session_cookie)
from gametable.server.path_params import PathNamesAResource, PlayerId, TableId
from gametable.server.player_tables import my_tables, rematch
from gametable.server.players import Player
from gametable.server.ratelimit import TOO_MANY_REQUESTS, rate_limited
from gametable.server.ratings import provisional
from gametable.server.schemas import (Joined, Me, MyTables, NewPlayer, PlayerChanges, PlayerName,
                                      PlayerPage, RematchOpened, Session, Signin, SigninCheck,
                                      SigninLink)
from gametable.server.live_table import hash_token, now_ms
from gametable.server.tables import TableManager

router = APIRouter(prefix="/api", route_class=PathNamesAResource, dependencies=[rate_limited()],
                   responses=TOO_MANY_REQUESTS)

#: how long a sign-in link works
SIGNIN_LINK_SECONDS = 10 * 60
_NO_SESSION = {401: {"description": "This browser is not signed in as a player"},
               403: {"description": "The request came from another site's page"}}


def _manager(request: Request) -> TableManager:
    return request.app.state.manager


def _me(player: Player) -> dict:
    return {"id": player.id, "name": player.name, "lang": player.lang}


@router.get("/me", response_model=Me, summary="The player this browser is signed in as",
            responses=_NO_SESSION)
async def get_me(player: Player = RequiredPlayer) -> dict:
    return _me(player)


@router.get("/session", response_model=Session,
            summary="Who this browser is signed in as: 200 also when it is nobody (what pages ask)")
async def get_session(request: Request, player: Player | None = OptionalPlayer) -> dict:
    previous = await _previous(request, player)
    return {"player": _me(player) if player else None,
            "previous": {"id": previous.id, "name": previous.name} if previous else None}


async def _previous(request: Request, current: Player | None) -> Player | None:
    """The player of the session a sign-in link switched this browser from, if it still lives."""
    previous = await session_player(request, PREVIOUS_COOKIE)
    return previous if previous is not None and (current is None or previous.id != current.id) else None


@router.post("/me", response_model=Me, status_code=201,
             summary="Make this browser a new player (sets the HttpOnly session cookie)",
             responses={200: {"description": "This browser is a player already: that player"},
                        403: _NO_SESSION[403]})
async def create_me(body: NewPlayer, request: Request, response: Response,
                    player: Player | None = OptionalPlayer) -> dict:
    if player is not None:
        response.status_code = 200
        return _me(player)
    manager = _manager(request)
    now, secret = now_ms(), new_secret()
    player = Player(id=secrets.token_urlsafe(16), name=body.name, lang=body.lang, created_ms=now)
    await manager.write(manager.players.create, player, hash_token(secret), session_expiry(now))
    set_session_cookie(response, request, secret)
    return _me(player)


@router.patch("/me", response_model=Me, summary="Change your name or language", responses=_NO_SESSION)
async def change_me(body: PlayerChanges, request: Request, player: Player = RequiredPlayer) -> dict:
    manager = _manager(request)
    changes = body.model_dump(exclude_none=True)
    return _me(await manager.write(manager.players.update, player.id, changes))


@router.post("/me/signout", status_code=204, summary="Sign this browser out (its session ends)",
             responses={403: _NO_SESSION[403]})
async def sign_out(request: Request, response: Response, player: Player | None = OptionalPlayer) -> None:
    secret = request.cookies.get(COOKIE)
    if player is not None and secret:
        manager = _manager(request)
        await manager.write(manager.players.end_session, hash_token(secret))
    clear_session_cookie(response, request)


@router.post("/me/signin-links", response_model=SigninLink, status_code=201,
             summary="A one-time link (and QR code) that signs another device in as you",
             responses=_NO_SESSION)
async def new_signin_link(request: Request, player: Player = RequiredPlayer) -> dict:
    manager = _manager(request)
    secret, expires = new_secret(), now_ms() + SIGNIN_LINK_SECONDS * 1000
    await manager.write(manager.players.add_signin_link, player.id, hash_token(secret), expires)
    # The secret goes in the fragment: browsers never send it, so it reaches no access log.
    url = f"{_page_url(request, 'signin_page')}#{secret}"
    return {"url": url, "expires_ms": expires, "qr_svg": qr_svg(url)}


def _page_url(request: Request, page: str) -> str:
    path = request.app.url_path_for(page)
    public_url = request.app.state.settings.public_url
    return f"{public_url}{path}" if public_url else str(request.base_url).rstrip("/") + str(path)


def qr_svg(text: str) -> str:
    """``text`` as a QR code: an SVG document (the qrcode library's path image)."""
    image = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    out = io.BytesIO()
    image.save(out)
    return out.getvalue().decode()


@router.post("/signin/check", response_model=PlayerName,
             summary="Whom a sign-in link signs in as (the link stays unused)",
             responses={410: {"description": "The link has expired or was used already"}})
async def check_signin_link(body: SigninCheck, request: Request) -> dict:
    manager = _manager(request)
    player_id = await manager.read(manager.players.signin_link_player, hash_token(body.token), now_ms())
    player = await manager.read(manager.players.player, player_id) if player_id else None
    if player is None:
        raise Gone(_LINK_GONE)
    return {"id": player.id, "name": player.name}


_LINK_GONE = "this sign-in link has expired or was used already; show a new one on your other device"


@router.post("/signin", response_model=Me,
             summary="Sign this browser in with a sign-in link's secret (sets the session cookie)",
             responses={410: {"description": "The link has expired or was used already"},
                        409: {"description": "This browser is signed in as another player and "
                                             "'switch' was not sent: the link is not used"},
                        403: _NO_SESSION[403]})
async def sign_in(body: Signin, request: Request, response: Response,
                  current: Player | None = OptionalPlayer) -> dict:
    manager = _manager(request)
    now, token_hash = now_ms(), hash_token(body.token)
    if current is not None and not body.switch:
        # Refused by default: a device signed in as someone else changes hands only if its
        # person says so (the page asks), and the link stays usable meanwhile.
        owner = await manager.read(manager.players.signin_link_player, token_hash, now)
        if owner is None:
            raise Gone(_LINK_GONE)
        if owner != current.id:
            raise Conflict(f"this browser is signed in as {current.name}: ask its person, then send "
                           "\"switch\": true to sign in as the link's player instead")
    player_id = await manager.write(manager.players.use_signin_link, token_hash, now)
    player = await manager.read(manager.players.player, player_id) if player_id else None
    if player is None:
        raise Gone(_LINK_GONE)
    if player.suspended_ms is not None:
        raise Forbidden(SUSPENDED)
    if current is not None and current.id == player.id:
        return _me(player)  # signed in as them already
    old_secret = request.cookies.get(COOKIE)
    if current is not None and old_secret:
        # Kept, not ended: this browser can sign back in as them (POST /api/me/switch-back).
        set_session_cookie(response, request, old_secret, PREVIOUS_COOKIE)
    secret = new_secret()
    await manager.write(manager.players.add_session, player.id, hash_token(secret), now, session_expiry(now))
    set_session_cookie(response, request, secret)
    return _me(player)


@router.post("/me/switch-back", response_model=Me,
             summary="Sign back in as the player a sign-in link switched this browser from",
             responses={404: {"description": "This browser was signed in as nobody else (or that "
                                             "session has ended)"},
                        403: _NO_SESSION[403]})
async def switch_back(request: Request, response: Response,
                      current: Player | None = OptionalPlayer) -> dict:
    previous = await _previous(request, current)
    if previous is None:
        raise NotFound("this browser was signed in as nobody else before; sign in with a link "
                       "from a device where you are signed in")
    set_session_cookie(response, request, request.cookies[PREVIOUS_COOKIE])
    current_secret = request.cookies.get(COOKIE)
    if current is not None and current_secret:  # the two swap: either can come back
        set_session_cookie(response, request, current_secret, PREVIOUS_COOKIE)
    else:
        clear_session_cookie(response, request, PREVIOUS_COOKIE)
    return _me(previous)


@router.get("/me/tables", response_model=MyTables, summary="Your tables: your turn first",
            responses=_NO_SESSION)
async def get_my_tables(request: Request, player: Player = RequiredPlayer) -> dict:
    return {"tables": await my_tables(_manager(request), player.id)}


@router.get("/players/{player_id}", response_model=PlayerPage, summary="A player's name and ratings",
            responses={404: {"description": "No such player"}})
async def player_page(request: Request, player_id: PlayerId) -> dict:
    manager = _manager(request)
    player = await manager.read(manager.players.player, player_id)
    if player is None:
        raise NotFound("there is no player with this id")
    ratings = await manager.read(manager.players.ratings, player_id)
    return {"id": player.id, "name": player.name,
            "ratings": [{"game": r.game, "displayed": r.skill.displayed,
                         "provisional": provisional(r.games), "rating": r.skill.shown,
                         "mu": r.skill.mu, "sigma": r.skill.sigma, "games": r.games} for r in ratings]}


@router.post("/tables/{table_id}/adopt", response_model=Joined,
             summary="Make the seat of a token yours (a seat taken before this browser was a player)",
             responses={401: {"description": "No seat token, or no player session"},
                        403: {"description": "The token is no seat of this table (or another site's page)"},
                        404: {"description": "There is no table with this id"},
                        409: {"description": "The seat belongs to another player"}})
async def adopt_seat(request: Request, table_id: TableId, authorization: str | None = Header(None),
                     player: Player | None = OptionalPlayer) -> dict:
    if player is None:  # here, not as a dependency: a malformed table id is a 404 first
        raise Unauthorized(NOT_SIGNED_IN)
    seat = await _manager(request).seating.adopt_seat(table_id, bearer_token(authorization), player.id)
    return {"seat": seat, "token": None}


@router.post("/tables/{table_id}/rematch", response_model=RematchOpened, status_code=201,
             summary="Open (or join) a new table with the same players, game and settings",
             responses={401: {"description": "Neither a seat token nor a player session"},
                        403: {"description": "Not one of this table's people (or another site's page)"},
                        404: {"description": "There is no table with this id"},
                        409: {"description": "The game is not over yet, or your seat at the rematch "
                                              "is no longer open"}})
async def open_rematch(request: Request, table_id: TableId, authorization: str | None = Header(None),
                       player: Player | None = OptionalPlayer) -> dict:
    new_id, seat, token = await rematch(_manager(request), table_id, bearer_token(authorization),
                                        player.id if player else None)
    return {"id": new_id, "url": invite_url(request, new_id), "seat": seat, "token": token}
