"""A LangGraph supervisor with a researcher and an analyst, in long runs (the `langgraph_long`
family): material written after the rules, to measure them on runs nobody fitted them to.

A `langgraph-supervisor` graph: the supervisor's model routes the work; a ReAct researcher
searches the web and opens pages (a search service that rate-limits, a travel guide that ranks
first and gives no figures, a statistics page and a factsheet); a ReAct analyst computes with a
calculator and checks its result. Each question needs two figures from two pages and one
computation (a density, a per-unit share or a difference), so the supervisor sends the
researcher out twice, then hands both figures to the analyst, then answers. The scripted
replies read like a real model's: a thought before each tool call, retries after a rate limit,
values restated from turn to turn (so a wrong value is repeated downstream). Runs have 10 to 19
LLM calls; the planted wrong decision is at the supervisor, the researcher or the analyst,
early, in the middle or late, and its LLM-call span is the label, as in the other families.

The questions, pages and wording are this module's own (not the tasks of `faults.py`), and
the labels were set when the scripts were written, before blame was run on them.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from corpus.export import labels_by_call_order, otlp_json, provider
from corpus.faults import FAULTS, Case
from corpus.langgraph_system import _instrumentor, _model

FAMILY = "langgraph_long"
"""The family of every case this module makes."""


@dataclass(frozen=True, slots=True)
class Question:
    """A question answered from two figures and one computation, with its distractors."""

    entity: str
    """What the question is about."""
    text: str
    """The user's question."""
    a_name: str
    """The first figure (on the statistics page)."""
    a: str
    """Its value as the page writes it."""
    b_name: str
    """The second figure (on the factsheet)."""
    b: str
    """Its value."""
    op: str
    """`/` or `-`: the answer is a op b, rounded to a whole number."""
    unit: str
    """The answer's unit, as a sentence would give it."""
    alt_name: str
    """Another figure on the statistics page, of the same kind as the first."""
    alt: str
    """Its value."""
    sibling: str
    """A similar entity whose pages the search also lists."""
    sibling_a: str
    """The sibling's first figure."""
    sibling_b: str
    """The sibling's second figure."""
    misread_a: str
    """What a model that misreads the first figure writes."""
    guessed_b: str
    """What a model that makes the second figure up writes."""


