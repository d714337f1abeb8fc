"""Issue 12: WebSocket updates are JSON Patches of the last snapshot a connection was sent. The
patches are checked against the jsonpatch library (an independent RFC 6902 implementation):
applied to the snapshot a connection holds, they give exactly the next snapshot."""

from __future__ import annotations

import asyncio
import random

import jsonpatch
import orjson
import pytest

from gametable.server import patches
from gametable.server.patches import diff, diff_sections, sections
from gametable.server.store import LogStore, migrate
from gametable.server.snapshots import LastingParts, Snapshot
from gametable.server.tables import TableManager
from gametable.server.ws import TableSocket, Traffic
from tests.server.conftest import CATALOG


def _exact(value) -> bytes:
    """A value's JSON with sorted keys: equal only if equal as JSON (True is not 1)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)


def _applies(old, new) -> list:
    ops = diff(old, new)
    assert _exact(jsonpatch.apply_patch(old, ops)) == _exact(new), ops
    return ops


def test_keys_with_slashes_and_tildes_are_escaped():
    ops = _applies({"a/b": 1, "m~n": {"~/": [1]}}, {"a/b": 2, "m~n": {"~/": [2]}})
    assert [op["path"] for op in ops] == ["/a~1b", "/m~0n/~0~1/0"]


def test_a_bool_is_not_a_number_and_a_float_is_not_an_int():
    assert _applies({"a": [1, 0]}, {"a": [True, False]}) == [
        {"op": "replace", "path": "/a/0", "value": True}, {"op": "replace", "path": "/a/1", "value": False}]
    assert _applies({"a": {"b": 1}}, {"a": {"b": 1.0}}) == [{"op": "replace", "path": "/a/b", "value": 1.0}]


def test_objects_gain_and_lose_keys_and_arrays_grow_or_are_replaced():
    assert _applies({"a": 1, "b": 2}, {"b": 2, "c": 3}) == [
        {"op": "remove", "path": "/a"}, {"op": "add", "path": "/c", "value": 3}]
    assert _applies({"l": [1, 2]}, {"l": [1, 2, 3, 4]}) == [
        {"op": "add", "path": "/l/-", "value": 3}, {"op": "add", "path": "/l/-", "value": 4}]
    assert _applies({"l": [1, 2]}, {"l": [2]}) == [{"op": "replace", "path": "/l", "value": [2]}]
    assert _applies({"l": [1, 2]}, {"l": [0, 2, 3]}) == [{"op": "replace", "path": "/l", "value": [0, 2, 3]}]
    assert _applies({"l": [{"x": 1}, {"x": 2}]}, {"l": [{"x": 1}, {"x": 3}]}) == [
        {"op": "replace", "path": "/l/1/x", "value": 3}]
    assert _applies({"a": {"b": None}}, {"a": [None]}) == [{"op": "replace", "path": "/a", "value": [None]}]
    assert _applies([1], {"a": 1}) == [{"op": "replace", "path": "", "value": {"a": 1}}]
    assert _applies({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) == []


@pytest.mark.parametrize("old, new", [
    ({"seq": 1, "view": {"a": [1], "b": 2}}, {"seq": 2, "view": {"a": [1, 3], "c": 2}}),
    ({"seq": 1, "view": {"a": 1}}, {"seq": 1, "view": [1]}),  # the split member stops being an object
    ({"seq": 1, "view": 5}, {"seq": 1, "view": {"a/b": 1}}),  # and becomes one
    ({"seq": 1}, {"seq": 1, "view": {"a": 1}, "x": True}),  # comes
    ({"seq": 1, "view": {"a": 1}, "x": 1}, {"seq": 1}),  # goes
    ({"view": {"t~": {"k": 1}}}, {"view": {"t~": {"k": True}}}),
])
def test_documents_kept_as_sections_patch_into_each_other(old, new):
    ops = diff_sections(sections(old, "view"), sections(new, "view"))
    assert _exact(jsonpatch.apply_patch(old, ops)) == _exact(new), ops


def test_a_section_left_out_is_not_diffed():
    ops = diff_sections(sections({"view": {"log": [1], "a": 1}}, "view", "log"),
                        sections({"view": {"log": [1, 2], "a": 2}}, "view", "log"))
    assert ops == [{"op": "replace", "path": "/view/a", "value": 2}]


def random_pairs(seed: int, count: int) -> list[tuple]:
    """``count`` pairs of JSON documents, the second a random change of the first."""
    rnd = random.Random(seed)

    def value(depth: int):
        kind = rnd.randrange(8 if depth < 4 else 5)
        if kind == 0:
            return rnd.choice([None, True, False])
        if kind == 1:
            return rnd.choice([0, 1, 2, 1.5])
        if kind in (2, 3, 4):
            return rnd.choice(["", "a", "/", "~", "~1"])
        if kind in (5, 6):
            return {rnd.choice(["a", "b", "c/d", "e~f", "0"]): value(depth + 1) for _ in range(rnd.randrange(4))}
        return [value(depth + 1) for _ in range(rnd.randrange(4))]

    def mutate(doc):
        doc = orjson.loads(orjson.dumps(doc))
        if isinstance(doc, dict) and doc and rnd.random() < 0.7:
            key = rnd.choice(list(doc))
            doc[key] = mutate(doc[key])
            return doc
        if isinstance(doc, list) and doc and rnd.random() < 0.5:
            if rnd.random() < 0.5:
                return doc + [value(3)]
            index = rnd.randrange(len(doc))
            doc[index] = mutate(doc[index])
            return doc
        return value(2)

    pairs = []
    for _ in range(count):
        old = value(0)
        pairs.append((old, mutate(old)))
    return pairs


def test_random_documents_patch_into_each_other():
    for old, new in random_pairs(7, 2000):
        _applies(old, new)


def test_random_documents_kept_as_sections_patch_into_each_other():
    # a split object's small containers are split again (a GWT player, its railroad): their
    # members come, go, grow, shrink, change kind, and are replaced whole
    for old, new in random_pairs(11, 3000):
        for a, b in ((old, new), (new, old)):
            a, b = (orjson.loads(orjson.dumps({"seq": seq, "view": {"x": doc, "y": [doc, 1]}}))
                    for seq, doc in ((1, a), (2, b)))  # (copied: jsonpatch would change a shared part twice)
            ops = diff_sections(sections(a, "view"), sections(b, "view"))
            assert _exact(jsonpatch.apply_patch(a, ops)) == _exact(b), ops


# -- the server's updates over whole games ------------------------------------------------------

class Recorder(TableSocket):
    """A table socket without a network: the snapshots it is handed, and a client that keeps
    the last snapshot from what it is sent (a full state, then patches applied by jsonpatch)."""

    def __init__(self, token: str | None, every: int = 1) -> None:
        super().__init__(None, token, Traffic())
        self.every = every  # takes only every n-th update, as a slow or shared-feed socket does
        self.handed = 0
        self.body: dict | None = None
        self.log: list = []
        self.rev: int | None = None
        self.kinds: list[str] = []

    def push(self, snapshot: Snapshot) -> None:
        self.handed += 1
        if self.body is None or self.handed % self.every == 0:
            self.receive(orjson.loads(self.message(snapshot)))
            held = {**self.body, "view": {**self.body["view"], "log": self.log}}
            assert _exact(held) == _exact(snapshot.data), self.kinds[-1]

    def receive(self, message: dict) -> None:
        self.kinds.append(message["type"])
        if message["type"] == "state":
            view = {key: value for key, value in message["view"].items() if key != "log"}
            self.body = {key: value for key, value in message.items()
                         if key not in ("type", "log_from", "now_ms", "rev")} | {"view": view}
            tail = message["view"]["log"]
        else:
            assert message["type"] == "patch" and message["base"] == self.rev
            self.body = jsonpatch.apply_patch(self.body, message["ops"])
            tail = message["log"]
        assert message["log_from"] <= len(self.log)
        self.log = self.log[:message["log_from"]] + tail
        self.rev = message["rev"]


@pytest.fixture
def sqlite_store(tmp_path):
    store = LogStore.from_url(f"sqlite:///{tmp_path / 'gametable.sqlite3'}")
    migrate(store.engine)
    yield store
    store.close()


async def _play(store: LogStore, game: str, players: int, seed: int,
                actions: int) -> tuple[list[Recorder], int]:
    """Random moves (and sometimes an undo) by every seat; the table's recorders and how many
    undos were made."""
    rnd = random.Random(seed)
    undos = 0
    manager = TableManager(store, CATALOG, bot_pause=0)
    try:
        table, token = await manager.create(game, players, [], {}, "Ann")
        tokens = [token] + [(await manager.join(table.id, f"P{seat}"))[1] for seat in range(1, players)]
        recorders = [Recorder(t) for t in tokens] + [Recorder(None), Recorder(None, every=3)]
        for recorder in recorders:
            await manager.watch(table.id, recorder)
        for _ in range(actions):
            if table.state.is_over():
                break
            seat = rnd.choice([s for s in range(players) if table.legal[s]])
            steps = table.undo_steps(seat)
            if steps and rnd.random() < 0.2:
                await manager.undo(table.id, tokens[seat], table.seq, rnd.randint(1, steps))
                undos += 1
            else:
                await manager.act(table.id, tokens[seat], table.seq, rnd.choice(table.legal[seat]))
        return recorders, undos
    finally:
        await manager.stop()


@pytest.mark.parametrize("game, players, seed", [
    ("gwt", 2, 1), ("gwt", 4, 2), ("gwt-2e", 3, 3),
    ("catan-on-the-road", 2, 4), ("catan-on-the-road", 4, 5)])
def test_every_update_patches_the_last_snapshot_into_the_next(sqlite_store, monkeypatch, game, players, seed):
    # the same deal every run (the manager draws a table's seeds with secrets.randbelow)
    monkeypatch.setattr("gametable.server.rooms.seating.secrets.randbelow", random.Random(seed).randrange)
    recorders, undos = asyncio.run(_play(sqlite_store, game, players, seed, actions=250))
    assert undos >= 3
    for recorder in recorders:
        # the first message is whole, every later one a patch (undos included)
        assert recorder.kinds[0] == "state" and set(recorder.kinds[1:]) == {"patch"}
        assert recorder.handed > 100
        assert len(recorder.kinds) == (recorder.handed if recorder.every == 1 else 1 + recorder.handed // 3)


def _rebuilt(sock) -> dict:
    """The table as a socket's patches made it: the snapshot it holds, with the log it has."""
    return {**sock.body, "view": {**sock.body["view"], "log": sock.log}}


