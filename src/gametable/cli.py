"""The `gametable` command: serve the online table, play in the terminal, simulate."""

from __future__ import annotations

import json
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from gametable import bots
from gametable import games as registry
from gametable.engine import InvalidOptions

app = typer.Typer(
    help="gametable: modern board games at an online table, in the terminal, or simulated.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
err_console = Console(stderr=True)


def _fail(message: str) -> None:
    # soft_wrap: one line however narrow the terminal, so the message can be copied or grepped
    err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True, highlight=False)
    raise typer.Exit(code=2)


def _load_game(name: str):
    try:
        return registry.get(name)
    except registry.UnknownGame as exc:
        _fail(str(exc))


def _check_language(lang: str) -> None:
    from gametable.i18n import LANGUAGES

    if lang not in LANGUAGES:
        _fail(f"unknown language {lang!r}; use --lang with one of {', '.join(LANGUAGES)}")


def _check_database(url: str, sqlite_sync: str) -> str:
    """Open the store once before serving, so a bad URL is a one-line error rather than a
    traceback from the server's start-up. Returns the URL as shown to people (no password)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    from gametable.server.store import LogStore

    advice = ("check --database-url (or DATABASE_URL), e.g. sqlite:////path/to/tables.sqlite3 "
              "or postgresql://user:password@host/dbname")
    try:
        shown = make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        _fail(f"{url!r} is not a database URL; {advice}")
    try:
        store = LogStore.from_url(url, sqlite_sync)
        try:
            with store.engine.connect():
                pass
        finally:
            store.close()
    except Exception as exc:  # noqa: BLE001 - drivers raise many kinds; all mean "cannot open"
        reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        if isinstance(exc, ImportError):
            reason = f"this database's driver is not installed ({reason})"
        _fail(f"cannot open the database {shown}: {reason}; {advice}")
    return shown


def _check_port_free(host: str, port: int) -> None:
    import os
    import socket

    try:
        with socket.create_server((host, port)):
            pass
    except OSError as exc:
        _fail(f"cannot listen on {host}:{port} ({os.strerror(exc.errno) if exc.errno else exc}); choose another --port or "
              f"--host, or stop the program that uses it")


LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


def _check_levels(raw: str, players: int) -> list[str]:
    """`--bots basic` or `--bots basic,random,random`: a known level for all seats or for each."""
    from gametable.sim.runner import seat_levels

    levels = [level.strip() for level in raw.split(",")]
    try:
        return seat_levels(levels, players)
    except (bots.UnknownBotLevel, ValueError) as exc:
        _fail(f"--bots: {exc}")


def _parse_options(raw: list[str]) -> dict:
    """`--option key=value` pairs; values are read as JSON when they parse, else as text."""
    options = {}
    for item in raw:
        key, sep, value = item.partition("=")
        if not sep or not key:
            _fail(f"--option wants key=value, got {item!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


@app.command()
def simulate(
    game: str = typer.Option(..., "--game", "-g", help="Game name, e.g. catan-on-the-road or gwt."),
    players: int = typer.Option(..., "--players", "-p", help="Number of players."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many complete games to play."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the first game; game i uses seed+i."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option as key=value (repeatable)."),
    max_decisions: int = typer.Option(1_000_000, min=1, help="Give up on a game after this many decisions."),
    bot_levels: str = typer.Option(
        "random", "--bots", "-b",
        help=f"Bot level of every seat (e.g. basic), or one per seat separated by commas "
             f"(e.g. basic,random,random). Levels: {', '.join(bots.levels())}."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
) -> None:
    """Bots play complete games; prints speed, wins per seat, scores and game length."""
    from gametable.sim.runner import GameDidNotEnd
    from gametable.sim.runner import simulate as run

    game_obj = _load_game(game)
    options = _parse_options(option)
    try:
        game_obj.new(players, seed, options)  # validate before showing a progress bar
    except InvalidOptions as exc:
        _fail(str(exc))
    levels = _check_levels(bot_levels, players)

    progress = Progress(
        TextColumn(f"[bold]{game_obj.title}[/] {players}p"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=as_json,
    )
    with progress:
        task = progress.add_task("games", total=games)
        try:
            summary = run(
                game_obj, players, games, seed, options, max_decisions,
                on_game=lambda _record: progress.advance(task), levels=levels,
            )
        except GameDidNotEnd as exc:
            _fail(str(exc))
    data = summary.to_json()
    if as_json:
        print(json.dumps(data))
        return
    table = Table(title=f"{game_obj.title}: {data['games']} games, {players} players, seed {seed}, "
                        f"bots {','.join(levels)}")
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key in ("games", "decisions", "seconds", "decisions_per_second", "games_per_second",
                "average_decisions_per_game", "games_without_winner"):
        table.add_row(key.replace("_", " "), f"{data[key]:,}")
    console.print(table)
    seats = Table(title="per seat")
    seats.add_column("seat", justify="right")
    seats.add_column("bot")
    seats.add_column("wins", justify="right")
    seats.add_column("win %", justify="right")
    seats.add_column("average score", justify="right")
    for seat in range(players):
        wins = data["wins_per_seat"][seat]
        seats.add_row(str(seat), levels[seat], str(wins), f"{100 * wins / data['games']:.1f}",
                      str(data["average_score_per_seat"][seat]))
    console.print(seats)


@app.command()
def play(
    game: str = typer.Option("catan-on-the-road", "--game", "-g", help="Game name."),
    players: int = typer.Option(3, "--players", "-p", help="Number of players (you take seat 0)."),
    seed: Optional[int] = typer.Option(None, "--seed", "-s", help="Seed (random if omitted)."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option as key=value (repeatable)."),
    lang: str = typer.Option("en", "--lang", help="Language of the log: en, fa, pt, es."),
    bot: str = typer.Option(
        bots.best_level(), "--bot", "-b",
        help=f"How well the bots play: {', '.join(bots.levels())} (default: the best)."),
) -> None:
    """Play a full game in the terminal against bots; every choice is numbered."""
    from gametable.terminal import play_in_terminal

    _check_language(lang)
    game_obj = _load_game(game)
    options = _parse_options(option)
    try:
        bots.check_level(bot)
    except bots.UnknownBotLevel as exc:
        _fail(f"--bot: {exc}")
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**31)
    try:
        state = game_obj.new(players, seed, options)
    except InvalidOptions as exc:
        _fail(str(exc))
    play_in_terminal(game_obj, state, human_seat=0, console=console, lang=lang, bot_level=bot)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", min=1, max=65535, help="Port to listen on (1-65535)."),
    database_url: Optional[str] = typer.Option(
        None, "--database-url", envvar="DATABASE_URL", show_envvar=True,
        help="SQLAlchemy URL of the store, e.g. postgresql://user@host/db "
             "(default: a SQLite file in your user data directory)."),
    redis_url: Optional[str] = typer.Option(
        None, "--redis-url", envvar="REDIS_URL", show_envvar=True,
        help="Fan out through Redis pub/sub, so several server processes can serve the same tables."),
    bot_pause: float = typer.Option(
        0.6, "--bot-pause", envvar="GAMETABLE_BOT_PAUSE", min=0.0,
        help="Seconds a bot waits before it moves, so that people can follow."),
    sqlite_sync: Optional[str] = typer.Option(
        None, "--sqlite-sync", envvar="GAMETABLE_SQLITE_SYNC", show_envvar=True,
        help="SQLite only. full (default): every acknowledged action is on disk, even across a "
             "power cut. normal: no fsync per commit; survives a killed server, not a power cut."),
    extra_game: list[str] = typer.Option(
        [], "--extra-game", help="Also offer the GAME of this module (repeatable), e.g. a game in development."),
    log_level: str = typer.Option("info", "--log-level", help=f"uvicorn's log level: {', '.join(LOG_LEVELS)}."),
) -> None:
    """Open the online table: the web app, its API and live WebSocket updates."""
    import uvicorn

    from gametable.server import Settings, create_app
    from gametable.server.app import tune_garbage_collector
    from gametable.server.catalog import ExtendedCatalog

    settings = Settings.from_env(database_url=database_url, redis_url=redis_url, bot_pause=bot_pause,
                                 sqlite_sync=sqlite_sync)
    if settings.sqlite_sync not in ("full", "normal"):
        _fail(f"--sqlite-sync must be full or normal, not {settings.sqlite_sync!r}")
    if log_level.lower() not in LOG_LEVELS:
        _fail(f"--log-level must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
    try:
        catalog = ExtendedCatalog(extra_game)
    except (ImportError, AttributeError) as exc:
        _fail(f"--extra-game: {exc}")
    shown_url = _check_database(settings.database_url, settings.sqlite_sync)
    _check_port_free(host, port)
    typer.echo(f"gametable: tables are stored in {shown_url}"
               + (f" (synchronous={settings.sqlite_sync})" if shown_url.startswith("sqlite") else ""))
    if settings.redis_url:
        typer.echo("gametable: fanning out through Redis")
    typer.echo(f"gametable: open http://{host}:{port}/ (API documentation at /docs)")
    web_app = create_app(settings, catalog)
    tune_garbage_collector()
    uvicorn.run(web_app, host=host, port=port, log_level=log_level.lower(), ws_max_size=settings.max_body)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
