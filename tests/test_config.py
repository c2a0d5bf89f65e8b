from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from blame.config import (
    DEFAULT_THRESHOLD,
    load_checks_file,
    load_config,
    load_settings,
    names_of_tests,
    parse_checks,
)
from blame.context import RunContext
from blame.entrypoints import installed
from blame.errors import ConfigError, PluginError
from blame.plugins import Registry
from tests.conftest import BASIC, EXAMPLES, MakeConfig

AGENT = "agent: {entrypoint: agent:run}\n"
ALIAS_BOMB = (
    "{a: &a ["
    + ",".join(["lol"] * 9)
    + "], "
    + ", ".join(
        f"{n}: &{n} [" + ",".join([f"*{p}"] * 9) + "]"
        for p, n in zip("abcdefgh", "bcdefghi", strict=True)
    )
    + "}"
)
"""A billion laughs in 500 bytes: 9**9 strings once its aliases are expanded."""
ALIAS_BOMB_ERROR = (
    "holds more than 100,000 values or 10,000,000 characters once its aliases are expanded "
    "(at line 2); a blame.yaml is small: write fewer values, or use fewer aliases"
)
ONE_TEST = "tests: [{name: a, input: x, checks: [{type: contains, value: P}]}]\n"
ROOT = Path(__file__).resolve().parent.parent


def test_basic_config_loads_with_defaults(make_config: MakeConfig) -> None:
    path = make_config(BASIC)
    config = load_config(path)
    assert config.agent is not None
    assert (config.agent.type, config.agent.entrypoint) == ("python", "agent:run")
    assert config.base_dir == path.parent.resolve()
    assert [t.name for t in config.tests] == ["capital", "unknown"]
    first = config.tests[0]
    assert [c.name for c in first.checks] == ["contains:Paris", "tool_called:lookup"]
    assert first.checks[0].weight == 2.0
    assert dict(first.checks[0].params) == {"value": "Paris"}
    settings = config.settings
    assert settings.fail_below_reward == DEFAULT_THRESHOLD
    assert settings.output_dir == path.parent.resolve() / ".blame"
    assert settings.fixtures_dir == settings.output_dir / "fixtures"
    assert settings.timeout == 300.0
    assert settings.replay is False


def test_settings_and_paths_resolve_against_config_folder(make_config: MakeConfig) -> None:
    path = make_config(
        AGENT
        + ONE_TEST
        + "settings: {fail_below_reward: 0.5, output_dir: out, fixtures_dir: fx, replay: true,"
        " timeout: 2}\n"
    )
    settings = load_config(path).settings
    base = path.parent.resolve()
    assert (settings.output_dir, settings.fixtures_dir) == (base / "out", base / "fx")
    assert (settings.fail_below_reward, settings.replay, settings.timeout) == (0.5, True, 2.0)


