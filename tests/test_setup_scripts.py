"""The README's commands on Debian's own python3 (issue 24, defect 12): pip refuses to install into
it (PEP 668), so scripts/serve.sh and scripts/test.sh install into a virtual environment of their
own there, and use any other python3 as it is (CI's)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEBIAN_PYTHON = Path("/usr/bin/python3")


def _python_the_scripts_use(python_dir: Path, workdir: Path, venv: Path) -> str:
    """What scripts/python.sh sets PYTHON to when `python3` is the one in ``python_dir``."""
    env = {**os.environ, "PATH": f"{python_dir}{os.pathsep}/usr/bin:/bin", "GAMETABLE_VENV": str(venv)}
    done = subprocess.run(["bash", "-c", f". {ROOT / 'scripts' / 'python.sh'} && echo \"$PYTHON\""],
                          check=False, cwd=workdir, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def _externally_managed(python: Path) -> bool:
    code = ("import os, sys, sysconfig; print(sys.prefix == sys.base_prefix and os.path.exists("
            "os.path.join(sysconfig.get_path('stdlib'), 'EXTERNALLY-MANAGED')))")
    return subprocess.run([str(python), "-c", code], check=False, capture_output=True, text=True).stdout.strip() == "True"


def test_the_readme_starts_with_one_command_that_serves():
    first = re.search(r"```sh\n(.*?)\n```", (ROOT / "README.md").read_text(), re.DOTALL).group(1)
    assert first == "./scripts/serve.sh"
    for script in ("serve.sh", "test.sh"):
        assert os.access(ROOT / "scripts" / script, os.X_OK), script


@pytest.mark.skipif(not DEBIAN_PYTHON.exists() or not _externally_managed(DEBIAN_PYTHON),
                    reason="no externally managed python3 (Debian's) on this machine")
def test_on_debians_python3_the_scripts_make_and_use_a_virtual_environment(tmp_path):
    venv = tmp_path / "venv"
    used = _python_the_scripts_use(DEBIAN_PYTHON.parent, tmp_path, venv)
    assert used == f"{venv}/bin/python"
    assert not _externally_managed(Path(used))  # pip installs there
    # a second run uses the same one
    assert _python_the_scripts_use(DEBIAN_PYTHON.parent, tmp_path, venv) == used


def test_a_python3_that_allows_installs_is_used_as_it_is(tmp_path):
    if _externally_managed(Path(sys.executable)):
        pytest.skip("this python3 is externally managed")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(sys.executable)
    assert _python_the_scripts_use(bin_dir, tmp_path, tmp_path / "venv") == "python3"
    assert not (tmp_path / "venv").exists()
