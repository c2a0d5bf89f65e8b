"""The hostile-input corpus: every case runs the real `blame` command in a subprocess.

Each case builds a small project in a temporary folder (from the files in `data/`, and from
generated inputs too large to keep in the repository) and asserts what a trustworthy tool does:
the documented exit code; the reason on one clear line naming the file or field; no traceback;
no hang; no false pass (a hostile input never exits 0 unless the case says the run is sound);
no raw terminal escapes, bidirectional overrides or zero-width characters on the terminal; and
nothing written outside the project.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"
TIMEOUT_S = 120
"""A case that runs longer has hung."""
UNSAFE = ("\x1b", "\x07", "\u202e", "\u200b")
"""Characters that must never reach the terminal raw."""

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


def _config(entry: str, checks: str = "[{type: contains, value: Paris}]", extra: str = "") -> str:
    return (
        f'agent: {{type: python, entrypoint: "agents:{entry}"}}\n'
        f"tests:\n  - {{name: t, input: q, checks: {checks}}}\n{extra}"
    )


def _trace_test(trace: str, checks: str = "[{type: contains, value: Paris}]") -> str:
    return f"tests:\n  - {{name: t, trace: {trace}, checks: {checks}}}\n"


def _native(final_output: str) -> str:
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


def _data(*names: str) -> dict[str, str]:
    return {name: (DATA / name).read_text() for name in names}


AGENTS = _data("agents.py")
BIG_INT = "9" * 5000
DEEP_JSON = "[" * 100_000 + "]" * 100_000
FIXTURE = ".blame/fixtures/t-e3b98a4da3.json"
"""Where `blame record` keeps test `t`'s trace (slug plus hash of the name)."""
RESULTS = ".blame/results/latest.json"
PROMPTS = "agents: {Writer: {prompt_file: %s}}\n"
FAILING = _config("fine", "[{type: contains, value: Rome}]")
"""A run whose check fails, so `improve` has a patch for Writer."""


def _link_out(project: Path) -> None:
    (project / "prompts").mkdir(exist_ok=True)
    (project / "prompts" / "link.md").symlink_to(project.parent / "outside" / "keep.md")


