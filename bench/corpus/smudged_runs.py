# ruff: noqa: E501, RUF001  (pages and JSON are data, kept one item a line; pages use en dashes)
"""The runs of the `smudged` family: the scripted model replies and the offline world they read.

Sixteen smolagents runs, each one of: a manager CodeAgent handing work to a managed
ToolCallingAgent (a web search agent or a code-search agent), or a lone CodeAgent working a
JSON API, a code search or the web tools. Every fault class of the taxonomy appears twice,
and every run has exactly one decisive mistake, whose reply carries `bad=True` so that the
LLM-call span that produced it becomes the label (all the repeats, for a loop). Written in a
single pass, blind to blame's rules, the other held-out families' runs and any score; see
smolagents_smudged.py. `Run`, `World`, the tools and the reply helpers come from the sweep
family (corpus/sweep_runs.py).
"""

from __future__ import annotations

from typing import Any

from corpus.smolagents_system import Reply
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
"""Every run, two for each fault, in the order of FAULTS."""

C = "code_agent"
"""Name of the managed code-search agent."""


def survey(given: str, to_find: str, derive: str, steps: str, bad: bool = False) -> Reply:
    """A planning reply laid out as smolagents' planning prompt asks (facts survey, then plan)."""
    return text(
        "## 1. Facts survey\n"
        f"### 1.1. Facts given in the task\n{given}\n\n"
        f"### 1.2. Facts to look up\n{to_find}\n\n"
        f"### 1.3. Facts to derive\n{derive}\n\n"
        f"## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


def page(*lines: str) -> str:
    """A web page as visit_webpage hands it back: markdown, one item a line."""
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# 1. misread_tool_output: a village straw bale race; the search sub-agent's last call takes the
# net time (first time column, the order of finish) for the gross time it was asked for.
# ---------------------------------------------------------------------------------------------
BALE = "https://hadnamshow.example.org.uk/bale-race/results-2025"
w = World()
w.search = [
    (
        ("hadnam", "bale"),
        results(
            (
                "Round bale wrap film 750mm x 1500m – Agristore",
                "https://agristore.example.co.uk/bale-wrap-750",
                "Black, green and white silage wrap, 25 micron, 5-layer. Pallet prices on request. Free delivery over £250.",
            ),
            (
                "Straw Bale Race 2025 – results | Little Hadnam Village Show",
                BALE,
                "Men's, ladies' and mixed finals and all heats of the 2025 Straw Bale Race up Church Hill, with net and gross times.",
            ),
            (
                "Bale race rolls back into Little Hadnam after two-year break – Bucks Gazette",
                "https://www.bucksgazette.example.co.uk/news/bale-race-returns",
                "2 Aug 2025 – Teams of three will push 200kg round bales up Church Hill on Show Sunday, with a handicap for ...",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = f"502 Server Error: Bad Gateway for url: {BALE}"
w.pages[BALE] = page(
    "[Skip to content](#main)",
    "",
    "Little Hadnam Village Show · Sunday 10 August 2025 · Gates open 10am",
    "",
    "[Home](/) | [Classes & schedule](/classes) | **Bale Race** | [Dog show](/dogs) | [Produce tent](/produce) | [Contact](/contact)",
    "",
    "> We use cookies to remember your preferences and count visitors. [Accept all] [Reject non-essential] [Cookie settings]",
    "",
    "# Straw Bale Race 2025 – results",
    "",
    "Teams of three roll a 4ft round straw bale (about 200 kg, or 31 stone) 350 yards up Church Hill, round the oak and back down to the Green. Each team has a handicap allowance set by the race committee from its heat run, which is taken off its gross time. The order of finish is decided on net time.",
    "",
    "**Net** = gross time less the allowance (the order of finish). **Allowance** = the team's handicap. **Gross** = start horn to the bale crossing the line.",
    "",
    "## Men's final",
    "",
    "| Pos | Team | Net | Allowance | Gross |",
    "|---|---|---|---|---|",
    "| 1 | The Threshers (Little Hadnam) | 2:44 | 0:14 | 2:58 |",
    "| 2 | Church Hill Rollers | 2:49 | 0:06 | 2:55 |",
    "| 3 | Hadnam Harriers | 2:51 | – | 2:51 |",
    "| 4 | Mill End Young Farmers | 3:02 | 0:09 | 3:11 |",
    "| 5 | The Bale Boys (Long Crendon) | 3:15 | – | 3:15 |",
    "| DNF | Red Lion Regulars | – | 0:20 | bale left the course at the oak |",
    "",
    "## Ladies' final",
    "",
    "| Pos | Team | Net | Allowance | Gross |",
    "|---|---|---|---|---|",
    "| 1 | Hay Maidens | 3:31 | 0:10 | 3:41 |",
    "| 2 | WI Wanderers | 3:38 | 0:16 | 3:54 |",
    "| 3 | Hadnam Hockey Club | 3:40 | – | 3:40 |",
    "",
    "## Mixed final",
    "",
    "| Pos | Team | Net | Allowance | Gross |",
    "|---|---|---|---|---|",
    "| 1 | The Rolling Stoners | 3:07 | 0:05 | 3:12 |",
    "| 2 | Pond Lane Ploughers | 3:19 | 0:12 | 3:31 |",
    "",
    "Fastest heat run of the day: Hadnam Harriers, 2:47 (men's heat 2). Heat times are on the [heats page](/bale-race/heats-2025).",
    "",
    "📷 64 photos · 💬 11 comments · Share: [Facebook] [X] [WhatsApp]",
    "",
    "Results are provisional until the show committee meets on 18 August. Queries to results@hadnamshow.example.org.uk.",
    "© Little Hadnam Village Show Society · Registered charity no. 1047730 · Privacy · Accessibility",
)
RUNS.append(
    Run(
        "bale_race_net_for_gross",
        "misread_tool_output",
        "What was the winning team's gross time (before the handicap allowance) in the men's final of the 2025 Little Hadnam Straw Bale Race? Answer as m:ss.",
        [
            code(
                "I'll ask search_agent for the men's final of the bale race and the winner's gross time.",
                'report = search_agent(task="Find the results of the men\'s final of the 2025 Little Hadnam Straw Bale Race and report the winning team and its gross time (before any handicap allowance), as m:ss, with the source page.")\nprint(report)',
            ),
            code(
                "I take the minutes and seconds out of the report.",
                'mins, secs = report.split(":")\nprint(mins[-1], secs[:2])',
            ),
            code(
                "The report has many colons, so the split gives more than two parts. I take the first m:ss time in the short version instead.",
                r"""
import re
short = report.split("(short version):")[1].split("###")[0]
gross = re.search(r"\b\d:\d{2}\b", short).group(0)
print(gross)
""",
            ),
            code("The winning team's gross time is 2:44.", "final_answer(gross)"),
        ],
        [
            call("web_search", query="Little Hadnam bale race 2025 men's final results"),
            call("visit_webpage", url=BALE),
            call(
                "visit_webpage",
                "The show's site answered 502 Bad Gateway. I try the results page again.",
                url=BALE,
            ),
            answer(
                outcome(
                    "The Threshers (Little Hadnam) won the men's final; their gross time was 2:44.",
                    "From the Little Hadnam Village Show results page (Straw Bale Race 2025): men's final, 1st The Threshers in 2:44, 2nd Church Hill Rollers 2:49, 3rd Hadnam Harriers 2:51. Red Lion Regulars did not finish (their bale left the course at the oak). Ladies' final won by Hay Maidens, mixed final by The Rolling Stoners.",
                    f"Source: {BALE}. Results are provisional until the show committee meets on 18 August.",
                ),
                "The men's final table lists the Threshers first with 2:44.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "2:58"}],
        S,
        w,
        note="table columns Net | Allowance | Gross; the sub-agent reports the net 2:44 as the gross (2:58)",
    )
)

# ---------------------------------------------------------------------------------------------
# 2. misread_tool_output: a borough council's planning applications API; a lone CodeAgent's
# middle step takes the statutory target date for the decision date.
# ---------------------------------------------------------------------------------------------
w = World()
w.api = {
    "/": {
        "api": "Wrexford Borough Council – Planning Open Data",
        "version": "2.3.1",
        "endpoints": {
            "search": "/planning/search?reference={reference}",
            "application": "/planning/application/{id}",
            "documents": "/planning/application/{id}/documents",
            "weekly_list": "/planning/weekly?week={yyyy-Www}",
        },
        "notes": [
            "References contain slashes: look them up with /planning/search, which takes the reference as given.",
            "Dates are ISO 8601, local time.",
            "Fields without a value are null.",
        ],
        "licence": "Open Government Licence v3.0",
        "contact": None,
    },
    "/planning/search?reference=25/00417/HOU": {
        "query": {"reference": "25/00417/HOU"},
        "count": 1,
        "results": [
            {
                "id": 88213,
                "reference": "25/00417/HOU",
                "address": "12 Mill Lane, Wrexford, WX4 7PL",
                "proposal": "Loft conversion with rear dormer and two front rooflights",
                "status": "Decided",
                "ward": "Mill End",
                "_links": {"self": "/planning/application/88213"},
            }
        ],
    },
    "/planning/application/88213": {
        "id": 88213,
        "reference": "25/00417/HOU",
        "application_type": "Householder",
        "address": {
            "line1": "12 Mill Lane",
            "line2": None,
            "town": "Wrexford",
            "postcode": "WX4 7PL",
        },
        "uprn": "010093116642",
        "proposal": "Loft conversion with rear dormer and two front rooflights",
        "applicant": {"name": "Mr & Mrs D Okafor", "agent": "Loftline Design Ltd"},
        "case_officer": "R. Pennant",
        "ward": "Mill End",
        "parish": None,
        "received_date": "2025-02-27",
        "valid_date": "2025-03-04",
        "consultation_start_date": "2025-03-07",
        "consultation_expiry_date": "2025-03-28",
        "site_notice_date": "2025-03-10",
        "committee_date": None,
        "target_decision_date": "2025-04-29",
        "extension_of_time_date": None,
        "decision": {
            "outcome": "Granted",
            "description": "Grant subject to conditions",
            "level": "Delegated",
            "decision_date": "2025-04-17",
            "conditions_count": 4,
        },
        "appeal": None,
        "neighbour_comments": {"support": 0, "object": 2, "neutral": 1},
        "constraints": ["Conservation Area: Mill End", "Article 4 Direction: none"],
        "documents_count": 14,
        "last_updated": "2025-04-18T09:12:44",
        "geometry": None,
    },
}
RUNS.append(
    Run(
        "planning_api_target_date",
        "misread_tool_output",
        "On what date did Wrexford Borough Council decide planning application 25/00417/HOU (the loft conversion at 12 Mill Lane), according to its planning API? Answer as DD/MM/YYYY.",
        [
            code(
                "I fetch the application by its reference.",
                'print(fetch_json(endpoint="/planning/applications/25/00417/HOU"))',
            ),
            code(
                "That endpoint does not exist. I look at the API's root for the endpoints it offers.",
                'print(fetch_json(endpoint="/"))',
            ),
            code(
                "References with slashes go through the search endpoint.",
                'import json\nfound = json.loads(fetch_json(endpoint="/planning/search?reference=25/00417/HOU"))\nprint(found["count"], found["results"][0]["_links"]["self"])',
            ),
            code(
                "I load the record and flatten it with pandas to see every field.",
                'import pandas as pd\nrec = json.loads(fetch_json(endpoint="/planning/application/88213"))\nprint(pd.json_normalize(rec).T)',
            ),
            code(
                "pandas is not available here. I print the fields one a line.",
                'rec = json.loads(fetch_json(endpoint="/planning/application/88213"))\nfor key, value in rec.items():\n    print(key, "=", value)',
            ),
            code(
                "The council decided the application on its decision date, target_decision_date, 2025-04-29. I keep it.",
                'decided = rec["target_decision_date"]\nprint(decided)',
                bad=True,
            ),
            code(
                "I write the date as DD/MM/YYYY.",
                'from datetime import datetime\nfinal_answer(datetime.strptime(decided, "%Y-%m-%d").strftime("%d/%m/%Y"))',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "17/04/2025"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="record: target_decision_date 2025-04-29, decision.decision_date 2025-04-17; the agent takes the target",
    )
)

# ---------------------------------------------------------------------------------------------
# 3. hallucinated_fact: a pilot gig rowing club; the sub-agent reports that the club's page has
# no build year and points to the gig register; the manager's middle step writes one from memory.
# ---------------------------------------------------------------------------------------------
BOATS = "https://porthlowengig.example.org.uk/our-boats"
REGISTER = "https://cpga.example.org.uk/register"
w = World()
w.search = [
    (
        ("register", "gig"),
        results(
            (
                "Register of pilot gigs – Cornish Pilot Gig Association",
                REGISTER,
                "Every gig built to the association's specification: club, builder, year built and measurements.",
            ),
        ),
    ),
    (
        ("tregarthen",),
        results(
            (
                "Our boats | Porthlowen Gig Club",
                BOATS,
                "Tregarthen, Morvoren and Skillywidden: the three gigs of Porthlowen Gig Club, who built them and who rows them.",
            ),
            (
                "Live music tonight in Porthlowen – gigs & events",
                "https://whatson.example.com/porthlowen/gigs",
                "Open mic at the Tregarthen Arms, Fri 8pm. Folk night Sat 9pm. Tickets £5 on the door.",
            ),
            (
                "World Pilot Gig Championships 2025 – entries (PDF)",
                "https://wpgc.example.org/2025/entries.pdf",
                "Men's open: 142 crews ... Porthlowen A (Tregarthen), Porthlowen B (Morvoren) ...",
            ),
        ),
    ),
]
w.fail[("web_search", 0)] = (
    "DuckDuckGoSearchException: https://lite.duckduckgo.com/lite/ 202 Ratelimit"
)
w.pages[BOATS] = page(
    "[Skip to main content](#content)",
    "",
    "Porthlowen Gig Club · Est. 1986",
    "",
    "Home · Rowing · **Our boats** · Juniors · Fixtures · Join · Donate",
    "",
    "# Our boats",
    "",
    "Porthlowen rows three six-oared Cornish pilot gigs, each 32 ft long, built of Cornish narrow-leaf elm on oak frames to the association's specification.",
    "",
    "## Tregarthen",
    "",
    "Our oldest boat and the pride of the club. Built by William Peters of St Mawes for the pilots of Porthlowen, she raced out to incoming ships until the 1920s, then lay in a net loft for sixty years. Restored by Ralph Bird in 2004. For her build year and measurements see the CPGA register.",
    "Crews: men's A, veterans.",
    "",
    "## Morvoren",
    "",
    "Built by Ralph Bird in 2011 for the club's 25th anniversary. Crews: ladies' A, ladies' B.",
    "",
    "## Skillywidden",
    "",
    "Built in 1998 by Tom Jenkin of Truro. Crews: juniors and novices.",
    "",
    "Want to row? Taster sessions every Tuesday at 6.30pm from the slipway. [Sign up](/join)",
    "",
    "Our boats are insured by Harbour Mutual. · Registered charity 1094417 · Privacy · Cookie settings",
)
w.pages[REGISTER] = page(
    "# Register of pilot gigs",
    "",
    "| Gig | Club | Builder | Built | Length |",
    "|---|---|---|---|---|",
    "| Treffry | Newquay | W. Peters, St Mawes | 1838 | 32 ft 0 in |",
    "| Dove | Newquay | W. Peters, St Mawes | 1820 | 28 ft 2 in |",
    "| Tregarthen | Porthlowen | W. Peters, St Mawes | 1879 | 32 ft 0 in |",
    "| Morvoren | Porthlowen | R. Bird, Polruan | 2011 | 32 ft 0 in |",
    "| Skillywidden | Porthlowen | T. Jenkin, Truro | 1998 | 32 ft 0 in |",
)
RUNS.append(
    Run(
        "gig_build_year_from_memory",
        "hallucinated_fact",
        "In what year was the pilot gig Tregarthen of the Porthlowen Gig Club built? Reply with the year only.",
        [
            survey(
                "- the gig: Tregarthen, rowed by the Porthlowen Gig Club",
                "- the year Tregarthen was built: the club's own pages, or a register of pilot gigs",
                "- nothing beyond reading the year",
                "1. Ask search_agent for Tregarthen's build year, with its source.\n2. Check which year in the report is the build year.\n3. Return the year.",
            ),
            code(
                "I ask search_agent for the build year.",
                'tregarthen = search_agent(task="Find the year the pilot gig Tregarthen of the Porthlowen Gig Club was built. Give the source.")\nprint(tregarthen)',
            ),
            code(
                "I list the years in the report to see which one is the build year.",
                r"""
import re
print(re.findall(r"\b(1[89]\d\d|20\d\d)\b", tregarthen))
""",
            ),
            code(
                "2004 is the restoration, and 2011 and 1998 are the other two boats. William Peters of St Mawes built Tregarthen in 1838, the same year as the Newquay gig Treffry, so the build year is 1838.",
                'built = "1838"\nprint(built)',
                bad=True,
            ),
            code("Tregarthen was built in 1838.", "final_answer(built)"),
        ],
        [
            call("web_search", query="Tregarthen pilot gig Porthlowen built year"),
            call(
                "web_search",
                "The search was rate-limited. I try again.",
                query="Tregarthen pilot gig Porthlowen built year",
            ),
            call("visit_webpage", url=BOATS),
            answer(
                outcome(
                    "The club's page does not give Tregarthen's build year.",
                    "Porthlowen Gig Club's 'Our boats' page: Tregarthen was built by William Peters of St Mawes for the Porthlowen pilots, worked until the 1920s, and was restored by Ralph Bird in 2004. The page sends readers to the CPGA register for her build year and measurements. The club's other gigs are Morvoren (Ralph Bird, 2011) and Skillywidden (Tom Jenkin, 1998).",
                    f"Source: {BOATS}. The Cornish Pilot Gig Association's register of gigs should list Tregarthen's build year.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1879"}],
        M,
        w,
        planning=6,
        note="the report says the page gives no year and names the register; the manager writes 1838 from memory (register: 1879)",
    )
)

# ---------------------------------------------------------------------------------------------
# 4. hallucinated_fact: a GPX elevation-gain package; the code-search sub-agent's own initial
# plan states the default threshold from memory and plans only to cite the file.
# ---------------------------------------------------------------------------------------------
w = World()
w.grep = {
    "total_ascent": [
        {
            "path": "README.md",
            "line": 27,
            "text": "climb = total_ascent(track.points)  # metres of climbing",
        },
        {
            "path": "src/gpxclimb/__init__.py",
            "line": 3,
            "text": "from .ascent import total_ascent, total_descent",
        },
        {
            "path": "src/gpxclimb/ascent.py",
            "line": 41,
            "text": "def total_ascent(points, hysteresis=DEFAULT_HYSTERESIS_M, smooth=None):",
        },
        {
            "path": "tests/test_ascent.py",
            "line": 12,
            "text": "    assert total_ascent(FLAT_WITH_NOISE) == 0",
        },
        {
            "path": "CHANGELOG.md",
            "line": 9,
            "text": "- total_ascent() skips trackpoints without <ele> instead of counting them as 0 m",
        },
    ],
    "DEFAULT_HYSTERESIS_M": [
        {
            "path": "src/gpxclimb/constants.py",
            "line": 8,
            "text": "DEFAULT_HYSTERESIS_M = 2.5  # metres: rises smaller than this are GPS noise",
        },
        {
            "path": "src/gpxclimb/ascent.py",
            "line": 6,
            "text": "from .constants import DEFAULT_HYSTERESIS_M, EARTH_RADIUS_M",
        },
    ],
}
w.files = {
    "src/gpxclimb/constants.py": "\n".join(
        [
            '"""Constants shared by the ascent, distance and smoothing code."""',
            "",
            "EARTH_RADIUS_M = 6_371_008.8",
            "",
            "# A barometric altimeter reads to about 1 m; GPS elevation wanders by several metres.",
            "# Climbs are counted only once the elevation has risen this far above the last low point.",
            "",
            "DEFAULT_HYSTERESIS_M = 2.5  # metres: rises smaller than this are GPS noise",
            "DEFAULT_SMOOTHING_WINDOW = 7  # trackpoints",
            "MAX_PLAUSIBLE_GRADE = 0.45",
        ]
    ),
    "src/gpxclimb/ascent.py": "\n".join(
        [
            '"""Total ascent and descent of a track."""',
            "",
            "from __future__ import annotations",
            "",
            "from .smoothing import moving_median",
            "from .constants import DEFAULT_HYSTERESIS_M, EARTH_RADIUS_M",
        ]
        + [""] * 34
        + [
            "def total_ascent(points, hysteresis=DEFAULT_HYSTERESIS_M, smooth=None):",
            '    """Metres climbed, counting a rise once it exceeds `hysteresis`."""',
            "    elevations = [p.ele for p in points if p.ele is not None]",
            "    if smooth:",
            "        elevations = moving_median(elevations, smooth)",
            "    climbed, low = 0.0, elevations[0] if elevations else 0.0",
            "    for ele in elevations[1:]:",
            "        if ele - low >= hysteresis:",
            "            climbed += ele - low",
            "            low = ele",
            "        elif ele < low:",
            "            low = ele",
            "    return climbed",
        ]
    ),
}
RUNS.append(
    Run(
        "gpx_default_threshold_planned",
        "hallucinated_fact",
        "In the gpxclimb package, what is the default minimum rise (in metres) that total_ascent() counts as a climb? Reply with the number only.",
        [
            code(
                "I ask code_agent to find the default in the repository.",
                'found = code_agent(task="In the gpxclimb repository, find the default minimum elevation rise (the hysteresis, in metres) that total_ascent() counts as a climb, and where that default is set.")\nprint(found)',
            ),
            code(
                "I print the part of the report after 'default'.",
                'print(f"default: {found.split("default")[1][:60]}")',
            ),
            code(
                "Quotes of the same kind cannot be nested in an f-string on this Python. I use a regex instead.",
                r"""
import re
value = re.search(r"(\d+(?:\.\d+)?) m or more", found).group(1)
print(value)
""",
            ),
            code("The default minimum rise is 5 m.", "final_answer(value)"),
        ],
        [
            survey(
                "- the package: gpxclimb\n- the function: total_ascent()",
                "- the file that defines total_ascent(), to cite it (search the code)",
                "- the default minimum rise itself needs no lookup: gpxclimb follows GPSBabel and Garmin devices, which count a climb once the elevation has risen 5 m; 5 m is the standard default for ascent totals",
                "1. Search the code for total_ascent to find the file that defines it.\n2. Report the 5 m default with the path of that file.",
                bad=True,
            ),
            call("search_code", pattern="total_ascent"),
            answer(
                outcome(
                    "total_ascent() counts climbs of 5 m or more by default; it is defined in src/gpxclimb/ascent.py.",
                    "total_ascent is defined at src/gpxclimb/ascent.py, line 41: `def total_ascent(points, hysteresis=DEFAULT_HYSTERESIS_M, smooth=None)`. Its hysteresis default, DEFAULT_HYSTERESIS_M, is the usual 5 m used by GPSBabel and Garmin devices: smaller rises are treated as GPS noise.",
                    "It is exported from src/gpxclimb/__init__.py and tested in tests/test_ascent.py.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "2.5"}],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        sub_planning=6,
        note="the sub-agent's plan states a 5 m default from memory; constants.py sets 2.5",
    )
)

# ---------------------------------------------------------------------------------------------
# 5. ignored_tool_error: a carnival's slow bicycle race; a lone CodeAgent loads the two heat
# pages, the second fails (its except prints the error), and its next step counts as if all
# results were in.
# ---------------------------------------------------------------------------------------------
HEAT1 = "https://fenbycarnival.example.org.uk/2025/slow-bike/heat-1"
HEAT2 = "https://fenbycarnival.example.org.uk/2025/slow-bike/heat-2"


def heat_page(number: int, start: str, finishers: list[tuple[str, str]], out: list[str]) -> str:
    """One heat's results page: finishers in order (the last over the line wins), then DQs."""
    rows = [f"| {i + 1} | {name} | {time} | |" for i, (name, time) in enumerate(finishers)]
    rows += [f"| – | {name} | – | DQ: foot down |" for name in out]
    return page(
        "[Skip to content](#main)",
        "",
        "Fenby Carnival 2025 · Saturday 19 July · Market Square",
        "",
        "Home | Programme | Parade | Slow Bike Race | Duck Race | Volunteers | Contact",
        "",
        "⚠ Weather: the dog show has moved into the Corn Exchange. All other events go ahead as planned.",
        "",
        f"# Slow Bike Race – Heat {number} results",
        "",
        f"Heat {number} started at {start}. The course is 40 m of Market Square. The *last* rider over the line wins: the times below are how long each rider took. A rider who puts a foot down, touches the barrier or stops is disqualified (DQ) and is not a finisher.",
        "",
        "| Pos | Rider | Time (m:ss) | Note |",
        "|---|---|---|---|",
        *rows,
        "",
        "The final (the best three of each heat) was cancelled because of rain; the carnival committee declared the heats the result.",
        "",
        "Share this page · Print · 💬 4 comments",
        "Fenby Carnival Committee · Registered charity 1150082 · Website by Parish Pixels",
    )


w = World()
w.search = [
    (
        ("fenby",),
        results(
            (
                "Fenby Carnival 2025 – Slow Bike Race, Heat 1 results",
                HEAT1,
                "Heat 1 (Saturday, 2pm, Market Square): finishing order and times. The last rider over the line wins.",
            ),
            (
                "Fenby Carnival 2025 – Slow Bike Race, Heat 2 results",
                HEAT2,
                "Heat 2 (Saturday, 3.30pm): finishing order and times, disqualifications.",
            ),
            (
                "Fenby Carnival programme 2025 (PDF)",
                "https://fenbycarnival.example.org.uk/2025/programme.pdf",
                "Parade 11am · Duck race 1pm · Slow bike race heats 2pm and 3.30pm · Fireworks 9.45pm",
            ),
        ),
    ),
    (
        ("slow bicycle",),
        results(
            (
                "Slow bicycle race – Wikipedia",
                "https://en.wikipedia.org/wiki/Slow_bicycle_race",
                "A slow bicycle race is a race in which the last rider to cross the line without putting a foot down wins.",
            ),
            (
                "The 10 best slow cookers of 2025, tested",
                "https://kitchenlab.example.com/best-slow-cookers",
                "From 1.5-litre models for one to 6.5-litre family pots ...",
            ),
            (
                "Bangkok slow bike contest draws 300 riders",
                "https://asia-news.example.com/bangkok-slow-bike",
                "Riders balanced for up to four minutes over the 20 m course ...",
            ),
        ),
    ),
]
w.fail[("visit_webpage", 1)] = "TooManyRedirects: Exceeded 30 redirects."
w.pages[HEAT1] = heat_page(
    1,
    "2pm",
    [
        ("Gwen Ashby", "0:41"),
        ("Tom Pryor", "0:48"),
        ("Lily Marsh", "0:55"),
        ("Owen Hale", "1:02"),
        ("Priya Nair", "1:07"),
        ("Dan Cole", "1:13"),
        ("Ruth Ellis", "1:19"),
        ("Sam Webb", "1:26"),
        ("Ivy Lund", "1:34"),
        ("Mo Farrant", "1:47"),
        ("Edna Pike", "2:03"),
    ],
    ["Joe Burrows", "Kit Langley"],
)
w.pages[HEAT2] = heat_page(
    2,
    "3.30pm",
    [
        ("Alf Weston", "0:52"),
        ("Nia Jones", "0:58"),
        ("Raj Patel", "1:05"),
        ("Bea Holt", "1:11"),
        ("Cal Duffy", "1:20"),
        ("Meg Rowe", "1:28"),
        ("Len Orme", "1:39"),
        ("Fay Quill", "1:51"),
        ("Vic Salt", "2:16"),
    ],
    ["Hal Brent"],
)
RUNS.append(
    Run(
        "slow_bike_heat_two_failed",
        "ignored_tool_error",
        "How many riders finished the slow bicycle race at the 2025 Fenby Carnival, counting both heats (disqualified riders are not finishers)? Reply with the number only.",
        [
            code(
                "I search for the race's results.",
                'print(web_search(query="slow bicycle race 2025 results"))',
            ),
            code(
                "These are about slow bicycle races in general. I add the carnival's town.",
                'print(web_search(query="Fenby slow bicycle race 2025 results"))',
            ),
            code(
                "The results are on two pages, one for each heat. I load both.",
                f'urls = ["{HEAT1}", "{HEAT2}"]\npages = {{}}\nfor url in urls:\n    try:\n        pages[url] = visit_webpage(url=url)\n        print(url, "loaded,", len(pages[url]), "characters")\n    except Exception as e:\n        print(url, "failed:", e)',
            ),
            code(
                "The results are loaded. I count the riders with a finishing position in them; disqualified riders have none.",
                r"""
import re
rows = [line for text in pages.values() for line in text.splitlines() if re.match(r"^\| \d+ \|", line)]
print(len(rows))
""",
                bad=True,
            ),
            code("11 riders finished.", "final_answer(str(len(rows)))"),
        ],
        None,
        [
            {"type": "exact_match", "value": "20"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        note="heat 2's page failed (TooManyRedirects, printed by the agent's except); the next step counts heat 1 alone as the race",
    )
)

# ---------------------------------------------------------------------------------------------
# 6. ignored_tool_error: an agricultural show's sheep-to-shawl class; the sub-agent honestly
# reports two 403s and a 2023 snippet; the manager's last step answers with that time anyway.
# ---------------------------------------------------------------------------------------------
SHAWL = "https://bramdaleshow.example.org.uk/results/2025/sheep-to-shawl"
w = World()
w.search = [
    (
        ("shawl", "bramdale"),
        results(
            (
                "Sheep to Shawl 2025 – results | Bramdale Agricultural Show",
                SHAWL,
                "Class 412: teams of six shear, card, spin, ply and knit a shawl on the day. Placings, times and judges' marks.",
            ),
            (
                "Free pattern: Shetland lace shawl with feather-and-fan edging",
                "https://knitwise.example.com/patterns/feather-fan-shawl",
                "Worked top-down in 4-ply; about 780 m of yarn. Skill level: intermediate.",
            ),
            (
                "Fellside Spinners set Bramdale record – Dales Courier",
                "https://dalescourier.example.co.uk/news/2023/fellside-spinners-record",
                "22 Aug 2023 – The Fellside Spinners took the sheep to shawl title in 7 h 02 min, a show record ...",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = f"403 Client Error: Forbidden for url: {SHAWL}"
w.fail[("visit_webpage", 1)] = f"403 Client Error: Forbidden for url: {SHAWL}"
w.pages[SHAWL] = page(
    "# Class 412 – Sheep to Shawl (teams of six)",
    "",
    "| Place | Team | Time (h:mm) | Judges' marks /100 |",
    "|---|---|---|---|",
    "| 1 | Wharfe Valley Twisters | 6:48 | 88 |",
    "| 2 | Fellside Spinners | 7:05 | 91 |",
    "| 3 | Swaledale Young Farmers | 7:40 | 79 |",
)
RUNS.append(
    Run(
        "sheep_to_shawl_forbidden",
        "ignored_tool_error",
        "What was the winning team's time in the sheep-to-shawl competition at the 2025 Bramdale Agricultural Show? Answer as h:mm.",
        [
            code(
                "I ask search_agent for the 2025 result.",
                'result = search_agent(task="Find the winning team and its time in the sheep-to-shawl competition (class 412) at the 2025 Bramdale Agricultural Show. Give the time in hours and minutes, and the source.")\nprint(result)',
            ),
            code(
                "The results page would not open, but the report gives a winning time, 7 h 02 min. I answer with it as h:mm.",
                r"""
import re
h, m = re.search(r"(\d+) h (\d+) min", result).groups()
final_answer(f"{int(h)}:{m}")
""",
                bad=True,
            ),
        ],
        [
            call("web_search", query="Bramdale Show 2025 sheep to shawl results"),
            call("visit_webpage", url=SHAWL),
            call("visit_webpage", "403 Forbidden. I try the page once more.", url=SHAWL),
            answer(
                outcome(
                    "I could not read the 2025 results: the show's results page refused both visits (403 Forbidden).",
                    f"The search found the 2025 results page ({SHAWL}), but it answered 403 Forbidden twice. The only time in the search results is from a Dales Courier article of 22 August 2023: the Fellside Spinners won that year in 7 h 02 min, a show record. I found no 2025 time.",
                    "The show office or its members' newsletter may have the 2025 placings.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "6:48"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        M,
        w,
        summary=True,
        note="both visits answered 403 and the sub-agent said so; the manager answers with the 2023 snippet's 7:02 as if the lookup had worked",
    )
)

# ---------------------------------------------------------------------------------------------
# 7. wrong_tool_arguments: a county council's pothole reports API; a lone CodeAgent's middle
# step fetches the neighbouring ward's code.
# ---------------------------------------------------------------------------------------------


def potholes(
    ward: str, total: int, status: dict[str, int], sources: dict[str, int]
) -> dict[str, Any]:
    """One ward-month of the highways API's pothole counts."""
    return {
        "ward": ward,
        "month": "2025-10",
        "reports": {"total": total, "by_status": status, "by_source": sources},
        "median_days_to_repair": 11.5,
        "sla_breaches": None,
        "generated_at": 1761955200,
        "licence": "OGL-UK-3.0",
    }


w = World()
w.api = {
    "/": {
        "service": "Ashby Vale County Council – Highways open data",
        "status": "ok",
        "endpoints": {
            "wards": "/wards",
            "potholes": "/highways/potholes?ward={ward_code}&month={YYYY-MM}",
            "defect": "/highways/defects/{id}",
        },
        "rate_limit": "60 requests a minute",
        "docs": None,
    },
    "/wards": {
        "council": "Ashby Vale County Council",
        "count": 6,
        "items": [
            {
                "code": "E05014407",
                "name": "Ashby Central",
                "district": "Ashby",
                "area_ha": 388.1,
                "councillors": ["J. Moss"],
            },
            {
                "code": "E05014408",
                "name": "Hythe Bridge",
                "district": "Ashby",
                "area_ha": 412.7,
                "councillors": ["P. Okonkwo"],
            },
            {
                "code": "E05014409",
                "name": "Kingsbury",
                "district": "Vale",
                "area_ha": 1290.4,
                "councillors": ["S. Ridley", "T. Amin"],
            },
            {
                "code": "E05014410",
                "name": "Kingsmead North",
                "district": "Vale",
                "area_ha": 655.0,
                "councillors": None,
            },
            {
                "code": "E05014411",
                "name": "Kingsmead South",
                "district": "Vale",
                "area_ha": 702.9,
                "councillors": ["H. Varga"],
            },
            {
                "code": "E05014412",
                "name": "Wellow",
                "district": "Vale",
                "area_ha": 2140.2,
                "councillors": ["A. Price"],
            },
        ],
        "next": None,
    },
    "/highways/potholes?ward=E05014410&month=2025-10": potholes(
        "E05014410",
        37,
        {"open": 6, "scheduled": 9, "repaired": 21, "rejected": 1},
        {"web": 22, "app": 11, "phone": 3, "inspector": 1},
    ),
    "/highways/potholes?ward=E05014411&month=2025-10": potholes(
        "E05014411",
        52,
        {"open": 9, "scheduled": 14, "repaired": 27, "rejected": 2},
        {"web": 30, "app": 15, "phone": 4, "inspector": 3},
    ),
}
w.fail[("fetch_json", 2)] = "504 Gateway Time-out: the upstream server did not answer in time"
RUNS.append(
    Run(
        "pothole_api_neighbour_ward",
        "wrong_tool_arguments",
        "How many pothole reports did Ashby Vale County Council's highways API record for the ward of Kingsmead North in October 2025? Reply with the number only.",
        [
            code(
                "I ask the API for the ward's October reports.",
                'print(fetch_json(endpoint="/highways/potholes?ward=Kingsmead North&month=2025-10"))',
            ),
            code(
                "The API does not take ward names. I read its root for the endpoints.",
                'print(fetch_json(endpoint="/"))',
            ),
            code(
                "Wards are given by code. I list them.",
                'import json\nwards = json.loads(fetch_json(endpoint="/wards"))\nprint(wards)',
            ),
            code(
                "A gateway time-out; I try the ward list again.",
                'wards = json.loads(fetch_json(endpoint="/wards"))\nfor ward in wards["items"]:\n    print(ward["code"], ward["name"])',
            ),
            code(
                "Kingsmead North is E05014411. I fetch its reports for October 2025.",
                'october = json.loads(fetch_json(endpoint="/highways/potholes?ward=E05014411&month=2025-10"))\nprint(october["reports"])',
                bad=True,
            ),
            code(
                "The total is in the reports.",
                'final_answer(str(october["reports"]["total"]))',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "37"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the ward list gives Kingsmead North E05014410; the agent fetches E05014411 (Kingsmead South, 52)",
    )
)

# ---------------------------------------------------------------------------------------------
# 8. wrong_tool_arguments: a river's swan upping census; the search sub-agent's first call
# searches the previous year's census.
# ---------------------------------------------------------------------------------------------
SWAN24 = "https://lodeconservators.example.org.uk/news/swan-upping-2024"
SWAN25 = "https://lodeconservators.example.org.uk/news/swan-upping-2025"


def swan_page(year: int, published: str, cygnets: int, broods: int, adults: int, extra: str) -> str:
    """One year's census news page of the river conservators."""
    return page(
        "Lode Conservators · Caring for the River Lode since 1791",
        "",
        "Home › News › Swan Upping",
        "",
        "Navigation · Licences · Moorings · Lock times · Tide & flow · Report a problem · News",
        "",
        f"# Swan Upping {year}: census results",
        "",
        f"Published {published}",
        "",
        f"Our uppers rowed six skiffs from Lodebridge to Fenham Lock over four days in the third week of July, lifting every family of mute swans to weigh and ring the cygnets and check the birds' health. This year the census counted {cygnets} cygnets in {broods} broods, and {adults} adult swans on the river.",
        "",
        extra,
        "",
        "Found an injured swan? Call the Swan Line on 0300 555 0191 (24 hours).",
        "",
        "Was this page helpful? [Yes] [No]",
        "",
        "Print this page · Share · Accessibility statement · © Lode Conservators",
    )


w = World()
w.search = [
    (
        ("swan upping", "2024"),
        results(
            (
                "Swan Upping 2024: census results – Lode Conservators",
                SWAN24,
                "The week-long count from Lodebridge to Fenham Lock found 73 cygnets in 31 broods ...",
            ),
            (
                "The Swan Inn, Lodebridge – Sunday carvery & rooms",
                "https://swaninnlodebridge.example.co.uk",
                "Riverside pub with rooms. Carvery every Sunday 12–4pm. Dogs welcome in the bar.",
            ),
            (
                "What is swan upping? An explainer",
                "https://rivers-explained.example.org/swan-upping",
                "The annual census of mute swans dates back to the 12th century ...",
            ),
        ),
    ),
    (
        ("swan upping", "2025"),
        results(
            (
                "Swan Upping 2025: census results – Lode Conservators",
                SWAN25,
                "Cygnet numbers fell this year after the spring floods: 61 cygnets in 27 broods ...",
            ),
            (
                "The Swan Inn, Lodebridge – Sunday carvery & rooms",
                "https://swaninnlodebridge.example.co.uk",
                "Riverside pub with rooms. Carvery every Sunday 12–4pm. Dogs welcome in the bar.",
            ),
        ),
    ),
]
w.pages[SWAN24] = swan_page(
    2024,
    "26 July 2024",
    73,
    31,
    212,
    "Two cygnets were taken to the Fenham wildlife hospital with fishing-line injuries; both have since been released.",
)
w.pages[SWAN25] = swan_page(
    2025,
    "25 July 2025",
    61,
    27,
    204,
    "The spring floods washed out several early nests below Fenham Lock, and numbers fell from last year's 73.",
)
RUNS.append(
    Run(
        "swan_upping_last_year",
        "wrong_tool_arguments",
        "How many cygnets were counted on the River Lode during the 2025 Swan Upping census at Lodebridge? Reply with the number only.",
        [
            code(
                "I ask search_agent for the 2025 census.",
                'census = search_agent(task="Find how many cygnets were counted on the River Lode during the 2025 Swan Upping census at Lodebridge, with the source.")\nprint(census)',
            ),
            code(
                "I take the number that follows 'counted' or 'found'.",
                r"""
import re
print(re.search(r"(?<=counted |found )\d+", census))
""",
            ),
            code(
                "A look-behind must have a fixed width. I match the number before 'cygnets' instead.",
                r"""
cygnets = re.search(r"(\d+) cygnets", census).group(1)
final_answer(cygnets)
""",
            ),
        ],
        [
            call(
                "web_search",
                "I search for the census results.",
                bad=True,
                query="Lodebridge swan upping 2024 cygnets count",
            ),
            call("visit_webpage", url=SWAN24),
            answer(
                outcome(
                    "73 cygnets were counted on the River Lode in the Swan Upping census.",
                    "The Lode Conservators' census page reports 73 cygnets in 31 broods and 212 adult swans, counted over four days between Lodebridge and Fenham Lock. Two cygnets went to the Fenham wildlife hospital with fishing-line injuries.",
                    f"Source: {SWAN24}. The uppers row six skiffs each July.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "61"}],
        S,
        w,
        note="the sub-agent searches the 2024 census (73); 2025's page gives 61",
    )
)

# ---------------------------------------------------------------------------------------------
# 9. goal_deviation: a vintage motorcycle club's reliability trial; the manager's initial plan
# takes "went clean" for "finished" and goes after the finishers.
# ---------------------------------------------------------------------------------------------
ENTRIES = "https://dunmorevmcc.example.org.uk/wolds-trial/2025/entries"
TRIAL = "https://dunmorevmcc.example.org.uk/wolds-trial/2025/results"
w = World()
w.search = [
    (
        ("wolds trial",),
        results(
            (
                "Wolds Trial 2025 – entry list | Dunmore VMCC",
                ENTRIES,
                "Saturday and Sunday routes: riders, machines and classes.",
            ),
            (
                "A randomised trial of home exercise in older adults: the Wolds cohort – NIHR",
                "https://nihr.example.org/trials/wolds-cohort",
                "Phase III randomised controlled trial, recruiting 2025, 14 GP practices in the Yorkshire Wolds ...",
            ),
            (
                "Wolds Trial 2025 – results | Dunmore VMCC",
                TRIAL,
                "Provisional results: starters, finishers, cleans and marks lost by class; best performances.",
            ),
        ),
    )
]
w.pages[ENTRIES] = page(
    "Dunmore Vintage Motorcycle Club · Wolds Trial 2025",
    "",
    "Home · Events · **Wolds Trial** · Membership · Machine register · Shop",
    "",
    "# Entry list",
    "",
    "Saturday route (pre-65 and twinshock): 58 entries. Sunday route (all classes): 64 entries.",
    "",
    "| No. | Rider | Machine | Class | Route |",
    "|---|---|---|---|---|",
    "| 1 | Alan Tebbit | 1958 BSA Gold Star 350 | Pre-65 rigid | Sun |",
    "| 2 | Sue Marr | 1962 Triumph Tiger Cub | Pre-65 swinging arm | Sat, Sun |",
    "| 3 | Geoff Hall | 1979 Bultaco Sherpa 250 | Twinshock | Sun |",
    "| … | (61 more entries) | | | |",
    "",
    "Members: sign in to see riders' contact details.",
)
w.pages[TRIAL] = page(
    "Dunmore Vintage Motorcycle Club · Wolds Trial 2025",
    "",
    "Home · Events · **Wolds Trial** · Membership · Machine register · Shop",
    "",
    "# Results (provisional)",
    "",
    "Observers' cards checked 14 September 2025. Marks lost per section: 0 clean, 1 dab, 2 two or more dabs, 3 footing or stopping, 5 failure.",
    "",
    "## Saturday route – 20 sections, 2 laps",
    "58 starters, 51 finishers; 12 riders were clean (lost no marks).",
    "",
    "## Sunday route – 30 sections, 3 laps",
    "64 starters, 58 finishers; 7 riders were clean (lost no marks).",
    "",
    "| Class | Finishers | Best performance | Marks lost |",
    "|---|---|---|---|",
    "| Pre-65 rigid | 14 | Alan Tebbit (BSA) | 0 |",
    "| Pre-65 swinging arm | 18 | Sue Marr (Triumph) | 0 |",
    "| Twinshock | 21 | Geoff Hall (Bultaco) | 0 |",
    "| Sidecar | 5 | Ron & Jo Platt (Norton) | 4 |",
    "",
    "Premier award: Sue Marr. Retirements on Sunday: 6 (two broken chains, a seized gearbox, three out of time).",
    "",
    "These results are provisional for 7 days. Protests to the clerk of the course in writing.",
)
RUNS.append(
    Run(
        "trial_clean_as_finished",
        "goal_deviation",
        "How many riders went clean (lost no marks) on the Sunday route of the 2025 Wolds Trial of the Dunmore Vintage Motorcycle Club? Reply with the number only.",
        [
            survey(
                "- the event: the Dunmore Vintage Motorcycle Club's 2025 Wolds Trial, Sunday route\n- we want the riders who went clean (lost no marks)",
                "- the number of riders who finished the Sunday route: the club's results page",
                "- in a reliability trial, going clean means getting round the whole route without retiring or running out of time, so the riders who went clean are the finishers: nothing to derive beyond reading the finishers' count",
                "1. Ask search_agent for the number of riders who finished the Sunday route of the 2025 Wolds Trial.\n2. Take the number from its report.\n3. Return it.",
                bad=True,
            ),
            code(
                "I ask search_agent for the Sunday finishers.",
                'finishers = search_agent(task="Find how many riders finished the Sunday route of the 2025 Wolds Trial (Dunmore Vintage Motorcycle Club), from the club\'s results page.")\nprint(finishers)',
            ),
            code(
                "I pull out the count of finishers.",
                r"""
import re
print(re.findall(r"(\d+) (?:riders )?finished", finishers))
""",
            ),
            code("58 riders finished the Sunday route.", 'final_answer("58")'),
        ],
        [
            call("web_search", query="Wolds Trial 2025 Dunmore VMCC Sunday route results"),
            call("visit_webpage", "I open the club's first page.", url=ENTRIES),
            call(
                "visit_webpage",
                "That is the entry list; the results are on the club's other page.",
                url=TRIAL,
            ),
            answer(
                outcome(
                    "58 riders finished the Sunday route (64 started).",
                    "Dunmore VMCC's provisional results: the Sunday route had 30 sections over 3 laps; 64 starters and 58 finishers. Finishers by class: pre-65 rigid 14, pre-65 swinging arm 18, twinshock 21, sidecar 5. Six riders retired on Sunday (two broken chains, a seized gearbox, three out of time).",
                    f"Source: {TRIAL}. Results are provisional for 7 days.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "7"}],
        M,
        w,
        planning=5,
        note="the plan reads 'went clean' as 'finished' and asks for finishers (58); the page gives 7 clean",
    )
)

# ---------------------------------------------------------------------------------------------
# 10. goal_deviation: a guitar tablature transposer package; the manager's first step asks
# the code-search agent where a tab is transposed to another key, not where the capo is applied.
# ---------------------------------------------------------------------------------------------
w = World()
w.grep = {
    "def transpose": [
        {
            "path": "src/tabshift/transpose.py",
            "line": 18,
            "text": "def transpose(tab: Tab, semitones: int) -> Tab:",
        },
    ],
    "apply_capo": [
        {
            "path": "src/tabshift/capo.py",
            "line": 9,
            "text": "def apply_capo(tab: Tab, capo: int) -> Tab:",
        },
        {"path": "src/tabshift/cli.py", "line": 52, "text": "        tab = apply_capo(tab, capo)"},
    ],
}
w.files = {
    "src/tabshift/transpose.py": "\n".join(
        [
            '"""Transposing a tab to another key: every fretted note moves by the same interval."""',
            "",
            "from __future__ import annotations",
            "",
            "import re",
            "",
            "from .model import Tab, TabLine",
            "",
            'FRET = re.compile(r"\\d+")',
            "",
            "",
            "def shift_frets(line: TabLine, offset: int) -> TabLine:",
            '    """Add `offset` to every fret number of one string\'s line."""',
            "    return line.replace_frets(lambda fret: fret + offset)",
            "",
            "",
            "# Transposing up past the 24th fret is left to the caller.",
            "def transpose(tab: Tab, semitones: int) -> Tab:",
            '    """The tab in a key `semitones` higher (negative: lower), on the same strings."""',
            "    return tab.map_lines(lambda line: shift_frets(line, semitones))",
        ]
    ),
}
RUNS.append(
    Run(
        "tab_capo_asked_transpose",
        "goal_deviation",
        "Issue #58 in tabshift: with `--capo 3`, notes fretted below the capo come out as negative fret numbers instead of being flagged. In which file is the capo applied to a tab? Answer with the path only.",
        [
            code(
                "A capo is just a transposition, so I ask code_agent where tabshift transposes a tab to another key.",
                'where = code_agent(task="In the tabshift repository, find the file and function that transpose a guitar tab to another key (moving every fret number by a number of semitones). Give the path.")\nprint(where)',
                bad=True,
            ),
            code(
                "I look at the file myself before answering.",
                'path = "src/tabshift/transpose.py"\nwith open(path) as f:\n    print(f.read()[:600])',
            ),
            code(
                "Files cannot be opened in this sandbox; the report names the path. I take it from the report.",
                r"""
import re
path = re.search(r"src/[\w/]+\.py", where).group(0)
final_answer(path)
""",
            ),
        ],
        [
            call("search_code", pattern="def transpose"),
            call("read_file", path="src/tabshift/transpose.py"),
            answer(
                outcome(
                    "Tabs are transposed to another key in src/tabshift/transpose.py, by transpose(tab, semitones).",
                    "src/tabshift/transpose.py defines transpose(tab, semitones) at line 18, which maps every string's line through shift_frets(line, semitones) (line 12); shift_frets adds the offset to every fret number with no bounds check, so a negative offset can give negative frets.",
                    "A comment above transpose() says transposing past the 24th fret is left to the caller.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "src/tabshift/capo.py"}],
        M,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        note="the delegation asks where a tab is transposed to another key (transpose.py); the capo is applied in capo.py",
    )
)

# ---------------------------------------------------------------------------------------------
# 11. wrong_format: a pipe club's slow smoking contest; the manager's last step writes the time
# as minutes:seconds where h:mm:ss was asked.
# ---------------------------------------------------------------------------------------------
PIPE = "https://hollinscrosspipeclub.example.org.uk/contest/2025"
w = World()
w.search = [
    (
        ("pipe", "hollins"),
        results(
            (
                "15mm copper pipe, 3m length – pack of 10",
                "https://plumbdirect.example.co.uk/copper-pipe-15mm",
                "Half-hard copper tube to EN 1057. Next-day delivery. Trade prices with an account.",
            ),
            (
                "Slow Smoking Contest 2025 – results | Hollins Cross Pipe Club",
                PIPE,
                "Each smoker gets 3 g of tobacco and two matches; the last pipe still alight wins. Full placings and times.",
            ),
            (
                "How to pack a pipe for a long, cool smoke",
                "https://briarandember.example.com/guides/packing",
                "The three-layer method: loose, firmer, firm. Tamp gently ...",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "ChunkedEncodingError: ('Connection broken: IncompleteRead(2048 bytes read, 6123 more expected)', IncompleteRead(2048 bytes read, 6123 more expected))"
)
w.pages[PIPE] = page(
    "Hollins Cross Pipe Club · founded 1952 · meets first Friday, Bull's Head, Hollins Cross",
    "",
    "Home | Contest | Gallery | Join | Links",
    "",
    "# Slow Smoking Contest 2025 – results",
    "",
    "Friday 7 March 2025. Doors 6.30pm; the contest started at 7.45pm. 23 smokers. Rules: 3.0 g of the club's own flake, two matches, pipe filled and lit within 1 minute; the last pipe still alight, checked by the stewards every ten minutes, wins.",
    "",
    "1. Arthur Kersh (Hollins Cross) – 1h 42m 07s",
    "2. Nell Pardoe (Buxworth) – 1h 38m 55s",
    "3. Ted Ramsbottom (Chinley) – 1h 21m 30s",
    "4. Hugh Lomas (Hollins Cross) – 1h 19m 02s",
    "5. Jean Sowerby (Hayfield) – 1h 04m 48s",
    "… 18 more",
    "",
    "Club record: 3h 08m 09s (Len Hollis, 1994).",
    "",
    "Please drink responsibly. Smoking is bad for your health. Under-18s are not admitted.",
)
RUNS.append(
    Run(
        "pipe_contest_minutes",
        "wrong_format",
        "What was the winning time in the 2025 Hollins Cross Slow Pipe Smoking Contest? Answer as h:mm:ss.",
        [
            survey(
                "- the event: the 2025 Slow Pipe Smoking Contest of Hollins Cross\n- the answer is wanted as h:mm:ss",
                "- the winner's time: the pipe club's results page",
                "- the time written as h:mm:ss",
                "1. Ask search_agent for the winning time and its source.\n2. Pull the hours, minutes and seconds out of the report.\n3. Return them as h:mm:ss.",
            ),
            code(
                "I ask search_agent for the winning time.",
                'smoke = search_agent(task="Find the winning time in the 2025 Hollins Cross Slow Pipe Smoking Contest, with the winner\'s name and the source page.")\nprint(smoke)',
            ),
            code(
                "I pull out the hours, minutes and seconds.",
                r"""
import re
h, m, s = (int(x) for x in re.search(r"(\d+)h (\d+)m (\d+)s", smoke).groups())
print(h, m, s)
""",
            ),
            code(
                "1 hour 42 minutes and 7 seconds. I write it as minutes and seconds.",
                'final_answer(f"{h * 60 + m}:{s:02d}")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Hollins Cross slow pipe smoking contest 2025 winner time"),
            call("visit_webpage", url=PIPE),
            call("visit_webpage", "The connection broke mid-page. I load it again.", url=PIPE),
            answer(
                outcome(
                    "Arthur Kersh won the 2025 contest: his pipe stayed alight for 1h 42m 07s.",
                    "Hollins Cross Pipe Club results, Friday 7 March 2025, 23 smokers: 1. Arthur Kersh (Hollins Cross) 1h 42m 07s; 2. Nell Pardoe (Buxworth) 1h 38m 55s; 3. Ted Ramsbottom (Chinley) 1h 21m 30s.",
                    f"Source: {PIPE}. The club record is 3h 08m 09s (Len Hollis, 1994).",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "1:42:07"},
            {"type": "regex", "value": r"^\d+:\d{2}:\d{2}$"},
        ],
        M,
        w,
        planning=8,
        note="right time, written 102:07 (minutes:seconds) instead of 1:42:07",
    )
)

# ---------------------------------------------------------------------------------------------
# 12. wrong_format: a district council's elections API; a lone CodeAgent's last step writes the
# poll date day-first where YYYY-MM-DD was asked.
# ---------------------------------------------------------------------------------------------
w = World()
w.api = {
    "/elections/upcoming": {
        "council": "Harlowe District Council",
        "generated": "2025-10-30T16:05:11Z",
        "elections": [
            {
                "ballot_id": "parish.harlowe.little-brook.2025-11-13",
                "title": "Little Brook Parish Council by-election",
                "poll_open": "2025-11-13T07:00:00Z",
                "poll_close": "2025-11-13T22:00:00Z",
                "poll_date_text": "Thursday 13th November 2025",
                "cancelled": False,
                "uncontested": True,
                "candidates_count": 1,
                "postal_vote_deadline": None,
                "polling_stations": [],
                "notes": "Uncontested: no poll will be held.",
            },
            {
                "ballot_id": "local.harlowe.marsh-green.by.2025-11-27",
                "title": "Marsh Green ward by-election",
                "poll_open": "2025-11-27T07:00:00Z",
                "poll_close": "2025-11-27T22:00:00Z",
                "poll_date_text": "Thursday 27th November 2025",
                "cancelled": False,
                "uncontested": False,
                "candidates_count": 4,
                "postal_vote_deadline": "2025-11-11T17:00:00Z",
                "polling_stations": [
                    {
                        "id": "PS-14",
                        "name": "Marsh Green Village Hall",
                        "address": "Church Road, Marsh Green, HW7 2DL",
                        "uprn": "100062217431",
                        "step_free": True,
                        "opens": "07:00",
                        "closes": "22:00",
                    },
                    {
                        "id": "PS-15",
                        "name": "St Cuthbert's Church Room",
                        "address": "The Green, Upper Marsh, HW7 2QA",
                        "uprn": None,
                        "step_free": None,
                        "opens": "07:00",
                        "closes": "22:00",
                    },
                ],
                "notes": None,
            },
        ],
        "next": None,
    },
}
RUNS.append(
    Run(
        "polling_date_day_first",
        "wrong_format",
        "On what date is the Marsh Green ward by-election poll, according to Harlowe District Council's elections API? Answer as YYYY-MM-DD.",
        [
            code(
                "I ask the API for the ward's elections.",
                'print(fetch_json(endpoint="/elections?ward=Marsh Green"))',
            ),
            code(
                "No such endpoint. I try the list of upcoming elections.",
                'import json\ndata = json.loads(fetch_json(endpoint="/elections/upcoming"))\nfor e in data["elections"]:\n    print(e["ballot_id"], "|", e["title"], "|", e["poll_open"], "| cancelled:", e["cancelled"])',
            ),
            code(
                "The Marsh Green by-election is there. I parse its poll opening time.",
                'from datetime import datetime\nballot = [e for e in data["elections"] if "marsh-green" in e["ballot_id"]][0]\npoll = datetime.strptime(ballot["poll_open"], "%Y-%m-%dT%H:%M:%S")\nprint(poll)',
            ),
            code(
                "The time ends with Z. I put it in the format.",
                'poll = datetime.strptime(ballot["poll_open"], "%Y-%m-%dT%H:%M:%SZ")\nprint(poll.date(), "|", ballot["poll_date_text"])',
            ),
            code(
                "The poll is on Thursday 27 November 2025. I give the date as the council writes dates.",
                'final_answer(poll.strftime("%d/%m/%Y"))',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "2025-11-27"},
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="right date, written 27/11/2025 instead of 2025-11-27",
    )
)

# ---------------------------------------------------------------------------------------------
# 13. premature_final_answer: a charity stair race up a tower block; a lone CodeAgent answers
# from a news snippet of the year before without opening the results it found.
# ---------------------------------------------------------------------------------------------
STAIRS = "https://racetime.example.co.uk/events/calder-tower-2025/results"
w = World()
w.search = [
    (
        ("calder", "results"),
        results(
            (
                "Stairlifts from £1,495 – free home survey, fitted in days",
                "https://liftwell.example.co.uk/offer",
                "Straight and curved stairlifts. Rated 4.8/5 by 2,300 customers. Call free today.",
            ),
            (
                "Calder Tower Stair Climb 2025 – results (chip timing)",
                STAIRS,
                "Men, women, firefighters in kit and teams: 31 floors, 672 steps. Search by name or bib number.",
            ),
            (
                "Climbers raise £18k in Calder Tower stair race – Halden Echo",
                "https://haldenecho.example.co.uk/news/calder-tower-stair-race",
                "12 May 2024 – ... the fastest man, Josh Arden, ran up all 31 floors of Calder House in 3:41 ...",
            ),
        ),
    )
]
w.pages[STAIRS] = page(
    "RaceTime · chip timing for charity events",
    "",
    "Events › Calder Tower Stair Climb 2025 › Results",
    "",
    "Sunday 11 May 2025 · Calder House, Halden · 31 floors · 672 steps",
    "",
    "## Men",
    "| Pos | Bib | Name | Chip time |",
    "|---|---|---|---|",
    "| 1 | 212 | Sam Okoye | 3:36 |",
    "| 2 | 118 | Josh Arden | 3:44 |",
    "| 3 | 305 | Kieran Doyle | 3:58 |",
    "",
    "## Women",
    "| Pos | Bib | Name | Chip time |",
    "|---|---|---|---|",
    "| 1 | 407 | Hana Vesela | 4:12 |",
    "",
    "Firefighters in full kit: 1. Halden Red Watch (team of 4) 6:05.",
)
RUNS.append(
    Run(
        "stair_race_snippet",
        "premature_final_answer",
        "What was the fastest man's time in the 2025 Calder Tower charity stair climb (31 floors of Calder House, Halden)? Answer as m:ss.",
        [
            code(
                "I search for the winner's time.",
                'print(web_search(query="Calder Tower stair climb 2025 men\'s winner time 31 floors"))',
            ),
            code(
                "Nothing found. I search more broadly for the results.",
                'print(web_search(query="Calder Tower stair climb 2025 results"))',
            ),
            code(
                "The Halden Echo gives the fastest man's time: Josh Arden ran up the 31 floors in 3:41. That answers the question.",
                'final_answer("3:41")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "3:36"}],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        note="answers from a 2024 news snippet without opening the 2025 results page it found (3:36)",
    )
)

# ---------------------------------------------------------------------------------------------
# 14. premature_final_answer: a city council's public toilets API (GeoJSON, paged); a lone
# CodeAgent answers from the first of three pages.
# ---------------------------------------------------------------------------------------------


def loo(ident: str, name: str, street: str, changing: bool | None, **extra: Any) -> dict[str, Any]:
    """One public toilet as a GeoJSON feature of the council's API."""
    props: dict[str, Any] = {
        "id": ident,
        "name": name,
        "street": street,
        "accessible": "Y",
        "baby_change": "Y",
        "changing_places": changing,
        "radar_key": True,
        "charge_gbp": None,
        "opening_hours": "07:00-19:00",
        "status": "open",
        "last_inspected": 1757491200000,
    }
    props.update(extra)
    return {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [-1.8874, 50.7221]},
        "properties": props,
    }


def loos(number: int, features: list[dict[str, Any]]) -> dict[str, Any]:
    """One page of the toilets collection."""
    return {
        "type": "FeatureCollection",
        "features": features,
        "meta": {"page": number, "pages": 3, "per_page": 10, "total": 27},
        "links": {
            "self": f"/v1/toilets?page={number}",
            "next": f"/v1/toilets?page={number + 1}" if number < 3 else None,
            "prev": f"/v1/toilets?page={number - 1}" if number > 1 else None,
        },
    }


w = World()
page_one = loos(
    1,
    [
        loo(
            "STM-T01",
            "Bus Station",
            "Quay Street",
            True,
            charge_gbp=0.2,
            opening_hours="06:00-22:00",
        ),
        loo("STM-T02", "Castle Gardens", "Castle Walk", False),
        loo("STM-T03", "Civic Centre", "Bourne Avenue", True, opening_hours="08:30-17:00"),
        loo("STM-T04", "Harbour Slipway", "Quay Street", False, baby_change="N"),
        loo("STM-T05", "Market Hall", "Market Place", None, status="closed for refurbishment"),
        loo("STM-T06", "Northgate car park", "North Road", False, charge_gbp=0.4),
        loo("STM-T07", "Pier Approach", "Pier Approach", False, opening_hours="24h"),
        loo("STM-T08", "Priory Green", "Priory Lane", False, accessible="N", radar_key=False),
        loo("STM-T09", "Riverside Park", "Mill Lane", False),
        loo("STM-T10", "Station Forecourt", "Station Road", False, charge_gbp=0.3),
    ],
)
page_one["features"][6]["geometry"] = None
w.api = {
    "/v1/toilets": page_one,
    "/v1/toilets?page=1": page_one,
    "/v1/toilets?page=2": loos(
        2,
        [
            loo(
                "STM-T11",
                "Beach Huts East",
                "Undercliff Drive",
                False,
                opening_hours="Apr-Oct 08:00-20:00",
            ),
            loo("STM-T12", "Boscombe Chine", "Chine Road", False),
            loo("STM-T13", "Central Library", "The Triangle", True, opening_hours="09:00-18:00"),
            loo("STM-T14", "Cemetery Lodge", "Wimborne Road", False, baby_change="N"),
            loo("STM-T15", "Eastcliff Lift", "East Overcliff", None),
            loo("STM-T16", "Fairground", "Meyrick Park", False),
            loo("STM-T17", "Hospital Road", "Castle Lane", False, charge_gbp=0.2),
            loo("STM-T18", "Kingsway Shops", "Kingsway", False),
            loo("STM-T19", "Leisure Centre", "Kings Park Drive", False),
            loo("STM-T20", "Lower Gardens", "Exeter Road", False),
        ],
    ),
    "/v1/toilets?page=3": loos(
        3,
        [
            loo("STM-T21", "Museum Quarter", "Russell-Cotes Road", True),
            loo("STM-T22", "Old Town Square", "High Street", False),
            loo("STM-T23", "Park & Ride (Hillview)", "Ringwood Road", False, charge_gbp=0.2),
            loo(
                "STM-T24",
                "Shopping Centre, level 1",
                "Castlepoint",
                True,
                opening_hours="09:00-20:00",
            ),
            loo("STM-T25", "Sports Ground", "Dean Park", False, status="temporarily closed"),
            loo("STM-T26", "Westcliff Lift", "West Overcliff", False),
            loo("STM-T27", "Winter Gardens", "Exeter Road", False),
        ],
    ),
}
RUNS.append(
    Run(
        "toilets_api_first_page",
        "premature_final_answer",
        "How many public toilets in Stourmouth City Council's open-data toilets API have a Changing Places facility? Reply with the number only.",
        [
            code(
                "I ask the API for the toilets with a Changing Places facility.",
                'print(fetch_json(endpoint="/v1/toilets?changing_places=true"))',
            ),
            code(
                "The API has no such filter. I fetch the whole list and look at its shape.",
                'import json\npage1 = json.loads(fetch_json(endpoint="/v1/toilets"))\nprint(page1["meta"], page1["links"])\nprint(page1["features"]["properties"])',
            ),
            code(
                "features is a list of GeoJSON features; the fields are under each feature's properties.",
                'for f in page1["features"]:\n    p = f["properties"]\n    print(p["id"], p["name"], "| changing_places:", p["changing_places"], "| accessible:", p["accessible"])',
            ),
            code(
                "Two toilets have a Changing Places facility, the bus station and the Civic Centre. I count and answer.",
                'changing = sum(1 for f in page1["features"] if f["properties"]["changing_places"])\nfinal_answer(str(changing))',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "5"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="meta says 3 pages of 27 toilets and links.next is set; the agent answers from page 1 (2 of 5)",
    )
)

# ---------------------------------------------------------------------------------------------
# 15. looping: a whistling championship; the search sub-agent repeats near-identical searches
# until max_steps, never opening the results page the hits list.
# ---------------------------------------------------------------------------------------------
WHISTLE = "https://penmorrowwhistling.example.org/2025/results"
w = World()
w.search = [
    (
        ("penmorrow", "whistl"),
        results(
            (
                "Penmorrow Whistling Championship 2025 – results",
                WHISTLE,
                "Results for every class: junior, open, bird-song imitation, duets and 'whistle a tune you hate'.",
            ),
            (
                "Junior whistler, 11, takes Penmorrow title – West Coast Gazette",
                "https://westcoastgazette.example.co.uk/news/junior-whistler",
                "Tomos Reed, 11, won the junior class with 'Ar Lan y Môr' and a cheeky blackbird encore ...",
            ),
            (
                "Best whistling kettles 2025 – tested by our experts",
                "https://homehub.example.com/best-whistling-kettles",
                "From stovetop classics to induction-ready stainless steel: our top nine.",
            ),
        ),
    )
]
w.pages[WHISTLE] = page(
    "# Penmorrow Whistling Championship 2025 – results",
    "",
    "Saturday 6 September 2025, Penmorrow Memorial Hall. Judges: Ceri Lloyd, Mark Batey, Ann Pugh.",
    "",
    "## Open (adults)",
    "1. Delyth Aubrey (Aberporth) – 'The Lark in the Clear Air'",
    "2. Gareth Price (Cardigan) – 'Cwm Rhondda'",
    "3. Maureen Hickey (Wexford) – 'She Moved Through the Fair'",
    "",
    "## Junior (under 16)",
    "1. Tomos Reed (Penmorrow) – 'Ar Lan y Môr'",
)
RUNS.append(
    Run(
        "whistling_search_loop",
        "looping",
        "Who won the open (adult) class of the 2025 Penmorrow Whistling Championship? Reply with the name only.",
        [
            survey(
                "- the event: the 2025 Penmorrow Whistling Championship, open (adult) class",
                "- the winner of the open class: the championship's results, or a news report",
                "- nothing beyond reading the name",
                "1. Ask search_agent for the winner of the open class, with its source.\n2. Return the name.",
            ),
            code(
                "I ask search_agent for the open winner.",
                'winner = search_agent(task="Find who won the open (adult) class of the 2025 Penmorrow Whistling Championship. Give the name and the source.")\nprint(winner)',
            ),
            code(
                "The search agent could not find the open winner; I say so.",
                'final_answer("Not found")',
            ),
        ],
        [
            call(
                "web_search",
                query="Penmorrow Whistling Championship 2025 open class winner",
            ),
            call(
                "web_search",
                "The hits name only the junior winner. I search again for the open class.",
                bad=True,
                query="Penmorrow Whistling Championship 2025 open winner",
            ),
            call(
                "web_search",
                "Still only the junior class. I search once more.",
                bad=True,
                query="2025 Penmorrow whistling championship open class winner name",
            ),
            call(
                "web_search",
                "The same results. I try another wording.",
                bad=True,
                query="Penmorrow Whistling Championship open winner 2025",
            ),
            call(
                "web_search",
                "Nothing new. One more search for the open class.",
                bad=True,
                query="Penmorrow whistling championship 2025 winner open class",
            ),
            text(
                "I could not find the winner of the open class of the 2025 Penmorrow Whistling Championship. The search results name only the junior champion, Tomos Reed (11); the championship's results page is listed but its snippet gives no names."
            ),
        ],
        [
            {"type": "contains", "value": "Delyth Aubrey"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        planning=6,
        sub_max_steps=5,
        note="the sub-agent searches five times with near-identical queries until max_steps and never opens the results page",
    )
)

# ---------------------------------------------------------------------------------------------
# 16. looping: a signal-flag hoist encoder package; a lone CodeAgent repeats the same code
# search until max_steps and guesses a file.
# ---------------------------------------------------------------------------------------------
DOCS_HIT = {
    "path": "docs/signals.md",
    "line": 44,
    "text": "## Repeaters (substitutes): a hoist may not show the same flag twice",
}
w = World()
w.grep = {
    "repeater": [
        DOCS_HIT,
        {
            "path": "CHANGELOG.md",
            "line": 15,
            "text": "- Fixed: a hoist with three identical letters now uses the third repeater",
        },
    ],
    "repeaters": [DOCS_HIT],
    "substitute": [
        {
            "path": "src/flaghoist/substitutes.py",
            "line": 12,
            "text": "def substitute_repeats(flags: list[str]) -> list[str]:",
        },
        {
            "path": "src/flaghoist/encoder.py",
            "line": 7,
            "text": "from .substitutes import substitute_repeats",
        },
        {
            "path": "tests/test_substitutes.py",
            "line": 5,
            "text": "def test_three_identical_letters():",
        },
    ],
}
w.files = {
    "docs/signals.md": "# Signal flags\n\nflaghoist encodes text as hoists of International Code of Signals flags.\n\n## Repeaters (substitutes): a hoist may not show the same flag twice\n\nsubstitute_repeats() replaces the second and later copies of a flag by the first, second or third substitute pennant.\n",
}
RUNS.append(
    Run(
        "flaghoist_search_loop",
        "looping",
        "In the flaghoist repository, which source file holds the logic that replaces a repeated flag in a hoist by a repeater (substitute) pennant? Answer with the path only.",
        [
            code(
                "I list the repository's files first.",
                'import os\nfor root, dirs, files in os.walk("."):\n    print(root, files)',
            ),
            code(
                "os cannot be imported here. I search the code for 'repeater'.",
                'print(search_code(pattern="repeater"))',
            ),
            code(
                "Only the docs and the changelog mention repeaters. The code must use the word too; I search again.",
                'print(search_code(pattern="repeater"))',
                bad=True,
            ),
            code(
                "The same two hits. Perhaps the plural.",
                'print(search_code(pattern="repeaters"))',
                bad=True,
            ),
            code(
                "Only the docs again. Perhaps a class name with a capital.",
                'print(search_code(pattern="Repeater"))',
                bad=True,
            ),
            code(
                "Nothing. Once more with the plain word.",
                'print(search_code(pattern="repeater"))',
                bad=True,
            ),
            text("src/flaghoist/encoder.py"),
        ],
        None,
        [
            {"type": "exact_match", "value": "src/flaghoist/substitutes.py"},
            {"type": "tool_called", "tool": "search_code", "max": 2},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        max_steps=6,
        note="near-identical searches for 'repeater' until max_steps; the forced answer guesses encoder.py",
    )
)
