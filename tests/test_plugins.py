"""Plugin discovery through real installed distributions, local plugins, and safe plugin calls.

Throwaway plugin distributions are built from a temp dir and installed with
`pip install --target` (offline: an in-tree PEP 517 backend, --no-deps, --no-build-isolation,
--no-index), then found on sys.path exactly as a user's plugin would be.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator, Mapping
from importlib.metadata import distribution, entry_points
from pathlib import Path
from typing import Any

import pytest

from blame import plugincalls, pluginreport, plugintypes
from blame.context import RunContext
from blame.errors import PluginError
from blame.model import Check, Trace
from blame.results import Evaluation
from blame.testing import chain

BACKEND = '''
"""A minimal PEP 517 backend: zips the package and writes dist-info; offline, no wheel needed."""
import base64, hashlib, json, pathlib, zipfile

def _spec():
    return json.loads(pathlib.Path("dist.json").read_text())

def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    spec = _spec()
    stem = spec["name"].replace("-", "_") + "-" + spec["version"]
    wheel = stem + "-py3-none-any.whl"
    records = []
    with zipfile.ZipFile(pathlib.Path(wheel_directory) / wheel, "w") as archive:
        def add(name, data):
            archive.writestr(name, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            records.append(f"{name},sha256={digest.decode()},{len(data)}")
        for path in sorted(pathlib.Path(spec["package"]).rglob("*.py")):
            add(path.as_posix(), path.read_bytes())
        info = stem + ".dist-info/"
        add(info + "METADATA", (
            f"Metadata-Version: 2.1\\nName: {spec['name']}\\nVersion: {spec['version']}\\n"
        ).encode())
        add(info + "WHEEL", b"Wheel-Version: 1.0\\nGenerator: test\\nRoot-Is-Purelib: true\\n"
            b"Tag: py3-none-any\\n")
        lines = []
        for group, items in sorted(spec["entry_points"].items()):
            lines.append(f"[{group}]")
            lines.extend(f"{k} = {v}" for k, v in sorted(items.items()))
        add(info + "entry_points.txt", ("\\n".join(lines) + "\\n").encode())
        records.append(info + "RECORD,,")
        archive.writestr(info + "RECORD", "\\n".join(records) + "\\n")
    return wheel
'''

PLUGINS_PAGE = Path(__file__).resolve().parents[1] / "docs" / "plugins.md"


def _readme_blocks(language: str) -> list[str]:
    """The fenced code blocks of one language in the docs' "How to write a check type" section."""
    text = PLUGINS_PAGE.read_text(encoding="utf-8")
    section = text[text.index("## How to write a check type in a plugin") :]
    section = section[: section.index("\n## ", 1)]
    return re.findall(rf"```{language}\n(.*?)```", section, re.DOTALL)


WORD_COUNT = _readme_blocks("python")[0]
"""The docs' example plugin, installed for real below: the docs must stay true."""
WORD_COUNT_ENTRY_POINTS = {
    "blame.evaluators": dict(re.findall(r'^(\w+) = "(.+)"$', _readme_blocks("toml")[0], re.M))
}
"""The docs' pyproject stanza, as the throwaway distribution's entry points."""


RAISES = """
class Raiser:
    type = "always_raises"

    def validate(self, params):
        return None

    def label(self, params):
        return "always_raises"

    def evaluate(self, check, trace):
        raise ValueError("boom")


check = Raiser()
"""

WRONG_TYPE = """
class NotAnEvaluator:
    type = "half_done"

    def validate(self, params):
        return None


check = NotAnEvaluator()
"""

BROKEN_IMPORT = """
import nonexistent_dependency_xyz  # noqa: F401

check = None
"""


def _dist(
    root: Path, name: str, package: str, source: str, entry_points: Mapping[str, Any]
) -> Path:
    """Write one plugin project (package + pyproject with the in-tree backend)."""
    project = root / name
    (project / package).mkdir(parents=True)
    (project / package / "__init__.py").write_text(textwrap.dedent(source), encoding="utf-8")
    (project / "_backend.py").write_text(BACKEND, encoding="utf-8")
    spec = {"name": name, "version": "1.0.0", "package": package, "entry_points": entry_points}
    (project / "dist.json").write_text(json.dumps(spec), encoding="utf-8")
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = []\nbuild-backend = "_backend"\nbackend-path = ["."]\n',
        encoding="utf-8",
    )
    return project


