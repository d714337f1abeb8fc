"""Log lines of `gametable serve`: uvicorn's usual text, or one JSON object per line
(``--log-format json``) for log collectors, for uvicorn's loggers and ours alike.

A JSON line holds ``time`` (UTC, ISO 8601), ``level``, ``logger`` and ``message``; an access
line also holds the request's ``client``, ``method``, ``path``, ``http_version`` and ``status``,
and a line logged with an exception its ``exc_info``. The formatter is python-json-logger's.
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import Any

from pythonjsonlogger.core import RESERVED_ATTRS
from pythonjsonlogger.json import JsonFormatter

#: the logger of our own modules (gametable.server, gametable.server.bots...)
OUR_LOGGER = "gametable"
#: characters of a table id a log line keeps: enough to follow one table through the lines (6
#: base64 characters tell 68 billion ids apart), never the whole id, which is the table's secret
TABLE_ID_SHOWN = 6
#: uvicorn's access lines: their arguments are the request's fields, in this order
_ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")


def short_id(table_id: str) -> str:
    """How log lines name a table: the start of its id."""
    return table_id[:TABLE_ID_SHOWN] + "…"


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


def uvicorn_log_config(log_format: str, level: str) -> dict[str, Any] | None:
    """The logging configuration to hand uvicorn (None: uvicorn's own, text). ``level``: the
    --log-level, for our loggers too (uvicorn sets its own from it)."""
    if log_format != "json":
        return None
    handler = {"class": "logging.StreamHandler", "formatter": "json"}
    return {
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
            OUR_LOGGER: {"handlers": ["default"], "level": level.upper(), "propagate": False},
        },
    }
