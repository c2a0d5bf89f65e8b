# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `veiled` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent, or of a single
CodeAgent on the JSON API or the code search, two per fault of the taxonomy, each with one
decisive fault labelled at the LLM call that decided it (`bad=True` on its reply). Written in
one sweep without reading blame's rules, the other held-out families' runs or any score; see
smolagents_veiled.py. The systems, the tools, the reply helpers and `Run` are those of the
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


# 1 misread_tool_output, the sub-agent's middle call (4th of 5): after a dead archived GVP link,
# the search agent reads the GVP summary table and, moving on to the eruption tab, notes the
# relief (2710 m) as the summit elevation (3017 m); the eruption year it then finds is right
w = World()
w.search = [
    (
        ("tarvek",),
        results(
            (
                "Tarvek - Global Volcanism Program",
                "https://volcano.si.edu/volcano.cfm?vn=357140",
                "Tarvek. Country: Chile. Volcanic Region: Southern Andes. Primary Volcano Type: Stratovolcano. Last Known Eruption: 1998 CE.",
            ),
            (
                "Tarvek (1507-081) - archived volcano record",
                "http://www.volcano.si.edu/world/volcano.cfm?vnum=1507-081",
                "Archived record: Tarvek, Chile, stratovolcano. Summit and relief data, eruptive history, references.",
            ),
            (
                "Volcán Tarvek - Wikipedia, la enciclopedia libre",
                "https://es.wikipedia.org/wiki/Volc%C3%A1n_Tarvek",
                "El volcán Tarvek es un estratovolcán ubicado en la Región de la Araucanía, en los Andes del sur de Chile.",
            ),
            (
                "Tarvek Outdoor | Trekking poles, tents and base layers",
                "https://www.tarvekoutdoor.com/",
                "Free shipping on orders over $50. Shop the new Tarvek Summit 45 L pack.",
            ),
        ),
    )
]
w.pages = {
    "https://volcano.si.edu/volcano.cfm?vn=357140": (
        "# Tarvek\n\nGlobal Volcanism Program | Smithsonian Institution\n\n"
        "Volcano Number: 357140\nCountry: Chile\nVolcanic Region: Southern Andes Volcanic Zone\n"
        "Landform | Volc Type: Stratovolcano\nLast Known Eruption: 1998 CE\n\n"
        "| Summit Elevation | Relief (from base) | Latitude | Longitude |\n"
        "|---|---|---|---|\n"
        "| 3017 m | 2710 m | 39.412°S | 71.803°W |\n"
        "| 9898 ft | 8891 ft | | |\n\n"
        "## General Information\n"
        "Tarvek is a glacier-capped stratovolcano rising above the eastern shore of Lago Quilén. "
        "Its summit crater is 1.2 km wide; parasitic cones on the lower NE flank produced lava flows "
        "that reached the lake. Historical eruptions have been mostly moderate explosive events from "
        "the summit crater, with lahars down the Quilén valley.\n\n"
        "Tabs: [General Information] [Eruptive History](https://volcano.si.edu/volcano.cfm?vn=357140&vtab=Eruptions) "
        "[Deformation History] [Emission History] [Photo Gallery] [Map Holdings] [Samples]\n"
    ),
    "https://volcano.si.edu/volcano.cfm?vn=357140&vtab=Eruptions": (
        "# Tarvek - Eruptive History\n\nGlobal Volcanism Program | Smithsonian Institution\n\n"
        "| Start Date | Stop Date | Eruption Certainty | VEI | Evidence | Activity Area |\n"
        "|---|---|---|---|---|---|\n"
        "| 2011 Jun 4 | 2011 Jun 6 | Uncertain | | Reported steam plume, not confirmed by observers | Summit crater |\n"
        "| 1998 Mar 14 ± 3 days | 1999 Jan 20 (?) | Confirmed | 2 | Historical Observations | Summit crater |\n"
        "| 1961 Nov 2 | 1962 Feb | Confirmed | 2 | Historical Observations | NE flank |\n"
        "| 1893 | Unknown | Confirmed | 3 | Historical Observations | Summit crater |\n"
        "| 6250 BCE ± 500 years | Unknown | Confirmed | 4 | Tephrochronology | |\n\n"
        "There is data available for 5 Holocene eruptive periods.\n"
    ),
}
RUNS.append(
    Run(
        name="volcano-relief-as-elevation",
        fault="misread_tool_output",
        question="According to the Global Volcanism Program, what is the summit elevation of Tarvek volcano (Chile), and in which year did its most recent confirmed eruption start? Reply exactly in the form '<elevation> m, <year>', e.g. '1234 m, 1987'.",
        manager=[
            code(
                "I'll ask search_agent to read the GVP record for Tarvek; both values should be on its pages.",
                'report = search_agent(task="Using the Smithsonian Global Volcanism Program (GVP) pages for Tarvek volcano in Chile, find (1) the summit elevation in metres and (2) the start year of the most recent CONFIRMED eruption (ignore uncertain or discredited events). Quote the values as the GVP gives them.")\nprint(report)',
            ),
            code(
                "The search agent read both values off the GVP pages: 2710 m for the summit and 1998 for the last confirmed eruption. I'll answer in the requested form.",
                'final_answer("2710 m, 1998")',
            ),
        ],
        sub=[
            call(
                "web_search",
                "I'll find the GVP record for Tarvek first.",
                query="Tarvek volcano Global Volcanism Program",
            ),
            call(
                "visit_webpage",
                "The archived record looks like it has the summit and relief data; opening it.",
                url="http://www.volcano.si.edu/world/volcano.cfm?vnum=1507-081",
            ),
            call(
                "visit_webpage",
                "That archived link is dead. The current GVP page is the first result.",
                url="https://volcano.si.edu/volcano.cfm?vn=357140",
            ),
            call(
                "visit_webpage",
                "The GVP summary table gives Tarvek's summit elevation as 2710 m. Next I need the most recent confirmed eruption, which is on the Eruptive History tab.",
                bad=True,
                url="https://volcano.si.edu/volcano.cfm?vn=357140&vtab=Eruptions",
            ),
            answer(
                outcome(
                    "Tarvek: summit elevation 2710 m; most recent confirmed eruption started in 1998.",
                    "GVP volcano 357140 (Tarvek, Chile, stratovolcano). Summit elevation: 2710 m. Eruptive History tab: the most recent confirmed eruption began on 14 March 1998 (± 3 days) and ended around 20 January 1999 (VEI 2, summit crater).",
                    "A June 2011 steam plume is listed with certainty 'Uncertain', so it is not the most recent confirmed eruption. The archived GVP link (vnum=1507-081) returned 404.",
                ),
                "I have both values from the GVP pages.",
            ),
        ],
        checks=[
            {"type": "exact_match", "value": "3017 m, 1998"},
            {"type": "regex", "value": r"^\d+ m, \d{4}$"},
        ],
        agent=S,
        world=w,
        summary=True,
        note="search agent takes the GVP relief 2710 m (next column) for the summit elevation 3017 m while moving to the eruption tab",
    )
)

