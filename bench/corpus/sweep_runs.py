# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `sweep` family: scripted replies and the offline world their tools read.

Twenty runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a few of a
single CodeAgent), each with one decisive fault of the taxonomy, labelled at the LLM call that
decided it (`fault=True` on its reply). Written in one sweep to find where blame misses on
runs shaped unlike the other families; see smolagents_sweep.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from corpus.smolagents_system import Reply


def code(thought: str, src: str, bad: bool = False) -> Reply:
    return Reply(text=f"Thought: {thought}\n<code>\n{src.strip()}\n</code>", fault=bad)


def text(t: str, bad: bool = False) -> Reply:
    return Reply(text=t, fault=bad)


def call(tool: str, thought: str = "", bad: bool = False, **args: Any) -> Reply:
    return Reply(text=thought or None, tool=tool, arguments=args, fault=bad)


def answer(t: str, thought: str = "", bad: bool = False) -> Reply:
    return call("final_answer", thought, bad, answer=t)


@dataclass
class World:
    search: list[tuple[tuple[str, ...], str]] = field(default_factory=list)
    pages: dict[str, str] = field(default_factory=dict)
    files: dict[str, str] = field(default_factory=dict)
    grep: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    api: dict[str, Any] = field(default_factory=dict)
    fail: dict[tuple[str, int], str] = field(default_factory=dict)
    count: dict[str, int] = field(default_factory=dict)

    def tick(self, tool: str) -> None:
        n = self.count.get(tool, 0)
        self.count[tool] = n + 1
        if (tool, n) in self.fail:
            raise RuntimeError(self.fail[(tool, n)])


def results(*hits: tuple[str, str, str]) -> str:
    out = "## Search Results\n\n"
    return out + "\n\n".join(f"[{t}]({u})\n{s}" for t, u, s in hits)


def tools(world: World) -> dict[str, Any]:
    from smolagents import tool

    @tool
    def web_search(query: str) -> str:
        """Performs a web search for your query then returns the top search results.

        Args:
            query: The search query to perform.
        """
        world.tick("web_search")
        q = query.casefold()
        for keys, res in world.search:
            if all(k.casefold() in q for k in keys):
                return res
        return f"No results found for '{query}'. Try with a more general query, or remove the year filter."

    @tool
    def visit_webpage(url: str) -> str:
        """Visits a webpage at the given url and reads its content as a markdown string.

        Args:
            url: The url of the webpage to visit.
        """
        world.tick("visit_webpage")
        if url in world.pages:
            return world.pages[url]
        raise RuntimeError(f"404 Client Error: Not Found for url: {url}")

    @tool
    def search_code(pattern: str) -> str:
        """Searches the repository for a pattern and returns matches as JSON.

        Args:
            pattern: A literal string or identifier to look for.
        """
        world.tick("search_code")
        hits = world.grep.get(pattern, [])
        return json.dumps({"pattern": pattern, "total": len(hits), "matches": hits}, indent=2)

    @tool
    def read_file(path: str) -> str:
        """Returns the content of a file of the repository, with line numbers.

        Args:
            path: Path of the file relative to the repository root.
        """
        world.tick("read_file")
        if path not in world.files:
            raise FileNotFoundError(f"No such file in repository: '{path}'")
        lines = world.files[path].split("\n")
        return "\n".join(f"{i + 1:4d}  {line}" for i, line in enumerate(lines))

    @tool
    def fetch_json(endpoint: str) -> str:
        """Calls the statistics API and returns its JSON answer.

        Args:
            endpoint: The API path, e.g. '/rates/EUR?date=2024-01-02'.
        """
        world.tick("fetch_json")
        if endpoint in world.api:
            return json.dumps(world.api[endpoint], indent=2)
        raise ValueError(f"API error 400: unknown endpoint {endpoint!r}")

    return {t.name: t for t in (web_search, visit_webpage, search_code, read_file, fetch_json)}


@dataclass
class Run:
    name: str
    fault: str
    question: str
    manager: list[Reply]
    sub: list[Reply] | None
    checks: list[dict[str, Any]]
    agent: str
    world: World
    manager_tools: tuple[str, ...] = ()
    sub_tools: tuple[str, ...] = ("web_search", "visit_webpage")
    planning: int | None = None
    sub_planning: int | None = None
    max_steps: int = 10
    sub_max_steps: int = 8
    summary: bool = False
    manager_name: str = "manager"
    sub_name: str = "search_agent"
    note: str = ""