QUESTIONS = (
    Question(
        "Reykjavik",
        "What is the population density of Reykjavik in people per square kilometre (the "
        "city's population divided by its area)? Reply with a whole number only.",
        "population",
        "139,875",
        "area",
        "273 km2",
        "/",
        "people per km2",
        "metropolitan population",
        "233,034",
        "Akureyri",
        "19,642",
        "125 km2",
        "193,875",
        "244 km2",
    ),
    Question(
        "the Akashi Kaikyo Bridge",
        "How many metres of the Akashi Kaikyo Bridge's total length lie outside its central "
        "span? Reply with a whole number only.",
        "total length",
        "3,911 m",
        "central span",
        "1,991 m",
        "-",
        "m",
        "cable length",
        "4,074 m",
        "the Great Belt Bridge",
        "6,790 m",
        "1,624 m",
        "3,191 m",
        "1,780 m",
    ),
    Question(
        "Malta",
        "How many people live per square kilometre of land in Malta? Use the population and "
        "the land area, and give a whole number only.",
        "population",
        "542,051",
        "land area",
        "316 km2",
        "/",
        "people per km2",
        "number of households",
        "205,400",
        "Gozo",
        "31,525",
        "67 km2",
        "524,051",
        "246 km2",
    ),
    Question(
        "Mount Kilimanjaro",
        "How many metres of ascent separate Moshi, the usual starting town, from the summit "
        "of Mount Kilimanjaro? Reply with a whole number only.",
        "summit elevation",
        "5,895 m",
        "Moshi elevation",
        "890 m",
        "-",
        "m",
        "Mawenzi peak elevation",
        "5,149 m",
        "Mount Kenya",
        "5,199 m",
        "1,947 m",
        "5,985 m",
        "813 m",
    ),
    Question(
        "the Three Gorges Dam",
        "What is the average capacity of one main turbine of the Three Gorges Dam, in MW? "
        "Divide the installed capacity by the number of main turbines; whole number only.",
        "installed capacity",
        "22,500 MW",
        "number of main turbines",
        "32",
        "/",
        "MW",
        "planned capacity",
        "18,200 MW",
        "the Itaipu Dam",
        "14,000 MW",
        "20",
        "25,200 MW",
        "26",
    ),
    Question(
        "Monaco",
        "What is Monaco's population density, in inhabitants per km2? Reply with a whole "
        "number only.",
        "population",
        "38,367",
        "area",
        "2.08 km2",
        "/",
        "inhabitants per km2",
        "number of citizens",
        "9,686",
        "San Marino",
        "33,660",
        "61.2 km2",
        "36,387",
        "1.95 km2",
    ),
    Question(
        "the Channel Tunnel",
        "How many metres of the Channel Tunnel are not under the sea? Use its total length "
        "and its undersea length; whole number only.",
        "total length",
        "50,450 m",
        "undersea length",
        "37,900 m",
        "-",
        "m",
        "service tunnel length",
        "48,500 m",
        "the Seikan Tunnel",
        "53,850 m",
        "23,300 m",
        "50,540 m",
        "38,600 m",
    ),
    Question(
        "Hong Kong",
        "What is the population density of Hong Kong per km2 of land? Reply with a whole "
        "number only.",
        "population",
        "7,498,100",
        "land area",
        "1,114 km2",
        "/",
        "people per km2",
        "registered electors",
        "4,472,863",
        "Macau",
        "704,000",
        "33.3 km2",
        "7,948,100",
        "1,106 km2",
    ),
    Question(
        "the Burj Khalifa",
        "How many metres above its highest occupied floor does the tip of the Burj Khalifa "
        "reach? Reply with a whole number only.",
        "height to tip",
        "828 m",
        "highest occupied floor",
        "585 m",
        "-",
        "m",
        "roof height",
        "739 m",
        "Merdeka 118",
        "679 m",
        "500 m",
        "882 m",
        "570 m",
    ),
    Question(
        "Bermuda",
        "How densely populated is Bermuda, in people per km2 of land? A whole number only, please.",
        "population",
        "64,055",
        "land area",
        "53.2 km2",
        "/",
        "people per km2",
        "registered voters",
        "46,000",
        "the Cayman Islands",
        "69,310",
        "264 km2",
        "60,455",
        "57 km2",
    ),
    Question(
        "the Airbus A380",
        "How many kilograms separate the Airbus A380's maximum take-off weight from its "
        "operating empty weight? Reply with a whole number only.",
        "maximum take-off weight",
        "575,000 kg",
        "operating empty weight",
        "277,000 kg",
        "-",
        "kg",
        "maximum landing weight",
        "394,000 kg",
        "the Boeing 747-8",
        "447,700 kg",
        "220,128 kg",
        "557,000 kg",
        "285,000 kg",
    ),
    Question(
        "the Golden Gate Bridge",
        "How many metres of the Golden Gate Bridge's total length lie outside its main span? "
        "Reply with a whole number only.",
        "total length",
        "2,737 m",
        "main span",
        "1,280 m",
        "-",
        "m",
        "suspended structure length",
        "1,966 m",
        "the Verrazzano-Narrows Bridge",
        "4,176 m",
        "1,298 m",
        "2,377 m",
        "1,300 m",
    ),
)
"""The questions: twelve, each with its own pages."""


def number(figure: str) -> str:
    """A figure as a calculator takes it: `139,875` -> `139875`, `2.08 km2` -> `2.08`."""
    return figure.split()[0].replace(",", "")


OPERATORS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
}


def evaluate(expression: str) -> str:
    """What the calculator prints for an arithmetic expression (Python's own numbers)."""

    def walk(node: ast.expr) -> Any:
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](walk(node.left), walk(node.right))
        raise ValueError(f"unsupported expression: {expression}")

    return repr(walk(ast.parse(expression, mode="eval").body))


def whole(result: str) -> str:
    """A calculator result rounded to a whole number, as the answer gives it."""
    return str(round(float(result)))


def estimate(answer: str) -> str:
    """A rough figure (two significant digits), as a model that does not compute writes it."""
    digits = len(answer) - 2
    return str(round(int(answer), -digits)) if digits > 0 else answer[0] + "0"


def transposed(answer: str) -> str:
    """The answer with its last two digits swapped (or its last digit changed)."""
    if len(answer) > 1 and answer[-1] != answer[-2]:
        return answer[:-2] + answer[-1] + answer[-2]
    return answer[:-1] + str((int(answer[-1]) + 3) % 10)


