"""Cold start of the CLI with and without plugin discovery.

Plugin discovery is lazy: `blame --help` must not pay for it. This prints the best and median
wall time of fresh processes for: bare Python, `blame --help` (no discovery), `blame --help` with
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
DISCOVER_NAMES = (
    "from blame.context import RunContext; from blame.plugintypes import GROUPS; "
    "r = RunContext().plugins; [r.names(g) for g in GROUPS]"
)
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
        [
            PY,
            "-c",
            "import blame.cli; from blame.context import RunContext; RunContext().check_types()",
        ],
        {},
    ),
    ("blame plugins", [PY, "-m", "blame", "plugins"], {}),
]


def best_ms(command: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Best and median wall time of `runs` fresh processes, after one warm-up run."""
    # A normal Python setup caches bytecode; this sandbox may turn that off.
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | env
    subprocess.run(command, capture_output=True, env=environ, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, env=environ, check=True)
        times.append(time.perf_counter() - start)
    return min(times) * 1000, statistics.median(times) * 1000


INSIDE = """
import sys, time
import blame.cli
from blame.context import RunContext
from blame.plugintypes import GROUPS
t0 = time.perf_counter()
context = RunContext()
[context.plugins.names(g) for g in GROUPS]
t1 = time.perf_counter()
context.check_types()
t2 = time.perf_counter()
print((t1 - t0) * 1000, (t2 - t1) * 1000)
"""


def inside_ms(runs: int) -> tuple[float, float]:
    """Best in-process cost of discovering every name, then of loading every evaluator."""
    found = []
    for _ in range(runs):
        done = subprocess.run([PY, "-c", INSIDE], capture_output=True, text=True, check=True)
        names, load = done.stdout.split()
        found.append((float(names), float(load)))
    return min(f[0] for f in found), min(f[1] for f in found)


def help_imports_plugins() -> bool:
    """Whether `blame --help` imported blame.plugins (it must not)."""
    code = (
        "import sys\nfrom blame.cli import app\ntry:\n    app(['--help'])\n"
        "except SystemExit:\n    pass\nprint('blame.plugins' in sys.modules, file=sys.stderr)"
    )
    done = subprocess.run([PY, "-c", code], capture_output=True, text=True, check=True)
    return done.stderr.strip().endswith("True")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    for label, command, env in CASES:
        best, median = best_ms(command, env, args.runs)
        print(f"best {best:7.1f} ms  median {median:7.1f} ms  {label}")
    names, load = inside_ms(args.runs)
    print(
        f"in-process: discover every name {names:.1f} ms; then load every evaluator {load:.1f} ms"
    )
    print(f"blame --help imports blame.plugins: {help_imports_plugins()}")


if __name__ == "__main__":
    main()
