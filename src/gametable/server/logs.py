"""Log lines of `gametable serve`: uvicorn's usual text, or one JSON object per line
(``--log-format json``) for log collectors, for uvicorn's loggers and ours alike.

Either way every line passes :class:`RedactSecrets` on its way out (a filter of the handlers,
so it sees the lines of every logger, ours included): no seat token and no whole table id,
the table's secret, is ever written; and a line about a store outage is one line, without a
traceback (gametable.server.outages).

A JSON line holds ``time`` (UTC, ISO 8601), ``level``, ``logger`` and ``message``; an access
line also holds the request's ``client``, ``method``, ``path``, ``http_version`` and ``status``,
and a line logged with an exception its ``exc_info``. The formatter is python-json-logger's.
"""

from __future__ import annotations

import copy
import logging
import re
from datetime import datetime, timezone
from typing import Any

from pythonjsonlogger.core import RESERVED_ATTRS
from pythonjsonlogger.json import JsonFormatter
from uvicorn.config import LOGGING_CONFIG

from gametable.server.outages import OutageInOneLine

#: the logger of our own modules (gametable.server, gametable.server.bots...)
OUR_LOGGER = "gametable"
#: characters of a table id a log line keeps: enough to follow one table through the lines (6
#: base64 characters tell 68 billion ids apart), never the whole id, which is the table's secret
TABLE_ID_SHOWN = 6
#: uvicorn's access lines: their arguments are the request's fields, in this order
_ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")


def short_id(table_id: str) -> str:
    """How log lines name a table: the start of its id."""
    return table_id[:TABLE_ID_SHOWN] + "..."


class JsonLines(JsonFormatter):
    def __init__(self) -> None:
        # uvicorn adds a copy of some messages with terminal colours (color_message): not for JSON.
        super().__init__("%(message)s", reserved_attrs=[*RESERVED_ATTRS, "color_message", "taskName"])

    def add_fields(self, log_record: dict[str, Any], record: logging.LogRecord,
                   message_dict: dict[str, Any]) -> None:
        log_record["time"] = datetime.fromtimestamp(record.created, timezone.utc).isoformat(
            timespec="milliseconds")
        log_record["level"] = record.levelname
        log_record["logger"] = record.name
        super().add_fields(log_record, record, message_dict)
        if (record.name == "uvicorn.access" and isinstance(record.args, tuple)
                and len(record.args) == len(_ACCESS_FIELDS)):
            log_record.update(zip(_ACCESS_FIELDS, record.args))


class RedactSecrets(logging.Filter):
    """Blanks any ``token=...`` in a log line, and shortens every table id in a path (``/t/``,
    ``/tables/``) or after the word "table" to its first TABLE_ID_SHOWN characters. Our clients
    never put a token in a URL (the WebSocket refuses one with 4400), but a client that does
    must not get it into the logs; table ids are in nearly every request's path.

    The record's arguments are redacted one by one and kept, so that the access lines keep
    their fields (uvicorn's access formatter and the JSON lines read them); anything still
    showing a secret after that is flattened into a redacted message."""

    _SECRET = re.compile(r"(token=)[^&\s\"']*", re.IGNORECASE)
    #: an id of 10 or more characters: ours have 22; shorter ones name no table (404 probes)
    _TABLE_ID = re.compile(rf"(/t/|/tables/|\b[Tt]able )([A-Za-z0-9_-]{{{TABLE_ID_SHOWN}}})[A-Za-z0-9_-]{{4,}}")

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(self._redact(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str):
            record.msg = self._redact(record.msg)
        message = record.getMessage()
        redacted = self._redact(message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True

    def _redact(self, text: str) -> str:
        if "token=" in text.lower():
            text = self._SECRET.sub(r"\1[redacted]", text)
        return self._TABLE_ID.sub(r"\1\2...", text)


def uvicorn_log_config(log_format: str, level: str) -> dict[str, Any]:
    """The logging configuration to hand uvicorn: its own text lines or JSON lines, our loggers
    beside uvicorn's (``level``: the --log-level, for ours too), every handler redacting."""
    if log_format == "json":
        handler = {"class": "logging.StreamHandler", "formatter": "json"}
        config = {
            "version": 1,
            "disable_existing_loggers": False,
            "formatters": {"json": {"()": JsonLines}},
            # as uvicorn's: messages on stderr, access lines on stdout
            "handlers": {"default": {**handler, "stream": "ext://sys.stderr"},
                         "access": {**handler, "stream": "ext://sys.stdout"}},
            "loggers": {
                "uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
                "uvicorn.error": {"level": "INFO"},
                "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
            },
        }
    else:
        config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"][OUR_LOGGER] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    config["filters"] = {"outage": {"()": OutageInOneLine}, "redact": {"()": RedactSecrets}}
    for handler in config["handlers"].values():
        handler["filters"] = ["outage", "redact"]
    return config