# 2 misread_tool_output, a single CodeAgent's middle step (4th of 5) on the JSON API: after a
# NameError fixed, the analyst prints the 2023 traffic JSON and reads the previous year's total
# (4,681,220, in the same record) as the 2023 total (4,812,336), then checks revisions and answers
w = World()
w.api = {
    "/airports?search=Varnholm": {
        "query": "Varnholm",
        "count": 2,
        "results": [
            {
                "id": "VRH",
                "iata": "VRH",
                "icao": "ENVH",
                "name": "Varnholm Airport",
                "city": "Varnholm",
                "country": "NO",
                "type": "commercial",
            },
            {
                "id": "VRN",
                "iata": None,
                "icao": "ENVN",
                "name": "Varnholm-Nord Airfield",
                "city": "Varnholm",
                "country": "NO",
                "type": "general_aviation",
            },
        ],
    },
    "/airports/VRH/traffic?year=2023": {
        "airport": "VRH",
        "year": 2023,
        "revision": 2,
        "passengers": {
            "total": 4812336,
            "domestic": 2911040,
            "international": 1901296,
            "transfer": 388120,
            "scheduled": 4703551,
            "charter": 108785,
        },
        "movements": {
            "total": 51234,
            "commercial": 43870,
            "general_aviation": 6518,
            "military": 846,
        },
        "cargo_tonnes": 12480.5,
        "mail_tonnes": 611.2,
        "previous_year": {
            "year": 2022,
            "passengers_total": 4681220,
            "movements_total": 49877,
            "cargo_tonnes": 12902.1,
        },
        "change_pct": {"passengers": 2.8, "movements": 2.7, "cargo": -3.3},
        "busiest_month": {"month": "2023-07", "passengers": 512904},
        "source": "Civil Aviation Authority, airport statistics programme",
        "published": "2024-03-15",
    },
    "/airports/VRH/traffic/revisions?year=2023": {
        "airport": "VRH",
        "year": 2023,
        "revisions": [
            {"revision": 1, "published": "2024-02-01", "note": "provisional"},
            {"revision": 2, "published": "2024-03-15", "note": "final; cargo restated"},
        ],
        "latest": 2,
    },
}
RUNS.append(
    Run(
        name="airport-previous-year-total",
        fault="misread_tool_output",
        question="How many passengers in total did Varnholm Airport handle in 2023? Use the aviation statistics API and reply with the integer only.",
        manager=[
            code(
                "First I need the airport's id in the statistics API.",
                'print(fetch_json("/airports?search=Varnholm"))',
            ),
            code(
                "VRH is the commercial airport; Varnholm-Nord is a general-aviation field. Now the 2023 traffic figures.",
                'data = json.loads(fetch_json("/airports/VRH/traffic?year=2023"))\nprint(data["passengers"])',
            ),
            code(
                "I forgot to import json. Let me import it and print the whole record.",
                'import json\ndata = json.loads(fetch_json("/airports/VRH/traffic?year=2023"))\nprint(json.dumps(data, indent=1))',
            ),
            code(
                "The record gives 4,681,220 passengers in total for 2023, 2.8% up on the year before. Before answering I'll check that revision 2 is the latest published one.",
                'passengers_2023 = 4681220\nprint(fetch_json("/airports/VRH/traffic/revisions?year=2023"))',
                bad=True,
            ),
            code(
                "Revision 2 (15 March 2024, final) is the latest, and it is the one I read.",
                "final_answer(str(passengers_2023))",
            ),
        ],
        sub=None,
        checks=[{"type": "exact_match", "value": "4812336"}],
        agent="analyst",
        world=w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="analyst reads previous_year.passengers_total 4,681,220 as the 2023 total 4,812,336",
    )
)

# 3 hallucinated_fact, the manager's initial plan: the facts survey states from memory that the
# Orvell Canal is 56 km long (it is 61.4 km); the plan divides the 38 locks the search agent
# finds by 56 and answers 0.68 instead of 0.62
w = World()
w.search = [
    (
        ("orvell",),
        results(
            (
                "Orvell Canal boat hire | Narrowboat holidays from Orvell Basin",
                "https://www.orvellboats.co.uk/",
                "Self-drive narrowboats for 2 to 8 people. Short breaks and week-long holidays on the Orvell Canal.",
            ),
            (
                "Orvell Canal - Wikipedia",
                "https://en.wikipedia.org/wiki/Orvell_Canal",
                "The Orvell Canal is a canal in the north of England, linking Orvell Basin with the tidal Lessing estuary. It opened in 1806.",
            ),
            (
                "Orvell Canal: winter stoppages 2024/25 - Canal & River Trust",
                "https://canalrivertrust.org.uk/notices/orvell-winter-stoppages",
                "Lock 14 to Lock 17 closed from 4 November for gate replacement. Towpath remains open.",
            ),
        ),
    )
]
w.pages = {
    "https://en.wikipedia.org/wiki/Orvell_Canal": long_page(
        "Orvell Canal",
        "| Orvell Canal | |\n|---|---|\n| Length | 61.4 km (38.2 mi) |\n| Maximum boat length | 21.9 m (72 ft) |\n| Maximum boat beam | 4.3 m (14 ft) |\n"
        "| Locks | 38 (including Lessing sea lock) |\n| Maximum height above sea level | 94 m |\n| Status | Navigable |\n| Navigation authority | Canal & River Trust |\n"
        "| Original engineer | Thomas Greave |\n| Date of act | 1791 |\n| Date completed | 1806 |\n\n"
        "The **Orvell Canal** is a broad canal in the north of England, running from Orvell Basin to the tidal Lessing estuary.\n\n"
        "## Route\nFrom Orvell Basin the canal climbs through the Castlegate flight of seven locks to its summit pound at 94 m, "
        "then descends through 30 further locks to Lessing, where the sea lock (No. 38) gives access to the estuary.\n\n"
        "## History\nThe act of 1791 authorised a line of 35 miles; a later deviation around Hesketh Moss added the present length. "
        "Commercial traffic ended in 1962 and the canal was restored for leisure boating in 1979-1987.",
        filler=10,
    )
}
RUNS.append(
    Run(
        name="canal-length-from-memory",
        fault="hallucinated_fact",
        question="How many locks per kilometre does the Orvell Canal have over its full length? Give the figure rounded to two decimal places.",
        manager=[
            plan(
                "- The canal is the Orvell Canal, which runs 56 km from Orvell Basin to the Lessing estuary.\n- The answer is the number of locks divided by the length in km, rounded to two decimals.",
                "1. Ask search_agent for the total number of locks on the Orvell Canal (including any sea lock).\n2. Divide the number of locks by the 56 km length.\n3. Round to two decimals and return it with final_answer.",
                bad=True,
            ),
            code(
                "Step 1 of the plan: get the number of locks.",
                'report = search_agent(task="How many locks does the Orvell Canal (England) have in total, including any sea lock? Give the number and where you found it.")\nprint(report)',
            ),
            code(
                "38 locks. Dividing by the canal's length as in the plan.",
                "locks = 38\nlength_km = 56\nratio = locks / length_km\nprint(round(ratio, 2))",
            ),
            code("0.68 locks per kilometre.", 'final_answer("0.68")'),
        ],
        sub=[
            call("web_search", query="Orvell Canal number of locks"),
            call(
                "visit_webpage",
                "The Wikipedia article's infobox should list the locks.",
                url="https://en.wikipedia.org/wiki/Orvell_Canal",
            ),
            answer(
                outcome(
                    "The Orvell Canal has 38 locks.",
                    "Wikipedia's Orvell Canal article gives 38 locks, including the Lessing sea lock (No. 38): seven in the Castlegate flight up to the 94 m summit pound and 30 more down to Lessing, plus the sea lock.",
                    "Locks 14-17 are closed for gate replacement from 4 November (Canal & River Trust notice); this does not change the count.",
                )
            ),
        ],
        checks=[{"type": "exact_match", "value": "0.62"}],
        agent=M,
        world=w,
        planning=4,
        note="initial plan states from memory a 56 km length (61.4 km on the page the sub-agent read) and divides 38 locks by it",
    )
)

