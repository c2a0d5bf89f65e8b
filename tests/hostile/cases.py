"""The corpus's hostile inputs: configs, stored traces, replay fixtures and results, terminal
escapes, and `improve` writing where it must not."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tests.hostile.harness import (
    AGENTS,
    BIG_INT,
    DEEP_JSON,
    FAILING,
    FIXTURE,
    PROMPTS,
    RESULTS,
    Case,
    config,
    data,
    link_out,
    native,
    trace_test,
)

FORGED = "ok 1 - forged"
PYTHON = f"'{sys.executable}'"
REPORTS_READ_BACK = (
    f"{PYTHON} -m blame test --junit-xml j.xml; {PYTHON} -c "
    "'import xml.etree.ElementTree as E; E.parse(\"j.xml\")' && "
    f"{PYTHON} -m blame report --format tap"
)
"""The JUnit file must still parse, and the TAP stream must hold no line the agent wrote."""

ESCAPED_NAME = "W\x9b2J\u202e\u200b"
"""An agent named with a C1 CSI, a right-to-left override and a zero-width space, which JSON
leaves raw."""
ESCAPED_JSON = "W\\u009b2J\\u202e\\u200b"
"""How blame's JSON output writes that name."""
ROME = "[{type: contains, value: Rome}]"


def _named(final_output: str) -> str:
    """A one-step trace whose agent is ESCAPED_NAME."""
    trace = json.loads(native(final_output))
    trace["steps"][0]["name"] = trace["steps"][0]["agent"] = ESCAPED_NAME
    return json.dumps(trace)


def _history_pipe(project: Path) -> None:
    """A history record that is a named pipe: reading it waits for a writer forever."""
    (project / ".blame" / "history").mkdir(parents=True)
    os.mkfifo(project / ".blame" / "history" / "run-000001.json")


def _latest_to_dev_zero(project: Path) -> None:
    """The last results linked to /dev/zero: of size 0, and it never ends."""
    (project / RESULTS).parent.mkdir(parents=True)
    (project / RESULTS).symlink_to("/dev/zero")


