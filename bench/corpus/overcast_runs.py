"""The runs of the `overcast` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API, the code search or the web
tools, two per fault of the taxonomy, each with one decisive fault labelled at the LLM call
that decided it (`bad=True` on its reply; on every repeat for a loop). Written in one sweep
without reading blame's rules, the other held-out families' runs or any score; see
smolagents_overcast.py. The systems, the tools, the reply helpers and `Run` are those of the
sweep family (corpus/sweep_runs.py).
"""

from __future__ import annotations

from typing import Any

from corpus.sweep_runs import (
    M,
    Run,
    S,
    World,
    answer,
    call,
    code,
    outcome,
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written: two per fault, in the order of FAULTS."""

C = "code_agent"
"""The code-search sub-agent's name."""

COOKIES = (
    "We use cookies to keep you signed in and to see which pages are read. "
    "[Accept all] [Necessary only] [Manage preferences]"
)
"""The banner many club sites put above their pages."""


def survey(given: str, lookup: str, derive: str, steps: str, bad: bool = False) -> Any:
    """An initial plan as smolagents asks for it: facts survey, then the plan."""
    return text(
        "## 1. Facts survey\n"
        f"### 1.1. Facts given in the task\n{given}\n\n"
        f"### 1.2. Facts to look up\n{lookup}\n\n"
        f"### 1.3. Facts to derive\n{derive}\n\n"
        f"## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


def replan(given: str, learned: str, still: str, steps: str, bad: bool = False) -> Any:
    """An updated plan, in the headings smolagents asks for."""
    return text(
        "## 1. Updated facts survey\n"
        f"### 1.1. Facts given in the task\n{given}\n\n"
        f"### 1.2. Facts that we have learned\n{learned}\n\n"
        f"### 1.3. Facts still to look up\n{still}\n\n"
        "### 1.4. Facts still to derive\n- none\n\n"
        f"## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


def site(name: str, menu: str, body: str, footer: str, banner: bool = True) -> str:
    """A small club's page as a page visitor renders it: skip link, menu, banner, footer."""
    head = f"[Skip to main content]\n\n{name}\n\n{menu}\n\n"
    if banner:
        head += COOKIES + "\n\n"
    return f"{head}{body}\n\n---\n{footer}"


def line_of(source: str, needle: str) -> int:
    """The 1-based number of the first line of `source` that contains `needle`."""
    for number, line in enumerate(source.split("\n"), 1):
        if needle in line:
            return number
    raise ValueError(needle)


def table(header: list[str], rows: list[list[Any]]) -> str:
    """A markdown table."""
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(out)


# 1 hedge-laying match: manager CodeAgent + search agent; the club's results page answered 502
# once and was retried; the report lists every class winner with points.
w = World()
HEDGE = "https://ashcombehedgers.org.uk/results-2024"
w.search = [
    (
        ("ashcombe", "hedge"),
        results(
            (
                "Results 2024 - Ashcombe & District Hedge-Laying Society",
                HEDGE,
                "Full results of the 46th annual match, held on 2 November 2024 at Manor Farm, "
                "Lower Ashcombe: class winners, points and special awards.",
            ),
            (
                "Hedge-laying match draws crowds despite the rain | Ashcombe Gazette",
                "https://www.ashcombe-gazette.co.uk/news/2024/11/hedge-laying-match",
                "Forty-one hedgers from five counties turned out on Saturday for the society's "
                "46th match...",
            ),
            (
                "Styles of hedge laying - National Hedgelaying Society",
                "https://www.hedgelaying.org.uk/styles",
                "Midland, South of England, Welsh Border, Derbyshire: how the regional styles "
                "differ.",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = "502 Server Error: Bad Gateway for url: " + HEDGE
w.pages[HEDGE] = site(
    "Ashcombe & District Hedge-Laying Society",
    "Home | About us | The Match | Results | Gallery | Training days | Join | Contact",
    "# Results 2024\n\n"
    "46th Annual Match, Saturday 2nd November 2024, by kind permission of the Tolley family, "
    "Manor Farm, Lower Ashcombe. Judges: M. Hine (Midland), D. Parr (South of England).\n\n"
    "Each hedge is judged out of 100: cutting 30, laying 30, staking and binding 25, "
    "overall finish 15.\n\n"
    "## Class winners\n\n"
    + table(
        ["Class", "Style", "Winner", "Parish", "Points"],
        [
            ["Open", "South of England", "Rhys Pemberton", "Lower Ashcombe", 91],
            ["Open", "Midland", "Tom Garside", "Hartley Wyke", 87],
            ["Intermediate", "Midland", "Owen Pryce", "Stoke Orchard", 79],
            ["Novice", "Any style", "Jess Whitlow", "Ashcombe", 68],
        ],
    )
    + "\n\nChampion of champions (best points of the day, any class): Rhys Pemberton, 91.\n\n"
    "Best hedge by a first-time competitor: Amira Sadiq (Novice), 64.\n\n"
    "Full placings for every class are on the notice board at the Plough and in the January "
    "newsletter.",
    "(c) 2024 Ashcombe & District Hedge-Laying Society. Registered charity no. 1093177. "
    "Privacy | Cookies | Accessibility",
)
RUNS.append(
    Run(
        "hedge_laying_match",
        "misread_tool_output",
        "At the 2024 Ashcombe & District Hedge-Laying Match, how many points did the winner of "
        "the Midland-style open class score? Reply with the number only.",
        [
            code(
                "I will ask search_agent for the 2024 match results and the Midland open class.",
                'r = search_agent(task="Find the 2024 results of the Ashcombe & District '
                "Hedge-Laying Match (46th annual match, November 2024). I need the winner of the "
                'open class laid in the Midland style and the points that winner scored.")\n'
                "print(r)",
            ),
            code(
                "I extract the points from the Midland line of the report.",
                'seg = r.split("Midland style:")[1]\nprint(int(seg.split("points")[0]))',
            ),
            code(
                "int() got the winner's name too. Reading the report: the Midland open class "
                "winner scored 91 points, the best of the day.",
                "points = 91\nprint(points)",
                bad=True,
            ),
            code("I return the points.", "final_answer(str(points))"),
        ],
        [
            call(
                "web_search",
                "I search for the 2024 match results.",
                query="Ashcombe District Hedge-Laying Match 2024 results",
            ),
            call("visit_webpage", "The society's results page.", url=HEDGE),
            call("visit_webpage", "Bad gateway; I try the page again.", url=HEDGE),
            answer(
                outcome(
                    "The 2024 class winners and their points are on the society's results "
                    "page; they are listed below, the Midland open class among them.",
                    "Class winners, 46th Annual Match (2 November 2024), from " + HEDGE + ":\n"
                    "- Open, South of England style: Rhys Pemberton (Lower Ashcombe), 91 points\n"
                    "- Open, Midland style: Tom Garside (Hartley Wyke), 87 points\n"
                    "- Intermediate, Midland style: Owen Pryce (Stoke Orchard), 79 points\n"
                    "- Novice, any style: Jess Whitlow (Ashcombe), 68 points\n"
                    "Champion of champions (best points of the day): Rhys Pemberton, 91.",
                    "Hedges are judged out of 100 (cutting 30, laying 30, staking and binding "
                    "25, finish 15).",
                ),
                "The results table gives every class winner.",
            ),
        ],
        [{"type": "exact_match", "value": "87"}],
        M,
        w,
        note="report lists the Midland open winner at 87; the manager writes 91 (another class)",
    )
)

# 2 fly-fishing club's catch returns: a single CodeAgent on the JSON API; a guessed endpoint
# answers 400, the returns are paged, weights are null for fish released unweighed.
w = World()


def _catch(
    n: int, date: str, entered: str, beat: str, species: str, weight: Any, grams: Any, **more: Any
) -> dict[str, Any]:
    return {
        "id": f"R24-{n:03d}",
        "date": date,
        "entered": entered,
        "angler": f"member {100 + n * 7 % 90}",
        "beat": beat,
        "species": species,
        "weight": weight,
        "weight_g": grams,
        "released": more.get("released", grams is None),
        "method": more.get("method", "nymph"),
        "notes": more.get("notes"),
    }


CATCHES = [
    _catch(3, "16/03/2024", "2024-03-16T19:40:00Z", "Cademuir", "BT", "1 lb 2 oz", 510),
    _catch(
        12, "11/04/2024", "2024-04-11T20:02:00+01:00", "Kirkburn pool", "BT", "3 lb 10 oz", 1640
    ),
    _catch(19, "27/04/2024", "2024-04-28T08:15:00+01:00", "Cademuir", "GR", None, None),
    _catch(
        24,
        "12/05/2024",
        "2024-05-12T21:30:00+01:00",
        "Mill lade",
        "RT",
        "5 lb 5 oz",
        2400,
        notes="escapee from the fish farm upstream",
    ),
    _catch(
        31,
        "04/06/2024",
        "2024-06-04T22:11:00+01:00",
        "Kirkburn pool",
        "BT",
        "4 lb 11 oz",
        2126,
        method="dry fly",
        released=True,
    ),
    _catch(33, "05/06/2024", "2024-06-05T21:47:00+01:00", "Cademuir", "BT", None, None),
    _catch(40, "21/06/2024", "2024-06-22T07:03:00+01:00", "Lyne foot", "BT", "2 lb 0 oz", 905),
    _catch(52, "09/07/2024", "2024-07-09T23:20:00+01:00", "Lyne foot", "BT", None, None),
    _catch(
        58,
        "19/07/2024",
        "2024-07-20T00:35:00+01:00",
        "Lyne foot",
        "ST",
        "6 lb 2 oz",
        2780,
        method="fly, night",
    ),
    _catch(63, "02/08/2024", "2024-08-02T22:58:00+01:00", "Cademuir", "BT", "1 lb 14 oz", 850),
    _catch(77, "23/08/2024", "2024-08-24T09:12:00+01:00", "Kirkburn pool", "BT", "4 lb 6 oz", 1985),
    _catch(81, "30/08/2024", "2024-08-30T20:40:00+01:00", "Mill lade", "GR", "1 lb 9 oz", 710),
    _catch(88, "14/09/2024", "2024-09-14T18:25:00+01:00", "Lyne foot", "ST", "3 lb 3 oz", 1450),
    _catch(95, "28/09/2024", "2024-09-28T17:50:00+01:00", "Cademuir", "BT", None, None),
]
_META = {
    "association": "Eddlestone Water Angling Association",
    "season": 2024,
    "date_format": "DD/MM/YYYY",
    "entered_format": "ISO 8601, when the return was submitted",
    "weights": "weight as entered by the angler; weight_g converted, null if not weighed",
    "species_codes": {
        "BT": "brown trout",
        "ST": "sea trout",
        "RT": "rainbow trout",
        "GR": "grayling",
    },
    "per_page": 8,
    "pages": 2,
    "total": len(CATCHES),
}
w.api = {
    "/catch-returns?season=2024": {
        **_META,
        "page": 1,
        "next": "/catch-returns?season=2024&page=2",
        "returns": CATCHES[:8],
    },
    "/catch-returns?season=2024&page=2": {
        **_META,
        "page": 2,
        "next": None,
        "returns": CATCHES[8:],
    },
}
RUNS.append(
    Run(
        "fly_fishing_returns",
        "misread_tool_output",
        "According to the Eddlestone Water Angling Association's catch-returns API, on what date "
        "was the heaviest brown trout of the 2024 season caught? Answer as YYYY-MM-DD.",
        [
            code(
                "I try the returns for the 2024 season.",
                'print(fetch_json(endpoint="/returns/2024"))',
            ),
            code(
                "Unknown endpoint. I try the catch-returns path with a season parameter.",
                "import json\n"
                'data = json.loads(fetch_json(endpoint="/catch-returns?season=2024"))\n'
                'print({k: v for k, v in data.items() if k != "returns"})\n'
                'print(data["returns"][0])',
            ),
            code(
                "Two pages. I collect both and take the heaviest brown trout (BT).",
                'rows = data["returns"] + json.loads(fetch_json(endpoint=data["next"]))'
                '["returns"]\n'
                'bt = [r for r in rows if r["species"] == "BT"]\n'
                'best = max(bt, key=lambda r: r["weight_g"])\n'
                "print(best)",
            ),
            code(
                "Some brown trout were released unweighed (weight_g is null); I leave those out "
                "and list the heaviest three.",
                'weighed = [r for r in bt if r["weight_g"] is not None]\n'
                'top = sorted(weighed, key=lambda r: r["weight_g"], reverse=True)[:3]\n'
                "for r in top:\n"
                '    print(r["id"], r["date"], r["weight"], r["weight_g"], r["beat"])',
            ),
            code(
                "The heaviest brown trout is R24-031, 4 lb 11 oz (2126 g) from Kirkburn pool, "
                "caught 04/06/2024, i.e. 6 April 2024.",
                'date = "2024-04-06"\nprint(date)',
                bad=True,
            ),
            code("I return the date.", "final_answer(date)"),
        ],
        None,
        [{"type": "exact_match", "value": "2024-06-04"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="dates are DD/MM/YYYY (04/06/2024 is 4 June); the agent writes 6 April",
    )
)

# 3 toe wrestling championship: manager CodeAgent (with a plan) + search agent; a rate-limited
# search retried; the roll of honour is a long table from the first year on.
w = World()
ROLL = "https://brackenfoldtoewrestling.org.uk/roll-of-honour"
HISTORY = "https://brackenfoldtoewrestling.org.uk/history"
_MEN = [
    "Arthur Bibby",
    "Len Stott",
    "Arthur Bibby",
    "Keith Marsden",
    "Dougie Pratt",
    "Keith Marsden",
    "Ray Cawthorne",
    "Ray Cawthorne",
    "Neville Fox",
    "Phil Armitage",
]
_WOMEN = [
    "Sandra Hey",
    "Jo Whiteley",
    "Sandra Hey",
    "Mandy Crabtree",
    "Lorraine Pickles",
    "Denise Oldroyd",
    "Karen Booth",
    "Mandy Crabtree",
    "Sue Lumb",
    "Karen Booth",
]
_roll_rows = []
for _i, _year in enumerate(range(1978, 2026)):
    if _year == 2020:
        _roll_rows.append([_year, "not held (pandemic)", "not held (pandemic)"])
        continue
    _women = "-" if _year < 1999 else _WOMEN[(_year * 3) % len(_WOMEN)]
    if _year in (2009, 2011, 2016):
        _women = "Pauline Oakes"
    _roll_rows.append([_year, _MEN[(_i * 7) % len(_MEN)], _women])
w.search = [
    (
        ("brackenfold", "toe"),
        results(
            (
                "Roll of Honour - Brackenfold Toe Wrestling Championship",
                ROLL,
                "Every men's and women's champion since the first championship at the "
                "Shepherd's Rest.",
            ),
            (
                "History - Brackenfold Toe Wrestling Championship",
                HISTORY,
                "How a wet afternoon at the Shepherd's Rest became a championship.",
            ),
            (
                "Toe wrestling - Wikipedia",
                "https://en.wikipedia.org/wiki/Toe_wrestling",
                "Toe wrestling is a sport similar to arm wrestling, played with the toes.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in 20 seconds"
w.pages[ROLL] = site(
    "Brackenfold Toe Wrestling Championship",
    "Home | Rules | History | Roll of Honour | Enter | Getting here",
    "# Roll of Honour\n\nHeld every July in the back field of the Shepherd's Rest, Brackenfold. "
    "A women's championship was added in 1999.\n\n"
    + table(["Year", "Men's champion", "Women's champion"], _roll_rows),
    "Brackenfold Toe Wrestling Championship committee. Site by a regular.",
    banner=False,
)
w.pages[HISTORY] = site(
    "Brackenfold Toe Wrestling Championship",
    "Home | Rules | History | Roll of Honour | Enter | Getting here",
    "# History\n\nThe idea was dreamt up in the Shepherd's Rest one wet afternoon in 1974, "
    "when the regulars decided that the village should be world-famous for something. It took "
    "the landlord four summers and a letter to the brewery to get it going: the first "
    "championship was held in July 1978, with eleven entrants and a cup borrowed from the "
    "darts team.",
    "Brackenfold Toe Wrestling Championship committee. Site by a regular.",
    banner=False,
)
RUNS.append(
    Run(
        "toe_wrestling_championship",
        "hallucinated_fact",
        "How many years after the first Brackenfold Toe Wrestling Championship did Pauline "
        "Oakes win her first women's title? Reply with the number only.",
        [
            survey(
                "- Pauline Oakes, a women's champion at Brackenfold\n"
                "- the championship was first held in 1976, in the back field of the "
                "Shepherd's Rest",
                "- the year of Pauline Oakes's first women's title",
                "- that year minus 1976",
                "1. Ask search_agent for the year of Pauline Oakes's first women's title.\n"
                "2. Subtract 1976 and return the number.",
                bad=True,
            ),
            code(
                "Following the plan, I ask search_agent for Pauline Oakes's first title.",
                'r = search_agent(task="Find the year in which Pauline Oakes won her first '
                "women's title at the Brackenfold Toe Wrestling Championship. Check the "
                "championship's roll of honour.\")\nprint(r)",
            ),
            code(
                "Her first title was in 2009. I subtract the first championship's year.",
                "first_title = 2009\nyears = first_title - 1976\nprint(years)",
            ),
            code("I return the number of years.", "final_answer(str(years))"),
        ],
        [
            call(
                "web_search",
                "I look for the roll of honour.",
                query="Brackenfold Toe Wrestling Championship roll of honour Pauline Oakes",
            ),
            call(
                "web_search",
                "Rate-limited; I try again.",
                query="Brackenfold Toe Wrestling Championship roll of honour Pauline Oakes",
            ),
            call("visit_webpage", "The roll of honour lists every champion.", url=ROLL),
            answer(
                outcome(
                    "Pauline Oakes won her first women's title in 2009.",
                    "The championship's roll of honour (" + ROLL + ") lists Pauline Oakes as "
                    "women's champion in 2009, 2011 and 2016; 2009 is her first title.",
                ),
                "She first appears in 2009.",
            ),
        ],
        [{"type": "exact_match", "value": "31"}],
        M,
        w,
        planning=4,
        note="the plan states the first championship as 1976 (held 1978); the manager subtracts it",
    )
)

# 4 draughts club's rating package: a single CodeAgent on the code search; a guessed path and a
# search with no match.
w = World()
UPDATE = (
    '"""Rating updates after a game (Elo, with the club\'s K-factors)."""\n'
    "\n"
    "from __future__ import annotations\n"
    "\n"
    "from dcrating.constants import K_JUNIOR, K_PROVISIONAL, K_STANDARD\n"
    "from dcrating.players import Player\n"
    "\n"
    "\n"
    "def expected(rating: float, opponent: float) -> float:\n"
    "    return 1 / (1 + 10 ** ((opponent - rating) / 400))\n"
    "\n"
    "\n"
    "def k_for(player: Player) -> int:\n"
    "    if player.games < 20:\n"
    "        return K_PROVISIONAL\n"
    "    return K_STANDARD\n"
    "\n"
    "\n"
    "def update(player: Player, opponent: Player, score: float) -> float:\n"
    '    """The new rating of `player` after a game; score is 1, 0.5 or 0."""\n'
    "    k = K_JUNIOR if player.is_junior else k_for(player)\n"
    "    return player.rating + k * (score - expected(player.rating, opponent.rating))\n"
)
CONSTANTS = (
    '"""Tunable numbers of the club\'s rating list. Changes need a committee vote."""\n'
    "\n"
    "from typing import Final\n"
    "\n"
    "START_RATING: Final[int] = 1200\n"
    "\n"
    "# K-factors (see minutes of the AGM, March 2023)\n"
    "K_PROVISIONAL: Final[int] = 32\n"
    "K_STANDARD: Final[int] = 16\n"
    "K_JUNIOR: Final[int] = 24  # lowered from 40 at the 2023 AGM\n"
    "\n"
    "JUNIOR_AGE: Final[int] = 18\n"
)
PLAYERS = (
    '"""Club members as the rating list sees them."""\n'
    "\n"
    "from __future__ import annotations\n"
    "\n"
    "from dataclasses import dataclass\n"
    "\n"
    "from dcrating.constants import JUNIOR_AGE\n"
    "\n"
    "\n"
    "@dataclass\n"
    "class Player:\n"
    "    name: str\n"
    "    rating: float\n"
    "    games: int = 0\n"
    "    age: int | None = None\n"
    "\n"
    "    @property\n"
    "    def is_junior(self) -> bool:\n"
    "        return self.age is not None and self.age < JUNIOR_AGE\n"
)
w.files = {
    "src/dcrating/update.py": UPDATE,
    "src/dcrating/constants.py": CONSTANTS,
    "src/dcrating/players.py": PLAYERS,
}
w.grep = {
    "junior": [
        {
            "path": "src/dcrating/players.py",
            "line": line_of(PLAYERS, "def is_junior"),
            "text": "    def is_junior(self) -> bool:",
        },
        {
            "path": "src/dcrating/update.py",
            "line": line_of(UPDATE, "k = K_JUNIOR"),
            "text": "    k = K_JUNIOR if player.is_junior else k_for(player)",
        },
        {
            "path": "tests/test_update.py",
            "line": 31,
            "text": "def test_junior_win_moves_rating():",
        },
        {
            "path": "docs/rating-list.md",
            "line": 12,
            "text": "Juniors (under 18) have their own K-factor, set by the committee.",
        },
    ],
    "K_JUNIOR": [
        {
            "path": "src/dcrating/constants.py",
            "line": line_of(CONSTANTS, "K_JUNIOR"),
            "text": "K_JUNIOR: Final[int] = 24  # lowered from 40 at the 2023 AGM",
        },
        {
            "path": "src/dcrating/update.py",
            "line": line_of(UPDATE, "import K_JUNIOR"),
            "text": "from dcrating.constants import K_JUNIOR, K_PROVISIONAL, K_STANDARD",
        },
        {
            "path": "src/dcrating/update.py",
            "line": line_of(UPDATE, "k = K_JUNIOR"),
            "text": "    k = K_JUNIOR if player.is_junior else k_for(player)",
        },
    ],
}
RUNS.append(
    Run(
        "draughts_rating_package",
        "hallucinated_fact",
        "Issue #58 in the Whinmoor Draughts Club's `dcrating` package: junior members' ratings "
        "move too slowly after a win. What K-factor does the package currently apply to junior "
        "players? Answer with the number only.",
        [
            code(
                "I search the code for where juniors are handled.",
                'print(search_code(pattern="junior"))',
            ),
            code(
                "update.py picks K_JUNIOR for juniors. I read it.",
                'print(read_file(path="src/dcrating/update.py"))',
            ),
            code(
                "K_JUNIOR is imported from dcrating.constants. I read that module.",
                'print(read_file(path="dcrating/constants.py"))',
            ),
            code(
                "Not at that path. I look for the assignment itself.",
                'print(search_code(pattern="K_JUNIOR = "))',
            ),
            code(
                "No assignment matches. The package follows the standard Elo set-up, where "
                "juniors get the high K-factor of 40 so their ratings settle quickly.",
                'final_answer("40")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "24"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="K_JUNIOR is 24 in constants.py, never read; the agent answers 40 from convention",
    )
)

# 5 numismatic society's catalogue package: manager CodeAgent + code-search agent; the file
# read timed out; the manager's first regex missed.
w = World()
GRADING = (
    '"""Grades for the society\'s token and coin catalogue, in British grading terms."""\n'
    "\n"
    "from __future__ import annotations\n"
    "\n"
    "# Sheldon score lower bounds and the society's labels, best first. The society uses\n"
    "# the British terms (EF, not the American XF; FDC for the finest).\n"
    "GRADE_BANDS: list[tuple[int, str]] = [\n"
    '    (70, "FDC"),\n'
    '    (60, "UNC"),\n'
    '    (50, "AU"),\n'
    '    (40, "EF"),\n'
    '    (20, "VF"),\n'
    '    (12, "F"),\n'
    '    (8, "VG"),\n'
    '    (4, "G"),\n'
    '    (1, "P"),\n'
    "]\n"
    "\n"
    "\n"
    "def grade_label(score: int) -> str:\n"
    '    """The grade label for a Sheldon score from 1 to 70."""\n'
    "    for floor, label in GRADE_BANDS:\n"
    "        if score >= floor:\n"
    "            return label\n"
    '    raise ValueError(f"not a Sheldon score: {score}")\n'
)
w.files = {"src/tokencat/grading.py": GRADING}
w.grep = {
    "grade_label": [
        {
            "path": "src/tokencat/grading.py",
            "line": line_of(GRADING, "def grade_label"),
            "text": "def grade_label(score: int) -> str:",
        },
        {
            "path": "src/tokencat/export.py",
            "line": 57,
            "text": '        row["grade"] = grade_label(coin.sheldon)',
        },
        {
            "path": "tests/test_grading.py",
            "line": 4,
            "text": "from tokencat.grading import grade_label",
        },
    ]
}
w.fail[("read_file", 0)] = (
    "ReadTimeout: the repository file service did not answer within 30 s (src/tokencat/grading.py)"
)
RUNS.append(
    Run(
        "numismatic_catalogue_package",
        "ignored_tool_error",
        "In the Thornbury Numismatic Society's `tokencat` catalogue package, what label does "
        "`grade_label()` return for a Sheldon score of 45? Answer with the label only, exactly "
        "as the function returns it.",
        [
            code(
                "I ask code_agent to find grade_label and what it returns for 45.",
                'report = code_agent(task="In the tokencat repository, find the function '
                "grade_label() and tell me the exact label it returns for a Sheldon score of 45. "
                'Quote the relevant lines of code.")\nprint(report)',
            ),
            code(
                "I pull the label out of the report.",
                'import re\nlabel = re.search(r"returns `(\\w+)`", report).group(1)\nprint(label)',
            ),
            code(
                "The label is in single quotes, not backticks.",
                'label = report.split("returns \'")[1].split("\'")[0]\nprint(label)',
            ),
            code("I return the label.", "final_answer(label)"),
        ],
        [
            call("search_code", "I look for the function.", pattern="grade_label"),
            call(
                "read_file",
                "The definition is in grading.py; I read it.",
                path="src/tokencat/grading.py",
            ),
            answer(
                outcome(
                    "grade_label(45) returns 'XF'.",
                    "grade_label() is defined in src/tokencat/grading.py (line "
                    f"{line_of(GRADING, 'def grade_label')}). It maps a Sheldon score to its "
                    "grade band; 45 is in the extremely fine band (40-49), so grade_label(45) "
                    "returns 'XF'.",
                    "It is called from src/tokencat/export.py line 57 when the catalogue is "
                    "exported.",
                ),
                "grade_label maps a Sheldon score to the usual grade bands; 45 is extremely fine.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "EF"},
            {"type": "tool_succeeded", "tool": "read_file"},
        ],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        note="read_file timed out; the code agent reports 'XF' (the file says EF)",
    )
)

# 6 geocaching club's cache API: a single CodeAgent; a guessed endpoint answers 400, a JSON
# string is indexed, the list is paged over three pages and the third answered 503.
w = World()
_TYPES = [
    "traditional",
    "multi",
    "mystery",
    "traditional",
    "letterbox",
    "multi",
    "traditional",
    "earthcache",
    "multi",
    "multi",
]
_TYPES_2 = [
    "multi",
    "traditional",
    "traditional",
    "multi",
    "mystery",
    "multi",
    "traditional",
    "letterbox",
    "traditional",
    "mystery",
]
_TYPES_3 = ["traditional", "multi", "mystery", "multi", "traditional", "traditional"]
_NAMES = [
    "Packhorse Bridge",
    "The Five Stiles",
    "Miller's Riddle",
    "Top o' Th' Moor",
    "Old Quarry Post",
    "Round the Reservoir",
    "Chapel Steps",
    "Gritstone Edge",
    "Boundary Stones",
    "Owl Wood Puzzle",
]
_caches = []
for _n, _type in enumerate(_TYPES + _TYPES_2 + _TYPES_3):
    _year, _month, _day = 2016 + _n % 4, _n % 9 + 1, _n % 27 + 1
    _placed = f"{_year}-{_month:02d}-{_day:02d}"
    if _n % 3 == 0:  # listings imported from the old site keep day/month/year
        _placed = f"{_day:02d}/{_month:02d}/{_year}"
    _suffix = "" if _n < 10 else f" #{_n // 10 + 1}"
    _caches.append(
        {
            "gc_code": f"GC{0x8A21F + _n * 331:X}",
            "name": _NAMES[_n % 10] + _suffix,
            "type": _type,
            "size": [None, "small", "regular", "micro"][_n % 4],
            "difficulty": [1.5, 2, 3.5, 2.5][_n % 4],
            "terrain": [2, 1.5, 3, 2.5][_n % 4],
            "placed": _placed,
            "last_found": None if _n % 5 == 4 else f"2025-0{_n % 9 + 1}-2{_n % 8}",
            "owner": ["fellside_fox", "Tykeseeker", "moorhen42", "the_pennine_pair"][_n % 4],
            "favourites": (_n * 13) % 17,
            "hint": None,
            "status": "active",
        }
    )
_GEO = {
    "club": "Fellside Geocaching Club",
    "status": "active",
    "per_page": 10,
    "pages": 3,
    "total": len(_caches),
    "placed_format": "mixed (imported listings keep DD/MM/YYYY)",
}
_page_1 = {**_GEO, "page": 1, "next": "/caches?status=active&page=2", "caches": _caches[:10]}
w.api = {
    "/caches?status=active": _page_1,
    "/caches?status=active&page=1": _page_1,
    "/caches?status=active&page=2": {
        **_GEO,
        "page": 2,
        "next": "/caches?status=active&page=3",
        "caches": _caches[10:20],
    },
    "/caches?status=active&page=3": {**_GEO, "page": 3, "next": None, "caches": _caches[20:]},
}
w.fail[("fetch_json", 5)] = (
    "503 Service Unavailable: the cache database is being backed up, try again in a minute"
)
RUNS.append(
    Run(
        "geocaching_club_api",
        "ignored_tool_error",
        "How many of the Fellside Geocaching Club's active caches are multi-caches, according to "
        "the club's cache API? Reply with the number only.",
        [
            code(
                "I ask the API for the active caches.",
                'print(fetch_json(endpoint="/caches/active"))',
            ),
            code(
                "That path is unknown; I try a status filter.",
                'data = fetch_json(endpoint="/caches?status=active")\nprint(data["total"])',
            ),
            code(
                "fetch_json returns a JSON string; I parse it and look at the fields.",
                "import json\n"
                'data = json.loads(fetch_json(endpoint="/caches?status=active"))\n'
                'print({k: v for k, v in data.items() if k != "caches"})\n'
                'print(data["caches"][0])',
            ),
            code(
                "The list has several pages; I load them all.",
                "caches = []\n"
                'for p in range(1, data["pages"] + 1):\n'
                "    try:\n"
                '        url = f"/caches?status=active&page={p}"\n'
                "        page = json.loads(fetch_json(endpoint=url))\n"
                '        caches.extend(page["caches"])\n'
                "        print(f\"page {p}: {len(page['caches'])} caches\")\n"
                "    except Exception as e:\n"
                '        print(f"page {p}: error {e}")\n'
                'print(len(caches), "caches loaded")',
            ),
            code(
                "Now I count the multi-caches among the active caches.",
                'multis = [c for c in caches if c["type"] == "multi"]\n'
                "for c in multis:\n"
                '    print(c["gc_code"], c["name"])\n'
                "print(len(multis))",
                bad=True,
            ),
            code("I return the count.", "final_answer(str(len(multis)))"),
        ],
        None,
        [{"type": "exact_match", "value": "9"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="page 3 answered 503 in the loop; the agent counts pages 1-2 only (7, not 9)",
    )
)

# 7 Subbuteo league: manager CodeAgent + search agent; pages with menus and a cookie banner, a
# table for each season; the manager's first regex missed.
w = World()
_TEAMS = [
    "Todmorden Tigers",
    "Sowerby Strikers",
    "Hebden Flickers",
    "Mytholm Rovers",
    "Luddenden Foot FC",
    "Halifax Baize",
    "Ripponden Athletic",
    "Elland Edge",
    "Brighouse Blues",
    "Walsden Wanderers",
]


def _league(order: list[int], points: list[int]) -> str:
    rows = []
    for pos, (team, pts) in enumerate(zip(order, points, strict=True), 1):
        won = (pts - 2) // 3
        drawn = pts - 3 * won
        lost = 18 - won - drawn
        scored = 40 + pts
        conceded = 80 - pts
        rows.append(
            [
                pos,
                _TEAMS[team],
                18,
                won,
                drawn,
                lost,
                scored,
                conceded,
                f"{scored - conceded:+d}",
                pts,
            ]
        )
    return table(["Pos", "Team", "P", "W", "D", "L", "F", "A", "GD", "Pts"], rows)


CV = "https://cvtfl.org.uk/tables/"
_cv_menu = "Home | Fixtures | Results | Tables | Clubs | Rules | Contact"
w.pages[CV + "2023-24/div1"] = site(
    "Calder Valley Table Football League",
    _cv_menu,
    "# Division One - final table 2023-24\n\nSeason 2023-24 (September 2023 to April 2024). "
    "Three points for a win, one for a draw.\n\n"
    + _league([1, 0, 5, 2, 3, 7, 4, 6, 9, 8], [44, 41, 37, 34, 30, 27, 23, 19, 14, 10])
    + "\n\nShowing 1 to 10 of 10 teams. Champions: Sowerby Strikers. Relegated: Walsden "
    "Wanderers.\n\n[< 2022-23] [2024-25 >]",
    "Calder Valley TFL is affiliated to the national table football association. Site "
    "maintained by the league secretary.",
)
w.pages[CV + "2024-25/div1"] = site(
    "Calder Valley Table Football League",
    _cv_menu,
    "# Division One - final table 2024-25\n\nSeason 2024-25 (September 2024 to April 2025). "
    "Three points for a win, one for a draw.\n\n"
    + _league([0, 3, 5, 1, 2, 4, 7, 6, 9, 8], [46, 40, 36, 33, 29, 26, 22, 20, 15, 11])
    + "\n\nShowing 1 to 10 of 10 teams. Champions: Todmorden Tigers. Relegated: Walsden "
    "Wanderers.\n\n[< 2023-24] [2025-26 >]",
    "Calder Valley TFL is affiliated to the national table football association. Site "
    "maintained by the league secretary.",
)
w.search = [
    (
        ("calder valley", "2023-24"),
        results(
            (
                "Division One - final table 2023-24 | Calder Valley Table Football League",
                CV + "2023-24/div1",
                "Final standings for Division One, season 2023-24.",
            ),
            (
                "Calder Valley TFL - Tables",
                "https://cvtfl.org.uk/tables",
                "League tables for every season and division.",
            ),
        ),
    ),
    (
        ("calder valley",),
        results(
            (
                "Division One - final table 2024-25 | Calder Valley Table Football League",
                CV + "2024-25/div1",
                "Final standings for Division One, season 2024-25.",
            ),
            (
                "Division One - final table 2023-24 | Calder Valley Table Football League",
                CV + "2023-24/div1",
                "Final standings for Division One, season 2023-24.",
            ),
            (
                "Subbuteo is back: the flick-to-kick revival in the Calder Valley",
                "https://www.halifaxcourier-news.example.co.uk/subbuteo-revival",
                "Ten clubs, one league and a lot of green baize...",
            ),
        ),
    ),
]
RUNS.append(
    Run(
        "subbuteo_league",
        "wrong_tool_arguments",
        "In the 2024-25 season of the Calder Valley Table Football League (Subbuteo), how many "
        "points did Hebden Flickers finish Division One on? Reply with the number only.",
        [
            code(
                "I ask search_agent for the final Division One table.",
                'r = search_agent(task="Find the final Division One table of the Calder Valley '
                "Table Football League for the 2024-25 season (September 2024 to April 2025) and "
                'tell me how many points Hebden Flickers finished on.")\nprint(r)',
            ),
            code(
                "I take the points from the report.",
                'import re\nprint(re.search(r"(\\d+) pts", r).group(1))',
            ),
            code(
                "The report writes 'points'.",
                'pts = re.search(r"on (\\d+) points", r).group(1)\nprint(pts)',
            ),
            code("I return the points.", "final_answer(pts)"),
        ],
        [
            call(
                "web_search",
                "I search for the league's final table.",
                bad=True,
                query="Calder Valley Table Football League Division One final table 2023-24",
            ),
            call("visit_webpage", "The league's own table.", url=CV + "2023-24/div1"),
            answer(
                outcome(
                    "Hebden Flickers finished Division One on 34 points.",
                    "Final Division One table (" + CV + "2023-24/div1): Hebden Flickers "
                    "4th, P18 W10 D4 L4, goals 74-46, 34 points. Champions Sowerby Strikers.",
                ),
                "The final table gives the points.",
            ),
        ],
        [{"type": "exact_match", "value": "29"}],
        S,
        w,
        note="the sub-agent searches the 2023-24 table (34); 2024-25 gives 29",
    )
)

# 8 bar billiards league's statistics package: manager CodeAgent + code-search agent; a search
# that finds nothing; the manager uses re before importing it.
w = World()
SCORING = (
    '"""Scoring of a bar billiards break."""\n'
    "\n"
    "from __future__ import annotations\n"
    "\n"
    "from bbstats.pegs import BLACK_PEG_PENALTY, MUSHROOM\n"
    "\n"
    "HOLE_VALUES = {'10': 10, '20': 20, '30': 30, '40': 40, '50': 50, '75': 75, '100': 100,\n"
    "               '200': 200}\n"
    "\n"
    "\n"
    "def score_break(pots, pegs_down):\n"
    '    """Points for one break: pots are hole names, pegs_down the pegs knocked over."""\n'
    "    total = sum(HOLE_VALUES[p] for p in pots)\n"
    "    for peg in pegs_down:\n"
    "        total -= BLACK_PEG_PENALTY\n"
    "    if MUSHROOM in pegs_down:\n"
    "        total -= BLACK_PEG_PENALTY\n"
    "    return max(total, 0)\n"
)
SUMMARY = (
    '"""Plain-text reports for the league\'s website and noticeboards."""\n'
    "\n"
    "from __future__ import annotations\n"
    "\n"
    "from bbstats.models import BreakEntry\n"
    "\n"
    "\n"
    "def break_score(entry: BreakEntry) -> str:\n"
    '    """One line of the highest-breaks table, e.g. \'J. Ellis 8,450 (peg down)\'."""\n'
    '    note = " (peg down)" if entry.peg_down else ""\n'
    '    return f"{entry.player} {entry.points:,}{note}"\n'
    "\n"
    "\n"
    "def highest_breaks(entries, n=10):\n"
    "    lines = []\n"
    "    for e in sorted(entries, key=lambda e: -e.points)[:n]:\n"
    "        lines.append(break_score(e))\n"
    '    return "\\n".join(lines)\n'
)
w.files = {"src/bbstats/scoring.py": SCORING, "src/bbstats/reports/summary.py": SUMMARY}
w.grep = {
    "break_score": [
        {
            "path": "src/bbstats/reports/summary.py",
            "line": line_of(SUMMARY, "def break_score"),
            "text": "def break_score(entry: BreakEntry) -> str:",
        },
        {
            "path": "src/bbstats/reports/summary.py",
            "line": line_of(SUMMARY, "lines.append"),
            "text": "        lines.append(break_score(e))",
        },
    ],
    "score_break": [
        {
            "path": "src/bbstats/scoring.py",
            "line": line_of(SCORING, "def score_break"),
            "text": "def score_break(pots, pegs_down):",
        },
        {
            "path": "src/bbstats/match.py",
            "line": 88,
            "text": "        total += score_break(pots, pegs)",
        },
        {
            "path": "tests/test_scoring.py",
            "line": 9,
            "text": "    assert score_break(['200', '50'], ['mushroom']) == 0",
        },
    ],
}
RUNS.append(
    Run(
        "bar_billiards_package",
        "wrong_tool_arguments",
        "Issue #203 in the Thame & District Bar Billiards League's `bbstats` package: "
        "`score_break()` takes the black-peg penalty off twice when a break ends on the "
        "mushroom. Which source file defines the function that needs fixing? Answer with the "
        "repository path only.",
        [
            code(
                "I ask code_agent to find the function from the issue.",
                'loc = code_agent(task="In the bbstats repository, find where break_score() is '
                "defined: the function that scores a break and takes off the black-peg "
                'penalty. Give its file path and show its code.")\nprint(loc)',
                bad=True,
            ),
            code(
                "I take the path from the report.",
                'path = re.findall(r"src/[\\w/]+\\.py", loc)[0]\nprint(path)',
            ),
            code(
                "I need to import re first.",
                'import re\npath = re.findall(r"src/[\\w/]+\\.py", loc)[0]\nprint(path)',
            ),
            code("I return the path.", "final_answer(path)"),
        ],
        [
            call("search_code", "I look for the definition.", pattern="def break_score"),
            call("search_code", "No match with 'def'; the bare name.", pattern="break_score"),
            call(
                "read_file",
                "Defined in the reports package; I read it.",
                path="src/bbstats/reports/summary.py",
            ),
            answer(
                outcome(
                    "break_score() is defined in `src/bbstats/reports/summary.py` (line "
                    f"{line_of(SUMMARY, 'def break_score')}).",
                    "src/bbstats/reports/summary.py defines break_score(entry), which builds "
                    "one line of the highest-breaks table from a BreakEntry and adds the "
                    "'(peg down)' note when a peg went down; highest_breaks() calls it for the "
                    "top ten. It does no arithmetic on the score itself.",
                ),
                "The file defines break_score.",
            ),
        ],
        [{"type": "exact_match", "value": "src/bbstats/scoring.py"}],
        M,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        note="the delegation names break_score (a report formatter) for score_break",
    )
)

# 9 cyclo-cross league round: manager CodeAgent with a plan + search agent; the results page
# answered 502 once; entries, starters and finishers side by side; times in h:mm:ss and mm:ss.
w = World()
KV = "https://kennetvalecx.org.uk/2024-25/round-4-results"
w.search = [
    (
        ("kennet vale",),
        results(
            (
                "Round 4 results - Savernake Park | Kennet Vale Cyclo-Cross League",
                KV,
                "Results of round 4 of the 2024-25 league, Savernake Park, 17 November 2024: "
                "all races.",
            ),
            (
                "Kennet Vale Cyclo-Cross League - 2024-25 calendar",
                "https://kennetvalecx.org.uk/2024-25",
                "Ten rounds from October to January. Entries open a fortnight before each round.",
            ),
            (
                "Savernake Park Cyclo-Cross - event listing",
                "https://events.cycling-calendar.example.com/e/58213",
                "Sun 17 Nov 2024. Organiser: Marlborough Wheelers. Entries: 212.",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = "502 Server Error: Bad Gateway for url: " + KV
_women = [
    [1, "Hannah Croft", "Pewsey Vale CC", 6, "49:52"],
    [2, "Ros Ellery", "Marlborough Wheelers", 6, "50:31"],
    [3, "Imogen Tait", "Swindon RC", 6, "51:07"],
    [4, "Beth Corley", "Kennet Valley Riders", 6, "52:44"],
    [5, "Nadia Qureshi", "Devizes CC", 6, "53:10"],
    [6, "Laura Penhale", "Pewsey Vale CC", 6, "54:02"],
]
w.pages[KV] = site(
    "Kennet Vale Cyclo-Cross League",
    "Home | 2024-25 calendar | Results | Standings | Commissaires | Rules | Contact",
    "# Round 4 - Savernake Park - Sunday 17 November 2024\n\n"
    "Course: 2.6 km lap through the beech avenue, two barriers and a sand pit. Conditions: "
    "heavy mud after overnight rain.\n\n## Race summary\n\n"
    + table(
        ["Race", "Entries", "Started", "Finished", "Winner's laps", "Winner", "Time"],
        [
            ["Senior & V40 men", 84, 79, 71, 8, "Luke Adair", "1:02:18"],
            ["Senior women", 38, 35, 31, 6, "Hannah Croft", "49:52"],
            ["V50+ men", 52, 50, 47, 7, "Graham Ince", "52:39"],
            ["V40+ women", 21, 21, 19, 5, "Kate Mullery", "43:15"],
            ["Juniors (M/W)", 17, 15, 15, 5, "Ollie Dunn", "41:02"],
        ],
    )
    + "\n\nLapped riders are placed by laps completed and are counted as finishers.\n\n"
    "## Senior women - top six\n\n"
    + table(["Pos", "Rider", "Club", "Laps", "Time"], _women)
    + "\n\nFull results (all positions) are in the results spreadsheet. Protests to the "
    "chief commissaire within 30 minutes of the provisional results.",
    "Kennet Vale Cyclo-Cross League. Results are provisional until confirmed at the next "
    "committee meeting.",
)
RUNS.append(
    Run(
        "cyclo_cross_round",
        "goal_deviation",
        "How many riders finished the senior women's race at round 4 of the 2024-25 Kennet Vale "
        "Cyclo-Cross League? Reply with the number only.",
        [
            survey(
                "- Kennet Vale Cyclo-Cross League, 2024-25 season, round 4\n"
                "- the senior women's race",
                "- the size of the senior women's field at round 4: the number of riders on "
                "its entry list",
                "- none",
                "1. Ask search_agent to find the round 4 results and the number of riders in "
                "the senior women's race (the entry list).\n"
                "2. Return that number.",
                bad=True,
            ),
            code(
                "I ask search_agent for the field size.",
                'r = search_agent(task="Find the results of round 4 of the 2024-25 Kennet Vale '
                "Cyclo-Cross League and tell me how many riders were in the senior women's "
                'race, i.e. how many were entered.")\nprint(r)',
            ),
            code(
                "The report gives the number of riders.",
                'import re\nn = int(re.search(r"(\\d+) riders", r).group(1))\nfinal_answer(str(n))',
            ),
        ],
        [
            call(
                "web_search",
                "I look for the round 4 results.",
                query="Kennet Vale Cyclo-Cross League 2024-25 round 4 results senior women",
            ),
            call("visit_webpage", "The league's results page.", url=KV),
            call("visit_webpage", "502; I load it again.", url=KV),
            answer(
                outcome(
                    "38 riders were entered in the senior women's race at round 4.",
                    "Round 4, Savernake Park, Sunday 17 November 2024 (" + KV + "): the race "
                    "summary lists 38 entries for the senior women's race, won by Hannah Croft "
                    "(Pewsey Vale CC) in 49:52 over 6 laps.",
                ),
                "The race summary has the entries.",
            ),
        ],
        [{"type": "exact_match", "value": "31"}],
        M,
        w,
        planning=5,
        note="the plan asks for the entry list (38) where finishers are asked (31)",
    )
)

# 10 well dressing festival: manager CodeAgent + search agent with its own plan; dates in
# several formats; the manager's strptime failed on the weekday and was fixed.
w = World()
WELLS = "https://monksdaleparva.org.uk/well-dressing-2024"
w.search = [
    (
        ("monksdale", "well"),
        results(
            (
                "Well Dressing Week 2024 - Monksdale Parva village website",
                WELLS,
                "Programme for Well Dressing Week 2024: dressing days, display dates, the "
                "blessing of the wells, teas and the band.",
            ),
            (
                "Well dressing - a Peak District tradition | Visit the Peaks",
                "https://www.visitthepeaks.example.com/well-dressing",
                "Dozens of villages dress their wells each summer. Our guide to the season.",
            ),
            (
                "Monksdale Parva Parish Magazine - May 2024",
                "https://monksdaleparva.org.uk/magazine/2024-05",
                "Church news, the allotments, well dressing volunteers wanted...",
            ),
        ),
    )
]
w.pages[WELLS] = site(
    "Monksdale Parva",
    "Home | Village hall | Church | Well Dressing | Parish council | What's on",
    "# Well Dressing Week 2024\n\n"
    "Our four wells (Town Well, Hall Well, Coffin Well and the Children's Well) will be dressed "
    "by volunteers on Thursday 23 and Friday 24 May. Petalling starts at 9am in the village "
    "hall; all welcome.\n\n"
    "**The dressings will be on public display from Saturday 25th May until Saturday 1st "
    "June.**\n\n"
    "The Blessing of the Wells takes place on Sunday 26 May at 2.30pm, starting at the church "
    "and led by the Monksdale Silver Band, with teas in the village hall afterwards.\n\n"
    "Car parking on Townend field (GBP 3, proceeds to the well dressing fund).",
    "Programme updated 2024-05-02. Monksdale Parva Well Dressing Committee. Photographs may be "
    "used on this website; tell a committee member if you would rather not.",
    banner=False,
)
RUNS.append(
    Run(
        "well_dressing_festival",
        "goal_deviation",
        "On what date did the 2024 well dressings at Monksdale Parva go on public display? "
        "Answer as DD/MM/YYYY.",
        [
            code(
                "I ask search_agent for the first day of the display.",
                'r = search_agent(task="Find the date on which the 2024 Monksdale Parva well '
                'dressings went on public display (the first day they could be seen).")\n'
                "print(r)",
            ),
            code(
                "I convert the date.",
                "from datetime import datetime\n"
                'd = datetime.strptime("Sunday 26 May 2024", "%d %B %Y")\n'
                'print(d.strftime("%d/%m/%Y"))',
            ),
            code(
                "The weekday must be in the format too.",
                'd = datetime.strptime("Sunday 26 May 2024", "%A %d %B %Y")\n'
                'print(d.strftime("%d/%m/%Y"))',
            ),
            code("I return the date.", 'final_answer(d.strftime("%d/%m/%Y"))'),
        ],
        [
            text(
                "1. Search for the 2024 Monksdale Parva well dressing programme.\n"
                "2. Find the date of the Blessing of the Wells, the service that opens the "
                "well dressing week and puts the dressings on show.\n"
                "3. Report that date.\n<end_plan>",
                bad=True,
            ),
            call(
                "web_search",
                "I search for the programme.",
                query="Monksdale Parva well dressing 2024 blessing of the wells",
            ),
            call("visit_webpage", "The village website's programme.", url=WELLS),
            answer(
                outcome(
                    "The 2024 well dressing week opened with the Blessing of the Wells on "
                    "Sunday 26 May 2024.",
                    "Monksdale Parva's programme (" + WELLS + "): the wells were dressed on "
                    "23-24 May; the Blessing of the Wells took place on Sunday 26 May 2024 at "
                    "2.30pm, led by the Monksdale Silver Band.",
                ),
                "The programme gives the blessing.",
            ),
        ],
        [{"type": "exact_match", "value": "25/05/2024"}],
        S,
        w,
        sub_planning=4,
        note="the sub-agent's plan looks for the blessing (26 May); display opened 25 May",
    )
)

# 11 horseshoe pitching league: manager CodeAgent with plans + search agent with a run summary;
# singles and doubles on one page; a split on a label the report did not use.
w = World()
HS = "https://northfieldhorseshoes.org.uk/stats/2025"
_singles = [
    ["Dale Whitcombe", 14, 842, 601, "71.38"],
    ["Marion Fenn", 14, 790, 512, "64.81"],
    ["Stuart Kelsall", 13, 768, 470, "61.20"],
    ["Andy Greatorex", 14, 812, 449, "55.30"],
    ["Bev Tonks", 12, 684, 341, "49.85"],
]
_doubles = [
    ["Dale Whitcombe / Bev Tonks", 10, 580, 376, "64.83"],
    ["Marion Fenn / Stuart Kelsall", 10, 566, 344, "60.78"],
]
w.search = [
    (
        ("northfield", "horseshoe"),
        results(
            (
                "2025 season statistics - Northfield Horseshoe Pitching League",
                HS,
                "Ringers, shoes pitched and ringer percentages for the 2025 singles and doubles.",
            ),
            (
                "Northfield Horseshoe Pitching League - Home",
                "https://northfieldhorseshoes.org.uk",
                "Pitching every Tuesday evening from April to September behind the Cricketers.",
            ),
        ),
    )
]
w.pages[HS] = site(
    "Northfield Horseshoe Pitching League",
    "Home | Fixtures | Stats | Rules | Courts | Join us",
    "# 2025 season statistics\n\nFinal figures after week 20 (season ended 9 September 2025).\n\n"
    "## Singles\n\n"
    + table(["Pitcher", "Games", "Shoes pitched", "Ringers", "Ringer %"], _singles)
    + "\n\n## Doubles\n\n"
    + table(["Pair", "Games", "Shoes pitched", "Ringers", "Ringer %"], _doubles)
    + "\n\nRinger % = ringers / shoes pitched x 100, to two decimals. Forfeited games are "
    "not counted.",
    "Northfield HPL. Statistics compiled by the league recorder; corrections by email.",
)
RUNS.append(
    Run(
        "horseshoe_pitching_league",
        "wrong_format",
        "What was Dale Whitcombe's ringer percentage in the 2025 Northfield Horseshoe Pitching "
        "League singles? Round to one decimal place and give the number only, without a % sign.",
        [
            survey(
                "- Dale Whitcombe, 2025 Northfield Horseshoe Pitching League, singles\n"
                "- round to one decimal, number only",
                "- his singles ringer percentage, or his ringers and shoes pitched",
                "- the rounded percentage",
                "1. Ask search_agent for Dale Whitcombe's 2025 singles figures.\n"
                "2. Check the percentage against ringers / shoes.\n"
                "3. Round it and return the number.",
            ),
            code(
                "I ask search_agent for the singles figures.",
                "r = search_agent(task=\"Find Dale Whitcombe's 2025 singles statistics in the "
                "Northfield Horseshoe Pitching League: ringers, shoes pitched and ringer "
                'percentage.")\nprint(r)',
            ),
            code(
                "I parse the percentage.",
                'pct = float(r.split("ringer %")[1].split("%")[0])\nprint(pct)',
            ),
            code(
                "The report writes 'ringer percentage'. I parse that and check it.",
                'pct = float(r.split("ringer percentage of ")[1].split("%")[0])\n'
                "print(pct, round(601 / 842 * 100, 4))",
            ),
            replan(
                "- Dale Whitcombe, 2025 singles; one decimal, number only",
                "- singles: 842 shoes, 601 ringers, ringer percentage 71.38 (checked: 71.3777)",
                "- none",
                "1. Return the singles ringer percentage in the form the task asks for.",
            ),
            code(
                "The page and my check agree. I return the percentage without the % sign.",
                "final_answer(str(pct))",
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                "I look for the league's statistics.",
                query="Northfield Horseshoe Pitching League 2025 statistics ringer percentage",
            ),
            call("visit_webpage", "The 2025 statistics page.", url=HS),
            answer(
                outcome(
                    "In the 2025 singles Dale Whitcombe pitched 842 shoes for 601 ringers, a "
                    "ringer percentage of 71.38%.",
                    "From " + HS + " (singles table): Games 14, Shoes pitched 842, Ringers "
                    "601, Ringer % 71.38. He also pitched doubles with Bev Tonks (64.83%).",
                ),
                "His singles row has all three figures.",
            ),
        ],
        [
            {"type": "exact_match", "value": "71.4"},
            {"type": "regex", "value": r"^\d+\.\d$"},
        ],
        M,
        w,
        planning=3,
        summary=True,
        note="asked for one decimal; the manager returns the page's two decimals (71.38)",
    )
)

# 12 rabbit show jumping: a single CodeAgent on the web tools; a search that finds nothing, a
# dead link, a cookie banner; times written mm:ss,t as the scoring software writes them.
w = World()
RH = "https://lydbrookrabbithop.club/results/2025-spring"
w.search = [
    (
        ("lydbrook", "elite"),
        "No results found for that query.",
    ),
    (
        ("lydbrook", "rabbit"),
        results(
            (
                "Spring Hop 2025 - results | Lydbrook Rabbit Hopping Club",
                RH,
                "Results of the Spring Hop, 12 April 2025: straight and crooked courses, "
                "high jump and long jump, all classes.",
            ),
            (
                "Results archive | Lydbrook Rabbit Hopping Club",
                "https://lydbrookrabbithop.club/archive",
                "Results of every show since 2017.",
            ),
            (
                "Rabbit show jumping - Wikipedia",
                "https://en.wikipedia.org/wiki/Rabbit_show_jumping",
                "Rabbit show jumping (Danish: kaninhop) is a competition for domestic rabbits...",
            ),
        ),
    ),
]
_straight = [
    [1, "Mr Tumnus", "Ellie Harper", 0, "00:38,4"],
    [2, "Pepper", "Grace Lyle", 0, "00:39,1"],
    [3, "Dandelion", "Ruby Okafor", 0, "00:41,9"],
    [4, "Biscuit", "Ellie Harper", 1, "00:36,8"],
]
_crooked = [
    [1, "Pepper", "Grace Lyle", 0, "00:44,7"],
    [2, "Mr Tumnus", "Ellie Harper", 1, "00:42,0"],
]
w.pages[RH] = site(
    "Lydbrook Rabbit Hopping Club",
    "Home | About kaninhop | Shows | Results | Training nights | Rabbit welfare | Contact",
    "# Spring Hop 2025 - results\n\nSaturday 12 April 2025, Lydbrook Memorial Hall. Judge: "
    "Anne-Mette Holm (Danish kaninhop federation). Classes run on Danish rules: fewest faults "
    "first, then fastest time.\n\n"
    "## Elite - straight course\n\n"
    + table(["Place", "Rabbit", "Handler", "Faults", "Time"], _straight)
    + "\n\n## Elite - crooked course\n\n"
    + table(["Place", "Rabbit", "Handler", "Faults", "Time"], _crooked)
    + "\n\nTimes are shown as the scoring software prints them (mm:ss,t).\n\n"
    "High jump: Pepper, 62 cm. Long jump: Dandelion, 1.48 m.",
    "Lydbrook RHC. All rabbits were checked by the show vet before competing. Results are final.",
)
RUNS.append(
    Run(
        "rabbit_show_jumping",
        "wrong_format",
        "What was the winning time in the elite straight-course class at the Lydbrook Rabbit "
        "Hopping Club's Spring Hop 2025? Give the time in seconds (e.g. 12.3).",
        [
            code(
                "I search for the Spring Hop results.",
                'print(web_search(query="Lydbrook Spring Hop 2025 elite straight course winning '
                'time"))',
            ),
            code(
                "Nothing. A broader search.",
                'print(web_search(query="Lydbrook Rabbit Hopping Club results 2025"))',
            ),
            code(
                "I open the club's results archive.",
                'print(visit_webpage(url="https://lydbrookrabbithop.club/archive"))',
            ),
            code(
                "The archive link is dead. I open the Spring Hop results directly.",
                f'print(visit_webpage(url="{RH}"))',
            ),
            code(
                "The elite straight course was won by Mr Tumnus (0 faults) in 00:38,4. I take "
                "the seconds part.",
                'time = "00:38,4"\nseconds = time.split(":")[1]\nprint(seconds)',
            ),
            code("The winning time is 38,4 seconds.", "final_answer(seconds)", bad=True),
        ],
        None,
        [
            {"type": "exact_match", "value": "38.4"},
            {"type": "regex", "value": r"^\d+\.\d$"},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        note="asked for seconds like 12.3; the agent returns the software's decimal comma (38,4)",
    )
)

# 13 egg throwing championship: manager CodeAgent with a plan + search agent; a preview article
# ranks above the results page.
w = World()
EGG = "https://saltbyeggthrowing.co.uk/results-2025"
w.search = [
    (
        ("saltby", "egg"),
        results(
            (
                "Saltby Egg Throwing Championship returns on Sunday | Grantham Weekly",
                "https://www.granthamweekly.example.co.uk/news/saltby-egg-throwing-2025",
                "Pairs from as far as Belgium are entered. The Dunham twins' 61.2 m catch is the "
                "distance to beat in Sunday's final...",
            ),
            (
                "Results 2025 - Saltby Egg Throwing Championship",
                EGG,
                "Full results of the 2025 championship: throwing and catching (heats and "
                "final), egg relay, egg trebuchet and Russian egg roulette.",
            ),
            (
                "Egg throwing - Wikipedia",
                "https://en.wikipedia.org/wiki/Egg_throwing",
                "Egg throwing is a traditional game and competitive sport...",
            ),
        ),
    )
]
w.pages[EGG] = site(
    "Saltby Egg Throwing Championship",
    "Home | Events | Rules | Results | Sponsors | Volunteers",
    "# Results 2025\n\nSunday 29 June 2025, Saltby village green. In aid of the village hall "
    "roof.\n\n## Throwing and catching - final\n\n"
    + table(
        ["Place", "Pair", "Distance of last clean catch"],
        [
            [1, "Fraser Kerr & Mats Lindqvist", "58.6 m"],
            [2, "Dunham twins (Jack & Sam)", "55.0 m"],
            [3, "The Saltby Scramblers", "49.4 m"],
        ],
    )
    + "\n\nBest heat distance: Dunham twins, 57.2 m (heat 2). Championship record: 61.2 m, "
    "Dunham twins, 2024.\n\n"
    "Egg trebuchet: won by Lincoln Young Engineers (caught at 44 m). Russian egg roulette: "
    "Marta Novak.",
    "Saltby Egg Throwing Championship committee. Eggs supplied by a local free-range farm.",
)
RUNS.append(
    Run(
        "egg_throwing_championship",
        "premature_final_answer",
        "What distance did the winning pair achieve in the final of the 2025 Saltby Egg "
        "Throwing Championship? Answer in metres, number only.",
        [
            survey(
                "- Saltby Egg Throwing Championship, 2025, the final",
                "- the winning pair's distance in the final",
                "- none",
                "1. Ask search_agent for the winning distance in the 2025 final.\n"
                "2. Return the number of metres.",
            ),
            code(
                "I ask search_agent for the winning distance.",
                'r = search_agent(task="Find the distance achieved by the winning pair in the '
                'final of the 2025 Saltby Egg Throwing Championship, in metres.")\nprint(r)',
            ),
            code(
                "I take the distance from the report.",
                'import re\ndist = re.search(r"([\\d.]+) m", r).group(1)\nfinal_answer(dist)',
            ),
        ],
        [
            call(
                "web_search",
                "I search for the 2025 final.",
                query="Saltby Egg Throwing Championship 2025 final winning distance",
            ),
            answer(
                outcome(
                    "The winning pair caught the egg at 61.2 m.",
                    "Search results for the 2025 Saltby Egg Throwing Championship: the Dunham "
                    "twins' 61.2 m catch is the winning distance (Grantham Weekly).",
                ),
                "The top result gives the distance: 61.2 m.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "58.6"}],
        M,
        w,
        planning=3,
        note="the sub-agent answers from a preview snippet (61.2 m, the record) without the "
        "results page (58.6 m)",
    )
)

# 14 parish footpath survey: a single CodeAgent on the JSON API; a guessed endpoint answers
# 400, issues are null for clear paths, the paths are paged, dates in two formats.
w = World()
_CONDITIONS = [
    *["clear", "obstructed", "overgrown", "clear", "obstructed", "waymark missing", "clear"],
    *["clear", "obstructed", "stile broken", "clear", "overgrown", "clear", "obstructed"],
    *["clear", "clear", "obstructed", "clear", "overgrown", "clear"],
    *["clear", "obstructed", "clear", "overgrown", "clear", "obstructed", "clear"],
]
_ISSUES = {
    "obstructed": [
        "fallen tree",
        "locked gate",
        "crop not reinstated",
        "electric fence",
        "fly-tipping",
        "collapsed bank",
        "locked gate",
    ],
    "overgrown": ["nettles", "brambles"],
    "waymark missing": ["fingerpost down"],
    "stile broken": ["top rail rotten"],
}
_paths = []
for _n, _cond in enumerate(_CONDITIONS):
    _issues = None
    if _cond != "clear":
        _pool = _ISSUES[_cond]
        _issues = [_pool[_n % len(_pool)]]
    _paths.append(
        {
            "ref": f"LH/{'BW' if _n % 6 == 5 else 'FP'}{_n + 1}",
            "type": "bridleway" if _n % 6 == 5 else "footpath",
            "length_m": 250 + (_n * 137) % 1400,
            "condition": _cond,
            "issues": _issues,
            "surveyor": None if _n % 4 == 0 else f"volunteer {(_n % 9) + 1}",
            "last_inspected": "2025-04-12" if _n % 2 else "12 Apr 2025",
            "grid_ref": f"SP {4210 + _n * 7} {3380 + _n * 11}",
            "photos": _n % 3,
        }
    )
w.api = {
    "/surveys": {
        "parish": "Little Hadley",
        "surveys": [
            {"id": "2025-spring", "walked": "12 April 2025", "status": "complete"},
            {"id": "2024-autumn", "walked": "19/10/2024", "status": "complete"},
            {"id": "2024-spring", "walked": "13/04/2024", "status": "complete"},
        ],
        "contact": None,
    },
    "/surveys/2025-spring": {
        "id": "2025-spring",
        "title": "Spring footpath survey 2025",
        "walked_on": "2025-04-12",
        "published": "03/05/2025",
        "volunteers": 9,
        "paths_surveyed": len(_paths),
        "paths_url": "/surveys/2025-spring/paths?page=1",
        "weather": "dry, 11 C",
        "notes": "Conditions are recorded per path; see the paths list.",
        "contact": None,
    },
    "/surveys/2025-spring/paths?page=1": {
        "survey": "2025-spring",
        "page": 1,
        "pages": 2,
        "per_page": 20,
        "total": len(_paths),
        "next": "/surveys/2025-spring/paths?page=2",
        "paths": _paths[:20],
    },
    "/surveys/2025-spring/paths?page=2": {
        "survey": "2025-spring",
        "page": 2,
        "pages": 2,
        "per_page": 20,
        "total": len(_paths),
        "next": None,
        "paths": _paths[20:],
    },
}
RUNS.append(
    Run(
        "parish_footpath_survey",
        "premature_final_answer",
        "According to the Little Hadley parish council's footpath survey API, how many public "
        "rights of way were reported as obstructed in the spring 2025 survey? Reply with the "
        "number only.",
        [
            code("I list the surveys.", 'print(fetch_json(endpoint="/surveys"))'),
            code(
                "The spring 2025 survey is 2025-spring. I ask for its paths.",
                'print(fetch_json(endpoint="/surveys/2025-spring/paths"))',
            ),
            code(
                "That path is not accepted; I look at the survey record itself.",
                'print(fetch_json(endpoint="/surveys/2025-spring"))',
            ),
            code(
                "The survey points to its paths list. I load it and pick the obstructed ones.",
                "import json\n"
                'data = json.loads(fetch_json(endpoint="/surveys/2025-spring/paths?page=1"))\n'
                'obstructed = [p for p in data["paths"] if "obstructed" in p["issues"]]\n'
                "print(len(obstructed))",
            ),
            code(
                "issues is null for clear paths; the condition field says obstructed.",
                'obstructed = [p for p in data["paths"] if p["condition"] == "obstructed"]\n'
                "for p in obstructed:\n"
                '    print(p["ref"], p["issues"])\n'
                "print(f\"{len(data['paths'])} paths, {len(obstructed)} obstructed\")",
            ),
            code(
                "Five rights of way were reported obstructed.",
                "final_answer(str(len(obstructed)))",
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "7"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the paths list has two pages (27 paths); the agent answers from page 1 (5, not 7)",
    )
)

# 15 sheaf tossing contest: manager CodeAgent + search agent; the sub-agent re-words one search
# until max_steps, then a second delegation opens the results page; metres and feet.
w = World()
SHOW = "https://wraysholmeshow.org.uk/results-2025"
w.search = [
    (
        ("wraysholme",),
        results(
            (
                "Show results 2025 - Wraysholme Harvest Show",
                SHOW,
                "Results of the 2025 show: cattle, sheep, produce, baking, sheaf tossing, tug "
                "of war and terrier racing.",
            ),
            (
                "Wraysholme Harvest Show - Home",
                "https://wraysholmeshow.org.uk",
                "Saturday 6 September 2025. Gates open 9am. Dogs on leads welcome.",
            ),
            (
                "Wraysholme show 2024: rain can't stop the sheaf tossers | Westmorland Echo",
                "https://www.westmorlandecho.example.co.uk/news/wraysholme-show-2024",
                "A year on, the pitchfork is still the star of the show...",
            ),
        ),
    )
]
w.pages[SHOW] = site(
    "Wraysholme Harvest Show",
    "Home | Schedule | Entries | Results | Trade stands | Getting here",
    "# Show results 2025\n\nSaturday 6 September 2025.\n\n## Produce\n\nHeaviest marrow: "
    "J. Atkinson, 31.4 kg. Six pods of peas: M. Dobson.\n\n## Sheaf tossing\n\nA 7 kg sheaf of "
    "straw tossed with a pitchfork over a raised bar.\n\n"
    + table(
        ["Class", "Winner", "Height cleared"],
        [
            ["Open", "Ben Rigg", "8.23 m (27 ft 0 in)"],
            ["Ladies", "Carys Metcalfe", "6.55 m (21 ft 6 in)"],
            ["Junior (under 16)", "Alfie Nelson", "6.40 m (21 ft 0 in)"],
        ],
    )
    + "\n\nShow record: 9.14 m (30 ft), set in 1987.\n\n## Tug of war\n\nWinners: "
    "Cartmel Young Farmers.",
    "Wraysholme Agricultural Society. Results are as given by the ring stewards.",
)
_sheaf_queries = [
    "Wraysholme Harvest Show 2025 sheaf tossing winner height",
    "Wraysholme Harvest Show sheaf tossing 2025 winning height",
    "2025 Wraysholme Harvest Show sheaf toss winner height cleared",
    "Wraysholme show sheaf tossing result 2025 height",
    "Wraysholme Harvest Show 2025 sheaf tossing open class height",
]
RUNS.append(
    Run(
        "sheaf_tossing_contest",
        "looping",
        "What height did the winner of the open sheaf tossing at the 2025 Wraysholme Harvest "
        "Show clear? Answer in metres, number only.",
        [
            code(
                "I ask search_agent for the winning height.",
                'r = search_agent(task="Find the height cleared by the winner of the open sheaf '
                'tossing at the 2025 Wraysholme Harvest Show, in metres.")\nprint(r)',
            ),
            code(
                "The agent points at the show's results page. I ask it to read that page.",
                'r = search_agent(task="Open https://wraysholmeshow.org.uk/results-2025 and '
                'report the height cleared by the winner of the open sheaf tossing, in metres.")'
                "\nprint(r)",
            ),
            code(
                "The open class was won at 8.23 m.",
                'final_answer("8.23")',
            ),
        ],
        [
            call("web_search", "I search for the sheaf tossing result.", query=_sheaf_queries[0]),
            call(
                "web_search",
                "The results do not show the height; I rephrase.",
                bad=True,
                query=_sheaf_queries[1],
            ),
            call(
                "web_search",
                "Still no height in the results; another wording.",
                bad=True,
                query=_sheaf_queries[2],
            ),
            call(
                "web_search",
                "I try once more.",
                bad=True,
                query=_sheaf_queries[3],
            ),
            call(
                "web_search",
                "Adding the class name.",
                bad=True,
                query=_sheaf_queries[4],
            ),
            text(
                outcome(
                    "I could not find the winning height in the search results.",
                    "Five searches returned the show's results page (" + SHOW + "), its home "
                    "page and a 2024 news article; none of the snippets gives the sheaf tossing "
                    "height.",
                    "The results page itself probably lists it.",
                )
            ),
            call("visit_webpage", "I open the results page.", url=SHOW),
            answer(
                outcome(
                    "The open sheaf tossing was won by Ben Rigg, clearing 8.23 m.",
                    "From " + SHOW + ": Open, Ben Rigg, 8.23 m (27 ft 0 in). Ladies 6.55 m, "
                    "junior 6.40 m; show record 9.14 m (1987).",
                ),
                "The sheaf tossing table gives the open class.",
            ),
        ],
        [
            {"type": "contains", "value": "8.23"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=5,
        note="the sub-agent re-words one search four times until max_steps",
    )
)

# 16 cheese rolling: a single CodeAgent on the web tools; a rate-limited search retried, a
# guessed URL that is dead; near-identical searches until max_steps.
w = World()
CHEESE = "https://bramblecombecheese.org.uk/2025-results"
w.search = [
    (
        ("bramblecombe",),
        results(
            (
                "2025 results - Bramblecombe Hill Cheese Rolling",
                CHEESE,
                "Results of all races, Spring Bank Holiday Monday 26 May 2025: men's and "
                "women's downhill races, uphill race.",
            ),
            (
                "Thousands watch Bramblecombe cheese chase | West Country Post",
                "https://www.westcountrypost.example.co.uk/news/bramblecombe-cheese-2025",
                "Competitors tumbled down the 1-in-2 slope after a 3.5 kg Double Gloucester...",
            ),
            (
                "Bramblecombe Hill - Visit the Cotswolds",
                "https://www.visitcotswolds.example.com/bramblecombe-hill",
                "Parking, walks and the famous cheese rolling.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached; retry after 10 s"
w.pages[CHEESE] = site(
    "Bramblecombe Hill Cheese Rolling",
    "Home | History | Safety | Results | Volunteers",
    "# 2025 results\n\nMonday 26 May 2025. Cheese: 3.5 kg Double Gloucester.\n\n"
    + table(
        ["Race", "Winner", "From"],
        [
            ["Men's downhill 1", "Tom Huxley", "Brockworth"],
            ["Women's downhill", "Abby Lampard", "Stroud"],
            ["Men's downhill 2", "Kenji Sato", "Osaka"],
            ["Uphill", "Dean Pritchard", "Cranham"],
        ],
    ),
    "Bramblecombe Hill Cheese Rolling is an unofficial event. Spectators attend at their own risk.",
)
_cheese = "Bramblecombe cheese rolling 2025 men's downhill winner"
RUNS.append(
    Run(
        "cheese_rolling_race",
        "looping",
        "Who won the first men's downhill race at the 2025 Bramblecombe Hill cheese rolling? "
        "Give the winner's name only.",
        [
            code(
                "I search for the 2025 results.",
                f'print(web_search(query="{_cheese}"))',
            ),
            code("Rate-limited; I search again.", f'print(web_search(query="{_cheese}"))'),
            code(
                "I try the results page.",
                'print(visit_webpage(url="https://bramblecombecheese.org.uk/results"))',
            ),
            code(
                "Not found. I search for the winner's name.",
                "print(web_search(query=\"Bramblecombe Hill cheese rolling 2025 men's downhill "
                'race 1 winner"))',
                bad=True,
            ),
            code(
                "The snippets do not name him; another wording.",
                "print(web_search(query=\"2025 Bramblecombe cheese rolling first men's race "
                'winner name"))',
                bad=True,
            ),
            code(
                "Still no name; I add the race.",
                'print(web_search(query="Bramblecombe cheese rolling 2025 winner men downhill '
                'race one"))',
                bad=True,
            ),
            code(
                "I search once more.",
                "print(web_search(query=\"who won Bramblecombe cheese rolling 2025 men's "
                'downhill"))',
                bad=True,
            ),
            text("The search results do not name the winner of the 2025 men's downhill race."),
        ],
        None,
        [
            {"type": "contains", "value": "Tom Huxley"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        max_steps=7,
        note="near-identical searches after the dead guessed URL until max_steps",
    )
)
