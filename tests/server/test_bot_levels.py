"""Bot levels at the table: chosen when the table is created, stored with it, played by the
server's bot runner."""

from __future__ import annotations

import pytest

from gametable import bots
from gametable.engine import replay
from tests.server.conftest import CATALOG
from tests.server.helpers import auth, play_to_end


@pytest.fixture
def database_url(tmp_path) -> str:
    """This file's servers on SQLite only (the levels do not depend on the database): the strong
    bots' tables, still playing when a test ends, would otherwise stay in the run's shared
    PostgreSQL schema, and every later server on it would resume them and think for minutes."""
    return f"sqlite:///{tmp_path / 'gametable.sqlite3'}"


def test_the_server_lists_its_bot_levels(api):
    garth = ["garth-easy", "garth-medium", "garth-hard", "garth-very-hard"]
    assert api.http.get("/api/bots").json() == {"levels": ["random", "basic", "good", "strong", *garth],
                                                "default": "basic",
                                                "games": {level: ["gwt", "gwt-2e"] for level in garth}}


def test_a_new_table_gets_the_best_level_unless_it_names_one(api):
    default = api.create(game="gwt", players=2, bots=[1])
    assert api.table(default["id"], default["token"])["bot_level"] == bots.default_level()
    chosen = api.create(game="gwt", players=2, bots=[1], bot_level="random")
    assert api.table(chosen["id"], chosen["token"])["bot_level"] == "random"


def test_an_unknown_level_is_refused_with_the_levels_to_choose_from(api):
    response = api.http.post("/api/tables", json={"game": "gwt", "players": 2, "bots": [1],
                                                  "bot_level": "grandmaster"})
    assert response.status_code == 400
    assert "grandmaster" in response.text and "random, basic, good, strong" in response.text


@pytest.mark.parametrize("game_name", ["catan-on-the-road", "gwt"])
def test_basic_bots_play_a_whole_game_at_the_table(api, game_name):
    players = 3
    table = api.create(game=game_name, players=players, bots=[1, 2], bot_level="basic")
    final = play_to_end(api, table["id"], {0: table["token"]}, seed=7)
    assert final["status"] == "finished" and final["bot_level"] == "basic"
    data = api.http.get(f"/api/tables/{table['id']}/log").json()
    assert {a["seat"] for a in data["actions"]} >= {1, 2}
    state = replay(CATALOG.get(game_name), players, data["seed"], data["options"],
                   [(a["seat"], a["action"]) for a in data["actions"]])
    assert state.result() == final["result"]


@pytest.mark.parametrize("game_name", ["gwt", "gwt-2e"])
def test_a_solo_table_against_garth_plays_to_the_end_with_the_engine_option(api, game_name):
    """Issue 27: a garth level's bot seats are Garth's (engine option ``garth``), stored with the
    table, so its log replays to the same result."""
    table = api.create(game=game_name, players=2, bots=[1], bot_level="garth-very-hard")
    final = play_to_end(api, table["id"], {0: table["token"]}, seed=3)
    assert final["status"] == "finished" and final["bot_level"] == "garth-very-hard"
    data = api.http.get(f"/api/tables/{table['id']}/log").json()
    assert data["options"]["garth"] == {"1": "very-hard"}
    assert {a["action"]["type"] for a in data["actions"] if a["seat"] == 1} == {"garth"}
    state = replay(CATALOG.get(game_name), 2, data["seed"], data["options"],
                   [(a["seat"], a["action"]) for a in data["actions"]])
    assert state.result() == final["result"]


def test_a_garth_level_is_refused_for_a_game_garth_does_not_play(api):
    response = api.http.post("/api/tables", json={"game": "catan-on-the-road", "players": 2, "bots": [1],
                                                  "bot_level": "garth-easy"})
    assert response.status_code == 400 and "gwt" in response.text


@pytest.mark.parametrize("game_name", ["catan-on-the-road", "gwt"])
def test_strong_bots_think_in_worker_processes_and_play_on(api, game_name):
    """Both seats are strong bots (the creator hands its seat over): the server plays them, in
    its worker processes, through the commit path."""
    assert bots.searches("strong", game_name)
    table = api.create(game=game_name, players=2, bots=[1], bot_level="strong")
    handed = api.http.post(f"/api/tables/{table['id']}/seats/0/bot", headers=auth(table["token"]))
    assert handed.status_code == 204, handed.text
    # every move goes through the commit path, which refuses an illegal one
    moved = api.wait_until(table["id"], None, lambda t: t["seq"] >= 2, timeout=120)
    assert moved["bot_level"] == "strong" and moved["status"] == "playing"
