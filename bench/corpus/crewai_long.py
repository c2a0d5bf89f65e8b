"""A CrewAI crew of three agents in long runs (the `crewai_long` family): held-out material,
written after the rules and measured before any rule was changed for it.

A researcher (a web search that rate-limits and a page fetcher whose links may be dead), an
analyst (a calculator that may time out) and a writer answer questions that need two figures
from two pages and one computation. Even-numbered questions run as a sequential crew (research,
analysis and writing tasks, each task's output the next one's context); odd-numbered ones as a
hierarchical crew, whose manager delegates every step with CrewAI's own "Delegate work to
coworker" tool and answers last. The scripted replies are CrewAI ReAct text as real models
write it (a thought before each action), tool errors are real exceptions CrewAI retries and
then shows the model, and the wrong value is restated by the calls after the wrong decision.
Runs have 9 to 20 LLM calls.

Traced by `openinference-instrumentation-crewai` (its event listener makes the LLM-call
spans) and exported as OTLP/JSON. Every fault of the taxonomy, plus `wrong_delegation` (the
manager gives a step to the coworker without the tools for it), is planted at two or three
places (the researcher early, the analyst in the middle, the writer or the manager late); the
label is the LLM-call span that decided, set when the scripts were written. The questions,
pages and wording are this module's own.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from corpus.crewai_system import _instrumentor, _llm, kickoff_settled
from corpus.export import labels_by_call_order, otlp_json, provider
from corpus.faults import FAULTS, Case
from corpus.langgraph_long import (
    Question,
    estimate,
    evaluate,
    mistyped,
    number,
    transposed,
    whole,
)

FAMILY = "crewai_long"
"""The family of every case this module makes."""

CREW_FAULTS = (*FAULTS, "wrong_delegation")
"""The taxonomy, with the fault only a crew with a manager can make."""

MANAGER = "Crew Manager"
"""How CrewAI names the manager agent of a hierarchical crew."""


def answer(q: Question) -> str:
    """The right answer: a op b, rounded to a whole number."""
    return whole(evaluate(f"{number(q.a)} {q.op} {number(q.b)}"))


QUESTIONS = (
    Question(
        "Ljubljana",
        "How many people live per square kilometre in Ljubljana (population divided by "
        "area)? Answer with a whole number only.",
        *("population", "295,504", "area", "163.8 km2", "/", "people per km2"),
        *("metropolitan population", "537,893", "Maribor", "97,019", "40.9 km2"),
        *("259,504", "175 km2"),
    ),
    Question(
        "the Sydney Harbour Bridge",
        "How many metres of the Sydney Harbour Bridge lie outside its arch span? Give a whole "
        "number only.",
        *("total length", "1,149 m", "arch span", "503 m", "-", "m"),
        *("length with approach roads", "2,400 m", "the Bayonne Bridge", "1,762 m", "510 m"),
        *("1,194 m", "520 m"),
    ),
    Question(
        "Singapore",
        "What is Singapore's population density per square kilometre of land? Whole number "
        "only, please.",
        *("population", "6,036,900", "land area", "735 km2", "/", "people per km2"),
        *("resident population", "4,180,900", "Brunei", "455,858", "5,765 km2"),
        *("6,306,900", "728 km2"),
    ),
    Question(
        "Mont Blanc",
        "How many metres do you climb from Chamonix to the summit of Mont Blanc? Reply with "
        "a whole number only.",
        *("summit elevation", "4,806 m", "Chamonix elevation", "1,035 m", "-", "m"),
        *("Aiguille du Midi elevation", "3,842 m", "Monte Rosa", "4,634 m", "1,608 m"),
        *("4,086 m", "1,100 m"),
    ),
    Question(
        "the Hoover Dam",
        "What is the average capacity of one generator of the Hoover Dam in MW (installed "
        "capacity divided by the number of generators)? Whole number only.",
        *("installed capacity", "2,080 MW", "number of generators", "17", "/", "MW"),
        *("original capacity", "1,345 MW", "the Grand Coulee Dam", "6,809 MW", "33"),
        *("2,800 MW", "19"),
    ),
    Question(
        "Liechtenstein",
        "How many inhabitants per km2 does Liechtenstein have? Give a whole number only.",
        *("population", "39,308", "area", "160 km2", "/", "inhabitants per km2"),
        *("number of citizens", "26,311", "Andorra", "85,101", "468 km2"),
        *("39,038", "157 km2"),
    ),
    Question(
        "the Oresund Bridge",
        "How many metres of the Oresund Bridge are not part of its main span? Reply with a "
        "whole number only.",
        *("total length", "7,845 m", "main span", "490 m", "-", "m"),
        *("length of the whole fixed link", "15,900 m", "the Storstrom Bridge", "3,199 m"),
        "138 m",
        *("7,485 m", "500 m"),
    ),
    Question(
        "Taipei 101",
        "How many metres above its indoor observatory does the tip of Taipei 101 reach? Whole "
        "number only.",
        *("height to tip", "508 m", "observatory height", "382 m", "-", "m"),
        *("roof height", "449 m", "the Shanghai World Financial Center", "492 m", "474 m"),
        *("580 m", "390 m"),
    ),
    Question(
        "Mauritius",
        "What is the population density of Mauritius per km2 of land? A whole number only.",
        *("population", "1,261,041", "land area", "2,040 km2", "/", "people per km2"),
        *("registered voters", "941,719", "Reunion", "896,175", "2,512 km2"),
        *("1,216,041", "1,865 km2"),
    ),
    Question(
        "the Boeing 777-300ER",
        "How many kilograms of payload and fuel can a Boeing 777-300ER carry (maximum take-off "
        "weight minus operating empty weight)? Whole number only.",
        *("maximum take-off weight", "351,534 kg", "operating empty weight", "167,829 kg"),
        *("-", "kg", "maximum landing weight", "251,290 kg", "the Airbus A350-1000"),
        *("319,000 kg", "155,000 kg", "315,534 kg", "160,000 kg"),
    ),
    Question(
        "Bahrain",
        "How densely populated is Bahrain, in people per km2 of land? Whole number only.",
        *("population", "1,577,059", "land area", "786.5 km2", "/", "people per km2"),
        *("number of citizens", "712,362", "Qatar", "2,857,822", "11,571 km2"),
        *("1,557,059", "765 km2"),
    ),
    Question(
        "the Millau Viaduct",
        "How many metres of the Millau Viaduct's deck lie outside its longest span? Reply with "
        "a whole number only.",
        *("total length", "2,460 m", "longest span", "342 m", "-", "m"),
        *("structural height", "343 m", "the Garabit Viaduct", "565 m", "165 m"),
        *("2,640 m", "350 m"),
    ),
)
"""Twelve questions, each with its own pages; even ones go to a sequential crew, odd ones to a
hierarchical crew."""


def _slug(entity: str) -> str:
    return entity.removeprefix("the ").lower().replace(" ", "-")


def _shown(entity: str) -> str:
    return entity.removeprefix("the ")


@dataclass(slots=True)
class Web:
    """The services one run's tools answer from, and which of their calls fail."""

    q: Question
    search_failures: int = 0
    """The next this many searches raise 429 (CrewAI retries a raising tool twice)."""
    dead: set[str] = field(default_factory=set)
    """URLs that answer 404."""
    factsheet_lists_b: bool = True
    calculator_failures: int = 0
    """The next this many calculations time out."""

    def stats(self, entity: str) -> str:
        return f"https://data.example.gov/country-profiles/{_slug(entity)}"

    def factsheet(self, entity: str) -> str:
        return f"https://facts.example.info/{_slug(entity)}/key-figures"

    def blog(self) -> str:
        return f"https://travelnotes.example.com/{_slug(self.q.entity)}-in-numbers"

    def search(self, query: str) -> str:
        if self.search_failures:
            self.search_failures -= 1
            raise RuntimeError("429 Too Many Requests: search quota exceeded, retry later")
        q = self.q
        folded = query.casefold()
        entity = q.sibling if _shown(q.sibling).casefold() in folded else q.entity
        results = []
        if entity == q.entity:
            results.append(
                (
                    f"{_shown(entity)} in numbers - a traveller's notes",
                    self.blog(),
                    f"Fun facts about {_shown(entity)} ... (2016)",
                )
            )
        if q.b_name.casefold() in folded:
            results.append(
                (
                    f"{_shown(entity)}: key figures",
                    self.factsheet(entity),
                    f"Key figures for {_shown(entity)}, including the {q.b_name}.",
                )
            )
        a = q.a if entity == q.entity else q.sibling_a
        results.append(
            (
                f"{_shown(entity)} - country and site profile",
                self.stats(entity),
                f"Profile of {_shown(entity)}: {q.a_name} about {estimate(number(a))} "
                "(older estimate), more indicators inside.",
            )
        )
        if entity == q.entity:
            results.append(
                (
                    f"{_shown(q.sibling)} - country and site profile",
                    self.stats(q.sibling),
                    f"Profile of {_shown(q.sibling)}.",
                )
            )
        lines = [f"Search results for '{query}':"]
        for n, (title, url, snippet) in enumerate(results, 1):
            lines.append(f"[{n}] {title}\n    {url}\n    {snippet}")
        return "\n".join(lines)

    def fetch(self, url: str) -> str:
        q = self.q
        if url in self.dead:
            raise RuntimeError(f"404 Not Found: {url}")
        page = url.split("?")[0].rstrip("/")
        for entity, a, b in ((q.entity, q.a, q.b), (q.sibling, q.sibling_a, q.sibling_b)):
            if page == self.stats(entity):
                alt = f"\n{q.alt_name}: {q.alt}" if entity == q.entity else ""
                return (
                    f"PROFILE: {_shown(entity)}\n{q.a_name}: {a}{alt}\nlast updated: 2025-06\n"
                    "Figures are the latest official ones; see methodology notes."
                )
            if page == self.factsheet(entity):
                listed = (
                    b if entity != q.entity or self.factsheet_lists_b else "n/a (being revised)"
                )
                return (
                    f"KEY FIGURES - {_shown(entity)}\n* {q.b_name}: {listed}\n* sources: annual "
                    "report, survey office\n* reviewed: 2025"
                )
        if page == self.blog():
            return (
                f"{_shown(q.entity)} in numbers\n\nWe spent a week there! Here are our favourite "
                "spots and what we paid for coffee. (No official statistics on this page.)"
            )
        raise RuntimeError(f"404 Not Found: {url}")

    def calculate(self, expression: str) -> str:
        if self.calculator_failures:
            self.calculator_failures -= 1
            raise TimeoutError("calculator service did not answer within 20 s")
        return evaluate(expression)


