"""JSON checks for blame: `json_valid` and `json_schema`.

Registered only through the `blame.evaluators` entry points in this distribution's
pyproject.toml, exactly as a third-party plugin would be; each is one check type object
(`blame.protocols.CheckType`) that binds, evaluates, attributes and phrases its patch.
"""

from __future__ import annotations

from blame_jsonschema.evaluators import JsonSchema, JsonValid

json_valid = JsonValid()
"""The `json_valid` check type: the final output parses as JSON."""
json_schema = JsonSchema()
"""The `json_schema` check type: the final output is JSON that matches a schema."""

__all__ = ["JsonSchema", "JsonValid", "json_schema", "json_valid"]