def mistyped(figure: str) -> str:
    """A calculator argument with two neighbouring digits swapped."""
    digits = number(figure)
    for i in range(len(digits) - 2, -1, -1):
        if digits[i] != digits[i + 1] and "." not in digits[i : i + 2]:
            return digits[:i] + digits[i + 1] + digits[i] + digits[i + 2 :]
    raise ValueError(f"no digits to swap in {figure}")


def _slug(entity: str) -> str:
    return entity.removeprefix("the ").lower().replace(" ", "-")


@dataclass(slots=True)
class Web:
    """The pages and services one run's tools answer from, and which of their calls fail."""

    question: Question
    """Whose figures the pages give."""
    search_failures: int = 0
    """The first this many searches are rate-limited (429)."""
    refused: dict[str, int] = field(default_factory=dict)
    """URL -> how many fetches of it are refused (403)."""
    factsheet_lists_b: bool = True
    """Whether the factsheet gives the second figure."""
    calculator_failures: int = 0
    """The first this many calculations time out."""

    def stats(self, entity: str) -> str:
        return f"https://stats.example.org/profiles/{_slug(entity)}"

    def factsheet(self, entity: str) -> str:
        return f"https://factsheets.example.net/{_slug(entity)}.html"

    def guide(self) -> str:
        return f"https://wanderlust.example.com/blog/{_slug(self.question.entity)}-guide"

    def search(self, query: str) -> str:
        if self.search_failures:
            self.search_failures -= 1
            raise RuntimeError("429 Too Many Requests: rate limit reached for the search API")
        q = self.question
        folded = query.casefold()
        entity = q.sibling if q.sibling.casefold() in folded else q.entity
        shown = entity.removeprefix("the ")
        results = []
        if entity == q.entity:
            results.append(
                (
                    f"{shown} travel guide: what to know before you go",
                    self.guide(),
                    f"Everything about visiting {shown}: getting there, tips, photos.",
                )
            )
        if q.b_name.casefold() in folded:
            results.append(
                (
                    f"{shown} factsheet",
                    self.factsheet(entity),
                    f"Key facts about {shown}: {q.b_name}, history, sources.",
                )
            )
        results.append(
            (
                f"{shown} - statistical profile",
                self.stats(entity),
                f"Official profile of {shown}: {q.a_name}, {q.alt_name} and more.",
            )
        )
        if entity == q.entity:
            results.append(
                (
                    f"{q.sibling.removeprefix('the ')} - statistical profile",
                    self.stats(q.sibling),
                    f"Official profile of {q.sibling.removeprefix('the ')}.",
                )
            )
        lines = [f"Results for: {query}"]
        for n, (title, url, snippet) in enumerate(results, 1):
            lines.append(f"{n}. {title}\n   {url}\n   {snippet}")
        return "\n".join(lines)

    def fetch(self, url: str) -> str:
        if self.refused.get(url, 0):
            self.refused[url] -= 1
            raise RuntimeError(f"403 Forbidden: {url} refused the request")
        q = self.question
        for entity, a, b in ((q.entity, q.a, q.b), (q.sibling, q.sibling_a, q.sibling_b)):
            shown = entity.removeprefix("the ")
            if url == self.stats(entity):
                alt = f"\n| {q.alt_name} | {q.alt} |" if entity == q.entity else ""
                return (
                    f"{shown} - statistical profile\n\n| indicator | value |\n|---|---|\n"
                    f"| {q.a_name} | {a} |{alt}\n\nSource: national statistics office, "
                    "edition 2025. Figures are rounded."
                )
            if url == self.factsheet(entity):
                listed = b if entity != q.entity or self.factsheet_lists_b else "(under revision)"
                return (
                    f"{shown} factsheet\n\nOverview: {shown} is described in the sources below."
                    f"\n- {q.b_name}: {listed}\n- last reviewed: March 2025\n\nSources: survey "
                    "office, annual report."
                )
        if url == self.guide():
            return (
                f"{q.entity.removeprefix('the ')} travel guide\n\nBest time to visit, where to "
                "stay and what to eat. Prices change every season, so check before you go. "
                "No figures or statistics on this page.\n\nComments (12)"
            )
        raise RuntimeError(f"404 Not Found: {url}")

    def calculate(self, expression: str) -> str:
        if self.calculator_failures:
            self.calculator_failures -= 1
            raise TimeoutError("calculator service timed out after 30 s")
        return evaluate(expression)