def test_over_a_socket_patches_follow_the_first_state_and_rebuild_the_table_also_after_a_sync(api):
    table = api.create(game="gwt", players=2)
    tid, tokens = table["id"], [table["token"], api.join(table["id"])["token"]]
    rnd = random.Random(5)
    with api.socket(tid, tokens[0]) as ann, api.socket(tid) as watcher:
        sockets = {0: ann, None: watcher}
        for sock in sockets.values():
            sock.until(lambda m: m["type"] == "state")
        for turn in range(12):
            if turn == 6:
                ann.send({"type": "sync"})  # the whole table again, then patches of it
                again = ann.until(lambda m: m["type"] == "state" and "patch" not in m)
                assert again["log_from"] == 0 and again["rev"] == ann.rev
            seat, legal = next((s, t["legal_actions"]) for s, t in enumerate(api.table(tid, t) for t in tokens)
                               if t["legal_actions"])
            seq = api.act_ok(tid, tokens[seat], api.table(tid, tokens[seat])["seq"], rnd.choice(legal))
            for viewer, sock in sockets.items():
                sock.until(lambda m: m["type"] == "state" and m["seq"] == seq)
                assert _exact(_rebuilt(sock)) == _exact(api.table(tid, tokens[viewer] if viewer is not None else None))
    for sock, states in ((ann, 2), (watcher, 1)):
        kinds = [frame["type"] for frame in sock.frames if frame["type"] in ("state", "patch")]
        assert kinds[0] == "state" and kinds.count("state") == states and kinds.count("patch") >= 12


