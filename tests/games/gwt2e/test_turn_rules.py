"""Second edition, reference §3 "Starting hand", "Exchange tokens", "Auxiliary action row 5",
"Re-using a building in the same turn", "Risk action on the first flood building space",
"Station master tiles"; §4 items 6 and 8 (the defaults taken)."""

from gametable.games import get
from gametable.games.gwt.editions import SECOND as D
from gametable.games.gwt.scoring import master_task_vp

from tests.games.gwt.builder import (act, at, clear_disc, hire_workers, legal, put_building, refresh,
                                     set_deck, set_hand, set_market)

from .common import foresight, node, scenario2


# ---------------------------------------------------------------------------------- §1.3 setup
def test_s1_3_starting_hands_of_4_5_6_7_cards_and_money_by_seat_order():
    st = get("gwt-2e").new(4, 5)
    order = [(seat - st.first_player) % 4 for seat in range(4)]
    assert [len(st.players[s].hand) for s in range(4)] == [4 + o for o in order]
    assert [st.players[s].money for s in range(4)] == [6 + o for o in order]
    assert all(p.exchange == 1 for p in st.players)


def test_s1_3_first_turn_discards_down_to_4_before_moving():
    st = get("gwt-2e").new(4, 5)
    seat = st.first_player
    assert st.legal_actions(seat)[0]["type"] == "move"   # the first player holds 4 cards
    while st.current == seat:
        st.apply(seat, st.legal_actions(seat)[0])
    second = st.current
    p = st.players[second]
    assert len(p.hand) == 5
    actions = st.legal_actions(second)
    # (a token may be spent here too: the rulebook allows it "even in the middle of an action")
    assert {a["type"] for a in actions} == {"discard_card", "spend_exchange_token"}
    st.apply(second, actions[0])
    assert len(p.hand) == 4
    assert {a["type"] for a in st.legal_actions(second)} >= {"move", "spend_exchange_token"}


def test_s1_3_later_turns_keep_the_hand_limit_rule_only():
    st = scenario2(players=3)
    p = st.players[0]
    p.herder = node("NEUTRAL-A")   # not the first turn
    set_hand(st, 0, ["jersey"] * 5)
    refresh(st)
    assert {a["type"] for a in legal(st)} >= {"move"}


# ---------------------------------------------------------------------------- §1.13 exchange
def test_s1_13_spending_a_token_draws_up_to_2_then_discards_as_many():
    st = scenario2()
    p = st.players[0]
    p.exchange = 1
    p.herder = node("NEUTRAL-A")
    set_hand(st, 0, ["jersey"])
    set_deck(st, 0, ["guernsey", "holstein"])
    refresh(st)
    assert legal(st, "spend_exchange_token") == [{"type": "spend_exchange_token", "count": 1},
                                                 {"type": "spend_exchange_token", "count": 2}]
    act(st, type="spend_exchange_token", count=2)
    assert sorted(p.hand) == ["guernsey", "holstein", "jersey"] and p.exchange == 0
    act(st, type="discard_card", card="jersey")
    act(st, type="discard_card", card="guernsey")
    assert p.hand == ["holstein"] and st.phase == "A"
    assert not legal(st, "spend_exchange_token")


def test_s4_8_token_offered_at_phase_b_free_points_in_the_middle_of_an_action_and_before_income():
    st = scenario2()
    p = st.players[0]
    p.exchange = 1
    set_deck(st, 0, ["guernsey", "holstein", "jersey"])
    at(st, 0, "NEUTRAL-A", hand=["jersey"], money=0)
    assert legal(st, "spend_exchange_token")
    act(st, type="aux", src="aux", aux=1, double=False)
    assert legal(st, "spend_exchange_token")   # after an action, before ending phase B
    # in the middle of an action (buying cattle) too (the rulebook, "Gain an exchange token")
    set_market(st, ["holstein", "ayrshire"])
    at(st, 0, "NEUTRAL-E", hand=["jersey"], money=20)
    act(st, type="buy_cattle", src="E/2")
    assert legal(st, "buy") and legal(st, "spend_exchange_token")
    foresight(st, [[], [], []])
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    set_deck(st, 0, ["holstein"])
    refresh(st)
    assert {a["type"] for a in legal(st)} == {"income", "spend_exchange_token"}
    act(st, type="spend_exchange_token", count=1)
    act(st, type="discard_card", card="jersey")   # keep the card drawn
    # no token left: the income has nothing to choose and is taken with the new hand
    assert p.money == 3 and st.frames[-1]["kind"] == "deliver"


def test_s4_8_not_offered_without_cards_to_draw_and_offered_again_during_its_own_discard():
    st = scenario2()
    p = st.players[0]
    p.exchange = 2
    p.herder = node("NEUTRAL-A")
    set_hand(st, 0, [])
    p.removed, p.deck, p.discard = p.deck + p.discard, [], []   # nothing left to draw
    refresh(st)
    assert not legal(st, "spend_exchange_token")
    set_deck(st, 0, ["holstein"])
    set_hand(st, 0, ["ayrshire"])
    refresh(st)
    act(st, type="spend_exchange_token", count=1)
    # the second token could follow at once, but nothing is left to draw: only the discard
    assert legal(st) == [{"type": "discard_card", "card": "ayrshire"},
                         {"type": "discard_card", "card": "holstein"}]