@pytest.mark.parametrize(
    ("settings", "field", "command"),
    [("", "output_dir", "test"), ("settings: {fixtures_dir: out/fx}\n", "fixtures_dir", "record")],
)
def test_a_folder_linked_to_nothing_is_not_made_where_the_link_points(
    make_config: MakeConfig, tmp_path: Path, settings: str, field: str, command: str
) -> None:
    """Resolved, `.blame -> gone/cache` was made at gone/cache (as root, anywhere the link
    pointed) and written there; kept as written, the write is refused naming the link."""
    path = make_config(AGENT + ONE_TEST + settings)
    link = tmp_path / (".blame" if field == "output_dir" else "out")
    link.symlink_to(tmp_path / "gone" / "cache")
    folder = getattr(load_config(path).settings, field)
    assert folder.is_relative_to(link)
    done = subprocess.run(
        [sys.executable, "-m", "blame", command, "-c", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "BLAME_NO_WARN": "1"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert (
        f"the folder {link} is a link to {tmp_path / 'gone' / 'cache'}, which does not exist"
        in (done.stderr)
    )
    assert not (tmp_path / "gone").exists()


def test_agentgrade_yaml_loads_unchanged(make_config: MakeConfig) -> None:
    path = make_config(
        """
        agent:
          type: python
          entrypoint: agent:run
        tests:
          - name: greeting
            input: "Say hello"
            checks:
              - type: contains
                value: hello
                weight: 0.5
                agent_name: Writer
              - {type: max_latency, seconds: 5, weight: 0.25}
              - {type: max_cost, usd: 0.1, weight: 0.25}
        settings:
          fail_below_reward: 0.8
          output_dir: .agentgrade
          replay: false
          fixtures_dir: fixtures
        plugins: []
        """,
        name="agentgrade.yaml",
    )
    config = load_config(path)
    checks = config.tests[0].checks
    assert [c.type for c in checks] == ["contains", "max_latency", "max_cost"]
    assert checks[0].agent_name == "Writer"
    assert config.settings.fixtures_dir == path.parent.resolve() / "fixtures"


def test_agents_prompt_files_resolve(make_config: MakeConfig, tmp_path: Path) -> None:
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "writer.md").write_text("You write.\n")
    path = make_config(AGENT + ONE_TEST + "agents: {Writer: {prompt_file: prompts/writer.md}}\n")
    assert load_config(path).agents == {"Writer": tmp_path.resolve() / "prompts" / "writer.md"}


def test_a_missing_prompt_file_does_not_block_loading(
    make_config: MakeConfig, tmp_path: Path
) -> None:
    """Only `blame improve` needs the file, and it creates it; `blame test` must run."""
    path = make_config(AGENT + ONE_TEST + "agents: {Writer: {prompt_file: prompts/new.md}}\n")
    assert load_config(path).agents == {"Writer": tmp_path.resolve() / "prompts" / "new.md"}


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (
            "tests:\n  - {name: t, trace: loop, checks: [{type: contains, value: x}]}\n",
            "tests[0] ('t').trace",
        ),
        (
            "settings: {output_dir: loop}\n"
            "tests:\n  - {name: t, trace: t.json, checks: [{type: contains, value: x}]}\n",
            "settings.output_dir",
        ),
        (
            "settings: {fixtures_dir: loop/deeper}\n"
            "tests:\n  - {name: t, trace: t.json, checks: [{type: contains, value: x}]}\n",
            "settings.fixtures_dir",
        ),
        (
            "agents: {W: {prompt_file: loop}}\n"
            "tests:\n  - {name: t, trace: t.json, checks: [{type: contains, value: x}]}\n",
            "agents.W.prompt_file",
        ),
    ],
)
def test_a_path_through_a_loop_of_links_is_named(
    make_config: MakeConfig, text: str, field: str
) -> None:
    """Python before 3.13 raises RuntimeError for a loop of symbolic links: an internal error
    in every command that loads the config (a `.blame` linked to itself, say)."""
    path = make_config(text)
    (path.parent / "loop").symlink_to("loop")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == (
        f"{path}: {field}: is not a usable path (a loop of symbolic links); write a plain path"
    )


LONG_NAME = "d" * 300


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (f"settings: {{output_dir: out/{LONG_NAME}}}\n", "settings.output_dir"),
        (f"settings: {{fixtures_dir: {LONG_NAME}/f}}\n", "settings.fixtures_dir"),
        (f"agents: {{W: {{prompt_file: {LONG_NAME[3:]}.md}}}}\n", "agents.W.prompt_file"),
    ],
)
def test_a_path_with_a_name_too_long_is_named_before_anything_runs(
    make_config: MakeConfig, text: str, field: str
) -> None:
    """A 300-character output_dir ran every test, then failed writing the results with
    'cannot remove the last results: File name too long' (or an internal error)."""
    path = make_config(
        f"{text}tests:\n  - {{name: t, trace: t.json, checks: [{{type: contains, value: x}}]}}\n"
    )
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == (
        f"{path}: {field}: is not a usable path (a name in it is 300 bytes long, over the 255 "
        f"the file system allows: '{'d' * 39}…'); write a shorter path"
    )


