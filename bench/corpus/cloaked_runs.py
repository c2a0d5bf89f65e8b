# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `cloaked` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent, or of a single
CodeAgent on the JSON API or the code search, two per fault of the taxonomy, each with one
decisive fault labelled at the LLM call that decided it (`bad=True` on its reply). Written in
one sweep without reading blame's rules, the other held-out families' runs or any score; see
smolagents_cloaked.py. The systems, the tools, the reply helpers and `Run` are those of the
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


def _site_page(title: str, body: str, filler: int = 6) -> str:
    """A long page of a site other than Wikipedia (long_page's layout without its tagline)."""
    return long_page(title, body, filler).replace("From Wikipedia, the free encyclopedia\n\n", "")


# 1 misread_tool_output, the sub-agent's last call (4th of 4): after a dead link to the trust's
# survey page, the sub-agent reads the Wikipedia survey table and reports the adults counted
# (Birds column, 97) as breeding pairs (Pairs column, 44). The manager plans first.
w = World()
w.search = [
    (
        ("skarvik", "avocet"),
        results(
            (
                "Skarvik Salt Marsh: breeding wader survey 2021 | Vestfjord Nature Trust",
                "https://vestfjordtrust.example.no/skarvik/waders-2021",
                "Breeding wader survey 2021 on Skarvik Salt Marsh: avocet, redshank, lapwing and oystercatcher...",
            ),
            (
                "Skarvik Salt Marsh - Wikipedia",
                "https://en.wikipedia.org/wiki/Skarvik_Salt_Marsh",
                "Skarvik Salt Marsh is a tidal salt marsh and nature reserve on the Vestfjord... breeding birds, survey counts...",
            ),
            (
                "Pied avocet (Recurvirostra avosetta) - bird guide",
                "https://birdguide.example.org/species/pied-avocet",
                "The pied avocet is a large black-and-white wader with an upturned bill. Identification, calls, range.",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Skarvik_Salt_Marsh"] = long_page(
    "Skarvik Salt Marsh",
    "Skarvik Salt Marsh is a 340 ha tidal salt marsh at the head of the Vestfjord, protected as a nature reserve since 1987.\n\n"
    "## Breeding birds\nThe Vestfjord Nature Trust surveys breeding waders every May. Pairs are confirmed breeding pairs; Birds are all adults counted on the survey day.\n\n"
    "| Species | Year | Pairs | Birds |\n|---|---|---|---|\n| Pied avocet | 2020 | 38 | 91 |\n| Pied avocet | 2021 | 44 | 97 |\n| Pied avocet | 2022 | 41 | 102 |\n| Common redshank | 2021 | 63 | 140 |\n| Northern lapwing | 2021 | 29 | 66 |\n\n"
    "## Grazing\nThe marsh is grazed by sheep from June to October.",
    10,
)
RUNS.append(
    Run(
        "misread_marsh_column",
        "misread_tool_output",
        "How many breeding pairs of pied avocet were counted at Skarvik Salt Marsh in the 2021 survey? Answer with the number only.",
        [
            plan(
                "- the site: Skarvik Salt Marsh\n- the species: pied avocet\n- the survey year: 2021",
                "1. Ask search_agent for the number of avocet breeding pairs in the 2021 survey.\n2. Return the number alone.",
            ),
            code(
                "Following the plan, I delegate the lookup.",
                'pairs = search_agent(task="Find the number of breeding pairs of pied avocet counted at Skarvik Salt Marsh in the 2021 survey.")\nprint(pairs)',
            ),
            code("The team member found the 2021 count.", 'final_answer("97")'),
        ],
        [
            call("web_search", query="Skarvik Salt Marsh avocet breeding pairs 2021 survey"),
            call(
                "visit_webpage",
                "The trust's survey page should have the count.",
                url="https://vestfjordtrust.example.no/skarvik/waders-2021",
            ),
            call(
                "visit_webpage",
                "That page is gone; the Wikipedia article has a survey table.",
                url="https://en.wikipedia.org/wiki/Skarvik_Salt_Marsh",
            ),
            answer(
                outcome(
                    "97 pairs of pied avocet were counted in the 2021 survey.",
                    "The Wikipedia article on Skarvik Salt Marsh reproduces the Vestfjord Nature Trust's breeding wader survey. For pied avocet in 2021 it gives 97 (2020: 91; 2022: 102).",
                    "The trust's own 2021 survey page returned 404.",
                ),
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "44"}],
        S,
        w,
        planning=4,
        note="table: avocet 2021 pairs 44, birds 97; sub-agent reports the Birds column as pairs",
    )
)

# 2 misread_tool_output, the manager's middle step (3rd of 4): the sub-agent's report (with a run
# summary) says restoration ended and the mill reopened to visitors in 1991 and commercial
# milling resumed in 1994; the manager lists the years and takes 1991.
w = World()
w.search = [
    (
        ("ebbsworth", "mill"),
        results(
            (
                "Ebbsworth Tidal Mill - Wikipedia",
                "https://en.wikipedia.org/wiki/Ebbsworth_Tidal_Mill",
                "Ebbsworth Tidal Mill is a restored tide mill on the Ebb estuary... history, restoration, milling today.",
            ),
            (
                "The Mill Tearoom, Ebbsworth - reviews",
                "https://eats.example.com/ebbsworth-mill-tearoom",
                "Scones and estuary views next to the old tide mill. 4.5 stars (212 reviews).",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Ebbsworth_Tidal_Mill"] = long_page(
    "Ebbsworth Tidal Mill",
    "Ebbsworth Tidal Mill is a tide mill on the Ebb estuary, first recorded in 1308; the present building dates from 1793.\n\n"
    "## History\nMilling ceased in 1957 when the sluice gates failed. The Ebbsworth Mill Trust bought the building in 1979. "
    "Restoration of the wheel, the sluices and the mill pond ran from 1983 to 1991, and the mill was opened to visitors in 1991. "
    "After the two pairs of millstones were re-dressed, commercial milling resumed in 1994; the stoneground flour is sold in the mill shop.\n\n"
    "## The wheel\nThe undershot wheel is 6.1 m in diameter and turns on the ebb tide for about four hours a tide.",
    8,
)
RUNS.append(
    Run(
        "misread_mill_report_year",
        "misread_tool_output",
        "In what year did Ebbsworth Tidal Mill resume commercial milling after its restoration? Answer with the year only.",
        [
            code(
                "I will have search_agent look up the mill's history.",
                'report = search_agent(task="Find the year Ebbsworth Tidal Mill resumed commercial milling after its restoration.")\nprint(report)',
            ),
            code(
                "I list the years mentioned in the report.",
                'import re\nyears = re.findall(r"\\b(1[89]\\d\\d)\\b", report)\nprint(years)',
            ),
            code(
                "Restoration ended in 1991, the year the mill was reopened and set working again.",
                'resumed = "1991"\nprint(resumed)',
                bad=True,
            ),
            code("I return the year.", "final_answer(resumed)"),
        ],
        [
            call("web_search", query="Ebbsworth Tidal Mill restoration milling resumed"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Ebbsworth_Tidal_Mill"),
            answer(
                outcome(
                    "The mill was restored 1983-1991 and reopened in 1991; commercial milling resumed in 1994.",
                    "Milling at Ebbsworth stopped in 1957. The Ebbsworth Mill Trust bought the mill in 1979 and restored the wheel, sluices and pond from 1983 to 1991; it opened to visitors in 1991. Commercial milling resumed in 1994 once the millstones had been re-dressed.",
                    "Source: Wikipedia, Ebbsworth Tidal Mill (History section).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1994"}],
        M,
        w,
        summary=True,
        note="report: reopened to visitors 1991, milling resumed 1994; manager sets resumed = 1991",
    )
)

# 3 hallucinated_fact, the manager's first step: it states the festival's founding year (1984)
# from memory and only delegates the year of the move; the history page says 1988.
w = World()
w.search = [
    (
        ("marrowby", "kite"),
        results(
            (
                "History - Marrowby Kite Festival",
                "https://marrowbykites.example.org/history",
                "From a field on Marrowby Common to the beach at Hesketh Sands: the story of the festival.",
            ),
            (
                "Record crowds at Hesketh Sands kite weekend",
                "https://news.example.co.uk/2024/08/hesketh-kites",
                "41,000 visitors watched the mass ascent on Saturday...",
            ),
        ),
    )
]
w.pages["https://marrowbykites.example.org/history"] = _site_page(
    "History of the Marrowby Kite Festival",
    "The festival began in 1988 as a fly-in of the Marrowby Kite Club on Marrowby Common, with 40 kites and a tea tent.\n\n"
    "It grew every year, and when the common could no longer hold the crowds the festival moved to the beach at Hesketh Sands in 2003. "
    "The 2024 edition drew 41,000 visitors and 620 registered fliers.",
    5,
)
RUNS.append(
    Run(
        "halluc_kite_founding",
        "hallucinated_fact",
        "How many years after it was founded did the Marrowby Kite Festival move to Hesketh Sands? Answer with the number only.",
        [
            code(
                "The Marrowby Kite Festival was founded in 1984 by the Marrowby Kite Club, so I only need the year it moved to Hesketh Sands.",
                'founded = 1984\nmoved = search_agent(task="Find the year the Marrowby Kite Festival moved to Hesketh Sands.")\nprint(moved)',
                bad=True,
            ),
            code("The move was in 2003. I compute the gap.", "gap = 2003 - founded\nprint(gap)"),
            code("I return the number of years.", "final_answer(str(gap))"),
        ],
        [
            call("web_search", query="Marrowby Kite Festival moved to Hesketh Sands year"),
            call("visit_webpage", url="https://marrowbykites.example.org/history"),
            answer(
                outcome(
                    "The festival moved to Hesketh Sands in 2003.",
                    "The festival's history page says that when Marrowby Common could no longer hold the crowds, the festival moved to the beach at Hesketh Sands in 2003.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "15"}],
        M,
        w,
        note="history page: founded 1988, moved 2003; manager assumes founded 1984 -> 19",
    )
)

# 4 hallucinated_fact, a single CodeAgent's middle step (4th of 5) on the minerals API: a
# TypeError (json string indexed) is fixed in the next step; then it supplies the 2021
# dimension-stone output (39,600 t) without fetching it; the API gives 44,910 t.
w = World()
w.api = {
    "/quarries?name=Hollin+Edge": {
        "query": "Hollin Edge",
        "results": [
            {
                "id": "Q-117",
                "name": "Hollin Edge Quarry",
                "operator": "Pennine Stone Ltd",
                "status": "active",
                "grid_ref": "SE 0412 2288",
            },
            {
                "id": "Q-118",
                "name": "Hollin Edge East",
                "operator": "Pennine Stone Ltd",
                "status": "dormant",
                "grid_ref": "SE 0467 2301",
            },
        ],
    },
    "/quarries/Q-117/output?year=2022": {
        "quarry": "Q-117",
        "year": 2022,
        "units": "tonnes",
        "output": {
            "dimension_stone": 41380,
            "crushed_aggregate": 212400,
            "agricultural_lime": 0,
            "waste_to_tip": 58100,
        },
        "employees": 37,
        "blast_events": 48,
        "permit": {"id": "PS/2019/044", "expires": "2034-06-30", "max_annual_extraction_t": 320000},
        "haulage": {"lorry_movements": 9412, "rail_t": 0},
        "notes": "Figures as returned by the operator to the mineral planning authority.",
    },
    "/quarries/Q-117/output?year=2021": {
        "quarry": "Q-117",
        "year": 2021,
        "units": "tonnes",
        "output": {
            "dimension_stone": 44910,
            "crushed_aggregate": 198750,
            "agricultural_lime": 0,
            "waste_to_tip": 61300,
        },
        "employees": 35,
        "blast_events": 44,
        "permit": {"id": "PS/2019/044", "expires": "2034-06-30", "max_annual_extraction_t": 320000},
        "haulage": {"lorry_movements": 9020, "rail_t": 0},
        "notes": "Figures as returned by the operator to the mineral planning authority.",
    },
}
RUNS.append(
    Run(
        "halluc_quarry_api_year",
        "hallucinated_fact",
        "According to the minerals API, by how many tonnes did Hollin Edge Quarry's dimension-stone output change from 2021 to 2022? Give 2022 minus 2021, number only (negative if it fell).",
        [
            code(
                "I look up the quarry's id.",
                'print(fetch_json(endpoint="/quarries?name=Hollin+Edge"))',
            ),
            code(
                "Hollin Edge Quarry is Q-117. I get its 2022 output.",
                'd22 = fetch_json(endpoint="/quarries/Q-117/output?year=2022")\nprint(d22["output"]["dimension_stone"])',
            ),
            code(
                "The tool returns a JSON string; I parse it first.",
                'import json\nd22 = json.loads(fetch_json(endpoint="/quarries/Q-117/output?year=2022"))\nprint(d22["output"])',
            ),
            code(
                "2022 dimension stone: 41,380 t. In 2021 Hollin Edge produced 39,600 t of dimension stone while the east face was being re-benched, so I compute the change.",
                'stone_2021 = 39600\nchange = d22["output"]["dimension_stone"] - stone_2021\nprint(change)',
                bad=True,
            ),
            code("I return the signed difference.", "final_answer(str(change))"),
        ],
        None,
        [{"type": "exact_match", "value": "-3530"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="API 2021 dimension stone 44,910 t (never fetched); agent uses 39,600 -> 1780",
    )
)

# 5 ignored_tool_error, the sub-agent's last call (4th of 4): the first search is rate-limited
# and retried; the official results page answers 500; the sub-agent then names a winner as if
# it had read the page.
w = World()
w.search = [
    (
        ("korvanger",),
        results(
            (
                "Korvanger 400 - Results 2023",
                "https://korvanger400.example.no/results/2023",
                "Official results of the 2023 Korvanger 400: finishing times, rookies, scratched teams.",
            ),
            (
                "Korvanger 400 - Wikipedia",
                "https://en.wikipedia.org/wiki/Korvanger_400",
                "The Korvanger 400 is a long-distance sled-dog race in Finnmark, first run in 1994... list of winners.",
            ),
            (
                "Best dog-sled harnesses of 2024 - gear review",
                "https://gear.example.com/sled-harness-review",
                "We tested eleven harnesses on the trail.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in 5 seconds"
w.fail[("visit_webpage", 0)] = (
    "500 Server Error: Internal Server Error for url: https://korvanger400.example.no/results/2023"
)
w.pages["https://korvanger400.example.no/results/2023"] = (
    "# Results 2023\n\n1. Nils Eirik Somby (Karasjok) 41:07\n2. Sigrid Aune (Røros) 41:52\n3. Jonas Vik (Alta) 43:15"
)
w.pages["https://en.wikipedia.org/wiki/Korvanger_400"] = long_page(
    "Korvanger 400",
    "## Winners\n| Year | Musher | Time |\n|---|---|---|\n| 2021 | Jonas Vik | 44:02 |\n| 2022 | Sigrid Aune | 42:30 |\n| 2023 | Nils Eirik Somby | 41:07 |",
    6,
)
RUNS.append(
    Run(
        "ignored_sled_500",
        "ignored_tool_error",
        "Who won the 2023 Korvanger 400 sled-dog race? Give the musher's full name only.",
        [
            code(
                "I ask search_agent for the winner.",
                'winner = search_agent(task="Find the musher who won the 2023 Korvanger 400 sled-dog race.")\nprint(winner)',
            ),
            code("The report names the winner.", 'final_answer("Sigrid Aune")'),
        ],
        [
            call("web_search", query="Korvanger 400 2023 winner"),
            call("web_search", "I retry the search.", query="Korvanger 400 2023 winner"),
            call(
                "visit_webpage",
                "The official results page for 2023 is the first hit.",
                url="https://korvanger400.example.no/results/2023",
            ),
            answer(
                outcome(
                    "Sigrid Aune won the 2023 Korvanger 400.",
                    "The official 2023 results of the Korvanger 400 list Sigrid Aune (Røros) in first place, in a little under 42 hours.",
                ),
                "The 2023 race was won by Sigrid Aune.",
                bad=True,
            ),
        ],
        [{"type": "contains", "value": "Nils Eirik Somby"}],
        S,
        w,
        note="results page answered 500; sub-agent reports Sigrid Aune (2023 winner: Nils Eirik Somby)",
    )
)

# 6 ignored_tool_error, a single CodeAgent's last step (3rd of 3) on a code search: the read of
# settings.py times out and the agent answers with a default it never read (600 s; the file
# says default_minutes=20, i.e. 1200 s).
w = World()
w.grep = {
    "LOCK_CYCLE_TIMEOUT": [
        {
            "path": "docs/operations.md",
            "line": 120,
            "text": "* `LOCK_CYCLE_TIMEOUT`: longest time allowed for one fill or empty cycle.",
        },
        {
            "path": "src/lockctl/cycle.py",
            "line": 17,
            "text": "from .settings import LOCK_CYCLE_TIMEOUT",
        },
        {
            "path": "src/lockctl/cycle.py",
            "line": 88,
            "text": "        if elapsed > LOCK_CYCLE_TIMEOUT:",
        },
        {"path": "src/lockctl/settings.py", "line": 37, "text": "LOCK_CYCLE_TIMEOUT = _duration("},
    ]
}
w.files = {
    "src/lockctl/settings.py": "\n".join(
        ['"""Settings of the lock controller, read from the environment."""', "", "import os", ""]
        + [f"# setting group {i}" for i in range(20)]
        + [
            "def _duration(raw, default_minutes):",
            "    if raw is None:",
            "        return default_minutes * 60",
            "    return int(raw)",
            "",
            "",
            "PADDLE_OPEN_DELAY = _duration(os.environ.get('PADDLE_OPEN_DELAY'), default_minutes=1)",
            "",
            "",
            "# seconds",
            "",
            "",
            "LOCK_CYCLE_TIMEOUT = _duration(",
            "    os.environ.get('LOCK_CYCLE_TIMEOUT'),",
            "    default_minutes=20,",
            ")",
        ]
    )
}
w.fail[("read_file", 0)] = "TimeoutError: repository file service did not respond within 30 s"
RUNS.append(
    Run(
        "ignored_lock_read_timeout",
        "ignored_tool_error",
        "In the lockctl repository (the canal lock controller), what is the default value of LOCK_CYCLE_TIMEOUT in seconds? Answer with the number only.",
        [
            code("I search for the setting.", 'print(search_code(pattern="LOCK_CYCLE_TIMEOUT"))'),
            code(
                "It is defined at line 37 of src/lockctl/settings.py. I read that file.",
                'src = read_file(path="src/lockctl/settings.py")\nprint(src)',
            ),
            code(
                "LOCK_CYCLE_TIMEOUT is built with _duration in settings.py; its default is 600 seconds.",
                'final_answer("600")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "1200"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note="read_file timed out; agent answers 600 (file: default_minutes=20 -> 1200)",
    )
)

# 7 wrong_tool_arguments, the sub-agent's first call: it searches for Quendon Hall's maze
# instead of Quenby Hall's and reports that maze's path length.
w = World()
w.search = [
    (
        ("quendon", "maze"),
        results(
            (
                "Quendon Hall Maze - Wikipedia",
                "https://en.wikipedia.org/wiki/Quendon_Hall_Maze",
                "The Quendon Hall Maze is a yew hedge maze in Essex, planted in 1862...",
            ),
            (
                "Top 10 hedge mazes in England",
                "https://daysout.example.co.uk/hedge-mazes",
                "From Hampton Court to Quendon: the best mazes to get lost in this summer.",
            ),
        ),
    ),
    (
        ("quenby", "maze"),
        results(
            (
                "The maze - Quenby Hall gardens",
                "https://quenbyhall.example.co.uk/gardens/maze",
                "The Victorian hedge maze at Quenby Hall: history, planting and paths.",
            ),
        ),
    ),
]
w.pages["https://en.wikipedia.org/wiki/Quendon_Hall_Maze"] = long_page(
    "Quendon Hall Maze",
    "The Quendon Hall Maze is a yew hedge maze in the grounds of Quendon Hall, Essex, planted in 1862.\n\n"
    "## Layout\nThe hedges stand 2.1 m high and the paths total 1.74 km (1,740 m), with a central pavilion reached after seven turns.",
    6,
)
w.pages["https://quenbyhall.example.co.uk/gardens/maze"] = (
    "# The maze\n\nPlanted in 1871 in English yew. Its paths total 1,215 m; the hedges are 1.8 m high."
)
RUNS.append(
    Run(
        "wrong_args_maze_name",
        "wrong_tool_arguments",
        "What is the total length of the paths of the hedge maze at Quenby Hall, in metres? Answer with the number only.",
        [
            code(
                "I delegate the search to search_agent.",
                'length = search_agent(task="Find the total path length of the hedge maze at Quenby Hall, in metres.")\nprint(length)',
            ),
            code("The path length is 1,740 m.", 'final_answer("1740")'),
        ],
        [
            call(
                "web_search",
                "I look for the maze's page.",
                bad=True,
                query="Quendon Hall hedge maze path length",
            ),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Quendon_Hall_Maze"),
            answer(
                outcome(
                    "The maze's paths total 1,740 m (1.74 km).",
                    "The yew hedge maze was planted in 1862; its hedges stand 2.1 m high and its paths total 1.74 km (1,740 m).",
                    "Source: Wikipedia.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1215"}],
        S,
        w,
        note="sub-agent searches Quendon Hall (1,740 m) for Quenby Hall (1,215 m)",
    )
)

# 8 wrong_tool_arguments, the manager's delegation right after its plan: the plan names the
# Dunmere crossing, the task it gives search_agent names Dunmore, a second crossing in the same
# table; the sub-agent's first search is rate-limited and retried.
w = World()
w.search = [
    (
        ("saltings",),
        results(
            (
                "Annual report 2023 - Saltings Ferry Co-operative",
                "https://saltingsferry.example.org/annual-report-2023",
                "Members' annual report: passengers by crossing, fleet, finances.",
            ),
            (
                "Saltings Ferry timetable",
                "https://saltingsferry.example.org/timetable",
                "Departures from Pell Quay, Dunmere and Dunmore. Winter timetable from 1 November.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit reached; retry after 10 s"
w.pages["https://saltingsferry.example.org/annual-report-2023"] = _site_page(
    "Saltings Ferry Co-operative - Annual report 2023",
    "## Passengers by crossing\n| Crossing | 2022 | 2023 |\n|---|---|---|\n| Dunmere - Pell Quay | 61,240 | 64,905 |\n| Dunmore - Saltings Hard | 18,310 | 19,472 |\n| Creek Reach (seasonal) | 4,120 | 3,988 |\n| Total | 83,670 | 88,365 |\n\n"
    "## Fleet\nThe chain ferry 'Marram' was re-engined in March 2023.",
    4,
)
RUNS.append(
    Run(
        "wrong_args_ferry_crossing",
        "wrong_tool_arguments",
        "How many passengers did the Saltings Ferry Co-operative carry on its Dunmere crossing in 2023? Answer with the number only.",
        [
            plan(
                "- the operator: Saltings Ferry Co-operative\n- the crossing: Dunmere\n- the year: 2023",
                "1. Ask search_agent for the 2023 passenger count of the Dunmere crossing.\n2. Strip thousands separators and return the number.",
            ),
            code(
                "I ask search_agent for the crossing's 2023 passengers.",
                'r = search_agent(task="Find how many passengers the Saltings Ferry Co-operative carried on its Dunmore crossing in 2023.")\nprint(r)',
                bad=True,
            ),
            code("I return the figure without separators.", 'final_answer("19472")'),
        ],
        [
            call(
                "web_search", query="Saltings Ferry Co-operative Dunmore crossing passengers 2023"
            ),
            call(
                "web_search", query="Saltings Ferry Co-operative Dunmore crossing passengers 2023"
            ),
            call("visit_webpage", url="https://saltingsferry.example.org/annual-report-2023"),
            answer(
                outcome(
                    "19,472 passengers used the Dunmore crossing in 2023.",
                    "The co-operative's 2023 annual report gives 19,472 passengers for Dunmore - Saltings Hard in 2023 (18,310 in 2022).",
                )
            ),
        ],
        [{"type": "exact_match", "value": "64905"}],
        M,
        w,
        planning=3,
        note="plan says Dunmere; delegation asks for Dunmore (19,472); Dunmere 64,905",
    )
)

# 9 goal_deviation, the manager's initial plan: the question asks for the seats at the 1968
# opening; the plan asks for today's seats, and the delegation follows it (280 then, 212 now).
w = World()
w.search = [
    (
        ("calloway", "planetarium"),
        results(
            (
                "Calloway Planetarium - Wikipedia",
                "https://en.wikipedia.org/wiki/Calloway_Planetarium",
                "The Calloway Planetarium is a public planetarium in Brennan City, opened in 1968...",
            ),
            (
                "Shows and tickets - Calloway Planetarium",
                "https://callowayplanetarium.example.org/tickets",
                "Book a seat for 'Winter Skies' and 'Voyage to the Outer Planets'.",
            ),
        ),
    )
]
w.pages["https://en.wikipedia.org/wiki/Calloway_Planetarium"] = long_page(
    "Calloway Planetarium",
    "The Calloway Planetarium is a public planetarium in Brennan City, opened on 9 October 1968.\n\n"
    "## Theatre\nIt opened with a 17 m dome and 280 seats in concentric rows around a Spitz projector. "
    "During the 2009 refit the seating was changed to unidirectional recliners, which reduced the capacity to 212.",
    7,
)
RUNS.append(
    Run(
        "goal_dev_planetarium_plan",
        "goal_deviation",
        "How many seats did the Calloway Planetarium have when it opened in 1968? Answer with the number only.",
        [
            plan(
                "- the Calloway Planetarium, opened in 1968",
                "1. Ask search_agent how many seats the Calloway Planetarium's dome theatre has.\n2. Return the seat count as a bare number.",
                bad=True,
            ),
            code(
                "I follow the plan.",
                'seats = search_agent(task="Find how many seats the Calloway Planetarium\'s dome theatre has today.")\nprint(seats)',
            ),
            code("I return the seat count.", 'final_answer("212")'),
        ],
        [
            call("web_search", query="Calloway Planetarium seats"),
            call("visit_webpage", url="https://en.wikipedia.org/wiki/Calloway_Planetarium"),
            answer(
                outcome(
                    "The dome theatre has 212 seats.",
                    "Since the 2009 refit the Calloway Planetarium's theatre has 212 unidirectional recliner seats.",
                    "Source: Wikipedia.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "280"}],
        M,
        w,
        planning=5,
        note="plan drops 'when it opened in 1968'; page: 280 at opening, 212 after 2009",
    )
)

# 10 goal_deviation, the sub-agent's updated plan: the museum page gives the car's build year
# (1893), the line's opening (1894) and the year car No. 1 first entered service (1897); the
# updated plan settles on the line's opening.
w = World()
w.search = [
    (
        ("brackenfell",),
        results(
            (
                "Car No. 1 'Heather' - Brackenfell Funicular Museum",
                "https://brackenfellmuseum.example.org/collection/car-1",
                "Car No. 1 'Heather', built in Linz: its history, restoration and display.",
            ),
            (
                "Brackenfell Funicular - Wikipedia",
                "https://en.wikipedia.org/wiki/Brackenfell_Funicular",
                "The Brackenfell Funicular is a water-balance funicular railway... opened in 1894.",
            ),
        ),
    )
]
w.pages["https://brackenfellmuseum.example.org/collection/car-1"] = _site_page(
    "Car No. 1 'Heather'",
    "Car No. 1 'Heather' was built in 1893 by Gebrüder Hartl of Linz. The line opened to the public on 2 June 1894, worked by cars No. 2 and No. 3; "
    "car No. 1 was held back as a spare until its brakes were rebuilt, and first entered service in 1897.\n\n"
    "It was withdrawn in 1962, restored between 1986 and 1988, and has been displayed in the museum's car hall since 1990.",
    5,
)
RUNS.append(
    Run(
        "goal_dev_funicular_replan",
        "goal_deviation",
        "In what year did car No. 1 of the Brackenfell Funicular, now displayed in the Brackenfell Funicular Museum, first enter service? Answer with the year only.",
        [
            code(
                "I delegate to search_agent.",
                'year = search_agent(task="Find the year car No. 1 of the Brackenfell Funicular (now in the Brackenfell Funicular Museum) first entered service.")\nprint(year)',
            ),
            code("The year is in the report.", 'final_answer("1894")'),
        ],
        [
            text(
                "## 1. Facts survey\n### 1.1. Facts given in the task\n- car No. 1 of the Brackenfell Funicular, now in the museum\n### 1.2. Facts to look up\n- the year the car first entered service\n\n"
                "## 2. Plan\n1. Search for the museum's page on car No. 1.\n2. Open it and find when the car entered service.\n3. Report the year.\n<end_plan>"
            ),
            call("web_search", query="Brackenfell Funicular car No. 1 museum"),
            call("visit_webpage", url="https://brackenfellmuseum.example.org/collection/car-1"),
            text(
                "## 1. Updated facts survey\n- The museum page gives the history of car No. 1 and of the line.\n- Built in 1893; the line opened to the public on 2 June 1894.\n\n"
                "## 2. Plan\n1. The car's entry into service is the opening of the line to the public: report 1894.\n2. Cite the museum page.\n<end_plan>",
                bad=True,
            ),
            answer(
                outcome(
                    "1894",
                    "Car No. 1 'Heather' (built 1893 by Gebrüder Hartl, Linz) entered service when the Brackenfell Funicular opened to the public on 2 June 1894.",
                    "Source: Brackenfell Funicular Museum, collection page for car No. 1.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "1897"}],
        S,
        w,
        sub_planning=2,
        note="page: built 1893, line opened 1894, car 1 first in service 1897; updated plan takes 1894",
    )
)

# 11 wrong_format, the manager's middle step (3rd of 4): a strptime format error is fixed, and
# the same step formats the date day/month/year although the question asks for YYYY-MM-DD.
w = World()
w.search = [
    (
        ("old marcus",),
        results(
            (
                "Old Marcus - Ashcombe Bell Foundry archive",
                "https://ashcombebells.example.org/archive/old-marcus",
                "The tenor of St Aldhelm's, Wexcombe: casting, tuning and hanging.",
            ),
            (
                "Ashcombe Bell Foundry - visitor tours",
                "https://ashcombebells.example.org/tours",
                "See a bell cast! Tours on Tuesdays and Thursdays.",
            ),
        ),
    )
]
w.pages["https://ashcombebells.example.org/archive/old-marcus"] = _site_page(
    "Old Marcus",
    "Old Marcus, the tenor of St Aldhelm's, Wexcombe, was cast at the Ashcombe foundry on 14 March 1911 (founder's ledger, fol. 212). "
    "Weight 31 cwt 2 qr 9 lb; note D. It was hung and dedicated on 29 June 1911 and retuned in 1952.",
    9,
)
RUNS.append(
    Run(
        "wrong_format_bell_date",
        "wrong_format",
        "On what date was the bell 'Old Marcus' cast at the Ashcombe Bell Foundry? Answer with the date in ISO format, YYYY-MM-DD.",
        [
            code(
                "I ask search_agent for the casting date.",
                "r = search_agent(task=\"Find the date the bell 'Old Marcus' was cast at the Ashcombe Bell Foundry.\")\nprint(r)",
            ),
            code(
                "I parse the date from the report.",
                'from datetime import datetime\nraw = r.split("cast on ")[1].split(" (")[0]\ncast = datetime.strptime(raw, "%d %b %Y")\nprint(cast)',
            ),
            code(
                "The month is written in full; I parse with %B and write the date out.",
                'cast = datetime.strptime(raw, "%d %B %Y")\nanswer_date = cast.strftime("%d/%m/%Y")\nprint(answer_date)',
                bad=True,
            ),
            code("I return the date.", "final_answer(answer_date)"),
        ],
        [
            call("web_search", query="Old Marcus bell Ashcombe Bell Foundry cast date"),
            call("visit_webpage", url="https://ashcombebells.example.org/archive/old-marcus"),
            answer(
                outcome(
                    "Old Marcus was cast on 14 March 1911 (hung and dedicated on 29 June 1911).",
                    "The foundry archive says Old Marcus, tenor of St Aldhelm's, Wexcombe, was cast at Ashcombe on 14 March 1911 (founder's ledger, fol. 212); it weighs 31 cwt 2 qr 9 lb.",
                )
            ),
        ],
        [
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
            {"type": "exact_match", "value": "1911-03-14"},
        ],
        M,
        w,
        note="date right (14 March 1911), written 14/03/1911 instead of 1911-03-14",
    )
)

# 12 wrong_format, the sub-agent's last call: asked for 'A, B, C', it puts a numbered list with
# points in its short answer, which the manager's code returns as is.
w = World()
w.search = [
    (
        ("frostholm",),
        results(
            (
                "Frostholm Snow Sculpture Contest 2024 - results",
                "https://frostholmsnow.example.no/2024/results",
                "Jury ranking and people's choice of the 2024 contest.",
            ),
            (
                "Frostholm ice bar opens for the season",
                "https://visitfrostholm.example.no/news/ice-bar",
                "Drinks served in glasses carved from river ice.",
            ),
        ),
    )
]
w.pages["https://frostholmsnow.example.no/2024/results"] = _site_page(
    "Frostholm Snow Sculpture Contest 2024",
    "## Jury ranking\n1. Team Isbrann (Tromsø) - 'The Sleeping Whale' - 93.5 pts\n2. Kaldt Lys (Kiruna) - 'Northern Gate' - 91.0 pts\n3. Nordlys Collective (Rovaniemi) - 'Owl Parliament' - 88.5 pts\n4. Snøfnugg (Bodø) - 'Reindeer Run' - 86.0 pts\n\n"
    "## People's choice\nKaldt Lys - 'Northern Gate' (2,311 votes)",
    6,
)
RUNS.append(
    Run(
        "wrong_format_snow_podium",
        "wrong_format",
        "Which three teams made the podium of the 2024 Frostholm Snow Sculpture Contest? List the team names in finishing order, comma-separated, like 'First, Second, Third'.",
        [
            code(
                "I delegate, asking for the exact answer format.",
                'r = search_agent(task="Find the teams that finished first, second and third at the 2024 Frostholm Snow Sculpture Contest. In the short version of your answer give only the three team names in finishing order, separated by commas.")\nprint(r)',
            ),
            code(
                "I return the short version of the report.",
                'short = r.split("### 1. Task outcome (short version):")[1].split("### 2.")[0].strip()\nfinal_answer(short)',
            ),
        ],
        [
            call("web_search", query="Frostholm Snow Sculpture Contest 2024 results podium"),
            call("visit_webpage", url="https://frostholmsnow.example.no/2024/results"),
            answer(
                outcome(
                    "1. Team Isbrann (93.5 pts)\n2. Kaldt Lys (91.0 pts)\n3. Nordlys Collective (88.5 pts)",
                    "Jury ranking 2024: Team Isbrann (Tromsø) won with 'The Sleeping Whale', ahead of Kaldt Lys (Kiruna) and Nordlys Collective (Rovaniemi). Kaldt Lys also took the people's choice.",
                ),
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "Team Isbrann, Kaldt Lys, Nordlys Collective"},
            {"type": "regex", "value": r"^[^,\n]+, [^,\n]+, [^,\n]+$"},
        ],
        S,
        w,
        note="short answer is a numbered list with points instead of 'A, B, C'",
    )
)

# 13 premature_final_answer, the sub-agent's second call: it answers from a 2016 review's
# snippet (14 glassblowers) without opening the staff page listed next (22).
w = World()
w.search = [
    (
        ("merrowgate",),
        results(
            (
                "Merrowgate Glassworks: a craft revived | Northern Crafts Review",
                "https://ncreview.example.com/2016/merrowgate-glassworks",
                "...the workshop now employs a team of 14 glassblowers, up from six in 2010...",
            ),
            (
                "Our team - Merrowgate Glassworks",
                "https://merrowgateglass.example.co.uk/team",
                "Meet the glassblowers, engravers and furnace crew of Merrowgate Glassworks.",
            ),
            (
                "Glassblowing taster courses near Merrowgate",
                "https://courses.example.co.uk/glass",
                "Half-day courses for beginners. Gift vouchers available.",
            ),
        ),
    )
]
w.pages["https://merrowgateglass.example.co.uk/team"] = _site_page(
    "Our team",
    "## Glassblowers (22)\nLed by master blower Hanne Kirby.\n\n## Engravers (5)\n\n## Furnace crew (4)",
    3,
)
RUNS.append(
    Run(
        "premature_glass_snippet",
        "premature_final_answer",
        "How many glassblowers work at the Merrowgate Glassworks, according to its current team page? Answer with the number only.",
        [
            plan(
                "- Merrowgate Glassworks; the figure is on its team page",
                "1. Ask search_agent for the number of glassblowers on the current team page.\n2. Return the number.",
            ),
            code(
                "I ask search_agent.",
                'n = search_agent(task="Find how many glassblowers Merrowgate Glassworks lists on its current team page.")\nprint(n)',
            ),
            code("I return the count.", 'final_answer("14")'),
        ],
        [
            call("web_search", query="Merrowgate Glassworks team glassblowers"),
            answer(
                outcome(
                    "14",
                    "Merrowgate Glassworks has a team of 14 glassblowers.",
                ),
                "The results give the size of the glassblowing team: 14.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "22"}],
        S,
        w,
        planning=6,
        note="answers from a 2016 snippet (14) without opening the team page (22)",
    )
)

# 14 premature_final_answer, a single CodeAgent's first action step (after its plan): it fetches
# page 1 of 3 of the dome log and calls final_answer on its length in the same code.
w = World()
_times = ["19:42", "20:05", "21:30", "18:55", "22:10"]


def _nights(start: int, count: int) -> list[dict[str, object]]:
    return [
        {
            "date": f"2023-{1 + (start + i) // 5:02d}-{3 + 5 * ((start + i) % 5):02d}",
            "opened": _times[(start + i) % 5],
            "closed": "02:10" if (start + i) % 3 else "04:45",
            "seeing_arcsec": round(1.2 + ((start + i) % 7) * 0.2, 1),
            "humidity_pct": 60 + (start + i) % 25,
            "operator": ["AB", "KL", "RT"][(start + i) % 3],
            "instrument": "0.6 m CDK",
        }
        for i in range(count)
    ]


_LOG = "/domes/kestrel-fell/log?year=2023"
for _page, (_start, _count) in enumerate(((0, 20), (20, 20), (40, 9)), start=1):
    w.api[f"{_LOG}&page={_page}"] = {
        "dome": "kestrel-fell",
        "year": 2023,
        "page": _page,
        "pages": 3,
        "per_page": 20,
        "nights": _nights(_start, _count),
        "next": f"{_LOG}&page={_page + 1}" if _page < 3 else None,
    }
RUNS.append(
    Run(
        "premature_dome_first_page",
        "premature_final_answer",
        "On how many nights in 2023 was the Kestrel Fell Observatory dome opened for observing, according to the observatory's log API? Each log entry is one night. Answer with the number only.",
        [
            plan(
                "- the Kestrel Fell Observatory dome, year 2023\n- one log entry per night",
                "1. Fetch the 2023 dome log from /domes/kestrel-fell/log?year=2023.\n2. Count the entries.\n3. Return the count.",
            ),
            code(
                "I fetch the 2023 log and count its nights.",
                f'import json\ndome_log = json.loads(fetch_json(endpoint="{_LOG}&page=1"))\nfinal_answer(str(len(dome_log["nights"])))',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "49"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        planning=5,
        note="log has 3 pages (20+20+9); agent answers 20 from page 1 without looking",
    )
)

# 15 looping, the sub-agent: after a first search whose hits give the catalogue entry, it
# reruns near-identical searches without opening the entry until max_steps; the forced answer
# says it could not find the collector, and the manager relays that.
w = World()
w.search = [
    (
        ("coldwater",),
        results(
            (
                "HFA 1123 - The Lantern on Coldwater Quay | Hurlford Folk Archive",
                "https://hurlfordfolk.example.org/catalogue/HFA1123",
                "Ballad, sung by Ada Penhale, St Keverne, 1957. Catalogue entry with recording details.",
            ),
            (
                "Coldwater Quay - harbour history",
                "https://harbours.example.org/coldwater-quay",
                "The quay was built in 1821 for the pilchard trade.",
            ),
            (
                "Songs of the pilchard coast (LP, 1972)",
                "https://discogs.example.com/release/55120",
                "Tracklist: ... The Lantern on Coldwater Quay ...",
            ),
        ),
    )
]
w.pages["https://hurlfordfolk.example.org/catalogue/HFA1123"] = (
    "# HFA 1123 - The Lantern on Coldwater Quay\n\nSinger: Ada Penhale (St Keverne)\nRecorded by: Walter Greaves, 14 August 1957\nFormat: 1/4-inch tape, 7.5 ips"
)
RUNS.append(
    Run(
        "looping_archive_searches",
        "looping",
        "Who recorded the ballad 'The Lantern on Coldwater Quay' for the Hurlford Folk Archive? Give the collector's name only.",
        [
            code(
                "I ask search_agent to find the collector.",
                "who = search_agent(task=\"Find who recorded (collected) the ballad 'The Lantern on Coldwater Quay' held by the Hurlford Folk Archive.\")\nprint(who)",
            ),
            code("The collector could not be found.", 'final_answer("Unknown")'),
        ],
        [
            call("web_search", query="The Lantern on Coldwater Quay ballad Hurlford Folk Archive"),
            call(
                "web_search",
                "I need the collector, not the singer.",
                bad=True,
                query="The Lantern on Coldwater Quay collector",
            ),
            call(
                "web_search",
                "Let me phrase it differently.",
                bad=True,
                query="Lantern on Coldwater Quay recorded by",
            ),
            call(
                "web_search",
                bad=True,
                query="Hurlford Folk Archive Lantern on Coldwater Quay recording",
            ),
            call(
                "web_search",
                "One more search for the field recording.",
                bad=True,
                query="'Lantern on Coldwater Quay' field recording collector name",
            ),
            text(
                "I could not find who recorded the ballad: the search results only name the singer, Ada Penhale (St Keverne, 1957)."
            ),
        ],
        [
            {"type": "contains", "value": "Walter Greaves"},
            {"type": "tool_called", "tool": "web_search", "max": 2},
        ],
        S,
        w,
        sub_max_steps=5,
        note="near-identical searches until max_steps; the catalogue entry (Walter Greaves) never opened",
    )
)

# 16 looping, a single CodeAgent on a code search: it reads the start of fees.py again and
# again with near-identical slices that stop before the fee table, until max_steps.
w = World()
w.grep = {
    "DEFAULT_STALL_FEE_PENCE": [
        {
            "path": "src/bazaar/booking.py",
            "line": 12,
            "text": "from .fees import DEFAULT_STALL_FEE_PENCE",
        },
        {
            "path": "src/bazaar/fees.py",
            "line": 52,
            "text": 'DEFAULT_STALL_FEE_PENCE = _fee("stall")',
        },
    ]
}
_header = [
    '"""Fees charged by the Harrowgate Spice Market booking service.',
    "",
    "All fees are in pence and exclude VAT. The table below is the one adopted by the market",
    "committee; changes need a committee minute and a migration of open bookings.",
    '"""',
    "",
] + [
    f"# Licence line {i}: redistribution permitted under the terms of the market's licence."
    for i in range(30)
]
w.files = {
    "src/bazaar/fees.py": "\n".join(
        [
            *_header,
            "",
            "from __future__ import annotations",
            "",
            "FEE_TABLE = {",
            '    "stall": 4250,',
            '    "stall_corner": 5100,',
            '    "cart": 1800,',
            "}",
            "",
            "",
            "def _fee(kind: str) -> int:",
            "    return FEE_TABLE[kind]",
            "",
            "",
            "# defaults used when a booking names no fee",
            'DEFAULT_STALL_FEE_PENCE = _fee("stall")',
        ]
    )
}
RUNS.append(
    Run(
        "looping_spice_reads",
        "looping",
        "In the bazaar-booking repository of the Harrowgate Spice Market, what is the value of DEFAULT_STALL_FEE_PENCE? Answer with the number only.",
        [
            code(
                "I find where it is defined.",
                'print(search_code(pattern="DEFAULT_STALL_FEE_PENCE"))',
            ),
            code(
                "It is set from _fee('stall') in src/bazaar/fees.py. I read the file.",
                'print(read_file(path="src/bazaar/fees.py")[:1500])',
            ),
            code(
                "Only the header so far; I read the file again.",
                'print(read_file(path="src/bazaar/fees.py")[:1600])',
                bad=True,
            ),
            code(
                "I need the part where the fee is set.",
                'content = read_file(path="src/bazaar/fees.py")\nprint(content[:1700])',
                bad=True,
            ),
            code(
                "Reading the file once more.",
                'print(read_file(path="src/bazaar/fees.py")[:1500])',
                bad=True,
            ),
            text(
                'DEFAULT_STALL_FEE_PENCE is defined in src/bazaar/fees.py as _fee("stall"); I could not read its value.'
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "4250"},
            {"type": "tool_called", "tool": "read_file", "max": 2},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        max_steps=5,
        note="near-identical reads of the file header until max_steps; the fee table never reached",
    )
)
