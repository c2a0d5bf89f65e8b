"""Offline chat models for running real LangGraph pipelines in tests and examples.

No API key, no network, same replies every run. `ScriptedChatModel` replays a script (and
accepts `bind_tools`, so it can drive tool-calling agents and ToolNode); `RuleChatModel`
answers from the conversation itself, so parallel branches (Send fan-out) that call one model
concurrently still get the reply meant for them. `tool_agent` builds the usual model + ToolNode
agent subgraph around either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.messages.ai import UsageMetadata
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool

Reply = Callable[[Sequence[BaseMessage]], AIMessage | str]
"""Computes a reply from the conversation so far."""


class ScriptedChatModel(FakeMessagesListChatModel):
    """Replies with `responses` in order; tool binding is accepted and ignored.

    Each reply is a fresh copy, so a script can be replayed and message ids never collide.
    """

    def bind_tools(
        self, tools: Sequence[Any], **kwargs: Any
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """The script already holds the tool calls; the tools need not be bound."""
        return self

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        result = super()._generate(messages, stop, run_manager, **kwargs)
        return ChatResult(
            generations=[
                ChatGeneration(message=g.message.model_copy(deep=True)) for g in result.generations
            ]
        )


class RuleChatModel(BaseChatModel):
    """Replies by a function of the conversation: deterministic and safe under concurrency."""

    reply: Reply
    """Maps the messages the model is given to its answer."""
    model_name: str = "rule-chat-model"
    """Reported in response_metadata, so per-model prices apply."""

    def bind_tools(
        self, tools: Sequence[Any], **kwargs: Any
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """Replies decide their own tool calls; the tools need not be bound."""
        return self

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        answer = self.reply(messages)
        message = AIMessage(content=answer) if isinstance(answer, str) else answer.model_copy()
        if message.usage_metadata is None:
            prompt = sum(len(str(m.content).split()) for m in messages)
            completion = len(str(message.content).split())
            usage = {"input_tokens": prompt, "output_tokens": completion}
            message.usage_metadata = cast(
                UsageMetadata, {**usage, "total_tokens": prompt + completion}
            )
        message.response_metadata = {**message.response_metadata, "model_name": self.model_name}
        return ChatResult(generations=[ChatGeneration(message=message)])

    @property
    def _llm_type(self) -> str:
        return "rule-chat-model"


ModelChoice = BaseChatModel | Callable[[Sequence[BaseMessage]], BaseChatModel]
"""A chat model, or a function choosing one from the conversation (one script per scenario)."""


def tool_agent(
    name: str, model: ModelChoice, tools: Sequence[BaseTool], *, handle_tool_errors: bool = True
) -> Any:
    """A compiled tool-calling agent subgraph: an `agent` model node and a `tools` ToolNode.

    The agent loops through its tools until the model answers without a tool call, like the
    prebuilt ReAct agent; with `handle_tool_errors`, a tool that raises becomes a
    `ToolMessage(status="error")` instead of failing the run.
    """
    from langgraph.graph import START, MessagesState, StateGraph
    from langgraph.prebuilt import ToolNode, tools_condition

    def call_model(state: MessagesState) -> dict[str, Any]:
        chosen = model if isinstance(model, BaseChatModel) else model(state["messages"])
        return {"messages": [chosen.bind_tools(tools).invoke(state["messages"])]}

    graph = StateGraph(MessagesState)
    graph.add_node("agent", call_model)
    graph.add_node("tools", ToolNode(tools, handle_tool_errors=handle_tool_errors))
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", tools_condition)
    graph.add_edge("tools", "agent")
    return graph.compile(name=name)
