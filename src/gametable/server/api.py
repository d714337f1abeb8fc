"""The HTTP API: tables, seats, actions, logs and replays, games and message catalogs."""

from __future__ import annotations

from fastapi import APIRouter, Header, Request

from gametable import bots, i18n
from gametable.server.errors import BadRequest, NotFound, Unauthorized
from gametable.server.identity import OptionalPlayer
from gametable.server.metrics import RECEIVED_AT
from gametable.server.path_params import Language, PathNamesAResource, Position, Seat, TableId
from gametable.server.ratelimit import TOO_MANY_REQUESTS, rate_limited
from gametable.server.clocks import ClockSpec
from gametable.server.schemas import (ActionAccepted, ActionRequest, BotLevels, Catalog, ChatLog,
                                      ChatMessage, ChatPost, CreateTable, GameInfo, Joined, JoinTable,
                                      PushKey, PushSubscribe, PushUnsubscribe, ReplayPosition,
                                      TableCreated, TableLog, TableSnapshot, UndoRequest)
from gametable.server.players import Player
from gametable.server.push import SUBSCRIPTIONS_PER_SEAT
from gametable.server.push_endpoints import EndpointRefused
from gametable.server.store import PushSubscription
from gametable.server.rooms.chat import chat_json
from gametable.server.tables import TableManager

# Every route counts against its kind's rate limits (creating, joining, acting, reading).
router = APIRouter(prefix="/api", route_class=PathNamesAResource, dependencies=[rate_limited()],
                   responses=TOO_MANY_REQUESTS)

#: refusals every route of a kind can give, for the OpenAPI documentation
_NO_TABLE = {404: {"description": "There is no table with this id (an id that breaks the pattern names none)"}}
_BAD_JSON = {400: {"description": "The request body is not valid JSON"},
             413: {"description": "The request body is too large"}}
_BAD_TOKEN = {401: {"description": "The Authorization header is not 'Bearer <seat token>'"},
              403: {"description": "The token is not a seat of this table"}}


def _manager(request: Request) -> TableManager:
    return request.app.state.manager


def _id(player: Player | None) -> str | None:
    return player.id if player is not None else None


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; None without the header."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Unauthorized("the Authorization header must read 'Bearer <seat token>'")
    return token.strip()


@router.get("/games", response_model=list[GameInfo], summary="The games this server offers")
async def list_games(request: Request) -> list[dict]:
    games = _manager(request).games
    return [games.get(name).describe() for name in games.names()]


@router.get("/bots", response_model=BotLevels, summary="The strengths the server's bots can play at")
async def bot_levels() -> dict:
    return {"levels": bots.levels(), "default": bots.default_level(),
            "games": {level: games for level in bots.levels() if (games := bots.level_games(level))}}


@router.get("/i18n/{lang}", response_model=Catalog, summary="All messages of a language",
            responses={404: {"description": "Unknown language (the message lists the languages)"}})
async def messages(lang: Language) -> dict:
    if lang not in i18n.LANGUAGES:
        raise NotFound(f"unknown language {lang!r}; choose one of {', '.join(i18n.LANGUAGES)}")
    name, direction = i18n.LANGUAGES[lang]
    return {"lang": lang, "name": name, "direction": direction, "messages": dict(i18n.catalog(lang)),
            "plurals": {key: {"counted_by": plural.counted_by, "forms": list(plural.forms)}
                        for key, plural in i18n.plurals(lang).items()},
            "plural_categories": i18n.plural_categories(lang)}


@router.post("/tables", response_model=TableCreated, status_code=201, summary="Open a new table",
             responses={**_BAD_JSON, 400: {"description": "Unknown game, player count, bot seats, bot level or "
                                                          "options (the message says which), more invited "
                                                          "friends than open seats, or a body that is not JSON"},
                        403: {"description": "Friends invited without a player session, or someone "
                                             "invited who is not your friend"}})
async def create_table(body: CreateTable, request: Request, player: Player | None = OptionalPlayer) -> dict:
    manager = _manager(request)
    await manager.finding_people.check_invited(_id(player), body.invite)
    lang = body.lang or (player.lang if player is not None else None)
    table, token = await manager.seating.create(
        body.game, body.players, body.bots, body.options, body.name, body.bot_level, _id(player),
        ClockSpec(**body.clock.model_dump()), body.timeouts_to_bot, body.hints, body.listed, lang,
        tuple(body.invite))
    request.app.state.alerts.invited(table)  # the invited friends hear of it as their alerts allow
    return {"id": table.id, "invite_url": invite_url(request, table.id), "seat": 0, "token": token}