def test_a_path_too_long_as_a_whole_is_named(make_config: MakeConfig) -> None:
    deep = "/".join(["d" * 200] * 25)
    path = make_config(f"settings: {{output_dir: {deep}}}\ntests: []\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    size = len(str(path.parent / deep).encode())
    assert str(caught.value) == (
        f"{path}: settings.output_dir: is not a usable path (it is {size} bytes long, over the "
        "4095 the file system allows); write a shorter path"
    )


def test_trace_tests_need_no_agent(make_config: MakeConfig) -> None:
    path = make_config("tests: [{name: a, trace: t.json, checks: [{type: contains, value: P}]}]\n")
    config = load_config(path)
    assert config.agent is None
    assert config.tests[0].trace == path.parent.resolve() / "t.json"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: contians, value: P}]}]\n",
            "tests[0] ('a').checks[0].type: unknown check type 'contians'; "
            "did you mean 'contains'? (known: ",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: contains, value: P, "
            "weight: heavy}]}]\n",
            "tests[0] ('a').checks[0].weight: must be a number, got a string 'heavy'; "
            "write a number, e.g. 0.5",
        ),
        (
            AGENT + "tset: []\n",
            "tset: unknown key 'tset'; did you mean 'tests'? "
            "(known: agent, agents, tools, tests, settings, plugins)",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: contains}]}]\n",
            "tests[0] ('a').checks[0]: contains: missing parameter 'value'; "
            "write e.g. `value: Paris`",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: contains, valeu: P}]}]\n",
            "tests[0] ('a').checks[0]: contains: unknown parameter 'valeu'; did you mean "
            "'value'? (allowed: weight, agent_name, value, case_sensitive)",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: regex, value: '(x'}]}]\n",
            "tests[0] ('a').checks[0]: regex: value is not a valid regular expression: "
            "missing ) at position 2",
        ),
        (
            AGENT + "tests:\n  - {name: a, input: x, checks: [{type: contains, value: P}]}\n"
            "  - {name: a, input: y, checks: [{type: contains, value: P}]}\n",
            "tests[1] ('a').name: duplicate test name (also tests[0]); test names must be unique",
        ),
        (
            AGENT + "settings: {fail_below_reward: 2}\n" + ONE_TEST,
            "settings.fail_below_reward: must be between 0 and 1, got 2; "
            "a test passes when its reward reaches this",
        ),
        (
            AGENT + "settings: {timeout: -1}\n" + ONE_TEST,
            "settings.timeout: must be more than 0 and at most 86400, got -1; "
            "seconds each test may run",
        ),
        (
            AGENT + "settings: {replay: yes please}\n" + ONE_TEST,
            "settings.replay: must be true or false, got a string 'yes please'",
        ),
        (
            ONE_TEST,
            "agent: is missing; add `agent: {type: python, entrypoint: module:function}`, "
            "or give every test a `trace:`",
        ),
        (
            "agent: {entrypoint: agent}\n" + ONE_TEST,
            "agent.entrypoint: 'agent' is not `module:attr`; "
            "write e.g. `my_agent:run` (my_agent.py beside blame.yaml)",
        ),
        (
            "agent: {entrypoint: agent:run, type: pythn}\n" + ONE_TEST,
            "agent.type: unknown agent type 'pythn'; did you mean 'python'? (known: ",
        ),
        (AGENT + "tests: []\n", "tests: must be a non-empty list, got an empty list"),
        (
            AGENT + "tests: [{input: x, checks: [{type: contains, value: P}]}]\n",
            "tests[0].name: is missing; give every test a unique name",
        ),
        (
            AGENT + "tests: [{name: a, checks: [{type: contains, value: P}]}]\n",
            "tests[0] ('a').input: is missing",
        ),
        (
            AGENT + "tests: [{name: a, input: x, runs: 0, checks: [{type: contains, value: P}]}]\n",
            "tests[0] ('a').runs: must be a whole number from 1 to 10,000, got an integer 0",
        ),
        (
            AGENT + "tests: [{name: a, input: x, pass_rate: 1.5, checks: [{type: contains, "
            "value: P}]}]\n",
            "tests[0] ('a').pass_rate: must be between 0 and 1, got 1.5; the share of runs that "
            "must pass, e.g. 0.8",
        ),
        (
            AGENT + ONE_TEST.split("\n")[0] + "\nsettings: {pass_rate: high}\n",
            "settings.pass_rate: must be a number",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: contains, value: P, "
            "weight: 0}]}]\n",
            "tests[0] ('a').checks: weights sum to 0; give at least one check a positive weight",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: tool_called, tool: t, "
            "min: 3, max: 1}]}]\n",
            "tests[0] ('a').checks[0]: tool_called: max (1) is less than min (3)",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: unit_tests, tests: 'x = 1'}]}]\n",
            "tests[0] ('a').checks[0]: unit_tests: tests defines no test_* function",
        ),
        (
            AGENT + ONE_TEST + "agents: {Writer: {prompt_file: .}}\n",
            "agents.Writer.prompt_file: '.' is not a file; point it at a text file",
        ),
        ("- just\n- a list\n", "must be a mapping at top level, got a list"),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: contains, value: P, "
            "weight: .nan}]}]\n",
            "tests[0] ('a').checks[0].weight: must be a finite number, got nan",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: contains, value: P, "
            "weight: .inf}]}]\n",
            "tests[0] ('a').checks[0].weight: must be a finite number, got inf",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: contains, value: P, "
            "weight: 1" + "0" * 400 + "}]}]\n",
            "tests[0] ('a').checks[0].weight: must be a finite number, got an integer too large "
            "for one; write a number, e.g. 0.5",
        ),
        (
            AGENT + "settings: {timeout: 1" + "0" * 400 + "}\n" + ONE_TEST,
            "settings.timeout: must be a finite number, got an integer too large for one; "
            "write a number, e.g. 0.5",
        ),
        (
            AGENT + "tests: [{name: a, input: x, checks: [{type: contains, value: P, "
            "weight: 1.0e+308}, {type: contains, value: Q, weight: 1.0e+308}]}]\n",
            "tests[0] ('a').checks: weights sum to more than a float holds; use smaller weights",
        ),
        (
            AGENT + "agent: {entrypoint: other:run}\n" + ONE_TEST,
            "invalid YAML at line 2 column 1: found duplicate key 'agent'",
        ),
        (
            AGENT + "tests: [{name: a, name: b, input: x, checks: [{type: contains, value: P}]}]\n",
            "invalid YAML at line 2 column 19: found duplicate key 'name'",
        ),
        (
            AGENT + "settings: {timeout: 1e3}\n" + ONE_TEST,
            "settings.timeout: must be a number, got a string '1e3'; "
            "YAML reads 1e3 as text: write 1.0e+3 (or 1000)",
        ),
        (
            AGENT + "settings: {timeout: .inf}\n" + ONE_TEST,
            "settings.timeout: must be a finite number, got inf",
        ),
        (
            AGENT + "settings: {timeout: .nan}\n" + ONE_TEST,
            "settings.timeout: must be a finite number, got nan",
        ),
        (
            AGENT + "settings: {fail_below_reward: .nan}\n" + ONE_TEST,
            "settings.fail_below_reward: must be a finite number, got nan",
        ),
        # A check after a good one of its type: the type is looked up once, the rest read anew.
        *(
            (
                AGENT + "tests:\n  - {name: a, input: x, checks: [{type: contains, value: P}]}\n"
                f"  - {{name: b, input: x, checks: [{{type: contains, value: P}}, {check}]}}\n",
                f"tests[1] ('b').checks[1]{message}",
            )
            for check, message in [
                ("{type: contains, value: Q, weight: -1}", ".weight: must not be negative, got -1"),
                ("{type: contains, value: Q, weight: true}", ".weight: must be a number, got "),
                ("{type: contains, value: Q, weight: .nan}", ".weight: must be a finite number"),
                ("{type: contains, value: Q, weight: '2'}", ".weight: must be a number, got a s"),
                ("{type: contains, value: Q, agent_name: ''}", ".agent_name: must be a non-empty"),
                ("{type: contains}", ": contains: missing parameter 'value'"),
                ("{type: contains, valeu: Q}", ": contains: unknown parameter 'valeu'"),
                ("{type: [contains], value: Q}", ".type: must be a non-empty string, got a list"),
                ("{type: ' contains', value: Q}", ".type: unknown check type ' contains'"),
                ("{value: Q}", ".type: is missing; give a check type (known: "),
                ("contains", ": must be a mapping, got a string 'contains'"),
            ]
        ),
    ],
)
def test_invalid_configs_name_file_field_and_fix(
    make_config: MakeConfig, text: str, message: str
) -> None:
    path = make_config(text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    line = str(caught.value)
    assert "\n" not in line
    assert line.startswith(f"{path}: ")
    assert message in line


LIMITS = {
    "timeout-1e300": (
        AGENT + "settings: {timeout: 1.0e+300}\n" + ONE_TEST,
        "settings.timeout: must be more than 0 and at most 86400, got 1e+300",
    ),
    "runs-1e20": (
        AGENT + "tests: [{name: a, input: x, runs: 100000000000000000000, "
        "checks: [{type: contains, value: P}]}]\n",
        "tests[0] ('a').runs: must be a whole number from 1 to 10,000, got an integer "
        "100000000000000000000",
    ),
    "5000-digit-integer": (
        AGENT + "tests: [{name: a, input: x, runs: " + "9" * 5000 + ", checks: []}]\n",
        "cannot read a value: an integer of more than 4300 digits; fix the YAML",
    ),
    "100000-deep-list": (
        AGENT + "tests: " + "[" * 100_000 + "]" * 100_000,
        "nest",  # libyaml 0.2.5 stops at 1000 levels; older ones crash: blame stops at 64
    ),
    "100-deep-mapping": (
        AGENT + "tests: [{name: a, input: x, checks: [{type: contains, value: 7}]}]\n"
        "x: " + "{a: " * 100 + "1" + "}" * 100,
        "nested more than 64 levels deep (line 3)",
    ),
    "alias-bomb-input": (
        AGENT + f"tests: [{{name: a, input: {ALIAS_BOMB}, checks: []}}]",
        ALIAS_BOMB_ERROR,
    ),
    "alias-bomb-check-parameter": (
        AGENT
        + "tests: [{name: a, input: x, checks: [{type: contains, value: "
        + ALIAS_BOMB
        + "}]}]",
        ALIAS_BOMB_ERROR,
    ),
    "a-million-values": (
        AGENT
        + "tests: [{name: a, input: x, checks: [{type: contains, value: ["
        + "x, " * 1_000_000
        + "]}]}]",
        "holds more than 100,000 values or 10,000,000 characters",
    ),
    "huge-wrong-parameter": (
        AGENT
        + "tests: [{name: a, input: x, checks: [{type: contains, value: ["
        + "x, " * 50_000
        + "]}]}]",
        "value must be text, got ['x', 'x', 'x', 'x', 'x', 'x', ...]; write e.g. `value: Paris`",
    ),
}


@pytest.mark.parametrize(("text", "message"), LIMITS.values(), ids=LIMITS.keys())
def test_limits_are_refused_fast_with_one_short_line(
    make_config: MakeConfig, text: str, message: str
) -> None:
    """Never a traceback, a crash of the C parser, gigabytes, or an error line of megabytes."""
    path = make_config(text)
    started = time.perf_counter()
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert time.perf_counter() - started < 10
    line = str(caught.value)
    assert "\n" not in line and len(line) < 600
    assert message in line


def test_yaml_merge_keys_still_work(make_config: MakeConfig) -> None:
    path = make_config(
        AGENT + "tests:\n"
        "  - name: a\n"
        "    <<: {input: x, checks: [{type: contains, value: P}]}\n"
        "    input: y\n"
    )
    assert load_config(path).tests[0].input == "y"


def test_yaml_syntax_error_names_line_and_column(make_config: MakeConfig) -> None:
    path = make_config(AGENT + "tests:\n  - name: a\n   input: x\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == (
        f"{path}: invalid YAML at line 4 column 4: did not find expected '-' indicator; "
        "fix the YAML syntax there"
    )


def test_missing_config_file_says_how_to_create_one(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "nope.yaml")
    assert str(caught.value) == (
        f"{tmp_path / 'nope.yaml'}: no such file; pass --config PATH, or create one with "
        "`blame init`"
    )


def test_yaml_tags_are_not_executed(make_config: MakeConfig) -> None:
    path = make_config(AGENT + "tests: !!python/object/apply:os.system ['echo hacked']\n")
    with pytest.raises(ConfigError, match="invalid YAML"):
        load_config(path)


def test_local_plugin_that_does_not_exist_is_a_plugin_error(make_config: MakeConfig) -> None:
    path = make_config(AGENT + ONE_TEST + "plugins: [no_such_plugin_module]\n")
    with pytest.raises(PluginError, match=r"plugins\[0\]"):
        load_config(path)


SHOUTY_PLUGIN = (
    "from blame.results import Evaluation\n"
    "class Shouty:\n"
    "    type = 'shouty'\n"
    "    validate = staticmethod(lambda params: None)\n"
    "    label = staticmethod(lambda params: 'shouty')\n"
    "    evaluate = staticmethod(lambda check, trace: Evaluation(score=1.0, message='ok'))\n"
    "blame_plugins = [Shouty()]\n"
)


def test_loading_a_config_changes_nothing_outside_its_run_context(tmp_path: Path) -> None:
    from blame.context import RunContext

    with_plugin = tmp_path / "a" / "blame.yaml"
    without = tmp_path / "b" / "blame.yaml"
    for path in (with_plugin, without):
        path.parent.mkdir()
        (path.parent / "agent.py").write_text("def run(q): pass\n")
    (with_plugin.parent / "shouty_plugin.py").write_text(SHOUTY_PLUGIN)
    test = "tests: [{name: a, input: x, checks: [{type: shouty}]}]\n"
    with_plugin.write_text(AGENT + test + "plugins: [shouty_plugin]\n")
    without.write_text(AGENT + test)
    context = RunContext()
    loaded = load_config(with_plugin, context=context)
    assert loaded.tests[0].checks[0].type == "shouty" and loaded.context is context
    assert "shouty" in context.check_type_names()
    assert "shouty" not in RunContext().check_type_names()
    with pytest.raises(ConfigError, match="unknown check type 'shouty'"):
        load_config(without)


def test_checks_written_the_same_are_read_once(make_config: MakeConfig) -> None:
    """A suite repeats a few checks in every test: a built-in check written the same way is
    one frozen Check; written any other way (1 against 1.0, true, -0.0, another key order)
    it is read on its own, with its own label and bound value."""
    same = "{type: max_latency, seconds: 2}"
    test = "{{name: t{i}, input: x, checks: [{checks}]}}"
    variants = [
        same,
        "{type: contains, value: 1}",
        "{type: contains, value: 1.0}",
        "{type: contains, value: '1'}",
        "{type: contains, value: 0.0}",
        "{type: contains, value: -0.0}",
        "{value: 1, type: contains}",
        "{type: contains, value: 1, weight: 2}",
    ]
    tests = ", ".join(test.format(i=i, checks=", ".join([same, *variants])) for i in range(2))
    config = load_config(make_config(AGENT + f"tests: [{tests}]\n"))
    first, second = (t.checks for t in config.tests)
    assert first[0] is first[1] is second[0] is second[1]
    assert [c.name for c in first[2:]] == [
        "contains:1",
        "contains:1.0",
        "contains:1",
        "contains:0.0",
        "contains:-0.0",
        "contains:1",
        "contains:1",
    ]
    assert [c.bound.value for c in first[2:]] == ["1", "1.0", "1", "0.0", "-0.0", "1", "1"]
    assert len({id(c) for c in first}) == len(first) - 1  # only `same` repeats in a test
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert [c.weight for c in first[2:]] == [1.0] * 6 + [2.0]
    assert list(first[7].params) == ["value"]


def test_a_plugin_check_is_bound_each_time_it_is_written(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text("def run(q): pass\n")
    (tmp_path / "shouty_plugin.py").write_text(SHOUTY_PLUGIN)
    path = tmp_path / "blame.yaml"
    check = "{type: shouty, level: 3}"
    path.write_text(
        AGENT + f"tests: [{{name: a, input: x, checks: [{check}, {check}]}}]\n"
        "plugins: [shouty_plugin]\n"
    )
    first, second = load_config(path).tests[0].checks
    assert first == second and first is not second


def test_load_settings_imports_no_plugin(tmp_path: Path) -> None:
    (tmp_path / "boom_plugin.py").write_text("raise SystemExit('imported')\n", encoding="utf-8")
    path = tmp_path / "blame.yaml"
    path.write_text(
        AGENT + ONE_TEST + "plugins: [boom_plugin]\nsettings: {output_dir: out}\n",
        encoding="utf-8",
    )
    assert load_settings(path).output_dir == tmp_path.resolve() / "out"
    with pytest.raises(PluginError, match="SystemExit: imported"):
        load_config(path)


@pytest.mark.parametrize(
    ("tests", "names"),
    [
        ("[{name: b}, {name: a}]", ["b", "a"]),  # in the file's order
        ("[{name: 7}, {name: true}, {input: x}, nope, {name: [x]}]", ["7"]),  # as load_config
        ("nope", []),
    ],
)
def test_test_names_are_read_without_importing_a_plugin(
    tmp_path: Path, tests: str, names: list[str]
) -> None:
    (tmp_path / "boom_plugin.py").write_text("raise SystemExit('imported')\n", encoding="utf-8")
    path = tmp_path / "blame.yaml"
    path.write_text(AGENT + f"tests: {tests}\nplugins: [boom_plugin]\n", encoding="utf-8")
    assert names_of_tests(path) == names


def test_examples_load() -> None:
    for folder in ("simple_agent", "passing_agent", "unannotated_agent"):
        config = load_config(EXAMPLES / folder / "blame.yaml")
        assert config.tests


def test_checks_file(tmp_path: Path) -> None:
    path = tmp_path / "checks.yaml"
    path.write_text("checks:\n  - {type: contains, value: Paris}\nfail_below_reward: 0.5\n")
    checks, threshold, _ = load_checks_file(path)
    assert [c.name for c in checks] == ["contains:Paris"]
    assert threshold == 0.5
    path.write_text("checks:\n  - {type: contains, value: Paris}\n")
    assert load_checks_file(path)[1] == DEFAULT_THRESHOLD
    path.write_text("checks: [{type: contains, value: Paris}]\ntimeout: 2.5\n")
    assert load_checks_file(path).timeout == 2.5
    path.write_text("checks: [{type: contains, value: Paris}]\ntimeout: 0\n")
    with pytest.raises(ConfigError, match="timeout: must be more than 0 and at most 86400, got 0"):
        load_checks_file(path)
    path.write_text("checks:\n  - {type: nope}\n")
    with pytest.raises(ConfigError, match=r"checks\[0\]\.type: unknown check type 'nope'"):
        load_checks_file(path)


FIRST_PARTY_ADAPTERS = sorted(
    (d.name, d.distribution)
    for d in installed()
    if d.group == "blame.adapters" and d.distribution != "blame-agents"
)
"""(agent type, distribution) of every adapter distribution in the repository, all installed."""


def test_every_first_party_adapter_is_installed_for_the_suite() -> None:
    assert {kind for kind, _ in FIRST_PARTY_ADAPTERS} == {
        path.parent.name for path in (ROOT / "integrations").glob("*/pyproject.toml")
    }


@pytest.mark.parametrize(("kind", "distribution"), FIRST_PARTY_ADAPTERS)
def test_an_adapter_type_not_installed_says_which_distribution_adds_it(
    make_config: MakeConfig, kind: str, distribution: str
) -> None:
    """Bug: `type: ag2` without blame-ag2 installed gave no install hint (the list of first-party
    adapter types left it out)."""
    core_only = tuple(d for d in installed() if d.distribution == "blame-agents")
    context = RunContext(plugins=Registry(installed=core_only))
    path = make_config(f"agent: {{type: {kind}, entrypoint: 'm:f'}}\n" + ONE_TEST)
    with pytest.raises(ConfigError) as raised:
        load_config(path, context=context)
    assert raised.value.format().endswith(f"; install {distribution} for the {kind} agent type")


def test_parse_checks_reads_checks_from_any_source_and_names_it_in_errors() -> None:
    """What plugins, `blame analyze` and the benchmarks read checks with."""
    (check,) = parse_checks([{"type": "contains", "value": "Paris"}], source="case 7")
    assert (check.type, check.params) == ("contains", {"value": "Paris"})
    with pytest.raises(ConfigError) as caught:
        parse_checks([{"type": "contains", "value": "x", "weight": -1}], source="case 7")
    assert caught.value.format().startswith("case 7: checks[0].weight: ")
