"""Saved games: one JSON line per game, with everything it takes to replay it exactly.

``simulate --save FILE.jsonl`` writes them (GameWriter); ``replay`` reads them back (read_games), and
also reads a table's log as the web API serves it (``GET /api/tables/{id}/log`` of a finished game).
docs/research.md describes the format.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Iterator, Mapping

from gametable import games as registry
from gametable.engine import Action, Game, InvalidOptions, ReplayRefused, State, replay_steps
from gametable.sim.runner import BOT_SEED_SALT, GameRecord, RunPlan

#: the version of the line format; a reader refuses lines of a newer one
FORMAT = 1
SAVE_HINT = "each line must be one game as `gametable simulate --save` writes it (see docs/research.md)"


class SavedGameError(ValueError):
    """A saved game that cannot be read or replayed; the message names the file, line and step."""


def game_line(plan: RunPlan, record: GameRecord) -> dict[str, Any]:
    """The saved form of one game of a run (its actions must have been recorded)."""
    return {
        "format": FORMAT,
        "index": record.index,
        "game": plan.game.name,
        "players": plan.players,
        "seed": record.seed,
        "options": dict(plan.options),
        "bots": list(plan.levels),
        # the seed of each seat's bot (bots.get(level, game, seed)), to play the same game again
        "bot_seeds": [(record.seed ^ BOT_SEED_SALT) + seat for seat in range(plan.players)],
        "decisions": record.decisions,
        "actions": [[seat, action] for seat, action in record.actions or ()],
        "result": record.result,
    }


class GameWriter:
    """Appends one line per game and hands it to the operating system at once, so a crash of the
    run loses no game already written."""

    def __init__(self, path: Path) -> None:
        self.path = path
        # "x": never overwrite a file that may hold a long run's games
        self._file: IO[str] = path.open("x", encoding="utf-8", buffering=1)

    def write(self, plan: RunPlan, record: GameRecord) -> None:
        self._file.write(json.dumps(game_line(plan, record), ensure_ascii=False, separators=(",", ":")) + "\n")

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> "GameWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass
class SavedGame:
    """One game read back: where it came from and what it takes to replay it."""
    source: str  # "file.jsonl line 3", for messages
    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    actions: list[tuple[int, Action]]
    result: dict[str, Any] | None
    index: int | None = None
    #: the bot level of each seat (a simulated game)
    levels: list[str] = field(default_factory=list)
    #: the players' names by seat (a table's log)
    seat_names: list[str] = field(default_factory=list)
    #: the steps (1 = the first action) the server's bot played for a seat out of time (a table's log)
    timeouts: frozenset[int] = frozenset()

    def steps(self) -> Iterator[State]:
        """The state at the start, then after each action (the same object, moving forward)."""
        try:
            yield from replay_steps(self.game, self.players, self.seed, self.options, self.actions)
        except InvalidOptions as exc:
            raise SavedGameError(f"{self.source}: the game cannot be set up again: {exc}; {SAVE_HINT}") from None
        except ReplayRefused as exc:
            raise SavedGameError(
                f"{self.source} step {exc.step} of {len(self.actions)}: the engine refuses seat {exc.seat}'s "
                f"action {json.dumps(exc.action, ensure_ascii=False)}: {exc.reason}; the engine's rules "
                f"changed since the game was saved, or the line was edited (replay --to {exc.step - 1} "
                f"shows the game up to there)") from None

    def position(self, after: int | None = None) -> State:
        """The state after the first ``after`` actions (None: all of them)."""
        for step, state in enumerate(self.steps()):
            if step == after:
                break
        return state

    def mismatch(self) -> str | None:
        """Replay the whole game; None if it ends with the saved result, else what differs."""
        state = self.position()
        if not state.is_over():
            return f"{self.source}: the game is not over after its {len(self.actions)} actions"
        # through JSON, as the saved result went (tuples become lists)
        replayed = json.loads(json.dumps(state.result()))
        if replayed != self.result:
            return (f"{self.source}: the replayed result differs from the saved one: "
                    f"{_first_difference(self.result, replayed)}")
        return None


def _first_difference(saved: Any, replayed: Any, where: str = "result") -> str:
    if isinstance(saved, Mapping) and isinstance(replayed, Mapping):
        for key in list(saved) + [k for k in replayed if k not in saved]:
            if saved.get(key) != replayed.get(key):
                return _first_difference(saved.get(key), replayed.get(key), f"{where}.{key}")
    if isinstance(saved, list) and isinstance(replayed, list) and len(saved) == len(replayed):
        for i, (a, b) in enumerate(zip(saved, replayed)):
            if a != b:
                return _first_difference(a, b, f"{where}[{i}]")
    return f"{where} was {json.dumps(saved)}, is now {json.dumps(replayed)}"


def read_games(path: Path) -> Iterator[SavedGame]:
    """Every game of ``path``: the lines of a ``simulate --save`` file, or the one game of a table's
    log saved from the web API. Raises SavedGameError naming the file and line of a bad one."""
    try:
        handle = path.open(encoding="utf-8")
    except FileNotFoundError:
        raise SavedGameError(f"{path}: no such file; give the file `gametable simulate --save` wrote "
                             f"or a table's log saved from GET /api/tables/<id>/log") from None
    except OSError as exc:
        raise SavedGameError(f"{path}: cannot read it ({exc.strerror}); check the path and its permissions") from None
    with handle:
        first = handle.readline()
        if _is_table_log_start(first):
            yield _from_table_log(path, first + handle.read())
            return
        number, line = 1, first
        while line:
            if line.strip():
                yield _from_line(path, number, line)
            number, line = number + 1, handle.readline()


def _is_table_log_start(first_line: str) -> bool:
    """A saved game line is a whole JSON object with "format"; anything else that starts like a
    JSON object is read as one (possibly pretty-printed) table log."""
    if not first_line.lstrip().startswith("{"):
        return False
    try:
        return "format" not in json.loads(first_line)
    except json.JSONDecodeError:
        return True


def _from_line(path: Path, number: int, line: str) -> SavedGame:
    where = f"{path} line {number}"
    try:
        data = json.loads(line.rstrip("\r\n"))
    except json.JSONDecodeError as exc:
        raise SavedGameError(f"{where} is not JSON ({exc.msg} at column {exc.pos + 1}); {SAVE_HINT}") from None
    if not isinstance(data, dict):
        raise SavedGameError(f"{where} is not a JSON object; {SAVE_HINT}")
    if isinstance(data.get("format"), int) and data["format"] > FORMAT:
        raise SavedGameError(f"{where} has format {data['format']}, newer than this gametable reads "
                             f"({FORMAT}); update gametable")
    fields = _fields(where, data, game=str, players=int, seed=int, options=dict, actions=list,
                     result=dict, index=int, bots=list)
    return SavedGame(where, _game(where, fields["game"]), fields["players"], fields["seed"],
                     fields["options"], _actions(where, fields["actions"]), fields["result"],
                     index=fields["index"], levels=[str(level) for level in fields["bots"]])


def _from_table_log(path: Path, content: str) -> SavedGame:
    where = f"{path}"
    try:
        data = json.loads(content)
    except json.JSONDecodeError as exc:
        raise SavedGameError(f"{where} line {exc.lineno} is not JSON ({exc.msg}); give a table's log as "
                             f"GET /api/tables/<id>/log returns it, or a `simulate --save` file") from None
    if not isinstance(data, dict) or "seats" not in data:
        raise SavedGameError(f"{where} is neither a table's log (GET /api/tables/<id>/log) nor a line "
                             f"of a `simulate --save` file")
    if data.get("actions") is None or data.get("seed") is None:
        raise SavedGameError(f"{where}: table {data.get('id')!r} is still {data.get('status', 'running')}; "
                             f"its seed and actions are served once the game is over: fetch its log again then")
    fields = _fields(where, data, game=str, players=int, seed=int, options=dict, actions=list, seats=list,
                     result=dict)
    logged = fields["actions"]
    if any(not isinstance(a, dict) or "seat" not in a or "action" not in a for a in logged):
        raise SavedGameError(f"{where}: every entry of 'actions' must have 'seat' and 'action', as the "
                             f"API serves them")
    names = [str(seat.get("name", "")) if isinstance(seat, dict) else "" for seat in fields["seats"]]
    return SavedGame(f"{where} (table {data.get('id')})", _game(where, fields["game"]), fields["players"],
                     fields["seed"], fields["options"], [(a["seat"], a["action"]) for a in logged],
                     fields["result"], seat_names=names,
                     timeouts=frozenset(step for step, a in enumerate(logged, start=1) if a.get("timeout")))


_KIND_NAMES = {int: "a whole number", str: "a string", dict: "a JSON object", list: "a JSON list"}


def _fields(where: str, data: Mapping[str, Any], **expected: type) -> dict[str, Any]:
    values = {}
    for name, kind in expected.items():
        value = data.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            shown = "missing" if name not in data else json.dumps(value)[:40]
            raise SavedGameError(f"{where}: {name!r} must be {_KIND_NAMES[kind]}, not {shown}; {SAVE_HINT}")
        values[name] = value
    return values


def _game(where: str, name: str) -> Game:
    try:
        return registry.get(name)
    except registry.UnknownGame as exc:
        raise SavedGameError(f"{where}: {exc}; replay it with the gametable that has this game") from None


def _actions(where: str, actions: list) -> list[tuple[int, Action]]:
    pairs = []
    for step, item in enumerate(actions, start=1):
        if not (isinstance(item, list) and len(item) == 2):
            raise SavedGameError(f"{where} step {step}: each action must be [seat, action]; {SAVE_HINT}")
        pairs.append((item[0], item[1]))
    return pairs
