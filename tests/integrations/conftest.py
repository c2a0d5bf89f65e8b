"""Fixtures shared by the framework integrations' tests."""

from __future__ import annotations

import json
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


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


def confirm_example(example: Path, tmp_path: Path, *args: str) -> list[tuple[str, str, str]]:
    """`blame confirm --json` on a copy of `example` (a failing run, exit 1): each suspect put
    to the test, as (name, verdict, change)."""
    from typer.testing import CliRunner

    from blame.cli import app

    copy = tmp_path / example.name
    shutil.copytree(example, copy, ignore=shutil.ignore_patterns(".blame", "__pycache__"))
    confirmed = CliRunner().invoke(
        app,
        ["confirm", "--config", str(copy / "blame.yaml"), "--json", *args],
        env={"BLAME_NO_WARN": "1"},
    )
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
