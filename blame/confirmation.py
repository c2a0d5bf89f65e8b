"""A suspect put to the test (`blame confirm`, `blame test --confirm`), as the results JSON
holds it. Apart from `blame.results` so that a run without confirmations does not build its
dataclass: the results model imports it when a result has one.
"""

from __future__ import annotations

from typing import Any, Literal

from blame.errors import TraceError
from blame.fields import as_object, get_int, get_str
from blame.frozen import dataclass

ConfirmVerdict = Literal["confirmed", "refuted", "inconclusive", "unavailable"]
"""What re-running from a suspect's step with its output changed said: the check flipped to
pass (confirmed), still failed (refuted), varied over the runs (inconclusive), or could not be
re-run (unavailable: not a re-runnable step, no counterfactual for the check, an adapter
without re-runs)."""
CONFIRM_VERDICTS: tuple[ConfirmVerdict, ...] = (
    "confirmed",
    "refuted",
    "inconclusive",
    "unavailable",
)


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A suspect put to the test: only its step's output changed, what follows re-run."""

    verdict: ConfirmVerdict
    """confirmed, refuted, inconclusive or unavailable."""
    change: str
    """The counterfactual, for a person ("restore 'X' into step 2's output")."""
    steps_rerun: int = 0
    """Steps re-executed per re-run (upstream ones are served from the recording)."""
    steps_total: int = 0
    """Steps a full re-run would execute, to compare with."""
    passes: int = 0
    """Re-runs in which the check passed."""
    runs: int = 0
    """Re-runs made (0 when unavailable)."""

    def to_dict(self) -> dict[str, Any]:
        """The results-JSON form."""
        return {
            "verdict": self.verdict,
            "change": self.change,
            "steps_rerun": self.steps_rerun,
            "steps_total": self.steps_total,
            "passes": self.passes,
            "runs": self.runs,
        }

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "confirmation") -> Confirmation:
        """Read the results-JSON form; a wrong field is a TraceError naming it."""
        data = as_object(data, where)
        verdict = get_str(data, "verdict", where, required=True)
        if verdict not in CONFIRM_VERDICTS:
            raise TraceError(
                f"must be one of {', '.join(CONFIRM_VERDICTS)}, got {verdict!r}",
                field=f"{where}.verdict",
            )
        return cls(
            verdict=verdict,
            change=get_str(data, "change", where, required=True),
            steps_rerun=get_int(data, "steps_rerun", where) or 0,
            steps_total=get_int(data, "steps_total", where) or 0,
            passes=get_int(data, "passes", where) or 0,
            runs=get_int(data, "runs", where) or 0,
        )
