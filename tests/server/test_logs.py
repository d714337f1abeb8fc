"""JSON log lines (gametable.server.logs) and the token redaction of request logs with them."""

from __future__ import annotations

import json
import logging
import sys

from gametable.server.logs import JsonLines
from gametable.server.serving import RedactSecrets


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
