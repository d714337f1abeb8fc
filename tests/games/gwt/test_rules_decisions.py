"""Tests for the points settled in docs/rules-decisions.md ("Great Western Trail")."""

from collections import Counter

from gametable.games.gwt.editions import FIRST as D

from .builder import act, at, legal, put_building, refresh, scenario


def test_decision_teepee_split_by_back_follows_bgf():
    """§2.1 / open point 2: back 1 has 9 green + 8 blue teepees, back 3 has 2 green + 3 blue."""
    assert Counter(D.PILES[0])["teepee_green"] == 9 and Counter(D.PILES[0])["teepee_blue"] == 8
    assert Counter(D.PILES[2])["teepee_green"] == 2 and Counter(D.PILES[2])["teepee_blue"] == 3
    assert [len(p) for p in D.PILES] == [35, 33, 26]


def test_decision_extraordinary_delivery_to_kansas_city_pays_6():
    """Open point 5: the $6 printed on Kansas City is paid for every disc placed there."""
    st = scenario(options={"building_sides": "a"})
    put_building(st, "A-1", "9a", owner=0)
    st.players[0].engine = 2
    at(st, 0, "A-1", money=0)
    act(st, type="extraordinary_delivery", src="9a/2", to="1")
    assert [a["city"] for a in legal(st, "deliver")] == ["kansas_city", "topeka"]
    act(st, type="deliver", city="kansas_city")
    act(st, type="disc", group="aux1")
    assert st.players[0].money == 6


def test_decision_phase_b_needs_at_least_one_action():
    """FAQ: phase B cannot be skipped; ending it is offered after one action."""
    st = scenario()
    at(st, 0, "NEUTRAL-A", money=0)
    assert {"type": "end_phase_b"} not in legal(st)
    act(st, type="aux", src="aux", aux=1, double=False)
    assert {"type": "end_phase_b"} in legal(st)


def test_decision_delivery_without_any_disc_left():
    """No disc on the board and none on a station: the delivery happens, no disc is placed."""
    st = scenario()
    p = st.players[0]
    for g in range(len(p.discs)):
        while p.discs[g]:
            p.discs[g] -= 1
            st.city_discs[0].append(0)
    for column in st.foresight:
        st.piles[st.foresight.index(column)].extend(t for t in column if t)
    st.foresight = [[None, None] for _ in range(3)]
    at(st, 0, "KANSAS_CITY", hand=["jersey"], money=0)
    act(st, type="deliver", city="topeka")
    assert 0 not in st.city_discs[D.CITY_INDEX["topeka"]]
    assert "gwt.no_disc_left" in [e["key"] for e in st.log] and st.current == 1


def test_decision_objectives_in_kansas_city_only_before_the_first_subphase():
    st = scenario()
    at(st, 0, "KANSAS_CITY", hand=["objective_1", "jersey"], money=0)
    assert {"type": "play_objective", "card": "objective_1"} in legal(st)
    first = next(a for a in legal(st) if a["type"] == "foresight")
    act(st, **first)
    assert not legal(st, "play_objective")


def test_decision_objective_herder_move_in_phase_b_keeps_the_location_used():
    """§8.3: the location reached by an objective move is not used; the current one stays in use."""
    st = scenario()
    at(st, 0, "NEUTRAL-A", hand=["objective_22", "guernsey"], money=0)
    act(st, type="play_objective", card="objective_22")
    act(st, type="herder", src="objective/objective_22", path=["NEUTRAL-B"])
    assert st.players[0].herder == D.NODE_INDEX["NEUTRAL-B"]
    assert {"type": "discard", "src": "A/1", "cards": ["guernsey"]} in legal(st)


def test_decision_discard_pile_top_card_visible_to_others_whole_pile_to_its_owner():
    st = scenario()
    st.players[1].discard = ["jersey", "guernsey"]
    st.players[1].deck = [c for c in st.players[1].deck]
    for c in ("jersey", "guernsey"):
        st.players[1].deck.remove(c)
    refresh(st)
    assert st.view(0)["players"][1]["discard_top"] == "guernsey"
    assert "discard" not in st.view(0)["players"][1]
    assert st.view(1)["players"][1]["discard"] == ["jersey", "guernsey"]


def test_decision_9b_a_station_under_the_engine_is_not_behind_it():
    """Seed 000 says 9b upgrades the station where the engine stands; §4.2: a station *behind*
    the engine. On the turnout of station 3 only stations 1 and 2 are offered."""
    st = scenario(options={"building_sides": "b"})
    put_building(st, "A-1", "9b", owner=0)
    st.players[0].engine = D.POS_BY_LABEL["10.5"]
    at(st, 0, "A-1", money=10)
    assert [a["station"] for a in legal(st, "upgrade_behind")] == [1, 2]


