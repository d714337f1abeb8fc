"""The engine plays exactly the games it played before its speed-ups of issue 11 (second edition: seeds 0-5,
every player count, the default setup and random building sides and neutral buildings with the Simmental variant).

DIGESTS were recorded with the engine as it was before those optimisations (main at commit 75c9deb),
by ``tests.replay_digest.game_digest``: each covers every step's legal actions in order, the
canonical action applied, the final log and ``to_json()``. They are constants on purpose: computing
them from the current code would compare the engine with itself. If a rule change is *meant* to
change games, record them again from the changed code and say so in the commit.
"""

import pytest

from gametable.games import get
from tests.replay_digest import game_digest

GAME = get("gwt-2e")

DIGESTS = [  # (options, players, digests of seeds 0, 1, ...)
    ({}, 2, ["bccd781aeee402d3", "d5134ee5e69be970", "4520e8528fd76ee2", "0724b1090c7adb5d", "4bf9009d75d4726e", "77689f37ef13d74c"]),
    ({}, 3, ["35f5622fd27bdf8a", "015b9b8b4df7cc4c", "d0676bb7adbb9b9c", "3ece02d5c918f99b", "7aaa590f1b9725a6", "f9b1cdc331d0bd69"]),
    ({}, 4, ["6a33c09360216501", "e2306f769b674d84", "2fcd8e1213a9926a", "2911614482e87725", "cb73440e4b288a89", "0510582608956711"]),
    ({"building_sides": "random", "neutral_buildings": "random", "simmental": "on"}, 2, ["175c99ed31fcf54b", "62453ea0f0fb02d9", "a32b7d91318d7afb", "4a069773f4da45f6", "73b0b5008eae61a0", "3c99fecd61bc4bc2"]),
    ({"building_sides": "random", "neutral_buildings": "random", "simmental": "on"}, 3, ["4eca990230ae8a7f", "d81256ab690dca32", "1c5b0c23812a2cb8", "d3f034ef02915f87", "341eef8973bca612", "de25d5c9d2cf9a9d"]),
    ({"building_sides": "random", "neutral_buildings": "random", "simmental": "on"}, 4, ["0d3305c5b6b2c264", "ddd148257cdd826f", "0cb65808b290911b", "ca87c44d36bb2b4b", "cfad3aa305214b34", "0544bf67c84bf8a8"]),
]


@pytest.mark.parametrize(("options", "players", "digests"), DIGESTS, ids=lambda v: str(v)[:40])
def test_random_games_are_the_same_as_before_the_speed_ups(options, players, digests):
    assert [game_digest(GAME, players, seed, options) for seed in range(len(digests))] == digests
