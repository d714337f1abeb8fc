"""Request and response bodies of turn alerts (gametable.server.alerts_api)."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, BaseModel, BeforeValidator, Field

from gametable.server.schemas import Strict

ADDRESS_MAX = 254
# One @, no spaces or control characters, a dot in the domain: what SMTP servers accept,
# without trying to be RFC 5322 (the confirmation link proves the address works).
_ADDRESS = re.compile(r"^[^@\s\x00-\x1f\x7f]{1,64}@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f.]+$")
MINUTES_OF_A_DAY = 1440


def _check_address(value: str) -> str:
    if not _ADDRESS.match(value):
        raise ValueError("write an e-mail address like name@example.org")
    local, _, domain = value.rpartition("@")
    return f"{local}@{domain.lower()}"


Address = Annotated[str, BeforeValidator(lambda v: v.strip() if isinstance(v, str) else v),
                    Field(max_length=ADDRESS_MAX, description="An e-mail address, name@example.org."),
                    AfterValidator(_check_address)]
Minute = Annotated[int, Field(ge=0, lt=MINUTES_OF_A_DAY, strict=True,
                              description="Minutes after midnight of the player's day.")]


class QuietHours(Strict):
    start: Minute
    end: Minute


class AlertChanges(Strict):
    push: bool | None = Field(None, description="Web Push to your browsers when it is your turn.")
    email: bool | None = Field(None, description="E-mail on your turn at a table with a turn clock "
                                                 "(needs a confirmed address).")
    quiet_hours: QuietHours | None = Field(None, description="No e-mail from start to end (null: none).")
    utc_offset_minutes: int | None = Field(None, ge=-14 * 60, le=14 * 60, strict=True,
                                           description="Your time zone's offset from UTC, in minutes.")
    digest: bool | None = Field(None, description="One e-mail for the tables that wait, not one per turn.")


class AlertAddress(Strict):
    address: Address


class Alerts(BaseModel):
    push: bool
    email: bool
    address: str | None = Field(description="Your address: only ever shown to you.")
    address_confirmed: bool
    quiet_hours: QuietHours | None
    utc_offset_minutes: int
    digest: bool
    email_available: bool = Field(description="Whether this server sends e-mail at all.")
