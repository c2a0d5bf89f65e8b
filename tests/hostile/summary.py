"""Run the whole hostile-input corpus and print its figures.

    python -m tests.hostile.summary [-k SUBSTRING]

Figures: cases; clear errors (exit 2 with the reason on one line); cases that ran soundly as
expected (exit 0 or 1); tracebacks; hangs; false passes; writes outside the project; wrong
(any other departure from the case). Cases that hold only under bubblewrap are skipped, and
counted, where it is not usable.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

from tests.hostile.harness import Verdict, judge


def figures(verdicts: Mapping[str, Verdict]) -> dict[str, int]:
    """The corpus's summary figures from each case's verdict."""
    found = list(verdicts.values())
    return {
        "cases": len(found),
        "clear": sum(v.clear_error for v in found),
        "sound": sum(not v.problems and not v.clear_error for v in found),
        "traceback": sum(v.traceback for v in found),
        "hang": sum(v.hang for v in found),
        "false_pass": sum(v.false_pass for v in found),
        "outside": sum(v.outside for v in found),
        "wrong": sum(bool(v.problems) for v in found),
    }


def main() -> int:
    from blame.sandbox import mechanism
    from tests.hostile.cases import INPUTS
    from tests.hostile.cases_code import CODE
    from tests.hostile.cases_places import PLACES
    from tests.hostile.cases_traces import TRACES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", default="", help="run only cases whose name contains this")
    chosen = parser.parse_args().k
    namespaces = mechanism().startswith("bubblewrap")
    verdicts: dict[str, Verdict] = {}
    skipped = 0
    for name, case in sorted({**INPUTS, **CODE, **PLACES, **TRACES}.items()):
        if chosen not in name:
            continue
        if case.namespaces and not namespaces:
            skipped += 1
            continue
        with tempfile.TemporaryDirectory(prefix="blame-hostile-") as folder:
            verdicts[name] = judge(case, Path(folder))
        for problem in verdicts[name].problems:
            print(f"{name}: {problem}", file=sys.stderr)
    counted = figures(verdicts)
    print(f"contained by: {mechanism()}; skipped (need bubblewrap): {skipped}")
    print(
        f"{counted['cases']} cases: {counted['clear']} clear errors, {counted['sound']} sound "
        f"runs (exit 0 or 1 as expected); tracebacks {counted['traceback']}, hangs "
        f"{counted['hang']}, false passes {counted['false_pass']}, writes outside the project "
        f"{counted['outside']}, other departures {counted['wrong']}"
    )
    return 1 if counted["wrong"] else 0


if __name__ == "__main__":
    sys.exit(main())
