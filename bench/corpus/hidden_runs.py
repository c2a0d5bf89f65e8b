# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `hidden` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent, or of a single
CodeAgent on the JSON API or the code search, two per fault of the taxonomy, each with one
decisive fault labelled at the LLM call that decided it (`bad=True` on its reply). Written in
one sweep without reading blame's rules, the other held-out families' runs or any score; see
smolagents_hidden.py. The systems, the tools, the reply helpers and `Run` are those of the
sweep family (corpus/sweep_runs.py).
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
    long_page,
    outcome,
    plan,
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written."""


# 1 misread_tool_output, the sub-agent's middle call (3rd of 5): the timetable lists three
# crossings one under the other; the sub-agent's thought before a check of the winter timetable
# takes the return crossing's 40 minutes for the outbound 35, and its report and the manager
# carry it on.
w = World()
w.search = [
    (
        ("skerrow", "winter"),
        results(
            (
                "Skerrow Lines - winter timetable",
                "https://skerrowlines.example.com/winter",
                "Reduced winter service on all Skerrow Sound routes, November to March.",
            ),
            (
                "Storm cancellations - Skerrow Lines service updates",
                "https://skerrowlines.example.com/status",
                "Live service status. Sailings may be cancelled at short notice in winter gales.",
            ),
        ),
    ),
    (
        ("skerrow",),
        results(
            (
                "Timetable - Skerrow Lines",
                "https://skerrowlines.example.com/timetable",
                "Summer timetable for all Skerrow Sound routes: departures, arrivals and crossing times.",
            ),
            (
                "Island hopping on Skerrow Sound",
                "https://travel.example.net/skerrow-ferry",
                "A short crossing with seals and gannets on the way, and good coffee on board...",
            ),
            (
                "Skerrow Lines - winter timetable",
                "https://skerrowlines.example.com/winter",
                "Reduced winter service on all Skerrow Sound routes, November to March.",
            ),
        ),
    ),
]
w.pages["https://skerrowlines.example.com/timetable"] = (
    "# Skerrow Lines - Summer timetable (April to October)\n\n"
    "All crossings are operated by MV Corra (220 passengers, 34 cars) and MV Brae (120 passengers, 16 cars).\n\n"
    "## Crossings\n\n"
    "| Route | Vessel | First departure | Last departure | Crossing time |\n"
    "|---|---|---|---|---|\n"
    "| Halbeck -> Tollan Isle | MV Brae | 07:10 | 18:40 | 50 min |\n"
    "| Halbeck -> Innisvar | MV Corra | 07:40 | 19:15 | 35 min |\n"
    "| Innisvar -> Halbeck | MV Corra | 08:30 | 20:05 | 40 min (against the tidal stream) |\n"
    "| Tollan Isle -> Innisvar | MV Brae | 09:00 | 17:30 | 25 min |\n\n"
    "## Fares\n\nAdult single 7.40; child single 3.70; car and driver 31.00; bicycle free.\n\n"
    "## Notes\n\nCheck-in closes 10 minutes before departure. Vehicles must be booked in advance in July and August."
)
w.pages["https://skerrowlines.example.com/winter"] = (
    "# Skerrow Lines - Winter timetable (November to March)\n\n"
    "Two sailings a day each way on every route, operated by MV Corra while MV Brae is in dry dock. "
    "Crossing times are the same as in the summer timetable. Sailings in gales over force 8 are cancelled; "
    "see the service status page."
)
RUNS.append(
    Run(
        "ferry_return_row",
        "misread_tool_output",
        "According to the operator's timetable, how many minutes does the Skerrow Sound ferry crossing from Halbeck to Innisvar take? Reply with the number only.",
        [
            code(
                "I'll have search_agent look up the operator's timetable.",
                'r = search_agent(task="Find the crossing time, in minutes, of the Skerrow Sound ferry from Halbeck to Innisvar, as given in the ferry operator\'s timetable.")\nprint(r)',
            ),
            code(
                "Let me pull the number of minutes out of the report.",
                'import re\nm = re.search(r"(\\d+) minutes", r)\nprint(m.group(1))',
            ),
            code("That is the crossing time.", 'final_answer("40")'),
        ],
        [
            call("web_search", query="Skerrow Sound ferry Halbeck Innisvar crossing time"),
            call("visit_webpage", url="https://skerrowlines.example.com/timetable"),
            call(
                "web_search",
                "The summer timetable has the Halbeck to Innisvar crossing at 40 minutes. Before reporting, I check whether the winter timetable changes it.",
                bad=True,
                query="Skerrow Lines winter timetable Halbeck Innisvar",
            ),
            call("visit_webpage", url="https://skerrowlines.example.com/winter"),
            answer(
                outcome(
                    "The Skerrow Sound ferry crossing from Halbeck to Innisvar takes 40 minutes.",
                    "Skerrow Lines' summer timetable (April to October) lists the Halbeck to Innisvar crossing, operated by MV Corra, at 40 minutes. The winter timetable (November to March) runs two sailings a day each way and states that crossing times are the same as in summer.",
                    "Sources: https://skerrowlines.example.com/timetable and https://skerrowlines.example.com/winter",
                )
            ),
        ],
        [{"type": "exact_match", "value": "35"}],
        S,
        w,
        note="timetable: Halbeck->Innisvar 35 min, the next row Innisvar->Halbeck 40 min; the sub-agent's third call states 40",
    )
)

# 2 misread_tool_output, a single agent's middle step that computes: the facility JSON gives
# the dish diameter as 82 with the unit "ft" in a neighbouring field; the agent computes the
# collecting area as if it were 82 m. An early rate limit is retried first.
w = World()
w.api = {
    "/facilities/corrowan-array": {
        "id": "FAC-0931",
        "name": "Corrowan Array",
        "type": "radio telescope array",
        "operator": "Corrowan Radio Observatory Trust",
        "location": {"region": "Corrowan Moor", "lat": 55.412, "lon": -4.087, "altitude_m": 312},
        "commissioned": 1987,
        "dishes": 12,
        "dish": {
            "diameter": 82,
            "diameter_unit": "ft",
            "mount": "alt-azimuth",
            "surface_rms_mm": 0.45,
            "receivers": ["L-band", "C-band", "X-band"],
        },
        "longest_baseline_km": 4.6,
        "frequency_range_ghz": [1.2, 12.0],
        "staff": 41,
        "visitor_centre": {"open": True, "annual_visitors": 18650},
        "last_updated": "2025-06-30",
    }
}
w.fail[("fetch_json", 0)] = "429 Too Many Requests: API quota exceeded, retry in 5 seconds"
RUNS.append(
    Run(
        "array_feet_as_metres",
        "misread_tool_output",
        "Using the statistics API, what is the total collecting area of all the dishes of the Corrowan Array, in square metres? Round to the nearest whole number and reply with the number only.",
        [
            code(
                "I start by getting the facility record from the API.",
                'print(fetch_json(endpoint="/facilities/corrowan-array"))',
            ),
            code(
                "The API rate-limited me. I try the same call again.",
                'import json\nfac = json.loads(fetch_json(endpoint="/facilities/corrowan-array"))\nprint(fac["dishes"], fac["dish"])',
            ),
            code(
                "There are 12 dishes, each 82 across. The collecting area of one dish is pi * (d/2)^2; I sum over the dishes.",
                "import math\nn = 12\nd = 82\ntotal = n * math.pi * (d / 2) ** 2\nprint(round(total))",
                bad=True,
            ),
            code("The total area is computed.", "final_answer(str(round(total)))"),
        ],
        None,
        [{"type": "exact_match", "value": "5887"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="diameter 82 ft (24.99 m): 12 dishes give 5887 m2; the agent takes 82 m and answers 63372",
    )
)

# 3 hallucinated_fact, the manager's initial plan: the plan states the orchestra's founding
# year (1908) as a given fact; only the move into the hall is delegated, and the manager
# subtracts the invented year. The page the sub-agent reads says 1912.
w = World()
w.search = [
    (
        ("velden", "aschau"),
        results(
            (
                "Velden Philharmonic - Wikipedia",
                "https://en.wikipedia.org/wiki/Velden_Philharmonic",
                "The Velden Philharmonic is a symphony orchestra based in Velden. Since 1954 its home has been the Aschau Hall...",
            ),
            (
                "Aschau Hall - concerts and tickets",
                "https://aschauhall.example.de/en/tickets",
                "Buy tickets for concerts at the Aschau Hall. Season 2025/26 now on sale.",
            ),
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/Velden_Philharmonic"] = long_page(
    "Velden Philharmonic",
    "The Velden Philharmonic is a symphony orchestra based in Velden.\n\n## History\n"
    "The orchestra was founded in 1912 by the conductor Konrad Heil, who led it until 1931. "
    "Its first home, the Kurhaus concert room, burnt down in 1944. After the war the orchestra played in the Stadttheater "
    "until it moved into the newly built Aschau Hall in 1954; the hall, designed by Ilse Prandtner, seats 1,640.\n\n"
    "## Chief conductors\n- Konrad Heil (1912-1931)\n- Walter Amsel (1931-1958)\n- Ruth Benzing (1958-1979)",
    8,
)
RUNS.append(
    Run(
        "orchestra_plan_founding",
        "hallucinated_fact",
        "How many years after the Velden Philharmonic was founded did it move into the Aschau Hall? Reply with the number only.",
        [
            plan(
                "- The Velden Philharmonic was founded in 1908 by the conductor Konrad Heil.\n- The year it moved into the Aschau Hall is to be found.",
                "1. Ask search_agent for the year the Velden Philharmonic moved into the Aschau Hall.\n2. Subtract the founding year, 1908.\n3. Return the difference.",
                bad=True,
            ),
            code(
                "Following the plan, I delegate the hall move.",
                'move = search_agent(task="Find the year the Velden Philharmonic orchestra moved into the Aschau Hall.")\nprint(move)',
            ),
            code(
                "The move was in 1954. I subtract the founding year.",
                "years = 1954 - 1908\nprint(years)",
            ),
            code("Done.", "final_answer(str(years))"),
        ],
        [
            call("web_search", query="Velden Philharmonic Aschau Hall move year"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Velden_Philharmonic"),
            answer(
                outcome(
                    "The Velden Philharmonic moved into the Aschau Hall in 1954.",
                    "According to Wikipedia, the orchestra lost its first home (the Kurhaus concert room) in a fire in 1944, played in the Stadttheater after the war, and moved into the newly built Aschau Hall in 1954. The hall was designed by Ilse Prandtner and seats 1,640.",
                    "Source: https://en.wikipedia.org/wiki/Velden_Philharmonic",
                )
            ),
        ],
        [{"type": "exact_match", "value": "42"}],
        M,
        w,
        planning=5,
        note="the plan asserts founded 1908; the page says 1912; 1954 - 1908 = 46 instead of 42",
    )
)

# 4 hallucinated_fact, a single agent's middle step (3rd of 4): the 2020 record has no
# figure (withdrawn, with a pointer to the revised record); the agent supplies a 2020 output of
# its own and averages it with the two real years.
w = World()
w.api = {
    "/mines/dunmarrow/output?year=2019": {
        "mine": "Dunmarrow",
        "operator": "Dunmarrow Salt Ltd",
        "year": 2019,
        "rock_salt_t": 412300,
        "white_salt_t": 61200,
        "brine_m3": 88000,
        "employees": 164,
        "status": "final",
    },
    "/mines/dunmarrow/output?year=2020": {
        "mine": "Dunmarrow",
        "operator": "Dunmarrow Salt Ltd",
        "year": 2020,
        "rock_salt_t": None,
        "white_salt_t": None,
        "brine_m3": 71500,
        "employees": 158,
        "status": "provisional figures withdrawn",
        "revised": "/mines/dunmarrow/output?year=2020&revision=2",
    },
    "/mines/dunmarrow/output?year=2020&revision=2": {
        "mine": "Dunmarrow",
        "operator": "Dunmarrow Salt Ltd",
        "year": 2020,
        "rock_salt_t": 301750,
        "white_salt_t": 48900,
        "brine_m3": 71500,
        "employees": 158,
        "status": "final (revision 2)",
        "remark": "Underground working suspended April to July 2020.",
    },
    "/mines/dunmarrow/output?year=2021": {
        "mine": "Dunmarrow",
        "operator": "Dunmarrow Salt Ltd",
        "year": 2021,
        "rock_salt_t": 436900,
        "white_salt_t": 63350,
        "brine_m3": 90400,
        "employees": 171,
        "status": "final",
    },
}
RUNS.append(
    Run(
        "saltmine_missing_year",
        "hallucinated_fact",
        "According to the statistics API, what was the mean annual rock-salt output of the Dunmarrow mine over 2019-2021, in tonnes? Round to the nearest tonne and reply with the number only.",
        [
            code(
                "I gather the rock-salt output for the three years.",
                'import json\nout = {y: json.loads(fetch_json(endpoint=f"/mines/dunmarrow/output?year={y}"))["rock_salt_t"] for y in (2019, 2020, 2021)}\nprint(out)',
            ),
            code(
                "2020 came back empty. Let me see the full 2020 record.",
                'print(fetch_json(endpoint="/mines/dunmarrow/output?year=2020"))',
            ),
            code(
                "The record for 2020 carries no figure. Dunmarrow produced 398,000 t of rock salt in 2020, close to its usual level, so I use that with the two API years.",
                "vals = [out[2019], 398000, out[2021]]\nmean = round(sum(vals) / len(vals))\nprint(mean)",
                bad=True,
            ),
            code("That is the mean over the three years.", "final_answer(str(mean))"),
        ],
        None,
        [{"type": "exact_match", "value": "383650"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="2020 figure withdrawn, revision 2 gives 301,750 t; the agent states 398,000 t and answers 415733",
    )
)

# 5 ignored_tool_error, the sub-agent's last call: a rate-limited search is retried, the
# archived link is dead, the museum's catalogue page times out; the sub-agent's final answer
# gives a mass it never read.
w = World()
w.search = [
    (
        ("tarrack",),
        results(
            (
                "Tarrack Fell meteorite - Northmere Museum collections",
                "https://collections.northmere-museum.example.org/objects/MIN-1187",
                "Catalogue entry MIN-1187: Tarrack Fell, ordinary chondrite (L6), fell 1893. Main mass on display in the Earth gallery.",
            ),
            (
                "The Tarrack Fell fall of 1893 (archived)",
                "https://web.archive.example.org/2009/tarrackfell.html",
                "Eyewitness accounts of the 1893 fireball over Tarrack Fell...",
            ),
            (
                "Meteorite hunters find fragments on Tarrack Fell",
                "https://news.example.co.uk/tarrack-fragments",
                "Amateurs recovered 14 small fragments totalling 3.4 kg in 2021.",
            ),
        ),
    ),
]
w.pages["https://collections.northmere-museum.example.org/objects/MIN-1187"] = (
    "# MIN-1187 Tarrack Fell\n\nClassification: ordinary chondrite, L6. Fall: 11 September 1893.\n"
    "Main mass: 18.2 kg (on display, Earth gallery). Other pieces held: 6 (total 2.9 kg)."
)
w.fail[("web_search", 0)] = (
    "429 Too Many Requests: rate limit reached for this API key, retry later"
)
w.fail[("visit_webpage", 1)] = (
    "ReadTimeout: HTTPSConnectionPool(host='collections.northmere-museum.example.org', port=443): Read timed out. (read timeout=20)"
)
RUNS.append(
    Run(
        "meteorite_timeout_mass",
        "ignored_tool_error",
        "What is the mass of the main mass of the Tarrack Fell meteorite, in kilograms, as given by the museum that holds it? Reply with the number only.",
        [
            code(
                "search_agent can find the museum's record.",
                'rep = search_agent(task="Find the mass in kg of the main mass of the Tarrack Fell meteorite, as given in the catalogue of the museum that holds it.")\nprint(rep)',
            ),
            code("The report gives the mass.", 'final_answer("21.6")'),
        ],
        [
            call("web_search", query="Tarrack Fell meteorite main mass kg museum"),
            call(
                "web_search",
                "The search was rate-limited; trying again.",
                query="Tarrack Fell meteorite main mass kg museum",
            ),
            call("visit_webpage", url="https://web.archive.example.org/2009/tarrackfell.html"),
            call(
                "visit_webpage",
                url="https://collections.northmere-museum.example.org/objects/MIN-1187",
            ),
            answer(
                outcome(
                    "The main mass of the Tarrack Fell meteorite weighs 21.6 kg.",
                    "The Tarrack Fell meteorite, an L6 ordinary chondrite that fell in 1893, is held by the Northmere Museum (catalogue entry MIN-1187). Its main mass, 21.6 kg, is on display in the museum's Earth gallery. Separately, amateurs recovered 14 small fragments totalling 3.4 kg on the fell in 2021.",
                    "Museum catalogue: https://collections.northmere-museum.example.org/objects/MIN-1187",
                ),
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "18.2"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        note="first search 429 retried; archive 404; catalogue page times out; the sub-agent reports 21.6 kg (page: 18.2 kg)",
    )
)

# 6 ignored_tool_error, the manager's middle step (4th of 5): the 2023 API call times out
# after the 2022 one succeeded, so `data` still holds 2022; the next step reads it as 2023. The
# sub-agent had mentioned the 2023 figure early on.
w = World()
w.search = [
    (
        ("port averly",),
        results(
            (
                "Port Averly desalination plant - open data",
                "https://data.averly-water.example.com/plants",
                "Open data for our plants. Port Averly reverse-osmosis plant: statistics API id PA-DS-03.",
            ),
            (
                "Port Averly plant passes output milestone",
                "https://averly-water.example.com/news/2024-02",
                "In 2023 the plant averaged 44,950 m3 of drinking water a day...",
            ),
        ),
    ),
]
w.pages["https://data.averly-water.example.com/plants"] = (
    "# Open data - plants\n\n| Plant | Technology | Statistics API id |\n|---|---|---|\n"
    "| Port Averly | reverse osmosis | PA-DS-03 |\n| Kelham Bay | reverse osmosis | KB-DS-01 |\n| Averly North | thermal (MED) | AN-DS-02 |\n\n"
    "Endpoints: /plants/{id}/output?year=YYYY returns yearly averages."
)
w.api = {
    "/plants/PA-DS-03/output?year=2022": {
        "id": "PA-DS-03",
        "plant": "Port Averly",
        "year": 2022,
        "avg_m3_per_day": 41200,
        "peak_m3_per_day": 52800,
        "energy_kwh_per_m3": 3.4,
        "recovery_rate": 0.44,
        "downtime_days": 11,
    },
    "/plants/PA-DS-03/output?year=2023": {
        "id": "PA-DS-03",
        "plant": "Port Averly",
        "year": 2023,
        "avg_m3_per_day": 44950,
        "peak_m3_per_day": 55100,
        "energy_kwh_per_m3": 3.2,
        "recovery_rate": 0.46,
        "downtime_days": 6,
    },
}
w.fail[("fetch_json", 1)] = (
    "504 Gateway Timeout: the statistics service did not answer in time (upstream: plants-db)"
)
RUNS.append(
    Run(
        "desal_stale_variable",
        "ignored_tool_error",
        "By how many cubic metres per day did the average output of the Port Averly desalination plant rise from 2022 to 2023, according to the statistics API? Reply with the number only.",
        [
            code(
                "I need the plant's API id first; search_agent can find it.",
                'pid = search_agent(task="Find the statistics API identifier of the Port Averly desalination plant.")\nprint(pid)',
            ),
            code(
                "The id is PA-DS-03. I read the 2022 average.",
                'import json\ndata = json.loads(fetch_json(endpoint="/plants/PA-DS-03/output?year=2022"))\nprint(data["avg_m3_per_day"])',
            ),
            code(
                "Now 2023.",
                'out22 = data["avg_m3_per_day"]\ndata = json.loads(fetch_json(endpoint="/plants/PA-DS-03/output?year=2023"))\nprint(data["avg_m3_per_day"])',
            ),
            code(
                "I have the 2022 average in out22 and the latest record in data; I take the difference.",
                'out23 = data["avg_m3_per_day"]\nrise = out23 - out22\nprint(out22, out23, rise)',
                bad=True,
            ),
            code(
                "The average output did not change between the two years.",
                "final_answer(str(rise))",
            ),
        ],
        [
            call("web_search", query="Port Averly desalination plant statistics API id"),
            call("visit_webpage", url="https://data.averly-water.example.com/plants"),
            answer(
                outcome(
                    "The Port Averly desalination plant's statistics API id is PA-DS-03.",
                    "The water company's open-data page lists Port Averly (reverse osmosis) with API id PA-DS-03; yearly averages are at /plants/{id}/output?year=YYYY. A company news item says the plant averaged 44,950 m3 of drinking water a day in 2023.",
                    "Source: https://data.averly-water.example.com/plants",
                )
            ),
        ],
        [{"type": "exact_match", "value": "3750"}],
        M,
        w,
        manager_tools=("fetch_json",),
        note="the 2023 fetch times out (504); data still holds 2022; the manager's next step computes 41200 - 41200 = 0",
    )
)

# 7 wrong_tool_arguments, the sub-agent's first call: asked for the 2024 race, it searches
# for the 2023 edition, reads that year's results and reports its winning time.
w = World()
w.search = [
    (
        ("kestrin", "2023"),
        results(
            (
                "Kestrin Cup 2023: results",
                "https://kestrincup.example.org/2023/results",
                "Full results of the 2023 Kestrin Cup hydrofoil race on Lake Varne.",
            ),
            (
                "Kestrin Cup - Wikipedia",
                "https://en.wikipedia.org/wiki/Kestrin_Cup",
                "The Kestrin Cup is an annual hydrofoil race held on Lake Varne since 2011.",
            ),
        ),
    ),
    (
        ("kestrin", "2024"),
        results(
            (
                "Kestrin Cup 2024: results",
                "https://kestrincup.example.org/2024/results",
                "Full results of the 2024 Kestrin Cup hydrofoil race on Lake Varne.",
            ),
        ),
    ),
]
w.pages["https://kestrincup.example.org/2023/results"] = (
    "# Kestrin Cup 2023 - Results\n\nCourse: 18.5 km, Lake Varne. Wind: 14-18 knots.\n\n"
    "| Pos | Rider | Club | Time |\n|---|---|---|---|\n"
    "| 1 | Maren Oduya | Varne SC | 12:48 |\n| 2 | Jens Kolbeck | Nordhafen | 12:55 |\n| 3 | Aiko Lind | Varne SC | 13:09 |\n"
)
w.pages["https://kestrincup.example.org/2024/results"] = (
    "# Kestrin Cup 2024 - Results\n\nCourse: 18.5 km, Lake Varne. Wind: 19-22 knots.\n\n"
    "| Pos | Rider | Club | Time |\n|---|---|---|---|\n"
    "| 1 | Jens Kolbeck | Nordhafen | 11:56 |\n| 2 | Maren Oduya | Varne SC | 12:02 |\n| 3 | Tove Halle | Lund YC | 12:20 |\n"
)
RUNS.append(
    Run(
        "hydrofoil_wrong_year",
        "wrong_tool_arguments",
        "What was the winning time of the 2024 Kestrin Cup hydrofoil race? Answer in the form m:ss.",
        [
            plan(
                "- The race: the Kestrin Cup, 2024 edition\n- The answer must be in m:ss",
                "1. Ask search_agent for the winning time of the 2024 Kestrin Cup.\n2. Return it as m:ss.",
            ),
            code(
                "I delegate the results lookup.",
                't = search_agent(task="Find the winning time of the 2024 Kestrin Cup hydrofoil race.")\nprint(t)',
            ),
            code("The winning time is in m:ss already.", 'final_answer("12:48")'),
        ],
        [
            call(
                "web_search",
                "I'll look for the official results.",
                bad=True,
                query="Kestrin Cup 2023 hydrofoil race results winning time",
            ),
            call("visit_webpage", url="https://kestrincup.example.org/2023/results"),
            answer(
                outcome(
                    "The Kestrin Cup was won by Maren Oduya (Varne SC) in 12:48.",
                    "The official results page lists Maren Oduya first in 12:48 over the 18.5 km course on Lake Varne, ahead of Jens Kolbeck (12:55) and Aiko Lind (13:09).",
                    "Source: https://kestrincup.example.org/2023/results",
                )
            ),
        ],
        [{"type": "exact_match", "value": "11:56"}],
        S,
        w,
        planning=5,
        note="the sub-agent's first search asks for 2023; 2023 winner 12:48, 2024 winner 11:56",
    )
)

# 8 wrong_tool_arguments, the manager's first step: the manager calls the API itself with the
# id's digits transposed (VM-270, the neighbouring Vallmoor Hill estate, not VM-207), then
# delegates the planted area correctly and divides.
w = World()
w.api = {
    "/vineyards/VM-207/harvest?year=2022": {
        "id": "VM-207",
        "estate": "Vallmoor",
        "region": "Lower Arden",
        "year": 2022,
        "harvest_hl": 412.0,
        "grapes_t": 57.2,
        "varieties": {"Riesling": 0.62, "Pinot Noir": 0.38},
        "harvest_start": "2022-09-14",
    },
    "/vineyards/VM-270/harvest?year=2022": {
        "id": "VM-270",
        "estate": "Vallmoor Hill",
        "region": "Lower Arden",
        "year": 2022,
        "harvest_hl": 538.0,
        "grapes_t": 74.9,
        "varieties": {"Silvaner": 0.55, "Riesling": 0.45},
        "harvest_start": "2022-09-19",
    },
}
w.search = [
    (
        ("vallmoor",),
        results(
            (
                "Vallmoor - our estate",
                "https://vallmoor-wines.example.com/estate",
                "Family estate in the Lower Arden since 1874. Riesling and Pinot Noir from steep slate slopes.",
            ),
            (
                "Weingut Vallmoor Hill",
                "https://vallmoorhill.example.com",
                "Vallmoor Hill: Silvaner and Riesling, 12.4 ha on the Hill above the village.",
            ),
            (
                "About Vallmoor",
                "https://vallmoor-wines.example.com/about",
                "Our family and our history.",
            ),
        ),
    ),
]
w.pages["https://vallmoor-wines.example.com/estate"] = (
    "# The Vallmoor estate\n\nThe estate covers 11 ha, of which 8.6 ha are planted with vines "
    "(Riesling 5.3 ha, Pinot Noir 3.3 ha); the rest is woodland and orchard. Average vine age: 31 years."
)
RUNS.append(
    Run(
        "vineyard_transposed_id",
        "wrong_tool_arguments",
        "What was the 2022 yield of the Vallmoor estate vineyard (statistics API id VM-207) in hectolitres per hectare? Use the API's harvest figure and the planted area given on the estate's own website. Round to one decimal and reply with the number only.",
        [
            code(
                "I begin with the 2022 harvest from the API.",
                'import json\nh = json.loads(fetch_json(endpoint="/vineyards/VM-270/harvest?year=2022"))\nprint(h)',
                bad=True,
            ),
            code(
                "The harvest is in hectolitres. Now the planted area.",
                'area = search_agent(task="Find the planted vineyard area, in hectares, of the Vallmoor estate, from the estate\'s own website.")\nprint(area)',
            ),
            code(
                "8.6 ha are planted. I divide the harvest by the area.",
                'y = h["harvest_hl"] / 8.6\nprint(round(y, 1))',
            ),
            code("Yield computed.", "final_answer(str(round(y, 1)))"),
        ],
        [
            call("web_search", query="Vallmoor estate vineyard planted area hectares"),
            call("visit_webpage", url="https://vallmoor-wines.example.com/about"),
            call(
                "visit_webpage",
                "That page does not exist; the estate page should have it.",
                url="https://vallmoor-wines.example.com/estate",
            ),
            answer(
                outcome(
                    "The Vallmoor estate has 8.6 ha planted with vines.",
                    "The estate's website says it covers 11 ha, of which 8.6 ha are planted (Riesling 5.3 ha, Pinot Noir 3.3 ha); the rest is woodland and orchard.",
                    "Do not confuse it with the neighbouring Weingut Vallmoor Hill (12.4 ha). Source: https://vallmoor-wines.example.com/estate",
                )
            ),
        ],
        [{"type": "exact_match", "value": "47.9"}],
        M,
        w,
        manager_tools=("fetch_json",),
        note="the manager fetches VM-270 (Vallmoor Hill, 538 hl) instead of VM-207 (412 hl): 62.6 instead of 47.9",
    )
)

# 9 goal_deviation, the delegation: the question asks for the looms on display in the
# permanent galleries; the manager asks how many the museum holds, and answers the collection
# total. The sub-agent's run summary is passed up.
w = World()
w.search = [
    (
        ("weftbridge", "loom"),
        results(
            (
                "Weftbridge Mill - a history of the town's textile mill",
                "https://history.example.org/weftbridge-mill",
                "The Weftbridge cotton mill ran 400 power looms at its peak in 1907...",
            ),
            (
                "Collections - Weftbridge Textile Museum",
                "https://weftbridge-museum.example.org/collections",
                "Our collection of historic looms, spinning machines and pattern books.",
            ),
        ),
    ),
]
w.pages["https://weftbridge-museum.example.org/collections"] = (
    "# Collections - Weftbridge Textile Museum\n\nOpen Tuesday to Sunday, 10:00-17:00. Free entry.\n\n"
    "## Looms\n\nThe museum's collection holds 61 historic looms dating from 1760 to 1910, including hand looms, "
    "Jacquard looms and two early power looms. Of these, 14 are on display in the permanent galleries; "
    "the others are kept in the Carding Shed store, which can be visited by appointment.\n\n"
    "## Other holdings\n\nThe collection also holds 230 pattern books, 48 spinning machines and about 9,000 "
    "textile samples.\n\n"
    + "\n".join(
        f"- Pattern book {i}: woven samples and order notes, Weftbridge Mill ({1880 + i})."
        for i in range(10)
    )
    + "\n\n## Visit\n\nGuided tours of the Carding Shed store: first Saturday of each month."
)
RUNS.append(
    Run(
        "museum_looms_held",
        "goal_deviation",
        "How many historic looms does the Weftbridge Textile Museum have on display in its permanent galleries? Reply with the number only.",
        [
            plan(
                "- The Weftbridge Textile Museum\n- What is counted: historic looms",
                "1. Ask search_agent for the museum's loom count.\n2. Return the number.",
            ),
            code(
                "I'll send search_agent to the museum's site.",
                'n = search_agent(task="Find how many historic looms the Weftbridge Textile Museum holds in its collection.")\nprint(n)',
                bad=True,
            ),
            code(
                "I extract the number from the short version.",
                'short = n.split("### 1. Task outcome (short version):")[1].split("###")[0]\nprint(int(short.split()[4]))',
            ),
            code(
                "The split picked the wrong word; I read the figure directly: 61 looms.",
                'final_answer("61")',
            ),
        ],
        [
            call("web_search", query="Weftbridge Textile Museum historic looms collection"),
            call("visit_webpage", url="https://weftbridge-museum.example.org/collections"),
            answer(
                outcome(
                    "The Weftbridge Textile Museum holds 61 historic looms in its collection.",
                    "The museum's collections page says its collection holds 61 historic looms dating from 1760 to 1910: hand looms, Jacquard looms and two early power looms. It also holds 230 pattern books and 48 spinning machines.",
                    "Source: https://weftbridge-museum.example.org/collections",
                )
            ),
        ],
        [{"type": "exact_match", "value": "14"}],
        M,
        w,
        planning=6,
        summary=True,
        note="the delegation asks for looms held (61), the question for looms on display (14)",
    )
)

# 10 goal_deviation, a single agent's last step: asked for the growth in kilograms, the agent
# reports the growth in percent. A KeyError is fixed on the way.
w = World()
w.api = {
    "/estates/sennor-hill/harvest?year=2022": {
        "estate": "Sennor Hill",
        "district": "Upper Tavra",
        "year": 2022,
        "area_ha": 143.5,
        "flushes": {"first_kg": 18450, "second_kg": 26100, "monsoon_kg": 40200, "autumn_kg": 9800},
        "made_tea_kg": 94550,
        "pluckers": 212,
        "rainfall_mm": 2710,
        "certified": ["organic", "fair trade"],
    },
    "/estates/sennor-hill/harvest?year=2023": {
        "estate": "Sennor Hill",
        "district": "Upper Tavra",
        "year": 2023,
        "area_ha": 143.5,
        "flushes": {"first_kg": 20290, "second_kg": 25480, "monsoon_kg": 41950, "autumn_kg": 10120},
        "made_tea_kg": 97840,
        "pluckers": 219,
        "rainfall_mm": 2588,
        "certified": ["organic", "fair trade"],
    },
}
RUNS.append(
    Run(
        "tea_percent_growth",
        "goal_deviation",
        "By how many kilograms did the first-flush harvest of the Sennor Hill tea estate grow from 2022 to 2023, according to the statistics API? Reply with the number only.",
        [
            code(
                "I fetch both harvest records.",
                'import json\nd22 = json.loads(fetch_json(endpoint="/estates/sennor-hill/harvest?year=2022"))\nd23 = json.loads(fetch_json(endpoint="/estates/sennor-hill/harvest?year=2023"))\nprint(d22["flush"])',
            ),
            code(
                "The key is 'flushes', not 'flush'.",
                'print(d22["flushes"]["first_kg"], d23["flushes"]["first_kg"])',
            ),
            code(
                "First flush went from 18,450 kg to 20,290 kg. Harvest growth is usually reported relative to the earlier year.",
                'growth = (d23["flushes"]["first_kg"] - d22["flushes"]["first_kg"]) / d22["flushes"]["first_kg"] * 100\nfinal_answer(f"{growth:.1f}")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "1840"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="asked for kg (1840); answers the percentage growth 10.0",
    )
)

# 11 wrong_format, the manager's last step: the question wants YYYY-MM-DD; after a refused
# import the manager passes the report's '14 March 2019' through.
w = World()
w.search = [
    (
        ("aldervane",),
        results(
            (
                "Aldervane-1 - mission page",
                "https://space.example.int/missions/aldervane-1",
                "Aldervane-1, the first satellite of the series, launched in 2015.",
            ),
            (
                "Aldervane-2 lifts off",
                "https://space.example.int/news/aldervane-2-launch",
                "The second Aldervane weather satellite was launched from Kourvale...",
            ),
        ),
    ),
]
w.pages["https://space.example.int/news/aldervane-2-launch"] = (
    "# Aldervane-2 lifts off\n\nAldervane-2, the second satellite of the Aldervane weather series, lifted off on "
    "14 March 2019 at 22:41 UTC from the Kourvale spaceport on a Tarsis-B rocket. Its predecessor, Aldervane-1, "
    "was launched on 2 June 2015. Signal acquisition was confirmed 47 minutes after lift-off."
)
RUNS.append(
    Run(
        "satellite_date_words",
        "wrong_format",
        "On what date was the Aldervane-2 weather satellite launched? Give the date as YYYY-MM-DD.",
        [
            code(
                "Let me ask search_agent for the launch date.",
                'd = search_agent(task="Find the launch date of the Aldervane-2 weather satellite.")\nprint(d)',
            ),
            code(
                "I parse the date from the report.",
                'from dateutil import parser\nprint(parser.parse("14 March 2019"))',
            ),
            code(
                "The report gives the launch date plainly.",
                'final_answer("14 March 2019")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Aldervane-2 satellite launch date"),
            call("visit_webpage", url="https://space.example.int/news/aldervane-2-launch"),
            answer(
                outcome(
                    "Aldervane-2 was launched on 14 March 2019.",
                    "The agency's news release says Aldervane-2 lifted off on 14 March 2019 at 22:41 UTC from the Kourvale spaceport on a Tarsis-B rocket; signal acquisition followed 47 minutes later. Aldervane-1 had been launched on 2 June 2015.",
                    "Source: https://space.example.int/news/aldervane-2-launch",
                )
            ),
        ],
        [
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
            {"type": "exact_match", "value": "2019-03-14"},
        ],
        M,
        w,
        note="right date, answered as '14 March 2019' where YYYY-MM-DD was asked",
    )
)

# 12 wrong_format, a single agent's last step: the path and line are right, but the answer
# is a sentence where path:line was asked. A wrong path is read first and corrected.
w = World()
w.grep = {
    "apply_kerning": [
        {
            "path": "tests/layout/test_kern.py",
            "line": 12,
            "text": "    out = apply_kerning(run, table)",
        },
        {
            "path": "src/glyphforge/layout/kern.py",
            "line": 57,
            "text": "def apply_kerning(run, table):",
        },
        {
            "path": "src/glyphforge/layout/shaper.py",
            "line": 203,
            "text": "        glyphs = apply_kerning(glyphs, self.kern_table)",
        },
        {"path": "CHANGES.md", "line": 88, "text": "- apply_kerning now skips mark glyphs"},
    ]
}
w.files = {
    "src/glyphforge/layout/kern.py": "\n".join(
        [
            '"""Pair kerning for shaped glyph runs."""',
            "",
            "from __future__ import annotations",
            "",
            "from glyphforge.layout.glyph import Glyph",
            "",
        ]
        + [f"# kerning class table entry {i}" for i in range(50)]
        + [
            "def apply_kerning(run, table):",
            "    out = []",
            "    for left, right in zip(run, run[1:]):",
            "        if left.is_ligature:",
            "            continue  # FIXME: ligatures dropped here",
            "        out.append(left.with_advance(table.get((left.name, right.name), 0)))",
            "    return out",
        ]
    )
}
RUNS.append(
    Run(
        "fontrepo_sentence_answer",
        "wrong_format",
        "Issue #318 in the glyphforge repository: ligatures are dropped when kerning is applied. In which file and at which line is the function apply_kerning defined? Answer as path:line only.",
        [
            code("I search for the function.", 'print(search_code(pattern="apply_kerning"))'),
            code(
                "The definition is in the layout package; I open it.",
                'print(read_file(path="glyphforge/layout/kern.py"))',
            ),
            code(
                "Paths are relative to the repository root, under src/.",
                'print(read_file(path="src/glyphforge/layout/kern.py")[-600:])',
            ),
            code(
                "Line 57 holds the definition, and the loop below it skips ligatures.",
                'final_answer("The function apply_kerning is defined in src/glyphforge/layout/kern.py at line 57.")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "src/glyphforge/layout/kern.py:57"},
            {"type": "regex", "value": r"^[\w./-]+:\d+$"},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="right file and line, answered as a sentence instead of path:line",
    )
)

# 13 premature_final_answer, the manager's updated plan: the first report says two players
# tied on points and the title went on tiebreak, which the article does not give; the updated
# plan drops the planned tiebreak lookup and returns the player named first.
w = World()
w.search = [
    (
        ("vellmark", "tiebreak"),
        results(
            (
                "Vellmark Open 2023 - final standings",
                "https://chessfed.example.org/events/vellmark-open-2023/standings",
                "Final standings after 9 rounds with Buchholz tiebreak scores.",
            ),
        ),
    ),
    (
        ("vellmark",),
        results(
            (
                "Varga and Reinholt share first at the Vellmark Open",
                "https://chessnews.example.com/2023/vellmark-open-final-round",
                "Ilse Varga and Tomas Reinholt finished on 7/9 at the 2023 Vellmark Open...",
            ),
            (
                "Vellmark Open 2023 - final standings",
                "https://chessfed.example.org/events/vellmark-open-2023/standings",
                "Final standings after 9 rounds with Buchholz tiebreak scores.",
            ),
        ),
    ),
]
w.pages["https://chessnews.example.com/2023/vellmark-open-final-round"] = (
    "# Varga and Reinholt share first at the Vellmark Open\n\n"
    "Ilse Varga and Tomas Reinholt both finished on 7/9 at the 2023 Vellmark Open, half a point ahead of "
    "a group of five players. Varga drew quickly in the last round; Reinholt ground out a 71-move win. "
    "The title is decided by Buchholz tiebreak, announced at the closing ceremony on Sunday evening."
)
w.pages["https://chessfed.example.org/events/vellmark-open-2023/standings"] = (
    "# Vellmark Open 2023 - final standings\n\n| Rank | Player | Points | Buchholz |\n|---|---|---|---|\n"
    "| 1 | Tomas Reinholt | 7 | 46.5 |\n| 2 | Ilse Varga | 7 | 44.0 |\n| 3 | Pavel Dornik | 6.5 | 45.0 |\n"
    "\nWinner of the Vellmark Open 2023: Tomas Reinholt (on tiebreak)."
)
RUNS.append(
    Run(
        "chess_replan_tiebreak",
        "premature_final_answer",
        "Who won the 2023 Vellmark Open chess tournament? Give the player's full name only.",
        [
            plan(
                "- The 2023 Vellmark Open, a chess tournament\n- Ties for first may be broken on tiebreak",
                "1. Ask search_agent who finished first on points.\n2. If there was a tie, ask search_agent for the tiebreak result.\n3. Return the winner's full name.",
            ),
            code(
                "Step 1: who finished first.",
                'top = search_agent(task="Find who finished first on points at the 2023 Vellmark Open chess tournament, and whether there was a tie.")\nprint(top)',
            ),
            code(
                "Let me isolate the short version of the report.",
                'print(top.split("### 2.")[0])',
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- The 2023 Vellmark Open\n### 1.2. Facts that we have learned\n- Ilse Varga and Tomas Reinholt tied for first on 7/9.\n- The report names Varga first, and she drew quickly in the final round while holding the lead.\n### 1.3. Facts still to look up\n- none\n\n## 2. Plan\n1. Return Ilse Varga as the winner.\n<end_plan>",
                bad=True,
            ),
            code("Following the plan.", 'final_answer("Ilse Varga")'),
        ],
        [
            call("web_search", query="2023 Vellmark Open chess final round results"),
            call(
                "visit_webpage",
                url="https://chessnews.example.com/2023/vellmark-open-final-round",
            ),
            answer(
                outcome(
                    "Ilse Varga and Tomas Reinholt tied for first on 7/9 at the 2023 Vellmark Open.",
                    "A news report on the final round says Ilse Varga and Tomas Reinholt both finished on 7/9, half a point ahead of five players. Varga drew quickly in the last round; Reinholt won a 71-move game. The title is decided by Buchholz tiebreak, which the article does not give.",
                    "The chess federation's final standings page (https://chessfed.example.org/events/vellmark-open-2023/standings) should give the tiebreak scores.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Tomas Reinholt"}],
        M,
        w,
        planning=2,
        note="tie on 7/9; the updated plan skips the tiebreak lookup and returns Varga; winner Reinholt on Buchholz",
    )
)

# 14 premature_final_answer, a single agent's first step: the sightings list is paginated
# (25 a page, a 'next' link); the agent counts the first page and answers in the same step.
w = World()
hides = ["North Hide", "Reedbed Hide", "Scrape Hide", "Sea Wall"]
w.api = {
    "/sanctuaries/ormsby-marsh/sightings?species=spoonbill&year=2023": {
        "sanctuary": "Ormsby Marsh",
        "species": "Eurasian spoonbill",
        "year": 2023,
        "page": 1,
        "per_page": 25,
        "records": [
            {
                "date": f"2023-{4 + i // 6:02d}-{1 + (i * 5) % 28:02d}",
                "birds": 1 + i % 4,
                "hide": hides[i % 4],
                "observer": f"vol-{100 + i * 7}",
            }
            for i in range(25)
        ],
        "next": "/sanctuaries/ormsby-marsh/sightings?species=spoonbill&year=2023&page=2",
    },
    "/sanctuaries/ormsby-marsh/sightings?species=spoonbill&year=2023&page=2": {
        "sanctuary": "Ormsby Marsh",
        "species": "Eurasian spoonbill",
        "year": 2023,
        "page": 2,
        "per_page": 25,
        "records": [
            {
                "date": f"2023-{8 + i // 3:02d}-{3 + i * 4:02d}",
                "birds": 2 + i % 3,
                "hide": hides[(i + 1) % 4],
                "observer": f"vol-{140 + i * 3}",
            }
            for i in range(7)
        ],
        "next": None,
    },
}
RUNS.append(
    Run(
        "sanctuary_first_page",
        "premature_final_answer",
        "How many spoonbill sightings did the Ormsby Marsh bird sanctuary log in 2023, according to the statistics API? Reply with the number only.",
        [
            code(
                "Each record of the sightings endpoint is one logged sighting, so I count the records.",
                'import json\ndata = json.loads(fetch_json(endpoint="/sanctuaries/ormsby-marsh/sightings?species=spoonbill&year=2023"))\nfinal_answer(str(len(data["records"])))',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "32"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="page 1 has 25 records and a next link, page 2 has 7; the first step answers 25",
    )
)

# 15 looping, the sub-agent until its max_steps: after a rate-limited search retried once, it
# reruns near-identical searches whose results never change and never opens the page listed
# in them; the forced final answer has no figure.
w = World()
w.search = [
    (
        ("brennock",),
        results(
            (
                "Brennock Viaduct - Wikipedia",
                "https://en.wikipedia.org/wiki/Brennock_Viaduct",
                "The Brennock Viaduct is a disused railway viaduct over the River Lenn, Grade II listed...",
            ),
            (
                "Walk: Brennock Viaduct and the Lenn valley",
                "https://walks.example.co.uk/brennock",
                "A 7-mile circular walk under the viaduct, with a cafe at the old station.",
            ),
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/Brennock_Viaduct"] = long_page(
    "Brennock Viaduct",
    "The Brennock Viaduct is a disused railway viaduct over the River Lenn. Built between 1862 and 1865 for the "
    "Lenn Valley Railway, it is 412 m long and 31 m high, and has 27 arches of 12 m span. It closed to traffic in 1968.",
    5,
)
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached, retry after 2 s"
RUNS.append(
    Run(
        "viaduct_search_loop",
        "looping",
        "How many arches does the Brennock Viaduct have? Reply with the number only.",
        [
            code(
                "search_agent will look it up.",
                'a = search_agent(task="Find the number of arches of the Brennock Viaduct.")\nprint(a)',
            ),
            code(
                "search_agent could not find the figure, so I cannot give a number.",
                'final_answer("unknown")',
            ),
        ],
        [
            call("web_search", query="Brennock Viaduct number of arches"),
            call(
                "web_search",
                "Rate-limited. Retrying the same query.",
                query="Brennock Viaduct number of arches",
            ),
            call(
                "web_search",
                "The snippets do not give the number. I try another wording.",
                bad=True,
                query="Brennock Viaduct arches",
            ),
            call(
                "web_search",
                "Still no count in the results.",
                bad=True,
                query="how many arches Brennock Viaduct",
            ),
            call(
                "web_search",
                "Let me search once more with railway in the query.",
                bad=True,
                query="Brennock railway viaduct number of arches",
            ),
            call(
                "web_search",
                bad=True,
                query="Brennock Viaduct arches count",
            ),
            text(
                outcome(
                    "I could not determine the number of arches of the Brennock Viaduct.",
                    "Several searches returned the same two results: the Wikipedia article on the Brennock Viaduct (a disused, Grade II listed railway viaduct over the River Lenn) and a walking guide. Neither snippet gives the number of arches.",
                    "The Wikipedia article (https://en.wikipedia.org/wiki/Brennock_Viaduct) may give it.",
                )
            ),
        ],
        [
            {"type": "contains", "value": "27"},
            {"type": "tool_called", "tool": "web_search", "max": 3},
        ],
        S,
        w,
        sub_max_steps=6,
        note="search 429 retried once (legitimate); then four near-identical searches to max_steps, the article is never opened",
    )
)

# 16 looping, a single agent's search_code until max_steps: after one useful search and a
# read, it reruns the same search and its near variants; the forced answer names the file
# that only reads the setting.
w = World()
w.grep = {
    "platen_pressure": [
        {
            "path": "src/inkwell/press.py",
            "line": 41,
            "text": '        self.platen_pressure = profile.get("platen_pressure", PLATEN_PRESSURE)',
        },
        {
            "path": "tests/test_press.py",
            "line": 19,
            "text": '    assert press.platen_pressure == profile["platen_pressure"]',
        },
    ],
    "PLATEN_PRESSURE": [
        {
            "path": "src/inkwell/press.py",
            "line": 4,
            "text": "from inkwell.profiles.albion import PLATEN_PRESSURE",
        },
        {
            "path": "src/inkwell/profiles/albion.py",
            "line": 9,
            "text": "PLATEN_PRESSURE = 3.2  # kN, Albion hand press",
        },
        {
            "path": "src/inkwell/profiles/columbian.py",
            "line": 11,
            "text": "PLATEN_PRESSURE = 4.1  # kN, Columbian press",
        },
        {
            "path": "src/inkwell/press.py",
            "line": 41,
            "text": '        self.platen_pressure = profile.get("platen_pressure", PLATEN_PRESSURE)',
        },
    ],
}
w.files = {
    "src/inkwell/profiles/albion.py": "\n".join(
        [
            '"""Settings of the Albion hand press profile."""',
            "",
            "NAME = 'albion'",
            "BED_MM = (508, 660)",
            "PLATEN_MM = (483, 635)",
            "",
            "# kN at the platen, as measured on the museum press",
            "",
            "PLATEN_PRESSURE = 3.2  # kN, Albion hand press",
        ]
    ),
    "src/inkwell/press.py": "\n".join(
        [
            '"""A hand press and its settings."""',
            "",
            "from inkwell.profiles import load_profile",
            "from inkwell.profiles.albion import PLATEN_PRESSURE",
            "",
        ]
        + [f"# setting {i}" for i in range(33)]
        + [
            "class Press:",
            "    def __init__(self, profile):",
            '        self.platen_pressure = profile.get("platen_pressure", PLATEN_PRESSURE)',
        ]
    ),
}
RUNS.append(
    Run(
        "pressrepo_search_loop",
        "looping",
        "Issue #204 in the inkwell repository: the platen pressure setting is ignored on the Albion press profile. Which file defines the PLATEN_PRESSURE default for the Albion profile? Answer with the path only.",
        [
            code(
                "I search for the setting.",
                'print(search_code(pattern="platen_pressure"))',
            ),
            code(
                "press.py reads the setting; let me open it.",
                'print(read_file(path="src/inkwell/press.py"))',
            ),
            code(
                "I need where the default is set. Searching again.",
                'print(search_code(pattern="platen_pressure"))',
                bad=True,
            ),
            code(
                "Maybe an assignment form finds it.",
                'print(search_code(pattern="platen_pressure ="))',
                bad=True,
            ),
            code(
                "No hits. Back to the first search.",
                'print(search_code(pattern="platen_pressure"))',
                bad=True,
            ),
            text("src/inkwell/press.py"),
        ],
        None,
        [
            {"type": "exact_match", "value": "src/inkwell/profiles/albion.py"},
            {"type": "tool_called", "tool": "search_code", "max": 3},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        max_steps=5,
        manager_name="coder",
        note="the import line names inkwell.profiles.albion; the agent reruns platen_pressure searches to max_steps and answers press.py",
    )
)