def _tools(web: Web) -> tuple[list[Any], list[Any]]:
    """(researcher tools, analyst tools) as LangChain tools over one run's web."""
    from langchain_core.tools import tool

    @tool
    def web_search(query: str) -> str:
        """Search the web; returns titles, URLs and snippets of the top results."""
        return web.search(query)

    @tool
    def fetch_page(url: str) -> str:
        """Fetch a web page and return its text."""
        return web.fetch(url)

    @tool
    def calculator(expression: str) -> str:
        """Evaluate an arithmetic expression (+, -, *, /) and return the exact result."""
        return web.calculate(expression)

    return [web_search, fetch_page], [calculator]


@dataclass(slots=True)
class Run:
    """The three agents' scripts for one question, written turn by turn as the run unfolds."""

    q: Question
    web: Web
    supervisor: list[tuple[Any, bool]] = field(default_factory=list)
    researcher: list[tuple[Any, bool]] = field(default_factory=list)
    analyst: list[tuple[Any, bool]] = field(default_factory=list)
    calls: int = 0
    """Tool calls so far (their ids are numbered)."""
    final: str = ""
    """The supervisor's final answer."""

    def _message(self, text: str, tool: str | None, args: dict[str, str]) -> Any:
        from langchain_core.messages import AIMessage

        if tool is None:
            return AIMessage(content=text)
        self.calls += 1
        call = {"name": tool, "args": args, "id": f"call_{self.calls:03d}"}
        return AIMessage(content=text, tool_calls=[call])

    def route(self, text: str, to: str, *, fault: bool = False) -> None:
        self.supervisor.append((self._message(text, f"transfer_to_{to}", {}), fault))

    def answer(self, text: str, *, fault: bool = False) -> None:
        self.final = text
        self.supervisor.append((self._message(text, None, {}), fault))

    def search(self, thought: str, query: str, *, fault: bool = False) -> None:
        self.researcher.append((self._message(thought, "web_search", {"query": query}), fault))

    def fetch(self, thought: str, url: str, *, fault: bool = False) -> None:
        self.researcher.append((self._message(thought, "fetch_page", {"url": url}), fault))

    def report(self, text: str, *, fault: bool = False) -> None:
        self.researcher.append((self._message(text, None, {}), fault))

    def calculate(self, thought: str, expression: str, *, fault: bool = False) -> None:
        message = self._message(thought, "calculator", {"expression": expression})
        self.analyst.append((message, fault))

    def conclude(self, text: str, *, fault: bool = False) -> None:
        self.analyst.append((self._message(text, None, {}), fault))


OP_WORDS = {"/": "divided by", "-": "minus"}
"""How the supervisor words the computation."""
INVERSE = {"/": "*", "-": "+"}
"""The operation the analyst checks its result with."""


def _ask_first(run: Run, name: str, *, fault: bool = False) -> None:
    q = run.q
    run.route(
        f"To answer this I need two figures: the {q.a_name} and the {q.b_name} of {q.entity}, "
        f"then {q.a_name} {OP_WORDS[q.op]} {q.b_name}. I'll start by sending the researcher "
        f"for the {name} of {q.entity}, from an official source.",
        "researcher",
        fault=fault,
    )


def _round_one(
    run: Run,
    name: str,
    reported: str,
    *,
    rate_limited: bool,
    query: str = "",
    page: str = "",
    fault_at: str = "",
    extra_searches: int = 0,
) -> None:
    """The researcher finds the first figure: search (retried after a 429), the guide first,
    then the statistics page; `fault_at` marks the call that decides wrongly."""
    q, web = run.q, run.web
    query = query or f"{q.entity} {name}"
    run.search(
        f"I'll search for the {name} of {q.entity} first.", query, fault=fault_at == "search"
    )
    if rate_limited:
        run.search(
            "The search API answered 429 Too Many Requests. I'll wait a moment and retry the "
            "same query.",
            query,
        )
    for n in range(extra_searches):
        run.search(
            (
                "The results are in, but to be sure I have the latest figure I'll run the "
                "same search again."
            )
            if n == 0
            else "Let me search once more in case the ranking changed.",
            query,
            fault=n == 0,
        )
    page = page or web.stats(q.entity)
    if page == web.stats(q.sibling) and fault_at == "search":
        run.fetch("The statistical profile in the results should have the figure.", page)
    else:
        run.fetch(
            "The first result is a travel guide; guides often have a quick-facts box, so "
            "I'll look there first.",
            web.guide(),
        )
        run.fetch(
            "The guide has no figures at all. The statistical profile should have it.",
            page,
            fault=fault_at == "fetch",
        )
    if fault_at == "deviate":
        run.report(
            f"The statistics office profile ({page}) lists the {q.a_name} as {q.a} and the "
            f"{q.alt_name} as {q.alt}. The {q.alt_name} is the more meaningful figure for "
            f"this kind of question, so that is the one to use: {q.alt}.",
            fault=True,
        )
        return
    run.report(
        f"The {name} of {q.entity} is {reported}, according to the statistics office's "
        f"profile at {page} (2025 edition; the office notes that figures are rounded).",
        fault=fault_at == "report",
    )


