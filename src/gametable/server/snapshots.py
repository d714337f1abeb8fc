"""What a seat sees of a table at one seq, made once per change and shared.

Each change's snapshots are computed once per seat and shared by every connection of that seat
(and by all spectators), together with their encoded form (see :class:`Snapshot`). They are
not kept afterwards: a snapshot is large, and hundreds of tables' worth of them held between
moves would make every full garbage collection of the process slower.
"""

from __future__ import annotations

import itertools
from typing import Any

import orjson

from gametable.server import patches
from gametable.server.clocks import ClockSpec
from gametable.server.live_table import LiveTable, LogCuts, now_ms

#: orders everything a socket is handed (snapshots and presence notes): the higher, the newer
serials = itertools.count(1)


class Snapshot:
    """What one seat (or the spectators) may know of a table at one seq: ``data`` is the body
    of ``GET /api/tables/{id}``. Shared by every connection of that seat, so it is never
    changed once made; its WebSocket messages are encoded once per log position (and, for
    patches, per snapshot patched). ``serial`` orders it among everything handed to a
    connection (newer is higher), and names it to the clients (``rev``)."""

    __slots__ = ("data", "serial", "_messages", "log_cuts", "cut_count", "_sections", "shared")

    def __init__(self, data: dict[str, Any], log_cuts: "LogCuts | None" = None,
                 shared: "Shared | None" = None) -> None:
        self.data = data
        #: what the snapshots of the same change share (None: made alone)
        self.shared = shared
        self.serial = next(serials)
        self._messages: dict[Any, str] = {}
        #: the table's log cuts (undos) and how many of them this snapshot's log follows
        self.log_cuts = log_cuts
        self.cut_count = len(log_cuts.lengths) if log_cuts is not None else 0
        self._sections: patches.Sections | None = None

    def log_kept(self, cuts: "LogCuts | None", cut_count: int) -> int | None:
        """How much of a log sent with an older snapshot (of these ``cuts``, after ``cut_count``
        of them) this snapshot's log still begins with; None when nothing was cut since."""
        if cuts is not self.log_cuts:
            return 0  # the table was reloaded since: nothing is known
        if self.log_cuts is None or cut_count >= self.cut_count:
            return None
        return min(self.log_cuts.lengths[cut_count:self.cut_count])

    @property
    def log_length(self) -> int:
        entries = self.data["view"].get("log")
        return len(entries) if isinstance(entries, list) else 0

    def _log_tail(self, log_from: int) -> tuple[dict[str, Any], list | None]:
        """The view without its log, and the log's entries from ``log_from`` on (None: the
        view has no log list, which then stays in the view)."""
        view = self.data["view"]
        if not isinstance(view.get("log"), list):
            return view, None
        return {key: value for key, value in view.items() if key != "log"}, view["log"][log_from:]

    @property
    def sections(self) -> patches.Sections:
        """The snapshot without its log, encoded member by member (the view's one by one): what
        a connection keeps of the last snapshot it was sent, to be sent patches from. Bytes,
        which the garbage collector never scans (a parsed copy per connection would slow every
        collection), and only the members that changed are parsed again to be diffed."""
        if self._sections is None:
            log = "log" if isinstance(self.data["view"].get("log"), list) else None
            shared = self.shared
            self._sections = patches.sections(self.data, "view", log,
                                              shared.encodings if shared is not None else None,
                                              shared is not None and shared.views_share)
        return self._sections

    def message(self, log_from: int) -> str:
        """The ``state`` message for a connection that already has the first ``log_from``
        entries of the log (0 for everything)."""
        text = self._messages.get(log_from)
        if text is None:
            view, tail = self._log_tail(log_from)
            if tail is not None:
                view = {**view, "log": tail}
            # orjson: views can be large.
            # now_ms: the server's time as the message is made, which clients count clocks from
            text = orjson.dumps({"type": "state", **self.data, "view": view, "log_from": log_from,
                                 "now_ms": now_ms(), "rev": self.serial},
                                option=orjson.OPT_NON_STR_KEYS).decode()
            self._messages[log_from] = text
        return text

    def _diffs(self) -> patches.Diffs | None:
        # Only views that share members change alike for several seats; else a change's
        # sections seldom match another seat's, and remembering them costs more than it saves.
        shared = self.shared
        return shared.diffs if shared is not None and shared.views_share else None

    def patch_message(self, base_serial: int, base: patches.Sections, log_from: int) -> str:
        """The update for a connection that was last sent snapshot ``base_serial`` (whose
        ``sections`` were ``base``) and has the first ``log_from`` entries of the log: a
        ``patch`` message (docs/server.md), or the ``state`` message where that is shorter."""
        key = (base_serial, log_from)
        text = self._messages.get(key)
        if text is None:
            log = self.data["view"].get("log")
            tail = log[log_from:] if isinstance(log, list) else None
            text = orjson.dumps({"type": "patch", "seq": self.data["seq"], "rev": self.serial,
                                 "base": base_serial, "ops": patches.diff_sections(base, self.sections, self._diffs()),
                                 **({"log": tail, "log_from": log_from} if tail is not None else {}),
                                 "now_ms": now_ms()},
                                option=orjson.OPT_NON_STR_KEYS).decode()
            if len(text) > 4096:  # (a game's whole new phase, say)
                full = self.message(log_from)
                text = full if len(full) < len(text) else text
            self._messages[key] = text
        return text


