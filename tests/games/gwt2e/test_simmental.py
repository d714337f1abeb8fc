"""The Simmental variant of the second edition, reference §1.17 (and §2.1, §2.2, §4 item 2)."""

from gametable.games import get
from gametable.games.gwt.editions import SECOND as D
from gametable.games.gwt.kansas_city import breeding_value

from tests.games.gwt.builder import act, at, legal, put_building, set_market

from .common import foresight, scenario2

ON = {"simmental": "on"}


def test_s1_17_setup_calves_in_the_market_stack_heifers_and_cows_beside():
    for players, size in ((2, 9), (3, 12), (4, 15)):
        st = get("gwt-2e").new(players, 4, ON)
        assert len(st.market) == size
        cards = st.market + st.cattle_stack
        assert cards.count("simmental_calf") == 8 and "simmental_heifer" not in cards
        assert st.sim_heifers == ["simmental_heifer"] * 8 and st.sim_cows == ["simmental_cow"] * 8
    off = get("gwt-2e").new(4, 4)
    assert len(off.market) == 13 and "simmental_calf" not in off.market + off.cattle_stack
    assert off.sim_heifers == []


def test_s1_17_orange_cards_lie_far_left_of_the_market():
    st = scenario2(options=ON)
    set_market(st, ["holstein", "simmental_calf", "texas_longhorn_5"])
    assert st.market[0] == "simmental_calf"


def test_s2_1_card_values_and_vp():
    assert [(D.CATTLE[c]["value"], D.CATTLE[c]["vp"]) for c in
            ("simmental_calf", "simmental_heifer", "simmental_cow")] == [(2, 3), (4, 4), (5, 5)]


def test_s1_17_buying_a_calf_for_1_cowboy_and_8_or_2_cowboys_and_5():
    st = scenario2(options=ON)
    set_market(st, ["simmental_calf", "simmental_calf"])
    from tests.games.gwt.builder import hire_workers
    hire_workers(st, 0, cowboys=3)
    at(st, 0, "NEUTRAL-E", money=13)
    act(st, type="buy_cattle", src="E/2")
    assert sorted((a["cowboys"], a["cards"][0]) for a in legal(st, "buy")) == [
        (1, "simmental_calf"), (2, "simmental_calf")]
    act(st, type="buy", cards=["simmental_calf"], cowboys=2)
    assert st.players[0].money == 8
    act(st, type="buy", cards=["simmental_calf"], cowboys=1)
    assert st.players[0].money == 0 and st.players[0].discard == ["simmental_calf"] * 2


def test_s1_17_income_counts_orange_cards_as_one_breed():
    assert breeding_value(D, ["simmental_calf", "simmental_cow", "simmental_heifer", "jersey"]) == 5 + 1


def _kansas_city(st, hand):
    foresight(st, [[], [], []])
    at(st, 0, "KANSAS_CITY", hand=hand, money=0)


def _give(st, seat, cards):
    """Hand cards from the Simmental stacks (a test shortcut keeping every card counted)."""
    for card in cards:
        pile = st.sim_heifers if card == "simmental_heifer" else st.sim_cows if card == "simmental_cow" else None
        if pile is not None:
            pile.remove(card)
            st.players[seat].deck.append(card)


def test_s1_17_upgrades_after_income_calf_to_heifer_then_heifer_to_cow():
    st = scenario2(options=ON)
    _give(st, 0, ["simmental_heifer"])
    _kansas_city(st, ["simmental_calf", "simmental_heifer", "jersey"])
    p = st.players[0]
    assert p.money == 4 + 1                 # one orange breed (the Heifer's 4) + the Criollo
    assert legal(st) == [{"type": "upgrade_cattle", "card": "simmental_calf"},
                         {"type": "upgrade_cattle", "card": "simmental_heifer"},
                         {"type": "keep_cattle"}]
    act(st, type="upgrade_cattle", card="simmental_calf")
    # the new Heifer lies on the discard pile: only the Heifer in hand can still be upgraded
    assert legal(st) == [{"type": "upgrade_cattle", "card": "simmental_heifer"}, {"type": "keep_cattle"}]
    act(st, type="upgrade_cattle", card="simmental_heifer")
    assert p.money == 5                      # the income is not recounted
    assert sorted(p.discard) == ["jersey", "simmental_cow", "simmental_heifer"] and p.hand == []
    assert st.sim_retired == ["simmental_calf", "simmental_heifer"]
    assert len(st.sim_heifers) == 6 and len(st.sim_cows) == 7   # one Heifer was dealt by the test


def test_s1_17_upgrading_is_optional():
    st = scenario2(options=ON)
    _kansas_city(st, ["simmental_calf", "jersey"])
    act(st, type="keep_cattle")
    assert sorted(st.players[0].discard) == ["jersey", "simmental_calf"] and st.sim_retired == []


def test_s1_17_no_upgrade_when_the_stack_is_empty():
    st = scenario2(options=ON)
    st.sim_retired += st.sim_heifers   # keep the card count: the Heifers are gone
    st.sim_heifers = []
    _kansas_city(st, ["simmental_calf"])
    assert st.frames[-1]["kind"] == "deliver" and st.players[0].discard == ["simmental_calf"]


def test_s1_17_orange_cards_serve_any_card_actions_not_specific_ones():
    st = scenario2(options=ON)
    put_building(st, "A-1", "3a", owner=0)        # two cards of one breed for $3
    put_building(st, "A-2", "2a", owner=0)
    _give(st, 0, ["simmental_heifer"])
    at(st, 0, "A-1", hand=["simmental_calf", "simmental_heifer", "guernsey"], money=0)
    assert [a["cards"] for a in legal(st, "discard")] == [["simmental_calf", "simmental_heifer"]]
    st2 = scenario2(options=ON)
    put_building(st2, "A-1", "2a", owner=0)       # a white value-2 card only
    at(st2, 0, "A-1", hand=["simmental_calf"], money=0)
    assert legal(st2, "discard") == []
    st3 = scenario2(options=ON)
    put_building(st3, "FLOOD-RISK-1", "1a", owner=0)   # risk: discard any cattle card
    at(st3, 0, "FLOOD-RISK-1", hand=["simmental_calf"], money=0)
    assert legal(st3, "discard") == [{"type": "discard", "src": "risk/FLOOD-RISK-1",
                                      "cards": ["simmental_calf"]}]