def _round_two(
    run: Run,
    reported: str,
    *,
    fault_at: str = "",
    refusals: int = 0,
    repeats: int = 0,
    found: bool = True,
) -> None:
    """The researcher finds the second figure on the factsheet."""
    q, web = run.q, run.web
    query = f"{q.entity} {q.b_name}"
    run.search(f"Now the {q.b_name} of {q.entity}.", query)
    url = web.factsheet(q.entity)
    if fault_at == "premature":
        run.report(
            f"The {q.b_name} of {q.entity} is {reported}, per the factsheet at {url}.",
            fault=True,
        )
        return
    run.fetch(f"The factsheet at {url} should list the {q.b_name}. Opening it.", url)
    for _ in range(max(refusals - 1, 0)):
        run.fetch("The site answered 403 Forbidden. I'll try the page once more.", url)
    for n in range(repeats):
        run.fetch(
            (f"I have the {q.b_name}, but I'll reload the factsheet to double-check the figure.")
            if n == 0
            else "Loading the factsheet one more time to be certain.",
            url,
            fault=n == 0,
        )
    if not found:
        run.report(
            f"The factsheet at {url} does not give the {q.b_name} (it says the figure is under "
            "revision), and no other result lists it. I could not find it.",
        )
        return
    run.report(
        f"The {q.b_name} of {q.entity} is {reported}, from the factsheet at {url} (last "
        f"reviewed March 2025). With the {q.a_name} found earlier, that is both figures.",
        fault=fault_at == "report",
    )


def _analyse(
    run: Run,
    a: str,
    b: str,
    *,
    fault_at: str = "",
    repeats: int = 0,
    failed: bool = False,
    sentence: bool = False,
) -> str:
    """The analyst computes a op b, checks it and reports; returns what it reports."""
    q = run.q
    expression = f"{number(a)} {q.op} {number(b)}"
    if fault_at == "premature":
        rough = estimate(whole(evaluate(expression)))
        run.conclude(
            f"{number(a)} {q.op} {number(b)} is roughly {rough}; that is precise enough. "
            f"Result: {rough}",
            fault=True,
        )
        return rough
    if fault_at == "arguments":
        expression = f"{number(a)} {q.op} {mistyped(b)}"
    run.calculate(
        f"I'll compute {q.a_name} {OP_WORDS[q.op]} {q.b_name} with the calculator.",
        expression,
        fault=fault_at == "arguments",
    )
    if failed:
        rough = estimate(whole(evaluate(expression)))
        run.conclude(
            f"{q.a_name.capitalize()} {OP_WORDS[q.op]} {q.b_name}: {number(a)} {q.op} "
            f"{number(b)} = {rough}. Rounded to a whole number: {rough}",
            fault=True,
        )
        return rough
    result = evaluate(expression)
    for n in range(repeats):
        run.calculate(
            "Let me run the same calculation again to make sure the result is stable."
            if n == 0
            else "Once more, to be certain.",
            expression,
            fault=n == 0,
        )
    divisor = expression.split()[-1]
    check = f"{result} {INVERSE[q.op]} {divisor}"
    run.calculate(
        f"The calculator gives {result}. I'll check it by reversing the operation.", check
    )
    answer = whole(result)
    if fault_at == "misread":
        answer = transposed(answer)
    if fault_at == "unrounded":
        answer = f"{float(result):.2f}" if q.op == "/" else f"{answer} {q.unit}"
    if sentence:
        answer = f"The result is {answer} {q.unit}."
        text = f"{expression} = {result}; the check gives back {evaluate(check)}. {answer}"
    else:
        text = (
            f"{q.a_name.capitalize()} {OP_WORDS[q.op]} {q.b_name}: {expression} = {result}; "
            f"the check gives back {evaluate(check)}. Rounded to a whole number: {answer}"
        )
        if fault_at == "unrounded":
            text = (
                f"{expression} = {result}; the check gives back {evaluate(check)}. Result: {answer}"
            )
    run.conclude(text, fault=fault_at in ("misread", "unrounded"))
    return answer


