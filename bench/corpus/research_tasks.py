"""Tasks and the web of the `research` family: two-hop questions, GAIA- and SWE-bench-style.

Each task needs two facts, each looked up by the web agent on its own page, and a small
computation in the lead agent's code (a difference, a sum, a ratio, or `path::function` for an
issue). A page lists the fact beside a look-alike figure (construction start beside opening,
the traceback's function beside the one the maintainers blame), so a misreading is plausible.
Written apart from `faults.TASKS`: other entities, other wording, other tools.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

SITE = "https://reference.example.net/"
"""Where fact pages live."""
FORUM = "https://forum.example.com/t/"
"""Pages that rank for vague queries and give no figures."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact a task needs, the page that gives it and the look-alike beside it."""

    name: str
    """What the lead agent asks for, in words."""
    title: str
    """The page's title."""
    label: str
    """The page's label for the fact."""
    value: str
    """The fact, as the page writes it."""
    other_label: str
    """The look-alike's label on the same page."""
    other: str
    """The look-alike's value."""
    query: str
    """A search query that finds the page."""
    vague: str
    """A query that cannot find it (forum threads only)."""
    guess: str
    """What a model writes from memory."""
    slip: str = ""
    """The fact retyped wrongly later in the run (default: the last two digits swapped)."""

    @property
    def url(self) -> str:
        """The page giving the fact."""
        return SITE + re.sub(r"[^a-z0-9]+", "-", self.title.casefold()).strip("-")

    @property
    def mistyped(self) -> str:
        """The fact as a careless restatement writes it."""
        if self.slip:
            return self.slip
        digits = [i for i, c in enumerate(self.value) if c.isdigit()]
        i, j = digits[-2], digits[-1]
        chars = list(self.value)
        chars[i], chars[j] = chars[j], chars[i]
        if chars == list(self.value):
            chars[j] = str((int(chars[j]) + 1) % 10)
        return "".join(chars)


@dataclass(frozen=True, slots=True)
class Task:
    """A two-fact question; `code` combines the facts (`@A@` and `@B@` are their literals)."""

    question: str
    """The user's task, with the answer format it asks for."""
    a: Fact
    """The first fact looked up."""
    b: Fact
    """The second."""
    code: str
    """The lead agent's computation; prints the answer."""
    derive: str
    """What the computation gives, in words (the plan says it)."""
    loose: str
    """The answer as a model that ignores the format writes it (`{answer}`, `{a}`, `{b}`)."""
    numeric: bool = True
    """Facts are numbers (typed as digits in code) rather than names (typed as strings)."""

    def literal(self, value: str) -> str:
        """A fact as the lead agent types it into code."""
        if self.numeric:
            return re.sub(r"[^0-9.]", "", value)
        return repr(value)

    def source(self, a: str, b: str) -> str:
        """The computation with these values of the two facts."""
        return self.code.replace("@A@", self.literal(a)).replace("@B@", self.literal(b))

    def compute(self, a: str, b: str) -> str:
        """What the computation prints with these values."""
        printed: list[str] = []
        exec(self.source(a, b), {"print": lambda v: printed.append(str(v))})
        return printed[-1]

    @property
    def answer(self) -> str:
        """The right answer."""
        return self.compute(self.a.value, self.b.value)


def _gaia(
    question: str, a: Fact, b: Fact, code: str, derive: str, unit: str
) -> Task:  # a number answer
    return Task(question, a, b, code, derive, "{answer} " + unit)


def _issue(
    repo: str,
    number: int,
    symptom: str,
    at_fault: tuple[str, str, str],
    where: tuple[str, str, str],
) -> Task:
    """A SWE-bench-style localisation task: which function, in which file, must change."""
    function, caller, guessed = at_fault
    path, caller_path, guessed_path = where
    a = Fact(
        f"the function the maintainers say is at fault in {repo} issue #{number}",
        f"{repo} issue {number}: {symptom}",
        "Maintainer comment: the bug is in",
        function,
        "Traceback ends in",
        caller,
        f"{repo} issue {number}",
        f"{repo} bug {symptom.split()[0]}",
        guessed,
        slip=function.lstrip("_") + "s",
    )
    b = Fact(
        f"the file of {repo} that defines {function}",
        f"{repo} code search {function}",
        "Defined in",
        path,
        "Called from",
        caller_path,
        f"{repo} def {function}",
        f"{repo} source files",
        guessed_path,
        slip=_other_module(path),
    )
    return Task(
        f"In the {repo} repository, issue #{number} reports that {symptom}. Which function "
        "must be changed to fix it? Answer as path::function, nothing else.",
        a,
        b,
        'function = @A@\npath = @B@\nprint(f"{path}::{function}")',
        "the function's path::function",
        "{a} in {b}",
        numeric=False,
    )


def _other_module(path: str) -> str:
    """A path retyped wrongly: its module name with a leading underscore added or dropped."""
    folder, _, module = path.rpartition("/")
    return f"{folder}/{module[1:] if module.startswith('_') else '_' + module}"


