"""Second edition, reference §1.15 (game end, final scoring as printed, ties shared) and §3
"Objective card with the terminal-city task" (New York)."""

from gametable.games.gwt.editions import SECOND as D
from gametable.games.gwt.objectives import items
from gametable.games.gwt.scoring import CATEGORIES, finish_game, score_breakdown

from .common import scenario2


def test_s3_the_terminal_city_task_counts_discs_on_new_york():
    st = scenario2()
    st.city_discs[D.CITY_INDEX["new_york"]] = [0, 0, 1]
    st.city_discs[D.CITY_INDEX["philadelphia"]] = [0]
    assert items(st, 0)["san_francisco"] == 2 and items(st, 1)["san_francisco"] == 1


def test_s1_15_eleven_categories_and_the_new_york_and_philadelphia_vp():
    st = scenario2()
    p = st.players[0]
    st.city_discs[D.CITY_INDEX["new_york"]] = [0]
    st.city_discs[D.CITY_INDEX["philadelphia"]] = [0]
    st.city_discs[D.CITY_INDEX["pittsburgh"]] = [0]
    st.city_discs[D.CITY_INDEX["kansas_city"]] = [0]
    p.discs[0] -= 1
    p.discs[2] -= 2
    p.discs[3] -= 1
    p.money = 14
    breakdown = score_breakdown(st, 0)
    assert list(breakdown) == list(CATEGORIES) and len(CATEGORIES) == 11
    # New York +9, Philadelphia +6, the Pittsburgh-Philadelphia arrow +4, Kansas City -6
    assert breakdown["cities"] == 9 + 6 + 4 - 6
    assert breakdown["money"] == 2


def test_s1_15_ties_are_shared():
    st = scenario2(players=3)
    for p in st.players:
        p.money = 10
    st.players[2].money = 4
    finish_game(st)
    result = st.result()
    assert result["winners"] == [0, 1]
    assert all(s["total"] == sum(s["breakdown"].values()) for s in result["scores"])
