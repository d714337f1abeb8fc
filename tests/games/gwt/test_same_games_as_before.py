"""The engine plays exactly the games it played before its speed-ups of issue 11 (first edition: seeds 0-5,
every player count, the default setup and random building sides and neutral buildings).

DIGESTS were recorded with the engine as it was before those optimisations (main at commit 75c9deb),
by ``tests.replay_digest.game_digest``: each covers every step's legal actions in order, the
canonical action applied, the final log and ``to_json()``. They are constants on purpose: computing
them from the current code would compare the engine with itself. If a rule change is *meant* to
change games, record them again from the changed code and say so in the commit.
"""

import pytest

from gametable.games import get
from tests.replay_digest import game_digest

GAME = get("gwt")

DIGESTS = [  # (options, players, digests of seeds 0, 1, ...)
    ({}, 2, ["62a160c9e40b2697", "6c3082962dfdf3fc", "5dc45091621babc3", "7313a851f7fc3537", "4cf4f7eba4097855", "5e37f638be0879f2"]),
    ({}, 3, ["fe51c07d656efd33", "0189fb28c6c31754", "9bb3b1c0ef4b9f1d", "e40b062755a1ee83", "25fb5e28dd601e73", "94a97eb3fdaf68b8"]),
    ({}, 4, ["6175838abd56f0d2", "2f4109130f0a05ba", "f8eea6c78a4a3a03", "4a85744fce4dccb7", "6ce457e47211562a", "3501be5b98added7"]),
    ({"building_sides": "random", "neutral_buildings": "random"}, 2, ["ffd07d52bb6d4030", "f2605c09cdb98ac9", "d57820fa9e41452a", "6393d03e8593d5a4", "fd3264fe4d9fb334", "018b5b43e0ec5a8c"]),
    ({"building_sides": "random", "neutral_buildings": "random"}, 3, ["28d088ca9119f45c", "ab63b9e5501a3be6", "8f0cc50ad1bb07ed", "6a992d8cbf681d88", "d6b00ebbbdb3cd95", "9b4d182b825633e6"]),
    ({"building_sides": "random", "neutral_buildings": "random"}, 4, ["a67df9fac2db6b7e", "f047abadc2b4db1e", "3500bbf1d3bd9dfb", "d6d0ed4a61a1daa3", "2e91bd7ec8f1497b", "9c067246667ae4ef"]),
]


@pytest.mark.parametrize(("options", "players", "digests"), DIGESTS, ids=lambda v: str(v)[:40])
def test_random_games_are_the_same_as_before_the_speed_ups(options, players, digests):
    assert [game_digest(GAME, players, seed, options) for seed in range(len(digests))] == digests