# ------------------------------------------------------------------------------ §3 aux row 5
def test_s3_aux_5_also_gives_money():
    assert D.AUX[5]["single"]["money"] == 1 and D.AUX[5]["double"]["money"] == 2
    st = scenario2()
    clear_disc(st, 0, "aux5", to_station=1)
    clear_disc(st, 0, "aux5", to_station=2)
    st.players[0].engine = 3
    at(st, 0, "NEUTRAL-D", hand=["jersey", "jersey"], money=0)
    act(st, type="aux", src="D/2", aux=5, double=True)
    # the only space 2 back is space 1: the engine moves there by itself, $2 comes at once
    act(st, type="remove_card", card="jersey")
    act(st, type="remove_card", card="jersey")
    p = st.players[0]
    assert p.money == 2 and p.removed == ["jersey", "jersey"] and p.engine == 1


# --------------------------------------------------------------------- §3 risk on FLOOD-RISK-1
def test_s3_first_flood_building_space_takes_any_card_for_a_certificate():
    st = scenario2()
    put_building(st, "FLOOD-RISK-1", "1a", owner=0)
    at(st, 0, "FLOOD-RISK-1", hand=["holstein"], money=0)
    act(st, type="discard", src="risk/FLOOD-RISK-1", cards=["holstein"])
    assert st.players[0].cert == 1 and st.players[0].money == 0


# --------------------------------------------------------------------- §4 item 6 no re-use
def test_s4_6_a_building_serves_once_a_turn_even_through_6b():
    st = scenario2(options={"building_sides": "b"})
    put_building(st, "A-1", "3b", owner=0)      # herder up to 1
    put_building(st, "A-2", "6b", owner=0)      # use an adjacent building
    put_building(st, "A-3", "2b", owner=1)
    at(st, 0, "A-1", money=0)
    act(st, type="herder", src="3b/2", path=["A-2"])
    # 3b was used this turn: 6b may copy the building ahead only
    assert [a["space"] for a in legal(st, "copy_adjacent")] == ["A-3"]
    assert st.b_used == [node("A-1")]


def test_s4_6_copying_a_building_then_walking_onto_it_gives_no_local_actions():
    st = scenario2(options={"building_sides": "b"})
    put_building(st, "A-1", "6b", owner=0)
    put_building(st, "A-2", "3b", owner=0)
    at(st, 0, "A-1", money=0)
    act(st, type="copy_adjacent", src="6b/1", space="A-2")
    act(st, type="herder", src="3b/2", path=["A-2"])
    assert st.b_location == node("A-2") and st.b_available == []
    assert {a["type"] for a in legal(st)} == {"aux", "end_phase_b"}


def test_s4_6_the_first_edition_still_allows_re_use():
    from tests.games.gwt.builder import scenario
    st = scenario(options={"building_sides": "b"})
    put_building(st, "A-1", "8b", owner=0)      # the first edition's copy building
    put_building(st, "A-2", "3b", owner=0)
    at(st, 0, "A-1", money=0)
    act(st, type="copy_adjacent", src="8b/1", space="A-2")
    act(st, type="herder", src="3b/2", path=["A-2"])
    assert st.b_available == ["3b/1", "3b/2"]


# ------------------------------------------------------------------------- §2.14 station masters
def test_s2_14_nine_station_masters_five_drawn_per_game():
    assert len(D.STATION_MASTER) == 9
    drawn = set()
    for seed in range(12):
        st = get("gwt-2e").new(2, seed)
        masters = [m for m in st.station_master if m]
        assert len(masters) == 5 and len(set(masters)) == 5
        assert all(st.station_master[k] for k in range(5))
        drawn |= set(masters)
    assert drawn == set(D.STATION_MASTER)


def _take_master(st, master):
    st.station_master[0] = master
    hire_workers(st, 0, cowboys=2)
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-G", money=2)
    act(st, type="engine", src="G/1", to="4.5")
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")
    act(st, type="station_master", worker="cowboy")


def test_s2_14_master_twelve_dollars_and_two_permanent_certificates():
    st = scenario2()
    _take_master(st, "master_twelve_dollars")
    act(st, type="money", src="master/master_twelve_dollars")
    assert st.players[0].money == 12
    st = scenario2()
    _take_master(st, "master_two_certificates")
    act(st, type="permanent_certificate", src="master/master_two_certificates")
    assert st.players[0].perm_certs == 2
    assert master_task_vp(st, 0, "master_two_certificates") == 0


def test_s2_14_master_buildings_certificates_and_2_vp_per_building():
    st = scenario2()
    _take_master(st, "master_buildings")
    act(st, type="certificates", src="master/master_buildings")
    assert st.players[0].cert == 2
    put_building(st, "A-1", "1a", owner=0)
    put_building(st, "B-2", "2a", owner=0)
    assert master_task_vp(st, 0, "master_buildings") == 4


def test_s2_14_master_stations_3_vp_per_2_stations():
    st = scenario2()
    for station in (1, 2, 3):
        clear_disc(st, 0, "aux3" if station < 3 else "aux4", to_station=station)
    assert master_task_vp(st, 0, "master_stations") == 3
