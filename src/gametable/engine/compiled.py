"""Hints for the optional build compiled by mypyc (scripts/build_compiled.py); no-ops otherwise.

The pure-Python package is the truth and needs nothing from mypy: without mypy_extensions
installed, ``mypyc_attr`` is a decorator that returns the class unchanged.
"""

from __future__ import annotations

from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls
