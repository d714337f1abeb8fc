import pytest

from gametable import games as registry
from tests.engine.toy_game import GAME as TOY


@pytest.fixture
def toy_registered(monkeypatch):
    """Register the toy game as `toy` for tests of game-agnostic tools (CLI, server)."""
    monkeypatch.setitem(registry._REGISTRY, "toy", "tests.engine.toy_game")
    monkeypatch.setitem(registry._loaded, "toy", TOY)
    return TOY
