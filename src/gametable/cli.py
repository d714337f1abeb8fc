"""The `gametable` command: serve the online table, play in the terminal, simulate."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperGroup
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from gametable import bots
from gametable import export_cli
from gametable.admin_cli import admin
from gametable import games as registry
from gametable.engine import InvalidOptions

#: the commands whose --ray may come without an address (a Ray of its own on this machine)
RAY_COMMANDS = ("simulate", "arena")


def with_bare_ray(args: list[str]) -> list[str]:
    """``--ray`` with no address becomes ``--ray local``: Typer's options always take a value,
    so the one option whose value may be left out gets it here."""
    if not args or args[0] not in RAY_COMMANDS:
        return args
    args = list(args)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--ray" and (i + 1 == len(args) or args[i + 1].startswith("-")):
            from gametable.sim.cluster import LOCAL

            args.insert(i + 1, LOCAL)
    return args


class _Commands(TyperGroup):
    def parse_args(self, ctx, args: list[str]) -> list[str]:
        return super().parse_args(ctx, with_bare_ray(args))


app = typer.Typer(
    cls=_Commands,
    help="gametable: modern board games at an online table, in the terminal, or simulated.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
err_console = Console(stderr=True)
app.add_typer(admin, name="admin")
export_cli.register(app)


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


def _internal_url(host: str, port: int) -> str | None:
    """Where the other server processes reach this one by default (several processes, with
    Redis): its own address; on every interface, this machine's loopback."""
    url = listening_url(host, port)
    if url is None:
        return f"http://127.0.0.1:{port}" if ":" not in host else f"http://[::1]:{port}"
    return url


def listening_url(host: str, port: int) -> str | None:
    """Where people reach a server listening on ``host``:``port`` when no public URL is set, for
    its invite links; None (relative links) when it listens on every interface, where no single
    address is right for everyone."""
    import ipaddress

    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return f"http://{host}:{port}"  # a host name
    if address.is_unspecified:
        return None
    return f"http://[{address}]:{port}" if address.version == 6 else f"http://{address}:{port}"


