"""The smolagents system again, in long runs shaped like real ones (the `long` family).

The same manager CodeAgent and search ToolCallingAgent under the same instrumentor, set up as
research systems are (both plan and re-plan every few steps; the search agent has a search tool
and a page visitor and hands back a run summary), with scripted offline models whose replies
read like a real model's: thoughts before every action, code that prints and checks, tool
errors that the agent recovers from (a rate-limited search, a page that refuses the visit, a
figure that does not parse as a number), and the wrong value repeated downstream (in the
sub-agent's report, the manager's checks, its updated plan and its final answer). Each run has
10 to 20 LLM calls, and the planted wrong decision is usually in the middle; its LLM-call span
is the label, as in the short family.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from corpus.export import otlp_json, provider, steady_clock
from corpus.faults import FAULTS, TASKS, Case, Task
from corpus.smolagents_system import Reply, _instrumentor, _model_class
from corpus.web import World, tools

FAMILY = "long"
"""The family of every case this module makes."""


@dataclass(slots=True)
class Script:
    """Replies for one agent, with its plan and plan updates slotted in as smolagents asks."""

    interval: int
    """The agent's planning_interval."""
    replies: list[Reply] = field(default_factory=list)
    """Every reply in the order the model is called."""
    steps: int = 0
    """Action steps so far in the agent's current run."""

    def run(self) -> None:
        """A new run of the agent starts (a managed agent is reset on each call)."""
        self.steps = 0

    def plan(self, text: str, *, fault: bool = False) -> None:
        """The planning reply that comes before the next action step."""
        if not (self.steps == 0 or self.steps % self.interval == 0):
            raise RuntimeError("no planning step is due here")
        self.replies.append(Reply(text=text + "\n<end_plan>", fault=fault))

    def act(self, reply: Reply) -> None:
        """An action step; a plan must have been given if one is due."""
        due = self.steps == 0 or self.steps % self.interval == 0
        if due and (not self.replies or "<end_plan>" not in (self.replies[-1].text or "")):
            raise RuntimeError(f"a plan is due before action step {self.steps + 1}")
        self.replies.append(reply)
        self.steps += 1

    def due(self) -> bool:
        """Whether the next action step is preceded by a planning step."""
        return self.steps == 0 or self.steps % self.interval == 0


def _code(thought: str, code: str, *, fault: bool = False) -> Reply:
    return Reply(text=f"Thought: {thought}\n<code>\n{code}\n</code>", fault=fault)


def _call(thought: str, tool: str, fault: bool = False, **arguments: str) -> Reply:
    return Reply(text=f"Thought: {thought}", tool=tool, arguments=arguments, fault=fault)


