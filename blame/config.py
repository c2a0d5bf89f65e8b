"""Load and validate blame.yaml (a superset of agentgrade.yaml).

Every mistake a user can make is reported as one `ConfigError` line naming the file, the test
(by index and name), the check index, the bad field, what is wrong and how to fix it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from blame.configchecks import read_checks
from blame.configfields import (
    DEFAULT_TIMEOUT_S,
    Where,
    kind_name,
    non_empty_list,
    read_path,
    read_string,
    read_threshold,
    read_timeout,
)
from blame.files import real_path
from blame.frozen import dataclass
from blame.model import Check
from blame.text import did_you_mean
from blame.yamlfile import CHECKS_HINT, read_yaml

if TYPE_CHECKING:
    from blame.context import RunContext
    from blame.faults import Fault
    from blame.stubs import ToolSpec

DEFAULT_THRESHOLD = 0.75
"""A test passes when its reward reaches this (settings.fail_below_reward)."""
MAX_RUNS = 10_000
"""Most runs of one test."""
DEFAULT_PASS_RATE = 0.5
"""With `runs: N`, a test passes when the lower bound of its pass rate's 95 % interval reaches
this (settings.pass_rate, or the test's own `pass_rate`)."""
PASS_RATE_HINT = "the share of runs that must pass, e.g. 0.8"
DEFAULT_OUTPUT_DIR = ".blame"
"""Where results, reports and fixtures go, relative to the config's folder."""

TOP_KEYS = ("agent", "agents", "tools", "tests", "settings", "plugins")
AGENT_KEYS = ("type", "entrypoint", "options")
AGENT_PROMPT_KEYS = ("prompt_file",)
TEST_KEYS = ("name", "input", "trace", "runs", "pass_rate", "faults", "checks")
SETTINGS_KEYS = (
    "fail_below_reward",
    "pass_rate",
    "output_dir",
    "replay",
    "fixtures_dir",
    "timeout",
)
CHECKS_FILE_KEYS = ("checks", "fail_below_reward", "timeout")


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """How to run the pipeline under test."""

    type: str
    """Agent adapter name (`python`, `langgraph`, `crewai`, or a plugin's)."""
    entrypoint: str
    """`module:attr`, imported relative to the config's folder."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Adapter-specific options (`agent.options`)."""


@dataclass(frozen=True, slots=True)
class CaseSpec:
    """One test of the suite."""

    name: str
    """Unique within the config; names results and fixtures."""
    index: int
    """Position in `tests`, 0-based."""
    input: Any
    """What the pipeline is given: a string, or a mapping/list passed to the adapter as is."""
    checks: tuple[Check, ...]
    """The weighted checks, in config order."""
    trace: Path | None = None
    """A stored trace to evaluate instead of running the agent."""
    runs: int = 1
    """Run this many times: one run is judged on its own, more by their pass rate."""
    pass_rate: float | None = None
    """The pass rate its runs must show; None: settings.pass_rate."""
    faults: tuple[Fault, ...] = ()
    """Tool faults injected into each live run (`blame.faults`)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """Suite-wide settings."""

    fail_below_reward: float = DEFAULT_THRESHOLD
    """A test passes when its reward is at least this."""
    output_dir: Path = Path(DEFAULT_OUTPUT_DIR)
    """Results, reports and fixtures go here (absolute)."""
    replay: bool = False
    """Always replay fixtures instead of running the agent."""
    fixtures_dir: Path = Path(DEFAULT_OUTPUT_DIR) / "fixtures"
    """Where `blame record` saves traces and `--replay` reads them (absolute)."""
    timeout: float = DEFAULT_TIMEOUT_S
    """Per-test wall-time limit in seconds."""
    pass_rate: float = DEFAULT_PASS_RATE
    """The pass rate a test run more than once must show (its interval's lower bound)."""


@dataclass(frozen=True, slots=True)
class Config:
    """A validated blame.yaml."""

    path: Path
    """The config file, as given."""
    base_dir: Path
    """The config's folder (absolute); entrypoints and relative paths resolve against it."""
    agent: AgentSpec | None
    """The pipeline; None when every test evaluates a stored trace."""
    agents: Mapping[str, Path | None]
    """Declared agents and their prompt files (absolute), for `blame improve`."""
    tests: tuple[CaseSpec, ...]
    """The tests, in config order."""
    settings: Settings
    """Suite-wide settings."""
    plugins: tuple[str, ...] = ()
    """Local plugins to import: `module` or `module:function`."""
    tools: Mapping[str, ToolSpec] = field(default_factory=dict)
    """Declared tools by name (`tools:`): the stub success each returns under `blame confirm`."""
    context: RunContext | None = field(default=None, compare=False, repr=False)
    """The run context whose plugins validated the checks (with the local plugins loaded)."""


def load_config(path: Path | str, *, context: RunContext | None = None) -> Config:
    """Read and validate a blame.yaml; raises ConfigError naming the file and field.

    The config's local plugins are imported into `context` (a new one when not given), which
    the returned Config keeps for the run; nothing outside it changes.
    """
    path = Path(path)
    data = _top(path)
    if context is None:
        from blame.context import RunContext

        context = RunContext()
    where = Where(str(path), context)
    base_dir = real_path(path).parent

    plugins = _plugins(data.get("plugins"), where)
    if plugins:
        _load_local_plugins(plugins, base_dir, where)

    settings = _settings(data.get("settings"), base_dir, where)
    tests = _tests(data.get("tests"), base_dir, where)
    agent = _agent(data.get("agent"), where, required=any(t.trace is None for t in tests))
    faulted = next((t for t in tests if t.faults), None)
    if agent is not None and agent.type == "http" and faulted is not None:
        raise where.error(
            f"tests[{faulted.index}] ({faulted.name!r}).faults",
            "an agent behind a URL runs its tools where blame cannot reach them",
            "fault the tools in the service's own tests, or drop `faults:`",
        )
    agents = _agents(data.get("agents"), base_dir, where)
    return Config(
        path=path,
        base_dir=base_dir,
        agent=agent,
        agents=agents,
        tests=tests,
        settings=settings,
        plugins=plugins,
        tools=_tools(data.get("tools"), where),
        context=context,
    )


def load_settings(path: Path | str) -> Settings:
    """Only the `settings:` of a blame.yaml (for `blame report`): no plugin is imported."""
    path = Path(path)
    data = _top(path)
    return _settings(data.get("settings"), real_path(path).parent, Where(str(path)))


def names_of_tests(path: Path | str) -> list[str]:
    """The names of a config's tests, read as `load_config` would name them but without
    reading the tests (no plugin imported); a test it cannot name is left out."""
    tests = _top(Path(path)).get("tests")
    names = []
    for item in tests if isinstance(tests, list) else ():
        name = item.get("name") if isinstance(item, Mapping) else None
        if isinstance(name, (int, float)) and not isinstance(name, bool):
            name = str(name)
        if isinstance(name, str):
            names.append(name)
    return names


def _top(path: Path) -> Mapping[str, Any]:
    """The config's top-level mapping, its keys checked."""
    data = read_yaml(path)
    where = Where(str(path))
    if not isinstance(data, Mapping):
        raise where.error(
            None,
            f"must be a mapping at top level, got {kind_name(data)}",
            "start from `blame init`",
        )
    where.unknown_keys(data, TOP_KEYS, None)
    return data


class ChecksFile(
    NamedTuple(
        "ChecksFile", [("checks", tuple[Check, ...]), ("threshold", float), ("timeout", float)]
    )
):
    """A `blame analyze --checks` file: its checks, fail_below_reward, and the seconds the
    checks of one trace may take when plugin code runs them (then killed).

    Its fields are given as types, not written as annotations: typing compiles each written
    one (a string, in a module of postponed annotations), ten million instructions a run."""

    __slots__ = ()


def load_checks_file(path: Path | str, *, context: RunContext | None = None) -> ChecksFile:
    """Read `checks: [...]`, optional `fail_below_reward` and `timeout` (`analyze --checks`)."""
    path = Path(path)
    data = read_yaml(path, hint=CHECKS_HINT)
    where = Where(str(path), context)
    if not isinstance(data, Mapping):
        raise where.error(
            None,
            f"must be a mapping with `checks:`, got {kind_name(data)}",
            "write `checks: [{type: contains, value: ...}]`",
        )
    where.unknown_keys(data, CHECKS_FILE_KEYS, None)
    threshold = read_threshold(
        data.get("fail_below_reward", DEFAULT_THRESHOLD), where, "fail_below_reward"
    )
    checks = read_checks(data.get("checks"), where, "checks")
    timeout = read_timeout(data, where, "timeout", "seconds one trace's checks may take")
    return ChecksFile(checks, threshold, timeout)


def parse_checks(
    raw: Any, *, source: str, field_prefix: str = "checks", context: RunContext | None = None
) -> tuple[Check, ...]:
    """Validate a list of check mappings from any source (used by plugins and analyze)."""
    return read_checks(raw, Where(source, context), field_prefix)


# -- reading ---------------------------------------------------------------------------------


def _settings(raw: Any, base_dir: Path, where: Where) -> Settings:
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise where.error("settings", f"must be a mapping, got {kind_name(raw)}")
    where.unknown_keys(raw, SETTINGS_KEYS, "settings")
    threshold = read_threshold(
        raw.get("fail_below_reward", DEFAULT_THRESHOLD), where, "settings.fail_below_reward"
    )
    pass_rate = read_threshold(
        raw.get("pass_rate", DEFAULT_PASS_RATE), where, "settings.pass_rate", PASS_RATE_HINT
    )
    output = read_string(
        raw.get("output_dir", DEFAULT_OUTPUT_DIR),
        where,
        "settings.output_dir",
        "a folder path relative to blame.yaml",
    )
    output_dir = _written_through(
        base_dir, output, read_path(base_dir, output, where, "settings.output_dir")
    )
    replay = raw.get("replay", False)
    if not isinstance(replay, bool):
        raise where.error("settings.replay", f"must be true or false, got {kind_name(replay)}")
    fixtures_raw = raw.get("fixtures_dir")
    if fixtures_raw is None:
        fixtures_dir = output_dir / "fixtures"
    else:
        fixtures = read_string(
            fixtures_raw, where, "settings.fixtures_dir", "a folder path relative to blame.yaml"
        )
        fixtures_dir = _written_through(
            base_dir, fixtures, read_path(base_dir, fixtures, where, "settings.fixtures_dir")
        )
    timeout = read_timeout(raw, where, "settings.timeout", "seconds each test may run")
    return Settings(
        fail_below_reward=threshold,
        output_dir=output_dir,
        replay=replay,
        fixtures_dir=fixtures_dir,
        timeout=timeout,
        pass_rate=pass_rate,
    )


def _written_through(base_dir: Path, value: str, resolved: Path) -> Path:
    """A folder blame writes in, kept as written when a link on the way names nothing:
    resolved, it would be made wherever the link points (outside the project, perhaps), and
    the write is refused naming the link instead."""
    from blame.files import dangling_folder

    written = Path(os.path.abspath(base_dir / value))
    return written if dangling_folder(written / "x") is not None else resolved


def _agent(raw: Any, where: Where, *, required: bool) -> AgentSpec | None:
    if raw is None:
        if required:
            raise where.error(
                "agent",
                "is missing",
                "add `agent: {type: python, entrypoint: module:function}`, "
                "or give every test a `trace:`",
            )
        return None
    if not isinstance(raw, Mapping):
        raise where.error(
            "agent",
            f"must be a mapping, got {kind_name(raw)}",
            "write `agent: {type: python, entrypoint: module:function}`",
        )
    if raw.get("type", "python") == "python":
        where.unknown_keys(raw, AGENT_KEYS, "agent")
    kind = read_string(raw.get("type", "python"), where, "agent.type", "e.g. python")
    known = list(where.context.adapter_names())  # names only: adapters import frameworks
    if kind not in known:
        raise where.error(
            "agent.type",
            f"unknown agent type {kind!r}",
            did_you_mean(kind, known) + _install_hint(kind),
        )
    entry = raw.get("entrypoint")
    if kind == "http":  # a URL, not a module: the http agent type checks it when it loads
        url = raw.get("url", entry)
        if url is None:
            raise where.error(
                "agent.url", "is missing", "write e.g. `url: http://127.0.0.1:8000/run`"
            )
        entry = read_string(url, where, "agent.url", "write e.g. `url: http://127.0.0.1:8000/run`")
        extra = {str(k): v for k, v in raw.items() if k not in AGENT_KEYS}
        return AgentSpec(type=kind, entrypoint=entry.strip(), options={**extra, "url": entry})
    if entry is None:
        raise where.error(
            "agent.entrypoint",
            "is missing",
            "write `entrypoint: module:function` (module relative to blame.yaml)",
        )
    entry = read_string(entry, where, "agent.entrypoint", "write `module:function`")
    module, _, attr = entry.partition(":")
    if not module.strip() or not attr.strip():
        raise where.error(
            "agent.entrypoint",
            f"{entry!r} is not `module:attr`",
            "write e.g. `my_agent:run` (my_agent.py beside blame.yaml)",
        )
    options = raw.get("options", {})
    if not isinstance(options, Mapping):
        raise where.error("agent.options", f"must be a mapping, got {kind_name(options)}")
    # Other agent types also take their options beside type and entrypoint
    # (`agent: {type: langgraph, entrypoint: ..., output_key: answer}`); their adapter
    # validates them.
    extra = {str(k): v for k, v in raw.items() if k not in AGENT_KEYS}
    for key in sorted(extra):
        if key in options:
            raise where.error(
                f"agent.{key}", "is given both beside type and under options", "keep one"
            )
    return AgentSpec(type=kind, entrypoint=entry.strip(), options={**options, **extra})


def _tools(raw: Any, where: Where) -> dict[str, ToolSpec]:
    if raw is None:  # most configs: `blame.stubs` is imported for the ones that declare tools
        return {}
    from blame.stubs import read_tools

    return read_tools(raw, where)


def _install_hint(kind: str) -> str:
    if kind in ("langgraph", "crewai", "openai-agents", "pydantic-ai", "smolagents", "ag2"):
        return f"; install blame-{kind} for the {kind} agent type"
    return ""


def _agents(raw: Any, base_dir: Path, where: Where) -> dict[str, Path | None]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise where.error(
            "agents",
            f"must be a mapping of agent name to settings, got {kind_name(raw)}",
            "write `agents: {CoderAgent: {prompt_file: prompts/coder.md}}`",
        )
    agents: dict[str, Path | None] = {}
    for name, spec in raw.items():
        at = f"agents.{name}"
        if not isinstance(name, str) or not name:
            raise where.error("agents", f"agent names must be strings, got {kind_name(name)}")
        if spec is None:
            agents[name] = None
            continue
        if isinstance(spec, str):
            spec = {"prompt_file": spec}
        if not isinstance(spec, Mapping):
            raise where.error(
                at,
                f"must be a mapping, got {kind_name(spec)}",
                "write `{prompt_file: prompts/<name>.md}`",
            )
        where.unknown_keys(spec, AGENT_PROMPT_KEYS, at)
        prompt = spec.get("prompt_file")
        if prompt is None:
            agents[name] = None
            continue
        prompt = read_string(prompt, where, f"{at}.prompt_file", "a path relative to blame.yaml")
        prompt_path = read_path(base_dir, prompt, where, f"{at}.prompt_file")
        # A missing file matters only to `blame improve`, which creates it; a folder is wrong.
        if prompt_path.exists() and not prompt_path.is_file():
            raise where.error(
                f"{at}.prompt_file",
                f"{prompt!r} is not a file",
                f"point it at a text file (relative to {base_dir})",
            )
        agents[name] = prompt_path
    return dict(sorted(agents.items()))


def _plugins(raw: Any, where: Where) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise where.error(
            "plugins",
            f"must be a list, got {kind_name(raw)}",
            "write `plugins: [my_checks]` or `[my_checks:register]`",
        )
    names = []
    for i, item in enumerate(raw):
        name = read_string(item, where, f"plugins[{i}]", "write `module` or `module:function`")
        module, _, function = name.partition(":")
        if not module.strip() or (":" in name and not function.strip()):
            raise where.error(f"plugins[{i}]", f"{name!r} is not `module` or `module:function`")
        names.append(name.strip())
    return tuple(names)


def _load_local_plugins(specs: Sequence[str], base_dir: Path, where: Where) -> None:
    """Import the config's local plugins so their check types validate below."""
    from blame.adapters import announce_import

    announce_import([spec.partition(":")[0] for spec in specs], base_dir)
    where.context.load_local(specs, base_dir=base_dir, file=where.file)


def _tests(raw: Any, base_dir: Path, where: Where) -> tuple[CaseSpec, ...]:
    raw = non_empty_list(
        raw, where, "tests", "add `tests: [{name: ..., input: ..., checks: [...]}]`"
    )
    tests: list[CaseSpec] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(raw):
        at = f"tests[{i}]"
        if not isinstance(item, Mapping):
            raise where.error(
                at,
                f"must be a mapping, got {kind_name(item)}",
                "write `{name: ..., input: ..., checks: [...]}`",
            )
        name = item.get("name")
        if name is None:
            raise where.error(f"{at}.name", "is missing", "give every test a unique name")
        if isinstance(name, (int, float)) and not isinstance(name, bool):
            name = str(name)
        name = read_string(name, where, f"{at}.name", "give every test a unique name")
        label = f"{at} ({name!r})"
        where.unknown_keys(item, TEST_KEYS, label)
        if name in seen:
            raise where.error(
                f"{label}.name",
                f"duplicate test name (also tests[{seen[name]}])",
                "test names must be unique",
            )
        seen[name] = i
        trace: Path | None = None
        if item.get("trace") is not None:
            trace_raw = read_string(
                item["trace"], where, f"{label}.trace", "a trace file path relative to blame.yaml"
            )
            trace = read_path(base_dir, trace_raw, where, f"{label}.trace")
        if "input" not in item and trace is None:
            raise where.error(
                f"{label}.input",
                "is missing",
                "give the input the agent is run on, or a stored `trace:`",
            )
        value = item.get("input", "")
        if value is None:
            value = ""
        if isinstance(value, bool) or not isinstance(value, (str, int, float, list, dict)):
            raise where.error(
                f"{label}.input", f"must be text or a mapping, got {kind_name(value)}"
            )
        if isinstance(value, (int, float)):
            value = str(value)
        runs = item.get("runs", 1)
        if isinstance(runs, bool) or not isinstance(runs, int) or not 1 <= runs <= MAX_RUNS:
            raise where.error(
                f"{label}.runs",
                f"must be a whole number from 1 to {MAX_RUNS:,}, got {kind_name(runs)}",
                "how many times to run the test",
            )
        pass_rate = None
        if item.get("pass_rate") is not None:
            pass_rate = read_threshold(
                item["pass_rate"], where, f"{label}.pass_rate", PASS_RATE_HINT
            )
        faults: tuple[Fault, ...] = ()
        if item.get("faults") is not None:  # the fault machinery only for tests that have some
            from blame.faults import read_faults

            faults = read_faults(item["faults"], where, f"{label}.faults")
        if faults and trace is not None:
            raise where.error(
                f"{label}.faults",
                "a stored trace cannot be faulted",
                "drop `trace:` so the agent runs live, or drop `faults:`",
            )
        checks = read_checks(item.get("checks"), where, f"{label}.checks")
        tests.append(
            CaseSpec(
                name=name,
                index=i,
                input=value,
                checks=checks,
                trace=trace,
                runs=runs,
                pass_rate=pass_rate,
                faults=faults,
            )
        )
    return tuple(tests)
