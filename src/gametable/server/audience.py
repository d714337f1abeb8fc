"""Who watches a table from this process, and how each of them is kept up to date.

A table's audience is its seats' sockets and its spectators' sockets. What a connection costs
must not grow with the number of other connections, or a crowd of spectators slows every
table of the process down:

- A new connection gets its own first snapshot and nothing else is sent to anyone, unless a
  seat's ``online`` flag changes (the first socket of a seat opens, or its last one closes);
  then the others get a small ``presence`` message, never a whole snapshot.
- Seats' sockets are always let in, up to ``per_seat`` tabs each. Spectators are let in up to
  ``spectators`` per table: the first ``direct_spectators`` hear of each change at once, the
  others share a feed that hands them the newest spectator snapshot at most once per
  ``feed_interval`` seconds (coalesced, and encoded once for all who have had the same log),
  so a crowd costs at most one message per spectator per interval, however fast the game goes.
  The feed hands an update out in slices of ``FEED_SLICE`` members spread over part of the
  interval, never to the whole crowd at once: a thousand sockets woken together would hold the
  event loop (and every other table's requests) for their whole burst.
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass, field
from typing import Protocol

import orjson

from gametable.server.errors import TableError

from gametable.server.snapshots import LastingParts, Snapshot, serials


class Crowded(TableError):
    """The table (or this seat) already has as many sockets as it takes."""
    status = 429


@dataclass(frozen=True)
class AudienceLimits:
    per_seat: int = 8
    spectators: int = 1000
    direct_spectators: int = 50
    feed_interval: float = 1.0


class Presence:
    """Which seats have a socket open here, at one seq: ``{"type": "presence", "seq", "online"}``."""

    __slots__ = ("serial", "online", "text")

    def __init__(self, seq: int, online: frozenset[int]) -> None:
        self.serial = next(serials)
        self.online = online
        self.text = orjson.dumps({"type": "presence", "seq": seq, "online": sorted(online)}).decode()


class Watcher(Protocol):
    """A live connection to a table (a WebSocket): handed each newer snapshot or presence."""

    token_hash: str | None
    #: the signed-in player of a connection without a token (its seat is that player's)
    player_id: str | None

    def push(self, snapshot: "Snapshot") -> None: ...

    def push_presence(self, presence: Presence) -> None: ...

    def push_chat(self, text: str) -> None:
        """A chat message (encoded once for all): sent in order, after what is pending."""


#: members of the shared feed woken in one turn of the event loop
FEED_SLICE = 50
#: the part of the feed's interval over which one update's slices are spread
FEED_SPREAD = 0.5


class SharedFeed:
    """Spectators beyond the direct ones: the newest spectator snapshot (and presence note),
    handed to all of them at most once per ``interval`` seconds, a slice at a time."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.members: set[Watcher] = set()
        #: how many times the feed has handed its members an update (for tests and load figures)
        self.flushes = 0
        self._snapshot: Snapshot | None = None
        self._presence: Presence | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._last = -math.inf
        #: the update being handed out, and the members still waiting for it
        self._handing: tuple[Snapshot | None, Presence | None] = (None, None)
        self._waiting: list[Watcher] = []
        self._slices: list[asyncio.TimerHandle] = []

    def offer(self, snapshot: "Snapshot") -> None:
        self._snapshot = snapshot
        self._presence = None  # the snapshot is newer and carries the online flags
        self._schedule()

    def offer_presence(self, presence: Presence) -> None:
        self._presence = presence
        self._schedule()

    def release(self) -> Watcher:
        """Take a member off the feed, handing it what the feed was still holding for it."""
        member = self.members.pop()
        for snapshot, presence in (self._handing, (self._snapshot, self._presence)):
            _hand(member, snapshot, presence)  # a watcher keeps only what is newer than it has
        return member

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._stop_handing()
        self._snapshot = self._presence = None

    def _schedule(self) -> None:
        if not self.members:
            self._snapshot = self._presence = None  # nobody to tell: hold nothing
            return
        if self._timer is None:
            loop = asyncio.get_running_loop()
            delay = max(0.0, self._last + self.interval - loop.time())
            self._timer = loop.call_later(delay, self._flush)

    def _flush(self) -> None:
        self._timer = None
        loop = asyncio.get_running_loop()
        self._last = loop.time()
        snapshot, presence = self._snapshot, self._presence
        self._snapshot = self._presence = None
        if snapshot is None and presence is None:
            return
        self.flushes += 1
        # Whoever still waits for the previous update gets this newer one instead.
        self._stop_handing()
        if not self.members:
            return
        self._handing, self._waiting = (snapshot, presence), list(self.members)
        slices = math.ceil(len(self._waiting) / FEED_SLICE)
        gap = self.interval * FEED_SPREAD / slices
        self._hand_slice()
        self._slices = [loop.call_later(gap * k, self._hand_slice) for k in range(1, slices)]

    def _hand_slice(self) -> None:
        snapshot, presence = self._handing
        chunk, self._waiting = self._waiting[:FEED_SLICE], self._waiting[FEED_SLICE:]
        for member in chunk:
            if member in self.members:  # it may have left, or become a direct spectator
                _hand(member, snapshot, presence)
        if not self._waiting:
            self._handing = (None, None)

    def _stop_handing(self) -> None:
        for handle in self._slices:
            handle.cancel()
        self._slices, self._waiting, self._handing = [], [], (None, None)