class Shared:
    """What the snapshots of one change (one per seat) share: the encodings of the members
    their data share (the parts every seat sees alike: State.views, :func:`common`), and the
    operations that patch a section the same for every seat. Kept as long as its snapshots.
    ``lasting``: the encodings of the views' lasting parts (:class:`LastingParts`), to start
    from."""

    __slots__ = ("encodings", "diffs", "views_share")

    def __init__(self, views: "dict[int | None, dict[str, Any]]",
                 lasting: patches.Encodings | None = None) -> None:
        self.encodings: patches.Encodings = lasting if lasting is not None else {}
        self.diffs: patches.Diffs = {}
        #: whether the views share members (a game that builds them at once, or gives parts
        #: again): only then are the views' members looked up among the encodings
        first, *others = views.values()
        self.views_share = bool(lasting) or any(mine is theirs for other in others
                                                for mine, theirs in zip(first.values(), other.values()))


class LastingParts:
    """The encodings of a table's lasting view parts (State.lasting_view_keys: a board that
    most actions leave as it was), made once per part and kept from change to change while the
    game gives the part again. The sections of each seat's snapshot then take them by identity,
    and a connection's patch finds them unchanged by identity too: neither encoded nor compared
    byte by byte. Holds only what the game holds anyway (the parts) and their encodings."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        #: by key of the view: the part, its path and its sections
        self.parts: dict[str, tuple[Any, str, list[tuple[str, bytes]]]] = {}

    def encodings(self, view: dict[str, Any], keys: tuple[str, ...]) -> patches.Encodings:
        """The encodings of the lasting parts (``keys``) of a change's ``view`` (any seat's: every
        view holds the same), by identity, for :class:`Shared`: those of parts given again as
        they were kept, the others made now."""
        parts = self.parts
        for key in [key for key in parts if key not in view or key not in keys]:
            del parts[key]
        for key in keys:
            if key not in view:
                continue
            value = view[key]
            kept = parts.get(key)
            if kept is None or kept[0] is not value:
                path = patches.pointer(patches.pointer("", "view"), key)
                parts[key] = (value, path, patches.member_sections(path, value))
        return {id(kept[0]): kept for kept in parts.values()}


def common(table: LiveTable, online: frozenset[int]) -> dict[str, Any]:
    """What every seat's snapshot holds alike (``online``: the seats with a socket here)."""
    state = table.state
    return {
        "clock": ClockSpec.from_json(table.record.clock).to_json(),
        "timeouts_to_bot": table.record.timeouts_to_bot,
        "timed_out": [{"seq": seq, "seat": s} for seq, s in table.timed_out],
        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "online": s.seat in online,
                   "player": s.player_id, "away": s.reclaim_hash is not None,
                   "clock_ms": s.clock_ms, "deadline_ms": s.deadline_ms, "timeouts": s.timeouts}
                  for s in table.seats],
        "status": table.status,
        "result": state.result() if state.is_over() else None,
    }


def build(table: LiveTable, seat: int | None, online: frozenset[int], view: dict[str, Any] | None = None,
          shared: Shared | None = None, parts: dict[str, Any] | None = None) -> Snapshot:
    """Everything a seat (None = spectator) may know of the table now; ``online``: the seats
    with a socket here. For one of several seats' snapshots of the same change: its ``view``
    from State.views, the ``shared`` encodings, and the :func:`common` ``parts``."""
    state = table.state
    if view is None:
        view = state.view(seat)
    if parts is None:
        parts = common(table, online)
    legal = table.legal[seat] if seat is not None else []
    undo_steps = table.undo_steps(seat)
    return Snapshot({
        "clock": parts["clock"],
        "timeouts_to_bot": parts["timeouts_to_bot"],
        "timed_out": parts["timed_out"],
        "id": table.id,
        "game": table.record.game,
        "seq": table.seq,
        "status": parts["status"],
        "bot_level": table.record.bot_level,
        "you": seat,
        "seats": parts["seats"],
        "view": view,
        "legal_actions": legal,
        # what each legal action costs and gives (the game's optional hook; [] for spectators)
        "action_notes": state.action_notes(seat, view) if legal else [],
        # parallel to legal_actions: which always end this seat's turn (engine protocol)
        "ends_turn": [action["type"] in state.turn_end_actions for action in legal],
        # how many of its own latest actions this seat may take back (POST .../undo)
        "can_undo": undo_steps > 0,
        "undo_steps": undo_steps,
        "result": parts["result"],
        "rematch": table.record.rematch_id,
        "hints": table.record.hints,
    }, table.log_cuts, shared)
