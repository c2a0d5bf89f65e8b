# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `novel` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent, or of a single
CodeAgent on the JSON API or the code search, two per fault of the taxonomy, each with one
decisive fault labelled at the LLM call that decided it (`bad=True` on its reply). Written in
one sweep without reading blame's rules; see smolagents_novel.py. The systems, the tools, the
reply helpers and `Run` are those of the sweep family (corpus/sweep_runs.py).
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
    plan,
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written."""

# 1 misread_tool_output, manager's last step: the sub-agent (run summary on, a dead JPL link
# on the way) reports period 7.3 yr and aphelion 5.6 AU; a regex fails, then the manager
# reads 5.6 as the period and answers 2021 + 5.6
w = World()
w.search = [
    (
        ("okafor", "brandt"),
        results(
            (
                "214P/Okafor-Brandt - Wikipedia",
                "https://en.wikipedia.org/wiki/214P/Okafor-Brandt",
                "214P/Okafor-Brandt is a Jupiter-family periodic comet discovered in 1999 ...",
            ),
            (
                "JPL Small-Body Database: 214P",
                "https://ssd.example-jpl.gov/sbdb?sstr=214P",
                "Orbital elements, physical parameters and close approaches for 214P.",
            ),
            (
                "Comet Brandt-Hughes outburst of 1987",
                "https://astro-history.example.org/brandt-hughes-1987",
                "The 1987 outburst of comet Brandt-Hughes brightened it by six magnitudes ...",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/214P/Okafor-Brandt"] = long_page(
    "214P/Okafor-Brandt",
    "214P/Okafor-Brandt is a Jupiter-family periodic comet discovered in 1999 by Chinwe Okafor and Lars Brandt.\n\n"
    "## Orbit\n| Element | Value |\n|---|---|\n| Orbital period | 7.3 yr |\n| Perihelion distance | 1.41 AU |\n"
    "| Aphelion distance | 5.6 AU |\n| Inclination | 11.2° |\n| Last perihelion | 2021-02-11 |\n| Next perihelion | 2028-06-02 |\n\n"
    "Close approaches to Jupiter in 1983 and 2007 shortened its period from 7.9 to 7.3 years.",
    10,
)
RUNS.append(
    Run(
        "comet_manager_takes_aphelion",
        "misread_tool_output",
        "In which year will comet 214P/Okafor-Brandt next reach perihelion? Answer with the year only.",
        [
            code(
                "I need the comet's orbit: the last perihelion and the period, or a predicted date. I'll ask search_agent to collect the orbital elements.",
                'report = search_agent(task="Look up comet 214P/Okafor-Brandt. Report its orbital period, the date of its last perihelion and, if given, the predicted date of its next perihelion.")\nprint(report)',
            ),
            code(
                "I'll pull the period out of the report with a regex and add it to the last perihelion.",
                'import re\nm = re.search(r"orbital period ([0-9.]+) years", report)\nprint(m.group(1))',
            ),
            code(
                "The pattern did not match the report's wording. Reading it directly: last perihelion 2021-02-11 and the period is 5.6, so the next perihelion falls in 2021 + 5.6 = 2026.6, i.e. 2026.",
                'final_answer("2026")',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                "I'll start with a search for the comet's orbital elements.",
                query="214P/Okafor-Brandt comet orbital period next perihelion",
            ),
            call(
                "visit_webpage",
                "The JPL database should have authoritative elements.",
                url="https://ssd.example-jpl.gov/sbdb?sstr=214P",
            ),
            call(
                "visit_webpage",
                "The JPL page is not reachable; the Wikipedia article has an orbit table.",
                url="https://en.wikipedia.org/wiki/214P/Okafor-Brandt",
            ),
            answer(
                "Comet 214P/Okafor-Brandt (Wikipedia orbit table): orbital period 7.3 yr; aphelion distance 5.6 AU; perihelion distance 1.41 AU; last perihelion 2021-02-11; next perihelion predicted 2028-06-02. The JPL small-body page returned 404."
            ),
        ],
        [{"type": "exact_match", "value": "2028"}],
        M,
        w,
        summary=True,
        note="report: period 7.3 yr, aphelion 5.6 AU, next perihelion 2028; after a failed regex the manager's last step takes 5.6 as the period and answers 2026",
    )
)

# 2 misread_tool_output, sub-agent's middle call: the reserve page's table has 2023: 58 and
# 2024: 73; the sub-agent takes 58 for 2024 in the query it writes to cross-check, and
# reports it
w = World()
w.search = [
    (
        ("county", "heron"),
        results(
            (
                "Heronries Census 2024 - Westmere County Bird Club",
                "https://westmere-birds.example.org/heronries-2024",
                "Heronries census 2024: 41 sites counted, including Marlow Fen. Full site totals in the annual report (PDF, members only).",
            ),
            (
                "Grey heron - RSPB",
                "https://www.rspb.example.org/birds/grey-heron",
                "Grey herons nest colonially in tall trees ...",
            ),
        ),
    ),
    (
        ("marlow fen", "heron"),
        results(
            (
                "Marlow Fen Nature Reserve - Heronry survey",
                "https://marlowfen.example.org/wildlife/heronry",
                "Every spring volunteers count the occupied grey heron nests in the alder carr ...",
            ),
            (
                "Marlow Fen car park closed for resurfacing",
                "https://marlowfen.example.org/news/car-park",
                "The main car park will be closed from 3 to 14 June.",
            ),
        ),
    ),
]
w.pages["https://marlowfen.example.org/wildlife/heronry"] = long_page(
    "Marlow Fen heronry survey",
    "Every spring volunteers count the occupied grey heron nests in the alder carr from the two hides.\n\n"
    "| Survey year | Occupied nests | Counters |\n|---|---|---|\n| 2020 | 49 | 4 |\n| 2021 | 55 | 6 |\n| 2022 | 61 | 6 |\n"
    "| 2023 | 58 | 5 |\n| 2024 | 73 | 7 |\n\n"
    "The 2024 total was the highest since the survey began in 2011, up from the previous year's count. "
    "Little egrets nested among the herons for the first time in 2024 (3 nests, not included above).",
    6,
)
RUNS.append(
    Run(
        "heronry_sub_confirms_wrong_row",
        "misread_tool_output",
        "How many occupied grey heron nests were counted at the Marlow Fen reserve in the 2024 survey? Give the number only.",
        [
            code(
                "This is a single figure from the reserve's survey; search_agent can find it.",
                'nests = search_agent(task="Find the number of occupied grey heron nests counted at Marlow Fen nature reserve in the 2024 heronry survey. Give the source.")\nprint(nests)',
            ),
            code("The count is in the report.", 'final_answer("58")'),
        ],
        [
            call("web_search", query="Marlow Fen grey heron nests 2024 survey"),
            call("visit_webpage", url="https://marlowfen.example.org/wildlife/heronry"),
            call(
                "web_search",
                "The reserve's table gives 58 occupied nests for 2024. The county bird club publishes a heronries census too; I'll check that it agrees.",
                bad=True,
                query="Marlow Fen heronry 58 nests 2024 county heronries census",
            ),
            answer(
                "The 2024 heronry survey at Marlow Fen counted 58 occupied grey heron nests (reserve survey page, marlowfen.example.org). The Westmere County Bird Club's 2024 heronries census lists Marlow Fen among its sites but its site totals are members-only."
            ),
        ],
        [{"type": "exact_match", "value": "73"}],
        S,
        w,
        note="table: 2023 58, 2024 73; the sub-agent's cross-check query (middle call) states 58 for 2024, its answer repeats it",
    )
)

# 3 hallucinated_fact, manager's middle step: the sub-agent finds Ferlane's 42.5 ha but only a
# dead shop link for Oscaret (whose estate page, listed in the results, gives 27 ha); the
# manager supplies "about 20 ha" itself
w = World()
w.search = [
    (
        ("ferlane",),
        results(
            (
                "Château Ferlane - Le vignoble",
                "https://chateau-ferlane.example.fr/vignoble",
                "Château Ferlane, Bergerac: 42.5 hectares of vines on clay-limestone slopes ...",
            ),
            (
                "Ferlane goat cheese - Fromagerie du Causse",
                "https://fromagerie-causse.example.fr/ferlane",
                "A soft goat cheese named after the hamlet of Ferlane.",
            ),
        ),
    ),
    (
        ("oscaret",),
        results(
            (
                "Domaine Oscaret Cuvée Prestige 2019 - Vins Direct",
                "https://vins-direct.example.com/oscaret-prestige-2019",
                "Buy Domaine Oscaret Cuvée Prestige 2019, Bergerac rouge, 14.90 €.",
            ),
            (
                "Domaine Oscaret - Le domaine",
                "https://domaine-oscaret.example.fr/le-domaine",
                "A family estate since 1932 between Bergerac and Monbazillac ...",
            ),
        ),
    ),
]
w.pages["https://chateau-ferlane.example.fr/vignoble"] = long_page(
    "Château Ferlane - Le vignoble",
    "Château Ferlane, Bergerac. The estate covers 61 hectares, of which 42.5 hectares are planted with vines "
    "(Merlot 60%, Cabernet Franc 25%, Sauvignon 15%) on clay-limestone slopes.",
    3,
)
w.pages["https://domaine-oscaret.example.fr/le-domaine"] = long_page(
    "Domaine Oscaret - Le domaine",
    "A family estate since 1932 between Bergerac and Monbazillac. The Oscaret family farms 27.0 hectares of vines.",
    3,
)
RUNS.append(
    Run(
        "vineyard_manager_supplies_oscaret",
        "hallucinated_fact",
        "How many hectares larger is the vineyard of Château Ferlane than that of Domaine Oscaret (planted area)? Give the difference as a number only.",
        [
            code(
                "I need both planted areas. I'll ask search_agent for the two estates in one task.",
                'areas = search_agent(task="Find the planted vineyard area in hectares of Château Ferlane and of Domaine Oscaret (both Bergerac estates). Report each figure with its source.")\nprint(areas)',
            ),
            code(
                "Ferlane is 42.5 ha. For Oscaret the agent found nothing usable, but Domaine Oscaret is a small family domaine, and family estates in Bergerac are typically around 20 ha, so I'll use 20 ha.",
                "ferlane_ha = 42.5\noscaret_ha = 20.0\ndiff = ferlane_ha - oscaret_ha\nprint(diff)",
                bad=True,
            ),
            code("The difference is 22.5 ha.", 'final_answer(f"{diff:g}")'),
        ],
        [
            call("web_search", query="Château Ferlane vineyard area hectares"),
            call("visit_webpage", url="https://chateau-ferlane.example.fr/vignoble"),
            call("web_search", query="Domaine Oscaret vineyard area hectares"),
            call(
                "visit_webpage",
                "The first result may list the estate's details.",
                url="https://vins-direct.example.com/oscaret-prestige-2019",
            ),
            answer(
                "Château Ferlane: 42.5 ha of vines (61 ha estate in total), from the estate's own page. Domaine Oscaret: I could not find the area: the wine-shop page returned 404. The estate's own page (https://domaine-oscaret.example.fr/le-domaine) appeared in the results but I did not open it."
            ),
        ],
        [{"type": "exact_match", "value": "15.5"}],
        M,
        w,
        note="Oscaret's estate page (27.0 ha) was in the results, unread; the manager's middle step uses an invented 20 ha",
    )
)

# 4 hallucinated_fact, single agent's last step: a 429 is retried; the strongest event's depth
# is null in the list, the detail endpoint (linked) has 23.4 km; the agent writes 10 km from
# "typical" depths
w = World()
w.api = {
    "/quakes?region=vardane&date=2025-03-09": {
        "region": "Vardane",
        "date": "2025-03-09",
        "count": 3,
        "events": [
            {
                "id": "vd-2291",
                "time": "03:14:07Z",
                "mag": 4.8,
                "mag_type": "ML",
                "depth_km": None,
                "status": "reviewed",
                "note": "depth solution in detail record",
                "detail": "/quakes/vd-2291",
            },
            {
                "id": "vd-2292",
                "time": "03:31:52Z",
                "mag": 2.1,
                "mag_type": "ML",
                "depth_km": 7.9,
                "status": "automatic",
                "detail": "/quakes/vd-2292",
            },
            {
                "id": "vd-2295",
                "time": "17:02:40Z",
                "mag": 3.3,
                "mag_type": "ML",
                "depth_km": 12.0,
                "status": "reviewed",
                "detail": "/quakes/vd-2295",
            },
        ],
    },
    "/quakes/vd-2291": {
        "id": "vd-2291",
        "origin_time": "2025-03-09T03:14:07Z",
        "mag": 4.8,
        "mag_type": "ML",
        "lat": 42.318,
        "lon": 21.774,
        "depth_km": 23.4,
        "depth_uncertainty_km": 1.8,
        "stations_used": 37,
        "felt_reports": 212,
    },
}
w.fail[("fetch_json", 0)] = (
    "429 Too Many Requests: quota of 60 calls per minute exceeded; retry in 2 s"
)
RUNS.append(
    Run(
        "quake_api_typical_depth",
        "hallucinated_fact",
        "What was the hypocentre depth, in km, of the strongest earthquake in the Vardane region on 2025-03-09, according to the seismic API? Number only.",
        [
            code(
                "I list the day's events for the region first.",
                'print(fetch_json(endpoint="/quakes?region=vardane&date=2025-03-09"))',
            ),
            code(
                "Rate limited. I retry once and keep the parsed events this time.",
                'import json\ndata = json.loads(fetch_json(endpoint="/quakes?region=vardane&date=2025-03-09"))\nstrongest = max(data["events"], key=lambda e: e["mag"])\nprint(strongest)',
            ),
            code(
                "The strongest event is vd-2291, M4.8. Its depth is null in the listing. Earthquakes in the Vardane fold belt are shallow crustal events, generally around 10 km deep, so the depth is 10 km.",
                'final_answer("10")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "23.4"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="listing has depth null with a detail link (/quakes/vd-2291: 23.4 km); the last step answers a 'typical' 10 km",
    )
)

# 5 ignored_tool_error, sub-agent's last call: the operator page fails to resolve; the
# sub-agent reports the planned 610 km from a 2019 snippet as "the operator's page"; the
# encyclopedia page in the results gives 647 km
w = World()
w.search = [
    (
        ("boreal link",),
        results(
            (
                "Boreal Link - project facts | Nordgrid",
                "https://nordgrid.example.com/projects/boreal-link",
                "The Boreal Link HVDC interconnector between Skarvik and Tellholm. Project facts: route length, capacity, converter stations ...",
            ),
            (
                "Boreal Link approved: 610 km cable planned",
                "https://energynews.example.com/2019/boreal-link-approved",
                "2019: Regulators approved the Boreal Link, a planned 610 km subsea cable ...",
            ),
            (
                "Boreal Link - Wikipedia",
                "https://en.wikipedia.org/wiki/Boreal_Link",
                "Boreal Link is a 1,400 MW HVDC submarine power cable commissioned in 2024 ...",
            ),
        ),
    )
]
w.pages["https://nordgrid.example.com/projects/boreal-link"] = (
    "# Boreal Link\n\nRoute length: 647 km (subsea 631 km, land 16 km). Capacity 1,400 MW."
)
w.pages["https://en.wikipedia.org/wiki/Boreal_Link"] = long_page(
    "Boreal Link",
    "Boreal Link is a 1,400 MW HVDC submarine power cable between Skarvik and Tellholm, commissioned in 2024.\n\n"
    "## Route\nThe cable was planned at 610 km, but was rerouted around the Hessel Bank to protect a cold-water coral reef; "
    "the route as built is 647 km long, of which 631 km are subsea.",
    8,
)
w.fail[("visit_webpage", 0)] = (
    "ConnectionError: HTTPSConnectionPool(host='nordgrid.example.com', port=443): Max retries exceeded with url: /projects/boreal-link "
    "(Caused by NameResolutionError: Failed to resolve 'nordgrid.example.com')"
)
RUNS.append(
    Run(
        "cable_sub_cites_unread_operator_page",
        "ignored_tool_error",
        "What is the total route length of the Boreal Link submarine power cable between Skarvik and Tellholm, in km? Number only.",
        [
            plan(
                "- the Boreal Link cable, Skarvik to Tellholm\n- the answer is a length in km, number only",
                "1. Ask search_agent for the total route length, preferably from the operator.\n2. Return the number without the unit.",
            ),
            code(
                "Following the plan, I delegate the lookup.",
                'length = search_agent(task="Find the total route length in km of the Boreal Link HVDC cable between Skarvik and Tellholm, preferably from the operator (Nordgrid).")\nprint(length)',
            ),
            code("The operator's figure is 610 km.", 'final_answer("610")'),
        ],
        [
            call("web_search", query="Boreal Link cable route length km Skarvik Tellholm"),
            call(
                "visit_webpage",
                "The operator's project facts page is what the manager asked for.",
                url="https://nordgrid.example.com/projects/boreal-link",
            ),
            answer(
                "According to the operator's project page (Nordgrid), the Boreal Link cable between Skarvik and Tellholm is 610 km long.",
                "I have the operator's figure for the route length.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "647"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        planning=10,
        note="operator page failed (name resolution); sub-agent's last call cites it for 610 km, the 2019 planned length; built length 647 km",
    )
)

# 6 ignored_tool_error, single agent's middle step: one of four depots times out inside a
# try/except loop (printed); the agent sums the three others as the total, the next step
# returns it
w = World()
w.api = {
    "/depots": {
        "company": "Hallberg Logistics",
        "depots": ["HB-NORTH", "HB-SOUTH", "HB-EAST", "HB-PORT"],
        "as_of": "2025-06-01",
    },
    "/stock/HB-NORTH?date=2025-05-31": {
        "depot": "HB-NORTH",
        "date": "2025-05-31",
        "pallets": 1840,
        "bays_used_pct": 81.5,
    },
    "/stock/HB-SOUTH?date=2025-05-31": {
        "depot": "HB-SOUTH",
        "date": "2025-05-31",
        "pallets": 2215,
        "bays_used_pct": 92.0,
    },
    "/stock/HB-EAST?date=2025-05-31": {
        "depot": "HB-EAST",
        "date": "2025-05-31",
        "pallets": 960,
        "bays_used_pct": 64.3,
    },
    "/stock/HB-PORT?date=2025-05-31": {
        "depot": "HB-PORT",
        "date": "2025-05-31",
        "pallets": 3105,
        "bays_used_pct": 88.7,
    },
}
w.fail[("fetch_json", 3)] = "API error 504: upstream inventory service timed out for depot HB-EAST"
RUNS.append(
    Run(
        "depot_api_total_without_east",
        "ignored_tool_error",
        "How many pallets were in stock across all Hallberg Logistics depots on 2025-05-31, according to the inventory API? Number only.",
        [
            code(
                "First I need the list of depots.",
                'print(fetch_json(endpoint="/depots"))',
            ),
            code(
                "Four depots. I'll fetch each one's stock for 2025-05-31, catching errors so that one slow depot doesn't stop the loop.",
                'import json\ndepots = ["HB-NORTH", "HB-SOUTH", "HB-EAST", "HB-PORT"]\nstock = {}\nfor d in depots:\n    try:\n        stock[d] = json.loads(fetch_json(endpoint=f"/stock/{d}?date=2025-05-31"))["pallets"]\n    except Exception as e:\n        print(f"{d}: failed: {e}")\nprint(stock)',
            ),
            code(
                "I have the depot figures; summing the pallets gives the company total.",
                "total = sum(stock.values())\nprint(total)",
                bad=True,
            ),
            code("The total is 7160 pallets.", "final_answer(str(total))"),
        ],
        None,
        [
            {"type": "exact_match", "value": "8120"},
            {"type": "tool_succeeded", "tool": "fetch_json"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="HB-EAST's fetch timed out (printed); the middle step sums the other three (7160) as all depots; total is 8120",
    )
)

# 7 wrong_tool_arguments, sub-agent's first call: the query drops the opera's title, so the
# results lead to Voss's other opera (1931); the title's page says 1938; the manager
# recovers from a NameError on the way
w = World()
w.search = [
    (
        ("lantern keeper",),
        results(
            (
                "The Lantern Keeper (opera) - Wikipedia",
                "https://en.wikipedia.org/wiki/The_Lantern_Keeper_(opera)",
                "The Lantern Keeper is a chamber opera by Hedda Voss, first performed at the Kalmar Court Theatre in 1938.",
            )
        ),
    ),
    (
        ("voss",),
        results(
            (
                "The Salt Queen - Wikipedia",
                "https://en.wikipedia.org/wiki/The_Salt_Queen",
                "The Salt Queen is an opera in three acts by Hedda Voss ...",
            ),
            (
                "Hedda Voss - Swedish Musical Heritage",
                "https://musikverk.example.se/voss",
                "Hedda Voss (1897-1969), composer and organist. Works list ...",
            ),
            (
                "Kalmar Court Theatre - season 2025/26",
                "https://kalmarteatern.example.se/season",
                "Tickets and season programme.",
            ),
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/The_Salt_Queen"] = long_page(
    "The Salt Queen",
    "The Salt Queen is an opera in three acts by Hedda Voss to a libretto by Erik Lindmark. "
    "It premiered at the Kalmar Court Theatre on 4 March 1931 and was revived in Gothenburg in 1952.",
    5,
)
w.pages["https://en.wikipedia.org/wiki/The_Lantern_Keeper_(opera)"] = long_page(
    "The Lantern Keeper (opera)",
    "The Lantern Keeper is a chamber opera in one act by Hedda Voss. It was first performed at the Kalmar Court Theatre on 19 November 1938.",
    5,
)
RUNS.append(
    Run(
        "opera_sub_query_drops_title",
        "wrong_tool_arguments",
        "In which year did Hedda Voss's opera 'The Lantern Keeper' premiere at the Kalmar Court Theatre? Year only.",
        [
            code(
                "I'll have search_agent find the premiere.",
                "r = search_agent(task=\"Find the year of the premiere of the opera 'The Lantern Keeper' by Hedda Voss at the Kalmar Court Theatre.\")\nprint(r)",
            ),
            code(
                "I extract the four-digit year from the report.",
                'years = re.findall(r"\\b(1[89]\\d\\d)\\b", r)\nprint(years)',
            ),
            code(
                "I forgot to import re.",
                'import re\nyears = re.findall(r"\\b(1[89]\\d\\d)\\b", r)\nfinal_answer(years[0])',
            ),
        ],
        [
            call(
                "web_search",
                "I'll search for the composer's opera premiere at the Kalmar Court Theatre.",
                bad=True,
                query="Hedda Voss opera premiere Kalmar Court Theatre",
            ),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/The_Salt_Queen"),
            answer(
                "Hedda Voss's opera premiered at the Kalmar Court Theatre on 4 March 1931 (Wikipedia). It was later revived in Gothenburg in 1952."
            ),
        ],
        [{"type": "exact_match", "value": "1938"}],
        S,
        w,
        note="sub-agent's first query leaves out 'The Lantern Keeper' and lands on The Salt Queen (1931); the right page says 1938",
    )
)

# 8 wrong_tool_arguments, single agent's first step: 15 February 2024 is queried as
# 2024-01-15; a KeyError is fixed in the next step
w = World()
w.api = {
    "/snow/brevent-haut?date=2024-02-15": {
        "station": "Brevent-Haut",
        "elevation_m": 2310,
        "date": "2024-02-15",
        "snow_depth_cm": 142,
        "new_snow_24h_cm": 18,
        "units": {"snow_depth_cm": "cm"},
    },
    "/snow/brevent-haut?date=2024-01-15": {
        "station": "Brevent-Haut",
        "elevation_m": 2310,
        "date": "2024-01-15",
        "snow_depth_cm": 96,
        "new_snow_24h_cm": 0,
        "units": {"snow_depth_cm": "cm"},
    },
}
RUNS.append(
    Run(
        "snow_api_month_day_swapped",
        "wrong_tool_arguments",
        "What was the snow depth at the Brevent-Haut station on 15 February 2024, according to the mountain weather API? Give the depth in cm, number only.",
        [
            code(
                "The API takes ISO dates. I'll query the station for 15 February 2024.",
                'import json\nd = json.loads(fetch_json(endpoint="/snow/brevent-haut?date=2024-01-15"))\nprint(d)',
                bad=True,
            ),
            code("I print the snow depth.", 'print(d["snow_depth"])'),
            code(
                "The key is snow_depth_cm, and the unit is already cm.",
                'final_answer(str(d["snow_depth_cm"]))',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "142"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the first step queries date=2024-01-15 (96 cm) for 15 February; 2024-02-15 has 142 cm",
    )
)

# 9 goal_deviation, manager's initial plan: asked for breeding pairs, the plan turns it into
# the colony's total number of birds; the page gives both
w = World()
w.search = [
    (
        ("renwick",),
        results(
            (
                "Cape Renwick Adélie penguin colony - Antarctic Monitoring Programme",
                "https://amp.example.aq/sites/cape-renwick",
                "Census results for the Adélie penguin colony at Cape Renwick, 1998-2023 ...",
            ),
            (
                "Cape Renwick lighthouse expedition 1911",
                "https://polar-history.example.org/renwick-1911",
                "The 1911 expedition landed at Cape Renwick ...",
            ),
        ),
    )
]
w.pages["https://amp.example.aq/sites/cape-renwick"] = long_page(
    "Cape Renwick Adélie penguin colony",
    "## Census 2022-23\nThe 2022-23 aerial and ground census recorded 11,460 breeding pairs of Adélie penguins at Cape Renwick. "
    "Including non-breeding adults and chicks, the total count was 31,200 individual birds.\n\n"
    "## Earlier censuses\n| Season | Breeding pairs |\n|---|---|\n| 2012-13 | 9,870 |\n| 2017-18 | 10,940 |",
    9,
)
RUNS.append(
    Run(
        "penguin_plan_counts_all_birds",
        "goal_deviation",
        "How many breeding pairs of Adélie penguins were recorded at Cape Renwick in the 2022-23 census? Give the number only.",
        [
            plan(
                "- the colony: Adélie penguins at Cape Renwick\n- the census: 2022-23",
                "1. Ask search_agent for the total number of Adélie penguins counted at Cape Renwick in the 2022-23 census, i.e. the full colony size in individual birds.\n2. Return that number without separators.",
                bad=True,
            ),
            code(
                "Step 1 of the plan: delegate the colony count.",
                'count = search_agent(task="Find the total number of Adélie penguins (individual birds, the whole colony) counted at Cape Renwick in the 2022-23 census.")\nprint(count)',
            ),
            code("The colony total is 31,200 birds.", 'final_answer("31200")'),
        ],
        [
            call("web_search", query="Cape Renwick Adélie penguin census 2022-23 total"),
            call("visit_webpage", url="https://amp.example.aq/sites/cape-renwick"),
            answer(
                "The 2022-23 census at Cape Renwick counted 31,200 Adélie penguins in total (non-breeding adults and chicks included), according to the Antarctic Monitoring Programme site page."
            ),
        ],
        [{"type": "exact_match", "value": "11460"}],
        M,
        w,
        planning=10,
        note="question asks breeding pairs (11,460); the initial plan asks for all individual birds (31,200)",
    )
)

# 10 goal_deviation, delegation: asked for the first full year (2019), the manager asks the
# sub-agent for the most recent figure; a 429 on the sub-agent's first search is retried
w = World()
w.search = [
    (
        ("ormsby", "cable car"),
        results(
            (
                "Ormsby Hill Cable Car - Facts and figures",
                "https://ormsby-cablecar.example.com/facts",
                "Ridership by year since opening in December 2018 ...",
            ),
            (
                "Ormsby Hill Cable Car closed for annual maintenance",
                "https://ormsby-news.example.com/cablecar-maintenance",
                "The cable car will not run from 6 to 17 January.",
            ),
        ),
    )
]
w.pages["https://ormsby-cablecar.example.com/facts"] = (
    "# Ormsby Hill Cable Car - Facts and figures\n\nOpened: 14 December 2018. Length: 1.1 km. Cabins: 24.\n\n"
    "## Average daily ridership\n| Year | Passengers per day |\n|---|---|\n| 2019 | 3,850 |\n| 2020 | 1,920 |\n| 2021 | 2,760 |\n"
    "| 2022 | 4,420 |\n| 2023 | 4,880 |\n| 2024 | 5,130 |\n\n2020 and 2021 were affected by pandemic closures."
)
w.fail[("web_search", 0)] = (
    "429 Too Many Requests: rate limit reached for search API; retry after 5 s"
)
RUNS.append(
    Run(
        "cablecar_delegates_latest_year",
        "goal_deviation",
        "What was the average daily ridership of the Ormsby Hill cable car in 2019, its first full year of operation? Number only.",
        [
            code(
                "I'll ask search_agent for the ridership figure.",
                'ridership = search_agent(task="Find the current average daily ridership of the Ormsby Hill cable car, using the most recent year available.")\nprint(ridership)',
                bad=True,
            ),
            code(
                "The report gives the daily ridership; I strip the separator.",
                'final_answer("5130")',
            ),
        ],
        [
            call("web_search", query="Ormsby Hill cable car average daily ridership"),
            call(
                "web_search",
                "The search API is rate-limited; I'll try the same query again.",
                query="Ormsby Hill cable car average daily ridership",
            ),
            call("visit_webpage", url="https://ormsby-cablecar.example.com/facts"),
            answer(
                "The most recent average daily ridership of the Ormsby Hill Cable Car is 5,130 passengers per day (2024, operator's facts and figures page)."
            ),
        ],
        [{"type": "exact_match", "value": "3850"}],
        M,
        w,
        note="question asks 2019 (3,850); the delegation asks for the most recent year (2024: 5,130)",
    )
)

# 11 wrong_format, manager's middle step: the manager builds the answer string with the unit
# "M_J" though the question asks for the number only; the last step returns it
w = World()
w.search = [
    (
        ("tessaly-4",),
        results(
            (
                "Tessaly-4 b - Open Exoplanet Catalogue",
                "https://exocat.example.org/planet/tessaly-4b",
                "Tessaly-4 b: hot Jupiter, transit method, discovered 2017 ...",
            ),
            (
                "Tessaly-4 - star system overview",
                "https://exocat.example.org/system/tessaly-4",
                "Tessaly-4 is a G2V star 412 light-years away hosting one known planet.",
            ),
        ),
    )
]
w.pages["https://exocat.example.org/planet/tessaly-4b"] = (
    "# Tessaly-4 b\n\n| Parameter | Value |\n|---|---|\n| Mass | 1.368 ± 0.041 M_J |\n| Radius | 1.12 R_J |\n"
    "| Orbital period | 3.912 d |\n| Equilibrium temperature | 1,480 K |\n| Discovery | 2017, transit |\n"
)
RUNS.append(
    Run(
        "exoplanet_manager_keeps_unit",
        "wrong_format",
        "What is the mass of the exoplanet Tessaly-4 b in Jupiter masses? Round to two decimals and give the number only.",
        [
            code(
                "I'll get the planet's mass from search_agent.",
                'mass_report = search_agent(task="Find the mass of the exoplanet Tessaly-4 b in Jupiter masses, with its source.")\nprint(mass_report)',
            ),
            code(
                "The catalogue gives 1.368 Jupiter masses, which rounds to 1.37. I'll write it with its unit so the figure is unambiguous.",
                'mass = round(1.368, 2)\nanswer_text = f"{mass} M_J"\nprint(answer_text)',
                bad=True,
            ),
            code("Returning the answer.", "final_answer(answer_text)"),
        ],
        [
            call("web_search", query="Tessaly-4 b exoplanet mass Jupiter masses"),
            call("visit_webpage", url="https://exocat.example.org/planet/tessaly-4b"),
            answer(
                "Tessaly-4 b has a mass of 1.368 ± 0.041 Jupiter masses (M_J), radius 1.12 R_J, orbital period 3.912 d (Open Exoplanet Catalogue)."
            ),
        ],
        [
            {"type": "regex", "value": r"^\d+\.\d{2}$"},
            {"type": "exact_match", "value": "1.37"},
        ],
        M,
        w,
        note="the manager's middle step builds '1.37 M_J' for a number-only answer; the last step returns it",
    )
)

# 12 wrong_format, updated plan (planning_interval=2): the first plan says integer only; after
# a failed regex the updated plan decides to return both units
w = World()
w.search = [
    (
        ("calloway",),
        results(
            (
                "SS Calloway - Wreck diving guide",
                "https://wreckdive.example.co.uk/ss-calloway",
                "The SS Calloway, a steam collier sunk in 1917, lies in the Morrow Channel ...",
            ),
            (
                "Calloway family history",
                "https://genealogy.example.com/calloway",
                "Records of the Calloway family of Cornwall.",
            ),
        ),
    )
]
w.pages["https://wreckdive.example.co.uk/ss-calloway"] = long_page(
    "SS Calloway",
    "The SS Calloway, a steam collier torpedoed in 1917, lies upright on a sandy seabed at 58 m (190 ft) in the Morrow Channel. "
    "The bow section rises to 44 m. Visibility is best in September; strong tidal streams, dive at slack water only.",
    7,
)
RUNS.append(
    Run(
        "wreck_replan_both_units",
        "wrong_format",
        "At what depth does the wreck of the SS Calloway lie, in metres? Give an integer only, without the unit.",
        [
            plan(
                "- the wreck: SS Calloway\n- answer: depth in metres, integer only",
                "1. Ask search_agent for the depth of the wreck.\n2. Extract the depth in metres.\n3. Return the integer alone.",
            ),
            code(
                "I delegate the search for the wreck's depth.",
                'report = search_agent(task="Find the depth at which the wreck of the SS Calloway lies, in metres.")\nprint(report)',
            ),
            code(
                "I extract the metres figure.",
                'import re\ndepth = int(re.search(r"depth of (\\d+) m", report).group(1))\nprint(depth)',
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- the SS Calloway wreck; depth in metres\n### 1.2. Facts that we have learned\n- the wreck lies at 58 m (190 ft) in the Morrow Channel; the bow rises to 44 m\n"
                "### 1.3. Facts still to look up\n- none\n\n## 2. Plan\n1. Read the depth from the report with a pattern matching '58 m (190 ft)'.\n"
                "2. Return the seabed depth together with the feet figure, '58 m (190 ft)', since divers use both units.\n<end_plan>",
                bad=True,
            ),
            code(
                "Following the updated plan: metres and feet.",
                'm = re.search(r"(\\d+) m \\((\\d+) ft\\)", report)\nfinal_answer(f"{m.group(1)} m ({m.group(2)} ft)")',
            ),
        ],
        [
            call("web_search", query="SS Calloway wreck depth metres"),
            call("visit_webpage", url="https://wreckdive.example.co.uk/ss-calloway"),
            answer(
                "The SS Calloway lies upright on a sandy seabed at 58 m (190 ft) in the Morrow Channel; the bow rises to 44 m (wreck diving guide)."
            ),
        ],
        [
            {"type": "regex", "value": r"^\d+$"},
            {"type": "exact_match", "value": "58"},
        ],
        M,
        w,
        planning=2,
        note="initial plan: integer only; the updated plan (after a failed regex) decides on '58 m (190 ft)'",
    )
)

# 13 premature_final_answer, sub-agent's last call (mid-run): with its own plan to open the
# extension news, the sub-agent answers from the 2016 snippet (192 MW); the news page gives
# 276 MW; run summary on, the manager's regex fails once
w = World()
w.search = [
    (
        ("vessel bay",),
        results(
            (
                "Vessel Bay Wind Farm - Wikipedia",
                "https://en.wikipedia.org/wiki/Vessel_Bay_Wind_Farm",
                "Vessel Bay is an offshore wind farm ... 48 turbines with a total capacity of 192 MW, commissioned in 2016.",
            ),
            (
                "Vessel Bay extension energised",
                "https://offshorewind-news.example.com/2024/vessel-bay-extension",
                "October 2024: the last of 21 new turbines in the Vessel Bay extension has been connected ...",
            ),
            (
                "Vessel Bay holiday cottages",
                "https://cottages.example.co.uk/vessel-bay",
                "Sea-view cottages sleeping 2-8, dogs welcome.",
            ),
        ),
    )
]
w.pages["https://offshorewind-news.example.com/2024/vessel-bay-extension"] = (
    "# Vessel Bay extension energised\n\nOctober 2024. The last of 21 new 4 MW turbines in the Vessel Bay extension has been connected, "
    "bringing the wind farm's installed capacity from 192 MW to 276 MW across 69 turbines."
)
RUNS.append(
    Run(
        "windfarm_sub_answers_from_snippet",
        "premature_final_answer",
        "What is the installed capacity of the Vessel Bay offshore wind farm after its 2024 extension, in MW? Number only.",
        [
            code(
                "I'll ask search_agent for the capacity after the extension.",
                'cap = search_agent(task="Find the total installed capacity in MW of the Vessel Bay offshore wind farm after its 2024 extension.")\nprint(cap)',
            ),
            code(
                "I parse the MW figure from the final answer part of the report.",
                'import re\nmw = re.search(r"capacity is (\\d+) MW", cap).group(1)\nprint(mw)',
            ),
            code(
                "The wording differs; I match the number before 'MW' instead.",
                'mw = re.search(r"(\\d+) MW", cap).group(1)\nfinal_answer(mw)',
            ),
        ],
        [
            text(
                "1. Search for the Vessel Bay wind farm's capacity after the 2024 extension.\n2. Open the news or operator page about the extension and read the new total.\n3. Report the total with the source.\n<end_plan>"
            ),
            call("web_search", query="Vessel Bay offshore wind farm capacity 2024 extension MW"),
            answer(
                "The Vessel Bay offshore wind farm has 48 turbines with a total installed capacity of 192 MW (Wikipedia).",
                "The first result states the wind farm's total capacity directly.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "276"}],
        S,
        w,
        sub_planning=5,
        summary=True,
        note="sub-agent answers from the 2016 snippet right after its first search, against its own plan; the extension page says 276 MW",
    )
)

# 14 premature_final_answer, single agent's second (last) step: after a refused import, the
# agent searches and answers with the first match in the same code, without seeing it
w = World()
w.grep = {
    "QuotaExceeded": [
        {
            "path": "src/tollgate/errors.py",
            "line": 22,
            "text": "class QuotaExceeded(TollgateError):",
        },
        {
            "path": "src/tollgate/limits/bucket.py",
            "line": 57,
            "text": "            raise QuotaExceeded(key, retry_after=wait)",
        },
        {
            "path": "src/tollgate/middleware.py",
            "line": 12,
            "text": "from .errors import QuotaExceeded, TollgateError",
        },
        {
            "path": "tests/test_bucket.py",
            "line": 40,
            "text": "    with pytest.raises(QuotaExceeded):",
        },
    ]
}
w.files = {
    "src/tollgate/limits/bucket.py": "\n".join(
        [
            "from __future__ import annotations",
            "",
            "import time",
            "",
            "from ..errors import QuotaExceeded",
            "",
        ]
        + [f"# {i}" for i in range(46)]
        + [
            "    def take(self, key: str) -> None:",
            "        wait = self._wait(key)",
            "        if wait > 0:",
            "            self.metrics.rejected += 1",
            "            raise QuotaExceeded(key, retry_after=wait)",
        ]
    )
}
RUNS.append(
    Run(
        "quota_grep_answers_first_match",
        "premature_final_answer",
        "Issue #318 (tollgate): requests over the rate limit get a 500 instead of a 429. In which source file is `QuotaExceeded` raised? Answer with the path only.",
        [
            code(
                "I'll import the repository tools and search for the exception.",
                'from tollgate_tools import search_code\nprint(search_code(pattern="QuotaExceeded"))',
            ),
            code(
                "The tools are already available as functions. I'll search for QuotaExceeded and return where it shows up.",
                'import json\nhits = json.loads(search_code(pattern="QuotaExceeded"))\nfinal_answer(hits["matches"][0]["path"])',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "src/tollgate/limits/bucket.py"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="the agent answers the first match (the class definition in errors.py) in the same code as the search; the raise is in limits/bucket.py",
    )
)

# 15 looping, manager's middle step: after a correct first report the manager writes a loop
# that runs the sub-agent four more times "for a majority"; the answer is right, the
# search budget is blown
w = World()
w.search = [
    (
        ("vennhoek", "carillon"),
        results(
            (
                "Vennhoek Town Hall carillon",
                "https://vennhoek.example.nl/carillon",
                "The carillon in the town hall tower has 49 bells, the heaviest weighing 3,200 kg ...",
            ),
            (
                "Carillon concerts summer 2025",
                "https://vennhoek.example.nl/agenda",
                "Saturday recitals at 11:00 from June to September.",
            ),
        ),
    )
]
RUNS.append(
    Run(
        "carillon_manager_polls_subagent",
        "looping",
        "How many bells does the carillon of Vennhoek Town Hall have? Number only.",
        [
            code(
                "I'll ask search_agent for the number of bells.",
                'first = search_agent(task="Find how many bells the carillon of Vennhoek Town Hall has.")\nprint(first)',
            ),
            code(
                "49 bells. Search results can vary between runs, so before answering I'll ask search_agent four more times and take the most common number.",
                'import re\nanswers = []\nfor i in range(4):\n    r = search_agent(task="Find how many bells the carillon of Vennhoek Town Hall has.")\n    answers.append(re.findall(r"(\\d+) bells", r)[0])\nprint(answers)',
                bad=True,
            ),
            code("All runs agree on 49.", 'final_answer("49")'),
        ],
        [
            call("web_search", query="Vennhoek Town Hall carillon number of bells"),
            answer("The Vennhoek Town Hall carillon has 49 bells; the heaviest weighs 3,200 kg."),
            call("web_search", query="Vennhoek carillon bells"),
            answer("49 bells (town hall carillon page)."),
            call("web_search", query="Vennhoek Town Hall carillon bells"),
            answer("The carillon has 49 bells."),
            call("web_search", query="Vennhoek carillon number of bells"),
            answer("49 bells, heaviest 3,200 kg."),
            call("web_search", query="Vennhoek Town Hall carillon"),
            answer("Vennhoek Town Hall's carillon: 49 bells."),
        ],
        [
            {"type": "exact_match", "value": "49"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        M,
        w,
        note="the manager's middle step loops the same delegation four more times (5 searches in all); the answer is right",
    )
)

# 16 looping, single agent's middle steps: the first search already shows the default (25);
# the agent keeps searching variants and the same pattern again until max_steps, and the
# forced final answer has no value
w = World()
w.grep = {
    "max_upload_mb": [
        {"path": "larkspur/config/defaults.py", "line": 18, "text": '    "max_upload_mb": 25,'},
        {
            "path": "larkspur/web/forms.py",
            "line": 77,
            "text": '    limit = settings.get("max_upload_mb")',
        },
        {
            "path": "docs/configuration.md",
            "line": 140,
            "text": "| `max_upload_mb` | int | maximum size of an uploaded file |",
        },
    ],
    "upload_mb": [
        {"path": "larkspur/config/defaults.py", "line": 18, "text": '    "max_upload_mb": 25,'},
        {
            "path": "larkspur/web/forms.py",
            "line": 77,
            "text": '    limit = settings.get("max_upload_mb")',
        },
        {
            "path": "docs/configuration.md",
            "line": 140,
            "text": "| `max_upload_mb` | int | maximum size of an uploaded file |",
        },
    ],
}
RUNS.append(
    Run(
        "upload_limit_grep_variants",
        "looping",
        "In the larkspur repository, what is the default value of the `max_upload_mb` setting? Number only.",
        [
            code(
                "I search the repository for the setting.",
                'print(search_code(pattern="max_upload_mb"))',
            ),
            code(
                "defaults.py:18 sets it to 25, but settings like this are often overridden by a module-level constant. I'll search the uppercase name.",
                'print(search_code(pattern="MAX_UPLOAD_MB"))',
                bad=True,
            ),
            code(
                "No constant. Maybe it is built from a shorter name; I'll search the prefix.",
                'print(search_code(pattern="max_upload"))',
                bad=True,
            ),
            code(
                "Nothing for the prefix either. I'll search the setting again to see every place it is used.",
                'print(search_code(pattern="max_upload_mb"))',
                bad=True,
            ),
            code(
                "The same three matches. One more try with the suffix, in case an environment variable sets it.",
                'print(search_code(pattern="upload_mb"))',
                bad=True,
            ),
            text(
                "I could not confirm the default value of max_upload_mb within the step limit: the setting is read in larkspur/web/forms.py and may be overridden elsewhere."
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "25"},
            {"type": "tool_called", "tool": "search_code", "max": 2},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        max_steps=5,
        note="the first search shows 25 at defaults.py:18; steps 2-5 search variants and the same pattern again, max_steps is reached, the forced answer has no value",
    )
)
