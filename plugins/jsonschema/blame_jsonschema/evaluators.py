"""The `json_valid` and `json_schema` evaluators."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from blame.model import Check, Evaluation, Trace


def _parse(text: str) -> tuple[Any, str | None]:
    """The parsed JSON value, or None and what is wrong with the text."""
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        return None, f"invalid JSON at line {error.lineno} column {error.colno}: {error.msg}"


class JsonValidEvaluator:
    """Passes when the final output parses as JSON."""

    type = "json_valid"

    def validate(self, params: Mapping[str, Any]) -> str | None:
        """json_valid takes no parameters."""
        return None

    def label(self, params: Mapping[str, Any]) -> str:
        """Always `json_valid`."""
        return "json_valid"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Score 1 when the final output is JSON, else 0 with the parser's complaint."""
        _, problem = _parse(trace.final_output)
        if problem is None:
            return Evaluation(score=1.0, message="final output is valid JSON")
        return Evaluation(score=0.0, message=f"final output is not JSON: {problem}")


class JsonSchemaEvaluator:
    """Passes when the final output is JSON matching `schema`."""

    type = "json_schema"

    def validate(self, params: Mapping[str, Any]) -> str | None:
        """`schema` must be a mapping or a path to a JSON schema file."""
        schema = params.get("schema")
        if not isinstance(schema, (Mapping, str)):
            return "schema must be an inline mapping or a path to a JSON schema file"
        return None

    def label(self, params: Mapping[str, Any]) -> str:
        """`json_schema:<file>` or `json_schema:inline`."""
        schema = params.get("schema")
        return f"json_schema:{schema}" if isinstance(schema, str) else "json_schema:inline"

    def evaluate(self, check: Check, trace: Trace) -> Evaluation:
        """Score 1 when the final output is JSON valid against the schema."""
        from jsonschema import Draft202012Validator

        schema = check.params["schema"]
        value, problem = _parse(trace.final_output)
        if problem is not None:
            return Evaluation(score=0.0, message=f"final output is not JSON: {problem}")
        errors = sorted(
            Draft202012Validator(schema).iter_errors(value), key=lambda e: list(e.path)
        )
        if not errors:
            return Evaluation(score=1.0, message="final output matches the schema")
        return Evaluation(score=0.0, message=f"final output does not match: {errors[0].message}")