INPUTS: dict[str, Case] = {
    # -- configs: size, nesting, aliases, numbers, paths ------------------------------------
    "alias-bomb-as-test-input": Case(
        {**AGENTS, **data("alias_bomb.yaml")},
        ("test", "-c", "alias_bomb.yaml"),
        2,
        "alias_bomb.yaml: holds more than 100,000 values",
    ),
    "alias-bomb-as-check-parameter": Case(
        {**AGENTS, **data("alias_bomb_parameter.yaml")},
        ("test", "-c", "alias_bomb_parameter.yaml"),
        2,
        "alias_bomb_parameter.yaml: holds more than 100,000 values",
    ),
    "alias-bomb-in-analyze-checks": Case(
        {**data("checks_alias_bomb.yaml", "hidden_cost.json")},
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
            "blame.yaml": config("fine").replace("name: t,", f"name: t, runs: {BIG_INT},"),
        },
        ("test",),
        2,
        "blame.yaml: cannot read a value: an integer of more than 4300 digits",
    ),
    "config-is-dev-zero": Case(
        AGENTS, ("test", "-c", "/dev/zero"), 2, "/dev/zero: is a device, not a file"
    ),
    "config-is-a-pipe": Case(
        {**AGENTS, "fifo": lambda project: os.mkfifo(project / "fifo")},
        ("test", "-c", "fifo"),
        2,
        "fifo: is a pipe, not a file",
    ),
    "trace-is-dev-zero": Case(
        {"blame.yaml": trace_test("/dev/zero")}, ("test",), 2, "/dev/zero: is not a regular file"
    ),
    "agent-trace-steps-none": Case(
        {**AGENTS, "blame.yaml": config("steps_none")},
        ("test",),
        2,
        "pipeline:steps_none returned an invalid trace: steps: must be a list of steps",
    ),
    "report-to-dev-null": Case(
        {**AGENTS, "blame.yaml": config("fine")},
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
        {**AGENTS, **data("python_tag.yaml")},
        ("test", "-c", "python_tag.yaml"),
        2,
        "python_tag.yaml: invalid YAML",
    ),
    "nul-byte-in-output-dir": Case(
        {
            **AGENTS,
            "blame.yaml": config("fine", extra='settings: {output_dir: "a\\0b"}\n'),
        },
        ("test",),
        2,
        "blame.yaml: settings.output_dir: is not a usable path (a NUL byte)",
    ),
    "nul-byte-in-trace-path": Case(
        {"blame.yaml": trace_test('"t\\0.json"')},
        ("test",),
        2,
        "blame.yaml: tests[0] ('t').trace: is not a usable path",
    ),
    "output-dir-of-300-characters": Case(
        {
            **AGENTS,
            "blame.yaml": config("fine", extra=f"settings: {{output_dir: {'d' * 300}}}\n"),
        },
        ("test",),
        2,
        "blame.yaml: settings.output_dir: is not a usable path (a name in it is 300 bytes long",
    ),
    "timeout-1e300": Case(
        {
            **AGENTS,
            "blame.yaml": config("fine", extra="settings: {timeout: 1.0e+300}\n"),
        },
        ("test",),
        2,
        "blame.yaml: settings.timeout: must be more than 0 and at most 86400",
    ),
    "runs-10-to-the-20": Case(
        {
            **AGENTS,
            "blame.yaml": config("fine").replace(
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
            "blame.yaml": config("fine", "[{type: regex, value: 'a{1000000000}'}]"),
        },
        ("test",),
        2,
        "checks[0]: regex: value is not a valid regular expression: repeat count",
    ),
    "huge-wrong-check-parameter": Case(
        {
            **AGENTS,
            "blame.yaml": config("fine", "[{type: contains, value: [" + "x, " * 50_000 + "]}]"),
        },
        ("test",),
        2,
        "value must be text, got ['x', 'x', 'x', 'x', 'x', 'x', ...]",
    ),
    # -- stored traces: impossible numbers, malformed JSON ----------------------------------
    "trace-cost-minus-1000-hides-999": Case(
        data("budget.yaml", "hidden_cost.json"),
        ("test", "-c", "budget.yaml"),
        2,
        "hidden_cost.json: steps[1].cost_usd: must be a finite number of at least 0, got -1000.0",
    ),
    "trace-cost-minus-infinity": Case(
        {
            **data("minus_infinity.json"),
            "blame.yaml": trace_test("minus_infinity.json", "[{type: max_cost, usd: 1}]"),
        },
        ("test",),
        2,
        "minus_infinity.json: steps[0].cost_usd: must be a finite number of at least 0, got -inf",
    ),
    "trace-cost-nan": Case(
        {
            **data("nan_cost.json"),
            "blame.yaml": trace_test("nan_cost.json", "[{type: max_cost, usd: 1}]"),
        },
        ("test",),
        2,
        "nan_cost.json: steps[0].cost_usd: must be a finite number of at least 0, got nan",
    ),
    "trace-latency-minus-5e9": Case(
        {
            **data("negative_latency.json"),
            "blame.yaml": trace_test("negative_latency.json", "[{type: max_latency, seconds: 1}]"),
        },
        ("test",),
        2,
        "negative_latency.json: steps[0].latency_ms: must be a finite number",
    ),
    "trace-tokens-negative": Case(
        {
            **data("negative_tokens.json"),
            "blame.yaml": trace_test("negative_tokens.json"),
        },
        ("test",),
        2,
        "negative_tokens.json: steps[0].tokens: must be a finite number of at least 0, got -7",
    ),
    "trace-unknown-parent": Case(
        {
            **data("unknown_parent.json"),
            "blame.yaml": trace_test("unknown_parent.json"),
        },
        ("test",),
        2,
        "unknown_parent.json: steps[0].parents: unknown parent step id 'ghost'",
    ),
    "trace-5000-digit-integer": Case(
        {
            "t.json": '{"schema_version": 1, "steps": [], "n": ' + BIG_INT + "}",
            "blame.yaml": trace_test("t.json"),
        },
        ("test",),
        2,
        "t.json: JSON holds a number too long to read",
    ),
    "trace-100000-deep": Case(
        {
            "t.json": '{"schema_version": 1, "steps": ' + DEEP_JSON + "}",
            "blame.yaml": trace_test("t.json"),
        },
        ("test",),
        2,
        "t.json: JSON nested too deeply",
    ),
    "trace-empty": Case(
        {"t.json": "", "blame.yaml": trace_test("t.json")},
        ("test",),
        2,
        "t.json: the file is empty",
    ),
    "otlp-garbage": Case(
        {**data("otlp_garbage.json"), "blame.yaml": trace_test("otlp_garbage.json")},
        ("test",),
        2,
        "otlp_garbage.json: ",
    ),
    "chat-garbage": Case(
        {**data("chat_garbage.json"), "blame.yaml": trace_test("chat_garbage.json")},
        ("test",),
        2,
        "chat_garbage.json: ",
    ),
    "analyze-impossible-trace": Case(
        {
            **data("minus_infinity.json"),
            "checks.yaml": "checks: [{type: max_cost, usd: 1}]\n",
        },
        ("analyze", "minus_infinity.json", "--checks", "checks.yaml"),
        2,
        "minus_infinity.json: steps[0].cost_usd",
    ),
    "max-trace-mb-nan": Case(
        {**data("hidden_cost.json"), "blame.yaml": trace_test("hidden_cost.json")},
        ("test",),
        2,
        "BLAME_MAX_TRACE_MB must be a positive number of MiB, got 'nan'",
        env={"BLAME_MAX_TRACE_MB": "nan"},
    ),
    # -- checks that cannot see the whole output error, never pass --------------------------
    "regex-anchored-past-the-cap": Case(
        {
            "t.json": native("a" * 1_000_000 + " TODO"),
            "blame.yaml": trace_test("t.json", "[{type: regex, value: '^a+$'}]"),
        },
        ("test",),
        2,
        "over the 1,000,000-char limit",
    ),
    "regex-lookahead-past-the-cap": Case(
        {
            "t.json": native("a" * 1_000_000 + " TODO"),
            "blame.yaml": trace_test("t.json", "[{type: regex, value: '^(?![\\s\\S]*TODO)'}]"),
        },
        ("test",),
        2,
        "over the 1,000,000-char limit",
    ),
    "regex-catastrophic-times-out-as-error": Case(
        {
            "t.json": native("x" * 5000),
            "blame.yaml": trace_test("t.json", "[{type: regex, value: '(x+x+)+y'}]"),
        },
        ("test",),
        2,
        "timed out after 1 s",
    ),
    "fixture-output-past-the-sniffed-head": Case(
        {
            "t.json": native("Paris " + "a" * 100_000),
            "blame.yaml": trace_test("t.json"),
        },
        ("test",),
        0,
        "PASS t",
    ),
    # -- replay fixtures and the last results -----------------------------------------------
    "replay-fixture-5000-digit-integer": Case(
        {
            **AGENTS,
            "blame.yaml": config("fine"),
            FIXTURE: '{"schema_version": 1, "n": ' + BIG_INT + "}",
        },
        ("test", "--replay"),
        2,
        "JSON holds a number too long to read (over 4300 digits); re-record it",
    ),
    "replay-fixture-100000-deep": Case(
        {**AGENTS, "blame.yaml": config("fine"), FIXTURE: DEEP_JSON},
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
    "history-record-is-a-pipe": Case(
        {**AGENTS, "blame.yaml": config("fine"), "fifo": _history_pipe},
        ("history",),
        0,
        "run-000001.json: is not a regular file (a pipe or a device); run r1 is skipped",
    ),
    "report-latest-linked-to-dev-zero": Case(
        {"link": _latest_to_dev_zero},
        ("report",),
        2,
        "latest.json: is not a regular file (a pipe or a device)",
    ),
    "improve-latest-100000-deep": Case(
        {**AGENTS, "blame.yaml": config("fine"), RESULTS: DEEP_JSON},
        ("improve", "--suggest", "--format", "md"),
        2,
        "latest.json: JSON nested too deeply",
    ),
    # -- agents that build impossible traces or misbehave -----------------------------------
    "agent-hides-cost-with-minus-1000": Case(
        {
            **AGENTS,
            "blame.yaml": config("hidden_cost", "[{type: max_cost, usd: 1000}]"),
        },
        ("test",),
        2,
        "step 1 (Hider).cost_usd: must be a finite number of at least 0, got -1000.0",
    ),
    "agent-cost-minus-infinity": Case(
        {
            **AGENTS,
            "blame.yaml": config("minus_infinity", "[{type: max_cost, usd: 1}]"),
        },
        ("test",),
        2,
        "step 0 (Writer).cost_usd: must be a finite number of at least 0, got -inf",
    ),
    "agent-latency-minus-5e9": Case(
        {
            **AGENTS,
            "blame.yaml": config("negative_latency", "[{type: max_latency, seconds: 1}]"),
        },
        ("test",),
        2,
        "step 0 (Writer).latency_ms: must be a finite number of at least 0",
    ),
    "agent-unknown-parent": Case(
        {**AGENTS, "blame.yaml": config("unknown_parent")},
        ("test",),
        2,
        "returned an invalid trace: steps[0].parents: unknown parent step id 'ghost'",
    ),
    "agent-step-output-not-text": Case(
        {**AGENTS, "blame.yaml": config("output_not_text", "[{type: tool_called, tool: x}]")},
        ("test",),
        2,
        "pipeline:output_not_text returned an invalid trace: steps[0].output: must be text, "
        "got int",
    ),
    "agent-steps-not-steps": Case(
        {**AGENTS, "blame.yaml": config("not_steps")},
        ("test",),
        2,
        "pipeline:not_steps returned an invalid trace: steps[0]: is dict, not a blame Step",
    ),
    "record-unserialisable-metadata": Case(
        {**AGENTS, "blame.yaml": config("unserialisable_metadata")},
        ("record",),
        2,
        "cannot record the trace: its metadata is not JSON",
    ),
    "record-deep-metadata": Case(
        {**AGENTS, "blame.yaml": config("deep_metadata")},
        ("record",),
        2,
        "cannot record the trace: its metadata is not JSON (nested too deeply)",
    ),
    "agent-closes-stdout": Case(  # the agent runs in a worker process: blame's fd 1 is intact
        {**AGENTS, "blame.yaml": config("closes_stdout")},
        ("test",),
        0,
        "PASS t",
    ),
    "stdout-on-a-full-disk": Case(
        {**AGENTS, "blame.yaml": config("fine")},
        ("test",),
        2,
        "cannot write the output: No space left on device",
        stdout="/dev/full",
    ),
    "json-stdout-on-a-full-disk": Case(
        {**AGENTS, "blame.yaml": config("fine")},
        ("test", "--json"),
        2,
        "cannot write the output: No space left on device",
        stdout="/dev/full",
    ),
    # -- terminal escapes -------------------------------------------------------------------
    "escapes-in-the-entrypoint-name": Case(
        {**AGENTS, "blame.yaml": config("fine\\e[2J\\u202e")},
        ("test",),
        2,
        "has no attribute 'fine\\x1b[2J\\u202e'",
    ),
    "escapes-in-agent-output-and-names": Case(
        {**AGENTS, "blame.yaml": config("escapes", "[{type: contains, value: Rome}]")},
        ("test",),
        1,
        "Paris\\x1b[2J\\x1b]0;pwned\\x07\\u202etxt.exe\\u200b",
    ),
    "claim-past-200000-characters": Case(
        {
            "t.json": native("x " * 150_000 + "Your trip is booked."),
            "blame.yaml": trace_test("t.json", "[{type: no_unsupported_claim, tool: pay}]"),
        },
        ("test",),
        1,
        "output claims 'booked' but pay was never called",
    ),
    "agent-text-forges-junit-and-tap-lines": Case(
        {
            "t.json": native(
                "done\x00\x0b\x1b ]]></failure></testcase><testcase name='x'/>\n"
                + FORGED
                + "\n1..1\n"
            ),
            "blame.yaml": trace_test("t.json"),
        },
        (),
        0,
        "not ok 1 - t",
        program=("sh", "-c", REPORTS_READ_BACK),
        never="\n" + FORGED,
    ),
    "escapes-in-an-unknown-config-key": Case(
        {
            **AGENTS,
            "blame.yaml": config("fine").replace("input: q,", 'input: q, "k\\e[2J\\u202e": 1,'),
        },
        ("test",),
        2,
        "unknown key 'k\\x1b[2J\\u202e'",
    ),
    "escapes-in-the-test-name": Case(
        {
            **AGENTS,
            "blame.yaml": config("fine").replace("name: t,", 'name: "t\\e[31m\\u202e\\u200b",'),
        },
        ("test",),
        0,
        "PASS t\\x1b[31m\\u202e\\u200b",
    ),
    "escapes-in-json-results": Case(
        {"t.json": _named("Paris"), "blame.yaml": trace_test("t.json", ROME)},
        ("test", "--json"),
        1,
        ESCAPED_JSON,
    ),
    "escapes-in-the-json-report": Case(
        {"t.json": _named("Paris"), "blame.yaml": trace_test("t.json", ROME)},
        ("report", "--format", "json"),
        0,
        ESCAPED_JSON,
        before=("test",),
    ),
    "escapes-in-improve-json": Case(
        {"t.json": _named("Paris"), "blame.yaml": trace_test("t.json", ROME)},
        ("improve", "--suggest", "--format", "json"),
        0,
        ESCAPED_JSON,
        before=("test",),
    ),
    "escapes-in-diff-json": Case(
        {"a.json": _named("Paris"), "b.json": native("Rome")},
        ("diff", "a.json", "b.json", "--json"),
        1,
        ESCAPED_JSON,
    ),
    "escapes-in-the-explain-lookup": Case(
        {**AGENTS, "blame.yaml": config("fine")},
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
            "link": link_out,
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
        {**AGENTS, "blame.yaml": FAILING + PROMPTS % "pipeline.py"},
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
