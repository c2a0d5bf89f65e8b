"""A JSON Schema of blame.yaml, generated from what the config reader accepts.

The keys come from `blame.config`'s key lists and each built-in check type's declared
parameters (`Builtin.required` / `optional`, with their value checks mapped to JSON types), so
a key added there without a description here fails generation, and the shipped file
(`blame/schema/blame.schema.json`, printed by `blame schema`) is tested to be current. Editors
use it through the `# yaml-language-server: $schema=...` line `blame init` writes. Check types
of plugins are allowed with any parameters: the config reader checks those.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from blame import config as cfg
from blame import faults, stubs
from blame.configchecks import CHECK_COMMON_KEYS
from blame.configfields import DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S

SCHEMA_ID = "https://blame-agents.invalid/blame.schema.json"
"""The schema's `$id`: a name, not a place the schema is fetched from."""
RESOURCE = "blame.schema.json"
"""The shipped file, in the package folder `blame/schema`."""

_TOP = {
    "agent": "How to run the pipeline under test.",
    "agents": "Declared agents and their prompt files, for `blame improve`.",
    "tools": "Declared tools: the stub success each returns when `blame confirm` re-runs "
    "from a failing call of it.",
    "tests": "The tests, in order.",
    "settings": "Suite-wide settings.",
    "plugins": "Local plugins to import: `module` or `module:function`.",
}
_AGENT: dict[str, tuple[dict[str, Any], str]] = {
    "type": ({"type": "string", "default": "python",
              "examples": ["python", "langgraph", "crewai", "http"]},
             "Agent adapter: python, langgraph, crewai, http, or a plugin's."),
    "entrypoint": ({"type": "string", "pattern": "^[^:]+:.+$", "examples": ["agent:run"]},
                   "`module:attr`, imported relative to blame.yaml (no `.py`)."),
    "options": ({"type": "object"}, "Adapter-specific options (also allowed beside type)."),
}  # fmt: skip
_HTTP_URL = "The http agent type: where each test's input is posted (instead of entrypoint)."
_TEST: dict[str, tuple[dict[str, Any], str]] = {
    "name": ({"type": ["string", "number"]}, "Unique within the config; names results."),
    "input": ({"type": ["string", "number", "object", "array"]},
              "What the pipeline is given: text, or a mapping passed to the adapter as is."),
    "trace": ({"type": "string"}, "A stored trace file to evaluate instead of running the agent."),
    "runs": ({"type": "integer", "minimum": 1, "maximum": cfg.MAX_RUNS},
             "Run this many times: a pass rate, its Wilson 95 % interval and a verdict."),
    "pass_rate": ({"type": "number", "minimum": 0, "maximum": 1},
                  "The pass rate this test's runs must show (default: settings.pass_rate)."),
    "faults": ({"type": "array", "items": {"$ref": "#/$defs/fault"}},
               "Tool faults injected into each live run: a named tool fails or returns bad data."),
    "checks": ({"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/check"}},
               "The weighted checks."),
}  # fmt: skip
_FAULT: dict[str, tuple[dict[str, Any], str]] = {
    "tool": ({"type": "string", "minLength": 1}, "The tool's name, as its steps are named."),
    "fault": ({"enum": list(faults.KINDS)}, "What the tool does: raise an error, time out, or "
              "return an empty, truncated, unparseable or stale payload."),
    "calls": ({"enum": list(faults.WHEN), "default": "every"},
           "Fault the tool's first call in a run, or every call."),
    "message": ({"type": "string", "minLength": 1}, "The error text (error and timeout)."),
    "value": ({"type": "string"}, "The payload returned (empty, unparseable; required for stale)."),
    "keep": ({"type": "integer", "minimum": 0},
             "Characters of the real output a truncated fault keeps (default: half)."),
}  # fmt: skip
_TOOL: dict[str, tuple[dict[str, Any], str]] = {
    "stub": ({"anyOf": [{"type": "string", "minLength": 1}, {"type": "number"},
                        {"type": "object"}, {"type": "array"}]},
             "What the tool returns when it succeeds (a mapping or list as JSON): a failing "
             "call returns it in `blame confirm`'s re-run (default `<tool>: ok`)."),
}  # fmt: skip
_SETTINGS: dict[str, tuple[dict[str, Any], str]] = {
    "fail_below_reward": ({"type": "number", "minimum": 0, "maximum": 1,
                           "default": cfg.DEFAULT_THRESHOLD},
                          "A test passes when its reward is at least this."),
    "output_dir": ({"type": "string", "default": cfg.DEFAULT_OUTPUT_DIR},
                   "Results, reports and fixtures go here (relative to blame.yaml)."),
    "replay": ({"type": "boolean", "default": False},
               "Always replay fixtures instead of running the agent."),
    "fixtures_dir": ({"type": "string"},
                     "Where `blame record` saves traces (default: <output_dir>/fixtures)."),
    "pass_rate": ({"type": "number", "minimum": 0, "maximum": 1,
                   "default": cfg.DEFAULT_PASS_RATE},
                  "With runs, a test passes when its 95 % interval starts at this or above."),
    "timeout": ({"type": "number", "exclusiveMinimum": 0, "maximum": MAX_TIMEOUT_S,
                 "default": DEFAULT_TIMEOUT_S}, "Per-test wall-time limit in seconds."),
}  # fmt: skip
_CHECK_COMMON: dict[str, tuple[dict[str, Any], str]] = {
    "type": ({"type": "string"}, "The check type (`blame plugins` lists those installed)."),
    "weight": ({"type": "number", "minimum": 0, "default": 1}, "The check's share of the reward."),
    "agent_name": ({"type": "string"}, "Blame this agent when the check fails."),
}
_VALUES: dict[
    str, dict[str, Any]
] = {  # a parameter check of blame.checks.base -> the JSON Schema of the values it takes
    "text": {"type": ["string", "number"], "minLength": 1},
    "positive": {"type": "number", "exclusiveMinimum": 0},
    "count": {"type": "integer", "minimum": 0},
    "flag": {"type": "boolean"},
    "text_list": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
    "code": {"type": "string", "minLength": 1},
}