def _fact(
    name: str, title: str, label: str, value: str, other: tuple[str, str], guess: str
) -> Fact:
    return Fact(
        name,
        title,
        label,
        value,
        other[0],
        other[1],
        f"{title} {label.casefold()}",
        f"{title.split()[0]} facts discussion",
        guess,
    )


TASKS = (
    _gaia(
        "How many years after the Sydney Harbour Bridge opened did the Sydney Opera House "
        "open? Give the number only.",
        _fact(
            "the year the Sydney Harbour Bridge opened",
            "Sydney Harbour Bridge",
            "Opened",
            "1932",
            ("Construction began", "1923"),
            "1930",
        ),
        _fact(
            "the year the Sydney Opera House opened",
            "Sydney Opera House",
            "Opened",
            "1973",
            ("Construction began", "1959"),
            "1971",
        ),
        "bridge_opened = @A@\nopera_opened = @B@\nprint(opera_opened - bridge_opened)",
        "the years between the two openings",
        "years",
    ),
    _gaia(
        "By how many metres is the Burj Khalifa taller than the Shanghai Tower (architectural "
        "height)? Give the number only.",
        _fact(
            "the architectural height of the Burj Khalifa",
            "Burj Khalifa",
            "Architectural height",
            "828 m",
            ("Top floor", "585 m"),
            "830 m",
        ),
        _fact(
            "the architectural height of the Shanghai Tower",
            "Shanghai Tower",
            "Architectural height",
            "632 m",
            ("Top floor", "583 m"),
            "650 m",
        ),
        "burj_m = @A@\nshanghai_m = @B@\nprint(burj_m - shanghai_m)",
        "the difference of the two heights in metres",
        "m",
    ),
    _gaia(
        "What is the sum of the atomic numbers of tungsten and osmium? Give the number only.",
        _fact(
            "the atomic number of tungsten",
            "Tungsten",
            "Atomic number",
            "74",
            ("Standard atomic weight", "183.84"),
            "72",
        ),
        _fact(
            "the atomic number of osmium",
            "Osmium",
            "Atomic number",
            "76",
            ("Standard atomic weight", "190.23"),
            "75",
        ),
        "tungsten_z = @A@\nosmium_z = @B@\nprint(tungsten_z + osmium_z)",
        "the sum of the two atomic numbers",
        "protons",
    ),
    _gaia(
        "Going by their founding dates, how many years older is Cambridge University Press "
        "than Oxford University Press? Give the number only.",
        _fact(
            "the year Cambridge University Press was founded",
            "Cambridge University Press",
            "Founded",
            "1534",
            ("First book printed", "1584"),
            "1521",
        ),
        _fact(
            "the year Oxford University Press was founded",
            "Oxford University Press",
            "Founded",
            "1586",
            ("First book printed", "1478"),
            "1600",
        ),
        "cambridge = @A@\noxford = @B@\nprint(oxford - cambridge)",
        "the years between the two foundings",
        "years",
    ),
    _gaia(
        "How many kilometres longer is the Yangtze than the Yellow River? Give the number only.",
        _fact(
            "the length of the Yangtze",
            "Yangtze",
            "Length",
            "6,300 km",
            ("Navigable length", "2,800 km"),
            "6,380 km",
        ),
        _fact(
            "the length of the Yellow River",
            "Yellow River",
            "Length",
            "5,464 km",
            ("Navigable length", "790 km"),
            "5,500 km",
        ),
        "yangtze_km = @A@\nyellow_km = @B@\nprint(yangtze_km - yellow_km)",
        "the difference of the two lengths in kilometres",
        "km",
    ),
    _gaia(
        "How many times higher is Angel Falls than the Horseshoe Falls at Niagara? Round to the "
        "nearest whole number and give the number only.",
        Fact(
            "the height of Angel Falls",
            "Angel Falls",
            "Total height",
            "979 m",
            "Longest single drop",
            "807 m",
            "Angel Falls total height",
            "Angel facts discussion",
            "1,050 m",
            slip="797 m",
        ),
        _fact(
            "the height of the Horseshoe Falls",
            "Horseshoe Falls",
            "Total height",
            "57 m",
            ("Crest width", "670 m"),
            "51 m",
        ),
        "angel_m = @A@\nhorseshoe_m = @B@\nprint(round(angel_m / horseshoe_m))",
        "the ratio of the two heights, rounded",
        "times",
    ),
    _gaia(
        "What is the combined seating capacity of Wembley Stadium and Camp Nou? Give the number "
        "only, without separators.",
        _fact(
            "the seating capacity of Wembley Stadium",
            "Wembley Stadium",
            "Capacity",
            "90,000",
            ("Record attendance", "92,000"),
            "86,000",
        ),
        _fact(
            "the seating capacity of Camp Nou",
            "Camp Nou",
            "Capacity",
            "99,354",
            ("Record attendance", "120,000"),
            "105,000",
        ),
        "wembley = @A@\ncamp_nou = @B@\nprint(wembley + camp_nou)",
        "the sum of the two capacities",
        "seats",
    ),
    _gaia(
        "How many years after Voyager 1 was New Horizons launched? Give the number only.",
        _fact(
            "the launch year of Voyager 1",
            "Voyager 1",
            "Launched",
            "1977",
            ("Jupiter flyby", "1979"),
            "1976",
        ),
        _fact(
            "the launch year of New Horizons",
            "New Horizons",
            "Launched",
            "2006",
            ("Pluto flyby", "2015"),
            "2005",
        ),
        "voyager = @A@\nnew_horizons = @B@\nprint(new_horizons - voyager)",
        "the years between the two launches",
        "years",
    ),
    _issue(
        "tinyhttp",
        4127,
        "a timeout of 0 makes requests hang forever",
        ("_resolve_timeout", "Client.send", "Client._timeout_for"),
        ("tinyhttp/_config.py", "tinyhttp/_client.py", "tinyhttp/_timeouts.py"),
    ),
    _issue(
        "csvlite",
        882,
        "dates such as 2024-02-30 are accepted",
        ("parse_date", "read_rows", "coerce_value"),
        ("csvlite/types.py", "csvlite/reader.py", "csvlite/dates.py"),
    ),
    _issue(
        "mdtable",
        311,
        "a pipe inside backticks splits the cell",
        ("split_cells", "render_row", "tokenize_row"),
        ("mdtable/parser.py", "mdtable/render.py", "mdtable/lexer.py"),
    ),
    _issue(
        "geoshape",
        57,
        "clockwise polygons get a negative area",
        ("ring_area", "Polygon.area", "signed_area"),
        ("geoshape/measure.py", "geoshape/polygon.py", "geoshape/area.py"),
    ),
)
"""Eight GAIA-style questions answered by a number and four issue localisations answered by
`path::function`."""


