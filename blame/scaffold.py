"""`blame init`: a commented example blame.yaml and a small agent beside it."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from blame.errors import ConfigError
from blame.files import atomic_write_text

SCHEMA_FILE = "blame.schema.json"
"""Written beside the config: the JSON Schema its first line points editors at."""

EXAMPLE_CONFIG = """\
# yaml-language-server: $schema=./{schema_file}
# blame.yaml: which agent, tool or handoff caused each failed check.
# Run it with: blame test --config {config_name}

agent:
  type: python              # python, or langgraph / crewai with blame-langgraph / blame-crewai
  entrypoint: agent:run     # module:function, relative to this file; f(input) -> (output, Trace)

# Declare prompt files so `blame improve --suggest` can write patches as diffs (optional).
# agents:
#   Writer: {{prompt_file: prompts/writer.md}}

tests:
  - name: capital-of-france
    input: "What is the capital of France?"
    checks:                 # reward = sum(score x weight) / sum(weight)
      - {{type: contains, value: Paris, weight: 2}}
      - {{type: not_contains, value: "As an AI", weight: 1}}
      - {{type: tool_called, tool: lookup, weight: 1}}
      - {{type: max_steps, max: 10, weight: 1}}
      # - {{type: regex, value: "\\\\bParis\\\\b"}}
      # - {{type: max_latency, seconds: 5}}
      # - {{type: max_cost, usd: 0.05}}
      # - {{type: no_unsupported_claim, tool: book_flight}}
      # - {{type: contains, value: Paris, agent_name: Writer}}   # blame Writer if it fails

settings:
  fail_below_reward: 0.75   # a test passes when its reward reaches this
  output_dir: .blame        # results/latest.json, reports/latest.md, fixtures/
  timeout: 300              # seconds per test
  # replay: true            # always use fixtures written by `blame record`
"""

EXAMPLE_AGENT = '''\
"""A two-agent pipeline recorded with blame's TraceRecorder (replace with your own)."""

from blame import TraceRecorder


def run(question: str):
    rec = TraceRecorder(test_name="run", input=question)
    rec.step("Researcher", input=question, output="Looking up the capital.")
    rec.tool("lookup", agent="Researcher", args={"country": "France"}, output="Paris")
    answer = "The capital of France is Paris."
    rec.step("Writer", input="Paris", output=answer)
    return answer, rec.finalize(final_output=answer)
'''


def write_example(config: Path) -> list[Path]:
    """Write the example config (never over an existing file), and agent.py and the config's
    JSON Schema beside it if absent."""
    try:
        exists = config.exists()
        _no_dangling_link(config)
    except OSError as error:  # a name too long: nothing can be written there
        raise ConfigError(
            f"cannot write: {error.strerror or error}",
            file=str(config),
            hint="pass --config with a shorter path",
        ) from None
    if exists:
        raise ConfigError(
            "already exists; not overwriting it",
            file=str(config),
            hint="pass --config NEW_PATH or remove the file",
        )
    agent, schema = config.parent / "agent.py", config.parent / SCHEMA_FILE
    new_agent, new_schema = _absent(agent), _absent(schema)  # before anything is written
    written = [config]
    atomic_write_text(config, EXAMPLE_CONFIG.format(config_name=config, schema_file=SCHEMA_FILE))
    if new_agent:
        atomic_write_text(agent, EXAMPLE_AGENT)
        written.append(agent)
    if new_schema:  # `blame schema > blame.schema.json` refreshes it after an upgrade
        from importlib import resources

        text = (resources.files("blame") / "schema" / SCHEMA_FILE).read_text(encoding="utf-8")
        atomic_write_text(schema, text)
        written.append(schema)
    return written


def _no_dangling_link(path: Path) -> None:
    """A link to a missing file is refused: writing through it created the file where the
    link points, perhaps outside the project, and a config written there looked for agent.py
    beside the link's target, not beside the link."""
    if not path.is_symlink():
        return
    try:
        os.stat(path)
    except FileNotFoundError:
        pass
    except OSError:  # a loop of links: named where the file is written or used
        return
    else:
        return
    raise ConfigError(
        f"is a symbolic link to a missing file ({os.readlink(path)}); "
        "`blame init` does not write through it",
        file=str(path),
        hint="remove the link, or pass --config a path in another folder",
    )


def _absent(path: Path) -> bool:
    """Whether `path` is to be written: absent (a file there is kept). Anything else there
    (a folder, a pipe, a loop of links, a link to a missing file) is an error before the
    config is written: the example config names agent.py, and `blame test` then said there
    was "no agent.py"."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        _no_dangling_link(path)
        return True
    except OSError as error:
        problem = f"cannot use it: {error.strerror or error}"
    else:
        if stat.S_ISREG(found.st_mode):
            return False
        problem = "is a folder" if stat.S_ISDIR(found.st_mode) else "is a pipe or a device"
    raise ConfigError(
        f"{problem}, not a file; `blame init` writes its example there",
        file=str(path),
        hint="remove it, or pass --config a path in another folder",
    )
