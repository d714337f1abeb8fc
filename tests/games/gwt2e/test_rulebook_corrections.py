"""Second edition as its printed rulebook says it where the first edition's reading used to be
inherited (reference, "Corrections after a full reading of the official 2nd-edition rulebook
text", items 1-3): the rulebook sections "Gain one objective card", "General notes and special
cases" and "Gain an exchange token". The first edition keeps its own readings (checked here too)."""

from gametable.games.gwt.editions import SECOND as D

from tests.games.gwt.builder import (act, at, keys, leave_only_discs, legal, scenario, set_deck,
                                     set_market)

from .common import node, scenario2


# ------------------------------------------------------------- rulebook "Gain one objective card"
def test_rulebook_gain_one_objective_card_herder_move_after_a_phase_b_action_goes_to_phase_c():
    """"If you move your herder after using a location in phase B, you directly carry out phase C
    once your herder reaches the new location": the building left behind offers nothing more."""
    st = scenario2()
    set_deck(st, 0, ["holstein", "ayrshire", "brown_swiss"])
    at(st, 0, "NEUTRAL-A", hand=["objective_22", "guernsey", "jersey"], money=0)
    act(st, type="discard", src="A/1", cards=["guernsey"])          # a phase B action: +$2
    act(st, type="play_objective", card="objective_22")
    act(st, type="herder", src="objective/objective_22", path=["NEUTRAL-B"])
    p = st.players[0]
    assert p.herder == node("NEUTRAL-B") and p.money == 2
    # phase C: the hand refilled to 4 (A's hiring actions are gone), the next player's turn begins
    assert sorted(p.hand) == ["ayrshire", "brown_swiss", "holstein", "jersey"]
    assert st.current == 1 and st.phase == "A"
    said = keys(st)
    moved = said.index("gwt2e.herder_moved")
    assert said[moved + 1:moved + 3] == ["gwt2e.phase_b_ended", "gwt2e.drew"]


def test_rulebook_gain_one_objective_card_herder_move_before_any_phase_b_action_keeps_the_location():
    """Before the first phase B action nothing was used yet: the rulebook's "after using a
    location" does not apply, and the location where phase B began keeps its actions (the
    first edition's reading, docs/rules-decisions.md)."""
    st = scenario2()
    at(st, 0, "NEUTRAL-A", hand=["objective_22", "guernsey"], money=0)
    act(st, type="play_objective", card="objective_22")
    act(st, type="herder", src="objective/objective_22", path=["NEUTRAL-B"])
    assert st.current == 0 and st.players[0].herder == node("NEUTRAL-B")
    assert {"type": "discard", "src": "A/1", "cards": ["guernsey"]} in legal(st)


def test_first_edition_objective_move_after_a_phase_b_action_still_keeps_the_location():
    st = scenario()
    at(st, 0, "NEUTRAL-A", hand=["objective_22", "guernsey"], money=0)
    act(st, type="discard", src="A/1", cards=["guernsey"])
    act(st, type="play_objective", card="objective_22")
    act(st, type="herder", src="objective/objective_22", path=["NEUTRAL-B"])
    assert st.current == 0 and st.phase == "B" and st.b_available == ["A/2", "A/3"]


# -------------------------------------------------- rulebook "General notes and special cases"
def _engine_before_station_1(st, *, own_stations):
    leave_only_discs(st, 0, [])                  # every disc of seat 0 left its board ...
    for station in own_stations:                 # ... some onto these stations (1-based)
        st.city_discs[0].remove(0)
        st.station_discs[station - 1].append(0)
    st.players[0].engine = 4


def test_rulebook_special_cases_station_upgrade_with_no_disc_left_takes_one_from_a_station():
    """"If you must place a disc ... onto a station space while upgrading it" and none is left
    on the player board, one of your discs comes back from a train station."""
    st = scenario2()
    _engine_before_station_1(st, own_stations=[4, 6])
    at(st, 0, "NEUTRAL-G", money=10)
    act(st, type="engine", src="G/1", to="4.5")
    assert legal(st) == [{"type": "upgrade", "station": 1}, {"type": "skip"}]
    act(st, type="upgrade", station=1)
    assert legal(st) == [{"type": "disc_from_station", "station": 4},
                         {"type": "disc_from_station", "station": 6}]
    act(st, type="disc_from_station", station=6)
    assert st.station_discs[0] == [0] and st.station_discs[5] == [] and st.station_discs[3] == [0]
    assert st.players[0].money == 10 - D.STATIONS[0]["cost"]
    assert "gwt2e.disc_taken_back" in keys(st)


def test_rulebook_special_cases_no_upgrade_without_any_disc_at_all():
    st = scenario2()
    _engine_before_station_1(st, own_stations=[])
    at(st, 0, "NEUTRAL-G", money=10)
    act(st, type="engine", src="G/1", to="4.5")
    assert not legal(st, "upgrade") and st.players[0].money == 10


def test_first_edition_station_upgrade_still_needs_a_disc_on_the_player_board():
    st = scenario()
    _engine_before_station_1(st, own_stations=[4])
    at(st, 0, "NEUTRAL-G", money=10)
    act(st, type="engine", src="G/1", to="4.5")
    assert not legal(st, "upgrade") and st.station_discs[0] == []


# ------------------------------------------------------------- rulebook "Gain an exchange token"
def test_rulebook_gain_an_exchange_token_spent_in_the_middle_of_a_cattle_purchase():
    """Tokens may be used "at any point in the game — even in the middle of an action": at every
    decision of the turn, here between two purchases of one buy action."""
    st = scenario2()
    p = st.players[0]
    p.exchange = 1
    set_market(st, ["holstein", "ayrshire"])
    set_deck(st, 0, ["guernsey", "brown_swiss"])
    at(st, 0, "NEUTRAL-E", hand=["jersey"], money=20)
    act(st, type="buy_cattle", src="E/2")
    choices = [a for a in legal(st) if a["type"] != "spend_exchange_token"]
    assert legal(st, "buy") and legal(st, "spend_exchange_token") == [{"type": "spend_exchange_token", "count": 1},
                                                          {"type": "spend_exchange_token", "count": 2}]
    act(st, type="spend_exchange_token", count=1)
    assert p.exchange == 0 and sorted(p.hand) == ["brown_swiss", "jersey"]
    act(st, type="discard_card", card="jersey")
    # the purchase goes on where it stood, with the same choices; no token left to offer
    assert legal(st) == choices
    assert p.hand == ["brown_swiss"] and not legal(st, "spend_exchange_token")


def test_rulebook_gain_an_exchange_token_a_forced_step_still_asks_nothing():
    """A step with one possible answer is taken by the engine (docs/rules-decisions.md, "Forced
    choices"): holding a token does not turn it into a question."""
    st = scenario2()
    st.players[0].exchange = 1
    set_deck(st, 0, ["guernsey"])
    _engine_before_station_1(st, own_stations=[4])
    at(st, 0, "NEUTRAL-G", money=10)
    act(st, type="engine", src="G/1", to="4.5")
    act(st, type="upgrade", station=1)             # the only disc comes back from station 4
    assert st.station_discs[0] == [0] and st.station_discs[3] == []
