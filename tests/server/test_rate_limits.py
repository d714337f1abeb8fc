"""Finding 5 of issue 13: limits on creating tables and on requests, table creation off the
event loop, and the settings that go with them."""

from __future__ import annotations

import asyncio
import dataclasses
import re
import secrets
import threading

import httpx2
import pytest
from typer.testing import CliRunner

from gametable.cli import app as cli_app
from gametable.server import Settings
from gametable.server.ratelimit import RateLimiter, Rule, TooManyRequests, request_kind, rules_from
from limits import parse_many
from gametable.server import api
from tests.server.conftest import free_port, start_server
from tests.server.helpers import Api
from tests.server.test_fanout_redis import REDIS_URL, _redis_reachable


@pytest.fixture
def limited(settings):
    """A live server whose every kind of request allows 3 per minute from one address."""
    server = start_server(dataclasses.replace(
        settings, rate_limits=True, rate_create="3/minute", rate_create_global="100/minute",
        rate_join="3/minute", rate_act="3/minute", rate_read="3/minute"))
    with Api(server.url) as api:
        yield api
    server.stop()


def _refused(response: httpx2.Response) -> int:
    """A 429 as the API promises it: Retry-After in whole seconds, and a detail saying so."""
    assert response.status_code == 429, response.text
    retry_after = int(response.headers["Retry-After"])
    assert 1 <= retry_after <= 60
    detail = response.json()["detail"]
    assert re.search(r"try again in \d+ s", detail) and "from your address" in detail, detail
    return retry_after


def test_finding_5_creating_tables_is_limited_per_address_and_answers_429_with_retry_after(limited):
    for _ in range(3):
        limited.create()
    refused = limited.http.post("/api/tables", json={"game": "toy", "players": 2, "name": "Ann"})
    _refused(refused)
    assert "creating tables" in refused.json()["detail"]


def test_finding_5_each_kind_of_request_counts_against_its_own_limit(limited):
    tables = [limited.create(players=2) for _ in range(3)]  # creating: used up
    for table in tables:  # joining has its own budget
        limited.join(table["id"])
    _refused(limited.http.post(f"/api/tables/{tables[0]['id']}/join", json={"name": "Eve"}))
    tid, token = tables[0]["id"], tables[0]["token"]
    for seq in range(3):  # acting has its own budget (a refused action still counts)
        assert limited.act(tid, token, seq, {"type": "pass"}).status_code != 429
    _refused(limited.act(tid, token, 3, {"type": "pass"}))
    for _ in range(3):  # and so has reading
        assert limited.http.get(f"/api/tables/{tid}").status_code == 200
    _refused(limited.http.get(f"/api/tables/{tid}"))
    _refused(limited.http.get("/api/games"))


def test_finding_5_a_global_limit_on_creating_tables_counts_every_address():
    limiter = RateLimiter({"create": Rule(tuple(parse_many("2/minute")), tuple(parse_many("3/minute")))})

    async def scenario() -> TooManyRequests:
        for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
            await limiter.check("create", address)
        with pytest.raises(TooManyRequests) as refused:
            await limiter.check("create", "10.0.0.4")  # a new address, but the server is full
        return refused.value

    refused = asyncio.run(scenario())
    assert refused.status_code == 429 and "on this server" in refused.detail
    assert int(refused.headers["Retry-After"]) >= 1


def test_issue_29_the_shared_cap_refuses_the_busiest_addresses_not_a_quiet_creator():
    """Busy addresses use the server's whole budget; a person creating a table now and then
    (within the quiet pace, 1 a minute here) is still let through, and not counted in it."""
    limiter = RateLimiter({"create": Rule(tuple(parse_many("10/minute")), tuple(parse_many("4/minute")),
                                          tuple(parse_many("1/minute")))})

    async def scenario() -> TooManyRequests:
        for _ in range(3):  # each busy address: its first (quiet) creation is not counted
            for address in ("10.0.0.1", "10.0.0.2"):
                await limiter.check("create", address)
        with pytest.raises(TooManyRequests) as refused:
            await limiter.check("create", "10.0.0.1")  # the busy ones used up the shared budget
        await limiter.check("create", "10.0.0.9")  # a quiet address still creates
        with pytest.raises(TooManyRequests):
            await limiter.check("create", "10.0.0.9")  # ...but not a second time this minute
        return refused.value

    assert "on this server" in asyncio.run(scenario()).detail