def _hand(member: Watcher, snapshot: "Snapshot | None", presence: Presence | None) -> None:
    if snapshot is not None:
        member.push(snapshot)
    if presence is not None:
        member.push_presence(presence)


@dataclass(eq=False)
class Audience:
    """The sockets of this process watching one table."""

    limits: AudienceLimits
    #: seats' sockets and the first spectators, each with its seat as last resolved (None:
    #: a spectator); told of every change at once
    direct: dict[Watcher, int | None] = field(default_factory=dict)
    feed: SharedFeed = field(init=False)
    #: the seats the connections here were last told are online
    announced: frozenset[int] = frozenset()
    #: the encodings of the views' lasting parts, kept while anyone here watches
    lasting: LastingParts = field(default_factory=LastingParts)

    def __post_init__(self) -> None:
        self.feed = SharedFeed(self.limits.feed_interval)

    def __len__(self) -> int:
        return len(self.direct) + len(self.feed.members)

    def admit(self, watcher: Watcher, seat: int | None) -> None:
        """Let a socket in (directly, or onto the shared feed), or raise Crowded."""
        if seat is not None:
            tabs = sum(1 for s in self.direct.values() if s == seat)
            if tabs >= self.limits.per_seat:
                raise Crowded(f"seat {seat} already has {tabs} live connections to this table "
                              "(the most it may have); close another tab first")
            self.direct[watcher] = seat
            return
        if self.spectators() >= self.limits.spectators:
            raise Crowded(f"this table has {self.limits.spectators} spectators already (the most "
                          "it takes); try again later")
        if self.direct_spectators() < self.limits.direct_spectators:
            self.direct[watcher] = None
        else:
            self.feed.members.add(watcher)

    def remove(self, watcher: Watcher) -> None:
        if self.direct.pop(watcher, "absent") is None and self.feed.members:
            # A direct spectator left: one from the shared feed takes its place.
            self.direct[self.feed.release()] = None
        self.feed.members.discard(watcher)
        if not self:
            self.feed.close()

    def direct_spectators(self) -> int:
        return sum(1 for s in self.direct.values() if s is None)

    def spectators(self) -> int:
        """Spectators' sockets, direct and on the shared feed (the rest are seats')."""
        return self.direct_spectators() + len(self.feed.members)

    def online(self) -> frozenset[int]:
        """The seats with a socket open here (spectators are never a seat's socket)."""
        return frozenset(s for s in self.direct.values() if s is not None)
