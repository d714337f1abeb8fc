"""Request and response bodies of moderation (gametable.server.moderation_api)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

from gametable.server.schemas import MessageText, Strict

#: ids are url-safe random text (secrets.token_urlsafe): the same pattern as in paths
_ID = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]


class NewReport(Strict):
    player_id: _ID | None = Field(None, description="The player you report (or give table_id and chat_id).")
    table_id: _ID | None = Field(None, description="The table of the chat message you report.")
    chat_id: int | None = Field(None, ge=1, strict=True, description="The chat message you report.")
    reason: MessageText = Field(description="What happened, in your words; plain text.")


class ReportTaken(BaseModel):
    id: int


class NewBlock(Strict):
    player_id: _ID


class BlockedPlayer(BaseModel):
    player_id: str
    name: str = Field(description="Plain text: show it as text, never as markup.")


class Blocks(BaseModel):
    blocks: list[BlockedPlayer]


class Muted(BaseModel):
    muted: bool = Field(description="Whether you hide this table's chat from yourself.")


class MuteChange(Strict):
    muted: bool
