import logging

import pytest

from gametable import games as registry
from tests.engine.toy_game import GAME as TOY


@pytest.fixture
def toy_registered(monkeypatch):
    """Register the toy game as `toy` for tests of game-agnostic tools (CLI, server)."""
    monkeypatch.setitem(registry._REGISTRY, "toy", "tests.engine.toy_game")
    monkeypatch.setitem(registry._loaded, "toy", TOY)
    return TOY


# Loggers whose setup uvicorn.Config changes when a test builds a server with the JSON log format
# (our own stops propagating to the root logger, where caplog listens).
_CONFIGURED_LOGGERS = ("gametable", "uvicorn", "uvicorn.error", "uvicorn.access")


def _logger_setup(name: str) -> tuple[list[logging.Handler], int, bool, bool]:
    logger = logging.getLogger(name)
    return list(logger.handlers), logger.level, logger.propagate, logger.disabled


#: how these loggers are before any test: what every test starts from, whatever ran before it
#: (a fixture of wider scope or a library configuring logging in this process included)
_UNCONFIGURED = {name: _logger_setup(name) for name in _CONFIGURED_LOGGERS}


@pytest.fixture(autouse=True)
def logging_as_it_was():
    """Put back each configured logger's handlers, level and propagation as they were before any
    test, and wake our own loggers a logging configuration may have disabled, after every test,
    so a test's log assertions do not depend on which tests ran before it."""
    yield
    for name, (handlers, level, propagate, disabled) in _UNCONFIGURED.items():
        logger = logging.getLogger(name)
        logger.handlers[:] = handlers
        logger.setLevel(level)
        logger.propagate = propagate
        logger.disabled = disabled
    for name, logger in list(logging.root.manager.loggerDict.items()):
        if name.startswith("gametable.") and isinstance(logger, logging.Logger):
            logger.disabled = False
