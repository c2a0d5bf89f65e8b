"""The hostile-input corpus's harness: a case, how it runs, and how its outcome is judged.

Each case builds a small project in a temporary folder (from the files in `data/`, and from
generated inputs too large to keep in the repository), runs the real `blame` command in a
subprocess and judges what a trustworthy tool does: the documented exit code; the reason on one
clear line naming the file or field; no traceback; no hang; no false pass (a hostile input never
exits 0 unless the case says the run is sound); no raw terminal escapes, bidirectional overrides
or zero-width characters on the terminal; no secret shown; nothing written outside the project.
`tests/hostile/summary.py` runs every case and prints the corpus's figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
TIMEOUT_S = 120
"""A case that runs longer has hung."""
UNSAFE = ("\x1b", "\x9b", "\x07", "\u202e", "\u200b", "\u00ad", "\U000e0041")
"""Characters that must never reach the terminal raw (U+009B is CSI, as ESC [ is; a soft
hyphen and a tag character show as nothing)."""

Files = Mapping[str, "str | bytes | Callable[[Path], None]"]


@dataclass(frozen=True)
class Case:
    """One hostile input and what blame must do with it."""

    files: Files
    """Project files: text, bytes, or a function that writes into the project folder."""
    argv: tuple[str, ...]
    """The blame command line, run in the project folder."""
    code: int
    """The exit code blame must give."""
    says: str
    """Text the one clear line must hold (file, field, problem)."""
    env: Mapping[str, str] = field(default_factory=dict)
    """Extra environment variables."""
    stdout: str | None = None
    """A path stdout goes to instead of a pipe (`/dev/full`)."""
    before: tuple[str, ...] = ()
    """A blame command run first (e.g. `test` before `improve`); its exit code is not checked."""
    never: str = ""
    """Text that must appear neither on the terminal nor in any file blame wrote (a secret)."""
    namespaces: bool = False
    """The case holds only where agent code runs in bubblewrap's namespaces (SECURITY.md)."""
    program: tuple[str, ...] = ()
    """Run this program (argv, in the project folder) instead of `python -m blame`."""


def config(entry: str, checks: str = "[{type: contains, value: Paris}]", extra: str = "") -> str:
    return (
        f'agent: {{type: python, entrypoint: "pipeline:{entry}"}}\n'
        f"tests:\n  - {{name: t, input: q, checks: {checks}}}\n{extra}"
    )


def trace_test(trace: str, checks: str = "[{type: contains, value: Paris}]") -> str:
    return f"tests:\n  - {{name: t, trace: {trace}, checks: {checks}}}\n"


def native(final_output: str) -> str:
    """blame's own trace JSON, keys sorted as blame writes them."""
    step = {
        "id": "s0",
        "index": 0,
        "kind": "agent",
        "name": "W",
        "agent": "W",
        "input": "q",
        "output": final_output,
        "parents": [],
    }
    return json.dumps(
        {
            "schema_version": 1,
            "test_name": "t",
            "input": "q",
            "final_output": final_output,
            "metadata": {},
            "steps": [step],
        },
        sort_keys=True,
    )


def data(*names: str) -> dict[str, str]:
    return {name: (DATA / name).read_text() for name in names}


AGENTS = data("pipeline.py")
BIG_INT = "9" * 5000
DEEP_JSON = "[" * 100_000 + "]" * 100_000
FIXTURE = ".blame/fixtures/t-e3b98a4da3.json"
"""Where `blame record` keeps test `t`'s trace (slug plus hash of the name)."""
RESULTS = ".blame/results/latest.json"
PROMPTS = "agents: {Writer: {prompt_file: %s}}\n"
FAILING = config("fine", "[{type: contains, value: Rome}]")
"""A run whose check fails, so `improve` has a patch for Writer."""


def link_out(project: Path) -> None:
    (project / "prompts").mkdir(exist_ok=True)
    (project / "prompts" / "link.md").symlink_to(project.parent / "outside" / "keep.md")


def snapshot(root: Path, skip: Path) -> dict[str, bytes]:
    """Every file under `root` except inside `skip`, with its bytes."""
    found = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink() and skip not in path.parents:
            found[str(path.relative_to(root))] = path.read_bytes()
    return found


def _write(project: Path, files: Files, outside: Path) -> None:
    for name, content in files.items():
        if callable(content):
            content(project)
            continue
        path = project / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content.replace("{outside}", str(outside)), encoding="utf-8")