class Run:
    """Builds both agents' scripts for one task, step by step, as the run unfolds."""

    def __init__(self, task: Task, world: World) -> None:
        self.task = task
        self.world = world
        self.manager = Script(interval=3)
        self.searcher = Script(interval=4)
        self.query = f"{task.entity} {task.attribute}"
        self.learned = "The search results are in."
        """What the search agent's plan update says it has learned."""
        self.searcher_replan_fault = False
        """Whether the search agent's plan update is the wrong decision."""
        self.reported = ""
        """The figure the manager's plan update says it has."""
        self.sentence = False
        """Whether the manager's plan update asks for a full sentence."""
        self.replan_fault = False
        """Whether the manager's plan update is the wrong decision."""

    # The manager's replies.

    def manager_plan(self, attribute: str | None = None, *, fault: bool = False) -> None:
        task, attribute = self.task, attribute or self.task.attribute
        self.manager.plan(
            "## 1. Facts survey\n### 1.1. Facts given in the task\n"
            f"- The task asks for the {task.attribute} of {task.entity}.\n"
            "- The answer must be the value only.\n### 1.2. Facts to look up\n"
            f"- The {attribute} of {task.entity}, from a reliable source such as an "
            "encyclopedia.\n### 1.3. Facts to derive\n- Nothing beyond the figure itself.\n\n"
            f"## 2. Plan\n1. Ask search_agent to find the {attribute} of {task.entity} and "
            "the page it comes from.\n2. Check the figure it reports.\n"
            "3. Return the figure alone with final_answer.",
            fault=fault,
        )

    def manager_replan(self, reported: str, *, sentence: bool = False, fault: bool = False) -> None:
        task = self.task
        last = (
            "3. Return the figure with its source, in one full sentence, with final_answer."
            if sentence
            else "3. Return the figure alone with final_answer."
        )
        self.manager.plan(
            "## 1. Updated facts survey\n### 1.1. Facts given in the task\n"
            f"- The task asks for the {task.attribute} of {task.entity}, value only.\n"
            "### 1.2. Facts that we have learned\n"
            f"- search_agent reported: {reported} (from the encyclopedia entry).\n"
            "### 1.3. Facts still to look up\n- None.\n\n## 2. Plan\n"
            f"1. The figure is {reported}.\n2. Keep it as the source writes it.\n{last}",
            fault=fault,
        )

    def delegate(self, request: str, *, fault: bool = False) -> None:
        self.code(
            "I will start by asking search_agent, which can browse the web, to find this. "
            "I ask for the source too, so that I can check the figure.",
            f'report = search_agent(task="{request}")\nprint(report)',
            fault=fault,
        )

    def check(self, figure: str, *, fault: bool = False, said: str = "") -> None:
        """The manager reads the report and tries the figure as a number."""
        self.code(
            f"{said or 'The search agent answered.'} I keep the figure it found, "
            f"{figure}, and check that it reads as a number.",
            f'figure = "{figure}"\nprint(float(figure))',
            fault=fault,
        )

    def keep(self, figure: str) -> None:
        self.code(
            "Whether or not it parsed, I keep the figure as the source writes it, "
            f"separators and unit included: {figure}.",
            f'figure = "{figure}"\nprint(figure)',
        )

    def finish(self, answer: str, *, fault: bool = False) -> None:
        self.code(
            "I have checked the figure; I now return it as the final answer.",
            f"final_answer({answer!r})",
            fault=fault,
        )

    def code(self, thought: str, code: str, *, fault: bool = False) -> None:
        """A manager action step: a thought, then code."""
        self.manager_act(_code(thought, code, fault=fault))

    # The search agent's replies.

    def searcher_plan(self, query: str | None = None) -> None:
        self.searcher.run()
        query = query or self.query
        self.searcher.plan(
            "## 1. Facts survey\n### 1.1. Facts given in the task\n"
            "- I am asked to find a figure and the page it comes from.\n"
            "### 1.2. Facts to look up\n- The figure, on a reliable page.\n"
            "### 1.3. Facts to derive\n- None.\n\n## 2. Plan\n"
            f"1. Search the web for '{query}'.\n2. Open the most reliable result.\n"
            "3. Read the figure on the page.\n4. Report it with final_answer, with the URL."
        )

    def searcher_replan(self, learned: str, *, fault: bool = False) -> None:
        self.searcher.plan(
            "## 1. Updated facts survey\n### 1.1. Facts given in the task\n"
            "- I am asked to find a figure and the page it comes from.\n"
            f"### 1.2. Facts that we have learned\n- {learned}\n"
            "### 1.3. Facts still to look up\n- None.\n\n## 2. Plan\n"
            "1. Write the report with final_answer, giving the page's URL.",
            fault=fault,
        )

    def _searcher_act(self, reply: Reply) -> None:
        if self.searcher.steps and self.searcher.due():
            self.searcher_replan(self.learned, fault=self.searcher_replan_fault)
        self.searcher.act(reply)

    def manager_act(self, reply: Reply) -> None:
        """A manager action step, after its plan update if one is due."""
        if self.manager.steps and self.manager.due():
            self.manager_replan(self.reported, sentence=self.sentence, fault=self.replan_fault)
        self.manager.act(reply)

    def search(self, thought: str, query: str | None = None, *, fault: bool = False) -> None:
        self._searcher_act(_call(thought, "web_search", fault, query=query or self.query))

    def visit(self, thought: str, url: str, *, fault: bool = False) -> None:
        self._searcher_act(_call(thought, "visit_webpage", fault, url=url))

    def report(self, short: str, detail: str, *, fault: bool = False) -> None:
        answer = (
            f"### 1. Task outcome (short version):\n{short}\n\n"
            f"### 2. Task outcome (extremely detailed version):\n{detail}\n\n"
            "### 3. Additional context (if relevant):\nThe travel-notes page in the results "
            "gives no figures."
        )
        thought = "I have what I was asked for; I write the report."
        self._searcher_act(_call(thought, "final_answer", fault, answer=answer))


