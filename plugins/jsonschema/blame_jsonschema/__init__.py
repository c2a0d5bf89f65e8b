"""JSON checks for blame: `json_valid` and `json_schema`.

Registered only through the `blame.evaluators` entry points in this distribution's
pyproject.toml, exactly as a third-party plugin would be.
"""

from __future__ import annotations

from blame_jsonschema.evaluators import JsonSchemaEvaluator, JsonValidEvaluator

json_valid = JsonValidEvaluator()
"""The `json_valid` check type: the final output parses as JSON."""
json_schema = JsonSchemaEvaluator()
"""The `json_schema` check type: the final output is JSON that matches a schema."""

__all__ = ["JsonSchemaEvaluator", "JsonValidEvaluator", "json_schema", "json_valid"]
