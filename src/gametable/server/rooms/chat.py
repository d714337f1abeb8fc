"""The table's chat: a seat's message is kept with the table, handed to every watcher here and
announced to the other processes, which read it from the store when they catch up. A message
is not handed to a player who blocked its writer or muted the table (moderation_store.py)."""

from __future__ import annotations

from typing import Callable

import orjson

from gametable.server.core import TableCore
from gametable.server.live_table import LiveTable, now_ms
from gametable.server.moderation_store import ModerationStore
from gametable.server.store import ChatRecord


def chat_json(message: ChatRecord) -> dict:
    return {"id": message.id, "seat": message.seat, "name": message.name, "text": message.text,
            "time": message.time}


class Chat:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.moderation = ModerationStore(core.store)
        #: Forbidden for a suspended player's seat (the moderation room sets it)
        self.refuse_suspended: Callable[[str | None], None] = lambda player_id: None
        core.on_catch_up = self.catch_up

    async def catch_up(self, table: LiveTable) -> None:
        """Hand this table's watchers the messages posted through other processes."""
        await self.deliver(table, await self.core.read(self.core.store.chat_after, table.id, table.chat_seen))

    async def post(self, table_id: str, seat: int, text: str) -> ChatRecord:
        """Keep a seat's message with the table, hand it to every watcher here and tell the
        other processes (they read it from the store)."""
        async with self.core.locked(table_id) as table:
            self.refuse_suspended(table.seats[seat].player_id)
            message = await self.core.write(self.core.store.add_chat, table.id, seat,
                                            table.seats[seat].name, text, now_ms())
            await self.deliver(table, [message])
            await self.core.fanout.publish(table.id, table.seq)
            return message

    async def messages(self, table_id: str, reader: str | None = None) -> list[ChatRecord]:
        """The table's messages, without those ``reader`` (a player id) must not be handed."""
        table = await self.core.table(table_id)  # 404 for no table
        messages = await self.core.read(self.core.store.chat_after, table_id, 0)
        if reader is None:
            return messages
        hidden = await self._not_reading(table, messages)
        return [m for m in messages if reader not in hidden[m.id]]

    async def _not_reading(self, table: LiveTable, messages: list[ChatRecord]) -> dict[int, set[str]]:
        """For each message, the players who must not be handed it."""
        authors = {m.id: table.seats[m.seat].player_id if m.seat < len(table.seats) else None
                   for m in messages}
        hidden = await self.core.read(self.moderation.not_reading, table.id,
                                      sorted({a for a in authors.values() if a}))
        return {m.id: hidden[None] | hidden.get(authors[m.id], set()) for m in messages}

    async def deliver(self, table: LiveTable, messages: list[ChatRecord]) -> None:
        fresh = [m for m in messages if m.id > table.chat_seen]
        if not fresh:
            return
        table.chat_seen = fresh[-1].id
        audience = self.core.audiences.get(table.id)
        if audience is None:
            return
        hidden = await self._not_reading(table, fresh)
        for message in fresh:
            text = orjson.dumps({"type": "chat", "message": chat_json(message)}).decode()
            for watcher in [*audience.direct, *audience.feed.members]:
                if hidden[message.id] and self._reader(table, watcher) in hidden[message.id]:
                    continue
                watcher.push_chat(text)

    def _reader(self, table: LiveTable, watcher) -> str | None:
        """The player a socket is: its session's, or its seat's."""
        if watcher.player_id is not None:
            return watcher.player_id
        seat = self.core.watcher_seat(table, watcher)
        return table.seats[seat].player_id if seat is not None else None
