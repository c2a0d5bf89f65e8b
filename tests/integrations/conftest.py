"""Fixtures shared by the framework integrations' tests."""

from __future__ import annotations

import json
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from click.testing import Result


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Refuse outbound connections and DNS, and check at the end that none was tried."""
    attempts: list[Any] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        attempts.append(args[1:] if args and isinstance(args[0], socket.socket) else args)
        raise OSError("network access is disabled in blame's integration tests")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    yield attempts
    assert attempts == [], f"network access attempted: {attempts}"


def copy_example(example: Path, tmp_path: Path) -> Path:
    """A copy of the example folder `example` in `tmp_path`, without the results and fixtures
    of earlier runs: the copy's blame.yaml."""
    copy = tmp_path / example.name
    shutil.copytree(example, copy, ignore=shutil.ignore_patterns(".blame", "__pycache__"))
    return copy / "blame.yaml"


def record_and_replay(example: Path, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """Run a copy of `example` live, record it and replay it: the copy's blame.yaml and the
    live run's results, which the replay's equal (both runs fail, exit 1; recording exits 0)."""
    config = copy_example(example, tmp_path)
    live = _blame("test", "--config", str(config), "--json")
    recorded = _blame("record", "--config", str(config))
    replayed = _blame("test", "--config", str(config), "--json", "--replay")
    assert (live.exit_code, recorded.exit_code, replayed.exit_code) == (1, 0, 1), live.output
    results: dict[str, Any] = json.loads(live.stdout)
    assert json.loads(replayed.stdout) == results
    return config, results


def recorded_fixtures(config: Path) -> dict[str, dict[str, Any]]:
    """The traces `blame record` wrote for the config at `config`, by test name (a test it did
    not record is left out): read where the runner reads them, not by globbing file names."""
    from blame.config import load_config
    from blame.runner import fixture_path

    loaded = load_config(config)
    paths = {test.name: fixture_path(loaded, test.name) for test in loaded.tests}
    return {
        name: json.loads(path.read_text(encoding="utf-8"))
        for name, path in sorted(paths.items())
        if path.is_file()
    }


def tool_rows(fixture: dict[str, Any]) -> list[tuple[str, str, str | None, str | None]]:
    """A recorded trace's tool steps as (name, output, error, the fault injected into it)."""
    return [
        (s["name"], s["output"], s["error"], s["metadata"].get("fault"))
        for s in fixture["steps"]
        if s["kind"] == "tool"
    ]


def _blame(*args: str) -> Result:
    """`blame ARGS` in this process, without the first-run warnings."""
    from typer.testing import CliRunner

    from blame.cli import app

    return CliRunner().invoke(app, list(args), env={"BLAME_NO_WARN": "1"})


def confirm_example(example: Path, tmp_path: Path, *args: str) -> list[tuple[str, str, str]]:
    """`blame confirm --json` on a copy of `example` (a failing run, exit 1): each suspect put
    to the test, as (name, verdict, change)."""
    return confirm(copy_example(example, tmp_path), *args)


def confirm(config: Path, *args: str) -> list[tuple[str, str, str]]:
    """`blame confirm --json` with the blame.yaml `config` (a failing run, exit 1): each
    suspect put to the test, as (name, verdict, change)."""
    confirmed = _blame("confirm", "--config", str(config), "--json", *args)
    assert confirmed.exit_code == 1, confirmed.output
    return [
        (s["name"], s["confirmation"]["verdict"], s["confirmation"]["change"])
        for test in json.loads(confirmed.stdout)["tests"]
        for check in test["checks"]
        for s in check["blame"]
    ]


def assert_unavailable(judged: list[tuple[str, str, str]], expected: tuple[str, str]) -> None:
    """Every suspect is unavailable with its adapter's reason (not the plain-Python advice to
    record the step with `rec.run_step`), `expected` (name, change) among them."""
    assert {verdict for _, verdict, _ in judged} == {"unavailable"}
    assert not any("rec.run_step" in change for _, _, change in judged)
    assert (expected[0], "unavailable", expected[1]) in judged
