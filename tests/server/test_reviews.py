"""The search bot's help over the API (issue 25): the review of a finished table (who may ask,
its progress, the stored answer, a restart) and hints on friendly tables (who may ask, never
rated). A tiny review effort keeps the reviews to a second or two; the review's judgement has
its own tests (tests/review)."""

from __future__ import annotations

import json
import time

import pytest
from sqlalchemy import select, update

from gametable.server import Settings, models
from gametable.server.live_table import now_ms
from tests.server.conftest import start_server
from tests.server.helpers import Api, auth
from tests.server.test_players import SHORT, WIN_FOR_SEAT_0, Browser, _ratings, play

DECISION_KEYS = {"seq", "seat", "played", "best", "loss_vp", "win_chance_before", "win_chance_after", "mark"}


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_pause=0.0, rate_limits=False, review_effort=0.01)


def finished_catan(api: Api) -> dict:
    """A two-player CATAN: On the Road game the basic bots play to its end (the creator hands
    their seat to the bot): its table as created."""
    table = api.create("catan-on-the-road", 2, bots=[1], bot_level="basic")
    response = api.http.post(f"/api/tables/{table['id']}/seats/0/bot", headers=auth(table["token"]))
    assert response.status_code == 204, response.text
    api.wait_until(table["id"], None, lambda t: t["status"] == "finished", timeout=120)
    return table