@dataclass(slots=True)
class Web:
    """What the web agent's tools answer in one run, and which of their calls fail."""

    task: Task
    """The run's task."""
    failures: dict[tuple[str, int], str] = field(default_factory=dict)
    """(tool, its n-th call from 0) -> the error that call raises."""
    labelled: set[tuple[str, int]] = field(default_factory=set)
    """Failures a person labels at the tool span (the tool itself failed)."""
    recovered: set[tuple[str, int]] = field(default_factory=set)
    """Labelled failures the run got over (a retried rate limit)."""
    labels: list[tuple[str, str]] = field(default_factory=list)
    """(span id, agent) of the labelled tool spans, filled while the run goes."""
    recovered_spans: list[str] = field(default_factory=list)
    """The span ids of the labelled failures the run got over."""
    calls: dict[str, int] = field(default_factory=dict)
    """Calls so far, per tool."""

    def _fail(self, tool: str) -> None:
        n = self.calls.get(tool, 0)
        self.calls[tool] = n + 1
        error = self.failures.get((tool, n))
        if error is None:
            return
        if (tool, n) in self.labelled:
            from opentelemetry import trace

            from corpus.export import span_hex

            span = trace.get_current_span().get_span_context().span_id
            self.labels.append((span_hex(span), "web_agent"))
            if (tool, n) in self.recovered:
                self.recovered_spans.append(span_hex(span))
        raise RuntimeError(error)

    def search(self, query: str) -> str:
        self._fail("web_search")
        hits: list[tuple[str, str, str]] = []
        for fact in (self.task.a, self.task.b):
            if query.casefold() == fact.query.casefold():
                hits.append(
                    (fact.title, fact.url, f"{fact.title}: overview, key figures, sources.")
                )
        topic = query.split()[0]
        hits.append(
            (
                f"Anyone know about {query}?",
                FORUM + topic.casefold(),
                "12 replies, last 3 days ago.",
            )
        )
        lines = ["## Search Results", ""]
        for number, (title, url, snippet) in enumerate(hits, 1):
            lines += [f"{number}. [{title}]({url})", snippet, ""]
        return "\n".join(lines)

    def visit(self, url: str) -> str:
        self._fail("visit_page")
        for fact in (self.task.a, self.task.b):
            if url == fact.url:
                body = (
                    f"# {fact.title}\n\n| {fact.other_label} | {fact.other} |\n"
                    f"| {fact.label} | {fact.value} |\n\nRetrieved from the reference wiki."
                )
                break
        else:
            if not url.startswith(FORUM):
                raise RuntimeError(f"404 Client Error: Not Found for url: {url}")
            body = "Thread: people share links and opinions; nobody quotes a source or a figure."
        return f"Title: {url}\n--------\n{body}"


def tools(web: Web) -> list[Any]:
    """The web agent's tools: a search and a page reader."""
    from corpus.web import _tool

    return [
        _tool(
            "SearchTool",
            "web_search",
            "Searches the web; returns titles, links and snippets.",
            "query",
            web.search,
        ),
        _tool(
            "PageTool",
            "visit_page",
            "Reads the web page at a URL and returns its text.",
            "url",
            web.visit,
        ),
    ]
