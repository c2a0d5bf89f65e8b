"""An offline, scripted CrewAI LLM for tests and examples: no API key, no network.

`ScriptedLLM(model="planner", responses=[...])` answers each call with the next scripted
response and emits CrewAI's LLM call events with token usage, exactly like a provider does,
so a crew built on it runs for real and is traced like a live one. Importing this module
imports crewai.

A copy shares its original's place in the script: CrewAI copies a crew's agents, and their LLMs,
for every input of `kickoff_for_each`, and a provider would answer each copy's calls anew, so
the copies' calls go on through one script instead of each starting it over.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from crewai.events.types.llm_events import LLMCallType
from crewai.llms.base_llm import BaseLLM, llm_call_context
from pydantic import Field, PrivateAttr

__all__ = ["ScriptedLLM", "estimate_tokens"]


def estimate_tokens(text: str) -> int:
    """One token per four characters, rounded up: deterministic and provider-free."""
    return (len(text) + 3) // 4


def _messages_text(messages: Any) -> str:
    if isinstance(messages, str):
        return messages
    parts: list[str] = []
    for message in messages or ():
        content = message.get("content") if isinstance(message, dict) else message
        parts.append(content if isinstance(content, str) else str(content))
    return "\n".join(parts)


class _Cursor:
    """The place in a script, shared by an LLM and its copies."""

    def __init__(self) -> None:
        self.calls = 0
        self.lock = threading.Lock()

    def take(self) -> int:
        """The index of the next reply, consumed."""
        with self.lock:
            index = self.calls
            self.calls += 1
            return index


class ScriptedLLM(BaseLLM):
    """Answers call N with `responses[N]`; raises once the script runs out."""

    responses: Sequence[str] = Field(default_factory=tuple)
    """The replies, in call order (ReAct text: `Thought/Action/Action Input` or `Final Answer`)."""

    _cursor: _Cursor = PrivateAttr(default_factory=_Cursor)

    @property
    def calls(self) -> int:
        """How many responses were consumed (by this LLM and its copies)."""
        return self._cursor.calls

    def next_reply_index(self) -> int:
        """The index of the next scripted reply, consumed (shared with copies)."""
        return self._cursor.take()

    def supports_function_calling(self) -> bool:
        """Scripted replies use CrewAI's text (ReAct) tool-calling format."""
        return False

    def get_input_tokens_count(
        self, messages: Any, tools: Any = None, response_model: Any = None
    ) -> int:
        """The same estimate as CrewAI's fallback, without its warning."""
        return estimate_tokens(_messages_text(messages))

    def call(
        self,
        messages: Any,
        tools: Any = None,
        callbacks: Any = None,
        available_functions: Any = None,
        from_task: Any = None,
        from_agent: Any = None,
        response_model: Any = None,
    ) -> str:
        """Return the next scripted reply, emitting the started and completed events."""
        with llm_call_context():
            self._emit_call_started_event(
                messages=messages, from_task=from_task, from_agent=from_agent
            )
            index = self.next_reply_index()
            if index >= len(self.responses):
                error = (
                    f"ScriptedLLM {self.model!r} has only {len(self.responses)} scripted "
                    f"responses; call {index + 1} has no reply"
                )
                self._emit_call_failed_event(
                    error=error, from_task=from_task, from_agent=from_agent
                )
                raise RuntimeError(error)
            response = self.responses[index]
            prompt = estimate_tokens(_messages_text(messages))
            completion = estimate_tokens(response)
            usage = {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
            }
            self._track_token_usage_internal(usage)
            self._emit_call_completed_event(
                response=response,
                call_type=LLMCallType.LLM_CALL,
                from_task=from_task,
                from_agent=from_agent,
                messages=messages,
                usage=usage,
            )
            return response
