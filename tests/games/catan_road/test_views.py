"""Views: what each seat may see. A seat's view never holds another seat's cards or any deck order."""

import json
import pickle

from gametable.bots import RandomBot
from gametable.engine import Rng, log_for
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


def test_every_view_shows_the_seats_log_as_the_log_filters_it():
    """The views' log is kept per state between views and extended (State.visible_log): after
    every decision it must still be the whole log filtered for that viewer."""
    viewers = (None, 0, 1, 2)

    def check(state):
        for viewer in viewers:
            assert state.view(viewer)["log"] == log_for(state.log, viewer)

    state, _ = conformance.play_checked(GAME, 3, 31, invariant=check, check_views=False)
    assert any("private" in entry for entry in state.log)  # there was something to filter


def test_a_clone_a_world_and_a_pickled_copy_keep_their_own_view_of_the_log():
    """A clone, a world dealt for a search, or a state sent to another process must not see the
    others' later entries through the kept seat logs, nor change what the state shows."""
    viewers = (None, 0, 1, 2)
    state = GAME.new(3, 12)
    _random_steps(state, 120, RandomBot(5))
    shown = [state.view(viewer)["log"] for viewer in viewers]  # the state now keeps each seat's log
    copies = [state.clone(), state.determinize(1, Rng(4)), pickle.loads(pickle.dumps(state))]
    for number, copy in enumerate(copies):
        before = len(copy.log)
        _random_steps(copy, 60, RandomBot(number))
        assert len(copy.log) > before
        for viewer in viewers:
            assert copy.view(viewer)["log"] == log_for(copy.log, viewer)
    assert [state.view(viewer)["log"] for viewer in viewers] == shown == [
        log_for(state.log, viewer) for viewer in viewers]


def _random_steps(state, count: int, bot) -> None:
    for _ in range(count):
        if state.is_over():
            return
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(state, seat))