def test_issue_29_an_address_that_keeps_asking_after_its_refusals_is_answered_late(monkeypatch):
    """Finding 2 (floods): the first refusals of an address are answered at once; one that asks
    again and again within PERSISTENT_WITHIN seconds (not waiting for Retry-After) gets its next
    refusals REFUSAL_HOLD seconds late, and only its own; after a quiet stretch it starts afresh."""
    from gametable.server import ratelimit

    clock = [1000.0]
    held: list[float] = []

    async def recorded_sleep(seconds: float) -> None:
        held.append(seconds)

    monkeypatch.setattr(ratelimit.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(ratelimit.asyncio, "sleep", recorded_sleep)
    limiter = RateLimiter({"create": Rule(tuple(parse_many("1/hour")))})

    async def refusals(address: str, count: int) -> None:
        for _ in range(count):
            with pytest.raises(TooManyRequests):
                await limiter.check("create", address)

    async def scenario() -> None:
        await limiter.check("create", "10.0.0.1")  # allowed: never held
        await refusals("10.0.0.1", ratelimit.REFUSALS_ANSWERED_AT_ONCE)
        assert held == []
        await refusals("10.0.0.1", 2)
        assert held == [ratelimit.REFUSAL_HOLD] * 2
        await limiter.check("create", "10.0.0.2")  # another address: its own count
        await refusals("10.0.0.2", 1)
        assert len(held) == 2
        clock[0] += ratelimit.PERSISTENT_WITHIN + 1  # a quiet stretch: answered at once again
        await refusals("10.0.0.1", ratelimit.REFUSALS_ANSWERED_AT_ONCE)
        assert len(held) == 2
        await refusals("10.0.0.1", 1)
        assert len(held) == 3

    asyncio.run(scenario())


@pytest.mark.skipif(not _redis_reachable(), reason=f"no Redis at {REDIS_URL}")
def test_finding_5_processes_sharing_redis_share_the_limits():
    rules = {"act": Rule(tuple(parse_many("2/minute")))}
    address = f"test-{secrets.token_hex(8)}"  # a key of its own in the shared Redis

    async def scenario() -> None:
        first, second = RateLimiter(rules, REDIS_URL), RateLimiter(rules, REDIS_URL)
        try:
            await first.check("act", address)
            await second.check("act", address)
            with pytest.raises(TooManyRequests):
                await first.check("act", address)
            with pytest.raises(TooManyRequests):
                await second.check("act", address)
        finally:
            await first.close()
            await second.close()

    asyncio.run(scenario())


def test_finding_5_limits_fall_back_to_this_process_when_redis_cannot_be_reached():
    rules = {"act": Rule(tuple(parse_many("2/minute")))}

    async def scenario() -> None:
        limiter = RateLimiter(rules, "redis://127.0.0.1:1/0")  # nothing listens there
        try:
            await limiter.check("act", "10.0.0.1")
            await limiter.check("act", "10.0.0.1")
            with pytest.raises(TooManyRequests):
                await limiter.check("act", "10.0.0.1")
        finally:
            await limiter.close()

    asyncio.run(scenario())


def test_finding_5_every_route_that_writes_has_its_own_kind_of_limit():
    """The kinds come from the routes' paths: a renamed path must not turn creating into reading."""
    kinds = {}
    for route in api.router.routes:
        for method in getattr(route, "methods", ()) or ():
            if route.path.startswith("/api/") and method == "POST":
                scope = {"type": "http", "method": method, "route": route, "headers": []}
                kinds[route.path] = request_kind(_FakeRequest(scope))
    assert kinds == {"/api/tables": "create", "/api/tables/{table_id}/join": "join",
                     "/api/tables/{table_id}/seats/{seat}/bot": "join",
                     "/api/tables/{table_id}/undo": "act",
                     "/api/tables/{table_id}/seats/{seat}/take-back": "join",
                     "/api/tables/{table_id}/actions": "act",
                     # a chat message also counts against its seat's own limit (test_chat.py)
                     "/api/tables/{table_id}/chat": "act",
                     "/api/tables/{table_id}/push": "join"}


class _FakeRequest:
    def __init__(self, scope: dict) -> None:
        self.scope = scope
        self.method = scope["method"]


def test_finding_5_limits_are_on_by_default_with_a_global_limit_on_creating_tables():
    default = Settings(database_url="sqlite://")
    assert default.rate_limits and rules_from(default)["create"].per_address
    assert rules_from(default)["create"].overall  # and a global limit on creating tables


@pytest.mark.parametrize("store_call, request_while_blocked", [
    ("create_table", lambda api, open_table: api.http.post(
        "/api/tables", json={"game": "toy", "players": 2, "name": "Ann"})),
    ("claim_seat", lambda api, open_table: api.http.post(
        f"/api/tables/{open_table}/join", json={"name": "Bob"})),
])
def test_finding_5_writes_of_tables_and_seats_run_off_the_event_loop(live, store_call,
                                                                      request_while_blocked):
    """While the store is inside a slow create (an fsync, on SQLite) another table is served."""
    with Api(live.url) as api:
        other = api.create(players=2)
        open_table = api.create(players=3)["id"]
        store = live.manager.store
        original = getattr(store, store_call)
        entered, release = threading.Event(), threading.Event()

        def slow(*args, **kwargs):
            entered.set()
            release.wait(timeout=30)
            return original(*args, **kwargs)

        store.__dict__[store_call] = slow
        answers = []
        writer = threading.Thread(target=lambda: answers.append(request_while_blocked(api, open_table)))
        try:
            writer.start()
            assert entered.wait(timeout=30), "the write never reached the store"
            # The event loop is free: this is answered while the write is still under way.
            with Api(live.url) as reader:
                reader.http.timeout = httpx2.Timeout(10)
                assert reader.table(other["id"])["id"] == other["id"]
            assert writer.is_alive() and not answers
        finally:
            release.set()
            writer.join(timeout=30)
            del store.__dict__[store_call]
        assert answers[0].status_code in (200, 201), answers[0].text


runner = CliRunner()


@pytest.mark.parametrize("args, env, expected", [
    (["serve", "--idle-seconds", "0"], {}, "must be a number above 0"),
    (["serve"], {"GAMETABLE_IDLE_SECONDS": "-5"}, "must be a number above 0"),
    (["serve", "--keep-finished-days", "-1"], {}, "(GAMETABLE_KEEP_FINISHED_DAYS) must be 0 (keep forever)"),
    (["serve"], {"GAMETABLE_KEEP_ABANDONED_DAYS": "-2"}, "(GAMETABLE_KEEP_ABANDONED_DAYS) must be 0"),
    (["serve", "--rate-limits", "maybe"], {}, "--rate-limits (GAMETABLE_RATE_LIMITS) must be on or off, not 'maybe'"),
    (["serve"], {"GAMETABLE_RATE_CREATE": "lots"}, "GAMETABLE_RATE_CREATE must be a rate such as 10/minute"),
    (["serve"], {"GAMETABLE_RATE_ACT": "0/second"}, "GAMETABLE_RATE_LIMITS=off"),
])
def test_finding_5_bad_limit_settings_are_refused_at_start_with_one_line(args, env, expected, tmp_path,
                                                                         monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = runner.invoke(cli_app, args)
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and expected in lines[0], result.output


def test_finding_5_idle_seconds_and_retention_are_set_from_the_command_line_or_environment(
        tmp_path, monkeypatch):
    import uvicorn

    made = []
    # (the app is built once the server listens: its settings are those of the app served)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, *args, **kwargs: made.append(self.config.app.settings))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    monkeypatch.setenv("GAMETABLE_KEEP_ABANDONED_DAYS", "3")
    monkeypatch.setenv("GAMETABLE_RATE_ACT", "50/second")
    result = runner.invoke(cli_app, ["serve", "--port", str(free_port()), "--idle-seconds", "120",
                                     "--keep-finished-days", "0", "--rate-limits", "off"])
    assert result.exit_code == 0, result.output
    settings = made[0]
    assert (settings.idle_seconds, settings.keep_finished_days, settings.keep_abandoned_days) == (120, 0, 3)
    assert settings.rate_act == "50/second" and settings.rate_limits is False
    monkeypatch.setenv("GAMETABLE_IDLE_SECONDS", "30")
    assert Settings.from_env().idle_seconds == 30


def test_issue_30_expired_counters_are_swept_at_most_once_a_second_and_still_swept(monkeypatch):
    # limits sweeps every counter of every address after nearly every count; ours at most once a
    # SWEEP_EVERY, which still frees the counters of addresses gone quiet
    from limits import parse
    from limits.aio.storage import MemoryStorage
    from limits.aio.strategies import SlidingWindowCounterRateLimiter

    from gametable.server import ratelimit

    assert hasattr(MemoryStorage, "_MemoryStorage__schedule_expiry")  # the hook we override
    now = [1000.0]
    monkeypatch.setattr(ratelimit.time, "monotonic", lambda: now[0])

    async def scenario():
        storage = ratelimit.SweptMemoryStorage()
        limiter = SlidingWindowCounterRateLimiter(storage)
        item = parse("100/second")
        sweeps = []
        for request in range(200):
            await limiter.hit(item, "act", "address", f"10.0.0.{request % 200}")
            if storage.timer is not None and storage.timer not in sweeps:
                sweeps.append(storage.timer)
            await asyncio.sleep(0)
        counted = len(storage.expirations)
        for key in storage.expirations:  # every counter has expired
            storage.expirations[key] = 0.0
        await limiter.hit(item, "act", "address", "10.0.0.1")  # within the second: no sweep
        await asyncio.sleep(0)
        unswept = len(storage.expirations)
        now[0] += ratelimit.SWEEP_EVERY
        await limiter.hit(item, "act", "address", "10.0.0.2")  # a second later: swept
        for _ in range(5):
            await asyncio.sleep(0)
        return len(sweeps), counted, unswept, sorted(storage.expirations)

    sweeps, counted, unswept, left = asyncio.run(scenario())
    assert sweeps == 1  # limits' own storage: a sweep after each of the 200 counts
    assert counted == 200 and unswept == 200
    # only the two counters counted since they expired are left (limits drops an expired counter
    # it reads and starts it again)
    assert [key.split("/")[3] for key in left] == ["10.0.0.1", "10.0.0.2"]
