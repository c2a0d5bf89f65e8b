# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `eclipsed` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent (a search agent,
or a code-search agent), or of a single CodeAgent on the JSON API or the code search, two per
fault of the taxonomy, each with one decisive fault labelled at the LLM call that decided it
(`bad=True` on its reply). Written in one sweep without reading blame's rules, the other
held-out families' runs or any score; see smolagents_eclipsed.py. The systems, the tools, the
reply helpers and `Run` are those of the sweep family (corpus/sweep_runs.py).
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
    long_page,
    outcome,
    plan,
    results,
    text,
)

RUNS: list[Run] = []
"""The runs, in the order they were written: two per fault, in the order of FAULTS."""

_MENU = ("Home", "Visit", "What's on", "Shop", "Support us", "About", "Contact")
"""The menu most small organisations' sites put above every page."""


def _slug(item: str) -> str:
    return item.lower().replace("'", "").replace(" ", "-")


def _site(site: str, title: str, body: str, menu: tuple[str, ...] = _MENU, year: int = 2025) -> str:
    """A page of a small organisation's site as a page visitor renders it: a skip link, the
    menu, the body, then a footer of links and a newsletter box."""
    nav = "\n".join(f"* [{item}](/{_slug(item)})" for item in menu)
    footer = " · ".join(
        f"[{item}](/{_slug(item)})"
        for item in ("Privacy", "Cookies", "Accessibility", "Terms", "Sitemap")
    )
    return (
        f"[Skip to main content](#main)\n\n**{site}**\n\n{nav}\n\n# {title}\n\n{body}\n\n"
        f"---\n\n### Stay in touch\nSign up to our newsletter for news and events.\n"
        f"Email address: [________] [Subscribe]\n\n{footer}\n\n© {year} {site}. All rights reserved."
    )


def _paging(page: int, pages: int, base: str) -> dict[str, Any]:
    """The paging fields the JSON APIs of these runs put beside their records."""
    return {
        "page": page,
        "pages": pages,
        "next": f"{base}&page={page + 1}" if page < pages else None,
        "prev": f"{base}&page={page - 1}" if page > 1 else None,
    }