def _action(thought: str, tool: str, args: dict[str, str]) -> str:
    return f"Thought: {thought}\nAction: {tool}\nAction Input: {json.dumps(args)}"


def _final(thought: str, answer: str) -> str:
    return f"Thought: {thought}\nFinal Answer: {answer}"


OP_WORDS = {"/": "divided by", "-": "minus"}
INVERSE = {"/": "*", "-": "+"}


@dataclass(slots=True)
class Run:
    """Each agent's script for one question, written in the order the run makes the calls."""

    q: Question
    web: Web
    hierarchical: bool
    scripts: dict[str, list[tuple[str, bool]]] = field(
        default_factory=lambda: {name: [] for name in (MANAGER, "Researcher", "Analyst", "Writer")}
    )

    def say(self, agent: str, text: str, fault: bool = False) -> None:
        self.scripts[agent].append((text, fault))

    def delegate(
        self, thought: str, coworker: str, task: str, context: str, fault: bool = False
    ) -> None:
        args = {"task": task, "context": context, "coworker": coworker}
        self.say(MANAGER, _action(thought, "Delegate work to coworker", args), fault)


@dataclass(slots=True)
class Plan:
    """Where the fault is planted, and how it changes what each agent does."""

    a: str
    """The first figure as the researcher reports it."""
    b: str
    """The second figure as the researcher reports it."""
    research: dict[str, Any] = field(default_factory=dict)
    research_b: dict[str, Any] = field(default_factory=dict)
    analysis: dict[str, Any] = field(default_factory=dict)
    writing: dict[str, Any] = field(default_factory=dict)
    manager: dict[str, Any] = field(default_factory=dict)


