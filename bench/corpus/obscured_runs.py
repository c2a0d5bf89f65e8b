# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `obscured` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API or the code search, two per
fault of the taxonomy, each with one decisive fault labelled at the LLM call that decided it
(`bad=True` on its reply; on every repeat for a loop). Written in one sweep without reading
blame's rules, the other held-out families' runs or any score; see smolagents_obscured.py. The
systems, the tools, the reply helpers and `Run` are those of the sweep family
(corpus/sweep_runs.py).
"""

from __future__ import annotations

from corpus.sweep_runs import (
    M,
    Run,
    S,
    World,
    answer,
    call,
    code,
    outcome,
    plan,
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written: two per fault, in the order of FAULTS."""

_MENU = ("Home", "About us", "Events", "News", "Join", "Shop", "Contact")
"""The menu most small organisations' sites put above every page."""


def _slug(item: str) -> str:
    return item.lower().replace("'", "").replace(" ", "-")


def _site(org: str, title: str, body: str, extra: str = "") -> str:
    """A small organisation's page: menu, breadcrumbs, the body, then a long footer."""
    menu = "\n".join(f"* [{item}](/{_slug(item)})" for item in _MENU)
    footer = (
        f"{extra}\n\n---\n\n### Stay in touch\nSign up to our newsletter: [ your email ] [Subscribe]\n\n"
        "Follow us: Facebook | Instagram | YouTube\n\n"
        "[Privacy policy](/privacy) | [Cookie settings](/cookies) | [Accessibility](/accessibility) | [Site map](/sitemap)\n\n"
        f"© {org}. All rights reserved. Website by Hedgerow Web Design."
    )
    return f"{org}\n\n{menu}\n\n[Home](/) > {title}\n\n# {title}\n\n{body}\n\n{footer}"


