"""blame_openai_agents.fakes: the scripted model is traced as the OpenAI Responses model is."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from agents import Agent, RunConfig, Runner, add_trace_processor
from agents.tracing import TracingProcessor
from blame_openai_agents.fakes import ScriptedModel, assistant_message, usage

pytestmark = pytest.mark.openai_agents


class _Spans(TracingProcessor):
    """Keeps the model spans of one named workflow."""

    def __init__(self, workflow: str) -> None:
        self.workflow, self.traces, self.spans = workflow, set[str](), list[Any]()

    def on_trace_start(self, trace: Any) -> None:
        if trace.name == self.workflow:
            self.traces.add(trace.trace_id)

    def on_trace_end(self, trace: Any) -> None:
        pass

    def on_span_start(self, span: Any) -> None:
        pass

    def on_span_end(self, span: Any) -> None:
        if span.trace_id in self.traces and span.span_data.type in ("response", "generation"):
            self.spans.append(span)

    def shutdown(self) -> None:
        pass

    def force_flush(self) -> None:
        pass


@pytest.mark.parametrize("sensitive", [True, False])
def test_each_reply_is_a_response_span_with_input_output_and_usage(sensitive: bool) -> None:
    workflow = f"fakes-{sensitive}"
    spans = _Spans(workflow)
    add_trace_processor(spans)
    model = ScriptedModel([{"output": [assistant_message("hi")], "usage": usage(4, 2)}], name="m")
    agent = Agent(name="A", model=model)
    config = RunConfig(workflow_name=workflow, trace_include_sensitive_data=sensitive)

    result = asyncio.run(Runner.run(agent, "hello", run_config=config))

    assert result.final_output == "hi"
    (span,) = spans.spans
    data = span.span_data
    assert data.type == "response"
    assert data.usage == {"input_tokens": 4, "output_tokens": 2}
    if sensitive:
        assert data.input == [{"content": "hello", "role": "user"}]
        assert data.response.model == "m"
        assert [item.model_dump()["content"][0]["text"] for item in data.response.output] == ["hi"]
    else:
        assert (data.input, data.response) == (None, None)


def test_a_scripted_error_marks_the_span_and_is_raised() -> None:
    workflow = "fakes-error"
    spans = _Spans(workflow)
    add_trace_processor(spans)
    agent = Agent(name="A", model=ScriptedModel([RuntimeError("rate limited")]))

    with pytest.raises(RuntimeError, match="rate limited"):
        asyncio.run(Runner.run(agent, "x", run_config=RunConfig(workflow_name=workflow)))

    (span,) = spans.spans
    assert span.error == {"message": "Error getting response", "data": {"error": "rate limited"}}
