"""An offline smolagents research team that writes a brief, and fails in three specific places.

Two agents run on scripted models (blame_smolagents.fakes.ScriptedModel, a smolagents Model;
no API key, no network):

- Editor, a CodeAgent, delegates to its managed agent Researcher from its code.
- Researcher, a ToolCallingAgent, finds the height with `web_search` (8,849 m) and answers
  without it.
- Editor sends the brief with `send_brief`; the newsletter service is down, and Editor says the
  brief has been sent anyway.

Run it through blame: `blame test --config examples/smolagents_research/blame.yaml`.
"""

from __future__ import annotations

from pathlib import Path

from blame_smolagents.fakes import ScriptedModel, call, code
from smolagents import CodeAgent, ToolCallingAgent, tool
from smolagents.monitoring import LogLevel

PROMPTS = Path(__file__).parent / "prompts"


@tool
def web_search(query: str) -> str:
    """Search the web and return the best result.

    Args:
        query: What to look for.
    """
    return "Mount Everest: 8,849 m above sea level (2020 survey by China and Nepal)."


@tool
def send_brief(text: str) -> str:
    """Send a brief to the newsletter.

    Args:
        text: The brief.
    """
    raise ConnectionError("newsletter service unavailable (503)")


def build_team(delay: float = 0.0) -> CodeAgent:
    """Editor with its managed Researcher, each on its own scripted model (`delay` seconds a
    model call, to measure tracing against a remote model's pace)."""
    researcher = ToolCallingAgent(
        tools=[web_search],
        model=ScriptedModel(
            call("web_search", query="Mount Everest height"),
            call("final_answer", answer="Mount Everest is the highest mountain on Earth."),
            model_id="researcher-model",
            delay=delay,
        ),
        name="Researcher",
        description="Finds facts on the web and reports them.",
        instructions=(PROMPTS / "researcher.md").read_text(encoding="utf-8"),
        verbosity_level=LogLevel.OFF,
    )
    return CodeAgent(
        tools=[send_brief],
        model=ScriptedModel(
            code(
                'facts = Researcher(task="How high is Mount Everest? Give the figure.")\n'
                "print(facts)",
                thought="I ask the Researcher for the facts.",
            ),
            code("send_brief(text=facts)", thought="I send the brief."),
            code(
                'final_answer("The brief on Mount Everest has been sent: it is the highest '
                'mountain on Earth.")',
                thought="I report to the user.",
            ),
            model_id="editor-model",
            delay=delay,
        ),
        managed_agents=[researcher],
        name="Editor",
        instructions=(PROMPTS / "editor.md").read_text(encoding="utf-8"),
        verbosity_level=LogLevel.OFF,
    )
