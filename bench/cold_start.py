"""Cold start: wall time of `blame --help` (target under 150 ms), beside the bare interpreter.

Best of N runs of each command, so a busy machine's noise shows less. The interpreter's own
start-up is printed first: blame's share is the difference.

    python bench/cold_start.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path


def best(command: list[str], runs: int) -> float:
    """Best wall time of `runs` runs, after one warm-up run that writes bytecode caches."""
    # A normal Python setup caches bytecode; this sandbox may turn that off.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env
        )
        times.append(time.perf_counter() - start)
    return min(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    # The console script installed beside this interpreter (not a version-manager shim).
    script = Path(sys.executable).parent / ("blame.exe" if os.name == "nt" else "blame")
    blame = [str(script)] if script.exists() else [shutil.which("blame") or "blame"]
    rows = [
        ("python -c pass (interpreter alone)", [sys.executable, "-c", "pass"]),
        ("blame --help", [*blame, "--help"]),
        ("blame --version", [*blame, "--version"]),
        ("python -m blame --help", [sys.executable, "-m", "blame", "--help"]),
    ]
    for label, command in rows:
        print(f"{label:<38} best of {args.runs}: {best(command, args.runs) * 1000:6.1f} ms")
    print("target: blame --help < 150 ms")


if __name__ == "__main__":
    main()
