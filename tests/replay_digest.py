"""A digest of whole random games, to show that an engine change plays exactly the same games.

Optimisations must not change behaviour: the same seed and the same bot give the same legal
action lists in the same order, the same canonical actions, the same log and the same final
``to_json()``. Each game's test module records the digests the engine gave *before* an
optimisation (constants in the test, computed once with the unoptimised code) and compares the
current engine's digests with them: a changed digest means the engine now plays differently.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping

from gametable.bots import RandomBot
from gametable.engine import Game


def game_digest(game: Game, num_players: int, seed: int, options: Mapping[str, Any] | None = None) -> str:
    """sha256 (first 16 hex digits) over every step's seat, legal actions and canonical action
    applied, then the final log and ``to_json()``, of one random game."""
    state = game.new(num_players, seed, options)
    bot = RandomBot(seed + 7)
    digest = hashlib.sha256()

    def feed(data: Any) -> None:
        digest.update(json.dumps(data, sort_keys=True, ensure_ascii=False).encode())
        digest.update(b"\n")

    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bot.rng.choice(legal)
        feed([seat, legal, state.apply(seat, action)])
    feed(state.log)
    feed(state.to_json())
    return digest.hexdigest()[:16]