def _properties(
    keys: tuple[str, ...], described: Mapping[str, tuple[dict[str, Any], str]], where: str
) -> dict[str, Any]:
    missing = sorted(set(keys) - set(described))
    if missing:  # the reader took a new key: describe it here
        raise ValueError(f"{where}: no schema for {', '.join(missing)}")
    return {key: {**described[key][0], "description": described[key][1]} for key in keys}


def _builtin_check_types() -> list[Any]:
    """The core distribution's check types, by name."""
    from importlib.metadata import entry_points

    found = []
    for entry in entry_points(group="blame.evaluators"):
        if entry.value.startswith("blame.checks."):
            found.append(entry.load())
    return sorted(found, key=lambda t: str(t.type))


def _check_schema(check_type: Any) -> dict[str, Any]:
    """`if type is T then its parameters` for one built-in check type."""
    properties: dict[str, Any] = {key: {} for key in _CHECK_COMMON}
    for key, (check, example) in check_type.required.items():
        properties[key] = {**_VALUES[check.__name__], "examples": [example]}
    for key, check in check_type.optional.items():
        properties[key] = dict(_VALUES[check.__name__])
    doc = " ".join((check_type.__doc__ or "").split())
    return {
        "if": {"properties": {"type": {"const": check_type.type}}, "required": ["type"]},
        "then": {
            "description": doc,
            "properties": properties,
            "required": sorted(check_type.required),
            "additionalProperties": False,
        },
    }


def generate() -> dict[str, Any]:
    """The schema, as the shipped file holds it."""
    if set(_TOP) != set(cfg.TOP_KEYS):
        raise ValueError(f"top-level keys: the schema has {sorted(_TOP)}, the reader takes "
                         f"{sorted(cfg.TOP_KEYS)}")  # fmt: skip
    types = _builtin_check_types()
    names = [str(t.type) for t in types]
    common = _properties(CHECK_COMMON_KEYS, _CHECK_COMMON, "check")
    common["type"] = {
        "description": common["type"]["description"],
        "anyOf": [{"enum": names}, {"type": "string"}],  # editors offer the built-ins
    }
    agent = _properties(cfg.AGENT_KEYS, _AGENT, "agent")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "blame.yaml",
        "description": "Tests of a multi-agent pipeline for blame (`blame test`).",
        "type": "object",
        "additionalProperties": False,
        "required": ["tests"],
        "properties": {
            "agent": {"type": "object", "description": _TOP["agent"],
                      "properties": {**agent, "url": {"type": "string", "pattern": "^https?://",
                                     "description": _HTTP_URL}},
                      "anyOf": [{"required": ["entrypoint"]},
                                {"required": ["url"], "properties": {"type": {"const": "http"}}}]},
            "agents": {
                "type": "object",
                "description": _TOP["agents"],
                "additionalProperties": {
                    "anyOf": [
                        {"type": "null"},
                        {"type": "string"},
                        {"type": "object", "additionalProperties": False,
                         "properties": {"prompt_file": {"type": "string"}}},
                    ]
                },
            },
            "tools": {"type": "object", "description": _TOP["tools"],
                      "additionalProperties": {"type": "object", "additionalProperties": False,
                                               "properties": _properties(stubs.TOOL_KEYS, _TOOL,
                                                                         "tools.<name>")}},
            "tests": {"type": "array", "minItems": 1, "description": _TOP["tests"],
                      "items": {"$ref": "#/$defs/test"}},
            "settings": {"type": "object", "description": _TOP["settings"],
                         "additionalProperties": False,
                         "properties": _properties(cfg.SETTINGS_KEYS, _SETTINGS, "settings")},
            "plugins": {"type": "array", "description": _TOP["plugins"],
                        "items": {"type": "string"}},
        },
        "$defs": {
            "test": {"type": "object", "additionalProperties": False, "required": ["name"],
                     "properties": _properties(cfg.TEST_KEYS, _TEST, "test")},
            "fault": {"type": "object", "additionalProperties": False,
                      "required": ["tool", "fault"],
                      "properties": _properties(faults.FAULT_KEYS, _FAULT, "fault")},
            "check": {"type": "object", "required": ["type"], "properties": common,
                      "allOf": [_check_schema(t) for t in types]},
        },
    }  # fmt: skip


def render() -> str:
    """The schema as JSON text, stable byte for byte."""
    return json.dumps(generate(), indent=2, sort_keys=True) + "\n"
