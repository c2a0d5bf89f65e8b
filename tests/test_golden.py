"""Results bytes are pinned: every example, the fault benchmark and Who&When.

A refactor must leave what users get byte for byte; a change of attribution must say so by
updating the pins on purpose. `BLAME_UPDATE_GOLDEN=1 pytest tests/test_golden.py` rewrites
them; the diff of `tests/golden/` (or of the digests) is then part of the change to review.

Who&When is read from `../shared` at run time and never copied: only a digest of blame's
results over it is kept, and the test is skipped where the data is not beside the checkout.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

import pytest

from tests.conftest import EXAMPLES, ROOT

GOLDEN = ROOT / "tests" / "golden"
UPDATE = os.environ.get("BLAME_UPDATE_GOLDEN") == "1"
WHO_AND_WHEN = ROOT.parent / "shared" / "benchmarks" / "who_and_when"

EXAMPLE_NAMES = sorted(p.parent.name for p in EXAMPLES.glob("*/blame.yaml"))


def _pinned(name: str, actual: str) -> str:
    """The stored text for `name` (written first when updating)."""
    path = GOLDEN / name
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    if not path.exists():
        pytest.fail(f"no pin {path}; run with BLAME_UPDATE_GOLDEN=1 to write it")
    return path.read_text(encoding="utf-8")


def _requires(module: str) -> None:
    try:
        __import__(module)
    except ImportError:
        pytest.skip(f"{module} is not installed")


@pytest.mark.parametrize("example", EXAMPLE_NAMES)
def test_example_results_are_unchanged(example: str) -> None:
    if example.startswith("ag2"):
        _requires("blame_ag2")
    if example.startswith("crewai"):
        _requires("blame_crewai")
    if example.startswith("langgraph"):
        _requires("blame_langgraph")
    if example.startswith("openai_agents"):
        _requires("blame_openai_agents")
    if example.startswith("pydantic_ai"):
        _requires("blame_pydantic_ai")
    if example.startswith("smolagents"):
        _requires("blame_smolagents")
    config = EXAMPLES / example / "blame.yaml"
    done = subprocess.run(
        [sys.executable, "-m", "blame", "test", "--config", str(config), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    # 2: a test of the example errs on purpose (flaky_pipeline shows every verdict); its
    # results are still written, and pinned.
    assert done.returncode in (0, 1, 2), done.stderr
    assert done.stdout.startswith("{"), done.stderr
    assert done.stdout == _pinned(f"examples/{example}.json", done.stdout)


def test_baseline_gate_report_is_unchanged() -> None:
    """The example's gate report: the regression named (agent, check, first divergence)."""
    example = EXAMPLES / "baseline_gate"
    command = ["test", "--config", str(example / "blame.yaml")]
    done = subprocess.run(
        [sys.executable, "-m", "blame", *command, "--baseline", str(example / "baseline.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1, done.stderr + done.stdout
    report = (example / ".blame" / "results" / "gate.json").read_text(encoding="utf-8")
    assert report == _pinned("examples/baseline_gate.gate.json", report)


def _digest(records: list[dict[str, object]]) -> str:
    text = "\n".join(json.dumps(r, sort_keys=True) for r in records)
    return hashlib.sha256(text.encode("utf-8")).hexdigest() + "\n"


def test_fault_benchmark_results_are_unchanged() -> None:
    sys.path.insert(0, str(ROOT / "bench" / "attribution"))
    try:
        from generate import generate  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(ROOT / "bench" / "attribution"))
    from blame.runner import evaluate_trace

    records = [
        {
            "case": case.id,
            **evaluate_trace(case.trace, [case.check], threshold=1.0, name=case.id).to_dict(),
        }
        for case in generate()
    ]
    assert len(records) > 100
    assert _digest(records) == _pinned("fault_benchmark.sha256", _digest(records))


def test_who_and_when_results_are_unchanged() -> None:
    if not WHO_AND_WHEN.is_dir():
        pytest.skip(f"Who&When is not beside the checkout ({WHO_AND_WHEN})")
    from blame.config import parse_checks
    from blame.importers.chat import ChatImporter
    from blame.runner import evaluate_trace

    importer = ChatImporter()
    records = []
    for path in sorted(WHO_AND_WHEN.glob("*/*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        name = f"{path.parent.name}/{path.stem}"
        trace = importer.load(path, test_name=name)
        for check_type in ("contains", "exact_match"):
            checks = parse_checks(
                [{"type": check_type, "value": str(raw.get("ground_truth", ""))}], source=name
            )
            result = evaluate_trace(trace, checks, threshold=1.0, name=name)
            records.append({"case": name, "check": check_type, **result.to_dict()})
    assert len(records) > 100
    assert _digest(records) == _pinned("who_and_when.sha256", _digest(records))
