"""§1 Components, counted card by card in a freshly set-up game (rule page [P]): 61 resource cards
(11 brick, 11 lumber, 14 wool, 12 grain, 13 ore), 34 building cards (10 road, 11 village, 5 city,
8 knight), 7 event cards (3 Robber and one each of Abundance, Charity, Midwinter Feast, Subsidy),
4 metropolis cards, and one starting road and village per player outside the building deck.

The shared invariant (helpers.check_cards) compares against the constants in cards.py, so these
figures are written out here from the rule page: a wrong constant fails this file.
"""

from collections import Counter

import pytest

from gametable.games.catan_road import GAME


def _resource_cards(data):
    seen = Counter(data["resource_deck"])
    seen.update({r: n for r, n in data["resource_discard"].items() if n})
    for h in data["hands"]:
        seen.update({r: n for r, n in h.items() if n})
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s1_resource_cards_61_by_type(players):
    data = GAME.new(players, 11).to_json()
    assert _resource_cards(data) == {"brick": 11, "lumber": 11, "wool": 14, "grain": 12, "ore": 13}
    assert sum(_resource_cards(data).values()) == 61


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s1_building_cards_34_by_type_starting_cards_apart(players):
    data = GAME.new(players, 12).to_json()
    cards = Counter(data["building_deck"]) + Counter(data["row"])
    assert cards == {"road": 10, "village": 11, "city": 5, "knight": 8}
    # the starting road and village lie in each player's area, not in the deck
    assert [(a["roads"], a["villages"]) for a in data["areas"]] == [(1, 1)] * players


def test_s1_event_cards_seven_by_type():
    data = GAME.new(3, 13).to_json()
    assert Counter(data["event_deck"]) == {"robber": 3, "abundance": 1, "charity": 1,
                                           "midwinter_feast": 1, "subsidy": 1}
    assert data["event_discard"] == []


def test_s1_four_metropolis_cards_and_two_unowned_bonus_cards():
    a = GAME.new(4, 14).to_json()
    b = GAME.new(4, 14, {"metropolis_side": "B"}).to_json()
    assert a["metropolis_stack"] == ["A"] * 4
    assert sorted(b["metropolis_stack"]) == sorted(
        ["draw_per_road", "longest_road_ties", "draw_per_knight", "largest_army_ties"])
    assert (a["longest_road"], a["largest_army"]) == (None, None)


def test_s1_1_the_browser_prints_the_engine_costs():
    """The web table shows costs on the cards; they must be the costs the engine charges."""
    import json
    import re
    from pathlib import Path

    from gametable.games.catan_road.cards import BUILDINGS, COSTS, names

    source = (Path(__file__).resolve().parents[3] / "src" / "gametable" / "web" / "js" / "games" / "catan"
              / "table.js").read_text(encoding="utf-8")
    block = re.search(r"const PRINTED_COSTS = \{(.*?)\};", source, re.S).group(1)
    printed = {kind: json.loads(cards) for kind, cards in re.findall(r"(\w+): (\[[^\]]*\])", block)}
    assert printed == {BUILDINGS[b]: names(COSTS[b]) for b in range(5)}