# 1 misread_tool_output: the search sub-agent's last call reads the next row of the pieces table
w = World()
w.search = [
    (
        ("thornbury", "lace"),
        results(
            (
                "Exhibition 2024 - Thornbury Lace Guild",
                "https://thornburylace.org.uk/exhibition-2024",
                "Our members' pieces for the 2024 exhibition at the Town Hall, 6-8 September.",
            ),
            (
                "Torchon lace bobbins, set of 24 - Etsy",
                "https://www.etsy.example.com/listing/88213/torchon-bobbins",
                "Hand-turned beech bobbins, spangled, ideal for beginners. Free UK delivery.",
            ),
            (
                "Pieces on show - Thornbury Lace Guild",
                "https://thornburylace.org.uk/exhibition",
                "Members' exhibition pieces with patterns, threads and bobbin counts. Updated August 2024.",
            ),
        ),
    )
]
w.pages["https://thornburylace.org.uk/exhibition"] = _site(
    "Thornbury Lace Guild",
    "Pieces on show",
    "The guild's exhibition returns to the Town Hall from Friday 6 to Sunday 8 September 2024 "
    "(10am-4pm, free entry). Demonstrations of Bucks Point and Torchon every hour.\n\n"
    "| Piece | Maker | Technique | Thread | Bobbins |\n|---|---|---|---|---|\n"
    "| Heron Edging | J. Pask | Bucks Point | Egyptian cotton 140 | 38 |\n"
    "| Marsh Rosemary (tablecloth) | M. Allard | Torchon | linen 50/2 | 412 |\n"
    "| Marsh Samphire (table runner) | M. Allard | Torchon | linen 60/2 | 286 |\n"
    "| Winter Sampler | Beginners' class | Torchon | cotton 20 | 24 |\n"
    "| Severn Fan | R. Ebdon | Honiton | Egyptian cotton 180 | 60 |\n\n"
    "Bobbin counts are pairs x 2, as given by the makers. Prickings for the Heron Edging are on sale at the door (£4).",
    "Meetings: second Tuesday of the month, 7pm, St Mary's Hall.",
)
RUNS.append(
    Run(
        "lace_next_row",
        "misread_tool_output",
        "How many bobbins were used to work the Thornbury Lace Guild's 'Marsh Rosemary' tablecloth? Number only.",
        [
            plan(
                "- the guild: Thornbury Lace Guild\n- the piece: the 'Marsh Rosemary' tablecloth",
                "1. Ask search_agent for the number of bobbins used on the 'Marsh Rosemary' tablecloth.\n2. Extract the number from its report.\n3. Return the number alone.",
            ),
            code(
                "I ask search_agent to find the piece and its bobbin count.",
                "report = search_agent(task=\"Find how many bobbins were used to work the Thornbury Lace Guild's 'Marsh Rosemary' tablecloth. Give the number and the page it comes from.\")\nprint(report)",
            ),
            code(
                "The short outcome comes right after the report's first line; I take it.",
                "lines = report.splitlines()\nbobbins = int(lines[1])\nprint(bobbins)",
            ),
            code(
                "Line 1 is the header itself; the figure starts the next line, before the word 'bobbins'.",
                "bobbins = int(lines[2].split()[0])\nprint(bobbins)",
            ),
            code("The tablecloth was worked with 286 bobbins.", "final_answer(str(bobbins))"),
        ],
        [
            call("web_search", query="Thornbury Lace Guild Marsh Rosemary tablecloth bobbins"),
            call(
                "visit_webpage",
                "The first hit is the guild's exhibition page.",
                url="https://thornburylace.org.uk/exhibition-2024",
            ),
            call(
                "visit_webpage",
                "That link is dead; the guild's 'Pieces on show' page is the third result.",
                url="https://thornburylace.org.uk/exhibition",
            ),
            answer(
                outcome(
                    "286 bobbins",
                    "The guild's 'Pieces on show' page lists the 'Marsh Rosemary' tablecloth by M. Allard, worked in Torchon with linen 50/2 thread on 286 bobbins.",
                    "The older exhibition-2024 link returns 404; the table lives at https://thornburylace.org.uk/exhibition.",
                ),
                "The table gives the maker, technique, thread and bobbins of each piece; I report the tablecloth's row.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "412"}],
        S,
        w,
        planning=4,
        note="table: Marsh Rosemary 412, next row Marsh Samphire 286; the sub-agent reports 286",
    )
)

# 2 misread_tool_output: a single agent's middle step takes an age in weeks for days
_BATCH_FIELDS = {
    "milk": "raw ewe",
    "humidity_pct": 94,
    "temp_c": 10.5,
    "washed_rind": None,
    "affineur": None,
    "lot_certificate": None,
}
w = World()
w.api = {
    "/caves/vaulx/batches?page=1": {
        "cave": "Grotte de Vaulx",
        "page": 1,
        "pages": 2,
        "per_page": 3,
        "items": [
            {
                "batch": "B-207",
                "cheese": "bleu de Vaulx",
                "wheels": 60,
                "made": "2024-01-22",
                "shelf": "R1-02",
                **_BATCH_FIELDS,
                "inspections": [
                    {
                        "date": "2024-03-15",
                        "age": {"value": 7.6, "unit": "weeks"},
                        "turned": True,
                        "note": None,
                    },
                    {
                        "date": "1 May 2024",
                        "age": {"value": 14.3, "unit": "weeks"},
                        "turned": False,
                        "note": "piercing due",
                    },
                ],
            },
            {
                "batch": "C-101",
                "cheese": "tomme de brebis",
                "wheels": 38,
                "made": "2023-06-02",
                "shelf": "R3-01",
                **_BATCH_FIELDS,
                "inspections": [
                    {
                        "date": "2024-03-15",
                        "age": {"value": 40.9, "unit": "weeks"},
                        "turned": True,
                        "note": "sold to Maison Ribot",
                    },
                ],
            },
            {
                "batch": "C-109",
                "cheese": "tomme de brebis",
                "wheels": 41,
                "made": "2023-08-21",
                "shelf": "R3-04",
                **_BATCH_FIELDS,
                "inspections": [],
            },
        ],
        "next": "/caves/vaulx/batches?page=2",
    },
    "/caves/vaulx/batches?page=2": {
        "cave": "Grotte de Vaulx",
        "page": 2,
        "pages": 2,
        "per_page": 3,
        "items": [
            {
                "batch": "C-114",
                "cheese": "tomme de brebis",
                "wheels": 46,
                "made": "2023-09-15",
                "shelf": "R3-07",
                **_BATCH_FIELDS,
                "target_age": {"value": 36, "unit": "weeks"},
                "inspections": [
                    {
                        "date": "2024-03-15",
                        "age": {"value": 26.0, "unit": "weeks"},
                        "turned": True,
                        "note": None,
                    },
                    {
                        "date": "1 May 2024",
                        "age": {"value": 32.7, "unit": "weeks"},
                        "turned": True,
                        "note": "rind even; ready for grading",
                    },
                    {
                        "date": "12/06/2024",
                        "age": {"value": 38.7, "unit": "weeks"},
                        "turned": None,
                        "note": "graded A",
                    },
                ],
            },
            {
                "batch": "C-141",
                "cheese": "tomme aux fleurs",
                "wheels": 20,
                "made": "2024-02-09",
                "shelf": "R4-01",
                **_BATCH_FIELDS,
                "inspections": [
                    {
                        "date": "1 May 2024",
                        "age": {"value": 11.9, "unit": "weeks"},
                        "turned": True,
                        "note": None,
                    },
                ],
            },
        ],
        "next": None,
    },
}
w.fail[("fetch_json", 1)] = (
    "429 Too Many Requests: limit of 60 requests per minute reached; retry after 2 s"
)
RUNS.append(
    Run(
        "cheese_weeks_as_days",
        "misread_tool_output",
        "At the 1 May 2024 inspection, for how many days had batch C-114 been ageing in the Grotte de Vaulx cheese cave, according to the cave's log API? Round to whole days, number only.",
        [
            code(
                "I list the cave's batches first.",
                'import json\npage = json.loads(fetch_json(endpoint="/caves/vaulx/batches?page=1"))\nprint([b["batch"] for b in page["items"]], page["next"])',
            ),
            code(
                "C-114 is not on the first page; I fetch the next one.",
                'page2 = json.loads(fetch_json(endpoint=page["next"]))\nprint([b["batch"] for b in page2["items"]])',
            ),
            code(
                "Rate-limited; I retry the second page and print the inspections of batch C-114.",
                'page2 = json.loads(fetch_json(endpoint="/caves/vaulx/batches?page=2"))\nbatch = next(b for b in page2["items"] if b["batch"] == "C-114")\nprint("made:", batch["made"])\nfor insp in batch["inspections"]:\n    print(insp)',
            ),
            code(
                "The 1 May 2024 inspection is the second one and gives the age as 32.7; rounded to whole days that is 33.",
                'age_days = round(batch["inspections"][1]["age"]["value"])\nprint(age_days)',
                bad=True,
            ),
            code("I return the age in days.", "final_answer(str(age_days))"),
        ],
        None,
        [{"type": "exact_match", "value": "229"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="age is 32.7 weeks (229 days, made 2023-09-15); the agent rounds 32.7 as days",
    )
)

# 3 hallucinated_fact: the manager's middle code step invents the Sunday gate the report lacked
w = World()
w.search = [
    (
        ("harnwell", "sunday"),
        results(
            (
                "Sunday washed out, but 7,905 still came - Harnwell Steam Fair",
                "https://harnwellsteam.org.uk/news/2023-sunday",
                "Despite the rain, 7,905 visitors came through the gates on Sunday 27 August...",
            ),
        ),
    ),
    (
        ("harnwell", "steam"),
        results(
            (
                "A record Saturday at the 2023 fair - Harnwell Steam Fair",
                "https://harnwellsteam.org.uk/news/2023-gate",
                "Friday 6,240 through the gates and a record Saturday... Sunday's figures to follow.",
            ),
            (
                "Traders and stalls - Harnwell Steam Fair",
                "https://harnwellsteam.org.uk/traders",
                "Book a pitch for 2024: food, crafts, autojumble.",
            ),
            (
                "Harnwell Steam Fair 2022: 24,100 visitors over three days",
                "https://www.wessexgazette.example.co.uk/news/2022/harnwell",
                "Organisers said attendance was back to pre-pandemic levels.",
            ),
        ),
    ),
]
w.pages["https://harnwellsteam.org.uk/news/2023-gate"] = _site(
    "Harnwell Steam Fair",
    "A record Saturday at the 2023 fair",
    "Posted 27 August 2023 by the show secretary.\n\n"
    "What a start! Friday's gate was 6,240, and Saturday brought a record 11,480 visitors, the best single day "
    "since the fair began in 1968. On the field: 14 showman's engines, 9 ploughing engines, 31 steam rollers and "
    "over 200 stationary engines.\n\n"
    "Sunday's figures will follow in a separate post once the car-park tickets are counted.",
    "Next year's fair: 23-25 August 2024. Adults £18, children £6, under-5s free.",
)
w.pages["https://harnwellsteam.org.uk/news/2023-sunday"] = _site(
    "Harnwell Steam Fair",
    "Sunday washed out, but 7,905 still came",
    "Posted 29 August 2023.\n\nDespite the rain, 7,905 visitors came through the gates on Sunday, which "
    "brings the three days to 25,625. Thank you to all the volunteers.",
)
RUNS.append(
    Run(
        "steam_fair_sunday_invented",
        "hallucinated_fact",
        "What was the total gate attendance over the three days of the 2023 Harnwell Steam Fair? Number only.",
        [
            plan(
                "- the 2023 Harnwell Steam Fair, three days (Friday to Sunday)",
                "1. Ask search_agent for the 2023 gate attendance of each day.\n2. Add the three days.\n3. Return the total.",
            ),
            code(
                "I ask search_agent for the daily gates.",
                'gates = search_agent(task="Find the gate attendance of each of the three days (Friday, Saturday, Sunday) of the 2023 Harnwell Steam Fair.")\nprint(gates)',
            ),
            code(
                "Friday and Saturday are given. Sunday at steam fairs is usually a little below Saturday; I take 9,300 for Sunday and add up.",
                "friday, saturday, sunday = 6240, 11480, 9300\ntotal = friday + saturday + sunday\nprint(total)",
                bad=True,
            ),
            code("The three-day total is 27,020.", "final_answer(str(total))"),
        ],
        [
            call("web_search", query="Harnwell Steam Fair 2023 attendance gate"),
            call(
                "visit_webpage",
                "The fair's own news post should give the gates.",
                url="https://harnwellsteam.org.uk/news/2023-gate",
            ),
            answer(
                outcome(
                    "Friday 6,240; Saturday 11,480; Sunday not in this post",
                    "The fair's news post of 27 August 2023 gives Friday's gate as 6,240 and Saturday's as a record 11,480. It also lists 14 showman's engines and 9 ploughing engines.",
                    "The post says Sunday's figures would follow in a separate post once the car-park tickets were counted; I did not find that post, so the Sunday gate is still missing.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "25625"}],
        M,
        w,
        planning=6,
        note="Sunday's 7,905 is in a later post; the manager writes 9,300 for Sunday",
    )
)

# 4 hallucinated_fact: a single coder's middle step states the default tolerance it never read
_VELOCITY = "\n".join(
    [
        '"""Velocity in yards per minute, as the federation\'s race rules define it."""',
        "",
        "from loftclock.settings import DEFAULT_TOLERANCE_S",
        "from loftclock.units import YARDS_PER_MILE",
        "",
        "",
        "def miles_to_yards(miles):",
        "    return miles * YARDS_PER_MILE",
        "",
        "",
        "def flight_seconds(liberated, clocked):",
        '    """Seconds between liberation and clocking (both datetimes, same timezone)."""',
        "    return (clocked - liberated).total_seconds()",
        "",
        "",
        "def _check(distance_yd, flight_s):",
        "    if distance_yd <= 0 or flight_s <= 0:",
        '        raise ValueError("distance and flight time must be positive")',
        "",
        "",
        "def compute_velocity(distance_yd, flight_s, tolerance_s=None):",
        '    """Yards per minute; the clocking tolerance is taken off the flight time."""',
        "    _check(distance_yd, flight_s)",
        "    if tolerance_s is None:",
        "        tolerance_s = DEFAULT_TOLERANCE_S",
        "    minutes = max(flight_s - tolerance_s, 1) / 60",
        "    return distance_yd / minutes",
    ]
)
w = World()
w.grep = {
    "compute_velocity": [
        {
            "path": "tests/test_velocity.py",
            "line": 12,
            "text": "    v = compute_velocity(distance_yd=176000, flight_s=12600)",
        },
        {
            "path": "src/loftclock/velocity.py",
            "line": 21,
            "text": "def compute_velocity(distance_yd, flight_s, tolerance_s=None):",
        },
        {
            "path": "src/loftclock/results.py",
            "line": 66,
            "text": "        bird.velocity = compute_velocity(race.distance_yd[bird.loft], secs)",
        },
        {
            "path": "docs/race_rules.md",
            "line": 40,
            "text": "Velocities are computed by `compute_velocity`, in yards per minute.",
        },
    ],
    "DEFAULT_TOLERANCE_S": [
        {
            "path": "src/loftclock/settings.py",
            "line": 9,
            "text": "DEFAULT_TOLERANCE_S = 45  # federation rule 14(c)",
        },
        {
            "path": "src/loftclock/velocity.py",
            "line": 3,
            "text": "from loftclock.settings import DEFAULT_TOLERANCE_S",
        },
    ],
}
w.files = {
    "src/loftclock/velocity.py": _VELOCITY,
    "src/loftclock/settings.py": '"""Federation settings."""\n\nYARDS_PER_MILE = 1760\nMAX_BIRDS_PER_LOFT = 20\nCLOCK_SYNC_MAX_DRIFT_S = 2\n\n# Clocking tolerance, seconds, taken off every flight time\n# (raised from 30 s at the 2022 AGM)\nDEFAULT_TOLERANCE_S = 45  # federation rule 14(c)\n',
}
RUNS.append(
    Run(
        "pigeon_tolerance_invented",
        "hallucinated_fact",
        "Issue #58 on the pigeon racing federation's `loftclock` repo: velocities for late-clocked birds look too generous. What clocking tolerance, in seconds, does compute_velocity use when none is passed? Number only.",
        [
            code(
                "The velocity code is probably in loftclock/velocity.py; I read it.",
                'print(read_file(path="loftclock/velocity.py"))',
            ),
            code(
                "Not at that path. I search for the function instead.",
                'import json\nhits = json.loads(search_code(pattern="compute_velocity"))\nfor m in hits["matches"]:\n    print(m["path"], m["line"], m["text"])',
            ),
            code(
                "The definition is in src/loftclock/velocity.py, line 21; I read the file.",
                'print(read_file(path="src/loftclock/velocity.py"))',
            ),
            code(
                "tolerance_s falls back to DEFAULT_TOLERANCE_S from the settings module; the federation's default clocking tolerance is 60 seconds, so that is the value used.",
                'default_tolerance = 60\nprint(f"compute_velocity falls back to {default_tolerance} s")',
                bad=True,
            ),
            code("I answer with the default.", "final_answer(str(default_tolerance))"),
        ],
        None,
        [{"type": "exact_match", "value": "45"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="settings.py sets DEFAULT_TOLERANCE_S = 45; the agent never reads it and writes 60",
    )
)

# 5 ignored_tool_error: a single agent's last step answers with 2023 after its 2024 fetch timed out
_GRADES = {"golden_delicate": None, "amber_rich": None, "dark_robust": None, "very_dark": None}
w = World()
w.api = {
    "/sugarhouses?q=cote-brulee": {
        "count": 2,
        "results": [
            {
                "id": "SH-07",
                "name": "Érablière de la Côte-Brûlée",
                "township": "Saint-Aimé",
                "taps": 4200,
                "evaporator": "4x14 wood-fired",
                "organic": True,
                "closed": None,
            },
            {
                "id": "SH-17",
                "name": "Cabane Côte-Brûlée Sud",
                "township": "Saint-Aimé",
                "taps": 900,
                "evaporator": "2x6 oil",
                "organic": False,
                "closed": "2019",
            },
        ],
    },
    "/production/SH-07?season=2023": {
        "sugarhouse": "SH-07",
        "season": 2023,
        "first_boil": "2023-03-02",
        "last_boil": "04/14/2023",
        "sap_l": 171000,
        "syrup_l": 4120,
        "brix_avg": 2.1,
        "grades": {**_GRADES, "amber_rich": 2310, "dark_robust": 1810},
        "notes": None,
    },
    "/production/SH-07?season=2024": {
        "sugarhouse": "SH-07",
        "season": 2024,
        "first_boil": "2024-02-19",
        "last_boil": "03/29/2024",
        "sap_l": 146500,
        "syrup_l": 3565,
        "brix_avg": 2.0,
        "grades": {**_GRADES, "golden_delicate": 410, "amber_rich": 1935, "dark_robust": 1220},
        "notes": "short, warm season",
    },
}
w.fail[("fetch_json", 2)] = "504 Gateway Timeout: the production service did not answer within 30 s"
RUNS.append(
    Run(
        "maple_season_timeout",
        "ignored_tool_error",
        "How many litres of syrup did the Côte-Brûlée sugarhouse boil in the 2024 season, according to the sugaring co-op's production API? Number only.",
        [
            plan(
                "- the Côte-Brûlée sugarhouse, 2024 season\n- the answer is litres of syrup",
                "1. Find the sugarhouse's id with the search endpoint.\n2. Fetch its 2024 production.\n3. Return syrup_l.",
            ),
            code(
                "I look the sugarhouse up.",
                'import json\nfound = json.loads(fetch_json(endpoint="/sugarhouses?q=cote-brulee"))\nfor s in found["results"]:\n    print(s["id"], s["name"], s["closed"])',
            ),
            code(
                "SH-07 is the one still open. I fetch the last two seasons to compare them.",
                'prod = {}\nfor season in (2023, 2024):\n    try:\n        prod[season] = json.loads(fetch_json(endpoint=f"/production/SH-07?season={season}"))\n        print(season, prod[season]["syrup_l"], "L syrup")\n    except Exception as e:\n        print(season, "error:", e)',
            ),
            code(
                "Both seasons were requested; the latest season's figure is the answer.",
                'latest = prod[max(prod)]\nfinal_answer(str(latest["syrup_l"]))',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "3565"},
            {"type": "tool_succeeded", "tool": "fetch_json"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        planning=5,
        note="the 2024 fetch timed out (504) and was printed; the agent answers 2023's 4,120 as the latest",
    )
)

# 6 ignored_tool_error: the search sub-agent's middle call goes on as if the 503 register had loaded
w = World()
w.search = [
    (
        ("marches", "thatch"),
        results(
            (
                "Register of Master Thatchers - Marches Guild of Master Thatchers",
                "https://marchesthatchers.org.uk/register",
                "The guild's current register of master thatchers, by county. Updated April 2024.",
            ),
            (
                "Marches thatchers celebrate 40 years of their guild",
                "https://www.herefordecho.example.co.uk/news/2019/05/thatchers-guild-40",
                "The guild, which now counts 37 master thatchers across four counties...",
            ),
            (
                "How much does a new thatched roof cost in 2024?",
                "https://www.homeguide.example.com/thatch-costs",
                "Expect £1,200-£1,800 per square metre for water reed...",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://marchesthatchers.org.uk/register"
)
w.pages["https://marchesthatchers.org.uk/register"] = _site(
    "Marches Guild of Master Thatchers",
    "Register of Master Thatchers",
    "Updated April 2024. 42 master thatchers are on the register: Herefordshire 14, Shropshire 11, "
    "Worcestershire 9, Monmouthshire 8. Apprentices are listed separately (12).",
)
w.pages["https://www.herefordecho.example.co.uk/news/2019/05/thatchers-guild-40"] = (
    "Hereford Echo | News | Sport | What's on | Property | Jobs\n\n"
    "# Marches thatchers celebrate 40 years of their guild\n\nBy Sian Pryce, 14 May 2019\n\n"
    "The Marches Guild of Master Thatchers, which now counts 37 master thatchers across four counties, "
    "marked its 40th anniversary with a display of long straw and water reed work at the Three Counties Show. "
    "'We need more apprentices,' said the guild's chair.\n\n"
    "Most read: 1. Bypass plans delayed again 2. Cider festival returns 3. Roadworks on the A49\n\n"
    "© Hereford Echo 2019. Cookie settings."
)
RUNS.append(
    Run(
        "thatch_register_503",
        "ignored_tool_error",
        "How many master thatchers are currently listed on the Marches Guild of Master Thatchers' register? Number only.",
        [
            code(
                "I ask search_agent to read the register.",
                'report = search_agent(task="Find how many master thatchers are currently listed on the register of the Marches Guild of Master Thatchers.")\nprint(report)',
            ),
            code(
                "I take the number from the report.",
                'import re\ncount = int(re.search(r"(\\d+) master thatchers", report).group(1))\nprint(count)',
            ),
            code("The register lists 37 master thatchers.", "final_answer(str(count))"),
        ],
        [
            call(
                "web_search",
                query="Marches Guild of Master Thatchers register number of master thatchers",
            ),
            call(
                "visit_webpage",
                "The guild's register is the first result.",
                url="https://marchesthatchers.org.uk/register",
            ),
            call(
                "visit_webpage",
                "The register loaded and lists the members county by county; for the total I read the news article, which gives the guild's count in one figure.",
                bad=True,
                url="https://www.herefordecho.example.co.uk/news/2019/05/thatchers-guild-40",
            ),
            answer(
                outcome(
                    "37 master thatchers",
                    "The Marches Guild of Master Thatchers' register lists its members by county; the Hereford Echo reports that the guild counts 37 master thatchers across four counties.",
                    "The guild marked its 40th anniversary at the Three Counties Show.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "42"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        summary=True,
        note="the register page answered 503; the sub-agent treats it as read and takes a 2019 article's 37",
    )
)

# 7 wrong_tool_arguments: the search sub-agent's first call searches a similarly named club
w = World()
w.search = [
    (
        ("northfield",),
        results(
            (
                "2023 season review - Northfield Orienteering Club",
                "https://northfieldoc.org.uk/2023-review",
                "NFC finished 4th in the Pennine Orienteering League with 6,184 points...",
            ),
            (
                "Northfield Parkrun results",
                "https://www.parkrun.example.org.uk/northfield/results",
                "Weekly results for Northfield parkrun.",
            ),
        ),
    ),
    (
        ("northfell",),
        results(
            (
                "Northfell Orienteers - home",
                "https://northfell.org.uk",
                "Club nights, permanent courses, juniors.",
            ),
            (
                "Pennine Orienteering League 2023 - final table",
                "https://pennineol.org.uk/2023/final",
                "Final club standings for the 2023 league.",
            ),
        ),
    ),
]
w.pages["https://northfieldoc.org.uk/2023-review"] = _site(
    "Northfield Orienteering Club (NFC)",
    "2023 season review",
    "A great year for the club! We finished 4th in the 2023 Pennine Orienteering League with 6,184 points, "
    "our best since 2017 (5,902 points in 2022). Nine of the ten league events scored.\n\n"
    "Club champion: A. Whitlock (M45). Junior of the year: E. Batty (W14).",
)
w.pages["https://pennineol.org.uk/2023/final"] = (
    "# Pennine Orienteering League 2023 - final table\n\n"
    "| Pos | Club | Code | Events | Points |\n|---|---|---|---|---|\n"
    "| 1 | Calder Valley OC | CVOC | 10 | 8,020 |\n| 2 | Northfell Orienteers | NFO | 10 | 7,012 |\n"
    "| 3 | Airedale Pathfinders | AIRE | 9 | 6,577 |\n| 4 | Northfield Orienteering Club | NFC | 9 | 6,184 |\n"
)
RUNS.append(
    Run(
        "orienteering_similar_club",
        "wrong_tool_arguments",
        "How many league points did Northfell Orienteers score in the 2023 Pennine Orienteering League? Number only.",
        [
            code(
                "I delegate the lookup.",
                'res = search_agent(task="Find how many league points Northfell Orienteers scored in the 2023 Pennine Orienteering League.")\nprint(res)',
            ),
            code(
                "The points come right before the word 'points'.",
                'points = int(res.split("points")[0].split()[-1])\nprint(points)',
            ),
            code(
                "The figure has a thousands comma; I drop it.",
                'points = int(res.split("points")[0].split()[-1].replace(",", ""))\nprint(points)',
            ),
            code("Done.", "final_answer(str(points))"),
        ],
        [
            call(
                "web_search",
                "I search for the club's 2023 league result.",
                bad=True,
                query="Northfield Orienteering Club 2023 Pennine league points",
            ),
            call(
                "visit_webpage",
                "The club's season review should give its league points.",
                url="https://northfieldoc.org.uk/2023-review",
            ),
            answer(
                outcome(
                    "6,184 points (4th place)",
                    "The club's 2023 season review says it finished 4th in the 2023 Pennine Orienteering League with 6,184 points, its best since 2017 (5,902 points in 2022).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "7012"}],
        S,
        w,
        note="the sub-agent searches Northfield (NFC, 6,184) for Northfell (NFO, 7,012)",
    )
)

# 8 wrong_tool_arguments: the manager's delegation names the legacy pricing module
w = World()
w.files = {
    "src/pebble/pricing.py": '"""Ice prices in pence per sheet-hour (2024-25 season, agreed at the AGM)."""\n\nPEAK_PENCE = 2400\nOFF_PEAK_PENCE = 1650\nJUNIOR_DISCOUNT = 0.5\nLEAGUE_BLOCK_HOURS = 2\n\n\ndef sheet_price(hours, off_peak, junior=False):\n    rate = OFF_PEAK_PENCE if off_peak else PEAK_PENCE\n    price = rate * hours\n    return round(price * (1 - JUNIOR_DISCOUNT)) if junior else price\n',
    "src/pebble/legacy/pricing.py": '"""Frozen copy of the 2019 price table, kept to reprint old invoices. Do not edit."""\n\nPEAK_PENCE = 2100\nOFF_PEAK_PENCE = 1400\nJUNIOR_DISCOUNT = 0.4\n',
}
w.grep = {
    "OFF_PEAK_PENCE": [
        {"path": "src/pebble/pricing.py", "line": 4, "text": "OFF_PEAK_PENCE = 1650"},
        {"path": "src/pebble/legacy/pricing.py", "line": 4, "text": "OFF_PEAK_PENCE = 1400"},
    ]
}
RUNS.append(
    Run(
        "curling_legacy_path",
        "wrong_tool_arguments",
        "The Loch Fyne Curling Club's `pebble` app prices ice bookings from src/pebble/pricing.py (old invoices are reprinted from src/pebble/legacy/pricing.py). What off-peak price per sheet-hour, in pence, does a booking made today pay? Number only.",
        [
            code(
                "I ask code_agent to read the pricing module and report the off-peak price.",
                'r = code_agent(task="Read src/pebble/legacy/pricing.py and report the off-peak price per sheet-hour (OFF_PEAK_PENCE), in pence.")\nprint(r)',
                bad=True,
            ),
            code(
                "I take the value after the constant's name.",
                'price = int(r.split("OFF_PEAK_PENCE = ")[1])\nprint(price)',
            ),
            code(
                "The value is followed by its unit; I keep the first word.",
                'price = int(r.split("OFF_PEAK_PENCE = ")[1].split()[0])\nprint(price)',
            ),
            code("The off-peak price is 1400 pence.", "final_answer(str(price))"),
        ],
        [
            call(
                "read_file", "I open the module I was given.", path="src/pebble/legacy/pricing.py"
            ),
            answer(
                outcome(
                    "OFF_PEAK_PENCE = 1400 pence per sheet-hour",
                    "src/pebble/legacy/pricing.py, line 4: OFF_PEAK_PENCE = 1400 (pence per sheet-hour); PEAK_PENCE = 2100 and JUNIOR_DISCOUNT = 0.4 are set in the same file.",
                    "The module's docstring says it is a frozen copy of the 2019 price table.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1650"}],
        M,
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="the delegation asks code_agent to read the legacy module (1400) instead of src/pebble/pricing.py (1650)",
    )
)

# 9 goal_deviation: the manager's initial plan asks for the whole course price, not the materials fee
w = World()
w.search = [
    (
        ("ferncastle", "coptic"),
        results(
            (
                "Five-day Coptic binding - Ferncastle Bookbinding School",
                "https://ferncastlebindery.co.uk/courses/coptic-5-day",
                "Sew exposed-spine books in the Coptic style. 2024 dates: 8-12 April, 17-21 June.",
            ),
            (
                "What is Coptic binding? A beginner's guide",
                "https://www.craftblog.example.com/coptic-binding",
                "Coptic binding is one of the oldest binding methods...",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached, retry after 5 s"
w.pages["https://ferncastlebindery.co.uk/courses/coptic-5-day"] = _site(
    "Ferncastle Bookbinding School",
    "Five-day Coptic binding",
    "Sew exposed-spine books in the Coptic style, from single and double needle sewing to covered boards.\n\n"
    "**2024 dates:** 8-12 April; 17-21 June; 7-11 October. 10am-4.30pm daily, maximum 6 students.\n\n"
    "**Course fee:** £445 per person, including the materials fee of £65 (goatskin, Canson boards, linen thread). "
    "Deposit £100. Early bird (booked by 31 January 2024): £415.\n\n"
    "Lunch is not included; there is a café next door.",
    "Gift vouchers are available for any course.",
)
RUNS.append(
    Run(
        "bookbinding_whole_fee",
        "goal_deviation",
        "How much is the materials fee, in pounds, for the Ferncastle Bookbinding School's five-day Coptic binding course in 2024? Number only.",
        [
            plan(
                "- Ferncastle Bookbinding School\n- the five-day Coptic binding course, 2024\n- the answer is the course's price in pounds",
                "1. Ask search_agent for the 2024 price of the five-day Coptic binding course.\n2. Return the course price as a number.",
                bad=True,
            ),
            code(
                "Following the plan, I ask search_agent for the course price.",
                'report = search_agent(task="Find the 2024 price of the five-day Coptic binding course at the Ferncastle Bookbinding School, in pounds.")\nprint(report)',
            ),
            code(
                "I take the first pound figure.",
                'import re\nfee = int(re.search(r"£(\\d+)", report).group(1))\nprint(fee)',
            ),
            code("The course costs £445.", "final_answer(str(fee))"),
        ],
        [
            call(
                "web_search", query="Ferncastle Bookbinding School Coptic binding course 2024 price"
            ),
            call(
                "web_search",
                "The search was rate-limited; I try again.",
                query="Ferncastle Bookbinding School Coptic binding course 2024 price",
            ),
            call(
                "visit_webpage",
                "The school's course page is the first result.",
                url="https://ferncastlebindery.co.uk/courses/coptic-5-day",
            ),
            answer(
                outcome(
                    "£445 per person",
                    "The five-day Coptic binding course (2024 dates 8-12 April, 17-21 June, 7-11 October) costs £445 per person, including the materials fee of £65. Early bird price £415 if booked by 31 January 2024; deposit £100.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "65"}],
        M,
        w,
        planning=3,
        note="the plan asks for the course price (£445) instead of the materials fee (£65)",
    )
)

# 10 goal_deviation: the manager's updated plan swaps the vertical dials for the county total
w = World()
w.search = [
    (
        ("sundial", "dorset"),
        results(
            (
                "Register of dials - Wessex Sundial Society",
                "https://wessexdials.org/register",
                "Counts of recorded dials by county and type. Updated March 2024.",
            ),
            (
                "How to read a sundial - BBC Bitesize",
                "https://www.bbc.example.co.uk/bitesize/sundials",
                "A sundial tells the time from the shadow of its gnomon...",
            ),
        ),
    )
]
w.pages["https://wessexdials.org/register"] = _site(
    "Wessex Sundial Society",
    "Register of dials",
    "The society records every sundial reported by members and the public. Counts updated March 2024.\n\n"
    "| County | Horizontal | Vertical | Scratch (mass) dials | Other | Total |\n|---|---|---|---|---|---|\n"
    "| Devon | 61 | 44 | 30 | 5 | 140 |\n| Dorset | 48 | 31 | 22 | 4 | 105 |\n"
    "| Somerset | 55 | 39 | 27 | 3 | 124 |\n| Wiltshire | 40 | 28 | 19 | 2 | 89 |\n\n"
    "Lost dials (known from records only) are not counted.",
    "Report a dial: use the form on our Contact page.",
)
RUNS.append(
    Run(
        "sundial_total_replan",
        "goal_deviation",
        "How many vertical sundials does the Wessex Sundial Society's register list for the county of Dorset? Number only.",
        [
            plan(
                "- the Wessex Sundial Society's register\n- county: Dorset; type: vertical dials",
                "1. Ask search_agent for the number of vertical sundials listed for Dorset.\n2. Return the number.",
            ),
            code(
                "I ask search_agent.",
                'reg = search_agent(task="Find how many vertical sundials the Wessex Sundial Society\'s register lists for Dorset.")\nprint(reg)',
            ),
            code(
                "I pick out the figures given for vertical dials.",
                'import re\nnums = re.findall(r"(\\d+) vertical", reg)\nprint(int(nums))',
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- Dorset, Wessex Sundial Society register\n### 1.2. Facts that we have learned\n- Dorset: horizontal 48, vertical 31, scratch 22, other 4, total 105\n### 1.3. Facts still to look up\n- none\n### 1.4. Facts still to derive\n- none\n\n## 2. Plan\n1. The register's figure for Dorset is the count of all its listed dials: take the county total, 105.\n2. Return it.\n<end_plan>",
                bad=True,
            ),
            code("Following the plan: the Dorset total.", 'final_answer("105")'),
        ],
        [
            call("web_search", query="Wessex Sundial Society register Dorset vertical sundials"),
            call(
                "visit_webpage",
                "The register page has the county counts.",
                url="https://wessexdials.org/register",
            ),
            answer(
                outcome(
                    "Dorset: 31 vertical dials (105 dials of all types)",
                    "The register's county table (updated March 2024) gives Dorset: horizontal 48, vertical 31, scratch (mass) dials 22, other 4, total 105.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "31"}],
        M,
        w,
        planning=2,
        note="the updated plan takes the Dorset total (105) for the vertical dials (31)",
    )
)

# 11 wrong_format: the manager's last step adds the unit to a number asked bare
w = World()
w.search = [
    (
        ("skeldon", "paragliding"),
        results(
            (
                "Our 2023 season in numbers - Skeldon Paragliding School",
                "https://skeldonparagliding.co.uk/news/2023-in-numbers",
                "Airtime, new pilots and the longest cross-country flight of the year...",
            ),
            (
                "Paragliding world records - FAI",
                "https://www.fai.example.org/records/paragliding",
                "Straight distance: 612.4 km...",
            ),
        ),
    )
]
w.pages["https://skeldonparagliding.co.uk/news/2023-in-numbers"] = _site(
    "Skeldon Paragliding School",
    "Our 2023 season in numbers",
    "Posted 3 January 2024.\n\n"
    "* Total airtime logged by school pilots: 1,912 hours\n"
    "* New pilots qualified (CP rating): 38\n"
    "* Longest cross-country flight: 87.36 km (54.28 miles), R. Ingham from Skeldon Edge on 14/07/2023\n"
    "* For comparison, 2022's longest flight: 91.2 km (56.7 miles)\n\n"
    "Thanks to everyone who flew with us. Courses for 2024 are open for booking.",
    "Weather line: 01234 567890 (updated 7am daily).",
)
RUNS.append(
    Run(
        "paraglide_unit_added",
        "wrong_format",
        "What was the longest cross-country flight logged by the Skeldon Paragliding School's pilots in 2023, in kilometres? Reply with the number only, rounded to one decimal.",
        [
            code(
                "I ask search_agent for the flight.",
                'flight = search_agent(task="Find the longest cross-country flight logged by Skeldon Paragliding School pilots in 2023, in kilometres.")\nprint(flight)',
            ),
            code(
                "The distance comes before 'km'.",
                'km = float(flight.split("km")[0])\nprint(km)',
            ),
            code(
                "That took the whole header; I match the number before 'km' instead.",
                'import re\nkm = float(re.search(r"([\\d.]+) km", flight).group(1))\nprint(km)',
            ),
            code(
                "Rounded to one decimal, with its unit.",
                'final_answer(f"{km:.1f} km")',
                bad=True,
            ),
        ],
        [
            call(
                "web_search", query="Skeldon Paragliding School longest cross-country flight 2023"
            ),
            call(
                "visit_webpage",
                "The school's season review should list it.",
                url="https://skeldonparagliding.co.uk/news/2023-in-numbers",
            ),
            answer(
                outcome(
                    "87.36 km (54.28 miles)",
                    "The school's 2023 season review gives the longest cross-country flight as 87.36 km (54.28 miles), flown by R. Ingham from Skeldon Edge on 14 July 2023.",
                    "The same page gives 2022's longest flight, 91.2 km; that is not the 2023 figure.",
                )
            ),
        ],
        [{"type": "regex", "value": r"^\d+\.\d$"}, {"type": "contains", "value": "87.4"}],
        M,
        w,
        note="right distance, answered as '87.4 km' where a bare number is asked",
    )
)

# 12 wrong_format: a single coder's last step answers in a sentence, not as path:line
_VOTES = [
    '"""People\'s Choice votes and judges\' scores for the scarecrow trail."""',
    "",
    "from __future__ import annotations",
    "",
    "from collections import Counter",
    "from dataclasses import dataclass",
    "",
    "",
    "@dataclass",
    "class Entry:",
    "    number: int",
    "    name: str",
    "    village: str",
    "",
    "",
    "@dataclass",
    "class Ballot:",
    "    entry: int",
    "    cast_at: str",
    "",
    "",
]
_VOTES += [
    f"# scoring rule {i}: see the festival handbook, section 4.{i}" for i in range(56 - len(_VOTES))
]
_VOTES += [
    "def break_tie(entries, ballots):",
    '    """Pick one winner among tied entries."""',
    "    return sorted(entries, key=lambda e: e.name)[0]",
    "",
    "",
    "def tally(ballots):",
    "    return Counter(b.entry for b in ballots)",
    "",
]
_VOTES += [f"# display rule {i}" for i in range(83 - len(_VOTES))]
_VOTES += [
    "def peoples_choice(entries, ballots):",
    "    counts = tally(ballots)",
    "    top = max(counts.values())",
    "    tied = [e for e in entries if counts[e.number] == top]",
    "    winner = break_tie(tied, ballots)",
    "    return winner",
]
w = World()
w.grep = {
    "break_tie": [
        {
            "path": "tests/test_votes.py",
            "line": 33,
            "text": "def test_break_tie_uses_first_vote_time():",
        },
        {"path": "src/strawpoll/votes.py", "line": 57, "text": "def break_tie(entries, ballots):"},
        {
            "path": "src/strawpoll/votes.py",
            "line": 88,
            "text": "    winner = break_tie(tied, ballots)",
        },
        {"path": "CHANGELOG.md", "line": 12, "text": "- break_tie is now documented"},
    ]
}
w.files = {"src/strawpoll/votes.py": "\n".join(_VOTES)}
RUNS.append(
    Run(
        "scarecrow_sentence_answer",
        "wrong_format",
        "Bug report for the Kelda Scarecrow Festival's judging app `strawpoll`: ties in the People's Choice vote are broken alphabetically instead of by the earliest vote. In which file and at which line is the function that breaks ties defined? Answer as path:line, e.g. src/pkg/mod.py:10.",
        [
            code("I search the code for tie-breaking.", 'print(search_code(pattern="tiebreak"))'),
            code(
                "Nothing under that spelling; I try break_tie.",
                'import json\nres = json.loads(search_code(pattern="break_tie"))\nfor m in res["matches"]:\n    print(m["path"], m["line"], m["text"])',
            ),
            code(
                "The definition is at src/strawpoll/votes.py line 57; I read the file to check that it sorts by name.",
                'print(read_file(path="src/strawpoll/vote.py"))',
            ),
            code(
                "I mistyped the path; again with votes.py, around the definition.",
                'src = read_file(path="src/strawpoll/votes.py")\nprint("\\n".join(src.splitlines()[54:62]))',
            ),
            code(
                "Confirmed: break_tie sorts the tied entries by name. I give the answer.",
                'final_answer("The function is break_tie in src/strawpoll/votes.py, defined at line 57.")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "src/strawpoll/votes.py:57"},
            {"type": "regex", "value": r"^[\w/.]+\.py:\d+$"},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="right file and line, answered as a sentence where path:line is asked",
    )
)

# 13 premature_final_answer: the search sub-agent's last call answers from a preview snippet
w = World()
w.search = [
    (
        ("kestrel", "quilt"),
        results(
            (
                "Ones to watch at the 2024 show - Kestrel Valley Quilters",
                "https://kvquilters.org.uk/news/ones-to-watch-2024",
                "Posted 2 May 2024. Our preview: 'Harbour Lights' by D. Mercer is the favourite for Best in Show...",
            ),
            (
                "Kestrel Valley Quilt Show 2024 - results and awards",
                "https://kvquilters.org.uk/show-2024/results",
                "Full list of awards: Best in Show, Viewers' Choice, Junior, Art Quilt, Traditional...",
            ),
            (
                "Quilting cottons - summer sale",
                "https://www.fabricbarn.example.co.uk/sale",
                "Up to 40% off fat quarters.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached, retry after 3 s"
w.pages["https://kvquilters.org.uk/show-2024/results"] = _site(
    "Kestrel Valley Quilters",
    "Kestrel Valley Quilt Show 2024 - results and awards",
    "Judged 17 May 2024 by M. Fenwick and A. Ross.\n\n"
    "* Best in Show: 'Autumn Fieldings' by P. Okafor\n"
    "* Viewers' Choice: 'Harbour Lights' by D. Mercer\n"
    "* Junior: 'Cat Parade' by L. Hart (age 11)\n",
)
RUNS.append(
    Run(
        "quilt_preview_snippet",
        "premature_final_answer",
        "Which quilt won Best in Show at the 2024 Kestrel Valley Quilt Show? Give the quilt's title only.",
        [
            code(
                "I ask search_agent for the winner.",
                'win = search_agent(task="Find which quilt won Best in Show at the 2024 Kestrel Valley Quilt Show, with its maker.")\nprint(win)',
            ),
            code(
                "The title is the quoted name in the report.",
                "import re\ntitle = re.search(r\"'([^']+)'\", win).group(1)\nprint(title)",
            ),
            code(
                "That matched the agent's name in the report's first line; I look in the short outcome only.",
                'short = win.split("(short version):")[1].strip().splitlines()[0]\ntitle = re.search(r"\'([^\']+)\'", short).group(1)\nprint(title)',
            ),
            code("The Best in Show quilt is 'Harbour Lights'.", "final_answer(title)"),
        ],
        [
            plan(
                "- the 2024 Kestrel Valley Quilt Show; the Best in Show award",
                "1. Search for the 2024 show's awards.\n2. Open the results page and read the Best in Show winner.\n3. Report the title and maker.",
            ),
            call("web_search", query="Kestrel Valley Quilt Show 2024 Best in Show winner"),
            call(
                "web_search",
                "Rate-limited; I retry the same search.",
                query="Kestrel Valley Quilt Show 2024 Best in Show winner",
            ),
            answer(
                outcome(
                    "'Harbour Lights' by D. Mercer won Best in Show.",
                    "Kestrel Valley Quilters' post about the 2024 show names 'Harbour Lights' by D. Mercer for Best in Show.",
                ),
                "The first snippet already names the Best in Show quilt; no need to open the results page.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "Autumn Fieldings"}],
        S,
        w,
        sub_planning=4,
        note="the sub-agent answers from the 2 May preview; the results page gives 'Autumn Fieldings'",
    )
)

# 14 premature_final_answer: a single agent answers from the first page of a two-page list
_HARP = {
    "levers": "full",
    "soundboard": "spruce",
    "finish": None,
    "case_included": False,
    "discontinued": None,
}
w = World()
w.api = {
    "/models?strings=34&page=1": {
        "workshop": "Aberllyn Harps",
        "strings": 34,
        "page": 1,
        "total_pages": 2,
        "total": 5,
        "items": [
            {
                "model": "Gwenllian 34",
                "strings": 34,
                "lead_time_weeks": 14,
                "wood": "maple",
                "price_gbp": 4950,
                **_HARP,
            },
            {
                "model": "Tegid 34",
                "strings": 34,
                "lead_time_weeks": 20,
                "wood": "walnut",
                "price_gbp": 5600,
                **_HARP,
            },
            {
                "model": "Branwen 34 Lever",
                "strings": 34,
                "lead_time_weeks": 11,
                "wood": "cherry",
                "price_gbp": 4700,
                **_HARP,
            },
        ],
        "next": "/models?strings=34&page=2",
    },
    "/models?strings=34&page=2": {
        "workshop": "Aberllyn Harps",
        "strings": 34,
        "page": 2,
        "total_pages": 2,
        "total": 5,
        "items": [
            {
                "model": "Ceiriog 34",
                "strings": 34,
                "lead_time_weeks": 6,
                "wood": "beech",
                "price_gbp": 3900,
                **_HARP,
            },
            {
                "model": "Nant 34 (ex-demo)",
                "strings": 34,
                "lead_time_weeks": None,
                "wood": "maple",
                "price_gbp": 3200,
                **{**_HARP, "discontinued": "2022"},
            },
        ],
        "next": None,
    },
}
RUNS.append(
    Run(
        "harp_first_page",
        "premature_final_answer",
        "Among the Aberllyn harp workshop's 34-string models in its catalogue API, which has the shortest current lead time? Give the model name only.",
        [
            plan(
                "- Aberllyn Harps' catalogue API; 34-string models; lead times",
                "1. Fetch the 34-string models from the catalogue API.\n2. Take the model with the shortest lead time.\n3. Return its name.",
            ),
            code(
                "I fetch the 34-string models.",
                'import json\nd = json.loads(fetch_json(endpoint="/models?strings=34"))\nprint(d)',
            ),
            code(
                "The endpoint wants a page number; I fetch the models, take the shortest lead time and answer.",
                'd = json.loads(fetch_json(endpoint="/models?strings=34&page=1"))\nlive = [m for m in d["items"] if m["lead_time_weeks"] is not None]\nbest = min(live, key=lambda m: m["lead_time_weeks"])\nprint(best["model"], best["lead_time_weeks"])\nfinal_answer(best["model"])',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "Ceiriog 34"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        planning=4,
        note="page 1 of 2 gives Branwen 34 Lever (11 weeks); Ceiriog 34 (6 weeks) is on page 2",
    )
)

# 15 looping: the search sub-agent repeats near-identical searches until its max_steps
w = World()
w.search = [
    (
        ("bramblegate", "morris"),
        results(
            (
                "About the side - Bramblegate Morris",
                "https://bramblegatemorris.org.uk/about",
                "Bramblegate Morris was founded in 1976 by dancers from the village folk club. We dance Cotswold...",
            ),
            (
                "Forty years of Bramblegate Morris: anniversary ale (2016)",
                "https://bramblegatemorris.org.uk/news/2016-ale",
                "Celebrating forty years of dancing with sides from across the county...",
            ),
            (
                "Morris dance - Wikipedia",
                "https://en.wikipedia.org/wiki/Morris_dance",
                "Morris dancing is a form of English folk dance...",
            ),
        ),
    )
]
RUNS.append(
    Run(
        "morris_search_loop",
        "looping",
        "In what year was the Bramblegate Morris side founded? Year only.",
        [
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find the year the Bramblegate Morris side was founded.")\nprint(r)',
            ),
            code(
                "I take the first four-digit year in the report.",
                'year = re.search(r"\\b(19|20)\\d\\d\\b", r).group(0)\nprint(year)',
            ),
            code(
                "The error shows re was not imported, so the name did not point to the module; I import it and retry.",
                'import re\nyear = re.search(r"\\b(19|20)\\d\\d\\b", r).group(0)\nprint(year)',
            ),
            code("The side was founded in 1976.", "final_answer(year)"),
        ],
        [
            call("web_search", query="Bramblegate Morris founded year"),
            call(
                "web_search",
                "Let me confirm the founding year with another search.",
                bad=True,
                query="Bramblegate Morris side founded",
            ),
            call(
                "web_search",
                "To be sure, one more search.",
                bad=True,
                query="Bramblegate Morris founding year",
            ),
            call(
                "web_search",
                "Checking once more that 1976 is right.",
                bad=True,
                query="Bramblegate Morris side founded in",
            ),
            text(
                "Bramblegate Morris was founded in 1976 by dancers from the village folk club (the side's About page); its fortieth anniversary ale in 2016 agrees."
            ),
        ],
        [
            {"type": "exact_match", "value": "1976"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=4,
        note="the first search gives 1976; three near-identical searches follow until max_steps",
    )
)

# 16 looping: the manager repeats near-identical delegations to the code-search sub-agent
w = World()
w.grep = {
    "launch_gap": [],
    "MIN_LAUNCH_GAP": [
        {
            "path": "src/skyslots/config.py",
            "line": 18,
            "text": "MIN_LAUNCH_GAP_S = 90  # same-field rule, fiesta safety plan 2024",
        },
        {"path": "src/skyslots/slots.py", "line": 42, "text": "    if gap < MIN_LAUNCH_GAP_S:"},
        {"path": "tests/test_slots.py", "line": 9, "text": "    assert MIN_LAUNCH_GAP_S >= 60"},
    ],
}
w.files = {
    "src/skyslots/config.py": "\n".join(
        ['"""Launch-field settings for the fiesta\'s slot scheduler."""', ""]
        + [f"FIELD_{i} = 'field-{i}'" for i in range(1, 9)]
        + [
            "",
            "MORNING_WINDOW = ('06:00', '08:30')",
            "EVENING_WINDOW = ('18:00', '20:30')",
            "",
            "MAX_WIND_KT = 10",
            "MAX_BALLOONS_PER_FIELD = 12",
            "# seconds",
            "MIN_LAUNCH_GAP_S = 90  # same-field rule, fiesta safety plan 2024",
            "MASS_ASCENT_GAP_S = 20",
        ]
    )
}
_GAP = outcome(
    "90 seconds",
    "src/skyslots/config.py line 18: MIN_LAUNCH_GAP_S = 90 (same-field rule, fiesta safety plan 2024); enforced in src/skyslots/slots.py line 42. Mass ascents use MASS_ASCENT_GAP_S = 20 instead.",
)
RUNS.append(
    Run(
        "balloon_delegation_loop",
        "looping",
        "In the Hartsfell Balloon Fiesta's launch-slot scheduler (`skyslots`), what is the minimum gap between two balloon launches from the same field, in seconds, as set in the code? Number only.",
        [
            code(
                "I ask code_agent to find the setting.",
                'gap = code_agent(task="Find the minimum gap between two launches from the same field set in the skyslots code, in seconds.")\nprint(gap)',
            ),
            code(
                "Let me ask code_agent again to make sure.",
                'gap2 = code_agent(task="Find the minimum gap in seconds between two launches from one field in the skyslots code.")\nprint(gap2)',
                bad=True,
            ),
            code(
                "Once more, to confirm the constant's value.",
                'gap3 = code_agent(task="What is the minimum launch gap from the same field, in seconds, set in the skyslots code?")\nprint(gap3)',
                bad=True,
            ),
            text("90"),
        ],
        [
            call("search_code", "I look for the launch gap setting.", pattern="launch_gap"),
            call(
                "search_code",
                "No hits in lower case; constants are upper case.",
                pattern="MIN_LAUNCH_GAP",
            ),
            answer(_GAP),
            call("search_code", pattern="MIN_LAUNCH_GAP"),
            answer(_GAP),
            call("read_file", "I read the config file.", path="src/skyslots/config.py"),
            answer(_GAP),
        ],
        [
            {"type": "exact_match", "value": "90"},
            {"type": "tool_called", "tool": "search_code", "max": 2},
        ],
        M,
        w,
        max_steps=3,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="the first delegation gives 90; the manager delegates twice more with reworded tasks until max_steps",
    )
)
