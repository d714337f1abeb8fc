"""The engine plays exactly the games it played before its speed-ups of issue 11 (second edition: seeds 0-5,
every player count, the default setup and random building sides and neutral buildings with the Simmental variant).

DIGESTS were recorded with the engine as it was before those optimisations (main at commit 75c9deb),
by ``tests.replay_digest.game_digest``: each covers every step's legal actions in order, the
canonical action applied, the final log and ``to_json()``. They are constants on purpose: computing
them from the current code would compare the engine with itself. If a rule change is *meant* to
change games, record them again from the changed code and say so in the commit. They were recorded
again for issue 28, when three rules became as the second edition's rulebook prints them (an
objective's herder move after a phase B action ends phase B; a station upgrade may take a disc back
from a station; exchange tokens are offered in the middle of actions, which changes every game).
"""

import pytest

from gametable.games import get
from tests.replay_digest import game_digest

GAME = get("gwt-2e")

DIGESTS = [  # (options, players, digests of seeds 0, 1, ...)
    ({}, 2, ["7be0221d23b3447f", "39c5010aca922a10", "752937e0c5d9fcd2", "0d5ba43f5d1ecd48", "917e8cc80b53bd1d", "6382e8883b1bc458"]),
    ({}, 3, ["48967711e3ca0fe4", "8ba78ef98cb9b154", "cf7ab561fdbb1900", "4afae499cadab04f", "d58674690b861f30", "0cfb677f15db2fd1"]),
    ({}, 4, ["32d05a7768f5ff75", "956ce6737b39638f", "d20db7c3a2569b90", "6d06c9881b400f16", "f066ec3585cd7e17", "103fc8aea1cc4fb9"]),
    ({"building_sides": "random", "neutral_buildings": "random", "simmental": "on"}, 2, ["b7ea45acf48f9008", "3a10e9a8044610c7", "19122b85f97f0675", "1e1f8a7d2467bb68", "2a9ec009024fa10e", "61659449d775ae1d"]),
    ({"building_sides": "random", "neutral_buildings": "random", "simmental": "on"}, 3, ["31aa7266e5605275", "7872c80797720115", "1548986254df34fc", "5b7f07a770724bc3", "bd86022d37c70b40", "2c5e53fa7ecfcd5e"]),
    ({"building_sides": "random", "neutral_buildings": "random", "simmental": "on"}, 4, ["081710461fdf5a22", "0b7b0b4e3b075c92", "e3da119ed7b0f3f8", "9ceb4d4300a7279a", "539b1fb6f60a7652", "5a8248f87b9b6254"]),
]


@pytest.mark.parametrize(("options", "players", "digests"), DIGESTS, ids=lambda v: str(v)[:40])
def test_random_games_are_the_same_as_before_the_speed_ups(options, players, digests):
    assert [game_digest(GAME, players, seed, options) for seed in range(len(digests))] == digests
