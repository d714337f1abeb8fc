"""Request and response bodies of the HTTP API (they also document it on /docs)."""

from __future__ import annotations

import base64
from typing import Annotated, Any, Callable, Literal, Union

from fastapi import FastAPI
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, StrictBool

from gametable import i18n
from gametable.server import clocks, names
from gametable.server.ids import TABLE_ID_PATTERN


def _normalised(value: Any) -> Any:
    return names.normalise(value) if isinstance(value, str) else value


# Normalised and trimmed before the length is checked, so the limit in the OpenAPI schema is the
# real one; markup is allowed and kept as the literal text it is (nothing here ever renders it).
PlayerName = Annotated[str, Field(max_length=names.NAME_MAX, description=names.RULES),
                       BeforeValidator(_normalised), AfterValidator(names.check)]
StrictInt = Annotated[int, Field(strict=True)]
MessageText = Annotated[str, BeforeValidator(_normalised),
                        Field(min_length=1, max_length=names.MESSAGE_MAX, description=names.MESSAGE_RULES),
                        AfterValidator(names.check_message)]


#: the refusal of a body (or a WebSocket message) that is not JSON
NOT_JSON = "the request body is not valid JSON"


def validation_detail(errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A 422's ``detail``: each error's type, place and message, without the echo of the
    (possibly large) input. The same for the HTTP API and the WebSocket's actions."""
    return [{k: e[k] for k in ("type", "loc", "msg") if k in e} for e in errors]


#: a player's id in a request body (the rule of a path's player id)
PlayerRef = Annotated[str, Field(pattern=TABLE_ID_PATTERN, description="A player's id.")]
Language = Literal[tuple(i18n.LANGUAGES)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _seconds(bounds: tuple[int, int], description: str, **more: Any) -> Any:
    return Field(ge=bounds[0], le=bounds[1], strict=True, description=description, **more)


class NoClock(Strict):
    kind: Literal["none"]


class RealtimeClock(Strict):
    kind: Literal["realtime"]
    initial_s: int = _seconds(clocks.REALTIME_INITIAL, "Each seat's time for the whole game, in seconds.",
                              examples=[600])
    increment_s: int = _seconds(clocks.REALTIME_INCREMENT, "Seconds added after each of the seat's moves.",
                                default=0)


class TurnClock(Strict):
    kind: Literal["turn"]
    per_move_s: int = _seconds(clocks.TURN_PER_MOVE, "Seconds each move may take (hours or days for a "
                                                     "game played over days).", examples=[86400])


Clock = Annotated[Union[NoClock, RealtimeClock, TurnClock], Field(discriminator="kind")]


class CreateTable(Strict):
    game: str = Field(max_length=64, examples=["catan-on-the-road"],
                      description="One of the games this server offers (listed here and by GET /api/games).")
    players: StrictInt = Field(examples=[3])
    bots: list[StrictInt] = Field(default_factory=list, max_length=8,
                                  description="Seats the server's bots play (not 0: the creator sits there).")
    options: dict[str, Any] = Field(default_factory=dict, description="Game options, see GET /api/games.")
    bot_level: str | None = Field(None, max_length=16, examples=["basic"],
                                  description="Strength of the server's bots, see GET /api/bots. Absent "
                                              "or null: the default level (basic); any other value, even \"\", "
                                              "must be one of the levels (else 400).")
    name: PlayerName = ""
    clock: Clock = Field(default_factory=lambda: NoClock(kind="none"), description=(
        "The table's clock, kept by the server: none; realtime (each seat has initial_s for the "
        "game, plus increment_s after each move); or turn (each move has per_move_s). When a "
        "seat's time runs out the server's bot plays that move for it."))
    timeouts_to_bot: int = Field(clocks.DEFAULT_TIMEOUTS_TO_BOT, ge=clocks.TIMEOUTS_TO_BOT[0],
                                 le=clocks.TIMEOUTS_TO_BOT[1], strict=True, description=(
        "After this many timeouts in a row a seat goes to the bot, until its player takes it back."))
    hints: StrictBool = Field(False, description=(
        "A friendly table: the seat to act may ask the search for its top three choices "
        "(GET /api/tables/{id}/hint). Such a table is never rated."))
    listed: bool = Field(False, strict=True, description=(
        "List the table among the open tables (GET /api/open-tables) while it has a seat for anyone."))
    lang: Language | None = Field(None, description="The language the table plays in (the open tables' "
                                                     "filter); absent: your player's, else none.")
    invite: list[PlayerRef] = Field(default_factory=list, max_length=7, description=(
        "Friends (player ids; GET /api/me/friends) the first open seats are kept for: the table "
        "appears in their My tables. Needs a signed-in player; only their friends."))


def list_choices_in_openapi(app: FastAPI, game_names: Callable[[], list[str]],
                            bot_levels: Callable[[], list[str]]) -> None:
    """Make ``app``'s OpenAPI spec list the games it offers and the bot levels as enums of
    CreateTable. Games are per app (its catalog), so they are added to the app's spec rather
    than to the model; the server still checks both and answers 400 naming the choices."""
    make_spec = app.openapi

    def spec_with_choices() -> dict[str, Any]:
        spec = make_spec()  # FastAPI builds it once and keeps it; setting the enums again is harmless
        fields = spec["components"]["schemas"]["CreateTable"]["properties"]
        fields["game"]["enum"] = game_names()
        text_or_null = fields["bot_level"]["anyOf"]
        next(s for s in text_or_null if s.get("type") == "string")["enum"] = bot_levels()
        return spec

    app.openapi = spec_with_choices


class BotLevels(BaseModel):
    levels: list[str] = Field(description="The bot levels, weakest first.")
    default: str = Field(description="The level a new table gets when it names none (the best).")
    games: dict[str, list[str]] = Field(
        default_factory=dict, description="The levels made for some games only, with those games: "
        "Garth's difficulties (garth-*) play Great Western Trail (gwt, gwt-2e) only.")


class TableCreated(BaseModel):
    id: str = Field(description="The table's unguessable id; whoever knows it can join or watch.")
    invite_url: str = Field(description="The link to send to the other players: the table's page under "
                                        "the server's public URL (configured, or the address `gametable serve` "
                                        "listens on), or /t/<id> (relative to this server) when it has none.")
    seat: int
    token: str = Field(description="The secret token of your seat (and of the table's creator).")


class JoinTable(Strict):
    name: PlayerName = ""


class Joined(BaseModel):
    seat: int
    token: str | None = Field(description="Your seat's token; null when your player already held a seat "
                                          "here (you get that seat back; your session is your key).")


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["open", "human", "bot"]
    name: str
    online: bool | None = Field(None, description="A WebSocket of this seat is connected to this server.")
    player: str | None = Field(None, description="The player whose seat it is, if a signed-in person took it "
                                                 "(on an open seat: the player it is kept for).")
    away: bool | None = Field(None, description="A bot plays this seat for its player, who may take it back.")
    clock_ms: int | None = Field(None, description="Real-time clock: the seat's time left, not counting a running turn.")
    deadline_ms: int | None = Field(None, description="When the seat's running clock runs out (ms since the "
                                                      "epoch; compare with now_ms); null: not running.")
    timeouts: int | None = Field(None, description="The seat's timeouts in a row.")


class TimedOut(BaseModel):
    seq: int = Field(description="The action the bot played because the seat's time ran out.")
    seat: int


class TableSnapshot(BaseModel):
    clock: dict[str, Any] = Field(description="The table's clock, as chosen when it was created.")
    timeouts_to_bot: int
    timed_out: list[TimedOut] = Field(description="Every action the bot played for a seat out of time.")
    id: str
    game: str
    seq: int = Field(description="How many actions the table has committed; send it with your next action.")
    status: Literal["waiting", "playing", "finished"]
    bot_level: str = Field(description="The strength of the server's bots at this table.")
    you: int | None = Field(description="Your seat, or null for a spectator.")
    seats: list[SeatInfo]
    view: dict[str, Any] = Field(description="The game's view for your seat (engine protocol).")
    legal_actions: list[dict[str, Any]] = Field(description="Your legal actions now (empty if not your turn).")
    action_notes: list[list[dict[str, Any]]] = Field(description=(
        "Parallel to legal_actions: what each action costs and gives, as notes shaped like log "
        "entries (a catalog key and its parameters; translate them as log entries). [] where the "
        "game knows nothing; the whole list is empty when legal_actions is."))
    ends_turn: list[bool] = Field(description=(
        "Parallel to legal_actions: whether the action always ends your turn (a client may ask "
        "for a confirmation first)."))
    can_undo: bool = Field(description=(
        "Whether you may take back your last action now (POST /api/tables/{id}/undo): your own "
        "actions since the start of your turn, up to the last card, tile or event drawn, shuffle "
        "or other seat's action."))
    undo_steps: int = Field(description="How many of your latest actions you may take back now "
                                        "(all of them: restart the turn).")
    result: dict[str, Any] | None = Field(description="Scores and winners once the game is over.")
    rematch: str | None = Field(None, description="The id of this table's rematch, once someone asked for one.")
    hints: bool = Field(False, description="A friendly table: the seat to act may ask for hints "
                                           "(GET /api/tables/{id}/hint); never rated.")


class ActionRequest(Strict):
    seq: StrictInt = Field(description=(
        "The seq of the table as you saw it when deciding. The action is applied if that is the "
        "table's seq now, or if your seat's situation has not changed since: the same legal "
        "actions at every seq since, and no action of your own (so several seats can answer the "
        "same offer with the seq they saw). Otherwise 409: look again and decide anew. The same "
        "request sent twice is never applied twice."))
    action: Any = Field(description='One of your legal actions, e.g. {"type": "take", "count": 2}.')


class UndoRequest(Strict):
    seq: StrictInt = Field(description="The seq of the table as you saw it, checked as for an action.")
    steps: StrictInt = Field(1, ge=1, le=1000, description=(
        "How many of your latest actions to take back (undo_steps of your snapshot: restart the turn)."))


class ActionAccepted(BaseModel):
    seq: int


class LoggedAction(BaseModel):
    seq: int
    seat: int
    action: dict[str, Any]
    time: int = Field(description="Milliseconds since the Unix epoch.")
    timeout: bool = Field(False, description="The server's bot played it: the seat's time had run out.")


def _key_of_length(length: int) -> Callable[[str], str]:
    def check(value: str) -> str:
        try:
            raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        except ValueError:
            raw = b""
        if len(raw) != length:
            raise ValueError(f"must be {length} bytes in base64url, as PushSubscription.toJSON() gives it")
        return value
    return check


class PushKeys(Strict):
    p256dh: Annotated[str, Field(max_length=128), AfterValidator(_key_of_length(65))]
    auth: Annotated[str, Field(max_length=64), AfterValidator(_key_of_length(16))]


class PushSubscribe(Strict):
    endpoint: str = Field(max_length=2048, description="The push service's address for this browser: https, "
                          "at a known push service (the server's allow-list), at public addresses only.")
    keys: PushKeys
    lang: Literal[tuple(i18n.LANGUAGES)] = Field("en", description="The language of the messages.")


class PushUnsubscribe(Strict):
    endpoint: str = Field(max_length=2048)


class PushKey(BaseModel):
    public_key: str | None = Field(description="The server's VAPID public key: PushManager.subscribe's "
                                               "applicationServerKey; null when the server sends no push.")


class ChatPost(Strict):
    text: MessageText


class ChatMessage(BaseModel):
    id: int = Field(description="Orders the messages (higher is newer).")
    seat: int
    name: str = Field(description="The seat's name when it wrote; plain text.")
    text: str = Field(description="Plain text: show it as text, never as markup.")
    time: int = Field(description="Milliseconds since the Unix epoch.")


class ChatLog(BaseModel):
    messages: list[ChatMessage] = Field(description="The newest 200 messages, oldest first.")


class TableLog(BaseModel):
    id: str
    game: str
    status: Literal["waiting", "playing", "finished"]
    seq: int
    players: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    log: list[dict[str, Any]] = Field(description="The game log: public entries while the game runs, all when it is over.")
    seed: int | None = Field(description="The game's seed, once the game is over (null before).")
    actions: list[LoggedAction] | None = Field(description="The whole action log, once the game is over.")
    result: dict[str, Any] | None


class ReplayPosition(BaseModel):
    id: str
    n: int = Field(description="The position: after this many actions.")
    seq: int = Field(description="How many actions the game has so far (in all, once it is over).")
    you: int | None = Field(description="The seat whose view this is: yours while the game runs, "
                                        "null for the spectators' view (no token, or a finished game).")
    view: dict[str, Any] = Field(description="The view of seat `you` (null: the spectators') at that position.")
    to_act: list[int]


class OptionInfo(BaseModel):
    name: str
    choices: list[Any]
    default: Any
    description: str


class GameInfo(BaseModel):
    name: str
    title: str
    domain: str
    min_players: int
    max_players: int
    options: list[OptionInfo]


class PluralMessage(BaseModel):
    counted_by: str = Field(description="The parameter whose number chooses the form.")
    forms: list[str] = Field(description="The forms, in the order of plural_categories.")


class Catalog(BaseModel):
    lang: str
    name: str
    direction: Literal["ltr", "rtl"]
    messages: dict[str, str] = Field(description="Message key to template with {param} fields "
                                                 "(for a message with plural forms: its general form).")
    plurals: dict[str, PluralMessage] = Field(description="The messages that have plural forms.")
    plural_categories: list[str] = Field(description=(
        "The language's CLDR plural categories (Intl.PluralRules), in the order of the forms."))


# -- players (gametable.server.players_api) ------------------------------------------------------



#: a player's name: as a seat's, but never empty
NamedPlayer = Annotated[PlayerName, Field(min_length=1, description="The name other players see.")]


class NewPlayer(Strict):
    name: NamedPlayer
    lang: Language = Field("en", description="The language of the player's pages.")


class PlayerChanges(Strict):
    name: NamedPlayer | None = None
    lang: Language | None = None


class Me(BaseModel):
    id: str = Field(description="The player's id: public, it names the player's page (/p/<id>).")
    name: str
    lang: str


class SigninLink(BaseModel):
    url: str = Field(description="Open it on the other device within the time below; it works once. "
                                 "The secret is in the fragment (#...), which browsers never send "
                                 "to a server, so no access log holds it.")
    expires_ms: int = Field(description="When it stops working (milliseconds since the Unix epoch).")
    qr_svg: str = Field(description="The same link as a QR code (an SVG image).")


class Signin(Strict):
    token: str = Field(max_length=64, description="The secret of a sign-in link (its fragment).")
    switch: bool = Field(False, description="Sign in even though this browser is signed in as another "
                                            "player (its person said so); without it, 409.")


class SigninCheck(Strict):
    token: str = Field(max_length=64, description="The secret of a sign-in link (its fragment).")


class PlayerName(BaseModel):
    id: str
    name: str


class Session(BaseModel):
    player: Me | None = Field(description="The player this browser is signed in as; null: none.")
    previous: PlayerName | None = Field(description="The player this browser was signed in as before a "
                                                    "sign-in link switched it: it can sign back in.")


class RatingInfo(BaseModel):
    game: str
    displayed: int = Field(description="The rating pages show: 1500 + 48 (mu - 25), 1500 for a new player "
                                       "(docs/server.md, Ratings).")
    provisional: bool = Field(description="Fewer than 5 rated games: the rating still moves fast.")
    rating: float = Field(description="The conservative estimate (OpenSkill's ordinal: mu - 3 sigma).")
    mu: float
    sigma: float
    games: int = Field(description="Rated games played: finished games against other people only.")


class PlayerPage(BaseModel):
    id: str
    name: str
    ratings: list[RatingInfo]


class MySeat(BaseModel):
    seat: int
    kind: Literal["open", "human", "bot"]
    name: str
    player: str | None = Field(None, description="The player whose seat it is (on an open seat: kept for).")
    away: bool = Field(False, description="A person's seat the bot plays now (they left, or ran out of "
                                          "time): on a finished table, the bots finished the game for it.")


class MyTable(BaseModel):
    id: str
    game: str
    status: Literal["waiting", "playing", "finished"]
    seats: list[MySeat]
    you: int | None = Field(description="Your seat (null: a seat is only kept for you, see invited).")
    invited: int | None = Field(description="An open seat kept for you (a rematch's invitation): join to take it.")
    to_act: list[int]
    your_turn: bool
    result: dict[str, Any] | None
    rematch: str | None = Field(description="The id of the rematch of this table, once someone asked for one.")
    created_ms: int
    finished_ms: int | None


class MyTables(BaseModel):
    tables: list[MyTable] = Field(description="Your turn first, then the other running tables, then the "
                                              "finished ones; the newest 100 tables.")


class RematchOpened(BaseModel):
    id: str = Field(description="The rematch's table id.")
    url: str = Field(description="Its page (as TableCreated.invite_url).")
    seat: int
    token: str | None = Field(description="Your new seat's token; null when your player already held "
                                          "this seat (your session is your key).")
