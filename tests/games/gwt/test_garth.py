"""Garth, the fan-made solo automa (reference §1.18, §2.18; docs/rules-decisions.md "Garth"): one
scenario per rule, each from an exact position, and random games with Garth's seats at every
difficulty in both editions with the conservation invariants (adapted to its unlimited money)."""

from __future__ import annotations

import pytest

from gametable.engine import IllegalAction, InvalidOptions
from gametable.games import get
from gametable.games.gwt import garth
from tests.conformance import assert_json_round_trip_and_clone, play_checked

from .builder import put_building, put_tile, refresh, scenario, set_jobs, set_market
from .invariants import check, check_money_is_explained

SOLO = {"garth": {"1": "easy"}}  # no extra workers: the scenarios set them


def garth_turn(st, card: int, *, spec: str | None = None, herder: str | None = "NEUTRAL-A"):
    """Seat 1 (Garth) reveals ``card`` next and plays its turn."""
    g = st.garth[1]
    g["deck"].remove(card)
    g["deck"].append(card)  # top card last
    if spec is not None:
        g["specialization"] = spec
    if herder is not None:
        st.players[1].herder = st.edition.NODE_INDEX[herder]
    st.current = 1
    st.phase = "A"
    st.frames = []
    refresh(st)
    assert st.legal_actions(1) == [{"type": "garth"}]
    st.apply(1, {"type": "garth"})


# ------------------------------------------------------------------------ option and turn
def test_option_is_checked_with_a_clear_message():
    """docs/engine-protocol.md, "Garth's seats": a wrong value names what is allowed."""
    for bad in ({"1": "nightmare"}, {"one": "hard"}, [1], {}):
        with pytest.raises(InvalidOptions, match="garth"):
            get("gwt").new(2, 1, {"garth": bad})
    with pytest.raises(InvalidOptions, match="below the number of players"):
        get("gwt-2e").new(2, 1, {"garth": {"3": "easy"}})


def test_garth_seat_has_one_forced_action_and_other_actions_are_illegal():
    """§2.18: Garth's turn is its card, nothing to choose; anything else is refused unchanged."""
    st = scenario(options=SOLO)
    st.current = 1
    refresh(st)
    assert st.legal_actions(1) == [{"type": "garth"}]
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(1, {"type": "move", "path": ["NEUTRAL-A"]})
    assert st.to_json() == before


@pytest.mark.parametrize("difficulty,extra", [("easy", 0), ("medium", 1), ("hard", 2), ("very-hard", 4)])
def test_setup_extra_workers_by_difficulty(difficulty, extra):
    """§2.18 / [B] Garth.start: easy none; medium one of its specialization; hard two of different
    kinds; very hard one of each kind and one more. Garth's deck holds cards 1-15."""
    st = get("gwt-2e").new(2, 3, {"garth": {"0": difficulty}})
    g = st.garth[0]
    assert sorted(g["deck"]) == list(range(1, 16)) and g["discard"] == []
    assert sum(st.players[0].workers) == 3 + extra
    assert len(g["extra_workers"]) == extra
    if difficulty == "medium":
        assert g["extra_workers"] == [g["specialization"]]
    if difficulty == "hard":
        assert len(set(g["extra_workers"])) == 2
    if difficulty == "very-hard":
        assert sorted(g["extra_workers"][:3]) == ["cowboy", "craftsman", "engineer"]
    assert st.players[1].workers == [1, 1, 1] and st.garth[1] is None


def test_first_turn_goes_to_the_first_neutral_building():
    """[B] calculateMove: from outside the trail Garth enters on building A."""
    st = scenario(options=SOLO)
    garth_turn(st, 3, herder=None)
    assert st.players[1].herder == st.edition.NODE_INDEX["NEUTRAL-A"]


# ------------------------------------------------------------------------------- movement
def test_move_longest_then_cheapest_and_fees_paid_to_the_owner_from_nowhere():
    """§2.18: exactly the card's steps, the longest then cheapest route; Garth's money is
    unlimited: the owner is paid, Garth's money stays 0."""
    st = scenario(options=SOLO)
    put_building(st, "A-1", "1a", owner=0)           # a $2 fee to seat 0 at two players
    put_tile(st, "FLOOD-1", "flood_black_2")          # $2 to the bank
    put_tile(st, "FLOOD-2", "flood_black_3")          # $2 to the bank
    garth_turn(st, 7, spec="cowboy")                  # card 7: 2 steps, engine forward
    assert st.players[1].herder == st.edition.NODE_INDEX["NEUTRAL-B"]
    assert st.players[0].money == 2 and st.players[1].money == 0
    check_money_is_explained(st)


