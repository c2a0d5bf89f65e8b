"""Deterministic prompt patches for culprits.

Interim: no patches until the patch writer lands.
"""

from __future__ import annotations

from collections.abc import Sequence

from blame.model import Check, CheckResult, Patch, Trace


def suggest_patches(
    failures: Sequence[tuple[Check, CheckResult]], trace: Trace | None = None
) -> tuple[Patch, ...]:
    """One patch per culprit, sorted by target; same failures, same bytes."""
    return ()
