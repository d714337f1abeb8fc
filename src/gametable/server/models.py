"""The database schema (SQLAlchemy Core). Changes to it go through an Alembic migration.

A table is its settings plus an append-only action log; the game state is the replay of the
log from the seed, so nothing but these three tables is ever needed to rebuild a game (the
state checkpoints only save replaying a long log).
"""

from __future__ import annotations

from sqlalchemy import (BigInteger, Boolean, Column, Float, ForeignKey, Index, Integer, MetaData,
                        String, Table, Text, PrimaryKeyConstraint, false, true)

metadata = MetaData()

#: one row per table: its settings (everything needed to start the replay)
tables = Table(
    "tables",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON object, resolved by the game
    Column("seed", BigInteger, nullable=False),  # the game's seed; secret until the game ends
    Column("bot_seed", BigInteger, nullable=False),  # seeds the server's bots, per decision
    # The strength of the table's bots (gametable.bots.levels()). Tables from before the column
    # keep the random bots they were created with.
    Column("bot_level", String(16), nullable=False, server_default="random"),
    Column("creator_hash", String(64), nullable=False),  # sha256 of the creator's token
    Column("created_ms", BigInteger, nullable=False),
    Column("finished_ms", BigInteger, nullable=True),  # set in the same commit as the last action
    # A bot seat must decide next: kept in step with the log, in the same commit as the change,
    # so that a restarted server knows which tables to resume without replaying every game.
    Column("bot_due", Boolean, nullable=False, server_default=false()),
    # The table's clock (gametable.server.clocks.ClockSpec as JSON; NULL: no clock) and after how
    # many timeouts in a row a seat goes to the bot.
    Column("clock", Text, nullable=True),
    Column("timeouts_to_bot", Integer, nullable=False, server_default="3"),
    # The retention sweep (see gametable.server.retention) finds finished tables by finished_ms
    # and never-finished ones (finished_ms IS NULL) by created_ms without reading every row.
    Index("ix_tables_finished_created", "finished_ms", "created_ms"),
    # The game's result() as JSON, written once when the finished game is settled (and rated,
    # in the same transaction: see gametable.server.players): My tables lists it without replaying.
    Column("result", Text, nullable=True),
    # The table a rematch of this one opened (POST /api/tables/{id}/rematch); set once.
    Column("rematch_id", String(64), ForeignKey("tables.id", ondelete="SET NULL"), nullable=True),
    # The seats the game waits for (State.to_act(), a JSON list), written at creation and in the
    # commit of each action that changes it: My tables lists a running table from its row,
    # without replaying it (gametable.server.player_tables). NULL: not known (from before 0009).
    Column("to_act", Text, nullable=True),
    # A friendly table: its acting seat may ask the search for hints, and it is never rated.
    Column("hints", Boolean, nullable=False, server_default=false()),
    # Listed among the open tables (GET /api/open-tables) while it has a free seat, and the
    # language its creator plays in (gametable.server.open_tables).
    Column("listed", Boolean, nullable=False, server_default=false()),
    Column("lang", String(8), nullable=True),
    Index("ix_tables_listed", "listed", "finished_ms", "created_ms"),
)

#: one row per seat; kind is "open" (nobody yet), "human" or "bot"
seats = Table(
    "seats",
    metadata,
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),  # sha256 of the seat token; never the token
    # The player whose seat it is (a person signed in with a session), if any. On an open seat:
    # the seat is kept for that player (a rematch's invitation).
    Column("player_id", String(64), ForeignKey("players.id", ondelete="SET NULL"), nullable=True),
    # A seat handed to the bot keeps its player's token hash here, so that the player can take
    # the seat back (the token stops working for actions meanwhile).
    Column("reclaim_hash", String(64), nullable=True),
    # The seat's clock (gametable.server.clocks): time left in a real-time game (ms, not
    # counting a running turn), when its running time runs out (ms since the epoch; NULL: not
    # running) and its timeouts in a row. The deadline is written in the same transaction as
    # the change that starts or stops it, so a restarted server resumes it.
    Column("clock_ms", BigInteger, nullable=True),
    Column("deadline_ms", BigInteger, nullable=True),
    Column("timeouts", Integer, nullable=False, server_default="0"),
    PrimaryKeyConstraint("table_id", "seat", name="pk_seats"),
    Index("ix_seats_player", "player_id"),
    Index("ix_seats_deadline", "deadline_ms"),
)

