"""`gametable export`: the operator's open dataset of finished games between people, with every
player and table id replaced by a stable pseudonym (gametable.server.game_export), as JSON lines
(the saved-game format: `gametable replay --verify` checks them) and as Parquet (pyarrow, the
`export` extra: `pip install 'gametable[export]'`)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape

console = Console()
err_console = Console(stderr=True)

SECRET_VARIABLE = "GAMETABLE_EXPORT_SECRET"
MIN_SECRET = 16


def _fail(message: str) -> None:
    err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True, highlight=False)
    raise typer.Exit(code=2)


def export(
    out: Path = typer.Option(..., "--out", help="The folder to write games.jsonl and games.parquet in "
                                                "(made if missing; files there are replaced)."),
    secret: Optional[str] = typer.Option(None, "--secret", envvar=SECRET_VARIABLE, show_envvar=True,
                                         help=f"The pseudonyms' key (at least {MIN_SECRET} characters): "
                                              "keep it secret, and keep it, so a player has the same "
                                              "pseudonym in every export."),
    database_url: Optional[str] = typer.Option(None, "--database-url", envvar="DATABASE_URL", show_envvar=True,
                                               help="The service's database (default: the one `gametable serve` uses)."),
    parquet: bool = typer.Option(True, "--parquet/--no-parquet", help="Also write games.parquet (needs pyarrow)."),
) -> None:
    """Write the open dataset of finished games between people, with pseudonyms for ids."""
    from gametable.server.config import Settings
    from gametable.server.game_export import FinishedGames, batches, pseudonym
    from gametable.server.store import LogStore, migrate

    if not secret or len(secret) < MIN_SECRET:
        _fail(f"give the pseudonyms' key with --secret or {SECRET_VARIABLE} (at least {MIN_SECRET} "
              "characters, e.g. from `python3 -c 'import secrets; print(secrets.token_urlsafe(32))'`)")
    if parquet:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            _fail("Parquet needs pyarrow: pip install 'gametable[export]' (or give --no-parquet)")
    key = secret.encode()
    store = LogStore.from_url(Settings.from_env(database_url=database_url).database_url)
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    writer = None
    try:
        migrate(store.engine)
        games = FinishedGames(store)

        def seat_fields(seat) -> dict:
            # no names: people choose them, and they may name themselves
            return {"player": pseudonym(key, "player", seat.player_id) if seat.player_id else None}

        # a batch of games at a time, to both files: the dataset never sits in memory whole
        with (out / "games.jsonl").open("w", encoding="utf-8") as handle:
            for start, batch in batches(games.table_ids(people_only=True)):
                lines = games.lines(batch, seat_fields, lambda tid: pseudonym(key, "table", tid), start)
                for line in lines:
                    handle.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
                if parquet:
                    writer = _parquet_rows(lines, out / "games.parquet", writer)
                written += len(lines)
        if parquet and writer is None:
            writer = _parquet_rows([], out / "games.parquet", None)
    finally:
        if writer is not None:
            writer.close()
        store.close()
    console.print(f"{written} finished games between people in {escape(str(out))} "
                  f"(games.jsonl{', games.parquet' if parquet else ''})", soft_wrap=True)


def _parquet_rows(lines: list[dict], path: Path, writer):
    """Append one row per game to the Parquet file (the writer is made on the first call); the
    nested parts (options, actions, result) are JSON text."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    def text(value) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    table = pa.table({
        "table": pa.array([line["table"] for line in lines], pa.string()),
        "game": pa.array([line["game"] for line in lines], pa.string()),
        "players": pa.array([line["players"] for line in lines], pa.int32()),
        "seed": pa.array([line["seed"] for line in lines], pa.int64()),
        "finished_ms": pa.array([line["finished_ms"] for line in lines], pa.int64()),
        "seat_players": pa.array([[seat["player"] for seat in line["seats"]] for line in lines],
                                 pa.list_(pa.string())),
        "options": pa.array([text(line["options"]) for line in lines], pa.string()),
        "actions": pa.array([text(line["actions"]) for line in lines], pa.string()),
        "result": pa.array([text(line["result"]) for line in lines], pa.string()),
        "format": pa.array([line["format"] for line in lines], pa.int32()),
    })
    if writer is None:
        writer = pq.ParquetWriter(path, table.schema)
    writer.write_table(table)
    return writer


def register(app: typer.Typer) -> None:
    app.command("export")(export)
