"""Issue 26 (part a), finding people: open tables, friends, game history, statistics and
leaderboards through the HTTP API. Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import update

from gametable.server import friends, models, profiles
from gametable.server.open_tables import LISTED_HOURS
from gametable.server.live_table import now_ms
from tests.server.conftest import start_server
from tests.server.test_players import SHORT, WIN_FOR_SEAT_0, Browser, browsers, play  # noqa: F401 (a fixture)


def _listed(browser: Browser, **more) -> dict:
    body = {"game": "toy", "players": 2, "name": "Ann", "options": SHORT, "listed": True, **more}
    response = browser.http.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def _open(browser: Browser, mine: list[dict], **query) -> list[dict]:
    """The open tables among ``mine`` (PostgreSQL's schema holds the other tests' tables too),
    in the answer's order."""
    response = browser.http.get("/api/open-tables", params=query)
    assert response.status_code == 200, response.text
    ids = {table["id"] for table in mine}
    return [table for table in response.json()["tables"] if table["id"] in ids]


def _finish(ann: Browser, bob: Browser, table_id: str) -> None:
    play(ann, table_id, WIN_FOR_SEAT_0[:1])
    play(bob, table_id, WIN_FOR_SEAT_0[1:2])
    play(ann, table_id, WIN_FOR_SEAT_0[2:])


# -- open tables -----------------------------------------------------------------------------

def test_listed_tables_with_a_free_seat_are_open_newest_first_and_leave_when_full(browsers):
    ann, bob = browsers(), browsers()
    ann.become("Ann", "fa")
    unlisted = ann.create(players=2, options=SHORT)
    first = _listed(ann)
    second = _listed(ann, players=3, lang="pt", clock={"kind": "turn", "per_move_s": 3600})
    mine = [unlisted, first, second]
    found = _open(bob, mine)
    assert [t["id"] for t in found] == [second["id"], first["id"]]
    newest = found[0]
    assert newest["game"] == "toy" and newest["players"] == 3 and newest["seats_taken"] == 1
    assert newest["lang"] == "pt" and found[1]["lang"] == "fa"  # the player's language by default
    assert newest["clock"]["kind"] == "turn" and newest["options"]["pile"] == 5
    assert newest["url"].endswith(f"/t/{second['id']}") and newest["age_s"] >= 0
    assert set(newest) == {"id", "url", "game", "options", "clock", "players", "seats_taken", "lang",
                           "created_ms", "age_s"}  # no seat names, tokens or players' ids
    assert [t["id"] for t in _open(bob, mine, lang="fa")] == [first["id"]]
    assert [t["id"] for t in _open(bob, mine, game="toy", lang="pt")] == [second["id"]]
    assert _open(bob, mine, game="catan-on-the-road") == []
    # joining from the list is the join by link; a full table leaves the list
    bob.become("Bob")
    bob.join(first["id"])
    assert [t["id"] for t in _open(bob, mine)] == [second["id"]]


def test_abandoned_or_finished_tables_leave_the_list(browsers, live):
    ann, bob = browsers(), browsers()
    ann.become("Ann")
    old, left, played = _listed(ann, players=3), _listed(ann, players=3), _listed(ann)
    bob.become("Bob")
    bob.join(played["id"])
    _finish(ann, bob, played["id"])
    ann.http.post(f"/api/tables/{left['id']}/seats/0/bot", headers={"Authorization": f"Bearer {left['token']}"})
    store = live.manager.store
    with store.engine.begin() as conn:  # opened longer ago than a listed table waits
        conn.execute(update(models.tables).where(models.tables.c.id == old["id"])
                     .values(created_ms=now_ms() - LISTED_HOURS * 3_600_000 - 1000))
    assert _open(bob, [old, left, played]) == []


def test_open_tables_refuse_a_bad_filter(browsers):
    bob = browsers()
    assert bob.http.get("/api/open-tables", params={"lang": "xx"}).status_code == 422
    assert bob.http.get("/api/open-tables", params={"game": "g" * 65}).status_code == 422
    response = bob.http.post("/api/tables", json={"game": "toy", "players": 2, "listed": "yes"})
    assert response.status_code == 422


# -- friends ---------------------------------------------------------------------------------