# -------------------------------------------------------------------------------- workers
def test_card_1_hires_the_cheapest_worker_preferring_its_specialization():
    """§2.18 card 1: the cheapest open row; its specialization if that row holds one."""
    st = scenario(options=SOLO)
    set_jobs(st, [["cowboy", "cowboy"], ["cowboy", "cowboy"], ["craftsman", "cowboy"],
                  ["cowboy", "engineer"], ["cowboy"]])  # costs 6, 6, 7, 5; row 5 holds the token
    garth_turn(st, 1, spec="engineer")
    assert st.jobs[3] == ["cowboy", None]
    assert st.players[1].workers == [1, 1, 2] and st.players[1].money == 0


def test_card_6_hires_the_most_common_kind_without_its_specialization():
    """§2.18 card 6: no worker of its specialization: the kind most common in the open rows, from
    the cheapest row holding it; the specialization follows the larger count ([B])."""
    st = scenario(options=SOLO)
    set_jobs(st, [["cowboy", "craftsman"], ["craftsman", "cowboy"], ["craftsman", "cowboy"],
                  ["craftsman"]], token_row=5)
    garth_turn(st, 6, spec="engineer")
    assert st.players[1].workers == [1, 2, 1]
    assert st.jobs[3] == [None]  # row 4 costs $5, the cheapest holding a builder
    assert st.garth[1]["specialization"] == "craftsman"


# ------------------------------------------------------------------------------- railroad
def test_card_2_moves_the_engine_to_a_new_station_and_takes_its_master():
    """§2.18 card 2: up to its engineers forward, a station it has not upgraded first; the
    upgrade is free; a station master there costs one of its hired engineers ([B])."""
    st = scenario(options=SOLO)
    ed = st.edition
    st.players[1].workers = [1, 1, 2]
    st.piles[1].remove("engineer")
    st.players[1].engine = ed.POS_BY_LABEL["3"]
    master = st.station_master[0]
    garth_turn(st, 2)
    assert ed.POS_LABEL[st.players[1].engine] == "4.5"  # station 1, before space 5 (farther)
    assert 1 in st.station_discs[0]
    assert st.players[1].discs[ed.GROUP_INDEX["aux1"]] == ed.DISC_GROUP_SIZES[ed.GROUP_INDEX["aux1"]] - 1
    assert st.players[1].masters == [master] and st.station_worker[0] == "engineer"
    assert st.players[1].workers == [1, 1, 1] and st.players[1].money == 0
    check(st)


# ---------------------------------------------------------------------------- trail tiles
def test_card_3_takes_the_first_objective_of_the_display():
    """§2.18 card 3 ([B] takes the first one available)."""
    st = scenario(options=SOLO)
    first = st.obj_display[0]
    garth_turn(st, 3)
    assert first in st.players[1].discard and first not in st.obj_display
    assert len(st.obj_display) == 4


def test_card_4_takes_the_teepee_of_the_highest_reward_without_money():
    """§2.18 card 4: the highest reward; Garth gains nothing but the tile."""
    st = scenario(options=SOLO)
    tiles = [t for t in st.edition.TILE if st.edition.TILE[t]["kind"] == "teepee"]
    put_tile(st, "TEEPEE-3", tiles[0])
    put_tile(st, "TEEPEE+4", tiles[1])
    garth_turn(st, 4)
    assert st.players[1].teepees == [tiles[1]]
    assert st.trail_tile[st.edition.NODE_INDEX["TEEPEE-3"]] == tiles[0]
    assert st.players[1].money == 0


def test_card_5_takes_the_best_hazard_of_the_most_common_type():
    """§2.18 card 5: the type with most tiles on the trail, its tile of most VP, free."""
    st = scenario(options=SOLO)
    put_tile(st, "DROUGHT-1", "drought_green_4")
    put_tile(st, "FLOOD-1", "flood_black_2")
    put_tile(st, "FLOOD-2", "flood_green_3")
    garth_turn(st, 5, herder="NEUTRAL-B")
    assert st.players[1].hazards == ["flood_green_3"]
    assert st.players[1].money == 0


# --------------------------------------------------------------------------------- cattle
def test_card_8_buys_the_most_vp_its_cowboys_allow():
    """§2.18 card 8: all its cowboys, the purchase of most VP, free."""
    st = scenario(options=SOLO)
    set_market(st, ["holstein", "ayrshire", "west_highland_4", "west_highland_5"])
    st.players[1].workers = [2, 1, 1]
    st.piles[1].remove("cowboy")
    garth_turn(st, 8)
    # two cowboys buy one card (a pair needs three): a value-3 card (3 VP at most) or a value-4
    # card (5 VP at most): the West Highland of 5 VP
    assert st.players[1].discard == ["west_highland_5"]
    assert sorted(st.market) == ["ayrshire", "holstein", "west_highland_4"]


