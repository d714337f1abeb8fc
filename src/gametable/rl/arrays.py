"""One seat's decision as numpy arrays, shared by every adapter: observation, action mask, and the
way back from an action index to the engine's action."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gametable.engine import Action, State
from gametable.rl.encoding import Encoding, View, pick


@dataclass
class Decision:
    """What ``seat`` sees and may do now."""
    seat: int
    view: View
    legal: list[Action]
    indices: list[int]
    observation: np.ndarray  # float32, encoding.observation_size
    mask: np.ndarray  # int8, encoding.action_size: 1 at each legal action's index

    def action(self, index: int) -> Action:
        """The legal action at ``index``; ValueError naming the legal indices if there is none."""
        return pick(self.legal, self.indices, index)

def observation(encoding: Encoding, view: View) -> np.ndarray:
    return np.asarray(encoding.observe(view), dtype=np.float32)


def choices(encoding: Encoding, state: State, seat: int) -> tuple[View, list[Action], list[int]]:
    """The seat's view, its legal actions and their indices (no observation: cheaper)."""
    view = state.view(seat)
    legal = state.legal_actions(seat)
    return view, legal, encoding.legal_indices(view, legal)


def decision(encoding: Encoding, state: State, seat: int) -> Decision:
    view, legal, indices = choices(encoding, state, seat)
    mask = np.zeros(encoding.action_size, dtype=np.int8)
    mask[indices] = 1
    return Decision(seat, view, legal, indices, observation(encoding, view), mask)
