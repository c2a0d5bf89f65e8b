"""The `research` family: a smolagents lead CodeAgent and a web ToolCallingAgent on two-hop
GAIA-style questions and SWE-bench-style issue localisations, with the errors real research
agent traces show, several per run, labelled as a careful annotator labels them.

Written apart from the `short` and `long` families and never tuned against blame: other tasks
(`research_tasks`), other agent and tool names, other wording. The lead agent plans, asks the
web agent for each of two facts (it searches, reads the page, reports), computes the answer in
code and returns it. One error kind per run is fatal (it breaks a check); most runs also hold
errors the run got over (a rate-limited search retried, a reply without a code block, a
malformed tool call, a refused import), and those are labelled too, as annotators label every
error they see. 8 to 17 LLM calls a run.

Labelling rules (decided from the script, before looking at blame):
1. An error made by a model is labelled at the LLM-call span whose reply made it, never at an
   agent or step container.
2. A tool that itself failed (rate limit, page not found, timeout) is labelled at its TOOL span;
   the LLM call that then went on as if it had succeeded (reported a figure it never read) is
   labelled too. An LLM call that read the error and retried properly is not.
3. A formatting error (a lead reply without a code block, a web-agent tool call with an
   argument the tool does not take) is labelled at that call, whether or not the run recovered.
   So is code that fails to run (a name never defined, a wrong attribute, a refused import).
4. Unsupported content (a figure no tool output gave, a guessed answer) is labelled at the
   first call that wrote it, not at the calls that only repeated it.
5. A query that cannot find what the task needs is labelled at the call that wrote it.
6. Resource abuse: every call that repeats a search with the same arguments after it answered.
7. Incorrect problem identification: the plan that asked for the wrong thing, not the
   delegations that followed it.
8. Context handling: the call that retyped a fact it had been given, wrongly.
9. Instruction non-compliance: the call whose final answer breaks the asked format.
The agent label is the agent of the fatal error (the one that broke the check).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from corpus.export import otlp_json, provider, steady_clock
from corpus.faults import Case
from corpus.research_tasks import FORUM, TASKS, Fact, Task, Web, tools
from corpus.smolagents_system import Reply, _instrumentor, _model_class

FAMILY = "research"
"""The family of every case this module makes."""
LEAD, WEB = "research_lead", "web_agent"
"""The two agents' names."""
KINDS = (
    "formatting_error",
    "code_execution_error",
    "tool_error",
    "resource_abuse",
    "poor_information_retrieval",
    "tool_output_misinterpretation",
    "incorrect_problem_identification",
    "context_handling_failure",
    "instruction_non_compliance",
    "hallucinated_answer",
)
"""The fatal error kinds, one per run."""
NOISE = ("none", "rate_limit", "malformed_call", "refused_import", "no_code_block")
"""The recovered errors a run may also hold (chosen by task and kind)."""
SEARCH_BUDGET = 5
"""The web_search calls a user allows a run (a check of every case)."""


