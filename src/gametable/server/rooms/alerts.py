"""Turn alerts: when a change makes it a seat's turn, the seat's player hears of it the way
the player chose (GET/PATCH /api/me/alerts): by Web Push (gametable.server.push sends), by
e-mail (gametable.server.mail sends), or not at all.

An e-mail goes out for a table with a turn clock when the turn begins (a turn there cannot
wait for the player's next visit), and for a table without one when the turn has waited
``wait_seconds`` with nothing played (a long wait; kept in memory: a restart forgets it). Only
to a confirmed address, only when no socket of the seat is open in this process (a player with
the table open sees the turn already), and never in the player's quiet hours. With the digest on, the first table that waits starts a wait of
``digest_seconds``; one e-mail then names every table that began to wait meanwhile. Every
e-mail carries a one-click unsubscribe (RFC 8058), whose secret the store keeps hashed.

A table created with invited friends (POST /api/tables ``invite``) alerts each of them once the
same way (``invited``): "NAME invited you to a table of GAME", pushed and e-mailed at once
(no digest, no long wait), with the same choices and quiet hours.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from email.message import EmailMessage
from typing import Callable

from gametable import i18n
from gametable.server.alert_store import AlertChoices, AlertStore
from gametable.server.core import TableCore
from gametable.server.live_table import LiveTable, hash_token, now_ms
from gametable.server.mail import Mailer

log = logging.getLogger("gametable.server.alerts")

#: how long an unsubscribe link works (the e-mail may be read weeks later)
UNSUBSCRIBE_DAYS = 90
#: how long an address confirmation link works
CONFIRM_HOURS = 48
DEFAULT_DIGEST_SECONDS = 30 * 60
DEFAULT_WAIT_SECONDS = 12 * 3600


class TurnAlerts:
    """The core's on_turn hook: push to the seats whose players want it, e-mail the others."""

    def __init__(self, core: TableCore, alerts: AlertStore, public_url: str | None,
                 pusher: Callable[[LiveTable, list[int]], None] | None = None,
                 mailer: Mailer | None = None, digest_seconds: float = DEFAULT_DIGEST_SECONDS,
                 wait_seconds: float = DEFAULT_WAIT_SECONDS) -> None:
        self.core, self.alerts, self.public_url = core, alerts, (public_url or "").rstrip("/")
        self.pusher, self.mailer, self.digest_seconds = pusher, mailer, digest_seconds
        self.wait_seconds = wait_seconds
        self._tasks: set[asyncio.Task] = set()
        #: per player with a digest under way: the tables (id -> game) that began to wait
        self._digests: dict[str, dict[str, str]] = {}

    def __call__(self, table: LiveTable, seats: list[int]) -> None:
        if self.pusher is None and self.mailer is None:
            return
        online = self.core.online(table)  # the seats with a socket in this process
        players = {seat: table.seats[seat].player_id for seat in seats}
        absent = [s for s in seats if s not in online]
        self._spawn(self._alert(table, players, absent, table.record.clock is not None, table.seq))

    def invited(self, table: LiveTable) -> None:
        """A new table's seats kept for invited players: tell each player once, in the name of
        the creator (seat 0)."""
        seats = [s.seat for s in table.seats if s.kind == "open" and s.player_id is not None]
        if not seats or (self.pusher is None and self.mailer is None):
            return
        players = {seat: table.seats[seat].player_id for seat in seats}
        self._spawn(self._alert(table, players, seats, True, table.seq, invited_by=table.seats[0].name))

    def _spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        """Drop the digests and long waits under way (shutdown)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _alert(self, table: LiveTable, players: dict[int, str | None], absent: list[int],
                     clocked: bool, seq: int, invited_by: str | None = None) -> None:
        try:
            ids = [p for p in players.values() if p is not None]
            choices = await self.core.read(self.alerts.choices, ids) if ids else {}
            if self.pusher is not None:
                pushed = [s for s, p in players.items() if p is None or choices[p].push]
                if pushed:
                    self.pusher(table, pushed, invited_by)
            if self.mailer is None:
                return
            for seat in absent:
                player_id = players[seat]
                chosen = choices.get(player_id) if player_id else None
                if chosen is None or not chosen.mails:
                    continue
                if invited_by is not None:
                    if not chosen.quiet_at(now_ms()):
                        await self._mail(player_id, chosen, {table.id: table.record.game}, invited_by)
                elif clocked:
                    await self._to_mail(player_id, chosen, table.id, table.record.game)
                else:
                    self._spawn(self._after_a_long_wait(player_id, table.id, table.record.game, seat, seq))
        except Exception:
            log.exception("the turn alerts of table %s failed", table.id)

    async def _to_mail(self, player_id: str, chosen: AlertChoices, table_id: str, game: str) -> None:
        if chosen.quiet_at(now_ms()):
            return
        if chosen.digest:
            self._add_to_digest(player_id, table_id, game)
        else:
            await self._mail(player_id, chosen, {table_id: game})

    async def _after_a_long_wait(self, player_id: str, table_id: str, game: str, seat: int, seq: int) -> None:
        """A table without a clock: mail if, ``wait_seconds`` on, nothing was played since the
        turn began (the store's log head, so a move in another process counts) and the seat
        still has no socket here."""
        try:
            await asyncio.sleep(self.wait_seconds)
            head = (await self.core.read(self.core.store.log_heads, [table_id])).get(table_id)
            table = self.core.tables.get(table_id)
            if head is None or head.seq != seq or (table is not None and seat in self.core.online(table)):
                return
            chosen = (await self.core.read(self.alerts.choices, [player_id]))[player_id]
            if chosen.mails:
                await self._to_mail(player_id, chosen, table_id, game)
        except Exception:
            log.exception("the long-wait alert of table %s failed", table_id)

    def _add_to_digest(self, player_id: str, table_id: str, game: str) -> None:
        waiting = self._digests.get(player_id)
        if waiting is not None:
            waiting[table_id] = game
            return
        self._digests[player_id] = {table_id: game}
        self._spawn(self._send_digest(player_id))

    async def _send_digest(self, player_id: str) -> None:
        tables = self._digests[player_id]  # this digest's: tables join it until it leaves
        try:
            await asyncio.sleep(self.digest_seconds)
        finally:
            # only this digest's: a table that waits from now on starts the next digest, which
            # this one's sending must not drop
            if self._digests.get(player_id) is tables:
                del self._digests[player_id]
        try:
            chosen = (await self.core.read(self.alerts.choices, [player_id]))[player_id]
            if tables and chosen.mails and not chosen.quiet_at(now_ms()):
                await self._mail(player_id, chosen, tables)
        except Exception:
            log.exception("a digest of turn alerts failed")

    async def _mail(self, player_id: str, chosen: AlertChoices, tables: dict[str, str],
                    invited_by: str | None = None) -> None:
        player = await self.core.read(self.core.players.player, player_id)
        if player is None or player.suspended_ms is not None or self.mailer is None:
            return
        secret = secrets.token_urlsafe(32)
        now = now_ms()
        await self.core.write(self.alerts.add_token, hash_token(secret), player_id, "unsubscribe",
                              chosen.address, now + UNSUBSCRIBE_DAYS * 86_400_000, now)
        self.mailer.submit(turn_email(chosen.address, player.lang, tables, self.public_url, secret, invited_by))

    async def send_confirmation(self, player_id: str, address: str, lang: str) -> None:
        """E-mail the link that confirms ``address`` is the player's."""
        if self.mailer is None:
            return
        secret = secrets.token_urlsafe(32)
        now = now_ms()
        await self.core.write(self.alerts.add_token, hash_token(secret), player_id, "confirm", address,
                              now + CONFIRM_HOURS * 3_600_000, now)
        message = EmailMessage()
        message["To"] = address
        message["Subject"] = i18n.text("web.mail.confirm_subject", lang)
        message["Auto-Submitted"] = "auto-generated"
        link = f"{self.public_url}/alerts/confirm?token={secret}"
        message.set_content(_with_link("web.mail.confirm_body", lang, link, hours=CONFIRM_HOURS))
        self.mailer.submit(message)


def turn_email(address: str, lang: str, tables: dict[str, str], public_url: str,
               unsubscribe_secret: str, invited_by: str | None = None) -> EmailMessage:
    """One e-mail naming the tables where it is the player's turn (or, with ``invited_by``,
    the table the player was invited to), with the one-click
    unsubscribe of RFC 8058 (the POST of ``List-Unsubscribe=One-Click`` to the address in
    List-Unsubscribe) and the same address as a link in the text."""
    unsubscribe = f"{public_url}/alerts/unsubscribe?token={unsubscribe_secret}"
    lines = [alert_text(game, lang, invited_by) + f"\n{public_url}/t/{table_id}"
             for table_id, game in tables.items()]
    message = EmailMessage()
    message["To"] = address
    if invited_by is not None:
        message["Subject"] = alert_text(next(iter(tables.values())), lang, invited_by)
    elif len(tables) == 1:
        message["Subject"] = i18n.text("web.alert.your_turn", lang)
    else:
        message["Subject"] = i18n.text("web.mail.digest_subject", lang, count=len(tables))
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content("\n\n".join(lines) + "\n\n-- \n"
                        + _with_link("web.mail.unsubscribe", lang, unsubscribe) + "\n")
    return message


_LINK = "\x00link\x00"


def _with_link(key: str, lang: str, link: str, **params) -> str:
    """A message with a link in it: the link goes in after the message is made, so that its
    digits stay the ASCII digits of an address (a Persian message shows its own numbers in
    Persian digits)."""
    return i18n.text(key, lang, link=_LINK, **params).replace(_LINK, link)


def alert_text(game: str, lang: str, invited_by: str | None = None) -> str:
    """"Your move at your GAME table", or "NAME invited you to a table of GAME" (push and e-mail)."""
    name = i18n.text(f"ui.game.{game}", lang)
    game_name = game if name.startswith("ui.") else name
    if invited_by is None:
        return i18n.text("web.alert.push_body", lang, game=game_name)
    return i18n.text("web.alert.invited", lang, name=invited_by, game=game_name)
