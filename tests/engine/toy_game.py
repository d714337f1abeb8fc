"""A tiny game that exercises the engine protocol without any real game's rules.

Take-away with a hidden hand: each seat holds secret tokens (its hand); on its turn a seat
takes 1 or 2 from a shared pile, or passes once per game; whoever takes the last token wins.
Server and engine tests use it where any game would do.
"""

from __future__ import annotations

from typing import Any, Mapping

from gametable.engine import Game, OptionSpec, Rng, State
from gametable.engine.log import log_for


class ToyState(State):
    def __init__(self, num_players: int, pile: int, hands: list[list[int]], rng: Rng) -> None:
        self._num_players = num_players
        self.pile = pile
        self.hands = hands
        self.turn = 0
        self.passed = [False] * num_players
        self.winner: int | None = None
        self.rng = rng
        self.log: list[dict[str, Any]] = []

    @property
    def num_players(self) -> int:
        return self._num_players

    def to_act(self) -> list[int]:
        return [] if self.winner is not None else [self.turn]

    def _legal_actions(self, seat: int) -> list[dict[str, Any]]:
        actions = [{"type": "take", "count": n} for n in (1, 2) if n <= self.pile]
        if not self.passed[seat]:
            actions.append({"type": "pass"})
        return actions

    def _apply(self, seat: int, action: dict[str, Any]) -> None:
        if action["type"] == "pass":
            self.passed[seat] = True
            self.log.append({"key": "toy.passed", "seat": seat})
        else:
            self.pile -= action["count"]
            drawn = self.rng.below(100)
            self.hands[seat].append(drawn)
            self.log.append({"key": "toy.took", "seat": seat, "count": action["count"],
                             "private": {"token": drawn}})
            if self.pile == 0:
                self.winner = seat
                return
        self.turn = (self.turn + 1) % self._num_players

    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for s, hand in enumerate(self.hands):
            entry: dict[str, Any] = {"seat": s}
            if s == seat:
                entry["hand"] = list(hand)
            else:
                entry["hand_size"] = len(hand)
            players.append(entry)
        return {"game": "toy", "seat": seat, "to_act": self.to_act(), "pile": self.pile,
                "players": players, "log": log_for(self.log, seat)}

    def is_over(self) -> bool:
        return self.winner is not None

    def _result(self) -> dict[str, Any]:
        return {
            "scores": [{"seat": s, "total": int(s == self.winner), "breakdown": {"last_token": int(s == self.winner)}}
                       for s in range(self._num_players)],
            "winners": [self.winner],
        }

    def to_json(self) -> dict[str, Any]:
        return {"game": "toy", "num_players": self._num_players, "pile": self.pile,
                "hands": [list(h) for h in self.hands], "turn": self.turn, "passed": list(self.passed),
                "winner": self.winner, "rng": self.rng.to_json(), "log": list(self.log)}


class ToyGame(Game):
    name = "toy"
    title = "Toy take-away"
    domain = "toy"
    min_players = 2
    max_players = 4
    options = {"pile": OptionSpec("pile", (5, 10, 21), 10, "Tokens in the shared pile at the start.")}

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> ToyState:
        return ToyState(num_players, options["pile"], [[] for _ in range(num_players)], Rng(seed))

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        state = ToyState(data["num_players"], data["pile"], [list(h) for h in data["hands"]],
                         Rng.from_json(data["rng"]))
        state.turn = data["turn"]
        state.passed = list(data["passed"])
        state.winner = data["winner"]
        state.log = list(data["log"])
        return state


ToyState.game = ToyGame()
GAME = ToyState.game
