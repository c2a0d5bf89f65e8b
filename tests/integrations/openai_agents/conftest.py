"""Offline OpenAI Agents SDK tests: no API key, tracing on, no network."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(autouse=True)
def offline(monkeypatch: pytest.MonkeyPatch, no_network: list[Any]) -> None:
    """No API key and the SDK's tracing on, whatever the environment says; no network."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_AGENTS_DISABLE_TRACING", raising=False)