# 4 hallucinated_fact, a single CodeAgent's first step on the JSON API: the analyst states the
# reef's total area (1,150 km²) from memory and only fetches the zones; the park record that
# gives 1,240 km² is never read. A KeyError is fixed on the way
w = World()
w.api = {
    "/parks/tessaly-bank": {
        "id": "tessaly-bank",
        "name": "Tessaly Bank Marine Park",
        "declared": 1987,
        "park_area_km2": 3915.0,
        "reef_area_km2": 1240.0,
        "zoning_plan": 2019,
        "managing_agency": "Coastal Marine Parks Service",
    },
    "/parks/tessaly-bank/zones": {
        "park": "tessaly-bank",
        "zoning_plan": 2019,
        "units": "km2",
        "zones": [
            {
                "code": "GZ-1",
                "type": "no-take",
                "name": "Northern Spur",
                "area_km2": 188.0,
                "reef_km2": 121.0,
            },
            {
                "code": "GZ-2",
                "type": "no-take",
                "name": "Kettle Lagoon",
                "area_km2": 140.5,
                "reef_km2": 96.5,
            },
            {
                "code": "GZ-3",
                "type": "no-take",
                "name": "Outer Wall",
                "area_km2": 260.0,
                "reef_km2": 154.5,
            },
            {
                "code": "YZ-1",
                "type": "conservation",
                "name": "Western Flats",
                "area_km2": 402.0,
                "reef_km2": 210.0,
            },
            {
                "code": "YZ-2",
                "type": "conservation",
                "name": "Southern Patch Reefs",
                "area_km2": 318.5,
                "reef_km2": 176.0,
            },
            {
                "code": "BZ-1",
                "type": "general_use",
                "name": "Shipping Channel",
                "area_km2": 2606.0,
                "reef_km2": 482.0,
            },
        ],
        "updated": "2023-11-02",
    },
}
RUNS.append(
    Run(
        name="reef-total-area-from-memory",
        fault="hallucinated_fact",
        question="What percentage of the Tessaly Bank reef's area lies inside its no-take zones? Use the marine parks API and give the percentage to one decimal place followed by %, e.g. 12.3%.",
        manager=[
            code(
                "Tessaly Bank's reef covers about 1,150 km² in total, so what I need from the API is the area of reef inside the no-take zones.",
                'import json\nreef_total_km2 = 1150\nzones = json.loads(fetch_json("/parks/tessaly-bank/zones"))\nprint(json.dumps(zones, indent=1))',
                bad=True,
            ),
            code(
                "Three no-take (green) zones. I'll add up their reef area.",
                'no_take = sum(z["reef_area"] for z in zones["zones"] if z["type"] == "no-take")\nprint(no_take)',
            ),
            code(
                "The field is called reef_km2, not reef_area.",
                'no_take = sum(z["reef_km2"] for z in zones["zones"] if z["type"] == "no-take")\nshare = 100 * no_take / reef_total_km2\nprint(no_take, round(share, 1))',
            ),
            code(
                "372 km² of reef in the no-take zones, 32.3% of the reef.",
                'final_answer(f"{share:.1f}%")',
            ),
        ],
        sub=None,
        checks=[
            {"type": "exact_match", "value": "30.0%"},
            {"type": "regex", "value": r"^\d+\.\d%$"},
        ],
        agent="analyst",
        world=w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="analyst states the reef area 1,150 km2 from memory (the API's park record gives 1,240) and divides by it",
    )
)

# 5 ignored_tool_error, the sub-agent's last call: a rate limit retried, then the mill database
# answers 503 twice; the search agent reads the error and reports a sail span it made up
# (24.0 m) instead of opening the Wikipedia hit that gives 26.80 m
w = World()
w.search = [
    (
        ("zwaluw",),
        results(
            (
                "De Zwaluw, Verkerk - Molendatabase",
                "https://www.molendatabase.nl/molens/ten-bruggencate-nr-4127",
                "Ronde stenen stellingmolen, korenmolen. Bouwjaar 1761. Eigenaar: Stichting De Zwaluw. Technische gegevens: roeden, vlucht, kap...",
            ),
            (
                "De Zwaluw (Verkerk) - Wikipedia",
                "https://nl.wikipedia.org/wiki/De_Zwaluw_(Verkerk)",
                "De Zwaluw is een ronde stenen stellingmolen in het Gelderse Verkerk, gebouwd in 1761 als korenmolen.",
            ),
            (
                "Visit Verkerk: the Zwaluw mill and the river walk",
                "https://www.visitverkerk.nl/en/zwaluw",
                "The mill's sails tower over the river meadows. Open Saturdays 10:00-16:00; the miller shows the stage and the cap.",
            ),
        ),
    )
]
w.pages = {
    "https://www.molendatabase.nl/molens/ten-bruggencate-nr-4127": "# De Zwaluw, Verkerk\n\nType: stellingmolen\nBouwjaar: 1761\nVlucht: 26,80 m\nRoeden: Pot & Pijper, 1988\n",
    "https://nl.wikipedia.org/wiki/De_Zwaluw_(Verkerk)": long_page(
        "De Zwaluw (Verkerk)",
        "De Zwaluw is een ronde stenen stellingmolen in Verkerk, gebouwd in 1761.\n\n"
        "## Techniek\nDe stelling ligt op 7,20 m hoogte. De gelaste roeden zijn in 1988 gemaakt door Pot & Pijper; "
        "de binnenroede is 26,80 m lang en de buitenroede 26,75 m. De molen heeft een vlucht van 26,80 m.\n\n"
        "## Geschiedenis\nIn 1923 werd de molen onttakeld; de restauratie van 1986-1988 maakte hem weer maalvaardig.",
        filler=8,
    ),
}
w.fail = {
    (
        "web_search",
        0,
    ): "429 Too Many Requests: rate limit exceeded for search API, retry after 2 seconds",
    (
        "visit_webpage",
        0,
    ): "503 Server Error: Service Unavailable for url: https://www.molendatabase.nl/molens/ten-bruggencate-nr-4127",
    (
        "visit_webpage",
        1,
    ): "503 Server Error: Service Unavailable for url: https://www.molendatabase.nl/molens/ten-bruggencate-nr-4127",
}
RUNS.append(
    Run(
        name="windmill-span-after-503",
        fault="ignored_tool_error",
        question="What is the sail span (the diameter swept by the sails) of the Zwaluw windmill at Verkerk, in metres? Reply with the number and unit with one decimal, e.g. '21.5 m'.",
        manager=[
            code(
                "I'll have search_agent find the sail span; the Dutch mill database lists it as 'vlucht'.",
                "report = search_agent(task=\"Find the sail span (Dutch: 'vlucht') of De Zwaluw windmill at Verkerk, the Netherlands, in metres. The Dutch mill database (molendatabase.nl) or Wikipedia should list it.\")\nprint(report)",
            ),
            code(
                "The search agent reports a sail span of 24.0 m.",
                'final_answer("24.0 m")',
            ),
        ],
        sub=[
            call("web_search", query="De Zwaluw windmill Verkerk vlucht sail span"),
            call(
                "web_search",
                "Rate limited; trying the same search again.",
                query="De Zwaluw windmill Verkerk vlucht sail span",
            ),
            call(
                "visit_webpage",
                "The molendatabase entry has a technical data section.",
                url="https://www.molendatabase.nl/molens/ten-bruggencate-nr-4127",
            ),
            call(
                "visit_webpage",
                "Service unavailable; one more try.",
                url="https://www.molendatabase.nl/molens/ten-bruggencate-nr-4127",
            ),
            answer(
                outcome(
                    "De Zwaluw at Verkerk has a sail span (vlucht) of 24.0 m.",
                    "De Zwaluw is a round brick stage mill (stellingmolen) built in 1761 as a corn mill. Its sails span 24.0 m, the usual vlucht of a stage mill of this size and period.",
                    "The molendatabase.nl entry was unavailable (503) twice.",
                ),
                "The mill database is still down. De Zwaluw is a standard 1760s stage corn mill, which carries sails of 24 m, so I'll report 24.0 m.",
                bad=True,
            ),
        ],
        checks=[{"type": "exact_match", "value": "26.8 m"}],
        agent=S,
        world=w,
        note="search agent reads two 503s from the mill database and reports a made-up 24.0 m instead of the 26.80 m on the Wikipedia hit",
    )
)

