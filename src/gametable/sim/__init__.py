"""Driving complete games with bots: the loop shared by `simulate`, benchmarks and tests."""