def _research_a(run: Run, name: str, *, fault_at: str = "", retry: bool = False) -> str:
    """The researcher finds the first figure; returns what it reports."""
    q, web, r = run.q, run.web, "Researcher"
    query = f"{_shown(q.sibling) if fault_at == 'search' else _shown(q.entity)} {name}"
    run.say(
        r,
        _action(
            f"I need the {name} of {q.entity} from an official source. I'll start with a web "
            "search.",
            "web_search",
            {"query": query},
        ),
        fault_at == "search",
    )
    if retry:
        query = f"{query} official statistics"
        run.say(
            r,
            _action(
                "The search service is rate-limiting me (429). I'll retry with a slightly more "
                "specific query.",
                "web_search",
                {"query": query},
            ),
        )
    if fault_at == "premature":
        rough = estimate(number(q.a))
        run.say(
            r,
            _final(
                "The snippet of the profile already gives the figure, no need to open it.",
                f"The {name} of {q.entity} is about {rough} (profile at {web.stats(q.entity)}).",
            ),
            True,
        )
        return rough
    for n in range(2 if fault_at == "loop" else 0):
        run.say(
            r,
            _action(
                "Before opening anything, let me search again with other words to be sure I "
                "have the best source."
                if n == 0
                else "One more search, phrased differently, in case a better source shows up.",
                "web_search",
                {"query": f"{name} of {_shown(q.entity)}" if n == 0 else f"{query} latest"},
            ),
            n == 0,
        )
    if fault_at != "search":
        run.say(
            r,
            _action(
                "The first result is a blog post with numbers in its title; it might have a "
                "quick summary. I'll open it first.",
                "fetch_page",
                {"url": web.blog()},
            ),
        )
        dead = web.blog() in web.dead
        note = (
            "The blog link is dead (404). I'll go to the official profile instead."
            if dead
            else "The blog has no statistics. The official profile should have it."
        )
    else:
        note = "The profile in the results should have the figure."
    page = web.stats(q.sibling if fault_at in ("search", "fetch") else q.entity)
    run.say(r, _action(note, "fetch_page", {"url": page}), fault_at == "fetch")
    value = q.sibling_a if fault_at in ("search", "fetch") else q.a
    if name == q.alt_name:  # sent for the other figure, it reports that one
        value = q.alt
    if fault_at == "misread":
        value = q.misread_a
    if fault_at == "deviate":
        run.say(
            r,
            _final(
                f"The profile gives the {q.a_name} ({q.a}) and the {q.alt_name} ({q.alt}). The "
                f"{q.alt_name} says more about {q.entity}, so I'll report that one.",
                f"The {q.alt_name} of {q.entity} is {q.alt} (official profile, {page}, updated "
                "2025-06).",
            ),
            True,
        )
        return q.alt
    run.say(
        r,
        _final(
            "I now know the final answer",
            f"The {name} of {q.entity} is {value}, according to the official profile at "
            f"{page} (last updated 2025-06).",
        ),
        fault_at == "misread",
    )
    return value