def run_case(case: Case, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Run one case in a fresh project under `tmp_path`; asserts nothing."""
    project, outside, home = (
        tmp_path / "project",
        tmp_path / "outside",
        tmp_path / "home",
    )
    for folder in (project, outside, home):
        folder.mkdir()
    (outside / "keep.md").write_text("keep me\n")
    _write(project, case.files, outside)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("BLAME_")},
        "HOME": str(home),
        "BLAME_NO_WARN": "1",
        "NO_COLOR": "1",
        **case.env,
    }
    command = list(case.program) or [sys.executable, "-m", "blame"]
    if case.before:
        subprocess.run(
            [*command, *case.before],
            cwd=project,
            env=env,
            capture_output=True,
            timeout=TIMEOUT_S,
        )
    if case.stdout is None:
        return subprocess.run(
            [*command, *case.argv],
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            errors="replace",
        )
    with open(case.stdout, "w") as sink:
        done = subprocess.run(
            [*command, *case.argv],
            cwd=project,
            env=env,
            stdout=sink,
            stderr=subprocess.PIPE,
            text=True,
            timeout=TIMEOUT_S,
            errors="replace",
        )
    return subprocess.CompletedProcess(done.args, done.returncode, "", done.stderr)


@dataclass(frozen=True)
class Verdict:
    """How one case ended, judged; `problems` is empty when blame behaved."""

    code: int | None
    """blame's exit code; None when it hung."""
    traceback: bool
    """A Python traceback reached the terminal."""
    hang: bool
    """It ran past TIMEOUT_S."""
    false_pass: bool
    """It exited 0 where the case expects an error or a failed check."""
    outside: bool
    """A file outside the project changed (or a device was replaced)."""
    clear_error: bool
    """It exited 2 with the expected reason on at most one `blame: error:` line."""
    problems: tuple[str, ...]
    """What went wrong, one phrase each."""


def judge(case: Case, tmp_path: Path) -> Verdict:
    """Run one case in `tmp_path` and judge it."""
    before = snapshot(tmp_path, tmp_path / "project")  # empty: the project is written below
    try:
        done = run_case(case, tmp_path)
    except subprocess.TimeoutExpired:
        return Verdict(None, False, True, False, False, False, ("hung",))
    out, err = done.stdout, done.stderr
    problems = []
    traceback = "Traceback" in out + err
    if traceback:
        problems.append(f"traceback: {err[-500:]}")
    if done.returncode != case.code:
        problems.append(f"exit {done.returncode}, expected {case.code}: {(out + err)[-500:]}")
    if case.says not in out + err:
        problems.append(f"does not say {case.says!r}: {(out + err)[-500:]}")
    errors = [line for line in err.splitlines() if line.startswith("blame: error:")]
    if len(errors) > 1 or any(len(line) >= 2100 for line in errors):
        problems.append(f"not one clear line: {errors[:3]}")
    if any(char in out + err for char in UNSAFE):
        problems.append("raw escape on the terminal")
    after = snapshot(tmp_path, tmp_path / "project")
    devices = all(Path(d).is_char_device() for d in ("/dev/null", "/dev/full", "/dev/zero"))
    outside = after != {**before, "outside/keep.md": b"keep me\n"} or not devices
    if outside:
        problems.append("written outside the project")
    if case.never and (
        case.never in out + err
        or any(case.never.encode() in data for data in snapshot(tmp_path, tmp_path / "x").values())
    ):
        problems.append("the secret was shown or written")
    false_pass = done.returncode == 0 and case.code != 0
    clear = case.code == 2 and done.returncode == 2 and not problems
    return Verdict(done.returncode, traceback, False, false_pass, outside, clear, tuple(problems))
