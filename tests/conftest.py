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


@pytest.fixture(autouse=True)
def logging_as_it_was():
    """Put back each configured logger's handlers, level and propagation after every test, so a
    test's log assertions do not depend on which tests ran before it."""
    saved = {}
    for name in _CONFIGURED_LOGGERS:
        logger = logging.getLogger(name)
        saved[name] = (list(logger.handlers), logger.level, logger.propagate, logger.disabled)
    yield
    for name, (handlers, level, propagate, disabled) in saved.items():
        logger = logging.getLogger(name)
        logger.handlers[:] = handlers
        logger.setLevel(level)
        logger.propagate = propagate
        logger.disabled = disabled