def test_a_board_given_again_is_encoded_once_and_found_unchanged_by_identity(sqlite_store, monkeypatch):
    # GWT gives its trail and railroad again while they are unchanged (State.lasting_view_keys):
    # the table's audience keeps their encodings (snapshots.LastingParts), so most updates
    # encode neither, and every seat's socket keeps the very same bytes of them. The updates
    # are still exactly the next snapshots (the recorders check each).
    monkeypatch.setattr("gametable.server.rooms.seating.secrets.randbelow", random.Random(9).randrange)
    made: list[str] = []
    member_sections = patches.member_sections

    def counted(path, value):
        made.append(path)
        return member_sections(path, value)

    monkeypatch.setattr(patches, "member_sections", counted)
    recorders, _ = asyncio.run(_play(sqlite_store, "gwt", 2, 9, actions=120))
    updates = recorders[0].handed
    boards = {path: made.count(path) for path in ("/view/trail", "/view/railroad")}
    assert updates > 100
    assert 0 < boards["/view/trail"] < updates / 4 and 0 < boards["/view/railroad"] < updates / 4
    kept = [recorder._base[1] for recorder in recorders[:3]]  # both seats and a spectator
    assert kept[0]["/view/trail"] is kept[1]["/view/trail"] is kept[2]["/view/trail"]
    assert kept[0]["/view/railroad/stations"] is kept[2]["/view/railroad/stations"]


