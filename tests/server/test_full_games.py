"""Every game the server offers, played to its end through the HTTP and WebSocket API:
two people (random legal choices) and the server's bots in the other seats."""

from __future__ import annotations

import pytest

from gametable.engine import replay
from tests.server.conftest import CATALOG
from tests.server.helpers import play_to_end

CASES = [(name, players) for name in CATALOG.names()
         for players in sorted({CATALOG.get(name).min_players, CATALOG.get(name).max_players})]


@pytest.mark.parametrize("game_name,players", CASES)
def test_a_whole_game_through_the_api(api, game_name, players):
    game = CATALOG.get(game_name)
    # basic bots: this checks the API over whole games, and basic bots answer at once
    table = api.create(game=game_name, players=players, bots=list(range(2, players)), bot_level="basic")
    bob = api.join(table["id"])
    final = play_to_end(api, table["id"], {0: table["token"], 1: bob["token"]}, seed=players)
    assert final["status"] == "finished"

    data = api.http.get(f"/api/tables/{table['id']}/log").json()
    assert len(data["actions"]) == final["seq"] > 0
    assert {a["seat"] for a in data["actions"]} >= {0, 1}
    # Anyone can replay the finished game with the engine and reach the same end.
    state = replay(game, players, data["seed"], data["options"],
                   [(a["seat"], a["action"]) for a in data["actions"]])
    assert state.result() == final["result"] == data["result"]
    assert state.view(None) == final["view"]
