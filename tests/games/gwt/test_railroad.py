"""§6 Railroad: engine moves, turnouts, occupied spaces, space 39, upgrades, discs; §7 station masters."""

import pytest

from gametable.games.gwt.editions import FIRST as D
from gametable.games.gwt import railroad

from .builder import act, at, clear_disc, hire_workers, legal, put_building, put_tile, scenario


def test_s6_1_turnouts_are_spaces_and_occupied_spaces_are_skipped():
    st = scenario()
    st.players[0].engine = 3
    st.players[1].engine = 5
    targets = railroad.forward_targets(st, 0, 2)
    assert [D.POS_LABEL[p] for p in targets] == ["4", "4.5", "6"]


def test_s6_1_space_0_is_shared():
    st = scenario()
    st.players[1].engine = 1
    assert [D.POS_LABEL[p] for p in railroad.forward_targets(st, 0, 1)] == ["2"]
    st.players[0].engine = 2
    assert [D.POS_LABEL[p] for p in railroad.backward_targets(st, 0, 1)] == ["0"]


@pytest.mark.parametrize("engine,city,cost", [(0, 18, 11), (0, 4, 1), (4, 6, 2), (40, 6, 1),
                                              (18, 18, 0), (0, 1, 0), (10, 12, 2)])
def test_s6_1_transport_cost_counts_crosses_before_the_city(engine, city, cost):
    # position 40 is the turnout of station 1 (between 4 and 5): it counts as space 5
    assert railroad.transport_cost(D, engine, city) == cost


def test_s6_2_upgrade_on_a_turnout_disc_and_station_master():
    st = scenario()
    st.station_master[0] = "master_money"
    hire_workers(st, 0, cowboys=2)
    st.players[0].engine = 3
    at(st, 0, "NEUTRAL-G", money=2)   # 1 engineer: up to 1 space
    act(st, type="engine", src="G/1", to="4")
    assert not st.frames
    st.players[0].engine = 4
    st.b_available.append("G/1")
    from .builder import refresh
    refresh(st)
    act(st, type="engine", src="G/1", to="4.5")
    assert legal(st) == [{"type": "upgrade", "station": 1}, {"type": "skip"}]
    act(st, type="upgrade", station=1)
    assert st.players[0].money == 0
    # station 1 has white corners: only white-corner discs may go there
    assert {a["group"] for a in legal(st)} == {"aux1", "aux2", "aux3", "aux4", "aux5", "cert_4"}
    act(st, type="disc", group="cert_4")
    assert legal(st) == [{"type": "station_master", "worker": "cowboy"}, {"type": "skip"}]
    act(st, type="station_master", worker="cowboy")
    p = st.players[0]
    assert p.workers[0] == 1 and p.masters == ["master_money"] and st.station_worker[0] == "cowboy"
    act(st, type="money", src="master/master_money")
    assert p.money == 2 and st.station_discs[0] == [0]


def test_s6_2_black_stations_take_any_disc_and_hand_discs_cost_5():
    st = scenario()
    st.players[0].money = 6 + 4
    groups = railroad.disc_groups_for(st, 0, "black", st.players[0].money - 6)
    assert "hand" not in [D.DISC_GROUP_IDS[g] for g in groups]
    groups = railroad.disc_groups_for(st, 0, "black", 5)
    assert set(D.DISC_GROUP_IDS[g] for g in groups) == set(D.DISC_GROUP_IDS)


def test_s6_2_white_space_takes_a_black_disc_only_when_no_white_disc_is_left():
    st = scenario()
    for group in ("aux1", "aux2", "aux3", "aux3", "aux4", "aux4", "aux5", "aux5", "cert_4"):
        clear_disc(st, 0, group)
    groups = railroad.disc_groups_for(st, 0, "white", 0)
    assert [D.DISC_GROUP_IDS[g] for g in groups] == ["step_money", "step_vp", "cert_6"]


def test_s6_2_step_money_disc_pays_3_and_hand_disc_costs_5():
    st = scenario()
    st.players[0].money = 5
    railroad.clear_disc(st, 0, D.DISC_GROUP_IDS.index("step_money"))
    assert st.players[0].money == 8
    railroad.clear_disc(st, 0, D.DISC_GROUP_IDS.index("hand"))
    assert st.players[0].money == 3


def test_s6_1_space_39_upgrade_then_back_at_least_one_for_3():
    st = scenario(options={"building_sides": "b"})
    put_building(st, "A-1", "10b", owner=0)
    st.players[0].engine = 37
    st.players[1].engine = 38
    at(st, 0, "A-1", money=3)
    act(st, type="engine", src="10b/2", to="39")
    assert legal(st) == [{"type": "upgrade", "station": 10}, {"type": "skip"}]
    act(st, type="upgrade", station=10)
    act(st, type="disc", group="step_vp")
    assert st.players[0].money == 0
    # now back at least one space, any free one; the $3 comes first
    backs = [a["to"] for a in legal(st)]
    assert "38" not in backs and "37" in backs and "33.5" in backs and "0" in backs
    act(st, type="end_of_track", to="33.5")
    assert st.players[0].money == 3
    assert not st.frames   # station 9 costs $5: no upgrade offered


def test_s6_1_space_39_money_may_pay_for_a_turnout_upgrade():
    st = scenario(options={"building_sides": "b"})
    put_building(st, "A-1", "10b", owner=0)
    st.players[0].engine = 38
    at(st, 0, "A-1", money=2)
    act(st, type="engine", src="10b/2", to="39")
    act(st, type="end_of_track", to="33.5")
    assert legal(st) == [{"type": "upgrade", "station": 9}, {"type": "skip"}]  # $5 with the $3


@pytest.mark.parametrize("master,expected", [("master_certificates", 1), ("master_hazards", 1),
                                             ("master_teepees", 1)])
def test_s7_permanent_certificate_masters(master, expected):
    st = scenario()
    st.station_master[0] = master
    hire_workers(st, 0, engineers=2)
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-G", money=2)
    act(st, type="engine", src="G/1", to="4.5")
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")
    act(st, type="station_master", worker="engineer")
    act(st, type="permanent_certificate", src=f"master/{master}")
    assert st.players[0].perm_certs == expected and st.players[0].workers[2] == 1


def test_s7_master_3_removes_a_hazard_or_trades():
    st = scenario()
    st.station_master[0] = "master_objectives"
    put_tile(st, "FLOOD-1", "flood_green_4")
    put_tile(st, "TEEPEE-3", "teepee_blue")
    hire_workers(st, 0, craftsmen=2)
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-G", money=2)
    act(st, type="engine", src="G/1", to="4.5")
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")
    act(st, type="station_master", worker="craftsman")
    assert legal(st) == [{"type": "remove_hazard", "src": "master/master_objectives", "space": "FLOOD-1"},
                         {"type": "skip"}]   # trading the -3 teepee needs $3
    act(st, type="remove_hazard", src="master/master_objectives", space="FLOOD-1")
    assert st.players[0].hazards == ["flood_green_4"] and st.players[0].money == 0


def test_s7_no_master_without_a_hired_worker():
    st = scenario()
    st.station_master[0] = "master_money"
    st.players[0].engine = 4
    at(st, 0, "NEUTRAL-G", money=2)
    act(st, type="engine", src="G/1", to="4.5")
    act(st, type="upgrade", station=1)
    act(st, type="disc", group="aux1")
    assert not st.frames and st.players[0].masters == []
