"""Views: what each seat may see. A seat's view never holds another seat's cards or any deck order."""

import json

from gametable.games.catan_road import GAME
from tests import conformance
from tests.games.catan_road.helpers import area, hand, scenario

HIDDEN_KEYS = ("resource_deck", "building_deck", "event_deck", "rng", "hands", "resource_discard")


def test_view_shows_own_hand_and_only_hand_sizes_of_others():
    state = scenario(3, hands=[hand(ore=2), hand(wool=1, grain=1), hand()],
                     areas=[area(), area(roads=3, knights=2), area()], longest_road=1, largest_army=1)
    view = state.view(1)
    assert view["players"][1]["hand"] == ["wool", "grain"]
    assert [p.get("hand_size") for p in view["players"]] == [2, None, 0]
    assert view["players"][1]["vp"] == 5 and view["longest_road"] == 1 and view["largest_army"] == 1
    assert view["players"][1]["robber_limit"] == 9 and view["players"][1]["substitution_rate"] == 2
    spectator = state.view(None)
    assert all("hand" not in p for p in spectator["players"])
    for v in (view, spectator):
        assert not any(key in v for key in HIDDEN_KEYS)


def test_view_lists_the_public_table():
    view = GAME.new(4, 9, {"metropolis_side": "B"}).view(2)
    for key in ("row", "building_deck_size", "metropolis_stack", "resource_deck_size", "resource_discard_size",
                "event_deck_size", "event_discard", "longest_road", "largest_army", "trade", "last_event",
                "active_seat", "phase", "turn", "to_act", "winner", "log"):
        assert key in view
    assert view["building_deck_size"] == 29 and view["resource_deck_size"] == 61 - 12


def test_no_view_contains_another_seats_cards_during_random_games():
    """Beyond the shared check: the private card lists of draws reach only the drawer."""
    for players in (2, 3, 4):
        state, _ = conformance.play_checked(GAME, players, 77, check_views=False)
        for viewer in [None, *range(players)]:
            for entry in state.view(viewer)["log"]:
                if "private" in entry:
                    assert viewer in entry.get("private_to", [entry.get("seat")])
            text = json.dumps(state.view(viewer))
            assert '"resource_deck"' not in text and '"rng"' not in text