def test_friends_are_added_listed_with_their_tables_and_removed(browsers):
    ann, bob, cy = browsers(), browsers(), browsers()
    a, b = ann.become("Ann")["id"], bob.become("Bob")["id"]
    cy.become("Cy")
    assert ann.http.post("/api/me/friends", json={"player_id": b}).json() == {"added": True}
    again = ann.http.post("/api/me/friends", json={"player_id": b})
    assert again.status_code == 201 and again.json() == {"added": False}
    table = bob.create(players=2, options=SHORT)
    friends = ann.http.get("/api/me/friends").json()["friends"]
    assert [f["id"] for f in friends] == [b]
    assert friends[0]["name"] == "Bob" and friends[0]["online"] is True
    assert [t["id"] for t in friends[0]["tables"]] == [table["id"]]
    assert set(friends[0]) == {"id", "name", "online", "tables"}  # never an e-mail or a session
    assert bob.http.get("/api/me/friends").json() == {"friends": []}  # one way: Bob has not added Ann
    assert ann.http.delete(f"/api/me/friends/{b}").status_code == 204
    assert ann.http.delete(f"/api/me/friends/{b}").status_code == 404
    assert ann.http.get("/api/me/friends").json() == {"friends": []}
    assert ann.http.post("/api/me/friends", json={"player_id": a}).status_code == 400
    assert ann.http.post("/api/me/friends", json={"player_id": "nobody"}).status_code == 404
    assert ann.http.post("/api/me/friends", json={"player_id": "bad id!"}).status_code == 422
    assert ann.http.post("/api/me/friends", json={"player_id": b, "x": 1}).status_code == 422


def test_friends_need_a_session(browsers):
    stranger = browsers()
    assert stranger.http.get("/api/me/friends").status_code == 401
    assert stranger.http.post("/api/me/friends", json={"player_id": "abc"}).status_code == 401
    assert stranger.http.delete("/api/me/friends/abc").status_code == 401


def test_a_creator_invites_friends_whose_my_tables_show_the_kept_seat(browsers):
    ann, bob, cy = browsers(), browsers(), browsers()
    ann.become("Ann")
    b, c = bob.become("Bob")["id"], cy.become("Cy")["id"]
    ann.http.post("/api/me/friends", json={"player_id": b})
    table = _listed(ann, players=3, invite=[b])
    mine = bob.my_tables()
    assert [(t["id"], t["invited"]) for t in mine] == [(table["id"], 1)]
    # seat 1 is kept for Bob: a newcomer from the list takes seat 2, Bob his own
    assert [t["id"] for t in _open(cy, [table])] == [table["id"]]
    assert cy.join(table["id"])["seat"] == 2
    assert _open(cy, [table]) == []
    assert bob.join(table["id"])["seat"] == 1
    refused = ann.http.post("/api/tables", json={"game": "toy", "players": 2, "invite": [c]})
    assert refused.status_code == 403, refused.text  # Cy is no friend of Ann's
    too_many = ann.http.post("/api/tables", json={"game": "toy", "players": 2, "bots": [1], "invite": [b]})
    assert too_many.status_code == 400 and "open seats" in too_many.text
    twice = ann.http.post("/api/tables", json={"game": "toy", "players": 3, "invite": [b, b]})
    assert twice.status_code == 400
    anonymous = browsers().http.post("/api/tables", json={"game": "toy", "players": 2, "invite": [b]})
    assert anonymous.status_code == 403


# -- profiles and leaderboards ---------------------------------------------------------------

def test_history_stats_and_rating_chart_of_finished_games(browsers):
    ann, bob = browsers(), browsers()
    a, b = ann.become("Ann")["id"], bob.become("Bob")["id"]
    tables = []
    for _ in range(3):
        table = ann.create(players=2, options=SHORT)
        bob.join(table["id"])
        _finish(ann, bob, table["id"])
        tables.append(table["id"])
    running = ann.create(players=2, options=SHORT)  # unfinished: in no history
    page = bob.http.get(f"/api/players/{a}/games", params={"limit": 2}).json()
    assert [g["table_id"] for g in page["games"]] == tables[::-1][:2] and page["next_offset"] == 2
    rest = bob.http.get(f"/api/players/{a}/games", params={"offset": 2, "limit": 2}).json()
    assert [g["table_id"] for g in rest["games"]] == [tables[0]] and rest["next_offset"] is None
    assert running["id"] not in {g["table_id"] for g in page["games"] + rest["games"]}
    game = page["games"][0]
    assert game["won"] is True and game["place"] == 1 and game["seat"] == 0 and game["score"] == 1
    assert [(s["name"], s["player_id"]) for s in game["seats"]] == [("Ann", a), ("Bob", b)]
    lost = bob.http.get(f"/api/players/{b}/games").json()["games"][0]
    assert lost["won"] is False and lost["place"] == 2

    stats = {s["game"]: s for s in bob.http.get(f"/api/players/{a}/stats").json()["games"]}["toy"]
    assert stats["games"] == 3 and stats["wins"] == 3 and stats["average_score"] == 1
    assert stats["average_by_category"] == {"last_token": 1}
    # a game's first move has no action before it to time from: her last move of each game counts
    assert stats["moves"] == 3 and stats["average_move_s"] >= 0
    ratings = [point["rating"] for point in stats["ratings"]]
    assert len(ratings) == 3 and ratings == sorted(ratings) and ratings[0] > 1500  # she won each
    bob_stats = bob.http.get(f"/api/players/{b}/stats").json()["games"][0]
    assert bob_stats["wins"] == 0 and bob_stats["moves"] == 3
    assert [p["rating"] for p in bob_stats["ratings"]] == sorted((p["rating"] for p in bob_stats["ratings"]),
                                                                 reverse=True)


