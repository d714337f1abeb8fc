"""`gametable admin`: the operator's moderation commands, on the service's database (the same
DATABASE_URL as `gametable serve`): review reports, close them, suspend a player or lift it."""

from __future__ import annotations

import json
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Iterator, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

admin = typer.Typer(help="Moderation for the operator: reports and suspensions.", no_args_is_help=True)


def console() -> Console:
    """A console for this command: its width follows the terminal (or COLUMNS) as it is now."""
    return Console()


_DATABASE = typer.Option(None, "--database-url", envvar="DATABASE_URL", show_envvar=True,
                         help="The service's database (default: the one `gametable serve` uses).")


@contextmanager
def moderation_store(database_url: str | None) -> Iterator["ModerationStore"]:  # noqa: F821
    from gametable.server.config import Settings
    from gametable.server.moderation_store import ModerationStore
    from gametable.server.store import LogStore, migrate

    settings = Settings.from_env(database_url=database_url)
    store = LogStore.from_url(settings.database_url)
    try:
        migrate(store.engine)
        yield ModerationStore(store)
    finally:
        store.close()


def _when(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, timezone.utc).strftime("%Y-%m-%d %H:%M")


def _evidence_text(evidence: dict) -> str:
    """The reported message between the ones around it, each as `name: text`."""
    message = evidence.get("message")
    if message is None:
        return ""
    lines = [f"  {m['name']}: {m['text']}" for m in evidence.get("before", [])]
    lines.append(f"> {message['name']}: {message['text']}")
    lines += [f"  {m['name']}: {m['text']}" for m in evidence.get("after", [])]
    return "\n".join(lines)


@admin.command("reports")
def reports(database_url: Optional[str] = _DATABASE,
            all_reports: bool = typer.Option(False, "--all", help="Closed reports too."),
            as_json: bool = typer.Option(False, "--json", help="One JSON object per line instead of a table.")) -> None:
    """The reports players made, the oldest open one first, with their evidence."""
    with moderation_store(database_url) as store:
        found = store.reports(include_closed=all_reports)
        names = store.names(sorted({r.reporter_id for r in found} | {r.reported_id for r in found if r.reported_id}))
    if as_json:
        for r in found:
            typer.echo(json.dumps({**r.__dict__}, ensure_ascii=False))
        return
    if not found:
        console().print("No open reports." if not all_reports else "No reports.")
        return
    table = Table(title="Reports", show_lines=True)
    for column in ("id", "when", "by", "about", "suspended", "table", "reason", "evidence", "closed"):
        table.add_column(column, overflow="fold")
    for r in found:
        about = names.get(r.reported_id, ("?", None)) if r.reported_id else ("(no player)", None)
        table.add_row(str(r.id), _when(r.created_ms), f"{escape(names[r.reporter_id][0])}\n{r.reporter_id}",
                      f"{escape(about[0])}\n{r.reported_id or ''}", "yes" if about[1] else "",
                      r.table_id or "", escape(r.reason), escape(_evidence_text(r.evidence)),
                      _when(r.closed_ms) if r.closed_ms else "")
    console().print(table)
    console().print("Suspend a player: gametable admin suspend PLAYER_ID --reason '...'; "
                  "close a report: gametable admin close REPORT_ID")


@admin.command("close")
def close(report_id: int = typer.Argument(..., help="The report's id (gametable admin reports)."),
          database_url: Optional[str] = _DATABASE) -> None:
    """Mark a report as dealt with."""
    with moderation_store(database_url) as store:
        if not store.close_report(report_id, int(time.time() * 1000)):
            console().print(f"[red]There is no report {report_id}[/]; see gametable admin reports --all")
            raise typer.Exit(1)
    console().print(f"Report {report_id} closed.")


@admin.command("suspend")
def suspend(player_id: str = typer.Argument(..., help="The player's id (its page's address: /p/ID)."),
            reason: str = typer.Option("", "--reason", help="Why (kept with the player; for operators)."),
            lift: bool = typer.Option(False, "--lift", help="Lift the suspension instead."),
            database_url: Optional[str] = _DATABASE) -> None:
    """Suspend a player: its browsers can no longer sign in, play or write (and are told why)."""
    with moderation_store(database_url) as store:
        now = None if lift else int(time.time() * 1000)
        if not store.suspend(player_id, reason or None, now):
            console().print(f"[red]There is no player {escape(player_id)}[/]; the id is the last part "
                          "of the player's page address (/p/ID)")
            raise typer.Exit(1)
    console().print(f"Player {escape(player_id)} " + ("may play again." if lift else "is suspended."))
