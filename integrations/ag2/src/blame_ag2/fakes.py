"""An offline model for tests and examples: an AG2 model client that replies from a script.

`scripted(agent, *replies)` registers a `ScriptedClient` on an agent built with
`llm_config=llm_config()`, the way AG2 takes any custom model client (`model_client_cls` in the
config, then `register_model_client`). The n-th model call of that agent gets the n-th reply:
text, `call(tool, **arguments)` (a tool call), a list of calls, or an exception to raise. The
client goes through AG2's own `OpenAIWrapper`, so an agent on it runs exactly as on a real
model, with no API key and no network.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

__all__ = [
    "CLIENT",
    "ScriptExhausted",
    "ScriptedClient",
    "call",
    "llm_config",
    "scripted",
    "speaker_selector",
]

CLIENT = "ScriptedClient"
"""The `model_client_cls` name AG2 matches the registered class by."""


class ScriptExhausted(RuntimeError):
    """The model was called more often than the script has replies."""


@dataclass(frozen=True, slots=True)
class Call:
    """One scripted tool call."""

    tool: str
    """The function's name, as registered with AG2."""
    arguments: Mapping[str, Any]
    """Its keyword arguments (sent as JSON, as a model sends them)."""


def call(tool: str, /, **arguments: Any) -> Call:
    """The model calls the tool `tool` with `arguments`."""
    return Call(tool, arguments)


Reply = str | Call | Sequence[Call] | BaseException
"""One scripted reply."""


@dataclass
class _Response:
    """A ChatCompletion-like response. Not slotted: AG2 sets attributes of its own on it."""

    id: str
    """Unique per call of one client (AG2 keeps its metadata by it)."""
    reply: str | dict[str, Any]
    """The text, or the assistant message with tool calls (OpenAI's shape)."""
    model: str = "scripted"
    """The model name AG2 reports."""
    cost: float = 0.0
    """Scripted replies cost nothing."""
    choices: list[Any] = field(default_factory=list)
    """Unused: `message_retrieval` answers from `reply`."""


class ScriptedClient:
    """AG2's ModelClient protocol, answering from a script (see the module docstring)."""

    RESPONSE_USAGE_KEYS: ClassVar[list[str]] = [
        "prompt_tokens",
        "completion_tokens",
        "total_tokens",
        "cost",
        "model",
    ]
    """The usage keys AG2 reads (its ModelClient protocol's)."""

    def __init__(
        self,
        config: Mapping[str, Any],
        *,
        script: Sequence[Reply] = (),
        name: str = "scripted",
        delay: float = 0.0,
    ) -> None:
        self.script = list(script)
        """The replies not given yet, in order."""
        self.name = name
        """Prefix of the tool call ids, so two agents' calls never share one."""
        self.delay = delay
        """Seconds each reply takes (a benchmark's stand-in for a model's latency)."""
        self.calls = 0
        """How many times the model was called."""

    def create(self, params: Mapping[str, Any]) -> _Response:
        """The next scripted reply."""
        self.calls += 1
        if self.delay:
            time.sleep(self.delay)
        if not self.script:
            raise ScriptExhausted(
                f"model {self.name!r} was called more than {self.calls - 1} time(s)"
            )
        reply = self.script.pop(0)
        if isinstance(reply, BaseException):
            raise reply
        rid = f"{self.name}-{self.calls}"
        if isinstance(reply, str):
            return _Response(id=rid, reply=reply)
        calls = [reply] if isinstance(reply, Call) else list(reply)
        tool_calls = [
            {
                "id": f"call_{self.name}_{self.calls}_{i}",
                "type": "function",
                "function": {"name": c.tool, "arguments": json.dumps(dict(c.arguments))},
            }
            for i, c in enumerate(calls)
        ]
        message = {"content": None, "tool_calls": tool_calls, "role": "assistant"}
        return _Response(id=rid, reply=message)

    def message_retrieval(self, response: _Response) -> list[Any]:
        """The reply's text, or its message with tool calls."""
        return [response.reply]

    def cost(self, response: _Response) -> float:
        """Scripted replies cost nothing."""
        return 0.0

    @staticmethod
    def get_usage(response: _Response) -> dict[str, Any]:
        """No tokens counted."""
        return {
            "prompt_tokens": 0,
            "completion_tokens": 0,
            "total_tokens": 0,
            "cost": 0.0,
            "model": response.model,
        }


def llm_config() -> dict[str, Any]:
    """The `llm_config` of an agent that `scripted` will give a script (no cache: a cached
    reply would skip the script)."""
    return {"config_list": [{"model": "scripted", "model_client_cls": CLIENT}], "cache_seed": None}


def scripted(agent: Any, *replies: Reply, delay: float = 0.0) -> Any:
    """Register a ScriptedClient with `replies` on `agent` (built with `llm_config()`) and
    return the agent. Call it after registering the agent's tools: AG2 rebuilds an agent's
    model client when a tool is registered for its model."""
    agent.register_model_client(ScriptedClient, script=replies, name=agent.name, delay=delay)
    return agent


def speaker_selector(*replies: str) -> dict[str, Any]:
    """The `GroupChat` keyword arguments that script its "auto" speaker selection: the n-th
    selection (a model call of the manager's internal selector agent, which AG2 builds anew
    for each selection) gets the n-th reply, e.g. an agent's name.
    `GroupChat(agents, speaker_selection_method="auto", **speaker_selector("Writer"))`."""
    shared = ScriptedClient({}, script=replies, name="speaker_selection")

    def create(self: ScriptedClient, params: Mapping[str, Any]) -> _Response:
        return shared.create(params)

    # AG2 matches a custom client by its class name, so the selector's client is named as
    # `llm_config()` says; all selections share one script.
    selector = type(CLIENT, (ScriptedClient,), {"create": create})
    return {
        "select_speaker_auto_llm_config": llm_config(),
        "select_speaker_auto_model_client_cls": selector,
    }
