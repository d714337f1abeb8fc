"""Write the guided first games (src/gametable/learn/guides/<game>.json) from the engine.

Each plan below is the learner's choices in order, each a partial action the first matching
legal action is taken for ("far": the longest move), with the lesson that explains it (by
default the action's type). The opponent's moves are the basic bot's with a fixed seed, played
once here and written down, so the table replays them exactly. Run again after a rule change
that moves the guides off the engine (tests/server/test_learning.py says so):

    PYTHONPATH=src python scripts/learn_guides.py
"""

from __future__ import annotations

import json
from pathlib import Path

from gametable import games
from gametable.bots.registry import basic_bot
from gametable.learn import GUIDES_DIR, LEARNER

FAR = {"far": True}

PLANS = {
    "gwt": (6, [
        ({"type": "move", "path": ["NEUTRAL-E"]}, "first_move"),
        ({"type": "discard", "src": "E/1"}, "discard"),
        ({"type": "buy_cattle"}, "buy_cattle"),
        ({"type": "buy", "cards": ["brown_swiss"]}, "buy"),
        ({"type": "end_phase_b"}, "end_phase_b"),
        (FAR, "to_kansas_city"),
        ({"type": "foresight", "column": 1}, "foresight"),
        ({"type": "foresight", "column": 2}, "foresight_more"),
        ({"type": "deliver", "city": "topeka"}, "deliver"),
        ({"type": "disc"}, "disc"),
        ({"type": "move", "path": ["NEUTRAL-A"]}, "new_trail"),
        ({"type": "discard", "src": "A/1"}, "discard_again"),
        ({"type": "hire", "worker": "engineer"}, "hire"),
        ({"type": "discard", "src": "bonus/engineer/2"}, "worker_bonus"),
        ({"type": "end_phase_b"}, "last_end"),
    ]),
    "gwt-2e": (4, [
        ({"type": "move", "path": ["NEUTRAL-E"]}, "first_move"),
        ({"type": "discard", "src": "E/1"}, "discard"),
        ({"type": "buy_cattle"}, "buy_cattle"),
        ({"type": "buy", "cards": ["ayrshire"]}, "buy"),
        ({"type": "end_phase_b"}, "end_phase_b"),
        ({"type": "move", "path": ["NEUTRAL-F"]}, "move_on"),
        ({"type": "discard", "cards": ["jersey", "jersey"]}, "discard_pair"),
        ({"type": "end_phase_b"}, "end_again"),
        (FAR, "to_kansas_city"),
        ({"type": "foresight", "column": 1}, "foresight"),
        ({"type": "foresight", "column": 2}, "foresight_more"),
        ({"type": "foresight", "column": 3}, "foresight_last"),
        ({"type": "income"}, "income"),
        ({"type": "deliver", "city": "fulton"}, "deliver"),
        ({"type": "disc"}, "disc"),
        ({"type": "move", "path": ["NEUTRAL-A"]}, "new_trail"),
        ({"type": "hire", "worker": "cowboy"}, "hire_cowboy"),
        ({"type": "end_phase_b"}, "last_end"),
    ]),
    "catan-on-the-road": (5, [
        ({"type": "build", "card": "road"}, "road"),
        ({"type": "end_turn"}, "end_turn"),
        ({"type": "decline"}, "answer_trade"),
        ({"type": "end_turn"}, "keep_cards"),
        ({"type": "decline"}, "decline_again"),
        ({"type": "build", "card": "village"}, "village"),
        ({"type": "end_turn"}, "end_turn_again"),
        ({"type": "build", "card": "road"}, "longest_road"),
        ({"type": "end_turn"}, "exchange_rate"),
        ({"type": "build", "card": "knight"}, "knight"),
        ({"type": "end_turn"}, "robber_limit"),
        ({"type": "build", "card": "knight"}, "largest_army"),
        ({"type": "end_turn"}, "last_end"),
    ]),
}


def _pick(legal: list[dict], want: dict) -> dict:
    if want.get("far"):
        moves = [a for a in legal if a["type"] == "move"]
        return max(moves, key=lambda a: len(a["path"]))
    for action in legal:
        if all(action.get(key) == value for key, value in want.items()):
            return action
    raise SystemExit(f"no legal action matches {want}: {legal}")


def write_guide(game_name: str, seed: int, plan: list[tuple[dict, str]]) -> dict:
    game = games.get(game_name)
    state = game.new(2, seed, {})
    bot = basic_bot(game_name)(seed)
    steps, wanted = [], list(plan)
    while wanted:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if seat == LEARNER:
            want, lesson = wanted.pop(0)
            action = _pick(legal, want)
            steps.append({"seat": seat, "action": action, "lesson": lesson})
        else:
            action = bot.choose(state, seat)
            steps.append({"seat": seat, "action": action})
        state.apply(seat, action)
    # the opponent's moves up to the learner's next decision: the guide ends on the learner's turn
    while not state.is_over() and state.to_act()[0] != LEARNER:
        seat = state.to_act()[0]
        action = bot.choose(state, seat)
        steps.append({"seat": seat, "action": action})
        state.apply(seat, action)
    return {"game": game_name, "seed": seed, "players": 2, "options": {}, "steps": steps}


def main() -> None:
    for game_name, (seed, plan) in PLANS.items():
        data = write_guide(game_name, seed, plan)
        path = Path(GUIDES_DIR) / f"{game_name}.json"
        lines = ",\n".join("    " + json.dumps(step, ensure_ascii=False) for step in data["steps"])
        head = {k: v for k, v in data.items() if k != "steps"}
        path.write_text(json.dumps(head, ensure_ascii=False)[:-1] + ', "steps": [\n' + lines + "\n]}\n",
                        encoding="utf-8")
        print(f"{path}: {len(data['steps'])} steps, {len(plan)} the learner's")


if __name__ == "__main__":
    main()