def review_done(api: Api, table_id: str, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        response = api.http.get(f"/api/tables/{table_id}/analysis")
        assert response.status_code == 200, response.text
        review = response.json()
        assert review["status"] in ("queued", "running", "done"), review
        if review["status"] == "done":
            return review
        assert 0 <= review["progress"] <= 1 and review["decisions"] == []
        assert time.monotonic() < deadline, f"the review did not finish: {review}"
        time.sleep(0.1)


def test_anyone_may_start_the_review_of_a_finished_game_once_and_read_it(api, live):
    table = finished_catan(api)
    path = f"/api/tables/{table['id']}/analysis"
    assert api.http.get(path).status_code == 404  # nobody asked yet
    stranger = Api(live.url)  # no seat, no session: a spectator may see the replay, so the review
    try:
        first = stranger.http.post(path)
        assert first.status_code == 202, first.text
        assert first.json()["status"] in ("queued", "running", "done")
        again = stranger.http.post(path)  # idempotent: the same review, not a second one
        assert again.status_code == 202
    finally:
        stranger.http.close()
    review = review_done(api, table["id"])
    log = api.http.get(f"/api/tables/{table['id']}/log").json()
    assert review["progress"] == 1.0 and len(review["seats"]) == 2
    assert [d["seq"] for d in review["decisions"]] == sorted(d["seq"] for d in review["decisions"])
    assert review["decisions"], "a whole game has decisions"
    for decision in review["decisions"]:
        assert set(decision) == DECISION_KEYS
        logged = log["actions"][decision["seq"] - 1]
        assert (decision["seat"], decision["played"]) == (logged["seat"], logged["action"])
    # stored: what the store holds is what is served, byte for byte
    with live.manager.store.engine.connect() as conn:
        row = conn.execute(select(models.table_reviews).where(
            models.table_reviews.c.table_id == table["id"])).mappings().one()
    assert row["status"] == "done" and api.http.get(path).text == row["review"]
    assert json.loads(row["review"]) == review
    # asking once more after it is done changes nothing
    assert api.http.post(path).json() == review


def test_a_running_game_a_strangers_token_and_no_table_are_refused(api):
    running = api.create("catan-on-the-road", 2, bots=[1], bot_level="basic")
    path = f"/api/tables/{running['id']}/analysis"
    refused = api.http.post(path)
    assert refused.status_code == 409 and "once the game is over" in refused.json()["detail"]
    assert api.http.get(path).status_code == 404
    other = api.create("toy", 2, options=SHORT)
    assert api.http.post(path, headers=auth(other["token"])).status_code == 403
    assert api.http.post("/api/tables/no-such-table/analysis").status_code == 404


def test_a_game_without_a_search_cannot_be_reviewed(api):
    table = api.create("toy", 2, options=SHORT)
    joined = api.join(table["id"])
    tokens = {0: table["token"], 1: joined["token"]}
    play(api, table["id"], WIN_FOR_SEAT_0, tokens)
    refused = api.http.post(f"/api/tables/{table['id']}/analysis")
    assert refused.status_code == 409 and "cannot review toy games" in refused.json()["detail"]


def test_a_queued_review_is_taken_up_after_a_restart(settings):
    first = start_server(settings)
    with Api(first.url) as api:
        table = finished_catan(api)
    first.stop()
    # the review was asked for and queued by a process that then stopped (its row left to the next)
    engine_url = settings.database_url
    from gametable.server.store import LogStore

    store = LogStore.from_url(engine_url)
    try:
        with store.engine.begin() as conn:
            conn.execute(models.table_reviews.insert().values(
                table_id=table["id"], status="running", progress=0.4, owner=None,
                requested_ms=now_ms(), updated_ms=now_ms()))
    finally:
        store.close()
    second = start_server(settings)
    try:
        with Api(second.url) as api:
            review = review_done(api, table["id"])
            assert review["decisions"] and len(review["seats"]) == 2
    finally:
        second.stop()


def test_a_review_whose_owner_went_quiet_is_taken_over(api, live):
    table = finished_catan(api)
    with live.manager.store.engine.begin() as conn:
        conn.execute(models.table_reviews.insert().values(
            table_id=table["id"], status="queued", progress=0.0, owner="a-process-that-died",
            requested_ms=now_ms() - 120_000, updated_ms=now_ms() - 120_000))
    reviews = live.manager.reviews
    claimed = reviews.rows.claim_orphans(reviews.owner, now_ms(), now_ms() - 60_000)
    assert claimed == [table["id"]]
    # a second look (another process) finds nothing: each orphan is claimed once
    assert reviews.rows.claim_orphans("another", now_ms(), now_ms() - 60_000) == []
    with live.manager.store.engine.begin() as conn:
        conn.execute(update(models.table_reviews).values(owner=None))


# -- hints -------------------------------------------------------------------------------------------

def test_hints_are_refused_without_hints_and_to_anyone_but_the_seat_to_act(api):
    plain = api.create("catan-on-the-road", 2, bots=[1], bot_level="basic")
    refused = api.http.get(f"/api/tables/{plain['id']}/hint", headers=auth(plain["token"]))
    assert refused.status_code == 403 and "gives no hints" in refused.json()["detail"]

    response = api.http.post("/api/tables", json={"game": "toy", "players": 2, "hints": True,
                                                  "options": SHORT})
    hinted = response.json()
    joined = api.join(hinted["id"])
    assert api.table(hinted["id"])["hints"] is True
    path = f"/api/tables/{hinted['id']}/hint"
    assert api.http.get(path).status_code == 403  # a spectator
    assert api.http.get(path, headers=auth(joined["token"])).status_code == 403  # seat 1 waits
    no_search = api.http.get(path, headers=auth(hinted["token"]))  # seat 0 acts: the toy has no search
    assert no_search.status_code == 409


def test_the_seat_to_act_gets_the_searchs_top_three_choices_with_their_final_vp(api):
    response = api.http.post("/api/tables", json={"game": "catan-on-the-road", "players": 2, "bots": [1],
                                                  "bot_level": "basic", "hints": True})
    table = response.json()
    snapshot = api.wait_until(table["id"], table["token"], lambda t: bool(t["legal_actions"]))
    hint = api.http.get(f"/api/tables/{table['id']}/hint", headers=auth(table["token"]))
    assert hint.status_code == 200, hint.text
    body = hint.json()
    assert body["seq"] == snapshot["seq"] and body["seat"] == 0
    assert 1 <= len(body["choices"]) <= 3
    for choice in body["choices"]:
        assert choice["action"] in snapshot["legal_actions"]
        assert 0 <= choice["vp"] <= 30
    assert len({json.dumps(c["action"], sort_keys=True) for c in body["choices"]}) == len(body["choices"])


def test_a_table_with_hints_is_never_rated(live):
    ann, bob = Browser(live.url), Browser(live.url)
    try:
        a = ann.become("Ann")["id"]
        bob.become("Bob")
        response = ann.http.post("/api/tables", json={"game": "toy", "players": 2, "hints": True,
                                                      "options": SHORT})
        table = response.json()
        bob.join(table["id"])
        play(ann, table["id"], WIN_FOR_SEAT_0[:1])
        play(bob, table["id"], WIN_FOR_SEAT_0[1:2])
        finished = play(ann, table["id"], WIN_FOR_SEAT_0[2:])
        assert finished["status"] == "finished"
        assert _ratings(ann, a) == {}
        # the same game without hints is rated (so the test above can fail)
        plain = ann.create(players=2, options=SHORT)
        bob.join(plain["id"])
        play(ann, plain["id"], WIN_FOR_SEAT_0[:1])
        play(bob, plain["id"], WIN_FOR_SEAT_0[1:2])
        play(ann, plain["id"], WIN_FOR_SEAT_0[2:])
        assert _ratings(ann, a)["toy"]["games"] == 1
    finally:
        ann.http.close()
        bob.http.close()


def test_hints_must_be_true_or_false():
    from gametable.server.schemas import CreateTable

    with pytest.raises(ValueError):
        CreateTable(game="toy", players=2, hints="yes")


def test_asking_for_reviews_and_hints_is_rate_limited_per_address(database_url):
    settings = Settings(database_url=database_url, bot_pause=0.0, review_effort=0.01,
                        rate_review="2/minute", rate_hint="1/minute")
    server = start_server(settings)
    try:
        with Api(server.url) as api:
            table = api.create("toy", 2, options=SHORT)
            review = f"/api/tables/{table['id']}/analysis"
            assert [api.http.post(review).status_code for _ in range(2)] == [409, 409]  # counted all the same
            limited = api.http.post(review)
            assert limited.status_code == 429 and "reviews asked for" in limited.json()["detail"]
            assert int(limited.headers["Retry-After"]) >= 1
            assert api.http.get(review).status_code == 404  # reading is a read, not a request for one
            hint = f"/api/tables/{table['id']}/hint"
            assert api.http.get(hint, headers=auth(table["token"])).status_code == 403
            assert api.http.get(hint, headers=auth(table["token"])).status_code == 429
    finally:
        server.stop()


def test_review_settings_say_what_they_must_be(monkeypatch):
    from gametable.server.config import SettingError

    monkeypatch.setenv("GAMETABLE_REVIEW_EFFORT", "0")
    with pytest.raises(SettingError, match="GAMETABLE_REVIEW_EFFORT must be a number above 0"):
        Settings.from_env()
    monkeypatch.setenv("GAMETABLE_REVIEW_EFFORT", "0.5")
    monkeypatch.setenv("GAMETABLE_REVIEW_WORKERS", "0")
    with pytest.raises(SettingError, match="GAMETABLE_REVIEW_WORKERS must be a whole number of at least 1"):
        Settings.from_env()
    monkeypatch.setenv("GAMETABLE_REVIEW_WORKERS", "2")
    assert (Settings.from_env().review_workers, Settings.from_env().review_effort) == (2, 0.5)
