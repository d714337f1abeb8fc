"""State checkpoints (issue 12): a table loads from its newest checkpoint plus the log after it,
and that is exactly the full replay; a checkpoint is written every N actions, only where no undo
can reach back across it; one that cannot be trusted is ignored and the log replayed instead."""

from __future__ import annotations

import asyncio
import json
import logging
import random

import pytest

from gametable.engine import Timeline, replay_timeline, resolve_options, timeline_steps, undo_entry
from gametable.server.checkpoints import CheckpointUnusable, from_checkpoint, rebuild
from gametable.server.store import StateCheckpoint, TableRecord
from gametable.server.tables import TableManager
from tests.server.conftest import CATALOG

GAMES = ["gwt", "gwt-2e", "catan-on-the-road"]


def _record(game_name: str, players: int, seed: int) -> TableRecord:
    game = CATALOG.get(game_name)
    return TableRecord(id="t", game=game_name, num_players=players,
                       options=resolve_options(game.options, {}), seed=seed, bot_seed=1,
                       creator_hash="h" * 64, created_ms=0, finished_ms=None)


def _random_log(game_name: str, players: int, seed: int, steps: int) -> list:
    """A random game's log with undo entries mixed in (a quarter of the chances to undo taken)."""
    game = CATALOG.get(game_name)
    rnd = random.Random(seed)
    timeline = Timeline(game.new(players, seed, resolve_options(game.options, {})))
    entries = []
    while len(entries) < steps and not timeline.state.is_over():
        seat = rnd.choice(timeline.state.to_act())
        window = timeline.window.steps(seat)
        entry = (undo_entry(rnd.randint(1, window)) if window and rnd.random() < 0.25
                 else rnd.choice(timeline.state.legal_actions(seat)))
        entries.append((seat, timeline.apply(seat, entry)))
    assert any(e["type"] == "@undo" for _, e in entries), "the game should hold undo entries"
    return entries


def _checkpoint_at(game_name: str, record: TableRecord, entries: list, seq: int) -> StateCheckpoint:
    game = CATALOG.get(game_name)
    timeline = replay_timeline(game, record.num_players, record.seed, record.options, entries[:seq])
    return StateCheckpoint("t", seq, game.state_version, json.dumps(timeline.state.to_json()))


def _closed_seqs(game_name: str, record: TableRecord, entries: list) -> list[int]:
    """The seqs after which no seat could undo (where the server may take a checkpoint)."""
    game = CATALOG.get(game_name)
    steps = timeline_steps(game, record.num_players, record.seed, record.options, entries)
    return [seq for seq, timeline in enumerate(steps) if not timeline.window.actions]


@pytest.mark.parametrize("game_name", GAMES)
def test_a_checkpoint_and_the_log_after_it_equal_the_full_replay(game_name):
    record = _record(game_name, 3, seed=21)
    game = CATALOG.get(game_name)
    entries = _random_log(game_name, 3, 21, steps=260)
    full = replay_timeline(game, 3, record.seed, record.options, entries, True)
    closed = _closed_seqs(game_name, record, entries)
    picked = random.Random(3).sample(closed[1:], 6) + [closed[-1]]
    for seq in picked:
        resumed = from_checkpoint(game, record, _checkpoint_at(game_name, record, entries, seq),
                                  entries[seq:])
        assert resumed.state.to_json() == full.state.to_json(), seq
        # the last seat may take back the same actions, to the same position
        seat = entries[-1][0]
        assert resumed.window.steps(seat) == full.window.steps(seat), seq
        steps = full.window.steps(seat)
        if steps:
            assert resumed.undone(seat, steps).to_json() == full.undone(seat, steps).to_json()
        # and both go on alike
        rnd_a, rnd_b = random.Random(seq), random.Random(seq)
        a, b = resumed.state, full.state.clone()
        for _ in range(20):
            if a.is_over():
                break
            seat_a, seat_b = rnd_a.choice(a.to_act()), rnd_b.choice(b.to_act())
            a.apply(seat_a, rnd_a.choice(a.legal_actions(seat_a)))
            b.apply(seat_b, rnd_b.choice(b.legal_actions(seat_b)))
        assert a.to_json() == b.to_json()