def _searching(run: Run, *, rate_limited: bool) -> None:
    """The search agent's plan and first search (retried once if rate-limited)."""
    run.searcher_plan()
    run.search(f"I start with a web search for '{run.query}'.")
    if rate_limited:
        run.search(
            "The search service rate-limited me (429). I will wait and retry the same query."
        )


def _reading(run: Run, url: str, *, guide_first: bool) -> None:
    """The search agent opens the travel page first (no figure), then the given entry."""
    if guide_first:
        run.visit(
            "The results list an encyclopedia entry and a travel-notes page. The travel notes "
            "may have a quick fact box; I'll look there first.",
            run.world.guide(),
        )
        run.visit("The travel notes have no figures. I open the encyclopedia entry.", url)
    else:
        run.visit("The first result is the encyclopedia entry; I open it.", url)


def _report_of(task: Task, value: str, url: str, attribute: str | None = None) -> tuple[str, str]:
    attribute = attribute or task.attribute
    short = f"The {attribute} of {task.entity} is {value}."
    detail = (
        f"I searched the web for '{task.entity} {attribute}' and opened the encyclopedia "
        f"entry at {url}. The entry gives the {attribute} as {value}. The page was last "
        "edited on 3 November 2025."
    )
    return short, detail


def _manager_tail(
    run: Run, reported: str, *, sentence: bool = False, fault_at: str = "", said: str = ""
) -> None:
    """After the report: check, keep, re-plan, final answer (the fault where `fault_at` says)."""
    task = run.task
    run.reported, run.sentence, run.replan_fault = reported, sentence, fault_at == "replan"
    said = (
        said
        or f"The search agent reports that the {task.attribute} of {task.entity} is {reported}."
    )
    run.check(reported, said=said, fault=fault_at == "check")
    run.keep(reported)
    answer = reported
    if sentence:
        answer = f"The {task.attribute} of {task.entity} is {reported}, from the encyclopedia."
    run.finish(answer, fault=fault_at == "finish")


def _goal_deviation(run: Run, variant: int) -> None:
    """The manager's plan (odd tasks) or its delegation (even) asks for another attribute."""
    task, world = run.task, run.world
    url = world.url(task.entity)
    if variant % 2:  # the plan asks for the other attribute; the delegation follows it
        run.manager.replies.pop()
        run.manager_plan(task.other_attribute, fault=True)
    run.delegate(
        f"Find the {task.other_attribute} of {task.entity}. Give the figure exactly as the "
        "source writes it, and the URL of the page.",
        fault=variant % 2 == 0,
    )
    run.query = f"{task.entity} {task.other_attribute}"
    _searching(run, rate_limited=world.search_failures > 0)
    run.learned = f"The encyclopedia gives the {task.other_attribute} as {task.other_value}."
    _reading(run, url, guide_first=True)
    run.report(*_report_of(task, task.other_value, url, task.other_attribute))
    _manager_tail(run, task.other_value)


def _misread(run: Run, variant: int) -> None:
    """The search agent's report (mode 0), its plan update (1) or the manager (2) misreads."""
    task, world = run.task, run.world
    url, mode = world.url(task.entity), variant % 3
    if mode == 1:
        world.search_failures = 1  # so that a plan update falls between reading and reporting
    _searching(run, rate_limited=world.search_failures > 0)
    if mode == 1:
        run.learned = f"The encyclopedia gives the {task.attribute} as {task.misread}."
        run.searcher_replan_fault = True
    else:
        run.learned = f"The encyclopedia entry at {url} gives the figure."
    _reading(run, url, guide_first=True)
    reported = task.value if mode == 2 else task.misread
    run.report(*_report_of(task, reported, url), fault=mode == 0)
    if mode != 2:
        _manager_tail(run, task.misread)
        return
    said = "The search agent answered; its report gives the figure from the encyclopedia."
    _manager_tail(run, task.misread, fault_at="check", said=said)


