"""What the research environments cost: CPU per decision of whole random games, played through the
engine alone and through each adapter (docs/research.md), interleaved.

    python bench/rl_envs.py [--rounds 2] [--games NAME ...] [--players 2 4] [--json]

Every configuration plays whole games, uniformly random over the legal actions, with seeds 0, 1,
2, ... (one game per configuration per round, the configurations interleaved round by round):
``engine`` (``state.legal_actions`` and ``state.apply``, as ``gametable simulate`` with random
bots), ``gymnasium`` (seat 0 the agent, choosing from ``info["action_mask"]``, the other seats random
bots), ``pettingzoo`` (every seat an agent: ``last()`` then ``step``), ``openspiel``
(``legal_actions`` then ``apply_action``, after the deal). It reports CPU milliseconds per decision
(process time) and the ratio to the engine alone. Needs the ``rl`` extra.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

import gametable.rl.gymnasium as gametable_gym  # noqa: E402
import gametable.rl.openspiel as gametable_spiel  # noqa: E402
from gametable import games  # noqa: E402
from gametable.rl import encodings  # noqa: E402
from gametable.rl.pettingzoo import env as pettingzoo_env  # noqa: E402
from gametable.sim.runner import play_random_game  # noqa: E402


class AppliesCounted:
    """Counts every ``State.apply`` of the game while active: the decisions, however they were made."""

    def __init__(self, name: str) -> None:
        self.cls = type(games.get(name).new(games.get(name).min_players, 0))
        self.count = 0

    def __enter__(self) -> "AppliesCounted":
        original = self.original = self.cls.apply

        def counted(state, seat, action):
            self.count += 1
            return original(state, seat, action)

        self.cls.apply = counted
        return self

    def __exit__(self, *exc: object) -> None:
        self.cls.apply = self.original


def engine(name: str, players: int, seed: int) -> None:
    play_random_game(games.get(name), players, seed)


def with_gymnasium(name: str, players: int, seed: int) -> None:
    environment = gymnasium.make(gametable_gym.env_id(name), num_players=players)
    environment.action_space.seed(seed)
    obs, info = environment.reset(seed=seed)
    done = False
    while not done:
        obs, reward, terminated, truncated, info = environment.step(
            environment.action_space.sample(mask=info["action_mask"]))
        done = terminated or truncated


def with_pettingzoo(name: str, players: int, seed: int) -> None:
    environment = pettingzoo_env(name, players)
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in environment.agent_iter():
        obs, reward, terminated, truncated, info = environment.last()
        environment.step(None if terminated or truncated
                         else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def with_openspiel(name: str, players: int, seed: int) -> None:
    game = pyspiel.load_game(gametable_spiel.game_name(name), {"players": players})
    state = game.new_initial_state()
    state.apply_action(seed % game.max_chance_outcomes())
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))


WAYS = {"engine": engine, "gymnasium": with_gymnasium, "pettingzoo": with_pettingzoo,
        "openspiel": with_openspiel}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--games", nargs="*", default=encodings.names())
    parser.add_argument("--players", nargs="*", type=int, default=[2, 4])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    totals: dict[tuple[str, int, str], list[float]] = {}
    for round_number in range(args.rounds):
        for name in args.games:
            for players in args.players:
                for way, play in WAYS.items():
                    with AppliesCounted(name) as applies:
                        start = time.process_time()
                        play(name, players, round_number)
                        spent = time.process_time() - start
                    decisions = applies.count
                    entry = totals.setdefault((name, players, way), [0, 0.0])
                    entry[0] += decisions
                    entry[1] += spent
    rows = []
    for (name, players, way), (decisions, seconds) in totals.items():
        base_decisions, base_seconds = totals[(name, players, "engine")]
        per = 1000 * seconds / decisions
        rows.append({"game": name, "players": players, "way": way, "decisions": decisions,
                     "cpu_seconds": round(seconds, 2), "cpu_ms_per_decision": round(per, 3),
                     "ratio_to_engine": round(per / (1000 * base_seconds / base_decisions), 1)})
    load = os.getloadavg()
    if args.json:
        print(json.dumps({"load_average": load, "rows": rows}, indent=1))
        return
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {args.rounds} rounds")
    print(f"{'game':<20}{'players':>8}  {'way':<11}{'decisions':>10}{'CPU ms/decision':>17}{'× engine':>10}")
    for row in rows:
        print(f"{row['game']:<20}{row['players']:>8}  {row['way']:<11}{row['decisions']:>10}"
              f"{row['cpu_ms_per_decision']:>17.3f}{row['ratio_to_engine']:>10.1f}")


if __name__ == "__main__":
    main()
