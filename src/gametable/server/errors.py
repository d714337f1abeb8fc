"""Errors of the table service, each with the HTTP status the API answers with."""

from __future__ import annotations


class TableError(Exception):
    status = 500

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadRequest(TableError):
    """Malformed or illegal input: an illegal action, an unknown game, bad options."""
    status = 400


class Unauthorized(TableError):
    """No seat token where one is needed."""
    status = 401


class Forbidden(TableError):
    """A token that may not do this: not a seat of the table, not the seat to act, not the creator."""
    status = 403


class NotFound(TableError):
    status = 404


class Conflict(TableError):
    """The table moved on (stale seq), is full, is waiting for players, or is over."""
    status = 409


class Gone(TableError):
    """A one-time thing (a sign-in link) that was used already or has expired."""
    status = 410


class Unavailable(TableError):
    """The table's game is not installed on this server."""
    status = 503