def _research_b(
    run: Run,
    *,
    fault_at: str = "",
    refused: bool = False,
    loop: bool = False,
) -> str:
    """The researcher finds the second figure on the factsheet; returns what it reports."""
    q, web, r = run.q, run.web, "Researcher"
    run.say(
        r,
        _action(
            f"Now the {q.b_name} of {q.entity}. Searching for a key-figures page.",
            "web_search",
            {"query": f"{_shown(q.entity)} {q.b_name}"},
        ),
    )
    url = web.factsheet(q.entity)
    run.say(
        r, _action(f"The key-figures page should list the {q.b_name}.", "fetch_page", {"url": url})
    )
    if loop:
        for n, variant in enumerate((f"{url}?print=1", f"{url}/")):
            run.say(
                r,
                _action(
                    f"I have the {q.b_name}, but let me reload the printable version to make "
                    "sure the figure is current."
                    if n == 0
                    else "Loading it once more to be certain nothing changed.",
                    "fetch_page",
                    {"url": variant},
                ),
                n == 0,
            )
    if refused or fault_at == "hallucinate":
        run.say(
            r,
            _final(
                "I now know the final answer",
                f"The {q.b_name} of {q.entity} is {q.guessed_b} (key figures page, {url}).",
            ),
            True,
        )
        return q.guessed_b
    if not web.factsheet_lists_b:
        run.say(
            r,
            _final(
                "The page says the figure is being revised, and no other result lists it.",
                f"I could not find the {q.b_name} of {q.entity}: the key figures page ({url}) "
                "says it is being revised.",
            ),
        )
        return ""
    run.say(
        r,
        _final(
            "I now know the final answer",
            f"The {q.b_name} of {q.entity} is {q.b} (key figures page, {url}, reviewed 2025).",
        ),
    )
    return q.b


