"""Guided first games over the API (issue 25; rooms/learning.py, learn_api.py): a signed-in
player starts a private table dealt from the guide's seed, the opponent seat plays the written
moves, and every step of the lesson is offered to the learner at the seq the guide says, so the
whole lesson plays through the real table (the engine checks every action)."""

from __future__ import annotations

import pytest

from gametable import learn
from gametable.server import Settings
from tests.server.test_players import Browser

GUIDED = ["catan-on-the-road", "gwt", "gwt-2e"]


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_pause=0.0, rate_limits=False)


def test_the_guides_are_listed_and_an_unknown_game_has_none(api):
    assert api.http.get("/api/learn").json() == GUIDED
    steps = api.http.get("/api/learn/gwt").json()
    assert steps["learner"] == 0 and steps["length"] == len(learn.guide("gwt").steps)
    assert [s["seq"] for s in steps["steps"]] == [s["seq"] for s in learn.guide("gwt").lesson_steps()]
    missing = api.http.get("/api/learn/chess")
    assert missing.status_code == 404 and "gwt" in missing.json()["detail"]


def test_a_guide_needs_a_player_and_its_bot_level_is_not_offered_to_tables(api, live):
    assert api.http.post("/api/learn/gwt").status_code == 401
    refused = api.http.post("/api/tables", json={"game": "gwt", "players": 2, "bots": [1], "name": "Ann",
                                                 "options": {}, "bot_level": "guide"})
    assert refused.status_code == 400 and "guide" in refused.json()["detail"]
    assert "guide" not in api.http.get("/api/bots").json()["levels"]


@pytest.mark.parametrize("game", GUIDED)
def test_the_whole_lesson_plays_through_a_real_table(live, game):
    guide = learn.guide(game)
    with Browser(live.url) as ann:
        ann.become("Ann")
        started = ann.http.post(f"/api/learn/{game}")
        assert started.status_code == 201, started.text
        table_id = started.json()["id"]
        for step in guide.lesson_steps():
            snapshot = ann.wait_until(table_id, None, lambda t: t["seq"] >= step["seq"], timeout=60)
            assert snapshot["seq"] == step["seq"], "the opponent did not play the written moves"
            assert snapshot["you"] == learn.LEARNER and step["action"] in snapshot["legal_actions"]
            ann.act_ok(table_id, None, step["seq"], step["action"])
        after = ann.wait_until(table_id, None, lambda t: t["seq"] >= len(guide.steps), timeout=60)
        # the lesson is over on the learner's own decision; the game goes on
        assert after["seq"] == len(guide.steps) and after["status"] == "playing" and after["legal_actions"]
        # the table is the player's: My tables lists it (leave and come back)
        assert table_id in [t["id"] for t in ann.my_tables()]
