# ruff: noqa: E501, RUF001  (scripted replies, pages and JSON are data, kept one item a line;
# pages write the minus sign as Wikipedia does)
"""The runs of the `blind` family: sixteen new scripted smolagents runs, written held out.

Written in one sweep without reading blame's engine rules, on topics and with wording unlike
the `sweep` family's (chemistry, sports records, train timetables, a code repository, a
statistics/currency API, book publication dates, census figures, software versions), two runs
per fault of the taxonomy. They reuse the sweep's world, tools and reply helpers
(corpus.sweep_runs); each decisive faulty reply is marked `bad=True` at the LLM call that made
the wrong decision. See smolagents_blind.py.
"""

from __future__ import annotations

from corpus.sweep_runs import Run, World, answer, call, code, long_page, plan, results, text

RUNS: list[Run] = []
"""The runs, in the order they were written."""

M = "manager"

# 1 misread by the sub-agent's last answer: property table, melting point read as boiling point;
#   a dead link from the search results first (404, recovered); the manager plans first
w = World()
w.search = [
    (
        ("ethyl acetate",),
        results(
            (
                "Ethyl acetate (data page) - Wikipedia",
                "https://en.wikipedia.org/wiki/Ethyl_acetate_(data_page)",
                "Thermodynamic, spectral and safety data for ethyl acetate.",
            ),
            (
                "Ethyl acetate - Wikipedia",
                "https://en.wikipedia.org/wiki/Ethyl_acetate",
                "Ethyl acetate is the organic compound with the formula CH3CO2CH2CH3. It is a colourless liquid with a sweet smell...",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Ethyl_acetate"] = long_page(
    "Ethyl acetate",
    "Ethyl acetate is the ester of ethanol and acetic acid; it is manufactured on a large scale for use as a solvent.\n\n"
    "## Properties\n| Property | Value |\n|---|---|\n| Chemical formula | C4H8O2 |\n| Molar mass | 88.106 g/mol |\n"
    "| Density | 0.902 g/cm3 |\n| Melting point | −83.6 °C |\n| Boiling point | 77.1 °C |\n| Flash point | −4 °C |\n"
    "| Solubility in water | 8.3 g/100 mL (20 °C) |",
    10,
)
RUNS.append(
    Run(
        "chem_sub_misread_table",
        "misread_tool_output",
        "What is the boiling point of ethyl acetate at standard pressure, in °C? Reply with the number only.",
        [
            plan(
                "- compound: ethyl acetate\n- pressure: 1 atm",
                "1. Ask web_researcher for the boiling point of ethyl acetate.\n2. Return the number without the unit.",
            ),
            code(
                "I delegate the lookup to web_researcher.",
                'bp = web_researcher(task="Find the boiling point of ethyl acetate at 1 atm, in degrees Celsius.")\nprint(bp)',
            ),
            code("The researcher gives -83.6 °C; I drop the unit.", 'final_answer("-83.6")'),
        ],
        [
            call("web_search", query="ethyl acetate boiling point"),
            call(
                "visit_webpage",
                "The data page should list the phase transitions.",
                url="https://en.wikipedia.org/wiki/Ethyl_acetate_(data_page)",
            ),
            call(
                "visit_webpage",
                "That link is dead; I open the main article.",
                url="https://en.wikipedia.org/wiki/Ethyl_acetate",
            ),
            answer(
                "Ethyl acetate boils at −83.6 °C at 1 atm (Wikipedia, properties table).",
                "The properties table gives the temperature.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "77.1"}],
        "web_researcher",
        w,
        planning=10,
        sub_name="web_researcher",
        note="table: melting point −83.6 °C, boiling point 77.1 °C; the researcher reports −83.6 as the boiling point",
    )
)

# 2 single CodeAgent on a timetable API: TypeError on the raw JSON string (recovered), then the
#   stop list printed; the final step reads Hamburg-Harburg's arrival for Hamburg Hbf's
w = World()
w.api = {
    "/trains/IC2231?date=2025-03-14": {
        "train": "IC 2231",
        "date": "2025-03-14",
        "operator": "DB Fernverkehr",
        "stops": [
            {"station": "Köln Hbf", "arr": None, "dep": "07:48", "platform": "4"},
            {"station": "Münster (Westf) Hbf", "arr": "08:41", "dep": "08:44", "platform": "12"},
            {"station": "Osnabrück Hbf", "arr": "09:08", "dep": "09:10", "platform": "3"},
            {"station": "Bremen Hbf", "arr": "09:58", "dep": "10:02", "platform": "9"},
            {"station": "Hamburg-Harburg", "arr": "10:41", "dep": "10:43", "platform": "2"},
            {"station": "Hamburg Hbf", "arr": "10:53", "dep": None, "platform": "13"},
        ],
        "remarks": ["Bicycles must be reserved.", "Bistro car between Köln Hbf and Bremen Hbf."],
    }
}
RUNS.append(
    Run(
        "timetable_api_misread_stop",
        "misread_tool_output",
        "When is train IC 2231 scheduled to arrive at Hamburg Hbf on 14 March 2025? Answer as HH:MM.",
        [
            code(
                "I fetch the train's stops.",
                't = fetch_json(endpoint="/trains/IC2231?date=2025-03-14")\nfor stop in t["stops"]:\n    print(stop)',
            ),
            code(
                "The tool returns a JSON string; I parse it first.",
                'import json\nt = json.loads(fetch_json(endpoint="/trains/IC2231?date=2025-03-14"))\nfor stop in t["stops"]:\n    print(stop["station"], stop["arr"], stop["dep"])',
            ),
            code(
                "The train reaches Hamburg at 10:41.",
                'final_answer("10:41")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "10:53"},
            {"type": "regex", "value": r"^\d{2}:\d{2}$"},
        ],
        "planner",
        w,
        manager_tools=("fetch_json",),
        manager_name="planner",
        note="stops: Hamburg-Harburg arr 10:41, Hamburg Hbf arr 10:53; the planner answers 10:41",
    )
)

# 3 hallucinated fact in the manager's plan: a stale world record stated from memory, no lookup
w = World()
w.search = [
    (
        ("steeplechase", "record"),
        results(
            (
                "3000 metres steeplechase world record progression",
                "https://en.wikipedia.org/wiki/3000_metres_steeplechase_world_record_progression",
                "Men: 7:52.11, Lamecha Girma (ETH), Paris, 9 June 2023. Previous: 7:53.63, Saif Saaeed Shaheen, 2004.",
            )
        ),
    )
]
RUNS.append(
    Run(
        "steeplechase_plan_from_memory",
        "hallucinated_fact",
        "By how many seconds is the men's 3000 m steeplechase world record faster than 8:00.00? Give the number of seconds with two decimals.",
        [
            plan(
                "- event: men's 3000 m steeplechase\n- reference time: 8:00.00, i.e. 480.00 s",
                "1. The world record is 7:53.63 (Saif Saaeed Shaheen, Brussels 2004); no lookup is needed.\n"
                "2. Convert it to seconds (473.63) and subtract it from 480.00.\n3. Return the difference with two decimals.",
                bad=True,
            ),
            code(
                "Following the plan, I compute the difference.",
                "record = 7 * 60 + 53.63\nprint(round(480.00 - record, 2))",
            ),
            code("The difference is 6.37 s.", 'final_answer(f"{480.00 - record:.2f}")'),
        ],
        [],
        [{"type": "exact_match", "value": "7.89"}],
        M,
        w,
        planning=10,
        sub_name="records_agent",
        note="the record is 7:52.11 (2023); the plan states the 2004 record 7:53.63 from memory and skips the lookup",
    )
)

# 4 single CodeAgent on a census API: the 2021 figure is pending; a TypeError recovered; the
#   last step invents a growth rate and answers an estimate instead of 'not available'
w = World()
w.api = {
    "/census/varn?year=2021": {
        "district": "Varn",
        "year": 2021,
        "population": None,
        "status": "pending",
        "note": "2021 census results for Varn have not been published yet; the 2011 figure is available at /census/varn?year=2011.",
    },
    "/census/varn?year=2011": {
        "district": "Varn",
        "year": 2011,
        "population": 188420,
        "status": "final",
    },
}
RUNS.append(
    Run(
        "census_api_estimate",
        "hallucinated_fact",
        "What was the population of Varn district at the 2021 census, according to the statistics API? Number only; if the API has no 2021 figure, answer 'not available'.",
        [
            code(
                "I query the census endpoint.",
                'd = fetch_json(endpoint="/census/varn?year=2021")\nprint(d["population"])',
            ),
            code(
                "The answer is a JSON string; I parse it.",
                'import json\nd = json.loads(fetch_json(endpoint="/census/varn?year=2021"))\nprint(d)',
            ),
            code(
                "The 2021 results are pending. I look at the 2011 figure.",
                'old = json.loads(fetch_json(endpoint="/census/varn?year=2011"))\nprint(old["population"])',
            ),
            code(
                "Varn grew by about 4% between censuses, so I estimate the 2021 population from 2011.",
                "final_answer(str(round(188420 * 1.04)))",
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "not available"}],
        "statistician",
        w,
        manager_tools=("fetch_json",),
        manager_name="statistician",
        note="the API says the 2021 figure is pending; the agent invents a 4% growth and answers 195957",
    )
)

# 5 ignored tool error in the sub-agent's last answer: the publisher page is 403, the researcher
#   cites it anyway with the reissue year from the snippet; run summary on
w = World()
w.search = [
    (
        ("salt orchard",),
        results(
            (
                "The Salt Orchard — Harlow & Finch",
                "https://harlowfinch.example.com/books/salt-orchard",
                "New edition, 2011. Ilse Varga's classic novel of a Baltic fishing family, first published in ...",
            ),
            (
                "The Salt Orchard | National Library catalogue",
                "https://catalogue.example-library.org/record/88213",
                "Varga, Ilse. The Salt Orchard. Record details, editions and holdings.",
            ),
        ),
    )
]
w.pages["https://catalogue.example-library.org/record/88213"] = (
    "# Varga, Ilse. The Salt Orchard\n\nNovel. First edition: Tallinn, Loomingu Raamat, 1987.\n"
    "Later editions: 1994 (paperback); 2011 (Harlow & Finch, English translation).\nHoldings: 4 copies."
)
w.fail[("visit_webpage", 0)] = (
    "403 Client Error: Forbidden for url: https://harlowfinch.example.com/books/salt-orchard"
)
RUNS.append(
    Run(
        "book_ignored_forbidden",
        "ignored_tool_error",
        "In what year was Ilse Varga's novel 'The Salt Orchard' first published? Year only.",
        [
            code(
                "I ask web_researcher for the first edition.",
                'y = web_researcher(task="Find the year Ilse Varga\'s novel The Salt Orchard was first published.")\nprint(y)',
            ),
            code("The first edition is from 2011.", 'final_answer("2011")'),
        ],
        [
            call("web_search", query="The Salt Orchard Ilse Varga first published"),
            call(
                "visit_webpage",
                "The publisher's page is the authoritative source.",
                url="https://harlowfinch.example.com/books/salt-orchard",
            ),
            answer(
                "The Salt Orchard was first published in 2011 (Harlow & Finch, publisher's page).",
                "The publisher lists the 2011 edition.",
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "1987"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        "web_researcher",
        w,
        summary=True,
        sub_name="web_researcher",
        note="publisher page 403; the researcher cites it with the snippet's reissue year 2011; the catalogue says 1987",
    )
)

# 6 ignored tool error in the manager's final answer: the sub-agent reports the 2024 page failed
#   twice (503) and gives only the 2023 figure; the manager answers with it
w = World()
w.search = [
    (
        ("velden", "passengers"),
        results(
            (
                "Velden Airport - traffic statistics 2024",
                "https://velden-airport.example.com/statistics/2024",
                "Passenger, movement and cargo statistics for 2024.",
            ),
            (
                "Velden Airport - 2023 traffic",
                "https://velden-airport.example.com/statistics/2023",
                "In 2023 the airport handled 4.12 million passengers.",
            ),
        ),
    )
]
w.pages["https://velden-airport.example.com/statistics/2024"] = long_page(
    "Velden Airport traffic 2024",
    "Passengers: 4,571,300 (4.57 million). Aircraft movements: 48,200.",
    3,
)
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://velden-airport.example.com/statistics/2024"
)
w.fail[("visit_webpage", 1)] = (
    "503 Server Error: Service Unavailable for url: https://velden-airport.example.com/statistics/2024"
)
RUNS.append(
    Run(
        "airport_manager_uses_stale",
        "ignored_tool_error",
        "How many passengers did Velden Airport handle in 2024, in millions? Two decimals, number only.",
        [
            code(
                "I delegate the lookup.",
                'report = web_researcher(task="Find the number of passengers Velden Airport handled in 2024, in millions.")\nprint(report)',
            ),
            code(
                "The 2024 page is down; the 2023 figure of 4.12 million will do.",
                'final_answer("4.12")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Velden Airport passengers 2024"),
            call("visit_webpage", url="https://velden-airport.example.com/statistics/2024"),
            call(
                "visit_webpage",
                "The server is busy; I retry once.",
                url="https://velden-airport.example.com/statistics/2024",
            ),
            answer(
                "I could not open the 2024 statistics page: it returned 503 Service Unavailable twice. "
                "The only figure I found is for 2023: 4.12 million passengers (search snippet)."
            ),
        ],
        [
            {"type": "exact_match", "value": "4.57"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        M,
        w,
        sub_name="web_researcher",
        note="the researcher reports the 503s honestly; the manager answers 2024 with the 2023 figure",
    )
)

# 7 wrong tool arguments in the sub-agent's first call after its plan: reads the dev
#   requirements instead of the production ones; run summary on
w = World()
w.grep = {
    "ruamel.yaml": [
        {"path": "requirements/dev.txt", "line": 2, "text": "ruamel.yaml==0.17.21"},
        {"path": "requirements/prod.txt", "line": 4, "text": "ruamel.yaml==0.18.6"},
    ]
}
w.files = {
    "requirements/dev.txt": "-r base.txt\nruamel.yaml==0.17.21\npytest==8.2.0\nmypy==1.10.0\nruff==0.4.8",
    "requirements/prod.txt": "-r base.txt\ngunicorn==22.0.0\npsycopg[binary]==3.1.19\nruamel.yaml==0.18.6",
    "requirements/base.txt": "httpx==0.27.0\npydantic==2.7.4",
}
RUNS.append(
    Run(
        "deps_sub_reads_dev_file",
        "wrong_tool_arguments",
        "Which version of ruamel.yaml is pinned for production deployments of the project? Version string only.",
        [
            code(
                "I ask code_agent to read the production requirements.",
                'v = code_agent(task="Find the ruamel.yaml version pinned in the production requirements (requirements/prod.txt).")\nprint(v)',
            ),
            code("The pin is 0.17.21.", 'final_answer("0.17.21")'),
        ],
        [
            text(
                "1. Open the production requirements file.\n2. Find the ruamel.yaml line.\n3. Report the pinned version.\n<end_plan>"
            ),
            call(
                "read_file",
                "I open the requirements file.",
                bad=True,
                path="requirements/dev.txt",
            ),
            answer("ruamel.yaml is pinned to 0.17.21 (requirements/dev.txt, line 2)."),
        ],
        [{"type": "exact_match", "value": "0.18.6"}],
        "code_agent",
        w,
        sub_tools=("search_code", "read_file"),
        sub_planning=5,
        summary=True,
        sub_name="code_agent",
        note="the sub-agent reads requirements/dev.txt (0.17.21) instead of requirements/prod.txt (0.18.6)",
    )
)

# 8 wrong tool arguments in a single CodeAgent's middle step: after the API rejects 'AT' and asks
#   for alpha-3 codes, the agent asks for AUS (Australia) instead of AUT (Austria)
w = World()
w.api = {
    "/labour/AUT?quarter=2024-Q3": {
        "country": "AUT",
        "quarter": "2024-Q3",
        "unemployment_pct": 5.4,
        "seasonally_adjusted": True,
    },
    "/labour/AUS?quarter=2024-Q3": {
        "country": "AUS",
        "quarter": "2024-Q3",
        "unemployment_pct": 4.1,
        "seasonally_adjusted": True,
    },
}
w.fail[("fetch_json", 0)] = (
    "API error 422: unknown country code 'AT'; use ISO 3166-1 alpha-3 codes (e.g. DEU, FRA)"
)
RUNS.append(
    Run(
        "labour_api_wrong_country",
        "wrong_tool_arguments",
        "What was Austria's unemployment rate in Q3 2024, in percent, according to the statistics API? Number only.",
        [
            code(
                "I query the labour endpoint.",
                'import json\nd = json.loads(fetch_json(endpoint="/labour/AT?quarter=2024-Q3"))\nprint(d)',
            ),
            code(
                "The API wants alpha-3 codes; Austria is AUS.",
                'd = json.loads(fetch_json(endpoint="/labour/AUS?quarter=2024-Q3"))\nprint(d)',
                bad=True,
            ),
            code("I return the rate.", 'final_answer(str(d["unemployment_pct"]))'),
        ],
        None,
        [{"type": "exact_match", "value": "5.4"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="AUS is Australia; Austria is AUT (5.4)",
    )
)

# 9 goal deviation in the manager's plan: the question asks for the 2011 census, the plan
#   decides the current figure is more useful; the delegation and answer follow it
w = World()
w.search = [
    (
        ("brenna", "population"),
        results(
            (
                "Brenna (municipality) - Wikipedia",
                "https://en.wikipedia.org/wiki/Brenna_(municipality)",
                "Brenna is a municipality in the county of Innland. Population (2011 census) 14,382; (2023 estimate) 15,910.",
            )
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Brenna_(municipality)"] = long_page(
    "Brenna (municipality)",
    "Brenna is a rural municipality on the eastern shore of the lake.\n\n## Demographics\n| Census | Population |\n|---|---|\n"
    "| 2001 | 13,977 |\n| 2011 | 14,382 |\n| 2021 | 15,204 |\n\nOfficial estimate for 1 January 2023: 15,910.",
    8,
)
RUNS.append(
    Run(
        "census_plan_current_figure",
        "goal_deviation",
        "What was the population of Brenna municipality at the 2011 census? Number only.",
        [
            plan(
                "- Brenna municipality\n- census year: 2011",
                "1. Ask web_researcher for Brenna's current population, since the latest figure is the most useful one.\n2. Return the number without separators.",
                bad=True,
            ),
            code(
                "I delegate as planned.",
                'p = web_researcher(task="Find the current population of Brenna municipality.")\nprint(p)',
            ),
            code("I remove the separator.", 'final_answer("15910")'),
        ],
        [
            call("web_search", query="Brenna municipality population"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Brenna_(municipality)"),
            answer("Brenna's current population is 15,910 (official estimate for 1 January 2023)."),
        ],
        [{"type": "exact_match", "value": "14382"}],
        M,
        w,
        planning=10,
        sub_name="web_researcher",
        note="the plan swaps the 2011 census for the latest estimate",
    )
)

# 10 goal deviation in the manager's delegation: league goals asked, all competitions delegated
w = World()
w.search = [
    (
        ("solberg",),
        results(
            (
                "Marit Solberg - player profile",
                "https://football.example.no/players/marit-solberg",
                "Vålerenga forward. Season 2023: 21 goals in all competitions.",
            )
        ),
    )
]
RUNS.append(
    Run(
        "football_delegates_all_comps",
        "goal_deviation",
        "How many league goals did Marit Solberg score for Vålerenga in the 2023 season (league matches only, no cup games)? Number only.",
        [
            code(
                "I ask stats_scout for her goal tally.",
                'g = stats_scout(task="Find how many goals Marit Solberg scored for Vålerenga in 2023 across all competitions.")\nprint(g)',
                bad=True,
            ),
            code("She scored 21.", 'final_answer("21")'),
        ],
        [
            call("web_search", query="Marit Solberg goals 2023 all competitions"),
            answer("Marit Solberg scored 21 goals for Vålerenga in 2023 across all competitions."),
        ],
        [{"type": "exact_match", "value": "17"}],
        M,
        w,
        sub_name="stats_scout",
        note="the question asks for league goals (17); the delegation asks for all competitions (21)",
    )
)

# 11 wrong format in the manager's final answer: an ISO date is asked; strptime fails on the
#   wrong format string (recovered), then the manager returns the date as written
w = World()
w.search = [
    (
        ("northern ledger",),
        results(
            (
                "Northern Ledger - Wikipedia",
                "https://en.wikipedia.org/wiki/Northern_Ledger",
                "Northern Ledger is a 1962 novel by the Swedish writer Tomas Ekdahl...",
            )
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Northern_Ledger"] = long_page(
    "Northern Ledger",
    "Northern Ledger is a novel by the Swedish writer Tomas Ekdahl. It was first published by Bonniers on 14 March 1962; "
    "an English translation followed in 1965.\n\n## Reception\nThe novel won the Ekdahl family a regional prize in 1963.",
    6,
)
RUNS.append(
    Run(
        "book_date_not_iso",
        "wrong_format",
        "On what date was the novel 'Northern Ledger' by Tomas Ekdahl first published? Answer in ISO format YYYY-MM-DD.",
        [
            code(
                "I ask web_researcher for the publication date.",
                'd = web_researcher(task="Find the exact date the novel Northern Ledger by Tomas Ekdahl was first published.")\nprint(d)',
            ),
            code(
                "I convert the date to ISO format.",
                'from datetime import datetime\nparsed = datetime.strptime("14 March 1962", "%d %m %Y")\nprint(parsed.date())',
            ),
            code(
                "Parsing failed; the date as written is clear enough.",
                'final_answer("14 March 1962")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Northern Ledger Tomas Ekdahl first published"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Northern_Ledger"),
            answer("'Northern Ledger' was first published on 14 March 1962 (Bonniers)."),
        ],
        [
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
            {"type": "contains", "value": "1962"},
        ],
        M,
        w,
        sub_name="web_researcher",
        note="ISO date asked (1962-03-14); the manager answers '14 March 1962'",
    )
)

# 12 wrong format in the sub-agent's last answer: told to reply with the bare version, it adds
#   a 'v' and the release date; the manager forwards it in the same code step
w = World()
w.grep = {
    "--dry-run": [
        {"path": "CHANGELOG.md", "line": 7, "text": "- Add `--dry-run` to `tessel apply` (#311)"},
        {
            "path": "src/tessel/cli.py",
            "line": 64,
            "text": '    apply.add_argument("--dry-run", action="store_true")',
        },
    ]
}
w.files = {
    "CHANGELOG.md": "# Changelog\n\n## v2.7.1 (2024-05-20)\n- Fix a crash when the plan is empty (#318)\n\n"
    "## v2.7.0 (2024-05-02)\n- Add `--dry-run` to `tessel apply` (#311)\n- Drop Python 3.8 (#305)\n\n"
    "## v2.6.3 (2024-03-11)\n- Faster diffing of large states (#297)\n"
}
RUNS.append(
    Run(
        "changelog_sub_version_format",
        "wrong_format",
        "Which release of the tessel CLI introduced the --dry-run flag? Reply with the bare version number, e.g. 1.4.0.",
        [
            code(
                "code_agent can search the repository; I forward its answer.",
                'v = code_agent(task="Find in CHANGELOG.md the release of tessel that introduced the --dry-run flag. Reply with the bare version number only, e.g. 1.4.0.")\nfinal_answer(v.split("\\n", 1)[1].strip())',
            ),
        ],
        [
            call("search_code", pattern="--dry-run"),
            call("read_file", "The changelog has the release headings.", path="CHANGELOG.md"),
            answer("v2.7.0 (2024-05-02)", "The flag is listed under v2.7.0.", bad=True),
        ],
        [
            {"type": "regex", "value": r"^\d+\.\d+\.\d+$"},
            {"type": "contains", "value": "2.7.0"},
        ],
        "code_agent",
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="the bare version 2.7.0 was asked; the sub-agent replies 'v2.7.0 (2024-05-02)'",
    )
)

# 13 premature final answer by the manager: a two-leg journey, answered after the first leg
w = World()
w.search = [
    (
        ("aldbury", "marl"),
        results(
            (
                "Aldbury - Marl Junction timetable",
                "https://rail.example.co.uk/timetables/aldbury-marl",
                "Weekday departures from Aldbury to Marl Junction.",
            )
        ),
    ),
    (
        ("marl", "kestow"),
        results(
            (
                "Marl Junction - Kestow timetable",
                "https://rail.example.co.uk/timetables/marl-kestow",
                "Weekday departures from Marl Junction to Kestow.",
            )
        ),
    ),
]
w.pages["https://rail.example.co.uk/timetables/aldbury-marl"] = (
    "# Aldbury → Marl Junction (weekdays)\n\n| Aldbury dep | Marl Junction arr |\n|---|---|\n"
    "| 07:45 | 08:31 |\n| 08:15 | 09:02 |\n| 08:45 | 09:31 |\n| 09:15 | 10:02 |"
)
w.pages["https://rail.example.co.uk/timetables/marl-kestow"] = (
    "# Marl Junction → Kestow (weekdays)\n\n| Marl Junction dep | Kestow arr |\n|---|---|\n"
    "| 08:40 | 09:18 |\n| 09:10 | 09:48 |\n| 09:40 | 10:18 |"
)
RUNS.append(
    Run(
        "rail_two_legs_premature",
        "premature_final_answer",
        "A traveller takes the 08:15 train from Aldbury to Marl Junction, then the first connecting train from Marl Junction to Kestow. At what time do they arrive in Kestow? Answer as HH:MM.",
        [
            plan(
                "- leg 1: the 08:15 from Aldbury to Marl Junction\n- leg 2: the first connection from Marl Junction to Kestow",
                "1. Ask timetable_agent when the 08:15 from Aldbury arrives at Marl Junction.\n"
                "2. Ask timetable_agent for the first train from Marl Junction to Kestow after that time, and when it arrives in Kestow.\n"
                "3. Return the Kestow arrival time.",
            ),
            code(
                "Step 1 of the plan: the first leg.",
                'leg1 = timetable_agent(task="Find when the 08:15 train from Aldbury arrives at Marl Junction on a weekday.")\nprint(leg1)',
            ),
            code(
                "The train gets in at 09:02, so that is the arrival time.",
                'final_answer("09:02")',
                bad=True,
            ),
        ],
        [
            call("web_search", query="Aldbury Marl Junction timetable 08:15"),
            call("visit_webpage", url="https://rail.example.co.uk/timetables/aldbury-marl"),
            answer("The 08:15 from Aldbury arrives at Marl Junction at 09:02."),
        ],
        [{"type": "exact_match", "value": "09:48"}],
        M,
        w,
        planning=10,
        sub_name="timetable_agent",
        note="the connection (09:10, arriving 09:48) is never looked up; the manager answers the first leg's arrival",
    )
)

# 14 premature final answer in a single CodeAgent on a repo: answers from a search hit without
#   opening the file where the option's value is parsed
w = World()
w.grep = {
    "--since": [
        {
            "path": "src/logsift/cli.py",
            "line": 31,
            "function": "build_parser",
            "text": '    parser.add_argument("--since", help="only lines newer than this (e.g. 2h, 2024-05-01)")',
        },
        {
            "path": "README.md",
            "line": 57,
            "function": None,
            "text": "    logsift --since 2h app.log",
        },
    ],
    "parse_when": [
        {
            "path": "src/logsift/timeutil.py",
            "line": 12,
            "function": None,
            "text": "def parse_when(value: str) -> datetime:",
        },
        {
            "path": "src/logsift/cli.py",
            "line": 58,
            "function": "main",
            "text": "    since = parse_when(args.since)",
        },
    ],
}
w.files = {
    "src/logsift/cli.py": "\n".join(
        ["import argparse", "", "from logsift.timeutil import parse_when", ""]
        + [f"# {i}" for i in range(24)]
        + [
            "def build_parser():",
            "    parser = argparse.ArgumentParser(prog='logsift')",
            '    parser.add_argument("--since", help="only lines newer than this (e.g. 2h, 2024-05-01)")',
            "    return parser",
        ]
        + [f"# {i}" for i in range(23)]
        + [
            "def main(argv=None):",
            "    args = build_parser().parse_args(argv)",
            "    since = parse_when(args.since)",
        ]
    ),
}
RUNS.append(
    Run(
        "logsift_premature_from_hit",
        "premature_final_answer",
        "Issue #219: `logsift --since 2h` ignores the local timezone. Which function parses the value given to --since? Function name only.",
        [
            code("I search for the option.", 'print(search_code(pattern="--since"))'),
            code(
                "The option is declared in build_parser in cli.py, so that is where --since is parsed.",
                'final_answer("build_parser")',
                bad=True,
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "parse_when"},
            {"type": "tool_called", "tool": "read_file", "min": 1},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="build_parser only declares the option; main passes it to parse_when, never looked at",
    )
)

# 15 looping in a single CodeAgent: the same release-API call repeated until max_steps, then
#   the forced final answer (right value, too many calls)
w = World()
w.api = {
    "/packages/quarry/releases?channel=stable&limit=1": {
        "package": "quarry",
        "channel": "stable",
        "releases": [{"version": "3.2.0", "date": "2025-01-20", "yanked": False}],
    }
}
RUNS.append(
    Run(
        "release_api_polling_loop",
        "looping",
        "What is the latest stable release of the quarry package according to the release API? Version only.",
        [
            code(
                "I ask the release API for the newest stable release.",
                'import json\nr = json.loads(fetch_json(endpoint="/packages/quarry/releases?channel=stable&limit=1"))\nprint(r["releases"][0])',
            ),
            code(
                "Release feeds can lag; I call it again to make sure 3.2.0 is current.",
                'r = json.loads(fetch_json(endpoint="/packages/quarry/releases?channel=stable&limit=1"))\nprint(r["releases"][0]["version"])',
                bad=True,
            ),
            code(
                "Still 3.2.0; one more check in case a release was just published.",
                'r = json.loads(fetch_json(endpoint="/packages/quarry/releases?channel=stable&limit=1"))\nprint(r["releases"][0]["version"])',
                bad=True,
            ),
            code(
                "Let me confirm once more.",
                'r = json.loads(fetch_json(endpoint="/packages/quarry/releases?channel=stable&limit=1"))\nprint(r["releases"][0]["version"])',
                bad=True,
            ),
            text("3.2.0"),
        ],
        None,
        [
            {"type": "exact_match", "value": "3.2.0"},
            {"type": "tool_called", "tool": "fetch_json", "max": 2},
        ],
        "release_checker",
        w,
        manager_tools=("fetch_json",),
        manager_name="release_checker",
        max_steps=4,
        note="the same endpoint called four times; max_steps reached",
    )
)

# 16 looping in the sub-agent: alternates between the indoor and outdoor records pages
w = World()
w.search = [
    (
        ("nordic", "pole vault"),
        results(
            (
                "Nordic indoor athletics records",
                "https://athletics.example.org/records/nordic-indoor",
                "Current Nordic indoor records, men and women.",
            ),
            (
                "Nordic athletics records (outdoor)",
                "https://athletics.example.org/records/nordic-outdoor",
                "Current Nordic outdoor records, men and women.",
            ),
        ),
    )
]
w.pages["https://athletics.example.org/records/nordic-indoor"] = long_page(
    "Nordic indoor records (women)",
    "| Event | Mark | Athlete | Year |\n|---|---|---|---|\n| 60 m | 7.09 | Hanna Lind | 2022 |\n"
    "| High jump | 1.98 m | Sara Voll | 2019 |\n| Pole vault | 4.81 m | Lina Ekholm | 2024 |\n| Long jump | 6.91 m | Ida Rask | 2021 |",
    5,
)
w.pages["https://athletics.example.org/records/nordic-outdoor"] = long_page(
    "Nordic outdoor records (women)",
    "| Event | Mark | Athlete | Year |\n|---|---|---|---|\n| 100 m | 11.01 | Hanna Lind | 2023 |\n"
    "| Pole vault | 4.85 m | Lina Ekholm | 2024 |\n| Long jump | 7.02 m | Ida Rask | 2022 |",
    5,
)
RUNS.append(
    Run(
        "vault_records_page_loop",
        "looping",
        "What is the Nordic indoor record in the women's pole vault, in metres? Number only.",
        [
            code(
                "I ask records_agent.",
                'rec = records_agent(task="Find the Nordic indoor record in the women\'s pole vault, in metres.")\nprint(rec)',
            ),
            code("The indoor record is 4.81 m.", 'final_answer("4.81")'),
        ],
        [
            call("web_search", query="Nordic indoor records women pole vault"),
            call("visit_webpage", url="https://athletics.example.org/records/nordic-indoor"),
            call(
                "visit_webpage",
                "I compare with the outdoor list.",
                url="https://athletics.example.org/records/nordic-outdoor",
            ),
            call(
                "visit_webpage",
                "Let me go back to the indoor page to double-check the mark.",
                bad=True,
                url="https://athletics.example.org/records/nordic-indoor",
            ),
            call(
                "visit_webpage",
                "And the outdoor page again, to be sure they differ.",
                bad=True,
                url="https://athletics.example.org/records/nordic-outdoor",
            ),
            answer(
                "The Nordic indoor record in the women's pole vault is 4.81 m (Lina Ekholm, 2024)."
            ),
        ],
        [
            {"type": "exact_match", "value": "4.81"},
            {"type": "tool_called", "tool": "visit_webpage", "max": 2},
        ],
        "records_agent",
        w,
        sub_name="records_agent",
        note="the sub-agent revisits both record pages",
    )
)
