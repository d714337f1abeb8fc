"""Turn alerts in the store: a player's choices, the hashed secrets of the links e-mails carry
(confirm an address, unsubscribe), and the Web Push subscriptions that belong to a player
rather than to one seat. Synchronous, one short transaction each, like the LogStore; the
table manager runs them off the event loop."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update

from gametable.server import models
from gametable.server.records import PushSubscription
from gametable.server.store import LogStore


@dataclass(frozen=True)
class AlertChoices:
    push: bool = True
    email: bool = False
    #: the player's own address: shown to that player only, never to anyone else
    address: str | None = None
    address_confirmed: bool = False
    #: minutes of the player's day (0-1439) in which no e-mail is sent; None: no quiet hours
    quiet_start: int | None = None
    quiet_end: int | None = None
    utc_offset_minutes: int = 0
    #: one e-mail for the tables that wait, a while after the first, instead of one per turn
    digest: bool = False

    def quiet_at(self, now_ms: int) -> bool:
        if self.quiet_start is None or self.quiet_end is None or self.quiet_start == self.quiet_end:
            return False
        minute = (now_ms // 60_000 + self.utc_offset_minutes) % 1440
        if self.quiet_start < self.quiet_end:
            return self.quiet_start <= minute < self.quiet_end
        return minute >= self.quiet_start or minute < self.quiet_end  # over midnight

    @property
    def mails(self) -> bool:
        return self.email and self.address_confirmed and self.address is not None


_CHOICES = [f.name for f in dataclasses.fields(AlertChoices)]


class AlertStore:
    def __init__(self, store: LogStore) -> None:
        self.store = store
        self.engine = store.engine

    def choices(self, player_ids: list[str]) -> dict[str, AlertChoices]:
        """Each player's choices (the defaults for one who never chose)."""
        a = models.player_alerts
        with self.engine.connect() as conn:
            rows = conn.execute(select(a).where(a.c.player_id.in_(player_ids))).all()
        found = {r.player_id: AlertChoices(**{name: getattr(r, name) for name in _CHOICES}) for r in rows}
        return {pid: found.get(pid, AlertChoices()) for pid in player_ids}

    def change(self, player_id: str, changes: dict) -> AlertChoices:
        a = models.player_alerts
        with self.store.writing(), self.engine.begin() as conn:
            exists = conn.execute(select(a.c.player_id).where(a.c.player_id == player_id)).first()
            if exists is None:
                conn.execute(insert(a).values(player_id=player_id, **changes))
            elif changes:
                conn.execute(update(a).where(a.c.player_id == player_id).values(**changes))
        return self.choices([player_id])[player_id]

    # -- the links of e-mails ----------------------------------------------------------------

    def add_token(self, token_hash: str, player_id: str, purpose: str, address: str,
                  expires_ms: int, now: int) -> None:
        t = models.email_tokens
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(delete(t).where(t.c.expires_ms <= now))
            conn.execute(insert(t).values(token_hash=token_hash, player_id=player_id, purpose=purpose,
                                          address=address, expires_ms=expires_ms))

    def confirm(self, token_hash: str, now: int) -> str | None:
        """Confirm the address a confirmation link was sent to, if it is still the player's;
        the link works once. Returns the player's id."""
        t, a = models.email_tokens, models.player_alerts
        with self.store.writing(), self.engine.begin() as conn:
            row = conn.execute(select(t).where(t.c.token_hash == token_hash, t.c.purpose == "confirm",
                                               t.c.expires_ms > now)).first()
            if row is None:
                return None
            conn.execute(delete(t).where(t.c.token_hash == token_hash))
            done = conn.execute(update(a).where(a.c.player_id == row.player_id, a.c.address == row.address)
                                .values(address_confirmed=True, email=True))
        return row.player_id if done.rowcount else None

    def unsubscribe(self, token_hash: str, now: int) -> str | None:
        """Stop e-mails to the player an e-mail's unsubscribe link was for. Returns its id."""
        t, a = models.email_tokens, models.player_alerts
        with self.store.writing(), self.engine.begin() as conn:
            row = conn.execute(select(t).where(t.c.token_hash == token_hash, t.c.purpose == "unsubscribe",
                                               t.c.expires_ms > now)).first()
            if row is None:
                return None
            conn.execute(update(a).where(a.c.player_id == row.player_id).values(email=False))
        return row.player_id

    # -- a player's push subscriptions -------------------------------------------------------

    def subscribe(self, player_id: str, subscription: PushSubscription, most: int) -> bool:
        s = models.player_push_subscriptions
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(delete(s).where(s.c.player_id == player_id, s.c.endpoint == subscription.endpoint))
            count = len(conn.execute(select(s.c.endpoint).where(s.c.player_id == player_id)).all())
            if count >= most:
                return False
            conn.execute(insert(s).values(player_id=player_id, **dataclasses.asdict(subscription)))
        return True

    def unsubscribe_push(self, player_id: str | None, endpoint: str) -> None:
        """Forget a subscription (of one player; None: of anyone, one the push service says is gone)."""
        s = models.player_push_subscriptions
        condition = s.c.endpoint == endpoint
        if player_id is not None:
            condition = condition & (s.c.player_id == player_id)
        with self.store.writing(), self.engine.begin() as conn:
            conn.execute(delete(s).where(condition))

    def push_subscriptions(self, player_ids: list[str]) -> list[tuple[str, PushSubscription]]:
        s = models.player_push_subscriptions
        with self.engine.connect() as conn:
            rows = conn.execute(select(s).where(s.c.player_id.in_(player_ids))).all()
        return [(r.player_id, PushSubscription(endpoint=r.endpoint, p256dh=r.p256dh, auth=r.auth,
                                               lang=r.lang)) for r in rows]
