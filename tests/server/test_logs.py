"""JSON log lines (gametable.server.logs), and the redaction of every log line: no token, no
whole table id (docs/server.md, "Log lines")."""

from __future__ import annotations

import io
import json
import logging
import logging.config
import signal
import sys

import pytest

from gametable.server.logs import JsonLines, RedactSecrets, short_id, uvicorn_log_config
from tests.server.conftest import free_port
from tests.server.helpers import Api, auth
from tests.server.test_restart import ServeProcess

TABLE_ID = "Xq3vT9bLk2RmW8pN4sYd1A"  # as secrets.token_urlsafe(16) makes them


def access_record(path: str) -> logging.LogRecord:
    """A record as uvicorn's access logger makes it."""
    return logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                             ("127.0.0.1:5000", "GET", path, "1.1", 200), None)


def test_redaction_keeps_an_access_lines_fields():
    record = access_record("/api/games?token=sekrit&lang=en")
    assert RedactSecrets().filter(record)
    assert record.args == ("127.0.0.1:5000", "GET", "/api/games?token=[redacted]&lang=en", "1.1", 200)
    line = json.loads(JsonLines().format(record))
    assert line["path"] == "/api/games?token=[redacted]&lang=en"
    assert line["message"] == '127.0.0.1:5000 - "GET /api/games?token=[redacted]&lang=en HTTP/1.1" 200'
    assert (line["client"], line["method"], line["http_version"], line["status"]) == \
        ("127.0.0.1:5000", "GET", "1.1", 200)
    assert (line["level"], line["logger"]) == ("INFO", "uvicorn.access")
    assert "sekrit" not in json.dumps(line)


def test_redaction_flattens_a_token_it_cannot_reach_in_an_argument():
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, "%s - %s",
                               ("127.0.0.1:5000", b"/ws?token=sekrit"), None)
    RedactSecrets().filter(record)
    assert "sekrit" not in record.getMessage() and "token=[redacted]" in record.getMessage()


def test_json_lines_of_our_loggers_carry_time_level_logger_and_the_exception():
    try:
        raise RuntimeError("the store went away")
    except RuntimeError:
        record = logging.LogRecord("gametable.server.bots", logging.ERROR, __file__, 1,
                                   "bot of table %s stopped", ("abc",), sys.exc_info())
    line = json.loads(JsonLines().format(record))
    assert line["message"] == "bot of table abc stopped"
    assert (line["level"], line["logger"]) == ("ERROR", "gametable.server.bots")
    assert line["time"].endswith("+00:00") and "RuntimeError: the store went away" in line["exc_info"]
    assert "color_message" not in line


def test_access_lines_keep_only_the_start_of_a_table_id():
    for path in (f"/api/tables/{TABLE_ID}/actions", f"/t/{TABLE_ID}", f"/ws/tables/{TABLE_ID}",
                 f"/api/tables/{TABLE_ID}"):
        record = access_record(path)
        RedactSecrets().filter(record)
        shown = path.replace(TABLE_ID, "Xq3vT9...")
        assert record.args[2] == shown and TABLE_ID not in record.getMessage()
        assert json.loads(JsonLines().format(record))["path"] == shown
    # a short id names no table (a probe answered 404): nothing to hide, kept as it is
    record = access_record("/api/tables/abc")
    RedactSecrets().filter(record)
    assert record.args[2] == "/api/tables/abc"


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_our_own_lines_name_tables_by_the_start_of_their_ids(log_format):
    """Through the configuration `gametable serve` hands uvicorn: the handlers redact, so the
    lines of every logger are covered, whatever module logs them."""
    logging.config.dictConfig(uvicorn_log_config(log_format, "info"))
    out = io.StringIO()
    for handler in logging.getLogger("gametable").handlers:
        handler.setStream(out)
    logging.getLogger("gametable.server.bots").warning("bot of table %s stopped", TABLE_ID)
    logging.getLogger("gametable.server").warning("Table %s: took over from a process", TABLE_ID)
    logging.getLogger("gametable.server.push").warning("push for table %s failed", short_id(TABLE_ID))
    written = out.getvalue()
    assert TABLE_ID not in written
    assert written.count("table Xq3vT9...") == 2 and "Table Xq3vT9...: took over" in written, written


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_a_real_servers_lines_hold_no_whole_table_id_and_no_token(database_url, log_format):
    server = ServeProcess(database_url, free_port(), log_level="info",
                          extra_env={"GAMETABLE_LOG_FORMAT": log_format})
    try:
        with Api(server.url) as api:
            table = api.create(players=2)
            bob = api.join(table["id"])
            tid = table["id"]
            assert api.http.get(f"/t/{tid}").status_code == 200
            api.act_ok(tid, table["token"], 0, {"type": "take", "count": 1})
            assert api.http.get(f"/api/tables/{tid}/log").status_code == 200
            with api.socket(tid, bob["token"]) as sock:
                sock.recv()
            assert api.http.get(f"/api/tables/{tid}", headers=auth(bob["token"])).status_code == 200
    finally:
        server.process.send_signal(signal.SIGTERM)
        output = server.process.communicate(timeout=30)[0]
    assert f"/api/tables/{tid[:6]}.../actions" in output and f"/t/{tid[:6]}..." in output, output
    assert f"/ws/tables/{tid[:6]}..." in output, output
    for secret in (tid, table["token"], bob["token"]):
        assert secret not in output


def test_background_work_meeting_a_store_outage_logs_one_line_without_a_traceback():
    """A lease renewal or a bot move during a database restart: the line says so, and once."""
    import psycopg
    from sqlalchemy.exc import OperationalError

    logging.config.dictConfig(uvicorn_log_config("text", "info"))
    out = io.StringIO()
    for handler in logging.getLogger("gametable").handlers:
        handler.setStream(out)
    try:
        raise OperationalError("SELECT 1", {}, psycopg.OperationalError("connection refused\nIs the server running?"))
    except OperationalError:
        logging.getLogger("gametable.server").exception("could not renew or take over table leases")
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        logging.getLogger("gametable.server.bots").exception("bot of table %s stopped", TABLE_ID)
    lines = out.getvalue().splitlines()
    assert lines[0].endswith("could not renew or take over table leases: the store is unreachable "
                             "(connection refused)")
    assert lines[1].endswith("bot of table Xq3vT9... stopped") and "Traceback" in lines[2]  # a bug keeps its traceback