def test_decision_after_the_end_trigger_the_other_players_take_one_ordinary_turn():
    """Seed 000 says the last turns must reach Kansas City; §11.1: exactly one more turn each,
    an ordinary one (any move, any location), then the game is scored."""
    st = scenario()
    st.end_triggered = True
    st.players[0].job_token = True
    at(st, 0, "NEUTRAL-A", money=0)
    act(st, type="aux", src="aux", aux=1, double=False)
    act(st, type="end_phase_b")
    assert st.current == 1 and st.phase == "A" and st.final_turns == 1
    st.players[1].herder = D.NODE_INDEX["NEUTRAL-A"]
    refresh(st)
    moves = [a["path"] for a in legal(st, "move")]
    assert ["NEUTRAL-B"] in moves and not all(p[-1] == "KANSAS_CITY" for p in moves)
    act(st, type="move", path=["NEUTRAL-B"])
    act(st, type="aux", src="aux", aux=1, double=False)
    act(st, type="end_phase_b")
    assert st.phase in ("scoring", "over") and st.players[1].money == 1


def test_decision_a_building_may_be_used_twice_in_one_turn_through_8b():
    """§4 notes / §13: the first edition does not forbid using one building twice in a turn (the
    second edition does). 3b moves the herder onto 8b, which copies that same 3b again."""
    st = scenario(options={"building_sides": "b"})
    put_building(st, "A-1", "3b", owner=0)
    put_building(st, "A-2", "8b", owner=0)
    at(st, 0, "A-1", money=0)
    act(st, type="aux", src="3b/1", aux=1, double=False)
    act(st, type="herder", src="3b/2", path=["A-2"])
    act(st, type="copy_adjacent", src="8b/1", space="A-1")
    assert st.b_available == ["3b/1", "3b/2"]
    act(st, type="aux", src="3b/1", aux=1, double=False)
    assert st.players[0].money == 2


def test_decision_10b_has_three_separate_local_actions():
    """§4.2 (medium confidence on the split): $4, engine up to 4 and herder up to 4 are three
    local actions; all three can be used in one visit."""
    st = scenario(options={"building_sides": "b"})
    put_building(st, "A-1", "10b", owner=0)
    at(st, 0, "A-1", money=0)
    act(st, type="money", src="10b/1")
    act(st, type="engine", src="10b/2", to="3")
    assert [a["src"] for a in legal(st, "herder")][0] == "10b/3"
    act(st, type="herder", src="10b/3", path=["NEUTRAL-B"])
    assert st.players[0].money == 4 and st.players[0].engine == 3
    assert st.players[0].herder == D.NODE_INDEX["NEUTRAL-B"]


def test_decision_transport_is_paid_before_the_disc_is_placed():
    """§10 lists the disc before the transport cost; seed 000 pays transport first. We pay first,
    so a $5 hand-limit disc must be affordable with what is left after transport."""
    from .builder import leave_only_discs
    from .test_kansas_city import _foresight
    st = scenario()
    _foresight(st, [[], [], []])
    leave_only_discs(st, 0, ["hand"])
    st.city_discs[0].remove(0)
    st.station_discs[2].append(0)
    at(st, 0, "KANSAS_CITY", hand=["jersey", "guernsey", "black_angus"], money=0)  # income $5
    act(st, type="deliver", city="wichita")       # one cross (after space 3): $1
    # $4 left: the hand discs cannot be paid for, so the station disc comes back (the only choice)
    assert st.players[0].money == 4 and st.players[0].discs[D.DISC_GROUP_IDS.index("hand")] == 2
    assert st.station_discs[2] == [] and st.city_discs[D.CITY_INDEX["wichita"]] == [0]


def test_decision_actions_without_effect_are_not_offered():
    """rules-decisions "Actions without effect": a certificate at the limit, $2 per woods building
    with none in the woods, teepee pairs without teepees."""
    st = scenario()
    put_building(st, "A-1", "1a", owner=0)        # A-1 is not a woods space
    at(st, 0, "A-1", money=0)
    assert legal(st, "money_per_woods") == []
    st = scenario()
    st.players[0].cert = 3                        # space 3: the starting limit
    at(st, 0, "NEUTRAL-C", money=0)
    assert legal(st, "certificates") == [] and legal(st, "take_objective")
    st = scenario()
    put_building(st, "A-1", "7a", owner=0)        # teepee pairs, but seat 0 owns no teepee
    at(st, 0, "A-1", money=0)
    assert legal(st, "teepee_pairs") == []


def test_decision_9a_distance_counts_numbered_spaces_only():
    """§4 notes (9a): turnouts are not counted. Back from 5 onto the turnout of station 1 is a
    move of 0 counted spaces: only Kansas City (value 0) can take that delivery; from the turnout
    on to 4 counts 1."""
    st = scenario(options={"building_sides": "a"})
    put_building(st, "A-1", "9a", owner=0)
    st.players[0].engine = 5
    at(st, 0, "A-1", money=0)
    act(st, type="extraordinary_delivery", src="9a/2", to="4.5")
    assert st.players[0].engine == D.POS_BY_LABEL["4.5"]
    act(st, type="disc", group="aux1")            # Kansas City was the only city: taken at once
    assert st.city_discs[0] == [0] and st.players[0].money == 6
    st = scenario(options={"building_sides": "a"})
    put_building(st, "A-1", "9a", owner=0)
    st.players[0].engine = D.POS_BY_LABEL["4.5"]
    at(st, 0, "A-1", money=0)
    act(st, type="extraordinary_delivery", src="9a/2", to="4")
    assert [a["city"] for a in legal(st, "deliver")] == ["kansas_city", "topeka"]
