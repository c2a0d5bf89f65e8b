"""The fault taxonomy, the tasks, and what a generated case carries.

A case is one run of a real multi-agent system under a real OpenTelemetry instrumentor, with
scripted offline models and one planted fault. Its label is the LLM-call span that made the
wrong decision, as people label real traces: not the agent's container span, not the tool
that raised, but the model call that decided.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FAULTS = (
    "misread_tool_output",
    "hallucinated_fact",
    "ignored_tool_error",
    "wrong_tool_arguments",
    "goal_deviation",
    "wrong_format",
    "premature_final_answer",
    "looping",
)
"""Every planted fault class, in the order cases are generated."""


@dataclass(frozen=True, slots=True)
class Task:
    """A question with one right value and the distractors a fault can pick up."""

    entity: str
    """What the question is about."""
    attribute: str
    """What is asked of it."""
    value: str
    """The right answer."""
    other_attribute: str
    """Another attribute on the same page (a goal deviation answers this)."""
    other_value: str
    """Its value."""
    sibling: str
    """A similar entity (wrong tool arguments look it up instead)."""
    sibling_value: str
    """The sibling's value of `attribute`."""
    misread: str
    """What a model that misreads the page writes instead of `value`."""
    guess: str
    """What a model that answers from memory writes."""

    @property
    def question(self) -> str:
        """The user's question; it asks for the value alone."""
        return f"What is the {self.attribute} of {self.entity}? Reply with the value only."

    def lookup(self, query: str, *, broken: bool) -> str:
        """What every system's search tool answers: the entry the query names."""
        if broken:
            raise RuntimeError("search backend unavailable (HTTP 503)")
        for entity in (self.entity, self.sibling):
            if entity.casefold() in query.casefold():
                return self.page(entity)
        return "No entry found."

    def page(self, entity: str) -> str:
        """What the search tool returns for an entity (the task's or its sibling's)."""
        if entity == self.sibling:
            return f"{self.sibling} - {self.attribute}: {self.sibling_value}. (encyclopedia entry)"
        return (
            f"{self.entity} - {self.attribute}: {self.value}; {self.other_attribute}: "
            f"{self.other_value}. (encyclopedia entry)"
        )


TASKS = (
    Task(
        "Lyon",
        "population",
        "522,250",
        "area",
        "47.87 km2",
        "Marseille",
        "873,076",
        "552,250",
        "500,000",
    ),
    Task(
        "Mount Kosciuszko",
        "height",
        "2,228 m",
        "first ascent",
        "1840",
        "Mount Townsend",
        "2,209 m",
        "2,282 m",
        "2,300 m",
    ),
    Task(
        "the Danube",
        "length",
        "2,850 km",
        "mean discharge",
        "6,500 m3/s",
        "the Rhine",
        "1,233 km",
        "2,580 km",
        "3,000 km",
    ),
    Task(
        "Ada Lovelace",
        "birth year",
        "1815",
        "death year",
        "1852",
        "Charles Babbage",
        "1791",
        "1851",
        "1820",
    ),
    Task(
        "Tokyo Skytree",
        "height",
        "634 m",
        "opening year",
        "2012",
        "Canton Tower",
        "604 m",
        "643 m",
        "600 m",
    ),
    Task(
        "Lake Baikal",
        "maximum depth",
        "1,642 m",
        "surface area",
        "31,722 km2",
        "Lake Tanganyika",
        "1,470 m",
        "1,624 m",
        "1,700 m",
    ),
    Task(
        "the Eiffel Tower",
        "completion year",
        "1889",
        "height",
        "330 m",
        "the Statue of Liberty",
        "1886",
        "1898",
        "1900",
    ),
    Task(
        "the Hubble Space Telescope",
        "launch year",
        "1990",
        "mirror diameter",
        "2.4 m",
        "the Chandra X-ray Observatory",
        "1999",
        "1909",
        "1993",
    ),
    Task(
        "Mount Elbrus",
        "height",
        "5,642 m",
        "first ascent",
        "1874",
        "Dykh-Tau",
        "5,205 m",
        "5,462 m",
        "5,600 m",
    ),
    Task(
        "the Amazon River",
        "length",
        "6,400 km",
        "drainage area",
        "7,000,000 km2",
        "the Nile",
        "6,650 km",
        "4,600 km",
        "6,000 km",
    ),
    Task(
        "the Mona Lisa",
        "painter",
        "Leonardo da Vinci",
        "museum",
        "the Louvre",
        "The Night Watch",
        "Rembrandt",
        "Leonardo da Pisa",
        "Michelangelo",
    ),
    Task(
        "Mount Everest",
        "first summiter",
        "Edmund Hillary",
        "first winter ascent",
        "Krzysztof Wielicki",
        "K2",
        "Lino Lacedelli",
        "Edmund Hilary",
        "George Mallory",
    ),
)
"""The questions every system is asked, one case per task and fault. Most answers are numbers;
the last two are names, as many real questions' answers are (a bare word answer is traced
differently from a number)."""


@dataclass(frozen=True, slots=True)
class Case:
    """One generated trace with its checks and its label."""

    name: str
    """`framework/fault/task-number`, unique and usable as a file stem."""
    framework: str
    """Which system produced it."""
    fault: str
    """The planted fault class (one of FAULTS)."""
    otlp: dict[str, Any]
    """The trace as an OTLP/JSON export request, as a collector's file exporter writes it."""
    checks: list[dict[str, Any]]
    """Checks in blame's schema; at least one fails because of the fault."""
    label_spans: tuple[str, ...]
    """Span ids (hex) of the LLM-call spans that made the wrong decision."""
    label_agent: str
    """The agent whose model made it, as the framework names the agent."""
    notes: dict[str, Any] = field(default_factory=dict)
    """What was planted, in words, for a person reading the corpus."""
    family: str = "short"
    """Which family of runs, as `bench/real_traces.py --family` names it: `short` (one search,
    the fault plain to see), or a longer family shaped like real runs (planning, recovered tool
    errors, the wrong value restated downstream)."""


def checks_for(task: Task, fault: str) -> list[dict[str, Any]]:
    """The checks a run is held to: the right value, plus what the fault class breaks."""
    checks: list[dict[str, Any]] = [{"type": "contains", "value": task.value}]
    if fault == "wrong_format":
        checks.append({"type": "exact_match", "value": task.value})
    if fault == "looping":
        checks.append({"type": "tool_called", "tool": "web_search", "max": 1})
    return checks


def make_case(
    framework: str,
    fault: str,
    task_number: int,
    otlp: dict[str, Any],
    labels: list[tuple[str, str]],
) -> Case:
    """A case from one run; `labels` are (span id, agent) of the faulty model calls."""
    if not labels:
        raise RuntimeError(f"{framework} {fault} task {task_number}: the faulty reply was unused")
    task = TASKS[task_number]
    return Case(
        name=f"{framework}/{fault}/{task_number:02d}",
        framework=framework,
        fault=fault,
        otlp=otlp,
        checks=checks_for(task, fault),
        label_spans=tuple(span for span, _ in labels),
        label_agent=labels[0][1],
        notes={"question": task.question, "expected": task.value},
    )
