"""What a starting server does before it listens stays small (issue 12): a store already at the
newest migration is not migrated again (Alembic is not even loaded), and nothing loads the
libraries of features that are off (Redis, Web Push) nor the bots' game knowledge before a bot
plays."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from alembic.config import Config
from alembic.script import ScriptDirectory

from gametable.server.store import MIGRATIONS_DIR, LogStore, head_revision, is_migrated, migrate

ROOT = Path(__file__).resolve().parents[2]


def test_the_head_read_from_the_files_is_alembics():
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    assert head_revision() == ScriptDirectory.from_config(config).get_current_head()


def test_a_new_database_is_not_migrated_until_it_is(tmp_path):
    store = LogStore.from_url(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    try:
        assert not is_migrated(store.engine)
        migrate(store.engine)
        assert is_migrated(store.engine)
    finally:
        store.close()


def test_a_start_on_a_migrated_store_loads_neither_alembic_nor_unused_features(tmp_path):
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    store = LogStore.from_url(url)
    migrate(store.engine)
    store.close()
    script = ("import sys\n"
              "from gametable.server import create_app\n"
              "from gametable.server.store import LogStore, migrate\n"
              f"store = LogStore.from_url({url!r}); migrate(store.engine); store.close()\n"
              "print(sorted(m for m in sys.modules if m in ('alembic', 'redis', 'pywebpush', 'aiohttp')\n"
              "             or m.startswith('gametable.bots.heuristics')))\n")
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}).stdout
    assert loaded.strip() == "[]"


def test_each_basic_bot_loaded_on_first_use_is_its_games():
    from gametable import games
    from gametable.bots import registry

    assert set(registry._BASIC_BOTS) == set(games.names())
    for name in games.names():
        assert name in registry.basic_bot(name).game_names
