# ruff: noqa: E501  (scripted replies, pages and JSON are data, kept one item a line)
"""The runs of the `shrouded` family: scripted replies and the offline world their tools read.

Sixteen runs of a smolagents manager CodeAgent with a managed ToolCallingAgent, or of a single
CodeAgent on the JSON API or the code search, two per fault of the taxonomy, each with one
decisive fault labelled at the LLM call that decided it (`bad=True` on its reply). Written in
one sweep without reading blame's rules, the other held-out families' runs or any score; see
smolagents_shrouded.py. The systems, the tools, the reply helpers and `Run` are those of the
sweep family (corpus/sweep_runs.py).
"""

from __future__ import annotations

import datetime
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
"""The runs, in the order they were written."""


def _page(title: str, body: str, footer: int = 5) -> str:
    """A page of a small organisation's site: a menu, the body, and a footer of links."""
    links = "\n".join(
        f"- [{name}](/{name.lower().replace(' ', '-')})"
        for name in ("News", "Events", "Join us", "Donate", "Contact", "Privacy", "Accessibility")[
            :footer
        ]
    )
    return f"Skip to content\n\nHome | About | News | Contact\n\n# {title}\n\n{body}\n\n---\n{links}\n\n© All rights reserved. Registered charity."


def _source(lines: list[str]) -> str:
    """A source file from its lines (read_file numbers them)."""
    return "\n".join(lines)