def invite_url(request: Request, table_id: str) -> str:
    """The table's page: under the configured public URL, or relative (/t/<id>) without one.
    Never built from the request's Host header, which the client chooses."""
    path = request.app.url_path_for("table_page", table_id=table_id)
    public_url = request.app.state.settings.public_url
    return f"{public_url}{path}" if public_url else str(path)


@router.post("/tables/{table_id}/join", response_model=Joined, summary="Take the next open seat",
             responses={**_BAD_JSON, **_NO_TABLE, 409: {"description": "Every seat is taken"}})
async def join_table(body: JoinTable, request: Request, table_id: TableId,
                     player: Player | None = OptionalPlayer) -> dict:
    manager = _manager(request)
    seat, token = await manager.seating.join(table_id, body.name, _id(player))
    manager.bots.opened(table_id)
    return {"seat": seat, "token": token}


@router.get("/tables/{table_id}", response_model=TableSnapshot,
            summary="The table as your seat sees it (no token: as a spectator)",
            responses={**_BAD_TOKEN, **_NO_TABLE})
async def get_table(request: Request, table_id: TableId, authorization: str | None = Header(None),
                    player: Player | None = OptionalPlayer) -> dict:
    manager = _manager(request)
    view = await manager.watching.view(table_id, bearer_token(authorization), _id(player))
    manager.bots.opened(table_id)  # a person looks: the table's bots may start (bots.py)
    return view


@router.post("/tables/{table_id}/actions", response_model=ActionAccepted,
             summary="Take an action with your seat's token",
             responses={400: {"description": "Illegal or malformed action (the engine's message)"},
                        401: {"description": "No seat token"},
                        403: {"description": "The token is not the seat to act"},
                        409: {"description": "Stale seq (your seat's choices changed since that seq, "
                                              "or you acted since), the game is over, or seats are "
                                              "still open"},
                        413: {"description": "The request body is too large"}, **_NO_TABLE})
async def post_action(body: ActionRequest, request: Request, table_id: TableId,
                      authorization: str | None = Header(None),
                      player: Player | None = OptionalPlayer) -> dict:
    seq = await _manager(request).moves.act(table_id, bearer_token(authorization), body.seq, body.action,
                                            request.scope.get(RECEIVED_AT), _id(player))
    return {"seq": seq}


@router.post("/tables/{table_id}/undo", response_model=ActionAccepted,
             summary="Take back your seat's last action(s) of this turn",
             responses={401: {"description": "No seat token"},
                        403: {"description": "The token is not a person's seat"},
                        409: {"description": "Nothing may be undone (nothing of yours since the start "
                                              "of your turn or the last thing revealed, or fewer "
                                              "actions than steps), a stale seq, or the game is not "
                                              "running"},
                        **_BAD_JSON, **_NO_TABLE})
async def post_undo(body: UndoRequest, request: Request, table_id: TableId,
                    authorization: str | None = Header(None),
                    player: Player | None = OptionalPlayer) -> dict:
    seq = await _manager(request).moves.undo(table_id, bearer_token(authorization), body.seq, body.steps,
                                             request.scope.get(RECEIVED_AT), _id(player))
    return {"seq": seq}


@router.post("/tables/{table_id}/seats/{seat}/bot", status_code=204,
             summary="Hand a seat to a server bot: your own seat (you leave), or as the creator "
                     "a seat whose player is absent or out of time",
             responses={401: {"description": "No token"},
                        403: {"description": "The token is neither this seat's nor the creator's"},
                        404: {"description": "No table with this id, or no such seat"},
                        409: {"description": "The game is over, or (creator) the seat's player is "
                                             "connected and has not run out of time"}})
async def seat_to_bot(request: Request, table_id: TableId, seat: Seat,
                      authorization: str | None = Header(None),
                      player: Player | None = OptionalPlayer) -> None:
    await _manager(request).seating.hand_to_bot(table_id, bearer_token(authorization), seat, _id(player))


@router.post("/tables/{table_id}/seats/{seat}/take-back", status_code=204,
             summary="Take your seat back from the bot, with your old seat token",
             responses={401: {"description": "No token"},
                        403: {"description": "The seat is not a bot's, or the token is not the "
                                             "player's who left it"},
                        404: {"description": "No table with this id, or no such seat"},
                        409: {"description": "The game is over"}})
async def take_seat_back(request: Request, table_id: TableId, seat: Seat,
                         authorization: str | None = Header(None),
                         player: Player | None = OptionalPlayer) -> None:
    await _manager(request).seating.take_back(table_id, bearer_token(authorization), seat, _id(player))