def _pip_target(target: Path, *projects: Path) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--target",
            str(target),
            *map(str, projects),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return target


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site dir holding a good plugin and three broken ones, installed by pip."""
    root = tmp_path_factory.mktemp("plugin-src")
    ep = "blame.evaluators"
    projects = [
        _dist(
            root,
            "blame-maxwords",
            "blame_wordcount",
            WORD_COUNT,
            WORD_COUNT_ENTRY_POINTS,
        ),
        _dist(
            root,
            "blame-raises",
            "blame_raises",
            RAISES,
            {ep: {"always_raises": "blame_raises:check"}},
        ),
        _dist(
            root,
            "blame-halfdone",
            "blame_halfdone",
            WRONG_TYPE,
            {ep: {"half_done": "blame_halfdone:check"}},
        ),
        _dist(
            root,
            "blame-brokenimport",
            "blame_brokenimport",
            BROKEN_IMPORT,
            {
                ep: {"broken_import": "blame_brokenimport:check"},
                "blame.importers": {"broken_format": "blame_brokenimport:check"},
            },
        ),
        _dist(
            root,
            "blame-exits",
            "blame_exits",
            "import sys\n\nsys.exit('no display')\n",
            {ep: {"exits_on_import": "blame_exits:check"}},
        ),
    ]
    return _pip_target(tmp_path_factory.mktemp("site"), *projects)


@pytest.fixture(scope="module")
def dup_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two distributions claiming the same check type."""
    root = tmp_path_factory.mktemp("dup-src")
    ep = "blame.evaluators"
    projects = [
        _dist(
            root, "blame-dup-a", "blame_dup_a", RAISES, {ep: {"always_raises": "blame_dup_a:check"}}
        ),
        _dist(
            root, "blame-dup-b", "blame_dup_b", RAISES, {ep: {"always_raises": "blame_dup_b:check"}}
        ),
    ]
    return _pip_target(tmp_path_factory.mktemp("dupsite"), *projects)


@pytest.fixture(autouse=True)
def forget_plugin_modules() -> Iterator[None]:
    """Each test imports the throwaway plugins afresh."""
    yield
    for name in [
        n
        for n in sys.modules
        if n.startswith(
            (
                "blame_wordcount",
                "blame_raises",
                "blame_halfdone",
                "blame_brokenimport",
                "blame_dup_",
                "blame_exits",
                "my_checks",
            )
        )
    ]:
        del sys.modules[name]


@pytest.fixture
def on_path(monkeypatch: pytest.MonkeyPatch) -> Any:
    def add(folder: Path) -> None:
        monkeypatch.syspath_prepend(str(folder))

    return add


# -- first-party discovery ---------------------------------------------------------------------


def test_first_party_plugin_is_installed_and_found_through_entry_points() -> None:
    found = {e.name: e for e in entry_points(group="blame.evaluators")}
    assert found["json_valid"].value == "blame_jsonschema:json_valid"
    assert found["json_schema"].dist is not None
    assert found["json_schema"].dist.metadata["Name"] == "blame-jsonschema"
    import blame_jsonschema

    context = RunContext()
    assert context.check_type("json_valid") is blame_jsonschema.json_valid
    # Installed editable from this checkout, as the README's dev command does.
    origin = json.loads(distribution("blame-jsonschema").read_text("direct_url.json") or "{}")
    assert origin["dir_info"] == {"editable": True}
    assert (
        origin["url"] == (Path(__file__).resolve().parents[1] / "plugins" / "jsonschema").as_uri()
    )
    provider = context.plugins.provider_of(context.check_type("json_schema"))
    assert provider is not None
    assert (provider.distribution, provider.version) == (
        "blame-jsonschema",
        distribution("blame-jsonschema").version,
    )


def test_builtins_register_through_the_same_groups() -> None:
    plugins = RunContext().plugins
    for name in ("contains", "tool_called", "max_latency"):
        provider = plugins.provider("blame.evaluators", name)
        assert provider is not None and provider.distribution == "blame-agents"
    native = plugins.provider("blame.importers", "native")
    assert native is not None and native.distribution == "blame-agents"
    python = plugins.provider("blame.adapters", "python")
    assert python is not None and python.source == "blame.adapters:python_adapter"


def test_names_are_sorted_and_read_without_importing() -> None:
    sys.modules.pop("blame_jsonschema", None)
    sys.modules.pop("blame_jsonschema.evaluators", None)
    names = RunContext().check_type_names()
    assert list(names) == sorted(names) and "json_schema" in names
    assert "blame_jsonschema" not in sys.modules