@dataclass(slots=True)
class Script:
    """Both agents' replies for one run, and what the run plants."""

    task: Task
    """The run's task."""
    web: Web
    """The tools' answers and failures."""
    lead: list[Reply] = field(default_factory=list)
    """The lead agent's replies (its plan first)."""
    agent: list[Reply] = field(default_factory=list)
    """The web agent's replies, over all its runs."""
    searches: int = 0
    """web_search calls scripted so far."""
    visits: int = 0
    """visit_page calls scripted so far."""
    recovered: list[Reply] = field(default_factory=list)
    """The labelled replies whose error the run got over (the others broke a check)."""

    # The lead agent (CodeAgent: a thought, then code).

    def code(self, thought: str, code: str, *, bad: bool = False) -> None:
        self.lead.append(Reply(text=f"Thought: {thought}\n<code>\n{code}\n</code>", fault=bad))

    def prose(self, text: str, *, bad: bool = False) -> None:
        """A lead reply with no code block (smolagents feeds its parsing error back)."""
        self.lead.append(Reply(text=text, fault=bad))

    def plan(self, facts: tuple[str, str], *, bad: bool = False) -> None:
        task = self.task
        self.lead.append(
            Reply(
                text="## 1. Facts survey\n### 1.1. Facts given in the task\n"
                f"- The question: {task.question}\n### 1.2. Facts to look up\n"
                f"- {facts[0]}\n- {facts[1]}\n### 1.3. Facts to derive\n- {task.derive}\n\n"
                f"## 2. Plan\n1. Ask web_agent for {facts[0]}.\n2. Ask web_agent for "
                f"{facts[1]}.\n3. Compute {task.derive} in Python.\n4. Give the result with "
                "final_answer, in the format the question asks for.\n<end_plan>",
                fault=bad,
            )
        )

    def delegate(self, var: str, name: str, *, bad: bool = False) -> None:
        self.code(
            f"I need {name}. web_agent can search and read pages, so I ask it.",
            f'{var} = web_agent(task="Find {name}. Quote the figure as the page gives it, with '
            f'the page URL.")\nprint({var})',
            bad=bad,
        )

    def compute(self, a: str, b: str, *, thought: str = "", bad: bool = False) -> str:
        """The lead types the two facts into its computation; returns what it prints."""
        self.code(
            thought or f"I have both facts. I compute {self.task.derive}.",
            self.task.source(a, b),
            bad=bad,
        )
        return self.task.compute(a, b)

    def finish(self, answer: str, *, bad: bool = False) -> None:
        self.code("That is the result; I return it.", f"final_answer({answer!r})", bad=bad)

    # The web agent (ToolCallingAgent: a thought and one tool call).

    def call(self, thought: str, tool: str, *, bad: bool = False, **arguments: str) -> None:
        self.agent.append(
            Reply(text=f"Thought: {thought}", tool=tool, arguments=arguments, fault=bad)
        )
        if tool == "web_search" and "query" in arguments:
            self.searches += 1
        elif tool == "visit_page" and "url" in arguments:
            self.visits += 1

    def search(self, query: str, thought: str = "", *, bad: bool = False) -> None:
        thought = thought or f"I search for '{query}'."
        self.call(thought, "web_search", bad=bad, query=query)

    def visit(self, url: str, thought: str = "", *, bad: bool = False) -> None:
        thought = thought or "The first result should give it; I open it."
        self.call(thought, "visit_page", bad=bad, url=url)

    def answer(self, thought: str, text: str, *, bad: bool = False) -> None:
        """The web agent's final answer to the lead."""
        self.call(thought, "final_answer", bad=bad, answer=text)

    def report(self, fact: Fact, value: str, *, bad: bool = False, aside: bool = True) -> None:
        text = f"{fact.label}: {value} (source: {fact.url})."
        if aside:
            text += f" The page also lists {fact.other_label}: {fact.other}."
        self.answer("I have it; I report.", text, bad=bad)

    def fail_next(self, tool: str, error: str, *, recovered: bool = False) -> None:
        """The next call of `tool` raises `error` (labelled at its span)."""
        n = self.searches if tool == "web_search" else self.visits
        self.web.failures[(tool, n)] = error
        self.web.labelled.add((tool, n))
        if recovered:
            self.web.recovered.add((tool, n))

    def lookup(self, fact: Fact, *, noise: str = "none", value: str | None = None) -> None:
        """The web agent finds a fact: search, read, report (with a recovered error if any)."""
        if noise == "rate_limit":
            self.fail_next("web_search", RATE_LIMIT, recovered=True)
            self.search(fact.query)
            self.search(fact.query, "The search was rate-limited (429); I retry the same query.")
        elif noise == "malformed_call":
            self.call(f"I search for '{fact.query}'.", "web_search", bad=True, search=fact.query)
            self.recovered.append(self.agent[-1])
            self.search(fact.query, "The tool takes `query`, not `search`; I call it again.")
        else:
            self.search(fact.query)
        self.visit(fact.url)
        self.report(fact, value or fact.value)


RATE_LIMIT = "429 Too Many Requests: rate limit for the search API reached; retry after 20 s"
"""A rate-limited search."""


def _timeout(url: str) -> str:
    host = url.split("/")[2]
    return (
        f"ReadTimeout: HTTPSConnectionPool(host='{host}', port=443): Read timed out. "
        "(read timeout=20)"
    )


def _values(task: Task, at: str, value: str) -> tuple[str, str]:
    return (value, task.b.value) if at == "a" else (task.a.value, value)


def _tail(s: Script, a: str, b: str, noise: str, *, bad: bool = False, thought: str = "") -> None:
    """The lead computes (after a recovered error if the noise says) and answers."""
    if noise == "refused_import":
        s.code(
            "I compute with numpy to be safe.",
            "import numpy as np\n" + s.task.source(a, b),
            bad=True,
        )
        s.recovered.append(s.lead[-1])
    answer = s.compute(a, b, bad=bad, thought=thought)
    if noise == "no_code_block":
        s.prose(f"The answer is {answer}.", bad=True)
        s.recovered.append(s.lead[-1])
    s.finish(answer)


def _both(s: Script, noise: str) -> None:
    s.delegate("first", s.task.a.name)
    s.lookup(s.task.a, noise=noise)
    s.delegate("second", s.task.b.name)
    s.lookup(s.task.b)