# 1 misread_tool_output, the manager's middle code step (2nd of 3, after a plan): the search
# agent gets over a rate limit and a dead link and reports 58 apple varieties (2023 survey),
# with the 64 varieties planted in 2011 in its detailed part; the manager notes 64.
w = World()
w.search = [
    (
        ("brackenridge", "orchard"),
        results(
            (
                "About us - Brackenridge Community Orchard Trust",
                "https://brackenridgeorchard.org.uk/about-us",
                "The Trust looks after the community orchard on Mill Brow: volunteers, work days, Apple Day and grafting courses...",
            ),
            (
                "Brackenridge Community Orchard - Calder Local History Wiki",
                "https://wiki.calder-history.example.org/Brackenridge_Community_Orchard",
                "The Brackenridge Community Orchard is a heritage orchard on the site of the former Mill Brow nursery. Replanted in 2010-11...",
            ),
            (
                "Brackenridge Apple Day 2024 - tickets",
                "https://events.example.com/brackenridge-apple-day-2024",
                "Juicing, tastings and grafting demonstrations. Saturday 12 October, 11am-4pm. Free for under-12s.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = (
    "429 Too Many Requests: rate limit reached for this API key; retry after 5 s"
)
w.pages["https://wiki.calder-history.example.org/Brackenridge_Community_Orchard"] = long_page(
    "Brackenridge Community Orchard",
    "The **Brackenridge Community Orchard** is a heritage orchard of 1.8 hectares on the site of the former Mill Brow nursery, "
    "managed by the Brackenridge Community Orchard Trust.\n\n"
    "## History\nThe nursery closed in 1987 and the land lay derelict until 2009, when residents formed the Trust. "
    "The orchard was replanted over the winter of 2010-11 with 64 apple varieties grafted from old trees in the parish, "
    "most of them local cooking and cider apples, and a small collection of pears and plums.\n\n"
    "## Collection\nCanker and the dry summer of 2018 killed a number of young trees, and six apple varieties were lost entirely. "
    "The Trust's 2023 survey counted 214 fruit trees:\n\n"
    "| Fruit | Varieties (2023) | Trees (2023) |\n|---|---|---|\n| Apple | 58 | 181 |\n| Pear | 9 | 22 |\n| Plum | 4 | 11 |\n\n"
    "Among the apples are 'Calder Pippin', 'Mill Brow Seedling' and 'Hebden Russet', which are not known to grow anywhere else.\n\n"
    "## Events\nThe Trust holds an Apple Day each October, winter pruning sessions from December to February and a blossom walk in May.",
    9,
).replace("From Wikipedia, the free encyclopedia", "From the Calder Local History Wiki")
RUNS.append(
    Run(
        "orchard_manager_misreads_varieties",
        "misread_tool_output",
        "How many apple varieties are grown at the Brackenridge Community Orchard today? Give the number only.",
        [
            plan(
                "- the Brackenridge Community Orchard\n- the answer is a number of apple varieties, today's",
                "1. Ask search_agent how many apple varieties the orchard grows now, with its source.\n2. Read the number from its report.\n3. Return the number only.",
            ),
            code(
                "I ask search_agent to look it up.",
                'report = search_agent(task="Find how many apple varieties are grown at the Brackenridge Community Orchard today. Give the number and the source.")\nprint(report)',
            ),
            code(
                "The orchard was replanted with 64 apple varieties grafted from parish trees, and it has 214 fruit trees. I note the variety count.",
                'apple_varieties = 64\nfruit_trees = 214\nprint(f"apple varieties: {apple_varieties}, fruit trees: {fruit_trees}")',
                bad=True,
            ),
            code("I return the number of apple varieties.", "final_answer(str(apple_varieties))"),
        ],
        [
            call("web_search", query="Brackenridge Community Orchard number of apple varieties"),
            call(
                "web_search",
                "The search was rate-limited; I try again.",
                query="Brackenridge Community Orchard number of apple varieties",
            ),
            call("visit_webpage", url="https://brackenridgeorchard.org.uk/about-us"),
            call(
                "visit_webpage",
                "The Trust's page is gone; I read the local history wiki instead.",
                url="https://wiki.calder-history.example.org/Brackenridge_Community_Orchard",
            ),
            answer(
                outcome(
                    "58 apple varieties are grown at the Brackenridge Community Orchard (Trust survey, 2023).",
                    "The Calder Local History Wiki page on the orchard says it was replanted over the winter of 2010-11 with 64 apple varieties grafted from old parish trees. "
                    "Canker and the dry summer of 2018 killed six varieties outright, and the Trust's 2023 survey counted 214 fruit trees: "
                    "58 apple varieties (181 trees), 9 pear varieties (22 trees) and 4 plum varieties (11 trees).",
                    "The Trust's own 'About us' page (https://brackenridgeorchard.org.uk/about-us) returned 404, so the figures come from the wiki, which cites the Trust's 2023 survey.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "58"}],
        M,
        w,
        planning=4,
        note="report: 58 varieties today (64 planted in 2011); the manager notes 64",
    )
)

# 2 misread_tool_output, a single CodeAgent's middle step (5th of 6) on the JSON API: after a
# TypeError (the JSON string indexed) and a second page of sites, it reads the July generation
# record and takes exported_kwh (37,904.2) for the array's output (generated_kwh, 44,116.1).
_SITE_FIELDS = (
    "id",
    "name",
    "kind",
    "capacity_kwp",
    "commissioned",
    "postcode",
    "export_meter",
    "status",
)
_SITES = [
    (
        "WX-01",
        "Wexcombe village hall",
        "rooftop",
        30.0,
        "2016-05-12",
        "SN8 3AA",
        "EM-20114",
        "operational",
    ),
    (
        "WX-02",
        "Church Farm barns",
        "rooftop",
        96.5,
        "2017-09-01",
        "SN8 3BQ",
        "EM-20988",
        "operational",
    ),
    (
        "WX-03",
        "Downs Road field",
        "ground-mounted",
        1480.0,
        "2019-07-22",
        "SN8 3DR",
        "EM-31502",
        "operational",
    ),
    (
        "WX-04",
        "Surgery car park canopy",
        "canopy",
        48.0,
        "2021-03-30",
        "SN8 3HN",
        "EM-38817",
        "maintenance",
    ),
    (
        "ML-01",
        "Mill Lane pavilion",
        "rooftop",
        12.0,
        "2020-04-17",
        "SN8 3ML",
        "EM-36230",
        "operational",
    ),
    (
        "ML-02",
        "Mill Lane school roof",
        "rooftop",
        250.0,
        "2022-08-15",
        "SN8 3MS",
        "EM-44871",
        "operational",
    ),
    (
        "BH-01",
        "Burbage depot",
        "rooftop",
        120.0,
        "2023-11-02",
        "SN8 3TZ",
        "EM-47005",
        "commissioning",
    ),
]
w = World()
w.api = {
    "/sites?coop=wexcombe": {
        "coop": "wexcombe",
        "coop_name": "Wexcombe Community Energy",
        "page": 1,
        "pages": 2,
        "per_page": 4,
        "total": len(_SITES),
        "next": "/sites?coop=wexcombe&page=2",
        "sites": [dict(zip(_SITE_FIELDS, s, strict=True)) for s in _SITES[:4]],
    },
    "/sites?coop=wexcombe&page=2": {
        "coop": "wexcombe",
        "coop_name": "Wexcombe Community Energy",
        "page": 2,
        "pages": 2,
        "per_page": 4,
        "total": len(_SITES),
        "next": None,
        "sites": [dict(zip(_SITE_FIELDS, s, strict=True)) for s in _SITES[4:]],
    },
    "/generation/ML-02?month=2024-07": {
        "site_id": "ML-02",
        "site_name": "Mill Lane school roof",
        "month": "2024-07",
        "unit": "kWh",
        "capacity_kwp": 250.0,
        "export_meter": "EM-44871",
        "totals": {
            "exported_kwh": 37904.2,
            "self_consumed_kwh": 6211.9,
            "generated_kwh": 44116.1,
        },
        "performance": {
            "specific_yield_kwh_per_kwp": 176.5,
            "performance_ratio": 0.81,
            "peak_output_kw": 212.7,
            "peak_time": "2024-07-19T13:10:00Z",
        },
        "data_quality": {
            "missing_intervals": 3,
            "estimated_kwh": 12.4,
            "note": "Three half-hour intervals on 2024-07-08 were estimated from the inverter log after a meter comms outage.",
        },
        "links": {
            "daily": "/generation/ML-02/daily?month=2024-07",
            "site": "/sites/ML-02",
        },
        "licence": "Open Government Licence v3.0",
    },
}
RUNS.append(
    Run(
        "solar_api_exported_for_generated",
        "misread_tool_output",
        "How much electricity did the Mill Lane school roof array of the Wexcombe Community Energy co-op generate in July 2024? Give it in MWh rounded to one decimal, number only.",
        [
            code(
                "I list the co-op's sites to find the Mill Lane school roof array.",
                'sites = fetch_json(endpoint="/sites?coop=wexcombe")\nfor s in sites["sites"]:\n    print(s["id"], s["name"])',
            ),
            code(
                "fetch_json returns a JSON string; I parse it first.",
                'import json\nsites = json.loads(fetch_json(endpoint="/sites?coop=wexcombe"))\nprint(sites["page"], sites["pages"], sites["next"])\nfor s in sites["sites"]:\n    print(s["id"], s["name"], s["capacity_kwp"])',
            ),
            code(
                "Mill Lane is not on the first page; I read page 2.",
                'page2 = json.loads(fetch_json(endpoint=sites["next"]))\nfor s in page2["sites"]:\n    print(s["id"], s["name"], s["capacity_kwp"], s["status"])',
            ),
            code(
                "ML-02 is the Mill Lane school roof (250 kWp). I fetch its July 2024 generation.",
                'gen = fetch_json(endpoint="/generation/ML-02?month=2024-07")\nprint(gen)',
            ),
            code(
                "The array's output for July 2024 is 37,904.2 kWh. I convert it to MWh.",
                "mwh = round(37904.2 / 1000, 1)\nprint(mwh)",
                bad=True,
            ),
            code("37.9 MWh in July 2024.", "final_answer(str(mwh))"),
        ],
        None,
        [{"type": "exact_match", "value": "44.1"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="totals: exported 37,904.2 kWh, generated 44,116.1 kWh; the agent takes the exported figure",
    )
)

# 3 hallucinated_fact, the search agent's last call (4th of 4): it reads the association's
# season round-up (no weight of honey in it) and the honey show results, then reports a crop of
# 186 kg as if from the round-up; the AGM minutes it never opened give 131 kg (2022: 162 kg).
w = World()
_bees = results(
    (
        "2023 season round-up - Thornbury & District Beekeepers' Association",
        "https://thornburybees.org.uk/news/2023-season-round-up",
        "A mixed year at the teaching apiary: a late, cold spring, a strong lime flow in July and more swarms than we would like...",
    ),
    (
        "AGM 2024 minutes - Thornbury & District Beekeepers' Association",
        "https://thornburybees.org.uk/docs/agm-2024-minutes",
        "Minutes of the Annual General Meeting held on 6 February 2024 at the Armstrong Hall: chair's report, treasurer's report, apiary report...",
    ),
    (
        "Thornbury honey - raw wildflower honey, 340 g jars",
        "https://shop.example.co.uk/thornbury-honey",
        "Local raw honey from hives around Thornbury and the Severn Vale. Free delivery over £30.",
    ),
)
w.search = [(("thornbury", "honey"), _bees), (("thornbury", "apiary"), _bees)]
w.pages["https://thornburybees.org.uk/news/2023-season-round-up"] = _page(
    "2023 season round-up",
    "Posted 14 November 2023 by the apiary manager\n\n"
    "What a season. The teaching apiary went into winter 2022 with 13 colonies and came out of it with 11: one was queenless by February "
    "and one starved in the cold snap in March. The spring build-up was slow and the oilseed rape around Oldbury came and went before "
    "most colonies were strong enough to work it.\n\n"
    "June was all about swarm control. We lost two prime swarms despite our best efforts, and the beginners' group got plenty of "
    "practice with artificial swarms. Then the lime came good in the first half of July and the supers filled quickly.\n\n"
    "Supers came off in the second half of August and the extraction days at the Armstrong Hall were well attended - thank you to "
    "everyone who turned a handle. The apiary's honey has been jarred and is on sale at the Saturday market stall.\n\n"
    "Varroa: counts were low until August; all colonies were treated after the honey came off. Eleven colonies are now wrapped up "
    "for winter, all queenright.\n\n"
    "See the [honey show results](https://thornburybees.org.uk/news/honey-show-2023) and the dates of the winter talks.",
)
w.pages["https://thornburybees.org.uk/news/honey-show-2023"] = _page(
    "Honey show 2023 results",
    "The 2023 show at the Armstrong Hall had 112 entries in 14 classes.\n\n"
    "| Class | First | Second |\n|---|---|---|\n| Light honey, two jars | P. Okafor | J. Hale |\n| Medium honey, two jars | S. Watts | P. Okafor |\n"
    "| Dark honey, two jars | R. Lindqvist | M. Barnes |\n| Soft-set honey | J. Hale | A. Burrows |\n| Cut comb | M. Barnes | S. Watts |\n"
    "| Beeswax block, 454 g | A. Burrows | R. Lindqvist |\n| Honey cake | E. Moss | P. Okafor |\n\n"
    "The Blue Ribbon for best exhibit went to Sam Watts for her medium honey.",
)
w.pages["https://thornburybees.org.uk/docs/agm-2024-minutes"] = _page(
    "AGM 2024 minutes",
    "Present: 41 members. Apologies: 6.\n\n"
    "1. Chair's report. Membership stands at 128, up from 117.\n"
    "2. Treasurer's report. Income £6,210, expenditure £5,480; honey sales £1,834.\n"
    "3. Apiary report. The teaching apiary ran 11 colonies through the 2023 season. The crop from the teaching apiary was 131 kg "
    "(extracted 19 August and 9 September), against 162 kg in 2022. Two swarms were lost in June.\n"
    "4. Election of officers. All officers were re-elected unopposed.\n"
    "5. Any other business. The winter talks programme was approved.",
)
RUNS.append(
    Run(
        "bees_sub_invents_crop",
        "hallucinated_fact",
        "How many kilograms of honey did the Thornbury & District Beekeepers' Association's teaching apiary produce in 2023? Number only.",
        [
            code(
                "I delegate the search to search_agent.",
                "report = search_agent(task=\"Find how many kilograms of honey the Thornbury & District Beekeepers' Association's teaching apiary produced in 2023.\")\nprint(report)",
            ),
            code(
                "I extract the weight from the report.",
                'import re\nm = re.search(r"(\\d+(?:\\.\\d+)?)\\s*kg", report)\nprint(m.group(1))',
            ),
            code("The teaching apiary produced 186 kg in 2023.", "final_answer(m.group(1))"),
        ],
        [
            call(
                "web_search",
                query="Thornbury District Beekeepers Association teaching apiary honey 2023 kg",
            ),
            call(
                "visit_webpage",
                url="https://thornburybees.org.uk/news/2023-season-round-up",
            ),
            call(
                "visit_webpage",
                "The round-up links to the honey show results; I check them too.",
                url="https://thornburybees.org.uk/news/honey-show-2023",
            ),
            answer(
                outcome(
                    "The teaching apiary produced 186 kg of honey in 2023.",
                    "According to the association's 2023 season round-up (posted 14 November 2023), the teaching apiary's 11 colonies "
                    "produced 186 kg of honey in 2023, most of it from the July lime flow; supers came off in the second half of August "
                    "and were extracted at the Armstrong Hall. The 2023 honey show had 112 entries in 14 classes.",
                    "Source: https://thornburybees.org.uk/news/2023-season-round-up",
                ),
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "131"}],
        S,
        w,
        note="round-up gives no weight; the sub-agent reports 186 kg; AGM minutes (not opened) say 131 kg",
    )
)

# 4 hallucinated_fact, a single CodeAgent's middle step (5th of 6) on the code search: after a
# wrong path fixed in the next step, it sees that the timeout comes from DEFAULT_TIMEOUT in
# tessellate.settings, searches "DEFAULT_TIMEOUT =" (annotated, no hit) and sets 30 s from memory.
_FETCH = [
    '"""Download map tiles over HTTP, with a small on-disk cache."""',
    "",
    "from __future__ import annotations",
    "",
    "import hashlib",
    "from pathlib import Path",
    "",
    "import requests",
    "",
    "from tessellate.settings import DEFAULT_TIMEOUT, USER_AGENT",
    "from tessellate.tiles import TileKey, tile_url",
    "",
    '__all__ = ["TileFetcher"]',
    "",
    "",
    "def _cache_name(key: TileKey) -> str:",
    '    return hashlib.sha1(f"{key.z}/{key.x}/{key.y}".encode()).hexdigest() + ".png"',
    "",
    "",
    "class FetchError(RuntimeError):",
    '    """A tile could not be downloaded after all retries."""',
    "",
    "",
    "",
    "",
    "",
    "class TileFetcher:",
    '    """Fetch tiles from a tile server, keeping a copy on disk if cache_dir is given."""',
    "",
    "    def __init__(self, server: str, cache_dir: str | None = None, timeout: float | None = None, retries: int = 2):",
    "        self.server = server",
    "        self.cache_dir = Path(cache_dir) if cache_dir else None",
    "        self.retries = retries",
    "        self.session = requests.Session()",
    '        self.session.headers["User-Agent"] = USER_AGENT',
    "        # None means the package default (see settings.py)",
    "        self.timeout = DEFAULT_TIMEOUT if timeout is None else timeout",
    "",
    "    def fetch(self, key: TileKey) -> bytes:",
    "        if self.cache_dir is not None:",
    "            cached = self.cache_dir / _cache_name(key)",
    "            if cached.exists():",
    "                return cached.read_bytes()",
    "        last: Exception | None = None",
    "        for _ in range(self.retries + 1):",
    "            try:",
    "                resp = self.session.get(tile_url(self.server, key), timeout=self.timeout)",
    "                resp.raise_for_status()",
    "                break",
    "            except requests.RequestException as exc:",
    "                last = exc",
    "        else:",
    '            raise FetchError(f"giving up on {key}") from last',
    "        if self.cache_dir is not None:",
    "            (self.cache_dir / _cache_name(key)).write_bytes(resp.content)",
    "        return resp.content",
]
_SETTINGS = [
    '"""Settings read from the environment at import time."""',
    "",
    "import os",
    "",
    'USER_AGENT = "tessellate/0.9 (+https://github.com/example/tessellate)"',
    'CACHE_TTL_S = int(os.environ.get("TESSELLATE_CACHE_TTL", "86400"))',
    "",
    "# Seconds before a tile request is abandoned.",
    'DEFAULT_TIMEOUT: float = float(os.environ.get("TESSELLATE_TIMEOUT", "20"))',
    'MAX_ZOOM = int(os.environ.get("TESSELLATE_MAX_ZOOM", "19"))',
]
w = World()
w.grep = {
    "TileFetcher": [
        {"path": "src/tessellate/fetch.py", "line": 13, "text": '__all__ = ["TileFetcher"]'},
        {"path": "src/tessellate/fetch.py", "line": 27, "text": "class TileFetcher:"},
        {
            "path": "src/tessellate/__init__.py",
            "line": 5,
            "text": "from tessellate.fetch import TileFetcher",
        },
        {
            "path": "tests/test_fetch.py",
            "line": 14,
            "text": '    fetcher = TileFetcher("http://tiles.test", timeout=0.01)',
        },
        {
            "path": "docs/usage.md",
            "line": 40,
            "text": "`TileFetcher(server, cache_dir=None, timeout=None, retries=2)` downloads tiles and caches them.",
        },
    ],
    "DEFAULT_TIMEOUT": [
        {
            "path": "src/tessellate/fetch.py",
            "line": 10,
            "text": "from tessellate.settings import DEFAULT_TIMEOUT, USER_AGENT",
        },
        {
            "path": "src/tessellate/fetch.py",
            "line": 37,
            "text": "        self.timeout = DEFAULT_TIMEOUT if timeout is None else timeout",
        },
        {
            "path": "src/tessellate/settings.py",
            "line": 9,
            "text": 'DEFAULT_TIMEOUT: float = float(os.environ.get("TESSELLATE_TIMEOUT", "20"))',
        },
    ],
}
w.files = {
    "src/tessellate/fetch.py": _source(_FETCH),
    "src/tessellate/settings.py": _source(_SETTINGS),
}
RUNS.append(
    Run(
        "tiles_code_timeout_from_memory",
        "hallucinated_fact",
        "Issue #231: tile downloads time out on slow connections. When TileFetcher is created without a timeout argument and TESSELLATE_TIMEOUT is not set, what timeout in seconds does it use? Number only.",
        [
            code(
                "I look for TileFetcher first.",
                'print(search_code(pattern="TileFetcher"))',
            ),
            code(
                "The class is in fetch.py; I read it.",
                'print(read_file(path="tessellate/fetch.py"))',
            ),
            code(
                "The path starts with src/.",
                'print(read_file(path="src/tessellate/fetch.py"))',
            ),
            code(
                "timeout=None falls back to DEFAULT_TIMEOUT, imported from tessellate.settings. I look for where it is assigned.",
                'print(search_code(pattern="DEFAULT_TIMEOUT ="))',
            ),
            code(
                "No assignment turns up, so DEFAULT_TIMEOUT keeps the usual requests-style default of 30 seconds.",
                'default_timeout = 30\nprint(f"default timeout: {default_timeout} s")',
                bad=True,
            ),
            code(
                "TileFetcher uses 30 seconds when no timeout is given.",
                "final_answer(str(default_timeout))",
            ),
        ],
        None,
        [{"type": "exact_match", "value": "20"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        note='settings.py: DEFAULT_TIMEOUT: float = ... "20"; the search for "DEFAULT_TIMEOUT =" finds nothing and the agent sets 30',
    )
)

# 5 ignored_tool_error, the search agent's last call (4th of 4, after its own plan): the
# station's 2023 report fails with a 503 and the sub-agent reports 64 launches "according to the
# annual report" (the 2022 figure of a news snippet); the report says 71. Run summary on.
w = World()
w.search = [
    (
        ("porthcarrow", "lifeboat"),
        results(
            (
                "Annual report 2023 - Porthcarrow Lifeboat Station",
                "https://porthcarrowlifeboat.org.uk/reports/2023",
                "Launches, people aided, crew training hours and fundraising at Porthcarrow in 2023...",
            ),
            (
                "Porthcarrow crew's busiest summer in a decade - Cornish Coast News",
                "https://coastnews.example.co.uk/2022/09/porthcarrow-busiest-summer",
                "Porthcarrow's volunteers launched 64 times in 2022, the most since the new boathouse opened...",
            ),
            (
                "Lifeboat launches by station - open data",
                "https://data.example.org/lifeboat-launches",
                "Station-level launch counts by year, 2010-2021. CSV and JSON downloads.",
            ),
        ),
    )
]
w.fail[("visit_webpage", 0)] = (
    "503 Server Error: Service Unavailable for url: https://porthcarrowlifeboat.org.uk/reports/2023"
)
w.pages["https://porthcarrowlifeboat.org.uk/reports/2023"] = _page(
    "Porthcarrow Lifeboat Station - Annual report 2023",
    "## The year in numbers\n\n| | 2023 | 2022 |\n|---|---|---|\n| Launches | 71 | 64 |\n| People aided | 58 | 49 |\n"
    "| Lives saved | 6 | 4 |\n| Crew training hours | 3,920 | 3,610 |\n\n"
    "Our all-weather boat launched 29 times and the inshore boat 42 times. August was the busiest month, with 15 launches.\n\n"
    "## Fundraising\nThe summer fête raised £8,450 and the Christmas swim £2,130.",
)
w.pages["https://coastnews.example.co.uk/2022/09/porthcarrow-busiest-summer"] = _page(
    "Porthcarrow crew's busiest summer in a decade",
    "Porthcarrow's volunteers launched 64 times in 2022, the most since the new boathouse opened in 2012. "
    "The coxswain thanked employers who release crew members during working hours.",
)
RUNS.append(
    Run(
        "lifeboat_sub_ignores_503",
        "ignored_tool_error",
        "How many times did the Porthcarrow lifeboat station launch in 2023, according to the station's annual report? Number only.",
        [
            code(
                "I ask search_agent for the figure from the annual report.",
                'report = search_agent(task="Find the number of launches of the Porthcarrow lifeboat station in 2023, from the station\'s 2023 annual report.")\nprint(report)',
            ),
            code(
                "I take the number of launches from the report.",
                'launches = int(report.split("launched ")[1].split(" ")[0])\nprint(launches)',
            ),
            code("The station launched 64 times in 2023.", "final_answer(str(launches))"),
        ],
        [
            plan(
                "- Porthcarrow lifeboat station\n- year 2023; the source must be the station's annual report",
                "1. Search for the station's 2023 annual report.\n2. Open it and read the number of launches in 2023.\n3. Report the figure with its source.",
            ),
            call("web_search", query="Porthcarrow lifeboat station annual report 2023 launches"),
            call("visit_webpage", url="https://porthcarrowlifeboat.org.uk/reports/2023"),
            answer(
                outcome(
                    "Porthcarrow lifeboat station launched 64 times in 2023, according to its annual report.",
                    "The station's 2023 annual report (https://porthcarrowlifeboat.org.uk/reports/2023) gives 64 launches for the year, "
                    "the station's busiest year since the new boathouse opened in 2012.",
                    "Source: Porthcarrow Lifeboat Station, Annual report 2023.",
                ),
                bad=True,
            ),
        ],
        [
            {"type": "exact_match", "value": "71"},
            {"type": "tool_succeeded", "tool": "visit_webpage"},
        ],
        S,
        w,
        sub_planning=10,
        summary=True,
        note="the report page answered 503; the sub-agent reports 64 (a 2022 snippet) as the report's 2023 figure; the report says 71",
    )
)


# 6 ignored_tool_error, a single CodeAgent's middle step (3rd of 4) on the JSON API: it pages
# through the plots in a try/except that prints a 503 on page 2, then counts vacant plots on
# the 16 plots it has (3) instead of all 24 (6).
def _plots(page: int) -> list[dict[str, Any]]:
    vacant = {3, 7, 10, 13, 16, 21}
    withdrawn = {12, 19}
    out: list[dict[str, Any]] = []
    for n in range(page * 8 - 7, page * 8 + 1):
        status = "vacant" if n in vacant else "withdrawn" if n in withdrawn else "let"
        out.append(
            {
                "plot": f"GH-{n:02d}",
                "size_rods": 10 if n % 3 else 5,
                "status": status,
                "tenant_since": None
                if status != "let"
                else f"{2008 + (n * 7) % 15}-0{1 + n % 9}-01",
                "water_trough": f"T{1 + (n - 1) // 6}",
                "rent_gbp": 62.0 if n % 3 else 34.0,
                "shed_allowed": n % 4 != 0,
                "notes": "needs clearing"
                if n in {7, 16}
                else ("flooded in winter" if n in withdrawn else ""),
            }
        )
    return out


w = World()
w.api = {
    f"/sites/gorse-hill/plots?date=2024-03-01&page={p}": {
        "site": "gorse-hill",
        "site_name": "Gorse Hill allotments",
        "date": "2024-03-01",
        "page": p,
        "pages": 3,
        "per_page": 8,
        "total": 24,
        "plots": _plots(p),
        "generated_at": "2024-03-01T06:00:00Z",
    }
    for p in (1, 2, 3)
}
w.fail[("fetch_json", 2)] = "API error 503: upstream timeout, please retry the request"
RUNS.append(
    Run(
        "allotments_api_skips_failed_page",
        "ignored_tool_error",
        "According to the allotment society's API, how many plots at the Gorse Hill site were vacant on 1 March 2024? Number only.",
        [
            code(
                "I fetch the first page of Gorse Hill plots for 2024-03-01 to see the format.",
                'import json\nfirst = json.loads(fetch_json(endpoint="/sites/gorse-hill/plots?date=2024-03-01&page=1"))\nprint(first["pages"], first["total"])\nprint(first["plots"][0])',
            ),
            code(
                "There are 3 pages of 8 plots. I collect them all.",
                'plots = []\nfor page in range(1, first["pages"] + 1):\n    try:\n        data = json.loads(fetch_json(endpoint=f"/sites/gorse-hill/plots?date=2024-03-01&page={page}"))\n        plots.extend(data["plots"])\n    except Exception as e:\n        print(f"page {page}: {e}")\nprint(len(plots), "plots collected")',
            ),
            code(
                "I have the plots; now I count the vacant ones.",
                'vacant = [p["plot"] for p in plots if p["status"] == "vacant"]\nprint(len(vacant), vacant)',
                bad=True,
            ),
            code("3 plots were vacant on 1 March 2024.", "final_answer(str(len(vacant)))"),
        ],
        None,
        [{"type": "exact_match", "value": "6"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="page 2 of 3 failed (503) inside a try/except; the agent counts vacant plots on pages 1 and 3 only",
    )
)

# 7 wrong_tool_arguments, the search agent's first call: the manager plans and delegates the
# Lowther Vale Choral Festival; the sub-agent searches "Lowther Valley Choral Festival" and
# reports the 2022 edition of the Lowther Valley Youth Choral Festival (27 choirs, not 19).
w = World()
w.search = [
    (
        ("lowther valley",),
        results(
            (
                "Past festivals - Lowther Valley Youth Choral Festival",
                "https://lvycf.org.uk/past-festivals",
                "Every festival since 2011: dates, adjudicators, number of choirs and singers, and the trophy winners.",
            ),
            (
                "Youth choirs return to Lowther Valley after two-year gap",
                "https://penrithnews.example.co.uk/2022/06/youth-choirs-return",
                "Hundreds of young singers filled the valley's churches last weekend...",
            ),
        ),
    ),
    (
        ("lowther vale",),
        results(
            (
                "Lowther Vale Choral Festival 2022 - results",
                "https://lowthervalefestival.org/2022/results",
                "Nineteen choirs and 640 singers took part in the 2022 festival at St Michael's, Bampton...",
            ),
        ),
    ),
]
w.pages["https://lvycf.org.uk/past-festivals"] = _page(
    "Past festivals",
    "The Lowther Valley Youth Choral Festival is open to choirs of singers aged 8 to 21.\n\n"
    "| Year | Dates | Choirs | Singers | Adjudicator |\n|---|---|---|---|---|\n"
    "| 2018 | 22-24 June | 21 | 604 | Hilary Campbell |\n| 2019 | 21-23 June | 22 | 655 | Ben Parry |\n"
    "| 2020 | cancelled | - | - | - |\n| 2021 | cancelled | - | - | - |\n"
    "| 2022 | 24-26 June | 27 | 812 | Greg Beardsell |\n| 2023 | 23-25 June | 31 | 904 | Suzi Digby |\n\n"
    "The Valley Cup for the best overall choir went to Appleby Girls' Choir in 2022 and to Kendal Youth Voices in 2023.",
    6,
)
w.pages["https://lowthervalefestival.org/2022/results"] = _page(
    "Lowther Vale Choral Festival 2022 - results",
    "Nineteen choirs and 640 singers took part in the 2022 festival at St Michael's, Bampton, on 17-18 September 2022.",
)
RUNS.append(
    Run(
        "choirs_sub_searches_youth_festival",
        "wrong_tool_arguments",
        "How many choirs took part in the 2022 Lowther Vale Choral Festival? Number only.",
        [
            plan(
                "- festival: the Lowther Vale Choral Festival, 2022 edition\n- the answer is a number of choirs",
                "1. Ask search_agent how many choirs took part in the 2022 Lowther Vale Choral Festival.\n2. Extract the number.\n3. Return it.",
            ),
            code(
                "I ask search_agent.",
                'report = search_agent(task="Find how many choirs took part in the 2022 Lowther Vale Choral Festival.")\nprint(report)',
            ),
            code(
                "I extract the number of choirs.",
                'import re\nn = re.search(r"(\\d+) choirs", report).group(1)\nprint(n)',
            ),
            code("27 choirs took part.", "final_answer(n)"),
        ],
        [
            call(
                "web_search",
                bad=True,
                query="Lowther Valley Choral Festival 2022 number of choirs",
            ),
            call("visit_webpage", url="https://lvycf.org.uk/past-festivals"),
            answer(
                outcome(
                    "27 choirs took part in the 2022 festival.",
                    "The festival's 'Past festivals' page lists the 2022 festival (24-26 June 2022, the first after two cancelled years) "
                    "with 27 choirs and 812 singers, adjudicated by Greg Beardsell. For comparison, 2019 had 22 choirs and 2023 had 31.",
                    "Source: https://lvycf.org.uk/past-festivals",
                )
            ),
        ],
        [{"type": "exact_match", "value": "19"}],
        S,
        w,
        planning=10,
        note="the sub-agent searches 'Lowther Valley' and reads the youth festival's table (27); the Vale festival had 19",
    )
)

# 8 wrong_tool_arguments, the code agent's middle call (2nd of 4): the manager delegates a
# bug about quote_hire; the code search times out on quote_hire and the code agent retries
# with "hire_quote", finds the legacy v1 function and reports its file.
_LEGACY = [
    '"""Quotes for the v1 booking API (2019). Kept for old integrations; see oarlock.pricing."""',
    "",
    "from oarlock.legacy.models import Boat",
    "",
    "RATES = {",
    '    "1x": 18.0,  # single scull, per hour',
    '    "2x": 24.0,',
    '    "4x": 36.0,',
    '    "8+": 60.0,',
    "}",
    "",
    "",
    "def _boat_class(boat: Boat) -> str:",
    "    if boat.seats >= 8:",
    '        return "8+"',
    "    if boat.seats >= 4:",
    '        return "4x"',
    "    if boat.seats == 2:",
    '        return "2x"',
    '    return "1x"',
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "def hire_quote(boat: Boat, hours: float) -> float:",
    '    """Price of hiring `boat` for `hours` (v1 API)."""',
    "    rate = RATES[_boat_class(boat)]",
    "    if boat.length_m > 12:",
    '        rate = RATES["1x"]',
    "    return round(rate * hours, 2)",
]
_HIRE = [
    '"""Hire prices for members and visitors."""',
    "",
    "from oarlock.models import Boat",
    "",
    "RATES = {",
    '    "1x": 18.0,',
    '    "2x": 24.0,',
    '    "4x": 36.0,',
    '    "8+": 60.0,',
    "}",
    "VISITOR_SURCHARGE = 1.25",
    "",
    "",
    "def rate_for(boat: Boat) -> float:",
    "    # racing shells over 12 m are charged at the sculling rate",
    "    if boat.length_m > 12:",
    '        return RATES["1x"]',
    "    return RATES[boat.boat_class]",
    "",
    "",
    "def quote_hire(boat: Boat, hours: float, member: bool = True) -> float:",
    "    rate = rate_for(boat)",
    "    if not member:",
    "        rate *= VISITOR_SURCHARGE",
    "    return round(rate * hours, 2)",
]
w = World()
w.grep = {
    "quote_hire": [
        {
            "path": "src/oarlock/web/views.py",
            "line": 3,
            "text": "from oarlock.pricing import quote_hire",
        },
        {
            "path": "src/oarlock/web/views.py",
            "line": 88,
            "text": "    price = quote_hire(boat, slot.hours, member=user.is_member)",
        },
        {
            "path": "src/oarlock/pricing/__init__.py",
            "line": 1,
            "text": "from oarlock.pricing.hire import RATES, quote_hire",
        },
        {
            "path": "src/oarlock/pricing/hire.py",
            "line": 21,
            "text": "def quote_hire(boat: Boat, hours: float, member: bool = True) -> float:",
        },
        {
            "path": "tests/test_pricing.py",
            "line": 4,
            "text": "from oarlock.pricing import quote_hire",
        },
    ],
    "hire_quote": [
        {
            "path": "src/oarlock/legacy/__init__.py",
            "line": 1,
            "text": "from oarlock.legacy.quotes import hire_quote  # v1 API",
        },
        {
            "path": "src/oarlock/legacy/quotes.py",
            "line": 31,
            "text": "def hire_quote(boat: Boat, hours: float) -> float:",
        },
    ],
}
w.fail[("search_code", 0)] = (
    "TimeoutError: the search index is being rebuilt; try again in a few seconds"
)
w.files = {
    "src/oarlock/legacy/quotes.py": _source(_LEGACY),
    "src/oarlock/pricing/hire.py": _source(_HIRE),
}
RUNS.append(
    Run(
        "rowing_code_agent_swaps_name",
        "wrong_tool_arguments",
        "Bug #58: eights and coxed fours longer than 12 m are quoted at the single-scull rate. Which file defines quote_hire, the function that must be fixed? Path only.",
        [
            code(
                "I ask code_agent to locate the definition.",
                'loc = code_agent(task="Find the source file that defines the function quote_hire (hire prices by boat), and show the lines that pick the rate.")\nprint(loc)',
            ),
            code(
                "I take the path from the report.",
                'path = loc.split("`")[1]\nprint(path)',
            ),
            code("This is the file to fix.", "final_answer(path)"),
        ],
        [
            call("search_code", pattern="quote_hire"),
            call(
                "search_code",
                "The index timed out. Trying again.",
                bad=True,
                pattern="hire_quote",
            ),
            call("read_file", path="src/oarlock/legacy/quotes.py"),
            answer(
                "The function is defined in `src/oarlock/legacy/quotes.py` (line 31). It picks the rate from the boat class and then, "
                'on lines 34-35, `if boat.length_m > 12: rate = RATES["1x"]`, which applies the single-scull rate to every boat over 12 m.'
            ),
        ],
        [{"type": "exact_match", "value": "src/oarlock/pricing/hire.py"}],
        "code_agent",
        w,
        sub_tools=("search_code", "read_file"),
        sub_name="code_agent",
        note="search for quote_hire times out; the retry searches hire_quote and lands on the legacy v1 function",
    )
)

# 9 goal_deviation, the manager's initial plan: the question asks for the Intermediate final;
# the plan makes it the Open final, the delegation follows it, and the sub-agent (after a dead
# link) reports the Open winner with the other finals in its detail. The manager's first parse
# fails and is fixed.
w = World()
w.search = [
    (
        ("glen ardle",),
        results(
            (
                "Results 2023 - Glen Ardle Shears",
                "https://glenardleshears.co.uk/results-2023",
                "Full results of the 2023 Glen Ardle Shears: Open, Senior, Intermediate, Junior and Blades...",
            ),
            (
                "Rennie takes Glen Ardle Open in record time - Highland Farmer",
                "https://highlandfarmer.example.co.uk/news/2023/07/rennie-glen-ardle",
                "Calum Rennie won the Open final at the Glen Ardle Shears on Saturday, shearing 20 sheep in 17 min 42 s...",
            ),
            (
                "Glen Ardle mart: store lamb prices",
                "https://marts.example.co.uk/glen-ardle/store-lambs",
                "Store lambs sold to £98 at Glen Ardle on Thursday; average 78p/kg up on the month.",
            ),
        ),
    )
]
w.pages["https://highlandfarmer.example.co.uk/news/2023/07/rennie-glen-ardle"] = long_page(
    "Rennie takes Glen Ardle Open in record time",
    "Calum Rennie won the Open final at the Glen Ardle Shears on Saturday 8 July 2023, shearing 20 sheep in 17 min 42 s, "
    "a record for the event. He beat the defending champion, Gavin Mutch, by 31 seconds.\n\n"
    "## Other finals\n\n| Final | Winner | Sheep | Time |\n|---|---|---|---|\n| Open | Calum Rennie | 20 | 17:42 |\n"
    "| Senior | Morag Tait | 12 | 13:05 |\n| Intermediate | Ewan Lockhart | 8 | 10:51 |\n| Junior | Isla Mowat | 5 | 8:37 |\n"
    "| Blades | Hamish Gunn | 4 | 12:20 |\n\n"
    "Over 2,000 spectators came through the gate, and the show's organisers said the 2024 event will add a women's open.",
    5,
).replace("From Wikipedia, the free encyclopedia", "By our farming reporter | Monday 10 July 2023")
RUNS.append(
    Run(
        "shears_plan_takes_open_final",
        "goal_deviation",
        "Who won the Intermediate final at the 2023 Glen Ardle Shears? Give the shearer's full name only.",
        [
            plan(
                "- the 2023 Glen Ardle Shears, a sheep-shearing competition\n- the answer is the winner's full name",
                "1. Ask search_agent who won the Open final, the main title, at the 2023 Glen Ardle Shears.\n2. Return the winner's full name only.",
                bad=True,
            ),
            code(
                "I ask search_agent, following the plan.",
                'report = search_agent(task="Find who won the Open final at the 2023 Glen Ardle Shears. Give the full name.")\nprint(report)',
            ),
            code(
                "I take the winner's name from the report.",
                'winner = report.split("won by ")[1].split(",")[0]\nprint(winner)',
            ),
            code(
                "The report does not use that phrase; its short version says Calum Rennie won the Open final.",
                'winner = "Calum Rennie"\nfinal_answer(winner)',
            ),
        ],
        [
            call("web_search", query="2023 Glen Ardle Shears Open final winner"),
            call("visit_webpage", url="https://glenardleshears.co.uk/results-2023"),
            call(
                "visit_webpage",
                "The results page is not found; the Highland Farmer report should have it.",
                url="https://highlandfarmer.example.co.uk/news/2023/07/rennie-glen-ardle",
            ),
            answer(
                outcome(
                    "Calum Rennie won the Open final at the 2023 Glen Ardle Shears.",
                    "According to Highland Farmer, Calum Rennie won the Open final on Saturday 8 July 2023, shearing 20 sheep in 17 min 42 s "
                    "(an event record) and beating the defending champion Gavin Mutch by 31 s. The other finals: Senior, Morag Tait; "
                    "Intermediate, Ewan Lockhart; Junior, Isla Mowat; Blades, Hamish Gunn.",
                    "The event's own results page (https://glenardleshears.co.uk/results-2023) returned 404.",
                )
            ),
        ],
        [{"type": "exact_match", "value": "Ewan Lockhart"}],
        M,
        w,
        planning=10,
        note="the plan asks for the Open final (Calum Rennie); the Intermediate final was won by Ewan Lockhart",
    )
)

# 10 goal_deviation, a single CodeAgent's middle step (3rd of 4) on the JSON API: after a
# TypeError fixed in the next step, it answers with the month's daily mean from the summary
# (all 30 days, 1,300.9) instead of averaging the weekdays (1,446.35).
_RENTALS = (
    1046,
    965,
    1561,
    1480,
    1399,
    1525,
    1484,
    1100,
    1019,
    1408,
    1014,
    933,
    1579,
    1538,
    947,
    1073,
    1462,
    1588,
    1507,
    1426,
    1592,
    1001,
    920,
    1516,
    1435,
    1561,
    1480,
    1439,
    1055,
    974,
)
_DAYS = []
for _n, _r in enumerate(_RENTALS, start=1):
    _d = datetime.date(2024, 6, _n)
    _DAYS.append(
        {
            "date": _d.isoformat(),
            "weekday": _d.strftime("%a"),
            "rentals": _r,
            "returns": _r - 3 + (_n * 5) % 7,
            "active_bikes": 612 - (_n * 11) % 19,
            "rain_mm": 14.2 if _n == 11 else 9.8 if _n == 12 else round(((_n * 13) % 5) * 0.3, 1),
        }
    )
w = World()
w.api = {
    "/usage/stenbury?month=2024-06": {
        "scheme": "stenbury",
        "scheme_name": "Stenbury Bikes",
        "operator": "Stenbury City Council",
        "month": "2024-06",
        "summary": {
            "rentals_total": sum(_RENTALS),
            "days": len(_RENTALS),
            "daily_mean_rentals": round(sum(_RENTALS) / len(_RENTALS), 1),
            "busiest_day": "2024-06-21",
            "quietest_day": "2024-06-23",
            "stations_active": 84,
            "ebike_share_pct": 38.5,
        },
        "days": _DAYS,
        "notes": "Rentals count trips started; trips under 2 minutes are excluded.",
    }
}
RUNS.append(
    Run(
        "bikeshare_api_all_days_mean",
        "goal_deviation",
        "For the Stenbury bike-share scheme, what was the average number of rentals per weekday (Monday to Friday) in June 2024? Round to the nearest whole number; number only.",
        [
            code(
                "I fetch the June 2024 usage for Stenbury.",
                'data = fetch_json(endpoint="/usage/stenbury?month=2024-06")\nprint(data["summary"])',
            ),
            code(
                "The tool returns a JSON string; I parse it.",
                'import json\ndata = json.loads(fetch_json(endpoint="/usage/stenbury?month=2024-06"))\nprint(data["summary"])\nprint(len(data["days"]), data["days"][:3])',
            ),
            code(
                "The summary already gives the mean daily rentals for June 2024, 1300.9. I round it.",
                'mean_daily = data["summary"]["daily_mean_rentals"]\nprint(round(mean_daily))',
                bad=True,
            ),
            code("1,301 rentals a day on average.", "final_answer(str(round(mean_daily)))"),
        ],
        None,
        [{"type": "exact_match", "value": "1446"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        note="weekday mean 1,446.35 (20 weekdays); the agent returns the all-days mean 1,300.9 from the summary",
    )
)

# 11 wrong_format, the manager's middle code step (2nd of 3): the search agent reads an
# irrelevant tours page, then the harvest diary (early pick 11 September, main harvest 18
# September) and reports the right date; the manager writes it as 18/09/2023.
w = World()
w.search = [
    (
        ("caldbeck hill",),
        results(
            (
                "Visit us - Caldbeck Hill Vineyard",
                "https://caldbeckhill.example.co.uk/visit",
                "Tours and tastings from April to October. Book online; groups of up to 20.",
            ),
            (
                "Harvest diary 2023 - Caldbeck Hill Vineyard",
                "https://caldbeckhill.example.co.uk/blog/harvest-diary-2023",
                "Our 2023 vintage, week by week: the early pick for sparkling, the main harvest, and what went into the press...",
            ),
            (
                "Caldbeck Hill Bacchus 2022 - Yorkshire Wine Shop",
                "https://yorkshirewine.example.co.uk/caldbeck-hill-bacchus-2022",
                "Elderflower and gooseberry, crisp finish. £17.50.",
            ),
        ),
    )
]
w.pages["https://caldbeckhill.example.co.uk/visit"] = _page(
    "Visit us",
    "Tours run Thursday to Sunday from April to October, starting at 11am and 2pm, and last about 90 minutes with a tasting of four wines.\n\n"
    "Parking is free. The vineyard is not suitable for wheelchairs in wet weather. Dogs on leads are welcome.",
)
w.pages["https://caldbeckhill.example.co.uk/blog/harvest-diary-2023"] = _page(
    "Harvest diary 2023",
    "## Week 1\nWe picked the early Pinot Noir for our sparkling base on Monday 11 September - 1.8 tonnes at 9.5% potential alcohol.\n\n"
    "## Week 2\nThe main harvest started on Monday 18 September 2023 with the Bacchus on the top slope, followed by the Solaris on the 20th.\n\n"
    "## Week 3\nRain held us up on 26 and 27 September. The Pinot Noir for still red came in on the 29th.\n\n"
    "## Week 4\nThe last Rondo was picked on Friday 6 October. In total we brought in 38.6 tonnes, our biggest crop so far.",
    6,
)
RUNS.append(
    Run(
        "vineyard_manager_writes_uk_date",
        "wrong_format",
        "On what date did the main 2023 grape harvest begin at Caldbeck Hill Vineyard? Answer in the format YYYY-MM-DD only.",
        [
            code(
                "I ask search_agent for the harvest start date.",
                'report = search_agent(task="Find the date on which the main 2023 grape harvest began at Caldbeck Hill Vineyard.")\nprint(report)',
            ),
            code(
                "The main harvest began on Monday 18 September 2023. I write the date for the answer.",
                'from datetime import date\nstart = date(2023, 9, 18)\nanswer_text = start.strftime("%d/%m/%Y")\nprint(answer_text)',
                bad=True,
            ),
            code("Here is the date.", "final_answer(answer_text)"),
        ],
        [
            call("web_search", query="Caldbeck Hill vineyard 2023 harvest start date"),
            call("visit_webpage", url="https://caldbeckhill.example.co.uk/visit"),
            call(
                "visit_webpage",
                "The visit page has no harvest dates; the harvest diary should.",
                url="https://caldbeckhill.example.co.uk/blog/harvest-diary-2023",
            ),
            answer(
                outcome(
                    "The main 2023 harvest at Caldbeck Hill began on Monday 18 September 2023.",
                    "The vineyard's Harvest diary 2023 says the early Pinot Noir for sparkling base was picked on Monday 11 September, "
                    "and the main harvest started on Monday 18 September 2023 with the Bacchus, followed by the Solaris on the 20th. "
                    "The last Rondo was picked on 6 October; the crop totalled 38.6 tonnes.",
                    "Source: https://caldbeckhill.example.co.uk/blog/harvest-diary-2023",
                )
            ),
        ],
        [
            {"type": "exact_match", "value": "2023-09-18"},
            {"type": "regex", "value": r"^\d{4}-\d{2}-\d{2}$"},
        ],
        M,
        w,
        note="right date reported; the manager formats it %d/%m/%Y",
    )
)


# 12 wrong_format, a single CodeAgent's last step (after an updated plan) on the JSON API: it
# pages the players (sorted by name), averages the ten highest ratings (2,478.6) and answers
# "2479 Elo".
def _players() -> list[dict[str, Any]]:
    names = (
        "Aaltonen, Mikko",
        "Berg, Sofie",
        "Brandt, Jonas",
        "Castellano, Luis",
        "Dahl, Ingrid",
        "Ekström, Nils",
        "Falk, Oskar",
        "Gustafsson, Emil",
        "Haugen, Kari",
        "Holm, Viktor",
        "Iversen, Tor",
        "Jakobsen, Leif",
        "Karlsson, Anna",
        "Kowalski, Piotr",
        "Lind, Maja",
        "Lundqvist, Erik",
        "Madsen, Rasmus",
        "Moreau, Claire",
        "Nieminen, Aino",
        "Nyberg, Henrik",
        "Olsen, Sigrid",
        "Persson, Alva",
        "Quist, Dag",
        "Rask, Jonna",
        "Sandberg, Axel",
        "Solberg, Ida",
        "Strand, Magnus",
        "Svensson, Elsa",
        "Thorsen, Bjørn",
        "Ueland, Siri",
        "Vik, Halvor",
        "Virtanen, Eero",
        "Wallin, Frida",
        "Westergaard, Jens",
        "Yilmaz, Deniz",
        "Zander, Moritz",
        "Åberg, Linnea",
        "Østby, Kjetil",
    )
    ratings = {
        "Brandt, Jonas": 2587,
        "Falk, Oskar": 2455,
        "Haugen, Kari": 2366,
        "Kowalski, Piotr": 2611,
        "Lundqvist, Erik": 2498,
        "Moreau, Claire": 2409,
        "Nyberg, Henrik": 2540,
        "Sandberg, Axel": 2431,
        "Virtanen, Eero": 2512,
        "Westergaard, Jens": 2377,
    }
    titles = {
        2611: "GM",
        2587: "GM",
        2540: "GM",
        2512: "IM",
        2498: "IM",
        2455: "IM",
        2431: "FM",
        2409: "FM",
        2377: "FM",
        2366: "WGM",
    }
    out: list[dict[str, Any]] = []
    for i, name in enumerate(names):
        rating = ratings.get(name, 2350 - (i * 37) % 420)
        out.append(
            {
                "start_no": 0,
                "name": name,
                "fed": ("SWE", "NOR", "FIN", "DEN", "GER", "POL", "FRA", "ESP")[i % 8],
                "title": titles.get(rating),
                "rating": rating,
                "points": [7.0, 6.5, 6.0, 5.5, 5.0, 4.5, 4.0, 3.5, 3.0][(i * 5) % 9],
                "tpr": rating + ((i * 53) % 161) - 80,
            }
        )
    for n, p in enumerate(sorted(out, key=lambda p: -p["rating"]), start=1):
        p["start_no"] = n
    return out


_PLAYERS = _players()
w = World()
w.api = {
    "/tournaments?year=2024&q=varnholm": {
        "query": "varnholm",
        "year": 2024,
        "results": [
            {
                "id": "varnholm-open-2024",
                "name": "Varnholm Open 2024",
                "dates": "2024-07-06/2024-07-14",
                "rounds": 9,
                "players": len(_PLAYERS),
            },
            {
                "id": "varnholm-rapid-2024",
                "name": "Varnholm Rapid 2024",
                "dates": "2024-07-15",
                "rounds": 7,
                "players": 64,
            },
        ],
    },
    "/tournaments/varnholm-open-2024/players?page=1": {
        "tournament": "varnholm-open-2024",
        "page": 1,
        "pages": 2,
        "sort": "name",
        "rating_list": "FIDE standard, July 2024",
        "players": _PLAYERS[:20],
    },
    "/tournaments/varnholm-open-2024/players?page=2": {
        "tournament": "varnholm-open-2024",
        "page": 2,
        "pages": 2,
        "sort": "name",
        "rating_list": "FIDE standard, July 2024",
        "players": _PLAYERS[20:],
    },
}
RUNS.append(
    Run(
        "chess_api_answer_with_unit",
        "wrong_format",
        "What was the average rating of the ten highest-rated players at the 2024 Varnholm Open? Round to the nearest integer; number only.",
        [
            plan(
                "- tournament: Varnholm Open 2024\n- ten highest ratings, averaged and rounded to an integer",
                "1. Find the tournament id with fetch_json.\n2. Fetch every page of players.\n3. Take the ten highest ratings and average them.\n4. Round and return the number only.",
            ),
            code(
                "I look the tournament up.",
                'print(fetch_json(endpoint="/tournaments?year=2024&q=varnholm"))',
            ),
            code(
                "The id is varnholm-open-2024. I fetch the first page of players.",
                'import json\np1 = json.loads(fetch_json(endpoint="/tournaments/varnholm-open-2024/players?page=1"))\nprint(p1["page"], p1["pages"], p1["sort"], len(p1["players"]))\nprint(p1["players"][0])',
            ),
            code(
                "Two pages sorted by name; I take all players and sort by rating.",
                'players = list(p1["players"])\nfor page in range(2, p1["pages"] + 1):\n    players += json.loads(fetch_json(endpoint=f"/tournaments/varnholm-open-2024/players?page={page}"))["players"]\ntop = sorted(players, key=lambda p: p["rating"], reverse=True)[:10]\nfor p in top:\n    print(p["name"], p["rating"])\navg = sum(p["rating"] for p in top) / len(top)\nprint(len(players), avg)',
            ),
            text(
                "## 1. Updated facts survey\n- The Varnholm Open 2024 had 38 players on two pages.\n- The ten highest ratings average 2478.6.\n\n"
                "## 2. Plan\n1. Round the average to the nearest integer.\n2. Give the final answer.\n<end_plan>"
            ),
            code(
                "The average of the ten highest ratings is 2478.6, which rounds to 2479.",
                'final_answer(f"{round(avg)} Elo")',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "2479"}],
        "analyst",
        w,
        manager_tools=("fetch_json",),
        manager_name="analyst",
        planning=3,
        note="right average (2478.6 -> 2479), answered as '2479 Elo'",
    )
)

# 13 premature_final_answer, the search agent's last call (4th, after its plan and a rate
# limit retried): it answers from an August 2023 news snippet ("on course to carry 90,000")
# without opening the annual review in the same results (86,412 journeys).
w = World()
w.search = [
    (
        ("wenning valley",),
        results(
            (
                "Wenning Valley Railway on course for record year - Dales News",
                "https://dalesnews.example.co.uk/2023/08/wenning-valley-record",
                "The heritage line is on course to carry 90,000 passengers this year, its general manager said, after a busy...",
            ),
            (
                "Annual Review 2023 - Wenning Valley Railway",
                "https://wenningvalleyrailway.org.uk/about/annual-review-2023",
                "Passenger journeys, volunteer hours, locomotive overhauls and the accounts for the year to 31 December 2023.",
            ),
            (
                "Timetable and fares - Wenning Valley Railway",
                "https://wenningvalleyrailway.org.uk/timetable",
                "Services run at weekends from March to October and daily in August. Family tickets from £32.",
            ),
        ),
    )
]
w.fail[("web_search", 0)] = "429 Too Many Requests: rate limit exceeded, retry in a moment"
w.pages["https://wenningvalleyrailway.org.uk/about/annual-review-2023"] = _page(
    "Annual Review 2023",
    "## Highlights\n- 86,412 passenger journeys (2022: 79,950), our best year since reopening.\n- 41,300 volunteer hours.\n"
    "- No. 4 'Ingleborough' returned to traffic after a six-year overhaul.\n\n"
    "## Finances\nIncome £1.42m, of which fares £0.96m.",
)
w.pages["https://dalesnews.example.co.uk/2023/08/wenning-valley-record"] = _page(
    "Wenning Valley Railway on course for record year",
    "Published 18 August 2023.\n\nThe heritage line is on course to carry 90,000 passengers this year, its general manager said, "
    "after a busy Easter and a sold-out Gala weekend.",
)
RUNS.append(
    Run(
        "railway_sub_answers_from_snippet",
        "premature_final_answer",
        "How many passenger journeys did the Wenning Valley Railway record in 2023, according to its annual review? Number only.",
        [
            code(
                "I delegate to search_agent.",
                'report = search_agent(task="Find the number of passenger journeys the Wenning Valley Railway recorded in 2023, from its 2023 annual review.")\nprint(report)',
            ),
            code("The railway carried about 90,000 passengers in 2023.", 'final_answer("90000")'),
        ],
        [
            plan(
                "- Wenning Valley Railway, a heritage line\n- year 2023; the source is its annual review",
                "1. Search for the Wenning Valley Railway's 2023 annual review.\n2. Open it and read the number of passenger journeys.\n3. Report the number with its source.",
            ),
            call(
                "web_search", query="Wenning Valley Railway annual review 2023 passenger journeys"
            ),
            call(
                "web_search",
                "Rate limited; I retry.",
                query="Wenning Valley Railway annual review 2023 passenger journeys",
            ),
            answer(
                outcome(
                    "The Wenning Valley Railway carried about 90,000 passengers in 2023.",
                    "The search results give the 2023 figure: the railway was carrying around 90,000 passengers in 2023, a record year for the heritage line.",
                    "Source: Dales News, 'Wenning Valley Railway on course for record year'.",
                ),
                "The Dales News result gives the 2023 passenger figure.",
                bad=True,
            ),
        ],
        [{"type": "exact_match", "value": "86412"}],
        S,
        w,
        sub_planning=5,
        note="the sub-agent answers from a mid-year news snippet (90,000 forecast) without opening the annual review (86,412)",
    )
)

# 14 premature_final_answer, a single CodeAgent's first step (after its plan) on the code
# search: it searches and calls final_answer with the first match in the same code, before
# seeing the matches (the first is docs/api.md; the definition is the third).
w = World()
w.grep = {
    "render_draft": [
        {
            "path": "docs/api.md",
            "line": 58,
            "text": "### render_draft(draft, width=None, colours=True)",
        },
        {
            "path": "examples/twill_sampler.py",
            "line": 9,
            "text": "svg = render_draft(draft, width=640)",
        },
        {
            "path": "src/loomwork/render/draft.py",
            "line": 73,
            "text": "def render_draft(draft: Draft, width: int | None = None, colours: bool = True) -> str:",
        },
        {
            "path": "src/loomwork/__init__.py",
            "line": 4,
            "text": "from loomwork.render.draft import render_draft",
        },
        {
            "path": "tests/test_render.py",
            "line": 112,
            "text": "        render_draft(Draft.from_wif(path))",
        },
    ]
}
w.files = {
    "src/loomwork/render/draft.py": _source(
        [
            '"""SVG drawing of a weaving draft: threading, tie-up, treadling and drawdown."""',
            "",
            "from loomwork.draft import Draft",
            "",
        ]
        + [f"# palette entry {i}" for i in range(60)]
        + [
            "SHAFT_COLOURS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',",
            "                 '#bcbd22', '#17becf', '#393b79', '#637939', '#8c6d31', '#843c39', '#7b4173', '#3182bd']",
            "",
            "",
            "def render_draft(draft: Draft, width: int | None = None, colours: bool = True) -> str:",
            "    cells = []",
            "    for shaft in range(draft.shafts):",
            "        cells.append(SHAFT_COLOURS[shaft] if colours else '#000')",
        ]
    )
}
RUNS.append(
    Run(
        "loom_code_answers_first_match",
        "premature_final_answer",
        "Issue #97: render_draft() raises IndexError for drafts with more than 16 shafts. Which file defines render_draft? Path only.",
        [
            plan(
                "- function: render_draft\n- the fix goes in the file that defines it",
                "1. Search the code for render_draft.\n2. Pick the match that is the definition (def render_draft) and read it.\n3. Answer with its path.",
            ),
            code(
                "I search for render_draft and return the file it is in.",
                'import json\nhits = json.loads(search_code(pattern="render_draft"))\nfinal_answer(hits["matches"][0]["path"])',
                bad=True,
            ),
        ],
        None,
        [{"type": "exact_match", "value": "src/loomwork/render/draft.py"}],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        planning=10,
        note="final_answer in the same code as the search: the first match is docs/api.md",
    )
)

# 15 looping, the search agent: near-identical searches (its 2nd to 5th calls) until its
# max_steps, never opening the hatchery's 2022 report that every result list shows; its forced
# answer says it could not find the figure, and the manager gives up.
w = World()
w.search = [
    (
        ("loch fane",),
        results(
            (
                "Loch Fane Oyster Festival 2024",
                "https://lochfaneoysters.example.com/festival",
                "Shucking competition, live music and the best of Argyll seafood. 24-25 May.",
            ),
            (
                "Annual production report 2022 - Loch Fane Shellfish Hatchery",
                "https://lochfanehatchery.example.org/reports/2022",
                "Broodstock conditioning, larval runs, settlement and spat sales to growers across the west coast in 2022...",
            ),
            (
                "Loch Fane Oyster Bar - reviews",
                "https://reviews.example.com/loch-fane-oyster-bar",
                "Fresh rock oysters and a view of the loch. 4.6 stars from 2,311 reviews.",
            ),
        ),
    )
]
w.pages["https://lochfanehatchery.example.org/reports/2022"] = _page(
    "Annual production report 2022",
    "In 2022 the hatchery supplied 4.6 million Pacific oyster spat to 23 growers (2021: 3.9 million to 19 growers). "
    "Native oyster spat for restoration projects: 310,000.",
)
RUNS.append(
    Run(
        "hatchery_sub_search_loop",
        "looping",
        "How many million oyster spat did the Loch Fane Shellfish Hatchery supply to growers in 2022? Number only.",
        [
            code(
                "I ask search_agent.",
                'report = search_agent(task="Find how many oyster spat (in millions) the Loch Fane Shellfish Hatchery supplied to growers in 2022.")\nprint(report)',
            ),
            code(
                "The search agent could not find the figure.",
                'final_answer("The figure could not be found.")',
            ),
        ],
        [
            call("web_search", query="Loch Fane Shellfish Hatchery oyster spat supplied 2022"),
            call(
                "web_search",
                "The snippets do not give the number. Let me refine the search.",
                bad=True,
                query="Loch Fane hatchery oyster spat supplied to growers 2022 million",
            ),
            call(
                "web_search",
                "Still no figure in the results; I try other words.",
                query="Loch Fane Shellfish Hatchery 2022 spat sales million",
            ),
            call("web_search", query="Loch Fane hatchery spat 2022 growers"),
            call(
                "web_search",
                query="Loch Fane Shellfish Hatchery oyster seed 2022 millions supplied",
            ),
            text(
                "I could not find the number of oyster spat the Loch Fane Shellfish Hatchery supplied in 2022. The search results list an "
                "annual production report for 2022, but none of the snippets gives the figure."
            ),
        ],
        [
            {"type": "exact_match", "value": "4.6"},
            {"type": "tool_called", "tool": "web_search", "max": 3},
        ],
        S,
        w,
        sub_max_steps=5,
        note="five near-identical searches until max_steps; the report page is never visited",
    )
)

# 16 looping, a single CodeAgent on the code search: it reads the schedules file, then reads it
# again and again (steps 3 to 5) until max_steps; its forced answer gives no figure.
_SCHEDULES = (
    [
        '"""Firing schedules: segments of (ramp in °C per hour, target °C, hold in minutes)."""',
        "",
        "from dataclasses import dataclass",
        "",
        "",
        "@dataclass(frozen=True)",
        "class Segment:",
        "    ramp_c_per_h: int",
        "    target_c: int",
        "    hold_min: int = 0",
        "",
        "",
        "@dataclass(frozen=True)",
        "class Schedule:",
        "    name: str",
        "    segments: tuple[Segment, ...]",
        "    max_ramp_c_per_h: int",
        "",
        "",
        "SCHEDULES = {",
        '    "bisque_slow": Schedule("bisque_slow", (Segment(60, 600), Segment(100, 1000, 10)), max_ramp_c_per_h=100),',
        '    "bisque_fast": Schedule("bisque_fast", (Segment(120, 600), Segment(200, 1000, 10)), max_ramp_c_per_h=200),',
        '    "cone6_glaze": Schedule("cone6_glaze", (Segment(100, 600), Segment(150, 1200), Segment(60, 1222, 15)), max_ramp_c_per_h=150),',
        '    "cone10_glaze": Schedule("cone10_glaze", (Segment(110, 600), Segment(250, 1260), Segment(60, 1300, 20)), max_ramp_c_per_h=250),',
        '    "crystal": Schedule("crystal", (Segment(150, 1260), Segment(-300, 1080, 240)), max_ramp_c_per_h=300),',
        "}",
        "",
    ]
    + [f"# schedule notes {i}: see docs/firing.md" for i in range(30)]
    + [
        "",
        'DEFAULT_SCHEDULE = "cone6_glaze"',
        "",
        "",
        "def get_schedule(name: str | None = None) -> Schedule:",
        "    return SCHEDULES[name or DEFAULT_SCHEDULE]",
    ]
)
w = World()
w.grep = {
    "max_ramp": [
        {"path": "src/kilnctl/schedules.py", "line": 17, "text": "    max_ramp_c_per_h: int"},
        {"path": "src/kilnctl/schedules.py", "line": 21, "text": _SCHEDULES[20]},
        {"path": "src/kilnctl/schedules.py", "line": 22, "text": _SCHEDULES[21]},
        {"path": "src/kilnctl/schedules.py", "line": 23, "text": _SCHEDULES[22]},
        {"path": "src/kilnctl/schedules.py", "line": 24, "text": _SCHEDULES[23]},
        {"path": "src/kilnctl/schedules.py", "line": 25, "text": _SCHEDULES[24]},
        {
            "path": "src/kilnctl/controller.py",
            "line": 64,
            "text": "        if ramp > self.schedule.max_ramp_c_per_h:",
        },
    ]
}
w.files = {"src/kilnctl/schedules.py": _source(_SCHEDULES)}
RUNS.append(
    Run(
        "kiln_code_rereads_schedules",
        "looping",
        "Issue #12: the kiln overshoots during glaze firings. What is the maximum ramp rate, in °C per hour, of kilnctl's default firing schedule? Number only.",
        [
            code("I search for the ramp limit.", 'print(search_code(pattern="max_ramp"))'),
            code(
                "The limits are in schedules.py; I read the file.",
                'print(read_file(path="src/kilnctl/schedules.py"))',
            ),
            code(
                "Let me read the schedules file again to see which schedule is the default and its ramp limit.",
                'print(read_file(path="src/kilnctl/schedules.py"))',
                bad=True,
            ),
            code(
                "I read the file once more, looking at the default schedule.",
                'content = read_file(path="src/kilnctl/schedules.py")\nprint(content)',
            ),
            code(
                "I check the schedules file again for the default.",
                'print(read_file(path="src/kilnctl/schedules.py"))',
            ),
            text(
                "I could not determine the maximum ramp rate of the default firing schedule from src/kilnctl/schedules.py within the steps available."
            ),
        ],
        None,
        [
            {"type": "exact_match", "value": "150"},
            {"type": "tool_called", "tool": "read_file", "max": 2},
        ],
        "coder",
        w,
        manager_tools=("search_code", "read_file"),
        manager_name="coder",
        max_steps=5,
        note="the same file read four times until max_steps; default cone6_glaze has max_ramp_c_per_h=150",
    )
)