def _analyse(run: Run, a: str, b: str, *, fault_at: str = "") -> str:
    """The analyst computes a op b, checks it and reports; returns what it reports."""
    q, n = run.q, "Analyst"
    expression = f"{number(a)} {q.op} {number(b) if b else '?'}"
    if fault_at == "premature":
        rough = estimate(whole(evaluate(expression)))
        run.say(
            n,
            _final(
                f"{number(a)} {q.op} {number(b)} is easy to estimate; no need for the calculator.",
                f"{q.a_name.capitalize()} {OP_WORDS[q.op]} {q.b_name} is about {rough}. "
                f"Result: {rough}",
            ),
            True,
        )
        return rough
    if fault_at == "hallucinate":  # the second figure is missing; the analyst supplies one
        expression = f"{number(a)} {q.op} {number(q.guessed_b)}"
    if fault_at == "arguments":
        expression = f"{number(a)} {q.op} {mistyped(b)}"
    if fault_at == "deviate":
        expression = f"{number(q.alt)} {q.op} {number(b)}"
    thought = f"I'll compute {q.a_name} {OP_WORDS[q.op]} {q.b_name} with the calculator."
    if fault_at == "hallucinate":
        thought = (
            f"The research has no {q.b_name}; from what I know it is about {q.guessed_b}. I'll "
            "compute with that."
        )
    if fault_at == "deviate":
        thought = (
            f"The {q.alt_name} ({q.alt}) is the more relevant base here than the {q.a_name}, "
            "so I'll compute with it."
        )
    run.say(
        n,
        _action(thought, "calculator", {"expression": expression}),
        fault_at in ("hallucinate", "arguments", "deviate"),
    )
    if fault_at == "timeout":
        rough = estimate(whole(evaluate(expression)))
        run.say(
            n,
            _final(
                "I now know the final answer",
                f"{expression} = {rough}. Rounded to a whole number: {rough}",
            ),
            True,
        )
        return rough
    result = evaluate(expression)
    if fault_at == "loop":
        for k, again in enumerate((expression.replace(" ", ""), f"({expression})")):
            run.say(
                n,
                _action(
                    "Let me run the calculation again to be sure the calculator is stable."
                    if k == 0
                    else "Once more, with brackets, to be completely certain.",
                    "calculator",
                    {"expression": again},
                ),
                k == 0,
            )
    divisor = expression.split()[-1]
    check = f"{result} {INVERSE[q.op]} {divisor}"
    run.say(
        n,
        _action(
            f"The calculator gives {result}. I'll check it by reversing the operation.",
            "calculator",
            {"expression": check},
        ),
    )
    answer = whole(result)
    if fault_at == "misread":
        answer = transposed(answer)
    if fault_at == "unrounded":
        answer = f"{float(result):.2f}" if q.op == "/" else f"{answer} {q.unit}"
    run.say(
        n,
        _final(
            f"The check gives back {evaluate(check)}, so the result is right.",
            f"{q.a_name.capitalize()} {OP_WORDS[q.op]} {q.b_name}: {expression} = {result}. "
            f"Rounded: {answer}",
        ),
        fault_at in ("misread", "unrounded"),
    )
    return answer


def _write(run: Run, answer: str, *, fault_at: str = "") -> str:
    """The writer turns the analysis into the answer the question asks for."""
    q, w = run.q, "Writer"
    text, thought = answer, "The question asks for a whole number only, so that is all I write."
    if fault_at == "sentence":
        text = f"The answer is {answer} {q.unit}."
        thought = "A full sentence with the unit reads better for the user."
    if fault_at == "bold":
        text = f"**{answer}** {q.unit}"
        thought = "I'll highlight the number and add its unit so it stands out."
    if fault_at == "misread":
        text = transposed(answer)
        thought = "The analyst's result is the answer; I copy it."
    if fault_at == "hallucinate":
        text = estimate(answer) if estimate(answer) != answer else str(int(answer) + 40)
        thought = (
            f"From what I remember, published sources give about {text} for this; I'll use the "
            "commonly quoted figure."
        )
    if fault_at == "deviate":
        text = f"{q.a}"
        thought = f"Readers will want the headline figure: the {q.a_name} of {q.entity}."
    run.say(w, _final(thought, text), bool(fault_at))
    return text