RAY_HELP = ("Play the games on a Ray cluster instead (needs Ray: the cluster extra). "
            "Alone: a Ray of its own on this machine; HOST:PORT: the cluster whose head is there; auto: the "
            "cluster this machine joined. The results are those of a local run. Not with --workers (every "
            "CPU of the cluster plays).")

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
    ctx: typer.Context,
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
    workers: int = typer.Option(
        1, "--workers", "-w",
        help="Worker processes that play the games (0: one per CPU core). The results are the same "
             "for any number."),
    ray_address: Optional[str] = typer.Option(None, "--ray", metavar="[ADDRESS]", help=RAY_HELP),
    save: Optional[Path] = typer.Option(
        None, "--save", help="Write every game to this new .jsonl file, one line each, as it finishes: "
                             "seed, bots, actions and result, enough to replay it (gametable replay)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
) -> None:
    """Bots play complete games; prints speed, wins per seat, scores (per scoring category) and game length."""
    from gametable.sim.runner import GameDidNotEnd, RunPlan, run_plan

    game_obj = _load_game(game)
    levels = _check_levels(bot_levels, players)
    # the seats of garth levels are Garth's in the engine: part of the run's options (and save file)
    options = bots.table_options(game_obj.name, _parse_options(option), levels)
    try:
        game_obj.new(players, seed, options)  # validate before showing a progress bar
    except InvalidOptions as exc:
        _fail(str(exc))
    _check_workers(workers)
    cluster = _cluster(ctx, ray_address)
    progress = Progress(
        TextColumn(f"[bold]{game_obj.title}[/] {players}p"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=as_json,
    )

    # the save file is made once the cluster is joined: one that cannot be joined leaves no empty file
    with cluster:
        writer = _open_save_file(save) if save is not None else None
        plan = RunPlan(game_obj, players, seed, options, tuple(levels), max_decisions,
                       record_actions=writer is not None)

        def finished(record) -> None:
            if writer is not None:
                writer.write(plan, record)
            progress.advance(task)

        with progress:
            task = progress.add_task("games", total=games)
            try:
                summary = run_plan(plan, games, workers, on_game=finished, cluster=cluster.joined)
            except GameDidNotEnd as exc:
                progress.live.transient = True  # the error alone, on one line (it names the seed)
                progress.stop()
                _fail(str(exc) + (f" (the games finished before it are in {save})" if save else ""))
            finally:
                if writer is not None:
                    writer.close()
    data = summary.to_json()
    if as_json:
        print(json.dumps(data))
        return
    _print_summary(data, game_obj.title, levels)


@app.command()
def arena(
    ctx: typer.Context,
    game: str = typer.Option(..., "--game", "-g", help="Game name, e.g. catan-on-the-road or gwt."),
    bot_levels: str = typer.Option(
        ..., "--bots", "-b",
        help=f"The bot levels that meet, separated by commas (e.g. strong,good,basic,random). "
             f"Levels: {', '.join(bots.levels())}."),
    players: int = typer.Option(2, "--players", "-p", help="Seats per game."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many complete games to play."),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of the first deal; each line-up plays every "
                                                     "rotation of its seats on the same deal."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option as key=value (repeatable)."),
    workers: int = typer.Option(
        0, "--workers", "-w",
        help="Worker processes that play the games (0: one per CPU core). The results are the same "
             "for any number."),
    ray_address: Optional[str] = typer.Option(None, "--ray", metavar="[ADDRESS]", help=RAY_HELP),
    plot: Optional[Path] = typer.Option(
        None, "--plot", help="Also draw the ratings and win rates into this PNG (needs matplotlib: "
                             "the bench extra)."),
    as_json: bool = typer.Option(False, "--json", help="Print the standings as JSON."),
) -> None:
    """Bot levels meet round-robin (every line-up, every seat rotation); prints OpenSkill ratings
    with ±2σ intervals, win rates with 95% intervals and each level's time per decision."""
    from gametable.sim.arena import ArenaPlan, lineups, run_arena

    game_obj = _load_game(game)
    options = _parse_options(option)
    levels = tuple(level.strip() for level in bot_levels.split(","))
    try:
        game_obj.new(players, seed, options)
        lineups(levels, players)
    except (InvalidOptions, bots.UnknownBotLevel, ValueError) as exc:
        _fail(f"--bots: {exc}" if not isinstance(exc, InvalidOptions) else str(exc))
    _check_workers(workers)
    cluster = _cluster(ctx, ray_address)
    if plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            _fail("--plot needs matplotlib: pip install 'gametable[bench]'")
    plan = ArenaPlan(game_obj, players, levels, seed, options)
    progress = Progress(TextColumn(f"[bold]{game_obj.title}[/] {players}p arena"), BarColumn(),
                        MofNCompleteColumn(), TimeRemainingColumn(), console=err_console, transient=as_json)
    with cluster, progress:
        task = progress.add_task("games", total=games)
        ratings = run_arena(plan, games, workers, on_game=lambda _: progress.advance(task), cluster=cluster.joined)
    rows = [standing.to_json() for standing in ratings.table()]
    if as_json:
        print(json.dumps({"game": game_obj.name, "players": players, "games": games, "seed": seed,
                          "levels": rows}))
    else:
        table = Table(title=f"{game_obj.title}: {games} games, {players} players, seeds from {seed}")
        for column in ("level", "rating", "rating ±2σ", "seats", "win rate", "95% interval", "equal share",
                       "avg score", "decisions/game", "ms/decision"):
            table.add_column(column, justify="left" if column == "level" else "right")
        # a narrow terminal squeezes the figures, never the level names
        table.columns[0].min_width = max(len(row["level"]) for row in rows)
        for row in rows:
            table.add_row(row["level"], f"{row['rating']:.1f}",
                          f"{row['rating_interval'][0]:.1f}–{row['rating_interval'][1]:.1f}", str(row["seats"]),
                          f"{row['win_rate']:.1%}", f"{row['win_rate_ci95'][0]:.1%}–{row['win_rate_ci95'][1]:.1%}",
                          f"{row['equal_share']:.1%}", f"{row['average_score']:.1f}", f"{row['decisions_per_game']:.1f}",
                          f"{row['ms_per_decision']:.1f}")
        console.print(table)
        _print_breakdown(rows)
    if plot is not None:
        from gametable.sim.arena import plot as draw

        draw(ratings, plan, games, plot)
        err_console.print(f"plot saved to {plot}")


def _print_breakdown(rows: list[dict]) -> None:
    """Each level's average score per scoring category, a category per line (a game's categories
    outnumber the levels, so they go down the page and fit a narrow terminal)."""
    categories = list(dict.fromkeys(c for row in rows for c in row["average_breakdown"]))
    if not categories:
        return
    table = Table(title="Average score by category")
    table.add_column("category")
    for row in rows:
        table.add_column(row["level"], justify="right")
    for category in categories:
        table.add_row(category, *(f"{row['average_breakdown'].get(category, 0):.1f}" for row in rows))
    table.add_row("total", *(f"{row['average_score']:.1f}" for row in rows), style="bold")
    console.print(table)


def _check_workers(workers: int) -> None:
    from gametable.sim.pool import worker_count

    try:
        worker_count(workers)
    except ValueError as exc:
        _fail(f"--workers: {exc}")


class _ClusterOption:
    """The cluster of --ray for a ``with`` block (nothing without --ray): joined on entry, a
    failure there is a one-line error; left on exit."""

    def __init__(self, address: str | None) -> None:
        self.address, self.joined = address, None

    def __enter__(self) -> "_ClusterOption":
        if self.address is not None:
            from gametable.sim.cluster import AUTO, LOCAL, Cluster, ClusterError

            if self.address == LOCAL:
                doing, where = "starting", "a Ray of its own on this machine"
            elif self.address == AUTO:
                doing, where = "joining", "the Ray cluster of this machine"
            else:
                doing, where = "joining", f"the Ray cluster at {self.address}"
            err_console.print(f"{doing} {where}", highlight=False)
            try:
                self.joined = Cluster(self.address).__enter__()
            except ClusterError as exc:
                _fail(str(exc))
            err_console.print(f"{where}: {self.joined.cpus} CPUs play the games", highlight=False)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.joined is not None:
            self.joined.__exit__(*exc)
            self.joined = None


def _cluster(ctx: typer.Context, address: str | None) -> _ClusterOption:
    """Check --ray before any game is played: its address, and that --workers was not given too."""
    if address is None:
        return _ClusterOption(None)
    from gametable.sim.cluster import Cluster, ClusterError

    source = ctx.get_parameter_source("workers")
    if source is not None and source.name == "COMMANDLINE":
        _fail("--ray and --workers: with --ray every CPU of the cluster plays (one process each); "
              "leave out --workers, or leave out --ray to play on this machine's processes")
    try:
        Cluster(address)  # the address's form only: the cluster is joined when the games start
    except ClusterError as exc:
        _fail(str(exc))
    return _ClusterOption(address)


def _open_save_file(path: Path):
    from gametable.sim.savefile import GameWriter

    try:
        return GameWriter(path)
    except FileExistsError:
        _fail(f"--save: {path} already exists; give a new file name (a saved run is never overwritten)")
    except OSError as exc:
        _fail(f"--save: cannot create {path} ({exc.strerror}); check that its folder exists and is writable")


def _print_summary(data: dict, title: str, levels: list[str]) -> None:
    players = data["players"]
    table = Table(title=f"{title}: {data['games']} games, {players} players, seed {data['seed']}, "
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
        seats.add_row(str(seat), levels[seat], str(data["wins_per_seat"][seat]),
                      f"{100 * data['win_rate_per_seat'][seat]:.1f}", str(data["average_score_per_seat"][seat]))
    console.print(seats)
    categories = Table(title="average score per category (the keys of state.result()'s breakdown)")
    categories.add_column("category")
    for seat in range(players):
        categories.add_column(f"seat {seat}", justify="right")
    for category, averages in data["average_score_per_category"].items():
        categories.add_row(category, *(f"{value:g}" for value in averages))
    console.print(categories)


@app.command()
def play(
    game: str = typer.Option("catan-on-the-road", "--game", "-g", help="Game name."),
    players: int = typer.Option(3, "--players", "-p", help="Number of players (you take seat 0)."),
    seed: Optional[int] = typer.Option(None, "--seed", "-s", help="Seed (random if omitted)."),
    option: list[str] = typer.Option([], "--option", "-o", help="Game option as key=value (repeatable)."),
    lang: str = typer.Option("en", "--lang", help="Language of the log: en, fa, pt, es."),
    bot: str = typer.Option(
        bots.default_level(), "--bot", "-b",
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
    # the bots' seats of a garth level are Garth's (the engine plays the automa)
    options = bots.table_options(game_obj.name, options, [None] + [bot] * (players - 1))
    try:
        state = game_obj.new(players, seed, options)
    except InvalidOptions as exc:
        _fail(str(exc))
    play_in_terminal(game_obj, state, human_seat=0, console=console, lang=lang, bot_level=bot)


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A `simulate --save` file (.jsonl), or a table's log saved from "
                                          "GET /api/tables/<id>/log."),
    index: Optional[int] = typer.Option(None, "--index", "-i", help="The game of the run to show "
                                        "(its index: game i was played with seed+i); default: the first line."),
    lang: str = typer.Option("en", "--lang", help="Language of the table and log: en, fa, pt, es."),
    step: bool = typer.Option(False, "--step", help="Show the table after every move and wait for Enter."),
    to: Optional[int] = typer.Option(None, "--to", min=0, help="Stop after this many actions and show the table there."),
    verify: bool = typer.Option(False, "--verify", help="Replay every game of the file and check each ends with "
                                "its saved result (exit code 1 if one does not)."),
    workers: int = typer.Option(1, "--workers", "-w", help="With --verify: processes that replay the games "
                                "(0: one per CPU core)."),
) -> None:
    """Replay a saved game move by move, as a spectator sees it; or --verify a whole file."""
    from gametable.sim.savefile import SavedGameError, read_games

    _check_language(lang)
    try:
        if verify:
            _check_workers(workers)
            _verify_games(file, workers)
            return
        saved = _find_game(read_games(file), file, index)
        actions = saved.actions
        if to is not None and to > len(actions):
            _fail(f"--to {to}: {saved.source} has {len(actions)} actions; give --to 0 to {len(actions)}")
        saved.position(to)  # a refused action is a one-line error before the game is shown, not after
        _watch(saved, lang, step, to)
    except SavedGameError as exc:
        _fail(str(exc))


def _find_game(saved_games, file: Path, index: int | None):
    """The game of ``file`` whose index is ``index`` (None: the first one)."""
    indexes = set()
    for saved in saved_games:
        if index is None or saved.index == index:
            return saved
        indexes.add(saved.index)
    if index is None:
        _fail(f"{file} holds no game; it is empty")
    indexes.discard(None)  # a table's log has no index
    shown = f"{min(indexes)} to {max(indexes)}" if indexes else "none with an index"
    _fail(f"--index {index}: {file} has no game with that index (it has {shown}); give one of them")


def _watch(saved, lang: str, step: bool, to: int | None) -> None:
    from gametable.i18n import player_names
    from gametable.terminal import watch_replay

    # a table's log names its seats (the names people gave); a simulated game's seats are bots
    names = [saved.seat_names[seat] if seat < len(saved.seat_names) and saved.seat_names[seat] else bot_name
             for seat, bot_name in enumerate(player_names(saved.players, -1, lang))]

    def next_move() -> bool:
        from gametable import i18n

        return console.input(f"[dim]{escape(i18n.text('ui.terminal.replay.next', lang))}[/] ").strip().lower() != "q"

    watch_replay(saved.game, saved.steps(), saved.actions, names, console, lang, stop_at=to,
                 pause=next_move if step else None, timeouts=saved.timeouts)


def _verify_games(file: Path, workers: int) -> None:
    """Replay every game of ``file``; one line per game that does not end as saved, exit 1 if any."""
    from gametable.sim.pool import check_all
    from gametable.sim.savefile import read_games

    checked, problems = 0, []
    progress = Progress(TextColumn(f"[bold]verify[/] {escape(str(file))}"), MofNCompleteColumn(),
                        TextColumn("games"), console=err_console, transient=True)
    with progress:
        task = progress.add_task("games", total=None)
        for problem in check_all(read_games(file), workers):
            if problem:
                problems.append(problem)
            checked += 1
            progress.advance(task)
    for problem in problems:
        err_console.print(f"[bold red]mismatch:[/] {escape(problem)}", soft_wrap=True, highlight=False)
    if problems:
        err_console.print(f"[bold red]error:[/] {len(problems)} of {checked} games in {escape(str(file))} do "
                          f"not replay to their saved result; if the engine's rules changed on purpose, save "
                          f"the games again with simulate --save", soft_wrap=True, highlight=False)
        raise typer.Exit(code=1)
    if not checked:
        _fail(f"{file} holds no game; it is empty")
    console.print(f"verified {checked} of {checked} games in {escape(str(file))}: each replays to its saved "
                  f"result", soft_wrap=True)


@app.command()
def analyze(
    file: Path = typer.Argument(..., help="A `simulate --save` file (.jsonl), or a finished table's log saved "
                                          "from GET /api/tables/<id>/log."),
    index: Optional[int] = typer.Option(None, "--index", "-i", help="The game of the run to review (its index); "
                                        "default: the first line."),
    as_json: bool = typer.Option(False, "--json", help="Print the review as one JSON object (the API's shape)."),
    plot: Optional[Path] = typer.Option(
        None, "--plot", help="Also draw the evaluation graph into this PNG (needs matplotlib: the bench extra)."),
    workers: int = typer.Option(
        0, "--workers", "-w",
        help="Worker processes that judge the decisions (0: one per CPU core). The review is the same for "
             "any number."),
    seed: int = typer.Option(0, "--seed", "-s", help="The review's seed (its roll-outs' worlds)."),
    lang: str = typer.Option("en", "--lang", help="Language of the choices shown: en, fa, pt, es."),
) -> None:
    """Review a finished game with the search bot: every decision judged from its seat's information,
    marked (inaccuracy, mistake, blunder), and each seat's accuracy and luck (docs/bots.md)."""
    from gametable.review import CannotReview, review_budget, review_log
    from gametable.sim.savefile import SavedGameError, read_games

    _check_workers(workers)
    _check_language(lang)
    if plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            _fail("--plot needs matplotlib: pip install 'gametable[bench]'")
    try:
        saved = _find_game(read_games(file), file, index)
        review_budget(saved.game.name)
        problem = saved.mismatch()
    except (SavedGameError, CannotReview) as exc:
        _fail(str(exc))
    if problem:
        _fail(f"{problem}; only a finished game that replays to its result can be reviewed")
    progress = Progress(TextColumn(f"[bold]review[/] {escape(saved.source)}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=err_console, transient=True)
    with progress:
        task = progress.add_task("decisions", total=None)
        review = review_log(saved.game, saved.players, saved.seed, saved.options, saved.actions,
                            review_seed=seed, workers=workers,
                            on_progress=lambda done, total: progress.update(task, completed=done, total=total))
    names = [saved.seat_names[s] if s < len(saved.seat_names) and saved.seat_names[s]
             else (f"seat {s} ({saved.levels[s]})" if s < len(saved.levels) else f"seat {s}")
             for s in range(saved.players)]
    if as_json:
        print(json.dumps(review, ensure_ascii=False))
    else:
        _print_review(review, names, f"{saved.game.title}: {saved.source}", _marked_in_words(saved, review, lang))
    if plot is not None:
        from gametable.review.plot import plot_review

        plot_review(review, plot, f"{saved.game.title}: {saved.source}", names)
        err_console.print(f"plot saved to {plot}")


def _marked_in_words(saved, review: dict, lang: str) -> dict[int, tuple[str, str]]:
    """The played and the preferred choice of every marked decision in words, by seq."""
    from gametable.terminal import describe_action

    marked = {d["seq"]: d for d in review["decisions"] if d["mark"]}
    words = {}
    for step, state in enumerate(saved.steps()):
        decision = marked.get(step + 1)
        if decision is not None:
            view = state.view(decision["seat"])
            words[step + 1] = (describe_action(saved.game, decision["played"], view, lang),
                               describe_action(saved.game, decision["best"], view, lang))
        if step + 1 >= max(marked, default=0):
            break
    return words


def _print_review(review: dict, names: list[str], title: str, words: dict[int, tuple[str, str]]) -> None:
    seats = Table(title=title)
    for column in ("seat", "accuracy", "inaccuracies", "mistakes", "blunders", "luck (VP)"):
        seats.add_column(column, justify="left" if column == "seat" else "right")
    for name, seat in zip(names, review["seats"]):
        accuracy = "–" if seat["accuracy"] is None else f"{seat['accuracy']:.1f}"
        seats.add_row(escape(name), accuracy, str(seat["inaccuracies"]), str(seat["mistakes"]),
                      str(seat["blunders"]), f"{seat['luck']:+.1f}")
    console.print(seats)
    marked = [d for d in review["decisions"] if d["mark"]]
    if not marked:
        console.print("no decision marked")
        return
    table = Table(title="Marked decisions (replay --to SEQ-1 shows the position)")
    for column in ("seq", "seat", "mark", "played", "preferred", "VP lost", "win chance"):
        table.add_column(column, justify="right" if column in ("seq", "VP lost") else "left")
    for d in marked:
        played, preferred = words[d["seq"]]
        table.add_row(str(d["seq"]), escape(names[d["seat"]]), d["mark"], escape(played), escape(preferred),
                      f"{d['loss_vp']:.1f}",
                      f"{d['win_chance_before']:.0%} → {d['win_chance_after']:.0%}")
    console.print(table)


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
    idle_seconds: Optional[float] = typer.Option(
        None, "--idle-seconds", envvar="GAMETABLE_IDLE_SECONDS", show_envvar=True,
        help="A table nobody has touched for this long (and nobody watches) leaves memory; it "
             "comes back from its log when asked for (default 900)."),
    keep_finished_days: Optional[float] = typer.Option(
        None, "--keep-finished-days", envvar="GAMETABLE_KEEP_FINISHED_DAYS", show_envvar=True,
        help="Delete finished tables this many days after they finished (default 30; 0: keep forever)."),
    keep_abandoned_days: Optional[float] = typer.Option(
        None, "--keep-abandoned-days", envvar="GAMETABLE_KEEP_ABANDONED_DAYS", show_envvar=True,
        help="Delete unfinished tables nobody has acted at for this many days (default 14; 0: keep forever)."),
    rate_limits: Optional[str] = typer.Option(
        None, "--rate-limits", envvar="GAMETABLE_RATE_LIMITS", show_envvar=True,
        help="on (default) or off: the per-address request limits (GAMETABLE_RATE_CREATE etc., "
             "see docs/server.md). Off only for benchmarks and tests."),
    extra_game: list[str] = typer.Option(
        [], "--extra-game", help="Also offer the GAME of this module (repeatable), e.g. a game in development."),
    log_level: str = typer.Option("info", "--log-level", help=f"uvicorn's log level: {', '.join(LOG_LEVELS)}."),
    public_url: Optional[str] = typer.Option(
        None, "--public-url", envvar="GAMETABLE_PUBLIC_URL", show_envvar=True,
        help="The address people open, e.g. https://play.example.org: invite links are built from it "
             "(default: http://HOST:PORT of --host and --port; relative links, /t/<id>, on 0.0.0.0 or ::)."),
    forwarded_allow_ips: Optional[str] = typer.Option(
        None, "--forwarded-allow-ips", envvar="GAMETABLE_FORWARDED_ALLOW_IPS", show_envvar=True,
        help="Reverse proxies whose X-Forwarded-For/-Proto are believed: addresses or networks "
             "separated by commas, or * (default: none; with --workers or --internal-url, 127.0.0.1)."),
    max_connections: Optional[int] = typer.Option(
        None, "--max-connections", envvar="GAMETABLE_MAX_CONNECTIONS", show_envvar=True,
        help="Connections (HTTP and WebSocket) served at once; beyond it, 503 (default 0: as many "
             "as the open-file limit allows, which serve raises to the hard limit; a number is lowered to that)."),
    header_timeout: Optional[float] = typer.Option(
        None, "--header-timeout", envvar="GAMETABLE_HEADER_TIMEOUT", show_envvar=True,
        help="Seconds a client has to send a whole request head (default 10)."),
    keep_alive_timeout: Optional[float] = typer.Option(
        None, "--keep-alive-timeout", envvar="GAMETABLE_KEEP_ALIVE_TIMEOUT", show_envvar=True,
        help="Seconds an idle keep-alive connection stays open (default 5)."),
    metrics: Optional[str] = typer.Option(
        None, "--metrics", envvar="GAMETABLE_METRICS", show_envvar=True,
        help="on or off (default): serve Prometheus metrics at GET /metrics, to clients on this "
             "machine (loopback) only."),
    log_format: Optional[str] = typer.Option(
        None, "--log-format", envvar="GAMETABLE_LOG_FORMAT", show_envvar=True,
        help="text (default) or json: one JSON object per log line (time, level, logger, message; "
             "access lines also client, method, path, status)."),
    workers: int = typer.Option(
        1, "--workers", envvar="GAMETABLE_WORKERS", show_envvar=True, min=1,
        help="Server processes on this machine, sharing --port (more than 1 needs PostgreSQL "
             "as DATABASE_URL and REDIS_URL)."),
    internal_url: Optional[str] = typer.Option(
        None, "--internal-url", envvar="GAMETABLE_INTERNAL_URL", show_envvar=True,
        help="With REDIS_URL: where the other server processes reach this one, http://host:port "
             "(default: the address it listens on; with --workers, the host only: each worker "
             "takes a free port there)."),
) -> None:
    """Open the online table: the web app, its API and live WebSocket updates."""
    # Only what checks the command line and listens: the app is built once the server listens
    # (gametable.server.starting).
    from gametable.server.catalog import ExtendedCatalog
    from gametable.server.config import Settings, option_value
    from gametable.server.starting import serve as serve_tables

    if public_url is None and os.environ.get("GAMETABLE_PUBLIC_URL") is None:
        public_url = listening_url(host, port)
    try:
        settings = Settings.from_env(
            database_url=database_url, redis_url=redis_url, bot_pause=bot_pause,
            sqlite_sync=sqlite_sync, idle_seconds=idle_seconds, keep_finished_days=keep_finished_days,
            keep_abandoned_days=keep_abandoned_days, public_url=public_url,
            forwarded_allow_ips=forwarded_allow_ips, max_connections=max_connections,
            header_timeout=header_timeout, keep_alive_timeout=keep_alive_timeout,
            rate_limits=option_value("rate_limits", rate_limits), metrics=option_value("metrics", metrics),
            log_format=option_value("log_format", log_format),
            internal_url=internal_url or (_internal_url(host, port) if workers == 1 else None))
    except ValueError as exc:  # a GAMETABLE_* variable or option with a bad value: say which, in one line
        _fail(str(exc))
    if log_level.lower() not in LOG_LEVELS:
        _fail(f"--log-level must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}")
    try:
        catalog = ExtendedCatalog(extra_game)
    except (ImportError, AttributeError) as exc:
        _fail(f"--extra-game: {exc}")
    if workers > 1 and not (settings.database_url.startswith("postgresql") and settings.redis_url):
        _fail(f"--workers {workers} runs processes that share the tables through PostgreSQL and "
              "Redis: set DATABASE_URL=postgresql://user@host/db and REDIS_URL=redis://host:6379/0 "
              "(or --database-url and --redis-url), or serve with --workers 1")
    shown_url = _check_database(settings.database_url, settings.sqlite_sync)
    _check_port_free(host, port)
    typer.echo(f"gametable: tables are stored in {shown_url}"
               + (f" (synchronous={settings.sqlite_sync})" if shown_url.startswith("sqlite") else ""))
    if settings.redis_url:
        typer.echo("gametable: fanning out through Redis")
    typer.echo(f"gametable: open http://{host}:{port}/ (API documentation at /docs)")
    if workers > 1:
        from urllib.parse import urlsplit

        from gametable.server.workers import WorkerPlan, run_workers

        typer.echo(f"gametable: {workers} worker processes share the port; each table is served by one")
        internal_host = urlsplit(settings.internal_url).hostname if settings.internal_url else "127.0.0.1"
        raise typer.Exit(run_workers(WorkerPlan(settings, tuple(extra_game), host, port, internal_host,
                                                log_level.lower(), workers)))
    if not serve_tables(settings, catalog, host=host, port=port, log_level=log_level.lower()):
        raise typer.Exit(code=3)  # (uvicorn's own code for an app that did not start)


@app.command("vapid-keys")
def vapid_keys(
    out: Path = typer.Argument(..., help="Where to write the private key (PEM); it must not exist yet."),
) -> None:
    """Make the VAPID key pair Web Push needs (turn alerts with the page closed)."""
    from gametable.server.push import new_key

    if out.exists():
        _fail(f"{out} exists already; keep the key you have (subscriptions are bound to it) or "
              "give another path")
    public_key = new_key(out)
    typer.echo(f"gametable: the private key is in {out} (keep it secret, and keep it: browsers "
               "subscribe to its public half)")
    typer.echo("Serve with:")
    typer.echo(f"  GAMETABLE_VAPID_PRIVATE_KEY={out.resolve()}")
    typer.echo("  GAMETABLE_VAPID_SUBJECT=mailto:you@example.org   # a contact for the push services")
    typer.echo(f"Public key (the browsers get it from GET /api/push): {public_key}")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