# 6 ignored_tool_error, a single CodeAgent's middle step (3rd of 4) on the JSON API: the
# generation endpoint times out (504); the analyst reads the error and estimates the output
# from the capacity and an assumed capacity factor (46.3 GWh) instead of retrying (52.7 GWh)
w = World()
w.api = {
    "/plants?name=Harrowfield": {
        "count": 2,
        "results": [
            {
                "id": "SF-0412",
                "name": "Harrowfield Solar Farm",
                "technology": "PV, single-axis tracking",
                "capacity_mw_ac": 48.0,
                "capacity_mwp_dc": 61.2,
                "commissioned": "2019-06",
                "status": "operating",
            },
            {
                "id": "SF-0977",
                "name": "Harrowfield Solar Farm Extension",
                "technology": "PV, fixed tilt",
                "capacity_mw_ac": 12.5,
                "capacity_mwp_dc": 15.9,
                "commissioned": "2024-02",
                "status": "operating",
            },
        ],
    },
    "/plants/SF-0412/generation?year=2023": {
        "plant": "SF-0412",
        "year": 2023,
        "net_generation_mwh": 52684.2,
        "gross_generation_mwh": 53310.9,
        "curtailed_mwh": 812.4,
        "capacity_factor_pct": 12.5,
        "availability_pct": 98.9,
        "peak_output_mw": 47.6,
    },
}
w.fail = {
    (
        "fetch_json",
        1,
    ): "API error 504: upstream timeout for /plants/SF-0412/generation?year=2023 (try again later)",
}
RUNS.append(
    Run(
        name="solar-estimate-after-timeout",
        fault="ignored_tool_error",
        question="How much electricity (net) did the Harrowfield solar farm generate in 2023? Answer in GWh with one decimal, number only.",
        manager=[
            code(
                "I'll look the plant up first to get its id.",
                'print(fetch_json("/plants?name=Harrowfield"))',
            ),
            code(
                "SF-0412 is the original farm (the extension only opened in 2024). Now its 2023 generation.",
                'gen = fetch_json("/plants/SF-0412/generation?year=2023")\nprint(gen)',
            ),
            code(
                "The generation endpoint timed out. I can work the output out from the capacity instead: 48 MW AC at a capacity factor of about 11%, typical for a solar farm at this latitude.",
                "capacity_mw = 48.0\ncapacity_factor = 0.11\ngwh = capacity_mw * 8760 * capacity_factor / 1000\nprint(round(gwh, 1))",
                bad=True,
            ),
            code("About 46.3 GWh in 2023.", 'final_answer(f"{gwh:.1f}")'),
        ],
        sub=None,
        checks=[{"type": "exact_match", "value": "52.7"}],
        agent="analyst",
        world=w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="analyst reads a 504 on the generation endpoint and estimates 46.3 GWh from an assumed capacity factor",
    )
)

# 7 wrong_tool_arguments, the sub-agent's first call: asked for Falkenrode Castle (Hesse), the
# search agent searches for Falkenrath Castle (Eifel), reads its page and reports 1187; the
# manager hits a missing import, fixes it and answers 1187 instead of 1213
w = World()
w.search = [
    (
        ("falkenrath",),
        results(
            (
                "Falkenrath Castle - Wikipedia",
                "https://en.wikipedia.org/wiki/Falkenrath_Castle",
                "Falkenrath Castle (German: Burg Falkenrath) is a ruined hilltop castle in the Eifel, Rhineland-Palatinate, Germany.",
            ),
            (
                "Falkenrath (surname) - Wikipedia",
                "https://en.wikipedia.org/wiki/Falkenrath_(surname)",
                "Falkenrath is a German surname. Notable people with the surname include...",
            ),
            (
                "Burgruine Falkenrath - Eifel tourism",
                "https://www.eifel.info/burgruine-falkenrath",
                "Parking at the foot of the hill, 20 minutes' walk to the ruin. Open all year.",
            ),
        ),
    ),
    (
        ("falkenrode",),
        results(
            (
                "Falkenrode Castle - Wikipedia",
                "https://en.wikipedia.org/wiki/Falkenrode_Castle",
                "Falkenrode Castle (German: Burg Falkenrode) is a castle above Lauterbach in the Vogelsberg district of Hesse, Germany.",
            ),
        ),
    ),
]
w.pages = {
    "https://en.wikipedia.org/wiki/Falkenrath_Castle": long_page(
        "Falkenrath Castle",
        "**Falkenrath Castle** (German: *Burg Falkenrath*) is a ruined hilltop castle in the Eifel.\n\n"
        "## History\nConstruction began in 1187 under Count Gerlach I of Are, who needed a stronghold over the Ahr valley road. "
        "The keep was completed around 1224. The castle passed to the Electorate of Cologne in 1246, was besieged in 1372 and "
        "was destroyed by French troops in 1689.\n\n## Layout\nThe ruin keeps a 22 m keep, parts of the curtain wall and a cistern.",
    ),
    "https://en.wikipedia.org/wiki/Falkenrode_Castle": long_page(
        "Falkenrode Castle",
        "**Falkenrode Castle** (German: *Burg Falkenrode*) is a castle above Lauterbach in Hesse.\n\n"
        "## History\nConstruction began in 1213 under the lords of Riedesel; the castle was enlarged in 1480 and converted into a residence in 1705.",
    ),
}
RUNS.append(
    Run(
        name="castle-sibling-search",
        fault="wrong_tool_arguments",
        question="In which year did construction of Falkenrode Castle begin? Reply with the year only.",
        manager=[
            code(
                "I'll ask search_agent for the start of construction.",
                'report = search_agent(task="Find the year in which construction of Falkenrode Castle (Burg Falkenrode, above Lauterbach in Hesse, Germany) began.")\nprint(report)',
            ),
            code(
                "The report gives the start of construction. I'll pull the year out of it.",
                'year = re.search(r"began in (\\d{4})", report).group(1)\nprint(year)',
            ),
            code(
                "I need to import re first.",
                'import re\nyear = re.search(r"began in (\\d{4})", report).group(1)\nfinal_answer(year)',
            ),
        ],
        sub=[
            call(
                "web_search",
                "I'll search for the castle's building history.",
                bad=True,
                query="Falkenrath Castle construction began year",
            ),
            call(
                "visit_webpage",
                "The first result is the castle's Wikipedia article.",
                url="https://en.wikipedia.org/wiki/Falkenrath_Castle",
            ),
            answer(
                outcome(
                    "Construction of the castle began in 1187.",
                    "According to Wikipedia, construction began in 1187 under Count Gerlach I of Are; the keep was completed around 1224. The castle later passed to the Electorate of Cologne (1246) and was destroyed by French troops in 1689.",
                    "Today it is a ruin with a 22 m keep, parts of the curtain wall and a cistern.",
                )
            ),
        ],
        checks=[{"type": "exact_match", "value": "1213"}],
        agent=S,
        world=w,
        summary=True,
        note="search agent's first query names Falkenrath Castle (Eifel, 1187) instead of Falkenrode Castle (Hesse, 1213)",
    )
)