CASES: dict[str, Case] = {
    # -- configs: size, nesting, aliases, numbers, paths ------------------------------------
    "alias-bomb-as-test-input": Case(
        {**AGENTS, **_data("alias_bomb.yaml")},
        ("test", "-c", "alias_bomb.yaml"),
        2,
        "alias_bomb.yaml: holds more than 100,000 values",
    ),
    "alias-bomb-as-check-parameter": Case(
        {**AGENTS, **_data("alias_bomb_parameter.yaml")},
        ("test", "-c", "alias_bomb_parameter.yaml"),
        2,
        "alias_bomb_parameter.yaml: holds more than 100,000 values",
    ),
    "alias-bomb-in-analyze-checks": Case(
        {**_data("checks_alias_bomb.yaml", "hidden_cost.json")},
        ("analyze", "hidden_cost.json", "--checks", "checks_alias_bomb.yaml"),
        2,
        "checks_alias_bomb.yaml: holds more than 100,000 values",
    ),
    "yaml-100000-deep": Case(
        {**AGENTS, "blame.yaml": "tests: " + "[" * 100_000 + "]" * 100_000},
        ("test",),
        2,
        "blame.yaml: ",
    ),
    "yaml-5000-digit-integer": Case(
        {
            **AGENTS,
            "blame.yaml": _config("fine").replace("name: t,", f"name: t, runs: {BIG_INT},"),
        },
        ("test",),
        2,
        "blame.yaml: cannot read a value: an integer of more than 4300 digits",
    ),
    "config-is-dev-zero": Case(AGENTS, ("test", "-c", "/dev/zero"), 2, "/dev/zero: is larger than"),
    "config-is-a-pipe": Case(
        {**AGENTS, "fifo": lambda project: os.mkfifo(project / "fifo")},
        ("test", "-c", "fifo"),
        2,
        "fifo: is a pipe, not a file",
    ),
    "trace-is-dev-zero": Case(
        {"blame.yaml": _trace_test("/dev/zero")}, ("test",), 2, "/dev/zero: is not a regular file"
    ),
    "agent-trace-steps-none": Case(
        {**AGENTS, "blame.yaml": _config("steps_none")},
        ("test",),
        2,
        "agents:steps_none returned an invalid trace: steps: must be a list of steps",
    ),
    "report-to-dev-null": Case(
        {**AGENTS, "blame.yaml": _config("fine")},
        ("report", "-o", "/dev/null"),
        0,
        "wrote /dev/null",
        before=("test",),
    ),
    "config-is-a-folder": Case(AGENTS, ("test", "-c", "."), 2, ".: is a directory"),
    "config-not-utf8": Case(
        {**AGENTS, "blame.yaml": b"tests: \xff\xfe"},
        ("test",),
        2,
        "blame.yaml: cannot read",
    ),
    "config-python-tag": Case(
        {**AGENTS, **_data("python_tag.yaml")},
        ("test", "-c", "python_tag.yaml"),
        2,
        "python_tag.yaml: invalid YAML",
    ),
    "nul-byte-in-output-dir": Case(
        {
            **AGENTS,
            "blame.yaml": _config("fine", extra='settings: {output_dir: "a\\0b"}\n'),
        },
        ("test",),
        2,
        "blame.yaml: settings.output_dir: is not a usable path (a NUL byte)",
    ),
    "nul-byte-in-trace-path": Case(
        {"blame.yaml": _trace_test('"t\\0.json"')},
        ("test",),
        2,
        "blame.yaml: tests[0] ('t').trace: is not a usable path",
    ),
    "output-dir-of-300-characters": Case(
        {
            **AGENTS,
            "blame.yaml": _config("fine", extra=f"settings: {{output_dir: {'d' * 300}}}\n"),
        },
        ("test",),
        2,
        ": File name too long; write somewhere else",
    ),
    "timeout-1e300": Case(
        {
            **AGENTS,
            "blame.yaml": _config("fine", extra="settings: {timeout: 1.0e+300}\n"),
        },
        ("test",),
        2,
        "blame.yaml: settings.timeout: must be more than 0 and at most 86400",
    ),
    "runs-10-to-the-20": Case(
        {
            **AGENTS,
            "blame.yaml": _config("fine").replace(
                "name: t,", "name: t, runs: 100000000000000000000,"
            ),
        },
        ("test",),
        2,
        "blame.yaml: tests[0] ('t').runs: must be a whole number from 1 to 10,000",
    ),
    "regex-repeat-of-a-billion": Case(
        {
            **AGENTS,
            "blame.yaml": _config("fine", "[{type: regex, value: 'a{1000000000}'}]"),
        },
        ("test",),
        2,
        "checks[0]: regex: value is not a valid regular expression: repeat count",
    ),
    "huge-wrong-check-parameter": Case(
        {
            **AGENTS,
            "blame.yaml": _config("fine", "[{type: contains, value: [" + "x, " * 50_000 + "]}]"),
        },
        ("test",),
        2,
        "value must be text, got ['x', 'x', 'x', 'x', 'x', 'x', ...]",
    ),
    # -- stored traces: impossible numbers, malformed JSON ----------------------------------
    "trace-cost-minus-1000-hides-999": Case(
        _data("budget.yaml", "hidden_cost.json"),
        ("test", "-c", "budget.yaml"),
        2,
        "hidden_cost.json: steps[1].cost_usd: must be a finite number of at least 0, got -1000.0",
    ),
    "trace-cost-minus-infinity": Case(
        {
            **_data("minus_infinity.json"),
            "blame.yaml": _trace_test("minus_infinity.json", "[{type: max_cost, usd: 1}]"),
        },
        ("test",),
        2,
        "minus_infinity.json: steps[0].cost_usd: must be a finite number of at least 0, got -inf",
    ),
    "trace-cost-nan": Case(
        {
            **_data("nan_cost.json"),
            "blame.yaml": _trace_test("nan_cost.json", "[{type: max_cost, usd: 1}]"),
        },
        ("test",),
        2,
        "nan_cost.json: steps[0].cost_usd: must be a finite number of at least 0, got nan",
    ),
    "trace-latency-minus-5e9": Case(
        {
            **_data("negative_latency.json"),
            "blame.yaml": _trace_test("negative_latency.json", "[{type: max_latency, seconds: 1}]"),
        },
        ("test",),
        2,
        "negative_latency.json: steps[0].latency_ms: must be a finite number",
    ),
    "trace-tokens-negative": Case(
        {
            **_data("negative_tokens.json"),
            "blame.yaml": _trace_test("negative_tokens.json"),
        },
        ("test",),
        2,
        "negative_tokens.json: steps[0].tokens: must be a finite number of at least 0, got -7",
    ),
    "trace-unknown-parent": Case(
        {
            **_data("unknown_parent.json"),
            "blame.yaml": _trace_test("unknown_parent.json"),
        },
        ("test",),
        2,
        "unknown_parent.json: steps[0].parents: unknown parent step id 'ghost'",
    ),
    "trace-5000-digit-integer": Case(
        {
            "t.json": '{"schema_version": 1, "steps": [], "n": ' + BIG_INT + "}",
            "blame.yaml": _trace_test("t.json"),
        },
        ("test",),
        2,
        "t.json: JSON holds a number too long to read",
    ),
    "trace-100000-deep": Case(
        {
            "t.json": '{"schema_version": 1, "steps": ' + DEEP_JSON + "}",
            "blame.yaml": _trace_test("t.json"),
        },
        ("test",),
        2,
        "t.json: JSON nested too deeply",
    ),
    "trace-empty": Case(
        {"t.json": "", "blame.yaml": _trace_test("t.json")},
        ("test",),
        2,
        "t.json: the file is empty",
    ),
    "otlp-garbage": Case(
        {**_data("otlp_garbage.json"), "blame.yaml": _trace_test("otlp_garbage.json")},
        ("test",),
        2,
        "otlp_garbage.json: ",
    ),
    "chat-garbage": Case(
        {**_data("chat_garbage.json"), "blame.yaml": _trace_test("chat_garbage.json")},
        ("test",),
        2,
        "chat_garbage.json: ",
    ),
    "analyze-impossible-trace": Case(
        {
            **_data("minus_infinity.json"),
            "checks.yaml": "checks: [{type: max_cost, usd: 1}]\n",
        },
        ("analyze", "minus_infinity.json", "--checks", "checks.yaml"),
        2,
        "minus_infinity.json: steps[0].cost_usd",
    ),
    "max-trace-mb-nan": Case(
        {**_data("hidden_cost.json"), "blame.yaml": _trace_test("hidden_cost.json")},
        ("test",),
        2,
        "BLAME_MAX_TRACE_MB must be a positive number of MiB, got 'nan'",
        env={"BLAME_MAX_TRACE_MB": "nan"},
    ),
    # -- checks that cannot see the whole output error, never pass --------------------------
    "regex-anchored-past-the-cap": Case(
        {
            "t.json": _native("a" * 1_000_000 + " TODO"),
            "blame.yaml": _trace_test("t.json", "[{type: regex, value: '^a+$'}]"),
        },
        ("test",),
        2,
        "over the 1,000,000-char limit",
    ),
    "regex-lookahead-past-the-cap": Case(
        {
            "t.json": _native("a" * 1_000_000 + " TODO"),
            "blame.yaml": _trace_test("t.json", "[{type: regex, value: '^(?![\\s\\S]*TODO)'}]"),
        },
        ("test",),
        2,
        "over the 1,000,000-char limit",
    ),
    "regex-catastrophic-times-out-as-error": Case(
        {
            "t.json": _native("x" * 5000),
            "blame.yaml": _trace_test("t.json", "[{type: regex, value: '(x+x+)+y'}]"),
        },
        ("test",),
        2,
        "timed out after 1 s",
    ),
    "fixture-output-past-the-sniffed-head": Case(
        {
            "t.json": _native("Paris " + "a" * 100_000),
            "blame.yaml": _trace_test("t.json"),
        },
        ("test",),
        0,
        "PASS t",
    ),
    # -- replay fixtures and the last results -----------------------------------------------
    "replay-fixture-5000-digit-integer": Case(
        {
            **AGENTS,
            "blame.yaml": _config("fine"),
            FIXTURE: '{"schema_version": 1, "n": ' + BIG_INT + "}",
        },
        ("test", "--replay"),
        2,
        "JSON holds a number too long to read (over 4300 digits); re-record it",
    ),
    "replay-fixture-100000-deep": Case(
        {**AGENTS, "blame.yaml": _config("fine"), FIXTURE: DEEP_JSON},
        ("test", "--replay"),
        2,
        "JSON nested too deeply to be a trace; re-record it",
    ),
    "report-latest-5000-digit-integer": Case(
        {RESULTS: '{"schema_version": 1, "passed": ' + BIG_INT + "}"},
        ("report",),
        2,
        "latest.json: JSON holds a number too long to read (over 4300 digits); run `blame test`",
    ),
    "report-latest-100000-deep": Case(
        {RESULTS: DEEP_JSON},
        ("report",),
        2,
        "latest.json: JSON nested too deeply",
    ),
    "improve-latest-100000-deep": Case(
        {**AGENTS, "blame.yaml": _config("fine"), RESULTS: DEEP_JSON},
        ("improve", "--suggest", "--format", "md"),
        2,
        "latest.json: JSON nested too deeply",
    ),
    # -- agents that build impossible traces or misbehave -----------------------------------
    "agent-hides-cost-with-minus-1000": Case(
        {
            **AGENTS,
            "blame.yaml": _config("hidden_cost", "[{type: max_cost, usd: 1000}]"),
        },
        ("test",),
        2,
        "step 1 (Hider).cost_usd: must be a finite number of at least 0, got -1000.0",
    ),
    "agent-cost-minus-infinity": Case(
        {
            **AGENTS,
            "blame.yaml": _config("minus_infinity", "[{type: max_cost, usd: 1}]"),
        },
        ("test",),
        2,
        "step 0 (Writer).cost_usd: must be a finite number of at least 0, got -inf",
    ),
    "agent-latency-minus-5e9": Case(
        {
            **AGENTS,
            "blame.yaml": _config("negative_latency", "[{type: max_latency, seconds: 1}]"),
        },
        ("test",),
        2,
        "step 0 (Writer).latency_ms: must be a finite number of at least 0",
    ),
    "agent-unknown-parent": Case(
        {**AGENTS, "blame.yaml": _config("unknown_parent")},
        ("test",),
        2,
        "returned an invalid trace: steps[0].parents: unknown parent step id 'ghost'",
    ),
    "agent-steps-not-steps": Case(
        {**AGENTS, "blame.yaml": _config("not_steps")},
        ("test",),
        2,
        "agents:not_steps returned an invalid trace: steps[0]: is dict, not a blame Step",
    ),
    "record-unserialisable-metadata": Case(
        {**AGENTS, "blame.yaml": _config("unserialisable_metadata")},
        ("record",),
        2,
        "cannot record the trace: its metadata is not JSON",
    ),
    "record-deep-metadata": Case(
        {**AGENTS, "blame.yaml": _config("deep_metadata")},
        ("record",),
        2,
        "cannot record the trace: its metadata is not JSON (nested too deeply)",
    ),
    "agent-closes-stdout": Case(  # the agent runs in a worker process: blame's fd 1 is intact
        {**AGENTS, "blame.yaml": _config("closes_stdout")},
        ("test",),
        0,
        "PASS t",
    ),
    "stdout-on-a-full-disk": Case(
        {**AGENTS, "blame.yaml": _config("fine")},
        ("test",),
        2,
        "cannot write the output: No space left on device",
        stdout="/dev/full",
    ),
    "json-stdout-on-a-full-disk": Case(
        {**AGENTS, "blame.yaml": _config("fine")},
        ("test", "--json"),
        2,
        "cannot write the output: No space left on device",
        stdout="/dev/full",
    ),
    # -- terminal escapes -------------------------------------------------------------------
    "escapes-in-the-entrypoint-name": Case(
        {**AGENTS, "blame.yaml": _config("fine\\e[2J\\u202e")},
        ("test",),
        2,
        "has no attribute 'fine\\x1b[2J\\u202e'",
    ),
    "escapes-in-agent-output-and-names": Case(
        {**AGENTS, "blame.yaml": _config("escapes", "[{type: contains, value: Rome}]")},
        ("test",),
        1,
        "Paris\\x1b[2J\\x1b]0;pwned\\x07\\u202etxt.exe\\u200b",
    ),
    "escapes-in-the-test-name": Case(
        {
            **AGENTS,
            "blame.yaml": _config("fine").replace("name: t,", 'name: "t\\e[31m\\u202e\\u200b",'),
        },
        ("test",),
        0,
        "PASS t\\x1b[31m\\u202e\\u200b",
    ),
    "escapes-in-the-explain-lookup": Case(
        {**AGENTS, "blame.yaml": _config("fine")},
        ("explain", "x\x1b[2J\u202e"),
        2,
        "no test named 'x\\x1b[2J\\u202e'",
    ),
    # -- improve never writes outside the project, into code or into the config ------------
    "improve-apply-absolute-prompt-file": Case(
        {**AGENTS, "blame.yaml": FAILING + PROMPTS % "{outside}/keep.md"},
        ("improve", "--apply"),
        2,
        "is outside the project",
        before=("test",),
    ),
    "improve-apply-dotdot-prompt-file": Case(
        {**AGENTS, "blame.yaml": FAILING + PROMPTS % "../outside/keep.md"},
        ("improve", "--apply"),
        2,
        "is outside the project",
        before=("test",),
    ),
    "improve-apply-symlink-out": Case(
        {
            **AGENTS,
            "link": _link_out,
            "blame.yaml": FAILING + PROMPTS % "prompts/link.md",
        },
        ("improve", "--apply"),
        2,
        "is outside the project",
        before=("test",),
    ),
    "improve-apply-into-the-config": Case(
        {**AGENTS, "blame.yaml": FAILING + PROMPTS % "blame.yaml"},
        ("improve", "--apply"),
        2,
        "is the config file itself",
        before=("test",),
    ),
    "improve-apply-into-code": Case(
        {**AGENTS, "blame.yaml": FAILING + PROMPTS % "agents.py"},
        ("improve", "--apply"),
        2,
        "is code (.py), not a prompt",
        before=("test",),
    ),
    "improve-suggest-absolute-prompt-file": Case(
        {**AGENTS, "blame.yaml": FAILING + PROMPTS % "{outside}/keep.md"},
        ("improve", "--suggest"),
        2,
        "is outside the project",
        before=("test",),
    ),
}


def _snapshot(root: Path, skip: Path) -> dict[str, bytes]:
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
    command = [sys.executable, "-m", "blame"]
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


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_input(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    before = _snapshot(tmp_path, tmp_path / "project")  # empty: the project is written below
    done = run_case(case, tmp_path)
    out, err = done.stdout, done.stderr
    assert "Traceback" not in out + err, err[-2000:]
    assert done.returncode == case.code, (out[-1000:], err[-1000:])
    assert case.says in out + err, (out[-1000:], err[-1000:])
    errors = [line for line in err.splitlines() if line.startswith("blame: error:")]
    assert len(errors) <= 1 and all(len(line) < 2100 for line in errors), errors
    assert not any(char in out + err for char in UNSAFE), "raw escape on the terminal"
    after = _snapshot(tmp_path, tmp_path / "project")
    assert after == {**before, "outside/keep.md": b"keep me\n"}, "written outside the project"
    for device in ("/dev/null", "/dev/full", "/dev/zero"):
        assert Path(device).is_char_device(), f"{device} was replaced"
