"""Undo within a turn, checked at every step of random games of any game (engine/undo.py).

``play_with_undos`` plays random games through a Timeline, taking actions back now and then,
and checks at every step:

- an action that changed a face-down stack or the RNG (read from ``to_json``, independently of
  the game's own reveal marker) is reported ``revealed``, and nothing before it can be undone;
- an undo gives back exactly the position before the undone actions (``to_json``, log and RNG
  included), and is refused for any seat but the window's and for more steps than it holds;
- the log with its undo entries replays (engine.replay) to the same position.

It returns, per log key, how often an action writing that key was revealing / undoable, and per
action type how often one was undoable, so a game's tests can check every kind of revealing
action was met and treated as one; and the log it played, undo entries included.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

import pytest

from gametable.engine import Game, IllegalAction, Timeline, replay, undo_entry


@dataclass
class UndoRun:
    #: per log key, the actions writing it that revealed information
    revealing: Counter = field(default_factory=Counter)
    #: per log key, the actions writing it that left an undo possible
    undoable: Counter = field(default_factory=Counter)
    #: per action type, the actions that left an undo possible
    undoable_types: Counter = field(default_factory=Counter)
    #: the log played: (seat, game action or undo entry)
    entries: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


def play_with_undos(game: Game, players: int, seed: int, hidden: Callable[[dict[str, Any]], Any],
                    options: dict[str, Any] | None = None,
                    max_steps: int = 4000) -> UndoRun:
    rnd = random.Random(seed)
    timeline = Timeline(game.new(players, seed, options))
    run = UndoRun()
    entries, revealing, undoable = run.entries, run.revealing, run.undoable
    positions = [timeline.state.to_json()]  # the position after each action still in effect
    steps = 0
    while not timeline.state.is_over() and steps < max_steps:
        steps += 1
        seat = rnd.choice(timeline.state.to_act())
        window = timeline.window.steps(seat)
        if window and rnd.random() < 0.25:
            count = rnd.randint(1, window)
            with pytest.raises(IllegalAction):
                timeline.apply(seat, undo_entry(window + 1))
            for other in range(players):
                if other != seat:
                    with pytest.raises(IllegalAction):
                        timeline.apply(other, undo_entry(1))
            timeline.apply(seat, undo_entry(count))
            entries.append((seat, undo_entry(count)))
            del positions[len(positions) - count:]
            assert timeline.state.to_json() == positions[-1]
            continue
        before = positions[-1]
        action = rnd.choice(timeline.state.legal_actions(seat))
        log_from = len(timeline.state.log)
        timeline.apply(seat, action)
        entries.append((seat, action))
        after = timeline.state.to_json()
        positions.append(after)
        keys = {entry["key"] for entry in timeline.state.log[log_from:]}
        changed_hidden = hidden(before) != hidden(after) or before["rng"] != after["rng"]
        if changed_hidden:
            assert timeline.revealed, f"{action} changed a face-down stack without revealing"
        if timeline.revealed:
            revealing.update(keys)
            assert timeline.window.steps(seat) == 0
            with pytest.raises(IllegalAction):
                timeline.apply(seat, undo_entry(1))
        if timeline.window.steps(seat):
            undoable.update(keys)
            run.undoable_types[action["type"]] += 1
    assert replay(game, players, seed, options, entries).to_json() == timeline.state.to_json()
    return run


def runs_of(game: Game, hidden: Callable[[dict[str, Any]], Any],
            runs: list[tuple[int, int, dict[str, Any] | None]]) -> UndoRun:
    """``play_with_undos`` for each (players, seed, options) of ``runs``, counts added up."""
    total = UndoRun()
    for players, seed, options in runs:
        found = play_with_undos(game, players, seed, hidden, options)
        total.revealing.update(found.revealing)
        total.undoable.update(found.undoable)
        total.undoable_types.update(found.undoable_types)
    return total
