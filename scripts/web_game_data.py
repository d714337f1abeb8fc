"""Write the printed faces of game components that the browser client draws.

The web client draws cards and tiles (a cattle card's breeding value, an objective's tasks, a
building's hand icons and actions). Those facts live in the game's data files; this script copies
the ones the client needs into ``src/gametable/web/data/<game>.json`` so the static client can
fetch them. ``tests/web/test_game_data.py`` fails whenever the copy and the game data differ, so
the game data stays the one source.

    python scripts/web_game_data.py          # rewrite the files
    python scripts/web_game_data.py --check  # exit 1 if a file is out of date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import MappingProxyType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

OUT_DIR = ROOT / "src" / "gametable" / "web" / "data"


def plain(value: Any) -> Any:
    """Frozen specs (mapping proxies, tuples) as JSON-ready dicts and lists."""
    if isinstance(value, (dict, MappingProxyType)):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def gwt_faces(edition: str = "gwt") -> dict[str, Any]:
    """The faces of either edition of Great Western Trail (the edition's tables)."""
    from gametable.games.gwt.editions import by_name

    D = by_name(edition)

    return {
        "domain": D.domain,  # the catalog domain of the edition's words (gwt, gwt2e)
        "cattle": plain(D.CATTLE),
        "objectives": plain(D.OBJECTIVE),
        "buildings": plain(D.BUILDING),
        "station_masters": plain(D.STATION_MASTER),
        "tiles": plain(D.TILE),
        "risk_actions": plain(D.RISK_SPECS),
        "player_board": {
            "discs": plain(D.DISC_GROUPS),
            "aux": plain(D.AUX),
            "certificate_track": list(D.CERT_TRACK),
            "worker_row_size": D.WORKER_ROW_SIZE,
            "worker_vp_spaces": list(D.WORKER_VP_SPACES),
            "worker_bonus": plain(D.WORKER_BONUS),
            "fees": plain(D.FEES),
            "step_limit": plain(D.STEP_LIMIT),
        },
    }


GAMES = {"gwt": gwt_faces, "gwt-2e": lambda: gwt_faces("gwt-2e")}


def render(name: str) -> str:
    return json.dumps(GAMES[name](), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    stale = []
    for name in GAMES:
        path = OUT_DIR / f"{name}.json"
        text = render(name)
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(path)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    for path in stale:
        print(f"out of date: {path.relative_to(ROOT)} (run python scripts/web_game_data.py)")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