def _printed(code: str) -> list[str]:
    """The lines a fresh interpreter prints running `code`: what it imported is its own."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()


def test_help_does_not_discover_plugins() -> None:
    code = (
        "import sys\n"
        "from blame.cli import app\n"
        "try:\n"
        "    app(['--help'], standalone_mode=False)\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('blame.plugins' in sys.modules, 'blame_jsonschema' in sys.modules)\n"
    )
    assert _printed(code)[-1] == "False False"


def test_a_run_without_local_plugins_imports_no_local_plugin_code() -> None:
    """`register` and its kin are the local plugins' API: imported when one asks for them."""
    code = (
        "import sys\n"
        "from blame.context import RunContext\n"
        "RunContext().check_type('contains')\n"
        "print('blame.localplugins' in sys.modules)\n"
        "from blame.plugins import register\n"
        "import blame.plugins\n"
        "print(register.__module__, hasattr(blame.plugins, 'no_such_name'))\n"
    )
    assert _printed(code) == ["False", "blame.localplugins False"]


# -- throwaway distributions -------------------------------------------------------------------


def _run(
    site: Path, *args: str, cwd: Path, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPATH": str(site), "BLAME_NO_WARN": "1", **(env or {})}
    environ.pop(
        "BLAME_DISABLE_PLUGINS", None
    ) if env is None or "BLAME_DISABLE_PLUGINS" not in env else None
    return subprocess.run(
        [sys.executable, "-m", "blame", *args], capture_output=True, text=True, cwd=cwd, env=environ
    )


def _config(folder: Path, checks: str, final: str = "one two three four five") -> Path:
    trace = chain(("Planner", "plan: be brief"), ("Writer", final), test_name="brief")
    (folder / "brief.json").write_text(trace.to_json(), encoding="utf-8")
    config = folder / "blame.yaml"
    config.write_text(
        "tests:\n  - name: brief\n    trace: brief.json\n    checks:\n"
        + textwrap.indent(textwrap.dedent(checks), "      "),
        encoding="utf-8",
    )
    return config


WARN_BROKEN = (
    "blame: warning: plugin blame-brokenimport 1.0.0 (entry point "
    "blame.evaluators:broken_import = blame_brokenimport:check) failed to load: "
    "ModuleNotFoundError: No module named 'nonexistent_dependency_xyz'; "
    "check type 'broken_import' is unavailable"
)
WARN_BROKEN_FORMAT = (
    "blame: warning: plugin blame-brokenimport 1.0.0 (entry point "
    "blame.importers:broken_format = blame_brokenimport:check) failed to load: "
    "ModuleNotFoundError: No module named 'nonexistent_dependency_xyz'; "
    "trace format 'broken_format' is unavailable"
)
WARN_EXITS = (
    "blame: warning: plugin blame-exits 1.0.0 (entry point "
    "blame.evaluators:exits_on_import = blame_exits:check) failed to load: "
    "SystemExit: no display; check type 'exits_on_import' is unavailable"
)
WARN_HALFDONE = (
    "blame: warning: plugin blame-halfdone 1.0.0 (entry point "
    "blame.evaluators:half_done = blame_halfdone:check) failed to load: NotAnEvaluator object "
    "does not satisfy the CheckType protocol: missing method label(), evaluate(); "
    "check type 'half_done' is unavailable"
)


def test_installed_plugin_is_listed_with_its_distribution(site: Path, tmp_path: Path) -> None:
    done = _run(site, "plugins", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    assert rows[0] == ["KIND", "NAME", "DISTRIBUTION", "VERSION", "SOURCE"]
    assert [
        "check",
        "type",
        "max_words",
        "blame-maxwords",
        "1.0.0",
        "blame_wordcount:max_words",
    ] in rows
    assert [
        "check",
        "type",
        "json_valid",
        "blame-jsonschema",
        "0.2.0",
        "blame_jsonschema:json_valid",
    ] in rows
    kinds_names = [(r[0] + " " + r[1], r[2]) for r in rows[1:]]
    assert kinds_names == sorted(kinds_names)
    assert done.stderr.splitlines() == [WARN_BROKEN, WARN_EXITS, WARN_HALFDONE, WARN_BROKEN_FORMAT]


def test_installed_plugin_works_in_blame_test(site: Path, tmp_path: Path) -> None:
    _config(tmp_path, "- type: max_words\n  max: 3\n")
    done = _run(site, "test", "--json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr

    check = json.loads(done.stdout)["tests"][0]["checks"][0]
    assert (check["name"], check["passed"], check["message"]) == (
        "max_words:3",
        False,
        "5 words, max 3",
    )
    assert (
        check["blame"][0]["name"] == "Writer" and check["blame"][0]["reason"] == "wrote the answer"
    )
    patches = json.loads(done.stdout)["tests"][0]["patches"]
    assert any("Answer in at most 3 words." in p["text"] for p in patches)
    # Only the check types the config uses are imported; reading the trace needs every importer,
    # so the broken importer costs one warning line and the run goes on.
    assert done.stderr.splitlines() == [WARN_BROKEN_FORMAT]


def test_broken_plugin_used_by_the_config_exits_2_naming_it(site: Path, tmp_path: Path) -> None:
    config = _config(tmp_path, "- type: broken_import\n")
    done = _run(site, "test", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        f"blame: error: {config.name}: tests[0] ('brief').checks[0].type: check type "
        "'broken_import' comes "
        "from plugin blame-brokenimport 1.0.0 (entry point blame.evaluators:broken_import = "
        "blame_brokenimport:check) failed to load: ModuleNotFoundError: No module named "
        "'nonexistent_dependency_xyz'; fix or reinstall that plugin, or remove the checks that "
        "use it"
    )


def test_wrong_type_plugin_used_by_the_config_exits_2_with_the_reason(
    site: Path, tmp_path: Path
) -> None:
    _config(tmp_path, "- type: half_done\n")
    done = _run(site, "test", cwd=tmp_path)
    assert done.returncode == 2
    assert "check type 'half_done' comes from plugin blame-halfdone 1.0.0" in done.stderr
    assert "missing method label(), evaluate()" in done.stderr


def test_raising_evaluator_errors_its_check_and_names_the_plugin(
    site: Path, tmp_path: Path
) -> None:
    _config(tmp_path, "- type: always_raises\n- type: max_words\n  max: 10\n")
    done = _run(site, "test", "--json", cwd=tmp_path)
    assert done.returncode == 2, done.stderr

    case = json.loads(done.stdout)["tests"][0]
    assert case["error"] == (
        "check type 'always_raises' could not evaluate: "
        "check always_raises: plugin blame-raises 1.0.0 (entry point "
        "blame.evaluators:always_raises = blame_raises:check) raised ValueError: boom in "
        "evaluate(); this is a bug in the plugin; report it to its authors"
    )
    assert [c["passed"] for c in case["checks"]] == [False, True]


def test_duplicate_names_are_an_error_naming_both_distributions(
    dup_site: Path, tmp_path: Path
) -> None:
    done = _run(dup_site, "plugins", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "blame: error: entry point blame.evaluators:always_raises: check type 'always_raises' is "
        "registered twice: by blame-dup-a 1.0.0 (blame_dup_a:check) and by blame-dup-b 1.0.0 "
        "(blame_dup_b:check); uninstall one of them, or set BLAME_DISABLE_PLUGINS=1 to ignore "
        "third-party plugins"
    ]


def test_disable_plugins_keeps_first_party_only(dup_site: Path, tmp_path: Path) -> None:
    done = _run(dup_site, "plugins", cwd=tmp_path, env={"BLAME_DISABLE_PLUGINS": "1"})
    assert done.returncode == 0, done.stderr
    assert "always_raises" not in done.stdout
    assert "blame-jsonschema" in done.stdout and "blame-agents" in done.stdout


def test_in_process_discovery_of_installed_dirs(
    site: Path, on_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    on_path(site)
    context = RunContext()
    registry = context.check_types()
    assert "max_words" in registry and "broken_import" not in registry
    assert capsys.readouterr().err.splitlines() == [WARN_BROKEN, WARN_EXITS, WARN_HALFDONE]
    context.check_types()
    assert capsys.readouterr().err == ""  # one warning per plugin per run
    plugins = context.plugins
    assert plugins.load_error("blame.evaluators", "broken_import") == (
        "plugin blame-brokenimport 1.0.0 (entry point blame.evaluators:broken_import = "
        "blame_brokenimport:check) failed to load: ModuleNotFoundError: No module named "
        "'nonexistent_dependency_xyz'"
    )
    assert plugins.load_error("blame.evaluators", "max_words") is None
    assert plugins.load_error("blame.evaluators", "no_such_type") is None


# -- protocol checks ---------------------------------------------------------------------------


class _Good:
    type = "good"

    def validate(self, params: Mapping[str, Any]) -> str | None:
        return None

    def label(self, params: Mapping[str, Any]) -> str:
        return "good"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        return Evaluation(score=1.0, message="ok")


class _NoType:
    def validate(self) -> None: ...
    def label(self) -> None: ...
    def evaluate(self) -> None: ...


class _BadPatch(_Good):
    patch = "not callable"


@pytest.mark.parametrize(
    ("obj", "name", "problem"),
    [
        (_Good(), "good", None),
        (
            _Good(),
            "other",
            "_Good object does not satisfy the CheckType protocol: its type is 'good' but it is "
            "registered as 'other'",
        ),
        (
            _NoType(),
            None,
            "_NoType object does not satisfy the CheckType protocol: its type attribute must be a "
            "non-empty string, got None",
        ),
        (
            _BadPatch(),
            None,
            "_BadPatch object does not satisfy the CheckType protocol: not callable: patch",
        ),
        (
            object(),
            None,
            "object object does not satisfy the CheckType protocol: its type attribute must be a "
            "non-empty string, got None; missing method label(), evaluate()",
        ),
    ],
)
def test_protocol_problem(obj: Any, name: str | None, problem: str | None) -> None:
    assert plugintypes.protocol_problem(obj, "blame.evaluators", name) == problem


def test_unknown_check_type_lists_the_known_ones() -> None:
    with pytest.raises(PluginError) as caught:
        RunContext().check_type("nope", file="blame.yaml", field="tests[0].checks[0].type")
    message = caught.value.format()
    assert message.startswith(
        "blame.yaml: tests[0].checks[0].type: unknown check type 'nope' (known: "
    )
    assert "json_valid" in message


# -- local plugins -----------------------------------------------------------------------------


LOCAL_MODULE = """
from blame.results import Evaluation


class Shouty:
    type = "shouty"

    def validate(self, params):
        return None

    def label(self, params):
        return "shouty"

    def evaluate(self, check, trace):
        loud = trace.final_output.isupper()
        return Evaluation(score=1.0 if loud else 0.0, message="loud" if loud else "quiet")
"""


@pytest.mark.parametrize(
    ("tail", "spec"),
    [
        ("blame_plugins = [Shouty]\n", "my_checks"),
        ("def plugins():\n    return [Shouty()]\n", "my_checks:plugins"),
        (
            "from blame.plugins import register_evaluator\n\n"
            "def setup():\n    register_evaluator(Shouty())\n",
            "my_checks:setup",
        ),
        ("from blame.plugins import register\n\nregister(Shouty)\n", "my_checks"),
        (
            "from blame.plugins import register_evaluator\n\n"
            "def setup():\n    @register_evaluator\n    class Loud(Shouty):\n        pass\n",
            "my_checks:setup",
        ),
    ],
)
def test_local_plugin_contracts(tmp_path: Path, tail: str, spec: str) -> None:
    (tmp_path / "my_checks.py").write_text(LOCAL_MODULE + tail, encoding="utf-8")
    context = RunContext()
    providers = context.load_local([spec], base_dir=tmp_path, file="blame.yaml")
    assert [(p.name, p.distribution, p.source) for p in providers] == [("shouty", "local", spec)]
    shouty = context.check_type("shouty")
    assert context.describe(shouty) == f"local plugin {spec}"
    trace = chain(("A", "HELLO"))
    assert plugincalls.call_evaluate(shouty, Check("shouty", "shouty"), trace).ok
    # Another run (another config) has its own registry and re-imports the module.
    other = RunContext()
    assert other.load_local([spec], base_dir=tmp_path)[0].name == "shouty"
    assert other.check_type("shouty") is not shouty
    assert "shouty" not in RunContext().check_type_names()


@pytest.mark.parametrize(
    ("source", "spec", "message"),
    [
        (
            "import nonexistent_dependency_xyz\n",
            "my_checks",
            "blame.yaml: plugins[0]: cannot import local plugin 'my_checks': ModuleNotFoundError: "
            "No module named 'nonexistent_dependency_xyz'; put my_checks.py beside the config "
            "file or install it",
        ),
        (
            "raise SystemExit(3)\n",
            "my_checks",
            "blame.yaml: plugins[0]: cannot import local plugin 'my_checks': SystemExit: 3; put "
            "my_checks.py beside the config file or install it",
        ),
        (
            "x = 1\n",
            "my_checks",
            "blame.yaml: plugins[0]: module 'my_checks' registered no plugin; define "
            "blame_plugins = [...] in it, or name a function: module:function",
        ),
        (
            "x = 1\n",
            "my_checks:setup",
            "blame.yaml: plugins[0]: module 'my_checks' has no function 'setup'; define "
            "setup in my_checks, or fix the name after the colon",
        ),
        (
            "def setup():\n    raise RuntimeError('no config')\n",
            "my_checks:setup",
            "blame.yaml: plugins[0]: local plugin my_checks:setup raised RuntimeError: no config; "
            "fix the plugin, or remove it from plugins:",
        ),
        (
            "import sys\ndef setup():\n    sys.exit(0)\n",
            "my_checks:setup",
            "blame.yaml: plugins[0]: local plugin my_checks:setup raised SystemExit: 0; fix the "
            "plugin, or remove it from plugins:",
        ),
        (
            "def setup():\n    return [42]\n",
            "my_checks:setup",
            "blame.yaml: plugins[0] (my_checks:setup): cannot register builtins.int object: int "
            "object does not satisfy the CheckType protocol: its type attribute must be a "
            "non-empty string, got None; missing method label(), evaluate(); or int "
            "object does not satisfy the AgentAdapter protocol: its type attribute must be a "
            "non-empty string, got None; missing method load(); or int object does not satisfy "
            "the Importer protocol: its format attribute must be a non-empty string, got None; "
            "missing method sniff(), load(); see the CheckType, AgentAdapter, Importer protocols",
        ),
        (
            "from blame.results import Evaluation\n"
            "class Dup:\n    type = 'json_valid'\n"
            "    def validate(self, p): return None\n"
            "    def label(self, p): return 'x'\n"
            "    def evaluate(self, c, t): return Evaluation(1.0, 'ok')\n"
            "blame_plugins = [Dup]\n",
            "my_checks",
            "blame.yaml: plugins[0] (my_checks): check type 'json_valid' is registered twice: by "
            "blame-jsonschema 0.2.0 (blame_jsonschema:json_valid) and by local plugin my_checks; "
            "rename the local one",
        ),
        (
            "",
            "my-checks",
            "blame.yaml: plugins[0]: expected 'module' or 'module:function', got 'my-checks'",
        ),
    ],
)
def test_local_plugin_errors(tmp_path: Path, source: str, spec: str, message: str) -> None:
    (tmp_path / "my_checks.py").write_text(source, encoding="utf-8")
    with pytest.raises(PluginError) as caught:
        RunContext().load_local([spec], base_dir=tmp_path, file="blame.yaml")
    assert caught.value.format() == message


# -- calling plugin code -----------------------------------------------------------------------


class _Misbehaving(_Good):
    type = "misbehaving"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        return {"score": 1}  # type: ignore[return-value]

    def attribute(self, check: Check, evaluation: Evaluation, graph: Any) -> Any:
        raise KeyError("step")

    def patch(self, check: Check, suspect: Any, trace: Any) -> Any:
        return 42


def test_plugin_calls_turn_failures_into_plugin_errors_naming_the_plugin() -> None:
    context = RunContext()
    context.plugins.add_local(plugintypes.EVALUATORS, _Misbehaving(), "tests:misbehaving")
    found = context.check_type("misbehaving")
    who = context.describe(found)
    check = Check("misbehaving", "misbehaving")
    trace = chain(("A", "x"))
    with pytest.raises(PluginError) as caught:
        plugincalls.call_evaluate(found, check, trace, who=who)
    assert caught.value.format() == (
        "check misbehaving: local plugin tests:misbehaving returned dict from evaluate(), "
        "expected blame.results.Evaluation"
    )
    from blame.graph import StepGraph

    with pytest.raises(PluginError) as caught:
        plugincalls.call_attribute(found, check, Evaluation(0.0, "no"), StepGraph(trace), who=who)
    assert caught.value.format() == (
        "check misbehaving: local plugin tests:misbehaving raised KeyError: 'step' in "
        "attribute(); this is a bug in the plugin; report it to its authors"
    )
    from blame.results import Suspect

    with pytest.raises(PluginError) as caught:
        suspect = Suspect("agent", "A", "A", 0, 1.0, "r")
        plugincalls.call_patch(found, check, suspect, trace, who=who)
    assert caught.value.format() == (
        "check misbehaving: local plugin tests:misbehaving returned int from patch(), "
        "expected str or None"
    )


NOT_A_STEP = "not None or a step of the trace (0 to 1)"


class _Suspecting(_Good):
    type = "suspecting"

    def __init__(self, suspect: Any) -> None:
        self.suspect = suspect

    def attribute(self, check: Check, evaluation: Evaluation, graph: Any) -> Any:
        return [self.suspect]


@pytest.mark.parametrize(
    ("changed", "wrong"),
    [
        ({"kind": "<img src=x>"}, "kind is '<img src=x>', not agent, tool or handoff"),
        ({"kind": "Agent"}, "kind is 'Agent', not agent, tool or handoff"),
        ({"name": None}, "name is NoneType, not str"),
        ({"agent": 3}, "agent is int, not str"),
        ({"reason": b"r"}, "reason is bytes, not str"),
        ({"sender": 1}, "sender is int, not str or None"),
        ({"step_index": 2}, f"step_index is 2, {NOT_A_STEP}"),
        ({"step_index": -1}, f"step_index is -1, {NOT_A_STEP}"),
        ({"step_index": True}, f"step_index is True, {NOT_A_STEP}"),
        ({"step_index": 10**5000}, f"step_index is <integer of about 5001 digits>, {NOT_A_STEP}"),
        ({"confidence": float("nan")}, "confidence is nan, not a number in [0, 1]"),
        ({"confidence": 1.5}, "confidence is 1.5, not a number in [0, 1]"),
        ({"confidence": "0.9"}, "confidence is '0.9', not a number in [0, 1]"),
    ],
)  # fmt: skip
def test_a_plugins_suspect_blame_could_not_write_or_read_back_is_a_plugin_error(
    changed: dict[str, Any], wrong: str
) -> None:
    """A Suspect is a plain dataclass: a plugin could put anything in it, and blame would write
    it into results it cannot read back (NaN is not JSON), or into reports unescaped."""
    from dataclasses import replace

    from blame.graph import StepGraph
    from blame.results import Suspect

    good = Suspect("agent", "A", "A", 1, 0.9, "wrote it")
    context = RunContext()
    context.plugins.add_local(
        plugintypes.EVALUATORS, _Suspecting(replace(good, **changed)), "tests:suspecting"
    )
    found = context.check_type("suspecting")
    check = Check("suspecting", "suspecting")
    graph = StepGraph(chain(("A", "x"), ("B", "y")))
    evaluation = Evaluation(0.0, "no")
    with pytest.raises(PluginError) as caught:
        plugincalls.call_attribute(found, check, evaluation, graph, who=context.describe(found))
    assert caught.value.format() == (
        "check suspecting: local plugin tests:suspecting returned a Suspect from attribute() "
        f"whose {wrong} (suspect 0); a Suspect's kind is agent, tool or handoff; its confidence "
        "is in [0, 1]; its step_index is None or a step of the trace"
    )


class _Evaluating(_Good):
    type = "evaluating"

    def __init__(self, evaluation: Any) -> None:
        self.evaluation = evaluation

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        return self.evaluation  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("changed", "wrong"),
    [
        ({"score": "1"}, "score is str, not a number"),
        ({"score": None}, "score is NoneType, not a number"),
        ({"score": True}, "score is bool, not a number"),
        ({"message": 5}, "message is int, not str"),
        ({"message": None}, "message is NoneType, not str"),
        ({"passed": "yes"}, "passed is str, not true, false or None"),
        ({"error": 5}, "error is int, not str or None"),
        ({"evidence": None}, "evidence is NoneType, not a mapping"),
    ],
)  # fmt: skip
def test_a_plugins_evaluation_blame_could_not_use_is_a_plugin_error(
    changed: dict[str, Any], wrong: str
) -> None:
    """An Evaluation is a plain dataclass too: a score of '1' or a message of 5 ended the run
    in blame's own TypeError ('internal error ... this is a bug in blame'), and passed='yes'
    showed the check as passed in a test that failed."""
    from dataclasses import replace

    context = RunContext()
    bad = replace(Evaluation(0.0, "no"), **changed)
    context.plugins.add_local(plugintypes.EVALUATORS, _Evaluating(bad), "tests:evaluating")
    found = context.check_type("evaluating")
    with pytest.raises(PluginError) as caught:
        plugincalls.call_evaluate(
            found, Check("evaluating", "evaluating"), chain(("A", "x")), who=context.describe(found)
        )
    assert caught.value.format() == (
        "check evaluating: local plugin tests:evaluating returned an Evaluation from evaluate() "
        f"whose {wrong}; an Evaluation's score is a number in [0, 1], its message a str"
    )


class _Labelling(_Good):
    type = "labelling"

    def __init__(self, label: Any) -> None:
        self.shown = label

    def label(self, params: Mapping[str, Any]) -> Any:
        return self.shown


@pytest.mark.parametrize("label", [5, None, b"x"])
def test_a_label_that_is_not_text_is_a_plugin_error(label: Any) -> None:
    """The label names the check in every message and report: an int ended blame test in
    'internal error: TypeError: object of type 'int' has no len()'."""
    from blame.config import parse_checks

    context = RunContext()
    context.plugins.add_local(plugintypes.EVALUATORS, _Labelling(label), "tests:labelling")
    with pytest.raises(PluginError) as caught:
        parse_checks([{"type": "labelling"}], source="blame.yaml", context=context)
    assert caught.value.format() == (
        f"blame.yaml: checks[0]: check type 'labelling' returned {type(label).__name__} from "
        "label(), expected str"
    )


def test_a_plugins_right_suspects_pass_through() -> None:
    from blame.graph import StepGraph
    from blame.results import Suspect

    suspects = (
        Suspect("agent", "A", "A", 1, 1, "wrote it"),
        Suspect("tool", "search", "A", None, 0.0, "gave nothing"),
        Suspect("handoff", "A -> B", "B", 0, 0.5, "dropped it"),
    )
    context = RunContext()
    context.plugins.add_local(plugintypes.EVALUATORS, _Suspecting(None), "tests:suspecting")
    found = context.check_type("suspecting")
    found.attribute = lambda check, evaluation, graph: list(suspects)
    graph = StepGraph(chain(("A", "x"), ("B", "y")))
    check = Check("suspecting", "suspecting")
    assert plugincalls.call_attribute(found, check, Evaluation(0.0, "no"), graph) == suspects


def test_the_listing_is_one_table_plain_in_a_pipe() -> None:
    rows = (
        pluginreport.Listing("check type", "a", "blame-x", "1.0", "x:a", None),
        pluginreport.Listing("check type", "bb", "blame-y", "", "y:bb", "ImportError: no"),
    )
    assert pluginreport.render_listing(rows, terminal=False) == (
        "KIND        NAME  DISTRIBUTION  VERSION  SOURCE\n"
        "check type  a     blame-x       1.0      x:a\n"
        "check type  bb    blame-y       -        y:bb [unavailable: ImportError: no]\n"
    )
    shown = pluginreport.render_listing(rows, terminal=True)
    assert "\x1b[1m" in shown  # the same table, its header bold
    assert [line.split() for line in _unstyled(shown).splitlines()] == [
        line.split() for line in pluginreport.render_listing(rows, terminal=False).splitlines()
    ]


def _unstyled(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def test_readme_testing_snippet_runs_against_the_readme_plugin(site: Path, on_path: Any) -> None:
    on_path(site)
    plugin, *_, snippet = _readme_blocks("python")
    assert plugin == WORD_COUNT and "run_check(" in snippet
    exec(compile(snippet, "docs/plugins.md", "exec"), {})  # its own assert checks the blame


def test_broken_importer_named_with_format_exits_2(site: Path, tmp_path: Path) -> None:
    (tmp_path / "run.json").write_text(chain(("A", "x")).to_json(), encoding="utf-8")
    (tmp_path / "checks.yaml").write_text("checks:\n  - type: contains\n    value: x\n")
    done = _run(
        site,
        "analyze",
        "run.json",
        "--checks",
        "checks.yaml",
        "--format",
        "broken_format",
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert WARN_BROKEN_FORMAT in done.stderr.splitlines()
    assert (
        "blame: error: --format: trace format 'broken_format' comes from plugin "
        "blame-brokenimport 1.0.0 (entry point blame.importers:broken_format = "
        "blame_brokenimport:check) failed to load: ModuleNotFoundError: No module named "
        "'nonexistent_dependency_xyz'; fix or reinstall that plugin, or use another trace format"
    ) in done.stderr.splitlines()
    # Without --format the rest of blame works: the native importer reads the file.
    done = _run(site, "analyze", "run.json", "--checks", "checks.yaml", cwd=tmp_path)
    assert done.returncode == 0, done.stderr


def test_config_local_plugin_in_blame_plugins_and_blame_test(tmp_path: Path) -> None:
    (tmp_path / "my_checks.py").write_text(LOCAL_MODULE + "blame_plugins = [Shouty]\n")
    config = _config(tmp_path, "- type: shouty\n", final="QUIET please")
    text = config.read_text(encoding="utf-8")
    config.write_text("plugins: [my_checks]\n" + text, encoding="utf-8")
    listed = _run(tmp_path, "plugins", "--config", "blame.yaml", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    rows = [line.split() for line in listed.stdout.splitlines()]
    assert ["check", "type", "shouty", "local", "-", "my_checks"] in rows
    done = _run(tmp_path, "test", "--json", cwd=tmp_path)
    assert done.returncode == 1, done.stderr

    [check] = json.loads(done.stdout)["tests"][0]["checks"]
    assert (check["name"], check["message"]) == ("shouty", "quiet")
