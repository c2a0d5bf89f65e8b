"""The `checks:` of blame.yaml and of checks files: each check's type found, its parameters
bound and labelled by that type, its weight read (`blame.config` reads everything around)."""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from typing import Any

from blame.checks import bind, label
from blame.configfields import Where, kind_name, non_empty_list, read_string, read_weight
from blame.model import Check

CHECK_COMMON_KEYS = ("type", "weight", "agent_name")
"""Keys every check may have; the rest are its type's parameters."""


def read_checks(raw: Any, where: Where, at: str) -> tuple[Check, ...]:
    """A test's (or a checks file's) `checks`: each bound by its check type, labelled, and
    weighed; one ConfigError naming the check and field for anything wrong."""
    raw = non_empty_list(raw, where, at, "add `checks: [{type: contains, value: ...}]`")
    known = where.check_types  # the installed plugins are listed first, whatever follows
    found = where.resolver.found
    made = where.checks_made
    checks: list[Check] = []
    for j, item in enumerate(raw):
        # A check of a built-in type written as before in this file (a suite repeats a few
        # checks in every test) is the same frozen value: it is not read again. The key is
        # the reprs of its keys and values, which tell 1 from 1.0, True and -0.0 apart.
        key = tuple(map(repr, item.items())) if type(item) is dict else None
        if key is not None:
            check = made.get(key)
            if check is not None:
                checks.append(check)
                continue
        here = f"{at}[{j}]"
        if type(item) is not dict and not isinstance(item, Mapping):
            raise where.error(
                here,
                f"must be a mapping, got {kind_name(item)}",
                "write `{type: contains, value: ...}`",
            )
        kind = item.get("type")
        if type(kind) is str and kind in found:
            check_type, who = found[kind]
        else:
            kind, check_type, who = where.check_type(kind, known, here)
        weight = item.get("weight", 1.0)
        if type(weight) in (int, float) and 0 <= weight <= sys.float_info.max:
            weight = float(weight)
        else:
            weight = read_weight(weight, where, f"{here}.weight")
        agent_name = item.get("agent_name")
        if agent_name is not None:
            agent_name = read_string(
                agent_name, where, f"{here}.agent_name", "the agent to blame when this check fails"
            )
        params = {k: v for k, v in item.items() if k not in CHECK_COMMON_KEYS}
        # Bound once, here: files a check names (a JSON schema...) resolve against the
        # config's folder, and every later use reads the typed value.
        bound = bind(
            check_type,
            params,
            base_dir=where.base_dir,
            file=where.file,
            field=here,
            who=who,
        )
        check = Check(
            type=kind,
            name=label(check_type, params, file=where.file, field=here),
            weight=weight,
            agent_name=agent_name,
            params=params,
            bound=bound,
        )
        if key is not None and type(check_type).__module__ in _BUILTIN:
            made[key] = check
        checks.append(check)
    total = sum(c.weight for c in checks)
    if total <= 0:
        raise where.error(at, "weights sum to 0", "give at least one check a positive weight")
    if not math.isfinite(total):  # the reward would be inf / inf
        raise where.error(at, "weights sum to more than a float holds", "use smaller weights")
    return tuple(checks)


_BUILTIN = frozenset(
    ("blame.checks.content", "blame.checks.budget", "blame.checks.tools", "blame.checks.code")
)
"""The modules of the built-in check types: what they bind and label is made from the
check's parameters alone, and frozen, so checks written the same share one Check."""