def test_card_12_draws_two_into_the_market_then_buys_with_the_other_cowboys():
    """§2.18 card 12 (specialised in cowboys): 2 cattle into the market, then buy with the rest."""
    st = scenario(options=SOLO)
    set_market(st, ["holstein"])
    st.players[1].workers = [2, 1, 1]
    st.piles[1].remove("cowboy")
    top2 = st.cattle_stack[-2:]
    garth_turn(st, 12, spec="cowboy", herder="NEUTRAL-A")
    bought = [c for c in st.players[1].discard if c in st.edition.CATTLE]
    assert len(bought) == 1 and sorted(st.market + bought) == sorted(["holstein", *top2])


def test_cards_13_and_14_do_nothing_without_their_specialization():
    """§2.18 cards 13 (cowboys) and 14 (engineers): steps as shown, effect only if specialised."""
    st = scenario(options=SOLO)
    market = list(st.market)
    garth_turn(st, 13, spec="craftsman")
    assert st.market == market and st.players[1].engine == 0


# ------------------------------------------------------------------------------ buildings
def test_card_9_builds_on_the_first_free_space_ahead_of_the_next_player():
    """§2.18 card 9: the biggest building its builders allow (its tiles are all side b), on the
    first empty non-risk building space ahead of the next player's herder, free."""
    st = scenario(options=SOLO)
    st.players[0].herder = st.edition.NODE_INDEX["NEUTRAL-A"]
    put_building(st, "A-1", "1a", owner=0)
    st.players[1].workers = [1, 2, 1]
    st.piles[1].remove("craftsman")
    garth_turn(st, 9, herder="NEUTRAL-B")
    placed = {st.edition.NODES[n]: st.trail_tile[n] for n in st.edition.PRIVATE_SPACES if st.trail_owner[n] == 1}
    # 2 builders: 3b or 4b (both need 2); 4b charges others a fee ($2), 3b none
    assert placed == {"A-2": "4b"}
    assert st.players[1].money == 0


def test_card_10_moves_by_the_most_buildings_and_builds_only_if_specialised():
    """§2.18 card 10: steps = max(1, the most buildings any player has); build if builders."""
    st = scenario(options=SOLO)
    assert garth.card_steps(st, 1, 10) == 1
    put_building(st, "B-1", "1a", owner=0)
    put_building(st, "B-2", "2a", owner=0)
    assert garth.card_steps(st, 1, 10) == 2
    garth_turn(st, 10, spec="engineer", herder="NEUTRAL-A")
    assert st.players[1].buildings == [f"{k}b" for k in st.edition.PRIVATE_NUMBERS]


# ---------------------------------------------------------------------------- Kansas City
@pytest.mark.parametrize("game,difficulty,first", [
    ("gwt", "easy", "wichita"), ("gwt", "medium", "colorado_springs"), ("gwt", "hard", "albuquerque"),
    ("gwt-2e", "easy", "st_louis"), ("gwt-2e", "medium", "bloomington"), ("gwt-2e", "very-hard", "chicago")])
def test_delivery_city_by_difficulty_then_the_lowest_above(game, difficulty, first):
    """§2.18: the first delivery to the difficulty's city; later ones to the lowest city above it
    not yet delivered to; the terminal city (repeatable) when none is left."""
    st = scenario(game=game, options={"garth": {"1": difficulty}})
    ed = st.edition
    assert ed.CITY_IDS[garth.delivery_city(st, 1)] == first
    st.city_discs[ed.CITY_INDEX[first]].append(1)
    above = [c for c in ed.CITIES if c["value"] > ed.CITIES[ed.CITY_INDEX[first]]["value"]]
    assert ed.CITY_IDS[garth.delivery_city(st, 1)] == above[0]["id"]
    for c in above[:-1]:
        st.city_discs[ed.CITY_INDEX[c["id"]]].append(1)
    assert garth.delivery_city(st, 1) == len(ed.CITIES) - 1