M, S = "manager", "search_agent"


def plan(facts: str, steps: str, bad: bool = False):
    return text(
        f"## 1. Facts survey\n### 1.1. Facts given in the task\n{facts}\n### 1.2. Facts to look up\n"
        f"- see plan\n\n## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


def outcome(short: str, detail: str, context: str = "") -> str:
    """A managed agent's final answer in the three parts its task prompt asks for."""
    out = f"### 1. Task outcome (short version):\n{short}\n\n### 2. Task outcome (extremely detailed version):\n{detail}"
    if context:
        out += f"\n\n### 3. Additional context (if relevant):\n{context}"
    return out


def long_page(title: str, body: str, filler: int = 12) -> str:
    pad = "\n".join(
        f"- Archive entry {i}: scanned minutes, correspondence and photographs ({1950 + i})."
        for i in range(filler)
    )
    return f"# {title}\n\nFrom Wikipedia, the free encyclopedia\n\n{body}\n\n## See also\n{pad}\n\n## References\n1. ^ Annual report.\n"


RUNS: list[Run] = []
"""The runs, in the order they were written."""

# 1 misread tool output by the sub-agent (page lists two years), manager plans first
w = World()
w.search = [
    (
        ("lindqvist", "telescope"),
        results(
            (
                "Lindqvist Observatory - Wikipedia",
                "https://en.wikipedia.org/wiki/Lindqvist_Observatory",
                "The Lindqvist Observatory is an astronomical observatory in Jämtland... main telescope ...",
            ),
            (
                "Telescopes of Sweden",
                "https://astro.se/list",
                "A list of telescopes in Sweden, by aperture.",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Lindqvist_Observatory"] = long_page(
    "Lindqvist Observatory",
    "The Lindqvist Observatory is located near Åre.\n\n## History\nConstruction of the 1.2 m reflector began in 1961. "
    "After delays with the mirror, the telescope saw first light in 1964 and was inaugurated by the king in 1965.",
)
RUNS.append(
    Run(
        "misread_sub_year",
        "misread_tool_output",
        "In what year did the main telescope of the Lindqvist Observatory see first light? Answer with the year only.",
        [
            plan(
                "- the observatory: Lindqvist Observatory",
                "1. Ask search_agent for the first-light year.\n2. Return the year.",
            ),
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find the year the main telescope of the Lindqvist Observatory saw first light.")\nprint(r)',
            ),
            code("The report gives the year.", 'final_answer("1961")'),
        ],
        [
            call("web_search", query="Lindqvist Observatory main telescope first light"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Lindqvist_Observatory"),
            answer(
                "The main telescope of the Lindqvist Observatory saw first light in 1961 (source: Wikipedia).",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "1964"}],
        S,
        w,
        planning=5,
        note="page: construction began 1961, first light 1964; sub-agent reports 1961",
    )
)

# 2 hallucinated fact by manager after sub-agent could not find; an earlier recovered NameError
w = World()
w.search = [
    (
        ("harrow", "bridge"),
        results(
            (
                "Harrow Creek footbridge opens",
                "https://news.example.org/harrow",
                "The council opened the new footbridge on Saturday...",
            )
        ),
    )
]
w.pages["https://news.example.org/harrow"] = long_page(
    "Harrow Creek footbridge opens",
    "The council opened the new footbridge on Saturday. Residents welcomed it. The cost was not disclosed by the council.",
    4,
)
RUNS.append(
    Run(
        "halluc_manager_cost",
        "hallucinated_fact",
        "How much did the Harrow Creek footbridge cost, in pounds? Give the number only.",
        [
            code(
                "I ask search_agent for the cost.",
                'report = search_agent(task="Find the construction cost of the Harrow Creek footbridge in pounds.")\nprint(reprot)',
            ),
            code(
                "I made a typo in the variable name; I print the report again.",
                'report = search_agent(task="Find the construction cost of the Harrow Creek footbridge in pounds.")\nprint(report)',
            ),
            code(
                "The agent could not find it, but footbridges of this size usually cost about 1.2 million pounds.",
                'final_answer("1200000")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Harrow Creek footbridge cost"),
            call("visit_webpage", url="https://news.example.org/harrow"),
            answer("I could not find the cost: the article says the council did not disclose it."),
            call("web_search", query="Harrow Creek footbridge construction cost pounds"),
            answer("The cost was not disclosed; no source gives a figure."),
        ],
        [{"type": "contains", "value": "not disclosed"}],
        M,
        w,
        note="both reports say not disclosed; manager invents 1.2 million",
    )
)

# 3 ignored tool error: visit timed out, sub-agent reports a figure it never read
w = World()
w.search = [
    (
        ("kessel", "population"),
        results(
            (
                "Kessel - Statistics office",
                "https://stats.example.de/kessel",
                "Municipality of Kessel: population, area, density. Updated 2023.",
            ),
            ("Kessel travel guide", "https://travel.example.com/kessel", "Things to do in Kessel."),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "ReadTimeout: HTTPSConnectionPool(host='stats.example.de', port=443): Read timed out. (read timeout=20)"
)
RUNS.append(
    Run(
        "ignored_timeout_pop",
        "ignored_tool_error",
        "What was the population of the municipality of Kessel in 2023 according to the statistics office? Number only.",
        [
            code(
                "I delegate the lookup.",
                'pop = search_agent(task="Find the 2023 population of the municipality of Kessel from the statistics office page.")\nprint(pop)',
            ),
            code(
                "I extract the number and return it.",
                'import re\nnumber = re.search(r"[0-9][0-9,]*", pop.split("final answer")[-1]).group(0).replace(",", "")\nfinal_answer(number)',
            ),
        ],
        [
            call("web_search", query="Kessel municipality population 2023 statistics office"),
            call("visit_webpage", url="https://stats.example.de/kessel"),
            answer(
                "According to the statistics office, Kessel had 8,412 inhabitants in 2023.",
                "The page is slow, but I know the figure.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "9118"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        note="visit_webpage timed out; sub-agent reports 8,412",
    )
)

# 4 wrong tool arguments: sub-agent searches the wrong entity (Mount Hood for Mount Baker)
w = World()
w.search = [
    (
        ("mount hood",),
        results(
            (
                "Mount Hood - Wikipedia",
                "https://en.wikipedia.org/wiki/Mount_Hood",
                "Mount Hood is a stratovolcano in Oregon. Elevation 3,429 m.",
            )
        ),
    ),
    (
        ("mount baker",),
        results(
            (
                "Mount Baker - Wikipedia",
                "https://en.wikipedia.org/wiki/Mount_Baker",
                "Mount Baker is a glaciated stratovolcano in Washington. Elevation 3,286 m.",
            )
        ),
    ),
]
RUNS.append(
    Run(
        "wrong_args_mountain",
        "wrong_tool_arguments",
        "What is the elevation of Mount Baker in metres? Reply with the number only.",
        [
            plan(
                "- Mount Baker, a volcano in Washington",
                "1. Ask search_agent for the elevation.\n2. Strip the units and return it.",
            ),
            code(
                "I ask for the elevation.",
                'e = search_agent(task="Find the elevation of Mount Baker in metres.")\nprint(e)',
            ),
            code("I keep the digits.", 'final_answer("3429")'),
        ],
        [
            call(
                "web_search",
                "I search for the volcano.",
                bad=True,
                query="Mount Hood elevation metres",
            ),
            answer("The elevation is 3,429 m according to Wikipedia."),
        ],
        [{"type": "exact_match", "value": "3286"}],
        S,
        w,
        planning=10,
        note="sub-agent queries Mount Hood",
    )
)

# 5 goal deviation in the delegation: manager asks for metro population instead of city
w = World()
w.search = [
    (
        ("verano", "metropolitan"),
        results(
            (
                "Verano metropolitan area",
                "https://en.wikipedia.org/wiki/Verano_metropolitan_area",
                "The Verano metropolitan area has 2,310,000 inhabitants (2020).",
            )
        ),
    ),
    (
        ("verano",),
        results(
            (
                "Verano - Wikipedia",
                "https://en.wikipedia.org/wiki/Verano",
                "Verano is a city with 871,000 inhabitants (2020).",
            )
        ),
    ),
]
RUNS.append(
    Run(
        "goal_dev_metro",
        "goal_deviation",
        "What was the population of the city of Verano (city proper, not the metro area) in 2020? Number only.",
        [
            plan(
                "- Verano, city proper",
                "1. Ask search_agent for the 2020 population of the city proper.\n2. Return the number.",
            ),
            code(
                "I ask search_agent for the population.",
                'p = search_agent(task="Find the 2020 population of the Verano metropolitan area.")\nprint(p)',
                bad=True,
            ),
            code("I return the number.", 'final_answer("2310000")'),
        ],
        [
            call("web_search", query="Verano metropolitan area population 2020"),
            answer("The Verano metropolitan area had 2,310,000 inhabitants in 2020."),
        ],
        [{"type": "exact_match", "value": "871000"}],
        M,
        w,
        planning=10,
        note="plan is right, delegation asks for the metro area",
    )
)

# 6 wrong format: manager wraps answer in a sentence with units
w = World()
w.search = [
    (
        ("tarn", "length"),
        results(
            (
                "River Tarn (Occitanie)",
                "https://en.wikipedia.org/wiki/Tarn_(river)",
                "The Tarn is a 381 km long river in southern France.",
            )
        ),
    )
]
RUNS.append(
    Run(
        "wrong_format_river",
        "wrong_format",
        "How long is the river Tarn in km? Reply with the integer only, no units.",
        [
            code(
                "I ask for the length.",
                'l = search_agent(task="Find the length of the river Tarn in km.")\nprint(l)',
            ),
            code("The length is 381 km.", "length_km = 381\nprint(length_km)"),
            code(
                "I give the answer.", 'final_answer(f"The Tarn is {length_km} km long.")', bad=True
            ),
        ],
        [call("web_search", query="river Tarn length km"), answer("The Tarn is 381 km long.")],
        [{"type": "regex", "value": r"^\d+$"}, {"type": "contains", "value": "381"}],
        M,
        w,
    )
)

# 7 premature final answer: two facts needed, manager answers after one
w = World()
w.search = [
    (
        ("orla", "founded"),
        results(
            (
                "Orla Records - history",
                "https://orla.example.com/history",
                "Orla Records was founded in 1978 in Leeds.",
            )
        ),
    ),
    (
        ("orla", "closed"),
        results(
            (
                "Orla Records closes",
                "https://news.example.com/orla",
                "Orla Records closed its doors in 2009 after 31 years.",
            )
        ),
    ),
]
RUNS.append(
    Run(
        "premature_two_facts",
        "premature_final_answer",
        "How many years did Orla Records operate (closing year minus founding year)? Number only.",
        [
            plan(
                "- Orla Records",
                "1. Ask search_agent for the founding year.\n2. Ask search_agent for the closing year.\n3. Subtract.",
            ),
            code(
                "First the founding year.",
                'f = search_agent(task="Find the year Orla Records was founded.")\nprint(f)',
            ),
            code(
                "Founded in 1978; it is still a label today, so it operated until now.",
                "final_answer(str(2024 - 1978))",
                bad=True,
            ),
        ],
        [
            call("web_search", query="Orla Records founded year"),
            answer("Orla Records was founded in 1978 in Leeds."),
        ],
        [{"type": "exact_match", "value": "31"}],
        M,
        w,
        planning=10,
    )
)

# 8 looping: sub-agent repeats the same search
w = World()
w.search = [
    (
        ("quill", "prize"),
        results(
            (
                "Quill Prize 2019 winners",
                "https://quill.example.org/2019",
                "The 2019 Quill Prize went to 'Salt Lines' by Mara Okonjo.",
            )
        ),
    )
]
RUNS.append(
    Run(
        "looping_sub_search",
        "looping",
        "Who won the 2019 Quill Prize? Give the author's name only.",
        [
            code(
                "I ask search_agent.",
                'w = search_agent(task="Find the winner of the 2019 Quill Prize.")\nprint(w)',
            ),
            code("I return the author.", 'final_answer("Mara Okonjo")'),
        ],
        [
            call("web_search", query="2019 Quill Prize winner"),
            call(
                "web_search",
                "Let me search again to confirm.",
                bad=True,
                query="2019 Quill Prize winner",
            ),
            call("web_search", "Once more to be sure.", bad=True, query="2019 Quill Prize winner"),
            call("web_search", "And again.", bad=True, query="2019 Quill Prize winner"),
            answer("The 2019 Quill Prize was won by Mara Okonjo for 'Salt Lines'."),
        ],
        [
            {"type": "contains", "value": "Mara Okonjo"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
    )
)

# 9 SWE single CodeAgent: wrong search pattern, max steps reached, forced final answer
w = World()
w.grep = {
    "parse_date": [{"path": "src/calx/legacy/dates.py", "line": 12, "text": "def parse_date(s):"}],
    "parse_datetime": [
        {
            "path": "src/calx/core/timeparse.py",
            "line": 40,
            "text": "def parse_datetime(value, tz=None):",
        }
    ],
}
w.files = {
    "src/calx/legacy/dates.py": "import time\n\n# kept for backwards compatibility\n\n"
    + "\n".join(f"X{i} = {i}" for i in range(7))
    + "\ndef parse_date(s):\n    return time.strptime(s, '%Y-%m-%d')\n"
}
RUNS.append(
    Run(
        "swe_wrong_pattern_maxsteps",
        "wrong_tool_arguments",
        "Issue #412: parse_datetime() drops the timezone when given an ISO string ending in 'Z'. Which file defines the function that must be fixed? Answer with the path only.",
        [
            code(
                "I search for the function named in the issue.",
                'print(search_code(pattern="parse_date"))',
                bad=True,
            ),
            code("One hit; I read it.", 'print(read_file(path="src/calx/legacy/dates.py"))'),
            code(
                "No timezone handling here; let me look for tz.",
                'print(search_code(pattern="tzinfo"))',
            ),
            code(
                "Nothing. I look at the file again.",
                'print(read_file(path="src/calx/legacy/dates.py")[:200])',
            ),
            text("The function that must be fixed is in src/calx/legacy/dates.py."),
        ],
        None,
        [
            {"type": "exact_match", "value": "src/calx/core/timeparse.py"},
            {"type": "tool_called", "tool": "search_code", "min": 1},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        max_steps=4,
        manager_name="coder",
        note="searches parse_date instead of parse_datetime; max_steps reached; forced answer",
    )
)

# 10 SWE manager + code sub-agent: sub-agent misreads JSON (picks the test file)
w = World()
w.grep = {
    "normalize_header": [
        {
            "path": "tests/test_http.py",
            "line": 88,
            "text": "    assert normalize_header('content-TYPE') == 'Content-Type'",
        },
        {
            "path": "src/netkit/http/headers.py",
            "line": 31,
            "text": "def normalize_header(name: str) -> str:",
        },
        {"path": "docs/changelog.rst", "line": 210, "text": "* normalize_header now title-cases"},
    ]
}
w.files = {
    "src/netkit/http/headers.py": "\n".join(
        ["from __future__ import annotations", "", "import re", ""]
        + [f"# line {i}" for i in range(26)]
        + ["def normalize_header(name: str) -> str:", "    return name.title()"]
    )
}
RUNS.append(
    Run(
        "swe_sub_misread_json",
        "misread_tool_output",
        "Bug: normalize_header('x-api-KEY') returns 'X-Api-Key' but 'X-API-Key' is expected for known acronyms. Which source file should be changed? Path only.",
        [
            code(
                "I ask code_agent to locate the definition.",
                'loc = code_agent(task="Find the source file that defines normalize_header.")\nprint(loc)',
            ),
            code(
                "I return the path.",
                'final_answer(loc.split("`")[1] if "`" in loc else "tests/test_http.py")',
            ),
        ],
        [
            call("search_code", pattern="normalize_header"),
            answer(
                "normalize_header is defined in `tests/test_http.py` (line 88).",
                "The first match is the definition.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "src/netkit/http/headers.py"}],
        "code_agent",
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="JSON has the def in the second match; sub-agent picks the test file",
    )
)

# 11 single CodeAgent, JSON API: uses inverse rate; final_answer from code in the same step
w = World()
w.api = {
    "/rates/EUR?date=2024-03-01": {
        "base": "EUR",
        "date": "2024-03-01",
        "rates": {
            "USD": {"rate": 1.0838, "inverse": 0.9227},
            "GBP": {"rate": 0.8566, "inverse": 1.1674},
        },
        "source": "ECB reference rates",
        "disclaimer": "Rates are indicative. " * 8,
    }
}
RUNS.append(
    Run(
        "api_inverse_rate",
        "misread_tool_output",
        "Convert 250 EUR to USD at the ECB reference rate of 2024-03-01. Give the amount rounded to 2 decimals, number only.",
        [
            code("I fetch the rates.", 'print(fetch_json(endpoint="/rates/EUR?date=2024-03-01"))'),
            code(
                "The USD rate is in the JSON; I convert and answer.",
                'import json\ndata = json.loads(fetch_json(endpoint="/rates/EUR?date=2024-03-01"))\nrate = data["rates"]["USD"]["inverse"]\nfinal_answer(f"{250 * rate:.2f}")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "270.95"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
    )
)

# 12 single CodeAgent, ignored API error after a recovered code error
w = World()
w.api = {"/gdp/PT?year=2020": {"country": "PT", "year": 2020, "gdp_eur_bn": 200.5}}
RUNS.append(
    Run(
        "api_ignored_error",
        "ignored_tool_error",
        "By what percentage did Portugal's GDP change from 2020 to 2021 according to the statistics API? Round to one decimal, number only.",
        [
            code(
                "I fetch both years.",
                'a = fetch_json(endpoint="/gdp/PT?year=2020")\nprint(a["gdp_eur_bn"])',
            ),
            code(
                "The answer is a JSON string; I parse it.",
                'import json\na = json.loads(fetch_json(endpoint="/gdp/PT?year=2020"))\nb = json.loads(fetch_json(endpoint="/gdp/PT?year=2021"))\nprint(a, b)',
            ),
            code(
                "2021 failed, but Portugal's 2021 GDP was about 214.5 bn.",
                'change = (214.5 - 200.5) / 200.5 * 100\nfinal_answer(f"{change:.1f}")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "7.9"}, {"type": "tool_succeeded", "tool": "fetch_json"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
    )
)

# 13 goal deviation in an updated plan (planning_interval=2)
w = World()
w.search = [
    (
        ("fenwick", "rainfall"),
        results(
            (
                "Fenwick climate",
                "https://climate.example.org/fenwick",
                "Fenwick: average annual rainfall 1,012 mm; wettest month November (128 mm).",
            )
        ),
    ),
]
w.pages["https://climate.example.org/fenwick"] = long_page(
    "Climate of Fenwick",
    "| Month | Rain (mm) |\n|---|---|\n| Jan | 96 |\n| Jul | 41 |\n| Nov | 128 |\n\nAverage annual rainfall: 1,012 mm.",
    3,
)
RUNS.append(
    Run(
        "goal_dev_replan",
        "goal_deviation",
        "What is Fenwick's average rainfall in its driest month, July, in mm? Number only.",
        [
            plan(
                "- Fenwick; July is the driest month",
                "1. Ask search_agent for Fenwick's July rainfall.\n2. Return it.",
            ),
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find the average July rainfall in Fenwick in mm.")\nprint(r)',
            ),
            code(
                "I split the table figures.", 'for part in r.split(","):\n    print(part.strip())'
            ),
            text(
                "## 1. Updated facts survey\n- Fenwick's rainfall page was found.\n## 2. Plan\n1. The question is really about the wettest month; take November.\n2. Return it.\n<end_plan>",
                bad=True,
            ),
            code("Following the plan.", 'final_answer("128")'),
        ],
        [
            call("web_search", query="Fenwick rainfall July"),
            call("visit_webpage", url="https://climate.example.org/fenwick"),
            answer("Fenwick climate table: Jan 96 mm, Jul 41 mm, Nov 128 mm; annual 1,012 mm."),
        ],
        [{"type": "exact_match", "value": "41"}],
        M,
        w,
        planning=2,
        note="the updated plan switches to the wettest month",
    )
)

# 14 managed agent with run summary; manager misreads the verbose report
w = World()
w.search = [
    (
        ("halvard", "seats"),
        results(
            (
                "Halvard Arena",
                "https://en.wikipedia.org/wiki/Halvard_Arena",
                "Halvard Arena, opened 2004, capacity 18,200 (concerts), 16,500 (ice hockey).",
            )
        ),
    )
]
RUNS.append(
    Run(
        "summary_misread",
        "misread_tool_output",
        "What is the ice-hockey seating capacity of Halvard Arena? Number only.",
        [
            code(
                "I delegate.",
                'c = search_agent(task="Find the ice-hockey capacity of Halvard Arena.")\nprint(c)',
            ),
            code("The capacity is 18,200.", 'final_answer("18200")', bad=True),
        ],
        [
            call("web_search", query="Halvard Arena seats capacity"),
            answer(
                "Halvard Arena holds 16,500 for ice hockey and 18,200 for concerts (source: Wikipedia)."
            ),
        ],
        [{"type": "exact_match", "value": "16500"}],
        M,
        w,
        summary=True,
    )
)

# 15 several errors: rate limit retried, code error recovered, then wrong format late
w = World()
w.search = [
    (
        ("belmora", "area"),
        results(
            (
                "Belmora Island",
                "https://en.wikipedia.org/wiki/Belmora",
                "Belmora is an island of 412.6 km2 in the Ionian sea.",
            )
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached; retry after 10 s"
RUNS.append(
    Run(
        "many_errors_format",
        "wrong_format",
        "What is the area of Belmora Island in square kilometres, rounded to the nearest integer? Integer only.",
        [
            plan(
                "- Belmora Island",
                "1. Ask search_agent for the area.\n2. Round it.\n3. Return the integer.",
            ),
            code(
                "I ask for the area.",
                'a = search_agent(task="Find the area of Belmora Island in km2.")\nprint(a)',
            ),
            code(
                "I round it.", 'area = round(float(a.split("of ")[1].split(" km")[0]))\nprint(area)'
            ),
            code(
                "The report wording differs; I type the figure.", "area = round(412.6)\nprint(area)"
            ),
            code("Done.", 'final_answer(f"{area} km²")', bad=True),
        ],
        [
            call("web_search", query="Belmora Island area km2"),
            call("web_search", "Rate-limited; I retry.", query="Belmora Island area km2"),
            answer("Belmora Island has an area of 412.6 km2 (Wikipedia)."),
        ],
        [{"type": "regex", "value": r"^\d+$"}],
        M,
        w,
        planning=10,
    )
)

# 16 manager's direct tool call with wrong arguments (wrong year in the endpoint)
w = World()
w.api = {
    "/cpi/FR?year=2022": {"country": "FR", "year": 2022, "inflation_pct": 5.2},
    "/cpi/FR?year=2021": {"country": "FR", "year": 2021, "inflation_pct": 1.6},
}
RUNS.append(
    Run(
        "manager_wrong_endpoint",
        "wrong_tool_arguments",
        "What was France's CPI inflation in 2022, in percent, according to the statistics API? Number only.",
        [
            plan(
                "- France, year 2022",
                "1. Call fetch_json on /cpi/FR?year=2022.\n2. Return inflation_pct.",
            ),
            code(
                "I call the API.",
                'import json\nd = json.loads(fetch_json(endpoint="/cpi/FR?year=2021"))\nprint(d)',
                bad=True,
            ),
            code("The inflation is in the answer.", 'final_answer(str(d["inflation_pct"]))'),
        ],
        None,
        [{"type": "exact_match", "value": "5.2"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        planning=10,
    )
)

# 17 sub-agent hallucinates without any tool call; manager verifies arithmetic in code
w = World()
w.search = [
    (
        ("corvin", "bridge"),
        results(
            (
                "Corvin Bridge",
                "https://en.wikipedia.org/wiki/Corvin_Bridge",
                "The Corvin Bridge, completed 1911, has a main span of 214 m.",
            )
        ),
    )
]
RUNS.append(
    Run(
        "sub_halluc_no_search",
        "hallucinated_fact",
        "How many metres longer is the main span of the Corvin Bridge than 150 m? Number only.",
        [
            code(
                "I ask for the span.",
                's = search_agent(task="Find the main span of the Corvin Bridge in metres.")\nprint(s)',
            ),
            code("I subtract.", "span = 198\nprint(span - 150)"),
            code("Done.", "final_answer(str(span - 150))"),
        ],
        [
            answer(
                "The Corvin Bridge has a main span of 198 m.", "I know this bridge well.", bad=True
            )
        ],
        [
            {"type": "exact_match", "value": "64"},
            {"type": "tool_called", "tool": "web_search", "min": 1},
        ],
        S,
        w,
    )
)

# 18 manager delegation loop, max steps reached
w = World()
w.search = [
    (
        ("ostrava", "tram"),
        results(
            (
                "Ostrava tram network",
                "https://en.wikipedia.org/wiki/Trams_in_Ostrava",
                "The network has 17 lines and 65.1 km of track.",
            )
        ),
    )
]
RUNS.append(
    Run(
        "manager_delegation_loop",
        "looping",
        "How many tram lines does Ostrava have? Number only.",
        [
            code(
                "I ask search_agent.",
                'n = search_agent(task="Find the number of tram lines in Ostrava.")\nprint(n)',
            ),
            code(
                "Let me double-check with search_agent.",
                'n2 = search_agent(task="Find the number of tram lines in Ostrava.")\nprint(n2)',
                bad=True,
            ),
            code(
                "Once more, to be sure.",
                'n3 = search_agent(task="Find the number of tram lines in Ostrava.")\nprint(n3)',
                bad=True,
            ),
            text("17"),
        ],
        [
            call("web_search", query="Ostrava tram lines"),
            answer("Ostrava has 17 tram lines and 65.1 km of track."),
            call("web_search", query="Ostrava tram lines"),
            answer("17 tram lines."),
            call("web_search", query="Ostrava tram lines"),
            answer("17."),
        ],
        [
            {"type": "exact_match", "value": "17"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        M,
        w,
        max_steps=3,
    )
)

# 19 sub-agent premature answer from a stale snippet, with its own planning
w = World()
w.search = [
    (
        ("lumen", "employees"),
        results(
            (
                "Lumen Analytics - About",
                "https://lumen.example.com/about",
                "Lumen Analytics employed 120 people in 2015...",
            ),
            (
                "Lumen Analytics annual report 2023",
                "https://lumen.example.com/ar2023",
                "Annual report 2023: headcount, revenue, outlook.",
            ),
        ),
    )
]
w.pages["https://lumen.example.com/ar2023"] = long_page(
    "Annual report 2023", "Headcount at year end: 1,045 employees.", 2
)
RUNS.append(
    Run(
        "sub_premature_snippet",
        "premature_final_answer",
        "How many employees did Lumen Analytics have at the end of 2023? Number only.",
        [
            code(
                "I delegate.",
                'e = search_agent(task="Find the number of employees of Lumen Analytics at the end of 2023.")\nprint(e)',
            ),
            code("I return it.", 'final_answer("120")'),
        ],
        [
            text(
                "1. Search for Lumen Analytics headcount.\n2. Open the 2023 annual report.\n3. Report the year-end headcount.\n<end_plan>"
            ),
            call("web_search", query="Lumen Analytics employees 2023"),
            answer(
                "Lumen Analytics has 120 employees.",
                "The first snippet gives the headcount; no need to open the report.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "1045"}],
        S,
        w,
        sub_planning=5,
    )
)

# 20 final_answer called inside code with a computation error the agent sees, then hallucinates a path
w = World()
w.grep = {
    "retry_backoff": [
        {"path": "src/fetchr/retry.py", "line": 14, "text": "def retry_backoff(attempt, base=0.5):"}
    ]
}
w.files = {
    "src/fetchr/retry.py": "import random\n\n"
    + "\n".join(f"# {i}" for i in range(10))
    + "\n\ndef retry_backoff(attempt, base=0.5):\n    return base * 2 ** attempt + random.random()\n"
}
RUNS.append(
    Run(
        "swe_code_error_then_hallucinate",
        "hallucinated_fact",
        "Issue #77: retry_backoff grows without bound. In which file and at which line is retry_backoff defined? Answer as path:line.",
        [
            code(
                "I look for the definition.",
                'import json\nhits = json.loads(search_code(pattern="retry_backoff"))\nprint(hits["matches"][0]["file"])',
            ),
            code(
                "The key is not 'file'. I answer from the usual layout.",
                'final_answer("src/fetchr/backoff.py:22")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "src/fetchr/retry.py:14"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
    )
)
