"""The table's chat: a seat's message is kept with the table, handed to every watcher here and
announced to the other processes, which read it from the store when they catch up."""

from __future__ import annotations

import orjson

from gametable.server.core import TableCore
from gametable.server.live_table import LiveTable, now_ms
from gametable.server.store import ChatRecord


def chat_json(message: ChatRecord) -> dict:
    return {"id": message.id, "seat": message.seat, "name": message.name, "text": message.text,
            "time": message.time}


class Chat:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        core.on_catch_up = self.catch_up

    async def catch_up(self, table: LiveTable) -> None:
        """Hand this table's watchers the messages posted through other processes."""
        self.deliver(table, await self.core.read(self.core.store.chat_after, table.id, table.chat_seen))

    async def post(self, table_id: str, seat: int, text: str) -> ChatRecord:
        """Keep a seat's message with the table, hand it to every watcher here and tell the
        other processes (they read it from the store)."""
        async with self.core.locked(table_id) as table:
            message = await self.core.write(self.core.store.add_chat, table.id, seat,
                                            table.seats[seat].name, text, now_ms())
            self.deliver(table, [message])
            await self.core.fanout.publish(table.id, table.seq)
            return message

    async def messages(self, table_id: str) -> list[ChatRecord]:
        await self.core.table(table_id)  # 404 for no table
        return await self.core.read(self.core.store.chat_after, table_id, 0)

    def deliver(self, table: LiveTable, messages: list[ChatRecord]) -> None:
        fresh = [m for m in messages if m.id > table.chat_seen]
        if not fresh:
            return
        table.chat_seen = fresh[-1].id
        audience = self.core.audiences.get(table.id)
        if audience is None:
            return
        for message in fresh:
            text = orjson.dumps({"type": "chat", "message": chat_json(message)}).decode()
            for watcher in [*audience.direct, *audience.feed.members]:
                watcher.push_chat(text)