def test_lasting_parts_are_kept_while_given_again_and_dropped_when_gone():
    board, market = [{"tile": "a"}] * 3, {"cards": [1, 2]}
    keys = ("board", "market")
    kept = LastingParts()
    first = kept.encodings({"seat": 0, "board": board, "market": market}, keys)
    assert first[id(board)][1] == "/view/board"
    assert first[id(board)][2] == [("/view/board", orjson.dumps(board))]
    assert len(first) == 2  # (only the lasting members)
    again = kept.encodings({"seat": 1, "board": board, "market": {"cards": [1, 2]}}, keys)
    assert again[id(board)][2] is first[id(board)][2]  # given again: not encoded anew
    assert id(market) not in again  # another object, even an equal one, is encoded anew
    assert list(kept.encodings({"market": market}, keys)) == [id(market)]
    assert list(kept.parts) == ["market"]
    assert kept.encodings({"market": market}, ()) == {} and not kept.parts


def test_sections_name_a_path_with_the_same_string_every_time_and_keep_few(monkeypatch):
    # The pointers are made once and given again (the lookups of one update's sections in the
    # last one's then compare them by identity); the keys are still escaped; the cache of them
    # is bounded, whatever documents come.
    first = sections({"view": {"a/b": [1], "c~": {"d": 2}}, "seq": 1}, "view")
    second = sections({"view": {"a/b": [2], "c~": {"d": 3}}, "seq": 2}, "view")
    assert list(first) == ["/view", "/view/a~1b", "/view/c~0", "/seq"]
    assert all(mine is theirs for mine, theirs in zip(first, second))
    monkeypatch.setattr(patches, "_PATHS_KEPT", 50)
    for n in range(100):
        sections({"view": {f"k{n}-{i}": [i] for i in range(20)}}, "view")
        assert len(patches._PATHS) <= 50 + 21
