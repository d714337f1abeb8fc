"""Schemathesis fuzzes every operation of the OpenAPI spec against a live server on SQLite: no
request, however malformed, gets a 5xx (bad input gets a 4xx that says what is wrong).

The table ids in the generated paths are swapped for real tables (one still playing, one
finished) half of the time, so the fuzzing reaches past the 404 of an unknown table.
"""

from __future__ import annotations

import time

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from gametable.server import Settings
from tests.server.conftest import start_server
from tests.server.helpers import Api, auth


@pytest.fixture(scope="module")
def fuzz_target(tmp_path_factory):
    """A live server with a playing GWT table and a finished toy game; their ids and tokens."""
    database = tmp_path_factory.mktemp("fuzz") / "gametable.sqlite3"
    server = start_server(Settings(database_url=f"sqlite:///{database}", bot_pause=0.0,
                                   rate_limits=False))
    with Api(server.url) as api:
        playing = api.create(game="gwt", players=2, bots=[1])
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
    if "table_id" in case.path_parameters and (case.path_parameters["table_id"] or "x")[0] < "n":
        table = tables[len(case.path_parameters["table_id"]) % 2]
        case.path_parameters["table_id"] = table["id"]
        if case.headers is not None and "authorization" in {k.lower() for k in case.headers}:
            case.headers = {**{k: v for k, v in case.headers.items() if k.lower() != "authorization"},
                            **auth(table["token"])}
    response = case.call(base_url=fuzz_target["url"])
    case.validate_response(response, checks=[not_a_server_error])
    if response.status_code >= 400:
        assert response.json()["detail"], "every refusal says what is wrong"
