"""Offline AG2 tests: no network."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def offline(no_network: list[Any]) -> None:
    """Every test runs with the network refused."""