@pytest.mark.parametrize("game_name", GAMES)
def test_the_state_json_reads_back_exactly_rng_included(game_name):
    game = CATALOG.get(game_name)
    record = _record(game_name, 4 if game_name == "catan-on-the-road" else 3, seed=8)
    entries = _random_log(game_name, record.num_players, 8, steps=150)
    state = replay_timeline(game, record.num_players, record.seed, record.options, entries).state
    data = json.loads(json.dumps(state.to_json()))
    back = game.from_json(data)
    assert back.to_json() == data
    assert back.reveal_marker() == state.reveal_marker()  # the RNG and the face-down stacks
    for _ in range(30):  # the RNG draws the same from here on
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[-1]
        assert back.legal_actions(seat) == state.legal_actions(seat)
        state.apply(seat, action)
        back.apply(seat, action)
    assert back.to_json() == state.to_json()


def _damaged(checkpoint: StateCheckpoint, how: str) -> StateCheckpoint:
    data = json.loads(checkpoint.state)
    if how == "version":
        return StateCheckpoint("t", checkpoint.seq, checkpoint.state_version + 1, checkpoint.state)
    if how == "corrupt":
        return StateCheckpoint("t", checkpoint.seq, checkpoint.state_version, checkpoint.state[:-40])
    if how == "field missing":
        del data[sorted(data)[0]]
    if how == "field added":
        data["from_another_version"] = 1
    if how == "another game":
        other = CATALOG.get("catan-on-the-road").new(3, 1)
        data = other.to_json()
    return StateCheckpoint("t", checkpoint.seq, checkpoint.state_version, json.dumps(data))


@pytest.mark.parametrize("how", ["version", "corrupt", "field missing", "field added", "another game"])
def test_an_unusable_checkpoint_falls_back_to_the_full_replay(how, caplog):
    game_name = "gwt"
    game = CATALOG.get(game_name)
    record = _record(game_name, 3, seed=5)
    entries = _random_log(game_name, 3, 5, steps=120)
    seq = _closed_seqs(game_name, record, entries)[-2]
    checkpoint = _damaged(_checkpoint_at(game_name, record, entries, seq), how)
    with pytest.raises(CheckpointUnusable):
        from_checkpoint(game, record, checkpoint, entries[seq:])
    with caplog.at_level(logging.WARNING, logger="gametable.server.checkpoints"):
        timeline, start, length = rebuild(game, record, checkpoint, entries[seq:], lambda: entries)
    assert (start, length) == (0, len(entries))
    full = replay_timeline(game, 3, record.seed, record.options, entries, True)
    assert timeline.state.to_json() == full.state.to_json()
    assert any("replaying the whole log" in r.getMessage() for r in caplog.records)


async def _play(store, game_name: str, seed: int, every: int, steps: int) -> tuple[str, dict[int, str]]:
    """A table of three people played at random through the manager (undos mixed in); the
    checkpoint stored after each action, by seq."""
    manager = TableManager(store, CATALOG, bot_pause=3600, checkpoint_every=every)
    rnd = random.Random(seed)
    written: dict[int, str] = {}
    try:
        table, _ = await manager.create(game_name, 3, [], {}, "Ann")
        await manager.join(table.id, "Bob")
        await manager.join(table.id, "Cy")
        for _ in range(steps):
            async with manager.locked(table.id) as hot:
                if hot.state.is_over():
                    break
                seat = rnd.choice(hot.state.to_act())
                window = hot.undo_steps(seat)
                entry = (undo_entry(rnd.randint(1, window)) if window and rnd.random() < 0.3
                         else rnd.choice(hot.state.legal_actions(seat)))
                await manager.commit(hot, seat, entry)
                await manager.checkpoints.close()  # the write is done
                newest = store.newest_checkpoint(table.id)
                if newest is not None and newest.seq == hot.seq:
                    written[newest.seq] = newest.state
        return table.id, written
    finally:
        await manager.stop()


@pytest.mark.parametrize("game_name", ["gwt", "catan-on-the-road"])
def test_checkpoints_are_written_every_n_actions_never_where_an_undo_could_cross(store, game_name):
    every = 7
    table_id, written = asyncio.run(_play(store, game_name, seed=13, every=every, steps=150))
    record = store.load_table(table_id)
    game = CATALOG.get(game_name)
    entries = [(a.seat, a.action) for a in store.actions_after(table_id, 0)]
    assert any(e["type"] == "@undo" for _, e in entries)
    closed = set(_closed_seqs(game_name, record, entries))
    assert written and set(written) <= closed  # never at a seq an undo could reach behind
    # the first seq with no undo possible once `every` actions have passed since the last one
    expected, last = [], 0
    for seq in range(1, len(entries) + 1):
        if seq - last >= every and seq in closed:
            expected.append(seq)
            last = seq
    assert sorted(written) == expected
    for seq, state in written.items():  # each is the replay's state at its seq
        replayed = replay_timeline(game, record.num_players, record.seed, record.options, entries[:seq])
        assert json.loads(state) == replayed.state.to_json(), seq


