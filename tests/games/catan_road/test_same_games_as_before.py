"""The engine plays exactly the games it played before its speed-ups (seed 0-5, every player count,
both metropolis sides, first-game setup, both Charity readings).

DIGESTS were recorded with the engine as it was before the optimisations of the speed branch
(commit b43d32c), by ``tests.replay_digest.game_digest``: each covers every step's legal actions in
order, the canonical action applied, the final log and ``to_json()``. They are constants on purpose:
computing them from the current code would compare the engine with itself. If a rule change is
*meant* to change games, record them again from the changed code and say so in the commit.
"""

import pytest

from gametable.games.catan_road import GAME
from tests.replay_digest import game_digest

DIGESTS = [  # (options, players, digests of seeds 0, 1, ...)
    ({}, 2, ["80e7e36924799c15", "a1647a57f76cb57f", "d507b1701ada66b4", "207e0143574ccb19", "4906aa9037fa8e0c", "f7d680639251047c"]),
    ({}, 3, ["949407b26d36a29b", "4a51b74ca5562931", "e1e987c7a81a39bd", "ce501466090e11d4", "4f5196c3a6a63bd6", "f1d0393dc1068f24"]),
    ({}, 4, ["92e1842109a98fc4", "876146ed1faa977b", "26d20f9f9c528a05", "e1bfee8abb8e515a", "7f8abbb8bf56197f", "dd670d8d4b6e4cd3"]),
    ({"metropolis_side": "B"}, 2, ["a22bae6c3e9fc23e", "cbb3308a57d8c2ad", "b75a32229dbab3d3", "4aa70e5c33ee81be", "93cd4e45587ee14e", "d27bca8c78d49d94"]),
    ({"metropolis_side": "B"}, 3, ["998c27ee6d3c9d08", "b304fd8433a039bd", "16720106355b27e0", "5a1f9bc3521c9f22", "815b05085b66717a", "00fb9bcd67821361"]),
    ({"metropolis_side": "B"}, 4, ["9aafa6a453a82963", "f236fecd5a36bdbb", "4e2cdfed164a167e", "b491c68ab5f87215", "a8e1672f13d549e4", "16b6fd9713e4c56c"]),
    ({"first_game": True, "charity_receivers": "fewest"}, 2, ["a02ccf77ff0a1223", "04755ed9356a6f44", "03c30950a6670d85", "e65585257d7d646e", "af2748548c001ed6", "d32ab4d86237b058"]),
    ({"first_game": True, "charity_receivers": "fewest"}, 3, ["d7feff6e55fd6ac2", "f93b89df48fc2836", "95d6a535c0d5f4c9", "9c333d1345452c4c", "12be65503f5664da", "b59489b12026d765"]),
    ({"first_game": True, "charity_receivers": "fewest"}, 4, ["d20cf64e44a26e1b", "64f3f6441a262246", "3980672105ea8d19", "2e050e33aeec8700", "bce962076b6d6179", "c8473f571a7096c4"]),
    ({"metropolis_side": "B", "first_game": True}, 2, ["4ca4c2082b369257", "549856d525f72aa1", "c597dbf34fa58c74", "23228f77254e5c54", "39790f82e5ac02f8", "9c86943f3b28f895"]),
    ({"metropolis_side": "B", "first_game": True}, 3, ["b5d95f915fb9701a", "cf78bbb249c605a3", "c0d416de10672748", "d102bfa7e7a18f4a", "ac9376d14201a030", "8b3517d780e98407"]),
    ({"metropolis_side": "B", "first_game": True}, 4, ["468efc7fc804b0f8", "9e32934135ba124f", "7e7ba79127921a34", "5088a9c62ce8f32e", "f2adbc24226b9aa8", "5a4d952724275833"]),
]


@pytest.mark.parametrize(("options", "players", "digests"), DIGESTS, ids=lambda v: str(v)[:40])
def test_random_games_are_the_same_as_before_the_speed_ups(options, players, digests):
    assert [game_digest(GAME, players, seed, options) for seed in range(len(digests))] == digests
