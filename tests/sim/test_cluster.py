"""`simulate --ray` and `arena --ray` (gametable.sim.cluster) against a Ray head started on loopback
here: the same results as a local run, clear errors, and no Ray process left afterwards.

Every Ray these tests start listens on and talks to loopback only: the tests assert it from the
sockets its processes hold (/proc) and, with strace, from every address they connected, bound or
sent to."""

import importlib.util
import json
import os
import secrets
import shutil
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gametable import games
from gametable.cli import app, with_bare_ray
from gametable.sim.cluster import LOCAL, Chunks, Cluster
from gametable.sim.runner import TIMING_KEYS, RunPlan
from tests.sim import ray_processes

# found, not imported: collecting the suite does not pay for importing Ray (gametable imports it
# only when a run asks for a cluster)
pytestmark = pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                                reason="the cluster extra (pip install '.[cluster]') is not installed")

runner = CliRunner()


@pytest.fixture(scope="module", autouse=True)
def ray_environment():
    """Ray's environment for this module's tests only (other modules' HTTP clients would read its
    HTTP_PROXY): loopback only, and token authentication (Ray's default) with the token given by
    the environment, so that nothing is written to ~/.ray. Ray reads these when it is imported,
    which happens here first (gametable imports Ray only when a run asks for a cluster)."""
    with pytest.MonkeyPatch.context() as env:
        for name, value in {**ray_processes.LOOPBACK_ONLY, "RAY_AUTH_MODE": "token",
                            "RAY_AUTH_TOKEN": secrets.token_hex(32)}.items():
            env.setenv(name, value)
        yield


@pytest.fixture(scope="module")
def ray_head(ray_environment):
    with ray_processes.ray_head(dict(os.environ)) as head:
        yield head


def _cli(*args: str):
    return runner.invoke(app, list(args))


def _json(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout.strip().splitlines()[-1])


def _one_line_error(result, *fragments: str) -> str:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


def test_simulate_on_ray_gives_the_summary_and_saved_games_of_a_local_run(ray_head, tmp_path):
    common = ["simulate", "-g", "gwt", "-p", "3", "-n", "6", "-s", "21", "-b", "basic,random,random", "--json"]
    local = _json(_cli(*common, "--save", str(tmp_path / "local.jsonl")))
    spread = _json(_cli(*common, "--ray", ray_head.address, "--save", str(tmp_path / "ray.jsonl")))
    for data in (local, spread):
        for key in TIMING_KEYS:
            data.pop(key)
    assert spread == local and local["games"] == 6
    # every game's line, byte for byte: seed, bots, actions and result (the lines come in the order
    # games finish, as with --workers; each carries its index)
    local_lines = (tmp_path / "local.jsonl").read_text().splitlines()
    ray_lines = (tmp_path / "ray.jsonl").read_text().splitlines()
    assert sorted(ray_lines, key=lambda line: json.loads(line)["index"]) == local_lines
    assert [json.loads(line)["seed"] for line in local_lines] == list(range(21, 27))


def test_ray_auto_joins_the_cluster_ray_address_names(ray_head, monkeypatch):
    monkeypatch.setenv("RAY_ADDRESS", ray_head.address)
    common = ["simulate", "-g", "catan-on-the-road", "-p", "2", "-n", "3", "-s", "4", "--json"]
    local, spread = _json(_cli(*common)), _json(_cli(*common, "--ray", "auto"))
    for data in (local, spread):
        for key in TIMING_KEYS:
            data.pop(key)
    assert spread == local and local["games"] == 3


def test_arena_on_ray_gives_the_standings_of_a_local_run(ray_head):
    common = ["arena", "-g", "catan-on-the-road", "--bots", "basic,random", "-p", "2", "-n", "6", "-s", "5",
              "--json"]
    local = _json(_cli(*common, "--workers", "1"))
    spread = _json(_cli(*common, "--ray", ray_head.address))
    for data in (local, spread):
        for row in data["levels"]:
            row.pop("ms_per_decision")  # the machine's speed, not the games
    assert spread == local
    assert {row["level"]: row["seats"] for row in local["levels"]} == {"basic": 6, "random": 6}


def test_a_game_over_the_decision_limit_on_ray_is_the_same_one_line_error(ray_head):
    args = ["simulate", "-g", "gwt", "-p", "2", "-n", "3", "-s", "7", "--max-decisions", "5"]
    local = _one_line_error(_cli(*args), "seed 7", "--max-decisions")
    assert _one_line_error(_cli(*args, "--ray", ray_head.address)) == local


def test_the_workers_play_with_this_process_s_gametable(ray_head):
    """The run ships the driver's package: a machine's own installed version never plays."""
    import gametable

    def package_files() -> tuple[str, dict[str, bytes]]:
        import gametable as shipped

        root = Path(shipped.__file__).parent
        return str(root), {str(path.relative_to(root)): path.read_bytes() for path in (root / "sim").glob("*.py")}

    import ray

    with Cluster(ray_head.address):
        where, files = ray.get(ray.remote(package_files).remote())
    driver = Path(gametable.__file__).parent
    assert where != str(driver)  # a copy, unpacked by Ray on the worker's machine
    assert files == {str(path.relative_to(driver)): path.read_bytes() for path in (driver / "sim").glob("*.py")}


