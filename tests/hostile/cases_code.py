"""The corpus's misbehaving code: agents and entrypoints that exit, abort or hang (in C too),
plugins that do so at import or in any method blame calls, agent-written code that forges
results or reaches for blame, check parameters, paths and names chosen to attack."""

from __future__ import annotations

import json
import sys

from tests.hostile.harness import AGENTS, FIXTURE, RESULTS, Case, config, data, native

ENTRY_MODULES = data("exits_at_import.py", "hard_exit_at_import.py", "loops_at_import.py")
PLUGINS = data("hostile_plugins.py")
ONE_SECOND = "settings: {timeout: 1}\n"
PYTEST = (sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--blame-config", "blame.yaml")


def _entry(module: str, extra: str = "") -> str:
    return (
        f'agent: {{type: python, entrypoint: "{module}:run"}}\n'
        f"tests:\n  - {{name: t, input: q, checks: [{{type: contains, value: Paris}}]}}\n{extra}"
    )


def _plugin_check(check: str, extra: str = "") -> dict[str, str]:
    return {
        **AGENTS,
        **PLUGINS,
        "blame.yaml": config("fine", f"[{{type: {check}}}]", "plugins: [hostile_plugins]\n")
        + extra,
    }


def _installed(source: str) -> dict[str, str]:
    """A distribution blame-evil 1.0 on PYTHONPATH=site whose check type `evil` runs `source`."""
    return {
        **AGENTS,
        "site/evil_plugin/__init__.py": source,
        "site/blame_evil-1.0.dist-info/METADATA": (
            "Metadata-Version: 2.1\nName: blame-evil\nVersion: 1.0\n"
        ),
        "site/blame_evil-1.0.dist-info/entry_points.txt": (
            "[blame.evaluators]\nevil = evil_plugin:check\n"
        ),
        "blame.yaml": config("fine", "[{type: evil}]"),
    }


def _code_check(code: str, check: str) -> dict[str, str]:
    """A stored trace whose final output is `code`, under one code check."""
    return {
        "t.json": native(code),
        "blame.yaml": f"tests:\n  - name: t\n    trace: t.json\n    checks:\n      - {check}\n",
    }


def _installed_check(check: str) -> dict[str, str]:
    """`blame analyze` of a stored trace under check type `check` of hostile_plugins, installed
    as distribution blame-evil 1.0 on PYTHONPATH=site: analyze reads installed plugins only."""
    source = PLUGINS["hostile_plugins.py"] + (
        f"\ncheck = next(c for c in blame_plugins if c.type == {check!r})\n"
    )
    return {
        "t.json": native("Paris"),
        "checks.yaml": f"timeout: 1\nchecks:\n  - {{type: {check}}}\n",
        "site/evil_plugin/__init__.py": source,
        "site/blame_evil-1.0.dist-info/METADATA": (
            "Metadata-Version: 2.1\nName: blame-evil\nVersion: 1.0\n"
        ),
        "site/blame_evil-1.0.dist-info/entry_points.txt": (
            f"[blame.evaluators]\n{check} = evil_plugin:check\n"
        ),
    }


READER = (
    "import os\n\n\nclass Reader:\n    format = 'evil'\n\n    def sniff(self, head):\n"
    "        os._exit(0)\n\n    def load(self, path):\n        os._exit(0)\n\n\n"
    "importer = Reader()\n"
)
"""An installed trace reader that ends the process when asked whether it reads a file."""


FAILING_TESTS = json.dumps("def test_a():\n    assert False\n\ndef test_b():\n    assert False\n")
PASSING_TESTS = json.dumps("def test_a():\n    assert add(1, 2) == 3\n")
UNIT_TESTS = "{type: unit_tests, tests: %s, timeout: 5}"
IMPORTS = "{type: python_import_check, timeout: 5}"
SECRET = "s3cr3t-blame-hostile-4f1d"
BLAME = f"'{sys.executable}' -m blame"
KILLED_RECORD = f"{BLAME} record & pid=$!; sleep 2; kill -9 $pid; wait $pid; sleep 0.5"
"""`blame record` killed with SIGKILL while its agent runs (its worker dies with it)."""
ESCAPED_FOLDER = "x\x1b]0;pwn\x07\u202e"
THEN_WAIT = "; code=$?; sleep 4; exit $code"
"""Run after blame: time for anything the code left running to act before the case is judged."""

CODE: dict[str, Case] = {
    # -- agents and entrypoints that exit, abort or hang: the test errors, blame exits 2 ----
    "agent-sys-exit-0": Case(
        {**AGENTS, "blame.yaml": config("exits")}, ("test",), 2, "raised SystemExit: 0"
    ),
    "agent-sys-exit-3": Case(
        {**AGENTS, "blame.yaml": config("exits_three")}, ("test",), 2, "raised SystemExit: 3"
    ),
    "agent-os-exit-0": Case(
        {**AGENTS, "blame.yaml": config("hard_exit")},
        ("test",),
        2,
        "exited with code 0 (user code called os._exit) while running the agent",
    ),
    "agent-os-exit-1": Case(
        {**AGENTS, "blame.yaml": config("hard_exit_one")},
        ("test",),
        2,
        "exited with code 1 (user code exited or crashed) while running the agent",
    ),
    "agent-abort": Case(
        {**AGENTS, "blame.yaml": config("aborts")},
        ("test",),
        2,
        "killed by SIGABRT while running the agent",
    ),
    "agent-regex-backtracking-in-c": Case(
        {**AGENTS, "blame.yaml": config("backtracks", extra=ONE_SECOND)},
        ("test",),
        2,
        "timed out after 1 s while running the agent",
    ),
    "agent-7-to-the-10-to-the-9": Case(
        {**AGENTS, "blame.yaml": config("big_power", extra=ONE_SECOND)},
        ("test",),
        2,
        "timed out after 1 s while running the agent",
    ),
    "agent-prints-a-fake-pass": Case(
        {**AGENTS, "blame.yaml": config("prints_a_pass")}, ("test",), 1, "FAIL t"
    ),
    "entrypoint-sys-exit-at-import": Case(
        {**ENTRY_MODULES, "blame.yaml": _entry("exits_at_import")},
        ("test",),
        2,
        "user code raised SystemExit(0)",
    ),
    "entrypoint-os-exit-at-import": Case(
        {**ENTRY_MODULES, "blame.yaml": _entry("hard_exit_at_import")},
        ("test",),
        2,
        "while importing the entrypoint",
    ),
    "entrypoint-endless-loop-at-import": Case(
        {**ENTRY_MODULES, "blame.yaml": _entry("loops_at_import", ONE_SECOND)},
        ("test",),
        2,
        "timed out after 1 s while importing the entrypoint",
    ),
    "record-agent-os-exit": Case(
        {**AGENTS, "blame.yaml": config("hard_exit")},
        ("record",),
        2,
        "user code called os._exit",
    ),
    "explain-agent-os-exit": Case(
        {**AGENTS, "blame.yaml": config("hard_exit")},
        ("explain", "t"),
        2,
        "user code called os._exit) while running the agent",
    ),
    "explain-agent-regex-backtracking": Case(
        {**AGENTS, "blame.yaml": config("backtracks", extra=ONE_SECOND)},
        ("explain", "t"),
        2,
        "timed out after 1 s while running the agent",
    ),
    "explain-entrypoint-sys-exit-at-import": Case(
        {**ENTRY_MODULES, "blame.yaml": _entry("exits_at_import")},
        ("explain", "t"),
        2,
        "user code raised SystemExit(0)",
    ),
    "pytest-plugin-agent-os-exit": Case(
        {**AGENTS, "blame.yaml": config("hard_exit")},
        (),
        1,
        "user code called os._exit) while running the agent",
        program=PYTEST,
    ),
    "pytest-plugin-agent-regex-backtracking": Case(
        {**AGENTS, "blame.yaml": config("backtracks", extra=ONE_SECOND)},
        (),
        1,
        "timed out after 1 s while running the agent",
        program=PYTEST,
    ),
    # -- plugins: in evaluate, attribute and patch; at import; as `plugins:` functions -------
    "plugin-evaluate-os-exit": Case(
        _plugin_check("os_exit"),
        ("test",),
        2,
        "while running the checks: in evaluate() of local plugin hostile_plugins",
    ),
    "plugin-evaluate-sys-exit": Case(
        _plugin_check("sys_exit"), ("test",), 2, "user code raised SystemExit(0)"
    ),
    "plugin-evaluate-abort": Case(
        _plugin_check("aborts"),
        ("test",),
        2,
        "killed by SIGABRT while running the checks: in evaluate() of local plugin",
    ),
    "plugin-evaluate-regex-backtracking": Case(
        _plugin_check("backtracks", ONE_SECOND),
        ("test",),
        2,
        "timed out after 1 s while running the checks: in evaluate() of local plugin",
    ),
    "analyze-plugin-evaluate-os-exit": Case(
        _installed_check("os_exit"),
        ("analyze", "t.json", "--checks", "checks.yaml", "--workers", "1"),
        2,
        "t.json: the process exited with code 0 (user code called os._exit) while checking the "
        "trace: in evaluate() of plugin blame-evil 1.0",
        env={"PYTHONPATH": "site"},
    ),
    "analyze-plugin-evaluate-regex-backtracking": Case(
        _installed_check("backtracks"),
        ("analyze", "t.json", "--checks", "checks.yaml", "--workers", "1"),
        2,
        "t.json: timed out after 1 s while checking the trace: in evaluate() of plugin blame-evil",
        env={"PYTHONPATH": "site"},
    ),
    "analyze-dask-plugin-evaluate-os-exit": Case(
        _installed_check("os_exit"),
        ("analyze", "t.json", "--checks", "checks.yaml", "--engine", "dask", "--workers", "1"),
        2,
        "blame: error: --engine: a Dask worker died while analysing traces (Dask gave up on the "
        "batch after its workers kept dying); run with --engine local",
        # Dask gives up after the first death, not the fourth: each restart of a worker is
        # seconds of process start, which a loaded machine stretched past the case's limit
        env={"PYTHONPATH": "site", "DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"},
    ),
    "diff-plugin-reader-os-exit": Case(
        {
            "t.json": native("Paris"),
            "site/evil_reader/__init__.py": READER,
            "site/blame_evil-1.0.dist-info/METADATA": (
                "Metadata-Version: 2.1\nName: blame-evil\nVersion: 1.0\n"
            ),
            "site/blame_evil-1.0.dist-info/entry_points.txt": (
                "[blame.importers]\nevil = evil_reader:importer\n"
            ),
        },
        ("diff", "t.json", "t.json"),
        2,
        "t.json: the process exited with code 0 (user code called os._exit) while reading the "
        "trace",
        env={"PYTHONPATH": "site"},
    ),
    "plugin-attribute-os-exit": Case(
        _plugin_check("exits_in_attribute"),
        ("test",),
        2,
        "while running the checks: in attribute() of local plugin hostile_plugins",
    ),
    "plugin-patch-regex-backtracking": Case(
        _plugin_check("hangs_in_patch", ONE_SECOND),
        ("test",),
        2,
        "timed out after 1 s while running the checks: in patch() of local plugin",
    ),
    "replay-plugin-os-exit": Case(
        {**_plugin_check("os_exit"), FIXTURE: native("Paris")},
        ("test", "--replay"),
        2,
        "in evaluate() of local plugin hostile_plugins",
    ),
    "improve-replay-plugin-regex-backtracking": Case(
        {**_plugin_check("backtracks", ONE_SECOND), FIXTURE: native("Paris")},
        ("improve", "--replay", "--suggest", "--format", "md"),
        2,
        "timed out after 1 s while running the checks",
    ),
    "plugins-sys-exit": Case(
        {**AGENTS, "blame.yaml": config("fine", extra="plugins: ['sys:exit']\n")},
        ("test",),
        2,
        "blame.yaml: plugins[0]: local plugin sys:exit raised SystemExit",
    ),
    "plugins-os-abort": Case(
        {**AGENTS, "blame.yaml": config("fine", extra="plugins: ['os:abort']\n")},
        ("test",),
        2,
        "local plugin os:abort ended the process while being loaded: the process was killed "
        "by SIGABRT",
    ),
    "local-plugin-os-exit-at-import": Case(
        {
            **AGENTS,
            "evil.py": "import os\nos._exit(0)\n",
            "blame.yaml": config("fine", extra="plugins: [evil]\n"),
        },
        ("test",),
        2,
        "local plugin evil ended the process while being loaded: the process exited with code 0",
    ),
    "local-plugin-loops-at-import": Case(
        {
            **AGENTS,
            "evil.py": "while True:\n    pass\n",
            "blame.yaml": config("fine", extra="plugins: [evil]\n"),
        },
        ("test",),
        2,
        "local plugin evil did not finish within 1 s while being loaded",
        env={"BLAME_IMPORT_TIMEOUT": "1"},
    ),
    "installed-plugin-os-exit-at-import": Case(
        _installed("import os\nos._exit(0)\n"),
        ("test",),
        2,
        "plugin blame-evil 1.0 (entry point blame.evaluators:evil = evil_plugin:check) failed "
        "to load: ended the process while being imported",
        env={"PYTHONPATH": "site"},
    ),
    "installed-plugin-abort-at-import": Case(
        _installed("import os\nos.abort()\n"),
        ("test",),
        2,
        "plugin blame-evil 1.0 (entry point blame.evaluators:evil = evil_plugin:check) failed "
        "to load: ended the process while being imported: the process was killed by SIGABRT",
        env={"PYTHONPATH": "site"},
    ),
    "installed-plugin-regex-backtracking-at-import": Case(
        _installed("import re\nre.match(r'(a+)+$', 'a' * 64 + 'b')\n"),
        ("test",),
        2,
        "plugin blame-evil 1.0 (entry point blame.evaluators:evil = evil_plugin:check) failed "
        "to load: did not finish within 1 s while being imported",
        env={"PYTHONPATH": "site", "BLAME_IMPORT_TIMEOUT": "1"},
    ),
    "installed-plugin-sys-exit-at-import": Case(
        _installed("import sys\nsys.exit(0)\n"),
        ("test",),
        2,
        "failed to load: SystemExit",
        env={"PYTHONPATH": "site"},
    ),
    "import-timeout-nan": Case(
        {**AGENTS, **PLUGINS, "blame.yaml": config("fine", extra="plugins: [hostile_plugins]\n")},
        ("test",),
        2,
        "BLAME_IMPORT_TIMEOUT must be a number of seconds from 0 to 86400, got 'nan'",
        env={"BLAME_IMPORT_TIMEOUT": "nan"},
    ),
    "report-never-imports-an-aborting-plugin": Case(
        {
            **AGENTS,
            "blame.yaml": config("fine", extra="plugins: ['os:abort']\n"),
            RESULTS: '{"schema_version": 1, "tests": [], "passed": true}',
        },
        ("report",),
        0,
        "0 tests: 0 passed",
    ),
    # -- agent-written code under the code checks -------------------------------------------
    "code-forges-pass-lines-and-exits": Case(
        _code_check(
            "import os\nfor fd in (1, 2, 3, 4, 5):\n    try:\n"
            "        os.write(fd, b'pass 0\\npass 1\\n@@blame@@ pass 0\\n')\n"
            "    except OSError:\n        pass\nos._exit(0)\n",
            UNIT_TESTS % FAILING_TESTS,
        ),
        ("test",),
        1,
        "0/2 tests passed",
    ),
    "code-replaces-assertion-error": Case(
        _code_check(
            "import builtins\nclass Never(Exception):\n    pass\nbuiltins.AssertionError = Never\n",
            UNIT_TESTS % FAILING_TESTS,
        ),
        ("test",),
        1,
        "0/2 tests passed",
    ),
    "code-reads-blames-environment": Case(
        _code_check(
            "import os\nraise ValueError(open(f'/proc/{os.getppid()}/environ').read())\n",
            IMPORTS,
        ),
        ("test",),
        1,
        "FAIL t",
        env={"BLAME_HOSTILE_SECRET": SECRET},
        never=SECRET,
    ),
    "code-reads-blames-environment-through-cat": Case(
        _code_check(
            "import os, subprocess\nraise ValueError(subprocess.run(['cat', "
            "f'/proc/{os.getppid()}/environ'], capture_output=True).stdout)\n",
            IMPORTS,
        ),
        ("test",),
        1,
        "FAIL t",
        env={"BLAME_HOSTILE_SECRET": SECRET},
        never=SECRET,
        namespaces=True,
    ),
    "code-writes-outside-its-folder": Case(
        _code_check("open('{outside}/keep.md', 'w').write('pwned')\n", IMPORTS),
        ("test",),
        1,
        "FAIL t",
        namespaces=True,
    ),
    "code-allocates-3-gb": Case(
        _code_check("block = bytearray(3 * 1024 ** 3)\n", IMPORTS), ("test",), 1, "MemoryError"
    ),
    "code-regex-backtracking-in-c": Case(
        _code_check(
            "import re\nre.match(r'(a+)+$', 'a' * 64 + 'b')\n",
            "{type: python_import_check, timeout: 1}",
        ),
        ("test",),
        1,
        "timed out after 1 s",
    ),
    "code-prints-without-a-newline": Case(
        _code_check(
            "import sys\nsys.stdout.write('no newline')\ndef add(a, b):\n    return a + b\n",
            UNIT_TESTS % PASSING_TESTS,
        ),
        ("test", "--json"),  # a passing test takes one line on the terminal: read its checks
        0,
        "1/1 tests passed",
    ),
    # -- check parameters -------------------------------------------------------------------
    "unit-tests-timeout-nan": Case(
        _code_check("x = 1\n", "{type: unit_tests, tests: 'def test_a(): pass', timeout: .nan}"),
        ("test",),
        2,
        "timeout",
    ),
    "check-weight-nan": Case(
        {**AGENTS, "blame.yaml": config("fine", "[{type: contains, value: Paris, weight: .nan}]")},
        ("test",),
        2,
        "weight",
    ),
    "unknown-check-type-with-escapes": Case(
        {**AGENTS, "blame.yaml": config("fine", '[{type: "x\\e[2J\\u202e"}]')},
        ("test",),
        2,
        "unknown check type 'x\\x1b[2J\\u202e'",
    ),
    "thirty-catastrophic-regex-checks": Case(
        {
            "t.json": native("x" * 5000),
            "blame.yaml": "tests:\n  - name: t\n    trace: t.json\n    checks:\n"
            + "      - {type: regex, value: '(x+x+)+y'}\n" * 30,
        },
        ("test",),
        2,
        "timed out",
    ),
    # -- kill -9 -----------------------------------------------------------------------------
    "record-killed-with-sigkill-then-replay": Case(
        {**AGENTS, "blame.yaml": config("sleeps")},
        (),
        2,
        "no replay fixture for t; run `blame record`",
        program=("sh", "-c", f"{KILLED_RECORD}; ls -A .blame/fixtures; {BLAME} test --replay"),
        never=".tmp",  # a temporary file left behind would be listed
    ),
    # -- variants of the above, each a different way out --------------------------------------
    "code-exits-from-an-exit-handler": Case(
        _code_check(
            "import atexit, os\natexit.register(lambda: os._exit(0))\n",
            UNIT_TESTS % FAILING_TESTS,
        ),
        ("test",),
        1,
        "0/2 tests passed",
    ),
    "code-exits-from-a-thread-while-tests-run": Case(
        _code_check(
            "import os, threading, time\n"
            "threading.Thread(target=lambda: (time.sleep(0.2), os._exit(0))).start()\n"
            "def add(a, b):\n    time.sleep(1)\n    return a + b\n",
            UNIT_TESTS % PASSING_TESTS.replace("assert add", "assert not add"),
        ),
        ("test",),
        1,
        "FAIL t",
    ),
    "code-raises-system-exit-0-in-the-tested-function": Case(
        _code_check("def add(a, b):\n    raise SystemExit(0)\n", UNIT_TESTS % PASSING_TESTS),
        ("test",),
        1,
        "0/1 tests passed; failed: test_a: SystemExit: 0",
    ),
    "code-closes-its-output-and-fails": Case(
        _code_check("import os\nos.close(1)\nos.close(2)\n", UNIT_TESTS % FAILING_TESTS),
        ("test",),
        1,
        "0/2 tests passed",
    ),
    "code-leaves-a-session-that-writes-outside-later": Case(
        _code_check(
            "import subprocess\nsubprocess.Popen(['sh', '-c', 'sleep 2; echo pwned > "
            "{outside}/keep.md'], start_new_session=True)\n",
            UNIT_TESTS % FAILING_TESTS,
        ),
        (),
        1,
        "0/2 tests passed",
        program=("sh", "-c", f"{BLAME} test{THEN_WAIT}"),
        namespaces=True,
    ),
    "code-kills-and-stops-every-process-it-can": Case(
        _code_check(
            "import subprocess\nsubprocess.run(['sh', '-c', 'kill -STOP -1; kill -9 -1'])\n",
            UNIT_TESTS % FAILING_TESTS,
        ),
        ("test",),
        1,
        "FAIL t",
        namespaces=True,
    ),
    "code-reaches-for-the-network": Case(
        _code_check(
            "import socket\nsocket.create_connection(('192.0.2.1', 80), timeout=3)\n",  # TEST-NET-1
            UNIT_TESTS % PASSING_TESTS.replace("assert add(1, 2) == 3", "pass"),
        ),
        ("test",),
        1,
        "the code does not import: OSError: [Errno 101] Network is unreachable",
        namespaces=True,
    ),
    # -- paths and names --------------------------------------------------------------------
    "record-test-name-climbs-out": Case(
        {**AGENTS, "blame.yaml": config("fine").replace("name: t,", 'name: "../../outside/x",')},
        ("record",),
        0,
        "recorded ../../outside/x (PASS",  # record prints a line per test
    ),
    "escapes-in-the-project-folder-name": Case(
        {
            f"{ESCAPED_FOLDER}/pipeline.py": AGENTS["pipeline.py"],
            f"{ESCAPED_FOLDER}/blame.yaml": config("fine"),
        },
        ("test", "-c", f"{ESCAPED_FOLDER}/blame.yaml"),
        0,
        "importing user code: pipeline (from ",
        env={"BLAME_NO_WARN": "0"},
    ),
    "escapes-in-a-plugin-listing": Case(
        {
            "evil.py": (
                "class C:\n    type = 'bad\\x1b[2J\\u202e'\n"
                "    def validate(self, params):\n        return None\n"
                "    def label(self, params):\n        return self.type\n"
                "    def evaluate(self, check, trace):\n        return None\n"
                "blame_plugins = [C()]\n"
            ),
            **AGENTS,
            "blame.yaml": config("fine", extra="plugins: [evil]\n"),
        },
        ("plugins", "-c", "blame.yaml"),
        0,
        "bad\\x1b[2J\\u202e",
    ),
}