def test_profiles_refuse_unknown_players_and_bad_pages(browsers):
    bob = browsers()
    assert bob.http.get("/api/players/nobody/games").status_code == 404
    assert bob.http.get("/api/players/nobody/stats").status_code == 404
    assert bob.http.get("/api/players/bad%20id/stats").status_code == 404
    b = bob.become("Bob")["id"]
    assert bob.http.get(f"/api/players/{b}/games").json() == {"games": [], "next_offset": None}
    assert bob.http.get(f"/api/players/{b}/stats").json() == {"games": []}
    for query in ({"limit": 0}, {"limit": profiles.GAMES_PAGE_MAX + 1}, {"offset": -1}):
        assert bob.http.get(f"/api/players/{b}/games", params=query).status_code == 422, query


def test_the_leaderboard_lists_players_with_five_rated_games_best_first(browsers):
    ann, bob, cy = browsers(), browsers(), browsers()
    a, b = ann.become("Ann")["id"], bob.become("Bob")["id"]
    c = cy.become("Cy")["id"]
    for game_no in range(profiles.LEADERBOARD_MIN_GAMES):
        table = ann.create(players=2, options=SHORT)
        bob.join(table["id"])
        _finish(ann, bob, table["id"])
        if game_no == 0:  # Cy plays once: too few games to be listed
            other = cy.create(players=2, options=SHORT)
            ann.join(other["id"])
            _finish(cy, ann, other["id"])
    board = cy.http.get("/api/leaderboards/toy").json()
    assert board["game"] == "toy" and board["min_games"] == 5 and board["next_offset"] is None
    listed = board["players"]
    assert [p["place"] for p in listed] == list(range(1, len(listed) + 1))
    assert [p["rating"] for p in listed] == sorted((p["rating"] for p in listed), reverse=True)
    ours = [p for p in listed if p["player_id"] in (a, b, c)]  # (the schema may hold others' players)
    assert [(p["player_id"], p["name"], p["games"]) for p in ours] == [(a, "Ann", 6), (b, "Bob", 5)]
    shown = {r["game"]: r["displayed"] for r in cy.http.get(f"/api/players/{a}").json()["ratings"]}
    assert ours[0]["rating"] == shown["toy"]  # the scale pages show (1500 + 48 (mu - 25))
    page = cy.http.get("/api/leaderboards/toy", params={"limit": 1, "offset": 1}).json()
    assert page["players"] == listed[1:2] and page["next_offset"] == (2 if len(listed) > 2 else None)
    assert cy.http.get("/api/leaderboards/no-such-game").status_code == 404
    assert cy.http.get("/api/leaderboards/" + "g" * 65).status_code == 404  # breaks the path's rule
    assert cy.http.get("/api/leaderboards/toy", params={"limit": 101}).status_code == 422


def test_the_new_endpoints_count_against_the_rate_limits(settings):
    server = start_server(dataclasses.replace(settings, rate_limits=True, rate_read="2/minute",
                                              rate_join="2/minute", rate_player="5/minute"))
    try:
        ann = Browser(server.url)
        ann.become("Ann")
        assert [ann.http.get("/api/open-tables").status_code for _ in range(3)] == [200, 200, 429]
        statuses = [ann.http.post("/api/me/friends", json={"player_id": "nobody"}).status_code for _ in range(3)]
        assert statuses == [404, 404, 429]
        assert ann.http.get("/api/leaderboards/toy").status_code == 429
    finally:
        ann.http.close()
        server.stop()


def test_a_player_has_at_most_the_friends_limit(browsers, monkeypatch):
    monkeypatch.setattr(friends, "FRIENDS_MAX", 2)
    ann = browsers()
    ann.become("Ann")
    others = [browsers().become(name)["id"] for name in ("Bob", "Cy", "Di")]
    assert [ann.http.post("/api/me/friends", json={"player_id": p}).status_code for p in others] == [201, 201, 409]
    assert "remove one" in ann.http.post("/api/me/friends", json={"player_id": others[2]}).json()["detail"]
    ann.http.delete(f"/api/me/friends/{others[0]}")
    assert ann.http.post("/api/me/friends", json={"player_id": others[2]}).status_code == 201
