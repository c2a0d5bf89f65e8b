"""The `ag2` agent type for blame (registered through the `blame.adapters` entry point).

`agent: {type: ag2, entrypoint: module:manager_or_factory}` in blame.yaml. The entrypoint is an
AG2 `GroupChatManager` (its `groupchat` holds the agents) or a zero-argument callable returning
one; a factory is called once per run, so runs never share agents' histories or scripts.
`agent.options.initiator` names the agent that sends the test's input to the chat (default: the
group chat's first agent, as `initiator.initiate_chat(manager, message=...)` does in AG2's
examples).

AG2 sets its `autogen` logger to INFO and logs to stdout, where `blame test --json` writes its
results; while blame runs a chat, that logger says warnings and errors only.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from blame.errors import AgentError, ConfigError
from blame.model import Trace
from blame.protocols import RunFn


class AG2Adapter:
    """Loads an AG2 group chat and runs it under blame's hooks."""

    type = "ag2"

    def load(self, entrypoint: str, *, base_dir: Path, options: Mapping[str, Any]) -> RunFn:
        """Import `module:attr` (relative to `base_dir`) and return a function that runs it."""
        from blame.adapters import import_entrypoint
        from blame_ag2.tracer import trace_group_chat

        initiator = _initiator_option(options)
        target = import_entrypoint(entrypoint, base_dir)
        manager = _make_manager(target, entrypoint, check_only=True)
        if manager is not None and initiator is not None:
            _initiator(manager, initiator, ConfigError)

        def run(test_input: Any, test_name: str) -> tuple[str, Trace]:
            with _warnings_only():
                built = _make_manager(target, entrypoint)
                sender = None if initiator is None else _initiator(built, initiator, AgentError)
                return trace_group_chat(built, test_input, initiator=sender, test_name=test_name)

        return run


adapter = AG2Adapter()
"""The entry-point object for `blame.adapters:ag2`."""


@contextmanager
def _warnings_only() -> Iterator[None]:
    """AG2's logger at WARNING or above for the block (its INFO lines go to stdout)."""
    logger = logging.getLogger("autogen")
    level = logger.level
    logger.setLevel(max(level, logging.WARNING))
    try:
        yield
    finally:
        logger.setLevel(level)


def _initiator_option(options: Mapping[str, Any]) -> str | None:
    unknown = sorted(set(options) - {"initiator"})
    if unknown:
        raise ConfigError(
            f"unknown option {unknown[0]!r} for agent type ag2",
            field=f"agent.options.{unknown[0]}",
            hint="the ag2 agent type takes `initiator` only",
        )
    value = options.get("initiator")
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(
            f"must be an agent's name, got {value!r}",
            field="agent.options.initiator",
            hint="write e.g. `initiator: User` (the agent that sends the test's input)",
        )
    return value


def _initiator(manager: Any, name: str, error: type[ConfigError] | type[AgentError]) -> Any:
    from blame_ag2.tracer import participants

    agents = participants(manager)
    found = next((a for a in agents if a.name == name), None)
    if found is None:
        names = ", ".join(repr(a.name) for a in agents) or "none"
        raise error(
            f"the group chat has no agent {name!r} (its agents: {names})",
            field="agent.options.initiator",
            hint="name one of the group chat's agents, or leave initiator out for the first",
        )
    return found


def _make_manager(target: Any, entrypoint: str, *, check_only: bool = False) -> Any:
    from autogen import GroupChatManager

    from blame.adapters import built_from

    return built_from(
        target, entrypoint, GroupChatManager, "autogen.GroupChatManager", check_only=check_only
    )