def _hallucinated(run: Run, variant: int) -> None:
    """No page gives the figure: the search agent (even tasks) or the manager (odd) makes one up."""
    task, world = run.task, run.world
    world.listed = False
    _searching(run, rate_limited=world.search_failures > 0)
    run.learned = "No page in the results gives the figure."
    run.visit(
        "The results do not list an encyclopedia entry for it; the travel notes may give the "
        "figure.",
        world.guide(),
    )
    if variant % 2 == 0:
        short = f"The {task.attribute} of {task.entity} is {task.guess}."
        detail = (
            f"I searched the web for '{run.query}' and read the travel notes at "
            f"{world.guide()}. The {task.attribute} of {task.entity} is {task.guess}."
        )
        run.report(short, detail, fault=True)
        _manager_tail(run, task.guess)
        return
    run.report(
        f"I could not find the {task.attribute} of {task.entity}.",
        f"I searched the web for '{run.query}'. The results list a travel-notes page and "
        "another entity's entry; the travel notes give no figures.",
    )
    said = (
        f"The search agent could not find it. From what I know, the {task.attribute} of "
        f"{task.entity} is {task.guess}."
    )
    _manager_tail(run, task.guess, fault_at="check", said=said)


def _ignored_error(run: Run, variant: int) -> None:
    """The entry refuses the visit (twice on odd tasks); the call that read it reports anyway."""
    task, world = run.task, run.world
    url = world.url(task.entity)
    world.refused[url] = 1 + variant % 2
    _searching(run, rate_limited=world.search_failures > 0)
    run.learned = f"The encyclopedia entry is at {url}."
    _reading(run, url, guide_first=True)
    if variant % 2:
        run.visit("The page refused the visit (403). I try it once more.", url)
    run.report(*_report_of(task, task.guess, url), fault=True)
    _manager_tail(run, task.guess)


def _wrong_arguments(run: Run, variant: int) -> None:
    """The search agent searches for (odd tasks) or opens (even) the sibling instead."""
    task, world = run.task, run.world
    wrong = world.url(task.sibling)
    run.learned = f"The entry gives the {task.attribute} as {task.sibling_value}."
    if variant % 2:
        run.searcher_plan()
        run.query = f"{task.sibling} {task.attribute}"
        run.search(f"I start with a web search for '{run.query}'.", fault=True)
        run.search("The search service rate-limited me (429). I retry the same query.")
        run.visit("The first result is the encyclopedia entry; I open it.", wrong)
    else:
        _searching(run, rate_limited=False)
        run.visit(
            "The results list encyclopedia entries; I open the one with the figures.",
            wrong,
            fault=True,
        )
    run.report(*_report_of(task, task.sibling_value, wrong))
    _manager_tail(run, task.sibling_value)


def _premature(run: Run, variant: int) -> None:
    """The manager (odd tasks) or the search agent (even) answers before reading the entry."""
    task, world = run.task, run.world
    url = world.url(task.entity)
    _searching(run, rate_limited=world.search_failures > 0)
    if variant % 2 == 0:
        run.report(*_report_of(task, task.guess, url), fault=True)
        _manager_tail(run, task.guess)
        return
    run.report(
        f"The encyclopedia entry about {task.entity} is at {url}.",
        f"I searched the web for '{run.query}'. The first result is the encyclopedia entry at "
        f"{url}; I did not open it.",
    )
    run.code(
        f"The search agent found the entry. The {task.attribute} of {task.entity} is well "
        f"known: {task.guess}. I answer now.",
        f"final_answer({task.guess!r})",
        fault=True,
    )


