"""Benchmarks that compare two source trees run each in a child process of the same script.

A script started as ``script.py --worker PATH`` imports PATH's sources and answers one JSON
request per line on stdin; the parent asks each tree in turn, so both meet the same machine load.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def source_tree(script: str) -> Path:
    """The tree whose ``src/`` the script measures: PATH in a ``--worker PATH`` child, else the
    checkout the script lies in."""
    if len(sys.argv) >= 3 and sys.argv[1] == "--worker":
        return Path(sys.argv[2]).resolve()
    return Path(script).resolve().parents[1]


class Child:
    """``script`` run as ``--worker tree``: one JSON request and answer a line."""

    def __init__(self, script: str, tree: Path) -> None:
        self.tree = tree
        self.process = subprocess.Popen([sys.executable, script, "--worker", str(tree)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, request: dict) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the child measuring {self.tree} stopped")
        return json.loads(answer)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()