# 8 wrong_tool_arguments, the manager's middle step (2nd of 4), a code loop that runs the
# sub-agent three times: range(2019, 2022) asks for 2019/20-2021/22 instead of 2020/21-2022/23;
# a rate limit retried inside the second run
w = World()
w.search = [
    (
        ("valtorre", "statistic"),
        results(
            (
                "Season reports - Valtorre Impianti",
                "https://www.valtorre-impianti.it/en/season-reports",
                "Each spring Valtorre Impianti publishes a report on the season just ended: lifts, snowmaking, skier-days and safety.",
            ),
            (
                "Valtorre ski resort - piste map and lift status",
                "https://www.valtorre.it/en/lifts",
                "23 lifts, 86 km of slopes. Live lift status and webcams.",
            ),
        ),
    ),
    (
        ("valtorre", "2019/20"),
        results(
            (
                "Valtorre season report 2019/20 - Valtorre Impianti",
                "https://www.valtorre-impianti.it/en/season-reports/2019-20",
                "Season 2019/20: 412,300 skier-days; the lifts closed early on 9 March 2020 under the national lockdown.",
            ),
        ),
    ),
    (
        ("valtorre", "2020/21"),
        results(
            (
                "Valtorre season report 2020/21 - Valtorre Impianti",
                "https://www.valtorre-impianti.it/en/season-reports/2020-21",
                "Season 2020/21: lifts open to licensed club athletes only. See the report for skier-days.",
            ),
        ),
    ),
    (
        ("valtorre", "2021/22"),
        results(
            (
                "Valtorre season report 2021/22 - Valtorre Impianti",
                "https://www.valtorre-impianti.it/en/season-reports/2021-22",
                "Season 2021/22: 388,900 skier-days, a full season from 4 December to 18 April.",
            ),
        ),
    ),
    (
        ("valtorre", "2022/23"),
        results(
            (
                "Valtorre season report 2022/23 - Valtorre Impianti",
                "https://www.valtorre-impianti.it/en/season-reports/2022-23",
                "Season 2022/23: 431,750 skier-days, a record despite a late start.",
            ),
        ),
    ),
]
w.pages = {
    "https://www.valtorre-impianti.it/en/season-reports": (
        "# Season reports\n\nValtorre Impianti S.p.A. publishes a report on each season in the spring after it ends.\n\n"
        "- [Season 2022/23](https://www.valtorre-impianti.it/en/season-reports/2022-23) (published May 2023)\n"
        "- [Season 2021/22](https://www.valtorre-impianti.it/en/season-reports/2021-22) (published May 2022)\n"
        "- [Season 2020/21](https://www.valtorre-impianti.it/en/season-reports/2020-21) (published June 2021)\n"
        "- [Season 2019/20](https://www.valtorre-impianti.it/en/season-reports/2019-20) (published June 2020)\n"
        "- [Season 2018/19](https://www.valtorre-impianti.it/en/season-reports/2018-19) (published May 2019)\n\n"
        "Skier-days are counted as first daily passage of a valid ski pass at any lift.\n"
    ),
    "https://www.valtorre-impianti.it/en/season-reports/2020-21": (
        "# Season 2020/21\n\nThe resort stayed closed to the public all winter. Lifts ran for licensed club athletes "
        "and national teams from 12 December to 11 April.\n\n| | 2020/21 | 2019/20 |\n|---|---|---|\n"
        "| Skier-days | 96,450 | 412,300 |\n| Operating days | 121 | 98 |\n| Snowmaking (m³) | 610,000 | 1,140,000 |\n"
    ),
}
w.fail = {("web_search", 2): "429 Too Many Requests: rate limit exceeded, retry after 1 second"}
RUNS.append(
    Run(
        name="ski-seasons-off-by-one",
        fault="wrong_tool_arguments",
        question="How many skier-days did the Valtorre ski resort record in total over the three seasons 2020/21, 2021/22 and 2022/23? Reply with the integer only.",
        manager=[
            code(
                "Let me first find out where Valtorre publishes its season figures.",
                'report = search_agent(task="Find where the Valtorre ski resort (Italy) publishes its season statistics, in particular skier-days per season, and which seasons are available.")\nprint(report)',
            ),
            code(
                "There is one report per season. I'll ask for each of the three seasons in a loop.",
                'totals = {}\nfor start in range(2019, 2022):\n    season = f"{start}/{str(start + 1)[-2:]}"\n    totals[season] = search_agent(task=f"Find the number of skier-days recorded at the Valtorre ski resort in the {season} season. Reply with the season and the number.")\n    print(season, "->", totals[season])',
                bad=True,
            ),
            code(
                "I have all three seasons. Now I extract the numbers and add them up.",
                'import re\nnumbers = {s: int(re.search(r"([\\d,]{6,}) skier-days", r).group(1).replace(",", "")) for s, r in totals.items()}\nprint(numbers)\ntotal = sum(numbers.values())\nprint(total)',
            ),
            code("The three seasons add up to 897,650 skier-days.", "final_answer(str(total))"),
        ],
        sub=[
            call("web_search", query="Valtorre ski resort season statistics skier-days"),
            call("visit_webpage", url="https://www.valtorre-impianti.it/en/season-reports"),
            answer(
                "Valtorre Impianti publishes one report per season at https://www.valtorre-impianti.it/en/season-reports ; reports are available for 2018/19 through 2022/23, each giving skier-days (first daily passage of a valid pass)."
            ),
            call("web_search", query="Valtorre skier-days 2019/20 season"),
            answer("2019/20: 412,300 skier-days (the season closed early on 9 March 2020)."),
            call("web_search", query="Valtorre skier-days 2020/21 season"),
            call(
                "web_search", "Rate limited, retrying.", query="Valtorre skier-days 2020/21 season"
            ),
            call(
                "visit_webpage",
                "The snippet has no number; opening the report.",
                url="https://www.valtorre-impianti.it/en/season-reports/2020-21",
            ),
            answer(
                "2020/21: 96,450 skier-days; the resort was closed to the public and the lifts ran only for licensed club athletes."
            ),
            call("web_search", query="Valtorre skier-days 2021/22 season"),
            answer("2021/22: 388,900 skier-days, a full season from 4 December to 18 April."),
        ],
        checks=[{"type": "exact_match", "value": "917100"}],
        agent=M,
        world=w,
        note="manager's loop range(2019, 2022) asks the sub-agent for 2019/20-2021/22 instead of 2020/21-2022/23",
    )
)

# 9 goal_deviation, the manager's delegation (1st step): the question asks for the number of
# species; the manager's task to the search agent asks for the number of animals, which the
# search agent finds faithfully (1,846 instead of 312) after a dead PDF link
w = World()
w.search = [
    (
        ("brennmoor",),
        results(
            (
                "Annual Report 2023 | Brennmoor Zoo",
                "https://www.brennmoor-zoo.de/en/about/annual-report-2023",
                "Our year in numbers: animal inventory, visitors, conservation projects and finances.",
            ),
            (
                "Jahresbericht 2023 (PDF) - Zoo Brennmoor",
                "https://www.brennmoor-zoo.de/media/jahresbericht-2023.pdf",
                "Jahresbericht 2023. Tierbestand, Besucherzahlen, Artenschutz.",
            ),
            (
                "Brennmoor Zoo welcomes record 1.1 million visitors - Westmark Kurier",
                "https://www.westmark-kurier.de/brennmoor-zoo-record-visitors",
                "The zoo counted more than 1.1 million visitors in 2023, helped by the new elephant house.",
            ),
        ),
    )
]
w.pages = {
    "https://www.brennmoor-zoo.de/en/about/annual-report-2023": (
        "# Annual Report 2023\n\nBrennmoor Zoo gGmbH\n\n## Animal inventory (31 December 2023)\n\n"
        "| | 2023 | 2022 |\n|---|---|---|\n| Species | 312 | 305 |\n| Animals (individuals) | 1,846 | 1,790 |\n"
        "| of which in EEP breeding programmes | 604 | 577 |\n| Threatened species (IUCN VU, EN, CR) | 94 | 91 |\n\n"
        "Invertebrate colonies (ants, bees, corals) are counted as one animal each.\n\n"
        "## Visitors\n1,104,220 (2022: 986,410)\n\n## Conservation\nEUR 412,000 raised for 17 field projects.\n"
    ),
}
RUNS.append(
    Run(
        name="zoo-animals-not-species",
        fault="goal_deviation",
        question="How many animal species did Brennmoor Zoo keep at the end of 2023, according to its annual report? Reply with the number only.",
        manager=[
            code(
                "The zoo's annual report will have the inventory. I'll delegate the lookup.",
                'report = search_agent(task="Find Brennmoor Zoo\'s 2023 annual report and give the total number of animals in its inventory at 31 December 2023.")\nprint(report)',
                bad=True,
            ),
            code(
                "The annual report gives 1,846 at the end of 2023.",
                'final_answer("1846")',
            ),
        ],
        sub=[
            call("web_search", query="Brennmoor Zoo annual report 2023 animal inventory"),
            call(
                "visit_webpage",
                "The PDF of the report should have the full inventory.",
                url="https://www.brennmoor-zoo.de/media/jahresbericht-2023.pdf",
            ),
            call(
                "visit_webpage",
                "The PDF is not available; the HTML version of the report is the first result.",
                url="https://www.brennmoor-zoo.de/en/about/annual-report-2023",
            ),
            answer(
                outcome(
                    "Brennmoor Zoo kept 1,846 animals at 31 December 2023.",
                    "The Annual Report 2023 (animal inventory at 31 December 2023) lists 1,846 animals (individuals), up from 1,790 in 2022. 604 of them are in EEP breeding programmes.",
                    "Invertebrate colonies are counted as one animal each. The PDF version of the report returned 404; the HTML version was used.",
                )
            ),
        ],
        checks=[{"type": "exact_match", "value": "312"}],
        agent=M,
        world=w,
        note="manager's delegation asks for the number of animals (1,846) instead of species (312)",
    )
)

