"""The table service: private tables by link, live play over WebSocket, an action log that
loses nothing. See docs/server.md for the architecture; ``create_app`` builds the app.

``create_app`` and ``Settings`` are imported when first asked for: importing any module of the
package (the serving code a starting server listens with) must not build FastAPI and pydantic
first (gametable.server.starting).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gametable.server.app import create_app
    from gametable.server.config import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from gametable.server.app import create_app

        return create_app
    if name == "Settings":
        from gametable.server.config import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
