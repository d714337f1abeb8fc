"""gametable: an online table for modern board games."""

__version__ = "0.1.0"
