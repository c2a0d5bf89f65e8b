# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `sealed` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent, or of a single
CodeAgent on the JSON API or the code search, two per fault of the taxonomy, each with one
decisive fault labelled at the LLM call that decided it (`bad=True` on its reply). Written in
one sweep without reading blame's rules or the other held-out families; see
smolagents_sealed.py. The systems, the tools, the reply helpers and `Run` are those of the
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
    plan,
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written."""


def _monthly(year: int, total: int, sailings: int) -> list[dict[str, int | str]]:
    """Twelve monthly rows of a ferry route's statistics that add up to `total`."""
    weights = (5, 5, 6, 7, 9, 11, 14, 14, 10, 7, 6, 6)
    rows: list[dict[str, int | str]] = []
    left, left_sailings = total, sailings
    for month, w in enumerate(weights, start=1):
        if month == 12:
            n, s = left, left_sailings
        else:
            n, s = total * w // 100, sailings * w // 100
        left -= n
        left_sailings -= s
        rows.append({"month": f"{year}-{month:02d}", "passengers": n, "sailings": s})
    return rows


# 1 misread_tool_output, the sub-agent's last call: a dead directory link, then the Wikipedia
# infobox lists the tower's height (31 m) next to the light's focal height (47 m); the
# sub-agent reports 47 m as the tower height and the manager passes it on
w = World()
w.search = [
    (
        ("skarv",),
        results(
            (
                "Skarvøy Point ferry terminal - timetable",
                "https://fjordlines.example.no/skarvoy",
                "Departures from Skarvøy Point every 40 minutes in summer; the first ferry leaves at 06:10.",
            ),
            (
                "Skarvøy Point Lighthouse - Wikipedia",
                "https://en.wikipedia.org/wiki/Skarv%C3%B8y_Point_Lighthouse",
                "Skarvøy Point Lighthouse is a coastal lighthouse in Møre og Romsdal, Norway. It was first lit in 1874 and automated in 1989.",
            ),
            (
                "Skarvøy Point | Norwegian Lighthouse Directory",
                "https://fyrliste.example.no/fyr/skarvoy-point",
                "Tower, focal height, range and light characteristic of Skarvøy Point.",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Skarv%C3%B8y_Point_Lighthouse"] = long_page(
    "Skarvøy Point Lighthouse",
    "| Skarvøy Point Lighthouse | |\n|---|---|\n| Location | Skarvøy, Møre og Romsdal, Norway |\n| Coordinates | 62°31'N 5°47'E |\n| Constructed | 1872-1874 |\n| First lit | 1 November 1874 |\n| Automated | 1989 |\n| Construction | cast-iron tower |\n| Height | 31 m (102 ft) |\n| Shape | cylindrical tower with balcony and lantern |\n| Markings | red tower, white band, black lantern |\n| Focal height | 47 m (154 ft) |\n| Intensity | 1,240,000 candela |\n| Range | 18 nmi (33 km) |\n| Characteristic | Fl(2) W 10s |\n\n"
    "**Skarvøy Point Lighthouse** (Norwegian: *Skarvøy fyr*) is a coastal lighthouse at the northern tip of Skarvøy. "
    "The cast-iron tower stands on a 16 m granite knoll, which puts the light at 47 m above mean high water and makes it visible far out into the shipping lane.\n\n"
    "## History\nThe station was built between 1872 and 1874 to mark the approach to the fjord. The keeper's house was rebuilt after a storm in 1913. "
    "The light was electrified in 1956 and automated in 1989, after which the buildings were leased to a local heritage society.",
)
RUNS.append(
    Run(
        name="lighthouse-tower-height",
        fault="misread_tool_output",
        question="How tall is the tower of the Skarvøy Point lighthouse in Norway, in metres? Reply with the number only.",
        manager=[
            code(
                "I'll ask search_agent for the tower's height.",
                'report = search_agent(task="Find the height in metres of the tower of the Skarvøy Point lighthouse (Norway).")\nprint(report)',
            ),
            code(
                "search_agent reports the tower height. I'll take the number in metres from its answer.",
                r"""
import re
height = re.search(r"(\d+) m tall", report).group(1)
print(height)
final_answer(height)
""",
            ),
        ],
        sub=[
            call("web_search", query="Skarvøy Point lighthouse tower height"),
            call(
                "visit_webpage",
                "The lighthouse directory should list the tower dimensions.",
                url="https://fyrliste.example.no/fyr/skarvoy-point",
            ),
            call(
                "visit_webpage",
                "The directory link is dead. The Wikipedia article should have an infobox.",
                url="https://en.wikipedia.org/wiki/Skarv%C3%B8y_Point_Lighthouse",
            ),
            answer(
                "The Skarvøy Point lighthouse tower is 47 m tall (154 ft). It was first lit in 1874, automated in 1989, and its light has a range of 18 nmi.",
                "The infobox gives the height of the tower.",
                bad=True,
            ),
        ],
        checks=[{"type": "exact_match", "value": "31"}],
        agent=S,
        world=w,
        summary=True,
        note="the sub-agent reads the focal height (47 m) in the infobox as the tower height (31 m)",
    )
)

# 2 misread_tool_output, a single CodeAgent's middle step (4 of 5) on the JSON API: a KeyError
# fixed, then the printed length-change series; the agent takes the 2021 row (-31.4 m) for
# 2022 (-27.9 m) and answers 31.4
w = World()
w.api = {
    "/glaciers?name=Hallstrand": {
        "count": 2,
        "results": [
            {
                "id": "GL-0417",
                "name": "Hallstrand Glacier",
                "region": "Western Norway",
                "type": "outlet glacier",
                "area_km2": 34.8,
                "monitoring_since": 1961,
            },
            {
                "id": "GL-0471",
                "name": "Hallstrand Nord",
                "region": "Western Norway",
                "type": "cirque glacier",
                "area_km2": 2.1,
                "monitoring_since": 1998,
            },
        ],
    },
    "/glaciers/GL-0417/length": {
        "glacier_id": "GL-0417",
        "name": "Hallstrand Glacier",
        "unit": "m",
        "sign_convention": "negative = retreat of the terminus",
        "series": [
            {
                "year": 2018,
                "change": -22.5,
                "cumulative": -348.1,
                "method": "GNSS",
                "observer": "field team A",
            },
            {
                "year": 2019,
                "change": -18.2,
                "cumulative": -366.3,
                "method": "GNSS",
                "observer": "field team A",
            },
            {
                "year": 2020,
                "change": -9.6,
                "cumulative": -375.9,
                "method": "drone",
                "observer": "field team B",
            },
            {
                "year": 2021,
                "change": -31.4,
                "cumulative": -407.3,
                "method": "GNSS",
                "observer": "field team A",
            },
            {
                "year": 2022,
                "change": -27.9,
                "cumulative": -435.2,
                "method": "GNSS",
                "observer": "field team A",
            },
            {
                "year": 2023,
                "change": -12.0,
                "cumulative": -447.2,
                "method": "drone",
                "observer": "field team B",
            },
        ],
        "reference_year": 1961,
        "last_updated": "2024-03-18",
    },
}
RUNS.append(
    Run(
        name="glacier-retreat-row",
        fault="misread_tool_output",
        question="According to the glacier monitoring API, by how many metres did the terminus of the Hallstrand Glacier retreat in 2022? Reply with the number of metres only, as a positive number.",
        manager=[
            code(
                "First I find the glacier's id in the API.",
                'import json\nres = json.loads(fetch_json(endpoint="/glaciers?name=Hallstrand"))\nfor g in res["results"]:\n    print(g["id"], g["name"], g["type"])',
            ),
            code(
                "The Hallstrand Glacier itself is GL-0417 (the other one is a small cirque glacier). Now its length-change series.",
                'series = json.loads(fetch_json(endpoint="/glaciers/GL-0417/length"))\nfor row in series["data"]:\n    print(row)',
            ),
            code(
                "There is no 'data' key. Let me print the keys and the rows of the series.",
                'series = json.loads(fetch_json(endpoint="/glaciers/GL-0417/length"))\nprint(list(series.keys()))\nprint(series["sign_convention"])\nfor row in series["series"]:\n    print(row["year"], row["change"], row["cumulative"], row["method"])',
            ),
            code(
                "In the 2022 row the change is -31.4 m, and negative means retreat, so the terminus retreated 31.4 m in 2022.",
                'retreat_2022 = 31.4\nprint(f"Retreat in 2022: {retreat_2022} m")',
                bad=True,
            ),
            code("I have the figure as a positive number.", "final_answer(str(retreat_2022))"),
        ],
        sub=None,
        checks=[{"type": "exact_match", "value": "27.9"}],
        agent="glacier_analyst",
        world=w,
        manager_tools=("fetch_json",),
        manager_name="glacier_analyst",
        note="the agent reads the 2021 row's change (-31.4) as 2022's (-27.9)",
    )
)

# 3 hallucinated_fact, the manager's initial plan: its facts survey states from memory that
# the Orrin Firth Bridge's main span is 1,104 m (it is 1,146 m); only the other bridge is
# looked up, and the manager subtracts from the remembered figure
w = World()
w.search = [
    (
        ("kelderwick",),
        results(
            (
                "Kelderwick Bridge toll charges 2025",
                "https://kelderwick-crossing.example.co.uk/tolls",
                "Cars £3.20, motorcycles £1.10, HGVs £9.40. Tolls are collected northbound only.",
            ),
            (
                "Kelderwick Bridge - Wikipedia",
                "https://en.wikipedia.org/wiki/Kelderwick_Bridge",
                "The Kelderwick Bridge is a road suspension bridge over the Kelder estuary, with a total length of 2,310 m. It opened in 1983.",
            ),
        ),
    ),
    (
        ("orrin",),
        results(
            (
                "Orrin Firth Bridge - Wikipedia",
                "https://en.wikipedia.org/wiki/Orrin_Firth_Bridge",
                "The Orrin Firth Bridge is a suspension bridge opened in 1998, with a main span of 1,146 m.",
            ),
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/Kelderwick_Bridge"] = long_page(
    "Kelderwick Bridge",
    "| Kelderwick Bridge | |\n|---|---|\n| Carries | A-road, 4 lanes, footway and cycleway |\n| Crosses | Kelder estuary |\n| Design | suspension bridge |\n| Total length | 2,310 m |\n| Width | 27 m |\n| Height | 154 m (towers) |\n| Longest span | 862 m |\n| Clearance below | 48 m |\n| Opened | 12 June 1983 |\n| Daily traffic | 41,000 vehicles (2019) |\n\n"
    "The **Kelderwick Bridge** carries the A-road across the Kelder estuary. Its main span of 862 m was the longest in the country until 1998, when it was overtaken by the Orrin Firth Bridge.\n\n"
    "## Construction\nThe towers were built from 1978 and the deck was lifted into place in 1982. The main cables each hold 11,600 galvanised wires.",
)
w.pages["https://en.wikipedia.org/wiki/Orrin_Firth_Bridge"] = long_page(
    "Orrin Firth Bridge",
    "| Orrin Firth Bridge | |\n|---|---|\n| Design | suspension bridge |\n| Total length | 2,622 m |\n| Longest span | 1,146 m |\n| Opened | 1998 |\n\nThe **Orrin Firth Bridge** crosses the Orrin Firth with a main span of 1,146 m.",
)
RUNS.append(
    Run(
        name="bridge-span-difference",
        fault="hallucinated_fact",
        question="How much longer, in metres, is the main span of the Orrin Firth Bridge than the main span of the Kelderwick Bridge? Reply with the number only.",
        manager=[
            plan(
                "- Two suspension bridges: the Orrin Firth Bridge and the Kelderwick Bridge.\n- The answer is the difference of their main spans, in metres.\n- From memory: the Orrin Firth Bridge (opened 1998) has a main span of 1,104 m; it is on the list of the longest suspension spans in Europe.",
                "1. Ask search_agent for the main span of the Kelderwick Bridge.\n2. Subtract it from the Orrin Firth Bridge's 1,104 m main span.\n3. Return the difference as a plain number.",
                bad=True,
            ),
            code(
                "Following the plan, I only need the Kelderwick Bridge's main span.",
                'report = search_agent(task="Find the length of the main span of the Kelderwick Bridge, in metres.")\nprint(report)',
            ),
            code(
                "The Kelderwick main span is 862 m. The difference with Orrin Firth's 1,104 m:",
                "orrin_span = 1104\nkelderwick_span = 862\ndiff = orrin_span - kelderwick_span\nprint(diff)\nfinal_answer(str(diff))",
            ),
        ],
        sub=[
            call("web_search", query="Kelderwick Bridge main span length"),
            call(
                "visit_webpage",
                "The snippet only gives the total length; the article's infobox should have the main span.",
                url="https://en.wikipedia.org/wiki/Kelderwick_Bridge",
            ),
            answer(
                "The main span of the Kelderwick Bridge is 862 m (total length 2,310 m, towers 154 m high, opened 1983)."
            ),
        ],
        checks=[{"type": "exact_match", "value": "284"}],
        agent=M,
        world=w,
        planning=4,
        note="the initial plan recalls Orrin Firth's main span as 1,104 m (it is 1,146 m) and the manager uses it",
    )
)

# 4 hallucinated_fact, the sub-agent's middle call (its third of four, after its own plan):
# it has read the refractor's first light (1891) and, while going on to confirm it, states
# from memory that the observatory was founded in 1862 (it was 1868)
w = World()
w.search = [
    (
        ("mirebald",),
        results(
            (
                "The Great Refractor | Mirebald Observatory",
                "https://mirebald-observatory.example.org/instruments/great-refractor",
                "The 68 cm Great Refractor saw first light in March 1891 and is still used for public nights.",
            ),
            (
                "Dome restoration completed | Mirebald Observatory",
                "https://mirebald-observatory.example.org/news/dome-restoration",
                "The cast-iron dome, completed in 1889, has been restored and repainted.",
            ),
            (
                "Mirebald - Wikipedia",
                "https://en.wikipedia.org/wiki/Mirebald",
                "Mirebald is a market town on the river Sorne, known for its cloth hall and its observatory.",
            ),
        ),
    )
]
w.pages["https://mirebald-observatory.example.org/instruments/great-refractor"] = (
    "# The Great Refractor\n\n[Home](/) > [Instruments](/instruments) > Great Refractor\n\n"
    "The Great Refractor is the observatory's largest telescope. Its 68 cm objective lens was figured by the Henrichs workshop over four years; "
    "the tube is 10.4 m long and the whole instrument weighs about 21 tonnes.\n\n"
    "The telescope saw first light on 14 March 1891, when the director observed Jupiter and its moons. It replaced the 22 cm refractor "
    "that had served the observatory since its early years, and which is now on display in the entrance hall.\n\n"
    "| Objective | 68 cm doublet |\n|---|---|\n| Focal length | 10.2 m |\n| First light | 14 March 1891 |\n| Mount | German equatorial |\n\n"
    "Public nights with the Great Refractor take place every clear Friday from October to March."
)
w.pages["https://mirebald-observatory.example.org/news/dome-restoration"] = (
    "# Dome restoration completed\n\n*Posted 4 May 2019*\n\nAfter eighteen months of work, the cast-iron dome is turning again. "
    "The dome was completed in 1889 and has housed the Great Refractor since its first light in 1891. "
    "Its shutter mechanism was rebuilt and 2,300 rivets were replaced."
)
w.pages["https://mirebald-observatory.example.org/about/history"] = (
    "# History\n\nThe Mirebald Observatory was founded in 1868 by the town's Academy of Sciences."
)
RUNS.append(
    Run(
        name="observatory-founding-gap",
        fault="hallucinated_fact",
        question="How many years after the Mirebald Observatory was founded did its 68 cm Great Refractor see first light? Reply with the number only.",
        manager=[
            code(
                "I'll have search_agent find both dates.",
                'report = search_agent(task="Find the year the Mirebald Observatory was founded and the year its 68 cm Great Refractor saw first light.")\nprint(report)',
            ),
            code(
                "Founded in 1862, first light in 1891.",
                "founded = 1862\nfirst_light = 1891\nprint(first_light - founded)\nfinal_answer(str(first_light - founded))",
            ),
        ],
        sub=[
            plan(
                "- The Mirebald Observatory and its 68 cm Great Refractor.\n- Two years are needed: the founding of the observatory and the first light of the refractor.",
                "1. Search for the Great Refractor's first light.\n2. Read the observatory's pages for the founding year.\n3. Report both years.",
            ),
            call("web_search", query="Mirebald Observatory Great Refractor first light"),
            call(
                "visit_webpage",
                "The observatory's own page on the refractor should have the date.",
                url="https://mirebald-observatory.example.org/instruments/great-refractor",
            ),
            call(
                "visit_webpage",
                "First light was 14 March 1891. The observatory itself was founded in 1862, when the town council endowed it, so that part is settled. I'll confirm the 1891 date on the dome restoration page.",
                url="https://mirebald-observatory.example.org/news/dome-restoration",
                bad=True,
            ),
            answer(
                "The Mirebald Observatory was founded in 1862. Its 68 cm Great Refractor saw first light on 14 March 1891 (the dome, completed in 1889, has housed it since), 29 years after the founding."
            ),
        ],
        checks=[{"type": "exact_match", "value": "23"}],
        agent=S,
        world=w,
        sub_planning=5,
        note="the sub-agent states the founding year 1862 from memory (the observatory was founded in 1868); no page it read gives it",
    )
)

# 5 ignored_tool_error, the manager's middle step (3 of 4): the sub-agent reports that the
# city's extension page gave 503 and a news link was dead; the manager reads that and goes on
# with a made-up extension length of 2.5 km (it is 3.1 km)
w = World()
w.search = [
    (
        ("ostreva", "extension"),
        results(
            (
                "Line 4 extension to Kesselwiese | City of Ostreva",
                "https://www.ostreva.example/verkehr/linie-4-verlaengerung",
                "Four new stops between Nordbahnhof and Kesselwiese opened on 12 September 2021.",
            ),
            (
                "First tram reaches Kesselwiese - Ostreva Kurier",
                "https://kurier-ostreva.example/lokales/2021/09/erste-tram-kesselwiese",
                "Crowds at Kesselwiese as the first tram of the extended line 4 arrives ...",
            ),
        ),
    ),
    (
        ("ostreva", "line 4"),
        results(
            (
                "Ostreva tramway - Wikipedia",
                "https://en.wikipedia.org/wiki/Ostreva_tramway",
                "The Ostreva tramway has four lines with a total route length of 41.4 km. Line 4 runs from Hallplatz ...",
            ),
            (
                "Tram line 4 timetable | Ostreva transport",
                "https://vbo.example/fahrplan/4",
                "Every 10 minutes on weekdays, every 15 minutes on Sundays.",
            ),
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/Ostreva_tramway"] = long_page(
    "Ostreva tramway",
    "The **Ostreva tramway** is the tram network of the city of Ostreva. It opened as a horse tramway in 1884 and was electrified in 1899.\n\n"
    "## Lines\n| Line | Route | Length | Stops |\n|---|---|---|---|\n| 1 | Westfriedhof - Ostbahnhof | 11.2 km | 27 |\n| 2 | Hallplatz - Südpark | 7.4 km | 18 |\n| 3 | Mühlental - Messe | 13.0 km | 31 |\n| 4 | Hallplatz - Nordbahnhof | 9.8 km | 21 |\n\n"
    "Figures as of 2020. In 2021 line 4 was extended beyond Nordbahnhof to Kesselwiese; see the city's project page.",
)
w.pages["https://www.ostreva.example/verkehr/linie-4-verlaengerung"] = (
    "# Line 4 extension to Kesselwiese\n\nThe 3.1 km extension with four new stops opened on 12 September 2021."
)
w.fail[("visit_webpage", 1)] = (
    "503 Server Error: Service Unavailable for url: https://www.ostreva.example/verkehr/linie-4-verlaengerung"
)
RUNS.append(
    Run(
        name="tram-line-extension",
        fault="ignored_tool_error",
        question="Line 4 of the Ostreva tramway was extended in 2021. What is the route length of line 4 after the extension, in kilometres? Reply with the number only.",
        manager=[
            code(
                "First I need line 4's length before the extension.",
                'before = search_agent(task="Find the route length of Ostreva tram line 4 before its 2021 extension, in km.")\nprint(before)',
            ),
            code(
                "Line 4 was 9.8 km long before 2021. Now the length of the extension itself.",
                'ext = search_agent(task="Find the length in km of the 2021 extension of Ostreva tram line 4 to Kesselwiese.")\nprint(ext)',
            ),
            code(
                "search_agent could not open the city's project page (503 Service Unavailable) and the news link was dead; it only knows the extension added four stops. Four-stop tram extensions are usually about 2.5 km, so I'll take 2.5 km for the extension.",
                "extension_km = 2.5\ntotal_km = round(9.8 + extension_km, 1)\nprint(total_km)",
                bad=True,
            ),
            code("Line 4 is 12.3 km long after the extension.", "final_answer(str(total_km))"),
        ],
        sub=[
            call("web_search", query="Ostreva tram line 4 route length"),
            call(
                "visit_webpage",
                "The Wikipedia article should have a table of the lines.",
                url="https://en.wikipedia.org/wiki/Ostreva_tramway",
            ),
            answer(
                "Before the 2021 extension, line 4 (Hallplatz - Nordbahnhof) was 9.8 km long with 21 stops (figures as of 2020)."
            ),
            call("web_search", query="Ostreva line 4 extension Kesselwiese length km"),
            call(
                "visit_webpage",
                "The city's project page should give the length of the extension.",
                url="https://www.ostreva.example/verkehr/linie-4-verlaengerung",
            ),
            call(
                "visit_webpage",
                "The city's page is unavailable. Trying the newspaper report.",
                url="https://kurier-ostreva.example/lokales/2021/09/erste-tram-kesselwiese",
            ),
            answer(
                "I could not find the length of the extension: the city's project page returned 503 Service Unavailable and the Ostreva Kurier article returned 404 Not Found. The search snippet only says that the extension added four new stops between Nordbahnhof and Kesselwiese and opened on 12 September 2021."
            ),
        ],
        checks=[{"type": "exact_match", "value": "12.9"}],
        agent=M,
        world=w,
        note="the manager reads the sub-agent's report of a 503 and a 404 and goes on with an invented 2.5 km (the extension is 3.1 km)",
    )
)

# 6 ignored_tool_error, a single CodeAgent's last step on the JSON API: a 429 retried, the site
# found, then the production endpoint times out (503); the agent answers with the site's
# capacity as if it were the 2023 output
w = World()
w.api = {
    "/sites?query=Bräunberg": {
        "count": 1,
        "sites": [
            {
                "site_id": "SM-208",
                "name": "Bräunberg Salt Mine",
                "operator": "Südsalz Bergbau GmbH",
                "commodity": "rock salt",
                "type": "underground",
                "status": "active",
                "opened": 1563,
                "capacity_t_per_year": 450000,
                "depth_m": 610,
                "employees": 212,
                "visitor_tours": True,
            }
        ],
    },
    "/sites/SM-208/production?year=2023": {
        "site_id": "SM-208",
        "year": 2023,
        "commodity": "rock salt",
        "output_t": 387120,
        "shifts": 2,
        "days_worked": 231,
    },
}
w.fail[("fetch_json", 0)] = "API error 429: rate limit exceeded (60 requests/min); retry after 2 s"
w.fail[("fetch_json", 2)] = "API error 503: production service timed out after 30 s"
RUNS.append(
    Run(
        name="salt-mine-output",
        fault="ignored_tool_error",
        question="According to the mining statistics API, how many tonnes of rock salt did the Bräunberg salt mine produce in 2023? Reply with the integer only.",
        manager=[
            code(
                "I'll look the mine up to get its site id.",
                'import json\nsites = json.loads(fetch_json(endpoint="/sites?query=Bräunberg"))\nprint(sites)',
            ),
            code(
                "The API rate-limited me. Retrying the same call.",
                'sites = json.loads(fetch_json(endpoint="/sites?query=Bräunberg"))\nfor s in sites["sites"]:\n    print(s)',
            ),
            code(
                "The mine is SM-208. Now its 2023 production.",
                'prod = json.loads(fetch_json(endpoint="/sites/SM-208/production?year=2023"))\nprint(prod)',
            ),
            code(
                "The production service timed out. The site record gives a capacity of 450,000 t per year and the mine is active, so it will have run at about capacity in 2023: 450,000 t.",
                'final_answer("450000")',
                bad=True,
            ),
        ],
        sub=None,
        checks=[{"type": "exact_match", "value": "387120"}],
        agent="mining_analyst",
        world=w,
        manager_tools=("fetch_json",),
        manager_name="mining_analyst",
        note="the production endpoint times out and the agent answers the site's capacity (450,000 t) instead of the 2023 output (387,120 t)",
    )
)

# 7 wrong_tool_arguments, the sub-agent's first call: asked about the 2023 Brannock Memorial
# (a round robin), it searches for the Brannock Open, the Swiss event of the same festival,
# and reports that event's winning score
w = World()
w.search = [
    (
        ("brannock", "memorial"),
        results(
            (
                "Brannock Memorial 2023 | Brannock Chess Festival",
                "https://brannockchess.example.org/2023/memorial",
                "Ten-player round robin. GM Anya Sorokina won with 6.5/9, half a point ahead of GM Rui Carvalho.",
            ),
        ),
    ),
    (
        ("brannock", "open"),
        results(
            (
                "Brannock Open 2023 - Final standings | chess-results",
                "https://chess-results.example.com/tnr771204.aspx?art=1",
                "Swiss, 9 rounds, 164 players. 1. GM Tomasz Wierzba 7.5, 2. IM Lena Oduya 7.0, 3. GM Piet Haaksma 7.0 ...",
            ),
            (
                "Brannock Chess Festival 2023",
                "https://brannockchess.example.org/2023",
                "The festival comprises the Brannock Memorial (10-player round robin), the Brannock Open and a blitz tournament.",
            ),
        ),
    ),
]
w.pages["https://chess-results.example.com/tnr771204.aspx?art=1"] = (
    "# Brannock Open 2023\n\nFinal Ranking after 9 Rounds\n\n"
    "| Rk. | SNo | Name | FED | Rtg | Pts. | TB1 | TB2 |\n|---|---|---|---|---|---|---|---|\n"
    "| 1 | 3 | GM Wierzba Tomasz | POL | 2611 | 7.5 | 52.5 | 56.0 |\n"
    "| 2 | 11 | IM Oduya Lena | ENG | 2432 | 7.0 | 50.0 | 54.5 |\n"
    "| 3 | 1 | GM Haaksma Piet | NED | 2640 | 7.0 | 49.5 | 53.0 |\n"
    "| 4 | 7 | GM Varga Bence | HUN | 2568 | 6.5 | 51.0 | 55.5 |\n"
    "| 5 | 19 | FM Castell Oriol | ESP | 2371 | 6.5 | 47.0 | 50.5 |\n"
    "| 6 | 5 | IM Brandt Jonas | GER | 2497 | 6.5 | 46.5 | 50.0 |\n\n"
    "Tie Break1: Buchholz Tie-Breaks (variabel with parameter). Tie Break2: Buchholz Tie-Breaks (variabel with parameter).\n"
    "Chief Arbiter: IA Morag Dunlop. Time control: 90 min + 30 s/move."
)
RUNS.append(
    Run(
        name="chess-memorial-score",
        fault="wrong_tool_arguments",
        question="How many points did the winner of the 2023 Brannock Memorial chess tournament score? Reply with the score only, e.g. 6.5.",
        manager=[
            code(
                "I'll delegate the lookup of the final standings.",
                'result = search_agent(task="How many points did the winner of the 2023 Brannock Memorial chess tournament score? Report the winner and the score.")\nprint(result)',
            ),
            code("The winner scored 7.5 points.", 'final_answer("7.5")'),
        ],
        sub=[
            call(
                "web_search",
                "Looking for the final standings of the 2023 Brannock tournament.",
                bad=True,
                query="Brannock Open 2023 final standings",
            ),
            call(
                "visit_webpage",
                "The chess-results page has the final ranking.",
                url="https://chess-results.example.com/tnr771204.aspx?art=1",
            ),
            answer(
                "The 2023 Brannock tournament was won by GM Tomasz Wierzba (POL) with 7.5/9 points, ahead of IM Lena Oduya and GM Piet Haaksma on 7.0."
            ),
        ],
        checks=[{"type": "exact_match", "value": "6.5"}],
        agent=S,
        world=w,
        note="the sub-agent searches the Brannock Open (a sibling event: 7.5) instead of the Brannock Memorial (6.5)",
    )
)

# 8 wrong_tool_arguments, a single CodeAgent's first step on the JSON API: it finds the route
# id right but asks for the 2022 passenger statistics when 2023 is asked; a KeyError later,
# fixed, and the 2022 total is answered
w = World()
w.api = {
    "/ferry/routes?q=Lindholm": {
        "routes": [
            {
                "route_id": "R-112",
                "name": "Lindholm-Sæby",
                "operator": "Kattegat Linjen",
                "crossing_min": 95,
                "vessels": ["MF Sæbygaard", "MF Lindholm"],
                "seasonal": False,
            },
            {
                "route_id": "R-121",
                "name": "Lindholm-Grenå",
                "operator": "Kattegat Linjen",
                "crossing_min": 160,
                "vessels": ["MF Anholt"],
                "seasonal": True,
            },
        ]
    },
    "/ferry/routes/R-112/passengers?year=2022": {
        "route_id": "R-112",
        "route": "Lindholm-Sæby",
        "year": 2022,
        "unit": "passengers",
        "total": 1197455,
        "cars": 301220,
        "trucks": 41870,
        "sailings": 5840,
        "punctuality_pct": 96.1,
        "monthly": _monthly(2022, 1197455, 5840),
        "source": "national ferry survey",
        "revised": False,
        "last_updated": "2023-04-03",
    },
    "/ferry/routes/R-112/passengers?year=2023": {
        "route_id": "R-112",
        "route": "Lindholm-Sæby",
        "year": 2023,
        "unit": "passengers",
        "total": 1284310,
        "cars": 318904,
        "trucks": 43015,
        "sailings": 5912,
        "punctuality_pct": 95.4,
        "monthly": _monthly(2023, 1284310, 5912),
        "source": "national ferry survey",
        "revised": False,
        "last_updated": "2024-04-05",
    },
}
RUNS.append(
    Run(
        name="ferry-route-passengers",
        fault="wrong_tool_arguments",
        question="How many passengers did the Lindholm-Sæby ferry route carry in 2023, according to the transport statistics API? Reply with the integer only.",
        manager=[
            code(
                "I'll find the route's id, then pull its passenger statistics for the year.",
                'import json\nroutes = json.loads(fetch_json(endpoint="/ferry/routes?q=Lindholm"))\nrid = [r["route_id"] for r in routes["routes"] if r["name"] == "Lindholm-Sæby"][0]\nstats = json.loads(fetch_json(endpoint=f"/ferry/routes/{rid}/passengers?year=2022"))\nprint(rid)\nprint(stats)',
                bad=True,
            ),
            code(
                "The route is R-112. Before answering I'll check that the monthly figures add up to the yearly total.",
                'print(sum(m["passengers"] for m in stats["monthly"]), stats["total_passengers"])',
            ),
            code(
                "The field is called 'total', not 'total_passengers'.",
                'monthly_sum = sum(m["passengers"] for m in stats["monthly"])\nprint(monthly_sum, stats["total"])\nfinal_answer(str(stats["total"]))',
            ),
        ],
        sub=None,
        checks=[{"type": "exact_match", "value": "1284310"}],
        agent="stats_agent",
        world=w,
        manager_tools=("fetch_json",),
        manager_name="stats_agent",
        note="the first step asks the API for year=2022 (1,197,455) instead of 2023 (1,284,310)",
    )
)

# 9 goal_deviation, the manager's delegation: asked for the 2024 men's winning time, the
# manager asks the sub-agent for the men's course record, which is on the same page
w = World()
w.search = [
    (
        ("varnholt",),
        results(
            (
                "Varnholt Marathon - Wikipedia",
                "https://en.wikipedia.org/wiki/Varnholt_Marathon",
                "The Varnholt Marathon is an annual road race held each April since 1982. The men's course record of 2:07:31 was set in 2019.",
            ),
            (
                "Results 2024 | Varnholt Marathon",
                "https://varnholt-marathon.example.de/en/results/2024",
                "Men: 1. Abebe Tadesse (ETH) 2:09:47, 2. Josphat Rono (KEN) 2:10:05 ...",
            ),
            (
                "Varnholt Half Marathon - registration",
                "https://varnholt-marathon.example.de/en/half",
                "Register for the half marathon on the same day; start at 9:30.",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Varnholt_Marathon"] = long_page(
    "Varnholt Marathon",
    "| Varnholt Marathon | |\n|---|---|\n| Date | April |\n| Location | Varnholt, Germany |\n| Event type | Road |\n| Distance | Marathon |\n| Established | 1982 |\n| Course records | Men: 2:07:31 (2019) Edwin Kiprono; Women: 2:23:58 (2022) Hana Wolde |\n\n"
    "The **Varnholt Marathon** is a road marathon through the old town and along the river. About 9,000 runners finish each year.\n\n"
    "## Recent winners\n| Year | Men | Time | Women | Time |\n|---|---|---|---|---|\n| 2019 | Edwin Kiprono (KEN) | 2:07:31 | Rahel Desta (ETH) | 2:25:40 |\n| 2022 | Daniel Kibet (KEN) | 2:10:12 | Hana Wolde (ETH) | 2:23:58 |\n| 2023 | Moses Cheruiyot (KEN) | 2:08:55 | Lydia Jeptoo (KEN) | 2:24:31 |\n| 2024 | Abebe Tadesse (ETH) | 2:09:47 | Mekdes Alemu (ETH) | 2:26:02 |\n\n"
    "The 2020 and 2021 races were cancelled.",
)
RUNS.append(
    Run(
        name="marathon-winning-time",
        fault="goal_deviation",
        question="What was the winning time in the men's race of the 2024 Varnholt Marathon? Reply in h:mm:ss.",
        manager=[
            code(
                "search_agent should find the fastest men's time at the Varnholt Marathon.",
                'report = search_agent(task="Find the men\'s course record of the Varnholt Marathon: the time, the runner and the year it was set.")\nprint(report)',
                bad=True,
            ),
            code("The men's time is 2:07:31.", 'final_answer("2:07:31")'),
        ],
        sub=[
            call("web_search", query="Varnholt Marathon men's course record"),
            call(
                "visit_webpage",
                "The Wikipedia infobox lists the course records.",
                url="https://en.wikipedia.org/wiki/Varnholt_Marathon",
            ),
            answer(
                "The men's course record of the Varnholt Marathon is 2:07:31, set by Edwin Kiprono (KEN) in 2019."
            ),
        ],
        checks=[{"type": "exact_match", "value": "2:09:47"}],
        agent=M,
        world=w,
        summary=True,
        note="the delegation asks for the men's course record (2:07:31, 2019) instead of the 2024 winning time (2:09:47)",
    )
)

# 10 goal_deviation, the manager's updated plan (step 3): the sub-agent found the library's
# current holdings but the history page was dead; the updated plan turns the task into
# confirming the current number of volumes, and the manager answers that
w = World()
w.search = [
    (
        ("tessaly", "annual report"),
        results(
            (
                "Annual report 2024 - Tessaly Municipal Library",
                "https://bibliotek.tessaly.example/en/annual-report-2024",
                "Holdings at 31 December 2024: 412,310 volumes; 1.1 million loans; 38,000 e-books.",
            ),
        ),
    ),
    (
        ("tessaly", "grain exchange"),
        results(
            (
                "The library in the grain exchange, 1911-1958 | Tessaly city archive",
                "https://arkiv.tessaly.example/library-1911",
                "When the library opened in the former grain exchange in 1911 it held 18,400 volumes.",
            ),
        ),
    ),
    (
        ("tessaly", "library"),
        results(
            (
                "Tessaly Municipal Library | Home",
                "https://bibliotek.tessaly.example/en",
                "Opening hours, events and our collection of 412,000 volumes.",
            ),
            (
                "History of the library | Tessaly Municipal Library",
                "https://bibliotek.tessaly.example/en/history",
                "The library opened in 1911 in the former grain exchange ...",
            ),
            (
                "Tessaly - Wikipedia",
                "https://en.wikipedia.org/wiki/Tessaly",
                "Tessaly is a port city with 96,000 inhabitants.",
            ),
        ),
    ),
]
w.pages["https://bibliotek.tessaly.example/en"] = (
    "# Tessaly Municipal Library\n\nWelcome! Since 1911 the library has served the people of Tessaly.\n\n"
    "## Opening hours\nMon-Fri 9:00-20:00, Sat 10:00-16:00, Sun closed.\n\n"
    "## Our collection\n- 412,000 volumes\n- 38,000 e-books and audiobooks\n- 1,900 maps and 650 periodicals\n\n"
    "## Events\nReading club every Tuesday; chess afternoons on Saturdays."
)
w.pages["https://bibliotek.tessaly.example/en/annual-report-2024"] = (
    "# Annual report 2024\n\nHoldings at 31 December 2024: 412,310 volumes. Loans: 1.1 million. Visitors: 640,000."
)
w.pages["https://arkiv.tessaly.example/library-1911"] = (
    "# The library in the grain exchange, 1911-1958\n\nWhen the library opened in 1911 it held 18,400 volumes."
)
RUNS.append(
    Run(
        name="library-opening-volumes",
        fault="goal_deviation",
        question="How many volumes did the Tessaly Municipal Library hold when it opened in 1911? Reply with the number only.",
        manager=[
            plan(
                "- The Tessaly Municipal Library opened in 1911.\n- Wanted: the number of volumes it held at its opening.",
                "1. Ask search_agent for the library's holdings when it opened in 1911.\n2. Answer with that number.",
            ),
            code(
                "Asking search_agent for the 1911 holdings.",
                'report = search_agent(task="Find how many volumes the Tessaly Municipal Library held when it opened in 1911.")\nprint(report)',
            ),
            code(
                "The report gives the current collection but no 1911 figure. Let me list the figures it mentions.",
                'import re\nprint(re.findall(r"[\\d,]+ (?:volumes|e-books)", report))',
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- The Tessaly Municipal Library opened in 1911.\n"
                "### 1.2. Facts that we have learned\n- The library's website says it holds 412,000 volumes (and 38,000 e-books).\n- The history page returned 404.\n"
                "### 1.3. Facts still to look up\n- A second source for the library's number of volumes.\n"
                "### 1.4. Facts still to derive\n- None.\n\n"
                "## 2. Plan\n### 2.1. Ask search_agent to confirm the total number of volumes held by the Tessaly Municipal Library from its latest annual report.\n"
                "### 2.2. Answer with that number of volumes.\n<end_plan>",
                bad=True,
            ),
            code(
                "Following the updated plan: confirm the library's number of volumes.",
                'check = search_agent(task="Confirm the total number of volumes held by the Tessaly Municipal Library, using its latest annual report.")\nprint(check)',
            ),
            code("Both sources agree on about 412,000 volumes.", 'final_answer("412000")'),
        ],
        sub=[
            call("web_search", query="Tessaly Municipal Library 1911 opening number of volumes"),
            call(
                "visit_webpage",
                "The history page should describe the opening.",
                url="https://bibliotek.tessaly.example/en/history",
            ),
            call(
                "visit_webpage",
                "The history page is gone. Trying the home page.",
                url="https://bibliotek.tessaly.example/en",
            ),
            answer(
                "The library's website says it holds 412,000 volumes today (plus 38,000 e-books). The history page (https://bibliotek.tessaly.example/en/history) returned 404 Not Found, so I could not find the number of volumes at the 1911 opening."
            ),
            call("web_search", query="Tessaly Municipal Library annual report volumes"),
            answer(
                "The 2024 annual report gives holdings of 412,310 volumes at 31 December 2024, in line with the 412,000 on the website."
            ),
        ],
        checks=[{"type": "regex", "value": r"^18,?400$"}],
        agent=M,
        world=w,
        planning=2,
        note="the updated plan replaces the 1911 holdings (18,400) with the current holdings (412,000)",
    )
)

# 11 wrong_format, the manager's last step (3 of 3): a regex fails on the sub-agent's wording
# and is fixed; the manager rounds 23.46 kg to 23.5 as asked but answers "23.5 kg per hive"
# where the number alone was asked for
w = World()
w.search = [
    (
        ("fennick",),
        results(
            (
                "Fennick Valley honey - online shop",
                "https://fennickhoney.example.co.uk/shop",
                "Heather honey 340 g jars, £7.50. Wildflower honey, £6.20.",
            ),
            (
                "Annual report 2023 | Fennick Valley Beekeepers' Cooperative",
                "https://fennickbees.example.co.uk/reports/2023",
                "312 colonies in production; a record harvest after a wet 2022 ...",
            ),
            (
                "Varroa survey 2023 - county bee inspectors",
                "https://beeinspectors.example.gov.uk/varroa-2023",
                "Mite loads across the county's apiaries were lower than in 2022.",
            ),
        ),
    )
]
w.pages["https://fennickbees.example.co.uk/reports/2023"] = long_page(
    "Annual report 2023 - Fennick Valley Beekeepers' Cooperative",
    "## Season summary\nA warm May and a long lime flow gave the cooperative its best season since 2018.\n\n"
    "| Figure | 2023 | 2022 |\n|---|---|---|\n| Colonies wintered | 298 | 305 |\n| Colonies in production | 312 | 290 |\n| Total harvest | 7,319 kg | 5,742 kg |\n| Average yield per hive | 23.46 kg | 19.8 kg |\n| Winter losses | 11.2 % | 14.6 % |\n| Members | 64 | 61 |\n\n"
    "## Treasurer's note\nHoney sold through the shop: 4,870 kg at an average £18.10/kg.",
    filler=8,
)
RUNS.append(
    Run(
        name="beehive-honey-yield",
        fault="wrong_format",
        question="What was the average honey yield per hive of the Fennick Valley Beekeepers' Cooperative in 2023, in kilograms? Give the number rounded to one decimal place, without the unit.",
        manager=[
            code(
                "I'll ask search_agent for the cooperative's 2023 report.",
                'report = search_agent(task="Find the average honey yield per hive of the Fennick Valley Beekeepers\' Cooperative in 2023, in kg.")\nprint(report)',
            ),
            code(
                "I'll pull the 2023 yield out of the report.",
                r"""
import re
kg = float(re.search(r"yield per hive of ([\d.]+) kg/hive", report).group(1))
print(kg)
""",
            ),
            code(
                "The pattern did not match the report's wording; it says 23.46 kg per hive for 2023. Rounding to one decimal place.",
                'kg = round(23.46, 1)\nfinal_answer(f"{kg} kg per hive")',
                bad=True,
            ),
        ],
        sub=[
            call(
                "web_search",
                query="Fennick Valley Beekeepers Cooperative 2023 honey yield per hive",
            ),
            call(
                "visit_webpage",
                "The annual report should have the figures.",
                url="https://fennickbees.example.co.uk/reports/2023",
            ),
            answer(
                "In 2023 the cooperative's average honey yield was 23.46 kg per hive (312 colonies in production, 7,319 kg harvested; 2022: 19.8 kg)."
            ),
        ],
        checks=[
            {"type": "exact_match", "value": "23.5"},
            {"type": "regex", "value": r"^\d+\.\d$"},
        ],
        agent=M,
        world=w,
        summary=True,
        note="the manager answers '23.5 kg per hive' where the number alone, 23.5, was asked for",
    )
)

# 12 wrong_format, a code loop in one manager step: after one trial delegation the manager
# loops over the two other tunnels, extracts each year and answers "Name: year; ..." where
# the question asked for the bare years separated by commas
w = World()
w.search = [
    (
        ("brenning",),
        results(
            (
                "Brenning Tunnel - Wikipedia",
                "https://en.wikipedia.org/wiki/Brenning_Tunnel",
                "The Brenning Tunnel is a 9.3 km railway tunnel. Construction began in 1872; it opened on 1 June 1882.",
            ),
            (
                "Brenning Pass road - closures",
                "https://alpenstrassen.example.ch/brenning",
                "The pass road is closed from November to May.",
            ),
        ),
    ),
    (
        ("aldmoor",),
        results(
            (
                "Aldmoor Tunnel - Wikipedia",
                "https://en.wikipedia.org/wiki/Aldmoor_Tunnel",
                "The Aldmoor Tunnel (5.6 km) was begun in 1898 and opened to traffic on 3 October 1906, after a collapse in 1903 delayed the work.",
            ),
        ),
    ),
    (
        ("sefton",),
        results(
            (
                "Sefton Ridge Tunnel - Wikipedia",
                "https://en.wikipedia.org/wiki/Sefton_Ridge_Tunnel",
                "The Sefton Ridge Tunnel is a 4.1 km railway tunnel opened in 1934 and electrified in 1961.",
            ),
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/Brenning_Tunnel"] = long_page(
    "Brenning Tunnel",
    "| Brenning Tunnel | |\n|---|---|\n| Line | Brenning railway |\n| Length | 9,310 m |\n| Work begun | 1872 |\n| Opened | 1 June 1882 |\n| Tracks | 2 |\n| Electrified | 1920 |\n\n"
    "The **Brenning Tunnel** was the longest railway tunnel in the region when it opened in 1882. Its construction, begun in 1872, cost the lives of 177 workers.",
)
w.fail[("web_search", 2)] = "429 Too Many Requests: search API rate limit reached, retry later"
RUNS.append(
    Run(
        name="tunnel-opening-years",
        fault="wrong_format",
        question="In which years did these three railway tunnels open to traffic: the Brenning Tunnel, the Aldmoor Tunnel and the Sefton Ridge Tunnel? Answer with the three years in that order, separated by commas and nothing else (for example: 1850, 1860, 1870).",
        manager=[
            code(
                "Let me see what search_agent returns for the first tunnel.",
                'r1 = search_agent(task="Find the year the Brenning Tunnel (railway tunnel) opened to traffic.")\nprint(r1)',
            ),
            code(
                "The report gives the opening year in a sentence. I'll do the other two in a loop, take the year out of each report and assemble the answer.",
                r"""
import re
reports = {"Brenning Tunnel": r1}
for name in ["Aldmoor Tunnel", "Sefton Ridge Tunnel"]:
    reports[name] = search_agent(task=f"Find the year the {name} (railway tunnel) opened to traffic.")
    print(name, "->", reports[name])
parts = []
for name, rep in reports.items():
    year = re.search(r"opened to traffic in (\d{4})", rep).group(1)
    parts.append(f"{name}: {year}")
print(parts)
final_answer("; ".join(parts))
""",
                bad=True,
            ),
        ],
        sub=[
            call("web_search", query="Brenning Tunnel railway opening year"),
            call(
                "visit_webpage",
                "The snippet has two years; the article will say which is the opening.",
                url="https://en.wikipedia.org/wiki/Brenning_Tunnel",
            ),
            answer(
                "The Brenning Tunnel opened to traffic in 1882 (1 June 1882); construction had begun in 1872. It is 9.3 km long."
            ),
            call("web_search", query="Aldmoor Tunnel opened to traffic"),
            answer(
                "The Aldmoor Tunnel opened to traffic in 1906 (3 October 1906); work began in 1898 and was delayed by a collapse in 1903."
            ),
            call("web_search", query="Sefton Ridge Tunnel opening year"),
            call(
                "web_search",
                "The search API was rate-limited; trying again.",
                query="Sefton Ridge Tunnel opening year",
            ),
            answer(
                "The Sefton Ridge Tunnel opened to traffic in 1934; it is 4.1 km long and was electrified in 1961."
            ),
        ],
        checks=[
            {"type": "exact_match", "value": "1882, 1906, 1934"},
            {"type": "regex", "value": r"^\d{4}, \d{4}, \d{4}$"},
        ],
        agent=M,
        world=w,
        note="the manager's loop step formats the answer as 'Name: year; ...' instead of '1882, 1906, 1934'",
    )
)

# 13 premature_final_answer, the manager's last step (2 of 2): its own plan has two lookups
# (the encyclopedia's list, then the observatory's news for anything later); after the first
# it answers 2016, never checking the news, where a 2023 recoating is reported
w = World()
w.search = [
    (
        ("haldor",),
        results(
            (
                "Haldor Telescope - Wikipedia",
                "https://en.wikipedia.org/wiki/Haldor_Telescope",
                "The Haldor Telescope is a 2.2 m reflecting telescope at Kestrel Peak Observatory, in operation since 1984.",
            ),
            (
                "Haldor 2.2 m user manual (PDF)",
                "https://kestrelpeak-obs.example.org/docs/haldor-manual.pdf",
                "Instrument changes, filter wheels and guiding for the 2.2 m telescope.",
            ),
            (
                "Haldor (given name) - Wikipedia",
                "https://en.wikipedia.org/wiki/Haldor",
                "Haldor is a Scandinavian masculine given name.",
            ),
        ),
    ),
    (
        ("kestrel", "news"),
        results(
            (
                "News | Kestrel Peak Observatory",
                "https://kestrelpeak-obs.example.org/news",
                "September 2023: the 2.2 m Haldor Telescope is back on sky after its primary mirror was re-aluminised.",
            ),
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/Haldor_Telescope"] = long_page(
    "Haldor Telescope",
    "| Haldor Telescope | |\n|---|---|\n| Location | Kestrel Peak Observatory |\n| Altitude | 2,340 m |\n| First light | 1984 |\n| Diameter | 2.2 m |\n| Mount | equatorial fork |\n\n"
    "The **Haldor Telescope** is a 2.2 m Ritchey-Chrétien telescope. Its primary mirror was re-aluminised in 1997, 2009 and 2016 in the observatory's own coating plant; "
    "the 2016 recoating also replaced the mirror's support pads.\n\n"
    "## Instruments\nA CCD imager and a low-resolution spectrograph (as of 2017).",
)
w.pages["https://kestrelpeak-obs.example.org/news"] = (
    "# News\n\n## September 2023\nThe 2.2 m Haldor Telescope is back on sky after its primary mirror was re-aluminised in August 2023.\n\n"
    "## March 2021\nPublic nights resume."
)
RUNS.append(
    Run(
        name="telescope-mirror-recoat",
        fault="premature_final_answer",
        question="In what year was the primary mirror of the 2.2 m Haldor Telescope most recently re-aluminised? Reply with the year only.",
        manager=[
            plan(
                "- The 2.2 m Haldor Telescope at Kestrel Peak Observatory.\n- Wanted: the year of the most recent re-aluminising of its primary mirror.",
                "1. Ask search_agent for the re-aluminising history given in the Haldor Telescope's encyclopedia article.\n2. Ask search_agent to check the observatory's news pages for any recoating after the last year in that list; encyclopedia articles lag behind.\n3. Answer with the most recent year found.",
            ),
            code(
                "Step 1 of the plan: the history from the encyclopedia article.",
                'history = search_agent(task="List the years in which the primary mirror of the 2.2 m Haldor Telescope was re-aluminised, according to its Wikipedia article.")\nprint(history)',
            ),
            code(
                "The article lists 1997, 2009 and 2016, so the most recent re-aluminising is 2016.",
                'final_answer("2016")',
                bad=True,
            ),
        ],
        sub=[
            call("web_search", query="Haldor Telescope 2.2 m primary mirror re-aluminised"),
            call(
                "visit_webpage",
                "Reading the Wikipedia article.",
                url="https://en.wikipedia.org/wiki/Haldor_Telescope",
            ),
            answer(
                "According to its Wikipedia article, the primary mirror of the Haldor Telescope was re-aluminised in 1997, 2009 and 2016 (the 2016 recoating also replaced the support pads). Parts of the article are marked 'as of 2017'."
            ),
        ],
        checks=[{"type": "exact_match", "value": "2023"}],
        agent=M,
        world=w,
        planning=3,
        note="the manager answers 2016 after the first of its plan's two lookups; the news page it planned to check reports a 2023 recoating",
    )
)

# 14 premature_final_answer, a single CodeAgent's last step (3 of 3) on the code search: a
# missing file, then a search whose hits show the preset reads config.VIOLIN_SCALE; the agent
# answers the legacy constant's 330 without reading config.py, where the default is 328
w = World()
w.grep["VIOLIN_SCALE"] = [
    {
        "path": "luthierkit/legacy/constants.py",
        "line": 14,
        "text": "VIOLIN_SCALE = 330  # v1 value, kept for old imports",
    },
    {
        "path": "luthierkit/config.py",
        "line": 22,
        "text": 'VIOLIN_SCALE = _env_float("LUTHIERKIT_VIOLIN_SCALE", DEFAULT_VIOLIN_SCALE)',
    },
    {
        "path": "luthierkit/presets.py",
        "line": 41,
        "text": '    "violin_4_4": Preset(scale_mm=config.VIOLIN_SCALE, body_mm=356, nut_mm=23.5),',
    },
    {
        "path": "tests/test_legacy.py",
        "line": 8,
        "text": "from luthierkit.legacy.constants import VIOLIN_SCALE",
    },
]
w.files["luthierkit/config.py"] = (
    '"""Defaults, overridable from the environment."""\n\nimport os\n\n'
    "DEFAULT_VIOLIN_SCALE = 328.0  # mm, nut to bridge, full-size (4/4) violin\n"
    "DEFAULT_VIOLA_SCALE = 370.0\n\n\n"
    "def _env_float(name: str, default: float) -> float:\n    return float(os.environ.get(name, default))\n\n\n"
    'VIOLIN_SCALE = _env_float("LUTHIERKIT_VIOLIN_SCALE", DEFAULT_VIOLIN_SCALE)\n'
    'VIOLA_SCALE = _env_float("LUTHIERKIT_VIOLA_SCALE", DEFAULT_VIOLA_SCALE)'
)
RUNS.append(
    Run(
        name="violin-preset-scale",
        fault="premature_final_answer",
        question="In the luthierkit repository, what scale length in millimetres does the full-size violin preset use by default? Reply with the number only.",
        manager=[
            code(
                "Let me open the violin preset module.",
                'print(read_file(path="luthierkit/presets/violin.py"))',
            ),
            code(
                "There is no such file. Searching for the scale constant instead.",
                'print(search_code(pattern="VIOLIN_SCALE"))',
            ),
            code(
                "VIOLIN_SCALE is defined as 330 in constants.py and the 4/4 violin preset uses VIOLIN_SCALE, so the default scale length is 330 mm.",
                'final_answer("330")',
                bad=True,
            ),
        ],
        sub=None,
        checks=[{"type": "contains", "value": "328"}],
        agent="repo_agent",
        world=w,
        manager_tools=("search_code", "read_file"),
        manager_name="repo_agent",
        note="the agent answers from the legacy constant (330) without reading config.py, which the preset uses (328)",
    )
)

# 15 looping, the sub-agent repeats one search until its max_steps (6) instead of opening the
# orchard trust's page listed in the first results; its forced final answer has no count
w = World()
w.search = [
    (
        ("brackwell",),
        results(
            (
                "Brackwell Cider Festival 2025",
                "https://brackwellcider.example.org.uk",
                "Two days of cider, music and apple pressing on the village green.",
            ),
            (
                "Brackwell Heritage Orchard | Brackwell Orchard Trust",
                "https://brackwellorchardtrust.example.org.uk/the-orchard",
                "Planted in 1926 on the old rectory glebe, the heritage orchard holds 61 local varieties of fruit.",
            ),
            (
                "Community orchards near Brackwell - map",
                "https://orchardmap.example.org.uk/area/brackwell",
                "Find community orchards within 10 miles of Brackwell.",
            ),
        ),
    )
]
w.pages["https://brackwellorchardtrust.example.org.uk/the-orchard"] = (
    "# The Heritage Orchard\n\nThe orchard has 240 trees: 183 apple, 38 pear and 19 plum, of 61 local varieties."
)
query = "Brackwell heritage orchard number of apple trees"
RUNS.append(
    Run(
        name="orchard-apple-trees",
        fault="looping",
        question="How many apple trees are there in the Brackwell heritage orchard? Reply with the number only.",
        manager=[
            code(
                "I'll ask search_agent to find the count.",
                'report = search_agent(task="Find how many apple trees grow in the Brackwell heritage orchard.")\nprint(report)',
            ),
            code(
                "search_agent could not find the number of apple trees.",
                'final_answer("The number of apple trees in the Brackwell heritage orchard could not be found.")',
            ),
        ],
        sub=[
            call("web_search", query=query),
            call(
                "web_search",
                "The results don't give the number of trees. Let me search again.",
                bad=True,
                query=query,
            ),
            call("web_search", "Still no tree count in the results. Searching again.", query=query),
            call(
                "web_search",
                "The count is not in these results either; one more search.",
                query=query,
            ),
            call("web_search", "Searching again for the number of apple trees.", query=query),
            call("web_search", "Trying the search once more.", query=query),
            text(
                "I was unable to find the number of apple trees in the Brackwell heritage orchard. My searches returned only the Orchard Trust's description (planted 1926, 61 local varieties), a cider festival and a map of orchards."
            ),
        ],
        checks=[
            {"type": "contains", "value": "183"},
            {"type": "tool_called", "tool": "web_search", "max": 3},
        ],
        agent=S,
        world=w,
        sub_max_steps=6,
        note="the sub-agent repeats the same search five times instead of opening the trust's page (183 apple trees)",
    )
)

# 16 looping, a single CodeAgent on the code search repeats a search with no hits until its
# max_steps (6); the threshold is under another spelling in a site's YAML file
w = World()
w.grep["spillway_alert"] = [
    {"path": "damwatch/sites/kessow.yaml", "line": 12, "text": "  spillway_alert_m3s: 850"},
    {"path": "damwatch/sites/orlen.yaml", "line": 12, "text": "  spillway_alert_m3s: 1200"},
    {
        "path": "damwatch/alerts.py",
        "line": 31,
        "text": '    limit = site["thresholds"]["spillway_alert_m3s"]',
    },
]
w.files["damwatch/sites/kessow.yaml"] = (
    "site: kessow\nname: Kessow Dam\nriver: Kessa\nreservoir_hm3: 212\ncrest_m: 418.5\n"
    "gauges:\n  - KS-01\n  - KS-04\nthresholds:\n  level_warning_m: 416.2\n  level_alert_m: 417.4\n  spillway_alert_m3s: 850\n  spillway_warning_m3s: 600"
)
thought = (
    "No matches; the search index may still be building. Searching again for the same constant.",
    "Still nothing for SPILLWAY_ALERT. I'll run the search again.",
    "No results yet. One more search for the constant.",
    "The search keeps returning nothing; trying it again.",
    "Searching once more for SPILLWAY_ALERT.",
)
RUNS.append(
    Run(
        name="dam-spillway-threshold",
        fault="looping",
        question="In the damwatch repository, what spillway discharge in m3/s triggers the flood alert for the Kessow Dam? Reply with the number only.",
        manager=[
            code(
                "I'll look for the spillway alert threshold constant.",
                'print(search_code(pattern="SPILLWAY_ALERT"))',
            ),
            code(thought[0], 'print(search_code(pattern="SPILLWAY_ALERT"))', bad=True),
            *(code(t, 'print(search_code(pattern="SPILLWAY_ALERT"))') for t in thought[1:]),
            text(
                "I could not find the spillway alert threshold for the Kessow Dam in the damwatch repository: every search for SPILLWAY_ALERT returned no matches."
            ),
        ],
        sub=None,
        checks=[
            {"type": "contains", "value": "850"},
            {"type": "tool_called", "tool": "search_code", "max": 3},
        ],
        agent="code_agent",
        world=w,
        manager_tools=("search_code", "read_file"),
        manager_name="code_agent",
        max_steps=6,
        note="the agent repeats search_code('SPILLWAY_ALERT') with no hits until max_steps; 'spillway_alert' would have found 850",
    )
)