def _hand_over(
    run: Run, a: str, b: str, name: str, *, fault: bool = False, sentence: bool = False
) -> None:
    q = run.q
    how = (
        "and to write the result as a full sentence with its unit."
        if sentence
        else "and to round it to a whole number."
    )
    run.route(
        f"I have both figures: the {name} is {a} and the {q.b_name} is {b}. I'll ask the "
        f"analyst to compute {name} {OP_WORDS[q.op]} {q.b_name}, to check the result, " + how,
        "analyst",
        fault=fault,
    )


def _ask_second(run: Run, a: str, name: str = "") -> None:
    q = run.q
    run.route(
        f"The researcher found the {name or q.a_name}: {a}. I still need the {q.b_name} of "
        f"{q.entity}; sending the researcher back for it.",
        "researcher",
    )


def script(q: Question, fault: str, variant: int) -> tuple[Run, list[dict[str, Any]]]:
    """The three agents' scripts for one fault, and the checks the run is held to."""
    web = Web(q, search_failures=int(variant % 4 >= 2))
    run = Run(q, web)
    rate_limited = web.search_failures > 0
    right = whole(evaluate(f"{number(q.a)} {q.op} {number(q.b)}"))
    checks: list[dict[str, Any]] = [{"type": "contains", "value": right}]
    a, b, name = q.a, q.b, q.a_name
    found = ""  # the first figure as the researcher reports it, when not `a`
    first: dict[str, Any] = {}
    second: dict[str, Any] = {}
    analysis: dict[str, Any] = {}
    hand: dict[str, Any] = {}
    ask_fault = False
    final_fault = False
    mode = variant % 3
    if fault == "misread_tool_output":
        if mode == 0:
            first, a = {"fault_at": "report"}, q.misread_a
            first["reported"] = q.misread_a
        elif mode == 1:
            analysis = {"fault_at": "misread"}
        else:  # the researcher and the supervisor's next routing have it right
            hand, a, found = {"fault": True}, q.misread_a, q.a
    elif fault == "hallucinated_fact":
        web.factsheet_lists_b = False
        b = q.guessed_b
        if variant % 2 == 0:
            second = {"fault_at": "report"}
        else:
            second, hand = {"found": False}, {"fault": True}
    elif fault == "ignored_tool_error":
        if variant % 2 == 0:
            web.refused[web.factsheet(q.entity)] = 1 + int(variant % 4 >= 2)
            second = {"fault_at": "report", "refusals": web.refused[web.factsheet(q.entity)]}
            b = q.guessed_b
        else:
            web.calculator_failures = 1
            analysis = {"failed": True}
    elif fault == "wrong_tool_arguments":
        if mode == 0:
            first = {"fault_at": "search", "query": f"{q.sibling} {q.a_name}"}
            first["page"], a = web.stats(q.sibling), q.sibling_a
        elif mode == 1:
            first = {"fault_at": "fetch", "page": web.stats(q.sibling)}
            a = q.sibling_a
        else:
            analysis = {"fault_at": "arguments"}
    elif fault == "goal_deviation":
        a, name = q.alt, q.alt_name
        if variant % 2 == 0:
            ask_fault = True
        else:
            first = {"fault_at": "deviate"}
    elif fault == "wrong_format":
        checks.append({"type": "exact_match", "value": right})
        if mode == 0:
            final_fault = True
        elif mode == 1:
            hand = {"fault": True, "sentence": True}
            analysis = {"sentence": True}
        else:
            analysis = {"fault_at": "unrounded"}
    elif fault == "premature_final_answer":
        if mode == 0:
            second, b = {"fault_at": "premature"}, q.guessed_b
        elif mode == 1:
            hand = {"premature": True}
        else:
            analysis = {"fault_at": "premature"}
    elif fault == "looping":
        tool, most = (("web_search", 2 + int(rate_limited)), ("fetch_page", 3), ("calculator", 2))[
            mode
        ]
        checks.append({"type": "tool_called", "tool": tool, "max": most})
        if mode == 0:
            first = {"extra_searches": 2}
        elif mode == 1:
            second = {"repeats": 2}
        else:
            analysis = {"repeats": 2}
    else:
        raise ValueError(f"unknown fault {fault!r}")

    asked = q.alt_name if ask_fault else q.a_name
    _ask_first(run, asked, fault=ask_fault)
    reported_first = first.pop("reported", a if first.get("fault_at") != "deviate" else q.a)
    _round_one(run, asked, found or reported_first, rate_limited=rate_limited, **first)
    _ask_second(run, found or a, name if fault == "goal_deviation" else "")
    _round_two(run, b, **second)
    premature = hand.pop("premature", False)
    if premature:
        rough = estimate(whole(evaluate(f"{number(a)} {q.op} {number(b)}")))
        run.answer(
            f"Both figures are in ({a} and {b}); {number(a)} {q.op} {number(b)} is roughly "
            f"{rough}, so I can answer without the analyst. {rough}",
            fault=True,
        )
    else:
        if fault == "hallucinated_fact" and hand:
            run.route(
                f"The researcher could not find the {q.b_name}. As far as I know it is about "
                f"{b}, which is close enough. I'll ask the analyst to compute {q.a_name} "
                f"{OP_WORDS[q.op]} {q.b_name} with {a} and {b} and round to a whole number.",
                "analyst",
                fault=True,
            )
        else:
            _hand_over(run, a, b, name, **hand)
        final = _analyse(run, a, b, **analysis)
        if final_fault:
            final = f"The answer is {final} {q.unit} ({number(q.a)} {q.op} {number(q.b)})."
        run.answer(final, fault=final_fault)
    # a wrong value loses the right one; a loop keeps it; a wrong format may (a sentence) or
    # may not (a result left unrounded that rounds up)
    if fault != "wrong_format" and (fault != "looping") == (right in run.final):
        raise RuntimeError(f"{fault} on {q.entity}: final answer {run.final!r} vs {right!r}")
    return run, checks


