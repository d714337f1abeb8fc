"""Undo within a turn in Great Western Trail (engine/undo.py; docs/rules-decisions.md, "Undo"):
every kind of action that reveals something is an undo barrier, the rest of a turn can be taken
back, at every step of random games with undos mixed in."""

import pytest

from gametable.engine import IllegalAction, Timeline, undo_entry
from gametable.games import get
from tests.games.undo_checks import runs_of

from .builder import act, at, hire_workers, scenario, set_market

GAME = get("gwt")
RANDOM_OPTIONS = {"building_sides": "random", "neutral_buildings": "random"}

#: the log entries of actions that reveal information, with the rule section of each
REVEALING = {
    "gwt.drew": "§9.6 drawing up to the hand limit, §9.2 and building draws: the draw pile",
    "gwt.reshuffled": "§9.6 the discard pile shuffled into a new draw pile",
    "gwt.market_drawn": "§1.3 two cards drawn from the cattle deck into the market",
    "gwt.market_refilled": "§1.4 the cattle market refilled from the cattle deck",
    "gwt.objective_taken_stack": "§8.3 an objective card taken from the top of the stack",
    "gwt.objective_taken": "§8.3 the display refilled from the objective stack",
    "gwt.foresight_refilled": "§10 (Kansas City) foresight refilled from the face-down tile "
                              "piles: the next workers, hazards and teepees",
}

#: log entries of actions that reveal nothing and stay undoable within the turn
NOT_REVEALING = ("gwt.herder_moved", "gwt.station_master_taken", "gwt.foresight_chosen",
                 "gwt.worker_to_market", "gwt.hired", "gwt.built", "gwt.delivered")


def _hidden(data):
    """Everything face down: the stacks, the tile piles, every draw pile."""
    return (data["cattle_stack"], data["obj_stack"], data["piles"],
            [player["deck"] for player in data["players"]])


@pytest.fixture(scope="module")
def met():
    return runs_of(GAME, _hidden, [(players, seed, RANDOM_OPTIONS if seed % 2 else None)
                                   for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6))])


@pytest.mark.parametrize("key", sorted(REVEALING))
def test_every_kind_of_revealing_action_is_an_undo_barrier(met, key):
    revealing, undoable = met.revealing, met.undoable
    assert revealing[key] > 0, f"{key} ({REVEALING[key]}) never happened in the random games"
    assert undoable[key] == 0, f"an action writing {key} could be undone"


@pytest.mark.parametrize("key", NOT_REVEALING)
def test_actions_that_reveal_nothing_can_be_taken_back(met, key):
    # (§7: station master tiles lie face up from the setup on, so taking one reveals nothing.)
    assert met.undoable[key] > 0, f"no action writing {key} was ever undoable"


def test_a_misplaced_move_is_taken_back_to_the_exact_position():
    timeline = Timeline(GAME.new(2, 11))
    seat = timeline.state.to_act()[0]
    start = timeline.state.to_json()
    move = next(a for a in timeline.state.legal_actions(seat) if a["type"] == "move")
    timeline.apply(seat, move)
    assert not timeline.revealed and timeline.window.steps(seat) == 1
    timeline.apply(seat, undo_entry())
    assert timeline.state.to_json() == start
    assert timeline.window.steps(seat) == 0
    with pytest.raises(IllegalAction, match="nothing to undo"):
        timeline.apply(seat, undo_entry())


def test_the_end_of_a_turn_draws_cards_and_closes_the_window():
    """§9.6: phase C draws up to the hand limit, so the turn's actions are final."""
    timeline = Timeline(GAME.new(2, 11))
    seat = timeline.state.to_act()[0]
    while timeline.state.to_act() == [seat]:
        legal = timeline.state.legal_actions(seat)
        ending = [a for a in legal if a["type"] == "end_phase_b"]
        timeline.apply(seat, ending[0] if ending else legal[0])
    assert timeline.revealed
    assert any(e["key"] == "gwt.drew" and e["seat"] == seat for e in timeline.state.log[-5:])
    assert timeline.window.steps(seat) == 0
    with pytest.raises(IllegalAction):
        timeline.apply(seat, undo_entry())


def test_s1_3_drawing_two_cards_into_the_market_cannot_be_undone_but_the_choice_before_can():
    st = scenario()
    set_market(st, ["holstein"])
    top2 = st.cattle_stack[-2:]
    at(st, 0, "NEUTRAL-E", money=0)
    before = st.to_json()
    timeline = Timeline(st)
    timeline.apply(0, {"type": "buy_cattle", "src": "E/2"})
    assert not timeline.revealed and timeline.window.steps(0) == 1
    timeline.apply(0, {"type": "draw_market"})
    assert timeline.revealed and sorted(timeline.state.market) == sorted(["holstein"] + top2)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        timeline.apply(0, undo_entry())
    # Without the draw, the choice of the building's action comes back exactly.
    again = Timeline(GAME.from_json(before))
    again.apply(0, {"type": "buy_cattle", "src": "E/2"})
    again.apply(0, undo_entry())
    assert again.state.to_json() == before


def test_s7_taking_a_face_up_station_master_tile_can_be_undone():
    st = scenario()
    st.station_master[0] = "master_money"
    hire_workers(st, 0, cowboys=2)
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-G", money=2)
    act(st, type="engine", src="G/1", to="4.5")
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="cert_4")
    before = st.to_json()
    timeline = Timeline(st)
    timeline.apply(0, {"type": "station_master", "worker": "cowboy"})
    assert timeline.state.players[0].masters == ["master_money"]
    assert not timeline.revealed and timeline.window.steps(0) == 1
    timeline.apply(0, undo_entry())
    assert timeline.state.to_json() == before
    assert timeline.state.station_master[0] == "master_money" and timeline.state.players[0].masters == []