def _fatal(s: Script, kind: str, at: str, noise: str, variant: int) -> str:
    """Script the run with its fatal error on fact `at`; returns the agent that made it."""
    task = s.task
    fact = task.a if at == "a" else task.b
    var = "first" if at == "a" else "second"
    if kind == "incorrect_problem_identification":
        wrong = f"the '{fact.other_label}' entry for {fact.title}"
        names = (wrong, task.b.name) if at == "a" else (task.a.name, wrong)
        s.plan(names, bad=True)
    else:
        s.plan((task.a.name, task.b.name))
    if at == "b":
        s.delegate("first", task.a.name)
        s.lookup(task.a, noise=noise)
        noise = "none" if noise in ("rate_limit", "malformed_call") else noise
    if kind == "incorrect_problem_identification":
        s.delegate(var, wrong)
        s.search(f"{fact.title} {fact.other_label.casefold()}")
        s.visit(fact.url)
        s.answer("I have it; I report.", f"{fact.other_label}: {fact.other} (source: {fact.url}).")
        agent, value, lead_guesses = LEAD, fact.other, False
    else:
        s.delegate(var, fact.name)
        agent, value, lead_guesses = _lookup_fatal(s, kind, fact, variant)
    if at == "a":
        s.delegate("second", task.b.name)
        s.lookup(task.b, noise=noise if noise in ("rate_limit", "malformed_call") else "none")
    a, b = _values(task, at, value)
    tail_noise = noise if noise in ("refused_import", "no_code_block") else "none"
    if kind == "context_handling_failure":
        a, b = _values(task, at, fact.mistyped)
        _tail(s, a, b, tail_noise, bad=True)
    elif kind == "code_execution_error":
        _code_error(s, at, fact, variant)
    elif kind == "instruction_non_compliance":
        answer = s.compute(a, b)
        s.finish(task.loose.format(answer=answer, a=a, b=b), bad=True)
    elif kind == "tool_output_misinterpretation" and variant % 2:
        a, b = _values(task, at, fact.other)
        _tail(s, a, b, tail_noise, bad=True, thought=f"The report gives {fact.other}; I compute.")
        agent = LEAD
    elif lead_guesses:
        if at == "b":
            s.code("Let me read web_agent's first report again.", "print(first)")
        a, b = _values(task, at, fact.guess)
        thought = f"From what I know, {fact.name} is {fact.guess}. I compute."
        _tail(s, a, b, tail_noise, bad=True, thought=thought)
    else:
        _tail(s, a, b, tail_noise)
    return agent


def _lookup_fatal(s: Script, kind: str, fact: Fact, variant: int) -> tuple[str, str, bool]:
    """The web agent's run with the fatal error: the agent at fault, the value it gives the
    lead, and whether the lead then writes a value of its own (from memory)."""
    if kind == "formatting_error":
        if variant % 2 == 0:
            s.call(f"I search for '{fact.query}'.", "web_search", bad=True, q=fact.query)
            s.answer(
                "The search tool failed. I know this one.", f"{fact.label}: {fact.guess}.", bad=True
            )
            return WEB, fact.guess, False
        s.lead.pop()  # the delegation comes as prose: no code block
        s.prose(f"I will now ask web_agent for {fact.name}.", bad=True)
        return LEAD, fact.guess, True
    if kind == "tool_error":
        which = variant % 3
        if which == 0:
            s.fail_next("web_search", RATE_LIMIT)
            s.search(fact.query)
        else:
            s.search(fact.query)
            error = (
                f"404 Client Error: Not Found for url: {fact.url}"
                if which == 1
                else _timeout(fact.url)
            )
            s.fail_next("visit_page", error)
            s.visit(fact.url)
        s.answer(
            "I have it; I report.", f"{fact.label}: {fact.guess} (source: {fact.url}).", bad=True
        )
        return WEB, fact.guess, False
    if kind == "resource_abuse":
        s.search(fact.query)
        for _ in range(SEARCH_BUDGET - s.searches + 1):
            s.search(fact.query, "I run the same search again to be sure.", bad=True)
        s.visit(fact.url)
        s.report(fact, fact.value)
        return WEB, fact.value, False
    if kind == "poor_information_retrieval":
        s.search(fact.vague, bad=True)
        s.visit(FORUM + fact.vague.split()[0].casefold(), "Only a forum thread; I read it.")
        if variant % 2 == 0:
            s.answer(
                "The thread gives no figure, but I recall it.",
                f"{fact.label}: {fact.guess}.",
                bad=True,
            )
            return WEB, fact.guess, False
        s.answer("The thread gives no figure.", f"I could not find {fact.name}.")
        return WEB, fact.guess, True
    if kind == "tool_output_misinterpretation":
        s.search(fact.query)
        s.visit(fact.url)
        if variant % 2 == 0:
            s.report(fact, fact.other, bad=True, aside=False)
            return WEB, fact.other, False
        s.report(fact, fact.value)
        return LEAD, fact.value, False
    if kind == "hallucinated_answer":
        if variant % 2 == 0:
            s.search(fact.query)
            s.answer(
                "The snippet is enough; I report.",
                f"{fact.label}: {fact.guess} (source: {fact.url}).",
                bad=True,
            )
            return WEB, fact.guess, False
        s.lead.pop()  # the lead answers from memory instead of asking
        return LEAD, fact.guess, True
    s.lookup(fact)  # the fatal error comes later, in the lead's code
    return LEAD, fact.value, False


