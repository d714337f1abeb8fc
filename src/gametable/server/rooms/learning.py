"""Guided first games: a private table dealt from a guide's fixed seed (gametable.learn), the
learner at seat 0 and the opponent played by the hidden bot level "guide", which plays the
guide's written moves. The table is an ordinary one (its seq says where the lesson is, so
leaving and coming back needs nothing more: the page keeps the table's id, My tables lists it)."""

from __future__ import annotations

from gametable import learn
from gametable.bots.registry import GUIDE_LEVEL
from gametable.server.errors import NotFound
from gametable.server.live_table import LiveTable
from gametable.server.rooms.seating import Seating


def guide_of(game: str) -> learn.Guide:
    try:
        return learn.guide(game)
    except KeyError:
        raise NotFound(f"there is no guided game for {game!r}; there are: "
                       f"{', '.join(learn.games())}") from None


class Learning:
    def __init__(self, seating: Seating) -> None:
        self.seating = seating

    async def start(self, game: str, name: str, player_id: str, lang: str | None) -> LiveTable:
        """A new guided table for ``player_id`` (seat 0); every other seat is the guide's bot."""
        guide = guide_of(game)
        bots = list(range(1, guide.players))
        table, _token = await self.seating.create(
            guide.game, guide.players, bots, dict(guide.options), name, GUIDE_LEVEL, player_id,
            lang=lang, deal=guide.seed)
        return table
