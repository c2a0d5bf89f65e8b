"""Trace LangGraph graphs for blame: real step graphs from real runs."""

from __future__ import annotations

__all__: list[str] = []