def _code_error(s: Script, at: str, fact: Fact, variant: int) -> None:
    """The lead's computation fails to run; it then retypes a fact wrongly or guesses."""
    task = s.task
    var = "first" if at == "a" else "second"
    if variant % 2 == 0:
        code = task.source(task.a.value, task.b.value).split("\n")
        defined = code[1] if at == "a" else code[0]
        s.code(f"I compute {task.derive}.", defined + "\n" + code[-1], bad=True)
        a, b = _values(task, at, fact.mistyped)
        answer = s.compute(a, b, thought="A name was not defined; I define both.", bad=True)
    else:
        s.code(
            f"I take the figure from the report and compute {task.derive}.",
            f"figure = {var}.figure\nprint(figure)",
            bad=True,
        )
        a, b = _values(task, at, fact.guess)
        answer = task.compute(a, b)
        s.code(
            "The report is plain text. The result is clear anyway.",
            f"final_answer({answer!r})",
            bad=True,
        )
        return
    s.finish(answer)


def script(task_number: int, kind: str) -> tuple[Script, str, list[dict[str, Any]]]:
    """Both agents' replies for one run, the agent at fault and the run's checks."""
    task = TASKS[task_number]
    s = Script(task, Web(task))
    k = KINDS.index(kind)
    noise = NOISE[(task_number + 2 * k) % len(NOISE)]
    at = "b" if not task.numeric or (task_number + k) % 2 else "a"
    agent = _fatal(s, kind, at, noise, task_number + k)
    checks: list[dict[str, Any]] = [
        {"type": "contains", "value": task.answer},
        {"type": "exact_match", "value": task.answer},
        {"type": "tool_called", "tool": "web_search", "max": SEARCH_BUDGET},
    ]
    return s, agent, checks


def run_case(task_number: int, kind: str) -> Case:
    """Run the system once on one task with one fatal error kind."""
    from smolagents import CodeAgent, ToolCallingAgent

    s, agent, checks = script(task_number, kind)
    seed = 9000 + KINDS.index(kind) * 100 + task_number
    tracer_provider, exporter = provider(seed, "smolagents-gaia")
    model = _model_class()
    labels: list[tuple[str, str]] = []
    lead_model = model(LEAD, s.lead, labels)
    web_model = model(WEB, s.agent, labels)
    planted = sum(r.fault for r in (*s.lead, *s.agent)) + len(s.web.labelled)
    with _instrumentor(tracer_provider), steady_clock(), contextlib.redirect_stdout(io.StringIO()):
        web_agent = ToolCallingAgent(
            tools=tools(s.web),
            model=web_model,
            name=WEB,
            description="Searches the web and reads pages. Give it one fact to find.",
            max_steps=10,
            verbosity_level=0,
        )
        lead = CodeAgent(
            tools=[],
            model=lead_model,
            name=LEAD,
            managed_agents=[web_agent],
            max_steps=12,
            planning_interval=20,
            verbosity_level=0,
        )
        # smolagents lists the authorised imports in a refused import's error in set order
        executor = lead.python_executor
        executor.authorized_imports = sorted(executor.authorized_imports)
        lead.run(s.task.question)
    recovered = [
        span
        for name, replies in ((LEAD, s.lead), (WEB, s.agent))
        for (span, _), reply in zip(
            [label for label in labels if label[1] == name],
            [r for r in replies if r.fault],
            strict=True,
        )
        if any(reply is r for r in s.recovered)
    ]
    recovered += s.web.recovered_spans
    labels += s.web.labels
    left = len(lead_model.script) + len(web_model.script)
    if left or len(labels) != planted:
        raise RuntimeError(
            f"research {kind} task {task_number}: {left} replies unused, "
            f"{len(labels)} of {planted} labels"
        )
    return Case(
        name=f"smolagents/research/{kind}/{task_number:02d}",
        framework="smolagents",
        fault=kind,
        otlp=otlp_json(exporter.get_finished_spans()),
        checks=checks,
        label_spans=tuple(span for span, _ in labels),
        label_agent=agent,
        notes={
            "question": s.task.question,
            "expected": s.task.answer,
            "recovered_spans": recovered,
        },
        family=FAMILY,
    )


def cases() -> Iterator[Case]:
    """Every fatal error kind on every task."""
    for kind in KINDS:
        for number in range(len(TASKS)):
            yield run_case(number, kind)