def test_no_checkpoints_when_they_are_off(store):
    table_id, written = asyncio.run(_play(store, "catan-on-the-road", seed=2, every=0, steps=60))
    assert not written and store.newest_checkpoint(table_id) is None


def test_a_table_loads_from_its_checkpoint_and_goes_on_as_before(store):
    """Another process loads the table from the newest checkpoint and the log after it: the
    same state, the same undo, the same timeouts list."""
    table_id, written = asyncio.run(_play(store, "gwt", seed=4, every=5, steps=80))
    newest = store.newest_checkpoint(table_id)
    assert newest is not None and newest.seq == max(written)
    record = store.load_table(table_id)
    entries = [(a.seat, a.action) for a in store.actions_after(table_id, 0)]
    full = replay_timeline(CATALOG.get("gwt"), 3, record.seed, record.options, entries, True)

    async def load() -> tuple:
        manager = TableManager(store, CATALOG, bot_pause=3600)
        try:
            table = await manager.table(table_id)
            return table.seq, table.state.to_json(), table.timeline.window.steps(entries[-1][0])
        finally:
            await manager.stop()

    seq, state, steps = asyncio.run(load())
    assert seq == len(entries) and state == full.state.to_json()
    assert steps == full.window.steps(entries[-1][0])


def test_a_checkpoint_past_the_end_of_the_log_is_not_used(store):
    table_id, _ = asyncio.run(_play(store, "catan-on-the-road", seed=6, every=4, steps=30))
    newest = store.newest_checkpoint(table_id)
    length = len(store.actions_after(table_id, 0))
    store.save_checkpoints([StateCheckpoint(table_id, length + 5, newest.state_version, newest.state)])
    assert store.newest_checkpoint(table_id) is None  # only the newest is kept, and it is past the end


def test_the_resume_order_puts_people_first_the_soonest_deadline_first():
    from gametable.server.checkpoints import resume_order
    from gametable.server.store import ResumeCandidate

    now = 1_000_000
    candidates = [
        ResumeCandidate("bot-old", True, None, now - 500_000),
        ResumeCandidate("people-late", False, None, now - 10),
        ResumeCandidate("people-deadline-later", False, now + 60_000, now - 100),
        ResumeCandidate("bot-new", True, None, now - 5),
        ResumeCandidate("people-idle", False, None, now - 500_000),
        ResumeCandidate("people-deadline-soon", False, now + 1_000, now - 400_000),
        ResumeCandidate("people-earlier", False, None, now - 50),
    ]
    assert resume_order(candidates, active_since=now - 100_000) == [
        "people-deadline-soon", "people-deadline-later",  # a running clock: soonest first, even if idle
        "people-late", "people-earlier",  # then the latest played
        "bot-new", "bot-old",  # bots last (always: they go on by themselves), latest first
    ]  # people-idle stays on disk


@pytest.mark.parametrize("raw", ["-1", "2.5", "fifty", "true"])
def test_a_bad_checkpoint_interval_is_refused_with_what_to_set(raw, monkeypatch):
    from gametable.server.config import SettingError, Settings

    monkeypatch.setenv("GAMETABLE_CHECKPOINT_EVERY", raw)
    with pytest.raises(SettingError, match="GAMETABLE_CHECKPOINT_EVERY must be 0 .no checkpoints"):
        Settings.from_env(database_url="sqlite://")
    monkeypatch.setenv("GAMETABLE_CHECKPOINT_EVERY", "20")
    assert Settings.from_env(database_url="sqlite://").checkpoint_every == 20
    assert Settings(database_url="sqlite://").checkpoint_every == 50


def test_a_failed_checkpoint_write_is_only_logged(store, monkeypatch, caplog):
    def broken(_checkpoints):
        raise OSError("disk full")

    monkeypatch.setattr(store, "save_checkpoints", broken)
    with caplog.at_level(logging.ERROR, logger="gametable.server.checkpoints"):
        table_id, written = asyncio.run(_play(store, "catan-on-the-road", seed=9, every=3, steps=40))
    assert not written
    assert len(store.actions_after(table_id, 0)) >= 30  # every action was committed all the same
    assert any("could not store" in r.getMessage() for r in caplog.records)
