"""The component faces the browser draws (src/gametable/web/data/) match the games' own data."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "web_game_data.py"


def _script():
    spec = importlib.util.spec_from_file_location("web_game_data", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_web_data_files_are_up_to_date():
    script = _script()
    for name in script.GAMES:
        path = script.OUT_DIR / f"{name}.json"
        assert path.read_text(encoding="utf-8") == script.render(name), (
            f"{path.name} is out of date: run python scripts/web_game_data.py")


def test_faces_hold_every_component_of_the_game():
    import json

    from gametable.games.gwt.editions import FIRST as D

    faces = json.loads((_script().OUT_DIR / "gwt.json").read_text(encoding="utf-8"))
    assert set(faces["cattle"]) == set(D.CATTLE)
    assert set(faces["objectives"]) == set(D.OBJECTIVE)
    assert set(faces["buildings"]) == set(D.BUILDING)
    assert set(faces["station_masters"]) == set(D.STATION_MASTER)
    assert faces["objectives"]["objective_14"]["tasks"] == list(D.OBJECTIVE["objective_14"]["tasks"])