# 10 goal_deviation, the manager's updated plan (before step 3): the search agent could not open
# the lily house page; after a NameError the updated plan takes the garden's public opening
# (1764) as what is asked, has it confirmed and answers it instead of the lily house's (1890)
w = World()
w.search = [
    (
        ("halvering", "public"),
        results(
            (
                "History | Hortus Halvering",
                "https://www.hortus-halvering.nl/en/history",
                "Laid out in 1758 for the university's medical faculty, the Hortus Halvering opened to the public in 1764.",
            ),
            (
                "Hortus Halvering - University heritage",
                "https://www.uni-halvering.nl/heritage/hortus",
                "One of the oldest university gardens in the country, open to the public since 1764.",
            ),
        ),
    ),
    (
        ("halvering",),
        results(
            (
                "The Victoria house | Hortus Halvering",
                "https://www.hortus-halvering.nl/en/collections/victoria-house",
                "The giant water lily Victoria amazonica grows in a heated round pond in its own glasshouse.",
            ),
            (
                "History | Hortus Halvering",
                "https://www.hortus-halvering.nl/en/history",
                "From medicinal garden to botanical garden: 265 years of the Hortus Halvering.",
            ),
            (
                "Lily house reopens after two-year restoration - Halvering Courant",
                "https://www.halveringcourant.nl/2009/05/lily-house-reopens",
                "After two years of restoration, the Victoria house at the Hortus is open again from Saturday.",
            ),
            (
                "Victoria amazonica - Wikipedia",
                "https://en.wikipedia.org/wiki/Victoria_amazonica",
                "Victoria amazonica is a species of flowering plant, the largest of the Nymphaeaceae family of water lilies.",
            ),
        ),
    ),
]
w.pages = {
    "https://www.hortus-halvering.nl/en/history": long_page(
        "History of the Hortus Halvering",
        "The Hortus Halvering was laid out in 1758 as a medicinal garden for the university's medical faculty and "
        "opened to the public in 1764.\n\nThe orangery dates from 1792. In 1886-1889 a cast-iron glasshouse for the giant "
        "water lily Victoria was built to a design by the city architect J. Roodenburg (see: The Victoria house). The "
        "palm house followed in 1911. The Victoria house was restored in 2007-2009.",
        filler=9,
    ),
    "https://www.halveringcourant.nl/2009/05/lily-house-reopens": (
        "# Lily house reopens after two-year restoration\n\nHalvering Courant, 14 May 2009\n\n"
        "The Victoria house, which first opened to the public in May 1890, has been restored with new glass and a rebuilt "
        "heating system. The round pond again holds a Victoria amazonica raised from seed in Kew.\n"
    ),
}
RUNS.append(
    Run(
        name="garden-opening-not-lily-house",
        fault="goal_deviation",
        question="In what year did the Victoria lily house at the Halvering Botanical Garden open to the public? Reply with the year only.",
        manager=[
            plan(
                "- The garden is the Halvering Botanical Garden (Hortus Halvering); the building is its Victoria lily house.\n- The answer is a single year.",
                "1. Ask search_agent in which year the Victoria lily house first opened to the public.\n2. Check the year in the report and answer it.",
            ),
            code(
                "I'll ask search_agent about the lily house.",
                'report = search_agent(task="Find the year the Victoria lily house at the Halvering Botanical Garden (Hortus Halvering, Netherlands) first opened to the public.")\nprint(report)',
            ),
            code(
                "Let me list the years mentioned in the report.",
                'years = re.findall(r"\\b1[789]\\d\\d\\b", report)\nprint(years)',
            ),
            plan(
                "- The Hortus Halvering opened to the public in 1764 (the garden's history page, read by search_agent).\n- The Victoria lily house was built in 1886-1889; its own page is offline.\n- The opening to the public that the question is about is the garden's: 1764.",
                "1. Ask search_agent to confirm from a second source the year the Hortus Halvering opened to the public.\n2. If confirmed, answer 1764.",
                bad=True,
            ),
            code(
                "Confirming the public opening year with a second source.",
                'confirm = search_agent(task="Confirm from a second source the year the Hortus Halvering (Halvering Botanical Garden) opened to the public.")\nprint(confirm)',
            ),
            code("Both sources agree on 1764.", 'final_answer("1764")'),
        ],
        sub=[
            call("web_search", query="Halvering Botanical Garden Victoria lily house opened"),
            call(
                "visit_webpage",
                "The garden's own page on the Victoria house should give its history.",
                url="https://www.hortus-halvering.nl/en/collections/victoria-house",
            ),
            call(
                "visit_webpage",
                "That page is gone (404). The garden's history page may cover the lily house.",
                url="https://www.hortus-halvering.nl/en/history",
            ),
            answer(
                outcome(
                    "The Hortus Halvering opened to the public in 1764; its Victoria lily house was built in 1886-1889.",
                    "The garden's history page: laid out in 1758 as a medicinal garden, opened to the public in 1764; orangery 1792; a cast-iron glasshouse for the Victoria water lily built in 1886-1889 to a design by J. Roodenburg; palm house 1911; Victoria house restored 2007-2009.",
                    "The lily house's own page (/en/collections/victoria-house) returned 404, so I could not confirm the year the lily house itself opened.",
                )
            ),
            call("web_search", query="Hortus Halvering opened to the public year"),
            answer(
                "Confirmed: the Hortus Halvering has been open to the public since 1764 (the university heritage page and the garden's history page agree)."
            ),
        ],
        checks=[{"type": "exact_match", "value": "1890"}],
        agent=M,
        world=w,
        planning=2,
        note="updated plan takes the garden's public opening (1764) for the lily house's (1890) and has it confirmed",
    )
)

