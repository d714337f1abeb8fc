"""Guided first games (/learn/<game>): a fixed deal, the learner at seat 0 and an opponent whose
every move is written down in advance.

A guide is data, one JSON file per game under ``guides/`` (written by ``scripts/learn_guides.py``
from the engine itself): the seed, the options and every action of the lesson in order, each with
its seat; the learner's actions carry the ``lesson`` whose words the page shows (catalog
``web.<domain>.learn.<lesson>``). Step n is the action the table's seq n expects, so a table's
position alone says where the learner is (nothing else is stored to resume).

The opponent is the bot level ``guide`` (gametable.bots.registry): it plays the written action
for its seat at the table's seq while the table is still on the script, and the basic bot once
the lesson is over or the table left it (the learner may go on playing).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gametable.engine import Action, State

GUIDES_DIR = Path(__file__).parent / "guides"
#: the learner's seat at a guide's table (the creator's)
LEARNER = 0


@dataclass(frozen=True)
class Guide:
    game: str
    seed: int
    players: int
    options: dict[str, Any]
    steps: tuple[dict[str, Any], ...]

    def expected(self, seq: int) -> dict[str, Any] | None:
        """The step the table's seq ``seq`` waits for; None once the lesson is over."""
        return self.steps[seq] if 0 <= seq < len(self.steps) else None

    def lesson_steps(self) -> list[dict[str, Any]]:
        """The learner's steps as the page needs them: seq, the action, the lesson's key."""
        return [{"seq": seq, "action": step["action"], "lesson": step["lesson"]}
                for seq, step in enumerate(self.steps) if step["seat"] == LEARNER]


def games() -> list[str]:
    return sorted(path.stem for path in GUIDES_DIR.glob("*.json"))


@cache
def guide(game: str) -> Guide:
    """The guide of ``game``; KeyError when there is none."""
    path = GUIDES_DIR / f"{game}.json"
    if game not in games():
        raise KeyError(game)
    data = json.loads(path.read_text(encoding="utf-8"))
    return Guide(data["game"], data["seed"], data["players"], data.get("options", {}), tuple(data["steps"]))


class ScriptedBot:
    """The guide's opponent: the written move while the table follows the script, else the
    basic bot's. ``seq`` is the table's seq (the server seeds a guide table's bots with 0 plus
    the seq, see rooms/learning.py)."""

    def __init__(self, game: str, seq: int) -> None:
        self.game, self.seq = game, seq

    def choose(self, state: State, seat: int) -> Action:
        step = guide(self.game).expected(self.seq)
        if step is not None and step["seat"] == seat and step["action"] in state.legal_actions(seat):
            return step["action"]
        from gametable.bots.registry import basic_bot
        return basic_bot(self.game)(self.seq).choose(state, seat)
