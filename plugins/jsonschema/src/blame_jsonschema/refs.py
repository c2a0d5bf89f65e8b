"""json_schema's `$ref`s: resolved within the schema only, and checked when the config loads.

jsonschema resolves a `$ref` only when a value reaches it, and its default registry fetches
a URL a schema names. A check whose outputs never reach a broken `$ref` would pass with a
broken schema, so every `$ref` is followed once, at bind time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from blame.errors import ConfigError
from blame.text import brief


def validator_of(schema: Mapping[str, Any]) -> Any:
    """The schema's validator; its `$ref`s resolve within the schema and the JSON Schema
    metaschemas only (jsonschema's default registry would fetch a URL a schema names)."""
    from jsonschema.validators import validator_for
    from referencing import Registry  # jsonschema's own dependency

    return validator_for(schema)(dict(schema), registry=Registry())


def unresolved(shown: object, file: str | None = None) -> ConfigError:
    """The error for a `$ref` that leads nowhere, with how to fix it."""
    return ConfigError(
        f"schema's $ref {brief(shown)} cannot be resolved",
        hint="json_schema fetches no files or URLs: put the schema it names under $defs "
        "and refer to it as '#/$defs/name'",
        file=file,
    )


def check_refs(schema: Mapping[str, Any], file: str | None = None) -> None:
    """ConfigError for the first `$ref` of the schema that does not resolve, when the config
    loads: otherwise it is found only once a final output reaches it, and a check whose
    outputs never do passes with a broken schema."""
    from jsonschema_specifications import REGISTRY  # type: ignore[import-untyped]
    from referencing.jsonschema import specification_with

    validator = validator_of(schema)
    dialect = validator.ID_OF(validator.META_SCHEMA)
    root = specification_with(dialect).create_resource(validator.schema)
    # as validation resolves: the schema as root, beside the metaschemas (jsonschema's own
    # registry of them) and nothing fetched
    stack = [(root, REGISTRY.resolver_with_root(root))]
    while stack:  # no recursion: a deeply nested schema is walked in a loop
        resource, here = stack.pop()
        ref = resource.contents.get("$ref") if isinstance(resource.contents, Mapping) else None
        if isinstance(ref, str):
            _follow(resource.contents, here, file)
        subresources = list(resource.subresources())
        stack.extend((sub, here.in_subresource(sub)) for sub in reversed(subresources))


def _follow(schema: Mapping[str, Any], resolver: Any, file: str | None) -> None:
    """Follows a chain of `$ref`s: one that does not resolve, or that comes back to a schema
    of the chain (validating would apply it to the same value without end), is an error."""
    from referencing.exceptions import Unresolvable

    seen = {id(schema)}
    ref = schema["$ref"]
    while isinstance(ref, str):
        try:
            found = resolver.lookup(ref)
        except Unresolvable:
            raise unresolved(ref, file) from None
        if id(found.contents) in seen:
            raise ConfigError(
                f"schema's $ref {brief(ref)} refers back to itself: validating would never end",
                file=file,
                hint="a $ref must lead to a schema that is not itself, directly or through $refs",
            )
        seen.add(id(found.contents))
        resolver = found.resolver
        ref = found.contents.get("$ref") if isinstance(found.contents, Mapping) else None
