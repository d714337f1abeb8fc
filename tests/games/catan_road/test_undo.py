"""Undo within a turn in CATAN: On the Road (engine/undo.py; docs/rules-decisions.md, "Undo"):
every card drawn, event, shuffle and another seat's answer to a trade is an undo barrier, and
the rest of a turn can be taken back, at every step of random games with undos mixed in."""

import pytest

from gametable.engine import IllegalAction, Timeline, undo_entry
from tests.games.catan_road.helpers import GAME
from tests.games.undo_checks import runs_of

#: the log entries of actions that reveal information, with the rule section of each
REVEALING = {
    "catan.drew": "§3.1 the draw phase, §5.3 building bonuses, §7 events: resource cards drawn",
    "catan.resources_reshuffled": "§8 the resource discard pile shuffled into a new deck",
    "catan.row_refilled": "§5.2 the building row refilled from the building deck",
    "catan.event": "§5.3, §7 a village draws an event card",
    "catan.events_reshuffled": "§7 Midwinter Feast (or an empty event deck): a new shuffled deck",
}

#: another seat's answer to a trade (§4.1) ends the offering seat's window, though it draws nothing
ANSWERS = ("catan.trade_accepted", "catan.trade_declined", "catan.trade_countered", "catan.trade_proposed")


def _hidden(data):
    return (data["resource_deck"], data["building_deck"], data["event_deck"])


@pytest.fixture(scope="module")
def met():
    return runs_of(GAME, _hidden, [(players, seed, None) for players, seed in
                                   ((2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6), (3, 7), (4, 8))])


@pytest.mark.parametrize("key", sorted(REVEALING))
def test_every_kind_of_revealing_action_is_an_undo_barrier(met, key):
    revealing, undoable = met.revealing, met.undoable
    assert revealing[key] > 0, f"{key} ({REVEALING[key]}) never happened in the random games"
    assert undoable[key] == 0, f"an action writing {key} could be undone"


@pytest.mark.parametrize("key", ANSWERS)
def test_a_trade_put_to_other_seats_or_answered_by_them_cannot_be_undone(met, key):
    assert met.undoable[key] == 0


@pytest.mark.parametrize("action_type", ["start_trade", "offer_give", "offer_ask", "offer_remove_give",
                                         "offer_remove_ask", "cancel_trade", "discard"])
def test_putting_an_offer_together_or_choosing_discards_can_be_taken_back(met, action_type):
    """§4.1: an offer is only made once proposed; §7 (Robber): the discards are one's own choice."""
    assert met.undoable_types[action_type] > 0


def test_ending_the_turn_is_final_and_what_reveals_cannot_be_undone():
    """§3.1: ending the turn starts the next player's draw phase."""
    timeline = Timeline(GAME.new(2, 3))
    seat = timeline.state.to_act()[0]
    revealing = 0
    for action in timeline.state.legal_actions(seat):
        trial = timeline.copy()
        trial.apply(seat, action)
        if action["type"] == "end_turn":
            assert trial.revealed and trial.state.to_act() != [seat]
        if trial.revealed:
            revealing += 1
            assert trial.window.steps(seat) == 0
            with pytest.raises(IllegalAction):
                trial.apply(seat, undo_entry())
    assert revealing


def _first(timeline, seat, kind):
    return next(a for a in timeline.state.legal_actions(seat) if a["type"] == kind)


def test_s4_1_an_offer_is_put_together_undoably_but_once_proposed_it_is_final():
    timeline = Timeline(GAME.new(2, 3))
    seat = timeline.state.to_act()[0]
    start = timeline.state.to_json()
    for kind in ("start_trade", "offer_give", "offer_ask"):
        timeline.apply(seat, _first(timeline, seat, kind))
    assert timeline.window.steps(seat) == 3
    trial = timeline.copy()
    trial.apply(seat, undo_entry(3))  # "Restart turn": the turn as it began
    assert trial.state.to_json() == start

    timeline.apply(seat, _first(timeline, seat, "propose"))
    other = 1 - seat
    assert timeline.state.to_act() == [other] and timeline.window.steps(seat) == 0
    timeline.apply(other, _first(timeline, other, "decline"))
    assert timeline.window.steps(seat) == 0 and timeline.window.steps(other) == 0
    for who in (seat, other):
        with pytest.raises(IllegalAction, match="nothing to undo"):
            timeline.apply(who, undo_entry())
