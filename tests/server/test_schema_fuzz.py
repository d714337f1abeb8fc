"""Schemathesis fuzzes every operation of the OpenAPI spec against a live server, on SQLite and
on PostgreSQL: no request, however malformed, gets a 5xx (bad input gets a 4xx that says what is
wrong).

The table ids in the generated paths are swapped for real tables (one still playing, one
finished) half of the time, so the fuzzing reaches past the 404 of an unknown table. The spec's
pattern for table ids keeps schemathesis from generating ids that break it, so a quarter of the
cases get a hostile id instead (a NUL byte, which PostgreSQL refuses in text, a newline, a
letter outside ASCII, one too long).
"""

from __future__ import annotations

import time

import httpx2
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from gametable.server import Settings
from tests.server.conftest import start_server
from tests.server.helpers import Api, auth


#: ids the spec's pattern rules out, sent anyway
HOSTILE_TABLE_IDS = ["\x00", "\x00abc", "abc\x00", "abc\n", "été", "x" * 65, "\U0001f3b2"]


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def fuzz_target(request, tmp_path_factory):
    """A live server with a playing GWT table and a finished toy game; their ids and tokens."""
    if request.param == "sqlite":
        database_url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'gametable.sqlite3'}"
    else:
        database_url = request.getfixturevalue("postgres_url")
    server = start_server(Settings(database_url=database_url, bot_pause=0.0, rate_limits=False))
    with Api(server.url) as api:
        playing = api.create(game="gwt", players=2, bots=[1], bot_level="basic")
        finished = api.create(game="toy", players=2, bots=[1])
        response = api.http.post(f"/api/tables/{finished['id']}/seats/0/bot", headers=auth(finished["token"]))
        assert response.status_code == 204, response.text
        deadline = time.monotonic() + 20
        while api.table(finished["id"])["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish the toy game"
            time.sleep(0.05)
    yield {"url": server.url, "tables": [playing, finished]}
    server.stop()


@pytest.fixture(scope="module")
def api_schema(fuzz_target):
    return schemathesis.openapi.from_url(fuzz_target["url"] + "/openapi.json")


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.function_scoped_fixture])
def test_no_request_gets_a_server_error(case, fuzz_target):
    tables = fuzz_target["tables"]
    generated = case.path_parameters.get("table_id") if case.path_parameters else None
    # By the generated id's length: a real table (playing or finished), a hostile id, or as generated.
    bucket = len(generated) % 4 if generated is not None else None
    if bucket in (0, 1):
        table = tables[bucket]
        case.path_parameters["table_id"] = table["id"]
        if case.headers is not None and "authorization" in {k.lower() for k in case.headers}:
            case.headers = {**{k: v for k, v in case.headers.items() if k.lower() != "authorization"},
                            **auth(table["token"])}
    elif bucket == 2:
        case.path_parameters["table_id"] = HOSTILE_TABLE_IDS[ord(generated[0]) % len(HOSTILE_TABLE_IDS)]
    response = case.call(base_url=fuzz_target["url"])
    case.validate_response(response, checks=[not_a_server_error])
    if response.status_code >= 400:
        assert response.json()["detail"], "every refusal says what is wrong"


@pytest.mark.parametrize("table_id", ["%00", "%00abc", "abc%00", "a%00b"])
def test_finding_4_every_table_route_in_the_spec_answers_a_nul_id_with_404(fuzz_target, table_id):
    """Explicit, since the spec's pattern keeps schemathesis's own ids clean: every operation the
    spec lists with a table id, on both databases, with well-formed other parameters."""
    paths = httpx2.get(fuzz_target["url"] + "/openapi.json", trust_env=False).json()["paths"]
    table_routes = [(method.upper(), path) for path, operations in paths.items() if "{table_id}" in path
                    for method in operations]
    assert len(table_routes) == 19  # docs/server.md, "API summary" (2 of them: muting a table's chat)
    token = fuzz_target["tables"][0]["token"]
    with Api(fuzz_target["url"]) as api:
        for method, path in table_routes:
            url = path.format(table_id=table_id, seat=1, n=0)
            body = ({"seq": 0, "action": {"type": "pass"}} if url.endswith("/actions") else
                    {"seq": 0} if url.endswith("/undo") else {})
            response = api.http.request(method, url, headers=auth(token), json=body if method == "POST" else None)
            assert response.status_code == 404, (method, url, response.text[:200])
            assert "no table with this id" in response.json()["detail"]
        playing = fuzz_target["tables"][0]["id"]
        assert api.table(playing)["id"] == playing  # the server still serves
