"""Cold start of the CLI with and without plugin discovery.

Plugin discovery is lazy: `blame --help` must not pay for it. This prints the median wall time
of fresh processes for: bare Python, `blame --help` (no discovery), `blame --help` with
BLAME_DISABLE_PLUGINS=1, importing the CLI plus discovering every group's names (entry-point
metadata only), plus loading every evaluator, and `blame plugins` (everything). Run:

    python bench/plugins/cold_start.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

PY = sys.executable
DISCOVER_NAMES = "from blame import plugins; [plugins.names(g) for g in plugins.GROUPS]"
CASES: list[tuple[str, list[str], dict[str, str]]] = [
    ("python -c pass", [PY, "-c", "pass"], {}),
    ("blame --help", [PY, "-m", "blame", "--help"], {}),
    (
        "blame --help, BLAME_DISABLE_PLUGINS=1",
        [PY, "-m", "blame", "--help"],
        {"BLAME_DISABLE_PLUGINS": "1"},
    ),
    ("import blame.cli", [PY, "-c", "import blame.cli"], {}),
    (
        "import blame.cli + discover names (4 groups)",
        [PY, "-c", "import blame.cli; " + DISCOVER_NAMES],
        {},
    ),
    (
        "import blame.cli + load every evaluator",
        [PY, "-c", "import blame.cli; from blame import plugins; plugins.evaluators()"],
        {},
    ),
    ("blame plugins", [PY, "-m", "blame", "plugins"], {}),
]


def median_ms(command: list[str], env: dict[str, str], runs: int) -> float:
    """Median wall time of `runs` fresh processes, after one warm-up for the OS file cache."""
    environ = {**os.environ, **env}
    subprocess.run(command, capture_output=True, env=environ, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, env=environ, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    for label, command, env in CASES:
        print(f"{median_ms(command, env, args.runs):8.1f} ms  {label}")


if __name__ == "__main__":
    main()
