"""Finding people: the open tables, friends (and the friends a creator invites to a new
table), players' game history and statistics, and the leaderboards. Nothing here changes a
table: every answer is read from the store's rows (gametable.server.open_tables, .friends,
.profiles), so no table is loaded or replayed to answer."""

from __future__ import annotations

from gametable.server import friends, open_tables, profiles
from gametable.server.core import TableCore
from gametable.server.errors import BadRequest, Conflict, Forbidden, NotFound
from gametable.server.live_table import now_ms


class FindingPeople:
    def __init__(self, core: TableCore) -> None:
        self.core = core

    async def open_tables(self, game: str | None, lang: str | None) -> list[open_tables.OpenTable]:
        return await self.core.read(open_tables.open_tables, self.core.store, now_ms(), game, lang)

    # -- friends ----------------------------------------------------------------------------

    async def add_friend(self, player_id: str, friend_id: str) -> bool:
        """Add ``friend_id`` to the player's friends; False when they were one already."""
        if friend_id == player_id:
            raise BadRequest("you cannot add yourself as a friend; add another player from their page")
        if await self.core.read(self.core.players.player, friend_id) is None:
            raise NotFound("there is no player with this id")
        if await self.core.read(friends.count, self.core.store, player_id) >= friends.FRIENDS_MAX:
            raise Conflict(f"you have {friends.FRIENDS_MAX} friends already; remove one to add another")
        return await self.core.write(friends.add, self.core.store, player_id, friend_id, now_ms())

    async def remove_friend(self, player_id: str, friend_id: str) -> None:
        if not await self.core.write(friends.remove, self.core.store, player_id, friend_id):
            raise NotFound("this player is not one of your friends")

    async def friends(self, player_id: str) -> list[friends.Friend]:
        return await self.core.read(friends.friends_of, self.core.store, player_id, now_ms())

    async def check_invited(self, player_id: str | None, invited: list[str]) -> None:
        """A new table's seats may be kept only for the creator's friends."""
        if not invited:
            return
        if player_id is None:
            raise Forbidden("sign in (type your name in the lobby) to invite friends")
        if len(set(invited)) != len(invited) or player_id in invited:
            raise BadRequest("invite each friend once, and not yourself")
        known = await self.core.read(friends.friends_among, self.core.store, player_id, invited)
        if known != set(invited):
            raise Forbidden("you can invite only your friends; add them from their player page first")

    # -- profiles and leaderboards ----------------------------------------------------------

    async def _known_player(self, player_id: str) -> None:
        if await self.core.read(self.core.players.player, player_id) is None:
            raise NotFound("there is no player with this id")

    async def games(self, player_id: str, offset: int, limit: int) -> list[profiles.PlayedGame]:
        await self._known_player(player_id)
        return await self.core.read(profiles.games_of, self.core.store, player_id, offset, limit)

    async def stats(self, player_id: str) -> list[profiles.GameStats]:
        await self._known_player(player_id)
        # a long read (the player's games and their action times): not on the read threads
        return await self.core.write(profiles.stats_of, self.core.store, player_id)

    async def leaderboard(self, game: str, offset: int, limit: int) -> list[profiles.Standing]:
        self.core.game(game)  # an unknown game: its refusal names the games
        return await self.core.read(profiles.leaderboard, self.core.store, game, offset, limit)