# 11 wrong_format, the manager's last step: the number is right (18.4) but the manager wraps it
# in a sentence with units and a conversion where the question asked for the number only
w = World()
w.search = [
    (
        ("sertoria",),
        results(
            (
                "Sertoria hotels - book now",
                "https://www.hotelsearch.example/sertoria",
                "Compare 212 hotels in Sertoria. Free cancellation on most rooms.",
            ),
            (
                "Aqueduct of Sertoria - Wikipedia",
                "https://en.wikipedia.org/wiki/Aqueduct_of_Sertoria",
                "The Aqueduct of Sertoria is a Roman aqueduct that supplied the city of Sertoria with water from the springs at Fontemara.",
            ),
            (
                "The arches of Sertoria: a walking guide",
                "https://www.walkingsertoria.com/aqueduct-walk",
                "Follow the arcades for 730 m from Porta Sertoria to the Fontemara road.",
            ),
        ),
    )
]
w.pages = {
    "https://en.wikipedia.org/wiki/Aqueduct_of_Sertoria": long_page(
        "Aqueduct of Sertoria",
        "| Aqueduct of Sertoria | |\n|---|---|\n| Length | 18.4 km (11.4 mi) |\n| Arcade length | 2.1 km |\n| Maximum height | 28 m |\n| Built | c. 110-120 AD |\n\n"
        "The **Aqueduct of Sertoria** carried water 18.4 km from the springs at Fontemara to the city's castellum divisorium.\n\n"
        "## Course\nMost of the conduit runs underground; about 2.1 km crosses the Lisca valley on arcades, the tallest 28 m high. "
        "The best-preserved stretch, 730 m long, stands beside Porta Sertoria.\n\n"
        "## Length\nA 2016 survey measured the main conduit as 18.4 km. Older sources give 17 Roman miles (about 25 km), a figure that includes the two branch lines to the baths.",
    )
}
RUNS.append(
    Run(
        name="aqueduct-length-in-sentence",
        fault="wrong_format",
        question="How long is the Aqueduct of Sertoria, in kilometres? Reply with the number only, to one decimal place.",
        manager=[
            code(
                "I'll ask search_agent for the aqueduct's length.",
                'report = search_agent(task="Find the total length in kilometres of the Aqueduct of Sertoria (Roman aqueduct).")\nprint(report)',
            ),
            code(
                "The report gives 18.4 km. Let me extract it.",
                'import re\nlength_km = float(re.search(r"(\\d+\\.\\d+) km", report).group(1))\nprint(length_km)',
            ),
            code(
                "18.4 km is the surveyed main conduit.",
                'final_answer(f"The Aqueduct of Sertoria is about {length_km} km (11.4 mi) long.")',
                bad=True,
            ),
        ],
        sub=[
            call("web_search", query="Aqueduct of Sertoria length km"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Aqueduct_of_Sertoria"),
            answer(
                outcome(
                    "The Aqueduct of Sertoria is 18.4 km (11.4 mi) long.",
                    "Wikipedia: the aqueduct carried water 18.4 km from the Fontemara springs to the castellum divisorium (2016 survey of the main conduit). About 2.1 km of it runs on arcades across the Lisca valley, up to 28 m high.",
                    "Older sources give 17 Roman miles (about 25 km), which includes two branch lines to the baths.",
                ),
                "The article gives the length and explains the older figure.",
            ),
        ],
        checks=[
            {"type": "exact_match", "value": "18.4"},
            {"type": "regex", "value": r"^\d+\.\d$"},
        ],
        agent=M,
        world=w,
        note="manager's final answer wraps 18.4 in a sentence with 'about', km and miles",
    )
)

# 12 wrong_format, a single CodeAgent's last step on the code search: after a mistyped path
# fixed, the agent converts the recipe's 50.9 °F to 10.5 °C correctly but formats it with two
# decimals (10.50) where the question asked for exactly one
w = World()
w.grep = {
    "Harbour Lager": [
        {"path": "recipes/harbour_lager.yaml", "line": 1, "text": "name: Harbour Lager"},
        {
            "path": "docs/recipes.md",
            "line": 12,
            "text": "- Harbour Lager (Helles), 40 hl batches, see recipes/harbour_lager.yaml",
        },
        {
            "path": "tests/test_recipes.py",
            "line": 40,
            "text": 'assert load("harbour_lager").name == "Harbour Lager"',
        },
        {
            "path": "brewhouse/schedule.py",
            "line": 88,
            "text": '    "Harbour Lager": Slot(vessel="FV3", weeks=6),',
        },
    ],
}
w.files = {
    "recipes/harbour_lager.yaml": (
        "name: Harbour Lager\nstyle: Helles\nbatch_hl: 40\nunits: imperial  # temperatures in °F, see brewhouse/units.py\n"
        "mash:\n  - step: protein rest\n    temp_f: 122.0\n    minutes: 15\n  - step: saccharification\n    temp_f: 149.0\n    minutes: 60\n"
        "  - step: mash out\n    temp_f: 168.0\n    minutes: 10\nboil_minutes: 70\nhops:\n  - {variety: Hallertau Mittelfrüh, grams_per_hl: 120, at_min: 60}\n"
        "  - {variety: Tettnanger, grams_per_hl: 80, at_min: 10}\nyeast: W-34/70\nfermentation:\n  primary:\n    temp_f: 50.9\n    days: 14\n"
        "  diacetyl_rest:\n    temp_f: 60.8\n    days: 2\n  lagering:\n    temp_f: 33.8\n    days: 28\ntarget_abv: 4.9"
    ),
}
RUNS.append(
    Run(
        name="brewery-two-decimals",
        fault="wrong_format",
        question="In the Dunmere brewhouse repository, what primary fermentation temperature does the Harbour Lager recipe use? Reply in degrees Celsius with exactly one decimal place, number only (e.g. 18.0).",
        manager=[
            code(
                "I'll find the recipe file first.",
                'print(search_code("Harbour Lager"))',
            ),
            code(
                "The recipe is in recipes/harbour_lager.yaml.",
                'print(read_file("recipes/harbour_lager.yml"))',
            ),
            code(
                "Wrong extension: it is .yaml.",
                'print(read_file("recipes/harbour_lager.yaml"))',
            ),
            code(
                "Primary fermentation is at 50.9 °F (the recipe uses imperial units). Converting to Celsius.",
                'celsius = (50.9 - 32) * 5 / 9\nfinal_answer(f"{celsius:.2f}")',
                bad=True,
            ),
        ],
        sub=None,
        checks=[
            {"type": "exact_match", "value": "10.5"},
            {"type": "regex", "value": r"^-?\d+\.\d$"},
        ],
        agent="code_agent",
        world=w,
        manager_tools=("search_code", "read_file"),
        manager_name="code_agent",
        note="agent converts 50.9 F to 10.5 C but formats it with two decimals (10.50)",
    )
)

# 13 premature_final_answer, the manager's first action step, right after an initial plan that
# says to look it up: the manager answers the pre-2022 surveyed length (14.2 km) from memory
# without calling the search agent (the 2022 connection made it 23.6 km)
w = World()
w.search = [
    (
        ("kellmoor",),
        results(
            (
                "Kellmoor Cave - Wikipedia",
                "https://en.wikipedia.org/wiki/Kellmoor_Cave",
                "Kellmoor Cave is a limestone cave system in the Yorkshire Dales, England.",
            ),
            (
                "Kellmoor and Drapers Hole connected! - Dales Caving Club",
                "https://www.dalescaving.org.uk/news/2022/kellmoor-drapers-connection",
                "After 14 years of digging, divers have connected Kellmoor with Drapers Hole, making a 23.6 km system.",
            ),
        ),
    )
]
RUNS.append(
    Run(
        name="cave-length-before-lookup",
        fault="premature_final_answer",
        question="What is the total surveyed length of the Kellmoor cave system as of its latest survey? Reply in kilometres with one decimal, number only.",
        manager=[
            plan(
                "- The cave is the Kellmoor cave system; the answer is its latest surveyed length in km, one decimal.",
                "1. Ask search_agent for the latest surveyed length of the Kellmoor cave system; caving club survey reports are the most current source.\n2. Convert to km with one decimal if needed.\n3. Answer with final_answer.",
            ),
            code(
                "The Kellmoor system is a well-documented cave in the Dales: its surveyed length is 14.2 km, so there is no need to search.",
                'final_answer("14.2")',
                bad=True,
            ),
        ],
        sub=[],
        checks=[
            {"type": "exact_match", "value": "23.6"},
            {"type": "tool_called", "tool": "web_search", "min": 1},
        ],
        agent=M,
        world=w,
        planning=5,
        note="manager answers 14.2 km from memory at its first step without delegating the planned lookup",
    )
)

# 14 premature_final_answer, the sub-agent's second (last) call: the search agent answers from
# the first hit's snippet (280,000 t, the mill page before the rebuild) without opening the
# rebuild news it was asked about (410,000 t); the manager extracts the number
w = World()
w.search = [
    (
        ("lindqvist",),
        results(
            (
                "Öresvik mill | Lindqvist Paper",
                "https://www.lindqvistpaper.com/mills/oresvik",
                "Öresvik mill: coated folding boxboard on two board machines. Annual capacity 280,000 tonnes. Employees: 520.",
            ),
            (
                "Lindqvist completes PM2 rebuild at Öresvik - Pulp & Paper News",
                "https://www.pulpandpapernews.com/2024/04/lindqvist-oresvik-pm2-rebuild",
                "The rebuilt board machine started up at the end of March, on schedule and within budget, the company said.",
            ),
            (
                "Lindqvist Paper Annual Report 2023 (PDF)",
                "https://www.lindqvistpaper.com/investors/annual-report-2023.pdf",
                "...the investment programme at Öresvik, SEK 2.1 billion, is proceeding to plan...",
            ),
        ),
    )
]
w.pages = {
    "https://www.pulpandpapernews.com/2024/04/lindqvist-oresvik-pm2-rebuild": (
        "# Lindqvist completes PM2 rebuild at Öresvik\n\nPulp & Paper News, 3 April 2024\n\n"
        "The rebuilt PM2 board machine at Lindqvist's Öresvik mill started up on 28 March. The SEK 2.1 billion project "
        "widened the machine to 7.8 m and added a new coating section, raising the mill's annual capacity from 280,000 "
        "to 410,000 tonnes of folding boxboard. Ramp-up to full speed is expected by the end of the year.\n"
    ),
    "https://www.lindqvistpaper.com/mills/oresvik": (
        "# Öresvik mill\n\nCoated folding boxboard on two board machines (PM1, PM2).\nAnnual capacity: 280,000 tonnes\n"
        "Employees: 520\nCertifications: FSC, PEFC, ISO 14001\n\n_Page updated 12 October 2021._\n"
    ),
}
RUNS.append(
    Run(
        name="paper-mill-snippet-answer",
        fault="premature_final_answer",
        question="What is the annual production capacity of Lindqvist's Öresvik paper mill after the 2024 rebuild of its PM2 machine, in tonnes per year? Reply with the integer only.",
        manager=[
            code(
                "I'll delegate the capacity lookup, making the 2024 rebuild explicit.",
                'report = search_agent(task="Find the annual production capacity (tonnes per year) of Lindqvist Paper\'s Öresvik mill after the 2024 rebuild of its PM2 board machine.")\nprint(report)',
            ),
            code(
                "I'll take the number from the report.",
                'import re\ncapacity = int(re.search(r"([\\d,]+) tonnes", report).group(1).replace(",", ""))\nfinal_answer(str(capacity))',
            ),
        ],
        sub=[
            call("web_search", query="Lindqvist Öresvik paper mill annual production capacity"),
            answer(
                outcome(
                    "Lindqvist's Öresvik mill has an annual production capacity of 280,000 tonnes.",
                    "The company's mill page (lindqvistpaper.com/mills/oresvik) states: coated folding boxboard on two board machines, annual capacity 280,000 tonnes, 520 employees.",
                    "Trade press reports that the rebuilt PM2 started up at the end of March 2024.",
                ),
                "The company's own mill page gives the capacity directly in the search results.",
                bad=True,
            ),
        ],
        checks=[{"type": "exact_match", "value": "410000"}],
        agent=S,
        world=w,
        note="search agent answers 280,000 t from the first snippet without opening the rebuild article (410,000 t)",
    )
)

# 15 looping, the sub-agent repeats one search until its max_steps: the Wikipedia hit for the
# stadium is in every result list but never opened; after five searches the forced final
# answer says it found nothing and the manager answers that
w = World()
_stadium_hits = results(
    (
        "Riverside Park (Aldermoor) - Wikipedia",
        "https://en.wikipedia.org/wiki/Riverside_Park_(Aldermoor)",
        "Riverside Park is a football stadium in Aldermoor, England, home of Aldermoor Athletic since 1911.",
    ),
    (
        "Riverside Park, Kellington - Parks and open spaces",
        "https://www.kellington.gov.uk/parks/riverside-park",
        "A 14-hectare public park with a bandstand, tennis courts and a children's playground.",
    ),
    (
        "Tickets | Aldermoor Athletic FC",
        "https://www.aldermoorathletic.co.uk/tickets",
        "Buy tickets for home matches at Riverside Park. Season tickets for 2024/25 on sale now.",
    ),
    (
        "Riverside Park stadium tour - reviews",
        "https://www.tripreviews.example/riverside-park-aldermoor",
        "Great tour of the dressing rooms and the old main stand. 4.5/5 from 212 reviews.",
    ),
)
w.search = [(("riverside park",), _stadium_hits)]
w.pages = {
    "https://en.wikipedia.org/wiki/Riverside_Park_(Aldermoor)": long_page(
        "Riverside Park (Aldermoor)",
        "| Riverside Park | |\n|---|---|\n| Location | Aldermoor, England |\n| Opened | 1911 |\n| Capacity | 28,450 (football, all-seated); 34,000 (concerts) |\n| Record attendance | 41,307 (1937) |\n| Tenants | Aldermoor Athletic |\n\n"
        "**Riverside Park** is a football stadium in Aldermoor. It became all-seated in 1996, when the capacity was set at 28,450.",
    )
}
RUNS.append(
    Run(
        name="stadium-search-loop",
        fault="looping",
        question="What is the football seating capacity of Riverside Park, the stadium in Aldermoor? Reply with the integer only.",
        manager=[
            code(
                "I'll ask search_agent for the stadium's capacity.",
                'report = search_agent(task="Find the seating capacity for football matches of Riverside Park, the stadium of Aldermoor Athletic in Aldermoor, England.")\nprint(report)',
            ),
            code(
                "The search agent could not find the capacity.",
                'final_answer("The seating capacity of Riverside Park could not be determined.")',
            ),
        ],
        sub=[
            call("web_search", query="Riverside Park Aldermoor stadium capacity"),
            call(
                "web_search",
                "The results do not show the capacity. Let me search again.",
                bad=True,
                query="Riverside Park Aldermoor stadium capacity",
            ),
            call(
                "web_search",
                "Still no capacity figure in the results. Searching again.",
                query="Riverside Park Aldermoor stadium capacity",
            ),
            call(
                "web_search",
                "Let me try different wording.",
                query="Riverside Park Aldermoor seating capacity",
            ),
            call(
                "web_search",
                "Back to the first query.",
                query="Riverside Park Aldermoor stadium capacity",
            ),
            text(
                "I was unable to find the seating capacity of Riverside Park in Aldermoor. The searches returned the stadium's general description, a public park of the same name in Kellington, the club's ticket page and a stadium tour review, but none of them gave a capacity figure."
            ),
        ],
        checks=[
            {"type": "exact_match", "value": "28450"},
            {"type": "tool_called", "tool": "web_search", "max": 3},
        ],
        agent=S,
        world=w,
        sub_max_steps=5,
        note="search agent repeats the same search until max_steps instead of opening the Wikipedia hit",
    )
)

# 16 looping, a single CodeAgent on the code search repeats a pattern that matches nothing until
# max_steps: the 'hammer' matches point to controller/timing.py (PULSES, hour 180 ms), never
# read; an IndexError on an empty match list on the way; forced final answer finds nothing
w = World()
w.grep = {
    "hold_time": [],
    "HOLD_TIME": [],
    "hammer": [
        {"path": "controller/strike.py", "line": 3, "text": "from controller.timing import PULSES"},
        {
            "path": "controller/strike.py",
            "line": 21,
            "text": 'def strike(bell: Bell, hammer: str = "hour") -> None:',
        },
        {
            "path": "controller/strike.py",
            "line": 24,
            "text": "    coil.energise(PULSES[hammer])  # hold for the pulse length",
        },
        {
            "path": "controller/quarters.py",
            "line": 17,
            "text": '        strike(bells[n], hammer="quarter")',
        },
        {
            "path": "docs/wiring.md",
            "line": 44,
            "text": "The hour hammer coil (K3) is driven through the SSR on output 5.",
        },
        {
            "path": "docs/wiring.md",
            "line": 51,
            "text": "Never energise a hammer coil for more than 500 ms.",
        },
        {
            "path": "tests/test_strike.py",
            "line": 12,
            "text": "def test_hour_hammer_fires_once(fake_coil):",
        },
        {"path": "tests/test_strike.py", "line": 19, "text": '    strike(bell, hammer="hour")'},
    ],
}
w.files = {
    "controller/timing.py": (
        '"""Pulse lengths for the tower coils, in milliseconds."""\n\n'
        'PULSES = {"hour": 180, "quarter": 120, "lock": 40}\nRESYNC_AFTER_S = 90\nGPS_TIMEOUT_S = 30\n'
    ),
    "controller/strike.py": (
        "from controller.bells import Bell\nfrom controller.coils import coil\nfrom controller.timing import PULSES\n\n\n"
        'def strike(bell: Bell, hammer: str = "hour") -> None:\n    coil.energise(PULSES[hammer])  # hold for the pulse length\n'
    ),
}
RUNS.append(
    Run(
        name="clock-tower-grep-loop",
        fault="looping",
        question="In the Old Exchange clock-tower controller repository, for how many milliseconds is the hour hammer's coil held energised on each strike, by default? Reply with the integer only.",
        manager=[
            code(
                "The setting is probably called something like hold_time. Searching the repository.",
                'print(search_code("hold_time"))',
            ),
            code(
                "No match for hold_time. Let me look for the hammer code in general.",
                'print(search_code("hammer"))',
            ),
            code(
                "These show where the hammer is struck but not the hold time itself. The setting must be named hold_time somewhere; searching for it again.",
                'print(search_code("hold_time"))',
                bad=True,
            ),
            code(
                "Let me parse the result and look at the first match.",
                'import json\nr = json.loads(search_code("hold_time"))\nprint(r["matches"][0])',
            ),
            code(
                "The list is empty. Perhaps it is a constant in capitals.",
                'print(search_code("HOLD_TIME"))',
            ),
            code(
                "Nothing either. One more search for hold_time.",
                'print(search_code("hold_time"))',
            ),
            text(
                "I could not find the hour hammer's hold time in the repository: no setting named hold_time or HOLD_TIME exists, and the hammer code does not state a duration."
            ),
        ],
        sub=None,
        checks=[
            {"type": "exact_match", "value": "180"},
            {"type": "tool_called", "tool": "search_code", "max": 3},
        ],
        agent="code_agent",
        world=w,
        manager_tools=("search_code", "read_file"),
        manager_name="code_agent",
        max_steps=6,
        note="agent repeats search_code('hold_time') until max_steps instead of reading controller/timing.py",
    )
)
