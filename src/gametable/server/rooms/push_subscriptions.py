"""Web Push subscriptions: the browsers of a seat, or of the seat's player (at all its tables,
a rematch's included), that want to hear "your turn" while closed. Sending the messages is
gametable.server.push's; this room keeps who to send them to."""

from __future__ import annotations

from gametable.server.alert_store import AlertStore
from gametable.server.core import TableCore
from gametable.server.errors import BadRequest, Conflict
from gametable.server.store import PushSubscription


class PushSubscriptions:
    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.of_players = AlertStore(core.store)

    async def subscribe(self, table_id: str, token: str | None, subscription: PushSubscription,
                        most: int, schemes: tuple[str, ...] = ("https://",),
                        player_id: str | None = None) -> None:
        """Keep a seat's browser's subscription; ``schemes``: the endpoints accepted (push
        services are https; plain http only where the operator allows it)."""
        seat = await self.core.playing_seat(table_id, token, "subscribe to push messages", player_id)
        if not subscription.endpoint.startswith(schemes):
            raise BadRequest("the push endpoint must be an https:// address (a browser's push service)")
        if not await self.core.write(self.core.store.subscribe, table_id, seat, subscription, most):
            raise Conflict(f"seat {seat} has {most} push subscriptions already; unsubscribe one "
                           "of its browsers first")

    async def unsubscribe(self, table_id: str, token: str | None, endpoint: str,
                          player_id: str | None = None) -> None:
        seat = await self.core.playing_seat(table_id, token, "unsubscribe from push messages", player_id)
        await self.core.write(self.core.store.unsubscribe, table_id, seat, endpoint)

    async def of_seats(self, table_id: str, seats: list[int]) -> list[tuple[int, PushSubscription]]:
        """The seats' own subscriptions and their players' (each browser once)."""
        found = await self.core.read(self.core.store.subscriptions, table_id, seats)
        table = self.core.tables.get(table_id)
        seat_of = {table.seats[s].player_id: s for s in seats if table is not None and table.seats[s].player_id}
        if seat_of:
            owned = await self.core.read(self.of_players.push_subscriptions, list(seat_of))
            found += [(seat_of[player_id], sub) for player_id, sub in owned]
        unique = {sub.endpoint: (seat, sub) for seat, sub in found}
        return list(unique.values())

    async def forget(self, table_id: str, endpoint: str) -> None:
        """A subscription the push service says is gone."""
        await self.core.write(self.core.store.unsubscribe, table_id, None, endpoint)
        await self.core.write(self.of_players.unsubscribe_push, None, endpoint)
