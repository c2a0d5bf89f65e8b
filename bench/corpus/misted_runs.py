# ruff: noqa: E501, RUF001  (pages and JSON are data, kept one item a line; pages use en dashes)
"""The runs of the `misted` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API, the code search or the web
tools, two per fault of the taxonomy, each with one decisive fault labelled at the LLM call
that decided it (`bad=True` on its reply; on every repeat for a loop). Written in one sweep
without reading blame's rules, the other held-out families' runs or any score; see
smolagents_misted.py. The systems, the tools, the reply helpers and `Run` are those of the
sweep family (corpus/sweep_runs.py).
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
"""The runs, in the order they were written: two per fault, in the order of FAULTS."""

C = "code_agent"
"""The code-search sub-agent's name."""


def plan(facts: str, look_up: str, steps: str, bad: bool = False) -> Reply:
    """A planning reply in the shape smolagents asks for (facts survey, then plan)."""
    return text(
        "## 1. Facts survey\n### 1.1. Facts given in the task\n"
        f"{facts}\n### 1.2. Facts to look up\n{look_up}\n### 1.3. Facts to derive\n"
        f"- the answer, from the facts above\n\n## 2. Plan\n{steps}\n<end_plan>",
        bad,
    )


# --- 1. misread_tool_output: the manager's middle code step takes the longest throw of the
# report (a qualifying throw) for the final's winning throw.
w = World()
w.search = [
    (
        ("ashby", "paper"),
        results(
            (
                "2024 results | Ashby Paper Aircraft Championship",
                "https://ashbypaperaircraft.org.uk/results/2024",
                "Open Distance, Junior Distance and Time Aloft: qualifying and finals, Saturday 13 July 2024 at Ashby Leisure Centre sports hall.",
            ),
            (
                "How to fold a paper plane that flies 30 metres | Craft Corner",
                "https://craftcorner.example.com/paper-plane-30m",
                "Step-by-step folding guide for a long-distance dart, with a printable template.",
            ),
            (
                "Ashby Paper Aircraft Championship – Home",
                "https://ashbypaperaircraft.org.uk/",
                "Entries for 2025 open in March. Rules, results and photos.",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://ashbypaperaircraft.org.uk/results/2024"
)
w.pages["https://ashbypaperaircraft.org.uk/results/2024"] = """[Skip to content](#main)
Home | Rules | Results | Photos | Enter 2025 | Contact

We use cookies to count visitors. [Accept] [Reject] [Settings]

# 2024 results

Saturday 13 July 2024, Ashby Leisure Centre sports hall. Paper: one A4 sheet, 80 gsm, no cuts, no tape.

## Open Distance

### Qualifying (best of three throws)

| # | Pilot | Club | Best throw |
|---|---|---|---|
| 1 | Dev Raman | Leicester Makers | 42.10 m |
| 2 | Hollie Pratt | Ashby Scouts | 40.88 m |
| 3 | Marek Zieliński | unattached | 39.02 m |
| 4 | Sam Oduya | Coalville Flyers | 36.75 m |
| 5 | Becky Lorimer | Ashby Scouts | 35.98 m |

### Final (one throw each, top four from qualifying)

| Place | Pilot | Throw |
|---|---|---|
| 1 | Hollie Pratt | 39.85 m |
| 2 | Dev Raman | 38.47 m |
| 3 | Marek Zieliński | 37.90 m |
| 4 | Sam Oduya | 35.12 m |

## Junior Distance (under 12)

1. Isla Wren – 27.33 m
2. Oscar Bhatt – 25.06 m

## Time Aloft

1. Tom Ekwueme – 11.42 s
2. Hollie Pratt – 10.97 s

Distances are measured from the foul line to the first point of contact, to the nearest centimetre. Times aloft are the mean of two stopwatches.

Photos: 86 · Comments (4)

© Ashby Paper Aircraft Championship 2024 · Registered charity no. 1187702 · Privacy · Accessibility
"""
RUNS.append(
    Run(
        "paper_plane_final_throw",
        "misread_tool_output",
        "At the 2024 Ashby Paper Aircraft Championship, how far did the winning throw of the Open Distance final go, in metres? Reply with the number only.",
        [
            code(
                "I will ask search_agent for the Open Distance results.",
                'report = search_agent(task="Find the Open Distance results of the 2024 Ashby Paper Aircraft Championship, including the winning throw of the final in metres.")\nprint(report)',
            ),
            code(
                "I look at the final's part of the report.",
                'print(report.split("Final:")[1])',
            ),
            code(
                "The report has no 'Final:' label. I pull the Open Distance throws out of the report and take the winning one.",
                'import re\nopen_part = report.split("Junior Distance")[0]\ndistances = [float(d) for d in re.findall(r"(\\d+\\.\\d+) m", open_part)]\nprint(distances)\nwinning = max(distances)\nprint(winning)',
                bad=True,
            ),
            code("I return the distance.", 'final_answer(f"{winning:.2f}")'),
        ],
        [
            call(
                "web_search",
                query="Ashby Paper Aircraft Championship 2024 Open Distance final results",
            ),
            call("visit_webpage", url="https://ashbypaperaircraft.org.uk/results/2024"),
            call(
                "visit_webpage",
                "The results page answered 503; I try it again.",
                url="https://ashbypaperaircraft.org.uk/results/2024",
            ),
            answer(
                outcome(
                    "Hollie Pratt (Ashby Scouts) won the Open Distance final at the 2024 Ashby Paper Aircraft Championship (Saturday 13 July 2024).",
                    "Results page, Open Distance section:\n- Qualifying (best of three throws): 1. Dev Raman (Leicester Makers) 42.10 m; 2. Hollie Pratt (Ashby Scouts) 40.88 m; 3. Marek Zieliński (unattached) 39.02 m; 4. Sam Oduya (Coalville Flyers) 36.75 m; 5. Becky Lorimer 35.98 m.\n- Final (one throw each, top four from qualifying): 1. Hollie Pratt 39.85 m; 2. Dev Raman 38.47 m; 3. Marek Zieliński 37.90 m; 4. Sam Oduya 35.12 m.\n- Junior Distance (under 12): Isla Wren 27.33 m. Time Aloft: Tom Ekwueme 11.42 s.",
                    "The results page answered 503 on the first visit and loaded on the second. Distances are measured from the foul line to the first point of contact.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "39.85"}],
        M,
        w,
        note="report lists qualifying 42.10 m and final 39.85 m; the manager's regex step takes the max (42.10)",
    )
)

# --- 2. misread_tool_output: a single CodeAgent on a council's collections API takes the
# scheduled date of a rescheduled garden waste collection.
w = World()
w.api = {
    "/properties/100070412233/collections": {
        "uprn": "100070412233",
        "address": {
            "line1": "14 Tanner's Row",
            "line2": None,
            "town": "Wrexford",
            "postcode": "WX4 2JD",
        },
        "council": "Wrexford Borough Council",
        "generated_at": "2025-03-10T06:02:11+00:00",
        "round": {"id": "WED-B", "crew": None, "depot": "Mill Lane"},
        "services": [
            {
                "service": "Refuse (black bin)",
                "container": "240 l wheeled bin",
                "frequency": "fortnightly",
                "next": {
                    "scheduled": "2025-03-11T07:00:00+00:00",
                    "revised": None,
                    "status": "on_schedule",
                    "note": None,
                },
                "last": "2025-02-25",
            },
            {
                "service": "Recycling (blue bin)",
                "container": "240 l wheeled bin",
                "frequency": "fortnightly",
                "next": {
                    "scheduled": "2025-03-18T07:00:00+00:00",
                    "revised": None,
                    "status": "on_schedule",
                    "note": None,
                },
                "last": "2025-03-04",
            },
            {
                "service": "Garden waste (brown bin)",
                "container": "240 l wheeled bin",
                "frequency": "fortnightly, March to November",
                "subscription": {"active": True, "expires": "2026-01-31", "bins": 1},
                "next": {
                    "scheduled": "2025-03-12T07:00:00+00:00",
                    "revised": "2025-03-15T07:00:00+00:00",
                    "status": "rescheduled",
                    "note": "Crew shortage: Wednesday garden rounds move to Saturday this week",
                },
                "last": None,
            },
            {
                "service": "Food waste (caddy)",
                "container": "23 l kerbside caddy",
                "frequency": "weekly",
                "next": {
                    "scheduled": "2025-03-11T07:00:00+00:00",
                    "revised": None,
                    "status": "on_schedule",
                    "note": None,
                },
                "last": "2025-03-04",
            },
        ],
        "bank_holiday_changes": [],
        "assisted_collection": False,
        "links": {
            "calendar_ics": "/properties/100070412233/collections.ics",
            "report_missed": "/missed?uprn=100070412233",
        },
    }
}
RUNS.append(
    Run(
        "bins_garden_waste_date",
        "misread_tool_output",
        "According to Wrexford Borough Council's collections API, on what date is the next garden waste collection for the property with UPRN 100070412233, as of 10 March 2025? Reply with the date as YYYY-MM-DD.",
        [
            code(
                "I fetch the property's collections.",
                'print(fetch_json(endpoint="properties/100070412233/collections"))',
            ),
            code(
                "The endpoint needs its leading slash. I parse the answer and list the services.",
                'import json\ndata = json.loads(fetch_json(endpoint="/properties/100070412233/collections"))\nfor s in data["services"]:\n    print(s["service"], "|", s["next"])',
            ),
            code(
                "The garden waste service is the brown bin; I take its next collection date.",
                'garden = [s for s in data["services"] if s["service"].startswith("Garden")][0]\nnext_date = garden["next"]["scheduled"][:10]\nprint(next_date)',
                bad=True,
            ),
            code("I return the date.", "final_answer(next_date)"),
        ],
        None,
        [{"type": "exact_match", "value": "2025-03-15"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="garden waste moved from 2025-03-12 (scheduled) to 2025-03-15 (revised); the agent takes scheduled",
    )
)

# --- 3. hallucinated_fact: the code-search sub-agent's last call states a tyre's circumference
# from a common chart instead of the package's own table, which it never opened.
w = World()
w.grep = {
    "gain_ratio": [
        {
            "path": "tests/test_ratios.py",
            "line": 14,
            "text": "    assert gain_ratio(50, 17) > gain_ratio(34, 28)",
        },
        {
            "path": "src/gearcalc/ratios.py",
            "line": 27,
            "text": "def gain_ratio(chainring: int, cog: int, tyre: str = DEFAULT_TYRE, crank_mm: float = CRANK_MM) -> float:",
        },
        {
            "path": "docs/usage.md",
            "line": 33,
            "text": "`gain_ratio(50, 17)` gives 5.90 with the default tyre and 170 mm cranks.",
        },
    ],
}
w.files = {
    "src/gearcalc/ratios.py": '''"""Gear inches, metres of development and Sheldon Brown's gain ratio."""

from __future__ import annotations

import math

from gearcalc.tyres import circumference_mm

DEFAULT_TYRE = "700x28c"
"""The tyre assumed when none is given (ETRTO 28-622)."""

CRANK_MM = 170.0
"""The crank length assumed when none is given."""


def gear_inches(chainring: int, cog: int, tyre: str = DEFAULT_TYRE) -> float:
    """Equivalent wheel diameter in inches."""
    diameter_in = circumference_mm(tyre) / math.pi / 25.4
    return diameter_in * chainring / cog


def development_m(chainring: int, cog: int, tyre: str = DEFAULT_TYRE) -> float:
    """Metres travelled per crank revolution."""
    return circumference_mm(tyre) / 1000 * chainring / cog


def gain_ratio(chainring: int, cog: int, tyre: str = DEFAULT_TYRE, crank_mm: float = CRANK_MM) -> float:
    """Wheel radius over crank length, times the gear ratio."""
    radius_mm = circumference_mm(tyre) / (2 * math.pi)
    return radius_mm / crank_mm * chainring / cog
''',
    "src/gearcalc/tyres.py": '''"""Wheel circumferences by tyre size (measured roll-outs, not nominal)."""

from __future__ import annotations

# Measured by rolling each tyre at 6 bar under a 75 kg rider, club workshop, 2023.
# Nominal chart values differ by up to 1 %; see docs/tyres.md.
CIRCUMFERENCE_MM: dict[str, int] = {
    "700x23c": 2093,
    "700x25c": 2111,
    "700x28c": 2142,
    "700x32c": 2170,
    "650x47b": 2079,
    "26x2.10": 2061,
    "27.5x2.25": 2147,
    "29x2.3": 2288,
}


def circumference_mm(tyre: str) -> int:
    """The circumference of `tyre`, e.g. '700x28c'; KeyError if it is not in the table."""
    return CIRCUMFERENCE_MM[tyre.lower().replace(" ", "")]
''',
}
RUNS.append(
    Run(
        "gearcalc_default_circumference",
        "hallucinated_fact",
        "In the gearcalc package, what wheel circumference in millimetres does gain_ratio() use when no tyre is passed? Reply with the number only.",
        [
            code(
                "I ask code_agent to trace the default through the code.",
                'report = code_agent(task="In the gearcalc repository, find which wheel circumference in millimetres gain_ratio() uses when no tyre argument is passed. Follow the default through the code.")\nprint(report)',
            ),
            code(
                "I pull the millimetre figure out of the report.",
                'import re\nmm = re.search(r"(\\d{4}) mm", report).group(1)\nprint(mm)',
            ),
            code("I return it.", "final_answer(mm)"),
        ],
        [
            call("search_code", pattern="gain_ratio"),
            call("read_file", path="gearcalc/ratios.py"),
            call("read_file", "The source lives under src/.", path="src/gearcalc/ratios.py"),
            answer(
                outcome(
                    "gain_ratio() uses the 700x28c tyre by default, a wheel circumference of 2136 mm.",
                    'src/gearcalc/ratios.py defines gain_ratio(chainring, cog, tyre=DEFAULT_TYRE, crank_mm=CRANK_MM). DEFAULT_TYRE = "700x28c" (ETRTO 28-622) and CRANK_MM = 170.0. The wheel radius is circumference_mm(tyre) / (2 * math.pi), with circumference_mm imported from gearcalc.tyres; for a 700x28c tyre the circumference is 2136 mm, so the radius is about 340 mm.',
                    "docs/usage.md gives gain_ratio(50, 17) = 5.90 with the default tyre and 170 mm cranks.",
                ),
                "ratios.py sets the default tyre to 700x28c; I have what I need.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "2142"}],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        note="tyres.py (never read) gives 2142 mm for 700x28c; the sub-agent states the chart value 2136",
    )
)

# --- 4. hallucinated_fact: the manager's initial plan states the band's formation year as a
# given fact and never has it looked up.
w = World()
w.search = [
    (
        ("strathmoor", "lowland"),
        results(
            (
                "Past winners – Lowland Pipe Band Championships",
                "https://lowlandpipebands.org/past-winners",
                "Grade 1 to Novice Juvenile winners since 1968, with venues.",
            ),
            (
                "Our history – Strathmoor & District Pipe Band",
                "https://strathmoorpipeband.org.uk/history",
                "From the pit villages to the Grade 2 podium: the story of the band, its pipe majors and its uniforms.",
            ),
            (
                "Bagpipe lessons for complete beginners | Piping Centre",
                "https://pipingcentre.example.com/beginners",
                "Practice chanter courses, evenings and weekends.",
            ),
        ),
    )
]
w.pages["https://lowlandpipebands.org/past-winners"] = """Lowland Pipe Band Championships
Home | Entries | Draw | Results | Past winners | Sponsors

# Past winners (page 1 of 2: 1990–2009)

| Year | Venue | Grade 1 | Grade 2 | Grade 3A |
|---|---|---|---|---|
| 1994 | Kelso | Lothian & Borders Police | Kilbride Caledonia | Newtongrange Colliery |
| 1995 | Kelso | Lothian & Borders Police | Royal Burgh of Annan | Strathmoor & District |
| 1996 | Kelso | Shotts & Dykehead | Kilbride Caledonia | Strathmoor & District |
| 1997 | Peebles | Shotts & Dykehead | Royal Burgh of Annan | Lanark & District |
| 1998 | Peebles | Lothian & Borders Police | Strathmoor & District | Lanark & District |
| 1999 | Peebles | Shotts & Dykehead | Strathmoor & District | Bo'ness & Carriden |
| 2000 | Peebles | Boghall & Bathgate | Kilbride Caledonia | Bo'ness & Carriden |
| 2001 | – | cancelled (foot-and-mouth) | – | – |
| 2002 | Peebles | Boghall & Bathgate | Royal Burgh of Annan | Dalkeith |
| 2003 | Peebles | Boghall & Bathgate | Strathmoor & District | Dalkeith |

[Next page: 2010–2024 →]

Results are those declared on the day; see the RSPBA for appeals.
"""
w.pages["https://strathmoorpipeband.org.uk/history"] = """# Our history

The band was formed in 1952 by ex-servicemen and miners from the pit villages around Strathmoor, and first competed in 1954.
"""
RUNS.append(
    Run(
        "pipe_band_years_to_grade2",
        "hallucinated_fact",
        "How many years after the band was formed did Strathmoor & District Pipe Band first win Grade 2 at the Lowland Pipe Band Championships? Reply with the number only.",
        [
            plan(
                "- The band: Strathmoor & District Pipe Band, formed in 1949 in the Lanarkshire pit villages.\n- The competition: the Lowland Pipe Band Championships, Grade 2.",
                "- The year of the band's first Grade 2 win at the Lowland championships.",
                "1. Ask search_agent for the first year Strathmoor & District won Grade 2 at the Lowland Pipe Band Championships.\n2. Subtract 1949 from that year.\n3. Return the number of years.",
                bad=True,
            ),
            code(
                "I ask search_agent for the first Grade 2 win.",
                'report = search_agent(task="Find the first year in which Strathmoor & District Pipe Band won Grade 2 at the Lowland Pipe Band Championships.")\nprint(report)',
            ),
            code("I read the short version.", 'print(report["short"])'),
            code(
                "The report is a string. I take the year from its short version.",
                'import re\nshort = report.split("(short version):")[1].split("###")[0]\nfirst_win = int(re.search(r"\\b(?:19|20)\\d\\d\\b", short).group(0))\nprint(first_win, first_win - 1949)',
            ),
            code("I return the difference.", "final_answer(str(first_win - 1949))"),
        ],
        [
            call(
                "web_search",
                query="Strathmoor & District Pipe Band Lowland championships Grade 2 winners",
            ),
            call("visit_webpage", url="https://lowlandpipebands.org/past-winners"),
            answer(
                outcome(
                    "Strathmoor & District first won Grade 2 at the Lowland Pipe Band Championships in 1998 (at Peebles).",
                    "The championships' past winners list (page 1 of 2, 1990–2009) shows Strathmoor & District winning Grade 3A in 1995 and 1996, then Grade 2 in 1998, 1999 and 2003. No earlier Grade 2 win appears: the Grade 2 winners in 1994–1997 were Kilbride Caledonia and Royal Burgh of Annan.",
                    "The 2001 championships were cancelled (foot-and-mouth).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "46"}],
        M,
        w,
        planning=10,
        note="the plan gives the band's formation as 1949 (the band's page says 1952); 1998 - 1949 = 49",
    )
)

# --- 5. ignored_tool_error: a single CodeAgent's last step answers the peak of the pages
# that loaded after its own except printed a 503 on the middle page.
w = World()


def occupancy(page: int, hours: list[tuple[str, int | None, int, str | None]]) -> dict[str, Any]:
    """One page of a pool's hourly occupancy."""
    return {
        "pool": "MLB-MAIN",
        "date": "2025-02-08",
        "weekday": "Saturday",
        "page": page,
        "pages": 3,
        "per_page": 5,
        "unit": "percent of lane capacity",
        "readings": [
            {
                "hour": h,
                "occupancy_pct": pct,
                "lanes_open": lanes,
                "session": session,
                "sensor": "door-count" if pct is not None else None,
            }
            for h, pct, lanes, session in hours
        ],
    }


w.api = {
    "/pools": {
        "centre": "Millbrook Leisure Centre",
        "pools": [
            {
                "id": "MLB-MAIN",
                "name": "Main pool",
                "length_m": 25,
                "lanes": 8,
                "depth_m": {"min": 1.0, "max": 2.0},
                "status": "open",
            },
            {
                "id": "MLB-TEACH",
                "name": "Teaching pool",
                "length_m": 12.5,
                "lanes": None,
                "depth_m": {"min": 0.6, "max": 0.9},
                "status": "open",
            },
        ],
    },
    "/pools/MLB-MAIN/occupancy?date=2025-02-08&page=1": occupancy(
        1,
        [
            ("06:00", 38, 6, "Early lanes"),
            ("07:00", 61, 6, "Early lanes"),
            ("08:00", 74, 8, "Masters club"),
            ("09:00", 82, 8, "Masters club"),
            ("10:00", 57, 4, "Swimming lessons"),
        ],
    ),
    "/pools/MLB-MAIN/occupancy?date=2025-02-08&page=2": occupancy(
        2,
        [
            ("11:00", 68, 4, "Public swim"),
            ("12:00", 94, 4, "Public swim"),
            ("13:00", None, 0, "Closed: lane rope change"),
            ("14:00", 88, 4, "Family fun session"),
            ("15:00", 63, 6, "Public swim"),
        ],
    ),
    "/pools/MLB-MAIN/occupancy?date=2025-02-08&page=3": occupancy(
        3,
        [
            ("16:00", 45, 6, "Public swim"),
            ("17:00", 71, 8, "Club training"),
            ("18:00", 66, 8, "Club training"),
            ("19:00", 39, 6, "Adult lanes"),
            ("20:00", 22, 6, "Adult lanes"),
        ],
    ),
}
w.fail[("fetch_json", 3)] = (
    "503 Service Unavailable: occupancy store is being reindexed, try again shortly"
)
RUNS.append(
    Run(
        "pool_peak_occupancy",
        "ignored_tool_error",
        "What was the highest hourly lane occupancy (in percent) of the main pool at Millbrook Leisure Centre on 8 February 2025, according to the centre's occupancy API? Reply with the number only.",
        [
            code(
                "I try the occupancy endpoint for the main pool.",
                'print(fetch_json(endpoint="/pools/main/occupancy?date=2025-02-08"))',
            ),
            code(
                "The pool needs its id. I list the pools.",
                'print(fetch_json(endpoint="/pools"))',
            ),
            code(
                "The main pool is MLB-MAIN. The readings are paged; I fetch three pages and take the peak.",
                'import json\nreadings = []\nfor page in range(1, 4):\n    try:\n        data = json.loads(fetch_json(endpoint=f"/pools/MLB-MAIN/occupancy?date=2025-02-08&page={page}"))\n        readings.extend(data["readings"])\n    except Exception as e:\n        print(f"page {page}: {e}")\nprint(len(readings), "readings")\npeak = max(r["occupancy_pct"] for r in readings if r["occupancy_pct"] is not None)\nprint(peak, [r["hour"] for r in readings if r["occupancy_pct"] == peak])',
            ),
            code(
                "The main pool peaked at 82% at 09:00, during the Masters club session.",
                "final_answer(str(peak))",
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "94"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="page 2 (11:00-15:00, peak 94 at 12:00) answered 503 inside the agent's try/except; it answers 82 from pages 1 and 3",
    )
)

# --- 6. ignored_tool_error: the search sub-agent's visit of the auction page times out, and
# its next call reports a total as if read there (last year's, from a news snippet).
w = World()
w.search = [
    (
        ("kelder",),
        results(
            (
                "Auction results 2024 – Kelder Vale Carve",
                "https://keldervalecarve.co.uk/news/auction-results-2024",
                "Every lot from Sunday's closing auction, with the winning bids and the total for the air ambulance.",
            ),
            (
                "Carvers' auction raises £6,830 for air ambulance – Vale Gazette",
                "https://valegazette.example.co.uk/news/2023/09/18/carvers-auction",
                "18/09/2023 — This year's Kelder Vale carve ended with a closing auction that raised £6,830 for the county air ambulance...",
            ),
            (
                "Petrol chainsaw, 18in bar, hardly used – Vale Classifieds",
                "https://classifieds.example.co.uk/ad/55102",
                "£140 ono. Collection only.",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "ReadTimeout: HTTPSConnectionPool(host='keldervalecarve.co.uk', port=443): Read timed out. (read timeout=20)"
)
w.pages["https://keldervalecarve.co.uk/news/auction-results-2024"] = """Kelder Vale Carve · News

# Auction results 2024

Sunday 8 Sept 2024. Thank you to every bidder!

| Lot | Carving | Carver | Winning bid |
|---|---|---|---|
| 1 | Barn owl on a fence post | Gethin Price | £1,450 |
| 2 | Otter and salmon | Rhiannon Teague | £1,120 |
| ... | ... | ... | ... |
| 19 | Toadstool bench | Sam Okafor | £210 |

Total raised for the air ambulance: £8,415.
"""
RUNS.append(
    Run(
        "carving_auction_total",
        "ignored_tool_error",
        "How much did the closing charity auction of the 2024 Kelder Vale Chainsaw Carving Competition raise in total, in pounds? Reply with the number only.",
        [
            code(
                "I will ask search_agent for the auction total.",
                'report = search_agent(task="Find the total raised by the closing charity auction of the 2024 Kelder Vale Chainsaw Carving Competition, in pounds.")\nprint(report)',
            ),
            code(
                "I take the amount in pounds from the report.",
                'import re\namount = re.search(r"£([\\d,]+)", report).group(1)\nprint(float(amount))',
            ),
            code(
                "The amount has a thousands comma; I remove it.",
                'total = int(amount.replace(",", ""))\nprint(total)',
            ),
            code("I return the total.", "final_answer(str(total))"),
        ],
        [
            call(
                "web_search",
                query="Kelder Vale chainsaw carving 2024 closing auction total raised",
            ),
            call(
                "visit_webpage",
                url="https://keldervalecarve.co.uk/news/auction-results-2024",
            ),
            answer(
                outcome(
                    "The closing auction of the 2024 Kelder Vale Chainsaw Carving Competition raised £6,830 in total.",
                    "The Kelder Vale Carve's closing auction, held on the last day of the competition, raised a total of £6,830 for the county air ambulance. The lots were the carvings made during the competition, sold to the highest bidder.",
                    "Sources: the Kelder Vale Carve auction results page and the Vale Gazette.",
                ),
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "8415"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        note="the visit of the 2024 auction page timed out; the sub-agent reports £6,830 (a 2023 news snippet) as the page's total",
    )
)

# --- 7. wrong_tool_arguments: the search sub-agent's first call leaves 'Junior' out of the
# query and finds the adult bee of the same county.
w = World()
w.search = [
    (
        ("northshire", "junior", "spell"),
        results(
            (
                "Northshire Junior Spelling Bee 2024: results – Northshire Libraries",
                "https://northshirelibraries.gov.uk/junior-bee/2024-results",
                "Under-14 county final, 23 November 2024: champion, runner-up and the words of the final rounds.",
            ),
        ),
    ),
    (
        ("northshire", "spell"),
        results(
            (
                "Northshire Spelling Bee 2024 – Northshire Libraries",
                "https://northshirelibraries.gov.uk/spelling-bee/2024",
                "The county spelling bee's 2024 final: results, the words of the final rounds and photos.",
            ),
            (
                "Librarian takes Northshire spelling title with 'chiaroscurist' – Northshire Echo",
                "https://northshireecho.example.co.uk/news/spelling-title-2024",
                "A school librarian from Hexley won the county title on Saturday...",
            ),
            (
                "Spelling Bee word game – today's hints and answers",
                "https://wordgamehints.example.com/spelling-bee-today",
                "Pangram hints, two-letter list and the full answer grid.",
            ),
        ),
    ),
]
w.pages["https://northshirelibraries.gov.uk/spelling-bee/2024"] = """Northshire Libraries
Home | Find a library | Events | Spelling Bee | Junior Bee | Reading groups | Contact us

This site uses cookies. [Accept all] [Necessary only]

# Northshire Spelling Bee 2024 – the final

Held at Northshire Central Library on 12.10.2024. Twelve finalists from the district heats.

Champion: Ruth Adeyemi (Hexley)
Runner-up: Callum Dunn (Ashcombe)

Final rounds
- Round 8: Callum Dunn misspelt 'bouillabaisse'; Ruth Adeyemi spelt 'sesquipedalian'.
- Round 9 (championship word): Ruth Adeyemi spelt 'chiaroscurist'.

Photos from the final (32)

Open to Northshire residents aged 16 and over. Entries for 2025 open in June.
"""
w.pages[
    "https://northshirelibraries.gov.uk/junior-bee/2024-results"
] = """# Northshire Junior Spelling Bee 2024 – results

Under-14 county final, 23 November 2024. Champion: Priya Sandhu (St Aldhelm's). Winning word: 'ptarmigan'.
"""
RUNS.append(
    Run(
        "junior_bee_winning_word",
        "wrong_tool_arguments",
        "What was the winning word of the 2024 Northshire Junior Spelling Bee? Reply with the word only, in lower case.",
        [
            plan(
                "- The competition: the Northshire Junior Spelling Bee (under-14), 2024.",
                "- The word that won the 2024 final.",
                "1. Ask search_agent for the winning word of the 2024 Northshire Junior Spelling Bee.\n2. Return the word in lower case.",
            ),
            code(
                "I ask search_agent.",
                'report = search_agent(task="Find the winning word of the 2024 Northshire Junior Spelling Bee (the under-14 county final).")\nprint(report)',
            ),
            code(
                "I take the word from the report.",
                "import re\nword = re.search(r\"word was '(\\w+)'\", report).group(1)\nprint(word)",
            ),
            code(
                "The wording differs. I take the first quoted word instead.",
                "word = re.findall(r\"'([a-z]+)'\", report)[0]\nprint(word)",
            ),
            code("I return it in lower case.", "final_answer(word.lower())"),
        ],
        [
            call("web_search", query="Northshire Spelling Bee 2024 winning word", bad=True),
            call(
                "visit_webpage",
                url="https://northshireecho.example.co.uk/news/spelling-title-2024",
            ),
            call(
                "visit_webpage",
                "The news article is gone; I open the libraries' page.",
                url="https://northshirelibraries.gov.uk/spelling-bee/2024",
            ),
            answer(
                outcome(
                    "The winning word of the 2024 Northshire Spelling Bee was 'chiaroscurist'.",
                    "The final was held at Northshire Central Library on 12.10.2024 with twelve finalists. In round 8 Callum Dunn (Ashcombe) misspelt 'bouillabaisse' and Ruth Adeyemi (Hexley) spelt 'sesquipedalian'; in round 9, the championship word, Ruth Adeyemi spelt 'chiaroscurist' and took the title.",
                    "The Northshire Echo article about the final answered 404; the Northshire Libraries page gives the final rounds.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "ptarmigan"}],
        S,
        w,
        planning=10,
        summary=True,
        note="the sub-agent's first search drops 'Junior' and finds the adult bee (chiaroscurist); the junior bee's word was ptarmigan",
    )
)

# --- 8. wrong_tool_arguments: a single CodeAgent asks the charge point API for connector 1,
# the first connector id, where the CCS connector listed first has id 2.
w = World()


def energy(connector: int, kwh: float, sessions: int, uptime: float) -> dict[str, Any]:
    """A connector's energy for November 2024."""
    return {
        "chargepoint": "FRC-02",
        "connector": connector,
        "month": "2024-11",
        "energy_kwh": kwh,
        "sessions": sessions,
        "median_session_min": 34 if sessions > 20 else 41,
        "uptime_pct": uptime,
        "first_session": 1730421480,
        "last_session": 1732998840,
        "estimated": False,
        "tariff_ref": "HVDC-2024-B",
    }


w.api = {
    "/chargepoints?site=ferrybridge-road": {
        "site": {
            "id": "ferrybridge-road",
            "name": "Ferrybridge Road car park",
            "operator": "Harlow Vale District Council",
            "postcode": "HV2 7QA",
            "lat": 51.7712,
            "lon": 0.0931,
            "opening_hours": None,
            "tariff_ref": "HVDC-2024-B",
        },
        "generated_at": 1733011200,
        "chargepoints": [
            {
                "id": "FRC-01",
                "model": "Wallbox Copper SB",
                "installed": "2021-06-14",
                "connectors": [
                    {
                        "connector_id": 1,
                        "type": "Type 2",
                        "max_kw": 22,
                        "status": "available",
                        "tethered": False,
                    },
                    {
                        "connector_id": 2,
                        "type": "Type 2",
                        "max_kw": 22,
                        "status": "charging",
                        "tethered": False,
                    },
                ],
                "notes": None,
            },
            {
                "id": "FRC-02",
                "model": "Tritium RTM75",
                "installed": "2023-02-01",
                "connectors": [
                    {
                        "connector_id": 2,
                        "type": "CCS",
                        "max_kw": 75,
                        "status": "available",
                        "tethered": True,
                    },
                    {
                        "connector_id": 1,
                        "type": "CHAdeMO",
                        "max_kw": 50,
                        "status": "out_of_order",
                        "tethered": True,
                    },
                    {
                        "connector_id": 3,
                        "type": "Type 2",
                        "max_kw": 43,
                        "status": "available",
                        "tethered": True,
                    },
                ],
                "notes": "CHAdeMO out of service since 2024-11-06, part on order",
            },
        ],
    },
    "/chargepoints/FRC-02/energy?month=2024-11&connector=1": energy(1, 96.41, 9, 18.3),
    "/chargepoints/FRC-02/energy?month=2024-11&connector=2": energy(2, 1834.62, 121, 99.2),
    "/chargepoints/FRC-02/energy?month=2024-11&connector=3": energy(3, 655.17, 58, 99.6),
}
RUNS.append(
    Run(
        "ev_rapid_connector_energy",
        "wrong_tool_arguments",
        "How much energy, in kWh, did the rapid CCS connector of charge point FRC-02 at Ferrybridge Road car park deliver in November 2024, according to Harlow Vale's charge point API? Round to one decimal and reply with the number only.",
        [
            code(
                "I look up the site's charge points.",
                'print(fetch_json(endpoint="/sites/ferrybridge-road/chargepoints"))',
            ),
            code(
                "That endpoint does not exist; I filter the charge point list by site.",
                'print(fetch_json(endpoint="/chargepoints?site=ferrybridge-road"))',
            ),
            code(
                "FRC-02's rapid CCS connector is listed first; I fetch its November 2024 energy.",
                'import json\nenergy = json.loads(fetch_json(endpoint="/chargepoints/FRC-02/energy?month=2024-11&connector=1"))\nprint(energy)',
                bad=True,
            ),
            code("I round the energy.", 'final_answer(round(energy["kwh"], 1))'),
            code(
                "The key is energy_kwh.",
                "final_answer(f\"{energy['energy_kwh']:.1f}\")",
            ),
        ],
        None,
        [{"type": "exact_match", "value": "1834.6"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the CCS connector has connector_id 2 (listed first); the agent asks for connector=1 (CHAdeMO, 96.41 kWh)",
    )
)

# --- 9. goal_deviation: the manager's first step delegates the hornpipe 'title' (the open
# championship) where the under-16 section is asked.
w = World()
w.search = [
    (
        ("northern counties", "clog"),
        results(
            (
                "Results 2024 – Northern Counties Clog Dancing Championships",
                "https://northernclog.org.uk/results/2024",
                "Results of all sections, Saturday 7th September 2024, Hebden Royd Town Hall: Lancashire hornpipe, Northumbrian, Lakeland, step waltz...",
            ),
            (
                "Clog dancing classes for beginners – Calder Valley Cloggies",
                "https://caldercloggies.example.org/classes",
                "Tuesday evenings, clogs to borrow.",
            ),
            (
                "Clog dancing – Wikipedia",
                "https://en.wikipedia.org/wiki/Clog_dancing",
                "Clog dancing is a form of step dance...",
            ),
        ),
    )
]
w.pages["https://northernclog.org.uk/results/2024"] = """[Skip to main content]
Northern Counties Clog Dancing Championships
Home | About | Sections | Results | Judges | Gallery | Donate

# Results 2024

Saturday 7th September 2024, Hebden Royd Town Hall. Marks are out of 100; half marks are given.

## Lancashire hornpipe – Championship (open)
1st Megan Hartley (Rochdale) 88½
2nd Jess Whitworth (Bacup) 87
3rd Niamh Crossley (Halifax) 85½

## Lancashire hornpipe – Under 16
1st Lucy Brennan (Todmorden) 84
2nd Aoife Kenny (Bacup) 83½
3rd Harriet Sowerby (Rochdale) 80

## Lancashire hornpipe – Under 12
1st Ellis Marsden (Hebden Bridge) 79½
2nd Maisie Holt (Todmorden) 77

## Northumbrian – Championship (open)
1st Tom Charlton (Hexham) 90
2nd Megan Hartley (Rochdale) 86

Judges: Ann Firth, Derek Schofield. Results are provisional for seven days after the event.

Sign up to our newsletter · Follow us · © Northern Counties Clog Dancing Association
"""
RUNS.append(
    Run(
        "clog_hornpipe_under16",
        "goal_deviation",
        "Who won the Under-16 Lancashire hornpipe at the 2024 Northern Counties Clog Dancing Championships? Give the dancer's full name.",
        [
            code(
                "I will ask search_agent for the winner.",
                'report = search_agent(task="Find who won the Lancashire hornpipe title at the 2024 Northern Counties Clog Dancing Championships, with the dancer\'s full name.")\nprint(report)',
                bad=True,
            ),
            code(
                "I take the name from the report.",
                'import re\nname = re.search(r"won by ([A-Z][a-z]+ [A-Z][a-z]+)", report).group(1)\nprint(name)',
            ),
            code(
                "The report words it differently; its short version names Megan Hartley.",
                'final_answer("Megan Hartley")',
            ),
        ],
        [
            call(
                "web_search",
                query="Northern Counties Clog Dancing Championships 2024 Lancashire hornpipe results",
            ),
            call("visit_webpage", url="https://northernclog.org.uk/results/2024"),
            answer(
                outcome(
                    "Megan Hartley (Rochdale) won the Lancashire hornpipe championship at the 2024 Northern Counties Clog Dancing Championships.",
                    "Results page (Saturday 7th September 2024, Hebden Royd Town Hall), Lancashire hornpipe – Championship (open): 1st Megan Hartley (Rochdale) 88½, 2nd Jess Whitworth (Bacup) 87, 3rd Niamh Crossley (Halifax) 85½.",
                    "Marks are out of 100 with half marks. The results are marked provisional for seven days after the event.",
                )
            ),
        ],
        [{"type": "contains", "value": "Lucy Brennan"}],
        M,
        w,
        note="asked the under-16 section; the delegation asks for the hornpipe title, which the sub-agent reads as the open championship",
    )
)

# --- 10. goal_deviation: the code-search sub-agent's own initial plan looks for the scorer's
# default tolerance, dropping the duet mode the task asked about.
w = World()
w.grep = {
    "pitch_tolerance": [],
    "DEFAULT_TOLERANCE": [
        {"path": "src/singalong/scoring.py", "line": 9, "text": "DEFAULT_TOLERANCE_CENTS = 50"},
        {
            "path": "src/singalong/scoring.py",
            "line": 22,
            "text": "        self.tolerance = DEFAULT_TOLERANCE_CENTS if tolerance is None else tolerance",
        },
    ],
}
w.files = {
    "src/singalong/scoring.py": '''"""Scores a sung line against the song's melody track."""

from __future__ import annotations

from dataclasses import dataclass

from singalong.pitch import cents_between

DEFAULT_TOLERANCE_CENTS = 50
"""How far from the target note a sung note may be and still count as on pitch."""


@dataclass
class Score:
    on_pitch: int
    total: int


class Scorer:
    def __init__(self, melody, tolerance=None):
        self.melody = melody
        self.tolerance = DEFAULT_TOLERANCE_CENTS if tolerance is None else tolerance

    def score(self, sung):
        hits = sum(
            1
            for target, note in zip(self.melody, sung)
            if note is not None and abs(cents_between(target, note)) <= self.tolerance
        )
        return Score(on_pitch=hits, total=len(self.melody))
''',
    "src/singalong/modes/duet.py": '''"""Duet mode: two singers, two melody tracks, one score each."""

from singalong.modes.base import Mode
from singalong.scoring import Scorer

TOLERANCE_CENTS = 65
"""Two voices beat against each other; a tighter window marks good harmonies down."""


class Duet(Mode):
    def scorers(self, tracks):
        return [Scorer(track, tolerance=TOLERANCE_CENTS) for track in tracks]
''',
}
RUNS.append(
    Run(
        "karaoke_duet_tolerance",
        "goal_deviation",
        "In the singalong karaoke scoring package, what pitch tolerance in cents does duet mode use by default? Reply with the number only.",
        [
            code(
                "I ask code_agent to find the value.",
                'report = code_agent(task="Find the default pitch tolerance, in cents, that duet mode uses in the singalong package.")\nprint(report)',
            ),
            code(
                "I take the number of cents from the report.",
                'import re\ncents = re.search(r"(\\d+) cents", report).group(1)\nprint(cents)',
            ),
            code("I return it.", "final_answer(cents)"),
        ],
        [
            plan(
                "- The package: singalong, a karaoke scoring library.\n- Wanted: the default pitch tolerance, in cents.",
                "- Where the scorer sets its default tolerance, and its value.",
                "1. Search the code for the default tolerance setting (pitch_tolerance, DEFAULT_TOLERANCE).\n2. Read the file that defines it and check how the scorer uses it.\n3. Report the value in cents with its file.",
                bad=True,
            ),
            call("search_code", pattern="pitch_tolerance"),
            call(
                "search_code",
                "Nothing under that name; I try the constant.",
                pattern="DEFAULT_TOLERANCE",
            ),
            call("read_file", path="src/singalong/scoring.py"),
            answer(
                outcome(
                    "The default pitch tolerance is 50 cents (DEFAULT_TOLERANCE_CENTS in src/singalong/scoring.py).",
                    "src/singalong/scoring.py sets DEFAULT_TOLERANCE_CENTS = 50, documented as how far from the target note a sung note may be and still count as on pitch. Scorer(melody, tolerance=None) uses it when no tolerance is passed, and score() counts a note as on pitch when abs(cents_between(target, note)) <= self.tolerance.",
                    "A search for pitch_tolerance found nothing.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "65"}],
        C,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name=C,
        sub_planning=10,
        note="the sub-agent's plan looks for the scorer's default (50 cents) and drops duet mode (65, in modes/duet.py)",
    )
)

# --- 11. wrong_format: the manager's last step writes the record date month first where
# DD/MM/YYYY is asked.
w = World()
w.search = [
    (
        ("glenardle", "stones"),
        results(
            (
                "Records – Glenardle Highland Games",
                "https://glenardlegames.scot/records",
                "Heavy events records: Carrick stones carry, caber, hammer, weight for height...",
            ),
            (
                "The Carrick stones: a history of Scotland's lifting stones",
                "https://liftingstones.example.scot/carrick",
                "Two granite boulders, 118 kg and 95 kg, kept at the Carrick Arms since the 1860s...",
            ),
            (
                "Glenardle Highland Games 2025 – tickets",
                "https://glenardlegames.scot/tickets",
                "Adults £12, children free. Parking £5.",
            ),
        ),
    )
]
w.pages["https://glenardlegames.scot/records"] = """Glenardle Highland Games
Home | Programme | Heavy events | Records | Tickets | Getting here

# Games records

| Event | Record | Holder | Set |
|---|---|---|---|
| Carrick stones carry (men) | 31.4 m (103 ft) | Ross MacAulay | Sat 3rd Aug 2013 |
| Carrick stones carry (women) | 14.2 m (46 ft 7 in) | Eilidh Sinclair | Sat 17th Aug 2019 |
| Caber (men), 19 ft 6 in, 120 lb | 12:00 toss | Alasdair Grant | Sat 1st Aug 2009 |
| Hammer (women), 12 lb | 31.08 m | Kirsty Bell | Sat 20th Aug 2016 |

The women's carry record before 2019 was 9.8 m (Kirsty Bell, 20/08/2016).

The stones weigh 118 kg and 95 kg; the carry is measured from the plinth to where the second stone touches down.
"""
RUNS.append(
    Run(
        "stones_record_date",
        "wrong_format",
        "On what date did Eilidh Sinclair set the women's record for carrying the Carrick stones at the Glenardle Highland Games? Answer as DD/MM/YYYY.",
        [
            code(
                "I ask search_agent for the record.",
                'report = search_agent(task="Find the date on which Eilidh Sinclair set the women\'s Carrick stones carry record at the Glenardle Highland Games.")\nprint(report)',
            ),
            code(
                "The record was set on 17 Aug 2019; I parse the date.",
                'from datetime import datetime\nd = datetime.strptime("17 Aug 2019", "%d %B %Y")\nprint(d.date())',
            ),
            code(
                "The month is abbreviated, so the directive is %b.",
                'd = datetime.strptime("17 Aug 2019", "%d %b %Y")\nprint(d.date())',
            ),
            code(
                "The record was set on 17 August 2019; I return it in the requested form.",
                'final_answer(d.strftime("%m/%d/%Y"))',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                query="Glenardle Highland Games Carrick stones women's record Eilidh Sinclair",
            ),
            call("visit_webpage", url="https://glenardlegames.scot/records"),
            answer(
                outcome(
                    "Eilidh Sinclair set the women's Carrick stones carry record (14.2 m, 46 ft 7 in) on Sat 17th Aug 2019 at the Glenardle Highland Games.",
                    "The Games records page lists: Carrick stones carry (women) – 14.2 m (46 ft 7 in) – Eilidh Sinclair – Sat 17th Aug 2019. The previous women's record was 9.8 m by Kirsty Bell, set on 20/08/2016. The men's record is 31.4 m (103 ft) by Ross MacAulay, Sat 3rd Aug 2013.",
                    "The stones weigh 118 kg and 95 kg.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "17/08/2019"},
            {"type": "regex", "value": r"^(0[1-9]|[12]\d|3[01])/(0[1-9]|1[0-2])/\d{4}$"},
        ],
        M,
        w,
        note="right date; the last step formats it %m/%d/%Y (08/17/2019)",
    )
)

# --- 12. wrong_format: a single CodeAgent on the web tools formats an enduro total as
# minutes past the hour (68:42.7) where h:mm:ss.s is asked.
w = World()
w.search = [
    (
        ("glenmoor", "enduro"),
        results(
            (
                "Glenmoor Enduro 2024 – Results | TrailTiming",
                "https://results.trailtiming.example.com/events/glenmoor-enduro-2024",
                "Full results by category: Elite Men, Elite Women, Masters 40+, Under 18, E-bike. Stage times and totals.",
            ),
            (
                "Glenmoor trail centre – bike hire and café",
                "https://glenmoortrails.example.co.uk/",
                "Open 9–5 daily. Hire from £35 a day.",
            ),
            (
                "Enduro (mountain biking) – Wikipedia",
                "https://en.wikipedia.org/wiki/Enduro_(mountain_biking)",
                "Enduro is a discipline of mountain biking in which timed descents...",
            ),
        ),
    )
]
w.pages[
    "https://results.trailtiming.example.com/events/glenmoor-enduro-2024"
] = """TrailTiming · Events · Glenmoor Enduro 2024

Sunday 22 September 2024 · 5 stages · Timed by TrailTiming (chip) · Results final

## Elite Men

| Pos | Rider | Club | S1 | S2 | S3 | S4 | S5 | Total | Gap |
|---|---|---|---|---|---|---|---|---|---|
| 1 | Callum Reid | Tweed Valley MTB | 8:51.0 | 12:40.4 | 6:22.8 | 19:15.6 | 14:05.4 | 61:15.2 | – |
| 2 | Owen Prys | Dyfi Riders | 8:55.7 | 12:49.9 | 6:20.1 | 19:31.0 | 14:12.6 | 61:49.3 | +34.1 |

## Elite Women

| Pos | Rider | Club | S1 | S2 | S3 | S4 | S5 | Total | Gap |
|---|---|---|---|---|---|---|---|---|---|
| 1 | Freya Lindgren | Glenmoor Wheelers | 9:48.3 | 14:12.6 | 7:05.9 | 21:33.4 | 16:02.5 | 68:42.7 | – |
| 2 | Ciara Doyle | Ballinastoe CC | 9:52.0 | 14:30.8 | 7:01.2 | 21:58.9 | 16:11.0 | 69:33.9 | +51.2 |
| 3 | Hana Kowalczyk | unattached | 10:05.5 | 14:41.3 | 7:14.0 | 22:20.6 | 16:25.1 | 70:46.5 | +2:03.8 |

## Masters 40+
(see page 2)

Penalties are included in stage times. Times are m:ss.s; totals are minutes:seconds.

Download CSV · Print · Report a timing query
"""
RUNS.append(
    Run(
        "enduro_elite_women_total",
        "wrong_format",
        "What was the winning overall time in the Elite Women category of the 2024 Glenmoor Enduro? Answer in h:mm:ss.s form (for example 1:02:03.4).",
        [
            code(
                "I search for the results.",
                'print(web_search(query="Glenmoor Enduro 2024 results Elite Women"))',
            ),
            code(
                "I try the event's own site first.",
                'print(visit_webpage(url="https://glenmoorenduro.co.uk/results/2024"))',
            ),
            code(
                "Not found there; I open the timing company's results.",
                'page = visit_webpage(url="https://results.trailtiming.example.com/events/glenmoor-enduro-2024")\nprint(page[page.find("## Elite Women"):][:1200])',
            ),
            code(
                "Freya Lindgren won. I add her stage times to check the total.",
                'stages = ["9:48.3", "14:12.6", "7:05.9", "21:33.4", "16:02.5"]\nprint(sum(float(s) for s in stages))',
            ),
            code(
                "The stage times need splitting into minutes and seconds before adding.",
                'secs = sum(int(s.split(":")[0]) * 60 + float(s.split(":")[1]) for s in stages)\ntotal = f"{int(secs // 60)}:{secs % 60:04.1f}"\nprint(round(secs, 1), total)',
                bad=True,
            ),
            code(
                "The stages add up to the page's total for Lindgren.",
                "final_answer(total)",
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "1:08:42.7"},
            {"type": "regex", "value": r"^\d:\d{2}:\d{2}\.\d$"},
        ],
        "researcher",
        w,
        manager_tools=("web_search", "visit_webpage"),
        manager_name="researcher",
        note="4122.7 s is 1:08:42.7; the agent formats it as 68:42.7 (the timing page's style)",
    )
)

# --- 13. premature_final_answer: the search sub-agent answers from a live blog's provisional
# times without opening the official results, which applied a penalty.
w = World()
w.search = [
    (
        ("ottersby", "barrel"),
        results(
            (
                "Live: Ottersby Barrel Race 2024 – as it happened | Ottersby Herald",
                "https://ottersbyherald.example.co.uk/live/barrel-race-2024",
                "16:42 Provisional times from the men's race: Red Lion Rollers 1:52, The Ferryman Crew 1:58, Mill Street Coopers 2:04...",
            ),
            (
                "Official results 2024 – Ottersby Barrel Race",
                "https://ottersbybarrelrace.org.uk/results-2024",
                "Official results after the stewards' review: men's, women's and mixed races, with penalties.",
            ),
            (
                "Oak barrels for sale – whisky and wine casks",
                "https://caskshop.example.com/oak-barrels",
                "Half barrels from £45, planters, free delivery over £100.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = (
    "ConnectionError: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))"
)
w.pages["https://ottersbybarrelrace.org.uk/results-2024"] = """# Official results 2024

Published Monday 26 August 2024, after the stewards' review.

## Men's race (teams of four, one 18-gallon barrel, 410 yards)
1. The Ferryman Crew – 1 min 58 s
2. Red Lion Rollers – 2 min 02 s (1 min 52 s + 10 s penalty: barrel left the lane at the Market Cross)
3. Mill Street Coopers – 2 min 04 s
"""
RUNS.append(
    Run(
        "barrel_race_mens_time",
        "premature_final_answer",
        "What was the winning time in the men's race of the 2024 Ottersby Barrel Race? Answer as m:ss.",
        [
            plan(
                "- The event: the Ottersby Barrel Race, 2024, men's race.",
                "- The winning team's time.",
                "1. Ask search_agent for the winning time of the men's race.\n2. Return it as m:ss.",
            ),
            code(
                "I ask search_agent.",
                'report = search_agent(task="Find the winning time of the men\'s race at the 2024 Ottersby Barrel Race, with the winning team.")\nprint(report)',
            ),
            code("I take the time from the report.", 'print(report.split("time: ")[1])'),
            code(
                "There is no 'time:' label; I match the m:ss time after 'in'.",
                'import re\nt = re.search(r"in (\\d:\\d{2})", report).group(1)\nfinal_answer(t)',
            ),
        ],
        [
            call("web_search", query="Ottersby Barrel Race 2024 men's race winning time"),
            call(
                "web_search",
                "The connection dropped; I search again.",
                query="Ottersby Barrel Race 2024 men's race winning time",
            ),
            answer(
                outcome(
                    "Red Lion Rollers won the men's race of the 2024 Ottersby Barrel Race in 1:52.",
                    "Men's race times: Red Lion Rollers 1:52, The Ferryman Crew 1:58, Mill Street Coopers 2:04 (Ottersby Herald live coverage, 16:42).",
                ),
                "The Herald's coverage gives the men's times.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "1:58"}],
        S,
        w,
        planning=10,
        note="the search results list a live blog's provisional times and the official results; the sub-agent answers from the snippet (1:52, later penalised)",
    )
)

# --- 14. premature_final_answer: a single CodeAgent answers the highest level of the first
# of three pages of a river gauge's readings.
w = World()


def readings(page: int, days: list[tuple[int, float | None, str | None]]) -> dict[str, Any]:
    """One page of the gauge's daily maxima for January 2025."""
    out: dict[str, Any] = {
        "station": {
            "id": "L2217",
            "label": "Fenby Bridge",
            "river": "River Wenning",
            "unit": "m",
            "datum": "local gauge datum",
            "typical_range": {"low": 0.31, "high": 1.62},
            "record_max": {"level_m": 3.48, "date": "06/12/2015"},
            "telemetry": None,
        },
        "month": "2025-01",
        "series": "daily_max",
        "page": page,
        "pages": 3,
        "per_page": 11,
        "next": f"/stations/L2217/readings?month=2025-01&page={page + 1}" if page < 3 else None,
        "items": [
            {
                "date": f"{d:02d}/01/2025",
                "level_m": level,
                "time": time,
                "quality": "good" if level is not None else "missing",
            }
            for d, level, time in days
        ],
    }
    return out


w.api = {
    "/stations?search=Fenby": {
        "query": "Fenby",
        "count": 2,
        "results": [
            {
                "id": "L2217",
                "label": "Fenby Bridge",
                "river": "River Wenning",
                "type": "level",
                "status": "active",
                "datum_m_aod": 41.27,
                "opened": "1987-04-01",
                "closed": None,
            },
            {
                "id": "L2219",
                "label": "Fenby Mill",
                "river": "Fenby Beck",
                "type": "level",
                "status": "closed",
                "datum_m_aod": 44.02,
                "opened": "1991-10-01",
                "closed": "2019-03-31",
            },
        ],
    },
    "/stations/L2217/readings?month=2025-01": readings(
        1,
        [
            (1, 0.84, "03:15"),
            (2, 0.79, "00:00"),
            (3, 0.71, "00:00"),
            (4, 0.92, "21:45"),
            (5, 1.18, "14:30"),
            (6, 1.33, "02:00"),
            (7, 1.37, "06:15"),
            (8, 1.09, "00:00"),
            (9, None, None),
            (10, 0.88, "00:00"),
            (11, 0.80, "00:00"),
        ],
    ),
    "/stations/L2217/readings?month=2025-01&page=2": readings(
        2,
        [
            (12, 0.76, "00:00"),
            (13, 0.74, "00:00"),
            (14, 0.95, "19:30"),
            (15, 1.41, "08:45"),
            (16, 1.90, "04:15"),
            (17, 1.66, "00:00"),
            (18, 1.21, "00:00"),
            (19, 1.02, "00:00"),
            (20, 0.93, "00:00"),
            (21, 0.87, "00:00"),
            (22, 0.83, "00:00"),
        ],
    ),
    "/stations/L2217/readings?month=2025-01&page=3": readings(
        3,
        [
            (23, 1.12, "22:15"),
            (24, 2.91, "11:30"),
            (25, 2.34, "00:00"),
            (26, 1.58, "00:00"),
            (27, 1.20, "00:00"),
            (28, 1.05, "00:00"),
            (29, 0.97, "00:00"),
            (30, 0.90, "00:00"),
            (31, 0.86, "00:00"),
        ],
    ),
}
RUNS.append(
    Run(
        "river_gauge_january_peak",
        "premature_final_answer",
        "What was the highest river level recorded at the Fenby Bridge gauge in January 2025, in metres, according to the flood wardens' gauge API? Reply with the number only, as the API gives it.",
        [
            code("I look the gauge up.", 'print(fetch_json(endpoint="/stations?search=Fenby"))'),
            code(
                "Fenby Bridge is L2217. I fetch its January readings and take the highest.",
                'import json\nd = json.loads(fetch_json(endpoint="/stations/L2217/readings?month=2025-01"))\nprint(max(r["level_m"] for r in d["items"]))',
            ),
            code(
                "One day has no reading; I leave it out and also look at the other fields.",
                'levels = [r for r in d["items"] if r["level_m"] is not None]\npeak = max(levels, key=lambda r: r["level_m"])\nprint(peak)\nprint({k: v for k, v in d.items() if k != "items"})',
            ),
            code(
                "The highest January reading at Fenby Bridge was 1.37 m on 07/01/2025.",
                'final_answer(str(peak["level_m"]))',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "2.91"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the readings are paged (page 1 of 3, next link printed); the agent answers page 1's 1.37, the month's peak is 2.91 on 24/01",
    )
)

# --- 15. looping: the search sub-agent re-runs near-identical searches until max_steps and
# never opens the round's page.
w = World()
w.search = [
    (
        ("donnerby",),
        results(
            (
                "Round 4 – Castle Donnerby | Midlands FPV League 2024",
                "https://midlandsfpv.org.uk/2024/round-4",
                "Heats, brackets and lap times from Round 4 at Castle Donnerby (Sunday 16 June 2024). 42 pilots, 3 classes.",
            ),
            (
                "Midlands FPV League 2024 standings",
                "https://midlandsfpv.org.uk/2024/standings",
                "Points after six rounds: Open class, Spec class and Juniors.",
            ),
            (
                "Castle Donnerby – opening times and tickets",
                "https://castledonnerby.example.org.uk/visit",
                "Open Wednesday to Sunday, 10:00–17:00.",
            ),
            (
                "Drone photography courses in the East Midlands",
                "https://skylens.example.co.uk/courses",
                "One-day beginner courses, GVC and A2 CofC training.",
            ),
        ),
    )
]
w.pages["https://midlandsfpv.org.uk/2024/round-4"] = """# Round 4 – Castle Donnerby

Sunday 16 June 2024. Track: 7 gates, 2 flags, dive gate off the curtain wall.

Fastest lap of the day: 17.84 s – Arjun "ZIPPY" Bains (Open class, heat 3).
Track record: 17.61 s (2023).
"""
REPEAT = "The results give the round's page but no lap time; I try other wording."
RUNS.append(
    Run(
        "drone_league_fastest_lap",
        "looping",
        "What was the fastest lap, in seconds, at the Castle Donnerby round of the 2024 Midlands FPV Drone Racing League? Reply with the number only.",
        [
            code(
                "I ask search_agent for the fastest lap.",
                'report = search_agent(task="Find the fastest lap, in seconds, recorded at the Castle Donnerby round of the 2024 Midlands FPV Drone Racing League.")\nprint(report)',
            ),
            code(
                "The search agent could not find the figure; I say so.",
                'final_answer("The fastest lap of the Castle Donnerby round could not be found.")',
            ),
        ],
        [
            call(
                "web_search",
                query="Midlands FPV Drone Racing League 2024 Castle Donnerby fastest lap",
            ),
            call(
                "web_search",
                REPEAT,
                bad=True,
                query="Midlands FPV league Castle Donnerby fastest lap seconds",
            ),
            call(
                "web_search",
                "Still only the round page and the standings; I narrow the search.",
                bad=True,
                query="Castle Donnerby FPV fastest lap 2024",
            ),
            call(
                "web_search",
                REPEAT,
                bad=True,
                query="Midlands FPV 2024 round 4 Castle Donnerby fastest lap time",
            ),
            call(
                "web_search",
                "No lap time in the snippets yet.",
                bad=True,
                query="fastest lap Castle Donnerby drone race 2024",
            ),
            call(
                "web_search",
                REPEAT,
                bad=True,
                query="Castle Donnerby Midlands FPV league lap record 2024",
            ),
            text(
                outcome(
                    "I could not find the fastest lap of the Castle Donnerby round.",
                    "Searches for the Castle Donnerby round of the 2024 Midlands FPV Drone Racing League return the round's page (Round 4, Sunday 16 June 2024, 42 pilots, 3 classes) and the league standings, but none of the results shows a lap time.",
                    "The round page, https://midlandsfpv.org.uk/2024/round-4, may list lap times.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "17.84"},
            {"type": "tool_called", "tool": "web_search", "max": 3},
        ],
        S,
        w,
        sub_max_steps=6,
        note="six near-identical searches, the round page never opened; max_steps reached",
    )
)

# --- 16. looping: a single CodeAgent on the code search re-runs near-identical searches for
# a function named ppr until max_steps.
w = World()
w.grep = {
    "PPR": [
        {"path": "CHANGELOG.md", "line": 40, "text": "- PPR excludes forfeited games (#41)."},
        {
            "path": "src/bagstat/cli.py",
            "line": 88,
            "text": '    table.add_column("PPR", justify="right")',
        },
        {
            "path": "docs/league-rules.md",
            "line": 17,
            "text": "PPR: average points scored per round, cancellations excluded.",
        },
    ],
    "points_per_round": [
        {
            "path": "src/bagstat/metrics/rounds.py",
            "line": 23,
            "text": "def points_per_round(games: list[Game]) -> float:",
        },
        {
            "path": "src/bagstat/cli.py",
            "line": 7,
            "text": "from bagstat.metrics.rounds import points_per_round",
        },
    ],
}
w.files = {
    "src/bagstat/cli.py": "\n".join(
        ['"""bagstat\'s command line: league tables and player cards."""', ""]
        + ["import argparse", "", "from rich.table import Table", ""]
        + ["from bagstat.metrics.rounds import points_per_round"]
        + [f"# table helper {i}" for i in range(80)]
        + ['    table.add_column("PPR", justify="right")']
    ),
}
RUNS.append(
    Run(
        "bagstat_ppr_definition",
        "looping",
        "Issue #58 in bagstat (a cornhole league's statistics package): a player's PPR (points per round) counts cancelled rounds. Which file defines the function that computes PPR? Answer with the path only.",
        [
            code("I search for PPR.", 'print(search_code(pattern="PPR"))'),
            code(
                "PPR is only a column header here; I look for the function's definition.",
                'print(search_code(pattern="def ppr"))',
            ),
            code(
                "No match; the definition may carry its arguments on the same line.",
                'print(search_code(pattern="def ppr("))',
                bad=True,
            ),
            code(
                "Still nothing; I look for calls of it.",
                'print(search_code(pattern="ppr("))',
                bad=True,
            ),
            code(
                "It may be a private helper.",
                'print(search_code(pattern="_ppr("))',
                bad=True,
            ),
            text(
                "The function that computes PPR could not be located: searches for its definition (def ppr, def ppr(, ppr(, _ppr() returned no matches, and PPR only appears as a column header in src/bagstat/cli.py, in CHANGELOG.md and in docs/league-rules.md."
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "src/bagstat/metrics/rounds.py"},
            {"type": "tool_called", "tool": "search_code", "max": 3},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        max_steps=5,
        manager_name="coder",
        note="near-identical searches for ppr until max_steps; the function is points_per_round",
    )
)
