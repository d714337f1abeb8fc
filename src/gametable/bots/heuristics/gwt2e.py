"""The basic bot for Great Western Trail: Second Edition.

It is the first edition's bot (gwt.py) loaded a second time with its ``EDITION`` preset to the
second edition's rules package, so it reads the second edition's tables and rule helpers: the two
editions share one bot as they share one rules code (docs/architecture.md). What only the second
edition has (exchange tokens, the Simmental upgrades, the new station masters) is scored in gwt.py
beside the rest.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path


def _load_for(edition: str, name: str):
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("gwt.py"))
    module = importlib.util.module_from_spec(spec)
    module.EDITION = edition
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


_module = _load_for("gametable.games.gwt2e", __name__ + "_rules")
GwtBot = _module.GwtBot