def _plan(q: Question, fault: str, variant: int, hierarchical: bool) -> tuple[Plan, Web]:
    """Where this case's fault sits (the placement cycles with the question number)."""
    web = Web(q)
    if fault != "looping":  # a loop is checked by a count of calls, which errors would change
        # 1: CrewAI's own retry gets over it; 3: the model sees the error and searches again
        recovery = variant // 2 % 4
        web.search_failures = (0, 1, 3, 1)[recovery]
        if recovery == 3:
            web.dead.add(web.blog())
    plan = Plan(q.a, q.b)
    place = variant % 3
    if fault == "misread_tool_output":
        if place == 0:
            plan.research = {"fault_at": "misread"}
        elif place == 1:
            plan.analysis = {"fault_at": "misread"}
        elif hierarchical:
            plan.manager = {"misread": True}
        else:
            plan.writing = {"fault_at": "misread"}
    elif fault == "hallucinated_fact":
        web.factsheet_lists_b = False
        if place == 0:
            plan.research_b = {"fault_at": "hallucinate"}
        elif place == 1:
            plan.analysis = {"fault_at": "hallucinate"}
            if hierarchical:
                plan.manager = {"hallucinate": True}
                plan.analysis = {}
        else:
            web.factsheet_lists_b = True
            plan.writing = {"fault_at": "hallucinate"}
    elif fault == "ignored_tool_error":
        if variant % 2 == 0:
            web.dead.add(web.factsheet(q.entity))
            plan.research_b = {"refused": True}
        else:
            web.calculator_failures = 3
            plan.analysis = {"fault_at": "timeout"}
    elif fault == "wrong_tool_arguments":
        plan.research = {"fault_at": ("search", "fetch", "")[place]}
        if place == 2:
            plan.analysis = {"fault_at": "arguments"}
            plan.research = {}
    elif fault == "goal_deviation":
        if place == 0:
            plan.research = {"fault_at": "deviate"}
        elif place == 1:
            if hierarchical:
                plan.manager = {"deviate": True}
            else:
                plan.analysis = {"fault_at": "deviate"}
        else:
            plan.writing = {"fault_at": "deviate"}
    elif fault == "wrong_format":
        if place == 0:
            plan.analysis = {"fault_at": "unrounded"}
        elif place == 1 or not hierarchical:
            plan.writing = {"fault_at": ("sentence", "bold")[place // 2]}
        else:
            plan.manager = {"sentence": True}
    elif fault == "premature_final_answer":
        if place == 0:
            plan.research = {"fault_at": "premature"}
        elif place == 1 or not hierarchical:
            plan.analysis = {"fault_at": "premature"}
        else:
            plan.manager = {"premature": True}
    elif fault == "looping":
        if place == 0:
            plan.research = {"fault_at": "loop"}
        elif place == 1:
            plan.research_b = {"loop": True}
        else:
            plan.analysis = {"fault_at": "loop"}
    elif fault == "wrong_delegation":
        plan.manager = {"delegation": ("research", "compute", "lookup")[place]}
    else:
        raise ValueError(f"unknown fault {fault!r}")
    return plan, web


def _checks(q: Question, fault: str, variant: int) -> list[dict[str, Any]]:
    """The checks a user writes for the question, plus what the fault class breaks."""
    checks: list[dict[str, Any]] = [{"type": "contains", "value": answer(q)}]
    if fault == "wrong_format":
        checks.append({"type": "exact_match", "value": answer(q)})
    if fault == "looping":
        tool, most = (("web_search", 2), ("fetch_page", 3), ("calculator", 2))[variant % 3]
        checks.append({"type": "tool_called", "tool": tool, "max": most})
    checks.append({"type": "tool_called", "tool": "calculator", "min": 1})
    checks.append({"type": "not_contains", "value": "about"})
    return checks


def _sequential(run: Run, plan: Plan) -> str:
    """One task per step (two research tasks, the analysis, the writing): the final output."""
    a = _research_a(run, run.q.a_name, retry=run.web.search_failures > 1, **plan.research)
    b = _research_b(run, **plan.research_b)
    result = _analyse(run, a, b, **plan.analysis)
    return _write(run, result, **plan.writing)


def _hierarchical(run: Run, plan: Plan) -> str:
    """The manager delegates each step and answers last: the final output."""
    q, m = run.q, plan.manager
    how = f"{q.a_name} {OP_WORDS[q.op]} {q.b_name}"
    delegation = m.get("delegation", "")
    asked = q.alt_name if m.get("deviate") else q.a_name
    plan_text = (
        f"To answer, I need the {q.a_name} and the {q.b_name} of {q.entity}, then {how}. "
        f"First I'll have someone find the {asked}."
    )
    if delegation == "research":  # the analyst has no web tools and answers from memory
        run.delegate(
            plan_text + " The Analyst knows statistics well, so I'll ask the Analyst.",
            "Analyst",
            f"Find the {asked} of {q.entity}.",
            f"The user asks: {q.text}",
            fault=True,
        )
        run.say(
            "Analyst",
            _final(
                "I have no search tool, but I know this figure well.",
                f"The {q.a_name} of {q.entity} is {q.misread_a}.",
            ),
        )
        a = q.misread_a
    else:
        run.delegate(
            plan_text,
            "Researcher",
            f"Find the {asked} of {q.entity} from an official source, with its URL.",
            f"The user asks: {q.text}",
            fault=bool(m.get("deviate")),
        )
        retry = run.web.search_failures > 1
        a = _research_a(run, asked, retry=retry, **plan.research)
    if delegation != "research":  # a manager checks what it was told before going on
        run.say(
            MANAGER,
            _action(
                f"Before going on, I want to be sure {a} is the latest official figure.",
                "Ask question to coworker",
                {
                    "question": f"Is {a} the latest official {asked} of {q.entity}?",
                    "context": "We need the most recent official figure.",
                    "coworker": "Researcher",
                },
            ),
        )
        run.say(
            "Researcher",
            _final(
                "The profile I read says when it was last updated.",
                f"Yes: {a} is the latest official figure (profile last updated 2025-06).",
            ),
        )
    shown_a = q.misread_a if m.get("misread") else a
    second = (
        f"The {asked} is {shown_a}. Next, the {q.b_name} of {q.entity}."
        if delegation != "lookup"
        else f"The {asked} is {shown_a}. The {q.b_name} is a simple fact; the Writer can supply it."
    )
    if delegation == "lookup":
        run.delegate(
            second,
            "Writer",
            f"Give the {q.b_name} of {q.entity}.",
            f"We are answering: {q.text}",
            fault=True,
        )
        run.say(
            "Writer",
            _final(
                "I don't have a source at hand, but this is well known.",
                f"The {q.b_name} of {q.entity} is {q.guessed_b}.",
            ),
        )
        b = q.guessed_b
    else:
        run.delegate(
            second,
            "Researcher",
            f"Find the {q.b_name} of {q.entity}, with its URL.",
            f"The user asks: {q.text} We already have the {asked}: {shown_a}.",
            fault=bool(m.get("misread")),
        )
        b = _research_b(run, **plan.research_b)
    if m.get("premature"):
        rough = estimate(whole(evaluate(f"{number(shown_a)} {q.op} {number(b)}")))
        run.say(
            MANAGER,
            _final(
                f"With {shown_a} and {b} I can estimate {how} myself; no need for the Analyst.",
                rough,
            ),
            True,
        )
        return rough
    if not b and m.get("hallucinate"):
        b = q.guessed_b
        third = (
            f"The Researcher could not find the {q.b_name}. It is about {b} as far as I know, "
            f"which is close enough. The Analyst should compute {how} with {shown_a} and {b}."
        )
    else:
        third = f"Both figures are in: {shown_a} and {b}. The Analyst should compute {how}."
    coworker = "Writer" if delegation == "compute" else "Analyst"
    if delegation == "compute":
        third += " The Writer is good with numbers, so I'll give it to the Writer."
    run.delegate(
        third,
        coworker,
        f"Compute {how} for {q.entity}, check it, and round to a whole number.",
        f"The {asked} is {shown_a} and the {q.b_name} is {b}.",
        fault=bool(m.get("hallucinate")) or delegation == "compute",
    )
    if delegation == "compute":
        result = estimate(whole(evaluate(f"{number(shown_a)} {q.op} {number(b)}")))
        run.say(
            "Writer",
            _final(
                "Doing this in my head is quick enough.",
                f"{how.capitalize()}: {number(shown_a)} {q.op} {number(b)} is {result}.",
            ),
        )
    else:
        result = _analyse(run, shown_a, b, **plan.analysis)
    run.delegate(
        f"The result is {result}. The Writer should now write the answer in the form the user "
        "asked for.",
        "Writer",
        f"Write the final answer to: {q.text}",
        f"The computed result is {result}.",
    )
    text = _write(run, result, **plan.writing)
    final, thought = text, "The Writer's answer is in the form asked for; I'll pass it on."
    if m.get("sentence"):
        final = f"The answer to your question is {text} {q.unit}."
        thought = "I'll answer the user in a complete sentence with the unit."
    run.say(MANAGER, _final(thought, final), bool(m.get("sentence")))
    return final


def _tools(web: Web) -> tuple[list[Any], list[Any]]:
    """(researcher tools, analyst tools) as CrewAI tools over one run's web."""
    from crewai.tools import tool

    @tool("web_search")
    def web_search(query: str) -> str:
        """Search the web; returns titles, URLs and snippets of the top results."""
        return web.search(query)

    @tool("fetch_page")
    def fetch_page(url: str) -> str:
        """Fetch a web page and return its text."""
        return web.fetch(url)

    @tool("calculator")
    def calculator(expression: str) -> str:
        """Evaluate an arithmetic expression (+, -, *, /) and return the exact result."""
        return web.calculate(expression)

    return [web_search, fetch_page], [calculator]


def script(q: Question, fault: str, variant: int) -> tuple[Run, str]:
    """Every agent's replies for one case, and the final output they lead to."""
    hierarchical = variant % 2 == 1 or fault == "wrong_delegation"
    plan, web = _plan(q, fault, variant, hierarchical)
    run = Run(q, web, hierarchical)
    final = (_hierarchical if hierarchical else _sequential)(run, plan)
    right = answer(q)
    if fault == "wrong_format":
        ok = right in final and final != right
    elif fault == "looping":
        ok = final == right
    else:
        ok = right not in final
    if not ok:
        raise RuntimeError(f"{fault} on {q.entity}: final answer {final!r} vs {right!r}")
    return run, final


def run_case(n: int, fault: str) -> Case:
    """Run the crew once on one question with one planted fault."""
    from crewai import Agent, Crew, Process
    from crewai import Task as CrewTask

    q = QUESTIONS[n]
    run, _ = script(q, fault, n)
    web = run.web  # the run's own services, failing as planned
    seed = 5001 + CREW_FAULTS.index(fault) * 100 + n
    tracer_provider, exporter = provider(seed, "crewai-research-crew")
    calls: list[tuple[str, bool]] = []
    research_tools, analysis_tools = _tools(web)
    with _instrumentor(tracer_provider), contextlib.redirect_stdout(io.StringIO()):
        researcher, analyst, writer = agents = [
            Agent(
                role=role,
                goal=goal,
                backstory=backstory,
                tools=tools,
                llm=_llm(role, run.scripts[role], calls),
                allow_delegation=False,
                max_iter=15,
                verbose=False,
            )
            for role, goal, backstory, tools in (
                (
                    "Researcher",
                    "Find the figures you are asked for in official sources, with their URLs",
                    "A meticulous web researcher who reports figures exactly as published.",
                    research_tools,
                ),
                (
                    "Analyst",
                    "Compute what you are asked with the calculator and check the result",
                    "A careful analyst who never computes in their head.",
                    analysis_tools,
                ),
                (
                    "Writer",
                    "Write the final answer exactly in the form the user asks for",
                    "An editor who answers precisely and briefly.",
                    [],
                ),
            )
        ]
        if run.hierarchical:
            tasks = [CrewTask(description=q.text, expected_output="The answer, as asked.")]
            crew = Crew(
                agents=agents,
                tasks=tasks,
                process=Process.hierarchical,
                manager_llm=_llm(MANAGER, run.scripts[MANAGER], calls),
                verbose=False,
            )
        else:
            find_a = CrewTask(
                description=f"Find the {q.a_name} of {q.entity} from an official source.",
                expected_output=f"The {q.a_name} with the URL of its source.",
                agent=researcher,
            )
            find_b = CrewTask(
                description=f"Find the {q.b_name} of {q.entity} from an official source.",
                expected_output=f"The {q.b_name} with the URL of its source.",
                agent=researcher,
            )
            compute = CrewTask(
                description=f"Compute {q.a_name} {OP_WORDS[q.op]} {q.b_name} for {q.entity} "
                "with the calculator, check it, and round to a whole number.",
                expected_output="The computation, its check and the rounded result.",
                agent=analyst,
                context=[find_a, find_b],
            )
            write = CrewTask(
                description=f"Answer the user's question: {q.text}",
                expected_output="The answer, exactly in the form the question asks for.",
                agent=writer,
                context=[find_a, find_b, compute],
            )
            crew = Crew(
                agents=agents,
                tasks=[find_a, find_b, compute, write],
                process=Process.sequential,
                verbose=False,
            )
        kickoff_settled(crew)
    left = {name: len(replies) for name, replies in run.scripts.items() if replies}
    if left:
        raise RuntimeError(f"{fault} on {q.entity}: scripted replies unused: {left}")
    spans = exporter.get_finished_spans()
    labels = labels_by_call_order(spans, calls)
    if not labels:
        raise RuntimeError(f"{fault} on {q.entity}: the faulty reply was not used")
    return Case(
        name=f"crewai/long/{fault}/{n:02d}",
        framework="crewai",
        fault=fault,
        otlp=otlp_json(spans),
        checks=_checks(q, fault, n),
        label_spans=tuple(span for span, _ in labels),
        label_agent=labels[0][1],
        notes={
            "question": q.text,
            "expected": answer(q),
            "llm_calls": len(calls),
            "process": "hierarchical" if run.hierarchical else "sequential",
        },
        family=FAMILY,
    )


def cases() -> Iterator[Case]:
    """Every fault on every question."""
    for fault in CREW_FAULTS:
        for n in range(len(QUESTIONS)):
            yield run_case(n, fault)