def _looping(run: Run) -> int:
    """The search agent repeats a search that already answered; returns the searches needed."""
    task, world = run.task, run.world
    url = world.url(task.entity)
    needed = 1 + world.search_failures
    _searching(run, rate_limited=world.search_failures > 0)
    run.search("To be thorough I run the same search again.", fault=True)
    run.search("Let me search once more in case the results changed.")
    run.learned = f"The encyclopedia gives the {task.attribute} as {task.value}."
    _reading(run, url, guide_first=False)
    run.report(*_report_of(task, task.value, url))
    _manager_tail(run, task.value)
    return needed


def script(task: Task, fault: str, variant: int) -> tuple[Run, list[dict[str, Any]]]:
    """Both agents' scripts for one fault, and the checks the run is held to."""
    world = World(task, search_failures=variant % 2)
    run = Run(task, world)
    url = world.url(task.entity)
    checks: list[dict[str, Any]] = [{"type": "contains", "value": task.value}]
    run.manager_plan()
    if fault == "goal_deviation":
        _goal_deviation(run, variant)
        return run, checks
    run.delegate(
        f"Find the {task.attribute} of {task.entity}. Give the figure exactly as the source "
        "writes it, and the URL of the page."
    )
    if fault == "misread_tool_output":
        _misread(run, variant)
    elif fault == "hallucinated_fact":
        _hallucinated(run, variant)
    elif fault == "ignored_tool_error":
        _ignored_error(run, variant)
    elif fault == "wrong_tool_arguments":
        _wrong_arguments(run, variant)
    elif fault == "wrong_format":
        _searching(run, rate_limited=world.search_failures > 0)
        run.learned = f"The encyclopedia gives the {task.attribute} as {task.value}."
        _reading(run, url, guide_first=True)
        run.report(*_report_of(task, task.value, url))
        _manager_tail(run, task.value, sentence=True, fault_at=("finish", "replan")[variant % 2])
        checks.append({"type": "exact_match", "value": task.value})
    elif fault == "premature_final_answer":
        _premature(run, variant)
    elif fault == "looping":
        checks.append({"type": "tool_called", "tool": "web_search", "max": _looping(run)})
    else:
        raise ValueError(f"unknown fault {fault!r}")
    return run, checks


def run_case(task_number: int, fault: str) -> Case:
    """Run the long system once on one task with one planted fault."""
    from smolagents import CodeAgent, ToolCallingAgent

    task = TASKS[task_number]
    run, checks = script(task, fault, task_number)
    seed = 5000 + FAULTS.index(fault) * 100 + task_number
    tracer_provider, exporter = provider(seed, "smolagents-research")
    model = _model_class()
    labels: list[tuple[str, str]] = []
    manager_model = model("manager", run.manager.replies, labels)
    search_model = model("search_agent", run.searcher.replies, labels)
    with _instrumentor(tracer_provider), steady_clock(), contextlib.redirect_stdout(io.StringIO()):
        search_agent = ToolCallingAgent(
            tools=tools(run.world),
            model=search_model,
            name="search_agent",
            description="A team member that searches the web and reads pages. Give it a task "
            "in plain words, with as much context as you can.",
            max_steps=12,
            planning_interval=run.searcher.interval,
            provide_run_summary=True,
            verbosity_level=0,
        )
        manager = CodeAgent(
            tools=[],
            model=manager_model,
            name="manager",
            managed_agents=[search_agent],
            max_steps=10,
            planning_interval=run.manager.interval,
            verbosity_level=0,
        )
        manager.run(task.question)
    left = len(manager_model.script) + len(search_model.script)
    if left or not labels:
        raise RuntimeError(f"long {fault} task {task_number}: {left} replies unused or no label")
    return Case(
        name=f"smolagents/long/{fault}/{task_number:02d}",
        framework="smolagents",
        fault=fault,
        otlp=otlp_json(exporter.get_finished_spans()),
        checks=checks,
        label_spans=tuple(span for span, _ in labels),
        label_agent=labels[0][1],
        notes={"question": task.question, "expected": task.value},
        family="long",
    )


def cases() -> Iterator[Case]:
    """Every fault on every task, in long runs."""
    for fault in FAULTS:
        for number in range(len(TASKS)):
            yield run_case(number, fault)