@router.get("/tables/{table_id}/chat", response_model=ChatLog,
            summary="The table's chat (anyone with the link may read it; a signed-in player "
                    "is not given the messages of players it blocked, nor any if it muted the table)",
            responses=_NO_TABLE)
async def read_chat(request: Request, table_id: TableId, player: Player | None = OptionalPlayer) -> dict:
    messages = await _manager(request).chat.messages(table_id, _id(player))
    return {"messages": [chat_json(m) for m in messages]}


@router.post("/tables/{table_id}/chat", response_model=ChatMessage, status_code=201,
             summary="Write in the table's chat with your seat's token",
             responses={**_BAD_JSON, **_NO_TABLE,
                        401: {"description": "No seat token"},
                        403: {"description": "The token is not a seat of this table (spectators read only)"},
                        422: {"description": "Empty, longer than 500 characters, or with control characters"},
                        429: {"description": "Too many messages from your seat (or your address)"}})
async def write_chat(body: ChatPost, request: Request, table_id: TableId,
                     authorization: str | None = Header(None),
                     player: Player | None = OptionalPlayer) -> dict:
    manager = _manager(request)
    seat = await manager.playing_seat(table_id, bearer_token(authorization), "write in the chat",
                                      _id(player))
    limiter = getattr(request.app.state, "rate_limiter", None)
    if limiter is not None:
        await limiter.check_seat("chat", table_id, seat)
    return chat_json(await manager.chat.post(table_id, seat, body.text))


@router.get("/tables/{table_id}/log", response_model=TableLog,
            summary="The game log; once the game is over, the whole action log and the seed",
            responses=_NO_TABLE)
async def table_log(request: Request, table_id: TableId) -> dict:
    return await _manager(request).replays.public_log(table_id)


@router.get("/tables/{table_id}/replay/{n}", response_model=ReplayPosition,
            summary="The table after n actions: your seat's view while the game runs (no token: "
                    "the spectators'); a finished game: the spectators' view",
            responses={**_BAD_TOKEN,
                       404: {"description": "No table with this id, or no position n"}})
async def replay_position(request: Request, table_id: TableId, n: Position,
                          authorization: str | None = Header(None),
                          player: Player | None = OptionalPlayer) -> dict:
    return await _manager(request).replays.replay_view(table_id, n, bearer_token(authorization), _id(player))


_NO_PUSH = {404: {"description": "This server has no Web Push (no VAPID key configured), or no such table"}}


def _pusher(request: Request):
    pusher = request.app.state.pusher
    if pusher is None:
        raise NotFound("this server sends no push messages (its operator has configured no VAPID key)")
    return pusher


@router.get("/push", response_model=PushKey, summary="The server's Web Push key (null: it sends no push)")
async def push_key(request: Request) -> dict:
    # 200 either way: a page asks this on every table, and a server without push is no error
    pusher = request.app.state.pusher
    return {"public_key": pusher.public_key if pusher is not None else None}


@router.post("/tables/{table_id}/push", status_code=204, responses={**_BAD_JSON, **_NO_PUSH, **_BAD_TOKEN, 409: {
                 "description": f"The seat has {SUBSCRIPTIONS_PER_SEAT} subscriptions already"}},
             summary="Have a browser told when it is your seat's turn (Web Push)")
async def push_subscribe(body: PushSubscribe, request: Request, table_id: TableId,
                         authorization: str | None = Header(None),
                         player: Player | None = OptionalPlayer) -> None:
    rules = _pusher(request).rules
    manager, token = _manager(request), bearer_token(authorization)
    # the seat first: only a seat's holder makes the server look a push service's name up
    await manager.playing_seat(table_id, token, "subscribe to push messages", _id(player))
    try:
        await rules.check(body.endpoint)
    except EndpointRefused as exc:
        raise BadRequest(str(exc)) from None
    subscription = PushSubscription(body.endpoint, body.keys.p256dh, body.keys.auth, body.lang)
    await manager.push.subscribe(table_id, token, subscription, SUBSCRIPTIONS_PER_SEAT,
                                 tuple(f"{scheme}://" for scheme in rules.schemes), _id(player))


@router.delete("/tables/{table_id}/push", status_code=204, responses={**_BAD_JSON, **_NO_PUSH, **_BAD_TOKEN},
               summary="Stop push messages to a browser")
async def push_unsubscribe(body: PushUnsubscribe, request: Request, table_id: TableId,
                           authorization: str | None = Header(None),
                           player: Player | None = OptionalPlayer) -> None:
    _pusher(request)
    await _manager(request).push.unsubscribe(table_id, bearer_token(authorization), body.endpoint,
                                             _id(player))