def test_kansas_city_turn_delivers_free_and_goes_home():
    """§2.18: a move ending in Kansas City: foresight at random, delivery at no cost, home."""
    st = scenario(game="gwt-2e", options={"garth": {"1": "easy"}})
    ed = st.edition
    garth_turn(st, 7, herder="NEUTRAL-G")  # 2 steps: Kansas City ends the move
    assert 1 in st.city_discs[ed.CITY_INDEX["st_louis"]]
    assert st.players[1].herder == ed.START and st.players[1].money == 0
    assert st.current == 0
    check(st)


# --------------------------------------------------------------------------------- scoring
def test_score_leaves_out_money_step_disc_masters_and_counts_objectives_in_full():
    """§2.18: Garth's score ignores money, the 3-VP step disc and station masters, counts every
    objective card it holds at full value; first edition: San Francisco discs at 6."""
    st = scenario(options=SOLO)
    ed = st.edition
    p = st.players[1]
    p.money = 50
    p.discs[ed.G_STEP_VP] -= 1
    st.city_discs[len(ed.CITIES) - 1].append(1)
    card = st.obj_display.pop()
    p.discard.append(card)
    from gametable.games.gwt.scoring import score_breakdown
    score = score_breakdown(st, 1)
    assert score["money"] == 0 and score["step_disc"] == 0 and score["station_masters"] == 0
    assert score["objectives"] == ed.OBJECTIVE[card]["vp"] + ed.OBJECTIVE[p.objectives[0]]["vp"]
    assert score["cities"] == 6


def test_empty_deck_is_reshuffled_from_the_discard_pile():
    """[B] execute: an empty draw pile is made again from the shuffled discard pile."""
    st = scenario(options=SOLO)
    g = st.garth[1]
    g["discard"] = [c for c in g["deck"] if c != 5]
    g["deck"] = [5]
    garth_turn(st, 5, herder="NEUTRAL-B")
    assert g["deck"] == [] and len(g["discard"]) == 15
    st.current = 1
    refresh(st)
    st.apply(1, {"type": "garth"})
    assert len(g["deck"]) == 14 and len(g["discard"]) == 1


def test_view_shows_revealed_cards_but_not_the_deck_order():
    """Hidden information: Garth's draw pile is face down (its size only)."""
    st = scenario(options=SOLO)
    view = st.view(0)["garth"]
    assert view[0] is None and view[1]["deck_size"] == 15 and "deck" not in view[1]


# ------------------------------------------------------------------------------- random games
def _check_with_garth(st) -> None:
    """The conservation invariants; the workers Garth starts with come from outside the supply
    ([B]), and every dollar is in the log, where what Garth pays others is new money (its
    money is unlimited: it never pays, so its own money never falls)."""
    check(st)
    check_money_is_explained(st)


@pytest.mark.parametrize("game", ["gwt", "gwt-2e"])
@pytest.mark.parametrize("difficulty", garth.DIFFICULTIES)
def test_random_games_with_garth_end_and_keep_the_invariants(game, difficulty):
    options = {"garth": {"1": difficulty}}
    state, _ = play_checked(get(game), 2, seed=len(difficulty), options=options, invariant=_check_with_garth)
    assert state.is_over()
    for score in state.result()["scores"]:
        assert score["total"] == sum(score["breakdown"].values())


@pytest.mark.parametrize("game", ["gwt", "gwt-2e"])
def test_games_of_garth_seats_only_and_of_four_players_end(game):
    for players, options in ((2, {"garth": {"0": "easy", "1": "very-hard"}}),
                             (4, {"garth": {"1": "medium", "3": "hard"}})):
        state, _ = play_checked(get(game), players, seed=5, options=options, invariant=_check_with_garth)
        assert state.is_over()


def test_round_trip_and_clone_with_garth():
    assert_json_round_trip_and_clone(get("gwt-2e"), 2, seed=4, every=7, options=SOLO)


def test_determinize_deals_garths_hidden_deck_again_and_keeps_the_view():
    """Hidden information: a search bot's sample keeps the seat's view, and Garth's face-down
    cards are the same cards in another order."""
    from gametable.engine import Rng
    st = get("gwt-2e").new(2, 9, {"garth": {"1": "very-hard"}})
    sample = st.determinize(0, Rng(5))
    assert sample.view(0) == st.view(0)
    assert sorted(sample.garth[1]["deck"]) == sorted(st.garth[1]["deck"])
    assert sample.garth[1]["deck"] != st.garth[1]["deck"]


def test_garths_turn_is_an_undo_barrier():
    """Revealing a card from Garth's face-down deck reveals information (docs/rules-decisions.md)."""
    st = scenario(options=SOLO)
    st.current = 1
    refresh(st)
    marker = st.reveal_marker()
    st.apply(1, {"type": "garth"})
    assert st.reveal_marker() != marker