# 1 misread tool output by the sub-agent, its last call: the survey table has the 2022
# count in the column before the 2024 count; the first search is rate-limited and retried, a
# news link is dead, and the manager's first regex misses and is fixed in the next step.
w = World()
w.search = [
    (
        ("skerrholm", "puffin"),
        results(
            (
                "Puffins return to Skerrholm - Island Times",
                "https://islandtimes.example.co.uk/news/2024/04/puffins-return",
                "The first puffins of the year were seen rafting off the west cliffs on 2 April, a week earlier than last year...",
            ),
            (
                "Skerrholm puffin survey 2024 - results | North Isles Seabird Group",
                "https://northisles-seabirds.example.org/surveys/skerrholm-2024",
                "Whole-colony count of apparently occupied burrows (AOBs) on Skerrholm, May 2024, with the 2022 comparison by sub-colony.",
            ),
            (
                "The Puffin Cafe, Skerrholm harbour - menu",
                "https://puffincafe.example.com/menu",
                "Breakfasts, crab sandwiches and home baking. Open 9-5 April to September.",
            ),
            (
                "Skerrholm ferry timetable, summer 2024",
                "https://ferries.example.com/skerrholm",
                "Sailings daily except Tuesdays; crossing time 40 minutes. Book ahead for vehicles.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = (
    "429 Too Many Requests: rate limit exceeded for the search API; retry after 2 seconds"
)
w.pages["https://northisles-seabirds.example.org/surveys/skerrholm-2024"] = _site(
    "North Isles Seabird Group",
    "Skerrholm puffin survey 2024 - results",
    "Published 11 July 2024 · Survey team: 6 volunteers and 2 staff\n\n"
    "## Summary\nSkerrholm holds the largest Atlantic puffin colony in the North Isles. Burrows were checked "
    "between 19 and 23 May 2024 with the standard AOB method: a burrow counts as apparently occupied when it "
    "shows fresh digging, droppings or a bird seen going in. The colony was last counted in 2022.\n\n"
    "## Results by sub-colony\n"
    "| Sub-colony | AOBs 2022 | AOBs 2024 | Change |\n|---|---|---|---|\n"
    "| West Cliffs | 2,140 | 1,985 | -7.2% |\n| Gull Geo | 1,305 | 1,268 | -2.8% |\n"
    "| North Slope | 880 | 842 | -4.3% |\n| Stack Head | 290 | 285 | -1.7% |\n"
    "| **Whole colony** | **4,615** | **4,380** | **-5.1%** |\n\n"
    "Birds attending the colony (evening count, 21/05/2024): 3,912 individuals on land and on the sea.\n\n"
    "## Methods\nPlots of 10 m x 10 m were walked on the steeper slopes; elsewhere every burrow was checked. "
    "Rabbit burrows were excluded where no puffin sign was found.\n\n"
    "## Downloads\n- Full report (PDF, 2.4 MB)\n- Plot data (CSV, 38 kB)",
    menu=("Home", "Surveys", "Ringing", "Volunteer", "Sightings", "About", "Contact"),
    year=2024,
)
RUNS.append(
    Run(
        "puffin_burrows_column",
        "misread_tool_output",
        "How many apparently occupied burrows (AOBs) did the 2024 survey count for the whole Skerrholm puffin colony? Reply with the number only.",
        [
            code(
                "I ask search_agent for the 2024 whole-colony count.",
                'report = search_agent(task="Find the number of apparently occupied burrows (AOBs) counted for the whole Skerrholm puffin colony in the 2024 survey. Give the figure and its source.")\nprint(report)',
            ),
            code(
                "The short version holds the count; I take the number written before 'AOB'.",
                'import re\nshort = report.split("### 2.")[0]\ncount = int(re.search(r"(\\d[\\d,]*) AOB", short).group(1).replace(",", ""))\nprint(count)',
            ),
            code(
                "The short version spells out 'apparently occupied burrows', so my pattern found nothing; I match those words instead.",
                'count = int(re.search(r"(\\d[\\d,]*) apparently occupied burrows", short).group(1).replace(",", ""))\nprint(count)',
            ),
            code(
                "The 2024 survey counted 4,615 AOBs for the whole colony.",
                "final_answer(str(count))",
            ),
        ],
        [
            call(
                "web_search",
                query="Skerrholm puffin survey 2024 apparently occupied burrows",
            ),
            call(
                "web_search",
                "The search was rate-limited; I retry it.",
                query="Skerrholm puffin survey 2024 apparently occupied burrows",
            ),
            call(
                "visit_webpage",
                "The news item may quote the survey; I open it first.",
                url="https://islandtimes.example.co.uk/news/2024/04/puffins-return",
            ),
            call(
                "visit_webpage",
                "The news link is dead. I open the survey results page.",
                url="https://northisles-seabirds.example.org/surveys/skerrholm-2024",
            ),
            answer(
                outcome(
                    "The 2024 survey counted 4,615 apparently occupied burrows (AOBs) for the whole Skerrholm colony.",
                    "Source: North Isles Seabird Group, 'Skerrholm puffin survey 2024 - results' (published 11 July 2024). "
                    "Burrows were checked between 19 and 23 May 2024 with the standard AOB method. Whole-colony total: "
                    "4,615 AOBs (West Cliffs 2,140, Gull Geo 1,305, North Slope 880, Stack Head 290), a change of -5.1% "
                    "against the previous count in 2022. An evening count on 21/05/2024 found 3,912 birds attending.",
                    "The first search was rate-limited and retried; the Island Times link in the results was dead (404).",
                ),
                "The results table gives the whole-colony total in its first figure column.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "4380"}],
        S,
        w,
        note="table columns are 2022 then 2024; the sub-agent reports the 2022 total 4,615 as the 2024 count (4,380)",
    )
)

# 2 misread tool output by a single CodeAgent on the JSON API, a middle step: the annual
# statistics list the mean sea level per datum, ODN first; the agent takes the first series
# as the chart-datum one. Paged station list, a KeyError seen and fixed.
_stations_1 = [
    {
        "id": "NC-003",
        "name": "Harlow Ness",
        "type": "radar",
        "lat": 55.912,
        "lon": -1.604,
        "status": "active",
        "commissioned": "1998-04-01",
        "owner": "Harbour Trust",
        "last_reading": "2024-06-02T10:15:00Z",
    },
    {
        "id": "NC-005",
        "name": "Seacombe Pier",
        "type": "pressure",
        "lat": 55.871,
        "lon": -1.566,
        "status": "active",
        "commissioned": "12/03/2004",
        "owner": "County Council",
        "last_reading": "2024-06-02T10:15:00Z",
    },
    {
        "id": "NC-008",
        "name": "Bramble Haven",
        "type": "float",
        "lat": 55.802,
        "lon": -1.521,
        "status": "maintenance",
        "commissioned": "1987",
        "owner": "Harbour Trust",
        "last_reading": "2024-05-29T23:45:00Z",
    },
    {
        "id": "NC-011",
        "name": "Kettle Rocks",
        "type": "radar",
        "lat": 55.766,
        "lon": -1.498,
        "status": "active",
        "commissioned": "2011-09-15",
        "owner": "National Network",
        "last_reading": "2024-06-02T10:15:00Z",
    },
    {
        "id": "NC-012",
        "name": "Dunmore Quay",
        "type": "radar",
        "lat": 55.733,
        "lon": -1.470,
        "status": "active",
        "commissioned": "March 2015",
        "owner": "Port Authority",
        "last_reading": "2024-06-02T10:15:00Z",
    },
    {
        "id": "NC-014",
        "name": "Saltburn Steps",
        "type": "pressure",
        "lat": 55.701,
        "lon": -1.452,
        "status": "active",
        "commissioned": "2016-06-30",
        "owner": "County Council",
        "last_reading": "2024-06-02T10:15:00Z",
    },
]
_stations_2 = [
    {
        "id": "NC-015",
        "name": "Whitsand Point",
        "type": "radar",
        "lat": 55.672,
        "lon": -1.430,
        "status": "active",
        "commissioned": "2018-02-07",
        "owner": "National Network",
        "last_reading": "2024-06-02T10:15:00Z",
        "annual_endpoint": "/v2/stations/NC-015/annual?year={year}",
    },
    {
        "id": "NC-017",
        "name": "Port Aldwick",
        "type": "radar",
        "lat": 55.640,
        "lon": -1.417,
        "status": "active",
        "commissioned": "01.10.1993",
        "owner": "Port Authority",
        "last_reading": "2024-06-02T10:15:00Z",
        "annual_endpoint": "/v2/stations/NC-017/annual?year={year}",
    },
    {
        "id": "NC-019",
        "name": "Aldwick Sands (temporary)",
        "type": "pressure",
        "lat": 55.628,
        "lon": -1.409,
        "status": "decommissioned",
        "commissioned": "2021-05-10",
        "owner": "University survey",
        "last_reading": "2022-11-30T08:00:00Z",
        "annual_endpoint": None,
    },
    {
        "id": "NC-020",
        "name": "Fenwick Bar",
        "type": "float",
        "lat": 55.590,
        "lon": -1.388,
        "status": "active",
        "commissioned": "1979",
        "owner": "Harbour Trust",
        "last_reading": "2024-06-02T10:00:00Z",
        "annual_endpoint": "/v2/stations/NC-020/annual?year={year}",
    },
    {
        "id": "NC-022",
        "name": "Holy Sound",
        "type": "radar",
        "lat": 55.551,
        "lon": -1.362,
        "status": "active",
        "commissioned": "2020-08-19",
        "owner": "National Network",
        "last_reading": "2024-06-02T10:15:00Z",
        "annual_endpoint": "/v2/stations/NC-022/annual?year={year}",
    },
]
w = World()
w.api = {
    "/v2/stations?network=north-coast&page=1": {
        "network": "north-coast",
        "total": 11,
        "per_page": 6,
        **_paging(1, 2, "/v2/stations?network=north-coast"),
        "stations": [
            {**s, "annual_endpoint": f"/v2/stations/{s['id']}/annual?year={{year}}"}
            for s in _stations_1
        ],
        "generated": "2024-06-02T10:17:42Z",
    },
    "/v2/stations?network=north-coast&page=2": {
        "network": "north-coast",
        "total": 11,
        "per_page": 6,
        **_paging(2, 2, "/v2/stations?network=north-coast"),
        "stations": _stations_2,
        "generated": "2024-06-02T10:17:43Z",
    },
    "/v2/stations/NC-017/annual?year=2023": {
        "station": "NC-017",
        "name": "Port Aldwick",
        "year": 2023,
        "period": "2023-01-01/2023-12-31",
        "units": "m",
        "completeness_pct": 97.2,
        "levels": [
            {
                "datum": "ODN",
                "datum_name": "Ordnance Datum Newlyn",
                "msl_m": 0.21,
                "mhws_m": 2.41,
                "mlws_m": -2.06,
                "max_m": 3.05,
                "max_at": "2023-10-20T03:15Z",
            },
            {
                "datum": "CD",
                "datum_name": "Chart Datum (Port Aldwick)",
                "msl_m": 3.18,
                "mhws_m": 5.38,
                "mlws_m": 0.91,
                "max_m": 6.02,
                "max_at": "20 Oct 2023 03:15 UTC",
            },
        ],
        "datum_offset": {"cd_below_odn_m": 2.97, "source": "Admiralty tide tables 2023"},
        "qc_flags": ["gap 2023-02-11/2023-02-19 (sensor swap)", "spikes removed: 14"],
        "licence": "Open Government Licence v3.0",
    },
}
RUNS.append(
    Run(
        "tide_gauge_first_datum",
        "misread_tool_output",
        "According to the North Coast tide-gauge network API, what was the 2023 annual mean sea level at the Port Aldwick gauge, in metres above Chart Datum? Reply with the number only, to two decimals.",
        [
            code(
                "I list the network's stations to find Port Aldwick's id.",
                'print(fetch_json(endpoint="/v2/stations?network=north-coast&page=1"))',
            ),
            code(
                "Port Aldwick is not on page 1 of 2; I look through page 2.",
                'import json\np2 = json.loads(fetch_json(endpoint="/v2/stations?network=north-coast&page=2"))\nfor s in p2["stations"]:\n    if "aldwick" in s["name"].lower():\n        print(s["id"], s["name"], s["status"], s["annual_endpoint"])',
            ),
            code(
                "Port Aldwick is NC-017 (NC-019 is a decommissioned temporary gauge). I fetch its 2023 annual statistics.",
                'annual = json.loads(fetch_json(endpoint="/v2/stations/NC-017/annual?year=2023"))\nprint(annual["msl_m"])',
            ),
            code(
                "There is no top-level msl_m; the levels are given per datum. I print them.",
                'print(list(annual.keys()))\nfor level in annual["levels"]:\n    print(level)',
            ),
            code(
                "The first series is the one measured from the chart datum; its msl_m is the annual mean sea level.",
                'msl = annual["levels"][0]["msl_m"]\nprint(msl)',
                bad=True,
            ),
            code(
                "The 2023 mean sea level above chart datum is 0.21 m; I answer with two decimals.",
                'final_answer(f"{msl:.2f}")',
            ),
        ],
        None,
        [{"type": "exact_match", "value": "3.18"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="levels list ODN (0.21) before CD (3.18); the agent takes the first series as chart datum",
    )
)

# 3 hallucinated fact in the manager's updated plan: the sub-agent found the museum's
# opening year but not the depot's, and the updated plan states a depot year from memory.
w = World()
w.search = [
    (
        ("millbrook", "museum"),
        results(
            (
                "Visit | Millbrook Tram Depot Museum",
                "https://millbrooktrams.example.org.uk/visit",
                "Open weekends and bank holidays, April to October. Trams, tickets and the depot workshop...",
            ),
            (
                "Tram museums in England - a guide",
                "https://heritage-transit.example.com/tram-museums",
                "From the big national collection to small volunteer-run depots: where to ride a heritage tram.",
            ),
            (
                "Millbrook Museum of Childhood",
                "https://millbrookchildhood.example.org.uk",
                "Toys, games and schoolrooms from 1850 to the present day.",
            ),
        ),
    ),
    (
        ("millbrook", "depot"),
        results(
            (
                "Mill Lane depot, Millbrook - listed building entry",
                "https://listings.example.org.uk/entry/1083321",
                "Grade II. Former tram depot, brick with stone dressings, five-bay shed...",
            ),
            (
                "Millbrook bus depot to close - Millbrook Post",
                "https://millbrookpost.example.co.uk/news/bus-depot-closure",
                "The Station Road bus depot will close in 2025 and its 40 staff move to Ashby...",
            ),
            (
                "Millbrook depot parking restrictions consultation",
                "https://millbrook.example.gov.uk/consultations/depot-parking",
                "Have your say on parking around the Station Road depot. Closes 30/09/2024.",
            ),
        ),
    ),
    (
        ("millbrook", "tramways"),
        results(
            (
                "History | Millbrook Tram Depot Museum",
                "https://millbrooktrams.example.org.uk/history",
                "Millbrook Corporation Tramways: horse trams from 1881, electric cars from 1903, the last tram in 1952.",
            )
        ),
    ),
]
_tram_menu = ("Home", "Visit", "Trams", "History", "Events", "Volunteer", "Shop", "Contact")
w.pages["https://millbrooktrams.example.org.uk/visit"] = _site(
    "Millbrook Tram Depot Museum",
    "Visit us",
    "## Opening times\nSaturdays, Sundays and bank holidays, 6 April - 27 October 2025, 10:30-16:30 (last entry 15:45).\n\n"
    "## Admission\nAdults £9.50, concessions £7.00, children under 16 free with a paying adult. Tram rides included.\n\n"
    "## About the museum\nThe Millbrook Tram Depot Museum opened to the public on 12 September 1987 in the former Mill Lane "
    "depot of Millbrook Corporation Tramways. After the last tram ran, the building served as a bus garage until 1977 and "
    "then stood empty for ten years. The collection holds nine trams, three of them restored to running order, and the "
    "original depot traverser.\n\n## Getting here\nBus 12 from the station to Mill Lane (every 20 minutes). Free parking.",
    menu=_tram_menu,
)
w.pages["https://millbrooktrams.example.org.uk/history"] = _site(
    "Millbrook Tram Depot Museum",
    "History",
    "Millbrook Corporation Tramways ran horse trams from 1881. The Mill Lane depot opened on 2 March 1903 with the first "
    "electric cars, and the last tram ran on 5 October 1952. The depot was a bus garage until 1977.",
    menu=_tram_menu,
)
RUNS.append(
    Run(
        "tram_depot_replan_year",
        "hallucinated_fact",
        "The Millbrook Tram Depot Museum is housed in the town's old tram depot. How many years after the depot itself opened did the museum open? Reply with the number only.",
        [
            plan(
                "- The museum is housed in the old Millbrook tram depot.\n- The answer is the museum's opening year minus the depot's opening year.",
                "1. Ask search_agent for the year the museum opened.\n2. Ask search_agent for the year the depot opened.\n3. Subtract and return the number.",
            ),
            code(
                "First the museum's opening year.",
                'm = search_agent(task="Find the year the Millbrook Tram Depot Museum opened to the public.")\nprint(m)',
            ),
            code(
                "I keep the museum's opening year as a number.",
                'import re\nmuseum_year = int(re.findall(r"\\b(19\\d\\d)\\b", m)[0])\nprint(museum_year)',
            ),
            code(
                "Now the year the depot itself opened.",
                'd = search_agent(task="Find the year the Mill Lane tram depot in Millbrook (now the Millbrook Tram Depot Museum) first opened.")\nprint(d)',
            ),
            text(
                "## 1. Updated facts survey\n### 1.1. Facts given in the task\n- The museum is housed in the old Millbrook tram depot.\n"
                "### 1.2. Facts that we have learned\n- The museum opened to the public on 12 September 1987 (museum_year = 1987).\n"
                "- The Mill Lane depot opened in 1899, when Millbrook's horse tramway was electrified.\n"
                "### 1.3. Facts still to look up\n- None.\n\n## 2. Plan\n1. Compute 1987 - 1899.\n2. Return the number with final_answer.\n<end_plan>",
                bad=True,
            ),
            code(
                "Following the plan: the depot opened in 1899.",
                "final_answer(str(museum_year - 1899))",
            ),
        ],
        [
            call("web_search", query="Millbrook Tram Depot Museum opening year"),
            call("visit_webpage", url="https://millbrooktrams.example.org.uk/visit"),
            answer(
                outcome(
                    "The Millbrook Tram Depot Museum opened to the public on 12 September 1987.",
                    "The museum's Visit page says it 'opened to the public on 12 September 1987 in the former Mill Lane depot "
                    "of Millbrook Corporation Tramways'. The building was a bus garage until 1977. The museum opens on "
                    "weekends and bank holidays, 6 April - 27 October 2025; adults £9.50.",
                    "The page does not say when the depot itself opened.",
                )
            ),
            call("web_search", query="Mill Lane tram depot Millbrook opened year"),
            call(
                "visit_webpage",
                "The listed-building entry should date the depot.",
                url="https://listings.example.org.uk/entry/1083321",
            ),
            call(
                "web_search",
                "The listing is gone; I try another wording.",
                query="Millbrook tram depot built date listed building",
            ),
            answer(
                outcome(
                    "I could not find the year the Mill Lane depot opened.",
                    "The listed-building entry in the search results is no longer available (404 Not Found). The other "
                    "results are about Millbrook's Station Road bus depot, which closes in 2025, and a parking consultation; "
                    "none gives the tram depot's opening year.",
                    "The museum's own site may have a history page; it did not come up in these searches.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "84"}],
        M,
        w,
        planning=3,
        note="museum 1987, depot 1903 (history page never read); the updated plan asserts 1899",
    )
)

# 4 hallucinated fact in the manager's first code step: it writes the herbarium's founding
# year from memory and delegates only the digitisation year. A dead link, a run summary.
w = World()
w.search = [
    (
        ("aldern", "lichen"),
        results(
            (
                "Aldern Lichen Herbarium - digitisation project (old site)",
                "http://www.aldern-herbarium.example.ac.uk/digitisation",
                "Progress of the specimen imaging project, updated monthly.",
            ),
            (
                "Specimen 100,000 is online! | Aldern Lichen Herbarium",
                "https://aldernlichens.example.org/news/specimen-100000",
                "Our digitisation team imaged specimen number 100,000 this spring...",
            ),
            (
                "Lichen identification for beginners",
                "https://lichens-for-all.example.org/beginners",
                "Crustose, foliose, fruticose: start with the growth form, then look at the fruiting bodies.",
            ),
            (
                "Aldern village hall - hire and events",
                "https://aldernvillagehall.example.org.uk",
                "Yoga, quiz nights and the lichen walk on 12 May.",
            ),
        ),
    )
]
w.pages["https://aldernlichens.example.org/news/specimen-100000"] = _site(
    "Aldern Lichen Herbarium",
    "Specimen 100,000 is online!",
    "Posted 03.04.2019 by the digitisation team\n\n"
    "On 28 March 2019 we imaged our 100,000th specimen: a Cladonia portentosa collected on Aldern Moor in 1952 by "
    "H. J. Pell. Every packet is photographed at 600 dpi together with its label, and the label text is typed in by "
    "volunteers. The whole collection - about 140,000 packets - should be online by the end of 2021.\n\n"
    "Thank you to our 35 volunteers, who have given more than 9,000 hours to the project.\n\n"
    "Tags: digitisation, volunteers, Cladonia",
    menu=("Home", "Collections", "Search specimens", "News", "Volunteer", "About", "Contact"),
    year=2019,
)
w.pages["https://aldernlichens.example.org/about"] = _site(
    "Aldern Lichen Herbarium",
    "About the herbarium",
    "The Aldern Lichen Herbarium was founded in 1934 by the county naturalists' society and moved to the Old School in 1968.",
)
RUNS.append(
    Run(
        "lichen_founding_memory",
        "hallucinated_fact",
        "How many years after its founding did the Aldern Lichen Herbarium digitise its 100,000th specimen? Reply with the number only.",
        [
            code(
                "The Aldern Lichen Herbarium was founded in 1921 by the lichenologist Edith Marwood, so I only need the year its 100,000th specimen was digitised.",
                'founded = 1921\nr = search_agent(task="Find the year in which the Aldern Lichen Herbarium digitised its 100,000th specimen.")\nprint(r)',
                bad=True,
            ),
            code(
                "The report gives the month and year of the 100,000th specimen; I take the year and subtract.",
                'import re\nyear = int(re.search(r"in [A-Z][a-z]+ (\\d{4})", r).group(1))\nprint(year, year - founded)',
            ),
            code("The difference is the answer.", "final_answer(str(year - founded))"),
        ],
        [
            call("web_search", query="Aldern Lichen Herbarium 100,000th specimen digitised"),
            call(
                "visit_webpage",
                "The digitisation project page should give the milestone.",
                url="http://www.aldern-herbarium.example.ac.uk/digitisation",
            ),
            call(
                "visit_webpage",
                "The old site is gone; I open the news post.",
                url="https://aldernlichens.example.org/news/specimen-100000",
            ),
            answer(
                outcome(
                    "The Aldern Lichen Herbarium digitised its 100,000th specimen in March 2019.",
                    "News post 'Specimen 100,000 is online!' (posted 03.04.2019): the 100,000th specimen, a Cladonia "
                    "portentosa collected on Aldern Moor in 1952, was imaged on 28 March 2019. The whole collection "
                    "(about 140,000 packets) was to be online by the end of 2021.",
                    "The old aldern-herbarium.example.ac.uk link in the results is dead (404).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "85"}],
        M,
        w,
        summary=True,
        note="founded 1934 (about page, never read); the manager's first step writes founded = 1921",
    )
)

# 5 ignored tool error by the sub-agent, a middle call: the price page answers 503, and its
# next call states an admission price it never read while searching for the towel fee.
w = World()
w.search = [
    (
        ("kiri-no-yu", "towel"),
        results(
            (
                "Facilities | Kiri-no-yu public bathhouse",
                "https://kirinoyu.example.jp/en/facilities",
                "Indoor baths, outdoor rock bath, sauna and rest room. Towel rental at reception.",
            ),
            (
                "What to bring to a Japanese bathhouse",
                "https://wanderbaths.example.com/what-to-bring",
                "A small towel, a coin for the locker, and no tattoos at some places...",
            ),
        ),
    ),
    (
        ("kiri-no-yu",),
        results(
            (
                "Prices & opening hours | Kiri-no-yu public bathhouse",
                "https://kirinoyu.example.jp/en/prices",
                "Admission for adults and children, weekday and weekend prices, rental and sale items.",
            ),
            (
                "Kiri-no-yu: a misty soak in Yumoto (2017) - Wander Baths",
                "https://wanderbaths.example.com/2017/kiri-no-yu",
                "We paid 600 yen each and brought our own towels. The outdoor bath is the highlight...",
            ),
            (
                "Yumoto Onsen tourist association",
                "https://yumoto-onsen.example.jp/en/",
                "Bathhouses, ryokan and walks around Yumoto.",
            ),
        ),
    ),
]
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://kirinoyu.example.jp/en/prices"
)
_bath_menu = ("Home", "Baths", "Prices", "Facilities", "Access", "News", "日本語")
w.pages["https://kirinoyu.example.jp/en/prices"] = _site(
    "Kiri-no-yu public bathhouse",
    "Prices & opening hours",
    "| | Weekdays | Weekends & holidays |\n|---|---|---|\n| Adults (13 and over) | ¥800 | ¥1,000 |\n"
    "| Children (6-12) | ¥400 | ¥500 |\n| Under 6 | free | free |\n\n"
    "Rental: towel set (bath towel and face towel) ¥300. For sale: face towel ¥250, shampoo ¥100.\n\n"
    "Open 10:00-22:00 (last entry 21:30), closed Thursdays. Prices include consumption tax (10%) and apply from 1 April 2024.",
    menu=_bath_menu,
)
w.pages["https://kirinoyu.example.jp/en/facilities"] = _site(
    "Kiri-no-yu public bathhouse",
    "Facilities",
    "## Baths\nTwo indoor baths (41 °C and 43 °C), an outdoor rock bath and a dry sauna (90 °C).\n\n"
    "## Rest room\nTatami rest room on the first floor, free for bathers.\n\n"
    "## Towels\nTowel rental at reception: a set of bath towel and face towel, ¥300 (please return it when you leave). "
    "Face towels can also be bought for ¥250.\n\n## Lockers\n¥100 coin lockers, coin returned.",
    menu=_bath_menu,
)
RUNS.append(
    Run(
        "bathhouse_price_503",
        "ignored_tool_error",
        "At the Kiri-no-yu public bathhouse in Yumoto, how much does one adult pay in total on a weekday for admission plus a towel rental, in yen? Reply with the number only.",
        [
            code(
                "I ask search_agent for both prices.",
                'r = search_agent(task="For the Kiri-no-yu public bathhouse in Yumoto, find the weekday admission price for one adult and the towel rental fee, both in yen.")\nprint(r)',
            ),
            code(
                "I add the two prices from the report.",
                "admission = 750\ntowel = 300\ntotal = admission + towel\nprint(total)",
            ),
            code("One adult pays 1,050 yen on a weekday.", "final_answer(str(total))"),
        ],
        [
            call("web_search", query="Kiri-no-yu bathhouse Yumoto adult admission price weekday"),
            call("visit_webpage", url="https://kirinoyu.example.jp/en/prices"),
            call(
                "web_search",
                "The prices page gives the weekday adult admission: ¥750. Now I need the towel rental fee.",
                bad=True,
                query="Kiri-no-yu towel rental fee",
            ),
            call("visit_webpage", url="https://kirinoyu.example.jp/en/facilities"),
            answer(
                outcome(
                    "Weekday adult admission ¥750 plus towel rental ¥300: ¥1,050 in total.",
                    "Kiri-no-yu prices page: adult admission on weekdays ¥750. Facilities page: towel rental (a bath towel "
                    "and a face towel) ¥300 at reception; a face towel can also be bought for ¥250. One adult on a weekday "
                    "with a towel rental pays ¥1,050.",
                    "The bathhouse is closed on Thursdays. A 2017 blog reports paying ¥600, which is out of date.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "1100"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        note="prices page answered 503; the next call claims ¥750 from it (the page says ¥800)",
    )
)

# 6 ignored tool error by a single CodeAgent on the JSON API, its last step: page 3 of the
# pressings fails with a 503 inside a try/except that prints it, and the agent answers with
# the sum of pages 1-2. A TypeError seen and fixed, null volumes, dates in several formats.
_press_base = "/api/pressings?season=2024"
_pressings: list[list[tuple[str, str, str, str, int, float | None]]] = [
    [
        ("P24-001", "2024-09-07", "J. Ashdown", "Dabinett, Yarlington Mill", 640, 412.5),
        ("P24-002", "08/09/2024", "M. Okafor", "Bramley, Katy", 585, 380.0),
        ("P24-003", "Sat 14 Sep 2024", "R. Pell", "Kingston Black", 0, None),
        ("P24-004", "2024-09-14", "The Orchard School", "mixed dessert", 700, 455.0),
        ("P24-005", "15/09/2024", "S. Varga", "Dabinett", 460, 298.5),
        ("P24-006", "2024-09-21", "J. Ashdown", "Harry Masters Jersey", 790, 510.0),
    ],
    [
        ("P24-007", "22/09/2024", "Hill Farm", "Michelin, Dabinett", 955, 620.0),
        ("P24-008", "2024-09-28", "M. Okafor", "Bramley", 540, 347.5),
        ("P24-009", "Sun 29 Sep 2024", "T. Wren", "Yarlington Mill", 620, 402.0),
        ("P24-010", "2024-10-05", "S. Varga", "Ellis Bitter", 600, 389.5),
        ("P24-011", "06/10/2024", "R. Pell", "Kingston Black", 425, 275.0),
        ("P24-012", "2024-10-12", "Hill Farm", "mixed cider", 720, 466.0),
    ],
    [
        ("P24-013", "13/10/2024", "The Orchard School", "Cox, Egremont Russet", 820, 533.0),
        ("P24-014", "2024-10-19", "T. Wren", "Dabinett", 490, 318.5),
        ("P24-015", "Sat 26 Oct 2024", "J. Ashdown", "Harry Masters Jersey", 680, 441.0),
        ("P24-016", "2024-11-02", "M. Okafor", "Bramley, Katy", 320, 207.5),
    ],
]
w = World()
for _n, _rows in enumerate(_pressings, start=1):
    w.api[f"{_press_base}&page={_n}"] = {
        "season": {"name": "2024", "opened": "2024-09-07", "closed": "02/11/2024"},
        "pagination": {"total_records": 16, "per_page": 6, **_paging(_n, 3, _press_base)},
        "records": [
            {
                "id": pid,
                "date": day,
                "member": member,
                "apples": variety,
                "apples_kg": kg,
                "juice_l": litres,
                "press": "rack-and-cloth #1" if i % 2 else "belt press",
                "status": "cancelled" if litres is None else "pressed",
            }
            for i, (pid, day, member, variety, kg, litres) in enumerate(_rows)
        ],
        "units": {"apples_kg": "kilograms", "juice_l": "litres"},
    }
w.fail[("fetch_json", 3)] = "503 Service Unavailable: upstream timeout, please retry later"
RUNS.append(
    Run(
        "cider_pages_partial_sum",
        "ignored_tool_error",
        "According to the Orchardside Cider Press Co-op's records API, how many litres of juice did the co-op press in total in the 2024 season? Reply with the number only.",
        [
            code(
                "I fetch the first page of the 2024 pressings and look at the paging.",
                'page = fetch_json(endpoint="/api/pressings?season=2024&page=1")\nprint(page["pagination"])',
            ),
            code(
                "The tool returns a JSON string; I parse it first.",
                'import json\npage = json.loads(fetch_json(endpoint="/api/pressings?season=2024&page=1"))\nprint(page["pagination"])\nfor r in page["records"]:\n    print(r)',
            ),
            code(
                "There are 3 pages of 6 records; one pressing was cancelled and has no juice volume. I fetch pages 2 and 3 and add up the litres.",
                'rows = list(page["records"])\nfor p in (2, 3):\n    try:\n        data = json.loads(fetch_json(endpoint=f"/api/pressings?season=2024&page={p}"))\n        rows += data["records"]\n        print("page", p, "ok:", len(data["records"]), "records")\n    except Exception as e:\n        print("page", p, "failed:", e)\nlitres = [r["juice_l"] for r in rows if r["juice_l"] is not None]\ntotal = sum(litres)\nprint(len(litres), "pressings with juice,", f"{total:g}", "litres")',
            ),
            code(
                "Every pressing of the season is summed: the 2024 total is 4556 litres.",
                'final_answer(f"{total:g}")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "6056"},
            {"type": "tool_succeeded", "tool": "fetch_json"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="page 3 (1,500 l) failed with a 503 printed by the agent's own except; it answers the sum of pages 1-2",
    )
)

# 7 wrong tool arguments in the sub-agent's first call: it searches the 2023 race for the
# 2024 one. A correct plan and delegation, a long results page with times and speeds.
w = World()
_yacht_menu = ("Home", "Racing", "Results", "Learn to sail", "Membership", "Beach rules", "Contact")
w.search = [
    (
        ("saltmarsh", "2023"),
        results(
            (
                "Saltmarsh Bay Sand Yacht Race - results | Saltmarsh Bay Land Yacht Club",
                "https://saltmarshbay-lyc.example.org/results/2023",
                "Class 5, Class 3, Standart and Mini 4 results, lap times and average speeds.",
            ),
            (
                "Land yachting on the Norfolk coast - Coast Guide",
                "https://coastguide.example.co.uk/land-yachting",
                "Where to try sand yachting, tides and beach permits.",
            ),
        ),
    ),
    (
        ("saltmarsh", "2024"),
        results(
            (
                "Saltmarsh Bay Sand Yacht Race - results | Saltmarsh Bay Land Yacht Club",
                "https://saltmarshbay-lyc.example.org/results/2024",
                "Class 5, Class 3, Standart and Mini 4 results, lap times and average speeds.",
            )
        ),
    ),
]
w.pages["https://saltmarshbay-lyc.example.org/results/2023"] = _site(
    "Saltmarsh Bay Land Yacht Club",
    "Saltmarsh Bay Sand Yacht Race - results",
    "Sunday 8 October 2023 · wind WSW 18-22 knots · 4.2 km course, 6 laps\n\n"
    "## Class 5\n| Pos | Pilot | Nat | Time | Avg speed |\n|---|---|---|---|---|\n"
    "| 1 | Pieter de Vries | NED | 0:58:12 | 26.0 km/h (14.0 kn) |\n| 2 | Tom Ashby | GBR | 0:59:40 | 25.3 km/h |\n"
    "| 3 | Mathilde Caron | FRA | 1:01:05 | 24.7 km/h |\n| 4 | Gwen Price | GBR | DNF (mast) | - |\n\n"
    "## Class 3\n| Pos | Pilot | Nat | Time |\n|---|---|---|---|\n| 1 | Lars Jensen | DEN | 0:51:30 |\n| 2 | Amy Cole | GBR | 0:52:02 |\n\n"
    "Protests: none. Results confirmed 9/10/2023 by the race officer.",
    menu=_yacht_menu,
    year=2023,
)
w.pages["https://saltmarshbay-lyc.example.org/results/2024"] = _site(
    "Saltmarsh Bay Land Yacht Club",
    "Saltmarsh Bay Sand Yacht Race - results",
    "Sunday 6 October 2024 · wind W 15-20 knots · 4.2 km course, 6 laps\n\n"
    "## Class 5\n| Pos | Pilot | Nat | Time | Avg speed |\n|---|---|---|---|---|\n"
    "| 1 | Mathilde Caron | FRA | 0:57:48 | 26.2 km/h |\n| 2 | Pieter de Vries | NED | 0:58:31 | 25.8 km/h |\n"
    "| 3 | Tom Ashby | GBR | 1:00:14 | 25.1 km/h |\n\nResults confirmed 07.10.2024.",
    menu=_yacht_menu,
    year=2024,
)
RUNS.append(
    Run(
        "sand_yacht_wrong_year",
        "wrong_tool_arguments",
        "Who won Class 5 at the 2024 Saltmarsh Bay sand-yacht race? Reply with the pilot's name only.",
        [
            plan(
                "- The race: the Saltmarsh Bay sand-yacht race, 2024 edition\n- The class: Class 5",
                "1. Ask search_agent for the winner of Class 5 at the 2024 race.\n2. Return the pilot's name only.",
            ),
            code(
                "I ask search_agent for the 2024 Class 5 winner.",
                'r = search_agent(task="Find who won Class 5 at the 2024 Saltmarsh Bay sand-yacht race, with the source.")\nprint(r)',
            ),
            code(
                "I take the name from the short version.",
                'name = r.split("(short version):")[1].split(" (")[0].strip()\nprint(name)',
            ),
            code("The winner's name only.", "final_answer(name)"),
        ],
        [
            call(
                "web_search",
                "I look for the race's Class 5 results.",
                bad=True,
                query="Saltmarsh Bay sand yacht race 2023 Class 5 winner",
            ),
            call(
                "visit_webpage",
                url="https://saltmarshbay-lyc.example.org/results/2023",
            ),
            answer(
                outcome(
                    "Pieter de Vries (NED) won Class 5.",
                    "Saltmarsh Bay Land Yacht Club results page, Class 5 (6 laps of the 4.2 km course): 1. Pieter de Vries "
                    "(NED) 0:58:12, average 26.0 km/h; 2. Tom Ashby (GBR) 0:59:40; 3. Mathilde Caron (FRA) 1:01:05. "
                    "Gwen Price did not finish (broken mast).",
                    "The results were confirmed by the race officer; there were no protests.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Mathilde Caron"}],
        S,
        w,
        planning=4,
        note="the sub-agent's first search names 2023; the 2024 winner is Mathilde Caron",
    )
)

# 8 wrong tool arguments in the code sub-agent's middle call: after a mistyped path it opens
# the frozen v1 copy of estimate_repair instead of the current module.
_legacy = "\n".join(
    [
        '"""Estimates for the v1 API. Frozen since 2.0: do not change, see guildbook/estimates.py."""',
        "",
        "WEEKEND_SURCHARGE = 0.10",
        "HOURLY_RATE = 38",
        "",
        "CLOCK_TYPES = {",
        '    "longcase": 1.6,',
        '    "bracket": 1.2,',
        '    "carriage": 1.0,',
        "}",
        "",
        "def estimate_repair(job):  # v1 API only, frozen since 2.0",
        '    hours = job["hours"] * CLOCK_TYPES.get(job["type"], 1.0)',
        "    price = hours * HOURLY_RATE",
        '    if job.get("weekend"):',
        "        price *= 1 + WEEKEND_SURCHARGE",
        "    return round(price, 2)",
    ]
)
_current = "\n".join(
    [
        '"""Repair estimates for the booking app."""',
        "",
        "from __future__ import annotations",
        "",
        "from datetime import date",
        "from decimal import Decimal",
        "",
        "from guildbook.models import Job, Money",
        "",
        'WEEKEND_SURCHARGE = Decimal("0.15")',
        'HOURLY_RATE = Decimal("42.00")',
        "",
    ]
    + [f"# clock type {n}: see docs/pricing.md" for n in range(27)]
    + [
        "def estimate_repair(job: Job, when: date) -> Money:",
        "    price = job.hours * HOURLY_RATE * job.clock.factor",
        "    if when.weekday() >= 5 and job.urgent:  # bug #58: weekend jobs that are not urgent",
        "        price *= 1 + WEEKEND_SURCHARGE",
        "    return Money(price)",
    ]
)
w = World()
w.grep = {
    "estimate_repair": [
        {
            "path": "guildbook/api/v1/legacy_estimates.py",
            "line": 12,
            "text": "def estimate_repair(job):  # v1 API only, frozen since 2.0",
        },
        {
            "path": "guildbook/estimates.py",
            "line": 40,
            "text": "def estimate_repair(job: Job, when: date) -> Money:",
        },
        {
            "path": "guildbook/views/quote.py",
            "line": 7,
            "text": "from guildbook.estimates import estimate_repair",
        },
        {
            "path": "tests/test_estimates.py",
            "line": 3,
            "text": "from guildbook.estimates import estimate_repair",
        },
        {
            "path": "CHANGELOG.md",
            "line": 64,
            "text": "- estimate_repair moved to guildbook/estimates.py; the v1 copy is frozen",
        },
    ]
}
w.files = {
    "guildbook/api/v1/legacy_estimates.py": _legacy,
    "guildbook/estimates.py": _current,
}
RUNS.append(
    Run(
        "clock_guild_legacy_file",
        "wrong_tool_arguments",
        "Issue #58 in the Clockmenders' Guild booking app: weekend repair jobs are under-priced. What weekend surcharge rate does estimate_repair() apply in the current code? Reply with the percentage as a number only.",
        [
            code(
                "I ask code_agent to find estimate_repair and its weekend surcharge.",
                'r = code_agent(task="Find where estimate_repair() is defined in the booking app and report the weekend surcharge rate it applies.")\nprint(r)',
            ),
            code(
                "I take the constant from the report.",
                'import re\nrate = float(re.search(r"WEEKEND_SURCHARGE = ([0-9.]+)", r).group(1))\nprint(rate)',
            ),
            code("As a percentage.", 'final_answer(f"{rate * 100:g}")'),
        ],
        [
            call("search_code", pattern="estimate_repair"),
            call(
                "read_file",
                "I open the module that defines it.",
                path="guildbook/estimate.py",
            ),
            call(
                "read_file",
                "That path does not exist; I open the file of the first match, where the function is defined.",
                bad=True,
                path="guildbook/api/v1/legacy_estimates.py",
            ),
            answer(
                outcome(
                    "estimate_repair() applies a weekend surcharge of 10% (WEEKEND_SURCHARGE = 0.10).",
                    "estimate_repair is defined in guildbook/api/v1/legacy_estimates.py, line 12. It multiplies the job's "
                    "hours by the clock-type factor (longcase 1.6) and HOURLY_RATE = 38, then, when job['weekend'] is "
                    "set, by 1 + WEEKEND_SURCHARGE, with WEEKEND_SURCHARGE = 0.10 (line 3).",
                    "Other matches are imports in guildbook/views/quote.py and tests/test_estimates.py.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "15"}],
        "code_agent",
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="the sub-agent reads the frozen v1 copy (0.10) instead of guildbook/estimates.py (0.15)",
    )
)

# 9 goal deviation in the manager's initial plan: it plans to look up the farm's total area
# instead of the area under lavender. A dead press-kit link, acres and hectares.
w = World()
w.search = [
    (
        ("hollowmere",),
        results(
            (
                "Hollowmere Lavender Farm - press kit",
                "https://hollowmerelavender.example.co.uk/press/kit-2019.pdf",
                "Facts and figures, photographs and contacts for journalists.",
            ),
            (
                "About the farm | Hollowmere Lavender Farm",
                "https://hollowmerelavender.example.co.uk/about",
                "A family farm in the Cotswold hills since 1962. Fields, distillery, tea room...",
            ),
            (
                "Lavender essential oil 10 ml | Hollowmere shop",
                "https://hollowmerelavender.example.co.uk/shop/oil-10ml",
                "Steam-distilled on the farm. £8.95.",
            ),
        ),
    )
]
w.pages["https://hollowmerelavender.example.co.uk/about"] = _site(
    "Hollowmere Lavender Farm",
    "About the farm",
    "Hollowmere is a 42-hectare (104-acre) family farm on the south-facing slopes above the Windrush, farmed by the "
    "Blake family since 1962. Of that, 17.5 ha are planted with lavender - English lavender (Lavandula angustifolia "
    "'Maillette' and 'Hidcote') and lavandin 'Grosso' for oil - and the rest is sheep pasture, woodland and the visitor "
    "centre.\n\nHarvest runs from early July to mid-August; in 2024 we distilled 1,150 litres of oil.\n\n"
    "## Opening\nFields open 1 June - 31 August, 10am-5pm. Tea room open all year.",
    menu=("Home", "Visit", "Fields", "Shop", "Weddings", "About", "Contact"),
)
RUNS.append(
    Run(
        "lavender_total_area_plan",
        "goal_deviation",
        "How many hectares of lavender are grown at Hollowmere Lavender Farm? Reply with the number only.",
        [
            plan(
                "- The farm: Hollowmere Lavender Farm\n- The answer is an area in hectares",
                "1. Ask search_agent for the total area of Hollowmere Lavender Farm in hectares.\n2. Return the number of hectares.",
                bad=True,
            ),
            code(
                "Step 1 of the plan.",
                'size = search_agent(task="Find the total area of Hollowmere Lavender Farm in hectares.")\nprint(size)',
            ),
            code(
                "I take the number of hectares.",
                'import re\nha = re.search(r"([\\d.]+) hectares", size).group(1)\nprint(ha)',
            ),
            code("The farm covers 42 hectares.", "final_answer(ha)"),
        ],
        [
            call("web_search", query="Hollowmere Lavender Farm total area hectares"),
            call(
                "visit_webpage",
                "The press kit should list the farm's size.",
                url="https://hollowmerelavender.example.co.uk/press/kit-2019.pdf",
            ),
            call(
                "visit_webpage",
                "The press kit is gone; the About page should say.",
                url="https://hollowmerelavender.example.co.uk/about",
            ),
            answer(
                outcome(
                    "Hollowmere Lavender Farm covers 42 hectares in total.",
                    "The farm's About page: 'Hollowmere is a 42-hectare (104-acre) family farm on the south-facing slopes "
                    "above the Windrush, farmed by the Blake family since 1962.'",
                    "The press kit linked in the search results is no longer online (404).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "17.5"}],
        M,
        w,
        planning=5,
        note="the initial plan asks for the farm's total area (42 ha) instead of the lavender area (17.5 ha)",
    )
)

# 10 goal deviation in the manager's delegation: it asks for the hours on air, not the
# hours of live programming. A rate-limited search retried by the sub-agent.
w = World()
w.search = [
    (
        ("castlegate", "radio"),
        results(
            (
                "About us | Castlegate Community Radio 104.7 FM",
                "https://castlegatefm.example.org/about",
                "Run by volunteers since 2009. On air on 104.7 FM, DAB and online...",
            ),
            (
                "Castlegate Castle - tours and tickets",
                "https://castlegatecastle.example.org.uk/visit",
                "Guided tours daily at 11:00 and 14:00.",
            ),
            (
                "Community radio licences - list of licensees",
                "https://ofcom.example.org.uk/community-radio/licences",
                "Licence numbers, areas and renewal dates for all community radio stations.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
w.pages["https://castlegatefm.example.org/about"] = _site(
    "Castlegate Community Radio",
    "About us",
    "Castlegate Community Radio has been run by volunteers since 2009. We are on air 24 hours a day, seven days a week, "
    "on 104.7 FM, on DAB (Castlegate multiplex) and online.\n\n"
    "Around 96 hours a week are live, presented by our 70 volunteers from the studio on Market Street; overnight and some "
    "weekday daytime hours are filled by automated playout from our music library.\n\n"
    "Listeners: 11,400 a week (2023 survey). Licence CR000123, renewed 1 March 2024 for five years.",
    menu=("Home", "Listen live", "Schedule", "Podcasts", "Volunteer", "About", "Contact"),
)
RUNS.append(
    Run(
        "radio_hours_on_air",
        "goal_deviation",
        "How many hours of live programming does Castlegate Community Radio broadcast each week? Reply with the number only.",
        [
            code(
                "I ask search_agent how many hours a week the station broadcasts.",
                'h = search_agent(task="Find how many hours a week Castlegate Community Radio is on air.")\nprint(h)',
                bad=True,
            ),
            code(
                "The report says 24 hours a day, seven days a week; I check the weekly figure.",
                "hours = 24 * 7\nprint(hours)",
            ),
            code("168 hours a week.", "final_answer(str(hours))"),
        ],
        [
            call("web_search", query="Castlegate Community Radio hours on air per week"),
            call(
                "web_search",
                "The search was rate-limited; I retry.",
                query="Castlegate Community Radio hours on air per week",
            ),
            call("visit_webpage", url="https://castlegatefm.example.org/about"),
            answer(
                outcome(
                    "Castlegate Community Radio is on air 24 hours a day, 7 days a week: 168 hours a week.",
                    "The station's About page: 'We are on air 24 hours a day, seven days a week, on 104.7 FM, on DAB "
                    "(Castlegate multiplex) and online.' The station has been run by volunteers since 2009.",
                    "First search was rate-limited (429) and retried.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "96"}],
        M,
        w,
        note="the delegation asks for hours on air (168) instead of live hours (96)",
    )
)

# 11 wrong format in the manager's last code step: the ISO date asked for is written
# day/month/year. Several date formats on the page; a strptime error fixed in the next step.
w = World()
w.search = [
    (
        ("ferncombe",),
        results(
            (
                "Ferncombe Church - the east window",
                "https://ferncombechurch.example.org.uk/east-window",
                "The Victorian east window was restored in 2011.",
            ),
            (
                "Courses | Ferncombe Stained Glass Workshop",
                "https://ferncombeglass.example.co.uk/courses",
                "Beginners' leaded light, copper foil, painting on glass - dates and booking.",
            ),
            (
                "Lead came 6 mm H, 2 m lengths - Glass Supplies Direct",
                "https://glasssupplies.example.com/lead-came-6mm",
                "Pack of 10. In stock.",
            ),
        ),
    )
]
w.pages["https://ferncombeglass.example.co.uk/courses"] = _site(
    "Ferncombe Stained Glass Workshop",
    "Courses",
    "Last updated 02.05.2025\n\n"
    "## Beginners' leaded light (six Saturdays)\nNext course starts Saturday 7th June 2025, 10:00-16:00. £340 including "
    "glass, lead came and tea. 4 places left.\n(The April course, 12/04/2025 - 17/05/2025, is full.)\n\n"
    "## Copper foil weekend\n14/06/2025 - 15/06/2025, £220.\n\n"
    "## Painting on glass (advanced)\nFrom 2025-07-05, five Saturdays, £395.\n\n"
    "Gift vouchers available. Cancellations up to 14 days before the start date are refunded.",
    menu=("Home", "Courses", "Commissions", "Restoration", "Gallery", "About", "Contact"),
)
RUNS.append(
    Run(
        "stained_glass_date_dmy",
        "wrong_format",
        "On what date does the next beginners' leaded-light course at the Ferncombe Stained Glass Workshop start? Reply with the date in ISO format (YYYY-MM-DD).",
        [
            code(
                "I ask search_agent for the start date.",
                'r = search_agent(task="Find the start date of the next beginners\' leaded-light course at the Ferncombe Stained Glass Workshop.")\nprint(r)',
            ),
            code(
                "The course starts on Saturday 7th June 2025; I parse the date.",
                'from datetime import datetime\nstart = datetime.strptime("7th June 2025", "%d %B %Y")\nprint(start)',
            ),
            code(
                "strptime does not take the ordinal suffix; I drop it.",
                'start = datetime.strptime("7 June 2025", "%d %B %Y")\nprint(start.date())',
            ),
            code(
                "The course starts on 7 June 2025.",
                'final_answer(start.strftime("%d/%m/%Y"))',
                bad=True,
            ),
        ],
        [
            call(
                "web_search",
                query="Ferncombe Stained Glass Workshop beginners leaded light course dates",
            ),
            call("visit_webpage", url="https://ferncombeglass.example.co.uk/courses"),
            answer(
                outcome(
                    "The next beginners' leaded-light course starts on Saturday 7th June 2025.",
                    "Courses page of the Ferncombe Stained Glass Workshop (last updated 02.05.2025): beginners' leaded "
                    "light, six Saturdays, next course starts Saturday 7th June 2025, 10:00-16:00, £340, 4 places left. "
                    "The April course (12/04/2025 - 17/05/2025) is full.",
                    "Other courses: copper foil weekend 14/06/2025 - 15/06/2025; painting on glass from 2025-07-05.",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "2025-06-07"},
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
        ],
        M,
        w,
        note="the right date, written 07/06/2025 instead of ISO",
    )
)

# 12 wrong format by a single CodeAgent on the JSON API, a middle step: it writes the
# total with its unit, and its last step returns that string. Paged JSON, a KeyError fixed.
_walls = [
    [
        (3, "Joe Hartley", "Kentmere DSWA", 7.0, 91, 1),
        (7, "Ruth Ellwood", "Dent Wallers", 6.5, 88, 2),
        (1, "Sam Pickard", "Kentmere DSWA", 7.5, 85, 3),
        (12, "Alun Jones", "Clwyd Dry Stone", 8.0, 83, 4),
        (9, "Kate Thwaite", "Swaledale", 6.0, 80, 5),
    ],
    [
        (4, "Ben Airey", "Dent Wallers", 7.0, 78, 6),
        (15, "Mary Dobson", "Swaledale", 7.5, 77, 7),
        (6, "Ian Capstick", "Lunesdale", 6.5, 71, 8),
        (11, "Tom Metcalfe", "Lunesdale", 7.5, 64, 9),
    ],
]
_wall_base = "/v1/contests/fellside-2024/entries?class=open"
w = World()
w.api["/v1/contests/fellside-2024"] = {
    "id": "fellside-2024",
    "name": "Fellside Drystone Walling Contest",
    "date": "Sat 14 Sept 2024",
    "venue": "High Birks Farm, Fellside",
    "judges": ["A. Sedgwick", "P. Harker"],
    "classes": [
        {"id": "open", "name": "Open", "entries": 9, "entries_endpoint": f"{_wall_base}&page=1"},
        {
            "id": "intermediate",
            "name": "Intermediate",
            "entries": 7,
            "entries_endpoint": "/v1/contests/fellside-2024/entries?class=intermediate&page=1",
        },
        {
            "id": "novice",
            "name": "Novice",
            "entries": 6,
            "entries_endpoint": "/v1/contests/fellside-2024/entries?class=novice&page=1",
        },
        {
            "id": "pairs",
            "name": "Pairs",
            "entries": 4,
            "entries_endpoint": "/v1/contests/fellside-2024/entries?class=pairs&page=1",
        },
    ],
    "results_published": "2024-09-16T18:00:00+01:00",
}
for _k, _entries in enumerate(_walls, start=1):
    w.api[f"{_wall_base}&page={_k}"] = {
        "class": "open",
        **_paging(_k, 2, _wall_base),
        "results": [
            {
                "bib": bib,
                "name": name,
                "club": club,
                "length_m": metres,
                "length_yd": round(metres / 0.9144, 2),
                "height_m": 1.37,
                "points": points,
                "place": place,
                "judge_notes": "good batter, tight coping"
                if points > 80
                else "hearting loose in places",
            }
            for bib, name, club, metres, points, place in _entries
        ],
    }
RUNS.append(
    Run(
        "drystone_length_unit",
        "wrong_format",
        "According to the contest API, how many metres of wall did the Open-class competitors rebuild in total at the 2024 Fellside Drystone Walling Contest? Reply with the number only.",
        [
            code(
                "I look at the contest record first.",
                'print(fetch_json(endpoint="/v1/contests/fellside-2024"))',
            ),
            code(
                "The Open class has 9 entries; I fetch its entry pages and add up the lengths.",
                'import json\nentries = []\nfor p in (1, 2):\n    page = json.loads(fetch_json(endpoint=f"/v1/contests/fellside-2024/entries?class=open&page={p}"))\n    entries += page["entries"]\nprint(len(entries))',
            ),
            code(
                "The entries are listed under 'results'.",
                'entries = []\nfor p in (1, 2):\n    page = json.loads(fetch_json(endpoint=f"/v1/contests/fellside-2024/entries?class=open&page={p}"))\n    entries += page["results"]\ntotal = sum(e["length_m"] for e in entries)\nprint(len(entries), total)',
            ),
            code(
                "The API gives the lengths in metres; I write the answer with its unit.",
                'answer = f"{total} m"\nprint(answer)',
                bad=True,
            ),
            code("All 9 entries are counted.", "final_answer(answer)"),
        ],
        None,
        [
            {"type": "contains", "value": "63.5"},
            {"type": "exact_match", "value": "63.5"},
            {"type": "regex", "value": r"^\d+(\.\d+)?$"},
        ],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="the right total, written '63.5 m' although the number only was asked",
    )
)

# 13 premature final answer in the manager's middle code step: the plan needs both venues,
# but after the Corn Exchange count it takes that as the full programme. A dead 2024 link,
# several date formats, a run summary.
w = World()
_puppet_menu = ("Home", "Programme", "Fringe", "Tickets", "Workshops", "Access", "About")
w.search = [
    (
        ("wendlebury", "marionette"),
        results(
            (
                "Programme 2024 | Wendlebury Marionette Festival",
                "https://wendleburymarionettes.example.org/2024/programme",
                "19-21 July 2024 at the Corn Exchange.",
            ),
            (
                "Programme 2025 | Wendlebury Marionette Festival",
                "https://wendleburymarionettes.example.org/2025/programme",
                "18-20 July 2025 · the main programme at the Corn Exchange and the Fringe at St Anne's Church Hall.",
            ),
            (
                "How to make a simple marionette - craft guide",
                "https://makeitcraft.example.com/marionette",
                "Wooden spoons, string and a cross bar: a weekend project for children.",
            ),
        ),
    )
]
w.pages["https://wendleburymarionettes.example.org/2025/programme"] = _site(
    "Wendlebury Marionette Festival",
    "Programme 2025",
    "18-20 July 2025 · Tickets £8 / £5 concessions\n\n## Corn Exchange\n"
    "### Fri 18 July\n6 performances: The Tinderbox (Teatro Fili), Punch's Wedding, The Snow Queen, ...\n"
    "### Sat 19/07\n9 performances: Pinocchio (Compagnia Legno), The Little Mermaid, Marionette Cabaret, ...\n"
    "### Sun 2025-07-20\n7 performances: Don Quixote, The Frog Prince, Finale: all companies, ...\n\n"
    "22 performances by 11 companies from 6 countries.\n\n"
    "## The Fringe at St Anne's Church Hall\nShorter shows for families and younger audiences all weekend: see the "
    "[Fringe programme](/2025/fringe).",
    menu=_puppet_menu,
)
w.pages["https://wendleburymarionettes.example.org/2025/fringe"] = _site(
    "Wendlebury Marionette Festival",
    "Fringe 2025 - St Anne's Church Hall",
    "14 performances over the weekend, 18-20 July 2025: 4 on Friday, 5 on Saturday and 5 on Sunday.",
    menu=_puppet_menu,
)
RUNS.append(
    Run(
        "marionette_one_venue",
        "premature_final_answer",
        "How many performances are in the full programme of the 2025 Wendlebury Marionette Festival, counting both of its venues (the Corn Exchange and St Anne's Church Hall)? Reply with the number only.",
        [
            plan(
                "- The festival: Wendlebury Marionette Festival 2025\n- Two venues: the Corn Exchange and St Anne's Church Hall",
                "1. Ask search_agent how many performances the 2025 programme lists at the Corn Exchange.\n"
                "2. Ask search_agent how many are at St Anne's Church Hall.\n3. Add the two and return the total.",
            ),
            code(
                "Step 1: the Corn Exchange.",
                'r = search_agent(task="Find how many performances the 2025 Wendlebury Marionette Festival programme lists at the Corn Exchange.")\nprint(r)',
            ),
            code(
                "The report gives 22 performances in the 2025 programme; that is the festival's full programme, so I count them.",
                'import re\ntotal = int(re.search(r"(\\d+) performances", r).group(1))\nprint(total)',
                bad=True,
            ),
            code("22 performances in all.", "final_answer(str(total))"),
        ],
        [
            call(
                "web_search",
                query="Wendlebury Marionette Festival 2025 programme Corn Exchange performances",
            ),
            call(
                "visit_webpage",
                "I open the programme page.",
                url="https://wendleburymarionettes.example.org/2024/programme",
            ),
            call(
                "visit_webpage",
                "That was last year's link and it is gone; I open the 2025 programme.",
                url="https://wendleburymarionettes.example.org/2025/programme",
            ),
            answer(
                outcome(
                    "The 2025 programme lists 22 performances at the Corn Exchange.",
                    "Programme 2025 (18-20 July 2025), Corn Exchange: Fri 18 July 6 performances, Sat 19/07 9, Sun "
                    "2025-07-20 7 - 22 performances by 11 companies from 6 countries. Tickets £8 / £5 concessions.",
                    "The page links a separate Fringe programme at St Anne's Church Hall, which I did not open as it is "
                    "outside the task. The 2024 programme link was dead (404).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "36"}],
        M,
        w,
        planning=10,
        summary=True,
        note="22 at the Corn Exchange + 14 at the Fringe; the manager stops after the first venue",
    )
)

# 14 premature final answer in a single CodeAgent's first step: it searches the code and
# answers with the first match in the same code, before seeing that it is a doc line.
w = World()
w.grep = {
    "lay_angle": [
        {
            "path": "docs/physics.md",
            "line": 57,
            "text": "`lay_angle(strand_d, pitch)` returns the angle between a strand and the rope axis, in degrees.",
        },
        {
            "path": "ropewalk/geometry.py",
            "line": 88,
            "text": "def lay_angle(strand_d: float, pitch: float) -> float:",
        },
        {"path": "ropewalk/twist.py", "line": 23, "text": "    theta = lay_angle(d, p)"},
        {
            "path": "tests/test_geometry.py",
            "line": 12,
            "text": "    assert lay_angle(10.0, 60.0) == pytest.approx(27.6, abs=0.1)",
        },
        {
            "path": "notebooks/hawser_demo.ipynb",
            "line": 140,
            "text": '    "print(lay_angle(24, 150))"',
        },
    ]
}
w.files = {
    "ropewalk/geometry.py": "\n".join(
        ['"""Rope geometry: strand diameters, pitches and lay angles."""', "", "import math", ""]
        + [f"# {n:02d} helper table row" for n in range(83)]
        + [
            "def lay_angle(strand_d: float, pitch: float) -> float:",
            "    return math.degrees(math.atan(math.pi * strand_d / pitch))",
        ]
    )
}
RUNS.append(
    Run(
        "rope_works_first_match",
        "premature_final_answer",
        "Issue #203 in ropewalk-sim, the Tarrant Rope Works' twist simulator: the lay angle is computed in degrees but used as radians. Where is the function lay_angle defined? Answer as path:line.",
        [
            code(
                "I search for lay_angle and return where it is defined.",
                'import json\nhits = json.loads(search_code(pattern="lay_angle"))\nfirst = hits["matches"][0]\nfinal_answer(f"{first[\'path\']}:{first[\'line\']}")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "ropewalk/geometry.py:88"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="answers with the first match (a docs line) in the same step as the search",
    )
)

# 15 looping by the sub-agent: after a rate-limited search and its retry, it repeats
# near-identical searches whose snippets never give the area, never opening the reserve's
# page, until its max_steps.
w = World()
w.search = [
    (
        ("moss flats",),
        results(
            (
                "Moss Flats National Nature Reserve | Northern Mires Trust",
                "https://northernmires.example.org.uk/reserves/moss-flats",
                "One of the last lowland raised bogs in the county: boardwalk, curlew, sundews and bog mosses. Visiting, access and parking.",
            ),
            (
                "Moss Flats Caravan Park - pitches and prices",
                "https://mossflatscaravans.example.co.uk",
                "Grass and hard-standing pitches, 2 miles from the coast. Dogs welcome.",
            ),
            (
                "Peatland restoration: how we rewet a raised bog",
                "https://northernmires.example.org.uk/news/rewetting",
                "Ditch blocking on Moss Flats and two other sites, 2019-2023, with 1,400 peat dams...",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
w.pages["https://northernmires.example.org.uk/reserves/moss-flats"] = long_page(
    "Moss Flats National Nature Reserve",
    "Moss Flats is a lowland raised bog of 212 ha (524 acres), declared a National Nature Reserve in 1996. "
    "A 1.2 km boardwalk crosses the bog from the car park on Moor Lane.",
    6,
)
RUNS.append(
    Run(
        "peat_bog_search_loop",
        "looping",
        "What area does the Moss Flats peat bog nature reserve cover, in hectares? Reply with the number only.",
        [
            code(
                "I ask search_agent for the reserve's area.",
                'a = search_agent(task="Find the area of the Moss Flats peat bog nature reserve in hectares.")\nprint(a)',
            ),
            code(
                "search_agent could not find the area; I report that.",
                'final_answer("The area of the Moss Flats reserve could not be found.")',
            ),
        ],
        [
            call("web_search", query="Moss Flats peat bog nature reserve area hectares"),
            call(
                "web_search",
                "The search was rate-limited; I retry.",
                query="Moss Flats peat bog nature reserve area hectares",
            ),
            call(
                "web_search",
                "The snippets do not give the area; I search again.",
                bad=True,
                query="Moss Flats nature reserve area in hectares",
            ),
            call(
                "web_search",
                "Still no area in the snippets; I search again.",
                query="Moss Flats peat bog reserve area hectares",
            ),
            call(
                "web_search",
                "I try once more.",
                query="Moss Flats reserve size hectares",
            ),
            text(
                "I could not find the area of the Moss Flats reserve: the search results describe the reserve (a "
                "lowland raised bog with a boardwalk, curlew and sundews) but none of the snippets gives its size in "
                "hectares."
            ),
        ],
        [
            {"type": "exact_match", "value": "212"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=5,
        note="near-identical searches until the sub-agent's max_steps; the reserve page (212 ha) is never opened",
    )
)

# 16 looping by a single CodeAgent on the code search: it reads the head of the same file
# again and again, never reaching the DEFAULTS table, until max_steps.
_header = [
    '"""Configuration of icewall-booking.',
    "",
    "Every setting can be overridden by an environment variable of the same name with the",
    "ICEWALL_ prefix; values are read once, at import time. Capacities are per session (a",
    "session is 90 minutes on one wall) and count climbers, not belayers: on the lead wall",
    "every climber brings a belayer who is not booked separately.",
    "",
    "Walls:",
    "    lead        the 14 m lead wall, ice and mixed lines, ropes provided",
    "    top_rope    the top-rope wall, 8 auto-belays and 4 staffed lines",
    "    bouldering  the low ice cave, no ropes, crash mats",
    "    drytool     the dry-tooling area on the mezzanine",
    "",
    "Temperatures are in degrees Celsius and are only used for the ice-farming schedule;",
    "see docs/ice.md for how the walls are refrozen overnight.",
    '"""',
    "",
    "from __future__ import annotations",
    "",
    "import os",
    "from datetime import time",
    "",
    "# Opening hours (local time); the night shift refreezes the walls after closing.",
    "OPEN = time(9, 0)",
    "CLOSE = time(22, 0)",
    "REFREEZE_START = time(23, 30)",
    "",
    "# Ice farming",
    'TARGET_ICE_TEMP_C = float(os.environ.get("ICEWALL_TARGET_ICE_TEMP_C", "-6.5"))',
    'WALL_SPRAY_MINUTES = int(os.environ.get("ICEWALL_WALL_SPRAY_MINUTES", "45"))',
    "",
    "# Payments",
    'CURRENCY = os.environ.get("ICEWALL_CURRENCY", "GBP")',
    'DEPOSIT_PCT = int(os.environ.get("ICEWALL_DEPOSIT_PCT", "20"))',
    'REFUND_HOURS = int(os.environ.get("ICEWALL_REFUND_HOURS", "48"))',
    "",
    "# Email",
    'SMTP_HOST = os.environ.get("ICEWALL_SMTP_HOST", "localhost")',
    'SENDER = os.environ.get("ICEWALL_SENDER", "bookings@glenmore-ice.example.org")',
    "",
    "# Gear hire (prices in pence)",
    'CRAMPON_HIRE = int(os.environ.get("ICEWALL_CRAMPON_HIRE", "600"))',
    'AXE_HIRE = int(os.environ.get("ICEWALL_AXE_HIRE", "500"))',
    'BOOT_HIRE = int(os.environ.get("ICEWALL_BOOT_HIRE", "700"))',
    'HELMET_HIRE = int(os.environ.get("ICEWALL_HELMET_HIRE", "0"))',
    "",
    "# Instructors",
    'INSTRUCTOR_RATIO = int(os.environ.get("ICEWALL_INSTRUCTOR_RATIO", "4"))',
    'MIN_AGE = int(os.environ.get("ICEWALL_MIN_AGE", "12"))',
    "",
    "# Session lengths (minutes)",
    'SESSION_MINUTES = int(os.environ.get("ICEWALL_SESSION_MINUTES", "90"))',
    'INDUCTION_MINUTES = int(os.environ.get("ICEWALL_INDUCTION_MINUTES", "30"))',
    "",
    "# Capacities per session (climbers)",
    "DEFAULTS = {",
    '    "lead": 6,',
    '    "top_rope": 10,',
    '    "bouldering": 14,',
    '    "drytool": 4,',
    "}",
    "",
]
_config = "\n".join(
    [
        *_header,
        'LEAD_WALL_CAPACITY = int(os.environ.get("ICEWALL_LEAD_CAPACITY", DEFAULTS["lead"]))',
        'TOP_ROPE_CAPACITY = int(os.environ.get("ICEWALL_TOP_ROPE_CAPACITY", DEFAULTS["top_rope"]))',
        'BOULDERING_CAPACITY = int(os.environ.get("ICEWALL_BOULDERING_CAPACITY", DEFAULTS["bouldering"]))',
        'DRYTOOL_CAPACITY = int(os.environ.get("ICEWALL_DRYTOOL_CAPACITY", DEFAULTS["drytool"]))',
    ]
)
_lead_line = len(_header) + 1
w = World()
w.grep = {
    "LEAD_WALL_CAPACITY": [
        {
            "path": "icewall/config.py",
            "line": _lead_line,
            "text": 'LEAD_WALL_CAPACITY = int(os.environ.get("ICEWALL_LEAD_CAPACITY", DEFAULTS["lead"]))',
        },
        {
            "path": "icewall/sessions.py",
            "line": 19,
            "text": "    if len(session.climbers) > LEAD_WALL_CAPACITY + 1:  # issue #12",
        },
        {
            "path": "tests/test_sessions.py",
            "line": 40,
            "text": '    monkeypatch.setattr(config, "LEAD_WALL_CAPACITY", 2)',
        },
    ]
}
w.files = {"icewall/config.py": _config}
RUNS.append(
    Run(
        "ice_wall_read_loop",
        "looping",
        "Issue #12 in icewall-booking, the Glenmore ice-climbing wall's booking app: too many climbers are booked onto the lead wall. What is the lead wall's default capacity in the current code? Reply with the number only.",
        [
            code(
                "I look for the lead wall's capacity constant.",
                'print(search_code(pattern="LEAD_WALL_CAPACITY"))',
            ),
            code(
                "LEAD_WALL_CAPACITY defaults to DEFAULTS['lead'] in icewall/config.py; I read the file.",
                'print(read_file(path="icewall/config.py")[:1500])',
            ),
            code(
                "DEFAULTS is not in what I printed; I read the file again.",
                'print(read_file(path="icewall/config.py")[:1600])',
                bad=True,
            ),
            code(
                "Still not there; I read the config once more.",
                'print(read_file(path="icewall/config.py")[:1600])',
            ),
            code(
                "I read it again and print the beginning.",
                'src = read_file(path="icewall/config.py")\nprint(src[:1700])',
            ),
            text(
                "I could not find the value of DEFAULTS['lead'] in icewall/config.py; the lead wall's default "
                "capacity could not be determined from the code I read."
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "6"},
            {"type": "tool_called", "tool": "read_file", "max": 2},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        max_steps=5,
        note="re-reads the first ~1,600 characters of config.py until max_steps; DEFAULTS (lead: 6) lies beyond",
    )
)
