"""The bot runner: the server plays bot seats, through the same commit path as people.

Each bot decision uses a bot of the table's level (gametable.bots) seeded from the table's bot
seed and the seq, so a bot's move depends only on the table and its log: after a restart it
makes the same choice, and two server processes that both try the move propose the same action
(one commit wins, and the other simply catches up).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from gametable import bots
from gametable.server.errors import Conflict

if TYPE_CHECKING:
    from gametable.server.tables import LiveTable, TableManager

log = logging.getLogger("gametable.server.bots")


def bot_choice(table: "LiveTable", seat: int) -> object:
    """What the table's bot plays for ``seat`` now: a bot of the table's level seeded by the
    table's bot seed plus the seq (also for a person's seat whose time ran out)."""
    bot = bots.get(table.record.bot_level, table.record.game, table.record.bot_seed + table.seq)
    return bot.choose(table.state, seat)


class BotRunner:
    def __init__(self, manager: "TableManager", pause: float) -> None:
        self.manager = manager
        #: seconds a bot waits before moving, so that people can follow the game
        self.pause = pause

    def schedule(self, table: "LiveTable") -> None:
        """Start the table's bot task if a bot must move and none is running."""
        if table.bot_task is None and not table.evicted and table.bot_to_move() is not None:
            table.bot_task = asyncio.get_running_loop().create_task(self._run(table))

    async def _run(self, table: "LiveTable") -> None:
        try:
            while True:
                await asyncio.sleep(self.pause)
                async with table.lock:
                    seat = None if table.evicted else table.bot_to_move()
                    if seat is None:
                        table.bot_task = None
                        return
                    action = bot_choice(table, seat)
                    try:
                        await self.manager.commit(table, seat, action)
                    except Conflict:
                        # Another process committed first; the table is rebuilt, look again.
                        continue
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot of table %s stopped", table.id)
            table.bot_task = None
