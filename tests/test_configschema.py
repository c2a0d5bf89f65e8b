from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from blame import config as cfg
from blame.configschema import generate, render
from blame.scaffold import EXAMPLE_CONFIG
from tests.conftest import EXAMPLES

SHIPPED = Path(__file__).resolve().parents[1] / "blame" / "schema" / "blame.schema.json"


def _validator() -> jsonschema.Draft202012Validator:
    schema = generate()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_shipped_schema_is_current() -> None:
    """Regenerate with `python -c 'from blame.configschema import render; print(render(), end="")'
    > blame/schema/blame.schema.json` after changing the config reader or a check type."""
    assert SHIPPED.read_text(encoding="utf-8") == render()


def test_blame_schema_prints_the_shipped_file() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "blame", "schema"], capture_output=True, text=True, check=True
    )
    assert done.stdout == SHIPPED.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/blame.yaml")), ids=lambda p: p.parent.name)
def test_the_example_configs_are_valid(path: Path) -> None:
    _validator().validate(yaml.safe_load(path.read_text(encoding="utf-8")))


def test_the_init_config_is_valid() -> None:
    text = EXAMPLE_CONFIG.format(config_name="blame.yaml", schema_file="blame.schema.json")
    _validator().validate(yaml.safe_load(text))


BASE: dict[str, Any] = {
    "agent": {"entrypoint": "agent:run"},
    "tests": [{"name": "a", "input": "x", "checks": [{"type": "contains", "value": "P"}]}],
}


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"tset": []}, "Additional properties are not allowed ('tset' was unexpected)"),
        ({"settings": {"timeout": 0}}, "0 is less than or equal to the minimum of 0"),
        ({"settings": {"fail_below_reward": 2}}, "2 is greater than the maximum of 1"),
        ({"tests": []}, "[] should be non-empty"),
        ({"tests": [{"name": "a", "checks": [{"type": "contains", "valeu": "P"}]}]},
         "'value' is a required property"),
        ({"tests": [{"name": "a", "checks": [{"type": "tool_called", "tool": "t", "max": -1}]}]},
         "-1 is less than the minimum of 0"),
        ({"tests": [{"name": "a", "checks": [{"type": "max_cost", "usd": "cheap"}]}]},
         "'cheap' is not of type 'number'"),
        ({"tools": {"book": {"stubb": "x"}}},
         "Additional properties are not allowed ('stubb' was unexpected)"),
        ({"tools": {"book": "booked"}}, "'booked' is not of type 'object'"),
        ({"tools": {"book": {"stub": True}}},
         "True is not valid under any of the given schemas"),
    ],
)  # fmt: skip
def test_mistakes_are_flagged(change: dict[str, Any], problem: str) -> None:
    errors = [e.message for e in _validator().iter_errors({**BASE, **change})]
    assert problem in errors


def test_declared_tool_stubs_are_valid() -> None:
    tools = {"book": {"stub": "booked: BK-1"}, "pay": {"stub": {"status": "ok"}}, "search": {}}
    _validator().validate({**BASE, "tools": tools})


def test_a_plugin_check_type_takes_any_parameters() -> None:
    check = {"type": "json_schema", "schema": {"type": "object"}, "weight": 2}
    _validator().validate({**BASE, "tests": [{"name": "a", "checks": [check]}]})


def test_a_key_the_reader_takes_must_be_described(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfg, "SETTINGS_KEYS", (*cfg.SETTINGS_KEYS, "workers"))
    with pytest.raises(ValueError, match="settings: no schema for workers"):
        generate()