def run_case(number_: int, fault: str) -> Case:
    """Run the supervisor system once on one question with one planted fault."""
    from langgraph.prebuilt import ToolNode, create_react_agent
    from langgraph_supervisor import create_supervisor

    q = QUESTIONS[number_]
    run, checks = script(q, fault, number_)
    seed = 7001 + FAULTS.index(fault) * 100 + number_
    tracer_provider, exporter = provider(seed, "langgraph-supervisor-analyst")
    calls: list[tuple[str, bool]] = []
    research_tools, analysis_tools = _tools(run.web)
    workers = (
        (
            "researcher",
            run.researcher,
            research_tools,
            "You are a web researcher. Find the figure you are asked for with web_search and "
            "fetch_page, and report it with its source URL.",
        ),
        (
            "analyst",
            run.analyst,
            analysis_tools,
            "You are a careful analyst. Compute what you are asked with the calculator, check "
            "the result, and report it.",
        ),
    )
    with _instrumentor(tracer_provider):
        agents = [
            create_react_agent(
                _model(name, replies, calls),
                ToolNode(tools, handle_tool_errors=True),
                name=name,
                prompt=prompt,
            )
            for name, replies, tools, prompt in workers
        ]
        workflow = create_supervisor(
            agents,
            model=_model("supervisor", run.supervisor, calls),
            prompt="You lead a team: the researcher finds figures on the web, the analyst "
            "computes. Route the work one step at a time, then give the user the final answer "
            "in the form the question asks for.",
        )
        workflow.compile().invoke({"messages": [{"role": "user", "content": q.text}]})
    left = len(run.supervisor) + len(run.researcher) + len(run.analyst)
    if left:
        raise RuntimeError(f"{fault} on {q.entity}: {left} scripted replies unused")
    spans = exporter.get_finished_spans()
    labels = labels_by_call_order(spans, calls)
    if not labels:
        raise RuntimeError(f"{fault} on {q.entity}: the faulty reply was not used")
    return Case(
        name=f"langgraph/long/{fault}/{number_:02d}",
        framework="langgraph",
        fault=fault,
        otlp=otlp_json(spans),
        checks=checks,
        label_spans=tuple(span for span, _ in labels),
        label_agent=labels[0][1],
        notes={"question": q.text, "expected": checks[0]["value"], "llm_calls": len(calls)},
        family=FAMILY,
    )


def cases() -> Iterator[Case]:
    """Every fault on every question."""
    for fault in FAULTS:
        for n in range(len(QUESTIONS)):
            yield run_case(n, fault)
