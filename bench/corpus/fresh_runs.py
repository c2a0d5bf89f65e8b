# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `fresh` family: scripted replies and the offline world their tools read.

Sixteen runs of the sweep's systems (a smolagents manager CodeAgent with a managed
ToolCallingAgent, or a single CodeAgent on a JSON API or a code search), two per fault of the
taxonomy, each labelled at the LLM call that made the wrong decision (`bad=True` on its
reply). Written in one sweep, without reading the engine's rules; see smolagents_fresh.py.
The world, the tools and the reply helpers are the sweep's (corpus.sweep_runs).
"""

from __future__ import annotations

from corpus.sweep_runs import Run, World, answer, call, code, long_page, plan, results, text

RUNS: list[Run] = []
"""The runs, in the order they were written."""

M, S = "manager", "search_agent"

# 1 misread tool output by the manager in a middle step: it keeps the tributary's length from
# a verbose run summary, then converts it to miles in the last step
w = World()
w.search = [
    (
        ("vessna",),
        results(
            (
                "Vessna - Wikipedia",
                "https://en.wikipedia.org/wiki/Vessna",
                "The Vessna is a river of eastern Lorvania, a right tributary of the Daugel...",
            ),
            (
                "List of rivers of Lorvania",
                "https://en.wikipedia.org/wiki/List_of_rivers_of_Lorvania",
                "Rivers of Lorvania by length and basin area.",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Vessna"] = long_page(
    "Vessna",
    "The Vessna rises in the Kolm Hills and flows north-east to join the Daugel at Tarvo.\n\n"
    "## Course\nThe river is 612 km long and drains a basin of 41,300 km2. Its longest tributary, the Olka, "
    "is 216 km long and joins it at Verin.\n\n## Navigation\nThe lower 180 km are navigable from April to November.",
)
RUNS.append(
    Run(
        "river_manager_keeps_tributary",
        "misread_tool_output",
        "How long is the river Vessna in miles, rounded to the nearest mile? Reply with the number only.",
        [
            plan(
                "- the river Vessna\n- the answer is wanted in miles, rounded",
                "1. Ask search_agent for the length of the Vessna in km.\n2. Convert to miles (1 km = 0.621371 mi).\n3. Round and return the number.",
            ),
            code(
                "I ask search_agent for the length in kilometres.",
                'report = search_agent(task="Find the length of the river Vessna in kilometres.")\nprint(report)',
            ),
            code(
                "The report gives the river as 216 km long; I keep that and convert it.",
                "length_km = 216\nprint(length_km * 0.621371)",
                bad=True,
            ),
            code("I round the miles and answer.", "final_answer(str(round(length_km * 0.621371)))"),
        ],
        [
            call("web_search", query="Vessna river length km"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Vessna"),
            answer(
                "The Vessna is 612 km long and drains a basin of 41,300 km2; its longest tributary, the Olka, is 216 km long (source: Wikipedia)."
            ),
        ],
        [{"type": "exact_match", "value": "380"}],
        M,
        w,
        planning=10,
        summary=True,
        note="report: river 612 km, tributary 216 km; manager keeps 216 and converts it (134 instead of 380)",
    )
)

# 2 misread tool output by a single CodeAgent in a middle step: takes the children's daily
# maximum from a medication label JSON; a code error on the JSON string first
w = World()
w.api = {
    "/labels?q=paracetamol": {
        "query": "paracetamol",
        "results": [
            {
                "id": "paracetamol-500",
                "name": "Paracetamol 500 mg tablets",
                "endpoint": "/labels/paracetamol-500",
            },
            {
                "id": "paracetamol-120-susp",
                "name": "Paracetamol 120 mg/5 ml oral suspension",
                "endpoint": "/labels/paracetamol-120-susp",
            },
        ],
    },
    "/labels/paracetamol-500": {
        "product": "Paracetamol 500 mg tablets",
        "active_substance": "paracetamol",
        "strength_mg": 500,
        "dosage": {
            "children_12_to_15": {"single_dose_mg": 500, "max_daily_mg": 2000, "min_interval_h": 4},
            "adults_and_children_over_16": {
                "single_dose_mg": 1000,
                "max_daily_mg": 4000,
                "min_interval_h": 4,
            },
        },
        "warnings": [
            "Do not take with other products containing paracetamol.",
            "Talk to a doctor if symptoms persist for more than 3 days.",
            "Immediate medical advice should be sought in the event of an overdose, even if you feel well.",
        ]
        * 3,
        "revision": "2023-09",
    },
}
RUNS.append(
    Run(
        "label_api_child_maximum",
        "misread_tool_output",
        "According to the medicines label API, how many 500 mg paracetamol tablets may an adult take at most in 24 hours? Number only.",
        [
            code("I look the product up.", 'print(fetch_json(endpoint="/labels?q=paracetamol"))'),
            code(
                "The tablets are paracetamol-500; I read the dosage.",
                'label = fetch_json(endpoint="/labels/paracetamol-500")\nprint(label["dosage"])',
            ),
            code(
                "The tool returns a JSON string; I parse it first.",
                'import json\nlabel = json.loads(fetch_json(endpoint="/labels/paracetamol-500"))\nprint(label["dosage"])',
            ),
            code(
                "The label gives a maximum of 2000 mg in 24 hours.",
                "max_mg = 2000\nprint(max_mg // label['strength_mg'])",
                bad=True,
            ),
            code(
                "That is the number of tablets.",
                "final_answer(str(max_mg // label['strength_mg']))",
            ),
        ],
        None,
        [{"type": "exact_match", "value": "8"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="adult maximum 4000 mg (8 tablets); the agent takes the 12-15 year olds' 2000 mg (4)",
    )
)

# 3 hallucinated fact in the manager's initial plan: a launch date from memory, the search
# agent never asked
w = World()
w.search = [
    (
        ("tessel",),
        results(
            (
                "Tessel-3 - Wikipedia",
                "https://en.wikipedia.org/wiki/Tessel-3",
                "Tessel-3 is an Earth-observation satellite launched on 7 March 2016 on a Vega rocket from Kourou; its predecessor Tessel-2 went up on 23 June 2015.",
            )
        ),
    )
]
RUNS.append(
    Run(
        "satellite_plan_from_memory",
        "hallucinated_fact",
        "On what date was the Earth-observation satellite Tessel-3 launched? Answer as YYYY-MM-DD.",
        [
            plan(
                "- the satellite: Tessel-3, an Earth-observation satellite\n- from memory: Tessel-3 went up on a Vega rocket from Kourou on 23 June 2015",
                "1. The launch date is known, no search is needed.\n2. Write it as YYYY-MM-DD in code.\n3. Return it.",
                bad=True,
            ),
            code(
                "I format the known launch date.",
                "from datetime import date\nlaunch = date(2015, 6, 23)\nprint(launch.isoformat())",
            ),
            code("The date is in the asked format.", "final_answer(launch.isoformat())"),
        ],
        [],
        [
            {"type": "exact_match", "value": "2016-03-07"},
            {"type": "tool_called", "tool": "web_search", "min": 1},
        ],
        M,
        w,
        planning=10,
        note="the plan takes a date from memory (2015-06-23, Tessel-2's); the search agent is never asked",
    )
)

# 4 hallucinated fact by a single CodeAgent in its last step: the huts API has no altitude and
# the user asked for 'unknown' then; a KeyError seen in the next step first
w = World()
w.api = {
    "/huts?name=Vallon": {
        "results": [{"id": 3312, "name": "Rifugio Vallon", "endpoint": "/huts/3312"}],
        "total": 1,
    },
    "/huts/3312": {
        "id": 3312,
        "name": "Rifugio Vallon",
        "valley": "Val Grisa",
        "altitude_m": None,
        "altitude_note": "survey pending; the previous value was withdrawn in 2022",
        "beds": 42,
        "season": "mid June to mid September",
        "owner": "Alpine club section Grisa",
    },
}
RUNS.append(
    Run(
        "hut_api_altitude_missing",
        "hallucinated_fact",
        "What is the altitude of the Rifugio Vallon in metres according to the mountain huts API? If the API gives none, answer 'unknown'.",
        [
            code(
                "I search the hut by name.",
                'import json\nhits = json.loads(fetch_json(endpoint="/huts?name=Vallon"))\nprint(hits)',
            ),
            code(
                "One hit, id 3312; I read its altitude.",
                'hut = json.loads(fetch_json(endpoint="/huts/3312"))\nprint(hut["altitude"])',
            ),
            code(
                "There is no 'altitude' key; I print the whole record.",
                'hut = json.loads(fetch_json(endpoint="/huts/3312"))\nprint(hut)',
            ),
            code(
                "The altitude field is empty, but huts in Val Grisa sit at about 2,400 m, so the Rifugio Vallon is at 2400 m.",
                'final_answer("2400")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "unknown"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="altitude_m is null (survey pending); the agent answers 2400 from a guess",
    )
)

# 5 ignored tool error by a single CodeAgent in a middle step: the code swallows the API's
# 503 and falls back to a made-up rate; the next step cannot see the error
w = World()
w.api = {
    "/vat/DK?year=2024": {
        "country": "DK",
        "year": 2024,
        "standard_rate_pct": 25.0,
        "reduced_rates_pct": [],
    },
    "/vat/HU?year=2024": {
        "country": "HU",
        "year": 2024,
        "standard_rate_pct": 27.0,
        "reduced_rates_pct": [5.0, 18.0],
    },
}
w.fail[("fetch_json", 1)] = "API error 503: service temporarily unavailable, retry in 30 s"
RUNS.append(
    Run(
        "vat_api_swallowed_503",
        "ignored_tool_error",
        "According to the tax API, by how many percentage points did Hungary's standard VAT rate exceed Denmark's in 2024? Number only.",
        [
            plan(
                "- countries: Hungary (HU) and Denmark (DK)\n- year: 2024",
                "1. Fetch /vat/DK?year=2024 and /vat/HU?year=2024.\n2. Subtract Denmark's standard rate from Hungary's.\n3. Return the difference.",
            ),
            code(
                "Denmark first.",
                'import json\ndk = json.loads(fetch_json(endpoint="/vat/DK?year=2024"))\nprint(dk["standard_rate_pct"])',
            ),
            code(
                "Now Hungary; if the API hiccups I fall back to the usual EU standard rate of 25%.",
                'try:\n    hu = json.loads(fetch_json(endpoint="/vat/HU?year=2024"))["standard_rate_pct"]\nexcept Exception:\n    hu = 25.0\nprint(hu)',
                bad=True,
            ),
            code(
                "Hungary 25.0, Denmark 25.0; I subtract.",
                "final_answer(f\"{hu - dk['standard_rate_pct']:g}\")",
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "2"},
            {"type": "tool_succeeded", "tool": "fetch_json"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        planning=10,
        note="the HU call fails with 503; the code's except branch sets 25.0 and the answer is 0",
    )
)

# 6 ignored tool error by the sub-agent in its last answer: the timetable page returned 503,
# it reports a time from a blog snippet about weekdays as the operator's Sunday time
w = World()
w.search = [
    (
        ("elra", "ferry"),
        results(
            (
                "Elra Ferries - Timetables",
                "https://elraferries.example.com/timetable",
                "Port Elra - Sanda - Holm: timetables valid from 1 June to 31 August...",
            ),
            (
                "Island hopping in the Elra archipelago",
                "https://travelblog.example.net/elra",
                "...the first boat leaves Port Elra at 07:40 on weekdays, so we took it to Sanda...",
            ),
        ),
    )
]
w.pages["https://elraferries.example.com/timetable"] = (
    "# Summer timetable, Port Elra - Sanda\n\n| Day | First | Last |\n|---|---|---|\n| Mon-Fri | 07:40 | 21:10 |\n| Sat | 08:00 | 20:30 |\n| Sun | 08:15 | 19:45 |\n"
)
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://elraferries.example.com/timetable"
)
RUNS.append(
    Run(
        "ferry_sub_ignores_503",
        "ignored_tool_error",
        "What time does the first Sunday ferry leave Port Elra for Sanda in the summer timetable? Answer as HH:MM.",
        [
            code(
                "I delegate the timetable lookup.",
                't = search_agent(task="Find the departure time of the first Sunday ferry from Port Elra to Sanda in the operator\'s summer timetable.")\nprint(t)',
            ),
            code("The agent read the timetable: 07:40.", 'final_answer("07:40")'),
        ],
        [
            call("web_search", query="Port Elra Sanda ferry summer timetable Sunday"),
            call("visit_webpage", url="https://elraferries.example.com/timetable"),
            answer(
                "The first Sunday ferry from Port Elra to Sanda leaves at 07:40 (operator's summer timetable).",
                "I have the timetable; the first departure is at 07:40.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "08:15"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        summary=True,
        note="the timetable page failed with 503; the sub-agent reports the blog's weekday 07:40 as the Sunday time",
    )
)

# 7 wrong tool arguments in the sub-agent's first call: it searches another band's album with
# a similar title; the manager's code fails on the sentence once, then extracts the year
w = World()
w.search = [
    (
        ("marrow lane",),
        results(
            (
                "Marrow Lane (album) - Wikipedia",
                "https://en.wikipedia.org/wiki/Marrow_Lane_(album)",
                "Marrow Lane is the second studio album by The Orchard Kites, released in 2008.",
            )
        ),
    ),
    (
        ("marrow", "lantern fields"),
        results(
            (
                "Marrow (Lantern Fields album) - Wikipedia",
                "https://en.wikipedia.org/wiki/Marrow_(Lantern_Fields_album)",
                "Marrow is the third album by the folk band Lantern Fields, released in 2011.",
            )
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/Marrow_Lane_(album)"] = long_page(
    "Marrow Lane (album)",
    "Marrow Lane is the second studio album by the English indie band The Orchard Kites. It was released on 14 April 2008 on Fenlight Records.",
    6,
)
RUNS.append(
    Run(
        "album_sub_searches_other_title",
        "wrong_tool_arguments",
        "In which year did the folk band Lantern Fields release their album 'Marrow'? Year only.",
        [
            plan(
                "- the band: Lantern Fields\n- the album: 'Marrow'",
                "1. Ask search_agent for the release year of the album.\n2. Extract the year.\n3. Return it.",
            ),
            code(
                "I ask search_agent.",
                "r = search_agent(task=\"Find the release year of the album 'Marrow' by the folk band Lantern Fields.\")\nprint(r)",
            ),
            code("I turn the report into a year.", "year = int(r)\nprint(year)"),
            code(
                "The report is a sentence; I take the four-digit year from it.",
                'import re\nyear = re.search(r"\\b(?:19|20)\\d{2}\\b", r).group(0)\nfinal_answer(year)',
            ),
        ],
        [
            call(
                "web_search",
                "I search for the album's release.",
                bad=True,
                query="Marrow Lane album release year",
            ),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Marrow_Lane_(album)"),
            answer("The album was released on 14 April 2008 (Wikipedia)."),
        ],
        [{"type": "exact_match", "value": "2011"}],
        S,
        w,
        planning=10,
        note="the sub-agent's first search asks for 'Marrow Lane' (another band's album, 2008)",
    )
)

# 8 wrong tool arguments by a single CodeAgent in a middle step: fetches line 14's fares for
# the airport bus, line 41
w = World()
w.api = {
    "/lines": {
        "operator": "Kelby Transit",
        "lines": [
            {"line": "4", "name": "Central Station - University"},
            {"line": "14", "name": "Harbour - Old Town"},
            {"line": "41", "name": "Airport - Central Station"},
            {"line": "44", "name": "Airport - Business Park"},
        ],
    },
    "/fares/line/14": {
        "line": "14",
        "currency": "EUR",
        "adult_single": 2.2,
        "child_single": 1.1,
        "day_pass": 6.5,
    },
    "/fares/line/41": {
        "line": "41",
        "currency": "EUR",
        "adult_single": 3.8,
        "child_single": 1.9,
        "day_pass": 9.0,
    },
}
RUNS.append(
    Run(
        "bus_api_swapped_line",
        "wrong_tool_arguments",
        "How much do two adult single tickets on the airport bus, line 41, cost in EUR according to the transit API? Two decimals, number only.",
        [
            code("I list the lines first.", 'print(fetch_json(endpoint="/lines"))'),
            code(
                "Line 41 is Airport - Central Station; I fetch its fares.",
                'import json\nfares = json.loads(fetch_json(endpoint="/fares/line/14"))\nprint(fares)',
                bad=True,
            ),
            code(
                "An adult single is 2.20 EUR; two of them:",
                "final_answer(f\"{2 * fares['adult_single']:.2f}\")",
            ),
        ],
        None,
        [{"type": "exact_match", "value": "7.60"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the fares endpoint is called for line 14 instead of 41 (4.40 instead of 7.60)",
    )
)

# 9 goal deviation in the manager's delegation: the plan asks for the main span, the task
# given to the search agent asks for the total length; a rate limit the sub-agent retries
w = World()
w.search = [
    (
        ("skarvik", "bridge"),
        results(
            (
                "Skarvik Bridge - Wikipedia",
                "https://en.wikipedia.org/wiki/Skarvik_Bridge",
                "The Skarvik Bridge is a cable-stayed bridge across the Skarvik sound, 1,870 m long in total, with a main span of 530 m.",
            )
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry after 5 seconds"
RUNS.append(
    Run(
        "bridge_delegates_total_length",
        "goal_deviation",
        "What is the length of the main span of the Skarvik Bridge in metres? Number only.",
        [
            plan(
                "- the Skarvik Bridge\n- wanted: its main span, not its total length",
                "1. Ask search_agent for the main span of the Skarvik Bridge.\n2. Return the number without separators.",
            ),
            code(
                "I ask search_agent.",
                's = search_agent(task="Find the total length of the Skarvik Bridge in metres.")\nprint(s)',
                bad=True,
            ),
            code("The bridge is 1,870 m; I drop the separator.", 'final_answer("1870")'),
        ],
        [
            call("web_search", query="Skarvik Bridge total length metres"),
            call(
                "web_search",
                "The search was rate-limited; I retry.",
                query="Skarvik Bridge total length metres",
            ),
            answer("The Skarvik Bridge is 1,870 m long in total (Wikipedia)."),
        ],
        [{"type": "exact_match", "value": "530"}],
        M,
        w,
        planning=10,
        note="plan right, delegation asks for the total length (1,870 m) instead of the main span (530 m)",
    )
)

# 10 goal deviation in the manager's updated plan: switches from the founding year to the
# year of the first public concert
w = World()
w.search = [
    (
        ("aldmoor",),
        results(
            (
                "Aldmoor Philharmonic Orchestra - Wikipedia",
                "https://en.wikipedia.org/wiki/Aldmoor_Philharmonic_Orchestra",
                "The Aldmoor Philharmonic Orchestra is a symphony orchestra based in Aldmoor...",
            )
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Aldmoor_Philharmonic_Orchestra"] = long_page(
    "Aldmoor Philharmonic Orchestra",
    "The Aldmoor Philharmonic Orchestra was founded in 1891 by the merchant Jonas Velt. It gave its first public "
    "concert in 1893 and moved to Corran Hall in 1934.\n\n## Music directors\n- 1891-1902 Anton Serle\n- 1902-1921 Hedda Moll",
    8,
)
RUNS.append(
    Run(
        "orchestra_replan_first_concert",
        "goal_deviation",
        "In which year was the Aldmoor Philharmonic Orchestra founded? Year only.",
        [
            plan(
                "- the Aldmoor Philharmonic Orchestra",
                "1. Ask search_agent for the founding year.\n2. Return the year.",
            ),
            code(
                "I ask search_agent.",
                'r = search_agent(task="Find the year the Aldmoor Philharmonic Orchestra was founded.")\nprint(r)',
            ),
            code(
                "The report has several years; I list them.",
                'import re\nprint(re.findall(r"\\b1[89]\\d{2}\\b", r))',
            ),
            text(
                "## 1. Updated facts survey\n- The orchestra was founded in 1891 and gave its first public concert in 1893.\n"
                "## 2. Plan\n1. An orchestra really starts when it first plays for an audience; take the first public concert, 1893.\n2. Return it.\n<end_plan>",
                bad=True,
            ),
            code("Following the plan.", 'final_answer("1893")'),
        ],
        [
            call("web_search", query="Aldmoor Philharmonic Orchestra founded"),
            call(
                "visit_webpage", url="https://en.wikipedia.org/wiki/Aldmoor_Philharmonic_Orchestra"
            ),
            answer(
                "The Aldmoor Philharmonic Orchestra was founded in 1891; it gave its first public concert in 1893 and has played at Corran Hall since 1934."
            ),
        ],
        [{"type": "exact_match", "value": "1891"}],
        M,
        w,
        planning=2,
        note="the updated plan answers the first public concert (1893) instead of the founding (1891)",
    )
)

# 11 wrong format in the manager's final answer: a sentence instead of the four-digit year,
# after a date parse that fails; the sub-agent hits a dead link first
w = World()
w.search = [
    (
        ("velsen", "museum"),
        results(
            (
                "Velsen Harbour Museum - official site",
                "https://velsenmuseum.example.org/about",
                "About the museum: history, the customs house, visiting.",
            ),
            (
                "Velsen Harbour Museum - Wikipedia",
                "https://en.wikipedia.org/wiki/Velsen_Harbour_Museum",
                "The Velsen Harbour Museum is a maritime museum in Velsen...",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Velsen_Harbour_Museum"] = long_page(
    "Velsen Harbour Museum",
    "The Velsen Harbour Museum is a maritime museum in the former customs house of Velsen. The collection was begun "
    "in 1904 by the harbour master; the museum opened to the public on 3 May 1931.",
    10,
)
RUNS.append(
    Run(
        "museum_manager_sentence",
        "wrong_format",
        "In what year did the Velsen Harbour Museum open to the public? Reply with a four-digit year and nothing else.",
        [
            code(
                "I delegate the search.",
                'r = search_agent(task="Find the date the Velsen Harbour Museum opened to the public.")\nprint(r)',
            ),
            code(
                "I parse the date out of the report.",
                'from datetime import datetime\nopened = datetime.strptime(r, "%d %B %Y")\nprint(opened.year)',
            ),
            code(
                "The report is a sentence and does not parse; it says the museum opened on 3 May 1931.",
                'final_answer("The museum opened to the public on 3 May 1931.")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Velsen Harbour Museum opened to the public"),
            call("visit_webpage", url="https://velsenmuseum.example.org/about"),
            call(
                "visit_webpage",
                "The official page is gone; I try Wikipedia.",
                url="https://en.wikipedia.org/wiki/Velsen_Harbour_Museum",
            ),
            answer(
                "The Velsen Harbour Museum opened to the public on 3 May 1931; its collection dates from 1904."
            ),
        ],
        [
            {"type": "regex", "value": r"^\d{4}$"},
            {"type": "contains", "value": "1931"},
        ],
        M,
        w,
        note="the year is right (1931) but the answer is a sentence",
    )
)

# 12 wrong format by a single CodeAgent in its last step: returns the Python list instead of
# comma-separated integers; a KeyError seen and fixed first
w = World()
w.api = {
    "/airports/EKVL/runways": {
        "icao": "EKVL",
        "name": "Vellund Airport",
        "runways": [
            {"designator": "09/27", "length_m": 2800, "width_m": 45, "surface": "asphalt"},
            {"designator": "04/22", "length_m": 3300, "width_m": 45, "surface": "asphalt"},
            {"designator": "13/31", "length_m": 1200, "width_m": 30, "surface": "grass"},
        ],
        "updated": "2024-02-14",
    }
}
RUNS.append(
    Run(
        "runway_api_python_list",
        "wrong_format",
        "Using the airport API, list the lengths of all runways at EKVL in metres, longest first, as comma-separated integers without spaces (for example 3000,2500).",
        [
            code(
                "I fetch the runways and sort their lengths.",
                'import json\nd = json.loads(fetch_json(endpoint="/airports/EKVL/runways"))\nlengths = sorted([r["length"] for r in d["runways"]], reverse=True)\nprint(lengths)',
            ),
            code(
                "The key is length_m.",
                'import json\nd = json.loads(fetch_json(endpoint="/airports/EKVL/runways"))\nlengths = sorted([r["length_m"] for r in d["runways"]], reverse=True)\nprint(lengths)',
            ),
            code(
                "I have the sorted lengths; I return them.", "final_answer(str(lengths))", bad=True
            ),
        ],
        None,
        [
            {"type": "regex", "value": r"^\d+(,\d+)*$"},
            {"type": "exact_match", "value": "3300,2800,1200"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="right lengths, returned as '[3300, 2800, 1200]'",
    )
)

# 13 premature final answer by the sub-agent in its last answer: its own plan says to open the
# report for the playoff; it answers from the snippet that only says two players tied
w = World()
w.search = [
    (
        ("nordvik", "chess"),
        results(
            (
                "1987 Nordvik Chess Championship - Wikipedia",
                "https://en.wikipedia.org/wiki/1987_Nordvik_Chess_Championship",
                "After nine rounds Petra Lind and Ansgar Holm finished level on 6½ points; a rapid playoff decided the title...",
            ),
            (
                "Nordvik Chess Club - history",
                "https://nordvikchess.example.org/history",
                "Founded in 1921, the club has hosted the national championship eleven times.",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/1987_Nordvik_Chess_Championship"] = long_page(
    "1987 Nordvik Chess Championship",
    "| Rank | Player | Points |\n|---|---|---|\n| 1-2 | Petra Lind | 6½ |\n| 1-2 | Ansgar Holm | 6½ |\n| 3 | Ivo Brandt | 6 |\n\n"
    "## Playoff\nHolm won the rapid playoff 1½-½ and became champion.",
    5,
)
RUNS.append(
    Run(
        "chess_sub_stops_at_tie",
        "premature_final_answer",
        "Who won the 1987 Nordvik Chess Championship? Give the player's name only.",
        [
            code(
                "I ask search_agent.",
                'w = search_agent(task="Find who won the 1987 Nordvik Chess Championship, including any playoff.")\nprint(w)',
            ),
            code("The agent names the champion.", 'final_answer("Petra Lind")'),
        ],
        [
            text(
                "1. Search for the 1987 Nordvik Chess Championship.\n2. Open the report and read who took the title, including any playoff.\n3. Report the champion.\n<end_plan>"
            ),
            call("web_search", query="1987 Nordvik Chess Championship winner"),
            answer(
                "Petra Lind won the 1987 Nordvik Chess Championship with 6½/9.",
                "The snippet lists Petra Lind first on 6½ points, so she is the champion; no need to open the report.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "Ansgar Holm"}],
        S,
        w,
        sub_planning=5,
        note="snippet: Lind and Holm tied, a playoff decided; the sub-agent answers Lind without opening the page",
    )
)

# 14 premature final answer by a single CodeAgent (code search): its plan says to read the
# function's body for the warning; it answers from the match list; a code error first
w = World()
w.grep = {
    "open_sheet": [
        {"path": "docs/migration.md", "line": 12, "text": "## open_sheet"},
        {
            "path": "src/tidyio/sheets.py",
            "line": 58,
            "text": "def open_sheet(path, *, header=True):",
        },
        {"path": "src/tidyio/sheets.py", "line": 72, "text": "def open_sheet_lazy(path):"},
        {
            "path": "tests/test_sheets.py",
            "line": 30,
            "text": "        open_sheet(tmp_path / 'book.xlsx')",
        },
    ]
}
w.files = {
    "src/tidyio/sheets.py": "\n".join(
        ["from __future__ import annotations", "", "from tidyio._compat import deprecated", ""]
        + [f"# helper {i}" for i in range(52)]
        + [
            '@deprecated(use="load_sheet", removal="3.0")',
            "def open_sheet(path, *, header=True):",
            '    """Open a sheet; kept for backwards compatibility."""',
            "    return load_sheet(path, header=header)",
            "",
            "",
            "def load_sheet(path, *, header=True):",
            '    """Read a sheet from an .xlsx or .ods file."""',
            "    return _read(path, header=header)",
            "",
            "",
            "class _LazySheet:",
            "    def __init__(self, path):",
            "        self.path = path",
            "",
            "def open_sheet_lazy(path):",
            "    return _LazySheet(path)",
        ]
    ),
    "src/tidyio/_compat.py": 'import functools\nimport warnings\n\n\ndef deprecated(use, removal):\n    def wrap(func):\n        @functools.wraps(func)\n        def inner(*args, **kwargs):\n            warnings.warn(\n                f"{func.__name__} is deprecated and will be removed in {removal}; call {use} instead",\n                DeprecationWarning,\n                stacklevel=2,\n            )\n            return func(*args, **kwargs)\n        return inner\n    return wrap\n',
}
RUNS.append(
    Run(
        "repo_deprecated_guess_from_matches",
        "premature_final_answer",
        "tidyio emits 'DeprecationWarning: open_sheet is deprecated'. Which function does the warning tell users to call instead? Answer with the function name only.",
        [
            plan(
                "- the deprecated function: open_sheet (tidyio)",
                "1. Find where open_sheet is defined.\n2. Read its body for the warning message.\n3. Return the function the message names.",
            ),
            code(
                "I search for open_sheet.",
                'hits = search_code(pattern="open_sheet")\nprint(hits["matches"])',
            ),
            code(
                "search_code returns a JSON string; I parse it.",
                'import json\nhits = json.loads(search_code(pattern="open_sheet"))\nfor m in hits["matches"]:\n    print(m["path"], m["line"], m["text"])',
            ),
            code(
                "open_sheet_lazy is defined right after open_sheet in sheets.py; it must be the replacement.",
                'final_answer("open_sheet_lazy")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "load_sheet"},
            {"type": "tool_called", "tool": "read_file", "min": 1},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        planning=10,
        note="the agent answers from the match list before reading the warning (load_sheet)",
    )
)

# 15 looping by the sub-agent in middle calls: it re-opens the same page twice more
w = World()
w.search = [
    (
        ("grenholm",),
        results(
            (
                "Grenholm Lighthouse - Wikipedia",
                "https://en.wikipedia.org/wiki/Grenholm_Lighthouse",
                "Grenholm Lighthouse is an active lighthouse on the island of Grenholm...",
            )
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Grenholm_Lighthouse"] = long_page(
    "Grenholm Lighthouse",
    "Grenholm Lighthouse was first lit in 1872. The cast-iron tower is 32 m tall; its light stands 41 m above sea level "
    "and has a range of 18 nautical miles.",
    7,
)
RUNS.append(
    Run(
        "lighthouse_sub_reopens_page",
        "looping",
        "How tall is the Grenholm lighthouse tower, in metres? Number only.",
        [
            code(
                "I ask search_agent.",
                'h = search_agent(task="Find the height of the Grenholm lighthouse tower in metres.")\nprint(h)',
            ),
            code("The tower is 32 m tall.", 'final_answer("32")'),
        ],
        [
            call("web_search", query="Grenholm lighthouse tower height"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Grenholm_Lighthouse"),
            call(
                "visit_webpage",
                "Let me read the page again to make sure the height is right.",
                bad=True,
                url="https://en.wikipedia.org/wiki/Grenholm_Lighthouse",
            ),
            call(
                "visit_webpage",
                "I open it once more to confirm the tower height.",
                bad=True,
                url="https://en.wikipedia.org/wiki/Grenholm_Lighthouse",
            ),
            answer(
                "The Grenholm lighthouse tower is 32 m tall; its light is 41 m above sea level."
            ),
        ],
        [
            {"type": "contains", "value": "32"},
            {"type": "tool_called", "tool": "visit_webpage", "max": 1},
        ],
        S,
        w,
        note="the same page is opened three times",
    )
)

# 16 looping by a single CodeAgent: re-fetches the same endpoint step after step until
# max_steps is reached; the forced final answer is right
w = World()
w.api = {
    "/punctuality/rhenwald-regional?month=2024-03": {
        "operator": "Rhenwald Regional",
        "month": "2024-03",
        "trains_run": 18240,
        "on_time": 16598,
        "on_time_pct": 91.0,
        "definition": "arrival within 5 min 59 s of the timetable",
        "cancelled_excluded": True,
    }
}
RUNS.append(
    Run(
        "rail_api_refetch_loop",
        "looping",
        "What share of Rhenwald Regional trains ran on time in March 2024 according to the rail API? Percentage with one decimal, number only.",
        [
            code(
                "I fetch March 2024.",
                'import json\nd = json.loads(fetch_json(endpoint="/punctuality/rhenwald-regional?month=2024-03"))\nprint(d["on_time_pct"])',
            ),
            code(
                "Let me fetch it again to be sure the figure is current.",
                'import json\nd = json.loads(fetch_json(endpoint="/punctuality/rhenwald-regional?month=2024-03"))\nprint(d["on_time_pct"])',
                bad=True,
            ),
            code(
                "The API may cache; I fetch once more.",
                'import json\nd = json.loads(fetch_json(endpoint="/punctuality/rhenwald-regional?month=2024-03"))\nprint(d["on_time_pct"])',
                bad=True,
            ),
            code(
                "Once more, to be certain.",
                'import json\nd = json.loads(fetch_json(endpoint="/punctuality/rhenwald-regional?month=2024-03"))\nprint(d["on_time_pct"])',
                bad=True,
            ),
            text("91.0"),
        ],
        None,
        [
            {"type": "exact_match", "value": "91.0"},
            {"type": "tool_called", "tool": "fetch_json", "max": 2},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        max_steps=4,
        note="the same endpoint fetched four times; max_steps reached, forced answer 91.0",
    )
)
