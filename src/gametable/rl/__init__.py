"""Research environments: each game as a PettingZoo AEC environment, a Gymnasium single-agent
environment against bots, an OpenSpiel Python game, and saved games as training data.

``encodings`` holds each game's observation layout and action table (plain Python); the adapters
``pettingzoo``, ``gymnasium``, ``openspiel`` and ``dataset`` import numpy and their library when
they are imported themselves (``pip install -e '.[rl]'``). ``import gametable`` never loads them.
See docs/research.md.
"""
