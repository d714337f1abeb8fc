"""Train a PPO policy with RLlib on a gametable PettingZoo environment (self-play, one shared policy).

    pip install -e '.[rl,cluster]' 'ray[rllib]' torch
    python bench/rllib_pettingzoo.py --iterations 3                  # a Ray of its own, on loopback
    python bench/rllib_pettingzoo.py --ray 10.0.0.5:6379 --env-runners 8   # on a cluster

Every seat of `gametable.rl.pettingzoo.env(game)` is played by one policy, an RLlib PPO module that
masks the illegal actions (RLlib's example ActionMaskingTorchRLModule). RLlib wants the observation
under the key "observations" and a float mask, which the small wrapper below gives it. The run
prints, per iteration, the games and decisions sampled, the average game length and the learner's
loss; the policy it trains in a few iterations is no player yet (docs/research.md, "RLlib").
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
from gymnasium import spaces
from pettingzoo.utils.wrappers import BaseWrapper


class ForRLlib(BaseWrapper):
    """The gametable AEC environment with the observation dict RLlib's masking module reads."""

    def observation_space(self, agent):
        inner = super().observation_space(agent)
        return spaces.Dict({"observations": inner["observation"],
                            "action_mask": spaces.Box(0.0, 1.0, inner["action_mask"].shape, np.float32)})

    def observe(self, agent):
        inner = super().observe(agent)
        return {"observations": inner["observation"], "action_mask": inner["action_mask"].astype(np.float32)}


def make_env(config: dict):
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    from gametable.rl.pettingzoo import env

    return PettingZooEnv(ForRLlib(env(config["game"], num_players=config["players"],
                                      max_decisions=config["max_decisions"])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="catan-on-the-road")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--batch", type=int, default=2000, help="decisions sampled per iteration")
    parser.add_argument("--env-runners", type=int, default=1, help="Ray actors that play the games")
    parser.add_argument("--max-decisions", type=int, default=2000, help="a game longer than this is cut")
    parser.add_argument("--ray", default="local", help="HOST:PORT of a cluster (default: a Ray of its own)")
    args = parser.parse_args()

    from gametable.sim.cluster import LOCAL, import_ray

    # Ray's environment as `gametable simulate --ray` sets it (a Ray of its own: on loopback only)
    ray = import_ray(args.ray)
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    import gametable

    init = {"address": args.ray, "include_dashboard": False, "log_to_driver": False,
            # the workers import this process's gametable (this script's wrapper travels pickled)
            "runtime_env": {"py_modules": [os.path.dirname(gametable.__file__)]}}
    if args.ray == LOCAL:
        init["_node_ip_address"] = "127.0.0.1"
    else:
        init.pop("include_dashboard")
    ray.init(**init)
    register_env("gametable", make_env)
    config = (
        PPOConfig()
        .environment("gametable", env_config={"game": args.game, "players": args.players,
                                              "max_decisions": args.max_decisions},
                     # RLlib's check steps with unmasked random actions, which the table refuses
                     disable_env_checking=True)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent_id, episode, **kw: "shared")
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            "shared": RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                                   model_config={"fcnet_hiddens": [128, 128]})}))
        .env_runners(num_env_runners=args.env_runners, num_cpus_per_env_runner=1)
        .training(train_batch_size_per_learner=args.batch, minibatch_size=250, num_epochs=2, lr=3e-4)
        .debugging(seed=0)
    )
    algo = config.build_algo()
    try:
        for iteration in range(1, args.iterations + 1):
            start = time.perf_counter()
            result = algo.train()
            runners, learner = result["env_runners"], result["learners"]["shared"]
            print(f"iteration {iteration}: {runners['num_episodes']} games, "
                  f"{runners['num_env_steps_sampled']} decisions, "
                  f"average length {runners['episode_len_mean']:.0f}, "
                  f"loss {learner['total_loss']:.3f}, entropy {learner['entropy']:.2f}, "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
    finally:
        algo.stop()
        ray.shutdown()


if __name__ == "__main__":
    main()
