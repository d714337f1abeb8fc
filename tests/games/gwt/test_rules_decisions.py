"""Tests for the points settled in docs/rules-decisions.md ("Great Western Trail")."""

from collections import Counter

from gametable.games.gwt import data as D

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
