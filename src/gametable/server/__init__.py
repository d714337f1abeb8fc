"""The table service: private tables by link, live play over WebSocket, an action log that
loses nothing. See docs/server.md for the architecture; ``create_app`` builds the app."""

from gametable.server.app import create_app
from gametable.server.config import Settings

__all__ = ["Settings", "create_app"]
