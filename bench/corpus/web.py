"""The web the long runs' search agent browses: a search tool and a page visitor over one
task's pages, with the failures a run plants (rate-limited searches, refused visits)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from corpus.faults import Task

ENCYCLOPEDIA = "https://encyclopedia.example.org/wiki/"
"""Where the pages with the figures live."""
GUIDE = "https://travel-notes.example.com/"
"""A page that ranks high in search results but does not give the figure."""


def _slug(entity: str) -> str:
    return entity.removeprefix("the ").replace(" ", "_")


@dataclass(slots=True)
class World:
    """What the tools answer in one run, and which of their calls fail."""

    task: Task
    """The question's entity and its figures."""
    search_failures: int = 0
    """The first this many searches are rate-limited."""
    refused: dict[str, int] = field(default_factory=dict)
    """URL -> how many visits to it are refused (403)."""
    listed: bool = True
    """Whether search results list the entity's encyclopedia entry."""

    def url(self, entity: str) -> str:
        """The encyclopedia entry of the task's entity or its sibling."""
        return ENCYCLOPEDIA + _slug(entity)

    def guide(self) -> str:
        """The travel-notes page about the entity."""
        return GUIDE + _slug(self.task.entity).lower() + "-facts"

    def search(self, query: str) -> str:
        if self.search_failures:
            self.search_failures -= 1
            raise RuntimeError("429 Too Many Requests: rate limit exceeded, retry in a moment")
        task = self.task
        folded = query.casefold()
        results: list[tuple[str, str, str]] = []
        if task.sibling.casefold() not in folded or task.entity.casefold() in folded:
            if self.listed:
                results.append(
                    (
                        f"{task.entity} - Encyclopedia",
                        self.url(task.entity),
                        f"{task.entity}: overview, history, figures ({task.attribute}, "
                        f"{task.other_attribute}) and references.",
                    )
                )
            results.append(
                (
                    f"{task.entity}: 12 things to know before you go",
                    self.guide(),
                    f"Planning a visit? Our notes on {task.entity}, with tips and photos.",
                )
            )
        results.append(
            (
                f"{task.sibling} - Encyclopedia",
                self.url(task.sibling),
                f"{task.sibling}: overview, history and figures.",
            )
        )
        lines = ["## Search Results", ""]
        for number, (title, url, snippet) in enumerate(results):
            lines += [f"{number}. [{title}]({url})", "Source: web", snippet, ""]
        return "\n".join(lines)

    def visit(self, url: str) -> str:
        if self.refused.get(url, 0):
            self.refused[url] -= 1
            raise RuntimeError(f"403 Client Error: Forbidden for url: {url}")
        task = self.task
        if url == self.guide():
            body = (
                f"# {task.entity}: 12 things to know before you go\n\nGetting there, where to "
                "eat, and the best time of year to visit. Opening hours change often; check "
                "before you go.\n\nPhotos: 24. Comments: 3."
            )
        elif url == self.url(task.entity):
            body = (
                f"# {task.entity}\n\n{task.page(task.entity)}\n\n## See also\n\n"
                f"- {task.sibling}\n\nLast edited on 3 November 2025. Text is available "
                "under a free licence."
            )
        elif url == self.url(task.sibling):
            body = f"# {task.sibling}\n\n{task.page(task.sibling)}\n\nLast edited on 9 May 2025."
        else:
            raise RuntimeError(f"404 Client Error: Not Found for url: {url}")
        return (
            f"Address: {url}\nViewport position: Showing page 1 of 1.\n"
            f"=======================\n{body}"
        )


def _tool(class_name: str, name: str, description: str, argument: str, call: Any) -> Any:
    """A smolagents Tool of its own class (the instrumentor names a tool span after it)."""
    from smolagents import Tool

    def forward(self: Any, **arguments: str) -> str:
        return str(call(arguments[argument]))

    namespace = {
        "name": name,
        "description": description,
        "inputs": {argument: {"type": "string", "description": f"The {argument}."}},
        "output_type": "string",
        "skip_forward_signature_validation": True,
        "forward": forward,
    }
    return type(class_name, (Tool,), namespace)()


def tools(world: World) -> list[Any]:
    return [
        _tool(
            "WebSearchTool",
            "web_search",
            "Performs a web search and returns the top results with their URLs.",
            "query",
            world.search,
        ),
        _tool(
            "VisitWebpageTool",
            "visit_webpage",
            "Visits a webpage at the given URL and returns its content as text.",
            "url",
            world.visit,
        ),
    ]
