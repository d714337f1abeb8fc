"""Errors raised by games through the engine protocol."""


class IllegalAction(Exception):
    """An action that is not legal now, or is malformed.

    The message is meant for a player: it says what was wrong and, where it can,
    what would be allowed instead. Raising it must leave the state untouched.
    """


class InvalidOptions(ValueError):
    """Game options (or a player count) that the game does not accept."""