#: the append-only action log; the primary key (table_id, seq) is what makes two commits of
#: the same seq impossible, even from two processes
actions = Table(
    "actions",
    metadata,
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),  # 1, 2, 3... the n-th action of the table
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),  # the action's JSON
    Column("time", BigInteger, nullable=False),  # milliseconds since the Unix epoch (UTC)
    # the server's bot played this action because the seat's time ran out
    Column("timeout", Boolean, nullable=False, server_default=false()),
    PrimaryKeyConstraint("table_id", "seq", name="pk_actions"),
)

#: a person: the name and language they chose; reached only through a session (a cookie)
players = Table(
    "players",
    metadata,
    Column("id", String(64), primary_key=True),  # public: it names the player's page
    Column("name", String(64), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("created_ms", BigInteger, nullable=False),
    # when a session of the player was last used (to a minute): "online" to their friends
    Column("seen_ms", BigInteger, nullable=True),
    # an operator's suspension (`gametable admin suspend`): no sign-in, no action while set
    Column("suspended_ms", BigInteger, nullable=True),
    Column("suspended_reason", Text, nullable=True),
)

#: who a player counts as a friend (one way: each adds the other)
friends = Table(
    "friends",
    metadata,
    Column("player_id", String(64), ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    Column("friend_id", String(64), ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    Column("created_ms", BigInteger, nullable=False),
    PrimaryKeyConstraint("player_id", "friend_id", name="pk_friends"),
    Index("ix_friends_friend", "friend_id"),
)

#: a player's rating after each rated game (the player page's chart)
rating_history = Table(
    "rating_history",
    metadata,
    Column("player_id", String(64), ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    Column("table_id", String(64), nullable=False),
    Column("game", String(64), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("time", BigInteger, nullable=False),
    PrimaryKeyConstraint("player_id", "table_id", name="pk_rating_history"),
    Index("ix_rating_history_player_game", "player_id", "game", "time"),
)


def _player_secrets(name: str, hash_column: str, *columns: Column) -> Table:
    """A table of secrets that stand for a player until they expire: each row keyed by the
    secret's sha256 (never the secret), indexed by player (to end them all) and by expiry (to
    sweep the expired); ``columns`` go between the player and the expiry."""
    return Table(
        name,
        metadata,
        Column(hash_column, String(64), primary_key=True),
        Column("player_id", String(64), ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        *columns,
        Column("expires_ms", BigInteger, nullable=False),
        Index(f"ix_{name}_player", "player_id"),
        Index(f"ix_{name}_expires", "expires_ms"),
    )


#: a signed-in browser: the sha256 of the opaque id its HttpOnly cookie holds
player_sessions = _player_secrets("player_sessions", "id_hash", Column("created_ms", BigInteger, nullable=False))

#: one-time sign-in links for another device: the sha256 of the link's secret, until it is used
#: (the row is deleted) or expires
signin_links = _player_secrets("signin_links", "token_hash")

#: a player's rating per game (OpenSkill's Plackett-Luce model: mu and sigma)
ratings = Table(
    "ratings",
    metadata,
    Column("player_id", String(64), ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
    Column("game", String(64), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_ms", BigInteger, nullable=False),
    PrimaryKeyConstraint("player_id", "game", name="pk_ratings"),
)

#: the table's chat: what the seats wrote, in order (spectators read it)
chat = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),  # orders all messages
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("name", String(64), nullable=False),  # the seat's name when it wrote
    Column("text", Text, nullable=False),  # plain text, never markup
    Column("time", BigInteger, nullable=False),
    Index("ix_chat_table", "table_id", "id"),
)

#: Web Push subscriptions of seats (the browser's endpoint and keys): told when it is their turn
push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("endpoint", String(2048), nullable=False),
    Column("p256dh", String(256), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("lang", String(8), nullable=False),
    PrimaryKeyConstraint("table_id", "seat", "endpoint", name="pk_push_subscriptions"),
)

#: which server process serves a table now (several processes: docs/server.md "Several
#: processes"): the owner's id, the internal address the others forward the table's requests
#: to, and when the lease runs out unless renewed (ms since the epoch). Correctness never rests
#: on it (the log's key refuses a second commit of a seq); it keeps a table in one process.
table_leases = Table(
    "table_leases",
    metadata,
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("owner", String(32), nullable=False),
    Column("address", String(255), nullable=False),
    Column("expires_ms", BigInteger, nullable=False),
    Index("ix_table_leases_owner", "owner"),
    Index("ix_table_leases_expires", "expires_ms"),
)

#: checkpoints of a table's game state (``State.to_json()`` after ``seq`` actions): a restart
#: replays only the log after the newest one. The log stays the truth: a checkpoint that does
#: not load is ignored and the table is replayed from its seed (gametable.server.checkpoints).
state_checkpoints = Table(
    "state_checkpoints",
    metadata,
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),
    # the game's Game.state_version when it was written: another version is not used
    Column("state_version", Integer, nullable=False),
    Column("state", Text, nullable=False),  # the state's JSON
    PrimaryKeyConstraint("table_id", "seq", name="pk_state_checkpoints"),
)

#: the search bot's review of a finished table (gametable.server.rooms.reviews): asked for once,
#: judged in worker processes, stored as the JSON the API serves. ``owner`` is the process that
#: judges it and ``updated_ms`` its last sign of life: a queued or running review whose owner
#: went quiet (a restart) is taken up again.
table_reviews = Table(
    "table_reviews",
    metadata,
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("status", String(16), nullable=False),  # queued | running | done | failed
    Column("progress", Float, nullable=False, server_default="0"),
    Column("review", Text, nullable=True),  # the review's JSON once done
    Column("error", Text, nullable=True),  # why it failed
    Column("owner", String(32), nullable=True),
    Column("requested_ms", BigInteger, nullable=False),
    Column("updated_ms", BigInteger, nullable=False),
    Index("ix_table_reviews_status", "status", "updated_ms"),
)


def _player(name: str = "player_id", **kwargs) -> Column:
    return Column(name, String(64), ForeignKey("players.id", ondelete="CASCADE"), nullable=False,
                  **kwargs)


#: a player's turn alerts (gametable.server.alerts): by push, by e-mail (to a confirmed
#: address only), quiet hours (minutes of the player's day, start to end) and the digest
player_alerts = Table(
    "player_alerts",
    metadata,
    _player(primary_key=True),
    Column("push", Boolean, nullable=False, server_default=true()),
    Column("email", Boolean, nullable=False, server_default=false()),
    Column("address", String(254), nullable=True),  # never shown to anyone but the player
    Column("address_confirmed", Boolean, nullable=False, server_default=false()),
    Column("quiet_start", Integer, nullable=True),
    Column("quiet_end", Integer, nullable=True),
    Column("utc_offset_minutes", Integer, nullable=False, server_default="0"),
    Column("digest", Boolean, nullable=False, server_default=false()),
)

#: the secrets of the links an e-mail carries (sha256 only): "confirm" an address, "unsubscribe"
email_tokens = Table(
    "email_tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    _player(),
    Column("purpose", String(16), nullable=False),
    Column("address", String(254), nullable=False),
    Column("expires_ms", BigInteger, nullable=False),
    Index("ix_email_tokens_expires", "expires_ms"),
)

#: Web Push subscriptions of a player: told of the turns of all its seats, at any table
player_push_subscriptions = Table(
    "player_push_subscriptions",
    metadata,
    _player(),
    Column("endpoint", String(2048), nullable=False),
    Column("p256dh", String(256), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("lang", String(8), nullable=False),
    PrimaryKeyConstraint("player_id", "endpoint", name="pk_player_push_subscriptions"),
)

#: a player's report of another (or of one of its chat messages), with the evidence as it was
reports = Table(
    "reports",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    _player("reporter_id"),
    # null: the writer of the message reported was no signed-in player
    Column("reported_id", String(64), ForeignKey("players.id", ondelete="SET NULL"), nullable=True),
    Column("table_id", String(64), nullable=True),  # kept when the table is gone
    Column("chat_id", Integer, nullable=True),
    Column("reason", Text, nullable=False),
    Column("evidence", Text, nullable=False),  # JSON: the message and the ones around it
    Column("created_ms", BigInteger, nullable=False),
    Column("closed_ms", BigInteger, nullable=True),
    Index("ix_reports_open", "closed_ms", "id"),
)

#: who a player blocked: their chat hidden from the player, kept from the player's tables
blocks = Table(
    "blocks",
    metadata,
    _player(),
    _player("blocked_id"),
    Column("created_ms", BigInteger, nullable=False),
    PrimaryKeyConstraint("player_id", "blocked_id", name="pk_blocks"),
    Index("ix_blocks_blocked", "blocked_id"),
)

#: tables whose chat a player muted (for that player only)
muted_tables = Table(
    "muted_tables",
    metadata,
    _player(),
    Column("table_id", String(64), ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
    PrimaryKeyConstraint("player_id", "table_id", name="pk_muted_tables"),
)