def test_ray_alone_starts_a_ray_of_its_own_on_loopback_and_stops_it(ray_head, monkeypatch):
    # its session files (logs, sockets) in a folder of the test's rather than /tmp/ray; short,
    # since Ray's socket paths live in it
    temp_dir = tempfile.mkdtemp(prefix="ray-", dir="/tmp")
    monkeypatch.setenv("RAY_TMPDIR", temp_dir)
    plan = RunPlan(games.get("catan-on-the-road"), 2, 3, {}, ("basic", "random"), record_actions=True)

    def ours() -> set[int]:  # this process's children and theirs, but for the head's
        return ray_processes.descendants(os.getpid()) - {ray_head.pid} - ray_processes.descendants(ray_head.pid)

    before = ours()
    trace = Path(temp_dir) / "network-calls.strace"
    with ray_processes.tracing_this_process(trace), Cluster(LOCAL) as cluster:
        records = sorted(cluster.play_all(plan, 4), key=lambda record: record.index)
        started = ours() - before
        listening, peers = ray_processes.tcp_endpoints(started | {os.getpid()})
    assert records == [plan.play(index) for index in range(4)]
    assert len(started) > 2 and listening  # it did start processes (the GCS, the raylet, ...), which listen
    assert ray_processes.not_loopback(listening) == set() and ray_processes.not_loopback(peers) == set()
    if ray_processes.STRACE:  # every address any of them connected, bound or sent to
        addresses = ray_processes.traced_addresses(trace)
        assert addresses and {address for address in addresses if not address.is_loopback} == set()
    assert ray_processes.wait_until_ended(started) == set()
    shutil.rmtree(temp_dir, ignore_errors=True)


def test_the_head_listens_and_talks_on_loopback_only(ray_head):
    processes = {ray_head.pid} | ray_processes.descendants(ray_head.pid)
    listening, peers = ray_processes.tcp_endpoints(processes)
    assert len(processes) > 2 and listening  # the GCS, the raylet, ... and their ports
    assert ray_processes.not_loopback(listening) == set()
    assert ray_processes.not_loopback(peers) == set()
    if ray_processes.STRACE is None:
        pytest.skip("strace is not installed: the head's every connection could not be traced")
    # every address the head's processes connected, bound or sent to since it started, through the
    # runs of the tests above (Ray's cloud and usage questions end on loopback: OWN_RAY_ENVIRONMENT)
    addresses = ray_processes.traced_addresses(ray_head.trace)
    assert addresses and {address for address in addresses if not address.is_loopback} == set()


# -- chunks, errors, and --ray without an address (no cluster needed) -------------------------------

def _hand_out(chunks: Chunks, seconds_per_game: float) -> list[range]:
    taken = []
    while (chunk := chunks.take()) is not None:
        taken.append(chunk)
        chunks.played(len(chunk), seconds_per_game * len(chunk))
    return taken


def test_chunks_hand_out_every_game_once_quick_games_many_at_a_time_slow_ones_alone():
    quick = _hand_out(Chunks(1000), seconds_per_game=0.02)  # random bots
    assert [index for chunk in quick for index in chunk] == list(range(1000))
    assert len(quick[0]) == 1  # nothing known yet
    assert max(len(chunk) for chunk in quick) == 25  # then about half a second of play a chunk
    slow = _hand_out(Chunks(5), seconds_per_game=60.0)  # search bots
    assert [list(chunk) for chunk in slow] == [[0], [1], [2], [3], [4]]
    instant = _hand_out(Chunks(500), seconds_per_game=0.0)
    assert max(len(chunk) for chunk in instant) == Chunks.MAX_SIZE



def test_ray_without_an_address_means_a_ray_of_its_own():
    assert with_bare_ray(["simulate", "-g", "gwt", "--ray"]) == ["simulate", "-g", "gwt", "--ray", LOCAL]
    assert with_bare_ray(["arena", "--ray", "-n", "4"]) == ["arena", "--ray", LOCAL, "-n", "4"]
    assert with_bare_ray(["simulate", "--ray", "10.0.0.5:6379"]) == ["simulate", "--ray", "10.0.0.5:6379"]
    assert with_bare_ray(["replay", "--ray"]) == ["replay", "--ray"]  # no such option there: Typer says so


def test_an_unreachable_address_says_so_at_once_and_leaves_no_save_file(tmp_path):
    port = ray_processes.free_port()  # nobody listens there
    save = tmp_path / "run.jsonl"
    _one_line_error(_cli("simulate", "-g", "gwt", "-p", "2", "-n", "2", "--ray", f"127.0.0.1:{port}",
                         "--save", str(save)),
                    f"--ray 127.0.0.1:{port}", "cannot reach a Ray cluster there", "Connection refused",
                    "ray start --head")
    assert not save.exists()  # the same command works once the cluster is up


@pytest.mark.parametrize("address", ["nonsense", "127.0.0.1", "127.0.0.1:http", "[::1]:99999", "::1:6379"])
def test_a_malformed_address_is_named_with_the_forms_there_are(address):
    _one_line_error(_cli("arena", "-g", "gwt", "--bots", "basic,random", "--ray", address),
                    f"--ray {address}: not an address", "HOST:PORT", "auto")


def test_ray_with_workers_is_refused():
    for command in (["simulate", "-g", "gwt", "-p", "2"], ["arena", "-g", "gwt", "--bots", "basic,random"]):
        _one_line_error(_cli(*command, "--ray", "--workers", "2"),
                        "--ray and --workers", "every CPU of the cluster plays", "leave out --workers")


def test_ray_not_installed_says_which_pip_command_to_run(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "ray", None)  # `import ray` now fails
    _one_line_error(_cli("simulate", "-g", "gwt", "-p", "2", "-n", "2", "--ray"),
                    "--ray needs Ray", "pip install 'gametable[cluster]'")
